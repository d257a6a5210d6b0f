"""mtgcheck: exact answers to Magic: The Gathering payment, mana and resolution questions,
and batch decklist validation.

Installed, the repository's ``models/`` (what the game is made of) and ``solver/`` (how
questions are answered) import as ``mtgcheck.models`` and ``mtgcheck.solver``.

Card names and data are property of Wizards of the Coast, used under the Wizards of the
Coast Fan Content Policy; card data compiled by Scryfall (or MTGJSON).
"""
__version__ = "0.1.0"
