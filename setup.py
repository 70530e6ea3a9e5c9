"""Installing damlib compiles its translation catalogs (damlib/locale/<code>/LC_MESSAGES/damlib.po)
to the .mo files gettext reads; everything else about the package is in pyproject.toml."""

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithCatalogs(build_py):
    """build_py, then every catalog compiled: beside its .po for an editable install (pip install
    -e ., whose package is the source folder), into the build otherwise."""

    def run(self) -> None:
        super().run()
        # damlib's own compiler, loaded alone: the build has Babel but not damlib's dependencies
        spec = importlib.util.spec_from_file_location("catalog", ROOT / "damlib/engine/catalog.py")
        assert spec is not None and spec.loader is not None
        catalog = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(catalog)
        target = ROOT / "damlib" if self.editable_mode else Path(self.build_lib) / "damlib"
        for source in sorted((ROOT / "damlib/locale").glob("*/LC_MESSAGES/damlib.po")):
            compiled = target / source.relative_to(ROOT / "damlib").with_suffix(".mo")
            compiled.parent.mkdir(parents=True, exist_ok=True)
            compiled.write_bytes(catalog.compile_catalog(source))


setup(cmdclass={"build_py": BuildWithCatalogs})
