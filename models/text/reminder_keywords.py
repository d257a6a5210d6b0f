"""Keyword lines that no rule defines, read by their own reminder text (acorn and playtest cards).

A keyword of CR 702 is typed by the parser (``models.vocab.keywords``); its reminder text has no rules meaning
(CR 207.2a). Acorn and playtest cards print keywords that no rule defines ("Ready to run", "Poison Tolerance +3",
"Food Crew 2", "Flip Ahead", "Last strike"): there the reminder text is the only definition the card gives. Such a
line on its own is a few words that say nothing, so it was kept with every topic (``ALL_TOPICS``). This module
gives it the topics of its reminder text instead — what the line can change, never an answer by itself:

* "You can have two commanders if both have [keyword]." — who may be a commander: deck construction only (the
  partner family's shape, CR 702.124a, 903.3c);
* "It takes N additional poison counters for you to lose the game to poison." — only when a player with poison
  counters loses (CR 704.5c): life;
* "[cost]: [effect]" — an activated ability (CR 602.1): it does nothing until activated, and then what its effect
  does (``classify`` of the effect as an activated ability) and activating it (its cost);
* any other reminder: ``classify`` of it as a static ability, with triggers and later turns added (a replacement
  of lore counters, "Flip Ahead", changes when chapter abilities trigger, CR 714.2b); none when no word is
  recognised (the line keeps every topic).

The line keeps its wording and stays ``Unmodelled``: no question reads it, the gate (``solver.rules.gate``) only decides
by its topics whether it could change an answer. A line whose words begin with a CR 702 keyword, or that is a
sentence (a period), is not such a line.
"""
from __future__ import annotations

import re

from ..vocab.topics import ALL_TOPICS, Topic
from .topics import classify

#: A keyword-like line: a few words, maybe a number ("Poison Tolerance +3", "Food Crew 2"), no sentence
_LINE = re.compile(r"^[A-Z][A-Za-z' -]{1,30}?(?: [+-]?\d+)?!?$")
_COMMANDERS = re.compile(r"^you can have two commanders if both have [a-z' -]+\.?$", re.I)
_POISON = re.compile(r"^it takes (?:one|two|three|four|five|six|\d+) additional poison counters? for you to lose the "
                     r"game to poison\.?$", re.I)
_ACTIVATED = re.compile(r"^(?P<cost>[^:\"“”.]{3,80}): (?P<effect>[^\"“”]+)$")


def reminder_topics(line: str, reminder: str, keyword_names: "frozenset[str]") -> frozenset[Topic] | None:
    """The topics of a keyword line no rule defines, by its reminder text (see the module docstring), or ``None``
    when ``line`` is not such a line (a sentence, a CR 702 keyword in ``keyword_names``, no reminder).

    Parameters
    ----------
    line : str
        The line without its reminder text ("Food Crew 2").
    reminder : str
        The words in its parentheses ("Tap two Foods you control: This Vehicle becomes an artifact creature until
        end of turn.").
    keyword_names : frozenset of str
        The CR 702 keywords, lower case: a line beginning with one is that keyword's (typed by the parser).
    """
    t, r = line.strip(), " ".join(reminder.split())
    if not r or not _LINE.match(t):
        return None
    low = t.lower()
    if any(low == k or low.startswith(k + " ") for k in keyword_names):
        return None
    if _COMMANDERS.match(r):
        return frozenset({Topic.DECK_CONSTRUCTION})
    if _POISON.match(r):
        return frozenset({Topic.LIFE})
    m = _ACTIVATED.match(r)
    if m:
        return classify(m.group("effect"), "activated") | {Topic.ACTIVATION, Topic.COSTS}
    got = classify(r, "static")
    # (a replacement of counters or steps may change when abilities trigger and what later turns hold: those
    # topics are added, erring toward unsupported)
    return got | {Topic.TRIGGERS, Topic.LATER_TURNS} if got != ALL_TOPICS else None
