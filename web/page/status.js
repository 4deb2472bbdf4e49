// The status line under the puzzle, the notice above it (what a load did, with its actions), and
// which buttons are open while a request runs.
import { el } from "../editor.js";
import { toolOpen, TOOLS } from "./helpers.js";
import { $, explainable, page } from "./store.js";

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
  for (const id of ["gen-make", "gen-today"]) $(id).disabled = !!page.running;
  $("gen-stop").disabled = !(page.running && page.running.mode === "generate");
  for (const tool of TOOLS) {
    const why = toolOpen(tool);
    $(tool.id).disabled = !!page.running || why !== "";
    $(tool.id).title = why || $(tool.id).dataset.title;
  }
}

export function setBusy(job) {
  page.running = job;
  drawActions();
  $("extend").hidden = !job || !["solve", "count", "generate"].includes(job.mode);
  $("keep-going").hidden = true;
  document.body.dataset.busy = job ? "1" : "";
}
