"""A hand-written catalog model compared with the reading of its card's Oracle text (``models.text.oracle``).

The embedded catalog (``models.data.catalog``) models real cards by hand; when a card data file is loaded, its models
replace the reading of the card's text (``models.data.database.merge_catalog``), and without one they are all there is.
A model is sound only where it says no more and nothing other than the text: ``compare_model`` lists where it does.

The comparison, ability by ability in printed order (the model lists one ability per line of the text, CR 113.2c;
a modal ability's bullet lines and a split card's halves as the reading lists them):

* **structure**: as many abilities as the reading; **kind**: each of the same kind (``static`` and ``replacement``
  alike: the rules read both as static abilities, CR 604, 614);
* **activation**: the same cost (mana, {T}/{Q}, every other part, CR 602.1a), loyalty, zones (CR 113.6), restriction
  (CR 602.5), own cost change (CR 602.2b), stripe (CR 711.2, 721.2) and face (CR 712);
* **typed effects**: where both are typed, the same effect with the same fields — but for the fields that only carry
  wording (``PRESENTATION_FIELDS``); a model typed where the reading is not says more than the reading (it needs the
  ruling or rule that justifies it, written in the model's ``ruling:``);
* **refusals**: where the model leaves a sentence untyped (``Unmodelled``) it must refuse at least where the text
  would: its topics contain the reading's (or the typed reading's ``touches``), and each fact the gate reads of an
  untyped sentence (``solver.rules.gate``: scope, whether it works while its card is cast, zones it lets cards be cast from,
  cost change, power change, keyword variant, spending, what it reads, its trigger event, an entering replacement)
  is at least as wide (the nested untyped parts of a typed ability too);
* **targets**: the spell's target requirements (``models.vocab.targeting_specs.spell_targets``, CR 115, 601.2c) and each
  activated ability's are the same, but for their wording.

A difference of an ability is accepted only when the model's ability names the ruling that justifies it
(``ruling:`` in its YAML, with a CR rule number or a ruling's date); a structural difference never is.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, Iterable, Mapping, Sequence

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.topics import Scope
from mtgcheck.models.vocab.effect import Unmodelled, walk_unmodelled
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.vocab.targeting_specs import ability_targets, spell_targets

#: Fields that carry only wording or a fact derived from another field, read by no rule: the sentence itself
#: (``text``), a filter's own words kept for explanations (``words``), a keyword's raw parameter once typed
#: (``parameter``; its typed ``cost``/``n``/``detail`` are compared), the delve family's unit description derived
#: from the keyword's name (``pays``/``uses``, CR 702.51a, 702.66a, 702.126a).
PRESENTATION_FIELDS = frozenset({"text", "words", "parameter", "pays", "uses"})
#: Ability kinds the rules read alike (static abilities, CR 604; replacement effects are static abilities, 614.1).
_SAME_KIND = {"replacement": "static"}
_RULING_RE = re.compile(r"\bCR \d{3}(?:\.\d+[a-z]?)?|\b\d{4}-\d{2}-\d{2}\b")


@dataclass(frozen=True)
class Difference:
    """One place where a model says more or other than its card's text.

    Attributes
    ----------
    card : str
    ability : int or None  the model's ability (from 1), ``None`` for the card as a whole.
    what : str  ``structure``, ``kind``, ``activation``, ``effect``, ``typed beyond the reading``, ``refusal``,
        ``targets``.
    detail : str  the model's and the reading's versions.
    """

    card: str
    ability: int | None
    what: str
    detail: str

    def __str__(self) -> str:
        where = f"ability {self.ability}" if self.ability is not None else "the card"
        return f"{self.card}, {where}: {self.what}: {self.detail}"


def canonical(value: Any, nested: list[Unmodelled] | None = None) -> Any:
    """A comparable form of a typed value: dataclasses as (type name, fields) without ``PRESENTATION_FIELDS`` and
    without fields at their empty value; mappings likewise; an ``Unmodelled`` part as a placeholder (appended to
    ``nested`` when given, for the refusal check); enums by value; mana costs in canonical notation; strings with
    their spacing and case normalised."""
    if isinstance(value, Unmodelled):
        if nested is not None:
            nested.append(value)
        return ("Unmodelled",)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, ManaCost):
        return str(value.canonical())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        items = []
        for f in dataclasses.fields(value):
            if f.name in PRESENTATION_FIELDS or not f.init:  # not init: derived from the others
                continue
            v = canonical(getattr(value, f.name), nested)
            if not _empty(v):
                items.append((f.name, v))
        return (type(value).__name__, tuple(items))
    if isinstance(value, Mapping):
        items = [(str(k), canonical(v, nested)) for k, v in value.items() if k not in PRESENTATION_FIELDS]
        return ("map", tuple(sorted((k, v) for k, v in items if not _empty(v))))
    if isinstance(value, (frozenset, set)):
        return tuple(sorted((canonical(v, nested) for v in value), key=repr))
    if isinstance(value, (list, tuple)):
        return tuple(canonical(v, nested) for v in value)
    if isinstance(value, str):
        return " ".join(value.split()).lower()  # "At the beginning ..." and "at the beginning ..." alike
    return value


def _empty(v: Any) -> bool:
    """A field value that says nothing: none, empty, false, or a record all of whose fields say nothing
    (``ActivationCost()`` of a loyalty ability, an empty ``Qualifier``)."""
    if v is None or v == () or v == "" or v is False:
        return True
    return isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) and v[1] == ()


def ruling_of(entry: Mapping[str, Any]) -> str | None:
    """The justification a catalog ability entry names (``ruling:``), when it names a CR rule or a dated ruling."""
    r = entry.get("ruling") if isinstance(entry, Mapping) else None
    return str(r) if r and _RULING_RE.search(str(r)) else None


def _kind(a: Ability) -> str:
    return _SAME_KIND.get(a.kind, a.kind)


def refusal_gaps(model: Unmodelled, text: Unmodelled) -> list[str]:
    """Where the model's untyped sentence would refuse less than the text's (empty: at least as wide everywhere)."""
    out = []
    if not model.topics >= text.topics:
        out.append("topics lack " + ", ".join(sorted(t.value for t in text.topics - model.topics)))
    if model.scope != Scope.UNKNOWN and model.scope != text.scope:
        out.append(f"scope {model.scope.value} (the text: {text.scope.value})")
    for flag in ("while_cast", "power_change", "spend_change", "enters_replacement"):
        if getattr(text, flag) and not getattr(model, flag):
            out.append(f"not {flag.replace('_', ' ')}")
    if not model.cast_from >= text.cast_from:
        out.append("cast from lacks " + ", ".join(sorted(text.cast_from - model.cast_from)))
    for fact in ("cost_change", "keyword_variant"):
        if getattr(text, fact) is not None and getattr(model, fact) != getattr(text, fact):
            out.append(f"{fact.replace('_', ' ')} {getattr(model, fact)!r} (the text: {getattr(text, fact)!r})")
    if not model.reads >= text.reads:
        out.append("reads lack " + ", ".join(sorted(text.reads - model.reads)))
    if model.trigger_event is not None and model.trigger_event != text.trigger_event:
        out.append(f"trigger event {model.trigger_event!r} (the text: {text.trigger_event!r})")
    return out


def _targets_key(targets: Any) -> Any:
    """Target requirements without their wording (``models.text.targets.SpellTargets``): the words of qualifiers and
    phrases not understood count only by whether there are any (either makes the legality unknown)."""
    def spec(s: Any) -> Any:
        return canonical(dataclasses.replace(s, text="", unknown=("?",) if s.unknown else ()))

    return (tuple(tuple(spec(s) for s in mode) for mode in targets.modes), targets.choose, bool(targets.unread))


def _ability_fields(a: Ability, first_face: str) -> tuple:
    """What an ability says besides its effect; its face is ``None`` for the card's first face (CR 712, 709)."""
    out = []
    for f in ("cost", "loyalty", "zones", "restriction", "cost_change", "stripe", "face"):
        v = getattr(a, f)
        if f == "face" and v is not None and v.casefold() == first_face.casefold():
            v = None
        c = canonical(v)
        out.append(None if _empty(c) else c)
    return tuple(out)


def compare_model(name: str, model: Sequence[Ability], reading: Sequence[Ability], is_aura: bool = False) -> list[Difference]:
    """Every place where the model's abilities say more or other than the reading's (module docstring).

    Parameters
    ----------
    name : str  the card's name (for the messages).
    model : sequence of Ability  the catalog model's abilities.
    reading : sequence of Ability  the abilities read from the card's Oracle text.
    is_aura : bool  the card is an Aura (its spell targets what it can enchant, CR 303.4a).

    Returns
    -------
    list of Difference (empty: the model says nothing the text does not).
    """
    out: list[Difference] = []
    if len(model) != len(reading):
        out.append(Difference(name, None, "structure",
                              f"the model's abilities {[a.kind for a in model]}, the text's {[b.kind for b in reading]} "
                              f"({' | '.join(b.text for b in reading)})"))
        return out
    for i, (a, b) in enumerate(zip(model, reading), 1):
        if _kind(a) != _kind(b):
            out.append(Difference(name, i, "kind", f"the model's “{a.text}” is {a.kind}; the text's “{b.text}” {b.kind}"))
        first = name.split(" // ")[0]
        if _ability_fields(a, first) != _ability_fields(b, first):
            out.append(Difference(name, i, "activation", f"the model's “{a.text}”: {_ability_fields(a, first)}; the "
                                  f"text's “{b.text}”: {_ability_fields(b, first)} (cost, loyalty, zones, restriction, "
                                  "cost change, stripe, face)"))
        ae, be = a.effect, b.effect
        if isinstance(ae, Unmodelled) and isinstance(be, Unmodelled):
            gaps = refusal_gaps(ae, be)
            if gaps:
                out.append(Difference(name, i, "refusal", f"“{a.text}” refuses less than “{b.text}”: {'; '.join(gaps)}"))
        elif isinstance(ae, Unmodelled):
            touches = frozenset(type(be).touches)
            if not ae.topics >= touches:
                out.append(Difference(name, i, "refusal", f"“{a.text}” has topics {sorted(t.value for t in ae.topics)}; "
                                      f"the text's typed reading touches {sorted(t.value for t in touches)}"))
        elif isinstance(be, Unmodelled):
            out.append(Difference(name, i, "typed beyond the reading",
                                  f"the model types “{a.text}” as {type(a.effect).__name__}; the text “{b.text}” is not "
                                  "read as a typed effect"))
        else:
            mine: list[Unmodelled] = []
            theirs: list[Unmodelled] = []
            if canonical(a.effect, mine) != canonical(b.effect, theirs):
                out.append(Difference(name, i, "effect", f"the model: {canonical(a.effect)}; the text: {canonical(b.effect)}"))
            else:
                for u, v in zip(mine, theirs):
                    gaps = refusal_gaps(u, v)
                    if gaps:
                        out.append(Difference(name, i, "refusal", f"its untyped part “{u.text}” refuses less than "
                                              f"“{v.text}”: {'; '.join(gaps)}"))
        if a.kind == "activated" and _targets_key(ability_targets(a)) != _targets_key(ability_targets(b)):
            out.append(Difference(name, i, "targets", f"the model's ability targets {ability_targets(a)}; the text's "
                                  f"{ability_targets(b)}"))
    if _targets_key(spell_targets(model, is_aura)) != _targets_key(spell_targets(reading, is_aura)):
        out.append(Difference(name, None, "targets", f"the model's spell targets {spell_targets(model, is_aura)}; the "
                              f"text's {spell_targets(reading, is_aura)}"))
    return out


def untyped_parts(abilities: Iterable[Ability]) -> list[Unmodelled]:
    """Every untyped part of the abilities, in order (``models.vocab.effect.walk_unmodelled``)."""
    return [u for a in abilities for u in walk_unmodelled(a.effect)]
