"""Issue 24, load: a board is redrawn on every deal saved in the hall and each redraw goes to
every board, so a redraw keeps the controls of what did not change (the frame, the other tables'
tiles, the standings rows as they were): Flet then sends only what changed."""

import asyncio

from harness import Phone
from test_events_board import organiser, paired_event
from test_events_organiser import win_table

from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.roles import TOPIC
from seep_scorer.store.events.record import EventFolder


def test_a_save_redraws_only_its_table_on_the_board(store):
    async def go():
        event_id = paired_event(store)
        board = await organiser(store, f"/event/{event_id}/board")
        frame, tile_2 = board.find("event-board"), board.find("event-board-table-2")
        tile_1 = board.find("event-board-table-1")
        other = await Phone(make_main(lambda: store), hub=board.hub).start("/")
        event = EventFolder(store.data_dir).read(event_id)
        t1 = event.rounds[0].tables[0]
        win_table(store, t1.match)
        other.page.pubsub.send_others_on_topic(TOPIC, ("match", t1.match))
        for _ in range(50):
            if "3 deals" in board.text("event-board-table-1"):
                break
            await asyncio.sleep(0.02)
        assert "3 deals" in board.text("event-board-table-1")
        assert board.find("event-board-table-1") is not tile_1  # what changed is drawn anew
        assert board.find("event-board") is frame and board.find("event-board-table-2") is tile_2
        winner = event.entrant(t1.sides[0][0]).name
        assert winner in board.text("event-board-standing-1")

    asyncio.run(go())
