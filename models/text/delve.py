"""Reading delve, convoke and improvise, and the abilities that look at what delve exiled.

Plain data and parsing only (the search lives in ``solver.delve``).

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
from typing import Iterable, Mapping

from ..abilities import Ability
from ..cards import Card, strip_reminder_text
from .oracle import abilities_of, effect_parser, keyword_parser

#: The keywords Soulflayer looks for, in its printed order.
SOULFLAYER_KEYWORDS: tuple[str, ...] = (
    "flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
    "indestructible", "lifelink", "reach", "trample", "vigilance",
)

#: Every keyword that makes a spell payable with something other than mana, and what one unit pays.
COST_KEYWORDS: Mapping[str, str] = {
    "delve": "exile a card from your graveyard: pays {1} (CR 702.66a)",
    "convoke": "tap an untapped creature you control: pays {1} or one mana of its colour (CR 702.51a)",
    "improvise": "tap an untapped artifact you control: pays {1} (CR 702.126a)",
}


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


# ---------------------------------------------------------------------------
# Questions about one card's model
# ---------------------------------------------------------------------------


def _keyword_names(card: Card) -> list[str]:
    out = []
    for a in abilities_of(card):
        if a.kind == "keyword":
            out.append(str(a.params.get("keyword", a.effect.name.replace("_", " "))).lower())
    return out


def has_cost_keyword(card: Card, keyword: str) -> bool:
    """Whether the card has ``keyword`` (``"delve"``, ``"convoke"``, ``"improvise"``) as a keyword ability.

    Reads the card's model (catalog abilities or parsed oracle text) and, as a fallback, the
    card data's ``keywords`` list. Multiple instances are redundant (CR 702.66c, 702.51d, 702.126c).
    """
    k = keyword.lower()
    if k in _keyword_names(card):
        return True
    return any(x.lower() == k for x in card.keywords)


def delve_keyword_grants(card: Card) -> list[Ability]:
    """The card's Soulflayer-style grants (``effect == "delve_keyword_grant"``)."""
    return [a for a in abilities_of(card) if a.effect == "delve_keyword_grant"]


def delve_counts(card: Card) -> list[Ability]:
    """The card's Murktide-style counts (``effect == "delve_count"``)."""
    return [a for a in abilities_of(card) if a.effect == "delve_count"]


_VARIANT_LINE = re.compile(r"^(hexproof from [a-z ,]+|trample over planeswalkers)$", re.I)


def card_keyword_abilities(card: Card) -> list[str]:
    """The keyword abilities a card has unconditionally, lower case, variants in full.

    ``"Hexproof from black"`` is returned as ``"hexproof from black"``, not ``"hexproof"``
    (CR 702.11d: hexproof from a quality is a variant of hexproof). Conditional grants in
    static abilities ("as long as ..., this creature has first strike") are not keyword
    abilities of the card and are not returned (Soulflayer ruling 2014-11-24, Battle Brawler).

    Parameters
    ----------
    card : Card

    Returns
    -------
    list of str, in printed order, each once.
    """
    out: list[str] = []
    for a in abilities_of(card):
        if a.kind == "keyword":
            name = str(a.params.get("keyword", a.effect.name.replace("_", " "))).lower()
            param = a.params.get("parameter")
            if param and name in ("hexproof from", "trample over"):
                name = f"{name} {str(param).lower()}"
            elif param and name == "hexproof" and str(param).lower().startswith("from "):
                name = f"hexproof {str(param).lower()}"
            out.append(name)
        elif a.kind in ("static", "unparsed") and a.effect == "text":
            # a keyword line the frame could not split, e.g. "Hexproof from artifacts, creatures, and enchantments"
            line = strip_reminder_text(a.text).strip().rstrip(".")
            if _VARIANT_LINE.match(line):
                out.append(line.lower())
    seen: set[str] = set()
    return [k for k in out if not (k in seen or seen.add(k))]


def keyword_matches(ability_name: str, listed: str) -> bool:
    """Whether a keyword ability is ``listed`` or a variant of it ("hexproof from white" for "hexproof")."""
    a = ability_name.lower()
    return a == listed or a.startswith(listed + " ")


def delve_grantable_keywords(card: Card, keywords: Iterable[str] = SOULFLAYER_KEYWORDS,
                             card_type: str = "Creature") -> frozenset[str]:
    """What a card exiled with a Soulflayer-style delve ability contributes.

    Parameters
    ----------
    card : Card
        A card in the graveyard; its characteristics are those of its front face.
    keywords : iterable of str
        The listed keywords (Soulflayer's eleven by default).
    card_type : str
        The card type that counts ("Creature": only creature cards count, Soulflayer ruling).

    Returns
    -------
    frozenset of str
        Each listed keyword the card has unconditionally, or its variant as printed
        ("hexproof from white"). Empty for a card without ``card_type``.

    References
    ----------
    Soulflayer rulings 2014-11-24 (self-granted conditional keywords do not count; variants give
    the variant).
    """
    if not card.is_type(card_type):
        return frozenset()
    listed = [k.lower() for k in keywords]
    out: set[str] = set()
    for name in card_keyword_abilities(card):
        for k in listed:
            if keyword_matches(name, k):
                # "double strike" must not be read as a variant of "double"; exact or "K ..." only
                out.add(name)
                break
    return frozenset(out)


def counts_for(card: Card, card_types: Iterable[str]) -> bool:
    """Whether a card counts for a Murktide-style ability: it has any of ``card_types`` (CR 205.2a)."""
    return any(card.is_type(t) for t in card_types)
