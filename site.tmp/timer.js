// The solving timer: runs while a puzzle is played, pauses on demand (and while the page is hidden),
// restarts with each new puzzle. It only counts; the page decides when a puzzle is new.

export function createTimer(face, button) {
  let spent = 0;                 // ms counted before the current run
  let since = null;              // when the current run began, or null when paused
  let paused = false;            // paused by the player (the page being hidden pauses too)
  let tick = 0;

  const now = () => spent + (since === null ? 0 : performance.now() - since);
  const text = (ms) => {
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600);
    const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
    return `${h ? `${h}:` : ""}${mm}:${String(s % 60).padStart(2, "0")}`;
  };
  function draw() {
    face.textContent = text(now());
    button.textContent = paused ? "Resume" : "Pause";
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
  const running = () => !paused && !document.hidden;
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
      run(running());
    },
    elapsed: now,
    isPaused: () => paused,
  };
}
