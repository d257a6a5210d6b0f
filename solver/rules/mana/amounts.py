"""Mana outputs that depend on the state: amounts and colours read from the board (docs/mana.md).

``solver.rules.mana.produce.base_events`` (hence ``could_produce``, ``available_mana`` and payments, through
``solver.rules.mana.sources``) calls these for the typed amounts and outputs of ``models.vocab.mana_effects.AddMana``:

* ``power_of`` — "an amount of {G} equal to this creature's power" (``PowerOf``): the printed power plus the
  power counters on it (CR 208.3, 613.4c, 122.1a); ``Unsupported`` while a power-changing sentence that is not
  modelled is in play (layer 7, CR 613.4), or the printed power is not a number (a characteristic-defining
  ability, CR 604.3).
* ``removal_amounts`` — X chosen with the cost, "Remove X storage counters from this land: Add X mana ..." and
  "Remove any number of storage counters ...: Add {C} for each storage counter removed this way" (``VariableX``
  or ``CountersRemoved`` with a ``remove_counters`` cost part of amount 0): X from 1 to the number of counters on
  the permanent. For could produce the cost is ignored (CR 106.7; Exotic Orchard ruling 2009-02-01: "it doesn't
  matter whether Vivid Crag has a charge counter on it"), so X = 1 is possible even with no counter: the types do
  not depend on X. X = 0 adds no mana and is left out.
* ``colors_among`` — "one mana of any color among legendary creatures and planeswalkers you control" (Mox Amber),
  "a color of a permanent you control" (Meteor Crater), "for each color among permanents you control" (Faeburrow
  Elder, Bloom Tender): the colours of the matching permanents now (CR 105.2; colourless is not a colour,
  105.2c, so colourless permanents add nothing). Colours are layer 5 (CR 613.1e): ``Unsupported`` while a
  colour sentence that is not modelled is in play (``require_colors_modelled``).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.mana_effects import AddMana
from mtgcheck.models.vocab.amounts import Amount, CountersRemoved, EventAmount, Fixed, Revealed, StatOf, Sum, VariableX
from mtgcheck.models.vocab.filters import Filter
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.game.mana import COLORS
from mtgcheck.models.game.state import GameState, Permanent

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.gate import require_modelled
from mtgcheck.solver.rules.board import board_view
from mtgcheck.solver.rules.board import permanent_abilities
from mtgcheck.models.vocab.amounts import Revealed as _Revealed
from mtgcheck.models.vocab.amounts import CountOf, TotalAmong
from mtgcheck.solver.rules.quantities import _players, _stat, amount_value
from mtgcheck.solver.rules.quantities import object_colors
from mtgcheck.solver.rules.quantities import matching_objects
from mtgcheck.solver.rules.cost_objects import needs_of

_GATE_CACHE = "_mana_amounts_gate"


def _describe(perm: Permanent, ab: Ability) -> str:
    return f"{perm.name}: \"{ab.describe()}\""


def _require(state: GameState, topic: Topic, what: str) -> None:
    """The gate (``solver.rules.gate.require_modelled``) for one topic, once per state and layer view."""

    view = board_view(state)
    cache: dict = state.__dict__.setdefault(_GATE_CACHE, {})
    hit = cache.get(topic)
    if hit is not None and hit[0] is view:
        if hit[1] is not None:
            raise Unsupported(hit[1])
        return
    try:
        require_modelled(state, (topic,), question=what, view=view)
    except Unsupported as e:
        cache[topic] = (view, str(e))
        raise
    cache[topic] = (view, None)


def _pt_counter(name: str) -> int | None:
    """The power change of a counter named "+1/+1", "-1/-1", "+2/+0" ... (CR 122.1a), else ``None``."""
    a, sep, _ = name.partition("/")
    if not sep or a[:1] not in "+-" or not a[1:].isdigit():
        return None
    return int(a)


def power_of(state: GameState, perm: Permanent, ab: Ability) -> int:
    """The permanent's power now: printed power plus its power counters (CR 208.3, 613.4c, 122.1a).

    Raises
    ------
    Unsupported
        The printed power is not a number (``*``: a characteristic-defining ability, CR 604.3), or a sentence that
        could change power and is not modelled is in play (layer 7, CR 613.4), naming the card and the sentence.
    """
    printed = perm.card.power
    if printed is None or not str(printed).isdigit():
        raise Unsupported(f"{_describe(perm, ab)}: its power ({printed}) is not a number; a characteristic-defining "
                          f"power (CR 604.3) is not modelled")
    _require(state, Topic.POWER_TOUGHNESS, f"{perm.name}'s power (layer 7, CR 613.4)")
    n = int(str(printed))
    for name, k in perm.counters.items():
        d = _pt_counter(str(name))
        if d is not None:
            n += d * int(k)
    return max(n, 0)  # a negative power adds no mana (CR 107.1b: a negative amount is 0)


def removal_amounts(perm: Permanent, ab: Ability) -> range | None:
    """The values of X for an output whose amount is chosen with a "remove X / any number of counters" cost, or
    ``None`` when the amount is not of that kind (see the module docstring): ``range(1, max(have, 1) + 1)``."""
    amount = getattr(ab.effect, "amount", None)
    if not isinstance(amount, (VariableX, CountersRemoved)) or ab.cost is None:
        return None
    parts = [p for p in ab.cost.parts if p.action == "remove_counters" and p.amount == 0]
    if isinstance(amount, CountersRemoved) and amount.counter:
        parts = [p for p in parts if p.what == amount.counter]
    if len(parts) != 1 or (isinstance(amount, VariableX) and ab.cost.mana is not None and ab.cost.mana.has_x):
        return None
    have = int(perm.counters.get(parts[0].what, 0))
    return range(1, max(have, 1) + 1)


# ---------------------------------------------------------------------------
# Amounts chosen with the cost or as the ability resolves (CR 107.3, 601.2b, 608.2d)
# ---------------------------------------------------------------------------

def _chosen_kind(a: Any) -> bool:
    """Does the typed amount ``a`` hold a number chosen with the cost or on resolution (not a fact of the state)?"""
    if isinstance(a, (VariableX, CountersRemoved, Revealed, EventAmount)):
        return True
    if isinstance(a, StatOf):
        return a.relation in ("sacrificed", "exiled", "that")
    if isinstance(a, Sum):
        return any(_chosen_kind(p) for p in a.parts)
    return False


def substituted(a: Any, n: int) -> Amount:
    """``a`` with its chosen part replaced by the number ``n`` (a ``Sum`` keeps its other parts and ``plus``)."""
    if isinstance(a, Sum):
        parts = tuple(Fixed(n) if _chosen_kind(p) else p for p in a.parts)
        fixed = [p.n for p in parts if isinstance(p, Fixed)]
        if len(fixed) == len(parts):
            return Fixed(sum(fixed) + a.plus)
        return Sum(parts, a.plus)
    return Fixed(n)


def _remove_part(ab: Ability, counter: str) -> Any:
    """The one "Remove X / any number of / one or more [kind] counters from this" part of the cost, else ``None``."""
    if ab.cost is None:
        return None
    parts = [p for p in ab.cost.parts if p.action == "remove_counters" and p.amount == 0]
    if counter:
        parts = [p for p in parts if p.what == counter]
    return parts[0] if len(parts) == 1 else None


def _object_x_part(ab: Ability) -> Any:
    """The one part of the cost that sacrifices or taps X permanents ("Sacrifice X Goats", "Tap X untapped tokens you
    control"), when X is in no other part and not in the mana cost; else ``None``."""
    cost = ab.cost
    if cost is None or (cost.mana is not None and cost.mana.has_x):
        return None
    xs = [p for p in cost.parts if getattr(p, "x", False)]
    if len(xs) != 1 or xs[0].action not in ("sacrifice", "tap_untapped"):
        return None
    return xs[0]


def object_x_values(state: GameState, perm: Permanent, ab: Ability, part: Any) -> list[int]:
    """The values X can take for a mana ability whose cost sacrifices or taps X permanents of a kind (CR 107.3a,
    601.2b: X is announced, then that many are sacrificed or tapped, CR 118.3): 0 up to the number of such
    permanents (untapped ones for a tap, CR 701.26a; every object of a scenario is a card, so "tokens" are none,
    CR 111.1).

    Each value is exact on its own only when the permanents paying the part lose no mana by it: a sacrificed one may
    first tap for its own mana (CR 605.3a), so none of them may have a mana ability that removes itself, costs mana
    or has no {T}/{Q} (activated who knows how often before); a tapped one may have no {T}/{Q} mana ability at all;
    and no other mana ability may use other permanents in its cost. Otherwise ``Unsupported`` naming the case.
    """
    from types import SimpleNamespace

    cost = ab.cost
    assert cost is not None  # _object_x_part found the part in it
    one = SimpleNamespace(parts=(dataclasses.replace(part, x=False, amount=1),), tap=cost.tap, untap=cost.untap,
                          text=part.text)
    (need,) = needs_of(state, perm, one, 0)
    cands = list(need.cands)
    if not cands:
        return [0]
    why = f"{_describe(perm, ab)}: which permanents pay “{part.text}” (X of them) and what they could make is not modelled"
    for q in state.permanents(perm.controller):
        for a in permanent_abilities(state, q):
            if not a.is_mana_ability or a.cost is None or (q.id == perm.id and a is ab):
                continue
            if any(p.action in ("sacrifice", "tap_untapped", "untap", "return", "exile_permanent") and p.what != "this"
                   for p in a.cost.parts):
                raise Unsupported(why + " (another mana ability uses other permanents in its cost)")
    for q in cands:
        for a in permanent_abilities(state, q):
            if not a.is_mana_ability or a.cost is None:
                continue
            if part.action == "tap_untapped" and (a.cost.tap or a.cost.untap):
                raise Unsupported(why + f" ({q.name} could tap for its own mana)")
            if part.action == "sacrifice" and (not (a.cost.tap or a.cost.untap) or (a.cost.mana is not None and len(a.cost.mana))
                                               or any(p.what == "this" and p.action in ("sacrifice", "exile", "return")
                                                      for p in a.cost.parts)):
                raise Unsupported(why + f" ({q.name}'s own mana ability)")
    return list(range(0, len(cands) + 1))


def _cost_may_define_x(ab: Ability) -> bool:
    """The cost can define X (CR 107.3): {X} in its mana, a part of a chosen number (amount 0), or a part not read
    ("Sacrifice X Goats", "Tap X untapped tokens" are kept as ``other``)."""
    cost = ab.cost
    if cost is None:
        return False
    return bool(cost.mana is not None and cost.mana.has_x) or any(p.amount == 0 or p.action == "other"
                                                                   for p in cost.parts)


def chosen_values(state: GameState, perm: Permanent, ab: Ability, a: Any, ignore_costs: bool) -> list[int] | None:
    """The values a chosen amount ``a`` (see ``_chosen_kind``) can take, or ``None`` when ``a`` is not chosen.

    * counters removed to pay the cost ("Remove X / any number of charge counters": 0 up to the counters on the
      permanent; "one or more": from 1; CR 107.3, 118.3);
    * the number of cards revealed from the hand ("Reveal any number of artifact cards in your hand", CR 608.2d):
      0 up to the matching cards in the hand (the hand must be listed);
    * a characteristic of the object of the trigger event ("its power" of the creature that attacked): 0 or at
      least 1 with ``ignore_costs``, as below;
    * a number the trigger event gives (``EventAmount``, "that much" after "one or more creatures attack"): from its
      least value (1: every such event has at least one attacker) with ``ignore_costs`` (could produce);
    * with ``ignore_costs`` (could produce, CR 106.7: costs are ignored; Exotic Orchard ruling 2009-02-01), any
      other amount chosen with the cost (X in the cost, "the sacrificed artifact's mana value", "1 plus the exiled
      creature's mana value") can be 0 or at least 1: the values 0 and 1 give every type such an ability could
      produce, since no output's types change between 1 and more mana.

    Raises ``Unsupported`` for a chosen amount that is not one of these (when the costs count: available mana and
    payments enumerate sacrifices, exiles and X paid with mana elsewhere or not at all).
    """

    if not _chosen_kind(a):
        return None
    inner = a
    if isinstance(a, Sum):
        chosen = [p for p in a.parts if _chosen_kind(p)]
        if len(set(chosen)) == 1:  # "three mana ... for each artifact sacrificed this way": one number, thrice
            chosen = chosen[:1]
        if len(chosen) != 1:
            raise Unsupported(f"{_describe(perm, ab)}: an amount made of several chosen numbers is not modelled")
        inner = chosen[0]
    if isinstance(inner, _Revealed):

        n = len(matching_objects(state, perm.controller, inner.filter, perm, text=ab.describe()))
        return list(range(0, n + 1))
    if isinstance(inner, EventAmount):
        # a number of the trigger event ("that much"): every number the event can give; from ``at_least`` on, more
        # mana adds no type (no output's types change between 1 and more mana), so the least and 1 stand for all
        if not ignore_costs:
            raise Unsupported(f"{_describe(perm, ab)}: the amount is a number of the event that triggers it (CR 603.2)")
        if inner.of:
            return event_reference_values(state, perm, ab, inner)
        return sorted({inner.at_least * inner.times, max(inner.at_least, 1) * inner.times})
    if isinstance(inner, VariableX) and not ignore_costs:
        objs = _object_x_part(ab)
        if objs is not None:  # "Sacrifice X Goats", "Tap X untapped tokens you control" (CR 107.3a, 601.2b)
            return object_x_values(state, perm, ab, objs)
    if isinstance(inner, (VariableX, CountersRemoved)):
        part = _remove_part(ab, inner.counter if isinstance(inner, CountersRemoved) else "")
        if part is not None and not (isinstance(inner, VariableX) and ab.cost is not None and ab.cost.mana is not None
                                     and ab.cost.mana.has_x):
            low = part.at_least
            if ignore_costs:
                return sorted({low, 1})
            have = int(perm.counters.get(part.what, 0))
            return list(range(low, have + 1))
        if ignore_costs and (isinstance(inner, CountersRemoved) or _cost_may_define_x(ab)):
            return [0, 1]
        if isinstance(a, VariableX) and ab.cost is not None and ab.cost.mana is not None and ab.cost.mana.has_x \
                and not any(getattr(p, "x", False) for p in ab.cost.parts):
            raise ManaXAmount(f"{_describe(perm, ab)}: X is the mana paid for {{X}} as it is activated (CR 107.3a, "
                              f"601.2b); every value is tried with the mana it costs only in available_mana")
        raise Unsupported(f"{_describe(perm, ab)}: an amount X chosen as the cost is paid is not modelled here "
                          f"(CR 107.3, 601.2b)")
    if isinstance(inner, StatOf) and inner.relation == "that" and not ignore_costs:
        raise Unsupported(f"{_describe(perm, ab)}: the amount reads the object of the event that triggers it (CR 603.2)")
    if ignore_costs:
        return [0, 1]
    raise CostObjectAmount(f"{_describe(perm, ab)}: the amount reads the object sacrificed or exiled to pay the "
                           f"cost (CR 601.2h, 608.2h); every choice of it is not enumerated here")


def event_reference_values(state: GameState, perm: Permanent, ab: Ability, a: EventAmount) -> list[int]:
    """The values an amount read from what the trigger event names (``EventAmount`` with ``of``, CR 603.2) takes
    when the ability resolves now (CR 106.7: what it would produce), each at least 0 (CR 107.1b):

    * ``of="player"``: ``a.reads`` read with each player the event can name as "you" (``a.whose``: every player, or
      the opponents of ``perm``'s controller) — "each player's first main phase ... that player adds {C} for each
      artifact they control" (Blinkmoth Urn) counts Alice's artifacts at Alice's phase and Bob's at Bob's;
    * ``of="attack"``: the source has attacked (CR 508.1, 508.3a: "Whenever [this] attacks"); with no other attacker
      ``a.reads`` is 1 (a count of attacking creatures: the source) or the source's own power or toughness (a total
      of attacking creatures; ``solver.rules.quantities._stat``: unknown under power-changing text not modelled, CR 613.4); 0 too, as the source may be removed from combat before the ability resolves (CR 506.4).
      More attackers give more of the same mana, never another type.

    Returns the sorted values, each times ``a.times``. Raises ``Unsupported`` for a ``reads`` not read here, or a
    number the state does not give (``solver.rules.quantities.amount_value``)."""

    assert a.reads is not None  # EventAmount.__post_init__: ``of`` comes with ``reads``
    text = ab.describe()
    if a.of == "player":
        values = set()
        for p in _players(state, perm.controller, a.whose, None):
            n, _why = amount_value(state, p, a.reads, perm, text=text)
            values.add(max(n, 0) * a.times)
        return sorted(values)
    if isinstance(a.reads, CountOf):
        return sorted({0, a.times})
    if isinstance(a.reads, TotalAmong):
        return sorted({0, max(_stat(state, perm, a.reads.stat, text), 0) * a.times})
    raise Unsupported(f"{_describe(perm, ab)}: the amount {a.reads!r} of the attack that triggers it is not modelled")


class ManaXAmount(Unsupported):
    """An output of X where X is paid as {X} in the ability's own mana cost ("{X}, {T}, Sacrifice this artifact: Add X
    mana in any combination of colors", Wizard's Rockets): one filter per value of X (``pool_costparts.expand_x_mana``,
    CR 107.3a, 601.2b, 605.3a)."""


class CostObjectAmount(Unsupported):
    """An output that reads the object sacrificed or exiled to pay the cost ("an amount of {B} equal to the
    sacrificed artifact's mana value"): unknown until that object is chosen (CR 601.2h, 608.2h)."""


def cost_object_options(board: Any, perm: Permanent, ab: Ability, obj: Permanent) -> tuple:
    """The options of ``perm``'s mana ability ``ab`` when ``obj`` is the object sacrificed or exiled to pay its
    cost: the amount reads ``obj`` as it last existed on the battlefield, which is as it is now (CR 608.2h), and
    the ability's options are built as any other (``sources.ManaBoard._options``: replacement effects, triggers).

    Raises ``Unsupported`` when ``obj``'s characteristic is not known (``solver.rules.quantities``)."""

    amount = getattr(ab.effect, "amount", None)
    inner = amount
    if isinstance(amount, Sum):
        inner = next((p for p in amount.parts if _chosen_kind(p)), None)
    if not isinstance(inner, StatOf) or inner.relation not in ("sacrificed", "exiled"):
        raise Unsupported(f"{_describe(perm, ab)}: its output does not read the object paid as its cost")
    n = max(_stat(board.state, obj, inner.stat, ab.describe()), 0)
    assert isinstance(ab.effect, AddMana)  # (an amount read above)
    fixed = dataclasses.replace(ab, effect=dataclasses.replace(ab.effect, amount=substituted(amount, n)))
    return board._options(perm, fixed)


def chosen_outputs(state: GameState, perm: Permanent, ab: Ability, ignore_costs: bool = False) -> list[AddMana] | None:
    """The ``AddMana`` output of ``ab`` once per value of its chosen amount (``chosen_values``), the amount (or the
    additional output's, "then add an additional {B} for each charge counter removed this way") replaced by the
    number; ``None`` when nothing in the output is chosen. Exhaustive: every value is listed once."""
    eff = ab.effect
    if not isinstance(eff, AddMana):
        return None
    main = eff.amount
    plus = eff.plus
    plus_amount = plus.amount if plus is not None else None
    vals = chosen_values(state, perm, ab, main, ignore_costs)
    target = "amount"
    if vals is None:
        vals = chosen_values(state, perm, ab, plus_amount, ignore_costs)
        target = "plus"
    elif chosen_values(state, perm, ab, plus_amount, ignore_costs) is not None:
        raise Unsupported(f"{_describe(perm, ab)}: two outputs with chosen amounts are not modelled")
    if vals is None:
        return None
    out = []
    for n in vals:
        if target == "amount":
            out.append(dataclasses.replace(eff, amount=substituted(main, n)))
        else:
            assert plus is not None
            out.append(dataclasses.replace(eff, plus=dataclasses.replace(plus, amount=substituted(plus_amount, n))))
    return out


def require_colors_modelled(state: GameState) -> None:
    """``Unsupported`` while a sentence that could change colours (layer 5, CR 613.1e) and is not modelled is in
    play, naming the card and the sentence (``solver.rules.gate``)."""
    _require(state, Topic.COLORS, "the colours of permanents (layer 5, CR 613.1e)")


def colors_among(state: GameState, perm: Permanent, ab: Ability, f: Any) -> frozenset[str]:
    """The colours among the objects matching ``f`` (a ``Filter``, as seen by ``perm``'s controller with ``perm`` as
    the source; CR 105.2): permanents, cards in a zone ("legendary creature cards in your graveyard", the zone must
    be listed), or the cards exiled with ``perm`` ("the exiled card's colors", CR 607.2a). The objects are those of
    ``solver.rules.quantities.matching_objects`` (qualifiers such as "monocolored" read there); a colourless object adds no
    colour (CR 105.2c). Raises ``Unsupported`` naming the card and ability for what the state does not say."""

    if not isinstance(f, Filter):
        raise Unsupported(f"{_describe(perm, ab)}: the colours of {f!r} are not modelled")
    require_colors_modelled(state)
    try:
        objs = matching_objects(state, perm.controller, f, perm, text=ab.describe())
    except Unsupported as e:
        raise Unsupported(f"{_describe(perm, ab)}: {e}") from None
    out: set[str] = set()
    for q in objs:
        cols, why = object_colors("permanent" if isinstance(q, Permanent) else "card", q)  # colours gated above
        if cols is None:
            raise Unsupported(f"{_describe(perm, ab)}: {why}")
        out |= cols
    return frozenset(c for c in COLORS if c in out)
