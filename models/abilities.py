"""Abilities as small declarative data (the card's behaviour model).

Every ability of a card is one ``Ability``: its kind (activated, triggered, static,
keyword, spell), its activation cost when it has one, an ``effect`` name that the
solver modules know (``"add_mana"``, ``"delve"``, ``"scry"``, ``"cost_increase"``, ...)
and ``params``, a read-only mapping of effect-specific facts. The same shape is
written by hand in the embedded catalog (``models/catalog/*.yaml``) and produced by
the oracle-text parser (``models.text.oracle``), so one engine reads both, in the way
Forge reads its card scripts.

References: CR 113 (abilities), 117.1 and 602 (activated abilities and their costs),
118 (costs), 107.5/107.6 ({T}/{Q}), 605 (mana abilities).
"""
from __future__ import annotations

import dataclasses

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from .effects import (ABILITY_LEVEL_KEYS, ALL_TOPICS, AddMana, Effect, Keyword, Unmodelled, VocabularyError,
                      build_effect, closest)
from .game.mana import ManaCost, ManaError
from .text.words import NUMBER_WORDS, parse_count_word
from .game.subtypes import singular
from .vocab.keywords import is_activated_keyword as _activated_keyword_name

ABILITY_KINDS = ("activated", "triggered", "static", "keyword", "spell", "replacement", "unparsed")


class AbilityError(ValueError):
    """An ability description that cannot be read; the message names what is wrong."""


def freeze(value: Any) -> Any:
    """Turn nested dicts/lists into read-only mappings/tuples so abilities stay hashable-ish plain data."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Inverse of ``freeze``: plain dicts and lists (for JSON output)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    if isinstance(value, ManaCost):
        return str(value)
    return value


@dataclass(frozen=True)
class CostPart:
    """One non-mana part of a cost (CR 118.1, 602.1).

    ``action`` is one of ``"sacrifice"``, ``"sacrifice_all"`` (every permanent of the kind, amount 0: none is
    fine), ``"discard_hand"`` (the whole hand, possibly empty), ``"pay_life"``, ``"remove_counters"``,
    ``"put_counters"``, ``"discard"``, ``"exile"``, ``"tap_untapped"``, ``"return"``,
    ``"mill"``, ``"pay_energy"``, ``"exert"`` (itself, CR 701.43), ``"collect_evidence"`` (``amount``: the total
    mana value, CR 701.59a), ``"forage"`` (CR 701.61a), ``"waterbend"`` (pay ``amount`` generic mana, or X; an untapped
    artifact or creature may be tapped for each, CR 701.67a) or ``"other"``. ``what`` says which object: ``"this"``
    (the permanent itself), a type such as ``"creature"`` or ``"land"``, or a counter
    kind for counter costs. ``amount`` is how many (life, counters, objects); 0 for a number chosen as the cost is
    paid ("X", "any number of", "one or more"), whose least value is ``at_least`` ("one or more": 1). ``text``
    keeps the original wording for explanations.

    Parts that use other objects than the permanent itself (read by ``solver.rules.cost_objects``):
    ``"tap_untapped"`` (``other``: not this permanent, "another"/"other than this"), ``"untap"`` (untap tapped
    permanents, CR 701.26b; ``what`` may end with "an opponent controls"), ``"remove_counters_from"`` (counters
    of kind ``what``, ``"any"`` for any kind, removed from one of ``objects``, or in all from several when
    ``among``; CR 122.1), ``"put_counters_on"`` (on one of ``objects``), ``"remove_all_counters"`` (from itself:
    every counter of kind ``what``, none is fine, CR 118.3), ``"exile_permanent"`` (exile permanents ``what`` you
    control, CR 701.13a), ``"reveal"`` (``amount`` cards ``what`` from the hand, CR 701.20a; "that share a color":
    ``what`` ends with "that share a color"), ``"put_library"`` (itself on the bottom of its owner's library).
    ``x``: the number is the X announced as the ability is activated (CR 107.3a, 601.2b; ``amount`` is then 0,
    as for "any number of": chosen as the cost is paid).
    """

    action: str
    what: str = "this"
    amount: int = 1
    text: str = ""
    #: the number of objects (or life, energy, counters) is the announced X (CR 107.3a)
    x: bool = False
    #: the permanents counters are removed from or put on (``remove_counters_from``, ``put_counters_on``)
    objects: str = ""
    #: counters removed in all from among several permanents ("from among creatures you control")
    among: bool = False
    #: not the permanent whose ability it is ("another", "other than this creature")
    other: bool = False
    #: the least value of a chosen number (amount 0): "one or more" is 1 (CR 118.3)
    at_least: int = 0
    #: the greatest value of a chosen number (amount 0): "up to three" is 3 (CR 107.1c); ``None``: no bound
    at_most: int | None = None

    @property
    def moves_library_card(self) -> bool:
        """True if paying it moves a card to or from a library (CR 605.1a, 2026-09-25 wording)."""
        return self.action in ("mill",) or "library" in self.text.lower()


def cost_object_filter(words: str) -> Any:
    """The typed ``models.effects.Filter`` of a cost part's object words (``CostPart.what`` without "you
    control"), qualifiers and unions included ("green creature", "artifact or creature", "creature with
    defender"; ``models.text.filters.parse_filter(..., qualifiers=True)``).

    Raises
    ------
    ValueError
        Words that are not understood.
    """
    from .text.filters import parse_filter

    return parse_filter(words, "any", qualifiers=True)


#: Object words that name only tokens ("a token named Wood", "untapped tokens"), with no "or"
_TOKENS_ONLY_RE = re.compile(r"^(?!.*\bor\b)(?:[\w'-]+ )*?tokens?(?: named [\w' ,-]+)?$", re.I)
_CHOSEN_TYPE_RE = re.compile(r"^(\w+) of the chosen type$", re.I)


def names_only_tokens(words: str) -> bool:
    """Whether a cost part's object words name tokens only ("Prism token", "token named Wood", "tokens"; no union):
    no object of a scenario matches them, every one being a card (CR 111.1; ``solver.rules.qualifiers``)."""
    return bool(_TOKENS_ONLY_RE.match(words.strip()))


def of_the_chosen_type(words: str) -> str | None:
    """The kind of "<kind> of the chosen type" ("creature of the chosen type", Doom Cannon: ``"creature"``), else
    ``None``; the type is the one chosen as the permanent entered (CR 205.3m, 607.2a)."""
    m = _CHOSEN_TYPE_RE.match(words.strip())
    return m.group(1).lower() if m else None


@dataclass(frozen=True)
class SpendOnly:
    """How the mana of an activation cost may be paid, from the ability's own text (CR 602.2b → 601.2h, 106.6):
    "Spend only red mana on X" (Crimson Hellkite: ``colors`` ("R",), ``on_x``), "Spend only black and/or red mana on
    X" (("B", "R")), "Spend only mana of the chosen color to activate this ability" (Throne of Eldraine: ``chosen``,
    the colour chosen as the permanent entered; all of the mana). Read by ``solver.rules.payment.activation``."""

    colors: tuple[str, ...] = ()
    #: the colour chosen as the permanent entered (``Permanent.choices["color"]``) rather than ``colors``
    chosen: bool = False
    #: only the mana spent on X (else all of the cost's mana)
    on_x: bool = False
    text: str = ""


@dataclass(frozen=True)
class ActivationCost:
    """The cost of an activated ability (CR 602.1a): everything before the colon.

    ``mana`` is the mana part (``None`` when there is none), ``tap``/``untap`` the
    {T}/{Q} symbols (CR 107.5, 107.6), ``parts`` the other costs in printed order.
    """

    mana: ManaCost | None = None
    tap: bool = False
    untap: bool = False
    parts: tuple[CostPart, ...] = ()
    text: str = ""
    #: a cost written as a choice, "{3}, {T} or {R}, {T}" (the Shards): either may be paid, chosen as the ability is
    #: activated (CR 602.2b → 601.2b, 601.2f-h); ``mana``/``tap`` are then those of the first
    alternatives: tuple["ActivationCost", ...] = ()
    #: a restriction on the mana spent to pay it, from the ability's text ("Spend only red mana on X")
    spend: SpendOnly | None = None
    #: permanents that may be tapped rather than paying its mana, from the ability's text ("For each mana in this
    #: ability's activation cost, you may tap an untapped creature you control rather than pay that mana", Heirloom
    #: Epic: ``"creature"``; like convoke for an ability, CR 702.51a, 601.2h); ``""``: none
    tap_instead: str = ""

    def __str__(self) -> str:
        return self.text or _format_cost(self)


def cost_symbols(c: ActivationCost) -> list[str]:
    """The symbols an activation cost begins with, in printed order (CR 602.1a): its mana, {T} (107.5), {Q} (107.6)."""
    bits = []
    if c.mana is not None and len(c.mana):
        bits.append(str(c.mana))
    if c.tap:
        bits.append("{T}")
    if c.untap:
        bits.append("{Q}")
    return bits


def _format_cost(c: ActivationCost) -> str:
    return ", ".join(cost_symbols(c) + [p.text or p.action for p in c.parts])


_COST_SYMBOLS_ONLY = re.compile(r"^(\{[^}]+\})+$")
_CHOICE_RE = re.compile(r"^(?P<a>(?:\{[^}]+\})+), \{T\} or (?P<b>(?:\{[^}]+\})+), \{T\}$")
_LIFE_RE = re.compile(r"^pay (\d+|x) life$", re.I)
_SAC_RE = re.compile(r"^sacrifice (.+)$", re.I)
_SAC_ALL_RE = re.compile(r"^sacrifice (?:all|any number of) (.+)$", re.I)
_DISCARD_HAND_RE = re.compile(r"^discard your hand$", re.I)
_REMOVE_RE = re.compile(r"^remove (a|an|one or more|one|two|three|four|five|x|any number of|\d+) (.+?) counters? from (this|.+)$", re.I)
_REMOVE_ANY_RE = re.compile(r"^remove (a|an|one|two|three|\d+) counters? from (this|.+)$", re.I)
_PUT_RE = re.compile(r"^put (a|an|one|two|three|\d+) (.+?) counters? on (this|.+)$", re.I)
_DISCARD_RE = re.compile(r"^discard (.+)$", re.I)
_EXILE_RE = re.compile(r"^exile (.+)$", re.I)
_TAP_UNTAPPED_RE = re.compile(r"^tap (an|one|two|three|four|five|x|\d+) untapped (.+?) you control$", re.I)
_RETURN_RE = re.compile(r"^return (.+) to (its|their) owner'?s'? hand$", re.I)
_MILL_RE = re.compile(r"^mill (a card|\w+ cards)$", re.I)
_ENERGY_RE = re.compile(r"^pay ((?:\{E\})+)$", re.I)
_EXERT_RE = re.compile(r"^exert (?:this|it)(?: \w+)?$", re.I)
_COLLECT_RE = re.compile(r"^collect evidence (\d+)$", re.I)
_WATERBEND_RE = re.compile(r"^waterbend (\{(?:\d+|x)\})$", re.I)
_COUNT = r"(?P<n>an?|" + "|".join(w for w in NUMBER_WORDS if w not in ("a", "an")) + r"|x|\d+)"
_ENERGY_WORDS_RE = re.compile(r"^pay " + _COUNT + r" \{E\}$", re.I)
_TAP_OTHER_RE = re.compile(r"^tap (?:(?P<another>another)|" + _COUNT + r"(?P<other> other)?) untapped (?P<what>.+?) you "
                           r"control(?P<rest>(?! other than)(?: with| that)[^,]*)?(?P<but> other than this \w+)?$", re.I)
_UNTAP_RE = re.compile(r"^untap " + _COUNT + r" tapped (?P<what>.+?) (?P<who>you control|an opponent controls)$", re.I)
_REMOVE_FROM_RE = re.compile(r"^remove " + _COUNT + r" (?:(?P<kind>[^ ]+(?: [^ ]+)?) )??counters? from "
                             r"(?P<among>among )?(?P<obj>(?:an?|another|other) .+|(?:artifacts|creatures|permanents|other "
                             r"artifacts|other creatures|other permanents|lands).*)$", re.I)
_REMOVE_ALL_RE = re.compile(r"^remove all (?P<kind>.+?) counters from (?:this|~)(?: \w+)?$", re.I)
_PUT_ON_RE = re.compile(r"^put " + _COUNT + r" (?P<kind>.+?) counters? on (?P<obj>(?:an?|another) .+ you control)$", re.I)
_EXILE_PERM_RE = re.compile(r"^exile " + _COUNT + r" (?P<other>other )?(?P<what>(?!cards?\b).+?) you control$", re.I)
_X_OBJECTS_RE = re.compile(r"^(?P<verb>sacrifice|exile|discard) x (?P<other>other )?(?P<what>.+)$", re.I)
_ANY_NUMBER_EXILE_RE = re.compile(r"^exile any number of (?P<what>.*cards? from your graveyard)$", re.I)
_REVEAL_RE = re.compile(r"^reveal " + _COUNT + r" (?P<what>.*?cards?) from your hand(?P<share> that share a colou?r)?$", re.I)
_BOTTOM_RE = re.compile(r"^put this(?: \w+)? on the bottom of its owner's library$", re.I)
_OTHER_CARDS_RE = re.compile(r"(\w+) other cards?")
_SELF_WORDS = ("this", "~")


def _num(w: str) -> int:
    n = parse_count_word(w, x=0)  # X counts as 0 here; the regexes admit no other word
    return 1 if n is None else n


def _lead_count(obj: str) -> int | None:
    """How many objects a cost part names by its first word ("two cards" 2, "a creature" 1, "this" 1); ``None``
    for X or "any number of" (an amount chosen as the cost is paid: not read here)."""
    first = obj.strip().split(" ", 1)[0].lower()
    if first in ("x", "any"):
        return None
    n = parse_count_word(first)
    return 1 if n is None else n


def _what(obj: str) -> str:
    o = obj.strip().lower()
    if o.startswith(("this ", "~")) or o == "this":
        return "this"
    o = re.sub(r"^(a|an|one|two|three|four|five|six|seven|eight|nine|ten|another|x|\d+) ", "", o)
    return o


def _short_self(t: str, card_name: str) -> str:
    """A card naming itself by a short name in its cost ("Remove a dream counter from Rasputin", Rasputin
    Dreamweaver; "Remove six +1/+1 counters from Karlov"): the part before a comma, or the first word when it
    ends a cost part, read as "this" (CR 201.5: a card's text referring to itself by name)."""
    short = card_name.split(",")[0].strip()
    if short and short != card_name:
        t = re.sub(rf"\b{re.escape(short)}\b", "this", t)
    first = card_name.split()[0] if card_name.split() else ""
    if len(first) >= 4 and first[0].isupper() and first != card_name:
        t = re.sub(rf"\b(from|on|exile|sacrifice|return|untap|tap) {re.escape(first)}(?=$|,| and\b)", r"\1 this", t)
    return t


def _cost_chunks(t: str) -> list[str]:
    """The parts of a cost, split at commas and at "and" before a verb; a piece that starts in lower case continues
    a list of the previous part ("Remove a counter from an artifact, creature, land, or planeswalker you control")."""
    merged: list[str] = []
    for c in re.split(r",\s*(?![^()]*\))", t):
        c = (c or "").strip()
        if not c:
            continue
        if merged and c[0].islower() and not c.startswith("this") and \
                not re.match(r"(?:and )?(?:pay|tap|untap|sacrifice|discard|exile|remove|put|return|mill|reveal)\b", c):
            merged[-1] = f"{merged[-1]}, {c}"
        else:
            merged.append(c)
    out: list[str] = []
    for c in merged:
        out.extend(x.strip() for x in re.split(r"\s+and\s+(?=pay|tap|sacrifice|discard|exile|remove)", c) if x and x.strip())
    return out


def _object_part(chunk: str) -> CostPart | None:
    """The parts that use other objects, energy by number, or X (see ``CostPart``), else ``None``."""
    def n_of(m: re.Match) -> tuple[int, bool]:
        w = (m.group("n") or "a").lower()
        return (0, True) if w == "x" else (_num(w), False)

    m = _ENERGY_WORDS_RE.match(chunk)
    if m:  # "Pay six {E}", "Pay X {E}": remove that many energy counters from yourself (CR 107.14)
        n, xx = n_of(m)
        return CostPart("pay_energy", "energy", n, chunk, x=xx)
    m = _UNTAP_RE.match(chunk)
    if m:  # CR 701.26b: only tapped permanents can be untapped
        n, xx = n_of(m)
        what = m.group("what").lower() + (" an opponent controls" if m.group("who").lower().startswith("an") else "")
        return CostPart("untap", what, n, chunk, x=xx)
    m = _TAP_UNTAPPED_RE.match(chunk)
    if not m:
        m = _TAP_OTHER_RE.match(chunk)
        if m and " you control" not in m.group("what").lower():  # "Tap another untapped creature you control", "Tap ten untapped Elves you control", "... with flying"
            n, xx = (1, False) if m.group("another") else n_of(m)
            what = m.group("what").lower() + (m.group("rest") or "").lower()
            return CostPart("tap_untapped", what, n, chunk, x=xx,
                            other=bool(m.group("another") or m.group("other") or m.group("but")))
    m = _REMOVE_ALL_RE.match(chunk)
    if m:  # every counter of that kind on itself, even none (CR 118.3)
        return CostPart("remove_all_counters", m.group("kind").lower(), 0, chunk)
    m = _REMOVE_FROM_RE.match(chunk)
    if m and _what(m.group("obj")) != "this":
        n, xx = n_of(m)
        obj = m.group("obj").lower()
        other = obj.startswith(("another ", "other "))
        obj = re.sub(r"^(?:an?|another|other) ", "", obj)
        return CostPart("remove_counters_from", (m.group("kind") or "any").lower(), n, chunk, x=xx, objects=obj,
                        among=bool(m.group("among")), other=other)
    m = _PUT_ON_RE.match(chunk)
    if m:
        n, xx = n_of(m)
        obj = m.group("obj").lower()
        return CostPart("put_counters_on", m.group("kind").lower(), n, chunk, x=xx,
                        objects=re.sub(r"^(?:an?|another) ", "", obj), other=obj.startswith("another "))
    m = _EXILE_PERM_RE.match(chunk)
    if m and _what(m.group("what")) != "this":
        n, xx = n_of(m)
        return CostPart("exile_permanent", m.group("what").lower(), n, chunk, x=xx, other=bool(m.group("other")))
    m = _X_OBJECTS_RE.match(chunk)
    if m:  # "Sacrifice X Clues", "Exile X cards from your graveyard", "Discard X cards": X announced (CR 107.3a)
        verb = m.group("verb").lower()
        what = m.group("what").lower()
        if verb == "exile" and not what.endswith(("from your graveyard", "from your hand")):
            return None
        # "discard X cards at random" (Devastating Dreams): which cards is random, how many is X; it can be paid
        # exactly when the hand holds X cards (CR 701.9a, 118.3)
        return CostPart(verb, what, 0, chunk, x=True, other=bool(m.group("other")))
    m = _ANY_NUMBER_EXILE_RE.match(chunk)
    if m:  # "Exile any number of cards from your graveyard": none is fine (CR 118.3)
        return CostPart("exile", m.group("what").lower(), 0, chunk)
    m = _REVEAL_RE.match(chunk)
    if m:  # CR 701.20a: revealed cards stay in the hand
        n, xx = n_of(m)
        what = m.group("what").lower() + (" that share a color" if m.group("share") else "")
        return CostPart("reveal", what, n, chunk, x=xx)
    if _BOTTOM_RE.match(chunk):
        return CostPart("put_library", "this", 1, chunk)
    return None


_SAC_COUNT_RE = re.compile(r"^(?P<n>an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+|another|this|~)\b", re.I)
_SAC_LIST_SPLIT_RE = re.compile(r",\s*(?:and\s+)?|\s+and\s+", re.I)
_SAC_CHOSEN_RE = re.compile(r"^(?P<how>one or more|up to (?P<most>one|two|three|four|five|\d+)) (?P<what>.+)$", re.I)


def _sacrifice_parts(obj: str, chunk: str) -> list[CostPart]:
    """The parts of "Sacrifice <objects>" (CR 701.21a): one part per object of a list ("a white creature, a blue
    creature, and a black creature", "a creature and a Swamp", "two lands and this artifact": each a separate
    sacrifice, of different permanents, CR 601.2h), a count ("five artifacts"), or a number chosen as the cost is paid
    ("one or more artifacts": amount 0, at least 1; "up to three permanents": amount 0, at least 0, at most 3,
    CR 107.1c, 601.2b). A list whose pieces do not each start with a count ("an artifact, creature, or land": one
    object of any of the kinds) stays one part."""
    mc = _SAC_CHOSEN_RE.match(obj.strip())
    if mc:
        most = mc.group("most")
        return [CostPart("sacrifice", _what(mc.group("what")), 0, chunk,
                         at_least=0 if most else 1, at_most=_num(most) if most else None)]
    pieces = [x.strip() for x in _SAC_LIST_SPLIT_RE.split(obj.strip()) if x and x.strip()]
    if len(pieces) < 2 or not all(_SAC_COUNT_RE.match(x) for x in pieces):
        pieces = [obj.strip()]
    out = []
    for piece in pieces:
        n = 1
        mm = re.match(r"(two|three|four|five|six|seven|eight|nine|ten|\d+) (.+)", piece, re.I)
        if mm:
            n = _num(mm.group(1))
        text = chunk if len(pieces) == 1 else f"Sacrifice {piece}"
        what = _what(piece)
        # "another creature": not the permanent whose ability it is (CR 109.5; the cost rules read ``other``)
        out.append(CostPart("sacrifice", what, n, text, other=piece.lower().startswith(("another ", "other "))))
    return out


def parse_activation_cost(text: str, card_name: str = "") -> ActivationCost:
    """Parse the cost of an activated ability (the text before the colon).

    ``"{2}, {T}, Sacrifice this land"`` → mana {2}, tap, one ``CostPart("sacrifice", "this")``.
    The card's own name is read as "this". Unknown parts become ``CostPart("other")``
    with their text, so nothing is dropped. Raises ``AbilityError`` on a malformed mana part.
    """
    raw = text.strip()
    alt = _CHOICE_RE.match(raw)
    if alt:  # "{3}, {T} or {R}, {T}": pay "{3}, {T}" or "{R}, {T}"
        first = parse_activation_cost(f"{alt.group('a')}, {{T}}", card_name)
        second = parse_activation_cost(f"{alt.group('b')}, {{T}}", card_name)
        return ActivationCost(mana=first.mana, tap=True, text=raw, alternatives=(first, second))
    t = raw
    if card_name:
        t = t.replace(card_name, "this")
        if card_name.startswith("A-"):  # an Alchemy rebalanced card names itself without the prefix
            t = t.replace(card_name[2:], "this")
        t = _short_self(t, card_name)
    mana_syms: list[str] = []
    tap = untap = False
    parts: list[CostPart] = []
    for chunk in _cost_chunks(t):
        if _COST_SYMBOLS_ONLY.match(chunk):
            try:
                cost = ManaCost.parse(chunk)
            except ManaError as e:
                raise AbilityError(f"activation cost {raw!r}: {e}") from None
            energy = 0
            for s in cost:
                if s.is_tap:
                    tap = True
                elif s.is_untap:
                    untap = True
                elif s.text == "E":
                    energy += 1
                else:
                    mana_syms.append(str(s))
            if energy:  # "{E}{E}": one payment of two energy counters (CR 107.14), never two checked apart
                parts.append(CostPart("pay_energy", "energy", energy, "{E}" * energy))
            continue
        m = _LIFE_RE.match(chunk)
        if m:
            parts.append(CostPart("pay_life", "life", _num(m.group(1)), chunk, x=m.group(1).lower() == "x"))
            continue
        typed = _object_part(chunk)
        if typed is not None:
            parts.append(typed)
            continue
        m = _REMOVE_RE.match(chunk)
        if m and _what(m.group(3)) == "this":
            # "X" and "any number of": amount 0, the number is chosen as the cost is paid (CR 107.3a, 118.3);
            # an output counting "counters removed this way" reads that choice (``effects.CountersRemoved``)
            # "one or more" (Rasputin): amount 0 as well, at least one removed (``solver.rules.mana.amounts``)
            n = 0 if m.group(1).lower() in ("any number of", "one or more") else _num(m.group(1))
            parts.append(CostPart("remove_counters", m.group(2).lower(), n, chunk, x=m.group(1).lower() == "x",
                                  at_least=1 if m.group(1).lower() == "one or more" else 0))
            continue
        m = _REMOVE_ANY_RE.match(chunk)
        if m and _what(m.group(2)) == "this":  # "Remove a counter from this artifact": a counter of any kind
            parts.append(CostPart("remove_counters", "any", _num(m.group(1)), chunk))
            continue
        if _EXERT_RE.match(chunk):  # CR 701.43a: it won't untap during its controller's next untap step
            parts.append(CostPart("exert", "this", 1, chunk))
            continue
        m = _WATERBEND_RE.match(chunk)
        if m:  # CR 701.67a: pay {N}; for each generic mana of it, an untapped artifact or creature may be tapped instead
            sym = m.group(1).upper()
            parts.append(CostPart("waterbend", "artifact or creature", 0 if sym == "{X}" else int(sym[1:-1]), chunk,
                                  x=sym == "{X}"))
            continue
        m = _COLLECT_RE.match(chunk)
        if m:  # CR 701.59a: exile cards with total mana value N or more from your graveyard
            parts.append(CostPart("collect_evidence", "card from your graveyard", int(m.group(1)), chunk))
            continue
        if chunk.lower() == "forage":  # CR 701.61a: exile three cards from your graveyard or sacrifice a Food
            parts.append(CostPart("forage", "graveyard or food", 1, chunk))
            continue
        m = _ENERGY_RE.fullmatch(chunk)
        if m:  # "Pay {E}{E}": remove that many energy counters from yourself (CR 107.14)
            parts.append(CostPart("pay_energy", "energy", m.group(1).upper().count("{E}"), chunk))
            continue
        m = _PUT_RE.match(chunk)
        if m:
            parts.append(CostPart("put_counters", m.group(2).lower(), _num(m.group(1)), chunk))
            continue
        m = _TAP_UNTAPPED_RE.match(chunk)
        if m:

            parts.append(CostPart("tap_untapped", singular(_what(m.group(2))) if _num(m.group(1)) > 1 else _what(m.group(2)), _num(m.group(1)), chunk,
                                  x=m.group(1).lower() == "x"))  # "Tap X untapped tokens you control": X announced (CR 107.3a)
            continue
        m = _SAC_ALL_RE.match(chunk)
        if m:  # "sacrifice all permanents you control" / "any number of creatures": none is fine (CR 118.3, 601.2h)
            parts.append(CostPart("sacrifice_all", _what(m.group(1)), 0, chunk))
            continue
        if _DISCARD_HAND_RE.match(chunk):  # "discard your hand": the whole hand, even an empty one (CR 118.3)
            parts.append(CostPart("discard_hand", "hand", 0, chunk))
            continue
        m = _SAC_RE.match(chunk)
        if m and re.match(r"(all|each|any number of|x) ", m.group(1), re.I):
            parts.append(CostPart("other", chunk.lower(), 1, chunk))  # "sacrifice all permanents you control"
            continue
        if m:
            parts.extend(_sacrifice_parts(m.group(1), chunk))
            continue
        m = _DISCARD_RE.match(chunk)
        if m:
            k = _lead_count(m.group(1))
            parts.append(CostPart("discard", _what(m.group(1)), k, chunk) if k else CostPart("other", chunk.lower(), 1, chunk))
            continue
        m = _MILL_RE.match(chunk)
        if m:
            got = 1 if m.group(1).lower() == "a card" else parse_count_word(m.group(1).split()[0])
            if got is None:
                parts.append(CostPart("other", chunk.lower(), 1, chunk))
                continue
            parts.append(CostPart("mill", "card", got, chunk))
            continue
        m = _EXILE_RE.match(chunk)
        if m:
            # "exile five other cards from your graveyard" (escape, CR 702.138a): the number of cards
            mm = _OTHER_CARDS_RE.search(m.group(1))
            k = parse_count_word(mm.group(1)) if mm else _lead_count(m.group(1))
            parts.append(CostPart("exile", _what(m.group(1)), k, chunk) if k else CostPart("other", chunk.lower(), 1, chunk))
            continue
        m = _RETURN_RE.match(chunk)
        if m:
            k = _lead_count(m.group(1))
            parts.append(CostPart("return", _what(m.group(1)), k, chunk) if k else CostPart("other", chunk.lower(), 1, chunk))
            continue
        parts.append(CostPart("other", chunk.lower(), 1, chunk))
    mana = ManaCost.parse("".join(mana_syms)) if mana_syms else None
    return ActivationCost(mana=mana, tap=tap, untap=untap, parts=tuple(parts), text=raw)


#: Zones an ability may function in (CR 113.6): the default for an object is the battlefield for a permanent's
#: abilities and the stack for a spell's (113.6a); others are named by the ability itself (113.6b-n).
ZONES = ("battlefield", "stack", "hand", "graveyard", "library", "exile", "command")


_ROMAN = {"I": 1, "V": 5, "X": 10}
#: A Saga's chapter line (CR 714.2a): "I — [effect]", "II, III — [effect]".
CHAPTER_RE = re.compile(r"^(?P<chapters>[IVX]+(?:, [IVX]+)*)\s+—\s+(?P<effect>\S.*)$")


def roman_value(numeral: str) -> int:
    """The value of a chapter number in Roman numerals ("IV" -> 4; CR 714.2a)."""
    vals = [_ROMAN[ch] for ch in numeral.strip()]
    return sum(-v if i + 1 < len(vals) and v < vals[i + 1] else v for i, v in enumerate(vals))


def chapter_numbers(text: str) -> tuple[int, ...]:
    """The chapter numbers of a chapter line ("I, II — ..." -> (1, 2); CR 714.2a), empty for another line."""
    m = CHAPTER_RE.match(text.strip())
    return tuple(roman_value(c) for c in m.group("chapters").split(",")) if m else ()


def _roman(n: int) -> str:
    """``n`` (1-39) in Roman numerals, as chapters are numbered (CR 714.2a)."""
    out = ""
    for v, sym in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= v:
            out, n = out + sym, n - v
    return out


@dataclass(frozen=True)
class Stripe:
    """The level or station symbol an ability is printed under (CR 711.2a-b, 721.2a): the ability is part of that
    symbol's static ability, so the permanent has it only while it has at least ``least`` and at most ``most``
    (``None``: no upper bound) ``counter`` counters ("level" for level up, 711.2; "charge" for station, 721.2).
    Abilities printed outside any stripe are treated normally (711.4, 721.4).

    ``counter == "lore"``: what a Saga's chapter ``least`` left behind once it resolved (CR 714.2b, 611.2a: Urza's
    Saga's "I — This Saga gains "{T}: Add {C}.""), kept while the Saga has at least that many lore counters and
    the chapter's trigger is not waiting on the stack (``solver.rules.layers``).
    """

    counter: str
    least: int
    most: int | None = None

    def holds(self, counters: Mapping[str, int]) -> bool:
        """Whether a permanent with these counters has the stripe's abilities now."""
        n = int(counters.get(self.counter, 0) or 0)
        return n >= self.least and (self.most is None or n <= self.most)

    def describe(self) -> str:
        if self.counter == "lore":
            return f"chapter {_roman(self.least)}"
        if self.counter == "level":
            return f"LEVEL {self.least}-{self.most}" if self.most is not None else f"LEVEL {self.least}+"
        return f"STATION {self.least}+" if self.most is None else f"{self.least}-{self.most} {self.counter} counters"


@dataclass(frozen=True)
class Ability:
    """One ability of a card: its kind, its typed effect and where it functions.

    Attributes
    ----------
    kind : str
        ``"activated"``, ``"triggered"``, ``"static"``, ``"keyword"``, ``"spell"`` (a spell's own
        instructions), ``"replacement"`` or ``"unparsed"`` (a line the parser could not even split).
    effect : Effect
        What it does, one of the closed vocabulary of ``models.effects`` (``AddMana``, ``LandType``,
        ``Keyword``, ...); ``Unmodelled(text, topics)`` for wording no parser turned into a typed effect.
    cost : ActivationCost or None
        For activated abilities (CR 602.1a).
    text : str
        The wording it came from (oracle text) or a short description (catalog).
    face : str or None
        The face it belongs to when not the card's first face (CR 712).
    loyalty : str or None
        A loyalty ability's loyalty cost (``"+1"``, ``"-2"``, CR 606).
    intrinsic : str or None
        The basic land type whose intrinsic mana ability this is (CR 305.6).
    zones : tuple of str
        Where it functions when that is not the default (CR 113.6): ``("hand",)`` for Elvish Spirit Guide's
        ability (113.6m), ``("graveyard",)`` for flashback's permission; empty: the default.
    restriction : TimingRestriction or None
        An activated ability's restriction on activating it ("Activate only as a sorcery", "only once each turn",
        "only if you control a Swamp", CR 602.5): ``models.effects.TimingRestriction``, read by
        ``solver.rules.restrictions``; ``None``: none (it may be activated any time its controller has priority, 117.1b).
    cost_change : AbilityCostChange or None
        The ability's own cost change ("This ability costs {1} less to activate for each artifact you control",
        CR 602.2b, 601.2f): ``models.effects.AbilityCostChange``, read by ``solver.rules.activation_costs.ability_cost_change``.
    stripe : Stripe or None
        The level or station symbol it is printed under (CR 711.2, 721.2): the permanent has it only with that
        many counters (``solver.rules.layers.board_view``); ``None``: not in a stripe.
    refused : Ability or None
        The typed reading the parser refused because it does not print back to this line
        (``models.text.roundtrip``): kept for explanations only, never read by the rules; ``None``: not refused.
    """

    kind: str
    effect: Effect = field(default_factory=lambda: Unmodelled("", ALL_TOPICS))
    cost: ActivationCost | None = None
    text: str = ""
    face: str | None = None
    loyalty: str | None = None
    intrinsic: str | None = None
    zones: tuple[str, ...] = ()
    restriction: Effect | None = None
    stripe: Stripe | None = None
    cost_change: Effect | None = None
    refused: "Ability | None" = field(default=None, compare=False, repr=False)

    @property
    def is_activated(self) -> bool:
        return self.kind == "activated"

    @property
    def is_activated_keyword(self) -> bool:
        """A keyword that stands for an activated ability (craft, equip, crew, cycling, ...: CR 702.167a, 702.6a,
        702.122a, 702.29a; ``models.vocab.keywords.ACTIVATED_KEYWORDS``): it does nothing until activated (602.2) and
        adds no mana (605.1a). ``activate: {ability: N}`` numbers only the printed "cost: effect" abilities."""
        if self.kind != "keyword" or not isinstance(self.effect, Keyword):
            return False
        return _activated_keyword_name(self.effect.name)

    @property
    def is_unmodelled(self) -> bool:
        """Its effect is ``Unmodelled`` (the whole ability is not understood)."""
        return isinstance(self.effect, Unmodelled)

    @property
    def trigger_event(self) -> str | None:
        """For a triggered ability, the only kind of event its trigger condition names (one of
        ``models.effects.TRIGGER_EVENTS``, read from its wording: ``models.text.facts.trigger_event``), or None (any
        event, or not a triggered ability). CR 603.1, 603.2."""
        if self.kind != "triggered":
            return None
        from .text.facts import trigger_event

        return trigger_event(self.text or "")

    @property
    def is_mana_ability(self) -> bool:
        """A mana ability (CR 605.1): produces mana, no target, not a loyalty ability, and (605.1a as of
        2026-09-25) does not move a card to or from a library."""
        e = self.effect
        if not isinstance(e, AddMana) or self.kind not in ("activated", "triggered"):
            return False
        if e.targets or self.loyalty is not None or e.moves_library_card:
            return False
        if self.cost is not None and any(p.moves_library_card for p in self.cost.parts):
            return False
        return True

    def describe(self) -> str:
        if self.text:
            return self.text
        if self.cost is not None:
            return f"{self.cost}: {self.effect}"
        return str(self.effect)


#: ``ruling``: in a catalog model, the ruling or CR rule that justifies where the model says more or other than the
#: card's text (read by the catalog check, ``models.data.catalog_check``; not part of the ability)
_ABILITY_KEYS = ("kind", "effect", "cost", "params", "text", "zones", "restriction", "stripe", "ruling")


def _catalog_ability(kind: str, effect: str = "text", cost: ActivationCost | str | None = None,
                     params: Mapping[str, Any] | None = None, text: str = "", card_name: str = "",
                     where: str = "ability", zones: Iterable[str] = ()) -> Ability:
    """Read the parts of a catalog ability entry into an ``Ability`` through the vocabulary
    (``models.effects.build_effect``; ``ability_from_dict`` checks the entry's keys first).

    ``cost`` may be given as text (parsed with ``parse_activation_cost``); ``params`` may carry the
    ability-level keys ``face``, ``loyalty`` and ``intrinsic``. An ``effect="text"`` ability is
    ``Unmodelled(text, topics)`` with ``params.topics`` (the catalog reader gives the topics of its wording when the
    entry names none: ``models.data.catalog.catalog_ability``), else every topic.

    Raises
    ------
    AbilityError
        An unknown kind, effect name or parameter (``VocabularyError`` is an ``AbilityError``'s cause; the
        message names ``where``, the key and the closest valid name).
    """
    if kind not in ABILITY_KINDS:
        near = closest(kind, ABILITY_KINDS)
        raise AbilityError(f"{where}: unknown ability kind {kind!r}" + (f"; did you mean {near!r}?" if near
                           else f"; kinds are {', '.join(ABILITY_KINDS)}"))
    if isinstance(cost, str):
        cost = parse_activation_cost(cost, card_name)
    p = dict(params or {})
    level: dict[str, Any] = {k: (str(p.pop(k)) if p.get(k) is not None else None) for k in ABILITY_LEVEL_KEYS if k in p}
    zs = tuple(str(z) for z in zones)
    for z in zs:
        if z not in ZONES:
            raise AbilityError(f"{where}: unknown zone {z!r}" + (f"; did you mean {closest(z, ZONES)!r}?" if closest(z, ZONES) else ""))
    eff: Effect
    if effect == "text" and "topics" not in p:
        # the topics of its wording are read before (models.data.catalog.catalog_ability); none given: it may
        # change anything (never a silent wrong answer)
        eff = Unmodelled(text, ALL_TOPICS)
    else:
        try:
            eff = build_effect(str(effect), dict(p, text=text) if effect == "text" else p, where, ability_kind=kind)
        except VocabularyError as e:
            raise AbilityError(str(e)) from None
    if kind == "keyword" and not zs and isinstance(eff, Keyword):
        # a keyword's own zones when none are given (flashback from a graveyard, foretell from a hand: CR 113.6)
        zs = eff.rule.zones
    return Ability(kind=kind, effect=eff, cost=cost, text=text, zones=zs, face=level.get("face"),
                   loyalty=level.get("loyalty"), intrinsic=level.get("intrinsic"))


def ability_from_dict(d: Mapping[str, Any], card_name: str = "", where: str = "ability") -> Ability:
    """Read one catalog ability entry: ``{kind, effect, cost, params, text, zones}``.

    Only ``kind`` is required. Raises ``AbilityError`` naming ``where``, the problem and the closest valid key.
    """
    if not isinstance(d, Mapping):
        raise AbilityError(f"{where}: an ability must be a mapping with 'kind', got {d!r}")
    for k in d:
        if k not in _ABILITY_KEYS:
            near = closest(str(k), _ABILITY_KEYS)
            raise AbilityError(f"{where}: unknown ability key {k!r}" + (f"; did you mean {near!r}?" if near else
                               f"; allowed: {', '.join(_ABILITY_KEYS)}"))
    if "kind" not in d:
        raise AbilityError(f"{where}: ability {dict(d)!r} has no 'kind'")
    params = d.get("params") or {}
    if not isinstance(params, Mapping):
        raise AbilityError(f"{where}: 'params' must be a mapping, got {params!r}")
    if d.get("cost") is not None and not isinstance(d["cost"], str):
        raise AbilityError(f"{where}: 'cost' must be the cost as text, such as '{{T}}' or '{{1}}, {{T}}', got {d['cost']!r}")
    if d.get("zones") is not None and (isinstance(d["zones"], str) or not isinstance(d["zones"], (list, tuple))):
        raise AbilityError(f"{where}: 'zones' must be a list of zone names, got {d['zones']!r}")
    ab = _catalog_ability(str(d["kind"]), str(d.get("effect", "text")), d.get("cost"), params,
                          str(d.get("text", "")), card_name, where, d.get("zones") or ())
    if d.get("restriction") is not None:
        # an activated ability's restriction (CR 602.5), the params of a ``timing_restriction``
        r = d["restriction"]
        if not isinstance(r, Mapping):
            raise AbilityError(f"{where}: 'restriction' must be a mapping of timing_restriction params, got {r!r}")
        try:
            eff = build_effect("timing_restriction", {"text": str(d.get("text", "")), **dict(r)}, f"{where}: restriction")
        except VocabularyError as e:
            raise AbilityError(str(e)) from None
        from dataclasses import replace

        ab = replace(ab, restriction=eff)
    if d.get("stripe") is not None:
        ab = dataclasses.replace(ab, stripe=_stripe_in(d["stripe"], where))
    return ab


def _stripe_in(v: Any, where: str) -> Stripe:
    """A catalog ``stripe: {counter: level, least: 1, most: 4}`` (CR 711.2, 721.2)."""
    if not isinstance(v, Mapping) or "counter" not in v or "least" not in v:
        raise AbilityError(f"{where}: 'stripe' must be a mapping with 'counter' and 'least' (and 'most'), got {v!r}")
    extra = set(v) - {"counter", "least", "most"}
    if extra:
        raise AbilityError(f"{where}: unknown stripe key {sorted(extra)[0]!r}; allowed: counter, least, most")
    try:
        most = None if v.get("most") is None else int(v["most"])
        return Stripe(str(v["counter"]), int(v["least"]), most)
    except (TypeError, ValueError):
        raise AbilityError(f"{where}: stripe {dict(v)!r}: 'least' and 'most' must be whole numbers") from None


def activated_abilities(abilities: Iterable[Ability]) -> list[Ability]:
    """The activated abilities in printed order (the ``N`` of ``activate: {ability: N}`` counts these from 1)."""
    return [a for a in abilities if a.kind == "activated"]
