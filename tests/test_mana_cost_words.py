"""Mana abilities whose cost taps or sacrifices another permanent named with qualifiers or a union, in
available_mana (CR 602.2b, 605.3a, 118.3, 701.26a, 302.6), on the real cards of the 32k file (skipped when absent).
Expected pools come from the rules named, never from running the engine."""
from __future__ import annotations

from tests.probe_boards import ask


def _pools(db, bf):
    return set(ask(db, {"Alice": bf}, {"available_mana": "Alice"}).values["pools"])


ANY = ("{W}", "{U}", "{B}", "{R}", "{G}")


def test_tap_an_artifact_or_creature_cr_118_3(real_db):
    """Citanul Stalwart taps the Elves (any colour) or the Elves tap for {G}: never both (CR 118.3)."""
    assert _pools(real_db, ["Citanul Stalwart", "Llanowar Elves"]) == set(ANY)
    # a land is neither an artifact nor a creature: nothing to tap, so only the lands' mana (CR 205.2a)
    assert _pools(real_db, ["Moonsnare Prototype", "Forest"]) == {"{G}"}
    # Moonsnare taps Mind Stone, which then can't tap for its own {C} (CR 701.26a)
    assert _pools(real_db, ["Moonsnare Prototype", "Mind Stone"]) == {"{C}"}


def test_tap_a_sick_creature_for_another_cost_cr_302_6(real_db):
    """Summoning sickness stops only the creature's own {T} abilities (CR 302.6)."""
    got = ask(real_db, {"Alice": ["Citanul Stalwart", {"card": "Grizzly Bears", "sick": True}, "Forest"]},
              {"available_mana": "Alice"}).values["pools"]
    assert set(got) == {c + "{G}" if c != "{G}" else "{G}{G}" for c in ANY}


def test_nontoken_artifact_and_blue_creature_cr_105_2(real_db):
    """Meria taps a nontoken artifact (Ornithopter), not a creature card that is no artifact; Grand Architect taps each
    untapped blue creature once, itself included (no {T} in the cost)."""
    assert _pools(real_db, ["Meria, Scholar of Antiquity", "Ornithopter", "Grizzly Bears"]) == {"{G}"}
    got = ask(real_db, {"Alice": ["Grand Architect", "Coral Eel", "Grizzly Bears"]}, {"available_mana": "Alice"}).values
    assert got["count"] == 1 and got["pools"][0].count("{C:") == 4


def test_sacrifice_black_or_artifact_creature_cr_608_2h(real_db):
    """Soldevi Adnate: an artifact creature's mana value in {B} (CR 608.2h), or itself (a black creature)."""
    assert _pools(real_db, ["Soldevi Adnate", "Myr Enforcer"]) == {"{B}" * 7}
    assert _pools(real_db, ["Soldevi Adnate", "Grizzly Bears"]) == {"{B}{B}"}


def test_token_costs_cannot_be_paid_cr_111_1(real_db):
    """A scenario's permanents are cards (CR 111.1): "Sacrifice a Prism token", "a token named Wood" can't be paid."""
    assert _pools(real_db, ["Diamond Kaleidoscope", "Forest"]) == {"{G}"}
    assert _pools(real_db, ["Jungle Patrol", "Mountain"]) == {"{R}"}
