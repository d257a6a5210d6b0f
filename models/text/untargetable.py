""""Can't be the target of" statics (CR 601.2c, 115.1): parsing only; ``solver.rules.protection`` reads them.

* "This creature can't be the target of red spells or abilities from red sources." (Suq'Ata Firewalker, the
  Pentarch-era "Flickering" kin), "... of nongreen spells or abilities from nongreen sources";
* "Thrun can't be the target of nongreen spells your opponents control or abilities from nongreen sources your
  opponents control.", "Shanna can't be the target of abilities your opponents control.";
* "This creature can't be the target of blue or black spells.", "Tetsuo Umezawa can't be the target of Aura spells.";
* "Enchanted creature can't be the target of spells or abilities your opponents control.", "Enchanted creature
  can't be the target of abilities from artifact sources.", "Creatures you control can't be the targets of blue
  spells or abilities from blue sources.", "Creatures can't be the targets of spells.";
* "Cards in graveyards can't be the targets of spells or abilities." (Silent Gravestone).

Anything else ("unless it attacked or blocked this turn", "spells that can target only Walls", "this turn") stays
``Unmodelled``.
"""
from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from typing import Any, Mapping

from ..game.cards import Card
from ..vocab.keyword_effects import read_quality_detail
from .frame import effect_parser, keyword_parser
from ..vocab.targeting import Quality
from ..game.subtypes import SPELL_SUBTYPES, singular
from .subjects import subject_filter
from ..vocab.filters import Filter

_SENTENCE = re.compile(r"^(?P<obj>.+?) can't be the targets? of (?P<what>.+?)\.?$", re.I)
#: "[quality] spells [your opponents control]", "abilities [from [quality] sources] [your opponents control]".
_OPP = r"(?: (?P<{0}>your opponents control|an opponent controls))?"
_SPELLS = re.compile(r"^(?:(?P<q>[a-z ,\-]+?|[A-Z][a-z]+) )?spells" + _OPP.format("so") + "$")
_ABILITIES = re.compile(r"^abilities(?: from (?:an? )?(?P<q>[a-z ,\-]+?) sources?)?" + _OPP.format("ao") + "$")
_QUALITY = re.compile(r"^(?:(?:non)?(?:white|blue|black|red|green)(?: or (?:non)?(?:white|blue|black|red|green))*"
                      r"|artifact|creature|enchantment|Aura|multicolored|monocolored|colorless)$")


def _self_words(card: Card) -> set[str]:
    names = {card.name.lower(), card.name.split(",")[0].strip().lower()}
    return names | {"this", "this creature", "this permanent", "this enchantment", "this artifact", "this land"}


def _quality(words: str | None) -> tuple:
    q = (words or "").strip()
    if not q:
        return ()
    if not _QUALITY.match(q):
        raise ValueError(f"the quality {q!r} is not read")
    return parse_qualities(q)


_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_TYPE_WORDS = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "instant": "Instant",
               "sorcery": "Sorcery", "planeswalker": "Planeswalker", "land": "Land", "battle": "Battle",
               "kindred": "Kindred"}
_PLURAL_TYPES = {"creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment", "instants": "instant",
                 "sorceries": "sorcery", "planeswalkers": "planeswalker", "lands": "land", "battles": "battle"}
_SUPER_WORDS = {"legendary": "Legendary", "snow": "Snow", "basic": "Basic"}
_COUNTS = {"all colors": "any", "each color": "any", "multicolored": "multi", "monocolored": "mono", "colorless": "none"}


def _one_quality(part: str) -> Any:
    """One quality ("red", "nongreen", "legendary creatures", "Dragons", "multicolored", "everything")."""
    low = part.lower()
    if low == "everything":  # CR 702.16j
        return Quality(everything=True, words=part)
    if low in _COUNTS:
        return Quality(color_count=_COUNTS[low], words=part)
    toks = part.split()
    colors: list[str] = []
    not_colors: list[str] = []
    supers: list[str] = []
    types: list[str] = []
    subs: list[str] = []
    for i, w in enumerate(toks):
        lw = w.lower()
        last = i == len(toks) - 1
        if lw in _COLOR_WORDS:
            colors.append(_COLOR_WORDS[lw])
        elif lw.startswith("non") and lw[3:] in _COLOR_WORDS:
            not_colors.append(_COLOR_WORDS[lw[3:]])
        elif lw in _SUPER_WORDS and not last:
            supers.append(_SUPER_WORDS[lw])
        elif lw in _PLURAL_TYPES or lw in _TYPE_WORDS:
            types.append(_TYPE_WORDS[_PLURAL_TYPES.get(lw, lw)])
        elif last and w[:1].isupper() and singular(w) in SPELL_SUBTYPES:
            subs.append(singular(w))
        else:
            raise ValueError(f"the quality {part!r} is not read")
    if supers and not (types or subs):
        raise ValueError(f"the quality {part!r} is not read")
    return Quality(colors=tuple(colors), not_colors=tuple(not_colors), types=tuple(types), supertypes=tuple(supers),
                   subtypes=tuple(subs), words=part)


@lru_cache(maxsize=4096)
def parse_qualities(words: str) -> tuple:
    """The qualities of protection's, hexproof from's or a "can't be the target" static's words, any of which an
    object may have (CR 702.16a): "from white and from blue" → two, "from artifacts, creatures, and enchantments" →
    three, "blue or black" → two, "legendary creatures" → one (``models.vocab.targeting.Quality``).

    Raises
    ------
    ValueError
        A quality not read ("the chosen color", "the chosen player", "converted mana value 3 or less").
    """
    w = re.sub(r"^from\s+", "", words.strip().rstrip("."), flags=re.I)
    parts = [p.strip() for p in re.split(r"\s*,\s*(?:and\s+|or\s+)?(?:from\s+)?|\s+(?:and|or)\s+(?:from\s+)?", w)
             if p.strip()]
    if not parts:
        raise ValueError(f"no quality in {words!r}")
    return tuple(_one_quality(p) for p in parts)


def keyword_qualities(parameter: str) -> tuple | None:
    """``parse_qualities`` of a keyword's parameter ("from red"), or ``None`` when it is not read."""
    try:
        return parse_qualities(parameter)
    except ValueError:
        return None


def parse_cant_be_targeted(text: str, card: Card) -> Mapping[str, Any]:
    """``cant_be_targeted`` params of a "can't be the target(s) of" static (module docstring). Raises
    ``ValueError`` for any other wording."""
    m = _SENTENCE.match(text.strip())
    if not m:
        raise ValueError("not a 'can't be the target' sentence")
    obj, what = m.group("obj").strip(), m.group("what").strip()
    if obj.lower() in _self_words(card):
        affects = Filter(relation="this", words=obj)
    elif obj.lower() == "cards in graveyards":
        affects = Filter(zone="graveyard", words=obj)
    else:
        affects = subject_filter(obj)
        if affects.relation not in (None, "enchanted") or not dataclasses.replace(affects.qualifier, other=False).empty:
            raise ValueError(f"the objects {obj!r} are not read")
    parts = re.split(r" or (?=abilities\b)", what, maxsplit=1)
    spells = abilities = False
    spell_q: tuple = ()
    source_q: tuple = ()
    by = set()
    for part in parts:
        sm = _SPELLS.match(part)
        am = _ABILITIES.match(part)
        if sm and not spells:
            spells, spell_q = True, _quality(sm.group("q"))
            by.add("opponent" if sm.group("so") else "any")
        elif am and not abilities:
            abilities, source_q = True, _quality(am.group("q"))
            by.add("opponent" if am.group("ao") else "any")
        else:
            raise ValueError(f"the words {part!r} are not read")
    first = _SPELLS.match(parts[0])
    first_opp = first.group("so") if first else None
    if len(parts) == 2 and by == {"any", "opponent"} and not first_opp and \
            re.search(r" (?:your opponents control|an opponent controls)$", what):
        by = {"opponent"}  # "spells or abilities your opponents control": the controller words end the union
    if len(by) != 1:
        raise ValueError("spells and abilities of different controllers")
    if spells and abilities and spell_q != source_q and len(parts) == 1:
        raise ValueError("qualities not read")
    return {"affects": affects, "spells": spells, "abilities": abilities, "spell_quality": spell_q,
            "source_quality": source_q, "by": by.pop()}


@effect_parser(22)
def cant_be_targeted_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """A static "can't be the target(s) of ..." (``parse_cant_be_targeted``); ``None`` for anything else."""
    if kind != "static" or "can't be the target" not in text.lower():
        return None
    try:
        return "cant_be_targeted", parse_cant_be_targeted(text, card)
    except (ValueError, KeyError):
        return None


#: "You have hexproof.", "You have shroud.", "You have protection from everything.", "You have protection from each of
#: your opponents." (CR 702.11c, 702.18a, 702.16j, 702.16k); a protection quality read by ``parse_qualities``.
_PLAYER_KEYWORD_RE = re.compile(r"^you have (?P<kw>hexproof|shroud|protection (?P<q>from .+?))\.?$", re.I)


def parse_player_keyword(text: str) -> Mapping[str, Any]:
    """``player_keyword`` params of "You have hexproof." and kin (``models.vocab.targeting.PlayerKeyword``). Raises
    ``ValueError`` for any other wording (a condition, other players, other objects: "You and permanents you control
    have hexproof", "During your turn, you ... have hexproof")."""
    m = _PLAYER_KEYWORD_RE.match(text.strip())
    if not m:
        raise ValueError("not a player keyword sentence")
    kw = m.group("kw").lower()
    if kw in ("hexproof", "shroud"):
        return {"keyword": kw}
    q = m.group("q").strip()
    if re.fullmatch(r"from each of your opponents", q, re.I):
        return {"keyword": "protection", "from_opponents": True}
    return {"keyword": "protection", "quality": parse_qualities(q)}


@effect_parser(22)
def player_keyword_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """A static "You have hexproof/shroud/protection from ..." (``parse_player_keyword``); ``None`` for anything else."""
    if kind != "static" or not text.lower().startswith("you have "):
        return None
    try:
        return "player_keyword", parse_player_keyword(text)
    except (ValueError, KeyError):
        return None


#: "You can't choose an untapped creature as this spell's target as you cast it." (Enthralling Hold, Dream Leash).
_SPELL_TARGET_RESTRICTION_RE = re.compile(r"^you can't choose an untapped (?P<what>creature|permanent|artifact|land|"
                                          r"enchantment|planeswalker) as this spell's target(?: as you cast it)?\.?$", re.I)


@effect_parser(22)
def spell_target_restriction_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """The spell's own restriction on its target (``SpellTargetRestriction``, CR 601.2c); ``None`` otherwise."""
    if kind != "static":
        return None
    m = _SPELL_TARGET_RESTRICTION_RE.match(text.strip())
    if not m:
        return None
    return "spell_target_restriction", {"untapped_what": m.group("what").capitalize()}


def _quality_parameter(keyword: str) -> Any:
    def parse(rest: str, card: Card) -> Mapping[str, Any]:
        """A protection or "hexproof from" parameter whose quality the target rules read (``keyword_qualities``):
        its detail keeps only the keyword's other topics (``models.vocab.keyword_effects.read_quality_detail``, CR 702.16b-f,
        702.11d). Raises ``ValueError`` for a quality not read (the detail then keeps every topic)."""
        if not rest or keyword_qualities(rest) is None:
            raise ValueError(f"the quality {rest!r} is not read")
        return {"detail": read_quality_detail(keyword, rest)}

    return parse


for _kw in ("protection", "hexproof from"):
    keyword_parser(_kw)(_quality_parameter(_kw))

