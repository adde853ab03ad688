"""Issue 22, item 2: the invite screen's join address reads left to right in Urdu and Sindhi."""

import asyncio

import pytest
from harness import Phone

from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.state import session_join_address

LRI, PDI = "\u2066", "\u2069"
JOIN = "http://192.0.2.7:8550/?token=Zk3_q-TestToken0123456789"


@pytest.mark.parametrize("lang, isolated", [("ur", True), ("sd", True), ("en", False)])
def test_the_shown_address_is_isolated_in_right_to_left_text(repo, lang, isolated):
    async def go():
        joined = session_join_address.set(JOIN)
        try:
            phone = await Phone(make_main(lambda: repo), accept_language=lang).start()
        finally:
            session_join_address.reset(joined)
        await phone.tap("invite")
        shown = phone.text("invite-address")
        address = shown.strip(LRI + PDI)
        assert address.startswith("http://192.0.2.7:8550/")
        assert shown == (f"{LRI}{address}{PDI}" if isolated else address)
        assert phone.find("invite-qr").label.endswith(
            f"{LRI}{address}{PDI}" if isolated else f": {address}"
        )

    asyncio.run(go())
