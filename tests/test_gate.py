"""The gate (solver/rules/gate.py): per question kind, a relevant unmodelled sentence makes the answer unsupported
naming the card and the sentence, an irrelevant one does not; and the rows of the typed-reading table that the gate
and the typed vocabulary fix.

Expected answers come from the rules named in each test, never from running the engine.
"""
from __future__ import annotations

import textwrap

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.topics import ALL_TOPICS, Topic
from mtgcheck.models.data.scenario import load_scenarios
from mtgcheck.solver.questions.registry import load_handlers
from mtgcheck.solver.questions.runner import run_scenario

#: A sentence no question here depends on: a layer-7 power/toughness change (CR 613.4).
IRRELEVANT = "Creatures you control get +1/+1."


@pytest.fixture(scope="module")
def db():
    return load_database()


def _run(tmp_path, db, body: str, sentence: str, where: str = "battlefield"):
    """Run one scenario whose battlefield (or Alice's hand) also holds "Odd Thing", an enchantment with ``sentence``."""
    body = textwrap.dedent(body)
    if where == "hand":
        body += "hand:\n  Alice: [Odd Thing]\n"
    elif "battlefield:\n  Alice: [" in body:
        body = body.replace("battlefield:\n  Alice: [", "battlefield:\n  Alice: [Odd Thing, ", 1)
    else:
        body += "battlefield:\n  Alice: [Odd Thing]\n"
    text = textwrap.dedent(f"""\
        players: [Alice, Bob]
        cards:
          Odd Thing:
            mana_cost: "{{2}}"
            type_line: Enchantment
            oracle_text: {sentence!r}
        """) + body
    p = tmp_path / "s.yaml"
    p.write_text(text)
    (sc,) = load_scenarios(p)
    return run_scenario(sc, db)


CASES = {
    # kind: (scenario body with `ask` and `expect`, a relevant sentence)
    "mana_value": ("""\
        ask: {mana_value: {card: Lightning Bolt}}
        expect: {mana_value: 1}
        """, "Instant cards in your hand are the chosen type."),               # CR 613.1c/d: characteristics
    "activate": ("""\
        battlefield:
          Alice: [Llanowar Elves]
        ask: {activate: {permanent: Llanowar Elves, ability: 1}}
        expect: {activatable: true}
        """, "Activated abilities of creatures can't be activated."),          # CR 602.5
    "could_produce": ("""\
        battlefield:
          Alice: [Forest]
        ask: {could_produce: Forest}
        expect: [G]
        """, "Forests you control produce two mana of any one color instead."),  # CR 106.12b, 614.1a
    "available_mana": ("""\
        battlefield:
          Alice: [Forest]
        ask: {available_mana: {player: Alice}}
        expect: {pools: ["{G}"]}
        """, "Mana abilities of lands cost {1} more to activate."),           # CR 602.2b, 601.2f
    "cast": ("""\
        battlefield:
          Alice: [Forest]
        hand:
          Alice: [Llanowar Elves]
        ask: {cast: {card: Llanowar Elves, player: Alice}}
        expect: {castable: true}
        """, "Creature spells cost {1} more to cast for each card in your hand."),  # CR 601.2f
    "payments": ("""\
        battlefield:
          Alice: [Forest]
        hand:
          Alice: [Llanowar Elves]
        ask: {payments: {card: Llanowar Elves, player: Alice}}
        expect: {count: 1}
        """, "You may spend mana as though it were mana of any color to cast creature spells you control."),  # CR 609.4b
    "delve": ("""\
        battlefield:
          Alice: [Island]
        graveyard:
          Alice: [Opt, Opt, Opt, Opt, Opt, Opt, Opt]
        ask: {delve: {card: Treasure Cruise, player: Alice}}
        expect: {castable: true}
        """, "Spells you cast from your hand cost {1} more to cast for each card in your graveyard."),  # CR 601.2f
    "scry": ("""\
        library:
          Alice: [Island, Forest]
        ask: {scry: {player: Alice, n: 1}}
        expect: {looked_at: 1}
        """, "If you would scry a number of cards, draw that many cards instead."),  # CR 614.1a
    "entering_x": ("""\
        ask:
          entering_x: {card: Endless One, put_by: Hypergenesis}
        expect: {x: 0}
        """, "Each creature enters with an additional +1/+1 counter on it."),  # CR 614.1c
}


@pytest.mark.parametrize("kind", sorted(CASES))
def test_relevant_unmodelled_sentence_makes_the_answer_unsupported(tmp_path, db, kind):
    """Never a silent wrong answer: a sentence that could change the answer and that nothing models makes it
    unsupported, naming the card and the sentence."""
    body, sentence = CASES[kind]
    res = _run(tmp_path, db, body, sentence)
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert "Odd Thing" in res.message and sentence.rstrip(".") in res.message


@pytest.mark.parametrize("kind", sorted(CASES))
def test_irrelevant_unmodelled_sentence_does_not_block_the_answer(tmp_path, db, kind):
    """A power/toughness change (layer 7, CR 613.4) changes none of these answers: they are still given."""
    body, _ = CASES[kind]
    res = _run(tmp_path, db, body, IRRELEVANT)
    assert res.verdict == "pass", (res.verdict, res.message)


def test_every_question_kind_declares_its_topics():
    """Each question kind says what its answer depends on; the one that declares none says why here:
    validate_deck reads deck-building text in models/text/deck.py (CR 100.2). trigger_order depends on triggering
    text only after a process (CR 603.2, 603.6a); labels given by hand are ordered whatever they do (603.3b)."""
    handlers = load_handlers()
    undeclared = {k for k, r in handlers.items() if not r.topics and r.topics_of is None}
    assert undeclared <= {"validate_deck"}
    assert handlers["cast"].topics_of is not None and handlers["activate"].topics_of is not None
    assert handlers["trigger_order"].topics_of is not None


def test_unmodelled_text_of_a_card_in_the_hand_counts_only_where_it_functions(tmp_path, db):
    """CR 113.6: the abilities of a card in a hand work only if they say so; an enchantment card's static ability
    in a hand does nothing (113.6a), so the answer is given."""
    body, sentence = CASES["could_produce"]
    res = _run(tmp_path, db, body, sentence, where="hand")
    assert res.verdict == "pass", res.message


def test_topics_are_never_empty_and_unknown_wording_gets_every_topic():
    """An unknown sentence could change anything ("when unsure: every topic")."""
    from mtgcheck.models.text.topics import classify

    assert classify("Fnord the blorp.") == ALL_TOPICS
    assert classify("Players can't search libraries.")  # some topic, never empty
    assert Topic.MANA_PRODUCTION in classify("Lands tapped for mana produce {C} instead.", "static")


# ---- the typed-reading rows (real cards) --------------------------------------------------------------------

ROWS = [
    # (scenario, expected verdict, a word the answer or message must contain)
    ("""\
     title: Hall of Gemstone (blue chosen this turn) makes a Forest produce {U} (CR 106.7, 614.1a)
     battlefield: {Alice: [Forest, {card: Hall of Gemstone, choices: {color: U}}]}
     ask: {could_produce: Forest}
     expect: [U]
     """, "pass", ""),
    ("""\
     title: Reality Twist makes Forests produce {B} (CR 614.1a)
     battlefield: {Alice: [Forest, Reality Twist]}
     ask: {could_produce: Forest}
     expect: [B]
     """, "pass", ""),
    ("""\
     title: Chaos Moon's upkeep count (odd or even) is not modelled, so what a Mountain produces is unsupported
     battlefield: {Alice: [Mountain, Chaos Moon]}
     ask: {could_produce: Mountain}
     expect: [R]
     """, "unsupported", "Chaos Moon"),
    ("""\
     title: Caged Sun adds one additional mana of the chosen colour when a land's ability adds that colour (CR 605.1b, 605.4a)
     battlefield: {Alice: [Forest, {card: Caged Sun, choices: {color: G}}]}
     ask: {available_mana: {player: Alice}}
     expect: {pools: ["{G}{G}"]}
     """, "pass", ""),
    ("""\
     title: Regal Behemoth's monarch condition is read (CR 724, the conditions read) - Alice is not the monarch
     battlefield: {Alice: [Forest, Regal Behemoth]}
     ask: {available_mana: {player: Alice}}
     expect: {pools: ["{G}"]}
     """, "pass", ""),
    ("""\
     title: Thousand-Year Elixir lets a sick creature tap (CR 302.6)
     battlefield: {Alice: [{card: Llanowar Elves, sick: true}, Thousand-Year Elixir]}
     ask: {activate: {permanent: Llanowar Elves, ability: 1}}
     expect: {activatable: true}
     """, "pass", ""),
    ("""\
     title: Incubation Druid reflects the lands (CR 106.7, the mana amounts read)
     battlefield: {Alice: [Incubation Druid, Island]}
     ask: {could_produce: Incubation Druid}
     expect: [U]
     """, "pass", ""),
    ("""\
     title: Elvish Spirit Guide exiled from the hand pays; Lion's Eye Diamond cannot (CR 113.6m, 602.5e, 605.3a)
     hand: {Alice: [Elvish Spirit Guide, Llanowar Elves]}
     battlefield: {Alice: [Lion's Eye Diamond]}
     ask: {cast: {card: Llanowar Elves, player: Alice}}
     expect: {castable: true}
     """, "pass", ""),
    ("""\
     title: Lion's Eye Diamond cannot pay for a spell cast from the hand (CR 602.5e, 605.3a; ruling 2004-10-04)
     hand: {Alice: [Llanowar Elves]}
     battlefield: {Alice: [Lion's Eye Diamond]}
     ask: {cast: {card: Llanowar Elves, player: Alice}}
     expect: {castable: false}
     """, "pass", ""),
    ("""\
     title: Kaervek's Spite sacrifices all permanents, payable with none (CR 601.2g-h)
     battlefield: {Alice: [Swamp, Swamp, Swamp]}
     hand: {Alice: ["Kaervek's Spite"]}
     ask: {cast: {card: "Kaervek's Spite", player: Alice}}
     expect: {castable: true}
     """, "pass", ""),
    ("""\
     title: Simian Spirit Guide's ability works only from the hand (CR 113.6m)
     battlefield: {Alice: [Simian Spirit Guide]}
     ask: {could_produce: Simian Spirit Guide}
     expect: []
     """, "pass", ""),
    ("""\
     title: Doubling Cube doubles the mana in the pool, so it could produce the pool's types (CR 605.1a, 106.4, 106.7)
     pool: {Alice: "{R}"}
     battlefield: {Alice: [Doubling Cube]}
     ask: {could_produce: Doubling Cube}
     expect: [R]
     """, "pass", ""),
    ("""\
     title: Doubling Cube's doubled pool after other mana abilities is not modelled (CR 106.4, 605.3a)
     pool: {Alice: "{R}"}
     battlefield: {Alice: [Doubling Cube, Mountain]}
     ask: {available_mana: Alice}
     expect: {pools: ["{R}{R}"]}
     """, "unsupported", "Doubling Cube"),
    ("""\
     title: Counterspell with an empty stack has no legal target (CR 601.2c)
     battlefield: {Alice: [Island, Island]}
     hand: {Alice: [Counterspell]}
     ask: {cast: {card: Counterspell, player: Alice}}
     expect: {castable: false}
     """, "pass", ""),
]


@pytest.mark.parametrize("i", range(len(ROWS)))
def test_typed_reading_rows_answer_or_refuse(tmp_path, real_db, i):
    """The typed-reading table: each row answers as the rules say, or unsupported naming the sentence — never the old
    wrong answer."""
    body, verdict, word = ROWS[i]
    p = tmp_path / "row.yaml"
    p.write_text("players: [Alice, Bob]\nsource: CR 106.7, 601.2\n" + textwrap.dedent(body))
    (sc,) = load_scenarios(p)
    res = run_scenario(sc, real_db)
    assert res.verdict == verdict, (res.verdict, res.message)
    assert word in (res.message or "")


def test_haste_grant_on_a_scenario_card_is_read(tmp_path, db):
    """A card defined in `cards:` with oracle text "Haste" and no keyword list has haste (CR 702.10, 302.6)."""
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent("""\
        players: [Alice, Bob]
        cards:
          Hasty Mana:
            mana_cost: "{1}{R}"
            type_line: Creature — Goblin
            oracle_text: "Haste\\n{T}: Add {R}."
        battlefield: {Alice: [{card: Hasty Mana, sick: true}]}
        ask: {activate: {permanent: Hasty Mana, ability: 1}}
        expect: {activatable: true}
        """))
    (sc,) = load_scenarios(p)
    res = run_scenario(sc, db)
    assert res.verdict == "pass", res.message


def test_mana_ability_with_an_unmodelled_cost_part_makes_no_payment_unsupported_cr_605_3b(answer, real_db):
    """Squandered Resources ("Sacrifice a land: Add one mana of any type the sacrificed land could
    produce") with a tapped Forest can pay {G} for Llanowar Elves (CR 106.7: tapped does not matter; CR 605.3b):
    the payment sacrifices the Forest. A mana ability whose cost part is still not modelled (Cadaverous Bloom's
    "Exile a card from your hand") makes "not castable" unsupported, naming the card and the part.
    With an untapped Forest a payment exists without it."""
    r = answer("""\
        players: [Alice, Bob]
        battlefield:
          Alice: [Squandered Resources, {card: Forest, tapped: true}]
        hand:
          Alice: [Llanowar Elves]
        ask:
          cast: {card: Llanowar Elves}
        expect:
          castable: true
        """, real_db)
    assert r.verdict == "pass", r.message
    assert [u["source"] for u in r.answer.values["payment"]["uses"]] == ["Forest"]
    r = answer("""\
        players: [Alice, Bob]
        battlefield:
          Alice: [Squandered Resources, {card: Island, tapped: true}]
        hand:
          Alice: [Llanowar Elves]
        ask:
          cast: {card: Llanowar Elves}
        expect:
          castable: false
        """, real_db)
    assert r.verdict == "pass", r.message  # an Island could produce only {U} (CR 106.7)
    r = answer("""\
        players: [Alice, Bob]
        battlefield:
          Alice: [Cadaverous Bloom]
        hand:
          Alice: [Llanowar Elves, Island]
        ask:
          cast: {card: Llanowar Elves}
        """, real_db)
    assert r.verdict == "unsupported"
    assert "Cadaverous Bloom" in r.message and "Exile a card from your hand" in r.message
    r = answer("""\
        players: [Alice, Bob]
        battlefield:
          Alice: [Squandered Resources, Forest]
        hand:
          Alice: [Llanowar Elves]
        ask:
          cast: {card: Llanowar Elves}
        expect:
          castable: true
        """, real_db)
    assert r.verdict == "pass"


def test_half_mana_symbol_is_unsupported_not_a_question_error_cr_107_4(answer, real_db):
    """Little Girl costs {HW}, an Un-set half-mana symbol for which CR 107.4 gives no way of paying: the
    question is well formed, so the answer is unsupported naming the symbol — neither an error nor "free"."""
    r = answer("""\
        players: [Alice, Bob]
        battlefield:
          Alice: [Plains]
        hand:
          Alice: [Little Girl]
        ask:
          cast: {card: Little Girl}
        """, real_db)
    assert r.verdict == "unsupported"
    assert "{HW}" in r.message
