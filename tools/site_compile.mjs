// Compile the Python of the static site's wheels to bytecode in the browser's own Python, so that
// a learner's browser does not compile it each time the kernel starts (IPython and the widgets:
// some 3 s of a 2-core machine's CPU at every start, docs/measurements.md).
//
//     node tools/site_compile.mjs PYODIDE_DIR WHEEL...
//
// Pyodide (PYODIDE_DIR: node_modules/pyodide) runs here in Node; each wheel gains, beside every
// module, its __pycache__/NAME.cpython-3XX.pyc (unchecked-hash pycs: imported without reading the
// source again, which stays for tracebacks), listed in its RECORD. tools/site.py runs this.
import { loadPyodide } from "pyodide";
import path from "node:path";

const [pyodideDir, ...wheels] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
const mounted = new Map();
for (const wheel of wheels) {
  const folder = path.dirname(path.resolve(wheel));
  if (!mounted.has(folder)) {
    const at = `/wheels${mounted.size}`;
    pyodide.FS.mkdirTree(at);
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, at);
    mounted.set(folder, at);
  }
}
pyodide.globals.set("wheels", wheels.map((wheel) => `${mounted.get(path.dirname(path.resolve(wheel)))}/${path.basename(wheel)}`));
pyodide.runPython(`
import base64, hashlib, importlib.util, sys, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

#: the lexers a Python kernel imports: the table of all, and Python's own (tracebacks, help)
KEPT_LEXERS = {"__init__.py", "_mapping.py", "python.py"}

def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

def compiled(wheel):
    with zipfile.ZipFile(wheel) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    record = next(info.filename for info, _ in entries if info.filename.endswith(".dist-info/RECORD"))
    pycs = []
    for info, source in entries:
        name = info.filename
        if not name.endswith(".py") or any(part in name for part in (".dist-info/", ".data/", "/tests/", "/testing/")):
            continue  # never imported: a package's own tests
        if name.startswith("pygments/lexers/") and name.rpartition("/")[2] not in KEPT_LEXERS:
            continue  # 1.7 MB of lexers of other languages, imported only if asked for
        try:
            code = compile(source, name, "exec", dont_inherit=True)
        except SyntaxError:  # a module this Python cannot import either
            continue
        folder, _, module = name.rpartition("/")
        pyc = f"{folder}/__pycache__/{module[:-3]}.{sys.implementation.cache_tag}.pyc".lstrip("/")
        pycs.append((pyc, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))))
    listed = "".join(f"{name},{digest(data)},{len(data)}\\n" for name, data in pycs)
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries:
            archive.writestr(info, data.rstrip(b"\\n") + b"\\n" + listed.encode() if info.filename == record else data)
        for name, data in pycs:
            archive.writestr(name, data)
    return len(pycs)

warnings.simplefilter("ignore", SyntaxWarning)  # the packages' own, shown again by nothing
print(sum(map(compiled, wheels)), "modules compiled in", len(wheels), "wheels")
`);
