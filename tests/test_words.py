"""models.text.words: the one reader of number words in rules text (CR 107.1: whole numbers; CR 107.3: X)."""
from mtgcheck.models.text.words import NUMBER_WORDS, parse_count_word


def test_number_words_cr_107_1():
    assert parse_count_word("a") == parse_count_word("An") == parse_count_word("one") == 1
    assert parse_count_word(" Seven ") == 7
    assert parse_count_word("twenty") == 20
    assert [NUMBER_WORDS[w] for w in ("two", "nine", "fifteen")] == [2, 9, 15]


def test_digits_and_unknown_words():
    assert parse_count_word("12") == 12
    assert parse_count_word("0") == 0
    assert parse_count_word("many") is None


def test_x_is_what_the_caller_says_cr_107_3():
    assert parse_count_word("X") is None
    assert parse_count_word("x", x=0) == 0
