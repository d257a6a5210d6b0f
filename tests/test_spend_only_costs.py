"""An activated ability that restricts the mana spent on its own cost (CR 602.2b → 601.2h, 107.3a): "Spend only red
mana on X" (Crimson Hellkite), "Spend only mana of the chosen color to activate this ability" (Throne of Eldraine);
real cards of the 32k file (skipped when absent) and a count of the lands. Expected values come from the rules."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcheck.models.vocab.abilities import SpendOnly
from mtgcheck.models.text.costs import split_spend_only
from tests.probe_boards import ask


def test_split_spend_only_sentences():
    rest, got = split_spend_only("This creature deals X damage to target creature. Spend only red mana on X.")
    assert rest == "This creature deals X damage to target creature." and got.colors == ("R",) and got.on_x
    _, got = split_spend_only("Target creature gets +X/+0. Spend only black and/or red mana on X.")
    assert got.colors == ("B", "R")
    _, got = split_spend_only("Draw two cards. Spend only mana of the chosen color to activate this ability.")
    assert got.chosen and not got.on_x
    # a mana ability's "Spend this mana only ..." is about the mana it makes (CR 106.6), not its cost
    assert split_spend_only("Add {C}{C}. Spend this mana only to cast artifact spells.")[1] is None


def test_real_cards_read_it(real_db):
    from mtgcheck.models.vocab.behaviour import abilities_of

    (hk,) = [a for a in abilities_of(real_db.get("Crimson Hellkite")) if a.kind == "activated"]
    assert hk.cost.spend == SpendOnly(("R",), on_x=True, text="Spend only red mana on X.")
    throne = [a for a in abilities_of(real_db.get("Throne of Eldraine")) if a.kind == "activated"]
    assert throne[1].cost.spend.chosen and throne[0].cost.spend is None  # its mana ability keeps its own wording


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3))
def test_hellkite_x_is_paid_with_red_only_cr_601_2h(real_db, mountains, forests, x):
    """X damage needs X red mana: the Forests' mana can't be spent on X (CR 601.2h, 118.3)."""
    bf = {"Alice": ["Crimson Hellkite"] + ["Mountain"] * mountains + ["Forest"] * forests, "Bob": ["Grizzly Bears"]}
    got = ask(real_db, bf, {"activate": {"permanent": "Crimson Hellkite", "ability": 1, "x": x}}).values
    assert got["activatable"] is (mountains >= x)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 3), st.integers(0, 3))
def test_throne_only_the_chosen_color_cr_601_2h(real_db, plains, islands):
    """Throne of Eldraine with white chosen: {3} paid with white mana only (its own {T} taps it, CR 601.2g-h)."""
    bf = {"Alice": [{"card": "Throne of Eldraine", "choices": {"color": "W"}}] + ["Plains"] * plains + ["Island"] * islands}
    got = ask(real_db, bf, {"activate": {"permanent": "Throne of Eldraine", "ability": 2}}).values
    assert got["activatable"] is (plains >= 3)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 3), st.integers(0, 2), st.integers(0, 3))
def test_heirloom_epic_taps_creatures_rather_than_paying_cr_601_2h(real_db, bears, elves, forests):
    """Heirloom Epic's {4}: each untapped creature taps for one of it, each Forest (or Elf, once: CR 107.5) makes
    one mana: payable when bears + elves + forests >= 4 (CR 601.2g-h, 302.6)."""
    bf = {"Alice": ["Heirloom Epic"] + [{"card": "Grizzly Bears", "sick": True}] * bears + ["Llanowar Elves"] * elves
          + ["Forest"] * forests}
    got = ask(real_db, bf, {"activate": {"permanent": "Heirloom Epic", "ability": 1}}).values
    assert got["activatable"] is (bears + elves + forests >= 4)


def test_waterbend_is_read_cr_701_67a():
    from mtgcheck.models.text.activation_costs import parse_activation_cost

    (wb,) = parse_activation_cost("Waterbend {5}").parts
    assert (wb.action, wb.amount, wb.what) == ("waterbend", 5, "artifact or creature")
    assert parse_activation_cost("Waterbend {X}").parts[0].x


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2), st.integers(0, 2), st.integers(0, 4))
def test_waterbend_taps_artifacts_and_creatures_cr_701_67a(real_db, thopters, bears, islands):
    """Yue's "Waterbend {5}, {T}": each untapped artifact or creature other than Yue (its {T}) pays one, each Island
    one (CR 701.67a, 601.2g-h)."""
    bf = {"Alice": ["Yue, the Moon Spirit"] + ["Ornithopter"] * thopters + [{"card": "Grizzly Bears", "sick": True}] * bears
          + ["Island"] * islands}
    got = ask(real_db, bf, {"activate": {"permanent": "Yue, the Moon Spirit", "ability": 1}}).values
    assert got["activatable"] is (thopters + bears + islands >= 5)
