"""Issue 19, item 12 in headless Chromium against the real server: the new-match fields start empty
with their defaults as hints, so keys typed into one are the name (not "Player 2" followed by them);
a team chosen from those used before brings its two players; the second record button says what it
does in the words it shows."""

from __future__ import annotations

from e2e_support import (
    Server,
    open_app,
    sel,
    stored,
    tap,
    text,
    type_keys,
    wait_present,
    wait_text,
    wait_until,
)

from seep_scorer.rules import Deal, Match, Team


def test_hints_a_team_with_its_players_and_the_second_record_button(chromium, tmp_path):
    data = tmp_path / "data"
    stored(
        data,
        Match(
            teams=(Team("Blues", ("Bilal", "Dev")), Team("Reds", ("Asha", "Chitra"))),
            deals=(Deal(points=(60, 40)),),
        ),
    )
    srv = Server(data).start()
    ctx = chromium.new_context(viewport={"width": 412, "height": 915})
    try:
        page = ctx.new_page()
        open_app(page, srv.url + "new")
        wait_present(page, "start-match")
        field = page.locator(f"{sel('player-name-1')} input").first
        # an empty field is named by its default (a screen reader says "Player 2") and holds nothing
        assert field.get_attribute("aria-label") == "Player 2" and field.input_value() == ""
        type_keys(page, "player-name-1", "Kiran")  # real keys, where the cursor is: no deleting
        # typed in, it keeps that name as its label (issue 33: it became "Seat 2"), once Flutter's
        # semantics have caught up with the keys (the input's label is briefly absent meanwhile)
        labelled = "([s, v]) => document.querySelector(s)?.getAttribute('aria-label') === v"
        wait_until(page, labelled, [f"{sel('player-name-1')} input", "Player 2"], timeout=10_000)
        type_keys(page, "team-name-0", "re")
        tap(page, "name-suggestion-1")
        # the Reds' players in their seats: the dealer chips name them
        wait_text(page, "first-dealer", "Chitra")
        chips = text(page, "first-dealer")  # "Asha deals first Kiran deals first ..."
        order = [chips.index(name) for name in ("Asha", "Kiran", "Chitra", "Player 4")]
        assert order == sorted(order)
        tap(page, "start-match")
        wait_present(page, "record-deal")
        assert text(page, "record-deal-swapped") == "Record deal, cards to Team B"
        assert "Asha deals next; Kiran bids" in text(page, "next-dealer")
    finally:
        ctx.close()
        srv.stop()
