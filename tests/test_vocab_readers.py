"""The vocabulary reads no English: what it builds from words comes from the readers the text layer installs
(``models.vocab.readers``), and a missing reader is an error, never a default (an unmodelled sentence without its
facts would read "changes no cost", a silent wrong answer: CR 601.2f)."""
import subprocess
import sys
import textwrap

from mtgcheck.models.text.readers import READERS
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.vocab.readers import readers


def _fresh(code: str) -> subprocess.CompletedProcess:
    """``code`` run in a new interpreter, where only what it imports is loaded."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


def test_importing_the_text_layer_installs_its_readers():
    assert readers() is READERS


def test_an_unmodelled_sentence_built_before_the_text_layer_is_loaded_is_an_error_not_a_sentence_without_facts():
    p = _fresh("""
        import sys
        from mtgcheck.models.vocab.effect import Unmodelled
        from mtgcheck.models.vocab.readers import ReadersMissing
        assert "mtgcheck.models.text" not in sys.modules
        assert Unmodelled("", frozenset()).cost_change is None   # no sentence, no facts to read
        try:
            Unmodelled("This spell costs {1} less to cast.")
        except ReadersMissing as e:
            print("refused:", e)
        """)
    assert p.returncode == 0, p.stderr
    assert "refused: " in p.stdout and "import mtgcheck.models.text" in p.stdout


def test_a_cards_abilities_are_not_read_as_none_without_the_text_layer():
    """The rules' door to a card's abilities (``abilities_of``) asks the text layer's parser for a card with no
    catalog model; without it, an error (CR 113: a card's abilities are what its text says)."""
    p = _fresh("""
        from mtgcheck.models.game.cards import card_from_fields
        from mtgcheck.models.vocab.behaviour import abilities_of
        from mtgcheck.models.vocab.readers import ReadersMissing
        card = card_from_fields({"name": "Llanowar Elves", "type_line": "Creature — Elf Druid",
                                 "oracle_text": "{T}: Add {G}.", "mana_cost": "{G}"})
        try:
            abilities_of(card)
        except ReadersMissing:
            print("refused")
        """)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "refused"


def test_the_facts_of_a_sentence_are_those_the_text_layer_reads_once_per_sentence():
    """CR 601.2f (a cost change), 601.3 (casting from a graveyard), 603.2 (a trigger event)."""
    u = Unmodelled("This spell costs {1} less to cast if you control a Wizard.")
    assert u.cost_change == "this"
    assert Unmodelled("You may cast instant and sorcery spells from your graveyard this turn.").cast_from \
        == frozenset({"graveyard"})
    assert Unmodelled("At the beginning of your upkeep, you lose 1 life.").trigger_event == "step"
    assert READERS.sentence_facts(u.text) is READERS.sentence_facts(u.text)
