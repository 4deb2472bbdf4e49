// Editing the typed parts (parts.js): tools, gestures, the chooser and the selected item's panel.
//   Cells tool (the default)  a drag across cells (mouse or touch; or Shift+arrows from the selected
//                             cell, ended by releasing Shift) makes a group, a path or shapes: the
//                             chooser then lists every choice the dragged cells fit, by label;
//                             "Clue" opens it for the selected cell alone. A clone asks for a second
//                             drag, its copy.
//   Dots tool                 a tap near an edge or a corner of a cell offers the dots that join two
//                             or four cells there (a dot already there is selected instead).
//   Outside tool              the margins open around the grid with a place per row, column and
//                             corner; a tap offers the outside clues for that place (a choice with
//                             directions once per direction whose diagonal enters the grid).
//   a lattice part's tool     taps and drags mark the lattice (latticeedit.js); tool-lattice-KEY.
// A choice made adds the item, selects it and, when the choice takes a value, focuses the value
// field. The items on the selected cell are listed under the board: a tap selects one; the
// selected one's panel changes its value or direction or deletes it (Escape lets go of it or closes
// the chooser). Every change goes through
// history.js (one undo step per visit of the value field), so undo and redo cover them.
//
// Stable hooks for browser tests (data-testid): parts (the box under the board), tool-cells,
// tool-dots, tool-outside (aria-pressed), part-add, part-hint; chooser, choose-KEY-NAME (a
// direction's: choose-KEY-NAME-DIR; an arrow whose circle is a pill of N cells: choose-KEY-NAME-N),
// choose-cancel; item (the selected item's panel), item-label,
// item-value, item-direction, item-delete, item-done; at-KEY-I (the items on the selected cell);
// outside places: `.slot[data-r][data-c]` in the board, data-testid slot-R-C (R, C may be -1).
import { MODULES, choiceOf, itemLabel, partsOf } from "./parts.js";
import { ARROWS, directionsFrom, isOutside } from "./parts/outside.js";
import { MARGIN, key } from "./parts/svg.js";
import { el } from "./schema.js";
import { playPart } from "../codecs/play.js";

const EDGE_ZONE = 0.28;                  // a tap this near a cell's side (in cells) is on that edge
const HIT = 0.42;                        // a drag enters a cell within this of its centre (in cells)
const HINTS = {
  cells: "Drag across cells to make a cage or a line, then choose what it is (Clue: the selected cell alone).",
  dots: "Tap an edge or a corner between cells for a dot.",
  outside: "Tap a place beside the grid for an outside clue.",
  lattice: "Drag from centre to centre (or corner to corner) for a line; tap an edge for a border or a cross, a cell to shade or dot it.",
  plain: "Tap a cell and type its clue.",
  vertex: "Tap near a corner and type its number (? a number not given; Backspace clears; arrows move).",
};

export function partEditor(ed) {
  const { layout } = ed;
  const { board, partBox } = ed.dom;
  const parts = partsOf(layout);
  const byGesture = (g) => parts.filter((p) => MODULES[p.type].gesture === g);
  const geo = () => ({ rows: ed.state.rows, cols: ed.state.cols });
  const active = () => parts.length > 0 && ed.editable && ed.mode === "edit" && !ed.markSigns;
  const listOf = (k) => ed.state.parts[k];
  const partOf = (k) => parts.find((p) => p.key === k);

  const tools = el("div", { class: "toolbar small ed-tools", role: "group", "aria-label": "What a tap makes" });
  const hint = el("p", { class: "note", "data-testid": "part-hint" });
  const chooser = el("div", { class: "ed-chooser", "data-testid": "chooser", role: "group", "aria-label": "What is it?", hidden: "" });
  const panel = el("div", { class: "ed-item toolbar small", "data-testid": "item", role: "group", hidden: "" });
  const atCell = el("div", { class: "ed-at toolbar small", role: "group", "aria-label": "Clues on the selected cell" });
  const helps = el("details", { class: "ed-help" });
  helps.append(el("summary", {}, "How to draw clues"));
  for (const part of parts) if (part.help) helps.append(el("p", { class: "note" }, `${part.label || part.key}: ${part.help}`));
  partBox.replaceChildren(tools, hint, chooser, panel, atCell, ...(helps.childElementCount > 1 ? [helps] : []));

  const itemLabelEl = el("span", { class: "item-label", "data-testid": "item-label" });
  const valueInput = el("input", { type: "text", class: "field-in", "data-testid": "item-value", autocomplete: "off",
                                   spellcheck: "false", size: "5", "aria-label": "Value" });
  const valueLabel = el("label", {}, "Value ");
  valueLabel.append(valueInput);
  const directionSelect = el("select", { "data-testid": "item-direction", "aria-label": "Direction" });
  const deleteButton = el("button", { type: "button", "data-testid": "item-delete" }, "Delete");
  const doneButton = el("button", { type: "button", "data-testid": "item-done" }, "Done");
  panel.append(itemLabelEl, valueLabel, directionSelect, deleteButton, doneButton);

  function button(host, testid, text, run, label = "", cls = "") {
    const b = el("button", { type: "button", "data-testid": testid, ...(label ? { "aria-label": label } : {}),
                             ...(cls ? { class: cls } : {}) }, text);
    b.addEventListener("click", run);
    host.append(b);
    return b;
  }

  // -- the selected item -------------------------------------------------------------------------
  function pickedItem() {
    const p = ed.picked;
    if (!p || !listOf(p.key) || !listOf(p.key)[p.index]) return null;
    const part = partOf(p.key);
    const item = listOf(p.key)[p.index];
    return { part, item, choice: choiceOf(part, item.name) };
  }

  function pick(k, index) {
    ed.picked = k === null ? null : { key: k, index };
    ed.choosing = null;
    ed.view.draw();
  }

  const takesValue = (choice) => !!choice && !!choice.value && choice.value !== "none";

  // What a value field accepts: digits (a "digits" value also letters, 16×16's digits).
  const cleanValue = (choice, text) => (choice.value === "digits" ? text.replace(/[^0-9A-Za-z]/g, "").toUpperCase()
    : text.replace(/[^0-9]/g, "")).slice(0, 12);

  valueInput.addEventListener("focus", () => { ed.pending = ed.history.snapshot(); });
  valueInput.addEventListener("input", () => {
    const now = pickedItem();
    if (!now || !takesValue(now.choice)) return;
    const v = cleanValue(now.choice, valueInput.value);
    if (v !== valueInput.value) valueInput.value = v;
    if ((now.item.value || "") === v) return;
    if (ed.pending) {
      ed.history.remember(ed.pending);
      ed.pending = null;
    }
    if (v) now.item.value = v;
    else delete now.item.value;
    ed.history.forget();                                   // answers, marks and overlays were of the puzzle before
    ed.view.draw();
    ed.onChange();
  });
  valueInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === "Escape") {
      event.preventDefault();
      board.focus({ preventScroll: true });
    }
  });
  directionSelect.addEventListener("change", () => {
    const now = pickedItem();
    if (now) ed.history.change(() => { now.item.direction = directionSelect.value; });
  });
  deleteButton.addEventListener("click", () => {
    const p = ed.picked;
    if (!pickedItem()) return;
    ed.picked = null;
    if (ed.awaiting && ed.awaiting.key === p.key) ed.awaiting = null;
    ed.history.change(() => { listOf(p.key).splice(p.index, 1); });
    board.focus({ preventScroll: true });
  });
  doneButton.addEventListener("click", () => {
    pick(null);
    board.focus({ preventScroll: true });
  });

  // -- making an item ----------------------------------------------------------------------------
  // The choices a target fits: [{part, choice, direction?}].
  function offers(target) {
    const out = [];
    for (const part of byGesture(target.gesture)) {
      const mod = MODULES[part.type];
      for (const choice of part.choices || []) {
        if (!mod.fits(target.cells, choice, geo())) continue;
        if (choice.directions) {
          for (const d of directionsFrom(target.cells[0], geo())) out.push({ part, choice, direction: d });
        } else {
          out.push({ part, choice });
          for (const pill of mod.pills ? mod.pills(target.cells, choice) : []) out.push({ part, choice, pill });
        }
      }
    }
    return out;
  }

  function openChooser(gesture, cells) {
    ed.choosing = { gesture, cells };
    ed.picked = null;
    ed.view.draw();
    const first = chooser.querySelector("button");
    if (first) first.focus({ preventScroll: true });
  }

  function choose({ part, choice, direction, pill }) {
    const target = ed.choosing;
    if (!target) return;
    const item = MODULES[part.type].make(target.cells, choice, { direction, pill });
    ed.choosing = null;
    const list = listOf(part.key);
    ed.history.change(() => {
      list.push(item);
      ed.picked = { key: part.key, index: list.length - 1 };
    });
    ed.awaiting = choice.more === "copy" ? { ...ed.picked } : null;
    ed.view.draw();
    if (takesValue(choice)) valueInput.focus();
    else board.focus({ preventScroll: true });
  }

  // -- gestures ----------------------------------------------------------------------------------
  // A tap in a cell with the Dots tool: the edge or corner nearest it, as the cells it joins.
  function dotCells(event, r, c) {
    const box = ed.dom.nodes[ed.at(r, c)].getBoundingClientRect();
    const fx = (event.clientX - box.left) / box.width;
    const fy = (event.clientY - box.top) / box.height;
    const dx = fx < EDGE_ZONE ? -1 : fx > 1 - EDGE_ZONE ? 1 : 0;
    const dy = fy < EDGE_ZONE ? -1 : fy > 1 - EDGE_ZONE ? 1 : 0;
    let cells;
    if (dx && dy) {
      const [r0, c0] = [Math.min(r, r + dy), Math.min(c, c + dx)];
      cells = [[r0, c0], [r0, c0 + 1], [r0 + 1, c0], [r0 + 1, c0 + 1]];
    } else if (dx || dy) {
      cells = [[r, c], [r + dy, c + dx]].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    } else {
      const near = [[Math.abs(fx), 0, -1], [Math.abs(1 - fx), 0, 1], [Math.abs(fy), -1, 0], [Math.abs(1 - fy), 1, 0]]
        .sort((a, b) => a[0] - b[0])[0];
      cells = [[r, c], [r + near[1], c + near[2]]].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    }
    const g = geo();
    return cells.every(([a, b]) => a >= 0 && b >= 0 && a < g.rows && b < g.cols) ? cells : null;
  }

  const sameCells = (a, b) => a.length === b.length && a.every((x, i) => x[0] === b[i][0] && x[1] === b[i][1]);

  // The first item of a gesture's parts on exactly these cells, or null.
  function itemOn(gesture, cells) {
    for (const part of byGesture(gesture)) {
      const i = listOf(part.key).findIndex((item) => sameCells(item.cells, cells));
      if (i >= 0) return { key: part.key, index: i };
    }
    return null;
  }

  function tapTarget(gesture, cells) {
    const there = itemOn(gesture, cells);
    if (there) pick(there.key, there.index);
    else openChooser(gesture, cells);
  }

  // A press on the board (input.js): true when it was a part's gesture (the cell tap is not made).
  function partsDown(event) {
    if (!active()) return false;
    const slot = event.target.closest(".slot");
    if (slot) {
      tapTarget("margin", [[+slot.dataset.r, +slot.dataset.c]]);
      return true;
    }
    const node = event.target.closest(".cell");
    if (!node || ed.tool !== "dots") return false;
    const cells = dotCells(event, +node.dataset.r, +node.dataset.c);
    ed.input.move(+node.dataset.r, +node.dataset.c);
    if (cells) tapTarget("edge", cells);
    return true;
  }

  // A press on a cell with the Cells tool begins a drag (the tap itself selects the cell as ever).
  function dragStart(event, r, c) {
    if (!active() || ed.tool !== "cells" || !byGesture("cells").length) return;
    ed.drag = { cells: [[r, c]] };
    if (board.setPointerCapture) {
      try {
        board.setPointerCapture(event.pointerId);
      } catch (err) {
        // a synthetic pointer cannot be captured: the drag still follows the board's own events
      }
    }
  }

  // The cell under a point when the point is near its centre (a diagonal drag passes a corner
  // without entering the cells beside it).
  function cellNear(x, y) {
    const target = document.elementFromPoint(x, y);
    const node = target && target.closest && target.closest(".cell");
    if (!node || !board.contains(node)) return null;
    const box = node.getBoundingClientRect();
    const fx = (x - box.left) / box.width - 0.5;
    const fy = (y - box.top) / box.height - 0.5;
    return Math.hypot(fx, fy) <= HIT ? [+node.dataset.r, +node.dataset.c] : null;
  }

  function dragMove(event) {
    if (!ed.drag || ed.drag.keys) return false;
    const hit = cellNear(event.clientX, event.clientY);
    if (hit) step(hit);
    return true;
  }

  // The drag reaches a cell: the path grows to it (by king steps, should it have skipped cells), or
  // shortens when it is the cell before the last.
  function step(hit) {
    const cells = ed.drag.cells;
    const last = cells[cells.length - 1];
    if (hit[0] === last[0] && hit[1] === last[1]) return;
    const back = cells[cells.length - 2];
    if (back && hit[0] === back[0] && hit[1] === back[1]) {
      cells.pop();                                 // back over the cell before: the drag shortens
    } else {
      const seen = new Set(cells.map(([r, c]) => key(r, c)));
      let [r, c] = last;
      while (r !== hit[0] || c !== hit[1]) {      // a fast drag skipped cells: king steps toward it
        r += Math.sign(hit[0] - r);
        c += Math.sign(hit[1] - c);
        if (seen.has(key(r, c))) break;
        cells.push([r, c]);
        seen.add(key(r, c));
      }
    }
    const end = cells[cells.length - 1];
    ed.input.move(end[0], end[1]);
    drawDrag();
  }

  // The drag ended (a cancelled one, the browser taking the touch, makes nothing).
  function dragEnd(cancelled = false) {
    if (!ed.drag) return;
    const { cells } = ed.drag;
    ed.drag = null;
    drawDrag();
    if (cancelled || cells.length < 2) return;
    const waiting = ed.awaiting && listOf(ed.awaiting.key) && listOf(ed.awaiting.key)[ed.awaiting.index];
    if (waiting && waiting.cells.length === cells.length) {
      const { key: k, index } = ed.awaiting;
      ed.awaiting = null;
      ed.history.change(() => { listOf(k)[index].more = cells; ed.picked = { key: k, index }; });
      return;
    }
    openChooser("cells", cells);
  }

  // The cells dragged, or the cells the chooser is choosing for, tinted.
  function drawDrag() {
    const cells = ed.drag ? ed.drag.cells : ed.choosing ? ed.choosing.cells : [];
    const on = new Set(cells.map(([r, c]) => key(r, c)));
    for (const node of ed.dom.nodes) node.classList.toggle("dragged", on.has(key(+node.dataset.r, +node.dataset.c)));
  }

  // -- drawing the box and the outside places ----------------------------------------------------
  function buildParts() {
    tools.replaceChildren();
    partBox.hidden = !active();
    board.classList.toggle("drag-parts", active() || (ed.mode === "play" && !!playPart(layout)));
    if (!active()) return;
    const toolButton = (tool, text) => button(tools, `tool-${tool}`, text, () => {
      ed.tool = tool;
      ed.choosing = null;
      ed.awaiting = null;
      ed.view.draw();
    });
    if (byGesture("cells").length || byGesture("lattice").length) toolButton("cells", "Cells");
    if (byGesture("edge").length) toolButton("dots", "Dots");
    if (byGesture("margin").length) toolButton("outside", "Outside");
    for (const part of byGesture("lattice")) toolButton(`lattice-${part.key}`, part.label || part.key);
    if (byGesture("cells").length) {
      button(tools, "part-add", "Clue", () => openChooser("cells", [[ed.cursor.r, ed.cursor.c]]),
             "Add a clue on the selected cell");
    }
  }

  function drawParts() {
    drawSlots();
    drawDrag();
    if (!active()) return;
    for (const b of tools.querySelectorAll("[data-testid^=tool-]")) {
      b.setAttribute("aria-pressed", String(b.dataset.testid === `tool-${ed.tool}`));
    }
    const waiting = ed.awaiting && pickedItem();
    const plain = byGesture("vertex").length ? "vertex" : "plain";
    const tool = ed.tool.startsWith("lattice-") ? "lattice" : ed.tool === "cells" && !byGesture("cells").length ? plain : ed.tool;
    hint.textContent = waiting ? `Now drag the copy: ${waiting.item.cells.length} cells.` : HINTS[tool];
    drawChooser();
    drawPanel();
    drawAtCell();
  }

  // The chooser and the list are made again only when what they show changed: a draw between a
  // button's press and its release (the engine's check answering) must not replace the button.
  let chooserFor = null;
  let atCellKey = "";

  function drawChooser() {
    chooser.hidden = !ed.choosing;
    if (ed.choosing === chooserFor) return;
    chooserFor = ed.choosing;
    chooser.replaceChildren();
    if (!ed.choosing) return;
    const list = offers(ed.choosing);
    const n = ed.choosing.cells.length;
    chooser.append(el("p", { class: "note" }, list.length ? `What is it? (${ed.choosing.gesture === "cells" ? `${n} cell${n > 1 ? "s" : ""}` : "here"})`
      : "Nothing fits here."));
    for (const part of parts) {
      const mine = list.filter((x) => x.part === part);
      if (!mine.length) continue;
      const row = el("div", { class: "toolbar small", role: "group", "aria-label": part.label || part.key });
      row.append(el("span", { class: "ed-part-label" }, part.label || part.key));
      for (const offer of mine) {
        const more = offer.direction ? ` ${ARROWS[offer.direction]}` : offer.pill ? `, a pill of ${offer.pill}` : "";
        const id = `choose-${part.key}-${offer.choice.name}${offer.direction ? `-${offer.direction}` : offer.pill ? `-${offer.pill}` : ""}`;
        const text = `${offer.choice.label}${more}`;
        button(row, id, text, () => choose(offer), "", "chip");
      }
      chooser.append(row);
    }
    button(chooser, "choose-cancel", "Cancel", () => {
      ed.choosing = null;
      ed.view.draw();
      board.focus({ preventScroll: true });
    });
  }

  function drawPanel() {
    const now = pickedItem();
    if (!now) ed.picked = null;
    panel.hidden = !now;
    if (!now) return;
    itemLabelEl.textContent = itemLabel(now.choice, now.item);
    valueLabel.hidden = !takesValue(now.choice);
    if (document.activeElement !== valueInput) valueInput.value = now.item.value || "";
    valueInput.inputMode = now.choice && now.choice.value === "digits" ? "text" : "numeric";
    directionSelect.hidden = !(now.choice && now.choice.directions);
    if (!directionSelect.hidden) {
      const ways = directionsFrom(now.item.cells[0], geo());
      directionSelect.replaceChildren(...ways.map((d) => new Option(`${ARROWS[d]} ${d}`, d)));
      directionSelect.value = now.item.direction || "";
    }
  }

  // The items on the selected cell (its cells or `more`; a dot on any of its cells).
  function drawAtCell() {
    const { r, c } = ed.cursor;
    const shown = [];
    for (const part of parts) {
      if (MODULES[part.type].gesture === "margin" || MODULES[part.type].whole) continue;
      for (const [i, item] of listOf(part.key).entries()) {
        if (![...item.cells, ...(item.more || [])].some((x) => x[0] === r && x[1] === c)) continue;
        const on = !!ed.picked && ed.picked.key === part.key && ed.picked.index === i;
        shown.push({ part, i, text: itemLabel(choiceOf(part, item.name), item), on });
      }
    }
    const now = JSON.stringify(shown.map((x) => [x.part.key, x.i, x.text, x.on]));
    if (now === atCellKey) return;
    atCellKey = now;
    // The row keeps its height when the cell holds no clue: the board above must not move under a drag.
    atCell.replaceChildren(el("span", { class: "note" }, shown.length ? `r${r + 1}c${c + 1}:` : `r${r + 1}c${c + 1}: no clue`));
    for (const { part, i, text, on } of shown) {
      button(atCell, `at-${part.key}-${i}`, text, () => pick(part.key, i)).setAttribute("aria-pressed", String(on));
    }
  }

  // The places of outside clues while the Outside tool is on: one per row and column on each side,
  // and the corners when a choice takes directions.
  function drawSlots() {
    for (const old of board.querySelectorAll(":scope > .slots")) old.remove();
    if (!active() || ed.tool !== "outside") return;
    const g = geo();
    const corners = byGesture("margin").some((p) => (p.choices || []).some((ch) => ch.directions));
    const box = el("div", { class: "slots" });
    const taken = new Set();
    for (const part of byGesture("margin")) for (const item of listOf(part.key)) taken.add(key(...item.cells[0]));
    for (let r = -1; r <= g.rows; r++) {
      for (let c = -1; c <= g.cols; c++) {
        if (!isOutside([r, c], g, corners)) continue;
        const slot = el("div", { class: `slot${taken.has(key(r, c)) ? " taken" : ""}`, "data-testid": `slot-${r}-${c}`,
                                 "data-r": r, "data-c": c, title: `outside clue at row ${r + 1}, column ${c + 1}` });
        const at = (i, n) => (i < 0 ? `calc(${-MARGIN} * var(--cell) - 2px)` : i >= n ? `calc(${n} * var(--cell) + 2px)`
          : `calc(${i} * var(--cell))`);
        slot.style.left = at(c, g.cols);
        slot.style.top = at(r, g.rows);
        slot.style.width = c < 0 || c >= g.cols ? `calc(${MARGIN} * var(--cell))` : "var(--cell)";
        slot.style.height = r < 0 || r >= g.rows ? `calc(${MARGIN} * var(--cell))` : "var(--cell)";
        box.append(slot);
      }
    }
    board.append(box);
  }

  // Keys on the board (before input.js's): Shift+arrows walk a path from the selected cell, as a
  // drag does (back over the cell before shortens it), and releasing Shift ends it; Escape closes
  // the chooser, or lets go of the selected item.
  const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  board.addEventListener("keydown", (event) => {
    if (!active()) return;
    if (event.key === "Escape" && (ed.choosing || ed.picked || ed.awaiting)) {
      event.preventDefault();
      ed.awaiting = null;
      pick(null);
    } else if (STEPS[event.key] && event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey &&
               ed.tool === "cells" && byGesture("cells").length) {
      event.preventDefault();
      event.stopImmediatePropagation();
      const [dr, dc] = STEPS[event.key];
      const { r, c } = ed.cursor;
      const next = [r + dr, c + dc];
      const g = geo();
      if (next[0] < 0 || next[1] < 0 || next[0] >= g.rows || next[1] >= g.cols) return;
      if (!ed.drag) ed.drag = { cells: [[r, c]], keys: true };
      step(next);
    }
  });
  board.addEventListener("keyup", (event) => {
    if (event.key === "Shift" && ed.drag && ed.drag.keys) dragEnd();
  });
  board.addEventListener("blur", () => {
    if (ed.drag && ed.drag.keys) {
      ed.drag = null;
      drawDrag();
    }
  });

  return { partsDown, dragStart, dragMove, dragEnd, buildParts, drawParts };
}
