"""A build step of build.py: CaDiCaL 1.9.5 compiled to the page's own wasm module.

The page's SAT search runs on this module rather than on python-sat's wasm wheel, whose build of the
same CaDiCaL searches several times slower (docs/benchmarks.md, "SAT search in the page"). The sources are
python-sat's own: its sdist (pinned in build.py's INPUTS, the version the CLI uses) carries CaDiCaL's
release tarball and its patch, laid out by its own `solvers/prepare.py` (namespace CaDiCaL195). They
are compiled by Debian's emscripten (apt, when missing), at -O3 without exceptions, with the C API of
`cadical_api.cpp`, into an ES module (`cadical195.js`, no string eval; it is handed the bytes of
`cadical195.wasm`, which the worker reads beside it, so it fetches nothing itself). The pair is cached per user
(`~/.cache/gridlogic/wasm`, or under `$XDG_CACHE_HOME`), keyed by the sources' hash, the flags and the compiler's
version, so a repeat build, in this clone or another, compiles nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
API = HERE / "cadical_api.cpp"
SOLVER = "cadical195"
OUTPUTS = (f"{SOLVER}.js", f"{SOLVER}.wasm")
# python-sat's flags for CaDiCaL (its solvers/cadical195/Makefile), without exceptions; NBUILD: no
# build.hpp (the date and machine it would record make builds differ).
COMPILE = ["-std=c++11", "-O3", "-DNDEBUG", "-DQUIET", "-DNBUILD", "-fno-exceptions",
           "-fno-strict-aliasing", "-Wno-deprecated"]
EXPORTS = ("cdc_new", "cdc_delete", "cdc_set", "cdc_add", "cdc_assume", "cdc_phase", "cdc_limit",
           "cdc_solve", "cdc_vars", "cdc_model", "cdc_failed", "malloc", "free")
LINK = ["-O3", "-fno-exceptions", "-sMODULARIZE=1", "-sEXPORT_ES6=1", f"-sEXPORT_NAME=create_{SOLVER}",
        "-sENVIRONMENT=web,worker", "-sALLOW_MEMORY_GROWTH=1", "-sFILESYSTEM=0", "-sDYNAMIC_EXECUTION=0",
        "-sEXPORTED_FUNCTIONS=" + ",".join(f"_{name}" for name in EXPORTS), "-sINCOMING_MODULE_JS_API=wasmBinary"]
# What the emitted glue must not hold: the page's CSP allows no string eval.
FORBIDDEN = ("eval(", "new Function", "Function(")


def emscripten_env() -> dict[str, str]:
    """emcc's environment: Debian's emscripten runs its JS tools with the `node` on PATH, which then
    needs Debian's node modules (acorn) on NODE_PATH when it is not Debian's own node. (Its system
    libraries come prebuilt in the package, a frozen cache: nothing is built or written there.)"""
    env = dict(os.environ)
    env["NODE_PATH"] = os.pathsep.join(p for p in (env.get("NODE_PATH"), "/usr/share/nodejs") if p)
    return env


def compiler_version(env: dict[str, str]) -> str:
    """The first line of `em++ --version`."""
    done = subprocess.run(["em++", "--version"], capture_output=True, text=True, env=env, check=True)
    return done.stdout.splitlines()[0]


def cache_key(sdist: Path, version: str) -> str:
    """A hash of the sources (sdist, C API), the flags and the compiler."""
    h = hashlib.sha256()
    for part in (sdist.read_bytes(), API.read_bytes(), " ".join(COMPILE + LINK).encode(), version.encode()):
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()[:16]


def prepared_sources(sdist: Path, into: Path) -> Path:
    """CaDiCaL's sources laid out and patched by python-sat's own solvers/prepare.py (as its setup does)."""
    with tarfile.open(sdist) as tar:
        if hasattr(tarfile, "data_filter"):          # Python 3.11.4 and later
            tar.extractall(into, filter="data")
        else:
            tar.extractall(into)
    root = next(into.iterdir())
    spec = importlib.util.spec_from_file_location("pysat_prepare", root / "solvers" / "prepare.py")
    prepare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(prepare)
    with contextlib.chdir(root), contextlib.redirect_stdout(sys.stderr):
        prepare.extract_archive(f"solvers/{SOLVER}.tar.gz", SOLVER)
        prepare.adapt_files(SOLVER)
        if subprocess.run(["patch", "-s", "-p2", "-i", f"../patches/{SOLVER}.patch"],
                          cwd=f"solvers/{SOLVER}").returncode != 0:
            raise SystemExit(f"build: python-sat's {SOLVER}.patch did not apply")
    return root / "solvers" / SOLVER


def compile_module(src: Path, out: Path, env: dict[str, str]) -> None:
    """Every CaDiCaL source (the Makefile's list) to an object, on every core; then the module."""
    makefile = (src / "Makefile").read_text()
    line = next(x for x in makefile.splitlines() if x.startswith("SOURCES"))
    sources = line.split(":=", 1)[1].split()

    def one(name: str) -> Path:
        obj = src / (name[:-4] + ".o")
        subprocess.run(["em++", *COMPILE, "-I.", "-c", name, "-o", obj.name], cwd=src, env=env, check=True)
        return obj

    print(f"+ em++ {' '.join(COMPILE)} -c  ({len(sources)} sources of {SOLVER})", flush=True)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        objects = [obj.name for obj in pool.map(one, sources)]
    print(f"+ em++ {' '.join(LINK)} {API.name} ({len(objects)} objects) -o {OUTPUTS[0]}", flush=True)
    subprocess.run(["em++", *LINK, "-I.", API, *objects, "-o", out / OUTPUTS[0]], cwd=src, env=env, check=True)


def check_glue(js: Path) -> None:
    """The emitted glue must run under the page's CSP: no string eval. (It fetches nothing itself: the
    page hands it the wasm bytes, `wasmBinary`.)"""
    text = js.read_text()
    found = [word for word in FORBIDDEN if word in text]
    if found:
        raise SystemExit(f"build: {js.name} holds {', '.join(found)}, which the page's CSP forbids")


def build(sdist: Path, cache: Path, dest: Path, install: Callable[..., None]) -> list[Path]:
    """The module's files copied into `dest` (site/sat), built unless `cache` holds them for these
    sources, flags and compiler. `install(*debs)` installs Debian packages."""
    if not shutil.which("em++"):
        install("emscripten", "node-acorn")
    env = emscripten_env()
    cached = cache / f"{SOLVER}-{cache_key(sdist, compiler_version(env))}"
    if not all((cached / name).exists() for name in OUTPUTS):
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            (work / "out").mkdir()
            compile_module(prepared_sources(sdist, work / "src"), work / "out", env)
            check_glue(work / "out" / OUTPUTS[0])
            cache.mkdir(parents=True, exist_ok=True)
            staged = cache / f".{cached.name}-{os.getpid()}"            # another build may finish first
            shutil.copytree(work / "out", staged)
            try:
                os.rename(staged, cached)
            except OSError:
                shutil.rmtree(staged)
    dest.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copyfile(cached / name, dest / name)) for name in OUTPUTS]
