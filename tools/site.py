"""Build the static JupyterLite site: the lessons in the browser, with nothing installed.

``python tools/site.py --output DIR`` writes the site into ``DIR`` (docs/site.md says how to serve
and host it). It needs requirements-site.txt installed and ``npm ci`` run (Pyodide's core is the npm
package ``pyodide``); everything else comes from PyPI at pinned versions. The build works in a
temporary folder and writes nothing into the repository.

What the site's Python gets, and how:

- Pyodide's core, copied from ``node_modules/pyodide`` without its source maps, so the kernel's
  ``pyodideUrl`` is the site's own (``./static/pyodide/pyodide.mjs``).
- Every wheel the browser's Python installs, in the site's ``pypi/`` folder: those of
  requirements-browser.txt, a wheel of this checkout of damlib, and the pure-Python packages of
  Pyodide's lock that the kernel and these need (micropip, IPython, ...), at the lock's versions,
  from PyPI, and the kernel's own (piplite, its ipykernel, pyodide_kernel), from inside its
  JupyterLab extension's wheel. The lock in the site points at these files, with their own hashes
  (PyPI's wheel of a package is not always the file Pyodide's lock was made with); what it lists and
  the site does not ship (numpy, matplotlib, ...) is simply not there.
- All of them are preinstalled: the kernel's ``loadPyodideOptions.packages`` loads them together as
  Pyodide starts, so ``import damlib`` works in a new notebook with nothing typed first.
- The lessons name the site's kernel, which JupyterLab then starts without asking which.
- ``disablePyPIFallback``: a ``%pip install`` finds only the site's wheels, never PyPI.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from email import message_from_bytes
from hashlib import sha256
from pathlib import Path
from typing import Any

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
BROWSER_WHEELS = ROOT / "requirements-browser.txt"
#: What the site holds as files, each with its folder: every lesson (every language's folder
#: included), the docs and the printed handouts.
CONTENT = ("notebooks", "docs", "handouts")
#: Where the site opens.
FIRST_LESSON = "notebooks/01-start-here.ipynb"
#: What damlib's wheel is built from (pyproject.toml names the package's folders).
PACKAGE_SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "damlib")
#: What a browser needs of the npm package: no source maps, TypeScript types or Node console.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_LOCK = "pyodide-lock.json"
#: The site's own JupyterLab plugin, a federated extension written by hand: as a lesson is saved,
#: its boards become pictures (the full install's server does it with damlib/widgets/saved.py).
SAVING = "damlib-site-saving"
SAVING_PLUGIN = ROOT / "tools" / "site_saving.js"
#: What jupyterlite-pyodide-kernel 0.8.6's worker installs as it starts, one after another, unless
#: already loaded: all are preloaded instead, fetched and unpacked together as Pyodide starts.
KERNEL_PACKAGES = ("micropip", "comm", "ipython", "jedi", "piplite", "ipykernel", "pyodide-kernel")
#: The kernel's own wheels (piplite, its ipykernel stand-in, pyodide_kernel), which its JupyterLab
#: extension's wheel carries inside it.
KERNEL_WHEELS = re.compile(r".*/static/pypi/(piplite|ipykernel|pyodide_kernel)-[^/]+\.whl")
#: The browser's Python (Pyodide 314: CPython 3.14 on Emscripten), for the wheels' markers.
BROWSER_MARKERS = {"python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
                   "platform_system": "Emscripten", "platform_machine": "wasm32", "extra": ""}
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: What JupyterLite's front page runs to send a visitor to JupyterLab (./lab, empty); the site sends
#: them to the same JupyterLab with the first lesson open (its ``path`` parameter). The page itself
#: stays: every app of the site reads its settings from it.
FRONT_PAGE_REDIRECT = "await import('./config-utils.js');"
#: The kernel a lesson names in the site: the site's own, so JupyterLab starts it without first
#: asking which (the lessons name ipykernel's, ``python3``, which the site does not have).
SITE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
IGNORED = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "*.tmp", "draughts-*.pdf")


class SiteError(RuntimeError):
    """The site cannot be built (something it needs is missing); the message says what to do."""


def _run(command: list[str], *, cwd: Path | None = None) -> None:
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode:
        raise SiteError(f"{' '.join(command[:4])} ... failed ({result.returncode}):\n{result.stdout[-4000:]}")


def download(specs: list[str], folder: Path) -> None:
    """Pure-Python wheels of ``specs`` (pinned, each alone: no dependencies) from PyPI into ``folder``."""
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
          "--python-version", BROWSER_MARKERS["python_version"], "--implementation", "py", "--abi", "none",
          "--platform", "any", "--dest", str(folder), *specs])


def damlib_wheel(work: Path, folder: Path) -> None:
    """A wheel of this checkout of damlib into ``folder``, built from a copy (pip builds in the
    source folder) with no dependencies: in the browser it needs only what the site ships."""
    source = work / "damlib-source"
    for name in PACKAGE_SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            source.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, source / name)
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(folder), str(source)])


def wheel_entry(wheel: Path) -> dict[str, Any]:
    """The Pyodide lock entry of a pure-Python wheel that sits in the site's ``pypi/`` folder:
    its name, version, file (relative to the lock's folder, static/pyodide/), hash, what it
    imports at the top level and what it requires in the browser (to be kept to what is shipped)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata_name = next(n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n))
        metadata = message_from_bytes(archive.read(metadata_name))
    environment = {key: str(value) for key, value in {**default_environment(), **BROWSER_MARKERS}.items()}
    requirements = map(Requirement, metadata.get_all("Requires-Dist", []))
    depends = [canonicalize_name(requirement.name) for requirement in requirements
               if requirement.marker is None or requirement.marker.evaluate(environment)]
    imports = sorted({name.split("/")[0].removesuffix(".py") for name in names
                      if not name.split("/")[0].endswith((".dist-info", ".data"))
                      and (name.count("/") or name.endswith(".py"))})
    return {"name": canonicalize_name(metadata["Name"]), "version": metadata["Version"],
            "file_name": f"../../pypi/{wheel.name}", "install_dir": "site",
            "sha256": sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports, "depends": depends, "unvendored_tests": False}


def _needed(lock: dict[str, Any], roots: set[str]) -> set[str]:
    """``roots`` and everything they depend on, as the lock's keys (canonical names)."""
    found: set[str] = set()
    todo = list(roots)
    while todo:
        name = canonicalize_name(todo.pop())
        if name in found or name not in lock:
            continue
        found.add(name)
        todo.extend(lock[name]["depends"])
    return found


def kernel_extension(work: Path) -> Path:
    """The wheel of the site's kernel (its JupyterLab extension, with the kernel's Python wheels)."""
    import jupyterlite_pyodide_kernel

    folder = work / "extensions"
    download([f"jupyterlite-pyodide-kernel=={jupyterlite_pyodide_kernel.__version__}"], folder)
    return next(folder.glob("jupyterlite_pyodide_kernel-*.whl"))


def ship_wheels(work: Path, wheels: Path, kernel: Path) -> tuple[dict[str, Any], list[str]]:
    """Fill ``wheels`` (the site's ``pypi/``) with every wheel the browser's Python installs;
    returns Pyodide's lock pointing at them, and the packages to load as Pyodide starts."""
    lock = json.loads((PYODIDE_NPM / PYODIDE_LOCK).read_text())
    packages: dict[str, Any] = {canonicalize_name(name): entry for name, entry in lock["packages"].items()}
    download([line for line in BROWSER_WHEELS.read_text().splitlines() if line and not line.startswith("#")],
             wheels)
    damlib_wheel(work, wheels)
    with zipfile.ZipFile(kernel) as archive:
        for name in filter(KERNEL_WHEELS.fullmatch, archive.namelist()):
            (wheels / Path(name).name).write_bytes(archive.read(name))
    ours = {entry["name"]: entry for entry in map(wheel_entry, sorted(wheels.glob("*.whl")))}
    # damlib's own needs in the browser are requirements-browser.txt; what it declares for drawing
    # and printing (matplotlib, numpy) has no browser wheel and stays out
    wanted = {*KERNEL_PACKAGES, *(dep for name, entry in ours.items() if name != "damlib" for dep in entry["depends"])}
    from_lock = sorted(_needed(packages, wanted) - set(ours))
    binary = [name for name in from_lock if not packages[name]["file_name"].endswith("-none-any.whl")]
    if binary:
        raise SiteError(f"the site ships no compiled packages, but these need one: {', '.join(binary)}")
    lock_wheels = work / "lock-wheels"
    download([f"{packages[name]['name']}=={packages[name]['version']}" for name in from_lock], lock_wheels)
    for wheel in sorted(lock_wheels.glob("*.whl")):
        shutil.move(wheel, wheels / wheel.name)
        entry = wheel_entry(wheels / wheel.name)
        packages[entry["name"]].update(file_name=entry["file_name"], sha256=entry["sha256"])
    missing = [name for name in from_lock if not packages[name]["file_name"].startswith("../../pypi/")]
    if missing:
        raise SiteError(f"PyPI gave no pure-Python wheel for {', '.join(missing)} (at Pyodide's lock's version)")
    for name, entry in ours.items():  # kept to what the site has: damlib's plotting needs are not there
        packages[name] = {**entry, "depends": [dep for dep in entry["depends"] if dep in ours or dep in from_lock]}
    return {**lock, "packages": packages}, sorted({*KERNEL_PACKAGES, *ours})


def lite_folder(work: Path) -> Path:
    """The folder ``jupyter lite build`` reads: Pyodide, the wheels, the content and the settings."""
    lite = work / "lite"
    pyodide = lite / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    if not (PYODIDE_NPM / PYODIDE_LOCK).is_file():
        raise SiteError(f"no Pyodide in {PYODIDE_NPM}: run `npm ci` in {ROOT} first")
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_NPM / name, pyodide / name)
    lock, preloaded = ship_wheels(work, lite / "pypi", kernel_extension(work))
    (pyodide / PYODIDE_LOCK).write_text(json.dumps(lock))
    for name in CONTENT:
        shutil.copytree(ROOT / name, lite / "files" / name, ignore=IGNORED)
    for lesson in (lite / "files").rglob("*.ipynb"):
        notebook = json.loads(lesson.read_text(encoding="utf-8"))
        notebook["metadata"]["kernelspec"] = SITE_KERNEL
        lesson.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "damlib",
        "litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True,
                                               "loadPyodideOptions": {"packages": preloaded}}}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    return lite


def extensions(work: Path, wheels: Path) -> list[Path]:
    """The JupyterLab extensions of the site, as wheels (not whatever this Python has installed):
    the kernel's, and the widgets' and anywidget's from the site's ``wheels``."""
    return [*(work / "extensions").glob("*.whl"), *wheels.glob("jupyterlab_widgets-*.whl"),
            *wheels.glob("anywidget-*.whl")]


def finish(output: Path) -> None:
    """What the build is not trusted to keep, written back: the PyPI fallback off (issue 39 saw a
    build drop it), Pyodide the site's own; the site's plugin that saves boards as pictures; and
    the site opening on the first lesson."""
    path = output / "jupyter-lite.json"
    config = json.loads(path.read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    settings["disablePyPIFallback"] = True
    if not settings.get("pyodideUrl", "").startswith("./"):
        raise SiteError(f"the site's kernel would load Pyodide from {settings.get('pyodideUrl')!r}, not the site")
    # the site's own plugin, which saves a lesson's boards as pictures (tools/site_saving.js)
    saving = output / "extensions" / SAVING / "static"
    saving.mkdir(parents=True)
    shutil.copy2(SAVING_PLUGIN, saving / "remoteEntry.js")
    config["jupyter-config-data"]["federated_extensions"].append(
        {"name": SAVING, "load": "static/remoteEntry.js", "extension": "./extension"})
    path.write_text(json.dumps(config, indent=2))
    front = output / "index.html"
    page = front.read_text()
    if page.count(FRONT_PAGE_REDIRECT) != 1:
        raise SiteError(f"JupyterLite's front page has changed: no {FRONT_PAGE_REDIRECT!r} in {front}")
    front.write_text(page.replace(FRONT_PAGE_REDIRECT,
                                  f"window.location.replace('lab/index.html?path={FIRST_LESSON}');"))


def build(output: Path) -> None:
    """Build the site into ``output``: a new or empty folder, or an earlier site, which is replaced."""
    if output.exists() and any(output.iterdir()) and not (output / "jupyter-lite.json").is_file():
        raise SiteError(f"{output} holds files but no site: give a new or empty folder, or an earlier site")
    with tempfile.TemporaryDirectory(prefix="damlib-site-") as temporary:
        work = Path(temporary)
        lite = lite_folder(work)
        command = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite),
                   "--output-dir", str(work / "site"), "--contents", str(lite / "files"),
                   "--ignore-sys-prefix", "--no-sourcemaps", "--no-unused-shared-packages",
                   *[f"--LiteBuildConfig.federated_extensions={wheel}" for wheel in extensions(work, lite / "pypi")]]
        _run(command, cwd=lite)
        finish(work / "site")
        if output.exists():
            shutil.rmtree(output)  # an earlier site: build() refused anything else
        shutil.copytree(work / "site", output)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, required=True, help="the folder to write the site into")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        build(args.output)
    except SiteError as error:
        print(f"tools/site.py: {error}", file=sys.stderr)
        return 1
    size = sum(path.stat().st_size for path in args.output.rglob("*") if path.is_file())
    print(f"built {args.output} ({size / 1e6:.1f} MB) in {time.monotonic() - started:.0f} s; "
          f"serve it with: python -m http.server --directory {args.output} --bind 127.0.0.1")
    return 0


if __name__ == "__main__":
    sys.exit(main())
