"""The typed vocabulary of card behaviour, bottom layer first: ``topics`` (what a part could change, where it
functions), ``keywords`` (the closed set of keyword abilities and what each one's rules change)."""
