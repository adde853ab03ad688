"""Layer 3: every icon button a screen reader can activate, and dialogs in the page's direction, in
the real app's headless sessions.

- The help marks, undo and redo, a match's delete button, invite and back are each one IconButton,
  at least 48 x 48, under a node that carries only its identifier. The button's own node takes the
  name (the icon's semantics label, in the session's language) and keeps the button's tap action, so
  that a screen reader's activation runs it: the node a screen reader hears is the node it
  activates. Nothing else names it (the tooltip says the same on hover and long press and stays out
  of the semantics tree). Before, the name sat on a `Semantics` with `on_tap` around an excluded
  button, and Flet 1.0.5 never passes `on_tap` on: Chromium's side is
  tests/e2e/test_screen_reader_actions.py.
- Undo and redo are renamed, name and tooltip, as the history changes.
- A dialog opens in the page's direction (mirrored and read right to left in Sindhi and Urdu), and
  left to right as before in the other languages.
"""

import asyncio
from types import SimpleNamespace

import flet as ft
from harness import Phone

from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.state import session_join_address
from seep_scorer.app.shell.widgets import TAP
from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team

TEAMS = (Team("Sharmas", ("Asha", "Chitra")), Team("Vermas", ("Bilal", "Dev")))
OTHERS = (Team("Reds", ("Esha", "Gita")), Team("Blues", ("Farid", "Hari")))
JOIN = "http://192.0.2.7:8550/?token=Zk3_q-TestToken0123456789"

# What each button says in English and, from locales/ur, in Urdu.
NAMES = {
    "en": {
        "help-bazzi": "About bazzis",
        "help-dealer": "About who deals and bids",
        "help-sweeps": "About sweeps",
        "help-scoring": "About scoring",
        "help-most-cards": "About the most-cards bonus",
        "help-presets": "About the rule presets",
        "undo-deal": "Take back deal 2",
        "redo-deal": "Nothing to put back",
        "invite": "Invite a phone",
        "back": "Back",
        "notice-close": "Close",
    },
    "ur": {
        "help-bazzi": "بازی کے بارے میں",
        "help-dealer": "پتے بانٹنے اور بولی کی باری کے بارے میں",
        "help-sweeps": "سیپ کے بارے میں",
        "help-scoring": "پوائنٹوں کے حساب کے بارے میں",
        "help-most-cards": "زیادہ پتوں کے بونس کے بارے میں",
        "help-presets": "اصولوں کی قسموں کے بارے میں",
        "undo-deal": "دور 2 واپس لیں",
        "redo-deal": "دوبارہ درج کرنے کو کچھ نہیں",
        "invite": "دوسرا فون شامل کریں",
        "back": "پیچھے",
        "notice-close": "بند کریں",
    },
}


def run(coro):
    return asyncio.run(coro)


def a_match(repo, preset: str = "standard") -> str:
    """An open-ended match of two deals: the standard rules' between TEAMS, race500's (point cards
    adding up to 96, a most-cards bonus) between OTHERS."""
    deals = (
        (Deal(points=(60, 40)), Deal(points=(30, 70)))
        if preset == "standard"
        else (Deal(points=(60, 36), most_cards=0), Deal(points=(30, 66), most_cards=1))
    )
    teams = TEAMS if preset == "standard" else OTHERS
    return repo.create(Match(PRESETS[preset], MatchFormat("open", None), teams, 0, deals)).id


async def phone_at(repo, route: str, language: str = "en", join: str | None = None) -> Phone:
    joined = session_join_address.set(join)  # what the server's token gate does for a LAN session
    try:
        return await Phone(
            make_main(lambda: repo), storage={"seep_scorer.language": language}
        ).start(route)
    finally:
        session_join_address.reset(joined)


def named_once(phone: Phone, ident: str) -> str:
    """The button's one name, checked to sit on the node that a screen reader activates."""
    node = phone.find(ident)
    # the identifier's node: no name, no action of its own, the button's semantics kept
    assert isinstance(node, ft.Semantics), ident
    assert (node.label, node.value, node.hint_text, node.tooltip) == (None, None, None, None), ident
    assert not node.exclude_semantics and not node.button and node.on_tap is None, ident
    button = node.content
    assert isinstance(button, ft.IconButton), (ident, button)
    assert button.width >= TAP and button.height >= TAP, ident
    # the button's own node: named by its icon, acting by its own tap
    assert isinstance(button.icon, ft.Icon) and button.icon.semantics_label, ident
    assert button.on_click is not None, ident
    # the tooltip shows the same words and is not read a second time
    assert isinstance(button.tooltip, ft.Tooltip), ident
    assert button.tooltip.message == button.icon.semantics_label, ident
    assert button.tooltip.exclude_from_semantics is True, ident
    return button.icon.semantics_label


def open_dialog(phone: Phone) -> ft.AlertDialog:
    dialogs = [d for d in phone.page._dialogs.controls if d.open]
    assert len(dialogs) == 1, dialogs
    return dialogs[0]


# ------------------------------------------------------------------ named once, on the node that
# acts


def test_every_icon_button_is_named_once_in_the_sessions_language(repo):
    async def go():
        mid = a_match(repo)
        race = a_match(repo, "race500")
        for language, names in NAMES.items():
            board = await phone_at(repo, f"/match/{mid}", language, join=JOIN)
            for ident in ("help-bazzi", "help-dealer", "undo-deal", "redo-deal", "invite", "back"):
                assert named_once(board, ident) == names[ident], (language, ident)
            deal = await phone_at(repo, f"/match/{race}/deal", language)
            for ident in ("help-sweeps", "help-scoring", "help-most-cards", "back"):
                assert named_once(deal, ident) == names[ident], (language, ident)
            new = await phone_at(repo, "/new", language)
            assert named_once(new, "help-presets") == names["help-presets"]
            await board.tap("nav-matches")
            delete = named_once(board, f"delete-match-{mid}")
            assert delete != named_once(board, f"delete-match-{race}")  # each names its own match
            assert ("Delete the match Sharmas vs Vermas (" in delete) is (language == "en"), delete
            assert ("میچ Sharmas بمقابلہ Vermas (" in delete) is (language == "ur"), delete

    run(go())


def test_activating_each_button_does_what_a_tap_does(repo):
    async def go():
        mid = a_match(repo)
        phone = await phone_at(repo, f"/match/{mid}", "ur", join=JOIN)
        await phone.tap("help-dealer")
        assert phone.route == f"/match/{mid}/rules/bazzi" and phone.has("rules-section-bazzi")
        await phone.tap("back")
        assert phone.route == f"/match/{mid}"
        await phone.tap("invite")
        assert phone.route == f"/match/{mid}/invite"
        await phone.tap("back")
        await phone.tap("undo-deal")
        assert len(repo.get(mid).match.deals) == 1 and not phone.has("deal-2")
        await phone.tap("redo-deal")
        assert len(repo.get(mid).match.deals) == 2 and phone.has("deal-2")
        await phone.tap("nav-matches")
        await phone.tap(f"delete-match-{mid}")
        assert not phone.has(f"match-{mid}") and [s.id for s in repo.list_matches()] == []
        # the message that offers the undo closes by its own button, named too
        assert (
            phone.has("notice") and named_once(phone, "notice-close") == NAMES["ur"]["notice-close"]
        )
        await phone.tap("notice-close")
        assert not phone.has("notice")

    run(go())


def test_undo_and_redo_are_renamed_as_the_history_changes(repo):
    async def go():
        mid = a_match(repo)
        for language, after_undo in (
            ("en", ("Take back deal 1", "Put deal 2 back")),
            ("ur", ("دور 1 واپس لیں", "دور 2 دوبارہ درج کریں")),
        ):
            phone = await phone_at(repo, f"/match/{mid}", language)
            assert (named_once(phone, "undo-deal"), named_once(phone, "redo-deal")) == (
                NAMES[language]["undo-deal"],
                NAMES[language]["redo-deal"],
            )
            assert phone.enabled("undo-deal") and not phone.enabled("redo-deal")
            await phone.tap("undo-deal")
            assert (named_once(phone, "undo-deal"), named_once(phone, "redo-deal")) == after_undo
            assert phone.enabled("redo-deal")
            await phone.tap("redo-deal")
            assert (named_once(phone, "undo-deal"), named_once(phone, "redo-deal")) == (
                NAMES[language]["undo-deal"],
                NAMES[language]["redo-deal"],
            )
            assert not phone.enabled("redo-deal")

    run(go())


# ------------------------------------------------------------------ dialogs in the page's direction


def test_the_end_match_dialog_opens_in_the_pages_direction(repo):
    async def go():
        mid = a_match(repo)
        for language in ("ur", "sd", "en", "hi"):
            phone = await phone_at(repo, f"/match/{mid}", language)
            await phone.tap("end-match")
            dialog = open_dialog(phone)
            assert phone.has("end-match-yes") and phone.has("end-match-cancel")
            assert dialog.rtl is (language in ("ur", "sd")) is phone.page.rtl, language
            # the buttons stay in their order: the direction mirrors them, nothing is built reversed
            assert [a.identifier for a in dialog.actions] == ["end-match-cancel", "end-match-yes"]
            await phone.tap("end-match-cancel")
            assert not dialog.open

    run(go())


def test_the_restore_dialog_too_and_after_a_change_of_language(tmp_path):
    from seep_scorer.store.registry import close_all, open_repository

    repo = open_repository(tmp_path / "data", fresh=True)
    a_match(repo)

    async def go():
        phone = await phone_at(repo, "/settings", "sd")
        app = phone.page.on_route_change.__self__  # the session's App (its Host)
        backup = app.screens["/settings"].backup

        async def ask_restore():
            name, data = backup.vm.backup_file()
            # what the file chooser hands back (the section reads the event's files alone)
            picked = ft.FilePickerFile(id=0, name=name, size=len(data), bytes=data)
            await backup._picked(SimpleNamespace(files=[picked]))
            await phone.settle()
            return open_dialog(phone)

        dialog = await ask_restore()
        assert phone.has("restore-confirm") and dialog.rtl is True
        await phone.tap("restore-cancel")
        await phone.tap("language-en")
        assert phone.page.rtl is False
        backup = app.screens["/settings"].backup
        dialog = await ask_restore()
        assert phone.has("restore-confirm") and dialog.rtl is False
        await phone.tap("restore-cancel")

    try:
        run(go())
    finally:
        close_all()
