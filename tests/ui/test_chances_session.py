"""Layer 3: each side's chance of the next bazzi on the scoreboard, in a real headless session:
never shown until this device's Settings turn it on (kept in its storage), then the chances of
openskill's predict_win on the players' ratings; a finished match shows none."""

from __future__ import annotations

import asyncio

from harness import Phone
from openskill.models import PlackettLuce
from test_stats_viewmodels import pts, put

from seep_scorer.app.history.stats import percent
from seep_scorer.app.shell.app import make_main
from seep_scorer.rules import Match, MatchFormat, Team


def seeded(repo):
    """Asha & Bilal beat Chitra & Dev twice; a third match between them has just begun."""
    for n in (1, 2):
        put(repo, f"p{n}", (("Asha", "Bilal"), ("Chitra", "Dev")), 1, [pts(95, 5)], f"2026-03-0{n}")
    teams = (Team("Reds", ("Asha", "Bilal")), Team("Blues", ("Chitra", "Dev")))
    return repo, repo.create(Match(format=MatchFormat("bazzis", 3), teams=teams)).id


def expected():
    model = PlackettLuce()
    a, b = [model.rating(), model.rating()], [model.rating(), model.rating()]
    for _n in (1, 2):
        a, b = model.rate([a, b])
    return model.predict_win([a, b])


def test_off_by_default_then_the_chances_once_settings_turn_them_on(repo):
    async def go():
        repo_, match_id = seeded(repo)
        phone = await Phone(make_main(lambda: repo_)).start(f"/match/{match_id}")
        app = phone.page.on_route_change.__self__
        assert phone.has("difference") and not phone.has("scoreboard-chances")
        await phone.tap("nav-settings")
        assert phone.find("setting-show-chances").content.value is False
        await phone.toggle("setting-show-chances", True)
        assert phone.storage["seep_scorer.show_chances"] is True
        await app.handler(app.go, f"/match/{match_id}")()
        await phone.settle()
        chance = expected()
        assert phone.text("scoreboard-chances") == (
            f"Chance of winning the next bazzi Reds: {percent(chance[0])} "
            f"Blues: {percent(chance[1])}"
        )
        assert percent(chance[0]) != "50%"
        await phone.tap("nav-settings")
        await phone.toggle("setting-show-chances", False)
        await app.handler(app.go, f"/match/{match_id}")()
        await phone.settle()
        assert phone.has("difference") and not phone.has("scoreboard-chances")

    asyncio.run(go())


def test_the_setting_is_this_devices_own_and_a_finished_match_shows_none(repo):
    async def go():
        repo_, _id = seeded(repo)
        storage = {"seep_scorer.show_chances": True}
        phone = await Phone(make_main(lambda: repo_), storage=storage).start("/match/p1")
        await phone.settle()
        assert phone.has("match-result") and not phone.has("scoreboard-chances")
        other = await Phone(make_main(lambda: repo_)).start(f"/match/{_id}")
        await other.settle()
        assert not other.has("scoreboard-chances")  # another phone that never turned it on
        mine = await Phone(make_main(lambda: repo_), storage=storage).start(f"/match/{_id}")
        await mine.settle()
        assert mine.has("scoreboard-chances")

    asyncio.run(go())
