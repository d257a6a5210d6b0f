"""Oracle-text parser: from a card's rules text to ``Ability`` records.

The parser splits a face's text into abilities (one per line, CR 113.2c), classifies
each (keyword, activated ``cost: effect``, triggered "when/whenever/at", static or
spell instructions) and then asks the registered *effect parsers* to turn the
effect wording into an effect name and parameters, built into the typed vocabulary
(``models.vocab.registry.build_effect``). Topic modules register their own effect parsers with
``effect_parser`` in ``models.text.frame``; text that no parser understands becomes ``Unmodelled(text, topics)``
(``models.text.topics.classify``), and a line that cannot be split at all an ``unparsed``
ability with every topic. Nothing is guessed and nothing is dropped.

This module is the top of ``models.text``: it loads the topic modules by name (``frame.PARSER_MODULES``) and
calls them through the frame, and it gives the frame its line reader (``frame.read_line``), with which a topic
module reads an ability quoted inside a sentence; no topic module imports this one (``models.text.deck``, which
reads whole cards for the deck rules, sits above it).

References: CR 113 (abilities), 602.1 (activated abilities: cost, colon, effect),
603.1 (triggered abilities), 702 (keyword abilities), 207.2 (reminder text).
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Iterable

from ..vocab.abilities import Ability, Stripe, roman_value
from ..vocab.cost_parts import AbilityError
from .activation_costs import parse_activation_cost
from ..game.cards import Card, Face, strip_reminder_text
from ..vocab.topics import ALL_TOPICS, Scope, VocabularyError
from ..vocab.registry import EFFECT_TYPES, build_effect
from ..vocab.mana_effects import AddMana
from ..vocab.effect import Effect, Unmodelled
from .keyword_parameter import read_keyword_parameter
from ..vocab.spree import SpreeMode
from .scope import line_scope
from ..vocab.keywords import KeywordKind
from .reminder_keywords import reminder_topics
from .topics import classify
from ..vocab.keywords import keyword_zones as kz
from ..vocab.topics import Topic
from ..vocab.resolution import Modal
from ..vocab.effect import walk_unmodelled
from ..vocab.mana_effects import TriggeredAddMana
from .frame import EFFECT_PARSERS, KEYWORD_PARSERS, PARSED, PARSER_MODULES, use_line_readers
from .lines import (ABILITY_WORDS, ACTIVATED_RE, CHAPTER_RE, COST_START, DASH_ABILITY_KEYWORDS, DASH_KEYWORDS, DASH_PREFIX,
                    DASH_WORDS_KEPT, KEYWORD_ACTIONS, KEYWORD_NAMES, LABEL_RE, TRIGGER_RE, face_has_x, resolution_cost_words,
                    self_ref, self_ref_loose)
# the readers the line parser calls itself (the effect parsers it reaches through the frame)
from .costs import split_spend_only, split_tap_instead  # how an ability's own cost is paid (CR 602.2b -> 601.2h)
from .resolution import typed_trigger  # the trigger event of an unmodelled effect (CR 603.1)
from .restrictions import parse_restriction, split_cost_change, split_restriction  # CR 602.5, 602.2b
from .roundtrip import card_names, vet  # whole-sentence readings
from .self_types import max_speed_abilities  # CR 702.178a
from .stripes import station_creature_line, station_creature_stripe, stripe_header  # CR 711.2, 721.2

_LOYALTY_RE = re.compile(r"^([+−-]?\d+|[+−-]X|0)\s*:\s*(.+)$")
_SYMBOLS_ONLY = re.compile(r"^(\{[^}]+\})+$")


#: "[Quality] offering" (CR 702.48a: "Snake offering", "Artifact offering"): the keyword after its quality
_OFFERING_RE = re.compile(r"^(?P<quality>[A-Za-z][\w-]*) offering$", re.I)


def _chunks(line: str) -> list[str]:
    if line.lower().startswith(("enchant ", "partner with ")):
        # "Enchant creature, land, or planeswalker" (CR 702.5a), "Partner with Merry, Warden of Isengard" (a name
        # with a comma, 702.124j): one keyword
        return [line.strip()]
    if re.match(r"madness\s*—", line, re.I):  # "Madness—{2}{B}, Pay 8 life.": one cost (CR 702.35a)
        return [line.strip()]
    return [c.strip() for c in re.split(r"[,;]\s*", line) if c.strip()] if "{" not in line or "," in line else [line.strip()]


def _chunk_keyword(chunk: str, kws: "frozenset[str] | set[str]") -> str | None:
    low = chunk.lower()
    for k in sorted(kws, key=len, reverse=True):
        if low == k or low.startswith(k + " ") or low.startswith(k + "—") or low.startswith(k + " —"):
            rest = low[len(k):].strip(" —-")
            if kws is KEYWORD_NAMES and rest and not re.fullmatch(r"(\{[^}]+\})+|\d+|x", rest):
                return None  # an unknown card's "Flying creatures ..." is a sentence, not a keyword
            return k
    return None


def _where(card: Card, line: str) -> str:
    return f"{card.name}: {line!r}"


def _keyword_ability(line: str, card: Card, face: Face, bullets: tuple[str, ...] = ()) -> list[Ability] | None:
    """A line made only of keywords the card data lists (``"Flying, vigilance"``, ``"Flashback {2}{U}"``);
    ``bullets``: the bulleted lines after it, for an ability after an ability word (``_parse_line``)."""
    kws = {k.lower() for k in card.keywords}
    if not kws or not all(_chunk_keyword(c, kws) for c in _chunks(line)):
        # a line of keywords the card data does not list (a card defined in a scenario): the CR 702 keywords
        known = {k for c in _chunks(line) for k in (_chunk_keyword(c, KEYWORD_NAMES),) if k}
        if known and all(_chunk_keyword(c, KEYWORD_NAMES) for c in _chunks(line)):
            kws = kws | known
    if not kws:
        return None
    out: list[Ability] = []
    chunks = _chunks(line)
    for chunk in chunks:
        printed = chunk
        if (om := _OFFERING_RE.match(chunk)) and "offering" in kws:
            chunk = f"offering {om.group('quality')}"  # the keyword first, its quality as its parameter (702.48a)
        low = chunk.lower()
        match = None
        for k in sorted(kws, key=len, reverse=True):
            if low == k or low.startswith(k + " ") or low.startswith(k + "—") or low.startswith(k + " —"):
                match = k
                break
        if match is None:
            return None
        rest = chunk[len(match):].strip(" —-")
        if match in KEYWORD_ACTIONS:
            return None  # a keyword action (CR 701) is an instruction of the line it is on, not an ability
        sentence = rest  # (its closing period kept: "Flavor Word — [one sentence]." is a sentence, CR 207.2d)
        if len(chunks) == 1 and rest.endswith(".") and "." not in rest[:-1]:
            rest = rest[:-1]  # "Surveil 2." / "Gift a card." on a line of its own: the period ends the sentence
        # a flavor word before one sentence (CR 207.2d): its closing period is kept to see it is a sentence; never a
        # CR 702 keyword's own dash ("Escalate—Discard a card.", "Replicate—Tap an untapped Dalek you control.")
        flavor_sentence = ("." in sentence and match not in KEYWORD_NAMES and match not in _KEYWORD_KINDS
                           and match not in DASH_WORDS_KEPT)
        if match in ABILITY_WORDS or (len(chunks) == 1 and re.match(r"^\s*—", chunk[len(match):])
                                      and ("." in rest or ":" in rest or flavor_sentence) and match not in DASH_KEYWORDS):
            rest = sentence if flavor_sentence else rest
            if len(chunks) > 1:
                return None  # an ability word inside a keyword list: read the line as a whole
            return [_replace(a, text=_with_lines(line, a.text, bullets)) for a in _parse_line(rest, face, card, bullets)] \
                if rest else None
        restriction = None
        if match in _ACTIVATED_KEYWORDS and len(chunks) == 1:
            rest, restriction = _keyword_restriction(rest)
        params: dict = {"keyword": match}
        if rest:
            params["parameter"] = rest
        extra = KEYWORD_PARSERS.get(match)
        typed = False
        if extra:
            try:
                got = dict(extra(rest, card))
                params.update(got)
                typed = True
            except (ValueError, AbilityError):
                pass
        if rest and not typed:
            if _SYMBOLS_ONLY.match(rest):
                params["cost"] = rest
            elif re.fullmatch(r"\d+", rest):
                params["n"] = int(rest)
            # any other parameter: read here (affinity's count, CR 702.41a) or kept as the keyword's unmodelled
            # detail (models.text.keyword_parameter, models.vocab.keyword_effects.Keyword.normalize)
        try:
            params = read_keyword_parameter(match, params)
            eff = build_effect(match.replace(" ", "_"), params, _where(card, chunk), ability_kind="keyword")
        except VocabularyError:
            eff = Unmodelled(printed, ALL_TOPICS)
        zones = keyword_zones(match)
        out.append(Ability(kind="keyword", effect=eff, text=printed, zones=zones, restriction=restriction))
    return out


#: Keyword abilities that are activated abilities (CR 702.6a equip, 702.122a crew, 702.67a fortify, 702.151a
#: reconfigure): a restriction sentence may follow their parameter ("Crew 1. Activate only once each turn.").
_ACTIVATED_KEYWORDS = frozenset({"crew", "equip", "fortify", "reconfigure"})


def _keyword_restriction(rest: str) -> tuple[str, Any]:
    """An activated keyword's parameter without a closing "Activate only ..." sentence, and that restriction
    (``models.vocab.permissions.TimingRestriction``, CR 602.5); ``(rest, None)`` when there is none or it is not read."""

    m = re.fullmatch(r"(\S+?)\.\s+(Activate only [^.]+\.?)", rest)
    if not m:
        return rest, None
    r = parse_restriction(m.group(2), "activate")
    return (m.group(1), r) if r is not None else (rest, None)


#: Zones other than the default where the ability after an ability word functions (CR 113.6; channel and bloodrush
#: discard the card from a hand). A keyword's own zones are those of ``models.vocab.keywords.keyword_zones``.
_ABILITY_WORD_ZONES: dict[str, tuple[str, ...]] = {"channel": ("hand",), "bloodrush": ("hand",)}


def keyword_zones(name: str) -> tuple[str, ...]:
    """Where the keyword (or ability word) ``name``'s ability functions when not the default (CR 113.6)."""

    return kz(name) or _ABILITY_WORD_ZONES.get(name, ())


_THIS = r"\bthis(?: card| creature| land| artifact| enchantment)?"
_HAND_RE = re.compile(_THIS + r" (?:from|is in) your hand\b|\b(?:discard|reveal) this(?: card)?\b", re.I)
_GRAVE_RE = re.compile(_THIS + r" (?:from|is in) your graveyard\b", re.I)
_EXILE_RE = re.compile(_THIS + r" is in exile\b|\bthis card from exile\b", re.I)


def ability_zones(kind: str, cost_text: str, text: str) -> tuple[str, ...]:
    """Where an ability functions when not the default (CR 113.6): an activated ability whose cost exiles,
    discards or reveals this card from a hand works in the hand (113.6m, Elvish Spirit Guide); one whose
    cost or text puts it in the graveyard works there; a static ability that says "if this card is in your
    graveyard" works there (113.6k)."""
    zs: list[str] = []
    probe = cost_text if kind == "activated" else text
    if _HAND_RE.search(probe):
        zs.append("hand")
    if _GRAVE_RE.search(probe):
        zs.append("graveyard")
    if _EXILE_RE.search(probe):
        zs.append("exile")
    return tuple(zs)


def _run_effect_parsers(kind: str, text: str, card: Card, line: str, targets_typed: bool = True,
                        scope: Scope = Scope.UNKNOWN) -> Effect:
    """The typed effect of one ability's effect wording, or ``Unmodelled(line, topics of the wording, scope)``
    (``scope``: where the line functions, ``models.text.scope.line_scope``)."""
    for _, fn in EFFECT_PARSERS:
        try:
            r = fn(kind, text, card)
        except (ValueError, AbilityError, KeyError, IndexError):
            r = None
        if r is not None:
            name, params = r
            try:
                if name not in EFFECT_TYPES and "keyword" in params:  # a keyword line (its parameter read first)
                    params = read_keyword_parameter(name, params)
                return build_effect(name, params, _where(card, line), ability_kind="")
            except (VocabularyError, AbilityError):
                break  # a parser's output the vocabulary cannot hold (an amount or filter not modelled)
    return Unmodelled(line, classify(text if kind == "activated" else line, kind, targets_typed), scope)


def _replace(a: Ability, **kw) -> Ability:
    from dataclasses import replace

    return replace(a, **kw)


def _dash_prefixed(line: str, face: Face, card: Card, bullets: tuple[str, ...] = ()) -> list[Ability] | None:
    """A line "Word — [ability]": an ability word (CR 207.2c) or a flavor word (207.2d), which has no rules
    meaning, so the ability is parsed as if the word were absent (the ability keeps the whole line as its text);
    a keyword of ``DASH_ABILITY_KEYWORDS`` (exhaust, boast, forecast, solved), whose restriction is added as its
    rule spells it out. ``None``: not such a line (a dash keyword's parameter such as "Ward—Pay 2 life", a
    chapter or level, a modal bullet, or a word with an unmodelled rules meaning such as "Max speed")."""
    m = DASH_PREFIX.match(line)
    if not m:
        return None
    word, rest = m.group("word").strip(), m.group("rest").strip()
    low = word.lower()
    first = low.split()[0] if low.split() else low
    if low == "max speed":  # CR 702.178a: "As long as your speed is 4, this object has '[ability]'"

        return max_speed_abilities(rest, line, face, card)
    if low in DASH_WORDS_KEPT or first in DASH_WORDS_KEPT:
        return None
    if low in DASH_ABILITY_KEYWORDS:
        parsed = _parse_line(rest, face, card)
        if len(parsed) != 1 or parsed[0].kind not in DASH_ABILITY_KEYWORDS[low]:
            return [Ability("unparsed", Unmodelled(line, ALL_TOPICS), None, line)]
        extra = DASH_ABILITY_KEYWORDS[low][parsed[0].kind]
        sep = "" if rest.endswith((".", "!", "”", '"')) else "."
        return [_replace(a, text=line) for a in _parse_line(f"{rest}{sep} {extra}", face, card)]
    if low in ABILITY_WORDS:
        return [_replace(a, text=_with_lines(line, a.text, bullets)) for a in _parse_line(rest, face, card, bullets)]
    if (low in KEYWORD_NAMES or first in KEYWORD_NAMES or low in DASH_KEYWORDS or first in DASH_KEYWORDS
            or low in KEYWORD_ACTIONS or len(low.split()) > 8):
        return None  # a keyword's own dash (its parameter)
    # a flavor word (CR 207.2d): only before an activated or triggered ability (a cost and a colon, or
    # "when/whenever/at"); other lines keep the word and stay as they are read
    body = self_ref(rest, face, card)
    am = ACTIVATED_RE.match(body)
    if (am and COST_START.match(am.group(1).strip())) or TRIGGER_RE.match(body):
        return [_replace(a, text=_with_lines(line, a.text, bullets)) for a in _parse_line(rest, face, card, bullets)]
    return None


def _with_lines(line: str, parsed_text: str, bullets: tuple[str, ...]) -> str:
    """The text of an ability parsed from ``line`` without its leading word: ``line`` and, when the ability took
    the bulleted lines after it (its modes, CR 700.2), those lines too."""
    return "\n".join((line,) + bullets) if bullets and parsed_text.endswith("\n" + bullets[-1]) else line


#: The instruction to choose before the bulleted modes of an activated ability (CR 700.2): "Choose one —", "Choose
#: two —", "Choose one or more —", "Choose one that hasn't been chosen [this turn] —", "Choose one." followed by
#: other sentences ("Activate only as a sorcery." is split off before, ``split_restriction``).
_MODAL_CHOOSE = re.compile(r"^choose (?P<n>one or more|one or both|any number|one|two|three|four|five)"
                           r"(?P<unchosen> that hasn't been chosen(?P<turn> this turn)?)?\s*(?:—|\.|:)\s*(?P<rest>.*)$",
                           re.I | re.S)
_CHOOSE_COUNTS = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "four": (4, 4), "five": (5, 5),
                  "one or more": (1, None), "one or both": (1, 2), "any number": (0, None)}


def _with_bullets(header: str, bullets: tuple[str, ...], eff: Effect, cost: Any, face: Face, card: Card,
                  line: str) -> tuple[Effect, Any]:
    """The effect (and cost) of an activated ability whose line ``header`` (its effect wording, after the colon) is
    followed by bulleted lines.

    * "Choose one —" and its kin (``_MODAL_CHOOSE``): a ``Modal`` effect, one mode per bullet (CR 700.2: the modes
      belong to the ability; 700.2a: they are chosen as it is activated). Each mode is an ``Unmodelled`` with the
      topics of an activated ability's effect wording (its targets are read by ``models.text.targets``, CR 601.2c).
      A "Spend only [color] mana on X" sentence that every mode ends with (Atalya, Samite Master) is how the
      ability's X is paid whatever the mode (CR 602.2b -> 601.2h): it becomes the cost's ``spend``; one that only
      some modes have stays in those modes with the mana spending and costs topics (never read as absent).
    * Any other wording (Item Crate: "a token at random with the listed name and ability"): the list is part of
      the effect's wording, one ``Unmodelled`` of the header and the bullets (quoted abilities of tokens exist only
      once it resolves, CR 113.2c, 608.2)."""

    joined = "\n".join((line,) + bullets)
    m = _MODAL_CHOOSE.match(header.strip())
    if m is None:
        text = " ".join([header.strip()] + [self_ref(b.lstrip("•").strip(), face, card) for b in bullets])
        return resolution_cost_words(Unmodelled(joined, classify(text, "activated", True)), text), cost
    choose, most = _CHOOSE_COUNTS[m.group("n").lower()]
    unchosen = "turn" if m.group("turn") else "ever" if m.group("unchosen") else ""
    rest = m.group("rest").strip()
    part = resolution_cost_words(Unmodelled(rest, classify(rest, "activated", True)), rest) if rest else None
    parts = (part,) if isinstance(part, Unmodelled) else ()
    bodies = [self_ref(LABEL_RE.sub("", b.lstrip("•").strip()), face, card) for b in bullets]
    split = [split_spend_only(t) for t in bodies]
    spends = {(s.colors, s.chosen, s.on_x) if s is not None else None for _, s in split}
    first = split[0][1]
    if len(spends) == 1 and first is not None and cost is not None and cost.mana is not None \
            and (cost.mana.has_x or not first.on_x):
        cost = dataclasses.replace(cost, spend=first)
        bodies = [t for t, _ in split]
    modes = []
    for b, t in zip(bullets, bodies):
        topics = classify(t, "activated", True)
        if split_spend_only(t)[1] is not None:
            topics = topics | {Topic.MANA_SPENDING, Topic.COSTS}  # how this mode's cost is paid: not read here
        u = resolution_cost_words(Unmodelled(b, topics), t)
        modes.append(Ability("activated", u, None, b))
    return Modal(choose=choose, most=most, unchosen=unchosen, modes=tuple(modes), parts=parts), cost


#: A line of an Un-card's deckbuilding menu ("2 points → {T}: Add one mana of any color.", Built Bear's Legacy): the
#: ability exists only if it was chosen while building the deck, which no scenario records.
_POINTS_LINE = re.compile(r"^\d+ points?(?: each)? →")


#: A mode of a spell with spree: "+ [mana cost] — [effect]" (CR 702.172a).
_SPREE_MODE = re.compile(r"^\+\s*(?P<cost>(?:\{[^}]+\})+)\s*—\s*(?P<effect>\S.*)$", re.S)


def _parse_line(line: str, face: Face, card: Card, bullets: tuple[str, ...] = ()) -> list[Ability]:
    """One ability line (CR 113.2c) into abilities. ``bullets``: the bulleted lines printed after it ("• ..."); an
    activated ability takes them as its modes (CR 700.2) or as a list its effect names (Item Crate), and then
    its ``text`` is the line and the bullets joined by newlines (``parse_face`` sees they were taken)."""
    if _POINTS_LINE.match(line):
        return [Ability("unparsed", Unmodelled(line, ALL_TOPICS), None, line)]
    chapter = CHAPTER_RE.match(line) if face.type_line.has("Saga") else None
    if chapter:
        return _chapter_abilities(chapter.group("chapters"), self_ref(chapter.group("effect"), face, card), line,
                                  face, card)
    spree = _SPREE_MODE.match(line) if "spree" in {k.lower() for k in card.keywords} else None
    if spree and not bullets:
        # "+ {1} — [effect]": a mode of a spell with spree and its additional cost (CR 702.172a); the effect is read
        # as the spell line it is, and must be one spell ability
        inner = _parse_line(spree.group("effect"), face, card)
        if len(inner) == 1 and inner[0].kind == "spell":
            return [Ability("spell", SpreeMode(cost=spree.group("cost"), does=inner[0].effect), None, line)]
    dashed = _dash_prefixed(line, face, card, bullets)
    if dashed is not None:
        return dashed
    kw = _keyword_ability(line, card, face, bullets)
    if kw:
        return kw
    body = self_ref(line, face, card)
    is_spell = any(t in ("Instant", "Sorcery") for t in face.type_line.types)
    m = _LOYALTY_RE.match(body)
    if m and face.type_line.has("Planeswalker"):
        eff = _run_effect_parsers("activated", m.group(2), card, line)
        cost0 = parse_activation_cost("", card.name)
        if bullets:  # a modal loyalty ability (CR 606.2, 700.2)
            eff, cost0 = _with_bullets(m.group(2), bullets, eff, cost0, face, card, line)
            line = "\n".join((line,) + bullets)
        return [Ability("activated", eff, cost0, line, loyalty=m.group(1).replace("−", "-"))]
    m = ACTIVATED_RE.match(body)
    if m and COST_START.match(m.group(1).strip()) and not TRIGGER_RE.match(body):
        try:
            cost = parse_activation_cost(m.group(1), card.name)
        except AbilityError:
            return [Ability("unparsed", Unmodelled(line, ALL_TOPICS), None, line)]

        x_in_cost = bool(re.search(r"\bX\b", m.group(1)))  # {X}, "Remove X counters", "Sacrifice X ..." (CR 107.3a)

        body_text, restriction = split_restriction(m.group(2).strip())

        rest_text, cost_change = split_cost_change(body_text)

        spent_text, spend = split_spend_only(rest_text)
        if spend is not None and cost.mana is not None and (cost.mana.has_x or not spend.on_x):
            rest_text, cost = spent_text, dataclasses.replace(cost, spend=spend)
        tapped_text, tap_instead = split_tap_instead(rest_text)
        if tap_instead and cost.mana is not None:
            rest_text, cost = tapped_text, dataclasses.replace(cost, tap_instead=tap_instead)
        eff = resolution_cost_words(_run_effect_parsers("activated", rest_text, card, line), rest_text, x_in_cost)
        eff_text = rest_text
        if (cost.spend is not None or cost.tap_instead) and isinstance(eff, AddMana):
            # a mana ability's own payment is read by the pools and payments, which do not read it: the sentence
            # stays with the ability
            cost = dataclasses.replace(cost, spend=None, tap_instead="")
            rest_text = body_text if cost_change is None else split_cost_change(body_text)[0]
            eff = resolution_cost_words(_run_effect_parsers("activated", rest_text, card, line), rest_text, x_in_cost)
            eff_text = rest_text
        if cost_change is not None and (isinstance(eff, AddMana) or cost is None or cost.mana is None):
            # a mana ability's cost change would change the pools and payments, which do not read it yet; an
            # ability without a mana cost has nothing to change: the sentence stays with the ability
            cost_change = None
            eff = resolution_cost_words(_run_effect_parsers("activated", body_text, card, line), body_text, x_in_cost)
            eff_text = body_text
        if bullets:  # its modes (CR 700.2) or the list its effect names (Item Crate)
            eff, cost = _with_bullets(eff_text, bullets, eff, cost, face, card, line)
            line = "\n".join((line,) + bullets)
        return [Ability("activated", eff, cost, line, zones=ability_zones("activated", m.group(1), line),
                        restriction=restriction, cost_change=cost_change)]
    if TRIGGER_RE.match(body):

        # (the card's short names read as "this": "When Imskir enters" is this permanent entering, CR 201.5)
        eff = typed_trigger(self_ref_loose(line, face, card), _run_effect_parsers("triggered", body, card, line))
        return [Ability("triggered", eff, None, line, zones=ability_zones("triggered", "", body))]
    kind = "spell" if is_spell else "static"
    zones = ability_zones(kind, "", body)
    m = _COMMAND_OR_BATTLEFIELD.match(body) if kind == "static" else None
    if m:
        # "As long as [this] is in the command zone or on the battlefield, ..." (eminence): the rest is a static
        # ability that functions in both zones (CR 113.6: an ability functions where its text says it does)
        body, zones = body[m.end():], ("battlefield", "command")
        body = body[:1].upper() + body[1:]
    scope = line_scope(kind, self_ref_loose(body, face, card), face_has_x(face))
    eff = _run_effect_parsers(kind, body, card, line, scope=scope)
    if scope is Scope.INSTRUCTION and not isinstance(eff, Unmodelled):
        _type_parts(eff, scope)
    return [Ability(kind, eff, None, line, zones=zones)]


#: A static ability that says it works in the command zone too (eminence, CR 113.6): "As long as this is in the
#: command zone or on the battlefield, ".
_COMMAND_OR_BATTLEFIELD = re.compile(r"^as long as this(?: \w+)? is in the command zone or on the battlefield, ", re.I)


#: "This Saga gains "[ability]"" / "This creature gains "[ability]"" (Urza's Saga, Summon: Primal Odin), after an
#: optional flavour label ("Zantetsuken — "): the Saga itself gains an ability with no duration (CR 611.2a-b).
_SELF_GAINS_RE = re.compile(r'^(?:[^"—]{1,40} — )?this (?:saga|creature|artifact|enchantment|land|permanent) gains '
                            r'"(?P<ability>[^"]+)"\.?$', re.I)
#: Chapter wording that leaves a continuous effect behind once it has resolved (CR 611.2a): a duration, a grant, a
#: change of characteristics or a prohibition.
_LASTING_RE = re.compile(r"\b(?:until|for as long as|this turn|gains?|gets?|has|have|becomes?|can't|"
                         r"costs? (?:\{\w\} |\w+ )?(?:less|more)|los(?:e|es) (?:all|their|its)|spend)\b", re.I)


def _chapter_abilities(chapters: str, effect: str, line: str, face: Face, card: Card) -> list[Ability]:
    """A chapter line (CR 714.2): its triggered ability (``_chapter_ability``) and, when its effect lasts after it
    resolves (CR 611.2a), what it left behind, kept only while the Saga has at least that many lore counters
    (``Stripe("lore", N)``; 714.2b: the chapter triggered when its count was reached; 714.3a-b). A scenario's lore
    counters say which chapters have triggered; a chapter whose trigger is listed on the stack has not resolved yet
    (``solver.rules.layers``).

    * "This Saga gains "[ability]"" with no duration (Urza's Saga, Summon: Primal Odin): the quoted ability is an
      ability of the Saga from then on (611.2a, 613.1f), parsed like a printed line.
    * Any other lasting wording ("Until your next turn, creatures you control gain "{T}: Add one mana of any
      color."", Song of Freyalise): an ``Unmodelled`` static line with the topics of that effect, so the answers it
      could change are unsupported while it may be in force (whether a duration has ended is not recorded).
    """
    trig = _chapter_ability(effect, line, card)
    least = min(roman_value(c) for c in chapters.split(","))
    stripe = Stripe("lore", least)
    m = _SELF_GAINS_RE.match(effect.strip())
    if m and "," not in chapters:
        quoted = m.group("ability").replace("'", '"')
        got = _parse_line(quoted, face, card)
        return [trig] + [_replace(a, stripe=stripe) for a in got]
    if _LASTING_RE.search(LABEL_RE.sub("", effect)):
        text = f"{line} (its effect after the chapter resolved)"
        u = Unmodelled(text, classify(effect, "static"))
        return [trig, Ability("static", u, None, text, stripe=stripe)]
    return [trig]


def _chapter_ability(effect: str, line: str, card: Card) -> Ability:
    """A chapter ability is a triggered ability (CR 714.2): "{rN}—[Effect]" means "When one or more lore
    counters are put onto this Saga, if the number of lore counters on it was less than N and became at least
    N, [effect]" (714.2b). Its effect is read as that triggered ability's; it never functions while the Saga is
    cast (CR 113.6, 603.2), and it is not a mana ability (605.1b: it triggers on lore counters, not on a mana
    ability)."""
    text = f"When one or more lore counters are put onto this Saga, {effect[:1].lower()}{effect[1:]}"
    eff = _run_effect_parsers("triggered", text, card, line)
    if isinstance(eff, Unmodelled):
        eff = Unmodelled(line, classify(text, "triggered"))
    return Ability("triggered", eff, None, line)


def _type_parts(effect: Effect, scope: Scope) -> None:
    """Give the untyped parts of a typed effect the scope of the whole line they came from (a line every
    sentence of which is an instruction has only instructions in it, CR 113.3a)."""

    for u in walk_unmodelled(effect):
        if u.scope is Scope.UNKNOWN:
            object.__setattr__(u, "scope", scope)


def _reminders(oracle_text: str) -> dict[str, str]:
    """Each line with reminder text, without it, mapped to the words in its parentheses (CR 207.2a)."""
    out: dict[str, str] = {}
    for raw in oracle_text.split("\n"):
        bare = strip_reminder_text(raw).strip()
        if bare != raw.strip():
            out[bare] = " ".join(re.findall(r"\(([^()]*)\)", raw))
    return out


#: The CR 702 keywords of the vocabulary (``KeywordKind``), lower case
_KEYWORD_KINDS = frozenset(k.value for k in KeywordKind)


def parse_face(face: Face, card: Card) -> list[Ability]:
    """Parse one face's oracle text into abilities, in printed order (every line becomes typed effects or
    ``Unmodelled`` ones: nothing is dropped)."""

    text = strip_reminder_text(face.oracle_text or "")
    reminders = _reminders(face.oracle_text or "")
    out: list[Ability] = []
    header: str | None = None  # the trigger condition of a modal triggered ability whose bullets follow
    stripe = None  # the level or station symbol the lines are printed under (CR 711.2, 721.2)
    stripes = []
    lines = [raw.strip() for raw in text.split("\n")]
    taken = 0  # bulleted lines after the current one that its ability took (its modes, CR 700.2)
    for i, line in enumerate(lines):
        if not line:
            continue
        if taken:
            taken -= 1
            continue
        head = stripe_header(line)
        if head is not None:
            stripe = head
            stripes.append(head)
            header = None
            continue
        if header is not None and line.startswith("•"):
            got = [_trigger_mode(header, line, face, card)]
            out.extend(got if stripe is None else [_replace(a, stripe=stripe) for a in got])
            continue
        bullets: list[str] = []
        if not line.startswith("•"):
            for nxt in lines[i + 1:]:
                if not nxt.startswith("•"):
                    break
                bullets.append(nxt)
        got = _parse_line(line, face, card, tuple(bullets))
        if len(got) == 1 and got[0].kind in ("static", "keyword") and isinstance(got[0].effect, Unmodelled) \
                and got[0].effect.topics == ALL_TOPICS and line in reminders:
            # a keyword no rule defines, read by its own reminder text (models.text.reminder_keywords)
            t = reminder_topics(line, reminders[line], KEYWORD_NAMES | _KEYWORD_KINDS)
            if t is not None:
                got = [_replace(got[0], effect=dataclasses.replace(got[0].effect, topics=t))]
        if bullets and len(got) == 1 and got[0].kind == "activated" and got[0].text.endswith("\n" + bullets[-1]):
            taken = len(bullets)
        out.extend(got if stripe is None else [_replace(a, stripe=stripe) for a in got])
        header = None
        if len(got) == 1 and got[0].kind == "triggered" and _MODAL_HEADER_RE.search(line) and "," in line:
            header = line.split(",", 1)[0]
    if stripes and face.power is not None:
        st = station_creature_stripe(face.oracle_text or "", stripes)
        if st is not None:
            out.append(station_creature_line(st))
    # whole-sentence readings: a typed reading that does not print back to its line is refused (models.text.roundtrip)

    names = card_names(card)
    return [vet(a, face, card, names) for a in out]


#: The end of a modal ability's first line: "choose one —", "choose up to two —" (CR 700.2).
_MODAL_HEADER_RE = re.compile(r"\bchoose [^.]*—\s*$", re.I)


def _trigger_mode(condition: str, line: str, face: Face, card: Card) -> Ability:
    """A mode ("• ...") of a modal triggered ability: part of that triggered ability (CR 700.2b: its modes are
    chosen as it is put on the stack, 603.3c), never a static ability of the card. Kept as text with the topics
    of "[trigger condition], [mode]" (so that a mode adding mana is read as the triggered ability's, CR 605.1b).
    A mode that only adds mana ("• Add {R}.") is typed as the triggered ability with that mode chosen
    (``TriggeredAddMana``, ``models.text.mana_tail._modal_trigger_mode``; CR 700.2, 605.5a)."""

    mode = LABEL_RE.sub("", line).strip()
    if mode.lstrip("•").strip().lower().startswith("add "):
        eff = _run_effect_parsers("triggered", line, card, line)
        if isinstance(eff, TriggeredAddMana):
            return Ability("triggered", eff, None, line)
    return Ability("triggered", Unmodelled(line, classify(self_ref(f"{condition}, {mode}", face, card), "triggered")),
                   None, line)


_parsers_loaded = False


def _load_parser_modules() -> None:
    global _parsers_loaded
    if _parsers_loaded:
        return
    _parsers_loaded = True
    import importlib

    for mod in PARSER_MODULES:
        importlib.import_module(mod)  # a missing parser module is a packaging error: fail loudly


def parse_abilities(card: Card) -> tuple[Ability, ...]:
    """All abilities of a card from its oracle text (every face, faces in order)."""
    _load_parser_modules()
    faces: Iterable[Face] = card.faces or (card.front,)
    out: list[Ability] = []
    for f in faces:
        for a in parse_face(f, card):
            if card.faces and f.name != card.faces[0].name:
                a = _replace(a, face=f.name)
            out.append(a)
    return tuple(out)


def abilities_of(card: Card) -> tuple[Ability, ...]:
    """The card's behaviour model: its hand-written catalog abilities if it has them, else parsed text.

    Results are cached per card (name, source, text), so asking twice costs nothing.
    """
    if card.abilities is not None:
        return card.abilities
    key = (card.name, card.source, hash(card.full_oracle_text))
    got = PARSED.get(key)
    if got is None:
        got = parse_abilities(card)
        PARSED[key] = got
    return got


use_line_readers(_parse_line, _keyword_ability)  # a quoted ability is read as a line (models.text.frame)
