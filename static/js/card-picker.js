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
  /* By keyboard the picker is one stop of Tab: the arrows move between its cards (left and right
     along a suit, up and down to the same rank of the next suit; Home and End to a suit's ends),
     Space or Enter toggles the card. */
  function roving(picker) {
    var cards = picker.querySelectorAll("[data-card]");
    if (!picker.querySelector('[data-card][tabindex="0"]')) {
      cards.forEach(function (b, i) { b.tabIndex = i === 0 ? 0 : -1; });
    }
  }
  function moveTo(from, to) {
    if (!to) return;
    from.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  }
  document.addEventListener("keydown", function (e) {
    var b = e.target.closest && e.target.closest(".card-picker [data-card]");
    if (!b) return;
    var row = b.parentElement, inRow = Array.prototype.indexOf.call(row.children, b);
    var rows = Array.prototype.slice.call(b.closest(".card-picker").querySelectorAll(".suit-row"));
    var at = rows.indexOf(row), to = null;
    if (e.key === "ArrowRight") to = b.nextElementSibling || (rows[at + 1] && rows[at + 1].firstElementChild);
    else if (e.key === "ArrowLeft") to = b.previousElementSibling || (rows[at - 1] && rows[at - 1].lastElementChild);
    else if (e.key === "ArrowDown") to = rows[at + 1] && rows[at + 1].children[inRow];
    else if (e.key === "ArrowUp") to = rows[at - 1] && rows[at - 1].children[inRow];
    else if (e.key === "Home") to = row.firstElementChild;
    else if (e.key === "End") to = row.lastElementChild;
    else return;
    e.preventDefault();
    moveTo(b, to);
  });
  function syncAll() {
    document.querySelectorAll(".card-picker").forEach(function (picker) { roving(picker); sync(picker); });
  }
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
