"""The one gate against unmodelled card text: no answer while a relevant ``Unmodelled`` sentence could apply.

Every question kind declares the topics its answer depends on (``@question(..., topics=...)`` in
``solver.questions.registry``). Before the handler runs, ``require_modelled`` looks at every ability that could apply
now and raises ``Unsupported`` naming the card and the sentence when an ``Unmodelled`` part of it has one of
those topics:

* abilities of permanents on the battlefield, as they are now (the board the caller passes, ``view``:
  ``solver.rules.board.board_view``, granted abilities included, abilities lost to a type-setting effect left out;
  CR 613);
* abilities of resolved spells and abilities still in force (``state.effects``);
* the card being cast or the permanent being activated (the question's *subjects*), with all of its abilities
  (a card being cast: only those that function while it is cast, CR 113.6; ``Unmodelled.while_cast``);
* cards in hands, graveyards, exile and the command zone whose abilities function there (CR 113.6b-n: an
  ability's ``zones``).

An activated ability of another object changes nothing until it is activated (CR 602.2) except as a mana
ability, and a spell's text does nothing from a hand (113.6a, 113.6e-f): for those only the mana-production
topic is looked at. The topics themselves come from ``models.text.topics.classify`` (over-approximated) or the
catalog. This gate replaces the per-question regex safety nets the solver had.

A sentence the parser typed by what it changes (``models.text.relevance``: a +2/+2, a combat keyword, a creature
type added, ...) has narrow topics and ``Unmodelled.reads``: for a question that reads characteristics to make or
spend mana, activate or cast, it also counts when something in play reads what it changes (``read_in_state``:
the words of every other ability in play or in any zone name power, the keyword, the subtype, snow, devotion),
a per-state decision that errs toward ``unsupported``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.game.cards import Card
from mtgcheck.models.vocab.keyword_effects import KEYWORDS_ON_BATTLEFIELD, Keyword
from mtgcheck.models.vocab.effect import Effect, Unmodelled, walk_unmodelled
from mtgcheck.models.vocab.topics import Scope, Topic
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.models.vocab.keywords import KEYWORD_RULES, KeywordKind

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.models.vocab.behaviour import ability_words as _ability_words
from mtgcheck.models.vocab.behaviour import functions_in, in_force_topics, token_read_by, works_on_the_stack

from mtgcheck.solver.rules.support import mechanic_key, mechanic_name, mechanic_topics, read_from_zone
from mtgcheck.solver.rules.layers import PermView
from mtgcheck.solver.rules.layers import effect_abilities
from mtgcheck.solver.rules.layers import card_abilities

#: Zones whose cards' abilities may function there (CR 113.6): only abilities that say so.
OTHER_ZONES = ("hand", "graveyard", "exile", "command", "library")


@dataclass(frozen=True)
class Finding:
    """One unmodelled sentence that could change an answer: the card, where it is, the sentence, its topics."""

    card: str
    where: str
    text: str
    topics: frozenset[Topic]
    #: the mechanic key of a typed part the question does not implement (``solver.rules.support``); ``None`` for text
    #: that is not modelled at all
    mechanic: str | None = None
    #: the rule of that mechanic ("CR 702.119")
    rule: str = ""

    def describe(self) -> str:
        return f"{self.card} ({self.where}): “{self.text}”"


def _board_abilities(state: GameState, view: dict[str, PermView]) -> list[tuple[Permanent, tuple[Ability, ...]]]:
    """Each permanent's abilities as the layers make them (``view``: ``solver.rules.board.board_view``, CR 613)."""
    return [(p, view[p.id].abilities) for p in state.battlefield if p.id in view]


def _effect_abilities(state: GameState) -> list[tuple[str, Ability]]:

    return [(e.card.name, a) for e in state.effects for a in effect_abilities(state, e)]


@dataclass(frozen=True)
class TypedPart:
    """A typed part of an ability whose mechanic the question asked does not implement (``solver.rules.support``): the
    gate treats it as it treats an ``Unmodelled`` sentence, with the mechanic's own topics and scope."""

    text: str
    topics: frozenset[Topic]
    scope: Scope
    key: str
    rule: str
    #: it is the ability's whole effect (not a part nested in it)
    whole: bool
    while_cast: bool
    reads: frozenset[str] = frozenset()
    enters_replacement: bool = False
    trigger_event: str | None = None


#: Keyword families that function in every zone and while their card is cast (CR 113.6): enchant names what an Aura
#: spell targets (303.4a, 601.2c); changeling and devoid are characteristic-defining (702.73a, 702.114a, 604.3).
_EVERYWHERE = frozenset({KeywordKind.ENCHANT, KeywordKind.CHANGELING, KeywordKind.DEVOID})
#: Typed changes that matter beyond their topics only where something in play reads them (``Unmodelled.reads``):
#: a changeling's creature types are read by whatever names a creature type (702.73a)
_KEYWORD_READS = {KeywordKind.CHANGELING: frozenset({"subtype:*"})}


def _walk_typed(effect: Effect) -> Iterable[Effect]:
    yield effect
    if not isinstance(effect, Unmodelled):
        for part in effect.nested():
            yield from _walk_typed(part)


def _typed_parts(a: Ability) -> tuple[tuple[Effect, str, bool], ...]:
    """Every typed part of ``a`` with its mechanic key and whether it is the whole effect: the effect and what is
    nested in it, the ability's own restriction and cost change (cached on the ability)."""
    hit = a.__dict__.get("_typed_parts")
    if hit is not None:
        return hit
    out = [(e, mechanic_key(e), e is a.effect) for e in _walk_typed(a.effect)]
    for extra in (a.restriction, a.cost_change):
        if isinstance(extra, Effect):
            out.append((extra, mechanic_key(extra), False))
    got = tuple(out)
    object.__setattr__(a, "_typed_parts", got)
    return got


def _parts(a: Ability, implemented: "frozenset[str] | None" = None) -> Iterable["Unmodelled | TypedPart"]:
    """The parts of ``a`` the gate looks at: its ``Unmodelled`` text, and — when the question's implemented keys
    are given — each typed part whose mechanic the question does not implement."""
    if implemented is None:
        yield from walk_unmodelled(a.effect)
        return
    for e, key, whole in _typed_parts(a):
        if isinstance(e, Unmodelled):
            yield e
        elif key not in implemented:
            topics, scope, rule = mechanic_topics(e)
            fam = e.family if isinstance(e, Keyword) else None
            yield TypedPart(a.text or str(e), topics, scope, key, rule, whole,
                            while_cast=scope is Scope.CASTING_SELF or fam in _EVERYWHERE,
                            reads=_KEYWORD_READS.get(fam, frozenset()) if fam is not None else frozenset(),
                            trigger_event=KEYWORD_RULES[fam].trigger_event if fam is not None else None)


#: Scopes that never function while their own card is being cast (CR 113.6): a spell's instructions are followed
#: as it resolves (113.3a, 608.2c; its targets are checked by ``solver.rules.targets``, 601.2c), "can't be countered"
#: works on the stack but changes no cast (113.6g), entering text applies as the permanent enters (113.6h), and a
#: permanent's other statics only on the battlefield (113.6).
_NOT_WHILE_CAST = frozenset({Scope.INSTRUCTION, Scope.STACK_SELF, Scope.ENTERING_SELF, Scope.BATTLEFIELD,
                             Scope.STACK})
#: Scopes that function only while their own object is cast or on the stack (CR 113.6d-g): they change nothing
#: about a permanent on the battlefield, a card in another zone, or the casting of another card.
_ONLY_OWN_CASTING = frozenset({Scope.CASTING_SELF, Scope.STACK_SELF, Scope.STACK})


def functions_while_cast(a: Ability, u: Unmodelled) -> bool:
    """Whether an unmodelled part ``u`` of ability ``a`` of a card may function while that card is being cast
    (CR 113.6): not a triggered or activated ability (they do nothing until they trigger or are activated,
    603.2, 602.2; "when you cast this spell" triggers once it is cast, 601.2i), nor a part the parser typed as
    working elsewhere (``_NOT_WHILE_CAST``: instructions, the stack, entering, the battlefield)."""
    return a.kind not in ("triggered", "activated") and u.scope not in _NOT_WHILE_CAST


#: Questions whose answers the readers of ``read_in_state`` (amounts, conditions, qualifiers, costs, targets) feed:
#: a typed change counts for them where something reads it (a mana value, CR 202.3, reads none of these).
_READ_BY = frozenset({Topic.MANA_PRODUCTION, Topic.OTHER_MANA, Topic.ACTIVATION, Topic.CASTING, Topic.COSTS})


def _state_words(state: GameState, subjects: list[tuple[str, Iterable[Ability]]],
                 view: dict[str, PermView]) -> tuple[str, ...]:
    """The words of every ability in play or in any zone (``models.vocab.behaviour.ability_words``), once per state and
    layer view:
    over-approximated (every ability of every card in hands, graveyards, exile, the command zone and the library
    too, whatever its zone of function)."""
    key = (id(view), tuple(name for name, _ in subjects))
    cache: dict = state.__dict__.setdefault("_gate_words", {})
    hit = cache.get("words")
    if hit is not None and hit[0] == key and hit[1] is view:
        return hit[2]
    out: list[str] = []
    for _, abilities in _board_abilities(state, view):
        out.extend(_ability_words(a) for a in abilities)
    out.extend(_ability_words(a) for _, a in _effect_abilities(state))
    for zone in OTHER_ZONES:
        for cards in state.zones.get(zone, {}).values():
            for inst in cards:
                out.extend(_ability_words(a) for a in _abilities(inst.card))
    for _, subject_abilities in subjects:
        out.extend(_ability_words(a) for a in subject_abilities)
    words = tuple(w for w in out if w)
    cache["words"] = (key, view, words)
    return words


def read_in_state(state: GameState, token: str, subjects: Iterable[tuple[str, Iterable[Ability]]] = (), *,
                  view: dict[str, PermView]) -> bool:
    """Whether something in play reads what a typed change ``token`` changes (``Unmodelled.reads``; CR 613.4 power
    and toughness read by an amount, a condition or a qualifier; 613.1d subtypes named by a filter; 702 keywords
    named by a qualifier; 107.4h snow): any ability in play or in any zone whose words name it (over-approximated,
    erring toward ``unsupported``). ``view``: the board as the layers make it (``solver.rules.board.board_view``)."""
    if token == "sick":
        # a granted haste matters to {T} and {Q} abilities only of a permanent its controller has not controlled
        # continuously since their most recent turn began (CR 302.6, 702.10b)
        return any(p.sick for p in state.battlefield)
    return any(token_read_by(token, w) for w in _state_words(state, list(subjects), view))


def _relevant(a: Ability, topics: frozenset[Topic], subject: bool, being_cast: bool = False,
              reads: "Callable[[str], bool] | None" = None, quiet_events: frozenset[str] = frozenset(),
              implemented: "frozenset[str] | None" = None, on_stack: bool = False, cast_zone: str | None = None,
              in_force: bool = False) -> Iterable["Unmodelled | TypedPart"]:
    stripe = getattr(a, "stripe", None)
    if on_stack:
        # a spell on the stack (CR 113.6, 405.1): of its abilities only those that work there and change what others
        # may do count — split second (702.61a), or a sentence of the spell that is neither an instruction waiting for
        # it to resolve (608.2) nor about its own casting, entering or being countered ("If this spell was kicked, it
        # has split second", read as a static sentence); triggered and activated abilities do nothing there
        if a.kind in ("triggered", "activated"):
            return
        for u in _parts(a, implemented):
            if u.scope is Scope.STACK and u.topics & topics:
                yield u
            elif isinstance(u, Unmodelled) and a.kind in ("spell", "static") and works_on_the_stack(u) and (
                    in_force_topics(u) & topics):
                yield u
        return
    if being_cast and (a.is_activated_keyword or (cast_zone is not None and a.zones and cast_zone not in a.zones)):
        # an activated keyword does nothing until activated (CR 602.2); an ability that functions only in other zones
        # (flashback from a graveyard, evoke from a hand: 113.6, 113.6k-m) does nothing while the card is cast from
        # this one
        return
    if a.kind == "triggered" and isinstance(a.effect, Unmodelled) and a.effect.trigger_event in quiet_events:
        # its trigger event is typed as one that does not happen in what the question asks about (a step
        # beginning, a spell cast, combat: ``Unmodelled.trigger_event``; CR 603.2): it cannot trigger there
        return
    if being_cast and stripe is not None and stripe.least >= 1:
        # a level or station striation holds only while the permanent has that many counters (CR 711.2a, 721.2a);
        # a card being cast has none (a spell on the stack is a new object, CR 122.2, 400.7): none of it applies
        return
    for u in _parts(a, implemented):
        if isinstance(u, TypedPart) and u.trigger_event is not None and u.trigger_event in quiet_events:
            continue  # a keyword trigger whose event does not happen in what the question asks about (CR 603.2)
        if in_force and isinstance(u, Unmodelled):
            # an effect of a resolved spell or ability still in force (CR 611.2a): its instruction now works as a
            # continuous effect, read as a static sentence ("Your opponents can't cast spells this turn")
            t = in_force_topics(u)
        elif (u.scope in _NOT_WHILE_CAST) if being_cast else (u.scope in _ONLY_OWN_CASTING):
            continue  # typed by the parser (models.text.scope; CR 113.3, 113.6)
        else:
            t = u.topics
        if being_cast and (a.kind in ("triggered", "activated") or (
                isinstance(a.effect, Keyword) and a.effect.keyword in KEYWORDS_ON_BATTLEFIELD)):
            # CR 113.6, 113.6k: a triggered or activated ability of a card being cast does nothing while it is
            # cast ("when you cast this spell" triggers once it is cast, 601.2i); nor do keywords that work on
            # the battlefield (protection, ward, equip, ...)
            continue
        if being_cast and not u.while_cast:
            # CR 113.6: the abilities of a card being cast function on the battlefield (a permanent card) or as
            # the spell resolves, except those of 113.6a-f (``Unmodelled.while_cast``); a spell's target wording
            # the target rules cannot read still counts (601.2c)
            t = t & {Topic.CASTING} if a.kind == "spell" else frozenset()
        if subject and a.kind == "activated":
            t = t - {Topic.RESOLUTION}  # what it does happens only once it is activated and resolves (CR 602.2, 608)
        if a.kind == "triggered" and not (u is a.effect or getattr(u, "whole", False)) and not isinstance(
                a.effect, Unmodelled):
            # a triggered ability whose trigger event the parser typed (``EntersTrigger``, ``CastTrigger``, ...: read
            # by the questions about triggering): its unmodelled parts are what it does, which happens only as it
            # resolves (CR 603.3, 608.2), never whether or when it triggers
            t = t - {Topic.TRIGGERS}
            if quiet_events:
                # a question about a process during which triggered abilities only wait (``quiet_events``: the
                # Hypergenesis ruling 2006-10-15, CR 603.3): what a typed one does changes nothing there
                t = t - {Topic.ZONES}
        if quiet_events and Topic.ZONES in t and not u.enters_replacement:
            # a process putting permanents onto the battlefield (``quiet_events``, ``trigger_order``): of what moves
            # objects between zones, only a replacement of whether or as what a permanent enters changes which
            # abilities trigger (Containment Priest, Clone; CR 614.6, 707.5); "enters tapped" does not
            t = t - {Topic.ZONES}
        if not subject and (a.kind in ("activated", "spell") or a.is_activated_keyword) and not a.is_mana_ability:
            # (a mana ability is used by the payment and mana questions: all of its sentences count; a keyword that
            # is an activated ability — craft, equip, crew, CR 702.167a, 702.6a, 702.122a — adds no mana, 605.1a)
            t = t & {Topic.MANA_PRODUCTION} if a.kind != "spell" else frozenset()
        if t & topics:
            yield u
        elif u.reads and t and reads is not None and any(reads(x) for x in sorted(u.reads)):
            # a typed change (models.text.relevance) the question does not read by itself, but something in play
            # reads it: a power qualifier, a filter naming the added subtype, a keyword named by a qualifier
            yield u


def unmodelled_findings(state: GameState, topics: Iterable[Topic], subjects: Iterable[tuple[str, Iterable[Ability]]] = (),
                        players: Iterable[str] | None = None, subject_topics: Iterable[Topic] | None = None,
                        being_cast: bool = False, quiet_events: Iterable[str] = (),
                        implemented: "frozenset[str] | None" = None, cast_zone: str | None = None, *,
                        view: dict[str, PermView]) -> list[Finding]:
    """Every unmodelled sentence, and every typed part the question does not implement, with one of ``topics``
    that could apply now (see the module docstring).

    Parameters
    ----------
    state : GameState
    topics : iterable of Topic
        What the answer depends on.
    subjects : iterable of (card name, abilities)
        The objects the question is about (the card being cast, the permanent activated): all their abilities.
    players : iterable of str, optional
        Whose other-zone cards to look at (default: every player's).
    subject_topics : iterable of Topic, optional
        The topics looked at on the subjects (default: ``topics``).
    being_cast : bool
        The subjects are cards being cast (``cast``, ``payments``): of their abilities only those that function
        while the card is cast count (CR 113.6, 113.6a-f; ``Unmodelled.while_cast``), and the target wording of
        an instant or sorcery the target rules cannot read (601.2c).
    quiet_events : iterable of str, optional
        Kinds of trigger event (``models.vocab.TRIGGER_EVENTS``) that do not happen in what the question asks
        about: a triggered ability whose unmodelled trigger condition is typed as one of them is not looked at
        (``trigger_order`` after a Hypergenesis-style process: no step begins, no spell is cast, no combat).
    implemented : frozenset of str, optional
        The mechanic keys the question implements (``solver.rules.support.IMPLEMENTS``): a typed part with another key
        counts as unmodelled text does. ``None``: only ``Unmodelled`` text is looked at.
    cast_zone : str, optional
        The zone the subjects are cast from: their abilities that function only in other zones do not count
        (CR 113.6, 113.6k-m).
    view : dict of permanent id to PermView
        The board as the layers make it now (``solver.rules.board.board_view``, CR 613): the abilities of the
        permanents, granted ones included and lost ones left out. The caller passes it, so the gate reads no
        condition of the layers itself (a qualifier asks the gate while reading one).

    Returns
    -------
    list of Finding, in the order: subjects, battlefield, effects in force, the stack, other zones.
    """
    subjects = list(subjects)
    want = frozenset(topics)
    subj = want if subject_topics is None else frozenset(subject_topics)
    out: list[Finding] = []
    seen: set[tuple[str, str]] = set()

    memo: dict[str, bool] = {}
    quiet = frozenset(quiet_events)

    def reads(token: str) -> bool:
        if token not in memo:
            memo[token] = read_in_state(state, token, subjects, view=view)
        return memo[token]

    def add(card: str, where: str, a: Ability, subject: bool, wanted: frozenset[Topic] = want, cast: bool = False,
            on_stack: bool = False, in_force: bool = False, zone_implemented: "frozenset[str] | None" = None,
            zone: str = "") -> None:
        impl = implemented if zone_implemented is None else zone_implemented
        for u in _relevant(a, wanted, subject, cast, reads if Topic.CHARACTERISTICS in wanted and wanted & _READ_BY else None,
                           quiet, impl, on_stack, cast_zone if cast else None, in_force):
            key = (card, u.text)
            if key not in seen:
                seen.add(key)
                mech = u.key if isinstance(u, TypedPart) else None
                rule = u.rule if isinstance(u, TypedPart) else ""
                if mech is not None and implemented is not None and mech in implemented:
                    rule = f"read only on the battlefield, not in the {zone}{' zone' if zone == 'command' else ''}: CR 113.6"  # ``support.read_from_zone``
                out.append(Finding(card, where, u.text or a.text, (u.topics & wanted) or u.topics, mech, rule))

    for name, abilities in subjects:
        for a in abilities:
            add(name, "the card asked about", a, True, subj, being_cast)
    if not want:
        return out
    for perm, abilities in _board_abilities(state, view):
        for a in abilities:
            if a.zones and "battlefield" not in a.zones:
                continue  # functions only elsewhere (CR 113.6)
            add(perm.name, "battlefield", a, False)
    for name, a in _effect_abilities(state):
        add(name, "effect in force", a, True, in_force=True)
    for player, cards in state.zones.get("stack", {}).items():
        for inst in cards:  # spells on the stack, whoever controls them (CR 113.6, 702.61a)
            for a in _abilities(inst.card):
                add(inst.card.name, f"{player}'s stack", a, False, on_stack=True)
    cast_names = {name for name, _ in subjects} if being_cast else set()
    who = set(players) if players is not None else set(state.players)
    _other_zone_findings(state, add, want, implemented, who, cast_names)
    return out


def _other_zone_findings(state: GameState, add: Callable[..., None], want: frozenset[Topic],
                         implemented: "frozenset[str] | None", who: set[str], cast_names: set[str]) -> None:
    """``unmodelled_findings`` in the other zones (``OTHER_ZONES``) of the players ``who``: each card's abilities
    that function there (CR 113.6), each card once however many copies. Of the card being cast, only a way to make
    mana counts (its own abilities were looked at as the subject; another copy may be a Spirit Guide, CR 605.1a); a
    typed part is implemented only where its rules read it from that zone (``support.read_from_zone``)."""
    for zone in OTHER_ZONES:
        for player, cards in state.zones.get(zone, {}).items():
            if player not in who:
                continue
            done: set[int] = set()  # (copies of one card have the same abilities: each is looked at once)
            for inst in cards:
                if id(inst.card) in done:
                    continue
                done.add(id(inst.card))
                for a in _abilities(inst.card):
                    if functions_in(inst.card, a, zone):
                        # the card being cast: its own abilities were looked at above (CR 113.6); another
                        # copy's still count as a way to make mana (a Spirit Guide, CR 605.1a); a typed part is
                        # implemented here only where its rules read it from this zone (``support.read_from_zone``)
                        add(inst.card.name, f"{player}'s {zone}", a, False,
                            want & {Topic.MANA_PRODUCTION} if inst.card.name in cast_names else want,
                            zone_implemented=None if implemented is None else frozenset(
                                k for k in implemented if read_from_zone(k, zone, a)), zone=zone)


def _abilities(card: Card) -> tuple[Ability, ...]:

    return card_abilities(card)


def require_modelled(state: GameState, topics: Iterable[Topic], subjects: Iterable[tuple[str, Iterable[Ability]]] = (),
                     question: str = "the answer", players: Iterable[str] | None = None,
                     subject_topics: Iterable[Topic] | None = None, being_cast: bool = False,
                     quiet_events: Iterable[str] = (), implemented: "frozenset[str] | None" = None,
                     kind: str = "", cast_zone: str | None = None, *, view: dict[str, PermView]) -> None:
    """Raise ``Unsupported`` naming every card and sentence that is not modelled, or whose typed mechanic the
    question does not implement, and could change the answer.

    Parameters are those of ``unmodelled_findings``; ``question`` names the question in the message, ``kind`` the
    question kind (for a mechanic it does not implement: "cast does not implement emerge").

    Raises
    ------
    Unsupported
        At least one finding: "<kind> does not implement <mechanic> (CR ...): Card (zone): “sentence”", or "not
        modelled, so <question> cannot be answered: Card (zone): “sentence” [topics]"; ``mechanic`` names the
        first finding's mechanic key (``text`` for unmodelled text).
    """
    found = unmodelled_findings(state, topics, subjects, players, subject_topics, being_cast, quiet_events,
                                implemented, cast_zone, view=view)
    if not found:
        return
    typed = [f for f in found if f.mechanic is not None]
    text = [f for f in found if f.mechanic is None]
    parts = []
    for f in typed[:5]:
        rule = f" ({f.rule})" if f.rule else ""
        parts.append(f"{kind or question} does not implement {mechanic_name(f.mechanic or '')}{rule}: {f.describe()}")
    if text:
        shown = "; ".join(f"{f.describe()} [{', '.join(sorted(t.value for t in f.topics))}]" for f in text[:5])
        more = f" (and {len(text) - 5} more)" if len(text) > 5 else ""
        parts.append(f"not modelled, and it could change {question}: {shown}{more}")
    if len(typed) > 5:
        parts.append(f"(and {len(typed) - 5} more mechanics not implemented)")
    first = found[0]
    raise Unsupported("; ".join(parts), topics=frozenset().union(*(f.topics for f in found)), text=first.text,
                      mechanic=first.mechanic or "text", card=first.card)
