"""Where the app's data is: `locales/` (catalogs, rules texts) and `assets/` (fonts, icons).

An installed wheel carries them inside the package, in `seep_scorer/_data/` (setup.py's build
step puts them there, catalogs compiled to `.mo`). A checkout, an editable install of it and the
published app's archive have them at the top level beside the package, where the design card
keeps them. Found from the package, never from the working directory.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

# pip installs a package as files on disk and Pyodide unpacks the app's archive, so the
# package's folder is a real one, which Flet's assets_dir and shutil need.
PACKAGE_DIR = Path(str(files("seep_scorer"))).resolve()


def data_dir(name: str) -> Path:
    """The folder `name` (`locales` or `assets`): inside the installed package, else the
    checkout's top-level one."""
    packaged = PACKAGE_DIR / "_data" / name
    return packaged if packaged.is_dir() else PACKAGE_DIR.parent / name


LOCALES_DIR = data_dir("locales")
ASSETS_DIR = data_dir("assets")
