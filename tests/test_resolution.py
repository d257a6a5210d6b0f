"""Resolution questions: scry, spell instructions in order, Hypergenesis-style processes,
APNAP trigger order and X on entering.

Every expected value is worked out by hand from the cited rule or ruling (the comment next to
it shows the arithmetic), never taken from running the code.
"""
from __future__ import annotations

import dataclasses
import math
import textwrap

import pytest

import mtgcheck.models.text.resolution as rt
import mtgcheck.solver.questions.resolution as sr
from mtgcheck.models.vocab.resolution import EntersWithCounters
from mtgcheck.models.vocab.amounts import VariableX
from mtgcheck.models.data.database import load_database
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.models.data.scenario import load_scenarios
from mtgcheck.solver.questions.resolution import (
    CountBudgetExceeded, count_process_outcomes, count_scry_results, count_scry_results_first_occurrence,
    count_trigger_orders, entering_x,
    iter_scry_results, iter_trigger_stacks, multinomial, scry_choice_count, scry_outcomes, witness_sequence,
)
from mtgcheck.solver.questions.runner import ERROR, PASS, UNSUPPORTED, run_scenario


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def run(tmp_path, db, text, limit=50):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    (sc,) = load_scenarios(p)
    return run_scenario(sc, db, {"limit": limit})


# ---------------------------------------------------------------------------
# Scry counts (CR 701.22a)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("k", range(0, 9))
def test_cr_701_22a_choices_is_sum_of_splits_and_orders(k):
    """CR 701.22a: choose j cards for the bottom, order both piles: sum_j C(k,j) j! (k-j)! = (k+1)!."""
    by_definition = sum(math.comb(k, j) * math.factorial(j) * math.factorial(k - j) for j in range(k + 1))
    assert scry_choice_count(k) == by_definition == math.factorial(k + 1)


def test_cr_701_22a_scry_2_lists_all_six_libraries():
    """CR 701.22a; scry ruling (all on top, all on the bottom, or some on top and the rest on the bottom)."""
    out = scry_outcomes(["A", "B", "C"], 2)
    assert out["choices"] == 6
    assert sorted(map(tuple, out["results"])) == sorted([
        ("A", "B", "C"), ("B", "A", "C"),          # both on top, either order
        ("A", "C", "B"), ("B", "C", "A"),          # one on top, the other on the bottom
        ("C", "A", "B"), ("C", "B", "A"),          # both on the bottom, either order (ruling: order either pile)
    ])


def test_cr_701_22b_scry_0_is_no_scry_event():
    """CR 701.22b: scry 0 — no scry event; the library is unchanged."""
    out = scry_outcomes(["A", "B"], 0)
    assert out["scried"] is False
    assert out["choices"] == 1 and out["results"] == [["A", "B"]]


def test_cr_701_22a_fewer_cards_than_n():
    """CR 701.22a: with 2 cards left, scry 5 looks at 2; (2+1)! = 6 decisions but only 2 libraries (AB, BA)."""
    out = scry_outcomes(["A", "B"], 5)
    assert out["looked_at"] == 2 and out["choices"] == 6 and out["distinct_results"] == 2


def test_cr_701_22a_same_names_are_interchangeable():
    """Two Islands seen: only the number sent to the bottom matters (0, 1 or 2) -> 3 libraries."""
    assert count_scry_results(["Island", "Island"], ["Bolt", "Forest"]) == 3


def test_cr_701_22a_distinct_results_when_the_rest_repeats_a_seen_card():
    """CR 701.22a. Library I B I, scry 2 (sees I, B; rest I). The six decisions (top | bottom) give
    IB|-: IBI, BI|-: BII, I|B: IIB, B|I: BII, -|IB: IIB, -|BI: IBI -> 3 distinct libraries."""
    assert count_scry_results(["I", "B"], ["I"]) == 3


def test_cr_701_22a_scry_10_counts_without_enumerating():
    """(10+1)! = 39,916,800 decisions; with 60 different cards every decision gives a different library."""
    lib = [f"c{i}" for i in range(60)]
    out = scry_outcomes(lib, 10, limit=5)
    assert out["choices"] == 39_916_800
    assert out["distinct_results"] == 39_916_800
    assert len(out["results"]) == 5 and out["capped"] is True


def test_cr_701_22a_rest_also_among_the_looked_at_cards():
    """CR 701.22a. Library A B A B, scry 2 (sees A, B; rest A B). Decisions (top | bottom):
    AB|-: ABAB, BA|-: BAAB, A|B: AABB, B|A: BABA, -|AB: ABAB, -|BA: ABBA -> 5 distinct of 6
    (ABAB twice: the rest can sit at two places, a second copy of it was looked at)."""
    assert count_scry_results(["A", "B"], ["A", "B"]) == 5


def test_cr_701_22a_periodic_rest_overlapping_twice():
    """CR 701.22a. Library B A A B A, scry 2 (sees B, A; rest A B A, which overlaps itself by one card).
    BA|-: BAABA, AB|-: ABABA, B|A: BABAA, A|B: AABAB, -|BA: ABABA, -|AB: ABAAB -> 5 distinct of 6
    (ABABA holds the rest at two overlapping places)."""
    assert count_scry_results(["B", "A"], ["A", "B", "A"]) == 5
    assert len({tuple(r["library"]) for r in iter_scry_results(["B", "A"], ["A", "B", "A"])}) == 5


def test_cr_701_22a_scry_of_a_cycling_library_matches_the_first_occurrence_count():
    """CR 701.22a, QA finding 7: a library of names in a strict cycle (the shape of 15 names x 4, scry 30), here
    6 names x 4, scry 12: the cluster count equals the independent first-occurrence count exactly."""
    lib = [f"c{i % 6}" for i in range(24)]
    assert count_scry_results(lib[:12], lib[12:]) == count_scry_results_first_occurrence(lib[:12], lib[12:])


def test_cr_701_22a_scry_of_a_cycling_library_matches_brute_force():
    """CR 701.22a: after scrying, the library is T + rest + B, where T (on top, in order) and B (on the bottom,
    in order) split the looked-at cards. 3 names x 4 in a cycle, scry 6: every order of the 6 looked-at
    cards and every split point, collected as distinct libraries."""
    import itertools

    lib = [f"c{i % 3}" for i in range(12)]
    looked, rest = lib[:6], lib[6:]
    seen = {tuple(p[:t]) + tuple(rest) + tuple(p[t:]) for p in itertools.permutations(looked) for t in range(7)}
    assert count_scry_results(looked, rest) == len(seen)


def test_cr_701_22a_count_over_budget_is_null_not_a_guess():
    """Exhaustive means exhaustive: when the distinct-results count would exceed its state budget, it is
    reported as None with the reason, while looked_at, choices ((k+1)!, CR 701.22a) and the capped
    lazy listing are still answered."""
    lib = ["Island", "Opt"] * 30
    with pytest.raises(CountBudgetExceeded):
        count_scry_results(lib[:40], lib[40:], budget=3)
    out = scry_outcomes(lib, 40, limit=3, budget=3)
    assert out["distinct_results"] is None
    assert out["distinct_note"].startswith("not computed: exceeds budget (")
    assert out["looked_at"] == 40 and out["choices"] == math.factorial(41)
    assert len(out["results"]) == 3 and out["capped"] is True


def test_cr_701_22a_over_budget_answer_through_the_runner(tmp_path, db, monkeypatch):
    """The scenario answer carries distinct_results: null and says why (no hang, no guess)."""
    import mtgcheck.solver.questions.resolution as res
    monkeypatch.setattr(res, "SCRY_COUNT_STATE_BUDGET", 3)
    lib = ", ".join(["Island, Opt"] * 15)
    r = run(tmp_path, db, f"""
        title: budget
        source: CR 701.22a
        players: [Alice]
        library:
          Alice: [{lib}]
        ask:
          scry: {{player: Alice, n: 20}}
        expect:
          distinct_results: null
          looked_at: 20
          choices: 51090942171709440000
        """, limit=2)
    assert r.verdict == PASS, r.mismatches
    assert any("not computed: exceeds budget" in w for w in r.answer.explanation)


def test_scry_listing_is_lazy():
    """The listing is a generator: taking 3 items of a 12-card scry does not enumerate 13! decisions."""
    gen = iter_scry_results([f"c{i}" for i in range(12)], ["x"])
    first = [next(gen) for _ in range(3)]
    assert len({tuple(r["library"]) for r in first}) == 3


# ---------------------------------------------------------------------------
# Spells: instructions in order (CR 608.2c) and illegal targets (CR 608.2b)
# ---------------------------------------------------------------------------


def test_scry_ruling_preordain_scries_before_drawing(tmp_path, db):
    """Scry ruling (actions in sequence) / CR 608.2c: Preordain can draw either card seen or the third one."""
    res = run(tmp_path, db, """\
        players: [Alice]
        library: {Alice: [Island, Lightning Bolt, Forest, Grizzly Bears]}
        ask: {scry: {spell: Preordain, player: Alice}}
        """)
    assert res.verdict != ERROR, res.message
    assert res.answer.values["order"] == ["scry 2", "draw 1"]
    assert sorted(map(tuple, res.answer.values["draws"])) == [("Forest",), ("Island",), ("Lightning Bolt",)]


def test_scry_ruling_serum_visions_draws_before_scrying(tmp_path, db):
    """Scry ruling (for some spells you scry last) / CR 608.2c: Serum Visions always draws the top card."""
    res = run(tmp_path, db, """\
        players: [Alice]
        library: {Alice: [Island, Lightning Bolt, Forest, Grizzly Bears]}
        ask: {scry: {spell: Serum Visions, player: Alice}}
        """)
    assert res.answer.values["draws"] == [["Island"]]
    assert res.answer.values["outcomes"] == 6  # scry 2 of Bolt, Forest with Bears below: (2+1)! = 6 libraries


def test_cr_608_2b_all_targets_illegal_no_scry(tmp_path, db):
    """CR 608.2b; scry ruling: Magma Jet whose target is illegal does not resolve, so there is no scry."""
    res = run(tmp_path, db, """\
        players: [Alice, Bob]
        library: {Alice: [Island, Forest]}
        ask: {scry: {spell: Magma Jet, player: Alice, targets_legal: false}}
        """)
    assert res.answer.values["resolves"] is False
    assert res.answer.values["scried"] is False
    assert res.answer.values["results"] == [{"drawn": [], "library": ["Island", "Forest"]}]


def test_cr_608_2b_targets_legal_only_for_targeted_spells(tmp_path, db):
    """CR 608.2b speaks of spells that target: Opt has no target, so 'targets_legal' is a question error."""
    res = run(tmp_path, db, """\
        players: [Alice]
        library: {Alice: [Island]}
        ask: {scry: {spell: Opt, player: Alice, targets_legal: false}}
        """)
    assert res.verdict == ERROR and "no targets" in res.message


def test_cr_121_4_drawing_from_too_small_a_library(tmp_path, db):
    """CR 121.4, 704.5b: Serum Visions with an empty library draws nothing; the explanation says so."""
    res = run(tmp_path, db, """\
        players: [Alice]
        ask: {scry: {spell: Serum Visions, player: Alice}}
        """)
    assert res.answer.values["draws"] == [[]]
    assert any("704.5b" in line for line in res.answer.explanation)


# ---------------------------------------------------------------------------
# Processes (Hypergenesis rulings 2006-09-25, 2006-10-15; CR 110.4a)
# ---------------------------------------------------------------------------


def test_hypergenesis_2006_09_25_count_with_duplicates():
    """Ruling 2006-09-25: any sub-multiset per player. Hands {A,A,B} and {C}: (2+1)(1+1) * (1+1) = 12."""
    assert count_process_outcomes({"P1": ["A", "A", "B"], "P2": ["C"]}) == 12


def test_show_and_tell_2008_04_01_one_card_each():
    """Show and Tell ruling 2008-04-01: one card each. Hands {A,A,B} and {C}: (2+1) * (1+1) = 6."""
    assert count_process_outcomes({"P1": ["A", "A", "B"], "P2": ["C"]}, repeat=False) == 6


def test_hypergenesis_2006_09_25_witness_ends_after_n_declines():
    """Ruling 2006-09-25: the process ends only when all N players in sequence decline."""
    moves = witness_sequence({"P1": ["A", "A"], "P2": ["C"], "P3": []}, ["P1", "P2", "P3"])
    # ends right after three declines in a row, one by each player
    assert sorted(moves[-3:]) == ["P1 declines", "P2 declines", "P3 declines"]
    assert "declines" not in moves[-4]
    assert moves.count("P1 puts A") == 2 and "P2 puts C" in moves
    # P3 declined first, yet the process went on (it does not end at the first decline)
    assert moves.index("P3 declines") < moves.index("P1 puts A", 1)


def test_cr_110_4a_permanent_card_includes_battle():
    """CR 110.4a (current): a permanent card is an artifact, battle, creature, enchantment, land or planeswalker card."""
    assert rt.parse_card_kind("permanent") == ["artifact", "battle", "creature", "enchantment", "land", "planeswalker"]
    assert rt.parse_card_kind("artifact, creature, enchantment, or land") == ["artifact", "creature", "enchantment", "land"]


def test_hypergenesis_put_must_be_in_hand(tmp_path, db):
    """Ruling 2006-09-25: cards come from the player's hand; asking about a card not there is an error."""
    res = run(tmp_path, db, """\
        players: [Alice, Bob]
        hand: {Alice: [Wall of Omens]}
        ask:
          trigger_order:
            after: {spell: Hypergenesis, player: Alice, put: {Alice: [Siege Rhino]}}
        """)
    assert res.verdict == ERROR and "Siege Rhino" in res.message


def test_hypergenesis_other_enters_triggers_are_not_guessed(tmp_path, db):
    """A 'whenever another creature enters' trigger depends on the order of entry (CR 603.6a; Hypergenesis ruling
    2006-10-15: triggers wait until resolution is complete): reported unsupported, not guessed."""
    res = run(tmp_path, db, """\
        players: [Alice, Bob]
        cards:
          Test Warden: {mana_cost: "{W}", type_line: Creature — Human Cleric, power: "1", toughness: "1",
                        oracle_text: "Whenever another creature enters, you gain 1 life."}
        battlefield: {Alice: [Test Warden]}
        hand: {Alice: [Wall of Omens]}
        ask:
          trigger_order:
            after: {spell: Hypergenesis, player: Alice, put: {Alice: [Wall of Omens]}}
        """)
    assert res.verdict == UNSUPPORTED


# ---------------------------------------------------------------------------
# Trigger order (CR 603.3b)
# ---------------------------------------------------------------------------


def test_cr_603_3b_orders_multiply_per_player():
    """CR 603.3b: each player orders their own. {A,A,B} -> 3!/2! = 3; {C,D} -> 2; total 6."""
    assert count_trigger_orders({"P1": ["A", "A", "B"], "P2": ["C", "D"]}) == 6
    assert multinomial([2, 1]) == 3


def test_cr_603_3b_active_player_first_on_the_stack():
    """CR 603.3b, 101.4: the active player's abilities go on first (bottom); the last player's resolve first."""
    stacks = list(iter_trigger_stacks({"P1": ["A"], "P2": ["B"]}, ["P2", "P1"]))
    assert stacks == [["P2: B", "P1: A"]]


def test_hypergenesis_2006_10_15_triggers_from_entered_cards(tmp_path, db):
    """Ruling 2006-10-15: every enters trigger waits; APNAP; Alice (active) 2 triggers -> 2 orders, Bob's on top."""
    res = run(tmp_path, db, """\
        players: [Alice, Bob]
        hand: {Alice: [Wall of Omens, Siege Rhino, Grizzly Bears], Bob: [Elvish Visionary]}
        ask:
          trigger_order:
            after: {spell: Hypergenesis, player: Alice, put: {Alice: [Wall of Omens, Siege Rhino, Grizzly Bears], Bob: [Elvish Visionary]}}
        """)
    assert res.verdict != ERROR, res.message
    v = res.answer.values
    assert v["orders"] == 2
    assert v["resolves_first"] == "Bob"
    assert all(s[-1] == "Bob: Elvish Visionary" for s in v["stacks"])


# ---------------------------------------------------------------------------
# X on entering (CR 107.3m)
# ---------------------------------------------------------------------------


def test_cr_107_3m_enters_replacement_uses_spell_x(db):
    """CR 107.3m: Endless One cast with X=5 enters with 5 counters; its own X (mana value) is 0."""
    out = entering_x(db.get("Endless One"), 5, cast=True)
    assert out["x"] == 5 and out["counters"] == {"+1/+1": 5} and out["mana_value"] == 0


def test_cr_107_3m_not_cast_means_x_0(db):
    """CR 107.3m needs a spell; Hypergenesis ruling 2006-09-25: treat X as zero."""
    out = entering_x(db.get("Wan Shi Tong, Librarian"), 0, cast=False)
    assert out["x"] == 0 and out["mana_value"] == 2  # {X}{U}{U} with X = 0


def test_cr_107_3m_card_without_x_rejects_x(db):
    with pytest.raises(ValueError):
        entering_x(db.get("Grizzly Bears"), 2)


# ---------------------------------------------------------------------------
# Oracle-text parsers on the real card data (read in place from ../shared)
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def oracle(real_db):
    """The cards from the session's 32k-card database (tests/conftest.py), without catalog models, so their
    oracle text is parsed."""
    wanted = {"Opt", "Preordain", "Serum Visions", "Magma Jet", "Hypergenesis", "Eureka", "Show and Tell",
              "Endless One", "Wan Shi Tong, Librarian", "Siege Rhino", "Emrakul, the Aeons Torn", "Soul Warden"}
    return {n: dataclasses.replace(real_db.get(n), abilities=None) for n in wanted}


def _steps(card):
    steps, unknown = sr.spell_steps(parse_abilities(card))
    assert not unknown
    return [(s.action, s.n) for s in steps]


def test_parser_instruction_order_from_oracle_text(oracle):
    """CR 608.2c: Preordain scry then draw; Serum Visions draw then scry; Opt scry 1 then draw (two lines)."""
    assert _steps(oracle["Preordain"]) == [("scry", 2), ("draw", 1)]
    assert _steps(oracle["Serum Visions"]) == [("draw", 1), ("scry", 2)]
    assert _steps(oracle["Opt"]) == [("scry", 1), ("draw", 1)]
    assert _steps(oracle["Magma Jet"]) == [("damage", 2), ("scry", 2)]


def test_parser_processes_from_oracle_text(oracle):
    """Hypergenesis names four types; Eureka's 'permanent card' is CR 110.4a's six; Show and Tell does not repeat."""
    h = sr.process_of(parse_abilities(oracle["Hypergenesis"]))
    e = sr.process_of(parse_abilities(oracle["Eureka"]))
    s = sr.process_of(parse_abilities(oracle["Show and Tell"]))
    assert list(h.effect.kinds) == ["artifact", "creature", "enchantment", "land"] and h.effect.repeat is True
    assert "battle" in e.effect.kinds and "planeswalker" in e.effect.kinds and e.effect.repeat is True
    assert s.effect.repeat is False


def test_parser_enters_abilities_and_x(oracle):
    """CR 614.1c (Endless One enters with X counters), 603.6a (enters triggers), cast triggers kept apart."""
    eo = parse_abilities(oracle["Endless One"])
    assert any(isinstance(a.effect, EntersWithCounters) and isinstance(a.effect.amount, VariableX) for a in eo)
    wst = parse_abilities(oracle["Wan Shi Tong, Librarian"])
    assert any(sr.is_self_etb_trigger(a) and a.effect.refers_to_x for a in wst)
    rhino = parse_abilities(oracle["Siege Rhino"])
    assert any(sr.is_self_etb_trigger(a) and not a.effect.refers_to_x for a in rhino)
    emrakul = parse_abilities(oracle["Emrakul, the Aeons Torn"])
    assert any(sr.is_cast_trigger(a) for a in emrakul) and not any(sr.is_self_etb_trigger(a) for a in emrakul)
    assert any(sr.is_other_enters_trigger(a) for a in parse_abilities(oracle["Soul Warden"]))


def test_unknown_instruction_is_not_guessed():
    """Text no rule here understands stays unknown (never guessed)."""
    assert rt.parse_instructions("Look at the top three cards of your library, then put them back in any order.") is None
    assert rt.parse_instructions("Scry 2, then draw a card.") == [{"action": "scry", "n": 2}, {"action": "draw", "n": 1}]


def test_cr_608_2c_targeted_step_that_does_not_touch_the_library():
    """CR 608.2c, 115.1: "Target creature gets +2/+2 until end of turn. Scry 1." is a targeted step, then scry 1."""
    steps = rt.parse_instructions("Target creature gets +2/+2 until end of turn. Scry 1.")
    assert [s["action"] for s in steps] == ["other", "scry"]
    assert steps[0]["target"] == "creature"
    # a step that moves a card to a library is not in the understood set (it could change the scry)
    assert rt.parse_instructions("Put target creature on top of its owner's library. Scry 1.") is None


def test_cr_603_6a_enters_triggers_in_catalog_wording():
    """CR 603.6a: catalog descriptions in our own words ("... when it enters") are enters triggers too;
    "when another ... enters" triggers on other permanents (not on itself)."""
    from mtgcheck.models.data.catalog import catalog_ability

    assert sr.is_self_etb_trigger(catalog_ability({"kind": "triggered", "text": "its controller draws a card when it enters"}))
    other = catalog_ability({"kind": "triggered", "text": "when another Scarecrow of its controller enters, destroy a target permanent"})
    assert not sr.is_self_etb_trigger(other) and sr.is_other_enters_trigger(other)
    assert not sr.is_self_etb_trigger(catalog_ability({"kind": "triggered", "text": "when it dies, create a token"}))
