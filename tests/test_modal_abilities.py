"""Modal activated abilities (CR 700.2, 700.2a, 602.2b -> 601.2b-c): the bulleted modes after "Choose one —"
belong to the activated ability before them; activating it chooses modes, then targets, and a mode whose targets
can't be chosen can't be chosen. Real cards of the 32k file (skipped when absent); expected values from the rules."""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.vocab.resolution import Modal
from mtgcheck.models.vocab.effect import Unmodelled, walk_unmodelled
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.solver.questions.registry import QuestionError, Unsupported
from tests.probe_boards import ask


def _act(db, bf, name, n=1, x=None, **extra):
    q = {"permanent": name, "ability": n}
    if x is not None:
        q["x"] = x
    return ask(db, bf, {"activate": q}, **extra).values


def _modal(db, name):
    (a,) = [a for a in abilities_of(db.get(name)) if isinstance(a.effect, Modal)]
    return a


def test_modes_belong_to_their_activated_ability_cr_700_2(real_db):
    """CR 700.2: a bulleted list after an instruction to choose is the modes of one ability. Cayth's "{2}, {T}: Choose
    one —" with Populate and Proliferate is one activated ability with two modes, not three abilities; asking for a
    second activated ability is an error naming the only one."""
    a = _modal(real_db, "Cayth, Famed Mechanist")
    assert a.kind == "activated" and a.effect.choose == 1 and len(a.effect.modes) == 2
    assert not [b for b in abilities_of(real_db.get("Cayth, Famed Mechanist")) if b.text.startswith("•")]
    with pytest.raises(QuestionError, match="does not exist"):
        _act(real_db, {"Alice": ["Cayth, Famed Mechanist", "Plains", "Plains"]}, "Cayth, Famed Mechanist", 2)


def test_mode_counts_and_unchosen_words_cr_700_2(real_db):
    """The instruction's count (CR 700.2: "one", "two", "one or more") and "that hasn't been chosen [this turn]" are
    typed; an untyped sentence of the instruction stays an unmodelled part (Shellephant: "You may activate this
    ability while Shellephant is in any zone" keeps the activation topic)."""
    db = real_db
    assert _modal(db, "Three Bowls of Porridge").effect.unchosen == "ever"
    assert _modal(db, "Kargan Intimidator").effect.unchosen == "turn"
    assert _modal(db, "Mindslaver Toolkit").effect.choose == 0
    shell = _modal(db, "Shellephant").effect
    assert shell.parts and Topic.ACTIVATION in shell.parts[0].topics
    assert any(u is shell.parts[0] for u in walk_unmodelled(shell))


def test_spend_only_in_every_mode_is_the_costs_cr_601_2h(real_db):
    """Atalya: each mode ends "Spend only white mana on X", so whatever the mode the X of the cost is paid with white
    mana (CR 602.2b -> 601.2h): X = 2 with one Plains can't be paid, X = 1 can. The sentence is the cost's ``spend``,
    not left in the modes."""
    a = _modal(real_db, "Atalya, Samite Master")
    assert a.cost.spend is not None and a.cost.spend.colors == ("W",) and a.cost.spend.on_x
    assert all(isinstance(m.effect, Unmodelled) and Topic.MANA_SPENDING not in m.effect.topics for m in a.effect.modes)
    bf = {"Alice": ["Atalya, Samite Master", "Island", "Island", "Plains"]}
    assert _act(real_db, bf, "Atalya, Samite Master", x=2)["activatable"] is False
    assert _act(real_db, bf, "Atalya, Samite Master", x=1)["activatable"] is True


def test_a_mode_without_legal_targets_cant_be_chosen_cr_700_2a(real_db):
    """Phoenix Down (CR 700.2a, 601.2c): with Alice's graveyard empty and no Skeleton, Spirit or Zombie, neither mode
    can be chosen; a Zombie of Bob's makes the second mode legal; a creature card of mana value 4 or less in Alice's
    graveyard the first."""
    bf = {"Alice": ["Phoenix Down", "Plains", "Plains"]}
    a = _act(real_db, bf, "Phoenix Down", graveyard={"Alice": []})
    assert a["activatable"] is False and "700.2" in a["reason"]
    assert _act(real_db, {**bf, "Bob": ["Walking Corpse"]}, "Phoenix Down", graveyard={"Alice": []})["activatable"] is True
    assert _act(real_db, bf, "Phoenix Down", graveyard={"Alice": ["Grizzly Bears"]})["activatable"] is True
    assert _act(real_db, bf, "Phoenix Down", graveyard={"Alice": ["Colossal Dreadmaw"]})["activatable"] is False


def test_choose_one_that_hasnt_been_chosen_cr_700_2a(real_db):
    """Three Bowls of Porridge ("Choose one that hasn't been chosen"): each earlier activation of this object chose one
    mode (CR 700.2a; 400.7: since it entered). Never activated: the life-gain mode needs no target. Three times: no
    mode is left. Twice with a creature on the battlefield: all three modes have legal targets, so one is left. Once
    with no creature: only the target-less mode is legal and which mode was chosen is not recorded: unsupported."""
    bowls = "Three Bowls of Porridge"
    assert _act(real_db, {"Alice": [bowls, "Island", "Island"]}, bowls)["activatable"] is True
    a = _act(real_db, {"Alice": [{"card": bowls, "activations": {1: 3}}, "Island", "Island"]}, bowls)
    assert a["activatable"] is False and "700.2a" in a["reason"]
    bf = {"Alice": [{"card": bowls, "activations": {1: 2}}, "Island", "Island"], "Bob": ["Grizzly Bears"]}
    assert _act(real_db, bf, bowls)["activatable"] is True
    with pytest.raises(Unsupported, match="not recorded"):
        _act(real_db, {"Alice": [{"card": bowls, "activations": {1: 1}}, "Island", "Island"]}, bowls)


def test_choose_one_that_hasnt_been_chosen_this_turn_cr_700_2a(real_db):
    """Kargan Intimidator ("that hasn't been chosen this turn", three modes): activated three times this turn (the
    turn's history), no mode is left this turn (CR 700.2a); never this turn, its first mode needs no target."""
    bf = {"Alice": ["Kargan Intimidator", "Mountain"]}
    turn = {"history": {"activated": [{"permanent": "Kargan Intimidator", "ability": 1, "times": 3}]}}
    assert _act(real_db, bf, "Kargan Intimidator", turn=turn)["activatable"] is False
    assert _act(real_db, bf, "Kargan Intimidator")["activatable"] is True


def test_choose_any_number_stays_unsupported_cr_700_2(real_db):
    """Mindslaver Toolkit "Choose any number —": whether no mode at all may be chosen is not read, so an answer that
    would depend on it is unsupported (never guessed)."""
    with pytest.raises(Unsupported):
        _act(real_db, {"Alice": ["Mindslaver Toolkit", "Mountain"]}, "Mindslaver Toolkit", 2)


def test_modes_of_a_non_mana_ability_do_not_gate_the_mana_questions_cr_605_1a(real_db):
    """Aetheric Amplifier: the modes belong to "{4}, {T}: Choose one", which adds no mana (CR 605.1a), so they
    change nothing it could produce (106.7): its mana ability makes any colour. Item Crate's token list is part of
    its ability's effect; the Banana token's mana ability exists only once a token is made (CR 608.2)."""
    bf = {"Alice": ["Aetheric Amplifier"]}
    got = ask(real_db, bf, {"could_produce": "Aetheric Amplifier"}).values
    assert set(got["types"]) == {"W", "U", "B", "R", "G"}
    crate = [a for a in abilities_of(real_db.get("Item Crate")) if a.kind == "activated"]
    assert len(crate) == 1 and "Banana" in crate[0].text
    assert ask(real_db, {"Alice": ["Item Crate"]}, {"could_produce": "Item Crate"}).values["types"] == []
