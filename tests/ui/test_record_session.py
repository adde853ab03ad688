"""Issue 11, the record-a-deal screen in a headless session (layer 3) and its control tree: quick
points, the taps a card deal and a points deal take, the starting side, who may sweep, the preview,
and a name of its own for every button."""

import asyncio

import flet as ft
from harness import Phone, _walk

from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.rules.cards import POINT_CARD_CODES


def run(coro):
    return asyncio.run(coro)


async def open_match(repo, preset=None):
    vm = NewMatchVM(repo)
    if preset:
        vm.set_preset(preset)
    mid = vm.start()
    phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}")
    assert phone.route == f"/match/{mid}"
    return phone, mid


def screen_texts(phone) -> list[str]:
    return [c.value for c in _walk(phone.page.views[-1]) if isinstance(c, ft.Text) and c.value]


def test_quick_points_field_is_empty_numeric_and_the_other_team_follows(repo):
    async def go():
        phone, _mid = await open_match(repo)
        await phone.tap("record-deal")
        await phone.tap("mode-points")
        field = phone.find("points-0").content
        assert field.value == "" and field.keyboard_type == ft.KeyboardType.NUMBER
        for typed, other in (("6", "94"), ("60", "40")):
            await phone.type("points-0", typed)
            assert phone.text("points-1") == f"Team B: {other}"
            assert phone.text("deal-total-1") == f"Team B: {other}"

    run(go())


def test_taps_for_a_card_deal_and_a_points_deal(repo):
    """A card deal: min(k, 17 - k) + 2 taps (here k = 3: 5 taps). A points deal without sweeps: 3
    taps the first time (record, points, save), then 2 (record, save) plus the digits: the mode is
    remembered and the field has the focus."""

    async def go():
        phone, mid = await open_match(repo)
        taps = 0
        await phone.tap("record-deal")
        taps += 1
        for code in ("KS", "QS", "JS"):
            await phone.tap(f"card-{code}")
            taps += 1
        await phone.tap("save-deal")
        taps += 1
        assert taps == 5 and len(repo.get(mid).match.deals) == 1

        taps = 0
        await phone.tap("record-deal")
        taps += 1
        await phone.tap("mode-points")
        taps += 1
        await phone.type("points-0", "55")
        await phone.tap("save-deal")
        taps += 1
        assert taps == 3 and repo.get(mid).match.deals[-1].points == (55, 45)

        taps = 0
        await phone.tap("record-deal")
        taps += 1
        assert phone.find("mode-points").selected and phone.find("points-0").content.autofocus
        await phone.type("points-0", "48")
        await phone.tap("save-deal")
        taps += 1
        assert taps == 2 and repo.get(mid).match.deals[-1].points == (48, 52)
        assert phone.route == f"/match/{mid}"

    run(go())


def test_the_swapped_start_says_which_team_every_card_starts_with(repo):
    async def go():
        phone, _mid = await open_match(repo)
        await phone.tap("record-deal")
        # every tile names the team that has the card; the line over them, which ones to tap
        assert all("Team A" in phone.text(f"card-{c}") for c in POINT_CARD_CODES)
        assert "Tap the cards Team B took." in screen_texts(phone)
        await phone.go_back()
        await phone.tap("record-deal-swapped")
        assert all("Team B" in phone.text(f"card-{c}") for c in POINT_CARD_CODES)
        assert "Tap the cards Team A took." in screen_texts(phone)
        assert phone.find("mode-cards").selected

    run(go())


def test_who_deals_and_bids_and_who_may_sweep(repo):
    async def go():
        phone, _mid = await open_match(repo)
        await phone.tap("record-deal")
        assert phone.text("bidder") == "Player 1 deals; Player 2 bids (Team B)."
        assert not phone.enabled("sweep-0-opening-inc") and phone.enabled("sweep-1-opening-inc")
        assert phone.enabled("sweep-0-last-inc") and not phone.enabled("sweep-1-last-inc")
        hint = phone.text("sweep-hint")
        assert (
            "Only Team B (the bidder's team) can make the opening sweep" in hint
            and "Team A (the dealer's" in hint
        )
        try:
            await phone.tap("sweep-0-opening-inc")
            raise AssertionError("a disabled button was tapped")
        except AssertionError as err:
            assert "disabled" in str(err)
        await phone.tap("sweep-1-opening-inc")
        assert not phone.enabled("sweep-1-opening-inc")  # one opening sweep per deal
        await phone.tap("dealer-1")
        assert phone.text("bidder") == "Player 2 deals; Player 3 bids (Team A)."
        assert phone.enabled("sweep-1-last-inc") and not phone.enabled("sweep-0-last-inc")
        assert "opening sweep" in phone.text(
            "deal-error"
        )  # entered before the change: said, and removable
        await phone.tap("sweep-1-opening-dec")
        assert not phone.has("deal-error") or not phone.text("deal-error")

    run(go())


def test_the_preview_says_when_saving_ends_the_bazzi(repo):
    async def go():
        phone, _mid = await open_match(repo)
        await phone.tap("record-deal")
        assert not phone.has("deal-preview")  # issue 19: the blank deal is nobody's 100 : 0
        await phone.tap("card-KS")
        await phone.tap("card-KS")  # entered: the second team took no point card
        assert phone.text("deal-preview") == "Team B under the minimum: the bazzi goes to Team A."
        for code in ("KS", "QS", "JS", "10S"):  # 54 : 46
            await phone.tap(f"card-{code}")
        assert not phone.has("deal-preview")
        await phone.tap("mode-points")
        await phone.type("points-0", "4")
        assert phone.text("deal-preview") == "Team A under the minimum: the bazzi goes to Team B."

    run(go())


def test_every_button_has_a_name_of_its_own(repo):
    async def go():
        phone, _mid = await open_match(repo)
        await phone.tap("record-deal")
        buttons = [
            c for c in _walk(phone.page.views[-1]) if isinstance(c, ft.Semantics) and c.button
        ]
        names = [c.label for c in buttons if (c.identifier or "").startswith("sweep-")]
        assert (
            "Add a normal sweep for Team A" in names
            and "Remove a last-play sweep from Team B" in names
        )
        assert "Add an opening sweep for Team B" in names
        assert len(names) == 12 and len(set(names)) == 12, names
        assert not any(
            isinstance(c, ft.IconButton) and c.tooltip
            for c in _walk(phone.find("sweep-0-normal-inc"))
        )
        # a card is one button read as "K♠ Team A": no value or label repeating its text
        card = phone.find("card-KS")
        assert card.value is None and card.label is None and phone.text("card-KS") == "K♠ Team A"
        await phone.tap("card-KS")
        assert phone.text("card-KS") == "K♠ Team B"

    run(go())


def test_most_cards_choice_sits_under_the_cards_before_the_sweeps(repo):
    async def go():
        phone, _mid = await open_match(repo, preset="race500")
        await phone.tap("record-deal")
        body = (
            phone.page.views[-1].controls[1].content.content.controls
        )  # frame > reading-order node > body
        firsts = {}
        for i, row in enumerate(body):
            for x in _walk(row):
                if isinstance(x, ft.Semantics) and x.identifier in (
                    "most-cards-0",
                    "sweep-0-normal",
                ):
                    firsts.setdefault(x.identifier, i)
        assert firsts["most-cards-0"] < firsts["sweep-0-normal"]
        assert "more cards" in phone.text("deal-error")
        await phone.tap("most-cards-0")
        assert not phone.has("deal-error") or not phone.text("deal-error")

    run(go())


def test_focus_selects_a_past_deals_points_so_typing_replaces_them(repo):
    async def go():
        phone, mid = await open_match(repo)
        await phone.tap("record-deal")
        await phone.tap("mode-points")
        await phone.type("points-0", "60")
        await phone.tap("save-deal")
        await phone.go_back() if phone.route != f"/match/{mid}" else None
        phone2 = await Phone(make_main(lambda: repo)).start(f"/match/{mid}/deal/1/edit")
        field = phone2.find("points-0").content
        assert field.value == "60"
        await phone2.session.dispatch_event(field._i, "focus", None)
        await phone2.settle()
        assert (field.selection.base_offset, field.selection.extent_offset) == (0, 2)

    run(go())


def test_an_empty_points_field_is_asked_for_quietly_and_a_wrong_figure_in_red(repo):
    """The empty field is the next step, not a mistake: `deal-error` says what to enter in the quiet
    colour; a figure out of range is said in the error colour."""

    async def go():
        phone, _mid = await open_match(repo)
        await phone.tap("record-deal")
        await phone.tap("mode-points")
        said = phone.find("deal-error").content
        assert said.value and said.color == ft.Colors.ON_SURFACE_VARIANT
        await phone.type("points-0", "130")
        said = phone.find("deal-error").content
        assert said.value and said.color == ft.Colors.ERROR

    run(go())
