"""The English parts of an effect's parameters, read before the vocabulary builds the effect.

``models.vocab.registry.build_effect`` holds typed values only where this module reads words: a catalog model
(``models.data.catalog``) may write an alternative cost's parts and conditions, or a keyword's parameter, in Oracle
words, and they are read here first, by the same readers as the card's text:

- ``alternative_cost`` (CR 118.9): ``objects`` ("exile a blue card from your hand": ``models.text.costs.object_cost``)
  and ``conditions`` ("you control a Swamp": ``models.text.costs.cast_condition``);
- ``flash_permission`` (CR 702.8): ``spells``, ``{what: "green creature"}`` or ``{what: ""}`` (every spell), read as
  the parser reads the words before "spells" (``models.text.flash.spell_filter``);
- ``timing_restriction`` (CR 602.5, 601.3): ``conditions`` ("you control five or more lands":
  ``models.text.restrictions.parse_restriction_condition``, then ``models.text.conditions.parse_condition``), also
  for a catalog ability's ``restriction``;
- a keyword (CR 702): its ``parameter`` (``models.text.keyword_parameter``).

Words a reader does not understand are kept as they are, so that the vocabulary refuses them with the key's name.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ..vocab.topics import VocabularyError
from .keyword_parameter import read_keyword_parameter


def _records(read: Callable[[str], Any]) -> Callable[[Any, str], Any]:
    def each(v: Any, where: str) -> Any:
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, (list, tuple)):
            return v
        out = []
        for x in v:
            got = read(x) if isinstance(x, str) else None
            out.append(x if got is None else got)  # not understood: the vocabulary names it
        return out
    return each


def _object_cost(words: str) -> Any:
    from .costs import object_cost  # models.text.costs registers with the parser frame: loaded on first use

    return object_cost(words)


def _cast_condition(words: str) -> Any:
    from .costs import cast_condition  # as above

    return cast_condition(words)


def _flash_spells(v: Any, where: str) -> Any:
    if not isinstance(v, Mapping) or set(v) - {"what", "controller"}:
        return v  # a Filter, or a shape the vocabulary refuses
    from .flash import spell_filter  # as above

    try:
        return spell_filter(str(v.get("what", "")))
    except ValueError as e:
        raise VocabularyError(f"{where}: {e}") from None


def _restriction_conditions(v: Any, where: str) -> Any:
    from .conditions import parse_condition
    from .restrictions import parse_restriction_condition  # as above

    vals = [v] if isinstance(v, str) else v
    if not isinstance(vals, (list, tuple)):
        return v
    out = []
    for x in vals:
        if not isinstance(x, str):
            out.append(x)  # typed, or a shape the vocabulary refuses
            continue
        try:
            out.append(parse_restriction_condition(x))
        except ValueError:
            try:
                out.append(parse_condition(x))
            except ValueError as e:
                raise VocabularyError(f"{where}: condition {x!r}: {e}") from None
    return out


#: effect name -> parameter key -> its reader ``(value, where) -> value``
_READERS: dict[str, dict[str, Callable[[Any, str], Any]]] = {
    "alternative_cost": {"objects": _records(_object_cost), "conditions": _records(_cast_condition)},
    "flash_permission": {"spells": _flash_spells},
    "timing_restriction": {"conditions": _restriction_conditions},
}


def read_effect_params(effect: str, params: Mapping[str, Any], keyword: bool = False,
                       where: str = "effect") -> dict[str, Any]:
    """``params`` of the effect named ``effect`` with their English words read into typed values (see the module).

    Parameters
    ----------
    effect : str
        An effect name of ``models.vocab.registry.EFFECT_TYPES``, or a keyword's name.
    params : mapping
        Its parameters, as a catalog entry or a parser gives them.
    keyword : bool
        The effect is a keyword ability (``ability_kind == "keyword"``, or a ``keyword`` parameter).
    where : str
        Named in errors.

    Returns
    -------
    dict
        A new dict; ``params`` is not changed.

    Raises
    ------
    VocabularyError
        Words of the right shape a reader refuses, with its reason (other words are left to the vocabulary, which
        names the key).
    """
    if keyword or "keyword" in params:
        return read_keyword_parameter(effect, params)
    out = dict(params)
    for key, read in _READERS.get(effect, {}).items():
        if out.get(key) is not None:
            out[key] = read(out[key], f"{where}: {effect}.{key}")
    return out
