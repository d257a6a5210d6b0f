""""As this artifact enters, pay any amount of life." (Phyrexian Processor, Minion of the Wastes, Nameless Race): a
replacement of how the permanent enters (CR 614.1c, 614.12), paid as it enters (119.4); it functions only then
(113.6h), so it changes neither casting the card nor activating the permanent's abilities later (602.2). Real cards
of the 32k file (skipped when absent); expected values come from the rules named."""
from __future__ import annotations

from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.text.topics import classify, is_entering_line
from tests.probe_boards import ask


def test_life_paid_as_it_enters_is_an_entering_line_cr_614_12():
    assert is_entering_line("As this artifact enters, pay any amount of life.")
    assert classify("As this creature enters, pay any amount of life.") == {Topic.RESOLUTION, Topic.ZONES}


def test_a_trigger_that_pays_life_is_not_one_cr_603_2():
    """"When this creature enters, pay any amount of life" (Vizkopa Confessor) is a triggered ability (CR 603.2),
    not a replacement of how it enters."""
    assert not is_entering_line("When this creature enters, pay any amount of life.")


def test_phyrexian_processor_activates_with_four_mana_cr_602_2b(real_db):
    """Phyrexian Processor: {4}, {T}: four lands pay it, three do not (CR 602.2b); the life paid as it entered
    only sizes the token (608.2)."""
    q = {"activate": {"permanent": "Phyrexian Processor", "ability": 1}}
    lands = ["Plains", "Island", "Swamp", "Mountain"]
    assert ask(real_db, {"Alice": ["Phyrexian Processor", *lands]}, q).values["activatable"] is True
    assert ask(real_db, {"Alice": ["Phyrexian Processor", *lands[:3]]}, q).values["activatable"] is False
