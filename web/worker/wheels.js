// The core wheels, unpacked by the worker itself: their shared libraries loaded before the
// interpreter exists (so a fresh start and one from a saved state place them alike) and their files
// written to site-packages.
import { state } from "./state.js";

const SITE_PACKAGES = "/lib/python3.14/site-packages";

// The files of a wheel (a zip archive: stored or deflated entries), as [{name, read}] in archive
// order; read() gives a promise of the bytes.
function unzip(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("a wheel is not a zip archive");
  const names = new TextDecoder();
  const files = [];
  let at = view.getUint32(end + 16, true);
  for (let i = view.getUint16(end + 10, true); i > 0; i--) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a wheel's zip directory is damaged");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`${name}: zip method ${method} is not supported`);
    if (!name.endsWith("/")) files.push({ name, read: () => (method === 0 ? Promise.resolve(raw) : inflate(raw)) });
    at += 46 + skip;
  }
  return files;
}

async function inflate(raw) {
  const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The core wheels, unpacked: {libraries, files}, two promises. `libraries` resolves to the shared
// libraries sorted by name and compiled ({name, data, module}); `files` to every other file of the
// wheels ({name, data}), for site-packages (the libraries are written there by preloadLibraries).
export function unpackCore(downloaded) {
  const entries = downloaded.then((wheels) => state.build.core.flatMap((url) => unzip(wheels.get(url))));
  const libraries = entries.then((all) => Promise.all(
    all.filter((f) => f.name.endsWith(".so")).sort((x, y) => (x.name < y.name ? -1 : 1))
      .map(async (f) => {
        const data = await f.read();
        return { name: f.name, data, module: await WebAssembly.compile(data) };
      })));
  libraries.catch(() => {});
  // Unpacked when first asked for (after the libraries on a fresh start; while the snapshot is
  // restored on a start from the saved state).
  let files = null;
  return {
    libraries,
    get files() {
      files ||= entries.then((all) => Promise.all(all.filter((f) => !f.name.endsWith(".so"))
        .map(async (f) => ({ name: f.name, data: await f.read() }))));
      return files;
    },
  };
}

// Emscripten's preRun: load the shared libraries before the runtime starts, the way Emscripten
// loads a program's own libraries (their memory from the heap base, their table slots next), so
// that a fresh start and a restored one place them identically. `layout` gets the table size and
// heap end they leave (the same on every start when it worked).
export function preloadLibraries(core, layout) {
  return (Module) => {
    Module.addRunDependency("gridlogic-libraries");
    (async () => {
      for (const lib of await core.libraries) {
        const path = `${SITE_PACKAGES}/${lib.name}`;
        Module.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        Module.FS.writeFile(path, lib.data);
        const dso = Module.newDSO(path, undefined, "loading");
        dso.global = false;
        dso.exports = await Module.loadWebAssemblyModule(
          lib.module, { loadAsync: true, global: false, nodelete: true, allowUndefined: true }, path, {}, 0);
      }
      layout.value = `${Module.wasmTable.length},${Module.HEAPU32[Module._emscripten_get_sbrk_ptr() >>> 2]}`;
    })().catch((err) => console.warn(`gridlogic: the libraries did not preload (${err && err.message})`))
      .finally(() => Module.removeRunDependency("gridlogic-libraries"));
  };
}

// The wheels' files into site-packages (what loadPackage would unpack, without loading libraries).
export function writeFiles(files) {
  const FS = state.pyodide.FS;
  for (const f of files) {
    const path = `${SITE_PACKAGES}/${f.name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, f.data);
  }
}
