"""Oracle-text parsers of costs: cost keywords, "as an additional cost", cost changes, self cost changes,
affinity counts, and what unmodelled wording says about costs (read once, at load time).

The data they build is described in ``models.vocab.costs``; the solver reads only the typed effects.

References: CR 118.7-118.9, 601.2b, 601.2f, 702.33, 702.34, 702.41a, 702.138.
"""
from __future__ import annotations

import re
from typing import Mapping

from .activation_costs import parse_activation_cost
from ..game.cards import Card
from ..game.subtypes import SPELL_SUBTYPES
from .frame import effect_parser, keyword_parser
from .spell_conditions import spell_condition
from .words import parse_count_word
from ..game.subtypes import singular
from ..game.subtypes import CREATURE_TYPES, OUTLAW_TYPES
from ..game.cards import BASIC_LAND_TYPES
from .filters import parse_filter
from ..vocab.cost_effects import ObjectCost
from ..vocab.cost_effects import CastCondition
from ..vocab.abilities import SpendOnly


# ---------------------------------------------------------------------------
# Oracle-text parsers
# ---------------------------------------------------------------------------

_COST_KEYWORDS = ("flashback", "escape", "evoke", "dash", "overload", "kicker", "multikicker", "buyback", "entwine",
                  "madness")


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


@keyword_parser("impending")
def _impending(rest: str, card: Card) -> Mapping:
    """"Impending N—[cost]" (CR 702.176a): the number of time counters and the alternative cost."""
    m = re.fullmatch(r"(\d+)\s*[—-]\s*((?:\{[^}]+\})+)\.?", rest.strip())
    if not m:
        raise ValueError(f"impending parameter not read: {rest!r}")
    return {"n": int(m.group(1)), "cost": m.group(2)}

@keyword_parser("suspend")
def _suspend(rest: str, card: Card) -> Mapping:
    """"Suspend N—[cost]" and "Suspend X—[cost with {X}]. X can't be 0." (CR 702.62a): the number of time counters
    (``n``; ``None`` for X, which can't be 0) and the cost of the special action of suspending it (CR 116.2f), which
    is not a cost of casting it."""
    m = re.fullmatch(r"(\d+)\s*[—-]\s*((?:\{[^}]+\})+)\.?", rest.strip())
    if m:
        return {"n": int(m.group(1)), "cost": m.group(2)}
    m = re.fullmatch(r"X\s*[—-]\s*((?:\{[^}]+\})+)\.\s*X can't be 0\.?", rest.strip())
    if m and "{X}" in m.group(1):
        return {"cost": m.group(1)}
    raise ValueError(f"suspend parameter not read: {rest!r}")


@keyword_parser("awaken")
def _awaken(rest: str, card: Card) -> Mapping:
    """"Awaken N—[cost]" (CR 702.113a): the number of +1/+1 counters and the alternative cost."""
    m = re.fullmatch(r"(\d+)\s*[—-]\s*((?:\{[^}]+\})+)\.?", rest.strip())
    if not m:
        raise ValueError(f"awaken parameter not read: {rest!r}")
    return {"n": int(m.group(1)), "cost": m.group(2)}

_KW_LINE_RE = re.compile(r"^(flashback|escape|evoke|dash|overload|kicker|multikicker|buyback|entwine)\s*(?:—|-|\s)\s*(.+)$", re.I)
_ADDITIONAL_RE = re.compile(r"^as an additional cost to cast this spell, (.+?)\.?$", re.I)
#: Where an either-or additional cost splits into its options: before "or" (or a comma of a list) followed by a
#: cost's verb ("sacrifice a creature or enchantment or pay {2}": two options, CR 601.2b).
_EITHER_OR = re.compile(r"(?:,\s*(?:or\s+)?|\s+or\s+)(?=(?:sacrifice|pay|discard|exile|tap|untap|reveal|return|put|"
                        r"remove|collect evidence|forage|behold|blight|waterbend)\b)", re.I)


def _cost_option(body: str, card: Card, optional: bool = False) -> dict:
    """One additional cost's parameters (``cost``, ``parts``, ``optional``) from its words ("pay {3}": mana)."""
    m = re.fullmatch(r"pay ((?:\{[^}]+\})+)", body.strip(), re.I)
    c = parse_activation_cost(m.group(1) if m else body, card.name)
    d: dict = {"parts": [p.text for p in c.parts]}
    if c.mana is not None:
        d["cost"] = str(c.mana)
    if optional:
        d["optional"] = True
    return d
_CHANGE_RE = re.compile(
    r"^(?P<during>during your turn, |during turns other than yours, )?"
    r"(?P<other>other )?(?P<what>[\w ,'-]*?)\s*spells?(?P<whose> you cast| your opponents cast)?"
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


_NTH_RE = re.compile(r"^(?:[A-Z][\w'-]* — )?the (?P<nth>first|second|third) (?P<what>[\w ,'-]*?)\s*spell you cast each turn "
                     r"costs (?P<amt>(?:\{[^}]+\})+) (?P<dir>less|more) to cast\.?$", re.I)
_CHOSEN_RE = re.compile(r"^(?P<what>[\w ,'-]*?)\s*spells you cast of the chosen type cost (?P<amt>(?:\{[^}]+\})+) "
                        r"(?P<dir>less|more) to cast\.?$", re.I)


#: "Spells with the chosen name [you cast] cost {2} less to cast" (Council of the Absolute, Brago's Favor, Disruptor
#: Flute), "Spells your opponents cast with the chosen name cost {2} more to cast" (Anointed Peacekeeper)
_CHOSEN_NAME_RE = re.compile(r"spells (?:(?P<opp>your opponents cast )with the chosen name|with the chosen name"
                             r"(?P<you> you cast)?) cost (?P<amt>(?:\{[^}]+\})+) (?P<dir>less|more) to cast\.?", re.I)
#: "Spells with the chosen name can't be cast" (Meddling Mage, Nevermore), "Your opponents can't cast spells with the
#: chosen name" (Council of the Absolute, Gideon's Intervention): ``cant_cast`` (CR 101.2, 607.2d)
_CANT_CAST_NAME_RE = re.compile(r"(?:spells with the chosen name can't be cast|(?P<opp>your opponents) can't cast "
                                r"spells with the chosen name)\.?", re.I)


#: "Any player may cast creature spells with mana value 3 or less without paying their mana costs and as though they
#: had flash" (Aluren), "You may cast spells from your hand without paying their mana costs" (Omniscience), "You may
#: cast Dragon spells without paying their mana costs" (Dracogenesis): ``free_cast_permission`` (CR 118.9)
_FREE_CAST_RE = re.compile(r"(?P<who>you|any player) may cast (?P<what>[\w ]*?)spells(?: with mana value (?P<mv>\d+) or "
                           r"less)?(?P<hand> from your hand)? without paying their mana costs(?P<flash> and as though "
                           r"they had flash)?\.?", re.I)


@effect_parser(31)
def free_cast_parser(kind: str, text: str, card: Card):
    """A permanent's "[who] may cast [spells] ... without paying their mana costs" as ``free_cast_permission`` (CR
    118.9), else ``None`` (a word of the spell description not read leaves it unmodelled)."""
    if kind != "static":
        return None
    m = _FREE_CAST_RE.fullmatch(text.strip())
    if not m:
        return None
    what = m.group("what").strip()
    types: list[str] = []
    for w in what.split():
        cap = w[:1].upper() + w[1:]
        if cap in ("Creature", "Artifact", "Enchantment", "Instant", "Sorcery", "Planeswalker", "Battle") or cap in SPELL_SUBTYPES:
            types.append(cap)
        else:
            return None
    params: dict = {"who": "any" if m.group("who").lower() == "any player" else "you", "types": types}
    if m.group("mv"):
        params["mv_at_most"] = int(m.group("mv"))
    if m.group("hand"):
        params["from_hand"] = True
    if m.group("flash"):
        params["as_though_flash"] = True
    return "free_cast_permission", params


@effect_parser(31)
def cant_cast_parser(kind: str, text: str, card: Card):
    """"Spells with the chosen name can't be cast" / "Your opponents can't cast spells with the chosen name" as
    ``cant_cast`` (CR 101.2, 607.2d), else ``None``."""
    if kind != "static":
        return None
    m = _CANT_CAST_NAME_RE.fullmatch(text.strip())
    if not m:
        return None
    return "cant_cast", {"who": "opponents" if m.group("opp") else "all", "chosen_name": True}


def nth_or_chosen_change(kind: str, text: str):
    """"The second spell you cast each turn costs {1} less to cast" (dualcast; CR 601.2f with the turn's history)
    and "Creature spells you cast of the chosen type cost {1} less to cast" (Herald's Horn): ``cost_reduction`` /
    ``cost_increase`` params with ``nth`` or ``chosen_type``, or ``None``."""
    if kind != "static":
        return None
    m = _NTH_RE.match(text.strip())
    if m:
        desc = spell_description(m.group("what") or "")
        if desc is None:
            return None
        params = {"amount": m.group("amt"), "spells": desc["spells"], "whose": "you",
                  "nth": {"first": 1, "second": 2, "third": 3}[m.group("nth").lower()]}
        if desc["colors"]:
            params["colors"] = desc["colors"]
        if desc["types"]:
            params["types"] = desc["types"]
        return ("cost_reduction" if m.group("dir").lower() == "less" else "cost_increase", params)
    m = _CHOSEN_NAME_RE.fullmatch(text.strip())
    if m:  # "Spells with the chosen name you cast cost {2} less to cast" (CR 601.2f, 607.2d)
        whose = "you" if m.group("you") else "opponents" if m.group("opp") else "all"
        return ("cost_reduction" if m.group("dir").lower() == "less" else "cost_increase",
                {"amount": m.group("amt"), "spells": "all", "whose": whose, "chosen_name": True})
    m = _CHOSEN_RE.match(text.strip())
    if m and m.group("what").strip().lower() == "creature":
        return ("cost_reduction" if m.group("dir").lower() == "less" else "cost_increase",
                {"amount": m.group("amt"), "spells": "creature", "whose": "you", "chosen_type": True})
    return None


@effect_parser(30)
def cost_effect_parser(kind: str, text: str, card: Card):
    """Parse cost keywords written with a dash, additional costs, cost increases/reductions, minimums.

    Returns ``(effect, params)`` or ``None`` (CR 118.8, 118.9, 601.2f).
    """
    t = text.strip()
    got = nth_or_chosen_change(kind, t)
    if got is not None:
        return got
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
        either = re.search(r"\bor\s+" + _EITHER_OR.pattern.split("(?=", 1)[1][:-1], body, re.I) and \
            not re.search(r"\band\s+" + _EITHER_OR.pattern.split("(?=", 1)[1][:-1], body, re.I)
        options = _EITHER_OR.split(body) if either and not optional else []
        if len(options) > 1:
            # "sacrifice a creature or pay {3}" (Bayou Groff): the caster announces one option as the spell is cast
            # and pays that one (CR 601.2b, 601.2f-h)
            return "additional_cost", {"choices": [_cost_option(o, card) for o in options]}
        return "additional_cost", _cost_option(body, card, optional)
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
        if m.group("other"):
            params["other"] = True
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

    return singular(word)


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


#: The card types of permanents (CR 110.4a): a "permanent card" is a card of one of them.
PERMANENT_CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


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
        if z in ("graveyard", "hand") and re.search(r"\bpermanent\b", m.group("t") or "", re.I):
            # "permanent card" (Diamond Weapon): a card of a permanent type (CR 110.4a), not every card
            if types:
                return None
            types = PERMANENT_CARD_TYPES
        return {"zone": z, "whose": whose, "types": list(types)}
    return None


#: Affinity words naming permanents of two types or a supertype and a type at once (CR 702.41a, 205.4): "snow lands",
#: "artifact creatures" -> every one of them (``all_of``).
_AFFINITY_BOTH = re.compile(r"^(snow|legendary|basic|artifact|enchantment) (lands|creatures|artifacts|enchantments)$", re.I)


def affinity_count(parameter: str) -> dict | None:
    """Affinity for [text] (CR 702.41a): "This spell costs {1} less to cast for each [text] you control"; "historic
    permanents" (CR 700.6), "outlaws" (Assassins, Mercenaries, Pirates, Rogues and Warlocks, 700.12), "snow lands" and
    "artifact creatures" (both words, ``all_of``)."""
    p = re.sub(r"^for\s+", "", str(parameter or "").strip(), flags=re.I)
    low = p.lower().rstrip(".")
    if low in ("outlaws", "historic permanents"):
        named = OUTLAW_TYPES if low == "outlaws" else ("Artifact", "Legendary", "Saga")
        return {"zone": "battlefield", "whose": "you", "types": list(named)}
    m = _AFFINITY_BOTH.match(low)
    if m:
        both = [m.group(1).capitalize(), _singular(m.group(2)).capitalize()]
        if both[0] == both[1]:
            return None
        return {"zone": "battlefield", "whose": "you", "types": [], "all_of": both}
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
                   "target beyond the first": {"zone": "targets", "whose": "you", "types": [], "beyond": 1},
                   # the turn (models/game/turn.py): creatures attacking now (CR 506.4), declared as attackers this turn
                   # (CR 508.1), spells the caster cast earlier this turn (CR 601.2i)
                   "attacking creature": {"zone": "attacking", "whose": "all", "types": ["Creature"]},
                   "attacking creature you control": {"zone": "attacking", "whose": "you", "types": ["Creature"]},
                   "creature that attacked this turn": {"zone": "attacked", "whose": "all", "types": []},
                   "spell you've cast this turn": {"zone": "spells_cast", "whose": "you", "types": []},
                   "other spell you've cast this turn": {"zone": "spells_cast", "whose": "you", "types": []}}
#: "This spell costs {N} less to cast if ..." conditions read from the turn, as counts of at least one.
_SELF_IF_TURN = {"you've cast another spell this turn": {"zone": "spells_cast", "whose": "you", "types": [],
                                                         "at_least": 1},
                 "a creature is attacking": {"zone": "attacking", "whose": "all", "types": ["Creature"], "at_least": 1},
                 "you attacked this turn": {"zone": "attacked", "whose": "you", "types": [], "at_least": 1}}
_SELF_IF_ANY_RE = re.compile(r"^this spell costs (?P<amt>(?:\{[^}]+\})+) (?P<dir>less|more) to cast if (?P<what>.+?)\.?$", re.I)
_SELF_TARGETS_RE = re.compile(r"^this spell costs (?P<amt>(?:\{[^}]+\})+) (?P<dir>less|more) to cast if it targets "
                              r"(?P<what>an? [\w ]+?)\.?$", re.I)
#: Status words of "if it targets a tapped creature" (CR 110.5 tapped, 506.4 attacking, 509.1 blocking).
_STATUS_WORDS = ("tapped", "untapped", "attacking", "blocking")


def target_qualifier(words: str) -> dict | None:
    """What "if it targets [words]" asks of a target permanent: ``{types, colors, status, controller}`` ("a tapped
    creature", "a red creature", "an attacking creature", "a black permanent", "a legendary creature you control"),
    or ``None`` when a word is not understood (the line stays unmodelled)."""
    w = re.sub(r"^an? ", "", words.strip(), flags=re.I)
    controller = "any"
    if w.lower().endswith(" you control"):
        w, controller = w[: -len(" you control")], "you"
    elif w.lower().endswith(" an opponent controls"):
        w, controller = w[: -len(" an opponent controls")], "opponent"
    toks = w.split()
    status = [t.lower() for t in toks if t.lower() in _STATUS_WORDS]
    rest = " ".join(t for t in toks if t.lower() not in _STATUS_WORDS)
    if len(status) > 1 or not rest:
        return None
    f = object_filter(rest, "battlefield", controller)
    if f is None or f.relation is not None or f.any_of or f.other:
        return None
    return {"types": list(f.all_of), "none_of": list(f.none_of), "colors": list(f.colors),
            "status": status[0] if status else "", "controller": controller, "words": words.strip()}


_SELF_GREATEST_RE = re.compile(r"^this spell costs \{X\} less to cast, where X is the greatest power among creatures you "
                               r"control\.?$", re.I)


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
    m = _SELF_IF_ANY_RE.match(t)
    if m and m.group("what").strip().lower().replace("’", "'") in _SELF_IF_TURN:
        return "self_cost_change", {"direction": m.group("dir").lower(), "amount": m.group("amt"),
                                    "count": dict(_SELF_IF_TURN[m.group("what").strip().lower().replace("’", "'")])}
    m = _SELF_TARGETS_RE.match(t)
    if m:
        q = target_qualifier(m.group("what"))
        if q is None:
            return None
        return "self_cost_change", {"direction": m.group("dir").lower(), "amount": m.group("amt"),
                                    "count": dict(q, zone="target_is", whose="you")}
    if _SELF_GREATEST_RE.match(t):  # Molten Monstrosity: the greatest power, not the total (CR 208)
        return "self_cost_change", {"direction": "less", "amount": "{1}",
                                    "count": {"zone": "battlefield", "whose": "you", "types": ["Creature"],
                                              "measure": "greatest_power"}}
    if _SELF_POWER_RE.match(t):
        return "self_cost_change", {"direction": "less", "amount": "{1}",
                                    "count": {"zone": "battlefield", "whose": "you", "types": ["Creature"],
                                              "measure": "power"}}
    return None


#: Words that mark a line as changing what a spell costs to cast (CR 601.2f, 118.7-118.9): such a line
#: left as text by the parsers makes the total cost unknown, and the question is answered unsupported.
COST_TEXT_RE = re.compile(r"\bcosts?\b[^.]*?\b(?:less|more)\b[^.]*?\bto cast\b|\baffinity for\b", re.I)


# ---------------------------------------------------------------------------
# A spell's own alternative costs (CR 118.9): "You may [cost] rather than pay this spell's mana cost",
# "If [condition], you may cast this spell without paying its mana cost"
# ---------------------------------------------------------------------------

_Q = "['’]"
_ALT_RE = re.compile(
    r"^(?:if (?P<cond>[^.]+?), )?"
    r"(?:you may (?P<cost>[^.]+?) rather than pay this spell" + _Q + r"s mana cost"
    r"|rather than pay this spell" + _Q + r"s mana cost, you may (?P<cost2>[^.]+?)"
    r"|you may cast this spell without paying its mana cost)"
    r"(?: if (?P<cond2>[^.]+?))?\.?$", re.I)
_COUNT_WORD = r"(?P<n>an?|[a-z]+|\d+)"  # checked by parse_count_word
_OBJ_RES = (
    ("sacrifice", re.compile(r"^sacrifice " + _COUNT_WORD + r" (?P<what>.+)$", re.I), "battlefield"),
    ("return", re.compile(r"^return " + _COUNT_WORD + r" (?P<what>.+?) you control to (?:its|their) owner" + _Q
                          + r"?s" + _Q + r"? hand$", re.I), "battlefield"),
    ("tap", re.compile(r"^tap " + _COUNT_WORD + r" untapped (?P<what>.+?) you control$", re.I), "battlefield"),
    ("exile", re.compile(r"^exile " + _COUNT_WORD + r" (?P<what>.+?) from your hand$", re.I), "hand"),
    ("discard", re.compile(r"^discard " + _COUNT_WORD + r" (?P<what>.+)$", re.I), "hand"),
)


def _plural_to_singular(word: str) -> str:
    return _singular(word)


def object_filter(words: str, zone: str, controller: str = "you"):
    """The typed filter (``models.vocab.filters.Filter``) of a chosen-object cost part's words ("two Mountains",
    "nontoken green creature", "black card", "basic land", "Plains card"), or ``None`` when a word is not
    understood (the part stays untyped). Colour words become ``colors`` (CR 105.2); ``card``/``cards`` in a hand
    part is any card; every other word must be a card type, supertype, qualifier or a subtype of the rules."""
    from dataclasses import replace


    toks = words.strip().split()
    colors = [_COLOR_WORDS[t.lower()] for t in toks if t.lower() in _COLOR_WORDS]
    rest = [t for t in toks if t.lower() not in _COLOR_WORDS]
    if rest and rest[-1].lower() in ("card", "cards"):
        rest = rest[:-1]
    if zone == "hand" and rest and rest[-1].lower() in ("card", "cards"):
        rest = rest[:-1]
    if rest:
        rest[-1] = _plural_to_singular(rest[-1])
        head = rest[-1]
        known = {"land", "creature", "artifact", "enchantment", "planeswalker", "battle", "permanent", "instant",
                 "sorcery"}
        if head.lower() not in known and head not in CREATURE_TYPES and head not in BASIC_LAND_TYPES \
                and head not in SPELL_SUBTYPES:
            return None
    try:
        f = parse_filter(" ".join(rest) if rest else "permanent", controller)
    except ValueError:
        return None
    if not rest:
        f = replace(f, all_of=())
    return replace(f, colors=tuple(colors), zone=zone, words=words.strip())


def object_cost(text: str):
    """One chosen-object cost part ("sacrifice two Mountains", "return an Island you control to its owner's hand",
    "tap an untapped creature you control", "exile a blue card from your hand", "discard a Plains card", "reveal
    your hand") as a ``models.vocab.cost_effects.ObjectCost``, or ``None`` when it is not understood (CR 118.3)."""

    t = text.strip().rstrip(".")
    if re.fullmatch(r"reveal your hand", t, re.I):
        return ObjectCost("reveal_hand", 0, text=t)
    for action, rx, zone in _OBJ_RES:
        m = rx.match(t)
        if not m:
            continue
        n = parse_count_word(m.group("n"))
        f = object_filter(m.group("what"), zone)
        if n is None or f is None:
            return None
        return ObjectCost(action, n, f, t)
    return None


_COND_RES = (
    ("controls", re.compile(r"^you control " + _COUNT_WORD + r"(?P<more> or more)? (?P<what>.+)$", re.I), "you"),
    ("controls", re.compile(r"^an opponent controls " + _COUNT_WORD + r" (?P<what>.+)$", re.I), "opponent"),
    ("controls", re.compile(r"^there are " + _COUNT_WORD + r" or more (?P<what>.+?) on the battlefield$", re.I), "any"),
    ("attacking", re.compile(r"^" + _COUNT_WORD + r" or more (?P<what>creatures) are attacking$", re.I), "any"),
    ("attacking", re.compile(r"^(?P<exact>exactly )?" + _COUNT_WORD + r" (?P<what>[\w ]*?creature) is attacking$", re.I), "any"),
)


def cast_condition(text: str):
    """One clause of an alternative cost's condition as a ``models.vocab.cost_effects.CastCondition``, or ``None`` when it is
    not modelled ("an opponent searched their library this turn", "you control a commander")."""

    t = text.strip()
    low = t.lower().replace("’", "'")
    if low == "it's not your turn":
        return CastCondition("not_your_turn", text=t)
    if low == "it's your turn":
        return CastCondition("your_turn", text=t)
    if low == "you attacked this turn":
        return CastCondition("attacked", text=t)
    if low == "you have no land cards in hand":
        return CastCondition("hand_has_none", 1, parse_filter("land", "you"), text=t)
    for test, rx, controller in _COND_RES:
        m = rx.match(t)
        if not m:
            continue
        n = parse_count_word(m.group("n"))
        f = object_filter(m.group("what"), "battlefield", controller)
        if n is None or f is None:
            return None
        exact = bool(m.groupdict().get("exact"))
        return CastCondition(test, n, f, exact, t)
    got = spell_condition(t)  # the board, the players and the turn (models.text.spell_conditions)
    if got is not None:
        return CastCondition("condition", text=t, condition=got)
    return None


def _alt_cost_parts(text: str) -> dict:
    """The parts of an alternative cost's wording: ``{cost, life, objects, untyped}`` (``untyped``: a part not
    understood, kept as wording)."""
    chunks = [c.strip() for c in re.split(r"\s+and\s+|,\s+", text.strip()) if c.strip()]
    out: dict = {"objects": []}
    verb = ""
    bad: list[str] = []
    for c in chunks:
        first = c.split()[0].lower()
        if first in ("pay", "sacrifice", "return", "tap", "exile", "discard", "reveal"):
            verb = first
        elif verb:
            c = f"{verb} {c}"  # "discard an Island card and another card"
        c = re.sub(r"^discard another card$", "discard a card", c, flags=re.I)  # one more card (CR 701.9)
        m = re.fullmatch(r"pay ((?:\{[^}]+\})+)", c, re.I)
        if m and "cost" not in out:
            out["cost"] = m.group(1)
            continue
        m = re.fullmatch(r"pay (\w+) life", c, re.I)
        if m and parse_count_word(m.group(1)) is not None and "life" not in out:
            out["life"] = parse_count_word(m.group(1))
            continue
        got = object_cost(c)
        if got is None:
            bad.append(c)
        else:
            out["objects"].append(got)
    if bad:
        out["untyped"] = "; ".join(bad)
    return out


@effect_parser(28)
def alternative_cost_parser(kind: str, text: str, card: Card):
    """A spell's own alternative cost (CR 118.9) with its conditions: ``alternative_cost`` params, or ``None``
    for other wording (a line that says more, such as "If you do, X is 5", stays unmodelled)."""
    if kind not in ("static", "spell"):
        return None
    m = _ALT_RE.match(text.strip())
    if not m:
        return None
    cost = m.group("cost") or m.group("cost2")
    params: dict = {}
    if cost is None:
        params["free"] = True
    else:
        params.update(_alt_cost_parts(cost))
    conds = []
    untyped = [params.pop("untyped")] if params.get("untyped") else []
    for raw in (m.group("cond"), m.group("cond2")):
        if not raw:
            continue
        for clause in re.split(r"\s+and\s+", raw):
            got = cast_condition(clause)
            if got is None:
                untyped.append("if " + clause)
            else:
                conds.append(got)
    if conds:
        params["conditions"] = conds
    if untyped:
        params["untyped"] = "; ".join(untyped)
    if not params.get("objects"):
        params.pop("objects", None)
    return "alternative_cost", params


_SPEND_X_RE = re.compile(r"^spend only (?P<a>white|blue|black|red|green)(?: and/or (?P<b>white|blue|black|red|green))? "
                         r"mana on x\.?$", re.I)
_SPEND_CHOSEN_RE = re.compile(r"^spend only mana of the chosen colou?r to activate this ability\.?$", re.I)
_SPEND_SENTENCE_END = re.compile(r"(?<=[.!\"”])\s+(?=[A-Z])")


def split_spend_only(effect_text: str):
    """An activated ability's effect wording without its "Spend only ..." sentence about paying its own cost, and
    the typed ``SpendOnly`` (CR 602.2b → 601.2h): "Spend only red mana on X", "Spend only black and/or red mana on X",
    "Spend only mana of the chosen color to activate this ability"; ``(effect_text, None)`` when there is none."""

    sentences = [x for x in _SPEND_SENTENCE_END.split(effect_text.strip()) if x]
    for i, sent in enumerate(sentences):
        m = _SPEND_X_RE.match(sent.strip())
        got = None
        if m:
            cols = tuple(dict.fromkeys(_COLOR_WORDS[c.lower()] for c in (m.group("a"), m.group("b")) if c))
            got = SpendOnly(cols, on_x=True, text=sent.strip())
        elif _SPEND_CHOSEN_RE.match(sent.strip()):
            got = SpendOnly((), chosen=True, text=sent.strip())
        if got is not None and len(sentences) > 1:
            return " ".join(x for j, x in enumerate(sentences) if j != i), got
    return effect_text, None


_TAP_INSTEAD_RE = re.compile(r"^for each mana in this ability's activation cost, you may tap an untapped (?P<what>[\w -]+?) "
                             r"you control rather than pay that mana\.?$", re.I)


def split_tap_instead(effect_text: str) -> tuple[str, str]:
    """An activated ability's effect wording without its "For each mana in this ability's activation cost, you may tap
    an untapped creature you control rather than pay that mana" sentence, and the object words ("creature"); ``(text,
    "")`` when there is none (Heirloom Epic; CR 601.2h, like convoke, 702.51a)."""
    sentences = [x for x in _SPEND_SENTENCE_END.split(effect_text.strip()) if x]
    for i, sent in enumerate(sentences):
        m = _TAP_INSTEAD_RE.match(sent.strip())
        if m and len(sentences) > 1:
            return " ".join(x for j, x in enumerate(sentences) if j != i), m.group("what").lower()
    return effect_text, ""
