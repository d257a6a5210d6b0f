"""The rules: plain functions over the game state, reading the typed vocabulary only."""
