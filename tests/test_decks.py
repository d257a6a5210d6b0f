"""Deck validation rules, each test naming its rule (CR 100.2, 100.4, 903, 702.124, 702.139).

Expected values come from the rules and the card data's legalities (snapshot 2025-11-03).
"""
from __future__ import annotations

import os

import pytest

from mtgcheck.models.data.formats import FormatError, load_format
from mtgcheck.solver.decks.rules import validate_deck


@pytest.fixture(scope="module")
def db(real_db):
    """The 32k-card file, loaded once per session (tests/conftest.py)."""
    return real_db


def codes(rep):
    return sorted({p.code for p in rep.problems})


def burn(extra_main="", side="", mountains=56):
    return f"4 Lightning Bolt\n{mountains} Mountain\n{extra_main}\n\n{side}"


# ---- constructed sizes (CR 100.2a, 100.4a) ----------------------------------

def test_60_cards_legal_and_data_date_reported_cr_100_2a(db):
    rep = validate_deck(burn(), "modern", db)
    assert rep.legal and rep.status == "legal" and rep.data_date == "2025-11-03"


def test_59_cards_deck_too_small_cr_100_2a(db):
    rep = validate_deck(burn(mountains=55), "modern", db)
    assert codes(rep) == ["deck_too_small"]
    assert rep.problems[0].counts == {"deck": 59, "minimum": 60} and rep.problems[0].rule == "CR 100.2a"


def test_16_sideboard_cards_too_many_cr_100_4a(db):
    rep = validate_deck(burn(side="15 Mountain\n1 Smash to Smithereens"), "modern", db)
    assert codes(rep) == ["sideboard_too_large"] and rep.problems[0].counts["side"] == 16


def test_fifth_copy_across_deck_and_sideboard_cr_100_4a(db):
    rep = validate_deck(burn(side="1 Lightning Bolt"), "modern", db)
    assert codes(rep) == ["too_many_copies"]
    assert rep.problems[0].cards == ["Lightning Bolt"] and rep.problems[0].counts["Lightning Bolt"] == 5


def test_basic_lands_exempt_including_snow_and_wastes_cr_100_2a(db):
    rep = validate_deck("20 Snow-Covered Mountain\n20 Wastes\n20 Mountain\n", "modern", db)
    assert rep.legal


def test_any_number_and_up_to_seven_or_nine_follow_their_text(db):
    """Relentless Rats: any number; Seven Dwarves: up to seven; Nazgûl: up to nine (their own text, CR 100.2a)."""
    assert validate_deck("30 Relentless Rats\n30 Swamp", "legacy", db).legal
    assert validate_deck("7 Seven Dwarves\n53 Mountain", "legacy", db).legal
    rep = validate_deck("8 Seven Dwarves\n52 Mountain", "legacy", db)
    assert codes(rep) == ["too_many_copies"] and rep.problems[0].counts["maximum"] == 7
    assert validate_deck("9 Nazgûl\n51 Swamp", "legacy", db).legal
    assert codes(validate_deck("10 Nazgul\n50 Swamp", "legacy", db)) == ["too_many_copies"]


def test_banned_card_cr_100_6_modern_list(db):
    rep = validate_deck(burn(side="1 Oko, Thief of Crowns"), "modern", db)
    assert codes(rep) == ["banned"] and rep.problems[0].cards == ["Oko, Thief of Crowns"]


def test_restricted_one_copy_vintage_cr_100_6(db):
    """CR 100.6: the format's own lists (Vintage restricted list, from the card data): one copy across deck
    and sideboard."""
    assert validate_deck(burn(mountains=55, extra_main="1 Black Lotus"), "vintage", db).legal
    rep = validate_deck(burn(mountains=55, extra_main="1 Black Lotus", side="1 Black Lotus"), "vintage", db)
    assert codes(rep) == ["restricted"] and rep.problems[0].counts["Black Lotus"] == 2


def test_not_legal_in_pauper_cr_100_6(db):
    """CR 100.6: the format's card pool (Pauper: commons only, from the card data's legalities)."""
    rep = validate_deck(burn(mountains=52, extra_main="4 Goblin Guide"), "pauper", db)
    assert codes(rep) == ["not_legal_in_format"] and rep.problems[0].cards == ["Goblin Guide"]


def test_limited_40_cards_no_copy_limit_cr_100_2b(db):
    assert validate_deck("7 Lightning Bolt\n33 Mountain\n\n30 Shock", "limited", db).legal
    assert codes(validate_deck("7 Lightning Bolt\n32 Mountain", "draft", db)) == ["deck_too_small"]


def test_unknown_card_with_suggestions_and_line(db):
    rep = validate_deck("4 Lightnig Bolt\n56 Mountain", "modern", db)
    p = rep.problems[0]
    assert p.code == "unknown_card" and p.line == 1 and "Lightning Bolt" in p.suggestions
    assert rep.status == "unreadable" and not rep.legal


def test_name_spellings_resolve(db):
    """Split names as A/B, curly apostrophes, accents (the card database's name index)."""
    rep = validate_deck("4 Fire/Ice\n4 Urza’s Saga\n4 Lim-Dul's Vault\n48 Island", "legacy", db)
    assert rep.legal


def test_unreadable_line_is_a_problem(db):
    rep = validate_deck(burn() + "\nnonsense here", "modern", db)
    assert "unreadable_line" in codes(rep)


# ---- Commander (CR 903) -----------------------------------------------------

def edh(commander, body, fmt="commander", n_basic=None, basic="Forest"):
    body_count = sum(int(l.split()[0]) for l in body.splitlines() if l.strip())
    n = 99 - body_count if n_basic is None else n_basic
    return validate_deck(f"Commander\n1 {commander}\n\nDeck\n{body}\n{n} {basic}\n", fmt, db_cache[0])


db_cache: list = []


@pytest.fixture(autouse=True)
def _db(db):
    db_cache[:] = [db]


def test_commander_100_exactly_cr_903_5a(db):
    assert edh("Llanowar Elves", "", n_basic=99).problems[0].code == "invalid_commander"  # not legendary (903.3)
    assert edh("Ghired, Mirror of the Wilds", "", n_basic=99).legal
    assert codes(edh("Ghired, Mirror of the Wilds", "", n_basic=98)) == ["deck_too_small"]
    assert codes(edh("Ghired, Mirror of the Wilds", "", n_basic=100)) == ["deck_too_large"]


def test_commander_singleton_except_basics_cr_903_5b(db):
    assert codes(edh("Ghired, Mirror of the Wilds", "2 Llanowar Elves")) == ["too_many_copies"]
    assert edh("Ghired, Mirror of the Wilds", "20 Relentless Rats", basic="Forest").problems[0].code == "color_identity"


def test_color_identity_and_hybrid_cr_903_4_903_5c():
    rep = edh("Wilson, Refined Grizzly", "1 Kitchen Finks")  # {G/W} counts both colours
    assert codes(rep) == ["color_identity"] and rep.problems[0].cards == ["Kitchen Finks"]


def test_reminder_text_ignored_cr_903_4c():
    """Syndic of Tithes' extort reminder text shows {W/B}; only its {W} counts."""
    assert edh("Abdel Adrian, Gorion's Ward", "1 Syndic of Tithes", basic="Plains").legal


def test_back_face_counts_cr_903_4d():
    rep = edh("Wilson, Refined Grizzly", "1 Esika, God of the Tree")
    assert codes(rep) == ["color_identity"]


def test_basic_land_type_colours_cr_903_5d():
    rep = edh("Abdel Adrian, Gorion's Ward", "1 Tundra", basic="Plains")
    assert codes(rep) == ["color_identity"] and rep.problems[0].rule == "CR 903.5d"


def test_can_be_your_commander_cr_903_3a():
    assert edh("Teferi, Temporal Archmage", "", n_basic=99, basic="Island").legal
    rep = edh("Dack Fayden", "", n_basic=99, basic="Island")
    assert codes(rep) == ["invalid_commander"]


def test_vehicle_commander_cr_903_3():
    assert edh("Shorikai, Genesis Engine", "", n_basic=99, basic="Island").legal


def two(a, b, basic="Island", fmt="commander", body=""):
    return validate_deck(f"Commander\n1 {a}\n1 {b}\n\nDeck\n{body}\n{98 - sum(int(l.split()[0]) for l in body.splitlines() if l.strip())} {basic}\n",
                         fmt, db_cache[0])


def test_partner_pairs_cr_702_124h():
    assert two("Thrasios, Triton Hero", "Tymna the Weaver").legal
    assert codes(two("Thrasios, Triton Hero", "Ghired, Mirror of the Wilds")) == ["invalid_partners"]


def test_partner_with_cr_702_124j():
    assert two("Pir, Imaginative Rascal", "Toothy, Imaginary Friend").legal
    assert codes(two("Pir, Imaginative Rascal", "Thrasios, Triton Hero")) == ["invalid_partners"]


def test_partner_variants_do_not_mix_cr_702_124f():
    assert codes(two("Krark, the Thumbless", "Wilson, Refined Grizzly", basic="Wastes")) == ["invalid_partners"]


def test_partner_text_kinds_cr_702_124i():
    """Partner—Character select pairs only with the same kind (the TMNT cards are not legal in Commander yet,
    so a custom format without a legality key is used)."""
    fmt = load_format("commander")
    from dataclasses import replace
    free = replace(fmt, legality=None, name="commander-any")
    ok = validate_deck("Commander\n1 Donatello, the Brains\n1 Leonardo, the Balance\n\nDeck\n98 Island", free, db_cache[0])
    assert ok.legal
    bad = validate_deck("Commander\n1 Donatello, the Brains\n1 Thrasios, Triton Hero\n\nDeck\n98 Island", free, db_cache[0])
    assert codes(bad) == ["invalid_partners"]


def test_choose_a_background_cr_702_124k():
    assert two("Wilson, Refined Grizzly", "Candlekeep Sage").legal
    rep = edh("Candlekeep Sage", "", n_basic=99, basic="Island")
    assert codes(rep) == ["invalid_commander"]


def test_doctors_companion_cr_702_124m():
    assert two("Rose Tyler", "The Tenth Doctor").legal
    assert codes(two("Rose Tyler", "Ghired, Mirror of the Wilds", basic="Wastes")) == ["invalid_partners"]


def test_mtgo_lists_commander_in_sideboard(db):
    rep = validate_deck("99 Island\n\n1 Teferi, Temporal Archmage", "duel", db)
    assert rep.commanders == ["Teferi, Temporal Archmage"] and rep.legal
    rep = validate_deck("98 Island\n\n1 Thrasios, Triton Hero\n1 Sakashima of a Thousand Faces", "duel", db)
    assert sorted(rep.commanders) == ["Sakashima of a Thousand Faces", "Thrasios, Triton Hero"] and rep.legal


def test_duel_banned_as_commander_cr_100_6_cr_903_3(db):
    """CR 100.6 (the format's own lists), 903.3 (the commander): Duel Commander's 'banned as commander' cards are
    marked restricted in the card data."""
    rep = validate_deck("99 Island\n\n1 Shorikai, Genesis Engine", "duel", db)
    assert codes(rep) == ["banned"]
    assert validate_deck("Commander\n1 Brago, King Eternal\nDeck\n1 Shorikai, Genesis Engine\n98 Island", "duel", db).legal


# ---- Companions (CR 702.139) -------------------------------------------------

def comp(companion, main, fmt="legacy"):
    return validate_deck(f"Companion\n1 {companion}\n\nDeck\n{main}\n", fmt, db_cache[0])


def test_companion_lurrus_cr_702_139a():
    assert comp("Lurrus of the Dream-Den", "4 Delver of Secrets\n56 Island", "vintage").legal
    rep = comp("Lurrus of the Dream-Den", "4 Bonecrusher Giant\n56 Mountain", "vintage")
    assert codes(rep) == ["companion_condition"] and "Bonecrusher Giant // Stomp" in rep.problems[0].cards


def test_companion_yorion_twenty_more_than_minimum_cr_702_139a():
    assert comp("Yorion, Sky Nomad", "80 Island").legal
    assert codes(comp("Yorion, Sky Nomad", "60 Island")) == ["companion_condition"]


def test_companion_kaheera_jegantha_gyruda_keruga_obosh_cr_702_139a():
    """CR 702.139a: each companion's deck-building condition, on the starting deck."""
    assert codes(comp("Kaheera, the Orphanguard", "4 Llanowar Elves\n56 Forest")) == ["companion_condition"]
    assert comp("Kaheera, the Orphanguard", "4 Ornithopter\n56 Forest").problems[0].code == "companion_condition"
    assert codes(comp("Jegantha, the Wellspring", "4 Counterspell\n56 Island")) == ["companion_condition"]  # {U}{U}
    assert comp("Jegantha, the Wellspring", "4 Ponder\n56 Island").legal
    assert codes(comp("Gyruda, Doom of Depths", "4 Ponder\n56 Island")) == ["companion_condition"]  # odd MV 1
    assert comp("Gyruda, Doom of Depths", "4 Counterspell\n56 Island").legal
    assert codes(comp("Keruga, the Macrosage", "4 Counterspell\n56 Island")) == ["companion_condition"]
    assert comp("Obosh, the Preypiercer", "4 Lightning Bolt\n56 Mountain").legal
    assert codes(comp("Obosh, the Preypiercer", "4 Counterspell\n56 Island")) == ["companion_condition"]


def test_companion_umori_zirda_lutri_cr_702_139a():
    """CR 702.139a: each companion's deck-building condition, on the starting deck."""
    assert comp("Umori, the Collector", "4 Lightning Bolt\n4 Counterspell\n52 Island").legal  # all instants
    assert codes(comp("Umori, the Collector", "4 Lightning Bolt\n4 Delver of Secrets\n52 Island")) == ["companion_condition"]
    assert codes(comp("Zirda, the Dawnwaker", "4 Delver of Secrets\n56 Island", "vintage")) == ["companion_condition"]
    assert comp("Zirda, the Dawnwaker", "4 Birds of Paradise\n56 Forest", "vintage").legal  # {T}: Add ... is activated
    assert codes(comp("Lutri, the Spellchaser", "4 Counterspell\n56 Island")) == ["companion_condition"]


def test_companion_counts_in_sideboard_cr_100_4a(db):
    rep = validate_deck("Companion\n1 Lurrus of the Dream-Den\n\nDeck\n60 Island\n\nSideboard\n15 Island", "vintage", db)
    assert codes(rep) == ["sideboard_too_large"]


def test_commander_is_part_of_the_starting_deck_cr_702_139b(db):
    rep = validate_deck("Commander\n1 Ghired, Mirror of the Wilds\nCompanion\n1 Kaheera, the Orphanguard\nDeck\n99 Forest",
                        "commander", db)
    assert codes(rep) == ["companion_condition"] and "Ghired, Mirror of the Wilds" in rep.problems[0].cards


# ---- Brawl, Oathbreaker, user formats, plain data -----------------------------

def test_standard_brawl_60_cr_903_12d(db):
    rep = validate_deck("Commander\n1 Ghired, Mirror of the Wilds\nDeck\n58 Forest\n1 Llanowar Elves", "standardbrawl", db)
    assert rep.legal
    assert codes(validate_deck("Commander\n1 Ghired, Mirror of the Wilds\nDeck\n60 Forest", "standardbrawl", db)) == ["deck_too_large"]


def test_oathbreaker_needs_planeswalker_and_signature_spell(db):
    """Oathbreaker's own deck rules (a variant outside the CR, like CR 903 Commander): a planeswalker as the
    oathbreaker and one instant or sorcery signature spell within its color identity (as CR 903.4)."""
    ok = validate_deck("Commander\n1 Dack Fayden\n1 Fire // Ice\nDeck\n58 Island", "oathbreaker", db)
    assert ok.legal, ok.problems
    bad = validate_deck("Commander\n1 Dack Fayden\nDeck\n59 Island", "oathbreaker", db)
    assert "invalid_commander" in codes(bad)


def test_user_format_file(tmp_path, db):
    p = tmp_path / "highlander.yaml"
    p.write_text("name: highlander\nlegality: vintage\nmin_main: 100\nmax_side: 15\ncopy_limit: 1\n")
    rep = validate_deck("4 Lightning Bolt\n96 Mountain", str(p), db)
    assert codes(rep) == ["too_many_copies"]
    with pytest.raises(FormatError):
        load_format("no-such-format")


def test_format_files_are_read_once_per_version(tmp_path, monkeypatch):
    """Looking a format up by name reads the format folders (``available_formats``); each file is parsed once
    per version in a process, and a file changed since (size, modification time) is read again."""
    from mtgcheck.models.data import formats

    monkeypatch.setenv("MTGCHECK_FORMATS", str(tmp_path))
    p = tmp_path / "highlander.yaml"
    p.write_text("name: highlander\nlegality: vintage\nmin_main: 100\nmax_side: 15\ncopy_limit: 1\n")
    first = formats.available_formats()
    assert first["highlander"].min_main == 100 and first["highlander"].copy_limit == 1
    again = formats.available_formats()
    assert again["highlander"] is first["highlander"] and again["modern"] is first["modern"]
    p.write_text("name: highlander\nlegality: vintage\nmin_main: 80\nmax_side: 15\ncopy_limit: 1\n")
    os.utime(p, ns=(p.stat().st_atime_ns, p.stat().st_mtime_ns + 1_000_000))
    changed = formats.available_formats()["highlander"]
    assert changed.min_main == 80 and changed.copy_limit == 1


def test_plain_data_api(db):
    rep = validate_deck({"main": [[4, "Lightning Bolt"], [56, "Mountain"]], "side": []}, "modern", db)
    d = rep.to_dict()
    assert d["legal"] is True and d["data_date"] == "2025-11-03" and d["problems"] == []


# ---- What the card data cannot say, and names the list does not hold (QA fixes) -------------

@pytest.fixture(scope="module")
def catalog_db():
    from mtgcheck.models.data.catalog import load_catalog
    from mtgcheck.models.data.database import CardDatabase

    return CardDatabase(load_catalog().values(), source="catalog", date=None)


def test_no_legality_data_is_unknown_never_legal_cr_100_6(catalog_db):
    """CR 100.6: a format's card pool and banned list come from the format's own lists. The embedded catalog has
    no legalities, so Sol Ring (banned in Modern) cannot be told from a legal card: the verdict is unknown."""
    rep = validate_deck("4 Sol Ring\n56 Island", "modern", catalog_db)
    assert rep.legal is None and rep.status == "unknown" and rep.codes == ["legality_unknown"]
    assert rep.problems[0].cards == ["Island", "Sol Ring"]
    assert rep.to_dict()["legal"] is None
    # another rule broken: illegal whatever the legalities (CR 100.2a: 59 cards)
    rep = validate_deck("4 Sol Ring\n55 Island", "modern", catalog_db)
    assert rep.legal is False and rep.status == "illegal"
    assert sorted(rep.codes) == ["deck_too_small", "legality_unknown"]
    # Limited has no card-pool list (CR 100.2b): nothing is unknown
    assert validate_deck("4 Sol Ring\n36 Island", "limited", catalog_db).legal is True


def test_named_companion_missing_from_the_list_is_a_problem_cr_702_139a(db):
    """CR 702.139a, 103.2b: the companion is revealed from outside the game, i.e. the sideboard (400.11a).
    A companion the list does not hold is never added to it."""
    rep = validate_deck("4 Lightning Bolt\n56 Mountain\n\n15 Mountain", "modern", db, companion="Yorion, Sky Nomad")
    assert rep.codes == ["companion_not_in_sideboard"] and rep.companion is None
    assert rep.counts["side"] == 15 and rep.counts["companion"] == 0
    rep = validate_deck("4 Yorion, Sky Nomad\n56 Plains", "legacy", db, companion="Yorion, Sky Nomad")
    assert rep.codes == ["companion_not_in_sideboard"] and "main deck" in rep.problems[0].message
    # present in the sideboard: taken from there, the sideboard still has 15 cards with it (CR 100.4a)
    rep = validate_deck("4 Delver of Secrets\n56 Island\n\n1 Lurrus of the Dream-Den\n14 Island", "vintage", db,
                        companion="Lurrus of the Dream-Den")
    assert rep.legal and rep.companion == "Lurrus of the Dream-Den"
    assert rep.counts["side"] == 14 and rep.counts["companion"] == 1


def test_unknown_commander_name_is_unknown_card_not_missing_commander_cr_903_3(db):
    """CR 903.3: a deck has a commander; MTGO lists it in the sideboard. A commander whose name the card data
    does not know is reported as unknown (with suggestions), not as 'no commander is named', and it still
    counts toward the 100 cards (CR 903.5a)."""
    for text in ("99 Island\n\n1 Teferi, Temporal Archmagee", "Commander\n1 Teferi, Temporal Archmagee\nDeck\n99 Island"):
        rep = validate_deck(text, "duel", db)
        assert rep.codes == ["unknown_card"] and rep.status == "unreadable"
        assert "commander's name is unknown" in rep.problems[0].message
        assert "Teferi, Temporal Archmage" in rep.problems[0].suggestions
        assert rep.counts["commander"] == 1 and rep.counts["main"] == 99


def test_unknown_main_deck_cards_count_toward_size_cr_100_2a(db):
    """CR 100.2a: the deck's size counts every card in it, whether or not the card data knows its name."""
    rep = validate_deck("4 Lightning Boltt\n56 Mountain", "modern", db)
    assert rep.codes == ["unknown_card"] and rep.counts["main"] == 60
