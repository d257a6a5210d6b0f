"""The target rules read typed requirements (``models.vocab.targeting_specs``) that the text layer's reader makes
from an ability's words (CR 601.2c, 115.3). Without a reader, asking is an error: a spell's targets are never
silently absent."""
from __future__ import annotations

import pytest

import mtgcheck.models.text  # noqa: F401  (installs the reader)
import mtgcheck.models.vocab.readers as readers_module
from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.vocab import targeting_specs as ts


def _spell(text: str) -> Ability:
    return Ability("spell", Unmodelled(text, frozenset()), text=text)


def test_cr_601_2c_the_text_layer_installs_the_reader_of_target_words():
    st = ts.spell_targets([_spell("Destroy target artifact or enchantment.")])
    assert [s.types for s in st.modes[0]] == [("Artifact", "Enchantment")]
    assert st.unread == ()


def test_cr_601_2c_targets_asked_for_without_a_reader_are_an_error_never_none(monkeypatch):
    monkeypatch.delitem(readers_module._INSTALLED, ts.TargetReader)
    with pytest.raises(ts.TargetReaderMissing):
        ts.spell_targets([_spell("Destroy target creature.")])


def test_cr_700_2_a_modal_spell_has_one_set_of_requirements_per_mode():
    st = ts.spell_targets([_spell("Choose one —"), _spell("• Destroy target creature."),
                           _spell("• Counter target spell.")])
    assert st.choose == 1
    assert [tuple(s.kinds for s in m) for m in st.modes] == [(("permanent",),), (("spell",),)]
