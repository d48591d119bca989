/* Chronicle game page: follow the game live (Server-Sent Events, polling when the stream is
   unavailable), send the CSRF token with htmx requests, and show the timeline slider's value.
   No inline script anywhere: the page's Content-Security-Policy forbids it. */
(function () {
  "use strict";
  var source = null;
  var timer = null;

  function main() { return document.getElementById("main"); }

  function known() {
    var m = main();
    return m && m.dataset.version ? parseInt(m.dataset.version, 10) : 0;
  }

  function refresh() {
    var m = main();
    if (m && m.dataset.refresh && window.htmx) {
      window.htmx.ajax("GET", m.dataset.refresh, {target: "#main", swap: "outerHTML"});
    }
  }

  function onMessage(event) {
    try {
      if (JSON.parse(event.data).version > known()) { refresh(); }
    } catch (err) { /* a message without a version: nothing to do */ }
  }

  function poll() {
    var m = main();
    if (!m || !m.dataset.summary) { return; }
    fetch(m.dataset.summary, {headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json(); })
      .then(function (summary) { if (summary.version > known()) { refresh(); } })
      .catch(function () { /* try again at the next tick */ });
  }

  function startPolling() { if (!timer) { timer = window.setInterval(poll, 3000); } }

  function stopPolling() { if (timer) { window.clearInterval(timer); timer = null; } }

  function follow() {
    var m = main();
    if (!m || !m.dataset.stream || source) { return; }
    if (!window.EventSource) { startPolling(); return; }
    source = new EventSource(m.dataset.stream);
    source.addEventListener("snapshot", onMessage);
    source.addEventListener("version", onMessage);
    source.addEventListener("finished", function (event) { onMessage(event); source.close(); });
    source.onopen = stopPolling;
    source.onerror = startPolling;  /* the browser reconnects by itself; poll meanwhile */
  }

  document.addEventListener("DOMContentLoaded", follow);

  document.addEventListener("htmx:configRequest", function (event) {
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (meta) { event.detail.headers["X-CSRF-Token"] = meta.content; }
  });

  document.addEventListener("input", function (event) {
    if (event.target.id === "version" && event.target.form) {
      var out = event.target.form.querySelector("output");
      if (out) { out.textContent = event.target.value; }
    }
  });
}());
