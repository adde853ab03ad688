"""Right to left (Urdu, Sindhi), a command, flag, address, file name or sum stays left to right.

Inside right-to-left text the bidi algorithm moves the punctuation of a Latin run to its other side:
"(started with --host 0.0.0.0)" shows "host 0.0.0.0--", and "{points0} + {points1} = {sum}" reads
backwards. Each such run therefore sits inside a left-to-right isolate (LRI U+2066 … PDI U+2069), in
the catalogs, in the rules texts and around what the code puts in the placeholders {address} and
{file}. (Card codes, match ids and paths are isolated by the code: LocaleFormat.code.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from seep_scorer.i18n.numbers import RTL_LANGUAGES
from seep_scorer.i18n.translate import UILocale, _, ngettext, using
from seep_scorer.reference import rules_path

LOCALES = Path(__file__).resolve().parents[2] / "locales"
LRI, PDI = "\u2066", "\u2069"
RTL = sorted(RTL_LANGUAGES)

# What must read left to right, as it appears in a translation (placeholders included).
TECHNICAL = {
    "flag": re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*"),
    "address": re.compile(
        r"\b\d{1,3}(?:\.\d{1,3}){3}\b|\blocalhost\b|\bhttps?://|\b[A-Za-z][\w.-]*:\d{2,5}\b"
    ),
    "command": re.compile(r"\bseep-scorer\b|\bpython3?\b|\bpybabel\b|\bpip\b|\bscripts/\w+"),
    "file name": re.compile(r"\b[\w-]+\.(?:jsonl|json|csv|md|txt|po|html|zip|tar\.gz)\b"),
    "placeholder": re.compile(r"\{(?:address|file)\}"),
    # an operator spaced alike on both sides: "5+4", "{a} + {b} = {c}";
    # never a sign ("{team} +{points}")
    "sum": re.compile(r"(?:\d+|\{[\w.]+\})(?: [+=×] |[+=×])(?:\d+|\{[\w.]+\})"),
}


def outside_isolates(text: str) -> str:
    """The text with every LRI … PDI run taken out (isolates are never nested here)."""
    return re.sub(f"{LRI}[^{LRI}{PDI}]*{PDI}", " ", text)


def faults(text: str) -> list[str]:
    rest = outside_isolates(text)
    found = [f"{kind}: {m.group(0)!r}" for kind, rx in TECHNICAL.items() for m in rx.finditer(rest)]
    if LRI in rest or PDI in rest:
        found.append("an isolate opened and not closed, or closed and not opened")
    return found


def translations(code: str) -> list[tuple[str, str]]:
    with (LOCALES / code / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalog = read_po(fh)
    out = []
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out += [(msgid, s) for s in strings if s]
    return out


def test_the_check_finds_each_kind():
    for text in (
        "(--host 0.0.0.0 کے ساتھ شروع کریں)",
        "seep-scorer چلائیں",
        "http://192.168.1.5:8550 کھولیں",
        "localhost:8550 کھولیں",
        "matches.jsonl میں",
        "{file} میں",
        "کوڈ: {address}",
        "{points0} + {points1} = {sum}۔",
        "ایک 5+4",
        f"{LRI}--host 0.0.0.0",
    ):
        assert faults(text), text
    for text in (
        f"({LRI}--host 0.0.0.0{PDI} کے ساتھ)",
        f"{LRI}{{file}}{PDI} میں",
        f"{LRI}{{points0}} + {{points1}} = {{sum}}{PDI}",
        "CSV جدول",
        "{time} UTC",
        "26–26 پر",
        "{size} MB",
        "{standard.sweep_normal} / {standard.sweep_opening}",
        "اوپر-نیچے",
        "{team} +{points}",
    ):
        assert not faults(text), text


@pytest.mark.parametrize("code", RTL)
def test_catalog_isolates_every_command_flag_address_file_and_sum(code):
    bad = [(msgid, f) for msgid, s in translations(code) for f in faults(s)]
    assert bad == [], f"{code}: left-to-right runs outside an LRI … PDI isolate: {bad}"


@pytest.mark.parametrize("code", RTL)
def test_rules_text_isolates_every_command_flag_address_file_and_sum(code):
    text = rules_path(code).read_text(encoding="utf-8")
    bad = [(n, f) for n, line in enumerate(text.splitlines(), 1) for f in faults(line)]
    assert bad == [], f"{code} rules.md: left-to-right runs outside an isolate: {bad}"


@pytest.mark.parametrize("code", RTL)
def test_the_flag_and_the_file_name_reach_the_screen_isolated(code):
    with using(UILocale(code)):
        needs_host = _(
            "Inviting a phone needs Seep Scorer served to the whole table "
            "(started with --host 0.0.0.0)."
        )
        added = ngettext(
            "{count} match added from {file}.", "{count} matches added from {file}.", 2
        ).format(count=2, file="backup-2026.jsonl")
        qr = _("QR code of the join address: {address}").format(
            address="http://192.168.1.5:8550/#join=x-"
        )
    assert f"{LRI}--host 0.0.0.0{PDI}" in needs_host
    assert f"{LRI}backup-2026.jsonl{PDI}" in added
    assert f"{LRI}http://192.168.1.5:8550/#join=x-{PDI}" in qr


def test_left_to_right_languages_carry_no_isolates():
    """Only right-to-left text needs them; elsewhere they are invisible clutter."""
    for code in ("pa", "hi", "en"):
        assert [m for m, s in translations(code) if LRI in s or PDI in s] == [], code
