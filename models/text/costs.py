"""Oracle-text parsers of costs: cost keywords, "as an additional cost", cost changes, self cost changes,
affinity counts, and what unmodelled wording says about costs (read once, at load time).

The data they build is described in ``models.costs``; the solver reads only the typed effects.

References: CR 118.7-118.9, 601.2b, 601.2f, 702.33, 702.34, 702.41a, 702.138.
"""
from __future__ import annotations

import re
from typing import Mapping

from ..abilities import parse_activation_cost
from ..cards import Card
from ..subtypes import SPELL_SUBTYPES
from .oracle import effect_parser, keyword_parser
from .words import parse_count_word


# ---------------------------------------------------------------------------
# Oracle-text parsers
# ---------------------------------------------------------------------------

_COST_KEYWORDS = ("flashback", "escape", "evoke", "dash", "overload", "kicker", "multikicker", "buyback", "entwine")


def _split_cost(rest: str, card: Card) -> dict:
    text = rest.strip().rstrip(".")
    if not text:
        return {}
    c = parse_activation_cost(text, card.name)
    d: dict = {"cost": str(c.mana) if c.mana is not None else ""}
    if c.parts:
        d["parts"] = [p.text for p in c.parts]
    return d


def _make_kw(keyword: str):
    @keyword_parser(keyword)
    def parse(rest: str, card: Card) -> Mapping:
        return _split_cost(rest, card)

    return parse


for _kw in _COST_KEYWORDS:
    _make_kw(_kw)

_KW_LINE_RE = re.compile(r"^(flashback|escape|evoke|dash|overload|kicker|multikicker|buyback|entwine)\s*(?:—|-|\s)\s*(.+)$", re.I)
_ADDITIONAL_RE = re.compile(r"^as an additional cost to cast this spell, (.+?)\.?$", re.I)
_CHANGE_RE = re.compile(
    r"^(?P<during>during your turn, |during turns other than yours, )?"
    r"(?P<what>[\w ,'-]*?)\s*spells?(?P<whose> you cast| your opponents cast)?"
    r"(?P<from> from your graveyard or from exile| from graveyards or from exile| from your graveyard| from exile"
    r"| from anywhere other than your hand)? costs? (?P<amt>(?:\{[^}]+\})+) "
    r"(?P<dir>more|less) to cast(?P<except> except during its controller's turn)?\.?"
    r"(?P<colored> this effect reduces only the amount of colored mana you pay\.?)?$", re.I)
_MIN_RE = re.compile(r"^(?P<cond>as long as this(?: \w+)? is untapped, )?each spell that would cost less than "
                     r"(?P<n>\w+) mana to cast costs (?P=n) mana to cast\.?$", re.I)
_CLASS_WORDS = {"": "all", "each": "all", "noncreature": "noncreature", "creature": "creature",
                "instant and sorcery": "instant_sorcery", "artifact": "artifact", "nonartifact": "nonartifact",
                "enchantment": "enchantment", "multicolored": "multicolored", "monocolored": "monocolored",
                "colorless": "colorless"}
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: Type words of a spell description and the type they name (CR 205; "historic": artifact, legendary or
#: Saga, CR 700.6).
_SPELL_TYPE_WORDS = {"creature": ("Creature",), "artifact": ("Artifact",), "enchantment": ("Enchantment",),
                     "instant": ("Instant",), "sorcery": ("Sorcery",), "planeswalker": ("Planeswalker",),
                     "battle": ("Battle",), "legendary": ("Legendary",), "kindred": ("Kindred",), "tribal": ("Tribal",),
                     "historic": ("Artifact", "Legendary", "Saga")}


def _spell_item(words: str) -> dict | None:
    """One description of spells ("black creature", "Cleric", "noncreature") as ``{spells, colors, types}``,
    or ``None`` when a word is not understood."""
    out: dict = {"spells": "all", "colors": [], "types": []}
    for w in words.split():
        low = w.lower()
        if low in _COLOR_WORDS:
            out["colors"].append(_COLOR_WORDS[low])
        elif low in _CLASS_WORDS and low not in ("", "each", "creature", "artifact", "enchantment", "instant and sorcery"):
            if out["spells"] != "all":
                return None
            out["spells"] = _CLASS_WORDS[low]
        elif low in _SPELL_TYPE_WORDS:
            if out["types"]:
                return None
            out["types"] = list(_SPELL_TYPE_WORDS[low])
        elif w[:1].upper() + w[1:] in SPELL_SUBTYPES:  # a subtype named by the rules, CR 205.3g-m
            if out["types"]:
                return None
            out["types"] = [w[:1].upper() + w[1:]]
        else:
            return None
    if len(out["colors"]) > 1:
        return None  # "white blue spells" is not a wording; both colours would need all-of
    return out


def spell_description(what: str) -> dict | None:
    """What spells a cost change names, as ``{spells, colors, types}`` (any of the colours, any of the types,
    and the class), or ``None`` when the wording is not modelled (the line stays unmodelled).

    "White spells and black spells" → colours W or B (one change: a white and black spell costs {1} less,
    Stormscape Familiar ruling 2004-10-04); "Artifact and enchantment spells" → types Artifact or
    Enchantment (Aura of Silence); "Cleric spells" → subtype Cleric; "Black creature spells" → black and
    creature; "instant and sorcery" keeps its class (CR 601.2f, 105.2, 205).
    """
    w = what.strip()
    low = w.lower()
    if low in _CLASS_WORDS:
        return {"spells": _CLASS_WORDS[low], "colors": [], "types": []}
    segments = re.split(r"\s+spells\s+(?:and|or)\s+", w, flags=re.I)
    if len(segments) == 1:
        segments = [x for x in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", w, flags=re.I) if x.strip()]
    items = [_spell_item(x) for x in segments]
    if any(i is None for i in items) or not items:
        return None
    if len(items) == 1:
        return items[0]
    # a list: every item one colour, or every item one type, nothing else (an "or" of one kind)
    if all(i["spells"] == "all" and not i["types"] and len(i["colors"]) == 1 for i in items):  # type: ignore[index]
        return {"spells": "all", "colors": [i["colors"][0] for i in items], "types": []}  # type: ignore[index]
    if all(i["spells"] == "all" and not i["colors"] and len(i["types"]) == 1 for i in items):  # type: ignore[index]
        return {"spells": "all", "colors": [], "types": [i["types"][0] for i in items]}  # type: ignore[index]
    return None


@effect_parser(30)
def cost_effect_parser(kind: str, text: str, card: Card):
    """Parse cost keywords written with a dash, additional costs, cost increases/reductions, minimums.

    Returns ``(effect, params)`` or ``None`` (CR 118.8, 118.9, 601.2f).
    """
    t = text.strip()
    m = _KW_LINE_RE.match(t)
    if m and kind in ("static", "spell", "keyword"):
        kw = m.group(1).lower()
        d = {"keyword": kw}
        d.update(_split_cost(m.group(2), card))
        return kw, d
    m = _ADDITIONAL_RE.match(t)
    if m:
        body, optional = m.group(1), False
        if body.lower().startswith("you may ") and ". " not in body:
            # "you may reveal a Dragon card from your hand", "you may collect evidence 6": the caster chooses
            # whether to pay it (CR 601.2b); a line that says more ("This spell costs {2} less if evidence was
            # collected") stays one unread part
            body, optional = body[len("you may "):], True
        c = parse_activation_cost(body, card.name)
        d = {"parts": [p.text for p in c.parts]}
        if c.mana is not None:
            d["cost"] = str(c.mana)
        if optional:
            d["optional"] = True
        return "additional_cost", d
    m = _CHANGE_RE.match(t)
    if m and kind == "static":
        desc = spell_description(m.group("what"))
        if desc is None or (m.group("during") and m.group("except")):
            return None
        whose = {"": "all", " you cast": "you", " your opponents cast": "opponents"}[(m.group("whose") or "").lower()]
        reduce = m.group("dir").lower() == "less"
        if m.group("colored") and not reduce:
            return None
        during = {"during your turn, ": "controller_turn", "during turns other than yours, ": "not_controller_turn"}.get(
            (m.group("during") or "").lower(), "not_caster_turn" if m.group("except") else "any")
        params = {"amount": m.group("amt"), "spells": desc["spells"], "whose": whose}
        if desc["colors"]:
            params["colors"] = desc["colors"]
        if desc["types"]:
            params["types"] = desc["types"]
        if during != "any":
            params["during"] = during
        if m.group("colored"):
            params["colored_only"] = True
        frm = (m.group("from") or "").strip().lower()
        if frm:
            params["from_zones"] = (["not_hand"] if "other than" in frm else
                                    [z for z in ("graveyard", "exile") if z in frm])
        return ("cost_reduction" if reduce else "cost_increase", params)
    m = _MIN_RE.match(t)
    if m and kind == "static":
        n = parse_count_word(m.group("n"))
        if n is None:
            return None
        return "cost_minimum", {"minimum": n, "spells": "all", "whose": "all", "while_untapped": bool(m.group("cond"))}
    return None



# ---------------------------------------------------------------------------
# Self cost changes: "This spell costs {1} less to cast for each ...", affinity (CR 702.41a)
# ---------------------------------------------------------------------------

#: Card types and the plural words naming them in "for each ..." / "affinity for ...".
_TYPE_WORDS = {"artifact": "Artifact", "creature": "Creature", "land": "Land", "enchantment": "Enchantment",
               "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery", "battle": "Battle",
               "permanent": "", "card": "", "nonland": "!Land", "noncreature": "!Creature", "nonartifact": "!Artifact"}


def _singular(word: str) -> str:
    w = word.strip()
    low = w.lower()
    if low in ("plains", "sorceries"):
        return "Plains" if low == "plains" else "sorcery"
    if low.endswith("ies"):
        return w[:-3] + "y"
    if low.endswith("s") and not low.endswith("ss"):
        return w[:-1]
    return w


def _singular_words(words: str) -> str:
    """The last word of a noun phrase made singular ("two or more Wizards" → "Wizard")."""
    parts = words.strip().split()
    return " ".join(parts[:-1] + [_singular(parts[-1])]) if parts else words


def _type_filter(words: str) -> tuple[str, ...] | None:
    """``"instant and sorcery"`` → ``("Instant", "Sorcery")`` (any of); ``"artifact"`` → ``("Artifact",)``;
    a capitalised subtype (``"Equipment"``, ``"Knight"``) is kept as printed; ``None`` when not understood."""
    out: list[str] = []
    for part in re.split(r"\s+(?:and/or|and|or)\s+|,\s*", words.strip()):
        part = _singular(part)
        if not part:
            continue
        low = part.lower()
        if low == "historic":  # CR 700.6: artifacts, legendaries and Sagas
            out.extend(("Artifact", "Legendary", "Saga"))
        elif low in _TYPE_WORDS:
            if _TYPE_WORDS[low]:
                out.append(_TYPE_WORDS[low])
        elif re.fullmatch(r"[A-Z][a-z'-]+", part):
            out.append(part)
        else:
            return None
    return tuple(out)


_COUNT_RES = (
    # "creature on the battlefield", "land on the battlefield"
    (re.compile(r"^(?P<t>[\w/ ,-]+?) on the battlefield$", re.I), "battlefield", "all"),
    # "artifact you control", "Plains you control"
    (re.compile(r"^(?P<t>[\w/ ,-]+?) you control$", re.I), "battlefield", "you"),
    (re.compile(r"^(?P<t>[\w/ ,-]+?) your opponents control$", re.I), "battlefield", "opponents"),
    # "card in your graveyard", "instant and sorcery card in your graveyard", "card in your hand"
    (re.compile(r"^(?P<t>[\w/ ,-]*?)\s*card in your (?P<z>graveyard|hand)$", re.I), None, "you"),
)


def parse_count(text: str) -> dict | None:
    """What "for each [text]" counts, as ``{zone, whose, types}`` (``types``: any of; a leading ``!``
    excludes that type), or ``None`` when the wording is not modelled (the caller answers unsupported)."""
    t = text.strip().rstrip(".").strip()
    for rx, zone, whose in _COUNT_RES:
        m = rx.match(t)
        if not m:
            continue
        types = _type_filter(m.group("t") or "")
        if types is None:
            return None
        z = zone or m.group("z").lower()
        return {"zone": z, "whose": whose, "types": list(types)}
    return None


def affinity_count(parameter: str) -> dict | None:
    """Affinity for [text] (CR 702.41a): "This spell costs {1} less to cast for each [text] you control"."""
    p = re.sub(r"^for\s+", "", str(parameter or "").strip(), flags=re.I)
    types = _type_filter(p)
    if types is None or not types:
        return None
    return {"zone": "battlefield", "whose": "you", "types": list(types)}


#: An ability word before a self cost change ("Domain — "), CR 207.2c: it has no rules meaning.
_ABILITY_WORD = r"(?:[A-Z][\w'-]*(?: [\w'-]+)* — )?"
_SELF_EACH_RE = re.compile(r"^" + _ABILITY_WORD + r"this spell costs (?P<amt>(?:\{[^}]+\})+) (?P<dir>less|more) to cast for each "
                           r"(?P<what>.+?)\.?$", re.I)
_SELF_POWER_RE = re.compile(r"^this spell costs \{X\} less to cast, where X is the total power of creatures you control\.?$", re.I)
_SELF_IF_RE = re.compile(r"^this spell costs (?P<amt>(?:\{[^}]+\})+) (?P<dir>less|more) to cast if you control "
                         r"(?P<n>an?|one|two|three|four|five|six|seven) (?:or more )?(?P<what>[\w ,-]+?)\.?$", re.I)
_SELF_TURN_RE = re.compile(r"^(?:(?P<pre>during your turn|during turns other than yours), this spell costs "
                           r"(?P<amt>(?:\{[^}]+\})+) (?P<dir>less|more) to cast"
                           r"|this spell costs (?P<amt2>(?:\{[^}]+\})+) (?P<dir2>less|more) to cast (?P<post>during your turn))\.?$",
                           re.I)
#: "for each ..." counts that are not objects in a zone: the caster's party (CR 700.8), their opponents
#: (undaunted's wording, CR 702.125a), basic land types among lands they control (domain, CR 207.2c ability word).
_SPECIAL_COUNTS: dict[str, dict] = {"creature in your party": {"zone": "party", "whose": "you", "types": []},
                   "opponent you have": {"zone": "opponents", "whose": "you", "types": []},
                   "basic land type among lands you control": {"zone": "domain", "whose": "you", "types": []},
                   # strive (CR 207.2c ability word): the targets chosen, beyond the first (CR 601.2c before 601.2f)
                   "target beyond the first": {"zone": "targets", "whose": "you", "types": [], "beyond": 1}}


@effect_parser(29)
def self_cost_change_parser(kind: str, text: str, card: Card):
    """"This spell costs {N} less/more to cast for each ..." and Ghalta's total-power reduction
    (CR 601.2f; reductions reduce generic mana only, 118.7a). Unknown counts stay text (unsupported)."""
    t = text.strip()
    m = _SELF_EACH_RE.match(t)
    if m:
        what = m.group("what").strip().rstrip(".").lower()
        count = _SPECIAL_COUNTS.get(what) or parse_count(m.group("what"))
        if count is None:
            return None
        return "self_cost_change", {"direction": m.group("dir").lower(), "amount": m.group("amt"), "count": dict(count)}
    m = _SELF_IF_RE.match(t)
    if m:
        types = _type_filter(_singular_words(m.group("what")))
        n = parse_count_word(m.group("n"))
        if not types or n is None:
            return None
        # "if you control a Wizard": the count of Wizards you control, at least one (CR 601.2f)
        return "self_cost_change", {"direction": m.group("dir").lower(), "amount": m.group("amt"),
                                    "count": {"zone": "battlefield", "whose": "you", "types": list(types), "at_least": n}}
    m = _SELF_TURN_RE.match(t)
    if m:
        when = (m.group("pre") or m.group("post") or "").lower()
        return "self_cost_change", {"direction": (m.group("dir") or m.group("dir2")).lower(),
                                    "amount": m.group("amt") or m.group("amt2"),
                                    "count": {"zone": "turn", "whose": "you" if when == "during your turn" else "not_you",
                                              "types": []}}
    if _SELF_POWER_RE.match(t):
        return "self_cost_change", {"direction": "less", "amount": "{1}",
                                    "count": {"zone": "battlefield", "whose": "you", "types": ["Creature"],
                                              "measure": "power"}}
    return None


#: Words that mark a line as changing what a spell costs to cast (CR 601.2f, 118.7-118.9): such a line
#: left as text by the parsers makes the total cost unknown, and the question is answered unsupported.
COST_TEXT_RE = re.compile(r"\bcosts?\b[^.]*?\b(?:less|more)\b[^.]*?\bto cast\b|\baffinity for\b", re.I)
