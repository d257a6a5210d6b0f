"""Card text read once into typed fields: spell steps, trigger events, what unmodelled
wording speaks of, affinity counts, cost parts and deck-building facts.

Expected values come from the cited rules and the cards' printed wording, never from running the code.
"""
from __future__ import annotations

import pytest

from mtgcheck.models.text.activation_costs import parse_activation_cost
from mtgcheck.models.data.catalog import catalog_ability
from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.data.deck_facts import deck_text
from mtgcheck.models.vocab.resolution import CastTrigger, EntersTrigger, Step
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.vocab.registry import build_effect
from mtgcheck.models.vocab.topics import VocabularyError
from mtgcheck.models.text.oracle import parse_abilities


def _card(name: str, text: str, type_line: str = "Creature — Test", keywords=(), mana_cost: str = "{2}{G}"):
    return card_from_fields({"name": name, "mana_cost": mana_cost, "type_line": type_line, "oracle_text": text,
                             "keywords": list(keywords), "power": "2", "toughness": "2"})


def test_cr_608_2c_steps_are_typed_and_checked():
    """CR 608.2c: a spell's instructions are followed in the order written; a step is a typed record, and
    an unknown action or key is an error naming the closest valid one (never a silent step)."""
    eff = build_effect("instructions", {"steps": [{"action": "scry", "n": 2}, {"action": "draw", "n": 1}]})
    assert eff.steps == (Step("scry", 2), Step("draw", 1))
    assert [s.describe() for s in eff.steps] == ["scry 2", "draw 1"]
    with pytest.raises(VocabularyError, match="draw"):
        build_effect("instructions", {"steps": [{"action": "drawx", "n": 1}]})
    with pytest.raises(VocabularyError, match="target"):
        build_effect("instructions", {"steps": [{"action": "damage", "n": 2, "targte": "any"}]})


def test_cr_603_6a_trigger_events_read_once():
    """CR 603.6a (enters-the-battlefield abilities), 603.2 and 601.2i (cast triggers): the trigger event of a
    triggered ability whose effect is not modelled is read when the card is loaded; the effect stays
    unmodelled (the same sentence, for the gate)."""
    warden = _card("Test Warden", "Whenever another creature enters, you gain 1 life.")
    (a,) = parse_abilities(warden)
    assert isinstance(a.effect, EntersTrigger) and a.effect.event == "other_enters"
    assert isinstance(a.effect.does, Unmodelled) and "gain 1 life" in a.effect.does.text
    titan = _card("Test Titan", "When you cast this spell, take an extra turn after this one.")
    (b,) = parse_abilities(titan)
    assert isinstance(b.effect, CastTrigger)
    # catalog wording in our own words ("... when it enters")
    c = catalog_ability({"kind": "triggered", "text": "its controller draws a card when it enters"})
    assert isinstance(c.effect, EntersTrigger) and c.effect.event == "enters"
    with pytest.raises(VocabularyError, match="enters"):
        build_effect("enters_trigger", {"event": "entres"})


def test_cr_601_3_and_601_2f_unmodelled_wording_facts():
    """CR 601.3 (permission to cast from a zone), 601.2f (cost changes), 613.4 (power), 609.4b (spending):
    what an unmodelled sentence speaks of is a typed field, so no solver module reads the wording."""
    u = Unmodelled("You may cast instant and sorcery spells from your graveyard this turn.")
    assert u.cast_from == frozenset({"graveyard"}) and u.cost_change is None
    assert Unmodelled("This spell costs {1} less to cast if you control a Wizard.").cost_change == "this"
    assert Unmodelled("Creature spells your opponents cast cost {1} more to cast for each ...").cost_change == "spells"
    assert Unmodelled("Creatures you control get +1/+1.").power_change is True
    assert Unmodelled("You may spend mana as though it were mana of any color to cast Dragon spells.").spend_change
    assert Unmodelled("Hexproof from artifacts, creatures, and enchantments").keyword_variant == \
        "hexproof from artifacts, creatures, and enchantments"
    quiet = Unmodelled("Whenever you gain life, put a +1/+1 counter on target creature.")
    assert not quiet.cast_from and quiet.cost_change is None and not quiet.spend_change


def test_cr_702_41a_affinity_counts_are_typed():
    """CR 702.41a: "Affinity for artifacts" means "This spell costs {1} less to cast for each artifact you
    control"; the count is read from the wording before the keyword is built (oracle text and catalog alike)."""
    from mtgcheck.models.text.keyword_parameter import read_keyword_parameter

    def affinity(words):
        return build_effect("affinity", read_keyword_parameter("affinity", {"keyword": "affinity", "parameter": words}),
                            ability_kind="keyword")

    kw = affinity("for artifacts")
    assert isinstance(kw, Keyword)
    assert dict(kw.counts) == {"zone": "battlefield", "whose": "you", "types": ("Artifact",)}
    vague = affinity("for whatever")
    assert vague.counts is None  # not understood: the cost question answers unsupported (solver.rules.costs)


def test_cr_702_138a_escape_exiles_n_other_cards():
    """CR 702.138a: escape's "Exile five other cards from your graveyard" exiles five cards; the number is
    read into the cost part when the cost is parsed (also for "two", which the old count missed)."""
    five = parse_activation_cost("{R}{R}, Exile five other cards from your graveyard").parts
    assert [(p.action, p.amount) for p in five] == [("exile", 5)]
    two = parse_activation_cost("{3}{B}, Exile two other cards from your graveyard").parts
    assert [(p.action, p.amount) for p in two] == [("exile", 2)]
    kw = build_effect("escape", {"keyword": "escape", "cost": "{R}{R}",
                                 "parts": ["Exile five other cards from your graveyard"]}, ability_kind="keyword")
    assert [(p.action, p.amount) for p in kw.parts] == [("exile", 5)]
    assert [p.text for p in kw.parts] == ["Exile five other cards from your graveyard"]


def test_cr_100_2a_and_903_3a_deck_text_facts():
    """CR 100.2a (a card's text may allow more copies: Seven Dwarves "up to seven"; Relentless Rats "any
    number"), 903.3a ("can be your commander"), 702.124a (partner)."""
    dwarves = _card("Test Dwarves", "A deck can have up to seven cards named Test Dwarves.")
    rats = _card("Test Rats", "A deck can have any number of cards named Test Rats.")
    walker = _card("Test Walker", "Test Walker can be your commander.\nPartner", type_line="Legendary Planeswalker — Test")
    assert deck_text(dwarves).copy_limit == 7
    assert deck_text(rats).copy_limit == -1
    assert deck_text(walker).can_be_commander is True and ("partner",) in deck_text(walker).partner
    assert deck_text(dwarves) is deck_text(dwarves)  # read once per card
