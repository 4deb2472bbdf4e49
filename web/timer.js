// The solving timer: runs while a puzzle is played, pauses on demand (and while the page is hidden),
// stops for good when the puzzle is solved (`finish`), restarts with each new puzzle. It only counts;
// the page decides when a puzzle is new or solved.

// A time as the clock shows it: 4:05, 1:02:09.
export function clockText(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
  return `${h ? `${h}:` : ""}${mm}:${String(s % 60).padStart(2, "0")}`;
}

export function createTimer(face, button) {
  let spent = 0;                 // ms counted before the current run
  let since = null;              // when the current run began, or null when paused
  let paused = false;            // paused by the player (the page being hidden pauses too)
  let finished = false;          // stopped at the time the puzzle was solved
  let tick = 0;

  const now = () => spent + (since === null ? 0 : performance.now() - since);
  const text = clockText;
  function draw() {
    face.textContent = text(now());
    button.textContent = paused ? "Resume" : "Pause";
    button.disabled = finished;
    face.dataset.finished = finished ? "1" : "";
    button.setAttribute("aria-label", paused ? "Resume the timer" : "Pause the timer");
    button.setAttribute("aria-pressed", String(paused));
    face.dataset.paused = paused ? "1" : "";
    face.title = paused ? "paused" : "";
  }
  function run(on) {
    if (on && since === null) since = performance.now();
    if (!on && since !== null) {
      spent += performance.now() - since;
      since = null;
    }
    clearInterval(tick);
    if (on) tick = setInterval(draw, 500);
    draw();
  }
  const running = () => !paused && !finished && !document.hidden;
  document.addEventListener("visibilitychange", () => run(running()));
  button.addEventListener("click", () => {
    paused = !paused;
    run(running());
  });
  return {
    restart(ms = 0) {
      spent = ms;
      since = null;
      paused = false;
      finished = false;
      run(running());
    },
    // The puzzle is solved: the clock stops (at `ms`, when given) until the next restart.
    finish(ms = null) {
      finished = true;
      run(false);
      if (ms !== null) spent = ms;
      draw();
    },
    isFinished: () => finished,
    elapsed: now,
    isPaused: () => paused,
  };
}
