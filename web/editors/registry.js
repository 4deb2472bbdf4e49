// Editors by the `editor` type a kind's describe() names. A new kind whose editor type is already
// here (e.g. "grid") needs nothing in JS; a kind with a new type registers a factory in its own
// module (web/editors/<type>.js, imported by app.js). Unknown types get the plain text editor.
//
// factory(host, info, {onChange}) returns an object with:
//   getText() → the puzzle in the kind's text format       setText(text) → true if read here
//   loadBoard(board)   take a Board (from the parse op)    sizeKey() / setSize(entry)
//   showBoard(board)   draw a solution Board (null: back to the puzzle)
//   mark(where)        mark an error location {r, c, line, col}; clearMarks()
//   point(r, c)        move the cursor to a cell (hints)
//   undo() redo() clear() focus() destroy()
//   encode() → compact share payload or null                 decode(payload) → true if read
export const EDITORS = new Map();

export function registerEditor(type, factory) {
  EDITORS.set(type, factory);
}

export function editorFor(type) {
  return EDITORS.get(type) || EDITORS.get("text");
}
