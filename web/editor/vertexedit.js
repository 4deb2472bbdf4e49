// Numbers at the grid's corners (parts/vertex.js) in edit mode, as puzz.link's editor takes them: a
// press near a corner (anywhere, when the cells take no value) selects that corner, outer corners
// included; then a digit writes its number, ? or - a number not given, Backspace, Delete or Space
// clears it, the arrow keys move to the next corner that way, Escape lets go. Each change is one undo
// step. The selected corner is `ed.corner` ({key, point: [y, x]}), drawn ringed (parts.js). When the
// cells take no value, the keypad (frame.js) offers the digits, ? and erase for it (a phone's way).
import { MODULES, partsOf } from "./parts.js";
import { cornerAt, isCorner, numberAt, setNumber } from "./parts/vertex.js";

const NEAR = 0.3;                        // a press this near a corner (in cells) selects it
const STEPS = { ArrowUp: [-2, 0], ArrowDown: [2, 0], ArrowLeft: [0, -2], ArrowRight: [0, 2] };

export function vertexEditor(ed) {
  const { layout } = ed;
  const { board } = ed.dom;
  const parts = partsOf(layout).filter((p) => MODULES[p.type].gesture === "vertex");
  const geo = () => ({ rows: ed.state.rows, cols: ed.state.cols });
  const active = () => parts.length > 0 && ed.mode === "edit" && ed.tool === "cells" && !ed.markSigns;

  function say(point) {
    const part = parts.find((p) => p.key === ed.corner.key);
    const now = numberAt(ed.state.parts[part.key], point);
    const [i, j] = [point[0] / 2, point[1] / 2];
    ed.input.say(`corner ${i + 1},${j + 1}: ${now ? (now.text === "?" ? "a number not given" : now.text) : "no number"}`);
  }

  function select(point) {
    ed.corner = point ? { key: parts[0].key, point } : null;
    ed.view.draw();
    if (point) say(point);
  }

  // A press on the board (input.js): true when it selected a corner.
  function press(event) {
    const node = event.target.closest(".cell");
    if (!active() || !node || event.button > 0) return false;
    const box = node.getBoundingClientRect();
    const [r, c] = [+node.dataset.r, +node.dataset.c];
    const point = cornerAt(r, c, (event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height,
                           ed.editable ? NEAR : null);
    if (!point) {
      if (ed.corner) select(null);
      return false;
    }
    ed.input.move(r, c);
    select(point);
    return true;
  }

  function write(text) {
    const { key, point } = ed.corner;
    if (!ed.state.parts[key]) ed.state.parts[key] = {};
    const part = parts.find((p) => p.key === key);
    const before = ed.history.snapshot();
    if (!setNumber(ed.state.parts[key], part.choices[0].name, point, text)) return;
    ed.history.remember(before);
    ed.history.edited();
    say(point);
  }

  // Keys while a corner is selected (before input.js's), as the top says.
  board.addEventListener("keydown", (event) => {
    if (!ed.corner || !active() || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!isCorner(ed.corner.point, geo())) {
      ed.corner = null;
      return;
    }
    const key = event.key;
    if (/^[0-9]$/.test(key)) write(key);
    else if (key === "?" || key === "-") write("?");
    else if (key === "Backspace" || key === "Delete" || key === " ") write(null);
    else if (key === "Escape") select(null);
    else if (STEPS[key]) {
      const [dy, dx] = STEPS[key];
      const next = [ed.corner.point[0] + dy, ed.corner.point[1] + dx];
      if (isCorner(next, geo())) select(next);
    } else return;
    event.preventDefault();
    event.stopImmediatePropagation();
  });

  // A key of the keypad: a digit, "?" or null (erase) for the selected corner.
  function type(text) {
    if (ed.corner && active() && isCorner(ed.corner.point, geo())) write(text);
  }

  return { press, type, has: parts.length > 0 };
}
