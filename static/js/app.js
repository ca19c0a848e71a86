/* Trample Trainer: the little the page does in the browser. Everything also works without it.
   - keep a damage slider's number, aria-valuetext and "left to assign" in step while dragging
   - never let one attacker's sliders add up to more than the damage it assigns
   - -/+ steppers move the slider in place (without JS they are submit buttons)
   - "Copy link"; keep opened <details> open across editor re-renders
   - the language switcher follows the address htmx pushes (a sandbox board): switching keeps it */
(function () {
  "use strict";

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
    if (el.matches && el.matches("input.dmg")) { update(el); }
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

  // An editor change re-renders the workspace; keep open whatever the user had opened.
  var openDetails = [];
  document.addEventListener("htmx:beforeSwap", function () {
    openDetails = Array.prototype.map.call(document.querySelectorAll("details[open][id]"), function (d) { return d.id; });
  });
  document.addEventListener("htmx:afterSwap", function () {
    openDetails.forEach(function (id) { var d = document.getElementById(id); if (d) { d.open = true; } });
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
})();
