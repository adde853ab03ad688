"""Issue 8, item 12 (UI side): the event loop serves every phone at the table, so the app never
waits for the store on it; a double tap never interleaves two changes; a card tap never reads the
store."""

import asyncio
import sys
import threading
import time

from flet.messaging.protocol import MessageAction
from harness import Phone
from memrepo import MemoryRepository

from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.handlers import off_loop


class GatedRepository(MemoryRepository):
    """Every store call waits while the gate is closed (a store stuck behind another process's
    lock), and each call is counted."""

    def __init__(self):
        super().__init__()
        self.open_gate = threading.Event()
        self.open_gate.set()
        self.calls = 0
        self.waits: list[tuple[float, float]] = []  # (entered, left) of each call that waited

    def _pass(self):
        self.calls += 1
        if not self.open_gate.is_set():
            entered = time.monotonic()
            self.open_gate.wait(
                timeout=3
            )  # a safety net: the old code blocked the loop, and with it any release
            self.waits.append((entered, time.monotonic()))

    def list_matches(self):
        self._pass()
        return super().list_matches()

    def get(self, match_id):
        self._pass()
        return super().get(match_id)

    def save(self, match_id, match, base_revision):
        self._pass()
        return super().save(match_id, match, base_revision)

    def create(self, match):
        self._pass()
        return super().create(match)

    def get_setting(self, key, default=None):
        self._pass()
        return super().get_setting(key, default)


async def ticker(ticks: list[float], stop: asyncio.Event):
    while not stop.is_set():
        ticks.append(time.monotonic())
        await asyncio.sleep(0.01)


def crashed(phone) -> bool:
    return any(m.action == MessageAction.SESSION_CRASHED for m in phone.conn.messages)


def test_a_stuck_store_never_stalls_the_event_loop():
    repo = GatedRepository()

    async def go():
        main = make_main(lambda: repo)
        a = await Phone(main).start()
        await a.tap("new-match")
        await a.tap("start-match")
        mid = a.route.split("/")[2]
        await a.tap("record-deal")
        await a.tap("card-KS")
        ticks, stop = [], asyncio.Event()
        tick_task = asyncio.create_task(ticker(ticks, stop))
        repo.open_gate.clear()  # the store is stuck from here
        save = asyncio.create_task(a.tap("save-deal"))
        b = asyncio.create_task(
            Phone(main, hub=a.hub).start("/")
        )  # another phone opens the app meanwhile
        await asyncio.sleep(0.3)
        repo.open_gate.set()
        await save
        phone_b = await b
        stop.set()
        await tick_task
        assert repo.waits, "the store was never asked while stuck"
        # A call can find the gate closed just as it opens, and wait no time at all: only waits long
        # enough for the ticker to run five times say anything about the loop.
        long_waits = [(entered, left) for entered, left in repo.waits if left - entered >= 0.1]
        assert long_waits, f"no store call waited while stuck: {repo.waits}"
        for entered, left in long_waits:
            during = [t for t in ticks if entered < t < left]
            assert len(during) >= 5, (
                f"the loop stood still for {left - entered:.2f} s while the store was stuck"
            )
        assert (
            a.route == f"/match/{mid}" and a.has("deal-1") and len(repo.get(mid).match.deals) == 1
        )
        assert phone_b.route == f"/match/{mid}"  # resumed the match in progress
        assert not crashed(a) and not crashed(phone_b)

    asyncio.run(go())


def test_card_taps_never_read_the_store():
    repo = GatedRepository()

    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        await phone.tap("new-match")
        await phone.tap("start-match")
        await phone.tap("record-deal")
        before = repo.calls
        for code in ("KS", "QS", "JS", "10D"):
            await phone.tap(f"card-{code}")
        await phone.tap("swap-all")
        await phone.tap("sweep-0-normal-inc")
        await phone.tap("mode-points")
        await phone.type("points-0", "70")
        await phone.tap("mode-cards")
        assert repo.calls == before

    asyncio.run(go())


class SlowSaves(MemoryRepository):
    def save(self, match_id, match, base_revision):
        time.sleep(0.15)  # off the loop: the second tap arrives while the first save is on its way
        return super().save(match_id, match, base_revision)


def test_a_double_tap_on_save_records_one_deal():
    repo = SlowSaves()

    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        await phone.tap("new-match")
        await phone.tap("start-match")
        mid = phone.route.split("/")[2]
        await phone.tap("record-deal")
        await phone.tap("card-KS")  # Save is on once something is entered (issue 19)
        button = phone.find("save-deal").content
        await asyncio.gather(
            phone.session.dispatch_event(button._i, "click", None),
            phone.session.dispatch_event(button._i, "click", None),
        )
        await phone.settle()
        assert len(repo.get(mid).match.deals) == 1 and phone.route == f"/match/{mid}"
        # two taps on undo are two steps: each waits for the one before
        await phone.tap("record-deal")
        await phone.tap("card-KS")
        await phone.tap("save-deal")
        undo = phone.find("undo-deal").content
        await asyncio.gather(
            phone.session.dispatch_event(undo._i, "click", None),
            phone.session.dispatch_event(undo._i, "click", None),
        )
        await phone.settle()
        assert len(repo.get(mid).match.deals) == 0 and not crashed(phone)

    asyncio.run(go())


def test_off_loop_uses_a_thread_except_in_the_browser_build(monkeypatch):
    here = threading.get_ident()
    assert asyncio.run(off_loop(threading.get_ident)) != here
    monkeypatch.setattr(sys, "platform", "emscripten")  # Pyodide: no threads
    assert asyncio.run(off_loop(threading.get_ident)) == here
