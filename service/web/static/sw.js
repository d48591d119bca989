/* Chronicle's service worker (served at /sw.js): shows a push notice (your turn, an undo
   request, a chat message, the game's end) and opens the game when it is tapped. The notice's
   id is its tag, so a notice sent again replaces the one on the screen instead of doubling it.
   It caches nothing: every page is always fetched from the server. */
"use strict";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("push", function (event) {
  var notice = {title: "Chronicle", body: "", url: "/", tag: undefined};
  try { notice = Object.assign(notice, event.data ? event.data.json() : {}); } catch (err) {
    notice.body = event.data ? event.data.text() : "";
  }
  event.waitUntil(self.registration.showNotification(notice.title, {
    body: notice.body,
    tag: notice.tag,
    data: {url: notice.url || "/"},
    icon: "/static/web/favicon.svg"
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (url.origin !== self.location.origin) { url = new URL("/", self.location.origin); }
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (list) {
    for (var i = 0; i < list.length; i++) {
      if (list[i].url === url.href && "focus" in list[i]) { return list[i].focus(); }
    }
    return self.clients.openWindow(url.href);
  }));
});
