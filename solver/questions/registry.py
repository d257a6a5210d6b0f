"""The question registry: each question kind is answered by one plain function.

A handler takes a ``Context`` (scenario, game state, card database, the question's
arguments and run options) and returns an ``Answer`` whose ``values`` are plain data
(the answer keys of docs/scenarios.md) and whose ``explanation`` says why.

Topic modules register handlers with ``@question("kind", unordered=(...))``;
``unordered`` names answer keys whose lists compare as sets against ``expect``, and
``normalize`` maps a key to a function that puts expected and actual values in one
canonical form before comparing (e.g. mana pools in canonical notation).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.data.scenario import Scenario
from mtgcheck.models.game.state import GameState, Permanent, StateError

from mtgcheck.solver.rules.errors import QuestionError as QuestionError  # (defined there, re-exported: the same classes)
from mtgcheck.solver.rules.errors import Unsupported as Unsupported
from mtgcheck.solver.rules import budget
from mtgcheck.models.vocab.keywords import keyword_kind
from mtgcheck.solver.rules.support import IMPLEMENTS
from mtgcheck.solver.rules.layers import card_abilities, entering_abilities
from mtgcheck.solver.rules.board import board_view, permanent_abilities
from mtgcheck.solver.rules.gate import require_modelled


@dataclass
class Answer:
    """An answer: ``values`` (answer key → plain data), ``explanation`` (lines of why),
    ``extra`` (data not compared against ``expect``, e.g. a graph), ``capped`` (a listing was cut by ``--limit``)."""

    kind: str
    values: dict[str, Any]
    explanation: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    capped: bool = False


@dataclass
class Context:
    """Everything a handler may read. ``options`` holds run options: ``limit`` (int), ``graph`` (path or None)."""

    scenario: Scenario
    state: GameState
    db: Any
    args: Any
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def limit(self) -> int:
        return int(self.options.get("limit") or 50)

    # ---- argument helpers --------------------------------------------------
    def arg(self, key: str, default: Any = ..., types: tuple = ()) -> Any:
        """Read a key of a mapping argument; raises ``QuestionError`` if it is missing or of the wrong type."""
        if not isinstance(self.args, Mapping):
            if default is ...:
                raise QuestionError(f"{self.scenario.question.kind} takes a mapping with {key!r}, got {self.args!r}")
            return default
        if key not in self.args:
            if default is ...:
                raise QuestionError(f"{self.scenario.question.kind} needs {key!r}")
            return default
        v = self.args[key]
        if types and isinstance(v, bool) and bool not in types:  # (true is an int to Python, not to a scenario)
            raise QuestionError(f"{key!r} of {self.scenario.question.kind} must be {' or '.join(t.__name__ for t in types)}, got {v!r}")
        if types and not isinstance(v, types):
            raise QuestionError(f"{key!r} of {self.scenario.question.kind} must be {' or '.join(t.__name__ for t in types)}, got {v!r}")
        return v

    def player(self, name: Any = None) -> str:
        """A player name from the arguments (default: the active player); raises ``QuestionError`` if unknown."""
        p = self.state.active if name is None else str(name)
        if p not in self.state.players:
            raise QuestionError(f"unknown player {p!r}; players are {', '.join(self.state.players)}")
        return p

    def permanent(self, ref: Any) -> Permanent:
        """Resolve a permanent reference (see ``GameState.find_permanent``); raises ``QuestionError`` with candidates."""
        try:
            return self.state.find_permanent(ref)
        except StateError as e:
            raise QuestionError(str(e), e.candidates) from None

    def card(self, name: Any):
        """Look a card up in the database; raises ``QuestionError`` with suggestions if unknown."""
        if not isinstance(name, str):
            raise QuestionError(f"a card name must be text, got {name!r}")
        try:
            return self.db.get(name)
        except KeyError as e:
            sugg = list(getattr(e, "suggestions", []) or [])
            shown = name if len(name) <= 100 else name[:100] + f"… ({len(name)} characters)"
            raise QuestionError(f"unknown card {shown!r}" + (f"; did you mean: {', '.join(sugg)}?" if sugg else ""), sugg) from None


Handler = Callable[[Context], Answer]


def take(items: "Iterable[Any]", limit: int | None) -> tuple[list[Any], bool]:
    """The first ``limit`` items of a (lazy) iterable and whether more were left: ``(items, capped)``.

    Listings in answers are capped by ``--limit``; ``capped`` is reported so an answer never
    pretends a cut list is complete. ``limit=None`` takes everything.
    """

    out: list[Any] = []
    for it in items:
        if limit is not None and len(out) >= limit:
            return out, True
        budget.tick(1, "listing the answer's items (--limit)")
        out.append(it)
    return out, False


@dataclass
class Registered:
    """A question kind: its handler (gated), answer comparison rules and the topics its answer depends on."""

    kind: str
    handler: Handler
    unordered: tuple[str, ...] = ()
    normalize: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    bare_key: str | None = None
    topics: frozenset[Topic] = frozenset()
    subject_topics: frozenset[Topic] = frozenset()
    topics_of: "Callable[[Context], Iterable[Topic]] | None" = None  # when they depend on the arguments


HANDLERS: dict[str, Registered] = {}

#: Modules that register handlers (all must import).
HANDLER_MODULES = (
    "mtgcheck.solver.questions.basic", "mtgcheck.solver.questions.produce", "mtgcheck.solver.questions.payment", "mtgcheck.solver.questions.delve", "mtgcheck.solver.questions.resolution", "mtgcheck.solver.decks.question",
)
_loaded = False


def subjects_of(ctx: Context) -> list[tuple[str, tuple[Any, ...]]]:
    """The objects a question is about, with all their abilities: the card named by ``card`` (being cast,
    asked about), the permanent named by ``permanent`` (being activated), and for ``after`` (``trigger_order``
    after a process) the spell and the cards it puts onto the battlefield."""

    out: list[tuple[str, tuple[Any, ...]]] = []
    args = ctx.args if isinstance(ctx.args, Mapping) else {}
    after = args.get("after")
    if isinstance(after, Mapping):  # trigger_order after a process: the spell and every card it puts (CR 603.6a)
        put = after.get("put")
        names = [after.get("spell")] + [n for cards in (put.values() if isinstance(put, Mapping) else ())
                                        if isinstance(cards, list) for n in cards]
        seen: set[str] = set()
        for n in names:
            if not isinstance(n, str):
                continue
            try:
                card = ctx.db.get(n)
            except KeyError:
                continue  # the handler reports the unknown card with suggestions
            if card.name not in seen:
                seen.add(card.name)
                # a card put: the abilities it enters with (a double-faced card's front face, CR 712.14)
                out.append((card.name, card_abilities(card) if n == after.get("spell") else entering_abilities(card)))
    for key in ("card", "spell"):
        if not isinstance(args.get(key), str):
            continue
        try:
            card = ctx.db.get(args[key])
        except KeyError:
            card = None  # the handler reports the unknown card with suggestions
        if card is not None:
            out.append((card.name, card_abilities(card)))
    if args.get("permanent") is not None:
        try:
            perm = ctx.state.find_permanent(args["permanent"])
        except StateError:
            perm = None
        if perm is not None:
            out.append((perm.name, _asked_abilities(permanent_abilities(ctx.state, perm), args.get("ability", 1))))
    return out


def _asked_abilities(abilities: tuple[Any, ...], n: Any) -> tuple[Any, ...]:
    """A permanent's abilities as the subject of ``activate: {ability: N}``: its other activated abilities do nothing
    until they are activated (CR 602.2), so only the asked one of them is the subject's (the others, and keywords
    that stand for activated abilities — craft, equip, crew — are looked at as any permanent's are, ``solver.rules.gate``:
    as mana abilities). All of them when ``N`` names none."""
    if isinstance(n, str):  # an activated keyword asked by name ("equip"): the others do nothing until activated

        kind = keyword_kind(n)
        return tuple(a for a in abilities if (a.kind != "activated" and not a.is_activated_keyword)
                     or (isinstance(a.effect, Keyword) and a.effect.family is kind))
    acts = [a for a in abilities if a.kind == "activated"]
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(acts):
        return abilities
    asked = acts[n - 1]
    return tuple(a for a in abilities if (a.kind != "activated" and not a.is_activated_keyword) or a is asked)


#: The topic of an ``Unsupported`` raised without one, by the solver module that raised it (what that module
#: answers: mana production, costs, targets, ...). ``budget`` (an enumeration too large) has none: it is no text.
MODULE_TOPICS: dict[str, tuple[Topic, ...]] = {
    "produce": (Topic.MANA_PRODUCTION,), "sources": (Topic.MANA_PRODUCTION,), "mana_triggers": (Topic.MANA_PRODUCTION,),
    "costs": (Topic.COSTS,), "payment": (Topic.COSTS,), "delve": (Topic.COSTS,), "targets": (Topic.CASTING,),
    "layers": (Topic.CHARACTERISTICS,), "resolution": (Topic.RESOLUTION,), "basic": (Topic.ACTIVATION,),
    "decks": (Topic.DECK_CONSTRUCTION,), "decks_question": (Topic.DECK_CONSTRUCTION,), "gate": (), "budget": (),
}


def default_topics(e: Unsupported) -> frozenset[Topic]:
    """The topics of ``e`` when it was raised without any: those of the innermost solver module that raised it
    (``MODULE_TOPICS``), so that every unsupported reason names what it is about."""
    tb = e.__traceback__
    module = ""
    while tb is not None:
        name = str(tb.tb_frame.f_globals.get("__name__", ""))
        if name.startswith("mtgcheck.solver."):
            module = name[len("mtgcheck.solver."):].split(".")[0]
        tb = tb.tb_next
    return frozenset(MODULE_TOPICS.get(module, ()))


def question(kind: str, unordered: tuple[str, ...] = (), normalize: Mapping[str, Callable[[Any], Any]] | None = None,
             bare_key: str | None = None, topics: "Iterable[Topic] | Callable[[Context], Iterable[Topic]]" = (),
             subject_topics: Iterable[Topic] | None = None, being_cast: bool = False,
             quiet_events: "Iterable[str] | Callable[[Context], Iterable[str]]" = ()) -> Callable[[Handler], Handler]:
    """Register ``fn`` as the handler of ``kind``.

    ``bare_key``: when ``expect`` is not a mapping, it is compared with this answer key
    (``could_produce`` takes a bare list of types). ``topics``: what the answer depends on; before ``fn``
    runs, ``solver.rules.gate.require_modelled`` raises ``Unsupported`` naming any unmodelled sentence in play with
    such a topic (a function of the ``Context`` when they depend on the arguments). ``subject_topics`` (default:
    ``topics``): the topics looked at on the card being cast or the permanent being activated (``subjects_of``).
    ``being_cast``: the ``card`` is being cast, so only its abilities that function while it is cast count
    (CR 113.6; ``solver.rules.gate.unmodelled_findings``). ``quiet_events``: kinds of trigger event that do not happen
    in what the question asks about (``models.vocab.TRIGGER_EVENTS``; ``solver.rules.gate.unmodelled_findings``), or a
    function of the ``Context`` giving them.
    """
    dynamic = topics if callable(topics) else None
    tops = frozenset() if callable(topics) else frozenset(topics)
    subj_fixed = None if subject_topics is None else frozenset(subject_topics)

    def deco(fn: Handler) -> Handler:
        def gated(ctx: Context) -> Answer:
            now = frozenset(dynamic(ctx)) if dynamic is not None else tops
            subj = now if subj_fixed is None else subj_fixed
            if now or subj:


                args = ctx.args if isinstance(ctx.args, Mapping) else {}
                require_modelled(ctx.state, now, subjects_of(ctx), subject_topics=subj, question=f"the {kind} answer",
                                 being_cast=being_cast,
                                 quiet_events=quiet_events(ctx) if callable(quiet_events) else quiet_events,
                                 implemented=IMPLEMENTS.get(kind, frozenset()), kind=kind,
                                 cast_zone=str(args.get("from", "hand")) if being_cast else None,
                                 view=board_view(ctx.state))
            try:
                return fn(ctx)
            except Unsupported as e:
                if not getattr(e, "topics", None):
                    e.topics = default_topics(e)
                raise

        gated.__doc__ = fn.__doc__
        gated.__name__ = getattr(fn, "__name__", kind)
        gated.__wrapped__ = fn  # type: ignore[attr-defined]
        HANDLERS[kind] = Registered(kind, gated, tuple(unordered), dict(normalize or {}), bare_key, tops,
                                    tops if subj_fixed is None else subj_fixed, dynamic)
        return fn

    return deco


#: The handler module of each question kind, so that one question imports only its own module
#: (``load_handlers(kind)``); tests/test_cli.py checks it against the registry.
MODULE_OF = {
    "mana_value": "mtgcheck.solver.questions.basic", "activate": "mtgcheck.solver.questions.basic",
    "could_produce": "mtgcheck.solver.questions.produce", "available_mana": "mtgcheck.solver.questions.produce",
    "cast": "mtgcheck.solver.questions.payment", "payments": "mtgcheck.solver.questions.payment",
    "delve": "mtgcheck.solver.questions.delve", "scry": "mtgcheck.solver.questions.resolution",
    "put_onto_battlefield": "mtgcheck.solver.questions.resolution", "trigger_order": "mtgcheck.solver.questions.resolution",
    "entering_x": "mtgcheck.solver.questions.resolution", "validate_deck": "mtgcheck.solver.decks.question",
}


def load_handlers(kind: str | None = None) -> dict[str, Registered]:
    """Import the handler modules once (only ``kind``'s when it is given and known); returns the registry."""
    global _loaded
    if kind is not None and not _loaded and kind in MODULE_OF:
        if kind not in HANDLERS:
            importlib.import_module(MODULE_OF[kind])
        return HANDLERS
    if not _loaded:
        for mod in HANDLER_MODULES:
            importlib.import_module(mod)  # a missing handler module is a packaging error: fail loudly
        _loaded = True
    return HANDLERS
