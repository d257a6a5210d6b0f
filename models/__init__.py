"""mtgcheck models: what the game is made of (mana, costs, cards, abilities, game state,
decklists, the card database and its importers). Plain data and parsing; no searching.

Card names and data are property of Wizards of the Coast, used under the Wizards of the
Coast Fan Content Policy; card data compiled by Scryfall.
"""
