"""Cost parts of an activated ability that use objects other than the permanent itself, paid with its mana
(the ``activate`` question's cost check, CR 602.2b → 601.2g-h, 118.3; docs/payment.md "Cost parts").

A cost can be paid only with the resources to pay it fully (CR 118.3). Each part below names the objects that
could pay it (``Need``: a *use* of objects, how many, the candidates in the state):

* **tap** "Tap N untapped <kind> you control" (CR 701.26a: only untapped permanents can be tapped; a creature
  tapped for another permanent's cost may be summoning sick, CR 302.6 restricts only its own {T}/{Q} abilities;
  "another", "other than this creature" leave the permanent itself out, and so does its own {T});
* **untap** "Untap N tapped <kind> you control / an opponent controls" (CR 701.26b);
* **remove** "Sacrifice N <kind>" (CR 701.21a), "Return N <kind> to its owner's hand", "Exile N <kind> you
  control" (701.13a): the permanent leaves the battlefield; X in the part is the announced X (CR 107.3a);
* **counters** "Remove N <kind> counters from a <kind> you control" (one permanent with that many) or "from among
  <kind>s you control" (in all), CR 122.1, 118.3;
* **put** "Put a <kind> counter on a creature you control": such a permanent;
* **hand** "Discard N <kind> cards" (701.9a), "Exile N cards from your hand"; **reveal** "Reveal N <kind> cards
  from your hand [that share a color]" (701.20a-b: they stay in the hand);
* **graveyard** "Exile N <kind> cards from your graveyard", "Collect evidence N" (701.59a: cards with total mana
  value N or more); "any number of": none is fine; **library** "Mill N cards" (701.17b).

Two parts of the same use need different objects (a permanent is tapped, or sacrificed, once); parts of different
uses may share one (tap it, then sacrifice it: costs are paid in any order, CR 601.2h) — found by a flow
(networkx). A zone the scenario does not list is unknown: ``Unsupported`` naming it.

**With mana in the cost.** Mana abilities are activated before the costs are paid (CR 601.2g), so an object used
for a part can't also be used by a mana ability that would make the part unpayable: a permanent tapped for a cost
can't have been tapped for mana, nor sacrificed for mana before it is sacrificed for the cost; a card discarded or
revealed can't have been exiled from the hand for mana (Elvish Spirit Guide). Such a mana ability *conflicts* with
that use. The check is exhaustive, never greedy: if the parts can be paid with objects that have no conflicting
mana ability, those are used (a choice that takes nothing from the mana; exact); otherwise every choice of the
conflicting objects (interchangeable ones once) is tried with the payment search, their conflicting mana
abilities left out (``find_payment(sources=...)``). Where leaving abilities out could lose a payment that exists
(counters a mana ability removes too; an object usable in two ways), a "no" is ``Unsupported`` instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.game.state import GameState, Permanent

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.quantities import NO, YES, filter_verdict
from mtgcheck.solver.rules.layers import matches
from mtgcheck.solver.rules.board import board_view
from mtgcheck.models.vocab.abilities import of_the_chosen_type
from mtgcheck.models.vocab.abilities import cost_object_filter
from mtgcheck.solver.rules.faces import parent_name

#: cost part actions read here, and the use of objects each is
USES = {"tap_untapped": "tap", "untap": "untap", "sacrifice": "remove", "return": "remove",
        "exile_permanent": "remove", "remove_counters_from": "counters", "put_counters_on": "put",
        "discard": "hand", "reveal": "reveal", "collect_evidence": "graveyard"}
#: uses whose objects are cards in a zone
_ZONE_OF = {"hand": "hand", "reveal": "hand", "graveyard": "graveyard"}
#: most choices of conflicting objects tried with the payment search
MAX_CHOICES = 256
_SELF_REMOVAL = ("sacrifice", "exile", "return", "put_library")


def _count(part: Any, x: int) -> int:
    """How many objects (or counters) the part needs: the announced X for an X part (CR 107.3a); for a number chosen
    as the cost is paid, its least value ("one or more": 1, "up to three": 0; CR 107.1c, 118.3)."""
    if getattr(part, "x", False):
        return int(x) * max(1, int(part.amount or 0))
    return int(part.amount or 0) or int(getattr(part, "at_least", 0) or 0)


def _other(part: Any) -> bool:
    t = f" {(part.text or '').lower()} "
    return bool(getattr(part, "other", False)) or " another " in t or " other " in t


def use_of(part: Any) -> str | None:
    """The use of objects of a cost part (module docstring), ``None`` when it uses none here."""
    a, what = part.action, str(part.what or "")
    if a in ("sacrifice", "return") and what == "this":
        return None
    if a == "exile":
        if "graveyard" in what:
            return "graveyard"
        if "hand" in what:
            return "hand"
        return None
    if a == "discard" and what in ("this",):
        return None
    return USES.get(a)


@dataclass
class Need:
    """One cost part's demand: ``n`` objects among ``cands`` (``n`` counters in all among them when
    ``total``), for ``use``; ``special`` for parts checked on their own ("that share a color", collect evidence)."""

    part: Any
    use: str
    n: int
    cands: list
    total: bool = False
    special: str = ""

    @property
    def label(self) -> str:
        return self.part.text or self.part.action


def _words(what: str) -> str:

    return kind_words(what)


def _match(state: GameState, player: str, what: str, objs: list, source: Permanent) -> list:
    """The objects of ``objs`` that match the object words (``Unsupported`` when not understood)."""

    return [o for o in objs if count_matching(state, player, what, [o], source)]


def _zone_cards(state: GameState, zone: str, player: str, source: Permanent, part: Any) -> list:

    return zone_cards(state, zone, player, source, part)


def needs_of(state: GameState, perm: Permanent, cost: Any, x: int = 0) -> list[Need]:
    """The demands of the parts of ``cost`` (an ``ActivationCost`` of an ability of ``perm``) that use objects.

    Raises
    ------
    Unsupported : object words not understood, a zone the scenario does not list.
    """
    player = perm.controller
    out: list[Need] = []
    removed_self = any(p.action in _SELF_REMOVAL and p.what == "this" for p in cost.parts)
    for p in cost.parts:
        use = use_of(p)
        if use is None:
            continue
        n = _count(p, x)
        if p.action == "collect_evidence":
            cards = _zone_cards(state, "graveyard", player, perm, p)
            out.append(Need(p, use, int(p.amount), cards, special="collect"))
            continue
        zone = _ZONE_OF.get(use)
        if zone is not None:
            if n == 0:
                continue  # none to discard, reveal or exile (X = 0, "any number of"): always paid (CR 118.3)
            cards = _zone_cards(state, zone, player, perm, p)
            what = str(p.what)
            share = what.endswith(" that share a color")
            if share:
                what = what[: -len(" that share a color")]
            out.append(Need(p, use, n, _match(state, player, what, cards, perm), special="share" if share else ""))
            continue
        if use == "untap":
            opp = str(p.what).endswith(" an opponent controls")
            what = str(p.what)[: -len(" an opponent controls")] if opp else str(p.what)
            pool = [q for q in state.permanents() if (q.controller != player if opp else q.controller == player)
                    and q.tapped and not (q.id == perm.id and (cost.tap or _other(p)))]
            out.append(Need(p, use, n, _match_any(state, player, what, pool, perm)))
            continue
        mine = [q for q in state.permanents(player)]
        if use == "tap":
            mine = [q for q in mine if not q.tapped and not (q.id == perm.id and (cost.tap or _other(p)))]
            out.append(Need(p, use, n, _match(state, player, str(p.what), mine, perm)))
        elif use == "remove":
            mine = [q for q in mine if not (q.id == perm.id and (_other(p) or removed_self))]
            out.append(Need(p, use, n, _match(state, player, str(p.what), mine, perm)))
        elif use in ("counters", "put"):
            mine = [q for q in mine if not (q.id == perm.id and _other(p))]
            objs = _match(state, player, str(p.objects), mine, perm)
            if use == "put":
                out.append(Need(p, use, 1 if n else 0, objs))
                continue
            kind = str(p.what)
            if p.among:
                out.append(Need(p, use, n, [q for q in objs if _counters(q, kind)], total=True))
            else:
                out.append(Need(p, use, 1 if n else 0, [q for q in objs if _counters(q, kind) >= n]))
    return out


def _match_any(state: GameState, player: str, what: str, objs: list, source: Permanent) -> list:
    """``_match`` for permanents of any controller (the words keep their own controller)."""

    view = board_view(state)
    out = []
    for q in objs:
        try:
            ok = matches(what, q, "any", player, view[q.id].subtypes if q.id in view else None, source)
        except ValueError:
            raise Unsupported(f"{source.name}: which objects “{what}” allows is not modelled",
                              topics=(Topic.COSTS,), text=what) from None
        if ok:
            out.append(q)
    return out


def _counters(q: Permanent, kind: str) -> int:
    return sum(q.counters.values()) if kind == "any" else q.counters.get(kind, 0)


def _colors(o: Any) -> frozenset:
    card = o.card
    return frozenset(card.colors or ()) if getattr(card, "colors", None) is not None else frozenset()


def _special_ok(need: Need, allowed: Iterable[Any]) -> bool:
    objs = list(allowed)
    if need.special == "collect":  # CR 701.59a: total mana value N or more
        return sum(o.card.mana_value() for o in objs) >= need.n
    if need.special == "share":  # N cards of one colour (CR 105.2)
        return any(sum(1 for o in objs if c in _colors(o)) >= need.n for c in "WUBRG")
    if need.total:
        return sum(_counters(o, str(need.part.what)) for o in objs) >= need.n
    return len(objs) >= need.n


def assignable(needs: Sequence[Need], allowed: set[str] | None = None) -> bool:
    """Whether every need can be met at once with objects of ``allowed`` ids (all when ``None``): needs of the
    same use take different objects (a maximum flow, networkx), other uses may share them (CR 601.2h)."""
    by_use: dict[str, list[Need]] = {}
    for nd in needs:
        if nd.n <= 0:
            continue
        by_use.setdefault(nd.use, []).append(nd)
    for use, group in by_use.items():
        pools = [[o for o in nd.cands if allowed is None or o.id in allowed] for nd in group]
        if len(group) == 1:
            if not _special_ok(group[0], pools[0]):
                return False
            continue
        if any(nd.special or nd.total for nd in group):
            raise Unsupported("two cost parts that draw on the same objects, one of them with a total (collect "
                              "evidence, counters from among, cards that share a color): which objects pay which is "
                              "not modelled", topics=(Topic.COSTS,), text=group[0].label)
        import networkx as nx

        g = nx.DiGraph()
        need = 0
        for i, (nd, pool) in enumerate(zip(group, pools)):
            g.add_edge("s", ("p", i), capacity=nd.n)
            need += nd.n
            for o in pool:
                g.add_edge(("p", i), ("o", o.id), capacity=1)
                g.add_edge(("o", o.id), "t", capacity=1)
        if "t" not in g or nx.maximum_flow_value(g, "s", "t") < need:
            return False
    return True


def describe(objs: Iterable[Any], most: int = 6) -> str:
    names = [o.name for o in objs]
    shown = ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")
    return shown or "none"


def _why_not(state: GameState, player: str, nd: Need) -> str:
    """Why one need can't be met, in player terms."""
    label = nd.label
    if nd.special == "collect":
        total = sum(o.card.mana_value() for o in nd.cands)
        return (f"“{label}” exiles cards with total mana value {nd.n} or more from {player}'s graveyard, whose cards "
                f"have {total} in all (CR 701.59a, 118.3)")
    if nd.special == "share":
        return f"“{label}”: {player}'s hand has no {nd.n} cards that share a color (CR 105.2, 118.3)"
    if nd.use in ("hand", "reveal", "graveyard"):
        zone = _ZONE_OF[nd.use]
        return (f"“{label}” needs {nd.n} such card(s) in {player}'s {zone}, which holds {len(nd.cands)}: "
                f"{describe(nd.cands)} (CR 118.3)")
    if nd.total:
        have = sum(_counters(o, str(nd.part.what)) for o in nd.cands)
        return f"“{label}” removes {nd.n} counter(s) in all, and {player}'s permanents of that kind have {have} (CR 122.1, 118.3)"
    if nd.use == "counters":
        return f"“{label}”: no such permanent of {player}'s has enough such counters (CR 122.1, 118.3)"
    verb = {"tap": "untapped", "untap": "tapped", "remove": "", "put": ""}.get(nd.use, "")
    rule = {"tap": "701.26a", "untap": "701.26b", "put": "122.1"}.get(nd.use) or \
        {"sacrifice": "701.21a", "exile_permanent": "701.13a"}.get(nd.part.action, "")
    return (f"“{label}” needs {nd.n} {verb + ' ' if verb else ''}such permanent(s), and there are {len(nd.cands)}"
            f"{': ' + describe(nd.cands) if nd.cands else ''} (CR 118.3{', ' + rule if rule else ''})")


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
    "nontoken creature", "creature with defender"; ``solver.rules.quantities.filter_verdict``), else 0; ``Unsupported``
    when the words are not understood or the match depends on something not modelled."""


    try:
        f = cost_object_filter(kind)
        verdict, why = filter_verdict(state, f, perm, player, view[perm.id].subtypes if perm.id in view else None,
                                      source, "permanent" if on_battlefield else "card")
    except ValueError:
        from mtgcheck.models.vocab.abilities import names_only_tokens

        if names_only_tokens(kind):
            return 0  # every object of a scenario is a card, none a token (CR 111.1; solver.rules.quantities)
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

        own = next((c for c in cards if c.card is source.card or c.name == parent_name(source.card)), None)
        if own is not None:
            cards.remove(own)
    return cards


def cost_words_fit(state: GameState, player: str, words: str, q: Any, view: dict, source_id: str) -> bool:
    """Whether ``player``'s permanent ``q`` is one a mana ability's cost part can use ("Tap an untapped artifact or
    creature you control", "Sacrifice a black or artifact creature", "a Prism token"): the layers' type match, else
    the typed filter with its qualifiers and unions (``qualified_match``, CR 205, 105.2; every
    object of a scenario is a card, so no permanent is a token, CR 111.1).

    Raises
    ------
    Unsupported : words not understood, or a match that depends on something not modelled, naming the source.
    """

    try:
        return matches(words, q, "you", player, view[q.id].subtypes if q.id in view else None)
    except ValueError:
        pass
    return bool(qualified_match(state, player, words, kind_words(words), q, True, view, state.permanent(source_id)))


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
