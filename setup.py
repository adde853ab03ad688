"""The build step that puts the app's data into the wheel; everything else is in pyproject.toml.

The gettext catalogs, the rules texts (`locales/`) and the fonts and icons (`assets/`) live at
the top level of the checkout, where `flet build` and the design card put them, outside the
package. A wheel holds only packages, so this copies them into the built package as
`seep_scorer/_data/locales/` and `seep_scorer/_data/assets/`, each catalog compiled to its
`.mo` (Babel, as `pybabel compile` would; an installed app never has a stale one).
`seep_scorer/resources.py` looks there first, else beside the package (a checkout, an
editable install, the published app's archive). MANIFEST.in puts both folders in the sdist.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA = Path("seep_scorer", "_data")


def _data_files() -> list[tuple[Path, Path | None]]:
    """(where in the built package, the source; None for a catalog to compile from its .po)."""
    files: list[tuple[Path, Path | None]] = []
    for path in sorted((ROOT / "locales").rglob("*")):
        rel = path.relative_to(ROOT)
        if path.name in ("rules.md", "glossary.toml"):
            files.append((DATA / rel, path))
        elif path.suffix == ".po":
            files.append((DATA / rel.with_suffix(".mo"), None))
    for path in sorted((ROOT / "assets").rglob("*")):
        if path.is_file():
            files.append((DATA / path.relative_to(ROOT), path))
    return files


def _compile(po: Path, target: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=po.parent.parent.name)
    with target.open("wb") as out:
        write_mo(out, catalog, use_fuzzy=False)  # as i18n.compile_catalog at start


class BuildWithData(build_py):
    """build_py, then the app's data into the built package (not for an editable install: the
    checkout's own folders serve it)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        for rel, source in _data_files():
            target = Path(self.build_lib) / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if source is None:
                _compile(ROOT / rel.relative_to(DATA).with_suffix(".po"), target)
            else:
                shutil.copyfile(source, target)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if self.editable_mode:
            return outputs
        return outputs + [str(Path(self.build_lib) / rel) for rel, _ in _data_files()]


setup(cmdclass={"build_py": BuildWithData})
