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
