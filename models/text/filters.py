"""Reading object words and the amounts that count them: one grammar, so one module.

* Object words ("nonbasic lands", "Forest", "other creatures", "enchanted land", "creature with power 4 or greater")
  into the one typed filter language, ``models.vocab.filters.Filter`` (CR 109, 205): ``parse_filter``, ``tail_qualifier``.
* Amounts ("for each Elf you control", "the number of charge counters on this artifact", "your devotion to green")
  into the typed amounts of ``models.vocab``: ``parse_amount``, ``parse_objects``, ``parse_color_sources``.

The two readers need each other: an amount counts objects named by a filter ("the number of creatures you
control"), and a filter's qualifier may compare with an amount ("with power less than or equal to the number of
creatures you control", Beguiler of Wills; CR 208.1, 202.3). Kept in one module, the recursion is two functions
calling each other, read top to bottom, rather than two modules importing each other. The conditions built on them
("you control four or more creatures") are read one level up (``models.text.conditions``).

Parsing only: ``solver.rules.layers.filter_matches`` applies a ``Filter`` to a permanent;
``solver.rules.quantities`` evaluates the amounts.
"""
from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any

from ..vocab.filters import RELATIONS, Comparison, Filter, Qualifier
from ..game.subtypes import HISTORIC_KINDS, OUTLAW_TYPES, SUBTYPES, singular
from mtgcheck.models.vocab.conditions import Compare
from mtgcheck.models.vocab.amounts import CountOf, LifeTotal, PlayerCounters, Sum, ThisTurn
from ..vocab.amounts import VariableX
from ..vocab.amounts import (
    Amount, CountersOn, CountersRemoved, Devotion, DistinctAmong, Fixed, GreatestAmong, OfChosenType, PartySize,
    PlayersWho, PowerOf, Revealed, SharingCreatureType, StatOf, TotalAmong,
)
from .words import parse_count_word

_QUALIFIERS = ("basic", "snow", "legendary", "land", "creature", "artifact", "enchantment", "token")
_RELATION_WORDS = {r: r for r in RELATIONS}
_RELATION_WORDS.update({"enchanted land": "enchanted", "enchanted permanent": "enchanted", "enchanted creature": "enchanted",
                        "equipped creature": "equipped", "this land": "this", "this creature": "this",
                        "this artifact": "this", "this permanent": "this", "that land": "that",
                        "that permanent": "that"})




def _cap(word: str) -> str:
    return word[:1].upper() + word[1:].lower() if word else word


#: Card types, supertypes and the words "permanent", "token" and "card" as a filter's types (CR 205.2a, 205.4a, 110,
#: 111, 108: "a white card from your hand" names a card, read with its colour by the cost rules).
_TYPE_WORDS = {w.lower(): w for w in ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
                                      "Planeswalker", "Sorcery", "Tribal", "Basic", "Legendary", "Snow", "World",
                                      "Permanent", "Token", "Card")}
_SUBTYPE_WORDS = {w.lower(): w for w in SUBTYPES}


def type_named(word: str) -> str | None:
    """The type a (singular) word names, spelled as the rules spell it ("land" -> "Land", "power-plant" ->
    "Power-Plant", "elf" -> "Elf"), or ``None`` when it names no card type, supertype or subtype of CR 205 (nor
    "permanent" or "token")."""
    w = word.lower()
    return _TYPE_WORDS.get(w) or _SUBTYPE_WORDS.get(w)


@functools.lru_cache(maxsize=2048)
def parse_filter(what: str, controller: str = "any", qualifiers: bool = False) -> Filter:
    """Parse object words into a ``Filter``.

    Parameters
    ----------
    what : str
        ``land``, ``basic land``, ``nonbasic land``, ``permanent``, ``nonland permanent``, ``creature``, a
        subtype (``Forest``, ``Elf``), ``each``/``all``/``other``/``another`` in front, plurals allowed; or a
        relation to the source: ``this``, ``enchanted``, ``equipped``, ``that``, ``it``, ``sacrificed``.
    controller : str
        ``any``, ``you`` or ``opponent``.
    qualifiers : bool
        Also read qualifiers and unions ("green creature", "nontoken creature", "creature with defender",
        "artifact or creature", "red or white creature") into ``Filter.qualifier`` / ``Filter.alternatives``.
        Only for callers that evaluate them (``solver.rules.quantities.filter_verdict``); without it such words raise
        ``ValueError`` as before, since ``solver.rules.layers.filter_matches`` cannot read them without the state.

    Returns
    -------
    Filter

    Raises
    ------
    ValueError
        Words that are not understood (the ability is then ``Unmodelled``).
    """
    words = what.strip()
    w = words.lower()
    if w in _RELATION_WORDS:
        return Filter(relation=_RELATION_WORDS[w], controller=controller, words=words)
    other = False
    changed = True
    while changed:
        changed = False
        for prefix in ("each ", "all ", "other ", "another ", "a ", "an "):
            if w.startswith(prefix):
                other = other or prefix in ("other ", "another ")
                w = w[len(prefix):]
                changed = True
    if qualifiers:
        try:
            return parse_filter(what, controller)
        except ValueError:
            return _qualified_filter(w, controller, other, words)
    alts = [x for x in re.split(r",\s*(?:or\s+)?|\s+or\s+", w) if x]
    if len(alts) > 1 and all(re.fullmatch(r"[a-z][a-z'-]*", x) and x not in _QUALIFIERS
                             and type_named(singular(x)) is not None for x in alts):
        # "Mountain, Forest, or Plains" (Keeper of Progenitus): at least one of these types (CR 205.3)
        return Filter(any_of=tuple(_cap(singular(x)) for x in alts),
                      controller=controller, other=other, words=words)
    last = w.rsplit(" ", 1)[-1]
    # "Elves you control", "each Locus", "Plains" (CR 205.3m, 205.3i): the one singular of type words
    w = w[: len(w) - len(last)] + singular(last).lower()
    parts = w.split()
    if not parts:
        raise ValueError(f"filter {what!r} not understood")
    if parts[-2:] == ["time", "lord"]:  # the one subtype of two words (CR 205.3m: "Time Lord", plural "Time Lords")
        parts = parts[:-2] + ["time lord"]
    head, quals = parts[-1], parts[:-1]
    all_of: list[str] = []
    none_of: list[str] = []
    any_of: tuple[str, ...] = ()
    nontoken = False
    if head.startswith("non") and not quals:
        t = type_named(head[3:].lstrip("-"))
        if t is None:
            raise ValueError(f"filter {what!r} not understood: {head!r} names no type")
        none_of.append(t)
        all_of.append("Permanent")
    elif head.startswith("non") or not head.replace("-", "").replace("'", "").replace(" ", "").isalpha():
        raise ValueError(f"filter {what!r} not understood")
    elif head == "outlaw":  # CR 700.12: a batch word, any of five creature types
        any_of = OUTLAW_TYPES
    elif head == "historic":  # CR 700.6: a batch word, an artifact, a legendary object or a Saga
        any_of = HISTORIC_KINDS
    else:
        t = type_named(head)
        orig = words.split()[-1] if words.split() else ""
        if t is None and orig[:1].isupper() and orig.replace("-", "").replace("'", "").isalpha():
            t = singular(orig)  # a capitalised word of the text is a subtype (CR 205.3; an Un-card's "Familiar")
        if t is None:  # "blue", "colorless": no type of the rules (CR 205), never a filter matching nothing
            raise ValueError(f"filter {what!r} not understood: {head!r} names no type")
        all_of.append(t)
    for q in quals:
        neg = q.startswith("non")
        qw = (q[3:] if neg else q).lstrip("-")
        if qw == "historic" and not any_of:  # "historic permanents", "nonhistoric creature" (CR 700.6)
            if neg:
                none_of.extend(HISTORIC_KINDS)
            else:
                any_of = HISTORIC_KINDS
            continue
        if qw not in _QUALIFIERS:
            # a subtype before the noun: "Goblin creature", "non-Eldrazi creature", "Eldrazi Scion" (CR 205.3)
            sub = _SUBTYPE_WORDS.get(qw)
            if sub is None or sub in _TYPE_WORDS.values():
                raise ValueError(f"filter {what!r} not understood")
            if neg:
                none_of.append(sub)
            else:  # in printed order before the noun ("Eldrazi Scion"; a card type comes after the subtypes)
                all_of.insert(sum(1 for t in all_of if t in _SUBTYPE_WORDS.values() and t != all_of[-1]), sub)
            continue
        if qw == "token":
            if neg:
                nontoken = True
            else:
                all_of.append("Token")
            continue
        (none_of if neg else all_of).append(_cap(qw))
    return Filter(all_of=tuple(all_of), none_of=tuple(none_of), any_of=any_of, controller=controller, other=other,
                  nontoken=nontoken, words=words)


# ---------------------------------------------------------------------------
# Qualifiers ("nonblack", "with flying", "with power 2 or less", "attacking or blocking", "that's red or green")
# ---------------------------------------------------------------------------

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: Adjectives a qualifier reads (before the noun); each maps to a test of ``models.vocab.filters.Qualifier``.
QUALIFIER_ADJECTIVES = frozenset(list(_COLOR_WORDS) + [f"non{c}" for c in _COLOR_WORDS] + [
    "colorless", "colored", "multicolored", "monocolored", "tapped", "untapped", "token", "nontoken", "attacking",
    "blocking", "blocked", "unblocked", "nonattacking", "nonblocking", "another", "other", "face-down", "face-up",
    "enchanted", "equipped", "unenchanted", "modified"])
#: Adjectives that may stand without their noun when the caller dropped "card" ("a red card", "a nonblack card").
_CARD_ADJECTIVES = frozenset(list(_COLOR_WORDS) + [f"non{c}" for c in _COLOR_WORDS] + [
    "colorless", "colored", "multicolored", "monocolored"])
#: "1/1 creature" (Aegis of the Meek): an exact power and toughness before the noun (CR 208.1).
PT_ADJECTIVE = re.compile(r"^(\d+)/(\d+)$")
_COMBAT_UNIONS = {frozenset({"attacking", "blocking"}): "attacking_or_blocking",
                  frozenset({"blocking", "blocked"}): "blocking_or_blocked"}
#: Keyword abilities a "with"/"without" qualifier may name (CR 702): single keywords with no parameter.
QUALIFIER_KEYWORDS = ("flying", "reach", "defender", "trample", "first strike", "double strike", "deathtouch",
                      "lifelink", "vigilance", "haste", "menace", "shadow", "horsemanship", "fear", "intimidate",
                      "indestructible", "hexproof", "shroud", "flash", "flanking", "banding", "islandwalk",
                      "swampwalk", "forestwalk", "mountainwalk", "plainswalk", "infect", "wither", "prowess",
                      "skulk", "changeling", "ward", "toxic")
_KW_RE = "|".join(sorted((re.escape(k) for k in QUALIFIER_KEYWORDS), key=len, reverse=True))
_NUMBER_RE = re.compile(r"^with (power|toughness|mana value) (\d+|x)(?: (or less|or greater|or more))?\b(?! or)", re.I)
_NUMBER_RE2 = re.compile(r"^with (power|toughness|mana value) (less than or equal to|greater than or equal to|"
                         r"less than|greater than) (\d+)\b", re.I)
#: "with power less than this creature's power" (Unliving Psychopath), "toughness less than this creature's power"
#: (Stone Giant): a comparison with the source's own characteristic (CR 208.1).
_NUMBER_RE3 = re.compile(r"^with (power|toughness|mana value) (less than or equal to|greater than or equal to|"
                         r"less than|greater than|equal to) (?:this creature's|~'s|its) (power|toughness|mana value)\b",
                         re.I)
_KEYWORD_RE = re.compile(rf"^(with|without) ({_KW_RE})\b(?! counter)", re.I)
_COUNTER_RE = re.compile(r"^with (?:a|an|one or more) (?:([+\-]\d+/[+\-]\d+|[a-z]+) )?counters? on (?:it|them)\b", re.I)
_THATS_RE = re.compile(r"^(?:that's|that is|that are|which is) (attacking|blocking)( you)?\b", re.I)
_THATS_COLOR_RE = re.compile(r"^(?:that's|that is|that are) ((?:white|blue|black|red|green)(?:(?:,| or|, or) "
                             r"(?:white|blue|black|red|green))*)\b", re.I)
_OTHER_THAN_RE = re.compile(r"^other than (?:this (?:creature|artifact|permanent|land|enchantment|planeswalker|"
                            r"vehicle|equipment)|itself|~)\b", re.I)
#: "other than That Which Was Taken": the card's own name (CR 201.5), read against the source.
_OTHER_THAN_NAME_RE = re.compile(r"^other than (?P<name>[A-Z][\w'\-]*(?:,? (?:[A-Z][\w'\-]*|of|the|and|a|an|to|in))*)")
#: "named Volo's Journal" (CR 201.2).
_NAMED_RE = re.compile(r"^named (?P<name>[A-Z][\w'\-]*(?:,? (?:[A-Z][\w'\-]*|of|the|and|a|an|to|in))*)")
#: "that isn't enchanted", "that's enchanted", "that isn't equipped" (CR 303.4, 301.5).
_ATTACHED_RE = re.compile(r"^(?:that|which) (?P<neg>isn't|is not|aren't|'s|is|are) (?P<what>enchanted|equipped)\b", re.I)
#: Combat relations to the source ("blocking or blocked by it", "blocking it", "it's blocking"; CR 509.1).
_BLOCK_REL_RE = re.compile(r"^(?:(?:that's|that is|that are) )?(?P<both>blocking or blocked by|blocking)"
                           r" (?:it|this creature|~|[A-Z][\w'\-]*(?:,? [A-Z][\w'\-]*)*)(?=$|[\s,.;])"
                           r"|^(?:that )?(?P<its>it's blocking|it is blocking)\b")
#: "of an opponent's choice they control" (Preacher, Magus of the Arena): an opponent chooses the target, a
#: creature they control (Preacher rulings 2004-10-04, 2007-09-16: you choose an opponent, who chooses the target).
_OPPONENTS_CHOICE_RE = re.compile(r"^of an opponent's choice (?:that )?they control\b", re.I)
#: "of your choice" (you choose the target, as always, CR 601.2c) and "of an opponent's choice" not limited to what
#: they control (Diaochan: the opponent chooses among every legal target of your ability): no test.
_WHOSE_CHOICE_RE = re.compile(r"^of (?:your|an opponent's) choice\b(?! (?:that )?they control)", re.I)
#: "not named Clever Conjurer" (CR 201.2).
#: "with {X} in its mana cost" / "with {X} in their mana costs" (an {X} symbol in the mana cost, CR 107.3)
_X_IN_COST_RE = re.compile(r"^with \{x\} in (?:its|their) mana costs?", re.I)
_NOT_NAMED_RE = re.compile(r"^not named (?P<name>[A-Z][\w'\-]*(?:,? (?:[A-Z][\w'\-]*|of|the|and|a|an|to|in))*)")
#: History words the turn history reads (``Qualifier.this_turn``; CR 120, 508.1).
_THIS_TURN = {"dealt damage to you": "dealt_damage_to_you", "dealt damage": "dealt_damage",
              "was dealt damage": "was_dealt_damage", "were dealt damage": "was_dealt_damage", "attacked": "attacked",
              "fought": "fought", "entered": "entered", "entered the battlefield": "entered"}
_THIS_TURN_RE = re.compile(r"^(?:that|which|who) (dealt damage to you|dealt damage|was dealt damage|were dealt damage|attacked"
                           r"|fought|entered the battlefield|entered)"
                           r" this turn\b", re.I)
_HISTORY_RE = re.compile(r"^(?:that|which) (?:dealt|was dealt|were dealt|attacked|blocked|entered|was put|"
                         r"were put|was cast|became|has dealt|you cast)\b[^,.;]*?\bthis turn\b", re.I)
_CONTROLLER_RE = re.compile(r"^(you control|you don't control|an opponent controls|your opponents control)\b", re.I)
_CONTROLLERS = {"you control": "you", "you don't control": "opponent", "an opponent controls": "opponent",
                "your opponents control": "opponent"}


_N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
#: A condition on a target player (the Keepers, CR 115.1, 601.2c), "as you activate this ability" after it (the
#: targets are chosen then anyway, 602.2b).
_PLAYER_COND_RE = re.compile(
    r"^who (?:(?P<life>has more life than you(?: do)?)"
    r"|has (?:at least " + _N + r" )?(?P<hand>more|fewer) cards in (?:their )?hand than you(?: do)?"
    r"|controls (?:at least " + _N + r" )?more (?P<perms>creatures|lands|artifacts|enchantments) than you(?: do)?"
    r"|has (?:at least " + _N + r" )?(?P<gy>more|fewer) (?P<gytype>creature |land |instant and sorcery )?cards in "
    r"their graveyard than you(?: do)?"
    r"|(?P<lost>lost life this turn))"
    r"(?: as you activate this ability)?\b", re.I)
_POISON_RE = re.compile(r"^with exactly " + _N + r" poison counters?\b", re.I)


#: "with power less than or equal to the number of creatures you control" (Beguiler of Wills): a comparison with an
#: amount read from the game (``parse_amount``; CR 208.1, 202.3).
_NUMBER_RE4 = re.compile(r"^with (power|toughness|mana value) (less than or equal to|greater than or equal to|"
                         r"less than|greater than|equal to) (the number of [^,.;]+?)(?= until\b| can't\b| to\b| from\b|"
                         r" and\b| for as long\b|$|[,.;])", re.I)


def _amount_or_none(text: str) -> Any:
    """The typed amount of "the number of ..." words (``parse_amount``), or ``None`` when they are not read (they then
    stay words)."""
    try:
        return parse_amount(text)
    except ValueError:
        return None


def player_condition(text: str) -> tuple[Any, int] | None:
    """A condition on a target player at the start of ``text`` and the number of characters read, or ``None``:
    "who has more life than you do", "who has at least two more cards in hand than you do", "who controls more
    creatures than you do", "who has at least two fewer creature cards in their graveyard than you do" (the
    Keepers), "who lost life this turn", "with exactly seven poison counters" (CR 119, 122.1, 402, 404).

    Returns a ``models.vocab.conditions.Compare`` in which ``opponent`` means the candidate player (``Qualifier.player``)."""

    m = _PLAYER_COND_RE.match(text)
    if m:
        n = next((parse_count_word(g.lower()) for g in m.groups()[1:] if g and g.lower() in
                  ("a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
                  or (g or "").isdigit()), None)
        if m.group("life"):
            return Compare(LifeTotal("opponent"), ">", LifeTotal("you")), m.end()
        if m.group("lost"):
            return Compare(ThisTurn("life_lost", "opponent"), ">", 0), m.end()

        def counts(f_opp: Filter, f_you: Filter, more: bool) -> Any:
            theirs, yours = CountOf(f_opp), CountOf(f_you)
            if n is None:
                return Compare(theirs, ">" if more else "<", yours)
            return Compare(theirs, ">=" if more else "<=", Sum((yours,), plus=n if more else -n))

        if m.group("hand"):
            return counts(Filter(zone="hand", controller="opponent", words="cards in their hand"),
                          Filter(zone="hand", controller="you", words="cards in your hand"),
                          m.group("hand").lower() == "more"), m.end()
        if m.group("perms"):
            t = _cap(m.group("perms").lower()[:-1])
            return counts(Filter(all_of=(t,), controller="opponent", words=f"{t.lower()}s they control"),
                          Filter(all_of=(t,), controller="you", words=f"{t.lower()}s you control"), True), m.end()
        if m.group("gy"):
            kind = (m.group("gytype") or "").strip().lower()
            all_of: tuple[str, ...] = (_cap(kind),) if kind in ("creature", "land") else ()
            any_of: tuple[str, ...] = ("Instant", "Sorcery") if kind == "instant and sorcery" else ()
            what = f"{kind + ' ' if kind else ''}cards in"
            return counts(Filter(all_of=all_of, any_of=any_of, zone="graveyard", controller="opponent",
                                 words=f"{what} their graveyard"),
                          Filter(all_of=all_of, any_of=any_of, zone="graveyard", controller="you",
                                 words=f"{what} your graveyard"), m.group("gy").lower() == "more"), m.end()
    m = _POISON_RE.match(text)
    if m:
        return Compare(PlayerCounters("poison", "opponent"), "==", parse_count_word(m.group(1).lower()) or 0), m.end()
    return None


def adjective_qualifier(groups: list[list[str]]) -> Qualifier:
    """The qualifier of the adjectives before a noun ("nonblack", "tapped", "attacking or blocking", "white or
    blue"); ``groups`` are the adjectives, each group the words joined by "or" (one word: an "and").

    Raises
    ------
    ValueError
        A word or a union of words not read (the caller keeps it as an unknown qualifier).
    """
    q: dict = {}
    for g in groups:
        ws = [w.lower() for w in g]
        if len(ws) > 1:
            if all(w in _COLOR_WORDS for w in ws):
                q["colors_any"] = q.get("colors_any", ()) + tuple(_COLOR_WORDS[w] for w in ws)
                continue
            combat = _COMBAT_UNIONS.get(frozenset(ws))
            if combat and "combat" not in q:
                q["combat"] = combat
                continue
            if "any_of" not in q:
                # "tapped or blocking creature" (Tetsuo Umezawa): adjectives of different kinds, one must hold
                q["any_of"] = tuple(adjective_qualifier([[w]]) for w in ws)
                continue
            raise ValueError(f"the union {' or '.join(ws)!r} is not read")
        w = ws[0]
        pt = PT_ADJECTIVE.match(w)
        if pt:
            q["compare"] = q.get("compare", ()) + (Comparison("power", "==", int(pt.group(1))),
                                                   Comparison("toughness", "==", int(pt.group(2))))
        elif w in ("face-down", "face-up"):
            q["face_down"] = w == "face-down"
        elif w in ("enchanted", "unenchanted"):
            q["enchanted"] = w == "enchanted"
        elif w == "equipped":
            q["equipped"] = True
        elif w == "modified":  # CR 700.9
            q["modified"] = True
        elif w in _COLOR_WORDS:
            q["colors"] = q.get("colors", ()) + (_COLOR_WORDS[w],)
        elif w.startswith("non") and w[3:] in _COLOR_WORDS:
            q["not_colors"] = q.get("not_colors", ()) + (_COLOR_WORDS[w[3:]],)
        elif w in ("colorless", "colored"):
            q["colorless"] = w == "colorless"
        elif w == "multicolored":
            q["multicolored"] = True
        elif w == "monocolored":
            q["monocolored"] = True
        elif w in ("tapped", "untapped"):
            q["tapped"] = w == "tapped"
        elif w in ("token", "nontoken"):
            q["token"] = w == "token"
        elif w in ("attacking", "blocking", "blocked", "unblocked", "nonattacking", "nonblocking") and "combat" not in q:
            q["combat"] = w
        elif w in ("another", "other"):
            q["other"] = True
        else:
            raise ValueError(f"the adjective {w!r} is not read")
    return Qualifier(**q)


def tail_qualifier(tail: str) -> tuple[Qualifier, str | None, str]:
    """Read the qualifying words after a noun ("with flying", "with power 2 or less", "with a +1/+1 counter on it",
    "that's attacking you", "that's red or green", "other than this creature", "you control", "that dealt damage to
    you this turn"), as many as follow one another.

    Parameters
    ----------
    tail : str
        The words after the noun, lower or mixed case.

    Returns
    -------
    (Qualifier, controller, rest)
        What was read, the controller words read (``you``/``opponent``, ``None`` if none) and the words left.
    """
    q = Qualifier()
    controller: str | None = None
    rest = tail.strip()
    while rest:
        m = _CONTROLLER_RE.match(rest)
        if m and controller is None:
            controller = _CONTROLLERS[m.group(1).lower()]
        elif (m := _OPPONENTS_CHOICE_RE.match(rest)) and controller is None:
            controller = "opponent"
        elif m := _WHOSE_CHOICE_RE.match(rest):
            pass
        elif m := _NOT_NAMED_RE.match(rest):
            q = q.merge(Qualifier(not_named=m.group("name")))
        elif m := _BLOCK_REL_RE.match(rest):
            if q.combat is not None:
                break
            status = "blocked_by_it" if m.group("its") else \
                "blocking_or_blocked_by_it" if m.group("both") == "blocking or blocked by" else "blocking_it"
            q = q.merge(Qualifier(combat=status))
        elif m := _ATTACHED_RE.match(rest):
            want = m.group("neg").lower() not in ("isn't", "is not", "aren't")
            q = q.merge(Qualifier(enchanted=want) if m.group("what").lower() == "enchanted" else Qualifier(equipped=want))
        elif m := _NAMED_RE.match(rest):
            q = q.merge(Qualifier(name=m.group("name")))
        elif m := _X_IN_COST_RE.match(rest):  # Rosheen, Roaring Prophet (CR 107.3, 202.1)
            q = q.merge(Qualifier(x_in_cost=True))
        elif (m := _OTHER_THAN_NAME_RE.match(rest)) and not _OTHER_THAN_RE.match(rest):
            q = q.merge(Qualifier(other_than=m.group("name")))
        elif m := _NUMBER_RE.match(rest):
            op = {"or less": "<=", "or greater": ">=", "or more": ">=", None: "=="}[m.group(3) and m.group(3).lower()]
            quantity = m.group(1).lower().replace(" ", "_")
            if m.group(2).lower() == "x":
                # "with mana value X or less" (Quillmane Baku): the X announced as the spell is cast or the ability
                # activated (CR 107.3a, 601.2b), before targets are chosen (601.2c): an amount the caller gives

                q = q.merge(Qualifier(compare=(Comparison(quantity, op, 0, amount=VariableX()),)))
            else:
                q = q.merge(Qualifier(compare=(Comparison(quantity, op, int(m.group(2))),)))
        elif m := _NUMBER_RE2.match(rest):
            op = {"less than or equal to": "<=", "greater than or equal to": ">=", "less than": "<",
                  "greater than": ">"}[m.group(2).lower()]
            q = q.merge(Qualifier(compare=(Comparison(m.group(1).lower().replace(" ", "_"), op, int(m.group(3))),)))
        elif m := _NUMBER_RE3.match(rest):
            op = {"less than or equal to": "<=", "greater than or equal to": ">=", "less than": "<",
                  "greater than": ">", "equal to": "=="}[m.group(2).lower()]
            q = q.merge(Qualifier(compare=(Comparison(m.group(1).lower().replace(" ", "_"), op, 0,
                                                      against=m.group(3).lower().replace(" ", "_")),)))
        elif (m := _NUMBER_RE4.match(rest)) and (amt := _amount_or_none(m.group(3))) is not None:
            op = {"less than or equal to": "<=", "greater than or equal to": ">=", "less than": "<",
                  "greater than": ">", "equal to": "=="}[m.group(2).lower()]
            q = q.merge(Qualifier(compare=(Comparison(m.group(1).lower().replace(" ", "_"), op, 0, amount=amt),)))
        elif m := _KEYWORD_RE.match(rest):
            kw = m.group(2).lower()
            q = q.merge(Qualifier(keywords=(kw,)) if m.group(1).lower() == "with" else Qualifier(without_keywords=(kw,)))
        elif m := _COUNTER_RE.match(rest):
            q = q.merge(Qualifier(counters=((m.group(1) or "").lower(),)))
        elif m := _THATS_RE.match(rest):
            status = m.group(1).lower() + ("_you" if m.group(2) and m.group(1).lower() == "attacking" else "")
            if m.group(2) and status != "attacking_you":
                break  # "that's blocking you" is not a status
            if q.combat is not None:
                break
            q = q.merge(Qualifier(combat=status))
        elif m := _THATS_COLOR_RE.match(rest):
            cs = tuple(_COLOR_WORDS[w] for w in re.findall(r"white|blue|black|red|green", m.group(1).lower()))
            q = q.merge(Qualifier(colors_any=cs) if len(cs) > 1 else Qualifier(colors=cs))
        elif m := _OTHER_THAN_RE.match(rest):
            q = q.merge(Qualifier(other=True))
        elif m := _THIS_TURN_RE.match(rest):
            q = q.merge(Qualifier(this_turn=_THIS_TURN[re.sub(r"\s+", " ", m.group(1).lower())]))
        elif m := _HISTORY_RE.match(rest):
            q = q.merge(Qualifier(history=m.group(0)))
        elif pc := player_condition(rest):
            q = q.merge(Qualifier(player=pc[0]))
            rest = rest[pc[1]:].lstrip(" ,")
            continue
        else:
            break
        rest = rest[m.end():].lstrip(" ,")
        if rest[:4].lower() == "and " and re.match(r"and (?:with|without|that's)\b", rest, re.I):
            rest = rest[4:]
    return q, controller, rest


def _qualified_filter(w: str, controller: str, other: bool, words: str) -> Filter:
    """``parse_filter(..., qualifiers=True)`` for words the plain reader does not take: a union of nouns, each
    with its own adjectives, an adjective before the last noun shared ("red or white creature": red creature or
    white creature; "black or artifact creature": black creature or artifact creature), qualifiers after the noun
    ("creature with defender")."""
    # "or" between nouns, not in "power 4 or greater" / "2 or less" (a comparison, CR 208)
    alts = [re.sub(r"^(?:an?|another|other) ", "", x.strip())
            for x in re.split(r",\s*(?:or\s+|and/or\s+)?|\s+or\s+(?!greater\b|less\b|more\b|fewer\b)|\s+and/or\s+", w)
            if x.strip()]
    if len(alts) > 1:
        head = alts[-1].split()[-1]
        out = []
        for a in alts:
            parts = a.split()
            if all(p in QUALIFIER_ADJECTIVES for p in parts) and head not in QUALIFIER_ADJECTIVES:
                a = f"{a} {head}"  # an adjective alone shares the last noun
            out.append(_qualified_filter(a, "any", False, a))
        # a union of colours alone ("a red or green card"): any card of one of them, permanent or not (CR 105.2)
        kinds = ("Permanent",) if all(a.all_of or a.any_of for a in out) else ()
        return Filter(all_of=kinds, controller=controller, other=other, alternatives=tuple(out), words=words)
    text = alts[0] if alts else w
    # after the noun: "with defender", "that's red", and what it did this turn ("that fought this turn", _THIS_TURN_RE)
    m = re.match(r"^(.*?)\s+((?:with|without|that's|that is)\b.*|(?:that|which) (?:fought|entered|attacked|dealt|was dealt|"
                 r"were dealt)\b.*\bthis turn)$", text)
    tq = Qualifier()
    if m:
        tq, ctl, rest = tail_qualifier(m.group(2))
        if rest or ctl:
            raise ValueError(f"filter {words!r} not understood")
        text = m.group(1)
    parts = text.split()
    adjs = [p for p in parts if p in QUALIFIER_ADJECTIVES]
    plain = " ".join(p for p in parts if p not in QUALIFIER_ADJECTIVES)
    if not plain and adjs and all(a in _CARD_ADJECTIVES for a in adjs):
        # colour words alone, the noun ("card") left out by the caller: "a red card", "a nonblack card" (CR 105.2)
        base = Filter(controller=controller, words=words)
    elif not plain:
        raise ValueError(f"filter {words!r} not understood")
    else:
        base = parse_filter(plain, controller)
    q = adjective_qualifier([[a] for a in adjs]).merge(tq)
    if base.nontoken:
        q = q.merge(Qualifier(token=False))
    return dataclasses.replace(base, other=base.other or other, qualifier=q, words=words)


# ---------------------------------------------------------------------------
# Amounts: how many objects, counters, life, ...
# ---------------------------------------------------------------------------

_RULES = {"you control": "you", "on the battlefield": "any", "an opponent controls": "opponent"}


def parse_amount(text: str) -> Amount:
    """An amount from its words (what follows "for each", "equal to" or "where X is").

    Raises ``ValueError`` for wording that is not modelled.
    """
    t = text.lower().strip().rstrip(".")
    t = re.sub(r"^the number of ", "", t)
    if t == "x":
        return VariableX()
    n = parse_count_word(t)
    if n is not None:
        return Fixed(n)
    m = re.fullmatch(r"(?:(\w+) )?(\S+) counters? on (?:this|it)(?: \w+)?", t)
    if m:
        return CountersOn(m.group(2))
    m = re.fullmatch(r"your devotion to (white|blue|black|red|green)", t)
    if m:
        return Devotion(_COLOR_WORDS[m.group(1)])
    # "this creature's power"; "Marwyn's power" reads "this's power" once the card's name is replaced
    if re.fullmatch(r"(this creature|this artifact|this)'s power", t):
        return PowerOf()
    if t in ("of your opponents who lost life this turn", "opponent who lost life this turn"):
        return PlayersWho("life_lost", "opponent")  # CR 119.3
    if t in ("creature in your party", "creatures in your party"):
        return PartySize()  # CR 700.8
    m = re.fullmatch(r"(?:(\S+) )?counters? removed this way", t)
    if m:  # "for each storage counter removed this way": the number removed to pay the cost (CR 118.3)
        return CountersRemoved(m.group(1) or "")
    if re.fullmatch(r"(?:each )?(?:artifact|creature|land|permanent)s? sacrificed this way", t):
        # Radiant Lotus's "for each artifact sacrificed this way" with "Sacrifice one or more artifacts": the number
        # sacrificed is chosen as the cost is paid (CR 601.2h, 118.3), read as the cost's X (CR 107.3)
        return VariableX()
    m = re.fullmatch(r"(.+?) (you control|on the battlefield|an opponent controls)", t)
    if m:
        try:
            return CountOf(parse_filter(m.group(1), _RULES[m.group(2)]))
        except ValueError:
            pass
    got = _board_amount(t, re.sub(r"^the number of ", "", text.strip().rstrip("."), flags=re.I))
    if got is not None:
        return got
    raise ValueError(f"the amount {text!r} is not modelled")


_STATS = {"power": "power", "toughness": "toughness", "mana value": "mana_value"}
_ZONE_RE = re.compile(r"^(.+?) (?:in|from) (your|an opponent's|each opponent's|a|all) (graveyard|hand|library|exile)s?$")
_HISTORY_AMOUNTS = {
    "the amount of life you gained this turn": ThisTurn("life_gained"),
    "the amount of life you've gained this turn": ThisTurn("life_gained"),
    "card you've drawn this turn": ThisTurn("cards_drawn"),
    "the number of cards you've drawn this turn": ThisTurn("cards_drawn"),
    "cards you've drawn this turn": ThisTurn("cards_drawn"),
    # every opponent's life lost this turn, summed (CR 119.3; Megatron, Tyrant: "for each 1 life your opponents have
    # lost this turn")
    "1 life your opponents have lost this turn": ThisTurn("life_lost", "opponent"),
}


def parse_objects(words: str, text: str = "") -> Filter:
    """The objects an amount counts or reads, from their words: permanents ("other creatures you control",
    "creature with power 4 or greater you control", "creatures you control with defender", "artifact you control
    named Powerstone Shard", "Urza's land you control") or cards in a zone ("black creature card in your
    graveyard", "artifact cards in your hand"). Qualifiers are read (``parse_filter(..., qualifiers=True)``), so
    only callers that evaluate them against the state use this (``solver.rules.quantities``).

    Raises ``ValueError`` for words that are not understood.
    """
    w = words.strip().lower()
    shown = text or words.strip()
    m = _ZONE_RE.fullmatch(w)
    if m:
        whose = {"your": "you", "an opponent's": "opponent", "each opponent's": "opponent"}.get(m.group(2), "any")
        noun = re.sub(r"\s*\bcards?\b", "", m.group(1)).strip()
        if re.match(r"(?:with|without|that's|that is)\b", noun):  # "cards with {X} in their mana cost in your hand"

            q, ctl, rest = tail_qualifier(noun)
            if rest or ctl:
                raise ValueError(f"the objects {words!r} are not understood")
            f = Filter(qualifier=q)
        else:
            f = _objects(noun, whose, words) if noun else Filter()
        return dataclasses.replace(f, zone=m.group(3), controller=whose, words=shown)
    name = None
    m = re.fullmatch(r"(.+?) named (.+)", w)
    if m:  # "artifact you control named Powerstone Shard" (CR 201.2: the card's English name, as printed)
        w, name = m.group(1), re.search(r"named (.+)$", words.strip(), re.I).group(1)  # type: ignore[union-attr]
    controller = "any"
    m = re.fullmatch(r"(.+?) (you control|an opponent controls|your opponents control|on the battlefield)(?: (.+))?", w)
    if m:
        controller = {"you control": "you", "on the battlefield": "any"}.get(m.group(2), "opponent")
        w = m.group(1) + (" " + m.group(3) if m.group(3) else "")
    f = _objects(w, controller, words)
    if name is not None and name.lower() == "this":
        name = "this"  # "named [this card's name]": the source's own name (solver.rules.quantities.matching_objects)
    return dataclasses.replace(f, name=name if name is not None else f.name, words=shown)


def _objects(w: str, controller: str, words: str) -> Filter:
    urza = re.fullmatch(r"(other |another )?urza's lands?", w)
    tail = re.fullmatch(r"(.+?) ((?:with|without|that's|that is)\b.+)", w)
    if urza:  # "Urza's" is a land type (CR 205.3i)
        return Filter(all_of=("Urza's", "Land"), controller=controller, other=bool(urza.group(1)))
    if tail:  # "creature with power 4 or greater": the words after the noun are one qualifier, not a union
        q, ctl, rest = tail_qualifier(tail.group(2))
        if rest or ctl:
            raise ValueError(f"the objects {words!r} are not understood")
        f = parse_filter(tail.group(1), controller, qualifiers=True)
        return dataclasses.replace(f, qualifier=f.qualifier.merge(q))
    return parse_filter(w, controller, qualifiers=True)


def _board_amount(t: str, words: str) -> Amount | None:
    """The amounts read from the board, the turn history or the source (``_board_amount``: see ``parse_amount``)."""
    if t in _HISTORY_AMOUNTS:
        return _HISTORY_AMOUNTS[t]
    if t in ("1 life your opponents have lost this turn", "each 1 life your opponents have lost this turn"):
        return ThisTurn("life_lost", "opponent")  # every opponent together (Neheb, the Eternal; CR 119.3)
    m = re.fullmatch(r"(?:the number of )?(\w+) counters you have", t)
    if m:  # "the number of experience counters you have" (CR 122.1)
        return PlayerCounters(m.group(1))
    m = re.fullmatch(r"(?:the )?greatest number of (.+?) that (?:have|share) a creature type in common", t)
    if m:  # White Lotus Tile, Basalt Ravager (CR 205.3m)

        return SharingCreatureType(parse_objects(words[m.start(1):m.end(1)]))
    m = re.fullmatch(r"(?:the )?(greatest|total) (power|toughness|mana value) (?:among|of) (.+)", t)
    if m:
        kind = GreatestAmong if m.group(1) == "greatest" else TotalAmong
        return kind(_STATS[m.group(2)], parse_objects(words[m.start(3):]))
    m = re.fullmatch(r"(?:this creature|this artifact|this)'s (power|toughness|mana value)", t)
    if m:
        return StatOf(_STATS[m.group(1)], "this")
    m = re.fullmatch(r"(?:the )?(sacrificed|exiled) (?:creature|artifact|permanent|card|land)'s (power|toughness|mana value)", t)
    if m:  # chosen as the cost is paid (CR 601.2h, 608.2h): the callers enumerate it
        return StatOf(_STATS[m.group(2)], m.group(1))
    m = re.fullmatch(r"that (?:creature|permanent)'s (power|toughness|mana value)", t)
    if m:  # the object of the trigger event ("Whenever this creature or equipped creature attacks, ... its power")
        return StatOf(_STATS[m.group(1)], "that")
    m = re.fullmatch(r"(\d+|one|two|three) plus (.+)", t)
    if m:  # "1 plus the exiled creature's mana value"
        return Sum((parse_amount(m.group(2)),), plus=int(parse_count_word(m.group(1)) or 0))
    m = re.fullmatch(r"(.+) plus (\d+|one|two|three)", t)
    if m:  # "X plus one"
        return Sum((parse_amount(m.group(1)),), plus=int(parse_count_word(m.group(2)) or 0))
    m = re.fullmatch(r"(?:the number of )?basic land types? among (.+)", t)
    if m:
        return DistinctAmong("basic_land_type", parse_objects(m.group(1)))
    m = re.fullmatch(r"(?:each )?different (power|mana value|color|card type|name) among (.+)", t)
    if m:
        return DistinctAmong(m.group(1).replace(" ", "_"), parse_objects(m.group(2)))
    if re.fullmatch(r"(?:a )?counters? on (?:this|it)(?: \w+)?", t):
        return CountersOn("")  # "for each counter on Nardole": every kind (CR 122.1)
    if t in ("your devotion to that color", "your devotion to the chosen color"):
        return Devotion("chosen")  # "Choose a color. Add ... equal to your devotion to that color" (CR 700.5)
    m = re.fullmatch(r"(.+?) of the chosen (?:creature )?type", t)
    if m:  # Three Tree City: the creature type chosen as it entered
        return OfChosenType(parse_objects(m.group(1)))
    m = re.fullmatch(r"(.+ in (?:your|a) hand) revealed this way", t)
    if m:  # written by models.text.mana from "Reveal any number of artifact cards in your hand. Add ... for each card
        # revealed this way" (the reveal sentence names the cards)
        return Revealed(parse_objects(words[: m.end(1)]))
    if re.fullmatch(r"(.+) (?:in|from) (?:your|an opponent's|a) (?:graveyard|hand|library|exile)", t):
        return CountOf(parse_objects(words))
    try:  # "creature with power 4 or greater you control", "creatures you control with defender"
        f = parse_objects(words)
    except ValueError:
        return None
    return CountOf(f) if f.controller != "any" or t.endswith("on the battlefield") else None


_COLOR_SOURCE_KINDS = {"creature": "Creature", "planeswalker": "Planeswalker", "artifact": "Artifact", "enchantment": "Enchantment",
               "land": "Land", "permanent": "Permanent", "battle": "Battle"}


def parse_color_sources(text: str) -> Filter:
    """The objects whose colours a mana ability looks at, from the words after "color among" / "a color of"
    ("permanents you control", "legendary creatures and planeswalkers you control", "a permanent you control").

    Also "the exiled card(s)" (the cards exiled with the source, CR 607.2a), "a permanent a player controls" (any
    controller), cards in a zone ("legendary creature cards in your graveyard") and "monocolored permanents you
    control" (read by ``parse_objects``, qualifiers included; ``solver.rules.quantities.matching_objects`` evaluates them).

    Returns a ``Filter`` (controller ``you`` when the words say so). Raises ``ValueError`` for other wording.
    """
    t = text.lower().strip().rstrip(".")
    if t in ("this", "this creature", "this artifact", "this permanent", "this land"):  # "any of this creature's colors"
        return Filter(relation="this", controller="any", words=text.strip())
    if t in ("the exiled card", "the exiled cards"):  # Chrome Mox, Pit of Offerings: the linked exiled cards (CR 607.2a)
        return Filter(relation="exiled_with", zone="exile", controller="any", words=text.strip())
    if re.fullmatch(r"(?:a |each )?permanents? (?:a player|any player|players) controls?", t):
        return Filter(all_of=("Permanent",), controller="any", words=text.strip())  # Reflective Gate
    if _ZONE_RE.fullmatch(t) or re.match(r"(?:mono|multi)colored ", t):
        # "legendary creature cards in your graveyard" (The Grey Havens), "a card in your graveyard" (Corrupted
        # Grafstone), "monocolored permanents you control" (Tarnation Vista): the objects' words, qualifiers read
        return parse_objects(re.sub(r"^(?:a|an) ", "", t), text.strip())
    m = re.fullmatch(r"(?:an? )?(legendary )?((?:creature|planeswalker|artifact|enchantment|land|permanent|battle)s?"
                     r"(?:(?:,| and| or|, and|, or) (?:creature|planeswalker|artifact|enchantment|land|permanent|battle)s?)*)"
                     r" you control", t)
    if not m:
        raise ValueError(f"the colours of {text!r} are not modelled")
    kinds = [_COLOR_SOURCE_KINDS[w.rstrip("s")] for w in re.findall(r"[a-z]+", m.group(2)) if w.rstrip("s") in _COLOR_SOURCE_KINDS]
    kinds = list(dict.fromkeys(kinds))
    legendary = ("Legendary",) if m.group(1) else ()
    if len(kinds) == 1:
        return Filter(all_of=legendary + (kinds[0],), controller="you", words=text.strip())
    return Filter(all_of=legendary or ("Permanent",), any_of=tuple(kinds), controller="you", words=text.strip())
