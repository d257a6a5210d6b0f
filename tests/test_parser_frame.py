"""The parser frame (models/text/frame.py): the topic readers register with it and read quoted abilities through it,
so a card reads the same whichever reader was loaded first.

CR 113.2c: an ability quoted inside a sentence ("Lands you control have "{T}: Add {G}."") is an ability, read as a
printed line is; CR 613.1f: such a grant gives the objects that ability.
"""
from __future__ import annotations

import subprocess
import sys
import textwrap

from mtgcheck.models.text import frame, oracle


def test_parsers_of_one_priority_run_in_the_order_of_their_modules():
    oracle._load_parser_modules()
    keys = [(priority, frame._module_rank(fn)) for priority, fn in frame.EFFECT_PARSERS]
    assert keys == sorted(keys)
    assert {fn.__module__ for _, fn in frame.EFFECT_PARSERS} <= set(frame.PARSER_MODULES)


def test_the_order_does_not_depend_on_which_reader_was_imported_first():
    script = textwrap.dedent("""
        import importlib, sys
        for m in sys.argv[1:]:
            importlib.import_module(m)
        from mtgcheck.models.text import frame, oracle
        oracle._load_parser_modules()
        print([(p, fn.__module__, fn.__name__) for p, fn in frame.EFFECT_PARSERS])
    """)
    first = ["mtgcheck.models.text.attached", "mtgcheck.models.text.flash", "mtgcheck.models.text.restrictions"]
    runs = [subprocess.run([sys.executable, "-c", script, *mods], capture_output=True, text=True, check=True).stdout
            for mods in ([], first, first[::-1])]
    assert runs[0] == runs[1] == runs[2]


def test_a_quoted_ability_is_read_when_a_topic_reader_is_used_on_its_own():
    # a fresh interpreter: the grant reader is imported without the line parser, which the frame then loads
    script = textwrap.dedent("""
        import sys
        from mtgcheck.models.game.cards import card_from_fields
        from mtgcheck.models.text.grants import parse_quoted_grant
        assert "mtgcheck.models.text.oracle" not in sys.modules
        text = 'Lands you control have "{T}: Add {G}."'
        card = card_from_fields({"name": "Test Card", "type_line": "Enchantment", "oracle_text": text})
        got = parse_quoted_grant(text, card)
        print(type(got["ability"].effect).__name__, got["ability"].effect.mana, got["affects"].all_of)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["AddMana", "('G',)", "('Land',)"]
