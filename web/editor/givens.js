// Givens and entries (see editor.js): the puzzle's state holds the givens; the player's entries live in
// the play layer (playing.js). A state loaded together with the state it was first loaded as (older
// saves and links, where entries were typed into the puzzle) has its later values taken as entries.
import { latticeEntries } from "../codecs/play.js";
import { canonical } from "./schema.js";

export function givensAndEntries(ed) {
  const { layout, cellInfo } = ed;

  // A cell value's number (see editor.js), or null for an empty cell, a state's token or fields.
  function numberOf(v) {
    if (cellInfo.numbers && /^[0-9]+$/.test(v)) return +v;
    return v.length === 1 && ed.symbols().includes(v) ? parseInt(v, 36) : null;
  }

  // The value n as the grid writes it: an entry's text (play.js), or an edit-mode cell value; null if none.
  function textOf(n) {
    const played = ed.player.playText(n);
    if (played !== null) return played;
    const symbol = [...ed.symbols()].find((s) => parseInt(s, 36) === n);
    if (symbol) return symbol;
    return cellInfo.numbers && n >= cellInfo.numbers[0] && n <= cellInfo.numbers[1] ? String(n) : null;
  }

  const isEntry = (r, c) => ed.player.entryAt(r, c) !== undefined;

  // The puzzle alone.
  const givenState = () => canonical(layout, ed.state);

  // The entries as [r, c, n], in reading order, on cells that take them (or marks at lattice points).
  function entryList() {
    const out = [];
    for (const [k, n] of ed.play.entries) {
      const [r, c] = k.split(",").map(Number);
      if (ed.player.playable(r, c)) out.push([r, c, n]);
    }
    out.push(...latticeEntries(layout, ed.play));           // a kind played on the lattice: its marks
    return out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }

  // Values typed into the puzzle since `givens` (an older save's loaded state): out of the state, into
  // the entries.
  function splitEntries(givens) {
    const { state, at } = ed;
    if (!givens || givens.rows !== state.rows || givens.cols !== state.cols) return;
    for (let r = 0; r < state.rows; r++) {
      for (let c = 0; c < state.cols; c++) {
        const n = numberOf(state.cells[at(r, c)]);
        if (givens.cells[at(r, c)] !== "" || n === null) continue;
        state.cells[at(r, c)] = "";
        if (ed.player.playable(r, c)) ed.play.entries.set(`${r},${c}`, n);
      }
    }
  }

  return { numberOf, textOf, isEntry, givenState, entryList, splitEntries };
}
