// New puzzles: the "New puzzle" panel (kind, size, difficulty, symmetry, minimal) and the daily
// puzzle, both the engine's `generate` op. A generation is the page's running job, as a solve is:
// its progress ("tried N") and clock in the status line and the panel, Stop, the time budget with
// Extend, and "Keep going" when the budget ran out. The puzzle made is loaded as any other load
// (the puzzle it replaces goes to Recent) and opens in play mode; its difficulty word and seed
// show above the grid.
//
// The daily puzzle is asked for by date (`daily`), so every device makes the same one with no
// server. Its link: #<kind>[+<family>]/daily/<YYYY-MM-DD>[/<difficulty>[/<rows>x<cols>]] (a family of
// clues drawn on the grid, e.g. #sudoku+killer/daily/...); what it leaves out is left to the engine
// (its default size and level), as the panel's "standard" size does. What a kind can be made at is the
// engine's to say: the panel offers the sizes and symmetries kinds.json lists under `generate` (else
// the kind's sizes and every symmetry), at each size the levels listed with it (those made within the
// default budget; the standard size's are its default size's), and the families of clues listed there
// (`generate.families`, each with its own sizes: killer cages for sudoku), and the engine's refusal is
// shown at the control it names.
import { engineLost } from "./engine_view.js";
import { announce, applyEntry, replacePuzzle } from "./loads.js";
import { showPuzzleInfo } from "./puzzle_info.js";
import { dailyKey, drawDailyLine, markDaily } from "./solved.js";
import { beginJob, drawRunning, stop } from "./solving.js";
import { copy, puzzleName, setBusy, setStatus } from "./status.js";
import { $, BUDGETS, DEFAULT_BUDGET, excerpt, formatBudget, kindOf, on, page, plural } from "./store.js";

const LEVELS = ["easy", "medium", "hard", "fiendish"];
const SYMMETRIES = [["none", "none"], ["rotate180", "half turn"], ["rotate90", "quarter turn"],
                    ["mirror", "mirror"], ["diagonal", "diagonal"]];
// Which panel control a refused request field is shown at.
const CONTROLS = { kind: "gen-kind", rows: "gen-size", cols: "gen-size", difficulty: "gen-level",
                   symmetry: "gen-symmetry", minimal: "gen-minimal", rules: "gen-kind", constraints: "gen-family" };
const DAILY = /^([^,/]+)\/daily(?:\/([^/]*))?(?:\/([^/]*))?(?:\/([^/]*))?\/?$/;

const pad = (n) => String(n).padStart(2, "0");

// Today in the user's own time zone, as YYYY-MM-DD.
export function today(now = new Date()) {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function isDate(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text || "");
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

// The family of clues (`generate.families`) whose constraints are `family` ("killer"), or null.
function familyOf(info, family) {
  const families = (info && info.generate && info.generate.families) || [];
  return families.find((f) => f.constraints.join("+") === family) || null;
}

// What kinds.json says the engine can make of a kind (`generate`, or one of its `families`), with the
// fallbacks above.
function offerOf(info, family = "") {
  const g = familyOf(info, family) || (info && info.generate) || {};
  const layout = (info && info.layout) || {};
  // kinds.json: generate.sizes is [[rows, cols, levels], ...], the levels offered at each size (a level
  // asked otherwise, as a daily link may, is refused by the engine at the control, with what it reaches)
  const made = Array.isArray(g.sizes) && g.sizes.length
    ? g.sizes.map(([rows, cols, levels]) => ({ rows, cols, levels: Array.isArray(levels) ? levels : LEVELS })) : null;
  const sizes = (made || layout.sizes || []).map((s) => ({ rows: s.rows, cols: s.cols, levels: s.levels || LEVELS,
                                                          label: s.label || `${s.rows}×${s.cols}` }));
  const d = g.default_size;
  return {
    sizes,
    standard: (d && sizes.find((s) => s.rows === d.rows && s.cols === d.cols)) || null,
    symmetries: Array.isArray(g.symmetries) ? g.symmetries : SYMMETRIES.map(([key]) => key),
  };
}

const sizeKey = (s) => `${s.rows}x${s.cols}`;

// The levels offered at the size chosen ("": the standard size).
function levelsAt(offer, key) {
  const size = key ? offer.sizes.find((s) => sizeKey(s) === key) : offer.standard;
  return size ? size.levels : LEVELS;
}

function drawLevels() {
  const offer = offerOf(kindOf($("gen-kind").value), $("gen-family-label").hidden ? "" : $("gen-family").value);
  const levels = levelsAt(offer, $("gen-size").value);
  fill($("gen-level"), levels.map((l) => [l, l]), levels.includes($("gen-level").value) ? $("gen-level").value : levels[0]);
}

// A daily link's hash (without "#"), read: null when it is not one, else {kind, rules, daily, level,
// size} or {error}.
export function readDaily(hash) {
  const m = DAILY.exec(hash);
  if (!m) return null;
  let parts;
  try {
    parts = m.slice(1).map((p) => (p === undefined ? "" : decodeURIComponent(p)));
  } catch (err) {
    return { error: `the daily link “#${excerpt(hash)}” has a broken %-escape (was it cut short?)` };
  }
  const [named, date, level, size] = parts;
  const [kind, ...constraints] = named.split("+");
  if (!isDate(date)) return { error: `the daily link names no date it can read (“${excerpt(date)}”; expected YYYY-MM-DD, e.g. ${today()})` };
  if (level && !LEVELS.includes(level)) return { error: `the daily link names an unknown difficulty “${excerpt(level)}” (known: ${LEVELS.join(", ")})` };
  const s = /^(\d{1,3})x(\d{1,3})$/.exec(size);
  if (size && !s) return { error: `the daily link's size “${excerpt(size)}” is not ROWSxCOLS (e.g. 9x9)` };
  return { kind, constraints, rules: [], daily: date, level: level || null, size: s ? { rows: +s[1], cols: +s[2] } : null };
}

// The link of a daily puzzle (`size` null: the engine's standard size; `constraints` its drawn families).
export function dailyUrl(kind, date, level, size, constraints = []) {
  const url = new URL("index.html", location.href);
  const named = [kind, ...constraints].map(encodeURIComponent).join("+");
  url.hash = `${named}/daily/${date}/${level}${size ? `/${sizeKey(size)}` : ""}`;
  return url.href;
}

// -- the panel -----------------------------------------------------------------------------------
function fill(select, options, keep) {
  select.replaceChildren(...options.map(([value, label]) => new Option(label, value)));
  if (options.some(([value]) => value === keep)) select.value = keep;
}

// The panel's choices for the kind picked in it (the size kept when the kind has it).
function drawChoices() {
  const info = kindOf($("gen-kind").value);
  const families = (info && info.generate && info.generate.families) || [];
  fill($("gen-family"), [["", "givens only"], ...families.map((f) => [f.constraints.join("+"), f.label])],
       $("gen-family").value);
  $("gen-family-label").hidden = !families.length;
  const offer = offerOf(info, $("gen-family").value);
  fill($("gen-size"), [["", "standard"], ...offer.sizes.map((s) => [sizeKey(s), s.label])], $("gen-size").value);
  drawLevels();
  const symmetries = SYMMETRIES.filter(([key]) => offer.symmetries.includes(key));
  fill($("gen-symmetry"), symmetries, $("gen-symmetry").value || "none");
  $("gen-symmetry-label").hidden = symmetries.length < 2;
  clearError();
  drawDaily();
}

function chosen() {
  const [rows, cols] = $("gen-size").value.split("x").map(Number);
  const family = $("gen-family-label").hidden ? "" : $("gen-family").value;
  return { kind: $("gen-kind").value, size: rows ? { rows, cols } : null, level: $("gen-level").value,
           symmetry: $("gen-symmetry-label").hidden ? "none" : $("gen-symmetry").value,
           minimal: $("gen-minimal").checked, constraints: family ? family.split("+") : [] };
}

function drawDaily() {
  const c = chosen();
  $("gen-daily-url").value = dailyUrl(c.kind, today(), c.level, c.size, c.constraints);
  drawDailyLine(dailyKey($("gen-daily-url").value));
}

function clearError() {
  $("gen-error").hidden = true;
  $("gen-error").textContent = "";
  for (const id of new Set(Object.values(CONTROLS))) $(id).removeAttribute("aria-invalid");
}

// A refusal shown at the control it names (the panel opened), and said in the status line.
function showError(error) {
  const field = (error.where || {}).field;
  const id = Object.hasOwn(CONTROLS, field) ? CONTROLS[field] : "gen-make";
  $("new-box").open = true;
  $("gen-error").textContent = error.message;
  $("gen-error").hidden = false;
  if (id !== "gen-make") $(id).setAttribute("aria-invalid", "true");
  $("gen-error").dataset.field = field || "";
  $(id === "gen-symmetry" && $("gen-symmetry-label").hidden ? "gen-make" : id).focus();
  setStatus(`no new puzzle: ${error.message}`, "bad");
}

// -- the request ---------------------------------------------------------------------------------
function newSeed() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0] % 2147483647;
}

function requestOf(ask) {
  const request = { op: "generate", kind: ask.kind };
  if (ask.constraints && ask.constraints.length) request.constraints = ask.constraints;
  if (ask.level) request.difficulty = ask.level;
  if (ask.size) Object.assign(request, { rows: ask.size.rows, cols: ask.size.cols });
  if (ask.daily) request.daily = ask.daily;
  else Object.assign(request, { symmetry: ask.symmetry, minimal: ask.minimal, seed: newSeed() });
  return request;
}

// The request under way, asked again while Extend left time over: a fresh seed for the time that
// remains, or (a daily puzzle, whose tries are always the same) the whole budget.
async function askEngine(job, ask) {
  for (;;) {
    const request = requestOf(ask);
    request.budget_ms = Math.max(1000, Math.round(ask.daily ? job.budget : job.budget - job.sent));
    job.sent = job.budget;
    const before = job.tried;
    const response = await page.engine.request(request, (p) => {
      if (p && Number.isFinite(p.tried)) {
        job.tried = before + p.tried;
        job.progress = `tried ${plural(job.tried, "puzzle")}`;
      }
    });
    if (page.running !== job) return null;
    const r = response.ok ? response.result : null;
    if (r && Number.isFinite(r.tried)) job.tried = before + r.tried;
    if (!(r && r.status === "unknown" && job.budget > job.sent)) return response;
    job.progress = "the budget was extended: trying more";
  }
}

// Make a puzzle (`ask`: {kind, constraints, size, level, symmetry, minimal} or, for a daily one, {kind,
// constraints, daily, level, size}). True when one was loaded; `onError(error)` gets a refusal (default: at the panel).
// `unless()` true when the puzzle is made: it is not opened (the player moved on meanwhile).
export async function generate(ask, { budget = +$("budget").value || DEFAULT_BUDGET, onError = showError, unless = null } = {}) {
  if (page.running) stop("stopped: a new puzzle was asked for");
  clearError();
  $("gen-more").hidden = true;
  const job = { mode: "generate", anyPuzzle: true, key: "", t0: performance.now(), budget, sent: 0, tried: 0,
                progress: "", said: "" };
  beginJob(job);
  $("engine-name").textContent = "";
  const draw = () => {
    if (page.running === job) {
      drawRunning(job);
      $("gen-progress").textContent = $("status").textContent;
    } else {
      clearInterval(tick);
      if (!$("gen-progress").dataset.done) $("gen-progress").textContent = $("status").textContent;
    }
  };
  delete $("gen-progress").dataset.done;
  const tick = setInterval(draw, 100);
  draw();
  let response;
  try {
    response = await askEngine(job, ask);
  } catch (err) {
    clearInterval(tick);
    if (page.running === job) engineLost(err);
    $("gen-progress").textContent = $("status").textContent;
    return false;
  }
  clearInterval(tick);
  if (!response) {                                      // stopped
    $("gen-progress").textContent = $("status").textContent;
    return false;
  }
  setBusy(null);
  const said = (text, tone) => {
    setStatus(text, tone);
    $("gen-progress").textContent = text;
    $("gen-progress").dataset.done = "1";
  };
  if (!response.ok) {
    setStatus(`no new puzzle: ${response.error.message}`, "bad");
    $("gen-progress").textContent = "";
    $("gen-progress").dataset.done = "1";
    onError(response.error);
    return false;
  }
  const r = response.result;
  if (r.status !== "generated") {
    said(`no ${ask.level || "new"} puzzle made within the ${formatBudget(job.budget)} budget (${plural(job.tried, "puzzle")} tried)`, "");
    offerMore(ask, job.budget);
    return false;
  }
  if (unless && unless()) {
    said(`${ask.daily ? "today's" : "a new"} puzzle was made but not opened: you had started on another`, "");
    return false;
  }
  return load(r, ask, job, said);
}

// "Keep going" after a budget ran out: the same ask with the next budget.
function offerMore(ask, budget) {
  const more = BUDGETS.find((b) => b > budget);
  if (!more) return;
  $("new-box").open = true;
  $("gen-more").textContent = `Keep going (${formatBudget(more)})`;
  $("gen-more").hidden = false;
  $("gen-more").onclick = () => generate(ask, { budget: more });
}

const levelOf = (d) => (typeof d === "string" ? d : d && (d.rating || d.level)) || "";

async function load(r, ask, job, said) {
  const entry = r.state ? { state: r.state, rules: r.rules || [] } : { text: r.text, rules: r.rules || [] };
  const result = await replacePuzzle(r.kind, (seq) => applyEntry(entry, seq));
  if (!result) return false;
  const level = levelOf(r.difficulty);
  const size = `${page.editor.size().rows}×${page.editor.size().cols}`;
  const what = `${ask.daily ? "Daily" : "New"} ${puzzleName(page.info)}${ask.daily ? ` of ${ask.daily}` : ""}`;
  showPuzzleInfo({ title: `${what}, ${size}`, level, seed: ask.daily ? null : r.seed });
  announce(`${ask.daily ? "Opened the daily" : "Made a new"} ${puzzleName(page.info)}: ${level}.`, result, { always: true });
  const tried = job.tried ? ` (${plural(job.tried, "puzzle")} tried)` : "";
  said(`${ask.daily ? "daily puzzle" : "new puzzle"} ready: ${level}${tried}`, "good");
  if (ask.daily) markDaily(dailyKey(dailyUrl(ask.kind, ask.daily, ask.level, ask.size, ask.constraints)));
  page.editor.focus();
  return true;
}

// A daily link opened (open.js reads it; `refuse(why)` says why it cannot be).
export async function openDaily(link, refuse) {
  let refusal = "";
  const ok = await generate({ kind: link.kind, constraints: link.constraints, daily: link.daily, level: link.level,
                              size: link.size },
                            { onError: (error) => { refusal = error.message; } });
  if (!ok && refusal) refuse(`the engine cannot make its puzzle (${excerpt(refusal, 120)})`);
  return ok;
}

export function wireGenerate() {
  for (const k of page.kinds) $("gen-kind").append(new Option(k.title, k.key));
  const follow = () => {                           // the panel follows the kind on screen until changed
    if ($("gen-kind").dataset.picked || page.running || $("gen-kind").value === page.info.key) return;   // (a refusal shown stays)
    $("gen-kind").value = page.info.key;
    drawChoices();
  };
  $("kind").addEventListener("change", follow);
  $("new-box").addEventListener("toggle", () => { if ($("new-box").open) follow(); });
  $("gen-kind").addEventListener("change", () => {
    $("gen-kind").dataset.picked = "1";
    $("gen-size").value = "";
    drawChoices();
  });
  $("gen-family").addEventListener("change", drawChoices);
  $("gen-size").addEventListener("change", drawLevels);
  for (const id of ["gen-size", "gen-level", "gen-symmetry", "gen-minimal"]) {
    $(id).addEventListener("change", () => { clearError(); drawDaily(); });
  }
  $("gen-make").addEventListener("click", () => generate(chosen()));
  $("gen-stop").addEventListener("click", () => stop());
  $("gen-today").addEventListener("click", () => {
    const c = chosen();
    generate({ kind: c.kind, constraints: c.constraints, daily: today(), level: c.level, size: c.size });
  });
  $("gen-copy-daily").addEventListener("click", () => {
    drawDaily();
    copy($("gen-daily-url").value);
  });
  $("gen-kind").value = page.info ? page.info.key : page.kinds[0].key;
  drawChoices();
  on("actions", () => {
    for (const id of ["gen-make", "gen-today"]) $(id).disabled = !!page.running;
    $("gen-stop").disabled = !(page.running && page.running.mode === "generate");
  });
}
