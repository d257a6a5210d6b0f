"""Decklist readers: every common format, every line kept with its line number."""
from __future__ import annotations

import textwrap

import pytest

from mtgcheck.models.data.decklist import (detect_reader, parse_cod, parse_dek, parse_jsonl_record, parse_text, read_decks)
from tests.shared_data import shared_file


def _names(deck, section):
    return [(e.count, e.name) for e in deck.entries if e.section == section]


def test_mtgo_text_blank_line_starts_the_sideboard_cr_100_4():
    """CR 100.4: the sideboard is separate from the deck; MTGO text separates it with a blank line."""
    d = parse_text("4 Lightning Bolt\n56 Mountain\n\n2 Smash to Smithereens\n")
    assert _names(d, "main") == [(4, "Lightning Bolt"), (56, "Mountain")]
    assert _names(d, "side") == [(2, "Smash to Smithereens")]
    assert [e.line for e in d.entries] == [1, 2, 4]
    assert d.reader == "mtgo"


def test_mtgo_sideboard_line_and_sb_prefix():
    d = parse_text("4 Lightning Bolt\nSideboard\n1 Pyroblast\nSB: 2 Red Elemental Blast\n")
    assert _names(d, "side") == [(1, "Pyroblast"), (2, "Red Elemental Blast")]


def test_unreadable_lines_are_kept_with_line_numbers_never_dropped():
    d = parse_text("4 Lightning Bolt\nthis is not a card line\n0 Mountain\n")
    assert [(u.line, u.text) for u in d.unreadable] == [(2, "this is not a card line"), (3, "0 Mountain")]


def test_arena_export_sections_and_set_codes():
    text = textwrap.dedent("""\
        About
        Name Rakdos Test

        Commander
        1 Kaheera, the Orphanguard (IKO) 224

        Companion
        1 Lurrus of the Dream-Den (IKO) 226

        Deck
        4 Lightning Bolt (M10) 146

        Sideboard
        1 Lurrus of the Dream-Den (IKO) 226
        """)
    d = parse_text(text)
    assert d.reader == "arena" and d.name == "Rakdos Test"
    assert _names(d, "commander") == [(1, "Kaheera, the Orphanguard")]
    assert _names(d, "companion") == [(1, "Lurrus of the Dream-Den")]
    assert _names(d, "main") == [(4, "Lightning Bolt")]
    bolt = d.main[0]
    assert (bolt.set_code, bolt.collector_number, bolt.line) == ("M10", "146", 11)
    assert d.explicit_sections


def test_ice_tunnel_is_a_card_name_not_set_ice():
    """"Ice Tunnel" is a card; only a parenthesised code after the name is a set code."""
    d = parse_text("4 Ice Tunnel\n1 Ice Tunnel (ICE) 356\n1 B.F.M. (Big Furry Monster)\n")
    assert [(e.name, e.set_code) for e in d.entries] == [("Ice Tunnel", None), ("Ice Tunnel", "ICE"),
                                                         ("B.F.M. (Big Furry Monster)", None)]


def test_moxfield_and_archidekt_markers():
    d = parse_text("1x Sol Ring (C21) 263 *F*\n1x Arcane Signet (CMR) 297 *E*\n1x Atraxa, Praetors' Voice (2XM) 190 [Commander{top}]\n"
                   "1x Brainstorm (STA) 13 [Maybeboard]\n")
    assert d.reader in ("moxfield", "archidekt")
    assert [(e.name, e.finish, e.section) for e in d.entries] == [
        ("Sol Ring", "foil", "main"), ("Arcane Signet", "etched", "main"),
        ("Atraxa, Praetors' Voice", None, "commander"), ("Brainstorm", None, "maybe")]
    assert [e.name for e in d.ignored] == ["Brainstorm"]


def test_mtgo_dek_xml_with_line_numbers():
    xml = textwrap.dedent("""\
        <?xml version="1.0" encoding="utf-8"?>
        <Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">
          <NetDeckID>0</NetDeckID>
          <Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
          <Cards CatID="2" Quantity="2" Sideboard="true" Name="Pyroblast" Annotation="0" />
        </Deck>
        """)
    d = parse_dek(xml)
    assert [(e.count, e.name, e.section, e.line) for e in d.entries] == [
        (4, "Lightning Bolt", "main", 4), (2, "Pyroblast", "side", 5)]
    assert detect_reader(None, xml) == "dek"


def test_cockatrice_cod_zones():
    xml = textwrap.dedent("""\
        <?xml version="1.0" encoding="UTF-8"?>
        <cockatrice_deck version="1">
          <deckname>Burn</deckname>
          <zone name="main">
            <card number="4" name="Lightning Bolt"/>
          </zone>
          <zone name="side">
            <card number="1" name="Pyroblast"/>
          </zone>
          <zone name="tokens">
            <card number="1" name="Goblin"/>
          </zone>
        </cockatrice_deck>
        """)
    d = parse_cod(xml)
    assert d.name == "Burn" and detect_reader(None, xml) == "cod"
    assert _names(d, "main") == [(4, "Lightning Bolt")] and _names(d, "side") == [(1, "Pyroblast")]
    assert [e.name for e in d.ignored] == ["Goblin"]


def test_malformed_xml_is_an_unreadable_line():
    d = parse_dek('<Deck>\n<Cards Quantity="4" Name="Lightning Bolt" />\n<Cards Quantity="x" Name="Shock"/>\n<oops\n')
    assert d.entries[0].name == "Lightning Bolt"
    assert any(u.line == 3 for u in d.unreadable)  # bad quantity
    assert any("XML" in u.reason for u in d.unreadable)


def test_jsonl_record_and_bad_record():
    d = parse_jsonl_record('{"format": "modern", "date": "2025-05-01", "main": [[4, "Lightning Bolt"]], "side": [[1, "Pyroblast"], [0, "X"]]}',
                           "f.jsonl", 3, 4)
    assert d.format == "modern" and d.meta["date"] == "2025-05-01" and d.index == 3
    assert _names(d, "main") == [(4, "Lightning Bolt")]
    assert len(d.unreadable) == 1 and d.unreadable[0].line == 4
    bad = parse_jsonl_record("{not json", "f.jsonl", 0, 7)
    assert bad.unreadable[0].line == 7


def test_read_decks_jsonl_file(tmp_path):
    p = tmp_path / "d.jsonl"
    p.write_text('{"format": "modern", "main": [[60, "Mountain"]], "side": []}\n\n{"format": "legacy", "main": [], "side": []}\n')
    decks = list(read_decks(p))
    assert [(d.index, d.line, d.format) for d in decks] == [(0, 1, "modern"), (1, 3, "legacy")]


def test_shared_text_lists_mtgo_and_arena_forms_agree():
    """The 35 real lists read without an unreadable line, and each list's MTGO and Arena forms give the same cards."""
    folder = shared_file("decklists/text/legacy_1.mtgo.txt").parent
    for mtgo in sorted(folder.glob("*.mtgo.txt")):
        a = next(read_decks(mtgo))
        b = next(read_decks(mtgo.with_name(mtgo.name.replace(".mtgo.", ".arena."))))
        assert not a.unreadable and not b.unreadable, mtgo.name
        assert a.reader == "mtgo" and b.reader == "arena"
        for sec in ("main", "side"):
            assert _names(a, sec) == _names(b, sec), (mtgo.name, sec)
