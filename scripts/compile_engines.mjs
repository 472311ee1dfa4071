// The engines as the browser loads them: the wheel's pygame_core package in one zip, every module beside
// its bytecode compiled by the runtime's own Python (the pinned Pyodide of node_modules), so the page
// imports straight from the zip without unpacking a file or compiling a line. Measured in Pyodide under
// Node: unpacking the wheel and importing the bridge from source took 550 ms, importing from this archive
// 110 ms. The bytecode is hash-based and unchecked (PEP 552): the sources are the ones beside it, and the
// zip's entry dates are fixed, so there are no file times worth comparing. Any other Python finds a magic number it does not know in the
// .pyc files and compiles the .py files instead, so the archive still imports on the host.
//
//   node scripts/compile_engines.mjs <wheel> <archive.zip>
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [wheel, archive] = process.argv.slice(2);
if (!wheel || !archive) {
  process.stderr.write("usage: node scripts/compile_engines.mjs <wheel> <archive.zip>\n");
  process.exit(2);
}

const COMPILE = `
import py_compile, zipfile

EARLIEST_ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed entry dates: the same wheel makes the same archive bytes


def entry(name):
    info = zipfile.ZipInfo(name, EARLIEST_ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def bytecode(name, source):
    with open("/tmp/module.py", "wb") as file:
        file.write(source)
    py_compile.compile("/tmp/module.py", cfile="/tmp/module.pyc", dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open("/tmp/module.pyc", "rb") as file:
        return file.read()


with zipfile.ZipFile("/tmp/engines.whl") as wheel, \\
        zipfile.ZipFile("/tmp/engines.zip", "w") as archive:
    for name in sorted(n for n in wheel.namelist() if n.startswith("pygame_core/")):
        source = wheel.read(name)
        archive.writestr(entry(name), source)
        if name.endswith(".py"):
            archive.writestr(entry(name + "c"), bytecode(name, source))
`;

const pyodide = await loadPyodide({ stdout: (text) => process.stderr.write(text + "\n") });
pyodide.FS.writeFile("/tmp/engines.whl", readFileSync(wheel));
pyodide.runPython(COMPILE);
writeFileSync(archive, pyodide.FS.readFile("/tmp/engines.zip"));
