"""What a sentence the parser did not model speaks of, read once when the ``Unmodelled`` effect is built.

An ``Unmodelled`` sentence stays unmodelled (the gate answers ``unsupported`` when it could apply); these
typed facts only say *which* questions it could change, so that the solver never reads the wording:

* ``cast_from``: zones it may let spells be cast (or cards played) from — "you may cast ... from your
  graveyard", "gains flashback", "play ... exiled" (CR 601.3);
* ``cost_change``: it changes what a spell costs to cast — ``"this"`` for "This spell costs ...",
  ``"spells"`` for other spells (CR 601.2f, 118.7-118.9; "affinity for" too, CR 702.41a);
* ``power_change``: it may set or change creatures' power (layer 7, CR 613.4): "get +1/+1",
  "has base power ...";
* ``spend_change``: it changes how mana may be spent ("spend ... as though", "can't spend mana", CR 609.4b);
* ``while_cast``: its wording may make it function while its own card is being cast (CR 113.6a, 113.6d-f):
  a characteristic-defining colour or type ("Ghostfire is colorless"), what the card costs or how, when and
  from where it may be cast or played ("this spell costs", "rather than pay", "flash", "as though", "spend",
  "X"), or a zone it functions in. Other abilities of a card being cast function only on the battlefield
  (permanent cards) or as the spell resolves (CR 113.6);
* ``keyword_variant``: the line is a keyword variant the frame could not split, lower case ("hexproof from
  artifacts, creatures, and enchantments", CR 702.11d; "trample over planeswalkers", CR 702.19c);
* ``trigger_event``: for a triggered ability's whole line, the only kind of event its trigger condition names
  when the wording says so plainly (``models.vocab.TRIGGER_EVENTS``): ``step`` ("At the beginning of ...",
  "At end of combat": a phase or step beginning or ending, CR 603.2b, 500.1), ``cast`` ("Whenever you
  cast a spell ...": 601.2i), ``combat`` ("Whenever ... attacks/blocks/deals combat damage": 508.1m, 509.1i,
  510.3a), ``dies`` ("When this dies", "is put into a graveyard from the battlefield": 700.4),
  ``self_to_graveyard`` ("When this is put into a graveyard from anywhere": 603.10a) or ``mana`` ("Whenever
  enchanted land is tapped for mana": 106.12); None otherwise (any event, as far as the gate knows; "put into a
  graveyard from anywhere" included: a resolving spell goes there too, 608.2n).

References: CR 601.3, 601.2f, 613.4.
"""
from __future__ import annotations

import functools
import re

from .lines import LABEL_RE, QUOTED_RE
from .relevance import static_change
from ..vocab.readers import SentenceFacts
from ..game.cards import strip_reminder_text

_PERMIT_RE = re.compile(r"\b(?:may|can) (?:cast|play)\b|\b(?:gains?|ha(?:s|ve)) (?:flashback|escape|jump-start|retrace)\b", re.I)
_ZONE_WORD = {"graveyard": re.compile(r"graveyard", re.I), "exile": re.compile(r"\bexiled?\b", re.I),
              "library": re.compile(r"\blibrary\b", re.I), "command": re.compile(r"command zone|commander", re.I)}
#: Words that mark a line as changing what a spell costs to cast (CR 601.2f, 118.7-118.9).
COST_TEXT_RE = re.compile(r"\bcosts?\b[^.]*?\b(?:less|more)\b[^.]*?\bto cast\b|\baffinity for\b", re.I)
_SPEND_HINT = re.compile(r"\bspend\b.*\bas though\b|can't spend mana", re.I)
_VARIANT_LINE = re.compile(r"^(hexproof from [a-z ,]+|trample over planeswalkers)$", re.I)
_ANTHEM_RE = re.compile(r"\b(?:get|gets|has base power|have base power|base power and toughness)\b\s*[+-−]?\d", re.I)


#: Wording that may make an ability function while its own card is cast (CR 113.6a, 113.6b-f; see above).
_WHILE_CAST_RE = re.compile(
    r"\bcast|\bplay(?:ed|s)?\b|\bcosts?\b|\bpay|\brather than\b|\bflash\b|\bspend\b|^\+\s*\{"
    r"|\bfrom (?:your|a|its owner's|any|their|the|an opponent's) (?:hand|graveyard|library|command zone)|\bfrom exile\b"
    r"|\b(?:is|are) in (?:your|a|its owner's|their|a player's|an opponent's) (?:hand|graveyard|library)|\bin exile\b"
    r"|\bstack\b|\bcommand zone\b|\boutside the game\b|\banywhere\b|\bexcept\b|\bchangeling\b"
    r"|\bX can't\b|\bX (?:must|is at (?:least|most))\b"
    r"|^(?!(?:enchanted|equipped|fortified|each|all|other|another|target|creatures|lands|permanents|spells|cards|the)\b)"
    r"[^.,]{1,60}? is (?:all |every |also |each )?(?:colou?rs?|colorless|white|blue|black|red|green|multicolored"
    r"|monocolored|every creature type|an?\b)", re.I)
#: What a spell checks as it resolves about how it was cast ("if {B} was spent to cast this spell", "if you
#: cast it from your hand"): not a rule for casting it (CR 608.2, 601.2h).
_PAST_CAST_RE = re.compile(r"\b(?:was|were) spent to cast (?:this spell|it)\b|\b(?:if|as) you cast (?:it|this spell) from\b"
                           r"|\bif (?:it|this spell) was cast\b", re.I)
#: 113.6g: "can't be countered/copied" functions on the stack but never changes whether the spell can be cast.
_STACK_ONLY_RE = re.compile(r"^(?:this spell|[^.]{1,80}) can't be (?:countered|copied)(?: or copied)?\.?$", re.I)


#: What the ability is after its label: triggered (CR 603.1) or activated (602.1), which never function while
#: their card is being cast (and a "when you cast this spell" trigger triggers only once it is cast, 601.2i).
_TRIGGER_OR_COST_RE = re.compile(r"^(?:when|whenever|at the beginning|at end)\b|^[^\"“]{0,60}?(?:\{[^}]+\}|\btap\b|\bsacrifice\b|\bexile\b|\bdiscard\b|[+−-]\d+)[^:\"“]{0,80}:", re.I)
#: Wording about the object itself (CR 113.6d-f speak of "that particular object").
_SELF_RE = re.compile(r"\bthis (?!turn\b|way\b|ability\b|game\b)\w+\b|\bit\b|\bits\b", re.I)
#: Other spells or lands: "spells you cast cost ...", "you may cast creature spells from ...", "players can't play lands",
#: "you may play an additional land", "play with the top card of your library revealed" (CR 305.2, 401.5).
_OTHERS_RE = re.compile(r"\bspells?\b|\blands?\b|\bplay with\b", re.I)


@functools.lru_cache(maxsize=65536)
def while_cast(text: str) -> bool:
    """Whether an unmodelled sentence may function while its own card is being cast (``while_cast``, above).

    ``False`` for: "can't be countered/copied" (CR 113.6g: on the stack, never a reason a spell cannot be
    cast); a triggered or activated ability after its label (603.1, 602.1); wording with no self-reference that
    speaks of other spells or lands ("Spells you cast cost {1} less", "Players can't play lands"); wording
    without any of the 113.6a-f words. Quoted abilities are left out (they are other objects' abilities).
    """
    t = QUOTED_RE.sub("", (text or "").strip())
    if not t:
        return True
    if _STACK_ONLY_RE.match(t):
        return False
    t = _PAST_CAST_RE.sub("", LABEL_RE.sub("", t))
    if _TRIGGER_OR_COST_RE.match(t):
        return False
    if not _WHILE_CAST_RE.search(t):
        return False
    return bool(_SELF_RE.search(t)) or not _OTHERS_RE.search(t)


@functools.lru_cache(maxsize=65536)
def unmodelled_facts(text: str) -> tuple[frozenset[str], str | None, bool, str | None, bool]:
    """``(cast_from, cost_change, power_change, keyword_variant, spend_change)`` of an unmodelled sentence
    (see the module docstring).

    Parameters
    ----------
    text : str
        The sentence (oracle wording or a catalog description).

    Returns
    -------
    cast_from : frozenset of str
        Zones among ``graveyard``, ``exile``, ``library``, ``command``.
    cost_change : str or None
        ``"this"``, ``"spells"`` or ``None``.
    power_change : bool
    keyword_variant : str or None
    spend_change : bool
    """
    t = text or ""
    cast_from = frozenset(z for z, rx in _ZONE_WORD.items() if rx.search(t)) if _PERMIT_RE.search(t) else frozenset()
    cost = None
    if COST_TEXT_RE.search(t):
        cost = "this" if t.strip().lower().startswith("this spell") else "spells"

    line = strip_reminder_text(t).strip().rstrip(".")
    variant = line.lower() if _VARIANT_LINE.match(line) else None
    return cast_from, cost, bool(_ANTHEM_RE.search(t)), variant, bool(_SPEND_HINT.search(t))


#: Words of a trigger condition that name an event besides a phase or step, a cast or combat: such a condition
#: is never typed by ``trigger_event`` (entering, dying, leaving, being put somewhere, ...).
_OTHER_EVENT_WORDS = re.compile(r"\b(?:enters?|entered|battlefield|dies|die|leaves?|put|puts|returns?|exiled?|"
                                r"graveyard|sacrifices?|destroy(?:ed|s)?|discards?|draws?|copy|copies|becomes?|"
                                r"turned|transforms?|plays?|counters?|loses?|gains?|taps?|untaps?|activates?|"
                                r"cycles?|targets?|mills?|searches|shuffles?|reveals?|explores?|scry|scries|"
                                r"surveils?|rolls?|rolled)\b", re.I)  # ("roll a die": CR 706, not dying)
_STEP_TRIGGER = re.compile(r"^at (?:the )?(?:beginning|end) of\b", re.I)
_CAST_TRIGGER = re.compile(r"^whenever (?:you|a player|an opponent|another player|each player|that player) casts? "
                           r"[^,]*\bspells?\b", re.I)
#: "When this dies", "Whenever a creature you control dies", "When ~ is put into a graveyard from anywhere" (CR
#: 700.4: "dies" means put into a graveyard from the battlefield; 603.6c, 603.10a).
_GRAVEYARD_TRIGGER = re.compile(r"^(when(?:ever)?(?: [^,]*?)?) (?:dies|die|(?:(?:is|are) )?put into "
                                r"(?:a|your|its owner's|an opponent's|their owners'?) graveyards? from the battlefield)$",
                                re.I)
#: "When this is put into a graveyard from anywhere" (Emrakul, the Aeons Torn; the card's own name is left out or
#: read as "this"): only this object moving (CR 603.6c, 603.10a).
_SELF_GRAVEYARD_TRIGGER = re.compile(r"^when(?:ever)?(?: (?:this|~)(?: [a-z]+)?)? (?:is )?put into (?:a|your|its "
                                     r"owner's) graveyard(?: from anywhere)?$", re.I)
#: "Whenever enchanted land is tapped for mana", "Whenever a player taps a land for mana" (CR 106.12, 605.1b).
_MANA_TRIGGER = re.compile(r"^(?:when(?:ever)? [^,]*? (?:is|are|becomes?) tapped for mana|whenever (?:you|a player|an "
                           r"opponent|another player|each player|that player) taps? [^,]*? for mana)$", re.I)
_COMBAT_TRIGGER = re.compile(r"^when(?:ever)? [^,]*\b(?:attacks|blocks|becomes blocked|deals combat damage)\b",
                             re.I)


@functools.lru_cache(maxsize=65536)
def trigger_event(text: str) -> str | None:
    """The kind of event a triggered ability's trigger condition names (``TRIGGER_EVENTS``), from its whole
    line (an ability word label first is skipped, CR 207.2c): ``"step"``, ``"cast"``, ``"combat"``,
    ``"dies"`` (a permanent put into a graveyard from the battlefield, CR 700.4; "from anywhere" is not typed: a
    resolving spell is put into a graveyard too, 608.2n), ``"self_to_graveyard"`` (this object put into a graveyard
    from anywhere, 603.10a), ``"mana"`` (a permanent tapped for mana, 106.12), or None
    when the line is not a trigger condition of one of those kinds alone (another event, two events, wording
    not recognised). Over-approximated toward None: a None event may be any event (``solver.rules.gate``).

    References: CR 603.1 ("[When/Whenever/At] [trigger event or condition], [effect]"), 603.2b, 601.2i, 508.1m,
    509.1i, 510.3a.
    """
    t = LABEL_RE.sub("", (text or "").strip(), count=1)
    cond = t.split(",", 1)[0]
    if "," not in t or not cond:
        return None
    if _STEP_TRIGGER.match(cond):
        return "step"  # (an "At" condition names a phase or step: CR 603.2b)
    g = _GRAVEYARD_TRIGGER.match(cond.strip())
    if g and not _OTHER_EVENT_WORDS.search(g.group(1)):
        return "dies"
    if _SELF_GRAVEYARD_TRIGGER.match(cond.strip()):
        return "self_to_graveyard"
    if _MANA_TRIGGER.match(cond.strip()) and " or " not in cond:
        return "mana"
    if _OTHER_EVENT_WORDS.search(cond):
        return None
    if _CAST_TRIGGER.match(cond):
        return "cast"
    if _COMBAT_TRIGGER.match(cond):
        return "combat"
    return None


#: Wording of a replacement effect on a permanent entering other than "enters tapped" / "enters with counters":
#: entering as a copy or as something else, entering instead of (or being exiled instead of) entering, not being
#: able to enter (CR 614.1c, 614.6, 707.5, 614.12).
_ENTERS_REPLACEMENT = re.compile(r"\b(?:enters?|entering)\b[^.]*\b(?:as a copy|copy of|instead)\b|\bwould enter\b|"
                                 r"\bcan't enter\b|\benters? as (?:a|an|the)\b|\bas a copy\b", re.I)


@functools.lru_cache(maxsize=65536)
def enters_replacement(text: str) -> bool:
    """Whether an unmodelled line may replace whether or as what a permanent enters the battlefield: "You may have
    this creature enter as a copy of ..." (Clone, CR 707.5, 614.1c), "If a nontoken creature would enter and it
    wasn't cast, exile it instead" (Containment Priest, 614.6), "... can't enter". Over-approximated toward True
    (any "would enter", "as a copy", "enter(s) as a", or "enters ... instead"); "enters tapped" and "enters with N
    counters" alone are not (they change neither whether it enters nor its abilities, 614.1c)."""
    return bool(_ENTERS_REPLACEMENT.search(text or ""))


@functools.lru_cache(maxsize=65536)
def sentence_facts(text: str) -> SentenceFacts:
    """Every fact of an unmodelled sentence (``Unmodelled``'s fields; ``models.vocab.readers.SentenceFacts``), read
    once per sentence: ``while_cast``, ``unmodelled_facts``, ``trigger_event``, ``enters_replacement``, and what
    another ability must read for it to matter with its power change when the sentence is a typed static change
    (``models.text.relevance.static_change``; CR 613.4 for power)."""
    cast_from, cost, power, variant, spend = unmodelled_facts(text)
    typed = static_change(text)
    reads: frozenset[str] = frozenset()
    if typed is not None:
        reads = typed.reads
        power = power or "pt" in typed.changes
    return SentenceFacts(cast_from=cast_from, cost_change=cost, power_change=power, keyword_variant=variant,
                         spend_change=spend, while_cast=while_cast(text), reads=reads,
                         trigger_event=trigger_event(text), enters_replacement=enters_replacement(text))
