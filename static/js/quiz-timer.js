/* An exam's timer (templates/quiz/_timer.html): counts the server's seconds down as m:ss and, at
   0:00, sends the page's form marked data-autosubmit (the current answer, or Review and submit)
   with op=timeup, so the exam ends even if the taker is away. The server decides what counts
   (services.quizzes.GRACE); without JavaScript it submits on the first request after the time. */
(function () {
  "use strict";

  function start() {
    var clock = document.querySelector("[data-seconds-left]");
    if (!clock) { return; }
    var end = Date.now() + 1000 * parseInt(clock.getAttribute("data-seconds-left"), 10);
    function tick() {
      var left = Math.max(0, Math.round((end - Date.now()) / 1000));
      clock.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (left > 0) { window.setTimeout(tick, Math.min(1000, end - Date.now())); } else { timeUp(); }
    }
    tick();
  }

  function timeUp() {
    var status = document.querySelector("[data-time-up]");
    if (status) { status.textContent = status.getAttribute("data-time-up"); }
    var form = document.querySelector("form[data-autosubmit]");
    if (!form || form.getAttribute("data-sent")) { return; }
    form.setAttribute("data-sent", "1");
    var op = document.createElement("input");
    op.type = "hidden"; op.name = "op"; op.value = "timeup";
    form.appendChild(op);
    form.submit();  // no validation: an unanswered question must not stop it
  }

  document.addEventListener("DOMContentLoaded", start);
})();
