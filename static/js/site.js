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

/* After htmx puts new content in: when the focused control went with the old content (a
   button of a form the answer replaced), the focus goes to what the answer says (a refusal, an
   error, the message), else to the new content itself, rather than being lost to the page
   (a keyboard user would start again from the top, a screen reader say nothing). A swap that
   leaves the focus where it was (a poll, a filter typed in) moves nothing. */
(function () {
  var lost = false;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var active = document.activeElement;
    var target = event.detail.target;
    lost = Boolean(active && active !== document.body && target && target.contains(active));
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!lost) return;
    var active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    lost = false;
    var target = event.detail.elt;
    if (!target || !target.isConnected) target = document.getElementById((event.detail.target || {}).id);
    if (!target) return;
    var goal = target.querySelector('[role="alert"]') || target.querySelector(".messages")
      || target.querySelector('[role="status"]') || target;
    if (!goal.matches("a[href], button, input, select, textarea, [tabindex]")) {
      goal.setAttribute("tabindex", "-1");
    }
    goal.focus();
  });
})();
