"""Issue 8, item 6 (UI side): the new-match screen checks every name as the rules layer does
(rules.check_name) and says, in the user's language, which field is at fault and why."""

import asyncio

import flet as ft
import pytest
from harness import _walk

from seep_scorer.app.matches.new_match import NewMatchScreen
from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell.app import App
from seep_scorer.i18n.translate import UILocale, using

RLO, BEL = "\u202e", "\x07"


@pytest.mark.parametrize(
    "team, seat, value, words",
    [
        (0, None, "x" * 61, ["team 1", "at most 60 characters"]),
        (0, None, "Reds" + RLO, ["team 1", "control character", "5"]),
        (None, 2, "Chi" + BEL + "tra", ["seat 3", "control character", "4"]),
        (
            None,
            1,
            " " * 2 + "\u2066Bilal",
            ["seat 2", "control character", "3"],
        ),  # counted from what was typed
    ],
)
def test_each_name_is_checked_and_the_field_named(repo, team, seat, value, words):
    vm = NewMatchVM(repo)
    if team is not None:
        vm.team_names[team] = value
    else:
        vm.player_names[seat] = value
    assert vm.start() is None
    for w in words:
        assert w in vm.error, (w, vm.error)
    assert repo.list_matches() == []


def test_every_script_and_its_joiners_are_fine(repo):
    vm = NewMatchVM(repo)
    vm.team_names = ["टीम क्\u200dष", "ٽيم ب"]  # a ZWJ that makes a half form: allowed
    vm.player_names = ["Asha", "ৰমেন", "สมชาย", "Zoë"]
    assert vm.start(), vm.error


def test_a_direction_mark_is_refused_as_an_invisible_twin(repo):
    """Issue 18, item 17: "ٽيم\u200f ب" reads as "ٽيم ب" and would be a second team of that name."""
    vm = NewMatchVM(repo)
    vm.team_names[1] = "ٽيم\u200f ب"
    assert vm.start() is None
    assert "team 2" in vm.error and "control character" in vm.error and "4" in vm.error


def test_the_name_fault_is_worded_in_the_users_language(repo):
    with using(UILocale("it")):
        vm = NewMatchVM(repo)
        vm.player_names[2] = "Chitra" + RLO
        assert vm.start() is None
    assert (
        "3" in vm.error
        and "Chitra" not in vm.error
        and "seat" not in vm.error
        and "control character" not in vm.error
    )


def test_a_store_refusal_of_a_name_is_worded_by_its_code_too(repo):
    from seep_scorer.i18n.texts import match_setup_fault_text
    from seep_scorer.rules import MatchError

    err = MatchError(
        field="teams[1].players[0]",
        code="name_too_long",
        params={"max": 60},
    )
    assert "seat 2" in match_setup_fault_text(err) and "60" in match_setup_fault_text(err)


# --------------------------------------------------------------- control tree (layer 2)


class StubPage:
    """Just enough of a page for a screen built without a session."""

    width = 412
    route = "/new"

    def __init__(self):
        self.views = []

    def update(self):
        pass


def find(control, ident):
    return next(c for c in _walk(control) if isinstance(c, ft.Semantics) and c.identifier == ident)


def test_the_new_match_screen_shows_which_name_is_wrong(repo):
    app = App(StubPage(), repo)
    screen = NewMatchScreen(
        app, NewMatchVM(repo)
    ).drawn()  # the app builds each screen with its view-model
    app.screens, app.route = {"/new": screen}, "/new"
    field = find(screen.view, "player-name-2").content
    field.value = "Chitra" + RLO
    field.on_change(ft.ControlEvent(control=field, name="change", data=field.value))
    asyncio.run(find(screen.view, "start-match").content.on_click(None))
    error = find(screen.view, "new-match-error")
    assert (
        error.visible
        and "seat 3" in error.content.value
        and "control character" in error.content.value
    )
    assert repo.list_matches() == []
    # typing again clears the message; a good name then starts the match
    field.value = "Chitra"
    field.on_change(ft.ControlEvent(control=field, name="change", data=field.value))
    assert screen.vm.error is None and not screen.error_slot.visible
