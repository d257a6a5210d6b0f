"""Tests of card-name normalisation (models.game.names) and of name look-up in the card database.

Expected names come from the Scryfall oracle bulk file in ../shared/carddata (skipped when
absent) and from the folding rules documented in docs/cards.md.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcheck.models.data.database import CardDatabase, UnknownCardError
from mtgcheck.models.game.names import normalize_name, split_name

ORACLE_FILE = "carddata/oracle-cards-2025-11-03.json.gz"


@pytest.fixture(scope="module")
def db(real_db) -> CardDatabase:
    """The 32k-card file, loaded once per session (tests/conftest.py)."""
    return real_db


# ---------------------------------------------------------------------------
# normalize_name on its own
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("raw, key", [
    ("Lim-Dûl the Necromancer", "lim-dul the necromancer"),  # accents folded
    ("Haldir, Lórien Lieutenant", "haldir, lorien lieutenant"),
    ("Æther Vial", "aether vial"),  # Æ spelled out
    ("æther vial", "aether vial"),
    ("Urza’s Saga", "urza's saga"),  # curly apostrophe
    ("“Ach! Hans, Run!”", '"ach! hans, run!"'),  # curly quotes
    ("  Lightning\t  Bolt \n", "lightning bolt"),  # white space collapsed
    ("LIGHTNING BOLT", "lightning bolt"),
    ("Jötun Grunt", "jotun grunt"),
    ("Ratonhnhaké꞉ton", "ratonhnhake:ton"),  # modifier-letter colon
])
def test_normalize_name_folds(raw, key):
    assert normalize_name(raw) == key


@pytest.mark.parametrize("form", ["Fire/Ice", "Fire//Ice", "Fire // Ice", "fire /  / ice", " FIRE//ICE "])
def test_split_forms_normalize_to_the_oracle_separator(form):
    assert normalize_name(form) == "fire // ice"


def test_alchemy_prefix_is_kept():
    assert normalize_name("A-Akki Ronin") == "a-akki ronin"
    assert normalize_name("A-Akki Ronin") != normalize_name("Akki Ronin")


def test_normalize_name_rejects_non_strings():
    with pytest.raises(TypeError):
        normalize_name(None)  # type: ignore[arg-type]


def test_split_name_only_splits_on_the_oracle_separator():
    assert split_name("Fire // Ice") == ("Fire", "Ice")
    assert split_name("SP//dr, Piloted by Peni") == ("SP//dr, Piloted by Peni",)


_text = st.text(max_size=30)


@settings(max_examples=400, deadline=None)
@given(_text)
def test_normalize_name_is_idempotent(s):
    once = normalize_name(s)
    assert normalize_name(once) == once


@settings(max_examples=400, deadline=None)
@given(_text, _text)
def test_split_forms_normalize_equal(a, b):
    assert normalize_name(f"{a}/{b}") == normalize_name(f"{a}//{b}") == normalize_name(f"{a} // {b}")


# ---------------------------------------------------------------------------
# look-up in the 32k-card database
# ---------------------------------------------------------------------------

def test_accented_name_found_with_and_without_accents(db):
    assert db.get("Lim-Dûl the Necromancer").name == "Lim-Dûl the Necromancer"
    assert db.get("lim-dul the necromancer").name == "Lim-Dûl the Necromancer"
    assert db.get("Galadriel of Lothlorien").name == "Galadriel of Lothlórien"


def test_curly_apostrophe_and_accent_together(db):
    assert db.get("Lim-Dul’s Hex").name == "Lim-Dûl's Hex"


def test_aether_and_ae_ligature_find_the_same_card(db):
    assert db.get("Æther Vial") is db.get("Aether Vial")
    assert db.get("Æther Vial").name == "Aether Vial"  # Oracle spelling


def test_case_does_not_matter(db):
    assert db.get("lIGHTNING bOLT").name == "Lightning Bolt"


@pytest.mark.parametrize("form", ["Fire/Ice", "Fire//Ice", "Fire // Ice", "fire // ice"])
def test_split_card_found_by_every_slash_form(db, form):
    assert db.get(form).name == "Fire // Ice"


def test_face_names_find_their_card(db):
    assert db.get("Ice").name == "Fire // Ice"
    assert db.get("Stomp").name == "Bonecrusher Giant // Stomp"
    assert db.get("Agadeem, the Undercrypt").name == "Agadeem's Awakening // Agadeem, the Undercrypt"


def test_face_name_does_not_shadow_a_card_with_that_full_name(db):
    # "Bind" and "Liberate" are cards of their own and also the halves of "Bind // Liberate"
    assert db.get("Bind").name == "Bind"
    assert db.get("Liberate").name == "Liberate"
    assert db.get("Bind/Liberate").name == "Bind // Liberate"


def test_slash_inside_a_single_card_name(db):
    assert db.get("SP//dr, Piloted by Peni").name == "SP//dr, Piloted by Peni"
    assert db.get("SP // dr, Piloted by Peni").name == "SP//dr, Piloted by Peni"


def test_alchemy_card_is_distinct_from_the_paper_card(db):
    paper, alchemy = db.get("Akki Ronin"), db.get("A-Akki Ronin")
    assert paper is not alchemy
    assert (paper.name, alchemy.name) == ("Akki Ronin", "A-Akki Ronin")
    assert (paper.mana_value(), alchemy.mana_value()) == (2, 1)  # {1}{R} vs {R}


def test_unknown_name_raises_with_the_right_suggestion(db):
    with pytest.raises(UnknownCardError) as ei:
        db.get("Lightnig Bolt")
    assert ei.value.suggestions[0] == "Lightning Bolt"
    assert len(ei.value.suggestions) <= 5
    assert str(ei.value).startswith("unknown card 'Lightnig Bolt'; did you mean: Lightning Bolt")
    assert "Lightnig Bolt" not in db and db.find("Lightnig Bolt") is None


def test_suggest_maps_a_face_typo_to_its_card(db):
    assert "Bonecrusher Giant // Stomp" in db.suggest("Stomps")
    assert db.suggest("Treasure Cruse")[0] == "Treasure Cruise"


def test_contains_len_iter_and_names_agree(db):
    names = db.names()
    assert len(names) == len(db) == len(set(names))
    assert "Lightning Bolt" in db and 42 not in db
    assert next(iter(db)).name == names[0]
