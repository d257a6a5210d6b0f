"""A permanent's own characteristics that depend on the game — self type changes (CR 611.3a, 613.1d,
302.6), max speed (CR 702.178a, 702.179), prototype (CR 702.160a, 718.3b). Expected values come from the rules."""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.conditions import DuringTurn, HasCounter, MaxSpeed
from mtgcheck.models.vocab.grants import GrantAbility
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.characteristics import SelfTypeChange
from mtgcheck.models.data.scenario import ScenarioError
from tests.scenario_text import run, state_of


def _effects(db, name):
    from mtgcheck.models.vocab.behaviour import abilities_of

    return [a.effect for a in abilities_of(db.get(name))]


def test_idol_of_false_gods_parse(real_db):
    """Idol of False Gods: "As long as this artifact has eight or more +1/+1 counters on it, it's a 0/0 creature in
    addition to its other types and it has annihilator 2" (CR 611.3a, 613.1d, 613.4b)."""
    (eff,) = [e for e in _effects(real_db, "Idol of False Gods") if isinstance(e, SelfTypeChange)]
    assert eff.condition == HasCounter("+1/+1", 8)
    assert eff.types == ("Creature",) and (eff.power, eff.toughness) == (0, 0)
    assert [a.effect.keyword for a in eff.also] == ["annihilator"] and eff.also[0].effect.n == 2
    assert not eff.replace_creature_types


def test_warden_of_the_wall_parse(real_db):
    """Warden of the Wall: "During turns other than yours, this artifact is a 2/3 Gargoyle artifact creature with
    flying" (CR 205.1b: a "[creature type] artifact creature" keeps its other types)."""
    (eff,) = [e for e in _effects(real_db, "Warden of the Wall") if isinstance(e, SelfTypeChange)]
    assert eff.condition == DuringTurn("not_you")
    assert set(eff.types) == {"Artifact", "Creature"} and eff.subtypes == ("Gargoyle",)
    assert (eff.power, eff.toughness) == (2, 3) and [a.effect.keyword for a in eff.also] == ["flying"]


def test_self_type_change_other_wording_stays_unmodelled(real_db):
    """A condition the parser does not read ("As long as your devotion to white is less than five, Heliod isn't a
    creature", CR 700.5) is not a self type change: it stays unmodelled (never a silent wrong answer)."""
    assert not any(isinstance(e, SelfTypeChange) for e in _effects(real_db, "Heliod, God of the Sun"))


@pytest.mark.parametrize("active, sick, pools", [
    ("Alice", True, ["{C}{C}"]),   # its controller's turn: not a creature (CR 611.3a), sickness does not apply
    ("Bob", False, ["{C}{C}"]),    # a creature, but controlled since Alice's turn began (CR 302.6)
])
def test_warden_of_the_wall_mana(tmp_path, real_db, active, sick, pools):
    """Warden of the Wall's {T}: Add {C} (CR 302.6, 611.3a, 613.1d)."""
    r = run(tmp_path, real_db, f"""
        players: [Alice, Bob]
        active: {active}
        battlefield:
          Alice: [{{card: Warden of the Wall, sick: {str(sick).lower()}}}, Wastes]
        ask: {{available_mana: Alice}}
        """)
    assert r.verdict != "unsupported", r.message
    assert r.answer.values["pools"] == pools


def test_warden_of_the_wall_sick_creature_cannot_tap(tmp_path, real_db):
    """During Bob's turn Alice's Warden of the Wall is a creature (CR 611.3a, 613.1d); sick, its {T} mana ability
    can't be activated (CR 302.6): only the Wastes makes mana."""
    r = run(tmp_path, real_db, """
        players: [Alice, Bob]
        active: Bob
        battlefield:
          Alice: [{card: Warden of the Wall, sick: true}, Wastes]
        ask: {available_mana: Alice}
        """)
    assert r.verdict != "unsupported", r.message
    assert r.answer.values["pools"] == ["{C}"]


def test_idol_creature_by_counters_is_sick(tmp_path, real_db):
    """Idol of False Gods with eight +1/+1 counters is a creature (CR 611.3a): the layer view says so, so summoning
    sickness applies to its {T} ability (CR 302.6)."""
    from mtgcheck.solver.rules.board import is_creature_now

    st = state_of(tmp_path, real_db, """
        players: [Alice, Bob]
        battlefield:
          Alice: [{card: Idol of False Gods, id: idol, counters: {+1/+1: 8}}, {card: Idol of False Gods, id: low, counters: {+1/+1: 7}}]
        ask: {available_mana: Alice}
        """)
    assert is_creature_now(st, st.permanent("idol")) is True
    assert is_creature_now(st, st.permanent("low")) is False
    from mtgcheck.solver.rules.board import has_keyword

    assert has_keyword(st, st.permanent("idol"), "annihilator")  # "it has annihilator 2" (CR 613.1f)
    assert not has_keyword(st, st.permanent("low"), "annihilator")


def test_max_speed_parse(real_db):
    """"Max speed — [ability]" is a static ability granting the ability to its object while its controller's speed
    is 4 (CR 702.178a)."""
    (eff,) = [e for e in _effects(real_db, "Avishkar Raceway") if isinstance(e, GrantAbility)]
    assert eff.condition == MaxSpeed() and eff.affects.relation == "this"
    assert eff.ability.kind == "activated" and eff.ability.cost.tap


def test_max_speed_from_graveyard_stays_unmodelled(real_db):
    """A max speed ability that functions from another zone (CR 702.178b: "{3}, Exile this card from your graveyard:
    Draw a card") is not typed: it stays unmodelled."""
    from mtgcheck.models.vocab.behaviour import abilities_of
    from mtgcheck.models.vocab.effect import Unmodelled

    card = next(c for c in real_db if "Max speed — {3}, Exile this card from your graveyard" in (c.oracle_text or ""))
    assert any(isinstance(a.effect, Unmodelled) and a.text.startswith("Max speed") for a in abilities_of(card))


@pytest.mark.parametrize("speed, pools", [("", ["{C}"]), ("speed: {Alice: 3}", ["{C}"]), ("speed: {Alice: 4}", ["{C}{C}"]),
                                          ("speed: {Bob: 4}", ["{C}"])])
def test_muraganda_raceway_speed(tmp_path, real_db, speed, pools):
    """Muraganda Raceway: "Max speed — {T}: Add {C}{C}." exists only at its controller's speed 4 (CR 702.178a,
    702.179e); a player with no speed has speed 0 (702.179b, 702.179f)."""
    r = run(tmp_path, real_db, f"""
        players: [Alice, Bob]
        {speed}
        battlefield:
          Alice: [Muraganda Raceway]
        ask: {{available_mana: Alice}}
        """)
    assert r.answer is not None, r.message
    assert r.answer.values["pools"] == pools


@pytest.mark.parametrize("bad", ["{Alice: 5}", "{Alice: 0}", "{Alice: fast}", "[4]"])
def test_speed_errors_name_the_line(tmp_path, real_db, bad):
    """A speed is 1 to 4 (CR 702.179a, 702.179e); anything else is an error naming the line."""
    with pytest.raises(ScenarioError) as e:
        state_of(tmp_path, real_db, f"""
            players: [Alice, Bob]
            speed: {bad}
            battlefield:
              Alice: [Muraganda Raceway]
            ask: {{available_mana: Alice}}
            """)
    assert "speed" in str(e.value) and ":3" in str(e.value)


def test_prototype_keyword_is_typed(real_db):
    """Prototype's parameter "{2}{G} — 1/3" is the prototype's mana cost, power and toughness (CR 702.160a, 718.1),
    typed on the keyword; no part of the line is left unread."""
    (kw,) = [e for e in _effects(real_db, "Cradle Clearcutter") if isinstance(e, Keyword) and e.keyword == "prototype"]
    assert (kw.cost, kw.size, kw.detail) == ("{2}{G}", "1/3", None)


def test_prototyped_characteristics(tmp_path, real_db):
    """A permanent cast prototyped has the prototype's mana cost, power, toughness and colour (CR 718.3b); its other
    characteristics are the card's (718.5)."""
    st = state_of(tmp_path, real_db, """
        players: [Alice, Bob]
        battlefield:
          Alice: [{card: Cradle Clearcutter, id: p, prototyped: true}, {card: Cradle Clearcutter, id: n}]
        ask: {available_mana: Alice}
        """)
    p, n = st.permanent("p").card, st.permanent("n").card
    assert (str(p.mana_cost), p.power, p.toughness, p.colors) == ("{2}{G}", "1", "3", frozenset({"G"}))
    assert (str(n.mana_cost), n.power, n.toughness, n.colors) == ("{6}", "3", "6", frozenset())
    assert p.type_line == n.type_line


def test_prototyped_without_prototype_is_an_error(tmp_path, real_db):
    """Only a card with prototype can be cast prototyped (CR 702.160a): an error naming the line."""
    with pytest.raises(ScenarioError) as e:
        state_of(tmp_path, real_db, """
            players: [Alice, Bob]
            battlefield:
              Alice: [{card: Llanowar Elves, prototyped: true}]
            ask: {available_mana: Alice}
            """)
    assert "prototype" in str(e.value) and ":4" in str(e.value)


def test_cradle_clearcutter_power_mana(tmp_path, real_db):
    """Cradle Clearcutter: "{T}: Add an amount of {G} equal to this creature's power": 1 prototyped (CR 718.3b),
    3 cast normally (718.4)."""
    for proto, pools in (("true", ["{G}"]), ("false", ["{G}{G}{G}"])):
        r = run(tmp_path, real_db, f"""
            players: [Alice, Bob]
            battlefield:
              Alice: [{{card: Cradle Clearcutter, prototyped: {proto}}}]
            ask: {{available_mana: Alice}}
            """)
        assert r.answer is not None, r.message
        assert r.answer.values["pools"] == pools


def test_prototype_card_is_castable_prototyped(tmp_path, real_db):
    """A prototype card may be cast prototyped for its other mana cost (CR 702.160a, 718.3): with three Forests
    Cradle Clearcutter ({6}; prototype {2}{G} — 1/3) is castable prototyped, and the spell's mana value is the
    prototype's, 3 (718.3b)."""
    r = run(tmp_path, real_db, """
        players: [Alice, Bob]
        battlefield:
          Alice: [Forest, Forest, Forest]
        hand:
          Alice: [Cradle Clearcutter]
        ask: {cast: {card: Cradle Clearcutter}}
        """)
    v = r.answer.values
    assert (v["castable"], v["using"], v["total_cost"], v["mana_value"]) == (True, "prototype", "{2}{G}", 3)
