// Every way a puzzle comes in by link or text, in this one module: the address the page opens with
// and each later change of its "#" (hashchange), a link or text pasted onto the grid, the text box's
// Load and the Import box. This page's own links (#kind/v3.…, with the player's progress after a "/";
// #kind=…&p=…; the daily puzzle's #kind/daily/…, generate.js) are read here with the codecs
// (web/codecs/); anything else (puzz.link, pzv.jp, Tatham's game IDs and permalinks, an older link of
// this page) goes to the engine's link_import. A link that cannot be read leaves the last puzzle in
// place and says why; a load goes through loads.js (Recent, "Undo load").
import { readGivens, readPuzzlink, readScl } from "../codecs/foreign.js";
import { decodePlay } from "../codecs/play.js";
import { ABOUT, decodeAbout, decodeState } from "../codecs/statelink.js";
import { blankState } from "../editor.js";
import { changed } from "./edits.js";
import { openDaily, readDaily } from "./generate.js";
import { announce, applyEntry, readText, replacePuzzle, switchKind } from "./loads.js";
import { current, entryKey, isBlank } from "./saved.js";
import { showPuzzleInfo } from "./puzzle_info.js";
import { rulesText, setRules, unknownRules } from "./rules.js";
import { writeUrl } from "./share.js";
import { notice, puzzleName, setStatus } from "./status.js";
import { $, excerpt, kindOf, MAX_RULES, page } from "./store.js";

// What a URL asks for, never throwing: null (no puzzle in it), {error}, or {kind, rules, payload,
// url} (compact: #kind[,rules]/payload, "v3." and "v2." payloads this page's own, older ones for the
// engine's link_import) / {kind, rules, text} (long form: #kind=…&rules=…&p=…, and the older ?kind=…&p=…)
// / {kind, rules, daily, level, size} (a daily puzzle: #kind/daily/YYYY-MM-DD/level, generate.js).
function readLink(url) {
  const hash = url.hash.slice(1);
  if (hash) {
    if (/^(kind|rules|p)=/.test(hash)) return linkFromParams(new URLSearchParams(hash));
    const daily = readDaily(hash);                                 // #kind/daily/YYYY-MM-DD/level
    if (daily) return daily;
    const m = /^([^,/]*)((?:,[^,/]*)*)\/([\s\S]*)$/.exec(hash);
    let parts;
    try {
      parts = (m ? [m[1], ...m[2].split(",").filter(Boolean), m[3]] : [hash]).map(decodeURIComponent);
    } catch (err) {
      return { error: `the link is damaged: “#${excerpt(hash)}” has a broken %-escape (was it cut short?)` };
    }
    if (!m) return { error: `“#${excerpt(parts[0])}” is not a puzzle link (expected #kind/puzzle, e.g. #kind/v3.…)` };
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
export async function openLink(link, what = "Opened the link.") {
  const refuse = (why) => {
    writeUrl();                          // the address shows the puzzle on screen again
    notice(`This link could not be opened: ${why}. ${page.info ? `Your last ${puzzleName(page.info)} is shown.` : ""}`,
           { tone: "bad" });
    return false;
  };
  if (link.error) return refuse(link.error);
  const kind = kindOf(link.kind);
  if (!kind) {
    const known = page.kinds.map((k) => k.key).join(", ");
    return refuse(link.kind ? `it names an unknown puzzle kind “${excerpt(link.kind)}” (known: ${known})`
                            : `it names no puzzle kind (known: ${known})`);
  }
  if (link.rules.length > MAX_RULES) return refuse(`it names ${link.rules.length} rules (at most ${MAX_RULES})`);
  if (link.daily) return openDaily(link, refuse);
  let why = "";
  const origin = page.info.key;
  let ruleList = link.rules;
  let about = null;
  const result = await replacePuzzle(kind.key, async (seq) => {
    const [puzzle, progress, aboutSegment] = link.payload !== undefined ? splitProgress(link.payload) : [];
    about = aboutSegment ? decodeAbout(aboutSegment) : null;
    if (aboutSegment && !about) {
      why = `its title and author (“${excerpt(aboutSegment)}”) are damaged`;
      return false;
    }
    const state = isShared(link.payload) ? decodeState(kind.layout, puzzle) : null;
    // A v2 payload this page cannot read may hold a field the kind has since retired (sudoku's variant
    // clues as text lines): it goes to the engine with the older links.
    const own = state !== null || (isShared(link.payload) && !link.payload.startsWith("v2."));
    if (own) {
      const same = page.editor.sameAs(state);                 // a reload: the player's progress stays
      const play = progress !== null ? decodePlay(progress) : same ? page.editor.getPlay() : null;
      if (progress !== null && play === null) {
        why = `the progress in it (“${excerpt(progress)}”) is damaged`;
        return false;
      }
      if (!page.editor.setState(state, null, play)) {
        why = `its ${puzzleName(kind)} “${excerpt(puzzle)}” could not be read`;
        return false;
      }
    } else if (link.payload !== undefined) {
      const old = await importOld(link, seq);
      if (typeof old === "string") why = old;
      if (!old || typeof old === "string") return false;
      ruleList = old.rules;
      about = old.about;
    } else {
      const read = await readText(link.text, link.rules, seq);
      if (!read) {
        why = `the text of its ${puzzleName(kind)} could not be read (${$("status").textContent})`;
        return false;
      }
      ruleList = read;
    }
    setRules(ruleList);
    return true;
  });
  if (!result) {
    if (!why) return false;                // a newer load came first
    if (page.info.key !== origin) switchKind(origin);
    return refuse(why);
  }
  showPuzzleInfo(about);
  const unknown = unknownRules();
  announce(what, result, unknown.length ? {
    text: `It names ${unknown.length === 1 ? "a rule" : "rules"} ${page.info.title} does not know (${unknown.map((r) => excerpt(r, 30)).join(", ")}): remove ${unknown.length === 1 ? "it" : "them"} (×) to solve.`,
    tone: "bad",
    aboutRules: true,
  } : {});
  return true;
}

// A share link of an older page (#kind/<payload of its own editor>, or a v2 payload with a retired
// field): the engine's link_import reads it from the whole URL. The state and rules read, a reason it was refused, or null (a newer load).
async function importOld(link, seq) {
  if (!link.payload) return `its ${puzzleName(kindOf(link.kind))} could not be read: there is nothing after “/”`;
  let response;
  try {
    response = await page.engine.request({ op: "link_import", url: link.url });
  } catch (err) {
    return "the engine restarted before the link was read: try again";
  }
  if (seq !== page.loadSeq) return null;
  const name = puzzleName(kindOf(link.kind));
  if (!response.ok) return `its ${name} “${excerpt(link.payload)}” could not be read (${excerpt(response.error.message, 80)})`;
  const r = response.result;
  if (r.kind !== page.info.key || !page.editor.setState(r.state)) return `its ${name} “${excerpt(link.payload)}” could not be read`;
  return { rules: Array.isArray(r.rules) ? r.rules : link.rules, about: r };
}

// True for this page's own payloads ("v3.…", "v2.…").
const isShared = (payload) => payload !== undefined && /^v[23]\./.test(payload);

// A payload and the segments after it: the player's progress ("v3.…/p1.…", null for none) and what
// the link says of its puzzle ("…/i1.…", its title, author and rules text; null for none).
function splitProgress(payload) {
  const [puzzle, ...rest] = payload.split("/");
  const progress = rest.filter((s) => !s.startsWith(ABOUT));
  const about = rest.find((s) => s.startsWith(ABOUT));
  return [puzzle, progress.length ? progress.join("/") : null, about === undefined ? null : about];
}

// This page's own link in `text` (#kind/v3…, #kind=…&p=…, ?kind=…&p=…, whole or from "#" / "?"),
// read; null for anything else (an older payload of this page is the engine's to read).
function ownLink(text) {
  let url;
  try {
    url = /^[#?]/.test(text) ? new URL(text, location.href) : new URL(text);
  } catch (err) {
    return null;
  }
  if (!/^https?:$/.test(url.protocol)) return null;
  const link = readLink(url);
  if (!link || link.error) return null;
  return link.text !== undefined || link.daily || isShared(link.payload) ? link : null;
}

// Where an import came from, for its notice: the link's host, or what the engine's `source` names.
const SOURCES = { puzzlink: "puzz.link", tatham: "Tatham's collection", page: "an older link of this page",
                  "f-puzzles": "f-puzzles", scl: "SudokuPad" };

function sourceOf(result, text) {
  let host = "";
  try {
    host = new URL(text).host;
  } catch (err) {
    host = "";
  }
  const named = Object.hasOwn(SOURCES, result.source) ? SOURCES[result.source] : "";
  if (host && named && named !== "puzz.link") return `${excerpt(host, 40)} (${named})`;
  return host ? excerpt(host, 40) : named || "a game ID";
}

// While the engine starts, a pasted link's givens are drawn on a blank grid of the kind on screen
// when codecs/foreign.js reads them for it (an f-puzzles or SudokuPad SCL link for a kind that exports
// f-puzzles, a puzz.link URL of its own pid and plain data: kinds.json `exports`, `puzzlink`), so the
// grid shows at once; the engine's import replaces them. Returns a function that puts the blank grid
// back if the givens are still shown (before the import loads, so Recent never keeps them), or null.
function drawAhead(text) {
  if (page.engine.ready || !isBlank(current())) return null;
  const foreign = page.info.exports.includes("fpuzzles");
  const read = (foreign && (readGivens(text) || readScl(text))) || readPuzzlink(text, page.info.puzzlink);
  if (!read) return null;
  const blank = page.editor.getState();
  const symbols = (page.info.layout.cell && page.info.layout.cell.symbols) || {};
  const digits = typeof symbols === "string" ? symbols : symbols[String(read.rows)] || "";
  const state = { ...blankState(page.info.layout, read.rows, read.cols) };
  state.cells = read.givens.map((d, i) => (d ? digits[d - 1] || String(d) : state.cells[i]));
  if (!page.editor.setState(state)) return null;
  const shown = entryKey(current());
  return () => { if (entryKey(current()) === shown) page.editor.setState(blank); };
}

// A link pasted anywhere or typed into the Import box: this page's own links open as links; anything
// else (puzz.link, pzv.jp, a Tatham game ID or permalink, an older link of this page) goes to the
// engine's link_import, which names the kind to switch to. `quiet`: a refusal leaves the status as
// it was (a paste whose parse error is already said). While the import runs it is the page's load
// (`page.loading`): Solve pressed meanwhile (on givens drawn ahead, say) waits for its puzzle.
function openUrl(text, { quiet = false } = {}) {
  const own = ownLink(text);
  if (own) return openLink(own, "Opened the pasted link.");
  const loading = importUrl(text, quiet);
  page.loading = loading;
  loading.finally(() => { if (page.loading === loading) page.loading = null; });
  return loading;
}

async function importUrl(text, quiet) {
  if (!quiet) setStatus(page.engine.ready ? "importing…" : "importing (waiting for the engine)…", "busy");
  const seq = ++page.loadSeq;                              // a load begun: an older one (today's first puzzle) gives way
  const blankAgain = drawAhead(text) || (() => {});
  let response;
  try {
    response = await page.engine.request({ op: "link_import", url: text });
  } catch (err) {
    blankAgain();
    if (!quiet) setStatus("the engine restarted before the link was read: try again", "bad");
    return false;
  }
  blankAgain();
  if (seq !== page.loadSeq) return false;                  // a newer load came first
  if (!response.ok) {
    if (!quiet) setStatus(`invalid: ${response.error.message}`, "bad");
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
  showPuzzleInfo(r);
  for (const [row, col, value] of r.entries || []) page.editor.enter(row, col, value);
  announce(`Imported a ${puzzleName(page.info)} from ${sourceOf(r, text)}.`, result, { always: true });
  setStatus("imported");
  return true;
}

function importBox() {
  const text = $("puzzlink-in").value.trim();
  if (text) openUrl(text);
}

function isUrlLike(text) {
  return /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(text);
}

// Text from the clipboard or the text box. A URL goes to openUrl; text carries the rules of its own
// `rules:` line only, so without one the kind's default rules apply (the notice offers to keep the
// previous ones). Text the kind's
// parse refuses may still be a link without a scheme (a Tatham game ID such as 5x5:1/1/…): one
// word is offered to the engine's link_import, and the parse error stays when that refuses it too.
async function loadPasted(text, what) {
  const trimmed = text.trim();
  if (isUrlLike(trimmed)) return openUrl(trimmed);
  const previous = [...page.rules];
  let refused = false;
  let carried = false;
  const result = await replacePuzzle(page.info.key, async (seq) => {
    const read = await readText(text, [], seq);
    if (read) setRules(read);
    carried = read && read.length > 0;
    refused = !read && seq === page.loadSeq;
    return !!read;
  });
  if (!result) return refused && trimmed && !/\s/.test(trimmed) ? openUrl(trimmed, { quiet: true }) : false;
  const extra = {};
  if (previous.length && !carried) {
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
  page.textWritten = $("text").value;               // loaded: the box follows the puzzle again
  announce(`Loaded ${what}.`, result, extra);
  setStatus((page.info.rules || []).length ? `puzzle loaded · rules: ${rulesText()}` : "puzzle loaded");
  return true;
}

// The link in the address the page was opened with, or null; read before the page writes its own.
export function linkInAddress() {
  return readLink(new URL(location.href));
}

export function wireOpen() {
  $("load-text-btn").addEventListener("click", () => loadPasted($("text").value, "the text box"));
  $("editor").addEventListener("paste", (event) => {
    const text = event.clipboardData && event.clipboardData.getData("text/plain");
    if (!text || text.trim().length < 2) return;     // a clue field stops its own one-clue pastes
    event.preventDefault();
    loadPasted(text, "the pasted text");
  });
  $("import").addEventListener("click", importBox);
  $("puzzlink-in").addEventListener("keydown", (e) => { if (e.key === "Enter") importBox(); });
  window.addEventListener("hashchange", () => {
    if (location.href === page.lastUrl) return;
    const link = readLink(new URL(location.href));
    if (link) openLink(link);
  });
}
