""""Can this cost part be paid?" read in one place (``solver.rules.payable``) for spells and abilities (CR 118.3, 601.2a,
601.2h, 602.2b).

CR 602.2b: an ability's cost is paid as a spell's is (601.2g-h), and CR 118.3 is the same for both: a cost can be paid
only with the resources to pay it fully. So the same cost part, on the same board, is payable as a spell's additional
cost exactly when it is as an activated ability's cost — the spell itself being on the stack while its costs are paid
(601.2a). Each expected value below comes from those rules and the board (never from running the code); a part that
is not modelled is ``unsupported`` for both, never "castable" or "not castable".
"""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.cost_parts import CostPart
from mtgcheck.models.game.state import GameState
from mtgcheck.solver.rules.payable import part_problem
from mtgcheck.solver.rules.cost_objects import CastSpell
from mtgcheck.solver.questions.registry import Unsupported
from tests.probe_boards import ask


def _cards(part: str) -> dict:
    return {
        "Test Spell": {"type_line": "Instant", "mana_cost": "{0}",
                       "oracle_text": f"As an additional cost to cast this spell, {part[0].lower() + part[1:]}.\nDraw a card."},
        # an enchantment, so that no part of these can be paid with the engine itself (an artifact could sacrifice
        # itself for "Sacrifice an artifact": the cost says "an", not "another", CR 118.3)
        "Test Engine": {"type_line": "Enchantment", "mana_cost": "{0}", "oracle_text": f"{part}: Draw a card."},
    }


#: (cost part, Alice's permanents besides the engine, her hand besides the spell, graveyard, library, energy, payable)
CASES = [
    ("Discard a creature card", [], ["Lightning Bolt"], [], None, 0, False),          # 701.9a: no creature card
    ("Discard a creature card", [], ["Grizzly Bears"], [], None, 0, True),
    ("Discard a card", [], [], [], None, 0, False),                                   # the spell is not in hand (601.2a)
    ("Sacrifice an artifact or creature", ["Island"], [], [], None, 0, False),
    ("Sacrifice an artifact or creature", ["Grizzly Bears"], [], [], None, 0, True),
    ("Sacrifice a red creature", ["Grizzly Bears"], [], [], None, 0, False),          # 105.2: the Bears are green
    ("Sacrifice a land and an Island", ["Island"], [], [], None, 0, False),           # 601.2h: two different lands
    ("Sacrifice a land and an Island", ["Island", "Forest"], [], [], None, 0, True),
    ("Return a Forest you control to its owner's hand", ["Island"], [], [], None, 0, False),
    ("Return a Forest you control to its owner's hand", ["Forest"], [], [], None, 0, True),
    ("Pay {E}{E}", [], [], [], None, 1, False),                                       # 107.14: two energy
    ("Pay {E}{E}", [], [], [], None, 2, True),
    ("Mill two cards", [], [], [], ["Island"], 0, False),                             # 701.17b
    ("Mill two cards", [], [], [], ["Island", "Forest"], 0, True),
    ("Collect evidence 3", [], [], ["Lightning Bolt", "Opt"], None, 0, False),        # 701.59a: 1 + 1 < 3
    ("Collect evidence 3", [], [], ["Lightning Bolt", "Grizzly Bears"], None, 0, True),
    ("Exile two cards from your graveyard", [], [], ["Opt"], None, 0, False),
    ("Exile two cards from your graveyard", [], [], ["Opt", "Opt"], None, 0, True),
]


def _scenario(part, perms, hand, grave, library, energy, *, spell):
    extra = {"cards": _cards(part)}
    if grave:
        extra["graveyard"] = {"Alice": grave}
    if library is not None:
        extra["library"] = {"Alice": library}
    if energy:
        extra["player_counters"] = {"Alice": {"energy": energy}}
    hand = {"Alice": (["Test Spell"] if spell else []) + hand}
    bf = {"Alice": perms + ([] if spell else ["Test Engine"])}
    return bf, hand, extra


@pytest.mark.parametrize("part, perms, hand, grave, library, energy, payable", CASES)
def test_a_cost_part_is_payable_alike_for_a_spell_and_an_ability_cr_118_3_602_2b(
        catalog_db, part, perms, hand, grave, library, energy, payable):
    """CR 118.3, 601.2a, 601.2h, 602.2b: ``cast`` (the part as an additional cost) and ``activate`` (the part as the
    ability's cost) agree, and both say what the rules say."""
    bf, h, extra = _scenario(part, perms, hand, grave, library, energy, spell=True)
    cast = ask(catalog_db, bf, {"cast": {"card": "Test Spell"}}, hand=h, **extra)
    bf, h, extra = _scenario(part, perms, hand, grave, library, energy, spell=False)
    act = ask(catalog_db, bf, {"activate": {"permanent": "Test Engine", "ability": 1}}, hand=h, **extra)
    assert cast.values["castable"] is payable, cast.explanation
    assert act.values["activatable"] is payable, act.explanation


def _state() -> GameState:
    s = GameState(players=["Alice", "Bob"], active="Alice")
    s.listed_zones = {("hand", "Alice"), ("graveyard", "Alice"), ("library", "Alice")}
    return s


def test_a_part_not_modelled_is_unsupported_never_paid_or_unpaid_cr_118_3(catalog_db):
    """CR 118.3: whether a cost whose wording is not modelled can be paid is unknown — ``Unsupported`` for a spell's
    cost and for an ability's, never an answer."""
    card = catalog_db.get("Grizzly Bears")
    odd = CostPart("other", "turn a card face down", 1, "Turn a card face down")
    with pytest.raises(Unsupported, match="not modelled"):
        part_problem(_state(), CastSpell(card, "Alice"), odd)


@pytest.mark.parametrize("action", ["sacrifice", "exile", "return", "remove_counters", "put_counters", "exert"])
def test_a_spells_cost_part_naming_itself_is_unsupported_cr_601_2a(catalog_db, action):
    """CR 601.2a: a spell is on the stack while its costs are paid, not a permanent: a part of its cost that would
    use "this" object (sacrifice it, remove its counters, exert it) is not modelled — ``Unsupported``, never paid."""
    card = catalog_db.get("Grizzly Bears")
    with pytest.raises(Unsupported, match="names the spell itself"):
        part_problem(_state(), CastSpell(card, "Alice"), CostPart(action, "this", 1, f"{action} this"))


_SPAWN = {"Test Spawn": {"type_line": "Creature — Eldrazi Spawn", "mana_cost": "{1}", "power": "0", "toughness": "1",
                         "oracle_text": "Sacrifice this creature: Add {C}."},
          "Test Rites": {"type_line": "Instant", "mana_cost": "{1}",
                         "oracle_text": "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards."}}


def test_an_object_whose_mana_the_part_uses_up_is_not_silently_counted_twice_cr_601_2g(catalog_db):
    """CR 601.2g-h: a creature that sacrifices itself for mana can't also be sacrificed for the spell's cost. With
    that creature as the only one, which use it gets is a choice the casting payment does not model: unsupported,
    never "castable" (it is not: it can pay the {1} or the sacrifice, not both)."""
    with pytest.raises(Unsupported, match="601.2g-h"):
        ask(catalog_db, {"Alice": ["Test Spawn"]}, {"cast": {"card": "Test Rites"}}, cards=_SPAWN)


def test_an_object_whose_mana_is_not_needed_pays_the_part_exactly_cr_601_2g(catalog_db):
    """CR 601.2g-h, 118.3: with Grizzly Bears to sacrifice and an Island for the {1}, the Spawn's mana is not needed:
    castable, exactly."""
    got = ask(catalog_db, {"Alice": ["Test Spawn", "Grizzly Bears", "Island"]}, {"cast": {"card": "Test Rites"}},
              cards=_SPAWN)
    assert got.values["castable"] is True


#: One part of each key of the support table (``solver.rules.support.COST_PART_RULES``), as the parser writes it.
_PART_OF_KEY = {
    "cost:sacrifice@self": CostPart("sacrifice", "this", 1, "Sacrifice this artifact"),
    "cost:exile@self": CostPart("exile", "this", 1, "Exile this artifact"),
    "cost:return@self": CostPart("return", "this", 1, "Return this artifact to its owner's hand"),
    "cost:put_counters@self": CostPart("put_counters", "this", 1, "Put a +1/+1 counter on this artifact"),
    "cost:remove_counters@self": CostPart("remove_counters", "charge", 1, "Remove a charge counter from this artifact"),
    "cost:exert@self": CostPart("exert", "this", 1, "Exert this creature"),
    "cost:remove_all_counters@self": CostPart("remove_all_counters", "charge", 0, "Remove all charge counters"),
    "cost:put_library@self": CostPart("put_library", "this", 1, "Put this artifact on the bottom of its owner's library"),
    "cost:tap_untapped@battlefield": CostPart("tap_untapped", "creature", 1, "Tap an untapped creature you control"),
    "cost:untap@battlefield": CostPart("untap", "land", 1, "Untap a tapped land you control"),
    "cost:sacrifice@battlefield": CostPart("sacrifice", "creature", 1, "Sacrifice a creature"),
    "cost:return@battlefield": CostPart("return", "land", 1, "Return a land you control to its owner's hand"),
    "cost:exile_permanent@battlefield": CostPart("exile_permanent", "creature", 1, "Exile a creature you control"),
    "cost:remove_counters_from@battlefield": CostPart("remove_counters_from", "any", 1,
                                                      "Remove a counter from a creature you control",
                                                      objects="creature"),
    "cost:put_counters_on@battlefield": CostPart("put_counters_on", "+1/+1", 1,
                                                 "Put a +1/+1 counter on a creature you control", objects="creature"),
    "cost:sacrifice_all@battlefield": CostPart("sacrifice_all", "creature", 0, "Sacrifice all creatures you control"),
    "cost:discard@hand": CostPart("discard", "card", 1, "Discard a card"),
    "cost:reveal@hand": CostPart("reveal", "card", 1, "Reveal a card from your hand"),
    "cost:discard_hand@hand": CostPart("discard_hand", "hand", 0, "Discard your hand"),
    "cost:exile@hand": CostPart("exile", "card from your hand", 1, "Exile a card from your hand"),
    "cost:exile@graveyard": CostPart("exile", "card from your graveyard", 1, "Exile a card from your graveyard"),
    "cost:collect_evidence@graveyard": CostPart("collect_evidence", "graveyard", 4, "Collect evidence 4"),
    "cost:forage@graveyard": CostPart("forage", "graveyard", 1, "Forage"),
    "cost:mill@library": CostPart("mill", "card", 2, "Mill two cards"),
    "cost:pay_energy@player": CostPart("pay_energy", "energy", 2, "Pay {E}{E}"),
}


def test_every_cost_part_key_of_the_support_table_has_a_part_here():
    """The support table's cost-part keys are the ones pinned below (life and waterbend are paid with the mana, CR
    119.4, 701.67a)."""
    from mtgcheck.solver.rules.support import COST_PART_RULES, cost_key

    assert set(_PART_OF_KEY) | {"cost:pay_life@player", "cost:waterbend@mana"} == set(COST_PART_RULES)
    assert all(cost_key(p) == k for k, p in _PART_OF_KEY.items())


@pytest.mark.parametrize("key", sorted(_PART_OF_KEY))
def test_a_cost_part_the_table_lists_is_decided_by_the_one_reader_cr_118_3(catalog_db, key):
    """CR 118.3, 602.2b: every cost part the support table says is read gets an answer from the one reader — paid
    or not, with the reason — on a board with nothing to pay it with, never ``Unsupported``."""
    from mtgcheck.models.game.state import Permanent

    source = Permanent("src", catalog_db.get("Grizzly Bears"), "Alice", "Alice")
    state = _state()
    state.battlefield.append(source)
    got = part_problem(state, source, _PART_OF_KEY[key])
    assert got is None or isinstance(got, str)


@pytest.mark.parametrize("part, key", [
    (CostPart("discard", "this", 1, "Discard this card"), "cost:discard@self"),
    (CostPart("exile", "the top card of your library", 1, "Exile the top card of your library"),
     "cost:exile@elsewhere"),
])
def test_a_cost_part_outside_the_table_is_refused_naming_its_key(catalog_db, part, key):
    """A cost part whose action and zone the table does not list is ``unsupported`` naming the key, never guessed."""
    from mtgcheck.models.game.state import Permanent

    source = Permanent("src", catalog_db.get("Grizzly Bears"), "Alice", "Alice")
    state = _state()
    state.battlefield.append(source)
    with pytest.raises(Unsupported, match=key.replace("@", "@")) as e:
        part_problem(state, source, part)
    assert e.value.mechanic == key
