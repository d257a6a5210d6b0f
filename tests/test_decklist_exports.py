"""Decklist exports people paste: each test builds a list in one tool's export format (named in
the test) and checks what is read, and that nothing is dropped without a word."""
from __future__ import annotations

import gzip
import os
import textwrap

import pytest
from click.testing import CliRunner

from mtgcheck.models.data.decklist import (
    DecklistError, iter_deck_files, parse_dek, parse_jsonl_record, parse_text, read_decks, split_lines,
)


def counts(deck):
    return {s: deck.count(s) for s in ("main", "side", "commander", "companion")}


# ---- Arena ------------------------------------------------------------------


def test_arena_about_section_does_not_swallow_the_cards_after_it():
    """MTG Arena export: 'About' then 'Name <deck name>', a blank line, then 'Deck' (here left out) lines."""
    deck = parse_text("About\nName Mono Red\n\n4 Lightning Bolt\n20 Mountain\nStrange line\n", reader="arena")
    assert deck.name == "Mono Red"
    assert counts(deck)["main"] == 24
    assert [u.line for u in deck.unreadable] == [6]


# ---- MTGO .dek / Cockatrice .cod ----------------------------------------------


DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="1" QUANTITY="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
  <Cards CatID="2" Quantity="2" Sideboard="1" Name="Duress" Annotation="0" />
  <Card Quantity="3" Name="Opt" />
</Deck>
"""


def test_mtgo_dek_attributes_any_case_sideboard_1_and_unknown_elements_reported():
    """MTGO .dek (XML written by Magic Online): <Cards Quantity Sideboard Name>; Sideboard="1" is the
    sideboard, QUANTITY= is the quantity, and a <Card> element is reported, not ignored."""
    deck = parse_dek(DEK, "d.dek")
    assert counts(deck) == {"main": 4, "side": 2, "commander": 0, "companion": 0}
    assert len(deck.unreadable) == 1 and deck.unreadable[0].line == 7 and "<Card>" in deck.unreadable[0].text


COD = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
    <deckname>Burn</deckname>
    <zone name="main">
        <card number="4" name="Lightning Bolt"/>
        <Cards number="4" name="Opt"/>
    </zone>
    <zone name="side">
        <card number="2" name="Duress"/>
    </zone>
</cockatrice_deck>
"""


def test_cockatrice_cod_unknown_element_is_reported(tmp_path):
    """Cockatrice .cod: <zone name="main|side"><card number name/></zone>; a <Cards> element is reported."""
    p = tmp_path / "d.cod"
    p.write_text(COD)
    (deck,) = read_decks(p)
    assert counts(deck)["main"] == 4 and counts(deck)["side"] == 2
    assert [u.line for u in deck.unreadable] == [6]


def test_a_cockatrice_deck_named_dek_and_an_mtgo_deck_named_cod_are_read_by_content(tmp_path):
    (tmp_path / "a.dek").write_text(COD)
    (tmp_path / "b.cod").write_text(DEK)
    (a,) = read_decks(tmp_path / "a.dek")
    (b,) = read_decks(tmp_path / "b.cod")
    assert a.reader == "cod" and counts(a)["main"] == 4
    assert b.reader == "dek" and counts(b)["main"] == 4 and counts(b)["side"] == 2


@pytest.mark.parametrize("decl", ['<?xml version="1.0" encoding="UTF-7"?>', '<?xml version="1.0" encoding="foo-bar"?>'])
def test_an_xml_declaration_with_an_odd_encoding_is_no_traceback(decl):
    deck = parse_dek(decl + '\n<Deck><Cards Quantity="4" Name="Opt" Sideboard="false"/></Deck>\n')
    assert counts(deck)["main"] == 4


def test_xml_entity_expansion_is_refused():
    """Billion laughs in a .dek: defusedxml refuses entity declarations whatever expat is linked."""
    bomb = ('<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>\n'
            '<Deck><Cards Quantity="1" Name="&b;" Sideboard="false"/></Deck>\n')
    deck = parse_dek(bomb)
    assert not deck.entries and deck.unreadable and "entit" in deck.unreadable[0].reason.lower()


# ---- JSON lines -------------------------------------------------------------


def test_json_lines_unknown_keys_are_reported_with_the_closest():
    """JSON lines (one deck record a line, keys format/date/event/main/side): 'mainboard' is not ignored."""
    deck = parse_jsonl_record('{"format": "modern", "mainboard": [[4, "Opt"]], "Sideboard": [], "side ": []}', "x.jsonl", 0, 3)
    reasons = " ".join(u.reason for u in deck.unreadable)
    assert len(deck.unreadable) == 3 and "'mainboard'" in reasons and "did you mean 'main'" in reasons


def test_json_lines_nested_100000_deep_is_one_unreadable_line():
    deck = parse_jsonl_record('{"main": ' + "[" * 100_000 + "]" * 100_000 + "}", "x.jsonl", 0, 1)
    assert not deck.entries and "levels deep" in deck.unreadable[0].reason


# ---- line splitting -------------------------------------------------------------


def test_form_feed_and_u2028_do_not_split_lines():
    """Line numbers are the ones grep -n shows: only \\n ends a line."""
    text = "4 Opt\x0c\n4 Lightning\u2028Bolt\n\n2 Duress\n"
    assert len(split_lines(text)) == 4
    deck = parse_text(text)
    assert [e.line for e in deck.entries] == [1, 2, 4]
    assert counts(deck)["main"] == 8 and counts(deck)["side"] == 2


# ---- Archidekt / Moxfield -------------------------------------------------------


def test_archidekt_categories_only_name_boards_when_they_are_the_board():
    """Archidekt text export: '1x Name (set) 123 [Category{flag}]'; [Commander Staples] is a user category of
    the main deck, [Commander{top}] the commander, {noDeck} (Tokens) is not part of the deck."""
    deck = parse_text(textwrap.dedent("""\
        1x Sol Ring (c21) 263 [Commander Staples]
        1x Atraxa, Praetors' Voice (c16) 28 [Commander{top}]
        1x Treasure (tc21) 5 [Tokens{noDeck}]
        1x Opt (xln) 65 [Draw,Instant]
        """))
    assert counts(deck) == {"main": 2, "side": 0, "commander": 1, "companion": 0}
    assert [e.name for e in deck.ignored] == ["Treasure"]


def test_type_group_headers_are_labels_not_unreadable_lines():
    """MTGO/Moxfield copies grouped by type: 'Creatures (12)', 'Lands (24)' headers within the main deck."""
    deck = parse_text("Creatures (4)\n4 Goblin Guide\n\nInstants (4)\n4 Lightning Bolt\n\nSideboard (2)\n2 Duress\n")
    assert not deck.unreadable
    assert counts(deck)["main"] == 8 and counts(deck)["side"] == 2


def test_x4_count_prefix():
    """Some sites write the count after an x: 'x4 Lightning Bolt'."""
    deck = parse_text("x4 Lightning Bolt\n4x Opt\n")
    assert not deck.unreadable and counts(deck)["main"] == 8


def test_moxfield_csv_export():
    """Moxfield CSV export: "Count","Tradelist Count","Name","Edition","Condition","Language","Foil",...,
    "Collector Number",...; one row a card."""
    deck = parse_text(textwrap.dedent('''\
        "Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"
        "4","0","Lightning Bolt","m10","Near Mint","English","","","2024-01-01","146","False","False",""
        "2","0","Fire // Ice","mh2","Near Mint","English","foil","","2024-01-01","290","False","False",""
        "x","0","Broken","m10","","","","","","","","",""
        '''))
    assert deck.reader == "csv"
    assert [(e.count, e.name, e.set_code, e.collector_number) for e in deck.entries] == [
        (4, "Lightning Bolt", "M10", "146"), (2, "Fire // Ice", "MH2", "290")]
    assert [u.line for u in deck.unreadable] == [4]


# ---- Forge / XMage ----------------------------------------------------------------


def test_forge_dck():
    """Forge .dck: [metadata] Name=..., [Main] / [Sideboard] sections, '4 Card|SET|1' lines."""
    deck = parse_text("[metadata]\nName=Burn\n[Main]\n4 Lightning Bolt|M10|1\n20 Mountain|M10\n[Sideboard]\n2 Duress|M10|1\n")
    assert deck.reader == "forge" and deck.name == "Burn"
    assert counts(deck)["main"] == 24 and counts(deck)["side"] == 2
    assert deck.entries[0].name == "Lightning Bolt" and deck.entries[0].set_code == "M10"


def test_xmage_dck():
    """XMage .dck: '4 [SET:123] Card', 'SB: 2 [SET:45] Card', NAME: and LAYOUT lines."""
    deck = parse_text("NAME:Burn\n4 [M10:146] Lightning Bolt\n20 [M10:242] Mountain\nSB: 2 [M10:90] Duress\n"
                      "LAYOUT MAIN:(1,2)(NONE,false,50)|([M10:146])\n")
    assert deck.reader == "xmage" and deck.name == "Burn" and not deck.unreadable
    assert counts(deck)["main"] == 24 and counts(deck)["side"] == 2
    assert deck.entries[0].collector_number == "146"


# ---- MTGO text split by blank lines --------------------------------------------------


def test_mtgo_list_whose_main_deck_is_split_by_blank_lines():
    """MTGO text export: main deck, one blank line, sideboard (CR 100.4). A main deck split into groups by
    blank lines: the last group is the sideboard and a hint says how the list was read."""
    text = "4 Goblin Guide\n8 Lightning Bolt\n\n24 Mountain\n\n4 Opt\n4 Duress\n\n2 Pyroblast\n"
    deck = parse_text(text)
    assert counts(deck)["main"] == 44 and counts(deck)["side"] == 2
    assert deck.hints and "4 groups" in deck.hints[0]


def test_two_blocks_with_a_huge_sideboard_get_a_hint():
    deck = parse_text("12 Mountain\n\n24 Lightning Bolt\n24 Goblin Guide\n3 Duress\n")
    assert counts(deck)["side"] == 51 and deck.hints and "Sideboard" in deck.hints[0]


# ---- sizes and files ----------------------------------------------------------------------


def test_a_count_of_5000_digits_is_an_unreadable_line():
    deck = parse_text("9" * 3000 + " Island\n")
    assert not deck.entries and deck.unreadable[0].line == 1 and "3000 digits" in deck.unreadable[0].reason


def test_a_commander_count_of_10_to_the_18_is_refused():
    deck = parse_text("Commander\n1000000000000000000 Llanowar Elves\nDeck\n4 Forest\n")
    assert counts(deck)["commander"] == 0 and "at most" in deck.unreadable[0].reason


def test_a_corrupt_gzip_decklist_is_a_decklist_error(tmp_path):
    data = bytearray(gzip.compress(b"4 Island\n" * 1000))
    data[20:30] = b"\xff" * 10
    for name in ("d.txt.gz", "d.jsonl.gz"):
        (tmp_path / name).write_bytes(bytes(data))
        with pytest.raises(DecklistError, match="cannot read"):
            list(read_decks(tmp_path / name))


def test_unreadable_folders_and_bad_symlinks_are_reported(tmp_path):
    (tmp_path / "ok.txt").write_text("4 Opt\n")
    os.symlink(tmp_path / "missing.txt", tmp_path / "dangling.txt")
    os.symlink(tmp_path, tmp_path / "loop")
    files, problems = iter_deck_files([str(tmp_path)])
    assert [f.name for f in files] == ["ok.txt"]
    text = " ".join(problems)
    assert "dangling.txt" in text and "loop" in text


def test_format_auto_on_a_text_list_is_one_message_and_exit_2(tmp_path):
    from mtgcheck.solver.cli.main import main

    (tmp_path / "a.txt").write_text("4 Opt\n")
    r = CliRunner().invoke(main, ["validate", str(tmp_path / "a.txt"), "--format", "auto"], catch_exceptions=False)
    assert r.exit_code == 2 and "names no format" in r.output


def test_a_record_nested_too_deep_to_show_is_reported_not_a_crash(tmp_path):
    from mtgcheck.models.data.decklist import decklist_from_data

    deep: list = []
    cur = deep
    for _ in range(5000):
        cur.append([])
        cur = cur[0]
    deck = decklist_from_data({"main": deep}, "x.jsonl", 0, 1)
    assert not deck.entries and "nested too deep" in deck.unreadable[0].text


def test_scenario_folders_report_dangling_links_and_unreadable_folders(tmp_path, monkeypatch):
    import os

    from mtgcheck.models.data import inputs
    from mtgcheck.solver.questions.runner import find_scenario_files

    (tmp_path / "a.yaml").write_text("players: [A]\nask: {mana_value: {card: Opt}}\n")
    os.symlink(tmp_path / "gone.yaml", tmp_path / "b.yaml")
    (tmp_path / "locked").mkdir()
    real_walk = os.walk

    def walk(top, onerror=None, followlinks=False):  # a folder that cannot be listed (root reads any folder)
        for dirpath, dirnames, filenames in real_walk(top, onerror=onerror, followlinks=followlinks):
            if dirpath.endswith("locked"):
                onerror(PermissionError(13, "Permission denied", dirpath))
                continue
            yield dirpath, dirnames, filenames

    monkeypatch.setattr(inputs.os, "walk", walk)
    files, problems = find_scenario_files([str(tmp_path)])
    assert [f.name for f in files] == ["a.yaml"]
    text = " ".join(problems)
    assert "b.yaml" in text and "leads nowhere" in text and "locked" in text and "permission denied" in text
