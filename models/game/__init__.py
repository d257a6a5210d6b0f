"""The game's objects: cards, mana, the game state and the turn (no card behaviour)."""
