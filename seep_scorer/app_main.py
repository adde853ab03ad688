"""Entry point for `flet run` / `flet build` (pyproject [tool.flet.app] module = "app_main").

`flet run` and mobile builds set FLET_APP_STORAGE_DATA; the store picks its data
folder from it. Assets (fonts) are found from the package location. For the web
server with the LAN token, use the `seep-scorer` command instead.
"""

import flet as ft

from seep_scorer.ui.app import main
from seep_scorer.ui.server import ASSETS_DIR

if __name__ == "__main__":
    ft.run(main, assets_dir=str(ASSETS_DIR), no_cdn=True)
