"""A granted haste (CR 702.10b) changes what {T} and {Q} abilities may be activated only for a permanent whose
controller has not controlled it continuously since their most recent turn began (CR 302.6). An unmodelled sentence
granting haste ("Equipped creatures you control have flying and haste", Dalakos; "Creatures you control with
counters on them have haste", Tesak) therefore counts for activating and for mana sources only where the state has
such a permanent (or something names haste); elsewhere it cannot change the answer. Real cards of the 32k file
(skipped when absent); expected values come from the rules named."""
from __future__ import annotations

import pytest

from mtgcheck.models.text.relevance import static_change
from mtgcheck.solver.questions.registry import Unsupported
from tests.probe_boards import ask


def test_haste_grant_is_typed_with_the_sick_token_cr_302_6():
    from mtgcheck.models.vocab.topics import Topic

    c = static_change("Equipped creatures you control have flying and haste.")
    assert c is not None and "keyword:haste" in c.changes and "sick" in c.reads
    assert Topic.ACTIVATION not in c.topics


def test_dalakos_not_sick_taps_for_mana_cr_302_6(real_db):
    """Dalakos, controlled since the turn began, may tap: its haste sentence changes nothing (CR 302.6)."""
    q = {"activate": {"permanent": "Dalakos, Crafter of Wonders", "ability": 1}}
    assert ask(real_db, {"Alice": ["Dalakos, Crafter of Wonders"]}, q).values["activatable"] is True
    a = ask(real_db, {"Alice": ["Dalakos, Crafter of Wonders"]}, {"available_mana": "Alice"}).values
    assert len(a["pools"]) == 1 and a["pools"][0].count("{C") == 2  # {C}{C}, spent only on artifacts (CR 106.6)


def test_dalakos_sick_stays_unsupported_cr_302_6(real_db):
    """A sick Dalakos: whether its sentence gives it haste (is it equipped?) is not read, so the answer is unsupported,
    never a guess (CR 302.6, 702.10b)."""
    q = {"activate": {"permanent": "Dalakos, Crafter of Wonders", "ability": 1}}
    with pytest.raises(Unsupported):
        ask(real_db, {"Alice": [{"card": "Dalakos, Crafter of Wonders", "sick": True}]}, q)


def test_tesak_with_a_sick_creature_beside_it_stays_unsupported_cr_302_6(real_db):
    """Tesak's "Creatures you control with counters on them have haste" with a sick Llanowar Elves on the board: the
    Elves' mana depends on it (CR 302.6), so available_mana is unsupported; without a sick permanent it is answered."""
    bf = {"Alice": ["Tesak, Judith's Hellhound", {"card": "Llanowar Elves", "sick": True}]}
    with pytest.raises(Unsupported):
        ask(real_db, bf, {"available_mana": "Alice"})
    a = ask(real_db, {"Alice": ["Tesak, Judith's Hellhound", "Llanowar Elves"]}, {"available_mana": "Alice"}).values
    assert "{G}" in a["pools"]
