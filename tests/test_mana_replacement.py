"""Replacement effects on mana production, whatever ability carries them: reading the wording
(static, spell, activated and triggered abilities) and applying it in could_produce, available_mana and cast.

Expected values come from the rules named in each test (CR 106.1, 106.7, 106.12b, 611.2a, 614.1a, 616.1) and the
cards' oracle wording, never from running the engine.
"""
from __future__ import annotations

import textwrap

import pytest

from mtgcheck.models.data.catalog import load_catalog
from mtgcheck.models.vocab.topics import VocabularyError
from mtgcheck.models.vocab.registry import build_effect
from mtgcheck.models.data.scenario import load_scenarios
from mtgcheck.models.game.state import Effect
from mtgcheck.models.text.mana_replacement import parse_mana_replacement, parse_upkeep_choice_replacement
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.solver.rules.mana.produce import could_produce
from mtgcheck.solver.questions.runner import ERROR, PASS, UNSUPPORTED, run_scenario
from mtgcheck.solver.rules.mana.pools import available_mana
from tests.boards import board
from mtgcheck.models.vocab.mana_effects import ManaReplacement

CAT = load_catalog()


def types_of(state, name, controller="Alice"):
    res = could_produce(state)
    pid = next(p.id for p in state.battlefield if p.name == name and p.controller == controller)
    return "".join(t for t in "WUBRGC" if t in res.types[pid])


def run(tmp_path, db, text):
    p = tmp_path / "s.yaml"
    p.write_text("players: [Alice, Bob]\nsource: test\n" + textwrap.dedent(text), encoding="utf-8")
    (sc,) = load_scenarios(p)
    return run_scenario(sc, db)


# ---- reading the wording ---------------------------------------------------------------------------------------


def test_instead_of_any_other_color_replaces_only_the_colours_cr_106_1a_b():
    """Hall of Gemstone's wording: "instead of any other color" replaces the five colours; colorless mana is a
    type but not a colour (CR 106.1a-b), so it is not replaced. The chosen colour lasts until end of turn."""
    p = parse_upkeep_choice_replacement(
        "At the beginning of each player's upkeep, that player chooses a color. Until end of turn, lands tapped "
        "for mana produce mana of the chosen color instead of any other color.")
    assert p["to_type"] == "chosen_color" and p["replaces"] == ["W", "U", "B", "R", "G"]
    assert p["duration"] == "end_of_turn" and p["applies"] == {"what": "land", "controller": "any"}


def test_instead_of_any_other_type_keeps_the_amount_and_type_and_amount_replaces_it_cr_106_12b():
    """CR 106.12b: "instead of any other type" changes the type only (Ritual of Subdual); "instead of any other
    type and amount" the amount too (Contamination; Harvest Mage's "one mana of a color of your choice")."""
    p = parse_mana_replacement("If a land is tapped for mana, it produces colorless mana instead of any other type.")
    assert p["to_type"] == "C" and "mana" not in p and "amount" not in p
    p = parse_mana_replacement("If a land is tapped for mana, it produces {B} instead of any other type and amount.")
    assert p["mana"] == "{B}" and "to_type" not in p
    p = parse_mana_replacement("Until end of turn, if you tap a land for mana, it produces one mana of a color of your "
                               "choice instead of any other type and amount.")
    assert (p["to_type"], p["amount"], p["duration"]) == ("any_color", 1, "end_of_turn")
    assert p["applies"]["controller"] == "you"


def test_damping_sphere_two_or_more_mana_is_a_minimum_amount_cr_106_12b():
    """Damping Sphere: "tapped for two or more mana" applies only to such an event (CR 106.12b: "a specific
    ... amount")."""
    p = parse_mana_replacement("If a land is tapped for two or more mana, it produces {C} instead of any other type and amount.")
    assert p["applies"]["min_amount"] == 2 and p["mana"] == "{C}"


def test_reality_twist_table_maps_each_basic_land_type_cr_305_6():
    """Reality Twist's wording maps four basic land types (CR 305.6) to a type of mana; Islands are not named."""
    p = parse_mana_replacement("If tapped for mana, Plains produce {R}, Swamps produce {G}, Mountains produce {W}, "
                               "and Forests produce {B} instead of any other type.")
    assert p["by_subtype"] == {"Plains": "R", "Swamp": "G", "Mountain": "W", "Forest": "B"}


def test_target_plains_and_instead_of_white_mana_quarum_trench_gnomes():
    """Quarum Trench Gnomes: the effect watches only its target, and replaces only white mana."""
    p = parse_mana_replacement("If target Plains is tapped for mana, it produces colorless mana instead of white mana.")
    assert p["targeted"] is True and p["replaces"] == ["W"] and p["to_type"] == "C"
    assert p["applies"]["what"] == "plains"


def test_wording_not_understood_is_not_guessed():
    """An output or object the reader does not know raises (the sentence then stays unmodelled, never guessed)."""
    for text in ("If a land is tapped for mana, it produces two mana of any one color instead of any other type.",
                 "If a player taps a Mountain for mana, it produces {R}{R} instead of any other type and amount."):
        with pytest.raises(ValueError):
            parse_mana_replacement(text)


def test_bad_vocabulary_is_an_error():
    """A catalog model with an unknown ``to_type`` or land type names the problem (VocabularyError)."""
    with pytest.raises(VocabularyError, match="to_type"):
        build_effect("mana_replacement", {"applies": {"what": "land"}, "to_type": "purple"})
    with pytest.raises(VocabularyError, match="basic land type"):
        build_effect("mana_replacement", {"applies": {"what": "land"}, "by_subtype": {"Desert": "R"}})


CARDS = ("Hall of Gemstone", "Reality Twist", "Naked Singularity", "Ritual of Subdual", "Harvest Mage",
         "Quarum Trench Gnomes", "Nyxbloom Ancient", "Contamination", "Infernal Darkness", "Damping Sphere",
         "Mana Reflection", "Pulse of Llanowar", "Pale Moon", "Deep Water")


@pytest.mark.parametrize("name", CARDS)
def test_oracle_text_reads_as_the_catalog_model(real_db, name):
    """The real oracle text of each card of the class reads as the same replacement effect as its hand-written
    catalog model (CR 614.1a), so the answers do not depend on which one a database carries."""
    card = real_db.get(name)
    parsed = [a for a in parse_abilities(card) if isinstance(a.effect, ManaReplacement)]
    model = [a for a in CAT[name].abilities if isinstance(a.effect, ManaReplacement)]
    assert len(parsed) == 1 and len(model) == 1, (parsed, model)
    assert parsed[0].kind == model[0].kind
    # the typed effects compare by their fields (a filter's wording is not compared, ``Filter.words``)
    assert parsed[0].effect == model[0].effect


# ---- applying it -----------------------------------------------------------------------------------------------


def _hall(color):
    s = board(["Forest", "Wastes", "Hall of Gemstone"])
    s.battlefield[2].choices["color"] = color
    return s


def test_hall_of_gemstone_chosen_colour_keeps_colorless_cr_106_1b():
    """Hall of Gemstone (blue chosen): a Forest could produce only {U}; a Wastes keeps {C} (colorless is not a
    colour, CR 106.1a-b); the maximal pool is {U}{C} (CR 106.12b)."""
    s = _hall("U")
    assert types_of(s, "Forest") == "U" and types_of(s, "Wastes") == "C"
    assert available_mana(s, "Alice")[0] == ["{U}{C}"]


def test_hall_of_gemstone_color_none_is_no_effect_and_a_missing_colour_is_unsupported():
    """CR 603.2, 611.2a: with its upkeep trigger not resolved this turn (color none) the Hall changes nothing;
    with no colour given the answer is not known, so unsupported naming the card (never a guess)."""
    from mtgcheck.solver.questions.registry import QuestionError, Unsupported

    assert types_of(_hall("none"), "Forest") == "G"
    s = board(["Forest", "Hall of Gemstone"])
    with pytest.raises(Unsupported, match="Hall of Gemstone"):
        could_produce(s)
    with pytest.raises(QuestionError, match="CR 105.4"):
        could_produce(_hall("colorless"))


def test_resolved_hall_trigger_lasts_after_the_hall_leaves_cr_611_2a():
    """CR 611.2a: the continuous effect of the resolved upkeep trigger lasts until end of turn, wherever the Hall is."""
    s = board(["Forest"])
    s.effects.append(Effect(CAT["Hall of Gemstone"], "Bob", None, choices={"color": "black"}))
    assert types_of(s, "Forest") == "B"


def test_naked_singularity_on_a_land_with_two_types_gives_either_cr_616_1():
    """CR 616.1 and 106.7 ("in any possible order"): Tropical Island is a Forest and an Island, so under Naked
    Singularity it could produce {B} (Forests) or {G} (Islands); a Wastes has no basic land type and keeps {C}."""
    s = board(["Tropical Island", "Wastes", "Naked Singularity"])
    assert types_of(s, "Tropical Island") == "BG" and types_of(s, "Wastes") == "C"


def test_reality_twist_pool():
    """Reality Twist: Forests produce {B}, Islands are not named (CR 614.1a); two Forests and an Island make
    {U}{B}{B}."""
    s = board(["Forest", "Forest", "Island", "Reality Twist"])
    assert available_mana(s, "Alice")[0] == ["{U}{B}{B}"]


def test_quarum_trench_gnomes_needs_its_target_and_changes_only_white(tmp_path):
    """Quarum Trench Gnomes: its resolved effect watches its target only and replaces only white mana; a
    Tropical Island target is not a Plains. Without targets the answer is unsupported (never all Plains)."""
    from mtgcheck.solver.questions.registry import Unsupported

    s = board(["Plains", "Plains"], ids="p")
    s.effects.append(Effect(CAT["Quarum Trench Gnomes"], "Bob", 1, targets=["p1"]))
    assert available_mana(s, "Alice")[0] == ["{W}{C}"]
    s = board(["Plains"])
    s.effects.append(Effect(CAT["Quarum Trench Gnomes"], "Bob", 1))
    with pytest.raises(Unsupported, match="targets"):
        could_produce(s)


def test_harvest_mage_one_mana_of_any_colour_from_a_two_mana_land():
    """Harvest Mage: "one mana of a color of your choice instead of any other type and amount": Eldrazi Temple's
    {C}{C} becomes one mana of any colour (CR 106.12b)."""
    s = board(["Eldrazi Temple"])
    s.effects.append(Effect(CAT["Harvest Mage"], "Alice", 1))
    assert types_of(s, "Eldrazi Temple") == "WUBRG"
    assert all(len(p.strip("{}").split("}{")) == 1 for p in available_mana(s, "Alice")[0])


def test_nyxbloom_and_contamination_order_decides_the_amount_cr_616_1():
    """CR 616.1; Mana Reflection ruling 2008-05-01 (same kind): Contamination then Nyxbloom Ancient gives {B}{B}{B},
    the reverse {B}; the maximal pool is {B}{B}{B}."""
    s = board(["Forest", "Nyxbloom Ancient", "Contamination"])
    assert available_mana(s, "Alice")[0] == ["{B}{B}{B}"]


# ---- on the real card data: the named cards answer, the unmodelled kin are unsupported ---------------------


def test_real_cards_answer(tmp_path, real_db):
    """With the real oracle text (no catalog model needed), Hall of Gemstone and Naked Singularity answer."""
    res = run(tmp_path, real_db, """
        battlefield: {Alice: [Forest, Island, {card: Hall of Gemstone, choices: {color: G}}]}
        ask: {available_mana: Alice}
        expect: {pools: ["{G}{G}"]}
    """)
    assert res.verdict == PASS, res.message


@pytest.mark.parametrize("card, sentence", [
    ("Chaos Moon", "count the number of permanents"),
    ("False Dawn", "would add colored mana"),
])
def test_unmodelled_kin_are_unsupported_naming_the_sentence(tmp_path, real_db, card, sentence):
    """Chaos Moon's upkeep parity and False Dawn's two-sentence line are not modelled: the mana questions are
    unsupported naming the card and the sentence, never answered as if the text were absent."""
    where = ("battlefield: {Alice: [Mountain, Chaos Moon]}" if card == "Chaos Moon"
             else "battlefield: {Alice: [Mountain]}\neffects: [{card: False Dawn, controller: Alice}]")
    res = run(tmp_path, real_db, where + "\nask: {could_produce: Mountain}\nexpect: [R]\n")
    assert res.verdict in (UNSUPPORTED, ERROR) and res.verdict != PASS
    assert res.verdict == UNSUPPORTED, res.message
    assert card in res.message and sentence in res.message
