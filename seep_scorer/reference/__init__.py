"""The app's own rules reference: locales/<code>/rules.md, split into sections.

Pure Python (no Flet). Every number the rules engine uses is written in the
texts as a placeholder such as ``{standard.sweep_normal}`` and filled here from
``seep_scorer.rules.PRESETS`` / ``DEFAULT_MATCH``, so text and engine cannot disagree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Mapping

from seep_scorer import resources
from seep_scorer.i18n.numbers import LANGUAGES
from seep_scorer.rules import DEFAULT_MATCH, PRESETS, MatchFormat, Rules
from seep_scorer.rules.cards import RANKS

SECTION_IDS = (
    "overview",
    "deal-and-bid",
    "play",
    "houses",
    "cemented-houses",
    "end-of-deal",
    "scoring",
    "bazzi",
    "variants",
)
LOCALES_DIR = resources.LOCALES_DIR

# Placeholder names: `{<preset id>.<name>}` for every preset in PRESETS.
PLACEHOLDERS: dict[str, Callable[[Rules, MatchFormat], int | None]] = {
    "ten_of_diamonds": lambda r, m: r.card_values.get("10D", 0),
    "other_aces": lambda r, m: r.card_values.get("AH", 0),
    "spades_total": lambda r, m: sum(r.card_values.get(f"{rank}S", 0) for rank in RANKS),
    "card_total": lambda r, m: r.card_total,
    "deal_total": lambda r, m: r.deal_total,
    "most_cards_bonus": lambda r, m: r.most_cards_bonus,
    "most_cards_tie_bonus": lambda r, m: r.most_cards_tie_bonus,
    "sweep_normal": lambda r, m: r.sweep_normal,
    "sweep_opening": lambda r, m: r.sweep_opening,
    "sweep_last": lambda r, m: r.sweep_last,
    "minimum": lambda r, m: r.minimum,
    "lead_target": lambda r, m: r.lead_target,
    "target": lambda r, m: m.count,  # the default match length: target total or number of bazzis
}

_HEADING = re.compile(r"^## (?P<title>.+?) \{#(?P<id>[a-z-]+)\}\s*$")
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


class RulesTextError(ValueError):
    """A rules text that is malformed or uses an unknown placeholder."""


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    body: str


def placeholder_values(
    presets: Mapping[str, Rules] | None = None,
    default_match: Mapping[str, MatchFormat] | None = None,
) -> dict[str, str]:
    """`{"standard.sweep_normal": "50", ...}` for every preset and placeholder name."""
    presets = PRESETS if presets is None else presets
    default_match = DEFAULT_MATCH if default_match is None else default_match
    values: dict[str, str] = {}
    for preset_id, rules in presets.items():
        match = default_match.get(preset_id, MatchFormat())
        for name, get in PLACEHOLDERS.items():
            value = get(rules, match)
            if value is not None:  # e.g. race500 has no minimum: using it is an error
                values[f"{preset_id}.{name}"] = str(value)
    return values


def fill(text: str, values: Mapping[str, str]) -> str:
    def one(m: re.Match[str]) -> str:
        if m.group(1) not in values:
            raise RulesTextError(f"unknown placeholder {m.group(0)}")
        return values[m.group(1)]

    out = _PLACEHOLDER.sub(one, text)
    if "{" in out or "}" in out:
        raise RulesTextError(f"stray brace in {text[:60]!r}")
    return out


def parse_sections(text: str) -> list[tuple[str, str, str]]:
    """(id, raw title, raw body) for each `## Title {#id}` section, in file order."""
    sections: list[tuple[str, str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("## "):
            m = _HEADING.match(line)
            if not m:
                raise RulesTextError(f"bad section heading {line!r}")
            sections.append((m["id"], m["title"].strip(), []))
        elif sections:
            sections[-1][2].append(line)
        elif line.strip():
            raise RulesTextError(f"text before the first section: {line!r}")
    return [(sid, title, "\n".join(body).strip()) for sid, title, body in sections]


def render_sections(
    text: str,
    presets: Mapping[str, Rules] | None = None,
    default_match: Mapping[str, MatchFormat] | None = None,
) -> list[Section]:
    values = placeholder_values(presets, default_match)
    return [
        Section(sid, fill(title, values), fill(body, values))
        for sid, title, body in parse_sections(text)
    ]


def rules_path(lang: str) -> Path:
    return LOCALES_DIR / lang / "rules.md"


def load_sections(lang: str = "en") -> list[Section]:
    """The rules reference in `lang` (unknown languages, and
    a language whose text is not written yet,
    fall back to English, as its UI strings do). Cached."""
    if lang not in LANGUAGES or not rules_path(lang).is_file():
        lang = "en"
    return list(_load(lang))


@lru_cache(maxsize=None)
def _load(lang: str) -> tuple[Section, ...]:
    return tuple(render_sections(rules_path(lang).read_text(encoding="utf-8")))


def clear_cache() -> None:
    """Forget loaded texts (after presets change, e.g. in tests)."""
    _load.cache_clear()
