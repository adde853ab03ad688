"""Issue 24 (a hall's load): a card tap, a sweep or a digit on the deal screen sends only the
controls it changed (Flet's per-control update), not a diff of the whole page with its 52 card
tiles and the screens under it; a deal saved elsewhere redraws a watching scoreboard in place."""

import asyncio

import flet as ft
import msgpack
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.pubsub.pubsub_hub import PubSubHub
from harness import Phone

from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell.app import make_main


def wired(phone: Phone) -> Phone:
    """Each message encoded as the web server does: Flet snapshots what it serialises, and diffs
    the next update against that (without it nothing nested ever counts as changed)."""
    record, encode = phone.conn.send_message, configure_encode_object_for_msgpack(ft.BaseControl)
    phone.sizes = []

    def send(message):
        phone.sizes.append(len(msgpack.packb([message.action, message.body], default=encode)))
        record(message)

    def page_patch():  # the register-client answer, encoded by the server too
        patch = page_patch_of()
        msgpack.packb(patch, default=encode)
        return patch

    page_patch_of = phone.session.get_page_patch
    phone.conn.send_message, phone.session.get_page_patch = send, page_patch
    return phone


def patched(phone) -> list[int]:
    """The controls the server patched since the last call (one message each), then forgets."""
    ids = [m.body.id for m in phone.conn.messages if m.action == MessageAction.PATCH_CONTROL]
    phone.conn.messages.clear()
    phone.sizes.clear()
    return ids


def test_a_card_tap_patches_only_that_tile_and_the_figures(repo):
    async def go():
        mid = NewMatchVM(repo).start()
        phone = await wired(Phone(make_main(lambda: repo))).start(f"/match/{mid}")
        await phone.tap("record-deal")
        screen = phone.page.views[-1]
        tiles = {phone.find(f"card-{c}")._i for c in ("KS", "QS", "AH")}
        patched(phone)
        await phone.tap("card-KS")
        sent = sum(phone.sizes)
        ids = patched(phone)
        assert phone.page._i not in ids and screen._i not in ids  # no whole-page diff
        assert phone.find("card-KS")._i in ids
        assert not (tiles - {phone.find("card-KS")._i}) & set(ids)  # no other tile
        assert len(ids) <= 4  # the tile, the card points, the other team's points, the footer
        assert sent < 2000, sent  # bytes on the wire for one tap
        assert "Team B" in phone.text("card-KS")  # and it did change
        assert phone.enabled("save-deal")  # the footer too: something is entered now
        await phone.tap("sweep-0-normal-inc")
        ids = patched(phone)
        assert phone.page._i not in ids and len(ids) <= 5
        assert phone.text("sweep-0-normal").endswith("1")

    asyncio.run(go())


def test_a_deal_saved_elsewhere_redraws_the_scoreboard_in_place(repo):
    """The watching phone keeps its standings, headings and earlier rows: only their new texts
    and the new row are sent."""

    async def go():
        mid = NewMatchVM(repo).start()
        hub = PubSubHub(asyncio.get_running_loop(), None)
        saver = await wired(Phone(make_main(lambda: repo), hub=hub)).start(f"/match/{mid}")
        watcher = await wired(Phone(make_main(lambda: repo), hub=hub)).start(f"/match/{mid}")
        for card in ("card-QS", "card-KS"):
            await saver.tap("record-deal")
            await saver.tap(card)
            await saver.tap("save-deal")
        await watcher.settle()
        kept = {i: watcher.find(i) for i in ("totals-0", "difference", "deal-1", "deal-2")}
        before = watcher.text("totals-1")
        patched(watcher)
        await saver.tap("record-deal")
        await saver.tap("swap-all")
        await saver.tap("save-deal")
        await watcher.settle()
        sent = sum(watcher.sizes)
        patched(watcher)
        assert watcher.has("deal-3")  # the new row came
        assert watcher.text("totals-1") != before  # with the new totals
        rebuilt = [i for i, control in kept.items() if watcher.find(i) is not control]
        assert not rebuilt  # drawn in place, not built again
        assert sent < 4000, sent

    asyncio.run(go())
