/* Loaded in <head>: mark that JavaScript runs, before the page paints. */
document.documentElement.classList.add("js");

/* The new-competition form: only the chosen format's options are shown (without JavaScript
   they are all shown, each group under its format's name). */
document.addEventListener("DOMContentLoaded", function () {
  var radios = document.querySelectorAll('input[name="format"]');
  var groups = document.querySelectorAll("fieldset[data-format]");
  if (!radios.length || !groups.length) return;
  function show() {
    var chosen = document.querySelector('input[name="format"]:checked');
    groups.forEach(function (group) {
      group.hidden = Boolean(chosen) && group.dataset.format !== chosen.value;
    });
  }
  radios.forEach(function (radio) { radio.addEventListener("change", show); });
  show();
});

/* The same form: the stages' fields are shown once stages are chosen, hidden for one stage
   (without JavaScript they are all shown). */
document.addEventListener("DOMContentLoaded", function () {
  var radios = document.querySelectorAll('input[name="stages"]');
  var fields = document.querySelector("[data-stage-fields]");
  if (!radios.length || !fields) return;
  function show() {
    var chosen = document.querySelector('input[name="stages"]:checked');
    fields.hidden = !chosen || chosen.value === "";
  }
  radios.forEach(function (radio) { radio.addEventListener("change", show); });
  show();
});

/* After htmx puts new content in.
   When the focused control went with the old content (a button of a form the answer replaced),
   the focus goes to what the answer says (a refusal, an error, the message), else to the new
   content itself, rather than being lost to the page (a keyboard user would start again from
   the top, a screen reader say nothing); the focus has it read.
   Otherwise, a live region the answer replaced (a new element is not announced by every screen
   reader) has its new words said in the regions of the page that were there before (base.html),
   once: words that were there before the swap (a poll bringing the same) are not said again. A
   region the swap keeps (an innerHTML swap into it, or one around the target) speaks itself. */
(function () {
  var LIVE = '[aria-live], [role="alert"], [role="status"]';
  var ASSERTIVE = '[role="alert"], [aria-live="assertive"]';
  var pending = null;

  function liveIn(root) {
    var found = Array.prototype.slice.call(root.querySelectorAll(LIVE));
    if (root.matches(LIVE)) found.unshift(root);
    return found.filter(function (el) { return el.getAttribute("aria-live") !== "off"; });
  }
  function words(el) { return el.textContent.replace(/\s+/g, " ").trim(); }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target) { pending = null; return; }
    var active = document.activeElement;
    var swapper = event.detail.elt && event.detail.elt.closest("[hx-swap]");
    var style = ((swapper && swapper.getAttribute("hx-swap")) || "innerHTML").split(" ")[0];
    var kept = Boolean(target.parentElement && target.parentElement.closest(LIVE))
      || (style === "innerHTML" && target.matches(LIVE));
    pending = {
      id: target.id,
      lost: Boolean(active && active !== document.body && target.contains(active)),
      kept: kept,
      before: liveIn(target).map(words),
    };
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var swap = pending;
    if (!swap) return;
    pending = null;
    var root = event.detail.elt;
    if (!root || !root.isConnected) root = swap.id && document.getElementById(swap.id);
    if (!root) return;
    var active = document.activeElement;
    if (swap.lost && !(active && active !== document.body && active.isConnected)) {
      var goal = root.querySelector('[role="alert"]') || root.querySelector(".messages")
        || root.querySelector('[role="status"]') || root;
      if (!goal.matches("a[href], button, input, select, textarea, [tabindex]")) {
        goal.setAttribute("tabindex", "-1");
      }
      goal.focus();
      return;
    }
    if (swap.kept) return;
    var said = { polite: [], assertive: [] };
    liveIn(root).forEach(function (el) {
      var text = words(el);
      if (!text || swap.before.indexOf(text) !== -1) return;
      if (el.parentElement && el.parentElement.closest(LIVE) && root.contains(el.parentElement.closest(LIVE))) return;
      said[el.matches(ASSERTIVE) ? "assertive" : "polite"].push(text);
    });
    ["polite", "assertive"].forEach(function (kind) {
      var region = document.getElementById("announce-" + kind);
      if (!region || !said[kind].length) return;
      region.textContent = "";
      setTimeout(function () { region.textContent = said[kind].join(" "); }, 50);
    });
  });
})();
