// What an edit of the puzzle (its clues, its rules, the user's entries) sets off: a request of the
// old puzzle is stopped, every view hears `puzzle-changed` (the answer and help drawn for the old
// puzzle go, the address and the save follow), and once edits settle the engine checks the puzzle.
// `changed()` is the one path every edit takes: the editor's, a rule's (`rules-edited`), a load's.
import { showText } from "./export.js";
import { knownRules } from "./rules.js";
import { stop } from "./solving.js";
import { setStatus } from "./status.js";
import { $, CHECK_MS, emit, on, page, puzzleKey } from "./store.js";

export function changed({ keepStatus = false } = {}) {
  if (!page.editor) return;
  const key = puzzleKey();
  if (page.running && !page.running.anyPuzzle && page.running.key !== key) {     // a new puzzle being made goes on
    stop("stopped: the puzzle changed while it was being solved", { oldPuzzle: true });
    keepStatus = true;
  }
  emit("puzzle-changed", { key });
  scheduleCheck();
  if (!keepStatus && !page.running) {
    setStatus(page.engine && page.engine.ready ? "ready" : "editing (the engine is still loading)");
    $("elapsed").textContent = "";
  }
}

// Once edits settle and the engine is ready, `parse` checks the puzzle: its error is marked where
// it is (the status says what), the text box shows the puzzle's text, and the board it reads to
// gives the editor its variant drawing. Every load ends in `changed()`, so a load is drawn too.
function scheduleCheck() {
  clearTimeout(page.checkTimer);
  page.checkTimer = setTimeout(check, CHECK_MS);
}

async function check() {
  if (!page.engine || !page.engine.ready || page.running) return;
  const key = puzzleKey();
  const known = knownRules();
  let response;
  try {
    response = await page.engine.request({ op: "parse", kind: page.info.key, state: page.editor.getState(),
                                      rules: [...page.rules].filter((r) => known.has(r)) });
  } catch (err) {
    return;                                   // the engine restarted: the next edit asks again
  }
  if (key !== puzzleKey()) return;
  // The variant drawing follows every check that reads (an answer shown keeps it: same puzzle); a
  // check that fails keeps the last one, so a clue half typed does not blank the drawing.
  if (response.ok) page.editor.setDrawn(response.result.board);
  if (page.running || page.answer) return;
  if (!response.ok) {
    page.editor.mark(response.error.where || {});
    setStatus(`invalid: ${response.error.message}`, "bad");
    page.shownInvalid = true;                      // after setStatus, which resets it
    return;
  }
  if (page.shownInvalid) {                        // only the marks of its own last verdict
    page.editor.clearMarks();
    setStatus("ready");
  }
  page.shownInvalid = false;
  if (!$("text-box").hidden && document.activeElement !== $("text")) showText(response.result.text);
}

export function wireEdits() {
  // A rule changed: what was marked on the grid (a conflict, wrong entries) was said of the old rules.
  on("rules-edited", () => {
    page.editor.clearMarks();
    changed();
  });
  on("engine-ready", scheduleCheck);
}
