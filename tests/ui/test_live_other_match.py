"""A save on one table costs the phones of the other tables nothing (ui/live.py): a session whose
every screen shows another match reads nothing and redraws nothing; one that shows the saved match,
or the list of matches, still re-reads."""

from __future__ import annotations

import asyncio

from seep_scorer.ui import live


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
    def __init__(self, *screens):
        self.screens = {f"/r{i}": s for i, s in enumerate(screens)}
        self.route = "/r0"
        self.boards = {}
        self.updates = 0

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
