"""Control changes that grant haste (Act of Treason class): "Gain control of target creature until end of turn.
Untap that creature. It gains haste until end of turn." In force (a scenario's ``effects`` entry with its target),
its target has haste (CR 702.10b), so its {T} abilities may be activated though it came under its new controller's
control this turn (302.6). The control change (layer 2, CR 613.1b) is read from the board: the target must be listed
under the effect's controller, else the answer is unsupported, naming the rule. A sentence that says more (a power
change, another keyword) stays unmodelled.

Expected values come from the rules named in each test, never from running the engine.
"""
from __future__ import annotations

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.grants import GainControl
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.text import roundtrip
from mtgcheck.models.text.oracle import abilities_of

TREASON = ("Gain control of target creature until end of turn. Untap that creature. It gains haste until end of "
           "turn. (It can attack and {T} this turn.)")

_CARDS = f"""
cards:
  Act of Treason:
    mana_cost: "{{2}}{{R}}"
    type_line: Sorcery
    oracle_text: "{TREASON}"
"""


def _board(alice: str, bob: str = "[]", effect: str = "targets: [{id: elves}]", ask: str = "") -> str:
    return f"""
players: [Alice, Bob]
{_CARDS}
battlefield:
  Alice: {alice}
  Bob: {bob}
effects: [{{card: Act of Treason, controller: Alice, {effect}}}]
ask: {ask or "{activate: {permanent: {id: elves}, ability: 1}}"}
"""


def test_the_sentence_is_read_whole_and_prints_back_cr_613_1b_702_10():
    """CR 613.1b, 701.26b, 702.10: the three sentences are one typed reading (the target words, how "Untap" names it)
    that prints back to its line; with a power change ("It gets +2/+0 and gains haste") it stays unmodelled."""
    card = card_from_fields({"name": "Act of Treason", "type_line": "Sorcery", "oracle_text": TREASON})
    (a,) = abilities_of(card)
    assert isinstance(a.effect, GainControl) and a.effect.target == "creature" and a.effect.untap == "that creature"
    assert roundtrip.reading(a)[0]
    more = card_from_fields({"name": "Test Whispers", "type_line": "Sorcery", "oracle_text":
                             "Gain control of target creature until end of turn. Untap that creature. It gets +2/+0 "
                             "and gains haste until end of turn."})
    assert all(isinstance(x.effect, Unmodelled) for x in abilities_of(more))


def test_the_stolen_sick_creature_has_haste_and_taps_for_mana_cr_302_6(answer):
    """CR 302.6, 702.10b: Alice gained control of Bob's Llanowar Elves this turn (sick), and it has haste."""
    r = answer(_board("[{card: Llanowar Elves, id: elves, owner: Bob, sick: true}]"))
    assert r.verdict != "unsupported" and r.answer.values["activatable"] is True


def test_haste_goes_to_the_target_only_cr_115_1(answer):
    """CR 115.1: "it" is the effect's target; Alice's other sick creature has no haste (CR 302.6)."""
    r = answer(_board("[{card: Llanowar Elves, sick: true}, {card: Grizzly Bears, id: elves, owner: Bob, sick: true}]",
                      ask="{activate: {permanent: Llanowar Elves, ability: 1}}"))
    assert r.answer.values["activatable"] is False


def test_a_target_listed_under_another_player_is_unsupported_cr_613_1b(answer):
    """CR 613.1b: the effect gives Alice control; a board listing the target under Bob contradicts it (or a later
    effect not modelled took it back): unsupported, naming layer 2."""
    r = answer(_board("[Forest]", bob="[{card: Llanowar Elves, id: elves, sick: true}]", ask="{available_mana: Alice}"))
    assert r.verdict == "unsupported" and "613.1b" in (r.message or "")


def test_an_effect_without_its_target_is_unsupported(answer):
    """The effect affects its target only (CR 115.1): without ``targets`` it names nothing, so it is refused."""
    r = answer(_board("[{card: Llanowar Elves, id: elves, owner: Bob, sick: true}]", effect="ability: null"))
    assert r.verdict == "unsupported" and "targets" in (r.message or "")
