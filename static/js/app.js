/* Trample Trainer: the little the page does in the browser. Everything also works without it.
   - keep a damage slider's number, aria-valuetext and "left to assign" in step while dragging
   - never let one attacker's sliders add up to more than the damage it assigns
   - -/+ steppers move the slider in place (without JS they are submit buttons)
   - "Copy link"; keep opened <details> open across editor re-renders, and an edit made while the
     last one's answer is on its way
   - the language switcher follows the address htmx pushes (a sandbox board): switching keeps it
   - damage placed on the board's cards: a tap or a dragged counter moves the matching slider
   - tell Learn the clock's offset from UTC, so Today's boards and the streak follow the learner's day */
(function () {
  "use strict";

  document.cookie = "tz=" + (-new Date().getTimezoneOffset()) + "; path=/learn; max-age=31536000; samesite=lax";

  function slidersOf(attacker) {
    return document.querySelectorAll('input.dmg[data-attacker="' + CSS.escape(attacker) + '"]');
  }

  function update(input) {
    var panel = input.closest("[data-assigns]");
    var assigns = panel ? parseInt(panel.getAttribute("data-assigns"), 10) : parseInt(input.max, 10);
    var others = 0;
    slidersOf(input.getAttribute("data-attacker")).forEach(function (el) {
      if (el !== input) { others += parseInt(el.value, 10) || 0; }
    });
    var value = parseInt(input.value, 10) || 0;
    if (value > assigns - others) { value = Math.max(0, assigns - others); input.value = value; }

    var out = document.getElementById("out-" + input.id.slice(4));
    if (out) { out.textContent = value; }
    var text = input.getAttribute("data-vt");
    if (input.hasAttribute("data-lethal")) {
      text = value >= parseInt(input.getAttribute("data-lethal"), 10)
        ? input.getAttribute("data-vt-lethal") : input.getAttribute("data-vt-short");
    }
    if (text) { input.setAttribute("aria-valuetext", text.replace("{n}", value)); }
    var left = document.querySelector('[data-left-for="' + CSS.escape(input.getAttribute("data-attacker")) + '"]');
    if (left) { left.textContent = assigns - others - value; }
  }

  // Capture phase: runs before htmx reads the form, so the request carries the clamped value.
  document.addEventListener("input", function (event) {
    var el = event.target;
    if (el.matches && el.matches("input.dmg")) { update(el); sync(); }
  }, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.step");
    if (button) {
      var input = document.getElementById(button.getAttribute("data-for"));
      if (!input) { return; }
      event.preventDefault();
      var value = (parseInt(input.value, 10) || 0) + parseInt(button.getAttribute("data-step"), 10);
      input.value = Math.min(parseInt(input.max, 10), Math.max(0, value));
      input.dispatchEvent(new Event("input", { bubbles: true }));
      return;
    }
    var copy = event.target.closest && event.target.closest("button.copy");
    if (copy) { copyLink(copy); }
  }, true);

  function copyLink(button) {
    var field = document.getElementById(button.getAttribute("data-copy"));
    var status = document.getElementById("copied");
    if (!field) { return; }
    function done() { if (status) { status.textContent = button.getAttribute("data-done"); } }
    function fallback() { field.select(); try { document.execCommand("copy"); done(); } catch (e) { /* selected for manual copy */ } }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, fallback);
    } else {
      fallback();
    }
  }

  // An editor change re-renders the workspace; keep open whatever the user had opened, and keep
  // the focus where it was. htmx gives the focus back to the field with the same id, but before
  // this reopens the <details> around it, so a keyboard user who had tabbed on to the next field
  // would find the focus gone and their typing lost.
  var openDetails = [], focusedId = null;
  document.addEventListener("htmx:beforeSwap", function () {
    openDetails = Array.prototype.map.call(document.querySelectorAll("details[open][id]"), function (d) { return d.id; });
    var active = document.activeElement;
    focusedId = active && active !== document.body ? active.id || null : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    openDetails.forEach(function (id) { var d = document.getElementById(id); if (d) { d.open = true; } });
    var lost = !document.activeElement || document.activeElement === document.body;
    var field = focusedId && document.getElementById(focusedId);
    if (lost && field) {
      field.focus({ preventScroll: true });
      // A number field has no caret to restore; the user has typed nothing in it since the post
      // (else this answer would not be swapped in), so select it as Tab does: typing replaces it.
      if (field.type === "number") { field.select(); }
    }
  });

  // The sandbox's editor redraws the workspace from the form it posted. A change made while that
  // post is on its way (a slow network) would be overwritten by its answer; the change's own
  // post, queued or dropped by htmx meanwhile, would then send the overwritten form. So an answer
  // to a form that no longer holds what was sent is not swapped in, and the form is sent again
  // as it is now (unless htmx is already sending it).
  var editorSent = null, editorResend = null;
  function editorState(form) { return new URLSearchParams(new FormData(form)).toString(); }
  function editorOf(detail) {
    var elt = detail.requestConfig ? detail.requestConfig.elt : detail.elt;
    return elt && elt.id === "sandbox" ? elt : null;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = editorOf(event.detail);
    if (form) { editorSent = editorState(form); }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = editorOf(event.detail);
    if (form && editorSent !== null && editorState(form) !== editorSent) {
      event.detail.shouldSwap = false;
      editorResend = form;
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = editorResend;
    if (!form || editorOf(event.detail) !== form) { return; }
    editorResend = null;
    setTimeout(function () {  // after htmx has sent what it queued, if anything
      if (!form.classList.contains("htmx-request")) { htmx.trigger(form, "submit"); }
    }, 0);
  });

  // A region that refreshes by itself (the host's room, every 2 s) keeps what was chosen in its
  // lists (select[data-keep-choice]), and is not redrawn under a list that has the focus (it may
  // be open): the next refresh after the focus moves on draws it.
  var chosen = {};
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var active = document.activeElement;
    chosen = {};
    if (!target || !target.querySelectorAll) { return; }
    if (active && active.matches && active.matches("select[data-keep-choice]") && target.contains(active)) {
      event.detail.shouldSwap = false;
      return;
    }
    target.querySelectorAll("select[data-keep-choice][id]").forEach(function (s) { chosen[s.id] = s.value; });
  });
  document.addEventListener("htmx:afterSwap", function () {
    Object.keys(chosen).forEach(function (id) {
      var list = document.getElementById(id);
      var value = chosen[id];
      if (list && value && Array.prototype.some.call(list.options, function (o) { return o.value === value; })) {
        list.value = value;
      }
    });
    chosen = {};
  });

  // "Deal the damage": take the reader to the outcome that was just swapped in (its heading).
  document.addEventListener("htmx:afterSwap", function (event) {
    var region = event.detail.target;
    var heading = region && region.hasAttribute("data-focus-on-swap") ? region.querySelector("h2[tabindex]") : null;
    if (heading) { heading.focus(); }
  });

  /* A class's phone follows the host (classroom/play.html): its poll ([data-follow]) gets the
     new screen when the host moves, which htmx swaps in. The reader hears where the class went
     (#class-news), and focus that was on the old screen goes to the new one's heading. While the
     server can't be reached the poll says "Reconnecting…" (a banner), until it answers again. */
  var followed = null;
  function follower(event) {
    var elt = event.detail && event.detail.elt;
    return elt && elt.hasAttribute && elt.hasAttribute("data-follow") ? elt : null;
  }
  function lost(poll, isLost) {
    if (poll.classList.contains("is-offline") === isLost) { return; }
    if (isLost) { poll.setAttribute("data-online", poll.textContent); }
    poll.textContent = isLost ? poll.getAttribute("data-offline") : poll.getAttribute("data-online");
    poll.classList.toggle("is-offline", isLost);
    poll.classList.toggle("vh", !isLost);
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    var poll = follower(event), xhr = event.detail.xhr;
    if (!poll) { return; }
    if (event.detail.successful) { lost(poll, false); }
    else if (!xhr || xhr.status === 0 || xhr.status >= 500) { lost(poll, true); }
  });
  ["htmx:sendError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (event) { var poll = follower(event); if (poll) { lost(poll, true); } });
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (follower(event) && target && target.id === "class-screen") {
      followed = { focus: target.contains(document.activeElement) };
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    var screen = followed && document.getElementById("class-screen");
    if (!screen) { return; }
    var news = document.getElementById("class-news"), heading = screen.querySelector("h1");
    if (news && heading) {
      var step = screen.querySelector(".phone-bar .bar-step") || screen.querySelector("h2");
      news.textContent = heading.textContent.trim() + (step ? " · " + step.textContent.trim() : "");
    }
    if (followed.focus && heading) { heading.focus(); }
    followed = null;
  });

  function reveal(root) {
    (root || document).querySelectorAll("button.copy[hidden]").forEach(function (b) { b.hidden = false; });
  }
  document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  document.addEventListener("htmx:afterSettle", function () { reveal(document); });

  function relinkLanguages() {
    document.querySelectorAll(".langs a[hreflang]").forEach(function (a) {
      var url = new URL(window.location.href);
      url.searchParams.set("lang", a.getAttribute("hreflang"));
      a.setAttribute("href", url.pathname + url.search);
    });
  }
  document.addEventListener("htmx:pushedIntoHistory", relinkLanguages);
  document.addEventListener("htmx:replacedInHistory", relinkLanguages);
  /* Damage placed on the cards. A board drawn above sliders (data-place-* words on it) gets, on
     each card an attacker's slider points at, a button over the card that adds 1 (a real button:
     focusable and labelled), a "−" once it has damage and a badge with the slider's value, and on
     the attacker's card a counter to drag onto them. Every move is the slider's own: its value
     and the events it fires, so the same live check answers; sliders and steppers stay the
     keyboard, screen-reader and no-JavaScript path. A move that can't be made says why. */
  var placed = [];

  function fill(text, map) { return text.replace(/\{(\w+)\}/g, function (m, k) { return k in map ? map[k] : m; }); }
  function add(tag, cls, parent, text) {
    var el = document.createElement(tag);
    el.className = cls;
    if (text) { el.textContent = text; }
    parent.appendChild(el);
    return el;
  }
  function nameOf(card) {
    var name = card.querySelector(".card-name").cloneNode(true);
    name.querySelectorAll("[aria-hidden]").forEach(function (x) { x.remove(); });
    return name.textContent.trim();
  }
  function assignsOf(input) { return parseInt(input.closest("[data-assigns]").getAttribute("data-assigns"), 10); }
  function leftOf(input) {
    var used = 0;
    slidersOf(input.getAttribute("data-attacker")).forEach(function (el) { used += parseInt(el.value, 10) || 0; });
    return assignsOf(input) - used;
  }

  function enhance(board) {
    if (board.hasAttribute("data-placing")) { return; }
    board.setAttribute("data-placing", "");
    var words = board.dataset, scope = board.parentElement, say;
    while (scope && !scope.querySelector("input.dmg")) { scope = scope.parentElement; }
    if (!scope) { return; }
    board.querySelectorAll(".combat").forEach(function (lane) {
      var attCard = lane.querySelector(".card-attacker"), att = attCard.getAttribute("data-card");
      var source = nameOf(attCard), first = null;
      lane.querySelectorAll(".card-blocker, .lane-target .card").forEach(function (card) {
        var input = scope.querySelector('input.dmg[name="' + CSS.escape("dmg:" + att + ":" + card.getAttribute("data-card")) + '"]');
        if (!input) { return; }
        if (!say) {  // the hint, then the polite live region that says why a move can't be made
          say = document.createElement("p");
          say.className = "place-msg";
          say.setAttribute("role", "status");
          board.after(add("p", "place-hint hint", document.createDocumentFragment(), words.placeHint), say);
        }
        var names = { source: source, target: nameOf(card) };
        var entry = { card: card, input: input, lane: lane, names: names, words: words, say: say };
        card.classList.add("is-target");
        var plus = add("button", "place-add", card);
        plus.type = "button";
        plus.setAttribute("aria-label", fill(words.placeAdd, names));
        plus.addEventListener("click", function () { place(entry, 1); });
        var bar = add("span", "place-bar", card);
        entry.badge = add("span", "place-badge", bar);
        entry.badge.setAttribute("aria-hidden", "true");
        entry.take = add("button", "place-take", bar, "−");
        entry.take.type = "button";
        entry.take.setAttribute("aria-label", fill(words.placeTake, names));
        entry.take.addEventListener("click", function () { place(entry, -1); });
        if (!first) {
          first = entry;
          entry.token = add("span", "place-token", attCard);
          entry.token.setAttribute("aria-hidden", "true");
          entry.token.addEventListener("pointerdown", function (event) { drag(entry, event); });
        }
        placed.push(entry);
      });
    });
    sync();
  }

  function sync() {
    placed = placed.filter(function (e) { return e.card.isConnected && e.input.isConnected; });
    placed.forEach(function (e) {
      var value = parseInt(e.input.value, 10) || 0;
      e.badge.textContent = value;
      e.badge.hidden = value === 0;
      e.take.hidden = value === 0 || e.input.disabled;  // a locked slider's damage can't be taken back
      if (e.token) { e.token.textContent = fill(e.words.placeToken, { n: leftOf(e.input) }); }
    });
  }

  function spent(e) { return fill(e.words.placeSpent, { source: e.names.source, n: assignsOf(e.input) }); }

  function place(e, step) {
    var input = e.input, value = parseInt(input.value, 10) || 0, why = "";
    if (input.disabled) { why = fill(e.words.placeLocked, e.names); }
    else if (step > 0 && leftOf(input) <= 0) { why = spent(e); }
    else if (step > 0 && value >= parseInt(input.max, 10)) { why = fill(e.words.placeMax, { target: e.names.target, n: input.max }); }
    e.say.textContent = why;
    if (why || value + step < 0) { return; }
    input.value = value + step;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // Drag the attacker's counter (mouse, pen or touch) and drop it on a card of its lane: +1 there.
  function drag(from, event) {
    if (event.button > 0) { return; }  // a right or middle press is not a drag
    event.preventDefault();
    if (leftOf(from.input) <= 0) { from.say.textContent = spent(from); return; }
    var token = from.token, ghost = add("span", "place-ghost", document.body, "1"), over = null;
    token.setPointerCapture(event.pointerId);
    function target(ev) {
      var hit = document.elementFromPoint(ev.clientX, ev.clientY), card = hit && hit.closest(".card");
      return placed.filter(function (e) { return e.card === card && e.lane === from.lane; })[0] || null;
    }
    function move(ev) {
      ghost.style.left = ev.clientX + "px";
      ghost.style.top = ev.clientY + "px";
      var now = target(ev);
      if (over) { over.card.classList.remove("is-over"); }
      over = now;
      if (over) { over.card.classList.add("is-over"); }
    }
    function end(ev) {
      token.removeEventListener("pointermove", move);
      token.removeEventListener("pointerup", end);
      token.removeEventListener("pointercancel", end);
      ghost.remove();
      if (over) { over.card.classList.remove("is-over"); }
      if (ev.type !== "pointerup") { return; }
      var hit = target(ev);
      if (hit) { place(hit, 1); } else { from.say.textContent = fill(from.words.placeMiss, from.names); }
    }
    move(event);
    token.addEventListener("pointermove", move);
    token.addEventListener("pointerup", end);
    token.addEventListener("pointercancel", end);
  }

  function enhanceAll() { document.querySelectorAll("ol.board[data-place-add]").forEach(enhance); sync(); }
  document.addEventListener("DOMContentLoaded", enhanceAll);
  document.addEventListener("htmx:afterSettle", enhanceAll);
})();
