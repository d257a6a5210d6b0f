"""Where and when an unmodelled sentence functions (``models.vocab.topics.Scope``), typed once by the parser.

The parser knows the kind of ability a line is (CR 113.3: spell ability, static, triggered, activated) and the
face it is on; this module adds what object the line modifies, so that the gate (``solver.rules.gate``) decides from
types, not from the wording. Each scope is given only when the rules make it certain:

* ``INSTRUCTION`` (CR 113.3a, 608.2c): a line of an instant or sorcery every sentence of which is an
  instruction, i.e. none speaks of how *this* spell is cast or paid for (``may_matter_while_cast``). Text on
  an instant or sorcery is a spell ability unless it is a 113.6 static ability (113.3a), and those speak of
  "this spell"/"this card" (or its name) and of casting, costs or mana spent, of an alternative or additional
  cost, of a mode's cost (700.2h) or of X (107.3a, 107.3c): such sentences are never typed ``INSTRUCTION``.
  What the spell did as it was cast ("if {G} was spent to cast this spell", "where X is the number of colors
  of mana spent to cast this spell", "if this spell was kicked") is read as it resolves (608.2c, 601.2h).
* ``CASTING_SELF`` (CR 113.6d-f): every sentence modifies what this object costs to cast, how or when it may be
  cast or from where ("This spell costs {6} less to cast if ...", "You may pay ... rather than pay this
  spell's mana cost", "Cast this spell only ...", "You may cast this spell as though it had flash ...",
  "You may cast this card from your graveyard", "As an additional cost to cast this spell, ..."). The
  recogniser is strict (a whole sentence of one of these shapes), as the gate lets such a sentence through on
  the battlefield.
* ``STACK_SELF`` (CR 113.6g): "This spell can't be countered." and kin.
* ``ENTERING_SELF`` (CR 113.6h, 614.12): ``models.text.topics.is_entering_line``, entering as a copy
  (``is_entering_copy_line``, CR 707.9, 614.1c), and keyword lines that work only as the object enters
  (``is_entering_keyword_line``: "Reflect {0}", "Land casualty 2").
* anything else: ``UNKNOWN`` (the gate's general rules).

References: CR 113.3, 113.6, 601.2b-c, 608.2c, 614.12, 700.2.
"""
from __future__ import annotations

import functools
import re

from ..vocab.topics import Scope
from .lines import KEYWORD_NAMES, LABEL_RE, QUOTED_RE
from .topics import is_entering_copy_line, is_entering_keyword_line, is_entering_line
from ..vocab.keyword_effects import KEYWORDS_ON_BATTLEFIELD

#: A sentence boundary: a period (or "!") followed by a space and the next sentence.
_SENTENCE_SPLIT = re.compile(r"(?<=[.!])\s+(?=\S)")
#: A leading condition ("If ..., ", "As long as ..., ", "During your turn, "): it says when, not what.
_COND = r"(?:(?:if|as long as|during|while|unless)\b[^.]*?,\s*)?"
_THIS = r"this(?: spell| card)?"
#: The sentences of CR 113.6d-f (see the module docstring), whole: nothing else may follow in the sentence but a
#: qualification of the same permission or cost ("for each ...", "where X is ...", "if ...").
_CASTING_SELF_RE = re.compile(
    "^" + _COND + r"(?:"
    + r"this(?: spell| card| creature| artifact| enchantment| land| planeswalker| permanent)?" + r" costs? (?:\{[^}]+\}|x|\d+)+ (?:less|more) to cast\b[^.]*"       # 113.6d, 601.2f
    r"|you may [^.]*?\brather than pay (?:this spell's|this card's|its) mana cost\b[^.]*"          # 113.6d, 118.9
    r"|cast " + _THIS + r" only\b[^.]*"                                                            # 113.6e
    r"|(?:you )?(?:can't|may not) cast " + _THIS + r"\b[^.]*"                                      # 113.6e
    r"|" + _THIS + r" can't be cast\b[^.]*"                                                        # 113.6e
    r"|you may cast " + _THIS + r" as though it had flash\b[^.]*"                                  # 113.6e, 702.8
    r"|you may (?:cast|play) " + _THIS + r" from (?:your|a|any|its owner's) (?:hand|graveyard|library|command zone)"
    r"(?: [^.]*)?"                                                                                 # 113.6f
    r"|you may (?:cast|play) " + _THIS + r" from exile(?: [^.]*)?"                                  # 113.6f
    r"|as an additional cost to cast " + _THIS + r", [^.]*"                                        # 601.2b, 113.2b
    r"|you may cast " + _THIS + r" without paying its mana cost\b[^.]*"                            # 113.6d, 118.9
    r"|spend only [^.]*?\bto cast (?:this spell|this|it)(?: this way)?"                           # 113.6e
    r")\.?$", re.I)
#: Sentences that restate a casting permission's own consequence ("If you do/If you cast it this way, it enters
#: ...") are not of 113.6d-f: such a line is not typed ``CASTING_SELF``.

#: 113.6g: it can't be countered or copied (functions on the stack only).
_STACK_SELF_RE = re.compile(r"^(?:this spell|this) can't be (?:countered|copied)(?: or copied)?(?: by [^.]*)?\.?$", re.I)

#: What a spell checks as it resolves about how it was cast (CR 608.2c, 601.2h): left out before the words
#: below are looked for.
_PAST_CAST_RE = re.compile(
    r"\b(?:the )?(?:number of )?(?:colou?rs? of )?mana (?:from [^.,]*? )?(?:that )?(?:was |were )?spent to cast (?:this spell|it|this)\b"
    r"|\b(?:was|were) spent to cast (?:this spell|it|this)\b"
    r"|\b(?:if|as|when) you cast (?:it|this spell|this) from\b"
    r"|\bif (?:it|this spell|this) was (?:cast|kicked|bargained|foretold|evoked|bestowed|plotted)\b"
    r"|\bif (?:it|this spell|this) was cast from\b"
    r"|\bif (?:this spell's|its) [\w-]+(?: [\w-]+)? cost was paid\b"
    r"|\bspent to cast (?:this spell|it|this)\b", re.I)
#: "this spell", "this card", or the card's name (replaced by "this" in the parser's body text).
_SELF_RE = re.compile(r"(?<!named )(?:\bthis spell\b|\bthis card\b|\bthis\b(?!\s+(?:turn|way|ability|game|emblem|token|effect"
                      r"|combat|phase|step|mana)\b))", re.I)
#: With a self-reference: casting, costs, payments, mana spent (CR 113.6d-f, 601.2b-h).
_CAST_WORDS_RE = re.compile(r"\bcast|\bcosts?\b|\bpa(?:y|id|ys)\b|\bplay(?:s|ed|ing)?\b|\bflash\b|\bspen[dt]\b|\bmana cost\b", re.I)
#: Without one: wording of a cost or a payment rule of this spell (an alternative or additional cost, "spend
#: only black mana on X", split second, a mode's cost "+ {1} —" or pawprints, 700.2h-i).
_COST_WORDS_RE = re.compile(r"\brather than pay\b|\badditional cost\b|\bspend only\b[^.]*\bon X\b|\bsplit second\b"
                            r"|^\s*\+|^\s*\{", re.I)
#: A definition of or restriction on X (CR 107.3a, 107.3c): it matters while cast when X is in a cost.
_X_RULE_RE = re.compile(r"\bX (?:is|can't|must|equals|may)\b|\bwhere X\b|\bX (?:is )?at (?:least|most)\b", re.I)
#: A mode header the target rules read (``models.text.targets``): "Choose one —", "Choose one or both —".
_CHOOSE_RE = re.compile(r"^choose (?:one|two|three|one or both|one or more)(?: —|:|\.)?\s*(?:—)?\s*$", re.I)


#: "If this creature would enter ..." (a replacement effect on its own entering, CR 614.12, 113.6h), "You may have
#: this creature enter as a copy of ..." (a copy effect applied as it enters, CR 707.9, 614.1c).
_ENTERING_SELF_RE = re.compile(r"^(?:if (?:this|it)(?: \w+)? would enter\b|you may have (?:this|it)(?: \w+)? enter\b"
                               r"|(?:this|it)(?: \w+)? enters\b|as (?:this|it)(?: \w+)? enters\b)[^.]*\.?$", re.I)


def _is_entering_sentence(sentence: str, x_in_cost: bool = True) -> bool:
    """One sentence that only modifies how the object itself enters (CR 113.6h, 614.12): it does nothing while its
    card is cast (the copy or the choice is made as it enters, 614.12a)."""
    s = sentence.strip()
    return is_entering_line(s) or bool(_ENTERING_SELF_RE.match(s)) and not _NOT_BATTLEFIELD_RE.search(s) and not (
        x_in_cost and _X_RE.search(s))


def _sentences(text: str) -> list[str]:
    t = QUOTED_RE.sub("", LABEL_RE.sub("", (text or "").strip()))
    return [s.strip() for s in _SENTENCE_SPLIT.split(t) if s.strip()]


#: Characteristic-defining wording about the object itself (CR 604.3): "this is colorless", "its power is ...".
_CDA_RE = re.compile(r"^(?:this(?: spell| card)?|it)(?:'s)?(?: power| toughness| colou?rs?)?(?: and toughness)? (?:is|are)\b",
                     re.I)
#: "it's your turn" (a condition about the turn, not the object).
_ITS_TURN_RE = re.compile(r"\bit's (?:not )?(?:your|an opponent's|their|its controller's) turn\b", re.I)
#: "as you cast this spell": a fact recorded as it was cast and read as it resolves ("the greatest power among
#: creatures you controlled as you cast this spell", CR 608.2c), unless it is a mode choice ("choose both").
_AS_YOU_CAST_RE = re.compile(r"\bas you cast (?:this spell|it|this)\b", re.I)


def may_matter_while_cast(sentence: str, x_in_cost: bool) -> bool:
    """Whether one sentence of an instant's or sorcery's text could be one of the CR 113.6 static abilities
    that function while it is cast (see the module docstring), or could fix X or a mode's cost.

    ``False`` only for sentences that are instructions followed as the spell resolves (113.3a, 608.2c).
    Over-approximated: any self-reference with a casting or cost word counts.
    """
    s = _PAST_CAST_RE.sub("", sentence)
    if not re.search(r"\bchoos", s, re.I):
        s = _AS_YOU_CAST_RE.sub("", s)
    if _COST_WORDS_RE.search(s):
        return True
    if _SELF_RE.search(s) and _CAST_WORDS_RE.search(s):
        return True
    if _STACK_SELF_RE.match(s.strip()):
        return True  # a 113.6g static ability, not an instruction (it changes no cast either)
    if _CDA_RE.match(s.strip()):
        return True  # a characteristic-defining ability (CR 113.6a, 604.3: "Ghostfire is colorless")
    if x_in_cost and _X_RULE_RE.search(s):
        return True
    if re.match(r"choose\b", s.strip(), re.I) and not _CHOOSE_RE.match(s.strip()):
        return True  # a mode choice the target rules do not read ("choose any number", "you may choose both")
    return False


#: A reference to the object itself (CR 113.6a-i speak of "that particular object"): "this spell", "this card",
#: "this creature" and kin, the card's name (replaced by "this"), "it"/"its" (over-approximated: "it" may be it).
_OBJECT_SELF = (r"(?<!named )\b(?:this(?! turn\b| way\b| ability\b| game\b| effect\b| combat\b| phase\b| step\b| mana\b)"
                r"|it|its|it's)\b")
#: Wording under which a permanent's static ability could be one of the exceptions of CR 113.6a-i, so that it
#: may function while its card is cast (see ``is_battlefield_sentence``).
_NOT_BATTLEFIELD_RE = re.compile(
    r"\bthis spell\b|\bthis card\b|\bstack\b|\bsplit second\b"                                   # 113.6d-g
    r"|" + _OBJECT_SELF + r"[^.]*\bflash\b|\bflash\b[^.]*" + _OBJECT_SELF +                           # 113.6e, 702.8
    r"|\b(?:cast|play)(?:s|ed|ing)? " + _OBJECT_SELF +                                                 # 113.6e-f
    r"|(?:^|, )(?:this(?: \w+)?|it) (?:also )?costs?\b"                                                # 113.6d
    r"|\bwithout paying " + _OBJECT_SELF + r"|\bto cast " + _OBJECT_SELF +                            # 113.6d-e
    r"|\brather than pay(?:ing)? (?:this|its)\b"                                                      # 113.6d
    r"|" + _OBJECT_SELF + r"(?: \w+)? (?:is|are|isn't|aren't) (?:on the battlefield or |not )?in (?:[\w']+ ){0,3}?(?:hand|graveyard"
    r"|library|exile|command zone)\b"                                                                   # 113.6b-c
    r"|" + _OBJECT_SELF + r"(?: \w+)? from (?:[\w']+ ){0,3}?(?:hand|graveyard|library|exile|command zone)\b"  # 113.6f, m
    r"|\b(?:outside the game|anywhere|zones|any zone)\b"                                               # 113.6b-c, f
    r"|\bcounters can't be put\b|\bdeck\b|\bcan be your commander\b", re.I)                        # 113.6i, n
#: Characteristic-defining wording about the object itself (CR 113.6a, 604.3): "this creature is every creature
#: type", "its power is equal to ..." — unless it is conditional ("as long as", "if"), which a characteristic-
#: defining ability never is (604.3a(5)).
_SELF_DEFINES_RE = re.compile(r"^" + _OBJECT_SELF + r"(?: \w+)?(?:'s)?(?: power| toughness| colou?rs?)?(?: and toughness)? "
                              r"(?:is|are)\b", re.I)
_CONDITION_RE = re.compile(r"\b(?:as long as|if|unless|during|while|except)\b", re.I)
#: X (CR 107.3a, 601.2b): with {X} in the object's costs, text about X may fix it as the object is cast.
_X_RE = re.compile(r"\bX\b")
#: A proper name after "cast"/"play" ("You can't cast Keeper of the Yellow Hat ...", a short name the parser did
#: not replace by "this"): it may be the object itself (113.6e). Case-sensitive.
_CAST_NAME_RE = re.compile(r"\b(?:[Cc]ast|[Pp]lay)(?:s|ed|ing)? (?:the card )?[A-Z]")
#: A keyword line with a parameter ("Madness—{2}{B}, Pay 8 life.", CR 702): not a battlefield static unless the
#: keyword works only there (``KEYWORDS_ON_BATTLEFIELD``).
_KEYWORD_DASH_RE = re.compile(r"^(?P<kw>[A-Za-z][a-z]+(?: [a-z]+)?)\s*—")


def is_battlefield_sentence(sentence: str, x_in_cost: bool = True) -> bool:
    """Whether one sentence of a permanent's static ability functions only on the battlefield (CR 113.6: "abilities
    of all other objects usually function only while that object is on the battlefield"), i.e. none of the
    exceptions of 113.6a-i could apply: no characteristic-defining wording about the object itself (113.6a, 604.3:
    "this creature is ...", "its power is equal to ..."; a conditional "As long as ..., it is ..." is no
    characteristic-defining ability, 604.3a(5), and still is not typed so here), no zone it functions in
    (113.6b-c), nothing about casting, paying for or playing the object itself (113.6d-f), the stack (113.6g),
    or counters being put on it (113.6i). Entering text (113.6h) is typed by ``is_entering_line``. Quoted
    abilities were removed (granted abilities belong to the objects they are granted to, 113.10).

    Such a sentence may still change answers about the battlefield ("Spells your opponents cast that target this
    creature cost {2} more", "Creatures can't attack you unless ..."): the scope says only that it does nothing
    while its own card is being cast.
    """
    s = _ITS_TURN_RE.sub("", sentence)
    if _CAST_NAME_RE.search(s):
        return False
    kw = _KEYWORD_DASH_RE.match(s.strip())
    if kw:
        if kw.group("kw").lower() in KEYWORD_NAMES and kw.group("kw").lower() not in KEYWORDS_ON_BATTLEFIELD:
            return False
    if _SELF_DEFINES_RE.match(s.strip()) and not _CONDITION_RE.search(s):
        return False
    if x_in_cost and _X_RE.search(s):
        return False
    return not _NOT_BATTLEFIELD_RE.search(s)


def is_casting_self_sentence(sentence: str) -> bool:
    """Whether a sentence is, whole, one of the CR 113.6d-f abilities of its own object (module docstring)."""
    return bool(_CASTING_SELF_RE.match(sentence.strip()))


@functools.lru_cache(maxsize=65536)
def line_scope(kind: str, text: str, x_in_cost: bool = False) -> Scope:
    """The ``Scope`` of one ability line the parser kept as text.

    Parameters
    ----------
    kind : str
        The parser's ability kind: ``"spell"`` (a line of an instant or sorcery face) or ``"static"`` (a line of
        a permanent face); other kinds are ``UNKNOWN`` here (the gate reads the kind itself).
    text : str
        The line with the card's name replaced by "this" (the parser's body text), label included.
    x_in_cost : bool
        The face's mana cost or text has {X} (CR 107.3a).

    Returns
    -------
    Scope
    """
    if kind not in ("spell", "static"):
        return Scope.UNKNOWN
    sentences = _sentences(text)
    if not sentences:
        return Scope.UNKNOWN
    if all(_STACK_SELF_RE.match(s) for s in sentences):
        return Scope.STACK_SELF
    if all(is_casting_self_sentence(s) for s in sentences):
        return Scope.CASTING_SELF
    if kind == "static" and (is_entering_line(text) or is_entering_copy_line(text) or is_entering_keyword_line(text)):
        return Scope.ENTERING_SELF  # (a copy as it enters: CR 707.9, 614.1c; "Reflect {0}", "Land casualty 2")
    if kind == "static" and all(is_battlefield_sentence(s, x_in_cost) or _is_entering_sentence(s, x_in_cost)
                                for s in sentences):
        # (a sentence that modifies how the permanent enters, 113.6h, does nothing while it is cast either)
        return Scope.BATTLEFIELD
    if kind == "spell" and not any(may_matter_while_cast(s, x_in_cost) for s in sentences):
        return Scope.INSTRUCTION
    return Scope.UNKNOWN
