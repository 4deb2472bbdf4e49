// Asking the engine: Solve, Count, Hint, Explain all and Check, each a request with a time budget
// (Extend, Keep going), Stop, and the answer with its solutions to browse.
//
// An answer belongs to the puzzle it was asked for: editing while a solve runs stops it (edits.js),
// an answer that comes back for another puzzle is dropped, and one shown goes at `puzzle-changed`.
import { backendFor, engineLost, preload, showLoad } from "./engine_view.js";
import { closeWalk, HELP, showApply, showConflict, showFacts } from "./explain.js";
import { refuseUnknownRules, rulesText } from "./rules.js";
import { offerKeepGoing, setBusy, setStatus } from "./status.js";
import { $, BUDGETS, COUNT_LIMIT, cutShort, DEFAULT_BUDGET, explainable, formatBudget, formatMs, nextBudget, on, page,
         plural, puzzleKey } from "./store.js";

// The answer's controls and its board shown (`board` false: the controls only, the board drawn by the
// caller).
export function showBrowse(board = true) {
  const boards = page.answer && page.answer.boards ? page.answer.boards : [];
  $("browse").hidden = boards.length < 1 || !page.answer || page.answer.status === "none";
  $("prev").disabled = page.shown <= 0;
  $("next").disabled = page.shown >= boards.length - 1;
  const total = page.answer && page.answer.count_complete && page.answer.count !== undefined ? page.answer.count : null;
  const partial = page.answer && !page.answer.count_complete && page.answer.count > boards.length;   // a count cut short
  $("which").textContent = boards.length
    ? `solution ${page.shown + 1} of ${total !== null ? total.toLocaleString("en") : boards.length}` +
      (total !== null && total > boards.length ? ` (first ${boards.length} kept)` : "") +
      (partial ? ` kept (of ${page.answer.count.toLocaleString("en")} found)` : "")
    : "";
  if (board) page.editor.showBoard(page.answer && boards[page.shown] ? boards[page.shown] : null);
}

function describeAnswer(result, mode, budget) {
  const under = page.rules.size ? ` under the rules ${rulesText()}` : "";
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

function currentBudget() {
  return +$("budget").value || DEFAULT_BUDGET;
}

// The time a request has had on a ready engine (waiting for the engine to load does not count).
function solvingMs(job) {
  if (!page.engine.ready) return null;
  return performance.now() - Math.max(job.t0, page.readyAt);
}

const VERBS = { solve: "solving…", count: "solving…", hint: "looking for a hint…", path: "explaining every step…",
                check: "checking your entries…", generate: "making a new puzzle…" };

export function drawRunning(job) {
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
// The givens and the user's entries come from the editor (givenState(), entries()).
export function requestFor(mode, { givensOnly = false } = {}) {
  const base = { kind: page.info.key, rules: [...page.rules] };
  if (mode === "solve" || mode === "count") {
    const backend = backendFor();
    const request = { op: "solve", ...base, backend, state: page.editor.givenState(),
                      entries: givensOnly ? [] : page.editor.entries() };
    if (explainable()) request.explain = true;
    if (mode === "count") Object.assign(request, { count: true, limit: COUNT_LIMIT, keep: 200 });
    return request;
  }
  const request = { op: mode === "check" ? "progress" : "hint", ...base, state: page.editor.givenState(),
                    entries: page.editor.entries() };
  if (mode === "path") request.path = true;
  return request;
}

// Send a job's request; when its budget was extended while it ran out, ask again for the time that
// remains. The response, or null when the job was stopped or its puzzle changed meanwhile.
async function ask(job, request) {
  for (;;) {
    request.budget_ms = Math.max(1000, Math.round(job.budget - job.sent));
    job.sent = job.budget;
    const response = await page.engine.request({ ...request }, (p) => {
      if (p.count !== undefined) {
        job.progress = `${plural(p.count, "solution")} so far`;
        job.count = p.count;
        if (Array.isArray(p.boards)) job.boards = [...(job.boards || []), ...p.boards];
      }
      else if (p.nodes !== undefined) job.progress = `${p.nodes.toLocaleString("en")} nodes searched`;
    });
    if (page.running !== job) return null;
    const r = response.ok ? response.result : null;
    if (!(r && cutShort(r) && job.budget > job.sent)) return response;
    job.progress = "the budget was extended: searching again";
  }
}

// Solve, count, hint, explain all or check, with a time budget. "Extend" while it runs raises the
// budget: a request that runs out of its first budget is then asked again for the time that remains.
// Several solutions bring a second request: the cells every solution shares, in the time left. The
// answer is drawn before it is sent (Stop then keeps the answer; the shared cells follow when found).
export async function run(mode, budget = currentBudget(), options = {}) {
  if (page.running) return;
  if (page.loading) {                                      // a link or example still loading: its puzzle
    setStatus("waiting for the puzzle to load…", "busy");
    await page.loading;
    if (page.running) return;
  }
  if (refuseUnknownRules()) return;
  const request = requestFor(mode, options);
  if (mode === "check" && !request.entries.length) {
    setStatus("nothing to check yet: your entries are the values you enter in play mode", "");
    return;
  }
  const job = { mode, key: puzzleKey(), t0: performance.now(), budget, sent: 0, progress: "", said: "" };
  const asked = ask(job, request);                         // sent first: the engine works while the page
  beginJob(job);                                           // clears what the last request drew
  $("engine-name").textContent = "";
  drawRunning(job);
  const tick = setInterval(() => { if (page.running === job) drawRunning(job); }, 100);
  let response;
  try {
    response = await asked;
  } catch (err) {
    clearInterval(tick);
    if (page.running === job) engineLost(err);
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
    page.editor.mark(e.where || {});
    return;
  }
  const result = response.result;
  if (Object.hasOwn(HELP, mode)) return HELP[mode](result, job, request);
  page.answer = { ...result, key: job.key, mode };
  page.shown = 0;
  const tone = result.status === "none" ? "bad" : cutShort(result) ? "" : "good";
  setStatus(describeAnswer(result, mode, job.budget), tone);
  if (result.elapsed_ms !== undefined) $("elapsed").textContent = `${formatMs(wall)} (solver ${formatMs(result.elapsed_ms)})`;
  $("engine-name").textContent = result.engine || "";
  offerKeepGoing(result, mode, job.budget);
  showBrowse();
  $("solve-givens").hidden = !(result.status === "none" && request.entries && request.entries.length);
  if (result.status === "none" && result.message) showWrong(result);
  else if (result.status === "none") showConflict(result, describeAnswer(result, mode, job.budget));
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
    if (page.running === job) engineLost(err);
    return;
  } finally {
    clearInterval(tick);
  }
  if (!facts) return;                                       // stopped (the answer stays), or the puzzle changed
  setBusy(null);
  if (puzzleKey() !== job.key) return;
  showFacts(facts, job.said);
}

// A request becomes the running job: what was drawn for the last one (marks, overlays, a hint's Apply,
// a walk, an answer) goes.
export function beginJob(job) {
  page.editor.clearShown();
  showApply(null);
  closeWalk();
  page.answer = null;
  showBrowse(false);
  setBusy(job);
}

// Stop: the worker is replaced. Before the engine is ready the request is only dropped (its answer
// will be ignored), so that a half-loaded engine is not thrown away.
export function stop(why = "stopped (the engine restarts)", { oldPuzzle = false } = {}) {
  if (!page.running) return;
  const job = page.running;
  const said = oldPuzzle ? "" : job.said;                        // an answer drawn before the shared cells (not
                                                                 // kept when it was another puzzle's)
  setBusy(null);
  if (page.engine.ready) {
    page.engine.restart();
    preload();
    if (!page.engine.ready) {
      document.body.dataset.engine = "loading";
      showLoad(true);
    }
  }
  if (!said && job.count && job.key === puzzleKey()) return keepFound(job, why);
  setStatus(said ? `${said}; ${why}` : why, "");
}

// A solve or count stopped after finding solutions: "at least N so far", the ones reported kept to browse.
function keepFound(job, why) {
  const boards = job.boards || [];
  page.answer = { status: job.count >= 2 ? "multiple" : "unknown", count: job.count, count_complete: false,
                  boards, key: job.key, mode: job.mode, stopped: "stopped" };
  page.shown = 0;
  showBrowse();
  const kept = boards.length ? ` (${boards.length === job.count ? "all" : `the first ${boards.length}`} kept to browse)` : "";
  setStatus(`${why}: at least ${plural(job.count, "solution")} so far${kept}`, "");
}

// Entries no solution keeps, named first (before any clue of the puzzle): marked, and said.
export function showWrong(result) {
  const wrong = result.wrong || [];
  if (wrong.length) page.editor.mark(wrong.map(([r, c]) => ({ r, c })));
  $("solve-givens").hidden = !page.editor.entries().length;
  setStatus(`no solution with your entries: ${result.message}`, "bad");
}

export function wireSolving() {
  $("solve").addEventListener("click", () => run("solve"));
  $("solve-givens").addEventListener("click", () => run("solve", undefined, { givensOnly: true }));
  $("count").addEventListener("click", () => run("count"));
  $("stop").addEventListener("click", () => stop());
  $("hint").addEventListener("click", () => run("hint"));
  $("explain-all").addEventListener("click", () => run("path"));
  $("check").addEventListener("click", () => run("check"));
  $("keep-going").addEventListener("click", () => run(page.keepGoing.mode, page.keepGoing.budget));
  $("extend").addEventListener("click", () => {
    if (!page.running) return;
    page.running.budget = nextBudget(page.running.budget);
    drawRunning(page.running);
  });
  $("prev").addEventListener("click", () => { page.shown = Math.max(0, page.shown - 1); showBrowse(); });
  $("next").addEventListener("click", () => {
    page.shown = Math.min((page.answer.boards || []).length - 1, page.shown + 1);
    showBrowse();
  });
  $("back").addEventListener("click", () => { page.answer = null; showBrowse(); });
  on("puzzle-changed", ({ key }) => {
    if (page.answer && page.answer.key !== key) {
      page.answer = null;
      showBrowse();
      $("keep-going").hidden = true;
    }
  });
}
