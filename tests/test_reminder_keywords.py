"""Keywords no rule defines (acorn and playtest cards), read by their own reminder text — the only definition the
card gives (CR 207.2a gives reminder text no rules meaning for the keywords of CR 702, which the parser types):
the line keeps its wording and gets the topics of its reminder, never an answer by itself. Expected values come
from the rules named and the reminder texts."""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.vocab.topics import ALL_TOPICS, Topic
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.text.reminder_keywords import reminder_topics
from mtgcheck.models.text.lines import KEYWORD_NAMES
from tests.probe_boards import ask


def _topics(line, reminder):
    return reminder_topics(line, reminder, KEYWORD_NAMES)


def test_two_commanders_is_deck_construction_cr_903_3c():
    """"You can have two commanders if both have ready to run": who may be a commander (the partner shape, CR
    702.124a, 903.3c) — deck construction only."""
    assert _topics("Ready to run", "You can have two commanders if both have ready to run.") == {Topic.DECK_CONSTRUCTION}


def test_poison_tolerance_is_about_losing_to_poison_cr_704_5c():
    """"It takes three additional poison counters for you to lose the game to poison" changes only when a player
    loses to poison counters (CR 704.5c)."""
    assert _topics("Poison Tolerance +3", "It takes three additional poison counters for you to lose the game to "
                   "poison.") == {Topic.LIFE}


def test_an_activated_reminder_keeps_activation_and_costs_cr_602_1():
    """"Food Crew 2 (Tap two Foods you control: This Vehicle becomes an artifact creature until end of turn.)": an
    activated ability (CR 602.1): activating it and its cost count, and what it does; no mana."""
    t = _topics("Food Crew 2", "Tap two Foods you control: This Vehicle becomes an artifact creature until end of turn.")
    assert {Topic.ACTIVATION, Topic.COSTS} <= t and Topic.MANA_PRODUCTION not in t and Topic.CHARACTERISTICS not in t


def test_lore_counter_replacement_keeps_triggers_cr_714_2b():
    """"Flip Ahead": a replacement of putting lore counters changes when chapter abilities trigger (CR 714.2b)."""
    t = _topics("Flip Ahead", "If you would put a lore counter on this saga, instead flip a coin. If yu lose the flip, "
                "don't put a counter on and repeat the current chapter.")
    assert Topic.TRIGGERS in t and Topic.MANA_PRODUCTION not in t


def test_unknown_reminders_and_real_keywords_are_not_read():
    """A reminder with no recognised words keeps every topic ("Pledge"); a CR 702 keyword ("Start your engines!",
    "Flying") and a sentence are not such lines."""
    assert _topics("Pledge", "Join a two-colored guild if you haven't already this game.") is None
    assert _topics("Start your engines!", "If you have no speed, it starts at 1.") is None
    assert _topics("Flying", "This creature can't be blocked except by creatures with flying or reach.") is None
    assert _topics("This creature can't block.", "It's a wall.") is None


@pytest.mark.parametrize("name,line,topics", [("The Bus Runner", "Ready to run", {Topic.DECK_CONSTRUCTION}),
                                               ("Melira's Snacks", "Poison Tolerance +3", {Topic.LIFE})])
def test_the_parser_gives_the_line_its_reminders_topics(real_db, name, line, topics):
    a = next(a for a in abilities_of(real_db.get(name)) if a.text == line)
    assert isinstance(a.effect, Unmodelled) and a.effect.topics == topics


def test_guilded_lotus_pledge_keeps_every_topic(real_db):
    """"Pledge (Join a two-colored guild ...)": its reminder is not understood; the line keeps every topic."""
    a = next(a for a in abilities_of(real_db.get("Guilded Lotus")) if a.text == "Pledge")
    assert a.effect.topics == ALL_TOPICS


def test_saga_of_krark_could_produce_blue_and_red_cr_106_7(real_db):
    """Saga of Krark Losing His Thumb: chapter I adds {U}{R} (CR 714.2b: a chapter ability is a triggered ability,
    read as if it resolved now, 106.7); Flip Ahead changes when chapters trigger, not what they produce."""
    a = ask(real_db, {"Alice": [{"card": "Saga of Krark Losing His Thumb", "id": "s"}]}, {"could_produce": {"id": "s"}}).values
    assert set(a["types"]) == {"U", "R"}


def test_hot_dog_stand_could_produce_colorless_cr_106_7(real_db):
    """Urza's Hot Dog Stand: "{T}: Add {C}" (CR 106.7); Food Crew makes it a creature only once activated (602.2)."""
    a = ask(real_db, {"Alice": [{"card": "Urza's Hot Dog Stand", "id": "h"}]}, {"could_produce": {"id": "h"}}).values
    assert a["types"] == ["C"]
