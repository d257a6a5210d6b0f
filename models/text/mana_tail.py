"""Reading the mana questions' long tail: triggered abilities that add mana but are not mana abilities.

Parsing only; ``solver.rules.mana.produce.other_mana_abilities`` reads the result for "could produce" (CR 106.7).
Registered with ``effect_parser(21)``, after the mana ability parser of ``models.text.mana`` (20):

* **"[When/Whenever/At] [event], [you may] add [mana]. [riders]"** whose event is not a mana ability being
  activated or mana being added (CR 605.1b): "When this creature dies, add {C}{C}{C}" (Su-Chi), "Whenever this
  creature attacks, add {R}. Until end of turn, you don't lose this mana as steps and phases end" (Brazen
  Collector), "At the beginning of your first main phase, add {G}{G}" (Hulking Raptor) → ``triggered_add_mana``
  (CR 605.5a: it uses the stack). The mana sentence is read by ``models.text.mana.parse_add_effect`` (outputs,
  "Spend this mana only", "This mana can't be spent ...", riders); "This ability triggers only once each turn"
  (CR 603.2h) is ``once_each_turn``. An enters trigger ("When this creature enters, add {R}{G}", Burning-Tree
  Emissary; "Whenever a land you control enters, add one mana of any color", Lotus Cobra) keeps its event in
  ``enters`` (``models.text.resolution.typed_trigger``), which the resolution rules count as they count
  ``EntersTrigger``; one whose mana uses X and a cast trigger are left to ``typed_trigger``; a trigger with an
  intervening "if" (a comma in the event), another player adding the mana, or wording that is not understood
  returns ``None`` (the line stays ``Unmodelled``).
* **Saga chapters that add mana** ("II — Add {R}{R}", Maximum Carnage; CR 714.2b): ``models.text.oracle`` reads a
  chapter as the triggered ability "When one or more lore counters are put onto this Saga, add {R}{R}", which this
  parser reads as any other such trigger.
* **"that player adds ..."** (Eladamri's Vineyard: "At the beginning of each player's first main phase, that player
  adds {G}{G}"), "the active player adds", "each player adds", "choose a player. That player adds ... they choose"
  (Stadium Vendors) → the same effect with the output's ``to`` (``models.vocab.mana_effects.MANA_RECIPIENTS``): what the
  ability would produce (CR 106.7), whoever gets it.
* **Firebending N** (CR 702.189a: "Whenever this creature attacks, add N {R}. Until end of combat, you don't
  lose this mana as steps and phases end"), and "Firebending X, where X is ..." → the same effect with
  ``keyword="firebending"``. The card data lists no keyword for it, so the line reaches the parser as a static
  line; the ability it stands for is a triggered one.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from ..game.cards import Card
from .mana import _split_sentences, parse_add_effect
from .frame import effect_parser
from mtgcheck.models.vocab.resolution import EntersTrigger
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.vocab.amounts import Amount, CountOf, EventAmount, TotalAmong
from mtgcheck.models.vocab.conditions import HasLegalTarget
from mtgcheck.models.vocab.conditions import HasCounter
from mtgcheck.models.vocab.topics import Topic
from .topics import classify
from mtgcheck.models.vocab.conditions import ResolvedThisTurn
from mtgcheck.models.vocab.amounts import CountersOn, Revealed, Sum
from mtgcheck.models.vocab.logic import AllOf
from mtgcheck.models.vocab.amounts import TopCardsOfLibraries
from mtgcheck.models.vocab.conditions import AnchorChosen
from mtgcheck.models.vocab.logic import Not
from mtgcheck.models.vocab.conditions import SourceTapped
from mtgcheck.models.vocab.conditions import ModeUnchosen
from .conditions import card_filter, parse_condition
from .filters import parse_amount, parse_filter, parse_objects
from .resolution import typed_trigger
from .restrictions import parse_restriction_condition
from .targets import _phrases, parse_target_phrase

#: "[When/Whenever/At] [event], [you may] add ...": the event has no comma (no intervening "if", CR 603.4).
_HEAD = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), (?P<may>you may )?(?P<add>add .+)$", re.I | re.S)
#: Events of triggered mana abilities (CR 605.1b), read by ``models.text.mana_triggers``, never here.
_MANA_EVENT = re.compile(r"\bfor mana\b|\bmana\b|\badds?\b|\bspen[dt]\b|\bmana abilit", re.I)
_ONCE_EACH_TURN = re.compile(r"\s*this ability triggers only once each turn\.?\s*", re.I)
_FIREBENDING = re.compile(r"^firebending (?P<n>\d+|x)(?:, where x is (?P<x>[^.]+))?\.?$", re.I)
#: Who adds, when not the ability's controller: "that player adds {G}{G}" (Eladamri's Vineyard), "choose a player.
#: That player adds ..." (Stadium Vendors); ``models.vocab.mana_effects.MANA_RECIPIENTS``
_OTHER_ADDER = re.compile(r"^(?P<who>that player|the active player|each player|choose a player\. that player) adds "
                          r"(?P<rest>.+)$", re.I | re.S)
_OTHER_TO = {"that player": "that_player", "the active player": "active_player", "each player": "each_player",
             "choose a player. that player": "chosen_player"}
#: "... of any color they choose": the recipient makes the choice (the same choices whoever makes them, CR 106.7)
_THEY_CHOOSE = re.compile(r" (?:they choose|that player chooses)(?=\.|$)", re.I)


def parse_triggered_add_mana(text: str, names: tuple[str, ...] = ()) -> dict:
    """Parse a non-mana triggered ability that adds mana (see the module docstring) into
    ``triggered_add_mana`` params; ``names``: the card's name and short name, by which its text refers to itself
    (CR 201.5), read in an attack event (``_event_reference``). Raises ``ValueError`` when the wording is not one."""
    t = text.strip()
    m = _FIREBENDING.match(t)
    if m:
        n = m.group("n").lower()
        if n == "x":
            if not m.group("x"):
                raise ValueError("firebending X without what X is")
            amount: object = {"x_is": m.group("x").strip()}
        else:
            amount = int(n)
        # CR 702.189a: "Whenever this creature attacks, add N {R}. Until end of combat, you don't lose this mana
        # as steps and phases end."
        return {"event": "whenever this creature attacks", "keyword": "firebending",
                "output": {"mana": "{R}", "amount": amount,
                           "rider": "Until end of combat, you don't lose this mana as steps and phases end."}}
    condition = None
    mi = _INTERVENING.match(t)
    if mi:  # "When this creature enters, if you cast it from your hand, add {R}{R}{R}" (CR 603.4)
        condition = _intervening_condition(mi.group("cond"))
        t = f"{mi.group('event')}, {mi.group('rest')}"
    t, removal = _counter_removal(t)
    if removal is not None:
        condition = removal if condition is None else _all_of(condition, removal)
    t, nth = _nth_resolution(t)
    if nth is not None:
        condition = nth if condition is None else _all_of(condition, nth)
    t, chosen_amount = _chosen_on_resolution(t)
    t, sac = _sacrifice_if_you_do(t)
    if sac is None:
        t, sac = _exile_target_if(t)
    if sac is not None:
        condition = sac if condition is None else _all_of(condition, sac)
    t = _mana_sentence_first(t)
    other = None
    m2 = re.match(r"^(?P<event>(?:when|whenever|at) [^,]+), (?P<rest>.+)$", t, re.I | re.S)
    m3 = _OTHER_ADDER.match(m2.group("rest")) if m2 else None
    if m2 and m3:
        # "that player adds {G}{G}": mana for another player, read only as what the ability would produce
        other = _OTHER_TO[m3.group("who").lower()]
        t = f"{m2.group('event')}, add {_THEY_CHOOSE.sub('', m3.group('rest'), count=1)}"
    m = _HEAD.match(t)
    if not m or _MANA_EVENT.search(m.group("event")):
        raise ValueError("not a non-mana trigger that adds mana")

    probe = Unmodelled("")
    typed = typed_trigger(t, probe)
    enters = None
    if typed is not probe:
        # an enters trigger keeps its event for the resolution rules (trigger_order reads ``enters`` as it reads
        # ``EntersTrigger.event``); one whose mana uses X (entering_x, CR 107.3m) or a cast trigger stays theirs
        if not isinstance(typed, EntersTrigger) or typed.refers_to_x or re.search(r"\bx\b", m.group("add"), re.I):
            raise ValueError("a cast trigger, or an enters trigger that uses X")
        enters = typed.event
    body = m.group("add")
    if re.search(r"\bequal to its power\b", body, re.I):
        if not re.fullmatch(r"whenever this creature(?: or equipped creature)? attacks", m.group("event").strip(), re.I):
            raise ValueError("'its power' of another event is not modelled")
        # "its": the creature that attacked, the object of the event (CR 603.2): the amount reads that object
        body = re.sub(r"\bequal to its power\b", "equal to that creature's power", body, flags=re.I)
    event_amount = None
    me = _THAT_MUCH.match(body)
    ev = re.fullmatch(r"whenever one or more (?:[\w' -]+?) attack", m.group("event").strip(), re.I)
    if me and ev:
        # "that much": how many attacked, at least one (CR 508.1, 603.2c); read as X below, then typed
        times = {"twice ": 2, "three times ": 3}.get((me.group("times") or "").lower(), 1)
        event_amount = {"at_least": 1, "times": times}
        body = "add X " + me.group("rest")
    elif me and chosen_amount is None and re.fullmatch(r"whenever [^,]+? deals combat damage to a player",
                                                        m.group("event").strip(), re.I):
        # "Whenever a creature you control deals combat damage to a player, add that much {G}" (Sakiko, Mother of
        # Summer): the damage the event names; 0 damage is no damage dealt (CR 120.8), so no event: at least one
        times = {"twice ": 2, "three times ": 3}.get((me.group("times") or "").lower(), 1)
        event_amount = {"at_least": 1, "times": times}
        body = "add X " + me.group("rest")
    elif me and chosen_amount is not None:
        body = "add X " + me.group("rest")
    if re.search(r"\bequal to the number of creatures you control that share a creature type with it\b", body, re.I):
        if not re.fullmatch(r"whenever a creature enters", m.group("event").strip(), re.I):
            raise ValueError("'share a creature type with it' of another event is not modelled")
        # "it": the creature that entered, the object of the event (CR 603.2, 603.6a): none or more may share a type
        body = re.sub(r"^add an amount of (\{[wubrgc]\}) equal to .+$", r"add X \1", body.strip().rstrip("."), flags=re.I)
        event_amount = {"at_least": 0}
    once = bool(_ONCE_EACH_TURN.search(body))
    body = _ONCE_EACH_TURN.sub(" ", body).strip()
    params = parse_add_effect(body)
    if params.get("targets"):
        target_cond = _target_condition(body)
        params.pop("targets")
        if target_cond is not None:
            condition = target_cond if condition is None else _all_of(condition, target_cond)
    # a rider moving library cards ("Shuffle ... into your library") stays a rider: it is no mana ability anyway
    # (CR 605.5a), so 605.1a's "doesn't ... target" test does not apply
    params.pop("moves_library_card", None)
    if params.get("to") or params.get("targets"):
        raise ValueError("mana to another player, a target or a library card: not modelled here")
    if other is not None:
        params["to"] = other
    if event_amount is None and chosen_amount is None:
        of_event = _event_reference(m.group("event").strip(), params.get("amount"), params.get("to"), names)
        if of_event is not None:
            params["amount"] = of_event
    if params.get("rider"):
        params["rider"] = _trigger_riders(str(params["rider"]))
    if event_amount is not None or chosen_amount is not None:

        if params.get("amount") != "X":
            raise ValueError("'that much' with another amount")
        params["amount"] = (EventAmount(at_least=event_amount["at_least"], times=event_amount.get("times", 1))
                            if event_amount is not None else chosen_amount)
    out: dict = {"event": m.group("event").strip(), "output": params}
    if enters is not None:
        out["enters"] = enters
    if m.group("may"):
        out["optional"] = True
    if once:
        out["once_each_turn"] = True
    if condition is not None:
        out["condition"] = condition
    return out


#: "At the beginning of each player's [step or phase]": the event names a player (CR 603.2), "that player" / "they".
_EACH_PLAYERS = re.compile(r"^at the beginning of each (?P<who>player|opponent)'s [^,]+$", re.I)
#: "for each [objects] they control" / "that player controls": a count of the permanents of the event's player.
_THEY_CONTROL = re.compile(r"^(?P<what>.+?) (?:they control|that player controls)$", re.I)
#: Amounts of the attacking creatures: "for each attacking creature", "the total power of attacking creatures".
_ATTACKING = re.compile(r"^(?:(?P<count>attacking creatures?)|the total (?P<stat>power|toughness) of attacking "
                        r"creatures)$", re.I)


def _event_reference(event: str, amount: object, to: object, names: tuple[str, ...]) -> object:
    """An amount that reads what the trigger event names (CR 603.2) as a typed ``EventAmount``, or ``None``:

    * "[At the beginning of each player's ...], that player adds {C} for each artifact they control" (Blinkmoth Urn):
      "they" is the player the event names, not a player of the state now -> ``EventAmount(of="player",
      reads=CountOf(artifact you control))``, read with that player as "you" (``whose``: the players the event can
      name);
    * "Whenever [this creature / its name] attacks, add {R} for each attacking creature" (Tesak, Judith's Hellhound),
      "... add X mana ..., where X is the total power of attacking creatures" (Klauth, Unrivaled Ancient): the
      attackers of the combat the event starts, the source among them (CR 508.1, 508.3a) ->
      ``EventAmount(of="attack", reads=...)``. An attack by another creature ("Whenever a creature attacks") is not
      read here (its attacker is not the source).

    ``amount`` is the parsed ``{count: ...}`` / ``{x_is: ...}`` / ``{equal_to: ...}`` wording; ``to`` the recipient."""

    if not isinstance(amount, dict) or len(amount) != 1:
        return None
    words = str(next(iter(amount.values()))).strip().rstrip(".")
    words = re.sub(r"^the number of ", "", words, flags=re.I)
    ep = _EACH_PLAYERS.match(event)
    tc = _THEY_CONTROL.match(words)
    if ep and tc and to == "that_player" and "count" in amount:
        reads: Amount = CountOf(parse_filter(tc.group("what"), "you"))
        return EventAmount(of="player", reads=reads, whose="any" if ep.group("who").lower() == "player" else "opponent")
    selves = ["this creature", "this"] + [n for n in names if n]
    att = _ATTACKING.match(words)
    if att and to is None and re.fullmatch(r"whenever (?:%s) attacks" % "|".join(re.escape(x) for x in selves), event,
                                           re.I):
        attackers = parse_amount("the total power of attacking creatures").filter  # type: ignore[attr-defined]
        stat = att.group("stat")
        reads = TotalAmong(stat.lower(), attackers) if stat else CountOf(attackers)
        return EventAmount(of="attack", reads=reads)
    return None


#: "add [twice] that much mana in any combination of ..." / "add twice that much {G}": a number of the event.
_THAT_MUCH = re.compile(r"^add (?P<times>twice |three times )?that much (?P<rest>.+)$", re.I | re.S)
def _target_condition(body: str) -> object:
    """The targets of a triggered ability that adds mana (its other instructions'): every target "up to N" or "any
    number of" (zero targets is a legal choice, CR 601.2c) -> ``None``, the ability can always be put on the stack
    and resolve; one required target ("deals 1 damage to target opponent") -> ``HasLegalTarget`` (CR 603.3d,
    608.2b: without a legal choice it never resolves). Raises ``ValueError`` for a target phrase not understood or
    several required targets (distinct choices, CR 115.3, are not read here)."""

    specs, unread = _phrases(body)
    if unread:
        raise ValueError(f"a target not understood: {unread[0]!r}")
    required = [s for s in specs if s.count > 0]
    if not required:
        return None
    if len(required) > 1 or required[0].count != 1:
        raise ValueError("several required targets are not modelled here")
    return HasLegalTarget(required[0])
#: An amount that reads the game as the ability resolves: the instructions before it may change it.
_READS_STATE = re.compile(r"\bfor each\b|\bequal to\b|\bx\b|\bthat much\b|\bthat many\b", re.I)
#: "[clause] and add [mana]" / "add [mana] and [clause]": another instruction joined to the mana one.
_AND_ADD = re.compile(r"^(?P<pre>(?:you|put|draw|create|scry|mill|this|it)\b[^.]*?) and add (?P<add>[^.]+)$", re.I)
_ADD_AND = re.compile(r"^(?P<add>add [^.]*?\}) and (?P<post>(?:you|put|draw|create|scry|mill)\b[^.]+)$", re.I)


def _mana_sentence_first(t: str) -> str:
    """The ability with its mana instruction first and its other instructions after it as riders (CR 608.2c: they
    are followed in order, but an output of fixed mana does not depend on them): "you lose 1 life and add {B}"
    (Carnival of Souls), "put a +1/+1 counter on this creature and add {R}" (Crime Novelist), "add {W}{W}{W} and you
    gain 3 life" (Colossal Plow), "Shuffle ... into your library. Add {U}{U}." (The Bath Song). An output whose
    amount reads the game ("for each", "equal to", X) keeps its place (an earlier instruction may change it), and
    an ability with no such split is returned unchanged. Returns the ability's words."""
    m = re.match(r"^(?P<event>(?:when|whenever|at) [^,]+), (?P<rest>.+)$", t.strip(), re.I | re.S)
    if not m:
        return t
    sentences = _split_sentences(m.group("rest").strip())
    out_add: list[str] = []
    others: list[str] = []
    for sent in sentences:
        body = sent.strip().rstrip(".")
        a = _AND_ADD.match(body)
        b = _ADD_AND.match(body)
        if a and not out_add:
            out_add.append(f"add {a.group('add')}.")
            others.append(a.group("pre")[:1].upper() + a.group("pre")[1:] + ".")
        elif b and not out_add:
            out_add.append(f"{b.group('add')}.")
            others.append(b.group("post")[:1].upper() + b.group("post")[1:] + ".")
        elif re.match(r"^(?:you may )?add\b", body, re.I) and not out_add:
            out_add.append(sent.strip())
        else:
            others.append(sent.strip())
    if not out_add or out_add[0] == sentences[0].strip() and len(out_add) == 1 and others == [x.strip() for x in sentences[1:]]:
        return t
    if _READS_STATE.search(out_add[0]):
        return t
    if any(re.search(r"\badds?\b", o, re.I) and not re.search(r"don't lose this mana", o, re.I) for o in others):
        return t  # a second mana instruction: not reordered (the parser then rejects it)
    return f"{m.group('event')}, " + " ".join(out_add + others)


#: "[tap it and] remove all charge counters from this artifact. Add ... for each charge counter removed this way."
_REMOVE_ALL = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), (?P<tap>tap (?:it|this \w+) and )?remove all "
                         r"(?P<kind>[\w+/-]+) counters from (?:it|this \w+)\. add (?P<out>.+?) for each (?P=kind) counter "
                         r"removed this way\.?$", re.I | re.S)
#: "remove all flood counters from this enchantment. If no counters were removed this way, [effect]. Otherwise, add ..."
_REMOVE_ALL_ELSE = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), remove all (?P<kind>[\w+/-]+) counters from "
                              r"(?:it|this \w+)\. if no counters were removed this way, (?P<none>[^.]+)\. otherwise, "
                              r"(?P<add>add .+)$", re.I | re.S)


def _counter_removal(t: str) -> "tuple[str, object | None]":
    """An ability that removes all of a kind of counter from its source and adds mana by the number removed (Coalition
    Relic, Ventifact Bottle) or only if some were removed (Bounty of the Luxa): the number removed is the number on
    the source as it resolves (CR 122.1, 608.2h), so it reads as "add ... for each [kind] counter on this permanent";
    "if no counters were removed this way, [effect]. Otherwise, add ..." adds its mana only if the source has such a
    counter as it resolves (``HasCounter``). "Tap it" stays a rider of the output. Returns the ability's words
    rewritten and the condition (``None``: no such removal)."""

    m = _REMOVE_ALL.match(t.strip())
    if m:
        rider = " Tap this permanent." if m.group("tap") else ""
        return (f"{m.group('event')}, add {m.group('out')} for each {m.group('kind')} counter on this permanent.{rider}",
                None)
    m = _REMOVE_ALL_ELSE.match(t.strip())
    if m:
        if re.search(r"\badds?\b", m.group("none"), re.I):
            raise ValueError("mana added when no counter was removed: not modelled")
        return f"{m.group('event')}, {m.group('add')}", HasCounter(m.group("kind").lower())
    return t, None


def _trigger_riders(text: str) -> list:
    """The other instructions of a triggered ability that adds mana but is no mana ability ("You gain 3 life.", "Tap
    this permanent.", "Put two +1/+1 counters on up to one target creature you control."), each an ``Unmodelled``
    with the topics ``triggers`` and ``resolution``: they are followed only as the ability resolves from the stack
    (CR 605.5a, 608.2c), after or regardless of its output of fixed mana (``_mana_sentence_first``), so they change
    neither what its permanent could produce (106.7) nor any pool or payment made now, which never include it. A
    sentence that speaks of mana ("Until end of turn, you don't lose this mana as steps and phases end") keeps the
    topics ``topics.classify`` gives it."""

    out = []
    for sent in _split_sentences(text.strip()):
        sent = sent[:1].upper() + sent[1:]
        if re.search(r"\bmana\b", sent, re.I):  # "you don't lose this mana ..." too: the topics it always had
            out.append(Unmodelled(sent, classify(sent, "rider")))
        else:
            out.append(Unmodelled(sent, frozenset({Topic.TRIGGERS, Topic.RESOLUTION})))
    return out


#: Omnath, Locus of Creation: "[effect] if this is the first time this ability has resolved this turn. If it's the
#: second time, add {R}{G}{W}{U}. If it's the third time, [effect]."
_NTH_TIME = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), (?P<first>[^.]+?) if this is the first time this ability "
                       r"has resolved this turn\. if it's the (?P<nth>second|third) time, (?P<add>add [^.]+\.)"
                       r"(?P<rest>.*)$", re.I | re.S)


#: "[first]. If this is the second time this ability has resolved this turn, [second]. If it's the third time, add
#: ..." (Ashling, Flame Dancer)
_NTH_TIME_THEN = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), (?P<first>[^.]+)\. if this is the "
                            r"(?P<n1>first|second) time this ability has resolved this turn, (?P<second>[^.]+)\. if "
                            r"it's the (?P<nth>second|third) time, (?P<add>add [^.]+\.)(?P<rest>.*)$", re.I | re.S)


def _nth_resolution(t: str) -> "tuple[str, object | None]":
    """"[effect] if this is the first time this ability has resolved this turn. If it's the second time, add ... If
    it's the third time, [effect]." (Omnath, Locus of Creation): the mana is added only the second time it resolves
    this turn (``ResolvedThisTurn``, CR 608.2, read from the history's ``resolved``); the other times' effects stay
    riders. Returns the ability's words with the mana first and the condition (``None``: not this shape)."""

    m2 = _NTH_TIME_THEN.match(t.strip())
    if m2:  # Ashling, Flame Dancer: "[first]. If this is the second time ..., [second]. If it's the third time, add ..."
        first = m2.group("first").strip()
        rider = (f"{first[:1].upper()}{first[1:]}. If this is the {m2.group('n1').lower()} time this ability has "
                 f"resolved this turn, {m2.group('second').strip()}.")
        nth = {"second": 2, "third": 3}[m2.group("nth").lower()]
        if nth <= {"first": 1, "second": 2}[m2.group("n1").lower()]:
            return t, None
        return f"{m2.group('event')}, {m2.group('add')} {rider}{m2.group('rest')}", ResolvedThisTurn(nth)
    m = _NTH_TIME.match(t.strip())
    if not m:
        return t, None
    first = m.group("first").strip()
    rider = f"{first[:1].upper()}{first[1:]} if this is the first time this ability has resolved this turn."
    nth = {"second": 2, "third": 3}[m.group("nth").lower()]
    return f"{m.group('event')}, {m.group('add')} {rider}{m.group('rest')}", ResolvedThisTurn(nth)


#: "you may discard any number of cards. If you do, draw that many cards and add that much {R}" (Neheb)
_DISCARD_ANY = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), you may discard any number of cards\. if you do, "
                          r"draw that many cards and (?P<add>add that much \{[wubrgc]\}\.)(?P<rest>.*)$", re.I | re.S)
#: "exile target card from a graveyard. If it was a land card, add {R} or {G}. Otherwise, ..." (Klothys)
_EXILE_TARGET_IF = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), exile target card from a graveyard\. if it was "
                              r"an? (?P<type>land|creature|artifact|enchantment|instant|sorcery) card, (?P<add>add [^.]+\.) "
                              r"otherwise, (?P<otherwise>.+)$", re.I | re.S)
#: "that player may put a +1/+1 counter on this creature. If they do, they add {C} for each counter on it."
_PUT_COUNTER_IF_THEY_DO = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), that player may put a \+1/\+1 counter on "
                                     r"this creature\. if they do, they add (?P<sym>\{[wubrgc]\}) for each counter on "
                                     r"it\.?$", re.I | re.S)
#: "you may convert this. If you do, add ..." (Megatron, Tyrant): converting a permanent that can is always possible
_CONVERT = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), you may convert this\. if you do, (?P<add>add .+)$",
                      re.I | re.S)


def _exile_target_if(t: str) -> "tuple[str, object | None]":
    """"Exile target card from a graveyard. If it was a land card, add {R} or {G}. Otherwise, ..." (Klothys, God of
    Destiny): the target is chosen as the ability is put on the stack (CR 601.2c, 603.3d), so it can add mana only
    when a land card in a graveyard is a legal target (``HasLegalTarget``); the other branch stays a rider. Returns
    the ability's words with the mana first and the condition (``None``: not this shape)."""
    m = _EXILE_TARGET_IF.match(t.strip())
    if m:

        spec = parse_target_phrase(f"target {m.group('type').lower()} card from a graveyard")
        if spec is None:
            raise ValueError("the target is not understood")
        return (f"{m.group('event')}, {m.group('add')} Exile that card. If it wasn't a {m.group('type').lower()} card, "
                f"{m.group('otherwise')}", HasLegalTarget(spec))
    return t, None


def _chosen_on_resolution(t: str) -> "tuple[str, object | None]":
    """Instructions before the mana that its amount or its happening depends on, read as the ability resolves:
    "you may discard any number of cards. If you do, draw that many cards and add that much {R}" (Neheb: the number
    discarded, from 0 to the cards in the hand, CR 701.9a, 608.2d: ``Revealed`` over the hand), "you may convert this.
    If you do, add ..." (Megatron, Tyrant: a transforming permanent can always be converted, CR 701.28a; the mana is
    then what it says). Returns the ability's words with the mana instruction first (the others as riders) and the
    chosen amount (``None``: none)."""

    m = _DISCARD_ANY.match(t.strip())
    if m:
        return (f"{m.group('event')}, {m.group('add')} Discard that many cards and draw that many cards.{m.group('rest')}",
                Revealed(parse_objects("cards in your hand")))
    m = _PUT_COUNTER_IF_THEY_DO.match(t.strip())
    if m:  # Cheering Crowd: putting a +1/+1 counter on it is always possible, then it has one more (CR 122.1, 608.2c)
        return (f"{m.group('event')}, that player adds X {m.group('sym')}. Put a +1/+1 counter on this creature.",
                Sum((CountersOn(""),), plus=1))
    m = _CONVERT.match(t.strip())
    if m:
        return f"{m.group('event')}, {m.group('add')} Convert this.", None
    return t, None


#: "you may sacrifice another creature. If you do, add an amount of {R} equal to the sacrificed creature's power"
_SACRIFICE_IF_YOU_DO = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), you may sacrifice (?P<what>another creature|a "
                                  r"creature)\. if you do, (?P<add>add an amount of \{[wubrgc]\} equal to the sacrificed "
                                  r"creature's power\.)(?P<rest>.*)$", re.I | re.S)


def _sacrifice_if_you_do(t: str) -> "tuple[str, object | None]":
    """"You may sacrifice another creature. If you do, add an amount of {R} equal to the sacrificed creature's power"
    (Fire Lord Ozai): the creature is chosen as the ability resolves (CR 608.2d, 701.17a), so it adds mana only if
    its controller then controls such a creature with power 1 or more (CR 208.1; 0 or less adds none, 107.1b). The
    output keeps the amount of the sacrificed creature; the condition says whether any such creature exists.
    Returns the ability's words without the sacrifice and the condition (``None``: not this shape)."""

    m = _SACRIFICE_IF_YOU_DO.match(t.strip())
    if not m:
        return t, None
    what = m.group("what").lower()
    cond = parse_condition(f"you control {'another ' if what.startswith('another') else 'a '}creature with power 1 or "
                           f"greater")
    return f"{m.group('event')}, {m.group('add')}{m.group('rest')}", cond


def _all_of(a: object, b: object) -> object:

    return AllOf((a, b))  # type: ignore[arg-type]


#: "[When/Whenever/At] [event], if [condition], [effect]": the intervening "if" clause (CR 603.4).
_INTERVENING = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), if (?P<cond>[^,]+), (?P<rest>.+)$", re.I | re.S)


def _intervening_condition(words: str) -> object:
    """The typed condition of an intervening "if" (CR 603.4), read by the one condition reader of each wording:
    ``models.text.conditions.parse_condition`` (the board, the turn history, how the source entered), then
    ``models.text.restrictions.parse_restriction_condition`` ("you attacked this turn", "this artifact is untapped").
    Raises ``ValueError`` when neither reads it (the line then stays ``Unmodelled``)."""

    m = re.fullmatch(r"this (?:artifact|creature|land|enchantment|permanent) is (un)?tapped", words.strip(), re.I)
    if m:  # Blinkmoth Urn: "if this artifact is untapped" — its own status as it resolves (CR 603.4, 110.5)

        return Not(SourceTapped()) if m.group(1) else SourceTapped()
    try:
        return parse_condition(words)
    except ValueError:
        return parse_restriction_condition(words)


@effect_parser(21)
def mana_tail_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping] | None":
    """The registered effect parser (see the module docstring)."""
    low = text.lower()
    anchored = _anchored(text, card)
    if anchored is not None:
        return anchored
    mode = _modal_trigger_mode(text, card)
    if mode is not None:
        return mode
    if kind == "static" and low.startswith("firebending "):
        try:
            return "triggered_add_mana", parse_triggered_add_mana(text)
        except ValueError:
            return None
    if kind == "triggered" and re.search(r"\badds?\b", low):
        try:
            names = tuple(dict.fromkeys((card.name, card.name.split(",")[0].strip())))
            return "triggered_add_mana", parse_triggered_add_mana(text, names)
        except ValueError:
            return None
    if kind == "activated" and low.startswith("each player reveals the top card of their library."):
        try:
            return "add_mana", parse_top_cards_revealed(text)
        except ValueError:
            return None
    return None


#: Selvala, Explorer Returned: "Each player reveals the top card of their library. For each nonland card revealed this
#: way, add {G} and you gain 1 life. Then each player draws a card."
_TOP_CARDS_REVEALED = re.compile(r"^each player reveals the top card of their library\. for each (?P<what>[a-z ]+?) card "
                                 r"revealed this way, add (?P<mana>(?:\{[wubrgc]\})+)(?: and (?P<and>[^.]+))?\.(?P<rest>.*)$",
                                 re.I | re.S)


def parse_top_cards_revealed(text: str) -> "Mapping[str, Any]":
    """"Each player reveals the top card of their library. For each [nonland] card revealed this way, add [mana] [and
    ...]. [Then ...]" (Selvala, Explorer Returned) as ``add_mana`` params: ``amount`` = ``TopCardsOfLibraries`` (the
    top card of each player's library, CR 401.1, 701.20a). Its other instructions are riders, followed only as it
    resolves (CR 608.2c). It moves cards from libraries ("draws a card"), so it is not a mana ability (CR 605.1a as of
    2026-09-25: ``moves_library_card``): it uses the stack, no pool holds its mana, and ``could_produce`` reads it as
    if it resolved now (CR 106.7).

    Raises ``ValueError`` for any other wording."""

    m = _TOP_CARDS_REVEALED.match(text.strip())
    if not m:
        raise ValueError("not 'each player reveals the top card of their library ... add'")
    f = card_filter(m.group("what") + " card", "library", "any")
    if not f.qualifier.empty or f.alternatives or f.name is not None:
        raise ValueError(f"the cards {m.group('what')!r} are not read")
    riders = " ".join(x for x in ((m.group("and") or "").strip().capitalize() + ("." if m.group("and") else ""),
                                  m.group("rest").strip()) if x)
    params: dict[str, Any] = {"mana": m.group("mana").upper(), "amount": TopCardsOfLibraries(f), "moves_library_card": True}
    if riders:
        # not a mana ability: its other instructions happen only as it resolves (CR 602.2, 608.2), read with an
        # activated ability's topics (as ``models.text.mana`` does for a targeted one)
        own = classify(riders, "rider")
        params["rider"] = (Unmodelled(riders, (own & classify(riders, "activated")) or own),)
    return params


#: The line before the modes of a modal triggered ability (CR 700.2): "[Ability word — ]Whenever another creature you
#: control enters, choose one that hasn't been chosen this turn —" (Galadriel, Light of Valinor), "At the beginning of
#: your first main phase, choose one that hasn't been chosen and you lose 2 life —" (Zuko, Conflicted).
_MODAL_TRIGGER = re.compile(r"^(?:[A-Z][\w' -]*? — )?(?P<trigger>(?:when|whenever|at)\b[^,]+), choose one"
                            r"(?P<unchosen> that hasn't been chosen(?P<turn> this turn)?)?(?: and [^—]+)? —$", re.I)
#: A mode that adds mana: "• Add {G}{G}{G}." (no label, no other instruction).
_ADD_MODE = re.compile(r"^•\s*(?P<body>add [^.]+\.)$", re.I)


def _modal_trigger_mode(text: str, card: Card) -> "tuple[str, Mapping] | None":
    """A mode of a modal triggered ability that adds mana ("• Add {R}." after "At the beginning of your first main
    phase, choose one that hasn't been chosen ... —", Zuko, Conflicted; Galadriel, Light of Valinor): the modes belong
    to the triggered ability (CR 700.2), so the mode is read as "[trigger], add {R}." — a triggered ability that adds
    mana but is not a mana ability (CR 605.1b, 605.5a), which ``could_produce`` reads as if it resolved now (CR 106.7)
    with this mode chosen (any mode that can be chosen, CR 700.2a). "That hasn't been chosen [this turn]" is the
    condition ``ModeUnchosen``. The trigger event stays with the line of the choice (``enters`` is dropped: the
    ability triggers once, CR 603.2). ``None`` for any other line."""
    m = _ADD_MODE.match(text.strip())
    if not m:
        return None
    faces = getattr(card, "faces", None) or (card.front,)
    for f in faces:
        lines = [ln.strip() for ln in (f.oracle_text or "").split("\n")]
        for i, ln in enumerate(lines):
            if ln != text.strip():
                continue
            j = i - 1
            while j >= 0 and lines[j].startswith("•"):
                j -= 1
            h = _MODAL_TRIGGER.match(lines[j]) if j >= 0 else None
            if h is None:
                return None
            n_modes = 0
            k = j + 1
            while k < len(lines) and lines[k].startswith("•"):
                n_modes += 1
                k += 1
            try:
                params = parse_triggered_add_mana(f"{h.group('trigger')}, {m.group('body')[0].lower()}{m.group('body')[1:]}")
            except ValueError:
                return None
            params.pop("enters", None)
            if h.group("unchosen") and not h.group("turn"):
                # "that hasn't been chosen" (ever, Zuko, Conflicted): the modes chosen on earlier turns are recorded
                # nowhere, so the answer would be unsupported for every permanent that did not enter this turn; and
                # ``available_mana`` reads every permanent's could-produce (for the reflectors), so typing it would
                # turn those answers unsupported too: the line stays unmodelled (could_produce: unsupported)
                return None
            if h.group("unchosen"):

                own = ModeUnchosen("turn" if h.group("turn") else "ever", n_modes)
                params["condition"] = own if params.get("condition") is None else _all_of(own, params["condition"])
            return "triggered_add_mana", params
    return None


#: "As this enchantment enters, choose Khans or Dragons." (the Sieges): the anchor words (CR 614.12c).
_ANCHOR_CHOICE = re.compile(r"^As (?:this|[^,]+?) enters, choose (?P<a>[A-Z][\w']*) or (?P<b>[A-Z][\w']*)\.$", re.M)
#: "• Khans — At the beginning of each of your main phases, add {G}{G}."
_ANCHORED = re.compile(r"^•\s*(?P<word>[A-Z][\w']*)\s*—\s*(?P<rest>(?:when|whenever|at)\b.+)$", re.I | re.S)


def _anchored(text: str, card: Card) -> "tuple[str, Mapping] | None":
    """"[Anchor word] — [triggered ability that adds mana]" (Frontier Siege's "• Khans — At the beginning of each of
    your main phases, add {G}{G}"): CR 614.12c, the permanent has the ability only as long as that word was chosen as
    it entered, read as the condition ``AnchorChosen`` on its output (not chosen: no such ability, so no mana, CR
    106.7). Only when the card's text has the choice between two anchor words, the word being one of them; else
    ``None``."""
    m = _ANCHORED.match(text.strip())
    if not m:
        return None
    faces = getattr(card, "faces", None) or (card.front,)
    words = set()
    for f in faces:
        for c in _ANCHOR_CHOICE.finditer(f.oracle_text or ""):
            words |= {c.group("a"), c.group("b")}
    if m.group("word") not in words:
        return None
    try:
        params = parse_triggered_add_mana(m.group("rest"))
    except ValueError:
        return None

    own = AnchorChosen(m.group("word"))
    params["condition"] = own if params.get("condition") is None else _all_of(own, params["condition"])
    return "triggered_add_mana", params
