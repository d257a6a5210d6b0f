"""What a spell targets (CR 115, 601.2c): the target requirements read from a spell's abilities.

``spell_targets(card, abilities)`` reads the spell's own instructions — typed steps that name a ``target``
(``instructions``), and spell text the instruction parser did not turn into steps — and returns a
``SpellTargets``: the requirements of each mode (a non-modal spell has one mode), how many modes must be
chosen, and the target phrases that could not be read (then the legality of the targets is not known).

Only the spell's own text counts: an Aura spell targets what it can enchant (CR 303.4a, "Enchant creature");
abilities of a permanent spell other than an Aura's enchant are not the spell's targets; triggered abilities
("When you cast this spell, ...") and keyword lines (flashback, kicker) are not either.

A requirement (``TargetSpec``) says which objects or players it may be (``kinds``: ``player``, ``permanent``,
``spell``, ``card``, ``ability``), the card types of which one is needed (``types``: any of), the controller
(``you``/``opponent``/``any``), the zone of a card (``graveyard`` ...), how many distinct ones at least
(``count``; 0 for "up to N", "any number of", X), and ``unknown`` qualifiers not modelled ("with flying",
"attacking", "with mana value 3 or less"), so a checker can say "no legal target" only when no object even
of the right kind exists, and ``unsupported`` otherwise.

References: CR 115.1 (targets), 115.3 (each "target" word is a separate target), 601.2c (choosing targets:
a spell that needs a target it cannot choose cannot be cast), 700.2 (modal spells), 303.4a (Aura spells).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from .words import parse_count_word

_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
          "planeswalker": "Planeswalker", "battle": "Battle", "instant": "Instant", "sorcery": "Sorcery",
          "permanent": "", "spell": "", "card": "", "player": "", "opponent": "", "ability": ""}
_PLURAL = {"creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment", "lands": "land",
           "planeswalkers": "planeswalker", "permanents": "permanent", "spells": "spell", "cards": "card",
           "players": "player", "opponents": "opponent", "battles": "battle", "abilities": "ability"}
#: Adjectives the checker cannot evaluate (combat, colours, names ...); "non<type>" is read as a type exclusion.
_SUPER = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow"}
_QUALIFIERS = {"attacking", "blocking", "token", "nonattacking", "nonblocking", "white", "blue", "black", "red", "green", "colorless", "multicolored",
               "monocolored", "nonwhite", "nonblue", "nonblack", "nonred", "nongreen", "snow", "other", "another",
               "historic", "face-down", "unblocked", "activated", "triggered", "equipped", "enchanted"}
_COUNT = r"(?:(?P<upto>up to (?P<n1>one|two|three|four|five|six|seven|x|\d+) )|(?P<any>any number of )|(?P<n2>one|two|three|four|five|x|\d+) )?"
_PHRASE = re.compile(r"\b" + _COUNT + r"(?P<oth>(?:other |another ))?target (?P<rest>.+)$", re.I)
_ANY_TARGET = re.compile(r"\b" + _COUNT + r"(?P<oth>(?:other |another ))?any (?P<another>other )?target\b", re.I)
_AMONG = re.compile(r"\bamong (?P<what>any number of|one or two|one, two, or three|one or more|two|three) "
                    r"(?P<rest>other )?targets\b", re.I)
_CHOOSE = re.compile(r"^choose (?P<n>one|two|three|one or both|one or more|any number)(?: —|:|\.)?\s*(?:—)?\s*$", re.I)
_BULLET = re.compile(r"^[•\-]\s*(?:\+\d+ — )?")
_TRIGGER_OR_KEYWORD = re.compile(r"^(when|whenever|at the beginning|flashback|kicker|multikicker|buyback|entwine|"
                                 r"overload|escape|jump-start|retrace|cycling|splice|madness|suspend|convoke|delve|"
                                 r"affinity|storm|cascade|replicate|as an additional cost|this spell costs|"
                                 r"you may cast|this spell can't be countered|spree)\b", re.I)
_REMINDER = re.compile(r"\([^)]*\)")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")


@dataclass(frozen=True)
class TargetSpec:
    """One target requirement (one use of the word "target", CR 115.3).

    Attributes
    ----------
    text : str
        The phrase it was read from.
    kinds : tuple of str
        What it may be: ``player``, ``permanent``, ``spell``, ``card`` (a card in a zone), ``ability``.
    types : tuple of str
        Card types of which the object must have one (empty: any), e.g. ``("Artifact", "Enchantment")``.
    excluded : tuple of str
        Card types it must not have ("noncreature").
    controller : str
        ``any``, ``you`` or ``opponent`` (for a player target: ``opponent`` means an opponent).
    zone : str or None
        For a card: ``graveyard`` (the only zone read); ``owner`` says whose.
    owner : str
        ``you``, ``opponent`` or ``any``: whose graveyard.
    count : int
        How many distinct objects at least (0: the spell may have no such target).
    unknown : tuple of str
        Qualifiers not modelled; a candidate of the right kind then has an unknown legality.
    subtypes, excluded_subtypes : tuple of str
        Subtypes of which it must have one ("target Goblin"), or must have none ("non-Spirit").
    supertypes, excluded_supertypes : tuple of str
        ``Basic``, ``Legendary``, ``Snow``: it must have all of the first, none of the second.
    tapped : bool or None
        "tapped" / "untapped" creature.
    most : int or None
        For "up to N target ...": N, the most it takes (``count`` is 0); ``None`` otherwise.
    any_number : bool
        "any number of target ...": no most (``count`` is 0).
    """

    text: str
    kinds: tuple[str, ...]
    types: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    controller: str = "any"
    zone: str | None = None
    owner: str = "any"
    count: int = 1
    unknown: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    excluded_subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    excluded_supertypes: tuple[str, ...] = ()
    tapped: bool | None = None
    most: int | None = None
    any_number: bool = False


@dataclass(frozen=True)
class SpellTargets:
    """A spell's target requirements: ``modes`` (one tuple of ``TargetSpec`` per mode; a non-modal spell has
    one), ``choose`` (how many modes at least), ``unread`` (target phrases not understood)."""

    modes: tuple[tuple[TargetSpec, ...], ...] = ((),)
    choose: int = 1
    unread: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=(), compare=False)

    @property
    def targets_anything(self) -> bool:
        return bool(self.unread) or any(m for m in self.modes)


def _clean(text: str) -> str:
    return _QUOTED.sub("", _REMINDER.sub("", text or "")).strip()


@dataclass
class _Noun:
    heads: list[str] = field(default_factory=list)
    excl: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    excl_subtypes: list[str] = field(default_factory=list)
    supers: list[str] = field(default_factory=list)
    excl_supers: list[str] = field(default_factory=list)
    tapped: bool | None = None


def _read_noun_phrase(words: list[str]) -> tuple[_Noun, int]:
    """Consume the words of a target noun phrase; returns what it says and the number of words used."""
    nn = _Noun()
    heads, excl, unknown, kinds = nn.heads, nn.excl, nn.unknown, nn.kinds
    i = 0
    while i < len(words):
        raw = words[i].strip(",")
        lw = raw.lower()
        if lw in _SUPER or (lw.startswith("non") and lw[3:] in _SUPER):
            (nn.supers if lw in _SUPER else nn.excl_supers).append(_SUPER[lw] if lw in _SUPER else _SUPER[lw[3:]])
            i += 1
            continue
        if lw == "nontoken":  # every permanent of a scenario is a card (tokens are not modelled)
            i += 1
            continue
        if lw in ("tapped", "untapped"):
            nn.tapped = lw == "tapped"
            i += 1
            continue
        sm = re.fullmatch(r"non-([A-Z][a-z'\-]+)", raw)
        if sm:
            nn.excl_subtypes.append(sm.group(1))
            i += 1
            continue
        if re.fullmatch(r"[A-Z][a-z'\-]+s?", raw) and lw not in _TYPES and lw not in _PLURAL and i > 0 or \
                (re.fullmatch(r"[A-Z][a-z'\-]+", raw) and i == 0 and lw not in _TYPES and lw not in _PLURAL):
            # a subtype (Goblin, Aura, Wall, Mountain); plural "Goblins" read as the subtype
            sub = raw[:-1] if raw.endswith("s") and not raw.endswith("ss") and raw not in ("Plains",) else raw
            nn.subtypes.append(sub)
            i += 1
            if words[i - 1].endswith(","):
                continue
            continue
        w = words[i].lower().strip(",")
        trail_comma = words[i].endswith(",")
        possessive = w.endswith("'s")
        if possessive:
            w = w[:-2]
        base = _PLURAL.get(w, w)
        if base in _TYPES:
            if base in ("player", "opponent"):
                kinds.append("player")
                if base == "opponent":
                    unknown.append("@opponent")
            elif base == "spell":
                kinds.append("spell")
            elif base == "card":
                kinds.append("card")
            elif base == "ability":
                kinds.append("ability")
            elif base == "permanent":
                kinds.append("permanent")
            else:
                heads.append(_TYPES[base])
            i += 1
            if possessive:  # "target player's graveyard": the target is the player
                break
        elif w.startswith("non") and w[3:] in _TYPES and _TYPES[w[3:]]:
            excl.append(_TYPES[w[3:]])
            i += 1
        elif w in ("or", "and/or", "and"):
            i += 1
            continue
        elif w in _QUALIFIERS:
            unknown.append(w)
            i += 1
        else:
            break
        if trail_comma:
            continue
    return nn, i


def parse_target_phrase(phrase: str) -> TargetSpec | None:
    """One phrase starting at the word "target" (with its count words before it), e.g.
    ``"target creature you control"``, ``"up to two target artifacts"``, ``"target instant or sorcery card in
    your graveyard"``. Returns ``None`` when not understood."""
    m = _ANY_TARGET.match(phrase.strip())
    if m:
        n = _count_of(m)
        return TargetSpec(phrase, ("player", "permanent"), ("Creature", "Planeswalker", "Battle"), count=n,
                          most=_most_of(m), any_number=bool(m.group("any")))
    m = _PHRASE.match(phrase.strip())
    if not m:
        return None
    n = _count_of(m)
    rest = m.group("rest")
    words = rest.split()
    nn, used = _read_noun_phrase(words)
    heads, excl, unknown, kinds = nn.heads, nn.excl, nn.unknown, nn.kinds
    if nn.subtypes and not heads and not kinds:
        kinds.append("permanent")
    if not heads and not kinds:
        if n == 0:  # "up to one target ...": the spell may have no target at all, whatever the phrase says
            return TargetSpec(phrase, ("player", "permanent", "spell", "card"), count=0)
        return None
    tail = " ".join(words[used:]).lower()
    controller, zone, owner = "any", None, "any"
    for pat, who in ((r"^you control\b", "you"), (r"^you don't control\b", "opponent"),
                     (r"^an opponent controls\b", "opponent"), (r"^your opponents control\b", "opponent")):
        if re.match(pat, tail):
            controller = who
            tail = re.sub(pat, "", tail).strip()
            break
    zm = re.search(r"\b(?:in|from) (your|a|an opponent's|target player's|that player's|their|a single|"
                   r"its owner's|their owners'|an opponent's) graveyards?\b", tail)
    if zm and "card" in kinds:
        zone = "graveyard"
        owner = {"your": "you", "a": "any", "an opponent's": "opponent"}.get(zm.group(1), "some")
        if owner == "some":  # whose graveyard depends on another choice: any graveyard, legality unknown
            owner = "any"
            unknown.append(f"{zm.group(1)} graveyard")
        if zm.start() > 0:
            unknown.append(tail[:zm.start()].strip()[:60])
        tail = tail[zm.end():].strip()
    # "on top of its owner's library", "from the battlefield", "to its owner's hand": where it goes, not which
    if n != 0 and re.match(r"^(with|that|without|of|whose|named|which|dealt|blocking|attacking|it)\b", tail):
        unknown.append(tail.split(",")[0].split(".")[0][:60])
    if "@opponent" in unknown:
        unknown.remove("@opponent")
        controller = "opponent"
    if "card" in kinds and zone is None:
        return None  # a card in some zone the phrase does not name in a way read here
    if heads and not kinds:
        kinds = ["permanent"]
    if heads and "spell" in kinds and "permanent" not in kinds:
        pass  # "creature spell": a spell with one of the types
    if zone == "graveyard":
        kinds = ["card"]
    shown = (phrase[:m.start("rest")] + " ".join(words[:used])).strip()
    cm = re.search(r"\b(you control|you don't control|an opponent controls|your opponents control)\b", phrase, re.I)
    if controller != "any" and cm:
        shown += " " + cm.group(1)
    if zone:
        shown = phrase.split(" graveyard")[0] + " graveyard"
    if unknown:
        shown = phrase
    return TargetSpec(shown, tuple(dict.fromkeys(kinds)), tuple(heads), tuple(excl), controller, zone, owner, n,
                      tuple(unknown), tuple(nn.subtypes), tuple(nn.excl_subtypes), tuple(nn.supers),
                      tuple(nn.excl_supers), nn.tapped, _most_of(m), bool(m.group("any")))


def _most_of(m: re.Match) -> int | None:
    """N of "up to N target ..." (``None`` for other counts, and for "up to X")."""
    return parse_count_word(m.group("n1")) if m.group("upto") else None


def _count_of(m: re.Match) -> int:
    if m.group("upto") or m.group("any"):
        return 0
    w = m.group("n2")
    if not w:
        return 1
    n = parse_count_word(w)
    return 0 if n is None else n  # X targets: X may be 0


_START = re.compile(r"(?P<count>(?:up to (?:one|two|three|four|five|six|seven|x|\d+)|any number of|one|two|three|four|"
                    r"five|x|\d+) )?(?:(?:other|another) )?(?P<any>any (?:other )?)?(?P<word>targets?)\b", re.I)
#: Words before "target(s)" that make it part of another phrase ("a spell that targets you"), not a requirement.
_NOT_A_REQUIREMENT = {"that", "which", "the", "its", "new", "those", "chosen", "spell's", "ability's", "same",
                      "each", "their", "it", "can't", "be", "could", "would", "as", "single", "only", "has",
                      "have", "one's", "no"}


def _phrases(text: str) -> tuple[list[TargetSpec], list[str]]:
    """Every target requirement in a piece of spell text, and the phrases not understood."""
    specs: list[TargetSpec] = []
    unread: list[str] = []
    t = _clean(text)
    for m in _AMONG.finditer(t):
        what = m.group("what").lower()
        specs.append(TargetSpec(m.group(0), ("player", "permanent"), ("Creature", "Planeswalker", "Battle"),
                                count=0 if what == "any number of" else 1))
    t = _AMONG.sub("", t)
    for m in _START.finditer(t):
        before = t[:m.start()].rstrip().split(" ")
        if before and before[-1].lower() in _NOT_A_REQUIREMENT:
            continue
        ends = [i for i in (t.find(".", m.end()), t.find(";", m.end())) if i >= 0]
        phrase = t[m.start():min(ends) if ends else len(t)].strip()
        if m.group("word").lower() == "targets" and not m.group("any"):
            if m.group("count"):  # "up to two targets", "two targets": any targets
                n = 0 if m.group("count").lower().startswith(("up to", "any")) else (parse_count_word(m.group("count").strip()) or 0)
                specs.append(TargetSpec(phrase, ("player", "permanent"), ("Creature", "Planeswalker", "Battle"), count=n))
            else:
                unread.append(phrase)
            continue
        if re.fullmatch(r"(?:an)?other target", phrase, re.I) and specs:
            # "... to any target and 1 damage to another target" (Arc Trail): one more, different object of the
            # same kind as the previous requirement
            last = specs.pop()
            specs.append(TargetSpec(last.text + "; " + phrase, last.kinds, last.types, last.excluded, last.controller,
                                    last.zone, last.owner, last.count + 1, last.unknown))
            continue
        spec = parse_target_phrase(phrase)
        if spec is None:
            unread.append(phrase)
        else:
            specs.append(spec)
    return specs, unread


@lru_cache(maxsize=65536)
def _spell_targets_cached(texts: tuple[tuple[str, str, tuple[str, ...]], ...], aura: str | None) -> SpellTargets:
    modes: list[list[TargetSpec]] = [[]]
    unread: list[str] = []
    choose = 1
    modal = False
    mode_specs: list[list[TargetSpec]] = []
    if aura is not None:
        spec = parse_target_phrase(f"target {aura}")
        if spec is None:
            unread.append(f"Enchant {aura}")
        else:
            modes[0].append(spec)
    for kind, text, step_targets in texts:
        for tw in step_targets:
            spec = parse_target_phrase("any target" if tw == "any" else f"target {tw}")
            (mode_specs[-1] if modal and mode_specs else modes[0]).append(spec) if spec else unread.append(f"target {tw}")
        if not text:
            continue
        t = _clean(text)
        cm = _CHOOSE.match(t)
        if cm:
            modal = True
            w = cm.group("n").lower()
            choose = {"one": 1, "two": 2, "three": 3, "one or both": 1, "one or more": 1}.get(w, -1)
            continue
        if modal and _BULLET.match(t):
            body = _BULLET.sub("", t)
            specs, bad = _phrases(body)
            mode_specs.append(specs)
            unread.extend(bad)
            continue
        if _TRIGGER_OR_KEYWORD.match(t):
            continue
        specs, bad = _phrases(t)
        modes[0].extend(specs)
        unread.extend(bad)
    if modal:
        if choose < 0:
            unread.append("a modal spell with 'choose any number'")
            choose = 1
        common = modes[0]
        out = tuple(tuple(common + m) for m in mode_specs) or (tuple(common),)
        return SpellTargets(out, choose, tuple(unread))
    return SpellTargets((tuple(modes[0]),), 1, tuple(unread))


def spell_targets(abilities: Iterable, is_aura: bool = False) -> SpellTargets:
    """The target requirements of a spell with these abilities (``models.abilities.Ability``).

    Reads spell abilities only: an ``instructions`` ability's steps' ``target`` words ("any", "creature",
    "spell", "artifact or enchantment"), and the text of spell abilities the parser kept as text. An Aura's
    ``enchant`` keyword makes the Aura spell target what it can enchant (CR 303.4a) when ``is_aura``.
    """
    texts: list[tuple[str, str, tuple[str, ...]]] = []
    aura: str | None = None
    for a in abilities:
        if a.kind == "keyword" and a.effect == "enchant" and is_aura:
            aura = str(a.params.get("parameter") or a.params.get("detail") or "permanent")
            continue
        em = re.match(r"^enchant (.+?)\.?$", (a.text or "").strip(), re.I)
        if is_aura and aura is None and em and a.kind != "spell":  # "Enchant creature" kept as text (no keyword list)
            aura = em.group(1)
            continue
        if a.kind != "spell":
            continue
        if a.effect == "instructions":
            tws = tuple(str(s.get("target")) for s in a.params.get("steps", ()) if s.get("target"))
            texts.append((a.kind, "", tws))
        elif a.effect in ("draw", "scry"):
            continue
        else:
            texts.append((a.kind, a.text or "", ()))
    return _spell_targets_cached(tuple(texts), aura)


_RESTRICT = re.compile(r"\b(hexproof|shroud|protection|can't be the targets?|can't be targeted|ward)\b", re.I)


def mentions_targeting(text: str) -> bool:
    """Whether rules text could change which objects or players can be targeted (hexproof, shroud,
    protection, "can't be the target", ward): a target's legality then depends on it (CR 702.11, 702.18, 702.16)."""
    return bool(_RESTRICT.search(text or ""))
