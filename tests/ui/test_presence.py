"""A phone that leaves and comes back (app/shell/app.py), in real sessions: while it is away a save
elsewhere sends it nothing and builds nothing for it; back, every screen is built anew, on new
controls, with what was being entered put back (a deal entry from its draft, a new match's names
from its view-model). A screen's old controls shown again reached the phone but none of their
later changes did: a card tapped after a Wi-Fi blip counted, and kept its colour (seen in
Chromium, tests/e2e/test_phone_comes_back.py)."""

from __future__ import annotations

import asyncio

from flet.pubsub.pubsub_hub import PubSubHub
from harness import Phone
from test_kept_entry import open_match, record

from seep_scorer.app.shell.app import make_main


async def away(phone: Phone) -> None:
    """The phone's connection is gone, as Flet tells the app."""
    phone.page.on_disconnect(None)
    await phone.settle()


async def back(phone: Phone) -> None:
    phone.page.on_connect(None)
    await phone.settle()


def test_a_phone_away_is_sent_nothing_and_back_shows_what_was_saved_meanwhile(repo):
    async def go():
        mid = open_match(repo)
        hub = PubSubHub(asyncio.get_running_loop(), None)
        saver = await Phone(make_main(lambda: repo), hub=hub).start(f"/match/{mid}")
        phone = await Phone(make_main(lambda: repo), hub=hub).start(f"/match/{mid}")
        await record(saver)
        await phone.settle()
        assert phone.has("deal-1")
        scoreboard = phone.page.views[-1]

        await away(phone)
        assert not phone.page.views  # its screens are gone with the connection
        sent = len(phone.conn.messages)
        await record(saver, "card-3S")
        await phone.settle()
        assert len(phone.conn.messages) == sent  # nothing read, built or sent for it
        assert not phone.page.views

        await back(phone)
        assert phone.route == f"/match/{mid}" and phone.has("deal-2")
        assert phone.page.views[-1] is not scoreboard  # built anew

    asyncio.run(go())


def test_a_deal_being_entered_comes_back_on_new_controls_that_answer(repo):
    async def go():
        mid = open_match(repo)
        phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}")
        await phone.tap("record-deal")
        await phone.tap("card-KS")
        entry = phone.page.views[-1]
        old_card = phone.find("card-QS")

        await away(phone)
        await back(phone)
        assert phone.route == f"/match/{mid}/deal"
        assert phone.page.views[-1] is not entry and phone.find("card-QS") is not old_card
        assert "Team B" in phone.text("card-KS")  # the draft, put back
        await phone.tap("card-QS")
        assert "Team B" in phone.text("card-QS")
        await phone.tap("save-deal")
        (deal,) = repo.get(mid).match.deals
        assert deal.cards[1] == frozenset({"KS", "QS"})

    asyncio.run(go())


def test_a_new_match_being_entered_comes_back_with_its_names(repo):
    async def go():
        phone = await Phone(make_main(lambda: repo)).start("/new")
        await phone.type("team-name-0", "Lions")
        screen = phone.page.views[-1]

        await away(phone)
        await back(phone)
        assert phone.route == "/new" and phone.page.views[-1] is not screen
        assert phone.find("team-name-0").content.value == "Lions"

    asyncio.run(go())
