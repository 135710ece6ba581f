// The organizer's desk polls its tables: it sends the version it shows (If-None-Match) and
// keeps what it has when the answer is 304 (nothing changed), or while a field of one of its
// forms has the focus (the next poll brings the change).
(function () {
  document.addEventListener("htmx:configRequest", function (event) {
    var desk = event.detail.elt;
    if (desk && desk.id === "desk" && desk.dataset.version) {
      event.detail.headers["If-None-Match"] = '"desk-' + desk.dataset.version + '"';
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var desk = event.detail.elt;
    if (!desk || desk.id !== "desk") return;
    var busy = desk.contains(document.activeElement) && document.activeElement.form;
    var open = desk.querySelector("details[open]");
    if (event.detail.xhr.status === 304 || busy || open) {
      event.detail.shouldSwap = false;
      event.detail.isError = false;
    }
  });
})();
