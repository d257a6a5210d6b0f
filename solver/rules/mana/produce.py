"""Which types of mana permanents could produce (CR 106.7), and every mana pool a player can make.

The model (``models.vocab.mana_effects.AddMana``, written by ``models.text.mana`` or by hand in the catalog) is
documented in docs/mana.md. This module solves it:

* ``could_produce(state)`` — for every permanent at once, the types of mana it could produce.
  A networkx ``DiGraph`` records which permanents' answers depend on which: a "reflector" (Reflecting
  Pool: "one mana of any type that a land you control could produce") depends on a *group* node (the
  lands you control), which depends on each member. The answer is the **least fixpoint**: start from
  nothing and propagate through the strongly connected components of the graph
  (``nx.condensation``) in topological order, iterating inside a component until nothing changes.
  Reflectors that only see each other therefore produce nothing (Reflecting Pool ruling 2008-05-01;
  Exotic Orchard ruling 2009-02-01), while a chain anchored on a real source gets its types.
  Costs are ignored (CR 106.7; Reflecting Pool ruling 2008-05-01), restrictions and riders on the
  reflected mana are not copied (ruling 2008-05-01), "colour" reflectors never give {C} (Exotic Orchard
  ruling 2009-02-01), and mana of an undefined type is not produced (CR 106.5).
* Replacement effects on mana production (CR 106.12b, 614, 616.1) are applied in **every possible
  order** (each at most once, applicability re-checked after each one, CR 616.1e) and the union of the
  results is taken (CR 106.7: "in any possible order"). They apply only to a permanent *tapped for mana*:
  a mana ability with {T} in its cost (CR 106.12).
* Triggered mana abilities (CR 605.1b, 106.12a: "whenever a land is tapped for mana, its controller adds
  ...") add mana *after* the mana ability resolves, are produced by the trigger's source, and are not part
  of what the tapped permanent could produce (Kinnan ruling 2020-04-17; Mana Reflection ruling 2008-05-01);
  they are part of what their own permanent could produce, read as if they resolved now (CR 106.7;
  ``solver.rules.mana.triggers``).
* ``available_mana(state, player)`` — every **maximal** mana pool the player can produce now, exhaustively.

Question kinds: ``could_produce: REF`` → ``types``; ``available_mana: PLAYER`` → ``pools``, ``count``.
"""
from __future__ import annotations

import dataclasses
import itertools
import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

import networkx as nx

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.game.mana import COLORS, MANA_TYPES, parse_types
from mtgcheck.models.game.mana import added_types
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.models.vocab.mana_effects import AddMana, ManaReplacement, Reflect
from mtgcheck.models.vocab.amounts import Devotion, Fixed, PowerOf, VariableX
from mtgcheck.models.vocab.filters import Filter
from mtgcheck.models.vocab.conditions import EventObjectIs, SourceTapped
from mtgcheck.models.vocab.mana_effects import TriggeredAddMana

from mtgcheck.solver.rules.layers import effect_abilities, permanents_match
from mtgcheck.solver.rules.board import board_view
from mtgcheck.solver.rules.errors import QuestionError, Unsupported
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.solver.rules.quantities import amount_value
from mtgcheck.solver.rules.quantities import condition_holds
from mtgcheck.solver.rules.mana.amounts import chosen_outputs
from mtgcheck.models.vocab.amounts import Devotion as _Dev
from mtgcheck.solver.rules.mana.amounts import colors_among
from mtgcheck.solver.rules.ability_cache import cached, context_free
from mtgcheck.solver.rules.mana.amounts import power_of
from mtgcheck.solver.rules.budget import tick
from mtgcheck.solver.rules.targets import has_legal_target as legal

Event = tuple[str, ...]  # the mana of one production event, types in WUBRGC order


def _sorted_event(types: Iterable[str]) -> Event:
    return tuple(sorted(types, key=MANA_TYPES.index))


# ---------------------------------------------------------------------------
# Amounts and conditions
# ---------------------------------------------------------------------------

def _describe(perm: Permanent, ab: Ability) -> str:
    return f"{perm.name}: \"{ab.describe()}\""


def count_amount(state: GameState, perm: Permanent, spec: Any, ab: Ability) -> int:
    """The number of mana an ``amount`` stands for now (a typed amount, models/vocab/), at least 0 (CR 107.1b).

    ``spec``: an int, ``True``/``None`` (one), or any typed amount ``solver.rules.quantities.amount_value`` reads, as seen
    by ``perm``'s controller with ``perm`` as the source; the printed-power amount ``PowerOf`` keeps its own reader
    (``solver.rules.mana.amounts.power_of``). Raises ``Unsupported`` naming the card and ability for anything the state
    does not give (never a guess).
    """
    if isinstance(spec, bool) or spec is None:
        return 1
    if isinstance(spec, int):
        return _units(spec)
    if isinstance(spec, PowerOf):

        return _units(power_of(state, perm, ab))

    try:
        n, _ = amount_value(state, perm.controller, spec, perm, text=ab.describe())
    except Unsupported as e:
        raise Unsupported(f"{_describe(perm, ab)}: {e}") from None
    return _units(max(n, 0))


def _units(n: int) -> int:
    """``n``, counted in the budget as that many states: each unit of mana is one item of every event, pool and
    payment built from it (a power of 10^9 read as an amount of mana must end in the budget's message, not in
    building a billion-item tuple)."""
    if n > 1:

        tick(n, "units of mana an ability adds")
    return n


def has_legal_target(state: GameState, player: str, source: Permanent | None, cond: Any, text: str) -> tuple[bool, str]:
    """Whether the required target of a mana ability's ``HasLegalTarget`` condition can be chosen now (CR 603.3d,
    608.2b; ``solver.rules.targets.has_legal_target``), for ``condition_holds``'s ``legal_target``."""
    return legal(state, player, source, cond, text)


def check_condition(state: GameState, perm: Permanent, cond: Any, ab: Ability) -> bool:
    """Evaluate the typed condition of an "instead" clause or of an intervening "if" (CR 603.4;
    ``solver.rules.quantities.condition_holds``, as seen by
    ``perm``'s controller with ``perm`` as the source); raises ``Unsupported`` for a condition the state does not
    decide."""

    if cond is None:
        raise Unsupported(f"{_describe(perm, ab)}: the condition of its “instead” is not modelled")
    return condition_holds(state, perm.controller, cond, perm, ab.describe(), has_legal_target)[0]


# ---------------------------------------------------------------------------
# Replacement effects (CR 106.12b, 614, 616)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Replacement:
    """One replacement effect on mana production (CR 106.12b, 614.1a): where it comes from and its typed effect.

    Attributes
    ----------
    name : str
        The card it comes from (named in explanations and errors).
    controller : str
        The effect's controller ("you" in its filter).
    effect : ManaReplacement
        The typed replacement effect (``models.vocab.mana_effects.ManaReplacement``).
    source : Permanent or None
        The permanent with the static or triggered ability; ``None`` for a resolved spell or ability.
    targets : tuple of str
        A resolved effect's targets (permanent ids): all a ``targeted`` effect watches.
    chosen : str or None
        The colour letter of a ``chosen_color`` effect (Hall of Gemstone: the colour chosen this turn).
    on : tuple of str
        For a ``by_subtype`` effect bound to one permanent (``bind``): the types of mana its land types map to.
    """

    name: str
    controller: str
    effect: ManaReplacement
    source: Permanent | None = None
    targets: tuple[str, ...] = ()
    chosen: str | None = None
    on: tuple[str, ...] = ()
    _bound: dict = field(default_factory=dict, compare=False, repr=False)

    def applies_to(self, perm: Permanent, subtypes: tuple[str, ...]) -> bool:
        """Does it watch this permanent being tapped for mana (its typed filter, ``layers.filter_matches``; a
        ``targeted`` effect: only its targets; a ``by_subtype`` effect: only lands with one of its land types)?"""
        e = self.effect
        if e.targeted:
            if not self.targets:
                raise Unsupported(f"{self.name}: its replacement effect applies to its target: give the effect's "
                                  f"`targets` (docs/scenarios.md)")
            if perm.id not in self.targets:
                return False
        if e.by_subtype and not any(sub in subtypes for sub, _ in e.by_subtype):
            return False
        aff = e.applies if e.applies is not None else _LAND
        try:
            return permanents_match(aff, perm, self.controller, subtypes, self.source)
        except ValueError:
            raise Unsupported(f"{self.name}: which permanents its replacement effect watches "
                              f"({aff.words or aff.describe()}) is not modelled") from None

    def bind(self, subtypes: tuple[str, ...]) -> "Replacement":
        """This effect as it applies to one permanent with these land types (the same object for every permanent
        with the same mapped types, so results can be shared): a ``by_subtype`` effect keeps the types of mana its
        land types map to, in the card's order (a land with two of them: its controller picks one, CR 616.1)."""
        table = self.effect.by_subtype
        if not table:
            return self
        on = tuple(dict.fromkeys(t for sub, t in table if sub in subtypes))
        got = self._bound.get(on)
        if got is None:
            got = self._bound[on] = dataclasses.replace(self, on=on, _bound={})
        return got

    def _replaced(self) -> tuple[str, ...]:
        r = self.effect.replaces
        return tuple(r) if r else MANA_TYPES

    def apply(self, ev: Event) -> list[Event]:
        """The events this effect turns ``ev`` into (several when it lets the player choose a colour)."""
        e = self.effect
        if e.multiply is not None:
            return [_sorted_event(t for t in ev for _ in range(int(e.multiply)))]
        if e.mana:
            return [_sorted_event(e.mana)]
        to = e.to_type
        if e.by_subtype:
            targets: tuple[str, ...] = self.on
        elif to == "any_color":
            targets = COLORS
        elif to == "chosen_color":
            if self.chosen is None:
                raise Unsupported(f"{self.name}: no colour was chosen (give choices: {{color: ...}})")
            targets = (self.chosen,)
        elif to in MANA_TYPES:
            targets = (to,)
        else:
            raise Unsupported(f"{self.name}: replacement {e!r} is not modelled")
        if e.amount is not None:  # "one mana of ... instead of any other type and amount"
            return [tuple([t] * int(e.amount)) for t in targets]
        repl = self._replaced()
        return list(dict.fromkeys(_sorted_event(t if x in repl else x for x in ev) for t in targets))

    def applicable(self, ev: Event) -> bool:
        """Re-checked before each application (CR 616.1e-f): amount conditions ("two or more mana") and, for an
        effect on mana of given types, that such mana is produced (CR 106.12b)."""
        least = self.effect.min_amount
        if not ev or (least is not None and len(ev) < least):
            return False
        if self.effect.replaces:
            repl = self._replaced()
            return any(t in repl for t in ev)
        return True

    def describe(self) -> str:
        e = self.effect
        of = "type and amount" if e.amount is not None else (
            "color" if tuple(e.replaces or ()) == COLORS else
            " and ".join("{" + t + "}" for t in e.replaces) + " mana" if e.replaces else "type")
        if e.multiply is not None:
            what = f"{e.multiply} times as much of that mana"
        elif e.mana:
            what = f"{''.join('{' + t + '}' for t in e.mana)} instead of any other type and amount"
        elif e.by_subtype:
            table = ", ".join(f"{sub} produce {{{t}}}" for sub, t in e.by_subtype)
            what = f"{table} instead of any other type"
        elif e.to_type == "any_color":
            what = f"a colour of the player's choice instead of any other {of}"
        elif e.to_type == "chosen_color":
            what = f"{{{self.chosen}}}, the colour chosen this turn, instead of any other {of}"
        else:
            what = f"{{{e.to_type}}} instead of any other {of}"
        return f"{self.name} ({what})"


#: The filter of a replacement effect that names none (the catalog's default ``applies: {what: land}``).
_LAND = Filter(all_of=("Land",), words="land")


def chosen_mana_color(name: str, choices: Mapping[str, Any], triggered: bool) -> str | None:
    """The colour letter recorded in ``choices`` for a ``chosen_color`` effect; ``None`` for ``color: none``
    on a triggered one (its trigger has not resolved this turn, so no effect is in force).

    Raises ``Unsupported`` when no colour is given, ``QuestionError`` for a value that is not one colour
    (CR 105.4: one of the five colours; "colorless" is not a colour).
    """
    if "color" not in choices:
        if triggered:
            raise Unsupported(f"{name}: which colour was chosen as its upkeep trigger resolved this turn is not given "
                              f"(give choices: {{color: W/U/B/R/G}} on it, or color: none if the trigger has not resolved "
                              f"this turn; docs/scenarios.md)")
        raise Unsupported(f"{name}: no colour was chosen for it (give choices: {{color: ...}})")
    col = choices["color"]
    if triggered and (col is None or str(col).strip().lower() == "none"):
        return None
    try:
        t = parse_types(str(col))
    except ValueError:
        t = []
    if len(t) != 1 or t[0] not in COLORS:
        raise QuestionError(f"{name}: choices.color {col!r} is not a colour (CR 105.4: one of W, U, B, R, G"
                            + (", or none" if triggered else "") + ")")
    return t[0]


def _effect_replacements(state: GameState, eff) -> list[Ability]:
    """The mana replacement abilities of a ``state.effects`` entry: the spell's own or activated ability N
    (``layers.effect_abilities``) and, for an entry without ``ability``, the card's triggered ones (a resolved
    Hall of Gemstone trigger lasts until end of turn even after the Hall has left, CR 611.2a)."""
    out = [a for a in effect_abilities(state, eff) if isinstance(a.effect, ManaReplacement)]
    if eff.ability is None:
        out += [a for a in abilities_of(eff.card) if a.kind == "triggered" and isinstance(a.effect, ManaReplacement)]
    return out


def replacement_effects(state: GameState) -> list[Replacement]:
    """Every replacement effect on mana production in force (CR 614.1a): static abilities of permanents,
    triggered ones whose trigger resolved this turn (the choice recorded on the permanent, Hall of Gemstone),
    and resolved spells and abilities in ``state.effects`` (Pale Moon, Deep Water, Quarum Trench Gnomes with
    their ``targets``). Raises ``Unsupported`` when a chosen colour is not given."""
    view = board_view(state)
    out: list[Replacement] = []
    for perm in state.battlefield:
        for a in view[perm.id].abilities:
            e = a.effect
            if not isinstance(e, ManaReplacement) or a.kind not in ("static", "replacement", "triggered"):
                continue
            chosen = None
            if e.to_type == "chosen_color":
                chosen = chosen_mana_color(perm.name, perm.choices, a.kind == "triggered")
                if chosen is None:
                    continue
            elif a.kind == "triggered":
                raise Unsupported(f"{perm.name}: whether its triggered replacement effect is in force is not modelled")
            out.append(Replacement(perm.name, perm.controller, e, perm, chosen=chosen))
    for eff in state.effects:
        for a in _effect_replacements(state, eff):
            chosen = None
            assert isinstance(a.effect, ManaReplacement)
            if a.effect.to_type == "chosen_color":
                chosen = chosen_mana_color(eff.card.name, eff.choices, False)
            out.append(Replacement(eff.card.name + " (resolved)", eff.controller, a.effect, None, tuple(eff.targets),
                                   chosen))
    return out


def watching(replacements: Iterable[Replacement], perm: Permanent, subtypes: tuple[str, ...]) -> list[Replacement]:
    """The replacement effects that watch ``perm`` being tapped for mana, bound to it (``Replacement.bind``)."""
    return [r.bind(subtypes) for r in replacements if r.applies_to(perm, subtypes)]


def apply_in_every_order(ev: Event, effects: list[Replacement]) -> dict[Event, tuple[str, ...]]:
    """Every result of applying the applicable effects to one production event, in every possible order.

    Each effect applies at most once; after each application the remaining ones are re-checked (CR 616.1,
    616.1e); the affected player picks the next among those that apply, until none does. Returns each
    distinct final event with one order that gives it (names), for explanations.
    """
    out: dict[Event, tuple[str, ...]] = {}
    seen: set[tuple[Event, frozenset[int]]] = set()

    def go(cur: Event, used: frozenset[int], order: tuple[str, ...]) -> None:
        if (cur, used) in seen:
            return
        seen.add((cur, used))
        nxt = [i for i in range(len(effects)) if i not in used and effects[i].applicable(cur)]
        if not nxt:
            out.setdefault(cur, order)
            return
        for i in nxt:
            for res in effects[i].apply(cur):
                go(res, used | {i}, order + (effects[i].describe(),))

    go(ev, frozenset(), ())
    return out


# ---------------------------------------------------------------------------
# Base output of an add_mana ability
# ---------------------------------------------------------------------------


def _types_of_fixed(s: str, perm: Permanent | None = None, ab: Ability | None = None) -> list[str]:
    """Types added by a fixed mana string (``models.text.mana.added_types``: a generic numeral adds {C},
    CR 106.10; {S} adds {C}, CR 106.11); ``Unsupported`` naming the ability for anything else."""
    try:
        return added_types(s)
    except ValueError as e:
        where = _describe(perm, ab) if perm is not None and ab is not None else repr(s)
        raise Unsupported(f"{where}: the mana {s!r} is not modelled ({e})") from None


def reflect_group(state: GameState, perm: Permanent, r: Reflect) -> tuple[Filter, str, frozenset[str]]:
    """The group a reflector looks at (CR 106.7): (the filter of its members, ``"type"`` or ``"color"``, the players
    whose permanents count); "the sacrificed land" reads the lands its controller controls. The "enchanted" group is
    the caller's (``Reflect.filter.relation``)."""
    f = r.filter
    if f.relation == "sacrificed":
        f = _LAND_YOU
    if f.controller == "you":
        ctls = frozenset({perm.controller})
    elif f.controller == "opponent":
        ctls = frozenset(state.opponents(perm.controller))
    else:
        ctls = frozenset(state.players)
    return dataclasses.replace(f, controller="any"), r.by, ctls


#: The group of "the sacrificed land" reflectors (lands you control).
_LAND_YOU = Filter(all_of=("Land",), controller="you", words="land")


def _double_pool_events(state: GameState, perm: Permanent, ab: Ability, could_produce_only: bool) -> list[Event]:
    """"Double the amount of each type of unspent mana you have" (Doubling Cube): as it resolves it adds as much of
    each type as its controller's pool holds (CR 106.4, 106.7). What it could produce is read from the scenario's
    ``pool`` (its cost is not considered, 106.7); an empty pool gives nothing (106.5). The pools and payments, where
    the mana of other abilities would be in the pool first and its {3} paid from it, are not modelled."""
    if not could_produce_only:
        raise Unsupported(f"{_describe(perm, ab)}: doubling the mana in the pool after other mana abilities added to "
                          "it and its own cost was paid is not modelled for pools and payments (CR 106.4, 605.3a)",
                          topics=(Topic.MANA_PRODUCTION,), text=ab.text, card=perm.name)
    pool = state.pools.get(perm.controller)
    types: list[str] = []
    if pool is not None:
        for m, k in pool.counts.items():
            types.extend([m.type] * max(0, int(k)))
    return [_sorted_event(types)] if types else []


def base_events(state: GameState, perm: Permanent, ab: Ability, reflected: frozenset[str] | None = None,
                produced: Event | None = None, reflected_alts: Mapping[int, frozenset[str]] | None = None,
                ignore_costs: bool = False) -> list[Event]:
    """The production events an ``add_mana`` ability could make if it resolved now, before replacement
    effects: one event per choice the player could make (types in WUBRGC order).

    ``reflected``: for a reflector, the types its group could produce (already filtered to colours for
    "colour" reflectors); ``reflected_alts``: the same for each reflecting entry of ``alternatives`` (by index,
    each alternative looks at its own group); ``produced``: for a "type that land produced" trigger, the mana just produced.
    An empty list means it would produce no mana (CR 106.5, 106.7). Raises ``Unsupported`` for outputs that
    are not modelled, naming the card and the ability.

    Amounts read from the game go through ``solver.rules.quantities.amount_value`` (``count_amount``); an amount chosen
    with the cost or on resolution (counters removed, cards revealed, X, the sacrificed object's mana value) is
    enumerated value by value (``mana_amounts.chosen_outputs``); ``ignore_costs`` (could produce, CR 106.7) lets a
    cost-chosen amount be any number. An additional output ("{B}, then add an additional {B} for each ...",
    ``plus``) is added to every event of the main one. "Choose a color. Add ... equal to your devotion to that
    color" gives one event per colour with its devotion (CR 700.5).
    """
    e = ab.effect
    if not isinstance(e, AddMana):
        raise Unsupported(f"{_describe(perm, ab)}: this mana output ({ab.text or e.kind}) is not modelled")
    if e.condition is not None and not check_condition(state, perm, e.condition, ab):
        return []  # an intervening "if" that does not hold: the ability would do nothing as it resolves (CR 603.4)
    if e.instead is not None and check_condition(state, perm, e.instead.condition, ab):
        return base_events(state, perm, _with_effect(ab, e.instead.output), reflected, produced,
                           ignore_costs=ignore_costs)

    variants = chosen_outputs(state, perm, ab, ignore_costs)
    if variants is not None:  # a number chosen with the cost or on resolution: every value (mana_amounts)
        by_x: list[Event] = []
        for out in variants:
            by_x.extend(base_events(state, perm, _with_effect(ab, out), reflected, produced, reflected_alts))
        return list(dict.fromkeys(by_x))
    if e.plus is not None:  # "Add {B}, then add an additional {B} for each ...": both parts, one event
        main = _with_effect(ab, dataclasses.replace(e, plus=None))
        extra = _with_effect(ab, e.plus)
        firsts = base_events(state, perm, main, reflected, produced, reflected_alts) or [()]
        seconds = base_events(state, perm, extra, reflected, produced, reflected_alts) or [()]
        return list(dict.fromkeys(ev for ev in (_sorted_event(a + b) for a in firsts for b in seconds) if ev))
    amount = e.amount
    if isinstance(amount, Devotion) and amount.color == "chosen":
        return _devotion_events(state, perm, ab)
    if isinstance(amount, VariableX):
        raise Unsupported(f"{_describe(perm, ab)}: an amount X chosen on activation is not modelled")
    n = 1 if amount == Fixed(1) else count_amount(state, perm, amount.n if isinstance(amount, Fixed) else amount, ab)
    # (who adds it, ``AddMana.to``, changes no type: could-produce counts it whoever gets it, CR 106.7; the pools
    # read ``controller_may_receive``)
    if e.reflect is not None:
        types = reflected or frozenset()
        return [tuple([t] * n) for t in MANA_TYPES if t in types] if n > 0 else []
    if e.produced_type:
        return [(t,) for t in MANA_TYPES if t in set(produced or ())]
    if e.mana:
        fixed = list(e.mana) * n
        return [_sorted_event(fixed)] if fixed else []
    if e.noted:
        return _noted_events(perm, ab, e.noted, n)
    if e.double_pool:
        return _double_pool_events(state, perm, ab, ignore_costs)
    if n <= 0:
        return []
    if e.choice:
        return [tuple([t] * n) for t in MANA_TYPES if t in set(e.choice)]
    if e.options:
        return list(dict.fromkeys(_sorted_event(o) for o in e.options))
    if e.alternatives:
        evs: list[Event] = []
        for i, alt in enumerate(e.alternatives):
            r_i = reflected_alts.get(i, reflected) if reflected_alts is not None and alt.reflect is not None else reflected
            evs.extend(base_events(state, perm, _with_effect(ab, alt), r_i, produced, ignore_costs=ignore_costs))
        return list(dict.fromkeys(evs))
    if e.any_color:
        return [tuple([t] * n) for t in COLORS]
    if e.any_type:
        return [tuple([t] * n) for t in MANA_TYPES]
    if e.chosen_color:
        col = perm.choices.get("color")
        if col is None:
            raise Unsupported(f"{_describe(perm, ab)}: no colour was chosen for {perm.name} (give choices: {{color: ...}})")
        t = parse_types(str(col))
        return [tuple(t * n)] if t else []
    if e.combination:
        allowed = list(COLORS) if e.combination is True else [t for t in MANA_TYPES if t in set(e.combination)]
        if allowed:

            tick(math.comb(n + len(allowed) - 1, n), "combinations of colours an ability adds")
        return [_sorted_event(c) for c in itertools.combinations_with_replacement(allowed, n)]
    if e.distinct_colors is not None:
        return [c for c in itertools.combinations(COLORS, int(e.distinct_colors))]
    if e.color_among is not None or e.each_color_among is not None:
        return _color_events(state, perm, ab, n)
    if e.cost_of == "enchanted":
        return _enchanted_cost_events(state, perm, ab)
    if e.commander_identity:
        ident: set[str] = set()
        for ci in state.cards("command", perm.controller):
            ident |= set(ci.card.color_identity)
        colors = [t for t in COLORS if t in ident]  # Opal Palace ruling 2020-11-10: none without a commander
        if n > 1 and len(colors) > 1:
            # "add two mana of any color in your commander's color identity" (Command Mine, Command Power Plant):
            # the wording says neither "any one color" nor "any combination of colors", and no rule settles it;
            # with one colour both readings agree, with several they differ — never guess
            raise Unsupported(f"{_describe(perm, ab)}: whether “{n} mana of any color in your commander's color "
                              f"identity” is one colour or any combination is not settled by the rules, and the "
                              f"commander's identity has {len(colors)} colours")
        return [tuple([t] * n) for t in colors]
    raise Unsupported(f"{_describe(perm, ab)}: this mana output is not modelled")


def _with_effect(ab: Ability, out: AddMana) -> Ability:
    """``ab`` with another output (an "instead" or an alternative output, a number chosen for its amount, CR 106.1):
    the same kind, cost and wording."""
    return dataclasses.replace(ab, effect=out)


def _noted_events(perm: Permanent, ab: Ability, noted: str, n: int) -> list[tuple[str, ...]]:
    """Mana noted by the source's linked ability (CR 607.2e; ``AddMana.noted``), read from ``perm.noted_mana``.

    Nothing noted (the first ability never resolved since the permanent entered, CR 400.7): the type is undefined,
    so the ability adds no mana (CR 106.5) and could produce no type (106.7). ``"type"`` ("one mana of this
    artifact's last noted type", Jeweled Amulet): ``n`` mana of the noted type; noted mana of several types has no
    one "type" the rules define, so that is ``Unsupported``. ``"mana"`` ("this artifact's last noted type and
    amount of mana", Ice Cauldron): exactly the noted mana, ``n`` times.

    Returns
    -------
    list of events (tuples of types, W U B R G C order); ``[]`` when no mana would be added.
    """
    got = tuple(perm.noted_mana)
    if not got or n <= 0:
        return []
    if noted == "type":
        kinds = set(got)
        if len(kinds) > 1:
            raise Unsupported(f"{_describe(perm, ab)}: the noted mana {''.join('{' + t + '}' for t in got)} has "
                              f"several types; which one is “the last noted type” is not modelled")
        return [tuple(got[:1] * n)]
    return [_sorted_event(got * n)]


def _enchanted_cost_events(state: GameState, perm: Permanent, ab: Ability) -> list[tuple[str, ...]]:
    """"Add mana equal to enchanted permanent's mana cost" (Elemental Resonance): nothing while the source is attached
    to no permanent (CR 303.4: no enchanted permanent, so no mana cost to read; CR 106.5, 106.7), or when that
    permanent has no mana cost (CR 202.1b). Otherwise each coloured symbol ({W}...{G}) and each {C} of the cost adds
    one mana of that type; a cost with generic, hybrid, Phyrexian, snow or {X} symbols is ``Unsupported`` (what mana
    they stand for here is not settled by the rules, only by the card's rulings, which are not modelled)."""
    host = state.permanent(perm.attached_to) if perm.attached_to else None
    if host is None:
        return []
    card = host.card
    if card.is_split:
        raise Unsupported(f"{_describe(perm, ab)}: the mana cost of the split permanent {host.name} is not modelled")
    cost = card.mana_cost if card.mana_cost is not None or not card.faces else card.faces[0].mana_cost
    if cost is None:
        return []
    out: list[str] = []
    for sym in cost:
        t = str(sym).strip("{}")
        if t in MANA_TYPES:
            out.append(t)
        else:
            raise Unsupported(f"{_describe(perm, ab)}: what mana the symbol {sym} of {host.name}'s mana cost adds is "
                              f"not modelled (only coloured and {{C}} symbols are)")
    return [_sorted_event(out)] if out else []


def controller_may_receive(state: GameState, perm: Permanent, ab: Ability) -> bool:
    """Whether the controller of ``perm`` may be the player who adds the mana of the ``add_mana`` ability ``ab``
    (``AddMana.to``, ``models.vocab.mana_effects.MANA_RECIPIENTS``), which is all a pool of theirs reads.

    ``None``/``"you"``: yes (CR 106.3: the ability instructs its controller to add it); ``chosen_player`` ("Choose a
    player. That player adds ...", "A player of your choice adds ..."): yes, the controller may choose themselves
    (CR 115.10a: a chosen player is not a target); ``each_player``: yes, every player adds it; ``active_player``: only
    when the controller is the active player (CR 102.1). Giving the mana to another player instead only takes it
    out of the controller's pool (and sets off no trigger that keeping it would not), so every pool reachable that
    way is inside one reachable by keeping it, and the maximal pools are those of keeping it.

    Returns
    -------
    bool

    Raises
    ------
    Unsupported
        ``target_player`` (a targeted ability is not a mana ability, CR 605.1a: the pools never read it, so this is
        a caller's error named as such) or ``that_player`` outside the trigger that names that player.
    """
    to = getattr(ab.effect, "to", None)
    if to in (None, "you", "chosen_player", "each_player"):
        return True
    if to == "active_player":
        return perm.controller == state.active
    if to == "target_player":
        raise Unsupported(f"{_describe(perm, ab)}: it targets a player, so it is not a mana ability (CR 605.1a) and "
                          f"makes no pool")
    raise Unsupported(f"{_describe(perm, ab)}: which player adds its mana ({to}: the player its trigger event names) "
                      f"is not modelled for a pool")


def _devotion_events(state: GameState, perm: Permanent, ab: Ability) -> list[Event]:
    """"Choose a color. Add an amount of mana of that color equal to your devotion to that color" (Nyx Lotus,
    Nykthos): for each colour, that many mana of it (CR 700.5: the mana symbols of that colour among the mana costs
    of permanents its controller controls; a hybrid symbol counts for each of its colours); no mana for a colour
    with devotion 0 (CR 106.5)."""

    if not getattr(ab.effect, "any_color", False):
        raise Unsupported(f"{_describe(perm, ab)}: the devotion to a chosen colour with this output is not modelled")
    out: list[Event] = []
    for c in COLORS:
        n = count_amount(state, perm, _Dev(c), ab)
        if n > 0:
            out.append(tuple([c] * n))
    return out


def _color_events(state: GameState, perm: Permanent, ab: Ability, n: int) -> list[Event]:
    """"One mana of any color among ..." (one event per colour) and "for each color among ..., add one mana of
    that color" (one event with each colour once); no colour, no mana (CR 105.2c, 106.5). ``mana_amounts``."""

    e = ab.effect
    assert isinstance(e, AddMana)
    if e.each_color_among is not None:
        cols = colors_among(state, perm, ab, e.each_color_among)
        return [tuple(c for c in COLORS if c in cols for _ in range(n))] if cols and n > 0 else []
    cols = colors_among(state, perm, ab, e.color_among)
    return [tuple([c] * n) for c in COLORS if c in cols]


# ---------------------------------------------------------------------------
# could produce: the dependency graph and its least fixpoint
# ---------------------------------------------------------------------------


@dataclass
class Provenance:
    """Why a permanent could produce one type: the ability, the permanent it reflects (if any) and the
    type that permanent could produce, and the replacement effects applied, in order."""

    ability: str
    via: str | None = None
    via_type: str | None = None
    replacements: tuple[str, ...] = ()


@dataclass
class ProduceResult:
    """The answer of ``could_produce`` for a whole board.

    Attributes
    ----------
    types : dict permanent id -> frozenset of types it could produce (CR 106.7)
    graph : networkx.DiGraph of dependencies (permanent ids and group nodes ``("group", what, kind, controllers)``)
    provenance : dict (permanent id, type) -> Provenance
    replacements : the replacement effects considered
    """

    types: dict[str, frozenset[str]]
    graph: nx.DiGraph
    provenance: dict[tuple[str, str], Provenance] = field(default_factory=dict)
    replacements: list[Replacement] = field(default_factory=list)
    state: GameState | None = None

    def chain(self, pid: str, t: str) -> list[str]:
        """The chain of explanations for ``pid`` producing ``t``: this permanent, then what it reflects, ..."""
        out: list[str] = []
        seen: set[tuple[str, str]] = set()
        cur: tuple[str, str] | None = (pid, t)
        while cur is not None and cur not in seen and cur in self.provenance:
            seen.add(cur)
            pv = self.provenance[cur]
            name = self.state.permanent(cur[0]).name if self.state else cur[0]
            line = f"{name} [{cur[0]}] could produce {{{cur[1]}}} with \"{pv.ability}\""
            if pv.via:
                vn = self.state.permanent(pv.via).name if self.state else pv.via
                line += f" (reflecting {{{pv.via_type}}}, a type {vn} [{pv.via}] could produce)"
            if pv.replacements:
                # the effects that replaced *this* permanent's mana, in the order applied (CR 616.1)
                line += f"; {name}'s mana replaced by " + ", then ".join(pv.replacements)
            out.append(line)
            cur = (pv.via, pv.via_type) if pv.via else None
        return out


def mana_abilities_of(view, perm: Permanent) -> list[Ability]:
    """The permanent's abilities that add mana: those count for "could produce" (CR 106.7): its activated mana
    abilities, and its own triggered mana abilities read as if they resolved now (``could_produce_abilities``)."""
    # an ability that functions only from another zone is not one the permanent has on the battlefield to use
    # (Simian Spirit Guide: "exile this card from your hand", CR 113.6m)

    return [a for a in view[perm.id].abilities if a.kind == "activated" and isinstance(a.effect, AddMana)
            and (not a.zones or "battlefield" in a.zones)] + could_produce_abilities(view[perm.id].abilities) \
        + other_mana_abilities(view[perm.id].abilities)


def _has_tap(ab: Ability) -> bool:
    return bool(ab.cost is not None and ab.cost.tap)


def referenced_ids(state: GameState) -> set[str]:
    """Every permanent id (``set[str]``) something else on the board refers to: what permanents are attached to, effects'
    targets, and any string in a permanent's or effect's recorded choices (conservatively)."""
    out: set[str] = set()

    def strings(v: object) -> None:
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, dict):
            for x in v.values():
                strings(x)
        elif isinstance(v, (list, tuple, set, frozenset)):
            for x in v:
                strings(x)

    for p in state.battlefield:
        if p.attached_to:
            out.add(p.attached_to)
        strings(p.choices)
    for e in state.effects:
        out.update(e.targets)
        strings(e.choices)
    return out


def interchangeable_key(perm: Permanent, view: Mapping[str, Any], referenced: set[str]) -> tuple | None:
    """A key equal for two permanents exactly when their mana sources are the same up to the permanent id,
    or ``None`` when ``perm`` is not collapsed.

    Two permanents are interchangeable here when they are the same card object, with the same controller,
    owner, tapped/sick status, counters, choices, X, attachment, and the same characteristics after the layers
    (subtypes and the very same ability objects), when every ability they have is an activated ability (no
    static or triggered ability, so neither affects the board differently from the other) and no other object
    refers to either by id (nothing attached to it, no effect targeting it). Everything
    ``sources.permanent_mana_sources``
    and ``could_produce`` read of a permanent other than its id is then equal, and the rest of the board sees both
    alike, so its sources (and the types it could produce) are the other's with the id replaced: exact, not a
    heuristic (docs/mana.md).
    """
    if perm.id in referenced:
        return None
    pv = view.get(perm.id)
    if pv is None or any(a.kind != "activated" for a in pv.abilities):
        return None
    try:
        choices = tuple(sorted((k, repr(v)) for k, v in perm.choices.items()))
    except TypeError:
        return None
    return (id(perm.card), perm.controller, perm.owner, perm.tapped, perm.sick,
            tuple(sorted(perm.counters.items())), choices, perm.x, perm.attached_to, perm.cast_from, perm.bargained,
            pv.subtypes, tuple(id(a) for a in pv.abilities), tuple(id(c.card) for c in perm.exiled_with))


def _context_free_value(abilities: list[Ability], compute, pid: str,
                        prov: dict[tuple[str, str], "Provenance"]) -> frozenset[str] | None:
    """The types a permanent whose mana abilities all read nothing of the game (``ability_cache.context_free``)
    could produce, computed once per tuple of abilities and read back on later boards, with its provenance
    (each type's first ability: the same on every board); ``None`` when an ability is not context free. The
    caller checks that no replacement effect watches the permanent and that it reflects nothing, so the value
    is the abilities' own outputs (CR 106.7)."""

    if not abilities or not all(context_free(a) for a in abilities):
        return None
    key = ("could_produce", tuple(id(a) for a in abilities[1:]))

    def work() -> tuple[tuple[Ability, ...], frozenset[str], list[tuple[str, Provenance]]]:
        v = compute()
        return tuple(abilities), v, [(t, prov[(pid, t)]) for t in v if (pid, t) in prov]

    keep, value, pv = cached(abilities[0], key, work)
    if len(keep) != len(abilities) or any(a is not b for a, b in zip(keep, abilities)):
        return None  # a reused id among the later abilities: not this tuple
    for t, p in pv:
        prov[(pid, t)] = p
    return value


def could_produce(state: GameState) -> ProduceResult:
    """The types of mana every permanent could produce now (CR 106.7), as a least fixpoint over a graph.

    Parameters
    ----------
    state : GameState

    Returns
    -------
    ProduceResult (types per permanent id, the dependency graph, provenance for explanations).

    Raises
    ------
    Unsupported
        A mana ability whose output is not modelled (named), on a permanent whose answer is needed. Unmodelled
        text that changes land types or mana abilities is the gate's (``solver.rules.gate``, before the question).

    Notes
    -----
    Costs are ignored (CR 106.7): tapped permanents and unpayable costs still count (Reflecting Pool,
    Exotic Orchard and Fellwar Stone rulings). Replacement effects apply in every possible order
    (``apply_in_every_order``) when the ability has {T} in its cost (CR 106.12, 106.12b). Mana another
    permanent's triggered ability adds is not included (CR 106.7, 106.12a; Kinnan ruling 2020-04-17); a
    permanent's own triggered mana abilities are, read as if they resolved now (``could_produce_abilities``). Only types count: restrictions and riders on
    reflected mana are not copied (Reflecting Pool ruling 2008-05-01).
    """
    view = board_view(state)
    repl = replacement_effects(state)
    G = nx.DiGraph()
    abil: dict[str, list[Ability]] = {}
    # (ability, index of the reflecting alternative or None for the ability's own reflect, group key)
    reflect_of: dict[str, list[tuple[Ability, int | None, Any]]] = {}
    groups: dict[Any, list[str]] = {}
    by_id = {p.id: p for p in state.battlefield}
    # mana_abilities_of reads only the permanent's ability objects after the layers: permanents with the very same
    # objects (identical cards the layers left alone) share one answer (exact, 10,000 basics)
    mana_abs: dict[tuple[int, ...], list[Ability]] = {}
    for perm in state.battlefield:
        ak = tuple(map(id, view[perm.id].abilities))
        abs_ = mana_abs.get(ak)
        if abs_ is None:
            abs_ = mana_abs[ak] = mana_abilities_of(view, perm)
        if not abs_:
            continue
        # (an activation restriction, "Activate only if you control a Swamp", CR 602.5, does not change what the
        # ability would produce if it were to resolve, which is all could-produce reads, CR 106.7)
        abil[perm.id] = abs_
        G.add_node(perm.id)
    for pid, abs_ in abil.items():
        perm = by_id[pid]
        for ab in abs_:
            e = ab.effect
            if not isinstance(e, AddMana):
                continue
            ps = [(None, e)] + [(i, alt) for i, alt in enumerate(e.alternatives) if alt.reflect is not None]
            for alt_i, out in ps:
                r = out.reflect
                if r is None:
                    continue
                if r.filter.relation == "enchanted":
                    target = perm.attached_to
                    key = ("group", "enchanted:" + str(target), r.by, frozenset())
                    members = [target] if target in abil else []
                else:
                    f, kind, ctls = reflect_group(state, perm, r)
                    what = f.words or f.describe()
                    key = ("group", what, kind, ctls)
                    if key not in groups:
                        try:
                            members = [q.id for q in state.battlefield if q.id in abil and q.controller in ctls
                                       and permanents_match(f, q, perm.controller, view[q.id].subtypes)]
                        except ValueError:
                            raise Unsupported(f"{_describe(perm, ab)}: reflecting \"{what}\" is not modelled") from None
                    else:
                        members = groups[key]
                if key not in groups:
                    groups[key] = members
                    G.add_node(key)
                    for q in members:
                        G.add_edge(q, key)
                G.add_edge(key, pid)
                reflect_of.setdefault(pid, []).append((ab, alt_i, key))
    # Replacement effects that watch each permanent (only for abilities with {T}: "tapped for mana")
    watch: dict[str, list[Replacement]] = {}
    for pid in abil:
        perm = by_id[pid]
        watch[pid] = watching(repl, perm, view[pid].subtypes)
    memo: dict[tuple[tuple[int, ...], Event], dict[Event, tuple[str, ...]]] = {}
    values: dict[Any, frozenset[str]] = {}
    prov: dict[tuple[str, str], Provenance] = {}

    def replaced(pid: str, ab: Ability, ev: Event) -> dict[Event, tuple[str, ...]]:
        effs = watch[pid] if _has_tap(ab) else []
        if not effs:
            return {ev: ()}
        key = (tuple(id(e) for e in effs), ev)
        got = memo.get(key)
        if got is None:
            got = memo[key] = apply_in_every_order(ev, effs)
        return got

    def group_value(key) -> frozenset[str]:
        out: set[str] = set()
        for q in groups[key]:
            out |= values.get(q, frozenset())
        if key[2] == "color":
            out.discard("C")  # colour reflectors never make {C} (Exotic Orchard ruling 2009-02-01)
        return frozenset(out)

    referenced = referenced_ids(state)
    # Interchangeable permanents that reflect nothing (``interchangeable_key``) have one value: computed once.
    same: dict[tuple, tuple[frozenset[str], list[tuple[str, Provenance]]]] = {}

    # context-free values by the tuple of ability objects, read back without the shared cache's checks
    free: dict[tuple[int, ...], tuple[frozenset[str], list[tuple[str, Provenance]]] | None] = {}

    def node_value(pid: str) -> frozenset[str]:
        if pid not in reflect_of and not watch[pid]:
            fk = tuple(map(id, abil[pid]))
            if fk in free:
                hit = free[fk]
                if hit is not None:
                    for t, pr in hit[1]:
                        prov[(pid, t)] = pr
                    return hit[0]
            else:
                got = _context_free_value(abil[pid], lambda: _node_value(pid), pid, prov)
                free[fk] = None if got is None else (got, [(t, prov[(pid, t)]) for t in got if (pid, t) in prov])
                if got is not None:
                    return got
        if pid not in reflect_of:
            k = interchangeable_key(by_id[pid], view, referenced)
            if k is not None:
                hit = same.get(k)
                if hit is None:
                    v = _node_value(pid)
                    hit = same[k] = (v, [(t, prov[(pid, t)]) for t in v if (pid, t) in prov])
                for t, pr in hit[1]:
                    prov[(pid, t)] = pr
                return hit[0]
        return _node_value(pid)

    def _node_value(pid: str) -> frozenset[str]:
        perm = by_id[pid]
        out: set[str] = set(values.get(pid, frozenset()))
        for ab in abil[pid]:
            # every group this ability reflects: its own, and one per reflecting alternative
            keys = [(alt_i, key) for a2, alt_i, key in reflect_of.get(pid, []) if a2 is ab]
            own = next((key for alt_i, key in keys if alt_i is None), None)
            reflected = values.get(own, frozenset()) if own is not None else None
            alts = {alt_i: values.get(key, frozenset()) for alt_i, key in keys if alt_i is not None}
            for ev in base_events(state, perm, ab, reflected, reflected_alts=alts or None, ignore_costs=True):
                for res, order in replaced(pid, ab, ev).items():
                    for t in res:
                        if t not in out:
                            out.add(t)
                            via = via_t = None
                            if keys and ev:
                                via_t = ev[0]
                                via = next((q for _, key in keys for q in groups[key] if via_t in values.get(q, ())), None)
                            prov[(pid, t)] = Provenance(ab.describe(), via, via_t, order)
        return frozenset(out)

    if not G.number_of_edges():  # nothing reflects: every node is its own component, none depends on another
        for n in G.nodes:
            values[n] = node_value(n)
        types = {p.id: values.get(p.id, frozenset()) for p in state.battlefield}
        return ProduceResult(types, G, prov, repl, state)
    C = nx.condensation(G)
    members = nx.get_node_attributes(C, "members")
    for comp in nx.topological_sort(C):
        nodes = members[comp]
        if len(nodes) == 1:
            (n,) = tuple(nodes)
            values[n] = group_value(n) if isinstance(n, tuple) else node_value(n)
            continue
        changed = True
        while changed:  # least fixpoint inside a cycle: monotone, so this stops
            changed = False
            for n in nodes:
                v = group_value(n) if isinstance(n, tuple) else node_value(n)
                if v != values.get(n, frozenset()):
                    values[n] = v
                    changed = True
    types = {p.id: values.get(p.id, frozenset()) for p in state.battlefield}
    return ProduceResult(types, G, prov, repl, state)


# ---------------------------------------------------------------------------
# Question handlers
# ---------------------------------------------------------------------------


def could_produce_abilities(abilities: "tuple[Ability, ...] | list[Ability]") -> list[Ability]:
    """A permanent's own triggered mana abilities, as ``could_produce`` reads them (CR 106.7: "any type of mana
    that an ability of that permanent would produce if the ability were to resolve at that time").

    The ability is read as if it resolved now, without the event that triggers it: a fixed output, a chosen
    colour or any colour give their types (Wild Growth could produce {G}); an output defined by that event ("one
    mana of any type that land produced", Mana Flare) defines no type then, so it gives none (106.7: "or no type
    of mana can be defined this way"); an ``instead`` whose condition reads the event's object (Snowfall's "if
    that Island is snow") gives the types of both outputs. The mana another permanent's triggered ability adds
    is never part of what a land could produce (106.7: "an ability of that permanent"; Kinnan ruling 2020-04-17:
    the additional mana is produced by the trigger's source). Returns a list of ``Ability`` (``add_mana``).
    """
    out: list[Ability] = []
    for a in abilities:
        eff = a.effect
        if a.kind not in ("triggered", "spell") or not isinstance(eff, AddMana) or eff.trigger is None:
            continue
        if a.kind == "spell":
            continue  # a spell's delayed trigger is not an ability of a permanent
        if eff.instead is not None and isinstance(eff.instead.condition, (EventObjectIs, SourceTapped)):
            both = (dataclasses.replace(eff, instead=None), eff.instead.output)
            a = dataclasses.replace(a, effect=AddMana(alternatives=both))
        out.append(a)
    return out



def other_mana_abilities(abilities: "tuple[Ability, ...] | list[Ability]") -> list[Ability]:
    """A permanent's triggered abilities that add mana but are not mana abilities (``TriggeredAddMana``, CR 605.5a:
    Firebending, "When this creature dies, add {C}{C}{C}"), as ``could_produce`` reads them: each output as a
    triggered ``add_mana`` ability read as if it resolved now (CR 106.7: "any type of mana that an ability of that
    permanent would produce if the ability were to resolve at that time"; 702.189a for Firebending). Only
    ``could_produce`` reads them: they use the stack, so no payment or pool made now can use their mana (605.5a,
    608.2). Returns a list of ``Ability``."""

    # the mana the ability would produce, whoever it goes to ("that player adds {G}{G}": CR 106.7 asks what an
    # ability of the permanent would produce, not who would get it); an intervening "if" goes with the output: it
    # adds nothing unless the condition holds as it resolves (CR 603.4), read by ``produce.base_events``
    return [dataclasses.replace(a, kind="triggered", effect=dataclasses.replace(
                a.effect.output, to=None, condition=a.effect.condition or a.effect.output.condition))
            for a in abilities if isinstance(a.effect, TriggeredAddMana) and a.effect.output is not None]
