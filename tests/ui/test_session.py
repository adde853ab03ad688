"""Layers 2 and 3: control trees and a real headless flet Session running the real app."""

import asyncio

import pytest
from flet.pubsub.pubsub_hub import PubSubHub
from harness import Phone

from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.routes import route_stack


def run(coro):
    return asyncio.run(coro)


def test_route_stack():
    assert route_stack("/") == ["/"]
    assert route_stack("/settings") == ["/", "/settings"]
    assert route_stack("/match/m1/deal/3") == ["/", "/match/m1", "/match/m1/deal/3"]
    assert route_stack("/match/m1/deal/3/edit") == ["/", "/match/m1", "/match/m1/deal/3/edit"]
    assert route_stack("/match/m1/deal?x=1") == ["/", "/match/m1", "/match/m1/deal"]
    assert route_stack("/nonsense") == ["/"]


async def new_match(phone):
    await phone.tap("new-match")
    assert phone.route == "/new"
    for ident in (
        "team-name-0",
        "team-name-1",
        "player-name-0",
        "player-name-3",
        "rules-preset",
        "match-length",
        "first-dealer",
        "start-match",
    ):
        assert phone.has(ident), ident
    await phone.tap("start-match")
    assert phone.route.startswith("/match/")
    return phone.route.split("/")[2]


def test_every_screen_has_its_contract_identifiers(repo):
    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        for ident in ("nav-matches", "nav-rules", "nav-stats", "nav-settings", "new-match"):
            assert phone.has(ident)
        mid = await new_match(phone)
        for ident in (
            "difference",
            "bazzis-0",
            "bazzis-1",
            "totals-0",
            "totals-1",
            "next-dealer",
            "record-deal",
            "undo-deal",
            "nav-matches",
        ):
            assert phone.has(ident), ident
        await phone.tap("record-deal")
        for code in ("KS", "QS", "2S", "AS", "AH", "AD", "AC", "10D"):
            assert phone.has(f"card-{code}")
        for ident in (
            "swap-all",
            "mode-cards",
            "mode-points",
            "deal-total-0",
            "deal-total-1",
            "save-deal",
            "sweep-0-normal",
            "sweep-1-opening-inc",
            "sweep-1-last-dec",
            "nav-settings",
        ):
            assert phone.has(ident), ident
        assert not phone.has("most-cards-0")  # the standard rules score no most-cards bonus
        await phone.tap("nav-rules")
        for sid in (
            "overview",
            "deal-and-bid",
            "play",
            "houses",
            "cemented-houses",
            "end-of-deal",
            "scoring",
            "bazzi",
            "variants",
        ):
            assert phone.has(f"rules-section-{sid}")
        await phone.tap("nav-settings")
        for ident in (
            "language",
            "theme",
            "language-en",
            "language-hi",
            "language-sd",
            "theme-black",
        ):
            assert phone.has(ident)
        await phone.tap("nav-stats")
        assert "No statistics yet" in phone.text(
            "stats"
        )  # a match with no deal counts for nothing (stats.md)
        await phone.tap("nav-matches")
        assert phone.has(f"match-{mid}")

    run(go())


def test_record_undo_redo_edit_delete_through_the_session(repo):
    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        mid = await new_match(phone)
        await phone.tap("record-deal")
        assert "Team A: 100" in phone.text("deal-total-0")
        for code in ("KS", "QS", "10D"):
            await phone.tap(f"card-{code}")
        assert "Team B" in phone.text("card-KS") and "Team A" in phone.text("card-JS")
        await phone.tap("sweep-1-normal-inc")
        assert phone.text("sweep-1-normal").endswith("1")
        assert "Team B: 81" in phone.text("deal-total-1")
        await phone.tap("save-deal")
        assert phone.route == f"/match/{mid}"
        assert "Team B ahead by 12" in phone.text("difference")
        assert phone.has("deal-1")
        # points mode, invalid then valid
        await phone.tap("record-deal")
        await phone.tap("mode-points")
        await phone.type("points-0", "120")
        assert phone.has("deal-error") and not phone.enabled("save-deal")
        await phone.type("points-0", "70")
        assert not phone.has("deal-error")
        await phone.tap("save-deal")
        assert "Team A ahead by 28" in phone.text("difference")
        # undo and redo
        await phone.tap("undo-deal")
        assert not phone.has("deal-2") and "Team B ahead by 12" in phone.text("difference")
        await phone.tap("redo-deal")
        assert phone.has("deal-2") and "Team A ahead by 28" in phone.text("difference")
        # edit deal 1: everything after it is recomputed
        await phone.tap("deal-1")
        assert (
            phone.route == f"/match/{mid}/deal/1"
        )  # issue 11 item 6: read-only, with Edit and Delete
        await phone.tap("edit-deal")
        assert phone.route == f"/match/{mid}/deal/1/edit"
        await phone.tap("sweep-1-normal-dec")
        await phone.tap("save-deal")
        assert "Team A ahead by 78" in phone.text("difference")  # 69-31 + 70-30
        # delete deal 2, then undo the delete
        await phone.tap("deal-2")
        await phone.tap("delete-deal")
        assert not phone.has("deal-2") and phone.has("notice-action")
        await phone.tap("notice-action")
        assert phone.has("deal-2") and "Team A ahead by 78" in phone.text("difference")
        assert len(repo.get(mid).match.deals) == 2

    run(go())


def test_a_second_phone_sees_each_saved_deal_live(repo):
    async def go():
        main = make_main(lambda: repo)
        a = await Phone(main).start()
        mid = await new_match(a)
        b = await Phone(main, hub=a.hub).start(f"/match/{mid}")
        assert b.route == f"/match/{mid}" and not b.has("deal-1")
        await a.tap("record-deal")
        await a.tap("card-KS")
        await a.tap("save-deal")
        for _ in range(50):
            if b.has("deal-1"):
                break
            await asyncio.sleep(0.02)
        assert b.has("deal-1") and "Team A ahead by 74" in b.text("difference")
        await a.tap("undo-deal")
        for _ in range(50):
            if not b.has("deal-1"):
                break
            await asyncio.sleep(0.02)
        assert not b.has("deal-1")

    run(go())


def test_two_phones_saving_at_once_lose_no_deal(repo):
    async def go():
        main = make_main(lambda: repo)
        a = await Phone(main).start()
        mid = await new_match(a)
        # b opened the entry before a saved, and gets no live update (a separate hub)
        b = await Phone(main, hub=PubSubHub(asyncio.get_running_loop(), None)).start(
            f"/match/{mid}/deal"
        )
        await a.tap("record-deal")
        await a.tap("card-QS")
        await a.tap("save-deal")
        await b.tap("card-KS")
        await b.tap("save-deal")
        # issue 19: b is asked (the two may be one deal entered twice), its entry kept meanwhile
        assert b.route == f"/match/{mid}/deal" and "Deal 1: 88 : 12" in b.text("stale-deal")
        assert "Team B" in b.text("card-KS")
        await b.tap("stale-deal-next")
        assert b.route == f"/match/{mid}"
        assert len(repo.get(mid).match.deals) == 2

    run(go())


def test_settings_change_theme_and_language_on_this_device_only(repo):
    async def go():
        main = make_main(lambda: repo)
        phone = await Phone(main).start("/settings")
        assert phone.route == "/settings"
        await phone.tap("theme-black")
        assert phone.page.bgcolor == "#000000"
        await phone.tap("language-sd")
        assert phone.page.rtl is True
        assert phone.has("native-digits")  # Sindhi has its own digits
        await phone.tap("language-it")
        assert phone.page.rtl is False and not phone.has("native-digits")
        await asyncio.sleep(0.05)  # the preferences are written in a task
        assert phone.storage == {"seep_scorer.theme": "black", "seep_scorer.language": "it"}
        # the same browser opened again keeps them; another phone on the same server does not get
        # them
        again = await Phone(main, storage=phone.storage).start("/settings")
        assert (
            again.page.rtl is False
            and again.find("theme-black").selected
            and again.find("language-it").selected
        )
        other = await Phone(main).start("/settings")
        assert other.find("language-en").selected and other.find("theme-system").selected
        assert repo.get_setting("language") is None

    run(go())


@pytest.mark.parametrize(
    "header, expected",
    [
        ("hi-IN,hi;q=0.9,en-US;q=0.8", "hi"),
        ("de-DE,de;q=0.9", "en"),
        ("de-DE,sd;q=0.5,it;q=0.7", "it"),
        (None, "en"),
        ("sd", "sd"),
    ],
)
def test_the_first_start_follows_the_browser_language(repo, header, expected):
    async def go():
        phone = await Phone(make_main(lambda: repo), accept_language=header).start("/settings")
        assert phone.find(f"language-{expected}").selected
        assert phone.page.rtl is (expected == "sd")
        # a language chosen on this device wins over the browser's
        chosen = await Phone(
            make_main(lambda: repo), storage={"seep_scorer.language": "th"}, accept_language=header
        ).start("/settings")
        assert chosen.find("language-th").selected

    run(go())


def _catalog(root, code, entries):
    po = root / code / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    body = "".join(f'msgid "{k}"\nmsgstr "{v}"\n\n' for k, v in entries.items())
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n' + body,
        encoding="utf-8",
    )


@pytest.fixture
def two_catalogs(tmp_path, monkeypatch):
    """Small Italian and Hindi catalogs (independent of the translators' work in progress)."""
    from seep_scorer.i18n import translate as i18n

    _catalog(
        tmp_path,
        "it",
        {
            "{team} ahead by {points}": "{team} è avanti di {points}",
            "Deal {number}: {score0} : {score1}": "Smazzata {number}: {score0} : {score1}",
        },
    )
    _catalog(
        tmp_path,
        "hi",
        {
            "{team} ahead by {points}": "{team} {points} से आगे",
            "Deal {number}: {score0} : {score1}": "बाज़ी {number}: {score0} : {score1}",
        },
    )
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_cache", {})


def test_each_session_renders_live_updates_in_its_own_language(repo, two_catalogs):
    async def go():
        main = make_main(lambda: repo)
        it = await Phone(main, storage={"seep_scorer.language": "it"}).start()
        mid = await new_match(it)
        hi = await Phone(
            main,
            hub=it.hub,
            storage={"seep_scorer.language": "hi", "seep_scorer.native_digits": True},
        ).start(f"/match/{mid}")
        en = await Phone(main, hub=it.hub).start(f"/match/{mid}")
        await it.tap("record-deal")
        await it.tap("card-KS")
        await it.tap("save-deal")
        assert "Team A è avanti di 74" in it.text("difference")
        for _ in range(100):
            if hi.has("deal-1") and en.has("deal-1"):
                break
            await asyncio.sleep(0.02)
        # rendered by the pubsub callback, which runs in the Italian session's context
        assert "Team A ७४ से आगे" in hi.text("difference"), hi.text("difference")
        assert "बाज़ी १: " in hi.text("deal-1")
        assert "Team A ahead by 74" in en.text("difference")
        assert "Deal 1: 87 : 13" in en.text("deal-1")
        # and a handler in one session afterwards still renders in that session's language
        await hi.tap(
            "undo-deal"
        )  # a handler of the Hindi session (native digits on; no test entry for this text)
        assert hi.text("difference").endswith("०")
        for _ in range(100):
            if not en.has("deal-1"):
                break
            await asyncio.sleep(0.02)
        assert en.text("difference").endswith("0") and "०" not in en.text("difference")
        await it.tap("nav-matches")
        assert it.has(f"match-{mid}")

    run(go())


def test_native_digits_on_the_scoreboard(repo):
    async def go():
        phone = await Phone(make_main(lambda: repo), storage={"seep_scorer.language": "th"}).start()
        mid = await new_match(phone)
        await phone.tap("record-deal")
        await phone.tap("card-KS")
        await phone.tap("save-deal")
        assert "74" in phone.text("difference")
        await phone.tap("nav-settings")
        await phone.tap("digits-native")
        await phone.tap("nav-matches")
        await phone.tap(f"match-{mid}")
        assert "๗๔" in phone.text("difference") and "74" not in phone.text("difference")
        assert "๐ บาซซี" in phone.text("bazzis-0")  # read as one sentence, in Thai digits

    run(go())


def test_unknown_match_route_falls_back_to_the_list(repo):
    async def go():
        phone = await Phone(make_main(lambda: repo)).start("/match/nope")
        assert phone.route == "/" and phone.has("new-match")

    run(go())


def test_a_fresh_start_resumes_the_match_in_progress(repo):
    async def go():
        main = make_main(lambda: repo)
        a = await Phone(main).start()
        mid = await new_match(a)
        b = await Phone(main).start("/")  # the browser was closed and opened again
        assert b.route == f"/match/{mid}"
        await b.tap("nav-matches")
        assert b.route == "/" and b.has(f"match-{mid}")

    run(go())


@pytest.mark.parametrize("k", range(18))
def test_tap_budget_of_a_card_mode_deal(repo, k):
    """Issue 4: at most min(k, 17 - k) + 2 taps (open and save included) plus one per sweep, k =
    point cards the second team took; a new deal from `record-deal` starts with every card on team
    0."""
    from seep_scorer.rules.cards import POINT_CARD_CODES

    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        mid = await new_match(phone)
        wanted = set(POINT_CARD_CODES[:k])
        taps = 0
        if k <= 17 - k:
            await phone.tap("record-deal")
            taps += 1
            assert all("Team A" in phone.text(f"card-{c}") for c in POINT_CARD_CODES)
            to_tap = wanted
        else:
            await phone.tap("record-deal-swapped")
            taps += 1
            assert all("Team B" in phone.text(f"card-{c}") for c in POINT_CARD_CODES)
            to_tap = set(POINT_CARD_CODES) - wanted
        for code in sorted(to_tap):
            await phone.tap(f"card-{code}")
            taps += 1
        await phone.tap("sweep-1-normal-inc")
        taps += 1  # one sweep: one more tap
        await phone.tap("save-deal")
        taps += 1
        assert phone.route == f"/match/{mid}"
        deal = repo.get(mid).match.deals[-1]
        assert deal.cards[1] == wanted and len(deal.sweeps) == 1
        assert taps <= min(k, 17 - k) + 2 + 1

    run(go())


def test_help_marks_open_the_rules_at_their_section_and_back_returns(repo):
    from seep_scorer.i18n.texts import HELP_MARKS

    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        mid = await new_match(phone)
        for ident in ("help-bazzi", "help-dealer"):
            await phone.tap(ident)
            section = HELP_MARKS[ident][0]
            assert phone.route == f"/match/{mid}/rules/{section}" and phone.has(
                f"rules-section-{section}"
            )
            assert phone.page.views[-1].appbar is not None and len(phone.page.views) == 3
            await phone.go_back()
            assert phone.route == f"/match/{mid}"
        await phone.tap("record-deal")
        for ident in ("help-sweeps", "help-scoring"):
            await phone.tap(ident)
            assert phone.route == f"/match/{mid}/deal/rules/scoring"
            await phone.go_back()
            assert phone.route == f"/match/{mid}/deal"
        await phone.tap("nav-matches")
        await phone.tap("new-match")
        await phone.tap("help-presets")
        assert phone.route == "/new/rules/variants"

    run(go())


def test_a_rules_deep_link_opens_the_section(repo):
    async def go():
        phone = await Phone(make_main(lambda: repo)).start("/rules/cemented-houses")
        assert phone.route == "/rules/cemented-houses" and phone.has(
            "rules-section-cemented-houses"
        )
        assert len(phone.page.views) == 2  # back goes to the matches

    run(go())
