"""Issue 33, item 11: in Urdu and Sindhi a pair of scores ("16 : 84", team A first) stands as the
teams do, team A's number on the right under team A's column: each number is isolated right to
left (RLI ... PDI), so the pair is not one left-to-right run. Left-to-right languages are
unchanged. The deal CSV and the match file never see these marks (they are the screen's)."""

from __future__ import annotations

from seep_scorer.i18n.texts import deal_row_text
from seep_scorer.i18n.translate import UILocale, fmt, using
from seep_scorer.rules import Deal, Match, replay

RLI, PDI = "\u2067", "\u2069"


def test_a_score_pair_reads_as_the_teams_stand_right_to_left():
    match = Match(deals=(Deal(points=(16, 84)),))
    (r,) = replay(match).deals
    with using(UILocale("ur")):
        assert fmt().side(16) == f"{RLI}16{PDI}"
        text = deal_row_text(match, r)
        assert r.scores == (16, 84) and text.endswith(f"{RLI}16{PDI} : {RLI}84{PDI}")
    with using(UILocale("sd")):
        assert fmt().side(7) == f"{RLI}7{PDI}"
    for lang in ("en", "hi"):
        with using(UILocale(lang)):
            assert fmt().side(16) == fmt().number(16)
            assert RLI not in deal_row_text(match, r)
