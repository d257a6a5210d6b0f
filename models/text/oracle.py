"""Oracle-text parser: from a card's rules text to ``Ability`` records.

The parser splits a face's text into abilities (one per line, CR 113.2c), classifies
each (keyword, activated ``cost: effect``, triggered "when/whenever/at", static or
spell instructions) and then asks the registered *effect parsers* to turn the
effect wording into an effect name and parameters. Topic modules register their own
effect parsers with ``effect_parser``; text that no parser understands keeps
``effect="text"``, and a line that cannot be split at all becomes an ``unparsed``
ability. Nothing is guessed.

References: CR 113 (abilities), 602.1 (activated abilities: cost, colon, effect),
603.1 (triggered abilities), 702 (keyword abilities), 207.2 (reminder text).
"""
from __future__ import annotations

import re
from typing import Callable, Iterable, Mapping

from ..abilities import Ability, AbilityError, freeze, parse_activation_cost
from ..cards import Card, Face, strip_reminder_text

#: An effect parser: (ability kind, effect text with the card's name replaced by "this",
#: the card) -> (effect name, params) or None when it does not recognise the text.
EffectParser = Callable[[str, str, Card], "tuple[str, Mapping] | None"]
_EFFECT_PARSERS: list[tuple[int, EffectParser]] = []
_KEYWORD_PARSERS: dict[str, Callable[[str, Card], Mapping]] = {}
_CACHE: dict[tuple[str, str, int], tuple[Ability, ...]] = {}


def effect_parser(priority: int = 50) -> Callable[[EffectParser], EffectParser]:
    """Decorator registering an effect parser; lower ``priority`` runs first."""

    def deco(fn: EffectParser) -> EffectParser:
        _EFFECT_PARSERS.append((priority, fn))
        _EFFECT_PARSERS.sort(key=lambda p: p[0])
        _CACHE.clear()
        return fn

    return deco


def keyword_parser(keyword: str) -> Callable:
    """Decorator registering a parser for a keyword's parameters (``"flashback"`` → ``{cost: ...}``)."""

    def deco(fn: Callable[[str, Card], Mapping]) -> Callable:
        _KEYWORD_PARSERS[keyword.lower()] = fn
        _CACHE.clear()
        return fn

    return deco


_TRIGGER_RE = re.compile(r"^(when|whenever|at)\b", re.I)
_LOYALTY_RE = re.compile(r"^([+−-]?\d+|[+−-]X|0)\s*:\s*(.+)$")
# A cost is text with no quotes before the first colon; it must start like a cost.
_ACTIVATED_RE = re.compile(r'^([^:"“]+?):\s*(.+)$', re.S)
_COST_START = re.compile(
    r"^(\{|pay|sacrifice|discard|exile|remove|put|tap|untap|return|mill|reveal|collect|forage|[+−-]?\d|x\b)", re.I
)


def _self_ref(text: str, face: Face, card: Card) -> str:
    out = text
    for n in {face.name, card.name, face.name.split(",")[0] if "," in face.name else face.name}:
        if n and len(n) > 2:
            out = out.replace(n, "this")
    return out


def _keyword_ability(line: str, card: Card) -> list[Ability] | None:
    """A line made only of keywords the card data lists (``"Flying, vigilance"``, ``"Flashback {2}{U}"``)."""
    kws = {k.lower() for k in card.keywords}
    if not kws:
        return None
    out: list[Ability] = []
    chunks = [c.strip() for c in re.split(r"[,;]\s*", line) if c.strip()] if "{" not in line or "," in line else [line.strip()]
    for chunk in chunks:
        low = chunk.lower()
        match = None
        for k in sorted(kws, key=len, reverse=True):
            if low == k or low.startswith(k + " ") or low.startswith(k + "—") or low.startswith(k + " —"):
                match = k
                break
        if match is None:
            return None
        rest = chunk[len(match):].strip(" —-")
        params: dict = {"keyword": match}
        if rest:
            params["parameter"] = rest
        extra = _KEYWORD_PARSERS.get(match)
        if extra:
            try:
                params.update(extra(rest, card))
            except (ValueError, AbilityError):
                pass
        out.append(Ability(kind="keyword", effect=match.replace(" ", "_"), params=freeze(params), text=chunk))
    return out


def _run_effect_parsers(kind: str, text: str, card: Card) -> tuple[str, Mapping]:
    for _, fn in _EFFECT_PARSERS:
        try:
            r = fn(kind, text, card)
        except (ValueError, AbilityError, KeyError, IndexError):
            r = None
        if r is not None:
            return r
    return "text", {}


def parse_face(face: Face, card: Card) -> list[Ability]:
    """Parse one face's oracle text into abilities, in printed order."""
    text = strip_reminder_text(face.oracle_text or "")
    is_spell = any(t in ("Instant", "Sorcery") for t in face.type_line.types)
    out: list[Ability] = []
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            continue
        kw = _keyword_ability(line, card)
        if kw:
            out.extend(kw)
            continue
        body = _self_ref(line, face, card)
        m = _LOYALTY_RE.match(body)
        if m and face.type_line.has("Planeswalker"):
            eff, params = _run_effect_parsers("activated", m.group(2), card)
            params = dict(params, loyalty=m.group(1).replace("−", "-"))
            out.append(Ability("activated", eff, parse_activation_cost("", card.name), freeze(params), line))
            continue
        m = _ACTIVATED_RE.match(body)
        if m and _COST_START.match(m.group(1).strip()) and not _TRIGGER_RE.match(body):
            try:
                cost = parse_activation_cost(m.group(1), card.name)
            except AbilityError:
                out.append(Ability("unparsed", "text", None, freeze({}), line))
                continue
            eff, params = _run_effect_parsers("activated", m.group(2).strip(), card)
            out.append(Ability("activated", eff, cost, freeze(dict(params)), line))
            continue
        if _TRIGGER_RE.match(body):
            eff, params = _run_effect_parsers("triggered", body, card)
            out.append(Ability("triggered", eff, None, freeze(dict(params)), line))
            continue
        kind = "spell" if is_spell else "static"
        eff, params = _run_effect_parsers(kind, body, card)
        out.append(Ability(kind, eff, None, freeze(dict(params)), line))
    return out


#: Modules of models/ that register effect and keyword parsers; imported before the first parse so
#: that a card parses the same whichever solver module happened to be imported first.
PARSER_MODULES = ("mtgcheck.models.text.mana", "mtgcheck.models.costs", "mtgcheck.models.text.delve", "mtgcheck.models.text.resolution", "mtgcheck.models.text.spend")
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
                a = Ability(a.kind, a.effect, a.cost, freeze(dict(a.params, face=f.name)), a.text)
            out.append(a)
    return tuple(out)


def abilities_of(card: Card) -> tuple[Ability, ...]:
    """The card's behaviour model: its hand-written catalog abilities if it has them, else parsed text.

    Results are cached per card (name, source, text), so asking twice costs nothing.
    """
    if card.abilities is not None:
        return card.abilities
    key = (card.name, card.source, hash(card.full_oracle_text))
    got = _CACHE.get(key)
    if got is None:
        got = parse_abilities(card)
        _CACHE[key] = got
    return got
