// The page: kind picker, the editor, solve/count/stop, share links, persistence, offline support.
// No puzzle rules and no text format live here: every question goes to the worker, which asks
// gridlogic.api.handle; the editor holds the puzzle as a state (gridlogic/layout.py).
//
// This module starts the page: it wires each part, in the order below, and starts the engine. Each
// concern is a module of page/, on floors: a module imports only modules of the floors below it,
// and what must travel up goes as an event of the store (store.js lists them).
//   1 store.js        the shared state (`page`), limits, small helpers, the events
//   2 status.js       the status line, the notice, which request buttons are open     (emits actions)
//     saved.js        localStorage and the Recent list
//     puzzle_info.js  the title, author and rules text beside the grid
//     help.js         "How to play", from kinds.json
//     how_line.js     its first sentence beside the grid
//   3 rules.js        the rules in force and their controls                       (emits rules-edited)
//     play_view.js    edit or play mode, the timer, marking mistakes as you go
//     clashes_view.js rule clashes drawn as you go (the engine's `clashes`)
//     solved.js       the solved moment: the clock stopped, the time kept, the entries locked
//     engine_view.js  the engine's loading, readiness and failures                (emits engine-ready)
//     share.js        this page's link, in the address bar and the share box
//     export.js       the puzzle as another site's link, and as text
//   4 explain.js      answers and help drawn over the puzzle: shared cells, conflicts, hints, steps
//     destructive.js  Clear, Restart and Set givens: asked first over entries, each with Undo
//   5 solving.js      Solve, Count, Hint, Explain all and Check: requests, budgets, Stop, answers
//   6 edits.js        what an edit sets off: the request stopped, then    (emits puzzle-changed)
//                     every view told, and the live check
//     tools.js        Candidates, Setter and Symmetry
//   7 loads.js        every load (kind, example, text, Recent) and its notice with "Undo load"
//   8 generate.js     the "New puzzle" panel and the daily puzzle (its link #kind/daily/YYYY-MM-DD/level)
//   9 open.js         every way a puzzle comes in by link or text: the address, a paste, the text
//                     box, the Import box
//  10 first.js        the first visit: today's puzzle, in play mode; the header's Today's puzzle
// Below them all: the editor (editor.js, editor/), the engine (engine.js) and the codecs of the page's
// own links and play state (codecs/, twins of Python's: codecs/README.md).
import { Engine } from "./engine.js";
import { startOffline } from "./offline.js";
import { wireDestructive } from "./page/destructive.js";
import { wireEdits } from "./page/edits.js";
import { onFatal, onLoad, onReady, onReplaced } from "./page/engine_view.js";
import { wireExplain } from "./page/explain.js";
import { wireExport } from "./page/export.js";
import { isFirstVisit, openToday, wireToday } from "./page/first.js";
import { wireGenerate } from "./page/generate.js";
import { wireHelp } from "./page/help.js";
import { switchKind, wireLoads } from "./page/loads.js";
import { linkInAddress, openLink, wireOpen } from "./page/open.js";
import { setupPlay } from "./page/play_view.js";
import { wireClashes } from "./page/clashes_view.js";
import { wireRules } from "./page/rules.js";
import { loadSaved, wireSaved } from "./page/saved.js";
import { wireSolved } from "./page/solved.js";
import { shareUrl, wireShare } from "./page/share.js";
import { run, wireSolving } from "./page/solving.js";
import { notice, setStatus } from "./page/status.js";
import { wireTools } from "./page/tools.js";
import { $, BUDGETS, DEFAULT_BUDGET, excerpt, formatBudget, kindOf, page } from "./page/store.js";

// The page's own controls and keys; each part wires its own after them, floor by floor.
function wire() {
  $("notice-close").addEventListener("click", () => notice(""));
  $("undo").addEventListener("click", () => { page.editor.undo(); page.editor.focus(); });
  $("redo").addEventListener("click", () => { page.editor.redo(); page.editor.focus(); });
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target.matches("input, textarea, select")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) page.editor.undo();
    else if (key === "y" || (key === "z" && event.shiftKey)) page.editor.redo();
    if (key === "z" || key === "y") page.editor.focus();
    else if (key === "enter") run("solve");
    else return;
    event.preventDefault();
  });
  wireRules();
  wireSaved();
  wireSolved();
  wireDestructive();
  wireHelp();
  wireShare();
  wireExport();
  wireExplain();
  wireSolving();
  wireEdits();
  wireTools();
  wireClashes();
  wireLoads();
  wireGenerate();
  wireOpen();
  wireToday();
}

async function main() {
  page.saved = loadSaved();
  setupPlay();
  page.kinds = (await (await fetch("kinds.json")).json()).kinds;
  for (const k of page.kinds) $("kind").append(new Option(k.title, k.key));
  for (const ms of BUDGETS) $("budget").append(new Option(formatBudget(ms), String(ms)));
  $("budget").value = String(page.saved.budget || DEFAULT_BUDGET);
  if (page.saved.engine) $("engine").value = page.saved.engine;
  wire();
  page.engine = new Engine({ load: onLoad, ready: onReady, fatal: onFatal, replaced: onReplaced });
  // A later visit (the service worker already controls the page, or there is none): the engine
  // starts now, beside the rest of the page's setup, which ends before any of its messages is read.
  // A first visit starts it once the service worker has taken control, so its downloads are cached.
  const startNow = !navigator.serviceWorker || !!navigator.serviceWorker.controller;
  if (startNow) page.engine.start();
  const link = linkInAddress();
  const first = !link && isFirstVisit();           // read before the page saves anything
  switchKind(page.saved.kind && kindOf(page.saved.kind) ? page.saved.kind : page.kinds[0].key);   // the last puzzle first
  setStatus("editing (the engine is still loading)");
  if (link) openLink(link);            // not awaited: a long-form link may wait for the engine
  else if (first) openToday();         // not awaited: the engine makes it once it is ready
  page.editor.focus();
  // For benchmarks, tests and debugging: the engine's request function (same path as the buttons)
  // the editor (its overlays have no button yet), and the link with progress (the button copies it).
  window.gridlogic = { request: (request) => page.engine.request(request), editor: () => page.editor,
                       progressLink: () => shareUrl({ progress: true }) };
  try {
    await startOffline({
      onOffline: () => {
        document.body.dataset.offline = "ready";
        $("offline").textContent = "Works offline.";
      },
    });
  } catch (err) {
    $("offline").textContent = `Offline use is not available here (${excerpt(err.message || err, 60)}).`;
  }
  if (!startNow) page.engine.start();
}

main().catch((err) => setStatus(`the page failed to start: ${err.message}`, "bad"));
