"""A spell's own alternative costs (CR 118.9) in the ``cast`` question: which ones a card has, whether their
conditions hold, the default ways of casting a spell (``cast_any_way``) and assist (``assist_help``).

* **Which.** ``printed_alternatives(card)``: the ``PrintedAlternativeCost`` abilities of the card ("You may
  sacrifice a Mountain rather than pay this spell's mana cost", "If you control a Plains, you may tap an
  untapped creature you control rather than pay this spell's mana cost", "If an opponent controls a Swamp and
  you control a Forest, you may cast this spell without paying its mana cost"), named ``alternative`` (the
  only one) or ``alternative 1``, ``alternative 2`` ... in printed order; ``using`` may also give the wording.
* **The default.** ``cast`` without ``using`` asks "can it be cast?": the mana cost first (as before), then,
  only when that is not castable, each alternative cost the card itself has that applies in the zone it is
  cast from (``default_ways``: printed ones, evoke/dash/overload from the hand, flashback/escape from the
  graveyard; CR 118.9, 601.2b: the player chooses one). The first that works is the answer, naming it in
  ``using``; when none works, the mana cost's reason with each alternative's. An explicit ``using`` answers
  for that way only, as before.
* **Conditions** (``condition_problems``): "you control a Plains", "an opponent controls a Swamp", "there are
  thirteen or more creatures on the battlefield" (the board after type-changing effects, CR 613.1d),
  "it's (not) your turn", "N or more creatures are attacking", "you attacked this turn" (the scenario's turn),
  "you have no land cards in hand". Wording not modelled makes the answer that needs this alternative
  ``Unsupported`` naming the sentence (an answer that the mana cost already gives does not need it: the
  alternative only adds a way to cast the spell).
* **Chosen objects**: paying them together with the mana is ``solver.rules.altcost_objects``.

References: CR 118.3, 118.9, 118.9a-d, 202.3, 302.6, 601.2a-h, 701.9, 701.21.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterable

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.cost_effects import CastCondition, PrintedAlternativeCost
from mtgcheck.models.vocab.filters import Filter
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules import budget
from mtgcheck.solver.rules.errors import QuestionError, Unsupported
from mtgcheck.solver.rules.quantities import card_matches, condition_holds
from mtgcheck.solver.rules.restrictions import free_cast_permissions
from mtgcheck.models.vocab.costs import alternative_costs
from mtgcheck.models.vocab.keyword_model import prototype_of
from mtgcheck.solver.rules.board import board_view
from mtgcheck.solver.rules.layers import filter_matches
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.solver.rules.gate import require_modelled
from mtgcheck.solver.rules.faces import requested_face, spell_face

#: Keyword alternative costs tried by default, by the zone they cast the card from (CR 702.34a, 702.138a,
#: 702.74a evoke, 702.109a dash, 702.96a overload, 702.152a blitz, 702.185a warp, 702.176a impending, 702.119a
#: emerge, 702.137a spectacle, 702.117a surge; 702.37c, 702.168a face down).
DEFAULT_KEYWORDS = {"hand": ("evoke", "dash", "overload", "blitz", "warp", "impending", "emerge", "spectacle", "surge",
                             "morph", "megamorph", "disguise", "bestow", "mutate", "awaken", "web-slinging", "prowl",
                             "freerunning", "more than meets the eye", "cleave"),
                    "graveyard": ("flashback", "escape"),
                    # a foretold card (CR 702.143a) and a plotted one (702.170d: without paying its mana cost)
                    "exile": ("foretell", "plot")}


def printed_alternatives(card: Any) -> list[tuple[str, Ability]]:
    """The card's own printed alternative costs as ``(name, ability)`` in printed order: ``alternative`` when
    there is one, else ``alternative 1``, ``alternative 2`` ... (CR 118.9)."""
    alts = [a for a in abilities_of(card) if isinstance(a.effect, PrintedAlternativeCost)]
    if len(alts) == 1:
        return [("alternative", alts[0])]
    return [(f"alternative {i}", a) for i, a in enumerate(alts, 1)]


def find_printed(card: Any, using: str) -> tuple[str, Ability] | None:
    """The printed alternative cost ``using`` names: its name, ``alternative`` (the first), or its wording."""
    want = " ".join(str(using).casefold().split())
    alts = printed_alternatives(card)
    for name, a in alts:
        if want == name or want == " ".join(a.text.casefold().split()).rstrip("."):
            return name, a
        if " ".join(a.text.casefold().split()) == want:
            return name, a
    if want == "alternative" and alts:
        return alts[0]
    return None


def default_ways(card: Any, zone: str) -> list[str]:
    """The ``using`` values tried, after the mana cost, when ``cast`` gives none: the card's own alternative
    costs that cast it from ``zone`` (see the module docstring)."""


    ways = [name for name, _ in printed_alternatives(card)] if zone in ("hand", "command") else []
    have = {a.keyword for a in alternative_costs(card, abilities_of(card))} | (
        {"plot"} if any(isinstance(a.effect, Keyword) and a.effect.keyword == "plot" for a in abilities_of(card)) else set())
    ways += [k for k in DEFAULT_KEYWORDS.get(zone, ()) if k in have]
    if prototype_of(card) is not None:
        ways.append("prototype")  # cast prototyped, with the prototype's mana cost (CR 718.3)
    return ways


def _subtypes(state: GameState) -> dict[str, tuple[str, ...]]:

    return {pid: tuple(v.subtypes) for pid, v in board_view(state).items()}


def _perm_matches(state: GameState, f: Filter, perm: Any, player: str, subs: dict) -> bool:

    return filter_matches(f, perm, player, subs.get(perm.id))


def _filters_of(x: Any) -> list[Filter]:
    """Every ``Filter`` in a condition (its fields, nested conditions and amounts): what the colours gate reads."""
    import dataclasses

    if isinstance(x, Filter):
        return [x]
    if isinstance(x, tuple):
        return [f for v in x for f in _filters_of(v)]
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return [f for fld in dataclasses.fields(x) for f in _filters_of(getattr(x, fld.name))]
    return []


def _colors_gate(state: GameState, card: Any, filters: Iterable[Filter | None]) -> None:
    """A condition or part that reads colours needs them known (CR 105.2; unmodelled colour effects: unsupported)."""
    if any(f is not None and f.colors for f in filters):


        require_modelled(state, {Topic.COLORS}, [(card.name, abilities_of(card))],
                         question=f"the colours an alternative cost of {card.name} reads (CR 105.2)",
                         view=board_view(state))


def _turn(state: GameState) -> Any:
    return getattr(state, "turn", None)


def _default_note(state: GameState) -> str:
    t = _turn(state)
    return "" if t is None or getattr(t, "given", False) else " (the scenario's default turn: precombat main phase, nothing done yet)"


def condition_problems(state: GameState, player: str, card: Any, name: str, ability: Ability) -> list[str]:
    """Why the conditions of a printed alternative cost do not hold now (empty: they hold), CR 118.9, 601.2b.

    Raises
    ------
    Unsupported : wording of the alternative cost that is not modelled (naming the card and the sentence), an
        attacking or turn-history condition without the turn model.
    """
    alt = ability.effect
    assert isinstance(alt, PrintedAlternativeCost)
    if alt.untyped:
        raise Unsupported(f"{card.name}'s alternative cost “{ability.text.strip()}” is not modelled in part "
                          f"({alt.untyped}), and the answer needs it (CR 118.9)")
    _colors_gate(state, card, [f for c in alt.conditions for f in _filters_of(c)])
    out: list[str] = []
    subs = _subtypes(state) if any(c.test in ("controls", "attacking") for c in alt.conditions) else {}
    for c in alt.conditions:
        why = _condition_problem(state, player, card, c, subs)
        if why:
            out.append(f"{card.name}'s alternative cost needs “{c.text}”: {why} (CR 118.9, 601.2b)")
    return out


def _condition_problem(state: GameState, player: str, card: Any, c: CastCondition, subs: dict) -> str | None:
    if c.test == "condition":  # a typed condition of the board, the players or the turn (CR 118.9, 601.2b)
        ok, why = condition_holds(state, player, c.condition, None, f"{card.name}: “{c.text}”")
        return None if ok else why
    if c.test in ("your_turn", "not_your_turn"):
        mine = state.active == player
        if mine == (c.test == "your_turn"):
            return None
        return f"it is {state.active}'s turn"
    if c.test == "controls":
        assert c.filter is not None
        n = sum(1 for p in state.battlefield if _perm_matches(state, c.filter, p, player, subs))
        if n >= c.n:
            return None
        return f"there {'is' if n == 1 else 'are'} {n}"
    if c.test == "attacking":
        assert c.filter is not None
        if not any(hasattr(p, "attacking") for p in state.battlefield) and _turn(state) is None:
            raise Unsupported(f"{card.name}: “{c.text}” needs the combat state, not modelled here")
        n = sum(1 for p in state.battlefield if getattr(p, "attacking", False)
                and _perm_matches(state, c.filter, p, player, subs))
        if (n == c.n) if c.exact else (n >= c.n):
            return None
        return f"{n} attacking{_default_note(state)}"
    if c.test == "attacked":
        t = _turn(state)
        if t is None:
            raise Unsupported(f"{card.name}: “{c.text}” needs this turn's history, not modelled here")
        ids = set(t.history.attacked)
        if any(p.id in ids for p in state.permanents(player)):
            return None
        return f"{player} attacked with nothing this turn{_default_note(state)}"
    if c.test == "hand_has_none":

        assert c.filter is not None
        if not zone_listed(state, "hand", player):
            raise Unsupported(f"{card.name}: “{c.text}” reads {player}'s hand, which the scenario does not list")
        hits = [ci.name for ci in state.cards("hand", player) if card_matches(c.filter, ci.card)
                and ci.card.name != card.name]
        return None if not hits else f"{player}'s hand holds {', '.join(hits)}"
    raise Unsupported(f"{card.name}: the condition “{c.text}” is not modelled")


# ---------------------------------------------------------------------------
# Chosen objects and the mana payment
# ---------------------------------------------------------------------------


def assist_help(state: GameState, player: str, card: Any, tc: Any, zone: str,
                find: Callable[..., Any]) -> dict[str, int | None]:
    """For a spell with assist (CR 702.132a) whose caster cannot pay its total cost alone: for each other player, the
    least amount of the generic mana of the total cost that player could pay with their own mana abilities so that the
    caster can pay the rest (``None``: no amount works). Whether that player pays is that player's choice, so the
    caster cannot count on it; the ``cast`` answer keeps ``castable`` for the caster alone and reports this beside it.

    Every amount from 1 to the generic mana of each announcement of the total cost is tried (exhaustive): the helper
    pays ``{k}`` (their mana is spent on this spell: spending restrictions read it, CR 106.6), the caster the total
    cost less ``{k}`` generic. A total cost with chosen objects (none of the assist cards has one) is not tried.
    """
    out: dict[str, int | None] = {}
    if tc.objects or tc.mana is None:
        return out
    for other in state.players:
        if other == player:
            continue
        best: int | None = None
        for v in tc.each_announcement():
            if v.mana is None or not v.mana.generic:
                continue
            g = v.mana.generic
            rest = [sym for sym in v.mana.symbols if not sym.generic_amount]
            for k in range(1, g + 1):
                if best is not None and k >= best:
                    break
                budget.tick(1, "trying what another player pays with assist")
                left = g - k
                mine = dataclasses.replace(v, mana=ManaCost(tuple(rest) + (ManaCost.parse("{%d}" % left).symbols
                                                                           if left else ())),
                                           steps=list(v.steps), objects=(), announcements=())
                if find(state, player, mine, spell_card=card, spell_zone=zone) is None:
                    continue
                theirs = dataclasses.replace(v, mana=ManaCost.parse("{%d}" % k), life=0, parts=(), base="assist",
                                             steps=[], objects=(), announcements=(), before_minimums=None)
                if find(state, other, theirs, spell_card=card, spell_zone=zone) is not None:
                    best = k
                    break
        out[other] = best
    return out


# ---------------------------------------------------------------------------
# cast without ``using``: any legal way (CR 118.9, 601.2b)
# ---------------------------------------------------------------------------

def cast_any_way(ctx: Any, once: Callable[..., Any]) -> Any:
    """The ``cast`` answer: for the question's ``using`` when it gives one; else the mana cost, then (only when
    that is not castable) each of ``default_ways`` in turn, the first castable one answering (its ``using``
    says which). When none is castable: the mana cost's answer with every alternative's reason added; an
    ``Unsupported`` of the mana cost or of an alternative is raised only when no way is castable.

    ``once(ctx, using)`` answers for one way (``solver.questions.payment._cast_once``).
    """
    if ctx.arg("using", None) is not None:
        return once(ctx)
    first_error: Unsupported | None = None
    try:
        base = once(ctx)
    except Unsupported as e:
        base, first_error = None, e
    if base is not None and base.values.get("castable"):
        return base
    try:
        card = ctx.card(ctx.arg("card"))
        card = spell_face(card, requested_face(ctx, card))
    except Exception:  # the mana-cost answer above already reported a bad card or face
        if first_error is not None:
            raise first_error
        return base
    zone = str(ctx.arg("from", "hand"))
    tried: list[str] = []
    ways = default_ways(card, zone)
    try:
        player = ctx.player(ctx.arg("player", None))
    except Exception:
        player = None
    if player is not None and free_cast_permissions(ctx.state, player, card, zone):
        ways.append("free")  # a permanent lets it be cast without paying its mana cost (CR 118.9)
    for way in ways:
        try:
            ans = once(ctx, way)
        except Unsupported as e:
            first_error = first_error or e
            tried.append(f"{way}: unsupported ({e})")
            continue
        except Exception as e:  # a way the question's other arguments rule out (x with a free cast...)
            if isinstance(e, QuestionError):
                tried.append(f"{way}: {e}")
                continue
            raise
        if ans.values.get("castable"):
            lead = ("the mana cost is not modelled here" if base is None
                    else f"with its mana cost it is not castable ({base.values.get('reason')})")
            how = ("prototyped, with its prototype's mana cost (CR 718.3" if way == "prototype"
                   else "without paying its mana cost, as a permanent in play allows (CR 118.9" if way == "free"
                   else f"with its {way} cost (CR 118.9")
            ans.explanation.insert(0, f"no 'using' was given: {lead}; it is castable {how}, 601.2b; "
                              f"ask with using: {way} for that way only)")
            return ans
        if base is None or ans.values.get("reason") != base.values.get("reason"):
            tried.append(f"{way}: {ans.values.get('reason')}")  # the same reason (a target, a zone) once
    if first_error is not None:
        raise first_error
    assert base is not None
    if tried:
        base.values["reason"] = (str(base.values.get("reason")) + "; nor with its alternative cost"
                                 + ("s" if len(tried) > 1 else "") + ": " + "; ".join(tried))
        base.explanation.append("its alternative costs were tried too (CR 118.9, 601.2b): " + "; ".join(tried))
    return base


def zone_listed(state: GameState, zone: str, player: str) -> bool:
    """Whether the scenario says what ``player``'s ``zone`` holds (listed, even empty, or non-empty)."""
    return (zone, player) in getattr(state, "listed_zones", set()) or bool(state.cards(zone, player))
