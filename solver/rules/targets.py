"""Whether a spell's targets can be chosen (CR 601.2c): a spell that needs a target is castable only if each
target has a legal choice in the state; ``unsupported`` where the legality depends on something not modelled.

``target_problems(state, player, card, abilities)`` returns the reasons the spell cannot be cast for want of a
legal target (empty when every requirement can be met) and raises ``Unsupported`` when it cannot tell.

What is checked, per requirement (``models.vocab.targeting_specs.TargetSpec``):

* players: every player (an opponent, or the caster) is a legal target unless rules text in play could give
  players hexproof or shroud or forbid targeting them (then unknown);
* permanents: the battlefield's permanents of the right types and controller; shroud (CR 702.18) makes one
  illegal, hexproof (CR 702.11) for a spell of an opponent of its controller; protection (CR 702.16), other
  targeting text on it or in play, and qualifiers not modelled ("attacking", "with flying") make it unknown;
* spells: the spells a scenario lists on the stack (``stack:``); the spell being cast is not one of them (it
  cannot target itself, CR 115.5, but another copy of the same card is a legal target). A scenario that lists
  no stack has an empty stack;
* cards in a graveyard: that graveyard's cards, when the scenario lists it (else unknown);
* abilities on the stack: a scenario cannot list them; with no stack listed there are none.

``chosen_target_problems(state, player, card, refs)`` checks targets the question chooses (``cast: {card,
targets: [...]}``): each chosen player, permanent, spell on the stack or card in a graveyard must be a legal
choice for its target phrase, in the order of the spell's target words (CR 115.3, 601.2c).

References: CR 115.1, 115.3, 115.5, 601.2c, 700.2 (modes), 702.11, 702.16, 702.18.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Iterable, Mapping

from mtgcheck.models.vocab.targeting import PlayerKeyword
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.vocab.targeting_specs import (SpellTargets, TargetSpec, ability_targets, cleaved,
                                                  keyword_qualities, mentions_targeting, may_tap_others, spell_targets,
                                                  targeting_text)

from mtgcheck.solver.rules.board import permanent_abilities
from mtgcheck.solver.rules.protection import Targeter, keyword_verdict, player_verdict, untargetable_verdict
from mtgcheck.solver.rules.quantities import qualifier_verdict
from mtgcheck.solver.rules.sickness import tap_permission
from mtgcheck.solver.rules.errors import QuestionError, Unsupported
from mtgcheck.models.vocab.conditions import HasLegalTarget
from mtgcheck.solver.rules.quantities import _names_source
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.solver.rules.quantities import _gate
from mtgcheck.models.vocab.resolution import Modal
from mtgcheck.solver.rules.restrictions import _activations_ever
from mtgcheck.models.vocab.amounts import VariableX
from mtgcheck.models.game.state import StateError
from mtgcheck.models.vocab.filters import Qualifier
from mtgcheck.solver.rules.layers import filter_matches
from mtgcheck.solver.rules.board import board_view

YES, NO, UNKNOWN = "yes", "no", "unknown"


def _board_targeting_texts(state: GameState) -> list[tuple[str, str]]:
    """Rules text in play, other than a permanent's own keyword abilities, that could change what can be
    targeted (hexproof or shroud for others or for players, "can't be the target"). A typed grant of hexproof or
    shroud is not among them: the layer view gives the keyword to the objects it applies to (``_typed_grant``)."""
    out: list[tuple[str, str]] = []
    for perm in state.battlefield:
        for a in permanent_abilities(state, perm):
            if _in_force(a) and _targeting_text(a):
                out.append((perm.name, a.text))
    for e in state.effects:
        for a in abilities_of(e.card):
            # (a player's keyword is read from the battlefield only, ``solver.rules.protection.player_verdict``)
            if a.kind != "keyword" and (_targeting_text(a) or isinstance(a.effect, PlayerKeyword)):
                out.append((e.card.name, a.text))
    return out


def _targeting_text(a: Any) -> bool:
    """Whether an ability's text could change what can be targeted in a way the keywords of objects do not show:
    hexproof, shroud, protection or "can't be the target" words (CR 702.11, 702.18, 702.16), less a typed grant of
    hexproof or shroud, which the layer view gives to the objects it applies to (CR 613.1f, 604.1), and a typed "can't
    be the target" static or player keyword, read by ``solver.rules.protection`` (``targeting_specs.targeting_text``)."""
    return targeting_text(a)


def _in_force(a: Any) -> bool:
    """Whether an ability of a permanent could restrict targeting now: not a keyword (read as such), and not an
    activated or triggered ability, whose effect exists only once it resolves (CR 602.2, 603.3, 608.2; a resolved
    one is listed under ``effects``)."""
    return a.kind not in ("keyword", "activated", "triggered")


def _targeter(player: str, card: Any, source: Permanent | None) -> Targeter:
    """The object that targets: the ability's source permanent (CR 113.7), else the spell (its card)."""
    return Targeter("ability" if source is not None else "spell", player, card, source)


def _permanent_legality(state: GameState, player: str, perm: Permanent, spec: TargetSpec,
                        board: list[tuple[str, str]], card: Any = None,
                        source: Permanent | None = None) -> tuple[str, str]:
    if spec.unknown:
        return UNKNOWN, f"whether {perm.name} is “{spec.text}” ({', '.join(spec.unknown)}) is not modelled"
    t = _targeter(player, card, source)
    for verdict, why in (keyword_verdict(state, perm, t, keyword_qualities), untargetable_verdict(state, "permanent", perm, t)):
        if verdict != YES:
            return verdict, why
    own = [a.text for a in permanent_abilities(state, perm) if _in_force(a) and _targeting_text(a)]
    if own:
        return UNKNOWN, f"whether {perm.name} can be targeted depends on its “{own[0]}”, which is not modelled"
    if board:
        return UNKNOWN, f"whether {perm.name} can be targeted depends on {board[0][0]}'s “{board[0][1]}”, which is not modelled"
    return YES, ""


def _owner_ok(state: GameState, player: str, owner: str, want: str) -> bool:
    """Whether a permanent owned by ``owner`` is owned as a target phrase asks (CR 108.3; a token is owned by the
    player under whose control it was created, 111.2): ``want`` is ``you``, ``not_you`` or ``opponent``."""
    if want == "you":
        return owner == player
    if want == "not_you":
        return owner != player
    return owner in state.opponents(player)


def aura_enchant_verdict(state: GameState, perm: Permanent, aura: Any, controller: str) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether the protection of ``perm`` (a permanent on the battlefield, its keywords as
    they are now) lets the Aura card ``aura``, entering under ``controller``'s control without being cast, enchant
    it (CR 702.16c: not an Aura with the stated quality; 702.16j: from everything, none). Not targeting (303.4f):
    shroud and hexproof do not count (``solver.rules.protection.keyword_verdict(enchanting=True)``)."""
    return keyword_verdict(state, perm, Targeter("spell", controller, card=aura), keyword_qualities, enchanting=True)


def _types_ok(card: Any, spec: TargetSpec) -> bool:
    """Card types, subtypes and supertypes as printed (a changeling, which has every creature type, CR 702.73a,
    passes a subtype test; ``_subtype_doubt`` then makes the answer unknown)."""
    if spec.types and not any(card.is_type(t) for t in spec.types):
        return False
    if any(not card.is_type(t) for t in spec.all_types):
        return False
    if any(card.is_type(t) for t in spec.excluded):
        return False
    tl = card.type_line
    if any(all(card.is_type(t) or t in tl.supertypes for t in group) for group in spec.not_all):
        return False  # "other than a basic land card" (CR 205.4a, 601.2c)
    changeling = any(str(k).lower() == "changeling" for k in getattr(card, "keywords", ()))
    if spec.subtypes and not changeling and not any(t in tl.subtypes for t in spec.subtypes):
        return False
    if spec.excluded_subtypes and not changeling and any(t in tl.subtypes for t in spec.excluded_subtypes):
        return False
    if any(t not in tl.supertypes for t in spec.supertypes):
        return False
    return not any(t in tl.supertypes for t in spec.excluded_supertypes)


def _subtype_doubt(state: GameState, card: Any, spec: TargetSpec) -> str:
    """Why a subtype or supertype test on printed types may be wrong here (empty: it is not): a changeling, or
    effects in force or type-changing rules in play (CR 613.1d)."""
    if not (spec.subtypes or spec.excluded_subtypes or spec.supertypes or spec.excluded_supertypes):
        return ""
    if any(str(k).lower() == "changeling" for k in getattr(card, "keywords", ())):
        return f"{card.name} is a changeling (CR 702.73a)"
    if state.effects:
        return f"effects in force ({state.effects[0].card.name}) may change {card.name}'s types"
    return ""


def _candidates(state: GameState, player: str, card: Any, spec: TargetSpec,
                cast_from: tuple[str, str] | None, source: Permanent | None = None) -> tuple[list[tuple[str, Any]], list[str]]:
    """Every object or player of the kinds ``spec`` names (``(kind, obj)`` as ``resolve_target`` gives them), and
    the reasons some cannot be listed (a zone the scenario does not list, abilities on the stack)."""
    out: list[tuple[str, Any]] = []
    unknown: list[str] = []
    kinds = set(spec.kinds) | {k for a in spec.alternatives for k in a.kinds}
    if "player" in kinds:
        out += [("player", p) for p in state.players]
    if "permanent" in kinds:
        out += [("permanent", perm) for perm in state.battlefield]
    if "spell" in kinds:
        # (the spell being cast is not among the listed stack spells, so no listed spell is itself, CR 115.5:
        # another copy of the same card is a legal target)
        out += [("spell", ci) for p in state.players for ci in state.cards("stack", p)]
    if "card" in kinds and spec.zone == "exile" and spec.exiled_with and source is not None \
            and _names_itself(spec.exiled_with, source):
        # "target card exiled with Quintorius": the cards exiled with the source (its entry's ``exiled``, CR 406.6,
        # 607.2a; none listed: none), wherever else exile is listed or not
        return [("card", ("exile", ci.owner, ci)) for ci in source.exiled_with], unknown
    if "card" in kinds and spec.zone is not None:
        owners = [player] if spec.owner == "you" else state.opponents(player) if spec.owner == "opponent" else list(state.players)
        for p in owners:
            if (spec.zone, p) not in state.listed_zones:
                unknown.append(f"the scenario does not list {p}'s {spec.zone}, which “{spec.text}” looks in")
                continue
            itself = cast_from == (spec.zone, p)
            for ci in state.cards(spec.zone, p):
                if itself and ci.card is card:
                    itself = False  # the one being cast (CR 601.2a); other copies stay legal targets
                    continue
                out.append(("card", (spec.zone, p, ci)))
    if "ability" in kinds:
        # the abilities the scenario lists on the stack (CR 113.7, 405.1); the one being activated is not among
        # them (an ability can't target itself, CR 115.5), and mana abilities never are (605.3b)
        out += [("ability", sa) for sa in state.stack_abilities]
    return out, unknown


def spec_legality(state: GameState, player: str, card: Any, spec: TargetSpec,
                  board: list[tuple[str, str]] | None = None, cast_from: tuple[str, str] | None = None,
                  source: Permanent | None = None) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether the requirement has ``spec.count`` distinct legal choices now.

    ``cast_from``: ``(zone, player)`` the spell is cast from; one card of that zone is the spell itself (on the
    stack since CR 601.2a, so not a card there to target, 115.5), every other copy of the same card is a card
    like any other. ``None`` (an activated ability, or a spell cast from a zone not looked in): no card is left
    out. ``source``: the permanent whose ability it is ("another target creature": not itself, CR 109.5).

    A qualifier only narrows the set the phrase's kinds and types name: an object of the wrong kind, type or
    controller is not a legal choice whatever the qualifier says, so when no such object exists the answer is
    "no" even for a qualifier that is not modelled (exact)."""
    if spec.count == 0:
        return YES, ""
    board = _board_targeting_texts(state) if board is None else board
    yes = 0
    near = ""  # the first object of the right kind and types that a qualifier rules out: the reason shown
    cands, unknown = _candidates(state, player, card, spec, cast_from, source)
    for kind, obj in cands:
        verdict, why = chosen_legality(state, player, card, spec, kind, obj, board, source)
        if verdict == YES:
            yes += 1
            if yes >= spec.count:
                return YES, ""
        elif verdict == UNKNOWN:
            unknown.append(why)
        elif not near and "”: " in why:
            near = why.split("”: ", 1)[1]
    if yes >= spec.count:
        return YES, ""
    if yes + len(unknown) >= spec.count:
        return UNKNOWN, unknown[0]
    if not near and spec.exiled_with and source is not None and not source.exiled_with:
        near = f"no card is exiled with {source.name} (its entry lists no exiled cards: none; CR 607.2a)"
    return NO, near


def _that_player(state: GameState, player: str, mode: tuple[TargetSpec, ...]) -> tuple[TargetSpec, ...]:
    """"Choose target opponent ... Destroy target nonblack creature that player controls" (Keeper of the Dead): a
    later target controlled by the player an earlier target chose. With one opponent the earlier target can only be
    that opponent (CR 102.2), so the later one is a permanent that opponent controls; otherwise the two choices
    depend on each other and the words stay unknown."""
    if len(state.opponents(player)) != 1:
        return mode
    out: list[TargetSpec] = []
    for spec in mode:
        if "that player controls" in spec.unknown and any(
                s.kinds == ("player",) and s.controller == "opponent" for s in out):
            spec = dataclasses.replace(spec, controller="opponent",
                                       unknown=tuple(u for u in spec.unknown if u != "that player controls"))
        out.append(spec)
    return tuple(out)


def _needs_distinct(mode: tuple[TargetSpec, ...]) -> bool:
    """Whether a mode's targets must be different objects: a later "another target" (CR 115.3)."""
    return any(spec.qualifier.other for spec in mode[1:]) and sum(max(s.count, 0) for s in mode) > 1


def _distinct_choices(state: GameState, player: str, card: Any, mode: tuple[TargetSpec, ...],
                      board: list[tuple[str, str]], cast_from: tuple[str, str] | None,
                      source: Permanent | None) -> tuple[str, str]:
    """Whether the mode's targets can all be different objects (CR 115.3, 601.2c): a bipartite matching of
    target words to legal objects (networkx), first with the known-legal choices, then with the unknown ones."""
    import networkx as nx

    slots: list[tuple[int, int]] = [(k, j) for k, spec in enumerate(mode) for j in range(spec.count)]
    legal: dict[int, list[tuple[Any, str]]] = {}
    for k, spec in enumerate(mode):
        cands, _ = _candidates(state, player, card, spec, cast_from, source)
        legal[k] = []
        for kind, obj in cands:
            v, w = chosen_legality(state, player, card, spec, kind, obj, board, source)
            if v != NO:
                key = ("player", obj) if kind == "player" else (kind, getattr(obj, "id", None) or id(obj))
                legal[k].append((key, v))
    for allowed in ((YES,), (YES, UNKNOWN)):
        g = nx.Graph()
        g.add_nodes_from(("slot",) + s for s in slots)
        for k, j in slots:
            for key, v in legal[k]:
                if v in allowed:
                    g.add_edge(("slot", k, j), ("obj",) + key)
        top = [("slot",) + s for s in slots]
        match = nx.bipartite.maximum_matching(g, top_nodes=top)
        if all(t in match for t in top):
            return (YES, "") if allowed == (YES,) else (UNKNOWN, "whether enough different targets are legal depends on something not modelled")
    return NO, ""


def _names_itself(words: str, source: Permanent) -> bool:
    """Whether ``words`` ("this artifact", "Quintorius", "The Darkness Crystal") name the source itself (CR 201.5: a
    card's own name in its text means that object; a legendary name may be shortened to its first part)."""

    w = words.strip()
    return w.lower() == "~" or w.lower().split(" ")[0] == "this" or _names_source(w, source)


def _qualifier_and_extras(state: GameState, player: str, kind: str, target: Any, q: Any, spec: Any, obj: Any,
                          source: Any, what: str) -> tuple[str, str]:
    """The verdict of a target phrase's qualifier (``q`` on ``target``) and of its extra words on ``obj`` (CR 601.2c,
    115.1): NO with the sentence naming ``what`` and the phrase when either fails; else the qualifier's verdict, made
    UNKNOWN by extra words that cannot be told."""
    qv, qwhy = qualifier_verdict(state, player, kind, target, q, source)
    if qv == NO:
        return NO, f"{what} is not a legal choice for “{spec.text}”: {qwhy}"
    ev, ewhy = _extras_verdict(state, spec, kind, obj, source)
    if ev == NO:
        return NO, f"{what} is not a legal choice for “{spec.text}”: {ewhy}"
    if ev == UNKNOWN and qv == YES:
        return ev, ewhy
    return qv, qwhy


def _extras_verdict(state: GameState, spec: TargetSpec, kind: str, obj: Any,
                    source: Permanent | None) -> tuple[str, str]:
    """``(yes|no|unknown, why)`` for the words of a target phrase that read the source or the target's controller
    (``TargetSpec.chosen``, ``controller_controls``, ``exiled_with``; models.text.targets ``_spec_tail``):

    * "of the chosen color" (Pentarch Paladin): the colour chosen as the source entered (its ``choices.color``, CR
      614.12, 607.2) is one of the object's colours (105.2; colours through ``solver.rules.quantities``, unknown while
      colour-changing text not modelled is in play, 613.1e); "of the chosen type" / "that isn't of the chosen type"
      (Callous Oppressor): the creature type chosen (``choices.creature_type``) is / isn't among its subtypes (a
      changeling has every creature type, 702.73a; type-changing effects in force make it unknown, 613.1d);
    * "whose controller controls an Island" (Seasinger): a permanent matching the filter that the object's controller
      controls (CR 108.4; subtypes through the layer view, unknown while subtype text not modelled is in play);
    * "exiled with [the source]" (Quintorius, The Darkness Crystal): the card is one of the source's ``exiled``
      (CR 406.6, 607.2a); other words naming the object are unknown."""
    name = obj.name if kind == "permanent" else obj[2].name if kind == "card" else getattr(obj, "name", str(obj))
    results: list[tuple[str, str]] = []
    for key in spec.chosen:
        if source is None:
            return UNKNOWN, "“the chosen” choice belongs to the source, which is not known here"
        if key == "color":
            chosen = source.choices.get("color")
            if not chosen or str(chosen).lower() == "none":
                return UNKNOWN, f"{source.name}'s chosen colour is not given (its entry's choices: color)"

            letter = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}.get(str(chosen).lower(),
                                                                                          str(chosen).upper())
            if letter not in "WUBRG" or len(letter) != 1:
                return UNKNOWN, f"{source.name}'s chosen colour {chosen!r} is not a colour"
            inner = obj if kind == "permanent" else obj[2] if kind == "card" else obj
            v, w = qualifier_verdict(state, source.controller, kind, inner, Qualifier(colors=(letter,)), source)
            if v == NO:
                return NO, f"{w}: {str(chosen).lower()} is the colour chosen as {source.name} entered (CR 614.12, 105.2)"
            results.append((v, w))
        else:
            chosen = source.choices.get("creature_type")
            if not chosen:
                return UNKNOWN, f"{source.name}'s chosen creature type is not given (its entry's choices: creature_type)"
            card = obj.card if kind == "permanent" else obj[2].card if kind == "card" else None
            if card is None:
                return UNKNOWN, f"the creature types of {name} are not modelled here"
            changeling = any(str(k).lower() == "changeling" for k in getattr(card, "keywords", ()))
            subs = card.type_line.subtypes
            if kind == "permanent":  # its subtypes now (the layer view, CR 613.1d)

                pv = board_view(state).get(obj.id)
                subs = pv.subtypes if pv is not None else subs
            has = changeling or str(chosen) in subs
            if state.effects or (kind == "permanent" and _subtypes_gate(state)):
                results.append((UNKNOWN, f"effects or text in play may change {name}'s creature types (CR 613.1d)"))
                continue
            if has != (key == "type"):
                return NO, (f"{name} {'is' if has else 'is not'} a {chosen}" + (" (a changeling has every creature type, "
                            "CR 702.73a)" if changeling else "") + f": {chosen} is the type chosen as {source.name} "
                            f"entered (CR 614.12, 205.3)")
    if spec.controller_controls is not None:
        who = obj.controller if kind == "permanent" else None
        if who is None:
            return UNKNOWN, f"the controller of {name} is not modelled here"
        why = _subtypes_gate(state)
        if why:
            results.append((UNKNOWN, why))
        else:

            view = board_view(state)
            try:
                hit = [p for p in state.battlefield if p.controller == who and filter_matches(
                    spec.controller_controls, p, who, view[p.id].subtypes if p.id in view else None)]
            except ValueError as e:
                return UNKNOWN, str(e)
            if not hit:
                return NO, f"{who}, who controls {name}, controls no {spec.controller_controls.words.removeprefix('an ').removeprefix('a ')} (CR 108.4)"
    if spec.exiled_with:
        if kind != "card":
            return NO, f"{name} is not a card in exile (CR 406.6)"
        if source is None or not _names_itself(spec.exiled_with, source):
            return UNKNOWN, f"which object “exiled with {spec.exiled_with}” means is not modelled"
        if not any(ci is obj[2] for ci in source.exiled_with):
            note = "" if source.exiled_with else " (its entry lists no exiled cards: none)"
            return NO, f"{name} was not exiled with {source.name}{note} (CR 607.2a)"
    for v, w in results:
        if v == UNKNOWN:
            return v, w
    return YES, ""


def _subtypes_gate(state: GameState) -> str:
    """Why subtypes of permanents could differ from what the layer view shows (an unmodelled sentence in play about
    subtypes, CR 613.1d), else ``""``."""


    return _gate(state, Topic.SUBTYPES, "the subtypes of permanents (layer 4, CR 613.1d)")


def _describe_need(spec: TargetSpec) -> str:
    n = f"{spec.count} distinct " if spec.count > 1 else ""
    return f"{n}“{spec.text}”"


def _cast_face_abilities(card: Any) -> list[Any]:
    """The abilities of ``card`` as it is cast face up: for an adventurer, modal or transforming double-faced card
    cast normally (``solver.rules.faces.spell_face`` returns the card itself for its front face), only the front face's
    (``Ability.face`` is ``None``); the Adventure's or the back face's targets are not the spell's (CR 715.4: cast
    not as an Adventure it has only its normal characteristics; 712.8c, 712.11b: the front face's). A split card's
    halves are chosen before (CR 709.3) and a one-face card keeps every ability."""
    abilities = list(abilities_of(card))
    if getattr(card, "faces", ()) and not getattr(card, "is_split", False):
        return [a for a in abilities if a.face is None or a.face == card.faces[0].name]
    return abilities


def cast_targets(card: Any, choices: Mapping[str, int] | None = None,
                 abilities: Iterable[Any] | None = None) -> SpellTargets:
    """The target requirements of ``card`` cast with the casting ``choices`` (``models.vocab.targeting_specs.CAST_CHOICES``
    -> how many times: ``kicked``, ``gift``, ``bargained``, ``additional``; ``entwined``: every mode chosen; missing or
    ``None``: not made). CR 601.2c: targets that a spell requires only if a kicker or other additional cost, or a mode,
    was chosen are required only then, and its alternative targets ("instead") replace the others then; 702.174m
    (gift), 702.33c (multikicker), 702.42a (entwine). ``SpellTargets.notes`` says what the choices changed."""
    abilities = list(_cast_face_abilities(card) if abilities is None else abilities)
    is_aura = card.is_type("Enchantment") and "Aura" in card.type_line.subtypes
    ch = dict(choices or {})
    return spell_targets(abilities, is_aura).as_cast(ch, entwined=bool(ch.get("entwined")))


def cast_target_notes(card: Any, choices: Mapping[str, int] | None = None) -> list[str]:
    """What the casting ``choices`` change in the targets ``card`` requires (``cast_targets``), one line each, for an
    explanation; empty when they change nothing (CR 601.2c)."""
    try:
        return list(cast_targets(card, choices).notes)
    except Exception:  # the target check itself reports wording it cannot read
        return []


def target_problems(state: GameState, player: str, card: Any, abilities: Iterable[Any] | None = None,
                    cast_from: tuple[str, str] | None = None, source: Permanent | None = None,
                    targets: SpellTargets | None = None, choices: Mapping[str, int] | None = None,
                    x: int | None = None) -> list[str]:
    """Why ``player`` cannot cast ``card`` for want of legal targets (CR 601.2c): empty when every target of
    at least the required number of modes has a legal choice. ``cast_from``: ``(zone, owner)`` the spell is
    cast from (``spec_legality``); ``None`` for an activated ability's targets. ``source``: the permanent whose
    activated ability it is (CR 602.2b: "another target creature" is not itself, 109.5). ``choices``: the casting
    choices made (``cast_targets``: kicked, gift promised, entwined ...; ``None``: none), which decide the targets a
    spell requires (CR 601.2c, 702.174m, 702.42a).

    "Another target" after an earlier target of the same spell or ability must be a different object from the
    earlier ones (CR 115.3): such a mode needs distinct legal choices for all its targets (a matching).

    Raises
    ------
    Unsupported
        The spell's target wording is not understood, or whether a choice is legal depends on something not
        modelled (the message names it).
    """
    if targets is None:
        targets = cast_targets(card, choices, abilities)
    st: SpellTargets = targets
    if x is not None:  # "X target artifacts" with X announced (CR 107.3a, 601.2b-c): exactly X targets
        st = with_x_targets(st, x)
    if not st.targets_anything:
        return []
    if st.unread:
        raise Unsupported(f"{card.name}: which targets “{st.unread[0]}” allows is not modelled, so whether it has a "
                          f"legal target is unknown (CR 601.2c)")
    per_mode = mode_verdicts(state, player, card, st, cast_from, source)
    ok = sum(1 for v, _, _ in per_mode if v == YES)
    unknown = [w for v, _, ws in per_mode if v == UNKNOWN for w in ws]
    missing = [d for v, ds, _ in per_mode if v == NO for d in ds]
    if ok >= st.choose:
        return []
    if ok + sum(1 for v, _, _ in per_mode if v == UNKNOWN) >= st.choose and unknown:
        raise Unsupported(f"whether {card.name} has a legal target is unknown: {unknown[0]} (CR 601.2c)")
    return _no_target_reasons(state, card, st, ok, missing)


#: The target of a mutating creature spell (CR 702.140a: "it becomes a mutating creature spell and targets a
#: non-Human creature with the same owner as this spell"); the owner is checked by ``mutate_target_problems``.
MUTATE_TARGET = TargetSpec("target non-Human creature you own", ("permanent",), types=("Creature",),
                           excluded_subtypes=("Human",))


#: The target awaken adds to a spell cast for its awaken cost (CR 702.113a: "also put N +1/+1 counters on target land
#: you control"): a land its caster controls.
AWAKEN_TARGET = TargetSpec("target land you control", ("permanent",), types=("Land",), controller="you")


def with_added_target(st: SpellTargets, spec: TargetSpec) -> SpellTargets:
    """``st`` with ``spec`` required in every mode as well (a target an alternative cost adds to the spell, CR
    601.2c: awaken, 702.113a). Each use of the word "target" is its own requirement (CR 115.3): it may be the same
    object as another target of the spell."""
    return dataclasses.replace(st, modes=tuple(tuple(m) + (spec,) for m in st.modes))


def cleave_targets(card: Any, choices: Mapping[str, int] | None = None) -> SpellTargets:
    """The target requirements of ``card`` cast for its cleave cost (CR 702.148a): its text with the words in square
    brackets removed ("Destroy target [attacking] creature" targets any creature then).

    Raises
    ------
    Unsupported : bracketed words outside the spell's untyped instructions (their removal is not modelled).
    """
    try:
        abilities = cleaved(_cast_face_abilities(card))
    except ValueError as e:
        raise Unsupported(f"{card.name} cast for its cleave cost: {e} (CR 702.148a)") from None
    return cast_targets(card, choices, abilities)


def spree_targets(st: SpellTargets, chosen: Iterable[int]) -> SpellTargets:
    """The target requirements of a spell with spree cast with the modes ``chosen`` (1, 2, ...: CR 702.172a): the
    words before the modes, then every chosen mode's requirements, all of them required (CR 700.2c, 601.2c).

    Raises
    ------
    Unsupported : the spell's requirements are not one set per spree mode (its modes were not all read).
    """
    picked = sorted(set(chosen))
    if st.choose != 1 or (picked and picked[-1] > len(st.modes)):
        raise Unsupported("the targets of the spree modes were not read mode by mode (CR 702.172a, 700.2c)")
    common = st.modes[0][:st.common] if st.modes else ()
    mode = tuple(common) + tuple(s for i in picked for s in st.modes[i - 1][st.common:])
    return dataclasses.replace(st, modes=(mode,), choose=1)


def mutate_target_problems(state: GameState, player: str, card: Any, owner: str) -> list[str]:
    """Why ``card`` cast for its mutate cost by ``player`` has no legal target (empty: it has one): a mutating
    creature spell targets a non-Human creature with the same owner as the spell, ``owner`` (CR 702.140a, 601.2c);
    hexproof, shroud and protection of that creature apply as to any target (115.1, 702.11, 702.18, 702.16).

    Raises
    ------
    Unsupported : a creature's legality as the target depends on something not modelled (the message names it).
    """
    board = _board_targeting_texts(state)
    unknown: list[str] = []
    near: list[str] = []
    for perm in state.battlefield:
        if not perm.card.is_type("Creature"):
            continue
        if perm.owner != owner:
            near.append(f"{perm.name} is owned by {perm.owner}")
            continue
        verdict, why = chosen_legality(state, player, card, MUTATE_TARGET, "permanent", perm, board)
        if verdict == YES:
            return []
        if verdict == UNKNOWN:
            unknown.append(why)
        else:
            near.append(f"{perm.name} is a Human" if "(its types)" in why else why)
    if unknown:
        raise Unsupported(f"whether {card.name} cast for its mutate cost has a legal target is unknown: {unknown[0]} "
                          f"(CR 702.140a, 601.2c)")
    return [f"{card.name} cast for its mutate cost targets a non-Human creature {owner} owns, and there is no legal "
            f"one" + (f" ({'; '.join(near)})" if near else " (no creature is on the battlefield)")
            + " (CR 702.140a, 601.2c)"]


def with_x_targets(st: SpellTargets, x: int) -> SpellTargets:
    """``st`` with each "X target ..." requirement taking the announced X (CR 107.3a: X is announced before targets
    are chosen, 601.2b-c); without X announced such a requirement takes none (X may be 0)."""
    def fix(s: TargetSpec) -> TargetSpec:
        if s.x_count:
            return dataclasses.replace(s, count=int(x))
        return s
    return dataclasses.replace(st, modes=tuple(tuple(fix(s) for s in m) for m in st.modes))


def mode_verdicts(state: GameState, player: str, card: Any, st: SpellTargets, cast_from: tuple[str, str] | None = None,
                  source: Permanent | None = None) -> list[tuple[str, list[str], list[str]]]:
    """For each mode of ``st`` (a non-modal spell or ability has one), in order: ``(yes|no|unknown, the requirements
    with no legal choice, the reasons a legality is unknown)`` — whether every target of that mode can be chosen
    now (CR 601.2c; "another target" of the same mode: distinct objects, 115.3)."""
    board = _board_targeting_texts(state)
    out: list[tuple[str, list[str], list[str]]] = []
    for mode in (_that_player(state, player, m) for m in st.modes):
        verdicts = [(spec, *spec_legality(state, player, card, spec, board, cast_from, source)) for spec in mode]
        if all(v == YES for _, v, _ in verdicts) and _needs_distinct(mode):
            v, w = _distinct_choices(state, player, card, mode, board, cast_from, source)
            if v != YES:
                verdicts = [(mode[-1], v, w)]
        if all(v == YES for _, v, _ in verdicts):
            out.append((YES, [], []))
        elif any(v == NO for _, v, _ in verdicts):
            out.append((NO, [_describe_need(s) + (f" ({w})" if w else "") for s, v, w in verdicts if v == NO], []))
        else:
            out.append((UNKNOWN, [], [w for _, v, w in verdicts if v == UNKNOWN]))
    return out


def activation_target_problems(state: GameState, player: str, card: Any, ability: Any, source: Permanent,
                               ability_index: int, x: int | None = None) -> tuple[list[str], list[str]]:
    """``(problems, notes)``: why ``player`` can't activate ``ability`` (the ``ability_index``-th activated ability of
    ``source``) for want of a legal choice of modes and targets (CR 602.2b -> 601.2b-c), and notes on what the answer
    assumed. Empty problems: some allowed choice of modes has legal targets for each target it needs.

    * A non-modal ability: its targets as a spell's (``target_problems``).
    * A modal one (``models.vocab.resolution.Modal``, CR 700.2a): at least ``choose`` modes whose targets can all be chosen
      (a mode's targets are needed only if it is chosen, 700.2c).
    * "Choose one that hasn't been chosen [this turn]" (Three Bowls of Porridge, Kargan Intimidator): each earlier
      activation of this object (since it last entered, CR 400.7; or this turn) chose one mode, never the same twice,
      so after k of them m - k modes are left, which ones not recorded. With no earlier activation every mode is
      left; once k >= m none is (the ability can't be activated, 700.2a); otherwise it can be if more than k modes
      have legal targets (k chosen ones can't cover them all), can't if none has, and which modes are left decides
      it in between (``Unsupported``). The earlier activations are the permanent entry's ``activations`` and the
      turn's ``history`` (docs/scenarios.md; none listed: none).

    ``x``: the announced X (CR 107.3a, 601.2b: before targets are chosen) for target words that use it ("target
    creature with mana value X or less"); ``None``: such words stay unknown.

    Raises
    ------
    Unsupported
        Target wording not read, a legality not modelled, or the earlier choices decide it (the message says)."""

    st = ability_targets(ability)
    if x is not None:
        st = with_x(st, x)
    eff = ability.effect
    if not isinstance(eff, Modal) or not eff.unchosen:
        return target_problems(state, player, card, (), source=source, targets=st), []
    if st.unread:
        raise Unsupported(f"{card.name}: which targets “{st.unread[0]}” allows is not modelled, so whether it has a "
                          f"legal target is unknown (CR 601.2c)")
    if st.choose != 1:
        raise Unsupported(f"{card.name}: choosing {st.choose} modes that haven't been chosen is not modelled (CR 700.2a)")

    if eff.unchosen == "turn":
        k, since = state.turn.history.activations_of(source.id, ability_index), "this turn"
        listed = bool(state.turn.history.activations)
    else:
        k, since = _activations_ever(state, source, ability_index), "since it entered the battlefield"
        listed = bool(source.activations) or bool(state.turn.history.activations)
    per_mode = mode_verdicts(state, player, card, st, None, source) if st.targets_anything else \
        [(YES, [], [])] * len(st.modes)
    m = len(per_mode)
    yes = sum(1 for v, _, _ in per_mode if v == YES)
    unknown = [w for v, _, ws in per_mode if v == UNKNOWN for w in ws]
    if k >= m:
        return [f"each of the {m} modes of {card.name}'s ability was chosen by its {k} earlier activation(s) {since}: "
                f"a mode that has been chosen can't be chosen again, so no mode is left (CR 700.2a)"], []
    notes = [] if listed else [f"the scenario lists no earlier activation of {card.name}'s ability {since}: none of its "
                               f"modes has been chosen"]
    if yes >= k + 1:
        if k:
            notes.append(f"{yes} of its {m} modes have legal targets and only {k} were chosen before, so one of them is "
                         f"left (CR 700.2a)")
        return [], notes
    if not yes and not unknown:
        return _no_target_reasons(state, card, st, 0, [d for _, ds, _ in per_mode for d in ds]), notes
    if k == 0:
        raise Unsupported(f"whether {card.name} has a legal target is unknown: {unknown[0]} (CR 601.2c)")
    raise Unsupported(f"{card.name}: which {k} of its {m} modes its earlier activation(s) {since} chose is not "
                      f"recorded, and it decides whether a mode with legal targets is left (CR 700.2a)")


def _x_spec(spec: TargetSpec, x: int) -> TargetSpec:

    q = spec.qualifier
    if any(isinstance(c.amount, VariableX) for c in q.compare):
        q = dataclasses.replace(q, compare=tuple(dataclasses.replace(c, value=x, amount=None)
                                                 if isinstance(c.amount, VariableX) else c for c in q.compare))
    return dataclasses.replace(spec, qualifier=q, alternatives=tuple(_x_spec(a, x) for a in spec.alternatives))


def with_x(st: SpellTargets, x: int) -> SpellTargets:
    """``st`` with the announced X (CR 107.3a, 601.2b) in its target qualifiers ("with mana value X or less": ``<= x``)."""
    return dataclasses.replace(st, modes=tuple(tuple(_x_spec(s, x) for s in mode) for mode in st.modes))


def targets_use_x(ability: Any) -> bool:
    """Whether the ability's target words compare with its X ("target creature with power X or less", Minamo
    Sightbender; CR 107.3a)."""

    def uses(spec: TargetSpec) -> bool:
        return any(isinstance(c.amount, VariableX) for c in spec.qualifier.compare) or any(uses(a) for a in spec.alternatives)

    return any(uses(spec) for mode in ability_targets(ability).modes for spec in mode)


def x_values(state: GameState) -> range:
    """The values of X worth trying for target words that compare a number with X ("power X or less", "mana value
    X"): 0 up to the largest mana value, printed power or toughness plus counters of any object in the scenario. A
    larger X adds no legal target to an "X or less" or "equal to X" test (none has a larger number) and removes
    them from an "X or greater" one, while it costs no less."""
    best = 0
    objs = [(p.card, sum(int(k) for k in p.counters.values())) for p in state.battlefield]
    objs += [(ci.card, 0) for zone in ("graveyard", "exile", "hand", "library", "stack", "command")
             for p in state.players for ci in state.cards(zone, p)]
    for card, extra in objs:
        nums = [card.mana_value(0)] if not getattr(card, "is_split", False) else \
            [f.mana_cost.mana_value(0) for f in card.faces if f.mana_cost is not None]
        for v in (card.front.power, card.front.toughness):
            if v is not None and str(v).lstrip("-").isdigit():
                nums.append(int(str(v)) + extra)
        best = max([best] + nums)
    return range(0, best + 1)


def targets_can_include(state: GameState, player: str, card: Any, ability: Any, source: Permanent,
                        cond: Any) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether some legal choice of the ability's targets (CR 601.2c) has every target a
    legal choice for ``cond.spec`` too (``models.vocab.conditions.TargetsInclude``: "This ability costs {2} less to activate if
    it targets two creatures you control", Wayta, Trainer Prodigy; the total cost is found after targets are chosen,
    601.2f via 602.2b). Only a condition on all of a non-modal ability's targets is read (``count`` = the number of
    target words); another count is unknown. "Another target" needs different objects (CR 115.3): a matching."""

    st = ability_targets(ability)
    if st.unread or len(st.modes) != 1:
        return UNKNOWN, "a cost condition on the targets of this ability is not modelled"
    mode = _that_player(state, player, st.modes[0])
    if sum(s.count for s in mode) != cond.count or any(s.count != 1 for s in mode):
        return UNKNOWN, f"“{cond.text}”: a condition on {cond.count} of its targets is not modelled"
    return _mode_can_include(state, player, card, mode, cond, source, None)


def spell_targets_can_include(state: GameState, player: str, card: Any, cond: Any,
                              choices: Mapping[str, int] | None = None, chosen: Iterable[Any] | None = None,
                              cast_from: tuple[str, str] | None = None) -> tuple[str, str]:
    """``(yes|no|unknown, why)`` for a spell's own "This spell costs {N} less to cast if it targets [phrase]"
    (``models.vocab.conditions.TargetsInclude`` with ``count`` the number of its target words; Mystical Dispute, Seized from
    Slumber's kin): the targets are chosen before the total cost is found (CR 601.2c before 601.2f). With ``chosen``
    (the question's targets, in the order of its target words): whether each is a legal choice for the phrase too;
    without: whether some legal choice of its targets is (``targets_can_include``'s rule, ``cast_from`` the zone it
    is cast from). ``choices``: the casting choices (kicker, modes) that decide which targets it has."""
    st = cast_targets(card, choices)
    if st.unread or len(st.modes) != 1:
        return UNKNOWN, "a cost condition on the targets of this spell is not modelled"
    mode = _that_player(state, player, st.modes[0])
    if sum(s.count for s in mode) != cond.count or any(s.count != 1 for s in mode):
        return UNKNOWN, f"“{cond.text}”: a condition on {cond.count} of its targets is not modelled"
    if chosen is None:
        return _mode_can_include(state, player, card, mode, cond, None, cast_from)
    refs = list(chosen)
    if len(refs) != len(mode):
        return UNKNOWN, f"“{cond.text}”: {len(refs)} targets chosen for {len(mode)} target words"
    board = _board_targeting_texts(state)
    want = dataclasses.replace(cond.spec, count=1)
    vals = []
    for ref in refs:
        kind, obj = resolve_target(state, ref)
        vals.append(chosen_legality(state, player, card, want, kind, obj, board, None)[0])
    what = cond.spec.text.removeprefix("target ")
    if all(v == YES for v in vals):
        return YES, f"its chosen targets are {what}"
    if NO in vals:
        return NO, f"its chosen targets are not all {what}"
    return UNKNOWN, f"whether its chosen targets are {what} is not known"


def _mode_can_include(state: GameState, player: str, card: Any, mode: tuple[TargetSpec, ...], cond: Any,
                      source: Permanent | None, cast_from: tuple[str, str] | None) -> tuple[str, str]:
    """Whether some legal choice of ``mode``'s targets (one object each) has every target a legal choice for
    ``cond.spec`` too (CR 601.2c, 115.3: "another target" takes different objects, a matching)."""
    import networkx as nx

    board = _board_targeting_texts(state)
    want = dataclasses.replace(cond.spec, count=1)
    legal: list[list[tuple[Any, str]]] = []
    for spec in mode:
        cands, _ = _candidates(state, player, card, spec, cast_from, source)
        row = []
        for kind, obj in cands:
            v1, w1 = chosen_legality(state, player, card, spec, kind, obj, board, source)
            v2, w2 = chosen_legality(state, player, card, want, kind, obj, board, source) if v1 != NO else (NO, "")
            if NO not in (v1, v2):
                key = ("player", obj) if kind == "player" else (kind, getattr(obj, "id", None) or id(obj))
                row.append((key, YES if (v1, v2) == (YES, YES) else UNKNOWN))
        legal.append(row)
    distinct = _needs_distinct(mode)
    for allowed in ((YES,), (YES, UNKNOWN)):
        if distinct:
            g = nx.Graph()
            top = [("slot", k) for k in range(len(mode))]
            g.add_nodes_from(top)
            for k, row in enumerate(legal):
                g.add_edges_from((("slot", k), ("obj",) + key) for key, v in row if v in allowed)
            match = nx.bipartite.maximum_matching(g, top_nodes=top)
            ok = all(t in match for t in top)
        else:
            ok = all(any(v in allowed for _, v in row) for row in legal)
        if ok:
            return (YES, "") if allowed == (YES,) else (UNKNOWN, f"whether its targets can all be {cond.spec.text.removeprefix('target ')} is not known")
    return NO, f"its targets can't all be {cond.spec.text.removeprefix('target ')}"


def _no_target_reasons(state: GameState, card: Any, st: SpellTargets, ok: int, missing: list[str]) -> list[str]:
    """The reason a spell or ability can't be cast or activated for want of legal targets (CR 601.2c, 700.2)."""
    spell_needed = any("spell" in spec.kinds for mode in st.modes for spec in mode)
    ability_needed = any("ability" in spec.kinds for mode in st.modes for spec in mode)
    stack_note = "" if not spell_needed or any(z == "stack" for z, _ in state.listed_zones) else \
        " (the scenario lists no spell on the stack)"
    if ability_needed and not state.stack_abilities:
        stack_note += " (no activated or triggered ability is on the stack; mana abilities never are, CR 605.3b)"
    if len(st.modes) > 1:
        return [f"{card.name} needs {st.choose} mode(s) whose targets can all be chosen, and only {ok} can: no legal "
                f"choice for {', '.join(dict.fromkeys(missing))}{stack_note} (CR 601.2c, 700.2)"]
    return [f"{card.name} needs a target it cannot choose: no legal choice for {', '.join(dict.fromkeys(missing))}"
            f"{stack_note} (CR 601.2c)"]


# ---------------------------------------------------------------------------
# Chosen targets (``cast: {card, targets: [...]}``): each one legal for its target phrase (CR 601.2c)
# ---------------------------------------------------------------------------

def resolve_target(state: GameState, ref: Any) -> tuple[str, Any]:
    """What a chosen-target reference names: ``("player", name)``, ``("permanent", Permanent)``,
    ``("spell", CardInstance)`` (a spell on the stack) or ``("card", (zone, owner, CardInstance))``.

    A reference is a player's name or ``{player}``; a permanent (its name, ``{card, controller}``, ``{id}``); a
    spell on the stack or a card in another zone (its name, ``{card, zone, owner}``, ``{id}``). A name that is a
    player's is the player; a name matching no permanent is looked up in the other zones (CR 115.1: a target may
    be a player, a permanent, a spell or a card in a zone).

    Raises
    ------
    QuestionError : the reference matches nothing, or several objects (the message lists them).
    """

    if isinstance(ref, Mapping) and "player" in ref:
        if set(ref) != {"player"}:
            raise QuestionError(f"a player target is {{player: NAME}}, got {dict(ref)!r}")
        if str(ref["player"]) not in state.players:
            raise QuestionError(f"target {ref!r}: unknown player; players are {', '.join(state.players)}")
        return "player", str(ref["player"])
    if isinstance(ref, str) and ref in state.players:
        return "player", ref
    if isinstance(ref, Mapping) and ref.get("zone") not in (None, "battlefield"):
        perm_err = None
    else:
        try:
            return "permanent", state.find_permanent({k: v for k, v in ref.items() if k != "zone"}
                                                     if isinstance(ref, Mapping) else ref)
        except StateError as err:
            if "matches" in str(err):
                raise QuestionError(f"target {ref!r}: {err}", err.candidates) from None
            perm_err = err
    try:
        zone, who, ci = state.find_card(ref)
    except StateError as err:
        msg = f"target {ref!r}: " + (f"{perm_err}, and {err}" if perm_err is not None else str(err))
        raise QuestionError(msg, (perm_err.candidates if perm_err is not None else []) + err.candidates) from None
    if zone == "stack":
        return "spell", ci
    return "card", (zone, who, ci)


def _describe_object(kind: str, obj: Any) -> str:
    if kind == "player":
        return f"the player {obj}"
    if kind == "permanent":
        return f"{obj.name} ({obj.controller}'s permanent)"
    if kind == "spell":
        return f"the spell {obj.name}"
    if kind == "ability":
        return f"{obj.controller}'s {obj.kind} ability of {obj.name} on the stack"
    return f"{obj[2].name} in {obj[1]}'s {obj[0]}"


def _ability_legality(state: GameState, player: str, spec: TargetSpec, sa: Any,
                      source: Permanent | None) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether the ability on the stack ``sa`` (``models.game.state.StackAbility``) is a legal
    choice for ``spec`` (CR 115.1c-d: "target activated ability" / "triggered ability"; 113.7: its source is the
    object that activated or triggered it, whose characteristics are read from its permanent when the scenario
    names it, else from its card as printed (last known information, 608.2h); 109.5 "another" source: not the
    permanent whose ability is being activated)."""
    what = _describe_object("ability", sa)
    if spec.ability_kinds and sa.kind not in spec.ability_kinds:
        return NO, f"{what} is not a legal choice for “{spec.text}”: it is not a{'n' if spec.ability_kinds[0][0] == 'a' else ''} " \
                   f"{' or '.join(spec.ability_kinds)} ability (CR 115.1c-d)"
    if spec.controller == "you" and sa.controller != player or spec.controller == "opponent" and sa.controller == player:
        return NO, f"{what} is not a legal choice for “{spec.text}”: {sa.controller} controls it (CR 113.8)"
    if spec.source is not None:
        src = spec.source
        perm = next((p for p in state.battlefield if p.id == sa.source), None) if sa.source else None
        kind, obj = ("permanent", perm) if perm is not None else ("card", sa)
        if not _types_ok(obj.card, src) or (src.alternatives and not any(_types_ok(obj.card, a) for a in src.alternatives)):
            return NO, f"{what} is not a legal choice for “{spec.text}”: its source {sa.name} is not {_source_words(src)} (CR 113.7)"
        if src.qualifier.other and source is not None:
            if sa.source == source.id:
                return NO, f"{what} is not a legal choice for “{spec.text}”: its source is {source.name} itself (CR 109.5)"
            if sa.source is None and sa.card.name == source.card.name:
                return UNKNOWN, f"whether the {sa.kind} ability of {sa.name} on the stack comes from {source.name} itself is " \
                                f"not given (its 'source')"
        qv, qwhy = qualifier_verdict(state, player, kind, obj, dataclasses.replace(src.qualifier, other=False))
        if qv == NO:
            return NO, f"{what} is not a legal choice for “{spec.text}”: its source {qwhy}"
        doubt = _subtype_doubt(state, obj.card, src) or (
            f"effects in force ({state.effects[0].card.name}) may change the characteristics of {sa.name}"
            if state.effects and (src.types or src.excluded or src.all_types) else "")
        if doubt:
            return UNKNOWN, doubt
        if qv == UNKNOWN:
            return UNKNOWN, qwhy
    if spec.unknown:
        return UNKNOWN, f"whether {what} is “{spec.text}” ({', '.join(spec.unknown)}) is not modelled"
    if not dataclasses.replace(spec.qualifier, other=False).empty:
        return UNKNOWN, f"qualifiers of an ability on the stack ({spec.text}) are not modelled"
    return YES, ""


def _tapped_first(state: GameState, player: str, perm: Permanent, source: Permanent | None) -> tuple[str, str]:
    """Whether the untapped ``perm`` could be tapped by ``player`` before the targets of a spell or ability are chosen
    (CR 601.2c, 602.2b: mana abilities may be activated while the player has priority before casting, CR 605.3a, and the
    mana stays in the pool for the payment, 106.4; other abilities that tap it first are not modelled): ``yes`` for a
    permanent of ``player``'s with a mana ability whose whole cost is {T} that may be activated now (CR 302.6; not the
    source, whose own {T} cost is paid later, 602.2h), ``unknown`` when another ability in play could tap it first,
    else ``no``."""
    if perm.controller == player and (source is None or perm.id != source.id):
        for a in permanent_abilities(state, perm):
            c = a.cost
            if a.kind != "activated" or c is None or not c.tap or not tap_permission(state, perm).allowed:
                continue  # (a creature's {T} abilities wait out summoning sickness, CR 302.6)
            if a.is_mana_ability and c.mana is None and not c.parts:
                return YES, (f"{perm.name} is untapped, but {player} may tap it for mana before choosing targets, keeping "
                             f"the mana for the payment (CR 605.3a, 106.4, 601.2c)")
            return UNKNOWN, (f"{perm.name} is untapped; whether {player} taps it first with its “{a.text}” is a choice "
                             f"not modelled (CR 601.2c)")
    for p in state.battlefield:
        if p.controller != player:
            continue
        for a in permanent_abilities(state, p):
            if a.kind == "activated" and not a.is_mana_ability and may_tap_others(a):
                return UNKNOWN, (f"{perm.name} is untapped; whether {player} taps it first with {p.name}'s “{a.text}” "
                                 f"is a choice not modelled (CR 601.2c)")
    return NO, ""


def _source_words(src: TargetSpec) -> str:
    """ "an artifact", "colorless", "legendary" for a reason."""
    words = " or ".join(t.lower() for t in src.types) or " ".join(t.lower() for t in src.supertypes)
    if src.excluded:
        words = (words + " ").lstrip() + "non" + "/".join(t.lower() for t in src.excluded)
    return words or src.text.removeprefix("target ")


def chosen_legality(state: GameState, player: str, card: Any, spec: TargetSpec, kind: str, obj: Any,
                    board: list[tuple[str, str]], source: Permanent | None = None) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether one chosen object or player is a legal choice for ``spec`` now
    (CR 601.2c, 115.1): of the kind and types the phrase names, the right controller or owner, passing its
    qualifiers (``solver.rules.quantities``: colours, keywords, power, mana value, counters, tapped, token, combat,
    "another"), and not protected by shroud or hexproof (the spell being cast is never among the listed spells,
    CR 115.5); unknown where legality depends on something not modelled (protection, qualifiers not read,
    targeting text in play). A union ("land or nonblack creature", ``spec.alternatives``) allows what one of
    its nouns allows. ``source``: the permanent whose ability it is (for "another")."""
    if spec.alternatives:
        verdicts = [chosen_legality(state, player, card, alt, kind, obj, board, source) for alt in spec.alternatives]
        if any(v == YES for v, _ in verdicts):
            if spec.unknown:
                return UNKNOWN, f"whether {_describe_object(kind, obj)} is “{spec.text}” ({', '.join(spec.unknown)}) is not modelled"
            return YES, ""
        unk = [w for v, w in verdicts if v == UNKNOWN]
        if unk:
            return UNKNOWN, unk[0]
        return NO, f"{_describe_object(kind, obj)} is not a legal choice for “{spec.text}”: {verdicts[-1][1]}"
    what = _describe_object(kind, obj)
    if kind not in spec.kinds:
        return NO, f"{what} is not a legal choice for “{spec.text}”, which allows a {' or '.join(spec.kinds)}"
    if kind == "ability":
        return _ability_legality(state, player, spec, obj, source)
    if kind == "player":
        if spec.controller == "you" and obj != player or spec.controller == "opponent" and obj == player:
            return NO, f"{what} is not a legal choice for “{spec.text}”"
        if board:
            return UNKNOWN, f"whether players can be targeted depends on {board[0][0]}'s “{board[0][1]}”, which is not modelled"
        pv, pwhy = player_verdict(state, obj, _targeter(player, card, source))
        if pv == NO:
            return NO, f"{what} is not a legal choice for “{spec.text}”: {pwhy}"
        if pv == UNKNOWN:
            return UNKNOWN, pwhy
        if spec.unknown:
            return UNKNOWN, f"whether {what} is “{spec.text}” ({', '.join(spec.unknown)}) is not modelled"
        qv, qwhy = qualifier_verdict(state, player, kind, obj, spec.qualifier, source)
        if qv == NO:
            return NO, f"{what} is not a legal choice for “{spec.text}”: {qwhy}"
        return qv, qwhy
    if kind == "permanent":
        if spec.controller == "you" and obj.controller != player or spec.controller == "opponent" and obj.controller == player:
            return NO, f"{what} is not a legal choice for “{spec.text}” (its controller)"
        if spec.owner != "any" and not _owner_ok(state, player, obj.owner, spec.owner):
            return NO, f"{what} is not a legal choice for “{spec.text}” (its owner, CR 108.3)"
        if not _types_ok(obj.card, spec):
            return NO, f"{what} is not a legal choice for “{spec.text}” (its types)"
        first = ""
        q0 = spec.qualifier
        if q0.tapped is True and not obj.tapped:
            tv, first = _tapped_first(state, player, obj, source)
            if tv == UNKNOWN:
                return UNKNOWN, first
            if tv == YES:
                spec = dataclasses.replace(spec, qualifier=dataclasses.replace(q0, tapped=None))
        qv, qwhy = _qualifier_and_extras(state, player, kind, obj, spec.qualifier, spec, obj, source, what)
        if qv == NO:
            return NO, qwhy
        if first and qv == YES:
            qwhy = first
        doubt = _subtype_doubt(state, obj.card, spec)
        if doubt:
            return UNKNOWN, doubt
        verdict, why = _permanent_legality(state, player, obj, spec, board, card, source)
        if verdict == NO:
            why = f"{what} is not a legal choice for “{spec.text}”: {why}"
        if verdict == YES and qv == UNKNOWN:
            return UNKNOWN, qwhy
        return verdict, why
    ci = obj if kind == "spell" else obj[2]
    if kind == "card":
        zone, who, _ = obj
        if spec.zone != zone:
            return NO, f"{what} is not a legal choice for “{spec.text}” (its zone)"
        if spec.owner == "you" and who != player or spec.owner == "opponent" and who == player:
            return NO, f"{what} is not a legal choice for “{spec.text}” (whose {zone})"
    if not _types_ok(ci.card, spec):
        return NO, f"{what} is not a legal choice for “{spec.text}” (its types)"
    q = spec.qualifier
    exile_counters = kind == "card" and obj[0] == "exile" and bool(q.counters)
    if exile_counters:  # counters on a card in exile (a memory counter, a time counter) are not part of a scenario
        q = dataclasses.replace(q, counters=())
    qv, qwhy = _qualifier_and_extras(state, player, kind, ci, q, spec, obj, source, what)
    if qv == NO:
        return NO, qwhy
    if exile_counters and qv == YES:
        qv, qwhy = UNKNOWN, (f"whether {what} has {' and '.join(c or 'a' for c in spec.qualifier.counters)} counter(s) "
                             f"on it is not part of the scenario (counters on cards in exile, CR 122.1)")
    if spec.unknown:
        return UNKNOWN, f"whether {what} is “{spec.text}” ({', '.join(spec.unknown)}) is not modelled"
    if kind == "spell" and any(mentions_targeting(a) for a in abilities_of(ci.card)):
        return UNKNOWN, f"whether {what} can be targeted depends on its text, which is not modelled"
    if kind == "card":
        uv, uwhy = untargetable_verdict(state, "card", obj, _targeter(player, card, source))
        if uv != YES:
            return uv, uwhy
    if qv == UNKNOWN:
        return UNKNOWN, qwhy
    return YES, ""


def chosen_target_problems(state: GameState, player: str, card: Any, refs: Iterable[Any],
                           abilities: Iterable[Any] | None = None,
                           choices: Mapping[str, int] | None = None) -> list[str]:
    """Why ``player`` cannot cast ``card`` with the chosen targets ``refs`` (CR 601.2c): empty when each is legal.

    The targets are given in the order of the spell's target words (CR 115.3: each "target" is its own
    requirement; "two target creatures" takes two, which must differ, 601.2c), those of the spell as cast with
    ``choices`` (``cast_targets``: a kicked part's targets only when kicked, CR 601.2c). The last requirement may be "up
    to N" or "any number of" targets: it takes the targets left over (at most N). Other open counts (X targets,
    several open requirements) and modal spells are not modelled with chosen targets (``Unsupported``).

    Raises
    ------
    QuestionError : a reference matches nothing or several objects, or the number of targets is not the
        number the spell's phrases take.
    Unsupported : a phrase not understood, a modal spell, an "up to" requirement, or a legality that depends
        on something not modelled (the message names it).
    """
    refs = list(refs)
    st: SpellTargets = cast_targets(card, choices, abilities)
    if st.unread:
        raise Unsupported(f"{card.name}: which targets “{st.unread[0]}” allows is not modelled, so whether the chosen "
                          f"targets are legal is unknown (CR 601.2c)")
    if len(st.modes) > 1:
        raise Unsupported(f"{card.name} is modal: checking chosen targets of a chosen mode is not modelled (CR 700.2, 601.2c)")
    specs = list(st.modes[0])
    ranged = [s for s in specs if s.count > 0 and (s.any_number or (s.most is not None and s.most > s.count))]
    if ranged:  # "one or two target creatures": how many is announced (CR 601.2c)
        raise Unsupported(f"{card.name}: how many targets “{ranged[0].text}” takes is a choice; checking chosen targets "
                          f"for it is not modelled (CR 601.2c)")
    loose = [s for s in specs if s.count == 0]
    most: int | None = None
    if loose:
        # one "up to N" / "any number of" requirement, the last one, takes the targets left over (CR 601.2c)
        last = specs[-1]
        if len(loose) > 1 or loose[0] is not last or not (last.any_number or last.most is not None):
            raise Unsupported(f"{card.name}: how many targets “{loose[0].text}” takes is a choice; checking chosen targets "
                              f"for it is not modelled (CR 601.2c)")
        most = last.most
        specs[-1] = dataclasses.replace(last, count=max(0, len(refs) - sum(s.count for s in specs[:-1])))
        if most is not None and specs[-1].count > most:
            raise QuestionError(f"{card.name}: “{last.text}” takes at most {most} targets; {specs[-1].count} given (CR 601.2c)")
    need = sum(s.count for s in specs)
    if len(refs) != need:
        phrases = "; ".join(f"“{s.text}”" + (f" ×{s.count}" if s.count > 1 else "") for s in specs) or "none"
        raise QuestionError(f"{card.name} takes {need} target{'s' if need != 1 else ''} ({phrases}), in the order of its "
                            f"text; {len(refs)} given (CR 115.3, 601.2c)")
    board = _board_targeting_texts(state)
    out: list[str] = []
    unknown: list[str] = []
    i = 0
    for spec in specs:
        chosen: list[tuple[str, Any]] = [resolve_target(state, r) for r in refs[i:i + spec.count]]
        i += spec.count
        seen: list[Any] = []
        for kind, obj in chosen:
            key = (kind, obj if kind == "player" else getattr(obj, "id", None) or id(obj))
            if key in seen:
                out.append(f"{_describe_object(kind, obj)} is chosen twice for “{spec.text}”: the same object can't be "
                           f"chosen more than once for one instance of the word target (CR 601.2c)")
                continue
            seen.append(key)
            verdict, why = chosen_legality(state, player, card, spec, kind, obj, board)
            if verdict == NO:
                out.append(f"{why} (CR 601.2c, 115.1)")
            elif verdict == UNKNOWN:
                unknown.append(why)
    if out:
        return out
    if unknown:
        raise Unsupported(f"whether {card.name}'s chosen targets are legal is unknown: {unknown[0]} (CR 601.2c)")
    return []


def has_legal_target(state: GameState, player: str, source: Permanent | None, cond: HasLegalTarget,
                     text: str) -> tuple[bool, str]:
    """``HasLegalTarget``: the requirement has a legal choice now (``solver.rules.targets.spec_legality``, CR 115, 601.2c,
    603.3d); a choice the rules cannot decide (hexproof or "can't be the target" text not modelled) is
    ``Unsupported``."""
    if source is None:
        raise Unsupported(f"“{text}”: it reads a permanent that is not there")
    v, why = spec_legality(state, player, source.card, cond.spec, source=source)
    if v == UNKNOWN:
        raise Unsupported(f"“{text}”: whether “{cond.spec.text}” has a legal choice is not known: {why}")
    if v == NO:
        return False, f"“{cond.spec.text}” has no legal choice (CR 603.3d, 608.2b){': ' + why if why else ''}"
    return True, f"“{cond.spec.text}” has a legal choice (CR 601.2c, 603.3d)"
