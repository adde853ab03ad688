"""Issue 24: the organiser ends the event from its screen (asked first; undone from the notice,
the codes as they were), and then sees the final results."""

import asyncio

from harness import Phone
from test_events_organiser import PAIRS, new_event, win_table

from seep_scorer.app.shell.app import make_main
from seep_scorer.store.events.codes import event_over
from seep_scorer.store.events.record import EventFolder


def test_end_the_event_asked_first_final_results_and_undo(store):
    async def go():
        phone = await Phone(make_main(lambda: store)).start()
        event_id = await new_event(phone, rounds="3")
        folder = EventFolder(store.data_dir)
        assert not phone.has("event-end")  # nothing to end before round 1
        await phone.tap("event-pair")
        assert phone.has("event-end")
        before = folder.read(event_id)
        t1, t2 = before.rounds[0].tables
        win_table(store, t1.match)
        assert before.codes["tables"] and before.codes["board"]

        await phone.tap("event-end")  # asked first: Cancel changes nothing
        await phone.tap("event-end-cancel")
        assert not event_over(folder.read(event_id)) and not store.get(t2.match).finished

        await phone.tap("event-end")
        await phone.tap("event-end-confirm")
        after = folder.read(event_id)
        assert event_over(after) and after.codes == {} and after.planned_rounds == 1
        assert store.get(t2.match).finished  # ended as it stood
        assert "Final results" in phone.text(f"event-{event_id}")
        assert phone.has("event-standings")
        assert not phone.has("event-end") and not phone.has("event-pair")
        assert not phone.has("event-end-round")
        assert "The event is over" in phone.text("notice")

        await phone.tap("notice-action")  # Undo: the event, its codes and table 2 as they were
        again = folder.read(event_id)
        assert not event_over(again) and again.planned_rounds == 3
        assert again.codes == before.codes and not again.rounds[0].ended
        assert not store.get(t2.match).finished and store.get(t1.match).finished
        assert "The event is open again." in phone.text("notice")
        assert phone.has("event-end") and phone.has("event-end-round")

    asyncio.run(go())


def test_a_round_robin_ended_early_is_over_and_offers_no_pairing(store):
    async def go():
        phone = await Phone(make_main(lambda: store)).start()
        await phone.tap("nav-events")
        await phone.tap("event-new")
        await phone.type("event-name", "Round robin night")
        await phone.tap("event-system-round-robin")
        for team, p1, p2 in PAIRS:
            await phone.type("event-entrant-team", team)
            await phone.type("event-entrant-player1", p1)
            await phone.type("event-entrant-player2", p2)
            await phone.tap("event-entrant-add")
        await phone.tap("event-create")
        event_id = phone.route.rsplit("/", 1)[1]
        folder = EventFolder(store.data_dir)
        assert folder.read(event_id).system == "round-robin"
        await phone.tap("event-pair")
        await phone.tap("event-end-round")
        await phone.tap("event-end-round-confirm")
        assert phone.has("event-pair") and phone.has("event-end")  # between rounds
        await phone.tap("event-end")
        await phone.tap("event-end-confirm")
        assert event_over(folder.read(event_id)) and len(folder.read(event_id).rounds) == 1
        assert "Final results" in phone.text(f"event-{event_id}")
        assert not phone.has("event-pair") and not phone.has("event-end")

    asyncio.run(go())


def _sheet(stored, deals: int) -> dict:
    """Table 1's paper sheet as a match file: `deals` deals, the match ended (as entered)."""
    from dataclasses import replace

    from seep_scorer.matchfile import match_to_dict
    from seep_scorer.rules import Deal

    match = replace(stored.match, deals=tuple(Deal(points=(60, 40)) for _ in range(deals)))
    match = replace(match, format=replace(match.format, ended=True))
    return match_to_dict(match)


def test_undo_of_end_round_keeps_a_result_stored_after_it(store, tmp_path):
    """Issue 32, item 1: Undo of End round saved copies of the matches taken before the end over
    whatever was stored since. Table 1 has 2 deals; End round; the paper sheet of table 1 (4
    deals) is entered with `seep-scorer event result`; Undo: table 1 kept its 4 deals (and stays
    ended, as entered), table 2, which nothing changed, is open again; the organiser is told."""
    import json
    import subprocess
    import sys
    from dataclasses import replace

    from seep_scorer.rules import Deal

    async def go():
        phone = await Phone(make_main(lambda: store)).start()
        event_id = await new_event(phone)
        await phone.tap("event-pair")
        t1, t2 = EventFolder(store.data_dir).read(event_id).rounds[0].tables
        for match_id in (t1.match, t2.match):
            stored = store.get(match_id)
            store.save(
                match_id, replace(stored.match, deals=(Deal(points=(60, 40)),) * 2), stored.revision
            )

        await phone.tap("event-end-round")
        await phone.tap("event-end-round-confirm")
        assert store.get(t1.match).match.format.ended and store.get(t2.match).match.format.ended

        sheet = tmp_path / "table1.json"
        sheet.write_text(json.dumps(_sheet(store.get(t1.match), 4)), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "seep_scorer", "event", "result", event_id, "1", str(sheet)]
            + ["--data-dir", str(store.data_dir)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert len(store.get(t1.match).match.deals) == 4

        await phone.tap("notice-action")  # Undo
        assert len(store.get(t1.match).match.deals) == 4  # the result entered is kept
        assert store.get(t1.match).match.format.ended  # as entered
        assert not store.get(t2.match).match.format.ended  # nothing changed it: open again
        assert len(store.get(t2.match).match.deals) == 2
        assert not EventFolder(store.data_dir).read(event_id).rounds[0].ended
        notice = phone.text("notice")
        assert "Round 1 is open again." in notice and "Table 1" in notice, notice
        assert "Table 2" not in notice

    asyncio.run(go())
