/* The card picker: each toggle adds or removes its card in the text input named by data-for. */
(function () {
  function tokens(input) {
    return input.value.toUpperCase().split(/[\s,]+/).filter(Boolean).map(function (t) {
      return t.replace(/^T(?=[CDHS]$)/, "10").replace(/^1(?=[CDHS]$)/, "A");
    });
  }
  function sync(picker) {
    var have = tokens(document.getElementById(picker.dataset.for));
    picker.querySelectorAll("[data-card]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(have.indexOf(b.dataset.card) >= 0));
    });
    // The count in the page's language: data-one / data-other, "{n}" standing for the number.
    var one = have.length === 1, lang = document.documentElement.lang || "en";
    try { one = new Intl.PluralRules(lang).select(have.length) === "one"; } catch (e) { /* n === 1 */ }
    var words = (one ? picker.dataset.one : picker.dataset.other) || (one ? "{n} card" : "{n} cards");
    picker.querySelector("output").textContent = words.replace("{n}", have.length);
  }
  function syncAll() { document.querySelectorAll(".card-picker").forEach(sync); }
  document.addEventListener("click", function (e) {
    var b = e.target.closest(".card-picker [data-card]");
    if (!b) return;
    var picker = b.closest(".card-picker"), input = document.getElementById(picker.dataset.for);
    var have = tokens(input), i = have.indexOf(b.dataset.card);
    if (i >= 0) have.splice(i, 1); else have.push(b.dataset.card);
    input.value = have.join(" ");
    sync(picker);
    // What listens to the field's changes (the hand's preview, a ruling's text) hears the pick.
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("input", syncAll);
  document.addEventListener("htmx:afterSettle", syncAll);
  syncAll();
})();
