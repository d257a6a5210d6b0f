"""Exhaustive payment of a total cost, encoded as a constraint problem (python-constraint).

How a payment is modelled
-------------------------
A *payment* of a total cost (CR 601.2f-h) is

* the announced nonhybrid equivalent of the cost (CR 601.2b): for every hybrid, monocolored
  hybrid and Phyrexian symbol, which half is paid (Phyrexian: the coloured mana or 2 life,
  CR 107.4f, allowed only while the total life paid is at most the life total, CR 119.4, 118.3);
* the mana abilities activated (CR 601.2g, 605), each with the mana it adds (which colour an
  any-colour land makes is part of the payment), the mana spent from the pool, and the extra ways
  of paying contributed by ``PAYMENT_EXTENSIONS`` (convoke, improvise, delve: issue #5);

such that the produced mana (plus pool mana) really pays every symbol: {W}..{G} need mana of that
colour, {C} needs colorless mana (CR 107.4c), {S} needs mana from a snow source (CR 107.4h),
generic takes any mana (CR 107.4b); restricted mana (CR 106.6) only where its restriction allows;
a filter's own input cost is paid by mana made before it (no cycles; its own output cannot pay it).

Payments are **irredundant**: no activation (or pool mana, or extra payer) can be left out while
the rest still pays the same announced cost. A player may of course tap more (CR 118.3c makes
activating optional, 118.3a leaves excess mana in the pool), but those are the same payment
plus waste, so they are not listed separately.

Exhaustive, with identical sources collapsed
--------------------------------------------
Every legal choice is enumerated. The only collapsing: permanents with the same card, same
status (tapped, sick, counters, choices) and the same list of mana abilities and options are
*interchangeable*, so a payment says "2 of Forest ×3" instead of naming which two; identical
pool mana and identical extra payers (same ``group``) collapse likewise, and so do identical
hybrid symbols of the cost. ``count`` counts collapsed payments; ``count_individual`` expands
them back (multinomial coefficients), which equals the count of the uncollapsed encoding
(``plain_count``, used by the tests and the benchmark).

Encoding
--------
Variables: for every group of interchangeable items and every way an item can be used
(ability × announced input × option), how many items of the group are used that way
(``0..size``, a ``MaxSumConstraint`` keeps the group within its size: a permanent's {T} is used
once, CR 107.5); for every group of identical multi-way symbols, how many are paid each way
(``ExactSumConstraint``). A global ``_PaymentConstraint`` prunes partial assignments with bounds
(for every mana type, the most that the unassigned groups could still add against the least the
assigned choices need; total mana; life) and checks complete assignments exactly (a small
transportation problem, closed-form Hall conditions, else max flow; with filters, against the least
the plain mana must pay over every activation order, searched backwards once per filter multiset;
then irredundancy). Variables are ordered symbols first, then
scarce sources. See docs/payment.md for the measured speed-up over the plain encoding.

Extension point (issue #5)
--------------------------
``PAYMENT_EXTENSIONS`` is a list of callables ``fn(state, player, spell_card, total_cost) ->
iterable of ExtraPayer``; each ``ExtraPayer`` is one more thing that can pay part of a *spell's*
total cost (not a filter's input): a convoking creature pays one mana of one of its colours or one
generic, an improvising artifact or a delved card one generic (``"1"``). An ``ExtraPayer`` with a
``permanent`` taps it, so it is exclusive with that permanent's {T} mana abilities (CR 702.51a,
702.126a, 702.66a). The same lists can be passed per call with ``extra=``.

References: CR 106, 107.4, 118.3, 118.7, 119.4, 202.1a, 601.2b, 601.2f-h, 605, 106.6.
"""
from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import constraint

from mtgcheck.models.mana import COLORS, COLOR_NAMES, MANA_TYPES, ManaCost, ManaError
from mtgcheck.models.state import GameState

from .sources import ManaSource, mana_sources

# ---------------------------------------------------------------------------
# Public data
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ExtraPayer:
    """One more way to pay part of a spell's total cost, offered by a ``PAYMENT_EXTENSIONS`` callable.

    Attributes
    ----------
    key : str
        Unique id (a permanent id, a graveyard card id).
    name : str
        For explanations (``"Llanowar Elves"``).
    options : tuple of str
        Each option pays one unit: ``"1"`` pays one generic mana only (improvise, delve,
        CR 702.126a, 702.66a); a colour ``"W"``..``"G"`` pays one mana of that colour or one generic
        (convoke, CR 702.51a). Never {C} nor {S}, never a filter's input.
    how : str
        Verb for explanations: ``"convoke"``, ``"improvise"``, ``"delve"``.
    permanent : str or None
        The permanent tapped by this way of paying; it is then exclusive with that
        permanent's {T} mana abilities (one {T} per permanent, CR 107.5).
    group : str or None
        Items with the same ``group`` (and options) are interchangeable and collapsed
        (e.g. ``"delve:Opt"`` for every Opt in the graveyard). ``None``: never collapsed
        unless they are permanents with identical status.
    """

    key: str
    name: str
    options: tuple[str, ...]
    how: str = "extra"
    permanent: str | None = None
    group: str | None = None


#: Callables ``fn(state, player, spell_card, total_cost) -> iterable of ExtraPayer`` consulted by
#: ``find_payment``/``iter_payments``/``count_payments`` when ``spell_card`` is given (see module doc).
PAYMENT_EXTENSIONS: list[Callable[[GameState, str, Any, Any], Iterable[ExtraPayer]]] = []


@dataclass(frozen=True)
class Use:
    """One line of a payment: ``count`` items of one group used one way.

    ``kind`` is ``"mana_ability"``, ``"pool"`` or an extra payer's ``how``. ``mana`` is the mana
    added (``"{G}"``); ``paid_with`` the announced payment of a filter's own mana input;
    ``life`` the life paid by this use (per item).
    """

    kind: str
    name: str
    ids: tuple[str, ...]
    count: int
    ability_index: int | None
    ability: str
    mana: str
    paid_with: str = ""
    life: int = 0
    taps: bool = False

    def describe(self) -> str:
        """One sentence in player terms."""
        who = self.name if self.count == 1 and len(self.ids) <= 1 else f"{self.count} of {self.name} (×{len(self.ids)} identical)"
        if self.kind == "pool":
            return f"spend {self.mana} from the mana pool" if self.count == 1 else f"spend {self.count}× {self.mana} from the mana pool"
        if self.kind == "mana_ability":
            s = f"{who}: activate “{self.ability}” for {self.mana}"
            if self.paid_with:
                s += f", paying {self.paid_with} for it"
            if self.life:
                s += f", paying {self.life} life"
            return s
        return f"{who}: {self.kind} for {self.mana}"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"source": self.name, "kind": self.kind, "count": self.count, "mana": self.mana}
        if self.ability_index is not None:
            d["ability"] = self.ability_index
        if self.paid_with:
            d["paid_with"] = self.paid_with
        if self.life:
            d["life"] = self.life * self.count
        if len(self.ids) > 1 or self.count > 1:
            d["of_identical"] = len(self.ids)
        else:
            d["id"] = self.ids[0] if self.ids else None
        return d


@dataclass(frozen=True)
class Payment:
    """One irredundant payment of a total cost (see module docstring).

    Attributes
    ----------
    announced : str
        The nonhybrid equivalent of the mana cost (CR 601.2b), Phyrexian symbols paid with
        life shown as ``(2 life)``.
    uses : tuple of Use
        Mana abilities activated, pool mana spent, extra payers used.
    life : int
        Total life paid: Phyrexian symbols, life in the sources' costs, and the cost's own life.
    sources : int
        Number of permanents tapped (or otherwise used once) by the payment.
    multiplicity : int
        How many uncollapsed payments this collapsed payment stands for.
    """

    announced: str
    uses: tuple[Use, ...]
    life: int
    sources: int
    multiplicity: int = 1

    def permanents_used(self) -> set[str]:
        """Ids of every permanent that *could* be among those used (all ids of a used group)."""
        out: set[str] = set()
        for u in self.uses:
            if u.kind != "pool":
                out.update(u.ids)
        return out

    def to_dict(self) -> dict[str, Any]:
        """Plain data for answers."""
        return {"announced": self.announced, "life": self.life, "sources": self.sources,
                "uses": [u.to_dict() for u in self.uses]}

    def describe(self) -> list[str]:
        """Lines in player terms."""
        lines = [f"announce {self.announced}" if self.announced else "nothing to announce"]
        lines.extend(u.describe() for u in self.uses)
        if not self.uses and not self.life:
            lines.append("pay nothing: the cost is {0} (CR 118.5)")
        if self.life:
            lines.append(f"pay {self.life} life in total")
        return lines


#: Most filter activations searched in one payment; beyond it the answer is ``unsupported``.
MAX_FILTER_ACTIVATIONS = 12


class PaymentProblem(ValueError):
    """The cost given cannot be searched (e.g. it still contains {X}: choose X first, CR 601.2b)."""


# ---------------------------------------------------------------------------
# Unit kinds and demands
# ---------------------------------------------------------------------------
# A unit is one mana (or one extra payer's contribution): (type or "1" for generic-only,
# snow, usable for the spell, usable for a filter's input, made by a filter).
_Unit = tuple  # (type: str, snow: bool, spell_ok: bool, act_ok: bool)

#: Restrictions (``Mana.restriction``) decided by the spell card alone: predicate on the spell card
#: (``None`` when paying an ability's cost). The full table of codes is in docs/mana.md; codes that need
#: more than the card (the source's chosen creature type, the spell's mana value with X) are decided in
#: ``restriction_verdict``. Free-form codes (slugs of the sentence) are never spent (never guessed).
RESTRICTIONS: dict[str, Callable[[Any], bool]] = {
    "creature_spell": lambda c: c is not None and c.is_type("Creature"),
    "creature": lambda c: c is not None and c.is_type("Creature"),
    "noncreature_spell": lambda c: c is not None and not c.is_type("Creature"),
    "artifact_spell": lambda c: c is not None and c.is_type("Artifact"),
    "artifact": lambda c: c is not None and c.is_type("Artifact"),
    "instant_sorcery": lambda c: c is not None and (c.is_type("Instant") or c.is_type("Sorcery")),
    "instant_or_sorcery_spell": lambda c: c is not None and (c.is_type("Instant") or c.is_type("Sorcery")),
    "spell": lambda c: c is not None,
    "multicolored_spell": lambda c: c is not None and len(c.colors) >= 2,
    "colorless_spell": lambda c: c is not None and not c.colors,
}

_MV_CODE = re.compile(r"mana_value_at_least_(\d+)(_or_x)?")


def _has_creature_type(card: Any, ctype: str) -> bool:
    """The spell has creature type ``ctype`` (printed, or every creature type by changeling, CR 702.73a)."""
    if any(str(k).casefold() == "changeling" for k in getattr(card, "keywords", ()) or ()):
        return True
    return card.is_type(ctype)


def restriction_verdict(restriction: str | None, spell_card: Any, *, state: GameState | None = None,
                        source: str | None = None, x: int = 0) -> bool | None:
    """May mana carrying ``restriction`` be spent on the cost being paid (CR 106.6)?

    Parameters
    ----------
    restriction : str or None, ``Mana.restriction`` (codes: docs/mana.md, "Restriction codes").
    spell_card : Card or None, the spell being cast (``None``: an ability's cost or a filter's input).
    state, source : the game and the id of the permanent whose ability made the mana (for
        ``creature_spell_of_chosen_type``: its ``choices.creature_type``, Cavern of Souls).
    x : the announced X of the spell (its mana value on the stack counts X, CR 202.3e).

    Returns
    -------
    ``True`` (may be spent), ``False`` (may not), ``None`` (not modelled or not decidable here:
    a free-form code, the Eldrazi ability case, no chosen type recorded). ``None`` is never spent;
    the callers answer ``unsupported`` when that could change the answer.
    """
    if not restriction:
        return True
    code = str(restriction)
    fn = RESTRICTIONS.get(code)
    if fn is not None:
        return bool(fn(spell_card))
    if code == "creature_spell_of_chosen_type":
        # Cavern of Souls: a creature spell of the type chosen as the source entered (CR 106.6, 614.12)
        if spell_card is None:
            return False
        if not spell_card.is_type("Creature"):
            return False
        perm = _perm_or_none(state, source) if (state is not None and source) else None
        ctype = (perm.choices or {}).get("creature_type") if perm is not None else None
        if not ctype:
            return None
        return _has_creature_type(spell_card, str(ctype))
    if code == "eldrazi":
        # Eldrazi Temple: colorless Eldrazi spells, or abilities of colorless Eldrazi (the ability's
        # source is not known here, so an ability cost is undecided)
        if spell_card is None:
            return None
        return not spell_card.colors and spell_card.is_type("Eldrazi")
    m = _MV_CODE.fullmatch(code)
    if m:
        if spell_card is None:
            return False
        if m.group(2) and spell_card.mana_cost is not None and spell_card.mana_cost.has_x:
            return True
        return spell_card.mana_value(x) >= int(m.group(1))  # on the stack X counts (CR 202.3e)
    return None


def restriction_allows(restriction: str | None, spell_card: Any, **kw: Any) -> bool:
    """Whether mana carrying ``restriction`` may be spent (``restriction_verdict`` is ``True``, CR 106.6).

    ``False`` for a restriction that is not modelled or cannot be decided (never spent, never guessed).
    """
    return restriction_verdict(restriction, spell_card, **kw) is True


def life_payable(life: int, life_total: int) -> bool:
    """The one rule for paying life (CR 119.4): a player can pay an amount of life only if their life total
    is at least that amount; paying 0 life is always possible, whatever the life total (CR 119.4, 118.3),
    so a player at 0 or less life can still pay a cost that has no life in it."""
    return life <= 0 or life <= life_total


def _demand_tokens(option: Sequence[str]) -> list[str]:
    return list(option)


@dataclass(frozen=True)
class _Choice:
    """One way one item of a group can be used."""

    kind: str
    units: tuple[_Unit, ...]  # what it adds
    mana: str
    inp: tuple[str, ...]  # demand tokens of its own input (filters)
    inp_text: str
    life: int
    ability_index: int | None
    ability: str
    taps: bool
    filter: bool  # its units need its input paid first (ordering matters)


@dataclass
class _Group:
    key: tuple
    name: str
    ids: tuple[str, ...]
    size: int
    choices: list[_Choice]
    once: bool  # a permanent used once (counts as a source)
    item: bool = True  # items are told apart when counting individual payments (multinomials)


@dataclass
class _SymGroup:
    text: str
    count: int
    options: list[tuple[str, ...]]  # each: demand tokens ("W".."C", "S", "1", "2life")
    labels: list[str]


# ---------------------------------------------------------------------------
# Building the model
# ---------------------------------------------------------------------------


def _cost_of(total_cost: Any) -> tuple[ManaCost, int]:
    """(mana cost, life) from a ManaCost, a string, or an object with ``.mana``/``.life`` (solver.costs.TotalCost)."""
    if total_cost is None:
        return ManaCost(), 0
    if isinstance(total_cost, ManaCost):
        return total_cost, 0
    if isinstance(total_cost, str):
        return ManaCost.parse(total_cost) if total_cost.strip() else ManaCost(), 0
    mana = getattr(total_cost, "mana", None)
    life = int(getattr(total_cost, "life", 0) or 0)
    if mana is None:
        raise PaymentProblem("the total cost has an unpayable mana component (no mana cost, CR 118.6)")
    return mana, life


def _symbol_groups(cost: ManaCost) -> tuple[Counter, list[_SymGroup]]:
    fixed: Counter = Counter()
    multi: dict[str, list] = {}
    for s in cost.symbols:
        if not s.is_mana:
            continue
        if s.is_variable:
            raise PaymentProblem(f"the cost {cost} still has {s}; X is chosen before paying (CR 601.2b, 107.3a)")
        if s.is_generic:  # counted, never spelled out unit by unit ({1000000} must not build a million tokens)
            if s.generic_amount:
                fixed["1"] += s.generic_amount
            continue
        try:
            opts = s.options()
        except ManaError as e:
            raise PaymentProblem(str(e)) from None
        if len(opts) == 1:
            fixed.update(opts[0])
        else:
            multi.setdefault(s.text, [s, 0])[1] += 1
    groups = []
    for text, (s, n) in multi.items():
        opts = list(s.options())
        labels = []
        for o in opts:
            if o == ("2life",):
                labels.append("(2 life)")
            elif o and o[0] == "1":
                labels.append("{" + str(len(o)) + "}")
            else:
                labels.append("{" + o[0] + "}")
        groups.append(_SymGroup(text, n, opts, labels))
    return fixed, groups


def _input_announcements(cost: ManaCost | None) -> list[tuple[tuple[str, ...], str, int]]:
    """Every announced way to pay a mana ability's own mana input: (demand tokens, text, life)."""
    if cost is None or not len(cost):
        return [((), "", 0)]
    per_symbol = []
    for s in cost.symbols:
        if not s.is_mana:
            continue
        per_symbol.append(s.options())
    out = {}
    for combo in itertools.product(*per_symbol):
        toks: list[str] = []
        life = 0
        for o in combo:
            if o == ("2life",):
                life += 2
            else:
                toks.extend(o)
        key = tuple(sorted(toks)), life
        if key not in out:
            gen = sum(1 for t in toks if t == "1")
            txt = ("{" + str(gen) + "}" if gen else "") + "".join("{" + t + "}" for t in sorted((t for t in toks if t != "1"), key=_tok_order))
            if life:
                txt += f" and {life} life"
            out[key] = (tuple(toks), txt, life)
    return list(out.values())


def _tok_order(t: str) -> int:
    return ("W", "U", "B", "R", "G", "C", "S", "1").index(t) if t in ("W", "U", "B", "R", "G", "C", "S", "1") else 9


_SPEND_HINT = re.compile(r"\bspend\b.*\bas though\b|can't spend mana", re.I)
_ORDER = "WUBRGC"


def spend_retyping(state: GameState, player: str) -> tuple[dict[str, str], list[str]]:
    """How ``player`` may spend each type of mana now, from ``spend_as_though`` static abilities of
    permanents (CR 609.4b; Celestial Dawn, Chromatic Orrery, Mycosynth Lattice, Sunglasses of Urza).

    Returns
    -------
    (retype, unmodelled): ``retype`` maps a mana type to the letters of the symbols it may pay as
    (``{"W": "WUBRG", "U": "C", ...}`` under Celestial Dawn; only the types that change), and
    ``unmodelled`` names permanents with a "spend ... as though" sentence that is not parsed (scoped to
    some spells or abilities): the payment answers ``unsupported`` when they could matter.

    Raises
    ------
    Unsupported : several different effects, one of them saying "only" (how they combine, CR 609.4a,
        is not modelled).
    """
    from .layers import permanent_abilities

    effects: list[tuple[str, Any]] = []
    unmodelled: list[str] = []
    for perm in state.battlefield:
        for a in permanent_abilities(state, perm):
            if a.kind != "static":
                continue
            if a.effect == "spend_as_though":
                if a.params.get("players", "you") == "each" or perm.controller == player:
                    rules = tuple(tuple(sorted(dict(r).items())) for r in a.params.get("rules", ()))
                    if all(rules != e[1] for e in effects):
                        effects.append((perm.name, rules))
            elif a.effect == "text" and _SPEND_HINT.search(a.text or ""):
                unmodelled.append(perm.name)
    if not effects:
        return {}, unmodelled
    if len(effects) > 1 and any(dict(r).get("only") for _, rules in effects for r in rules):
        raise Unsupported("how these spend-as-though effects combine is not modelled (CR 609.4a): "
                          + ", ".join(n for n, _ in effects))
    allowed = {t: set(t) for t in _ORDER}
    for _, rules in effects:
        named: set[str] = set()
        for r in rules:
            r = dict(r)
            mana = str(r.get("mana", "any"))
            as_ = str(r.get("as", ""))
            new = set("WUBRG") if as_ == "any_color" else set(as_)
            for t in _ORDER:
                if mana == t or mana == "any" or (mana == "other" and t not in named):
                    allowed[t] = set(new) if r.get("only") else allowed[t] | new
            if mana in _ORDER:
                named.add(mana)
    out = {t: "".join(x for x in _ORDER if x in v) for t, v in allowed.items()}
    return {t: v for t, v in out.items() if v != t}, unmodelled


def cant_spend_mana(card: Any) -> bool:
    """The spell says no mana can be spent to cast it (Hogaak, Arisen Necropolis: only convoke and delve pay)."""
    from mtgcheck.models.text.oracle import abilities_of

    return card is not None and any(a.effect == "cant_spend_mana" for a in abilities_of(card))


def _source_choices(src: ManaSource, spell_card: Any, notes: list[str],
                    allow: Callable[[str | None, Any], bool] | None = None,
                    retype: Mapping[str, str] | None = None) -> list[_Choice] | None:
    life = 0
    for p in src.other_costs:
        if p.action == "pay_life":
            life += p.amount
        elif p.action == "sacrifice" and p.what == "this":
            pass
        elif p.action == "remove_counters":
            pass
        else:
            notes.append(f"{src.name}: the mana ability “{src.ability.describe()}” has a cost part "
                         f"({p.text or p.action}) that the payment search does not model; it is not used")
            return None
    out = []
    for inp, inp_text, inp_life in _input_announcements(src.mana_cost):
        for opt in src.options:
            if allow is None:
                units = tuple((m.type, bool(m.snow or src.snow), restriction_allows(m.restriction, spell_card),
                               restriction_allows(m.restriction, None)) for m in opt.mana)
            else:
                units = tuple(((retype or {}).get(m.type, m.type), bool(m.snow or src.snow), allow(m.restriction, spell_card),
                               allow(m.restriction, None)) for m in opt.mana)
            out.append(_Choice("mana_ability", units, str(opt), inp, inp_text, life + inp_life, src.ability_index,
                               src.ability.describe(), src.tap or src.untap, bool(inp)))
    return out


def _counter_ok(state: GameState, src: ManaSource) -> int | None:
    """How many times the counter part of the source can be paid (None: no counter part)."""
    n = None
    for p in src.other_costs:
        if p.action == "remove_counters":
            perm = state.permanent(src.permanent)
            have = perm.counters.get(p.what, 0) if p.what not in ("", "this") else sum(perm.counters.values())
            k = have // max(1, p.amount)
            n = k if n is None else min(n, k)
    return n


@dataclass
class _Model:
    groups: list[_Group]
    syms: list[_SymGroup]
    fixed: Counter
    base_life: int
    life_total: int
    notes: list[str]
    cost: ManaCost
    #: restriction code -> names of the sources whose mana carries it, for codes that are not modelled or
    #: cannot be decided here (``restriction_verdict`` is ``None``); that mana is not spent
    undecided: dict = field(default_factory=dict)
    #: permanents with a "spend mana as though" sentence that is not modelled (scoped effects)
    unmodelled_spend: list = field(default_factory=list)
    #: the spell says no mana can be spent to cast it (Hogaak)
    no_mana: bool = False


def build_model(state: GameState, player: str, total_cost: Any, *, spell_card: Any = None,
                exclude_permanents: Iterable[str] = (), extra: Iterable[ExtraPayer] = (),
                sources: Sequence[ManaSource] | None = None, collapse: bool = True,
                assume_undecided: bool = False) -> _Model:
    """Build the payment model (groups of interchangeable items, symbol groups).

    Parameters
    ----------
    state, player : the game and the paying player.
    total_cost : ManaCost, str, or an object with ``mana`` and ``life`` (``solver.costs.TotalCost``).
    spell_card : Card or None; the spell being cast (restrictions, ``PAYMENT_EXTENSIONS``); ``None`` for an ability.
    exclude_permanents : permanent ids that cannot be used (their {T}/{Q} is part of the cost, CR 601.2g-h).
    extra : further ``ExtraPayer`` objects, added to those of ``PAYMENT_EXTENSIONS``.
    sources : override ``solver.sources.mana_sources(state, player)``.
    collapse : ``False`` builds one group per item (the plain encoding, for checks and benchmarks).
    assume_undecided : spend mana whose restriction is not modelled as if it were allowed (only to find
        out whether such mana could change the answer: then the answer is ``unsupported``).

    Raises
    ------
    PaymentProblem : the cost still has {X}, or its mana component is unpayable.
    """
    cost, life = _cost_of(total_cost)
    fixed, syms = _symbol_groups(cost)
    excluded = set(exclude_permanents)
    notes: list[str] = []
    srcs = list(mana_sources(state, player) if sources is None else sources)
    extras = list(extra)
    if spell_card is not None:
        for fn in PAYMENT_EXTENSIONS:
            extras.extend(fn(state, player, spell_card, total_cost) or ())
    per_perm: dict[str, list[_Choice]] = {}
    perm_name: dict[str, str] = {}
    repeat_groups: list[_Group] = []
    x_value = int(getattr(total_cost, "x", 0) or 0)
    undecided: dict[str, set] = {}
    retype, unmodelled_spend = spend_retyping(state, player)
    no_mana = cant_spend_mana(spell_card)
    if no_mana:
        notes.append(f"no mana can be spent to cast {spell_card.name} (its own text): only convoke, delve and "
                     "other ways of paying that are not mana can pay")

    def allower(who: str, source: str | None):
        def allow(restriction: str | None, card: Any) -> bool:
            if no_mana and card is not None:
                return False
            v = restriction_verdict(restriction, card, state=state, source=source, x=x_value)
            if v is None:
                undecided.setdefault(str(restriction), set()).add(who)
                return assume_undecided
            return v
        return allow

    for src in srcs:
        if src.permanent in excluded:
            continue
        chs = _source_choices(src, spell_card, notes, allower(src.name, src.permanent), retype)
        if not chs:
            continue
        once = src.tap or src.untap or any(p.action == "sacrifice" for p in src.other_costs)
        if once:
            cnt = _counter_ok(state, src)
            if cnt == 0:
                continue
            per_perm.setdefault(src.permanent, []).extend(chs)
            perm_name[src.permanent] = src.name
        else:
            cap = _counter_ok(state, src)
            bound = max(1, sum(1 for s in cost.symbols if s.is_mana) + cost.generic)
            cap = bound if cap is None else min(cap, bound)
            if cap > 0:
                repeat_groups.append(_Group(("repeat", src.permanent, src.ability_index), src.name, (src.permanent,), cap, chs, False, False))
    for ex in extras:
        chs = []
        for o in ex.options:
            if o == "1":
                chs.append(_Choice(ex.how, (("1", False, True, False),), "{1}", (), "", 0, None, ex.how, ex.permanent is not None, False))
            elif o in COLORS:
                chs.append(_Choice(ex.how, ((o, False, True, False),), "{" + o + "}", (), "", 0, None, ex.how, ex.permanent is not None, False))
        if not chs:
            continue
        if ex.permanent is not None:
            if ex.permanent in excluded:
                continue
            per_perm.setdefault(ex.permanent, []).extend(chs)
            perm_name.setdefault(ex.permanent, ex.name)
        else:
            repeat_groups.append(_Group(("extra", ex.group or ex.key, tuple(ex.options), ex.how), ex.name, (ex.key,), 1, chs, False))
    groups: list[_Group] = []
    # permanents: collapse identical ones
    by_sig: dict[tuple, _Group] = {}
    for pid, chs in per_perm.items():
        if collapse:
            perm = _perm_or_none(state, pid)
            status = (perm.card.name, perm.tapped, perm.sick, tuple(sorted(perm.counters.items())),
                      tuple(sorted((k, str(v)) for k, v in perm.choices.items())), perm.controller) if perm else (pid,)
            sig = (status, tuple(chs))
        else:
            sig = (pid,)
        g = by_sig.get(sig)
        if g is None:
            g = _Group(("perm",) + sig, perm_name[pid], (pid,), 1, list(chs), True)
            by_sig[sig] = g
            groups.append(g)
        else:
            g.ids = g.ids + (pid,)
            g.size += 1
    # extras without permanents: collapse by group key
    by_key: dict[tuple, _Group] = {}
    for g in repeat_groups:
        if collapse and g.key[0] == "extra":
            h = by_key.get(g.key)
            if h is not None:
                h.ids = h.ids + g.ids
                h.size += 1
                continue
            by_key[g.key] = g
        groups.append(g)
    # pool
    pool = state.pools.get(player)
    if pool is not None:
        for m, n in sorted(pool.counts.items(), key=lambda kv: (MANA_TYPES.index(kv[0].type), kv[0].restriction or "")):
            if n <= 0:
                continue
            allow = allower("mana pool", None)
            unit = (retype.get(m.type, m.type), m.snow, allow(m.restriction, spell_card), allow(m.restriction, None))
            ch = _Choice("pool", (unit,), "{" + m.type + (f":{m.restriction}" if m.restriction else "") + "}",
                         (), "", 0, None, "mana pool", False, False)
            # mana of one kind in the pool is literally identical: always one group
            groups.append(_Group(("pool", m), "mana pool", tuple(f"pool:{m.type}" for _ in range(n)), n, [ch], False, False))
    return _Model(groups, syms if collapse else _split_syms(syms), fixed, life, state.life.get(player, 20), notes, cost,
                  {k: sorted(v) for k, v in undecided.items()}, sorted(set(unmodelled_spend)), no_mana)


def _split_syms(syms: list[_SymGroup]) -> list[_SymGroup]:
    out = []
    for s in syms:
        for _ in range(s.count):
            out.append(_SymGroup(s.text, 1, s.options, s.labels))
    return out


def _perm_or_none(state: GameState, pid: str):
    for p in state.battlefield:
        if p.id == pid:
            return p
    return None


# ---------------------------------------------------------------------------
# Exact feasibility of a complete assignment
# ---------------------------------------------------------------------------


def _hall_ok(units: Counter, demand: Counter) -> bool:
    """Can ``units`` (kinds (type, snow)) pay ``demand`` (tokens W..C, S, 1)? Exact (Hall's theorem)."""
    need_total = sum(demand.values())
    if sum(units.values()) < need_total:
        return False
    a: dict = {}
    a_snow: dict = {}
    for (t, snow), n in units.items():
        if t == "1":
            continue
        a[t] = a.get(t, 0) + n
        if snow:
            a_snow[t] = a_snow.get(t, 0) + n
    slack_snow = 0
    for t in MANA_TYPES:
        d = demand.get(t, 0)
        have = a.get(t, 0)
        if have < d:
            return False
        if a_snow:
            slack_snow += min(have - d, a_snow.get(t, 0))
    return demand.get("S", 0) <= slack_snow


def _compatible(unit: _Unit, target: str, tok: str) -> bool:
    t, snow, spell_ok, act_ok = unit
    if target == "spell" and not spell_ok or target == "act" and not act_ok:
        return False
    if tok == "1":
        return True
    if tok == "S":
        return snow and t != "1"
    return tok in t  # a unit's type may be several letters: spend-as-though effects (CR 609.4b)


def _maxflow_ok(supply: Counter, demand: Counter) -> bool:
    """Transportation feasibility: supply kinds (unit) → demand kinds ((target, token)); exact max flow."""
    need = sum(demand.values())
    if sum(supply.values()) < need:
        return False
    s_keys = [k for k, v in supply.items() if v > 0]
    d_keys = [k for k, v in demand.items() if v > 0]
    # residual capacities
    S, T = ("S",), ("T",)
    cap: dict = {}
    adj: dict = {}

    def add(u, v, c):
        cap[(u, v)] = cap.get((u, v), 0) + c
        cap.setdefault((v, u), 0)
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)

    for k in s_keys:
        add(S, ("s", k), supply[k])
        for dk in d_keys:
            if _compatible(k, dk[0], dk[1]):
                add(("s", k), ("d", dk), need)
    for dk in d_keys:
        add(("d", dk), T, demand[dk])
    flow = 0
    while flow < need:
        prev = {S: None}
        queue = [S]
        for u in queue:
            if u == T:
                break
            for v in adj.get(u, ()):
                if v not in prev and cap[(u, v)] > 0:
                    prev[v] = u
                    queue.append(v)
        if T not in prev:
            return False
        # bottleneck
        v, b = T, need
        while prev[v] is not None:
            u = prev[v]
            b = min(b, cap[(u, v)])
            v = u
        v = T
        while prev[v] is not None:
            u = prev[v]
            cap[(u, v)] -= b
            cap[(v, u)] += b
            v = u
        flow += b
    return True


class _Evaluator:
    """Exact checks on complete (or partial) assignments of a model."""

    def __init__(self, model: _Model) -> None:
        self.m = model
        self.gvars: list[list[str]] = []
        self.svars: list[list[str]] = []
        for gi, g in enumerate(model.groups):
            self.gvars.append([f"g{gi:03d}_{j:02d}" for j in range(len(g.choices))])
        for si, s in enumerate(model.syms):
            self.svars.append([f"a{si:03d}_{r:02d}" for r in range(len(s.options))])
        # static upper bounds per type (for the reason and pruning)
        self.has_filters = any(c.inp for g in model.groups for c in g.choices)
        # units that may pay more than their own type (spend-as-though effects): exact checks by max flow
        self.wild = any(len(u[0]) > 1 for g in model.groups for c in g.choices for u in c.units)
        self._cache: dict = {}
        self._needs_cache: dict = {}
        self._allg = [v for names in self.gvars for v in names]
        flat = [(v, c) for g, names in zip(model.groups, self.gvars) for c, v in zip(g.choices, names)]
        self._pvars = [(v, c) for v, c in flat if not c.filter]
        self._fvars = [(v, c) for v, c in flat if c.filter]
        self._fvlist = [v for v, _ in self._fvars]
        self._fcache: dict = {}
        self._back_memo: dict = {}

    # ---- demand and supply of a complete assignment ------------------------
    def spell_demand(self, a: Mapping[str, int]) -> tuple[Counter, int]:
        d = Counter(self.m.fixed)
        life = 0
        for s, names in zip(self.m.syms, self.svars):
            for opt, v in zip(s.options, names):
                n = a[v]
                if not n:
                    continue
                if opt == ("2life",):
                    life += 2 * n
                else:
                    for tok in opt:
                        d[tok] += n
        return d, life

    def feasible(self, a: Mapping[str, int], spell_demand: Counter | None = None, sd_key: tuple | None = None) -> bool:
        """Exact: the chosen uses pay the announced cost (with filter ordering). Cached per assignment.
        ``sd_key``: ``tuple(sorted(spell_demand.items()))`` when the caller has it."""
        if spell_demand is None:
            spell_demand, _ = self.spell_demand(a)
            sd_key = None
        if sd_key is None:
            sd_key = tuple(sorted(spell_demand.items()))
        key = (sd_key, tuple(map(a.__getitem__, self._allg)))
        got = self._cache.get(key)
        if got is None:
            got = self._feasible(a, spell_demand, key[0])
            if len(self._cache) > 200000:
                self._cache.clear()
            self._cache[key] = got
        return got

    def _feasible(self, a: Mapping[str, int], spell_demand: Counter, sd_key: tuple = ()) -> bool:
        base: dict = {}
        for v, c in self._pvars:
            n = a[v]
            if n:
                for u in c.units:
                    base[u] = base.get(u, 0) + n
        fvals = tuple(map(a.__getitem__, self._fvlist))
        if not any(fvals):
            usable: dict = {}
            for u, n in base.items():
                if u[2]:
                    k = (u[0], u[1])
                    usable[k] = usable.get(k, 0) + n
            if self.wild:
                return _maxflow_ok(Counter({(t, sn, True, False): n for (t, sn), n in usable.items()}),
                                   Counter({("spell", t): n for t, n in spell_demand.items() if n}))
            return _hall_ok(usable, spell_demand)
        # with filters: an activation order must exist in which each filter's input is paid by mana made
        # before it, and the spell by the rest. The orders are searched once per (spell demand, filter
        # multiset), backwards, giving the least the plain mana must pay (``_base_needs``); then an exact
        # Hall / flow check of the plain mana against each of those needs. Everything that depends only on
        # the filter uses is computed once per (spell demand, filter uses).
        fk = (sd_key or tuple(sorted(spell_demand.items())), fvals)
        ent = self._fcache.get(fk)
        if ent is None:
            filt: dict = {}
            for (v, c), n in zip(self._fvars, fvals):
                if n:
                    filt[c] = filt.get(c, 0) + n
            out_avail: dict = {}
            out_total = 0
            need_t: dict = {t: n for t, n in spell_demand.items() if t in MANA_TYPES and n}
            need_total = sum(spell_demand.values())
            for c, n in filt.items():
                for u in c.units:
                    out_total += n
                    if u[2] or u[3]:
                        for t in u[0]:
                            out_avail[t] = out_avail.get(t, 0) + n
                for tok in c.inp:
                    need_total += n
                    if tok in MANA_TYPES:
                        need_t[tok] = need_t.get(tok, 0) + n
            ent = (out_avail, out_total, need_t, need_total, self._base_needs(spell_demand, filt))
            self._fcache[fk] = ent
        out_avail, out_total, need_t, need_total, needs = ent
        # cheap necessary conditions first: all the mana made, the filters' outputs included, covers the
        # spell and the filters' inputs in total and type by type
        if sum(base.values()) + out_total < need_total:
            return False
        if need_t:
            avail = dict(out_avail)
            for u, n in base.items():
                if u[2] or u[3]:
                    for t in u[0]:
                        avail[t] = avail.get(t, 0) + n
            for tok, need in need_t.items():
                if need > avail.get(tok, 0):
                    return False
        if not self.wild and all(u[2] == u[3] for u in base):
            # every plain unit may pay a filter's input and the spell alike, and only its own type:
            # Hall's closed form on the per-token need
            usable = {}
            for u, n in base.items():
                if u[2]:
                    k = (u[0], u[1])
                    usable[k] = usable.get(k, 0) + n
            return any(_hall_ok(usable, merged) for _, merged in needs)
        return any(_maxflow_ok(base, need) for need, _ in needs)

    def _base_needs(self, spell_demand: Counter, filt: Counter) -> list[tuple[Counter, Counter]]:
        """The minimal demands ``{(target, token): n}`` that the plain (non-filter) mana must pay so that
        the filter uses ``filt`` can be activated in some order and, with them, the spell demand paid
        (CR 601.2g, 605.3a: a filter's input is paid with mana already made; its own output cannot pay it).

        Exact, by going through the order backwards: the filter activated last can pay, with its outputs,
        only what is still owed (spell symbols and inputs of filters after it); then its own input is owed
        by mana made before it. Identical filter uses are interchangeable, so each step tries each distinct
        use once; states (filters left, owed) are memoized. The answer depends only on the spell demand and
        the filter multiset, so it is cached for every plain-mana vector checked against it."""
        key = (frozenset(spell_demand.items()), frozenset(filt.items()))
        got = self._needs_cache.get(key)
        if got is not None:
            return got
        if sum(filt.values()) > MAX_FILTER_ACTIVATIONS:
            # documented limit: never treat an unsearched combination as "not payable"
            raise Unsupported(f"a payment with more than {MAX_FILTER_ACTIVATIONS} filter activations "
                              f"({sum(filt.values())} here) is not searched")
        memo = self._back_memo  # (filters left, owed) -> minimal needs; independent of the spell demand

        def back(rem: frozenset, owed: frozenset) -> frozenset:
            if not rem:
                return frozenset((owed,))
            mk = (rem, owed)
            hit = memo.get(mk)
            if hit is not None:
                return hit
            out: set = set()
            remc = dict(rem)
            for c in remc:
                r2 = dict(remc)
                r2[c] -= 1
                if not r2[c]:
                    del r2[c]
                r2f = frozenset(r2.items())
                for left in _absorb(c.units, dict(owed)):
                    for tok in c.inp:
                        left[("act", tok)] = left.get(("act", tok), 0) + 1
                    out |= back(r2f, frozenset(left.items()))
            res = frozenset(_minimal(out))
            memo[mk] = res
            return res

        start = frozenset((("spell", t), n) for t, n in spell_demand.items() if n)
        got = []
        for o in _minimal(back(frozenset(filt.items()), start)):
            need = Counter(dict(o))
            merged: Counter = Counter()
            for (_, tok), n in need.items():
                merged[tok] += n
            got.append((need, merged))
        self._needs_cache[key] = got
        return got

    def life(self, a: Mapping[str, int]) -> int:
        _, life = self.spell_demand(a)
        life += self.m.base_life
        for g, names in zip(self.m.groups, self.gvars):
            for c, v in zip(g.choices, names):
                if a[v] and c.life:
                    life += c.life * a[v]
        return life

    def irredundant(self, a: dict[str, int], spell_demand: Counter, sd_key: tuple | None = None) -> bool:
        if sd_key is None:
            sd_key = tuple(sorted(spell_demand.items()))
        for names in self.gvars:
            for v in names:
                if a[v]:
                    a[v] -= 1
                    ok = self.feasible(a, spell_demand, sd_key)
                    a[v] += 1
                    if ok:
                        return False
        return True

    def accept(self, a: dict[str, int]) -> bool:
        d, _ = self.spell_demand(a)
        if not life_payable(self.life(a), self.m.life_total):
            return False
        return self.feasible(a, d) and self.irredundant(a, d)


def _absorb(units: Sequence[_Unit], owed: dict) -> list[dict]:
    """Every way the output ``units`` of one activation pay part of ``owed`` ({(target, token): n}),
    each unit paying one owed token it is compatible with (or nothing, when it can pay none): what is left
    owed, deduplicated."""
    outs = [owed]
    for u in units:
        nxt = []
        seen = set()
        for o in outs:
            paid = False
            for k, n in o.items():
                if n and _compatible(u, k[0], k[1]):
                    paid = True
                    o2 = dict(o)
                    if n == 1:
                        del o2[k]
                    else:
                        o2[k] = n - 1
                    fk = frozenset(o2.items())
                    if fk not in seen:
                        seen.add(fk)
                        nxt.append(o2)
            # leaving a unit unused when it could pay something owes a superset: never minimal
            # (what less is owed needs at most as much plain mana), so only units that can pay nothing go unused
            if not paid:
                fk = frozenset(o.items())
                if fk not in seen:
                    seen.add(fk)
                    nxt.append(o)
        outs = nxt
    return [dict(o) for o in outs]


def _minimal(needs: Iterable[frozenset]) -> list[frozenset]:
    """The needs that contain no other need (whatever pays a larger need also pays the smaller one inside it)."""
    items = sorted(set(needs), key=lambda f: sum(n for _, n in f))
    out: list[tuple[frozenset, dict]] = []
    for f in items:
        d = dict(f)
        if any(all(d.get(k, 0) >= n for k, n in od.items()) for _, od in out):
            continue
        out.append((f, d))
    return [f for f, _ in out]


# ---------------------------------------------------------------------------
# The constraint problem
# ---------------------------------------------------------------------------


class _PaymentConstraint(constraint.Constraint):
    """Global constraint: bound pruning on partial assignments, exact check on complete ones."""

    def __init__(self, ev: _Evaluator, prune: bool = True) -> None:
        self.ev = ev
        self.prune = prune
        m = ev.m
        # per group: per choice, units per type usable for the spell (max over choices), totals
        self._gmax: list[tuple[Counter, int]] = []
        for g in m.groups:
            per_type: Counter = Counter()
            tot = 0
            for c in g.choices:
                cnt = Counter(t for u in c.units if u[2] for t in u[0])
                for t, n in cnt.items():
                    per_type[t] = max(per_type[t], n)
                tot = max(tot, sum(1 for u in c.units if u[2]) - (0 if c.filter else 0))
            self._gmax.append((per_type, tot))
        self._min_fixed_total = sum(m.fixed.values())
        # irredundancy bound: every activation used contributes at least one unit to some demand, so
        # (non-filter uses) + sum over filter uses of (1 - input size) <= the spell's mana demand
        self._slack = [[(1 - len(c.inp)) for c in g.choices] for g in m.groups]
        # every variable of a choice that is not a filter, including the plain choices of a permanent that
        # also has a filter ability (Fire-Lit Thicket's {T}: Add {C}): the reachability check below may
        # only run once all of them are decided, or it misses plain mana that is still to come
        self._base_vars = [v for g, names in zip(m.groups, ev.gvars) for c, v in zip(g.choices, names) if not c.filter]
        self._filter_vars = [(v, c) for g, names in zip(m.groups, ev.gvars) if any(c.filter for c in g.choices)
                             for v, c in zip(names, g.choices)]
        self._future_min = [sum(min(0, k * g.size) for k in ks) for g, ks in zip(m.groups, self._slack)]
        self.allvars = [v for names in ev.gvars for v in names] + [v for names in ev.svars for v in names]

    def __call__(self, variables, domains, assignments, forwardcheck=False):
        ev = self.ev
        complete = len(assignments) == len(self.allvars)
        if not self.prune:
            return ev.accept(assignments) if complete else True
        if not self._bounds_ok(assignments):
            return False
        return ev.accept(assignments) if complete else True

    def _bounds_ok(self, assignments) -> bool:
        ev = self.ev
        m = ev.m
        # least demand so far (by type) and least life
        dem = Counter(m.fixed)
        life = m.base_life
        unassigned_sym_min_total = 0
        for s, names in zip(m.syms, ev.svars):
            left = s.count
            for opt, v in zip(s.options, names):
                n = assignments.get(v)
                if n is None:
                    continue
                left -= n
                if opt == ("2life",):
                    life += 2 * n
                else:
                    for tok in opt:
                        dem[tok] += n
            if left > 0:
                # each remaining symbol needs at least its smallest mana option unless life
                mins = [0 if o == ("2life",) else len(o) for o in s.options]
                unassigned_sym_min_total += left * min(mins)
        # the most mana the spell can still ask for (unassigned symbols at their largest option)
        spell_max = sum(dem.values())
        for s, names in zip(m.syms, ev.svars):
            left = s.count - sum(assignments.get(v, 0) for v in names)
            if left > 0:
                spell_max += left * max(0 if o == ("2life",) else len(o) for o in s.options)
        # most supply still possible
        sup: Counter = Counter()
        sup_total = 0
        act_min = 0
        uses = 0
        idem: Counter = Counter()  # typed demand of filter inputs
        fixed_sup: Counter = Counter()  # mana of the assigned uses
        flex_cap = 0  # most units the unassigned items can still add
        for g, names, (gmax, gtot), ks, fmin in zip(m.groups, ev.gvars, self._gmax, self._slack, self._future_min):
            used = 0
            all_assigned = True
            for c, v, k in zip(g.choices, names, ks):
                n = assignments.get(v)
                if n is None:
                    all_assigned = False
                    if k < 0:
                        uses += k * g.size
                    continue
                used += n
                uses += k * n
                if n:
                    if c.life:
                        life += c.life * n
                    act_min += len(c.inp) * n
                    for tok in c.inp:
                        if tok in MANA_TYPES:
                            idem[tok] += n
                    for u in c.units:
                        if u[2]:
                            for t in u[0]:
                                sup[t] += n
                                fixed_sup[t] += n
                            sup_total += n
            if not all_assigned:
                left = g.size - used
                if left > 0:
                    for t, k in gmax.items():
                        sup[t] += left * k
                    sup_total += left * gtot
                    flex_cap += left * gtot
        if not life_payable(life, m.life_total):  # life only grows as more is assigned
            return False
        if uses > spell_max:
            return False
        for t in MANA_TYPES:
            if dem.get(t, 0) + idem.get(t, 0) > sup.get(t, 0):
                return False
        # Hall over all types together: the typed shortfall of the assigned sources must fit in the
        # remaining items, each item filling at most its own units (an any-colour source fills one)
        short = sum(max(0, dem.get(t, 0) + idem.get(t, 0) - fixed_sup.get(t, 0)) for t in MANA_TYPES)
        if short > flex_cap:
            return False
        if sum(v for k, v in dem.items()) + unassigned_sym_min_total + act_min > sup_total + 0 * act_min:
            # filter inputs are paid from the same pool of mana as the spell (outputs counted in sup_total)
            return False
        return self._reachable(assignments)

    def _reachable(self, assignments) -> bool:
        """Filter ordering, necessary condition (CR 601.2g, 605.3a): once every plain source is chosen,
        each filter used must become payable, by mana types, from plain mana and filters before it."""
        if not self._filter_vars or any(v not in assignments for v in self._base_vars):
            return True
        used = [c for v, c in self._filter_vars if assignments.get(v)]
        if not used:
            return True
        types: set = set()
        for g, names in zip(self.ev.m.groups, self.ev.gvars):
            for c, v in zip(g.choices, names):
                if not c.filter and assignments.get(v):
                    types.update(t for u in c.units if u[3] and u[0] != "1" for t in u[0])
        pending = list(used)
        changed = True
        while pending and changed:
            changed = False
            for c in list(pending):
                if all((tok in types) if tok in MANA_TYPES else bool(types) for tok in c.inp):
                    types.update(t for u in c.units if u[3] for t in u[0])
                    pending.remove(c)
                    changed = True
        return not pending


class _OrderedSolver(constraint.OptimizedBacktrackingSolver):
    def __init__(self, order: list[str]) -> None:
        super().__init__(forwardcheck=False)
        self._order = order

    def getSortedVariables(self, domains, vconstraints):  # noqa: N802 (library API)
        return [v for v in self._order if v in domains]


def _problem(model: _Model, prune: bool = True) -> tuple[constraint.Problem, _Evaluator]:
    ev = _Evaluator(model)
    order: list[str] = []
    # symbols first (they fix the demand), then groups with few items (scarce) first
    for names in ev.svars:
        order.extend(names)
    # filters first, trying zero first (the solver pops from the end of a domain), then plain
    # sources with fewer choices first, trying their largest count first: the first branch looks
    # for a payment without filters, which is where a witness usually is.
    def is_filter(g: _Group) -> bool:
        return any(c.filter for c in g.choices)

    gorder = sorted(range(len(model.groups)), key=lambda i: (not is_filter(model.groups[i]), len(model.groups[i].choices),
                                                             model.groups[i].size))
    for i in gorder:
        order.extend(ev.gvars[i])
    p = constraint.Problem(_OrderedSolver(order) if prune else constraint.BacktrackingSolver(forwardcheck=False))
    for g, names in zip(model.groups, ev.gvars):
        for v in names:
            if prune:
                p.addVariable(v, list(range(g.size, -1, -1)) if is_filter(g) else list(range(0, g.size + 1)))
            else:
                p.addVariable(v, list(range(0, g.size + 1)))
        if len(names) > 1:
            p.addConstraint(constraint.MaxSumConstraint(g.size), names)
    for s, names in zip(model.syms, ev.svars):
        for v in names:
            p.addVariable(v, list(range(0, s.count + 1)))
        p.addConstraint(constraint.ExactSumConstraint(s.count), names)
    allv = [v for names in ev.gvars for v in names] + [v for names in ev.svars for v in names]
    if allv:
        p.addConstraint(_PaymentConstraint(ev, prune), allv)
    return p, ev


def _to_payment(model: _Model, ev: _Evaluator, a: Mapping[str, int]) -> Payment:
    ann_parts: list[str] = []
    fixed_gen = model.fixed.get("1", 0)
    spell_dem, _ = ev.spell_demand(a)
    gen = spell_dem.get("1", 0)
    if gen:
        ann_parts.append("{" + str(gen) + "}")
    for tok in ("C", "S", "W", "U", "B", "R", "G"):
        ann_parts.extend(["{" + tok + "}"] * spell_dem.get(tok, 0))
    life_sym = 0
    for s, names in zip(model.syms, ev.svars):
        for opt, v in zip(s.options, names):
            if opt == ("2life",):
                life_sym += 2 * a[v]
    if life_sym:
        ann_parts.append(f"({life_sym} life)")
    del fixed_gen
    uses: list[Use] = []
    sources = 0
    mult = 1
    for g, names in zip(model.groups, ev.gvars):
        counts = [a[v] for v in names]
        used = sum(counts)
        if not used:
            continue
        # multinomial: which items of the group are used which way
        if g.item:
            mult *= math.factorial(g.size) // (math.factorial(g.size - used) * math.prod(math.factorial(c) for c in counts))
        for c, n in zip(g.choices, counts):
            if n:
                uses.append(Use(c.kind, g.name, g.ids, n, c.ability_index, c.ability, c.mana, c.inp_text, c.life, c.taps))
        if g.once:
            sources += used
    for s, names in zip(model.syms, ev.svars):
        counts = [a[v] for v in names]
        mult *= math.factorial(s.count) // math.prod(math.factorial(c) for c in counts)
    return Payment("".join(ann_parts), tuple(uses), ev.life(a), sources, mult)


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def iter_payments(state: GameState, player: str, total_cost: Any, *, spell_card: Any = None,
                  exclude_permanents: Iterable[str] = (), extra: Iterable[ExtraPayer] = (),
                  sources: Sequence[ManaSource] | None = None) -> Iterator[Payment]:
    """Every irredundant payment of ``total_cost`` by ``player``, lazily (identical sources collapsed).

    Parameters
    ----------
    state : GameState
    player : str, the player paying.
    total_cost : ManaCost, str (``"{2}{W/P}"``) or ``solver.costs.TotalCost`` (its ``mana`` and ``life``).
        {X} must already be replaced by its value (CR 601.2b, 107.3a).
    spell_card : Card, optional; the spell being cast: decides spend restrictions (CR 106.6) and
        lets ``PAYMENT_EXTENSIONS`` add convoke/improvise/delve payers. ``None``: an ability's cost.
    exclude_permanents : ids of permanents whose {T}/{Q} is part of the cost being paid; they cannot
        also be tapped for mana (CR 601.2g-h, 107.5).
    extra : further ``ExtraPayer`` objects for this call.
    sources : override the mana sources (default ``solver.sources.mana_sources``).

    Returns
    -------
    iterator of Payment (see the module docstring for what counts as distinct).

    Raises
    ------
    PaymentProblem : {X} not chosen, or an unpayable mana component (CR 118.6).
    """
    model = build_model(state, player, total_cost, spell_card=spell_card, exclude_permanents=exclude_permanents,
                        extra=extra, sources=sources)
    yield from _iter_model(model)


def _iter_model(model: _Model) -> Iterator[Payment]:
    p, ev = _problem(model)
    if not ev.gvars and not ev.svars:
        if life_payable(model.base_life, model.life_total):
            if not model.fixed:
                yield Payment("", (), model.base_life, 0, 1)
        return
    for a in p.getSolutionIter():
        yield _to_payment(model, ev, a)


def _undecided_message(undecided: Mapping[str, Sequence[str]]) -> str:
    parts = []
    for code, who in sorted(undecided.items()):
        why = "not modelled"
        if code == "creature_spell_of_chosen_type":
            why = "no creature type is recorded in its choices (choices: {creature_type: ...})"
        elif code == "eldrazi":
            why = "whether the ability's source is a colorless Eldrazi is not known here"
        parts.append(f"mana of {', '.join(who)} restricted to “{code}” ({why})")
    return ("the spend restriction of " + "; ".join(parts) + " decides the answer, and it is not modelled "
            "(CR 106.6): that mana was not spent, but the cost can be paid only with it")


def find_payment(state: GameState, player: str, total_cost: Any, **kw: Any) -> Payment | None:
    """One payment of ``total_cost`` (a witness), or ``None`` when it cannot be paid.

    Same parameters as ``iter_payments``; exact (the search is exhaustive before saying ``None``).

    Raises
    ------
    Unsupported : no payment exists without mana whose spend restriction is not modelled (or cannot
        be decided, e.g. Cavern of Souls with no chosen type), but one would exist with it (CR 106.6).
    """
    model = build_model(state, player, total_cost, **kw)
    pay = next(_iter_model(model), None)
    if pay is None and model.undecided:
        wider = build_model(state, player, total_cost, assume_undecided=True, **kw)
        if next(_iter_model(wider), None) is not None:
            raise Unsupported(_undecided_message(model.undecided))
    if pay is None and model.unmodelled_spend:
        raise Unsupported(_spend_message(model.unmodelled_spend))
    return pay


def _spend_message(names: Sequence[str]) -> str:
    return ("no payment was found, but " + ", ".join(names) + " let mana be spent “as though” it were other mana in a "
            "way that is not modelled (CR 609.4b), so the answer cannot be given")


def count_payments(state: GameState, player: str, total_cost: Any, **kw: Any) -> tuple[int, int]:
    """Count the payments: ``(collapsed, individual)``, combinatorially (``_count_model``).

    ``collapsed`` counts payments with identical sources collapsed (see module docstring);
    ``individual`` counts them with every permanent, pool mana and symbol told apart.
    Same parameters as ``iter_payments``; equals counting ``iter_payments`` (tests check it).

    Raises
    ------
    Unsupported : mana whose spend restriction is not modelled would add payments (CR 106.6).
    """
    model = build_model(state, player, total_cost, **kw)
    if model.unmodelled_spend:
        raise Unsupported(_spend_message(model.unmodelled_spend).replace("no payment was found, but ", ""))
    got = _count_model(model)
    if model.undecided:
        wider = _count_model(build_model(state, player, total_cost, assume_undecided=True, **kw))
        if wider != got:
            raise Unsupported(_undecided_message(model.undecided).replace(
                "the cost can be paid only with it", "some payments would spend it"))
    return got


def count_payments_enumerated(state: GameState, player: str, total_cost: Any, **kw: Any) -> tuple[int, int]:
    """``count_payments`` by listing every payment of ``iter_payments`` (the reference for the tests)."""
    n = tot = 0
    for pay in iter_payments(state, player, total_cost, **kw):
        n += 1
        tot += pay.multiplicity
    return n, tot


# ---------------------------------------------------------------------------
# Counting without listing
# ---------------------------------------------------------------------------
# A group is *simple* when each of its choices adds exactly one unit of mana (or one extra payer's unit)
# with no input, no life and no filter: basics, any-colour lands, Birds, delved cards, pool mana.
# Whether a payment is feasible and irredundant depends on its simple uses only through how many units
# of each *kind* (type, snow, spell_ok, act_ok) they add: units of one kind are interchangeable in
# every check (and removing one simple use removes one unit of its kind). So the count is
#     sum over (symbol announcements, uses of the other groups, simple kind totals t) that are accepted
#         of  (number of ways the simple groups make exactly t)
# and the number of ways is a dynamic programme over the simple groups (collapsed: vectors of counts
# per choice; individual: with the multinomial of which items of a group are used which way). Only
# the kind totals are checked, never each colour assignment of each any-colour source.


def _compositions(total: int, parts: int, exact: bool) -> Iterator[tuple[int, ...]]:
    """Vectors of ``parts`` non-negative ints summing to ``total`` (exact) or at most ``total``."""
    if parts == 0:
        if total == 0 or not exact:
            yield ()
        return
    if parts == 1:
        if exact:
            yield (total,)
        else:
            for i in range(total + 1):
                yield (i,)
        return
    for i in range(total + 1):
        for rest in _compositions(total - i, parts - 1, exact):
            yield (i,) + rest


def _multinomial(size: int, counts: Sequence[int]) -> int:
    out = 1
    left = size
    for c in counts:
        out *= math.comb(left, c)
        left -= c
    return out


def _simple(g: _Group) -> bool:
    return all(len(c.units) == 1 and not c.inp and not c.life and not c.filter for c in g.choices)


def _simple_table(groups: list[_Group], kinds: dict, tmax: int) -> dict[tuple, list[int]]:
    """vector of unit counts per kind (total <= tmax) -> [collapsed ways, individual ways]."""
    k = len(kinds)
    dp: dict[tuple, list[int]] = {(0,) * k: [1, 1]}
    for g in groups:
        # one choice at a time, state (vector, items of g used so far); weights are binomials
        cur: dict[tuple, list[int]] = {(v, 0): w for v, w in dp.items()}
        for ch in g.choices:
            ki = kinds[ch.units[0]]
            nxt: dict[tuple, list[int]] = {}
            for (v, used), (c, ind) in cur.items():
                room = min(g.size - used, tmax - sum(v))
                for n in range(room + 1):
                    if n:
                        v2 = v[:ki] + (v[ki] + n,) + v[ki + 1:]
                        mult = math.comb(g.size - used, n) if g.item else 1
                    else:
                        v2, mult = v, 1
                    key = (v2, used + n)
                    e = nxt.get(key)
                    if e is None:
                        nxt[key] = [c, ind * mult]
                    else:
                        e[0] += c
                        e[1] += ind * mult
            cur = nxt
        dp = {}
        for (v, _), (c, ind) in cur.items():
            e = dp.get(v)
            if e is None:
                dp[v] = [c, ind]
            else:
                e[0] += c
                e[1] += ind
    return dp


def _count_model(model: _Model) -> tuple[int, int]:
    """``(collapsed, individual)`` payments of a model, without listing them (see the comment above)."""
    if not model.groups and not model.syms:
        ok = life_payable(model.base_life, model.life_total) and not model.fixed
        return (1, 1) if ok else (0, 0)
    simple = [g for g in model.groups if _simple(g)]
    complex_ = [g for g in model.groups if not _simple(g)]
    kinds: dict = {}
    for g in simple:
        for c in g.choices:
            kinds.setdefault(c.units[0], len(kinds))
    kind_list = list(kinds)
    spell_max = sum(model.fixed.values()) + sum(
        s.count * max(0 if o == ("2life",) else len(o) for o in s.options) for s in model.syms)
    tmax = spell_max + sum(g.size * max(0, max(len(c.inp) - 1 for c in g.choices)) for g in complex_)
    table = _simple_table(simple, kinds, tmax)
    by_total: dict[int, list[tuple[tuple, list[int]]]] = {}
    for v, w in table.items():
        by_total.setdefault(sum(v), []).append((v, w))
    # the checks run on a model whose simple groups are replaced by one group per kind
    kind_groups = [_Group(("kind", k), "kind", (), tmax, [_Choice("mana_ability", (k,), "", (), "", 0, None, "", False, False)],
                          False, False) for k in kind_list]
    syn = _Model(complex_ + kind_groups, model.syms, model.fixed, model.base_life, model.life_total, [], model.cost)
    ev = _Evaluator(syn)
    nc = len(complex_)
    kind_vars = [ev.gvars[nc + i][0] for i in range(len(kind_list))]
    # per group / symbol: its compositions with their individual weights
    gcomps = []
    for g in complex_:
        opts = []
        for comp in _compositions(g.size, len(g.choices), exact=False):
            opts.append((comp, _multinomial(g.size, comp) if g.item else 1))
        gcomps.append(opts)
    scomps = []
    for sg in model.syms:
        scomps.append([(comp, _multinomial(sg.count, comp)) for comp in _compositions(sg.count, len(sg.options), exact=True)])
    collapsed = individual = 0
    a: dict[str, int] = {}
    for sconf in itertools.product(*scomps):
        sweight = 1
        for (comp, w), names in zip(sconf, ev.svars):
            sweight *= w
            for v, n in zip(names, comp):
                a[v] = n
        dem, sym_life = ev.spell_demand(a)
        dem_key = tuple(sorted(dem.items()))
        n_dem = sum(dem.values())
        for gconf in itertools.product(*gcomps):
            gweight = sweight
            uses = units = inp = life = 0
            for (comp, w), g, names in zip(gconf, complex_, ev.gvars):
                gweight *= w
                for v, n, c in zip(names, comp, g.choices):
                    a[v] = n
                    if n:
                        uses += n * (1 - len(c.inp))
                        units += n * len(c.units)
                        inp += n * len(c.inp)
                        life += n * c.life
            life += sym_life + model.base_life
            if not life_payable(life, model.life_total):
                continue
            lo = max(0, n_dem + inp - units)
            hi = min(tmax, n_dem - uses)
            for k in range(lo, hi + 1):
                for v, (wc, wi) in by_total.get(k, ()):
                    for var, n in zip(kind_vars, v):
                        a[var] = n
                    if ev.feasible(a, dem, dem_key) and ev.irredundant(a, dem, dem_key):
                        collapsed += wc
                        individual += wi * gweight
    return collapsed, individual


def plain_count(state: GameState, player: str, total_cost: Any, **kw: Any) -> int:
    """Count payments with the plain encoding (the benchmark's baseline): one variable per permanent
    (which of its uses, or unused) and one per multi-way symbol (which half), a single
    ``FunctionConstraint`` checked on complete assignments, no collapsing, no bound pruning,
    python-constraint's default order. Equals ``count_payments(...)[1]`` (tests check it).
    """
    model = build_model(state, player, total_cost, spell_card=kw.get("spell_card"),
                        exclude_permanents=kw.get("exclude_permanents", ()), extra=kw.get("extra", ()),
                        sources=kw.get("sources"), collapse=False)
    ev = _Evaluator(model)
    if not ev.gvars and not ev.svars:
        return 1 if not model.fixed and life_payable(model.base_life, model.life_total) else 0
    p = constraint.Problem(constraint.BacktrackingSolver(forwardcheck=False))
    readers = []
    for gi, (g, names) in enumerate(zip(model.groups, ev.gvars)):
        if g.size == 1:
            v = f"p{gi:03d}"
            p.addVariable(v, list(range(-1, len(g.choices))))
            readers.append((v, names, "index"))
        else:
            for n in names:
                p.addVariable(n, list(range(0, g.size + 1)))
                readers.append((n, [n], "count"))
            if len(names) > 1:
                p.addConstraint(constraint.MaxSumConstraint(g.size), names)
    for si, (s, names) in enumerate(zip(model.syms, ev.svars)):
        v = f"y{si:03d}"
        p.addVariable(v, list(range(len(s.options))))
        readers.append((v, names, "index"))

    def check(*vals):
        a: dict[str, int] = {}
        for (v, names, how), val in zip(readers, vals):
            if how == "index":
                for j, n in enumerate(names):
                    a[n] = 1 if j == val else 0
            else:
                a[v] = val
        return ev.accept(a)

    p.addConstraint(constraint.FunctionConstraint(check), [r[0] for r in readers])
    return sum(1 for _ in p.getSolutionIter())


MEASURES = ("life", "sources")


def best_payment(payments: Iterable[Payment], minimize: str = "life", keep_untapped: Iterable[str] = ()) -> Payment | None:
    """The best payment by a stated measure, among all payments given (exhaustive: every one is compared).

    Parameters
    ----------
    payments : iterable of Payment (e.g. ``iter_payments(...)``).
    minimize : ``"life"`` (least life paid, then fewest sources) or ``"sources"`` (fewest
        permanents used, then least life).
    keep_untapped : permanent ids or card names to keep untapped: payments using fewer of them
        come first, before the measure.

    Returns
    -------
    Payment or None (no payment).
    """
    if minimize not in MEASURES:
        raise ValueError(f"unknown measure {minimize!r}; measures are {', '.join(MEASURES)}")
    keep = {str(k).casefold() for k in keep_untapped}

    def kept_used(p: Payment) -> int:
        n = 0
        for u in p.uses:
            if u.kind == "pool":
                continue
            if u.name.casefold() in keep:
                n += u.count
            else:
                # the use taps ``count`` of its interchangeable permanents: as many kept ones as cannot be avoided
                kept_here = sum(1 for i in u.ids if i.casefold() in keep)
                n += max(0, u.count - (len(u.ids) - kept_here))
        return n

    def key(p: Payment):
        m = (p.life, p.sources) if minimize == "life" else (p.sources, p.life)
        return (kept_used(p),) + m

    best = None
    bk = None
    for p in payments:
        k = key(p)
        if best is None or k < bk:
            best, bk = p, k
    return best


# ---------------------------------------------------------------------------
# Why a cost cannot be paid
# ---------------------------------------------------------------------------


def explain_unpayable(state: GameState, player: str, total_cost: Any, *, spell_card: Any = None,
                      exclude_permanents: Iterable[str] = (), extra: Iterable[ExtraPayer] = (),
                      sources: Sequence[ManaSource] | None = None) -> str:
    """The reason no payment exists, in player terms (call it after the search found none).

    Looks, in order, at: life (CR 119.4, 118.3), each colour (and {C}, {S}) on its own (how many are
    needed at least, how many the sources could make, which sources could produce it), the total
    amount of mana, and otherwise says that the sources cannot cover every symbol at once.
    """
    model = build_model(state, player, total_cost, spell_card=spell_card, exclude_permanents=exclude_permanents,
                        extra=extra, sources=sources)
    life_total = model.life_total
    if model.no_mana:
        return (f"no mana can be spent to cast {spell_card.name} (its own text), and convoke and delve cannot pay "
                f"{total_cost_str(model.cost)} on their own (CR 702.51a, 702.66a)")
    # least life: Phyrexian paid with mana wherever possible
    if not life_payable(model.base_life, life_total):
        return f"the cost includes paying {model.base_life} life but {player} has {life_total} life (CR 119.4, 118.3)"
    need = Counter(model.fixed)
    for s in model.syms:
        # a symbol whose every option needs the same colour forces it only if no life/other option
        pass
    can = Counter()
    who: dict[str, list[str]] = {t: [] for t in MANA_TYPES + ("S",)}
    total = 0
    for g in model.groups:
        best_t: Counter = Counter()
        tot = 0
        for c in g.choices:
            if c.filter and False:
                continue
            cnt = Counter(t for u in c.units if u[2] for t in u[0])
            for t, n in cnt.items():
                best_t[t] = max(best_t[t], n)
            snow_n = sum(1 for u in c.units if u[2] and u[1])
            best_t["S"] = max(best_t["S"], snow_n)
            tot = max(tot, sum(1 for u in c.units if u[2]) - len(c.inp))
        for t, n in best_t.items():
            if n and t != "1":
                can[t] += n * g.size
                who.setdefault(t, []).append(g.name + (f" ×{g.size}" if g.size > 1 else ""))
        total += max(tot, 0) * g.size
    for t in MANA_TYPES + ("S",):
        d = need.get(t, 0)
        if d > can.get(t, 0):
            what = "mana from a snow source" if t == "S" else f"{COLOR_NAMES[t]} mana" + (" ({C}, not generic, CR 107.4c)" if t == "C" else "")
            srcs = ", ".join(who.get(t, [])) or "none"
            return (f"short of {what}: the cost needs {d} but the available sources could make at most {can.get(t, 0)} "
                    f"(short by {d - can.get(t, 0)}); sources that could produce it: {srcs}")
    min_total = sum(need.values()) + sum(s.count * min(0 if o == ("2life",) else len(o) for o in s.options) for s in model.syms)
    if min_total > total:
        return (f"not enough mana: the cost needs at least {min_total} mana "
                f"({'after paying life for Phyrexian symbols, ' if any(('2life',) in s.options for s in model.syms) else ''}"
                f"{total_cost_str(model.cost)}) but the available sources make at most {total}")
    phy = sum(s.count for s in model.syms if ("2life",) in s.options)
    if phy and life_total < 2:
        return f"{player} has {life_total} life, so no Phyrexian symbol can be paid with 2 life (CR 119.4, 107.4f), and the mana is short"
    return ("the available sources cannot pay every symbol at once: each source can be used once, and the "
            "colours they can make do not cover the cost together (every combination was tried)")


def total_cost_str(cost: ManaCost) -> str:
    """Canonical notation of a cost (``{0}`` when nothing is left, CR 118.5)."""
    c = cost.canonical()
    return str(c) if len(c) else "{0}"


# ---------------------------------------------------------------------------
# Question handlers: cast, payments; the activate check
# ---------------------------------------------------------------------------

from types import SimpleNamespace  # noqa: E402

from .basic import ACTIVATION_CHECKS, mana_value as _mana_value  # noqa: E402
from .questions import Answer, Context, QuestionError, Unsupported, question  # noqa: E402


def _cast_setup(ctx: Context):
    from . import costs as costs_mod  # registers the cost parsers (models.costs) via its import

    card = ctx.card(ctx.arg("card"))
    player = ctx.player(ctx.arg("player", None))
    zone = str(ctx.arg("from", "hand"))
    x = ctx.arg("x", 0)
    if isinstance(x, bool) or not isinstance(x, int) or x < 0:
        raise QuestionError(f"'x' must be a whole number of at least 0, got {x!r}")
    kicked = ctx.arg("kicked", 0)
    if not isinstance(kicked, (bool, int)) or kicked < 0:
        raise QuestionError(f"'kicked' must be true/false or a number of times, got {kicked!r}")
    additional = ctx.arg("additional", [])
    if isinstance(additional, str):
        additional = [additional]
    if not isinstance(additional, list) or not all(isinstance(a, str) for a in additional):
        raise QuestionError(f"'additional' names the optional additional costs paid (e.g. [buyback]), got {additional!r}")
    using = ctx.arg("using", None)
    if using is not None and not isinstance(using, str):
        raise QuestionError(f"'using' is normal or an alternative cost such as flashback, got {using!r}")
    face = costs_mod.requested_face(ctx, card)
    try:
        tc = costs_mod.total_cost(ctx.state, player, card, using=using, x=x, kicked=kicked, additional=additional,
                                  zone=zone, face=face)
        card = getattr(tc, "card", None) or card  # the half or face as cast (CR 709.3, 715.3, 712.11)
    except costs_mod.ZoneError as e:
        try:  # report the half or face asked for, even when it may not be cast from there (CR 709.3b)
            card = costs_mod.spell_face(card, face) or card
        except (costs_mod.CostError, QuestionError):
            pass
        mv, _ = _mana_value(card, "stack", x)
        mana = card.mana_cost.with_x(x) if card.mana_cost is not None else None
        tc = costs_mod.TotalCost(mana, base=str(using or "mana cost"), x=x, steps=[str(e)])
        return card, player, zone, x, tc, mv, [str(e)]
    except costs_mod.CostError as e:
        raise QuestionError(str(e)) from None
    if any(p.action == "other" for p in tc.parts):
        raise Unsupported(f"a cost part of {card.name} is not modelled: " + "; ".join(p.text for p in tc.parts if p.action == "other"))
    mv, _ = _mana_value(card, "stack", x)
    problems = costs_mod.nonmana_problems(ctx.state, player, card, tc, zone)
    return card, player, zone, x, tc, mv, problems


def _notes(state: GameState, player: str, tc: Any, spell_card: Any) -> list[str]:
    try:
        return build_model(state, player, tc, spell_card=spell_card).notes
    except PaymentProblem:
        return []


@question("cast")
def ask_cast(ctx: Context) -> Answer:
    """``cast: {card, player, from, using, x, kicked, additional}`` → ``castable``, ``total_cost``,
    ``mana_value``, ``payment``, ``reason``, ``life``.

    CR 601.2f (total cost), 601.2g-h (payment), 202.3 (mana value stays the card's), 118.6 (no mana cost).
    """
    card, player, zone, x, tc, mv, problems = _cast_setup(ctx)
    why = list(tc.steps)
    why.append(f"mana value stays {mv}: the card's, not the total cost (CR 202.3, 118.9c; Thalia ruling 2018-03-16)")
    values: dict[str, Any] = {"castable": False, "total_cost": tc.notation(), "mana_value": mv, "payment": None,
                              "reason": None, "life": None}
    if problems:  # e.g. no permission to cast it from that zone (CR 601.3) comes before the cost
        values["reason"] = problems[0]
    elif tc.mana is None:
        values["reason"] = (f"{card.name} has no mana cost, so " + ("its mana cost" if tc.base == "mana cost" else f"its {tc.base} cost")
                            + " cannot be paid (CR 118.6)")
    if values["reason"]:
        why.append(values["reason"])
        return Answer("cast", values, why)
    try:
        pay = find_payment(ctx.state, player, tc, spell_card=card)
    except PaymentProblem as e:
        raise QuestionError(str(e)) from None
    if pay is None:
        values["reason"] = explain_unpayable(ctx.state, player, tc, spell_card=card)
        why.append("no payment exists (every combination of sources and symbol choices was searched): " + values["reason"])
    else:
        values.update(castable=True, payment=pay.to_dict(), life=pay.life)
        why.append("castable; one payment (a witness):")
        why.extend("  " + line for line in pay.describe())
    why.extend(_notes(ctx.state, player, tc, card))
    return Answer("cast", values, why)


def _keep_untapped(ctx: Context, player: str, minimize: Any) -> list[str]:
    """``keep_untapped``: permanent references (card name of the player's permanents, ``{card, controller}``
    or ``{id}``) to keep untapped when choosing the best payment; ids, or card names meaning every copy.

    Raises QuestionError for a reference that matches nothing (listing the player's permanents) and
    for ``keep_untapped`` without ``minimize`` (it only orders the best payment)."""
    raw = ctx.arg("keep_untapped", [])
    if isinstance(raw, (str, Mapping)):
        raw = [raw]
    if not raw:
        return []
    if not minimize:
        raise QuestionError("keep_untapped chooses among payments for the best one: give minimize (life or sources) too")
    names = {q.name.casefold() for q in ctx.state.permanents(player)}
    ids = {q.id.casefold(): q.id for q in ctx.state.battlefield}
    out: list[str] = []
    for ref in raw:
        if isinstance(ref, Mapping):
            out.append(ctx.permanent(ref).id)
        elif str(ref).casefold() in ids:
            out.append(ids[str(ref).casefold()])
        elif str(ref).casefold() in names:
            out.append(str(ref))
        else:
            raise QuestionError(f"keep_untapped: {ref!r} is neither a permanent id nor the name of a permanent {player} controls",
                                [f"{q.name} (id {q.id})" for q in ctx.state.permanents(player)])
    return out


@question("payments", unordered=("payments",))
def ask_payments(ctx: Context) -> Answer:
    """``payments: {card, player, from, using, x, kicked, additional, minimize: life|sources, keep_untapped}``
    → ``count``, ``count_individual``, ``payments`` (capped by ``--limit``), ``best``, ``best_life``,
    ``best_sources``, ``best_announced``, ``total_cost``, ``mana_value``, ``reason``.

    Every irredundant payment is enumerated (identical sources collapsed, see ``solver.payment``).
    """
    card, player, zone, x, tc, mv, problems = _cast_setup(ctx)
    minimize = ctx.arg("minimize", None)
    if minimize is not None and minimize not in MEASURES:
        raise QuestionError(f"'minimize' must be one of {', '.join(MEASURES)}, got {minimize!r}")
    keep = _keep_untapped(ctx, player, minimize)
    why = list(tc.steps)
    values: dict[str, Any] = {"count": 0, "count_individual": 0, "payments": [], "total_cost": tc.notation(),
                              "mana_value": mv, "reason": None}
    if minimize:
        values.update(best=None, best_life=None, best_sources=None, best_announced=None)
    if tc.mana is None or problems:
        values["reason"] = problems[0] if problems else f"{card.name}'s {tc.base} is unpayable (CR 118.6)"
        why.append(values["reason"])
        return Answer("payments", values, why)
    limit = ctx.limit
    listed: list[Payment] = []
    best = None
    bkey = None
    try:
        # counted combinatorially (never by listing); listing stops at --limit unless a best payment
        # is asked for, which compares every payment
        n, tot = count_payments(ctx.state, player, tc, spell_card=card)
        for pay in iter_payments(ctx.state, player, tc, spell_card=card):
            if len(listed) < limit:
                listed.append(pay)
            elif not minimize:
                break
            if minimize:
                best = best_payment([pay] if best is None else [best, pay], minimize, keep)
    except PaymentProblem as e:
        raise QuestionError(str(e)) from None
    values.update(count=n, count_individual=tot, payments=[p.to_dict() for p in listed])
    capped = n > len(listed)
    why.append(f"{n} distinct payment(s) with identical sources collapsed ({tot} telling every permanent and symbol apart)"
               + (f"; listing the first {len(listed)} (--limit)" if capped else ""))
    for i, p in enumerate(listed[:10], 1):
        why.append(f"  {i}. " + "; ".join(p.describe()))
    if n == 0:
        values["reason"] = explain_unpayable(ctx.state, player, tc, spell_card=card)
        why.append(values["reason"])
    if minimize and best is not None:
        values.update(best=best.to_dict(), best_life=best.life, best_sources=best.sources, best_announced=best.announced)
        why.append(f"best by {minimize}" + (f" keeping {', '.join(keep)} untapped where possible" if keep else "")
                   + f" (compared against all {n} payments): " + "; ".join(best.describe()))
    del bkey
    ans = Answer("payments", values, why, capped=capped)
    return ans


def activation_cost_check(state: GameState, perm: Any, ability: Any, ctx: Any) -> str | None:
    """``activate`` check: the ability's mana and other costs can be paid (CR 602.2b → 601.2f-h).

    The permanent itself cannot be tapped for mana when {T}/{Q} is in the cost (CR 601.2g-h);
    pay-life parts need that much life (CR 119.4), counter removal that many counters, sacrificing
    another permanent a permanent of that kind. Returns ``None`` when payable, else the reason.
    """
    cost = ability.cost
    if cost is None:
        return None
    player = perm.controller
    life = 0
    for p in cost.parts:
        if p.action == "pay_life":
            life += p.amount
        elif p.action == "remove_counters":
            have = perm.counters.get(p.what, 0)
            if have < p.amount:
                return f"{perm.name} has {have} {p.what} counter(s); the cost removes {p.amount} (CR 118.3)"
        elif p.action == "sacrifice" and p.what != "this":
            kind = p.what.rstrip("s")
            other = "another" in (p.text or "").lower()  # "sacrifice another creature": not this one
            have = [q for q in state.permanents(player)
                    if (kind in ("permanent", "") or q.card.is_type(kind.capitalize())) and not (other and q.id == perm.id)]
            if len(have) < p.amount:
                return (f"the cost sacrifices {p.amount} {'other ' if other else ''}{kind}{'s' if p.amount > 1 else ''} "
                        f"but {player} controls {len(have)} (CR 118.3)")
        elif p.action == "discard":
            hand = state.cards("hand", player)
            if len(hand) < p.amount:
                return f"the cost discards {p.amount} card(s) but {player}'s hand holds {len(hand)} (CR 118.3)"
        elif p.action == "tap_untapped":
            kind = p.what.rstrip("s")
            able = [q for q in state.permanents(player) if not q.tapped and q.id != perm.id
                    and (kind in ("permanent", "") or q.card.is_type(kind.capitalize()))]
            if len(able) < p.amount:
                return f"the cost taps {p.amount} untapped {kind}(s) {player} controls but there are {len(able)} (CR 118.3)"
        elif p.action == "exile" and "graveyard" in p.what:
            gy = state.cards("graveyard", player)
            if len(gy) < p.amount:
                return f"the cost exiles {p.amount} card(s) from {player}'s graveyard but it holds {len(gy)} (CR 118.3)"
        elif p.action not in ("sacrifice", "pay_life", "remove_counters"):
            raise Unsupported(f"{perm.name}: the cost part “{p.text or p.action}” is not modelled")
    mana = cost.mana or ManaCost()
    if mana.has_x:
        x = 0
        if isinstance(getattr(ctx, "args", None), Mapping):
            x = int(ctx.args.get("x", 0) or 0)
        mana = mana.with_x(x)
    if not len(mana) and not life:
        return None
    if not life_payable(life, state.life_of(player)):
        return f"the cost includes paying {life} life but {player} has {state.life_of(player)} (CR 119.4)"
    exclude = [perm.id] if (cost.tap or cost.untap) else []
    tc = SimpleNamespace(mana=mana, life=life)
    try:
        pay = find_payment(state, player, tc, exclude_permanents=exclude)
    except PaymentProblem as e:
        return str(e)
    if pay is None:
        reason = explain_unpayable(state, player, tc, exclude_permanents=exclude)
        if exclude:
            reason += f" ({perm.name} itself cannot be tapped for mana to pay a cost that taps it, CR 601.2g-h)"
        return "its cost cannot be paid: " + reason
    return None


if activation_cost_check not in ACTIVATION_CHECKS:
    ACTIVATION_CHECKS.append(activation_cost_check)
