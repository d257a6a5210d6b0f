"""Target requirements as typed values (CR 115, 601.2c): what one use of the word "target" allows (``TargetSpec``),
a spell's or ability's requirements by mode (``SpellTargets``), the casting choices they may depend on
(``CAST_CHOICES``), and what one ability's words contribute to them (``SpellPart``, ``AbilityTargeting``).

Pure data: the English is read by ``models.text.targets``, which installs its reader here
(``install_target_reader``) when the text layer is imported; the target rules (``solver.rules.targets``) combine
these values and never read words. A reader asked for before it is installed raises ``TargetReaderMissing``, never
a default (a requirement silently absent would be a wrong answer, CR 601.2c).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable

from .resolution import Modal
from .filters import Qualifier
from .readers import install, installed, ReadersMissing
from .targeting import SpellTargetRestriction


@dataclass(frozen=True)
class TargetSpec:
    """One target requirement (one use of the word "target", CR 115.3).

    Attributes
    ----------
    text : str
        The phrase it was read from.
    kinds : tuple of str
        What it may be: ``player``, ``permanent``, ``spell``, ``card`` (a card in a zone), ``ability``.
    types : tuple of str
        Card types of which the object must have one (empty: any), e.g. ``("Artifact", "Enchantment")``.
    excluded : tuple of str
        Card types it must not have ("noncreature").
    controller : str
        ``any``, ``you`` or ``opponent`` (for a player target: ``opponent`` means an opponent).
    zone : str or None
        For a card: ``graveyard`` (the only zone read); ``owner`` says whose.
    owner : str
        ``you``, ``opponent`` or ``any``: whose graveyard; for a permanent, who owns it ("target permanent you
        own", "an opponent owns"; ``not_you``: "you don't own"; CR 108.3).
    count : int
        How many distinct objects at least (0: the spell may have no such target).
    unknown : tuple of str
        Qualifiers not modelled; a candidate of the right kind then has an unknown legality.
    subtypes, excluded_subtypes : tuple of str
        Subtypes of which it must have one ("target Goblin"), or must have none ("non-Spirit").
    supertypes, excluded_supertypes : tuple of str
        ``Basic``, ``Legendary``, ``Snow``: it must have all of the first, none of the second.
    most : int or None
        For "up to N target ...": N, the most it takes (``count`` is 0); for "one or two target ...": 2 (``count``
        is 1, the least); ``None`` otherwise.
    any_number : bool
        "any number of target ..." (``count`` 0) and "one or more target ..." (``count`` 1): no most.
    qualifier : Qualifier
        Colours, keywords, power/toughness/mana value, counters, tapped, token, combat status, "another"
        (``models.vocab.filters.Qualifier``).
    all_types : tuple of str
        Card types it must all have ("artifact creature").
    alternatives : tuple of TargetSpec
        A union whose nouns differ ("land or nonblack creature"): it is legal for the phrase when legal for one
        alternative (each also carries the phrase's controller, zone and excluded types).
    not_all : tuple of tuple of str
        "other than a basic land card" (Surgical Extraction, Extirpate): groups of supertypes and card types
        (``("Basic", "Land")``) the object must not have all of (a nonbasic land card and a basic snow land card
        are legal; CR 205.4, 601.2c).
    """

    text: str
    kinds: tuple[str, ...]
    types: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    controller: str = "any"
    zone: str | None = None
    owner: str = "any"
    count: int = 1
    unknown: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    excluded_subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    excluded_supertypes: tuple[str, ...] = ()
    most: int | None = None
    any_number: bool = False
    qualifier: Qualifier = Qualifier()
    all_types: tuple[str, ...] = ()
    alternatives: tuple["TargetSpec", ...] = ()
    not_all: tuple[tuple[str, ...], ...] = ()
    ability_kinds: tuple[str, ...] = ()
    source: "TargetSpec | None" = None
    #: "X target ...": the number is the announced X (CR 107.3a, 601.2b-c); ``count`` is 0 (X may be 0) until the
    #: question announces X (``solver.rules.targets.with_x_targets``)
    x_count: bool = False
    chosen: tuple[str, ...] = ()
    controller_controls: Any = None
    exiled_with: str = ""
    only_if: str = ""
    not_if: str = ""
    each_time: bool = False


# (TargetSpec, continued) ``ability_kinds``: for an ability on the stack ("target activated or triggered ability",
# CR 115.1c-d, 113.7), ``activated`` and/or ``triggered``; ``source``: what its source must be ("from an artifact
# source", "from a colorless source", "from another legendary source"), a spec of a permanent (CR 113.7: an
# ability's source is the object that activated or triggered it).
# ``chosen``: a choice made as the source entered (its permanent's ``choices``, CR 614.12, 607.2): ``color`` ("target
# permanent of the chosen color", Pentarch Paladin), ``type`` ("of the chosen type"), ``not_type`` ("that isn't of the
# chosen type", Callous Oppressor). ``controller_controls``: "whose controller controls an Island" (Seasinger), a
# ``models.vocab.filters.Filter`` of what the target's controller must control. ``exiled_with``: "exiled with [name]" (a
# card in exile exiled with the source, CR 406.6, 607.2a): the name words, read against the source (CR 201.5).
# ``only_if``: a casting choice (``CAST_CHOICES``) that must have been made for the spell to require this target ("If
# this spell was kicked, ... target creature", "If the gift was promised, ... target ..."; CR 601.2c, 702.174m);
# ``not_if``: a choice that replaces it ("If this spell was kicked, instead ... target ...": the earlier sentence's
# targets are not chosen then, 601.2c alternative targets); ``each_time``: it is required once for each time the
# ``only_if`` choice was made ("another target creature for each time this spell was kicked", multikicker 702.33c;
# "For each additional {1}{R} you paid, ... another target").


#: The casting choices a target requirement may depend on (``TargetSpec.only_if`` / ``not_if``; CR 601.2c): a kicker
#: cost paid (``kicked``, CR 702.33; how many times for multikicker), the gift promised (``gift``, 702.174m), the spell
#: bargained (``bargained``, 702.166), an optional additional cost paid (``additional``, 601.2b).
CAST_CHOICES = ("kicked", "gift", "bargained", "additional")
_CHOICE_WORDS = {"kicked": "the spell was kicked", "gift": "the gift was promised", "bargained": "the spell was bargained",
                 "additional": "its optional additional cost was paid"}


@dataclass(frozen=True)
class SpellTargets:
    """A spell's target requirements: ``modes`` (one tuple of ``TargetSpec`` per mode; a non-modal spell has
    one), ``choose`` (how many modes at least), ``unread`` (target phrases not understood), ``common`` (how many
    requirements at the start of each mode belong to the words before the modes, shared by all of them)."""

    modes: tuple[tuple[TargetSpec, ...], ...] = ((),)
    choose: int = 1
    unread: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=(), compare=False)
    common: int = 0

    @property
    def targets_anything(self) -> bool:
        return bool(self.unread) or any(m for m in self.modes)

    @property
    def depends_on_choices(self) -> bool:
        """Whether some requirement exists only for, or is replaced by, a casting choice (CR 601.2c)."""
        return any(s.only_if or s.not_if for m in self.modes for s in m)

    def as_cast(self, choices: "dict[str, int] | None" = None, entwined: bool = False) -> "SpellTargets":
        """The requirements of the spell as cast with ``choices`` (``CAST_CHOICES`` -> how many times it was made: a
        kicker paid twice is ``{"kicked": 2}``; missing: not made) and, when ``entwined``, every mode chosen.

        CR 601.2c: a spell requires some targets only if an alternative or additional cost (a kicker cost) or a mode
        was chosen, and alternative targets ("instead") only then; 702.174m (gift); 702.33c (multikicker: "for each
        time this spell was kicked" requires it that many times); 702.42a (entwine: all modes are chosen, so the
        targets of every mode are required; each "target" word is its own requirement, 115.3). A requirement repeated
        for each additional cost paid ("For each additional {1}{R} you paid") when that cost is paid, how many times
        not being a choice the question makes, is left unread (the answer is then unsupported)."""
        choices = dict(choices or {})
        unread = list(self.unread)

        def keep(spec: TargetSpec) -> TargetSpec | None:
            if spec.not_if and choices.get(spec.not_if, 0) > 0:
                return None
            if not spec.only_if:
                return spec
            times = choices.get(spec.only_if, 0)
            if times <= 0:
                return None
            if not spec.each_time:
                return spec
            if spec.only_if == "additional":
                unread.append(f"{spec.text} (once for each time the additional cost was paid)")
                return spec
            return dataclasses.replace(spec, count=spec.count * times, most=None if spec.most is None else spec.most * times)

        modes = tuple(tuple(k for k in (keep(s) for s in m) if k is not None) for m in self.modes)
        common = sum(1 for s in (self.modes[0][:self.common] if self.modes else ()) if keep(s) is not None)
        choose = self.choose
        notes: list[str] = []
        seen: list[TargetSpec] = []
        for spec in (s for m in self.modes for s in m):
            if any(spec is x for x in seen):
                continue
            seen.append(spec)
            word = _CHOICE_WORDS.get(spec.only_if or spec.not_if, "")
            if spec.only_if and choices.get(spec.only_if, 0) <= 0:
                notes.append(f"“{spec.text}” is a target only if {word}, and it was not: it is not chosen (CR 601.2c)")
            elif spec.only_if and spec.each_time and spec.only_if == "kicked":
                n = choices.get("kicked", 0)
                notes.append(f"“{spec.text}” is chosen once for each time it was kicked: {n} (CR 601.2c, 702.33c)")
            elif spec.not_if and choices.get(spec.not_if, 0) > 0:
                notes.append(f"{word}, so “{spec.text}” is replaced by the targets that follow “instead” (CR 601.2c)")
        if entwined and len(modes) > 1:
            shared = modes[0][:common]
            modes = (shared + tuple(s for m in modes for s in m[common:]),)
            choose = 1
            notes.append("entwined: every mode is chosen, so every mode's targets are required (CR 702.42a, 601.2c)")
        return dataclasses.replace(self, modes=modes, choose=choose, unread=tuple(dict.fromkeys(unread)), common=common,
                                   notes=self.notes + tuple(notes))


@dataclass(frozen=True)
class SpellPart:
    """What one ability's words contribute to the target requirements of a spell (or of an ability read as one),
    read by the text layer (``models.text.targets``); combined by ``spell_targets``.

    Attributes
    ----------
    steps : tuple of (TargetSpec or str)
        The target words of its typed instruction steps, in order: each a requirement, or (a ``str``) the phrase
        not read ("target creature with ...").
    spree : bool
        A mode of a spell with spree (CR 702.172a): its own set of requirements, needed only if chosen (700.2c).
    has_text : bool
        Whether it has words besides its typed steps (an untyped instruction, a mode line).
    choose : int or None
        A "Choose one —" line (CR 700.2): how many modes at least; ``-1`` for "choose any number"; ``None``: not one.
    bullet : (tuple of TargetSpec, tuple of str) or None
        A "• ..." mode line: the requirements of its words and the phrases not read; ``None``: not a mode line.
    skip : bool
        A triggered or keyword line printed among the spell's words ("When you cast this spell", "Kicker"): not
        the spell's targets.
    phrases : (tuple of TargetSpec, tuple of str)
        The requirements of its words and the phrases not read (CR 115.3: each "target" is one requirement;
        casting choices in ``TargetSpec.only_if`` / ``not_if``).
    """

    steps: tuple[Any, ...] = ()
    spree: bool = False
    has_text: bool = False
    choose: int | None = None
    bullet: tuple[tuple[TargetSpec, ...], tuple[str, ...]] | None = None
    skip: bool = False
    phrases: tuple[tuple[TargetSpec, ...], tuple[str, ...]] = ((), ())


@dataclass(frozen=True)
class EnchantWords:
    """What an Aura's enchant ability names (CR 303.4a: an Aura spell targets what it could enchant).

    ``keyword``: read from the ``enchant`` keyword (else from a line "Enchant ..." kept as text); ``words`` what it
    names ("creature", "land you control"); ``spec`` the requirement of "target [words]", ``None`` when not read."""

    keyword: bool
    words: str
    spec: TargetSpec | None


@dataclass(frozen=True)
class TargetReader:
    """The readers of target words the text layer installs (``models.text.targets``): each takes an ability
    (``models.vocab.abilities.Ability``) or a keyword's parameter and returns typed values.

    Attributes
    ----------
    spell_part : (ability) -> SpellPart or None
        What its words contribute to a spell's targets read as a spell ability's (``None``: nothing, a draw or
        scry instruction).
    enchant : (ability) -> EnchantWords or None
        What its enchant ability names (``None``: not an enchant ability).
    modal : (ability) -> SpellTargets
        The requirements of an activated ability with modes (``models.vocab.resolution.Modal``, CR 700.2), one set per mode.
    mentions_targeting : (ability) -> bool
        Its words could change what can be targeted (hexproof, shroud, protection, "can't be the target"; CR
        702.11, 702.18, 702.16); ward never does (702.21a).
    targeting_text : (ability) -> bool
        ``mentions_targeting`` less what the rules read typed: a typed "can't be the target" or player keyword, a
        typed grant of hexproof or shroud (CR 613.1f, 604.1).
    may_tap_others : (ability) -> bool
        An activated ability whose words may tap a permanent other than its source (over-approximated; CR 601.2c).
    cleave : (ability) -> ability
        The ability as its text reads with the words in square brackets removed (CR 702.148a); raises
        ``ValueError`` where the removal is not read.
    keyword_qualities : (parameter) -> tuple of Quality or None
        A protection or "hexproof from" parameter ("from red") as ``models.vocab.targeting.Quality`` values (CR 702.16a,
        702.11d); ``None`` when not read.
    """

    spell_part: Callable[[Any], SpellPart | None]
    enchant: Callable[[Any], EnchantWords | None]
    modal: Callable[[Any], SpellTargets]
    mentions_targeting: Callable[[Any], bool]
    targeting_text: Callable[[Any], bool]
    may_tap_others: Callable[[Any], bool]
    cleave: Callable[[Any], Any]
    keyword_qualities: Callable[[str], tuple[Any, ...] | None]


class TargetReaderMissing(ReadersMissing):
    """Target words were asked for before the text layer installed its reader."""


def install_target_reader(r: TargetReader) -> None:
    """Install the text layer's reader of target words (``models.text.targets`` does, when imported; the one
    registry of ``models.vocab.readers``); a second call replaces the first."""
    install(r)


def target_reader() -> TargetReader:
    """The installed reader of target words.

    Raises
    ------
    TargetReaderMissing
        None installed: cards are read through the text layer (``mtgcheck.models.text``), which installs it; never
        answered with a default.
    """
    return installed(TargetReader, TargetReaderMissing)


def spell_targets(abilities: Any, is_aura: bool = False, as_spell: bool = False) -> SpellTargets:
    """The target requirements of a spell with these abilities (``models.vocab.abilities.Ability``; CR 115, 601.2c).

    Reads spell abilities only: their typed steps' target words and the words of spell abilities kept as text
    (``SpellPart``), modes ("Choose one —" and its "•" lines, CR 700.2; spree modes, 702.172a, each a mode needed
    only if chosen). When ``is_aura``, the Aura's enchant ability makes the spell target what it can enchant (CR
    303.4a). A spell's own "You can't choose an untapped creature as this spell's target"
    (``models.vocab.targeting.SpellTargetRestriction``) makes its permanent targets tapped ones (``must_be_tapped``).
    ``as_spell``: read every ability as a spell ability (an activated ability's targets, CR 602.2b -> 601.2c)."""
    r = target_reader()
    parts: list[SpellPart] = []
    aura: EnchantWords | None = None
    untapped: list[str] = []
    for a in abilities:
        if isinstance(a.effect, SpellTargetRestriction):
            untapped.append(a.effect.untapped_what)
            continue
        if is_aura:
            en = r.enchant(a)
            if en is not None and en.keyword:
                aura = en
                continue
            if en is not None and aura is None and a.kind != "spell":  # "Enchant creature" kept as text
                aura = en
                continue
        if a.kind != "spell" and not as_spell:
            continue
        part = r.spell_part(a)
        if part is not None:
            parts.append(part)
    st = _combine(parts, aura)
    return must_be_tapped(st, tuple(untapped)) if untapped else st


def _combine(parts: list[SpellPart], aura: EnchantWords | None) -> SpellTargets:
    """The requirements of a spell's parts in printed order (CR 115.3, 700.2: the words before the modes belong to
    every mode, ``SpellTargets.common``)."""
    modes: list[list[TargetSpec]] = [[]]
    unread: list[str] = []
    choose = 1
    modal = False
    mode_specs: list[list[TargetSpec]] = []
    if aura is not None:
        if aura.spec is None:
            unread.append(f"Enchant {aura.words}")
        else:
            modes[0].append(aura.spec)
    for p in parts:
        if p.spree:
            # "Choose one or more modes" (CR 702.172a): one requirement set per mode, at least one mode
            modal = True
            specs: list[TargetSpec] = []
            for s in p.steps:
                specs.append(s) if isinstance(s, TargetSpec) else unread.append(s)
            if p.has_text:
                specs.extend(p.phrases[0])
                unread.extend(p.phrases[1])
            mode_specs.append(specs)
            continue
        for s in p.steps:
            if isinstance(s, TargetSpec):
                (mode_specs[-1] if modal and mode_specs else modes[0]).append(s)
            else:
                unread.append(s)
        if not p.has_text:
            continue
        if p.choose is not None:
            modal = True
            choose = p.choose
            continue
        if modal and p.bullet is not None:
            mode_specs.append(list(p.bullet[0]))
            unread.extend(p.bullet[1])
            continue
        if p.skip:
            continue
        modes[0].extend(p.phrases[0])
        unread.extend(p.phrases[1])
    if modal:
        if choose < 0:
            unread.append("a modal spell with 'choose any number'")
            choose = 1
        common = modes[0]
        out = tuple(tuple(common + m) for m in mode_specs) or (tuple(common),)
        return SpellTargets(out, choose, tuple(unread), common=len(common))
    return SpellTargets((tuple(modes[0]),), 1, tuple(unread))


def must_be_tapped(st: SpellTargets, whats: tuple[str, ...]) -> SpellTargets:
    """"You can't choose an untapped [what] as this spell's target" (``SpellTargetRestriction``, CR 601.2c): each
    target requirement of permanents that are all of that type (or any permanent, for "permanent") takes only tapped
    ones (CR 110.5); a requirement that could also take something else (a player, or another type) is unread."""
    unread = list(st.unread)
    modes = []
    for mode in st.modes:
        out = []
        for spec in mode:
            for what in whats:
                if what != "Permanent" and not (spec.kinds == ("permanent",) and spec.types == (what,) and
                                                not spec.alternatives):
                    unread.append(f"you can't choose an untapped {what.lower()} as this spell's target")
                elif spec.kinds == ("permanent",) and not spec.alternatives:
                    spec = dataclasses.replace(spec, qualifier=spec.qualifier.merge(Qualifier(tapped=True)),
                                               text=f"{spec.text} (a tapped one: this spell's own restriction)")
                else:
                    unread.append(f"you can't choose an untapped {what.lower()} as this spell's target")
            out.append(spec)
        modes.append(tuple(out))
    return dataclasses.replace(st, modes=tuple(modes), unread=tuple(dict.fromkeys(unread)))


def ability_targets(ability: Any) -> SpellTargets:
    """The target requirements of an activated ability (CR 602.2b: chosen as a spell's are, 601.2c).

    A modal ability (``models.vocab.resolution.Modal``, CR 700.2) has one tuple of requirements per mode, in printed order,
    each with the requirements of the words before the modes (its line's own "target" words); ``choose`` is how
    many modes at least must be chosen (CR 700.2a: a mode whose targets can't be chosen can't be chosen; 700.2c: a
    mode's targets are needed only if it is chosen). "Choose any number" leaves the count of modes open (whether
    none may be chosen is not read): unread. Any other ability is read as a spell with that text is
    (``spell_targets``)."""
    if isinstance(getattr(ability, "effect", None), Modal):
        return target_reader().modal(ability)
    return spell_targets([ability], as_spell=True)


def cleaved(abilities: Any) -> list[Any]:
    """The spell abilities as their text reads when the spell's cleave cost was paid (CR 702.148a: "change its text
    by removing all text found within square brackets"), read by the text layer (``TargetReader.cleave``).

    Raises
    ------
    ValueError : a bracketed ability whose cleaved reading is not modelled (the message names its text).
    """
    r = target_reader()
    return [r.cleave(a) for a in abilities]


def mentions_targeting(ability: Any) -> bool:
    """``TargetReader.mentions_targeting`` of the installed reader."""
    return target_reader().mentions_targeting(ability)


def targeting_text(ability: Any) -> bool:
    """``TargetReader.targeting_text`` of the installed reader."""
    return target_reader().targeting_text(ability)


def may_tap_others(ability: Any) -> bool:
    """``TargetReader.may_tap_others`` of the installed reader."""
    return target_reader().may_tap_others(ability)


def keyword_qualities(parameter: str) -> tuple[Any, ...] | None:
    """``TargetReader.keyword_qualities`` of the installed reader: a protection or "hexproof from" parameter's
    qualities (CR 702.16a, 702.11d), ``None`` when not read."""
    return target_reader().keyword_qualities(parameter)
