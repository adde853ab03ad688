"""Entry point for `flet run` / `flet build` (through the
top-level main.py, pyproject [tool.flet.app]).

`flet run` and mobile builds set FLET_APP_STORAGE_DATA; the store picks its data
folder from it. Assets (fonts) are found from the package location. For the web
server with the LAN token, use the `seep-scorer` command instead.
"""

import flet as ft

from seep_scorer.app.shell.app import main
from seep_scorer.server.app import ASSETS_DIR


def run() -> None:
    ft.run(main, assets_dir=str(ASSETS_DIR), no_cdn=True)


if __name__ == "__main__":
    run()
