"""What mtgcheck understood of each ability of a card, beside its sentence (``mtgcheck card``): the typed reading
printed back to Oracle wording (``models.text.render``), or why the sentence is kept as text (``models.text.roundtrip``).

A module of the data layer (it reads the text layer), so that the command line need not import the parser's modules.
"""
from __future__ import annotations

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.game.cards import Card
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.text import roundtrip
from mtgcheck.models.text.render.abilities import ability as ability_pattern
from mtgcheck.models.text.render.patterns import Unrenderable, display


def reading_of(card: Card, ability: Ability) -> dict:
    """What mtgcheck understood of one ability, beside its sentence, for a judge (``mtgcheck card``):

    ``{"sentence": the line, "reading": the typed reading printed back to Oracle wording (None when the line is not
    typed), "status": "typed" | "refused" | "not modelled" | "kept" | "catalog", "why": str}``. ``refused``: the
    parser's typed reading did not print back to the sentence, so the sentence is kept as text
    (``models.text.roundtrip.vet``); ``kept``: a listed reading that says the same in other words (with its reason);
    ``catalog``: a hand-written model, described in its own words. Untyped spans of a reading are shown as
    ``[...]``. CR 113 (abilities), 201.5 (the card's own name read as "this").
    """
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
        out["reading"] = display(ability_pattern(shown, names))
    except Unrenderable as e:
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
