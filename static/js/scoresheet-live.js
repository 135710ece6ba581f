/* Two phones, one scoresheet: every few seconds the sheet is asked for again (the hidden
   .sheet-poll element, htmx, answered 304 Not Modified when nothing moved) and the new one put in
   place, so each phone sees the other's hands without a reload. A form being filled in, or
   showing a refusal, is kept as it is, and so is a conflict waiting for the player's choice. */
(function () {
  "use strict";

  /* The poll: the sheet as it is now, put in place around a form being filled in and a
     conflict being decided. */
  document.addEventListener("htmx:afterRequest", function (event) {
    var poll = event.detail.elt;
    if (!poll.classList || !poll.classList.contains("sheet-poll")) return;
    var xhr = event.detail.xhr;
    if (!xhr || xhr.status !== 200 || document.documentElement.dataset.sheetSending) return;
    merge(xhr.responseText);
  });

  function merge(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var fresh = template.content.querySelector("#scoresheet");
    var old = document.getElementById("scoresheet");
    if (!fresh || !old) return;
    if (keepMessages(old, fresh)) html = template.innerHTML;
    var oldForm = old.querySelector("form.hand-form");
    var newForm = fresh.querySelector("form.hand-form");
    var keepForm = oldForm && newForm && (oldForm.dataset.dirty || oldForm.querySelector(".errorlist"));
    var conflict = old.querySelector(".entry-conflict");
    if (keepForm || conflict) {
      // The kept form is the very element being filled in, moved into the new sheet.
      if (keepForm) newForm.replaceWith(oldForm);
      if (conflict && !fresh.querySelector(".entry-conflict")) {
        var before = fresh.querySelector("form.hand-form") || fresh.querySelector("section");
        if (before) before.parentNode.insertBefore(conflict, before);
      }
      old.replaceWith(fresh);
      if (window.htmx) window.htmx.process(fresh);
    } else if (window.htmx) {
      window.htmx.swap(old, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
    } else {
      old.replaceWith(fresh);
    }
    document.dispatchEvent(new CustomEvent("sheet:merged"));
  }

  /* The message of the reader's last action ("Hand 3 entered", "Waiting for Dot to agree")
     stays on the sheet put in place, unless the new sheet brings its own: a sheet swapped in
     seconds after the page loaded must not take away what the reader was just told. */
  function keepMessages(old, fresh) {
    var shown = old.querySelector("ul.messages");
    if (!shown || fresh.querySelector("ul.messages")) return false;
    fresh.insertBefore(shown.parentNode.cloneNode(true), fresh.firstChild);
    return true;
  }
  window.ginSheet = { keepMessages: keepMessages };

})();
