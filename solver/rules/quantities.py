"""Amounts, qualifiers and conditions read against the game: the one evaluator of ``models.vocab.amounts.Amount``,
``Qualifier`` and ``Condition``.

Every rule that reads a number from the game ("for each Elf you control", "where X is the greatest power among
creatures you control", "the amount of life you gained this turn") or a condition ("if you control two or more black
permanents", "if a creature died this turn", "if you have the city's blessing") goes through these two functions:
mana amounts and "instead" outputs (``solver.rules.mana.produce``), activation and casting restrictions
(``solver.rules.restrictions``), cost changes and target comparisons.

``amount_value(state, player, amount, source)`` -> ``(n, why)``
    the number now, with the words that explain it;
``condition_holds(state, player, cond, source, text)`` -> ``(holds, why)``
    whether it holds now, with the words;
``qualifier_verdict(state, viewer, kind, obj, q, source)`` -> ``(yes|no|unknown, why)``, ``filter_verdict``
    whether an object passes a qualifier (below).

They are one grammar and call one another: an amount counts the objects that pass a filter, a qualifier compares
a number with an amount ("with power greater than the number of cards in your hand"), a condition reads both. The
board they read is the layers' (``solver.rules.layers.board_view``), to which they pass ``condition_holds`` as the
reader of the layers' own conditions (CR 604.1, 611.3a: a grant "as long as ..."); whether unmodelled text could
change a characteristic a qualifier reads is the gate's (``solver.rules.gate.require_modelled``, given that board).

Both raise ``Unsupported`` (naming ``text`` or the amount) when the state does not say: a zone the scenario does
not list, a filter or a characteristic that is not modelled (colours, keywords, power under unmodelled layer-7 text:
the qualifiers below), an amount chosen as a cost is paid (X, "the sacrificed creature's power": the caller
enumerates those choices). Nothing is guessed. What the turn history and the designations do not list did not
happen (``models.game.turn.TurnHistory``, ``GameState.designations``); answers that rely on the scenario's default turn
say so.

Qualifiers
----------
Whether an object passes a qualifier ("nonblack", "with flying", "with power 2 or less", "tapped", "token",
"attacking", "another", "that's red or green"): ``models.vocab.filters.Qualifier`` read against the state.

``qualifier_verdict(state, viewer, kind, obj, q, source)`` returns ``(yes|no|unknown, why)``. Every test must
hold (a conjunction): one test that fails makes the answer ``no`` even where another is unknown. What is read:

* colours: a permanent's colours from its card (CR 105.2, 202.2; ``colors_of``), unknown
  while a colour-changing sentence that is not modelled is in play (layer 5, CR 613.1e);
* keywords: through the layer view (``solver.rules.layers.has_keyword`` with ``condition_holds``: printed, in the
  model, or granted by a typed effect, so granted flying counts), unknown while keyword text that is not modelled is in play (CR 702, 613.1f);
* power and toughness: printed plus power/toughness counters (CR 208.3, 122.1a), unknown when printed as ``*``
  (CR 604.3) or while text that could change power or toughness is in play (layer 7, CR 613.4);
* mana value: the card's (CR 202.3; X is 0 off the stack, 107.3m); a spell on the stack with X, or a split
  card on the stack, is unknown (CR 202.3b, 709.3);
* counters (CR 122.1); tapped (CR 110.5); tokens: every permanent of a scenario is a card, so none is a token
  (CR 111.1);
* combat status: only during combat, from the declare attackers step on, is any creature attacking or blocking
  (CR 506.4, 508.1, 509.1): a scenario marks them (``Permanent.attacking``/``.blocking``); "blocked" and
  "unblocked" exist from the declare blockers step (CR 509.1h) and who blocks whom is not part of a scenario;
* "another", "other than this creature": not the source itself (CR 109.5);
* history ("that dealt damage to you this turn"): not modelled (unknown).

References: CR 105, 110.5, 111.1, 506.4, 508.1, 509.1h, 702 (qualifiers); 107.1b (negative results), 107.3 (X),
109.5 ("you"), 119 (life), 122.1 (counters), 202.3 (mana value), 205 (types), 208 (power/toughness), 305.6 (basic
land types), 700.5 (devotion), 700.4 (dies), 724 (the monarch), 725 (the initiative), 702.131 (the city's blessing),
309.7 (completed dungeons), 613 (layers).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterable

from mtgcheck.models.vocab.logic import AllOf, AnyOf, Condition, Not
from mtgcheck.models.vocab.amounts import (
    Amount, CountersAmong, CountersOn, CountersRemoved, CountOf, Devotion, LargestGroup, StartingLife, DistinctAmong,
    Fixed, GreatestAmong, LifeTotal, OfChosenType, PartySize, PlayersWho, PlayerCounters, PowerOf, Revealed,
    SharingCreatureType, StatOf, Sum, ThisTurn, TotalAmong, VariableX,
)
from mtgcheck.models.vocab.conditions import (
    AttackedThisStep, AttackedThisTurn, CardsInZone, Compare, ControlsAtLeast, ControlsCommander,
    DefendingPlayerControls, HasCounter, HasDesignation, OpponentControlsMore, ResolvedThisTurn, HasLegalTarget,
    OpponentHasCounters, SourceAttacking, SourceCast, SourceMatches, SourceModified, SourceRenowned, SourceTapped,
    SpellsCastThisTurn,
)
from mtgcheck.models.vocab.filters import Filter, Qualifier
from mtgcheck.models.game.state import GameState, Permanent

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.models.vocab.amounts import TopCardsOfLibraries
from mtgcheck.models.game.subtypes import CREATURE_TYPES
from mtgcheck.models.vocab.conditions import DuringTurn, HasAnotherActivatedAbility, MaxSpeed
from mtgcheck.models.vocab.conditions import ModeUnchosen, TopOfLibrary
from mtgcheck.models.vocab.conditions import AnchorChosen
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.keywords import KeywordKind
from mtgcheck.models.vocab.filters import Filter as _F
from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.solver.rules.gate import require_modelled
from mtgcheck.solver.rules.layers import board_view, effect_abilities, filter_matches, has_keyword, permanent_abilities

__all__ = ["amount_value", "condition_holds", "matching_objects", "compare_numbers", "card_matches_filter",
           "modified_verdict", "card_matches", "party_size", "domain_types", "qualifier_verdict", "filter_verdict",
           "object_colors", "colors_of"]

_OPS = {"<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b, "==": lambda a, b: a == b,
        "<": lambda a, b: a < b, ">": lambda a, b: a > b}
_OP_WORDS = {"<=": "at most", ">=": "at least", "==": "exactly", "<": "less than", ">": "more than"}
#: The evaluator of a ``HasLegalTarget`` condition (``condition_holds``'s ``legal_target``).
LegalTarget = Callable[[GameState, str, "Permanent | None", Any, str], "tuple[bool, str]"]
_BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery")
_PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


def compare_numbers(a: int, op: str, b: int) -> bool:
    """``a op b`` for an operator of ``models.vocab.filters.NUMBER_COMPARISONS``."""
    return _OPS[op](a, b)


def _default_turn(state: GameState) -> str:
    return "" if state.turn.given else " (the scenario's default turn: nothing happened earlier this turn)"


class AtLeast(Unsupported):
    """An amount of which only a lower bound is known (``least``): a comparison that gives the same result for every
    value from ``least`` up is still decided (``_count_bound``); anything else stays ``Unsupported``."""

    def __init__(self, message: str, least: int) -> None:
        super().__init__(message)
        self.least = least


#: The life events the damage in the turn history changes (CR 120.3a: damage to a player from a source without
#: infect is life lost; 702.15b: damage from a source with lifelink is life its controller gains): the keyword that
#: decides, and whether it makes the event (lifelink) or prevents it (infect, CR 120.3b: poison counters instead).
_DAMAGE_LIFE = {"life_lost": ("infect", False), "life_gained": ("lifelink", True)}


def life_this_turn(state: GameState, player: str, event: str) -> tuple[int, bool, str]:
    """How much life ``player`` lost (``event`` ``life_lost``) or gained (``life_gained``) earlier this turn:
    ``(n, exact, why)``. The one reader of "did this player lose / gain life this turn" (spectacle, CR 702.137a;
    "if an opponent lost life this turn"; "the life you gained this turn"): every question asks it.

    The turn history's ``life_lost`` / ``life_gained`` give the total, whatever caused it (damage included). The
    history's ``damage`` counts too (CR 120.3a: damage dealt to a player by a source without infect makes that player
    lose that much life; 702.15b: damage dealt by a source with lifelink makes its controller gain that much life;
    120.8: a source that would deal 0 damage deals none, so each entry is at least 1): when the history gives no such
    total for ``player`` and lists damage that made the event happen, ``player`` lost (gained) at least 1 life and
    how much is not recorded: ``exact`` is False and ``n`` is 1. Whether a source had infect or lifelink is read
    from it as it is now (the scenario's permanent, ``solver.rules.layers``).

    Raises
    ------
    Unsupported
        Whether a damage source has infect (lifelink) is not known: text in play not modelled may change keywords.
    """
    hist = state.turn.history
    n = hist.count_of(event, player)
    keyword, makes = _DAMAGE_LIFE[event]
    words = event.replace("_", " ").replace("life ", "")
    if n:  # the history's total, damage included
        return n, True, f"{player} {words} {n} life this turn{_default_turn(state)}"
    by: list[str] = []
    for sid, to in dict.fromkeys(hist.damage):
        perm = next((p for p in state.battlefield if p.id == sid), None)
        if perm is None:
            continue
        if (to != player) if event == "life_lost" else (perm.controller != player):
            continue
        has, why = _has_keyword(state, "permanent", perm, keyword)
        if has is None:
            raise Unsupported(f"whether {perm.name}, which dealt damage this turn, has {keyword} is not known ({why}), and "
                              f"it decides whether {player} {words} life (CR 120.3a-b, 702.15b)")
        if has == makes:
            by.append(perm.name)
    if not by:
        return 0, True, f"{player} {words} no life this turn{_default_turn(state)}"
    rule = "CR 120.3a, 120.8" if event == "life_lost" else "CR 702.15b, 120.8"
    return 1, False, (f"{by[0]} dealt damage this turn " + ("to " + player if event == "life_lost" else f"with lifelink "
                      f"under {player}'s control") + f", so {player} {words} at least 1 life; the history does not say "
                      f"how much (history: {event}) ({rule})")


def lost_life_this_turn(state: GameState, player: str) -> tuple[bool, str]:
    """Whether ``player`` lost life earlier this turn (``life_this_turn``; CR 119.3, 120.3a): ``(lost, why)``."""
    n, _, why = life_this_turn(state, player, "life_lost")
    return n > 0, why


def _players(state: GameState, player: str, whose: str, opponent: str | None) -> list[str]:
    """The players an amount reads: ``you`` -> the controller; ``opponent`` -> the opponent bound by ``Compare``
    (else every opponent together); ``any`` -> everyone."""
    if whose == "you":
        return [player]
    if whose == "opponent":
        return [opponent] if opponent is not None else state.opponents(player)
    return list(state.players)


def _filter_words(f: Filter) -> str:
    return f.words or f.describe()


def matching_objects(state: GameState, player: str, f: Filter, source: Permanent | None = None,
                     opponent: str | None = None, text: str = "") -> list[Any]:
    """The objects matching ``f`` now, as seen by ``player`` (the controller of the ability that reads it).

    Parameters
    ----------
    f : Filter
        ``f.zone`` ``battlefield``: permanents (``f.controller`` you / opponent / any); another zone: the cards in
        the zones of the players ``f.controller`` names (``you``: the player's own graveyard, hand, ...); relation
        ``exiled_with``: the cards exiled with ``source`` (CR 607.2a).
    opponent : str, optional
        The one opponent ``opponent`` means (``Compare`` per opponent); default every opponent.

    Returns
    -------
    list of Permanent or CardInstance

    Raises
    ------
    Unsupported
        A zone the scenario does not list (its contents are unknown), or a filter the rules cannot read here
        (``filter_verdict`` says unknown), naming ``text`` and the filter.
    """
    what = text or _filter_words(f)
    if f.name == "this":  # "artifact you control named Powerstone Shard" on Powerstone Shard (models.text.filters)
        if source is None:
            raise Unsupported(f"“{what}”: it names the card it is on, and there is none")
        f = dataclasses.replace(f, name=source.card.name)
    if f.relation == "exiled_with":
        return _exiled_with(state, player, f, source, what)
    if f.zone == "battlefield":
        view = board_view(state, condition_holds)
        out: list[Any] = []
        # no qualifier and no union: the plain filter decides (what ``filter_verdict`` reads first), tested directly
        plain = not f.alternatives and f.qualifier.empty
        for p in state.battlefield:
            if f.controller == "opponent" and opponent is not None and p.controller != opponent:
                continue
            try:
                subs = view[p.id].subtypes if p.id in view else None
                if plain:
                    v, why = (YES if filter_matches(f, p, player, subs, source) else NO), ""
                else:
                    v, why = filter_verdict(state, f, p, player, subs, source)
            except ValueError as e:
                raise Unsupported(f"“{what}”: which permanents are “{_filter_words(f)}” is not modelled ({e})") from None
            if v == UNKNOWN:
                raise Unsupported(f"“{what}”: whether {p.name} is “{_filter_words(f)}” is not known: {why}")
            if v == YES:
                out.append(p)
        return out
    owners = _players(state, player, {"you": "you", "opponent": "opponent"}.get(f.controller, "any"), opponent)
    cards: list[Any] = []
    for owner in owners:
        if (f.zone, owner) not in state.listed_zones:
            raise Unsupported(f"“{what}”: {owner}'s {f.zone} is not listed in the scenario, so which cards are there is "
                              f"unknown (list it, even as [])")
        for inst in state.cards(f.zone, owner):
            if _card_matches(state, player, f, inst, what):
                cards.append(inst)
    return cards


def _exiled_with(state: GameState, player: str, f: Filter, source: Permanent | None, what: str) -> list[Any]:
    """The cards exiled with ``source`` by its linked ability that match the rest of ``f`` ("the exiled card", "a
    card is exiled with this land"; CR 406.6, 607.2a): the permanent's ``exiled`` list in the scenario (none listed:
    none). Raises ``Unsupported`` without a source permanent."""
    if source is None or not isinstance(source, Permanent):
        raise Unsupported(f"“{what}”: it reads the cards exiled with its source, and there is no source permanent")
    base = dataclasses.replace(f, relation=None, zone="exile", controller="any")
    return [inst for inst in source.exiled_with if _card_matches(state, player, base, inst, what)]


def _card_matches(state: GameState, player: str, f: Filter, inst: Any, what: str) -> bool:
    """A card in a zone against ``f``: types, supertypes, subtypes, colours, name (CR 205, 105.2, 201), then its
    qualifier and alternatives (``qualifier_verdict``)."""
    base = dataclasses.replace(f, qualifier=Qualifier(), alternatives=())
    if f.relation is not None:
        raise Unsupported(f"“{what}”: the relation {f.relation!r} of a card in a zone is not modelled")
    if not card_matches(base, inst.card) or (f.name is not None and inst.card.name != f.name):
        return False
    if f.alternatives and not any(_card_matches(state, player, dataclasses.replace(a, zone=f.zone, controller=f.controller),
                                                inst, what) for a in f.alternatives):
        return False
    if f.qualifier.empty:
        return True
    v, why = qualifier_verdict(state, player, "card", inst, f.qualifier)
    if v == UNKNOWN:
        raise Unsupported(f"“{what}”: whether {inst.name} is “{_filter_words(f)}” is not known: {why}")
    return v == YES


class _AsCard:
    """A card seen as a card in a zone (``.card``, ``.name``) for the qualifier rules."""

    def __init__(self, card: Any) -> None:
        self.card = card
        self.name = card.name


def _mode_unchosen(state: GameState, source: Permanent | None, cond: Any, text: str) -> tuple[bool, str]:
    """``ModeUnchosen``: "choose one that hasn't been chosen [this turn]" (CR 700.2a): each earlier resolution of the
    ability (this turn; or since the permanent entered, CR 400.7) chose a mode, which can't be chosen again. With no
    earlier resolution (the history's ``resolved`` lists none for the permanent's triggered abilities; for ``ever``
    the permanent must also have entered this turn) every mode is left; otherwise which modes are left is not
    recorded: ``Unsupported`` naming ``text``."""
    if source is None:
        raise Unsupported(f"“{text}”: it reads a permanent that is not there")
    if cond.per == "ever" and not source.entered_this_turn:
        raise Unsupported(f"{source.name}: “{text}”: which modes its ability chose since {source.name} entered the "
                          f"battlefield (on earlier turns) is not recorded, and a chosen mode can't be chosen again "
                          f"(CR 700.2a, 400.7); give it `entered_this_turn: true` if it entered this turn")
    earlier = sum(t for (pid, n), t in state.turn.history.resolved.items() if pid == source.id and n > 0)
    if earlier:
        raise Unsupported(f"{source.name}: “{text}”: its triggered ability resolved {earlier} time(s) earlier this turn "
                          f"and which modes were chosen is not recorded (CR 700.2a)")
    since = "this turn" if cond.per == "turn" else "since it entered the battlefield this turn"
    return True, (f"no earlier resolution of {source.name}'s triggered ability {since}{_default_turn(state)}: every "
                  f"mode is left (CR 700.2a)")


def _top_of_library(state: GameState, player: str, cond: Any, source: Permanent | None, text: str) -> tuple[bool, str]:
    """"The top card of your library is [a land card]" (``TopOfLibrary``): a library is ordered and its top card is the
    first listed (CR 401.1, 401.2); an empty library has no top card, so the condition does not hold. A library the
    scenario does not list is unknown: ``Unsupported`` naming ``text``."""
    if ("library", player) not in state.listed_zones and not state.cards("library", player):
        raise Unsupported(f"{source.name + ': ' if source is not None else ''}“{text}”: it reads the top card of {player}'s library, which the scenario does not list "
                          f"(list it, top card first; CR 401.1)")
    lib = state.cards("library", player)
    if not lib:
        return False, f"{player}'s library is empty, so it has no top card (CR 401.1)"
    top = lib[0]
    ok = card_matches_filter(state, player, cond.filter, top, text)
    return ok, f"the top card of {player}'s library is {top.name}, {'' if ok else 'not '}{_filter_words(cond.filter)} (CR 401.1)"


def _top_cards_of_libraries(state: GameState, player: str, amount: Any, what: str) -> tuple[int, str]:
    """How many players' libraries have a top card matching ``amount.filter`` ("each player reveals the top card of their
    library. For each nonland card revealed this way", Selvala, Explorer Returned): CR 401.1 (the top card is the first
    listed; an empty library reveals nothing). Raises ``Unsupported`` naming ``what`` when a library is not listed."""
    n, seen = 0, []
    for p in state.players:
        if ("library", p) not in state.listed_zones and not state.cards("library", p):
            raise Unsupported(f"“{what}”: it reads the top card of {p}'s library, which the scenario does not list "
                              f"(list it, top card first; CR 401.1)")
        lib = state.cards("library", p)
        if not lib:
            seen.append(f"{p}'s library is empty")
            continue
        ok = card_matches_filter(state, player, amount.filter, lib[0], what)
        n += ok
        seen.append(f"{p}'s top card is {lib[0].name}")
    return n, f"{n} of the top cards match ({'; '.join(seen)}; CR 401.1)"


def card_matches_filter(state: GameState, player: str, f: Filter, card: Any, text: str = "") -> bool:
    """Whether a card (a ``Card`` or a ``CardInstance``) matches ``f`` by its characteristics as a card: types,
    supertypes, subtypes, colours, name (CR 205, 105.2, 201), then the filter's qualifier and alternatives.

    Raises
    ------
    Unsupported
        A qualifier its characteristics do not decide, naming ``text``.
    """
    inst = card if hasattr(card, "card") else _AsCard(card)
    return _card_matches(state, player, f, inst, text or _filter_words(f))


def _stat(state: GameState, obj: Any, stat: str, what: str) -> int:
    """Power, toughness or mana value of a permanent or a card now (``_number``: printed plus counters,
    unknown under unmodelled layer-7 text or a characteristic-defining ``*``, CR 604.3, 613.4)."""
    kind = "permanent" if isinstance(obj, Permanent) else "card"
    n, why = _number(state, kind, obj, stat)
    if n is None:
        raise Unsupported(f"“{what}”: {why}")
    return n


def _related(state: GameState, source: Permanent | None, relation: str, what: str) -> Permanent:
    if source is None:
        raise Unsupported(f"“{what}”: it reads a permanent that is not there")
    if relation == "this":
        return source
    if relation in ("enchanted", "equipped"):
        if source.attached_to is None:
            raise Unsupported(f"“{what}”: {source.name} is attached to nothing")
        return state.permanent(source.attached_to)
    raise Unsupported(f"“{what}”: the {relation} object is chosen as the cost is paid or the ability triggers; "
                      f"its value is one of the choices, not a number of the state (CR 601.2h, 608.2h)")


def _distinct(state: GameState, objs: Iterable[Any], aspect: str, what: str) -> set[Any]:
    seen: set[Any] = set()
    for o in objs:
        card = o.card
        if aspect in ("power", "mana_value"):
            seen.add(_stat(state, o, aspect, what))
        elif aspect == "card_type":
            seen |= {t for t in _CARD_TYPES if card.is_type(t)}
        elif aspect == "permanent_type":  # CR 110.4a
            seen |= {t for t in _PERMANENT_TYPES if card.is_type(t)}
        elif aspect == "basic_land_type":
            if isinstance(o, Permanent):
                v = board_view(state, condition_holds).get(o.id)
                subs = tuple(v.subtypes) if v is not None else card.type_line.subtypes
            else:
                subs = card.type_line.subtypes
            seen |= {t for t in _BASIC_TYPES if t in subs}
        elif aspect == "color":
            cols, why = _colors(state, "permanent" if isinstance(o, Permanent) else "card", o)
            if cols is None:
                raise Unsupported(f"“{what}”: {why}")
            seen |= set(cols)  # colourless adds no colour (CR 105.2c)
        elif aspect == "name":
            seen.add(card.name)
        elif aspect == "creature_type":
            raise Unsupported(f"“{what}”: counting creature types shared or among objects is not modelled (CR 205.3m)")
    return seen


def amount_value(state: GameState, player: str, amount: Amount | int, source: Permanent | None = None, *,
                 opponent: str | None = None, text: str = "") -> tuple[int, str]:
    """The number ``amount`` stands for now, and the words why.

    Parameters
    ----------
    state : GameState
    player : str
        The controller of the ability (or the caster of the spell) that reads it: "you".
    amount : Amount or int
        A typed amount (``models.vocab.amounts.AMOUNT_TYPES``); an int is itself.
    source : Permanent, optional
        The permanent the ability belongs to ("this", counters on it, what it is attached to).
    opponent : str, optional
        The opponent an ``opponent`` amount means (``Compare`` evaluates per opponent).
    text : str
        The card's words, for explanations and errors.

    Returns
    -------
    (int, str)
        The value (a comparison may read a negative power as it is; callers that add mana or change a cost use
        ``max(n, 0)``, CR 107.1b) and the explanation.

    Raises
    ------
    Unsupported
        The state does not give the number (see the module docstring); X or a counter count chosen with the cost
        (``VariableX``, ``CountersRemoved``, a ``sacrificed``/``exiled`` ``StatOf``): the caller enumerates them.
    """
    what = text or repr(amount)
    if isinstance(amount, bool) or amount is None:
        raise Unsupported(f"“{what}”: the amount {amount!r} is not a number")
    if isinstance(amount, int):
        return amount, str(amount)
    kind = type(amount)
    value = _AMOUNT_VALUES.get(kind)
    if value is None:
        value = next((_AMOUNT_VALUES[k] for k in kind.__mro__ if k in _AMOUNT_VALUES), None)
        if value is None:
            raise Unsupported(f"“{what}”: the amount {amount!r} is not modelled")
    return value(state, player, amount, source, opponent, text, what)


# ``amount_value`` of each kind of amount: ``(state, player, amount, source, opponent, text, what) -> (n, why)``,
# chosen by the amount's type (``_AMOUNT_VALUES``, below).

def _fixed_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                 text: str, what: str) -> tuple[int, str]:
    """A number written on the card."""
    return amount.n, str(amount.n)


def _sum_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
               text: str, what: str) -> tuple[int, str]:
    """The sum of its parts, plus a number."""
    total, bits = amount.plus, []
    for part in amount.parts:
        n, why = amount_value(state, player, part, source, opponent=opponent, text=text)
        total += n
        bits.append(why)
    if amount.plus:
        bits.append(str(amount.plus))
    return total, " + ".join(bits) + f" = {total}"


def _counters_on_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                       text: str, what: str) -> tuple[int, str]:
    """The counters of a kind (or of every kind, CR 122.1) on the source."""
    if source is None:
        raise Unsupported(f"“{what}”: the counters it reads are on no permanent")
    if not amount.counter:  # every kind of counter (CR 122.1)
        n = sum(int(k) for k in source.counters.values())
        return n, f"{source.name} has {n} counter(s) in all"
    n = int(source.counters.get(amount.counter, 0))
    return n, f"{source.name} has {n} {amount.counter} counter(s)"


def _devotion_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                    text: str, what: str) -> tuple[int, str]:
    """Devotion to one or more colours: each mana symbol of the player's permanents' mana costs that is at least one
    of them counts once (CR 700.5, 700.5a); to a colour chosen as the ability resolves, the caller reads it per
    colour."""
    if amount.color == "chosen":
        raise Unsupported(f"“{what}”: the devotion to a colour chosen as the ability resolves is read per colour by "
                          f"the caller (CR 700.5)")
    # several colours: each mana symbol that is at least one of them counts once (CR 700.5a)
    n = sum(sum(1 for s in p.card.mana_cost if any(c in s.colors for c in amount.color))
            for p in state.permanents(player) if p.card.mana_cost is not None)
    return n, f"{player}'s devotion to {'/'.join(amount.color)} is {n} (CR 700.5)"


def _top_cards_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                     text: str, what: str) -> tuple[int, str]:
    """Cards on top of libraries (``_top_cards_of_libraries``)."""
    return _top_cards_of_libraries(state, player, amount, what)


def _starting_life_value(state: GameState, player: str, amount: Any, source: Permanent | None,
                         opponent: str | None, text: str, what: str) -> tuple[int, str]:
    """A player's starting life total (CR 103.4; ``_starting_life``)."""
    return _starting_life(state, player, amount, opponent, what)


def _counters_among_value(state: GameState, player: str, amount: Any, source: Permanent | None,
                          opponent: str | None, text: str, what: str) -> tuple[int, str]:
    """Counters among a set of objects (``_counters_among``)."""
    return _counters_among(state, player, amount, source, opponent, text)


def _largest_group_value(state: GameState, player: str, amount: Any, source: Permanent | None,
                         opponent: str | None, text: str, what: str) -> tuple[int, str]:
    """The largest group sharing a quality (``_largest_group``)."""
    return _largest_group(state, player, amount, source, opponent, text)


def _stat_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                text: str, what: str) -> tuple[int, str]:
    """A number of one object related to the source: its power (``PowerOf``), or a stat (``StatOf``)."""
    stat, rel = ("power", "this") if isinstance(amount, PowerOf) else (amount.stat, amount.relation)
    obj = _related(state, source, rel, what)
    n = _stat(state, obj, stat, what)
    return n, f"{obj.name}'s {stat.replace('_', ' ')} is {n}"


def _count_of_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                    text: str, what: str) -> tuple[int, str]:
    """How many objects match a filter (``matching_objects``)."""
    objs = matching_objects(state, player, amount.filter, source, opponent, text)
    return len(objs), f"{len(objs)} {_filter_words(amount.filter)}"


def _among_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                 text: str, what: str) -> tuple[int, str]:
    """The greatest (0 among none: Spell Rupture ruling 2013-01-24) or the total of a stat among matching objects."""
    objs = matching_objects(state, player, amount.filter, source, opponent, text)
    values = [_stat(state, o, amount.stat, what) for o in objs]
    stat = amount.stat.replace("_", " ")
    if isinstance(amount, GreatestAmong):
        n = max(values, default=0)
        return n, (f"the greatest {stat} among {_filter_words(amount.filter)} is {n}" if values else
                   f"no {_filter_words(amount.filter)}, so the greatest {stat} is 0 (Spell Rupture ruling 2013-01-24)")
    return sum(values), f"the total {stat} of {_filter_words(amount.filter)} is {sum(values)}"


def _distinct_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                    text: str, what: str) -> tuple[int, str]:
    """How many different values of an aspect (names, colours, types, ...) among matching objects."""
    objs = matching_objects(state, player, amount.filter, source, opponent, text)
    seen = _distinct(state, objs, amount.aspect, what)
    shown = ", ".join(sorted(map(str, seen))) or "none"
    return len(seen), f"{len(seen)} different {amount.aspect.replace('_', ' ')}(s) among {_filter_words(amount.filter)} ({shown})"


def _this_turn_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                     text: str, what: str) -> tuple[int, str]:
    """A count of what happened this turn (``_this_turn``)."""
    return _this_turn(state, player, amount, opponent, what)


def _life_total_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                      text: str, what: str) -> tuple[int, str]:
    """One player's life total (CR 119)."""
    who = _players(state, player, amount.whose, opponent)
    if len(who) != 1:
        raise Unsupported(f"“{what}”: whose life total is meant is not one player")
    n = state.life_of(who[0])
    return n, f"{who[0]} has {n} life"


def _player_counters_value(state: GameState, player: str, amount: Any, source: Permanent | None,
                           opponent: str | None, text: str, what: str) -> tuple[int, str]:
    """One player's counters of a kind (CR 122.1)."""
    who = _players(state, player, amount.whose, opponent)
    if len(who) != 1:
        raise Unsupported(f"“{what}”: whose counters are meant is not one player")
    n = state.counters_of(who[0], amount.kind)
    return n, f"{who[0]} has {n} {amount.kind} counter(s) (CR 122.1)"


def _players_who_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                       text: str, what: str) -> tuple[int, str]:
    """How many of the players meant had an event this turn (damage is life lost or gained too, CR 120.3a, 702.15b)."""
    who = _players(state, player, amount.whose, opponent)
    if amount.event in _DAMAGE_LIFE:  # damage in the history is life lost or gained too (CR 120.3a, 702.15b)
        hit = [p for p in who if life_this_turn(state, p, amount.event)[0] > 0]
    else:
        hit = [p for p in who if state.turn.history.count_of(amount.event, p) > 0]
    return len(hit), (f"{len(hit)} of {', '.join(who) or 'no one'} had {amount.event.replace('_', ' ')} this turn"
                      f"{_default_turn(state)}")


def _party_size_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                      text: str, what: str) -> tuple[int, str]:
    """The player's party (CR 700.8; ``party_size``)."""
    n = party_size(state, player, what)
    return n, f"{player}'s party has {n} creature(s) (CR 700.8)"


def _revealed_value(state: GameState, player: str, amount: Any, source: Permanent | None, opponent: str | None,
                    text: str, what: str) -> tuple[int, str]:
    """Chosen as the ability resolves (CR 608.2d): the caller enumerates it."""
    raise Unsupported(f"“{what}”: how many cards are revealed is chosen as the ability resolves (CR 608.2d); the "
                      f"caller enumerates its values")


def _chosen_with_cost_value(state: GameState, player: str, amount: Any, source: Permanent | None,
                            opponent: str | None, text: str, what: str) -> tuple[int, str]:
    """X or counters removed, chosen as the cost is paid (CR 107.3, 601.2b): the caller enumerates them."""
    raise Unsupported(f"“{what}”: the number is chosen as the cost is paid (CR 107.3, 601.2b); the caller "
                      f"enumerates its values")


def _of_chosen_type_value(state: GameState, player: str, amount: Any, source: Permanent | None,
                          opponent: str | None, text: str, what: str) -> tuple[int, str]:
    """Objects of the type chosen for the source (``_of_chosen_type``)."""
    return _of_chosen_type(state, player, amount, source, opponent, text, what)


def _sharing_creature_type_value(state: GameState, player: str, amount: Any, source: Permanent | None,
                                 opponent: str | None, text: str, what: str) -> tuple[int, str]:
    """Objects sharing a creature type (``_sharing_creature_type``)."""
    return _sharing_creature_type(state, player, amount, source, opponent, text, what)


_AMOUNT_VALUES: dict[type, Any] = {
    Fixed: _fixed_value, Sum: _sum_value, CountersOn: _counters_on_value, Devotion: _devotion_value,
    OfChosenType: _of_chosen_type_value, SharingCreatureType: _sharing_creature_type_value, TopCardsOfLibraries: _top_cards_value,
    Revealed: _revealed_value, StartingLife: _starting_life_value, CountersAmong: _counters_among_value,
    LargestGroup: _largest_group_value, PowerOf: _stat_value, StatOf: _stat_value, CountOf: _count_of_value,
    GreatestAmong: _among_value, TotalAmong: _among_value, DistinctAmong: _distinct_value,
    ThisTurn: _this_turn_value, LifeTotal: _life_total_value, PlayerCounters: _player_counters_value,
    PlayersWho: _players_who_value, PartySize: _party_size_value, VariableX: _chosen_with_cost_value,
    CountersRemoved: _chosen_with_cost_value,
}


def _sharing_creature_type(state: GameState, player: str, amount: SharingCreatureType, source: Permanent | None,
                           opponent: str | None, text: str, what: str) -> tuple[int, str]:
    """``SharingCreatureType``: for each creature type (CR 205.3m), how many of the matching objects have it, the
    largest; a changeling has every creature type (CR 702.73a), so it counts for whichever type is largest; 0 when
    none has a creature type. A permanent's types are its types now (``solver.rules.layers.board_view``)."""
    from collections import Counter


    objs = matching_objects(state, player, amount.filter, source, opponent, text)
    view = board_view(state, condition_holds)
    counts: Counter[str] = Counter()
    every = 0
    for o in objs:
        if isinstance(o, Permanent):
            if has_keyword(state, o, "changeling", condition_holds):
                every += 1
                continue
            subs = view[o.id].subtypes if o.id in view else o.card.type_line.subtypes
        else:
            if any(str(k).lower() == "changeling" for k in o.card.keywords):
                every += 1
                continue
            subs = o.card.type_line.subtypes
        counts.update({t for t in subs if t in CREATURE_TYPES})
    best = counts.most_common(1)
    n = (best[0][1] if best else 0) + every
    shown = (f"{best[0][1]} {best[0][0]}" if best else "no creature type") + (f" plus {every} changeling(s), every "
                                                                             f"creature type (CR 702.73a)" if every else "")
    return n, f"the greatest number of {_filter_words(amount.filter)} with a creature type in common is {n} ({shown})"


def _starting_life(state: GameState, player: str, amount: StartingLife, opponent: str | None,
                   what: str) -> tuple[int, str]:
    """``StartingLife``: the scenario's ``starting_life`` of the player, default 20 (CR 103.4)."""
    who = _players(state, player, amount.whose, opponent)
    if len(who) != 1:
        raise Unsupported(f"“{what}”: whose starting life total is meant is not one player")
    given = who[0] in state.starting_life
    n = state.starting_life_of(who[0])
    return n, f"{who[0]}'s starting life total is {n}" + ("" if given else
                                                          " (the scenario gives no starting_life: 20, CR 103.4)")


def _counters_among(state: GameState, player: str, amount: CountersAmong, source: Permanent | None,
                    opponent: str | None, text: str) -> tuple[int, str]:
    """``CountersAmong``: the ``counter`` counters on every permanent of the filter together (CR 122.1)."""
    objs = matching_objects(state, player, amount.filter, source, opponent, text)
    n = sum(int(getattr(o, "counters", {}).get(amount.counter, 0)) for o in objs)
    return n, f"{n} {amount.counter} counter(s) on {_filter_words(amount.filter)} ({len(objs)} of them)"


def _largest_group(state: GameState, player: str, amount: LargestGroup, source: Permanent | None,
                   opponent: str | None, text: str) -> tuple[int, str]:
    """``LargestGroup``: the most objects of the filter with one name (CR 201.2). Names are the cards' names: while
    an effect in force could change a permanent's name the answer is unsupported."""
    objs = matching_objects(state, player, amount.filter, source, opponent, text)
    if state.effects and objs:
        raise Unsupported(f"“{text or amount}”: effects in force ({state.effects[0].card.name}) may change names (CR 201.2)")
    counts: dict[str, int] = {}
    for o in objs:
        counts[o.card.name] = counts.get(o.card.name, 0) + 1
    if not counts:
        return 0, f"no {_filter_words(amount.filter)}"
    name, n = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
    return n, f"{n} {_filter_words(amount.filter)} named {name} share a name, the most (CR 201.2)"


def _of_chosen_type(state: GameState, player: str, amount: OfChosenType, source: Permanent | None,
                    opponent: str | None, text: str, what: str) -> tuple[int, str]:
    """``OfChosenType``: the objects of the filter with the creature type chosen for the source (CR 205.3m, 607.2a)."""
    chosen = source.choices.get("creature_type") if source is not None else None
    if not chosen:
        raise Unsupported(f"“{what}”: no creature type was chosen for {source.name if source else 'it'} "
                          f"(give choices: {{creature_type: ...}})")
    t = str(chosen).strip()
    f = dataclasses.replace(amount.filter, all_of=amount.filter.all_of + (t[:1].upper() + t[1:],),
                            words=f"{_filter_words(amount.filter)} of the chosen type ({t})")
    objs = matching_objects(state, player, f, source, opponent, text)
    return len(objs), f"{len(objs)} {_filter_words(f)}"


def _this_turn(state: GameState, player: str, amount: ThisTurn, opponent: str | None, what: str) -> tuple[int, str]:

    hist = state.turn.history
    who = _players(state, player, amount.whose, opponent)
    event = amount.event
    note = _default_turn(state)
    if event in hist.COUNTS:
        if amount.filter is not None:
            raise Unsupported(f"“{what}”: the turn history counts {event.replace('_', ' ')} without saying which objects")
        if event in _DAMAGE_LIFE:  # the one reader of life lost / gained (damage in the history counts too)
            got = [life_this_turn(state, p, event) for p in who]
            n = sum(k for k, _, _ in got)
            vague = [w for _, exact, w in got if not exact]
            if vague:
                raise AtLeast(f"“{what}”: {vague[0]}", n)
        else:
            n = sum(hist.count_of(event, p) for p in who)
    else:
        names: list[str] = [name for p in who for name in hist.cards_of(event, p)]
        if amount.filter is None:
            n = len(names)
        else:

            if not amount.filter.qualifier.empty or amount.filter.alternatives:
                raise Unsupported(f"“{what}”: the qualities of the cards in the turn history are not recorded "
                                  f"(only their names)")
            cards = [_card_named(state, name) for name in names]
            flt: _F = amount.filter
            n = sum(1 for c in cards if card_matches(flt, c))
    whose = " and ".join(who) if amount.whose != "any" else "all players"
    kind = event.replace("_", " ") + (f" ({_filter_words(amount.filter)})" if amount.filter is not None else "")
    return n, f"{kind} this turn for {whose}: {n}{note}"


def _card_named(state: GameState, name: str) -> Any:
    """The card of a name the turn history records (``TurnHistory.cards``, filled when the scenario was read)."""
    card = state.turn.history.cards.get(name)
    if card is None:
        raise Unsupported(f"the card {name!r} of the turn history is not known")
    return card


def condition_holds(state: GameState, player: str, cond: Condition, source: Permanent | None, text: str,
                    legal_target: LegalTarget | None = None) -> tuple[bool, str]:
    """Whether ``cond`` holds now for ``player`` (the ability's controller or the caster), and the words why.

    Parameters
    ----------
    cond : Condition
        A typed condition (``models.vocab.conditions.CONDITION_TYPES``).
    source : Permanent or None
        The permanent whose ability reads it ("this", its counters).
    text : str
        The card's words, named in explanations and errors.
    legal_target : callable, optional
        ``legal_target(state, player, source, cond, text) -> (bool, str)`` for a ``HasLegalTarget`` condition (a
        triggered mana ability's required target, CR 603.3d; ``solver.rules.targets.has_legal_target``), passed by
        the mana rules that read it; without it such a condition is ``Unsupported``.

    Returns
    -------
    (bool, str)

    Raises
    ------
    Unsupported
        A condition that cannot be read in this state (see the module docstring), naming ``text``.
    """
    kind = type(cond)
    holds = _CONDITIONS.get(kind)
    if holds is None:
        holds = next((_CONDITIONS[k] for k in kind.__mro__ if k in _CONDITIONS), _turn_and_board_holds)
    return holds(state, player, cond, source, text, legal_target)


# ``condition_holds`` of each kind of condition: ``(state, player, cond, source, text, legal_target) -> (holds,
# why)``, chosen by
# the condition's type (``_CONDITIONS``, below); the others are the turn's and the board's
# (``_turn_and_board_condition``).

def _compare_holds(state: GameState, player: str, cond: Any, source: Permanent | None, text: str,
                   legal_target: LegalTarget | None) -> tuple[bool, str]:
    """Two amounts compared (``_compare``)."""
    return _compare(state, player, cond, source, text)


def _all_of_holds(state: GameState, player: str, cond: Any, source: Permanent | None, text: str,
                  legal_target: LegalTarget | None) -> tuple[bool, str]:
    """Every part holds; the first that does not is the reason."""
    whys = []
    for part in cond.parts:
        ok, why = condition_holds(state, player, part, source, text, legal_target)
        whys.append(why)
        if not ok:
            return False, why
    return True, "; ".join(whys)


def _any_of_holds(state: GameState, player: str, cond: Any, source: Permanent | None, text: str,
                  legal_target: LegalTarget | None) -> tuple[bool, str]:
    """One part holds; when none does and a part cannot be read, that part's ``Unsupported``."""
    whys, unknown = [], None
    for part in cond.parts:
        try:
            ok, why = condition_holds(state, player, part, source, text, legal_target)
        except Unsupported as e:
            unknown = unknown or e  # another part may still hold
            continue
        if ok:
            return True, why
        whys.append(why)
    if unknown is not None:
        raise unknown
    return False, "; ".join(whys)


def _another_activated_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                             text: str,
                             legal_target: LegalTarget | None) -> tuple[bool, str]:
    """The source has another activated ability (CR 602.5; mana abilities are activated abilities, 605.1a)."""
    if source is None:
        raise Unsupported(f"“{text}”: it reads a permanent that is not there")
    acts = [a for a in permanent_abilities(state, source, condition_holds)
            if a.kind == "activated" or a.is_activated_keyword]
    # the restricted ability is the one whose typed restriction holds this condition (not its wording)
    own = [a for a in acts if cond in getattr(a.restriction, "conditions", ())]
    others = [a for a in acts if cond not in getattr(a.restriction, "conditions", ())]
    if others:
        return True, f"{source.name} has another activated ability: {others[0].describe()}"
    if len(own) > 1:
        raise Unsupported(f"“{text}”: {source.name} has this ability more than once; whether a second instance is "
                          "another activated ability is not modelled (CR 602.5)")
    return False, f"{source.name} has no other activated ability (CR 602.5)"


def _during_turn_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                       text: str,
                       legal_target: LegalTarget | None) -> tuple[bool, str]:
    """"During your turn" / "during turns other than yours" (CR 611.3a)."""
    mine = state.active == player
    ok = mine if cond.whose == "you" else not mine
    return ok, f"it is {state.active}'s turn ({'' if mine else 'not '}{player}'s own)"


def _max_speed_holds(state: GameState, player: str, cond: Any, source: Permanent | None, text: str,
                     legal_target: LegalTarget | None) -> tuple[bool, str]:
    """Max speed is speed 4; no speed counts as 0 (CR 702.179e-f)."""
    n = state.speed_of(player)
    return n >= 4, (f"{player}'s speed is {n}" if player in state.speed else f"{player} has no speed (CR 702.179b)") \
        + (" (max speed, CR 702.179e)" if n >= 4 else ", not 4 (CR 702.179e)")


def _designation_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                       text: str,
                       legal_target: LegalTarget | None) -> tuple[bool, str]:
    """The player (or an opponent) has a designation: the monarch, the initiative, the city's blessing, ...
    (``has_designation``)."""
    who = player if cond.whose == "you" else None
    if who is None:
        holders = [o for o in state.opponents(player) if has_designation(state, o, cond.designation)[0]]
        return bool(holders), (f"{', '.join(holders)} {'has' if len(holders) == 1 else 'have'} {_designation_words(cond.designation)}"
                               if holders else f"no opponent of {player} has {_designation_words(cond.designation)} "
                                               "(the scenario's designations list none)")
    ok, how = has_designation(state, who, cond.designation)
    listed = ", ".join(sorted(state.designations.get(who, ()))) or "none"
    return ok, f"{who} {'has' if ok else 'does not have'} {_designation_words(cond.designation)} (designations: {listed}{how})"


def _source_matches_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                          text: str,
                          legal_target: LegalTarget | None) -> tuple[bool, str]:
    """The source, as it is now (``board_view``), matches a filter (``filter_verdict``)."""
    if source is None:
        raise Unsupported(f"“{text}”: it reads a permanent that is not there")
    v0 = board_view(state, condition_holds).get(source.id)
    v, why = filter_verdict(state, cond.filter, source, player, v0.subtypes if v0 is not None else None, source)
    if v == UNKNOWN:
        raise Unsupported(f"“{text}”: {why}")
    return v == YES, (f"{source.name} is {_filter_words(cond.filter)}" if v == YES else why)


def _has_counter_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                       text: str,
                       legal_target: LegalTarget | None) -> tuple[bool, str]:
    """The source has N or more counters of a kind (CR 122.1)."""
    if source is None:
        raise Unsupported(f"“{text}”: the counters it reads are on no permanent")
    have = source.counters.get(cond.counter, 0)
    return have >= cond.n, f"{source.name} has {have} {cond.counter} counter(s) (needs {cond.n} or more)"


def _source_modified_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                           text: str,
                           legal_target: LegalTarget | None) -> tuple[bool, str]:
    """The source is modified (CR 700.9; ``_source_modified``)."""
    return _source_modified(state, source, text)


def _source_renowned_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                           text: str,
                           legal_target: LegalTarget | None) -> tuple[bool, str]:
    """The source is renowned: a designation of the permanent, given by the scenario (CR 702.112b)."""
    if source is None:
        raise Unsupported(f"“{text}”: it reads a permanent that is not there")
    return source.renowned, f"{source.name} is {'' if source.renowned else 'not '}renowned (CR 702.112b)"


def _source_tapped_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                         text: str,
                         legal_target: LegalTarget | None) -> tuple[bool, str]:
    """The source is tapped (CR 110.5)."""
    if source is None:
        raise Unsupported(f"“{text}”: it reads a permanent that is not there")
    return source.tapped, f"{source.name} is {'tapped' if source.tapped else 'untapped'}"


def _source_cast_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                       text: str,
                       legal_target: LegalTarget | None) -> tuple[bool, str]:
    """How the source was cast (``_source_cast``)."""
    return _source_cast(source, cond, text)


def _mode_unchosen_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                         text: str,
                         legal_target: LegalTarget | None) -> tuple[bool, str]:
    """A mode not chosen before (``_mode_unchosen``)."""
    return _mode_unchosen(state, source, cond, text)


def _top_of_library_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                          text: str,
                          legal_target: LegalTarget | None) -> tuple[bool, str]:
    """The top card of a library (``_top_of_library``)."""
    return _top_of_library(state, player, cond, source, text)


def _resolved_this_turn_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                              text: str,
                              legal_target: LegalTarget | None) -> tuple[bool, str]:
    """The ability resolved this turn before (``_resolved_this_turn``)."""
    return _resolved_this_turn(state, source, cond, text)


def _anchor_chosen_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                         text: str,
                         legal_target: LegalTarget | None) -> tuple[bool, str]:
    """The anchor word chosen as the permanent entered, recorded on it (CR 614.12c)."""
    if source is None:
        raise Unsupported(f"“{text}”: it reads a permanent that is not there")
    got = source.choices.get("anchor")
    if got is None:
        raise Unsupported(f"“{text}”: which of its anchor words was chosen as {source.name} entered is not given "
                          f"(give choices: {{anchor: {cond.word}}}; CR 614.12c)")
    ok = str(got).strip().lower() == cond.word.lower()
    return ok, (f"{got} was chosen as {source.name} entered, so it {'has' if ok else 'does not have'} the "
                f"“{cond.word} —” ability (CR 614.12c)")


def _legal_target_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                        text: str,
                        legal_target: LegalTarget | None) -> tuple[bool, str]:
    """A legal target exists (CR 603.3d), read by the ``legal_target`` the mana rules pass
    (``solver.rules.targets.has_legal_target``); without one it is ``Unsupported``."""
    if legal_target is None:
        raise Unsupported(f"“{text}”: whether “{cond.spec.text}” has a legal choice is not read here (CR 603.3d)")
    return legal_target(state, player, source, cond, text)


def _not_holds(state: GameState, player: str, cond: Any, source: Permanent | None, text: str,
               legal_target: LegalTarget | None) -> tuple[bool, str]:
    """The negation of a condition."""
    ok, why = condition_holds(state, player, cond.of, source, text, legal_target)
    return (not ok), ("not: " + why)


def _turn_and_board_holds(state: GameState, player: str, cond: Any, source: Permanent | None,
                          text: str,
                          legal_target: LegalTarget | None) -> tuple[bool, str]:
    """Every other condition: the turn's and the board's (``_turn_and_board_condition``)."""
    return _turn_and_board_condition(state, player, cond, source, text)


_CONDITIONS: dict[type, Any] = {
    Compare: _compare_holds, AllOf: _all_of_holds, AnyOf: _any_of_holds,
    HasAnotherActivatedAbility: _another_activated_holds, DuringTurn: _during_turn_holds,
    MaxSpeed: _max_speed_holds, HasDesignation: _designation_holds, SourceMatches: _source_matches_holds,
    HasCounter: _has_counter_holds, SourceModified: _source_modified_holds, SourceRenowned: _source_renowned_holds,
    SourceTapped: _source_tapped_holds, SourceCast: _source_cast_holds, ModeUnchosen: _mode_unchosen_holds,
    TopOfLibrary: _top_of_library_holds, ResolvedThisTurn: _resolved_this_turn_holds,
    AnchorChosen: _anchor_chosen_holds, HasLegalTarget: _legal_target_holds, Not: _not_holds,
}


def _source_modified(state: GameState, source: Permanent | None, text: str) -> tuple[bool, str]:
    """CR 700.9: modified = a counter on it (122.1), equipped (301.5), or enchanted by an Aura its controller
    controls (303.4)."""
    if source is None:
        raise Unsupported(f"“{text}”: it reads a permanent that is not there")
    return modified_verdict(state, source)


def modified_verdict(state: GameState, source: Permanent) -> tuple[bool, str]:
    """Whether a permanent is modified, with the words (CR 700.9: a counter on it, 122.1; equipped, 301.5; or
    enchanted by an Aura its controller controls, 303.4)."""
    if any(int(n or 0) > 0 for n in source.counters.values()):
        return True, f"{source.name} has a counter on it, so it is modified (CR 700.9)"
    for q in state.battlefield:
        if q.attached_to != source.id:
            continue
        subs = q.card.type_line.subtypes
        if "Equipment" in subs:
            return True, f"{source.name} is equipped by {q.name}, so it is modified (CR 700.9)"
        if "Aura" in subs and q.controller == source.controller:
            return True, f"{source.name} is enchanted by {q.name}, an Aura its controller controls (CR 700.9)"
    return False, f"{source.name} has no counter, no Equipment and no Aura of its controller's: not modified (CR 700.9)"


def _source_cast(source: Permanent | None, cond: SourceCast, text: str) -> tuple[bool, str]:
    """``SourceCast``: how the source permanent entered, from its scenario keys ``cast_from`` (the zone it was cast
    from, CR 601.2a; absent: it was not cast) and ``bargained`` (CR 702.166b)."""
    if source is None:
        raise Unsupported(f"“{text}”: it reads a permanent that is not there")
    if source.cast_from is None:
        return False, (f"{source.name} was not cast (its entry gives no cast_from: put onto the battlefield, "
                       f"the scenario's default)")
    if cond.zone is not None and source.cast_from != cond.zone:
        return False, f"{source.name} was cast from the {source.cast_from}, not from the {cond.zone} (CR 601.2a)"
    if cond.bargained:
        return source.bargained, (f"{source.name} was {'' if source.bargained else 'not '}bargained as it was cast "
                                  f"(CR 702.166b)")
    return True, f"{source.name} was cast from the {source.cast_from} (CR 601.2a)"


def _resolved_this_turn(state: GameState, source: Permanent | None, cond: ResolvedThisTurn, text: str) -> tuple[bool, str]:
    """``ResolvedThisTurn``: resolving now, the ability resolves for the (earlier + 1)th time this turn (CR 608.2); the
    ability is the source's triggered ability whose words are ``text``, numbered from 1 among its triggered
    abilities as the history's ``resolved`` numbers them."""

    if source is None:
        raise Unsupported(f"“{text}”: it reads a permanent that is not there")
    trig = [a for a in abilities_of(source.card) if a.kind == "triggered"]
    nums = [i + 1 for i, a in enumerate(trig) if a.text == text or a.describe() == text]
    if not nums:
        acts = [a for a in abilities_of(source.card) if a.kind == "activated"]
        anums = [i + 1 for i, a in enumerate(acts) if a.text == text or a.describe() == text]
        if len(anums) == 1:
            return _activated_resolved(state, source, cond, anums[0])
    if len(nums) != 1:
        raise Unsupported(f"“{text}”: which of {source.name}'s triggered abilities this is is not known")
    earlier = state.turn.history.resolved.get((source.id, nums[0]), 0)
    ok = earlier == cond.nth - 1
    return ok, (f"{source.name}'s triggered ability {nums[0]} resolved {earlier} time(s) earlier this turn"
                f"{_default_turn(state)}, so resolving now would be time {earlier + 1} (needs time {cond.nth})")


def _activated_resolved(state: GameState, source: Permanent, cond: ResolvedThisTurn, num: int) -> tuple[bool, str]:
    """``ResolvedThisTurn`` of an activated ability (Soulbright Flamekin: "If this is the third time this ability has
    resolved this turn, you may add ..."): the history records its activations this turn (``activations``), not
    its resolutions; each activation resolved at most once (CR 608.2; it may have been countered or still be on the
    stack), so earlier resolutions are between 0 and the activations. Resolving now is the ``nth`` time only if
    ``nth - 1`` earlier resolutions are possible: with fewer activations it is not (``False``); with none it is the
    first time; otherwise it is read from the history's ``resolved`` entry for the ability (``ability: N``), and
    without one it is ``Unsupported``."""
    given = state.turn.history.resolved.get((source.id, -num))  # ``history: {resolved: [{ability: N, ...}]}``
    if given is not None:
        ok = given == cond.nth - 1
        return ok, (f"{source.name}'s activated ability {num} resolved {given} time(s) earlier this turn, so resolving "
                    f"now would be time {given + 1} (needs time {cond.nth}; CR 608.2)")
    acts = state.turn.history.activations_of(source.id, num)
    if acts == 0 or acts < cond.nth - 1:
        now = 1 if acts == 0 else None
        ok = now == cond.nth
        return ok, (f"{source.name}'s activated ability {num} was activated {acts} time(s) earlier this turn"
                    f"{_default_turn(state)}, so resolving now is at most time {acts + 1} (needs time {cond.nth}; "
                    f"CR 608.2)")
    raise Unsupported(f"{source.name}'s activated ability {num} was activated {acts} time(s) this turn; how many of "
                      f"those resolved (needed for “time {cond.nth} this ability has resolved”) is not given (history: "
                      f"{{resolved: [{{permanent: ..., ability: {num}, times: N}}]}})")


def _defending_player_controls(state: GameState, player: str, cond: DefendingPlayerControls, source: Permanent | None,
                               text: str) -> tuple[bool, str]:
    """``DefendingPlayerControls``: there is a defending player only during combat; in a two-player game it is the
    nonactive player (CR 506.2). With more players, who is defending depends on the attacks (not modelled)."""
    if not state.turn.step.is_combat:
        return False, f"it is {state.turn.describe(state.active)}: outside combat there is no defending player (CR 506.2)"
    if len(state.players) != 2:
        raise Unsupported(f"“{text}”: with {len(state.players)} players, who the defending player is depends on whom "
                          f"the creatures attack (CR 506.2, 508.1b), which the scenario does not record")
    defending = next(p for p in state.players if p != state.active)
    f = dataclasses.replace(cond.filter, controller="any")
    n = sum(1 for p in matching_objects(state, player, f, source, text=text) if p.controller == defending)
    return n >= cond.n, (f"the defending player, {defending} (the nonactive player, CR 506.2), controls {n} "
                         f"{_filter_words(cond.filter)} (needs {cond.n} or more)")


def has_designation(state: GameState, player: str, designation: str) -> tuple[bool, str]:
    """Whether ``player`` has ``designation`` now, and how beyond the scenario's list: ``(holds, note)``.

    The city's blessing is also had by a player who controls a permanent with ascend and ten or more permanents
    (CR 702.131b: "If you control ten or more permanents and you don't have the city's blessing, you get the city's
    blessing for the rest of the game", a static ability that applies at once); the other designations are had
    only as the scenario lists them (``GameState.designations``)."""
    if state.has_designation(player, designation):
        return True, ""
    if designation != "city's blessing":
        return False, ""

    view = board_view(state, condition_holds)
    mine = [p for p in state.battlefield if p.controller == player]
    ascend = [p for p in mine if p.id in view and any(isinstance(a.effect, Keyword) and a.effect.family is KeywordKind.ASCEND
                                                      for a in view[p.id].abilities)]
    if ascend and len(mine) >= 10:
        return True, (f"; {player} controls {len(mine)} permanents and {ascend[0].name} has ascend, so they get the "
                      f"city's blessing (CR 702.131b)")
    return False, ""


def _designation_words(d: str) -> str:
    return {"monarch": "the monarch designation (CR 724)", "initiative": "the initiative (CR 725)",
            "city's blessing": "the city's blessing (CR 702.131)",
            "completed a dungeon": "a completed dungeon (CR 309.7)"}[d]


def _mentions_opponent(a: Any) -> bool:
    if isinstance(a, (LifeTotal, PlayerCounters, ThisTurn)):
        return a.whose == "opponent"
    if isinstance(a, (CountOf, GreatestAmong, TotalAmong, DistinctAmong)):
        return a.filter.controller == "opponent"
    if isinstance(a, Sum):
        return any(_mentions_opponent(p) for p in a.parts)
    return False


def _count_bound(state: GameState, player: str, cond: Compare, source: Permanent | None, opp: str | None,
                 text: str, err: Unsupported) -> tuple[bool, str]:
    """A comparison of which one side counts cards in a zone the scenario does not list: such a count is at least 0
    and unbounded above, so the comparison is decided when it gives the same result for every count from 0 up
    ("more cards in hand than each opponent" with none in your own hand is false whatever the opponent's hand
    holds, CR 402.3); else the original ``Unsupported``."""
    sides: list[Amount | int] = [cond.left, cond.right]
    known: list[tuple[int, str] | None] = []
    errors: list[Unsupported | None] = []
    for a in sides:
        try:
            known.append(amount_value(state, player, a, source, opponent=opp, text=text))
            errors.append(None)
        except Unsupported as e:
            known.append(None)
            errors.append(e)
    if sum(k is None for k in known) != 1:
        raise err
    unknown = 0 if known[0] is None else 1
    side, other, why = sides[unknown], known[1 - unknown], errors[unknown]
    if cond.op == "==" or other is None:
        raise err
    if isinstance(why, AtLeast):  # only a lower bound is known (life lost through damage, ``life_this_turn``)
        least, about = why.least, f"{why}, at least {why.least}"
    elif isinstance(side, CountOf) and side.filter.zone != "battlefield":
        least, about = 0, "the cards of a zone the scenario does not list, at least 0 whatever it holds (CR 402.3)"
    else:
        raise err
    n_known, words = other
    at0 = _OPS[cond.op](least, n_known) if unknown == 0 else _OPS[cond.op](n_known, least)
    # left unknown: "<"/"<=" hold for small counts only, ">"/">=" for large; right unknown: the reverse
    grows_true = (cond.op in (">", ">=")) == (unknown == 0)
    if at0 != grows_true:  # false at the bound and stays false, or true at the bound and stays true
        raise err
    return at0, f"{words} against {about}: {'' if at0 else 'not '}{_OP_WORDS[cond.op]}"


def _compare(state: GameState, player: str, cond: Compare, source: Permanent | None, text: str) -> tuple[bool, str]:
    def once(opp: str | None) -> tuple[bool, str]:
        try:
            left, lw = amount_value(state, player, cond.left, source, opponent=opp, text=text)
            right, rw = amount_value(state, player, cond.right, source, opponent=opp, text=text)
        except Unsupported as err:
            return _count_bound(state, player, cond, source, opp, text, err)
        ok = _OPS[cond.op](left, right)
        rhs = "" if isinstance(cond.right, (int, Fixed)) else f" ({rw})"
        return ok, f"{lw}: {'' if ok else 'not '}{_OP_WORDS[cond.op]} {right}{rhs}"

    if not (_mentions_opponent(cond.left) or _mentions_opponent(cond.right)):
        return once(None)
    results = [(o, *once(o)) for o in state.opponents(player)]
    if not results:
        return False, f"{player} has no opponent"
    if cond.opponents == "each":
        bad = [r for r in results if not r[1]]
        return (not bad), ("; ".join(f"{o}: {w}" for o, _, w in (bad or results)))
    good = [r for r in results if r[1]]
    return bool(good), ("; ".join(f"{o}: {w}" for o, _, w in (good or results)))


def _turn_and_board_condition(state: GameState, player: str, cond: Condition, source: Permanent | None,
                              text: str) -> tuple[bool, str]:
    """The older condition kinds: counts of permanents and cards, player counters, combat and the turn history."""
    def unsupported(why: str) -> Unsupported:
        return Unsupported(f"“{text}”: {why}")

    if isinstance(cond, ControlsAtLeast):
        n = len(matching_objects(state, player, dataclasses.replace(cond.filter, controller="you"), source, text=text))
        words = _filter_words(cond.filter)
        return n >= cond.n, f"{player} controls {n} {words} (needs {cond.n} or more)"
    if isinstance(cond, CardsInZone):
        if (cond.zone, player) not in state.listed_zones:
            raise unsupported(f"{player}'s {cond.zone} is not listed in the scenario, so how many cards are there is "
                              f"unknown (list it, even as [])")
        have = len(state.cards(cond.zone, player))
        ok = {"at_least": have >= cond.n, "at_most": have <= cond.n, "exactly": have == cond.n}[cond.compare]
        words = {"at_least": "or more", "at_most": "or fewer", "exactly": "exactly"}[cond.compare]
        return ok, f"{player} has {have} card(s) in their {cond.zone} (needs {cond.n} {words})"
    if isinstance(cond, OpponentHasCounters):
        best = max((state.counters_of(o, cond.kind) for o in state.opponents(player)), default=0)
        return best >= cond.n, f"the most {cond.kind} counters an opponent of {player} has is {best} (needs {cond.n})"
    if isinstance(cond, OpponentControlsMore):
        mine = len(matching_objects(state, player, dataclasses.replace(cond.filter, controller="you"), source, text=text))
        theirs = max((len(matching_objects(state, player, dataclasses.replace(cond.filter, controller="opponent"), source,
                                           opponent=o, text=text)) for o in state.opponents(player)), default=0)
        return theirs >= mine + cond.by, (f"{player} controls {mine} {cond.filter.words}, the most an opponent controls is "
                                          f"{theirs} (needs {cond.by} more)")
    if isinstance(cond, SourceAttacking):
        if source is None:
            raise unsupported("it reads a permanent that is not there")
        return source.attacking, f"{source.name} is {'' if source.attacking else 'not '}attacking (CR 506.4)"
    if isinstance(cond, SpellsCastThisTurn):
        cast = state.turn.history.spells_cast_by(player)
        note = "" if state.turn.given else " (the scenario's default turn: nothing cast yet)"
        return len(cast) >= cond.n, f"{player} cast {len(cast)} spell(s) earlier this turn{note}"
    if isinstance(cond, AttackedThisTurn):
        note = "" if state.turn.given else " (the scenario's default turn: no attackers declared yet)"
        ids = set(state.turn.history.attacked) | {p.id for p in state.battlefield if p.attacking}
        if cond.subject == "this":
            if source is None:
                raise unsupported("it reads a permanent that is not there")
            did = source.id in ids
            return did, f"{source.name} {'attacked' if did else 'did not attack'} this turn{note} (CR 508.1)"
        attackers = [p for p in state.battlefield if p.id in ids and p.controller == player]
        if cond.filter is not None:
            allowed = matching_objects(state, player, dataclasses.replace(cond.filter, controller="you"), source, text=text)
            attackers = [p for p in attackers if p in allowed]
        n = len(attackers)
        what = f"{cond.filter.words or cond.filter.describe()} " if cond.filter is not None else ""
        return n >= cond.n, f"{player} attacked with {n} {what}creature(s) this turn{note} (needs {cond.n}; CR 508.1)"
    if isinstance(cond, DefendingPlayerControls):
        return _defending_player_controls(state, player, cond, source, text)
    if isinstance(cond, ControlsCommander):  # CR 903.3: which permanent is a commander is not recorded
        raise unsupported("which permanents are commanders is not recorded in the scenario (CR 903.3)")
    if isinstance(cond, AttackedThisStep):
        if player == state.active:
            return False, f"{player} is the active player, whose creatures attack (CR 508.1): {player} was not attacked"
        attackers = [p for p in state.battlefield if p.attacking]
        if not attackers:
            return False, f"no creature is attacking in {state.turn.describe(state.active)} (CR 506.4)"
        if len(state.players) > 2 or any(p.is_type("Planeswalker") or p.is_type("Battle") for p in state.battlefield):
            raise unsupported("whom each attacking creature attacks (a player, a planeswalker or a battle) is not "
                              "recorded in the scenario (CR 508.1b)")
        return True, f"{', '.join(p.name for p in attackers)} {'is' if len(attackers) == 1 else 'are'} attacking {player} (CR 508.1)"
    raise unsupported(f"the condition {cond!r} is not modelled")


def card_matches(f: Filter, card: Any) -> bool:
    """Does a card (in a hand) match ``f``: its types, supertypes and subtypes (CR 205), colours (all of
    ``f.colors``, CR 105.2)?"""
    def has(w: str) -> bool:
        return card.is_type(w) or w in card.type_line.subtypes

    if not all(has(w) for w in f.all_of if w != "Permanent"):
        return False
    if any(has(w) for w in f.none_of):
        return False
    if f.any_of and not any(has(w) for w in f.any_of):
        return False
    cols = card.colors if getattr(card, "colors", None) is not None else (
        card.mana_cost.colors if card.mana_cost is not None else frozenset())
    return all(c in cols for c in f.colors)


#: The creature types a party is made of (CR 700.8).
PARTY_TYPES = ("Cleric", "Rogue", "Warrior", "Wizard")


def _current_subtypes(state: GameState, perm: Any) -> tuple[str, ...]:
    """A permanent's subtypes now (type-changing effects applied, CR 613.1d; ``layers.board_view``)."""
    view = board_view(state, condition_holds).get(perm.id)
    return tuple(view.subtypes) if view is not None else tuple(perm.card.type_line.subtypes)


def party_size(state: GameState, player: str, what: str = "") -> int:
    """How many creatures are in ``player``'s party: up to one each of Cleric, Rogue, Warrior and Wizard among
    the creatures they control, chosen to make it as large as possible (CR 700.8; a changeling can fill any one
    role, 702.73a). A maximum bipartite matching between creatures and the four roles (``networkx``)."""
    import networkx as nx

    g = nx.Graph()
    roles = [("role", t) for t in PARTY_TYPES]
    g.add_nodes_from(roles)
    kinds: dict[tuple[str, ...], int] = {}
    for p in state.permanents(player):
        if not p.card.is_type("Creature"):
            continue
        changeling = any(str(k).lower() == "changeling" for k in p.card.keywords)
        fits = tuple(t for t in PARTY_TYPES if changeling or t in _current_subtypes(state, p))
        if fits:
            kinds[fits] = min(kinds.get(fits, 0) + 1, len(PARTY_TYPES))  # more than four alike never helps
    for fits, n in kinds.items():
        for i in range(n):
            node = ("creature", fits, i)
            g.add_edges_from((node, ("role", t)) for t in fits)
    creatures = [n for n in g.nodes if n[0] == "creature"]
    if not creatures:
        return 0
    matching = nx.bipartite.maximum_matching(g, top_nodes=creatures)
    return sum(1 for n in creatures if n in matching)


def domain_types(state: GameState, player: str) -> list[str]:
    """The basic land types among lands ``player`` controls (domain), as they are now (CR 305.6, 613.1d)."""
    have: set[str] = set()
    for p in state.permanents(player):
        if p.card.is_type("Land"):
            have.update(t for t in _current_subtypes(state, p) if t in _BASIC_TYPES)
    return [t for t in _BASIC_TYPES if t in have]


# --- Qualifiers: whether an object passes a ``Qualifier`` (the tests of a filter beyond its types) ------------------
# An amount counts the objects that pass a filter (``matching_objects``), and a qualifier compares a number with an
# amount ("with power greater than the number of cards in your hand"): one grammar, read by one evaluator.

YES, NO, UNKNOWN = "yes", "no", "unknown"
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _gate(state: GameState, topic: Topic, what: str) -> str:
    """The gate for one topic: the reason an unmodelled sentence in play could change ``what``, or ``""``."""
    view = board_view(state, condition_holds)
    cache: dict = state.__dict__.setdefault("_qualifier_gate", {})
    hit = cache.get(topic)
    if hit is None or hit[0] is not view:
        try:
            require_modelled(state, (topic,), question=what, view=view)
            hit = (view, "")
        except Unsupported as e:
            hit = (view, str(e))
        cache[topic] = hit
    return hit[1]


def _step_words(state: GameState) -> str:
    """``"it is Alice's precombat main phase (the scenario's default turn)"`` for a reason."""
    return f"it is {state.turn.describe(state.active)}"


def _blockers_declared(state: GameState) -> bool:
    """Whether blockers have been declared this combat: the declare blockers step up to the end of combat step
    (CR 509, 511.3)."""
    return state.turn.step.has_blockers


def _combat(state: GameState, viewer: str, perm: Permanent, status: str) -> tuple[str, str]:
    attacking, blocking = perm.attacking, perm.blocking
    who = perm.name
    if status == "attacking":
        return (YES, "") if attacking else (NO, f"{who} is not attacking (CR 506.4; {_step_words(state)})")
    if status == "blocking":
        return (YES, "") if blocking else (NO, f"{who} is not blocking (CR 509.1; {_step_words(state)})")
    if status == "attacking_or_blocking":
        return (YES, "") if attacking or blocking else \
            (NO, f"{who} is neither attacking nor blocking (CR 506.4; {_step_words(state)})")
    if status == "nonattacking":
        return (NO, f"{who} is attacking") if attacking else (YES, "")
    if status == "nonblocking":
        return (NO, f"{who} is blocking") if blocking else (YES, "")
    if status == "blocking_or_blocked":
        if blocking:
            return YES, ""
        if not attacking or not _blockers_declared(state):
            return NO, f"{who} is neither blocking nor blocked (CR 509.1h; {_step_words(state)})"
        return UNKNOWN, f"whether {who} is blocked is not part of the scenario (CR 509.1h)"
    if status in ("blocked", "unblocked"):
        if not attacking:
            return NO, f"{who} is not an attacking creature, so it is neither blocked nor unblocked (CR 509.1h; {_step_words(state)})"
        if not _blockers_declared(state):
            return NO, f"blockers have not been declared, so {who} is neither blocked nor unblocked (CR 509.1h; {_step_words(state)})"
        return UNKNOWN, f"whether {who} is blocked is not part of the scenario (CR 509.1h)"
    if status == "attacking_you":
        if not attacking:
            return NO, f"{who} is not attacking (CR 506.4; {_step_words(state)})"
        if perm.controller == viewer:
            return NO, f"{who} is attacking {viewer}'s opponents, not {viewer} (CR 508.1b)"
        if len(state.players) == 2 and not any(p.is_type("Planeswalker") or p.is_type("Battle") for p in state.battlefield):
            return YES, ""  # two players, nothing else it could attack (CR 506.3, 508.1b)
        return UNKNOWN, f"whom {who} attacks is not part of the scenario (CR 508.1b)"
    return UNKNOWN, f"the combat status {status!r} is not modelled"


def _combat_with_source(state: GameState, perm: Permanent, status: str, source: Permanent | None) -> tuple[str, str]:
    """"target creature blocking it" (``blocking_it``), "target creature it's blocking" (``blocked_by_it``), either
    (``blocking_or_blocked_by_it``): a blocker blocks attacking creatures (CR 509.1a), so a creature blocks the
    source only if it is blocking and the source is attacking, and is blocked by it only if it is attacking and the
    source is blocking. Who blocks whom is not part of a scenario, but when the one side has a single attacking
    creature it is determined: every blocker blocks that one."""
    if source is None:
        return UNKNOWN, f"“{status}”: the source of the ability is not known"
    attackers = [p for p in state.battlefield if p.attacking]

    def blocks(blocker: Permanent, attacker: Permanent) -> tuple[str, str]:
        b, a = blocker.name, attacker.name
        if not (blocker.blocking and attacker.attacking):
            return NO, (f"{b} is not blocking {a} ({b} is {'' if blocker.blocking else 'not '}blocking, {a} is "
                        f"{'' if attacker.attacking else 'not '}attacking; CR 509.1; {_step_words(state)})")
        if len(attackers) == 1:
            return YES, f"{a} is the only attacking creature, so the blocking {b} blocks it (CR 509.1a)"
        return UNKNOWN, f"whether {b} blocks {a} is not part of the scenario (CR 509.1h)"

    verdicts = []
    if status in ("blocking_it", "blocking_or_blocked_by_it"):
        verdicts.append(blocks(perm, source))
    if status in ("blocked_by_it", "blocking_or_blocked_by_it"):
        verdicts.append(blocks(source, perm))
    for v in (YES, UNKNOWN):
        hit = next((x for x in verdicts if x[0] == v), None)
        if hit:
            return hit
    return NO, "; ".join(w for _, w in verdicts)


def _attached(state: GameState, perm: Permanent, subtype: str) -> list[Permanent]:
    """The permanents of ``subtype`` (Aura, Equipment) attached to ``perm`` (CR 303.4, 301.5; printed subtypes)."""
    return [p for p in state.battlefield if p.attached_to == perm.id and subtype in p.card.type_line.subtypes]


def _names_source(name: str, source: Permanent | None) -> bool:
    """Whether ``name`` in a card's text is its source's own name (CR 201.5; a legendary name may be shortened to
    the part before the comma, 201.5a... "Duggan" for "Duggan, Private Detective")."""
    if source is None:
        return False
    full = source.card.name
    return name == full or name == full.split(",")[0] or any(name == f.name for f in getattr(source.card, "faces", ()))


def _pt_counters(perm: Permanent, index: int) -> int:
    n = 0
    for name, k in perm.counters.items():
        parts = str(name).split("/")
        if len(parts) == 2 and all(p[:1] in "+-" and p[1:].isdigit() for p in parts):
            n += int(parts[index]) * int(k)
    return n


def _pt_doubt(state: GameState) -> str:
    """Why power and toughness could differ from printed plus counters here (``""``: they cannot)."""
    why = _gate(state, Topic.POWER_TOUGHNESS, "power and toughness (layer 7, CR 613.4)")
    if why:
        return why
    for perm in state.battlefield:
        v = board_view(state, condition_holds).get(perm.id)
        for a in (v.abilities if v else ()):
            if not isinstance(a.effect, Unmodelled) and Topic.POWER_TOUGHNESS in getattr(a.effect, "touches", ()):
                return f"{perm.name}'s “{a.text}” may change power or toughness (layer 7, CR 613.4)"
    for e in state.effects:
        for a in effect_abilities(state, e):
            if Topic.POWER_TOUGHNESS in getattr(a.effect, "touches", ()) or isinstance(a.effect, Unmodelled):
                return f"{e.card.name}'s effect in force may change power or toughness (layer 7, CR 613.4)"
    return ""


def _number(state: GameState, kind: str, obj: Any, quantity: str) -> tuple[int | None, str]:
    """The object's power, toughness or mana value, or ``(None, why)`` when it is not known."""
    card = obj.card
    name = obj.name
    if quantity == "mana_value":
        if card.is_split and kind in ("permanent", "spell"):
            return None, f"the mana value of the split card {name} as a {kind} is not modelled (CR 709.3, 709.4)"
        cost = card.mana_cost if card.mana_cost is not None or not card.faces else card.faces[0].mana_cost
        if kind == "spell" and cost is not None and cost.has_x:
            return None, f"the mana value of the spell {name} depends on its X (CR 202.3b), which is not known"
        return card.mana_value(0), ""  # X is 0 off the stack (CR 107.3m)
    printed = card.front.power if quantity == "power" else card.front.toughness
    if printed is None or not str(printed).lstrip("-").isdigit():
        return None, f"{name}'s {quantity} ({printed}) is not a number; a characteristic-defining {quantity} is not modelled (CR 604.3)"
    n = int(str(printed))
    if kind == "permanent":
        doubt = _pt_doubt(state)
        if doubt:
            return None, doubt
        n += _pt_counters(obj, 0 if quantity == "power" else 1)
    return n, ""


def _colors(state: GameState, kind: str, obj: Any) -> tuple[frozenset[str] | None, str]:
    why = _gate(state, Topic.COLORS, "the colours of objects (layer 5, CR 613.1e)")
    if why:
        return None, why
    return object_colors(kind, obj)


def object_colors(kind: str, obj: Any) -> tuple[frozenset[str] | None, str]:
    """``(colours, "")`` of a permanent (``kind="permanent"``, ``colors_of``) or of a card in a zone (its
    front face's for a double-faced card; both halves' combined for a split card outside the stack, CR 709.4: Fire //
    Ice is red and blue in exile, Chrome Mox ruling), or ``(None, why)`` for a split card on the stack (709.3: only the
    half cast). The caller has checked that no unmodelled sentence in play could change colours (``_colors`` does, CR
    613.1e)."""
    card = obj.card
    if kind == "permanent":
        try:
            return colors_of(obj), ""
        except Unsupported as e:
            return None, str(e)
    if card.is_split:
        if kind == "spell":
            return None, f"the colours of the split card {obj.name} on the stack are not modelled here (CR 709.3)"
        # CR 709.4: in every zone but the stack, its characteristics are its two halves' combined
        return frozenset().union(*[(f.colors if f.colors is not None else
                                    (f.mana_cost.colors if f.mana_cost else frozenset())
                                    | (f.color_indicator or frozenset())) for f in card.faces]), ""
    if card.faces:
        f = card.front
        if f.colors is not None:
            return frozenset(f.colors), ""
        return frozenset((f.mana_cost.colors if f.mana_cost else frozenset()) | (f.color_indicator or frozenset())), ""
    return frozenset(card.colors), ""


def _has_keyword(state: GameState, kind: str, obj: Any, kw: str) -> tuple[bool | None, str]:
    why = _gate(state, Topic.KEYWORDS, "which keyword abilities objects have (CR 702)")
    if why:
        return None, why
    if kind == "permanent":
        return has_keyword(state, obj, kw, condition_holds), ""
    card = obj.card
    if any(k.lower() == kw for k in card.keywords):
        return True, ""
    return any(isinstance(a.effect, Keyword) and a.effect.name == kw.replace(" ", "_") for a in abilities_of(card)), ""


def qualifier_verdict(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier,
                      source: Permanent | None = None) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether ``obj`` passes every test of ``q`` now.

    Parameters
    ----------
    state : GameState
    viewer : str
        The player who controls the spell or ability (for "attacking you").
    kind : str
        ``permanent`` (``obj`` a ``Permanent``), ``spell`` (a ``CardInstance`` on the stack), ``card`` (a
        ``CardInstance`` in another zone) or ``player`` (``obj`` the player's name).
    q : Qualifier
    source : Permanent or None
        The permanent whose ability it is ("another", "other than this creature"); ``None`` for a spell.

    Returns
    -------
    (str, str)
        ``yes``; ``no`` with the failed test in player terms; ``unknown`` with what is not modelled.
    """
    if q.empty:
        return YES, ""
    if kind == "player":
        return _player_qualifier_verdict(state, viewer, obj, q, source)
    results: list[tuple[str, str]] = []
    name = obj.name
    perm = obj if kind == "permanent" else None
    for test in _OBJECT_TESTS:
        no = test(state, viewer, kind, obj, q, source, name, perm, results)
        if no is not None:
            return no
    for verdict, why in results:
        if verdict == NO:
            return NO, why
    for verdict, why in results:
        if verdict == UNKNOWN:
            return UNKNOWN, why
    return YES, ""


def _player_qualifier_verdict(state: GameState, viewer: str, obj: str, q: Qualifier,
                              source: Permanent | None) -> tuple[str, str]:
    """``qualifier_verdict`` of a player: "who attacked this turn" (only the active player declares attackers, CR
    508.1), a condition of the player (``_player_condition``), "another"; any other test is ``unknown``."""
    if q.this_turn == "attacked" and dataclasses.replace(q, this_turn="", other=False).empty:
        # "target player who attacked this turn" (Fire and Brimstone): only the active player declares attackers
        # (CR 508.1); the turn history lists the permanents that attacked
        if obj == state.active and state.turn.history.attacked:
            return YES, f"{obj} attacked this turn"
        note = "" if state.turn.given else " (the scenario's default turn: nothing happened earlier this turn)"
        return NO, (f"{obj} has not attacked this turn{note} (CR 508.1: only the active player, {state.active}, "
                    f"declares attackers)")
    if q.player is not None and dataclasses.replace(q, player=None, other=False).empty:
        return _player_condition(state, viewer, obj, q.player, source)
    if q == Qualifier(other=True):
        return YES, ""
    return UNKNOWN, f"qualifiers of a player ({q}) are not modelled"


# The tests of ``qualifier_verdict`` on an object, in order. Each returns ``(NO, why)`` when the object fails it (the
# verdict), else ``None``, after adding what it cannot decide to ``results`` as ``(UNKNOWN, why)``.

def _identity_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                   name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """"another" / "other than" the source (CR 109.5, 201.5), a token (every object of a scenario is a card, CR
    111.1), named or not named (CR 201.2; effects in force may change a permanent's name), face down (CR 708.2)."""
    if q.other and perm is not None and source is not None and perm.id == source.id:
        return NO, f"{name} is the source itself, and the target must be another (CR 109.5)"
    if q.token is not None:
        if q.token:
            return NO, f"{name} is a card, not a token (every object of a scenario is a card, CR 111.1)"
    if q.other_than:
        if perm is not None and source is not None and _names_source(q.other_than, source):
            if perm.id == source.id:
                return NO, f"{name} is the source itself, and the target must be other than {q.other_than} (CR 201.5, 109.5)"
        elif perm is not None:
            results.append((UNKNOWN, f"which object “other than {q.other_than}” means is not modelled"))
    if q.name:
        if kind == "permanent" and state.effects:
            results.append((UNKNOWN, f"effects in force ({state.effects[0].card.name}) may change {name}'s name"))
        elif obj.card.name != q.name and not any(f.name == q.name for f in getattr(obj.card, "faces", ())):
            return NO, f"{name} is not named {q.name} (CR 201.2)"
    if q.not_named:
        if kind == "permanent" and state.effects:
            results.append((UNKNOWN, f"effects in force ({state.effects[0].card.name}) may change {name}'s name"))
        elif obj.card.name == q.not_named or any(f.name == q.not_named for f in getattr(obj.card, "faces", ())):
            return NO, f"{name} is named {q.not_named} (CR 201.2)"
    if q.face_down is not None:
        if kind == "card":
            results.append((UNKNOWN, f"whether the card {name} is face down is not part of the scenario"))
        elif q.face_down:
            return NO, f"{name} is face up: every permanent and spell of a scenario is (CR 708.2, 110.5)"
    return None


def _attachment_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                     name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """Enchanted or equipped (an Aura or Equipment attached to it, CR 303.4, 301.5); "with {X} in its mana cost" (CR
    107.3, 202.1; a split card's is not modelled, 709.4); modified (CR 700.9, ``modified_verdict``)."""
    if q.enchanted is not None or q.equipped is not None:
        if perm is None:
            if q.enchanted or q.equipped:
                return NO, f"{name} is not a permanent, so nothing is attached to it (CR 303.4, 301.5)"
        else:
            for want, sub, word, rule in ((q.enchanted, "Aura", "enchanted", "303.4"), (q.equipped, "Equipment", "equipped", "301.5")):
                if want is None:
                    continue
                on = _attached(state, perm, sub)
                if bool(on) != want:
                    return NO, (f"{name} is {word} by {on[0].name}" if on else f"no {sub} is attached to {name}, so it is not {word}") + f" (CR {rule})"
    if q.x_in_cost is not None:  # "with {X} in its mana cost" (CR 107.3, 202.1)
        card = obj.card
        if card.is_split:
            results.append((UNKNOWN, f"whether the split card {name} has {{X}} in its mana cost is not modelled (CR 709.4)"))
        else:
            cost = card.mana_cost if card.mana_cost is not None or not card.faces else card.faces[0].mana_cost
            with_x = bool(cost is not None and cost.has_x)
            if with_x != q.x_in_cost:
                return NO, f"{name} has {'an' if with_x else 'no'} {{X}} in its mana cost (CR 107.3)"
    if q.modified is not None:

        is_mod, why = modified_verdict(state, perm) if perm is not None else (False, f"{name} is not a permanent (CR 700.9)")
        if is_mod != q.modified:
            return NO, why
    return None


def _any_of_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                 name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """One of several qualifiers ("creature or planeswalker", "attacking or blocking"): fails when every one fails."""
    if q.any_of:
        subs = [qualifier_verdict(state, viewer, kind, obj, a, source) for a in q.any_of]
        if not any(v == YES for v, _ in subs):
            unk = [w for v, w in subs if v == UNKNOWN]
            if unk:
                results.append((UNKNOWN, unk[0]))
            else:
                return NO, "; ".join(w for _, w in subs)
    return None


def _status_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                 name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """A permanent's status: in combat (attacking, blocking, blocking it; CR 506.4), tapped or untapped (CR 110.5),
    with counters (CR 122.1; none on a card that changed zones, 122.2)."""
    if q.combat is not None:
        if perm is None:
            return NO, f"{name} is not on the battlefield, so it is not in combat (CR 506.4)"
        if not perm.is_creature:
            return NO, f"{name} is not a creature, so it is not in combat (CR 506.4)"
        if q.combat in ("blocking_it", "blocked_by_it", "blocking_or_blocked_by_it"):
            results.append(_combat_with_source(state, perm, q.combat, source))
        else:
            results.append(_combat(state, viewer, perm, q.combat))
    if q.tapped is not None:
        if perm is None:
            results.append((UNKNOWN, f"whether the card {name} is tapped is not meaningful here"))
        elif perm.tapped != q.tapped:
            return NO, f"{name} is {'untapped' if q.tapped else 'tapped'} (CR 110.5)"
    if q.counters:
        if perm is None:
            if kind == "card":
                return NO, f"{name} has no counters: counters do not stay on a card that changes zones (CR 122.2)"
            results.append((UNKNOWN, f"counters on the spell {name} are not part of the scenario"))
        else:
            for c in q.counters:
                have = sum(perm.counters.values()) if c == "" else int(perm.counters.get(c, 0))
                if have <= 0:
                    return NO, f"{name} has no {c + ' ' if c else ''}counter on it (CR 122.1)"
    return None


def _compare_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                  name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """Its numbers compared (power, toughness, mana value; CR 208.1, 202.3): with a number, with an amount
    (``amount_value``) or with the source's number."""
    for cmp in q.compare:
        n, why = _number(state, kind, obj, cmp.quantity)
        if n is not None and cmp.amount is not None:

            try:
                amt, amt_why = amount_value(state, viewer, cmp.amount, source)
            except Unsupported as e:
                results.append((UNKNOWN, str(e)))
                continue
            if not compare_numbers(n, cmp.op, amt):
                return NO, (f"{name} has {cmp.quantity.replace('_', ' ')} {n}, not {cmp.describe().rsplit(' the ', 1)[0]} "
                            f"{amt} ({amt_why}; CR 208.1)")
            continue
        if n is not None and cmp.against is not None:
            if source is None:
                results.append((UNKNOWN, f"“{cmp.describe()}”: the source is not known"))
                continue
            v, vwhy = _number(state, "permanent", source, cmp.against)
            if v is None:
                results.append((UNKNOWN, vwhy))
            elif not compare_numbers(n, cmp.op, v):
                return NO, (f"{name} has {cmp.quantity.replace('_', ' ')} {n}, not {cmp.describe().split(' the ')[0]} "
                            f"{source.name}'s {cmp.against.replace('_', ' ')} {v} (CR 208.1)")
            continue
        if n is None:
            results.append((UNKNOWN, why))
        elif not cmp.holds(n):
            return NO, f"{name} has {cmp.quantity.replace('_', ' ')} {n}, not {cmp.describe()} (CR {'202.3' if cmp.quantity == 'mana_value' else '208.1'})"
    return None


def _color_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier, source: Permanent | None,
                name: str, perm: Permanent | None, results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """Its colours now (CR 105.2): every colour asked, one of them, none of those excluded, colorless, multicolored,
    monocolored."""
    if q.needs_colors:
        cs, why = _colors(state, kind, obj)
        if cs is None:
            results.append((UNKNOWN, why))
        else:
            cs = frozenset(c for c in cs if c in _COLOR_NAMES)
            bad = ""
            if any(c not in cs for c in q.colors):
                bad = f"is not {' and '.join(_COLOR_NAMES[c] for c in q.colors)}"
            elif q.colors_any and not any(c in cs for c in q.colors_any):
                bad = f"is not {' or '.join(_COLOR_NAMES[c] for c in q.colors_any)}"
            elif any(c in cs for c in q.not_colors):
                bad = f"is {' or '.join(_COLOR_NAMES[c] for c in q.not_colors if c in cs)}"
            elif q.colorless is not None and (not cs) != q.colorless:
                bad = "is not colorless" if q.colorless else "is colorless"
            elif q.multicolored and len(cs) < 2:
                bad = "is not multicolored"
            elif q.monocolored and len(cs) != 1:
                bad = "is not monocolored"
            if bad:
                return NO, f"{name} {bad} (CR 105.2)"
    return None


def _keyword_and_turn_test(state: GameState, viewer: str, kind: str, obj: Any, q: Qualifier,
                           source: Permanent | None, name: str, perm: Permanent | None,
                           results: list[tuple[str, str]]) -> tuple[str, str] | None:
    """With or without keywords (CR 702, ``_has_keyword``); what it did this turn (``_this_turn``); a history the
    scenario does not hold is ``unknown``."""
    for kw, want in [(k, True) for k in q.keywords] + [(k, False) for k in q.without_keywords]:
        has, why = _has_keyword(state, kind, obj, kw)
        if has is None:
            results.append((UNKNOWN, why))
        elif has != want:
            return NO, f"{name} {'does not have' if want else 'has'} {kw} (CR 702)"
    if q.this_turn:
        results.append(_object_this_turn(state, viewer, kind, obj, q.this_turn))
    if q.history:
        results.append((UNKNOWN, f"whether {name} is one “{q.history}” is not modelled"))
    return None


_OBJECT_TESTS = (_identity_test, _attachment_test, _any_of_test, _status_test, _compare_test, _color_test,
                 _keyword_and_turn_test)


def _object_this_turn(state: GameState, viewer: str, kind: str, obj: Any, what: str) -> tuple[str, str]:
    """What a permanent did this turn, from the turn history (``models.game.turn.TurnHistory``: ``damage``, ``attacked``;
    what it does not list did not happen; an answer on the scenario's default turn says so): "that dealt damage to
    you this turn" (to ``viewer``, the ability's controller), "that dealt damage", "that was dealt damage" (CR
    120.1), "that attacked" (508.1). The history names permanents on the battlefield, so a card in another zone or
    a spell is unknown."""
    if kind != "permanent":
        return UNKNOWN, f"what the {kind} {obj.name} did this turn is not part of the turn history"
    hist = state.turn.history
    note = "" if state.turn.given else " (the scenario's default turn: nothing happened earlier this turn)"
    if what == "dealt_damage_to_you":
        ok, words, rule = hist.dealt_damage(obj.id, viewer), f"dealt damage to {viewer}", "120.1"
    elif what == "dealt_damage":
        ok, words, rule = hist.dealt_damage(obj.id), "dealt damage", "120.1"
    elif what == "was_dealt_damage":
        ok, words, rule = hist.was_dealt_damage(obj.id), "was dealt damage", "120.1"
    elif what == "fought":
        ok, words, rule = obj.id in hist.fought, "fought", "701.14"
    elif what == "entered":  # the permanent entry's entered_this_turn (CR 603.6a, 400.7)
        ok, words, rule = obj.entered_this_turn, "entered the battlefield", "603.6a, 400.7"
    else:
        ok, words, rule = obj.id in hist.attacked, "attacked", "508.1"
    if ok:
        return YES, f"{obj.name} {words} this turn"
    return NO, f"{obj.name} has not {words.replace('was dealt', 'been dealt')} this turn{note} (CR {rule})"


def _player_condition(state: GameState, viewer: str, who: str, cond: Any, source: Permanent | None) -> tuple[str, str]:
    """Whether the candidate player ``who`` meets a target player's condition (``Qualifier.player``: "target opponent
    who has more life than you do", CR 115.1, 601.2c): each ``Compare`` is read by the one evaluator
    (``solver.rules.quantities.amount_value``) with ``opponent`` bound to ``who``; a zone the scenario does not list (a
    hand) makes it unknown, naming it."""


    parts = cond.parts if isinstance(cond, AllOf) else (cond,)
    whys = []
    for c in parts:
        if not isinstance(c, Compare):
            return UNKNOWN, f"the player condition {c!r} is not modelled"
        if who == viewer:  # the controller as the target player: "that player" is "you"
            try:
                c = dataclasses.replace(c, left=_as_self(c.left), right=_as_self(c.right))
            except ValueError:
                return UNKNOWN, f"a condition on {viewer} as a target player of their own ability is not modelled"
        try:
            left, lw = amount_value(state, viewer, c.left, source, opponent=who)
            right, rw = amount_value(state, viewer, c.right, source, opponent=who)
        except Unsupported as e:
            return UNKNOWN, f"whether {who} meets the target's condition is unknown: {e}"
        if not compare_numbers(left, c.op, right):
            return NO, f"{lw}, {rw}: {who} does not meet the condition (CR 115.1)"
        whys.append(f"{lw}, {rw}")
    return YES, "; ".join(whys)


def _as_self(amount: Any) -> Any:
    """An amount of a player condition read for the ability's controller as the candidate: the candidate's
    (``opponent``) numbers are the controller's own. Raises ``ValueError`` for an amount kind not rewritten."""

    if isinstance(amount, (int, Fixed)):
        return amount
    if isinstance(amount, (LifeTotal, PlayerCounters, ThisTurn)):
        return dataclasses.replace(amount, whose="you") if amount.whose == "opponent" else amount
    if isinstance(amount, CountOf):
        f = amount.filter
        return CountOf(dataclasses.replace(f, controller="you")) if f.controller == "opponent" else amount
    if isinstance(amount, Sum):
        return dataclasses.replace(amount, parts=tuple(_as_self(p) for p in amount.parts))
    raise ValueError(repr(amount))


def filter_verdict(state: GameState, f: Any, obj: Permanent, viewer: str, subtypes: Any = None,
                   source: Permanent | None = None, kind: str = "permanent") -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether ``obj`` matches the typed filter ``f`` (``models.vocab.filters.Filter``)
    including its qualifier and alternatives ("green creature", "artifact or creature", "creature with
    defender"), as seen by ``viewer``.

    Parameters
    ----------
    obj : Permanent
        A permanent, or a card in a zone seen as one (``kind="card"``).
    subtypes : its subtypes now (``solver.rules.layers.board_view``), printed when omitted.
    source : the permanent the filter's ability belongs to ("other", "this").

    Raises
    ------
    ValueError
        A relation the plain filter cannot read (as ``solver.rules.layers.filter_matches``).
    """
    import dataclasses

    base = dataclasses.replace(f, qualifier=Qualifier(), alternatives=())
    if not filter_matches(base, obj, viewer, subtypes, source):
        return NO, f"{obj.name} is not {f.words or f.describe()}"
    if f.alternatives:
        verdicts = [filter_verdict(state, a, obj, viewer, subtypes, source, kind) for a in f.alternatives]
        if any(v == YES for v, _ in verdicts):
            inner = (YES, "")
        else:
            unk = [w for v, w in verdicts if v == UNKNOWN]
            inner = (UNKNOWN, unk[0]) if unk else (NO, f"{obj.name} is not {f.words or f.describe()}")
        if inner[0] == NO or f.qualifier.empty:
            return inner
        qv = qualifier_verdict(state, viewer, kind, obj, f.qualifier, source)
        return qv if qv[0] != YES else inner
    return qualifier_verdict(state, viewer, kind, obj, f.qualifier, source)


def colors_of(perm: Permanent) -> frozenset[str]:
    """A permanent's colours from its card (CR 105.2, 202.2: mana cost and colour indicator): its front face for a
    double-faced or adventurer card on the battlefield (CR 712.8, 715.4). ``Unsupported`` for a split permanent
    (a Room, CR 709.5)."""
    card = perm.card
    if card.is_split:
        raise Unsupported(f"{perm.name}: the colours of a split permanent (CR 709.5) are not modelled")
    if card.faces:
        f = card.front
        if f.colors is not None:
            return frozenset(f.colors)
        return frozenset((f.mana_cost.colors if f.mana_cost else frozenset()) | (f.color_indicator or frozenset()))
    return frozenset(card.colors)
