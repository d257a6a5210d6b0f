"""Casting permission and card location (CR 601.2a, 601.3), split/adventure/MDFC faces (CR 709.3,
715.3, 712.11), self cost changes (CR 702.41a, 601.2f) and unsupported cost text."""
from __future__ import annotations

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.data.database import load_database
from mtgcheck.models.game.state import CardInstance, Effect, GameState, Permanent
from mtgcheck.solver.rules.costs import casting_permission, total_cost
from mtgcheck.solver.rules.errors import CostError, NoPermission
from mtgcheck.solver.rules.faces import spell_face
from mtgcheck.solver.questions.registry import QuestionError, Unsupported

DB = load_database()


def _card(name, cost, types, text="", **kw):
    d = {"name": name, "mana_cost": cost, "type_line": types, "oracle_text": text}
    d.update(kw)
    return card_from_fields(d)


def _state(*names, player="A", zones=None, listed=()):
    s = GameState(players=["A", "B"], active="A")
    for i, n in enumerate(names):
        c = DB.get(n) if isinstance(n, str) else n
        s.battlefield.append(Permanent(id=f"p{i}", card=c, controller=player, owner=player))
    for (zone, who), cards in (zones or {}).items():
        for j, c in enumerate(cards):
            c = DB.get(c) if isinstance(c, str) else c
            s.zones[zone][who].append(CardInstance(f"{zone}{who}{j}", c, who))
    s.listed_zones.update(listed)
    return s


# ---- CR 601.3: permission to cast from a zone ---------------------------------------------------

def test_exile_without_permission_is_not_castable_cr_601_3():
    """CR 601.3: nothing lets Lightning Bolt be cast from exile."""
    s = _state("Mountain", zones={("exile", "A"): ["Lightning Bolt"]})
    with pytest.raises(NoPermission, match="601.3"):
        total_cost(s, "A", DB.get("Lightning Bolt"), zone="exile")


def test_graveyard_mana_cost_without_flashback_cr_601_3_702_34a():
    """CR 601.3, 702.34a: Treasure Cruise (no flashback) cannot be cast from the graveyard for its mana cost."""
    s = _state(zones={("graveyard", "A"): ["Treasure Cruise"]})
    assert casting_permission(s, "A", DB.get("Treasure Cruise"), "graveyard", None)
    with pytest.raises(NoPermission):
        total_cost(s, "A", DB.get("Treasure Cruise"), zone="graveyard", using="normal")


def test_flashback_and_granted_flashback_permit_cr_702_34a_snapcaster_2017_03_14():
    """CR 702.34a; Snapcaster Mage ruling 2017-03-14: the granted flashback cost is the mana cost."""
    s = _state(zones={("graveyard", "A"): ["Think Twice", "Lightning Bolt"]})
    assert total_cost(s, "A", DB.get("Think Twice"), zone="graveyard", using="flashback").notation() == "{2}{U}"
    # two instants in the graveyard: the effect names its target (choices.card), else it is ambiguous
    s.effects.append(Effect(DB.get("Snapcaster Mage"), "A", choices={"card": "Lightning Bolt"}))
    assert total_cost(s, "A", DB.get("Lightning Bolt"), zone="graveyard", using="flashback").notation() == "{R}"
    with pytest.raises(NoPermission, match="using: flashback"):
        total_cost(s, "A", DB.get("Lightning Bolt"), zone="graveyard")


def test_unmodelled_graveyard_permission_is_unsupported_cr_702_133a():
    """CR 702.133a jump-start lets a card be cast from the graveyard: not modelled, so unsupported."""
    js = _card("Js Test", "{1}{U}", "Instant", "Draw a card.\nJump-start", keywords=["Jump-start"])
    s = _state(zones={("graveyard", "A"): [js]})
    with pytest.raises(Unsupported, match="jump-start"):
        total_cost(s, "A", js, zone="graveyard")


def test_permanent_letting_cards_be_cast_from_exile_is_unsupported_cr_601_3():
    """CR 601.3: an effect may allow it; an unmodelled static ability in play makes the answer unsupported."""
    perm = _card("Exile Caster", "{2}{R}", "Enchantment", "You may cast spells from among cards exiled with Exile Caster.")
    s = _state(perm, zones={("exile", "A"): ["Lightning Bolt"]})
    with pytest.raises(Unsupported):
        total_cost(s, "A", DB.get("Lightning Bolt"), zone="exile")


def test_command_zone_needs_the_listed_commander_cr_903_8():
    """CR 903.8: the commander tax depends on the earlier casts from the command zone, so casting from an
    unlisted command zone is a question error asking for the entry (tests/test_commander_tax.py: the tax)."""
    with pytest.raises(QuestionError, match="casts"):
        total_cost(_state(), "A", DB.get("Lightning Bolt"), zone="command")


# ---- CR 601.2a: the card is where it is cast from ------------------------------------------------

def test_card_not_in_listed_hand_is_an_error_cr_601_2a():
    """CR 601.2a: the card moves from where it is; a listed hand without it is a malformed question."""
    s = _state(zones={("hand", "A"): ["Opt"]})
    with pytest.raises(QuestionError, match="holds: Opt"):
        total_cost(s, "A", DB.get("Lightning Bolt"))


def test_empty_listed_hand_is_an_error_cr_601_2a():
    """CR 601.2a: a hand listed as empty holds no Lightning Bolt."""
    s = _state(listed=[("hand", "A")])
    with pytest.raises(QuestionError, match="nothing"):
        total_cost(s, "A", DB.get("Lightning Bolt"))


def test_unlisted_hand_is_assumed_and_said_cr_601_2a():
    """Hypothetical question: the hand is not listed, the card is assumed there and the steps say so."""
    tc = total_cost(_state(), "A", DB.get("Lightning Bolt"))
    assert any("assuming Lightning Bolt is there" in s for s in tc.steps)


def test_card_in_another_players_hand_cr_601_3():
    """CR 601.3: Bob has no permission to cast the card in Alice's hand."""
    s = _state(zones={("hand", "A"): ["Lightning Bolt"]})
    with pytest.raises(QuestionError, match="A's hand, not B's"):
        total_cost(s, "B", DB.get("Lightning Bolt"))


# ---- CR 709.3, 715.3, 712.11: which face is cast --------------------------------------------------

def test_split_half_ice_cr_709_3b():
    """CR 709.3a-b: only Ice exists on the stack: total cost {1}{U}, mana value 2."""
    tc = total_cost(_state(), "A", DB.get("Fire // Ice"), face="Ice")
    assert tc.notation() == "{1}{U}"
    assert tc.card.name == "Ice" and tc.card.mana_value() == 2
    assert spell_face(DB.get("Fire // Ice"), named="Ice").mana_cost.colors == frozenset("U")


def test_split_without_half_asks_to_choose_cr_709_3():
    """CR 709.3: the player chooses the half; without one the question lists both."""
    with pytest.raises(CostError, match=r"Fire \(\{1\}\{R\}\) or Ice \(\{1\}\{U\}\)"):
        total_cost(_state(), "A", DB.get("Fire // Ice"))


def test_split_half_in_hand_is_found_cr_601_2a():
    """CR 601.2a: the card in hand is Fire // Ice; casting its Ice half finds it there."""
    s = _state(zones={("hand", "A"): ["Fire // Ice"]})
    assert total_cost(s, "A", DB.get("Fire // Ice"), face="Ice").notation() == "{1}{U}"


def test_adventure_half_cr_715_3a():
    """CR 715.3a-b: cast as an Adventure, Stomp has only its own characteristics ({1}{R}, an instant)."""
    tc = total_cost(_state(), "A", DB.get("Bonecrusher Giant"), face="Stomp")
    assert tc.notation() == "{1}{R}" and tc.card.is_type("Instant") and tc.card.mana_value() == 2
    assert total_cost(_state(), "A", DB.get("Bonecrusher Giant")).notation() == "{2}{R}"  # CR 715.4


def test_modal_dfc_back_face_and_transform_back_face_cr_712_11():
    """CR 712.11b: a modal DFC may be cast with either face; 712.11: a transforming DFC front face up only."""
    mdfc = card_from_fields({"name": "Front // Back", "layout": "modal_dfc", "card_faces": [
        {"name": "Front", "mana_cost": "{1}{B}", "type_line": "Creature — God"},
        {"name": "Back", "mana_cost": "{5}{B}{R}", "type_line": "Legendary Planeswalker — Tibalt"}]})
    assert total_cost(_state(), "A", mdfc, face="Back").notation() == "{5}{B}{R}"
    tdfc = card_from_fields({"name": "Day // Night", "layout": "transform", "card_faces": [
        {"name": "Day", "mana_cost": "{U}", "type_line": "Creature — Human"},
        {"name": "Night", "type_line": "Creature — Insect"}]})
    with pytest.raises(NoPermission, match="712.11"):
        total_cost(_state(), "A", tdfc, face="Night")


# ---- CR 702.41a, 601.2f: self cost changes ---------------------------------------------------------

def test_affinity_counts_own_artifacts_cr_702_41a():
    """CR 702.41a: {1} less for each artifact you control (Thoughtcast {4}{U}, three artifacts → {1}{U})."""
    s = _state("Ornithopter", "Ornithopter", "Ornithopter", "Island")
    assert total_cost(s, "A", DB.get("Thoughtcast")).notation() == "{1}{U}"
    assert total_cost(s, "B", DB.get("Thoughtcast")).notation() == "{4}{U}"


def test_affinity_parsed_from_text_cr_702_41a():
    """CR 702.41a from oracle text: "Affinity for artifacts" on a {7} artifact with seven artifacts → {0}."""
    c = _card("Aff Test", "{7}", "Artifact Creature — Myr", "Affinity for artifacts", keywords=["Affinity"])
    s = _state(*["Ornithopter"] * 8)
    assert total_cost(s, "A", c).notation() == "{0}"


def test_graveyard_count_excludes_the_spell_cast_from_there_cr_601_2a():
    """CR 601.2a: cast from the graveyard, the card is on the stack when its cost is determined."""
    c = _card("Gy Test", "{5}{B}", "Sorcery", "This spell costs {1} less to cast for each card in your graveyard.\n"
              "Flashback {5}{B}", keywords=["Flashback"])
    s = _state(zones={("graveyard", "A"): [c, "Opt", "Island"]})
    assert total_cost(s, "A", c, zone="graveyard", using="flashback").notation() == "{3}{B}"


def test_self_increase_for_each_cr_601_2f():
    """CR 601.2f: a self increase "for each creature your opponents control" is added."""
    c = _card("Inc Test", "{1}{R}", "Instant", "This spell costs {1} more to cast for each creature your opponents control.")
    s = _state("Grizzly Bears", "Grizzly Bears", player="B")
    assert total_cost(s, "A", c).notation() == "{3}{R}"


def test_total_power_reduction_counts_counters_cr_118_7a():
    """Ghalta's wording; +1/+1 counters add to power; CR 118.7a: coloured mana is never reduced."""
    s = _state("Grizzly Bears")
    s.battlefield[0].counters["+1/+1"] = 3
    assert total_cost(s, "A", DB.get("Ghalta, Primal Hunger")).notation() == "{5}{G}{G}"


def test_total_power_with_an_anthem_in_play_is_unsupported_cr_613():
    """CR 613: an unmodelled power-changing static ability makes the total power unknown."""
    anthem = _card("Anthem Test", "{2}{W}", "Enchantment", "Creatures you control get +1/+1.")
    with pytest.raises(Unsupported):
        total_cost(_state("Grizzly Bears", anthem), "A", DB.get("Ghalta, Primal Hunger"))


def test_unmodelled_self_reduction_is_unsupported_cr_601_2f():
    """CR 601.2f: a conditional self reduction we do not parse must not be ignored."""
    c = _card("Cond Test", "{3}{U}", "Instant",
              "This spell costs {2} less to cast if it's night.\nDraw two cards.")  # day and night: not in a scenario
    with pytest.raises(Unsupported, match="night"):
        total_cost(_state(), "A", c)
    # "if you control a Wizard" and "a creature with flying" are modelled (tests/test_cost_changes.py,
    # tests/test_self_cost_conditions.py): none controlled, no reduction
    w = _card("Wiz Test", "{3}{U}", "Instant", "This spell costs {2} less to cast if you control a Wizard.\nDraw two cards.")
    assert total_cost(_state(), "A", w).notation() == "{3}{U}"
    f = _card("Fly Test", "{3}{U}", "Instant",
              "This spell costs {2} less to cast if you control a creature with flying.\nDraw two cards.")
    assert total_cost(_state(), "A", f).notation() == "{3}{U}"


def test_first_spell_of_a_kind_each_turn_cr_601_2f():
    """CR 601.2f: "the first instant spell you cast each turn costs {1} less" — with nothing cast earlier this turn
    (the default turn) Think Twice ({1}{U}) is the first: {1} less, so {U} (CR 118.7a); after
    another spell, whether that one was an instant is not recorded: unsupported, naming the permanent."""
    import dataclasses

    from mtgcheck.models.game.turn import TurnHistory, TurnState

    perm = _card("Disc Test", "{1}{U}", "Creature — Wizard", "The first instant spell you cast each turn costs {1} less to cast.")
    assert total_cost(_state(perm), "A", DB.get("Think Twice")).notation() == "{U}"
    st = _state(perm)
    st = dataclasses.replace(st, turn=TurnState(history=TurnHistory(spells_cast={"A": ("Opt",)})))
    with pytest.raises(Unsupported, match="Disc Test"):
        total_cost(st, "A", DB.get("Opt"))


def test_a_permanents_own_this_spell_line_is_ignored_cr_601_2f():
    """CR 601.2f: Ghalta's own "This spell costs" line does nothing while Ghalta is on the battlefield."""
    assert total_cost(_state("Ghalta, Primal Hunger", "Forest"), "A", DB.get("Llanowar Elves")).notation() == "{G}"


def test_requested_face_from_face_or_face_name_cr_709_3():
    """CR 709.3: the half is chosen by `face:` or by naming the half as the card."""
    from types import SimpleNamespace

    from mtgcheck.solver.rules.faces import requested_face

    class Ctx(SimpleNamespace):
        def arg(self, k, default=None):
            return self.args.get(k, default)

    fi = DB.get("Fire // Ice")
    assert requested_face(Ctx(args={"card": "Ice"}), fi) == "Ice"
    assert requested_face(Ctx(args={"card": "Fire // Ice", "face": "Fire"}), fi) == "Fire"
    assert requested_face(Ctx(args={"card": "Fire // Ice"}), fi) is None
