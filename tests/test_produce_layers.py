"""Layers (CR 613) as solver.rules.layers applies them, and available_mana edge cases found in review.

Every expected value comes from the rules named in each test.
"""
from __future__ import annotations

import dataclasses

import pytest

from mtgcheck.models.data.catalog import catalog_ability
from mtgcheck.models.data.catalog import load_catalog
from tests import boards
from mtgcheck.models.game.state import Effect, Permanent
from mtgcheck.solver.rules.layers import matches, timestamps
from mtgcheck.solver.rules.board import board_view, permanent_abilities
from mtgcheck.solver.rules.mana.produce import could_produce
from mtgcheck.solver.questions.registry import Unsupported
from mtgcheck.solver.rules.mana.pools import available_mana

CAT = load_catalog()


def board(alice=(), bob=(), life=None):
    return boards.board(alice, bob, life=life, ids="p")


def custom(base: str, name: str, *abilities: dict):
    """A hypothetical card: ``base``'s printed facts with the given behaviour model."""
    return dataclasses.replace(CAT[base], name=name, abilities=tuple(catalog_ability(a, name) for a in abilities))


def types_of(state, pid):
    return "".join(t for t in "WUBRGC" if t in could_produce(state).types[pid])


# ---- filters: "other" depends on the source (review item 1) ----------------------------------------

def test_each_other_land_never_matches_its_own_source_cr_109_1():
    """"Each other land" excludes the object the ability is on, whichever source was asked about before
    (the word "other" refers to the source itself; CR 109.1 objects, 611.3a what a static ability affects)."""
    s = board(["Forest", "Island"])
    a, b = s.battlefield
    assert matches("each other land", a, "any", "Alice", source=b) is True
    assert matches("each other land", a, "any", "Alice", source=a) is False
    assert matches("all other lands", b, "any", "Alice", source=a) is True
    assert matches("all other lands", b, "any", "Alice", source=b) is False
    assert matches("other lands", a, "any", "Alice", source=a) is False


# ---- timestamp order (review item 6) ----------------------------------------------------------------

def test_blood_moon_and_prismatic_omen_follow_timestamps_cr_613_7():
    """CR 613.7, 613.8a: Blood Moon (nonbasic lands are Mountains) and Prismatic Omen (your lands are every
    basic land type in addition) do not depend on each other, so timestamp order decides. Omen first, then
    Moon: a Tropical Island is just a Mountain ({R}). Moon first, then Omen: a Mountain that is also every
    basic land type ({W}{U}{B}{R}{G}); CR 305.7 it has the five intrinsic mana abilities."""
    s = board(["Tropical Island", "Prismatic Omen", "Blood Moon"])
    assert types_of(s, "p1") == "R"
    s = board(["Tropical Island", "Blood Moon", "Prismatic Omen"])
    assert types_of(s, "p1") == "WUBRG"
    # the same order given by timestamps, whatever the listing order
    s = board(["Tropical Island", "Prismatic Omen", "Blood Moon"])
    s.battlefield[1].timestamp, s.battlefield[2].timestamp = 5, 2
    assert types_of(s, "p1") == "WUBRG"


def test_resolved_effects_are_newer_unless_a_timestamp_says_otherwise_cr_613_7b():
    """CR 613.7b, 613.7d: an effect from a resolved spell gets its timestamp when created, a permanent when
    it entered. By default (docs/scenarios.md) effects come after every permanent; ``timestamp`` overrides."""
    s = board(["Forest", "Island"])
    s.effects.append(Effect(CAT["Pale Moon"], "Bob"))
    s.effects.append(Effect(CAT["Pale Moon"], "Bob", timestamp=-1))
    perms, effs = timestamps(s)
    assert perms == {"p1": 0, "p2": 1}
    assert effs == [2, -1]


# ---- filters not understood are Unsupported, never dropped (review item 8) -----------------------

def _odd_filter_card(effect: str):
    inner = {"kind": "activated", "cost": "{T}", "effect": "add_mana", "params": {"mana": "{C}"}}
    params = {"affects": {"what": "lands with flying and a hat"}}
    if effect == "grant_ability":
        params["ability"] = inner
    else:
        params["set"] = ["Island"]
    return custom("Chromatic Lantern", f"Odd {effect}", {"kind": "static", "effect": effect, "params": params})


@pytest.mark.parametrize("effect", ["grant_ability", "land_type"])
def test_unknown_affected_filter_is_unsupported_naming_the_effect_cr_613_1(effect):
    """CR 613.1d/613.1f: which permanents an effect applies to decides what they are; a filter we cannot read
    must not silently apply to nothing (nor crash): Unsupported naming the card."""
    from mtgcheck.models.vocab.cost_parts import AbilityError

    # Since the typed vocabulary (docs/effects.md) the model itself is refused when it is built, naming the
    # effect, the key and the words: it can never reach an answer.
    with pytest.raises(AbilityError, match=f"{effect}.affects.*lands with flying and a hat"):
        board(["Forest", _odd_filter_card(effect)])


def test_board_view_cache_follows_the_state_cr_613():
    """The view belongs to one state: a new permanent on the same state is seen (CR 613: characteristics
    are determined continuously)."""
    s = board(["Tropical Island"])
    assert types_of(s, "p1") == "UG"
    s.battlefield.append(Permanent("p9", CAT["Blood Moon"], "Bob", "Bob"))
    assert types_of(s, "p1") == "R"
    assert [a.intrinsic for a in permanent_abilities(s, s.battlefield[0])] == ["Mountain"]


# ---- available_mana: life (review items 4, 5) -----------------------------------------------------

def test_negative_life_with_no_life_payment_is_fine_cr_119_4():
    """CR 119.4 (life is paid only when a cost asks for it) and 104.3a (a negative life total is a legal
    value until state-based actions): a Forest still makes {G} at -5 life."""
    pools, _ = available_mana(board(["Forest"], life=-5), "Alice")
    assert pools == ["{G}"]


def test_phyrexian_symbol_in_a_filter_cost_is_unsupported_cr_107_4f():
    """CR 107.4f: {W/P} can be paid with {W} or with 2 life; choosing life would leave more mana, so
    dropping that choice could miss maximal pools: Unsupported naming the source."""
    filt = custom("Azorius Signet", "Life Signet",
                  {"kind": "activated", "cost": "{W/P}, {T}", "effect": "add_mana", "params": {"mana": "{U}{U}"}})
    with pytest.raises(Unsupported, match="Life Signet.*W/P"):
        available_mana(board(["Plains", filt]), "Alice")


# ---- an ability with several reflecting alternatives (review item 21) ---------------------------

def test_each_reflecting_alternative_looks_at_its_own_group_cr_106_7():
    """CR 106.7: an ability that adds "one mana of any type a land you control could produce, or one mana of
    any type a land an opponent controls could produce" could produce the types of both groups."""
    two = custom("Exotic Orchard", "Two Mirrors", {
        "kind": "activated", "cost": "{T}", "effect": "add_mana", "params": {"alternatives": [
            {"reflect": {"what": "land", "controller": "you", "kind": "type"}},
            {"reflect": {"what": "land", "controller": "opponent", "kind": "type"}}]}})
    s = board(["Forest", two], ["Island"])
    assert types_of(s, "p2") == "UG"
    pools, _ = available_mana(s, "Alice")
    assert sorted(pools) == sorted(["{U}{G}", "{G}{G}"])


# ---- resolution reads abilities through the layers (review item 10) ------------------------------

def _run(tmp_path, text):
    import textwrap

    from mtgcheck.models.data.database import load_database
    from mtgcheck.models.data.scenario import load_scenarios
    from mtgcheck.solver.questions.runner import run_scenario

    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    (sc,) = load_scenarios(p)
    return run_scenario(sc, load_database(None), {"limit": 50})


_WATCHER_LAND = """\
    players: [Alice, Bob]
    cards:
      Watching Vale: {type_line: Land, oracle_text: "Whenever another creature enters, you gain 1 life."}
    battlefield: {Alice: [Watching Vale%s]}
    hand: {Alice: [Wall of Omens]}
    ask:
      trigger_order:
        after: {spell: Hypergenesis, player: Alice, put: {Alice: [Wall of Omens]}}
"""


def test_entering_triggers_use_the_abilities_permanents_have_now_cr_305_7(tmp_path):
    """CR 305.7, 613.1d: under Blood Moon a nonbasic land is a Mountain and loses the abilities of its rules
    text, so its "whenever another creature enters" trigger no longer exists; without Blood Moon that
    trigger's count depends on the order of entry (Hypergenesis ruling 2006-10-15) and is not guessed."""
    from mtgcheck.solver.questions.runner import PASS, UNSUPPORTED

    assert _run(tmp_path, _WATCHER_LAND % "").verdict == UNSUPPORTED
    res = _run(tmp_path, _WATCHER_LAND % ", Blood Moon" + "    expect: {orders: 1}\n")
    assert res.verdict == PASS, res.message
