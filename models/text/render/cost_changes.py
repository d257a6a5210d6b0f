"""Costs of casting and activating as changed by text: additional and alternative costs (CR 118.8, 118.9), cost
increases and reductions (CR 601.2f), a spell's own cost change ("This spell costs {2} less to cast ...") and an
activated ability's ("This ability costs {1} less to activate ...", CR 602.2b), activation cost changes, what
cannot be paid (CR 119.4b), delve's grants and counts (CR 702.66).
"""
from __future__ import annotations

import contextlib

import dataclasses
import re
from typing import Any

from ...vocab.amounts import Devotion
from ...vocab.conditions import TargetsInclude
from ...vocab.cost_effects import (
    AbilityCostChange, ActivationCostChange, AdditionalCost, CantPayCosts, CastCondition, CostIncrease, CostMinimum,
    CostReduction, ObjectCost, PrintedAlternativeCost, SelfCostChange,
)
from ...vocab.filters import Filter, Qualifier
from ...vocab.keyword_effects import DelveCount, DelveKeywordGrant
from ...game.subtypes import plural
from ..costs import PERMANENT_CARD_TYPES
from .conditions import CLASS_WORDS, filter_with_controller, condition, count_phrase, spells_subject
from .costs import mana_cost, part_words
from .filters import amount_each, devotion_words, filter_phrase, relation_phrase
from .instructions import target_words
from .mana import where_x
from .patterns import ALT_L, Unrenderable, WILD_L, fail, alt, wild
from .table import renders
from .words import COLOR_WORDS, SUPERTYPES, article, cap, count_words, number, type_word


@renders(AdditionalCost)
def _additional_cost(e: AdditionalCost) -> str:
    if e.choices:  # "sacrifice a creature or pay {3}": one option, announced as the spell is cast (CR 601.2b)
        if e.parts or e.cost or e.optional:
            raise Unrenderable("an either-or additional cost with other parts")
        opts = [_additional_words(c) for c in e.choices]
        return "As an additional cost to cast this spell, " + count_words(opts, "or") + "."
    return "As an additional cost to cast this spell, " + ("you may " if e.optional else "") + _additional_words(e) + "."


def _additional_words(e: AdditionalCost) -> str:
    if e.choices:
        raise Unrenderable("nested choices")
    parts = []
    if e.cost:
        parts.append("pay " + mana_cost(e.cost))
    for w in part_words(e.parts):
        parts.append(w if w.startswith(WILD_L) else w[:1].lower() + w[1:])
    if not parts:
        raise Unrenderable("an empty additional cost")
    return count_words(parts, "and")


_OBJECT_VERBS = {"sacrifice": "sacrifice", "return": "return", "tap": "tap", "exile": "exile", "discard": "discard",
                 "reveal_hand": "reveal"}


def _object_cost(o: ObjectCost) -> str:
    f = o.filter
    if o.action == "tap":
        inner = filter_with_controller(f)
        obj = filter_phrase(inner, plural_=o.n != 1)
        return f"tap {'an' if o.n == 1 else number(o.n)} untapped {obj} you control"
    if o.action in ("exile", "discard", "reveal_hand") and f.zone == "hand":
        inner = Filter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__}, "controller": "any", "zone": "hand"})
        words = _card_words(inner, o.n)
        if o.action == "exile":
            return f"exile {words} from your hand"
        if o.action == "discard":
            return f"discard {words}"
        return f"reveal {words} from your hand"
    if o.action == "reveal_hand":
        return "reveal your hand"
    if o.action == "sacrifice":
        inner = filter_with_controller(f)
        return "sacrifice " + (filter_phrase(inner, det="a") if o.n == 1 else f"{number(o.n)} " + filter_phrase(inner, plural_=True))
    if o.action == "return":
        inner = filter_with_controller(f)
        obj = filter_phrase(inner, det="a") if o.n == 1 else f"{number(o.n)} " + filter_phrase(inner, plural_=True)
        return f"return {obj} you control to {'its' if o.n == 1 else 'their'} owner's hand"
    raise Unrenderable(f"object cost {o.action!r}")


def _card_words(f: Filter, n: int) -> str:
    """"a red card", "two blue cards", "a Plains card"."""
    adj = []
    for c in f.colors + f.qualifier.colors:
        adj.append(COLOR_WORDS[c])
    types = [type_word(t) for t in f.all_of]
    core = " ".join(adj + types + ["card" if n == 1 else "cards"])
    if f.none_of or f.any_of or f.alternatives:
        raise Unrenderable("card words with exclusions or unions")
    if f.other:  # "an Island card and another card": a different card (CR 601.2h)
        return "another " + core if n == 1 else f"{number(n)} other {core}"
    return article(core) if n == 1 else f"{number(n)} {core}"


def _cast_condition(c: CastCondition) -> str:
    if c.test == "controls" and c.filter is not None:
        f = c.filter
        if f.controller == "opponent":
            return "an opponent controls " + count_phrase(c.n, filter_with_controller(f))
        if f.controller == "you":
            return "you control " + count_phrase(c.n, filter_with_controller(f))
        return alt(f"there are {number(c.n)} or more {filter_phrase(f, plural_=True)} on the battlefield",
                   f"there are {number(c.n)} or more {filter_phrase(f, plural_=True)}")
    if c.test == "your_turn":
        return "it's your turn"
    if c.test == "not_your_turn":
        return "it's not your turn"
    if c.test == "attacked":
        return "you attacked this turn"
    if c.test == "attacking" and c.filter is not None:
        f = c.filter
        inner = Filter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__},
                            "qualifier": Qualifier(**{**{k: getattr(f.qualifier, k) for k in f.qualifier.__dataclass_fields__},
                                                        "combat": None})})
        if c.exact:
            return f"exactly {number(c.n)} {filter_phrase(inner, plural_=c.n != 1)} {'is' if c.n == 1 else 'are'} attacking"
        if c.n == 1:
            return f"{filter_phrase(inner, det='a')} is attacking"
        return f"{number(c.n)} or more {filter_phrase(inner, plural_=True)} are attacking"
    if c.test == "hand_has_none" and c.filter is not None:
        cards = filter_phrase(dataclasses.replace(c.filter, controller="any", zone="hand"), plural_=True, zone_words=False)
        return f"you have no {cards} in hand"
    if c.test == "condition" and c.condition is not None:
        return condition(c.condition)
    raise Unrenderable(f"cast condition {c.test!r}")


@renders(PrintedAlternativeCost)
def _alternative_cost(e: PrintedAlternativeCost) -> str:
    conds = [_cast_condition(c) for c in e.conditions]
    parts = []
    if e.cost:
        parts.append("pay " + mana_cost(e.cost))
    if e.life:
        parts.append(f"pay {number(e.life)} life")
    prev = None
    for o in e.objects:
        words = _object_cost(o)
        if prev is not None and prev.action == o.action and o.n == 1:
            # "discard an Island card and another card": one verb, distinct objects (CR 601.2h)
            verb = _OBJECT_VERBS[o.action] + " "
            rest = words[len(verb):] if words.startswith(verb) else words
            parts[-1] = parts[-1] + " and " + alt(rest, re.sub(r"^an? ", "another ", rest), words)
        else:
            parts.append(words)
        prev = o
    untyped = e.untyped
    if untyped:
        if untyped.lower().startswith("if "):
            conds.append(wild("condition not modelled"))
        else:
            parts.append(wild("cost not modelled"))
    cond = count_words(conds, "and") if conds else ""
    head = ("If " + cond + ", ") if conds else ""
    if e.free:
        if parts:
            raise Unrenderable("a free alternative with parts")
        forms = [head + ("you" if head else "You") + " may cast this spell without paying its mana cost."]
        if cond:
            forms.append(f"You may cast this spell without paying its mana cost if {cond}.")
        return alt(*forms)
    if not parts:
        raise Unrenderable("an empty alternative cost")
    paid = count_words(parts, "and")
    forms = [head + ("you" if head else "You") + f" may {paid} rather than pay this spell's mana cost.",
             head + ("rather" if head else "Rather") + f" than pay this spell's mana cost, you may {paid}."]
    if cond:
        forms.append(f"You may {paid} rather than pay this spell's mana cost if {cond}.")
    return alt(*forms)


@renders(CostIncrease, CostReduction)
def _cost_change(e: CostIncrease) -> str:
    cls = CLASS_WORDS.get(e.spells)
    if cls is None:
        raise Unrenderable(f"spell class {e.spells!r}")
    if e.during not in ("any", "controller_turn", "not_controller_turn", "not_caster_turn"):
        raise Unrenderable("a cost change with a turn of the caster")
    chosen_type = getattr(e, "chosen_type", False)
    chosen_name = getattr(e, "chosen_name", False)
    if (chosen_type or chosen_name) and (e.nth or e.during != "any" or e.from_zones):
        raise Unrenderable("a cost change with a chosen type or name and more")
    whose = {"all": "", "you": " you cast", "opponents": " your opponents cast"}[e.whose]
    zones = ""
    if e.from_zones:
        z = tuple(e.from_zones)
        got = {("graveyard",): " from your graveyard", ("exile",): " from exile", ("not_hand",): " from anywhere other than your hand",
               ("graveyard", "exile"): alt(" from graveyards or from exile", " from your graveyard or from exile")}.get(z)
        if got is None:
            raise Unrenderable(f"zones {z!r}")
        zones = got
    direction = "more" if type(e) is CostIncrease else "less"
    other = "other " if getattr(e, "other", False) else ""
    if e.nth:
        ordinal = {1: "first", 2: "second"}.get(e.nth)
        if ordinal is None:
            raise Unrenderable("nth spell")
        subject = spells_subject(e.colors, cls, e.types, plural_=False)
        core = f"The {ordinal} {subject}{whose} each turn costs {mana_cost(e.amount)} {direction} to cast."
    else:
        subject = other + spells_subject(e.colors, cls, e.types)
        core = f"{cap(subject)}{whose}{zones} cost {mana_cost(e.amount)} {direction} to cast."
        if chosen_type or chosen_name:  # CR 607.2d: the type or name chosen as the source entered
            words = " of the chosen type" if chosen_type else " with the chosen name"
            tail = f" cost {mana_cost(e.amount)} {direction} to cast."
            core = alt(f"{cap(subject)}{whose}{words}{tail}", f"{cap(subject)}{words}{whose}{tail}")
    if e.during == "not_caster_turn":
        if e.nth:
            raise Unrenderable("nth spell except during its controller's turn")
        forms = [core[:-1] + " except during its controller's turn."]
        if not (e.colors or e.types or cls):  # "Each spell costs {3} more to cast except during its controller's turn."
            forms.append(f"Each spell{whose}{zones} costs {mana_cost(e.amount)} {direction} to cast except during "
                         f"its controller's turn.")
        core = alt(*forms)
    if e.colored_only:
        core += " This effect reduces only the amount of colored mana you pay."
    if e.during == "controller_turn":
        return "During your turn, " + core
    if e.during == "not_controller_turn":
        return "During turns other than yours, " + core
    return core


def _count_mapping(c: Any, amount: str) -> str:
    zone, whose = c.get("zone"), c.get("whose")
    types = tuple(c.get("types", ()))

    def tw(plural_: bool) -> str:
        if types == ("Artifact", "Legendary", "Saga"):
            return "historic"  # CR 700.6
        if types == PERMANENT_CARD_TYPES:
            return "permanent"  # a card of a permanent type (CR 110.4a)
        ws = []
        for t in types:
            if t.startswith("!"):
                ws.append("non" + type_word(t[1:]))
            else:
                ws.append(type_word(t))
        if not ws:
            return ""
        if all(t.startswith("!") for t in types):
            return ", ".join(ws)
        return alt(count_words(ws, "and"), count_words(ws, "and/or"), count_words(ws, "or")) if len(ws) > 1 else ws[0]
    if zone == "graveyard" and whose == "you":
        obj = tw(False)
        return f"for each {obj + ' ' if obj else ''}card in your graveyard"
    if zone == "battlefield" and "measure" in c:
        objs = plural(tw(False) or "permanent")
        who = {"you": " you control", "all": "", "opponents": " your opponents control"}[whose]
        m = c["measure"]
        if m == "power":
            return f", where X is the total power of {objs}{who}"
        if m == "greatest_power":
            return f", where X is the greatest power among {objs}{who}"
        raise Unrenderable("measure")
    if zone == "battlefield" and "at_least" in c:
        n = c["at_least"]
        if whose != "you":
            raise Unrenderable("at least of another player")
        ws = [type_word(t) for t in types]
        if len(ws) > 1:
            if n != 1:
                raise Unrenderable("at least N of several types")
            return "if you control " + alt(article(count_words(ws, "or")), count_words([article(w) for w in ws], "or"))
        obj = ws[0] if ws else "permanent"
        return f"if you control {article(obj)}" if n == 1 else f"if you control {number(n)} or more {plural(obj)}"
    if zone == "battlefield":
        obj = tw(False) or "permanent"
        who = {"you": " you control", "all": alt(" on the battlefield", ""), "opponents": alt(" your opponents control", " an opponent controls")}[whose]
        return f"for each {obj}{who}"
    if zone == "attacking":
        obj = tw(False) or "creature"
        mine = {"you": " you control", "all": ""}.get(whose)
        if mine is None:
            raise Unrenderable("attacking of another player")
        return f"for each attacking {obj}{mine}"
    if zone == "attacked":
        if "at_least" in c:
            return "if you attacked this turn" if whose == "you" else fail("attacked")
        return "for each creature that attacked this turn"
    if zone == "spells_cast" and c.get("at_least") == 1 and whose == "you":
        return "if you've cast another spell this turn"
    if zone == "turn":
        return {"you": "during your turn", "not_you": "during turns other than yours"}.get(whose) or fail("turn")
    if zone == "targets" and c.get("beyond") == 1:
        return "for each target beyond the first"
    if zone == "domain":
        return "for each basic land type among lands you control"
    if zone == "opponents":
        return "for each opponent you have"
    if zone == "party":
        return "for each creature in your party"
    if zone == "target_is":
        ws = [COLOR_WORDS[x] for x in c.get("colors", ())]
        status = c.get("status")
        if status:
            ws.insert(0, status)
        ws += [type_word(t) for t in types if t in SUPERTYPES] + [type_word(t) for t in types if t not in SUPERTYPES]
        obj = " ".join(ws) or "permanent"
        ctl = " you control" if c.get("controller") == "you" else ""
        return f"if it targets {article(obj)}{ctl}"
    raise Unrenderable(f"self cost count {zone!r}")


@renders(CostMinimum)
def _cost_minimum(e: CostMinimum) -> str:
    """Trinisphere (CR 601.2f): the minimum applies to every spell, while this is untapped when so read."""
    if e.spells != "all" or e.whose != "all":
        raise Unrenderable("a cost minimum of some spells")
    n = number(e.minimum)
    head = "As long as this is untapped, each" if e.while_untapped else "Each"
    return f"{head} spell that would cost less than {n} mana to cast costs {n} mana to cast."


@renders(SelfCostChange)
def _self_cost_change(e: SelfCostChange) -> str:
    c = e.count
    if c is None:
        return own_cost_change("cast", e.amount, e.direction, e.per, e.condition)
    tail = _count_mapping(c, e.amount)
    amt = "{X}" if tail.startswith(", where X") else mana_cost(e.amount)
    if tail.startswith("during "):  # "During your turn, this spell costs {2}{U}{U} less to cast."
        return f"{cap(tail)}, this spell costs {amt} {e.direction} to cast."
    return f"This spell costs {amt} {e.direction} to cast{'' if tail.startswith(',') else ' '}{tail}."


@renders(ActivationCostChange)
def _activation_cost_change(e: ActivationCostChange) -> str:
    """"Activated abilities of creatures you control cost {2} less to activate." and kin (CR 602.2b)."""
    if e.activator == "opponents":
        raise Unrenderable("an activation cost change of opponents")
    src = e.sources
    amount = f"cost {{{e.amount}}} {e.direction} to activate"
    if src is None:
        if e.activator == "you" and not e.mana_abilities:
            core = f"Abilities you activate that aren't mana abilities {amount}."
        elif e.activator == "any" and not e.mana_abilities:
            core = f"Activated abilities {amount} unless they're mana abilities."
        elif e.activator == "any":
            core = f"Activated abilities {amount}."
        else:
            raise Unrenderable("an activation cost change form")
    else:
        if not e.mana_abilities or e.activator != "any":
            raise Unrenderable("an activation cost change form")
        if src.relation in ("enchanted", "equipped"):
            noun = relation_phrase(src)
            core = alt(f"Activated abilities of {noun} {amount}.", f"{cap(noun)}'s activated abilities {amount}.")
        else:
            inner = src if e.zone != "graveyard" else Filter(**{**{k: getattr(src, k) for k in src.__dataclass_fields__},
                                                                   "controller": "you"})
            core = f"Activated abilities of {filter_phrase(inner, plural_=True)} {amount}."
    if e.min_one:
        core += alt(" This effect can't reduce the mana in that cost to less than one mana.",
                    " This effect can't reduce the mana in that ability's activation cost to less than one mana.")
    if e.condition is not None:
        c = condition(e.condition)
        core = alt(f"As long as {c}, " + core[:1].lower() + core[1:] if not core.startswith(ALT_L) else core,
                   core.rstrip(".") + f" as long as {c}.")
    return core


@renders(CantPayCosts)
def _cant_pay_costs(e: CantPayCosts) -> str:
    if e.spells is None:
        raise Unrenderable("no casting part")
    bits = []
    if e.life:
        bits.append("pay life")
    if e.sacrifice is not None:
        bits.append("sacrifice " + filter_phrase(e.sacrifice, plural_=True))
    what = " or ".join(bits)
    tail = alt("to cast spells or activate abilities", "to cast spells or to activate abilities") if e.mana_abilities else \
        alt("to cast spells or to activate abilities that aren't mana abilities",
            "to cast spells or activate abilities that aren't mana abilities")
    return f"Players can't {what} {tail}."


@renders(DelveKeywordGrant)
def _delve_keyword_grant(e: DelveKeywordGrant) -> str:
    """Soulflayer (rulings 2014-11-24): "If a creature card with [keyword] was exiled with this creature's delve
    ability, this creature has [keyword]. The same is true for [the others]."."""
    if not e.keywords:
        raise Unrenderable("no keywords")
    first, rest = e.keywords[0], list(e.keywords[1:])
    head = (f"If {article(e.card_type.lower() + ' card')} with {first} was exiled with this's delve ability, "
            f"this has {first}.")
    return head + (f" The same is true for {count_words(rest, 'and')}." if rest else "")


@renders(DelveCount)
def _delve_count(e: DelveCount) -> str:
    """Murktide Regent: "This creature enters with a +1/+1 counter on it for each instant and sorcery card exiled
    with it." (ruling 2021-06-18)."""
    kinds = count_words([t.lower() for t in e.card_types], "and") + " card" if e.card_types else "card"
    return f"This enters with {article(e.counter + ' counter')} on it for each {kinds} exiled with it."


def _target_spec_plural(spec: Any) -> str:
    """"creatures you control" of a simple target requirement (``models.vocab.targeting_specs.TargetSpec``)."""
    if spec.subtypes or spec.excluded or spec.unknown or spec.alternatives or not spec.qualifier.empty or \
            spec.kinds != ("permanent",) or len(spec.types) != 1:
        raise Unrenderable("a target requirement")
    f = Filter(all_of=tuple(spec.types), controller=spec.controller if spec.controller != "any" else "any")
    return filter_phrase(f, plural_=True)


def ability_cost_change(c: Any) -> str:
    """"This ability costs {1} less to activate for each artifact you control." and kin (CR 602.2b): an activated
    ability's own cost change (``Ability.cost_change``), printed by ``own_cost_change``."""
    if not isinstance(c, AbilityCostChange):
        raise Unrenderable("an ability cost change")
    return own_cost_change("activate", f"{{{c.amount}}}", c.direction, c.per, c.condition, c.during)


def own_cost_change(verb: str, amount: str, direction: str, per: Any = None, cond: Any = None, during: str = "") -> str:
    """The pattern of a cost change an object makes to its own cost: "This spell costs {2} less to cast ..." (``verb``
    "cast": a spell's own cost, CR 601.2f; ``SelfCostChange`` with a typed ``per`` or ``condition``) and "This
    ability costs {1} less to activate ..." (``verb`` "activate": an activated ability's own cost, CR 602.2b;
    ``AbilityCostChange``).

    ``amount``: the change as mana symbols ("{1}", "{2}{U}"); ``per``: the typed amount it is multiplied by ("for each
    [amount]", "{X} ..., where X is [amount]"); ``cond``: the typed condition ("if [condition]"; a ``TargetsInclude``:
    "if it targets ..."); ``during``: ``"controller_turn"`` ("during your turn"). Raises ``Unrenderable`` for a part
    it cannot print.

    The two are printed as Oracle text prints them, which is not quite the same:

    * with a count of {1}, both "{X} ..., where X is [amount]" and "{1} ... for each [amount]" are printed; a spell's
      first form (the one ``display`` shows) is the X one, an ability's the "for each" one; an ability's devotion is
      "X ..., where X is your devotion to [colours]" (CR 700.5);
    * a spell's condition may also lead ("If [condition], this spell costs ...") or read "as long as"; an ability's
      only follows, and may be followed by "during your turn" or follow it;
    * a spell's target condition names one target ("if it targets a blue spell", CR 601.2c before 601.2f), an
      ability's counts them ("if it targets two creatures you control");
    * a spell's change with neither count nor condition is not one this renderer prints (``SelfCostChange.count``
      is printed by ``_self_cost_change``).
    """
    spell = verb == "cast"
    head = f"This {'spell' if spell else 'ability'} costs"
    what = "a self cost change" if spell else "an ability cost change"
    if per is not None:
        if not spell and isinstance(per, Devotion) and amount == "{1}":
            core = f"{head} X {direction} to {verb}, where X is your devotion to {devotion_words(per.color)}"
        elif spell or amount == "{1}":
            forms = []  # the X form, then the "for each" form: each only where it prints
            if amount == "{1}":
                with contextlib.suppress(Unrenderable):
                    forms.append(f"{head} {{X}} {direction} to {verb}{where_x(per)}")
            with contextlib.suppress(Unrenderable):
                forms.append(f"{head} {mana_cost(amount)} {direction} to {verb} {amount_each(per)}")
            if not forms:
                raise Unrenderable(f"the amount of {what}")
            core = alt(*(forms if spell else forms[::-1]))
        else:
            core = f"{head} {mana_cost(amount)} {direction} to {verb} {amount_each(per)}"
        if spell:
            if cond is not None:
                return f"If {condition(cond)}, {core[:1].lower() + core[1:]}."
            return core + "."
    else:
        if spell and cond is None:
            raise Unrenderable("a self cost change with no count")
        core = f"{head} {mana_cost(amount)} {direction} to {verb}"
    if isinstance(cond, TargetsInclude):
        if spell:
            if cond.count != 1:
                raise Unrenderable("a condition on several targets")
            return f"{core} if it targets {article(target_words(cond.spec.text.removeprefix('target ')))}."
        core += f" if it targets {number(cond.count)} " + _target_spec_plural(cond.spec)
    elif cond is not None:
        if spell:
            c = condition(cond)
            return alt(f"{core} {alt('if', 'as long as')} {c}.", f"If {c}, {core[:1].lower() + core[1:]}.")
        core += " if " + condition(cond)
    if during == "controller_turn":
        core = alt(core + " during your turn", "During your turn, " + core[:1].lower() + core[1:])
    return core + "."
