"""The gate's precision, a fourth set: an activated keyword that works only from a hand, a change of how
often boast abilities may be activated, and the catalog's model of The Great Henge's mana ability."""
from __future__ import annotations

from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.text.topics import classify

from tests.scenario_text import run


def _ask(tmp_path, db, perms: str, ask: str, hand: str = "[]"):
    return run(tmp_path, db, f"""
    players: [Alice, Bob]
    battlefield:
      Alice: [{perms}]
    hand:
      Alice: {hand}
    ask: {ask}
    """)


def test_reinforce_works_only_from_a_hand_cr_702_77a(tmp_path, real_db):
    """CR 702.77a: "Reinforce 1—{1}{W}" means "{1}{W}, Discard this card: Put a +1/+1 counter on target creature", an
    ability that functions only in a hand (113.6m). On the battlefield Rustic Clachan is a land that taps for {W}
    (its entering line applies only as it enters, 614.12); in a hand its unmodelled parameter still counts."""
    r = _ask(tmp_path, real_db, "{card: Rustic Clachan, id: r}, Forest", "{could_produce: {id: r}}")
    assert r.verdict != "unsupported" and r.answer.values["types"] == ["W"]
    r = _ask(tmp_path, real_db, "{card: Rustic Clachan, id: r}, Forest", "{available_mana: Alice}")
    assert r.answer.values["pools"] == ["{W}{G}"]
    r = _ask(tmp_path, real_db, "Forest", "{available_mana: Alice}", hand="[Rustic Clachan]")
    assert r.verdict == "unsupported" and "Rustic Clachan (Alice's hand)" in r.message


def test_boast_twice_is_an_activation_limit_cr_702_142a():
    """CR 702.142a: a boast ability may be activated "only once each turn"; "can boast twice ... rather than once"
    (Birgi) changes only that limit (602.5): the activation topic alone, no mana topic."""
    assert classify("Creatures you control can boast twice during each of your turns rather than once.") == frozenset(
        {Topic.ACTIVATION})
    # a sentence that says more is not this shape
    assert classify("Creatures you control can boast twice during each of your turns rather than once and have haste.") \
        != frozenset({Topic.ACTIVATION})


def test_birgi_could_produce_red_cr_106_7(tmp_path, real_db):
    """CR 106.7, 605.5a: Birgi's "Whenever you cast a spell, add {R}" is read as if it resolved now: it could produce
    {R}; its boast line changes no mana (CR 702.142a). available_mana, which reads activation limits of every
    ability that could be a mana ability, stays unsupported on it."""
    r = _ask(tmp_path, real_db, '{card: "Birgi, God of Storytelling // Harnfel, Horn of Bounty", id: b}',
             "{could_produce: {id: b}}")
    assert r.verdict != "unsupported" and r.answer.values["types"] == ["R"]
    r = _ask(tmp_path, real_db, '"Birgi, God of Storytelling // Harnfel, Horn of Bounty", Forest', "{available_mana: Alice}")
    assert r.verdict == "unsupported" and "boast twice" in r.message


def test_great_henge_catalog_model_taps_for_two_green_cr_605_1a(tmp_path, real_db):
    """The Great Henge: "{T}: Add {G}{G}. You gain 2 life." is a mana ability (CR 605.1a); gaining life is a rider that
    happens as it resolves and makes or costs no mana (106.3): with a Forest, the one pool is {G}{G}{G}."""
    r = _ask(tmp_path, real_db, "{card: The Great Henge, id: h}, Forest", "{available_mana: Alice}")
    assert r.answer.values["pools"] == ["{G}{G}{G}"]
    r = _ask(tmp_path, real_db, "{card: The Great Henge, id: h}", "{could_produce: {id: h}}")
    assert r.answer.values["types"] == ["G"]


def test_another_activated_ability_cr_602_5(tmp_path, real_db):
    """CR 602.5, 605.1a: Tazri's granted "{T}: Add one mana of any of this creature's colors. ... Activate only if this
    creature has another activated ability." — Llanowar Elves has its own mana ability (an activated ability), Tazri
    its mill ability; Grizzly Bears has none besides the granted one, so it adds nothing."""
    r = _ask(tmp_path, real_db, '"Tazri, Stalwart Survivor", Grizzly Bears, Llanowar Elves', "{available_mana: Alice}")
    pools = r.answer.values["pools"]
    assert r.verdict != "unsupported" and len(pools) == 2
    assert all(p.count("{") == 2 for p in pools)  # Tazri's one and the Elves' one: the Bears add none


def test_attack_trigger_counts_at_least_the_attacker_cr_508_1(tmp_path, real_db):
    """CR 508.1, 603.2c, 106.7: "Whenever Tesak attacks, add {R} for each attacking creature" — the attack that triggers
    it makes at least one creature attacking, so read as if it resolved now it could produce {R} (not nothing, which
    the board outside combat would say)."""
    from mtgcheck.models.vocab.behaviour import abilities_of
    from mtgcheck.models.vocab.amounts import CountOf, EventAmount
    from mtgcheck.models.vocab.mana_effects import TriggeredAddMana

    (t,) = [a for a in abilities_of(real_db.get("Tesak, Judith's Hellhound")) if isinstance(a.effect, TriggeredAddMana)]
    amt = t.effect.output.amount
    assert isinstance(amt, EventAmount) and amt.of == "attack" and isinstance(amt.reads, CountOf)
    r = _ask(tmp_path, real_db, "{card: \"Tesak, Judith's Hellhound\", id: t}", "{could_produce: {id: t}}")
    assert r.verdict != "unsupported" and r.answer.values["types"] == ["R"]


def test_a_die_rolled_after_the_mana_changes_no_mana_cr_706_1():
    """CR 706.1, 705.1, 605.1b: a mana ability's rider that only rolls a die or flips a coin ("Roll a d20.", Vexing
    Puzzlebox) makes and costs no mana; what it may trigger uses the stack. A rider that acts on the result is not this
    shape."""
    for t in ("Roll a d20.", "Roll a six-sided die.", "Flip a coin."):
        assert classify(t, "rider") == frozenset({Topic.RESOLUTION, Topic.TRIGGERS})
    assert classify("Roll a d20. If you roll 1, sacrifice this artifact.", "rider") != frozenset(
        {Topic.RESOLUTION, Topic.TRIGGERS})


def test_vexing_puzzlebox_could_produce_any_color_cr_106_7(tmp_path, real_db):
    """CR 106.7: Vexing Puzzlebox's "{T}: Add one mana of any color. Roll a d20." could produce each colour."""
    r = _ask(tmp_path, real_db, "{card: Vexing Puzzlebox, id: v}", "{could_produce: {id: v}}")
    assert r.verdict != "unsupported" and r.answer.values["types"] == ["W", "U", "B", "R", "G"]


def test_that_players_artifacts_are_a_number_of_the_event_cr_106_7(tmp_path, real_db):
    """CR 106.7, 603.4, 605.5a: Blinkmoth Urn's "At the beginning of each player's first main phase, if this artifact is
    untapped, that player adds {C} for each artifact they control": "they" is the player the event names; read as if it
    resolved now, untapped it could produce {C} (its controller controls it, an artifact, at their own phase); tapped,
    its intervening "if" fails now and it could produce nothing."""
    from mtgcheck.models.vocab.behaviour import abilities_of
    from mtgcheck.models.vocab.amounts import CountOf, EventAmount
    from mtgcheck.models.vocab.mana_effects import TriggeredAddMana

    (t,) = [a for a in abilities_of(real_db.get("Blinkmoth Urn")) if isinstance(a.effect, TriggeredAddMana)]
    amt = t.effect.output.amount
    assert isinstance(amt, EventAmount) and amt.of == "player" and amt.whose == "any"
    assert isinstance(amt.reads, CountOf) and amt.reads.filter.controller == "you"  # "they": the event's player
    r = _ask(tmp_path, real_db, "{card: Blinkmoth Urn, id: u}", "{could_produce: {id: u}}")
    assert r.answer.values["types"] == ["C"]
    r = _ask(tmp_path, real_db, "{card: Blinkmoth Urn, id: u, tapped: true}", "{could_produce: {id: u}}")
    assert r.answer.values["types"] == []
