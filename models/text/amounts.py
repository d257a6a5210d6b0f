"""Reading amounts ("for each Elf you control", "the number of charge counters on this artifact", "your devotion
to green") and conditions ("you control four or more creatures") into the typed amounts and conditions of
``models.vocab``. Parsing only; ``solver.rules.mana.produce`` evaluates them.
"""
from __future__ import annotations

import re

import dataclasses

from ..vocab.amounts import (
    Amount, CountersOn, CountersRemoved, CountOf, Devotion, DistinctAmong, Fixed, GreatestAmong, OfChosenType,
    PartySize, PlayersWho, PlayerCounters, PowerOf, Revealed, StatOf, Sum, ThisTurn, TotalAmong, VariableX,
)
from ..vocab.logic import Condition
from ..vocab.conditions import ControlsAtLeast, EventObjectIs, HasCounter, SourceTapped
from ..vocab.filters import Filter
from .filters import parse_filter, tail_qualifier
from .words import parse_count_word
from ..vocab.amounts import SharingCreatureType
from ..vocab.conditions import Compare
from ..vocab.conditions import TopOfLibrary

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
    if t in ("of your opponents who lost life this turn", "opponent who lost life this turn"):
        return PlayersWho("life_lost", "opponent")  # CR 119.3
    if t in ("creature in your party", "creatures in your party"):
        return PartySize()  # CR 700.8
    m = re.fullmatch(r"(?:(\S+) )?counters? removed this way", t)
    if m:  # "for each storage counter removed this way": the number removed to pay the cost (CR 118.3)
        return CountersRemoved(m.group(1) or "")
    if re.fullmatch(r"(?:each )?(?:artifact|creature|land|permanent)s? sacrificed this way", t):
        # Radiant Lotus's "for each artifact sacrificed this way" with "Sacrifice one or more artifacts": the number
        # sacrificed is chosen as the cost is paid (CR 601.2h, 118.3), read as the cost's X (CR 107.3)
        return VariableX()
    m = re.fullmatch(r"(.+?) (you control|on the battlefield|an opponent controls)", t)
    if m:
        try:
            return CountOf(parse_filter(m.group(1), _RULES[m.group(2)]))
        except ValueError:
            pass
    got = _board_amount(t, re.sub(r"^the number of ", "", text.strip().rstrip("."), flags=re.I))
    if got is not None:
        return got
    raise ValueError(f"the amount {text!r} is not modelled")


_STATS = {"power": "power", "toughness": "toughness", "mana value": "mana_value"}
_ZONE_RE = re.compile(r"^(.+?) (?:in|from) (your|an opponent's|each opponent's|a|all) (graveyard|hand|library|exile)s?$")
_HISTORY_AMOUNTS = {
    "the amount of life you gained this turn": ThisTurn("life_gained"),
    "the amount of life you've gained this turn": ThisTurn("life_gained"),
    "card you've drawn this turn": ThisTurn("cards_drawn"),
    "the number of cards you've drawn this turn": ThisTurn("cards_drawn"),
    "cards you've drawn this turn": ThisTurn("cards_drawn"),
    # every opponent's life lost this turn, summed (CR 119.3; Megatron, Tyrant: "for each 1 life your opponents have
    # lost this turn")
    "1 life your opponents have lost this turn": ThisTurn("life_lost", "opponent"),
}


def parse_objects(words: str, text: str = "") -> Filter:
    """The objects an amount counts or reads, from their words: permanents ("other creatures you control",
    "creature with power 4 or greater you control", "creatures you control with defender", "artifact you control
    named Powerstone Shard", "Urza's land you control") or cards in a zone ("black creature card in your
    graveyard", "artifact cards in your hand"). Qualifiers are read (``parse_filter(..., qualifiers=True)``), so
    only callers that evaluate them against the state use this (``solver.rules.quantities``).

    Raises ``ValueError`` for words that are not understood.
    """
    w = words.strip().lower()
    shown = text or words.strip()
    m = _ZONE_RE.fullmatch(w)
    if m:
        whose = {"your": "you", "an opponent's": "opponent", "each opponent's": "opponent"}.get(m.group(2), "any")
        noun = re.sub(r"\s*\bcards?\b", "", m.group(1)).strip()
        if re.match(r"(?:with|without|that's|that is)\b", noun):  # "cards with {X} in their mana cost in your hand"

            q, ctl, rest = tail_qualifier(noun)
            if rest or ctl:
                raise ValueError(f"the objects {words!r} are not understood")
            f = Filter(qualifier=q)
        else:
            f = _objects(noun, whose, words) if noun else Filter()
        return dataclasses.replace(f, zone=m.group(3), controller=whose, words=shown)
    name = None
    m = re.fullmatch(r"(.+?) named (.+)", w)
    if m:  # "artifact you control named Powerstone Shard" (CR 201.2: the card's English name, as printed)
        w, name = m.group(1), re.search(r"named (.+)$", words.strip(), re.I).group(1)  # type: ignore[union-attr]
    controller = "any"
    m = re.fullmatch(r"(.+?) (you control|an opponent controls|your opponents control|on the battlefield)(?: (.+))?", w)
    if m:
        controller = {"you control": "you", "on the battlefield": "any"}.get(m.group(2), "opponent")
        w = m.group(1) + (" " + m.group(3) if m.group(3) else "")
    f = _objects(w, controller, words)
    if name is not None and name.lower() == "this":
        name = "this"  # "named [this card's name]": the source's own name (solver.rules.quantities.matching_objects)
    return dataclasses.replace(f, name=name if name is not None else f.name, words=shown)


def _objects(w: str, controller: str, words: str) -> Filter:
    urza = re.fullmatch(r"(other |another )?urza's lands?", w)
    tail = re.fullmatch(r"(.+?) ((?:with|without|that's|that is)\b.+)", w)
    if urza:  # "Urza's" is a land type (CR 205.3i)
        return Filter(all_of=("Urza's", "Land"), controller=controller, other=bool(urza.group(1)))
    if tail:  # "creature with power 4 or greater": the words after the noun are one qualifier, not a union
        q, ctl, rest = tail_qualifier(tail.group(2))
        if rest or ctl:
            raise ValueError(f"the objects {words!r} are not understood")
        f = parse_filter(tail.group(1), controller, qualifiers=True)
        return dataclasses.replace(f, qualifier=f.qualifier.merge(q))
    return parse_filter(w, controller, qualifiers=True)


def _board_amount(t: str, words: str) -> Amount | None:
    """The amounts read from the board, the turn history or the source (``_board_amount``: see ``parse_amount``)."""
    if t in _HISTORY_AMOUNTS:
        return _HISTORY_AMOUNTS[t]
    if t in ("1 life your opponents have lost this turn", "each 1 life your opponents have lost this turn"):
        return ThisTurn("life_lost", "opponent")  # every opponent together (Neheb, the Eternal; CR 119.3)
    m = re.fullmatch(r"(?:the number of )?(\w+) counters you have", t)
    if m:  # "the number of experience counters you have" (CR 122.1)
        return PlayerCounters(m.group(1))
    m = re.fullmatch(r"(?:the )?greatest number of (.+?) that (?:have|share) a creature type in common", t)
    if m:  # White Lotus Tile, Basalt Ravager (CR 205.3m)

        return SharingCreatureType(parse_objects(words[m.start(1):m.end(1)]))
    m = re.fullmatch(r"(?:the )?(greatest|total) (power|toughness|mana value) (?:among|of) (.+)", t)
    if m:
        kind = GreatestAmong if m.group(1) == "greatest" else TotalAmong
        return kind(_STATS[m.group(2)], parse_objects(words[m.start(3):]))
    m = re.fullmatch(r"(?:this creature|this artifact|this)'s (power|toughness|mana value)", t)
    if m:
        return StatOf(_STATS[m.group(1)], "this")
    m = re.fullmatch(r"(?:the )?(sacrificed|exiled) (?:creature|artifact|permanent|card|land)'s (power|toughness|mana value)", t)
    if m:  # chosen as the cost is paid (CR 601.2h, 608.2h): the callers enumerate it
        return StatOf(_STATS[m.group(2)], m.group(1))
    m = re.fullmatch(r"that (?:creature|permanent)'s (power|toughness|mana value)", t)
    if m:  # the object of the trigger event ("Whenever this creature or equipped creature attacks, ... its power")
        return StatOf(_STATS[m.group(1)], "that")
    m = re.fullmatch(r"(\d+|one|two|three) plus (.+)", t)
    if m:  # "1 plus the exiled creature's mana value"
        return Sum((parse_amount(m.group(2)),), plus=int(parse_count_word(m.group(1)) or 0))
    m = re.fullmatch(r"(.+) plus (\d+|one|two|three)", t)
    if m:  # "X plus one"
        return Sum((parse_amount(m.group(1)),), plus=int(parse_count_word(m.group(2)) or 0))
    m = re.fullmatch(r"(?:the number of )?basic land types? among (.+)", t)
    if m:
        return DistinctAmong("basic_land_type", parse_objects(m.group(1)))
    m = re.fullmatch(r"(?:each )?different (power|mana value|color|card type|name) among (.+)", t)
    if m:
        return DistinctAmong(m.group(1).replace(" ", "_"), parse_objects(m.group(2)))
    if re.fullmatch(r"(?:a )?counters? on (?:this|it)(?: \w+)?", t):
        return CountersOn("")  # "for each counter on Nardole": every kind (CR 122.1)
    if t in ("your devotion to that color", "your devotion to the chosen color"):
        return Devotion("chosen")  # "Choose a color. Add ... equal to your devotion to that color" (CR 700.5)
    m = re.fullmatch(r"(.+?) of the chosen (?:creature )?type", t)
    if m:  # Three Tree City: the creature type chosen as it entered
        return OfChosenType(parse_objects(m.group(1)))
    m = re.fullmatch(r"(.+ in (?:your|a) hand) revealed this way", t)
    if m:  # written by models.text.mana from "Reveal any number of artifact cards in your hand. Add ... for each card
        # revealed this way" (the reveal sentence names the cards)
        return Revealed(parse_objects(words[: m.end(1)]))
    if re.fullmatch(r"(.+) (?:in|from) (?:your|an opponent's|a) (?:graveyard|hand|library|exile)", t):
        return CountOf(parse_objects(words))
    try:  # "creature with power 4 or greater you control", "creatures you control with defender"
        f = parse_objects(words)
    except ValueError:
        return None
    return CountOf(f) if f.controller != "any" or t.endswith("on the battlefield") else None


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
    if re.fullmatch(r"(?:a|an|one or more) cards? (?:is|are) exiled with (?:this|it|this (?:creature|artifact|enchantment|land|"
                    r"permanent))", c):
        # Ugin's Labyrinth: a card exiled by its linked imprint ability (CR 406.6, 607.2a)

        return Compare(CountOf(Filter(relation="exiled_with", zone="exile", words="cards exiled with it")), ">=", 1)
    if re.fullmatch(r"this (?:creature|artifact|enchantment|land|permanent) is tapped", c):
        return SourceTapped()  # an intervening "if" of a trigger (Barbflare Gremlin, CR 603.4)
    m = re.fullmatch(r"that (land|island|swamp|forest|mountain|plains|permanent|creature) is (snow|basic|legendary)", c)
    if m:  # the object the trigger event refers to (Snowfall: "if that Island is snow")
        return EventObjectIs(parse_filter(f"{m.group(2)} {m.group(1)}"))
    m = re.fullmatch(r"the top card of your library is ((?:an? )?[a-z ]+ card)", c)
    if m:  # Mul Daya Channelers: the library's top card (CR 401.1), read from the listed library
        from .conditions import card_filter

        f = card_filter(m.group(1), "library")
        if not f.qualifier.empty or f.alternatives or f.name is not None or f.colors:
            raise ValueError(f"the condition {text!r} is not modelled")
        return TopOfLibrary(f)
    raise ValueError(f"the condition {text!r} is not modelled")


_TYPE_WORDS = {"creature": "Creature", "planeswalker": "Planeswalker", "artifact": "Artifact", "enchantment": "Enchantment",
               "land": "Land", "permanent": "Permanent", "battle": "Battle"}


def parse_color_sources(text: str) -> Filter:
    """The objects whose colours a mana ability looks at, from the words after "color among" / "a color of"
    ("permanents you control", "legendary creatures and planeswalkers you control", "a permanent you control").

    Also "the exiled card(s)" (the cards exiled with the source, CR 607.2a), "a permanent a player controls" (any
    controller), cards in a zone ("legendary creature cards in your graveyard") and "monocolored permanents you
    control" (read by ``parse_objects``, qualifiers included; ``solver.rules.quantities.matching_objects`` evaluates them).

    Returns a ``Filter`` (controller ``you`` when the words say so). Raises ``ValueError`` for other wording.
    """
    t = text.lower().strip().rstrip(".")
    if t in ("this", "this creature", "this artifact", "this permanent", "this land"):  # "any of this creature's colors"
        return Filter(relation="this", controller="any", words=text.strip())
    if t in ("the exiled card", "the exiled cards"):  # Chrome Mox, Pit of Offerings: the linked exiled cards (CR 607.2a)
        return Filter(relation="exiled_with", zone="exile", controller="any", words=text.strip())
    if re.fullmatch(r"(?:a |each )?permanents? (?:a player|any player|players) controls?", t):
        return Filter(all_of=("Permanent",), controller="any", words=text.strip())  # Reflective Gate
    if _ZONE_RE.fullmatch(t) or re.match(r"(?:mono|multi)colored ", t):
        # "legendary creature cards in your graveyard" (The Grey Havens), "a card in your graveyard" (Corrupted
        # Grafstone), "monocolored permanents you control" (Tarnation Vista): the objects' words, qualifiers read
        return parse_objects(re.sub(r"^(?:a|an) ", "", t), text.strip())
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
