"""Reading the conditions of "Activate only if ...", "If ..., add ... instead" and "This ability costs {N} less to
activate if ..." into the typed conditions of ``models.vocab`` (``Compare`` of amounts, ``AllOf``, ``AnyOf``,
``HasDesignation``, ``SourceMatches``), and the board amounts of "for each ..." cost changes.

``parse_board_condition(text)`` is the fallback of ``parse_condition`` and
``models.text.restrictions.parse_restriction_condition``: wording neither of them reads. Each shape, with the rule
that gives its meaning:

* what you control: "you control two or more black permanents", "a creature with power 4 or greater",
  "an Urza's Power-Plant and an Urza's Tower" (every part, CR 205.3i subtypes), "creatures named A and B"
  (CR 201.2); what an opponent controls ("an opponent controls four or more lands": one opponent is enough);
* sums and characteristics: "creatures you control have total power 8 or greater", "this creature's power is 4 or
  greater" (CR 208), "this permanent is a creature", "this creature is blue";
* zones: "there are six or more creature cards in your graveyard", "four or more card types among cards in your
  graveyard" (CR 205.2a), "you have more cards in hand than each opponent";
* life and designations: "you have 111 or more life" (CR 119), "you have the city's blessing" (702.131), "you've
  completed a dungeon" (309.7), "you're the monarch" (724), "you have the initiative" (725);
* the turn history: "a creature died this turn" (CR 700.4), "you've cast a noncreature spell / three or more spells
  this turn" (601.2i), "you played a land this turn" (305.2), "you had a creature enter the battlefield under your
  control this turn" (603.6a), "you've discarded a card / sacrificed an artifact / created a token this turn"
  (701.8, 701.17, 111.1), "a card left your graveyard this turn", "you gained life this turn", "an opponent lost
  life this turn" (119.3), "a permanent left the battlefield under your control this turn" / "a permanent you
  controlled left the battlefield this turn" (revolt, 603.6c), "you've paid or lost four or more {E} this turn"
  (107.14), "this land entered this turn" (603.6a, 400.7); two of them joined by "or if" (``AnyOf``);
* how the source entered (an intervening "if" of its enters trigger, CR 603.4): "you cast it (from your hand)"
  (601.2a), "it was bargained" (702.166b) -> ``SourceCast``;
* names and players: "you control three or more lands with the same name" (CR 201.2), "you have at least 7 life
  more than your starting life total" (103.4), "defending player controls a snow land / no snow lands" (506.2).

Parsing only: ``solver.rules.quantities.condition_holds`` evaluates them. Anything else raises ``ValueError`` (the
sentence then stays ``Unmodelled`` and the gate makes answers it could change ``unsupported``).
"""
from __future__ import annotations

import dataclasses
import re

from ..vocab.logic import AllOf, AnyOf, Condition, Not
from ..vocab.amounts import (
    Amount, CountersAmong, CountersOn, CountOf, Devotion, DistinctAmong, Fixed, GreatestAmong, LargestGroup, LifeTotal,
    PlayerCounters, StartingLife, StatOf, Sum, ThisTurn, TotalAmong,
)
from ..vocab.conditions import (
    Compare, ControlsAtLeast, ControlsCommander, DefendingPlayerControls, HasCounter, HasDesignation, SourceCast,
    SourceMatches,
)
from ..vocab.filters import Filter
from ..vocab.conditions import EventObjectIs, SourceTapped, TopOfLibrary
from .filters import parse_filter
from .words import parse_count_word
from ..game.subtypes import singular

__all__ = ["parse_condition", "parse_board_condition", "parse_board_amount", "object_filter", "card_filter"]

#: "N or more", "N or greater", "at least N": the number and the comparison (CR 107.1).
_AT_LEAST = r"(?:at least (\w+)|(\w+) or (?:more|greater))"
_PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


def _n(word: str | None) -> int:
    n = parse_count_word(word or "")
    if n is None or n == "X" or not isinstance(n, int):
        raise ValueError(f"the number {word!r} is not modelled")
    return n


def _at_least(m: re.Match, i: int) -> int:
    """The number of an ``_AT_LEAST`` group pair starting at group ``i``."""
    return _n(m.group(i) or m.group(i + 1))


def object_filter(words: str, controller: str) -> Filter:
    """Object words on the battlefield ("black permanents", "creature with power 4 or greater", "Urza's
    Power-Plant", "creatures named Mine Worker"), qualifiers included (``parse_filter(..., qualifiers=True)``).

    Raises ``ValueError`` for words that are not read.
    """
    w = words.strip()
    m = re.fullmatch(r"(?:an? )?urza['’]s (mine|power-plant|tower)s?", w, re.I)
    if m:  # "an Urza's Power-Plant": a land with the subtypes Urza's and Power-Plant (CR 205.3i)
        sub = {"mine": "Mine", "power-plant": "Power-Plant", "tower": "Tower"}[m.group(1).lower()]
        return Filter(all_of=("Urza's", sub), controller=controller, words=w)
    m = re.fullmatch(r"(?:an? )?(command tower|command mine|command power plant)", w, re.I)
    if m:  # "a Command Tower" (Command Mine, Command Power Plant): a permanent with that name (CR 201.2)
        return Filter(name=_title(m.group(1).lower()), controller=controller, words=w)
    m = re.fullmatch(r"(?:an? )?(creature|artifact|land|permanent)s? named (.+)", w, re.I)
    if m:  # "a creature named Mine Worker" (CR 201.2)
        return Filter(all_of=(m.group(1).capitalize(),), name=m.group(2).strip(), controller=controller, words=w)
    m = re.fullmatch(r"(?:an? )?([a-z]+(?: lord)?) planeswalkers?", w, re.I)
    if m and m.group(1).lower() not in ("another", "other", "legendary", "nonlegendary", "tapped", "untapped"):
        # "a Gideon planeswalker": a planeswalker with that subtype (CR 205.3j)
        return Filter(all_of=("Planeswalker", _title(m.group(1))), controller=controller, words=w)
    return parse_filter(w, controller, qualifiers=True)


def card_filter(words: str, zone: str, controller: str = "you") -> Filter:
    """Card words in a zone ("creature cards", "cards", "instant and sorcery cards", "permanent cards", "Zombie
    creature cards") as a ``Filter`` of that zone (``solver.rules.quantities.matching_objects`` reads the zone of the
    players ``controller`` names). A permanent card is an artifact, battle, creature, enchantment, land or
    planeswalker card (CR 110.4a).

    Raises ``ValueError`` for words that are not read.
    """
    w = re.sub(r"\bcards?\b", "", words.strip().lower()).strip()
    w = re.sub(r"^(?:an?|other) ", "", w).strip()
    if not w:
        return Filter(zone=zone, controller=controller, words=words.strip())
    if w == "permanent":
        return Filter(any_of=_PERMANENT_TYPES, zone=zone, controller=controller, words=words.strip())
    m = re.fullmatch(r"(\w+) (?:and|or|and/or) (\w+)", w)
    if m:  # "instant and sorcery cards": each card that is either (CR 205.2a)
        return Filter(any_of=(m.group(1).capitalize(), m.group(2).capitalize()), zone=zone, controller=controller,
                      words=words.strip())
    try:
        f = parse_filter(w, controller)
    except ValueError:
        m = re.fullmatch(r"([a-z]+) (creature|artifact|enchantment|land|planeswalker|instant|sorcery)", w)
        if not m:
            raise
        # "Zombie creature cards": a subtype and a card type (CR 205.3)
        return Filter(all_of=(m.group(2).capitalize(), m.group(1).capitalize()), zone=zone, controller=controller,
                      words=words.strip())
    if f.relation is not None or f.other or f.nontoken:
        raise ValueError(f"the cards {words!r} are not modelled")
    return dataclasses.replace(f, zone=zone, words=words.strip())


_ZONES = {"your graveyard": "graveyard", "your hand": "hand"}


def _history_filter(words: str) -> Filter | None:
    """The objects of a turn-history event ("a creature", "an artifact", "a Bird, Frog, Otter, or Rat", "a
    noncreature spell", "instant or sorcery spells"): ``None`` when any object counts."""
    w = re.sub(r"^(?:an?|one or more|\w+ or more|at least \w+) ", "", words.strip().lower())
    w = re.sub(r"\b(?:spells?|cards?|permanents?)$", "", w).strip()
    if not w:
        return None
    m = re.fullmatch(r"(\w+) (?:and/or|or|and) (\w+)", w)
    if m and m.group(1) not in ("non",):

        return Filter(any_of=(singular(m.group(1)).capitalize(), singular(m.group(2)).capitalize()), words=words.strip())
    if "," in w or " or " in w:
        parts = [x for x in re.split(r",\s*(?:or\s+)?|\s+or\s+", w) if x]
        if all(re.fullmatch(r"[a-z][a-z'-]*", x) for x in parts):
            return Filter(any_of=tuple(x.capitalize() for x in parts), words=words.strip())
        raise ValueError(f"the objects {words!r} are not modelled")
    m = re.fullmatch(r"non(\w+)", w)
    if m:
        return Filter(none_of=(m.group(1).capitalize(),), words=words.strip())
    f = parse_filter(w, "any")
    if f.relation is not None or f.other or f.nontoken or not f.qualifier.empty:
        raise ValueError(f"the objects {words!r} are not modelled")
    return dataclasses.replace(f, words=words.strip())


def _count(word: str) -> int:
    """"a"/"an"/"one or more" -> 1; "N or more" / "at least N" -> N."""
    w = word.strip().lower()
    if w in ("a", "an", "one or more", "another"):
        return 1
    m = re.fullmatch(_AT_LEAST, w)
    if m:
        return _at_least(m, 1)
    raise ValueError(f"the count {word!r} is not modelled")


_COUNT_WORDS = r"(an?|one or more|\w+ or more|at least \w+)"
_DESIGNATIONS = {"you have the city's blessing": "city's blessing", "you've completed a dungeon": "completed a dungeon",
                 "you have completed a dungeon": "completed a dungeon", "you're the monarch": "monarch",
                 "you are the monarch": "monarch", "you have the initiative": "initiative"}


def _turn_condition(c: str) -> Condition | None:
    """The turn-history shapes (see the module docstring); ``None`` when the words are not one of them."""
    m = re.fullmatch(_COUNT_WORDS + r" (creatures?|permanents?|artifacts?|nontoken creatures?) died this turn", c)
    if m:  # "a creature died this turn": any player's creature (CR 700.4)
        f = _history_filter(m.group(2))
        return Compare(ThisTurn("died", "any", f), ">=", _count(m.group(1)))
    m = re.fullmatch(r"you(?:'ve| have)? cast " + _COUNT_WORDS + r" (.*?)spells? this turn", c)
    if m:  # "you've cast a noncreature spell this turn", "three or more spells" (CR 601.2i)
        f = _history_filter(m.group(2).strip()) if m.group(2).strip() else None
        return Compare(ThisTurn("spells_cast", "you", f), ">=", _count(m.group(1)))
    if c in ("you played a land this turn", "you've played a land this turn"):
        return Compare(ThisTurn("lands_played", "you"), ">=", 1)  # CR 305.2
    m = re.fullmatch(r"you had " + _COUNT_WORDS + r" (.+?) enter the battlefield under your control this turn", c)
    if not m:
        m = re.fullmatch(_COUNT_WORDS + r" (.+?) entered the battlefield under your control this turn", c)
    if m:  # CR 603.6a
        return Compare(ThisTurn("entered", "you", _history_filter(m.group(2))), ">=", _count(m.group(1)))
    m = re.fullmatch(r"you've discarded " + _COUNT_WORDS + r" cards? this turn", c)
    if m:  # CR 701.8
        return Compare(ThisTurn("discarded", "you"), ">=", _count(m.group(1)))
    m = re.fullmatch(r"you've sacrificed " + _COUNT_WORDS + r" (.+?) this turn", c)
    if m:  # CR 701.17
        return Compare(ThisTurn("sacrificed", "you", _history_filter(m.group(2))), ">=", _count(m.group(1)))
    m = re.fullmatch(r"you(?:'ve)? created " + _COUNT_WORDS + r" tokens? this turn", c)
    if m:  # CR 111.1
        return Compare(ThisTurn("tokens_created", "you"), ">=", _count(m.group(1)))
    m = re.fullmatch(_COUNT_WORDS + r" cards? left your graveyard this turn", c)
    if m:
        return Compare(ThisTurn("left_graveyard", "you"), ">=", _count(m.group(1)))
    if c in ("you gained life this turn", "you've gained life this turn"):
        return Compare(ThisTurn("life_gained", "you"), ">=", 1)  # CR 119.3
    if c == "an opponent lost life this turn":
        return Compare(ThisTurn("life_lost", "opponent"), ">=", 1)  # CR 119.3; one opponent is enough
    if c in ("a permanent left the battlefield under your control this turn",
             "a permanent you controlled left the battlefield this turn"):
        return Compare(ThisTurn("left_battlefield", "you"), ">=", 1)  # revolt (CR 603.6c)
    m = re.fullmatch(r"you've paid or lost " + _COUNT_WORDS + r" \{e\} this turn", c)
    if m:  # Izzet Generatorium: energy counters paid or lost (CR 107.14, 122.1)
        return Compare(ThisTurn("energy_paid", "you"), ">=", _count(m.group(1)))
    m = re.fullmatch(r"this(?: \w+)? entered(?: the battlefield)? this turn", c)
    if m:  # Mirrex, Fungus Elemental: the source entered this turn (CR 603.6a, 400.7)
        return SourceMatches(object_filter("permanent that entered this turn", "any"))
    return None


_CAST_SELF = {"you cast it": SourceCast(), "it was cast": SourceCast(), "you cast it from your hand": SourceCast("hand"),
              "it was cast from your hand": SourceCast("hand"), "it was bargained": SourceCast(bargained=True)}


def parse_board_condition(text: str) -> Condition:
    """A condition from its words (the shapes of the module docstring).

    Parameters
    ----------
    text : str
        The words after "if" (any case, a final period allowed; the card's name already replaced by "this").

    Returns
    -------
    Condition

    Raises
    ------
    ValueError
        Wording that is not modelled.
    """
    c = re.sub(r"\s+", " ", text.lower().strip().rstrip(".")).replace("’", "'")
    if " or if " in c:  # "... this turn or if you've sacrificed a Food this turn"
        return AnyOf(tuple(parse_board_condition(p) for p in c.split(" or if ")))
    if c in _DESIGNATIONS:
        return HasDesignation(_DESIGNATIONS[c])
    if c in _CAST_SELF:  # how the source entered (CR 603.4 intervening "if"; 601.2a, 702.166b)
        return _CAST_SELF[c]
    m = re.fullmatch(r"(you control .+?) or (there (?:is|are) .+ in your graveyard)", c)
    if m:  # "you control a Desert or there is a Desert card in your graveyard"
        return AnyOf((parse_board_condition(m.group(1)), parse_board_condition(m.group(2))))
    m = re.fullmatch(r"this(?: \w+)? has an? (\S+) counter on it", c)
    if m:
        return HasCounter(m.group(1))
    m = re.fullmatch(r"this(?: creature| permanent| artifact| vehicle)? (?:doesn't|does not) have (\w+)", c)
    if m:  # "this creature doesn't have defender" (CR 702)
        return Not(SourceMatches(object_filter(f"permanent with {m.group(1)}", "any")))
    got = _turn_condition(c)
    if got is not None:
        return got
    m = re.fullmatch(r"you control " + _AT_LEAST + r" (.+?) with the same name", c)
    if m:  # Endless Atlas: the most of them sharing one name (CR 201.2)
        return Compare(LargestGroup("name", object_filter(m.group(3), "you")), ">=", _at_least(m, 1))
    if c == "you control your commander":  # CR 903.3
        return ControlsCommander()
    m = re.fullmatch(r"defending player controls (no|an?) (.+)", c)
    if m:  # Arcum's Sleigh, Kjeldoran Guard (CR 506.2)
        got = DefendingPlayerControls(object_filter(m.group(2), "any"))
        return Not(got) if m.group(1) == "no" else got
    m = re.fullmatch(r"you control creatures named (.+?) and (.+)", c)
    if m:  # Tower Worker: "creatures named Mine Worker and Power Plant Worker" (CR 201.2)
        return AllOf(tuple(ControlsAtLeast(1, object_filter(f"creature named {_title(n)}", "you"))
                           for n in (m.group(1), m.group(2))))
    m = re.fullmatch(r"you control (an? .+?)(?:,)? and (an? .+)", c)
    if m:  # "an Urza's Power-Plant and an Urza's Tower"; "an Urza's Mine, an Urza's Power-Plant, and an Urza's Tower"
        parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?", m.group(1)) if p.strip()] + [m.group(2)]
        return AllOf(tuple(ControlsAtLeast(1, object_filter(p, "you")) for p in parts))
    m = re.fullmatch(r"you control (an?|another|" + _AT_LEAST + r") (.+)", c)
    if m:
        n = 1 if m.group(1) in ("a", "an", "another") else _at_least(m, 2)
        words = f"another {m.group(4)}" if m.group(1) == "another" else m.group(4)
        return ControlsAtLeast(n, object_filter(words, "you"))
    m = re.fullmatch(r"an opponent controls (an?|" + _AT_LEAST + r") (.+)", c)
    if m:  # one opponent is enough ("an opponent", Tectonic Edge)
        n = 1 if m.group(1) in ("a", "an") else _at_least(m, 2)
        return Compare(CountOf(object_filter(m.group(4), "opponent")), ">=", n)
    m = re.fullmatch(r"(creatures|permanents|artifacts) you control have total (power|toughness) " + _AT_LEAST, c)
    if m:  # "total power 8 or greater" (CR 208)
        return Compare(TotalAmong(m.group(2), parse_filter(m.group(1), "you")), ">=", _at_least(m, 3))
    m = re.fullmatch(r"this(?: creature| permanent| artifact| vehicle| land)?'s (power|toughness) is " + _AT_LEAST, c)
    if m:  # "this creature's power is 4 or greater", "Kitsa's power is 3 or greater" (CR 208)
        return Compare(StatOf(m.group(1), "this"), ">=", _at_least(m, 2))
    m = re.fullmatch(r"this(?: creature| permanent| artifact| vehicle| land| enchantment)? is (an? )?([a-z ]+)", c)
    if m and not m.group(2).endswith(("attacking", "tapped", "untapped", "blocked", "blocking", "suspended")):
        words = m.group(2) if m.group(1) else f"{m.group(2)} permanent"
        return SourceMatches(object_filter(words, "any"))
    m = re.fullmatch(r"there are " + _AT_LEAST + r" (card|permanent) types among cards in your graveyard", c)
    if m:  # CR 205.2a: artifact, battle, creature, enchantment, instant, kindred, land, planeswalker, sorcery
        aspect = "card_type" if m.group(3) == "card" else "permanent_type"
        return Compare(DistinctAmong(aspect, card_filter("cards", "graveyard")), ">=", _at_least(m, 1))
    m = re.fullmatch(r"there are " + _AT_LEAST + r" mana values among cards in your graveyard", c)
    if m:  # CR 202.3
        return Compare(DistinctAmong("mana_value", card_filter("cards", "graveyard")), ">=", _at_least(m, 1))
    m = re.fullmatch(r"there (?:are|is) (an?|" + _AT_LEAST + r") (.+?) in (your graveyard|your hand)", c)
    if m:
        n = 1 if m.group(1) in ("a", "an") else _at_least(m, 2)
        return Compare(CountOf(card_filter(m.group(4), _ZONES[m.group(5)])), ">=", n)
    m = re.fullmatch(r"an opponent has " + _AT_LEAST + r" cards in their (graveyard|hand)", c)
    if m:  # one opponent is enough
        return Compare(CountOf(card_filter("cards", m.group(3), "opponent")), ">=", _at_least(m, 1))
    m = re.fullmatch(r"you have (more|fewer) cards in hand than (each|an) opponent", c)
    if m:
        mine, theirs = card_filter("cards", "hand", "you"), card_filter("cards", "hand", "opponent")
        return Compare(CountOf(mine), ">" if m.group(1) == "more" else "<", CountOf(theirs), m.group(2))
    m = re.fullmatch(r"you have " + _AT_LEAST + r" life", c)
    if m:  # CR 119.1
        return Compare(LifeTotal("you"), ">=", _at_least(m, 1))
    m = re.fullmatch(r"you have " + _AT_LEAST + r" life more than your starting life total", c)
    if m:  # Speaker of the Heavens, Ayli (CR 119.1, 103.4)
        return Compare(LifeTotal("you"), ">=", Sum((StartingLife("you"),), _at_least(m, 1)))
    raise ValueError(f"the condition {text!r} is not modelled")


def parse_condition(text: str) -> Condition:
    """A condition from its words ("this creature has a +1/+1 counter on it", "you control four or more
    creatures", "you control a Forest"; then the shapes of ``parse_board_condition``).
    Raises ``ValueError`` for wording that is not modelled."""
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
        f = card_filter(m.group(1), "library")
        if not f.qualifier.empty or f.alternatives or f.name is not None or f.colors:
            raise ValueError(f"the condition {text!r} is not modelled")
        return TopOfLibrary(f)
    raise ValueError(f"the condition {text!r} is not modelled")


def _title(name: str) -> str:
    """A card name read lower-cased back to its printed capitals ("mine worker" -> "Mine Worker")."""
    return " ".join(w[:1].upper() + w[1:] for w in name.split())


def parse_board_amount(text: str) -> Amount:
    """The amount of a "for each ..." / "where X is ..." cost change that ``parse_amount`` does not read: "other
    artifact you control", "creature card in your graveyard", "basic land type among lands you control"
    (CR 305.6), "card in your hand", "the greatest power among Wurms you control" (CR 208), "rad counter you have"
    (CR 122.1), "quest counter on this enchantment", "this creature's power", "the number of differently named lands
    you control" (CR 201.2).

    Raises ``ValueError`` for wording that is not modelled.
    """
    t = re.sub(r"\s+", " ", text.lower().strip().rstrip(".")).replace("’", "'")
    t = re.sub(r"^the number of ", "", t)
    m = re.fullmatch(r"(.+?) in (your graveyard|your hand)", t)
    if m:
        return CountOf(card_filter(m.group(1), _ZONES[m.group(2)]))
    m = re.fullmatch(r"(?:the number of )?(basic land type|card type|color|creature type)s? among (.+?) you control", t)
    if m:
        aspect = m.group(1).replace(" ", "_")
        return DistinctAmong(aspect, parse_filter(m.group(2), "you"))
    m = re.fullmatch(r"(?:the number of )?differently named (.+?) you control", t)
    if m:
        return DistinctAmong("name", parse_filter(m.group(1), "you"))
    m = re.fullmatch(r"the greatest (power|toughness|mana value) among (.+?) you control", t)
    if m:
        return GreatestAmong(m.group(1).replace(" ", "_"), parse_filter(m.group(2), "you"))
    m = re.fullmatch(r"(\S+) counters? you have", t)
    if m:
        return PlayerCounters(m.group(1))
    m = re.fullmatch(r"(\S+) counters? on this(?: \w+)?", t)
    if m:
        return CountersOn(m.group(1))
    m = re.fullmatch(r"(\S+) counters? on (.+?) you control", t)
    if m:  # Deepwood Denizen: "+1/+1 counter on creatures you control" (CR 122.1)
        return CountersAmong(m.group(1), object_filter(m.group(2), "you"))
    m = re.fullmatch(r"your devotion to (\w+)(?: and (\w+))?", t)
    if m and ((m.group(1) in _COLOR_LETTERS and m.group(2) in _COLOR_LETTERS) or (not m.group(2) and m.group(1) in _CLANS)):  # CR 700.5a: each symbol of at least one of them counts once
        return Devotion(_CLANS[m.group(1)] if not m.group(2) else _COLOR_LETTERS[m.group(1)] + _COLOR_LETTERS[m.group(2)])
    m = re.fullmatch(r"this(?: creature| permanent| artifact| vehicle)?'s (power|toughness)", t)
    if m:
        return StatOf(m.group(1), "this")
    m = re.fullmatch(r"(.+?) (you control|an opponent controls|your opponents control)", t)
    if m:
        return CountOf(object_filter(m.group(1), "you" if m.group(2) == "you control" else "opponent"))
    if re.fullmatch(r"\d+", t):
        return Fixed(int(t))
    raise ValueError(f"the amount {text!r} is not modelled")


_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: The three-colour groups a devotion can name (Devoted Abzan: "your devotion to Abzan"; the shards and the clans).
_CLANS = {"abzan": "WBG", "jeskai": "URW", "sultai": "BGU", "mardu": "RWB", "temur": "GUR",
          "bant": "GWU", "esper": "WUB", "grixis": "UBR", "jund": "BRG", "naya": "RGW"}
