"""Entry point for `flet build` and `flet run` from the project folder (see [tool.flet.app] in
pyproject.toml). The app itself lives in the seep_scorer package; `seep-scorer` serves it too."""

from seep_scorer.app_main import run

if __name__ == "__main__":
    run()
