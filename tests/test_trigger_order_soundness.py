"""``trigger_order`` after a Hypergenesis-style process: what could change which abilities trigger is never treated
as absent (the gate, ``Topic.TRIGGERS``), and enters triggers with an intervening "if" about casting are read.

Expected answers come from the rules and rulings named in each test, never from running the engine:
CR 603.2 (an ability triggers when its event occurs), 603.3b (APNAP), 603.4 (intervening "if"), 603.6a (enters
triggers), 700.4 ("dies"), 704.5f/704.5j (state-based actions that put permanents into graveyards); Hypergenesis
ruling 2006-09-25 (the cards are put onto the battlefield, not cast).
"""
from __future__ import annotations

import pytest

from mtgcheck.models.text.facts import trigger_event
from mtgcheck.models.text.resolution import enters_condition
from tests.scenario_text import cards_block, run


def _after(put: dict[str, list[str]], battlefield: dict[str, list[str]] | None = None, extra: str = "") -> str:
    import json

    hand = {p: list(cards) for p, cards in put.items()}
    lines = ["players: [Alice, Bob]", extra,
             "hand:"] + [f"  {p}: {json.dumps(cards)}" for p, cards in hand.items()]
    if battlefield:
        lines += ["battlefield:"] + [f"  {p}: {json.dumps(cards)}" for p, cards in battlefield.items()]
    lines += ["ask:", "  trigger_order:", "    after:", "      spell: Hypergenesis", "      player: Alice",
              f"      put: {json.dumps(put)}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("card", ["Torpor Orb", "Hushbringer", "Panharmonicon"])
def test_a_static_that_changes_triggering_makes_the_answer_unsupported(tmp_path, real_db, card):
    """Torpor Orb / Hushbringer ("Creatures entering don't cause abilities to trigger") and Panharmonicon (an
    additional trigger) change which enters triggers wait (CR 603.2, 603.6a): never answered as if absent."""
    res = run(tmp_path, real_db, _after({"Alice": ["Wall of Omens"]}, {"Bob": [card]}))
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert card in res.message


def test_an_untyped_trigger_on_the_battlefield_makes_the_answer_unsupported(tmp_path, real_db):
    """A triggered ability whose event the parser did not type may trigger on the cards put (CR 603.2)."""
    extra = cards_block({"Odd Watcher": ("Enchantment", "Whenever a player puts a card from their hand onto the "
                                                        "battlefield, that player draws a card.", "")})
    res = run(tmp_path, real_db, _after({"Alice": ["Wall of Omens"]}, {"Bob": ["Odd Watcher"]}, extra))
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert "Odd Watcher" in res.message


def test_step_and_cast_triggers_on_the_battlefield_do_not_block_the_answer(tmp_path, real_db):
    """Phyrexian Arena (at the beginning of the upkeep) and Young Pyromancer (whenever you cast an instant or
    sorcery spell) cannot trigger while Hypergenesis puts permanents (no step begins, nothing is cast; CR 603.2):
    Wall of Omens' enters trigger is the one waiting (CR 603.6a)."""
    res = run(tmp_path, real_db, _after({"Alice": ["Wall of Omens"]}, {"Bob": ["Phyrexian Arena", "Young Pyromancer"]}))
    assert res.verdict == "no expectation", (res.verdict, res.message)
    assert res.answer.values["triggers"] == {"Alice": ["Wall of Omens"]}
    assert res.answer.values["orders"] == 1


@pytest.mark.parametrize("card", ["Geological Appraiser", "Gatekeeper of Malakir"])
def test_an_if_it_was_cast_enters_trigger_does_not_trigger_when_put(tmp_path, real_db, card):
    """CR 603.4: "When this enters, if you cast it" / "if it was kicked" checks the condition as the event
    happens; a permanent put onto the battlefield was not cast (Hypergenesis ruling 2006-09-25), so only Wall of
    Omens' ability triggers."""
    res = run(tmp_path, real_db, _after({"Alice": [card, "Wall of Omens"]}))
    assert res.verdict == "no expectation", (res.verdict, res.message)
    assert res.answer.values["triggers"] == {"Alice": ["Wall of Omens"]}
    assert any("CR 603.4" in w and card in w for w in res.answer.explanation)


def test_an_if_you_did_not_cast_it_enters_trigger_triggers_when_put(tmp_path, real_db):
    """Phage the Untouchable: "When Phage enters, if you didn't cast it from your hand, you lose the game." Put by
    Hypergenesis, it was not cast: the condition holds and the ability triggers (CR 603.4)."""
    res = run(tmp_path, real_db, _after({"Alice": ["Phage the Untouchable"]}))
    assert res.verdict == "no expectation", (res.verdict, res.message)
    assert res.answer.values["triggers"] == {"Alice": ["Phage the Untouchable"]}


def test_an_enters_trigger_naming_the_card_by_its_short_name_triggers(tmp_path, real_db):
    """A legendary card's enters trigger names it by its short name ("When Imskir enters", CR 201.5): it is this
    permanent entering (CR 603.6a), so it triggers."""
    res = run(tmp_path, real_db, _after({"Alice": ["Imskir Iron-Eater"]}))
    assert res.verdict == "no expectation", (res.verdict, res.message)
    assert res.answer.values["triggers"] == {"Alice": ["Imskir Iron-Eater"]}


def test_dies_triggers_wait_for_the_state_based_actions(tmp_path, real_db):
    """Blood Artist ("Whenever this creature or another creature dies") cannot trigger while only a Wall of Omens
    (0/4) enters: no state-based action puts anything into a graveyard (CR 704.5). A Stonecoil Serpent put by
    Hypergenesis enters with X = 0 counters (CR 107.3m) as a 0/0 and dies (704.5f), so Blood Artist's ability
    would trigger: not answered without modelling that."""
    quiet = run(tmp_path, real_db, _after({"Alice": ["Wall of Omens"]}, {"Bob": ["Blood Artist"]}))
    assert quiet.verdict == "no expectation", (quiet.verdict, quiet.message)
    assert quiet.answer.values["triggers"] == {"Alice": ["Wall of Omens"]}
    dies = run(tmp_path, real_db, _after({"Alice": ["Stonecoil Serpent"]}, {"Bob": ["Blood Artist"]}))
    assert dies.verdict == "unsupported", (dies.verdict, dies.message)
    assert "Blood Artist" in dies.message


def test_the_legend_rule_after_the_process_is_not_ignored(tmp_path, real_db):
    """Two Emrakul, the Aeons Torn put by one player: the legend rule puts one into the graveyard (CR 704.5j) and
    its "put into a graveyard from anywhere" ability triggers; one Emrakul alone triggers nothing (its cast trigger
    does not trigger when put, Hypergenesis ruling 2006-09-25)."""
    one = run(tmp_path, real_db, _after({"Alice": ["Emrakul, the Aeons Torn"]}))
    assert one.verdict == "no expectation", (one.verdict, one.message)
    assert one.answer.values["triggers"] == {}
    two = run(tmp_path, real_db, _after({"Alice": ["Emrakul, the Aeons Torn", "Emrakul, the Aeons Torn"]}))
    assert two.verdict == "unsupported", (two.verdict, two.message)
    assert "Emrakul" in two.message


@pytest.mark.parametrize("does, expected", [
    ("if you cast it, discover 3.", "was_cast"),                                # CR 603.4, 601.2
    ("if it was kicked, destroy target enchantment.", "was_cast"),             # 702.33d
    ("if it was kicked with its {2}{B} kicker, destroy target creature.", "was_cast"),
    ("if {U}{U} was spent to cast it, return up to one other target.", "was_cast"),  # 601.2h
    ("if you didn't cast it from your hand, you lose the game.", "not_cast"),  # Phage the Untouchable
    ("if you cast it from your hand and there are five or more other creatures, x.", "other"),
    ("if you control two or more Mountains, destroy target artifact.", "other"),
    ("draw a card.", None),
])
def test_enters_condition_types_the_intervening_if(does, expected):
    """CR 603.4: the intervening "if" right after the trigger condition, typed only when its whole clause says
    how the permanent came to be; anything else stays ``other`` (not modelled)."""
    assert enters_condition(does) == expected


@pytest.mark.parametrize("line, expected", [
    ("At the beginning of your upkeep, you lose 1 life.", "step"),              # CR 603.2b, 500.1
    ("Whenever you cast an instant or sorcery spell, create a token.", "cast"),  # 601.2i
    ("Whenever this creature attacks, draw a card.", "combat"),                 # 508.1m
    ("When this creature dies, draw a card.", "dies"),                          # 700.4
    ("When this creature is put into a graveyard from anywhere, x.", "self_to_graveyard"),  # 603.10a
    # a resolving spell goes to a graveyard too (608.2n): "from anywhere" of any card is not "dies"
    ("Whenever a card is put into an opponent's graveyard from anywhere, x.", None),
    ("Whenever enchanted land is tapped for mana, add {G}.", "mana"),          # 106.12
    ("Whenever a player taps a land for mana, add one mana.", "mana"),         # 106.12
    ("Whenever you cast a spell or a creature enters, scry 1.", None),          # two events: any
    ("Whenever a creature dies or is exiled, draw a card.", None),
    ("Whenever a player puts a card onto the battlefield, draw.", None),
    ("draw one card", None),                                                     # no trigger condition
    ("Whenever you roll a die, scry 1.", None),  # CR 706: rolling a die is not dying (700.4)
])
def test_trigger_event_is_typed_only_when_plain(line, expected):
    """CR 603.1: "[When/Whenever/At] [trigger event], [effect]"; a condition naming another event, or two, is
    left untyped (any event, as far as the gate knows)."""
    assert trigger_event(line) == expected


@pytest.mark.parametrize("card", ["Bloodghast", "Blood Speaker"])
def test_an_enters_watcher_in_a_graveyard_is_not_ignored(tmp_path, real_db, card):
    """Bloodghast's landfall ("Whenever a land you control enters, you may return this card from your graveyard to
    the battlefield") and Blood Speaker's "Whenever a Demon you control enters, return this card from your
    graveyard to your hand" function in the graveyard (CR 113.6m, 113.6k) and trigger on a permanent put by
    Hypergenesis (603.6a): never answered as if no ability triggered (a Forest, then a Demon, put)."""
    put = {"Bloodghast": ["Forest"], "Blood Speaker": ["Lord of the Pit"]}[card]
    lines = _after({"Alice": put}).replace("hand:", f"graveyard:\n  Alice: [{card}]\nhand:", 1)
    res = run(tmp_path, real_db, lines)
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert card in res.message


@pytest.mark.parametrize("card, board", [("Clone", {"Bob": ["Wall of Omens"]}),
                                         ("Wall of Omens", {"Bob": ["Containment Priest"]})])
def test_a_replacement_of_how_a_permanent_enters_is_not_ignored(tmp_path, real_db, card, board):
    """Clone put by Hypergenesis may enter as a copy of Wall of Omens (CR 707.5, 614.1c) and then has its enters
    trigger (603.6a); Containment Priest exiles a creature put onto the battlefield that wasn't cast instead (614.1a,
    614.6: the creature never enters, so its enters trigger does not trigger). Both change which abilities wait:
    never answered as if the replacement were absent."""
    res = run(tmp_path, real_db, _after({"Alice": [card]}, board))
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert ("Clone" if card == "Clone" else "Containment Priest") in res.message


@pytest.mark.parametrize("put, expected", [
    (["Covetous Castaway // Ghostly Castigator"], {}),  # the enters trigger is the back face's
    (["Geier Reach Bandit // Vildin-Pack Alpha", "Wall of Omens"], {"Alice": ["Wall of Omens"]}),  # back face watcher
])
def test_a_double_faced_card_put_has_only_its_front_face_abilities(tmp_path, real_db, put, expected):
    """A double-faced card put onto the battlefield from a hand enters front face up (CR 712.14) and has only its
    front face's characteristics (712.8d): Ghostly Castigator's "When this creature enters" and Vildin-Pack
    Alpha's "Whenever a Werewolf you control enters" do not exist on the permanent, so they do not trigger.
    Covetous Castaway's front face has only a dies trigger (no state-based action puts the 1/1 into a graveyard,
    CR 704.5f); Geier Reach Bandit's is an upkeep trigger (603.2b): only Wall of Omens' ability waits (603.6a)."""
    res = run(tmp_path, real_db, _after({"Alice": put}))
    assert res.verdict == "no expectation", (res.verdict, res.message)
    assert res.answer.values["triggers"] == expected


@pytest.mark.parametrize("card", ["Preyseizer Dragon", "Devouring Hellion"])
def test_a_sacrifice_as_the_card_enters_wakes_dies_triggers(tmp_path, real_db, card):
    """Devour (CR 702.82a: "As this object enters, you may sacrifice any number of creatures") and Devouring
    Hellion's "As this creature enters, you may sacrifice any number of creatures" (614.1c) may put Alice's Grizzly
    Bears into her graveyard as the card is put by Hypergenesis: Bob's Blood Artist ("Whenever this creature or
    another creature dies") would trigger (700.4). Never answered as if nothing died."""
    lines = _after({"Alice": [card]}, {"Alice": ["Grizzly Bears"], "Bob": ["Blood Artist"]})
    res = run(tmp_path, real_db, lines)
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert "Blood Artist" in res.message


@pytest.mark.parametrize("text, expected", [
    ("You may have this creature enter as a copy of any creature on the battlefield.", True),  # Clone, CR 707.5
    ("If a nontoken creature would enter and it wasn't cast, exile it instead.", True),     # Containment Priest
    ("This land enters tapped.", False),                                                     # CR 614.1c: no trigger change
    ("This creature enters with a +1/+1 counter on it for each color of mana spent to cast it.", False),
])
def test_enters_replacement_is_typed(text, expected):
    """A replacement of whether or as what a permanent enters (CR 614.6, 707.5) is typed; "enters tapped" and "enters
    with counters" change neither whether it enters nor its abilities."""
    from mtgcheck.models.text.facts import enters_replacement

    assert enters_replacement(text) is expected


def test_an_enters_trigger_in_quotes_is_not_the_abilitys_own(tmp_path, real_db):
    """Cherished Hatchling: "When this creature dies, ... whenever you cast a Dinosaur spell this turn, it gains
    "When this creature enters, you may have it fight ..."". The quoted ability is granted by the effect (CR
    113.2c), not a trigger condition of the Hatchling: put by Hypergenesis, it has no enters trigger (603.6a), and
    its dies trigger cannot trigger (no state-based action puts the 2/1 into a graveyard, 704.5f). Only Wall of
    Omens' ability waits."""
    res = run(tmp_path, real_db, _after({"Alice": ["Cherished Hatchling", "Wall of Omens"]}))
    assert res.verdict == "no expectation", (res.verdict, res.message)
    assert res.answer.values["triggers"] == {"Alice": ["Wall of Omens"]}


def test_an_aura_that_falls_off_wakes_graveyard_triggers(tmp_path, real_db):
    """Akroma's Memorial put by Hypergenesis gives Alice's Grizzly Bears protection from red; the red Aura
    Firebreathing on it is then attached illegally and put into Alice's graveyard by a state-based action (CR
    702.16c, 704.5m), so Mazzy, Truesword Paladin's "Whenever an Aura you control is put into your graveyard from
    the battlefield" triggers. Never answered as if no Aura could leave."""
    text = "\n".join([
        "players: [Alice, Bob]",
        "battlefield:",
        "  Alice:",
        "    - {card: Grizzly Bears, id: bear}",
        "    - {card: Firebreathing, attached_to: bear}",
        "    - Mazzy, Truesword Paladin",
        "hand:",
        "  Alice: [Akroma's Memorial]",
        "ask:",
        "  trigger_order:",
        "    after: {spell: Hypergenesis, player: Alice, put: {Alice: [Akroma's Memorial]}}",
    ]) + "\n"
    res = run(tmp_path, real_db, text)
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert "Mazzy" in res.message


@pytest.mark.parametrize("spell", ["Rite of Harmony", "First Day of Class"])
def test_a_delayed_trigger_of_a_resolved_spell_is_not_ignored(tmp_path, real_db, spell):
    """Rite of Harmony ("Whenever a creature or enchantment you control enters this turn, draw a card") and First
    Day of Class resolved earlier this turn: their delayed triggered abilities (CR 603.7) trigger when Grizzly Bears
    is put by Hypergenesis (603.6a). Never answered as if no ability triggered."""
    text = "\n".join([
        "players: [Alice, Bob]",
        "effects:",
        f"  - {{card: {spell}, controller: Alice}}",
        "hand:",
        "  Alice: [Grizzly Bears]",
        "ask:",
        "  trigger_order:",
        "    after: {spell: Hypergenesis, player: Alice, put: {Alice: [Grizzly Bears]}}",
    ]) + "\n"
    res = run(tmp_path, real_db, text)
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert spell in res.message


def test_the_legend_rule_reads_a_double_faced_legend_by_its_face_names(tmp_path, real_db):
    """A double-faced legend put by Hypergenesis enters front face up (CR 712.14) with its front face's name; a second
    one put by the same player shares it and the legend rule puts one into the graveyard (CR 704.5j), so Blood
    Artist's dies ability may trigger (CR 700.4): never answered as if nothing died."""
    res = run(tmp_path, real_db, _after({"Alice": ["Jace, Vryn's Prodigy", "Jace, Vryn's Prodigy"]},
                                        {"Bob": ["Blood Artist"]}))
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert "Blood Artist" in res.message


def test_an_aura_put_with_nothing_to_enchant_is_not_put_cr_303_4g(tmp_path, real_db):
    """CR 303.4g: an Aura put onto the battlefield (not resolving as a spell) stays in the hand if it can legally
    enchant nothing as it would enter; Abundant Growth (enchant land) with no land anywhere was not put, so its
    enters trigger never waits: asking as if it had entered is an error naming the rule."""
    res = run(tmp_path, real_db, _after({"Alice": ["Abundant Growth"]}))
    assert res.verdict == "error", (res.verdict, res.message)
    assert "Abundant Growth" in res.message and "303.4g" in res.message


def test_an_aura_put_onto_a_land_triggers_for_the_player_who_put_it_cr_303_4f_603_3a(tmp_path, real_db):
    """CR 303.4f: with a land on the battlefield, Abundant Growth enters attached to it; its enters trigger is Alice's
    (603.3a), one order."""
    res = run(tmp_path, real_db, _after({"Alice": ["Abundant Growth"]}, {"Bob": ["Island"]}))
    assert res.answer.values["triggers"] == {"Alice": ["Abundant Growth"]}, res.message
    assert res.answer.values["orders"] == 1


@pytest.mark.parametrize("card", ["Treacherous Pit-Dweller", "Mystic Sanctuary", "Portal Mage"])
def test_an_enters_trigger_with_a_qualified_event_is_not_counted_as_plain(tmp_path, real_db, card):
    """CR 603.2: "enters from a graveyard" (a card put from the hand does not), "enters untapped" (Mystic Sanctuary
    enters tapped with fewer than three other Islands) and "enters during the declare attackers step" (a sorcery
    resolves in a main phase) are events narrower than entering: never counted as if they were plain entering."""
    res = run(tmp_path, real_db, _after({"Alice": [card]}))
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert card in res.message


def test_a_spell_put_into_a_graveyard_triggers_from_anywhere_watchers(tmp_path, real_db):
    """CR 608.2n: Hypergenesis is put into its owner's graveyard as it finishes resolving, so Vulturous Zombie's
    "Whenever a card is put into an opponent's graveyard from anywhere" may trigger: never answered as no trigger."""
    res = run(tmp_path, real_db, _after({"Alice": ["Wall of Omens"]}, {"Bob": ["Vulturous Zombie"]}))
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert "Vulturous Zombie" in res.message


def test_a_typed_dies_trigger_is_not_ignored_when_a_creature_may_die(tmp_path, real_db):
    """CR 704.5f, 700.4: Elesh Norn, Grand Cenobite put by Bob gives Alice's Myr Moonvessel -2/-2; it dies to a
    state-based action and its dies trigger (typed as adding mana) waits with the others: never left out."""
    res = run(tmp_path, real_db, _after({"Alice": ["Wall of Omens"], "Bob": ["Elesh Norn, Grand Cenobite"]},
                                        {"Alice": ["Myr Moonvessel"]}))
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert "Myr Moonvessel" in res.message or "Elesh Norn" in res.message


def test_an_enters_or_dies_trigger_sees_its_dies_half(tmp_path, real_db):
    """CR 603.2, 704.5j: a second Jerren, Corrupted Bishop put makes the legend rule put one into the graveyard; the
    other's "enters or another nontoken Human you control dies" triggers for that death too: never counted as
    entering alone."""
    j = "Jerren, Corrupted Bishop // Ormendahl, the Corrupter"
    res = run(tmp_path, real_db, _after({"Alice": [j]}, {"Alice": [j]}))
    assert res.verdict == "unsupported", (res.verdict, res.message)
    assert "Jerren" in res.message


def test_an_enters_or_attacks_trigger_counts_once(tmp_path, real_db):
    """CR 603.2, 508.1m: "Whenever this creature enters or attacks" triggers once as it is put onto the battlefield
    (no combat during the process)."""
    from mtgcheck.models.vocab.behaviour import abilities_of
    from mtgcheck.models.vocab.resolution import EntersTrigger

    card = real_db.get("Inferno Titan")
    e = [a.effect for a in abilities_of(card) if isinstance(a.effect, EntersTrigger)]
    assert e and e[0].also == "combat"
    res = run(tmp_path, real_db, _after({"Alice": ["Inferno Titan"]}))
    assert res.verdict == "no expectation", (res.verdict, res.message)
    assert res.answer.values["triggers"] == {"Alice": ["Inferno Titan"]}


def test_tapped_for_mana_triggers_wait_for_nothing_during_the_process(tmp_path, real_db):
    """CR 106.12, 605.3a: a permanent is tapped for mana only by activating a mana ability, and nothing is paid while
    Hypergenesis resolves: Mana Flare ("Whenever a player taps a land for mana") cannot trigger; Wall of Omens' enters
    trigger is the one waiting (CR 603.6a)."""
    res = run(tmp_path, real_db, _after({"Alice": ["Wall of Omens"]}, {"Bob": ["Mana Flare"]}))
    assert res.verdict == "no expectation", (res.verdict, res.message)
    assert res.answer.values["triggers"] == {"Alice": ["Wall of Omens"]}


def test_a_self_from_anywhere_trigger_of_the_spell_itself_is_not_quiet():
    """CR 608.2n, 603.10a: the spell of the process goes to the graveyard as it finishes resolving; a permanent's own
    "When this is put into a graveyard from anywhere" is typed apart from any card's (Vulturous Zombie)."""
    assert trigger_event("When this is put into a graveyard from anywhere, shuffle.") == "self_to_graveyard"
    assert trigger_event("Whenever a card is put into your graveyard from anywhere, scry 1.") is None


def test_put_onto_battlefield_counts_an_aura_only_where_it_can_enter_cr_303_4g(tmp_path, real_db):
    """CR 303.4g: an Aura put onto the battlefield by Hypergenesis stays in the hand when it can legally enchant
    nothing (here no creature is on the battlefield or in a hand), so "put it" is the same end state as declining:
    Rancor and Forest give two end states (nothing, Forest), never four."""
    text = "\n".join(["players: [Alice, Bob]", "hand:", '  Alice: ["Rancor", "Forest"]', "ask:",
                      "  put_onto_battlefield: {spell: Hypergenesis, player: Alice}"]) + "\n"
    res = run(tmp_path, real_db, text)
    assert res.answer.values["outcomes"] == 2, (res.verdict, res.message)
    assert any("Rancor" in line and "303.4g" in line for line in res.answer.explanation)
