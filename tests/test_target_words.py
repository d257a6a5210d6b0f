"""Target words read from the source, the target's controller, exile and the announced X (CR 601.2c, 602.2b; issue
11), on real cards of the 32k file (skipped when absent). Expected values come from the rules named."""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.amounts import VariableX
from mtgcheck.models.text.targets import parse_target_phrase
from mtgcheck.solver.questions.registry import Unsupported
from tests.probe_boards import ask


def _act(db, bf, name, n=1, x=None, **extra):
    q = {"permanent": name, "ability": n}
    if x is not None:
        q["x"] = x
    return ask(db, bf, {"activate": q}, **extra).values


def test_phrases_are_read_cr_601_2c():
    """The words are typed, and a duration after the phrase ("for as long as this creature remains tapped", CR
    611.2b) is not a qualifier; unknown words stay unknown."""
    assert parse_target_phrase("target permanent of the chosen color").chosen == ("color",)
    spec = parse_target_phrase("target creature that isn't of the chosen type for as long as this creature remains tapped")
    assert spec.chosen == ("not_type",) and not spec.unknown
    spec = parse_target_phrase("target creature whose controller controls an Island for as long as you control this creature")
    assert spec.controller_controls.all_of == ("Island",) and not spec.unknown
    spec = parse_target_phrase("target creature card exiled with The Darkness Crystal onto the battlefield tapped")
    assert spec.zone == "exile" and spec.exiled_with == "The Darkness Crystal" and spec.kinds == ("card",)
    spec = parse_target_phrase("target creature card in exile with a memory counter on it")
    assert spec.zone == "exile" and spec.qualifier.counters == ("memory",)
    (cmp,) = parse_target_phrase("target creature with power X or less").qualifier.compare
    assert cmp.op == "<=" and isinstance(cmp.amount, VariableX)
    assert parse_target_phrase("Target Assembly-Worker creature gets +1/+1").subtypes == ("Assembly-Worker",)
    spec = parse_target_phrase("up to four target basic land cards from a player's graveyard on top of their library")
    assert spec.count == 0 and spec.most == 4 and spec.zone == "graveyard"
    assert parse_target_phrase("target creature whose controller controls a frobnicated thing").unknown


def test_chosen_color_and_type_cr_614_12(real_db):
    """Pentarch Paladin's "target permanent of the chosen color" and Callous Oppressor's "target creature that isn't of
    the chosen type" read the choice made as the source entered (CR 614.12; its entry's choices): with green chosen and
    no green permanent, no target; Bob's Llanowar Elves is one. Callous Oppressor with Octopus chosen and alone has no
    creature that isn't an Octopus; with Elf chosen it may take itself."""
    bf = {"Alice": [{"card": "Pentarch Paladin", "choices": {"color": "green"}}, "Plains", "Plains"], "Bob": ["Forest"]}
    assert _act(real_db, bf, "Pentarch Paladin")["activatable"] is False
    bf["Bob"] = ["Llanowar Elves"]
    assert _act(real_db, bf, "Pentarch Paladin")["activatable"] is True
    bf = {"Alice": [{"card": "Callous Oppressor", "choices": {"creature_type": "Octopus"}}]}
    assert _act(real_db, bf, "Callous Oppressor")["activatable"] is False
    bf = {"Alice": [{"card": "Callous Oppressor", "choices": {"creature_type": "Elf"}}]}
    assert _act(real_db, bf, "Callous Oppressor")["activatable"] is True


def test_chosen_colour_not_given_is_unsupported(real_db):
    """Without the entry's chosen colour the legality is not known: unsupported, never guessed."""
    with pytest.raises(Unsupported, match="chosen colour"):
        _act(real_db, {"Alice": ["Pentarch Paladin", "Plains", "Plains"], "Bob": ["Llanowar Elves"]}, "Pentarch Paladin")


def test_whose_controller_controls_cr_108_4(real_db):
    """Seasinger: "target creature whose controller controls an Island" — itself while Alice controls an Island; with
    no Island anywhere, no creature qualifies."""
    assert _act(real_db, {"Alice": ["Seasinger", "Island"]}, "Seasinger")["activatable"] is True
    assert _act(real_db, {"Alice": ["Seasinger", "Forest"], "Bob": ["Llanowar Elves"]}, "Seasinger")["activatable"] is False


def test_exiled_with_the_source_cr_607_2a(real_db):
    """Quintorius ("target card exiled with Quintorius"): only the cards exiled with it (CR 406.6, 607.2a; its entry's
    exiled, none listed: none). A card exiled by something else is not one (The Darkness Crystal)."""
    bf = {"Alice": ["Quintorius, Loremaster", "Mountain", "Plains", "Plains", "Ghost Warden"]}
    a = _act(real_db, bf, "Quintorius, Loremaster")
    assert a["activatable"] is False and "607.2a" in a["reason"]
    bf["Alice"][0] = {"card": "Quintorius, Loremaster", "exiled": ["Lightning Bolt"]}
    assert _act(real_db, bf, "Quintorius, Loremaster")["activatable"] is True
    bf = {"Alice": ["The Darkness Crystal"] + ["Swamp"] * 6}
    assert _act(real_db, bf, "The Darkness Crystal", exile={"Bob": ["Grizzly Bears"]})["activatable"] is False


def test_counters_on_cards_in_exile_are_unknown_cr_122_1(real_db):
    """The Animus: "target creature card in exile with a memory counter on it" — counters on cards in exile are not
    part of a scenario, so with a legendary creature to copy onto and a creature card in exile the answer is
    unsupported; with no creature card in exile there is none (exact)."""
    bf = {"Alice": ["The Animus", "Isamaru, Hound of Konda"]}
    with pytest.raises(Unsupported, match="counters on cards in exile"):
        _act(real_db, bf, "The Animus", exile={"Alice": [], "Bob": ["Grizzly Bears"]})
    assert _act(real_db, bf, "The Animus", exile={"Alice": [], "Bob": ["Lightning Bolt"]})["activatable"] is False


def test_x_in_a_target_qualifier_cr_107_3a(real_db):
    """X is announced before targets are chosen (CR 107.3a, 601.2b-c): Minamo Sightbender ("power X or less") with no x
    given can target itself (power 1) with X = 1; with x: 0 it has no target. Entrancing Lyre needs X = 2 for Bob's
    2/2, which one Island can't pay; two Islands can."""
    bf = {"Alice": ["Minamo Sightbender", "Island"]}
    a = ask(real_db, bf, {"activate": {"permanent": "Minamo Sightbender", "ability": 1}})
    assert a.values["activatable"] is True and any("X = 1" in w for w in a.explanation)
    assert _act(real_db, bf, "Minamo Sightbender", x=0)["activatable"] is False
    bf = {"Alice": ["Entrancing Lyre", "Island"], "Bob": ["Grizzly Bears"]}
    assert _act(real_db, bf, "Entrancing Lyre")["activatable"] is False
    bf["Alice"].append("Island")
    assert _act(real_db, bf, "Entrancing Lyre")["activatable"] is True


def test_up_to_n_targets_never_lack_targets_cr_601_2c(real_db):
    """Lodestone Bauble "up to four target basic land cards from a player's graveyard": zero targets is a legal choice
    (CR 601.2c), so with every graveyard empty it can still be activated."""
    bf = {"Alice": ["Lodestone Bauble", "Island"]}
    assert _act(real_db, bf, "Lodestone Bauble", graveyard={"Alice": [], "Bob": []})["activatable"] is True


def test_hyphenated_subtypes_and_targets_as_a_verb_cr_205_3(real_db):
    """"Target Assembly-Worker creature" (CR 205.3: Assembly-Worker is a creature type): Assembly-Worker targets itself.
    "If both targets are still legal" (Goblin Welder) and "the copy targets" (Zevlor) are not requirements: Goblin
    Welder with no artifact has no target; Zevlor's ability has none."""
    assert _act(real_db, {"Alice": ["Assembly-Worker"]}, "Assembly-Worker")["activatable"] is True
    a = _act(real_db, {"Alice": ["Goblin Welder"]}, "Goblin Welder")
    assert a["activatable"] is False and "target artifact" in a["reason"]
    assert _act(real_db, {"Alice": ["Zevlor, Elturel Exile", "Island", "Island"]}, "Zevlor, Elturel Exile")["activatable"] is True


def test_champion_detail_changes_no_activation_cr_702_72a(real_db):
    """Lightning Crafter's "Champion a Goblin or Shaman" is two triggered abilities (CR 702.72a): its object words never
    change whether its {T} ability can be activated."""
    assert _act(real_db, {"Alice": ["Lightning Crafter"]}, "Lightning Crafter", 1)["activatable"] is True


def test_cost_reduction_read_from_the_targets_cr_601_2f(real_db):
    """"This ability costs {2} less to activate if it targets two creatures you control" (Wayta, Trainer Prodigy): the
    sentence is a typed cost change whose condition is on the targets, chosen before the total cost is found (CR
    601.2c before 601.2f). The real card's trigger-doubling static ("If a creature you control fighting or being dealt
    damage causes a triggered ability ... to trigger, that ability triggers an additional time") acts only once such a
    trigger happens (CR 603.2, 603.3), never on activating: with Grizzly Bears and one Forest, Wayta targets itself and
    the Bears, so the ability costs {G} (CR 601.2f, 118.7a). The ability is also checked on a card with it alone."""
    from mtgcheck.models.vocab.behaviour import abilities_of
    from mtgcheck.models.vocab.conditions import TargetsInclude

    (a,) = [a for a in abilities_of(real_db.get("Wayta, Trainer Prodigy")) if a.kind == "activated"]
    assert isinstance(a.cost_change.condition, TargetsInclude) and a.cost_change.condition.count == 2
    assert a.cost_change.amount == 2 and a.cost_change.direction == "less"
    assert _act(real_db, {"Alice": ["Wayta, Trainer Prodigy", "Grizzly Bears", "Forest"]},
                "Wayta, Trainer Prodigy")["activatable"] is True
    from tests.scenario_text import run

    text = """
    players: [Alice, Bob]
    cards:
      Wayta Ability:
        mana_cost: '{{1}}{{G}}{{G}}'
        type_line: Legendary Creature — Human Warrior
        oracle_text: "Haste\\n{{2}}{{G}}, {{T}}: Target creature you control fights another target creature. This ability costs {{2}} less to activate if it targets two creatures you control."
        power: '3'
        toughness: '4'
    battlefield:
      Alice: [Wayta Ability, {mine}Forest]
      Bob: [{bob}]
    ask: {{activate: {{permanent: Wayta Ability, ability: 1}}}}
    """
    import pathlib
    import tempfile

    def go(mine: str, bob: str) -> bool:
        with tempfile.TemporaryDirectory() as d:
            return run(pathlib.Path(d), real_db, text.format(mine=mine, bob=bob)).answer.values["activatable"]

    assert go("Grizzly Bears, ", "") is True           # {G}: both targets Alice's creatures
    assert go("", "Grizzly Bears") is False            # {2}{G} with one Forest
    assert go("Forest, Forest, ", "Grizzly Bears") is True
