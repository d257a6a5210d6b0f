"""A spell's own alternative costs (CR 118.9) in the ``cast`` question: which ones a card has, whether their
conditions hold, and paying their chosen-object parts together with the mana.

* **Which.** ``printed_alternatives(card)``: the ``PrintedAlternativeCost`` abilities of the card ("You may
  sacrifice a Mountain rather than pay this spell's mana cost", "If you control a Plains, you may tap an
  untapped creature you control rather than pay this spell's mana cost", "If an opponent controls a Swamp and
  you control a Forest, you may cast this spell without paying its mana cost"), named ``alternative`` (the
  only one) or ``alternative 1``, ``alternative 2`` ... in printed order; ``using`` may also give the wording.
* **The default.** ``cast`` without ``using`` asks "can it be cast?": the mana cost first (as before), then,
  only when that is not castable, each alternative cost the card itself has that applies in the zone it is
  cast from (``default_ways``: printed ones, evoke/dash/overload from the hand, flashback/escape from the
  graveyard; CR 118.9, 601.2b: the player chooses one). The first that works is the answer, naming it in
  ``using``; when none works, the mana cost's reason with each alternative's. An explicit ``using`` answers
  for that way only, as before.
* **Conditions** (``condition_problems``): "you control a Plains", "an opponent controls a Swamp", "there are
  thirteen or more creatures on the battlefield" (the board after type-changing effects, CR 613.1d),
  "it's (not) your turn", "N or more creatures are attacking", "you attacked this turn" (the scenario's turn),
  "you have no land cards in hand". Wording not modelled makes the answer that needs this alternative
  ``Unsupported`` naming the sentence (an answer that the mana cost already gives does not need it: the
  alternative only adds a way to cast the spell).
* **Chosen objects** (``pay_with_objects``): each part needs that many distinct objects (a maximum bipartite
  matching, ``networkx``): permanents the caster controls (sacrificed, returned, tapped: untapped ones) or
  cards in the hand other than the spell (exiled, discarded; CR 601.2a: the spell is on the stack). Mana
  abilities are activated before costs are paid (CR 601.2g-h), so a land tapped for mana can then be returned
  or sacrificed (Gush, Daze); what a part uses up cannot also make mana when that ability needs it ({T} of a
  creature tapped for the cost, a self-sacrificing mana ability, Elvish Spirit Guide exiled for the cost):
  such candidates are tried exhaustively, excluded from the payment (``exclude_permanents``).

References: CR 118.3, 118.9, 118.9a-d, 202.3, 302.6, 601.2a-h, 701.9, 701.21.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Any, Callable, Iterable

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.cost_effects import CastCondition, ObjectCost, PrintedAlternativeCost
from mtgcheck.models.vocab.filters import Filter
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules import budget
from mtgcheck.solver.rules.errors import QuestionError, Unsupported
from mtgcheck.solver.rules.quantities import condition_holds
from mtgcheck.solver.rules.restrictions import free_cast_permissions
from mtgcheck.solver.rules.mana.sources import mana_sources
from mtgcheck.models.vocab.costs import alternative_costs
from mtgcheck.models.vocab.keyword_model import prototype_of
from mtgcheck.solver.rules.layers import board_view
from mtgcheck.solver.rules.layers import filter_matches
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.solver.rules.gate import require_modelled

#: Keyword alternative costs tried by default, by the zone they cast the card from (CR 702.34a, 702.138a,
#: 702.74a evoke, 702.109a dash, 702.96a overload, 702.152a blitz, 702.185a warp, 702.176a impending, 702.119a
#: emerge, 702.137a spectacle, 702.117a surge; 702.37c, 702.168a face down).
DEFAULT_KEYWORDS = {"hand": ("evoke", "dash", "overload", "blitz", "warp", "impending", "emerge", "spectacle", "surge",
                             "morph", "megamorph", "disguise", "bestow", "mutate", "awaken", "web-slinging", "prowl",
                             "freerunning", "more than meets the eye", "cleave"),
                    "graveyard": ("flashback", "escape"),
                    # a foretold card (CR 702.143a) and a plotted one (702.170d: without paying its mana cost)
                    "exile": ("foretell", "plot")}


def printed_alternatives(card: Any) -> list[tuple[str, Ability]]:
    """The card's own printed alternative costs as ``(name, ability)`` in printed order: ``alternative`` when
    there is one, else ``alternative 1``, ``alternative 2`` ... (CR 118.9)."""
    alts = [a for a in abilities_of(card) if isinstance(a.effect, PrintedAlternativeCost)]
    if len(alts) == 1:
        return [("alternative", alts[0])]
    return [(f"alternative {i}", a) for i, a in enumerate(alts, 1)]


def find_printed(card: Any, using: str) -> tuple[str, Ability] | None:
    """The printed alternative cost ``using`` names: its name, ``alternative`` (the first), or its wording."""
    want = " ".join(str(using).casefold().split())
    alts = printed_alternatives(card)
    for name, a in alts:
        if want == name or want == " ".join(a.text.casefold().split()).rstrip("."):
            return name, a
        if " ".join(a.text.casefold().split()) == want:
            return name, a
    if want == "alternative" and alts:
        return alts[0]
    return None


def default_ways(card: Any, zone: str) -> list[str]:
    """The ``using`` values tried, after the mana cost, when ``cast`` gives none: the card's own alternative
    costs that cast it from ``zone`` (see the module docstring)."""


    ways = [name for name, _ in printed_alternatives(card)] if zone in ("hand", "command") else []
    have = {a.keyword for a in alternative_costs(card, abilities_of(card))} | (
        {"plot"} if any(isinstance(a.effect, Keyword) and a.effect.keyword == "plot" for a in abilities_of(card)) else set())
    ways += [k for k in DEFAULT_KEYWORDS.get(zone, ()) if k in have]
    if prototype_of(card) is not None:
        ways.append("prototype")  # cast prototyped, with the prototype's mana cost (CR 718.3)
    return ways


def _subtypes(state: GameState) -> dict[str, tuple[str, ...]]:

    return {pid: tuple(v.subtypes) for pid, v in board_view(state).items()}


def _perm_matches(state: GameState, f: Filter, perm: Any, player: str, subs: dict) -> bool:

    return filter_matches(f, perm, player, subs.get(perm.id))


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


def _filters_of(x: Any) -> list[Filter]:
    """Every ``Filter`` in a condition (its fields, nested conditions and amounts): what the colours gate reads."""
    import dataclasses

    if isinstance(x, Filter):
        return [x]
    if isinstance(x, tuple):
        return [f for v in x for f in _filters_of(v)]
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return [f for fld in dataclasses.fields(x) for f in _filters_of(getattr(x, fld.name))]
    return []


def _colors_gate(state: GameState, card: Any, filters: Iterable[Filter | None]) -> None:
    """A condition or part that reads colours needs them known (CR 105.2; unmodelled colour effects: unsupported)."""
    if any(f is not None and f.colors for f in filters):


        require_modelled(state, {Topic.COLORS}, [(card.name, abilities_of(card))],
                         question=f"the colours an alternative cost of {card.name} reads (CR 105.2)")


def _turn(state: GameState) -> Any:
    return getattr(state, "turn", None)


def _default_note(state: GameState) -> str:
    t = _turn(state)
    return "" if t is None or getattr(t, "given", False) else " (the scenario's default turn: precombat main phase, nothing done yet)"


def condition_problems(state: GameState, player: str, card: Any, name: str, ability: Ability) -> list[str]:
    """Why the conditions of a printed alternative cost do not hold now (empty: they hold), CR 118.9, 601.2b.

    Raises
    ------
    Unsupported : wording of the alternative cost that is not modelled (naming the card and the sentence), an
        attacking or turn-history condition without the turn model.
    """
    alt = ability.effect
    assert isinstance(alt, PrintedAlternativeCost)
    if alt.untyped:
        raise Unsupported(f"{card.name}'s alternative cost “{ability.text.strip()}” is not modelled in part "
                          f"({alt.untyped}), and the answer needs it (CR 118.9)")
    _colors_gate(state, card, [f for c in alt.conditions for f in _filters_of(c)])
    out: list[str] = []
    subs = _subtypes(state) if any(c.test in ("controls", "attacking") for c in alt.conditions) else {}
    for c in alt.conditions:
        why = _condition_problem(state, player, card, c, subs)
        if why:
            out.append(f"{card.name}'s alternative cost needs “{c.text}”: {why} (CR 118.9, 601.2b)")
    return out


def _condition_problem(state: GameState, player: str, card: Any, c: CastCondition, subs: dict) -> str | None:
    if c.test == "condition":  # a typed condition of the board, the players or the turn (CR 118.9, 601.2b)
        ok, why = condition_holds(state, player, c.condition, None, f"{card.name}: “{c.text}”")
        return None if ok else why
    if c.test in ("your_turn", "not_your_turn"):
        mine = state.active == player
        if mine == (c.test == "your_turn"):
            return None
        return f"it is {state.active}'s turn"
    if c.test == "controls":
        assert c.filter is not None
        n = sum(1 for p in state.battlefield if _perm_matches(state, c.filter, p, player, subs))
        if n >= c.n:
            return None
        return f"there {'is' if n == 1 else 'are'} {n}"
    if c.test == "attacking":
        assert c.filter is not None
        if not any(hasattr(p, "attacking") for p in state.battlefield) and _turn(state) is None:
            raise Unsupported(f"{card.name}: “{c.text}” needs the combat state, not modelled here")
        n = sum(1 for p in state.battlefield if getattr(p, "attacking", False)
                and _perm_matches(state, c.filter, p, player, subs))
        if (n == c.n) if c.exact else (n >= c.n):
            return None
        return f"{n} attacking{_default_note(state)}"
    if c.test == "attacked":
        t = _turn(state)
        if t is None:
            raise Unsupported(f"{card.name}: “{c.text}” needs this turn's history, not modelled here")
        ids = set(t.history.attacked)
        if any(p.id in ids for p in state.permanents(player)):
            return None
        return f"{player} attacked with nothing this turn{_default_note(state)}"
    if c.test == "hand_has_none":
        from mtgcheck.solver.rules.costs import zone_listed

        assert c.filter is not None
        if not zone_listed(state, "hand", player):
            raise Unsupported(f"{card.name}: “{c.text}” reads {player}'s hand, which the scenario does not list")
        hits = [ci.name for ci in state.cards("hand", player) if card_matches(c.filter, ci.card)
                and ci.card.name != card.name]
        return None if not hits else f"{player}'s hand holds {', '.join(hits)}"
    raise Unsupported(f"{card.name}: the condition “{c.text}” is not modelled")


# ---------------------------------------------------------------------------
# Chosen objects and the mana payment
# ---------------------------------------------------------------------------

def _candidates(state: GameState, player: str, card: Any, part: ObjectCost, zone: str, subs: dict) -> list[tuple[str, str]]:
    """The objects that can pay one slot of ``part``: ``(id, name)``."""
    f = part.filter
    if f.zone == "hand":
        hand = list(state.cards("hand", player))
        if zone == "hand":  # the spell is on the stack (CR 601.2a): one copy of it leaves the hand
            from mtgcheck.solver.rules.costs import parent_name

            own = next((c for c in hand if c.card is card or c.name == parent_name(card)), None)
            if own is not None:
                hand.remove(own)
        return [(ci.id, ci.name) for ci in hand if card_matches(f, ci.card)]
    out = []
    for p in state.permanents(player):
        if part.action == "tap" and p.tapped:
            continue
        if _perm_matches(state, f, p, player, subs):
            out.append((p.id, p.name))
    return out


def _matching(slots: list[list[str]]) -> dict[int, str] | None:
    """Distinct objects for every slot (slot index -> object id), or ``None`` (a maximum bipartite matching)."""
    import networkx as nx

    if not slots:
        return {}
    g = nx.Graph()
    left = [("slot", i) for i in range(len(slots))]
    g.add_nodes_from(left)
    for i, cands in enumerate(slots):
        for c in cands:
            g.add_edge(("slot", i), ("obj", c))
    m = nx.bipartite.maximum_matching(g, top_nodes=left)
    if sum(1 for n in left if n in m) < len(slots):
        return None
    return {i: m[("slot", i)][1] for i in range(len(slots))}


def _conflicts(state: GameState, player: str, actions: dict[str, str]) -> tuple[set[str], set[str]]:
    """Objects whose use for the cost may take a mana ability away: ``(conflicting, inexact)``; ``inexact``:
    those that excluding from the payment would also remove a mana ability the cost leaves usable."""

    conflicting: set[str] = set()
    inexact: set[str] = set()
    srcs = mana_sources(state, player)
    others = any(p.action in ("tap_untapped", "sacrifice", "discard", "discard_hand") and p.what != "this"
                 for s in srcs for p in s.other_costs)
    by_obj: dict[str, list] = {}
    for s in srcs:
        by_obj.setdefault(s.permanent, []).append(s)
    for oid, action in actions.items():
        mine = by_obj.get(oid, [])
        if others:
            conflicting.add(oid)  # an altar or Springleaf Drum could use it too
            if mine:
                inexact.add(oid)
            continue
        if action == "tap":
            if mine:
                conflicting.add(oid)
                if any(not s.tap for s in mine):
                    inexact.add(oid)
        elif action in ("sacrifice", "return"):
            gone = [s for s in mine if any(p.what == "this" and p.action in ("sacrifice", "return", "exile")
                                           for p in s.other_costs)]
            if gone:
                conflicting.add(oid)
                if len(gone) < len(mine):
                    inexact.add(oid)
        elif action in ("exile", "discard"):
            if mine:
                conflicting.add(oid)
    return conflicting, inexact


def pay_with_objects(state: GameState, player: str, card: Any, tc: Any, zone: str,
                     find: Callable[..., Any]) -> tuple[Any, list[str], str | None]:
    """Pay a total cost whose alternative cost chooses objects (see the module docstring).

    Parameters
    ----------
    tc : solver.rules.costs.TotalCost with ``objects`` (``ObjectCost`` parts).
    find : ``solver.rules.payment.find_payment`` (the mana payment, called with ``exclude_permanents``).

    Returns
    -------
    (payment or None, lines naming the objects chosen, reason when it cannot be paid)

    Raises
    ------
    Unsupported : a hand the scenario does not list, or a "no" that excluding a candidate could make wrong.
    """
    from mtgcheck.solver.rules.costs import zone_listed

    parts: tuple[ObjectCost, ...] = tuple(tc.objects)
    if any(p.filter.zone == "hand" and p.action != "reveal_hand" for p in parts) and not zone_listed(state, "hand", player):
        raise Unsupported(f"{card.name}'s alternative cost chooses cards from {player}'s hand, which the scenario does "
                          f"not list, so whether it can be paid is unknown (CR 118.3)")
    fams = {"hand" if p.filter.zone == "hand" else "battlefield" for p in parts if p.action != "reveal_hand"}
    acts = {p.action for p in parts if p.filter.zone != "hand"}
    if len(acts) > 1:
        raise Unsupported(f"{card.name}: an alternative cost that both taps and removes permanents is not modelled")
    del fams
    _colors_gate(state, card, [p.filter for p in parts])
    subs = _subtypes(state)
    slots: list[list[str]] = []
    labels: list[ObjectCost] = []
    names: dict[str, str] = {}
    for p in parts:
        if p.action == "reveal_hand":
            continue
        cands = _candidates(state, player, card, p, zone, subs)
        names.update(cands)
        for _ in range(p.n):
            slots.append([c for c, _ in cands])
            labels.append(p)
    got = _matching(slots)
    if got is None:
        need = "; ".join(f"“{p.text}”: {len(_candidates(state, player, card, p, zone, subs))} such" for p in parts
                         if p.action != "reveal_hand")
        return None, [], (f"{card.name}'s alternative cost cannot be paid: {need} "
                          f"(each object pays once, CR 118.3)")
    action_of = {oid: labels[i].action for i, cands in enumerate(slots) for oid in cands}
    conflicting, inexact = _conflicts(state, player, action_of)

    def lines(m: dict[int, str]) -> list[str]:
        return [f"{labels[i].action} {names.get(oid, oid)} (“{labels[i].text}”, CR 118.3)" for i, oid in sorted(m.items())]

    free_slots = [[c for c in cands if c not in conflicting] for cands in slots]
    free = _matching(free_slots)
    if free is not None:
        pay = find(state, player, tc, spell_card=card, spell_zone=zone)
        return pay, lines(free), None if pay is not None else "mana"
    # every way uses an object that could also make mana: try each set of such objects, excluding them
    pool = sorted({c for cands in slots for c in cands if c in conflicting})
    for k in range(1, len(slots) + 1):
        for chosen in itertools.combinations(pool, k):
            budget.tick(1, "choosing objects for an alternative cost")
            allowed = [[c for c in cands if c not in conflicting or c in chosen] for cands in slots]
            m = _matching(allowed)
            if m is None or len(set(m.values()) & set(chosen)) < k:
                continue  # a smaller set already covers this one
            pay = find(state, player, tc, spell_card=card, spell_zone=zone, exclude_permanents=set(chosen))
            if pay is not None:
                return pay, lines(m), None
    if inexact & set(pool):
        raise Unsupported(f"{card.name}: paying its alternative cost with {', '.join(sorted(names[i] for i in inexact & set(pool)))} "
                          f"would leave some of its mana abilities usable, which is not modelled (CR 601.2g-h)")
    return None, [], "mana"


def pay_emerge(state: GameState, player: str, card: Any, tc: Any, zone: str,
               find: Callable[..., Any]) -> tuple[Any, list[str], str | None]:
    """Pay an emerge cost (CR 702.119a): the creature to sacrifice is chosen with the emerge cost (702.119c, 601.2b),
    the total cost is reduced by that creature's mana value (generic mana only, 118.7a-b) before the minimums
    (Trinisphere) apply and it is locked in (601.2f; ``solver.rules.costs.with_emerge_reduction``), and the creature is
    sacrificed as the cost is paid (601.2h). Every creature the caster controls is tried, the largest reduction
    first; creatures with the same name, mana value and tapped state are interchangeable and tried once. A creature
    may first be tapped for mana and then sacrificed (CR 601.2g-h: mana abilities are activated before costs are
    paid); one whose mana ability would remove it cannot do both (it is then left out of the mana payment).

    Returns ``(payment or None, lines naming the creature sacrificed, reason when no creature can be sacrificed)``;
    ``"mana"`` as the reason when creatures exist but no choice leaves a payable cost. ``tc``'s mana, life and
    steps become those of the total cost with the creature chosen (the cost is locked in as it is paid, CR 601.2f):
    the one paid, or, when none is, the least one (the largest reduction).

    Raises
    ------
    Unsupported : leaving out a creature would also leave out a mana ability the sacrifice keeps usable (not modelled).
    """
    from mtgcheck.solver.rules.costs import with_emerge_reduction

    part = tc.objects[0]
    cands = _candidates(state, player, card, part, zone, _subtypes(state))
    if not cands:
        return None, [], (f"{card.name}'s emerge cost needs a creature to sacrifice, and {player} controls none "
                          f"(CR 702.119a, 118.3)")
    perms = {p.id: p for p in state.battlefield}
    conflicting, inexact = _conflicts(state, player, {oid: "sacrifice" for oid, _ in cands})
    seen: set[tuple] = set()
    order = sorted(cands, key=lambda c: -perms[c[0]].card.mana_value())
    cheapest = None
    for oid, name in order:
        p = perms[oid]
        mv = p.card.mana_value()
        key = (name, mv, p.tapped)
        if key in seen:
            continue
        seen.add(key)
        budget.tick(1, "choosing the creature sacrificed for emerge")
        # the total cost with this creature chosen: its reduction before the minimums, then locked in (CR 702.119a-c,
        # 601.2f); one per announcement of its Phyrexian symbols when a minimum makes that matter (601.2b)
        tc2 = with_emerge_reduction(tc, mv, name)
        cheapest = cheapest or tc2
        for v in tc2.each_announcement():
            line = (f"sacrifice {name} for emerge: its mana value {mv} reduces the total cost, which is {v.notation()}"
                    + (f" and {v.life} life" if v.life else "") + " (CR 702.119a, 601.2f)")
            pay = find(state, player, v, spell_card=card, spell_zone=zone, exclude_permanents={oid})
            if pay is None and oid not in conflicting:
                pay = find(state, player, v, spell_card=card, spell_zone=zone)  # tapped for mana first (601.2g-h)
            if pay is None and oid in inexact:
                raise Unsupported(f"{card.name}: sacrificing {name} for emerge would leave some of its mana abilities "
                                  f"usable, which is not modelled (CR 601.2g-h)")
            if pay is not None:
                tc.mana, tc.life, tc.steps = v.mana, v.life, v.steps  # the total cost with the creature chosen
                return pay, [line], None
    if cheapest is not None:
        # no creature leaves a payable cost: the total cost shown is the least one (the largest reduction), honestly
        first = cheapest.each_announcement()[0]
        tc.mana, tc.life = first.mana, first.life
        tc.steps = list(first.steps) + [f"no creature {player} controls leaves a payable total cost; the least one is "
                                        f"{first.notation()}, with the creature of the greatest mana value sacrificed "
                                        f"(CR 702.119a)"]
    return None, [], "mana"


def pay_web_slinging(state: GameState, player: str, card: Any, tc: Any, zone: str,
                     find: Callable[..., Any]) -> tuple[Any, list[str], str | None]:
    """Pay a web-slinging cost (CR 702.188a: its mana "if you also return a tapped creature you control to its
    owner's hand"). The creature is returned as the cost is paid (CR 601.2h), after mana abilities are activated
    (601.2g): a creature already tapped can be returned, and so can an untapped one tapped for mana first (a {T} mana
    ability with no other cost, which it may activate whether or not the payment spends that mana; the Gush and Daze
    rulings: a permanent tapped for mana can then be returned). A creature whose mana ability would remove it (a
    self-sacrifice) is left out of the mana payment when it is the one returned.

    Returns ``(payment or None, lines naming the creature returned, reason when no creature can be returned)``;
    ``"mana"`` as the reason when a creature can be returned but the mana cannot be paid.

    Raises
    ------
    Unsupported : the only creatures that could become tapped have mana abilities with other costs (whether they
        can be activated then is not modelled), or leaving one out of the payment would also leave out a mana
        ability the return keeps usable.
    """
    part = tc.objects[0]
    creatures = _candidates(state, player, card, part, zone, _subtypes(state))
    perms = {p.id: p for p in state.battlefield}
    srcs = mana_sources(state, player)
    tap_only = {s.permanent for s in srcs if s.tap and not s.other_costs and not s.mana_cost}
    tap_other = {s.permanent for s in srcs if s.tap} - tap_only
    tapped = [(oid, n) for oid, n in creatures if perms[oid].tapped]
    tappable = [(oid, n) for oid, n in creatures if not perms[oid].tapped and oid in tap_only]
    cands = tapped + tappable
    if not cands:
        doubtful = [n for oid, n in creatures if not perms[oid].tapped and oid in tap_other]
        if doubtful:
            raise Unsupported(f"{card.name}'s web-slinging cost returns a tapped creature: {player} controls none, and "
                              f"whether {doubtful[0]} could first be tapped by its mana ability, whose cost is more than "
                              f"{{T}}, is not modelled (CR 702.188a, 601.2g-h)")
        return None, [], (f"{card.name}'s web-slinging cost needs a tapped creature {player} controls to return to its "
                          f"owner's hand, and {player} controls " + ("none that is tapped or can be tapped for mana"
                                                                     if creatures else "no creature")
                          + " (CR 702.188a, 118.3)")
    conflicting, inexact = _conflicts(state, player, {oid: "return" for oid, _ in cands})

    def line(oid: str, name: str) -> str:
        how = "tapped for mana first, then " if not perms[oid].tapped else ""
        return f"{how}return {name} to its owner's hand (web-slinging, CR 702.188a, 601.2g-h)"

    free = [c for c in cands if c[0] not in conflicting]
    if free:
        pay = find(state, player, tc, spell_card=card, spell_zone=zone)
        return pay, [line(*free[0])], None if pay is not None else "mana"
    for oid, name in cands:
        pay = find(state, player, tc, spell_card=card, spell_zone=zone, exclude_permanents={oid})
        if pay is not None:
            return pay, [line(oid, name)], None
    if inexact & {oid for oid, _ in cands}:
        raise Unsupported(f"{card.name}: returning a creature for web-slinging would leave some of its mana abilities "
                          f"usable, which is not modelled (CR 601.2g-h)")
    return None, [], "mana"


def assist_help(state: GameState, player: str, card: Any, tc: Any, zone: str,
                find: Callable[..., Any]) -> dict[str, int | None]:
    """For a spell with assist (CR 702.132a) whose caster cannot pay its total cost alone: for each other player, the
    least amount of the generic mana of the total cost that player could pay with their own mana abilities so that the
    caster can pay the rest (``None``: no amount works). Whether that player pays is that player's choice, so the
    caster cannot count on it; the ``cast`` answer keeps ``castable`` for the caster alone and reports this beside it.

    Every amount from 1 to the generic mana of each announcement of the total cost is tried (exhaustive): the helper
    pays ``{k}`` (their mana is spent on this spell: spending restrictions read it, CR 106.6), the caster the total
    cost less ``{k}`` generic. A total cost with chosen objects (none of the assist cards has one) is not tried.
    """
    out: dict[str, int | None] = {}
    if tc.objects or tc.mana is None:
        return out
    for other in state.players:
        if other == player:
            continue
        best: int | None = None
        for v in tc.each_announcement():
            if v.mana is None or not v.mana.generic:
                continue
            g = v.mana.generic
            rest = [sym for sym in v.mana.symbols if not sym.generic_amount]
            for k in range(1, g + 1):
                if best is not None and k >= best:
                    break
                budget.tick(1, "trying what another player pays with assist")
                left = g - k
                mine = dataclasses.replace(v, mana=ManaCost(tuple(rest) + (ManaCost.parse("{%d}" % left).symbols
                                                                           if left else ())),
                                           steps=list(v.steps), objects=(), announcements=())
                if find(state, player, mine, spell_card=card, spell_zone=zone) is None:
                    continue
                theirs = dataclasses.replace(v, mana=ManaCost.parse("{%d}" % k), life=0, parts=(), base="assist",
                                             steps=[], objects=(), announcements=(), before_minimums=None)
                if find(state, other, theirs, spell_card=card, spell_zone=zone) is not None:
                    best = k
                    break
        out[other] = best
    return out


# ---------------------------------------------------------------------------
# cast without ``using``: any legal way (CR 118.9, 601.2b)
# ---------------------------------------------------------------------------

def cast_any_way(ctx: Any, once: Callable[..., Any]) -> Any:
    """The ``cast`` answer: for the question's ``using`` when it gives one; else the mana cost, then (only when
    that is not castable) each of ``default_ways`` in turn, the first castable one answering (its ``using``
    says which). When none is castable: the mana cost's answer with every alternative's reason added; an
    ``Unsupported`` of the mana cost or of an alternative is raised only when no way is castable.

    ``once(ctx, using)`` answers for one way (``solver.questions.payment._cast_once``).
    """
    if ctx.arg("using", None) is not None:
        return once(ctx)
    first_error: Unsupported | None = None
    try:
        base = once(ctx)
    except Unsupported as e:
        base, first_error = None, e
    if base is not None and base.values.get("castable"):
        return base
    try:
        card = ctx.card(ctx.arg("card"))
        from mtgcheck.solver.rules.costs import requested_face, spell_face

        card = spell_face(card, requested_face(ctx, card))
    except Exception:  # the mana-cost answer above already reported a bad card or face
        if first_error is not None:
            raise first_error
        return base
    zone = str(ctx.arg("from", "hand"))
    tried: list[str] = []
    ways = default_ways(card, zone)
    try:
        player = ctx.player(ctx.arg("player", None))
    except Exception:
        player = None
    if player is not None and free_cast_permissions(ctx.state, player, card, zone):
        ways.append("free")  # a permanent lets it be cast without paying its mana cost (CR 118.9)
    for way in ways:
        try:
            ans = once(ctx, way)
        except Unsupported as e:
            first_error = first_error or e
            tried.append(f"{way}: unsupported ({e})")
            continue
        except Exception as e:  # a way the question's other arguments rule out (x with a free cast...)
            if isinstance(e, QuestionError):
                tried.append(f"{way}: {e}")
                continue
            raise
        if ans.values.get("castable"):
            lead = ("the mana cost is not modelled here" if base is None
                    else f"with its mana cost it is not castable ({base.values.get('reason')})")
            how = ("prototyped, with its prototype's mana cost (CR 718.3" if way == "prototype"
                   else "without paying its mana cost, as a permanent in play allows (CR 118.9" if way == "free"
                   else f"with its {way} cost (CR 118.9")
            ans.explanation.insert(0, f"no 'using' was given: {lead}; it is castable {how}, 601.2b; "
                              f"ask with using: {way} for that way only)")
            return ans
        if base is None or ans.values.get("reason") != base.values.get("reason"):
            tried.append(f"{way}: {ans.values.get('reason')}")  # the same reason (a target, a zone) once
    if first_error is not None:
        raise first_error
    assert base is not None
    if tried:
        base.values["reason"] = (str(base.values.get("reason")) + "; nor with its alternative cost"
                                 + ("s" if len(tried) > 1 else "") + ": " + "; ".join(tried))
        base.explanation.append("its alternative costs were tried too (CR 118.9, 601.2b): " + "; ".join(tried))
    return base
