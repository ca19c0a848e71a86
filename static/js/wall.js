// The wall's "Full screen" button (classroom/projector.html): shown only where the browser can
// put the page full screen; without JavaScript the wall works in a window as it is.
(function () {
  "use strict";
  const button = document.getElementById("fullscreen");
  if (!button || !document.fullscreenEnabled) return;
  button.hidden = false;
  button.addEventListener("click", function () {
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(function () {});
  });
  // Full screen, the button would sit over the wall: Esc leaves (the browser says so).
  document.addEventListener("fullscreenchange", function () {
    button.hidden = Boolean(document.fullscreenElement);
  });
})();

// A safety net, not the layout: the wall's type is sized to fit a step at 1280×720 and 1024×768
// (class.css). A step longer than that would make the wall scroll, which nobody at the back of
// the room can do: the type then shrinks, a pixel at a time, until the step fits (or 16 px),
// again after each refresh htmx swaps in: at once in the swap's own task (so the room never sees
// a scroll bar flash for the settle delay), and once more when htmx has settled it.
(function () {
  "use strict";
  const root = document.documentElement;
  function fit() {
    root.style.removeProperty("font-size");
    let size = parseFloat(getComputedStyle(root).fontSize);
    while (root.scrollHeight > window.innerHeight && size > 16) {
      size -= 1;
      root.style.fontSize = size + "px";
    }
  }
  fit();
  window.addEventListener("resize", fit);
  document.body.addEventListener("htmx:afterSwap", fit);
  document.body.addEventListener("htmx:afterSettle", fit);
})();
