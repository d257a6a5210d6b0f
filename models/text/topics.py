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

from ..effects import ALL_TOPICS, Topic

_T = Topic
_PATTERNS: tuple[tuple[Topic, re.Pattern[str]], ...] = tuple((t, re.compile(p, re.I)) for t, p in (
    (_T.MANA_PRODUCTION, r"\bmana\b|\badds?\b|\bproduc|\{[wubrgcs]\}|\b(?:plains|islands?|swamps?|mountains?|forests?)\b"
                         r"|land types?|\blos(?:e|es) all\b|\bdoubl|\btapped for\b"),
    (_T.MANA_SPENDING, r"\bspen[dt]\b|\bmana\b"),
    (_T.COSTS, r"\bcosts?\b|\bpay|\{\d+\}|\{x\}|\bless to\b|\bmore to\b|additional cost|affinity|convoke|delve|improvise"
               r"|\bwithout paying\b|\bfree\b"),
    (_T.CASTING, r"\bcast|\bflash\b|\btargets?\b|hexproof|shroud|protection|\bplay|as though|\bspells?\b|can't be countered"
                 r"|\bsplit second\b|\bward\b|\btiming\b|\bonly (?:during|any time|as a sorcery)"),
    (_T.ACTIVATION, r"\bactivat|\bhaste\b|\{t\}|\{q\}|\btap|summoning|\babilit"),
    (_T.KEYWORDS, r"\b(?:has|have|gains?|get|gets|loses?)\b|\bkeyword|\bwith (?:flying|haste|flash|trample|reach|vigilance)"),
    (_T.CHARACTERISTICS, r"\b(?:is|are|becomes?)\b (?:a|an|the|every|all|no longer|colorless|also|still|[a-z]+ in addition)\b"
                         r"|\bcolou?rs?\b|\bcolorless\b|\btypes?\b|\blos(?:e|es) all\b|\babilities\b|[\"“]"
                         r"|\bin addition to its\b|\bcopy|\bcopies\b|\bface[- ]down\b|\bname\b|\bnamed\b"),
    (_T.POWER_TOUGHNESS, r"[+-]\d+/[+-]\d+|\bpower\b|\btoughness\b|\b\d+/\d+\b|\bbase\b"),
    (_T.ZONES, r"graveyard|\bexile|library|\bhand\b|battlefield|\bput|\breturn|\bsearch|\bdraws?\b|\bdiscard|\bmill"
               r"|\bsacrific|\bdestroy|\bcreate|tokens?\b|\benters?\b|\bleaves?\b|\bdies\b|\bzone\b|\bshuffle"),
    (_T.RESOLUTION, r"\binstead\b|\bscry|\bdraws?\b|\benters?\b|\bsearch|\bput|\bcounter\b|\bresolv|\bcopy|\bchoose"
                    r"|\bprevent|\breplace|\bskip"),
    (_T.TRIGGERS, r"^(?:when|whenever|at)\b|\btrigger|\bwhen(?:ever)?\b"),
    (_T.DECK_CONSTRUCTION, r"\bdeck\b|\bcopies\b|\bcommander\b|\bcompanion\b|\bstarting\b|\bsideboard\b|\bany number of\b"),
))


@functools.lru_cache(maxsize=65536)
def classify(text: str, kind: str = "static") -> frozenset[Topic]:
    """The topics a sentence could change (over-approximated).

    Parameters
    ----------
    text : str
        The sentence or ability line.
    kind : str
        The ability kind (``static``, ``triggered``, ``activated``, ``spell``, ``keyword``, ``unparsed``).

    Returns
    -------
    frozenset of Topic
        Never empty: ``ALL_TOPICS`` when no word of any topic is recognised, and for ``unparsed`` lines.
    """
    if kind == "unparsed" or not text.strip():
        return ALL_TOPICS
    got = {t for t, rx in _PATTERNS if rx.search(text)}
    if kind == "triggered":
        got |= {Topic.TRIGGERS, Topic.RESOLUTION}
    elif kind == "activated":
        got |= {Topic.ACTIVATION, Topic.RESOLUTION}
    elif kind == "spell":
        got |= {Topic.RESOLUTION}
    if not got:
        return ALL_TOPICS
    return frozenset(got)
