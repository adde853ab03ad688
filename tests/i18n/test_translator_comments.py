"""Every `# TRANSLATORS:` comment reaches the catalog: pybabel keeps it only when the next line
holds the gettext call, which a reformatting can quietly break."""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "seep_scorer"
CALL = re.compile(r"\b(_|ngettext|N_)\(")


def test_each_translator_comment_sits_right_above_its_gettext_call():
    stray = []
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for n, line in enumerate(lines):
            if "# TRANSLATORS:" not in line:
                continue
            rest = (line.split("#", 1)[0], *lines[n + 1 :])
            following = next((x for x in rest if x.strip() and not x.strip().startswith("#")), "")
            if not CALL.search(following):
                stray.append(f"{path.relative_to(PACKAGE)}:{n + 1}")
    assert not stray, f"translator comments not above a gettext call: {stray}"
