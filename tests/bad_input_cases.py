"""The hostile and broken inputs, one builder a class, shared by the tests (``tests/test_input_classes.py``: the
smallest input of each class, in process) and the benchmark (``benchmarks/bad_inputs.py``: the full-size ones, as
a user runs the ``mtgcheck`` command, for the table of docs/inputs.md).

A builder writes its input into a folder and returns the command's arguments (after ``mtgcheck``), with paths
relative to that folder: run it from there. The sizes a test and the benchmark differ by are arguments. The HTTP
helpers serve on 127.0.0.1 only.
"""
from __future__ import annotations

import gzip
import http.server
import json
import os
import socket
import threading
from pathlib import Path
from typing import Any, Callable

SECRET = "api_token_5f2c: sk-live-0000\ndb_password_9a1b: hunter2\n"
KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\n"

#: One card record of Scryfall's shape.
CARD = {"object": "card", "name": "Forest", "mana_cost": "", "cmc": 0, "type_line": "Basic Land — Forest",
        "oracle_text": "({T}: Add {G}.)", "colors": [], "color_identity": ["G"], "keywords": [], "layout": "normal",
        "legalities": {"modern": "legal"}}


def write(p: Path, text: str | bytes) -> Path:
    """Write ``text`` (bytes as they are; text as UTF-8, lone surrogates kept) to ``p``, making its folders."""
    p.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8", errors="surrogatepass")
    return p


def leaked(output: str) -> bool:
    """Whether the text of a file outside what was named (``outside``) shows in ``output``."""
    return any(w in output for w in ("api_token", "hunter2", "db_password", "PRIVATE KEY", "b3BlbnNz"))


def outside(d: Path) -> None:
    """Private files outside the folder a command is given: ``outside/secret.yaml`` and ``outside/id_rsa``."""
    write(d / "outside" / "secret.yaml", SECRET)
    write(d / "outside" / "id_rsa", KEY)


def scenario(ask: str, extra: str = "") -> str:
    """A scenario's text: two players, ``extra`` lines, then ``ask``."""
    return f"title: t\nplayers: [Alice, Bob]\n{extra}ask: {ask}\n"


def gzip_bomb(unit: bytes, total: int, block: int = 64 << 20) -> bytes:
    """Concatenated gzip members of ``unit`` repeated to ``block`` bytes, expanding to about ``total`` bytes."""
    data = unit * max(1, block // len(unit))
    return gzip.compress(data, 9) * max(1, total // len(data))


# ---- nothing is read outside what the user named ----------------------------------------------------------------


def format_outside_scenario_folder(d: Path) -> list[str]:
    """A scenario whose ``validate_deck`` names a format file outside its folder."""
    outside(d)
    write(d / "sc" / "s.yaml", scenario("{validate_deck: {format: ../outside/secret.yaml, decklist: '4 Forest'}}"))
    return ["check", "sc"]


def format_path_in_record(d: Path, fmt: str) -> list[str]:
    """A JSON-lines record whose format is the path ``fmt`` (``--format auto``)."""
    outside(d)
    write(d / "decks.jsonl", json.dumps({"format": fmt, "main": [[60, "Forest"]]}) + "\n")
    return ["validate", "--format", "auto", "decks.jsonl"]


def link_outside_decklist_folder(d: Path) -> list[str]:
    """A decklist folder holding ``leak.txt``, a link to a private key outside it."""
    outside(d)
    write(d / "decks" / "main.txt", "60 Forest\n")
    os.symlink(d / "outside" / "id_rsa", d / "decks" / "leak.txt")
    return ["validate", "-f", "modern", "decks"]


def link_outside_scenario_folder(d: Path) -> list[str]:
    """A scenario folder holding ``leak.yaml``, a link to a file outside it."""
    outside(d)
    write(d / "sc" / "s.yaml", scenario("{mana_value: {card: Forest}}"))
    os.symlink(d / "outside" / "secret.yaml", d / "sc" / "leak.yaml")
    return ["check", "sc"]


def nul_in_paths(d: Path) -> list[str]:
    """A NUL character in a ``decklist:`` path and in a ``format:`` path."""
    write(d / "s.yaml", scenario('{validate_deck: {format: modern, decklist: "a\\0.txt"}}'))
    write(d / "t.yaml", scenario('{validate_deck: {format: "a\\0.yaml", decklist: "4 Forest"}}'))
    return ["check", "s.yaml", "t.yaml"]


# ---- regular files only -----------------------------------------------------------------------------------------


def fifo_in_decklist_folder(d: Path) -> list[str]:
    """A named pipe ``pipe.txt`` in a decklist folder."""
    write(d / "decks" / "main.txt", "60 Forest\n")
    os.mkfifo(d / "decks" / "pipe.txt")
    return ["validate", "-f", "modern", "decks"]


def fifo_in_scenario_folder(d: Path) -> list[str]:
    """A named pipe ``pipe.yaml`` in a scenario folder."""
    write(d / "sc" / "s.yaml", scenario("{mana_value: {card: Forest}}"))
    os.mkfifo(d / "sc" / "pipe.yaml")
    return ["check", "sc"]


def device_link_in_decklist_folder(d: Path) -> list[str]:
    """A decklist folder holding ``zero.txt``, a link to /dev/zero."""
    write(d / "decks" / "main.txt", "60 Forest\n")
    os.symlink("/dev/zero", d / "decks" / "zero.txt")
    return ["validate", "-f", "modern", "decks"]


# ---- searches that must end in their budget ---------------------------------------------------------------------


def least_x_against_a_huge_power(d: Path) -> list[str]:
    """The least X of "target creature an opponent controls with power X or less" against power 10^9."""
    write(d / "s.yaml", scenario("{activate: {permanent: Minamo Sightbender, ability: 1}}", (
        "cards:\n  Minamo Sightbender: {mana_cost: '{1}{U}', type_line: Creature — Human Wizard, oracle_text: "
        "\"{X}, {T}: Target creature an opponent controls with power X or less can't be blocked this turn.\", "
        "power: '1', toughness: '2'}\n"
        "  Big: {mana_cost: '{G}', type_line: Creature — Beast, oracle_text: '', power: '1000000000', toughness: "
        "'1'}\nbattlefield:\n  Alice: [Minamo Sightbender, Island]\n  Bob: [Big]\n")))
    return ["ask", "s.yaml"]


def ten_symbol_spell_on_forty_sources(d: Path) -> list[str]:
    """The payments of a spell of {W}{W}{U}{U}{B}{B}{R}{R}{G}{G} (Progenitus's cost) with 40 sources: ten
    filter-free two-colour artifacts ({1}, {T}: Add two colours), ten dual lands, ten basics and ten any-colour
    sources. Counting them without a budget takes minutes."""
    pairs = ["WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU"]
    types = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
    cards = ["  Five Colour Giant: {mana_cost: '{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}', type_line: Creature — Giant, "
             "oracle_text: '', power: '10', toughness: '10'}"]
    board = []
    for a, b in pairs:
        cards.append(f"  Signet {a}{b}: {{mana_cost: '{{2}}', type_line: Artifact, oracle_text: "
                     f"'{{1}}, {{T}}: Add {{{a}}}{{{b}}}.'}}")
        cards.append(f"  Dual {a}{b}: {{type_line: Land — {types[a]} {types[b]}, oracle_text: ''}}")
        board += [f"Signet {a}{b}", f"Dual {a}{b}"]
    board += ["Plains", "Island", "Swamp", "Mountain", "Forest"] * 2
    board += ["City of Brass", "Mana Confluence", "Birds of Paradise", "Exotic Orchard", "Reflecting Pool",
              "Forbidden Orchard", "City of Brass", "Mana Confluence", "Birds of Paradise", "Forbidden Orchard"]
    write(d / "s.yaml", "players: [Alice, Bob]\ncards:\n" + "\n".join(cards) + "\nbattlefield:\n  Alice: ["
          + ", ".join(board) + "]\nask: {payments: {card: Five Colour Giant, player: Alice}}\n")
    return ["ask", "s.yaml"]


def scry_over_a_million_card_library(d: Path) -> list[str]:
    """Scry 2 over a library of 10^6 cards (100 entries of 10,000)."""
    lib = "[" + ", ".join("{card: %s, count: 10000}" % ("Forest" if i % 2 else "Island") for i in range(100)) + "]"
    write(d / "s.yaml", scenario("{scry: {player: Alice, n: 2}}", f"library: {{Alice: {lib}}}\n"))
    return ["ask", "s.yaml"]


# ---- user text that must be printed as written ------------------------------------------------------------------


def markup_in_card_names(d: Path) -> list[str]:
    """Card names that are rich markup or emoji codes: ``[bold red]Bolt[/]``, ``Bolt[/]``, ``:smile:``."""
    write(d / "deck.txt", "56 Forest\n4 [bold red]Bolt[/]\n1 Bolt[/]\n1 :smile:\n")
    return ["validate", "-f", "modern", "deck.txt"]


def markup_in_title_and_folder(d: Path) -> list[str]:
    """A scenario titled ``[/] x`` in a folder named ``s[/]``."""
    write(d / "s[/]" / "s.yaml", "title: '[/] x'\nplayers: [Alice]\nask: {mana_value: {card: Nope}}\nexpect: 1\n")
    return ["check", "s[/]"]


def surrogate_in_record_format(d: Path) -> list[str]:
    """A record whose format is a lone surrogate (``--format auto``)."""
    write(d / "decks.jsonl", '{"format": "\\ud800", "main": [[60, "Forest"]]}\n')
    return ["validate", "--format", "auto", "decks.jsonl"]


def surrogate_in_card_data(d: Path) -> list[str]:
    """Card data with a lone surrogate in a card's type line (give it a cache folder of its own)."""
    write(d / "cards.json", json.dumps([dict(CARD, type_line="Basic Land \ud800 Forest")]))
    return ["card", "Forest", "--cards", "cards.json"]


# ---- nothing dropped without a word -----------------------------------------------------------------------------


def key_twice_in_a_record(d: Path) -> list[str]:
    """A JSON-lines record with ``"main"`` twice, then one whose value (not key) is ``"main"``."""
    write(d / "decks.jsonl", '{"format": "modern", "main": [[60, "Forest"]], "main": [[4, "Island"]]}\n'
                             '{"format": "modern", "main": [[60, "Forest"]], "event": "main"}\n')
    return ["validate", "-f", "modern", "decks.jsonl"]


#: A CSV decklist whose ``Board`` value no reader knows.
CSV_UNKNOWN_BOARD = "Count,Name,Board\n60,Forest,mainboard\n15,Island,wishboard\n"


def unknown_csv_board(d: Path) -> list[str]:
    """A CSV decklist with the ``Board`` value ``wishboard``."""
    write(d / "deck.csv", CSV_UNKNOWN_BOARD)
    return ["validate", "-f", "modern", "deck.csv"]


def unreadable_card_record(d: Path) -> list[str]:
    """Card data with a malformed record (``type_line: 5``) and a deck that uses it (give it a cache folder of its
    own)."""
    write(d / "cards.json", json.dumps([CARD, {"object": "card", "name": "Island", "type_line": 5}]))
    write(d / "deck.txt", "30 Forest\n30 Island\n")
    return ["validate", "-f", "modern", "--cards", "cards.json", "deck.txt"]


# ---- scenario values of the wrong kind, impossible states: errors at their line ---------------------------------


def wrong_kind_scenario(ask: str) -> str:
    """A scenario with a Forest on Alice's battlefield asking ``ask`` (the question is on line 4)."""
    return f"players: [Alice, Bob]\nbattlefield:\n  Alice: [Forest]\nask: {ask}\n"


def state_scenario(extra: str) -> str:
    """A scenario with ``extra`` lines asking Alice's available mana."""
    return f"players: [Alice, Bob]\n{extra}ask: {{available_mana: Alice}}\n"


#: (id, question, words of the error): a question argument of the wrong kind (``wrong_kind_scenario``).
WRONG_KIND_ARGUMENTS = [
    ("activate-x-abc", "{activate: {permanent: Forest, ability: 1, x: abc}}", "argument 'x' of activate must be a whole number"),
    ("activate-x-list", "{activate: {permanent: Forest, ability: 1, x: [1]}}", "argument 'x' of activate must be a whole number"),
    ("ability-true", "{activate: {permanent: Forest, ability: true}}", "argument 'ability' of activate must be an ability number"),
    ("commanders-5", "{validate_deck: {format: commander, decklist: '1 Forest', commanders: 5}}", "argument 'commanders'"),
    ("companion-list", "{validate_deck: {format: modern, decklist: '60 Forest', companion: [Lurrus]}}", "argument 'companion'"),
]

#: (id, scenario lines, words of the error): a card or choice value of the wrong kind (``state_scenario``).
WRONG_KIND_VALUES = [
    ("choices-purple", "battlefield:\n  Alice: [{card: Forest, choices: {color: purple}}]\n",
     "choices: color 'purple' is not a colour"),
    ("face-name-false", "cards:\n  Duo: {layout: split, card_faces: [{name: false, mana_cost: '{R}', type_line: Instant}, "
     "{name: B, mana_cost: '{U}', type_line: Instant}]}\n", "face 1's name must be text"),
    ("cost-true", "cards:\n  T: {type_line: Artifact, abilities: [{kind: activated, cost: true, effect: add_mana, "
     "params: {mana: '{G}'}}]}\nbattlefield:\n  Alice: [T]\n", "'cost' must be the cost as text"),
    ("params-keyword-0", "cards:\n  T: {type_line: Artifact, abilities: [{kind: static, effect: keyword, params: "
     "{keyword: 0}}]}\nbattlefield:\n  Alice: [T]\n", "keyword.keyword: must be text"),
]

#: (id, scenario lines, words of the error): an impossible state (``state_scenario``).
IMPOSSIBLE_STATES = [
    ("forest-stack", "stack: {Alice: [Forest]}\n", "Forest is a land card: it is never on the stack"),  # CR 305.1, 305.9
    ("land-attacking", "turn: {step: declare_attackers}\nbattlefield:\n  Alice: [{card: Forest, attacking: true}]\n",
     "Forest is attacking but is not a creature"),  # CR 506.3
    ("effect-ability-1e9", "effects: [{card: Forest, controller: Alice, ability: 1000000000}]\n",
     "Forest has 1 activated ability"),
]


# ---- servers (127.0.0.1 only) -----------------------------------------------------------------------------------


def serve(handler: Callable[[Any], None]) -> tuple[str, http.server.ThreadingHTTPServer]:
    """An HTTP server answering every GET with ``handler(request_handler)``: ``(its address, the server)``."""

    class H(http.server.BaseHTTPRequestHandler):
        def log_message(self, *a: Any) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802
            try:
                handler(self)
            except (BrokenPipeError, ConnectionResetError):
                pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{srv.server_address[1]}", srv


def silent_server() -> tuple[int, Any]:
    """A TCP server that accepts connections and never answers: ``(its port, an object whose shutdown() closes
    it)``."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(16)
    conns: list[socket.socket] = []

    def loop() -> None:
        while True:
            try:
                c, _ = s.accept()
            except OSError:
                return
            conns.append(c)

    threading.Thread(target=loop, daemon=True).start()

    class Closer:
        def shutdown(self) -> None:
            s.close()
            for c in conns:
                c.close()

    return s.getsockname()[1], Closer()


def send(h: Any, body: bytes, status: int = 200, headers: dict[str, str] | None = None) -> None:
    """Answer a request with ``body``."""
    h.send_response(status)
    for k, v in (headers or {}).items():
        h.send_header(k, v)
    h.send_header("Content-Length", str(len(body)))
    h.end_headers()
    h.wfile.write(body)


def index_for(base: str, path: str = "/cards.json", size: int | None = None) -> bytes:
    """A Scryfall bulk-data index naming one Oracle Cards file at ``base + path``."""
    item: dict[str, Any] = {"type": "oracle_cards", "download_uri": base + path, "updated_at": "2025-11-03T09:00:00+00:00"}
    if size is not None:
        item["size"] = size
    return json.dumps({"data": [item]}).encode()
