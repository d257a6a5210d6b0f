"""The rulings page over HTTP (``mtgcheck serve``), with Starlette's test client: every question kind is asked from
the board builder and gives the rules' answer, the same answer ``mtgcheck ask`` gives for the same YAML; every bad
input gets the CLI's message beside the field at fault; nothing a request sends reads a file outside what the server
was given, runs past the budgets or stops the server.
"""
from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="needs starlette (pip install -e '.[test]')")
from starlette.testclient import TestClient  # noqa: E402

from mtgcheck.models.data.scenario import load_scenarios  # noqa: E402
from mtgcheck.solver.questions.runner import run_scenario  # noqa: E402
from mtgcheck.solver.web.app import MAX_BODY, create_app  # noqa: E402
from mtgcheck.solver.web.service import MAX_TEXT, encode_share  # noqa: E402
from tests.web_server import EXAMPLES, catalog_service, running_server  # noqa: E402

BASE = "http://127.0.0.1:8765"


@pytest.fixture(scope="module")
def service():
    svc = catalog_service()
    yield svc
    svc.close()


@pytest.fixture(scope="module")
def client(service):
    with TestClient(create_app(service), base_url=BASE) as c:
        yield c


def form(zones=None, kind="", args=None, more="", ask_more="", players=("Alice", "Bob"), **kw):
    f = {"players": list(players), "zones": zones or {}, "ask": {"kind": kind, "args": args or {}, "more": ask_more},
         "more": more}
    f.update(kw)
    return f


def bf(*names, player="Alice"):
    return {"battlefield": {player: [{"card": n} for n in names]}}


def ask(client, f, origin=None):
    r = client.post("/api/ask", json={"form": f, "origin": origin})
    assert r.status_code == 200, r.text
    return r.json()


def cli_answer(tmp_path, text, name="scenario.yaml", db=None):
    """The runner's result for the same YAML written to a file, as ``mtgcheck ask FILE`` computes it."""
    from mtgcheck.models.data.database import load_database

    from types import SimpleNamespace

    from mtgcheck.models.data.scenario import ScenarioError, load_scenario_items

    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    try:
        (sc,) = load_scenario_items(p)
    except ScenarioError as e:  # refused when read (a question argument of the wrong kind): the CLI's error
        sc = e
    if isinstance(sc, ScenarioError):
        return SimpleNamespace(verdict="error", message=str(sc), answer=None), p
    return run_scenario(sc, db or load_database(None), {"limit": 50}), p


# ---------------------------------------------------------------------------
# Every question kind, from the builder's fields (expected values from the rules)
# ---------------------------------------------------------------------------

KINDS = {
    # CR 613 (Blood Moon's type change in layer 4 removes Urborg's ability), 305.7, 106.7: the Pool sees a Mountain
    "could_produce": (form(bf("Blood Moon", "Urborg, Tomb of Yawgmoth", "Reflecting Pool"), "could_produce",
                           {"permanent": "Reflecting Pool"}), {"types": ["R"]}),
    # CR 106.7: a Forest and an Island make one pool {G}{U}, written in W U B R G C order
    "available_mana": (form(bf("Forest", "Island"), "available_mana", {"player": "Alice"}), {"pools": ["{U}{G}"]}),
    # docs/scenarios.md: Ice costs {1}{U} (CR 709.3: the half cast)
    "cast": (form(bf("Island", "Island"), "cast", {"card": "Ice"}),
             {"castable": True, "total_cost": "{1}{U}", "mana_value": 2}),
    # two identical Forests are one choice for {G}, two telling them apart (docs/payment.md)
    "payments": (form(bf("Forest", "Forest"), "payments", {"card": "Llanowar Elves"}),
                 {"count": 1, "count_individual": 2}),
    # CR 702.66a: one Island pays {U}, so the seven graveyard cards must pay {7}
    "delve": (form(bf("Island") | {"graveyard": {"Alice": [{"card": "Opt", "count": "7"}]}}, "delve",
                   {"card": "Treasure Cruise"}), {"castable": True, "max_exile": 7, "min_exile": 7}),
    # CR 302.6: a summoning-sick creature's {T} ability cannot be activated
    "activate": (form({"battlefield": {"Alice": [{"card": "Llanowar Elves", "sick": True}]}}, "activate",
                      {"permanent": "Llanowar Elves", "ability": "1"}), {"activatable": False}),
    # CR 202.3, 702.66b: Treasure Cruise's mana value is 8 on the stack
    "mana_value": (form({}, "mana_value", {"card": "Treasure Cruise", "zone": "stack"}), {"mana_value": 8}),
    # CR 701.22a: scry 1 looks at one card; it stays on top or goes to the bottom
    "scry": (form({"library": {"Alice": [{"card": "Island"}, {"card": "Forest"}]}}, "scry",
                  {"player": "Alice", "n": "1"}), {"looked_at": 1, "choices": 2, "distinct_results": 2}),
    # Show and Tell rulings 2008-04-01: Alice puts nothing, the Bears or the Forest; Bob nothing or the Wall: 3 x 2
    "put_onto_battlefield": (form({"hand": {"Alice": [{"card": "Grizzly Bears"}, {"card": "Forest"}],
                                            "Bob": [{"card": "Wall of Omens"}]}}, "put_onto_battlefield",
                                  {"spell": "Show and Tell", "player": "Alice"}), {"outcomes": 6}),
    # CR 603.3b: the active player's two triggers go in either order, then the other player's
    "trigger_order": (form({}, "trigger_order", {"triggers": "{Alice: [A, B], Bob: [C]}"}), {"orders": 2}),
    # Hypergenesis ruling 2006-09-25: a card put onto the battlefield without being cast has X = 0
    "entering_x": (form({}, "entering_x", {"card": "Endless One", "put_by": "Hypergenesis"}), {"x": 0}),
    # CR 100.2a: at most four copies of a card other than a basic land
    "validate_deck": (form({}, "validate_deck", {"format": "modern", "decklist": "5 Lightning Bolt\n55 Mountain"}),
                      {"legal": False}),
}


def test_every_question_kind_has_a_case():
    from mtgcheck.models.data.scenario import QUESTION_KINDS

    assert set(KINDS) == set(QUESTION_KINDS)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_asked_from_the_builder_gives_the_rules_answer_and_the_clis(client, tmp_path, kind):
    f, expected = KINDS[kind]
    got = ask(client, f)
    res = got["result"]
    assert got["errors"] == [] and res["question"] == kind
    assert res["verdict"] == "no expectation", res["message"]
    for k, v in expected.items():
        assert res["values"][k] == v, (k, res["values"])
    # the same YAML asked as a file, as `mtgcheck ask` does: the same values and the same why
    cli, _ = cli_answer(tmp_path, got["yaml"])
    assert res["values"] == json.loads(json.dumps(cli.answer.values, default=str))
    assert res["explanation"] == [w for w in cli.answer.explanation]
    assert res["values_text"] == {k: json.dumps(v, ensure_ascii=False, default=str) for k, v in cli.answer.values.items()}
    assert "kicked" not in got["yaml"]


def test_a_no_answer_shows_its_reason_code(client):
    """CR 601.2g-h: Lightning Bolt with only a Forest cannot be paid; the page shows the reason code beside the
    sentence (mtgcheck.Reason), as ``--json`` does."""
    f = form({"battlefield": {"Alice": [{"card": "Forest"}]}, "hand": {"Alice": [{"card": "Lightning Bolt"}]}},
             "cast", {"card": "Lightning Bolt"})
    res = ask(client, f)["result"]
    assert res["values"]["castable"] is False, res
    assert res["code"] == "not_enough_mana"


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_an_answer_carries_the_picture_its_question_has(client, kind):
    """As Answer.svg() draws it (solver.questions.graph.answer_svg): could_produce, cast, payments, delve, scry, trigger_order
    and put_onto_battlefield have a picture; the others none."""
    res = ask(client, KINDS[kind][0])["result"]
    assert not any("graph drawn to" in w or "graph written to" in w for w in res["explanation"])
    if kind in ("could_produce", "cast", "payments", "delve", "scry", "trigger_order", "put_onto_battlefield"):
        assert res["svg"] and res["svg"].lstrip().startswith("<?xml") and "<svg" in res["svg"], kind
    else:
        assert res["svg"] is None, kind


def test_the_treasure_cruise_payment_picture_shows_the_delved_cards(client):
    """CR 702.66a: each card exiled with delve pays for {1}; the picture draws the cards used."""
    f = form(bf("Island", "Island", "Island") | {"graveyard": {"Alice": [{"card": "Opt", "count": "2"},
                                                                          {"card": "Lightning Bolt"},
                                                                          {"card": "Forest"}, {"card": "Island"}]},
                                                 "hand": {"Alice": [{"card": "Treasure Cruise"}]}},
             "cast", {"card": "Treasure Cruise"})
    res = ask(client, f)["result"]
    assert res["values"]["castable"] is True
    kinds = sorted({u["kind"] for u in res["values"]["payment"]["uses"]})
    assert kinds == ["delve", "mana_ability"]
    assert "delve: {1}" in res["svg"]
    # each card exiled pays one generic {1} of the cost, drawn as an arrow to it
    assert "Lightning Bolt \u2192 {1}" in res["svg"] and "Forest \u2192 {1}" in res["svg"]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_examples_of_each_kind_open_in_one_request_and_pass(client, kind):
    """Each example's expectation comes from the rules; opened and asked from the page it passes, as in
    `mtgcheck check examples/`."""
    listed = [e for e in client.get("/api/examples").json()["examples"] if e["kind"] == kind]
    assert listed, kind
    for e in listed[:2]:
        opened = client.post("/api/example", json={"id": e["id"]}).json()
        assert opened["origin"] == e["file"] and opened["form"]["ask"]["kind"] == kind
        got = ask(client, opened["form"], opened["origin"])
        assert got["result"]["verdict"] == "pass", (e["id"], got["result"]["message"])
        sc = load_scenarios(EXAMPLES / e["file"])[e["index"] - 1]
        from mtgcheck.models.data.database import load_database

        cli = run_scenario(sc, load_database(None), {"limit": 50})
        assert got["result"]["values"] == json.loads(json.dumps(cli.answer.values, default=str))


def test_an_example_with_a_decklist_file_finds_it_in_its_own_folder(client):
    listed = [e for e in client.get("/api/examples").json()["examples"]
              if e["kind"] == "validate_deck" and e["file"].startswith("decks/")]
    with_file = []
    for e in listed:
        opened = client.post("/api/example", json={"id": e["id"]}).json()
        if opened["form"]["ask"]["args"].get("decklist", "").startswith("lists/"):
            with_file.append(opened)
    assert with_file
    got = ask(client, with_file[0]["form"], with_file[0]["origin"])
    assert got["result"]["verdict"] == "pass", got["result"]["message"]


# ---------------------------------------------------------------------------
# Scenarios in and out
# ---------------------------------------------------------------------------


def test_a_pasted_scenario_opens_into_the_builder_and_answers_as_the_file(client):
    text = ("title: Pool\nplayers: [Alice, Bob]\nbattlefield:\n  Alice: [Forest, Reflecting Pool]\n"
            "ask: {could_produce: Reflecting Pool}\nexpect: [G]\n")
    opened = client.post("/api/open", json={"yaml": text}).json()
    assert opened["form"]["zones"]["battlefield"]["Alice"] == [{"card": "Forest"}, {"card": "Reflecting Pool"}]
    assert opened["form"]["ask"] == {"kind": "could_produce", "args": {"permanent": "Reflecting Pool"}, "more": ""}
    got = ask(client, opened["form"])
    assert got["result"]["verdict"] == "pass" and got["result"]["values"] == {"types": ["G"]}


def test_a_file_of_several_scenarios_opens_the_one_asked_for(client):
    text = ("scenarios:\n  - {players: [Alice], ask: {mana_value: {card: Forest}}, expect: {mana_value: 0}}\n"
            "  - {players: [Alice], ask: {mana_value: {card: Treasure Cruise}}, expect: {mana_value: 8}}\n")
    opened = client.post("/api/open", json={"yaml": text, "index": 2}).json()
    assert opened["count"] == 2 and opened["index"] == 2
    assert opened["form"]["ask"]["args"]["card"] == "Treasure Cruise"
    assert ask(client, opened["form"])["result"]["verdict"] == "pass"


def test_a_shared_link_rebuilds_the_board_and_question(client):
    got = ask(client, KINDS["could_produce"][0])
    opened = client.post("/api/open", json={"share": got["share"]}).json()
    again = ask(client, opened["form"])
    assert again["yaml"] == got["yaml"] and again["result"]["values"] == got["result"]["values"]


def test_a_shared_link_keeps_the_example_it_came_from(client):
    e = next(e for e in client.get("/api/examples").json()["examples"] if e["kind"] == "validate_deck"
             and "lists/" in client.post("/api/example", json={"id": e["id"]}).text)
    opened = client.post("/api/example", json={"id": e["id"]}).json()
    shared = client.post("/api/open", json={"share": opened["share"]}).json()
    assert shared["origin"] == e["file"]
    assert ask(client, shared["form"], shared["origin"])["result"]["verdict"] == "pass"


def test_the_page_and_its_assets_are_served_by_mtgcheck_itself(client):
    import re

    elsewhere = re.compile(r"""(src|href|url|fetch|import)\s*[=(]\s*["']?(https?:)?//""")
    page = client.get("/")
    assert page.status_code == 200 and "<script src=\"/static/app.js" in page.text
    assert not elsewhere.search(page.text)
    for asset in ("app.js", "app.css", "favicon.svg"):
        r = client.get(f"/static/{asset}")
        assert r.status_code == 200 and len(r.content) > 100
        assert not elsewhere.search(r.text), asset
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_info_lists_every_kind_with_its_fields_and_the_card_data(client):
    info = client.get("/api/info").json()
    assert {k["kind"] for k in info["kinds"]} == set(KINDS)
    vd = next(k for k in info["kinds"] if k["kind"] == "validate_deck")
    assert "modern" in next(f for f in vd["fields"] if f["key"] == "format")["options"]
    assert info["zones"][0] == "battlefield" and "stack" in info["zones"]
    assert "embedded catalog" in info["cards"] and "/" not in info["cards"].split("(")[0]


def test_card_names_complete_from_a_prefix_a_word_or_a_typo(client):
    assert client.get("/api/complete?q=reflec").json()["names"][0] == "Reflecting Pool"
    assert "Urborg, Tomb of Yawgmoth" in client.get("/api/complete?q=tomb of").json()["names"]
    assert "Treasure Cruise" in client.get("/api/complete?q=tresure cruse").json()["names"]
    assert client.get("/api/complete?q=").json()["names"] == []


def test_the_card_view_marks_what_is_not_modelled(client, service):
    from mtgcheck.models.game.cards import card_from_fields
    from mtgcheck.models.data.database import CardDatabase

    card = client.get("/api/card?name=Reflecting Pool").json()
    assert card["name"] == "Reflecting Pool" and card["abilities"] and all(a["modelled"] for a in card["abilities"])
    odd = card_from_fields({"name": "Odd Thing", "mana_cost": "{G}", "type_line": "Creature — Elf",
                            "oracle_text": "{T}: Add {G}.\nCreatures you control can't be blocked by Walls.",
                            "power": "1", "toughness": "1"}, source="test")
    db = CardDatabase([odd])
    from mtgcheck.solver.web.service import PageService

    svc = PageService(db)
    try:
        got = svc.card("Odd Thing")
    finally:
        svc.close()
    assert [a["modelled"] for a in got["abilities"]] == [True, False]
    marked = [p["text"] for p in got["oracle_parts"] if p["unmodelled"]]
    assert marked == ["Creatures you control can't be blocked by Walls."]


# ---------------------------------------------------------------------------
# Bad input: the CLI's message, beside the field at fault
# ---------------------------------------------------------------------------


def test_an_unknown_card_on_the_board_is_named_beside_its_entry_with_the_clis_message(client, tmp_path):
    f = form(bf("Forest", "Reflectin Pool"), "could_produce", {"permanent": "Forest"})
    got = ask(client, f)
    (err,) = got["errors"]
    assert err["field"] == "entry:battlefield:Alice:1"
    assert "unknown card 'Reflectin Pool'" in err["message"] and "did you mean: Reflecting Pool" in err["message"]
    cli, p = cli_answer(tmp_path, got["yaml"])
    assert err["message"] == cli.message.replace(str(p), "scenario.yaml")
    assert got["result"]["verdict"] == "error"


@pytest.mark.parametrize("args, field, words", [
    ({"card": "Tresure Cruise"}, "arg:card", "unknown card 'Tresure Cruise'"),
    ({"card": "Treasure Cruise", "x": "two"}, "arg:x", "argument 'x' of cast must be a whole number"),
    ({"card": "Treasure Cruise", "player": "Carol"}, "arg:player", "unknown player 'Carol'"),
])
def test_a_bad_question_argument_is_named_beside_its_field(client, tmp_path, args, field, words):
    got = ask(client, form(bf("Island"), "cast", args))
    (err,) = got["errors"]
    assert err["field"] == field and words in err["message"], err
    cli, p = cli_answer(tmp_path, got["yaml"])
    assert err["message"] == cli.message.replace(str(p), "scenario.yaml")


def test_a_reference_to_no_permanent_lists_the_candidates_beside_the_field(client):
    got = ask(client, form(bf("Forest"), "could_produce", {"permanent": "Island"}))
    (err,) = got["errors"]
    assert err["field"] == "arg:permanent" and "Island" in err["message"]


@pytest.mark.parametrize("change, field, words", [
    ({"zones": {"battlefield": {"Alice": [{"card": "Forest", "count": "many"}]}}},
     "entry:battlefield:Alice:0:count", "count"),
    ({"zones": {"battlefield": {"Alice": [{"card": "Forest", "counters": "{charge: -1}"}]}}},
     "entry:battlefield:Alice:0:counters", "counter"),
    ({"zones": {"battlefield": {"Alice": [{"card": "Forest", "more": "{tapd: true}"}]}}},
     "entry:battlefield:Alice:0:more", "unknown key 'tapd'"),
    ({"active": "Carol"}, "active", "'active' is 'Carol'"),
    ({"step": "second_main"}, "step", "second_main"),
    ({"life": {"Bob": "lots"}}, "life:Bob", "life"),
    ({"players": ["Alice", "Alice"]}, "players", "names a player twice"),
    ({"players": [f"P{i}" for i in range(65)]}, "players", "at most 64"),
    ({"more": "battlefeld: {Alice: [Forest]}"}, "more", "did you mean 'battlefield'"),
])
def test_a_bad_board_value_gets_the_readers_message_beside_its_field(client, change, field, words):
    f = form(kind="mana_value", args={"card": "Forest"})
    f.update(change)
    got = ask(client, f)
    assert got["errors"], got["result"]
    err = got["errors"][0]
    assert err["field"] == field and words in err["message"], err


@pytest.mark.parametrize("change, field, words", [
    ({"zones": {"battlefield": {"Alice": [{"card": "Forest", "counters": "{charge: 2"}]}}},
     "entry:battlefield:Alice:0:counters", "not valid YAML"),
    ({"more": "players: [Carol]"}, "more", "set by the board builder"),
    ({"more": "- a list"}, "more", "must be a YAML mapping"),
    ({"ask": {"kind": "cast", "args": {"card": "Forest", "targets": "[Bob"}, "more": ""}}, "arg:targets",
     "not valid YAML"),
    ({"ask": {"kind": "cast", "args": {"card": "Forest"}, "more": "{card: Island}"}}, "arg-more", "set by its field"),
])
def test_a_field_that_cannot_be_read_is_refused_before_asking(client, change, field, words):
    f = form(kind="mana_value", args={"card": "Forest"})
    f.update(change)
    got = ask(client, f)
    assert got["result"] is None
    (err,) = got["errors"]
    assert err["field"] == field and words in err["message"], err


@pytest.mark.parametrize("text, words, line", [
    ("players: [Alice\nask: {mana_value: Forest}\n", "not valid YAML", 2),
    ("- just\n- a list\n", "must be a mapping", 1),
    ("", "empty", None),
    ("players: [Alice]\nask: {mana_value: {card: Forest}}\nask: {mana_value: {card: Island}}\n", "duplicate key", 3),
    ("a: &a [*a]\n", "", None),
    ("scenarios: []\n", "'scenarios' must be a list", 1),
])
def test_a_malformed_pasted_scenario_is_refused_with_its_line(client, text, words, line):
    got = client.post("/api/open", json={"yaml": text}).json()
    assert "error" in got and "form" not in got
    assert words in got["error"]["message"]
    if line is not None:
        assert got["error"]["line"] == line and got["error"]["message"].startswith(f"scenario.yaml:{line}:")


def test_a_pasted_scenario_with_a_mistake_opens_with_the_readers_message(client):
    got = client.post("/api/open", json={"yaml": "players: [Alice]\nbattlefeld: {Alice: [Forest]}\n"
                                                 "ask: {mana_value: Forest}\n"}).json()
    assert "form" in got and "battlefeld" in got["form"]["more"]
    assert got["warning"]["line"] == 2 and "did you mean 'battlefield'" in got["warning"]["message"]


def test_a_pasted_scenario_too_large_or_too_nested_is_refused(client):
    got = client.post("/api/open", json={"yaml": "#" * (MAX_TEXT + 1)}).json()
    assert "at most" in got["error"]["message"]
    deep = "a: " + "[" * 200 + "]" * 200 + "\n"
    got = client.post("/api/open", json={"yaml": deep}).json()
    assert "error" in got and "deep" in got["error"]["message"]
    bomb = "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{c}: &{c} [{','.join(['*' + p] * 10)}]\n" for p, c in zip("abcdefg", "bcdefgh"))
    got = client.post("/api/open", json={"yaml": bomb}).json()
    assert "error" in got


@pytest.mark.parametrize("token, words", [
    ("", "no scenario"),
    ("not base64 !!", "characters"),
    ("AAAA", "cut or changed"),
    (base64.urlsafe_b64encode(zlib.compress(b"[1, 2]")).decode().rstrip("="), "not the page's encoding"),
    (base64.urlsafe_b64encode(zlib.compress(b"{" * 10)).decode().rstrip("="), "not the page's encoding"),
    (base64.urlsafe_b64encode(zlib.compress(b" " * (MAX_TEXT + 10))).decode().rstrip("="), "larger than"),
    (encode_share("players: [Alice]\nask: {mana_value: Forest}\n")[:-6], ""),
])
def test_a_broken_shared_link_is_refused_saying_why(client, token, words):
    got = client.post("/api/open", json={"share": token}).json()
    assert "error" in got and "form" not in got
    assert words in got["error"]["message"]


def test_a_request_that_is_not_json_too_large_or_too_nested_is_refused(client):
    js = {"Content-Type": "application/json"}
    assert client.post("/api/ask", content=b"{not json", headers=js).status_code == 400
    assert client.post("/api/ask", content=b"[1, 2]", headers=js).status_code == 400
    deep = b"[" * 5000 + b"]" * 5000
    r = client.post("/api/ask", content=deep, headers=js)
    assert r.status_code == 400 and "error" in r.json()
    r = client.post("/api/open", content=b" " * (MAX_BODY + 1), headers=js)
    assert r.status_code == 413 and "at most" in r.json()["error"]
    assert client.post("/api/open", json={"yaml": 3}).status_code == 400
    assert client.get("/api/card").status_code == 400
    assert client.post("/api/example", json={"id": "../../etc/passwd#1"}).json()["error"]


def test_a_form_of_the_wrong_shape_gets_a_message_not_a_crash(client):
    for f in (None, 3, "x", [], {"players": "Alice"}, {"zones": []}, {"zones": {"battlefield": {"Alice": "Forest"}}},
              {"zones": {"battlefield": {"Alice": [3]}}}, {"ask": {"kind": "nonsense"}}, {"ask": []}):
        r = client.post("/api/ask", json={"form": f})
        assert r.status_code == 200, (f, r.text)
        got = r.json()
        assert got["errors"] or (got["result"] and got["result"]["verdict"] == "error"), (f, got)


def test_an_unknown_card_in_the_card_view_suggests_names(client):
    got = client.get("/api/card?name=Reflectin Pool").json()
    assert got["error"].startswith("unknown card 'Reflectin Pool'") and "Reflecting Pool" in got["suggestions"]


def test_posts_from_another_site_or_not_in_json_are_refused(client):
    f = {"form": KINDS["mana_value"][0]}
    r = client.post("/api/ask", json=f, headers={"Origin": "https://evil.example"})
    assert r.status_code == 403 and "another site" in r.json()["error"]
    r = client.post("/api/ask", content=json.dumps(f), headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    assert client.post("/api/ask", json=f, headers={"Origin": BASE}).status_code == 200


def test_requests_naming_another_host_are_refused(service):
    with TestClient(create_app(service), base_url="http://mtgcheck.example.com") as c:
        r = c.get("/api/info")
    assert r.status_code == 400 and "127.0.0.1" in r.json()["error"]
    with TestClient(create_app(service), base_url="http://localhost:9") as c:
        assert c.get("/api/info").status_code == 200


# ---------------------------------------------------------------------------
# Files, budgets, crashes, concurrency
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("decklist", ["../../../../../../etc/hosts.txt", "/etc/hosts.txt", "lists/burn.mtgo.txt",
                                      "../decks/lists/burn.mtgo.txt"])
def test_a_scenario_from_the_page_reads_no_decklist_file(client, decklist):
    """A scenario pasted or built on the page has no folder: no decklist path it names is read (a scenario may
    read files only in its own folder, docs/scenarios.md)."""
    got = ask(client, form(kind="validate_deck", args={"format": "modern", "decklist": decklist}))
    res = got["result"]
    assert res["verdict"] == "error" and "decklist file" in res["message"]
    assert ("outside the scenario's folder" in res["message"]) or ("not found" in res["message"])
    assert "/tmp" not in res["message"] and "mtgcheck-serve" not in res["message"]


@pytest.mark.parametrize("fmt", ["/etc/hosts.yaml", "../../../../etc/hosts.yaml", "x/../../../etc/passwd.txt"])
def test_a_scenario_names_no_format_file_outside_its_folder(client, fmt):
    got = ask(client, form(kind="validate_deck", args={"format": fmt, "decklist": "4 Lightning Bolt"}))
    res = got["result"]
    assert res["verdict"] == "error" and "format file" in res["message"]


def test_an_example_cannot_reach_outside_the_examples_folder(client):
    e = next(e for e in client.get("/api/examples").json()["examples"] if e["kind"] == "validate_deck")
    f = form(kind="validate_deck", args={"format": "modern", "decklist": "../../pyproject.txt"})
    got = ask(client, f, origin=e["file"])
    assert "outside the scenario's folder" in got["result"]["message"]
    # an origin that is not an example's file is ignored: the scenario has no folder
    assert ask(client, f, origin="../../README.md")["origin"] is None


def test_the_budgets_of_serve_apply_to_each_question():
    svc = catalog_service(max_states=5, max_seconds=30)
    try:
        with TestClient(create_app(svc), base_url=BASE) as c:
            got = ask(c, KINDS["scry"][0])
            info = c.get("/api/info").json()
    finally:
        svc.close()
    assert (info["max_states"], info["max_seconds"]) == (5, 30)
    res = got["result"]
    assert res["verdict"] == "unsupported" and "budget" in res["message"] and "--max-states" in res["message"]


def test_a_question_that_outlives_its_time_budget_is_stopped_by_the_server(monkeypatch):
    """An enumeration that never looks at the clock (here a handler that loops for ever) is stopped by the server at
    --max-seconds: the answer is unsupported, naming the budget, and the next question is answered as usual."""
    import time

    import mtgcheck.solver.questions.basic as basic

    def forever(*a, **k):
        while True:
            pass

    svc = catalog_service(max_seconds=0.5)
    try:
        with TestClient(create_app(svc), base_url=BASE) as c:
            monkeypatch.setattr(basic, "mana_value", forever)
            t = time.monotonic()
            res = ask(c, KINDS["mana_value"][0])["result"]
            took = time.monotonic() - t
            monkeypatch.undo()
            assert ask(c, KINDS["mana_value"][0])["result"]["values"] == {"mana_value": 8}
    finally:
        svc.close()
    assert res["verdict"] == "unsupported" and "time budget" in res["message"] and "--max-seconds" in res["message"]
    assert took < 5
    time.sleep(0.2)
    assert not [t for t in threading.enumerate() if t.name == "mtgcheck-question"]  # the looping thread ended


def test_an_internal_error_answers_500_and_the_server_goes_on(service, monkeypatch):
    with TestClient(create_app(service), base_url=BASE, raise_server_exceptions=False) as c:
        def boom(*a, **k):
            raise RuntimeError("kaboom")

        monkeypatch.setattr(service, "ask", boom)
        r = c.post("/api/ask", json={"form": KINDS["mana_value"][0]})
        assert r.status_code == 500 and "internal error" in r.json()["error"] and "kaboom" in r.json()["error"]
        monkeypatch.undo()
        assert ask(c, KINDS["mana_value"][0])["result"]["values"] == {"mana_value": 8}


def test_a_solver_crash_is_an_error_verdict_with_its_message(service, monkeypatch):
    import mtgcheck.solver.questions.basic as basic

    def boom(*a, **k):
        raise ZeroDivisionError("inside the solver")

    monkeypatch.setattr(basic, "mana_value", boom)
    with TestClient(create_app(service), base_url=BASE) as c:
        res = ask(c, KINDS["mana_value"][0])["result"]
    assert res["verdict"] == "error" and res["internal"] and "inside the solver" in res["message"]


def test_concurrent_questions_are_answered_independently(service):
    """Eight clients at once, each its own question and budget: each gets the answer it gets alone."""
    import httpx

    kinds = sorted(KINDS)
    alone = {}
    with TestClient(create_app(service), base_url=BASE) as c:
        for k in kinds:
            alone[k] = ask(c, KINDS[k][0])["result"]["values"]
    with running_server(service, workers=3) as base:
        out: dict = {}

        def worker(k):
            with httpx.Client(base_url=base, timeout=60) as h:
                out[k] = h.post("/api/ask", json={"form": KINDS[k][0]}).json()["result"]["values"]

        threads = [threading.Thread(target=worker, args=(k,)) for k in kinds]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    assert out == alone


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_serve_prints_its_address_and_stops_cleanly_on_ctrl_c(tmp_path, sig):
    import httpx

    env = dict(os.environ, TMPDIR=str(tmp_path), MTGCHECK_CARDS="")
    p = subprocess.Popen([sys.executable, "-m", "mtgcheck", "serve", "--port", "0", "--examples", str(EXAMPLES)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = p.stdout.readline()
        assert line.startswith("mtgcheck serve: http://127.0.0.1:"), (line, p.stderr.read() if p.poll() else "")
        url = line.split()[2]
        assert httpx.get(url + "api/info", timeout=30).json()["kinds"]
        assert list(tmp_path.glob("mtgcheck-serve-*"))  # its private folder while it runs
        p.send_signal(sig)
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 0, err
    assert "stopped" in out and "Traceback" not in err
    assert not list(tmp_path.glob("mtgcheck-serve-*"))  # removed on the way out


def test_serve_names_a_port_in_use(tmp_path):
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    port = s.getsockname()[1]
    try:
        p = subprocess.run([sys.executable, "-m", "mtgcheck", "serve", "--port", str(port)], capture_output=True,
                           text=True, timeout=60, env=dict(os.environ, MTGCHECK_CARDS=""))
    finally:
        s.close()
    assert p.returncode == 2 and f"127.0.0.1:{port}" in p.stderr and "--port" in p.stderr
    assert "Traceback" not in p.stderr


def test_the_examples_listed_are_the_scenarios_of_the_examples_folder(client):
    listed = client.get("/api/examples").json()["examples"]
    from mtgcheck.solver.questions.runner import find_scenario_files

    files, _ = find_scenario_files([EXAMPLES])
    assert {e["file"] for e in listed} == {str(Path(f).relative_to(EXAMPLES).as_posix()) for f in files}
    assert all("error" not in e for e in listed)


def test_the_pages_files_are_package_data():
    """Installed from a wheel, the page still has its HTML, script, style sheet and icon: every file under
    solver/web/templates and solver/web/static matches pyproject's package-data for mtgcheck.solver.web."""
    import fnmatch
    import tomllib

    root = Path(__file__).resolve().parent.parent
    globs = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "mtgcheck.solver.web"]
    web = root / "solver" / "web"
    files = [p.relative_to(web).as_posix() for d in ("templates", "static") for p in (web / d).rglob("*") if p.is_file()]
    assert files and all(any(fnmatch.fnmatch(f, g) for g in globs) for f in files), (files, globs)


def test_name_keys_are_every_card_and_face_name_once(catalog_db):
    from mtgcheck.models.game.names import normalize_name

    keys = catalog_db.name_keys()
    assert len(keys) == len(set(keys))
    assert normalize_name("Fire // Ice") in keys and normalize_name("Ice") in keys
    assert {normalize_name(n) for n in catalog_db.names()} <= set(keys)
    assert catalog_db.find("ice").name == "Fire // Ice"
