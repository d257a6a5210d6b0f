"""What an Aura or Equipment makes the object it is attached to (``AttachedChange``; CR 303.4, 301.5, 613): parsing
only, read by ``solver.rules.layers.board_view``.

Wordings read (the subject is "Enchanted|Equipped creature|permanent|land|artifact|planeswalker"):

* type-setting: "Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card types and
  abilities" (Imprisoned in the Moon, Sugar Coat), "Enchanted permanent is a Treasure artifact with "{T}, Sacrifice this
  artifact: Add one mana of any color," and it loses all other abilities" (Minimus Containment, In Too Deep),
  "Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities" (Lignify),
  "Enchanted creature is an Insect artifact creature with base power and toughness 0/1 and has indestructible, and it
  loses all other abilities, card types, and creature types" (Darksteel Mutation), "Enchanted permanent is an
  enchantment and loses all other card types" (One with the Stars), "Enchanted artifact is a creature with base power
  and toughness 5/5 in addition to its other types" (Ensoul Artifact);
* "Enchanted creature loses all abilities and is a [colour] [subtype] creature with base power and toughness N/N"
  (Frogify, Kenrith's Transformation, Ichthyomorphosis, Reprobation, Unable to Scream "... in addition to its other
  types"; Honest Work's "and "{T}: Add {C}" named Humble Merchant");
* supertypes: "Enchanted land is snow" (Glittering Frost), "Enchanted permanent is legendary" (kept untyped: read from
  the card elsewhere);
* "Enchanted creature gets +1/+1 and is an artifact in addition to its other types" (Transmogrifying Licid, Silverskin
  Armor; the +1/+1 is an untyped part, layer 7c);
* control: "You control enchanted creature" (Dominating Licid; layer 2, CR 613.1b: an untyped part).

Setting only basic land types (Spreading Seas, Song of the Dryads: CR 305.7) is left to the land-type parsers or
unmodelled; any other wording stays unmodelled.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from ..game.cards import BASIC_LAND_TYPES, Card
from ..vocab.topics import ALL_TOPICS, Scope, Topic
from ..vocab.filters import Filter
from ..vocab.effect import Unmodelled
from ..game.subtypes import ARTIFACT_TYPES, CREATURE_TYPES, ENCHANTMENT_TYPES
from .frame import effect_parser
from .grants import _granted_keyword, _quoted_ability

_SUBJECT = re.compile(r"^(?P<rel>enchanted|equipped) (?P<obj>creature|permanent|land|artifact|planeswalker)\s+(?P<pred>.+)$",
                      re.I)
_CONTROL = re.compile(r"^you control (?P<rel>enchanted|equipped) (?P<obj>creature|permanent|land|artifact|planeswalker)$",
                      re.I)
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_TYPE_WORDS = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
               "planeswalker": "Planeswalker"}
_PT = r"(?: with base power and toughness (?P<p>\d+)/(?P<t>\d+))?"
#: "is a ... [with base power and toughness N/N] [with "Q"] [and has K], and [it] loses all ..." (the quotes are
#: placeholders Q0, Q1 by then)
_IS_FIRST = re.compile(
    r"^is (?:an? )?(?P<desc>[^,\"]+?)" + _PT + r"(?: with (?P<q>Q\d))?(?: and has (?P<kw>[a-z ]+?))?,?"
    r"(?: and (?:it )?loses all (?P<lost>abilities|other abilities|other card types and abilities"
    r"|other abilities, card types, and creature types|other card types))?"
    r"(?P<add> in addition to its other types)?$", re.I)
_LOSES_FIRST = re.compile(
    r"^loses all abilities and is (?:an? )?(?P<desc>[^,\"]+?)" + _PT + r"(?: and (?P<q>Q\d))?"
    r"(?: named (?P<name>[^\"]+?))?(?P<add> in addition to its other types)?$", re.I)
_SUPER = re.compile(r"^is (?P<super>snow|legendary)$", re.I)
_GETS = re.compile(r"^gets (?P<pt>[+-]\d+/[+-]\d+) and is (?:an? )?(?P<desc>[^,\"]+?) in addition to its other types$", re.I)


def _filter(rel: str, obj: str, words: str) -> Filter:
    t = obj.lower()
    return Filter(relation=rel.lower(), all_of=() if t == "permanent" else (_TYPE_WORDS[t],), words=words)


def _desc(desc: str) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
    """The card types, subtypes and colours (letters; ``""`` colorless) of "colorless Clue artifact", "green and
    white Citizen creature", "Treefolk". Raises ``ValueError`` for any other word (a name, a supertype)."""
    types: list[str] = []
    subs: list[str] = []
    colors: str | None = None
    words = desc.split()
    for i, w in enumerate(words):
        low = w.lower()
        if low == "colorless" and colors is None:
            colors = ""
        elif low in _COLORS and colors != "":
            colors = (colors or "") + _COLORS[low]
        elif low == "and" and colors and i + 1 < len(words) and words[i + 1].lower() in _COLORS:
            continue
        elif low in _TYPE_WORDS:
            types.append(_TYPE_WORDS[low])
        elif w in CREATURE_TYPES or w in ARTIFACT_TYPES or w in ENCHANTMENT_TYPES:
            subs.append(w)
        else:
            raise ValueError(f"the word {w!r} is not a colour, card type or creature, artifact or enchantment type")
    if not types and not subs:
        raise ValueError(f"no type in {desc!r}")
    if any(s in BASIC_LAND_TYPES for s in subs):
        raise ValueError("basic land types are set by the land-type rules (CR 305.7)")
    if subs and not types and not all(s in CREATURE_TYPES for s in subs):
        raise ValueError("a noncreature subtype without its card type")
    return tuple(types), tuple(subs), colors


def parse_attached_change(text: str, card: Card) -> Mapping[str, Any]:
    """Read a sentence of an Aura or Equipment about the object it is attached to (module docstring; CR 303.4, 301.5:
    "enchanted"/"equipped" is that object; 613.1b control, 613.1d types, 613.1f abilities, 613.4b base power and
    toughness) into ``attached_change`` params. Raises ``ValueError`` for any other wording (the line then stays unmodelled)."""

    t = text.strip().rstrip(".").strip()
    c = _CONTROL.match(t)
    if c:
        part = Unmodelled(t + ".", ALL_TOPICS - {Topic.DECK_CONSTRUCTION}, Scope.BATTLEFIELD)
        return {"affects": _filter(c.group("rel"), c.group("obj"), f"{c.group('rel')} {c.group('obj')}"), "parts": (part,)}
    s = _SUBJECT.match(t)
    if not s:
        raise ValueError("not about the enchanted or equipped object")
    subject = f"{s.group('rel')} {s.group('obj')}"
    quotes: list[str] = []

    def hold(m: "re.Match[str]") -> str:
        quotes.append(m.group(1))
        return f"Q{len(quotes) - 1}"

    pred = re.sub(r"[\"“]([^\"”]+)[\"”]", hold, s.group("pred"))
    if len(quotes) > 1 or '"' in pred or "“" in pred:
        raise ValueError("more than one quoted ability")
    out: dict[str, Any] = {"affects": _filter(s.group("rel"), s.group("obj"), subject)}
    parts: list[Unmodelled] = []
    m = _SUPER.match(pred)
    if m:
        out["supertypes"] = (m.group("super").capitalize(),)
        return out
    m = _GETS.match(pred)
    if m:
        types, subs, colors = _desc(m.group("desc"))
        if colors is not None:
            raise ValueError("a colour in addition (CR 105.3) is not read")
        out.update(types=types, subtypes=subs, add_types=True)
        parts.append(Unmodelled(f"{subject[:1].upper()}{subject[1:]} gets {m.group('pt')}.", frozenset({Topic.POWER_TOUGHNESS}),
                                Scope.BATTLEFIELD))
        out["parts"] = tuple(parts)
        return out
    m = _LOSES_FIRST.match(pred)
    loses = bool(m)
    if not m:
        m = _IS_FIRST.match(pred)
        if not m:
            raise ValueError("not a type change of the attached object")
        lost = (m.group("lost") or "").lower()
        loses = "abilities" in lost
        if m.group("add") and lost:
            raise ValueError("both 'in addition' and 'loses all other card types'")
    types, subs, colors = _desc(m.group("desc"))
    add = bool(m.group("add"))
    if add and colors is not None:
        raise ValueError("a colour in addition (CR 105.3) is not read")
    out.update(types=types or None, subtypes=subs or None, add_types=add, loses=loses)
    if colors is not None:
        out["colors"] = colors
    if m.group("p") is not None:
        out["power"], out["toughness"] = int(m.group("p")), int(m.group("t"))
    granted = []
    if m.group("q") is not None:
        granted.append(_quoted_ability(quotes[int(m.group("q")[1:])], card))
    kw = m.groupdict().get("kw")
    if kw:
        for item in [x.strip() for x in re.split(r",\s*(?:and\s+)?|\s+and\s+", kw) if x.strip()]:
            k = _granted_keyword(item, card)
            if k is None:
                raise ValueError(f"the keyword {item!r} is not read")
            granted.append(k)
    out["granted"] = tuple(granted)
    name = m.groupdict().get("name")
    if name:
        out["new_name"] = name.strip()  # the name it gets (CR 201.2)
    out["parts"] = tuple(parts)
    return out


@effect_parser(17)
def attached_change_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """A static ability of an Aura or Equipment changing the object it is attached to (``parse_attached_change``);
    ``None`` for anything else."""
    if kind != "static" or not re.search(r"\b(?:enchanted|equipped)\b", text, re.I):
        return None
    try:
        return "attached_change", parse_attached_change(text, card)
    except ValueError:
        return None
