"""The rulings page's board builder (solver/web/forms.py): a form stands for exactly one scenario.

The page asks the scenario it builds as ``mtgcheck ask`` asks a file, so the builder must neither drop nor change
anything of a scenario it opens: every example, opened into the builder and written back, is the same scenario
(the one spelling the builder chooses: a zone entry with only a card is written as the bare name, which the
scenario reader takes as the same entry, docs/scenarios.md "An entry of a zone is a card name, or a mapping with
card"). Errors the reader reports at a line are placed at the field that wrote that line.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgcheck.models.data.scenario import load_scenario_items, load_yaml, parse_scenario
from mtgcheck.solver.questions.runner import find_scenario_files
from mtgcheck.solver.web import forms

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def _examples() -> list:
    files, _ = find_scenario_files([EXAMPLES])
    out = []
    for f in files:
        for sc in load_scenario_items(f):
            if not isinstance(sc, Exception):
                out.append(pytest.param(sc, id=f"{f.relative_to(EXAMPLES)}#{sc.index + 1}"))
    return out


def _same_entry(e):
    """A zone entry in the reader's terms: ``{card: X}`` alone is the bare name X."""
    if isinstance(e, dict) and set(e) == {"card"}:
        return e["card"]
    return e


def _canonical(data):
    d = forms.plain(data)
    for zone in forms.ZONE_ORDER:
        z = d.get(zone)
        if isinstance(z, dict):
            d[zone] = {p: [_same_entry(e) for e in v] if isinstance(v, list) else v for p, v in z.items()}
    return d


def test_every_question_kind_has_a_form_with_exactly_the_readers_arguments():
    """Each kind of QUESTION_KINDS has a form, whose fields are the argument keys the scenario reader takes."""
    assert forms.spec_problems() == []
    assert set(forms.QUESTIONS) == set(forms.QUESTION_FIELD_KEYS)


@pytest.mark.parametrize("sc", _examples())
def test_an_example_opened_in_the_builder_is_written_back_as_the_same_scenario(sc):
    form = forms.disassemble(forms.plain(sc.data))
    back = forms.assemble(form).data
    assert _canonical(back) == _canonical(sc.data)
    # and the YAML the page shows reads back as that scenario, with the same question
    text = forms.dump_yaml(back)
    again = parse_scenario(load_yaml(text, "scenario.yaml"), "scenario.yaml")
    assert again.question.kind == sc.question.kind
    assert _canonical(again.data) == _canonical(sc.data)


def test_a_value_the_builder_has_no_field_for_is_kept_in_more():
    data = {"players": ["Alice", "Bob"], "pool": {"Alice": "{R}"}, "turn": {"step": "upkeep", "number": {"Alice": 3}},
            "battlefield": {"Alice": [{"card": "Llanowar Elves", "sick": False, "entered_this_turn": True}]},
            "ask": {"mana_value": "Forest"}, "expect": {"mana_value": 0}}
    form = forms.disassemble(data)
    assert form["step"] == "upkeep"
    assert "pool" in form["more"] and "expect" in form["more"] and "number" in form["more"]
    entry = form["zones"]["battlefield"]["Alice"][0]
    assert entry["card"] == "Llanowar Elves" and "sick: false" in entry["more"]  # an explicit false is kept
    assert form["ask"]["more"] == "Forest"  # the short form of the argument, kept as it is
    assert forms.assemble(form).data == data | {"turn": {"step": "upkeep", "number": {"Alice": 3}}}


def test_fields_are_typed_as_the_scenario_format_reads_them():
    form = forms.empty_form()
    form["zones"] = {"battlefield": {"Alice": [
        {"card": "Grizzly Bears", "count": "2", "tapped": True, "counters": "{+1/+1: 2}", "color": "G"},
        {"card": ""},  # an empty row is no entry
        {"card": "Forest"}]}}
    form["life"] = {"Bob": "7"}
    form["ask"] = {"kind": "cast", "args": {"card": "Ach! Hans, Run!", "x": "3", "targets": "[Bob]",
                                            "kicked": "true", "player": "Alice"}, "more": ""}
    data = forms.assemble(form).data
    assert data["battlefield"]["Alice"] == [
        {"card": "Grizzly Bears", "count": 2, "tapped": True, "counters": {"+1/+1": 2}, "choices": {"color": "G"}},
        "Forest"]
    assert data["life"] == {"Bob": 7}
    assert data["ask"] == {"cast": {"card": "Ach! Hans, Run!", "player": "Alice", "x": 3, "kicked": True,
                                    "targets": ["Bob"]}}


def test_a_field_that_is_not_yaml_is_an_error_naming_that_field():
    form = forms.empty_form()
    form["zones"] = {"battlefield": {"Bob": [{"card": "Grizzly Bears", "counters": "{+1/+1: 2"}]}}
    with pytest.raises(forms.FormError) as e:
        forms.assemble(form)
    assert e.value.field == "entry:battlefield:Bob:0:counters" and "not valid YAML" in e.value.message


def test_a_key_given_twice_is_refused_naming_the_more_field():
    form = forms.empty_form()
    form["more"] = "players: [Carol]"
    with pytest.raises(forms.FormError) as e:
        forms.assemble(form)
    assert e.value.field == "more" and "players" in e.value.message


def test_each_line_of_the_written_yaml_leads_to_the_field_that_wrote_it():
    form = forms.empty_form()
    form["zones"] = {"battlefield": {"Alice": [{"card": "Forest"}, {"card": "Grizzly Bears", "tapped": True}]}}
    form["ask"] = {"kind": "activate", "args": {"permanent": "Grizzly Bears", "ability": "one"}, "more": ""}
    asm = forms.assemble(form)
    text = forms.dump_yaml(asm.data)
    lines = forms.line_paths(load_yaml(text, "scenario.yaml"))
    where = {forms.field_of(path, asm.fields): n for n, path in lines.items()}
    src = text.splitlines()
    assert src[where["entry:battlefield:Alice:0"] - 1].strip() == "- Forest"
    assert src[where["entry:battlefield:Alice:1:tapped"] - 1].strip() == "tapped: true"
    assert src[where["arg:ability"] - 1].strip() == "ability: one"
