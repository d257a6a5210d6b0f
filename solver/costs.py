"""Total cost of a spell (CR 601.2f), step by step.

The total cost is the mana cost or ONE alternative cost (CR 118.9a, 601.2b), with X replaced by
its announced value (CR 601.2b, 107.3a), plus every additional cost (CR 118.8: kicker, multikicker,
buyback, entwine, mandatory "as an additional cost" costs), plus cost increases, minus cost
reductions (generic reductions reduce only generic mana, CR 118.7a; a coloured reduction with no
symbol of that colour reduces generic, 118.7b-c), never below {0}; then the effects that directly
affect the total cost ("costs at least three mana", Trinisphere) are applied and the cost is locked
in. A card with no mana cost has an unpayable mana cost (CR 118.6); increases and additional costs
keep it unpayable (118.6a), an alternative cost may still be paid. The mana value stays that of the
card (CR 202.3, 118.8d, 118.9c; Thalia ruling 2018-03-16).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from models.abilities import CostPart
from models.costs import AdditionalCost, AlternativeCost, CostChange, additional_costs, alternative_costs, cost_changes
from models.mana import ManaCost, ManaSymbol
from models.oracle import abilities_of
from models.state import GameState

from .layers import permanent_abilities


class CostError(ValueError):
    """The requested way of casting does not exist for this card (no such alternative cost, X on a free cast...)."""


class ZoneError(CostError):
    """The alternative cost exists but casts the card from another zone (CR 702.34a, 702.138a)."""


@dataclass
class TotalCost:
    """A spell's total cost (CR 601.2f).

    Attributes
    ----------
    mana : ManaCost or None
        The mana component in canonical order (``None``: unpayable, CR 118.6).
    life : int
        Life to pay besides Phyrexian symbols (pay-life parts of the costs).
    parts : tuple of CostPart
        Other non-mana parts (sacrifice, discard, exile from graveyard...).
    base : str
        ``"mana cost"`` or the alternative cost's keyword.
    x : int
        The announced X.
    steps : list of str
        How it was computed, one line per step, each citing its rule.
    """

    mana: ManaCost | None
    life: int = 0
    parts: tuple[CostPart, ...] = ()
    base: str = "mana cost"
    x: int = 0
    steps: list[str] = field(default_factory=list)

    @property
    def payable_mana(self) -> bool:
        return self.mana is not None

    def notation(self) -> str:
        """Canonical notation of the mana component (``{0}`` when empty, CR 118.5; ``unpayable``)."""
        if self.mana is None:
            return "unpayable"
        c = self.mana.canonical()
        return str(c) if len(c) else "{0}"

    def __str__(self) -> str:
        bits = [self.notation()]
        if self.life:
            bits.append(f"pay {self.life} life")
        bits.extend(p.text or p.action for p in self.parts)
        return ", ".join(bits)


def _sub_x(cost: ManaCost | None, x: int) -> ManaCost | None:
    return None if cost is None else cost.with_x(x)


def spell_abilities(card: Any) -> tuple:
    """The card's abilities (catalog model or parsed oracle text); importing ``models.costs`` registers its parsers."""
    return abilities_of(card)


def active_cost_changes(state: GameState) -> list[CostChange]:
    """Every cost increase/reduction/minimum of the permanents on the battlefield (in battlefield order)."""
    out: list[CostChange] = []
    for perm in state.battlefield:
        for ch in cost_changes(permanent_abilities(state, perm), perm.name, perm.controller):
            if ch.while_untapped and perm.tapped:
                continue
            out.append(ch)
    return out


def _has_granted_flashback(state: GameState, player: str) -> str | None:
    for e in state.effects:
        for a in abilities_of(e.card):
            if a.effect == "grant_flashback" and e.controller == player:
                return e.card.name
    return None


def _add_generic(cost: ManaCost, n: int) -> ManaCost:
    return ManaCost(cost.symbols + (ManaSymbol(str(n)),)) if n else cost


def _reduce(cost: ManaCost, amount: ManaCost, steps: list[str], who: str) -> ManaCost:
    syms = list(cost.symbols)
    generic = cost.generic
    others = [s for s in syms if not s.is_generic]
    for r in amount.symbols:
        if r.is_generic:
            take = min(generic, r.generic_amount)
            generic -= take
        elif r.text in ("W", "U", "B", "R", "G", "C"):
            hit = next((i for i, s in enumerate(others) if s.text == r.text), None)
            if hit is not None:
                others.pop(hit)
            elif generic:
                generic -= 1  # CR 118.7b-d: reduces generic instead
    out = ManaCost(tuple(others) + ((ManaSymbol(str(generic)),) if generic else ()))
    steps.append(f"{who}: reduce by {amount} → {fmt(out)} (generic reductions touch only generic mana, CR 118.7a-d)")
    return out


def fmt(cost: ManaCost | None) -> str:
    """Canonical notation, ``{0}`` for an empty cost, ``unpayable`` for ``None``."""
    if cost is None:
        return "unpayable"
    c = cost.canonical()
    return str(c) if len(c) else "{0}"


def total_cost(state: GameState, player: str, card: Any, *, using: str | None = None, x: int = 0,
               kicked: int | bool = 0, additional: Iterable[str] = (), zone: str = "hand") -> TotalCost:
    """Compute the total cost of casting ``card`` (CR 601.2f), with every step explained.

    Parameters
    ----------
    state, player : the game and the caster.
    card : models.cards.Card
    using : None (the mana cost), an alternative-cost keyword (``flashback``, ``escape``, ``evoke``,
        ``dash``, ``overload``) or ``"free"`` (cast without paying its mana cost, CR 118.9).
    x : the announced value of X (CR 601.2b; 0 when cast without paying a cost with X, 107.3b).
    kicked : times the kicker/multikicker cost is paid (``True`` = 1), CR 702.33.
    additional : other optional additional costs to pay: ``buyback``, ``entwine``.
    zone : where the card is cast from (flashback and escape need the graveyard, CR 702.34a, 702.138a).

    Returns
    -------
    TotalCost

    Raises
    ------
    CostError : an alternative or additional cost the card does not have, a wrong zone, X with a free cast.
    """
    steps: list[str] = []
    abilities = spell_abilities(card)
    alts = alternative_costs(card, abilities)
    adds = additional_costs(card, abilities)
    if isinstance(kicked, bool):
        kicked = int(kicked)
    if x < 0:
        raise CostError("X cannot be negative (CR 107.1b)")
    base = "mana cost"
    parts: list[CostPart] = []
    # 1. mana cost or one alternative cost
    if using in (None, "", "mana cost", "mana_cost"):
        mana = card.mana_cost
        if mana is None:
            steps.append(f"{card.name} has no mana cost: its mana cost is unpayable (CR 118.6, 202.1b)")
        else:
            steps.append(f"start from the mana cost {mana}")
    elif using in ("free", "without paying its mana cost", "without_paying"):
        if x:
            raise CostError("cast without paying its mana cost, X can only be 0 (CR 107.3b)")
        base = "free"
        mana = ManaCost()
        steps.append("cast without paying its mana cost: the alternative cost is {0} (CR 118.9; X is 0, 107.3b)")
    else:
        kw = str(using).lower()
        alt = next((a for a in alts if a.keyword == kw), None)
        if alt is None and kw == "flashback":
            granter = _has_granted_flashback(state, player)
            if granter is not None:
                alt = AlternativeCost("flashback", card.mana_cost, (), "graveyard", f"flashback granted by {granter}")
                steps.append(f"{granter} gave it flashback with a cost equal to its mana cost "
                             f"({card.mana_cost if card.mana_cost is not None else 'none'}); Snapcaster Mage ruling 2017-03-14")
        if alt is None:
            have = ", ".join(a.keyword for a in alts) or "none"
            raise CostError(f"{card.name} has no {kw} cost (its alternative costs: {have})")
        if alt.zone and zone != alt.zone:
            raise ZoneError(f"{kw} casts the card from the {alt.zone}, not from the {zone} (CR 702.34a, 702.138a)")
        base = kw
        mana = alt.mana
        parts.extend(alt.parts)
        if mana is None:
            steps.append(f"the {kw} cost is the mana cost of a card with none: unpayable (CR 118.6)")
        else:
            steps.append(f"pay the {kw} cost {fmt(mana)}" + (" plus " + ", ".join(p.text for p in alt.parts) if alt.parts else "")
                         + " rather than the mana cost; only one alternative cost applies (CR 118.9a)")
    if mana is not None and mana.has_x:
        mana = mana.with_x(x)
        steps.append(f"X = {x} is announced first (CR 601.2b, 107.3a): {fmt(mana)}")
    # 2. additional costs
    mandatory = [a for a in adds if not a.optional]
    kick = [a for a in adds if a.keyword in ("kicker", "multikicker")]
    wanted = {str(a).lower() for a in additional}
    for a in adds:
        if a.keyword in ("buyback", "entwine") and a.keyword not in wanted:
            continue
        if a.keyword in ("kicker", "multikicker"):
            continue
        times = 1
        mana = _add_cost(mana, a, times, parts, steps)
    unknown = wanted - {a.keyword for a in adds}
    if unknown:
        raise CostError(f"{card.name} has no {', '.join(sorted(unknown))} cost")
    if kicked:
        if not kick:
            raise CostError(f"{card.name} has no kicker cost (CR 702.33)")
        if kick[0].keyword == "kicker" and kicked > len(kick):
            raise CostError(f"{card.name} can be kicked at most {len(kick)} time(s) (CR 702.33d)")
        if kick[0].keyword == "multikicker":
            mana = _add_cost(mana, kick[0], kicked, parts, steps)
        else:
            for a in kick[:kicked]:
                mana = _add_cost(mana, a, 1, parts, steps)
    del mandatory
    # 3. increases, 4. reductions, 5. minimums
    changes = [c for c in active_cost_changes(state) if c.applies_to(card, player)]
    for c in changes:
        if c.kind == "increase":
            if mana is None:
                steps.append(f"{c.source}: +{c.amount}, but the cost stays unpayable (CR 118.6a)")
            else:
                mana = ManaCost(mana.symbols + tuple(s.with_x(x) if False else s for s in c.amount.symbols))
                steps.append(f"{c.source}: costs {c.amount} more → {fmt(mana)} (increases before reductions, CR 601.2f)")
    for c in changes:
        if c.kind == "reduction" and mana is not None:
            mana = _reduce(mana, c.amount, steps, c.source)
    for c in changes:
        if c.kind == "minimum" and mana is not None:
            mv = mana.mana_value()
            if mv < c.minimum:
                mana = _add_generic(mana, c.minimum - mv)
                steps.append(f"{c.source}: a spell that would cost less than {c.minimum} mana costs {c.minimum} → {fmt(mana)} "
                             f"(applied to the total cost after increases and reductions, CR 601.2f)")
    life = 0
    rest: list[CostPart] = []
    for p in parts:
        if p.action == "pay_life":
            life += p.amount
        else:
            rest.append(p)
    if mana is not None:
        mana = mana.canonical()
        steps.append(f"total cost {fmt(mana)}" + (f", pay {life} life" if life else "")
                     + ("".join(", " + (p.text or p.action) for p in rest)) + " (locked in, CR 601.2f)")
    return TotalCost(mana, life, tuple(rest), base, x, steps)


def _add_cost(mana: ManaCost | None, a: AdditionalCost, times: int, parts: list[CostPart], steps: list[str]) -> ManaCost | None:
    add = ManaCost()
    for _ in range(times):
        if a.mana is not None:
            add = add + a.mana
        parts.extend(a.parts)
    what = (str(add) if len(add) else "") + ("".join(", " + p.text for p in a.parts) * 1 if a.parts else "")
    label = {"additional": "mandatory additional cost"}.get(a.keyword, a.keyword + (f" ×{times}" if times > 1 else ""))
    if mana is None:
        steps.append(f"add the {label} {what}; the cost stays unpayable (CR 118.6a)")
        return None
    out = mana + add
    steps.append(f"add the {label} {what.strip(', ')} → {fmt(out)} (CR 118.8, 601.2f)")
    return out


def nonmana_problems(state: GameState, player: str, card: Any, tc: TotalCost, zone: str = "hand") -> list[str]:
    """Reasons the non-mana parts of a total cost cannot be paid (CR 118.3), empty when they can.

    Sacrifice needs a permanent of the kind (CR 701.21), discard a card other than the spell (it is
    on the stack, CR 601.2a), escape's "exile N other cards" that many other graveyard cards, life
    at most the life total (CR 119.4).
    """
    out: list[str] = []
    life = state.life.get(player, 20)
    if tc.life and tc.life > life:
        out.append(f"the cost includes paying {tc.life} life but {player} has {life} (CR 119.4, 118.3)")
    need: dict[str, int] = {}
    for p in tc.parts:
        key = f"{p.action}:{p.what}"
        need[key] = need.get(key, 0) + p.amount
    for key, n in need.items():
        action, what = key.split(":", 1)
        if action == "sacrifice":
            kind = what.rstrip("s").strip()
            have = [q for q in state.permanents(player) if kind in ("permanent", "") or q.card.is_type(kind.capitalize())]
            if len(have) < n:
                out.append(f"the cost includes sacrificing {n} {kind}{'s' if n > 1 else ''} but {player} controls {len(have)} (CR 118.3)")
        elif action == "discard":
            hand = [c for c in state.cards("hand", player) if c.card is not card or zone != "hand"]
            if zone == "hand":
                hand = hand[: max(0, len(state.cards("hand", player)) - 1)]
            if len(hand) < n:
                out.append(f"the cost includes discarding {n} card(s) but {player} has no other card in hand (CR 118.3)")
        elif action == "exile" and "graveyard" in what:
            import re

            m = re.search(r"(\w+) other cards?", what)
            words = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
            k = (int(m.group(1)) if m and m.group(1).isdigit() else words.get(m.group(1), 1)) if m else n
            gy = len(state.cards("graveyard", player)) - (1 if zone == "graveyard" else 0)
            if gy < k:
                out.append(f"the cost includes exiling {k} other cards from the graveyard but there are only {gy} (CR 118.3, 702.138a)")
    return out
