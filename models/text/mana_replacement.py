"""Reading replacement effects on mana production from oracle text, whatever ability carries them.

Models only (the solving is ``solver.rules.mana.produce.Replacement``). A sentence that changes what mana a permanent
produces when it is tapped for mana (CR 106.12b, 614.1a) becomes ``effect="mana_replacement"``
(``models.vocab.mana_effects.ManaReplacement``), on any kind of ability:

* static: "If a land is tapped for mana, it produces {B} instead of any other type" (Infernal Darkness,
  Contamination, Ritual of Subdual, Damping Sphere's "tapped for two or more mana", Mana Reflection's "twice
  as much of that mana", Pulse of Llanowar's "a color of your choice"), and the per-land-type table of
  Reality Twist and Naked Singularity ("If tapped for mana, Plains produce {R}, ... instead of any other
  type": ``by_subtype``, CR 305.6);
* a spell or an activated ability with a duration: Pale Moon, Deep Water, Harvest Mage ("one mana of a color
  of your choice instead of any other type and amount": ``to_type: any_color, amount: 1``), Quarum Trench
  Gnomes ("if target Plains is tapped for mana, it produces colorless mana instead of white mana":
  ``targeted``, ``replaces: [W]``);
* a triggered ability: Hall of Gemstone ("At the beginning of each player's upkeep, that player chooses a
  color. Until end of turn, lands tapped for mana produce mana of the chosen color instead of any other
  color": ``to_type: chosen_color``, ``replaces`` the five colours, so colorless mana is kept, CR 106.1a-b).

"instead of any other type" replaces every type (colorless included, CR 106.1b); "instead of any other color"
only the colours; "instead of any other type and amount" the amount as well. Wording that is not understood is
left to the other parsers (and so stays ``Unmodelled``), never guessed.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from ..game.cards import Card
from ..game.mana import COLORS, NAME_TO_COLOR
from .frame import effect_parser
from .words import parse_count_word

_LEAD = r"(?P<eot>until end of turn, )?"
#: "if you tap a land for mana" / "if a land is tapped for (two or more) mana"
_IF_TAPPED = re.compile(
    r"^" + _LEAD + r"if (?:(?P<tapper>you|a player) taps? (?P<obj>.+?)|(?P<obj2>.+?) is tapped) for "
    r"(?:(?P<least>two|three) or more )?mana(?: and would produce (?P<least2>two|three) or more mana)?, "
    r"it produces (?P<what>.+?) instead(?: of (?P<of>any other type and amount|any other type|any other color|"
    r"any other amount|(?:white|blue|black|red|green|colorless) mana))?\.?$", re.I)
#: "lands tapped for mana produce ... instead of ..." (Hall of Gemstone, passive voice)
_PASSIVE = re.compile(
    r"^" + _LEAD + r"(?P<obj>lands|nonbasic lands|basic lands|lands you control) tapped for mana produce (?P<what>.+?) "
    r"instead(?: of (?P<of>any other type and amount|any other type|any other color))?\.?$", re.I)
#: "If tapped for mana, Plains produce {R}, ..., and Forests produce {B} instead of any other type."
_TABLE = re.compile(r"^" + _LEAD + r"if tapped for mana, (?P<table>.+?) instead of any other type\.?$", re.I)
_TABLE_ENTRY = re.compile(r"^(?:and )?(?P<sub>plains|islands|swamps|mountains|forests) produce \{(?P<t>[wubrgc])\}$", re.I)
#: Upkeep trigger whose effect is a mana replacement with a colour chosen on resolution (Hall of Gemstone)
_UPKEEP_CHOICE = re.compile(
    r"^at the beginning of (?P<whose>each player's|your|each) upkeep, (?:that player|you) chooses? a colou?r\. (?P<rest>.+)$",
    re.I)

_SUBTYPE = {"plains": "Plains", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain", "forests": "Forest"}


def _obj(obj: str) -> tuple[dict[str, Any], bool]:
    """(the ``applies`` filter mapping, targeted?) of the object words of a replacement."""
    o = re.sub(r"^(?:a|an|one) ", "", obj.strip().lower())
    targeted = False
    if o.startswith("target "):
        o, targeted = o[len("target "):], True
    ctl = "any"
    for suffix, c in ((" you control", "you"), (" an opponent controls", "opponent")):
        if o.endswith(suffix):
            o, ctl = o[: -len(suffix)], c
    if o.startswith("enchanted "):
        o = "enchanted"
    elif o in ("this", "this land", "this creature", "this artifact", "it"):
        o = "this"
    if o.endswith("s") and o in ("lands", "nonbasic lands", "basic lands", "permanents"):
        o = o[:-1]
    return {"what": o, "controller": ctl}, targeted


def _least(word: str | None) -> int | None:
    if not word:
        return None
    n = parse_count_word(word)
    if n is None:
        raise ValueError(f"amount {word!r}")
    return n


def _output(what: str, of: str) -> dict[str, Any]:
    """The params of the produced mana ``what`` replacing ``of`` (see the module docstring)."""
    prod = what.strip().lower()
    of = (of or "").lower()
    out: dict[str, Any] = {}
    if of.endswith(" mana") and not of.startswith("any other"):  # "instead of white mana"
        word = of[: -len(" mana")]
        out["replaces"] = ["C"] if word == "colorless" else [NAME_TO_COLOR[word]]
        of = "any other type"
    elif of == "any other color":
        out["replaces"] = list(COLORS)
    if prod in ("twice as much of that mana", "three times as much of that mana"):
        if of:
            raise ValueError(f"a multiplied amount with 'instead of {of}' is not modelled")
        out["multiply"] = 2 if prod.startswith("twice") else 3
        return out
    if of == "any other amount":
        raise ValueError("an amount-only replacement is not modelled")
    whole = of == "any other type and amount"
    m = re.fullmatch(r"\{([wubrgc])\}", prod)
    if m or prod == "colorless mana":
        t = m.group(1).upper() if m else "C"
        if whole:
            out["mana"] = "{" + t + "}"
        else:
            out["to_type"] = t
        return out
    if prod in ("mana of a color of your choice", "one mana of a color of your choice"):
        out["to_type"] = "any_color"
        if whole:
            if not prod.startswith("one "):
                raise ValueError("'mana of a color of your choice instead of any other type and amount'")
            out["amount"] = 1
        return out
    if prod in ("mana of the chosen color", "mana of that color"):
        if whole:
            raise ValueError("a chosen colour replacing the amount is not modelled")
        out["to_type"] = "chosen_color"
        return out
    m = re.fullmatch(r"(white|blue|black|red|green) mana", prod)
    if m and not whole:
        out["to_type"] = NAME_TO_COLOR[m.group(1)]
        return out
    raise ValueError(f"replacement output not understood: {prod!r}")


def parse_mana_replacement(text: str) -> dict:
    """Parse one sentence that replaces how mana is produced into ``mana_replacement`` params.

    Parameters
    ----------
    text : str
        The sentence (oracle wording, self-references already "this"), optionally starting "Until end of turn, ".

    Returns
    -------
    dict
        ``ManaReplacement`` params: ``applies`` ({what, controller}, with ``min_amount`` for "two or more mana"),
        one output (``to_type``, ``mana``, ``multiply``, ``by_subtype``), and ``replaces``, ``amount``,
        ``targeted``, ``duration`` when the wording says so (CR 106.12b, 614.1a).

    Raises
    ------
    ValueError
        Wording that is not one of the shapes above (the sentence then stays unmodelled).
    """
    t = re.sub(r"\s+", " ", text.strip())
    out: dict[str, Any]
    m = _IF_TAPPED.match(t)
    if m:
        applies, targeted = _obj(m.group("obj") or m.group("obj2"))
        if (m.group("tapper") or "").lower() == "you":
            applies["controller"] = "you"
        least = _least(m.group("least") or m.group("least2"))
        if least is not None:
            applies["min_amount"] = least
        out = {"applies": applies, **_output(m.group("what"), m.group("of") or "")}
        if targeted:
            out["targeted"] = True
    elif (m := _PASSIVE.match(t)) is not None:
        applies, _ = _obj(m.group("obj"))
        out = {"applies": applies, **_output(m.group("what"), m.group("of") or "")}
    elif (m := _TABLE.match(t)) is not None:
        table: dict[str, str] = {}
        for part in re.split(r",\s*", m.group("table")):
            e = _TABLE_ENTRY.match(part.strip())
            if not e:
                raise ValueError(f"land-type table entry not understood: {part!r}")
            table[_SUBTYPE[e.group("sub").lower()]] = e.group("t").upper()
        out = {"applies": {"what": "land", "controller": "any"}, "by_subtype": table}
    else:
        raise ValueError("not a mana replacement effect")
    if m.group("eot"):
        out["duration"] = "end_of_turn"
    return out


def parse_upkeep_choice_replacement(text: str) -> dict:
    """Parse "At the beginning of each player's upkeep, that player chooses a color. Until end of turn, lands
    tapped for mana produce mana of the chosen color instead of any other color." (Hall of Gemstone).

    The chosen colour is the one recorded for this turn on the source (``choices: {color: ...}``, docs/mana.md):
    ``to_type: chosen_color``; the effect lasts until end of turn (CR 611.2a). Raises ``ValueError`` otherwise.
    """
    m = _UPKEEP_CHOICE.match(re.sub(r"\s+", " ", text.strip()))
    if not m:
        raise ValueError("not an upkeep colour choice")
    out = parse_mana_replacement(m.group("rest"))
    if out.get("to_type") != "chosen_color" or out.get("duration") != "end_of_turn":
        raise ValueError("the upkeep trigger's effect is not a chosen-colour replacement until end of turn")
    return out


def _looks_like(low: str) -> bool:
    return "instead" in low and re.search(r"\bfor (?:(?:two|three) or more )?mana\b", low) is not None


@effect_parser(15)
def mana_replacement_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping] | None":
    """The registered effect parser: a replacement effect on mana production on a static, spell, activated or
    triggered ability (see the module docstring); ``None`` for anything else."""
    low = text.lower()
    if not _looks_like(low):
        return None
    try:
        if kind == "triggered":
            return "mana_replacement", parse_upkeep_choice_replacement(text)
        if kind in ("static", "spell", "activated"):
            params = parse_mana_replacement(text)
            if kind == "activated" and "duration" not in params and not params.get("targeted"):
                return None  # an activated ability's effect without a duration is not read here
            return "mana_replacement", params
    except (ValueError, KeyError):
        return None
    return None
