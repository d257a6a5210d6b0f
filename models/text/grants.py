"""Keyword grants and "as though it had haste" (CR 613.1f, 702.10, 302.6): parsing only.

* "Creatures you control have haste." (Fires of Yavimaya, Fervor), "All creatures have haste." (Concordant
  Crossroads), "Equipped creature has haste and shroud." (Lightning Greaves), "Other Goblin creatures you control
  get +1/+1 and have haste." → ``grant_ability`` of every keyword the sentence grants (haste and the others, CR
  613.1f), with "gets +1/+1" kept as an untyped part with the power/toughness topic (layer 7c, CR 613.4c): a reading
  says everything its sentence says (Goblin War Paint's +2/+2 counts for a creature whose power adds mana).
* "You may activate abilities of creatures you control as though those creatures had haste." → ``as_though_haste``.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Mapping

from ..game.cards import BASIC_LAND_TYPES, Card
from .mana import _obj_filter
from .frame import effect_parser
from ..game.subtypes import singular
from ..game.subtypes import SPELL_SUBTYPES
from .targets import parse_target_phrase
from .subjects import SUPER_WORDS, TYPE_WORDS, subject_filter
from .frame import read_keyword_line, read_line
from .lines import KEYWORD_NAMES
from ..vocab.effect import Unmodelled
from ..vocab.topics import Topic
from ..vocab.conditions import ControlsAtLeast, SourceModified, SourceRenowned
from ..vocab.conditions import Compare, HasDesignation, SourceTapped
from ..vocab.amounts import CountOf
from ..vocab.logic import Not
from ..vocab.conditions import TopOfLibrary
from .conditions import parse_condition

_GRANT = re.compile(r"^(?P<obj>[^\"“:]+?) (?:get [+-]\d+/[+-]\d+ and )?(?:has|have) (?P<kws>[a-z ,]+?)\.?$", re.I)
_PT = re.compile(r"\s+get [+-]\d+/[+-]\d+$", re.I)
#: Keywords whose grant is harmless to drop from a sentence that also grants haste (none changes an answer
#: except through targeting, which reads the text).
_OTHER_KEYWORDS = {"shroud", "hexproof", "vigilance", "trample", "flying", "menace", "lifelink", "first strike",
                   "double strike", "deathtouch", "reach", "indestructible"}
_AS_THOUGH = re.compile(r"^you may activate abilities of (?P<obj>.+?) as though (?:those creatures|they|it|that creature)"
                        r" had haste\.?$", re.I)


@effect_parser(25)
def grant_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """A static haste grant or "as though it had haste" permission; ``None`` for anything else."""
    if kind != "static":
        return None
    t = text.strip()
    m = _AS_THOUGH.match(t)
    if m:
        what, ctl = _obj_filter(m.group("obj"))
        return "as_though_haste", {"affects": {"what": what, "controller": ctl}}
    m = _GRANT.match(t)
    if not m:
        return None
    kws = [k.strip().lower() for k in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("kws")) if k.strip()]
    if "haste" not in kws or any(k != "haste" and k not in _OTHER_KEYWORDS for k in kws):
        return None
    obj = _PT.sub("", m.group("obj").strip())
    what, ctl = _obj_filter(obj)
    if what.startswith("equipped "):
        what = "equipped"
    if what in ("this",):
        return None  # "this creature has haste" as long as ...: a conditional self grant, not this parser's
    try:  # every keyword granted, and "gets +N/+N" kept as an untyped part (CR 613.1f, 613.4c)
        return "grant_ability", parse_quoted_grant(t, card, require_quotes=False)
    except (ValueError, KeyError):
        return None


# ---------------------------------------------------------------------------
# Quoted abilities granted by statics and attachments (CR 113.10, 613.1f)
# ---------------------------------------------------------------------------

#: A quoted ability in a grant (straight or curly quotes; Huatli's nested single quotes are not read).
_QUOTED = re.compile(r"[\"“]([^\"”]+)[\"”]")
#: The words that end the object phrase of a grant and start what it does.
_VERB = re.compile(r"\s+(?=(?:has|have|gets?|loses?|lose)\b)", re.I)
_PT_PART = re.compile(r"^gets? ([+-]\d+/[+-]\d+)$", re.I)
_LOSES_ALL = re.compile(r"^(?:loses?|and lose) all (other )?abilities$", re.I)
def _granted_keyword(item: str, card: Card) -> "Any":
    """A keyword a grant names ("vigilance", "reach", "ward {2}") as a keyword ``Ability`` (CR 702), or ``None``."""

    first = item.split(" ", 1)[0].lower()
    if first not in KEYWORD_NAMES and item.lower() not in KEYWORD_NAMES and " ".join(item.lower().split()[:2]) not in KEYWORD_NAMES:
        return None
    got = read_keyword_line(item[:1].upper() + item[1:], card, card.front)
    if not got or len(got) != 1:
        return None
    return got[0]


def _quoted_ability(text: str, card: Card) -> "Any":
    """A quoted ability, read as a line of the object that gets it (CR 113.10a): activated, triggered or static."""

    got = read_line(text.strip().rstrip(",").strip(), card.front, card)
    if len(got) != 1:
        raise ValueError(f"the quoted ability {text!r} is not one ability")
    a = got[0]
    if a.kind == "static" and not isinstance(a.effect, Unmodelled):
        # a typed static ability would itself be a continuous effect of the object that gets it (a grant of a grant,
        # Rune of Speed): the layer view reads only printed ones, so the sentence stays unmodelled
        raise ValueError(f"the quoted static ability {text!r} is not modelled as a granted one")
    if a.kind == "triggered" and re.search(r"\benters?\b", a.text, re.I):
        # an entering trigger works for an object as it enters (CR 603.6a, 611.3c), before it is on the battlefield
        # where the layer view gives it the ability: not modelled
        raise ValueError(f"the quoted entering trigger {text!r} is not modelled as a granted one")
    if a.kind not in ("activated", "triggered", "static", "keyword"):
        raise ValueError(f"the quoted {a.kind} ability {text!r} is not modelled as a granted one")
    return a


def parse_quoted_grant(text: str, card: Card, require_quotes: bool = True) -> "Mapping[str, Any]":
    """Parse a static grant of quoted abilities into ``grant_ability`` params (CR 113.10, 613.1f).

    Read: "[objects] (has|have) [keywords and quoted abilities]", with "gets +N/+N and" (kept as an untyped part
    with the power/toughness topic, layer 7), "loses all abilities and has ...", "loses all land types and abilities
    and has ..." (CR 305.7, 613.1d), "have ... and lose all other abilities"; objects as ``subject_filter`` reads
    them. ``require_quotes=False``: a grant of keywords only (``keyword_grant_parser``). Raises ``ValueError`` for
    anything else.
    """

    t = text.strip().rstrip(".").strip()
    quotes: list[str] = []

    def hold(m: "re.Match[str]") -> str:
        quotes.append(m.group(1))
        return f"\x00{len(quotes) - 1}\x00"

    body = _QUOTED.sub(hold, t)
    if (not quotes and require_quotes) or '"' in body or "“" in body or "'" in re.sub(r"\w'\w", "", body).replace("'s ", ""):
        raise ValueError("not a grant of quoted abilities")
    m = _VERB.search(body)
    if not m:
        raise ValueError("no verb")
    obj, rest = body[:m.start()], body[m.end():]
    if "\x00" in obj:
        raise ValueError("a quote in the object words")
    chosen = bool(re.search(r" with the chosen name$", obj, re.I))
    if chosen:  # "Lands your opponents control with the chosen name" (Alpine Moon, CR 607.2d)
        obj = re.sub(r" with the chosen name$", "", obj, flags=re.I)
    affects = subject_filter(obj)
    rest = re.sub(r"\bloses? all land types and abilities\b", "LOSE_TYPES_AND_ABILITIES", rest, flags=re.I)
    pieces = [x.strip() for x in re.split(r",?\s+and\s+|,\s+", rest) if x.strip()]
    granted: list = []
    parts: list = []
    loses = lose_types = False
    mode = None
    for piece in pieces:
        if piece == "LOSE_TYPES_AND_ABILITIES":
            if granted:
                raise ValueError("abilities lost after some are granted")
            loses = lose_types = True
            mode = None
            continue
        if _LOSES_ALL.match(piece) or re.fullmatch(r"lose all (other )?abilities", piece, re.I):
            other = "other" in piece.lower()
            if granted and not other:
                raise ValueError("all abilities lost after some are granted")
            loses = True
            mode = None
            continue
        pm = _PT_PART.match(piece)
        if pm:
            parts.append(Unmodelled(f"{obj} {piece}", frozenset({Topic.POWER_TOUGHNESS})))  # the words as printed
            mode = None
            continue
        hm = re.match(r"(?:has|have|(?:they|it) gains?)\s+(.*)$", piece, re.I)
        if hm:
            mode = "has"
            piece = hm.group(1).strip()
        if mode != "has":
            raise ValueError(f"the part {piece!r} is not read")
        qm = re.fullmatch(r"\x00(\d+)\x00", piece)
        if qm:
            granted.append(_quoted_ability(quotes[int(qm.group(1))], card))
            continue
        kw = _granted_keyword(piece, card)
        if kw is None:
            raise ValueError(f"the granted {piece!r} is not a keyword or quoted ability")
        granted.append(kw)
    if not granted:
        raise ValueError("nothing granted")
    out: dict[str, Any] = {"affects": affects, "ability": granted[0]}
    if granted[1:]:
        out["also"] = tuple(granted[1:])
    if loses:
        out["loses"] = True
    if lose_types:
        out["lose_land_types"] = True
    if parts:
        out["parts"] = tuple(parts)
    if chosen:
        out["chosen_name"] = True
    return out


_AS_LONG_AS = re.compile(r"^as long as (?P<cond>[^,]+), (?P<rest>.+)$", re.I | re.S)
_ENCHANTED_IS = re.compile(r"^(?P<rel>enchanted|equipped) (?P<what>permanent|creature|land|artifact) is (?:an? )?"
                           r"(?P<type>[A-Za-z]+)$", re.I)


def parse_conditional_grant(text: str, card: Card) -> "Mapping[str, Any]":
    """"As long as [condition], [grant]" (CR 604.1, 611.3a: the effect applies only while the condition holds).

    * "As long as enchanted permanent is a creature, it gets +1/+3 and has reach and "..."" (Careful Cultivation,
      Nature's Embrace, Lavamancer's Skill, the Runes): the grant's objects are the enchanted permanent when it has
      that type (the condition is part of what it applies to);
    * "As long as this creature is modified, it has "..."" (Orochi Merge-Keeper; CR 700.9): ``SourceModified``;
      "... is renowned" (Honored Hierarch; CR 702.112b): ``SourceRenowned``;
    * "As long as you control six or more lands, lands you control have "..."" (The World Tree), "As long as you
      control a Cleric, this artifact has "..."" (Relic Vial): ``ControlsAtLeast`` of a filter without qualifiers.

    Raises ``ValueError`` for any other condition (it stays ``Unmodelled``).
    """

    m = _AS_LONG_AS.match(text.strip())
    if not m:
        raise ValueError("not a conditional grant")
    cond, rest = m.group("cond").strip(), m.group("rest").strip()
    em = _ENCHANTED_IS.match(cond)
    if em and re.match(r"it (?:has|gets)\b", rest, re.I):
        out = dict(parse_quoted_grant(f"{em.group('rel')} {em.group('what')} {rest[3:]}", card))
        t = singular(em.group("type"))
        word = TYPE_WORDS.get(t.lower()) or SUPER_WORDS.get(t.lower()) or (t if t[:1].isupper() and t in SPELL_SUBTYPES else None)
        if word is None:
            raise ValueError(f"the condition {cond!r} is not read")
        f = out["affects"]
        out["affects"] = dataclasses.replace(f, all_of=tuple(dict.fromkeys(f.all_of + (word,))))
        return out
    sm = re.fullmatch(r"this (?:creature|permanent|artifact|land) is (modified|renowned)", cond, re.I)
    if sm and re.match(r"it (?:has|gets)\b", rest, re.I):
        out = dict(parse_quoted_grant(f"this creature {rest[3:]}", card))
        out["condition"] = SourceModified() if sm.group(1).lower() == "modified" else SourceRenowned()
        return out
    if re.match(r"you control\b", cond, re.I):
        c = parse_condition(cond)
        if not isinstance(c, ControlsAtLeast) or not c.filter.qualifier.empty or c.filter.alternatives:
            raise ValueError(f"the condition {cond!r} is not read")
        out = dict(parse_quoted_grant(rest, card))
        out["condition"] = c
        return out
    if re.match(r"the top card of your library is\b", cond, re.I):
        # Mul Daya Channelers: "As long as the top card of your library is a land card, this creature has "..."" (CR 401.1)

        c = parse_condition(cond)
        if not isinstance(c, TopOfLibrary):
            raise ValueError(f"the condition {cond!r} is not read")
        out = dict(parse_quoted_grant(rest, card))
        out["condition"] = c
        return out
    raise ValueError(f"the condition {cond!r} is not read")


@effect_parser(19)
def quoted_grant_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """A static ability granting quoted abilities (and keywords) to objects (``parse_quoted_grant``); ``None``
    for anything else."""
    if kind != "static" or not _QUOTED.search(text):
        return None
    try:
        if _AS_LONG_AS.match(text.strip()):
            return "grant_ability", parse_conditional_grant(text, card)
        return "grant_ability", parse_quoted_grant(text, card)
    except (ValueError, KeyError):
        return None


#: "As long as this card is in your graveyard [and you control a Mountain], [objects] have [keywords / quoted
#: abilities]" (Anger, Brawn, Wonder, Valor, Filth, Riftstone Portal): a static ability that says it functions in a
#: graveyard (CR 113.6b); "you" is the card's owner, whose graveyard it is in (109.5).
_IN_GRAVEYARD = re.compile(r"^as long as this card is in your graveyard(?: and (?P<cond>[^,]+))?, (?P<rest>.+)$", re.I | re.S)


def parse_graveyard_grant(text: str, card: Card) -> "Mapping[str, Any]":
    """``grant_ability`` params of a grant that functions while its card is in its owner's graveyard (``_IN_GRAVEYARD``;
    CR 113.6b, 613.1f); the ability's ``zones`` (``("graveyard",)``) say where it works, and ``solver.rules.layers`` applies it
    from there. The rest of the condition is one layer 6 can read (``grant_condition``: "you control a Mountain").
    Raises ``ValueError`` for any other wording."""
    m = _IN_GRAVEYARD.match(text.strip())
    if not m:
        raise ValueError("not a graveyard grant")
    rest = m.group("rest").strip()
    out = dict(parse_quoted_grant(rest, card, require_quotes=bool(_QUOTED.search(rest))))
    f = out["affects"]
    extra = dataclasses.replace(f.qualifier, counters=(), other=False, tapped=None)
    if f.relation is not None or not extra.empty or f.alternatives or f.name or out.get("parts") or out.get("loses") \
            or out.get("lose_land_types") or out.get("chosen_name"):
        raise ValueError(f"the grant {rest!r} is not read here")
    if m.group("cond"):
        out["condition"] = grant_condition(m.group("cond"), card)
    return out


@effect_parser(18)
def graveyard_grant_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """A static grant that functions in its card's owner's graveyard (``parse_graveyard_grant``); ``None`` otherwise."""
    if kind != "static" or not _IN_GRAVEYARD.match(text.strip()):
        return None
    try:
        return "grant_ability", parse_graveyard_grant(text, card)
    except (ValueError, KeyError):
        return None


# ---------------------------------------------------------------------------
# Keyword grants that decide targeting: hexproof and shroud (CR 702.11, 702.18, 613.1f)
# ---------------------------------------------------------------------------

#: The keywords a hexproof or shroud grant may also give and still be typed: each is a keyword ability of the
#: objects (layer 6, CR 613.1f) that the rules read by name (haste, CR 302.6) or that no question reads.
_GRANTABLE = {"hexproof", "shroud", "haste", "ward"} | _OTHER_KEYWORDS
#: "[objects] has/have [keywords] as long as [condition]" (Sokrates, Syr Ginger, Dragonlord Ojutai).
_TRAILING_AS_LONG_AS = re.compile(r"^(?P<grant>.+?) as long as (?P<cond>[^,]+?)\.?$", re.I)
_SELF_STATUS = re.compile(r"^(?:it's|it is|this (?:creature|permanent|artifact|enchantment|land) is|(?P<name>.+?) is) "
                          r"(?P<st>untapped|tapped)$", re.I)


def _self_names(card: Card) -> set[str]:
    """The words a card's text uses for itself: its name, the part before a comma ("Sokrates"), "this creature"
    (CR 201.4b: a card's name in its text means that object)."""
    names = {card.name}
    for face in getattr(card, "faces", ()) or ():
        names.add(face.name)
    for n in list(names):
        names.add(n.split(",")[0].strip())
    return {n.lower() for n in names if n}


def grant_condition(cond: str, card: Card) -> "Any":
    """The condition of a keyword grant ("as long as ...", CR 604.1, 611.3a), one that layer 6 can read without
    reading any ability (``solver.rules.layers``): the source untapped or tapped (CR 110.5, ``SourceTapped``), "you control
    [N or more] ..." (``ControlsAtLeast``), "an opponent controls ..." (``Compare`` of a count), a designation
    ("you're the monarch", CR 724). Raises ``ValueError`` for any other."""

    c = cond.strip().rstrip(".")
    m = _SELF_STATUS.match(c)
    if m and (m.group("name") is None or m.group("name").lower() in _self_names(card) | {"this"}):
        return SourceTapped() if m.group("st").lower() == "tapped" else Not(SourceTapped())
    parsed = parse_condition(c)
    if isinstance(parsed, ControlsAtLeast) and parsed.filter.qualifier.empty and not parsed.filter.alternatives:
        return parsed
    if isinstance(parsed, Compare) and isinstance(parsed.left, CountOf) and isinstance(parsed.right, int) \
            and parsed.left.filter.qualifier.empty and not parsed.left.filter.alternatives:
        return parsed
    if isinstance(parsed, HasDesignation):
        return parsed
    raise ValueError(f"the condition {cond!r} is not read in a keyword grant")


def parse_keyword_grant(text: str, card: Card) -> "Mapping[str, Any]":
    """A static grant of keywords of which one is hexproof or shroud (CR 702.11, 702.18, 613.1f) as
    ``grant_ability`` params: "Creatures you control have hexproof." (Shalai's kin), "Other untapped creatures you
    control have hexproof." (Saryth; untapped: CR 110.5), "Sokrates has hexproof as long as it's untapped.",
    "Syr Ginger has trample, hexproof, and haste as long as an opponent controls a planeswalker.", "As long as you
    control a Human, this creature has hexproof and indestructible.", "Equipped creature has haste and shroud."
    Every keyword must be one of ``_GRANTABLE`` (hexproof and shroud variants "hexproof from ..." are not: they
    stay unmodelled); the card's own name stands for the source (CR 201.4b). Raises ``ValueError`` otherwise."""
    t = text.strip().rstrip(".").strip()
    cond = None
    m = _AS_LONG_AS.match(t)
    if m:
        cond, t = m.group("cond"), m.group("rest").strip()
    else:
        tm = _TRAILING_AS_LONG_AS.match(t)
        if tm:
            t, cond = tm.group("grant").strip(), tm.group("cond")
    vm = _VERB.search(t)
    if not vm:
        raise ValueError("no verb")
    obj = t[:vm.start()].strip()
    low = obj.lower()
    itself = low in _self_names(card) or low in ("this", "this creature", "this permanent", "this artifact",
                                                  "this enchantment", "this land")
    if itself:  # the parser writes "this" for the card's name (CR 201.4b)
        t = "this creature " + t[vm.end():]
    elif low in ("it", "they") or re.match(r"you\b", low):
        # "it" of a leading condition's object; "You have hexproof" is a player's (CR 702.11c), not a permanent's
        raise ValueError(f"the object {obj!r} is not read here")
    if cond is not None and _SELF_STATUS.match(cond.strip().rstrip(".")) and not itself and \
            re.match(r"it", cond.strip(), re.I):
        # "Enchanted creature has shroud as long as it's untapped" (Spectral Cloak): "it" is the enchanted creature
        raise ValueError(f"the condition {cond!r} reads the object, not the source")
    out = dict(parse_quoted_grant(t, card, require_quotes=False))
    f = out["affects"]

    known = set(TYPE_WORDS.values()) | set(SUPER_WORDS.values()) | set(SPELL_SUBTYPES) | set(BASIC_LAND_TYPES)
    if any(w not in known for w in f.all_of + f.any_of + f.none_of):
        # "Commanders you control" (CR 903.3: a designation, not a subtype the scenario records)
        raise ValueError(f"the object words {obj!r} are not read here")
    extra = dataclasses.replace(f.qualifier, counters=(), other=False, tapped=None)
    if not extra.empty or f.alternatives or f.name:  # only what layer 6 reads (solver.rules.layers._grant_applies)
        raise ValueError(f"the qualifier of {obj!r} is not read in layer 6")
    names = [str(a.effect).lower() for a in out.get("also", ()) + (out["ability"],) if a.kind == "keyword"]
    if len(names) != 1 + len(out.get("also", ())) or not ({"hexproof", "shroud"} & set(names)):
        raise ValueError("not a grant of hexproof or shroud keywords")
    for a in (out["ability"],) + tuple(out.get("also", ())):
        if str(a.effect).lower() not in _GRANTABLE:
            raise ValueError(f"the granted {a.text!r} is not read here")
    if cond is not None:
        out["condition"] = grant_condition(cond, card)
    return out


@effect_parser(23)
def keyword_grant_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """A static grant of hexproof or shroud, with other keywords and a condition (``parse_keyword_grant``);
    ``None`` for anything else."""
    if kind != "static" or _QUOTED.search(text) or not re.search(r"\b(?:hexproof|shroud)\b", text, re.I):
        return None
    try:
        return "grant_ability", parse_keyword_grant(text, card)
    except (ValueError, KeyError):
        return None


# ---------------------------------------------------------------------------
# Control changes that grant haste (CR 613.1b, 702.10, 302.6)
# ---------------------------------------------------------------------------

#: "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn."
_GAIN_CONTROL = re.compile(r"^gain control of target (?P<what>[^.]+?) until end of turn\. untap (?P<untap>that "
                           r"(?:creature|permanent|artifact)|it)\. it gains haste until end of turn\.?$", re.I)


@effect_parser(24)
def gain_control_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """A spell's or an activated ability's "Gain control of target [object] until end of turn. Untap that [object].
    It gains haste until end of turn." (Act of Treason class) → ``gain_control``; ``None`` for anything else (with a
    power change, another keyword or another instruction the sentence stays unmodelled). The target words must be
    read in full by the targets rules (CR 115.1, 601.2c)."""

    if kind not in ("spell", "activated"):
        return None
    m = _GAIN_CONTROL.match(text.strip())
    if not m:
        return None
    spec = parse_target_phrase("target " + m.group("what"))
    if spec is None or spec.unknown or spec.count != 1:
        return None
    return "gain_control", {"target": m.group("what"), "untap": m.group("untap").lower()}
