"""Whole-sentence readings in the parser: a typed reading is kept only when it prints back to its sentence.

Every ability the oracle parser builds passes ``vet`` (``models.text.oracle.parse_face``). An ability that carries a
typed reading — a typed effect, typed cost parts, a typed restriction or cost change — is printed back to Oracle
wording from its typed fields alone (``models.text.render``) and compared with its line (``matches``: the
card's own names read as "this", reminder text, case, punctuation and number words ignored). When the two differ,
the reading says less or other than its sentence ("Locus" read as the subtype "Locu"; "sacrifice a creature or pay
{3}" read as a sacrifice only; "gets +2/+2 and has haste" read as haste only), and the ability is *refused*: its
effect becomes ``Unmodelled`` with the topics the parser gives any sentence it does not read
(``models.text.topics.classify``), its cost parts that do not print back become untyped (``CostPart("other")``),
its restriction and cost change are dropped into that sentence, and ``Ability.refused`` keeps the refused reading
for explanations (``mtgcheck card``) and for the round-trip test. A wrong typed reading so becomes an honest
``unsupported`` answer naming the sentence (never a silent wrong answer).

References: CR 113 (abilities), 201.5 (a card's name in its text), 207.2 (reminder text), 602.1, 603.1, 702.
"""
from __future__ import annotations

import dataclasses
import functools
import re
from pathlib import Path
from types import MappingProxyType
from typing import Mapping, Sequence

from ..vocab.abilities import Ability, ActivationCost
from ..vocab.cost_parts import CostPart
from ..game.cards import Card, Face
from ..vocab.topics import ALL_TOPICS, Topic
from ..vocab.effect import Effect, Unmodelled
from .render.abilities import ability, strip_label
from .render.costs import cost_part
from .render.patterns import Unrenderable, display, matches, self_names
from ..vocab.keyword_effects import KEYWORDS_ON_BATTLEFIELD
from ..vocab.topics import Scope
from .scope import line_scope
from .topics import classify
from .lines import (ACTIVATED_RE, CHAPTER_RE, DASH_ABILITY_KEYWORDS, DASH_PREFIX, face_has_x, resolution_cost_words, self_ref,
                    self_ref_loose)


def card_names(card: Card) -> tuple[str, ...]:
    """The ways the card's text names itself (``self_names``)."""
    faces = card.faces or (card.front,)
    legendary = any(f.type_line.has("Legendary") for f in faces)
    return self_names(card.name, tuple(f.name for f in faces), legendary)


def is_typed(a: Ability) -> bool:
    """Whether the ability carries a typed reading the rules read: a typed effect, a cost part other than untyped
    words, a restriction, a cost change, or a way of paying its cost."""
    if a.kind == "unparsed":
        return False
    if not isinstance(a.effect, Unmodelled):
        return True
    c = a.cost
    if c is not None and (any(p.action != "other" for p in c.parts) or c.spend is not None or c.tap_instead
                          or c.alternatives):
        return True
    return a.restriction is not None or a.cost_change is not None


def reading(a: Ability, names: Sequence[str] = ()) -> tuple[bool, str]:
    """``(True, pattern)`` when the ability's typed reading prints back to its line, else ``(False, why)``."""
    try:
        pattern = ability(a, names)
    except Unrenderable as e:
        return False, f"not printed: {e}"
    for line in _forms(a):
        if matches(pattern, line, names):
            return True, pattern
    return False, f"prints back as {display(pattern)!r}"


def _forms(a: Ability) -> list[str]:
    """The line, without its ability word or flavor word (CR 207.2c-d), and a "Keyword — [ability]" line with the
    restriction its rule spells out (exhaust, boast, forecast, solved: ``lines.DASH_ABILITY_KEYWORDS``)."""

    line = a.text or ""
    out = [line]
    bare = strip_label(line)
    if bare != line:
        out.append(bare)

    for t in list(out):
        cm = CHAPTER_RE.match(t)
        if cm and a.kind == "triggered":  # a chapter ability is this triggered ability (CR 714.2b)
            eff = cm.group("effect")
            out.append(f"When one or more lore counters are put onto this Saga, {eff[:1].lower()}{eff[1:]}")
    for t in list(out):
        m = DASH_PREFIX.match(t)
        if m and m.group("word").strip().lower() in DASH_ABILITY_KEYWORDS:
            extra = DASH_ABILITY_KEYWORDS[m.group("word").strip().lower()].get(a.kind)
            rest = m.group("rest").strip()
            if extra:
                out.append(f"{rest}{'' if rest.endswith(('.', '!', '”', chr(34))) else '.'} {extra}")
    return out


#: The exceptions file: cards whose typed readings are kept although they do not print back word for word.
EXCEPTIONS_FILE = Path(__file__).with_name("roundtrip_exceptions.yaml")


@functools.lru_cache(maxsize=1)
def exceptions() -> Mapping[str, str]:
    """The cards whose typed readings are kept although they do not print back, with the reason for each
    (``roundtrip_exceptions.yaml``: a card name -> the rule that makes the reading and its sentence say the same).

    Raises
    ------
    ValueError
        The file is not a mapping of card names to reasons (a packaging error: fail loudly).
    """
    import yaml

    data = yaml.safe_load(EXCEPTIONS_FILE.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) and v.strip()
                                             for k, v in data.items()):
        raise ValueError(f"{EXCEPTIONS_FILE.name}: a mapping of card names to reasons is expected")
    return MappingProxyType(data)


def vet(a: Ability, face: Face, card: Card, names: Sequence[str] | None = None) -> Ability:
    """The ability as parsed when its typed reading prints back to its line (or its card is one of
    ``exceptions()``), else the same line refused (``refuse``)."""
    if not is_typed(a) or card.name in exceptions():
        return a
    ok, _ = reading(a, card_names(card) if names is None else names)
    return a if ok else refuse(a, face, card)


def _part_prints(p: CostPart) -> bool:
    try:
        return matches(cost_part(p), p.text or "")
    except Unrenderable:
        return False


def _cost_refused(c: ActivationCost | None) -> ActivationCost | None:
    """The cost with every typed part that does not print back to its words made untyped (``CostPart("other")``,
    which the cost rules never treat as paid, CR 118.3), and no typed way of paying it."""
    if c is None:
        return None
    if c.alternatives:
        return ActivationCost(parts=(CostPart("other", c.text.lower(), 1, c.text),), text=c.text)
    parts = tuple(p if p.action == "other" or _part_prints(p) else CostPart("other", (p.text or p.action).lower(), 1,
                                                                               p.text or p.action)
                  for p in c.parts)
    return dataclasses.replace(c, parts=parts, spend=None, tap_instead="")


def refuse(a: Ability, face: Face, card: Card) -> Ability:
    """The ability with its typed reading refused: an ``Unmodelled`` sentence with the topics the parser gives any
    sentence it does not read (``classify``), untyped cost parts where they do not print back, no restriction or
    cost change (their words stay in the sentence), ``refused`` the reading as parsed."""

    line = a.text or ""
    body = self_ref(line, face, card)
    kind = a.kind
    eff: Effect
    if kind == "keyword":
        # a keyword line read wrong is a static line kept as text: where it functions as a static ability's would
        # (a keyword that works on the battlefield only, CR 113.6, 702; else the line's own scope)

        bare = strip_label(line)
        first = bare.split("—")[0].split("{")[0].strip().lower()
        on_field = any(first == k or first.startswith(k + " ") for k in KEYWORDS_ON_BATTLEFIELD)
        scope = Scope.BATTLEFIELD if on_field else line_scope("static", self_ref_loose(self_ref(bare, face, card), face, card),
                                                               face_has_x(face))
        eff = Unmodelled(line, classify(bare, "static") | {Topic.KEYWORDS}, scope)
    elif kind == "activated":
        m = ACTIVATED_RE.match(body)
        text = m.group(2) if (m and a.loyalty is None) else re.sub(r"^[^:]*:\s*", "", body)
        eff = resolution_cost_words(Unmodelled(line, classify(text, "activated", True)), text,
                                    bool(a.cost is not None and re.search(r"\bX\b", a.cost.text or "")))
    elif kind in ("static", "spell"):
        scope = line_scope(kind, self_ref_loose(body, face, card), face_has_x(face))
        eff = Unmodelled(line, classify(line, kind), scope)
    elif kind == "triggered":
        eff = Unmodelled(line, classify(line, "triggered"))
    else:
        eff = Unmodelled(line, ALL_TOPICS)
    cost = _cost_refused(a.cost) if kind == "activated" else a.cost
    return dataclasses.replace(a, effect=eff, cost=cost, restriction=None, cost_change=None, refused=a)
