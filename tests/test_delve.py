"""Delve, convoke and improvise: parsers, exact combinatorics, the delve question.

Expected values come from CR 702.66 (delve), 702.51 (convoke), 702.126 (improvise), 601.2f and the
Soulflayer (2014-11-24), Treasure Cruise (2014-09-20) and Murktide Regent (2021-06-18) rulings. The
property tests compare the fast answers with brute force over every subset of small graveyards.
"""
from __future__ import annotations

import gzip
import itertools
import json
from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.data.database import load_database
from mtgcheck.models.text.delve import card_keyword_abilities, delve_grantable_keywords, delve_counts, delve_keyword_grants
from mtgcheck.models.game.state import CardInstance, GameState, Permanent
from mtgcheck.solver.questions.delve import (
    CardKind, analyse_delve, attainable_counts, attainable_keyword_sets, count_multisets, feasible_interval,
    iter_multisets,
)
from tests.shared_data import shared_file


@pytest.fixture(scope="module")
def db():
    return load_database(None)


@lru_cache(maxsize=1)
def _scryfall_by_name() -> dict:
    path = shared_file("carddata/oracle-cards-2025-11-03.json.gz")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return {c["name"]: c for c in json.load(f)}


def real_card(name: str):
    """A card built from the shared Scryfall data (oracle text parsed, no catalog model)."""
    return card_from_fields(_scryfall_by_name()[name], source="scryfall")


def state_with(db, graveyard: list[str], battlefield: list[str] = (), player: str = "Alice") -> GameState:
    s = GameState(players=[player, "Bob"], active=player)
    for i, n in enumerate(graveyard):
        s.zones["graveyard"][player].append(CardInstance(f"g{i}:{n}", db.get(n), player))
    for i, n in enumerate(battlefield):
        s.battlefield.append(Permanent(f"p{i}:{n}", db.get(n), player, player))
    return s


# ---------------------------------------------------------------------------
# Oracle-text parsers (real card data from ../shared)
# ---------------------------------------------------------------------------


def test_soulflayer_text_parses_to_keyword_grant_soulflayer_oracle():
    """Soulflayer's oracle text: delve plus a grant of eleven keywords from exiled creature cards."""
    card = real_card("Soulflayer")
    grants = delve_keyword_grants(card)
    assert len(grants) == 1
    assert grants[0].effect.card_type == "Creature"
    assert list(grants[0].effect.keywords) == [
        "flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
        "indestructible", "lifelink", "reach", "trample", "vigilance"]


def test_murktide_text_parses_to_instant_sorcery_count_murktide_ruling_2021_06_18():
    """Murktide Regent counts instant and sorcery cards exiled with it."""
    counts = delve_counts(real_card("Murktide Regent"))
    assert len(counts) == 1
    assert set(counts[0].effect.card_types) == {"Instant", "Sorcery"}
    assert counts[0].effect.counter == "+1/+1"


def test_battle_brawler_conditional_first_strike_does_not_count_soulflayer_ruling_2014_11_24():
    """A card that grants itself first strike under a condition is not a creature card with first strike."""
    assert delve_grantable_keywords(real_card("Battle Brawler")) == frozenset()


def test_hexproof_from_variant_is_kept_soulflayer_ruling_2014_11_24():
    """Variants give the variant: Knight of Grace gives first strike and hexproof from black, not hexproof."""
    assert delve_grantable_keywords(real_card("Knight of Grace")) == {"first strike", "hexproof from black"}
    # Scryfall's keyword summary lists "Hexproof" too; the rules text does not give plain hexproof
    assert "hexproof" not in card_keyword_abilities(real_card("Knight of Grace"))


def test_noncreature_card_gives_nothing_soulflayer_oracle():
    """Only creature cards count for Soulflayer (its oracle text: "a creature card with ..."; ruling 2014-11-24:
    only the listed keywords printed on the exiled creature cards count)."""
    assert delve_grantable_keywords(real_card("Treasure Cruise")) == frozenset()


# ---------------------------------------------------------------------------
# Combinatorics against brute force
# ---------------------------------------------------------------------------

KW = ["flying", "reach", "haste", "trample", "hexproof from white"]
kind_strategy = st.lists(
    st.tuples(st.integers(1, 3), st.frozensets(st.sampled_from(KW), max_size=3), st.booleans()),
    min_size=0, max_size=6)


def _expand(kinds):
    cards = []
    for i, (n, kws, cnt) in enumerate(kinds):
        cards.extend([(f"c{i}", kws, cnt)] * n)
    return cards


@settings(max_examples=150, deadline=None)
@given(kind_strategy, st.integers(0, 8), st.integers(0, 8))
def test_multiset_count_and_listing_match_brute_force_cr_702_66a(kinds, a, b):
    """Distinct multisets of exiled names (same-name cards interchangeable): count = listing = brute force."""
    lo, hi = min(a, b), max(a, b)
    cards = _expand(kinds)
    brute = {tuple(sorted(c[0] for c in comb)) for k in range(lo, hi + 1) for comb in itertools.combinations(cards, k)}
    pairs = [(f"c{i}", n) for i, (n, _, _) in enumerate(kinds)]
    listed = [m for k in range(lo, hi + 1) for m in iter_multisets(pairs, k)]
    assert len(listed) == len(set(listed))
    assert set(listed) == brute
    assert count_multisets([n for n, _, _ in kinds], range(lo, hi + 1)) == len(brute)


@settings(max_examples=200, deadline=None)
@given(kind_strategy, st.integers(0, 8), st.integers(0, 8))
def test_keyword_sets_match_brute_force_soulflayer_oracle(kinds, a, b):
    """No attainable keyword set is missing and none is invented (brute force over every subset)."""
    lo, hi = min(a, b), max(a, b)
    cards = _expand(kinds)
    brute = set()
    for k in range(lo, min(hi, len(cards)) + 1):
        for comb in itertools.combinations(cards, k):
            brute.add(frozenset().union(*[c[1] for c in comb]))
    ck = [CardKind(f"c{i}", n, kws, cnt) for i, (n, kws, cnt) in enumerate(kinds)]
    got = attainable_keyword_sets(ck, lo, min(hi, len(cards)))
    assert len(got) == len(set(got))
    assert set(got) == brute


@settings(max_examples=200, deadline=None)
@given(kind_strategy, st.integers(0, 8), st.integers(0, 8))
def test_counts_match_brute_force_murktide_ruling_2021_06_18(kinds, a, b):
    """Every attainable number of counted (instant/sorcery) cards among the exiled ones."""
    lo, hi = min(a, b), max(a, b)
    cards = _expand(kinds)
    brute = {sum(1 for c in comb if c[2]) for k in range(lo, min(hi, len(cards)) + 1)
             for comb in itertools.combinations(cards, k)}
    ck = [CardKind(f"c{i}", n, kws, cnt) for i, (n, kws, cnt) in enumerate(kinds)]
    assert set(attainable_counts(ck, lo, min(hi, len(cards)))) == brute


def test_feasible_interval_binary_search_cr_702_66a():
    """The sizes that cast the spell form [k_min, min(limit, graveyard)]; None when even the most fails."""
    assert feasible_interval(7, 10, lambda k: k >= 5) == (5, 7)
    assert feasible_interval(7, 3, lambda k: k >= 5) is None
    assert feasible_interval(4, 4, lambda k: True) == (0, 4)


# ---------------------------------------------------------------------------
# The delve analysis against an independent checker
# ---------------------------------------------------------------------------

NAMES = ["Lightning Bolt", "Divination", "Giant Spider", "Serra Angel", "Battle Brawler", "Island"]


def independent_castable(cruise_generic: int, islands: int, exiled: int) -> bool:
    """Treasure Cruise ({7}{U}) with ``islands`` untapped Islands: {U} from an Island, the generic part by
    exiled cards (at most the generic part, CR 702.66a) and the remaining Islands."""
    if exiled > cruise_generic:
        return False
    return islands >= 1 and islands - 1 >= cruise_generic - exiled


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(NAMES), max_size=9), st.integers(0, 8), st.booleans())
def test_every_reported_exile_set_casts_and_none_is_missing_cr_702_66a(graveyard, islands, taxed):
    """Every reported exile set really casts Treasure Cruise (independent checker), every castable
    sub-multiset of the graveyard is reported (brute force), and the count equals the listing.
    With Sphere of Resistance the limit is 8 (Murktide Regent ruling 2021-06-18: cost increases)."""
    db = load_database(None)
    bf = ["Island"] * islands + (["Sphere of Resistance"] if taxed else [])
    s = state_with(db, graveyard, bf)
    a = analyse_delve(s, "Alice", db.get("Treasure Cruise"))
    generic = 8 if taxed else 7
    assert a.limit == generic
    reported = list(a.iter_exile_sets())
    assert len(reported) == a.exile_set_count()
    gy = Counter(graveyard)
    for ms in reported:
        assert not Counter(ms) - gy, "exiles only cards that are in the graveyard"
        assert independent_castable(generic, islands, len(ms))
    brute = {tuple(sorted(c)) for k in range(len(graveyard) + 1) for c in itertools.combinations(graveyard, k)
             if independent_castable(generic, islands, k)}
    assert set(reported) == brute


def test_flashback_card_cannot_pay_for_itself_cr_601_2a(db):
    """Cast from the graveyard, the spell is on the stack: only the other cards can be exiled."""
    s = state_with(db, ["Treasure Cruise"] + ["Lightning Bolt"] * 7, ["Island"])
    from mtgcheck.models.game.state import Effect

    s.effects.append(Effect(db.get("Snapcaster Mage"), "Alice", choices={"card": "Treasure Cruise"}))
    a = analyse_delve(s, "Alice", db.get("Treasure Cruise"), from_zone="graveyard", using="flashback")
    assert len(a.exilable) == 7
    assert all(ci.name == "Lightning Bolt" for ci in a.exilable)
    assert a.interval == (7, 7)


def test_kicker_raises_delve_limit_murktide_ruling_2021_06_18(db):
    """Additional costs with generic mana are paid by delve too (kicker {2} → two more cards)."""
    from mtgcheck.models.data.catalog import card_from_model

    card = card_from_model({"name": "Test Kicked Delver", "mana_cost": "{3}{U}", "type_line": "Sorcery", "abilities": [
        {"kind": "keyword", "effect": "delve", "params": {"keyword": "delve"}},
        {"kind": "keyword", "effect": "kicker", "params": {"keyword": "kicker", "cost": "{2}"}}]})
    s = state_with(db, ["Lightning Bolt"] * 6, ["Island"])
    assert analyse_delve(s, "Alice", card).limit == 3
    assert analyse_delve(s, "Alice", card, kicked=True).limit == 5


def test_soulflayer_limit_is_four_soulflayer_ruling_2014_11_24(db):
    """Never more than four cards for Soulflayer ({4}{B}{B}), even with more creature cards available."""
    s = state_with(db, ["Serra Angel", "Giant Spider", "Goblin Guide", "Darksteel Myr", "Vampire Nighthawk", "Knight of Malice"],
                   ["Swamp"] * 6)
    a = analyse_delve(s, "Alice", db.get("Soulflayer"))
    assert a.interval == (0, 4)
    # all six creature cards' keywords together need six cards: never attainable
    everything = frozenset().union(*[k.keywords for k in a.kinds])
    assert everything not in a.keyword_sets()


def test_convoke_sick_creature_and_tapped_for_mana_cr_702_51a(db):
    """Convoke ignores summoning sickness; a creature is tapped once (mana or convoke), CR 107.5."""
    from mtgcheck.solver.rules.payment import find_payment

    s = state_with(db, [], ["Mountain", "Goblin Guide", "Llanowar Elves"])
    assert find_payment(s, "Alice", "{2}{R}{R}", spell_card=db.get("Stoke the Flames")) is None
    s.battlefield.append(Permanent("angel", db.get("Serra Angel"), "Alice", "Alice", sick=True))
    p = find_payment(s, "Alice", "{2}{R}{R}", spell_card=db.get("Stoke the Flames"))
    assert p is not None
    assert any(u.kind.startswith("convoke") for u in p.uses)


def test_delve_payers_in_cast_witness_cr_702_66a(db):
    """The payment search's witness for Treasure Cruise names the delved cards."""
    from mtgcheck.solver.rules.payment import find_payment

    s = state_with(db, ["Lightning Bolt"] * 7, ["Island"])
    p = find_payment(s, "Alice", "{7}{U}", spell_card=db.get("Treasure Cruise"))
    assert p is not None
    assert sum(u.count for u in p.uses if u.kind == "delve") == 7


@pytest.mark.parametrize("bf,castable", [
    (["Mountain", "Goblin Guide", "Llanowar Elves"], False),
    (["Mountain", "Goblin Guide", "Llanowar Elves", "Serra Angel"], True),
    (["Mountain", "Mountain", "Ornithopter"], False),
    (["Mountain", "Mountain", "Ornithopter", "Darksteel Myr"], True),
])
def test_fallback_search_agrees_with_payment_search_cr_702_51a(db, bf, castable):
    """The delve module's own minimal search (used when solver.rules.payment is absent) and the exhaustive
    payment search agree on Stoke the Flames ({2}{R}{R}, convoke)."""
    from mtgcheck.models.game.mana import ManaCost
    from mtgcheck.solver.questions.delve import find_card_payment
    from mtgcheck.solver.rules.payment import find_payment

    s = state_with(db, [], bf)
    card = db.get("Stoke the Flames")
    assert (find_card_payment(s, "Alice", card, ManaCost.parse("{2}{R}{R}")) is not None) == castable
    assert (find_payment(s, "Alice", "{2}{R}{R}", spell_card=card) is not None) == castable


def _ask(board: dict, question: dict) -> "mtgcheck.Answer":
    import mtgcheck

    return mtgcheck.ask(dict(board, players=["Alice", "Bob"], ask=question))


#: boards for a delve spell that needs a target (Logic Knot: "Counter target spell", X=1) or that has sorcery timing
#: (Treasure Cruise); expected: castable by the rules (CR 601.2c targets, 117.1a timing, then 601.2f-h the cost)
_AGREE = [
    ({"battlefield": {"Alice": ["Island", "Island"]}, "graveyard": {"Alice": ["Lightning Bolt"]}},
     {"card": "Logic Knot", "x": 1}, False),                                        # no spell to target (601.2c)
    ({"battlefield": {"Alice": ["Island", "Island"]}, "graveyard": {"Alice": ["Lightning Bolt"]},
      "stack": {"Bob": ["Lightning Bolt"]}}, {"card": "Logic Knot", "x": 1}, True),   # a target; delve pays {1}
    ({"battlefield": {"Alice": ["Island"]}, "graveyard": {"Alice": ["Lightning Bolt"]},
      "stack": {"Bob": ["Lightning Bolt"]}}, {"card": "Logic Knot", "x": 1}, False),  # {U}{U} from one Island: no
    ({"battlefield": {"Alice": ["Island"]}, "graveyard": {"Alice": [{"card": "Lightning Bolt", "count": 7}]},
      "active": "Bob"}, {"card": "Treasure Cruise"}, False),                        # a sorcery on Bob's turn (117.1a)
    ({"battlefield": {"Alice": ["Island"]}, "graveyard": {"Alice": [{"card": "Lightning Bolt", "count": 7}]}},
     {"card": "Treasure Cruise"}, True),
]


@pytest.mark.parametrize("board, spell, castable", _AGREE)
def test_delve_and_cast_agree_on_targets_and_timing_cr_601_2c_117_1a(board, spell, castable):
    """CR 601.2c (targets before costs), 117.1a/307.1 (timing), 702.66a: the delve question's ``castable`` is the cast
    question's on the same board — both read the same pre-payment check (``solver.rules.casting.precost_problems``)."""
    d = _ask(board, {"delve": spell})
    c = _ask(board, {"cast": spell})
    assert d.values["castable"] is castable, d.explanation
    assert c.values["castable"] is castable, c.explanation
