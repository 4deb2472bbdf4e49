// Givens and entries (see editor.js): a cell empty in the loaded state and holding a symbol or a
// number now is the user's entry; the rest is the puzzle.
import { canonical } from "./schema.js";

export function givensAndEntries(ed) {
  const { layout, cellInfo } = ed;

  // A cell value's number (see editor.js), or null for an empty cell, a state's token or fields.
  function numberOf(v) {
    if (cellInfo.numbers && /^[0-9]+$/.test(v)) return +v;
    return v.length === 1 && ed.symbols().includes(v) ? parseInt(v, 36) : null;
  }

  // The value a cell holds for the number n: a symbol whose number it is, or n as a number; null if none.
  function textOf(n) {
    const symbol = [...ed.symbols()].find((s) => parseInt(s, 36) === n);
    if (symbol) return symbol;
    return cellInfo.numbers && n >= cellInfo.numbers[0] && n <= cellInfo.numbers[1] ? String(n) : null;
  }

  function isEntry(r, c) {
    const { state, loaded, at } = ed;
    if (loaded.rows !== state.rows || loaded.cols !== state.cols || loaded.cells[at(r, c)] !== "") return false;
    return numberOf(state.cells[at(r, c)]) !== null;
  }

  // The state without the entries.
  function givenState() {
    const { state, at } = ed;
    const out = canonical(layout, state);
    for (let r = 0; r < state.rows; r++) for (let c = 0; c < state.cols; c++) if (isEntry(r, c)) out.cells[at(r, c)] = "";
    return out;
  }

  // The entries as [r, c, n].
  function entryList() {
    const { state, at } = ed;
    const out = [];
    for (let r = 0; r < state.rows; r++) {
      for (let c = 0; c < state.cols; c++) if (isEntry(r, c)) out.push([r, c, numberOf(state.cells[at(r, c)])]);
    }
    return out;
  }

  return { numberOf, textOf, isEntry, givenState, entryList };
}
