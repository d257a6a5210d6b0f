"""Where an unmodelled sentence functions (CR 113.6): the gate counts a sentence only where it could apply.

* 113.6h: an ability that modifies how its object enters the battlefield ("enters tapped", "As this enters,
  choose ...") does nothing to a permanent already on the battlefield, nor to casting it;
* 113.6 with 113.6a-g: of a card being cast, only abilities that function while it is cast count (what it
  costs, how and from where it may be cast, characteristic-defining colours and types); its battlefield-only
  statics, triggered and activated abilities and "can't be countered" (113.6g) never change whether it can be
  cast.

Expected answers come from the rules named in each test (and the cards' costs), never from running the engine.
"""
from __future__ import annotations

import textwrap

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.data.scenario import load_scenarios
from mtgcheck.models.text.facts import while_cast
from mtgcheck.models.text.topics import classify, is_entering_line
from mtgcheck.solver.questions.runner import run_scenario


@pytest.fixture(scope="module")
def db():
    return load_database()


def _answer(tmp_path, db, cards: str, body: str):
    text = "players: [Alice, Bob]\ncards:\n" + textwrap.indent(textwrap.dedent(cards), "  ") + textwrap.dedent(body)
    p = tmp_path / "s.yaml"
    p.write_text(text)
    (sc,) = load_scenarios(p)
    return run_scenario(sc, db)


@pytest.mark.parametrize("line", [
    "This land enters tapped.",
    "Azorius Chancery enters the battlefield tapped.",
    "This land enters tapped unless you control two or more other lands.",
    "As this land enters, you may pay 2 life. If you don't, it enters tapped.",
    "This land enters tapped. As it enters, choose a color.",
    "This creature enters with four +1/+1 counters on it.",
    "Adamant — If at least three black mana was spent to cast this spell, this creature enters with a +1/+1 counter on it.",
    "This land enters tapped with two depletion counters on it.",
])
def test_entering_lines_touch_only_resolution_cr_113_6h(line):
    assert is_entering_line(line)
    assert classify(line) == frozenset({Topic.RESOLUTION, Topic.ZONES})


@pytest.mark.parametrize("line", [
    "You may have this creature enter as a copy of any creature on the battlefield.",  # a copy: layer 1, CR 707.9
    "This land enters tapped and doesn't untap during your untap step.",
    "Enchanted creature doesn't untap during its controller's untap step.",
])
def test_lines_that_do_more_than_modify_entering_are_not_entering_lines(line):
    assert not is_entering_line(line)


@pytest.mark.parametrize("line, functions", [
    ("This spell can't be countered.", False),                                     # 113.6g: on the stack
    ("Creature spells you cast cost {1} less to cast.", False),                    # other spells: battlefield
    ("Players can't play lands.", False),
    ("You may have this creature assign its combat damage as though it weren't blocked.", False),
    ("Enchanted creature has \"{T}: This creature deals X damage to any target.\"", False),  # a granted ability
    ("Flurry — Whenever you cast your second spell each turn, copy that spell.", False),     # triggered, 603.1
    ("Channel — {2}{U}, Discard this card: Counter target spell.", False),                    # activated, 602.1
    ("Create X 1/1 white Soldier creature tokens, where X is the number of creatures you control.", False),
    ("If {B} was spent to cast this spell, each opponent discards a card.", False),           # checked on resolution
    ("This spell costs {1} less to cast for each creature in your party.", True),             # 113.6d
    ("You may cast this spell as though it had flash if you control a Wizard.", True),        # 113.6e
    ("Cast this spell only during combat.", True),                                            # 113.6e
    ("You may cast this card from your graveyard as long as you control a Zombie.", True),    # 113.6f
    ("Ghostfire is colorless.", True),                                                        # 113.6a (604.3)
    ("X can't be 0.", True),                                                                  # 107.3
])
def test_which_sentences_function_while_their_card_is_cast_cr_113_6(line, functions):
    assert while_cast(line) is functions


UNCOUNTERABLE_BEAR = """\
Sure Bear:
  mana_cost: "{1}{G}"
  type_line: Creature — Bear
  oracle_text: "This spell can't be countered.\\nThis creature has menace as long as you control an Island."
"""


def test_cast_answered_despite_battlefield_only_and_stack_only_text_cr_113_6(tmp_path, db):
    # {1}{G} paid by two untapped Forests (CR 601.2g-h); the two unmodelled sentences function on the stack
    # (113.6g) and on the battlefield (113.6): neither can change whether the spell can be cast
    r = _answer(tmp_path, db, UNCOUNTERABLE_BEAR, """\
        hand: {Alice: [Sure Bear]}
        battlefield: {Alice: [Forest, Forest]}
        ask: {cast: {card: Sure Bear}}
        expect: {castable: true}
        """)
    assert r.verdict == "pass", (r.verdict, r.message, r.mismatches)


def test_cast_still_unsupported_for_its_own_unmodelled_cost_change_cr_601_2f(tmp_path, db):
    # "costs {2} less if ..." functions while the card is cast (113.6d): with one Forest the answer depends on it
    r = _answer(tmp_path, db, """\
        Odd Bear:
          mana_cost: "{2}{G}"
          type_line: Creature — Bear
          oracle_text: "This spell costs {2} less to cast if it's night."
        """, """\
        hand: {Alice: [Odd Bear]}
        battlefield: {Alice: [Forest]}
        ask: {cast: {card: Odd Bear}}
        expect: {castable: false}
        """)
    assert r.verdict == "unsupported" and "Odd Bear" in r.message and "night" in r.message, r.message


TAPLAND = """\
Slow Grove:
  type_line: Land
  oracle_text: "This land enters tapped.\\n{T}: Add {G} or {U}."
"""


def test_available_mana_of_a_tapland_already_on_the_battlefield_cr_113_6h(tmp_path, db):
    # the land is untapped on the battlefield; "enters tapped" applied only as it entered (614.1c, 614.12)
    r = _answer(tmp_path, db, TAPLAND, """\
        battlefield: {Alice: [Slow Grove]}
        ask: {available_mana: Alice}
        expect: {pools: ["{G}", "{U}"]}
        """)
    assert r.verdict == "pass", (r.verdict, r.message, r.mismatches)


def test_activate_a_tapland_already_on_the_battlefield_cr_113_6h(tmp_path, db):
    r = _answer(tmp_path, db, TAPLAND, """\
        battlefield: {Alice: [Slow Grove]}
        ask: {activate: {permanent: Slow Grove, ability: 1}}
        expect: {activatable: true}
        """)
    assert r.verdict == "pass", (r.verdict, r.message, r.mismatches)


def test_entering_text_still_counts_for_a_question_about_entering(tmp_path, db):
    # put_onto_battlefield depends on how things enter (resolution): the unmodelled line counts there
    assert Topic.RESOLUTION in classify("This land enters tapped unless you control a Plains.")


@pytest.mark.parametrize("kind, line", [
    ("activated", "Search your library for a basic Forest or Plains card, put it onto the battlefield tapped, then shuffle."),
    ("activated", "Target land you control becomes the basic land type of your choice until end of turn."),
    ("activated", "Create a 1/1 red Wizard creature token with \"{T}: Add {R}.\""),
    ("triggered", "create a 1/1 colorless Eldrazi Scion creature token. It has \"Sacrifice this token: Add {C}.\""),
])
def test_an_ability_that_adds_no_mana_itself_has_no_mana_topic_cr_605_1a(kind, line):
    # a land it fetches, a land type it sets or a token's quoted mana ability exists only once it has resolved
    # (CR 608.2); an ability that does not add mana is not a mana ability (605.1a-b)
    assert Topic.MANA_PRODUCTION not in classify(line, kind)


@pytest.mark.parametrize("kind, line", [
    ("activated", "Add X mana in any combination of colors, where X is the number of creatures you control with defender."),
    ("triggered", "add {C}{C}{C}."),
])
def test_an_ability_that_adds_mana_keeps_the_mana_topic_cr_106_7(kind, line):
    assert Topic.MANA_PRODUCTION in classify(line, kind)


@pytest.mark.parametrize("line", [
    "When this creature dies, add {C}{C}{C}{C}.",                          # Su-Chi
    "Whenever a player casts a creature spell, that player adds {G}.",     # Tangleroot
    "if you cast it from your hand, add {R}{R}{R}.",                      # an enters trigger's effect
])
def test_mana_from_a_trigger_that_is_not_a_mana_ability_counts_only_for_could_produce_cr_605_5a(line):
    # it does not trigger from a mana ability or mana being added, so it is not a mana ability (605.1b) and
    # waits on the stack (605.5a): no payment can use it; "could produce" (106.7) counts any ability's mana
    got = classify(line, "triggered")
    assert Topic.MANA_PRODUCTION not in got and Topic.OTHER_MANA in got


@pytest.mark.parametrize("line", [
    "Whenever enchanted land is tapped for mana, its controller adds an additional {G}.",   # Wild Growth
    "Whenever you tap a permanent for {C}, add an additional {C}.",                         # Forsaken Monument
])
def test_triggered_mana_abilities_keep_the_mana_topic_cr_605_1b(line):
    assert Topic.MANA_PRODUCTION in classify(line, "triggered")


def test_a_delayed_trigger_rider_after_the_mana_is_spent_is_no_mana_cr_603_7():
    # Path of Ancestry's rider: it happens only once the mana is spent, and makes no mana
    got = classify("When that mana is spent to cast a creature spell that shares a creature type with your "
                   "commander, scry 1.", "rider")
    assert Topic.MANA_PRODUCTION not in got and Topic.TRIGGERS in got


@pytest.mark.parametrize("kind", ["rider", "static", "activated"])
def test_doesnt_untap_during_the_next_untap_step_changes_only_a_later_turn_cr_502_3(kind):
    # Tranquil Garden's rider: the land stays tapped through its controller's next untap step; nothing about
    # the present (what it could produce, the mana available now, activating it now) depends on that
    got = classify("This land doesn't untap during your next untap step.", kind)
    assert got == frozenset({Topic.LATER_TURNS})


@pytest.mark.parametrize("line", ["This artifact doesn't untap during your untap step.",     # Mana Vault
                                  "Jasconian Isle doesn't untap during your untap step."])   # a name as subject
def test_doesnt_untap_during_every_untap_step_changes_only_later_untap_steps_cr_502_3(line):
    # CR 502.3: the untap step is where it applies; in that step no player gets priority (502.4), so nothing
    # asked about the state as it is (could produce, mana now, activating, casting) depends on it
    assert classify(line) == frozenset({Topic.LATER_TURNS})


@pytest.mark.parametrize("line", [
    "You may play an additional land on each of your turns.",      # CR 305.2: lands are played, not cast
    "Play with the top card of your library revealed.",            # revealing changes no cost or permission
])
def test_land_plays_and_revealed_libraries_do_not_function_while_the_card_is_cast_cr_113_6(line):
    assert while_cast(line) is False


# ---------------------------------------------------------------------------
# Typed scopes (models.vocab.Scope, models.text.scope): the parser records where each unmodelled line works
# ---------------------------------------------------------------------------

from mtgcheck.models.vocab.behaviour import abilities_of  # noqa: E402
from mtgcheck.models.game.cards import card_from_fields  # noqa: E402
from mtgcheck.models.vocab.topics import Scope
from mtgcheck.models.vocab.effect import walk_unmodelled  # noqa: E402
from mtgcheck.models.text.scope import is_battlefield_sentence, line_scope  # noqa: E402


def _scopes(name: str, type_line: str, text: str, mana_cost: str = "{2}") -> list[tuple[str, str, Scope]]:
    card = card_from_fields({"name": name, "type_line": type_line, "oracle_text": text, "mana_cost": mana_cost})
    return [(a.kind, a.text, u.scope) for a in abilities_of(card) for u in walk_unmodelled(a.effect)]


@pytest.mark.parametrize("line", [
    "Exile target nonland permanent. You may cast that card for as long as it remains exiled.",   # 608.2c: later
    "Create a token that's a copy of target creature you control.",
    "Put X +1/+1 counters on target creature, where X is the number of colors of mana spent to cast this spell.",
    "If {G} was spent to cast this spell, draw a card.",                                            # 601.2h: past
    "This deals 3 damage to any target. Then that player may pay {R}{R}. If the player does, they may copy this spell.",
    "Add {R}{R}{R}. Spend this mana only to cast creature spells.",                                   # a mana rider
])
def test_instant_instructions_are_typed_instructions_cr_113_3a_608_2c(line):
    # spell abilities are followed as the spell resolves (113.3a, 608.2c): nothing in them says how it is cast
    assert line_scope("spell", line) is Scope.INSTRUCTION


@pytest.mark.parametrize("line, x_in_cost", [
    ("This spell costs {1} less to cast for each creature you control.", False),         # 113.6d
    ("You may pay {1}{R} rather than pay this spell's mana cost.", False),                # 113.6d, 118.9
    ("Cast this spell only during combat.", False),                                       # 113.6e
    ("this is colorless.", False),                                                        # 113.6a, 604.3 (Ghostfire)
    ("Spend only black mana on X.", True),                                                # 113.6e (Drain Life)
    ("+ {1} — Target creature gains double strike until end of turn.", False),           # 700.2h (spree)
    ("X is the number of creature cards in your graveyard as you cast this spell.", True),  # 107.3c
    ("Choose one. If you control a commander as you cast this spell, you may choose both instead.", False),  # 700.2
    ("This spell can't be countered. Draw a card.", False),                               # mixed: not all instruction
])
def test_sentences_that_work_while_cast_are_never_typed_instructions_cr_113_6(line, x_in_cost):
    assert line_scope("spell", line, x_in_cost) is not Scope.INSTRUCTION


@pytest.mark.parametrize("line", [
    "This spell costs {6} less to cast if there are ten or more creature cards total in all graveyards.",
    "If you have 3 or less life, this spell costs {6} less to cast.",
    "You may pay {1} and return a basic land you control to its owner's hand rather than pay this spell's mana cost.",
    "You may cast this spell as though it had flash if you control a Wizard.",
    "You may cast this card from your graveyard.",
    "Spend only mana produced by basic lands to cast this spell.",
    "You can't cast this during your first seven turns of the game.",
])
def test_own_casting_text_is_typed_casting_self_cr_113_6d_f(line):
    assert line_scope("static", line) is Scope.CASTING_SELF


@pytest.mark.parametrize("line", [
    "Spells your opponents cast that target this creature cost {2} more to cast.",   # other spells: battlefield
    "Creature spells you cast cost {1} less to cast.",
    "You may cast this card from your graveyard. If you do, it enters with a finality counter on it.",  # more than that
    "This spell costs {1} less to cast. Creatures you control get +1/+1.",
])
def test_other_text_is_not_casting_self(line):
    assert line_scope("static", line) is not Scope.CASTING_SELF


@pytest.mark.parametrize("line", [
    "As long as enchanted creature is red, it loses all abilities.",
    "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.",
    "Spells your opponents cast that target this creature cost {2} more to cast.",
    "As long as seven or more cards are in your graveyard, this creature gets +1/+1 and is black.",  # 604.3a(5)
    "Creature cards you own that aren't on the battlefield have flash.",        # other cards (Teferi): battlefield
    "this is a 5/5 Golem artifact creature as long as you control three or more artifacts.",  # 604.3a(5)
    "Each nonland card in your hand without foretell has foretell. Its foretell cost is equal to its mana cost.",
])
def test_permanent_statics_that_work_only_on_the_battlefield_cr_113_6(line):
    assert line_scope("static", line) is Scope.BATTLEFIELD


def test_entering_as_a_copy_is_typed_entering_self_cr_113_6h_707_9():
    """CR 113.6h, 614.1c, 707.9: "enter as a copy" modifies how the permanent enters (neither while it is cast nor,
    for a permanent listed under its own name, on the battlefield: tests/test_sentences_that_change_no_answer.py)."""
    assert line_scope("static", "You may have this creature enter as a copy of any creature on the battlefield.") \
        is Scope.ENTERING_SELF


@pytest.mark.parametrize("line", [
    "this is every creature type.",                                            # 113.6a (604.3) CDA
    "this's power is equal to the number of creature cards in all graveyards.",  # 113.6a
    "As long as this card is in your graveyard, creatures you control have haste.",  # 113.6b
    "If this is in your hand, you may reveal it.",                             # 113.6b
    "This creature has flash as long as you control a Desert.",                # 702.8: how it may be cast
    "Spend only colored mana on X.",                                           # 113.6e, 107.3
    "You can't cast Keeper of the Yellow Hat during your first seven turns.",  # a name the parser did not replace
    "Madness—{2}{B}, Pay 8 life.",                                             # a keyword working from the hand
])
def test_permanent_statics_that_may_work_elsewhere_are_not_battlefield_cr_113_6a_f(line):
    assert not is_battlefield_sentence(line) or line_scope("static", line) is not Scope.BATTLEFIELD


def test_saga_chapters_are_triggered_abilities_cr_714_2():
    card = card_from_fields({"name": "Odd Saga", "type_line": "Enchantment — Saga", "oracle_text":
                             "I — Return target creature card from your graveyard to the battlefield.\nII — Add {R}."})
    abilities = abilities_of(card)
    assert [a.kind for a in abilities] == ["triggered", "triggered"]
    # 714.2b: it triggers on lore counters, not from a mana ability, so it is not a mana ability (605.1b, 605.5a):
    # it adds its mana only as it resolves
    from mtgcheck.models.vocab.mana_effects import TriggeredAddMana

    assert isinstance(abilities[1].effect, TriggeredAddMana) and not abilities[1].is_mana_ability


def test_lines_of_a_non_saga_with_roman_numerals_stay_static():
    got = _scopes("Odd Thing", "Enchantment", "II — Add {R}.")
    assert [k for k, _, _ in got] != ["triggered"]


def test_modes_of_a_modal_triggered_ability_belong_to_it_cr_700_2b():
    got = _scopes("Odd Cleric", "Creature — Human Cleric", "When this creature enters, choose one —\n"
                  "• Exile target card from a graveyard.\n• Return target creature card from your graveyard to your hand.")
    assert [k for k, _, _ in got] == ["triggered", "triggered", "triggered"]


def test_modes_of_an_instant_stay_its_spell_abilities_cr_700_2a():
    # the target rules read an instant's modes (601.2c, 700.2a): they stay spell lines
    got = _scopes("Odd Command", "Instant", "Choose two —\n• Exile target card from a graveyard.\n• Draw a card.")
    assert all(k == "spell" for k, _, _ in got)


SPELL_ONLY_ARTIFACT = """\
Odd Monolith:
  mana_cost: "{8}"
  type_line: Artifact
  oracle_text: "If it's night, this spell costs {6} less to cast.\\nYou may pay {1} and return a basic land you control to its owner's hand rather than pay this spell's mana cost.\\n{T}: Add {C}{C}."
"""


def test_spell_only_text_does_not_gate_the_battlefield_cr_113_6d(tmp_path, db):
    # on the battlefield the cost reduction and the alternative cost of the artifact's own casting do nothing
    # (113.6d: they function on the stack): its mana ability adds {C}{C} (CR 106.1, 605.1a)
    r = _answer(tmp_path, db, SPELL_ONLY_ARTIFACT, """\
        battlefield: {Alice: [Odd Monolith]}
        ask: {available_mana: Alice}
        expect: {pools: ["{C}{C}"]}
        """)
    assert r.verdict == "pass", (r.verdict, r.message, r.mismatches)


def test_spell_only_text_still_gates_casting_that_card_cr_113_6d(tmp_path, db):
    # casting it: the alternative cost is an option of this very spell (118.9), not modelled here
    r = _answer(tmp_path, db, SPELL_ONLY_ARTIFACT, """\
        hand: {Alice: [Odd Monolith]}
        battlefield: {Alice: [Forest, Forest]}
        ask: {cast: {card: Odd Monolith}}
        expect: {castable: false}
        """)
    assert r.verdict == "unsupported" and "Odd Monolith" in r.message, (r.verdict, r.message)


ODD_SORCERY = """\
Odd Heist:
  mana_cost: "{1}{U}"
  type_line: Sorcery
  oracle_text: "Exile target nonland permanent. You may cast that card for as long as it remains exiled, and you may spend mana as though it were mana of any type to cast that spell."
"""


def test_a_sorcery_being_cast_is_not_gated_on_its_instructions_cr_608_2c(tmp_path, db):
    # its target (601.2c) has a legal choice (Bob's Forest); its instructions are followed as it resolves
    # (608.2c); {1}{U} is paid with Island and Forest (601.2g-h)
    r = _answer(tmp_path, db, ODD_SORCERY, """\
        hand: {Alice: [Odd Heist]}
        battlefield: {Alice: [Island, Forest], Bob: [Grizzly Bears]}
        ask: {cast: {card: Odd Heist}}
        expect: {castable: true}
        """)
    assert r.verdict == "pass", (r.verdict, r.message, r.mismatches)


def test_a_sorcery_still_needs_a_legal_target_cr_601_2c(tmp_path, db):
    # no nonland permanent at all: no legal target, so it cannot be cast (601.2c) — the target rules still apply
    r = _answer(tmp_path, db, ODD_SORCERY, """\
        hand: {Alice: [Odd Heist]}
        battlefield: {Alice: [Island, Forest]}
        ask: {cast: {card: Odd Heist}}
        expect: {castable: false}
        """)
    assert r.verdict == "pass", (r.verdict, r.message, r.mismatches)


RED_LOCK_AURA = """\
Odd Lock:
  mana_cost: "{U}"
  type_line: Enchantment — Aura
  oracle_text: "Enchant creature\\nAs long as enchanted creature is red, it loses all abilities."
"""


def test_an_aura_being_cast_is_not_gated_on_its_battlefield_static_cr_113_6(tmp_path, db):
    r = _answer(tmp_path, db, RED_LOCK_AURA, """\
        hand: {Alice: [Odd Lock]}
        battlefield: {Alice: [Island], Bob: [Grizzly Bears]}
        ask: {cast: {card: Odd Lock}}
        expect: {castable: true}
        """)
    assert r.verdict == "pass", (r.verdict, r.message, r.mismatches)


TAXING_BEAR = """\
Odd Warden:
  mana_cost: "{1}{G}"
  type_line: Creature — Bear
  oracle_text: "Spells your opponents cast that target this creature cost {2} more to cast if it's attacking."
"""


def test_a_battlefield_cost_change_still_gates_other_spells_cr_113_6(tmp_path, db):
    # on the battlefield the sentence works (113.6): an opponent's spell targeting it could cost more
    r = _answer(tmp_path, db, TAXING_BEAR, """\
        hand: {Alice: [Lightning Bolt]}
        battlefield: {Alice: [Mountain], Bob: [Odd Warden]}
        ask: {cast: {card: Lightning Bolt}}
        expect: {castable: true}
        """)
    assert r.verdict == "unsupported" and "Odd Warden" in r.message, (r.verdict, r.message)


def test_its_own_battlefield_cost_change_does_not_apply_to_casting_it_cr_113_6(tmp_path, db):
    # while it is cast the creature is a spell on the stack: the static ability does not function (113.6)
    r = _answer(tmp_path, db, TAXING_BEAR, """\
        hand: {Alice: [Odd Warden]}
        battlefield: {Alice: [Forest, Forest]}
        ask: {cast: {card: Odd Warden}}
        expect: {castable: true}
        """)
    assert r.verdict == "pass", (r.verdict, r.message, r.mismatches)


def test_a_catalog_text_effect_may_give_its_scope():
    from mtgcheck.models.vocab.topics import VocabularyError
    from mtgcheck.models.vocab.registry import build_effect

    u = build_effect("text", {"text": "an alternative cost for casting it", "topics": ["costs"], "scope": "casting_self"})
    assert u.scope is Scope.CASTING_SELF
    with pytest.raises(VocabularyError, match="casting_self"):
        build_effect("text", {"text": "x", "scope": "casting_slef"}, "odd.yaml: ability 1")


def test_text_about_x_of_a_card_with_x_in_its_cost_is_not_typed_battlefield_cr_107_3a():
    # with {X} in the mana cost, X is announced as it is cast (601.2b): a sentence about X may matter then
    assert line_scope("static", "Creatures you control get +X/+X until end of turn.", x_in_cost=True) is not Scope.BATTLEFIELD
    assert line_scope("static", "Creatures you control get +X/+X, where X is your devotion to red.") is Scope.BATTLEFIELD


def test_a_typed_ability_read_only_on_the_battlefield_is_refused_on_an_emblem_cr_113_6p(tmp_path, db):
    """CR 113.6p, 114.4: an emblem's abilities function in the command zone. A flash permission (702.8a) or a
    player's hexproof (702.11c) is read by the timing and target rules from the battlefield only, so on an emblem it
    is refused by name, never ignored; a grant from the emblem (613.1f) is applied."""
    cards = """\
        Flash Emblem: {type_line: Emblem — Test, oracle_text: You may cast spells as though they had flash.}
        Hex Emblem: {type_line: Emblem — Test, oracle_text: You have hexproof.}
        Swamp Emblem: {type_line: Emblem — Test, oracle_text: "Swamps you control have \\"{T}: Add {B}{B}.\\""}
    """
    r = _answer(tmp_path, db, cards, """\
        active: Bob
        battlefield: {Alice: [Forest, Forest]}
        command: {Alice: [Flash Emblem]}
        hand: {Alice: [Grizzly Bears]}
        ask: {cast: {card: Grizzly Bears}}
    """)
    assert r.verdict == "unsupported" and "flash permission" in r.message and "command zone" in r.message
    r = _answer(tmp_path, db, cards, """\
        battlefield: {Alice: [Mountain]}
        command: {Bob: [Hex Emblem]}
        hand: {Alice: [Lightning Bolt]}
        ask: {cast: {card: Lightning Bolt, targets: [Bob]}}
    """)
    assert r.verdict == "unsupported" and "player keyword" in r.message
    r = _answer(tmp_path, db, cards, """\
        battlefield: {Alice: [Swamp]}
        command: {Alice: [Swamp Emblem]}
        ask: {available_mana: Alice}
        expect: {pools: ["{B}{B}"], count: 1}
    """)
    assert r.verdict == "pass", r.message
