// The engine as the page sees it: a Web Worker hosting Pyodide, spoken to with id-correlated
// requests. The page imports only `Engine`; how workers are started, replaced and restarted lives here.
//
// Two workers at most: the one answering requests and, once that one is ready and the page has
// been idle a moment, a warm standby (Python, python-sat, gridlogic and the packages the current
// kind preloads, already imported). Stop terminates the busy worker and promotes the standby, so
// the engine is usable again at once; a worker that dies (an error it did not catch, out of
// memory, a Pyodide fatal error) is replaced the same way. Either way the requests it had not
// answered reject with an Error whose `reason` is "stopped" or "died", and a new standby starts
// when the page is idle again. A worker restored from the saved state that fails (it says "stale",
// having deleted that state) is replaced by a fresh worker instead, the standby with it (restored
// from the same state, perhaps), and the requests it had not answered are sent again to the fresh
// one: they answer later, and nothing rejects. For tests and benchmarks, <html> carries
// data-engine-worker (the answering worker's name), data-standby ("none" | "loading" | "ready"),
// data-engine-start (how the answering worker started: "snapshot" from a saved state, or "fresh"),
// data-engine-fallback (why a saved state it found did not restore, or why the one restored was
// dropped, if so), data-snapshot ("stored" once a worker has saved its state for the next start) and
// data-engine-sat (what the answering worker's CaDiCaL is: "module", the page's own, or "wheel",
// python-sat's, when the module did not load or has stopped).
const WORKER_URL = new URL("./worker.js", import.meta.url);
// localStorage "gridlogic-snapshot" = "off" makes every worker start Python afresh and save nothing
// (benchmarks compare the two starts; also a way out should a saved state ever misbehave).
try {
  if (globalThis.localStorage && localStorage.getItem("gridlogic-snapshot") === "off") WORKER_URL.search = "?snapshot=off";
} catch (err) {
  // storage unavailable: the default
}
const STANDBY_AFTER_MS = 1500;        // idle time after the last answer before a standby starts

export class Engine {
  // handlers: {load(m), ready(m), fatal(message), replaced(reason)?}; `replaced` is told when
  // Stop, a dead worker or a failed saved state swapped the worker (reason "stopped" | "died" |
  // "restarted": nothing was lost).
  constructor(handlers) {
    this.handlers = handlers;
    this.nextId = 1;
    this.pending = new Map();           // id → {resolve, reject, progress, slot, op, message}
    this.ready = false;
    this.outbox = [];                   // requests made before start()
    this.primary = null;                // {worker, name, ready, hello}
    this.standby = null;
    this.packages = [];                 // what the current kind preloads (its last preload request)
    this.workers = 0;
    this.standbyTimer = 0;
    this.standbyFailed = false;
    this.standbyDeaths = 0;
    this.snapshotStored = false;
  }

  start() {
    this.ready = false;
    this.primary = this.spawn();
    this.show();
    for (const message of this.outbox.splice(0)) this.send(this.primary, message);
  }

  // A new worker; `fresh`: one that reads no saved state (it may save one), started because of
  // `fallback`.
  spawn({ fresh = false, fallback = "" } = {}) {
    const name = `engine-${++this.workers}`;
    const url = new URL(WORKER_URL);
    if (fresh && !url.search) url.search = "?snapshot=fresh";
    const slot = { name, ready: false, hello: null, fallback, worker: new Worker(url, { type: "module", name }) };
    slot.worker.onmessage = (event) => this.receive(slot, event.data);
    slot.worker.onerror = (event) => {
      event.preventDefault();
      this.lost(slot, event.message || "the engine failed to start");
    };
    slot.worker.onmessageerror = () => this.lost(slot, "a message could not be read");
    return slot;
  }

  send(slot, message) {
    slot.worker.postMessage(message);
    if (message.op === "preload") return;
    const job = this.pending.get(message.id);
    if (job) job.slot = slot;
  }

  receive(slot, m) {
    if (m.type === "load") {
      if (slot === this.primary) this.handlers.load(m);
      return undefined;
    }
    if (m.type === "ready") {
      slot.ready = true;
      slot.hello = m;
      if (slot === this.standby) {
        this.show();
        return undefined;
      }
      if (slot !== this.primary) return undefined;
      this.ready = true;
      this.show();
      this.idle();
      return this.handlers.ready(m);
    }
    if (m.type === "snapshot") {
      if (m.stored) this.snapshotStored = true;
      this.show();
      return undefined;
    }
    if (m.type === "sat") {                     // the page's SAT module stopped: python-sat's answers now
      if (slot.hello) slot.hello = { ...slot.hello, sat: m.sat };
      this.show();
      return undefined;
    }
    if (m.type === "fatal" || m.type === "died") return this.lost(slot, m.message);
    if (m.type === "stale") return this.startAfresh(slot, m.message);
    const job = this.pending.get(m.id);
    if (!job || (job.slot && job.slot !== slot)) return undefined;
    if (m.progress) return job.progress && job.progress(m.progress);
    if (m.died) return undefined;        // rejected as "died" by lost(), which follows
    this.pending.delete(m.id);
    this.idle();
    return job.resolve(m);
  }

  request(request, progress) {
    const id = this.nextId++;
    if (request.op === "preload") this.packages = Array.isArray(request.packages) ? [...request.packages] : [];
    const message = { id, ...request };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress, slot: null, op: request.op, message });
      if (this.primary) this.send(this.primary, message);
      else this.outbox.push(message);
      if (request.op === "preload" && this.standby) this.standby.worker.postMessage({ ...message, id: -id });
    });
  }

  // Stop: end whatever runs and answer with a ready engine at once (the standby) when there is one.
  restart() {
    if (!this.primary) {
      this.start();
      return;
    }
    this.replace("stopped");
  }

  // A worker failed. Before it was ever ready that is a failure to start (reported as fatal);
  // after, the worker is replaced and the requests it had reject with reason "died".
  lost(slot, message) {
    slot.worker.terminate();
    if (slot === this.standby) {
      this.standby = null;
      // A standby that cannot start, or keeps dying, would fail again: stop trying.
      this.standbyDeaths += 1;
      this.standbyFailed = !slot.ready || this.standbyDeaths >= 3;
      this.show();
      this.idle();
      return;
    }
    if (slot !== this.primary) return;
    if (!slot.ready) {
      this.handlers.fatal(message);
      return;
    }
    this.replace("died", message);
  }

  // A worker restored from the saved state failed and deleted that state. The primary is replaced by
  // a fresh worker (not the standby: it may be restored from the same state, and goes too), which is
  // sent again every request not yet answered; a standby is just dropped.
  startAfresh(slot, reason) {
    slot.worker.terminate();
    if (slot === this.standby) {
      this.standby = null;
      this.show();
      this.idle();
      return;
    }
    if (slot !== this.primary) return;
    clearTimeout(this.standbyTimer);
    if (this.standby) this.standby.worker.terminate();
    this.standby = null;
    this.primary = this.spawn({ fresh: true, fallback: `the saved state failed after it restored (${reason})` });
    this.ready = false;
    if (this.packages.length) this.primary.worker.postMessage({ id: -this.nextId++, op: "preload", packages: this.packages });
    for (const job of this.pending.values()) this.send(this.primary, job.message);
    this.show();
    if (this.handlers.replaced) this.handlers.replaced("restarted");
  }

  replace(reason, detail) {
    const old = this.primary;
    old.worker.terminate();
    clearTimeout(this.standbyTimer);
    const jobs = [...this.pending.values()];
    this.pending.clear();
    this.standbyFailed = false;
    if (this.standby) {
      this.primary = this.standby;
      this.standby = null;
    } else {
      this.primary = this.spawn();
      if (this.packages.length) this.primary.worker.postMessage({ id: -this.nextId++, op: "preload", packages: this.packages });
    }
    this.ready = this.primary.ready;
    this.show();
    for (const job of jobs) {
      const error = new Error(reason === "stopped" ? "stopped" : `the engine stopped working${detail ? `: ${detail}` : ""}`);
      error.reason = reason;
      job.reject(error);
    }
    if (this.handlers.replaced) this.handlers.replaced(reason);
    const promoted = this.primary;
    if (promoted.ready) {
      // After the caller's own reaction to Stop, as a fresh worker's ready would come.
      setTimeout(() => {
        if (this.primary === promoted) {
          this.idle();
          this.handlers.ready(promoted.hello);
        }
      }, 0);
    }
  }

  // Start a standby once the answering worker is ready and nothing has been asked for a moment.
  idle() {
    clearTimeout(this.standbyTimer);
    if (this.standby || this.standbyFailed || !this.primary || !this.primary.ready) return;
    this.standbyTimer = setTimeout(() => {
      if (this.standby || !this.primary.ready || this.busy()) return;
      this.standby = this.spawn();
      if (this.packages.length) this.standby.worker.postMessage({ id: -this.nextId++, op: "preload", packages: this.packages });
      this.show();
    }, STANDBY_AFTER_MS);
  }

  // Requests other than preloads (a preload may wait long for its package) are unanswered.
  busy() {
    for (const job of this.pending.values()) if (job.op !== "preload") return true;
    return false;
  }

  show() {
    if (typeof document === "undefined") return;
    const root = document.documentElement.dataset;
    root.engineWorker = this.primary ? this.primary.name : "";
    root.standby = !this.standby ? "none" : this.standby.ready ? "ready" : "loading";
    const hello = this.primary && this.primary.hello;
    root.engineStart = hello ? hello.start || "" : "";
    root.engineFallback = hello ? hello.fallback || this.primary.fallback || "" : "";
    root.engineSat = hello ? hello.sat || "" : "";
    if (this.snapshotStored) root.snapshot = "stored";
  }
}
