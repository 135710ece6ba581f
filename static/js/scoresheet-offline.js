/* The scoresheet at a table with a poor connection.

   Every hand entered is first kept on the phone (localStorage, one queue per game), with a key
   made here for that entry, then sent in the order entered, one at a time. A hand whose answer
   does not come back stays in the queue and is sent again with the same key: the server answers
   a key it has seen with the hand it entered, so each hand is saved once. The queue waits while
   there is no connection (sent again when it is back), while the sign-in has expired (sent after
   signing in again), and at a hand the server refused (corrected in the form, or discarded by the
   player) or found entered differently from the other phone (the player chooses). The box above
   the sheet says what waits and what was sent.

   The service worker (/sw.js) keeps a copy of the sheet's page, so that it loads offline. */
(function () {
  "use strict";

  var PREFIX = "gin-league:hands:";
  var blocked = "";  // "", "offline", "signin", "error": why the queue is not being sent
  var sending = false;
  var sentNow = [];  // the hands that waited and were sent since this page was opened

  /* The page's words in its language (league/games/sheet_words.py), English without them. */
  var WORDS = (function () {
    var node = document.getElementById("sheet-words");
    try { return node ? JSON.parse(node.textContent) : {}; } catch (e) { return {}; }
  })();
  var ENGLISH = {
    notSent: ["%(count)s hand not sent yet", "%(count)s hands not sent yet"],
    keptOffline: ["kept on this phone, sent when the connection is back.",
      "kept on this phone, sent when the connection is back."],
    kept: ["kept on this phone.", "kept on this phone."],
    handLine: "Hand %(number)s: %(summary)s",
    sent: "Sent: %(hands)s, saved on the sheet.",
    hands: ["hand %(numbers)s", "hands %(numbers)s"],
    listAnd: "%(items)s and %(last)s",
    refused: "Hand %(number)s was refused: correct it in the form below and enter it again, " +
      "or discard it. The hands after it wait.",
    discard: "Discard hand %(number)s",
    confirmDiscard: "Discard hand %(number)s (%(summary)s)? It was not saved.",
    conflict: "Hand %(number)s was entered differently from the other phone: choose below. " +
      "The hands after it wait.",
    expired: "Your sign-in has expired.",
    signInAgain: "Sign in again",
    thenSent: "and they are sent.",
    serverError: "The server did not take them just now; they are sent again shortly.",
    sendNow: "Send now",
    handHeading: "Hand %(number)s",
    enterHand: "Enter hand %(number)s",
    noWinner: "no winner",
    noOutcome: "no outcome",
    points: ["%(count)s point", "%(count)s points"],
    deadwood: "deadwood %(knocker)s against %(defender)s",
    fromCards: "points from the cards"
  };
  var plurals = null;
  try { plurals = new Intl.PluralRules(WORDS.lang || "en"); } catch (e) { plurals = null; }

  /* say("handLine", {number: 3, summary: "…"}); a plural's form is chosen by params.count. */
  function say(key, params) {
    var text = WORDS[key] || ENGLISH[key];
    params = params || {};
    if (Array.isArray(text)) {
      var one = plurals ? plurals.select(Number(params.count)) === "one" : Number(params.count) === 1;
      text = text[one ? 0 : 1];
    }
    return text.replace(/%\((\w+)\)s/g, function (all, name) {
      return name in params ? String(params[name]) : all;
    });
  }

  function sheet() { return document.getElementById("scoresheet"); }
  function box() { return document.getElementById("sheet-queue"); }
  function storeKey() { var s = sheet(); return s ? PREFIX + s.dataset.game : ""; }

  function load() {
    try { return JSON.parse(localStorage.getItem(storeKey())) || []; } catch (e) { return []; }
  }
  function save(queue) {
    if (queue.length) localStorage.setItem(storeKey(), JSON.stringify(queue));
    else localStorage.removeItem(storeKey());
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"] || "";
    } catch (e) { return ""; }
  }

  /* The hand as the form says it: "José, knock, 12 points". */
  function summary(form) {
    function chosen(name) {
      var input = form.querySelector('input[name="' + name + '"]:checked');
      var label = input && input.closest("label");
      return label ? label.textContent.trim() : "";
    }
    var how = chosen("outcome"), who = chosen("winner");
    var points = form.elements.points ? form.elements.points.value.trim() : "";
    var dead = form.querySelector('input[name="outcome"][value="dead_hand"]:checked');
    if (dead) return how;
    // German writes its nouns (the outcomes) with a capital letter; the others lower them here.
    if (how && !/^de\b/.test(WORDS.lang || "")) how = how.toLowerCase();
    var words = [who || say("noWinner"), how || say("noOutcome")];
    var knocker = form.elements.knocker_deadwood ? form.elements.knocker_deadwood.value.trim() : "";
    var defender = form.elements.defender_deadwood ? form.elements.defender_deadwood.value.trim() : "";
    if (points) words.push(say("points", { count: points }));
    else if (knocker && defender) words.push(say("deadwood", { knocker: knocker, defender: defender }));
    else words.push(say("fromCards"));
    return words.join(", ");
  }

  function fieldsOf(form, key) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "entry_key" && name !== "csrfmiddlewaretoken") fields.push([name, value]);
    });
    fields.push(["entry_key", key]);
    return fields;
  }

  /* The number the next hand entered here will have: after the sheet's and the waiting ones. */
  function nextNumber(queue) {
    var next = Number(sheet().dataset.next);
    queue.forEach(function (entry) {
      if (entry.state !== "conflict") next = Math.max(next, entry.number + 1);
    });
    return next;
  }

  /* The form shows the next hand after the waiting ones; not while it shows a refused hand,
     nor while it is being filled in (that hand is entered as the number it was shown as, and
     compared with the other phone's entry of it). */
  function renumberForm(queue) {
    var form = document.querySelector("form.hand-form");
    if (!form || form.dataset.dirty || (queue[0] && queue[0].state === "refused")) return;
    var next = nextNumber(queue);
    if (Number(form.elements.expected_number.value) === next) return;
    form.elements.expected_number.value = next;
    var heading = form.querySelector("h2");
    if (heading) {
      heading.firstChild.textContent = say("handHeading", { number: next }) + " ";
      var dealer = heading.querySelector("span");
      if (dealer) dealer.textContent = "";  // who deals is the server's to say
    }
    var button = form.querySelector('button[type="submit"]');
    if (button) button.textContent = say("enterHand", { number: next });
  }

  function clearForm(form) {
    form.querySelectorAll("input").forEach(function (input) {
      if (input.type === "radio" || input.type === "checkbox") input.checked = false;
      else if (input.type !== "hidden") input.value = "";
    });
    form.querySelectorAll(".errorlist").forEach(function (list) { list.remove(); });
    delete form.dataset.dirty;
  }

  function words(numbers) {
    var names = numbers.map(String);
    var list = names.length === 1 ? names[0] :
      say("listAnd", { items: names.slice(0, -1).join(", "), last: names[names.length - 1] });
    return say("hands", { count: names.length, numbers: list });
  }

  function element(tag, text, className) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function button(text, action) {
    var node = element("button", text, "button secondary");
    node.type = "button";
    node.addEventListener("click", action);
    return node;
  }

  /* The box above the sheet: what waits on this phone, why, and what was sent. */
  function render() {
    var target = box();
    if (!target || !sheet()) return;
    var queue = load();
    renumberForm(queue);
    target.textContent = "";
    target.classList.toggle("all-sent", !queue.length);
    if (!queue.length && !sentNow.length) { target.hidden = true; return; }
    target.hidden = false;
    if (queue.length) {
      var lead = element("p");
      lead.appendChild(element("strong", say("notSent", { count: queue.length })));
      lead.appendChild(document.createTextNode(
        ": " + say(blocked === "offline" ? "keptOffline" : "kept", { count: queue.length })));
      target.appendChild(lead);
      var list = element("ol");
      queue.forEach(function (entry) {
        list.appendChild(element("li", say("handLine", { number: entry.number, summary: entry.summary })));
      });
      target.appendChild(list);
      explain(target, queue[0]);
    }
    if (sentNow.length) {
      target.appendChild(element("p", say("sent", { hands: words(sentNow) }), "sent"));
    }
  }

  function explain(target, head) {
    var actions = element("div", "", "queue-actions");
    if (head.state === "refused") {
      target.appendChild(element("p", say("refused", { number: head.number })));
      actions.appendChild(button(say("discard", { number: head.number }), function () {
        if (!window.confirm(say("confirmDiscard", { number: head.number, summary: head.summary }))) return;
        drop(head.key);
        flush();
      }));
    } else if (head.state === "conflict") {
      target.appendChild(element("p", say("conflict", { number: head.number })));
    } else if (blocked === "signin") {
      var note = element("p", say("expired") + " ");
      var link = element("a", say("signInAgain"));
      link.href = "/accounts/login/?next=" + encodeURIComponent(location.pathname);
      note.appendChild(link);
      note.appendChild(document.createTextNode(" " + say("thenSent")));
      target.appendChild(note);
    } else if (blocked === "error") {
      target.appendChild(element("p", say("serverError")));
    }
    if (blocked === "offline" || blocked === "error") {
      actions.appendChild(button(say("sendNow"), function () { blocked = ""; flush(); }));
    }
    if (actions.childNodes.length) target.appendChild(actions);
  }

  function drop(key) {
    save(load().filter(function (entry) { return entry.key !== key; }));
  }

  function mark(key, state) {
    var queue = load();
    queue.forEach(function (entry) { if (entry.key === key) entry.state = state; });
    save(queue);
  }

  /* Put the server's sheet (the `scoresheet` partial) in place. */
  function swapSheet(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var fresh = template.content.querySelector("#scoresheet");
    var old = sheet();
    if (!fresh || !old) return false;
    if (window.ginSheet && window.ginSheet.keepMessages(old, fresh)) html = template.innerHTML;
    if (window.htmx) {
      window.htmx.swap(old, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
    } else {
      old.replaceWith(fresh);
    }
    return true;
  }

  /* Send the queue, oldest first, one hand at a time. */
  function flush() {
    if (sending || !sheet()) return;
    var queue = load();
    var head = queue[0];
    if (!head || head.state === "refused" || head.state === "conflict") { render(); return; }
    if (navigator.onLine === false) {
      blocked = "offline";
      queue.forEach(function (entry) { entry.waited = true; });
      save(queue);
      render();
      return;
    }
    var form = document.querySelector("form.hand-form");
    var action = head.action || (form && form.action);
    var body = new URLSearchParams();
    head.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.append("csrfmiddlewaretoken", csrfToken());
    sending = true;
    document.documentElement.dataset.sheetSending = "1";
    fetch(action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "HX-Request": "true", "X-CSRFToken": csrfToken() }
    }).then(function (response) {
      return response.text().then(function (html) { answered(head, response, html); });
    }).catch(function () {
      sending = false;
      delete document.documentElement.dataset.sheetSending;
      blocked = "offline";
      mark(head.key, "");
      var waiting = load();
      waiting.forEach(function (entry) { entry.waited = true; });
      save(waiting);
      render();
    });
  }

  function answered(head, response, html) {
    sending = false;
    delete document.documentElement.dataset.sheetSending;
    var toSignIn = response.headers.get("HX-Redirect") || response.headers.get("HX-Location");
    if (toSignIn || (response.status === 403 && html.indexOf('id="scoresheet"') < 0)) {
      blocked = "signin";  // kept until the player signs in again and comes back here
      render();
      return;
    }
    if (response.ok) {
      blocked = "";
      drop(head.key);
      if (head.waited) sentNow.push(head.number);
      swapSheet(html);
      render();
      flush();
      return;
    }
    if (response.status === 422 || response.status === 403) {
      blocked = "";
      mark(head.key, html.indexOf("entry-conflict") >= 0 ? "conflict" : "refused");
      swapSheet(html);
      render();
      return;
    }
    blocked = "error";
    render();
  }

  /* A hand entered: into the queue, then the queue is sent. */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form.hand-form")) return;
    // "Check" asks the server how the engine scores the hand: nothing is entered, nothing queued.
    if (event.submitter && event.submitter.name === "check") return;
    event.preventDefault();
    event.stopPropagation();  // the queue sends it, not htmx
    var queue = load();
    var entry = {
      key: newKey(), number: Number(form.elements.expected_number.value),
      fields: fieldsOf(form, ""), summary: summary(form), action: form.action, state: ""
    };
    entry.fields = fieldsOf(form, entry.key);
    var head = queue[0];
    if (head && head.state === "refused" && head.number === entry.number) queue[0] = entry;
    else queue.push(entry);
    save(queue);
    clearForm(form);
    flush();
    render();
  }, true);

  /* The conflict's choices: the entry kept here is dropped, the sheet reloads (or flags). */
  document.addEventListener("click", function (event) {
    var keep = event.target.closest && event.target.closest("[data-keep-saved]");
    if (keep) dropConflict();
  });
  document.addEventListener("submit", function (event) {
    if (event.target.matches && event.target.matches("form[data-flag-conflict]")) dropConflict();
  });
  function dropConflict() {
    var head = load()[0];
    if (head && head.state === "conflict") drop(head.key);
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form.hand-form");
    if (form) form.dataset.dirty = "1";
  });

  /* The other phone's hands put in place (scoresheet-live.js): the form follows the queue. */
  document.addEventListener("sheet:merged", render);

  /* The page and its files kept for offline (the service worker serves the copy). */
  function keepForOffline() {
    if (!("serviceWorker" in navigator) || !window.caches) return;
    var first = !navigator.serviceWorker.controller;  // else the worker kept this load itself
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      if (!first) return null;
      var urls = [location.pathname];
      document.querySelectorAll("script[src], link[rel=stylesheet]").forEach(function (node) {
        var url = new URL(node.src || node.href, location.href);
        if (url.origin === location.origin) urls.push(url.pathname);
      });
      return caches.open("gin-league-sheets-v1").then(function (cache) { return cache.addAll(urls); });
    }).then(function () {
      document.documentElement.dataset.offlineReady = "1";
    }).catch(function () { /* without it the sheet still works online */ });
  }

  window.addEventListener("online", function () { blocked = ""; flush(); });
  window.addEventListener("offline", function () { blocked = "offline"; render(); });
  setInterval(function () { if (load().length && blocked !== "signin") flush(); }, 10000);

  document.addEventListener("DOMContentLoaded", function () {
    if (!sheet()) return;
    // At a new load every waiting hand is sent again: a refusal or a conflict is shown anew.
    var queue = load();
    queue.forEach(function (entry) { entry.state = ""; entry.waited = true; });
    save(queue);
    render();
    flush();
    if (location.protocol === "https:" || location.hostname === "localhost" ||
        location.hostname === "127.0.0.1") keepForOffline();
  });
})();
