"""When two spellings are one player (stats spec: NFC,
trimmed, inner spaces collapsed, case-folded)."""

from __future__ import annotations

import unicodedata


def player_key(name: str) -> str:
    """`"  asha "`, `"Asha"` and `"ASHA"` are one player."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def partnership_key(a: str, b: str) -> tuple[str, str]:
    """The unordered pair of two player keys, in order."""
    ka, kb = player_key(a), player_key(b)
    return (ka, kb) if ka <= kb else (kb, ka)


__all__ = ["player_key", "partnership_key"]
