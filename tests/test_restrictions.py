"""Activation and casting restrictions (models/text/restrictions.py, solver/rules/restrictions.py) and the timing of casting.

Rules: CR 117.1a (instants any time with priority; other spells in a main phase with an empty stack), 304.5 / 602.5e
("only as an instant"), 307.1 / 307.5 / 602.5d ("only as a sorcery": main phase of the player's own turn, empty
stack), 506.1 (the combat steps), 508.1 / 509.1 (attackers / blockers are declared as their step begins), 601.3
("Cast this spell only ..."), 602.5b ("only once each turn"), 605.3a (mana abilities while paying), 702.8a (flash).
"""
from __future__ import annotations

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.effect import COMBAT_STEPS
from mtgcheck.models.vocab.conditions import (
    CardsInZone, ControlsAtLeast, HasCounter, OpponentControlsMore, OpponentHasCounters, SpellsCastThisTurn,
)
from mtgcheck.models.vocab.logic import Not
from mtgcheck.models.vocab.permissions import TimingRestriction
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.models.text.restrictions import parse_restriction, split_restriction

from .scenario_text import AVAILABLE_MANA


def _card(name: str, text: str, type_line: str = "Artifact", mana_cost: str = "{1}"):
    return card_from_fields({"name": name, "type_line": type_line, "mana_cost": mana_cost, "oracle_text": text})


# --- the parser: wording classes into one typed restriction -------------------------------------------------------

def test_cr_602_5d_activate_only_as_a_sorcery_and_602_5b_once_each_turn():
    r = parse_restriction("Activate only as a sorcery and only once each turn.")
    assert isinstance(r, TimingRestriction) and r.timing == "sorcery" and r.per_turn == 1 and r.of == "activate"
    assert parse_restriction("Activate only as an instant.").timing == "instant"  # CR 602.5e
    assert parse_restriction("Activate no more than three times each turn.").per_turn == 3


def test_cr_602_5_turn_step_and_before_bounds():
    r = parse_restriction("Activate only during your turn, before attackers are declared.")
    assert r.turn == "yours" and r.before == "declare_attackers" and not r.steps
    r = parse_restriction("Activate only during your upkeep.")
    assert r.turn == "yours" and r.steps == ("upkeep",)
    assert parse_restriction("Activate only during an opponent's turn.").turn == "opponents"
    assert parse_restriction("Activate only if it's not your turn.").turn == "opponents"
    assert parse_restriction("Activate only during combat.").steps == COMBAT_STEPS  # CR 506.1
    # Mana Cache: "their turn" is the activating player's own turn; "before the end step"
    r = parse_restriction("Any player may activate this ability but only during their turn before the end step.")
    assert r.any_player and r.turn == "yours" and r.before == "end"


def test_cr_601_3_cast_this_spell_only_wordings():
    r = parse_restriction("Cast this spell only during combat before blockers are declared.", "cast")
    assert r.of == "cast" and r.steps == COMBAT_STEPS and r.before == "declare_blockers"
    r = parse_restriction("Cast this spell only during combat after blockers are declared.", "cast")
    assert r.after == "declare_attackers"  # blockers are declared as the declare blockers step begins (509.1)
    assert parse_restriction("Cast this spell only after combat.", "cast").after == "end_of_combat"
    r = parse_restriction("Cast this spell only during an opponent's turn after their upkeep step.", "cast")
    assert r.turn == "opponents" and r.after == "upkeep"
    r = parse_restriction("Cast this spell only before combat or during combat before blockers are declared.", "cast")
    assert r.before == "declare_blockers" and not r.steps
    r = parse_restriction("Cast this spell only during combat on your turn before blockers are declared.", "cast")
    assert r.turn == "yours" and r.before == "declare_blockers" and r.steps == COMBAT_STEPS
    r = parse_restriction("You can't cast this during your first, second, or third turns of the game.", "cast")
    assert r.not_own_turns_upto == 3
    assert parse_restriction("You can't cast this during your first seven turns of the game.", "cast").not_own_turns_upto == 7


def test_cr_602_5_conditions_read_into_the_typed_conditions():
    def cond(words: str):
        (c,) = parse_restriction(f"Activate only if {words}.").conditions
        return c

    c = cond("you control a Swamp")
    assert isinstance(c, ControlsAtLeast) and c.n == 1 and c.filter.all_of == ("Swamp",)
    assert cond("you control a Swamp or a Mountain").filter.any_of == ("Swamp", "Mountain")
    assert cond("you control seven or more lands").n == 7
    assert cond("you have no cards in hand") == CardsInZone("hand", 0, "at_most")
    assert cond("you have exactly seven cards in hand") == CardsInZone("hand", 7, "exactly")
    assert cond("seven or more cards are in your graveyard") == CardsInZone("graveyard", 7)
    assert cond("there are three or more brick counters on this artifact") == HasCounter("brick", 3)
    assert cond("there are no charge counters on this artifact") == Not(HasCounter("charge"))
    assert cond("an opponent has three or more poison counters") == OpponentHasCounters("poison", 3)
    assert isinstance(cond("you control no creatures"), Not)
    assert cond("an opponent controls at least two more lands than you").by == 2
    assert isinstance(cond("an opponent controls more lands than you"), OpponentControlsMore)
    r = parse_restriction("Cast this spell only if you've cast another spell this turn.", "cast")
    assert r.conditions == (SpellsCastThisTurn(1),)


@pytest.mark.parametrize("sentence", [
    "Activate only if an oil counter was removed from a permanent you controlled this turn.",
    "Activate only if this land was turned face up this turn.",
    "Activate only if you own a card in exile.",
    "Activate only if you control three or more lands that share a land type.",
    "Activate only as a sorcery and only if you have more life than your starting life total.",
])
def test_wording_not_understood_in_full_is_not_half_read(sentence):
    """A restriction is typed only when every part of it is understood; otherwise the whole ability stays as read."""
    assert parse_restriction(sentence) is None
    assert split_restriction(f"Draw a card. {sentence}") == (f"Draw a card. {sentence}", None)


def test_the_restriction_is_split_off_the_ability_and_the_effect_parsed_alone():
    """Tainted Field's second ability: a mana ability (CR 605.1a) with a restriction (602.5)."""
    card = _card("Tainted Test", "{T}: Add {C}.\n{T}: Add {W} or {B}. Activate only if you control a Swamp.", "Land", "")
    a, b = [x for x in parse_abilities(card) if x.kind == "activated"]
    assert a.restriction is None and b.is_mana_ability
    assert isinstance(b.restriction, TimingRestriction) and b.restriction.conditions[0].filter.all_of == ("Swamp",)
    # the quoted sentence of a token's ability does not end the ability's sentences
    card = _card("Quote Test", '{T}: Create a 1/1 token with "This token can\'t block." Activate only as a sorcery.')
    (q,) = [x for x in parse_abilities(card) if x.kind == "activated"]
    assert q.restriction is not None and q.restriction.timing == "sorcery"


def test_the_real_pool_classes_are_typed(real_db):
    """The largest wording classes of the 32k file are typed (sizes in the helper's report)."""
    for name, n in (("Temple of the False God", 1), ("Library of Alexandria", 2), ("Pyramid of the Pantheon", 2),
                    ("Alaborn Veteran", 1), ("Augur of Skulls", 2), ("Ghost Town", 2), ("Mana Cache", 1)):
        acts = [a for a in parse_abilities(real_db.get(name)) if a.kind == "activated"]
        assert isinstance(acts[n - 1].restriction, TimingRestriction), name
    (angel,) = [a for a in parse_abilities(real_db.get("Illusory Angel")) if isinstance(a.effect, TimingRestriction)]
    assert angel.effect.of == "cast"


# --- the solver: activate, mana abilities, cast -------------------------------------------------------------------

ACT = """
players: [Alice, Bob]
{extra}
battlefield:
  Alice: [{card}]
ask: {{activate: {{permanent: {card}, ability: {n}}}}}
"""


def _act(answer, card, n=1, extra=""):
    r = answer(ACT.format(card=card, n=n, extra=extra))
    return r.answer.values if r.answer is not None else r.verdict


def test_cr_602_5d_sorcery_timing_of_an_activated_ability(answer):
    assert _act(answer, "Raccoon Rallier")["activatable"] is True
    v = _act(answer, "Raccoon Rallier", extra="turn: {step: declare_attackers}")
    assert v["activatable"] is False and "CR 602.5d" in v["reason"] and "declare attackers step" in v["reason"]
    assert _act(answer, "Raccoon Rallier", extra="active: Bob")["activatable"] is False


def test_answers_relying_on_the_default_turn_say_so(answer):
    """The scenario's default turn is named in the reason (TURN.md)."""
    v = _act(answer, "Augur of Skulls", n=2)
    assert v["activatable"] is False and "the scenario's default turn" in v["reason"]
    r = answer(ACT.format(card="Raccoon Rallier", n=1, extra=""))
    assert any("the scenario's default turn" in line for line in r.answer.explanation)


def test_cr_602_5b_once_each_turn_reads_the_history(answer):
    extra = "turn: {history: {activated: [{permanent: Wall of Roots, ability: 1, times: 1}]}}"
    v = _act(answer, "Wall of Roots", extra=extra)
    assert v["activatable"] is False and "602.5b" in v["reason"]
    assert _act(answer, "Wall of Roots")["activatable"] is True


def test_cr_602_5_a_hand_that_is_not_listed_is_unknown(answer):
    assert _act(answer, "Library of Alexandria", n=2) == "unsupported"


MANA = AVAILABLE_MANA


def test_cr_605_3a_a_restricted_mana_ability_is_a_source_only_while_its_restriction_holds(answer):
    r = answer(MANA.format(perms="Temple of the False God, Forest, Forest, Forest", extra=""))
    assert r.answer.values["pools"] == ["{G}{G}{G}"]
    r = answer(MANA.format(perms="Temple of the False God, Forest, Forest, Forest, Forest", extra=""))
    assert r.answer.values["pools"] == ["{G}{G}{G}{G}{C}{C}"]
    r = answer(MANA.format(perms="Manaforge Cinder, Swamp",
                           extra="turn: {history: {activated: [{permanent: Manaforge Cinder, ability: 1, times: 3}]}}"))
    assert r.answer.values["pools"] == ["{B}"]


def test_cr_106_7_could_produce_ignores_an_activation_restriction(answer):
    """CR 106.7: what the ability would produce if it were to resolve, costs ignored; a restriction on activating it
    (CR 602.5) does not change that (Tainted Field without a Swamp could still produce white and black)."""
    r = answer("""
    players: [Alice, Bob]
    battlefield:
      Alice: [Tainted Field, Plains]
    ask: {could_produce: Tainted Field}
    """)
    assert r.answer.values["types"] == ["W", "B", "C"]


CAST = """
players: [Alice, Bob]
{extra}
battlefield:
  {who}: [{lands}]
hand: {{{who}: [{card}]}}
ask: {{cast: {{card: {card}, player: {who}}}}}
"""


def _cast(answer, card, who="Alice", lands="Forest, Forest", extra=""):
    r = answer(CAST.format(card=card, who=who, lands=lands, extra=extra))
    return r.answer.values if r.answer is not None else r.verdict


def test_cr_117_1a_307_1_a_creature_spell_only_in_its_casters_main_phase_with_an_empty_stack(answer):
    v = _cast(answer, "Grizzly Bears", who="Bob")
    assert v["castable"] is False and "CR 307.1" in v["reason"] and "not Bob's turn" in v["reason"]
    assert _cast(answer, "Grizzly Bears", extra="turn: {step: end}")["castable"] is False
    assert _cast(answer, "Grizzly Bears", extra="turn: {step: postcombat_main}")["castable"] is True
    v = _cast(answer, "Grizzly Bears", extra="stack: {Bob: [Lightning Bolt]}")
    assert v["castable"] is False and "stack is not empty" in v["reason"]


def test_cr_304_1_instants_and_702_8a_flash_any_time_with_priority(answer):
    assert _cast(answer, "Lightning Bolt", who="Bob", lands="Mountain")["castable"] is True
    assert _cast(answer, "Snapcaster Mage", who="Bob", lands="Island, Island", extra="turn: {step: end}")["castable"] is True


def test_cr_601_3_cast_restrictions(answer):
    assert _cast(answer, "Gorilla War Cry", lands="Mountain, Mountain", extra="turn: {step: declare_attackers}")["castable"]
    assert not _cast(answer, "Gorilla War Cry", lands="Mountain, Mountain", extra="turn: {step: declare_blockers}")["castable"]
    assert not _cast(answer, "Festival", lands="Plains", extra="turn: {step: upkeep}")["castable"]
    assert _cast(answer, "Festival", who="Bob", lands="Plains", extra="turn: {step: upkeep}")["castable"]
    v = _cast(answer, "Illusory Angel", lands="Island, Island, Island")
    assert v["castable"] is False and "the scenario's default turn" in v["reason"]
    assert _cast(answer, "Illusory Angel", lands="Island, Island, Island",
                 extra="turn: {history: {cast: {Alice: [Opt]}}}")["castable"] is True


def test_serra_avenger_needs_the_turn_count(answer):
    """Serra Avenger: not during its caster's first three turns (CR 601.3); an unknown count is never guessed."""
    assert _cast(answer, "Serra Avenger", lands="Plains, Plains") == "unsupported"
    assert not _cast(answer, "Serra Avenger", lands="Plains, Plains", extra="turn: {number: {Alice: 3}}")["castable"]
    assert _cast(answer, "Serra Avenger", lands="Plains, Plains", extra="turn: {number: {Alice: 4}}")["castable"]


def test_cr_602_5d_a_sorcery_speed_mana_ability_cannot_pay_outside_sorcery_timing(answer):
    """Grinning Ignus: activated before casting only when sorcery timing holds (CR 602.5d, 106.4); while a spell is
    being cast it is on the stack (601.2a)."""
    v = _cast(answer, "Magma Jet", lands="Grinning Ignus, Mountain", extra="turn: {step: declare_attackers}")
    assert v["castable"] is False


BOAST = """
players: [Alice, Bob]
{extra}
battlefield:
  Alice: [{{card: Usher of the Fallen{attacking}}}, Plains, Plains]
ask: {{activate: {{permanent: Usher of the Fallen, ability: 1}}}}
"""


def test_cr_702_142a_boast_only_if_it_attacked_this_turn_and_once_each_turn(answer, real_db):
    """Boast (CR 702.142a): "Activate only if this creature attacked this turn and only once each turn"."""
    def ask(extra="", attacking=""):
        r = answer(BOAST.format(extra=extra, attacking=attacking), db=real_db)
        return r.answer.values if r.answer is not None else r.verdict

    v = ask()
    assert v["activatable"] is False and "did not attack" in v["reason"] and "default turn" in v["reason"]
    assert ask("turn: {step: declare_attackers}", ", attacking: true")["activatable"] is True
    # attacked earlier this turn, combat over: the history records it (CR 508.1)
    assert ask("turn: {step: postcombat_main, history: {attacked: [Usher of the Fallen]}}")["activatable"] is True
    v = ask("turn: {step: postcombat_main, history: {attacked: [Usher of the Fallen], "
            "activated: [{permanent: Usher of the Fallen, ability: 1, times: 1}]}}")
    assert v["activatable"] is False and "602.5b" in v["reason"]


def test_cr_602_2_any_player_may_activate_is_not_dropped_for_the_other_players(answer, real_db):
    """Mana Cache: any player may activate it during their own turn before the end step; another player's mana
    abilities are not modelled, so Bob's mana question is unsupported rather than missing it."""
    text = """
    players: [Alice, Bob]
    active: {active}
    battlefield:
      Alice: [{{card: Mana Cache, counters: {{charge: 1}}}}]
      Bob: [Forest]
    ask: {{available_mana: {who}}}
    """
    assert answer(text.format(active="Bob", who="Bob"), db=real_db).verdict == "unsupported"
    r = answer(text.format(active="Alice", who="Alice"), db=real_db)
    assert r.answer.values["pools"] == ["{C}"]
    r = answer(text.format(active="Bob", who="Alice"), db=real_db)  # not Alice's turn (CR 602.5)
    assert r.answer.values["count"] == 1 and r.answer.values["pools"] == [""]
