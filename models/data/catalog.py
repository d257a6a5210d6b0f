"""The embedded catalog: hand-written card models that ship with mtgcheck.

Each file ``models/data/catalog_data/*.yaml`` holds one card model (a mapping) or several
(``cards: [...]``). A model states facts in this project's own structures, never
copied rules text: name, mana cost, type line, colours, keywords, power/toughness,
layout and faces, and ``abilities`` (see ``models.vocab.registry.ability_from_dict``).
Example::

    name: Reflecting Pool
    type_line: Land
    abilities:
      - kind: activated
        cost: "{T}"
        effect: add_mana
        params: {...}
        text: tap for one mana of a type a land you control could produce

The catalog is the default card database, so mtgcheck runs with no download; when a
Scryfall or MTGJSON file is loaded instead, catalog abilities still apply to the
cards the catalog covers (``models.data.database``).

A model says what its card's Oracle text says, no more and nothing other: tests/test_catalog_text.py compares
each with the reading of the card's text (``models.data.catalog_check``). Where an ability must differ (it types a
sentence the reading leaves untyped, say), it names the rule or dated ruling that justifies it in ``ruling:``
(not part of the ability).

Card names are property of Wizards of the Coast, used under the Fan Content Policy.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import yaml

from mtgcheck.models.vocab.abilities import ABILITY_KINDS, Ability
from mtgcheck.models.vocab.cost_parts import AbilityError
from mtgcheck.models.vocab.registry import ability_from_dict
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.game.cards import Card, CardError, card_from_fields
from mtgcheck.models.data.inputs import open_regular
from mtgcheck.models.data import cardcache
from mtgcheck.models.game.mana import parse_cost
from mtgcheck.models.text.params import read_effect_params
from mtgcheck.models.text.resolution import typed_trigger
from mtgcheck.models.text.topics import classify
from mtgcheck.models.vocab.topics import VocabularyError

CATALOG_DIR = Path(__file__).with_name("catalog_data")
_CARD_KEYS = {
    "name", "mana_cost", "type_line", "colors", "color_identity", "color_indicator", "keywords",
    "power", "toughness", "loyalty", "layout", "card_faces", "faces", "legalities", "abilities", "notes",
}


class CatalogError(ValueError):
    """A catalog entry that cannot be read; the message names the file and the card."""


def card_from_model(d: Mapping[str, Any], where: str = "catalog") -> Card:
    """Build a ``Card`` from one hand-written model mapping (see module docstring).

    ``abilities`` absent means "no abilities" for a catalog model (``()``), so the
    oracle parser is never run on it. Raises ``CatalogError`` naming ``where`` and the card.
    """
    if not isinstance(d, Mapping):
        raise CatalogError(f"{where}: a card model must be a mapping, got {type(d).__name__}")
    name = d.get("name", "?")
    unknown = set(d) - _CARD_KEYS
    if unknown:
        raise CatalogError(f"{where}: card {name!r}: unknown keys {sorted(unknown)}; allowed: {sorted(_CARD_KEYS)}")
    fields = dict(d)
    if "faces" in fields:
        fields["card_faces"] = fields.pop("faces")
    abilities_raw = fields.pop("abilities", None) or []
    if not isinstance(abilities_raw, list):
        raise CatalogError(f"{where}: card {name!r}: 'abilities' must be a list of ability mappings, got {abilities_raw!r}")
    notes = tuple(fields.pop("notes", None) or ())
    if "colors" not in fields:

        try:
            mc = parse_cost(fields.get("mana_cost"))
        except ValueError as e:
            raise CatalogError(f"{where}: card {name!r}: {e}") from None
        cols = set(mc.colors) if mc else set()
        for f in fields.get("card_faces") or ():
            fmc = parse_cost(f.get("mana_cost"))
            if fmc and not fields.get("mana_cost"):
                cols |= fmc.colors
        if fields.get("color_indicator"):
            cols |= set(fields["color_indicator"])
        fields["colors"] = sorted(cols)
    try:
        card = card_from_fields(fields, source="catalog")
        abilities = tuple(catalog_ability(a, card.name, f"{where}: card {name!r}: abilities[{i}]")
                          for i, a in enumerate(abilities_raw))
    except (AbilityError, VocabularyError) as e:  # VocabularyError: words models.text.params refuses
        raise CatalogError(str(e)) from None
    except CardError as e:
        raise CatalogError(f"{where}: card {name!r}: {e}") from None
    return replace(card, abilities=abilities, notes=notes)


def catalog_ability(entry: Mapping[str, Any], card_name: str = "", where: str = "ability") -> Ability:
    """One ability entry of a catalog model (``kind``, ``effect``, ``cost``, ``params``, ``text``, ...; see
    ``models.vocab.registry.ability_from_dict``) as an ``Ability``, its Oracle words read first by the English readers:
    the parameters' words (``models.text.params``), the topics of an ``effect: text`` ability's wording when the
    entry names none (``models.text.topics.classify``; its targets are read by ``solver.rules.targets``), and the
    trigger event of an unmodelled triggered ability (``models.text.resolution.typed_trigger``, CR 603.1).

    Raises
    ------
    AbilityError
        An entry that cannot be read (the message names ``where``, the key and the closest valid name).
    VocabularyError
        Words of a parameter a reader refuses.
    """
    entry = _words_read(entry, where)
    ab = ability_from_dict(entry, card_name, where)
    if isinstance(entry, Mapping) and str(entry.get("effect", "text")) == "text" and ab.kind == "triggered" \
            and isinstance(ab.effect, Unmodelled):
        ab = replace(ab, effect=typed_trigger(ab.text, ab.effect))  # its trigger event, read once (CR 603.1)
    return ab


def _words_read(entry: Any, where: str) -> Any:
    """A catalog ability entry with the Oracle words of its parameters read (``models.text.params``: an
    alternative cost's parts and conditions, CR 118.9; a keyword's parameter, CR 702; a flash permission's spells;
    a restriction's conditions, CR 602.5) before the vocabulary builds its effect; other entries as they are."""
    if not isinstance(entry, Mapping):
        return entry
    out = dict(entry)
    params = entry.get("params")
    if str(entry.get("effect", "text")) == "text" and (params is None or isinstance(params, Mapping)) \
            and not (params or {}).get("topics") and str(entry.get("kind")) in ABILITY_KINDS:
        out["params"] = dict(params or {}, topics=classify(str(entry.get("text", "")), str(entry["kind"]), True))
    elif isinstance(params, Mapping):
        out["params"] = read_effect_params(str(entry.get("effect", "")), entry["params"],
                                           keyword=entry.get("kind") == "keyword", where=where)
    if isinstance(entry.get("restriction"), Mapping):  # an activated ability's restriction (CR 602.5)
        out["restriction"] = read_effect_params("timing_restriction", entry["restriction"], where=f"{where}: restriction")
    return out


@lru_cache(maxsize=4)
def load_catalog(directory: str | None = None) -> dict[str, Card]:
    """Load every card model of the catalog (see ``read_catalog``); the embedded catalog (``directory``
    None) is kept parsed in mtgcheck's cache folder (``_cached``), read again only when a file of it or a
    module of ``models/`` changed."""
    if directory is None:
        return _cached()
    return read_catalog(directory)


def _cached() -> dict[str, Card]:
    """The embedded catalog from its parsed copy on disk (``<cache>/parsed/catalog-<key>.pickle``), keyed by
    mtgcheck's code hash and every catalog file's name, size and modification time; parsed and written when
    there is none (a copy that is stale, unreadable or not ours is never trusted: the key is in its name and
    checked again inside it)."""
    import gc
    import hashlib
    import os
    import pickle


    if not cardcache.enabled():
        return read_catalog(None)
    try:
        entries = sorted((e.name, e.stat().st_size, e.stat().st_mtime_ns) for e in os.scandir(CATALOG_DIR)
                         if e.name.endswith(".yaml"))
    except OSError:
        return read_catalog(None)
    key = (cardcache.code_hash(), str(CATALOG_DIR), entries)
    digest = hashlib.blake2b(repr(key).encode(), digest_size=12).hexdigest()
    path = cardcache.cache_dir() / "parsed" / f"catalog-{digest}.pickle"
    was = gc.isenabled()
    try:

        with open_regular(path) as fp:  # (a named pipe or device put in its place is refused, never waited on)
            gc.disable()
            got = pickle.load(fp)
        if isinstance(got, tuple) and len(got) == 2 and got[0] == key and isinstance(got[1], dict):
            return got[1]
    except Exception:  # noqa: BLE001 - none yet, truncated, written by other code: parse again
        pass
    finally:
        if was:
            gc.enable()
    out = read_catalog(None)
    try:
        with cardcache.replaced_atomically(path) as tmp, open(tmp, "wb") as f:
            cardcache._Pickler(f, protocol=pickle.HIGHEST_PROTOCOL).dump((key, out))
    except Exception:  # noqa: BLE001 - a read-only cache folder: parse each time
        pass
    return out


def read_catalog(directory: str | None = None) -> dict[str, Card]:
    """Load every card model of the catalog.

    Parameters
    ----------
    directory : str, optional
        A folder of ``*.yaml`` models; default the embedded ``models/data/catalog_data``.

    Returns
    -------
    dict mapping card name to ``Card`` (``source == "catalog"``, ``abilities`` set).

    Raises
    ------
    CatalogError
        A file that is not valid YAML, a malformed model, or a card defined twice.
    """
    folder = Path(directory) if directory else CATALOG_DIR
    out: dict[str, Card] = {}
    where_of: dict[str, str] = {}
    Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for path in sorted(folder.glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=Loader)
        except yaml.YAMLError as e:
            raise CatalogError(f"{path}: not valid YAML: {e}") from None
        entries = data.get("cards") if isinstance(data, Mapping) and "cards" in data else [data]
        for i, entry in enumerate(entries or []):
            where = f"{path.name}" + (f" (entry {i + 1})" if len(entries) > 1 else "")
            card = card_from_model(entry, where)
            if card.name in out:
                raise CatalogError(f"{where}: card {card.name!r} is already defined in {where_of[card.name]}")
            out[card.name] = card
            where_of[card.name] = where
    return out
