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

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.game.state import CardInstance, GameState, Permanent

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.payable import kind_words
from mtgcheck.solver.rules.payable import count_matching
from mtgcheck.solver.rules.payable import zone_cards
from mtgcheck.solver.rules.budget import tick
from mtgcheck.solver.rules.layers import board_view, matches

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


def _removes_self(src: Any) -> bool:
    return any(p.action in _SELF_REMOVAL and p.what == "this" for p in src.other_costs)


def _conflicts(src: Any, use: str) -> bool:
    """Whether mana ability ``src`` of an object, activated first (CR 601.2g), keeps that object from paying a
    part of ``use`` (module docstring)."""
    if src.zone != "battlefield":
        return True  # a card's ability from the hand or graveyard exiles or moves it (CR 113.6m)
    if _removes_self(src):
        return True
    if use == "tap":
        return bool(src.tap)
    if use == "untap":
        return bool(src.untap)
    if use == "counters":
        return any(p.action == "remove_counters" for p in src.other_costs)
    return False


def describe(objs: Iterable[Any], most: int = 6) -> str:
    names = [o.name for o in objs]
    shown = ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")
    return shown or "none"


def check_objects(state: GameState, perm: Permanent, cost: Any, *, x: int = 0,
                  pay: Any = None, notes: list[str] | None = None) -> str | None:
    """Whether the object-using parts of ``cost`` can be paid together with its mana and life (module docstring).

    Parameters
    ----------
    state : GameState
    perm : Permanent whose ability is activated (its controller pays).
    cost : ActivationCost.
    x : int, the announced X (CR 107.3a).
    pay : callable ``pay(sources_or_None) -> str | None``: the mana and life check of the rest of the cost with
        the given mana sources (``None``: all); ``None`` when the cost has neither mana nor life to pay.
    notes : list of str, optional: lines naming which objects could pay each part are appended.

    Returns
    -------
    None when the whole cost can be paid, else the reason in player terms.

    Raises
    ------
    Unsupported : words or zones not modelled, a "no" that depends on a choice not modelled, or more than
        ``MAX_CHOICES`` choices of conflicting objects.
    """

    needs = needs_of(state, perm, cost, x)
    player = perm.controller
    untap_hidden = _untap_could_grow(state, player, needs, perm)
    for nd in needs:
        if not _special_ok(nd, nd.cands) and nd.n > 0:
            if untap_hidden:
                raise Unsupported(untap_hidden, topics=(Topic.COSTS,), text=nd.label)
            return _why_not(state, player, nd)
    if needs and not assignable(needs):
        if untap_hidden:
            raise Unsupported(untap_hidden, topics=(Topic.COSTS,), text=cost.text)
        return ("the cost parts " + "; ".join(f"“{nd.label}” ({describe(nd.cands)})" for nd in needs) +
                " need different objects, and there are not enough (CR 118.3, 601.2h)")
    if notes is not None:
        for nd in needs:
            if nd.n > 0:
                notes.append(f"“{nd.label}” can be paid with {describe(nd.cands)} (CR 118.3)")
    if pay is None or not needs:
        return pay(None) if pay is not None else None
    from mtgcheck.solver.rules.mana.sources import mana_sources

    sources = list(mana_sources(state, player))
    by_obj: dict[str, list] = {}
    for s in sources:
        by_obj.setdefault(s.permanent, []).append(s)
    uses_of: dict[str, set[str]] = {}
    for nd in needs:
        for o in nd.cands:
            uses_of.setdefault(o.id, set()).add(nd.use)
    conflicting = {oid for oid, us in uses_of.items() if any(_conflicts(s, u) for s in by_obj.get(oid, ()) for u in us)}
    free = set(uses_of) - conflicting
    if assignable(needs, free):
        r = pay(None)
        if r is not None and untap_hidden:
            raise Unsupported(untap_hidden, topics=(Topic.COSTS,), text=cost.text)
        return r
    # objects with conflicting mana abilities must pay: try every choice of them (interchangeable ones once)
    cands = sorted(conflicting, key=lambda i: (_sig(state, i, by_obj), i))
    inexact = untap_hidden or ""
    tried = 0
    seen: set = set()
    first_reason = None
    for k in range(1, len(cands) + 1):
        for pick in itertools.combinations(cands, k):
            sig = tuple(sorted(_sig(state, i, by_obj) for i in pick))
            if sig in seen:
                continue
            if not assignable(needs, free | set(pick)):
                continue
            if any(assignable(needs, free | (set(pick) - {i})) for i in pick):
                continue  # not minimal: a smaller choice was tried
            seen.add(sig)
            tried += 1
            tick(1, "choices of objects paying a cost part")
            if tried > MAX_CHOICES:
                raise Unsupported(f"{perm.name}: too many ways to choose which objects pay its cost parts "
                                  f"(more than {MAX_CHOICES})", topics=(Topic.COSTS,), text=cost.text)
            drop = {id(s) for i in pick for s in by_obj.get(i, ()) if any(_conflicts(s, u) for u in uses_of[i])}
            if any(len(uses_of[i]) > 1 or "counters" in uses_of[i] for i in pick):
                inexact = inexact or (f"{perm.name}: its cost parts use {describe([_obj(state, i) for i in pick])}, "
                                      "whose mana abilities were left out as a whole; whether part of them could "
                                      "still be used is not modelled")
            r = pay([s for s in sources if id(s) not in drop])
            if r is None:
                if notes is not None:
                    notes.append(f"{describe([_obj(state, i) for i in pick])} pay(s) the cost parts, so "
                                 "their own mana abilities are not used (CR 601.2g-h)")
                return None
            first_reason = first_reason or r
    if inexact:
        raise Unsupported(inexact, topics=(Topic.COSTS,), text=cost.text)
    why = (first_reason or "").removeprefix("its cost cannot be paid: ")
    return ("its cost cannot be paid: whichever objects pay “" + "”, “".join(nd.label for nd in needs) +
            "”, the rest cannot pay the mana (an object tapped or used for a cost part can't also make mana for it, "
            "CR 601.2g-h, 118.3)" + (f": {why}" if why else ""))


def _obj(state: GameState, oid: str) -> Any:
    try:
        return state.permanent(oid)
    except Exception:
        for _z, _p, c in state.zoned_cards():
            if c.id == oid:
                return c
    return dataclasses.make_dataclass("Obj", ["name"])(oid)


def _sig(state: GameState, oid: str, by_obj: dict) -> tuple:
    """Objects with the same signature are interchangeable for paying a part (same card, state, mana abilities)."""
    o = _obj(state, oid)
    srcs = tuple(sorted((s.ability_index, str(s.ability.describe())) for s in by_obj.get(oid, ())))
    if isinstance(o, Permanent):
        return ("p", o.card.name, o.controller, o.tapped, o.sick, tuple(sorted(o.counters.items())),
                tuple(sorted((k, str(v)) for k, v in o.choices.items())), srcs)
    if isinstance(o, CardInstance):
        return ("c", o.card.name, srcs)
    return ("?", oid)


def _untap_could_grow(state: GameState, player: str, needs: Sequence[Need], perm: Permanent) -> str | None:
    """A reason a "no" would not be exact for an untap part: an untapped permanent of the kind that a mana ability
    could tap first (CR 601.2g) would then be a tapped one the cost could untap."""
    from mtgcheck.solver.rules.mana.sources import mana_sources

    for nd in needs:
        if nd.use != "untap" or str(nd.part.what).endswith(" an opponent controls"):
            continue
        srcs = mana_sources(state, player)
        tappers = {s.permanent for s in srcs if s.tap}
        mine = [q for q in state.permanents(player) if not q.tapped and q.id != perm.id
                and (q.id in tappers or any(p.action == "tap_untapped" for s in srcs for p in s.other_costs))]
        if _match(state, player, str(nd.part.what), mine, perm):
            return (f"{perm.name}: “{nd.label}” could be paid with a permanent first tapped for mana (CR 601.2g); "
                    "that order is not modelled")
    return None


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
