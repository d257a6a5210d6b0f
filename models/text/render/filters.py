"""Object words and the amounts that count them, printed from a ``Filter``/``Qualifier`` (CR 109, 205; "nontoken
creatures you control with power 4 or greater") and from the typed amounts ("for each Elf you control", "the number
of cards in your hand", "your devotion to green", CR 700.5). One module, as their reader is
(``models.text.filters``): a qualifier may compare with an amount and an amount counts a filter's objects.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from ...vocab.amounts import (
    CountOf, CountersAmong, CountersOn, CountersRemoved, Devotion, DistinctAmong, EventAmount, Fixed, GreatestAmong,
    LifeTotal, OfChosenType, PartySize, PlayerCounters, PlayersWho, PowerOf, SharingCreatureType, StatOf, Sum,
    ThisTurn, TotalAmong, VariableX,
)
from ...vocab.filters import Comparison, Filter, Qualifier
from ...game.subtypes import HISTORIC_KINDS, OUTLAW_TYPES, plural
from .patterns import ALT_L, Unrenderable, alt, any_order, expand, wild
from .words import CARD_TYPES, COLOR_WORDS, SUPERTYPES, TYPE_ORDER, article, count_words, number, type_word


_COMBAT_WORDS = {"attacking": "attacking", "blocking": "blocking", "attacking_or_blocking": "attacking or blocking",
                 "blocked": "blocked", "unblocked": "unblocked", "nonattacking": "nonattacking",
                 "nonblocking": "nonblocking", "blocking_or_blocked": "blocking or blocked"}


def _comparison(c: Comparison) -> str:
    what = c.quantity.replace("_", " ")
    if c.amount is not None:
        rel = {"<=": "less than or equal to", ">=": "greater than or equal to", "==": "equal to", "<": "less than",
               ">": "greater than"}[c.op]
        noun = amount_noun(c.amount)
        return alt(f"{what} {rel} {noun}", f"{what} {noun}") if c.op == "==" else f"{what} {rel} {noun}"
    if c.against is not None:
        rel = {"<=": "less than or equal to", ">=": "greater than or equal to", "==": "equal to", "<": "less than",
               ">": "greater than"}[c.op]
        return f"{what} {rel} this creature's {c.against.replace('_', ' ')}"
    v = "X" if c.value is None else str(c.value)
    if c.op == "<=":
        return f"{what} {v} or less"
    if c.op == ">=":
        return alt(f"{what} {v} or greater", f"{what} {v} or more")
    if c.op == "==":
        return f"{what} {v}"
    return f"{what} {'less' if c.op == '<' else 'greater'} than {v}"


def qualifier_parts(q: Qualifier) -> tuple[list[str], list[str]]:
    """The adjectives before the noun and the phrases after it of a qualifier."""
    pre: list[str] = []
    post: list[str] = []
    if q.any_of or q.player is not None or q.history or q.not_named or q.other_than or q.x_in_cost is False:
        raise Unrenderable("a qualifier with a union, a player condition, history or names")
    if q.tapped is not None:
        pre.append("tapped" if q.tapped else "untapped")
    if q.token is True:
        post.append("token")  # "creature token": after the noun (handled by the caller)
    if q.token is False:
        pre.append("nontoken")
    if q.face_down is not None:
        pre.append("face-down" if q.face_down else "face-up")
    if q.combat is not None:
        if q.combat not in _COMBAT_WORDS:
            raise Unrenderable(f"combat status {q.combat!r}")
        pre.append(_COMBAT_WORDS[q.combat])
    if q.modified:
        pre.append("modified")
    if q.enchanted is not None:
        pre.append("enchanted" if q.enchanted else "unenchanted")
    if q.equipped is not None:
        pre.append("equipped" if q.equipped else "unequipped")
    for c in q.not_colors:
        pre.append("non" + COLOR_WORDS[c])
    if q.colors_any:
        pre.append(count_words([COLOR_WORDS[c] for c in q.colors_any], "or"))
    for c in q.colors:
        pre.append(COLOR_WORDS[c])
    if q.colorless is not None:
        pre.append("colorless" if q.colorless else "colored")
    if q.multicolored:
        pre.append("multicolored")
    if q.monocolored:
        pre.append("monocolored")
    if q.keywords:
        post.append("with " + count_words(list(q.keywords), "and"))
    if q.without_keywords:
        post.append("without " + count_words(list(q.without_keywords), "or"))
    for comp in q.compare:
        post.append("with " + _comparison(comp))
    if q.counters:
        if len(q.counters) != 1:
            raise Unrenderable("several counter tests")
        k = q.counters[0]
        post.append(alt("with a counter on it", "with one or more counters on it") if k == "" else
                    alt(f"with {article(k)} counter on it", f"with one or more {k} counters on it"))
    if q.this_turn:
        post.append({"dealt_damage_to_you": "that dealt damage to you this turn", "dealt_damage": "that dealt damage this turn",
                     "was_dealt_damage": "that was dealt damage this turn", "attacked": "that attacked this turn",
                     "fought": "that fought this turn", "entered": "that entered this turn"}[q.this_turn])
    if q.name:
        post.append(f"named {q.name}")
    if q.x_in_cost:
        post.append("with {X} in " + alt("its mana cost", "their mana costs", "their mana cost"))
    return pre, post


_CONTROLLER = {"you": "you control", "opponent": alt("an opponent controls", "your opponents control")}


_CONTROLLER_PLURAL = {"you": "you control", "opponent": alt("your opponents control", "an opponent controls")}


def filter_phrase(f: Filter, plural_: bool = False, det: str = "", controller: bool = True,
                  zone_words: bool = True) -> str:
    """Object words of a ``Filter``: ``[det] [adjectives] [types] [noun] [you control] [with ...]``.

    ``plural_``: the plural noun ("creatures you control"); ``det``: ``"a"`` (an article), ``"each"``,
    ``"another"``/``"other"`` come from ``other``; ``controller``: print who controls it; ``zone_words``: print
    where it is ("in your graveyard")."""
    if f is None:
        raise Unrenderable("no filter")
    if f.relation is not None:
        return relation_phrase(f)
    if f.mana_value_at_most is not None:
        raise Unrenderable("a filter with a mana value bound")
    if f.name is not None:
        if f.all_of or f.none_of or f.any_of or f.alternatives or not f.qualifier.empty or f.colors or f.nontoken:
            named = " named " + f.name
            f = dataclasses.replace(f, name=None)
            base = filter_phrase(f, plural_, det, controller, zone_words)
            return base + named if not base.startswith(ALT_L) else alt(*(o + named for o in expand(base)))
        noun = f.name  # a card's name is its own noun ("a Command Tower")
        ctl = (_CONTROLLER[f.controller] if f.controller != "any" and controller else "")
        words = " ".join(filter(None, [noun, ctl]))
        return article(words) if det in ("a", "an") else words
    q = f.qualifier
    pre, post = qualifier_parts(q)
    for c in f.colors:
        pre.append(COLOR_WORDS[c])
    if f.nontoken:
        pre.append("nontoken")
    supers = [t for t in f.all_of if t in SUPERTYPES]
    pre += [t.lower() for t in supers]
    pre += [("non" + t.lower()) if t in CARD_TYPES or t in SUPERTYPES else "non-" + type_word(t)
            for t in f.none_of]
    if f.alternatives:
        if (f.all_of and tuple(f.all_of) != ("Permanent",)) or f.any_of:
            raise Unrenderable("a union with shared types")
        nouns = [filter_phrase(_in_zone(a, f), plural_, controller=False, zone_words=False) for a in f.alternatives]
        noun = count_words(nouns, "or") if not plural_ else alt(count_words(nouns, "and"), count_words(nouns, "or"),
                                                                   count_words(nouns, "and/or"))
    else:
        noun = _noun(f, plural_)
    token_after = "token" in post
    post = [p for p in post if p != "token"]
    if token_after:
        noun = noun + (" tokens" if plural_ else " token")
    head = " ".join(filter(None, [any_order(pre, " ".join) if pre else "", noun]))
    other = f.other or q.other
    zone = _zone_phrase(f, plural_) if zone_words else ""
    ctl = ""
    if controller and f.controller != "any" and f.zone == "battlefield":
        ctl = (_CONTROLLER_PLURAL if plural_ else _CONTROLLER)[f.controller]
    after = " ".join(post)
    if ctl and after:  # "creatures you control with flying" / "creatures with flying you control"
        tail = " ".join(filter(None, [zone, alt(ctl + " " + after, after + " " + ctl)]))
    else:
        tail = " ".join(filter(None, [zone, ctl, after]))
    words = " ".join(filter(None, [head, tail]))
    if det in ("a", "an") and not other and f.alternatives and not pre and not tail:
        # "an artifact or creature" / "an artifact or a creature" / "a black or artifact creature"
        nouns = [filter_phrase(_in_zone(a, f), controller=False, zone_words=False) for a in f.alternatives]
        forms = [article(words), count_words([article(w) for w in nouns], "or")]
        last = [n.rsplit(" ", 1) for n in nouns]
        if all(len(x) == 2 for x in last) and len({x[1] for x in last}) == 1:
            forms.append(article(count_words([x[0] for x in last], "or") + " " + last[0][1]))
        return alt(*forms)
    if det in ("a", "an") and not other and f.any_of and not pre and not tail and not f.all_of:
        # "a Swamp or a Mountain" / "a Swamp or Mountain"
        each = [type_word(t) for t in f.any_of]
        return alt(article(words), count_words([article(w) for w in each], "or"))
    if other:
        if det in ("a", "an") and f.alternatives and not pre and not tail:
            nouns = [filter_phrase(_in_zone(a, f), controller=False, zone_words=False) for a in f.alternatives]
            return alt("another " + words, "another " + nouns[0] + " or " + count_words([article(w) for w in nouns[1:]], "or"))
        if det in ("a", "an", ""):
            return ("another " if not plural_ else "other ") + words if det else "other " + words
        return f"{det} other {words}"
    if det in ("a", "an"):
        return article(words)
    return f"{det} {words}" if det else words


def _in_zone(a: Filter, f: Filter) -> Filter:
    """An alternative of a union where the union's objects are ("a red or green card": cards in a hand)."""
    return a if a.zone == f.zone else dataclasses.replace(a, zone=f.zone)


def _noun(f: Filter, plural_: bool) -> str:
    """The noun of a filter: its subtypes and card types ("Elf", "artifact creature", "Mountain, Forest, or Plains",
    "land", "permanent"); "card" in a graveyard, hand or library."""
    types = [t for t in f.all_of if t not in SUPERTYPES]
    if f.any_of:
        if tuple(f.any_of) == OUTLAW_TYPES and not types:
            return plural("outlaw") if plural_ else "outlaw"
        if tuple(f.any_of) == HISTORIC_KINDS:  # CR 700.6: "historic permanents", "a historic card"
            in_zone = f.zone in ("graveyard", "hand", "library", "exile")
            return "historic " + _join_types(types or ([] if in_zone else ["Permanent"]), plural_, card=in_zone)
        words = [type_word(t) for t in f.any_of]
        card = f.zone in ("graveyard", "hand", "library", "exile")
        if plural_ and not card:
            words = [plural(w) for w in words]
        if not types:
            joined = alt(count_words(words, "or"), count_words(words, "and"), count_words(words, "and/or"))
            # "an instant or sorcery card", "instant and/or sorcery cards" (one noun after the types)
            return joined + (" cards" if plural_ else " card") if card else joined
        return count_words(words, "or") if not types else \
            count_words(words, "and") + " " + _join_types(types, plural_)
    if not types:
        types = ["Permanent"] if f.zone == "battlefield" else []
    return _join_types(types, plural_, card=f.zone in ("graveyard", "hand", "library", "exile"))


def _join_types(types: Sequence[str], plural_: bool, card: bool = False) -> str:
    card_types = [t for t in TYPE_ORDER if t in types]
    subs = [t for t in types if t not in card_types and t not in ("Permanent", "Token")]
    words = [type_word(t) for t in subs] + [type_word(t) for t in card_types] + (["token"] if "Token" in types else [])
    if "Permanent" in types and not card_types:
        words.append("permanent")
    if card:
        words.append("card")
    if not words:
        raise Unrenderable("a filter naming nothing")
    if plural_:
        words[-1] = plural(words[-1])
    return " ".join(words)


def _zone_phrase(f: Filter, plural_: bool) -> str:
    if f.zone == "battlefield":
        return ""
    whose = {"you": "your", "opponent": alt("an opponent's", "your opponents'"), "any": ""}[f.controller]
    z = {"graveyard": "graveyard", "hand": "hand", "library": "library", "exile": "exile"}.get(f.zone)
    if z is None:
        raise Unrenderable(f"zone {f.zone!r}")
    if z == "exile":
        return "in exile"
    if not whose:
        return f"in {plural(z) if plural_ else 'a ' + z}" if z != "graveyard" else alt("in a graveyard", "in graveyards")
    return f"in {whose} {z}"


def relation_phrase(f: Filter) -> str:
    r = f.relation
    types = [t for t in f.all_of if t not in SUPERTYPES]
    if f.none_of or f.any_of or f.alternatives or not f.qualifier.empty or f.colors:
        raise Unrenderable("a relation with other tests")
    noun = _join_types(types, False) if types else "permanent"
    # with no type named, the object is only what the relation says it is: the noun after it is descriptive
    any_noun = alt("permanent", "land", "creature", "artifact", "enchantment", "planeswalker")
    if r == "this":
        return "this " + noun if types else "this"
    if r in ("enchanted", "equipped"):
        return f"{r} {noun if types else any_noun}"
    if r in ("that", "it"):
        return alt("it", "that " + noun) if types else alt("it", "that " + any_noun)
    if r == "sacrificed":
        return f"the sacrificed {noun}"
    if r == "exiled_with":
        return alt("the exiled card", "cards exiled with this")
    raise Unrenderable(f"relation {r!r}")


STAT = {"power": "power", "toughness": "toughness", "mana_value": "mana value"}


def amount_noun(a: Any) -> str:
    """An amount as a noun phrase ("the number of Elves you control", "this creature's power", "X")."""
    if isinstance(a, Fixed):
        return number(a.n)
    if isinstance(a, VariableX):
        return "X"
    if isinstance(a, CountOf):
        f = a.filter
        where = alt("", " on the battlefield") if f.controller == "any" and f.zone == "battlefield" and f.relation is None else ""
        return "the number of " + filter_phrase(f, plural_=True) + where
    if isinstance(a, PowerOf):
        return "this creature's power"
    if isinstance(a, StatOf):
        noun = alt("creature", "artifact", "permanent", "land", "enchantment")
        who = {"this": "this creature's", "enchanted": "enchanted creature's", "equipped": "equipped creature's",
               "sacrificed": f"the sacrificed {noun}'s", "exiled": f"the exiled {alt('card', noun)}'s",
               "that": alt("its", "that creature's")}[a.relation]
        return f"{who} {STAT[a.stat]}"
    if isinstance(a, CountersOn):
        return f"the number of {a.counter + ' ' if a.counter else ''}counters on this"
    if isinstance(a, Devotion):
        if a.color == "chosen":
            return "your devotion to that color"
        if all(c in COLOR_WORDS for c in a.color):
            return f"your devotion to {devotion_words(a.color)}"
        raise Unrenderable(f"devotion {a.color!r}")
    if isinstance(a, GreatestAmong):
        return f"the greatest {STAT[a.stat]} among {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, TotalAmong):
        return f"the total {STAT[a.stat]} of {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, LifeTotal):
        return "your life total" if a.whose == "you" else alt("an opponent's life total", "that player's life total")
    if isinstance(a, CountersRemoved):
        return f"the number of {a.counter + ' ' if a.counter not in ('', 'any') else ''}counters removed this way"
    if isinstance(a, Sum):
        if len(a.parts) == 1 and a.plus:
            words = {1: "one", 2: "two", 3: "three"}.get(a.plus, str(a.plus))
            inner = amount_noun(a.parts[0])
            return alt(f"{inner} plus {words}", f"{words} plus {inner}")
        raise Unrenderable("a sum of amounts")
    if isinstance(a, SharingCreatureType):
        return f"the greatest number of {filter_phrase(a.filter, plural_=True)} that have a creature type in common"
    if isinstance(a, OfChosenType):
        return f"the number of {filter_phrase(a.filter, plural_=True)} of the chosen type"
    if isinstance(a, CountersAmong):
        return f"the number of {a.counter + ' ' if a.counter else ''}counters on {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, EventAmount) and a.of == "":
        return wild("a number the event gives")
    if isinstance(a, DistinctAmong) and a.aspect == "name":  # CR 201.2
        return f"the number of differently named {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, DistinctAmong):
        what = {"basic_land_type": "basic land types", "color": "colors", "card_type": "card types",
                "creature_type": "creature types"}.get(a.aspect)
        if what is None:
            raise Unrenderable(f"distinct {a.aspect!r}")
        return f"the number of {what} among {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, ThisTurn) and a.whose == "you" and a.filter is None:
        what = {"life_gained": "the amount of life you gained this turn", "life_lost": "the amount of life you lost this turn",
                "cards_drawn": "the number of cards you've drawn this turn",
                "spells_cast": "the number of spells you've cast this turn"}.get(a.event)
        if what is None:
            raise Unrenderable(f"turn event {a.event!r}")
        return what
    if isinstance(a, PartySize):
        return "the number of creatures in your party"
    if isinstance(a, PlayerCounters) and a.whose == "you":
        return f"the number of {a.kind} counters you have"
    if isinstance(a, EventAmount) and a.of == "attack" and a.reads is not None:
        return amount_noun(a.reads)
    raise Unrenderable(f"amount {type(a).__name__}")


def amount_each(a: Any) -> str:
    """An amount as "for each ..." wording (``CountOf``, ``CountersOn``), else ``Unrenderable``."""
    if isinstance(a, CountOf):
        f = a.filter
        if f.controller == "any" and f.zone == "battlefield" and f.relation is None:
            return "for each " + filter_phrase(f) + alt(" on the battlefield", "")
        return "for each " + filter_phrase(f)
    if isinstance(a, CountersOn):
        return f"for each {a.counter + ' ' if a.counter else ''}counter on this"
    if isinstance(a, CountersRemoved):
        kind = a.counter + " " if a.counter not in ("", "any") else ""
        return f"for each {kind}counter removed this way"
    if isinstance(a, VariableX):  # the number chosen as the cost is paid (CR 107.3a, 601.2b)
        return "for each " + wild("object", r"[a-z+/0-9'-]+") + " " + \
            alt("sacrificed", "removed", "exiled", "discarded", "tapped", "revealed") + " this way"
    if isinstance(a, CountersAmong):
        return f"for each {a.counter + ' ' if a.counter else ''}counter on {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, DistinctAmong):
        what = {"basic_land_type": "basic land type", "color": "color", "card_type": "card type",
                "creature_type": "creature type", "power": "different power", "mana_value": "different mana value"}.get(a.aspect)
        if what is None:
            raise Unrenderable(f"distinct {a.aspect!r}")
        return f"for each {what} among {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, ThisTurn) and a.whose == "you" and a.filter is None and a.event == "cards_drawn":
        return "for each card you've drawn this turn"
    if isinstance(a, ThisTurn) and a.event == "died" and a.whose == "any" and a.filter is not None:
        return f"for each {filter_phrase(a.filter)} that died this turn"
    if isinstance(a, ThisTurn) and a.event == "spells_cast":
        if a.whose == "you" and a.filter is not None and a.filter.any_of and not a.filter.all_of:
            return "for each " + count_words([type_word(t) for t in a.filter.any_of], "and") + " spell you've cast this turn"
        if a.whose == "opponent" and a.filter is None:
            return "for each spell your opponents have cast this turn"
        if a.whose == "any" and a.filter is None:
            return "for each other spell cast this turn"
    if isinstance(a, ThisTurn) and a.event == "sacrificed":
        if a.whose == "any" and a.filter is None:
            return "for each permanent sacrificed this turn"
        if a.whose == "you" and a.filter is not None:
            return f"for each {filter_phrase(a.filter)} you've sacrificed this turn"
    if isinstance(a, ThisTurn) and a.whose == "opponent" and a.event == "life_lost" and a.filter is None:
        return "for each 1 life your opponents have lost this turn"
    if isinstance(a, PlayersWho) and a.whose == "opponent" and a.event == "life_lost":
        return "for each of your opponents who lost life this turn"
    if isinstance(a, EventAmount) and a.of == "player" and a.reads is not None:
        return amount_each(a.reads).replace("you control", "they control")
    if isinstance(a, PartySize):
        return "for each creature in your party"
    if isinstance(a, EventAmount) and a.of == "attack" and a.reads is not None:
        return amount_each(a.reads)
    raise Unrenderable(f"amount {type(a).__name__} as 'for each'")


_GUILDS = {"WU": "Azorius", "UB": "Dimir", "BR": "Rakdos", "RG": "Gruul", "WG": "Selesnya", "WB": "Orzhov", "UR": "Izzet",
           "BG": "Golgari", "WR": "Boros", "UG": "Simic", "WUB": "Esper", "UBR": "Grixis", "BRG": "Jund", "WRG": "Naya",
           "WUG": "Bant", "WBG": "Abzan", "WUR": "Jeskai", "UBG": "Sultai", "WBR": "Mardu", "URG": "Temur"}


def devotion_words(colors: str) -> str:
    """"white", "white and black", "Abzan" (CR 700.5)."""
    if len(colors) == 1:
        return COLOR_WORDS[colors]
    key = "".join(c for c in "WUBRG" if c in colors)
    words = [count_words([COLOR_WORDS[c] for c in key], "and")]
    if key in _GUILDS:
        words.append(_GUILDS[key])
    return alt(*words)
