"""Every card of the 32k-card file parses into typed effects and Unmodelled sentences.

Each ability's effect is one of the closed vocabulary (models/vocab/ EFFECT_TYPES), and every Unmodelled
part — a whole ability, a mana ability's rider, a keyword's untyped parameter, a trigger's effect — has at least
one topic (CR 113: abilities; what is not understood is never absent). Skips, naming the file, without
../shared.
"""
from __future__ import annotations

import collections

from mtgcheck.models.vocab.registry import EFFECT_TYPES
from mtgcheck.models.vocab.effect import Effect, Unmodelled, walk_unmodelled
from mtgcheck.models.text.oracle import abilities_of


def test_every_card_parses_into_typed_effects_and_unmodelled_sentences_with_topics(real_db):
    classes = tuple(EFFECT_TYPES.values())
    bad: list[str] = []
    kinds: collections.Counter = collections.Counter()
    cards = 0
    for card in real_db:
        cards += 1
        for a in abilities_of(card):
            e = a.effect
            if not isinstance(e, Effect) or type(e) not in classes:
                bad.append(f"{card.name}: {a.text!r} has effect {e!r}, not one of the vocabulary")
                continue
            kinds[type(e).__name__] += 1
            for u in walk_unmodelled(e):
                assert isinstance(u, Unmodelled)
                if not u.topics:
                    bad.append(f"{card.name}: unmodelled {u.text!r} has no topic")
            if a.kind == "unparsed" and not isinstance(e, Unmodelled):
                bad.append(f"{card.name}: unparsed line {a.text!r} is not Unmodelled")
    assert cards > 30000
    assert not bad, "\n".join(bad[:20])
    assert kinds["AddMana"] > 1500 and kinds["Keyword"] > 10000 and kinds["Unmodelled"] > 0
