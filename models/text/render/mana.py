"""Mana: a mana ability's "Add ..." sentence (CR 106, 605: fixed mana, choices of colours, amounts, riders, how the
mana may be spent, CR 106.6), triggered mana abilities (CR 605.1b), mana replacement (CR 106.6a, 614), land types
(CR 305.7) and what changes how mana is spent (CR 609.4b).
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Sequence

from ...vocab.amounts import (
    CountersOn, CountersRemoved, Devotion, EventAmount, Fixed, OfChosenType, Revealed, StatOf, Sum,
    TopCardsOfLibraries, VariableX,
)
from ...vocab.conditions import AnchorChosen, ControlsAtLeast, HasLegalTarget, ModeUnchosen, ResolvedThisTurn
from ...vocab.filters import Filter
from ...vocab.mana_effects import AddMana, CantSpendMana, LandType, ManaReplacement, SpendAsThough, TriggeredAddMana
from ...game.cards import BASIC_LAND_TYPES
from ...game.subtypes import OUTLAW_TYPES, plural
from ...game.mana import read_cast_or_activate
from .conditions import filter_with_controller, condition
from .filters import amount_each, amount_noun, filter_phrase
from .instructions import normalise_head
from .patterns import Unrenderable, WILD_L, alt, any_order, display, untyped, wild
from .table import renders
from .words import COLOR_WORDS, article, cap, count_words, lower_first, mana, number


def _choice(types: Sequence[str]) -> str:
    return any_order([mana([t]) for t in types], lambda xs: count_words(xs, "or"))


def where_x(a: Any) -> str:
    """", where X is [amount]" (CR 107.3c-d: X defined by the text)."""
    return ", where X is " + amount_noun(a)


def _scaled(unit: str, a: Any, every: str = "") -> str:
    """``unit`` mana times an amount that is not a fixed number: "{G} for each Elf you control", "X {G}, where X is
    ...", "an amount of {G} equal to ...", "that much {C}"."""
    forms = []
    try:
        forms.append(f"{unit} {amount_each(a)}")
    except Unrenderable:
        pass
    try:
        noun = amount_noun(a)
        forms.append(f"an amount of {unit} equal to {noun}")
        forms.append(f"X {unit}{where_x(a)}")
    except Unrenderable:
        pass
    if isinstance(a, CountersRemoved):
        forms.append(f"that much {unit}")
    if isinstance(a, EventAmount) and a.of == "":
        forms.append({1: "", 2: "twice "}.get(a.times, "?") + f"that much {unit}")
    if not forms:
        raise Unrenderable(f"amount {type(a).__name__}")
    return alt(*forms)


def _output(e: AddMana) -> str:
    """What an ``AddMana`` adds, after "Add "."""
    a = e.amount
    n = a.n if isinstance(a, Fixed) else None
    if e.alternatives:
        if e.mana or e.choice or e.any_color or e.combination is not None or n != 1:
            raise Unrenderable("alternatives with another output")
        return any_order([_output(x) for x in e.alternatives], lambda xs: count_words(xs, "or"))
    if e.mana is not None:
        sym = mana(e.mana)
        if n == 1:
            return sym
        if n is not None:
            return alt(sym * n, f"{number(n)} {sym}") if len(e.mana) == 1 else sym * n
        if isinstance(a, VariableX):
            return alt(f"X {sym}", f"an amount of {sym} equal to X", f"{sym} X times")
        return _scaled(sym, a)
    if e.choice is not None:
        if n == 1:
            return _choice(e.choice)
        if n is not None and len(e.choice) == 2:
            return any_order([mana([t]) * n for t in e.choice], lambda xs: count_words(xs, "or"))
        raise Unrenderable("a choice of mana times an amount")
    if e.options is not None:
        if n != 1:
            raise Unrenderable("options times an amount")
        return any_order([mana(o) for o in e.options], lambda xs: count_words(xs, "or"))
    if e.any_color:
        return _many("of any color", "of any one color", a)
    if e.any_type:
        return _many("of any type", "of any one type", a)
    if e.combination is not None:
        if e.combination is True:
            what = "in any combination of colors"
        else:
            what = "in any combination of " + any_order([mana([t]) for t in e.combination], lambda xs: count_words(xs, "and/or"))
        if n is not None:
            return f"{number(n)} mana {what}"
        if isinstance(a, VariableX):
            return f"X mana {what}"
        if isinstance(a, EventAmount) and a.of == "":
            return alt(f"that much mana {what}", f"an amount of mana {what} equal to " + wild("a number the event gives"))
        return alt(f"an amount of mana {what} equal to {amount_noun(a)}", f"X mana {what}{where_x(a)}")
    if e.chosen_color:
        if isinstance(a, Devotion) and a.color == "chosen":
            return "an amount of mana of that color equal to your devotion to that color"
        if n == 1:
            return alt("one mana of the chosen color", "one mana of that color")
        return _many("of the chosen color", "of the chosen color", a)
    if e.commander_identity:
        if n is not None and n > 1:
            return alt(f"{number(n)} mana of any color in your commander's color identity",
                       f"{number(n)} mana of any one color in your commander's color identity")
        return "one mana of any color in your commander's color identity" if n == 1 else \
            _many("of any color in your commander's color identity", "of any one color in your commander's color identity", a)
    if e.each is not None:
        return alt("one mana of each color", "{W}{U}{B}{R}{G}") if set(e.each) == set("WUBRG") else \
            "one mana of each of " + count_words([mana([t]) for t in e.each], "and")
    if e.reflect is not None:
        r = e.reflect
        what = filter_phrase(r.filter, det="a")
        if n != 1:
            raise Unrenderable("reflected mana times an amount")
        return alt(f"one mana of any {r.by} that {what} could produce", f"one mana of any {r.by} {what} could produce")
    if e.produced_type:
        return "one mana of any type that land produced"
    if e.color_among is not None and n == 1:
        f = e.color_among
        if f.relation == "this":
            return "one mana of any of this's colors"
        if f.relation == "exiled_with":
            return alt("one mana of any of the exiled card's colors", "one mana of any of the exiled cards' colors")
        if f.zone == "graveyard" and f.controller == "you" and not f.all_of:
            return _CHOOSE_OF_GRAVEYARD
        return alt(f"one mana of any color among {filter_phrase(f, plural_=True)}",
                   f"one mana of any color that shares a color with {filter_phrase(f, det='a')}" +
                   (" a player controls" if f.controller == "any" else ""))
    if e.noted == "type" and n == 1:
        return "one mana of this's last noted type"
    if e.noted == "mana" and n == 1:
        return "this's last noted type and amount of mana"
    if e.cost_of == "enchanted" and n == 1:
        return "mana equal to enchanted permanent's mana cost"
    if e.distinct_colors is not None:
        return f"{number(e.distinct_colors)} mana of different colors"
    raise Unrenderable("an AddMana output not printed")


_CHOOSE_OF_GRAVEYARD = "\x00graveyard-colour\x00"


def _many(one: str, each_one: str, a: Any) -> str:
    if isinstance(a, Sum) and not a.plus and len(set(a.parts)) == 1 and len(a.parts) > 1:
        # "three mana of the chosen color for each artifact sacrificed this way": k times one amount
        return f"{number(len(a.parts))} mana {each_one} {amount_each(a.parts[0])}"
    if isinstance(a, Fixed):
        return "one mana " + one if a.n == 1 else f"{number(a.n)} mana {each_one}"
    if isinstance(a, VariableX):
        return f"X mana {each_one}"
    forms = []
    try:
        forms.append(f"one mana {one} {amount_each(a)}")
    except Unrenderable:
        pass
    try:
        forms += [f"an amount of mana {each_one} equal to {amount_noun(a)}", f"X mana {each_one}{where_x(a)}"]
    except Unrenderable:
        if not forms:
            raise
    return alt(*forms)


#: Spend-restriction codes (``models.text.mana.slug``/``cant_spend_code``; the payments read them, CR 106.6) and
#: their sentences; any other code is a free-form one the payments never spend (``restriction_verdict`` is None), so
#: its sentence is an untyped span.
_SPEND_SENTENCES: dict[str, str] = {
    "creature_spell": alt("Spend this mana only to cast creature spells.", "Spend this mana only to cast a creature spell."),
    "artifact_spell": alt("Spend this mana only to cast artifact spells.", "Spend this mana only to cast an artifact spell."),
    "instant_or_sorcery_spell": alt("Spend this mana only to cast instant or sorcery spells.",
                                    "Spend this mana only to cast an instant or sorcery spell."),
    "creature_spell_of_chosen_type": alt("Spend this mana only to cast a creature spell of the chosen type.",
                                         "Spend this mana only to cast creature spells of the chosen type."),
    "eldrazi": alt("Spend this mana only to cast colorless Eldrazi spells or activate abilities of colorless Eldrazi.",
                   "Spend this mana only to cast colorless Eldrazi spells."),
    "not_nonartifact_spell": alt("This mana can't be spent to cast nonartifact spells.",
                                 "This mana can't be spent to cast a nonartifact spell."),
    "not_generic": "This mana can't be spent to pay generic mana costs.",
    "not_spells": "You can't spend this mana to cast spells.",
}


def _kind_words(kinds: tuple[str, ...], sources: bool) -> list[str]:
    """The ways a spend restriction names its kinds: "creature", "Time Lord or Alien", "outlaw" (CR 700.12);
    with ``sources`` their plurals and "[kind] source(s)" ("creatures", "Myr", "outlaw sources")."""

    words = ["outlaw"] if tuple(kinds) == OUTLAW_TYPES else [k if k[0].isupper() and k not in _CARD_TYPE_NAMES
                                                               else k.lower() for k in kinds]
    one = alt(count_words(words, "or"), " or ".join(words)) if len(words) > 1 else words[0]
    if not sources:
        return [one]
    many = alt(count_words([plural(w) for w in words], "or"), " or ".join(plural(w) for w in words)) \
        if len(words) > 1 else plural(words[0])
    return [many, one + " sources", one + " source", one]


_CARD_TYPE_NAMES = ("Creature", "Artifact", "Enchantment", "Land", "Planeswalker")


def _cast_or_activate(code: str) -> str | None:
    """"Spend this mana only to cast [kinds] spells or activate abilities of [kinds]" / "... or activate an
    ability" (CR 106.6; ``models.game.mana.cast_or_activate_code``), else ``None``."""

    got = read_cast_or_activate(code)
    if got is None:
        return None
    kinds, how = got
    (one,) = _kind_words(kinds, False)
    spells = [f"{one} spells", f"a {one} spell", f"an {one} spell"]
    if how == "any":
        abilities = ["activate an ability", "activate abilities"]
    else:
        srcs = _kind_words(kinds, True)
        abilities = [f"activate abilities of {w}" for w in srcs] + \
            [f"activate an ability of {d} {w}" for w in srcs for d in ("a", "an")]
    forms = [f"{sp}{j}{ab}" for sp in spells for j in (" or ", " or to ", ", or to ") for ab in abilities]
    if how == "any":
        forms += [f"{ab} or cast {sp}" for sp in spells for ab in abilities]
    return "Spend this mana only to " + alt(*("cast " + f if not f.startswith("activate") else f for f in forms)) + "."


def spend_restriction(code: str) -> str:
    """The sentence of a spend restriction code of an ``AddMana`` (CR 106.6)."""
    got = _SPEND_SENTENCES.get(code)
    if got is not None:
        return got
    m = re.fullmatch(r"mana_value_at_least_(\d+)(_or_x)?", code)
    if m:
        tail = alt(" or spells with {X} in their mana costs", " or a spell with {X} in its mana cost") if m.group(2) else ""
        return alt(f"Spend this mana only to cast spells with mana value {m.group(1)} or greater{tail}.",
                   f"Spend this mana only to cast a spell with mana value {m.group(1)} or greater{tail}.")
    either = _cast_or_activate(code)
    if either is not None:
        return either
    if code.startswith("cant_"):
        return alt("This mana can't be spent ", "You can't spend this mana ") + wild("spending not modelled") + "."
    # a free-form code: the payments never spend it (CR 106.6: never guessed)
    return "Spend this mana only " + wild("spending not modelled") + "."


_RECIPIENT = {None: alt("Add ", "You add "), "that_player": alt("that player adds ", "they add "), "each_player": "Each player adds ",
              "target_player": "Target player adds ", "active_player": "the active player adds ",
              "chosen_player": alt("Choose a player. That player adds ", "A player of your choice adds ",
                                   "Target player adds ")}


def add_mana(e: AddMana, triggered: bool = False) -> str:
    """An ``AddMana`` effect as its instructions ("Add {G}.", "Add one mana of any color. This land deals 1 damage to
    you.", "Add {C} for each Locus on the battlefield."); ``triggered``: after a trigger condition ("add an
    additional {C}", the riders joined with "and")."""
    if e.trigger is not None:
        return _mana_trigger(e)
    if e.each_color_among is not None:
        f = e.each_color_among
        if e.mana or e.choice or e.any_color or not isinstance(e.amount, Fixed) or e.amount.n != 1 or e.to is not None:
            raise Unrenderable("colours among with another output")
        core = f"For each color among {filter_phrase(f, plural_=True)}, add one mana of that color."
        return " ".join([core] + ([spend_restriction(e.restriction)] if e.restriction else []) + [untyped(r.text) for r in e.riders])
    riders = [untyped(r.text) for r in e.riders]
    # derived flags: a rider with a target, or one that moves a library card (CR 605.1a)
    if e.targets and e.to != "target_player" and not any(re.search(r"\btarget\b", r, re.I) for r in riders):
        raise Unrenderable("an AddMana with targets")
    if e.moves_library_card and not riders:
        raise Unrenderable("an AddMana that moves a library card")
    who = _RECIPIENT.get(e.to)
    if who is None:
        raise Unrenderable(f"recipient {e.to!r}")
    prefix = ""
    if isinstance(e.amount, Revealed):
        f = e.amount.filter
        prefix = "Reveal any number of " + _zone_cards(f) + alt(" from your hand", " in your hand") + ". "
        out = _scaled_revealed(e)
    elif isinstance(e.amount, TopCardsOfLibraries):
        raise Unrenderable("top cards of libraries")
    else:
        out = _output(e)
    if triggered:
        out = alt(out, "an additional " + out, "one additional " + out)
    if isinstance(e.amount, Devotion) and e.amount.color == "chosen":
        prefix = "Choose a color. "
    if out == _CHOOSE_OF_GRAVEYARD:  # "Choose a color of a card in your graveyard. Add one mana of that color."
        prefix, out = "Choose a color of a card in your graveyard. ", "one mana of that color"
    if e.any_color and isinstance(e.amount, Devotion) and e.amount.color == "chosen":
        prefix, out = "Choose a color. ", "an amount of mana of that color equal to your devotion to that color"
    if e.any_color and isinstance(e.amount, OfChosenType):
        prefix, out = "Choose a color. ", "an amount of mana of that color equal to " + amount_noun(e.amount)
    main = prefix + who + out
    if e.any_color and not isinstance(e.amount, (Fixed, VariableX)) and not prefix:
        # "Choose a color. Add one mana of that color for each ..." means the same: all of it one colour
        chosen = _many("of that color", "of that color", e.amount)
        main = alt(main, "Choose a color. " + who + chosen)
    if e.any_color and isinstance(e.amount, Sum) and not prefix:
        main = alt(main, "Choose a color. " + who + _many("of the chosen color", "of the chosen color", e.amount))
    if e.to == "chosen_player" and e.any_color and isinstance(e.amount, Fixed):
        main = alt(main, who + out + " they choose")
    if e.plus is not None:
        main += alt(", then add an additional ", " and an additional ", ", then add ", ", plus an additional ") + _output(e.plus)
    parts = [main + "."]
    if e.instead is not None:
        parts.append(f"If {condition(e.instead.condition)}, add {_output(e.instead.output)} instead.")
    if e.restriction is not None:
        parts.append(spend_restriction(e.restriction))
    if e.damage_to_you:
        parts.append(f"This deals {number(e.damage_to_you)} damage to you.")
    if e.timing == "instant":
        parts.append("Activate only as an instant.")
    elif e.timing is not None:
        raise Unrenderable(f"timing {e.timing!r}")
    if isinstance(e.condition, ResolvedThisTurn):
        ordinal = {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(e.condition.nth)
        if ordinal is None:
            raise Unrenderable("nth resolution")
        first = parts[0]
        low = first[:1].lower() + first[1:]
        parts[0] = alt(f"If this is the {ordinal} time this ability has resolved this turn, " + alt("", "you may ") + low,
                       f"If it's the {ordinal} time, " + alt("", "you may ") + low)
    elif e.condition is not None:
        raise Unrenderable("an AddMana condition outside a trigger")
    body = " ".join(parts)
    if triggered:
        body = lower_first(body)
    if not riders:
        return body
    r = " ".join(riders)
    # the riders are sentences of the same ability, before or after the instruction that adds the mana ("Draw a
    # card, then add one mana of any color")
    forms = [body + " " + r, r + " " + body]
    if not body.startswith(WILD_L):
        low = lower_first(body)
        r0 = riders[0]
        more = (" " + " ".join(riders[1:])) if len(riders) > 1 else ""
        if len(riders) == 1:
            forms += [r.rstrip(".") + ", then " + low, r.rstrip(".") + " and " + low]
        if _display_sentences(body) == 1 and body.endswith("."):
            forms.append(body.rstrip(".") + " and " + lower_first(r0) + more)
    return alt(*forms)


def _display_sentences(text: str) -> int:
    return display(text).count(". ") + 1


def _zone_cards(f: Filter) -> str:
    """Cards in a hand by their characteristics, plural ("creature cards with power 5 or greater", "cards")."""
    inner = Filter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__}, "zone": "library", "controller": "any"})
    return filter_phrase(inner, plural_=True, zone_words=False)


def _scaled_revealed(e: AddMana) -> str:
    if e.mana is None:
        raise Unrenderable("revealed cards with another output")
    return f"{mana(e.mana)} for each card revealed this way"


def _mana_trigger(e: AddMana) -> str:
    """A triggered mana ability (CR 605.1b): "Whenever you tap a [filter] for mana, add an additional {G}"."""
    t = e.trigger
    if t is None:
        raise Unrenderable("no trigger")
    if t.event != "tapped_for_mana" or t.of_chosen_color or e.instead is not None or e.plus is not None:
        raise Unrenderable("a mana trigger other than tapped-for-mana")
    f = t.filter
    inner = Filter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__}, "controller": "any"})
    obj = filter_phrase(inner, det="a")
    if f.relation is not None:
        event = f"Whenever {obj} is tapped for mana"
    elif f.controller == "you":
        event = alt(f"Whenever you tap {obj} for mana", f"Whenever {obj} you control is tapped for mana")
    elif f.controller == "any":
        event = alt(f"Whenever a player taps {obj} for mana", f"Whenever {obj} is tapped for mana")
    else:
        event = f"Whenever {obj} an opponent controls is tapped for mana"
    if t.condition is not None:
        event += alt(", if ", " while ") + condition(t.condition)
    who = {"controller": alt("its controller adds ", "that player adds "), "you": "add "}[t.to]
    if t.optional:
        who = alt("you may add ", "its controller may add ") if t.to == "you" else "its controller may add "
    out = _output(dataclasses.replace(e, trigger=None))
    if e.produced_type:
        noun = alt(filter_phrase(inner), "land", "permanent") if f.relation is None else "permanent"
        out = alt(f"an additional one mana of any type that {noun} produced",
                  f"one additional mana of any type that {noun} produced", f"one mana of any type that {noun} produced")
    else:
        out = alt("an additional " + out, "one additional " + out, out)
    body = f"{event}, {who}{out}."
    extra = [spend_restriction(e.restriction)] if e.restriction is not None else []
    riders = [untyped(r.text) for r in e.riders]
    if len(riders) == 1 and not extra:
        # "..., that player adds one mana of any type that land produced, and this enchantment deals 1 damage to the
        # player" (Overabundance): the rider joined to the sentence
        return alt(body + " " + riders[0], body.rstrip(".") + alt(" and ", ", and ") + lower_first(riders[0]))
    return " ".join([body] + extra + riders)


renders(AddMana)(add_mana)


@renders(LandType)
def _land_type(e: LandType) -> str:
    f = e.affects
    plural_ = f.relation is None
    subject = cap(filter_phrase(f, plural_=plural_))
    if plural_:
        single = "Each " + filter_phrase(f) + " is " + (alt(*(article(t) for t in (e.set or e.add or ()))) if len(e.set or e.add or ()) == 1 else "?")
        tail = alt(" in addition to its other types", " in addition to its other land types") if e.add is not None else ""
        if "?" not in single:
            each_form = single + tail + "."
        else:
            each_form = ""
        subject = alt(subject, "All " + filter_phrase(f, plural_=True))
    else:
        each_form = ""
    types = e.set if e.set is not None else e.add
    if not types:
        raise Unrenderable("no land types")
    if set(types) == set(BASIC_LAND_TYPES) and len(types) == 5:
        words = "every basic land type"
    else:
        ws = [plural(t) if plural_ else t for t in types]
        words = any_order(ws, lambda xs: count_words(xs, "and"))
        if not plural_:
            words = alt("a " + words, "an " + words)
    verb = "are" if plural_ else "is"
    whose = "their" if plural_ else "its"
    tail = alt(f" in addition to {whose} other types", f" in addition to {whose} other land types") if e.add is not None else ""
    return alt(f"{subject} {verb} {words}{tail}.", each_form) if each_form else f"{subject} {verb} {words}{tail}."


@renders(ManaReplacement)
def _mana_replacement(e: ManaReplacement) -> str:
    """"If a land is tapped for mana, it produces {B} instead of any other type." and kin (CR 106.12b, 614.1a)."""
    f = e.applies
    inner = filter_with_controller(f)
    if e.by_subtype is not None:
        pairs = [f"{plural(sub)} produce {mana([t])}" for sub, t in e.by_subtype]
        return f"If tapped for mana, {count_words(pairs, 'and')} instead of any other type."
    # what it produces
    if e.multiply:
        times = {2: "twice", 3: "three times"}.get(e.multiply)
        if times is None:
            raise Unrenderable("a multiplier")
        out = f"{times} as much of that mana"
    elif e.mana is not None:
        out = mana(e.mana)
    elif e.to_type == "C":
        out = alt("colorless mana", "{C}")
    elif e.to_type in COLOR_WORDS:
        out = alt(mana([e.to_type]), f"{COLOR_WORDS[e.to_type]} mana")
    elif e.to_type == "any_color":
        out = ("one mana" if e.amount == 1 else "mana") + " of a color of your choice"
    elif e.to_type == "chosen_color":
        out = "mana of the chosen color"
    else:
        raise Unrenderable("a mana replacement output")
    if e.multiply:
        tail = " instead"
    elif e.replaces is not None and set(e.replaces) == set("WUBRG"):
        tail = " instead of any other color"
    elif e.replaces is not None and len(e.replaces) == 1:
        tail = f" instead of {COLOR_WORDS.get(e.replaces[0], 'colorless')} mana"
    elif e.replaces is not None:
        raise Unrenderable("replaced types")
    else:
        tail = " instead of any other type" + (" and amount" if e.mana is not None or e.amount is not None else "")
    much = f" for {number(e.min_amount)} or more mana" if e.min_amount else " for mana"
    obj = filter_phrase(inner, det="a")
    if e.targeted:
        subjects = [f"If target {filter_phrase(inner)} is tapped{much}, it produces"]
    else:
        subjects = [f"If {obj} is tapped{much}, it produces"]
        if f.controller == "you":
            subjects += [f"If you tap {obj}{much}, it produces", f"If you tap {obj} you control{much}, it produces",
                         f"If {obj} you control is tapped{much}, it produces"]
        else:
            subjects += [f"If a player taps {obj}{much}, it produces",
                         f"{cap(filter_phrase(inner, plural_=True))} tapped{much} produce"]
    forms = [f"{subj} {out}{tail}." for subj in subjects]
    core = alt(*forms)
    if e.duration == "end_of_turn":
        return "Until end of turn, " + lower_first(core)
    if e.duration is not None:
        raise Unrenderable(f"duration {e.duration!r}")
    return core


@renders(TriggeredAddMana)
def _triggered_add_mana(e: TriggeredAddMana) -> str:
    out = e.output
    if out is None:
        raise Unrenderable("no output")
    if e.keyword == "firebending":
        a = out.amount
        riders = [r.text for r in out.riders]
        if out.mana != ("R",) or riders != ["Until end of combat, you don't lose this mana as steps and phases end."]:
            raise Unrenderable("firebending output")
        if isinstance(a, Fixed):
            return f"Firebending {a.n}"
        return f"Firebending X{where_x(a)}."
    event = e.event
    low = normalise_head(event)
    if isinstance(e.condition, ModeUnchosen):
        # a mode of a modal triggered ability: its line is the mode alone (CR 700.2b)
        return "• " + cap(add_mana(out, triggered=True))
    if e.enters == "enters" and not re.fullmatch(r"when(?:ever)? this enters", low):
        raise Unrenderable("an enters trigger whose wording is not this entering")
    if e.enters == "other_enters" and not (low.startswith("whenever") and re.search(r"\benters\b", low)):
        raise Unrenderable("an other-enters trigger whose wording is not one")
    if e.enters is None and re.search(r"\benters\b", low):
        raise Unrenderable("an enters event not typed")
    head = event
    cond = e.condition
    if isinstance(cond, AnchorChosen):
        head = f"• {cond.word} — {event}"
    elif isinstance(cond, HasLegalTarget):
        # the ability's own target (its words are in a rider): it adds mana only with a legal target (CR 603.3d, 608.2b)
        if not any(re.search(r"\btarget\b", r.text, re.I) for r in out.riders):
            raise Unrenderable("a target condition without a target in the words")
    elif isinstance(cond, ModeUnchosen):
        # a mode of a modal triggered ability: its line is the mode alone (CR 700.2b)
        body = add_mana(out, triggered=True)
        return "• " + cap(body)
    elif isinstance(cond, ResolvedThisTurn):
        out = dataclasses.replace(out, condition=cond)
    elif cond is not None:
        head += alt(", if ", " while ") + condition(cond)
    body = add_mana(out, triggered=True)
    if e.optional:
        body = "you may " + body
    forms = [body]
    a = out.amount
    if isinstance(a, CountersOn) and a.counter and not e.optional and cond is None:
        # "remove all charge counters from this artifact. Add ... for each charge counter removed this way": the
        # counters removed are the counters on it as the ability resolves (CR 122.1, 608.2h)
        removed = dataclasses.replace(out, amount=CountersRemoved(a.counter))
        forms.append(f"remove all {a.counter} counters from this. " + cap(add_mana(removed, triggered=True)))
    if isinstance(cond, ControlsAtLeast) and cond.n == 1 and isinstance(a, StatOf) and a.relation == "sacrificed" \
            and cond.filter.other and len(cond.filter.qualifier.compare) == 1 and a.stat == "power":
        # "you may sacrifice another creature. If you do, add an amount of {R} equal to the sacrificed creature's
        # power": mana only while its controller controls another creature with power 1 or greater (CR 608.2d,
        # 701.21a, 107.1b)
        comp = cond.filter.qualifier.compare[0]
        if (comp.quantity, comp.op, comp.value) == ("power", ">=", 1):
            plain = dataclasses.replace(cond.filter, controller="any",
                                        qualifier=dataclasses.replace(cond.filter.qualifier, compare=()))
            head = event
            forms = [f"you may sacrifice {filter_phrase(plain, det='a')}. If you do, " + body]
    body = alt(*forms)
    if e.once_each_turn:
        body += " This ability triggers only once each turn."
    if isinstance(cond, ResolvedThisTurn) and out.riders:
        # "you gain 4 life if this is the first time ... If it's the second time, add {R}{G}{W}{U}. If it's the third
        # time, ..." (Omnath): the riders around the instruction in printed order
        main = add_mana(dataclasses.replace(out, riders=()), triggered=True)
        rs = [untyped(r.text) for r in out.riders]
        forms = [" ".join(rs[:i] + [cap(main)] + rs[i:]) for i in range(len(rs) + 1)]
        return head + ", " + alt(*(lower_first(f) for f in forms))
    return head + ", " + body


@renders(SpendAsThough)
def _spend_as_though(e: SpendAsThough) -> str:
    """"You may spend white mana as though it were mana of any color.", "Players may spend mana as though it were
    mana of any color.", "You may spend other mana only as though it were colorless mana." (CR 609.4b)."""
    who = {"you": "You may", "each": "Players may"}.get(getattr(e, "players", "you"))
    if who is None:
        raise Unrenderable("a spending form")
    out = []
    for rule in e.rules:
        r = dict(rule)
        if set(r) - {"mana", "as", "only"}:
            raise Unrenderable("a spending form")
        m = r["mana"]
        mana_w = {"any": "mana", "other": "other mana"}.get(m) or (f"{COLOR_WORDS[m]} mana" if m in COLOR_WORDS else "")
        as_w = {"any_color": "mana of any color", "any_type": "mana of any type", "C": "colorless mana"}.get(r["as"]) or \
            (f"{COLOR_WORDS[r['as']]} mana" if r["as"] in COLOR_WORDS else "")
        if not mana_w or not as_w:
            raise Unrenderable("a spending colour")
        out.append(f"{who} spend {mana_w}{' only' if r.get('only') else ''} as though it were {as_w}.")
    if not out:
        raise Unrenderable("no spending rule")
    return " ".join(out)


@renders(CantSpendMana)
def _cant_spend(e: CantSpendMana) -> str:
    """"You can't spend mana to cast this spell." (Hogaak; CR 601.2h)."""
    return "You can't spend mana to cast this spell."
