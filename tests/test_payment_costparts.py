"""Mana abilities whose cost taps or sacrifices other permanents, or uses the hand (solver/rules/payment/costparts.py).

An independent brute force written here from the rules, against the payment search: CR 605.3a (mana abilities in
any order: a land tapped for mana can then be sacrificed to Squandered Resources), 106.7 (the sacrificed land's
could-produce types), 118.3 (a tapped permanent can't be tapped again to pay a cost), 302.6 (summoning sickness
restricts only a creature's own {T} abilities: a sick creature can be tapped for Springleaf Drum; Springleaf Drum
ruling 2004-10-04), 602.2b (a cost is paid while the ability's source is on the battlefield: sacrifices to an
altar that is itself sacrificed need an order), 601.2a and 113.6m (Spirit Guides from the hand; the card being
cast is on the stack), 602.5e (Lion's Eye Diamond activates only with priority, never while casting).
"""
from __future__ import annotations

import itertools
import textwrap
from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from mtgcheck.models.data.database import load_database
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.solver.rules.payment import count_payments, find_payment, iter_payments, plain_count

from .test_payment_property import can_pay, symbol_ways

DB = load_database()

# name -> (types, own {T} outputs, could produce) written from the cards' rules text, independently of the models
LANDS = {"Forest": "G", "Island": "U"}
OWN_TAP = {"Forest": [["G"]], "Island": [["U"]], "Llanowar Elves": [["G"]], "Sol Ring": [["C", "C"]],
           "Springleaf Drum": [[c] for c in "WUBRG"]}  # the Drum's needs a creature tapped with it
CREATURES = {"Llanowar Elves", "Grizzly Bears", "Skirk Prospector"}
GOBLINS = {"Skirk Prospector"}
ARTIFACTS = {"Sol Ring", "Ashnod's Altar", "Krark-Clan Ironworks", "Springleaf Drum"}
# altar -> (what it sacrifices, what it adds)
ALTARS = {"Squandered Resources": (set(LANDS), None), "Ashnod's Altar": (CREATURES, ["C", "C"]),
          "Skirk Prospector": (GOBLINS, ["R"]), "Krark-Clan Ironworks": (ARTIFACTS, ["C", "C"])}
NAMES = sorted(set(OWN_TAP) | CREATURES | ARTIFACTS | set(ALTARS))


def stories(i: int, name: str, perms: list[tuple[str, bool]]) -> list[tuple]:
    """Every way permanent ``i`` can be used: (tap part, removal part); each part None or a tuple."""
    names = {n for n, _ in perms}
    _, sick = perms[i]
    taps: list = [None]
    if name in OWN_TAP and not (name in CREATURES and sick):
        taps += [("own", tuple(o)) for o in OWN_TAP[name]]
    if name in CREATURES and "Springleaf Drum" in names:
        taps.append(("drummed",))  # tapped to pay the Drum's cost, sick or not (CR 302.6)
    rems: list = [None]
    for altar, (kinds, out) in ALTARS.items():
        if altar in names and name in kinds:
            for o in ([[LANDS[name]]] if out is None else [out]):
                rems.append(("sac", altar, tuple(o)))
    return [(t, r) for t in taps for r in rems]


def mana_of(story) -> list[str]:
    t, r = story
    return (list(t[1]) if t and t[0] == "own" else []) + (list(r[2]) if r else [])


def legal(perms, pick) -> bool:
    """Each Drum activation taps exactly one creature (CR 118.3); the sacrifices can be ordered so that each altar
    is still there when used (CR 602.2b)."""
    drums = sum(1 for (n, _), s in zip(perms, pick) if n == "Springleaf Drum" and s[0] and s[0][0] == "own")
    drummed = sum(1 for s in pick if s[0] == ("drummed",))
    if drums != drummed:
        return False
    sacs = [(n, s[1][1]) for (n, _), s in zip(perms, pick) if s[1]]
    if not sacs:
        return True
    for order in itertools.permutations(range(len(sacs))):
        gone: set[int] = set()
        ok = True
        idx = [k for k, s in enumerate(pick) if s[1]]
        for j in order:
            altar = sacs[j][1]
            if not any(n == altar and k not in gone for k, (n, _) in enumerate(perms)):
                ok = False
                break
            gone.add(idx[j])
        if ok:
            return True
    return False


def smaller(perms, pick):
    """Every legal use with one activation left out (a Drum activation goes with one creature it tapped)."""
    for k, (t, r) in enumerate(pick):
        if r is not None:
            yield pick[:k] + ((t, None),) + pick[k + 1:]
        if t is not None and t != ("drummed",):
            p2 = pick[:k] + ((None, r),) + pick[k + 1:]
            if perms[k][0] == "Springleaf Drum":
                for m, (t2, r2) in enumerate(p2):
                    if t2 == ("drummed",):
                        yield p2[:m] + ((None, r2),) + p2[m + 1:]
            else:
                yield p2


def brute_force(perms: list[tuple[str, bool]], cost: str) -> int:
    syms = [str(s) for s in ManaCost.parse(cost).symbols] if cost else []
    per = [stories(i, n, perms) for i, (n, _) in enumerate(perms)]
    total = 0
    for ways in itertools.product(*[symbol_ways(s) for s in syms]):
        reqs = [r for w in ways for r in w[0]]
        for pick in itertools.product(*per):
            if not legal(perms, pick):
                continue
            units = [(t, False) for s in pick for t in mana_of(s)]
            if not can_pay(units, reqs):
                continue
            if any(legal(perms, q) and can_pay([(t, False) for s in q for t in mana_of(s)], reqs)
                   for q in smaller(perms, pick)):
                continue
            total += 1
    return total


def make_state(perms: list[tuple[str, bool]]) -> GameState:
    s = GameState(players=["A", "B"], active="A")
    for i, (n, sick) in enumerate(perms):
        s.battlefield.append(Permanent(id=f"p{i}", card=DB.get(n), controller="A", owner="A", sick=sick))
    return s


perm_lists = st.lists(st.tuples(st.sampled_from(NAMES), st.booleans()), min_size=0, max_size=4)
costs = st.lists(st.sampled_from(["{1}", "{G}", "{U}", "{R}", "{C}", "{W}", "{G/U}"]), min_size=0, max_size=3).map("".join)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(perm_lists, costs)
def test_counts_match_brute_force_with_sacrifice_and_tap_costs(perms, cost):
    """CR 605.3a, 106.7, 118.3, 302.6, 602.2b: every irredundant payment with altars, Squandered Resources and
    Springleaf Drum, told apart per permanent and symbol, equals the brute force; so do the plain encoding and
    whether one exists."""
    perms = [(n, sick and n in CREATURES) for n, sick in perms]
    state = make_state(perms)
    brute = brute_force(perms, cost)
    n, individual = count_payments(state, "A", cost)
    assert individual == brute
    assert plain_count(state, "A", cost) == brute
    assert n == sum(1 for _ in iter_payments(state, "A", cost))
    assert (find_payment(state, "A", cost) is not None) == (brute > 0)


def test_squandered_resources_taps_then_sacrifices_the_same_land_cr_605_3a(answer):
    """Squandered Resources: a Forest tapped for {G} and then sacrificed for {G} pays {G}{G} alone (CR 605.3a: mana
    abilities in any order; CR 106.7: the sacrificed land could produce {G})."""
    r = answer("""\
        players: [Alice, Bob]
        battlefield: {Alice: [Squandered Resources, Forest]}
        hand: {Alice: [Grizzly Bears]}
        ask: {payments: {card: Grizzly Bears}}
        expect: {count: 1}
        """)
    assert r.verdict == "pass", r.message
    (use,) = r.answer.values["payments"][0]["uses"]
    assert use["source"] == "Forest" and use["mana"] == "{G}{G}"


def test_a_land_that_could_produce_nothing_gives_nothing_squandered_resources_ruling(answer):
    """Squandered Resources ruling 2004-10-04: a land that can't produce mana can be sacrificed, but gives no mana."""
    r = answer("""\
        players: [Alice, Bob]
        battlefield: {Alice: [Squandered Resources, {card: Reflecting Pool, tapped: true}]}
        hand: {Alice: [Llanowar Elves]}
        ask: {cast: {card: Llanowar Elves}}
        expect: {castable: false}
        """)
    assert r.verdict == "pass", r.message


def test_a_sick_creature_can_be_tapped_for_springleaf_drum_cr_302_6(answer):
    """CR 302.6 restricts only a creature's own {T} abilities: a summoning-sick Grizzly Bears pays the Drum's "Tap an
    untapped creature you control" (Springleaf Drum ruling 2004-10-04); a tapped one cannot (CR 118.3)."""
    r = answer("""\
        players: [Alice, Bob]
        battlefield: {Alice: [Springleaf Drum, {card: Grizzly Bears, sick: true}]}
        hand: {Alice: [Lightning Bolt]}
        ask: {cast: {card: Lightning Bolt}}
        expect: {castable: true}
        """)
    assert r.verdict == "pass", r.message
    r = answer("""\
        players: [Alice, Bob]
        battlefield: {Alice: [Springleaf Drum, {card: Grizzly Bears, tapped: true}]}
        hand: {Alice: [Lightning Bolt]}
        ask: {cast: {card: Lightning Bolt}}
        expect: {castable: false}
        """)
    assert r.verdict == "pass", r.message


def test_a_creature_tapped_for_the_drum_cannot_tap_for_its_own_mana_cr_118_3(answer):
    """Llanowar Elves is the only creature: it taps for {G} or for the Drum's cost, not both (CR 118.3), so {G}{R}
    cannot be paid; {R} alone can (Drum + Elves)."""
    for cost_card, ok in (("Test Beast", False), ("Lightning Bolt", True)):
        r = answer(textwrap.dedent(f"""\
            players: [Alice, Bob]
            cards:
              Test Beast: {{mana_cost: "{{R}}{{G}}", type_line: Creature — Beast, oracle_text: ""}}
            battlefield: {{Alice: [Springleaf Drum, Llanowar Elves]}}
            hand: {{Alice: [{cost_card}]}}
            ask: {{cast: {{card: {cost_card}}}}}
            expect: {{castable: {str(ok).lower()}}}
            """))
        assert r.verdict == "pass", (cost_card, r.message)


def test_spirit_guide_being_cast_cannot_exile_itself_cr_601_2a(answer):
    """CR 601.2a: the card moves to the stack first, so Elvish Spirit Guide cannot pay for itself; a second copy in the
    hand can (CR 113.6m)."""
    r = answer("""\
        players: [Alice, Bob]
        battlefield: {Alice: [Forest, Forest]}
        hand: {Alice: [Elvish Spirit Guide]}
        ask: {cast: {card: Elvish Spirit Guide}}
        expect: {castable: false}
        """)
    assert r.verdict == "pass", r.message
    r = answer("""\
        players: [Alice, Bob]
        battlefield: {Alice: [Forest, Forest]}
        hand: {Alice: [Elvish Spirit Guide, Elvish Spirit Guide]}
        ask: {cast: {card: Elvish Spirit Guide}}
        expect: {castable: true}
        """)
    assert r.verdict == "pass", r.message


def test_lions_eye_diamond_pays_for_a_spell_from_the_graveyard_but_not_the_hand_cr_602_5e(answer):
    """Lion's Eye Diamond (ruling 2004-10-04; CR 602.5e, 605.3a): not while casting; activated before casting it
    discards the hand, so it never pays for a spell from the hand, but it pays a flashback cost."""
    r = answer("""\
        players: [Alice, Bob]
        battlefield: {Alice: [Lion's Eye Diamond]}
        hand: {Alice: [Lightning Bolt]}
        ask: {cast: {card: Lightning Bolt}}
        expect: {castable: false}
        """)
    assert r.verdict == "pass", r.message
    assert any("602.5e" in w for w in r.answer.explanation)
    r = answer("""\
        players: [Alice, Bob]
        battlefield: {Alice: [Lion's Eye Diamond]}
        graveyard: {Alice: [Think Twice]}
        ask: {cast: {card: Think Twice, from: graveyard, using: flashback}}
        expect: {castable: true}
        """)
    assert r.verdict == "pass", r.message


def _pools(answer, board: str, db=None):
    r = answer(textwrap.dedent(f"""\
        players: [Alice, Bob]
        battlefield: {{Alice: [{board}]}}
        ask: {{available_mana: Alice}}
        """), db)
    assert r.verdict in ("no expectation", "pass"), r.message
    return sorted(r.answer.values["pools"])


def test_available_mana_sacrifices_every_land_after_tapping_it_squandered_resources_cr_605_3a(answer):
    """CR 605.3a, 106.7: the Forest taps for {G} and is then sacrificed for {G}; the tapped Island is sacrificed for
    {U} (its could-produce type); a pool without a sacrifice is contained in one with it."""
    assert _pools(answer, "Squandered Resources, Forest, {card: Island, tapped: true}") == ["{U}{G}{G}"]


def test_available_mana_krark_clan_ironworks_sacrifices_itself_last_cr_602_2b(answer):
    """Sol Ring taps for {C}{C}, is sacrificed for {C}{C}, then Krark-Clan Ironworks sacrifices itself for {C}{C}."""
    assert _pools(answer, "Krark-Clan Ironworks, Sol Ring") == ["{C}{C}{C}{C}{C}{C}"]


def test_available_mana_springleaf_drum_or_the_elf_cr_118_3(answer):
    """Llanowar Elves taps for {G} or is tapped for the Drum (any colour), not both (CR 118.3): five maximal pools."""
    assert _pools(answer, "Springleaf Drum, Llanowar Elves") == sorted(["{W}", "{U}", "{B}", "{R}", "{G}"])


def test_available_mana_urza_taps_artifacts_cr_118_3(answer, real_db):
    """Urza, Lord High Artificer: Sol Ring taps for {C}{C} or for Urza's {U}; Ornithopter (summoning sick: CR 302.6
    does not apply to a cost of another permanent's ability) for {U}."""
    assert _pools(answer, "\"Urza, Lord High Artificer\", Sol Ring, {card: Ornithopter, sick: true}", real_db) == \
        sorted(["{U}{C}{C}", "{U}{U}"])


def test_available_mana_altars_that_can_sacrifice_each_other_are_unsupported(answer):
    """Skirk Prospector is a creature Ashnod's Altar can sacrifice and a Goblin it can sacrifice itself: which altar
    is used last matters (CR 602.2b) and is not modelled in available_mana, so the answer names it."""
    r = answer("""\
        players: [Alice, Bob]
        battlefield: {Alice: [Skirk Prospector, Goblin Piker, Ashnod's Altar]}
        ask: {available_mana: Alice}
        expect: {count: 1}
        """)
    assert r.verdict == "unsupported" and "Skirk Prospector" in r.message


def brute_force_pools(perms: list[tuple[str, bool]]) -> set[str]:
    """Every maximal pool (CR 106.4, 605.3a), from the same stories as ``brute_force``, in WUBRGC order."""
    per = [stories(i, n, perms) for i, (n, _) in enumerate(perms)]
    pools = set()
    for pick in itertools.product(*per):
        if legal(perms, pick):
            pools.add(tuple(sorted(Counter(t for s in pick for t in mana_of(s)).items())))
    cs = [Counter(dict(p)) for p in pools]
    keep = [c for c in cs if not any(d != c and all(d[k] >= v for k, v in c.items()) for d in cs)]
    return {"".join("{" + t + "}" for t in "WUBRGC" for _ in range(c[t])) for c in keep}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(perm_lists)
def test_available_mana_matches_brute_force_with_sacrifice_and_tap_costs(perms):
    """CR 106.4, 605.3a, 118.3, 302.6, 602.2b: every maximal pool, against the brute force, whenever available_mana
    answers (the boards it refuses name the card: several altars that can sacrifice each other's sources, Drum
    with altars)."""
    from mtgcheck.solver.questions.registry import Unsupported
    from mtgcheck.solver.rules.mana.pools import maximal_pools

    perms = [(n, sick and n in CREATURES) for n, sick in perms]
    try:
        got = maximal_pools(make_state(perms), "A")
    except Unsupported as e:
        assert any(n in str(e) for n, _ in perms)
        return
    assert set(got.pools) == brute_force_pools(perms)
