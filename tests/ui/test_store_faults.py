"""Issue 8, items 13 and 14 (UI side): a save that fails (a full disk, a store refusal) says so in
plain words, keeps what was entered and the match as it was; nothing ever shows a traceback."""

import asyncio
import errno
import logging

import pytest
from flet.messaging.protocol import MessageAction
from harness import Phone
from memrepo import MemoryRepository

from seep_scorer.app.history.stats_model import StatsVM
from seep_scorer.app.matches.home_model import MatchesVM
from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.app.table.match_model import ScoreboardVM
from seep_scorer.rules import Deal
from seep_scorer.store.repository import StoreError

DISK_FULL = OSError(errno.ENOSPC, "No space left on device")


class FaultyRepository(MemoryRepository):
    """Raises `fault` from every write while it is set (and from reads too with `reads`)."""

    def __init__(self):
        super().__init__()
        self.fault: BaseException | None = None
        self.reads = False

    def _maybe_fail(self, write=True):
        if self.fault is not None and (write or self.reads):
            raise self.fault

    def save(self, *a):
        self._maybe_fail()
        return super().save(*a)

    def create(self, *a):
        self._maybe_fail()
        return super().create(*a)

    def delete(self, *a):
        self._maybe_fail()
        return super().delete(*a)

    def list_matches(self):
        self._maybe_fail(write=False)
        return super().list_matches()

    def get(self, match_id):
        self._maybe_fail(write=False)
        return super().get(match_id)

    def statistics(self, since=None):
        self._maybe_fail(write=False)
        return super().statistics(since)


def crashed(phone) -> bool:
    return any(m.action == MessageAction.SESSION_CRASHED for m in phone.conn.messages)


def full_store_error() -> StoreError:
    """What the store raises for a full disk: a StoreError caused by the OSError."""
    try:
        try:
            raise OSError(errno.ENOSPC, "No space left on device")
        except OSError as err:
            raise StoreError("The disk is full; nothing was saved.") from err
    except StoreError as err:
        return err


# --------------------------------------------------------------- view-models


@pytest.mark.parametrize(
    "fault, words",
    [
        (DISK_FULL, "full"),
        (full_store_error(), "full"),
        (StoreError("The store is damaged."), "could not be saved"),
        (OSError(errno.EIO, "I/O error"), "could not be saved"),
    ],
)
def test_a_failed_save_keeps_the_match_as_it_was_and_says_why(fault, words):
    repo = FaultyRepository()
    mid = NewMatchVM(repo).start()
    sb = ScoreboardVM(repo, mid)
    assert sb.add_deal(Deal(points=(60, 40)))
    shown = sb.match
    repo.fault = fault
    for change in (
        lambda: sb.add_deal(Deal(points=(70, 30))),
        lambda: sb.replace_deal(1, Deal(points=(50, 50))),
        lambda: sb.delete_deal(1),
        sb.undo,
        lambda: sb.end_match(),
    ):
        ok = change()
        assert not ok and sb.match == shown == repo.get(mid).match
        if sb.message:
            assert words in sb.message and "Errno" not in sb.message
    repo.fault = None
    assert sb.add_deal(Deal(points=(70, 30))) and len(repo.get(mid).match.deals) == 2


def test_the_other_view_models_report_store_and_disk_faults():
    repo = FaultyRepository()
    vm = NewMatchVM(repo)
    repo.fault = DISK_FULL
    assert vm.start() is None and "full" in vm.error
    repo.fault = None
    mid = vm.start()
    matches = MatchesVM(repo)
    repo.fault = DISK_FULL
    matches.delete(mid)
    assert "full" in matches.message and [m.id for m in repo.list_matches()] == [mid]
    repo.fault, repo.reads = OSError(errno.EIO, "I/O error"), True
    matches.reload()
    assert "could not be read" in matches.message and [m.id for m in matches.matches] == [
        mid
    ]  # still shown
    stats = StatsVM(repo)
    assert "could not be read" in stats.message


# --------------------------------------------------------------- the whole app (layer 3)


@pytest.mark.parametrize(
    "fault, words", [(DISK_FULL, "full"), (StoreError("Refused."), "could not be saved")]
)
def test_a_full_disk_keeps_the_deal_being_entered(fault, words):
    repo = FaultyRepository()

    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        await phone.tap("new-match")
        await phone.tap("start-match")
        mid = phone.route.split("/")[2]
        await phone.tap("record-deal")
        for code in ("KS", "10D"):
            await phone.tap(f"card-{code}")
        await phone.tap("sweep-1-normal-inc")
        repo.fault = fault
        await phone.tap("save-deal")
        assert phone.route == f"/match/{mid}/deal" and words in phone.text("notice")
        assert "Team B" in phone.text("card-KS") and "Team B" in phone.text("card-10D")
        assert "Team A" in phone.text("card-QS") and phone.text("sweep-1-normal").endswith("1")
        assert repo.get(mid).match.deals == ()
        repo.fault = None  # space freed: saving again is one tap
        await phone.tap("save-deal")
        assert phone.route == f"/match/{mid}" and phone.has("deal-1")
        deal = repo.get(mid).match.deals[0]
        assert deal.cards[1] == {"KS", "10D"} and len(deal.sweeps) == 1
        assert not crashed(phone)

    asyncio.run(go())


class Broken(MemoryRepository):
    """A fault nobody foresaw (a bug): the last-resort handler must catch it."""

    broken = False

    def save(self, *a):
        if self.broken:
            raise RuntimeError("an internal fault with a /secret/path in it")
        return super().save(*a)


def test_an_unforeseen_fault_is_one_plain_sentence_and_logged(caplog):
    repo = Broken()

    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        await phone.tap("new-match")
        await phone.tap("start-match")
        mid = phone.route.split("/")[2]
        await phone.tap("record-deal")
        await phone.tap("card-KS")
        repo.broken = True
        with caplog.at_level(logging.ERROR):
            await phone.tap("save-deal")
        assert "Something went wrong" in phone.text("notice") and "secret" not in phone.text(
            "notice"
        )
        assert any("an internal fault" in r.getMessage() or r.exc_info for r in caplog.records)
        assert phone.route == f"/match/{mid}/deal" and "Team B" in phone.text("card-KS")
        assert not crashed(phone)
        await phone.tap("notice-close")
        assert not phone.has("notice")
        repo.broken = False
        await phone.tap("save-deal")
        assert phone.has("deal-1") and not crashed(phone)

    asyncio.run(go())


def test_an_unreadable_store_still_opens_the_app():
    repo = FaultyRepository()
    repo.fault, repo.reads = OSError(errno.EIO, "I/O error"), True

    async def go():
        phone = await Phone(make_main(lambda: repo)).start("/stats")
        assert phone.route == "/stats" and "could not be read" in phone.text("notice")
        await phone.tap("nav-matches")
        assert phone.has("new-match") and "could not be read" in phone.text("notice")
        await phone.tap("new-match")  # nothing here needs the store until "Start"
        await phone.tap("start-match")
        assert phone.route == "/new" and "could not be saved" in phone.text("new-match-error")
        assert not crashed(phone)

    asyncio.run(go())


def test_a_store_that_cannot_be_opened_says_so():
    def no_store():
        raise OSError(errno.EACCES, "Permission denied")

    async def go():
        phone = await Phone(make_main(no_store)).start()
        texts = [c.value for c in phone.page.controls if hasattr(c, "value")]
        assert any("cannot be opened" in (t or "") for t in texts) and not crashed(phone)

    asyncio.run(go())


def test_a_failure_after_a_deletion_does_not_offer_to_undo_the_deletion():
    repo = FaultyRepository()
    sb = ScoreboardVM(repo, NewMatchVM(repo).start())
    sb.add_deal(Deal(points=(60, 40)))
    sb.add_deal(Deal(points=(70, 30)))
    assert sb.delete_deal(1) and sb.offers_undo
    repo.fault = DISK_FULL
    assert not sb.add_deal(Deal(points=(50, 50)))
    assert (
        "full" in sb.message and not sb.offers_undo
    )  # an Undo beside "disk full" would undo the deletion


def test_the_read_fault_notice_goes_once_the_list_reads_again():
    repo = FaultyRepository()
    NewMatchVM(repo).start()
    matches = MatchesVM(repo)
    repo.fault, repo.reads = DISK_FULL, True
    matches.reload()
    assert matches.message
    repo.fault = None
    matches.reload()
    assert matches.message is None and len(matches.matches) == 1


def test_a_full_disk_under_the_real_store_is_worded_as_full(tmp_path, monkeypatch):
    """The TinyDB store turns the OSError into its own StoreError; the words still say the disk is
    full."""
    import seep_scorer.store.files as atomic
    from seep_scorer.store.registry import close_all, open_repository

    repo = open_repository(tmp_path / "data")
    try:
        sb = ScoreboardVM(repo, NewMatchVM(repo).start())
        assert sb.add_deal(Deal(points=(60, 40)))

        def no_space(*a, **k):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(atomic.os, "fsync", no_space)
        assert not sb.add_deal(Deal(points=(70, 30)))
        assert "full" in sb.message and len(sb.deals) == 1
        monkeypatch.undo()
        assert sb.add_deal(Deal(points=(70, 30))) and len(repo.get(sb.match_id).match.deals) == 2
    finally:
        close_all()
