// The page: kind picker, the editor, solve/count/stop, share links, persistence, offline support.
// No puzzle rules and no text format live here: every question goes to the worker, which asks
// gridlogic.api.handle; the editor holds the puzzle as a state (gridlogic/layout.py).
//
// This module starts the page and wires its controls; each concern is a module of page/:
// store.js    the shared state (`page`), limits and small helpers
// status.js   the status line, the notice, which buttons are open
// saved.js    localStorage and the Recent list
// rules.js    the rules in force and their controls
// loads.js    every load (kind, example, text, Recent) and its notice with "Undo load"
// links.js    share links, imported and exported URLs, the puzzle's text
// edits.js    what an edit sets off: the answer dropped, the live check
// solving.js  Solve, Count, Hint, Explain all and Check: requests, budgets, Stop, answers
// explain.js  answers and help drawn over the puzzle: shared cells, conflicts, hints, steps, checks
// engine_view.js  the engine's loading, readiness and failures as the page shows them
// generate.js the "New puzzle" panel and the daily puzzle (its link #kind/daily/YYYY-MM-DD/level)
import { Engine } from "./engine.js";
import { startOffline } from "./offline.js";
import { onFatal, onLoad, onReady, onReplaced } from "./page/engine_view.js";
import { applyHint, closeWalk, stepBy } from "./page/explain.js";
import { wireGenerate } from "./page/generate.js";
import { wireHelp } from "./page/help.js";
import { wireTools } from "./page/helpers.js";
import { copy, exportFpuzzles, exportPuzzlink, importBox, openLink, openSudokupad, readLink, shareUrl,
         textOf } from "./page/links.js";
import { announce, applyEntry, bringBack, loadPasted, replacePuzzle, switchKind } from "./page/loads.js";
import { rulesText } from "./page/rules.js";
import { drawMode, setupPlay } from "./page/play_view.js";
import { loadSaved, save } from "./page/saved.js";
import { drawRunning, nextBudget, run, showBrowse, stop } from "./page/solving.js";
import { notice, setStatus } from "./page/status.js";
import { $, BUDGETS, DEFAULT_BUDGET, excerpt, formatBudget, kindOf, page } from "./page/store.js";

function wire() {
  $("kind").addEventListener("change", () => {
    switchKind($("kind").value);
    notice("");
    page.editor.focus();
  });
  $("examples").addEventListener("change", async () => {
    const ex = page.info.examples.find((e) => e.name === $("examples").value);
    $("examples").value = "";
    if (!ex) return;
    const result = await replacePuzzle(page.info.key, (seq) => applyEntry(ex.state ? ex : { text: ex.text, rules: ex.rules }, seq));
    const ruled = (page.info.rules || []).length ? ` (rules: ${rulesText()})` : "";
    if (result) announce(`Loaded the example “${ex.name}”${ruled}.`, result);
    page.editor.focus();
  });
  $("recent").addEventListener("change", async () => {
    const choice = $("recent").value;
    const entry = choice === "" ? null : (page.saved.recent[page.info.key] || [])[+choice];
    $("recent").value = "";
    if (!entry) return;
    await bringBack({ kind: page.info.key, ...entry }, "Loaded a recent puzzle.");
    page.editor.focus();
  });
  $("notice-close").addEventListener("click", () => notice(""));
  $("solve").addEventListener("click", () => run("solve"));
  $("solve-givens").addEventListener("click", () => run("solve", undefined, { givensOnly: true }));
  $("count").addEventListener("click", () => run("count"));
  $("stop").addEventListener("click", () => stop());
  $("hint").addEventListener("click", () => run("hint"));
  $("explain-all").addEventListener("click", () => run("path"));
  $("check").addEventListener("click", () => run("check"));
  $("apply").addEventListener("click", applyHint);
  $("step-prev").addEventListener("click", () => stepBy(-1));
  $("step-next").addEventListener("click", () => stepBy(1));
  $("step-close").addEventListener("click", () => {
    closeWalk();
    page.editor.clearOverlays();
    setStatus("ready");
  });
  $("keep-givens").addEventListener("click", () => {
    const n = page.editor.entries().length;
    if (page.editor.keepAsGivens()) setStatus(`the puzzle's givens now include your ${n === 1 ? "entry" : `${n} entries`}`);
    page.editor.focus();
  });
  $("extend").addEventListener("click", () => {
    if (!page.running) return;
    page.running.budget = nextBudget(page.running.budget);
    drawRunning(page.running);
  });
  $("budget").addEventListener("change", save);
  $("undo").addEventListener("click", () => { page.editor.undo(); page.editor.focus(); });
  $("redo").addEventListener("click", () => { page.editor.redo(); page.editor.focus(); });
  $("clear").addEventListener("click", () => { page.editor.clear(); drawMode(); page.editor.focus(); });
  $("prev").addEventListener("click", () => { page.shown = Math.max(0, page.shown - 1); showBrowse(); });
  $("next").addEventListener("click", () => {
    page.shown = Math.min((page.answer.boards || []).length - 1, page.shown + 1);
    showBrowse();
  });
  $("back").addEventListener("click", () => { page.answer = null; showBrowse(); });
  $("engine").addEventListener("change", save);
  $("show-text").addEventListener("click", async () => {
    const box = $("text-box");
    box.hidden = !box.hidden;
    $("show-text").setAttribute("aria-expanded", String(!box.hidden));
    if (box.hidden) return;
    $("text").focus();
    const before = $("text").value;
    if (!page.engine.ready) $("text").placeholder = "the puzzle's text appears here once the engine has loaded";
    const text = await textOf();
    if (text !== null && $("text").value === before) $("text").value = text;     // unless typed over meanwhile
  });
  $("load-text-btn").addEventListener("click", () => loadPasted($("text").value, "the text box"));
  $("copy-text").addEventListener("click", async () => {
    const text = await textOf();
    if (text !== null) copy(text);
  });
  $("copy-link").addEventListener("click", () => copy($("share-url").value));
  $("editor").addEventListener("paste", (event) => {
    const text = event.clipboardData && event.clipboardData.getData("text/plain");
    if (!text || text.trim().length < 2) return;     // a clue field stops its own one-clue pastes
    event.preventDefault();
    loadPasted(text, "the pasted text");
  });
  $("import").addEventListener("click", importBox);
  $("puzzlink-in").addEventListener("keydown", (e) => { if (e.key === "Enter") importBox(); });
  $("export").addEventListener("click", exportPuzzlink);
  $("export-fpuzzles").addEventListener("click", exportFpuzzles);
  $("open-sudokupad").addEventListener("click", openSudokupad);
  wireHelp();
  wireTools();
  wireGenerate();
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
  window.addEventListener("hashchange", () => {
    if (location.href === page.lastUrl) return;
    const link = readLink(new URL(location.href));
    if (link) openLink(link);
  });
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
  const link = readLink(new URL(location.href));
  switchKind(page.saved.kind && kindOf(page.saved.kind) ? page.saved.kind : page.kinds[0].key);   // the last puzzle first
  setStatus("editing (the engine is still loading)");
  if (link) openLink(link);            // not awaited: a long-form link may wait for the engine
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
