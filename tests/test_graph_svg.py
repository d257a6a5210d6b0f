"""The could_produce dependency graph drawn as SVG without Graphviz (solver.questions.graph.to_svg / write_graph)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import networkx as nx
import pytest
from click.testing import CliRunner

import mtgcheck.solver.questions.graph as graph
from mtgcheck.models.data.catalog import load_catalog
from tests.boards import board
from mtgcheck.solver.cli.main import main
from mtgcheck.solver.questions.graph import to_svg, write_graph
from mtgcheck.solver.rules.mana.produce import ProduceResult, could_produce

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLE = "examples/mana/exotic_orchard_chain.yaml"
CAT = load_catalog()


@pytest.fixture
def no_graphviz(monkeypatch):
    monkeypatch.setattr(graph, "_dot_program", lambda: None)


def groups(root, cls):
    return [g for g in root.iter(SVG + "g") if cls in g.get("class", "").split()]


def texts(g):
    return [t.text for t in g.iter(SVG + "text")]


def test_svg_has_one_node_per_permanent_and_one_edge_per_graph_edge():
    res = could_produce(board(["Forest", "Exotic Orchard"], ["Exotic Orchard", "Reflecting Pool"]))
    root = ET.fromstring(to_svg(res))
    nodes, edges = groups(root, "node"), groups(root, "edge")
    assert len(nodes) == res.graph.number_of_nodes()
    assert len(edges) == res.graph.number_of_edges()
    perms = [g for g in nodes if "group" not in g.get("class").split()]
    assert sorted(g.get("data-id") for g in perms) == sorted(p.id for p in res.state.battlefield)
    labels = {g.get("data-id"): texts(g)[0] for g in perms}
    assert labels["Forest#1"] == "Forest \u2014 {G}"
    assert labels["Reflecting Pool#4"] == "Reflecting Pool \u2014 {G}"
    # the two Orchards share a name: their ids tell them apart
    assert labels["Exotic Orchard#2"] == "Exotic Orchard [Exotic Orchard#2] \u2014 {G}"
    # reflect groups are drawn differently (dashed) from permanents
    grp = groups(root, "group")
    assert len(grp) == res.graph.number_of_nodes() - len(perms)
    assert all(g.find(SVG + "rect").get("stroke-dasharray") for g in grp)
    assert not any(g.find(SVG + "rect").get("stroke-dasharray") for g in perms)
    # every edge has an arrowhead; edges inside the Orchard/Pool cycle are marked as such
    assert all(g.find(SVG + "path").get("marker-end", "").startswith("url(#arrow") for g in edges)
    assert any("cycle" in g.get("class").split() for g in edges)


def test_sources_of_mana_are_left_of_what_reflects_them():
    res = could_produce(board(["Forest", "Reflecting Pool"]))
    root = ET.fromstring(to_svg(res))
    x = {g.get("data-id"): float(g.find(SVG + "rect").get("x")) for g in groups(root, "node") if g.get("data-id")}
    assert x["Forest#1"] < x["Reflecting Pool#2"]
    # the Pool looks at itself (Pool -> group -> Pool is a cycle); the Forest's edge is not part of it
    ids = {g.get("data-id"): g.get("id") for g in groups(root, "node")}
    cyc = {g.get("data-from"): "cycle" in g.get("class").split() for g in groups(root, "edge")}
    assert cyc[ids["Forest#1"]] is False and cyc[ids["Reflecting Pool#2"]] is True


def test_nothing_is_named_and_output_is_deterministic():
    res = could_produce(board(["Exotic Orchard"], ["Exotic Orchard", "Reflecting Pool"]))
    svg = to_svg(res)
    assert svg == to_svg(could_produce(board(["Exotic Orchard"], ["Exotic Orchard", "Reflecting Pool"])))
    root = ET.fromstring(svg)
    perms = [g for g in groups(root, "node") if g.get("data-id")]
    assert len(perms) == 3 and all(texts(g)[0].endswith("\u2014 nothing") for g in perms)


def test_text_is_xml_escaped():
    g = nx.DiGraph()
    g.add_edge('A&B <"x">', ("group", "lands <you> & 'they' control", "type", frozenset({"O'Neil"})))
    res = ProduceResult(types={'A&B <"x">': frozenset({"W"})}, graph=g)
    svg = to_svg(res)
    assert "<x>" not in svg and "A&B" not in svg
    root = ET.fromstring(svg)
    assert 'A&B <"x"> \u2014 {W}' in [t for n in groups(root, "node") for t in texts(n)]
    assert len(groups(root, "edge")) == 1


def test_empty_graph_is_valid_svg():
    ET.fromstring(to_svg(ProduceResult(types={}, graph=nx.DiGraph())))


def test_write_graph_without_graphviz(no_graphviz, tmp_path):
    res = could_produce(board(["Forest", "Reflecting Pool"]))
    msg = write_graph(res, str(tmp_path / "g.svg"))
    assert msg.startswith("graph drawn to") and "built-in" in msg
    ET.parse(tmp_path / "g.svg")
    msg = write_graph(res, str(tmp_path / "g.png"))
    assert msg.startswith("cannot draw") and "Graphviz" in msg and ".svg" in msg and ".dot" in msg
    assert not (tmp_path / "g.png").exists() and not (tmp_path / "g.dot").exists()
    assert write_graph(res, str(tmp_path / "g.dot")).startswith("graph written to")


def test_cli_writes_svg_without_graphviz(no_graphviz, tmp_path):
    out = tmp_path / "chain.svg"
    r = CliRunner().invoke(main, ["ask", EXAMPLE, "--index", "1", "--graph", str(out)])
    assert r.exit_code == 0, r.output
    assert "graph drawn to" in r.output
    root = ET.parse(out).getroot()
    assert len([g for g in groups(root, "node") if g.get("data-id")]) == 4
    assert any("Reflecting Pool \u2014 {G}" in t for n in groups(root, "node") for t in texts(n))


def test_cli_png_without_graphviz_is_an_error(no_graphviz, tmp_path):
    out = tmp_path / "chain.png"
    r = CliRunner().invoke(main, ["ask", EXAMPLE, "--index", "1", "--graph", str(out)])
    assert r.exit_code == 2
    assert "needs the Graphviz 'dot' program" in r.output
    assert "verdict" not in r.output  # refused before answering, not after printing the answer
    assert not out.exists()


# ---- pictures that show the cause ----------------------------------------------------------


def _svg_of_answer(scenario, **kw):
    import mtgcheck

    a = mtgcheck.ask(scenario, **kw)
    svg = a.svg()
    assert svg is not None, a.question
    return ET.fromstring(svg.split("?>", 1)[1])


def test_an_effect_that_changes_the_answer_is_a_node_with_its_edge(no_graphviz):
    """CR 305.7, 613.1d: Blood Moon makes the nonbasic Reflecting Pool a Mountain (it loses its own ability and
    could produce only {R}); the picture draws Blood Moon and an arrow saying so, not just the Pool."""
    root = _svg_of_answer({"players": ["A"], "battlefield": {"A": ["Forest", "Blood Moon", "Reflecting Pool"]},
                           "ask": {"could_produce": "Reflecting Pool"}})
    effects = groups(root, "effect")
    assert [texts(g)[0] for g in effects] == ["Blood Moon"]
    edge_titles = [g.find(SVG + "title").text for g in groups(root, "edge")]
    assert any(t.startswith("Blood Moon") and "Reflecting Pool" in t and "Mountain" in t for t in edge_titles)


def test_a_delve_payment_draws_which_card_pays_which_symbol():
    """CR 702.66a: each card exiled with delve pays {1}; Treasure Cruise's {7}{U} paid by an Island and seven
    exiled cards has an arrow from the delved cards to each of the seven {1}."""
    from mtgcheck.solver.questions.graph import payment_graph

    payment = {"announced": "{7}{U}", "uses": [
        {"source": "Island", "kind": "mana_ability", "count": 1, "mana": "{U}", "id": "Island"},
        {"source": "Lightning Bolt", "kind": "delve", "count": 7, "mana": "{1}", "of_identical": 7}]}
    G, labels = payment_graph(payment)
    delved = [n for n in G if n[0] == "use" and labels[n][1].startswith("delve")]
    paid = sorted(labels[b][0] for a, b in G.edges if a in delved)
    assert paid == ["{1}"] * 7
    assert [labels[b][0] for a, b in G.edges if a not in delved] == ["{U}"]


@pytest.mark.parametrize("example, kind", [
    ("examples/delve/01_soulflayer_battle_brawler.yaml", "delve"),
    ("examples/resolution/scry_top_bottom_or_split.yaml", "scry"),
    ("examples/resolution/hypergenesis_triggers_apnap.yaml", "trigger_order"),
    ("examples/resolution/show_and_tell_once.yaml", "put_onto_battlefield"),
])
def test_delve_and_resolution_answers_have_a_picture(no_graphviz, tmp_path, example, kind):
    root = _svg_of_answer(example)
    assert groups(root, "node") and groups(root, "edge")
    out = tmp_path / "p.svg"
    r = CliRunner().invoke(main, ["ask", example, "--graph", str(out)])
    assert r.exit_code in (0, 1) and out.is_file(), r.output


def test_scry_picture_draws_the_cards_looked_at():
    """CR 701.22a: scry 2 looks at the top two cards only."""
    root = _svg_of_answer("examples/resolution/scry_top_bottom_or_split.yaml")
    looked = [texts(g)[0] for g in groups(root, "node") if "looked at" in " ".join(texts(g))]
    assert len(looked) == 2
