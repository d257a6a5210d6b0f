"""Whole abilities: ``ability`` prints one ``Ability`` line (an activated ability's cost, effect, restriction and
own cost change; a keyword line; a triggered, static or spell ability's sentences; CR 113, 602.1, 603.1), and the
effects that hold abilities themselves (a granted ability, CR 613.1f; an Aura's or Equipment's change to what it
is attached to, CR 303.4, 301.5; a permanent's own type change, CR 613.1d). The top of the printer: it loads every
family module, whose renderers register in ``table``.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Sequence

from ...vocab.characteristics import AttachedChange, SelfTypeChange
from ...vocab.conditions import DuringTurn, MaxSpeed
from ...vocab.effect import Unmodelled
from ...vocab.filters import Filter
from ...vocab.grants import GrantAbility
from ...vocab.mana_effects import ManaReplacement
from ...vocab.permissions import TimingRestriction
from ...vocab.resolution import Modal
from ...vocab.abilities import Ability
from ..lines import DASH_ABILITY_KEYWORDS, DASH_KEYWORDS, DASH_WORDS_KEPT, KEYWORD_ACTIONS, KEYWORD_NAMES
from .conditions import condition, restriction
from .cost_changes import ability_cost_change
from .costs import activation_cost
from .filters import filter_phrase, relation_phrase
from .patterns import ALT_L, MARK, Unrenderable, alt, display, normalise, untyped, wild
from .table import NAMES, effect, renders
from .words import COLOR_WORDS, SUPERTYPES, TYPE_ORDER, article, cap, count_words, lower_first, type_word
# every family of effect renderers, loaded so that each registers its renderers in the table
from . import cost_changes, instructions, mana, permissions  # noqa: F401
from . import keywords as keyword_renderers  # noqa: F401


def _granted(a: Ability) -> str:
    """A granted ability as it is written in a grant: a keyword in lower case, another ability in quotes."""
    if a.kind == "keyword":
        w = _ability(a)
        return display(w)[:1].lower() + w[1:] if not w.startswith(ALT_L) else w.lower()
    return '"' + _ability(a) + '"'


@renders(GrantAbility)
def _grant(e: GrantAbility) -> str:
    """"[objects] have [keywords and quoted abilities]" with "gets +N/+N and" (an untyped part), "loses all abilities
    and", "as long as [condition]", "with the chosen name" (CR 613.1f, 113.10, 604.1)."""
    f = e.affects
    if f is None:
        raise Unrenderable("a grant with no objects")
    if isinstance(e.condition, MaxSpeed):
        if f.relation != "this" or e.also or e.parts or e.loses:
            raise Unrenderable("a max speed grant")
        return "Max speed — " + _ability(e.ability)
    plural_ = f.relation is None
    chosen = " with the chosen name" if e.chosen_name else ""
    subjects = _grant_subjects(f, plural_, chosen)
    has = alt("have", "has") if plural_ else "has"
    granted = [_granted(a) for a in e.granted]
    if not granted:
        raise Unrenderable("a grant of nothing")
    listed = alt(count_words(granted, "and"), " and ".join(granted)) if len(granted) > 2 else count_words(granted, "and")
    body = f"{has} " + listed
    if e.lose_land_types:
        if not e.loses:
            raise Unrenderable("land types lost without abilities")
        lose = "lose" if plural_ else "loses"
        gain = alt("have", "gain", "they gain") if plural_ else alt("has", "gains", "it gains")
        body = f"{lose} all land types and abilities" + alt(" and ", ", and ") + f"{gain} {listed}"
    elif e.loses:
        lose = "lose" if plural_ else "loses"
        body = alt(f"{lose} all abilities and {body}", f"{body} and {lose} all other abilities")
    if e.parts:
        if len(e.parts) != 1:
            raise Unrenderable("several untyped parts of a grant")
        pm = re.match(r"^.*?\b(?P<verb>gets?|get)\b(?P<rest>.*)$", e.parts[0].text.rstrip("."), re.I | re.S)
        if not pm:
            raise Unrenderable("a grant's untyped part that is not a power/toughness change")
        body = untyped(pm.group("verb") + pm.group("rest")) + " and " + body  # the change itself is untyped (layer 7c)
    forms = []
    for subj, cond in subjects:
        core = f"{subj} {body}"
        c = condition(e.condition) if e.condition is not None else ""
        if cond and c:
            continue
        c = c or cond
        if c:
            forms.append(f"{core} as long as {c}.")
            forms.append(f"As long as {c}, {core[:1].lower() + core[1:]}.")
            forms.append(f"As long as {c}, it {body}.")
        else:
            forms.append(core + ".")
    if not forms:
        raise Unrenderable("a grant's objects")
    return alt(*forms)


def _types_of(f: Filter) -> list[str]:
    return [t for t in f.all_of if t not in SUPERTYPES]


def _grant_subjects(f: Filter, plural_: bool, chosen: str) -> list[tuple[str, str]]:
    """The ways a grant names its objects, each with the condition its words carry: ("Creatures you control", ""),
    and for the enchanted permanent of two types, ("enchanted permanent", "enchanted permanent is a creature")."""
    if not plural_:
        types = _types_of(f)
        out = [(cap(filter_phrase(f)), "")]
        if f.relation in ("enchanted", "equipped") and types:
            # "As long as enchanted creature is a Wizard, it has ..." (the grant applies to it only with that type)
            for t in types:
                rest = [x for x in types if x != t]
                noun = " ".join(type_word(x) for x in rest) or "permanent"
                out.append((f"{cap(f.relation)} {noun}", f"{f.relation} {noun} is {article(type_word(t))}"))
        return out
    words = filter_phrase(f, plural_=True) + chosen
    if f.other or f.qualifier.other:
        # "Other creatures you control ..." / "Each other creature you control ..." (Exava)
        return [(alt(cap(words), "Each " + filter_phrase(f) + chosen), "")]
    return [(alt(cap(words), "All " + words, "Each " + filter_phrase(f) + chosen, cap(filter_phrase(f) + chosen)), "")]


@renders(SelfTypeChange)
def _self_type_change(e: SelfTypeChange) -> str:
    """"During turns other than yours, this artifact is a 2/3 Gargoyle artifact creature with flying", "As long as
    this artifact has eight or more +1/+1 counters on it, it's a 0/0 creature in addition to its other types and it
    has annihilator 2" (CR 613.1d, 613.4b, 613.1f)."""
    desc = [type_word(t) for t in e.subtypes] + [type_word(t) for t in TYPE_ORDER if t in e.types]
    what = " ".join(desc)
    if e.power is not None:
        what = f"{e.power}/{e.toughness} " + what
    kws = [_granted(a) for a in e.also]
    is_words = article(what)
    tail = ""
    if not e.replace_creature_types and "Creature" in e.types:
        tail = alt(" in addition to its other types", "")
    elif e.replace_creature_types:
        tail = alt("", " that's still a planeswalker", " in addition to its other types")
    forms = []
    for verb in (" is", "'s"):
        body = f"{verb} {is_words}"
        with_kw = (" with " + count_words(kws, "and")) if kws else ""
        has_kw = (alt(" and it has ", " and has ") + count_words(kws, "and")) if kws else ""
        forms.append(body + with_kw + tail)
        if kws:
            forms.append(body + tail + has_kw)
    subject_forms = alt("this", "it")
    c = e.condition
    if isinstance(c, DuringTurn):
        when = "During your turn" if c.whose == "you" else "During turns other than yours"
        return f"{when}, {subject_forms}" + alt(*[f for f in forms if not f.startswith("'")]) + "."
    if c is None:
        return f"{cap(subject_forms)}" + alt(*forms) + "."
    cond = condition(c)
    return f"As long as {cond}, " + alt("it", "this") + alt(*forms) + "."


@renders(AttachedChange)
def _attached_change(e: AttachedChange) -> str:
    """What an Aura or Equipment makes the object it is attached to (CR 303.4, 301.5, 613.1b-f): "Enchanted creature
    loses all abilities and is a blue Frog creature with base power and toughness 1/1", "Enchanted permanent is a
    colorless land with "{T}: Add {C}" and loses all other card types and abilities"."""
    f = e.affects
    subject = cap(relation_phrase(f))
    typed = e.types is not None or e.subtypes is not None or e.colors is not None or e.supertypes or e.loses \
        or e.granted or e.power is not None or e.new_name is not None
    parts = [p.text.rstrip(".") for p in e.parts]
    gets = ""
    if parts:
        pm = re.match(r"^.*?\b(?P<v>gets?)\b(?P<rest>\s+[+-]\d+/[+-]\d+)$", parts[0], re.I)
        if pm and len(parts) == 1 and typed:
            gets = untyped(pm.group("v") + pm.group("rest")) + " and "
        elif not typed and len(parts) == 1:
            # the sentence is the untyped part ("You control enchanted creature."): its object words are typed
            if not re.search(r"\b(?:enchanted|equipped)\b", parts[0], re.I):
                raise Unrenderable("an attached change whose part does not name the attached object")
            return untyped(parts[0]) + "."
        else:
            raise Unrenderable("an attached change with several untyped parts")
    desc: list[str] = []
    if e.colors is not None:
        desc.append("colorless" if e.colors == "" else count_words([COLOR_WORDS[c] for c in e.colors], "and"))
    desc += [t.lower() for t in e.supertypes]
    desc += [type_word(t) for t in (e.subtypes or ())]
    desc += [type_word(t) for t in (e.types or ())]
    if not desc and e.power is None and not e.granted:
        if e.loses:
            return alt(f"{subject} loses all abilities.", f"{subject} loses all other abilities.")
        raise Unrenderable("an attached change with nothing")
    only_supers = bool(e.supertypes) and not (e.types or e.subtypes or e.colors is not None)
    what = " ".join(desc)
    is_clause = "is " + (what if only_supers else article(what) if what else "a creature")
    quoted = [f'"{_ability(a)}"' for a in e.granted if a.kind != "keyword"]
    keywords = [_granted(a) for a in e.granted if a.kind == "keyword"]
    if e.power is not None:
        is_clause += f" with base power and toughness {e.power}/{e.toughness}"
    if quoted:
        is_clause += alt(" with ", " and ") + count_words(quoted, "and")
    if e.new_name:
        is_clause += f" named {e.new_name}"
    if e.add_types:
        is_clause += " in addition to its other types"
    tails = []
    if keywords:
        tails.append("has " + count_words(keywords, "and"))
    replaced = e.types is not None and not e.add_types
    lose_forms = [""]
    if e.loses:
        lose_forms = ["loses all abilities", "loses all other abilities", "it loses all other abilities"]
        if replaced:
            lose_forms += ["loses all other card types and abilities", "it loses all other card types and abilities",
                           "loses all other abilities, card types, and creature types",
                           "it loses all other abilities, card types, and creature types"]
    elif replaced:
        lose_forms = ["", "loses all other card types", "it loses all other card types"]
    forms = []
    for lose in lose_forms:
        rest = tails + ([lose] if lose else [])
        body = gets + is_clause + "".join(alt(" and ", ", and ") + r for r in rest)
        forms.append(f"{subject} {body}.")
        if lose and lose.startswith("loses all abilities") and not tails:
            forms.append(f"{subject} {gets}{lose} and {is_clause}.")
    return alt(*forms)


def ability(a: Ability, names: Sequence[str] = ()) -> str:
    """The pattern of a whole ability line: an activated ability's cost, effect, restriction and cost change; a
    keyword line; a triggered, static or spell ability's sentences (CR 113, 602.1). ``names``: the card's own names
    (``self_names``), for untyped wording that names the card."""
    token = NAMES.set(tuple(names))
    try:
        return _ability(a)
    finally:
        NAMES.reset(token)


def _ability(a: Ability) -> str:
    if a.kind == "keyword":
        if a.cost_change is not None:
            raise Unrenderable("a keyword's cost change")
        return effect(a.effect) + (". " + restriction(_restriction_of(a)) if a.restriction is not None else "")
    if a.kind == "activated" and isinstance(a.effect, Unmodelled):
        # the untyped sentence is the line itself: what follows the typed cost is the effect's own words, with the
        # typed restriction and cost change among them (checked below)
        body = wild("effect not modelled")
    else:
        body = effect(a.effect)
    if a.kind == "triggered" and isinstance(a.effect, ManaReplacement):
        # a delayed or triggered replacement: its trigger condition is not part of the typed effect (CR 603.1)
        body = wild("trigger condition", r"(?:at|when|whenever).*") + " " + body
    if a.kind != "activated":
        if a.restriction is not None or a.cost_change is not None:
            raise Unrenderable("a restriction on an ability that is not activated")
        if a.kind == "static" and set(a.zones) == {"battlefield", "command"}:
            # "As long as this is in the command zone or on the battlefield, ..." (eminence, CR 113.6p)
            return "As long as this is in the command zone or on the battlefield, " + lower_first(body)
        if a.kind == "static" and tuple(a.zones) == ("graveyard",) and isinstance(a.effect, GrantAbility):
            # "As long as this card is in your graveyard [and you control a Mountain], creatures you control have
            # haste." (Anger, Riftstone Portal; CR 113.6b): the zone, then the grant's own condition
            grant = a.effect
            core = effect(dataclasses.replace(grant, condition=None)) if grant.condition is not None else body
            also = f" and {condition(grant.condition)}" if grant.condition is not None else ""
            return f"As long as this card is in your graveyard{also}, " + lower_first(core.rstrip("."))
        return body
    if a.cost is None:
        raise Unrenderable("an activated ability without a cost")
    head = activation_cost(a.cost) if a.loyalty is None else _loyalty(a.loyalty)
    extra = []
    if a.cost.spend is not None and not isinstance(a.effect, Modal):  # a modal ability's modes carry it
        extra.append(_spend_only(a.cost.spend))
    if a.cost.tap_instead:
        extra.append(wild("tap rather than pay"))
    if a.cost_change is not None:
        extra.append(ability_cost_change(a.cost_change))
    keyword_form = ""
    if a.restriction is not None:
        r = restriction(_restriction_of(a))
        extra.append(r)
        keyword_form = _dash_keyword(r, a.kind)
    if keyword_form and "\n" not in body:
        # "Exhaust — [cost]: [effect]" is "[cost]: [effect]. Activate only once." (CR 702.177a; boast, forecast)
        return alt(f"{head}: " + " ".join([body] + extra), f"{keyword_form} — {head}: " + " ".join([body] + extra[:-1]))
    if "\n" in body:  # the bulleted modes come after every sentence of the line (CR 700.2)
        first, rest = body.split("\n", 1)
        return f"{head}: " + " ".join([first] + extra) + "\n" + rest
    return f"{head}: " + " ".join([body] + extra)


def _dash_keyword(restriction_words: str, kind: str) -> str:
    """The keyword whose rule spells out this restriction ("Activate only once." -> "Exhaust"), or ``""``."""

    for word, spelled in DASH_ABILITY_KEYWORDS.items():
        extra = spelled.get(kind)
        if extra and MARK.sub("", restriction_words) == restriction_words and normalise(restriction_words) == normalise(extra):
            return cap(word)
    return ""


def _restriction_of(a: Ability) -> TimingRestriction:
    if not isinstance(a.restriction, TimingRestriction):
        raise Unrenderable("a restriction that is not a timing restriction")
    return a.restriction


def _loyalty(v: str) -> str:
    return alt(v, v.replace("-", "−"), f"[{v}]", f"[{v.replace('-', '−')}]")


def _spend_only(s: Any) -> str:
    if s.chosen:
        return "Spend only mana of the chosen color to activate this ability."
    cols = count_words([COLOR_WORDS[c] for c in s.colors], "and/or")
    return f"Spend only {cols} mana on X." if s.on_x else f"Spend only {cols} mana to activate this ability."


#: "Word — " at the start of a line: an ability word or flavor word (CR 207.2c-d), no rules meaning.
_LABEL = re.compile(r"^(?P<word>[A-Za-z][^—:{}\"“•|+\[\]()]*?)\s*—\s*(?P<rest>\S.*)$", re.S)


def strip_label(line: str) -> str:
    """A line without its leading ability word or flavor word ("Landfall — Whenever ..." -> "Whenever ..."; CR
    207.2c-d: they have no rules meaning); a keyword's own dash ("Ward—Pay 2 life") and "Max speed —" are kept."""

    m = _LABEL.match(line)
    if not m:
        return line
    w = m.group("word").strip().lower()
    first = w.split()[0] if w.split() else w
    if w in KEYWORD_NAMES or first in KEYWORD_NAMES or w in DASH_KEYWORDS or first in DASH_KEYWORDS \
            or w in KEYWORD_ACTIONS or w in DASH_WORDS_KEPT or first in DASH_WORDS_KEPT:
        return line
    return m.group("rest")
