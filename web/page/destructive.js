// The actions that wipe or move what the player did: Clear (a blank grid), Restart (the entries go,
// the puzzle stays) and Set givens (the entries become part of the puzzle). In play mode, over the
// player's entries, marks or colours, Clear and Restart first ask in the page (the notice: the action
// or Cancel; never a browser dialog). Each, once done, says so in the notice with "Undo": the editor's
// history holds the puzzle and play layer it replaced (web/editor/history.js), and Undo brings back
// the mode too. A new puzzle over entries keeps the one it replaced in Recent with "Undo load" (loads.js).
//
// Stable hooks for tests: `confirm-yes` / `confirm-no` the question's buttons, `undo-action` the
// notice's Undo.
import { drawMode } from "./play_view.js";
import { resetSolved } from "./solved.js";
import { notice, setStatus } from "./status.js";
import { $, page } from "./store.js";

const entriesText = (n) => (n === 1 ? "your entry" : n ? `your ${n.toLocaleString("en")} entries` : "your marks");

// Ask before `run` when it would lose the player's work in play mode; else run it at once.
function askFirst(question, label, run) {
  if (page.editor.mode() !== "play" || !page.editor.hasPlay()) {
    run();
    return;
  }
  notice(question, {
    actions: [
      { label, testid: "confirm-yes", run: () => { notice(""); run(); } },
      { label: "Cancel", testid: "confirm-no", run: () => { notice(""); page.editor.focus(); } },
    ],
  });
  $("notice-actions").querySelector("[data-testid=confirm-no]").focus();
}

// What was done, with Undo (in the mode it was done in).
function done(text, mode) {
  notice(text, {
    actions: [{
      label: "Undo", testid: "undo-action", run: () => {
        notice("");
        page.editor.undo();
        if (mode !== page.editor.mode()) {
          page.editor.setMode(mode);
          drawMode();
        }
        page.editor.focus();
      },
    }],
  });
}

function clearGrid() {
  const mode = page.editor.mode();
  const n = page.editor.entries().length;
  askFirst(`Clear the whole grid? The puzzle and ${entriesText(n)} go (Undo brings them back).`, "Clear", () => {
    resetSolved();
    page.editor.clear();
    drawMode();
    page.editor.focus();
    done("Cleared the grid.", mode);
  });
}

function restart() {
  const n = page.editor.entries().length;
  askFirst(`Start again? ${entriesText(n)[0].toUpperCase()}${entriesText(n).slice(1)}, marks and colours go (Undo brings them back).`,
           "Restart", () => {
             resetSolved();
             const changed = page.editor.restart();
             page.timer.restart(0);
             page.editor.focus();
             if (changed) done("Started again: your entries are gone.", "play");
           });
}

function setGivens() {
  const n = page.editor.entries().length;
  if (page.editor.keepAsGivens()) {
    setStatus(`the puzzle's givens now include your ${n === 1 ? "entry" : `${n} entries`}`);
    done(`${n === 1 ? "Your entry is" : `Your ${n} entries are`} now part of the puzzle.`, page.editor.mode());
  }
  page.editor.focus();
}

export function wireDestructive() {
  $("clear").addEventListener("click", clearGrid);
  $("restart").addEventListener("click", restart);
  $("keep-givens").addEventListener("click", setGivens);
}
