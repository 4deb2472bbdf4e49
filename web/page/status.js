// The status line under the puzzle, the notice above it (what a load did, with its actions), and
// which buttons are open while a request runs (Solve, Stop, Extend, Keep going; the modules with
// buttons of their own draw them on the `actions` event).
import { el } from "../editor.js";
import { $, cutShort, emit, explainable, formatBudget, nextBudget, page } from "./store.js";

// The kind's puzzle named in a sentence: "Sudoku puzzle", but "Binary puzzle (Takuzu)" as it is.
export function puzzleName(info) {
  return /\bpuzzles?\b/i.test(info.title) ? info.title : `${info.title} puzzle`;
}

export function setStatus(text, tone = "") {
  page.shownInvalid = false;
  const s = $("status");
  s.textContent = text;
  s.dataset.tone = tone;
}

// The notice above the puzzle: what a load did or why a link was refused, with its actions.
// It stays until the next load or until dismissed (the status line changes with every edit).
export function notice(text, { tone = "info", actions = [] } = {}) {
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

export function drawActions() {
  for (const id of ["solve", "count"]) $(id).disabled = !!page.running;
  for (const id of ["hint", "explain-all", "check"]) {
    const open = explainable() || (id === "check" && page.editor && page.editor.canPlay());   // a search checks entries
    $(id).disabled = !!page.running || !open;
    $(id).title = open ? $(id).dataset.title : `${page.info.title} is solved by search, which gives no reasons`;
  }
  $("stop").disabled = !page.running;
  emit("actions");
}

export function setBusy(job) {
  page.running = job;
  drawActions();
  $("extend").hidden = !job || !["solve", "count", "generate"].includes(job.mode);
  $("keep-going").hidden = true;
  document.body.dataset.busy = job ? "1" : "";
}

// "Keep going" for an answer the budget cut short: the same request with the next budget (the
// button's click is solving.js's).
export function offerKeepGoing(result, mode, budget) {
  const more = nextBudget(budget);
  page.keepGoing = { mode, budget: more };
  $("keep-going").hidden = !cutShort(result);
  $("keep-going").textContent = `Keep going (${formatBudget(more)})`;
}

export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    setStatus("copied");
  } catch (err) {
    setStatus("copy failed: select the text and copy it by hand");
  }
}
