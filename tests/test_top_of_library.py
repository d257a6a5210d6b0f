"""Static abilities that read the top card of a library (CR 401.1: a library is ordered, its top card first;
604.1, 611.3a: "as long as" applies only while the condition holds): Mul Daya Channelers' conditional grant of
"{T}: Add two mana of any one color." (examples/classes/top_of_library.yaml)."""
from __future__ import annotations

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.grants import GrantAbility
from mtgcheck.models.vocab.conditions import TopOfLibrary
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.solver.api import ask

MUL_DAYA = {"name": "Mul Daya Channelers", "mana_cost": "{1}{G}{G}", "type_line": "Creature — Elf Druid Shaman",
            "power": "2", "toughness": "2",
            "oracle_text": "Play with the top card of your library revealed.\nAs long as the top card of your library is "
                           "a creature card, this creature gets +3/+3.\nAs long as the top card of your library is a "
                           "land card, this creature has \"{T}: Add two mana of any one color.\""}
BEARS = {"name": "Grizzly Bears", "mana_cost": "{1}{G}", "type_line": "Creature — Bear", "power": "2",
         "toughness": "2", "oracle_text": ""}


def _scenario(library, ask_what):
    cards = {c["name"]: {k: v for k, v in c.items() if k != "name"} for c in (MUL_DAYA, BEARS)}
    s = {"players": ["Alice", "Bob"], "cards": cards, "battlefield": {"Alice": ["Mul Daya Channelers", "Forest"]},
         "ask": ask_what}
    if library is not None:
        s["library"] = library
    return s


def test_the_land_line_is_a_grant_under_the_top_card_condition_cr_401_1_611_3a():
    """CR 611.3a: "As long as the top card of your library is a land card, this creature has "..."" is a grant that
    applies only while the library's top card (CR 401.1) is a land card: ``TopOfLibrary`` of land cards."""
    grants = [a.effect for a in parse_abilities(card_from_fields(MUL_DAYA)) if isinstance(a.effect, GrantAbility)]
    assert len(grants) == 1
    cond = grants[0].condition
    assert isinstance(cond, TopOfLibrary) and cond.filter.all_of == ("Land",) and cond.whose == "you"


def test_a_land_on_top_gives_two_mana_of_one_colour_cr_401_1_106_4():
    """CR 401.1 (Forest is the top card), 611.3a, 605.1a: the granted ability is a mana ability: with Alice's Forest
    the pools are {G} plus two mana of any one colour."""
    a = ask(_scenario({"Alice": ["Forest", "Grizzly Bears"]}, {"available_mana": "Alice"}))
    assert a.verdict != "unsupported"
    assert sorted(a.values["pools"]) == sorted(["{W}{W}{G}", "{U}{U}{G}", "{B}{B}{G}", "{R}{R}{G}", "{G}{G}{G}"])


def test_a_creature_card_on_top_gives_no_ability_cr_611_3a():
    """CR 611.3a: the top card is Grizzly Bears (a creature card, not a land card): no granted ability; only the
    Forest's {G}."""
    a = ask(_scenario({"Alice": ["Grizzly Bears", "Forest"]}, {"available_mana": "Alice"}))
    assert a.values["pools"] == ["{G}"]


def test_an_unlisted_library_is_unsupported_naming_the_card_cr_401_1():
    """CR 401.1: which card is on top of a library the scenario does not list is unknown: the answer is unsupported
    and names the sentence (never a guess either way)."""
    for q in ({"available_mana": "Alice"}, {"could_produce": {"card": "Mul Daya Channelers"}}):
        a = ask(_scenario(None, q))
        assert a.verdict == "unsupported"
        assert "Mul Daya Channelers" in a.message and "top card of your library" in a.message and "does not list" in a.message


def test_only_the_controllers_library_counts_cr_401_1():
    """"your library" is the ability's controller's (CR 401.1, 109.5): a land on top of Bob's library does not give
    Alice's Channelers the ability."""
    a = ask(_scenario({"Alice": [], "Bob": ["Forest"]}, {"could_produce": {"card": "Mul Daya Channelers"}}))
    assert a.values["types"] == []


SELVALA = {"name": "Selvala, Explorer Returned", "mana_cost": "{1}{G}{W}", "type_line": "Legendary Creature — Elf Scout",
           "power": "2", "toughness": "4",
           "oracle_text": "Parley — {T}: Each player reveals the top card of their library. For each nonland card revealed "
                          "this way, add {G} and you gain 1 life. Then each player draws a card."}


def _selvala(library, ask_what):
    cards = {c["name"]: {k: v for k, v in c.items() if k != "name"} for c in (SELVALA, BEARS)}
    s = {"players": ["Alice", "Bob"], "cards": cards, "battlefield": {"Alice": ["Selvala, Explorer Returned"]},
         "ask": ask_what}
    if library is not None:
        s["library"] = library
    return s


def test_selvala_moves_library_cards_so_it_is_not_a_mana_ability_cr_605_1a():
    """CR 605.1a (2026-09-25): an ability that moves a card to or from a library ("each player draws a card") is not a
    mana ability; its output counts the nonland top cards of the libraries (CR 401.1, 701.20a)."""
    from mtgcheck.models.vocab.mana_effects import AddMana
    from mtgcheck.models.vocab.amounts import TopCardsOfLibraries

    (ab,) = parse_abilities(card_from_fields(SELVALA))
    assert isinstance(ab.effect, AddMana) and ab.effect.moves_library_card and not ab.is_mana_ability
    assert isinstance(ab.effect.amount, TopCardsOfLibraries) and ab.effect.amount.filter.none_of == ("Land",)


def test_selvala_reads_every_players_top_card_cr_401_1_106_7():
    """CR 401.1, 106.7: Alice's library is empty (she reveals nothing) and Bob's top card is Grizzly Bears (nonland):
    one {G}, so Selvala could produce green; with a land on top of Bob's library instead, no mana and no type."""
    got = ask(_selvala({"Alice": [], "Bob": ["Grizzly Bears"]}, {"could_produce": {"card": "Selvala, Explorer Returned"}}))
    assert got.values["types"] == ["G"]
    got = ask(_selvala({"Alice": [], "Bob": ["Forest", "Grizzly Bears"]},
                       {"could_produce": {"card": "Selvala, Explorer Returned"}}))
    assert got.values["types"] == []


def test_selvala_with_a_library_not_listed_is_unsupported_cr_401_1():
    """CR 401.1: Bob's library is not listed, so whether his top card is a land is unknown: unsupported, naming it."""
    got = ask(_selvala({"Alice": ["Forest"]}, {"could_produce": {"card": "Selvala, Explorer Returned"}}))
    assert got.verdict == "unsupported" and "Bob's library" in got.message
