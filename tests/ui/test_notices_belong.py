"""Issue 19, item 9: a notice belongs to the screen and the language it was shown in. Leaving the
screen (for another one, or by the back button) takes it away, and so does a change of language; a
notice set for a screen while it was covered (a deal deleted on its own screen) still shows once."""

import asyncio

from harness import Phone

from seep_scorer.app.settings.settings_model import BackupVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.rules import Deal, Match, MatchFormat, Team


def a_match(store, name: str, deals: int = 2) -> str:
    teams = (Team(name, ("Asha", "Ravi")), Team("Sharmas", ("Meena", "Vik")))
    match = Match(format=MatchFormat("bazzis", 3), teams=teams)
    return store.create(match.with_deals([Deal(points=(60, 40))] * deals)).id


def notices(phone) -> list[str]:
    return [phone.text(n) for n in ("notice",) if phone.has(n)]


def test_a_scoreboard_notice_goes_when_the_scoreboard_is_left(store):
    mid = a_match(store, "Guptas")

    async def go():
        phone = await Phone(make_main(lambda: store)).start(f"/match/{mid}")
        await phone.tap("undo-deal")
        assert notices(phone) == ["Deal 2 taken back."]
        await phone.tap("deal-1")  # the deal, read-only, on top
        await phone.go_back()
        assert phone.route == f"/match/{mid}" and notices(phone) == []
        await phone.tap("undo-deal")
        assert notices(phone) == ["Deal 1 taken back."]
        await phone.tap("nav-matches")
        await phone.tap(f"match-{mid}")
        assert (
            phone.route == f"/match/{mid}" and notices(phone) == []
        )  # not "Deal 1 taken back." again
        await phone.tap("redo-deal")
        assert notices(phone) == ["Deal 1 put back."]
        await phone.tap("help-dealer")  # the rules, on top of the scoreboard
        await phone.go_back()
        assert phone.route == f"/match/{mid}" and notices(phone) == []

    asyncio.run(go())


def test_a_deletion_on_the_deals_own_screen_is_told_once_on_the_scoreboard(store):
    mid = a_match(store, "Guptas")

    async def go():
        phone = await Phone(make_main(lambda: store)).start(f"/match/{mid}")
        await phone.tap("deal-2")
        await phone.tap("delete-deal")
        assert phone.route == f"/match/{mid}" and notices(phone) and "2" in notices(phone)[0]
        await phone.tap("deal-1")
        await phone.go_back()
        assert notices(phone) == []

    asyncio.run(go())


def test_the_matches_list_forgets_its_notice_once_left(store):
    gone, kept = a_match(store, "Guptas"), a_match(store, "Vermas")

    async def go():
        phone = await Phone(make_main(lambda: store)).start("/")
        await phone.tap(f"delete-match-{gone}")
        assert notices(phone) and notices(phone)[0].startswith("Match deleted: Guptas")
        await phone.tap("nav-stats")
        await phone.tap("nav-matches")
        assert notices(phone) == []
        await phone.tap(f"match-{kept}")
        await phone.go_back()
        assert phone.route == "/" and notices(phone) == []

    asyncio.run(go())


def restored_notice(store, phone) -> str:
    """A restore made through the settings' own view-model (the file picker is the browser's)."""
    app = phone.page.on_route_change.__self__
    backup: BackupVM = app.settings.backup
    found = backup.backup_file()
    assert found is not None and backup.prepare("b.jsonl", found[1]) is not None
    backup.restore(copies=True)  # its own backup: copies, so that there is an Undo
    assert backup.message and backup.can_undo
    return backup.message


def test_a_settings_notice_goes_when_the_settings_are_left(store):
    a_match(store, "Guptas")

    async def go():
        phone = await Phone(make_main(lambda: store)).start("/")
        said = restored_notice(store, phone)
        await phone.tap("nav-settings")
        assert notices(phone) == [said]  # set while the list was on top: shown here, once
        await phone.tap("nav-matches")
        await phone.tap("nav-settings")
        assert notices(phone) == []

    asyncio.run(go())


def test_a_notice_never_outlives_a_change_of_language(store):
    a_match(store, "Guptas")

    async def go():
        phone = await Phone(make_main(lambda: store)).start("/")
        said = restored_notice(store, phone)
        await phone.tap("nav-settings")
        assert notices(phone) == [said]
        await phone.tap("language-hi")
        assert phone.page.views[-1].appbar.title.value != "Settings"  # the screen is in Hindi now
        assert notices(phone) == []  # not the English sentence on a Hindi screen

    asyncio.run(go())
