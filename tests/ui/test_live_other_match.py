"""A save on one table costs the phones of the other tables nothing (app/shell/app.py): a
session whose every screen shows another match reads nothing and redraws nothing; one that shows
the saved match, or the list of matches, still re-reads."""

from __future__ import annotations

import asyncio

from seep_scorer.app.shell import app as live


class FakeScreen:
    def __init__(self, match_id):
        self.match_id = match_id
        self.loads = self.refreshes = 0

    def load(self):
        self.loads += 1

    def refresh(self):
        self.refreshes += 1

    def rebase(self):
        pass


class FakeApp:
    """What show_message asks of the session (app.App's public methods)."""

    def __init__(self, *screens):
        self.screens = {f"/r{i}": s for i, s in enumerate(screens)}
        self.route = "/r0"
        self.boards = {}
        self.updates = 0
        self.shown_afresh = []

    def shown_screens(self):
        return list(self.screens.values())

    def forget_matches(self, match_ids):
        for match_id in match_ids:
            self.boards.pop(match_id, None)

    async def show_afresh(self, route=None):
        self.shown_afresh.append(route)

    def redraw_top(self):
        self.screens[self.route].refresh()

    def update(self):
        self.updates += 1


def told(app, match_id):
    asyncio.run(live.show_message(app, ("match", match_id)))


def test_a_save_of_another_match_leaves_a_table_phone_alone():
    app = FakeApp(FakeScreen("aaaa0001"))
    told(app, "bbbb0002")
    assert app.screens["/r0"].loads == 0 and app.screens["/r0"].refreshes == 0
    assert app.updates == 0


def test_the_saved_match_and_the_list_still_re_read():
    own = FakeApp(FakeScreen("aaaa0001"))
    told(own, "aaaa0001")
    listing = FakeApp(FakeScreen(None))
    told(listing, "bbbb0002")
    for app in (own, listing):
        assert app.screens["/r0"].loads == 1 and app.screens["/r0"].refreshes == 1
        assert app.updates == 1


class FakeBoard:
    def __init__(self):
        self.reads = 0

    def refresh_if_changed(self):
        self.reads += 1
        return True


def test_saves_heard_while_one_waits_are_shown_together_once():
    """A burst of saves (a hall of tables): the session re-reads and redraws once, after its
    turn, showing every match told meanwhile; the next save after that is shown again."""

    async def go():
        busy = asyncio.Lock()
        app = FakeApp(FakeScreen(None))
        app.boards = {"aaaa0001": FakeBoard(), "bbbb0002": FakeBoard()}
        app.live = table = live.LiveTable(page=None)

        async def on_message(topic, message):
            async with busy:  # the session's lock, as app.App takes it
                await live.show_message(app, message)

        table.on_message = on_message
        async with busy:  # the session is drawing something else meanwhile
            burst = [
                asyncio.ensure_future(table._deliver(live.TOPIC, ("match", m)))
                for m in ("aaaa0001", "bbbb0002", "cccc0003", "aaaa0001")
            ]
            await asyncio.sleep(0.01)
        await asyncio.gather(*burst)
        assert app.screens["/r0"].loads == 1 and app.updates == 1
        assert [b.reads for b in app.boards.values()] == [1, 1]
        await table._deliver(live.TOPIC, ("match", "bbbb0002"))
        assert app.screens["/r0"].loads == 2 and app.updates == 2
        assert [b.reads for b in app.boards.values()] == [1, 2]

    asyncio.run(go())


def test_a_save_heard_by_every_session_is_told_to_the_events_screens_once(monkeypatch):
    """Every session hears the same announcement: the events' screens (app/events/event_model.py)
    are told once, so they read the saved match once, not once per session in the hall."""
    told = []
    monkeypatch.setattr(live, "changed", told.append)

    async def go():
        sessions = []
        for _ in range(3):
            table = live.LiveTable(page=None)
            app = FakeApp(FakeScreen("cccc0003"))
            app.live = table

            async def on_message(topic, message, app=app):
                await live.show_message(app, message)

            table.on_message = on_message
            sessions.append(table)
        for _save in range(2):
            message = tuple(["match", "aaaa0001"])  # a new announcement, as publish makes
            for table in sessions:
                await table._deliver(live.TOPIC, message)

    asyncio.run(go())
    assert told == ["aaaa0001", "aaaa0001"]  # once per save, not once per session
