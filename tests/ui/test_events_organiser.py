"""Issue 24, item 3: the organiser's screens: the events list, a new event with its entrants (by
hand and from a CSV file), pairing a round, the tables' progress, ending a round (asked first,
undone), the standings and the final results."""

import asyncio
from dataclasses import replace

import flet as ft
from harness import Phone, _walk

from seep_scorer.app.shell.app import make_main
from seep_scorer.rules import Deal
from seep_scorer.store.events.record import EventFolder

PAIRS = [("Lions", "Asha", "Bilal"), ("Tigers", "Chitra", "Dev"), ("Hawks", "Esha", "Farid"),
         ("Owls", "Gita", "Hari")]  # fmt: skip


def win_table(store, match_id: str, side: int = 0) -> None:
    """Three bazzis to one side: the match is over."""
    stored = store.get(match_id)
    deal = Deal(points=(95, 5) if side == 0 else (5, 95))
    store.save(match_id, replace(stored.match, deals=(deal, deal, deal)), stored.revision)


async def new_event(phone, name="Club night", rounds="2") -> str:
    await phone.tap("nav-events")
    assert phone.route == "/events"
    await phone.tap("event-new")
    assert phone.route == "/events/new"
    await phone.type("event-name", name)
    await phone.type("event-rounds", rounds)
    for team, p1, p2 in PAIRS:
        await phone.type("event-entrant-team", team)
        await phone.type("event-entrant-player1", p1)
        await phone.type("event-entrant-player2", p2)
        await phone.tap("event-entrant-add")
    await phone.tap("event-create")
    assert phone.route.startswith("/event/"), phone.route
    return phone.route.rsplit("/", 1)[1]


def test_create_pair_score_end_and_standings(store):
    async def go():
        phone = await Phone(make_main(lambda: store)).start()
        event_id = await new_event(phone)
        event = EventFolder(store.data_dir).read(event_id)
        assert [e.name for e in event.entrants] == [p[0] for p in PAIRS]
        assert event.system == "swiss" and event.planned_rounds == 2
        assert phone.has(f"event-{event_id}") and not phone.has("event-end-round")
        words = [c.value for c in _walk(phone.page.views[-1]) if isinstance(c, ft.Text)]
        assert words.count("Absent") == words.count("Withdraw") == len(PAIRS)  # under the icons
        await phone.tap("event-pair")
        assert (
            phone.has("event-round-1") and phone.has("event-table-1") and phone.has("event-table-2")
        )
        assert "0 deals" in phone.text("event-table-1")
        assert phone.has("event-end-round") and not phone.has("event-pair")
        event = EventFolder(store.data_dir).read(event_id)
        t1, t2 = event.rounds[0].tables
        cards = event.codes["tables"]
        assert set(cards) == {"1", "2"}
        win_table(store, t1.match)
        await phone.tap("event-end-round")  # asked first
        await phone.tap("event-end-round-confirm")
        assert "Round 1 is over." in phone.text("notice")
        assert store.get(t2.match).finished
        assert "0 deals, 0–0, a draw" in phone.text("event-table-2")  # issue 33: not "finished"
        await phone.tap("notice-action")  # undo: the match of table 2 is open again
        assert not store.get(t2.match).finished
        reopened = EventFolder(store.data_dir).read(event_id)
        assert not reopened.rounds[0].ended
        assert reopened.codes["tables"] == cards  # the cards already printed open their tables
        assert phone.has("event-end-round")
        win_table(store, t2.match, side=1)
        await phone.tap("nav-events")
        await phone.tap(f"event-{event_id}")
        assert "3 deals" in phone.text("event-table-2") and " won" in phone.text("event-table-2")
        assert phone.has("event-standings")
        assert "4 points" not in phone.text("event-standing-1")
        assert "2 points" in phone.text("event-standing-1")
        await phone.tap("event-pair")
        assert phone.has("event-round-2") and phone.has("event-round-1")  # round 1 below
        winner = EventFolder(store.data_dir).read(event_id).entrant(t1.sides[0][0]).name
        assert f"{winner} won" in phone.text("event-round-1-table-1")
        event = EventFolder(store.data_dir).read(event_id)
        met = {frozenset(t.sides[0] + t.sides[1]) for t in event.rounds[0].tables}
        assert not met & {frozenset(t.sides[0] + t.sides[1]) for t in event.rounds[1].tables}
        for t in event.rounds[1].tables:
            win_table(store, t.match)
        await phone.tap("nav-events")
        await phone.tap(f"event-{event_id}")
        assert "Final results" in phone.text(f"event-{event_id}")
        assert not phone.has("event-pair") and not phone.has("event-end-round")

    asyncio.run(go())


def test_the_event_routes_stack_and_an_unknown_event_opens_the_start_page(store):
    from seep_scorer.app.shell.routes import route_stack

    assert route_stack("/events") == ["/events"]
    assert route_stack("/events/new") == ["/events", "/events/new"]
    assert route_stack("/event/0123abcd") == ["/events", "/event/0123abcd"]
    for tail in ("cards", "board"):
        route = f"/event/0123abcd/{tail}"
        assert route_stack(route) == ["/events", "/event/0123abcd", route]
    assert route_stack("/event/NOT-AN-ID") == ["/"]

    async def go():
        phone = await Phone(make_main(lambda: store)).start("/event/0123abcd")
        assert phone.route == "/" and phone.has("new-match")

    asyncio.run(go())


def test_a_club_nights_matches_are_marked_and_not_deleted_by_one_tap_at_home(store):
    """Issue 33, item 9: the tournament's matches were in the family's list, each with a delete
    icon, one tap from losing a table's result."""
    from seep_scorer.rules import Match

    async def go():
        family = store.create(Match()).id
        phone = await Phone(make_main(lambda: store)).start()
        event_id = await new_event(phone, name="Friday Club")
        await phone.tap("event-pair")
        t1, t2 = EventFolder(store.data_dir).read(event_id).rounds[0].tables
        await phone.tap("nav-matches")
        assert phone.has(f"delete-match-{family}")
        for t in (t1, t2):
            assert phone.has(f"match-{t.match}") and not phone.has(f"delete-match-{t.match}")
            assert f"Friday Club, round 1, table {t.table}" in phone.text(f"match-{t.match}")
        assert "Friday Club" not in phone.text(f"match-{family}")

    asyncio.run(go())
