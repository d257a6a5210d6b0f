"""Reading amounts ("for each Elf you control", "the number of charge counters on this artifact", "your devotion
to green") and conditions ("you control four or more creatures") into the typed amounts and conditions of
``models.effects``. Parsing only; ``solver.produce`` evaluates them.
"""
from __future__ import annotations

import re

from ..effects import (Amount, Condition, ControlsAtLeast, CountersOn, CountersRemoved, CountOf, Devotion,
                       EventObjectIs, Filter, Fixed, HasCounter, PowerOf, SourceTapped, VariableX)
from .filters import parse_filter
from .words import parse_count_word

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_RULES = {"you control": "you", "on the battlefield": "any", "an opponent controls": "opponent"}


def parse_amount(text: str) -> Amount:
    """An amount from its words (what follows "for each", "equal to" or "where X is").

    Raises ``ValueError`` for wording that is not modelled.
    """
    t = text.lower().strip().rstrip(".")
    t = re.sub(r"^the number of ", "", t)
    if t == "x":
        return VariableX()
    n = parse_count_word(t)
    if n is not None:
        return Fixed(n)
    m = re.fullmatch(r"(?:(\w+) )?(\S+) counters? on (?:this|it)(?: \w+)?", t)
    if m:
        return CountersOn(m.group(2))
    m = re.fullmatch(r"your devotion to (white|blue|black|red|green)", t)
    if m:
        return Devotion(_COLOR_WORDS[m.group(1)])
    # "this creature's power"; "Marwyn's power" reads "this's power" once the card's name is replaced
    if re.fullmatch(r"(this creature|this artifact|this)'s power", t):
        return PowerOf()
    m = re.fullmatch(r"(?:(\S+) )?counters? removed this way", t)
    if m:  # "for each storage counter removed this way": the number removed to pay the cost (CR 118.3)
        return CountersRemoved(m.group(1) or "")
    m = re.fullmatch(r"(.+?) (you control|on the battlefield|an opponent controls)", t)
    if m:
        return CountOf(parse_filter(m.group(1), _RULES[m.group(2)]))
    raise ValueError(f"the amount {text!r} is not modelled")


def parse_condition(text: str) -> Condition:
    """A condition from its words ("this creature has a +1/+1 counter on it", "you control four or more
    creatures", "you control a Forest"; then the shapes of ``models.text.conditions.parse_board_condition``).
    Raises ``ValueError`` for wording that is not modelled."""
    from .conditions import parse_board_condition

    try:
        return _condition(text)
    except ValueError:
        return parse_board_condition(text)


def _condition(text: str) -> Condition:
    c = text.lower().strip().rstrip(".")
    m = re.fullmatch(r"this(?: \w+)? has (?:a|an|one or more) (\S+) counters? on it", c)
    if m:
        return HasCounter(m.group(1))
    m = re.fullmatch(r"you control (\w+) or more (.+)", c)
    if m and parse_count_word(m.group(1)) is not None:
        return ControlsAtLeast(int(parse_count_word(m.group(1)) or 0), parse_filter(m.group(2), "you"))
    m = re.fullmatch(r"you control (?:a|an) ([a-z' -]+)", c)
    if m:
        return ControlsAtLeast(1, parse_filter(m.group(1), "you"))
    if re.fullmatch(r"this (?:creature|artifact|enchantment|land|permanent) is tapped", c):
        return SourceTapped()  # an intervening "if" of a trigger (Barbflare Gremlin, CR 603.4)
    m = re.fullmatch(r"that (land|island|swamp|forest|mountain|plains|permanent|creature) is (snow|basic|legendary)", c)
    if m:  # the object the trigger event refers to (Snowfall: "if that Island is snow")
        return EventObjectIs(parse_filter(f"{m.group(2)} {m.group(1)}"))
    raise ValueError(f"the condition {text!r} is not modelled")


_TYPE_WORDS = {"creature": "Creature", "planeswalker": "Planeswalker", "artifact": "Artifact", "enchantment": "Enchantment",
               "land": "Land", "permanent": "Permanent", "battle": "Battle"}


def parse_color_sources(text: str) -> Filter:
    """The objects whose colours a mana ability looks at, from the words after "color among" / "a color of"
    ("permanents you control", "legendary creatures and planeswalkers you control", "a permanent you control").

    Returns a ``Filter`` (controller ``you`` when the words say so). Raises ``ValueError`` for other wording
    (cards in a graveyard, exiled cards, "monocolored permanents": not modelled).
    """
    t = text.lower().strip().rstrip(".")
    if t in ("this", "this creature", "this artifact", "this permanent", "this land"):  # "any of this creature's colors"
        return Filter(relation="this", controller="any", words=text.strip())
    m = re.fullmatch(r"(?:an? )?(legendary )?((?:creature|planeswalker|artifact|enchantment|land|permanent|battle)s?"
                     r"(?:(?:,| and| or|, and|, or) (?:creature|planeswalker|artifact|enchantment|land|permanent|battle)s?)*)"
                     r" you control", t)
    if not m:
        raise ValueError(f"the colours of {text!r} are not modelled")
    kinds = [_TYPE_WORDS[w.rstrip("s")] for w in re.findall(r"[a-z]+", m.group(2)) if w.rstrip("s") in _TYPE_WORDS]
    kinds = list(dict.fromkeys(kinds))
    legendary = ("Legendary",) if m.group(1) else ()
    if len(kinds) == 1:
        return Filter(all_of=legendary + (kinds[0],), controller="you", words=text.strip())
    return Filter(all_of=legendary or ("Permanent",), any_of=tuple(kinds), controller="you", words=text.strip())
