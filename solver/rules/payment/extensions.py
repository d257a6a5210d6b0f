"""Payment extensions: more ways to pay part of a spell's total cost than mana (docs/payment.md, docs/delve.md).

``ExtraPayer`` is one such way (a creature tapped for convoke, an artifact for improvise, a graveyard card exiled
for delve); an ``Extension`` gives them for a spell being cast. ``cost_keyword_payers`` is the standard one (the
spell's own convoke, improvise and delve, printed or granted), which ``build_model`` uses when a caller passes no
``extensions``; the delve question passes ``convoke_improvise_payers`` and pays its delve itself. Plain functions
of the game state: the payment model (``solver.rules.payment.model``) and the delve question (``solver.questions.delve``) import
them.

References: CR 107.5, 601.2a, 601.2f-h, 702.51a (convoke), 702.66a (delve), 702.126a (improvise).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from mtgcheck.models.game.cards import Card
from mtgcheck.models.vocab.keyword_effects import SpellsHaveKeyword
from mtgcheck.models.vocab.keyword_model import has_cost_keyword
from mtgcheck.models.game.mana import COLORS
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules.board import battlefield_abilities
from mtgcheck.solver.rules.board import is_creature_now as _is_creature_now

__all__ = ["ExtraPayer", "Extension", "standard_extensions", "spell_cost_keywords", "card_payers", "GRAVEYARD_CASTS",
           "cost_keyword_payers", "convoke_improvise_payers"]


@dataclass(frozen=True)
class ExtraPayer:
    """One more way to pay part of a spell's total cost, offered by a payment extension (``Extension``).

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


#: A payment extension: ``fn(state, player, spell_card, total_cost) -> iterable of ExtraPayer``.
Extension = Callable[[GameState, str, Any, Any], Iterable[ExtraPayer]]


def standard_extensions() -> tuple[Extension, ...]:
    """The payment extensions used when a caller passes none: the spell's cost keywords.

    Returns
    -------
    tuple of Extension
        ``(cost_keyword_payers,)``: convoke (CR 702.51a), improvise (CR 702.126a) and delve
        (CR 702.66a) payers of the spell being cast, the spell itself excluded from delve when it is cast
        from the graveyard (CR 601.2a). The same tuple whatever was imported before (no registry).
    """
    return (cost_keyword_payers,)


def spell_cost_keywords(state: GameState, player: str, card: Card) -> set[str]:
    """Which of delve, convoke, improvise the spell has, printed or granted by a permanent of ``player``
    with a static ``spells_have_keyword`` ability (Inspiring Statuary: nonartifact spells have improvise)."""
    out = {k for k in ("delve", "convoke", "improvise") if has_cost_keyword(card, k)}
    for perm, abilities in battlefield_abilities(state, state.permanents(player)):
        for a in abilities:
            e = a.effect
            if isinstance(e, SpellsHaveKeyword) and a.kind == "static":
                if any(card.is_type(t) for t in e.exclude_types):
                    continue
                out.add(e.keyword.lower())
    return out


def card_payers(state: GameState, player: str, spell_card: Card, total: object = None, *,
                delve: bool = True, exclude: Iterable[str] = ()) -> list:
    """The ``ExtraPayer`` objects for convoke, improvise and delve (a payment extension, ``solver.rules.payment``).

    * convoke (CR 702.51a): every untapped creature ``player`` controls, summoning sick or not (302.6 is
      about {T} abilities; convoke is not one), options = its colours (each also pays {1}) or ``"1"`` for a
      colourless creature; it taps the creature, so it excludes that creature's {T} mana abilities.
    * improvise (CR 702.126a): every untapped artifact, option ``"1"``; an artifact creature offers its
      convoke and improvise options as one permanent, so it pays by one of them only (CR 107.5).
    * delve (CR 702.66a): every card in ``player``'s graveyard (but ``exclude``),
      option ``"1"``; cards with one name are interchangeable (``group``). The limit of the generic part
      of the total cost follows from generic-only units (docs/payment.md).

    Parameters
    ----------
    state, player, spell_card
    total : the total cost (unused; part of the extension signature).
    delve : bool  offer delve payers.
    exclude : graveyard card ids that cannot be exiled.

    Returns
    -------
    list of ExtraPayer
    """
    kws = spell_cost_keywords(state, player, spell_card)
    out = []
    for perm in state.permanents(player):
        if perm.tapped:
            continue
        opts: list[str] = []
        hows: list[str] = []
        if "convoke" in kws and _is_creature_now(state, perm):
            cols = [c for c in COLORS if c in perm.card.colors]
            opts.extend(cols or ["1"])
            hows.append("convoke")
        if "improvise" in kws and perm.is_type("Artifact"):
            if "1" not in opts:
                opts.append("1")
            hows.append("improvise")
        if opts:
            out.append(ExtraPayer(perm.id, perm.name, tuple(opts), " or ".join(hows), permanent=perm.id))
    if delve and "delve" in kws:
        skip = set(exclude)
        for ci in state.cards("graveyard", player):
            if ci.id in skip:
                continue
            out.append(ExtraPayer(ci.id, ci.name, ("1",), "delve", group="delve:" + ci.name))
    return out


#: Alternative costs that cast the card from its owner's graveyard (CR 702.34a flashback, 702.138a escape).
GRAVEYARD_CASTS = ("flashback", "escape")


def cost_keyword_payers(state: GameState, player: str, spell_card: Card | None, total_cost: object = None) -> list:
    """The standard payment extension (``solver.rules.payment.standard_extensions``): ``card_payers`` of the spell.

    When the total cost is a graveyard cast (``total_cost.base`` is flashback or escape), one card of the
    spell's name is the spell itself, on the stack (CR 601.2a), so it is not offered to delve.

    Parameters
    ----------
    state, player : the game and the caster.
    spell_card : Card or None; ``None`` (an ability's cost) gives no payers.
    total_cost : solver.rules.costs.TotalCost or a mana cost; only its ``base`` is read.

    Returns
    -------
    list of ExtraPayer
    """
    if spell_card is None:
        return []
    exclude: list[str] = []
    if getattr(total_cost, "base", None) in GRAVEYARD_CASTS:
        me = next((ci for ci in state.cards("graveyard", player) if ci.card.name == spell_card.name), None)
        if me is not None:
            exclude.append(me.id)
    return card_payers(state, player, spell_card, total_cost, exclude=exclude)


def convoke_improvise_payers(state: GameState, player: str, spell_card: Card | None, total_cost: object = None) -> list:
    """``card_payers`` without delve: the extension of the delve question, which pays ``k`` generic by delve itself."""
    if spell_card is None:
        return []
    return card_payers(state, player, spell_card, total_cost, delve=False)
