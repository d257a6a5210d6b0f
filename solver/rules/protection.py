"""Whether hexproof, shroud, protection and "can't be the target of" statics stop a spell or ability from targeting
an object (CR 702.11, 702.18, 702.16, 601.2c), read against the object that would target it.

``quality_verdict(state, words, targeter)`` says whether the targeting object has a stated quality ("red",
"legendary creatures", "multicolored", "everything", "Aura"): for a spell it is the spell itself (its card), for an
activated or triggered ability the ability's source, the permanent (CR 113.7, 702.16b). ``keyword_verdict`` reads
a permanent's keyword abilities (printed or granted in layer 6, ``solver.rules.layers``): shroud stops every player
(702.18a), hexproof the opponents of its controller (702.11b), "hexproof from [quality]" the opponents' spells and
abilities of that quality (702.11d), protection from [quality] every spell and ability of that quality
(702.16b; from everything: each, 702.16j). ``untargetable_verdict`` reads the typed ``CantBeTargeted`` statics in
play ("This creature can't be the target of red spells or abilities from red sources", "Cards in graveyards can't be
the targets of spells or abilities").

Each returns ``(yes|no|unknown, why)`` where ``no`` means the object can't be targeted (the reason names the rule),
``yes`` that nothing here stops it, and ``unknown`` a quality that is not read (then the answer is unsupported).

References: CR 113.7, 601.2c, 702.11b, 702.11d, 702.16b, 702.16j, 702.18a, 702.73a (changeling).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from mtgcheck.models.vocab.targeting import PlayerKeyword, Quality
from mtgcheck.models.game.state import GameState, Permanent

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.layers import filter_matches
from mtgcheck.solver.rules.board import battlefield_abilities, board_view, permanent_abilities
from mtgcheck.solver.rules.quantities import _colors as colors_of_object
from mtgcheck.models.game.subtypes import CREATURE_TYPES
from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.vocab.targeting import CantBeTargeted
from mtgcheck.solver.rules.quantities import card_matches_filter

YES, NO, UNKNOWN = "yes", "no", "unknown"

@dataclass(frozen=True)
class Targeter:
    """The object that would target: ``kind`` ``"spell"`` (``card`` is the spell's card) or ``"ability"``
    (``source`` is the permanent whose ability it is, CR 113.7); ``controller`` is the player who controls it."""

    kind: str
    controller: str
    card: Any = None
    source: Permanent | None = None

    @property
    def name(self) -> str:
        return self.source.name if self.source is not None else getattr(self.card, "name", "?")


def _colors(state: GameState, t: Targeter) -> tuple[frozenset[str] | None, str]:
    """The targeter's colours (CR 105.2): a source permanent's now, a spell's from its card (``solver.rules.quantities``)."""

    if t.source is not None:
        return colors_of_object(state, "permanent", t.source)

    @dataclass
    class _Inst:
        card: Any
        name: str

    return colors_of_object(state, "spell", _Inst(t.card, t.card.name))


def _card(t: Targeter) -> Any:
    return t.source.card if t.source is not None else t.card


def _subtypes(state: GameState, t: Targeter) -> tuple[str, ...]:
    if t.source is not None:
        v = board_view(state).get(t.source.id)
        if v is not None:
            return tuple(v.subtypes)
    return tuple(_card(t).type_line.subtypes)


def _one_quality(state: GameState, q: Quality, t: Targeter) -> tuple[str, str]:
    """Whether the targeter has one quality (``models.vocab.targeting.Quality``: every test of it)."""
    part = q.words or "the quality"
    if q.everything:  # CR 702.16j
        return YES, f"{t.name} is an object (protection from everything, CR 702.16j)"
    card = _card(t)
    if q.types or q.subtypes or q.supertypes:
        if state.effects:
            return UNKNOWN, f"effects in force ({state.effects[0].card.name}) may change the types of {t.name} (CR 613.1d)"
        ok = all(card.is_type(x) for x in q.types) and all(x in card.type_line.supertypes for x in q.supertypes)
        if ok and q.subtypes:
            # a changeling has every creature type (CR 702.73a)
            changeling = card.is_type("Creature") and any(str(k).lower() == "changeling" for k in getattr(card, "keywords", ()))
            have = _subtypes(state, t)
            ok = all(x in have or (changeling and x in _creature_types()) for x in q.subtypes)
        if not ok:
            return NO, f"{t.name} is not one of the {part}"
    if q.colors or q.not_colors or q.color_count:
        cs, why = _colors(state, t)
        if cs is None:
            return UNKNOWN, why
        n = len(cs)
        ok = all(c in cs for c in q.colors) and not any(c in cs for c in q.not_colors) and \
            {"": True, "any": n >= 1, "multi": n >= 2, "mono": n == 1, "none": n == 0}[q.color_count]
        if not ok:
            return NO, f"{t.name} is not {part}"
    return YES, f"{t.name} is {part}"


def _creature_types() -> frozenset[str]:

    return frozenset(CREATURE_TYPES)


def quality_verdict(state: GameState, qualities: tuple, t: Targeter) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether the targeter has one of ``qualities`` (``models.vocab.targeting.Quality``;
    "from white and from blue": either, CR 702.16a)."""
    unknown = ""
    for q in qualities:
        v, why = _one_quality(state, q, t)
        if v == YES:
            return YES, why
        if v == UNKNOWN:
            unknown = unknown or why
    words = " or ".join(q.words for q in qualities)
    return (UNKNOWN, unknown) if unknown else (NO, f"{t.name} is not {words}")


def keyword_verdict(state: GameState, perm: Permanent, t: Targeter,
                    qualities: Callable[[str], tuple | None], *, enchanting: bool = False) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether ``perm``'s keyword abilities let ``t`` target it (CR 702.18a shroud,
    702.11b hexproof, 702.11d hexproof from, 702.16b protection). The keywords are those of the layer view
    (printed, in the model, granted by typed effects); a keyword the card data lists that no ability of the card
    shows is unknown. ``qualities``: the reader of a keyword's parameter ("from red") into ``Quality`` values
    (``models.vocab.targeting_specs.keyword_qualities``, read by the text layer; ``None``: not read, so unknown).

    ``enchanting=True`` asks instead whether ``t``, an Aura (``kind="spell"``, ``card`` the Aura card, with its
    card's characteristics), may enchant ``perm`` without targeting it, as an Aura put onto the battlefield does
    (CR 303.4f): only protection counts (702.16c: a permanent with protection can't be enchanted by Auras with the
    stated quality); shroud and hexproof speak of targets only (702.18a, 702.11b)."""

    kws: list[tuple[str, str]] = []
    for a in permanent_abilities(state, perm):
        if a.kind == "keyword":
            name = str(getattr(a.effect, "keyword", "") or a.effect).lower()
            kws.append((name, str(getattr(a.effect, "parameter", "") or "").strip()))
    opponent = perm.controller != t.controller
    unknown = ""
    for name, param in kws:
        if enchanting and name != "protection":
            continue
        if name == "shroud":
            return NO, f"{perm.name} has shroud: it can't be the target of spells or abilities (CR 702.18a)"
        if name in ("hexproof", "hexproof from") and not param and opponent:
            return NO, (f"{perm.name} has hexproof: it can't be the target of spells or abilities {perm.controller}'s "
                        f"opponents control (CR 702.11b)")
        if name == "protection" and not param:
            unknown = unknown or f"{perm.name} has protection from a quality not given (CR 702.16a)"
            continue
        if (name in ("hexproof", "hexproof from") and param and opponent) or name == "protection":
            # "hexproof from [quality]" (only against opponents, CR 702.11d) and "protection from [quality]" (CR
            # 702.16b): the targeting spell or the ability's source has the quality
            label, rule, read_rule = (("hexproof", "CR 702.11d", "") if name != "protection" else
                                      ("protection", "CR 702.16c" if enchanting else "CR 702.16b", " (CR 702.16a)"))
            qs = qualities(param)
            if qs is None:
                unknown = unknown or (f"whether {t.name} has the quality of {perm.name}'s {label} {param} is not "
                                      f"modelled{read_rule}")
                continue
            v, why = quality_verdict(state, qs, t)
            if v == YES:
                return NO, f"{perm.name} has {label} {param}, and {why} ({rule})"
            if v == UNKNOWN:
                unknown = unknown or why
    # a keyword the card data lists (Scryfall's keyword summary) that no ability of the card shows: not read
    have = {n for n, _ in kws}
    texts = " ".join((a.text or "").lower() for a in abilities_of(perm.card))
    for k in getattr(perm.card, "keywords", ()):
        kl = str(k).lower()
        if kl in (("protection",) if enchanting else ("shroud", "hexproof", "protection")) and kl not in have \
                and kl not in texts:
            unknown = unknown or f"{perm.name} is listed with {k}, which none of its abilities shows"
    return (UNKNOWN, unknown) if unknown else (YES, "")


def untargetable_verdict(state: GameState, kind: str, obj: Any, t: Targeter) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether a typed "can't be the target of" static in play (``CantBeTargeted``, on a
    permanent of the battlefield: its own or another's) stops ``t`` from targeting ``obj`` (a ``Permanent`` for
    ``kind="permanent"``; ``(zone, owner, CardInstance)`` for ``kind="card"``)."""

    unknown = ""
    for holder, abilities in battlefield_abilities(state):
        for a in abilities:
            eff = a.effect
            if not isinstance(eff, CantBeTargeted) or a.kind in ("activated", "triggered"):
                continue
            f = eff.affects
            if kind == "card":
                zone, _owner, ci = obj
                if f.zone != zone or f.relation is not None:
                    continue

                try:
                    if not card_matches_filter(state, holder.controller, f, ci, a.text):
                        continue
                except Unsupported as e:
                    unknown = unknown or str(e)
                    continue
            elif kind == "permanent":
                if f.zone != "battlefield":
                    continue
                if f.relation == "this":
                    if obj.id != holder.id:
                        continue
                elif f.relation == "enchanted":
                    if holder.attached_to != obj.id:
                        continue
                else:
                    try:
                        if not filter_matches(f, obj, holder.controller, None, holder):
                            continue
                    except ValueError:
                        unknown = unknown or f"whether {holder.name}'s “{a.text}” applies to {obj.name} is not modelled"
                        continue
            else:
                continue
            if eff.by == "opponent" and t.controller == holder.controller:
                continue
            if t.kind == "spell" and not eff.spells or t.kind == "ability" and not eff.abilities:
                continue
            quality = eff.spell_quality if t.kind == "spell" else eff.source_quality
            if quality:
                v, why = quality_verdict(state, quality, t)
                if v == NO:
                    continue
                if v == UNKNOWN:
                    unknown = unknown or why
                    continue
            what = obj.name if kind == "permanent" else obj[2].name
            return NO, f"{what} can't be the target of {t.name}: {holder.name}'s “{a.text}”"
    return (UNKNOWN, unknown) if unknown else (YES, "")


def player_verdict(state: GameState, target: str, t: Targeter) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether the player ``target``'s keywords let ``t`` target them: the typed "You have
    hexproof / shroud / protection from ..." statics (``PlayerKeyword``) of the permanents ``target`` controls, as the
    layer view has them now (CR 702.11c: hexproof stops spells and abilities the player's opponents control; 702.18a:
    shroud stops every one; 702.16b: protection from a quality, the spell's or the ability's source's; 702.16j: from
    everything; 702.16k: from each opponent, what they control)."""
    unknown = ""
    opponent = t.controller != target
    for holder, abilities in battlefield_abilities(state):
        if holder.controller != target:
            continue
        for a in abilities:
            eff = a.effect
            if not isinstance(eff, PlayerKeyword) or a.kind in ("activated", "triggered"):
                continue
            says = f"{holder.name}'s “{a.text}”"
            if eff.keyword == "shroud":
                return NO, f"{target} has shroud ({says}): no spell or ability can target them (CR 702.18a)"
            if eff.keyword == "hexproof":
                if opponent:
                    return NO, (f"{target} has hexproof ({says}): spells and abilities their opponents control can't "
                                f"target them (CR 702.11c)")
                continue
            if eff.from_opponents:
                if opponent:
                    return NO, f"{target} has protection from each of their opponents ({says}) (CR 702.16k)"
                continue
            v, why = quality_verdict(state, eff.quality, t)
            if v == YES:
                return NO, f"{target} has protection ({says}), and {why} (CR 702.16b)"
            if v == UNKNOWN:
                unknown = unknown or why
    return (UNKNOWN, unknown) if unknown else (YES, "")

