// Playing in the page: the mode switch (edit the puzzle, or play it), the timer and the options
// (highlight the same value, mark mistakes as you go). The editor holds the play layer itself
// (web/editor/playing.js); this module only sets it off. The link with the player's progress is
// share.js's.
import { createTimer } from "../timer.js";
import { resetSolved, showSolved } from "./solved.js";
import { setStatus } from "./status.js";
import { $, on, page, plural } from "./store.js";

const MISTAKES_MS = 600;          // entries settle this long before they are checked as you go
const OPTIONS = "gridlogic:play-options";

let mistakesTimer = 0;

export function setupPlay() {
  page.timer = createTimer($("timer"), $("timer-pause"));
  let options = {};
  try {
    options = JSON.parse(localStorage.getItem(OPTIONS)) || {};
  } catch (err) {
    options = {};
  }
  $("opt-same").checked = options.same !== false;
  $("opt-mistakes").checked = !!options.mistakes;
  const keep = () => {
    try {
      localStorage.setItem(OPTIONS, JSON.stringify({ same: $("opt-same").checked, mistakes: $("opt-mistakes").checked }));
    } catch (err) { /* storage disabled: the options last this visit */ }
  };
  $("opt-same").addEventListener("change", () => {
    keep();
    page.editor.setHighlightSame($("opt-same").checked);
  });
  $("opt-mistakes").addEventListener("change", () => {
    keep();
    if ($("opt-mistakes").checked) markMistakes();
    else page.editor.clearMarks();
  });
  $("mode-play").addEventListener("click", () => setMode("play"));
  $("mode-edit").addEventListener("click", () => setMode("edit"));
  on("puzzle-changed", entriesChanged);
}

function setMode(mode) {
  page.editor.setMode(mode);
  drawMode();
  page.editor.focus();
}

// A new puzzle: play mode where the kind is played by hand, the timer from zero.
export function startPlay() {
  resetSolved();
  page.daily = null;
  if (page.editor.canPlay()) page.editor.setMode("play");
  page.timer.restart(0);
  drawMode();
}

export function drawMode() {
  const mode = page.editor.mode();
  const can = page.editor.canPlay();
  for (const m of ["play", "edit"]) $(`mode-${m}`).setAttribute("aria-pressed", String(mode === m));
  $("mode-play").disabled = !can;
  $("play-tools").hidden = !can;
  $("play-options").hidden = !can;
  document.body.dataset.mode = mode;
  page.editor.setHighlightSame($("opt-same").checked);
}

// After an entry: with "mark mistakes as I go", the entries no solution keeps are marked once the
// entries settle (the engine's `progress`; nothing else is revealed).
function entriesChanged() {
  clearTimeout(mistakesTimer);
  if (!$("opt-mistakes").checked || !page.editor || page.running) return;
  mistakesTimer = setTimeout(markMistakes, MISTAKES_MS);
}

async function markMistakes() {
  if (!page.engine || !page.engine.ready || page.running || !page.editor.entries().length) return;
  const key = page.editor.playKey();
  const request = { op: "progress", kind: page.info.key, rules: [...page.rules], state: page.editor.givenState(),
                    entries: page.editor.entries(), budget_ms: 5000 };
  let response;
  try {
    response = await page.engine.request(request);
  } catch (err) {
    return;
  }
  if (!response.ok || key !== page.editor.playKey() || page.running) return;
  if (response.result.solved) showSolved();
  const wrong = response.result.wrong || [];
  page.editor.mark(wrong.map(([r, c]) => ({ r, c })));
  if (wrong.length) setStatus(`${plural(wrong.length, "mistake")} (marked)`, "bad");
}
