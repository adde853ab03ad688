"""Which app this is: the served one, or the phone-only app (the published site, Python in the
browser).

The one place that decides what needs a server: the phone-only app has no other phones to reach (no
live table, no joining or inviting) and no server to configure, so those are hidden there, not
broken.
"""

from __future__ import annotations

import sys


def phone_only() -> bool:
    """True in Pyodide, where the whole app runs in this browser, alone (a function, so tests can
    pretend)."""
    return sys.platform == "emscripten"
