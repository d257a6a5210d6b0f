"""The casting choices decide which targets a spell requires (CR 601.2c): kicker (702.33; multikicker's "for each time
this spell was kicked", 702.33c), gift (702.174m), entwine (702.42a), bargain (702.166), and "instead" alternative
targets. The condition is read when the card is parsed (``models.text.targets``: ``TargetSpec.only_if`` / ``not_if``);
the cast question reads the choices (``solver.rules.targets.cast_targets``)."""
from __future__ import annotations

import pytest

from mtgcheck.models.text.targets import _phrases
from mtgcheck.models.vocab.targeting_specs import spell_targets

CAST = """\
    players: [Alice, Bob]
    battlefield:
      Alice: [{mine}]
      Bob: [{theirs}]
    hand:
      Alice: [{card}]
    ask: {{cast: {{card: {card}{extra}}}}}
"""


def _cast(answer, db, card, mine, theirs="", extra=""):
    res = answer(CAST.format(card=card, mine=mine, theirs=theirs, extra=extra), db=db)
    assert res.answer is not None, res.message
    return res.answer.values


@pytest.mark.parametrize("card, mine, theirs, extra, castable", [
    # CR 601.2c: unkicked, the kicked part's targets are not chosen
    ("Jilt", "Island, Island", "Grizzly Bears", ", kicked: 0", True),
    ("Jilt", "Island, Island, Mountain, Mountain", "Grizzly Bears", ", kicked: 1", False),  # "another target creature"
    ("Rushing River", "Island, Island, Island", "Sol Ring", "", True),
    ("Orim's Thunder", "Plains, Plains, Plains", "Sol Ring", "", True),
    # alternative targets ("instead") only if kicked: any creature, not only mana value 2 or less
    ("Bloodchief's Thirst", "Swamp, Swamp, Swamp, Swamp", "Craterhoof Behemoth", ", kicked: 1", True),
    ("Bloodchief's Thirst", "Swamp, Swamp, Swamp, Swamp", "Craterhoof Behemoth", ", kicked: 0", False),
    ("Fight with Fire", "Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain", "",
     ", kicked: 1", True),
    # gift (702.174m): promised, the "instead" target; not promised, the creature
    ("Into the Flood Maw", "Island", "Sol Ring", ", gift: true", True),
    ("Into the Flood Maw", "Island", "Sol Ring", ", gift: false", False),
    ("Valley Rally", "Mountain, Mountain, Mountain", "", ", gift: true", False),   # its target creature you control
    ("Valley Rally", "Mountain, Mountain, Mountain", "", "", True),
    # entwine (702.42a): both modes, so a creature is needed too
    ("Barbed Lightning", "Mountain, Mountain, Mountain, Mountain, Mountain", "", ", additional: entwine", False),
    ("Barbed Lightning", "Mountain, Mountain, Mountain", "", "", True),
    # multikicker (702.33c): one more different creature per kick
    ("Strength of the Tajuru", "Forest, Forest, Forest, Forest, Grizzly Bears", "Grizzly Bears", ", x: 1, kicked: 1", True),
    ("Strength of the Tajuru", "Forest, Forest, Forest, Forest, Forest, Grizzly Bears", "Grizzly Bears",
     ", x: 1, kicked: 2", False),
    # bargain (702.166): the cast question never bargains, so the bargained part's target is not needed
    ("Brave the Wilds", "Llanowar Elves", "", "", True),
])
def test_targets_follow_the_casting_choices_cr_601_2c(answer, real_db, card, mine, theirs, extra, castable):
    v = _cast(answer, real_db, card, mine, theirs, extra)
    assert v["castable"] is castable, v


def test_without_kicked_the_kicked_way_is_tried_when_targets_depend_on_it_cr_601_2b(answer, real_db):
    """Bloodchief's Thirst with only Craterhoof Behemoth to destroy: not castable unkicked, castable kicked."""
    res = answer(CAST.format(card="Bloodchief's Thirst", mine="Swamp, Swamp, Swamp, Swamp", theirs="Craterhoof Behemoth",
                             extra=""), db=real_db)
    assert res.answer.values["castable"] is True and res.answer.values["total_cost"] == "{2}{B}{B}"
    assert "kicked once" in res.answer.explanation[0]


def test_an_instead_without_targets_keeps_the_earlier_target_cr_601_2c():
    """Bog Down: "If this spell was kicked, that player discards three cards instead" changes what happens, not the
    target: kicked, it still needs a target player (here any player is one)."""
    text_specs, _ = _phrases("Target player discards two cards. If this spell was kicked, that player discards three "
                             "cards instead.")
    assert [(s.text, s.only_if, s.not_if) for s in text_specs] == [("Target player", "", "")]


def test_kicked_targets_are_read_once_per_sentence():
    """The typed reading: "If this spell was kicked, ..." -> only_if kicked; "..., instead ..." -> the sentence before
    not_if kicked; "for each time this spell was kicked" -> each_time; other wordings of the choice -> unread."""
    specs, unread = _phrases("Destroy target creature with mana value 2 or less. If this spell was kicked, instead "
                             "destroy target creature.")
    assert [(s.only_if, s.not_if) for s in specs] == [("", "kicked"), ("kicked", "")]
    specs, unread = _phrases("Choose any target, then choose another target for each time this spell was kicked.")
    assert [(s.count, s.only_if, s.each_time) for s in specs] == [(1, "", False), (1, "kicked", True)] and not unread
    specs, unread = _phrases("Destroy target creature. If this spell was kicked with its {1}{U} kicker, destroy target "
                             "artifact.")
    assert [s.text for s in specs] == ["target creature"] and unread == ["target artifact"]
    # the target spell's own kicker ("if it was kicked", Ertai's Trickery) is not a casting choice of this spell
    specs, unread = _phrases("Counter target spell if it was kicked.")
    assert [(s.text, s.only_if) for s in specs] == [("target spell", "")]


def test_as_cast_selects_the_requirements_cr_601_2c_702_42a():
    from mtgcheck.models.data.catalog import catalog_ability

    def spell(text):
        return [catalog_ability({"kind": "spell", "effect": "text", "text": line}, "Test") for line in text.split("\n")]

    st = spell_targets(spell("Choose one —\n• Deal 3 damage to target creature.\n• Deal 3 damage to target player."))
    assert len(st.modes) == 2 and st.as_cast({}, entwined=True).modes == (st.modes[0] + st.modes[1],)
    st = spell_targets(spell("Return target creature to its owner's hand. If this spell was kicked, it deals 2 damage "
                             "to another target creature."))
    assert [s.text for s in st.as_cast({}).modes[0]] == ["target creature"]
    assert [s.text for s in st.as_cast({"kicked": 1}).modes[0]] == ["target creature", "another target creature"]


def test_an_additional_cost_paid_any_number_of_times_is_not_read(real_db):
    """Primitive Justice: "For each additional {1}{R} you paid, destroy another target artifact": unpaid, one artifact
    is enough; paid, how many times is not a choice the question makes (unsupported, never guessed)."""
    from mtgcheck.models.vocab.behaviour import abilities_of

    st = spell_targets(list(abilities_of(real_db.get("Primitive Justice"))))
    assert [s.text for s in st.as_cast({}).modes[0]] == ["target artifact"]
    assert st.as_cast({"additional": 1}).unread


def test_chosen_targets_of_a_kicked_spell_cr_601_2c_115_3(answer, real_db):
    """Jilt kicked takes two targets in the order of its text; unkicked, one."""
    base = """\
        players: [Alice, Bob]
        battlefield:
          Alice: [Island, Island, Mountain, Mountain]
          Bob: [Grizzly Bears, Llanowar Elves]
        hand:
          Alice: [Jilt]
        ask: {{cast: {{card: Jilt, {extra}}}}}
    """
    res = answer(base.format(extra="kicked: 1, targets: [Grizzly Bears, Llanowar Elves]"), db=real_db)
    assert res.answer.values["castable"] is True, res.message
    res = answer(base.format(extra="targets: [Grizzly Bears]"), db=real_db)
    assert res.answer.values["castable"] is True, res.message
    res = answer(base.format(extra="targets: [Grizzly Bears, Llanowar Elves]"), db=real_db)
    assert res.verdict == "error" and "takes 1 target" in res.message
