// The venue screen goes on to its other view (the pairings, the standings) by itself after a
// while; without JavaScript the page's meta refresh does the same.
(function () {
  function next() {
    var body = document.body;
    var seconds = parseInt(body.dataset.seconds, 10) || 20;
    window.setTimeout(function () {
      window.location.replace(body.dataset.next);
    }, seconds * 1000);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", next);
  } else {
    next();
  }
})();
