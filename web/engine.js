// The engine as the page sees it: a Web Worker hosting Pyodide, spoken to with id-correlated
// requests. The page imports only `Engine`; how workers are started, replaced and restarted lives here.
export class Engine {
  constructor(handlers) {
    this.handlers = handlers;
    this.nextId = 1;
    this.pending = new Map();
    this.ready = false;
    this.worker = null;
    this.outbox = [];          // requests made before the worker exists
  }

  start() {
    this.ready = false;
    this.worker = new Worker("worker.js");
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => this.handlers.fatal(event.message || "the engine failed to start");
    for (const message of this.outbox.splice(0)) this.worker.postMessage(message);
  }

  receive(m) {
    if (m.type === "load") return this.handlers.load(m);
    if (m.type === "ready") {
      this.ready = true;
      return this.handlers.ready(m);
    }
    if (m.type === "fatal") return this.handlers.fatal(m.message);
    const job = this.pending.get(m.id);
    if (!job) return undefined;
    if (m.progress) return job.progress && job.progress(m.progress);
    this.pending.delete(m.id);
    return job.resolve(m);
  }

  request(request, progress) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      if (this.worker) this.worker.postMessage({ id, ...request });
      else this.outbox.push({ id, ...request });
    });
  }

  restart() {
    if (this.worker) this.worker.terminate();
    for (const job of this.pending.values()) job.reject(new Error("stopped"));
    this.pending.clear();
    this.start();
  }
}

