"""Pictures of answers: the could_produce dependency graph and which source pays which symbol of a cost.

Graphs are built as networkx graphs and written as Graphviz DOT through pydot (which quotes every name, so
a card called ``"Ach! Hans, Run!"`` or ``Kongming, "Sleeping Dragon"`` is safe), one node per *permanent id*
(two permanents with the same name stay two nodes, labelled with their ids). The permanent asked about is
highlighted and every picture has a legend. ``.svg`` and ``.png`` are drawn by the Graphviz ``dot`` program
when it is installed; without it ``.svg`` is drawn by mtgcheck's own layered SVG writer (``svg_of``) and
``.png`` is a clear error.

``write_graph(res, path, highlight=id)``: could_produce (``solver.rules.mana.produce.could_produce``), CR 106.7.
``write_payment_graph(title, payment, total_cost, path)``: one payment of a cost (CR 601.2g-h): each source
used, the mana it made, and the symbols of the announced cost that mana pays.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping
from xml.sax.saxutils import escape as xml_escape

import networkx as nx

from mtgcheck.models.game.mana import MANA_TYPES
from mtgcheck.solver.rules.board import board_view

if TYPE_CHECKING:  # pragma: no cover
    from mtgcheck.solver.rules.mana.produce import ProduceResult

__all__ = ["LEGEND", "PAYMENT_LEGEND", "to_dot", "to_svg", "svg_of", "write_graph", "payment_graph",
           "write_payment_graph", "effect_graph", "answer_graph", "answer_svg", "write_answer_graph", "png_possible"]

#: The legend of the could_produce picture.
LEGEND = (
    "legend: a box is a permanent and the types of mana it could produce (CR 106.7); a dashed box is a group of",
    "permanents a reflector looks at; an arrow A -> B means B's answer depends on A; red arrows form a cycle",
    "(reflectors that see only each other produce nothing); the thick gold box is the permanent asked about;",
    "a purple box is an effect that changes a permanent's mana (type-changing, ability-granting or replacement",
    "effects, CR 305.7, 613, 614), its arrow saying what it does.",
)
#: The legend of the payment picture.
PAYMENT_LEGEND = (
    "legend: left, each source used and the mana it made; right, the symbols of the announced cost (CR 601.2b);",
    "an arrow says which mana pays which symbol (one valid assignment, CR 601.2h); life pays Phyrexian symbols.",
)


def _dot_program() -> str | None:
    """The path of the Graphviz ``dot`` program, or None (a function so tests can pretend it is missing)."""
    return shutil.which("dot")


def _graph_labels(res: "ProduceResult") -> dict[Any, tuple[str, str, bool]]:
    """For each graph node: (main line, second line, is a reflect group). Ids are shown when names repeat."""
    names: dict[Any, str] = {}
    for n in res.graph.nodes:
        if not isinstance(n, tuple):
            perm = res.state.permanent(n) if res.state else None
            names[n] = perm.name if perm else str(n)
    counts: dict[str, int] = {}
    for nm in names.values():
        counts[nm] = counts.get(nm, 0) + 1
    out: dict[Any, tuple[str, str, bool]] = {}
    for n in res.graph.nodes:
        if isinstance(n, tuple):
            ctl = f"controlled by {', '.join(sorted(n[3]))}" if n[3] else ""
            out[n] = (f"{n[1]} ({n[2]})", ctl, True)
        else:
            perm = res.state.permanent(n) if res.state else None
            types = "".join("{" + t + "}" for t in MANA_TYPES if t in res.types.get(n, ()))
            name = names[n] + (f" [{n}]" if counts[names[n]] > 1 else "")
            out[n] = (f"{name} \u2014 {types or 'nothing'}", f"controlled by {perm.controller}" if perm else "", False)
    return out


def effect_graph(res: "ProduceResult") -> tuple[nx.DiGraph, dict[Any, tuple[str, str, Any]]]:
    """The could_produce graph with the effects that change the answer as nodes (``("effect", source)``, drawn
    purple): type-changing and ability-granting effects on each permanent (``layers.PermView.changed_by``: Blood
    Moon making a land a Mountain, Urborg making every land a Swamp, CR 305.7, 613.1d, 613.1f) and replacement
    effects on the mana it makes (CR 614.1a, 106.12b: Contamination, Pale Moon), each with an edge labelled with
    what it does to that permanent."""
    G = res.graph.copy()
    labels: dict[Any, tuple[str, str, Any]] = dict(_graph_labels(res))
    if res.state is None:
        return G, labels

    try:
        view = board_view(res.state)
    except Exception:  # noqa: BLE001 - the answer was computed from this view; a picture never fails the answer
        return G, labels
    perms = [n for n in res.graph.nodes if not isinstance(n, tuple)]

    def effect(source: str | None, name: str, kind: str, target: Any, what: str) -> None:
        key = ("effect", source or name)
        if key not in G:
            G.add_node(key)
            labels[key] = (name, kind, "effect")
        if not G.has_edge(key, target):
            G.add_edge(key, target, label=what)

    for n in perms:
        pv = view.get(n)
        for source, name, what in (pv.changed_by if pv is not None else ()):
            effect(source, name, "type or ability effect", n, what)
        perm = res.state.permanent(n)
        for r in res.replacements:
            try:
                hits = perm is not None and pv is not None and r.applies_to(perm, pv.subtypes)
            except Exception:  # noqa: BLE001 - as above
                hits = False
            if hits:
                effect(r.source.id if r.source is not None else None, r.name, "replacement effect", n,
                       "replaces its mana")
    return G, labels


def _xml(s: Any) -> str:
    """``s`` escaped for XML text and double-quoted attribute values."""
    return xml_escape(str(s), {'"': "&quot;"})


_SVG_FONT = 12          # px; text width is estimated at 0.6 em a character (no font metrics without Graphviz)
_SVG_NODE_H = 40
_SVG_VGAP = 24          # between nodes of a layer
_SVG_HGAP = 110         # between layers (room for the arrows and the cycle curves)
_SVG_MARGIN = 50
_SVG_CURVE_ROOM = 70  # beside a column with a cycle


def svg_of(G: nx.DiGraph, labels: dict[Any, tuple[str, str, bool]], *, highlight: Any = None,
           title: str = "could_produce dependency graph", legend: tuple[str, ...] = ()) -> str:
    """A graph as a standalone SVG document, in pure Python (no Graphviz).

    ``labels`` maps each node to (main line, second line, is a group node); ``highlight`` is the node asked
    about (drawn with a thick gold border); ``legend`` lines are written under the drawing.

    Layered layout: the condensation of the graph (each strongly connected component is one node) is split into
    ``nx.topological_generations``; edges go member → group → reflector, so the sources of mana are in the left
    column and each column depends only on columns to its left. A component's nodes share a column; edges
    inside a column (cycles, e.g. Orchards looking at each other) are drawn as curves, downward edges bulging
    right and upward edges bulging left. Within a column nodes are ordered by the mean row of their
    predecessors (fewer crossings), then by label. Output is deterministic for a given board.
    """
    if G.number_of_nodes() == 0:
        return ('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60" viewBox="0 0 240 60">\n'
                f'  <title>{_xml(title)}</title>\n'
                f'  <text x="20" y="35" font-family="Helvetica, Arial, sans-serif" font-size="{_SVG_FONT}">'
                'no mana abilities: empty graph</text>\n</svg>\n')
    lay = _SvgLayout(G, labels, legend)
    f = _svg_num
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{f(lay.width)}" height="{f(lay.height)}" '
        f'viewBox="0 0 {f(lay.width)} {f(lay.height)}" font-family="Helvetica, Arial, sans-serif" font-size="{_SVG_FONT}">',
        f"  <title>{_xml(title)}</title>",
        "  <defs>",
        '    <marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#444"/></marker>',
        '    <marker id="arrow-cycle" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker>',
        "  </defs>",
        '  <rect width="100%" height="100%" fill="white"/>',
        '  <g class="edges" fill="none">',
    ]
    ids = {n: f"n{i}" for i, n in enumerate(G.nodes)}
    _svg_edges(out, G, labels, lay, ids)
    out.append("  </g>")
    out.append('  <g class="nodes">')
    _svg_nodes(out, G, labels, lay, ids, highlight)
    out.append("  </g>")
    if legend:
        out.append('  <g class="legend" fill="#444">')
        for i, line in enumerate(legend):
            out.append(f'    <text x="20" y="{f(lay.graph_h + 4 + 16 * i)}" font-size="{_SVG_FONT - 1}">{_xml(line)}</text>')
        out.append("  </g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _svg_num(v: float) -> str:
    """A coordinate as SVG writes it: one decimal at most, no trailing zeros."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


class _SvgLayout:
    """The layered layout of ``svg_of``: the condensation's components (``comp``) in topological generations
    (``layers``), each column ordered by the mean row of the nodes' predecessors, then by label; each node's box
    (``pos``: left x, top y, width), each column's inner edges (``col_x``), the nodes in a cycle, and the sizes."""

    def __init__(self, G: nx.DiGraph, labels: dict[Any, tuple[str, str, bool]], legend: tuple[str, ...]) -> None:
        C = nx.condensation(G)
        comp = C.graph["mapping"]
        self.comp = comp
        self.in_cycle = {n for n in G.nodes if len(C.nodes[comp[n]]["members"]) > 1 or G.has_edge(n, n)}
        order = {n: i for i, n in enumerate(G.nodes)}  # insertion order: a stable tie-break
        layers: list[list[Any]] = []
        for gen in nx.topological_generations(C):
            layers.append([n for c in gen for n in C.nodes[c]["members"]])
        row: dict[Any, float] = {}
        for li, layer in enumerate(layers):
            def key(n: Any) -> tuple:
                preds = [row[p] for p in G.predecessors(n) if p in row]
                bary = sum(preds) / len(preds) if preds else -1.0
                return (bary, comp[n], labels[n][0], order[n])
            layer.sort(key=key)
            for r, n in enumerate(layer):
                row[n] = r
        self.layers = layers
        widths = {n: max(len(labels[n][0]), len(labels[n][1])) * _SVG_FONT * 0.6 + 24 for n in G.nodes}
        # a column with edges inside it (a cycle) gets room on both sides for the curves
        curvy = [any(comp[a] == comp[b] for n in layer for a, b in G.out_edges(n)) for layer in layers]
        col_w = [max(widths[n] for n in layer) + (2 * _SVG_CURVE_ROOM if c else 0) for layer, c in zip(layers, curvy)]
        self.col_x: list[tuple[float, float]] = []  # per column: left and right edges of its widest node
        tallest = max(len(layer) for layer in layers)
        self.graph_h = graph_h = 2 * _SVG_MARGIN + tallest * _SVG_NODE_H + (tallest - 1) * _SVG_VGAP
        self.height = graph_h + (len(legend) * 16 + 10 if legend else 0)
        self.pos: dict[Any, tuple[float, float, float]] = {}  # node -> (left x, top y, width)
        x = float(_SVG_MARGIN)
        for li, layer in enumerate(layers):
            h = len(layer) * _SVG_NODE_H + (len(layer) - 1) * _SVG_VGAP
            y = _SVG_MARGIN + (graph_h - 2 * _SVG_MARGIN - h) / 2
            for n in layer:
                self.pos[n] = (x + (col_w[li] - widths[n]) / 2, y, widths[n])
                y += _SVG_NODE_H + _SVG_VGAP
            inner = max(widths[n] for n in layer)
            self.col_x.append((x + (col_w[li] - inner) / 2, x + (col_w[li] + inner) / 2))
            x += col_w[li] + _SVG_HGAP
        self.width = max(x - _SVG_HGAP + _SVG_MARGIN, max((len(t) for t in legend), default=0) * _SVG_FONT * 0.6 + 2 * 20)


def _svg_edges(out: list[str], G: nx.DiGraph, labels: dict[Any, tuple[str, str, bool]], lay: _SvgLayout,
               ids: dict[Any, str]) -> None:
    """The edges of ``svg_of``: to a column on the right a curve between the columns (with its label); inside a
    column (a cycle, in red) a curve beside it, downward bulging right and upward left; a loop on its node; an
    effect's edges dashed purple."""
    f = _svg_num
    pos, comp, col_x = lay.pos, lay.comp, lay.col_x
    col_of = {n: li for li, layer in enumerate(lay.layers) for n in layer}
    span = max(1.0, lay.graph_h - 2 * _SVG_MARGIN - _SVG_NODE_H)
    for a, b in G.edges:
        ax, ay, aw = pos[a]
        bx, by, bw = pos[b]
        amid, bmid = ay + _SVG_NODE_H / 2, by + _SVG_NODE_H / 2
        cyc = comp[a] == comp[b]
        if a == b:
            x0 = ax + aw
            d = f"M{f(x0)},{f(amid - 8)} C{f(x0 + 45)},{f(amid - 30)} {f(x0 + 45)},{f(amid + 30)} {f(x0)},{f(amid + 8)}"
        elif cyc:  # same column: a curve beside the column
            cl, cr = col_x[col_of[a]]
            reach = 12 + (_SVG_CURVE_ROOM - 12) * abs(by - ay) / span  # longer curves bulge further
            if by > ay:  # downward, bulging right
                x0, x1 = ax + aw, bx + bw
                bulge = cr + reach
            else:        # upward, bulging left
                x0, x1 = ax, bx
                bulge = cl - reach
            d = f"M{f(x0)},{f(amid)} C{f(bulge)},{f(amid)} {f(bulge)},{f(bmid)} {f(x1)},{f(bmid)}"
        else:  # to a column on the right
            x0, x1 = ax + aw, bx
            mx = (x0 + x1) / 2
            d = f"M{f(x0)},{f(amid)} C{f(mx)},{f(amid)} {f(mx)},{f(bmid)} {f(x1)},{f(bmid)}"
        style = ('stroke="#c0392b" stroke-width="1.4" marker-end="url(#arrow-cycle)"' if cyc
                 else 'stroke="#444" stroke-width="1.2" marker-end="url(#arrow)"')
        elabel = G.edges[a, b].get("label")
        if labels[a][2] == "effect":
            style = 'stroke="#8e44ad" stroke-width="1.2" stroke-dasharray="4,2" marker-end="url(#arrow)"'
        text = ""
        if elabel and a != b and not cyc:
            text = (f'<text x="{f((x0 + x1) / 2)}" y="{f((amid + bmid) / 2 - 4)}" text-anchor="middle" '
                    f'font-size="{_SVG_FONT - 2}" fill="#6c3483">{_xml(elabel)}</text>')
        out.append(f'    <g class="edge{" cycle" if cyc else ""}" data-from="{ids[a]}" data-to="{ids[b]}">'
                   f"<title>{_xml(labels[a][0])} \u2192 {_xml(labels[b][0])}"
                   + (f": {_xml(elabel)}" if elabel else "") + "</title>"
                   f'<path d="{d}" {style}/>{text}</g>')


def _svg_nodes(out: list[str], G: nx.DiGraph, labels: dict[Any, tuple[str, str, bool]], lay: _SvgLayout,
               ids: dict[Any, str], highlight: Any) -> None:
    """The nodes of ``svg_of``: a box with its main and second line; a group node dashed blue and italic, an effect
    purple, a node in a cycle red, the node asked about with a thick gold border."""
    f = _svg_num
    for n in G.nodes:
        x0, y0, w = lay.pos[n]
        main, sub, group = labels[n]
        cls = "node group" if group else "node" + (" cycle" if n in lay.in_cycle else "")
        if group == "effect":
            cls = "node effect"
            box = 'fill="#f5eef8" stroke="#8e44ad"'
            group = False
        elif group:
            box = 'fill="#eef3fb" stroke="#5b7db1" stroke-dasharray="5,3"'
        else:
            box = 'fill="#fdfbf3" stroke="#c0392b"' if n in lay.in_cycle else 'fill="#fdfbf3" stroke="#333"'
        if n == highlight and highlight is not None:
            box = box.replace('stroke="#333"', 'stroke="#d4a017"').replace('stroke="#c0392b"', 'stroke="#d4a017"')
            box += ' stroke-width="3.5"'
            cls += " asked"
        cx = x0 + w / 2
        pid = "" if group else f' data-id="{_xml(n)}"'
        italic = ' font-style="italic"' if group else ""
        out.append(f'    <g class="{cls}" id="{ids[n]}"{pid}><title>{_xml(main)}</title>'
                   f'<rect x="{f(x0)}" y="{f(y0)}" width="{f(w)}" height="{_SVG_NODE_H}" rx="8" ry="8" {box}/>'
                   f'<text x="{f(cx)}" y="{f(y0 + (17 if sub else 24))}" text-anchor="middle"'
                   f'{italic}>{_xml(main)}</text>'
                   + (f'<text x="{f(cx)}" y="{f(y0 + 32)}" text-anchor="middle" font-size="{_SVG_FONT - 2}" '
                      f'fill="#666">{_xml(sub)}</text>' if sub else "")
                   + "</g>")




def to_svg(res: "ProduceResult", highlight: Any = None) -> str:
    """The could_produce dependency graph as SVG, drawn without Graphviz (``svg_of``), with the effects that
    change the answer (``effect_graph``) and its legend."""
    G, labels = effect_graph(res)
    return svg_of(G, labels, highlight=highlight, legend=LEGEND)


def _dot_id(n: Any, i: int) -> str:
    return f"n{i}"


def _to_pydot(G: nx.DiGraph, labels: dict[Any, tuple[str, str, bool]], name: str, highlight: Any,
              legend: tuple[str, ...], cycle_edges: set | None = None) -> Any:
    import pydot

    dot = pydot.Dot(name, graph_type="digraph", rankdir="LR", fontname="Helvetica")
    dot.set_node_defaults(fontname="Helvetica", shape="box", style="rounded")
    ids = {n: _dot_id(n, i) for i, n in enumerate(G.nodes)}
    for n in G.nodes:
        main, sub, group = labels[n]
        attrs: dict[str, Any] = {"label": main + (f"\\n{sub}" if sub else "")}
        if group == "effect":
            attrs.update(style="rounded,filled", fillcolor="#f5eef8", color="#8e44ad")
        elif group:
            attrs.update(style="dashed", fontname="Helvetica-Oblique")
        if n == highlight and highlight is not None:
            attrs.update(style="rounded,filled,bold", fillcolor="#fff3c4", color="#d4a017", penwidth="3")
        dot.add_node(pydot.Node(ids[n], **attrs))
    for a, b in G.edges:
        attrs = {"color": "#c0392b"} if cycle_edges and (a, b) in cycle_edges else {}
        if G.edges[a, b].get("label"):
            attrs["label"] = str(G.edges[a, b]["label"])
        if labels[a][2] == "effect":
            attrs.update(color="#8e44ad", style="dashed", fontcolor="#6c3483")
        dot.add_edge(pydot.Edge(ids[a], ids[b], **attrs))
    if legend:
        key = pydot.Cluster("legend", label="legend", fontname="Helvetica", style="dotted")
        key.add_node(pydot.Node("legend_text", shape="plaintext", label="\\l".join(legend) + "\\l"))
        dot.add_subgraph(key)  # type: ignore[arg-type]  # a Cluster is a subgraph
    return dot


def _cycle_edges(G: nx.DiGraph) -> set:
    C = nx.condensation(G)
    comp = C.graph["mapping"]
    return {(a, b) for a, b in G.edges if comp[a] == comp[b]}


def to_dot(res: "ProduceResult", highlight: Any = None) -> str:
    """The could_produce dependency graph as Graphviz DOT text (through pydot: every name quoted), one node
    per permanent id, the asked permanent highlighted, with a legend."""
    G, labels = effect_graph(res)
    return _to_pydot(G, labels, "could_produce", highlight, LEGEND, _cycle_edges(res.graph)).to_string()


def _write(path: str, dot_text: str, svg_text: Any) -> str:
    """Write DOT text (.dot/.gv), or draw .svg/.png with Graphviz, or without it .svg with ``svg_text()``."""
    import subprocess

    p = Path(path)
    suffix = p.suffix.lower()
    try:
        if suffix in ("", ".dot", ".gv"):
            p.write_text(dot_text, encoding="utf-8")
            return f"graph written to {p}"
        if suffix not in (".svg", ".png"):
            return f"cannot draw {p}: use a .dot, .svg or .png file name"
        exe = _dot_program()
        if exe is None:
            if suffix == ".svg":
                p.write_text(svg_text(), encoding="utf-8")
                return f"graph drawn to {p} (mtgcheck's built-in SVG writer; Graphviz is not installed)"
            return (f"cannot draw {p}: PNG output needs the Graphviz 'dot' program, which is not installed; "
                    f"use a .svg file name (drawn by mtgcheck itself) or .dot (Graphviz text); nothing was written")
        r = subprocess.run([exe, f"-T{suffix[1:]}", "-o", str(p)], input=dot_text, text=True,
                           capture_output=True, timeout=60)
        if r.returncode != 0:
            return f"cannot draw {p}: dot failed: {r.stderr.strip()[:200]}"
        return f"graph drawn to {p}"
    except OSError as e:
        return f"cannot write {p}: {e}"


def write_graph(res: "ProduceResult", path: str, highlight: Any = None) -> str:
    """Write the could_produce graph to ``path``: .dot/.gv text; .svg/.png through the Graphviz ``dot`` program
    when installed, else .svg by ``svg_of`` (and .png is refused, naming .svg/.dot).

    Returns a line for the explanation, starting "graph written to" or "graph drawn to" when a file was
    written; never raises for a missing ``dot`` program or an unwritable path.
    """
    return _write(path, to_dot(res, highlight), lambda: to_svg(res, highlight))


# ---------------------------------------------------------------------------
# Payments: which source pays which symbol
# ---------------------------------------------------------------------------

_SYMBOL = re.compile(r"\{([^}]*)\}|\((\d+) life\)")


def _symbols(announced: str) -> list[str]:
    """The symbols of an announced cost, generic mana split into units: ``{2}{G}(2 life)`` →
    ``["{1}", "{1}", "{G}", "(2 life)"]``."""
    out: list[str] = []
    for m in _SYMBOL.finditer(announced or ""):
        if m.group(2):
            out.append(f"({m.group(2)} life)")
        elif m.group(1).isdigit():
            out.extend(["{1}"] * int(m.group(1)))
        else:
            out.append("{" + m.group(1) + "}")
    return out


def payment_graph(payment: Mapping[str, Any]) -> tuple[nx.DiGraph, dict[Any, tuple[str, str, bool]]]:
    """The graph of one payment (``Payment.to_dict()``): source nodes → symbol nodes of the announced cost.

    Each unit of mana a source made pays one symbol: a coloured or colourless unit its own symbol ({G} pays
    {G}, hybrid {G/W} and {G/P}) when one is left, else a generic {1}. This is one valid assignment (the
    payment is valid, CR 601.2h); restrictions on how mana may be spent are not drawn.
    """
    G = nx.DiGraph()
    labels: dict[Any, tuple[str, str, bool]] = {}
    syms = _symbols(str(payment.get("announced") or ""))
    free = list(range(len(syms)))
    for i, s in enumerate(syms):
        labels[("sym", i)] = (s, "of the cost", True)
        G.add_node(("sym", i))
    names = [str(u.get("source")) for u in payment.get("uses") or []]
    for k, use in enumerate(payment.get("uses") or []):
        node = ("use", k)
        who = str(use.get("source"))
        if names.count(who) > 1 or use.get("id") is None:
            who += f" [{use.get('id') or str(use.get('of_identical', '')) + ' identical'}]"
        count = int(use.get("count") or 1)
        mana = str(use.get("mana") or "")
        labels[node] = (f"{who}" + (f" x{count}" if count > 1 else ""), f"{use.get('kind', '')}: {mana}", False)
        G.add_node(node)
        # a unit of coloured or colourless mana; "1": a generic unit (a card exiled with delve, an artifact
        # tapped for improvise: CR 702.66a, 702.126a pay only generic mana)
        units = [t for t in re.findall(r"\{([WUBRGC]|\d+)\}", mana)] * count
        units = [u for t in units for u in (["1"] * int(t) if t.isdigit() else [t])]
        for t in units:
            pick = None if t == "1" else next((i for i in free if t in syms[i].strip("{}").split("/")), None)
            if pick is None:
                pick = next((i for i in free if syms[i] == "{1}"), None)
            if pick is None:
                continue
            free.remove(pick)
            G.add_edge(node, ("sym", pick))
    for i in list(free):
        if syms[i].endswith("life)"):
            labels[("sym", i)] = (syms[i], "paid with life", True)
    return G, labels


def write_payment_graph(title: str, payment: Mapping[str, Any] | None, path: str) -> str:
    """Draw one payment (``Payment.to_dict()``) to ``path`` (.dot, .svg, .png as ``write_graph``).

    Returns a line for the explanation ("graph written to"/"graph drawn to" when written)."""
    if not payment:
        return f"nothing to draw to {path}: there is no payment"
    G, labels = payment_graph(payment)
    dot = _to_pydot(G, labels, "payment", None, PAYMENT_LEGEND).to_string()
    return _write(path, dot, lambda: svg_of(G, labels, title=title, legend=PAYMENT_LEGEND))


def attach_payment_graph(ctx: Any, title: str, payment: Mapping[str, Any] | None, why: list[str]) -> dict[str, Any]:
    """For the ``cast``/``payments`` handlers: when ``--graph FILE`` was given, draw ``payment`` there, add the
    line to ``why`` and return the answer's ``extra`` (``{"graph": {path, written, message}}``), else ``{}``."""
    gpath = ctx.options.get("graph") if ctx.options else None
    if not gpath:
        return {}
    if not payment:  # not castable: nothing to draw, which is not an error
        msg = f"no graph drawn to {gpath}: there is no payment to draw"
        why.append(msg)
        return {"graph": {"path": str(gpath), "written": False, "skipped": True, "message": msg}}
    msg = write_payment_graph(title, payment, str(gpath))
    why.append(msg)
    return {"graph": {"path": str(gpath), "written": msg.startswith(("graph written", "graph drawn")), "message": msg}}


# ---------------------------------------------------------------------------
# The picture of an answer (notebooks: ``Answer.svg``)
# ---------------------------------------------------------------------------


#: The legends of the resolution and delve pictures.
DELVE_LEGEND = (
    "legend: left, each card in the graveyard that may be exiled; right, the generic mana of the total cost delve",
    "can pay (each card exiled pays {1}, CR 702.66a-b; at most the generic part); the count is of exile choices.",
)
SCRY_LEGEND = (
    "legend: each card looked at goes on top (in any order) or to the bottom (in any order) of the library",
    "(CR 701.22a); the count is of distinct resulting libraries.",
)
TRIGGER_LEGEND = (
    "legend: each player's triggered abilities go on the stack in APNAP order (CR 603.3b): the active player's",
    "first, so the last player's resolve first; each player orders their own. An arrow: put on the stack before.",
)
PUT_LEGEND = (
    "legend: each player, in turn order, may put any of the eligible cards shown (CR 101.4); the count is of",
    "distinct outcomes.",
)


def _delve_graph(values: Mapping[str, Any], extra: Mapping[str, Any]) -> tuple[nx.DiGraph, dict[Any, tuple[str, str, Any]]] | None:
    sets = values.get("exile_sets") or []
    cards: list[str] = []
    for st in sets:
        counts: dict[str, int] = {}
        for name in st:
            counts[name] = counts.get(name, 0) + 1
        for name, n in counts.items():
            while cards.count(name) < n:
                cards.append(name)
    if not cards:
        return None
    G = nx.DiGraph()
    labels: dict[Any, tuple[str, str, Any]] = {}
    limit = values.get("delve_limit")
    pay = ("pay", 0)
    G.add_node(pay)
    labels[pay] = (f"generic mana of {values.get('total_cost', '?')}",
                   f"delve pays up to {limit}; {values.get('exile_set_count', '?')} exile choices", True)
    for i, name in enumerate(cards):
        G.add_node(("card", i))
        labels[("card", i)] = (name, "in the graveyard", False)
        G.add_edge(("card", i), pay, label="may be exiled: {1}")
    return G, labels


def _scry_graph(values: Mapping[str, Any], extra: Mapping[str, Any]) -> tuple[nx.DiGraph, dict[Any, tuple[str, str, Any]]] | None:
    looked = list(extra.get("looked") or ())  # the top cards looked at (the scry handler's)
    if not looked:
        return None
    G = nx.DiGraph()
    labels: dict[Any, tuple[str, str, Any]] = {}
    top, bottom = ("pile", "top"), ("pile", "bottom")
    labels[top] = ("top of the library", "in any order", True)
    labels[bottom] = ("bottom of the library", "in any order", True)
    G.add_nodes_from([top, bottom])
    for i, name in enumerate(looked):
        G.add_node(("card", i))
        labels[("card", i)] = (str(name), f"looked at: card {i + 1} from the top", False)
        G.add_edge(("card", i), top)
        G.add_edge(("card", i), bottom)
    labels[top] = ("top of the library", f"in any order; {values.get('distinct_results', '?')} distinct libraries", True)
    return G, labels


def _trigger_graph(values: Mapping[str, Any], extra: Mapping[str, Any]) -> tuple[nx.DiGraph, dict[Any, tuple[str, str, Any]]] | None:
    triggers = values.get("triggers") or {}
    if not isinstance(triggers, Mapping) or not triggers:
        return None
    G = nx.DiGraph()
    labels: dict[Any, tuple[str, str, Any]] = {}
    order = [p for p in triggers if triggers[p]]
    for i, p in enumerate(order):
        node = ("player", p)
        G.add_node(node)
        labels[node] = (f"{p}'s triggers", f"{len(triggers[p])}: in any order" + (" (resolve first)" if i == len(order) - 1 else ""), True)
        for j, t in enumerate(triggers[p]):
            tn = ("trigger", p, j)
            G.add_node(tn)
            labels[tn] = (str(t), f"controlled by {p}", False)
            G.add_edge(tn, node)
        if i:
            G.add_edge(("player", order[i - 1]), node, label="stacked before (APNAP)")
    return G, labels


def _put_graph(values: Mapping[str, Any], extra: Mapping[str, Any]) -> tuple[nx.DiGraph, dict[Any, tuple[str, str, Any]]] | None:
    eligible = values.get("eligible") or {}
    if not isinstance(eligible, Mapping) or not eligible:
        return None
    G = nx.DiGraph()
    labels: dict[Any, tuple[str, str, Any]] = {}
    bf = ("zone", "battlefield")
    G.add_node(bf)
    labels[bf] = ("the battlefield", f"{values.get('outcomes', '?')} distinct outcomes", True)
    for p, cards in eligible.items():
        for j, name in enumerate(cards):
            n = ("card", p, j)
            G.add_node(n)
            labels[n] = (str(name), f"{p}'s hand: may be put", False)
            G.add_edge(n, bf, label=p)
    return G, labels


def answer_graph(kind: str, values: Mapping[str, Any], extra: Mapping[str, Any]
                 ) -> tuple[nx.DiGraph, dict[Any, tuple[str, str, Any]], tuple[str, ...], Any] | None:
    """The picture of one answer as ``(graph, labels, legend, highlight)``, or None when the question has none
    or there is nothing to draw (no payment exists, nothing eligible).

    could_produce: the dependency graph with the effects that change it (``effect_graph``; from
    ``extra["picture"]``, the handler's ``(ProduceResult, id)``); cast: the payment found; payments: the best or
    first payment listed (delve and convoke cards drawn paying their symbols); delve: the graveyard cards that
    may pay the generic mana; scry: the cards looked at and the two piles; trigger_order: each player's
    triggers in APNAP order; put_onto_battlefield (Hypergenesis, Show and Tell): the eligible cards.
    """
    if kind == "could_produce":
        pic = extra.get("picture")
        if not pic:
            return None
        res, highlight = pic
        G, labels = effect_graph(res)
        return G, labels, LEGEND, highlight
    if kind in ("cast", "payments"):
        payment = values.get("payment")
        if payment is None:
            payment = values.get("best") or (values["payments"][0] if values.get("payments") else None)
        if not isinstance(payment, Mapping):
            return None
        G, labels = payment_graph(payment)
        return G, labels, PAYMENT_LEGEND, None
    builders = {"delve": (_delve_graph, DELVE_LEGEND), "scry": (_scry_graph, SCRY_LEGEND),
                "trigger_order": (_trigger_graph, TRIGGER_LEGEND), "put_onto_battlefield": (_put_graph, PUT_LEGEND)}
    if kind in builders:
        build, legend = builders[kind]
        got = build(values, extra)
        if got is None:
            return None
        return got[0], got[1], legend, None
    return None


def answer_svg(kind: str, values: Mapping[str, Any], extra: Mapping[str, Any], title: str = "") -> str | None:
    """The picture of one answer as an SVG document (``svg_of``: no Graphviz), or None (``answer_graph``)."""
    got = answer_graph(kind, values, extra)
    if got is None:
        return None
    G, labels, legend, highlight = got
    return svg_of(G, labels, highlight=highlight, title=title or kind, legend=legend)


def write_answer_graph(kind: str, values: Mapping[str, Any], extra: Mapping[str, Any], path: str,
                       title: str = "") -> str | None:
    """Draw the picture of an answer (``answer_graph``) to ``path`` (.dot, .svg, .png as ``write_graph``);
    returns the line for the explanation, or None when the question has no picture."""
    got = answer_graph(kind, values, extra)
    if got is None:
        return None
    G, labels, legend, highlight = got
    dot = _to_pydot(G, labels, kind, highlight, legend).to_string()
    return _write(path, dot, lambda: svg_of(G, labels, highlight=highlight, title=title or kind, legend=legend))


def png_possible() -> bool:
    """Whether ``.png`` pictures can be drawn: they need the Graphviz ``dot`` program."""
    return _dot_program() is not None
