/* The service worker: the scoresheets a phone has opened load again without a connection.

   Pages under /games/ and the site's static files are fetched from the network first, and a
   copy is kept; without a connection the copy kept is served. Nothing else is touched: every
   other page, every htmx request (its partial) and every POST goes to the network as usual.
   The hands entered offline wait in the page's storage (scoresheet-offline.js), not here. */
"use strict";

var CACHE = "gin-league-sheets-v1";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("gin-league-sheets-") === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function kept(request) {
  if (request.method !== "GET" || request.headers.get("HX-Request")) return false;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  return /^\/games\/\d+\/$/.test(url.pathname) || url.pathname.indexOf("/static/") === 0;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (!kept(request)) return;
  event.respondWith(
    fetch(request).then(function (response) {
      if (response.ok && !response.redirected) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request.url, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(request.url, { ignoreVary: true }).then(function (copy) {
        return copy || Response.error();
      });
    })
  );
});
