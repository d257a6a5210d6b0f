"""The closed set of keyword abilities (CR 702) and what each one's rules change.

A keyword ability is typed (``models.vocab.keyword_effects.Keyword``) only when its name is a member of ``KeywordKind``: a
name outside it (a flavour word, an ability word, a keyword of a newer set) is not a keyword the engine knows, and
its line stays ``Unmodelled`` (``models.vocab.registry.build_effect`` refuses it). Variants are read as their family
(``keyword_kind``): "swampwalk" is landwalk (CR 702.14c), "plainscycling" typecycling (702.29e), "hexproof from
black" hexproof (702.11d), "partner with", "friends forever", "choose a background" and "doctor's companion" are
partner variants (702.124), "megamorph" is morph's variant (702.37b), "commander ninjutsu" ninjutsu's (702.49d),
"multikicker" kicker's (702.33c).

``KEYWORD_RULES`` gives, for each kind, the topics its rules can change and where it functions (``Scope``, CR
113.6): the gate (``solver.rules.gate``) refuses an answer whose question does not implement a keyword whose topics meet
the question's (``solver.rules.support``), so a keyword the engine types but a question never reads is never silently
ignored. The topics are what the keyword's own rule does, not the fact that an object has it: reading which
keywords an object has (Soulflayer, "creature with flying") is the reader's part.

Keyword actions kept in keyword form (``scry``, CR 701.22: the scry question reads it) are listed too.

This module imports only ``models.vocab.topics``.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Mapping

from .topics import ALL_TOPICS, Scope, Topic


class KeywordKind(StrEnum):
    """A keyword ability of CR 702 (or a keyword action kept in keyword form), by its family name, lower case."""

    DEATHTOUCH = "deathtouch"
    DEFENDER = "defender"
    DOUBLE_STRIKE = "double strike"
    ENCHANT = "enchant"
    EQUIP = "equip"
    FIRST_STRIKE = "first strike"
    FLASH = "flash"
    FLYING = "flying"
    HASTE = "haste"
    HEXPROOF = "hexproof"
    INDESTRUCTIBLE = "indestructible"
    INTIMIDATE = "intimidate"
    LANDWALK = "landwalk"
    LIFELINK = "lifelink"
    PROTECTION = "protection"
    REACH = "reach"
    SHROUD = "shroud"
    TRAMPLE = "trample"
    VIGILANCE = "vigilance"
    WARD = "ward"
    BANDING = "banding"
    RAMPAGE = "rampage"
    CUMULATIVE_UPKEEP = "cumulative upkeep"
    FLANKING = "flanking"
    PHASING = "phasing"
    BUYBACK = "buyback"
    SHADOW = "shadow"
    CYCLING = "cycling"
    TYPECYCLING = "typecycling"
    ECHO = "echo"
    HORSEMANSHIP = "horsemanship"
    FADING = "fading"
    KICKER = "kicker"
    MULTIKICKER = "multikicker"
    FLASHBACK = "flashback"
    MADNESS = "madness"
    FEAR = "fear"
    MORPH = "morph"
    MEGAMORPH = "megamorph"
    AMPLIFY = "amplify"
    PROVOKE = "provoke"
    STORM = "storm"
    AFFINITY = "affinity"
    ENTWINE = "entwine"
    MODULAR = "modular"
    SUNBURST = "sunburst"
    BUSHIDO = "bushido"
    SOULSHIFT = "soulshift"
    SPLICE = "splice"
    OFFERING = "offering"
    NINJUTSU = "ninjutsu"
    COMMANDER_NINJUTSU = "commander ninjutsu"
    EPIC = "epic"
    CONVOKE = "convoke"
    DREDGE = "dredge"
    TRANSMUTE = "transmute"
    BLOODTHIRST = "bloodthirst"
    HAUNT = "haunt"
    REPLICATE = "replicate"
    FORECAST = "forecast"
    GRAFT = "graft"
    RECOVER = "recover"
    RIPPLE = "ripple"
    SPLIT_SECOND = "split second"
    SUSPEND = "suspend"
    VANISHING = "vanishing"
    ABSORB = "absorb"
    AURA_SWAP = "aura swap"
    DELVE = "delve"
    FORTIFY = "fortify"
    FRENZY = "frenzy"
    GRAVESTORM = "gravestorm"
    POISONOUS = "poisonous"
    TRANSFIGURE = "transfigure"
    CHAMPION = "champion"
    CHANGELING = "changeling"
    EVOKE = "evoke"
    HIDEAWAY = "hideaway"
    PROWL = "prowl"
    REINFORCE = "reinforce"
    CONSPIRE = "conspire"
    PERSIST = "persist"
    WITHER = "wither"
    RETRACE = "retrace"
    DEVOUR = "devour"
    EXALTED = "exalted"
    UNEARTH = "unearth"
    CASCADE = "cascade"
    ANNIHILATOR = "annihilator"
    LEVEL_UP = "level up"
    REBOUND = "rebound"
    UMBRA_ARMOR = "umbra armor"
    INFECT = "infect"
    BATTLE_CRY = "battle cry"
    LIVING_WEAPON = "living weapon"
    UNDYING = "undying"
    MIRACLE = "miracle"
    SOULBOND = "soulbond"
    OVERLOAD = "overload"
    SCAVENGE = "scavenge"
    UNLEASH = "unleash"
    CIPHER = "cipher"
    EVOLVE = "evolve"
    EXTORT = "extort"
    FUSE = "fuse"
    BESTOW = "bestow"
    TRIBUTE = "tribute"
    DETHRONE = "dethrone"
    HIDDEN_AGENDA = "hidden agenda"
    DOUBLE_AGENDA = "double agenda"
    OUTLAST = "outlast"
    PROWESS = "prowess"
    DASH = "dash"
    EXPLOIT = "exploit"
    MENACE = "menace"
    RENOWN = "renown"
    AWAKEN = "awaken"
    DEVOID = "devoid"
    INGEST = "ingest"
    MYRIAD = "myriad"
    SURGE = "surge"
    SKULK = "skulk"
    EMERGE = "emerge"
    ESCALATE = "escalate"
    MELEE = "melee"
    CREW = "crew"
    FABRICATE = "fabricate"
    PARTNER = "partner"
    PARTNER_WITH = "partner with"
    FRIENDS_FOREVER = "friends forever"
    CHOOSE_A_BACKGROUND = "choose a background"
    DOCTORS_COMPANION = "doctor's companion"
    UNDAUNTED = "undaunted"
    IMPROVISE = "improvise"
    AFTERMATH = "aftermath"
    EMBALM = "embalm"
    ETERNALIZE = "eternalize"
    AFFLICT = "afflict"
    ASCEND = "ascend"
    ASSIST = "assist"
    JUMP_START = "jump-start"
    MENTOR = "mentor"
    AFTERLIFE = "afterlife"
    RIOT = "riot"
    SPECTACLE = "spectacle"
    ESCAPE = "escape"
    COMPANION = "companion"
    MUTATE = "mutate"
    ENCORE = "encore"
    BOAST = "boast"
    FORETELL = "foretell"
    DEMONSTRATE = "demonstrate"
    DAYBOUND = "daybound"
    NIGHTBOUND = "nightbound"
    DISTURB = "disturb"
    DECAYED = "decayed"
    CLEAVE = "cleave"
    TRAINING = "training"
    COMPLEATED = "compleated"
    RECONFIGURE = "reconfigure"
    BLITZ = "blitz"
    CASUALTY = "casualty"
    ENLIST = "enlist"
    READ_AHEAD = "read ahead"
    RAVENOUS = "ravenous"
    SQUAD = "squad"
    SPACE_SCULPTOR = "space sculptor"
    VISIT = "visit"
    PROTOTYPE = "prototype"
    LIVING_METAL = "living metal"
    MORE_THAN_MEETS_THE_EYE = "more than meets the eye"
    FOR_MIRRODIN = "for mirrodin!"
    TOXIC = "toxic"
    BACKUP = "backup"
    BARGAIN = "bargain"
    CRAFT = "craft"
    DISGUISE = "disguise"
    SOLVED = "solved"
    PLOT = "plot"
    SADDLE = "saddle"
    SPREE = "spree"
    FREERUNNING = "freerunning"
    GIFT = "gift"
    OFFSPRING = "offspring"
    IMPENDING = "impending"
    EXHAUST = "exhaust"
    MAX_SPEED = "max speed"
    START_YOUR_ENGINES = "start your engines!"
    HARMONIZE = "harmonize"
    MOBILIZE = "mobilize"
    JOB_SELECT = "job select"
    TIERED = "tiered"
    STATION = "station"
    WARP = "warp"
    MAYHEM = "mayhem"
    WEB_SLINGING = "web-slinging"
    FIREBENDING = "firebending"
    SNEAK = "sneak"
    #: a keyword action kept in keyword form on a line of its own ("Scry 2."): the scry question reads it (CR 701.22)
    SCRY = "scry"


_LANDWALK_TYPES = ("plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk", "desertwalk",
                   "legendary landwalk", "nonbasic landwalk", "snow landwalk", "snow swampwalk", "snow forestwalk",
                   "snow islandwalk", "snow plainswalk", "snow mountainwalk", "artifact landwalk")


def keyword_kind(name: str) -> KeywordKind | None:
    """The keyword family of a keyword's printed name (lower case), or ``None`` for a name that is no keyword of
    CR 702 (see the module docstring for the variants read as their family).

    >>> keyword_kind("swampwalk"), keyword_kind("basic landcycling"), keyword_kind("gae bolg")
    (<KeywordKind.LANDWALK: 'landwalk'>, <KeywordKind.TYPECYCLING: 'typecycling'>, None)
    """
    n = " ".join(str(name).lower().replace("’", "'").split())
    try:
        return KeywordKind(n)
    except ValueError:
        pass
    if n in _LANDWALK_TYPES or (n.endswith("walk") and " " not in n and len(n) > 4):
        return KeywordKind.LANDWALK  # CR 702.14c: "[quality]walk"
    if n.endswith("cycling") and n != "cycling":
        return KeywordKind.TYPECYCLING  # CR 702.29e: "[type]cycling", "basic landcycling"
    if n.startswith("hexproof from"):
        return KeywordKind.HEXPROOF  # CR 702.11d
    if n.startswith("protection from"):
        return KeywordKind.PROTECTION  # CR 702.16a
    return None


@dataclass(frozen=True)
class KeywordRule:
    """What one keyword's rules change (``topics``), where it functions (``scope``, CR 113.6) and its rule.

    ``trigger_event``: for a keyword that is a triggered ability whose trigger condition names one kind of event
    (``models.vocab.topics.TRIGGER_EVENTS``: "whenever this creature attacks" is ``combat``, "when you cast this
    spell" ``cast``, "when this creature dies" ``dies``, "at the beginning of your upkeep" ``step``), that kind: a
    question may declare it does not happen in what it asks about (CR 603.2). ``zones``: the zones other than the
    battlefield where its ability functions (CR 113.6: flashback from a graveyard, cycling from a hand)."""

    topics: frozenset[Topic]
    scope: Scope
    rule: str
    trigger_event: str | None = None
    zones: tuple[str, ...] = ()


_T = Topic
_COMBAT = frozenset({_T.COMBAT})
#: an alternative or mandatory additional cost of the spell itself, paid while it is cast (CR 601.2b, 601.2f-h)
_OWN_COST = frozenset({_T.CASTING, _T.COSTS, _T.SPELL_COSTS})
#: an optional additional cost (CR 601.2b: paid only if its caster chooses to) whose effect happens as the spell
#: resolves or as a trigger: it never decides whether or how the spell can be cast, nor the mana that pays for it
_OPTIONAL_COST = frozenset({_T.RESOLUTION, _T.TRIGGERS})
#: an activated ability that works from a hand or a graveyard (CR 113.6k-m): it changes nothing until activated
_ACTIVATED_ELSEWHERE = frozenset({_T.ACTIVATION, _T.COSTS, _T.ZONES})
#: a keyword that is an activated ability of a permanent (equip, crew, ...: CR 602)
_ACTIVATED = frozenset({_T.ACTIVATION, _T.COSTS})
_TRIG = frozenset({_T.TRIGGERS})
_ENTERING = frozenset({_T.RESOLUTION})

_B, _C, _E, _U, _S = Scope.BATTLEFIELD, Scope.CASTING_SELF, Scope.ENTERING_SELF, Scope.UNKNOWN, Scope.STACK
_K = KeywordKind

KEYWORD_RULES: Mapping[KeywordKind, KeywordRule] = {
    _K.DEATHTOUCH: KeywordRule(_COMBAT, _B, "702.2"),
    _K.DEFENDER: KeywordRule(_COMBAT, _B, "702.3"),
    _K.DOUBLE_STRIKE: KeywordRule(_COMBAT, _B, "702.4"),
    # what an Aura spell targets (303.4a) and what it may be attached to (303.4d): read by the target rules
    _K.ENCHANT: KeywordRule(frozenset({_T.CASTING, _T.ZONES}), _U, "702.5"),
    _K.EQUIP: KeywordRule(_ACTIVATED, _B, "702.6"),
    _K.FIRST_STRIKE: KeywordRule(_COMBAT, _B, "702.7"),
    _K.FLASH: KeywordRule(frozenset({_T.CASTING}), _C, "702.8"),
    _K.FLYING: KeywordRule(_COMBAT, _B, "702.9"),
    # haste lets a creature's {T}/{Q} abilities be activated before it has been controlled since the turn began
    _K.HASTE: KeywordRule(frozenset({_T.ACTIVATION, _T.COMBAT}), _B, "702.10, 302.6"),
    _K.HEXPROOF: KeywordRule(frozenset({_T.CASTING}), _B, "702.11"),
    _K.INDESTRUCTIBLE: KeywordRule(frozenset({_T.ZONES}), _B, "702.12"),
    _K.INTIMIDATE: KeywordRule(_COMBAT, _B, "702.13"),
    _K.LANDWALK: KeywordRule(_COMBAT, _B, "702.14"),
    # life is gained only as damage is dealt (702.15b): no question about the present state deals damage
    _K.LIFELINK: KeywordRule(_COMBAT, _B, "702.15"),
    _K.PROTECTION: KeywordRule(frozenset({_T.CASTING, _T.COMBAT, _T.ZONES}), _B, "702.16"),
    _K.REACH: KeywordRule(_COMBAT, _B, "702.17"),
    _K.SHROUD: KeywordRule(frozenset({_T.CASTING}), _B, "702.18"),
    _K.TRAMPLE: KeywordRule(_COMBAT, _B, "702.19"),
    _K.VIGILANCE: KeywordRule(_COMBAT, _B, "702.20"),
    # a triggered ability; its cost is paid by the opponent as it resolves, never part of casting (702.21a)
    _K.WARD: KeywordRule(_TRIG, _B, "702.21"),
    _K.BANDING: KeywordRule(_COMBAT, _B, "702.22"),
    _K.RAMPAGE: KeywordRule(_COMBAT, _B, "702.23", trigger_event="combat"),
    _K.CUMULATIVE_UPKEEP: KeywordRule(frozenset({_T.TRIGGERS, _T.LATER_TURNS}), _B, "702.24", trigger_event="step"),
    _K.FLANKING: KeywordRule(_COMBAT, _B, "702.25", trigger_event="combat"),
    _K.PHASING: KeywordRule(frozenset({_T.LATER_TURNS, _T.ZONES}), _B, "702.26"),
    _K.BUYBACK: KeywordRule(_OWN_COST, _C, "702.27"),
    _K.SHADOW: KeywordRule(_COMBAT, _B, "702.28"),
    _K.CYCLING: KeywordRule(_ACTIVATED_ELSEWHERE, _U, "702.29", zones=("hand",)),
    _K.TYPECYCLING: KeywordRule(_ACTIVATED_ELSEWHERE, _U, "702.29e", zones=("hand",)),
    _K.ECHO: KeywordRule(frozenset({_T.TRIGGERS, _T.LATER_TURNS}), _B, "702.30", trigger_event="step"),
    _K.HORSEMANSHIP: KeywordRule(_COMBAT, _B, "702.31"),
    _K.FADING: KeywordRule(frozenset({_T.TRIGGERS, _T.LATER_TURNS, _T.RESOLUTION}), _B, "702.32", trigger_event="step"),
    _K.KICKER: KeywordRule(_OWN_COST, _C, "702.33"),
    _K.MULTIKICKER: KeywordRule(_OWN_COST, _C, "702.33c"),
    _K.FLASHBACK: KeywordRule(_OWN_COST, _C, "702.34", zones=("graveyard",)),
    # a replacement of discarding it, then a cast from exile by its own trigger (702.35a): never a way to cast it from
    # the zone it is in when its owner merely has priority
    _K.MADNESS: KeywordRule(frozenset({_T.ZONES, _T.TRIGGERS}), _U, "702.35", zones=("hand",)),
    _K.FEAR: KeywordRule(_COMBAT, _B, "702.36"),
    # casting face down for {3} (702.37c, 708.4); turning face up is a special action (116.2b)
    _K.MORPH: KeywordRule(_OWN_COST | {_T.CHARACTERISTICS}, _C, "702.37"),
    _K.MEGAMORPH: KeywordRule(_OWN_COST | {_T.CHARACTERISTICS}, _C, "702.37b"),
    _K.AMPLIFY: KeywordRule(_ENTERING, _E, "702.38"),
    _K.PROVOKE: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.39", trigger_event="combat"),
    _K.STORM: KeywordRule(frozenset({_T.TRIGGERS, _T.RESOLUTION}), _B, "702.40", trigger_event="cast"),
    _K.AFFINITY: KeywordRule(_OWN_COST, _C, "702.41"),
    _K.ENTWINE: KeywordRule(_OWN_COST, _C, "702.42"),
    _K.MODULAR: KeywordRule(frozenset({_T.TRIGGERS, _T.RESOLUTION}), _E, "702.43"),
    _K.SUNBURST: KeywordRule(_ENTERING, _E, "702.44"),
    _K.BUSHIDO: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.45", trigger_event="combat"),
    _K.SOULSHIFT: KeywordRule(_TRIG, _B, "702.46", trigger_event="dies"),
    # optional, and of *another* spell (601.2b): never whether that spell can be cast
    _K.SPLICE: KeywordRule(frozenset({_T.RESOLUTION}), _U, "702.47", zones=("hand",)),
    _K.OFFERING: KeywordRule(_OWN_COST, _C, "702.48"),
    _K.NINJUTSU: KeywordRule(_ACTIVATED_ELSEWHERE | {_T.COMBAT}, _U, "702.49", zones=("hand",)),
    _K.COMMANDER_NINJUTSU: KeywordRule(_ACTIVATED_ELSEWHERE | {_T.COMBAT}, _U, "702.49d", zones=("hand", "command")),
    _K.EPIC: KeywordRule(frozenset({_T.RESOLUTION, _T.LATER_TURNS}), Scope.INSTRUCTION, "702.50"),
    _K.CONVOKE: KeywordRule(_OWN_COST, _C, "702.51"),
    _K.DREDGE: KeywordRule(frozenset({_T.ZONES, _T.RESOLUTION}), _U, "702.52", zones=("graveyard",)),
    _K.TRANSMUTE: KeywordRule(_ACTIVATED_ELSEWHERE, _U, "702.53", zones=("hand",)),
    _K.BLOODTHIRST: KeywordRule(_ENTERING, _E, "702.54"),
    _K.HAUNT: KeywordRule(frozenset({_T.TRIGGERS, _T.ZONES}), _U, "702.55"),
    _K.REPLICATE: KeywordRule(_OPTIONAL_COST, _C, "702.56"),
    _K.FORECAST: KeywordRule(_ACTIVATED_ELSEWHERE | {_T.LATER_TURNS}, _U, "702.57", zones=("hand",)),
    _K.GRAFT: KeywordRule(frozenset({_T.TRIGGERS, _T.RESOLUTION}), _E, "702.58"),
    _K.RECOVER: KeywordRule(frozenset({_T.TRIGGERS, _T.ZONES}), _U, "702.59", zones=("graveyard",)),
    _K.RIPPLE: KeywordRule(frozenset({_T.TRIGGERS, _T.RESOLUTION}), _U, "702.60", trigger_event="cast"),
    # while on the stack: no other spell may be cast, no ability that isn't a mana ability activated (702.61a)
    _K.SPLIT_SECOND: KeywordRule(frozenset({_T.CASTING, _T.ACTIVATION}), _S, "702.61"),
    # a special action from the hand, then casting from exile in a later turn (702.62a)
    _K.SUSPEND: KeywordRule(frozenset({_T.LATER_TURNS, _T.ZONES}), _U, "702.62", zones=("hand",)),
    _K.VANISHING: KeywordRule(frozenset({_T.TRIGGERS, _T.LATER_TURNS, _T.RESOLUTION}), _B, "702.63",
                              trigger_event="step"),
    _K.ABSORB: KeywordRule(_COMBAT, _B, "702.64"),
    _K.AURA_SWAP: KeywordRule(_ACTIVATED | {_T.ZONES}, _B, "702.65"),
    _K.DELVE: KeywordRule(_OWN_COST, _C, "702.66"),
    _K.FORTIFY: KeywordRule(_ACTIVATED, _B, "702.67"),
    _K.FRENZY: KeywordRule(_COMBAT, _B, "702.68", trigger_event="combat"),
    _K.GRAVESTORM: KeywordRule(frozenset({_T.TRIGGERS, _T.RESOLUTION}), _U, "702.69", trigger_event="cast"),
    _K.POISONOUS: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.70", trigger_event="combat"),
    _K.TRANSFIGURE: KeywordRule(_ACTIVATED | {_T.ZONES}, _B, "702.71"),
    _K.CHAMPION: KeywordRule(frozenset({_T.TRIGGERS, _T.ZONES}), _B, "702.72"),
    # every creature type, in every zone (702.73a): it matters where something reads creature types
    _K.CHANGELING: KeywordRule(frozenset({_T.SUBTYPES}), _U, "702.73"),
    _K.EVOKE: KeywordRule(_OWN_COST, _C, "702.74", zones=("hand",)),
    _K.HIDEAWAY: KeywordRule(frozenset({_T.TRIGGERS, _T.ZONES}), _B, "702.75"),
    _K.PROWL: KeywordRule(_OWN_COST, _C, "702.76"),
    _K.REINFORCE: KeywordRule(_ACTIVATED_ELSEWHERE, _U, "702.77", zones=("hand",)),
    _K.CONSPIRE: KeywordRule(_OPTIONAL_COST, _C, "702.78"),
    _K.PERSIST: KeywordRule(_TRIG, _B, "702.79", trigger_event="dies"),
    _K.WITHER: KeywordRule(_COMBAT, _B, "702.80"),
    _K.RETRACE: KeywordRule(_OWN_COST, _C, "702.81", zones=("graveyard",)),
    _K.DEVOUR: KeywordRule(frozenset({_T.RESOLUTION, _T.ZONES}), _E, "702.82"),
    _K.EXALTED: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.83", trigger_event="combat"),
    _K.UNEARTH: KeywordRule(_ACTIVATED_ELSEWHERE, _U, "702.84", zones=("graveyard",)),
    _K.CASCADE: KeywordRule(frozenset({_T.TRIGGERS, _T.RESOLUTION}), _U, "702.85", trigger_event="cast"),
    _K.ANNIHILATOR: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.86", trigger_event="combat"),
    _K.LEVEL_UP: KeywordRule(_ACTIVATED, _B, "702.87"),
    _K.REBOUND: KeywordRule(frozenset({_T.RESOLUTION, _T.ZONES, _T.LATER_TURNS}), Scope.INSTRUCTION, "702.88"),
    _K.UMBRA_ARMOR: KeywordRule(frozenset({_T.ZONES}), _B, "702.89"),
    _K.INFECT: KeywordRule(_COMBAT, _B, "702.90"),
    _K.BATTLE_CRY: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.91", trigger_event="combat"),
    _K.LIVING_WEAPON: KeywordRule(_TRIG, _B, "702.92"),
    _K.UNDYING: KeywordRule(_TRIG, _B, "702.93", trigger_event="dies"),
    # cast as it is drawn, by its own trigger (702.94a): never while its owner merely has priority
    _K.MIRACLE: KeywordRule(_TRIG, _U, "702.94", zones=("hand",)),
    # the pairing trigger; what a paired creature gets is a sentence of its own (702.95a)
    _K.SOULBOND: KeywordRule(_TRIG, _B, "702.95"),
    _K.OVERLOAD: KeywordRule(_OWN_COST, _C, "702.96"),
    _K.SCAVENGE: KeywordRule(_ACTIVATED_ELSEWHERE, _U, "702.97", zones=("graveyard",)),
    _K.UNLEASH: KeywordRule(frozenset({_T.RESOLUTION, _T.COMBAT}), _E, "702.98"),
    _K.CIPHER: KeywordRule(frozenset({_T.RESOLUTION, _T.ZONES}), Scope.INSTRUCTION, "702.99"),
    _K.EVOLVE: KeywordRule(_TRIG, _B, "702.100"),
    _K.EXTORT: KeywordRule(frozenset({_T.TRIGGERS, _T.LIFE}), _B, "702.101", trigger_event="cast"),
    _K.FUSE: KeywordRule(_OWN_COST, _C, "702.102"),
    _K.BESTOW: KeywordRule(_OWN_COST | {_T.CHARACTERISTICS}, _C, "702.103"),
    _K.TRIBUTE: KeywordRule(_ENTERING, _E, "702.104"),
    _K.DETHRONE: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.105", trigger_event="combat"),
    _K.HIDDEN_AGENDA: KeywordRule(frozenset({_T.RESOLUTION}), _U, "702.106"),
    _K.DOUBLE_AGENDA: KeywordRule(frozenset({_T.RESOLUTION}), _U, "702.106"),
    _K.OUTLAST: KeywordRule(_ACTIVATED, _B, "702.107"),
    _K.PROWESS: KeywordRule(frozenset({_T.TRIGGERS, _T.POWER_TOUGHNESS}), _B, "702.108", trigger_event="cast"),
    _K.DASH: KeywordRule(_OWN_COST, _C, "702.109"),
    _K.EXPLOIT: KeywordRule(_TRIG, _B, "702.110"),
    _K.MENACE: KeywordRule(_COMBAT, _B, "702.111"),
    _K.RENOWN: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.112", trigger_event="combat"),
    _K.AWAKEN: KeywordRule(_OWN_COST, _C, "702.113"),
    # the object is colourless in every zone (702.114a): card data gives its colours already
    _K.DEVOID: KeywordRule(frozenset({_T.COLORS, _T.CHARACTERISTICS}), _U, "702.114"),
    _K.INGEST: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.115", trigger_event="combat"),
    _K.MYRIAD: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.116", trigger_event="combat"),
    _K.SURGE: KeywordRule(_OWN_COST, _C, "702.117"),
    _K.SKULK: KeywordRule(_COMBAT, _B, "702.118"),
    _K.EMERGE: KeywordRule(_OWN_COST, _C, "702.119"),
    # an additional cost for each mode beyond the first: the cast question chooses no modes (700.2)
    _K.ESCALATE: KeywordRule(_OPTIONAL_COST, _C, "702.120"),
    _K.MELEE: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.121", trigger_event="combat"),
    _K.CREW: KeywordRule(_ACTIVATED | {_T.CHARACTERISTICS}, _B, "702.122"),
    _K.FABRICATE: KeywordRule(_TRIG, _B, "702.123"),
    _K.PARTNER: KeywordRule(frozenset({_T.DECK_CONSTRUCTION}), _U, "702.124"),
    _K.PARTNER_WITH: KeywordRule(frozenset({_T.DECK_CONSTRUCTION, _T.TRIGGERS}), _U, "702.124"),
    _K.FRIENDS_FOREVER: KeywordRule(frozenset({_T.DECK_CONSTRUCTION}), _U, "702.124"),
    _K.CHOOSE_A_BACKGROUND: KeywordRule(frozenset({_T.DECK_CONSTRUCTION}), _U, "702.124"),
    _K.DOCTORS_COMPANION: KeywordRule(frozenset({_T.DECK_CONSTRUCTION}), _U, "702.124"),
    _K.UNDAUNTED: KeywordRule(_OWN_COST, _C, "702.125"),
    _K.IMPROVISE: KeywordRule(_OWN_COST, _C, "702.126"),
    _K.AFTERMATH: KeywordRule(_OWN_COST, _C, "702.127", zones=("graveyard",)),
    _K.EMBALM: KeywordRule(_ACTIVATED_ELSEWHERE, _U, "702.128", zones=("graveyard",)),
    _K.ETERNALIZE: KeywordRule(_ACTIVATED_ELSEWHERE, _U, "702.129", zones=("graveyard",)),
    _K.AFFLICT: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.130", trigger_event="combat"),
    # the city's blessing, a designation kept for the rest of the game (702.131b-c): it matters where something reads
    # the designation (the gate's ``designation`` token)
    _K.ASCEND: KeywordRule(frozenset({_T.LATER_TURNS}), _U, "702.131"),
    _K.ASSIST: KeywordRule(_OWN_COST, _C, "702.132"),
    _K.JUMP_START: KeywordRule(_OWN_COST, _C, "702.133", zones=("graveyard",)),
    _K.MENTOR: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.134", trigger_event="combat"),
    _K.AFTERLIFE: KeywordRule(_TRIG, _B, "702.135", trigger_event="dies"),
    # a choice as it enters: a +1/+1 counter or haste (702.136a)
    _K.RIOT: KeywordRule(frozenset({_T.ACTIVATION, _T.POWER_TOUGHNESS}), _B, "702.136"),
    _K.SPECTACLE: KeywordRule(_OWN_COST, _C, "702.137"),
    _K.ESCAPE: KeywordRule(_OWN_COST, _C, "702.138", zones=("graveyard",)),
    _K.COMPANION: KeywordRule(frozenset({_T.DECK_CONSTRUCTION}), _U, "702.139"),
    _K.MUTATE: KeywordRule(_OWN_COST | {_T.CHARACTERISTICS}, _C, "702.140"),
    _K.ENCORE: KeywordRule(_ACTIVATED_ELSEWHERE, _U, "702.141", zones=("graveyard",)),
    _K.BOAST: KeywordRule(_ACTIVATED | {_T.COMBAT}, _B, "702.142"),
    _K.FORETELL: KeywordRule(_ACTIVATED_ELSEWHERE | {_T.LATER_TURNS}, _U, "702.143", zones=("hand",)),
    _K.DEMONSTRATE: KeywordRule(frozenset({_T.TRIGGERS, _T.RESOLUTION}), _U, "702.144", trigger_event="cast"),
    # which face is up now is the scenario's; day and night change only as turns begin (702.145, 726.3)
    _K.DAYBOUND: KeywordRule(frozenset({_T.LATER_TURNS}), _B, "702.145"),
    _K.NIGHTBOUND: KeywordRule(frozenset({_T.LATER_TURNS}), _B, "702.145"),
    _K.DISTURB: KeywordRule(_OWN_COST, _C, "702.146", zones=("graveyard",)),
    _K.DECAYED: KeywordRule(_COMBAT, _B, "702.147"),
    _K.CLEAVE: KeywordRule(_OWN_COST, _C, "702.148"),
    _K.TRAINING: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.149", trigger_event="combat"),
    _K.COMPLEATED: KeywordRule(_ENTERING, _E, "702.150"),
    _K.RECONFIGURE: KeywordRule(_ACTIVATED | {_T.CHARACTERISTICS}, _B, "702.151"),
    _K.BLITZ: KeywordRule(_OWN_COST, _C, "702.152"),
    _K.CASUALTY: KeywordRule(_OPTIONAL_COST, _C, "702.153"),
    _K.ENLIST: KeywordRule(_COMBAT, _B, "702.154"),
    _K.READ_AHEAD: KeywordRule(_ENTERING, _E, "702.155"),
    _K.RAVENOUS: KeywordRule(frozenset({_T.RESOLUTION, _T.TRIGGERS}), _E, "702.156"),
    _K.SQUAD: KeywordRule(_OPTIONAL_COST, _C, "702.157"),
    _K.SPACE_SCULPTOR: KeywordRule(_COMBAT, _B, "702.158"),
    _K.VISIT: KeywordRule(_TRIG, _B, "702.159"),
    # its own mana cost, colour and size when cast prototyped (718.3)
    _K.PROTOTYPE: KeywordRule(_OWN_COST | {_T.CHARACTERISTICS}, _C, "702.160, 718.3"),
    _K.LIVING_METAL: KeywordRule(frozenset({_T.CHARACTERISTICS, _T.ACTIVATION}), _B, "702.161"),
    _K.MORE_THAN_MEETS_THE_EYE: KeywordRule(_OWN_COST, _C, "702.162"),
    _K.FOR_MIRRODIN: KeywordRule(_TRIG, _B, "702.163"),
    _K.TOXIC: KeywordRule(_COMBAT, _B, "702.164"),
    _K.BACKUP: KeywordRule(_TRIG, _B, "702.165"),
    _K.BARGAIN: KeywordRule(_OPTIONAL_COST, _C, "702.166"),
    _K.CRAFT: KeywordRule(_ACTIVATED | {_T.ZONES, _T.RESOLUTION}, _B, "702.167"),
    _K.DISGUISE: KeywordRule(_OWN_COST | {_T.CHARACTERISTICS}, _C, "702.168"),
    _K.SOLVED: KeywordRule(ALL_TOPICS, _U, "702.169"),
    _K.PLOT: KeywordRule(_ACTIVATED_ELSEWHERE | {_T.LATER_TURNS}, _U, "702.170", zones=("hand",)),
    _K.SADDLE: KeywordRule(_ACTIVATED, _B, "702.171"),
    # each chosen mode adds its cost and at least one mode is chosen (702.172a): a cost of every cast
    _K.SPREE: KeywordRule(_OWN_COST, _C, "702.172"),
    _K.FREERUNNING: KeywordRule(_OWN_COST, _C, "702.173"),
    # an optional additional cost (choose an opponent, 702.174a) whose promise decides which targets the spell
    # requires (702.174m, 601.2c): read by the casting rules; its effect happens as the spell resolves or enters
    _K.GIFT: KeywordRule(frozenset({_T.CASTING, _T.COSTS, _T.SPELL_COSTS, _T.RESOLUTION, _T.TRIGGERS, _T.ZONES}), _C,
                         "702.174"),
    _K.OFFSPRING: KeywordRule(_OPTIONAL_COST, _C, "702.175"),
    _K.IMPENDING: KeywordRule(_OWN_COST | {_T.CHARACTERISTICS}, _C, "702.176"),
    _K.EXHAUST: KeywordRule(_ACTIVATED, _B, "702.177"),
    _K.MAX_SPEED: KeywordRule(ALL_TOPICS, _B, "702.178"),
    _K.START_YOUR_ENGINES: KeywordRule(frozenset({_T.TRIGGERS, _T.LATER_TURNS}), _B, "702.179"),
    _K.HARMONIZE: KeywordRule(_OWN_COST, _C, "702.180", zones=("graveyard",)),
    _K.MOBILIZE: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS}), _B, "702.181", trigger_event="combat"),
    _K.JOB_SELECT: KeywordRule(_TRIG, _B, "702.182"),
    # a mode with its own additional cost is chosen on every cast (702.183a)
    _K.TIERED: KeywordRule(_OWN_COST, _C, "702.183"),
    _K.STATION: KeywordRule(_ACTIVATED | {_T.CHARACTERISTICS}, _B, "702.184"),
    _K.WARP: KeywordRule(_OWN_COST | {_T.ZONES}, _C, "702.185", zones=("hand",)),
    _K.MAYHEM: KeywordRule(_OWN_COST, _C, "702.187", zones=("graveyard",)),
    _K.WEB_SLINGING: KeywordRule(_OWN_COST, _C, "702.188"),
    # "whenever this creature attacks, add {R}" N times (702.189a): mana from a triggered ability (605.5a)
    _K.FIREBENDING: KeywordRule(frozenset({_T.COMBAT, _T.TRIGGERS, _T.OTHER_MANA}), _B, "702.189",
                              trigger_event="combat"),
    _K.SNEAK: KeywordRule(_OWN_COST | {_T.COMBAT}, _C, "702.190"),
    _K.SCRY: KeywordRule(frozenset({_T.RESOLUTION}), Scope.INSTRUCTION, "701.22"),
}


def keyword_rule(kind: KeywordKind) -> KeywordRule:
    """What ``kind``'s rules change and where it functions (``KEYWORD_RULES``)."""
    return KEYWORD_RULES[kind]


def keyword_zones(name: str) -> tuple[str, ...]:
    """The zones other than the battlefield where the ability of the keyword ``name`` functions (CR 113.6), empty
    for the battlefield alone or an unknown name (``KeywordRule.zones``)."""
    kind = keyword_kind(name)
    return KEYWORD_RULES[kind].zones if kind is not None else ()


#: Keyword abilities that are activated abilities (CR 702; each rule says "X is an activated ability"):
#: equip 702.6a, cycling and typecycling 702.29a, ninjutsu 702.49a and commander ninjutsu 702.49d,
#: transmute 702.53a, forecast 702.57a, aura swap 702.65a, fortify 702.67a, transfigure 702.71a, reinforce
#: 702.77a, unearth 702.84a, level up 702.87a, scavenge 702.97a, outlast 702.107a, crew 702.122a, embalm
#: 702.128a, eternalize 702.129a, encore 702.141a, boast 702.142a, reconfigure 702.151a, craft 702.167a,
#: saddle 702.171a, exhaust 702.177a, station 702.184a.
#: Effect names, spaces as underscores. Such a keyword does nothing until activated (CR 602.2) and adds no mana (605.1a).
ACTIVATED_KEYWORDS = frozenset({
    "equip", "cycling", "ninjutsu", "commander_ninjutsu", "transmute", "forecast", "aura_swap", "fortify",
    "transfigure", "reinforce", "unearth", "level_up", "scavenge", "outlast", "crew", "embalm", "eternalize",
    "encore", "boast", "reconfigure", "craft", "saddle", "exhaust", "station",
})


def is_activated_keyword(effect: str) -> bool:
    """Whether a keyword (its effect name, spaces as underscores) stands for an activated ability
    (``ACTIVATED_KEYWORDS``, and every typecycling: "swampcycling", CR 702.29e).

    Parameters
    ----------
    effect : str
        A keyword's effect name ("equip", "commander_ninjutsu", "plainscycling").

    Returns
    -------
    bool
    """
    return effect in ACTIVATED_KEYWORDS or effect.endswith("cycling")
