"""Decks: the deck rules, the validate_deck question, batch validation and Dask."""
