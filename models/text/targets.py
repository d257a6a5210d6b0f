"""What a spell or ability targets (CR 115, 601.2c): the target words of abilities read into typed requirements
(``models.vocab.targeting_specs``), through the reader this module installs there when imported
(``install_target_reader``; ``models/text/__init__.py`` imports it).

For each ability, ``spell_part`` reads what its words contribute to a spell's targets (``SpellPart``): the typed
steps that name a ``target`` (``instructions``), spell text the instruction parser did not turn into steps, a
"Choose one —" line and its "•" mode lines, a spree mode; ``enchant_words`` what an Aura's enchant ability names
(CR 303.4a); ``modal_targets`` the modes of an activated ability (CR 700.2). The vocabulary's
``spell_targets`` combines them into a ``SpellTargets``: the requirements of each mode (a non-modal spell has one
mode), how many modes must be chosen, and the target phrases that could not be read (then the legality of the
targets is not known). The reader also says whether an ability's words could change what can be targeted
(``mentions_targeting``, CR 702.11, 702.16, 702.18), may tap another permanent (``may_tap_others``), and how it
reads cleaved (``cleave``, CR 702.148a).

Only the spell's own text counts: an Aura spell targets what it can enchant (CR 303.4a, "Enchant creature");
abilities of a permanent spell other than an Aura's enchant are not the spell's targets; triggered abilities
("When you cast this spell, ...") and keyword lines (flashback, kicker) are not either.

A requirement (``TargetSpec``) says which objects or players it may be (``kinds``: ``player``, ``permanent``,
``spell``, ``card``, ``ability``), the card types of which one is needed (``types``: any of), the controller
(``you``/``opponent``/``any``), the zone of a card (``graveyard`` ...), how many distinct ones at least
(``count``; 0 for "up to N", "any number of", X), and ``unknown`` qualifiers not modelled ("with flying",
"attacking", "with mana value 3 or less"), so a checker can say "no legal target" only when no object even
of the right kind exists, and ``unsupported`` otherwise.

Some requirements depend on choices made as the spell is cast (CR 601.2c): a sentence that works only "if this spell
was kicked", "if this spell was bargained" or "if the gift was promised" has requirements ``only_if`` that choice; its
"instead" replaces the requirements of the sentence before it (``not_if``); "for each time this spell was kicked"
repeats one per kick (``each_time``). ``SpellTargets.as_cast(choices, entwined)`` gives the requirements of the spell
as cast (entwined: every mode's, 702.42a). Other wordings of such a choice are not read (``unread``).

References: CR 115.1 (targets), 115.3 (each "target" word is a separate target), 601.2c (choosing targets:
a spell that needs a target it cannot choose cannot be cast), 700.2 (modal spells), 303.4a (Aura spells), 702.33c
(multikicker), 702.42a (entwine), 702.166 (bargain), 702.174m (gift).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable

from ..game.subtypes import singular
from ..vocab.resolution import Draw, Instructions, Scry
from ..vocab.keyword_effects import Keyword
from ..vocab.filters import Qualifier
from ..vocab.topics import Scope
from ..vocab.targeting import CantBeTargeted, PlayerKeyword
from ..vocab.grants import GrantAbility
from ..vocab.effect import Unmodelled
from ..vocab.targeting_specs import (EnchantWords, SpellPart, SpellTargets, TargetReader, TargetSpec,
                                     install_target_reader)
from .untargetable import keyword_qualities
from .topics import classify
from ..vocab.spree import SpreeMode
from .filters import PT_ADJECTIVE, QUALIFIER_ADJECTIVES, adjective_qualifier, tail_qualifier
from .words import parse_count_word
from .filters import parse_filter
from .lines import LABEL_RE

_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
          "planeswalker": "Planeswalker", "battle": "Battle", "instant": "Instant", "sorcery": "Sorcery",
          "permanent": "", "spell": "", "card": "", "player": "", "opponent": "", "ability": ""}
_PLURAL = {"creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment", "lands": "land",
           "planeswalkers": "planeswalker", "permanents": "permanent", "spells": "spell", "cards": "card",
           "players": "player", "opponents": "opponent", "battles": "battle", "abilities": "ability"}
#: Adjectives the checker cannot evaluate (combat, colours, names ...); "non<type>" is read as a type exclusion.
_SUPER = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow"}
_QUALIFIERS = {"attacking", "blocking", "token", "nonattacking", "nonblocking", "white", "blue", "black", "red", "green", "colorless", "multicolored",
               "monocolored", "nonwhite", "nonblue", "nonblack", "nonred", "nongreen", "snow", "other", "another",
               "historic", "face-down", "unblocked", "activated", "triggered", "equipped", "enchanted"}
#: A variable number of targets announced as the spell is cast (CR 601.2c): "one or two", "one, two, or three",
#: "one or more" — at least one, at most two / three / any.
_RANGE = r"one or two|one, two, or three|one or more"
_RANGE_MOST = {"one or two": 2, "one, two, or three": 3, "one or more": None}
_COUNT = (r"(?:(?P<upto>up to (?P<n1>one|two|three|four|five|six|seven|x|\d+) )|(?P<any>any number of )|"
          r"(?P<rng>" + _RANGE + r") |(?P<n2>one|two|three|four|five|six|seven|eight|nine|ten|x|\d+) )?")
_PHRASE = re.compile(r"\b" + _COUNT + r"(?P<oth>(?:other |another ))?target (?P<rest>.+)$", re.I)
_ANY_TARGET = re.compile(r"\b" + _COUNT + r"(?P<oth>(?:other |another ))?any (?P<another>other )?target\b", re.I)
_AMONG = re.compile(r"\bamong (?P<what>any number of|one or two|one, two, or three|one or more|two|three) "
                    r"(?P<rest>other )?targets\b", re.I)
_CHOOSE = re.compile(r"^choose (?P<n>one|two|three|one or both|one or more|any number)(?: —|:|\.)?\s*(?:—)?\s*$", re.I)
_BULLET = re.compile(r"^[•\-]\s*(?:\+\d+ — )?")
_TRIGGER_OR_KEYWORD = re.compile(r"^(when|whenever|at the beginning|flashback|kicker|multikicker|buyback|entwine|"
                                 r"overload|escape|jump-start|retrace|cycling|splice|madness|suspend|convoke|delve|"
                                 r"affinity|storm|cascade|replicate|as an additional cost|this spell costs|"
                                 r"you may cast|this spell can't be countered|spree)\b", re.I)
_REMINDER = re.compile(r"\([^)]*\)")
#: A subtype word (CR 205.3): capitalised, hyphenated ones too ("Assembly-Worker", "Time-Lord"; 205.3m).
_SUBTYPE_WORD = r"[A-Z][a-z'\-]+(?:-[A-Z][a-z'\-]+)*"
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")


def _clean(text: str) -> str:
    # square brackets mark the words cleave removes (CR 702.148a); cast otherwise, the words are read as printed
    return _QUOTED.sub("", _REMINDER.sub("", text or "")).replace("[", "").replace("]", "").strip()


#: Words in square brackets (CR 702.148a: removed when the cleave cost was paid).
_BRACKETED = re.compile(r"\s*\[[^\]]*\]")


def cleave(a: Any) -> Any:
    """Ability ``a`` as its text reads when the spell's cleave cost was paid (CR 702.148a: "change its text by
    removing all text found within square brackets"): an ability whose text has bracketed words becomes the untyped
    sentence without them (an ``Unmodelled`` with the topics of an instruction), read again by the target rules
    (``models.vocab.targeting_specs.spell_targets``); any other ability is itself.

    Raises
    ------
    ValueError : a bracketed ability that is not a spell ability (a static or triggered ability whose rules would
        change), or whose typed reading the removal would change: it is not read here.
    """
    text = a.text or ""
    if "[" not in text:
        return a
    if a.kind != "spell" or not isinstance(a.effect, Unmodelled):
        raise ValueError(f"the cleaved text of “{text}” is not read")
    new = re.sub(r"\s+([.,])", r"\1", _BRACKETED.sub("", text)).strip()
    return dataclasses.replace(a, text=new, effect=Unmodelled(new, classify(new, "spell"), scope=Scope.INSTRUCTION))


@dataclass
class _Seg:
    """One noun of a union ("land", "nonblack creature", "artifact creature", "Vehicle"): its card types (all of
    them), its kind word, the adjective groups before it, its subtypes."""

    types: list[str] = field(default_factory=list)
    kind: str | None = None
    adjs: list[list[str]] = field(default_factory=list)
    subs: list[str] = field(default_factory=list)
    supers: list[str] = field(default_factory=list)
    excl_supers: list[str] = field(default_factory=list)

    def key(self) -> tuple:
        return (tuple(tuple(g) for g in self.adjs), tuple(self.subs), tuple(self.supers), tuple(self.excl_supers))


@dataclass
class _Noun:
    heads: list[str] = field(default_factory=list)
    excl: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    excl_subtypes: list[str] = field(default_factory=list)
    supers: list[str] = field(default_factory=list)
    excl_supers: list[str] = field(default_factory=list)
    segs: list[_Seg] = field(default_factory=list)
    pending: list[list[str]] = field(default_factory=list)


def _is_head_word(word: str) -> bool:
    w = word.lower().strip(",")
    w = w[:-2] if w.endswith("'s") else w
    return _PLURAL.get(w, w) in _TYPES


def _read_noun_phrase(words: list[str]) -> tuple[_Noun, int]:
    """Consume the words of a target noun phrase; returns what it says and the number of words used.

    The nouns of a union ("land or nonblack creature", "creature or Vehicle") are kept apart (``segs``) with the
    adjectives before each; adjacent type words ("artifact creature") are one noun with both types."""
    nn = _Noun()
    heads, excl, unknown, kinds = nn.heads, nn.excl, nn.unknown, nn.kinds
    prev = "start"
    pending_subs: list[str] = []

    pending_supers: tuple[list[str], list[str]] = ([], [])

    def new_seg() -> _Seg:
        seg = _Seg(adjs=nn.pending, subs=list(pending_subs), supers=list(pending_supers[0]),
                   excl_supers=list(pending_supers[1]))
        nn.pending = []
        pending_subs.clear()
        pending_supers[0].clear()
        pending_supers[1].clear()
        nn.segs.append(seg)
        return seg

    i = 0
    while i < len(words):
        raw = words[i].strip(",")
        lw = raw.lower()
        trail_comma = words[i].endswith(",")
        if lw in _SUPER or (lw.startswith("non") and lw[3:] in _SUPER):
            (nn.supers if lw in _SUPER else nn.excl_supers).append(_SUPER[lw] if lw in _SUPER else _SUPER[lw[3:]])
            pending_supers[0 if lw in _SUPER else 1].append(_SUPER[lw] if lw in _SUPER else _SUPER[lw[3:]])
            i += 1
            prev = "conn" if trail_comma else "excl"
            continue
        sm = re.fullmatch(r"non-([A-Z][a-z'\-]+)", raw)
        if sm:
            nn.excl_subtypes.append(sm.group(1))
            i += 1
            prev = "conn" if trail_comma else "excl"
            continue
        if re.fullmatch(_SUBTYPE_WORD + r"s?", raw) and lw not in _TYPES and lw not in _PLURAL and i > 0 or \
                (re.fullmatch(_SUBTYPE_WORD, raw) and i == 0 and lw not in _TYPES and lw not in _PLURAL):
            # a subtype (Goblin, Aura, Wall, Mountain); plural "Goblins" read as the subtype
            sub = singular(raw)  # the one singular of type words: "Goblins", "Elves", "Locus", "Plains" (CR 205.3)
            nn.subtypes.append(sub)
            i += 1
            nxt = words[i] if i < len(words) else ""
            if not trail_comma and nxt and (_is_head_word(nxt) or re.fullmatch(_SUBTYPE_WORD + r"s?,?", nxt)):
                pending_subs.append(sub)  # "Goblin creature": a subtype of the noun that follows
                prev = "sub"
            else:
                new_seg().subs.append(sub)  # "creature or Vehicle": the subtype is a noun of its own
                prev = "conn" if trail_comma else "head"
            continue
        w = lw
        possessive = w.endswith("'s")
        if possessive:
            w = w[:-2]
        base = _PLURAL.get(w, w)
        if base in _TYPES:
            kind = None
            if base in ("player", "opponent"):
                kinds.append("player")
                kind = "player"
                if base == "opponent":
                    unknown.append("@opponent")
            elif base in ("spell", "card", "ability", "permanent"):
                kinds.append(base)
                kind = base
            else:
                heads.append(_TYPES[base])
            if prev == "type" and nn.segs and (kind is None or nn.segs[-1].kind is None):
                seg = nn.segs[-1]  # "artifact creature", "creature spell": one noun
            else:
                seg = new_seg()
            if kind is None:
                seg.types.append(_TYPES[base])
            else:
                seg.kind = kind
            i += 1
            prev = "conn" if trail_comma else "type"
            if possessive:  # "target player's graveyard": the target is the player
                break
            continue
        elif w.startswith("non") and w[3:] in _TYPES and _TYPES[w[3:]]:
            excl.append(_TYPES[w[3:]])
            i += 1
            prev = "excl"
        elif w == "and" and not (i + 1 < len(words) and _is_head_word(words[i + 1])):
            break  # "target spell and Suffocating Blast deals ...": the phrase ends
        elif w in ("or", "and/or", "and"):
            i += 1
            prev = "adjor" if prev == "adj" and w == "or" else "conn"
            continue
        elif w in ("token", "tokens", "nontoken") and not (i + 1 < len(words) and (
                _is_head_word(words[i + 1]) or words[i + 1].lower().strip(",") in QUALIFIER_ADJECTIVES
                or re.fullmatch(r"[A-Z][a-z'\-]+s?,?", words[i + 1]))):
            nn.pending.append(["nontoken" if w == "nontoken" else "token"])  # "target token": a token permanent
            new_seg().kind = "permanent"
            kinds.append("permanent")
            i += 1
            prev = "conn" if trail_comma else "type"
            continue
        elif w == "other" and i + 1 < len(words) and words[i + 1].lower() == "than":
            break  # "other than this creature": read after the noun
        elif (w in QUALIFIER_ADJECTIVES or PT_ADJECTIVE.match(w)) and prev == "type":
            break  # "target creature blocking or blocked by it": words after the noun, read by the tail
        elif w in QUALIFIER_ADJECTIVES or PT_ADJECTIVE.match(w):
            if prev == "adjor" and nn.pending:
                nn.pending[-1].append(w)
            else:
                nn.pending.append([w])
            i += 1
            prev = "adj"
        elif w in _QUALIFIERS:
            unknown.append(w)
            i += 1
            prev = "unknown"
        else:
            break
        if trail_comma:
            prev = "conn"
    if pending_subs:  # "target Goblin" at the end: the subtype is the noun
        seg = new_seg()
    if nn.pending:
        unknown.extend(" or ".join(g) for g in nn.pending)
        nn.pending = []
    return nn, i


#: Words after a target noun that ``tail_qualifier`` does not read and the target rules do (``_spec_tail``).
_CHOSEN_RE = re.compile(r"^(?:(?P<neg>that (?:isn't|is not|'s not|are not|aren't) )|(?:that's |that is |that are ))?of the "
                        r"chosen (?P<what>color|colors|(?:creature )?type)\b", re.I)
_CONTROLLER_CONTROLS_RE = re.compile(r"^whose controller controls (?P<what>an? [A-Za-z][A-Za-z\- ]*?)(?=$|[,.;]| for\b| and\b"
                                     r"| until\b| to\b| onto\b| gets?\b| gains?\b| can't\b)", re.I)
_IN_EXILE_RE = re.compile(r"^in exile\b", re.I)
_EXILED_WITH_RE = re.compile(r"^[Ee]xiled with (?P<name>[Tt]his(?: (?:creature|artifact|permanent|land|enchantment|card))?|~|"
                             r"[A-Z][\w'\-]*(?:,? (?:[A-Z][\w'\-]*|of|the|and|a|an|to|in))*)")


def _spec_tail(tail: str, unknown: list[str]) -> tuple[dict[str, Any], str | None, str]:
    """The words after a target noun read here rather than by ``tail_qualifier``: the choice made as the source
    entered ("of the chosen color", "that isn't of the chosen type": ``chosen``; CR 614.12, 607.2), "whose controller
    controls an Island" (``controller_controls``), "in exile" (the zone, CR 406) and "exiled with [this object]"
    (``exiled_with``, CR 406.6, 607.2a; a card exiled with it is in exile). Returns the spec fields, the zone
    (``exile`` or ``None``) and the words left. Words of these shapes not read (an object they do not name in a way
    read here) go to ``unknown``."""

    out: dict[str, Any] = {}
    zone: str | None = None
    rest = tail.strip()
    while rest:
        if cm := _CHOSEN_RE.match(rest):
            what = cm.group("what").lower()
            key = "color" if what.startswith("color") else ("not_type" if cm.group("neg") else "type")
            if key == "not_type" and "color" in what:
                unknown.append(cm.group(0))
            out["chosen"] = out.get("chosen", ()) + (key,)
            rest = rest[cm.end():]
        elif cm := _CONTROLLER_CONTROLS_RE.match(rest):
            try:
                out["controller_controls"] = parse_filter(cm.group("what").strip())
            except ValueError:
                unknown.append(cm.group(0)[:60])
            rest = rest[cm.end():]
        elif cm := _IN_EXILE_RE.match(rest):
            zone = "exile"
            rest = rest[cm.end():]
        elif cm := _EXILED_WITH_RE.match(rest):
            zone = "exile"
            out["exiled_with"] = cm.group("name")
            rest = rest[cm.end():]
        else:
            break
        rest = rest.lstrip(" ,")
    return out, zone, rest


#: "other than a basic land card" (Surgical Extraction, Extirpate, Kotose): the object is not one with all of these
#: supertypes and card types (CR 205.4a, 205.2a).
_OTHER_THAN_KIND_RE = re.compile(r"^other than (?:a|an) (?P<words>(?:(?:basic|legendary|snow) )*(?:land|creature|artifact|"
                                 r"enchantment|planeswalker|instant|sorcery|battle|kindred)) (?:card|permanent|spell)\b",
                                 re.I)


def _other_than_kind(words: str, groups: list[tuple[str, ...]]) -> str:
    """Read "other than a basic land card" at the start of ``words`` into ``groups`` (``TargetSpec.not_all``);
    returns the words left."""
    m = _OTHER_THAN_KIND_RE.match(words.strip())
    if not m:
        return words
    groups.append(tuple(w.capitalize() for w in m.group("words").split()))
    return words.strip()[m.end():].lstrip(" ,")


def _adjectives(groups: list[list[str]], unknown: list[str]) -> Qualifier:
    """The qualifier of adjective groups; words not read go to ``unknown``."""
    try:
        return adjective_qualifier(groups)
    except ValueError:
        unknown.extend(" or ".join(g) for g in groups)
        return Qualifier()


#: "you own", "you don't own", "an opponent owns" after the noun of a permanent target: its owner (CR 108.3)
#: ("you own or control", "you own but don't control", "you own and control" name control too: not read here)
_OWNS_RE = re.compile(r"^(you own|you don't own|an opponent owns)\b(?! (?:or|and|but)\b)", re.I)
_OWNS = {"you own": "you", "you don't own": "not_you", "an opponent owns": "opponent"}

_X_COUNT = re.compile(r"^x (?:other |another )?(?:any )?targets?\b", re.I)


def parse_target_phrase(phrase: str) -> TargetSpec | None:
    """``_parse_target_phrase`` (below), with ``x_count`` set for "X target ..." (CR 107.3a)."""
    spec = _parse_target_phrase(phrase)
    if spec is not None and spec.count == 0 and _X_COUNT.match(phrase.strip()):
        spec = dataclasses.replace(spec, x_count=True)
    return spec


def _parse_target_phrase(phrase: str) -> TargetSpec | None:
    """One phrase starting at the word "target" (with its count words before it), e.g.
    ``"target creature you control"``, ``"up to two target artifacts"``, ``"target instant or sorcery card in
    your graveyard"``, ``"target land or nonblack creature"``, ``"target creature with power 2 or less"``.
    Returns ``None`` when not understood.

    Qualifiers ("nonblack", "with flying", "attacking", "with mana value 3 or greater", "another") become the
    spec's ``qualifier`` (``models.vocab.filters.Qualifier``); a union whose nouns differ in their adjectives or
    subtypes ("land or nonblack creature", "creature or Vehicle") becomes ``alternatives``; words not read stay in
    ``unknown``."""
    m = _ANY_TARGET.match(phrase.strip())
    if m:
        n = _count_of(m)
        other = bool(m.group("oth") or m.group("another"))
        return TargetSpec(phrase, ("player", "permanent"), ("Creature", "Planeswalker", "Battle"), count=n,
                          most=_most_of(m), any_number=_any_number(m), qualifier=Qualifier(other=other))
    m = _PHRASE.match(phrase.strip())
    if not m:
        return None
    n = _count_of(m)
    rest = m.group("rest")
    if _ABILITY.match(rest):
        return _ability_spec(phrase, m, rest, n)
    words = rest.split()
    nn, used = _read_noun_phrase(words)
    heads, excl, unknown, kinds = nn.heads, nn.excl, nn.unknown, nn.kinds
    if nn.subtypes and not heads and not kinds:
        kinds.append("permanent")
    if not heads and not kinds:
        if n == 0:  # "up to one target ...": the spell may have no target at all, whatever the phrase says
            return TargetSpec(phrase, ("player", "permanent", "spell", "card"), count=0)
        return None
    tail = " ".join(words[used:])
    tq, controller_words, tail = tail_qualifier(tail)
    extra, extra_zone, tail = _spec_tail(tail, unknown)
    if extra or extra_zone:
        q2, c2, tail = tail_qualifier(tail)
        tq, controller_words = tq.merge(q2), controller_words or c2
    not_all: list[tuple[str, ...]] = []
    tail = _other_than_kind(tail, not_all).lower()
    controller, zone, owner = controller_words or "any", None, "any"
    zm = re.search(r"\b(?:in|from) (your|a|an opponent's|target player's|that player's|their|a single|a player's|"
                   r"its owner's|their owners'|an opponent's) graveyards?\b", tail)
    if extra_zone and "card" in kinds:
        zone = extra_zone  # a card in exile (CR 406)
    elif zm and "card" in kinds:
        zone = "graveyard"
        # "from a player's graveyard" (Lodestone Bauble): one player's; for one card, any graveyard
        owner = {"your": "you", "a": "any", "an opponent's": "opponent"}.get(zm.group(1), "some")
        if zm.group(1) == "a player's" and n <= 1:
            owner = "any"
        if owner == "some":  # whose graveyard depends on another choice: any graveyard, legality unknown
            owner = "any"
            unknown.append(f"{zm.group(1)} graveyard")
        if zm.start() > 0:
            before, tail2 = tail[:zm.start()].strip(), tail[zm.end():].strip()
            bq, _, left = tail_qualifier(_other_than_kind(before, not_all))
            tq = tq.merge(bq)
            if left:
                unknown.append(left[:60])
            tail = tail2
        else:
            tail = _other_than_kind(tail[zm.end():].strip(), not_all)
            bq, _, tail = tail_qualifier(tail)
            tq = tq.merge(bq)
    if zone is None and "card" not in kinds and (om := _OWNS_RE.match(tail)):
        # "target permanent you own", "target nontoken permanent an opponent owns" (Despotic Scepter, Bronze
        # Tablet): who owns it (CR 108.3; a token's owner, 111.2), read by ``solver.rules.targets``
        owner = _OWNS[om.group(1).lower()]
        tail = tail[om.end():].strip()
    # "on top of its owner's library", "from the battlefield", "to its owner's hand": where it goes, not which
    if n != 0 and re.match(r"^(with|that|without|of|whose|who|named|not|which|dealt|blocking|blocked|attacking|it|it's|other"
                           r"|you own|you don't own|an opponent owns|controlled by)\b", tail):
        # ("controlled by the same player", "controlled by different players": a relation between the targets, CR
        # 601.2c, not read here: unknown legality, never dropped)
        # (who owns a permanent, CR 108.3, is not read here: "target creature you own" stays of unknown legality)
        unknown.append(tail.split(",")[0].split(".")[0][:60])
    if "@opponent" in unknown:
        unknown.remove("@opponent")
        controller = "opponent"
    if "card" in kinds and zone is None:
        if n == 0 and (m.group("upto") or m.group("any")):
            # "up to four target ... cards from ...": zero targets is a legal choice (CR 601.2c: the number of targets
            # is announced, and "up to" allows none), so the spell or ability never lacks them; which cards the
            # words allow is not read (a chosen card's legality stays unknown)
            return TargetSpec(phrase, ("card",), count=0, unknown=(tail[:60] or "the zone",), most=_most_of(m),
                              any_number=_any_number(m))
        return None  # a card in some zone the phrase does not name in a way read here
    if heads and not kinds:
        kinds = ["permanent"]
    if zone in ("graveyard", "exile"):
        kinds = ["card"]
    if m.group("oth"):
        tq = tq.merge(Qualifier(other=True))
    shown = phrase if (unknown or not tq.empty or len(nn.segs) > 1 or extra or not_all) else \
        (phrase[:m.start("rest")] + " ".join(words[:used])).strip()
    cm = re.search(r"\b(you control|you don't control|an opponent controls|your opponents control)\b", phrase, re.I)
    if shown != phrase and controller != "any" and cm:
        shown += " " + cm.group(1)
    if owner != "any" and zone is None and (om := re.search(r"\b(you own|you don't own|an opponent owns)\b", phrase, re.I)) \
            and om.group(1).lower() not in shown.lower():
        shown += " " + om.group(1)
    if zone == "graveyard" and not not_all:
        shown = phrase.split(" graveyard")[0] + " graveyard"
    shown = _trim_shown(shown)
    segs = nn.segs
    if len(segs) > 1 and segs[-1].types and all(not s.types and s.kind is None and s.subs for s in segs[:-1]):
        # "Wolf or Werewolf creature": subtype nouns before the one typed noun share its types (Wolf creature)
        for seg in segs[:-1]:
            seg.types, seg.kind = list(segs[-1].types), segs[-1].kind
    if len(segs) > 1 and all(not (s.adjs or s.supers or s.excl_supers) for s in segs[1:]):
        # "tapped Merfolk or Kithkin creature", "red instant or sorcery card": the words before the first noun
        # qualify each noun
        for seg in segs[1:]:
            seg.adjs, seg.supers, seg.excl_supers = segs[0].adjs, segs[0].supers, segs[0].excl_supers
    first_only = len(segs) > 1 and all(not s.adjs and not s.subs for s in segs[1:])
    same = all(s.key() == segs[0].key() for s in segs) or first_only
    common: dict[str, Any] = dict(excluded=tuple(excl), controller=controller, zone=zone, owner=owner, count=n,
                  unknown=tuple(unknown), excluded_subtypes=tuple(nn.excl_subtypes), supertypes=tuple(nn.supers),
                  excluded_supertypes=tuple(nn.excl_supers), most=_most_of(m), any_number=_any_number(m),
                  not_all=tuple(not_all))
    common.update(extra)
    if same and not (len(segs) > 1 and any(len(s.types) > 1 for s in segs)):
        # one noun, or a union of nouns that share their adjectives ("red or green spell", "red instant or
        # sorcery card": the adjectives before the first noun qualify each noun)
        q = _adjectives(segs[0].adjs, unknown) if segs else Qualifier()
        all_types = tuple(segs[0].types) if len(segs) == 1 and len(segs[0].types) > 1 else ()
        types = () if all_types else tuple(heads)
        common["unknown"] = tuple(unknown)
        return TargetSpec(shown, tuple(dict.fromkeys(kinds)), types, subtypes=tuple(nn.subtypes),
                          qualifier=q.merge(tq), all_types=all_types, **common)
    # a union whose nouns differ ("land or nonblack creature"): one alternative per noun, the words after the
    # nouns ("that's red or green", "you control") qualifying each
    last_kind = next((s.kind for s in reversed(segs) if s.kind in ("spell", "card")), None)
    alts = []
    for s in segs:
        q = _adjectives(s.adjs, unknown)
        kind = "card" if zone == "graveyard" else (s.kind or last_kind or "permanent")
        alts.append(TargetSpec(shown, (kind,), all_types=tuple(s.types), subtypes=tuple(s.subs),
                               qualifier=q.merge(tq), **{**common, "unknown": (), "supertypes": tuple(s.supers),
                                                          "excluded_supertypes": tuple(s.excl_supers)}))
    common.update(unknown=tuple(unknown), supertypes=(), excluded_supertypes=())
    return TargetSpec(shown, tuple(dict.fromkeys(a.kinds[0] for a in alts)), alternatives=tuple(alts), **common)


#: "activated ability", "triggered ability", "activated or triggered ability", "activated ability, triggered
#: ability" (Tale's End): an ability on the stack (CR 115.1c-d; mana abilities never are, 605.3b).
_ABILITY = re.compile(r"^(?:(?P<c>activated) ability,? (?:or )?(?P<d>triggered)|(?P<a>activated|triggered)"
                      r"(?: or (?P<b>activated|triggered))?) abilit(?:y|ies)\b", re.I)
_ABILITY_CONTROLLER = re.compile(r"^(you control|you don't control|an opponent controls|your opponents control)\b", re.I)
#: "from an artifact source", "from a colorless source", "from another legendary source", "from an artifact,
#: creature, enchantment, or land" (Interdict: a permanent of those types).
_ABILITY_SOURCE = re.compile(r"^from (?:an? |another )?(?P<what>[a-z ,\-]+?)(?: source)?(?=$|[.;]| that\b| unless\b| you\b|"
                             r" with\b| and\b| x times\b)", re.I)


def _ability_spec(phrase: str, m: re.Match, rest: str, n: int) -> TargetSpec | None:
    """A target ability on the stack (CR 115.1c-d, 113.7): its kinds (activated, triggered), its controller ("you
    control"), its source ("from an artifact source": ``source`` is a permanent spec; "another": not this
    permanent, 109.5), and a union with a spell ("activated ability, triggered ability, or legendary spell").
    Words not read ("with a single target", "that's not a commander") go to ``unknown``."""
    am = _ABILITY.match(rest)
    assert am is not None
    kinds = tuple(dict.fromkeys(k.lower() for k in am.group("a", "b", "c", "d") if k))
    tail = rest[am.end():].strip()
    unknown: list[str] = []
    controller = "any"
    source: TargetSpec | None = None
    spell: TargetSpec | None = None
    um = re.match(r"^,? ?or (?P<spell>[^.;]*?\bspells?\b)", tail, re.I)
    if um:  # "..., or legendary spell" (Tale's End), "or colorless spell" (Consign to Memory)
        spell = parse_target_phrase("target " + um.group("spell"))
        if spell is None:
            return None
        tail = tail[um.end():].strip()
    while tail:
        cm = _ABILITY_CONTROLLER.match(tail)
        sm = _ABILITY_SOURCE.match(tail)
        if cm and controller == "any":
            controller = {"you control": "you"}.get(cm.group(1).lower(), "opponent")
            tail = tail[cm.end():].strip(" ,")
        elif sm and source is None:
            what = sm.group("what").strip()
            another = tail.lower().startswith("from another ")
            source = parse_target_phrase("target " + what) or parse_target_phrase(f"target {what} permanent")
            if source is None or source.kinds not in (("permanent",), ()):
                unknown.append(f"from {what} source")
                source = None
            elif another:
                source = dataclasses.replace(source, qualifier=source.qualifier.merge(Qualifier(other=True)))
            tail = tail[sm.end():].strip(" ,")
            nm = re.match(r"^that's not a commander\b", tail, re.I)
            if nm:  # whether a permanent is a commander (CR 903.3) is not part of a scenario's battlefield
                unknown.append("a source that's not a commander")
                tail = tail[nm.end():].strip(" ,")
        elif re.match(r"^that isn't a mana ability\b", tail, re.I):
            # mana abilities never go on the stack (CR 605.3b), so every ability there passes
            tail = re.sub(r"^that isn't a mana ability\b", "", tail, flags=re.I).strip(" ,")
        else:
            break
    if tail and not re.match(r"^(?:unless|and|x times|to|if|,)\b", tail, re.I):
        unknown.append(tail.split(".")[0][:60])
    shown = phrase.strip()
    ability = TargetSpec(shown, ("ability",), controller=controller, count=n, unknown=tuple(unknown),
                         most=_most_of(m), any_number=_any_number(m), ability_kinds=kinds, source=source,
                         qualifier=Qualifier(other=bool(m.group("oth"))))
    if spell is None:
        return ability
    spell = dataclasses.replace(spell, text=shown, count=n)
    return TargetSpec(shown, ("ability", "spell"), count=n, most=_most_of(m), any_number=_any_number(m),
                      alternatives=(ability, spell))


def _trim_shown(text: str) -> str:
    """The target phrase without the effect words that follow it, for messages ("target creature with power 2 or
    less" of "target creature with power 2 or less can't be blocked this turn")."""
    return text.strip()


def _most_of(m: re.Match) -> int | None:
    """N of "up to N target ..." and of "one or two target ..." (2); ``None`` for other counts, "up to X" and "one
    or more"."""
    if m.groupdict().get("rng"):
        return _RANGE_MOST[" ".join(m.group("rng").lower().split())]
    return parse_count_word(m.group("n1")) if m.group("upto") else None


def _any_number(m: re.Match) -> bool:
    """"any number of target ..." and "one or more target ...": no most."""
    return bool(m.group("any")) or (m.groupdict().get("rng") or "").lower() == "one or more"


def _count_of(m: re.Match) -> int:
    if m.groupdict().get("rng"):
        return 1  # "one or two target creatures": at least one (CR 601.2c)
    if m.group("upto") or m.group("any"):
        return 0
    w = m.group("n2")
    if not w:
        return 1
    n = parse_count_word(w)
    return 0 if n is None else n  # X targets: X may be 0


_START = re.compile(r"(?P<count>\b(?:up to (?:one|two|three|four|five|six|seven|x|\d+)|any number of|one or two|"
                    r"one, two, or three|one or more|one|two|three|four|"
                    r"five|six|seven|eight|nine|ten|x|\d+) )?(?:(?:other|another) )?(?P<any>any (?:other )?)?"
                    r"\b(?P<word>targets?)\b", re.I)
#: Words before "target(s)" that make it part of another phrase ("a spell that targets you"), not a requirement.
_NOT_A_REQUIREMENT = {"that", "which", "the", "its", "new", "those", "chosen", "spell's", "ability's", "same",
                      "each", "their", "it", "can't", "be", "could", "would", "as", "single", "only", "has",
                      "have", "one's", "no"}
#: Words before a bare "targets" (no count) that make it the verb or a reference to targets already chosen, never a
#: requirement: "If both targets are still legal" (Goblin Welder), "The copy targets the chosen player" (Zevlor),
#: "If that spell targets a commander", "while choosing targets", "Changing targets this way".
_NOT_A_REQUIREMENT_TARGETS = {"both", "copy", "spell", "choosing", "changing"}


#: A sentence of spell text that applies only if a casting choice was made (CR 601.2c; ``TargetSpec.only_if``): "If this
#: spell was kicked, ...", "If this spell was bargained, ...", "If the gift was promised, ..." (702.174m).
_CONDITION = re.compile(r"^if (?:this spell was (?P<cost>kicked|bargained)|the (?P<gift>gift) was promised),\s*", re.I)
#: "For each additional {1}{R} you paid, ..." (an optional additional cost paid any number of times, 601.2b).
_EACH_ADDITIONAL = re.compile(r"^for each additional (?:\{[^}]+\})+ you paid,\s*", re.I)
#: "... another target creature for each time this spell was kicked" (multikicker, CR 702.33c).
_EACH_KICKED = re.compile(r",?\s*for each time this spell was kicked\b", re.I)
#: A mention of a casting choice the words above do not read: the target phrase holding it is not read.
_CHOICE_MENTION = re.compile(r"\b(?:this spell was (?:kicked|bargained)|gift was promised|times? this spell was kicked)\b",
                             re.I)
_INSTEAD = re.compile(r"\binstead\b", re.I)
#: Words naming an object chosen earlier ("that creature", "that player"): with them an "instead" sentence may keep an
#: earlier target besides its own.
_BACK_REFERENCE = re.compile(r"\b(?:that|those) (?:creature|permanent|player|card|spell|artifact|enchantment|land|"
                             r"planeswalker|opponent|target)s?\b", re.I)
_SENTENCE = re.compile(r"(?<=[.;])\s+")


def _phrases(text: str) -> tuple[list[TargetSpec], list[str]]:
    """Every target requirement in a piece of spell text, and the phrases not understood.

    Sentence by sentence: a sentence that applies only if a casting choice was made ("If this spell was kicked, ...")
    makes its requirements ``only_if`` that choice; with "instead", the requirements of the sentence before it are
    ``not_if`` that choice (they are replaced, CR 601.2c; an "instead" with no sentence before it in the same text is
    not read)."""
    specs: list[TargetSpec] = []
    unread: list[str] = []
    prev: tuple[int, int] | None = None
    for sentence in _SENTENCE.split(_clean(text)):
        if not sentence.strip():
            continue
        cond, each, body = "", False, sentence
        m = _CONDITION.match(sentence)
        if m:
            cond, body = ("gift" if m.group("gift") else m.group("cost").lower()), sentence[m.end():]
        elif m := _EACH_ADDITIONAL.match(sentence):
            cond, each, body = "additional", True, sentence[m.end():]
        start = len(specs)
        if _CHOICE_MENTION.search(_EACH_KICKED.sub("", body)):
            # a casting choice named in a way not read here ("If this spell was kicked with its {1}{U} kicker, ..."):
            # whether its targets are required is not known
            mine: list[TargetSpec] = []
            _sentence_phrases(body, mine, unread, cond, each)
            unread.extend(spec.text for spec in mine)
            prev = (start, start)
            continue
        _sentence_phrases(body, specs, unread, cond, each)
        if cond and _INSTEAD.search(body) and len(specs) > start:
            # alternative targets (CR 601.2c): the targets of the sentence before are replaced. Without targets of its
            # own the sentence changes only what happens to them ("that creature gets +5/+5 instead"): they stay.
            if prev is None or _BACK_REFERENCE.search(body):
                unread.append(sentence)  # what it replaces, or which earlier target it still names, is not read
            else:
                for i in range(*prev):
                    specs[i] = dataclasses.replace(specs[i], not_if=cond)
        prev = (start, len(specs))
    return specs, unread


def _conditional(spec: TargetSpec, cond: str, each: bool) -> TargetSpec:
    return dataclasses.replace(spec, only_if=cond, each_time=each) if cond else spec


def _sentence_phrases(t: str, specs: list[TargetSpec], unread: list[str], cond: str = "", each: bool = False) -> None:
    """The target requirements of one sentence (without its leading condition), appended to ``specs`` (each
    ``only_if`` ``cond`` when given); phrases not understood to ``unread``."""
    for m in _AMONG.finditer(t):
        what = m.group("what").lower()
        extra: dict[str, Any] = {}
        if what == "any number of":
            # "divided evenly, rounded down, among any number of targets" (Fireball): any number, none below the
            # first (count 0, CR 601.2c). "N damage divided as you choose among any number of targets": each target
            # is dealt at least 1 (CR 601.2d), so at most N; with an amount not a number (X) the count stays open
            # (not ``any_number``: a chosen count is then not checked)
            dm = re.search(r"\b(\d+) damage divided as you choose\b", t[:m.start()], re.I)
            if dm:
                extra["most"] = int(dm.group(1))
            elif not re.search(r"\bdivided as you choose\b", t[:m.start()], re.I):
                extra["any_number"] = True
        specs.append(_conditional(TargetSpec(m.group(0), ("player", "permanent"), ("Creature", "Planeswalker", "Battle"),
                                             count=0 if what == "any number of" else 1, **extra), cond, each))
    t = _AMONG.sub("", t)
    for m in _START.finditer(t):
        before = t[:m.start()].rstrip().split(" ")
        if before and before[-1].lower() in _NOT_A_REQUIREMENT:
            continue
        if before and before[-1].lower() in _NOT_A_REQUIREMENT_TARGETS and m.group("word").lower() == "targets" \
                and not m.group("count") and not m.group("any"):
            continue
        ends = [i for i in (t.find(".", m.end()), t.find(";", m.end()), t.find(", then ", m.end())) if i >= 0]
        phrase = t[m.start():min(ends) if ends else len(t)].strip()
        c, e = cond, each
        km = _EACH_KICKED.search(phrase)
        if km and not cond:  # "another target creature for each time this spell was kicked" (CR 702.33c)
            phrase, c, e = (phrase[:km.start()] + phrase[km.end():]).strip(), "kicked", True
        if m.group("word").lower() == "targets" and not m.group("any"):
            if m.group("count"):  # "up to two targets", "two targets": any targets
                n = 0 if m.group("count").lower().startswith(("up to", "any")) else (parse_count_word(m.group("count").strip()) or 0)
                specs.append(_conditional(TargetSpec(phrase, ("player", "permanent"), ("Creature", "Planeswalker", "Battle"),
                                                     count=n, x_count=m.group("count").strip().lower() == "x"), c, e))
            else:
                unread.append(phrase)
            continue
        if re.fullmatch(r"(?:an)?other target", phrase, re.I) and specs:
            # "... to any target and 1 damage to another target" (Arc Trail): one more, different object of the
            # same kind as the previous requirement; under another casting choice, a requirement of its own
            last = specs[-1]
            if (last.only_if, last.each_time, last.not_if) == (c, e, ""):
                specs[-1] = dataclasses.replace(last, text=last.text + "; " + phrase, count=last.count + 1)
            else:
                specs.append(dataclasses.replace(last, text=phrase, count=1, most=None, any_number=False, only_if=c,
                                                 each_time=e, not_if="",
                                                 qualifier=last.qualifier.merge(Qualifier(other=True))))
            continue
        spec = parse_target_phrase(phrase)
        if spec is None:
            unread.append(phrase)
        else:
            specs.append(_conditional(spec, c, e))


def _step_specs(step_targets: tuple[str, ...]) -> tuple[Any, ...]:
    """The requirements of typed steps' target words ("any", "creature", "artifact or enchantment"), in order; a word
    not read stays as its phrase ("target ...")."""
    out: list[Any] = []
    for tw in step_targets:
        spec = parse_target_phrase("any target" if tw == "any" else f"target {tw}")
        out.append(spec if spec is not None else f"target {tw}")
    return tuple(out)


@lru_cache(maxsize=65536)
def _spell_part(spree: bool, text: str, step_targets: tuple[str, ...]) -> SpellPart:
    """``SpellPart`` of one spell ability's words (CR 601.2c, 115.3; modes 700.2; spree 702.172a)."""
    steps = _step_specs(step_targets)
    if not text:
        return SpellPart(steps, spree)
    t = _clean(text)
    if spree:
        specs, bad = _phrases(t)
        return SpellPart(steps, True, True, phrases=(tuple(specs), tuple(bad)))
    cm = _CHOOSE.match(t)
    if cm:
        w = cm.group("n").lower()
        return SpellPart(steps, False, True, choose={"one": 1, "two": 2, "three": 3, "one or both": 1,
                                                     "one or more": 1}.get(w, -1))
    bullet = None
    if _BULLET.match(t):
        bs, bb = _phrases(_BULLET.sub("", t))
        bullet = (tuple(bs), tuple(bb))
    specs, bad = _phrases(t)
    return SpellPart(steps, False, True, bullet=bullet, skip=bool(_TRIGGER_OR_KEYWORD.match(t)),
                     phrases=(tuple(specs), tuple(bad)))


def spell_part(a: Any) -> SpellPart | None:
    """What the words of ability ``a`` contribute to a spell's targets read as a spell ability's
    (``models.vocab.targeting_specs.SpellPart``): an ``instructions`` ability's steps' ``target`` words ("any",
    "creature", "spell"), the text of an ability the parser kept as text, a spree mode's (CR 702.172a); ``None``
    for a draw or scry instruction (it targets nothing)."""
    eff = a.effect
    if isinstance(eff, SpreeMode):
        # a mode of a spell with spree (CR 702.172a): its targets are required only if it is chosen (700.2c)
        d = eff.does
        if isinstance(d, Instructions):
            return _spell_part(True, "", tuple(str(st.target) for st in d.steps if st.target))
        return _spell_part(True, getattr(d, "text", "") or "", ())
    if isinstance(eff, Instructions):
        return _spell_part(False, "", tuple(str(s.target) for s in eff.steps if s.target))
    if isinstance(eff, (Draw, Scry)):
        return None
    return _spell_part(False, a.text or "", ())


_ENCHANT_LINE = re.compile(r"^enchant (.+?)\.?$", re.I)


@lru_cache(maxsize=4096)
def _enchant_spec(words: str) -> TargetSpec | None:
    return parse_target_phrase(f"target {words}")


def enchant_words(a: Any) -> EnchantWords | None:
    """What an Aura's enchant ability names (CR 303.4a): the ``enchant`` keyword's parameter (``permanent`` when it
    names none), or the words of a line "Enchant ..." kept as text; ``None`` for any other ability."""
    eff = a.effect
    if a.kind == "keyword" and isinstance(eff, Keyword) and eff.name == "enchant":
        detail = eff.detail.text if eff.detail is not None else None
        words = str(eff.parameter or detail or "permanent")
        return EnchantWords(True, words, _enchant_spec(words))
    em = _ENCHANT_LINE.match((a.text or "").strip())
    if em is None:
        return None
    return EnchantWords(False, em.group(1), _enchant_spec(em.group(1)))


def modal_targets(ability: Any) -> SpellTargets:
    """The requirements of an activated ability with modes (``models.vocab.resolution.Modal``, CR 700.2): one set per mode
    in printed order, each with its line's own words before the modes (``models.vocab.targeting_specs.ability_targets``)."""
    eff = ability.effect
    head = (ability.text or "").split("\n")[0]
    return _modal_targets(head, tuple(LABEL_RE.sub("", m.text.lstrip("•").strip()) for m in eff.modes), eff.choose)


@lru_cache(maxsize=4096)
def _modal_targets(head: str, modes: tuple[str, ...], choose: int) -> SpellTargets:
    common, unread = _phrases(head)
    out: list[tuple[TargetSpec, ...]] = []
    for text in modes:
        specs, bad = _phrases(text)
        out.append(tuple(common + specs))
        unread.extend(bad)
    if choose < 1:
        unread.append("a modal ability with 'choose any number'")
    return SpellTargets(tuple(out) or (tuple(common),), max(choose, 1), tuple(unread), common=len(common))


_RESTRICT = re.compile(r"\b(hexproof|shroud|protection|can't be the targets?|can't be targeted)\b", re.I)


def mentions_targeting(text: str) -> bool:
    """Whether rules text could change which objects or players can be targeted (hexproof, shroud,
    protection, "can't be the target"): a target's legality then depends on it (CR 702.11, 702.18, 702.16).

    Ward is not among them: it never makes a target illegal. It is a triggered ability that triggers once the
    permanent has become the target (CR 702.21a), and the spell or ability is countered only on resolution of
    that trigger unless its cost is paid, so "has ward {1}" (Cathedral Acolyte, K-9, Mark I) changes neither
    whether a target can be chosen (CR 601.2c) nor whether the spell or ability can be cast or activated."""
    return bool(_RESTRICT.search(text or ""))


def untyped_targeting(text: str, typed: Iterable[str]) -> bool:
    """Whether ``text`` (reminder text and quoted abilities aside, CR 113.10a) could change what can be targeted in
    a way other than the keywords ``typed`` ("hexproof", "shroud") it is known to grant (``mentions_targeting``)."""
    t = _clean(text)
    for k in typed:
        t = re.sub(rf"\b{re.escape(k)}\b", "", t, flags=re.I)
    return mentions_targeting(t)


#: An activated ability that may tap another permanent or one of its controller's ("Tap target creature", "tap up to
#: two", "Tap an untapped creature you control:", crew, saddle; CR 701.26a, 702.122a, 702.171a).
_TAPS_OTHERS = re.compile(r"\btap (?:target|up to|another|an untapped|any number|all|each|x )|\bcrew\b|\bsaddle\b", re.I)


def may_tap_others(text: str) -> bool:
    """Whether an activated ability's wording may tap a permanent other than its own source (its cost or effect):
    over-approximated, read by ``solver.rules.targets`` to leave a target that must be tapped unknown (CR 601.2c)."""
    return bool(_TAPS_OTHERS.search(text))



def _typed_grant(a: Any) -> bool:
    """Whether ``a`` is a typed grant (``GrantAbility``, CR 613.1f) whose every targeting word is a keyword it gives
    ("Other untapped creatures you control have hexproof", "Sokrates has hexproof as long as it's untapped") or is
    inside a quoted ability it gives: the layer view (``solver.rules.layers``) puts those on the objects the grant
    applies to while its condition holds (CR 604.1, 611.3a), where ``solver.rules.protection.keyword_verdict`` and the
    objects' own texts read them. A typed "can't be the target" static (``CantBeTargeted``) or player keyword is
    read by ``solver.rules.protection``."""
    eff = a.effect
    if isinstance(eff, (CantBeTargeted, PlayerKeyword)):
        return True  # read by solver.rules.protection (untargetable_verdict, player_verdict)
    if not isinstance(eff, GrantAbility) or any(mentions_targeting(u.text) for u in eff.parts):
        return False
    typed = tuple(str(g.effect).lower() for g in eff.granted if g.kind == "keyword" and
                  str(g.effect).lower() in ("hexproof", "shroud") and not getattr(g.effect, "parameter", None))
    return not untyped_targeting(a.text, typed)


install_target_reader(TargetReader(
    spell_part=spell_part,
    enchant=enchant_words,
    modal=modal_targets,
    mentions_targeting=lambda a: mentions_targeting(a.text),
    # rules text that could change what can be targeted in a way the keywords of objects do not show
    targeting_text=lambda a: mentions_targeting(a.text) and not _typed_grant(a),
    may_tap_others=lambda a: may_tap_others(a.text or ""),
    cleave=cleave,
    keyword_qualities=keyword_qualities,
))
