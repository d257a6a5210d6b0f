"""Costs: an activated ability's cost (CR 602.1, 118) and its parts ("{T}", "Sacrifice a creature", "Pay 2 life",
"Remove a +1/+1 counter from this creature"), and a mana cost as printed (CR 107.4, 202.1).
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Sequence

from ...vocab.abilities import ActivationCost, cost_symbols
from ...vocab.cost_parts import CostPart
from ...game.mana import ManaCost
from ...game.subtypes import plural, singular
from ...vocab.abilities import of_the_chosen_type
from ...vocab.abilities import names_only_tokens
from ...vocab.abilities import cost_object_filter
from .filters import filter_phrase
from .patterns import ALT_L, Unrenderable, WILD_L, alt, any_order, expand, wild
from .words import article, count_words, number


def cost_object(words: str, plural_: bool, det: str = "") -> str:
    """A cost part's object words through the typed filter the cost rules read (``cost_object_filter`` of the words
    without "you control", which every such cost implies: ``solver.rules.payment.activation``)."""

    if words in ("this", "it"):
        return alt("this", "it")
    yours = words.endswith(" you control")
    if yours:
        words = words[: -len(" you control")]


    if names_only_tokens(words):  # tokens only: no object of a scenario is one (every one is a card, CR 111.1)
        shown = plural(singular(words)) if plural_ and " " not in words else words
        return shown + (" you control" if yours else "")
    chosen = of_the_chosen_type(words)
    if chosen:  # "a creature of the chosen type" (the type chosen as it entered, CR 205.3m, 607.2a)
        return (plural(chosen) if plural_ else chosen) + " of the chosen type" + (" you control" if yours else "")
    try:
        f = cost_object_filter(words)
    except ValueError as e:
        raise Unrenderable(f"cost object {words!r}: {e}") from None
    return filter_phrase(f, plural_=plural_, det=det) + (" you control" if yours else "")


def cost_part(p: CostPart) -> str:
    """One non-mana cost part (CR 118.1) printed from its action, amount and object."""
    a = p.action
    if a == "other":
        return wild(p.text or "cost")  # untyped: read as not modelled wherever it is paid (CR 118.3)
    n = p.amount
    many = "X" if p.x else number(n)
    if a == "pay_life":
        return f"Pay {'X' if p.x else n} life"
    if a == "pay_energy":
        return alt("Pay " + "{E}" * n, f"Pay {many} {{E}}", "{E}" * n) if not p.x else "Pay X {E}"
    if a == "sacrifice":
        if p.what in ("this", "it"):
            return alt("Sacrifice this", "Sacrifice it")
        if p.amount == 0 and p.at_most is not None:
            return f"Sacrifice up to {number(p.at_most)} {cost_object(p.what, True)}"
        if p.amount == 0 and p.at_least == 1:
            return f"Sacrifice one or more {cost_object(p.what, True)}"
        if p.x:
            return f"Sacrifice X {'other ' if p.other else ''}{cost_object(p.what, True)}"
        if n == 1:
            if p.other:
                # "another creature or an artifact": the first article read as "another" (CR 109.5)
                obj = cost_object(p.what, False, det="a")
                return "Sacrifice " + alt(*(re.sub(r"^an? ", "another ", o) for o in expand(obj)))
            obj = cost_object(p.what, False, det="a")
            if re.match(r"(?:enchanted|equipped) ", p.what):  # "Sacrifice enchanted creature": the one it is on
                return "Sacrifice " + cost_object(p.what, False)
            return "Sacrifice " + (obj if re.match(r"(?:an?|⟦)\b", obj) or obj.startswith(ALT_L) else article(obj))
        return f"Sacrifice {many} {'other ' if p.other else ''}{cost_object(p.what, True)}"
    if a == "sacrifice_all":
        return alt(f"Sacrifice all {cost_object(p.what, True)}", f"Sacrifice any number of {cost_object(p.what, True)}")
    if a == "discard_hand":
        return "Discard your hand"
    if a == "discard":
        if p.what == "this":
            return "Discard this"
        return "Discard " + _cards_of(p.what, n, x=p.x)
    if a == "exile":
        if p.what == "this":  # "Exile this card from your graveyard / hand" (an ability of a card there, CR 113.6m)
            return alt("Exile this", "Exile this from your graveyard", "Exile this from your hand")
        if n == 0 and not p.x:
            return "Exile any number of " + _cards_of(p.what, 2)[len("2 "):]
        return "Exile " + _cards_of(p.what, n, x=p.x, other=p.other)
    if a == "remove_counters":
        kind = "" if p.what == "any" else p.what + " "
        if p.x:
            return f"Remove X {kind}counters from this"
        if n == 0:
            return alt(f"Remove any number of {kind}counters from this", f"Remove one or more {kind}counters from this")
        return f"Remove {article(kind + 'counter') if n == 1 else number(n) + ' ' + kind + 'counters'} from this"
    if a == "put_counters":
        return f"Put {article(p.what + ' counter') if n == 1 else number(n) + ' ' + p.what + ' counters'} on this"
    if a == "tap_untapped":
        obj = cost_object(p.what, n != 1 or p.x)
        if " with " in obj and not obj.startswith(ALT_L):  # "creature you control with flying" (either order)
            noun, post = obj.split(" with ", 1)
            ctl = alt(" you control with " + post, " with " + post + " you control")
            if p.other and n == 1:
                return alt(f"Tap another untapped {noun}{ctl}", f"Tap an untapped {noun}{ctl} other than this")
            if n == 1 and not p.x:
                return f"Tap an untapped {noun}{ctl}"
            return f"Tap {'X' if p.x else number(n)} untapped{' other' if p.other else ''} {noun}{ctl}"
        if p.other and n == 1:
            return alt(f"Tap another untapped {obj} you control", f"Tap an untapped {obj} you control other than this")
        count = "X" if p.x else number(n)
        if n == 1 and not p.x:
            return f"Tap an untapped {obj} you control"
        return alt(f"Tap {count} untapped{' other' if p.other else ''} {obj} you control",
                   f"Tap {count}{' other' if p.other else ''} untapped {obj} you control")
    if a == "untap":
        return wild(p.text or "untap")
    if a == "exert":
        return "Exert this"
    if a == "mill":
        return "Mill a card" if n == 1 else f"Mill {number(n)} cards"
    if a == "return":
        if p.what == "this":
            return "Return this to its owner's hand"
        return f"Return {article(cost_object(p.what, False)) if n == 1 else number(n) + ' ' + cost_object(p.what, True)}" \
               f" to {'its' if n == 1 else 'their'} owner's hand"
    if a == "collect_evidence":
        return f"Collect evidence {n}"
    if a == "forage":
        return "Forage"
    if a == "waterbend":
        return "Waterbend {X}" if p.x else f"Waterbend {{{n}}}"
    if a == "remove_counters_from":
        kind = "" if p.what == "any" else p.what + " "
        objs = p.objects
        yours = objs.endswith(" you control")
        if yours:
            objs = objs[: -len(" you control")]
        obj = cost_object(objs, p.among or objs.endswith("s")) + (" you control" if yours else "")
        count = "X" if p.x else (article(kind + "counter")[:-len(kind + "counter")].strip() if n == 1 else number(n))
        noun = kind + ("counter" if n == 1 and not p.x else "counters")
        if p.among:
            return f"Remove {count} {noun} from among {obj}"
        return f"Remove {count} {noun} from {('another ' + obj) if p.other else article(obj)}"
    if a == "put_counters_on":
        objs = p.objects
        yours = objs.endswith(" you control")
        if yours:
            objs = objs[: -len(" you control")]
        obj = cost_object(objs, False) + (" you control" if yours else "")
        count = "X" if p.x else ("a" if n == 1 else number(n))
        what = f"{count} {p.what} {'counter' if n == 1 and not p.x else 'counters'}"
        if n == 1 and not p.x:
            what = article(f"{p.what} counter")
        return f"Put {what} on {('another ' + obj) if p.other else article(obj)}"
    if a == "exile_permanent":
        obj = cost_object(p.what, n != 1 or p.x)
        if n == 1 and not p.x:
            return f"Exile {('another ' + obj) if p.other else article(obj)} you control"
        return f"Exile {'X' if p.x else number(n)} {'other ' if p.other else ''}{obj} you control"
    if a == "reveal":
        share = p.what.endswith(" that share a color")
        words = p.what[: -len(" that share a color")] if share else p.what
        cards = _cards_of(words, n, x=p.x)
        return f"Reveal {cards} from your hand" + (alt(" that share a color", " that share a colour") if share else "")
    if a == "remove_all_counters":
        return f"Remove all {p.what} counters from this"
    if a == "put_library":
        return "Put this on the bottom of its owner's library"
    raise Unrenderable(f"cost part {a!r}")


def _cards_of(what: str, n: int, x: bool = False, other: bool = False) -> str:
    """"a card", "two cards", "a creature card from your graveyard", "three other cards from your graveyard", "X
    cards from your graveyard", "a legendary card" (the object words through ``cost_object_filter``)."""
    m = re.fullmatch(r"(?:(?P<other>other|another) )?(?P<obj>.*?)\b(?P<card>cards?)"
                     r"(?P<rest>(?: at random)?(?: from your (?:hand|graveyard))?)", what)
    if not m:
        raise Unrenderable(f"card words {what!r}")
    other = other or bool(m.group("other"))
    obj = m.group("obj").strip()
    many = x or n != 1
    if obj:

        try:
            f = cost_object_filter(obj)
        except ValueError as e:
            raise Unrenderable(f"card words {what!r}: {e}") from None
        if f.zone != "battlefield" or f.controller != "any" or f.relation is not None:
            raise Unrenderable(f"card words {what!r}")
        if tuple(f.all_of) == ("Permanent",) and f.none_of:  # "nonland card": any card that is not a land
            f = dataclasses.replace(f, all_of=())
        words = filter_phrase(dataclasses.replace(f, zone="hand"), plural_=many, zone_words=False)
        if n == 1 and not many and not other:  # "a red or green card", "an artifact or creature card"
            return filter_phrase(dataclasses.replace(f, zone="hand"), det="a", zone_words=False) + m.group("rest")
    else:
        words = "cards" if many else "card"
    rest = m.group("rest")
    oth = "other " if other else ""
    if x:
        return f"X {oth}{words}{rest}"
    if n == 1:
        return ("another " + words if other else article(words)) + rest
    return f"{number(n)} {oth}{words}{rest}"


def part_words(parts: Sequence[CostPart]) -> list[str]:
    """The words of cost parts, one entry a part, except that parts printed as one are merged: energy symbols paid
    one by one ("Pay {E}{E}": two parts of one {E}, CR 107.14) and sacrifices under one verb ("sacrifice a land and
    an Island", CR 701.21a)."""
    out: list[str] = []
    i = 0
    while i < len(parts):
        p = parts[i]
        j = i + 1
        if p.action == "pay_energy" and not p.x and p.amount == 1:
            while j < len(parts) and parts[j].action == "pay_energy" and not parts[j].x and parts[j].amount == 1:
                j += 1
            out.append(cost_part(dataclasses.replace(p, amount=j - i)))
        elif p.action == "sacrifice" and p.what not in ("this", "it"):
            while j < len(parts) and parts[j].action == "sacrifice" and parts[j].what not in ("this", "it"):
                j += 1
            words = [cost_part(q) for q in parts[i:j]]
            if j - i > 1 and not any(w.startswith(ALT_L) for w in words):
                objs = [w[len("Sacrifice "):] for w in words]
                out.append(alt("Sacrifice " + alt(count_words(objs, "and"), " and ".join(objs)),
                               " and ".join([words[0]] + ["sacrifice " + o for o in objs[1:]])))
            else:
                out.extend(words)
        else:
            out.append(cost_part(p))
        i = j
    return out


def activation_cost(c: ActivationCost) -> str:
    """The cost of an activated ability (CR 602.1a): mana, {T}, {Q}, then the other parts, in that order."""
    if c.alternatives:
        return " or ".join(activation_cost(x) for x in c.alternatives)
    bits = cost_symbols(c)
    sacs = [p for p in c.parts if p.action == "sacrifice"]
    if len(sacs) > 1 and all(p.action == "sacrifice" for p in c.parts[-len(sacs):]) and len(sacs) <= 3:
        # "Sacrifice a blue creature, a black creature, and a red creature" (one verb, several objects, CR 701.21a)
        maybe = ["this" if p.what in ("this", "it") else cost_part(p)[len("Sacrifice "):] if
                 not cost_part(p).startswith(ALT_L) else None for p in sacs]
        rest = [cost_part(p) for p in c.parts[:-len(sacs)]]
        objs = [o for o in maybe if o is not None]
        if len(objs) == len(maybe):
            merged = "Sacrifice " + alt(count_words(objs, "and"), " and ".join(objs))
            bits.extend(rest)
            return _cost_join(bits + [merged]) if len(bits) + 1 > 3 else any_order(bits + [merged], _cost_join)
    bits.extend(part_words(c.parts))
    if not bits:
        raise Unrenderable("an empty cost")
    # the parts are paid in any order the player chooses (CR 601.2h): the printed order is not read
    return any_order(bits, _cost_join) if len(bits) <= 3 else _cost_join(bits)


def _cost_join(bits: Sequence[str]) -> str:
    if len(bits) == 1:
        return bits[0]
    last = bits[-1]
    low = last[:1].lower() + last[1:] if not last.startswith((ALT_L, WILD_L, "{")) else last
    return ", ".join(bits[:-1]) + alt(", " + last, " and " + low, ", and " + low)


def mana_cost(v: Any) -> str:
    if isinstance(v, ManaCost):
        return str(v)
    if isinstance(v, str) and re.fullmatch(r"(\{[^}]+\})+", v):
        return v
    raise Unrenderable(f"mana cost {v!r}")
