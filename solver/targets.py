"""Whether a spell's targets can be chosen (CR 601.2c): a spell that needs a target is castable only if each
target has a legal choice in the state; ``unsupported`` where the legality depends on something not modelled.

``target_problems(state, player, card, abilities)`` returns the reasons the spell cannot be cast for want of a
legal target (empty when every requirement can be met) and raises ``Unsupported`` when it cannot tell.

What is checked, per requirement (``models.text.targets.TargetSpec``):

* players: every player (an opponent, or the caster) is a legal target unless rules text in play could give
  players hexproof or shroud or forbid targeting them (then unknown);
* permanents: the battlefield's permanents of the right types and controller; shroud (CR 702.18) makes one
  illegal, hexproof (CR 702.11) for a spell of an opponent of its controller; protection (CR 702.16), other
  targeting text on it or in play, and qualifiers not modelled ("attacking", "with flying") make it unknown;
* spells: the spells a scenario lists on the stack (``stack:``); the spell being cast cannot target itself
  (CR 115.5). A scenario that lists no stack has an empty stack;
* cards in a graveyard: that graveyard's cards, when the scenario lists it (else unknown);
* abilities on the stack: a scenario cannot list them; with no stack listed there are none.

References: CR 115.1, 115.3, 115.5, 601.2c, 700.2 (modes), 702.11, 702.16, 702.18.
"""
from __future__ import annotations

from typing import Any, Iterable

from mtgcheck.models.state import GameState, Permanent
from mtgcheck.models.behaviour import abilities_of
from mtgcheck.models.text.targets import SpellTargets, TargetSpec, mentions_targeting, spell_targets

from .layers import permanent_abilities
from .questions import Unsupported

YES, NO, UNKNOWN = "yes", "no", "unknown"


def _board_targeting_texts(state: GameState) -> list[tuple[str, str]]:
    """Rules text in play, other than a permanent's own keyword abilities, that could change what can be
    targeted (hexproof or shroud for others or for players, "can't be the target")."""
    out: list[tuple[str, str]] = []
    for perm in state.battlefield:
        for a in permanent_abilities(state, perm):
            if a.kind != "keyword" and mentions_targeting(a.text):
                out.append((perm.name, a.text))
    for e in state.effects:
        for a in abilities_of(e.card):
            if a.kind != "keyword" and mentions_targeting(a.text):
                out.append((e.card.name, a.text))
    return out


def _keywords(state: GameState, perm: Permanent) -> set[str]:
    ks = {k.lower() for k in perm.card.keywords}
    ks.update(str(a.effect).lower() for a in permanent_abilities(state, perm) if a.kind == "keyword")
    return ks


def _permanent_legality(state: GameState, player: str, perm: Permanent, spec: TargetSpec,
                        board: list[tuple[str, str]]) -> tuple[str, str]:
    if spec.unknown:
        return UNKNOWN, f"whether {perm.name} is “{spec.text}” ({', '.join(spec.unknown)}) is not modelled"
    ks = _keywords(state, perm)
    if "shroud" in ks:
        return NO, ""
    if "hexproof" in ks and perm.controller != player:
        return NO, ""
    if any(k.startswith("protection") for k in ks):
        return UNKNOWN, f"{perm.name} has protection; whether it protects from {spec.text} is not modelled (CR 702.16)"
    own = [a.text for a in permanent_abilities(state, perm) if a.kind != "keyword" and mentions_targeting(a.text)]
    if own:
        return UNKNOWN, f"whether {perm.name} can be targeted depends on its “{own[0]}”, which is not modelled"
    if board:
        return UNKNOWN, f"whether {perm.name} can be targeted depends on {board[0][0]}'s “{board[0][1]}”, which is not modelled"
    return YES, ""


def _types_ok(card: Any, spec: TargetSpec) -> bool:
    """Card types, subtypes and supertypes as printed (a changeling, which has every creature type, CR 702.73a,
    passes a subtype test; ``_subtype_doubt`` then makes the answer unknown)."""
    if spec.types and not any(card.is_type(t) for t in spec.types):
        return False
    if any(card.is_type(t) for t in spec.excluded):
        return False
    tl = card.type_line
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


def spec_legality(state: GameState, player: str, card: Any, spec: TargetSpec,
                  board: list[tuple[str, str]] | None = None) -> tuple[str, str]:
    """``(yes|no|unknown, why)``: whether the requirement has ``spec.count`` distinct legal choices now."""
    if spec.count == 0:
        return YES, ""
    board = _board_targeting_texts(state) if board is None else board
    yes = 0
    unknown: list[str] = []
    if "player" in spec.kinds:
        players = [player] if spec.controller == "you" else state.opponents(player) if spec.controller == "opponent" \
            else list(state.players)
        if board:
            unknown += [f"whether players can be targeted depends on {board[0][0]}'s “{board[0][1]}”, which is not modelled"] * len(players)
        else:
            yes += len(players)
    if "permanent" in spec.kinds and not (spec.unknown == ("token",)):
        # (a "token" permanent: none, every permanent of a scenario is a card)
        for perm in state.battlefield:
            if spec.controller == "you" and perm.controller != player:
                continue
            if spec.controller == "opponent" and perm.controller == player:
                continue
            if not _types_ok(perm.card, spec):
                continue
            if spec.tapped is not None and perm.tapped != spec.tapped:
                continue
            doubt = _subtype_doubt(state, perm.card, spec)
            verdict, why = (UNKNOWN, doubt) if doubt else _permanent_legality(state, player, perm, spec, board)
            if verdict == YES:
                yes += 1
            elif verdict == UNKNOWN:
                unknown.append(why)
    if "spell" in spec.kinds:
        for p in state.players:
            for ci in state.cards("stack", p):
                if ci.card is card:
                    continue  # a spell cannot target itself (CR 115.5)
                if not _types_ok(ci.card, spec):
                    continue
                if spec.unknown:
                    unknown.append(f"whether {ci.name} is “{spec.text}” ({', '.join(spec.unknown)}) is not modelled")
                elif any(mentions_targeting(a.text) for a in abilities_of(ci.card)):
                    unknown.append(f"whether the spell {ci.name} can be targeted depends on its text, which is not modelled")
                else:
                    yes += 1
    if "card" in spec.kinds and spec.zone is not None:
        owners = [player] if spec.owner == "you" else state.opponents(player) if spec.owner == "opponent" else list(state.players)
        for p in owners:
            if (spec.zone, p) not in state.listed_zones:
                unknown.append(f"the scenario does not list {p}'s {spec.zone}, which “{spec.text}” looks in")
                continue
            for ci in state.cards(spec.zone, p):
                if ci.card is card or not _types_ok(ci.card, spec):
                    continue
                if spec.unknown:
                    unknown.append(f"whether {ci.name} is “{spec.text}” ({', '.join(spec.unknown)}) is not modelled")
                else:
                    yes += 1
    if "ability" in spec.kinds and any(z == "stack" for z, _ in state.listed_zones):
        unknown.append("abilities on the stack are not part of a scenario, so “" + spec.text + "” cannot be checked")
    if yes >= spec.count:
        return YES, ""
    if yes + len(unknown) >= spec.count:
        return UNKNOWN, unknown[0]
    return NO, ""


def _describe_need(spec: TargetSpec) -> str:
    n = f"{spec.count} distinct " if spec.count > 1 else ""
    return f"{n}“{spec.text}”"


def target_problems(state: GameState, player: str, card: Any, abilities: Iterable[Any] | None = None) -> list[str]:
    """Why ``player`` cannot cast ``card`` for want of legal targets (CR 601.2c): empty when every target of
    at least the required number of modes has a legal choice.

    Raises
    ------
    Unsupported
        The spell's target wording is not understood, or whether a choice is legal depends on something not
        modelled (the message names it).
    """
    abilities = list(abilities_of(card) if abilities is None else abilities)
    is_aura = card.is_type("Enchantment") and "Aura" in card.type_line.subtypes
    st: SpellTargets = spell_targets(abilities, is_aura)
    if not st.targets_anything:
        return []
    if st.unread:
        raise Unsupported(f"{card.name}: which targets “{st.unread[0]}” allows is not modelled, so whether it has a "
                          f"legal target is unknown (CR 601.2c)")
    board = _board_targeting_texts(state)
    ok = 0
    unknown: list[str] = []
    missing: list[str] = []
    for mode in st.modes:
        verdicts = [(spec, *spec_legality(state, player, card, spec, board)) for spec in mode]
        if all(v == YES for _, v, _ in verdicts):
            ok += 1
        elif any(v == NO for _, v, _ in verdicts):
            missing.extend(_describe_need(s) for s, v, _ in verdicts if v == NO)
        else:
            unknown.extend(w for _, v, w in verdicts if v == UNKNOWN)
    if ok >= st.choose:
        return []
    if ok + len(unknown) >= st.choose and unknown:
        raise Unsupported(f"whether {card.name} has a legal target is unknown: {unknown[0]} (CR 601.2c)")
    spell_needed = any("spell" in spec.kinds for mode in st.modes for spec in mode)
    stack_note = "" if not spell_needed or any(z == "stack" for z, _ in state.listed_zones) else \
        " (the scenario lists no spell on the stack)"
    if len(st.modes) > 1:
        return [f"{card.name} needs {st.choose} mode(s) whose targets can all be chosen, and only {ok} can: no legal "
                f"choice for {', '.join(dict.fromkeys(missing))}{stack_note} (CR 601.2c, 700.2)"]
    return [f"{card.name} needs a target it cannot choose: no legal choice for {', '.join(dict.fromkeys(missing))}"
            f"{stack_note} (CR 601.2c)"]
