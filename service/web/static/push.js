/* "Notify this browser": register the service worker, ask for permission, subscribe with the
   server's VAPID key and send the subscription to the button's data-push-url (a game's seat,
   or the signed-in account), with the page's CSRF token. Its sentences are the button's data
   attributes (data-no-push, data-not-allowed, data-notified, data-refused), written by the page
   in the reader's language; the English here is only a fallback. */
(function () {
  "use strict";

  function b64ToBytes(text) {
    var pad = "=".repeat((4 - text.length % 4) % 4);
    var raw = window.atob((text + pad).replace(/-/g, "+").replace(/_/g, "/"));
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { out[i] = raw.charCodeAt(i); }
    return out;
  }

  function say(button, text) {
    var out = document.getElementById(button.getAttribute("aria-describedby") || "push-status");
    if (out) { out.textContent = text; }
  }

  function subscribe(button) {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
      say(button, button.dataset.noPush || "This browser cannot receive push notices."); return;
    }
    var csrf = document.querySelector('meta[name="csrf-token"]');
    Promise.all([
      navigator.serviceWorker.register("/sw.js", {scope: "/"}).then(function () { return navigator.serviceWorker.ready; }),
      window.Notification.requestPermission(),
      fetch("/api/v1/push/key").then(function (r) { return r.json(); })
    ]).then(function (got) {
      if (got[1] !== "granted") { throw new Error(button.dataset.notAllowed || "Notices are not allowed for this site in this browser."); }
      return got[0].pushManager.subscribe({userVisibleOnly: true, applicationServerKey: b64ToBytes(got[2].public_key)});
    }).then(function (subscription) {
      return fetch(button.dataset.pushUrl, {
        method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf ? csrf.content : ""},
        body: JSON.stringify(subscription)
      });
    }).then(function (r) {
      return r.json().then(function (body) {
        say(button, r.ok ? (button.dataset.notified || "This browser will be notified.")
          : (body.detail || button.dataset.refused || "The subscription was refused."));
      });
    }).catch(function (err) { say(button, err.message || String(err)); });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-push-url]");
    if (button) { event.preventDefault(); subscribe(button); }
  });
})();
