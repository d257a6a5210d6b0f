"""Reading delve, convoke and improvise, and the abilities that look at what delve exiled.

Plain data and parsing only (the search lives in ``solver.questions.delve``).

What is read here
-----------------
* The keywords **delve** (CR 702.66), **convoke** (CR 702.51) and **improvise** (CR 702.126):
  keyword abilities with ``effect`` ``"delve"``, ``"convoke"``, ``"improvise"``. Their params
  say what one exiled card / tapped permanent pays (``pays``).
* **Soulflayer-style grants** — "If a creature card with flying was exiled with this creature's
  delve ability, this creature has flying. The same is true for first strike, ..." — become
  ``Ability(kind="static", effect="delve_keyword_grant", params={"keywords": [...],
  "card_type": "Creature"})``.
* **Murktide-style counting** — "This creature enters with a +1/+1 counter on it for each
  instant and sorcery card exiled with it" — becomes ``effect="delve_count"`` with
  ``params={"counter": "+1/+1", "card_types": ["Instant", "Sorcery"]}``.

``delve_grantable_keywords(card, keywords)`` says which of the listed keywords a card in a
graveyard *has*, in the sense of Soulflayer's ruling: only keyword abilities the card has
unconditionally count (Soulflayer ruling 2014-11-24: a card that grants itself first
strike under a condition, such as Battle Brawler, does not count), and a variant of a
listed keyword ("hexproof from white", "trample over planeswalkers") is kept as that
variant (Soulflayer ruling 2014-11-24).

References: CR 702.66 (delve), 702.51 (convoke), 702.126 (improvise), 702.11 (hexproof,
702.11d "hexproof from"), 702.19 (trample, 702.19c "trample over planeswalkers"); Soulflayer
rulings 2014-11-24; Murktide Regent rulings 2021-06-18.
"""
from __future__ import annotations

import re
from typing import Mapping

from ..game.cards import Card, strip_reminder_text
from .frame import effect_parser, keyword_parser

from ..vocab.keyword_model import COST_KEYWORDS, SOULFLAYER_KEYWORDS  # noqa: F401,E402  (re-exported)


# ---------------------------------------------------------------------------
# Keyword parameters
# ---------------------------------------------------------------------------


@keyword_parser("delve")
def _delve_params(rest: str, card: Card) -> Mapping:
    """Delve: each card exiled from its controller's graveyard pays {1} of generic mana (CR 702.66a)."""
    return {"pays": "generic", "uses": "graveyard_card"}


@keyword_parser("convoke")
def _convoke_params(rest: str, card: Card) -> Mapping:
    """Convoke: each untapped creature tapped pays {1} or one mana of its colour (CR 702.51a)."""
    return {"pays": "generic_or_color", "uses": "untapped_creature"}


@keyword_parser("improvise")
def _improvise_params(rest: str, card: Card) -> Mapping:
    """Improvise: each untapped artifact tapped pays {1} (CR 702.126a)."""
    return {"pays": "generic", "uses": "untapped_artifact"}


# ---------------------------------------------------------------------------
# Soulflayer and Murktide effect parsers
# ---------------------------------------------------------------------------

_GRANT_RE = re.compile(
    r"^if an? (?P<type>[a-z]+) card with (?P<kw>[a-z ]+?) was exiled with this (?:creature|card|permanent|spell)'s "
    r"delve ability, this (?:creature|card|permanent) has (?P=kw)\.(?:\s*the same is true for (?P<more>[^.]+)\.)?$",
    re.I,
)
_COUNT_RE = re.compile(
    r"^this (?:creature|permanent) enters(?: the battlefield)? with an? (?P<counter>\S+) counter on it for each "
    r"(?P<types>[a-z ,]+?) cards? exiled with it\.$",
    re.I,
)


def split_list(text: str) -> list[str]:
    """Split an English list ("first strike, double strike, and vigilance") into its items, lower case."""
    parts = re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", text.strip().lower())
    return [p.strip() for p in parts if p.strip()]


@effect_parser(20)
def parse_delve_keyword_grant(kind: str, text: str, card: Card):
    """Soulflayer's grant: "if a creature card with K was exiled with this creature's delve ability, this
    creature has K. The same is true for K2, ..., Kn."

    Parameters
    ----------
    kind : str  ability kind as classified by the oracle parser.
    text : str  the ability text with the card's name replaced by "this".
    card : Card

    Returns
    -------
    ``("delve_keyword_grant", {"keywords": [...], "card_type": "Creature"})`` or None.

    Reference: Soulflayer oracle text and rulings 2014-11-24.
    """
    m = _GRANT_RE.match(strip_reminder_text(text).strip())
    if not m:
        return None
    kws = [m.group("kw").lower()]
    if m.group("more"):
        kws.extend(split_list(m.group("more")))
    return "delve_keyword_grant", {"keywords": kws, "card_type": m.group("type").capitalize()}


@effect_parser(20)
def parse_delve_count(kind: str, text: str, card: Card):
    """Murktide's count: "this creature enters with a +1/+1 counter on it for each instant and sorcery card
    exiled with it" → ``("delve_count", {"counter": "+1/+1", "card_types": ["Instant", "Sorcery"]})``.

    A card counts once if it has any of the listed card types (an instant and sorcery card is one card).
    Reference: Murktide Regent oracle text and rulings 2021-06-18.
    """
    m = _COUNT_RE.match(strip_reminder_text(text).strip())
    if not m:
        return None
    types = [t.capitalize() for t in split_list(m.group("types"))]
    return "delve_count", {"counter": m.group("counter"), "card_types": types}


# The questions about one card's model live in models/vocab/keyword_model.py (no English read there); re-exported here.
from ..vocab.keyword_model import (  # noqa: E402,F401
    card_keyword_abilities, counts_for, delve_counts, delve_grantable_keywords, delve_keyword_grants, has_cost_keyword,
    keyword_matches,
)
