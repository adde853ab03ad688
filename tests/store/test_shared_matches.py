"""Issue 36, items 2 and 3, below the screens: one match scored on two phone-only apps, each
keeping the whole match in its own store (phone/sharing.py over matchfile/merge.py). Two real
TinyDB stores, a link between them that can drop; deals each way, a link dropped and met again,
conflicts settled by a choice; never a deal counted twice, never a copy dropped unasked."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seep_scorer.matchfile.format import match_to_dict
from seep_scorer.matchfile.jsonio import dumps
from seep_scorer.matchfile.merge import Outcome, fingerprint, merge, next_state
from seep_scorer.phone.peer import MAX_MESSAGE
from seep_scorer.phone.sharing import PART, TableShare
from seep_scorer.rules import Deal
from seep_scorer.store.registry import open_repository

from .conftest import level_deal, open_match, with_deals


class Wire:
    """The link between two phones: JSON both ways (as the data channel carries it), bounded as
    the link bounds it, and able to drop."""

    def __init__(self) -> None:
        self.up = True
        self.ends: list[End] = []

    def end(self) -> End:
        end = End(self)
        self.ends.append(end)
        return end


class End:
    def __init__(self, wire: Wire) -> None:
        self.wire, self.listeners, self.inbox = wire, [], []

    def send(self, message: dict) -> bool:
        text = json.dumps(message)
        if not self.wire.up or len(text) > MAX_MESSAGE:
            return False
        (other,) = [e for e in self.wire.ends if e is not self]
        other.inbox.append(json.loads(text))
        return True

    def listen(self, listener) -> None:
        self.listeners.append(listener)

    @property
    def open(self) -> bool:
        return self.wire.up


async def run_inline(fn, *args):
    return fn(*args)


class Phone:
    def __init__(self, folder, end: End) -> None:
        self.repo = open_repository(folder, fresh=True)
        self.end = end
        self.changed: list[str] = []
        self.conflicted: list[str] = []
        self.share = TableShare(
            self.repo,
            end,
            run=run_inline,
            changed=self.changed.append,
            conflicted=self.conflicted.append,
        )

    def deals(self, mid) -> list:
        return list(self.repo.get(mid).match.deals)

    def add(self, mid, deal: Deal) -> None:
        stored = self.repo.get(mid)
        self.repo.save(mid, stored.match.with_deals([*stored.match.deals, deal]), stored.revision)
        asyncio.run(self.share.saved(mid))


def settle(*phones: Phone) -> None:
    """Deliver every message until none is left (each phone handles its own, in order)."""

    async def deliver():
        for _ in range(1000):
            busy = False
            for phone in phones:
                while phone.end.inbox:
                    busy = True
                    work = phone.share.heard(phone.end.inbox.pop(0))
                    if work is not None:
                        await work
            if not busy:
                return
        raise AssertionError("the phones never stopped talking")

    asyncio.run(deliver())


@pytest.fixture
def pair(tmp_path):
    wire = Wire()
    first, second = Phone(tmp_path / "first", wire.end()), Phone(tmp_path / "second", wire.end())
    return wire, first, second


def shared(first: Phone, second: Phone, deals: int = 2) -> str:
    mid = first.repo.create(with_deals(open_match(), deals)).id
    asyncio.run(first.share.share(mid))
    settle(first, second)
    return mid


def test_a_shared_match_arrives_whole_with_its_id(pair):
    _wire, first, second = pair
    mid = shared(first, second)
    assert fingerprint(second.repo.get(mid).match) == fingerprint(first.repo.get(mid).match)
    assert second.changed == [mid] and first.changed == []


def test_a_deal_saved_on_either_phone_reaches_the_other_once(pair):
    _wire, first, second = pair
    mid = shared(first, second)
    first.add(mid, level_deal(3))
    settle(first, second)
    second.add(mid, level_deal(4))
    settle(first, second)
    assert first.deals(mid) == second.deals(mid) == [level_deal(n) for n in range(1, 5)]
    assert not first.conflicted and not second.conflicted


def test_a_phone_that_scored_alone_while_the_link_was_down_brings_the_other_up_to_date(pair):
    wire, first, second = pair
    mid = shared(first, second)
    wire.up = False
    for n in (3, 4, 5):
        first.add(mid, level_deal(n))  # not sent: the link is down
    assert len(second.deals(mid)) == 2
    wire.up = True
    asyncio.run(first.share.resend_all())  # the link is back
    settle(first, second)
    assert second.deals(mid) == first.deals(mid) and len(first.deals(mid)) == 5
    # the phone that was behind says so when it is the one to meet again first
    wire.up = False
    second.add(mid, level_deal(6))
    wire.up = True
    asyncio.run(first.share.resend_all())
    settle(first, second)
    assert first.deals(mid) == second.deals(mid) and len(first.deals(mid)) == 6


def apart_then_met(wire: Wire, first: Phone, second: Phone) -> str:
    """A shared match that each phone gave a deal of its own while the link was down, the link
    back: the match's id."""
    mid = shared(first, second)
    wire.up = False
    first.add(mid, Deal(points=(70, 30), note="first's"))
    second.add(mid, Deal(points=(30, 70), note="second's"))
    wire.up = True
    asyncio.run(first.share.resend_all())
    asyncio.run(second.share.resend_all())
    settle(first, second)
    return mid


def test_deals_entered_on_both_phones_apart_are_a_conflict_settled_by_a_choice(pair):
    first, second = pair[1:]
    mid = apart_then_met(*pair)
    # nothing taken, nothing dropped: each phone holds the other's copy for a choice
    assert set(first.conflicted) == set(second.conflicted) == {mid}
    assert first.deals(mid)[-1].note == "first's" and second.deals(mid)[-1].note == "second's"
    asyncio.run(second.share.choose(mid, theirs=True))  # the table keeps the first phone's deal
    settle(first, second)
    assert first.deals(mid) == second.deals(mid)
    assert [d.note for d in first.deals(mid)] == ["d1", "d2", "first's"]
    assert not first.share.conflicts and not second.share.conflicts


def test_keeping_ones_own_copy_in_a_conflict_sends_it_over_the_other(pair):
    first, second = pair[1:]
    mid = apart_then_met(*pair)
    asyncio.run(second.share.choose(mid, theirs=False))
    settle(first, second)
    assert (
        [d.note for d in first.deals(mid)]
        == ["d1", "d2", "second's"]
        == [d.note for d in second.deals(mid)]
    )


def test_an_edited_deal_and_a_deleted_deal_travel_as_the_copy_they_make(pair):
    _wire, first, second = pair
    mid = shared(first, second, deals=4)
    stored = first.repo.get(mid)
    edited = [*stored.match.deals]
    edited[1] = Deal(points=(64, 36), note="d2 edited")
    del edited[2]
    first.repo.save(mid, stored.match.with_deals(edited), stored.revision)
    asyncio.run(first.share.saved(mid))
    settle(first, second)
    assert [d.note for d in second.deals(mid)] == ["d1", "d2 edited", "d4"]


def test_a_match_shared_on_an_earlier_link_is_not_sent_on_a_new_one(tmp_path):
    wire = Wire()
    first, second = Phone(tmp_path / "first", wire.end()), Phone(tmp_path / "second", wire.end())
    earlier = shared(first, second)
    wire.up = False  # the link closes (its watcher tells the sharing)
    asyncio.run(first.share.linked_changed())
    wire.up = True  # a new link (to a third phone, say): the first phone shares another match
    later = first.repo.create(with_deals(open_match(), 1)).id
    asyncio.run(first.share.share(later))
    first.add(earlier, level_deal(3))  # a save of the earlier match stays on this phone
    sent = [m["id"] for m in second.end.inbox]
    assert later in sent and earlier not in sent


def test_a_match_this_phone_no_longer_remembers_sharing_is_asked_about_not_overwritten(pair):
    _wire, first, second = pair
    mid = shared(first, second)
    second.repo.set_setting("shared_matches", {})  # its history forgotten (a full list, say)
    second.add(mid, level_deal(9))
    first.add(mid, level_deal(3))
    settle(first, second)
    assert second.share.conflicts and second.deals(mid)[-1] == level_deal(9)


def test_a_long_match_crosses_in_parts(pair):
    _wire, first, second = pair
    mid = first.repo.create(with_deals(open_match(), 2500)).id
    assert len(dumps(match_to_dict(first.repo.get(mid).match))) > 2 * PART
    asyncio.run(first.share.share(mid))
    settle(first, second)
    assert second.deals(mid) == first.deals(mid)


def test_a_copy_that_is_not_what_it_says_is_refused_and_nothing_is_written(pair):
    _wire, first, second = pair
    mid = shared(first, second)
    before = second.repo.get(mid)
    good = fingerprint(first.repo.get(mid).match)
    text = dumps(match_to_dict(with_deals(open_match(), 7)))

    def message(**changed):
        return {
            "kind": "match",
            "id": mid,
            "fp": good,
            "history": [good],
            "part": 0,
            "parts": 1,
            "text": text,
            **changed,
        }

    bad = [
        message(),  # the text is another match than its fingerprint says
        message(text="{}"),  # not a match
        message(text="[" * 100_000),
        message(id="../x"),
        message(fp="zz", history=["zz"]),
        message(history=[]),
        message(history=["not a state"]),
        message(history=[good] * 65),
        message(part=3, parts=2),
        message(parts=10**6, text=""),
        message(text="x" * (PART + 1)),
    ]
    for each in bad:
        asyncio.run(second.share.heard(each))
    assert second.share.refused == len(bad)
    after = second.repo.get(mid)
    assert after.revision == before.revision and after.match == before.match


def test_the_merge_decides_from_the_copies_and_their_histories_alone():
    x, y, z = "a" * 16, "b" * 16, "c" * 16  # three matches' fingerprints
    s1 = next_state(None, x)
    s2, s3 = next_state(s1, y), next_state(s1, z)
    back = next_state(s2, x)  # y taken back: the match is x again, in a new state
    assert back != s1
    assert merge(x, [s1], x, [s3]) is Outcome.SAME
    assert merge(x, [s1], y, [s1, s2]) is Outcome.TAKE  # theirs grew from mine
    assert merge(y, [s1, s2], x, [s1]) is Outcome.KEEP  # mine grew from theirs
    assert merge(y, [s1, s2], z, [s1, s3]) is Outcome.CONFLICT  # both grew apart from s1
    assert merge(x, [s1, s2, back], y, [s1, s2]) is Outcome.KEEP  # the undo is newer


# One step of a table's life: a phone adds a deal or takes one back, the messages in flight arrive,
# or the link drops or comes back. Messages wait until delivered: two phones can save at once.
STEPS = st.lists(
    st.tuples(st.sampled_from(["add", "undo", "deliver", "drop", "meet"]), st.sampled_from([0, 1])),
    max_size=16,
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=STEPS, choices=st.lists(st.booleans(), min_size=8, max_size=8))
def test_whatever_happens_the_phones_end_with_one_copy_and_no_deal_twice(
    tmp_path_factory, steps, choices
):
    wire = Wire()
    folder = tmp_path_factory.mktemp("table")
    phones = [Phone(folder / "a", wire.end()), Phone(folder / "b", wire.end())]
    mid = shared(*phones)
    made = 0
    for what, who in steps:
        phone = phones[who]
        if what == "add":
            made += 1
            phone.add(mid, Deal(points=(50 + who, 50 - who), note=f"n{made}"))
        elif what == "undo" and phone.deals(mid):
            stored = phone.repo.get(mid)
            phone.repo.save(mid, stored.match.with_deals(stored.match.deals[:-1]), stored.revision)
            asyncio.run(phone.share.saved(mid))
        elif what == "drop":
            wire.up = False
        elif what == "meet":
            wire.up = True
            for p in phones:
                asyncio.run(p.share.resend_all())
        elif what == "deliver":
            settle(*phones)
    wire.up = True
    for p in phones:
        asyncio.run(p.share.resend_all())
    settle(*phones)
    for choice in choices:  # someone settles each conflict that is left
        waiting = [p for p in phones if p.share.conflicts]
        if not waiting:
            break
        asyncio.run(waiting[0].share.choose(mid, theirs=choice))
        settle(*phones)
    assert not phones[0].share.conflicts and not phones[1].share.conflicts
    first, second = (p.deals(mid) for p in phones)
    assert first == second
    notes = [d.note for d in first]
    assert len(notes) == len(set(notes))  # never a deal twice
