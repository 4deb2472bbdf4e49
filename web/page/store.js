// The page's shared state, its limits, the small helpers every part of the page uses, and the
// events by which the parts of the page tell each other what happened.
//
// All that changes while the page runs lives in the one object `page`: a module reads and writes
// `page.answer`, `page.running`, ..., so every part sees the same value without setters. A module
// calls the modules below it (app.js draws the floors); what must travel up goes as an event.
export const $ = (id) => document.getElementById(id);
export const STORE = "gridlogic:v1";
export const COUNT_LIMIT = 100000;
export const RECENT_MAX = 8;                 // puzzles kept per kind
export const RECENT_TEXT_MAX = 100000;       // larger puzzles are not kept in Recent (localStorage is small)
export const CHECK_MS = 300;                 // edits settle this long before the engine checks the puzzle
export const MAX_RULES = 16;
export const BUDGETS = [10000, 30000, 120000, 600000, 1800000];     // ms; the menu's choices
export const DEFAULT_BUDGET = 30000;

export const page = {
  kinds: [],                // every kind from kinds.json
  info: null,               // the current kind from kinds.json: rules, examples, layout
  editor: null,             // the puzzle (editor.js) and the player's entries, marks and colours
  rules: new Set(),         // rule keys in force: known ones are checkboxes, others chips marked unknown
  engine: null,             // the worker's Engine (engine.js)
  running: null,            // the request under way: {mode, key, t0, budget, sent, progress}
  answer: null,             // the last answer, with the key of the puzzle it belongs to
  shown: 0,                 // which of the answer's solutions is drawn
  keepGoing: null,          // what "Keep going" asks again: {mode, budget}
  loadSeq: 0,               // a load's generation: a slower, older load never lands over a newer one
  lastUrl: "",              // the address this page wrote last (hashchange ignores it)
  readyAt: 0,               // when the engine became ready (budgets count from then)
  checkTimer: 0,            // the pending check of the puzzle being edited
  shownInvalid: false,      // the status shows the live check's "invalid"
  textWritten: "",          // what the page last wrote into the text box (text typed over it stays)
  hinted: null,             // the hint shown, {key, step}, while Apply can fill it in
  walk: null,               // Explain all: {key, steps, difficulty, i, stopped}
  saved: null,              // what localStorage holds (saved.js), read once at start-up
  lastAnnounce: null,       // the notice of the last load, said again once its unknown rules are gone
  loading: null,            // the load under way (a promise; Solve waits for it), or null
  timer: null,              // the solving timer (timer.js)
  about: null,              // the puzzle's title, author and rules text, for its share link (puzzle_info.js)
  solved: null,             // the puzzle on screen solved by the player: {ms, key} (solved.js)
  daily: null,              // the daily puzzle on screen: its key (solved.js, generate.js)
};

// -- events --------------------------------------------------------------------------------------
// What one part of the page tells the others, by name. A listener runs at once, in the order the
// listeners were wired (app.js), and none relies on another having run.
const EVENTS = {
  // {key}: the puzzle, its rules or the player's entries changed (edits.js, after a request of the old
  // puzzle was stopped). Each view drops what it said of the old puzzle: the answer, a hint, a walk,
  // the share link, an exported link, the rules line, the save.
  "puzzle-changed": "the puzzle changed",
  // {unknownGone}: the player ticked a rule, pressed an alias or removed an unknown rule (rules.js);
  // `unknownGone` when that removed the last unknown one.
  "rules-edited": "the player changed the rules",
  // {}: the puzzle's title, author or rules text changed (puzzle_info.js): the share link carries them.
  "about-changed": "what is said of the puzzle changed",
  // {}: the engine answers requests now (engine_view.js).
  "engine-ready": "the engine is ready",
  // {}: which actions are open may have changed: a request began or ended, or the kind changed
  // (status.js). Each module draws its own buttons.
  actions: "which actions are open may have changed",
};

const listeners = new Map(Object.keys(EVENTS).map((name) => [name, []]));

function listenersOf(name) {
  const list = listeners.get(name);
  if (!list) throw new Error(`no page event “${name}” (known: ${Object.keys(EVENTS).join(", ")})`);
  return list;
}

export function on(name, listener) {
  listenersOf(name).push(listener);
}

export function emit(name, detail = {}) {
  for (const listener of listenersOf(name)) listener(detail);
}

// -- small helpers -------------------------------------------------------------------------------
export function excerpt(text, n = 40) {
  const s = String(text).replace(/\s+/g, " ");
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

export function plural(n, word) {
  return `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
}

export function formatMs(ms) {
  return ms < 1000 ? `${ms.toFixed(ms < 10 ? 1 : 0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function formatBudget(ms) {
  return ms < 60000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60000)} min`;
}

export function nextBudget(ms) {
  return BUDGETS.find((b) => b > ms) || BUDGETS[BUDGETS.length - 1];
}

export function kindOf(key) {
  return page.kinds.find((k) => k.key === key) || null;
}

export function sameRules(a, b) {
  return [...a].sort().join(",") === [...b].sort().join(",");
}

// Whether the kind is solved through SAT, which alone explains (hints, certain cells, conflicts).
export function explainable() {
  return !!page.info && (page.info.backends || []).includes("sat");
}

// The puzzle an answer belongs to: its kind, rules, state and the player's entries.
export function puzzleKey() {
  return `${page.info.key}\n${[...page.rules].sort().join(",")}\n${JSON.stringify(page.editor.getState())}\n` +
    page.editor.playKey();
}

// An answer the budget cut short: `unknown`, or a count stopped once two solutions said `multiple`.
export function cutShort(result) {
  return result.status === "unknown" || (result.stopped === "budget" && result.count_complete === false);
}
