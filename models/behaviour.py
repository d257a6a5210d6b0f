"""A card's behaviour model: its abilities as typed effects, parsed once per card (CR 113).

``abilities_of(card)`` is the one way the rules (``solver/``) get a card's abilities: the hand-written catalog
model when the card has one, else its oracle text parsed once by ``models.text.oracle`` and cached per card.
The solver imports this module, never the English parsers of ``models.text`` (tests/test_no_english_in_solver.py).
"""
from __future__ import annotations

from .abilities import Ability
from .cards import Card


def abilities_of(card: Card) -> tuple[Ability, ...]:
    """The card's abilities (catalog model, or parsed oracle text, cached per card name, source and text).

    Parameters
    ----------
    card : Card

    Returns
    -------
    tuple of Ability, in printed order (faces in order).
    """
    if card.abilities is not None:
        return card.abilities
    from .text.oracle import abilities_of as parsed  # the parser frame, loaded on first use

    return parsed(card)


def ability_words(a: Ability) -> str:
    """What an ability says and is modelled as, as one string, for the gate's per-state readers (``solver.gate``;
    ``models.text.relevance.ability_words``: a typed change itself, a keyword had, and what an activated or
    triggered ability does as it resolves are left out)."""
    from .text.relevance import ability_words as words

    return words(a)


def token_read_by(token: str, words: str) -> bool:
    """Whether ``words`` (``ability_words``) may read what a typed change ``token`` (``Unmodelled.reads``) changes
    (``models.text.relevance.token_read_by``; over-approximated)."""
    from .text.relevance import token_read_by as read

    return read(token, words)


def reading_of(card: Card, ability: Ability) -> dict:
    """What mtgcheck understood of one ability, beside its sentence, for a judge (``mtgcheck card``):

    ``{"sentence": the line, "reading": the typed reading printed back to Oracle wording (None when the line is not
    typed), "status": "typed" | "refused" | "not modelled" | "kept" | "catalog", "why": str}``. ``refused``: the
    parser's typed reading did not print back to the sentence, so the sentence is kept as text
    (``models.text.roundtrip``); ``kept``: a listed reading that says the same in other words (with its reason);
    ``catalog``: a hand-written model, described in its own words. Untyped spans of a reading are shown as
    ``[...]``. CR 113 (abilities), 201.5 (the card's own name read as "this").
    """
    from .effects import Unmodelled
    from .text import render, roundtrip

    names = roundtrip.card_names(card)
    shown = ability.refused if ability.refused is not None else ability
    out: dict = {"sentence": ability.text, "reading": None, "status": "not modelled", "why": ""}
    if card.abilities is not None:
        out.update(status="catalog", why="a hand-written model (the embedded catalog), not read from the text")
        return out
    if not roundtrip.is_typed(shown):
        if isinstance(shown.effect, Unmodelled):
            out["why"] = "kept as text; it counts for " + ", ".join(sorted(t.value for t in shown.effect.topics))
        return out
    try:
        out["reading"] = render.display(render.ability(shown, names))
    except render.Unrenderable as e:
        out["why"] = f"its typed reading cannot be printed ({e})"
    if ability.refused is not None:
        out["status"] = "refused"
        out["why"] = ("its typed reading does not say what the sentence says, so the sentence is kept as text (not "
                      "modelled)" + (f": {out['why']}" if out["why"] else ""))
        return out
    ok, why = roundtrip.reading(shown, names)
    if ok:
        out["status"] = "typed"
    else:
        out["status"] = "kept"
        out["why"] = roundtrip.exceptions().get(card.name, why)
    return out
