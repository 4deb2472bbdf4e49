// The request queue: one task runs at a time, lower rank first (0 parse, 1 other requests and
// reruns, 3 imports of preloaded packages), then in order of arrival; none runs before Python is
// ready or after it has failed. When the queue has been empty a moment, the idle hook runs. And how
// a worker stops taking work: it dies, retires, or distrusts the saved state it was restored from.
import { forgetSnapshot } from "./snapshot.js";
import { failure, post, state } from "./state.js";

const IDLE_MS = 500;                   // quiet time before the idle hook (a preloaded package's import)

let seq = 0;
let idleTimer = 0;
let idle = () => {};

// What to do once the worker has been idle IDLE_MS.
export function onIdle(fn) {
  idle = fn;
}

// The interpreter failed (not a Python exception: api.handle turns those into answers). A worker
// restored from the saved state distrusts that state instead.
export function die(id, err) {
  if (state.restored) distrust(err);
  else retire(id, err);
}

// This worker takes no more work: the request `id` (unless null) rejects as "died", and the page's
// Engine replaces the worker.
export function retire(id, err) {
  state.dead = true;
  state.queue.length = 0;
  const message = String((err && err.message) || err);
  if (id !== null) post({ ...failure(id, err), died: true });
  post({ type: "died", message });
}

// A worker restored from the saved state failed where a fresh start might not (its interpreter, or an
// internal error in an answer): the saved state is deleted, this worker takes no more work and answers
// nothing more, and the page's Engine starts a fresh worker in its place and asks it again whatever
// this one had not answered ({type: "stale"}).
export function distrust(err) {
  state.dead = true;
  state.queue.length = 0;
  const message = String((err && err.message) || err);
  console.warn(`gridlogic: the saved state failed (${message}); starting afresh`);
  forgetSnapshot().finally(() => post({ type: "stale", message }));
}

export function enqueue(rank, run) {
  if (state.dead) return;
  state.queue.push({ rank, seq: seq++, run });
  state.queue.sort((a, b) => a.rank - b.rank || a.seq - b.seq);
  pump();
}

export function pump() {
  clearTimeout(idleTimer);
  if (state.running || !state.handle || state.dead) return;
  const task = state.queue.shift();
  if (!task) {
    idleTimer = setTimeout(() => idle(), IDLE_MS);
    return;
  }
  state.running = true;
  Promise.resolve().then(task.run).finally(() => {
    state.running = false;
    setTimeout(pump, 0);                    // let messages that arrived meanwhile join the queue
  });
}

// Run the queue if nothing is running or waiting (something new may be ready to do).
export function settle() {
  if (!state.running && !state.queue.length) pump();
}
