"""Mana abilities with a mana cost whose generic symbol stands for two or more mana (CR 107.4b, 202.3, 605.3a).

A generic symbol {N} is paid with N mana: "{2}, {T}: Add {B} for each Swamp you control" (Cabal Coffers) takes two
mana from the pool before adding its own (CR 605.3a, 106.4), counting the Swamps as it resolves (CR 608.2h); Urborg,
Tomb of Yawgmoth makes each land a Swamp (layer 4, CR 613.1d), Cabal Coffers and Urborg included. Expected pools are
worked out by hand from those rules (formulas in each docstring), never from running the code.
"""
from __future__ import annotations

import pytest

from mtgcheck.solver.rules.mana.pools import maximal_pools
from tests import boards


@pytest.mark.parametrize("swamps", range(1, 6))
def test_cabal_coffers_with_swamps_cr_107_4b_605_3a(swamps):
    """n Swamps and Cabal Coffers: Coffers counts n Swamps; paying {2} with two of them and adding n leaves
    (n - 2) + n, better than the Swamps alone (n) from n = 2 on; with fewer the {2} cannot be paid (CR 118.3)."""
    s = boards.board(["Cabal Coffers"] + ["Swamp"] * swamps)
    best = max(swamps, 2 * swamps - 2) if swamps >= 2 else swamps
    assert maximal_pools(s, "Alice").pools == ["{B}" * best]


@pytest.mark.parametrize("swamps", range(0, 6))
def test_urborg_makes_coffers_and_itself_swamps_cr_613_1d_305_6(swamps):
    """Urborg, Cabal Coffers and n Swamps: n + 2 Swamps (CR 613.1d), each with "{T}: Add {B}" (CR 305.6). Coffers
    either taps for {B} (n + 2 in all) or, paid by two of the other n + 1, adds n + 2: (n + 1 - 2) + (n + 2) =
    2n + 1, which is more from n = 1 on; with n = 0 only Urborg's {B} could pay, so {B}{B}."""
    s = boards.board(["Cabal Coffers", "Urborg, Tomb of Yawgmoth"] + ["Swamp"] * swamps)
    best = 2 * swamps + 1 if swamps >= 1 else 2
    assert maximal_pools(s, "Alice").pools == ["{B}" * best]
