"""Abilities granted by static abilities and attachments (CR 113.10, 113.10a, 113.10b, 604.1, 613.1f, 613.7, 613.8).

The real Oracle texts of the class (the 32k-card file) parse into typed grants, and the layer-6 view gives and
removes abilities as the rules say. Every expected value comes from the rule named in each test.
"""
from __future__ import annotations

import dataclasses

import pytest

from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.mana_effects import AddMana
from mtgcheck.models.vocab.grants import GrantAbility
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.game.state import Permanent
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.solver.rules.board import board_view
from mtgcheck.solver.rules.mana.produce import could_produce
from tests import boards


def card(name: str, type_line: str, text: str, mana_cost: str = "{1}", colors: str = ""):
    fields = {"name": name, "mana_cost": mana_cost, "type_line": type_line, "oracle_text": text}
    if "Creature" in type_line:
        fields.update(power="1", toughness="1")
    if colors:
        fields["colors"] = list(colors)
    return card_from_fields(fields)


def grant_of(c) -> GrantAbility:
    got = [a.effect for a in parse_abilities(c) if isinstance(a.effect, GrantAbility)]
    assert len(got) == 1, [a.effect for a in parse_abilities(c)]
    return got[0]


def types_of(state, pid):
    return "".join(t for t in "WUBRGC" if t in could_produce(state).types[pid])


#: Cards of the class whose whole grant sentence is typed now (real Oracle texts, 32k file).
TYPED = ["Manaweft Sliver", "Basal Sliver", "Gemhide Sliver", "Katilda, Dawnhart Prime", "Rishkar, Peema Renegade",
         "Jiang Yanggu, Wildcrafter", "Brightcap Badger // Fungus Frolic", "Inga and Esika",
         "Esika, God of the Tree // The Prismatic Bridge", "Lotus Ring", "Summoning Materia", "Leyline Immersion",
         "Toxicrene", "Lithoform Blight", "Tyvar Kell", "Forgotten Monument", "Cryptolith Rite", "Diamond Pick-Axe",
         "Sticky Fingers", "Paradise Mantle"]


@pytest.mark.parametrize("name", TYPED)
def test_real_grant_sentences_are_typed_cr_613_1f(real_db, name):
    """CR 113.10, 613.1f: each of these cards' grant sentence is one typed ``GrantAbility`` (its other parts typed
    or kept as untyped parts with their topics), never an unmodelled sentence."""
    g = grant_of(real_db.get(name))
    assert g.granted, name


def test_the_parts_of_a_mixed_sentence_are_each_typed_or_kept_cr_613_1f_613_4(real_db):
    """Lotus Ring: "gets +3/+3" is a layer-7 change (CR 613.4c), kept untyped with the power/toughness topic only;
    vigilance (CR 702.20) and the quoted ability (113.10a) are granted in layer 6 (613.1f)."""
    g = grant_of(real_db.get("Lotus Ring"))
    assert [a.kind for a in g.granted] == ["keyword", "activated"]
    assert g.granted[0].effect.keyword == "vigilance"
    assert isinstance(g.granted[1].effect, AddMana)
    assert [u.topics for u in g.parts] == [frozenset({Topic.POWER_TOUGHNESS})]
    assert g.affects.relation == "equipped"
    leyline = grant_of(real_db.get("Leyline Immersion"))
    assert leyline.granted[0].effect.keyword == "ward" and leyline.granted[0].effect.cost == "{2}"  # CR 702.21


def test_object_words_are_typed_filters_cr_205_3m_122_1(real_db):
    """CR 205.3m subtypes, 205.4 supertypes, 122.1 counters, 109.5 "other"."""
    f = grant_of(real_db.get("Manaweft Sliver")).affects
    assert set(f.all_of) == {"Sliver", "Creature"} and f.controller == "you"
    f = grant_of(real_db.get("Basal Sliver")).affects
    assert f.all_of == ("Sliver",) and f.controller == "any"
    f = grant_of(real_db.get("Brightcap Badger // Fungus Frolic")).affects
    assert set(f.any_of) == {"Fungus", "Saproling"}
    f = grant_of(real_db.get("Esika, God of the Tree // The Prismatic Bridge")).affects
    assert f.other and set(f.all_of) == {"Legendary", "Creature"}
    assert grant_of(real_db.get("Rishkar, Peema Renegade")).affects.qualifier.counters == ("",)
    assert grant_of(real_db.get("Jiang Yanggu, Wildcrafter")).affects.qualifier.counters == ("+1/+1",)
    assert grant_of(real_db.get("Tyvar Kell")).affects.all_of == ("Elf",)


def test_untyped_wordings_stay_unmodelled_cr_613_1f():
    """Grants whose object words or other parts are not read stay ``Unmodelled`` (never a guessed grant): a word
    that is no type ("mighty"), "you own", a type change in the same sentence (layer 4, CR 613.1d)."""
    for text in ('Mighty creatures you control have "{T}: Add one mana of any color."',
                 'Commander creatures you own have "{T}: Add {C}."',
                 'Enchantments you control are Gold artifacts in addition to their other types and have '
                 '"Sacrifice this artifact: Add one mana of any color."'):
        eff = parse_abilities(card("Test", "Enchantment", text))[0].effect
        assert isinstance(eff, Unmodelled), text


def test_this_creature_in_a_quoted_ability_is_the_object_that_has_it_cr_113_10a(real_db):
    """CR 113.10a, 109.5: Katilda's Humans have "{T}: Add one mana of any of this creature's colors": a red Human
    adds red; Katilda (green and white) adds green or white."""
    human = card("Red Test Human", "Creature — Human", "", "{R}", "R")
    s = boards.board([real_db.get("Katilda, Dawnhart Prime"), human], ids="p")
    assert types_of(s, "p2") == "R"
    assert types_of(s, "p1") == "WG"


def test_lose_all_other_abilities_removes_printed_and_land_type_abilities_cr_613_1f(real_db):
    """CR 613.1f, 113.10b, 305.6: under Toxicrene a Forest loses its intrinsic {G} ability and a Wastes its
    printed {C} ability; each has only "{T}: Add one mana of any color"."""
    s = boards.board(["Forest", "Wastes"], [real_db.get("Toxicrene")], ids="p")
    v = board_view(s)
    for pid in ("p1", "p2"):
        assert [a.text for a in v[pid].abilities] == ["{T}: Add one mana of any color"]
    assert types_of(s, "p2") == "WUBRG"


def test_loses_all_abilities_follows_timestamps_cr_613_7():
    """CR 613.7, 613.1f: an ability-removing effect removes what earlier effects granted, not what later ones
    grant. A Wastes under Toxicrene (loses all other abilities) and a land grant of "{T}: Add {C}{C}": with the grant
    later it keeps that ability, with the grant earlier it loses it."""
    tox = card("Test Toxicrene", "Creature — Horror",
               'All lands have "{T}: Add one mana of any color" and lose all other abilities.')
    grant = card("Test Lantern", "Artifact", 'Lands you control have "{T}: Add {C}{C}."')
    later = boards.board(["Wastes", tox, grant], ids="p")
    assert [a.text for a in board_view(later)["p1"].abilities] == ["{T}: Add one mana of any color", "{T}: Add {C}{C}."]
    earlier = boards.board(["Wastes", grant, tox], ids="p")
    assert [a.text for a in board_view(earlier)["p1"].abilities] == ["{T}: Add one mana of any color"]


def test_an_ability_removed_first_creates_no_grant_cr_613_8a():
    """CR 613.8a-b: Toxicrene makes a land lose the ability that would grant creatures "{T}: Add {C}", so that grant
    depends on Toxicrene's effect, applies after it, and no longer exists: the creature gets nothing (whatever the
    timestamps)."""
    tox = card("Test Toxicrene", "Creature — Horror",
               'All lands have "{T}: Add one mana of any color" and lose all other abilities.')
    grove = card("Test Grove", "Land", 'Creatures you control have "{T}: Add {C}."')
    for order in ([grove, "Grizzly Bears", tox], [tox, grove, "Grizzly Bears"]):
        s = boards.board(order, ids="p")
        bear = next(p.id for p in s.battlefield if p.name == "Grizzly Bears")
        assert types_of(s, bear) == ""


def test_lithoform_blight_removes_land_types_and_abilities_cr_305_7_613_1d(real_db):
    """CR 305.7, 613.1d (loses all land types: no intrinsic mana ability), 613.1f (loses its abilities, then has the
    two quoted ones): a Forest with Lithoform Blight is no Forest and adds {C}, or any colour for 1 life."""
    s = boards.board(["Forest", real_db.get("Lithoform Blight")], ids="p")
    s.battlefield[1].attached_to = "p1"
    v = board_view(s)["p1"]
    assert v.subtypes == ()
    assert [a.text for a in v.abilities] == ["{T}: Add {C}", "{T}, Pay 1 life: Add one mana of any color."]
    assert types_of(s, "p1") == "WUBRGC"


def test_an_equipment_grants_only_to_the_creature_it_is_attached_to_cr_301_5(real_db):
    """CR 301.5, 613.1f: Summoning Materia's equipped creature has "{T}: Add {G}"; another creature does not."""
    s = boards.board(["Grizzly Bears", "Grizzly Bears", real_db.get("Summoning Materia")], ids="p")
    s.battlefield[2].attached_to = "p1"
    assert types_of(s, "p1") == "G"
    assert types_of(s, "p2") == ""


def test_counters_decide_which_creatures_have_the_grant_cr_122_1(real_db):
    """CR 122.1, 613.1f: Rishkar ("with a counter on it": any kind) and Jiang Yanggu ("with a +1/+1 counter")."""
    s = boards.board([real_db.get("Rishkar, Peema Renegade"), "Grizzly Bears", "Grizzly Bears"], ids="p")
    s.battlefield[1].counters = {"-1/-1": 1}
    assert types_of(s, "p2") == "G" and types_of(s, "p3") == ""
    s = boards.board([real_db.get("Jiang Yanggu, Wildcrafter"), "Grizzly Bears", "Grizzly Bears"], ids="p")
    s.battlefield[1].counters = {"-1/-1": 1}
    s.battlefield[2].counters = {"+1/+1": 1}
    assert types_of(s, "p2") == "" and types_of(s, "p3") == "WUBRG"


def test_a_granted_unmodelled_ability_is_read_on_the_object_that_has_it_cr_613_1f(real_db):
    """CR 613.1f: Diamond Pick-Axe's quoted triggered ability is an ability of the equipped creature. Unattached,
    no object has it, so it changes nothing; attached, the gate reads it on the creature."""
    from mtgcheck.solver.rules.gate import unmodelled_findings

    s = boards.board(["Grizzly Bears", real_db.get("Diamond Pick-Axe")], ids="p")
    assert not [f for f in unmodelled_findings(s, (Topic.OTHER_MANA,), view=board_view(s)) if "Treasure" in f.text]
    s.battlefield[1] = dataclasses.replace(s.battlefield[1], attached_to="p1")
    found = [f for f in unmodelled_findings(s, (Topic.OTHER_MANA, Topic.TRIGGERS), view=board_view(s)) if "Treasure" in f.text]
    assert found and found[0].card == "Grizzly Bears"


def test_basal_sliver_gives_a_sick_sliver_a_sacrifice_ability_cr_302_6(real_db):
    """CR 302.6: the granted "Sacrifice this permanent: Add {B}{B}" has no {T} in its cost, so even a summoning-sick
    Sliver can activate it (113.10a: it sacrifices itself)."""
    s = boards.board([real_db.get("Basal Sliver")], ids="p")
    s.battlefield[0] = Permanent("p1", s.battlefield[0].card, "Alice", "Alice", sick=True)
    assert types_of(s, "p1") == "B"


def test_the_world_tree_counts_lands_as_layer_4_leaves_them_cr_604_1_611_3a(real_db):
    """CR 604.1, 611.3a: "As long as you control six or more lands" is read now; The World Tree counts itself."""
    tree = real_db.get("The World Tree")
    five = boards.board([tree, "Wastes", "Wastes", "Wastes", "Wastes"], ids="p")
    assert types_of(five, "p2") == "C"
    six = boards.board([tree, "Wastes", "Wastes", "Wastes", "Wastes", "Wastes"], ids="p")
    assert types_of(six, "p2") == "WUBRGC"
    assert grant_of(tree).condition is not None


def test_modified_is_a_counter_an_equipment_or_an_own_aura_cr_700_9(real_db):
    """CR 700.9: Orochi Merge-Keeper is modified with a counter, an Equipment attached, or an Aura its controller
    controls; an opponent's Aura does not make it modified. Modified, it has "{T}: Add {G}{G}." besides its own
    "{T}: Add {G}."."""
    keeper = real_db.get("Orochi Merge-Keeper")

    def has_gg(s):
        return '{T}: Add {G}{G}.' in [a.text for a in board_view(s)["p1"].abilities]

    s = boards.board([keeper], ids="p")
    assert not has_gg(s)
    s.battlefield[0].counters = {"+1/+1": 1}
    assert has_gg(s)
    s = boards.board([keeper, real_db.get("Summoning Materia")], ids="p")
    s.battlefield[1].attached_to = "p1"
    assert has_gg(s)
    aura = card("Test Aura", "Enchantment — Aura", "Enchant creature")
    s = boards.board([keeper], [aura], ids="p")
    s.battlefield[1].attached_to = "p1"
    assert not has_gg(s)
    s = boards.board([keeper, aura], ids="p")
    s.battlefield[1].attached_to = "p1"
    assert has_gg(s)


def test_careful_cultivation_applies_only_while_the_enchanted_land_is_a_creature_cr_604_1(real_db):
    """CR 604.1, 303.4: "As long as enchanted permanent is a creature, it ... has "{T}: Add {G}{G}."": on a Wastes
    nothing; on a land creature the ability (and a power/toughness change kept untyped, layer 7)."""
    cc = real_db.get("Careful Cultivation")
    s = boards.board(["Wastes", cc], ids="p")
    s.battlefield[1].attached_to = "p1"
    assert types_of(s, "p1") == "C"
    arbor = card("Test Arbor", "Land Creature — Forest Dryad", "")
    s = boards.board([arbor, cc], ids="p")
    s.battlefield[1].attached_to = "p1"
    assert [a.text for a in board_view(s)["p1"].abilities][-2:] == ["Reach", '{T}: Add {G}{G}.']
    assert grant_of(cc).parts[0].topics == frozenset({Topic.POWER_TOUGHNESS})


def test_a_graveyard_grant_is_typed_with_the_zone_it_functions_in_cr_113_6b(real_db):
    """CR 113.6b: "As long as this card is in your graveyard[ and you control a Mountain], ..." (Riftstone Portal,
    Anger) is a grant whose ability functions in the graveyard (``zones``), with the rest of its condition typed;
    swampwalk (Filth), which no grant here reads, stays unmodelled."""
    portal = [a for a in parse_abilities(real_db.get("Riftstone Portal")) if isinstance(a.effect, GrantAbility)]
    assert len(portal) == 1 and portal[0].zones == ("graveyard",) and portal[0].effect.condition is None
    anger = [a for a in parse_abilities(real_db.get("Anger")) if isinstance(a.effect, GrantAbility)]
    assert len(anger) == 1 and anger[0].zones == ("graveyard",) and anger[0].effect.condition is not None
    assert not any(isinstance(a.effect, GrantAbility) for a in parse_abilities(real_db.get("Filth")))


def test_alpine_moon_reads_the_name_chosen_as_it_entered_cr_607_2d(real_db):
    """CR 607.2d (the chosen name is the linked entering choice), 305.7, 613.1d, 613.1f: Alpine Moon naming Ancient
    Tomb makes Bob's Ancient Tomb lose its land types and abilities and gain "{T}: Add one mana of any color"; an
    Ancient Tomb of its controller, or a land with another name, keeps its abilities; with no choice given the answer
    is unsupported, naming the card."""
    from mtgcheck.solver.questions.registry import Unsupported

    moon = real_db.get("Alpine Moon")
    s = boards.board([moon, "Ancient Tomb"], ["Ancient Tomb", "Tropical Island"], ids="p")
    s.battlefield[0].choices = {"card_name": "Ancient Tomb"}
    v = board_view(s)
    assert [a.text for a in v["p3"].abilities] == ['{T}: Add one mana of any color.']
    assert v["p3"].subtypes == ()
    assert [a.text for a in v["p2"].abilities] == [a.text for a in abilities_of(s.battlefield[1].card)]
    assert types_of(s, "p4") == "UG"
    s = boards.board([moon], ["Ancient Tomb"], ids="p")
    with pytest.raises(Unsupported, match="Alpine Moon"):
        board_view(s)


def test_honored_hierarch_has_the_ability_only_while_renowned_cr_702_112b(real_db):
    """CR 702.112b (renowned is a designation of the permanent), 604.1: Honored Hierarch has "{T}: Add one mana of any
    color" only while renowned."""
    s = boards.board([real_db.get("Honored Hierarch")], ids="p")
    assert types_of(s, "p1") == ""
    s.battlefield[0].renowned = True
    assert types_of(s, "p1") == "WUBRG"
