"""Issue 36, item 1, below the browser: the share and join screens' view-models over a link, the
refusals worded in the session's language, and the buttons offered in the phone-only app only.
(tests/e2e/test_published_peer.py pairs two real phone-only apps through these screens.)"""

from __future__ import annotations

import asyncio
import sys

import pytest

from seep_scorer.app.shell import state
from seep_scorer.app.shell.qrcode import qr_png
from seep_scorer.app.table.share import join_entry, share_entry
from seep_scorer.app.table.share_model import JoinVM, ShareVM, link_fault_text, offered
from seep_scorer.i18n import translate as i18n


class Refused(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class FakeLink:
    def __init__(self) -> None:
        self.open = self.trusted = False
        self.refuse: str | None = None
        self.accepted: list[str] = []

    async def offer(self) -> str:
        return "S1O~uf~pw~FP~actpass~h.local/1~secret"

    async def answer(self, code: str) -> str:
        if self.refuse:
            raise Refused(self.refuse)
        return "S1A~uf~pw~FP~active~h.local/2"

    async def accept(self, code: str) -> None:
        if self.refuse:
            raise Refused(self.refuse)
        self.accepted.append(code)

    def watch(self, watcher) -> None: ...

    def close(self) -> None: ...


class FakeSharing:
    def __init__(self) -> None:
        self.link = FakeLink()
        self.arrived: list[str] = []
        self.pending: list[str] = []

    async def share_when_linked(self, match_id: str) -> None:
        self.pending.append(match_id)


def test_the_sharing_phone_shows_a_code_then_links_with_the_answer():
    async def run():
        sharing = FakeSharing()
        vm = ShareVM("m1", sharing)
        await vm.make_code()
        assert vm.code.startswith("S1O~") and vm.error is None
        assert await vm.take_answer("S1A~answer")
        assert sharing.link.accepted == ["S1A~answer"] and sharing.pending == ["m1"]
        assert vm.answered and not vm.linked
        sharing.link.open = sharing.link.trusted = True
        vm.load()
        assert vm.linked and not vm.dropped
        sharing.link.open = sharing.link.trusted = False
        vm.load()
        assert vm.dropped  # each phone scores on: a new code links them again

    asyncio.run(run())


@pytest.mark.parametrize("code", ["expired", "not-an-answer", "no-offer", "something-else"])
def test_a_refused_answer_is_said_in_the_sessions_language_and_nothing_links(code):
    async def run():
        sharing = FakeSharing()
        sharing.link.refuse = code
        vm = ShareVM("m1", sharing)
        await vm.make_code()
        with i18n.using(i18n.UILocale("hi")):
            assert not await vm.take_answer("S1O~x")
            hindi = vm.error
        with i18n.using(i18n.UILocale("en")):
            english = link_fault_text(code)
        assert hindi and hindi != english and not vm.answered and sharing.pending == []

    asyncio.run(run())


def test_the_joining_phone_answers_and_opens_the_match_once_it_arrives():
    async def run():
        sharing = FakeSharing()
        sharing.arrived.append("an-older-one")
        vm = JoinVM(sharing)
        assert await vm.take_code("S1O~code")
        assert vm.answer.startswith("S1A~")
        vm.load()
        assert vm.arrived is None  # nothing from this link yet
        sharing.arrived.append("m1")
        vm.load()
        assert vm.arrived == "m1"

    asyncio.run(run())


def test_a_code_that_is_no_sharing_code_says_what_it_is():
    async def run():
        sharing = FakeSharing()
        sharing.link.refuse = "not-an-offer"
        vm = JoinVM(sharing)
        with i18n.using(i18n.UILocale("en")):
            assert not await vm.take_code("S1A~answer")
        assert vm.answer is None and "answer code" in vm.error

    asyncio.run(run())


def test_sharing_is_offered_in_the_phone_only_app_only(monkeypatch):
    class NoHost:
        def handler(self, *args):
            return lambda e=None: None

        async def go(self, route: str) -> None: ...

    state.use_table_sharing(None)
    assert not offered() and share_entry(NoHost(), "m1") == [] and join_entry(NoHost()) == []
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert not offered()  # no sharing handed over (no link)
    state.use_table_sharing(FakeSharing())
    try:
        assert offered()
        assert len(share_entry(NoHost(), "m1")) == 1 and len(join_entry(NoHost())) == 1
    finally:
        state.use_table_sharing(None)


def test_the_qr_code_is_a_png_in_whole_pixels_per_module():
    png, side = qr_png("S1O~" + "x" * 200, 300, error="l")
    assert png.startswith(b"\x89PNG") and side <= 300
