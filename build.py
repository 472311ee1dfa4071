#!/usr/bin/env python3
"""Build, serve, test and benchmark the card saloon.

Stdlib only, Python >= 3.11, so a fresh machine needs nothing but ``python3``,
``node``/``npm`` and the package registries to go from a clean clone to a
tested site.

    python3 build.py                 # = build: engines + Pyodide runtime + web/ -> dist/
    python3 build.py serve [--port N]  # build, then serve dist/ on 127.0.0.1
    python3 build.py test [--fast|--slow] [pytest args...]  # venv, chromium, build, checks, pytest
    python3 build.py lock [--upgrade]  # rewrite requirements/*.lock (exact versions, hashes) with uv
    python3 build.py bench           # venv, chromium, build (+ bench pages), measure
    python3 build.py balance [--games N] [ids]  # simulate the levels, rewrite docs/balance.md
    python3 build.py outsiders GAME --a hard --b montecarlo  # a level against reference players (scripts/outsiders)

``dist/`` is the whole static site: ``index.html``, ``js/``..., ``pyodide/``
(the runtime from the npm package pinned in ``package-lock.json``), ``engines/``
(our pure ``pygame_core`` wheel's package, compiled for the runtime) and
``manifest.json`` (content version, engines path and every file with its
content hash, from which the service worker keeps its offline copy and updates only what changed).
"""

from __future__ import annotations

import argparse
import errno
import functools
import hashlib
import http.server
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import venv
import zipfile
from pathlib import Path
from typing import Sequence

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
BENCH = ROOT / "bench"
VENV = ROOT / ".venv"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
VENV_STAMP = VENV / ".saloon-install-stamp"
# The venv's tiers, each installed from its lock file (exact versions and hashes; `python3 build.py lock`).
LOCKS = {"site": ROOT / "requirements" / "site.lock", "dev": ROOT / "requirements" / "dev.lock"}

# Files loadPyodide() fetches at start (checked in headless Chromium: the
# module loader, the Emscripten glue, the wasm binary, the stdlib archive and
# the package lock). Pyodide < 0.28 named the glue pyodide.asm.js; 314.x ships
# pyodide.asm.mjs. Everything else in the npm package (.map, .d.ts, console
# pages, the UMD pyodide.js, package.json, README) is not needed by the site.
PYODIDE_REQUIRED = ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_GLUE = ("pyodide.asm.mjs", "pyodide.asm.js")

# Pages that only the benchmark uses; copied to dist/bench/ for `bench` runs only,
# so the shipped site (and the service worker's precache list) does not carry them.
BENCH_PAGES = ("bare.html", "bare.js", "bare-worker.js")

WORKER_FILE = "js/worker.js"  # the engine worker in dist/, one file (bundle_worker)

# Browser modules of pinned npm packages the site serves as they are, with their licences: (the file in
# node_modules, its place in dist/). The page imports them by that place; web/ holds only their types (.d.ts).
VENDORED = (("@paulmillr/qr/esm/index.js", "vendor/qr.js"), ("@paulmillr/qr/LICENSE-MIT", "vendor/qr.LICENSE.txt"))

# A fixed timestamp for the zip entries of the wheel: the same sources give the
# same wheel bytes, so manifest.json's version only changes when content does.
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest date a zip can hold

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".md": "text/markdown; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}

# Our own Python outside the package, type-checked strictly by `test` as well.
TOOLING_TYPED = ("build.py", "bench", "scripts/balance.py", "scripts/outsiders", "scripts/heldout_outsiders",
                 "tests/pyodide", "tests/conftest.py", "tests/saloon_site.py")

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def log(message: str) -> None:
    """Print a progress line, flushed, so CI logs interleave correctly with subprocesses."""
    print(f"[build] {message}", flush=True)


def run(cmd: Sequence[str | os.PathLike[str]], **kwargs: object) -> None:
    """Run a command, echoing it, and stop the build with its exit code if it fails."""
    printable = " ".join(str(c) for c in cmd)
    log(f"$ {printable}")
    result = subprocess.run([str(c) for c in cmd], **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        log(f"command failed with exit code {result.returncode}: {printable}")
        raise SystemExit(result.returncode)


def human_size(n: int) -> str:
    """Format a byte count the way people read sizes."""
    size = float(n)
    for unit in ("B", "KiB", "MiB"):
        if size < 1024 or unit == "MiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} MiB"


# --------------------------------------------------------------------------- venv


def venv_python() -> Path:
    """The interpreter of the project venv (POSIX and Windows layouts)."""
    posix = VENV / "bin" / "python"
    return posix if posix.exists() or os.name != "nt" else VENV / "Scripts" / "python.exe"


def install_fingerprint(lock: Path) -> str:
    """What a venv install depends on: the lock file, pyproject.toml (the editable package) and the interpreter.

    When it changes (an updated lock, a new Python), `ensure_venv` reinstalls; when not, `test` and `build`
    start in a second instead of re-running pip.
    """
    digest = hashlib.sha256(lock.read_bytes())
    digest.update((ROOT / "pyproject.toml").read_bytes())
    digest.update(sys.version.encode())
    return digest.hexdigest()


def ensure_venv(tier: str = "dev") -> Path:
    """Create .venv and install a lock file's exact versions into it, every file checked against its hash.

    ``site`` (requirements/site.lock) is what building dist/ needs: setuptools, for the wheel is built with
    --no-build-isolation (no download per build). ``dev`` (requirements/dev.lock) adds the test and dev
    tools and pins the same setuptools, so a dev venv serves a site build too. `python3 build.py lock`
    rewrites both (README, "Dependencies"). The package itself goes in editable, without dependencies (it
    has none), so scripts/ and the tests import the sources.
    """
    if tier not in LOCKS:
        raise ValueError(f"unknown venv tier {tier!r}")
    py = venv_python()
    if not py.exists():
        log(f"creating virtual environment {VENV.relative_to(ROOT)}/")
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    # the tiers this venv may already hold that cover the one asked for (dev covers site)
    covering = [name for name in LOCKS if name == tier or name == "dev"]
    if VENV_STAMP.exists():
        held = VENV_STAMP.read_text().split()
        if len(held) == 2 and held[0] in covering and held[1] == install_fingerprint(LOCKS[held[0]]):
            return py
    lock = LOCKS[tier]
    log(f"installing {lock.relative_to(ROOT)} into .venv (the lock changed, or first run)")
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    run([py, "-m", "pip", "install", "--quiet", "--require-hashes", "-r", lock], env=env)
    run([py, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", "-e", ROOT],
        env=env)
    VENV_STAMP.write_text(f"{tier} {install_fingerprint(lock)}\n")
    return py


def lock(uv_args: list[str]) -> int:
    """Rewrite requirements/site.lock and requirements/dev.lock with uv from the dev venv (`--upgrade` moves every
    tool to the newest release pyproject.toml's ranges allow; `--upgrade-package NAME` one of them).

    One resolution for every platform and Python >= 3.11 (--universal), every file's hash kept; the dev lock is
    resolved under the site lock, so both name the same setuptools.
    """
    uv = ensure_venv("dev").parent / "uv"
    common = ["pip", "compile", "--universal", "--python-version", "3.11", "--generate-hashes", "--quiet",
              "--custom-compile-command", "python3 build.py lock", *uv_args]
    run([uv, *common, "requirements/site.in", "-o", "requirements/site.lock"], cwd=ROOT)
    run([uv, *common, "pyproject.toml", "requirements/site.in", "--extra", "test", "--extra", "dev",
         "-c", "requirements/site.lock", "-o", "requirements/dev.lock"], cwd=ROOT)
    log("locks written; `python3 build.py test` installs them and checks everything against them")
    return 0


# --------------------------------------------------------------------------- wheel


def build_wheel(python: Path, out_dir: Path) -> Path:
    """Build the pure py3-none-any wheel of pygame_core into out_dir and return its path.

    The sources are copied to a scratch directory first: setuptools keeps a build/
    cache that can leak deleted modules into later wheels, and building in place
    would also litter the repo with *.egg-info.
    """
    with tempfile.TemporaryDirectory(prefix="saloon-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
        shutil.copytree(ROOT / "pygame_core", src / "pygame_core", ignore=ignore)
        for name in ("pyproject.toml", "README.md", "LICENSE", "setup.cfg", "MANIFEST.in"):
            if (ROOT / name).exists():
                shutil.copy2(ROOT / name, src / name)
        shutil.copytree(ROOT / "LICENSES", src / "LICENSES")  # pyproject's license-files
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PIP_DISABLE_PIP_VERSION_CHECK="1")
        cmd = [str(python), "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(out_dir), "."]
        log("building the pygame_core wheel (pip wheel --no-build-isolation)")
        # setuptools is chatty (deprecation banners); show its output only when it fails.
        result = subprocess.run(cmd, cwd=src, env=env, capture_output=True, text=True)
        if result.returncode != 0:
            print(result.stdout, result.stderr, sep="\n", file=sys.stderr)
            raise SystemExit(f"wheel build failed with exit code {result.returncode}")
    wheels = sorted(out_dir.glob("pygame_core-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one pure pygame_core wheel in {out_dir}, found {wheels}")
    check_wheel_complete(wheels[0])
    return wheels[0]


def compile_engines(wheel: Path, out_dir: Path) -> Path:
    """The archive the page imports the engines from: the wheel's package with bytecode compiled by the
    pinned runtime's own Python (scripts/compile_engines.mjs says why), named for the wheel it came from."""
    archive = out_dir / wheel.name.replace("-py3-none-any.whl", ".zip")
    log("compiling the engines for the browser (Pyodide in Node)")
    run(["node", ROOT / "scripts" / "compile_engines.mjs", wheel, archive], cwd=ROOT)
    return archive


def check_wheel_complete(wheel: Path) -> None:
    """Fail if a module of pygame_core/ is missing from the wheel.

    A subpackage without an ``__init__.py`` (say games/tombstone/) is not found by
    setuptools' package discovery and would only break in the browser.
    """
    source = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "pygame_core").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    with zipfile.ZipFile(wheel) as zf:
        shipped = {name for name in zf.namelist() if name.endswith(".py")}
    missing = sorted(source - shipped)
    if missing:
        raise SystemExit(
            f"{wheel.name} lacks {', '.join(missing)}: every folder of pygame_core needs an __init__.py"
        )


# --------------------------------------------------------------------------- npm


def npm_matches_lock(*, dev: bool) -> bool:
    """True when every package in package-lock.json is installed at its locked version (with ``dev``, the
    devDependencies' too: eslint and tsc; without, only what building the site needs).

    Cheaper than `npm ci` on every build, and catches a stale node_modules after
    someone bumps the pin. Optional packages may be absent: npm installs only the
    one built for this platform (esbuild and TypeScript's native compiler have one per OS/CPU).
    """
    lock = json.loads((ROOT / "package-lock.json").read_text())
    for key, entry in lock.get("packages", {}).items():
        if not key.startswith("node_modules/") or (entry.get("dev") and not dev):
            continue
        installed = ROOT / key / "package.json"
        if not installed.exists():
            if entry.get("optional"):
                continue
            return False
        if json.loads(installed.read_text()).get("version") != entry.get("version"):
            return False
    return (NODE_PYODIDE / "pyodide.mjs").exists()


def ensure_node_modules(*, dev: bool = True) -> None:
    """Install the pinned Pyodide runtime and esbuild (and with ``dev`` the JS checks: eslint, tsc) with
    `npm ci` unless they are already there."""
    if npm_matches_lock(dev=dev):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is needed to fetch the pinned Pyodide runtime and JS tools (package-lock.json); install Node.js (22 or later; 20 still runs it)")
    run([npm, "ci", "--no-audit", "--no-fund", *([] if dev else ["--omit=dev"])], cwd=ROOT)
    if not npm_matches_lock(dev=dev):
        raise SystemExit("node_modules still does not match package-lock.json after `npm ci`")


# --------------------------------------------------------------------------- dist


def pyodide_files() -> list[Path]:
    """The Pyodide core files the site loads, from node_modules/pyodide."""
    files = [NODE_PYODIDE / name for name in PYODIDE_REQUIRED]
    glue = [NODE_PYODIDE / name for name in PYODIDE_GLUE if (NODE_PYODIDE / name).exists()]
    missing = [f.name for f in files if not f.exists()]
    if missing or not glue:
        raise SystemExit(f"node_modules/pyodide lacks {missing or list(PYODIDE_GLUE)}; run `npm ci`")
    return files + glue


SERVICE_WORKER = "sw.js"
# The line of web/sw.js that the build stamps with the build's version (write_manifest), so the browser's own
# update check, which compares sw.js byte for byte on each visit, notices every new build.
SW_VERSION_LINE = 'const VERSION = "unbuilt";'
HASH_CHARS = 16  # hex digits of a file's sha256 kept in manifest.json: 64 bits, no two files of a build alike


def dist_files(dist: Path) -> list[str]:
    """Every file in dist/ as a sorted POSIX relative path: what the service worker keeps. manifest.json
    is written after them; sw.js is left out, as the browser keeps the service worker's script itself."""
    return sorted(
        p.relative_to(dist).as_posix()
        for p in dist.rglob("*")
        if p.is_file() and p.relative_to(dist).as_posix() not in ("manifest.json", SERVICE_WORKER)
    )


def file_hash(path: Path) -> str:
    """A file's content hash as manifest.json lists it (a sha256 prefix); sw.js checks downloads against it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_CHARS]


def content_version(hashes: dict[str, str], service_worker: bytes) -> str:
    """A short hash over the files' names and content hashes and the service worker's source: the build's
    name (its cache, the engines' snapshot), new whenever any byte of the site is."""
    digest = hashlib.sha256()
    for name, hash_ in sorted(hashes.items()):
        digest.update(f"{name}\0{hash_}\0".encode())
    digest.update(hashlib.sha256(service_worker).digest())
    return digest.hexdigest()[:12]


def write_manifest(dist: Path, service_worker: Path = WEB / SERVICE_WORKER) -> dict[str, object]:
    """Write dist/manifest.json for the files now in dist/ and dist/sw.js stamped with the build's version;
    return the manifest. The engines archive is the one file in dist/engines/.

    Each file is listed with its content hash, so the service worker of the next build downloads only the
    files whose hash changed and copies the others from the copy it keeps (web/sw.js says how).
    """
    files = dist_files(dist)
    hashes = {name: file_hash(dist / name) for name in files}
    source = service_worker.read_bytes()
    if source.count(SW_VERSION_LINE.encode()) != 1:
        raise SystemExit(f"{service_worker} must hold the line {SW_VERSION_LINE} once: the build stamps it")
    version = content_version(hashes, source)
    stamped = source.replace(SW_VERSION_LINE.encode(), SW_VERSION_LINE.replace("unbuilt", version).encode())
    (dist / SERVICE_WORKER).write_bytes(stamped)
    (engines,) = [name for name in files if name.startswith("engines/")]
    engine_files = [name for name in files if name.startswith("pyodide/") and name.endswith((".wasm", ".zip"))]
    # What the engines' memory snapshot holds: the runtime, the engines and the worker that boots them.
    # A deploy that leaves these alone keeps the snapshot, so its first visit still starts in a second.
    runtime = {name: hash_ for name, hash_ in hashes.items()
               if name.startswith(("pyodide/", "engines/")) or name == WORKER_FILE}
    manifest: dict[str, object] = {
        "version": version,
        "runtime_version": content_version(runtime, b""),
        "engines": engines,
        "pyodide": "pyodide/",
        # The runtime's big downloads (fetched by it, not imported) and their sizes: real byte progress.
        "engine_files": {name: (dist / name).stat().st_size for name in engine_files},
        "files": files,
        "hashes": hashes,
    }
    (dist / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def write_game_catalog(engines: Path) -> None:
    """dist/games.json: the bridge's answer to ``{"op": "games"}``, so the menu shows real tiles at once.

    Asked of the engines archive just built, in a child interpreter (``-P``: not the sources in the
    working directory), so the menu's catalog and the engines the page loads later are always the same code.
    """
    code = "import sys; from pygame_core.bridge import handle; sys.stdout.write(handle(sys.argv[1]))"
    request = json.dumps({"op": "games"})
    env = dict(os.environ, PYTHONPATH=str(engines))
    result = subprocess.run([sys.executable, "-P", "-c", code, request], env=env, capture_output=True, text=True)
    try:
        ok = result.returncode == 0 and json.loads(result.stdout).get("ok") is True
    except ValueError:
        ok = False
    if not ok:
        raise SystemExit(f"the game catalog could not be read from {engines.name}:\n{result.stderr or result.stdout}")
    (DIST / "games.json").write_text(result.stdout + "\n")


# A static `import ... from "./x.js"` (or `export ... from`, or a bare `import "./x.js"`) of a relative module.
STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\s+(?:[^;"']*?\sfrom\s+)?["'](\.{1,2}/[^"']+)["']""", re.M)
SHELL_SCRIPTS = ("js/boot.js", "js/app.js")  # the page's two <script type="module"> entries, in order


def static_imports(root: Path, entries: Sequence[str]) -> list[str]:
    """Every module the entries import statically, transitively, as paths relative to root."""
    found: list[str] = []
    todo = list(entries)
    while todo:
        name = todo.pop(0)
        if name in found:
            continue
        found.append(name)
        for spec in STATIC_IMPORT.findall((root / name).read_text()):
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(name), spec)))
    return [name for name in found if name not in entries]


def preload_shell(dist: Path) -> None:
    """Name in index.html's head everything the menu needs (its modules, games.json), so the browser fetches
    them all at once instead of discovering one level of imports per round trip: the tiles show in about
    half the time on a first visit. boot.js (which starts the engine worker) and its imports are named
    before its own tag and the rest only after it, so the worker's start never waits behind the menu's files."""
    index = dist / "index.html"
    html = index.read_text()
    named: list[str] = []
    for script, extra in zip(SHELL_SCRIPTS, ([], ['<link rel="preload" href="games.json" as="fetch" crossorigin>'])):
        tag = f'<script type="module" src="{script}"></script>'
        if tag not in html:
            raise SystemExit(f"index.html lost its {tag}: the preloads have no place to go")
        modules = [name for name in static_imports(dist, [script]) if name not in named and name not in SHELL_SCRIPTS]
        named += modules
        links = extra + [f'<link rel="modulepreload" href="{name}">' for name in modules]
        html = html.replace(tag, "\n  ".join([*links, tag]))
    index.write_text(html)


# What the engine worker imports that stays a file of its own: the runtime (as in the bare page) and the
# manifest (it names the bundle's own version, so it cannot be inside it).
WORKER_EXTERNALS = ("../pyodide/pyodide.mjs", "../manifest.json")


def bundle_worker() -> None:
    """dist/js/worker.js as one file: the worker's own modules (web/js/worker/) bundled into it by esbuild.

    A worker's module graph is fetched level by level, and on a first visit its requests queue behind the
    menu's: measured in headless Chromium, the bundle starts the runtime's download about 100 ms sooner.
    The sources stay small modules, linted and type-checked as they are.
    """
    esbuild = ROOT / "node_modules" / ".bin" / "esbuild"
    externals = [f"--external:{name}" for name in WORKER_EXTERNALS]
    run([esbuild, WEB / "js" / "worker.js", "--bundle", "--format=esm", "--log-level=warning", *externals,
         f"--outfile={DIST / WORKER_FILE}", "--allow-overwrite"], cwd=ROOT)
    shutil.rmtree(DIST / "js" / "worker")


def assemble_dist(engines: Path, *, include_bench: bool) -> dict[str, object]:
    """Lay out dist/ from scratch and write manifest.json (and the stamped sw.js); return the manifest."""
    if not WEB.is_dir():
        raise SystemExit("web/ is missing: nothing to publish")
    if DIST.exists():
        shutil.rmtree(DIST)
    shutil.copytree(WEB, DIST, ignore=shutil.ignore_patterns(".DS_Store", "*~", "*.ts"))  # .ts: type declarations for tsc
    bundle_worker()
    (DIST / "pyodide").mkdir(exist_ok=True)
    for f in pyodide_files():
        shutil.copy2(f, DIST / "pyodide" / f.name)
    (DIST / "engines").mkdir(exist_ok=True)
    shutil.copy2(engines, DIST / "engines" / engines.name)
    for package_file, place in VENDORED:
        (DIST / place).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / "node_modules" / package_file, DIST / place)
    if include_bench:
        (DIST / "bench").mkdir(exist_ok=True)
        for name in BENCH_PAGES:
            shutil.copy2(BENCH / name, DIST / "bench" / name)
    write_game_catalog(engines)
    preload_shell(DIST)
    return write_manifest(DIST)


def print_summary(manifest: dict[str, object]) -> None:
    """Show what was built and how heavy each part of the first load is."""
    files = manifest["files"]
    assert isinstance(files, list)
    groups: dict[str, int] = {}
    total = 0
    for name in files:
        size = (DIST / name).stat().st_size
        total += size
        top = name.split("/", 1)[0] if "/" in name else "(site root)"
        groups[top] = groups.get(top, 0) + size
    log(f"dist/ version {manifest['version']}: {len(files)} files, {human_size(total)}")
    for group, size in sorted(groups.items()):
        log(f"  {group + '/' if group != '(site root)' else group:<14} {human_size(size):>10}")
    log(f"  engines        {manifest['engines']} ({human_size((DIST / str(manifest['engines'])).stat().st_size)})")


def build(*, include_bench: bool = False) -> dict[str, object]:
    """Build the wheel, compile it for the browser, fetch the pinned Pyodide and assemble dist/."""
    python = ensure_venv("site")
    ensure_node_modules(dev=False)
    # the page's JSDoc types from the engines' shapes (web/js/<id>/shapes.js, web/js/bridge-shapes.js), before web/ is copied
    run([sys.executable, ROOT / "scripts" / "js_shapes.py"], cwd=ROOT, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory(prefix="saloon-dist-") as tmp:
        wheel = build_wheel(python, Path(tmp))
        manifest = assemble_dist(compile_engines(wheel, Path(tmp)), include_bench=include_bench)
    print_summary(manifest)
    return manifest


# --------------------------------------------------------------------------- serve


class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler with the MIME types Pyodide and module workers insist on.

    `Cache-Control: no-cache` makes the browser revalidate (cheap 304s) instead of
    serving stale files, which keeps the service worker's own cache the only
    long-lived one and lets a rebuilt dist/ show up on reload.
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive: a page load fetches a dozen files

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        if getattr(self.server, "quiet", False):
            return
        super().log_message(format, *args)


class DistServer(http.server.ThreadingHTTPServer):
    """ThreadingHTTPServer that stays quiet when a browser drops a kept-alive connection."""

    daemon_threads = True
    quiet = False

    def handle_error(self, request: object, client_address: object) -> None:
        """Ignore clients that went away (a closed tab or browser context); report real errors."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(directory: Path, port: int = 0, *, quiet: bool = False) -> DistServer:
    """A threading HTTP server for `directory` on 127.0.0.1 (port 0 = any free port)."""
    handler = functools.partial(DistHandler, directory=str(directory))
    server = DistServer(("127.0.0.1", port), handler)
    server.quiet = quiet
    return server


def serve_in_thread(directory: Path) -> tuple[DistServer, str]:
    """Serve `directory` on a free port from a daemon thread; return the server and base URL.

    Used by the benchmark (and usable by tests) so they need no fixed port.
    """
    server = make_server(directory, 0, quiet=True)
    threading.Thread(target=server.serve_forever, name="dist-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def serve(port: int, port_given: bool) -> None:
    """Build and serve dist/ until interrupted."""
    build()
    try:
        server = make_server(DIST, port)
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
        if port_given:
            raise SystemExit(f"port {port} is already in use; choose another with --port N")
        server = make_server(DIST, 0)
        log(f"port {port} is already in use; serving on free port {server.server_address[1]} instead")
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    log(f"serving dist/ at {url}  (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log("stopped")
    finally:
        server.server_close()


# --------------------------------------------------------------------------- chromium


def find_chromium() -> str | None:
    """A Chromium/Chrome executable: $CHROMIUM, /usr/bin/chromium, then PATH."""
    env = os.environ.get("CHROMIUM")
    if env:
        found = shutil.which(env) or (env if Path(env).exists() else None)
        if found is None:
            raise SystemExit(f"CHROMIUM={env} does not exist")
        return found
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def ensure_chromium(python: Path) -> str:
    """Find or install a Chromium for playwright and return its executable path.

    As root we take Debian's package (playwright cannot download browsers on
    machines that only reach package registries); otherwise we let playwright
    fetch its own build, which works on ordinary developer machines.
    """
    found = find_chromium()
    if found:
        return found
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        log("no Chromium found; installing Debian's chromium with apt-get")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(["apt-get", "update"], env=env)
        run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"], env=env)
    else:
        log("no Chromium found; asking playwright to install its own")
        run([python, "-m", "playwright", "install", "chromium"])
        probe = (
            "from playwright.sync_api import sync_playwright\n"
            "with sync_playwright() as p: print(p.chromium.executable_path)"
        )
        path = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, check=True).stdout.strip()
        if path and Path(path).exists():
            return path
    found = find_chromium()
    if found is None:
        raise SystemExit("could not find or install Chromium; set CHROMIUM=/path/to/chromium")
    return found


# --------------------------------------------------------------------------- test / bench


Command = list[str]


def javascript_checks() -> list[Command]:
    """Lint (eslint, eslint.config.js) and type-check (tsc --checkJs, tsconfig*.json) the front end, and lint
    the Node scripts that run Pyodide for the build and the tests."""
    tools = ROOT / "node_modules" / ".bin"
    checks: list[Command] = [[str(tools / "eslint"), "web", "scripts", "tests/pyodide"]]
    return checks + [[str(tools / "tsc"), "-p", config.name] for config in sorted(ROOT.glob("tsconfig*.json"))]


def workflow_checks(python: Path) -> list[Command]:
    """Lint the GitHub workflows (.github/workflows: the Pages publisher) with actionlint and zizmor
    (offline: no GitHub API calls). Both come from the venv's dev tools."""
    workflows = ROOT / ".github" / "workflows"
    if not workflows.is_dir():
        return []
    tools = python.parent
    return [[str(tools / "actionlint"), *map(str, sorted(workflows.glob("*.yml")))],
            [str(tools / "zizmor"), "--offline", "--no-progress", str(workflows)]]


def mypy_checks(python: Path) -> list[Command]:
    """mypy --strict on pygame_core (configured in pyproject.toml), then on our tooling (TOOLING_TYPED).

    In one group, one after the other: both use the same .mypy_cache."""
    tooling = [p for p in TOOLING_TYPED if (ROOT / p).exists()]
    return [[str(python), "-m", "mypy"], [str(python), "-m", "mypy", "--strict", *tooling]]


def run_group(name: str, commands: list[Command], results: dict[str, int]) -> None:
    """Run a group's commands one after another (all of them, even after a failure) with their output kept,
    then print it in one block, so the groups that run beside pytest do not interleave with it or each other.
    The group's result is its first non-zero exit code, or 0."""
    started = time.monotonic()
    lines: list[str] = []
    codes: list[int] = []
    for cmd in commands:
        lines.append("$ " + " ".join(Path(part).name if os.path.isabs(part) else part for part in cmd))
        done = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines.append(done.stdout.rstrip())
        codes.append(done.returncode)
    results[name] = next((code for code in codes if code), 0)
    block = "\n".join(line for line in lines if line)
    log(f"{name}: exit code {results[name]} ({time.monotonic() - started:.1f} s)\n{block}")


def pytest_workers() -> int:
    """pytest-xdist workers: one per core this process may use (2 on the CI machine)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def parallel_args(pytest_args: list[str]) -> list[str]:
    """Spread pytest over the cores (pytest-xdist) unless the arguments already say how (-n, -p no:xdist).

    --dist loadgroup keeps the modules that share one expensive fixture or file on one worker
    (tests/conftest.py, XDIST_GROUPS)."""
    chosen = any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in pytest_args)
    if chosen or "no:xdist" in pytest_args:
        return pytest_args
    return ["-n", str(pytest_workers()), "--dist", "loadgroup", *pytest_args]


def test(args: list[str]) -> int:
    """Everything CI runs: venv, Chromium, a fresh dist/, then mypy --strict, eslint + tsc and the workflows'
    lint (actionlint, zizmor) beside pytest on every core.

    ``--fast``: only pytest, without the browser, Pyodide and the slow tier, every property at a few examples
    (no build, no checks): the loop while working on engines and the bridge. ``--slow``: the slow tier too
    (strength calibrations, the soak). Other arguments go to pytest. All checks run even if one fails, so one
    CI log shows all problems; the exit code is non-zero if any failed.
    """
    fast, slow = "--fast" in args, "--slow" in args
    if fast and slow:
        raise SystemExit("--fast leaves the slow tier out; --slow adds it: choose one")
    pytest_args = [a for a in args if a != "--fast"]
    started = time.monotonic()
    python = ensure_venv()
    if fast:
        marks = [] if "-m" in pytest_args else ["-m", "not e2e and not pyodide and not slow"]
        cmd = [str(python), "-m", "pytest", "--hypothesis-profile=fast", *marks, *parallel_args(pytest_args)]
        log("$ " + " ".join(cmd[2:]))
        code = subprocess.run(cmd, cwd=ROOT).returncode
        log(f"pytest exit code {code} ({time.monotonic() - started:.1f} s)")
        return code
    ensure_node_modules()
    chromium = ensure_chromium(python)
    os.environ["CHROMIUM_PATH"] = chromium
    log(f"CHROMIUM_PATH={chromium}")
    build()
    log(f"built in {time.monotonic() - started:.1f} s; the checks run beside pytest, their output when each ends")
    results: dict[str, int] = {}
    groups = {"mypy": mypy_checks(python), "eslint/tsc": javascript_checks(), "actionlint/zizmor": workflow_checks(python)}
    threads = [threading.Thread(target=run_group, args=(name, commands, results), name=name)
               for name, commands in groups.items()]
    for thread in threads:
        thread.start()
    pytest_started = time.monotonic()
    cmd = [str(python), "-m", "pytest", *parallel_args(pytest_args)]
    log("$ " + " ".join(cmd[2:]))
    results["pytest"] = subprocess.run(cmd, cwd=ROOT).returncode
    log(f"pytest exit code {results['pytest']} ({time.monotonic() - pytest_started:.1f} s)")
    for thread in threads:
        thread.join()
    log(f"total {time.monotonic() - started:.1f} s")
    failed = {name: code for name, code in results.items() if code}
    if failed:
        log("FAILED: " + " ".join(f"{name}={code}" for name, code in failed.items()))
        return failed.get("pytest") or next(iter(failed.values()))
    log("all checks passed")
    return 0


def bench(bench_args: list[str]) -> int:
    """Build dist/ with the bench pages and run bench/run_bench.py in the venv."""
    python = ensure_venv()
    chromium = ensure_chromium(python)
    build(include_bench=True)
    cmd = [str(python), str(BENCH / "run_bench.py"), "--dist", str(DIST), "--chromium", chromium,
           "--out", str(ROOT / "bench-results.json"), *bench_args]
    log("$ " + " ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, env=dict(os.environ, CHROMIUM_PATH=chromium)).returncode


def balance(balance_args: list[str]) -> int:
    """Simulate every game's levels and rewrite docs/balance.md and its plots (scripts/balance.py)."""
    python = ensure_venv()
    cmd = [str(python), str(ROOT / "scripts" / "balance.py"), *balance_args]
    log("$ " + " ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT).returncode


def outsiders(outsider_args: list[str]) -> int:
    """Pit a level against the reference players written from the rules (scripts/outsiders)."""
    python = ensure_venv()
    cmd = [str(python), str(ROOT / "scripts" / "outsiders"), *outsider_args]
    log("$ " + " ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    """Parse the subcommand; extra arguments of test/bench go to pytest/run_bench.py."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build the wheel, compile it for the browser and assemble dist/ (the default)")
    serve_parser = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=None, help="port (default 8000, or a free one if busy)")
    sub.add_parser("test", help="venv + chromium + build + mypy + eslint + tsc + pytest (extra args go to pytest)")
    sub.add_parser("bench", help="measure load, first paint, move latency and engine speed")
    sub.add_parser("balance", help="simulate every game's levels; rewrite docs/balance.md and its plots")
    sub.add_parser("outsiders", help="a level against reference players written from the rules (extra args: "
                                     "GAME --a LEVEL --b KIND ...)")
    sub.add_parser("lock", help="rewrite requirements/*.lock with uv (extra args go to uv, e.g. --upgrade)")
    passing = {"test": test, "bench": bench, "balance": balance, "outsiders": outsiders, "lock": lock}
    if argv and argv[0] in passing and not {"-h", "--help"} & set(argv[1:2]):
        # Pass everything after the subcommand through untouched (pytest has many flags).
        return passing[argv[0]](argv[1:])
    args = parser.parse_args(argv)
    command = args.command or "build"
    if command == "build":
        build()
        return 0
    if command == "serve":
        serve(args.port if args.port is not None else 8000, args.port is not None)
        return 0
    return passing[command]([])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
