// The rules in force: the kind's rules as checkboxes, its aliases as chips, and a rule it does not
// know (from a link) as a chip marked unknown, shown but never applied.
//
// The rules in force are always shown; a loaded puzzle brings its own (plain text brings none). A
// rule the player changes is the `rules-edited` event (edits.js takes it as an edit of the puzzle).
import { el } from "../editor.js";
import { setStatus } from "./status.js";
import { $, emit, excerpt, MAX_RULES, on, page } from "./store.js";

export function knownRules() {
  return new Set((page.info.rules || []).map((r) => r.key));
}

export function unknownRules() {
  const known = knownRules();
  return [...page.rules].filter((r) => !known.has(r));
}

// Names (from a link, an example, storage) become the rule set: aliases expanded, at most MAX_RULES.
export function setRules(names) {
  const out = new Set();
  for (const raw of names || []) {
    const name = String(raw).trim().toLowerCase();
    if (!name) continue;
    const alias = page.info.aliases && Object.hasOwn(page.info.aliases, name) ? page.info.aliases[name] : null;
    for (const r of alias || [name]) if (out.size < MAX_RULES) out.add(r);
  }
  page.rules = out;
  drawRules();
}

export function rulesText() {
  const known = (page.info.rules || []).map((r) => r.key).filter((k) => page.rules.has(k));
  const unknown = unknownRules().map((r) => `${excerpt(r, 30)} (unknown)`);
  const all = [...known, ...unknown];
  return all.length ? all.join(", ") : "classic";
}

// "Rules: …" under the rule boxes; none for a kind without variant rules (nothing to say "classic" of).
function drawRulesNow() {
  const unknown = unknownRules().length;
  $("rules-now").textContent = `Rules: ${rulesText()}`;
  $("rules-now").dataset.unknown = unknown ? "1" : "";
  $("rules-now").hidden = !((page.info.rules && page.info.rules.length) || unknown);
}

export function drawRules() {
  const box = $("rules");
  box.replaceChildren(el("legend", {}, "Rules"));
  for (const rule of page.info.rules || []) {
    const input = el("input", { type: "checkbox", value: rule.key, "data-testid": `rule-${rule.key}` });
    input.checked = page.rules.has(rule.key);
    input.addEventListener("change", () => {
      if (input.checked) page.rules.add(rule.key);
      else page.rules.delete(rule.key);
      emit("rules-edited");
    });
    const label = el("label");
    label.append(input, ` ${rule.label || rule.key}`);
    box.append(label);
  }
  for (const [alias, members] of Object.entries(page.info.aliases || {})) {
    if (members.length < 2) continue;
    const b = el("button", { type: "button", class: "chip", title: `${alias} = ${members.join(" + ")}`,
                             "data-testid": `alias-${alias}` }, alias);
    b.addEventListener("click", () => {
      const on = members.every((m) => page.rules.has(m));
      for (const m of members) on ? page.rules.delete(m) : page.rules.add(m);
      drawRules();
      emit("rules-edited");
    });
    box.append(b);
  }
  // A rule this kind does not know (from a link): shown, never silently applied, and removable.
  for (const name of unknownRules()) {
    const chip = el("span", { class: "chip unknown", "data-testid": "unknown-rule", title: `not a ${page.info.title} rule` });
    chip.dataset.rule = name;
    const remove = el("button", { type: "button", class: "remove", "data-testid": "remove-rule",
                                  "aria-label": `remove the unknown rule ${excerpt(name, 30)}` }, "×");
    remove.addEventListener("click", () => {
      page.rules.delete(name);
      drawRules();
      emit("rules-edited", { unknownGone: !unknownRules().length });
    });
    chip.append(`${excerpt(name, 30)} (unknown) `, remove);
    box.append(chip);
  }
  box.hidden = !((page.info.rules && page.info.rules.length) || unknownRules().length);
  drawRulesNow();
}

// Refuse to ask with a rule the kind does not know, and say why.
export function refuseUnknownRules() {
  const bad = unknownRules();
  if (!bad.length) return false;
  const known = (page.info.rules || []).map((r) => r.key);
  const names = bad.map((r) => `“${excerpt(r, 30)}”`).join(", ");
  setStatus(`refused: ${names} ${bad.length === 1 ? "is not a rule" : "are not rules"} of ${page.info.title} ` +
            `(${known.length ? `its rules: ${known.join(", ")}` : "it has no variant rules"}); remove ` +
            `${bad.length === 1 ? "it" : "them"} with × to solve`, "bad");
  return true;
}

export function wireRules() {
  on("puzzle-changed", drawRulesNow);
}
