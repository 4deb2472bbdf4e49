// Play mode: the player's entries, pencil marks and colours (web/codecs/play.js holds their schema), kept in
// `ed.play` apart from the puzzle's state. The layout's `play` says which cells take them and what
// an entry may be; keys, taps, drags and the play keypad all end in `setPlay`, one undo step each.
//
// Keys in play mode: a value's key enters it (the same value again clears it); with Shift it is a
// corner mark, with Ctrl a centre mark, with Alt a colour (1-9; 0 clears). The pen (keypad: Value,
// Corner, Centre, Colour) does the same for touch. Backspace/Delete/./space clear what the pen
// writes; kinds with a `cycle` (nonogram, binary) cycle on space and on a tap of the selected cell,
// and nonogram cells cycle on the first click, right click crossing, a drag painting the new value;
// kinds with `corners` take the value of the corner nearest a press (a triangle pointing there).
// Several cells selected (a drag, Ctrl/Shift-click, Shift+arrows: input.js) take a value, a mark or a
// colour all at once, and Backspace clears them all, one undo step.
import { COLOURS, PALETTE, blankMaps, freePieces, isPlayable, ruleOf, textOf, valuesOf } from "../codecs/play.js";
import { el } from "./schema.js";

const TYPING_MS = 1500;
const PENS = ["value", "corner", "centre", "colour"];

export function player(ed) {
  const rule = ruleOf(ed.layout);
  const key = (r, c) => `${r},${c}`;
  const playable = (r, c) => !!rule && isPlayable(ed.layout, ed.state, r, c);
  const values = () => valuesOf(ed.layout, ed.state.rows);
  const text = (n) => textOf(ed.layout, ed.info.values, ed.state.rows, n);
  const pens = () => (rule && rule.pencil ? PENS : ["value", "colour"]);

  // One change of the play layer (an undo step); `mutate` edits ed.play in place.
  function setPlay(mutate) {
    return ed.history.change(mutate);
  }

  function entryAt(r, c) {
    return playable(r, c) ? ed.play.entries.get(key(r, c)) : undefined;
  }

  // The value n at (r, c) as the pen writes it (toggled: the same again clears it).
  function write(r, c, n, pen = ed.pen) {
    if (!playable(r, c) && pen !== "colour") return false;
    const k = key(r, c);
    if (pen === "colour") {
      return setPlay(() => {
        if (!n || ed.play.colours.get(k) === n) ed.play.colours.delete(k);
        else ed.play.colours.set(k, n);
      });
    }
    if (pen === "corner" || pen === "centre") {
      const marks = ed.play[pen];
      return setPlay(() => {
        const now = new Set(marks.get(k) || []);
        if (now.has(n)) now.delete(n);
        else now.add(n);
        if (now.size) marks.set(k, [...now].sort((a, b) => a - b));
        else marks.delete(k);
      });
    }
    if (ed.play.entries.get(k) !== n) {
      const free = freePieces(ed.state, rule, ed.play);
      if (free && !free.includes(n)) {
        ed.input.say(`no piece ${n} is free (free: ${free.join(" ") || "none"})`);
        return false;
      }
    }
    return setPlay(() => {
      if (ed.play.entries.get(k) === n) ed.play.entries.delete(k);
      else ed.play.entries.set(k, n);
    });
  }

  // Set (not toggle) an entry: hints applied, drags, cycles. n null clears.
  function place(r, c, n) {
    if (!playable(r, c)) return false;
    const k = key(r, c);
    return setPlay(() => {
      if (n === null || n === undefined) ed.play.entries.delete(k);
      else ed.play.entries.set(k, n);
    });
  }

  // Clear what the pen writes at (r, c): the entry (then marks), a colour.
  function erase(r, c) {
    return setPlay(() => eraseIn(key(r, c)));
  }

  function eraseIn(k) {
    if (ed.pen === "colour") ed.play.colours.delete(k);
    else if (ed.play.entries.has(k)) ed.play.entries.delete(k);
    else if (ed.pen === "corner" || ed.pen === "centre") ed.play[ed.pen].delete(k);
    else {
      ed.play.corner.delete(k);
      ed.play.centre.delete(k);
    }
  }

  // -- several cells selected (input.js keeps the selection) -------------------------------------------
  // Whether a drag or Ctrl/Shift-click selects cells: kinds with entries that do not paint by drag.
  function selects() {
    return !!rule && !!rule.values && !rule.drag;
  }

  // The selected cells: the cursor's alone, or the selection.
  function targets() {
    if (!ed.selection.size) return [[ed.cursor.r, ed.cursor.c]];
    return [...ed.selection].map((k) => k.split(",").map(Number));
  }

  // n written by the pen into every selected cell, one undo step. As in SudokuPad, the toggle is decided
  // for all: when every cell already holds it, it goes from all, else it goes into all.
  function writeAll(n, pen = ed.pen) {
    const cells = targets();
    const free = pen === "value" ? freePieces(ed.state, rule, ed.play) : null;
    if (cells.length === 1 || free) return write(ed.cursor.r, ed.cursor.c, n, pen);   // pieces: one at a time
    const open = cells.filter(([r, c]) => pen === "colour" || playable(r, c)).map(([r, c]) => key(r, c));
    if (!open.length) return false;
    const marks = pen === "corner" || pen === "centre" ? ed.play[pen] : null;
    const holds = (k) => (pen === "colour" ? ed.play.colours.get(k) === n
      : marks ? (marks.get(k) || []).includes(n) : ed.play.entries.get(k) === n);
    const all = (pen === "colour" && !n) || open.every(holds);
    return setPlay(() => {
      for (const k of open) {
        if (pen === "colour") {
          if (all) ed.play.colours.delete(k);
          else ed.play.colours.set(k, n);
        } else if (marks) {
          const now = new Set(marks.get(k) || []);
          if (all) now.delete(n);
          else now.add(n);
          if (now.size) marks.set(k, [...now].sort((a, b) => a - b));
          else marks.delete(k);
        } else if (all) {
          ed.play.entries.delete(k);
        } else {
          ed.play.entries.set(k, n);
        }
      }
    });
  }

  // Clear what the pen writes in every selected cell, one undo step.
  function eraseAll() {
    return setPlay(() => { for (const [r, c] of targets()) eraseIn(key(r, c)); });
  }

  function nextInCycle(r, c) {
    const order = [undefined, ...rule.cycle];
    return order[(order.indexOf(entryAt(r, c)) + 1) % order.length];
  }

  // The value a key stands for at this size, or null: the kind's own keys, a symbol, a digit typed
  // (numbers above 9 take two digits typed quickly).
  function valueOfKey(k, code) {
    if (!rule.values) return null;                     // the cells take no entry (a lattice to mark)
    if (rule.keys && Object.hasOwn(rule.keys, k.toLowerCase())) return rule.keys[k.toLowerCase()];
    const digit = /^(Digit|Numpad)([0-9])$/.exec(code || "");
    const d = digit ? digit[2] : /^[0-9]$/.test(k) ? k : null;
    if (rule.values === "symbols") {
      const sym = [...ed.symbols()].find((s) => s === k || s === k.toUpperCase() || (d !== null && s === d));
      return sym ? parseInt(sym, 36) : null;
    }
    if (d === null) return null;
    const [lo, hi] = rule.values;
    const { cursor } = ed;
    const i = ed.at(cursor.r, cursor.c);
    const now = performance.now();
    const cur = entryAt(cursor.r, cursor.c);
    let n = +d;
    if (ed.pen === "value" && !ed.selection.size && ed.typing.i === i && now - ed.typing.at < TYPING_MS && cur !== undefined && cur * 10 + n <= hi) {
      n = cur * 10 + n;
      ed.typing = { i, at: now, joined: true };
    } else {
      ed.typing = { i, at: now };
    }
    return n >= lo && n <= hi ? n : null;
  }

  // A key on the board in play mode: true when it was taken.
  function playKey(event) {
    if (!rule) return false;
    const { cursor } = ed;
    const { r, c } = cursor;
    const k = event.key;
    if (["Backspace", "Delete", "."].includes(k) || (k === " " && !rule.cycle)) {
      eraseAll();
      ed.input.say(ed.view.describe(r, c));
      return true;
    }
    if (k === " " && rule.cycle) {
      place(r, c, nextInCycle(r, c));
      ed.input.say(ed.view.describe(r, c));
      return true;
    }
    if (event.metaKey) return false;
    const pen = event.altKey ? "colour" : event.ctrlKey ? "centre" : event.shiftKey && rule.pencil ? "corner" : ed.pen;
    if (pen === "colour") {
      const digit = /^(Digit|Numpad)([0-9])$/.exec(event.code || "") || /^()([0-9])$/.exec(k);
      if (!digit) return false;
      writeAll(+digit[2], "colour");
      return true;
    }
    if ((pen === "corner" || pen === "centre") && !rule.pencil) return false;
    const n = valueOfKey(k, event.code);
    if (n === null) return false;
    if (pen === "value" && ed.typing.joined) {
      ed.typing.joined = false;
      place(r, c, n);
    } else {
      writeAll(n, pen);
    }
    ed.input.say(ed.view.describe(r, c));
    return true;
  }

  // A press on a cell in play mode (after the cursor moved there): nonogram cells cycle at once (right
  // button: crossed) and start a drag; other cycling kinds cycle on a second tap.
  function playPointer(event, r, c, again) {
    if (!rule || !playable(r, c) || ed.locked) return;
    if (rule.corners) {                                  // the value of the corner nearest the press
      const node = event.target.closest && event.target.closest(".cell");
      const box = node ? node.getBoundingClientRect() : null;
      const right = box && event.clientX > box.left + box.width / 2;
      const low = box && event.clientY > box.top + box.height / 2;
      const n = event.button === 2 ? rule.cycle[rule.cycle.length - 1] : rule.corners[low ? (right ? 2 : 3) : (right ? 1 : 0)];
      place(r, c, entryAt(r, c) === n ? null : n);
      ed.input.say(ed.view.describe(r, c));
      return;
    }
    if (rule.drag) {
      const n = event.button === 2 ? (entryAt(r, c) === rule.cycle[rule.cycle.length - 1] ? undefined
        : rule.cycle[rule.cycle.length - 1]) : nextInCycle(r, c);
      if (ed.dom.board.setPointerCapture) ed.dom.board.setPointerCapture(event.pointerId);
      ed.stroke = { before: ed.history.snapshot(), changed: false, play: n === undefined ? null : n };
      dragOver(r, c);
      return;
    }
    if (again && rule.cycle) {
      place(r, c, nextInCycle(r, c));
      ed.input.say(ed.view.describe(r, c));
    }
  }

  // A drag crossing (r, c): the stroke's value painted there (one undo step at its end).
  function dragOver(r, c) {
    if (!playable(r, c)) return;
    const k = key(r, c);
    const n = ed.stroke.play;
    if ((n === null && !ed.play.entries.has(k)) || ed.play.entries.get(k) === n) return;
    if (n === null) ed.play.entries.delete(k);
    else ed.play.entries.set(k, n);
    ed.stroke.changed = true;
    ed.solution = null;
    ed.view.drawCell(r, c);
  }

  // The keypad in play mode: the values (puzlogic: the free pieces), erase, the pens and the colours.
  function buildPlayKeypad(button) {
    if (!rule) return;
    const free = freePieces(ed.state, rule, ed.play);
    const all = free && freePieces(ed.state, rule, blankMaps());          // every piece: one key each, with what is left
    const shown = free ? [...new Set(all)] : values().filter((n) => text(n) !== null).slice(0, 40);
    if (ed.pen === "colour") {
      for (let k = 1; k <= COLOURS; k++) {
        const b = button(`colour-${k}`, `colour ${k}`, String(k), () => writeAll(k, "colour"));
        b.style.backgroundColor = PALETTE[k];
      }
    } else {
      for (const n of shown) {
        const left = free ? free.filter((x) => x === n).length : null;
        const label = free ? `${text(n)}×${left}` : text(n);
        const b = button(`key-${text(n)}`, `${ed.pen === "value" ? "enter" : `${ed.pen} mark`} ${text(n)}${free ? ` (${left} left)` : ""}`,
                         label, () => { writeAll(n); ed.input.say(ed.view.describe(ed.cursor.r, ed.cursor.c)); });
        b.dataset.value = String(n);
        if (free) b.dataset.left = String(left);
        if (free && !left) b.classList.add("used-up");
      }
    }
    button("key-erase", "erase", "⌫", () => eraseAll());
    if (pens().length > 1) {
      for (const pen of pens()) {
        const b = button(`pen-${pen}`, `write ${pen === "value" ? "values" : pen === "colour" ? "colours" : `${pen} marks`}`,
                         pen[0].toUpperCase() + pen.slice(1), () => { ed.pen = pen; ed.frame.buildKeypad(); });
        b.classList.add("pen");
        b.setAttribute("aria-pressed", String(ed.pen === pen));
      }
    }
  }

  // What the play layer draws in a cell: {text, cls, kids, colour}.
  function playLook(r, c) {
    const k = key(r, c);
    const out = { text: "", cls: [], kids: [], colour: PALETTE[ed.play.colours.get(k) || 0] || "" };
    if (!playable(r, c)) return out;
    const n = ed.play.entries.get(k);
    if (n !== undefined) {
      out.cls.push("entry");
      const said = (ed.info.values || {})[n];
      if (said && said.mark === "■") out.cls.push("filled");
      else out.text = text(n) || String(n);
      if (said) out.cls.push(`entry-${said.word}`);
      return out;
    }
    for (const part of ["corner", "centre"]) {
      const marks = ed.play[part].get(k);
      if (!marks || !marks.length) continue;
      const box = el("span", { class: `pm pm-${part}` });
      for (const m of marks) box.append(el("span", {}, text(m) || String(m)));
      out.kids.push(box);
    }
    return out;
  }

  // The value the cell shows (a given symbol or an entry), for highlighting the same value.
  function shownValue(r, c) {
    if (!rule || !(rule.values === "symbols" || rule.pencil)) return null;     // digits, not marks
    const n = entryAt(r, c);
    if ((ed.info.values || {})[n]) return null;
    if (n !== undefined) return n;
    const v = ed.state.cells[ed.at(r, c)];
    return v && rule && rule.values === "symbols" && v.length === 1 ? parseInt(v, 36) : v && /^\d+$/.test(v) ? +v : null;
  }

  return { setPlay, write, writeAll, place, erase, eraseAll, selects, playKey, playPointer, dragOver, buildPlayKeypad, playLook, shownValue,
           entryAt, playable, playText: (n) => (rule ? text(n) : null), colourOf: (k) => PALETTE[k] || "" };
}
