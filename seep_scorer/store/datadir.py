"""Where the app keeps its data."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "seep-scorer"


def default_data_dir() -> Path:
    """FLET_APP_STORAGE_DATA when set (Flet sets it on phones and under `flet run`), else the user data folder."""
    flet_dir = os.environ.get("FLET_APP_STORAGE_DATA")
    if flet_dir:
        return Path(flet_dir)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
