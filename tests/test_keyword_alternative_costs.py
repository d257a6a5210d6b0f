"""Keyword alternative costs the cast question reads with what they add to the spell: mutate's target (CR 702.140a),
awaken's target (702.113a), web-slinging's returned tapped creature (702.188a), and the combat damage this turn that
prowl and freerunning need (702.76a, 702.173a; the turn history's ``combat_damage``). Real cards (32k-card file;
skipped without it); the expected answers are the rules'.
"""
from __future__ import annotations

import pytest

from mtgcheck.models.data.scenario import ScenarioError
from tests.scenario_text import run, state_of


def _cast(tmp_path, db, board: str, ask: str, turn: str = ""):
    return run(tmp_path, db, f"players: [Alice, Bob]\nactive: Alice\n{turn}\n{board}\nask: {{cast: {ask}}}\n")


# --- mutate (CR 702.140a) -----------------------------------------------------------------------------------------

def test_mutate_onto_a_non_human_creature_you_own_pays_the_mutate_cost(tmp_path, real_db):
    """CR 702.140a, 118.9: Gemrazer's mutate {1}{G}{G} rather than its mana cost {3}{G}; three Forests pay it, with
    Grizzly Bears (a Bear) as the target."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Grizzly Bears, Forest, Forest, Forest]\n"
                                 "hand:\n  Alice: [Gemrazer]", "{card: Gemrazer}")
    v = r.answer.values
    assert v["castable"] is True and v["using"] == "mutate" and v["total_cost"] == "{1}{G}{G}"


@pytest.mark.parametrize("board, why", [
    ("  Alice: [Elite Vanguard, Forest, Forest, Forest]\n", "Human"),                 # a Human is not a legal target
    ("  Alice: [Forest, Forest, Forest]\n  Bob: [Grizzly Bears]\n", "owned by Bob"),  # not the same owner
    ("  Alice: [{card: Grizzly Bears, owner: Bob}, Forest, Forest, Forest]\n", "owned by Bob"),  # controlled, not owned
    ("  Alice: [Forest, Forest, Forest]\n", "no creature"),
])
def test_mutate_without_a_non_human_creature_of_the_same_owner_has_no_legal_target(tmp_path, real_db, board, why):
    """CR 702.140a, 601.2c: a mutating creature spell targets a non-Human creature with the same owner as the spell;
    with none, the mutate cost cannot be chosen (reason: no legal target)."""
    r = _cast(tmp_path, real_db, "battlefield:\n" + board + "hand:\n  Alice: [Gemrazer]",
              "{card: Gemrazer, using: mutate}")
    v = r.answer.values
    assert v["castable"] is False and v["reason_code"] == "no_legal_target"
    assert "702.140a" in v["reason"] and why in v["reason"]


def test_mutate_cannot_target_a_creature_with_shroud(tmp_path, real_db):
    """CR 702.18a, 702.140a: Blastoderm (shroud) can't be the target of the mutating spell."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Blastoderm, Forest, Forest, Forest]\n"
                                 "hand:\n  Alice: [Gemrazer]", "{card: Gemrazer, using: mutate}")
    assert r.answer.values["castable"] is False and r.answer.values["reason_code"] == "no_legal_target"


# --- awaken (CR 702.113a) -----------------------------------------------------------------------------------------

def test_awaken_pays_its_cost_with_a_land_you_control_as_the_added_target(tmp_path, real_db):
    """CR 702.113a: Coastal Discovery for its awaken cost {5}{U}; six Islands pay it and are lands Alice controls."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Island, Island, Island, Island, Island, Island]\n"
                                 "hand:\n  Alice: [Coastal Discovery]", "{card: Coastal Discovery, using: awaken}")
    v = r.answer.values
    assert v["castable"] is True and v["total_cost"] == "{5}{U}" and v["using"] == "awaken"


def test_awaken_without_a_land_you_control_has_no_legal_target(tmp_path, real_db):
    """CR 702.113a, 601.2c: with only Gilded Lotuses (no land) Alice cannot choose the awaken target, though the mana
    is there; cast for its mana cost {3}{U} it needs no land and is castable."""
    board = "battlefield:\n  Alice: [Gilded Lotus, Gilded Lotus]\n  Bob: [Island]\nhand:\n  Alice: [Coastal Discovery]"
    r = _cast(tmp_path, real_db, board, "{card: Coastal Discovery, using: awaken}")
    assert r.answer.values["castable"] is False and r.answer.values["reason_code"] == "no_legal_target"
    r = _cast(tmp_path, real_db, board, "{card: Coastal Discovery}")
    assert r.answer.values["castable"] is True and r.answer.values["using"] == "mana cost"


# --- web-slinging (CR 702.188a) -----------------------------------------------------------------------------------

def test_web_slinging_returns_a_tapped_creature(tmp_path, real_db):
    """CR 702.188a: Spider-Man, Web-Slinger for {W} and a tapped Grizzly Bears returned to its owner's hand."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Plains, {card: Grizzly Bears, tapped: true}]\n"
                                 "hand:\n  Alice: [\"Spider-Man, Web-Slinger\"]", "{card: \"Spider-Man, Web-Slinger\"}")
    v = r.answer.values
    assert v["castable"] is True and v["using"] == "web-slinging" and v["total_cost"] == "{W}"
    assert any("return Grizzly Bears" in line for line in r.answer.explanation)


def test_web_slinging_needs_a_tapped_creature(tmp_path, real_db):
    """CR 702.188a, 118.3: an untapped Grizzly Bears (no mana ability to tap it while casting, 601.2g) is no tapped
    creature to return: not castable, neither for {2}{W} with one Plains."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Plains, Grizzly Bears]\n"
                                 "hand:\n  Alice: [\"Spider-Man, Web-Slinger\"]",
              "{card: \"Spider-Man, Web-Slinger\", using: web-slinging}")
    v = r.answer.values
    assert v["castable"] is False and v["reason_code"] == "cost_part" and "702.188a" in v["reason"]


def test_web_slinging_may_return_a_creature_tapped_for_mana_while_casting(tmp_path, real_db):
    """CR 601.2g-h, 702.188a: mana abilities are activated before costs are paid, so Llanowar Elves tapped for mana
    is then a tapped creature to return."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Plains, Llanowar Elves]\n"
                                 "hand:\n  Alice: [\"Spider-Man, Web-Slinger\"]",
              "{card: \"Spider-Man, Web-Slinger\", using: web-slinging}")
    assert r.answer.values["castable"] is True


# --- prowl (CR 702.76a) and freerunning (702.173a) ----------------------------------------------------------------

_LATCHKEY = "battlefield:\n  Alice: [Island, Island, Island]\nhand:\n  Alice: [Latchkey Faerie]"


def test_prowl_after_combat_damage_by_a_creature_of_a_shared_type(tmp_path, real_db):
    """CR 702.76a: Faerie Miscreant (a Faerie) dealt combat damage to a player: Latchkey Faerie (Faerie Rogue) costs
    its prowl cost {2}{U}, which three Islands pay."""
    r = _cast(tmp_path, real_db, _LATCHKEY, "{card: Latchkey Faerie}",
              "turn: {step: postcombat_main, history: {combat_damage: {Alice: [Faerie Miscreant]}}}")
    v = r.answer.values
    assert v["castable"] is True and v["using"] == "prowl" and v["total_cost"] == "{2}{U}"


@pytest.mark.parametrize("fact", ["{Alice: [Grizzly Bears]}", "{Bob: [Faerie Miscreant]}", "{}"])
def test_prowl_without_such_damage_is_not_castable_for_its_prowl_cost(tmp_path, real_db, fact):
    """CR 702.76a: a Bear of Alice's, or Bob's Faerie, or no source: the prowl condition does not hold."""
    r = _cast(tmp_path, real_db, _LATCHKEY, "{card: Latchkey Faerie, using: prowl}",
              f"turn: {{step: postcombat_main, history: {{combat_damage: {fact}}}}}")
    v = r.answer.values
    assert v["castable"] is False and v["reason_code"] == "alternative_condition" and "702.76a" in v["reason"]


def test_prowl_reads_the_types_the_source_had_as_it_dealt_damage(tmp_path, real_db):
    """CR 702.76a ("at the time it dealt that damage"): a Grizzly Bears that was a Rogue then counts."""
    r = _cast(tmp_path, real_db, _LATCHKEY, "{card: Latchkey Faerie, using: prowl}",
              "turn: {step: postcombat_main, history: {combat_damage: {Alice: [{card: Grizzly Bears, types: [Rogue]}]}}}")
    assert r.answer.values["castable"] is True


def test_prowl_without_the_fact_of_the_turn_is_unsupported_naming_it(tmp_path, real_db):
    """Never a silent "no": three Islands do not pay {3}{U}, and whether the prowl cost may be paid needs which
    sources dealt combat damage this turn, which the default turn does not say."""
    r = _cast(tmp_path, real_db, _LATCHKEY, "{card: Latchkey Faerie}")
    assert r.verdict == "unsupported" and "combat_damage" in r.message


def test_prowl_is_not_needed_when_the_mana_cost_is_castable(tmp_path, real_db):
    """CR 118.9, 601.2b: Earwig Squad for its mana cost {3}{B}{B} with five Swamps; the prowl fact is not needed."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Swamp, Swamp, Swamp, Swamp, Swamp]\n"
                                 "hand:\n  Alice: [Earwig Squad]", "{card: Earwig Squad}")
    assert r.answer.values["castable"] is True and r.answer.values["using"] == "mana cost"


def test_no_combat_damage_before_the_first_combat(tmp_path, real_db):
    """CR 500.1, 505.1a, 510.1: in the precombat main phase no combat damage has been dealt this turn, so
    freerunning's condition does not hold (Achilles Davenport, freerunning {U}{B})."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Island, Swamp]\nhand:\n  Alice: [Achilles Davenport]",
              "{card: Achilles Davenport}", "turn: {step: precombat_main}")
    v = r.answer.values
    assert v["castable"] is False and "702.173a" in v["reason"]


@pytest.mark.parametrize("source, castable", [
    ("{card: Grizzly Bears, commander: true}", True),   # a commander (CR 702.173a, 903.3)
    ("{card: Grizzly Bears, types: [Assassin]}", True),  # an Assassin creature then
    ("Grizzly Bears", False),
])
def test_freerunning_after_combat_damage_by_an_assassin_or_a_commander(tmp_path, real_db, source, castable):
    """CR 702.173a: freerunning {U}{B} needs combat damage to a player this turn by an Assassin creature or a
    commander the caster controlled."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Island, Swamp]\nhand:\n  Alice: [Achilles Davenport]",
              "{card: Achilles Davenport}",
              f"turn: {{step: postcombat_main, history: {{combat_damage: {{Alice: [{source}]}}}}}}")
    assert r.answer.values["castable"] is castable


def test_combat_damage_before_any_combat_is_an_impossible_state(tmp_path, real_db):
    """CR 500.1, 505.1a: combat damage listed in the precombat main phase is an error naming the line."""
    with pytest.raises(ScenarioError, match="no combat has happened"):
        state_of(tmp_path, real_db, "players: [Alice, Bob]\nturn: {step: precombat_main, history: "
                                    "{combat_damage: {Alice: [Grizzly Bears]}}}\nask: {available_mana: Alice}\n")


# --- suspend (CR 702.62a) and madness (702.35a): ways that are not casting from the hand --------------------------

@pytest.mark.parametrize("card, lands", [
    # suspending is a special action (CR 116.2f, 702.62a), not casting: the card is cast for its mana cost
    ("Aeon Chronicler", "Island, Island, Island, Island, Island"),
    ("Rift Bolt", "Mountain, Mountain, Mountain"),
    # madness casts it from exile as it is discarded (CR 702.35a): from the hand, its mana cost
    ("Shadowgrange Archfiend", "Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp"),
])
def test_suspend_and_madness_cards_are_cast_from_the_hand_for_their_mana_cost(tmp_path, real_db, card, lands):
    """CR 702.62a, 116.2f, 702.35a: neither keyword changes whether the card can be cast from its owner's hand."""
    r = _cast(tmp_path, real_db, f"battlefield:\n  Alice: [{lands}]\nhand:\n  Alice: [{card}]", f"{{card: {card}}}")
    assert r.verdict != "unsupported", r.message
    assert r.answer.values["castable"] is True and r.answer.values["using"] == "mana cost"


@pytest.mark.parametrize("line", ["Suspend X—{X}{3}{U}. X can't be 0.", "Suspend 4—{1}{U}", "Awaken 4—{5}{U}",
                                  "Madness—{2}{B}, Pay 8 life"])
def test_the_keyword_readings_print_back_to_their_line(line):
    """The typed readings of suspend (CR 702.62a: time counters, X at least 1), awaken (702.113a) and madness with a
    non-mana part (702.35a) print back to their wording (models.text.render)."""
    from mtgcheck.models.game.cards import card_from_fields
    from mtgcheck.models.vocab.behaviour import abilities_of
    from mtgcheck.models.vocab.keyword_effects import Keyword
    from mtgcheck.models.text.roundtrip import reading

    kw = line.split("—")[0].split()[0]
    card = card_from_fields({"name": "Probe", "mana_cost": "{3}{U}", "type_line": "Sorcery", "oracle_text": line,
                             "keywords": [kw]})
    (a,) = abilities_of(card)
    assert isinstance(a.effect, Keyword) and a.effect.detail is None  # typed, not refused by the round trip
    assert reading(a, ("Probe",))[0]


# --- more than meets the eye (CR 702.162a, 712.8c, 712.11a) -------------------------------------------------------

_GOLDBUG = "Goldbug, Humanity's Ally // Goldbug, Scrappy Scout"


def test_more_than_meets_the_eye_casts_the_back_face_with_the_front_faces_mana_value(tmp_path, real_db):
    """CR 702.162a, 712.8c: Goldbug cast converted for {W}{U}; the spell is Goldbug, Scrappy Scout, and its mana value
    is its front face's mana cost {1}{W}{U}: 3."""
    r = _cast(tmp_path, real_db, f"battlefield:\n  Alice: [Plains, Island]\nhand:\n  Alice: [\"{_GOLDBUG}\"]",
              f"{{card: \"{_GOLDBUG}\"}}")
    v = r.answer.values
    assert v["castable"] is True and v["using"] == "more than meets the eye" and v["total_cost"] == "{W}{U}"
    assert v["mana_value"] == 3


def test_a_converted_spell_has_its_back_faces_types_for_cost_changes(tmp_path, real_db):
    """CR 712.8c: cast converted, Goldbug is Goldbug, Scrappy Scout, a noncreature artifact (Vehicle) spell, so
    Thalia, Guardian of Thraben's "Noncreature spells cost {1} more" applies: {1}{W}{U}, which a Plains and an
    Island cannot pay."""
    r = _cast(tmp_path, real_db, f"battlefield:\n  Alice: [Plains, Island]\n  Bob: [\"Thalia, Guardian of Thraben\"]\n"
                                 f"hand:\n  Alice: [\"{_GOLDBUG}\"]",
              f"{{card: \"{_GOLDBUG}\", using: more than meets the eye}}")
    v = r.answer.values
    assert v["castable"] is False and v["total_cost"] == "{1}{W}{U}" and v["reason_code"] == "not_enough_mana"


# --- assist (CR 702.132a) -----------------------------------------------------------------------------------------

_BINOX = "hand:\n  Alice: [Charging Binox]"


def test_assist_castable_answers_for_the_casters_own_mana(tmp_path, real_db):
    """CR 702.132a: Charging Binox ({7}{G}) with eight Forests: Alice pays it alone."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest]\n"
              + _BINOX, "{card: Charging Binox}")
    assert r.answer.values["castable"] is True and "assist" not in r.answer.values


@pytest.mark.parametrize("bob, helps", [
    ("Swamp, Swamp, Swamp, Swamp, Swamp, Swamp", 6),  # Bob pays {6}, Alice {1}{G} with two Forests
    ("Swamp, Swamp, Swamp, Swamp, Swamp", None),      # {5} from Bob leaves {2}{G}: two Forests are not enough
])
def test_assist_says_what_another_player_could_pay(tmp_path, real_db, bob, helps):
    """CR 702.132a: another player may pay generic mana of the total cost, by their choice: castable stays Alice's
    own answer (no), and ``assist`` gives the least generic mana Bob would have to pay (or none that works)."""
    r = _cast(tmp_path, real_db, f"battlefield:\n  Alice: [Forest, Forest]\n  Bob: [{bob}]\n" + _BINOX,
              "{card: Charging Binox}")
    v = r.answer.values
    assert v["castable"] is False and v["assist"] == {"Bob": helps} and "702.132a" in v["reason"]


# --- spree (CR 702.172a) ------------------------------------------------------------------------------------------

_SCHEME = "hand:\n  Alice: [Jailbreak Scheme]"


def test_spree_is_castable_when_one_mode_with_its_cost_and_targets_is(tmp_path, real_db):
    """CR 702.172a, 601.2c: Jailbreak Scheme {U}; mode 1 (+{3}, target creature), mode 2 (+{2}, target artifact or
    creature). Three Islands and Bob's Grizzly Bears: mode 2 alone, {2}{U}."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Island, Island, Island]\n  Bob: [Grizzly Bears]\n" + _SCHEME,
              "{card: Jailbreak Scheme}")
    v = r.answer.values
    assert v["castable"] is True and v["modes"] == [2] and v["total_cost"] == "{2}{U}"


def test_spree_with_no_mode_that_has_a_target_is_not_castable(tmp_path, real_db):
    """CR 702.172a, 601.2c: with no creature or artifact on the battlefield neither mode has a target; a choice of
    both needs both targets too."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Island, Island, Island, Island, Island, Island]\n" + _SCHEME,
              "{card: Jailbreak Scheme}")
    v = r.answer.values
    assert v["castable"] is False and v["reason_code"] == "no_legal_target" and "702.172a" in v["reason"]


@pytest.mark.parametrize("lands, castable", [(5, False), (6, True)])
def test_spree_with_chosen_modes_pays_every_modes_cost(tmp_path, real_db, lands, castable):
    """CR 702.172a, 601.2f: both modes chosen: {U} + {3} + {2} = {5}{U}, which six Islands pay and five do not."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [" + ", ".join(["Island"] * lands) + "]\n"
              "  Bob: [Grizzly Bears]\n" + _SCHEME, "{card: Jailbreak Scheme, modes: [1, 2]}")
    v = r.answer.values
    assert v["castable"] is castable and v["total_cost"] == "{5}{U}"


def test_spree_needs_at_least_one_mode(tmp_path, real_db):
    """CR 702.172a ("choose one or more modes"): an empty choice is a question error."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Island]\n" + _SCHEME, "{card: Jailbreak Scheme, modes: []}")
    assert r.verdict == "error" and "at least one" in r.message


def test_spree_modes_print_back_to_their_lines(real_db):
    """The typed reading of "+ {3}{W}{W} — Destroy all creatures." (a spree mode, CR 702.172a) prints back."""
    from mtgcheck.models.vocab.behaviour import abilities_of
    from mtgcheck.models.text.roundtrip import reading
    from mtgcheck.models.vocab.spree import SpreeMode

    modes = [a for a in abilities_of(real_db.get("Final Showdown")) if isinstance(a.effect, SpreeMode)]
    assert [m.effect.cost for m in modes] == ["{1}", "{1}", "{3}{W}{W}"]
    assert all(reading(m, ("Final Showdown",))[0] for m in modes)


# --- cleave (CR 702.148a) -----------------------------------------------------------------------------------------

def test_cleave_removes_the_bracketed_words_from_the_targets(tmp_path, real_db):
    """CR 702.148a: Fierce Retribution ("Destroy target [attacking] creature"): cast for its mana cost it needs an
    attacking creature; cast for its cleave cost {5}{W} any creature will do."""
    board = ("battlefield:\n  Alice: [Plains, Plains, Plains, Plains, Plains, Plains]\n  Bob: [Grizzly Bears]\n"
             "hand:\n  Alice: [Fierce Retribution]")
    r = _cast(tmp_path, real_db, board, "{card: Fierce Retribution, using: normal}")
    assert r.answer.values["castable"] is False and r.answer.values["reason_code"] == "no_legal_target"
    r = _cast(tmp_path, real_db, board, "{card: Fierce Retribution}")
    v = r.answer.values
    assert v["castable"] is True and v["using"] == "cleave" and v["total_cost"] == "{5}{W}"


def test_the_bracketed_words_are_read_when_not_cleaved(tmp_path, real_db):
    """CR 702.148a: Parasitic Grasp cast for {1}{B} targets a Human creature: Elite Vanguard is one."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Swamp, Swamp]\n  Bob: [Elite Vanguard]\n"
                                 "hand:\n  Alice: [Parasitic Grasp]", "{card: Parasitic Grasp}")
    assert r.answer.values["castable"] is True and r.answer.values["using"] == "mana cost"
