"""Aftermath (CR 702.127a), fuse (CR 702.102), lands are not cast (CR 305.1, 305.9), escape's
"other cards" count (CR 702.138a) and Snapcaster Mage's target (ruling 2017-03-14)."""
from __future__ import annotations

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.game.state import CardInstance, Effect, GameState, Permanent
from mtgcheck.solver.rules.costs import nonmana_problems, total_cost
from mtgcheck.solver.rules.errors import CostError, NoPermission
from mtgcheck.solver.questions.registry import QuestionError

DB = load_database()


def _state(*names, zones=None, listed=()):
    s = GameState(players=["A", "B"], active="A")
    for i, n in enumerate(names):
        s.battlefield.append(Permanent(id=f"p{i}", card=DB.get(n), controller="A", owner="A"))
    for (zone, who), cards in (zones or {}).items():
        for j, c in enumerate(cards):
            s.zones[zone][who].append(CardInstance(f"{zone}{who}{j}", DB.get(c), who))
    s.listed_zones.update(listed)
    return s


# ---- CR 702.127a aftermath -------------------------------------------------------------------------

def test_aftermath_half_not_from_hand_cr_702_127a():
    """CR 702.127a: the aftermath half can't be cast from any zone other than a graveyard."""
    with pytest.raises(NoPermission, match="702.127a"):
        total_cost(_state(), "A", DB.get("Commit // Memory"), face="Memory")


def test_aftermath_half_from_graveyard_cr_702_127a():
    """CR 702.127a: the aftermath half may be cast from the graveyard, paying its own mana cost (709.3b)."""
    s = _state(zones={("graveyard", "A"): ["Commit // Memory"]})
    tc = total_cost(s, "A", DB.get("Commit // Memory"), face="Memory", zone="graveyard")
    assert tc.notation() == "{4}{U}{U}" and tc.card.name == "Memory"
    tc = total_cost(s, "A", DB.get("Commit // Memory"), face="Memory", zone="graveyard", using="aftermath")
    assert tc.notation() == "{4}{U}{U}"


def test_aftermath_first_half_gets_no_graveyard_permission_cr_702_127a_601_3():
    """CR 702.127a grants the graveyard permission to the aftermath half only; Commit stays a hand spell (601.3)."""
    s = _state(zones={("graveyard", "A"): ["Commit // Memory"]})
    with pytest.raises(NoPermission, match="601.3"):
        total_cost(s, "A", DB.get("Commit // Memory"), face="Commit", zone="graveyard")
    assert total_cost(_state(), "A", DB.get("Commit // Memory"), face="Commit").notation() == "{3}{U}"
    with pytest.raises(CostError, match="702.127a"):
        total_cost(s, "A", DB.get("Commit // Memory"), face="Commit", zone="graveyard", using="aftermath")


# ---- CR 702.102 fuse ---------------------------------------------------------------------------------

def test_fuse_costs_both_halves_cr_702_102c():
    """CR 702.102c: the total cost of a fused split spell includes the mana cost of each half; 709.4d."""
    tc = total_cost(_state(), "A", DB.get("Wear // Tear"), using="fuse")
    assert tc.notation() == "{1}{R}{W}"
    assert tc.card.name == "Wear // Tear"
    assert any("702.102c" in s for s in tc.steps)


def test_fuse_only_from_hand_cr_702_102a():
    """CR 702.102a: fuse applies while the card is in a player's hand."""
    s = _state(zones={("graveyard", "A"): ["Wear // Tear"]})
    with pytest.raises(NoPermission, match="702.102a"):
        total_cost(s, "A", DB.get("Wear // Tear"), using="fuse", zone="graveyard")


def test_fuse_needs_a_fuse_card_and_no_half_named_cr_702_102a():
    """CR 702.102a: only a split card with fuse is cast fused, and then as both halves."""
    with pytest.raises(CostError, match="no fuse"):
        total_cost(_state(), "A", DB.get("Fire // Ice"), using="fuse")
    with pytest.raises(CostError, match="both halves"):
        total_cost(_state(), "A", DB.get("Wear // Tear"), using="fuse", face="Wear")
    with pytest.raises(CostError, match="not a split card"):
        total_cost(_state(), "A", DB.get("Lightning Bolt"), using="fuse")


# ---- CR 305.1, 305.9 lands are played, not cast ------------------------------------------------------

def test_land_is_played_not_cast_cr_305_1_305_9():
    """CR 305.1 (playing a land is a special action; it is never a spell), 305.9 (can't be cast): the cast question
    answers "not castable" with the rule (``NotASpell``, reported as a zone mismatch is), not an error."""
    from mtgcheck.solver.rules.errors import NotASpell

    with pytest.raises(NotASpell, match="305.1") as e:
        total_cost(_state("Mountain"), "A", DB.get("Forest"))
    assert "118.6" not in str(e.value)


# ---- CR 702.138a escape: other cards in the graveyard ------------------------------------------------

def test_escape_count_without_listed_graveyard_cr_702_138a():
    """CR 702.138a, 118.3: with no graveyard listed, whether five other cards are there is unknown: unsupported
    naming the unlisted graveyard, never "not castable" (and never a negative count)."""
    from mtgcheck.solver.questions.registry import Unsupported

    s = _state()
    tc = total_cost(s, "A", DB.get("Ox of Agonas"), using="escape", zone="graveyard")
    with pytest.raises(Unsupported) as e:
        nonmana_problems(s, "A", tc.card, tc, "graveyard")
    assert "does not list" in str(e.value) and "-1" not in str(e.value)


def test_escape_count_excludes_the_spell_itself_cr_702_138a():
    """CR 702.138a ("other" cards), 601.2a (the spell is on the stack): eight others are enough."""
    s = _state(zones={("graveyard", "A"): ["Ox of Agonas"] + ["Opt"] * 8})
    tc = total_cost(s, "A", DB.get("Ox of Agonas"), using="escape", zone="graveyard")
    assert nonmana_problems(s, "A", tc.card, tc, "graveyard") == []
    s = _state(zones={("graveyard", "A"): ["Ox of Agonas"] + ["Opt"] * 7})
    assert "holds 7" in nonmana_problems(s, "A", tc.card, tc, "graveyard")[0]


# ---- Snapcaster Mage: which card it targeted (ruling 2017-03-14) -------------------------------------

def test_snapcaster_target_ambiguous_asks_for_choices_card_2017_03_14():
    """Snapcaster Mage targets one instant or sorcery card: several candidates and none named is ambiguous."""
    s = _state("Mountain", zones={("graveyard", "A"): ["Lightning Bolt", "Opt"]})
    s.effects.append(Effect(DB.get("Snapcaster Mage"), "A"))
    with pytest.raises(QuestionError, match="choices.card") as e:
        total_cost(s, "A", DB.get("Lightning Bolt"), zone="graveyard", using="flashback")
    assert "Lightning Bolt" in str(e.value) and "Opt" in str(e.value)
    s.effects[0] = Effect(DB.get("Snapcaster Mage"), "A", choices={"card": "Opt"})
    assert total_cost(s, "A", DB.get("Opt"), zone="graveyard", using="flashback").notation() == "{U}"


def test_snapcaster_single_candidate_is_assumed_2017_03_14():
    """Snapcaster Mage ruling 2017-03-14: with one instant or sorcery card in the graveyard it is the target."""
    s = _state("Mountain", zones={("graveyard", "A"): ["Lightning Bolt", "Ornithopter"]})
    s.effects.append(Effect(DB.get("Snapcaster Mage"), "A"))
    tc = total_cost(s, "A", DB.get("Lightning Bolt"), zone="graveyard", using="flashback")
    assert tc.notation() == "{R}"
    assert any("only instant or sorcery card" in st for st in tc.steps)
