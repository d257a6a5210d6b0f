"""What happens as a spell or ability resolves or a permanent enters: instruction steps (``Step``, CR 608.2),
draw, scry, putting onto the battlefield, entering tapped, with counters or with a choice (CR 614.1c, 614.12),
enters and cast triggers (CR 603.2, 603.6a) and modal abilities (CR 700.2)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Mapping

from .amounts import Amount, Fixed
from .effect import AMOUNT, Codec, Effect, fld, _trigger_does, Unmodelled
from .topics import Topic, TRIGGER_EVENTS, _unknown, VocabularyError


# --- resolution ------------------------------------------------------------------

#: The actions a spell step may take (``Step.action``).
STEP_ACTIONS = ("scry", "draw", "damage", "other")


@dataclass(frozen=True)
class Step:
    """One instruction of a spell, in the order written (CR 608.2c).

    Attributes
    ----------
    action : str
        ``"scry"`` (CR 701.22), ``"draw"`` (CR 121.1), ``"damage"`` (a targeted damage step) or ``"other"``
        (a targeted step that neither draws nor touches a library: "destroy target creature").
    n : int
        How many (cards scried or drawn, damage dealt); 0 for ``other``.
    target : str or None
        What the step targets (``"any"`` for "any target", ``"creature"``, ...); ``None``: untargeted (CR 115.1).
    text : str
        The wording of an ``other`` step (explanations only).
    """

    action: str
    n: int = 0
    target: str | None = None
    text: str = ""

    def __post_init__(self) -> None:
        if self.action not in STEP_ACTIONS:
            raise _unknown("step action", self.action, STEP_ACTIONS, "step")
        if isinstance(self.n, bool) or not isinstance(self.n, int) or self.n < 0:
            raise VocabularyError(f"step {self.action}: n must be a whole number >= 0, got {self.n!r}")

    def describe(self) -> str:
        """A short wording: ``"scry 2"``, ``"draw 1"``, ``"deal 2 damage to any target"``."""
        if self.action == "other":
            return self.text or "other"
        if self.action == "damage":
            return f"deal {self.n} damage to {'any target' if self.target == 'any' else 'target ' + str(self.target)}"
        return f"{self.action} {self.n}"


def _step_in(v: Any, where: str) -> Step:
    if isinstance(v, Step):
        return v
    if not isinstance(v, Mapping):
        raise VocabularyError(f"{where}: a step must be a mapping with 'action', got {v!r}")
    extra = set(v) - {"action", "n", "target", "text"}
    if extra:
        raise _unknown("step key", sorted(extra)[0], ["action", "n", "target", "text"], where)
    try:
        return Step(str(v.get("action", "")), v.get("n", 0), None if v.get("target") is None else str(v["target"]),
                    str(v.get("text", "")))
    except VocabularyError as e:
        raise VocabularyError(f"{where}: {e}") from None


def _steps_in(v: Any, where: str) -> tuple[Step, ...]:
    return tuple(_step_in(x, f"{where}[{i}]") for i, x in enumerate(v or ()))


STEPS: Codec = _steps_in


@dataclass(frozen=True, eq=False)
class Instructions(Effect):
    """A spell's instructions in the order written (CR 608.2c): ``steps``, a tuple of ``Step``
    (parsed by models/text/resolution.py)."""

    kind: ClassVar[str] = "instructions"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})
    steps: tuple[Step, ...] = fld((), STEPS)


@dataclass(frozen=True, eq=False)
class Draw(Effect):
    """Draw ``n`` cards (CR 121)."""

    kind: ClassVar[str] = "draw"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION, Topic.ZONES})
    n: int = fld(1)


@dataclass(frozen=True, eq=False)
class Scry(Effect):
    """Scry ``n`` (CR 701.22) as a spell instruction."""

    kind: ClassVar[str] = "scry"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})
    n: int = fld(1)


@dataclass(frozen=True, eq=False)
class PutOntoBattlefieldProcess(Effect):
    """Hypergenesis-like: starting with ``starting``, each player may put a ``kinds`` card from hand onto the
    battlefield, ``repeat`` until all pass."""

    kind: ClassVar[str] = "put_onto_battlefield_process"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION, Topic.ZONES})
    kinds: tuple[Any, ...] = fld(())
    repeat: bool = fld(False)
    card_kind: str = fld("")
    starting: str = fld("active")

    def __post_init__(self) -> None:
        known = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
        for k in self.kinds:
            if k not in known:
                raise _unknown("card type", str(k), known, "put_onto_battlefield_process.kinds")
        if self.starting not in ("active", "you"):
            raise _unknown("starting player", self.starting, ("active", "you"), "put_onto_battlefield_process")


@dataclass(frozen=True, eq=False)
class EntersWithCounters(Effect):
    """"This enters with [amount] [counter] counters on it" (CR 614.1c)."""

    kind: ClassVar[str] = "enters_with_counters"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})
    counter: str = fld("+1/+1")
    amount: Amount = fld(Fixed(1), AMOUNT)
    refers_to_x: bool = fld(False)
    tapped: bool = fld(False)


@dataclass(frozen=True, eq=False)
class EntersTapped(Effect):
    """"This enters tapped" (CR 614.1c, 110.5b)."""

    kind: ClassVar[str] = "enters_tapped"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})


@dataclass(frozen=True, eq=False)
class EntersChoice(Effect):
    """"As this enters, choose a [color / creature type / card name / player / opponent]" (CR 614.12, 614.1c);
    the choice is the permanent's ``choices`` entry of the scenario."""

    kind: ClassVar[str] = "enters_choice"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})
    choice: str = fld("color")

    def __post_init__(self) -> None:
        if self.choice not in ENTERS_CHOICES:
            raise _unknown("choice", self.choice, ENTERS_CHOICES, "enters_choice")


ENTERS_CHOICES = ("color", "creature_type", "card_name", "player", "opponent", "basic_land_type", "card_type")


#: Events of ``EntersTrigger``: this object entering (CR 603.6a) or other objects entering (their number
#: of triggers depends on the order of entry).
ENTERS_EVENTS = ("enters", "other_enters")


#: The intervening "if" of an enters trigger (CR 603.4), typed: ``was_cast`` a condition that holds only for a
#: permanent that was cast ("if you cast it", "if it was kicked", "if {R}{R} was spent to cast it": CR 601.2,
#: 702.33d, 601.2h); ``not_cast`` one that holds for every permanent that was not cast ("if you didn't cast it from
#: your hand", Phage the Untouchable); ``other`` any other condition, not modelled (its wording stays in ``does``).
#: ``event``: the trigger event itself is qualified beyond entering ("enters from a graveyard", "enters untapped",
#: "enters during the declare attackers step", CR 603.2, 603.6a), not modelled.
ENTERS_CONDITIONS = ("was_cast", "not_cast", "other", "event")


@dataclass(frozen=True, eq=False)
class EntersTrigger(Effect):
    """"When this enters, [does]" (CR 603.6a; ``event="enters"``) or "Whenever a/another [...] enters, [does]"
    (``event="other_enters"``); ``does`` is the effect, not modelled (an ``Unmodelled``); ``refers_to_x``: the
    effect uses X (CR 107.3m)."""

    kind: ClassVar[str] = "enters_trigger"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.TRIGGERS})
    event: str = fld("enters")
    refers_to_x: bool = fld(False)
    does: Unmodelled | None = fld(None, lambda v, w: v if isinstance(v, Unmodelled) else _trigger_does(str(v)))
    #: its intervening "if" (CR 603.4), one of ``ENTERS_CONDITIONS``; None: it has none
    condition: str | None = fld(None)
    #: the other event of "When this enters or [event], ..." (Jerren's "or another nontoken Human you control dies",
    #: "enters or attacks"; CR 603.2): one of ``TRIGGER_EVENTS``, or ``"any"`` when not typed; None: entering alone
    also: str | None = fld(None)

    def __post_init__(self) -> None:
        if self.event not in ENTERS_EVENTS:
            raise _unknown("enters_trigger event", self.event, ENTERS_EVENTS, "enters_trigger")
        if self.condition is not None and self.condition not in ENTERS_CONDITIONS:
            raise _unknown("enters_trigger condition", self.condition, ENTERS_CONDITIONS, "enters_trigger")
        if self.also is not None and self.also not in TRIGGER_EVENTS + ("any",):
            raise _unknown("enters_trigger also", self.also, TRIGGER_EVENTS + ("any",), "enters_trigger")


@dataclass(frozen=True, eq=False)
class CastTrigger(Effect):
    """"When you cast this spell, ..." (CR 603.2, 601.2i); ``does`` not modelled."""

    kind: ClassVar[str] = "cast_trigger"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.TRIGGERS})
    event: str = fld("cast")
    does: Unmodelled | None = fld(None, lambda v, w: v if isinstance(v, Unmodelled) else _trigger_does(str(v)))


# --- modes of an activated ability ----------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Modal(Effect):
    """A modal activated ability's effect (CR 700.2): "Choose one —" (or two, "one or more", "one that hasn't been
    chosen [this turn]") and its bulleted modes, which belong to that ability (CR 700.2: a bulleted list preceded by
    an instruction to choose is one ability, not several). The modes are chosen as the ability is activated, before
    its targets (CR 700.2a, 602.2b -> 601.2b-c); a mode whose targets can't be chosen can't be chosen.

    Attributes
    ----------
    choose : int
        How many modes at least ("one", "two", "one or more": 1); 0 for "any number" (read by nobody: the target
        reader leaves it unread).
    most : int or None
        How many at most (``None``: as many as there are modes).
    unchosen : str
        ``"ever"``: "choose one that hasn't been chosen" (a mode chosen by an earlier activation of this object can't
        be chosen again, CR 700.2a, 400.7); ``"turn"``: "... that hasn't been chosen this turn"; ``""``: no such words.
    modes : tuple of Ability
        One per bullet, in printed order: ``kind`` the parent's, ``effect`` what the mode does (``Unmodelled`` with
        the topics of an activated ability's effect wording), ``text`` the bullet line.
    parts : tuple of Unmodelled
        Sentences of the choosing instruction not read ("Choose one. X is the number of spells you've cast this
        turn.").

    Parsed only (models/text/oracle.py); ``nested`` yields every mode's effect and the parts (the gate's walk).
    """

    kind: ClassVar[str] = "modal"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.RESOLUTION})
    choose: int = fld(1)
    most: int | None = fld(None)
    unchosen: str = fld("")
    modes: tuple[Any, ...] = fld(())
    parts: tuple[Unmodelled, ...] = fld(())

    def __post_init__(self) -> None:
        if self.unchosen not in ("", "ever", "turn"):
            raise VocabularyError(f"modal.unchosen: {self.unchosen!r} is not one of '', 'ever', 'turn'")
        if self.choose < 0 or (self.most is not None and self.most < self.choose):
            raise VocabularyError(f"modal: choose {self.choose} .. {self.most} is not a range of mode counts")

    def nested(self) -> Iterable["Effect"]:
        """Each mode's effect, then the untyped parts of the choosing instruction."""
        for m in self.modes:
            yield m.effect
        yield from self.parts
