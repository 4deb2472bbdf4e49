// The solved moment: once the player's entries solve the puzzle, the clock stops, a line over the grid
// says so with the time, the time is kept with the puzzle (its save, its Recent entry, the daily
// puzzle's record) and the entries lock until the player presses "Keep playing" or starts another
// puzzle (Restart, a load, a new puzzle).
//
// Whether the entries solve it is the engine's to say: its `progress` answers `solved` when they fill a
// whole solution that the kind's own checker passes (gridlogic/entries.py). It is asked when an entry
// settles and the editor says the entries may fill the puzzle (mayBeSolved: no open cell left, every
// piece placed, or a kind whose blank cells say something); Check's answer counts too (explain.js).
//
// Stable hooks for tests: `solved` the line over the grid (hidden until solved), `solved-text` its
// words, `solved-go-on` its "Keep playing"; the board's data-locked="1" while entries are locked;
// the timer's data-finished="1" once stopped; `gen-daily-solved` in the New puzzle panel.
import { el } from "../editor.js";
import { clockText } from "../timer.js";
import { current, remember, save } from "./saved.js";
import { setStatus } from "./status.js";
import { $, on, page } from "./store.js";

const SETTLE_MS = 250;                     // entries settle this long before the engine is asked
const DAILY = "gridlogic:daily-solved";    // localStorage: {daily key: {ms, at}}
const DAILY_MAX = 60;                      // daily records kept (the newest)

let timer = 0;
let box = null;

// The puzzle itself, without the player's entries: a solved time belongs to it.
const puzzleOnly = () => `${page.info.key}\n${[...page.rules].sort().join(",")}\n${JSON.stringify(page.editor.getState())}`;

function drawBox() {
  if (!box) {
    box = el("div", { id: "solved", class: "solved-box", "data-testid": "solved", role: "status", "aria-live": "polite" });
    const go = el("button", { type: "button", id: "solved-go-on", "data-testid": "solved-go-on",
                              title: "Unlock your entries and go on playing (the time stays)" }, "Keep playing");
    go.addEventListener("click", () => { goOn(); page.editor.focus(); });
    box.append(el("span", { id: "solved-text", "data-testid": "solved-text" }), go);
    $("editor").before(box);
  }
  const shown = !!page.solved;
  box.hidden = !shown;
  if (!shown) return;
  const locked = page.editor.isLocked();
  const daily = page.daily ? " today's puzzle" : "";
  $("solved-text").textContent = `Solved${daily} in ${clockText(page.solved.ms)}!` +
    (locked ? " Your entries are locked." : "");
  $("solved-go-on").hidden = !locked;
}

// The entries solve the puzzle: stop the clock, say so, keep the time, lock the entries.
export function showSolved() {
  if (page.solved || !page.editor || !page.editor.canPlay()) return;
  page.timer.finish();
  const ms = Math.round(page.timer.elapsed());
  page.solved = { ms, key: puzzleOnly() };
  page.editor.setLocked(true);
  drawBox();
  sayStatus();
  if (page.daily) keepDaily(page.daily, ms);
  remember(current());                 // Recent shows it with its time (and saves)
  drawDailyLine();
}

// The status line of a solved puzzle (Check's answer too).
export function sayStatus() {
  const n = page.editor.entries().length;
  const time = page.solved ? ` (in ${clockText(page.solved.ms)})` : "";
  setStatus(`solved: all ${n === 1 ? "1 entry is" : `${n.toLocaleString("en")} entries are`} correct${time}`, "good");
}

// "Keep playing": the entries unlock; the time stays as it was when solved.
export function goOn() {
  if (!page.solved) return;
  page.editor.setLocked(false);
  drawBox();
  save();
}

// Another puzzle, or the same one from the start (Restart): nothing solved, nothing locked.
export function resetSolved() {
  clearTimeout(timer);
  const was = page.solved;
  page.solved = null;
  if (page.editor) page.editor.setLocked(false);
  if (was && page.timer.isFinished()) page.timer.restart(0);
  drawBox();
}

// A puzzle brought back (a reload, a kind switched to, a Recent entry) with its solved time: solved
// again, locked unless the player had gone on; `daily` its daily key.
export function restoreSolved(entry) {
  page.solved = null;
  page.daily = entry && typeof entry.daily === "string" ? entry.daily : null;
  if (page.editor) page.editor.setLocked(false);
  if (entry && Number.isFinite(entry.solved)) {
    page.solved = { ms: entry.solved, key: puzzleOnly() };
    page.timer.finish(entry.solved);
    page.editor.setLocked(!entry.unlocked);
  }
  drawBox();
}

// -- asking the engine ---------------------------------------------------------------------------
function schedule() {
  clearTimeout(timer);
  if (page.solved && page.solved.key !== puzzleOnly()) resetSolved();     // the puzzle itself changed
  if (page.solved || !page.editor || page.editor.mode() !== "play" || !page.editor.entries().length) return;
  if (!page.editor.mayBeSolved()) return;
  timer = setTimeout(ask, SETTLE_MS);
}

async function ask() {
  if (!page.engine || !page.engine.ready || page.running || page.solved) return;
  const key = `${puzzleOnly()}\n${page.editor.playKey()}`;
  let response;
  try {
    response = await page.engine.request({ op: "progress", kind: page.info.key, rules: [...page.rules],
                                           state: page.editor.givenState(), entries: page.editor.entries(),
                                           budget_ms: 5000 });
  } catch (err) {
    return;                                // the engine restarted: the next entry asks again
  }
  if (!response.ok || key !== `${puzzleOnly()}\n${page.editor.playKey()}` || page.running) return;
  if (response.result.solved) showSolved();
}

// -- the daily puzzle ------------------------------------------------------------------------------
function dailyRecords() {
  try {
    const stored = JSON.parse(localStorage.getItem(DAILY));
    return stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
  } catch (err) {
    return {};
  }
}

function keepDaily(key, ms) {
  const records = dailyRecords();
  if (records[key] && Number.isFinite(records[key].ms)) return;          // the first solve counts
  records[key] = { ms, at: Date.now() };
  const newest = Object.entries(records).filter(([, r]) => r && Number.isFinite(r.ms))
    .sort((a, b) => (b[1].at || 0) - (a[1].at || 0)).slice(0, DAILY_MAX);
  try {
    localStorage.setItem(DAILY, JSON.stringify(Object.fromEntries(newest)));
  } catch (err) { /* storage full or disabled: the time is still shown */ }
}

// The daily puzzle's key: its link's hash (kind, clues, date, level, size).
export function dailyKey(url) {
  return new URL(url).hash.slice(1);
}

// The daily puzzle now on screen (generate.js): its record, if solved on this device before, is said.
export function markDaily(key) {
  page.daily = key;
  const record = dailyRecords()[key];
  drawBox();
  if (record && Number.isFinite(record.ms)) setStatus(`you solved this daily puzzle before, in ${clockText(record.ms)}`, "good");
  save();
}

// The line under "Today's puzzle" in the New puzzle panel: whether the daily puzzle chosen there was
// solved on this device, and in what time.
export function drawDailyLine(key = null) {
  const line = $("gen-daily-solved");
  if (!line) return;
  if (key !== null) line.dataset.key = key;
  const record = dailyRecords()[line.dataset.key || ""];
  line.textContent = record && Number.isFinite(record.ms) ? `Solved on this device in ${clockText(record.ms)}.` : "";
  line.hidden = !line.textContent;
}

export function wireSolved() {
  on("puzzle-changed", schedule);
  on("engine-ready", schedule);
  drawBox();
}
