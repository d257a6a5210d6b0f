"""The closed set of effect names and the catalog format: ``EFFECT_TYPES``, ``build_effect`` (an effect from its
name and parameters: the catalog and the parsers build through it, so an unknown effect name or parameter is an
error naming where it came from and the closest valid one) and ``ability_from_dict`` (a catalog ability entry).

The catalog's parameter shapes (``kind: add_mana`` with ``params: {mana: "{G}"}``) are an input format only: each
field's reader (``fld(codec=...)``) turns a catalog value into the typed one; a field whose values are other
effects or abilities names its reader by a tag, read here (``BUILDING_CODECS``).
"""
from __future__ import annotations

import dataclasses
from typing import Any, cast, Iterable, Mapping

from .abilities import Ability, ABILITY_KINDS, ActivationCost, Stripe, ZONES
from .characteristics import AttachedChange, SelfTypeChange
from .cost_effects import (
    AbilityCostChange, ActivationCostChange, AdditionalCost, CantPayCosts, CostIncrease, CostMinimum,
    CostReduction, PrintedAlternativeCost, SelfCostChange,
)
from .cost_parts import AbilityError
from .effect import (
    ABILITIES, ABILITY, ADDITIONAL_COSTS, ALTERNATIVES, Codec, _condition_in, Effect, effect_fields, INSTEAD,
    PLAIN, _plain, PLUS, _topics_in, Unmodelled,
)
from .grants import AsThoughHaste, GainControl, GrantAbility, GrantFlashback
from .keyword_effects import ConditionalSelfKeyword, DelveCount, DelveKeywordGrant, Keyword, SpellsHaveKeyword
from .mana_effects import AddMana, CantSpendMana, Instead, LandType, ManaReplacement, SpendAsThough, TriggeredAddMana
from .permissions import CantCast, CastAsThoughFlash, FreeCastPermission, TimingRestriction
from .readers import readers
from .self_flash import SelfFlash
from .spree import SpreeMode
from .resolution import (
    CastTrigger, Draw, EntersChoice, EntersTapped, EntersTrigger, EntersWithCounters, Instructions, Modal,
    PutOntoBattlefieldProcess, Scry,
)
from .targeting import CantBeTargeted, PlayerKeyword, SpellTargetRestriction
from .topics import ALL_TOPICS, closest, Scope, _unknown, VocabularyError


def _add_mana_in(v: Any, where: str) -> "AddMana":
    if isinstance(v, AddMana):
        return v
    if not isinstance(v, Mapping):
        raise VocabularyError(f"{where}: expected add_mana parameters, got {v!r}")
    return cast(AddMana, build_effect("add_mana", v, where))


def _instead_in(v: Any, where: str) -> "Instead":
    if isinstance(v, Instead):
        return v
    if not isinstance(v, Mapping) or "condition" not in v:
        raise VocabularyError(f"{where}: 'instead' needs a condition")
    rest = {k: x for k, x in v.items() if k != "condition"}
    return Instead(_condition_in(v["condition"], where), _add_mana_in(rest, where + " (instead)"))


def _alternatives_in(v: Any, where: str) -> tuple["AddMana", ...]:
    return tuple(_add_mana_in(x, where + " (alternative)") for x in v)


def _granted_in(v: Any, where: str) -> Any:
    if isinstance(v, Ability):
        return v
    return ability_from_dict(v, "", where)


def _granted_many_in(v: Any, where: str) -> tuple[Any, ...]:
    return tuple(_granted_in(x, f"{where}[{i}]") for i, x in enumerate(v or ()))


def _choices_in(v: Any, where: str) -> tuple[Any, ...]:
    """The options of an either-or additional cost: ``AdditionalCost`` effects, or ``{cost, parts}`` mappings."""
    out: list[Effect] = []
    for i, x in enumerate(v or ()):
        if isinstance(x, AdditionalCost):
            out.append(x)
        elif isinstance(x, Mapping):
            out.append(build_effect("additional_cost", x, f"{where}[{i}]"))
        else:
            raise VocabularyError(f"{where}[{i}]: an option is a mapping with cost and parts, got {x!r}")
    return tuple(out)


# ---------------------------------------------------------------------------
# The registry of effect names
# ---------------------------------------------------------------------------

EFFECT_TYPES: dict[str, type[Effect]] = {
    c.kind: c for c in (
        Unmodelled, AddMana, ManaReplacement, LandType, GrantAbility, SpendAsThough, CantSpendMana, CostIncrease,
        CostReduction, CostMinimum, SelfCostChange, AdditionalCost, PrintedAlternativeCost, GrantFlashback, Keyword, SpellsHaveKeyword,
        ConditionalSelfKeyword, DelveKeywordGrant, DelveCount, Instructions, Draw, Scry, PutOntoBattlefieldProcess,
        EntersWithCounters, EntersTapped, EntersChoice, EntersTrigger, CastTrigger, AsThoughHaste, GainControl,
        TriggeredAddMana, TimingRestriction, CastAsThoughFlash, AbilityCostChange, CantBeTargeted, PlayerKeyword,
        SpellTargetRestriction, ActivationCostChange, CantPayCosts, SelfTypeChange, Modal, AttachedChange, CantCast,
        FreeCastPermission, SelfFlash, SpreeMode,
    )
}


#: Ability-level keys of a catalog ability's ``params`` (``face``, ``loyalty``, ``intrinsic``): fields of ``Ability``.
ABILITY_LEVEL_KEYS = ("face", "loyalty", "intrinsic")


def build_effect(name: str, params: Mapping[str, Any] | None = None, where: str = "effect",
                 *, ability_kind: str = "") -> Effect:
    """Build a typed effect from its name and parameters (the catalog format and the parsers' output).

    Parameters
    ----------
    name : str
        An effect name of ``EFFECT_TYPES`` (``add_mana``, ``land_type``, ...); for ``ability_kind ==
        "keyword"`` any keyword name (``flying``, ``flashback``), built as a ``Keyword``.
    params : mapping
        Its parameters by key (see docs/effects.md).
    where : str
        Named in errors (``"reflecting_pool.yaml: ability 1"``).

    Returns
    -------
    Effect

    Raises
    ------
    VocabularyError
        An unknown effect name or parameter key (naming the closest valid one), or a value of the wrong shape.
    """
    params = dict(params or {})
    if ability_kind == "keyword" or (name not in EFFECT_TYPES and "keyword" in params):
        params.setdefault("keyword", name.replace("_", " "))
        cls: type[Effect] = Keyword
    else:
        if name not in EFFECT_TYPES:
            raise _unknown("effect", name, EFFECT_TYPES, where)
        cls = EFFECT_TYPES[name]
    if cls is Unmodelled:
        extra = set(params) - {"topics", "text", "scope", "reads"}
        if extra:
            raise _unknown(f"parameter of {name}", sorted(extra)[0], ["topics", "scope", "reads"], where)
        scope = str(params.get("scope", Scope.UNKNOWN.value))
        if scope not in {s.value for s in Scope}:
            raise _unknown("scope", scope, [s.value for s in Scope], where)
        u = Unmodelled(str(params.get("text", "")), _topics_in(params.get("topics", "all"), where), Scope(scope))
        reads = params.get("reads", ())
        if isinstance(reads, str) or not all(isinstance(x, str) for x in reads):
            raise VocabularyError(f"{where}: text.reads: a list of tokens such as power_toughness, subtype:Sliver")
        if reads:  # what another ability must read for it to matter (models.text.relevance; solver.rules.gate)
            object.__setattr__(u, "reads", u.reads | frozenset(reads))
        return u
    try:
        params = cls.normalize(params)
    except (TypeError, AttributeError, ValueError, KeyError) as e:
        raise VocabularyError(f"{where}: {name}: its parameters cannot be read ({type(e).__name__}: {e})") from None
    fields = effect_fields(cls)
    kwargs: dict[str, Any] = {}
    for key, value in params.items():
        f = fields.get(key)
        if f is None:
            raise _unknown(f"parameter of {name}", key, fields, where)
        dec = f.metadata.get("codec", PLAIN)
        if isinstance(dec, str):
            dec = BUILDING_CODECS[dec]
        try:
            kwargs[f.name] = dec(value, f"{where}: {name}.{key}")
        except (TypeError, AttributeError, ValueError, KeyError) as e:
            if isinstance(e, VocabularyError):
                raise
            raise VocabularyError(f"{where}: {name}.{key}: {value!r} cannot be read ({type(e).__name__}: {e})"[:300]) from None
        if dec is _plain:
            _check_plain(cls, f, kwargs[f.name], f"{where}: {name}.{key}")
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise VocabularyError(f"{where}: {name}: {e}") from None


_HINTS: dict[type, dict[str, Any]] = {}


_SCALARS: dict[str, Any] = {"str": str, "int": int, "bool": bool, "float": (int, float)}


def _check_plain(cls: type, f: dataclasses.Field[Any], value: Any, where: str) -> None:
    """Refuse a catalog value of the wrong scalar kind for a field declared ``str``, ``int``, ``bool`` or ``float``
    (optionally ``| None``): ``keyword: 0`` or ``amount: "two"`` would otherwise reach the solver as they are."""
    ann = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
    parts = [p.strip() for p in str(ann).split("|")]
    optional = "None" in parts
    kinds = [p for p in parts if p != "None"]
    if len(kinds) != 1 or kinds[0] not in _SCALARS or (value is None and optional):
        return
    want = _SCALARS[kinds[0]]
    ok = isinstance(value, want) and not (isinstance(value, bool) and kinds[0] != "bool")
    if not ok:
        raise VocabularyError(f"{where}: must be {'text' if kinds[0] == 'str' else kinds[0]}"
                              f"{' or null' if optional else ''}, got {value!r}"[:300])


#: The readers of the fields that build nested effects or abilities, by tag (``fld``).
BUILDING_CODECS: dict[str, Codec] = {PLUS: _add_mana_in, INSTEAD: _instead_in, ALTERNATIVES: _alternatives_in,
                                     ADDITIONAL_COSTS: _choices_in, ABILITY: _granted_in, ABILITIES: _granted_many_in}







#: ``ruling``: in a catalog model, the ruling or CR rule that justifies where the model says more or other than the
#: card's text (read by the catalog check, ``models.data.catalog_check``; not part of the ability)
_ABILITY_KEYS = ("kind", "effect", "cost", "params", "text", "zones", "restriction", "stripe", "ruling")


def _catalog_ability(kind: str, effect: str = "text", cost: ActivationCost | str | None = None,
                     params: Mapping[str, Any] | None = None, text: str = "", card_name: str = "",
                     where: str = "ability", zones: Iterable[str] = ()) -> Ability:
    """Read the parts of a catalog ability entry into an ``Ability`` through the vocabulary
    (``models.vocab.registry.build_effect``; ``ability_from_dict`` checks the entry's keys first).

    ``cost`` may be given as text (parsed with ``parse_activation_cost``); ``params`` may carry the
    ability-level keys ``face``, ``loyalty`` and ``intrinsic``. An ``effect="text"`` ability is
    ``Unmodelled(text, topics)`` with ``params.topics`` (the catalog reader gives the topics of its wording when the
    entry names none: ``models.data.catalog.catalog_ability``), else every topic.

    Raises
    ------
    AbilityError
        An unknown kind, effect name or parameter (``VocabularyError`` is an ``AbilityError``'s cause; the
        message names ``where``, the key and the closest valid name).
    """
    if kind not in ABILITY_KINDS:
        near = closest(kind, ABILITY_KINDS)
        raise AbilityError(f"{where}: unknown ability kind {kind!r}" + (f"; did you mean {near!r}?" if near
                           else f"; kinds are {', '.join(ABILITY_KINDS)}"))
    if isinstance(cost, str):
        parsed: ActivationCost = readers().parse_activation_cost(cost, card_name)
        cost = parsed
    p = dict(params or {})
    level: dict[str, Any] = {k: (str(p.pop(k)) if p.get(k) is not None else None) for k in ABILITY_LEVEL_KEYS if k in p}
    zs = tuple(str(z) for z in zones)
    for z in zs:
        if z not in ZONES:
            raise AbilityError(f"{where}: unknown zone {z!r}" + (f"; did you mean {closest(z, ZONES)!r}?" if closest(z, ZONES) else ""))
    eff: Effect
    if effect == "text" and "topics" not in p:
        # the topics of its wording are read before (models.data.catalog.catalog_ability); none given: it may
        # change anything (never a silent wrong answer)
        eff = Unmodelled(text, ALL_TOPICS)
    else:
        try:
            eff = build_effect(str(effect), dict(p, text=text) if effect == "text" else p, where, ability_kind=kind)
        except VocabularyError as e:
            raise AbilityError(str(e)) from None
    if kind == "keyword" and not zs and isinstance(eff, Keyword):
        # a keyword's own zones when none are given (flashback from a graveyard, foretell from a hand: CR 113.6)
        zs = eff.rule.zones
    return Ability(kind=kind, effect=eff, cost=cost, text=text, zones=zs, face=level.get("face"),
                   loyalty=level.get("loyalty"), intrinsic=level.get("intrinsic"))


def ability_from_dict(d: Mapping[str, Any], card_name: str = "", where: str = "ability") -> Ability:
    """Read one catalog ability entry: ``{kind, effect, cost, params, text, zones}``.

    Only ``kind`` is required. Raises ``AbilityError`` naming ``where``, the problem and the closest valid key.
    """
    if not isinstance(d, Mapping):
        raise AbilityError(f"{where}: an ability must be a mapping with 'kind', got {d!r}")
    for k in d:
        if k not in _ABILITY_KEYS:
            near = closest(str(k), _ABILITY_KEYS)
            raise AbilityError(f"{where}: unknown ability key {k!r}" + (f"; did you mean {near!r}?" if near else
                               f"; allowed: {', '.join(_ABILITY_KEYS)}"))
    if "kind" not in d:
        raise AbilityError(f"{where}: ability {dict(d)!r} has no 'kind'")
    params = d.get("params") or {}
    if not isinstance(params, Mapping):
        raise AbilityError(f"{where}: 'params' must be a mapping, got {params!r}")
    if d.get("cost") is not None and not isinstance(d["cost"], str):
        raise AbilityError(f"{where}: 'cost' must be the cost as text, such as '{{T}}' or '{{1}}, {{T}}', got {d['cost']!r}")
    if d.get("zones") is not None and (isinstance(d["zones"], str) or not isinstance(d["zones"], (list, tuple))):
        raise AbilityError(f"{where}: 'zones' must be a list of zone names, got {d['zones']!r}")
    ab = _catalog_ability(str(d["kind"]), str(d.get("effect", "text")), d.get("cost"), params,
                          str(d.get("text", "")), card_name, where, d.get("zones") or ())
    if d.get("restriction") is not None:
        # an activated ability's restriction (CR 602.5), the params of a ``timing_restriction``
        r = d["restriction"]
        if not isinstance(r, Mapping):
            raise AbilityError(f"{where}: 'restriction' must be a mapping of timing_restriction params, got {r!r}")
        try:
            eff = build_effect("timing_restriction", {"text": str(d.get("text", "")), **dict(r)}, f"{where}: restriction")
        except VocabularyError as e:
            raise AbilityError(str(e)) from None
        from dataclasses import replace

        ab = replace(ab, restriction=eff)
    if d.get("stripe") is not None:
        ab = dataclasses.replace(ab, stripe=_stripe_in(d["stripe"], where))
    return ab


def _stripe_in(v: Any, where: str) -> Stripe:
    """A catalog ``stripe: {counter: level, least: 1, most: 4}`` (CR 711.2, 721.2)."""
    if not isinstance(v, Mapping) or "counter" not in v or "least" not in v:
        raise AbilityError(f"{where}: 'stripe' must be a mapping with 'counter' and 'least' (and 'most'), got {v!r}")
    extra = set(v) - {"counter", "least", "most"}
    if extra:
        raise AbilityError(f"{where}: unknown stripe key {sorted(extra)[0]!r}; allowed: counter, least, most")
    try:
        most = None if v.get("most") is None else int(v["most"])
        return Stripe(str(v["counter"]), int(v["least"]), most)
    except (TypeError, ValueError):
        raise AbilityError(f"{where}: stripe {dict(v)!r}: 'least' and 'most' must be whole numbers") from None
