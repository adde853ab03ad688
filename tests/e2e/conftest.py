"""End-to-end fixtures (see e2e_support.py): the real server and headless Chromium."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from e2e_support import chromium, lan_server, pytest_collection_modifyitems, server  # noqa: E402,F401
