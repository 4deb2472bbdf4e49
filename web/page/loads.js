// Loading a puzzle: the kind switched to, an example, a Recent entry, and (through open.js) a link
// or pasted text. Every load goes through replacePuzzle and says in the notice what it did.
//
// A load (link, example, paste, import, Recent) never silently destroys work: the puzzle it
// replaces goes to the kind's Recent list and the notice offers "Undo load". A link that cannot
// be read leaves the last puzzle in place and says what was wrong.
import { createEditor } from "../editor.js";
import { changed } from "./edits.js";
import { preload } from "./engine_view.js";
import { drawHelp } from "./help.js";
import { drawHowLine } from "./how_line.js";
import { drawRules, knownRules, rulesText, setRules } from "./rules.js";
import { current, drawRecent, entryKey, isBlank, remember, save } from "./saved.js";
import { showBrowse } from "./solving.js";
import { drawMode, startPlay } from "./play_view.js";
import { showPuzzleInfo } from "./puzzle_info.js";
import { restoreSolved } from "./solved.js";
import { drawActions, notice, puzzleName, setStatus } from "./status.js";
import { $, kindOf, on, page, sameRules } from "./store.js";

function drawExamples() {
  const select = $("examples");
  select.replaceChildren(new Option("choose…", ""));
  for (const ex of page.info.examples || []) {
    const extra = ex.rules.length ? ` (${ex.rules.join(", ")})` : "";
    select.append(new Option(`${ex.name}${extra}`, ex.name));
  }
}

// Show a kind with the puzzle last edited in it.
export function switchKind(key) {
  if (page.editor) {
    save();
    page.editor.destroy();
    page.editor = null;
  }
  page.info = kindOf(key) || page.kinds[0];
  $("kind").value = page.info.key;
  page.rules = new Set();
  page.editor = createEditor($("editor"), page.info, { onChange: changed });
  if (!page.running) {                 // what was said of the last kind's puzzle is not said of this one
    setStatus(page.engine && page.engine.ready ? "ready" : "editing (the engine is still loading)");
    $("elapsed").textContent = "";
  }
  preload();
  $("engine").disabled = !!(page.info.backends && !page.info.backends.includes("sat"));   // native search: no choice
  $("export-fpuzzles").hidden = !page.info.exports.includes("fpuzzles");     // (kinds.json: the formats it exports)
  $("open-sudokupad").hidden = !page.info.exports.includes("sudokupad");
  $("variant-export").hidden = $("export-fpuzzles").hidden && $("open-sudokupad").hidden;
  showPuzzleInfo(null);
  const last = page.saved.perKind[page.info.key];
  if (last) {
    setRules(last.rules);
    const keep = () => remember({ kind: page.info.key, ...last });      // kept even if it no longer reads
    if (last.text) readText(last.text, last.rules, ++page.loadSeq).then((ok) => (ok ? changed({ keepStatus: true }) : keep()));
    else if (!page.editor.setState(last.state, last.givens, last.play)) keep();
    page.editor.setMode(last.mode || (isBlank({ kind: page.info.key, state: last.state || {} }) ? "edit" : "play"));
  }
  page.timer.restart(last && last.timer ? last.timer : 0);
  restoreSolved(last);                 // a solved puzzle stays solved, its time kept
  drawMode();
  drawRules();
  drawExamples();
  drawRecent();
  page.answer = null;
  showBrowse();
  drawActions();
  drawHelp();
  drawHowLine();
  changed({ keepStatus: true });
}

// Read a puzzle text into the editor through the engine's `parse`: the rules the puzzle holds (those
// asked for and its text's `rules:` line), or false (and the message) when it cannot be read, or when
// a newer load has started meanwhile.
export async function readText(text, ruleList, seq) {
  const kind = page.info.key;
  setStatus(page.engine.ready ? "reading the puzzle…" : "reading the puzzle (waiting for the engine)…", "busy");
  const known = knownRules();
  let response;
  try {
    response = await page.engine.request({ op: "parse", kind, text, rules: (ruleList || []).filter((r) => known.has(r)) });
  } catch (err) {
    setStatus("the engine restarted before the puzzle was read: try again", "bad");
    return false;
  }
  if (kind !== page.info.key || seq !== page.loadSeq) return false;
  if (!response.ok) {
    setStatus(`invalid: ${response.error.message}`, "bad");
    $("text-box").hidden = false;
    $("show-text").setAttribute("aria-expanded", "true");
    $("text").value = text;
    return false;
  }
  if (!page.editor.setState(response.result.state)) {
    setStatus("invalid: the engine read a puzzle this editor cannot show", "bad");
    return false;
  }
  page.editor.setDrawn(response.result.board);      // drawn at once: this parse read it already
  setStatus("puzzle loaded");
  // the rules asked for (those the kind lacks too: they stay, marked unknown), then the text's own
  return [...new Set([...(ruleList || []), ...(Array.isArray(response.result.rules) ? response.result.rules : [])])];
}

// Every load goes through here. `apply()` puts the new puzzle (and its rules) into the editor of
// `kindKey` and says whether it did; the puzzle it replaced goes to Recent. Returns null when
// nothing was loaded, else {replaced} (null when the replaced puzzle was blank or the same).
// While it runs, `page.loading` holds its promise: Solve pressed meanwhile waits for the puzzle.
// A new puzzle opens in play mode, its timer from zero.
export function replacePuzzle(kindKey, apply) {
  const loading = replaceNow(kindKey, apply);
  page.loading = loading;
  loading.finally(() => { if (page.loading === loading) page.loading = null; });
  return loading;
}

async function replaceNow(kindKey, apply) {
  if (kindKey !== page.info.key) switchKind(kindKey);
  const seq = ++page.loadSeq;
  showPuzzleInfo(null);
  const before = current();
  const ok = await apply(seq);
  if (!ok || seq !== page.loadSeq) return null;
  drawRules();
  const after = current();
  const same = entryKey(before) === entryKey(after) && sameRules(before.rules, after.rules);
  if (!same) startPlay();
  changed();
  if (same || isBlank(before)) return { replaced: null };
  remember(before);
  return { replaced: before };
}

// An entry ({state | text, rules}) into the current editor, its rules with it.
export async function applyEntry(entry, seq) {
  const ok = entry.state ? page.editor.setState(entry.state, null, entry.play || null)
    : await readText(entry.text, entry.rules, seq);
  if (!ok && entry.state) setStatus(`invalid: this ${puzzleName(page.info)} no longer fits the editor`, "bad");
  if (ok) setRules(entry.state ? entry.rules : ok);
  return !!ok;
}

// What a load did, with "Undo load" when it replaced something.
export function announce(what, result, extra = {}) {
  page.lastAnnounce = { what, result, aboutRules: !!extra.aboutRules };
  const parts = [what];
  const actions = [];
  if (result.replaced) {
    parts.push(`Your previous ${puzzleName(page.info)} is kept in Recent.`);
    const entry = result.replaced;
    actions.push({ label: "Undo load", testid: "undo-load", run: () => bringBack(entry, "Load undone.") });
  }
  if (extra.text) parts.push(extra.text);
  actions.push(...(extra.actions || []));
  if (!result.replaced && !extra.text && !extra.always) notice("");
  else notice(parts.join(" "), { tone: extra.tone || "info", actions });
}

async function bringBack(entry, what) {
  const result = await replacePuzzle(entry.kind, (seq) => applyEntry(entry, seq));
  if (result && Number.isFinite(entry.solved)) restoreSolved({ solved: entry.solved });
  if (result) announce(what, result, { always: true });
}

export function wireLoads() {
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
  // The last unknown rule of a link removed: its load is said again, without the warning.
  on("rules-edited", ({ unknownGone }) => {
    if (unknownGone && page.lastAnnounce && page.lastAnnounce.aboutRules) announce(page.lastAnnounce.what, page.lastAnnounce.result);
  });
}
