// The saved state: a memory snapshot of the interpreter kept in this build's offline cache (key
// `snapshot.bin`), stored without its all-zero pages and restored into a new module's memory. It is
// stamped with the build that made it (`x-build`, its version) and the shared libraries' layout.
import { buildCache } from "./fetching.js";
import { state } from "./state.js";

const SNAPSHOT_KEY = "snapshot.bin";   // in the build's cache, beside its files
const PAGE = 4096;                     // a snapshot is stored without its all-zero pages of this size

function snapshotUrl() {
  return new URL(SNAPSHOT_KEY, self.location.href).href;
}

// This build's snapshot: {bytes (a promise), build, layout, memory} or null (none, or no Cache API
// here).
export async function findSnapshot() {
  try {
    const cache = await buildCache();
    const hit = cache && (await cache.match(snapshotUrl()));
    if (!hit) return null;
    const bytes = hit.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    bytes.catch(() => {});
    return { bytes, build: hit.headers.get("x-build") || "", layout: hit.headers.get("x-layout") || "",
             memory: Number(hit.headers.get("x-memory")) };
  } catch (err) {
    return null;
  }
}

// Pyodide's snapshot (its header, then the whole wasm memory) stored smaller: the header, a bitmap
// of the memory's pages that are not all zero, and those pages (about 40% of them are zero).
function packSnapshot(full) {
  const offset = new Uint32Array(full.buffer, full.byteOffset, 2)[1];
  const memory = full.subarray(offset);
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.length >> 2);
  const pages = memory.length / PAGE;
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  let kept = 0;
  for (let p = 0; p < pages; p++) {
    for (let i = (p * PAGE) >> 2, end = ((p + 1) * PAGE) >> 2; i < end; i++) {
      if (words[i]) {
        bitmap[p >> 3] |= 1 << (p & 7);
        kept++;
        break;
      }
    }
  }
  const out = new Uint8Array(offset + bitmap.length + kept * PAGE);
  out.set(full.subarray(0, offset));
  out.set(bitmap, offset);
  let at = offset + bitmap.length;
  for (let p = 0; p < pages; p++) {
    if (bitmap[p >> 3] & (1 << (p & 7))) {
      out.set(memory.subarray(p * PAGE, (p + 1) * PAGE), at);
      at += PAGE;
    }
  }
  return { bytes: out, memory: memory.length };
}

// Restore a packed snapshot: Pyodide's restore with the header alone, then the pages into memory.
export function unpackSnapshot(Module, restore, bytes, memory) {
  const offset = new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
  const pages = memory / PAGE;
  const bitmap = bytes.subarray(offset, offset + Math.ceil(pages / 8));
  let kept = 0;
  for (let p = 0; p < pages; p++) if (bitmap[p >> 3] & (1 << (p & 7))) kept++;
  if (!Number.isInteger(pages) || offset + bitmap.length + kept * PAGE !== bytes.length) {
    throw new Error("the saved state is damaged");
  }
  // The wasm module defines its own memory (Pyodide's INITIAL_MEMORY does not reach it): grow it.
  if (Module.HEAP8.length < memory && !Module.growMemory(memory)) throw new Error(`cannot grow memory to ${memory} bytes`);
  const config = restore(bytes.subarray(0, offset));
  const heap = Module.HEAPU8;
  let at = offset + bitmap.length;
  for (let p = 0; p < pages; p++) {
    if (bitmap[p >> 3] & (1 << (p & 7))) {
      heap.set(bytes.subarray(at, at + PAGE), p * PAGE);
      at += PAGE;
    } else {
      heap.fill(0, p * PAGE, (p + 1) * PAGE);
    }
  }
  return config;
}

export async function storeSnapshot(full, layout) {
  const cache = await buildCache();
  if (!cache) return 0;
  const { bytes, memory } = packSnapshot(full);
  await cache.put(snapshotUrl(), new Response(bytes, {
    headers: { "content-type": "application/octet-stream", "x-build": state.build.version, "x-layout": layout,
               "x-memory": String(memory) },
  }));
  return bytes.length;
}

export async function forgetSnapshot() {
  try {
    const cache = await buildCache();
    if (cache) await cache.delete(snapshotUrl());
  } catch (err) {
    // nothing to forget
  }
}
