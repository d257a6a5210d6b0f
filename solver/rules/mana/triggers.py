"""Triggered mana abilities: the mana they add when a mana ability resolves (CR 605.1b, 605.4a, 106.12a).

``solver.rules.mana.sources`` calls ``triggered_mana`` for every result of every mana ability (after replacement effects,
CR 106.12b), so each ``ManaOption`` already holds the mana its triggered mana abilities add: they resolve right
after the mana ability that triggered them, without using the stack (605.4a), so the mana is there to pay
with (601.2g). What is read (the typed ``ManaTrigger`` of an ``add_mana`` ability, models/vocab/):

* the event: ``tapped_for_mana`` — the permanent's mana ability has {T} in its cost (106.12) and produced mana
  (106.12a: tapping Gaea's Cradle with no creature does not trigger Wild Growth); ``land_ability_adds`` — any
  mana ability of a land adding mana to the trigger's controller (Caged Sun: "a land's ability causes you to
  add"; not the mana other triggered abilities add, which is theirs, not the land's);
* which permanents are watched (typed ``Filter``: "enchanted land" is the one the Aura is attached to,
  CR 303.4; "a Mountain, Forest, or Plains"; "a snow land"), and whose (``you``: the trigger's controller);
* who adds: the tapped permanent's controller ("its controller", "that player") or the trigger's controller
  ("add", "you"); mana added to another player's pool is not the payer's and is left out;
* "of the chosen color" (Gauntlet of Power, Caged Sun): only when mana of the source's chosen colour was
  actually produced, after replacement effects (106.12a);
* an intervening "if" (CR 603.4): "if this creature is tapped" (Barbflare Gremlin); an ``instead`` output with
  "if that Island is snow" (Snowfall) read against the tapped permanent; other conditions are ``Unsupported``;
* the output: "one mana of any type that land produced" (one of the types just produced, Mana Flare and
  Zendikar Resurgent rulings 2004-10-04 and 2016-01-22), the chosen colour, fixed mana, any colour, a
  combination, counts; the trigger's restriction only (no restriction of the land's mana is copied, Heartbeat
  of Spring ruling 2020-08-07); the mana is produced by the trigger's source (Kinnan ruling 2020-04-17), so it
  is snow when that source is snow (CR 107.4h, 106.3).

"May add" (Snowfall) changes nothing here: mana a player does not spend stays unspent, so every pool keeps it.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.mana_effects import AddMana
from mtgcheck.models.vocab.conditions import EventObjectIs, SourceTapped
from mtgcheck.models.game.mana import MANA_TYPES, Mana, parse_types
from mtgcheck.models.game.state import Permanent

from mtgcheck.solver.rules.layers import filter_matches
from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.layers import effect_abilities
from mtgcheck.solver.rules.quantities import condition_holds
from mtgcheck.solver.rules.mana.produce import base_events, count_amount, has_legal_target

Added = tuple[tuple[Mana, ...], str]  # the mana a combination of triggers adds, and its explanation


def _describe(src: Permanent, tab: Ability) -> str:
    return f"{src.name}: \"{tab.describe()}\""


def _holds(cond: object, src: Permanent, tapped_perm: Permanent, subtypes: tuple[str, ...], tab: Ability) -> bool | None:
    """An intervening condition of the trigger or of its ``instead`` (CR 603.4); ``None`` when another rule reads it."""
    if isinstance(cond, SourceTapped):
        return src.tapped
    if isinstance(cond, EventObjectIs):
        try:
            return filter_matches(cond.filter, tapped_perm, src.controller, subtypes, src)
        except ValueError:
            raise Unsupported(f"{_describe(src, tab)}: the condition {cond!r} is not modelled") from None
    return None


def _outputs(board: Any, src: Permanent, tab: Ability, tapped_perm: Permanent,
             produced: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every event the trigger's output could be (one per choice), for the tapped permanent that produced ``produced``."""
    eff = tab.effect
    assert isinstance(eff, AddMana)
    ability = tab
    if eff.instead is not None:
        got = _holds(eff.instead.condition, src, tapped_perm, board.view[tapped_perm.id].subtypes, tab)
        if got is not None:  # read here (the tapped permanent); otherwise base_events reads it (the source)
            ability = dataclasses.replace(tab, effect=eff.instead.output if got else dataclasses.replace(eff, instead=None))
            eff = ability.effect
            assert isinstance(eff, AddMana)
    if eff.produced_type:
        return [(x,) for x in MANA_TYPES if x in produced]  # one type that was produced (Mana Flare ruling 2004-10-04)
    if eff.chosen_color:
        col = src.choices.get("color")
        if col is None:
            raise Unsupported(f"{_describe(src, tab)}: no colour was chosen for {src.name} (give choices: {{color: ...}})")
        n = count_amount(board.state, src, eff.amount, ability)
        return [tuple(parse_types(str(col)) * n)] if n > 0 else []
    return base_events(board.state, src, ability)


def all_triggers(board: Any) -> list[tuple[Permanent, Ability]]:
    """The triggered mana abilities in force: those of permanents (``board.triggers``) and the delayed ones of
    resolved spells listed under ``state.effects`` (High Tide, CR 603.7a), each with the object it comes from
    (for an effect, a stand-in permanent ``effect#N`` carrying the spell card, its controller and choices: it is
    on no battlefield, so it is never tapped nor attached). Returns a list of (source, ability)."""
    got = getattr(board, "_all_mana_triggers", None)
    if got is None:

        got = list(board.triggers)
        for j, e in enumerate(board.state.effects):
            for a in effect_abilities(board.state, e):
                if isinstance(a.effect, AddMana) and a.effect.trigger is not None:
                    got.append((Permanent(f"effect#{j + 1}", e.card, e.controller, e.controller,
                                          choices=dict(e.choices)), a))
        board._all_mana_triggers = got  # type: ignore[attr-defined]
    return got


def triggered_mana(board: Any, perm: Permanent, ab: Ability, produced: tuple[str, ...]) -> list[Added]:
    """The mana triggered mana abilities add when ``perm``'s mana ability ``ab`` resolves and produces ``produced``.

    Parameters
    ----------
    board : sources.ManaBoard  the state, its layer view and its triggered mana abilities (``board.triggers``).
    perm : Permanent  whose mana ability resolved; its controller receives the mana.
    ab : Ability  the mana ability (``tapped_for_mana`` needs {T} in its cost, CR 106.12).
    produced : tuple of str  the types it produced, after replacement effects (CR 106.12a, 106.12b).

    Returns
    -------
    list of (mana, note)
        One entry per combination of the triggers' choices (``[((), "")]`` when none triggers); only mana added
        to ``perm``'s controller is returned.

    Raises
    ------
    Unsupported
        A watched-permanents filter or a condition that is not modelled, or no chosen colour (named).
    """
    if not produced:
        return [((), "")]  # no mana produced: nothing "tapped for mana" or "causes you to add" (CR 106.12a)
    tapped = bool(ab.cost and ab.cost.tap)
    subtypes = board.view[perm.id].subtypes
    per_trigger: list[list[Added]] = []
    for src, tab in all_triggers(board):
        eff = tab.effect
        t = getattr(eff, "trigger", None)
        if not isinstance(eff, AddMana) or t is None:
            continue
        if t.event == "tapped_for_mana" and not tapped:
            continue
        try:
            hit = filter_matches(t.filter, perm, src.controller, subtypes, src)
        except ValueError:
            raise Unsupported(f"{_describe(src, tab)}: which permanents it watches is not modelled") from None
        if not hit:
            continue
        # who adds: "its controller"/"that player" (the tapped permanent's) or the trigger's controller ("you");
        # Caged Sun triggers only on mana a land's ability adds to its own controller ("causes you to add")
        recipient = src.controller if t.to == "you" or t.event == "land_ability_adds" else perm.controller
        if recipient != perm.controller:
            continue
        if t.condition is not None:
            got = _holds(t.condition, src, perm, subtypes, tab)
            if got is None:  # a condition of the game, not of the tapped permanent ("while you're the monarch")

                got = condition_holds(board.state, src.controller, t.condition, src, tab.describe(), has_legal_target)[0]
            if not got:
                continue
        if t.of_chosen_color:
            col = src.choices.get("color")
            if col is None:
                raise Unsupported(f"{src.name}: no colour was chosen (give choices: {{color: ...}})")
            if not set(parse_types(str(col))) & set(produced):
                continue
        evs = _outputs(board, src, tab, perm, produced)
        snow = src.card.is_type("Snow")
        label = f"{src.name} adds "
        per_trigger.append([(tuple(Mana(x, eff.restriction, snow, src.name) for x in ev),
                             label + "".join("{" + x + "}" for x in ev) + " (triggered mana ability, CR 605.1b)")
                            for ev in evs] or [((), "")])
    if not per_trigger:
        return [((), "")]
    return [(tuple(m for part in combo for m in part[0]), "; ".join(c[1] for c in combo if c[1]))
            for combo in itertools.product(*per_trigger)]


