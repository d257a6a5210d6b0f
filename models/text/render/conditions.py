"""Conditions ("if you control two or more Forests", "as long as it's your turn", "a creature died this turn"; CR
603.4, 602.5b, 611.3a) and the restrictions on activating and casting ("Activate only as a sorcery", "Activate only
once each turn", "Cast this spell only during combat"; CR 602.5, 601.3).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from ...vocab.amounts import (
    CountOf, DistinctAmong, Fixed, LargestGroup, LifeTotal, PowerOf, StartingLife, StatOf, Sum, ThisTurn, TotalAmong,
)
from ...vocab.conditions import (
    AttackedThisStep, AttackedThisTurn, CardsInZone, Compare, ControlsAtLeast, ControlsCommander,
    DefendingPlayerControls, DuringTurn, HasAnotherActivatedAbility, HasCounter, HasDesignation, MaxSpeed,
    OpponentControlsMore, OpponentHasCounters, SourceAttacking, SourceCast, SourceMatches, SourceModified,
    SourceRenowned, SourceTapped, SpellsCastThisTurn, TopOfLibrary,
)
from ...vocab.effect import COMBAT_STEPS, TURN_STEPS
from ...vocab.filters import Filter, Qualifier
from ...vocab.logic import AllOf, AnyOf, Not
from ...vocab.permissions import TimingRestriction
from .filters import STAT, filter_phrase
from .patterns import Unrenderable, fail, alt, any_order
from .table import renders
from .words import COLOR_WORDS, article, count_words, number, type_word


def filter_with_controller(f: Filter, controller: str = "any") -> Filter:
    """``f`` with the controller ``controller`` (a condition's objects are counted whoever controls them, unless it
    says whose)."""
    return Filter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__}, "controller": controller})


def count_phrase(n: int, f: Filter, compare: str = "at_least") -> str:
    if compare == "exactly":
        return f"exactly {number(n)} {filter_phrase(f, plural_=n != 1)}"
    if compare == "at_most":
        return f"{number(n)} or fewer {filter_phrase(f, plural_=True)}"
    if n == 1:
        return filter_phrase(f, det="a")
    return alt(f"{number(n)} or more {filter_phrase(f, plural_=True)}", f"at least {number(n)} {filter_phrase(f, plural_=True)}")


_DESIGNATION_WORDS = {"monarch": "you're the monarch", "initiative": "you have the initiative",
                      "city's blessing": "you have the city's blessing", "completed a dungeon": "you've completed a dungeon"}


def condition(c: Any) -> str:
    """A condition as the words after "if"/"as long as" ("you control a Swamp", "there are three or more brick
    counters on this", "seven or more cards are in your graveyard")."""
    if isinstance(c, ControlsAtLeast):
        f = c.filter
        if f.controller not in ("you", "any"):
            raise Unrenderable("controls-at-least of another player")
        return "you control " + count_phrase(c.n, filter_with_controller(f))
    if isinstance(c, HasCounter):
        if c.n == 1:
            return alt(f"there is {article(c.counter)} counter on this", f"this has {article(c.counter)} counter on it",
                       f"there are one or more {c.counter} counters on this", f"this has one or more {c.counter} counters on it")
        return alt(f"there are {number(c.n)} or more {c.counter} counters on this",
                   f"this has {number(c.n)} or more {c.counter} counters on it")
    if isinstance(c, Not):
        o = c.of
        if isinstance(o, ControlsAtLeast) and o.n == 1:
            return "you control no " + filter_phrase(filter_with_controller(o.filter), plural_=True)
        if isinstance(o, HasCounter) and o.n == 1:
            return alt(f"there are no {o.counter} counters on this", f"this has no {o.counter} counters on it")
        if isinstance(o, SourceMatches):
            return _source_is(o.filter, negated=True)
        if isinstance(o, SourceTapped):
            return alt("this is untapped", "it's untapped", "it is untapped")
        if isinstance(o, DefendingPlayerControls) and o.n == 1:
            return "defending player controls no " + filter_phrase(filter_with_controller(o.filter), plural_=True)
        raise Unrenderable(f"condition Not({type(o).__name__})")
    if isinstance(c, SourceTapped):
        return alt("this is tapped", "it's tapped", "it is tapped")
    if isinstance(c, TopOfLibrary) and c.whose == "you":
        inner = Filter(**{**{k: getattr(c.filter, k) for k in c.filter.__dataclass_fields__}, "zone": "library",
                            "controller": "any"})
        return "the top card of your library is " + article(filter_phrase(inner, zone_words=False))
    if isinstance(c, SourceAttacking):
        return "this is attacking"
    if isinstance(c, SourceModified):
        return alt("this is modified", "it's modified")
    if isinstance(c, SourceRenowned):
        return "this is renowned"
    if isinstance(c, MaxSpeed):
        return "your speed is 4"
    if isinstance(c, CardsInZone):
        if c.whose != "you":
            raise Unrenderable("cards in another player's zone")
        if c.n == 0 and c.compare in ("exactly", "at_most"):
            return alt(f"you have no cards in {c.zone}", f"there are no cards in your {c.zone}")
        if c.zone == "hand":
            if c.compare == "exactly":
                return f"you have exactly {number(c.n)} {'card' if c.n == 1 else 'cards'} in hand"
            if c.compare == "at_most":
                return f"you have {number(c.n)} or fewer cards in hand"
            return alt(f"you have {number(c.n)} or more cards in hand", f"you have at least {number(c.n)} cards in hand")
        if c.compare == "at_least":
            return alt(f"{number(c.n)} or more cards are in your {c.zone}",
                       f"there are {number(c.n)} or more cards in your {c.zone}",
                       f"you have {number(c.n)} or more cards in your {c.zone}")
        raise Unrenderable("cards in a zone")
    if isinstance(c, OpponentHasCounters):
        return f"an opponent has {number(c.n)} or more {c.kind} counters"
    if isinstance(c, HasDesignation) and c.whose == "you":
        return _DESIGNATION_WORDS[c.designation]
    if isinstance(c, SourceMatches):
        return _source_is(c.filter)
    if isinstance(c, AttackedThisTurn):
        if c.subject == "this":
            return "this attacked this turn"
        if c.filter is None:
            return "you attacked this turn" if c.n == 1 else f"you attacked with {number(c.n)} or more creatures this turn"
        return f"you attacked with {filter_phrase(filter_with_controller(c.filter), det='a')} this turn"
    if isinstance(c, HasAnotherActivatedAbility):
        return "this has another activated ability"
    if isinstance(c, AttackedThisStep):
        return "you've been attacked this step"
    if isinstance(c, SpellsCastThisTurn):
        return "you've cast another spell this turn" if c.n == 1 else f"you've cast {number(c.n)} or more spells this turn"
    if isinstance(c, AllOf):
        named = [p.filter for p in c.parts if isinstance(p, ControlsAtLeast) and p.n == 1 and p.filter.name]
        if len(named) == len(c.parts) > 1 and len({(f.all_of, f.controller) for f in named}) == 1 and named[0].all_of:
            noun = filter_phrase(dataclasses.replace(named[0], name=None, controller="any"), plural_=True)
            return f"you control {noun} named " + count_words([f.name or "" for f in named], "and")
        controls = [p for p in c.parts if isinstance(p, ControlsAtLeast) and p.filter.controller in ("you", "any")]
        if len(controls) == len(c.parts):
            return alt(count_words([condition(p) for p in c.parts], "and"),
                       "you control " + count_words([count_phrase(p.n, filter_with_controller(p.filter)) for p in controls], "and"))
        return count_words([condition(p) for p in c.parts], "and")
    if isinstance(c, AnyOf):
        return count_words([condition(p) for p in c.parts], "or")
    if isinstance(c, CardsInZone) and False:
        pass
    if isinstance(c, Compare):
        return _compare(c)
    if isinstance(c, DuringTurn):
        raise Unrenderable("a turn condition inside a sentence")
    if isinstance(c, DefendingPlayerControls):
        return "defending player controls " + count_phrase(c.n, filter_with_controller(c.filter))
    if isinstance(c, OpponentControlsMore):
        f = filter_with_controller(c.filter)
        return f"an opponent controls more {filter_phrase(f, plural_=True)} than you" if c.by == 1 else \
            f"an opponent controls at least {number(c.by)} more {filter_phrase(f, plural_=True)} than you"
    if isinstance(c, ControlsCommander):
        return "you control your commander"
    if isinstance(c, SourceCast):
        if c.bargained:
            return "it was bargained"
        return f"you cast it from your {c.zone}" if c.zone else "you cast it"
    raise Unrenderable(f"condition {type(c).__name__}")


def _source_is(f: Filter, negated: bool = False) -> str:
    q = f.qualifier
    if q.keywords and q == Qualifier(keywords=q.keywords) and not f.all_of:
        kws = count_words(list(q.keywords), "and")
        return alt(f"this doesn't have {kws}", f"this does not have {kws}") if negated else f"this has {kws}"
    if f.qualifier.this_turn == "entered" and f.qualifier == Qualifier(this_turn="entered"):
        return "this entered this turn" if not negated else "this didn't enter this turn"
    words = filter_phrase(f, det="a")
    if f.qualifier.tapped is not None and not f.all_of and f.qualifier == Qualifier(tapped=f.qualifier.tapped):
        words = "tapped" if f.qualifier.tapped else "untapped"
    if f.qualifier.enchanted is not None and f.all_of == () and f.qualifier == Qualifier(enchanted=f.qualifier.enchanted):
        words = "enchanted" if f.qualifier.enchanted else "unenchanted"
    return f"this {'isn’t' if negated else 'is'} {words}" if not negated else alt(f"this isn't {words}", f"this is not {words}")


def _compare(c: Compare) -> str:
    left, op, right = c.left, c.op, c.right
    r = right.n if isinstance(right, Fixed) else right if isinstance(right, int) else None
    if isinstance(left, ThisTurn) and r is not None and op == ">=" and r == 1:
        return _this_turn_event(left)
    if isinstance(left, LifeTotal) and left.whose == "you" and r is not None:
        if op == ">=":
            return alt(f"you have {number(r)} or more life", f"you have at least {number(r)} life")
        if op == "<=":
            return alt(f"you have {number(r)} or less life", f"your life total is {number(r)} or less")
    if isinstance(left, TotalAmong) and r is not None and op == ">=":
        return f"{filter_phrase(left.filter, plural_=True)} have total {STAT[left.stat]} {number(r)} or greater"
    if isinstance(left, DistinctAmong) and r is not None and op == ">=":
        what = {"card_type": "card types", "permanent_type": "permanent types", "basic_land_type": "basic land types",
                "color": "colors", "creature_type": "creature types", "power": "different powers",
                "mana_value": alt("different mana values", "mana values"), "name": "different names"}[left.aspect]
        return alt(f"there are {number(r)} or more {what} among {filter_phrase(left.filter, plural_=True)}",
                   f"{number(r)} or more {what} are among {filter_phrase(left.filter, plural_=True)}")
    if isinstance(left, CountOf) and r == 0 and op == "<=" and left.filter.controller == "opponent" \
            and c.opponents == "an":  # "an opponent has no cards in hand", "an opponent controls no basic lands"
        f = left.filter
        if f.zone == "hand" and not f.all_of and not f.any_of and f.qualifier.empty:
            return "an opponent has no cards in hand"
        if f.zone == "battlefield":
            return f"an opponent controls no {filter_phrase(filter_with_controller(f), plural_=True)}"
    if isinstance(left, CountOf) and r is not None and op == ">=" and left.filter.controller == "any" \
            and left.filter.zone == "battlefield" and left.filter.relation is None:
        return f"there are {number(r)} or more {filter_phrase(filter_with_controller(left.filter), plural_=True)} on the battlefield"
    if isinstance(left, CountOf) and r is not None and op == ">=":
        f = left.filter
        if f.controller == "opponent" and f.zone == "battlefield":
            return f"an opponent controls {count_phrase(r, filter_with_controller(f))}"
        if f.zone in ("graveyard",) and f.controller == "you":
            if r == 1:
                return alt(f"there is {filter_phrase(f, det='a')}", f"{filter_phrase(f, det='a')} is in your graveyard")
            mine = filter_phrase(dataclasses.replace(f, controller="any"), plural_=True, zone_words=False)
            return alt(f"there are {number(r)} or more {filter_phrase(f, plural_=True)}",
                       f"there are at least {number(r)} {filter_phrase(f, plural_=True)}",
                       f"{number(r)} or more {filter_phrase(f, plural_=True)} are in your graveyard",
                       f"you have {number(r)} or more {mine} in your graveyard")
        if f.relation == "exiled_with" and r == 1:
            return alt("a card is exiled with this", "there is a card exiled with this")
        if f.zone == "graveyard" and f.controller == "opponent":
            return f"an opponent has {number(r)} or more {filter_phrase(dataclasses.replace(f, controller='any'), plural_=True, zone_words=False)} in their graveyard"
    if isinstance(left, CountOf) and isinstance(right, CountOf) and op == ">" and c.opponents == "each" \
            and left.filter.zone == right.filter.zone == "hand":
        return "you have more cards in hand than each opponent"
    if isinstance(left, LargestGroup) and r is not None and op == ">=" and left.aspect == "name":
        return f"you control {number(r)} or more {filter_phrase(filter_with_controller(left.filter), plural_=True)} with the same name"
    if isinstance(left, LifeTotal) and left.whose == "you" and isinstance(right, Sum) and op == ">=" \
            and len(right.parts) == 1 and isinstance(right.parts[0], StartingLife):
        return f"you have at least {number(right.plus)} life more than your starting life total"
    if isinstance(left, (StatOf, PowerOf)) and r is not None and op == ">=":
        stat = left.stat if isinstance(left, StatOf) else "power"
        if isinstance(left, StatOf) and left.relation != "this":
            raise Unrenderable("a stat of another object")
        return f"this's {STAT[stat]} is {number(r)} or greater"
    if isinstance(left, ThisTurn) and r is not None and op == ">=":
        return _this_turn_event(left, r)
    raise Unrenderable("a comparison of amounts")


def _this_turn_event(t: ThisTurn, n: int = 1) -> str:
    """"a creature died this turn", "five or more creatures died this turn", "you've cast two or more spells this turn"
    (the turn's history, CR 500-514)."""
    who = {"you": "you", "opponent": "an opponent", "any": ""}[t.whose]
    f = t.filter
    if n > 1:
        if t.event == "died":
            objs = filter_phrase(f, plural_=True) if f is not None else "creatures"
            return f"{number(n)} or more {objs} died this turn"
        if t.event == "spells_cast" and who == "you":
            objs = spells_subject((), "", f.any_of, plural_=True) if f is not None and f.any_of and not f.all_of else \
                (filter_phrase(f, plural_=True) + " spells" if f is not None else "spells")
            return f"you've cast {number(n)} or more {objs} this turn"
        if t.event == "energy_paid" and who == "you":
            return f"you've paid or lost {number(n)} or more {{E}} this turn"
        if t.event == "entered" and who == "you":
            objs = filter_phrase(f, plural_=True) if f is not None else "permanents"
            return f"{number(n)} or more {objs} entered the battlefield under your control this turn"
        if t.event == "left_graveyard" and who == "you":
            return f"{number(n)} or more cards left your graveyard this turn"
        if t.event == "cards_drawn" and f is None and who:
            if who == "you":
                return f"you've drawn {number(n)} or more cards this turn"
            return alt(f"an opponent has drawn {number(n)} or more cards this turn",
                       f"an opponent drew {number(n)} or more cards this turn")
        if t.event == "entered" and who == "an opponent":
            objs = filter_phrase(f, plural_=True) if f is not None else "permanents"
            return f"an opponent had {number(n)} or more {objs} enter the battlefield under their control this turn"
        if t.event == "spells_cast" and f is None and who == "an opponent":
            return alt(f"an opponent cast {number(n)} or more spells this turn",
                       f"an opponent has cast {number(n)} or more spells this turn")
        if t.event == "life_gained" and who == "you":
            return f"you've gained {number(n)} or more life this turn"
        raise Unrenderable(f"turn event {t.event!r} {n} times")
    if t.event == "died":
        obj = filter_phrase(f, det="a") if f is not None else "a creature"
        return f"{obj} died this turn"
    if t.event == "entered" and who == "an opponent":
        obj = filter_phrase(f, det="a") if f is not None else "a permanent"
        return f"an opponent had {obj} enter the battlefield under their control this turn"
    if t.event == "entered" and who == "you":
        obj = filter_phrase(f, det="a") if f is not None else "a permanent"
        return alt(f"you had {obj} enter the battlefield under your control this turn",
                   f"{obj} entered the battlefield under your control this turn")
    if t.event == "tokens_created" and who == "you":
        return "you created a token this turn"
    if t.event == "left_graveyard" and who == "you":
        return "a card left your graveyard this turn"
    if t.event == "life_lost" and who:
        return f"{who} lost life this turn"
    if t.event == "life_gained" and who:
        return f"{who} gained life this turn"
    if t.event == "left_battlefield":
        return "a permanent left the battlefield under your control this turn"
    if t.event == "discarded" and who == "you":
        return "you've discarded a card this turn"
    if t.event == "sacrificed" and who == "you":
        return alt("you've ", "if you've ") + f"sacrificed {filter_phrase(f, det='a') if f is not None else 'a permanent'} this turn"
    if t.event == "lands_played" and who == "you":
        return "you played a land this turn"
    if t.event == "cards_drawn" and who == "you":
        return "you've drawn a card this turn"
    if t.event == "spells_cast" and who:
        if f is not None and not f.all_of and f.none_of and not f.any_of:
            spell = article(" ".join("non" + x.lower() for x in f.none_of) + " spell")
        elif f is not None and f.colors and not (f.all_of or f.any_of or f.none_of) and f.qualifier.empty:
            spell = article(" ".join(COLOR_WORDS[x] for x in f.colors) + " spell")  # "a blue spell" (CR 105.2)
        else:
            spell = filter_phrase(f, det="a") + " spell" if f is not None else "a spell"
        forms = [f"{who} cast {spell} this turn", f"{who}'ve cast {spell} this turn"]
        if who == "you" and f is not None:  # the spell being cast is not cast yet (CR 601.2i): "another" is any
            forms.append(f"you've cast another {filter_phrase(f)} spell this turn")
        return alt(*forms)
    raise Unrenderable(f"turn event {t.event!r}")


_STEP_WORDS = {"untap": "untap step", "upkeep": alt("upkeep", "upkeep step"), "draw": "draw step", "precombat_main": "precombat main phase",
               "beginning_of_combat": "beginning of combat step", "declare_attackers": "declare attackers step",
               "declare_blockers": "declare blockers step", "combat_damage": "combat damage step",
               "end_of_combat": "end of combat step", "postcombat_main": "postcombat main phase", "end": "end step",
               "cleanup": "cleanup step"}


_BEFORE = {"declare_attackers": "attackers are declared", "declare_blockers": "blockers are declared"}


def _when_clause(r: TimingRestriction) -> str:
    """"during combat on your turn before blockers are declared", "during your upkeep", "during an opponent's turn"."""
    turn = {"yours": "your turn", "opponents": "an opponent's turn", None: ""}[r.turn]
    bits = []
    steps = tuple(r.steps)
    if steps and set(steps) == set(TURN_STEPS) - set(COMBAT_STEPS) and not r.turn:
        raise Unrenderable("not during combat")  # printed as "You can't activate this ability during combat."
    if steps and set(steps) == set(COMBAT_STEPS):
        bits.append("during combat" + (f" on {turn}" if turn else ""))
    elif len(steps) == 1:
        w = _STEP_WORDS.get(steps[0])
        if w is None:
            raise Unrenderable(f"step {steps[0]!r}")
        if r.turn == "yours":
            bits.append(alt(f"during your {w}", f"during the {w} on your turn"))
        elif r.turn == "opponents":
            bits.append(alt(f"during an opponent's {w}", f"during each opponent's {w}", f"during the {w} on an opponent's turn"))
        else:
            bits.append(alt(f"during any {w}", f"during the {w}", f"during each {w}") if "main" not in w else f"during a {w}")
    elif steps:
        raise Unrenderable("several steps")
    elif turn:
        bits.append(alt(f"during {turn}", "if it's not your turn") if r.turn == "opponents" else f"during {turn}")
    if r.before is not None:
        w = _BEFORE.get(r.before) or ("combat" if r.before == "beginning_of_combat" else None) or \
            "the " + _STEP_WORDS.get(r.before, "?")
        if r.before == "declare_blockers" and not steps:
            w = alt(w, "combat or during combat before blockers are declared")
        bits.append(f"before {w}" if bits == [] else alt(f"before {w}", f", before {w}", f"and only before {w}"))
    if r.after is not None:
        w = {"declare_attackers": "blockers are declared", "upkeep": "upkeep", "end_of_combat": "combat"}.get(r.after)
        if w is None:
            raise Unrenderable(f"after {r.after!r}")
        if r.after == "upkeep":
            bits.append("after their upkeep step" if r.turn == "opponents" else "after your upkeep step")
        else:
            bits.append(f"after {w}")
    return " ".join(bits)


def restriction(r: TimingRestriction) -> str:
    """A restriction sentence ("Activate only as a sorcery.", "Activate only during your upkeep and only once each
    turn.", "Cast this spell only during combat.")."""
    if r.not_own_turns_upto is not None:
        if r.of != "cast":
            raise Unrenderable("not own turns of an ability")
        turns = {3: "first, second, or third turns", 2: "first or second turns", 1: "first turn"}.get(r.not_own_turns_upto)
        if turns is None or r.timing or r.turn or r.steps or r.conditions:
            raise Unrenderable("not own turns")
        return f"You can't cast this spell during your {turns} of the game."
    if r.from_own_turn is not None:
        words = {6: "sixth"}.get(r.from_own_turn)
        if words is None:
            raise Unrenderable("from own turn")
        return f"You can't activate this ability until you've begun your {words} turn of the game."
    if r.steps and set(r.steps) == set(TURN_STEPS) - set(COMBAT_STEPS) and not (r.turn or r.timing or r.conditions
                                                                                      or r.per_turn or r.before or r.after):
        return f"You can't {'activate this ability' if r.of == 'activate' else 'cast this spell'} during combat."
    clauses = []
    if r.timing is not None:
        clauses.append("as a sorcery" if r.timing == "sorcery" else "as an instant")
    when = _when_clause(r)
    if when:
        clauses.append(when)
    for c in r.conditions:
        clauses.append("if " + condition(c))
    limit = ""
    if r.per_turn is not None:
        if r.per_turn == 1:
            clauses.append("once each turn")
        else:
            limit = {2: "twice", 3: "three times", 4: "four times"}.get(r.per_turn, "")
            if not limit:
                raise Unrenderable("per-turn limit")
    if r.per_game is not None:
        if r.per_game != 1:
            raise Unrenderable("per-game limit")
        clauses.append("once")
    head = "Activate" if r.of == "activate" else "Cast this spell"
    if r.any_player:
        if r.of != "activate":
            raise Unrenderable("any player may cast")
        if not clauses and not limit:
            return "Any player may activate this ability."
        if limit:
            raise Unrenderable("any player with a limit")
        clauses = [c.replace("your turn", "their turn") for c in clauses]
        return "Any player may activate this ability but only " + any_order(clauses, lambda xs: " and only ".join(xs)) + "."
    if limit:
        if clauses:
            return f"{head} no more than {limit} each turn and only " + " and only ".join(clauses) + "." if r.of == "activate" \
                else fail("limit with clauses")
        return f"{head} no more than {limit} each turn."
    if not clauses:
        raise Unrenderable("an empty restriction")
    return f"{head} only " + any_order(clauses, lambda xs: " and only ".join(xs)) + "."


CLASS_WORDS = {"all": "", "noncreature": "noncreature", "creature": "creature", "instant_sorcery": alt("instant and sorcery", "instant or sorcery"),
                "artifact": "artifact", "nonartifact": "nonartifact", "enchantment": "enchantment",
                "multicolored": "multicolored", "monocolored": "monocolored", "colorless": "colorless"}


def spells_subject(colors: Sequence[str], cls: str, types: Sequence[str], plural_: bool = True) -> str:
    """The spells a cost change names: "Creature spells", "Black spells", "Artifact and enchantment spells",
    "Merfolk spells and Wizard spells", "historic spells" (CR 700.6), "Colorless Eldrazi spells"; each list is "at
    least one of"."""
    noun = "spells" if plural_ else "spell"
    kinds: list[str] = []
    fixed: list[str] = [cls] if cls else []
    if tuple(types) == ("Artifact", "Legendary", "Saga"):
        fixed.append("historic")
        types = ()
    cols = [COLOR_WORDS[c] for c in colors]
    tws = [type_word(t) for t in types]
    if cols and tws:
        if len(cols) > 1 or len(tws) > 1:
            raise Unrenderable("colours and types together")
        fixed += cols + tws
    else:
        kinds = cols or tws
    head = " ".join(fixed)
    if len(kinds) <= 1:
        return " ".join(filter(None, [head, *kinds, noun]))
    forms = [" ".join(filter(None, [head, count_words(kinds, conj), noun])) for conj in ("and", "or", "and/or")]
    forms.append(count_words([" ".join(filter(None, [head, k, noun])) for k in kinds], "and"))
    return alt(*forms)


renders(TimingRestriction)(lambda e: restriction(e))
