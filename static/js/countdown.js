// A game's countdown (templates/classroom/_game.html): each [data-seconds-left] counts the
// server's seconds down and says "Time's up" at 0. The server decides when answers close
// (services.classes.time_up); a refresh (the wall's and host's polls, a phone's answer) brings
// a new element with the server's seconds again, so a slow clock never drifts far.
(function () {
  "use strict";
  var started = new WeakSet();

  function run(clock) {
    var end = Date.now() + 1000 * parseInt(clock.getAttribute("data-seconds-left"), 10);
    var number = clock.querySelector(".countdown-n");
    if (!number) return;
    function tick() {
      if (!clock.isConnected) return;  // swapped out: its successor counts
      var left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      if (left > 0) {
        number.textContent = String(left);
        window.setTimeout(tick, Math.min(1000, end - Date.now() - 1000 * (left - 1)));
      } else {
        clock.textContent = clock.getAttribute("data-time-up");
        clock.classList.add("up");
      }
    }
    tick();
  }

  // Each new clock once (other swaps on the page, such as the wall's and host's polls, leave it be).
  function start() {
    document.querySelectorAll("[data-seconds-left]").forEach(function (clock) {
      if (started.has(clock)) return;
      started.add(clock);
      run(clock);
    });
  }

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:afterSettle", start);
  document.addEventListener("htmx:oobAfterSwap", start);
})();
