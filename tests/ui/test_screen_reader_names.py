"""Layer 3: what a screen reader meets, in the real app's headless sessions.

- The app bar's back button is ours, named and tooltipped in the session's language (Flutter's own
  said "Back" in English everywhere): on every screen stacked over another, none on the matches
  list; a tap does what the system back does.
- In Sindhi and Urdu the rows are read in the order they are laid out: Flutter orders a node's
  children right to left only under a node that carries the page's direction (a node with a label),
  so every row of a screen must sit under one (`widgets.in_reading_order`). Where that node ends up
  reading the rows right to left is Chromium's to show: tests/e2e/test_screen_reader_names.py.
- The digit-style chips in Settings say what they are ("Latin digits, 123456"), not just the sample.
"""

import asyncio

import flet as ft
from harness import Phone

from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.widgets import TAP

BACK = {"en": "Back", "sd": "پوئتي", "ur": "پیچھے", "hi": "वापस जाएँ"}


def run(coro):
    return asyncio.run(coro)


async def phone_at(repo, route: str, language: str = "en") -> Phone:
    return await Phone(make_main(lambda: repo), storage={"seep_scorer.language": language}).start(
        route
    )


def back_of(view: ft.View):
    """The back button on `view`'s app bar, or None."""
    leading = view.appbar.leading
    assert leading is None or (
        isinstance(leading, ft.Semantics) and leading.identifier == "back"
    ), leading
    return leading


# ------------------------------------------------------------------ the back button


def test_the_back_button_is_on_every_screen_stacked_over_another_and_not_on_the_matches_list(repo):
    async def go():
        mid = NewMatchVM(repo).start()
        phone = await phone_at(repo, f"/match/{mid}")
        await phone.tap("record-deal")
        await phone.tap("card-KS")  # Save is on once something is entered (issue 19)
        await phone.tap("save-deal")  # a deal 1 to open
        routes = [
            "/new",
            "/settings",
            "/stats",
            "/rules",
            f"/match/{mid}",
            f"/match/{mid}/deal",
            f"/match/{mid}/deal/1",
            f"/match/{mid}/deal/1/edit",
            f"/match/{mid}/review",
            f"/match/{mid}/rules/bazzi",
            "/settings/rules/overview",
        ]
        for route in routes:
            phone = await phone_at(repo, route)
            views = phone.page.views
            assert views[-1].route == route, (route, views[-1].route)
            for depth, view in enumerate(views):
                # where Flutter put its own: over another view; never Flutter's own
                assert view.appbar.automatically_imply_leading is False, view.route
                assert (back_of(view) is not None) == (depth > 0), (route, view.route)
            assert phone.has("back") == (len(views) > 1), route
        # the matches list alone (the start resumes the match in progress: the navigation bar leads
        # there)
        await phone.tap("nav-matches")
        assert [v.route for v in phone.page.views] == ["/"] and not phone.has("back")
        assert (
            back_of(phone.page.views[0]) is None
            and phone.page.views[0].appbar.automatically_imply_leading is False
        )
        await phone.tap("nav-settings")
        assert phone.has("back")
        await phone.tap("back")
        assert phone.route == "/" and not phone.has("back")

    run(go())


def test_the_back_button_is_named_and_tooltipped_in_the_sessions_language(repo):
    async def go():
        for language in ("sd", "ur", "hi", "en"):
            phone = await phone_at(repo, "/settings", language)
            assert phone.page.rtl is (language in ("sd", "ur"))
            button = phone.find("back").content
            assert isinstance(button, ft.IconButton)
            # the arrow mirrors by itself in right-to-left languages: never flipped by hand (it
            # would point back)
            assert button.icon.icon == ft.Icons.ARROW_BACK
            assert button.icon.semantics_label == BACK[language]  # the button's one name
            assert button.tooltip.message == BACK[language]
            assert button.tooltip.exclude_from_semantics is True  # shown, not read a second time
            assert button.width >= TAP and button.height >= TAP

    run(go())


def test_the_name_follows_a_change_of_language(repo):
    async def go():
        phone = await phone_at(repo, "/settings", "hi")
        assert phone.find("back").content.icon.semantics_label == BACK["hi"]
        await phone.tap("language-sd")
        assert phone.find("back").content.icon.semantics_label == BACK["sd"]
        assert phone.find("back").content.tooltip.message == BACK["sd"]

    run(go())


def test_tapping_back_does_what_the_system_back_does(repo):
    async def go():
        mid = NewMatchVM(repo).start()
        for start, after in (
            (f"/match/{mid}/deal", f"/match/{mid}"),
            (f"/match/{mid}/rules/bazzi", f"/match/{mid}"),
            ("/settings", "/"),
            (f"/match/{mid}", "/"),
        ):
            tapped = await phone_at(repo, start, "sd")
            await tapped.tap("back")
            system = await phone_at(repo, start, "sd")
            await system.go_back()
            assert tapped.route == system.route == after, (start, tapped.route, system.route)
        # all the way down, one screen a tap
        phone = await phone_at(repo, f"/match/{mid}/deal")
        await phone.tap("back")
        assert phone.route == f"/match/{mid}" and phone.has("record-deal")
        await phone.tap("back")
        assert phone.route == "/" and not phone.has("back")

    run(go())


def test_a_second_tap_on_a_screen_already_left_goes_back_only_once(repo):
    async def go():
        mid = NewMatchVM(repo).start()
        phone = await phone_at(repo, f"/match/{mid}/deal")
        on_click = phone.find("back").content.on_click
        await on_click(None)
        await on_click(None)  # the same button again: its screen is gone
        await phone.settle()
        assert phone.route == f"/match/{mid}"

    run(go())


# ------------------------------------------------------------------ reading order in right-to-left
# languages


def ancestors(root, target):
    """The controls from `root` down to `target` (excluded), or None when it is not under `root`."""
    stack = [(root, [])]
    while stack:
        control, path = stack.pop()
        if control is target:
            return path
        for attr in (
            "content",
            "controls",
            "appbar",
            "bottom_appbar",
            "title",
            "leading",
            "actions",
        ):
            value = getattr(control, attr, None)
            children = (
                value
                if isinstance(value, list)
                else [value]
                if isinstance(value, ft.BaseControl)
                else []
            )
            stack.extend((child, path + [control]) for child in children)
    return None


def directed(phone, ident: str) -> bool:
    """Whether `ident` sits under a semantics node that takes the page's direction: Flutter gives a
    node a text direction only when it holds text (a label, even an empty one)."""
    view = phone.page.views[-1]
    path = ancestors(view, phone.find(ident))
    assert path is not None, ident
    return any(isinstance(c, ft.Semantics) and c.container and c.label is not None for c in path)


ROWS = (
    [f"dealer-{s}" for s in range(4)]
    + [f"mode-{m}" for m in ("cards", "points")]
    + [
        f"sweep-{t}-{k}{b}"
        for t in (0, 1)
        for k in ("normal", "opening", "last")
        for b in ("-dec", "", "-inc")
    ]
    + ["deal-total-0", "help-scoring", "deal-total-1", "save-deal"]
    + [f"nav-{n}" for n in ("matches", "rules", "stats", "settings")]
)


def test_every_row_of_the_record_screen_sits_under_a_node_with_the_pages_direction(repo):
    async def go():
        mid = NewMatchVM(repo).start()
        for language in ("sd", "ur", "en"):
            phone = await phone_at(repo, f"/match/{mid}/deal", language)
            assert phone.page.rtl is (language != "en")
            undirected = [ident for ident in ROWS if not directed(phone, ident)]
            assert undirected == [], (language, undirected)
            # the rows themselves stay in seat order: the layout mirrors them, nothing is built
            # reversed
            row = phone.find("dealer").content
            assert [c.identifier for c in row.controls] == [f"dealer-{s}" for s in range(4)]
            assert [c.content.content.value for c in row.controls] == [
                "Player 1",
                "Player 2",
                "Player 3",
                "Player 4",
            ]

    run(go())


def test_the_scoreboard_new_match_and_settings_rows_too(repo):
    async def go():
        mid = NewMatchVM(repo).start()
        for route, idents in (
            (f"/match/{mid}", ["bazzis-0", "bazzis-1", "record-deal", "record-deal-swapped"]),
            ("/new", [f"first-dealer-{s}" for s in range(4)] + ["start-match"]),
            (
                "/settings",
                [
                    "digits-latin",
                    "digits-native",
                    "digits-native-alt",
                    "theme-system",
                    "theme-black",
                    "language-en",
                    "language-sd",
                ],
            ),
        ):
            phone = await phone_at(repo, route, "sd")
            assert [i for i in idents if not directed(phone, i)] == [], route

    run(go())


def test_a_fault_notice_is_under_one_too(repo):
    async def go():
        phone = await phone_at(repo, "/settings", "ur")
        app = phone.page.on_route_change.__self__  # the session's App (its Host)
        app.screens[app.route].alert("Something went wrong")
        assert directed(phone, "notice") and directed(phone, "notice-close")

    run(go())


# ------------------------------------------------------------------ the digit-style chips


def digit_names(phone) -> dict[str, str]:
    return {
        c: phone.find(f"digits-{c}").content.content.semantics_label
        for c in ("latin", "native", "native-alt")
        if phone.has(f"digits-{c}")
    }


def test_the_digit_chips_say_what_they_are_in_the_sessions_language(repo):
    async def go():
        phone = await phone_at(repo, "/settings", "hi")
        assert digit_names(phone) == {"latin": "अंग्रेज़ी अंक, 123456", "native": "देवनागरी अंक, १२३४५६"}
        # what is shown stays the sample; the identifiers are the same as ever
        assert phone.text("digits-latin") == "123456" and phone.text("digits-native") == "१२३४५६"
        await phone.tap("language-sd")
        assert digit_names(phone) == {
            "latin": "انگريزي انگ، 123456",
            "native": "سنڌي انگ، ١٢٣٤٥٦",
            "native-alt": "اردو انگ، ۱۲۳۴۵۶",
        }
        await phone.tap("digits-native-alt")  # the choice changes nothing in the names
        assert digit_names(phone)["native-alt"] == "اردو انگ، ۱۲۳۴۵۶"
        for language, names in (
            ("ur", {"latin": "انگریزی ہندسے، 123456", "native": "اردو ہندسے، ۱۲۳۴۵۶"}),
            ("th", {"latin": "เลขอารบิก 123456", "native": "เลขไทย ๑๒๓๔๕๖"}),
            ("pa", {"latin": "ਅੰਗਰੇਜ਼ੀ ਹਿੰਦਸੇ, 123456", "native": "ਗੁਰਮੁਖੀ ਹਿੰਦਸੇ, ੧੨੩੪੫੬"}),
            ("as", {"latin": "ইংৰাজী অংক, 123456", "native": "অসমীয়া অংক, ১২৩৪৫৬"}),
        ):
            other = await phone_at(repo, "/settings", language)
            assert digit_names(other) == names, language

    run(go())
