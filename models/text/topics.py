"""What a sentence the parser did not model could change: its ``Topic`` set (over-approximated).

``classify(text, kind)`` reads the wording for the words that can touch each topic (mana, costs, casting,
activation, keywords, characteristics, zones, ...). When no word is recognised it returns ``ALL_TOPICS``:
an unknown sentence could change anything. The result only ever widens what is unsupported; it is never
used to give an answer.

References: CR 113.3 (kinds of abilities), 603 (triggered abilities), 613 (layers), 106/605 (mana).
"""
from __future__ import annotations

import functools
import re

from ..vocab.topics import ALL_TOPICS, Topic
from .lines import LABEL_RE, QUOTED_RE

_T = Topic
#: Keyword abilities a sentence may grant or remove (CR 702), for the keywords topic.
_KEYWORD_WORDS = ("deathtouch|defender|double strike|first strike|flash|flying|haste|hexproof|indestructible|intimidate"
                  "|lifelink|protection|reach|shroud|trample|vigilance|ward|menace|fear|shadow|horsemanship|landwalk"
                  "|\\w+walk|infect|wither|prowess|changeling|convoke|delve|improvise|affinity|cascade|storm|flashback"
                  "|devoid|banding|phasing|split second|undying|persist|annihilator|exalted|evolve|skulk")
_PATTERNS: tuple[tuple[Topic, re.Pattern[str]], ...] = tuple((t, re.compile(p, re.I)) for t, p in (
    (_T.MANA_PRODUCTION, r"\bmana\b(?! value| cost)|\badds?\b|\bproduc|\{[wubrgcs]\}|\b(?:plains|islands?|swamps?|mountains?|forests?)\b"
                         r"|land types?|\blos(?:e|es) all\b|\bdoubl|\btapped for\b"),
    (_T.MANA_SPENDING, r"\bspen[dt]\b|\bmana\b(?! value)"),
    (_T.COSTS, r"\bcosts?\b|\bpay|\{\d+\}|\{x\}|\bless to\b|\bmore to\b|additional cost|affinity|convoke|delve|improvise"
               r"|\bwithout paying\b|\bfree\b"),
    (_T.CASTING, r"\bcast|\bflash\b|\btargets?\b|hexproof|shroud|protection|\bplay|as though|\bspells?\b|can't be countered"
                 r"|\bsplit second\b|\bward\b|\btiming\b|\bonly (?:during|any time|as a sorcery)"),
    (_T.ACTIVATION, r"\bactivat|\bhaste\b|\{t\}|\{q\}|\btap|summoning|\babilit"),
    (_T.KEYWORDS, r"\b(?:has|have|had|gains?|gets?|loses?|lose|with|without)\b[^.]*?\b(?:" + _KEYWORD_WORDS + r")\b"
                  r"|\bkeyword|\babilities\b|[\"“]"),
    (_T.CHARACTERISTICS, r"\b(?:is|are|becomes?)\b (?:a|an|the|every|all|no longer|colorless|also|still|[a-z]+ in addition)\b"
                         r"|\bcolou?rs?\b|\bcolorless\b|\btypes?\b|\blos(?:e|es) all\b|\babilities\b|[\"“]"
                         r"|\bin addition to its\b|\bcopy|\bcopies\b|\bface[- ]down\b|\bname\b|\bnamed\b"),
    (_T.POWER_TOUGHNESS, r"[+-]\d+/[+-]\d+|\bpower\b|\btoughness\b|\b\d+/\d+\b|\bbase\b"),
    (_T.COLORS, r"\b(?:white|blue|black|red|green|colorless|monocolored|multicolored)\b|\bcolou?rs?\b"),
    (_T.COMBAT, r"\battack|\bblock|\bcombat\b"),
    (_T.LIFE, r"\blife\b|\bdamage\b|\blose[s]? \w+ life\b"),
    (_T.ZONES, r"graveyard|\bexile|library|\bhand\b|battlefield|\bput|\breturn|\bsearch|\bdraws?\b|\bdiscard|\bmill"
               r"|\bsacrific|\bdestroy|\bcreate|tokens?\b|\benters?\b|\bleaves?\b|\bdies\b|\bzone\b|\bshuffle"),
    (_T.RESOLUTION, r"\binstead\b|\bcountered\b|\bscry|\bdraws?\b|\benters?\b|\bsearch|\bput|\bcounter\b|\bresolv|\bcopy|\bchoose"
                    r"|\bprevent|\breplace|\bskip"),
    (_T.TRIGGERS, r"^(?:when|whenever|at)\b|\btrigger|\bwhen(?:ever)?\b"),
    (_T.DECK_CONSTRUCTION, r"\bdeck\b|\bcopies\b|\bcommander\b|\bcompanion\b|\bstarting\b|\bsideboard\b|\bany number of\b"),
))


#: One sentence that only modifies how an object enters the battlefield (CR 113.6h, 614.1c, 614.12): "enters
#: tapped [unless ...]", "enters with ... counters", "As this enters, choose ..." / "you may pay/reveal ...",
#: "If you don't, it enters tapped". Nothing of it applies to an object already on the battlefield or to casting
#: it; it matters only when something enters (resolution). "enter as a copy" (Clone) sets characteristics the
#: state does not record, so it is not one of these.
_ENTERING_SENTENCE = re.compile(
    r"(?:(?:if you (?:don't|do not|can't)|otherwise|if [^,.]{1,80}), )?"
    r"(?:[^.]{1,80}?) enters?(?: the battlefield)? (?:tapped(?:,? (?:and )?with [^.]*\bcounters? on (?:it|them))?(?: (?:unless|if) [^.]+)?"
    r"|with [^.]*\bcounters? on (?:it|them)(?: [^.]*)?)"
    r"|as [^,.]{1,80}? enters(?: the battlefield)?, (?:choose|you may (?:pay|reveal|discard|exile|tap|return|sacrifice|put)"
    r"|pay any amount of life"  # (Phyrexian Processor, Vizkopa Confessor: paid as it enters, CR 614.12, 119.4)
    r"|each player chooses|an opponent chooses|name|secretly choose)[^.]*", re.I)


def is_entering_line(text: str) -> bool:
    """Whether every sentence of ``text`` only modifies how an object enters the battlefield (CR 113.6h)."""
    text = LABEL_RE.sub("", text.strip())  # an ability word (CR 207.2c): "Adamant — "
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", text) if s.strip()]
    return bool(sentences) and not re.search(r"\bcopy\b|\bcopies\b|\bbecomes?\b|\bas a\b", text, re.I) and all(
        _ENTERING_SENTENCE.fullmatch(s.rstrip(".")) for s in sentences)


#: One sentence by which a permanent may enter as a copy (CR 707.9, 614.1c: "enters as" is a replacement of how it
#: enters; 614.12): "You may have this creature enter as a copy of any creature on the battlefield[, except ...]",
#: "You may have this land enter tapped as a copy of any land card in a graveyard, except it's a Cave in addition to
#: its other types" (Echoing Deeps), "As this artifact enters, you may have it become a copy of any creature on the
#: battlefield until end of turn, except it has haste" (Cursed Mirror). The object is named by "this ...", "it" or its
#: own name (CR 201.5).
_ENTERING_COPY_SENTENCE = re.compile(
    r"(?:if [^,.]{1,80}, )?you may have (?:this(?: \w+)?|it|[A-Z][\w'’,-]*(?: [\w'’,-]+){0,5}?) enter(?: the battlefield)?"
    r"(?: tapped)? as a copy of [^.]+"
    r"|as (?:this(?: \w+)?|it|[A-Z][\w'’,-]*(?: [\w'’,-]+){0,5}?) enters(?: the battlefield)?, you may have it become a copy"
    r" of [^.]+", re.I)


def is_entering_copy_line(text: str) -> bool:
    """Whether every sentence of ``text`` is a way for the object itself to enter the battlefield — as a copy
    (``_ENTERING_COPY_SENTENCE``, at least one) or an entering choice (``is_entering_line``'s sentences) — and none
    keeps the object's own name ("except its name is Sakashima the Impostor"): a copy effect sets the copiable values,
    the name included (CR 707.2, 707.9), so a permanent a scenario lists under its own card name is no copy of another
    card (docs/scenarios.md) and the line does nothing to it on the battlefield; it applies only as the object enters
    (CR 614.1c, 614.12, 113.6h). Quoted abilities the copy would have (CR 707.9a) are part of the exception."""
    t = LABEL_RE.sub("", text.strip())
    bare = QUOTED_RE.sub('""', t)
    if re.search(r"\bname\b", bare, re.I):
        return False  # the copy may keep this card's name: a copy listed under it (CR 707.9b)
    sentences = [x.strip().rstrip(".") for x in re.split(r"(?<=\.)\s+", bare) if x.strip()]
    copies = [x for x in sentences if _ENTERING_COPY_SENTENCE.fullmatch(x)]
    return bool(copies) and all(x in copies or _ENTERING_SENTENCE.fullmatch(x) for x in sentences)


#: A keyword line whose whole ability works only as its object enters the battlefield (CR 614.1c, 614.12, 113.6h),
#: by its own reminder text (acorn cards: the reminder defines them): "Reflect {0}" (Mirrored Lotus: "As this enters,
#: each opponent may pay {0}. When they do, they create a token copy of this except it lacks this ability"; the
#: reflexive trigger is made as it enters, CR 603.12), "Land casualty 2" (Maestros' Totally Safe Hideout: "As this
#: land enters, you may sacrifice a creature with power 2 or greater. If you do, create a token that's a copy of
#: this land"). Nothing of it applies to the object on the battlefield, to casting it or to its abilities. Casualty
#: on a spell ("As you cast this spell", CR 702.153a) is a cost of casting and is not this shape.
_ENTERING_KEYWORD_LINE = re.compile(r"reflect(?: \{[^}]+\})+|land casualty (?:\d+|x)", re.I)


def is_entering_keyword_line(text: str) -> bool:
    """Whether ``text`` is one keyword line that works only as its object enters (``_ENTERING_KEYWORD_LINE``)."""
    return bool(_ENTERING_KEYWORD_LINE.fullmatch(text.strip().rstrip(".")))


#: A mana ability's rider giving its controller poison counters (Mox Poison: "You get two poison counters.", Noxious
#: Bayou: "You get a poison counter."): ``classify`` (CR 122.1, 704.5c).
_POISON_RIDER_RE = re.compile(r"you get (?:a|an|one|two|three|four|five|\d+) poison counters?", re.I)


#: "This land doesn't untap during your next untap step." and kin, and "This artifact doesn't untap during your
#: untap step." (Mana Vault): CR 502.3, only an untap step is changed, and in the untap step no player gets
#: priority (CR 502.4), so only a later turn's untap step can change anything.
_LATER_UNTAP_RE = re.compile(r"(?:this \w+|it|that \w+|[A-Z][\w ,'-]{0,40}?) (?:doesn't|does not) untap during "
                             r"(?:your|its controller's) (?:next )?untap step\.?", re.I)
#: "Creatures you control can boast twice during each of your turns rather than once." (Birgi): a boast ability is an
#: activated ability usable "only once each turn" (CR 702.142a); this changes only that limit, an activation
#: restriction (602.5) — no mana, type or cost.
_BOAST_TWICE_RE = re.compile(r"[^.]{1,60} can boast twice(?: during each of your turns)? rather than once\.?", re.I)
#: A cap on one kind of counter on the object itself (Rasputin Dreamweaver): ``classify``
_COUNTER_CAP_RE = re.compile(r"(?:this \w+|it|[A-Z][\w'’,-]*(?: [\w'’,-]+){0,4}?) can't have more than (?:one|two|three|"
                             r"four|five|six|seven|eight|nine|ten|\d+) [\w+/-]+ counters? on it\.?")
#: A rider that only rolls a die or flips a coin, nothing done on the result (CR 706.1, 705.1).
_ROLL_OR_FLIP_RE = re.compile(r"(?:roll (?:a|one|two) (?:d\d+|(?:six|four|eight|ten|twelve|twenty)-sided (?:die|dice))|flip a coin)\.?",
                              re.I)
#: Words of an ability that adds mana itself (CR 106.1, 605.1): "add {G}", "adds one mana", "add an amount of".
_ADDS_RE = re.compile(r"\badds?\b|\bmana\b(?! value| cost)", re.I)
#: Wording with the word "mana" that adds none (CR 605.1a-b: a mana ability is one that *could add* mana; 106.1): mana
#: spent or paid before, read as a record ("if mana from a Treasure was spent to cast it", "if at least four mana was
#: spent to cast it", "for each mana from Treasures spent to activate this ability", "the type of mana spent to pay
#: this activation cost", "the amount of mana they paid", CR 601.2h, 602.2b: what was paid is fixed once it is paid),
#: other abilities named by what they are ("an artifact card with a mana ability", "activated abilities that aren't
#: mana abilities", "an exhaust ability that isn't a mana ability", CR 605.1a), a payment of mana ("Pay any amount of
#: mana", "pay one mana of each of the chosen colors", CR 118.1: paying mana spends it, 601.2h), mana symbols counted
#: (CR 107.4, 202.1), "mana burn" (Rafi, Retro Racer: "there's mana burn ... for the rest of the game", life lost for
#: mana emptying from a pool, CR 500.4 — no mana made) and permissions to spend mana as though it were of another type (CR 609.4b). Each is removed
#: before ``_ADDS_RE`` looks for mana made; every other "mana" still counts ("Double the amount of each type of
#: unspent mana you have", Doubling Cube, adds mana without "add").
_NO_MANA_MADE_RE = re.compile(
    r"\bmana(?= (?:from [^.,;:]{1,40}? )?(?:(?:was|were|is|are) )?spent (?:to (?:cast|activate|pay)|on)\b)"
    r"|\bmana(?= (?:you|they|that player|each player) (?:spent|paid)\b)|\bmana(?= paid\b)"
    r"|\b(?:with|isn't|aren't|not) (?:an? |any )?(?:activated )?mana abilit(?:y|ies)\b"
    r"|\bpay (?:any amount of|one|two|three|four|five|x|\d+) mana\b"
    r"|\bmana symbols?\b"
    r"|\bmana burn\b"  # Rafi, Retro Racer: a rule of losing life for mana left as steps end (CR 500.4), adds none
    r"|\bspend (?:\w+ )?mana as though it were mana of any (?:color|type)\b|\bmana of any type can be spent\b"
    r"|\bspend (?:any type of mana|mana of any type)\b", re.I)


def _mana_made_words(text: str) -> str:
    """``text`` without quoted abilities (another object's, CR 113.10) and without the wording of
    ``_NO_MANA_MADE_RE``: what is left is searched for words that add mana."""
    return _NO_MANA_MADE_RE.sub(" ", QUOTED_RE.sub("", text))


#: The trigger condition of a triggered mana ability (CR 605.1b): mana made or spent, a permanent tapped for mana.
_MANA_EVENT_RE = re.compile(r"\bfor mana\b|\bmana\b|\badds?\b|\bspen[dt]\b|\bfor \{|\bmana abilit", re.I)
#: "This creature gets +1/+1 for each color among permanents you control." (Faeburrow Elder): it reads the board but
#: changes only its own power and toughness (layer 7c, CR 613.4c) — no colour, type or ability of anything.
_SELF_PT_FOR_EACH = re.compile(r"this (?:creature|permanent) gets [+-]\d+/[+-]\d+ for each [^.;:\"“”]+\.", re.I)


#: Wording of an activated ability that restricts activating it (CR 602.5): it keeps the activation topic.
_NOT_TARGET_ACTIVATION = re.compile(r"\bactivate\b|\bactivated\b|\bonly\b|\bany time\b", re.I)
#: Words of "activate" that restrict nothing: a target ability on the stack ("copy target activated or triggered
#: ability", "counter target activated ability", CR 115.1c-d; read by the target rules) and "as you activate this
#: ability" after a target (the targets are chosen as it is activated anyway, CR 601.2c, 602.2b).
_TARGET_ACTIVATION_WORDS = re.compile(r"\btarget (?:activated|triggered)(?: or (?:activated|triggered))? abilit(?:y|ies)\b"
                                      r"|\btarget activated ability, (?:or )?triggered ability\b"
                                      r"|(?<=\S) as you activate this ability\b"
                                      # mana already spent, read as the ability resolves (CR 602.2b, 601.2h, 608.2):
                                      # "If mana from a Treasure was spent to activate this ability, ..."
                                      r"|\b(?:was |were )?spent to activate this ability\b", re.I)


#: A sentence of an activated ability's effect that may restrict activating it (CR 602.5): "Activate only ...",
#: "Activate no more than ...", "You can't activate this ability ...", "Any player may activate this ability",
#: "Only ... may activate ...", "This ability can't be activated ...", "Spend only ... mana on X", "... any time you
#: could cast an instant". Any other sentence is an instruction followed as the ability resolves (CR 608.2c), after
#: it was activated: "Its activated abilities can't be activated this turn" (the target's), "creature cards with
#: activated abilities", "When you next activate ...", a token's quoted "can block only ..." change no activation.
_RESTRICTION_SENTENCE_RE = re.compile(
    r"^(?:activate\b|you (?:can't|cannot|may|can) activate\b|any player may activate\b|only\b|this ability\b|spend\b"
    r"|(?:it|this) (?:can|can't|cannot) be activated\b)"
    r"|\bactivate (?:this ability|only)\b|\bany time (?:you|they|a player) could cast\b", re.I)


def _restricts_activation(text: str) -> bool:
    """Whether an activated ability's effect words may restrict activating it (CR 602.5): some sentence, once the
    words that name a target ability or the moment targets are chosen are set aside (``_TARGET_ACTIVATION_WORDS``)
    and quoted abilities removed (those of another object, CR 113.10), has the shape of a restriction
    (``_RESTRICTION_SENTENCE_RE``) and speaks of activating or "only" (``_NOT_TARGET_ACTIVATION``)."""
    t = QUOTED_RE.sub(" ", _TARGET_ACTIVATION_WORDS.sub(" ", text))
    return any(_NOT_TARGET_ACTIVATION.search(s) and _RESTRICTION_SENTENCE_RE.search(s)
               for s in re.split(r"(?<=[.!?])\s+", t.strip()) if s.strip())


#: "This spell can't be countered." (with "by ..." or a condition as long as it says nothing else).
_CANT_BE_COUNTERED = re.compile(r"^this spell can't be countered(?: by [^.]*| if [^.]*)?\.?$", re.I)


#: Mana emptying from a pool as a step or phase ends (CR 500.4, 106.4): "You don't lose unspent red mana as steps and
#: phases end" (Ashling), "Until end of turn, you don't lose this mana ...", "If you would lose unspent mana, that mana
#: becomes black instead" (Omnath, Locus of All), "A player losing unspent mana causes that player to lose that much
#: life" (Yurlok). It happens only as a step or phase ends: no answer about the state as it is depends on it.
_UNSPENT_MANA_RE = re.compile(
    r"(?:until end of (?:turn|combat), )?(?:you|they|players|each player|that player) (?:don't|do not|doesn't) lose "
    r"(?:unspent (?:(?:white|blue|black|red|green|colorless) )?mana|this mana) as steps(?: and phases)? end"
    r"|if (?:you|a player) would lose unspent mana, that mana becomes (?:white|blue|black|red|green|colorless) instead"
    r"|a player losing unspent mana causes that player to lose that much life", re.I)
#: An additional effect on the spell or ability the mana is spent on, or a delayed trigger when it is spent
#: (CR 106.6: "This doesn't affect the mana's type"): "If that mana is spent on a creature spell, it gains haste until
#: end of turn" (Arena of Glory), "If this mana is spent to cast a creature spell, that creature enters with an
#: additional +1/+1 counter on it" (Biophagus), "When you spend this mana to cast ..., copy that spell", "Creature
#: spells you spend this mana to cast have their base power and toughness become 4/3" (Andrios). It happens once the
#: mana is spent (601.2h) and acts on that spell or ability after it is cast or activated: what mana can be made,
#: its type, and whether or how a spell is cast or paid for do not depend on it.
SPENT_RIDER_RE = re.compile(
    r"(?:if|when|whenever) (?:(?:that|this|the) mana is|you) spen[dt] (?:this mana |that mana )?(?:on|to cast|to pay|to activate)"
    r" [^.]*?, (?!.*\badds?\b)(?!.*\bcan't be spent\b)[^.]+"
    r"|(?:[\w-]+ )?spells? you spend this mana to cast (?:have|gain|get|can't)(?!.*\badds?\b)[^.]+"
    r"|you may choose new targets for the copy", re.I)  # the copy's own instruction (CR 707.10c)
#: "If this ability has been activated four or more times this turn, sacrifice this creature at the beginning of
#: the next end step", "An opponent gains control of this land at the beginning of the next end step" (Rainbow Vale):
#: a delayed triggered ability (CR 603.7a) that acts only at that end step.
_DELAYED_END_STEP_RE = re.compile(r"(?:if [^,]{1,120}, )?(?:sacrifice (?:this|it) ?\w*|(?:an|target) opponent gains control"
                                  r" of (?:this|it) ?\w*) at the beginning of the next end step", re.I)


def deck_or_draft_only(text: str) -> bool:
    """Whether every sentence of ``text`` functions only in deck construction or the draft (CR 100.2a, 903.3-903.4,
    905.2b-c): ``models.text.relevance.static_change`` types it as deck rules alone (its ``_DECK_RE``). An ability
    word before it ("Rulebreaker — ") is a label (CR 207.2c)."""
    from .relevance import static_change

    typed = static_change(text)
    return typed is not None and set(typed.changes) == {"deck"}


def _sentences(text: str) -> list[str]:
    return [x.strip().rstrip(".") for x in re.split(r"(?<=\.)\s+", text.strip()) if x.strip()]


def mana_tail_topics(text: str, kind: str) -> frozenset[Topic] | None:
    """The topics of a sentence of the mana questions' long tail whose every part changes only what happens later:
    mana emptying as steps end (CR 500.4; ``_UNSPENT_MANA_RE``: later steps, ``LATER_TURNS``) and riders
    acting on what the mana is spent on (CR 106.6; ``SPENT_RIDER_RE``: ``RESOLUTION``, plus ``TRIGGERS`` for a
    delayed trigger, CR 603.7). ``None`` when some sentence is of neither kind (the general rules decide).

    Parameters
    ----------
    text : str  the sentence(s); a rider may join several.
    kind : str  the ability kind (``classify``): static lines and riders of mana abilities.
    """
    if kind not in ("static", "rider"):
        return None
    parts = _sentences(text)
    if not parts:
        return None
    out: set[Topic] = set()
    for s in parts:
        if _UNSPENT_MANA_RE.fullmatch(s):
            out.add(Topic.LATER_TURNS)
        elif kind == "rider" and _DELAYED_END_STEP_RE.fullmatch(s):
            out.add(Topic.TRIGGERS)  # CR 603.7a: a delayed trigger at the next end step
        elif kind == "rider" and SPENT_RIDER_RE.fullmatch(s):
            out.add(Topic.RESOLUTION)
            if re.match(r"when", s, re.I):
                out.add(Topic.TRIGGERS)
        else:
            return None
    return frozenset(out)


#: "Mana of any type can be spent to cast those spells" / "you may spend mana as though it were mana of any type to
#: cast them" (CR 609.4b): it changes what mana may pay for the spells it names, never what mana is made (106).
_SPEND_TO_CAST_RE = re.compile(
    r"\b(?:mana of any (?:type|color) can be spent|(?:you may )?spend mana as though it were mana of any (?:type|color))"
    r" to cast (?:those|that|these|them|the|such|this)\b(?: spells?| cards?)?", re.I)


#: "note the type [and amount] of mana spent to pay this activation cost" (Jeweled Amulet, Ice Cauldron): an
#: instruction followed as the ability resolves (CR 608.2), recording for the linked ability (607.2e) what was
#: already paid (601.2h, 602.2b); it changes no cost, so its word "cost" makes no ``COSTS`` topic
_NOTE_SPENT_RE = re.compile(r"\bnote the type (?:and amount )?of mana spent to pay this activation cost\b", re.I)
#: Cost words in what an activated ability does that speak of the cost of a spell cast as it resolves or later
#: ("You may cast the copy without paying its mana cost", Kaho; "spend mana as though it were mana of any type to
#: pay that spell's mana cost", North Star): that spell's cost (CR 118.9, 609.4b), paid after the ability resolves
#: (608.2), never part of the ability's own cost (602.2b). "X is ..." (an X defined for the cost, 107.3) is not one.
_LATER_SPELL_COST_RE = re.compile(r"\bwithout paying (?:its|their|that spell's|the spell's|that card's) mana costs?\b"
                                  r"|\bto pay (?:that|the) spell's mana cost\b", re.I)


@functools.lru_cache(maxsize=65536)
def classify(text: str, kind: str = "static", targets_typed: bool = False) -> frozenset[Topic]:
    """The topics a sentence could change (over-approximated).

    Parameters
    ----------
    text : str
        The sentence or ability line.
    kind : str
        The ability kind (``static``, ``triggered``, ``activated``, ``spell``, ``keyword``, ``unparsed``).
    targets_typed : bool
        Its targets are checked by the rules (``solver.rules.targets``, CR 601.2c, 602.2b): "target" words then add no
        topic (a target it cannot read makes that check unsupported itself).

    Returns
    -------
    frozenset of Topic
        Never empty: ``ALL_TOPICS`` when no word of any topic is recognised, and for ``unparsed`` lines.
    """
    if kind == "unparsed" or not text.strip():
        return ALL_TOPICS
    if _LATER_UNTAP_RE.fullmatch(text.strip()):
        return frozenset({Topic.LATER_TURNS})  # CR 502.3: only a later untap step is changed
    if kind == "static" and _COUNTER_CAP_RE.fullmatch(text.strip()):
        # "Rasputin can't have more than seven dream counters on it": it changes only what happens when counters
        # would be put on it (a replacement as they are put, CR 614.1a, 122.6), never what it is or makes now
        return frozenset({Topic.RESOLUTION, Topic.TRIGGERS})
    if _BOAST_TWICE_RE.fullmatch(text.strip()):
        # CR 702.142a-b: only how often boast abilities may be activated changes (an activation restriction, 602.5)
        return frozenset({Topic.ACTIVATION})
    tail = mana_tail_topics(text, kind)
    if tail is not None:
        return tail
    if kind in ("static", "replacement", "keyword") and is_entering_keyword_line(text):
        return frozenset({Topic.RESOLUTION, Topic.ZONES})  # CR 614.12, 113.6h: only as the object enters
    if kind in ("static", "replacement") and (is_entering_line(text) or is_entering_copy_line(text)):
        return frozenset({Topic.RESOLUTION, Topic.ZONES})  # CR 113.6h, 614.12: only while something enters
    if kind == "static" and _SELF_PT_FOR_EACH.fullmatch(text.strip()):
        return frozenset({Topic.POWER_TOUGHNESS})
    if kind in ("static", "replacement"):
        from .relevance import static_change

        typed = static_change(text)
        if typed is not None and (not changes_mana_abilities(text)
                                  or all(c.startswith("subtype:") for c in typed.changes)):
            # (subtypes typed by ``static_change`` are creature and nonbasic land types only: they give no mana
            # ability, CR 305.6-305.7 — "This land is every nonbasic land type", Planar Nexus, 205.3i)
            # what the sentence can change, typed (models.text.relevance): its condition and object words add no
            # topic (CR 611.3a); what else must read it to matter is ``Unmodelled.reads`` (solver.rules.gate)
            return typed.topics
    # a permission to spend mana on casting spells is about spending and casting only: its words ("mana", "any
    # type") make no other topic
    unspent = _SPEND_TO_CAST_RE.sub("", text)
    got = {t for t, rx in _PATTERNS
           if rx.search(text if t in (Topic.MANA_SPENDING, Topic.CASTING) else unspent)}

    if changes_mana_abilities(text):  # land types, granted or removed mana abilities (CR 305.7, 613.1d, 613.1f)
        got |= {Topic.MANA_PRODUCTION, Topic.CHARACTERISTICS}
    mana = Topic.MANA_PRODUCTION in got
    if kind in ("triggered", "activated"):
        # such an ability makes mana itself only if its own words add mana (CR 605.1a-b, 106.7: what an ability
        # "would produce if it were to resolve"); a land it searches for, a land type it sets until end of turn or
        # a token's quoted mana ability exists only once it has resolved (608.2)
        # (mana spent or paid, mana abilities named, mana symbols counted add no mana: ``_NO_MANA_MADE_RE``)
        mana = bool(_ADDS_RE.search(_mana_made_words(text)))
        if kind == "triggered" and mana and _MANA_EVENT_RE.search(text.split(",", 1)[0]) and "," in text \
                and not _ADDS_RE.search(_mana_made_words(text.split(",", 1)[1])):
            # "Whenever you tap this land for mana, target opponent creates a 1/1 ..." (Forbidden Orchard): a
            # trigger on mana whose effect adds none is not a mana ability (CR 605.1b: it "could add mana"); it
            # uses the stack (605.5a) and changes no mana made now
            mana = False
    if _CANT_BE_COUNTERED.match(text.strip()):
        # it works on the stack (CR 113.6g) and changes only whether the spell can be countered as it would
        # resolve (CR 701.6), never whether or how it is cast
        return frozenset({Topic.RESOLUTION})
    if kind == "triggered":
        # A triggered ability changes nothing until it triggers and resolves (CR 603.3), except a triggered
        # mana ability, which resolves at once (605.1b, 605.4a): triggers, and mana when it speaks of mana.
        if mana and not _MANA_EVENT_RE.search(text.split(",", 1)[0]):
            # it triggers on something other than mana being made or spent (dies, casts, attacks, a phase): not
            # a mana ability (CR 605.1b, 605.5a) — it waits on the stack, so only "could produce" counts it
            return frozenset({Topic.TRIGGERS, Topic.OTHER_MANA})
        return frozenset({Topic.TRIGGERS} | ({Topic.MANA_PRODUCTION} if mana else set()))
    if kind == "activated":
        # ``text`` is the effect (after the colon). An activated ability does something only when activated
        # (CR 602.2): its restrictions and targets matter to activating it; if it speaks of mana it may be a mana
        # ability (605.1a), whose other effects happen as it is paid for (life: a land that deals damage).
        out = {Topic.RESOLUTION}  # what it does when it resolves (CR 608.2)
        if not targets_typed or _restricts_activation(text):
            out.add(Topic.ACTIVATION)
        if mana:
            out |= {Topic.MANA_PRODUCTION} | ({Topic.LIFE} if Topic.LIFE in got else set())
        spent = _NOTE_SPENT_RE.sub("", text)
        if re.search(r"\bcosts?\b", _LATER_SPELL_COST_RE.sub("", spent), re.I) or (
                re.search(r"\bcosts?\b", spent, re.I) and re.search(r"\bX is\b", text)):
            # (an X the text defines may be the X of the ability's own cost, CR 107.3c: Elite Arcanist)
            out.add(Topic.COSTS)
        return frozenset(out)
    if kind == "spell":
        # A spell's text matters when it is cast (targets, permission, its own cost, CR 601.2) and resolves.
        if not re.search(r"\bcosts?\b|additional cost|\bwithout paying\b|\{x\}", text, re.I):
            got.discard(Topic.COSTS)
        got &= {Topic.COSTS, Topic.MANA_SPENDING, Topic.MANA_PRODUCTION, Topic.RESOLUTION, Topic.ZONES,
                Topic.CHARACTERISTICS, Topic.COLORS, Topic.DECK_CONSTRUCTION}
        got.add(Topic.RESOLUTION)
        if ((not targets_typed and re.search(r"\btargets?\b", text, re.I))
                or re.search(r"(?:^|[.;,] )(?:you may )?cast this\b|\bthis spell can't be cast\b|\bthis spell costs\b"
                          r"|\bas though\b|\bspend\b|\bthis spell (?:has|gains?)\b|\bhas flash\b", text, re.I)):
            # (what the spell does to other spells once it resolves — "can't cast", "spells cost less this
            # turn" — happens after it is cast, CR 608.2, and so does "if you revealed a Dragon card as you cast
            # this spell": its own casting is what it permits or forbids for "this spell"; "This spell has flash as
            # long as you control a Merfolk" (Crashing Tide) decides when it may be cast, CR 702.8a, 117.1a)
            got.add(Topic.CASTING)
        return frozenset(got)
    if kind == "rider" and _POISON_RIDER_RE.fullmatch(text.strip().rstrip(".")):
        # CR 122.1, 704.5c, 106.7: poison counters are a player's; they add no mana, change no mana's type, no
        # cost and no activation (a player who has ten loses only when state-based actions are next checked,
        # 704.3, never while mana abilities are activated). What reads poison ("Activate only if an opponent has
        # three or more poison counters", Glistening Sphere) is found per state: ``Unmodelled.reads`` ``poison``
        # (``relevance.static_change``); life: the game's loss (704.5c)
        return frozenset({Topic.LIFE, Topic.RESOLUTION})
    if kind == "rider" and _ROLL_OR_FLIP_RE.fullmatch(text.strip()):
        # "Roll a d20." after "Add one mana of any color." (Vexing Puzzlebox): rolling a die or flipping a coin with
        # nothing done on its result (CR 706.1, 705.1) makes and costs no mana; it may trigger abilities ("whenever you
        # roll ..."), which are no mana abilities (they trigger on neither a mana ability nor mana, CR 605.1b) and wait
        # on the stack (605.5a)
        return frozenset({Topic.RESOLUTION, Topic.TRIGGERS})
    if kind == "rider":
        # another sentence of a mana ability: it happens when the ability resolves, as the mana is made
        # (what it says about the spell the mana is spent on — "can't be countered", "enters with a counter" —
        # happens after that spell is cast: not a casting topic)
        if re.match(r"(?:when|whenever)\b", text.strip(), re.I) and not _ADDS_RE.search(text.split(",", 1)[-1]):
            # a delayed trigger the ability creates ("When that mana is spent to cast a creature spell, scry 1",
            # CR 603.7): it does something only after the mana is spent
            return frozenset({Topic.TRIGGERS} | (got & {Topic.LIFE, Topic.RESOLUTION, Topic.ZONES}))
        return frozenset(got & {Topic.MANA_PRODUCTION, Topic.LIFE, Topic.ZONES, Topic.MANA_SPENDING,
                                Topic.ACTIVATION, Topic.COSTS, Topic.RESOLUTION}) or ALL_TOPICS
    if not got:
        return ALL_TOPICS
    return frozenset(got)


#: Wording that changes land types (or makes something a land of a basic type) — used as a safety net:
#: a static ability whose text matches this but was not modelled as ``land_type`` makes the mana
#: questions ``Unsupported`` (``solver.rules.layers.unmodelled_type_effects``), never silently ignored.
LAND_TYPE_WORDING = re.compile(
    r"(?:^|[.:\u2014] )(?!as long as\b|if\b|whenever\b|when\b|at the\b|for each\b)[^.,]*?(?<!there )"
    r"\b(?:is|are|becomes?)\b (?!(?:each )?equal\b)(?:[\w/+'-]+ ){0,6}?"
    r"(?:plains|islands?|swamps?|mountains?|forests?|(?:basic |nonbasic )?land types?|chosen type)\b",
    re.I)


def changes_land_types(text: str) -> bool:
    """Does this wording look like it changes land types (CR 305.7, 613.1d)? A heuristic safety net,
    deliberately broad: a match that the parser did not model is answered "not modelled"."""
    for m in LAND_TYPE_WORDING.finditer(text or ""):
        span = m.group(0).lower()
        # "This creature is the chosen type" (Metallic Mimic) changes creature types only (CR 205.3m)
        if span.endswith("chosen type") and "land" not in span:
            continue
        return True
    return False


_GRANTS_MANA_WORDING = re.compile(r"\b(?:has|have|gains?|gets?)\b[^.]*?[\"“][^\"”]*\badd\b", re.I)
_LOSES_ABILITIES_WORDING = re.compile(r"\blands?\b[^.]*?\blose all (?:other )?abilities\b", re.I)


def changes_mana_abilities(text: str) -> bool:
    """Does this wording change land types or give or remove mana abilities (CR 305.7, 613.1d, 613.1f)?
    The safety net for wording the parser did not model (``changes_land_types``, a quoted ability that adds
    mana, lands losing all abilities)."""
    t = text or ""
    return changes_land_types(t) or bool(_GRANTS_MANA_WORDING.search(t)) or bool(_LOSES_ABILITIES_WORDING.search(t))
