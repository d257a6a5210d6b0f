"""The payment model: what can pay a total cost, grouped into interchangeable items (docs/payment.md).

``build_model`` turns a game state, a paying player and a total cost into a ``PaymentModel``: groups of
interchangeable items (permanents with the same card, status and mana abilities; identical pool mana;
extra payers of one ``group``), each with every way one item can be used (``Choice``), and the cost's
multi-way symbols (``SymbolGroup``). Everything the model depends on is an argument: the payment
extensions (convoke, improvise, delve payers) are passed as ``extensions`` (default: the spell's own
cost keywords, ``solver.rules.payment.extensions.cost_keyword_payers``), never read from a module-level registry.

References: CR 106.6, 107.4, 118.3, 119.4, 601.2b, 601.2f-h, 605, 609.4b.
"""
from __future__ import annotations

import dataclasses
import itertools
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from mtgcheck.models.vocab.mana_effects import AddMana, CantSpendMana, SpendAsThough
from mtgcheck.models.vocab.amounts import Fixed
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.game.mana import COLORS, MANA_TYPES, ManaCost, ManaError
from mtgcheck.models.game.state import GameState
from mtgcheck.models.game.subtypes import CREATURE_TYPES

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.board import board_view
from mtgcheck.solver.rules.mana.sources import ManaSource, mana_sources
from mtgcheck.solver.rules.payment.extensions import Extension, ExtraPayer, standard_extensions
from mtgcheck.solver.rules.board import permanent_abilities
from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.solver.rules.payment import costparts

# ---------------------------------------------------------------------------
# Public data
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Use:
    """One line of a payment: ``count`` items of one group used one way.

    ``kind`` is ``"mana_ability"``, ``"pool"`` or an extra payer's ``how``. ``mana`` is the mana
    added (``"{G}"``); ``paid_with`` the announced payment of a filter's own mana input;
    ``life`` the life paid by this use (per item); ``damage`` the damage its source deals to the payer as the
    mana is made (per item; ``AddMana.damage_to_you``, CR 120.3a).
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
    damage: int = 0

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
            if self.damage:
                s += f"; it deals {self.damage * self.count} damage to you (CR 120.3a)"
            return s
        if self.kind == "cost":  # only tapped or sacrificed to pay another mana ability's cost
            return f"{who}: {self.ability}"
        return f"{who}: {self.kind} for {self.mana}"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"source": self.name, "kind": self.kind, "count": self.count, "mana": self.mana}
        if self.ability_index is not None:
            d["ability"] = self.ability_index
        if self.paid_with:
            d["paid_with"] = self.paid_with
        if self.life:
            d["life"] = self.life * self.count
        if self.damage:
            d["damage"] = self.damage * self.count
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
    damage : int
        Damage the mana abilities' sources deal to the payer as the mana is made (painlands, Talismans; CR
        120.3a), before the life in the cost is paid (601.2g-h, ``life_needed``).
    """

    announced: str
    uses: tuple[Use, ...]
    life: int
    sources: int
    multiplicity: int = 1
    damage: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for answers."""
        d = {"announced": self.announced, "life": self.life, "sources": self.sources,
             "uses": [u.to_dict() for u in self.uses]}
        if self.damage:
            d["damage"] = self.damage
        return d

    def describe(self) -> list[str]:
        """Lines in player terms."""
        lines = [f"announce {self.announced}" if self.announced else "nothing to announce"]
        lines.extend(u.describe() for u in self.uses)
        if not self.uses and not self.life:
            lines.append("pay nothing: the cost is {0} (CR 118.5)")
        if self.life:
            lines.append(f"pay {self.life} life in total")
        if self.damage:
            lines.append(f"take {self.damage} damage from the mana abilities, as they resolve, before paying "
                         f"the cost (CR 601.2g-h, 120.3a)")
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
    # Snowfall: cumulative upkeep is paid as its upkeep trigger resolves (CR 702.24a), never a spell's or an
    # activated ability's cost, which is all this model pays
    "cumulative_upkeep": lambda c: False,
    # "This mana can't be spent to cast nonartifact spells" (Battery Bearer): any cost but a nonartifact spell's
    "not_nonartifact_spell": lambda c: c is None or c.is_type("Artifact"),
    # "You can't spend this mana to cast spells" (Thran Turbine): abilities' costs only
    "not_spells": lambda c: c is None,
}

_MV_CODE = re.compile(r"mana_value_at_least_(\d+)(_or_x)?")


def _has_creature_type(card: Any, ctype: str) -> bool:
    """The spell has creature type ``ctype`` (printed, or every creature type by changeling, CR 702.73a)."""
    if any(str(k).casefold() == "changeling" for k in getattr(card, "keywords", ()) or ()):
        return True
    return card.is_type(ctype)


@dataclass(frozen=True)
class AbilityOf:
    """The cost being paid is an activated ability's of ``permanent`` (a ``Permanent``; CR 602.2b, 106.6): what
    "Spend this mana only to ... activate abilities of [objects]" reads."""

    permanent: Any


def _object_matches(code: str, types: Any, subtypes: Any, colors: Any, changeling: bool) -> bool:
    """Whether an object with these card types, subtypes and colours matches the object code of a spend restriction
    (``models.text.mana.spend_only_code``: alternatives ``/`` of ``+``-joined words; CR 205.2-205.3, 105.2c)."""
    def atom(a: str) -> bool:
        if a == "colorless":
            return not colors
        if a in types:
            return True
        return a in subtypes or (changeling and a in CREATURE_TYPES)
    return any(all(atom(a) for a in alt.split("+")) for alt in code.split("/"))


def _only_verdict(code: str, spell_card: Any, ability_of: AbilityOf | None, state: GameState | None) -> bool | None:
    """``only:SPELLS|ABILITIES`` (``models.text.mana.spend_only_code``): the spell against SPELLS, the activated
    ability's source (its types and subtypes now, CR 613.1d) against ABILITIES; a filter's input (a mana ability of
    a source not known here) is decided only by ``-`` and ``*``."""
    spells, _, abilities = code[len("only:"):].partition("|")
    if spell_card is not None:
        if spells in ("-", "*"):
            return spells == "*"
        face = spell_card.faces[0] if spell_card.faces else spell_card
        tl = face.type_line
        changeling = any(str(k).casefold() == "changeling" for k in getattr(spell_card, "keywords", ()) or ())
        return _object_matches(spells, tl.types, tl.subtypes, spell_card.colors, changeling)
    if abilities in ("-", "*"):
        return abilities == "*"
    if ability_of is None or state is None:
        return None
    perm = ability_of.permanent
    view = board_view(state).get(perm.id)
    tl = perm.card.faces[0].type_line if perm.card.faces else perm.card.type_line
    types = (view.types if view is not None and view.types is not None else tl.types)
    subtypes = view.subtypes if view is not None else tl.subtypes
    changeling = any(str(k).casefold() == "changeling" for k in getattr(perm.card, "keywords", ()) or ())
    return _object_matches(abilities, types, subtypes, perm.card.colors, changeling)


def restriction_verdict(restriction: str | None, spell_card: Any, *, state: GameState | None = None,
                        source: str | None = None, x: int = 0, ability_of: AbilityOf | None = None) -> bool | None:
    """May mana carrying ``restriction`` be spent on the cost being paid (CR 106.6)?

    Parameters
    ----------
    restriction : str or None, ``Mana.restriction`` (codes: docs/mana.md, "Restriction codes").
    spell_card : Card or None, the spell being cast (``None``: an ability's cost or a filter's input).
    state, source : the game and the id of the permanent whose ability made the mana (for
        ``creature_spell_of_chosen_type``: its ``choices.creature_type``, Cavern of Souls).
    x : the announced X of the spell (its mana value on the stack counts X, CR 202.3e).
    ability_of : with ``spell_card`` ``None``, the activated ability being paid for (its source permanent);
        ``None`` with no spell: a filter's input, or an ability whose source is not known.

    Returns
    -------
    ``True`` (may be spent), ``False`` (may not), ``None`` (not modelled or not decidable here:
    a free-form code, the Eldrazi ability case, no chosen type recorded). ``None`` is never spent;
    the callers answer ``unsupported`` when that could change the answer.
    """
    if not restriction:
        return True
    code = str(restriction)
    if code.startswith("only:"):
        return _only_verdict(code, spell_card, ability_of, state)
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
            if ability_of is None or state is None:
                return None
            return _only_verdict("only:-|colorless+Eldrazi", None, ability_of, state)
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


def _check_damage_order(groups: Sequence[_Group]) -> None:
    """``life_needed`` assumes the life in the mana abilities' own costs is paid before any damage: refuse (as
    ``Unsupported``) a board where a mana ability with life in its cost also needs mana first (a filter), while
    some source deals damage as it makes mana — the order of the two would then matter (CR 601.2g, 119.4)."""
    damaging = [g.name for g in groups for c in g.choices if c.damage]
    if not damaging:
        return
    for g in groups:
        for c in g.choices:
            if c.life and c.inp:
                raise Unsupported(f"{g.name}: “{c.ability}” pays {c.life} life and needs mana first, while "
                                  f"{damaging[0]} deals damage as it makes mana: in which order they are activated "
                                  f"decides the life left to pay with, which the payment search does not model "
                                  f"(CR 601.2g, 119.4)")


def life_needed(cost_life: int, ability_life: int, damage: int) -> int:
    """The life total a payment needs (compare with ``life_payable``), CR 601.2g-h, 119.4, 120.3a.

    Mana abilities are activated before the costs are paid (601.2g), in any order: the life in their own costs
    (``ability_life``: "Pay 1 life: Add ...", a Phyrexian symbol in a filter's input) is paid first, then the
    damage their sources deal as the mana is made (``damage``: "This land deals 1 damage to you", painlands and
    Talismans) lowers the life total, and only then is the life in the total cost paid (``cost_life``: Phyrexian
    symbols paid with life, "pay N life", 601.2h). So damage matters only when the cost itself has life to pay.
    Exact while no mana ability with a life cost needs mana from a damaging source first (``build_model`` refuses
    that case)."""
    return ability_life + (cost_life + damage if cost_life > 0 else 0)


def life_payable(life: int, life_total: int) -> bool:
    """The one rule for paying life (CR 119.4): a player can pay an amount of life only if their life total
    is at least that amount; paying 0 life is always possible, whatever the life total (CR 119.4, 118.3),
    so a player at 0 or less life can still pay a cost that has no life in it."""
    return life <= 0 or life <= life_total


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
    # costs that use other permanents (solver/rules/payment/costparts.py): tokens needed / given, e.g.
    # ((("tap", "creature"), 1),) for Springleaf Drum's "Tap an untapped creature you control"
    needs: tuple = ()
    gives: tuple = ()
    #: labels of the activations combined in this choice (tap for mana, then sacrifice): irredundancy also
    #: tries each choice of the group made of fewer of them
    parts: tuple = ()
    #: tags for the order checks of sacrifices (``costparts.sacrifice_order_ok``)
    order: tuple = ()
    #: the choice removes the permanent (its own "Sacrifice this" / "Exile this")
    removes: bool = False
    #: damage its source deals to the payer per use ("This land deals 1 damage to you", CR 120.3a)
    damage: int = 0


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
    """(mana cost, life) from a ManaCost, a string, or an object with ``.mana``/``.life`` (solver.rules.costs.TotalCost)."""
    if total_cost is None:
        return ManaCost(), 0
    if isinstance(total_cost, ManaCost):
        return total_cost, 0
    if isinstance(total_cost, str):
        return ManaCost.parse(total_cost) if total_cost.strip() else ManaCost(), 0
    if getattr(total_cost, "announcements", ()):
        # which total cost is paid depends on how its Phyrexian symbols were announced (CR 601.2b, 601.2f): the caller
        # pays one announcement at a time (``TotalCost.each_announcement``)
        raise Unsupported("the total cost depends on whether its Phyrexian symbols are announced as mana or life, "
                          "which a minimum makes matter (CR 601.2b, 601.2f); this question does not try each "
                          "announcement")
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
        except ManaError:
            # a symbol of the notation that no rule of paying covers here (the Un-set half-mana symbols such
            # as {HW}): not an error in the question, and never treated as free
            raise Unsupported(f"the cost {cost} has {s}, a mana symbol the payment search does not model "
                              "(CR 107.4 defines no way to pay it)") from None
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

    effects: list[tuple[str, Any]] = []
    unmodelled: list[str] = []
    view = board_view(state)  # once per state, not once per permanent
    for perm in state.battlefield:
        v = view.get(perm.id)
        for a in (v.abilities if v is not None else permanent_abilities(state, perm)):
            if a.kind != "static":
                continue
            e = a.effect
            if isinstance(e, SpendAsThough):
                if e.players == "each" or perm.controller == player:
                    rules = tuple(tuple(sorted(dict(r).items())) for r in e.rules)
                    if all(rules != x[1] for x in effects):
                        effects.append((perm.name, rules))
            elif isinstance(e, Unmodelled) and e.spend_change:  # read from its wording at load (models/text/facts.py)
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

    return card is not None and any(isinstance(a.effect, CantSpendMana) for a in abilities_of(card))


def _source_choices(src: ManaSource, spell_card: Any, notes: list[str],
                    allow: Callable[[str | None, Any], bool] | None = None,
                    retype: Mapping[str, str] | None = None,
                    unmodelled: list[str] | None = None) -> list[_Choice] | None:
    life = 0
    for p in src.other_costs:
        if p.action == "pay_life":
            life += p.amount
        elif p.action in ("sacrifice", "return", "put_library") and p.what == "this":
            pass  # it leaves the battlefield: once (``removes``)
        elif p.action == "remove_counters":
            pass
        elif p.action in ("exile", "reveal") and p.what == "this" and src.zone == "hand":
            pass  # a Spirit Guide exiled from the hand (CR 113.6m): the card is the item used once
        else:
            notes.append(f"{src.name}: the mana ability “{src.ability.describe()}” has a cost part "
                         f"({p.text or p.action}) that the payment search does not model; it is not used")
            if unmodelled is not None:
                unmodelled.append(f"{src.name} (“{src.ability.describe()}”: its cost part “{p.text or p.action}”)")
            return None
    removes = any(p.action in ("sacrifice", "exile", "return", "put_library") and p.what == "this" for p in src.other_costs)
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
                               src.ability.describe(), src.tap or src.untap, bool(inp), removes=removes,
                               damage=int(getattr(src.ability.effect, "damage_to_you", 0) or 0)))
    return out


#: ``_plain_source_choices``: (ability, options, other costs, mana cost, snow, tap, untap, index, zone) by identity ->
#: (those objects, the choices); cleared past ``_CHOICES_LIMIT`` entries
_CHOICES: dict = {}
_CHOICES_LIMIT = 20_000


def _plain_source_choices(src: ManaSource, notes: list[str], unmodelled: list[str]) -> list[_Choice] | None:
    """``_source_choices`` of a source none of whose mana carries a spend restriction, with no spend-as-though
    retyping and a spell that may be paid with mana, read back when the same source objects come again.

    Exact: with no restriction every unit may pay the spell and an input (``restriction_verdict(None, ...)`` is
    ``True`` and records nothing), so the choices are a function of the source's ability, options, other cost
    parts, mana cost, snow, tap/untap, ability index and zone — not of the spell, the board or the permanent's
    id. The same ability and option objects recur on every board (``sources._quiet_permanent_sources`` and
    ``ability_cache`` keep them), so the key holds them by identity, and the stored objects are compared with
    ``is`` (an id is never reused while its entry lives). A source whose cost part is not modelled (``None``,
    with a note) is not stored. Returns a new list each time."""
    key = (id(src.ability), id(src.options), id(src.other_costs), id(src.mana_cost), src.snow, src.tap, src.untap,
           src.ability_index, src.zone)
    hit = _CHOICES.get(key)
    if hit is not None and hit[0] is src.ability and hit[1] is src.options and hit[2] is src.other_costs \
            and hit[3] is src.mana_cost:
        return list(hit[4])
    chs = _source_choices(src, None, notes, None, None, unmodelled)
    if chs is not None:
        if len(_CHOICES) >= _CHOICES_LIMIT:
            _CHOICES.clear()
        _CHOICES[key] = (src.ability, src.options, src.other_costs, src.mana_cost, tuple(chs))
    return chs


def _counter_ok(state: GameState, src: ManaSource) -> int | None:
    """How many times the counter part of the source can be paid (None: no counter part)."""
    n = None
    for p in src.other_costs:
        if p.action == "remove_counters":
            perm = state.permanent(src.permanent)
            have = perm.counters.get(p.what, 0) if p.what not in ("", "this") else sum(perm.counters.values())
            k = (1 if have else 0) if p.amount == 0 else have // p.amount  # X counters: once (mana_amounts)
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
    #: mana abilities left out because a part of their cost is not modelled (e.g. Squandered Resources'
    #: "Sacrifice a land"): a "no payment" or a count without them is not an answer (``unmodelled_message``)
    unmodelled_sources: list = field(default_factory=list)
    #: kinds of unlimited "Sacrifice a <kind>" abilities whose sources may be sacrificed: how many sources each
    #: (``costparts.sacrifice_order_ok``)
    alive: dict = field(default_factory=dict)
    #: assignments rejected because the order of their sacrifices was not checked (filled during the search):
    #: a "no payment" or a count is then not an answer
    order_unchecked: list = field(default_factory=list)


def build_model(state: GameState, player: str, total_cost: Any, *, spell_card: Any = None,
                exclude_permanents: Iterable[str] = (), extra: Iterable[ExtraPayer] = (),
                extensions: Sequence[Extension] | None = None,
                sources: Sequence[ManaSource] | None = None, collapse: bool = True,
                assume_undecided: bool = False, spell_zone: str | None = None,
                ability_of: AbilityOf | None = None) -> _Model:
    """Build the payment model (groups of interchangeable items, symbol groups).

    Parameters
    ----------
    state, player : the game and the paying player.
    total_cost : ManaCost, str, or an object with ``mana`` and ``life`` (``solver.rules.costs.TotalCost``).
    spell_card : Card or None; the spell being cast (restrictions, extensions); ``None`` for an ability.
    exclude_permanents : permanent ids that cannot be used (their {T}/{Q} is part of the cost, CR 601.2g-h).
    extra : further ``ExtraPayer`` objects, added to those of the extensions.
    extensions : payment extensions consulted when ``spell_card`` is given; ``None``:
        ``standard_extensions()`` (convoke, improvise, delve); ``()``: none.
    sources : override ``solver.rules.mana.sources.mana_sources(state, player)``.
    collapse : ``False`` builds one group per item (the plain encoding, for checks and benchmarks).
    assume_undecided : spend mana whose restriction is not modelled as if it were allowed (only to find
        out whether such mana could change the answer: then the answer is ``unsupported``).
    ability_of : with no ``spell_card``, the activated ability being paid for (``AbilityOf`` its source): mana
        that may be spent only on abilities of some objects is decided by that source (CR 106.6, 602.2b).
    spell_zone : the zone ``spell_card`` is cast from (default ``"hand"``). The card is on the stack while its
        costs are paid (CR 601.2a): a Spirit Guide being cast cannot exile itself from the hand for mana, and
        Lion's Eye Diamond cannot pay for a spell from the hand (``costparts.hand_discard_verdict``).

    Raises
    ------
    PaymentProblem : the cost still has {X}, or its mana component is unpayable.
    """
    cost, life = _cost_of(total_cost)
    fixed, syms = _symbol_groups(cost)
    excluded = set(exclude_permanents)
    notes: list[str] = []
    unmodelled_sources: list[str] = []
    srcs = list(mana_sources(state, player) if sources is None else sources)
    extras = list(extra)
    if spell_card is not None:
        for fn in (standard_extensions() if extensions is None else extensions):
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
            of = None
            if isinstance(card, AbilityOf):
                card, of = None, card
            if no_mana and card is not None:
                return False
            v = restriction_verdict(restriction, card, state=state, source=source, x=x_value, ability_of=of)
            if v is None:
                undecided.setdefault(str(restriction), set()).add(who)
                return assume_undecided
            return v
        return allow

    # what the mana pays for: the spell, else the activated ability (its source), else unknown (CR 106.6)
    paid_for: Any = spell_card if spell_card is not None else ability_of
    acc = _Sorted(per_perm, perm_name, repeat_groups, [], notes, unmodelled_sources)
    _sort_sources(state, srcs, cost, total_cost, excluded, spell_card, spell_zone, paid_for, retype, no_mana, allower, acc)
    stories = None
    if acc.consumers:
        bound = max(1, sum(1 for s in cost.symbols if s.is_mana) + cost.generic)
        stories = costparts.add_stories(
            state, player, acc.consumers, per_perm, perm_name, repeat_groups, excluded,
            lambda s: _source_choices(s, paid_for, notes, allower(s.name, s.permanent), retype, unmodelled_sources),
            _Choice, _Group, bound,
            lambda m, s: (retype.get(m.type, m.type), bool(m.snow or s.snow), allower(s.name, s.permanent)(m.restriction, paid_for),
                          allower(s.name, s.permanent)(m.restriction, None)))
        notes.extend(stories.notes)
        unmodelled_sources.extend(stories.unmodelled)
    _add_extra_payers(extras, excluded, per_perm, perm_name, repeat_groups)
    groups = _collapsed_groups(state, srcs, per_perm, perm_name, repeat_groups, collapse)
    groups.extend(_pool_groups(state, player, retype, allower, paid_for))
    _check_damage_order(groups)
    alive: dict = {}
    if stories is not None and stories.order_relevant:
        alive = stories.alive
    return _Model(groups, syms if collapse else _split_syms(syms), fixed, life, state.life.get(player, 20), notes, cost,
                  {k: sorted(v) for k, v in undecided.items()}, sorted(set(unmodelled_spend)), no_mana,
                  unmodelled_sources, alive)


@dataclass
class _Sorted:
    """Where ``_sort_sources`` puts the mana sources: the choices of each permanent or card used once (``per_perm``,
    named in ``perm_name``), the groups of abilities that may be activated repeatedly (``repeat_groups``), the sources
    whose costs use other permanents (``consumers``, for ``costparts.add_stories``), and the notes and the sources
    left out as not modelled."""

    per_perm: dict[str, list[_Choice]]
    perm_name: dict[str, str]
    repeat_groups: list[_Group]
    consumers: list[ManaSource]
    notes: list[str]
    unmodelled_sources: list[str]


def _sort_sources(state: GameState, srcs: list[ManaSource], cost: ManaCost, total_cost: Any, excluded: set[str],
                  spell_card: Any, spell_zone: str | None, paid_for: Any, retype: dict, no_mana: bool, allower: Any,
                  acc: _Sorted) -> None:
    """The mana sources as items of the model, by family: a permanent's or card's ability that can be activated once
    (it taps, untaps, sacrifices or leaves its zone: one item of its permanent, CR 605.3a), one that can be activated
    repeatedly (a group capped by its counters and by the number of mana symbols of ``cost``), and one whose cost uses
    other permanents (a consumer, modelled by ``costparts.add_stories`` unless the total cost uses objects too). Left
    out: excluded permanents, the card being cast (on the stack while it is paid for, CR 601.2a), a discarded hand the
    cost also uses (``costparts.hand_discard_verdict``), sources with nothing to choose."""
    cost_parts = tuple(getattr(total_cost, "parts", ()) or ())
    # a total cost that itself sacrifices or taps other permanents, or discards (an additional cost): mana
    # abilities that use other permanents would compete for them, which is not modelled here
    cost_uses_objects = any(p.action in ("sacrifice", "tap_untapped", "discard", "discard_hand", "exile", "return",
                                         "untap", "exile_permanent", "remove_counters_from", "put_counters_on", "reveal")
                            and p.what != "this" for p in cost_parts)
    notes, unmodelled_sources = acc.notes, acc.unmodelled_sources
    casting = None
    if spell_card is not None and (spell_zone or "hand") == "hand":
        casting = spell_card.name  # on the stack while it is paid for (CR 601.2a): not in the hand
    for src in srcs:
        if src.permanent in excluded:
            continue
        if src.zone == "hand" and casting is not None and _is_card(src, spell_card):
            casting = None  # one copy of it (the one being cast) is not in the hand any more
            continue
        if any(p.action == "discard_hand" for p in src.other_costs):
            verdict = costparts.hand_discard_verdict(src, spell_card, spell_zone, cost_parts)
            if verdict == "unmodelled":
                unmodelled_sources.append(f"{src.name} (“{src.ability.describe()}”: discarding the hand while the "
                                          f"cost also uses cards from the hand)")
                continue
            if verdict is not None:
                notes.append(verdict)
                continue
            src = dataclasses.replace(src, other_costs=tuple(p for p in src.other_costs if p.action != "discard_hand"))
        if costparts.uses_other_objects(src):
            if cost_uses_objects:
                unmodelled_sources.append(f"{src.name} (“{src.ability.describe()}”: it taps or sacrifices another "
                                          f"permanent while the cost being paid also does)")
            else:
                acc.consumers.append(src)
            continue
        if not retype and not no_mana and all(m.restriction is None for o in src.options for m in o.mana):
            chs = _plain_source_choices(src, notes, unmodelled_sources)
        else:
            chs = _source_choices(src, paid_for, notes, allower(src.name, src.permanent), retype, unmodelled_sources)
        if not chs:
            continue
        if src.mana_cost and len(src.mana_cost) and _board_dependent(src):
            chs = [dataclasses.replace(c, order=(("boarddep",),)) for c in chs]
        once = src.tap or src.untap or src.zone != "battlefield" or \
            any(p.action in ("sacrifice", "return", "put_library") for p in src.other_costs)
        if once:
            cnt = _counter_ok(state, src)
            if cnt == 0:
                continue
            acc.per_perm.setdefault(src.permanent, []).extend(chs)
            acc.perm_name[src.permanent] = src.name
        else:
            cap = _counter_ok(state, src)
            bound = max(1, sum(1 for s in cost.symbols if s.is_mana) + cost.generic)
            cap = bound if cap is None else min(cap, bound)
            if cap > 0:
                acc.repeat_groups.append(_Group(("repeat", src.permanent, src.ability_index), src.name, (src.permanent,), cap, chs, False, False))


def _add_extra_payers(extras: list[ExtraPayer], excluded: set[str], per_perm: dict[str, list[_Choice]],
                      perm_name: dict[str, str], repeat_groups: list[_Group]) -> None:
    """The ways of paying that are not mana abilities (``ExtraPayer``: convoke, improvise, delve; CR 702.51a, 702.126a,
    702.66a) as items: each pays {1} or one colour; one tied to a permanent joins that permanent's choices, the others
    are groups of their own."""
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


def _collapsed_groups(state: GameState, srcs: list[ManaSource], per_perm: dict[str, list[_Choice]],
                      perm_name: dict[str, str], repeat_groups: list[_Group], collapse: bool) -> list[_Group]:
    """The model's groups of interchangeable items: permanents with the same status and the same choices (cards in
    the hand with the same name alike) are one group, and so are extra payers of one key; ``collapse`` False keeps one
    group per item (the plain encoding). Collapsing only truly interchangeable items keeps the search exhaustive."""
    groups: list[_Group] = []
    hand_ids = {s.permanent for s in srcs if s.zone == "hand"}
    # permanents: collapse identical ones (cards in the hand with the same name alike)
    by_sig: dict[tuple, _Group] = {}
    on_battlefield = _permanents_by_id(state)
    for pid, chs in per_perm.items():
        sig: tuple
        if collapse:
            perm = on_battlefield.get(pid)
            status = (perm.card.name, perm.tapped, perm.sick, tuple(sorted(perm.counters.items())),
                      tuple(sorted((k, str(v)) for k, v in perm.choices.items())), perm.controller) if perm else \
                (("hand", perm_name[pid]) if pid in hand_ids else (pid,))
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
    return groups


def _pool_groups(state: GameState, player: str, retype: dict, allower: Any, paid_for: Any) -> list[_Group]:
    """The mana in the player's pool (CR 106.4) as groups: mana of one kind (type and restriction) is literally
    identical, so one group each, sized by how much there is."""
    groups: list[_Group] = []
    pool = state.pools.get(player)
    if pool is not None:
        for m, n in sorted(pool.counts.items(), key=lambda kv: (MANA_TYPES.index(kv[0].type), kv[0].restriction or "")):
            if n <= 0:
                continue
            allow = allower("mana pool", None)
            unit = (retype.get(m.type, m.type), m.snow, allow(m.restriction, paid_for), allow(m.restriction, None))
            ch = _Choice("pool", (unit,), "{" + m.type + (f":{m.restriction}" if m.restriction else "") + "}",
                         (), "", 0, None, "mana pool", False, False)
            # mana of one kind in the pool is literally identical: always one group
            groups.append(_Group(("pool", m), "mana pool", tuple(f"pool:{m.type}" for _ in range(n)), n, [ch], False, False))
    return groups


def _is_card(src: ManaSource, spell_card: Any) -> bool:
    """The hand card of ``src`` is the card being cast (by name; a face's name counts, CR 712.8)."""
    names = {spell_card.name} | {f.name for f in getattr(spell_card, "faces", ()) or ()}
    return src.name in names


def _board_dependent(src: ManaSource) -> bool:
    """A filter whose output could change when another permanent leaves (it reflects other permanents, or a
    replacement or triggered mana ability changes it): sacrificing before activating it is not modelled."""
    e = src.ability.effect
    if not isinstance(e, AddMana):
        return any(o.note for o in src.options)
    return e.reflect is not None or any(a.reflect is not None for a in e.alternatives) or \
        any(o.note for o in src.options) or not isinstance(e.amount, Fixed)


def unmodelled_message(sources: Sequence[str], counting: bool = False) -> str:
    """Why a payment answer is ``unsupported`` when mana abilities were left out because a part of their cost
    is not modelled (CR 605.3b: a mana ability is activated by paying its whole cost; never treated as absent)."""
    what = "the count of payments" if counting else "whether a payment exists"
    return (f"{what} depends on mana abilities whose cost is not modelled: " + "; ".join(sources)
            + " (CR 605.3b, 601.2g-h)")


def _split_syms(syms: list[_SymGroup]) -> list[_SymGroup]:
    out = []
    for s in syms:
        for _ in range(s.count):
            out.append(_SymGroup(s.text, 1, s.options, s.labels))
    return out


def _permanents_by_id(state: GameState) -> dict:
    """The permanents by id (the first of an id, as ``_perm_or_none``), built once per model."""
    out: dict = {}
    for p in state.battlefield:
        out.setdefault(p.id, p)
    return out


def _perm_or_none(state: GameState, pid: str):
    for p in state.battlefield:
        if p.id == pid:
            return p
    return None
