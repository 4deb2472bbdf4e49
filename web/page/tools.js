// Tools for solvers and setters, each one `solve` request with a time budget:
//   Candidates  the true candidates: every value some solution puts in each open cell, drawn small
//               (the user's entries held as such) in violet, apart from the player's pencil marks; a
//               hint that gives the answer away, so the first use in a browser asks first;
//   Setter      for a puzzle with several solutions, the cells where two of them differ and one given
//               that would make it unique; for a unique one, the givens it can spare (each alone);
//   Symmetry    the solutions counted up to the rotations and reflections that keep the puzzle.
// Candidates and Symmetry need a CNF kind (explainable()); Setter a kind whose givens are cell values.
// A tool runs as the page's request under way (Stop ends it, an edit drops it), and an answer that
// comes back for another puzzle is dropped. Its buttons are drawn at the `actions` event.
import { engineLost } from "./engine_view.js";
import { cellWords, valueWords } from "./explain.js";
import { refuseUnknownRules } from "./rules.js";
import { beginJob } from "./solving.js";
import { notice, puzzleName, setBusy, setStatus } from "./status.js";
import { $, COUNT_LIMIT, DEFAULT_BUDGET, explainable, formatBudget, on, page, plural, puzzleKey } from "./store.js";

export const TOOLS = [
  { id: "true-candidates", mode: "candidates", verb: "finding the true candidates…" },
  { id: "setter", mode: "setter", verb: "looking at the givens…" },
  { id: "symmetry", mode: "symmetry", verb: "counting the solutions up to symmetry…" },
];

// Why a tool cannot be used on this kind ("" when it can).
function toolOpen(tool) {
  if (!page.info) return "no puzzle yet";
  if (tool.mode === "setter") {
    const setters = page.kinds.filter((kind) => kind.setter).map((kind) => kind.key).join(", ");
    return page.info.setter ? ""                                      // (kinds.json: givens that are cell values)
      : `${page.info.title} has no givens that are cell values (setter help is for ${setters})`;
  }
  return explainable() ? "" : `${page.info.title} is solved by search, which cannot tell this`;
}


function requestFor(mode, budget) {
  const base = { op: "solve", kind: page.info.key, rules: [...page.rules], state: page.editor.givenState(),
                 render: false, keep: 1, budget_ms: budget };
  if (mode === "candidates") return { ...base, candidates: true, entries: page.editor.entries() };
  if (mode === "setter") return { ...base, setter: true };
  return { ...base, count: true, symmetry: true, limit: COUNT_LIMIT };
}

// Candidates give part of the answer away: the first time in a browser, the notice asks first.
const CANDIDATES_ASKED = "gridlogic:candidates-asked";

function askedBefore() {
  try {
    return localStorage.getItem(CANDIDATES_ASKED) === "1";
  } catch (err) {
    return false;
  }
}

function askFirst(tool) {
  if (tool.mode !== "candidates" || askedBefore()) return false;
  notice("Candidates are a hint from the solver: every value some solution puts in each open cell, "
    + "drawn in violet apart from your own pencil marks. They give part of the answer away. Show them?", {
    actions: [
      { label: "Show candidates", testid: "candidates-confirm", run: () => {
        try {
          localStorage.setItem(CANDIDATES_ASKED, "1");
        } catch (err) { /* asked again next time */ }
        notice("");
        runTool(tool);
      } },
      { label: "Not now", testid: "candidates-cancel", run: () => notice("") },
    ],
  });
  return true;
}

// Run a tool: the request is the page's running job until its answer is drawn (or dropped).
async function runTool(tool) {
  if (page.running || toolOpen(tool) || refuseUnknownRules() || askFirst(tool)) return;
  const budget = +$("budget").value || DEFAULT_BUDGET;
  const job = { mode: tool.mode, key: puzzleKey(), t0: performance.now(), budget, sent: budget, progress: "", said: "" };
  beginJob(job);
  const wait = page.engine.ready ? "" : " (waits for the engine to finish loading)";
  setStatus(`${tool.verb}${wait}`, "busy");
  let response;
  try {
    response = await page.engine.request(requestFor(tool.mode, budget));
  } catch (err) {
    if (page.running === job) engineLost(err);
    return;
  }
  if (page.running !== job) return;                        // stopped, or the puzzle changed
  setBusy(null);
  if (puzzleKey() !== job.key) return;                      // an answer for another puzzle: dropped
  if (!response.ok) {
    setStatus(`invalid: ${response.error.message}`, "bad");
    page.editor.mark(response.error.where || {});
    return;
  }
  DRAW[tool.mode](response.result, job);
}

function noSolution(result, job) {
  if (result.status === "none") setStatus(`no solution: this ${puzzleName(page.info)} cannot be solved as it stands`, "bad");
  else setStatus(`unknown: no solution found within the ${formatBudget(job.budget)} budget`, "");
}

const DRAW = {
  candidates(result, job) {
    if (!result.candidates) return noSolution(result, job);
    const map = {};
    let values = 0;
    for (const [r, c, list] of result.candidates) {
      map[`${r},${c}`] = list.map(valueWords);
      values += list.length;
    }
    page.editor.candidates(map);
    const cells = result.candidates.length;
    const cut = result.candidates_stopped === "budget"
      ? ` (the ${formatBudget(job.budget)} budget ran out: some values not yet ruled out are still shown)` : "";
    setStatus(`hint: the solver's true candidates (violet): ${plural(values, "value")} in ${plural(cells, "open cell")}, each in some solution${cut}`,
              cut ? "" : "good");
  },

  setter(result, job) {
    if (result.status === "unique") {
      const spare = result.redundant || [];
      page.editor.highlight(spare, spare.length ? "Each highlighted given can be removed alone: the puzzle stays unique." : "");
      const cut = result.setter_stopped === "budget" ? ` (so far: the ${formatBudget(job.budget)} budget ran out)` : "";
      setStatus(spare.length
        ? `unique; ${plural(spare.length, "given")} can each be removed alone and it stays unique (highlighted)${cut}`
        : `unique; every given is needed${cut}`, "good");
      return;
    }
    if (result.status !== "multiple") return noSolution(result, job);
    const differ = result.differ || [];
    const add = result.unique_with;
    const said = [`several solutions; two of them differ in ${plural(differ.length, "cell")} (highlighted)`];
    if (add) {
      const [r, c, v] = add;
      page.editor.values({ [`${r},${c}`]: valueWords(v) });
      said.push(`adding ${valueWords(v)} at ${cellWords([r, c])} makes it unique (shown in purple)`);
    } else {
      said.push(result.setter_stopped === "budget" ? `no given that makes it unique was found within the ${formatBudget(job.budget)} budget`
                                                    : "no single given makes it unique");
    }
    page.editor.highlight(differ, add ? `Add ${valueWords(add[2])} at ${cellWords(add)} to make it unique.` : "Where two solutions differ.");
    if (add) page.editor.point(add[0], add[1]);
    setStatus(said.join("; "), "good");
  },

  symmetry(result, job) {
    const moves = (result.symmetries || []).filter((m) => m !== "identity");
    const kept = moves.length ? `the puzzle is kept by ${moves.join(", ")}` : "no rotation or reflection keeps the puzzle";
    if (!result.count_complete) {
      setStatus(`${kept}; the solutions were not all counted (at least ${plural(result.count || 0, "solution")}${
        result.stopped === "budget" ? ` within the ${formatBudget(job.budget)} budget` : ""}), so their classes are not known`, "");
      return;
    }
    if (result.classes === null || result.classes === undefined) {
      setStatus(`${kept}; ${plural(result.count, "solution")}; their classes were not counted within the ${formatBudget(job.budget)} budget`, "");
      return;
    }
    const classes = (n) => `${n.toLocaleString("en")} ${n === 1 ? "class" : "classes"}`;
    const sizes = Object.entries(result.class_sizes || {}).map(([size, n]) => `${classes(n)} of ${size}`).join(", ");
    setStatus(`${kept}; ${plural(result.count, "solution")} in ${classes(result.classes)}` +
              (moves.length && sizes ? ` (${sizes})` : ""), result.count ? "good" : "bad");
  },
};

function drawTools() {
  for (const tool of TOOLS) {
    const why = toolOpen(tool);
    $(tool.id).disabled = !!page.running || why !== "";
    $(tool.id).title = why || $(tool.id).dataset.title;
  }
}

export function wireTools() {
  for (const tool of TOOLS) $(tool.id).addEventListener("click", () => runTool(tool));
  on("actions", drawTools);
}
