"""Land-type Auras in the layer view (solver.rules.layers) and the "not modelled" safety net (QA finding: Spreading
Seas on Ancient Tomb was ignored). Expected values from CR 305.7, 303.4, 613.7 as named in each test."""
from __future__ import annotations

import dataclasses

import pytest

from mtgcheck.models.data.catalog import catalog_ability
from mtgcheck.models.data.catalog import load_catalog
from mtgcheck.models.game.state import Effect, GameState, Permanent
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.solver.rules.board import board_view
from mtgcheck.solver.rules.gate import require_modelled, unmodelled_findings
from mtgcheck.solver.rules.mana.produce import could_produce
from mtgcheck.solver.questions.registry import Unsupported
from mtgcheck.solver.rules.mana.sources import mana_sources
from mtgcheck.solver.rules.mana.pools import available_mana

CAT = load_catalog()


def board(*entries):
    """entries: (name, controller, attached_to index or None)."""
    s = GameState(players=["Alice", "Bob"], active="Alice")
    for i, (name, who, att) in enumerate(entries, 1):
        card = name if not isinstance(name, str) else CAT[name]
        s.battlefield.append(Permanent(f"p{i}", card, who, who, attached_to=None if att is None else f"p{att}"))
    return s


def types_of(state, pid):
    return "".join(t for t in "WUBRGC" if t in could_produce(state).types[pid])


def test_spreading_seas_on_ancient_tomb_makes_only_blue_cr_305_7():
    """CR 305.7: the enchanted land is an Island only; it loses Ancient Tomb's own ability ({C}{C}) and has
    the Island's intrinsic one (305.6). Another Ancient Tomb is untouched (CR 303.4)."""
    s = board(("Ancient Tomb", "Alice", None), ("Ancient Tomb", "Alice", None), ("Spreading Seas", "Bob", 1))
    assert types_of(s, "p1") == "U"
    assert types_of(s, "p2") == "C"


def test_evil_presence_and_seas_claim_cr_305_7():
    """CR 305.7: Evil Presence sets Swamp ({B}); Sea's Claim on a Tropical Island removes Forest ({U})."""
    assert types_of(board(("Ancient Tomb", "Alice", None), ("Evil Presence", "Bob", 1)), "p1") == "B"
    assert types_of(board(("Tropical Island", "Alice", None), ("Sea's Claim", "Bob", 1)), "p1") == "U"


def test_blood_moon_and_spreading_seas_in_timestamp_order_cr_613_7():
    """CR 613.7: both set land types in layer 4 and neither depends on the other; the later one wins."""
    assert types_of(board(("Blood Moon", "Bob", None), ("Ancient Tomb", "Alice", None), ("Spreading Seas", "Bob", 2)), "p2") == "U"
    assert types_of(board(("Ancient Tomb", "Alice", None), ("Spreading Seas", "Bob", 1), ("Blood Moon", "Bob", None)), "p1") == "R"
    s = board(("Ancient Tomb", "Alice", None), ("Spreading Seas", "Bob", 1), ("Blood Moon", "Bob", None))
    s.battlefield[1].timestamp, s.battlefield[2].timestamp = 9, 5  # CR 613.7e: re-attached later
    assert types_of(s, "p1") == "U"


def test_resolved_aura_effect_uses_its_target_cr_303_4a():
    """CR 303.4a: an Aura spell targets what it will enchant; an ``effects`` entry of Spreading Seas with the
    land as its target changes that land only. Without a target: not modelled, said so."""
    s = board(("Ancient Tomb", "Alice", None), ("Ancient Tomb", "Alice", None))
    s.effects.append(Effect(CAT["Spreading Seas"], "Bob", targets=["p1"]))
    assert types_of(s, "p1") == "U" and types_of(s, "p2") == "C"
    s = board(("Ancient Tomb", "Alice", None))
    s.effects.append(Effect(CAT["Spreading Seas"], "Bob"))
    with pytest.raises(Unsupported, match="Spreading Seas"):
        could_produce(s)


def test_available_mana_sees_the_aura_cr_305_7():
    """CR 305.7, 106.7: Ancient Tomb under Spreading Seas and a Forest make exactly one pool, {U}{G}."""
    s = board(("Ancient Tomb", "Alice", None), ("Forest", "Alice", None), ("Spreading Seas", "Alice", 1))
    pools, _ = available_mana(s, "Alice")
    assert pools == ["{U}{G}"]


def _unmodelled_aura():
    """A hypothetical Aura whose land-type wording is kept as text (as the parser does for "the chosen type")."""
    ab = catalog_ability({"kind": "static", "effect": "text", "text": "Enchanted land is the chosen type."}, "Mystery Terrain")
    return dataclasses.replace(CAT["Evil Presence"], name="Mystery Terrain", abilities=(ab,))


def test_unmodelled_land_type_wording_is_unsupported_naming_the_card_cr_305_7():
    """CR 305.7, 613.1d: a land-type change we cannot model must not be ignored (that would give the printed
    mana): the gate every mana question passes first (solver.rules.gate) answers "not modelled", naming the card."""
    s = board(("Ancient Tomb", "Alice", None), (_unmodelled_aura(), "Bob", 1))
    found = unmodelled_findings(s, {Topic.MANA_PRODUCTION}, view=board_view(s))
    assert [(f.card, f.text) for f in found] == [("Mystery Terrain", "Enchanted land is the chosen type.")]
    for topics in ({Topic.MANA_PRODUCTION}, {Topic.CHARACTERISTICS}):
        with pytest.raises(Unsupported, match="Mystery Terrain"):
            require_modelled(s, topics, view=board_view(s))


def test_real_cards_land_type_auras_cr_305_7(real_db):
    """With the 32k-card file: the parsed wording of Spreading Seas, Evil Presence, Lush Growth and Nylea's
    Presence (CR 305.7), and Phantasmal Terrain's chosen type answered "not modelled"."""
    def b(*names):
        s = GameState(players=["Alice", "Bob"], active="Alice")
        s.battlefield.append(Permanent("p1", real_db.get("Ancient Tomb"), "Alice", "Alice"))
        for i, n in enumerate(names, 2):
            s.battlefield.append(Permanent(f"p{i}", real_db.get(n), "Bob", "Bob", attached_to="p1"))
        return s
    assert types_of(b("Spreading Seas"), "p1") == "U"
    assert types_of(b("Evil Presence"), "p1") == "B"
    assert types_of(b("Lush Growth"), "p1") == "WRG"
    assert types_of(b("Nylea's Presence"), "p1") == "WUBRGC"  # in addition: keeps its own {C}{C} (CR 305.7)
    with pytest.raises(Unsupported, match="Phantasmal Terrain"):  # its chosen basic land type: the gate (solver.rules.gate)
        state = b("Phantasmal Terrain")
        require_modelled(state, {Topic.MANA_PRODUCTION}, view=board_view(state))
