"""Issue 19, item 8: an ended draw says so everywhere, the deal preview says who wins when a deal
ends the match, and the sentences read right with family team names ("Guptas", "Sharmas")."""

import asyncio
import re

from harness import Phone

from seep_scorer.app.history.review_model import ReviewVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.app.table.match_model import DealEntryVM, ScoreboardVM
from seep_scorer.i18n import texts
from seep_scorer.rules import Deal, Match, MatchError, MatchFormat, Team, make_rules, replay

FAMILIES = (Team("Guptas", ("Asha", "Ravi")), Team("Sharmas", ("Meena", "Vik")))
# a team name followed by an English verb that agrees with one team, not with "the Guptas"
SINGULAR_VERB = re.compile(r"\b(Guptas|Sharmas) (wins|leads|reaches|is|has)\b")

A_BY_MINIMUM, B_BY_MINIMUM, A_PLUS_46 = (
    Deal(points=(95, 5)),
    Deal(points=(5, 95)),
    Deal(points=(73, 27)),
)


def family_match(repo, fmt: MatchFormat, deals=()) -> str:
    return repo.create(Match(format=fmt, teams=FAMILIES, deals=tuple(deals))).id


def ended_draw(repo) -> str:
    """Three bazzis, one each, the Guptas 46 up in the third when the players stop: a draw."""
    mid = family_match(repo, MatchFormat("bazzis", 3), (A_BY_MINIMUM, B_BY_MINIMUM, A_PLUS_46))
    sb = ScoreboardVM(repo, mid)
    assert sb.end_match() and sb.standings.winner == "draw" and sb.standings.difference == 46
    return mid


def test_an_ended_draw_says_draw_on_the_scoreboard_not_who_leads(repo):
    sb = ScoreboardVM(repo, ended_draw(repo))
    assert sb.result_text() == "The match is a draw."
    assert sb.difference_text() == "A draw: 1 bazzi each"  # was "Guptas leads by 46"
    assert sb.next_dealer_text() == "The match is over."
    review = ReviewVM(repo, sb.match_id)
    assert review.result_text() == "The match is a draw."


def test_an_ended_draw_on_running_totals_says_draw(repo):
    level = (Deal(points=(90, 6), most_cards=0), Deal(points=(6, 90), most_cards=1))
    mid = repo.create(
        Match(
            rules=make_rules("race500"),
            format=MatchFormat("target", 500, ended=True),
            teams=FAMILIES,
            deals=level,
        )
    ).id
    sb = ScoreboardVM(repo, mid)
    assert sb.standings.winner == "draw"
    assert sb.difference_text() == "A draw: 100 points each"


def test_the_scoreboard_of_an_ended_draw_in_a_session(repo):
    mid = ended_draw(repo)

    async def go():
        phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}")
        assert phone.text("match-result") == "The match is a draw."
        assert phone.text("difference") == "A draw: 1 bazzi each"
        assert "ahead" not in phone.text("difference") and "lead" not in phone.text("difference")

    asyncio.run(go())


def test_the_preview_says_who_wins_when_the_deal_ends_the_match(repo):
    mid = family_match(repo, MatchFormat("bazzis", 3), (A_BY_MINIMUM, B_BY_MINIMUM))
    vm = DealEntryVM(repo.get(mid).match)
    vm.set_mode("points")
    vm.set_points_text("95")
    assert vm.preview() == (
        "Sharmas under the minimum: the bazzi goes to Guptas. Match won by Guptas, 2 bazzis to 1."
    )


def test_the_preview_says_when_the_deal_ends_the_match_in_a_draw(repo):
    mid = family_match(repo, MatchFormat("bazzis", 2), (A_BY_MINIMUM,))
    vm = DealEntryVM(repo.get(mid).match)
    vm.set_mode("points")
    vm.set_points_text("5")
    assert (
        vm.preview() == "Guptas under the minimum: the bazzi goes to Sharmas. The match is a draw."
    )


def test_no_sentence_gives_a_family_a_singular_verb(repo):
    mid = family_match(
        repo, MatchFormat("bazzis", 3), (A_PLUS_46, Deal(points=(77, 23)), B_BY_MINIMUM)
    )
    sb = ScoreboardVM(repo, mid)
    said = [sb.difference_text(), sb.next_dealer_text()]
    said += [
        line
        for row in sb.rows()
        for line in (row.title, row.margin, row.running, row.event)
        if line
    ]
    vm = DealEntryVM(sb.match)
    vm.set_mode("points")
    for points in ("95", "5"):
        vm.set_points_text(points)
        said.append(vm.preview())
    assert sb.add_deal(A_BY_MINIMUM) and sb.finished
    said += [sb.result_text(), ReviewVM(repo, mid).result_text()]
    said += [texts.event_text(sb.match, r) for r in replay(sb.match).deals if r.event]
    fault = MatchError(code="sweeps_too_many", params={"team": 0, "count": 13, "max": 12})
    said.append(texts.deal_fault_text(sb.match, fault))
    assert all(said), said
    assert not [s for s in said if SINGULAR_VERB.search(s)], said
    assert "Bazzi won by Guptas on the lead" in said
    assert "Bazzi won by Sharmas: Guptas scored under the minimum" in said
