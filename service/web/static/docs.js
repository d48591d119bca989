/* The API documentation pages without inline script (the Content-Security-Policy forbids it).
   Swagger UI: started here. ReDoc: its bundle draws a "Redocly" logo from another host; images
   of another host are pointed at this site's icon instead, so the page makes no request to
   another host (and breaks no policy). */
(function () {
  "use strict";
  var box = document.getElementById("api-docs");
  if (!box) { return; }
  var local = box.dataset.logo;

  function own(url) {
    try { return new URL(url, location.href).origin === location.origin; } catch (e) { return true; }
  }
  var srcProp = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  Object.defineProperty(HTMLImageElement.prototype, "src", {
    configurable: true, enumerable: srcProp.enumerable, get: srcProp.get,
    set: function (value) { srcProp.set.call(this, own(value) ? value : local); }
  });
  var setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (this instanceof HTMLImageElement && String(name).toLowerCase() === "src" && !own(value)) {
      value = local;
    }
    return setAttribute.call(this, name, value);
  };

  if (box.dataset.kind === "swagger") {
    window.addEventListener("load", function () {
      window.ui = window.SwaggerUIBundle({url: box.dataset.spec, dom_id: "#api-docs",
        presets: [window.SwaggerUIBundle.presets.apis, window.SwaggerUIStandalonePreset],
        layout: "BaseLayout"});
    });
  } else {
    var redoc = document.createElement("redoc");
    redoc.setAttribute("spec-url", box.dataset.spec);
    redoc.setAttribute("lazy-rendering", "");
    box.appendChild(redoc);
  }
}());
