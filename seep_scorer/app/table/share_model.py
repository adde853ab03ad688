"""Sharing a table between phone-only apps (issue 36): what the share and join screens show.

The phone sharing its match shows a code (QR and text); the joining phone takes it and shows its
answer; the sharing phone takes the answer, and once the joining phone has proved it saw the
code (phone/peer.py) the match goes over and both phones score it, each in its own store
(phone/sharing.py). Offered only in the phone-only app (a served table has its invite instead).
"""

from __future__ import annotations

from seep_scorer.app.shell import state
from seep_scorer.i18n.translate import N_, _

# Why a code was not taken (phone/peer.py's LinkError codes, web/peer.js's too).
LINK_FAULTS = {
    "not-a-code": N_("That is not a Seep Scorer code. Copy the whole code and try again."),
    "not-an-offer": N_(
        "That is an answer code. Paste it on the phone that shares the table, and paste here "
        "the code that phone shows."
    ),
    "not-an-answer": N_(
        "That is a sharing code. Paste it on the joining phone, and paste here the answer that "
        "phone shows."
    ),
    "damaged": N_("The code is incomplete or changed. Copy the whole code again."),
    "too-long": N_("The code is incomplete or changed. Copy the whole code again."),
    "expired": N_("This sharing code is more than five minutes old. Make a new one."),
    "no-offer": N_("This sharing code was used already. Make a new one."),
    "no-candidates": N_("This phone has no network to share over. Join a Wi-Fi network first."),
}
LINK_FAILED = N_("The phones could not be linked. Try again with a new code.")


def link_fault_text(code: str) -> str:
    return _(LINK_FAULTS.get(code, LINK_FAILED))


def offered() -> bool:
    """Whether this app can share a table with another phone (the phone-only app only)."""
    return state.phone_only() and state.table_sharing() is not None


def _fault(err: Exception) -> str:
    code = getattr(err, "code", None)  # the link's own refusals name why (phone/peer.py)
    return link_fault_text(code) if isinstance(code, str) else _(LINK_FAILED)


class ShareVM:
    """The phone that shares its match: its code, then the other phone's answer, then the link."""

    def __init__(self, match_id: str, sharing: state.TableSharing | None = None) -> None:
        self.match_id = match_id
        self.sharing = sharing or state.table_sharing()
        self.code: str | None = None
        self.error: str | None = None
        self.answered = False  # the other phone's answer taken: the link is being made
        self.copied = False

    @property
    def linked(self) -> bool:
        return self.answered and self.sharing.link.trusted

    @property
    def dropped(self) -> bool:
        """Linked once, the link lost since (each phone scores on; a new code links them again)."""
        return self.answered and self._was_linked and not self.sharing.link.open

    async def make_code(self) -> None:
        self.error, self.answered, self._was_linked = None, False, False
        try:
            self.code = await self.sharing.link.offer()
        except Exception as err:
            self.code, self.error = None, _fault(err)

    async def take_answer(self, answer: str) -> bool:
        self.error = None
        try:
            await self.sharing.link.accept(answer)
        except Exception as err:
            self.error = _fault(err)
            return False
        self.answered = True
        await self.sharing.share_when_linked(self.match_id)
        return True

    def load(self) -> None:
        """The link or the match changed: what to show now."""
        if self.linked:
            self._was_linked = True

    _was_linked = False


class JoinVM:
    """The joining phone: the sharing phone's code in, its own answer out, then the match."""

    def __init__(self, sharing: state.TableSharing | None = None) -> None:
        self.sharing = sharing or state.table_sharing()
        self.answer: str | None = None
        self.error: str | None = None
        self.arrived: str | None = None  # the match the other phone shared, once it is here
        self.copied = False
        self._before = 0

    async def take_code(self, code: str) -> bool:
        self.error, self.answer = None, None
        self._before = len(self.sharing.arrived)
        try:
            self.answer = await self.sharing.link.answer(code)
        except Exception as err:
            self.error = _fault(err)
            return False
        return True

    def load(self) -> None:
        """A match changed here: the one the other phone shared, if it has arrived."""
        if self.answer is not None and self.arrived is None:
            new = self.sharing.arrived[self._before :]
            self.arrived = new[-1] if new else None
