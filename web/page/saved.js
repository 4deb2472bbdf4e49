// What the page keeps in localStorage: the last puzzle of each kind with the player's play state
// (entries, pencil marks, colours: web/codecs/play.js) and mode, the engine and budget chosen, and each
// kind's Recent list. A solved puzzle keeps its time (`solved`, ms; `unlocked` once the player went on)
// and, the daily puzzle, its daily key (solved.js). Older pages kept `givens` (the state as loaded) instead of a play state. The
// puzzle is saved at every `puzzle-changed`, and the engine and budget when chosen.
import { blankState } from "../editor.js";
import { clockText } from "../timer.js";
import { $, BUDGETS, excerpt, kindOf, MAX_RULES, on, page, RECENT_MAX, RECENT_TEXT_MAX, sameRules, STORE } from "./store.js";

// An entry holds a state, or (kept by older pages) a text that goes through `parse`.
function cleanEntry(entry) {
  if (!entry) return null;
  const state = entry.state && typeof entry.state === "object" && Array.isArray(entry.state.cells) ? entry.state : null;
  if (!state && typeof entry.text !== "string") return null;
  const list = Array.isArray(entry.rules) ? entry.rules.filter((r) => typeof r === "string") : [];
  const out = state ? { state } : { text: entry.text };
  const givens = entry.givens && typeof entry.givens === "object" && Array.isArray(entry.givens.cells) ? entry.givens : null;
  if (state && givens) out.givens = givens;
  if (state && entry.play && typeof entry.play === "object" && !Array.isArray(entry.play)) out.play = entry.play;
  if (entry.mode === "edit" || entry.mode === "play") out.mode = entry.mode;
  if (Number.isFinite(entry.timer) && entry.timer >= 0) out.timer = entry.timer;
  if (state && Number.isFinite(entry.solved) && entry.solved >= 0) out.solved = entry.solved;
  if (out.solved !== undefined && entry.unlocked === true) out.unlocked = true;
  if (typeof entry.daily === "string" && entry.daily.length < 200) out.daily = entry.daily;
  return { ...out, rules: list.slice(0, MAX_RULES), at: Number.isFinite(entry.at) ? entry.at : 0 };
}

// localStorage is read defensively: anything malformed is dropped, never trusted.
export function loadSaved() {
  const out = { perKind: Object.create(null), recent: Object.create(null) };
  let stored = null;
  try {
    stored = JSON.parse(localStorage.getItem(STORE));
  } catch (err) {
    stored = null;
  }
  if (!stored || typeof stored !== "object") return out;
  if (typeof stored.kind === "string") out.kind = stored.kind;
  if (typeof stored.engine === "string") out.engine = stored.engine;
  if (BUDGETS.includes(stored.budget)) out.budget = stored.budget;
  for (const [key, entry] of Object.entries(stored.perKind || {})) {
    const clean = cleanEntry(entry);
    if (clean) out.perKind[key] = clean;
  }
  for (const [key, list] of Object.entries(stored.recent || {})) {
    if (Array.isArray(list)) out.recent[key] = list.map(cleanEntry).filter(Boolean).slice(0, RECENT_MAX);
  }
  return out;
}

function writeStore() {
  try {
    localStorage.setItem(STORE, JSON.stringify(page.saved));
    return true;
  } catch (err) {
    return false;             // storage full or disabled: the URL still holds the puzzle
  }
}

export function save() {
  if (!page.info || !page.editor) return;
  page.saved.kind = page.info.key;
  page.saved.engine = $("engine").value;
  page.saved.budget = +$("budget").value;
  page.saved.perKind[page.info.key] = { state: page.editor.getState(), play: page.editor.getPlay(), mode: page.editor.mode(),
                                        timer: page.timer ? Math.round(page.timer.elapsed()) : 0,
                                        ...solvedOf(), rules: [...page.rules], at: Date.now() };
  if (!writeStore()) {
    for (const key of Object.keys(page.saved.recent)) page.saved.recent[key] = page.saved.recent[key].slice(0, 2);
    writeStore();
  }
}

// What is kept of the solved moment with the puzzle on screen: its time, whether the player went on,
// the daily puzzle it is.
function solvedOf() {
  const out = page.daily ? { daily: page.daily } : {};
  if (page.solved) Object.assign(out, { solved: page.solved.ms }, page.editor.isLocked() ? {} : { unlocked: true });
  return out;
}

// The puzzle on screen with the player's progress on it (a Recent entry keeps both, and its solved time).
export function current() {
  const solved = page.solved ? { solved: page.solved.ms } : {};
  return { kind: page.info.key, state: page.editor.getState(), play: page.editor.getPlay(), rules: [...page.rules], ...solved };
}

const hasPlay = (entry) => !!entry.play && Object.keys(entry.play).length > 0;

export const entryKey = (entry) => (entry.state ? JSON.stringify(entry.state) : entry.text) +
  (hasPlay(entry) ? JSON.stringify(entry.play) : "");

// A fresh grid of its size, unplayed (or a text of white space), is not worth keeping.
export function isBlank(entry) {
  if (hasPlay(entry)) return false;
  if (!entry.state) return !entry.text.trim();
  const kind = kindOf(entry.kind);
  const s = entry.state;
  return !!kind && JSON.stringify(s) === JSON.stringify({ ...s, ...blankState(kind.layout, s.rows, s.cols) });
}

// A few words about a puzzle for the Recent menu: its size and the start of what it holds.
function summary(entry) {
  if (!entry.state) return excerpt(entry.text, 28);
  const s = entry.state;
  const words = [s.cells.filter(Boolean).join(""), ...Object.values(s.edges || {}).flat(), ...Object.values(s.extras || {})];
  return `${s.rows}×${s.cols} ${excerpt(words.filter(Boolean).join(" ") || "empty", 20)}${hasPlay(entry) ? " · played" : ""}`;
}

// Keep a puzzle in its kind's Recent list (newest first, no duplicates).
export function remember(entry) {
  const key = entryKey(entry);
  if (isBlank(entry) || key.length > RECENT_TEXT_MAX) return;
  const list = (page.saved.recent[entry.kind] || []).filter((e) => !(entryKey(e) === key && sameRules(e.rules, entry.rules)));
  const kept = entry.state ? { state: entry.state, ...(hasPlay(entry) ? { play: entry.play } : {}),
                               ...(Number.isFinite(entry.solved) ? { solved: entry.solved } : {}) } : { text: entry.text };
  list.unshift({ ...kept, rules: entry.rules.slice(0, MAX_RULES), at: Date.now() });
  page.saved.recent[entry.kind] = list.slice(0, RECENT_MAX);
  save();
  drawRecent();
}

export function drawRecent() {
  const select = $("recent");
  const list = page.saved.recent[page.info.key] || [];
  select.replaceChildren(new Option(list.length ? "choose…" : "none yet", ""));
  for (const [i, entry] of list.entries()) {
    const time = new Date(entry.at).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
    const solved = entry.solved !== undefined ? ` · solved in ${clockText(entry.solved)}` : "";
    const label = `${time} · ${entry.rules.length ? entry.rules.join(", ") : "classic"} · ${summary(entry)}${solved}`;
    select.append(new Option(label, String(i)));
  }
  select.disabled = !list.length;
}

export function wireSaved() {
  $("budget").addEventListener("change", save);
  $("engine").addEventListener("change", save);
  on("puzzle-changed", save);
}
