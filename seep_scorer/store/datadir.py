"""Where the app keeps its data."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "seep-scorer"
# In the browser (Pyodide) the store lives in a fixed folder that ui/webfs.py backs with IndexedDB.
BROWSER_DATA_DIR = Path("/data") / APP_NAME


def default_data_dir() -> Path:
    """FLET_APP_STORAGE_DATA when set (Flet sets it on phones and under `flet run`), else the user
    data folder;
    in the browser, the folder the browser's storage is mounted on."""
    if sys.platform == "emscripten":
        return BROWSER_DATA_DIR
    flet_dir = os.environ.get("FLET_APP_STORAGE_DATA")
    if flet_dir:
        return Path(flet_dir)
    import platformdirs  # not shipped to the browser, which has no user folders

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
