"""All reading of English rules text into typed behaviour: the oracle-text parser and its topic modules.

Nothing under ``mtgcheck.solver`` imports this package (tests/test_no_english_in_solver.py): card text is
parsed once, when a card is loaded, and the solver reads only the typed effects.
"""

# the vocabulary's readers of words (models.vocab.readers): installed before any sentence is built
from . import readers  # noqa: E402,F401
# the vocabulary's reader of target words (models.vocab.targeting_specs): installed before any card's targets are read
from . import targets  # noqa: E402,F401
