"""Number words of rules text: the one table and the one reader.

Oracle text writes small counts as words ("draw two cards", "a deck can have up to seven cards
named ...", "remove three +1/+1 counters"). ``parse_count_word`` reads such a word (or digits) as an
int; every parser in ``models`` and ``solver`` uses it instead of a table of its own.
"""
from __future__ import annotations

#: "a"/"an" and the number words one to twenty, thirty, forty, fifty (CR 107.1: numbers in rules text are whole numbers).
NUMBER_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50,  # "Pay fifty {E}" (Aetherflux Conduit)
}


def parse_count_word(word: str, x: int | None = None) -> int | None:
    """The count a word of rules text stands for.

    Parameters
    ----------
    word : str
        ``"a"``/``"an"``, ``"one"`` .. ``"twenty"`` (any case, surrounding spaces ignored), digits, or ``"x"``.
    x : int or None
        What ``"x"`` stands for; by default None (X is not a known count, CR 107.3).

    Returns
    -------
    int or None
        The count, ``x`` for ``"x"``, None for any other word.
    """
    w = word.strip().lower()
    if w.isdigit():
        return int(w)
    if w == "x":
        return x
    return NUMBER_WORDS.get(w)
