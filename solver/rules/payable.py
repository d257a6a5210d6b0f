"""Can this cost part be paid? The one place that says so, for a spell's total cost and for an ability's cost
(CR 118.3: a cost can be paid only with the resources to pay it fully; 601.2h, 602.2b).

Every question that pays a cost with parts other than mana asks here: ``cast``/``payments``/``delve`` for a spell's
additional and alternative costs (``solver.rules.costs.nonmana_problems``, through ``solver.rules.casting``), ``activate`` for an
ability's cost (``solver.rules.payment.activation``), and ``available_mana`` for mana abilities whose cost uses the hand,
the graveyard or energy (``solver.rules.mana.pool_costparts``).

* ``part_problem(state, source, part, x)``: why one part can't be paid now, taken on its own (``None``: it can).
* ``cost_problems(state, source, parts, x, pay=..., notes=...)``: why the parts can't be paid together — the parts that
  use objects need different objects where they are of one use (a flow, ``solver.rules.payment.cost_objects``), and an object
  paying a part can't also make mana that the rest of the cost needs (CR 601.2g-h).

The *source* is the object whose cost it is: a ``Permanent`` for an activated ability (its controller pays), or a
``CastSpell`` for a spell being cast (CR 601.2a: the card is on the stack while its costs are paid, so it is neither
among the cards of the zone it came from nor a permanent). A part, a kind of object or a zone that is not modelled
ends in ``Unsupported`` naming it — never in "can't be paid", never in "can be paid".

References: CR 118.3, 601.2a, 601.2g-h, 602.2b, 107.3a (X), 107.14 (energy), 122.1 (counters), 701.9a (discard),
701.13a (exile), 701.17b (mill), 701.21a (sacrifice), 701.26 (tap/untap), 701.43 (exert), 701.59a (collect
evidence), 701.61a (forage).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Callable, Iterable, Mapping

from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.game.state import GameState, Permanent

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.qualifiers import NO, YES, filter_verdict
from mtgcheck.solver.rules.layers import board_view, matches
from mtgcheck.models.vocab.abilities import of_the_chosen_type
from mtgcheck.models.vocab.abilities import cost_object_filter


@dataclass(frozen=True)
class CastSpell:
    """The spell being cast, as the source of its own cost parts (CR 601.2a: it was moved to the stack before its
    costs are paid, so it is neither one of the cards of ``zone`` nor a permanent; 601.2h).

    Attributes
    ----------
    card : Card  the card (or half, or face) as cast.
    controller : str  its caster, who pays.
    zone : str  the zone it was cast from (one copy of it is not there any more).
    x : int  the announced X (CR 107.3a, 601.2b), which the cost's X parts read.
    """

    card: Any
    controller: str
    zone: str = "hand"
    x: int = 0
    id: str = "<the spell being cast>"
    choices: Mapping[str, Any] = field(default_factory=dict)
    counters: Mapping[str, int] = field(default_factory=dict)
    tapped: bool = False

    @property
    def name(self) -> str:
        return self.card.name


#: Words before "card" that describe a card without naming a type (CR 105.2 colours, 700.6 historic): "a white card",
#: "a nonblack card", "a colorless card" keep their noun, which the filter reader needs ("white" alone is no type)
_CARD_ADJECTIVES = frozenset({"white", "blue", "black", "red", "green", "colorless", "multicolored", "monocolored",
                              "historic"})


def kind_words(what: str) -> str:
    """The object words of a cost part, without the words every such cost implies ("you control", and "card" after
    a type: "a creature card" is "creature"); "card" stays after words that are no type ("a white card", "a nonblack
    card", CR 105.2)."""
    w = what.strip()
    for suffix in (" you control", " from your graveyard", " from your hand", " from among them"):
        if w.endswith(suffix):
            w = w[: -len(suffix)]
    head = w.split(" card")[0].split()
    if " card" in w and head and head[-1].lower().removeprefix("non") in _CARD_ADJECTIVES:
        return w.replace(" cards", " card").strip()
    for word in (" cards", " card"):
        w = w.replace(word, "")
    if w.strip() in ("cards", "card", "other", "other cards", "other card"):
        # "Exile two cards from your graveyard": any cards; "other cards" (escape, CR 702.138a): other than the source,
        # which is not among the cards of the zone (a spell being cast is on the stack, CR 601.2a)
        return "permanent"
    return w.strip() or "permanent"


def count_matching(state: GameState, player: str, what: str, objects: list, source: Any) -> int:
    """How many of ``objects`` (permanents, or cards in a zone seen as such) match the cost's object words;
    raises ``Unsupported`` when the words are not understood (never a guess)."""

    kind = kind_words(what)
    if kind in ("permanent", "card", ""):
        return len(objects)

    chosen = of_the_chosen_type(kind)
    if chosen:  # "a creature of the chosen type" (Doom Cannon): the type chosen as it entered (CR 205.3m, 607.2a)
        t = source.choices.get("creature_type") if getattr(source, "choices", None) else None
        if not t:
            raise Unsupported(f"{source.name}: no creature type was chosen for it (give choices: {{creature_type: ...}})",
                              topics=(Topic.COSTS,), text=what)
        return count_matching(state, player, f"{chosen} {str(t).strip().lower()}", objects, source)
    view = board_view(state) if any(isinstance(o, Permanent) for o in objects) else {}
    n = 0
    for o in objects:
        perm = o if isinstance(o, Permanent) else Permanent(o.id, o.card, player, o.owner)
        try:
            if matches(kind, perm, "any", player, view[perm.id].subtypes if perm.id in view else None, source):
                n += 1
        except ValueError:
            n += qualified_match(state, player, what, kind, perm, isinstance(o, Permanent), view, source)
    return n


def qualified_match(state: GameState, player: str, what: str, kind: str, perm: Any, on_battlefield: bool,
                    view: dict, source: Any) -> int:
    """1 when ``perm`` matches object words with qualifiers or a union ("green creature", "artifact or creature",
    "nontoken creature", "creature with defender"; ``solver.rules.qualifiers.filter_verdict``), else 0; ``Unsupported``
    when the words are not understood or the match depends on something not modelled."""


    try:
        f = cost_object_filter(kind)
        verdict, why = filter_verdict(state, f, perm, player, view[perm.id].subtypes if perm.id in view else None,
                                      source, "permanent" if on_battlefield else "card")
    except ValueError:
        from mtgcheck.models.vocab.abilities import names_only_tokens

        if names_only_tokens(kind):
            return 0  # every object of a scenario is a card, none a token (CR 111.1; solver.rules.qualifiers)
        raise Unsupported(f"{source.name}: which objects “{what}” allows is not modelled",
                          topics=(Topic.COSTS,), text=what) from None
    if verdict == YES:
        return 1
    if verdict == NO:
        return 0
    raise Unsupported(f"{source.name}: whether {perm.name} is “{what}” is unknown: {why}", topics=(Topic.COSTS,), text=what)


def zone_cards(state: GameState, zone: str, player: str, source: Any, part: Any) -> list:
    """The cards in ``player``'s ``zone`` that a cost part may use, when the scenario lists that zone; else
    ``Unsupported`` (unknown). A spell being cast (``CastSpell``) is not among the cards of the zone it was cast from
    (CR 601.2a): one copy of it is left out."""
    if (zone, player) not in state.listed_zones and not state.cards(zone, player):
        raise Unsupported(f"{source.name}: the cost part “{part.text or part.action}” needs to know {player}'s "
                          f"{zone}, which the scenario does not list", topics=(Topic.ZONES, Topic.COSTS),
                          text=part.text or part.action)
    cards = list(state.cards(zone, player))
    if isinstance(source, CastSpell) and source.zone == zone and source.controller == player:
        from mtgcheck.solver.rules.costs import parent_name

        own = next((c for c in cards if c.card is source.card or c.name == parent_name(source.card)), None)
        if own is not None:
            cards.remove(own)
    return cards


# --- the cost parts this module reads (the support table's cost-part keys, solver.rules.support) ------------------------------------------------------------------------------------------------

#: Parts of a cost that are not mana (CR 118.1, 602.1), by action, that can use the object whose cost it is
#: ("Sacrifice this artifact", "Exert this creature"): their key's zone is then ``self``.
_SELF_CAPABLE = frozenset({"sacrifice", "exile", "return", "discard", "put_counters", "remove_counters", "exert",
                           "remove_all_counters", "put_library"})
#: The zone every other action's objects come from (``player``: the player's life or energy; ``mana``: mana paid
#: with untapped permanents standing in for it).
_ACTION_ZONE = {
    "tap_untapped": "battlefield", "untap": "battlefield", "sacrifice": "battlefield", "return": "battlefield",
    "exile_permanent": "battlefield", "remove_counters_from": "battlefield", "put_counters_on": "battlefield",
    "sacrifice_all": "battlefield", "discard": "hand", "reveal": "hand", "discard_hand": "hand",
    "collect_evidence": "graveyard", "forage": "graveyard", "mill": "library", "pay_energy": "player",
    "pay_life": "player", "waterbend": "mana", "exert": "self", "remove_all_counters": "self", "put_library": "self",
    "remove_counters": "self",
}


def cost_zone(part: Any) -> str:
    """The zone a cost part's objects come from: ``self`` (the permanent whose cost it is), ``battlefield``,
    ``hand``, ``graveyard``, ``library``, ``player`` (life, energy), ``mana``, or ``elsewhere`` for words naming
    none of them ("exile the top card of your library")."""
    a, what = part.action, str(part.what or "")
    if a in _SELF_CAPABLE and (what == "this" or (a == "put_counters" and " on this" in (part.text or "").lower())):
        return "self"
    if a == "exile":
        return "graveyard" if "graveyard" in what else "hand" if "hand" in what else "elsewhere"
    return _ACTION_ZONE.get(a, "elsewhere")


def cost_key(part: Any) -> str:
    """The mechanic key of a cost part: ``cost:<action>@<zone>`` (``cost:exile@graveyard``), or ``text`` for a part
    whose action was not read (``other``)."""
    return "text" if part.action == "other" else f"cost:{part.action}@{cost_zone(part)}"


#: The cost parts the one reader of costs (``solver.rules.payable``, ``solver.rules.payment.cost_objects``) decides, each with
#: its rule: whether it can be paid now, and which objects it takes from the mana (CR 118.3, 601.2g-h). A part with
#: another key is refused by that reader, naming it (the spell's own parts that name the spell on the stack are
#: refused too, CR 601.2a).
COST_PART_RULES: Mapping[str, str] = {
    "cost:sacrifice@self": "CR 701.21a", "cost:exile@self": "CR 406.2", "cost:return@self": "CR 118.3",
    "cost:put_counters@self": "CR 122.1", "cost:remove_counters@self": "CR 122.1", "cost:exert@self": "CR 701.43b",
    "cost:remove_all_counters@self": "CR 122.1", "cost:put_library@self": "CR 118.3",
    "cost:tap_untapped@battlefield": "CR 701.26a", "cost:untap@battlefield": "CR 701.26b",
    "cost:sacrifice@battlefield": "CR 701.21a", "cost:return@battlefield": "CR 118.3",
    "cost:exile_permanent@battlefield": "CR 701.13a", "cost:remove_counters_from@battlefield": "CR 122.1",
    "cost:put_counters_on@battlefield": "CR 122.1", "cost:sacrifice_all@battlefield": "CR 118.3",
    "cost:discard@hand": "CR 701.9a", "cost:reveal@hand": "CR 701.20a", "cost:discard_hand@hand": "CR 118.3",
    "cost:exile@hand": "CR 406.2", "cost:exile@graveyard": "CR 406.2", "cost:collect_evidence@graveyard": "CR 701.59a",
    "cost:forage@graveyard": "CR 701.61a", "cost:mill@library": "CR 701.17b", "cost:pay_energy@player": "CR 107.14",
    "cost:pay_life@player": "CR 119.4", "cost:waterbend@mana": "CR 701.67a",
}
#: The questions that pay costs read every key of ``COST_PART_RULES``.
COST_PARTS = frozenset(COST_PART_RULES)


#: parts of a permanent's cost that use the permanent itself (its own sacrifice, exile, return, counters, exert):
#: a spell being cast is no permanent, so such a part of a spell's cost is not modelled
_SELF_ACTIONS = ("exert", "remove_all_counters", "put_library", "remove_counters", "put_counters")


def part_problem(state: GameState, source: Any, part: Any, x: int = 0) -> str | None:
    """Why one non-mana cost part can't be paid now, taken on its own (``None``: it can), CR 118.3, 601.2h, 602.2b.

    Parameters
    ----------
    state : GameState
    source : Permanent or CastSpell
        Whose cost it is: a permanent whose ability is activated, or the spell being cast; its controller pays.
    part : CostPart (``models.vocab.abilities``), not ``pay_life`` (the life total is checked with the mana, CR 119.4).
    x : int  the announced X (CR 107.3a), for parts whose number is X.

    Returns
    -------
    str or None
        The reason in player terms. Sacrificing, exiling or returning the permanent itself, putting counters on it,
        exerting it (CR 701.43b) and discarding a whole hand can always be paid (CR 118.3: even an empty hand, Lion's
        Eye Diamond ruling 2004-10-04); removing counters needs that many on it (122.1); the parts that use other
        objects (sacrifice, tap, untap, return, exile, discard, reveal, counters on other permanents, collect
        evidence) need that many such objects (``solver.rules.payment.cost_objects``); milling needs that many cards in
        the library (701.17b); paying {E} needs that many energy counters (107.14); forage needs three cards in
        the graveyard or a Food (701.61a).

    Raises
    ------
    Unsupported
        A cost part, or a kind of object, that is not modelled; a zone the scenario does not list; a part of a
        spell's cost that names the spell itself.
    """
    player = source.controller
    a, what, n = part.action, part.what, part.amount
    key = cost_key(part)
    if key not in COST_PARTS:  # the support table: the cost parts this reader decides (solver.rules.support)
        raise Unsupported(f"{source.name}: the cost part “{part.text or a}” is not modelled ({key})",
                          topics=(Topic.COSTS,), text=part.text or a, mechanic=key, card=source.name)
    if getattr(part, "x", False):
        n = int(x) * max(1, n)  # the announced X (CR 107.3a)
    spell = isinstance(source, CastSpell)
    if spell and (what == "this" or a in _SELF_ACTIONS or (a == "put_counters" and " on this" in (part.text or "").lower())):
        raise Unsupported(f"{source.name}: the spell's cost part “{part.text or a}” names the spell itself, which is on "
                          "the stack (CR 601.2a); that is not modelled", topics=(Topic.COSTS,), text=part.text or a)
    if a in ("exert", "remove_all_counters", "put_library"):
        # CR 701.43b: a permanent can be exerted even if it is untapped or already exerted; removing every counter of
        # a kind, even none, and putting itself on the bottom of its library can be paid while it is on the
        # battlefield (CR 118.3)
        return None
    from mtgcheck.solver.rules.payment.cost_objects import use_of

    if use_of(part) is not None:  # parts that use other objects: counted here on their own (CR 118.3)
        from mtgcheck.solver.rules.payment.cost_objects import _special_ok, _why_not, needs_of

        for nd in needs_of(state, source, SimpleNamespace(parts=(part,), tap=False, untap=False, text=part.text), x):
            if nd.n > 0 and not _special_ok(nd, nd.cands):
                return _why_not(state, player, nd)
        return None
    if a in ("sacrifice", "exile", "return") and what == "this":
        return None  # the permanent is on the battlefield: it can be sacrificed, exiled, returned (CR 118.3)
    if a == "put_counters" and (what == "this" or " on this" in (part.text or "").lower()):
        return None  # counters can always be put on the permanent itself (CR 122.1, 118.3)
    if a in ("sacrifice_all", "discard_hand"):
        return None  # all of them, even none (CR 118.3)
    if a == "remove_counters":
        have = sum(source.counters.values()) if what == "any" else source.counters.get(what, 0)
        label = "" if what == "any" else f"{what} "
        return None if have >= n else f"{source.name} has {have} {label}counter(s); the cost removes {n} (CR 122.1, 118.3)"
    if a == "mill":
        lib = zone_cards(state, "library", player, source, part)
        return None if len(lib) >= n else (f"the cost mills {n} card(s) but {player}'s library holds {len(lib)} "
                                           f"(CR 701.17b)")
    if a == "pay_energy":
        have = state.counters_of(player, "energy")
        return None if have >= n else f"the cost pays {n} {{E}} but {player} has {have} energy counter(s) (CR 107.14, 118.3)"
    if a == "forage":  # CR 701.61a: exile three cards from your graveyard or sacrifice a Food
        grave = zone_cards(state, "graveyard", player, source, part)
        foods = count_matching(state, player, "food", list(state.permanents(player)), source)
        if len(grave) >= 3 or foods:
            return None
        return (f"forage exiles three cards from {player}'s graveyard (it holds {len(grave)}) or sacrifices a Food "
                f"({player} controls none) (CR 701.61a, 118.3)")
    raise Unsupported(f"{source.name}: the cost part “{part.text or a}” is not modelled", topics=(Topic.COSTS,),
                      text=part.text or a)


def cost_problems(state: GameState, source: Any, parts: Iterable[Any], x: int = 0, *, tap: bool = False,
                  untap: bool = False, text: str = "", pay: Callable[[Any], "str | None"] | None = None,
                  notes: list[str] | None = None) -> str | None:
    """Why the non-mana parts of a cost can't be paid together, with its mana (``None``: they can), CR 118.3, 601.2h.

    Each part that uses no other object is asked on its own (``part_problem``); the parts that use objects are checked
    together: parts of one use take different objects (a permanent is sacrificed once), and an object that pays a part
    can't also be used by a mana ability that the part makes unpayable (CR 601.2g-h; ``cost_objects.check_objects``).

    Parameters
    ----------
    state : GameState
    source : Permanent or CastSpell  whose cost it is (see the module docstring).
    parts : iterable of CostPart  (``pay_life`` parts are skipped: the life total is checked with the mana).
    x : int  the announced X (CR 107.3a).
    tap, untap : bool  the cost has {T} / {Q} (the permanent itself is then not one of the objects tapped or untapped).
    text : str  the cost's wording, for the messages.
    pay : callable ``pay(sources_or_None) -> str | None``, optional
        The check of the mana (and life) of the cost with the given mana sources (``None``: all of them); ``None``
        when the cost has no mana or life to pay.
    notes : list of str, optional  lines naming which objects could pay each part are appended.

    Returns
    -------
    str or None  the first reason in player terms, or ``None`` when the whole cost can be paid.

    Raises
    ------
    Unsupported
        A part, kind of object or zone that is not modelled, or a "no" that depends on a choice not modelled.
    """
    parts = tuple(parts)
    return own_parts_problem(state, source, parts, x) or \
        object_parts_problem(state, source, parts, x, tap=tap, untap=untap, text=text, pay=pay, notes=notes)


def own_parts_problem(state: GameState, source: Any, parts: Iterable[Any], x: int = 0) -> str | None:
    """The first reason one of the parts that use no other object can't be paid (``part_problem``), else ``None``;
    the first half of ``cost_problems``, asked before the mana when a caller reads the mana cost in between."""
    from mtgcheck.solver.rules.payment.cost_objects import use_of

    for p in parts:
        if p.action == "pay_life" or use_of(p) is not None:
            continue
        problem = part_problem(state, source, p, x=x)
        if problem:
            return problem
    return None


def object_parts_problem(state: GameState, source: Any, parts: Iterable[Any], x: int = 0, *, tap: bool = False,
                         untap: bool = False, text: str = "", pay: Callable[[Any], "str | None"] | None = None,
                         notes: list[str] | None = None) -> str | None:
    """The second half of ``cost_problems``: the parts that use objects, together, and with the mana (``pay``)."""
    from mtgcheck.solver.rules.payment.cost_objects import check_objects

    cost = SimpleNamespace(parts=tuple(parts), tap=tap, untap=untap, text=text)
    return check_objects(state, source, cost, x=x, pay=pay, notes=notes)
