"""Issue 11, item 7: changing a rule parameter makes the preset Custom and keeps every value; each
preset shows only the parameters that apply to it; an empty minimum says "off"."""

import asyncio

from harness import Phone

from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.rules import PRESETS, make_rules


def test_changing_a_parameter_switches_to_custom_and_keeps_the_values(repo):
    vm = NewMatchVM(repo)
    vm.set_preset("race500")
    vm.set_param_text("most_cards_bonus", "6")
    assert vm.preset == "custom"
    assert (vm.match_type, vm.match_count) == ("target", 500)
    rules = vm.rules()
    race = PRESETS["race500"]
    assert rules.most_cards_bonus == 6 and rules.scoring == "cumulative"
    assert dict(rules.card_values) == dict(race.card_values)
    assert (rules.sweep_normal, rules.minimum, rules.most_cards_tie_bonus) == (0, None, 2)
    m = repo.get(vm.start()).match
    assert m.rules.preset == "custom" and m.rules.most_cards_bonus == 6 and m.format.count == 500


def test_a_switch_or_chip_also_switches_to_custom_but_the_same_value_does_not(repo):
    vm = NewMatchVM(repo)
    vm.set_param_text("sweep_normal", "50")  # unchanged
    assert vm.preset == "standard"
    vm.set_param("minimum_counts_sweeps", False)
    assert vm.preset == "custom" and vm.rules().minimum_counts_sweeps is False
    assert vm.rules().sweep_normal == 50 and vm.rules().minimum == 9
    vm.set_preset("standard")
    assert vm.preset == "standard" and vm.params["minimum_counts_sweeps"] is True


def test_each_preset_shows_only_its_parameters(repo):
    vm = NewMatchVM(repo)
    assert "lead_target" in vm.shown_params() and "minimum" in vm.shown_params()
    assert "most_cards_bonus" not in vm.shown_params()
    vm.set_preset("race500")
    shown = vm.shown_params()
    assert (
        "lead_target" not in shown
        and "minimum" not in shown
        and "minimum_counts_sweeps" not in shown
    )
    assert {"ten_of_diamonds", "most_cards_bonus", "most_cards_tie_bonus"} <= set(shown)
    vm.set_preset("custom")
    assert {"most_cards_bonus", "lead_target", "minimum", "sweep_last"} <= set(vm.shown_params())
    vm.set_param_text("minimum", "")
    assert "minimum_counts_sweeps" not in vm.shown_params()  # no minimum: nothing to count towards
    assert make_rules("custom", vm.overrides()).minimum is None


def test_a_change_keeps_the_fields_in_place_until_the_scoring_changes(repo):
    """Typing in race to 500's most-cards bonus makes it Custom; no field appears above the one
    being typed in (Flutter would hand its focus to whichever field then stands there)."""
    vm = NewMatchVM(repo)
    vm.set_preset("race500")
    before = vm.shown_params()
    vm.set_param_text("most_cards_bonus", "6")
    assert vm.preset == "custom" and vm.shown_params() == before
    vm.set_param("scoring", "ledger")
    assert {"lead_target", "minimum", "sweep_normal", "most_cards_bonus"} <= set(vm.shown_params())


def test_the_screen_follows_the_preset_and_says_off_for_an_empty_minimum(repo):
    async def go():
        phone = await Phone(make_main(lambda: repo)).start("/new")
        await phone.tap("rule-details")
        assert phone.has("param-lead_target") and phone.has("param-minimum")
        assert not phone.has("param-most_cards_bonus")
        await phone.tap("rules-preset-race500")
        assert not phone.has("param-lead_target") and not phone.has("param-minimum")
        assert phone.has("param-most_cards_bonus")
        await phone.type("param-ten_of_diamonds", "3")
        assert (
            phone.find("rules-preset-custom").selected
            and not phone.find("rules-preset-race500").selected
        )
        assert not phone.has("param-sweep_normal")  # nothing appears above the field being typed in
        assert phone.find("param-ten_of_diamonds").content.value == "3"
        assert phone.find("param-most_cards_bonus").content.value == "4"  # kept from race to 500
        await phone.tap("param-scoring-ledger")
        await phone.type("param-minimum", "")
        assert phone.find("param-minimum").content.helper_text == "Off: no minimum"
        assert not phone.has("param-minimum_counts_sweeps")
        await phone.type("param-minimum", "9")
        assert not phone.find("param-minimum").content.helper_text

    asyncio.run(go())


def test_the_first_dealer_chips_say_what_they_do(repo):
    async def go():
        phone = await Phone(make_main(lambda: repo)).start("/new")
        await phone.type("player-name-2", "Chitra")
        chip = phone.find("first-dealer-2").content.content
        assert chip.value == "Chitra" and chip.semantics_label == "Chitra deals first"
        assert (
            phone.find("first-dealer-random").content.content.semantics_label
            == "A random player deals first"
        )

    asyncio.run(go())
