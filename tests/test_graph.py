"""Pictures (solver/questions/graph.py): DOT through pydot (quoted names, one node per permanent id), the asked permanent
highlighted, a legend, and the payment picture for cast/payments (which source pays which symbol)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import networkx as nx
import pydot
import pytest
from click.testing import CliRunner

import mtgcheck.solver.questions.graph as graph
from mtgcheck.solver.cli.main import main
from mtgcheck.solver.rules.mana.produce import could_produce
from tests.boards import board

SVG = "{http://www.w3.org/2000/svg}"
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # pydot's parser on pyparsing 3


def _nodes(dot_text: str) -> dict[str, dict]:
    g = pydot.graph_from_dot_data(dot_text)[0]
    return {n.get_name(): n.get_attributes() for n in g.get_nodes() if n.get_name() not in ("node", "graph", "edge")}


def test_dot_has_one_node_per_permanent_even_with_equal_names_and_highlights_the_asked_one():
    # CR 106.7: each Exotic Orchard's answer is its own; two permanents with one name are two nodes
    res = could_produce(board(["Forest", "Exotic Orchard"], ["Exotic Orchard", "Reflecting Pool"]))
    text = graph.to_dot(res, highlight="Exotic Orchard#3")
    nodes = _nodes(text)
    labels = [a.get("label", "") for a in nodes.values()]
    orchards = [lb for lb in labels if lb.startswith('"Exotic Orchard')]
    assert len(orchards) == 2 and len(set(orchards)) == 2
    asked = [a for a in nodes.values() if a.get("penwidth") == "3"]
    assert len(asked) == 1 and "Exotic Orchard#3" in asked[0]["label"]
    g = pydot.graph_from_dot_data(text)[0]
    assert [s.get_name() for s in g.get_subgraphs()] == ["cluster_legend"]
    assert len(g.get_edges()) == res.graph.number_of_edges()


def test_dot_quotes_names_with_quotes_and_backslashes():
    G = nx.DiGraph()
    G.add_edge("a", "b")
    labels = {"a": ('Kongming, "Sleeping Dragon" — {G}', "controlled by O'Neil", False), "b": ("group", "", True)}
    text = graph._to_pydot(G, labels, "t", "a", graph.LEGEND).to_string()
    nodes = _nodes(text)
    assert nodes["n0"]["label"] == '"Kongming, \\"Sleeping Dragon\\" — {G}\\ncontrolled by O\'Neil"'
    assert nodes["n1"]["style"] == "dashed"


def test_svg_highlights_the_asked_permanent_and_has_a_legend():
    res = could_produce(board(["Forest", "Reflecting Pool"]))
    root = ET.fromstring(graph.to_svg(res, highlight="Reflecting Pool#2"))
    asked = [g for g in root.iter(SVG + "g") if "asked" in g.get("class", "").split()]
    assert [g.get("data-id") for g in asked] == ["Reflecting Pool#2"]
    legend = [t.text for g in root.iter(SVG + "g") if g.get("class") == "legend" for t in g.iter(SVG + "text")]
    assert legend and legend[0].startswith("legend:")


def test_payment_graph_says_which_source_pays_which_symbol():
    # Dismember {1}{B/P}{B/P} paid with a Forest and 4 life: {G} pays the generic {1} (CR 107.4b: any type of mana
    # pays generic mana), each Phyrexian symbol is paid with 2 life (CR 107.4f)
    pay = {"announced": "{1}(4 life)", "life": 4, "sources": 1,
           "uses": [{"source": "Forest", "kind": "mana_ability", "count": 1, "mana": "{G}", "id": "Forest"}]}
    G, labels = graph.payment_graph(pay)
    edges = {(labels[a][0], labels[b][0]) for a, b in G.edges}
    assert edges == {("Forest", "{1}")}
    assert ("(4 life)", "paid with life", True) in labels.values()


def test_payment_graph_colored_mana_pays_its_own_symbol_first():
    # Lightning Bolt-like {1}{R} paid by a Mountain and a Forest: {R} must pay {R}, {G} the generic (CR 601.2h)
    pay = {"announced": "{1}{R}", "uses": [
        {"source": "Forest", "kind": "mana_ability", "count": 1, "mana": "{G}", "id": "Forest"},
        {"source": "Mountain", "kind": "mana_ability", "count": 1, "mana": "{R}", "id": "Mountain"}]}
    G, labels = graph.payment_graph(pay)
    assert {(labels[a][0], labels[b][0]) for a, b in G.edges} == {("Forest", "{1}"), ("Mountain", "{R}")}


def test_ask_graph_for_a_cast_question_writes_the_payment(tmp_path, monkeypatch):
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)
    sc = tmp_path / "cast.yaml"
    sc.write_text("players: [Alice]\nbattlefield:\n  Alice: [Mountain]\nhand:\n  Alice: [Lightning Bolt]\n"
                  "ask:\n  cast: {card: Lightning Bolt}\n", encoding="utf-8")
    out = tmp_path / "pay.dot"
    r = CliRunner().invoke(main, ["ask", str(sc), "--graph", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    g = pydot.graph_from_dot_data(text)[0]
    assert len(g.get_edges()) == 1  # the Mountain's {R} pays {R}
    assert "Mountain" in text and "{R}" in text
