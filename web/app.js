// The page: kind picker, the editor, solve/count/stop, share links, persistence, offline support.
// No puzzle rules and no text format live here: every question goes to the worker, which asks
// gridlogic.api.handle; the editor holds the puzzle as a state (gridlogic/layout.py).
//
// Three promises the page keeps:
// - A load (link, example, paste, import, Recent) never silently destroys work: the puzzle it
//   replaces goes to the kind's Recent list and the notice offers "Undo load". A link that cannot
//   be read leaves the last puzzle in place and says what was wrong.
// - The rules in force are always shown; a loaded puzzle brings its own (plain text brings none).
// - An answer belongs to the puzzle it was asked for: editing while a solve runs stops it, and an
//   answer that comes back for another puzzle is dropped.
//
// Explanations (CNF kinds) are drawn with the editor's overlays: the cells every solution shares when
// there are several, the clues that contradict each other when there is none (marked), a hint with
// its reason (highlighted, with Apply), a whole solve step by step with its difficulty, and a check
// of the user's entries (the values typed since the puzzle was loaded; see editor.js).
import { blankState, createEditor, el } from "./editor.js";
import { Engine } from "./engine.js";
import { precacheAll, startOffline } from "./offline.js";
import { decodeState, encodeState, linkHash } from "./statelink.js";

const $ = (id) => document.getElementById(id);
const STORE = "gridlogic:v1";
const COUNT_LIMIT = 100000;
const RECENT_MAX = 8;                 // puzzles kept per kind
const RECENT_TEXT_MAX = 100000;       // larger puzzles are not kept in Recent (localStorage is small)
const CHECK_MS = 300;                 // edits settle this long before the engine checks the puzzle
const MAX_RULES = 16;
const BUDGETS = [10000, 30000, 120000, 600000, 1800000];     // ms; the menu's choices
const DEFAULT_BUDGET = 30000;

// -- state ---------------------------------------------------------------------------------------
let KINDS = [];
let info = null;            // the current kind from kinds.json: rules, examples, layout
let editor = null;
let rules = new Set();      // rule keys in force: known ones are checkboxes, others chips marked unknown
let engine = null;
let running = null;         // the request under way: {mode, key, t0, budget, sent, progress}
let answer = null;          // the last answer, with the key of the puzzle it belongs to
let shown = 0;
let loadSeq = 0;            // a load's generation: a slower, older load never lands over a newer one
let lastUrl = "";           // the address this page wrote last (hashchange ignores it)
let readyAt = 0;            // when the engine became ready (budgets count from then)
let checkTimer = 0;         // the pending check of the puzzle being edited
let shownInvalid = false;   // the status shows the live check's "invalid"
let hinted = null;          // the hint shown, {key, step}, while Apply can fill it in
let walk = null;            // Explain all: {key, steps, difficulty, i, stopped}
let saved = loadSaved();

// -- small helpers -------------------------------------------------------------------------------
function excerpt(text, n = 40) {
  const s = String(text).replace(/\s+/g, " ");
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

function plural(n, word) {
  return `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
}

function formatMs(ms) {
  return ms < 1000 ? `${ms.toFixed(ms < 10 ? 1 : 0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function formatBudget(ms) {
  return ms < 60000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60000)} min`;
}

function kindOf(key) {
  return KINDS.find((k) => k.key === key) || null;
}

function sameRules(a, b) {
  return [...a].sort().join(",") === [...b].sort().join(",");
}

// -- persistence ---------------------------------------------------------------------------------
// An entry holds a state, or (kept by older pages) a text that goes through `parse`.
function cleanEntry(entry) {
  if (!entry) return null;
  const state = entry.state && typeof entry.state === "object" && Array.isArray(entry.state.cells) ? entry.state : null;
  if (!state && typeof entry.text !== "string") return null;
  const list = Array.isArray(entry.rules) ? entry.rules.filter((r) => typeof r === "string") : [];
  const out = state ? { state } : { text: entry.text };
  const givens = entry.givens && typeof entry.givens === "object" && Array.isArray(entry.givens.cells) ? entry.givens : null;
  if (state && givens) out.givens = givens;
  return { ...out, rules: list.slice(0, MAX_RULES), at: Number.isFinite(entry.at) ? entry.at : 0 };
}

// localStorage is read defensively: anything malformed is dropped, never trusted.
function loadSaved() {
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
    localStorage.setItem(STORE, JSON.stringify(saved));
    return true;
  } catch (err) {
    return false;             // storage full or disabled: the URL still holds the puzzle
  }
}

function save() {
  if (!info || !editor) return;
  saved.kind = info.key;
  saved.engine = $("engine").value;
  saved.budget = +$("budget").value;
  saved.perKind[info.key] = { state: editor.getState(), givens: editor.loadedState(), rules: [...rules], at: Date.now() };
  if (!writeStore()) {
    for (const key of Object.keys(saved.recent)) saved.recent[key] = saved.recent[key].slice(0, 2);
    writeStore();
  }
}

function current() {
  return { kind: info.key, state: editor.getState(), rules: [...rules] };
}

const entryKey = (entry) => (entry.state ? JSON.stringify(entry.state) : entry.text);

// A fresh grid of its size (or a text of white space) is not worth keeping.
function isBlank(entry) {
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
  return `${s.rows}×${s.cols} ${excerpt(words.filter(Boolean).join(" ") || "empty", 20)}`;
}

// Keep a puzzle in its kind's Recent list (newest first, no duplicates).
function remember(entry) {
  const key = entryKey(entry);
  if (isBlank(entry) || key.length > RECENT_TEXT_MAX) return;
  const list = (saved.recent[entry.kind] || []).filter((e) => !(entryKey(e) === key && sameRules(e.rules, entry.rules)));
  const kept = entry.state ? { state: entry.state } : { text: entry.text };
  list.unshift({ ...kept, rules: entry.rules.slice(0, MAX_RULES), at: Date.now() });
  saved.recent[entry.kind] = list.slice(0, RECENT_MAX);
  save();
  drawRecent();
}

function drawRecent() {
  const select = $("recent");
  const list = saved.recent[info.key] || [];
  select.replaceChildren(new Option(list.length ? "choose…" : "none yet", ""));
  for (const [i, entry] of list.entries()) {
    const time = new Date(entry.at).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
    const label = `${time} · ${entry.rules.length ? entry.rules.join(", ") : "classic"} · ${summary(entry)}`;
    select.append(new Option(label, String(i)));
  }
  select.disabled = !list.length;
}

// -- status and notice ---------------------------------------------------------------------------
function setStatus(text, tone = "") {
  shownInvalid = false;
  const s = $("status");
  s.textContent = text;
  s.dataset.tone = tone;
}

// The notice above the puzzle: what a load did or why a link was refused, with its actions.
// It stays until the next load or until dismissed (the status line changes with every edit).
function notice(text, { tone = "info", actions = [] } = {}) {
  $("notice-text").textContent = text;
  $("notice").dataset.tone = tone;
  $("notice").setAttribute("role", tone === "bad" ? "alert" : "status");
  const buttons = actions.map((a) => {
    const b = el("button", { type: "button", class: "chip", "data-testid": a.testid }, a.label);
    b.addEventListener("click", a.run);
    return b;
  });
  $("notice-actions").replaceChildren(...buttons);
  $("notice").hidden = !text;
  if (text && tone === "bad") $("notice").scrollIntoView({ block: "nearest" });
}

// Whether the kind is solved through SAT, which alone explains (hints, certain cells, conflicts).
function explainable() {
  return !!info && (info.backends || []).includes("sat");
}

function drawActions() {
  for (const id of ["solve", "count"]) $(id).disabled = !!running;
  for (const id of ["hint", "explain-all", "check"]) {
    $(id).disabled = !!running || !explainable();
    $(id).title = explainable() ? $(id).dataset.title : `${info.title} is solved by search, which gives no reasons`;
  }
  $("stop").disabled = !running;
}

function setBusy(job) {
  running = job;
  drawActions();
  $("extend").hidden = !job || !["solve", "count"].includes(job.mode);
  $("keep-going").hidden = true;
  document.body.dataset.busy = job ? "1" : "";
}

// -- kinds, editors, rules ----------------------------------------------------------------------
function knownRules() {
  return new Set((info.rules || []).map((r) => r.key));
}

function unknownRules() {
  const known = knownRules();
  return [...rules].filter((r) => !known.has(r));
}

// Names (from a link, an example, storage) become the rule set: aliases expanded, at most MAX_RULES.
function setRules(names) {
  const out = new Set();
  for (const raw of names || []) {
    const name = String(raw).trim().toLowerCase();
    if (!name) continue;
    const alias = info.aliases && Object.hasOwn(info.aliases, name) ? info.aliases[name] : null;
    for (const r of alias || [name]) if (out.size < MAX_RULES) out.add(r);
  }
  rules = out;
  drawRules();
}

function rulesText() {
  const known = (info.rules || []).map((r) => r.key).filter((k) => rules.has(k));
  const unknown = unknownRules().map((r) => `${excerpt(r, 30)} (unknown)`);
  const all = [...known, ...unknown];
  return all.length ? all.join(", ") : "classic";
}

function drawRulesNow() {
  $("rules-now").textContent = `Rules: ${rulesText()}`;
  $("rules-now").dataset.unknown = unknownRules().length ? "1" : "";
}

function drawRules() {
  const box = $("rules");
  box.replaceChildren(el("legend", {}, "Rules"));
  for (const rule of info.rules || []) {
    const input = el("input", { type: "checkbox", value: rule.key, "data-testid": `rule-${rule.key}` });
    input.checked = rules.has(rule.key);
    input.addEventListener("change", () => {
      if (input.checked) rules.add(rule.key);
      else rules.delete(rule.key);
      changed();
    });
    const label = el("label");
    label.append(input, ` ${rule.label || rule.key}`);
    box.append(label);
  }
  for (const [alias, members] of Object.entries(info.aliases || {})) {
    if (members.length < 2) continue;
    const b = el("button", { type: "button", class: "chip", title: `${alias} = ${members.join(" + ")}`,
                             "data-testid": `alias-${alias}` }, alias);
    b.addEventListener("click", () => {
      const on = members.every((m) => rules.has(m));
      for (const m of members) on ? rules.delete(m) : rules.add(m);
      drawRules();
      changed();
    });
    box.append(b);
  }
  // A rule this kind does not know (from a link): shown, never silently applied, and removable.
  for (const name of unknownRules()) {
    const chip = el("span", { class: "chip unknown", "data-testid": "unknown-rule", title: `not a ${info.title} rule` });
    chip.dataset.rule = name;
    const remove = el("button", { type: "button", class: "remove", "data-testid": "remove-rule",
                                  "aria-label": `remove the unknown rule ${excerpt(name, 30)}` }, "×");
    remove.addEventListener("click", () => {
      rules.delete(name);
      drawRules();
      changed();
      if (!unknownRules().length && lastAnnounce && lastAnnounce.aboutRules) announce(lastAnnounce.what, lastAnnounce.result);
    });
    chip.append(`${excerpt(name, 30)} (unknown) `, remove);
    box.append(chip);
  }
  box.hidden = !((info.rules && info.rules.length) || unknownRules().length);
  drawRulesNow();
}

function drawExamples() {
  const select = $("examples");
  select.replaceChildren(new Option("choose…", ""));
  for (const ex of info.examples || []) {
    const extra = ex.rules.length ? ` (${ex.rules.join(", ")})` : "";
    select.append(new Option(`${ex.name}${extra}`, ex.name));
  }
}

// Show a kind with the puzzle last edited in it.
function switchKind(key) {
  if (editor) {
    save();
    editor.destroy();
    editor = null;
  }
  info = kindOf(key) || KINDS[0];
  $("kind").value = info.key;
  rules = new Set();
  editor = createEditor($("editor"), info, { onChange: changed });
  preload();
  $("engine").disabled = !!(info.backends && !info.backends.includes("sat"));   // native search: no choice
  const last = saved.perKind[info.key];
  if (last) {
    setRules(last.rules);
    const keep = () => remember({ kind: info.key, ...last });      // kept even if it no longer reads
    if (last.text) readText(last.text, last.rules, ++loadSeq).then((ok) => (ok ? changed({ keepStatus: true }) : keep()));
    else if (!editor.setState(last.state, last.givens)) keep();
  }
  drawRules();
  drawExamples();
  drawRecent();
  answer = null;
  showBrowse();
  drawActions();
  changed({ keepStatus: true });
}

// Read a puzzle text into the editor through the engine's `parse`. False (and the message) when it
// cannot be read, or when a newer load has started meanwhile.
async function readText(text, ruleList, seq) {
  const kind = info.key;
  setStatus(engine.ready ? "reading the puzzle…" : "reading the puzzle (waiting for the engine)…", "busy");
  const known = knownRules();
  let response;
  try {
    response = await engine.request({ op: "parse", kind, text, rules: (ruleList || []).filter((r) => known.has(r)) });
  } catch (err) {
    setStatus("the engine restarted before the puzzle was read: try again", "bad");
    return false;
  }
  if (kind !== info.key || seq !== loadSeq) return false;
  if (!response.ok) {
    setStatus(`invalid: ${response.error.message}`, "bad");
    $("text-box").hidden = false;
    $("show-text").setAttribute("aria-expanded", "true");
    $("text").value = text;
    return false;
  }
  if (!editor.setState(response.result.state)) {
    setStatus("invalid: the engine read a puzzle this editor cannot show", "bad");
    return false;
  }
  setStatus("puzzle loaded");
  return true;
}

// Every load goes through here. `apply()` puts the new puzzle (and its rules) into the editor of
// `kindKey` and says whether it did; the puzzle it replaced goes to Recent. Returns null when
// nothing was loaded, else {replaced} (null when the replaced puzzle was blank or the same).
async function replacePuzzle(kindKey, apply) {
  if (kindKey !== info.key) switchKind(kindKey);
  const seq = ++loadSeq;
  const before = current();
  const ok = await apply(seq);
  if (!ok || seq !== loadSeq) return null;
  drawRules();
  changed();
  const after = current();
  const same = entryKey(before) === entryKey(after) && sameRules(before.rules, after.rules);
  if (same || isBlank(before)) return { replaced: null };
  remember(before);
  return { replaced: before };
}

// An entry ({state | text, rules}) into the current editor, its rules with it.
async function applyEntry(entry, seq) {
  const ok = entry.state ? editor.setState(entry.state) : await readText(entry.text, entry.rules, seq);
  if (!ok && entry.state) setStatus(`invalid: this ${info.title} puzzle no longer fits the editor`, "bad");
  if (ok) setRules(entry.rules);
  return ok;
}

// What a load did, with "Undo load" when it replaced something.
let lastAnnounce = null;

function announce(what, result, extra = {}) {
  lastAnnounce = { what, result, aboutRules: !!extra.aboutRules };
  const parts = [what];
  const actions = [];
  if (result.replaced) {
    parts.push(`Your previous ${info.title} puzzle is kept in Recent.`);
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
  if (result) announce(what, result, { always: true });
}

// -- links ---------------------------------------------------------------------------------------
// What a URL asks for, never throwing: null (no puzzle in it), {error}, or {kind, rules, payload,
// url} (compact: #kind[,rules]/payload, "v2." payloads this page's own, older ones for the engine's
// link_import) / {kind, rules, text} (long form: #kind=…&rules=…&p=…, and the older ?kind=…&p=…).
function readLink(url) {
  const hash = url.hash.slice(1);
  if (hash) {
    if (/^(kind|rules|p)=/.test(hash)) return linkFromParams(new URLSearchParams(hash));
    const m = /^([^,/]*)((?:,[^,/]*)*)\/([\s\S]*)$/.exec(hash);
    let parts;
    try {
      parts = (m ? [m[1], ...m[2].split(",").filter(Boolean), m[3]] : [hash]).map(decodeURIComponent);
    } catch (err) {
      return { error: `the link is damaged: “#${excerpt(hash)}” has a broken %-escape (was it cut short?)` };
    }
    if (!m) return { error: `“#${excerpt(parts[0])}” is not a puzzle link (expected #kind/puzzle, e.g. #sudoku/v2.9x9.…)` };
    return { kind: parts[0], rules: parts.slice(1, -1), payload: parts[parts.length - 1], url: url.href };
  }
  if (url.searchParams.has("kind") || url.searchParams.has("p")) return linkFromParams(url.searchParams);
  return null;
}

function linkFromParams(q) {
  const kind = q.get("kind");
  const text = q.get("p");
  if (!kind) return { error: "the link has a puzzle but no kind= naming its puzzle kind" };
  if (text === null) return { error: `the link names the kind “${excerpt(kind)}” but has no puzzle (p=…)` };
  return { kind, rules: (q.get("rules") || "").split(",").filter(Boolean), text };
}

// Open a link: a bad one is refused with the reason and the last puzzle stays.
async function openLink(link, what = "Opened the link.") {
  const refuse = (why) => {
    writeUrl();                          // the address shows the puzzle on screen again
    notice(`This link could not be opened: ${why}. ${info ? `Your last ${info.title} puzzle is shown.` : ""}`,
           { tone: "bad" });
    return false;
  };
  if (link.error) return refuse(link.error);
  const kind = kindOf(link.kind);
  if (!kind) {
    const known = KINDS.map((k) => k.key).join(", ");
    return refuse(link.kind ? `it names an unknown puzzle kind “${excerpt(link.kind)}” (known: ${known})`
                            : `it names no puzzle kind (known: ${known})`);
  }
  if (link.rules.length > MAX_RULES) return refuse(`it names ${link.rules.length} rules (at most ${MAX_RULES})`);
  let why = "";
  const origin = info.key;
  let ruleList = link.rules;
  const result = await replacePuzzle(kind.key, async (seq) => {
    if (link.payload !== undefined && link.payload.startsWith("v2.")) {
      const state = decodeState(kind.layout, link.payload);
      const same = editor.sameAs(state);                 // a reload: the user's entries stay theirs
      if (!editor.setState(state, same ? editor.loadedState() : null)) {
        why = `its ${kind.title} puzzle “${excerpt(link.payload)}” could not be read`;
        return false;
      }
    } else if (link.payload !== undefined) {
      const old = await importOld(link, seq);
      if (typeof old === "string") why = old;
      if (!old || typeof old === "string") return false;
      ruleList = old.rules;
    } else if (!(await readText(link.text, link.rules, seq))) {
      why = `its ${kind.title} puzzle text could not be read (${$("status").textContent})`;
      return false;
    }
    setRules(ruleList);
    return true;
  });
  if (!result) {
    if (!why) return false;                // a newer load came first
    if (info.key !== origin) switchKind(origin);
    return refuse(why);
  }
  const unknown = unknownRules();
  announce(what, result, unknown.length ? {
    text: `It names ${unknown.length === 1 ? "a rule" : "rules"} ${info.title} does not know (${unknown.map((r) => excerpt(r, 30)).join(", ")}): remove ${unknown.length === 1 ? "it" : "them"} (×) to solve.`,
    tone: "bad",
    aboutRules: true,
  } : {});
  return true;
}

// A share link of an older page (#kind/<payload of its own editor>): the engine's link_import reads
// it from the whole URL. The state and rules read, a reason it was refused, or null (a newer load).
async function importOld(link, seq) {
  if (!link.payload) return `its ${kindOf(link.kind).title} puzzle could not be read: there is nothing after “/”`;
  let response;
  try {
    response = await engine.request({ op: "link_import", url: link.url });
  } catch (err) {
    return "the engine restarted before the link was read: try again";
  }
  if (seq !== loadSeq) return null;
  const title = kindOf(link.kind).title;
  if (!response.ok) return `its ${title} puzzle “${excerpt(link.payload)}” could not be read (${excerpt(response.error.message, 80)})`;
  const r = response.result;
  if (r.kind !== info.key || !editor.setState(r.state)) return `its ${title} puzzle “${excerpt(link.payload)}” could not be read`;
  return { rules: Array.isArray(r.rules) ? r.rules : link.rules };
}

function shareUrl() {
  const url = new URL("index.html", location.href);
  url.hash = linkHash(info.key, [...rules], encodeState(info.layout, editor.getState()));
  return url.href;
}

function writeUrl() {
  const url = shareUrl();
  if (url !== location.href) {
    try {
      history.replaceState(null, "", url);
    } catch (err) { /* too long for this browser's history: the share box still holds it */ }
  }
  lastUrl = location.href;
  $("share").href = url;
  $("share").textContent = url.length > 70 ? `${url.slice(0, 67)}…` : url;
  $("share-url").value = url;
}

// -- edits ---------------------------------------------------------------------------------------
function puzzleKey() {
  return `${info.key}\n${[...rules].sort().join(",")}\n${JSON.stringify(editor.getState())}`;
}

function changed({ keepStatus = false } = {}) {
  if (!editor) return;
  drawRulesNow();
  writeUrl();
  $("puzzlink-out").value = "";
  scheduleCheck();
  const key = puzzleKey();
  if (running && running.key !== key) {
    stop("stopped: the puzzle changed while it was being solved");
    keepStatus = true;
  }
  if (answer && answer.key !== key) {
    answer = null;
    showBrowse();
    $("keep-going").hidden = true;
  }
  if (hinted && hinted.key !== key) showApply(null);
  if (walk && walk.key !== key) closeWalk();
  if (!keepStatus && !running) {
    setStatus(engine && engine.ready ? "ready" : "editing (the engine is still loading)");
    $("elapsed").textContent = "";
  }
  save();
}

// Once edits settle and the engine is ready, `parse` checks the puzzle: its error is marked where
// it is (the status says what), and the text box shows the puzzle's text.
function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, CHECK_MS);
}

async function check() {
  if (!engine || !engine.ready || running) return;
  const key = puzzleKey();
  const known = knownRules();
  let response;
  try {
    response = await engine.request({ op: "parse", kind: info.key, state: editor.getState(),
                                      rules: [...rules].filter((r) => known.has(r)) });
  } catch (err) {
    return;                                   // the engine restarted: the next edit asks again
  }
  if (key !== puzzleKey() || running || answer) return;
  if (!response.ok) {
    editor.mark(response.error.where || {});
    setStatus(`invalid: ${response.error.message}`, "bad");
    shownInvalid = true;                      // after setStatus, which resets it
    return;
  }
  editor.clearMarks();
  if (shownInvalid) setStatus("ready");
  shownInvalid = false;
  if (!$("text-box").hidden && document.activeElement !== $("text")) $("text").value = response.result.text;
}

// The puzzle's text (for the text box and Copy text), from the engine; null when it cannot say.
async function textOf() {
  let response;
  try {
    response = await engine.request({ op: "parse", kind: info.key, state: editor.getState() });
  } catch (err) {
    return null;
  }
  if (response.ok) return response.result.text;
  setStatus(`invalid: ${response.error.message}`, "bad");
  return null;
}

// -- solving -------------------------------------------------------------------------------------
function showBrowse() {
  const boards = answer && answer.boards ? answer.boards : [];
  $("browse").hidden = boards.length < 1 || !answer || answer.status === "none";
  $("prev").disabled = shown <= 0;
  $("next").disabled = shown >= boards.length - 1;
  const total = answer && answer.count_complete && answer.count !== undefined ? answer.count : null;
  const partial = answer && !answer.count_complete && answer.count > boards.length;   // a count cut short
  $("which").textContent = boards.length
    ? `solution ${shown + 1} of ${total !== null ? total.toLocaleString("en") : boards.length}` +
      (total !== null && total > boards.length ? ` (first ${boards.length} kept)` : "") +
      (partial ? ` kept (of ${answer.count.toLocaleString("en")} found)` : "")
    : "";
  editor.showBoard(answer && boards[shown] ? boards[shown] : null);
}

// An answer the budget cut short: `unknown`, or a count stopped once two solutions said `multiple`.
function cutShort(result) {
  return result.status === "unknown" || (result.stopped === "budget" && result.count_complete === false);
}

function describeAnswer(result, mode, budget) {
  const under = rules.size ? ` under the rules ${rulesText()}` : "";
  if (cutShort(result)) {
    const within = `within the ${formatBudget(budget)} budget`;
    if (mode === "count") return `${result.status}: at least ${plural(result.count || 0, "solution")} so far (no full count ${within})`;
    if (result.status === "multiple") return `multiple solutions (showing one; no full count ${within})`;
    if (result.solution) return `unknown: a solution was found (shown), but not whether it is the only one, ${within}`;
    return `unknown: no solution found and none ruled out ${within}`;
  }
  if (mode === "count") {
    const n = result.count;
    if (!result.count_complete) return `multiple: at least ${plural(n, "solution")} (count stopped at the limit)`;
    if (n === 0) return `no solution${under}`;
    if (n === 1) return "unique: exactly 1 solution";
    return `multiple: exactly ${plural(n, "solution")}`;
  }
  if (result.status === "unique") return "unique solution";
  if (result.status === "multiple") return "multiple solutions (showing one; Count gives the number)";
  if (result.status === "none") return `no solution${under}`;
  return String(result.status);
}

// Refuse to ask with a rule the kind does not know, and say why.
function refuseUnknownRules() {
  const bad = unknownRules();
  if (!bad.length) return false;
  const known = (info.rules || []).map((r) => r.key);
  const names = bad.map((r) => `“${excerpt(r, 30)}”`).join(", ");
  setStatus(`refused: ${names} ${bad.length === 1 ? "is not a rule" : "are not rules"} of ${info.title} ` +
            `(${known.length ? `its rules: ${known.join(", ")}` : "it has no variant rules"}); remove ` +
            `${bad.length === 1 ? "it" : "them"} with × to solve`, "bad");
  return true;
}

function currentBudget() {
  return +$("budget").value || DEFAULT_BUDGET;
}

function nextBudget(ms) {
  return BUDGETS.find((b) => b > ms) || BUDGETS[BUDGETS.length - 1];
}

// The time a request has had on a ready engine (waiting for the engine to load does not count).
function solvingMs(job) {
  if (!engine.ready) return null;
  return performance.now() - Math.max(job.t0, readyAt);
}

const VERBS = { solve: "solving…", count: "solving…", hint: "looking for a hint…", path: "explaining every step…",
                check: "checking your entries…" };

function drawRunning(job) {
  const t = solvingMs(job);
  const clock = t === null ? "(waits for the engine to finish loading)" : `${(t / 1000).toFixed(1)} s of ${formatBudget(job.budget)}`;
  const doing = job.said ? `${job.said}; ` : `${VERBS[job.mode]} `;      // an answer already drawn goes first
  setStatus(`${doing}${job.progress ? `${job.progress} · ` : ""}${clock}`, "busy");
  $("elapsed").textContent = formatMs(performance.now() - job.t0);
  $("extend").textContent = `Extend to ${formatBudget(nextBudget(job.budget))}`;
  $("extend").disabled = job.budget >= BUDGETS[BUDGETS.length - 1];
}

// The request of a mode. Hint, Explain all and Check send the puzzle's givens and the user's entries
// apart; so do Solve and Count where the engine can hold entries apart (SAT or SMT: a wrong entry is
// then named as such in the conflict, and a puzlogic piece placed is not taken for a given cell), and
// they ask why, should there be no solution. A search gets the whole grid.
function requestFor(mode) {
  const base = { kind: info.key, rules: [...rules] };
  if (mode === "solve" || mode === "count") {
    const backend = backendFor();
    const apart = explainable() && backend !== "native";
    const request = { op: "solve", ...base, backend, state: apart ? editor.givenState() : editor.getState() };
    if (apart) Object.assign(request, { entries: editor.entries(), explain: true });
    if (mode === "count") Object.assign(request, { count: true, limit: COUNT_LIMIT, keep: 200 });
    return request;
  }
  const request = { op: mode === "check" ? "progress" : "hint", ...base, state: editor.givenState(),
                    entries: editor.entries() };
  if (mode === "path") request.path = true;
  return request;
}

// Send a job's request; when its budget was extended while it ran out, ask again for the time that
// remains. The response, or null when the job was stopped or its puzzle changed meanwhile.
async function ask(job, request) {
  for (;;) {
    request.budget_ms = Math.max(1000, Math.round(job.budget - job.sent));
    job.sent = job.budget;
    const response = await engine.request({ ...request }, (p) => {
      if (p.count !== undefined) job.progress = `${plural(p.count, "solution")} so far`;
      else if (p.nodes !== undefined) job.progress = `${p.nodes.toLocaleString("en")} nodes searched`;
    });
    if (running !== job) return null;
    const r = response.ok ? response.result : null;
    if (!(r && cutShort(r) && job.budget > job.sent)) return response;
    job.progress = "the budget was extended: searching again";
  }
}

// Solve, count, hint, explain all or check, with a time budget. "Extend" while it runs raises the
// budget: a request that runs out of its first budget is then asked again for the time that remains.
// Several solutions bring a second request: the cells every solution shares, in the time left. The
// answer is drawn before it is sent (Stop then keeps the answer; the shared cells follow when found).
async function run(mode, budget = currentBudget()) {
  if (running) return;
  if (refuseUnknownRules()) return;
  const request = requestFor(mode);
  if (mode === "check" && !request.entries.length) {
    setStatus("nothing to check yet: your entries are the values you type after a puzzle is loaded", "");
    return;
  }
  const job = { mode, key: puzzleKey(), t0: performance.now(), budget, sent: 0, progress: "", said: "" };
  editor.clearMarks();
  editor.clearOverlays();
  showApply(null);
  closeWalk();
  answer = null;
  showBrowse();
  $("engine-name").textContent = "";
  setBusy(job);
  drawRunning(job);
  const tick = setInterval(() => { if (running === job) drawRunning(job); }, 100);
  let response;
  try {
    response = await ask(job, request);
  } catch (err) {
    clearInterval(tick);
    if (running === job) engineLost(err);
    return;
  }
  if (!response) {                                         // stopped, or the puzzle changed
    clearInterval(tick);
    return;
  }
  const r = response.ok ? response.result : null;
  const shared = r && r.status === "multiple" && !cutShort(r) && request.op === "solve" && explainable();
  if (!shared) {
    clearInterval(tick);
    setBusy(null);
  }
  const wall = performance.now() - job.t0;
  $("elapsed").textContent = formatMs(wall);
  if (puzzleKey() !== job.key) return;                      // an answer for another puzzle: dropped
  if (!response.ok) {
    const e = response.error;
    setStatus(`invalid: ${e.message}`, "bad");
    editor.mark(e.where || {});
    return;
  }
  const result = response.result;
  if (mode === "hint") return showHint(result, job);
  if (mode === "path") return showWalk(result, job);
  if (mode === "check") return showProgress(result, job, request.entries.length);
  answer = { ...result, key: job.key, mode };
  shown = 0;
  const tone = result.status === "none" ? "bad" : cutShort(result) ? "" : "good";
  setStatus(describeAnswer(result, mode, job.budget), tone);
  if (result.elapsed_ms !== undefined) $("elapsed").textContent = `${formatMs(wall)} (solver ${formatMs(result.elapsed_ms)})`;
  $("engine-name").textContent = result.engine || "";
  offerKeepGoing(result, mode, job.budget);
  showBrowse();
  if (result.status === "none") showConflict(result, describeAnswer(result, mode, job.budget));
  if (!shared) return;
  job.said = describeAnswer(result, mode, job.budget);
  job.progress = "finding the cells every solution shares";
  job.sent = solvingMs(job) || 0;
  let facts;
  try {
    facts = await ask(job, { op: "solve", kind: request.kind, state: request.state, rules: request.rules,
                             backend: request.backend, entries: request.entries, facts: true, render: false,
                             keep: 1 });
  } catch (err) {
    if (running === job) engineLost(err);
    return;
  } finally {
    clearInterval(tick);
  }
  if (!facts) return;                                       // stopped (the answer stays), or the puzzle changed
  setBusy(null);
  if (puzzleKey() !== job.key) return;
  showFacts(facts, job.said);
}

function offerKeepGoing(result, mode, budget) {
  const button = $("keep-going");
  button.hidden = !cutShort(result);
  const more = nextBudget(budget);
  button.textContent = `Keep going (${formatBudget(more)})`;
  button.onclick = () => run(mode, more);
}

// -- explanations --------------------------------------------------------------------------------
const cellWords = ([r, c]) => `row ${r + 1}, column ${c + 1}`;

// A value as the grid writes it (a symbol, or the number itself).
// How a value is drawn over a cell: the kind's mark for a value that is not a number (nonogram ■ ×),
// else the editor's own text for it.
function valueWords(n) {
  const said = (info.values || {})[n];
  if (said) return said.mark;
  const text = editor.valueText(n);
  return text === null ? String(n) : text;
}

// Several solutions: the open cells every one of them shares, drawn as values over the puzzle.
function showFacts(response, said) {
  const r = response.ok ? response.result : null;
  if (!r || !r.facts) {
    const why = !r ? response.error.message : r.facts_stopped === "budget" ? "no time was left" : "the engine could not say";
    setStatus(`${said}; which cells every solution shares is not known (${excerpt(why, 80)})`, "good");
    return;
  }
  const open = r.facts.filter(([row, col]) => editor.isOpen(row, col));
  const values = {};
  for (const [row, col, v] of open) values[`${row},${col}`] = valueWords(v);
  editor.values(values);
  const n = open.length;
  setStatus(`${said}; ${plural(n, "open cell")} ${n === 1 ? "is" : "are"} the same in all of them` +
            (n ? " (shown in purple)" : ""), "good");
}

// No solution: the clues that contradict each other are marked and named; a rule among them is
// named apart (a variant left on is a common cause).
function showConflict(result, said) {
  if (!result.conflict) {
    if (result.explain_stopped === "budget") setStatus(`${said}; no time was left to find out why`, "bad");
    return;
  }
  editor.mark(result.conflict.map(([r, c]) => ({ r, c })));
  const named = (result.conflict_clues || []).filter((clue) => Array.isArray(clue.key) && clue.key[0] === "rule")
    .map((clue) => clue.key[1]);
  const rule = named.length ? ` The ${named.join(" and ")} rule${named.length === 1 ? " is" : "s are"} part of it.` : "";
  editor.highlight([], `${result.because}${rule}`);
  setStatus(`${said}: ${result.because}${rule}`, "bad");
}

// A step drawn: its cell (the cursor goes there) and the cells of its reason highlighted, `caption`
// under the board; with `values` (a whole solve), the values of the steps so far over their cells.
function drawStep(step, caption, values = null) {
  editor.point(step.cell[0], step.cell[1]);
  editor.highlight([step.cell, ...step.because], caption);
  if (values) editor.values(values);
}

function stepWords(step) {
  return `${cellWords(step.cell)} ${step.eliminated ? "is not" : "is"} ${step.word || valueWords(step.value)}`;
}

function showHint(result, job) {
  const step = result.hint;
  if (step) {
    drawStep(step, `Hint: ${stepWords(step)}. ${step.sentence}`);
    setStatus(`hint: ${stepWords(step)}. ${step.sentence}`, "good");
    showApply(step.eliminated ? null : step);
  } else if (result.status === "none") {
    if (result.conflict) editor.mark(result.conflict.map(([r, c]) => ({ r, c })));
    setStatus(`no hint: ${result.message}`, "bad");
  } else if (result.status === "unknown") {
    setStatus(`no hint within the ${formatBudget(job.budget)} budget`, "");
    offerKeepGoing(result, "hint", job.budget);
  } else {
    setStatus(result.message, result.status === "unique" ? "good" : "");
  }
}

// Apply is offered while the hint shown is a value this grid can hold in an open cell.
function showApply(step) {
  const [r, c] = step ? step.cell : [-1, -1];
  const can = !!step && editor.valueText(step.value) !== null && editor.isOpen(r, c) &&
    (info.layout.cell || {}).editable !== false && !(info.layout.cell || {}).paint;
  hinted = can ? { key: puzzleKey(), step } : null;
  $("apply").hidden = !can;
}

function applyHint() {
  if (!hinted) return;
  const { step } = hinted;
  if (editor.enter(step.cell[0], step.cell[1], step.value)) setStatus(`applied: ${stepWords(step)}`, "good");
  editor.focus();
}

// Explain all: every step to the end, browsed one at a time, and the difficulty of the whole solve.
function showWalk(result, job) {
  if (!result.steps || !result.steps.length) return showHint(result, job);
  walk = { key: puzzleKey(), steps: result.steps, difficulty: result.difficulty, i: 0, stopped: result.stopped };
  $("steps").hidden = false;
  const d = result.difficulty;
  $("rating").textContent = d
    ? `Difficulty: ${d.rating} · ${plural(d.steps, "step")}, ${d.hard_steps} hard (a reason beyond one row, column or ` +
      `region), the largest reason ${plural(d.largest_reason, "clue")}`
    : `No rating: ${result.stopped ? `the ${formatBudget(job.budget)} budget ran out after ${plural(result.steps.length, "step")}` : result.message}`;
  drawWalk();
}

function drawWalk() {
  const { steps, i } = walk;
  const values = {};
  for (const step of steps.slice(0, i + 1)) {
    if (!step.eliminated) values[`${step.cell[0]},${step.cell[1]}`] = valueWords(step.value);
  }
  const [r, c] = steps[i].cell;
  if (steps[i].eliminated) values[`${r},${c}`] = `≠${valueWords(steps[i].value)}`;
  drawStep(steps[i], steps[i].sentence, values);
  $("step-which").textContent = `step ${i + 1} of ${steps.length}`;
  $("step-prev").disabled = i <= 0;
  $("step-next").disabled = i >= steps.length - 1;
  const last = i === steps.length - 1 && !walk.stopped ? " (the last step: every cell is known)" : "";
  setStatus(`step ${i + 1} of ${steps.length}: ${steps[i].sentence}${last}`, "good");
}

function stepBy(delta) {
  if (!walk || walk.key !== puzzleKey()) return;
  walk.i = Math.max(0, Math.min(walk.steps.length - 1, walk.i + delta));
  drawWalk();
}

function closeWalk() {
  walk = null;
  $("steps").hidden = true;
}

// Check: the entries no solution agrees with are marked; nothing else is revealed.
function showProgress(result, job, n) {
  const entries = n === 1 ? "1 entry" : `${n.toLocaleString("en")} entries`;
  if (result.status === "none") {
    setStatus("the puzzle itself has no solution, so no entry can be checked (Solve says why)", "bad");
  } else if (result.status === "unknown") {
    setStatus(`your entries could not be checked within the ${formatBudget(job.budget)} budget`, "");
    offerKeepGoing(result, "check", job.budget);
  } else if (result.wrong.length) {
    editor.mark(result.wrong.map(([r, c]) => ({ r, c })));
    const k = result.wrong.length;
    setStatus(`${k} of your ${entries} ${k === 1 ? "is" : "are"} wrong (marked): no solution agrees with ${k === 1 ? "it" : "them"}`, "bad");
  } else {
    setStatus(`all correct so far (${entries})`, "good");
  }
}

// The worker went away under a request (it died, or was replaced): the puzzle is still here.
function engineLost(err) {
  setBusy(null);
  const died = err && (err.reason === "died" || /died/.test(err.message || ""));
  setStatus(died ? "the engine stopped (out of memory?) and is starting again; your puzzle is kept: try again, perhaps with a smaller budget"
                 : `the request did not finish: ${excerpt((err && err.message) || "the engine restarted", 80)}`, "bad");
}

// A kind's optional packages (its `needs`, e.g. sympy) are fetched and imported in the background.
function preload() {
  if (engine && info.needs && info.needs.length) engine.request({ op: "preload", packages: info.needs }).catch(() => {});
}

// The engine menu's choice when the kind can use it, else the kind's own (native search).
function backendFor() {
  const chosen = $("engine").value;
  return info.backends && !info.backends.includes(chosen) ? info.backends[0] : chosen;
}

// Stop: the worker is replaced. Before the engine is ready the request is only dropped (its answer
// will be ignored), so that a half-loaded engine is not thrown away.
function stop(why = "stopped (the engine restarts)") {
  if (!running) return;
  const said = running.said;                                // an answer drawn before the shared cells
  setBusy(null);
  if (engine.ready) {
    engine.restart();
    preload();
    if (!engine.ready) {
      document.body.dataset.engine = "loading";
      showLoad(true);
    }
  }
  setStatus(said ? `${said}; ${why}` : why, "");
}

// -- loading and offline -------------------------------------------------------------------------
function showLoad(visible) {
  $("load").hidden = !visible;
}

const loadLog = [];                 // stages and their times, for the benchmark
window.gridlogicLoadLog = loadLog;

function onLoad(m) {
  if (!loadLog.length || loadLog[loadLog.length - 1].stage !== m.stage) loadLog.push({ stage: m.stage, at: m.at });
  showLoad(true);
  const bar = $("load-bar");
  bar.max = m.total || 1;
  bar.value = m.loaded || 0;
  const mb = (x) => (x / 1e6).toFixed(1);
  $("load-text").textContent = m.total > 1 ? `${m.stage}: ${mb(m.loaded)} / ${mb(m.total)} MB` : `${m.stage}…`;
  $("load").setAttribute("aria-valuenow", String(Math.round((100 * (m.loaded || 0)) / (m.total || 1))));
  if (m.done) setTimeout(() => { if (engine.ready && !running) showLoad(false); }, 800);
}

function onReady(m) {
  readyAt = performance.now();
  scheduleCheck();
  showLoad(false);
  document.body.dataset.engine = "ready";
  $("version").textContent = `gridlogic ${m.hello.version} · build ${m.version} · ready in ${formatMs(m.ms)}`;
  const smt = $("engine").querySelector('option[value="smt"]');
  if (!running) {
    const s = $("status").textContent;
    if (!s || s.startsWith("Loading") || s.startsWith("editing") || s.startsWith("stopped")) {
      setStatus(s.startsWith("stopped") ? `${s}; engine ready again` : "ready");
    }
  }
  smt.disabled = false;
  if (!document.body.dataset.offline) precacheAll();
}

// The engine swapped its worker: Stop (said already) or a worker that died while nothing ran.
function onReplaced(reason) {
  if (!engine.ready) document.body.dataset.engine = "loading";
  if (reason === "died" && !running) {
    setStatus("the engine stopped working and was replaced; your puzzle is kept", "bad");
  }
}

function onFatal(message) {
  setStatus(`the engine failed: ${message}`, "bad");
  $("load-text").textContent = `failed: ${message}`;
}

// -- pasted text and URLs ------------------------------------------------------------------------
function isUrlLike(text) {
  return /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(text);
}

// Text from the clipboard or the text box. A URL goes to openUrl; plain text carries no rules, so
// the kind's default rules apply (the notice offers to keep the previous ones).
async function loadPasted(text, what) {
  const trimmed = text.trim();
  if (isUrlLike(trimmed)) return openUrl(trimmed);
  const previous = [...rules];
  const result = await replacePuzzle(info.key, async (seq) => {
    const ok = await readText(text, [], seq);
    if (ok) setRules([]);
    return ok;
  });
  if (!result) return false;
  const extra = {};
  if (previous.length) {
    extra.text = `Rules reset to classic: ${what} carries no rules (it had ${previous.join(", ")}).`;
    extra.actions = [{
      label: `Keep ${excerpt(previous.join(", "), 40)}`, testid: "keep-rules",
      run: () => {
        setRules(previous);
        changed();
        notice(`Kept the previous rules: ${rulesText()}.`);
      },
    }];
  }
  announce(`Loaded ${what}.`, result, extra);
  setStatus(`puzzle loaded · rules: ${rulesText()}`);
  return true;
}

// A URL pasted anywhere: one of this page's share links opens as a link; anything else (puzz.link)
// goes through the engine's link_import, which names the kind to switch to.
async function openUrl(text) {
  let url = null;
  try {
    url = new URL(text);
  } catch (err) {
    url = null;
  }
  const own = url && /^https?:$/.test(url.protocol) ? readLink(url) : null;
  if (own && !own.error) return openLink(own, "Opened the pasted link.");
  setStatus(engine.ready ? "importing…" : "importing (waiting for the engine)…", "busy");
  let response;
  try {
    response = await engine.request({ op: "link_import", url: text });
  } catch (err) {
    setStatus("the engine restarted before the link was read: try again", "bad");
    return false;
  }
  if (!response.ok) {
    setStatus(`invalid: ${response.error.message}`, "bad");
    return false;
  }
  const r = response.result;
  if (!kindOf(r.kind)) {
    setStatus(`invalid: the link is for a kind this page does not have (${excerpt(r.kind)})`, "bad");
    return false;
  }
  const imported = Array.isArray(r.rules) ? r.rules : [];
  const entry = r.state ? { state: r.state, rules: imported } : { text: r.text, rules: imported };
  const result = await replacePuzzle(r.kind, (seq) => applyEntry(entry, seq));
  if (!result) return false;
  announce(`Imported a ${info.title} puzzle from ${excerpt(url ? url.host : "the link", 40)}.`, result);
  setStatus("imported");
  return true;
}

// -- wiring --------------------------------------------------------------------------------------
function wire() {
  $("kind").addEventListener("change", () => {
    switchKind($("kind").value);
    notice("");
    editor.focus();
  });
  $("examples").addEventListener("change", async () => {
    const ex = info.examples.find((e) => e.name === $("examples").value);
    $("examples").value = "";
    if (!ex) return;
    const result = await replacePuzzle(info.key, (seq) => applyEntry(ex.state ? ex : { text: ex.text, rules: ex.rules }, seq));
    if (result) announce(`Loaded the example “${ex.name}” (rules: ${rulesText()}).`, result);
    editor.focus();
  });
  $("recent").addEventListener("change", async () => {
    const choice = $("recent").value;
    const entry = choice === "" ? null : (saved.recent[info.key] || [])[+choice];
    $("recent").value = "";
    if (!entry) return;
    await bringBack({ kind: info.key, ...entry }, "Loaded a recent puzzle.");
    editor.focus();
  });
  $("notice-close").addEventListener("click", () => notice(""));
  $("solve").addEventListener("click", () => run("solve"));
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
    editor.clearOverlays();
    setStatus("ready");
  });
  $("keep-givens").addEventListener("click", () => {
    const n = editor.entries().length;
    if (editor.keepAsGivens()) setStatus(`the puzzle's givens now include your ${n === 1 ? "entry" : `${n} entries`}`);
    editor.focus();
  });
  $("extend").addEventListener("click", () => {
    if (!running) return;
    running.budget = nextBudget(running.budget);
    drawRunning(running);
  });
  $("budget").addEventListener("change", save);
  $("undo").addEventListener("click", () => { editor.undo(); editor.focus(); });
  $("redo").addEventListener("click", () => { editor.redo(); editor.focus(); });
  $("clear").addEventListener("click", () => { editor.clear(); editor.focus(); });
  $("prev").addEventListener("click", () => { shown = Math.max(0, shown - 1); showBrowse(); });
  $("next").addEventListener("click", () => {
    shown = Math.min((answer.boards || []).length - 1, shown + 1);
    showBrowse();
  });
  $("back").addEventListener("click", () => { answer = null; showBrowse(); });
  $("engine").addEventListener("change", save);
  $("show-text").addEventListener("click", async () => {
    const box = $("text-box");
    box.hidden = !box.hidden;
    $("show-text").setAttribute("aria-expanded", String(!box.hidden));
    if (box.hidden) return;
    $("text").focus();
    const before = $("text").value;
    if (!engine.ready) $("text").placeholder = "the puzzle's text appears here once the engine has loaded";
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
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target.matches("input, textarea, select")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) editor.undo();
    else if (key === "y" || (key === "z" && event.shiftKey)) editor.redo();
    if (key === "z" || key === "y") editor.focus();
    else if (key === "enter") run("solve");
    else return;
    event.preventDefault();
  });
  window.addEventListener("hashchange", () => {
    if (location.href === lastUrl) return;
    const link = readLink(new URL(location.href));
    if (link) openLink(link);
  });
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    setStatus("copied");
  } catch (err) {
    setStatus("copy failed: select the text and copy it by hand");
  }
}

function importBox() {
  const url = $("puzzlink-in").value.trim();
  if (url) openUrl(url);
}

async function exportPuzzlink() {
  let response;
  try {
    response = await engine.request({ op: "link_export", kind: info.key, state: editor.getState(), rules: [...rules] });
  } catch (err) {
    setStatus("the engine restarted before the export: try again", "bad");
    return;
  }
  if (!response.ok) {
    setStatus(`cannot export: ${response.error.message}`, "bad");
    return;
  }
  $("puzzlink-out").value = response.result.url;
  setStatus("puzz.link URL ready");
}

async function main() {
  KINDS = (await (await fetch("kinds.json")).json()).kinds;
  for (const k of KINDS) $("kind").append(new Option(k.title, k.key));
  for (const ms of BUDGETS) $("budget").append(new Option(formatBudget(ms), String(ms)));
  $("budget").value = String(saved.budget || DEFAULT_BUDGET);
  if (saved.engine) $("engine").value = saved.engine;
  wire();
  engine = new Engine({ load: onLoad, ready: onReady, fatal: onFatal, replaced: onReplaced });
  // A later visit (the service worker already controls the page, or there is none): the engine
  // starts now, beside the rest of the page's setup, which ends before any of its messages is read.
  // A first visit starts it once the service worker has taken control, so its downloads are cached.
  const startNow = !navigator.serviceWorker || !!navigator.serviceWorker.controller;
  if (startNow) engine.start();
  const link = readLink(new URL(location.href));
  switchKind(saved.kind && kindOf(saved.kind) ? saved.kind : KINDS[0].key);   // the last puzzle first
  setStatus("editing (the engine is still loading)");
  if (link) openLink(link);            // not awaited: a long-form link may wait for the engine
  editor.focus();
  // For benchmarks, tests and debugging: the engine's request function (same path as the buttons)
  // and the editor (its overlays have no button yet).
  window.gridlogic = { request: (request) => engine.request(request), editor: () => editor };
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
  if (!startNow) engine.start();
}

main().catch((err) => setStatus(`the page failed to start: ${err.message}`, "bad"));
