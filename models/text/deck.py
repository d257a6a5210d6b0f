"""Deck-building facts read from a card's rules text.

``solver.decks.rules`` checks decks against the deck-construction rules; what a card's own text says about
deck building is read here (models = parsing): its copy limit, partner abilities, "can be your
commander", changeling, companion, a creature outside the battlefield (Grist) and whether it has an
activated ability (Zirda). Every function takes a ``models.game.cards.Card`` and returns plain data; text
that is not understood is never guessed at (see ``has_activated_ability``).

References: CR 100.2a (copy limit; a card's text may override it), 702.73a (changeling), 702.124
(partner variants), 702.139a (companion), 903.3 and 903.3a (commanders), 602.1 and 305.6 (activated
abilities).
"""
from __future__ import annotations

import re

from ..game.cards import BASIC_LAND_TYPES, Card, Face, strip_reminder_text
from ..vocab.effect import Unmodelled
from ..vocab.deck_conditions import (CompanionCondition, DeckSizeAbove, DifferentNames, EachCard, HasActivatedAbility,
                                     ManaValue, RepeatedManaSymbol, SharesCardType, SubtypeAmong, UnreadCondition)
from .words import parse_count_word
from ..vocab.deckfacts import DeckText
from ..vocab.keywords import ACTIVATED_KEYWORDS, is_activated_keyword
from .oracle import abilities_of, parse_face

__all__ = [
    "copy_limit", "partner_abilities", "can_be_your_commander", "is_changeling", "has_companion_ability",
    "companion_condition",
    "creature_outside_battlefield", "has_every_land_type", "has_activated_ability", "ACTIVATED_KEYWORDS",
    "read_deck_text",
]

_ANY_NUMBER_RE = re.compile(r"deck can have any number of cards named", re.I)
_UP_TO_RE = re.compile(r"deck can have up to (\w+) cards named", re.I)
# "As long as Grist isn't on the battlefield, it's a 1/1 Insect creature in addition to its other types."
_OUTSIDE_CREATURE_RE = re.compile(r"(?i)as long as [^.\n]* isn't on the battlefield, it's a [^.\n]*creature")
_CHANGELING_LINE_RE = re.compile(r"(?im)^changeling\b")


def copy_limit(card: Card) -> int | None:
    """How many copies the card's own text allows (CR 100.2a lets a card's text override the limit).

    Returns None when the text says nothing (the format's limit applies), -1 for "A deck can have any
    number of cards named ..." (Relentless Rats), else the number of "A deck can have up to seven cards
    named ..." (Seven Dwarves: 7, Nazgûl: 9).
    """
    text = card.full_oracle_text or ""
    if _ANY_NUMBER_RE.search(text):
        return -1
    m = _UP_TO_RE.search(text)
    if m:
        return parse_count_word(m.group(1))
    return None


def _partner_line_abilities(line: str) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    s = line.strip().rstrip(".")
    low = s.lower()
    if low.startswith("partner with "):
        out.append(("partner_with", s[len("partner with "):].strip()))
    elif low.startswith("partner—") or low.startswith("partner -") or low.startswith("partner —"):
        kind = re.split(r"—|-", s, maxsplit=1)[1].strip().lower()
        out.append(("partner_text", kind))
    elif low == "partner":
        out.append(("partner",))
    elif low == "friends forever":
        out.append(("partner_text", "friends forever"))  # now "partner—Friends forever" (CR 702.124i)
    elif low == "choose a background":
        out.append(("background",))
    elif low == "doctor's companion" or low == "doctor’s companion":
        out.append(("doctor",))
    return out


def partner_abilities(card: Card) -> frozenset[tuple[str, ...]]:
    """The partner abilities of a card (CR 702.124a), read from its rules text without reminder text.

    Returns
    -------
    frozenset of tuples: ``("partner",)``, ``("partner_text", KIND)`` (``partner—KIND``; *Friends forever* is
    ``partner—Friends forever``, 702.124i), ``("partner_with", NAME)``, ``("background",)`` (choose a
    Background, 702.124k), ``("doctor",)`` (Doctor's companion, 702.124m).
    """
    out: set[tuple[str, ...]] = set()
    text = strip_reminder_text(card.front.oracle_text or card.oracle_text or "")
    for line in text.split("\n"):
        for part in line.split(", ") if "," in line and not line.lower().startswith("partner with") else [line]:
            out.update(_partner_line_abilities(part))
    return frozenset(out)


def can_be_your_commander(card: Card) -> bool:
    """Whether the card's text says "<name> can be your commander" (CR 903.3a)."""
    return "can be your commander" in (card.full_oracle_text or "").lower()


def is_changeling(card: Card) -> bool:
    """Changeling (CR 702.73a: every creature type, also outside the battlefield): a keyword of the card
    data or a "Changeling" line of the front face."""
    return ("changeling" in (k.lower() for k in card.keywords)
            or bool(_CHANGELING_LINE_RE.search(card.front.oracle_text or "")))


#: The companion keyword ability's line, "Companion — <condition>" (CR 702.139a).
_COMPANION_LINE_RE = re.compile(r"(?im)^companion\s*—\s*(?P<cond>.+)$")


def has_companion_ability(card: Card) -> bool:
    """Whether the card has the companion keyword ability, a line "Companion — <condition>" (CR 702.139a; "Old
    Companion — ..." is another word)."""
    return _COMPANION_LINE_RE.search(card.full_oracle_text or "") is not None


_CLASS = r"(?P<cls>card|nonland card|permanent card|creature card)"
_ONLY_MV_RE = re.compile(r"your starting deck contains only cards with (?:(?P<parity>even|odd) mana values"
                         r"|mana value (?P<n>\d+) or (?P<cmp>greater|less))(?P<lands> and land cards)?", re.I)
_EACH_RE = re.compile(r"each " + _CLASS + r" in your starting deck (?P<rest>.+)", re.I)
_NO_CARD_REPEAT_RE = re.compile(r"no card in your starting deck has more than one of the same mana symbol in its "
                                r"mana cost", re.I)
_SIZE_RE = re.compile(r"your starting deck contains at least (?P<n>\w+) cards more than the minimum deck size", re.I)
_SUBTYPES_RE = re.compile(r"is an? (?P<types>[A-Z][\w'-]*(?:, (?:or )?[A-Z][\w'-]*)*(?:,? or [A-Z][\w'-]*)?) card",)


def companion_condition(card: Card) -> CompanionCondition | None:
    """The typed condition of the card's companion ability (CR 702.139a), a
    ``models.vocab.deck_conditions.CompanionCondition``, or None when it has no companion ability.

    Read: "Your starting deck contains only cards with even|odd mana values [and land cards]", "... only cards
    with mana value N or greater|less [and land cards]", "Each <card|nonland|permanent|creature> card in your
    starting deck has mana value N or less|greater / has an activated ability / has a different name / shares a
    card type / is a A, B, ... or C card", "No card in your starting deck has more than one of the same mana symbol
    in its mana cost", "Your starting deck contains at least N cards more than the minimum deck size". Any other
    wording (expansion symbols, "nostalgic" cards) is an ``UnreadCondition`` naming the sentence: never guessed."""
    m = _COMPANION_LINE_RE.search(card.full_oracle_text or "")
    if m is None:
        return None
    sentence = strip_reminder_text(m.group("cond")).strip()
    body = sentence.rstrip(".").strip()
    if (o := _ONLY_MV_RE.fullmatch(body)) is not None:
        if o.group("parity"):
            test = ManaValue(parity=o.group("parity").lower())
        elif o.group("cmp").lower() == "greater":
            test = ManaValue(at_least=int(o.group("n")))
        else:
            test = ManaValue(at_most=int(o.group("n")))
        return EachCard("card", test, lands_exempt=bool(o.group("lands")))
    if _NO_CARD_REPEAT_RE.fullmatch(body):
        return EachCard("card", RepeatedManaSymbol(absent=True))
    if (z := _SIZE_RE.fullmatch(body)) is not None and parse_count_word(z.group("n")) is not None:
        return DeckSizeAbove(parse_count_word(z.group("n")) or 0)
    e = _EACH_RE.fullmatch(body)
    if e is not None:
        cls, rest = e.group("cls").lower(), e.group("rest").strip()
        mv = re.fullmatch(r"has mana value (\d+) or (greater|less)", rest, re.I)
        if mv:
            n = int(mv.group(1))
            return EachCard(cls, ManaValue(at_least=n) if mv.group(2).lower() == "greater" else ManaValue(at_most=n))
        if re.fullmatch(r"has an activated ability", rest, re.I):
            return EachCard(cls, HasActivatedAbility())
        if re.fullmatch(r"has a different name", rest, re.I):
            return DifferentNames(cls)
        if re.fullmatch(r"shares a card type", rest, re.I):
            return SharesCardType(cls)
        st = _SUBTYPES_RE.fullmatch(rest)
        if st:
            names = [t for t in re.split(r",\s*(?:or\s+)?|\s+or\s+", st.group("types")) if t]
            return EachCard(cls, SubtypeAmong(tuple(names)))
    return UnreadCondition(sentence)


def creature_outside_battlefield(card: Card) -> bool:
    """A card that is a creature while not on the battlefield ("As long as Grist isn't on the battlefield,
    it's a 1/1 Insect creature ..."): a creature card for CR 903.3."""
    return bool(_OUTSIDE_CREATURE_RE.search(card.front.oracle_text or ""))


def has_every_land_type(card: Card) -> bool:
    """A land with every land type (rangeling; "is every land type"), so every basic land type (903.5d)."""
    text = card.full_oracle_text or ""
    return "rangeling" in text.lower() or "every land type" in strip_reminder_text(text).lower()


_KEYWORD_WITH_COST_RE = re.compile(
    r"(?i)(cycling|" + "|".join(sorted(k.replace("_", " ") for k in ACTIVATED_KEYWORDS)) + r")\s+\{")


# An ability word or flavor word (CR 207.2c, 207.2d: no rules meaning) or a keyword before an em dash:
# "Channel — {1}{G}, Discard this card: ...", "Eternalize—{2}{W}{W}, Discard a card."
_LABEL_RE = re.compile(r'^([^—:"“]{1,60}?)\s*—\s*(\S.*)$')
_QUOTED_RE = re.compile(r'"[^"]*"|“[^”]*”')


def _activated_parsed(abilities) -> bool:
    return any(a.kind in ("activated", "unparsed") or (a.kind == "keyword" and is_activated_keyword(str(a.effect)))
               for a in abilities)


def _activated_line(a, face, card: Card) -> bool | None:
    """Whether one parsed ability is an activated ability: True, False, or None (not understood)."""

    if _activated_parsed((a,)):  # "unparsed": shaped "cost: effect", the cost not read (CR 602.1)
        return True
    text = strip_reminder_text(a.text or "").strip()
    m = _LABEL_RE.match(text)
    if m:  # "Channel — {1}{G}, Discard this card: ...": the ability after the word (CR 207.2c, 207.2d)
        if is_activated_keyword(m.group(1).strip().lower().replace(" ", "_")):
            return True
        if _activated_parsed(parse_face(Face(face.name, None, face.type_line, m.group(2)), card)):
            return True
        text = m.group(2)
    # a colon outside quotes that the parser did not read as "cost: effect", or an activated keyword with a
    # cost in text the parser did not read ("Library ninjutsu {1}{U}", "... has cycling {1}{U}"): not
    # understood, never guessed
    bare = _QUOTED_RE.sub("", text)
    if ":" in bare or (isinstance(a.effect, Unmodelled) and _KEYWORD_WITH_COST_RE.search(bare)):
        return None
    return False


def has_activated_ability(card: Card) -> bool | None:
    """Whether the card, as it is in a library, has an activated ability (Zirda's condition, CR 702.139a).

    Read from ``models.text.oracle.abilities_of``: an ability of kind ``activated`` ("cost: effect", CR 602.1;
    loyalty abilities), a line shaped like one whose cost the parser could not read (``unparsed``), an
    activated keyword ability (``ACTIVATED_KEYWORDS``), or such an ability after an ability word, flavor
    word or keyword and an em dash (CR 207.2c, 207.2d: "Channel — {1}{G}, Discard this card: ..."); also a
    basic land type, whose mana ability is intrinsic (CR 305.6). Only the front face counts for a
    double-faced, adventure or flip card (a card in the library has only its front face's characteristics,
    CR 712.8a, 715.4, 710.1a); a split card has both halves' (709.4).

    Returns
    -------
    True, False, or None when some line has a colon outside quotes that is not read as an activated
    ability ("Waterbend {3}: ..."): the answer is not known, and the caller must say so.
    """

    f = card.front
    if any(t in f.type_line.subtypes for t in BASIC_LAND_TYPES):
        return True
    front_only = bool(card.faces) and not card.is_split
    # the card data's own keyword abilities (Scryfall ``keywords``) that are activated and printed on the
    # front: "Equip {10}. This ability costs {X} less ..." and "Artifact landcycling {2}" are not split
    # into a keyword by the parser
    front_text = strip_reminder_text(f.oracle_text if front_only else card.full_oracle_text or "").lower()
    for k in card.keywords:
        low = k.lower()
        if is_activated_keyword(low.replace(" ", "_")) and low in front_text:
            return True
    faces = {fc.name: fc for fc in (card.faces or (f,))}
    unknown = False
    for a in abilities_of(card):
        face_name = a.face
        if front_only and face_name not in (None, f.name):
            continue
        got = _activated_line(a, faces.get(face_name, f), card)
        if got:
            return True
        unknown = unknown or got is None
    return None if unknown else False


def read_deck_text(card: Card):
    """Every deck-building fact of ``card``'s text as a ``models.vocab.deckfacts.DeckText`` (read once per card by
    ``models.data.deck_facts.deck_text``)."""

    return DeckText(copy_limit=copy_limit(card), partner=partner_abilities(card),
                    can_be_commander=can_be_your_commander(card), changeling=is_changeling(card),
                    companion=companion_condition(card),
                    creature_outside_battlefield=creature_outside_battlefield(card),
                    every_land_type=has_every_land_type(card))
