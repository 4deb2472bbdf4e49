// Answers and help drawn over the puzzle (CNF kinds only), with the editor's overlays: the cells
// every solution shares when there are several, the clues that contradict each other when there is
// none (marked), a hint with its reason (highlighted, with Apply), a whole solve step by step with
// its difficulty, and a check of the user's entries (the values typed since the puzzle was loaded;
// see editor.js). solving.js sends the requests; each result is drawn by a function here. A hint or
// a walk of another puzzle goes at `puzzle-changed`.
import { drawMode } from "./play_view.js";
import { sayStatus, showSolved } from "./solved.js";
import { offerKeepGoing, setStatus } from "./status.js";
import { $, excerpt, formatBudget, on, page, plural, puzzleKey } from "./store.js";

// How the result of each help request is drawn: run() (solving.js) sends what requestFor() builds
// for the mode and hands the result here. A new kind of help adds its mode there and here.
export const HELP = {
  hint: (result, job) => showHint(result, job),
  path: (result, job) => showWalk(result, job),
  check: (result, job, request) => showProgress(result, job, request.entries.length),
};

export const cellWords = ([r, c]) => `row ${r + 1}, column ${c + 1}`;

// How a value is drawn over a cell: the kind's mark for a value that is not a number (nonogram ■ ×),
// else the editor's own text for it.
export function valueWords(n) {
  const said = (page.info.values || {})[n];
  if (said) return said.mark;
  const text = page.editor.valueText(n);
  return text === null ? String(n) : text;
}

// Several solutions: the open cells every one of them shares, drawn as values over the puzzle.
export function showFacts(response, said) {
  const r = response.ok ? response.result : null;
  if (!r || !r.facts) {
    const why = !r ? response.error.message : r.facts_stopped === "budget" ? "no time was left" : "the engine could not say";
    setStatus(`${said}; which cells every solution shares is not known (${excerpt(why, 80)})`, "good");
    return;
  }
  const open = r.facts.filter(([row, col]) => page.editor.isOpen(row, col));
  const values = {};
  for (const [row, col, v] of open) values[`${row},${col}`] = valueWords(v);
  page.editor.values(values);
  const n = open.length;
  setStatus(`${said}; ${plural(n, "open cell")} ${n === 1 ? "is" : "are"} the same in all of them` +
            (n ? " (shown in purple)" : ""), "good");
}

// No solution: the clues that contradict each other are marked and named; a rule among them is
// named apart (a variant left on is a common cause).
export function showConflict(result, said) {
  if (!result.conflict) {
    if (result.explain_stopped === "budget") setStatus(`${said}; no time was left to find out why`, "bad");
    return;
  }
  page.editor.mark(result.conflict.map(([r, c]) => ({ r, c })));
  const named = (result.conflict_clues || []).filter((clue) => Array.isArray(clue.key) && clue.key[0] === "rule")
    .map((clue) => clue.key[1]);
  const rule = named.length ? ` The ${named.join(" and ")} rule${named.length === 1 ? " is" : "s are"} part of it.` : "";
  page.editor.highlight([], `${result.because}${rule}`);
  setStatus(`${said}: ${result.because}${rule}`, "bad");
}

// A step drawn: its cell (the cursor goes there), the cells it places or rules values out of, and the
// cells it rests on (its pattern and its reason's clues; a hint's steps `before` it too) highlighted,
// `caption` under the board; with `values` (a whole solve), the values of the steps so far over their cells.
// A kind played on the lattice alone settles points (a line, a side): the cells beside them stand for them.
function drawStep(step, caption, values = null) {
  const ed = page.editor;
  const [at] = ed.cellsOf([step.cell]);
  if (at) ed.point(at[0], at[1]);
  const cells = [step, ...(step.before || [])].flatMap((s) => [...ed.cellsOf([s.cell, ...(s.cells || [])]), ...s.because]);
  ed.highlight(cells, caption);
  if (values) ed.values(values);
}

// Whether the kind's facts are points of the lattice (lines, sides), not values of cells.
const onLattice = () => {
  const play = (page.info.layout || {}).play || {};
  return !!play.lattice && !play.values;
};

// The technique's name, said first: "Hidden single", "Pointing pair", "X-wing".
export function techniqueWords(step) {
  const name = step.technique || step.rule || "";
  return name && name[1] === name[1].toLowerCase() ? name[0].toUpperCase() + name.slice(1) : name;
}

function stepWords(step) {
  if (step.said) return step.said;                      // the kind's own words for what it settles
  const gone = step.eliminations || [];
  if (step.eliminated && gone.length > 1) {
    return `${gone.map(([r, c, v]) => `${cellWords([r, c])} is not ${valueWords(v)}`).join("; ")}`;
  }
  return `${cellWords(step.cell)} ${step.eliminated ? "is not" : "is"} ${step.word || valueWords(step.value)}`;
}

// A hint or step told: its technique first (with the units it works in), then what it does and the clues
// it rests on, then the steps that only rule values out on the way to it, as the sentence says them.
export function toldWords(step) {
  const reason = step.reason ? `: ${step.reason}` : "";
  const before = (step.before || []).map((s) => s.sentence.replace(/\.$/, ""));
  const after = before.length ? ` After ${before.map(lowerFirst).join("; ")}.` : "";
  return `${step.heading || techniqueWords(step)} · ${stepWords(step)}${reason}.${after}`;
}

// A sentence that begins with a technique's name, to follow other words ("XY-wing" stays).
const lowerFirst = (text) => (text[1] && text[1] === text[1].toLowerCase() ? text[0].toLowerCase() + text.slice(1) : text);

export function showHint(result, job) {
  const step = result.hint;
  if (step) {
    drawStep(step, `Hint: ${toldWords(step)}`);
    setStatus(`hint: ${toldWords(step)}`, "good");
    showApply(step.eliminated ? null : step);
  } else if (result.status === "none") {
    const cells = (result.wrong || []).length ? result.wrong : result.conflict || [];
    if (cells.length) page.editor.mark(cells.map(([r, c]) => ({ r, c })));
    setStatus(`no hint: ${result.message}`, "bad");
  } else if (result.status === "unknown") {
    setStatus(`no hint within the ${formatBudget(job.budget)} budget`, "");
    offerKeepGoing(result, "hint", job.budget);
  } else {
    const least = result.at_least ? ` It needs at least ${result.at_least.rating}.` : "";
    setStatus(result.message + least, result.status === "unique" && !least ? "good" : "");
  }
}

// Apply is offered while the hint shown is a value the player can enter in a cell without an entry.
export function showApply(step) {
  const [r, c] = step ? step.cell : [-1, -1];
  const can = !!step && page.editor.canPlay() && page.editor.valueText(step.value) !== null && page.editor.isOpen(r, c);
  page.hinted = can ? { key: puzzleKey(), step } : null;
  $("apply").hidden = !can;
}

function applyHint() {
  if (!page.hinted) return;
  const { step } = page.hinted;
  if (page.editor.mode() !== "play") {                   // an applied hint is the player's entry
    page.editor.setMode("play");
    drawMode();
  }
  if (page.editor.enter(step.cell[0], step.cell[1], step.value)) setStatus(`applied: ${stepWords(step)}`, "good");
  showApply(null);                                       // applied: the next hint offers its own
  page.editor.focus();
}

// Explain all: every step to the end, browsed one at a time, and the difficulty of the whole solve.
export function showWalk(result, job) {
  if (!result.steps || !result.steps.length) return showHint(result, job);
  page.walk = { key: puzzleKey(), steps: result.steps, difficulty: result.difficulty, i: 0, stopped: result.stopped };
  $("steps").hidden = false;
  const d = result.difficulty;
  $("rating").textContent = d
    ? `Difficulty: ${d.rating} · ${plural(d.steps, "step")}: ` +
      `${Object.entries(d.levels || {}).filter(([, n]) => n).map(([name, n]) => `${n} ${name}`).join(", ")}; ` +
      (d.score !== undefined ? `${d.scale ? `${d.scale} score` : "score"} ${d.score}${d.hardest ? ` (${d.hardest})` : ""}`
        : `the largest reason ${plural(d.largest_reason, "clue")}`)
    : `No rating: ${result.stopped ? `the ${formatBudget(job.budget)} budget ran out after ${plural(result.steps.length, "step")}` +
      (result.at_least ? `; at least ${result.at_least.rating} so far` : "") : result.message}`;
  drawWalk();
}

function drawWalk() {
  const { steps, i } = page.walk;
  const values = {};
  for (const step of steps.slice(0, i + 1)) {
    if (!step.eliminated) values[`${step.cell[0]},${step.cell[1]}`] = valueWords(step.value);
  }
  const gone = {};                                       // the candidates this step rules out, per cell
  const ruled = steps[i].eliminations || (steps[i].eliminated ? [[...steps[i].cell, steps[i].value]] : []);
  for (const [r, c, v] of ruled) (gone[`${r},${c}`] = gone[`${r},${c}`] || []).push(valueWords(v));
  for (const [key, said] of Object.entries(gone)) if (!(key in values)) values[key] = `≠${said.join("")}`;
  drawStep(steps[i], toldWords(steps[i]), onLattice() ? null : values);
  $("step-which").textContent = `step ${i + 1} of ${steps.length}`;
  $("step-prev").disabled = i <= 0;
  $("step-next").disabled = i >= steps.length - 1;
  const last = i === steps.length - 1 && !page.walk.stopped ? " (the last step: every cell is known)" : "";
  setStatus(`step ${i + 1} of ${steps.length}: ${toldWords(steps[i])}${last}`, "good");
}

function stepBy(delta) {
  if (!page.walk || page.walk.key !== puzzleKey()) return;
  page.walk.i = Math.max(0, Math.min(page.walk.steps.length - 1, page.walk.i + delta));
  drawWalk();
}

export function closeWalk() {
  page.walk = null;
  $("steps").hidden = true;
}

// Check: the entries no solution agrees with are marked; nothing else is revealed. Entries in every
// open cell, none wrong, of a puzzle with one solution: solved.
export function showProgress(result, job, n) {
  const entries = n === 1 ? "1 entry" : `${n.toLocaleString("en")} entries`;
  if (result.status === "none") {
    setStatus("the puzzle itself has no solution, so no entry can be checked (Solve says why)", "bad");
  } else if (result.status === "unknown") {
    setStatus(`your entries could not be checked within the ${formatBudget(job.budget)} budget`, "");
    offerKeepGoing(result, "check", job.budget);
  } else if (result.wrong.length) {
    page.editor.mark(page.editor.cellsOf(result.wrong).map(([r, c]) => ({ r, c })));
    const k = result.wrong.length;
    setStatus(`${k} of your ${entries} ${k === 1 ? "is" : "are"} wrong (marked): no solution agrees with ${k === 1 ? "it" : "them"}`, "bad");
  } else if (result.solved) {                                         // a whole solution, the kind's checker passed it
    showSolved();
    sayStatus();
  } else {
    setStatus(`all correct so far (${entries})`, "good");
  }
}

export function wireExplain() {
  $("apply").addEventListener("click", applyHint);
  $("step-prev").addEventListener("click", () => stepBy(-1));
  $("step-next").addEventListener("click", () => stepBy(1));
  $("step-close").addEventListener("click", () => {
    closeWalk();
    page.editor.clearOverlays();
    setStatus("ready");
  });
  on("puzzle-changed", ({ key }) => {
    if (page.hinted && page.hinted.key !== key) showApply(null);
    if (page.walk && page.walk.key !== key) closeWalk();
  });
}
