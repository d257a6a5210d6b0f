"""The support table (solver/rules/support.py): every typed mechanic that could change a question's answer is either
implemented by that question's rules (and an example under examples/ shows it) or refused, naming the mechanic.

The expectations are written from the table's declared data (what each keyword's rules change and where it
functions, CR 113.6, 702) and the question's topics, never from running the gate: a keyword on the card being cast
counts when it functions while the card is cast (an alternative or additional cost, a cost reduction, CR 601.2b,
601.2f); one on a permanent counts when it works on the battlefield and is not an activated ability (CR 602.2: those do
nothing until activated); one on a spell on the stack counts when it works there (split second, CR 702.61a).
"""
from __future__ import annotations

import json

import pytest

from mtgcheck.models.vocab.registry import EFFECT_TYPES
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.vocab.topics import Scope, Topic
from mtgcheck.models.vocab.keywords import KEYWORD_RULES, KeywordKind, keyword_kind
from mtgcheck.solver.rules.support import IMPLEMENTS, keyword_key, mechanic_name, support_rows
from tests.scenario_text import run

#: The topics the cast question declares for a card without Phyrexian mana or convoke (payment/handlers.cast_topics).
CAST_TOPICS = {Topic.COSTS, Topic.SPELL_COSTS, Topic.MANA_SPENDING, Topic.MANA_PRODUCTION, Topic.CHARACTERISTICS,
               Topic.ACTIVATION, Topic.CASTING}
#: available_mana's topics on a board whose mana abilities pay no life (questions.produce.available_mana_topics).
AVAILABLE_MANA_TOPICS = {Topic.MANA_PRODUCTION, Topic.CHARACTERISTICS, Topic.ACTIVATION, Topic.COSTS}
#: could_produce's topics.
COULD_PRODUCE_TOPICS = {Topic.MANA_PRODUCTION, Topic.OTHER_MANA, Topic.CHARACTERISTICS}

#: A printed name for the families whose family name is not printed (CR 702.14c, 702.29e).
SAMPLE_NAME = {KeywordKind.LANDWALK: "swampwalk", KeywordKind.TYPECYCLING: "plainscycling"}
#: Keywords that are activated abilities (CR 602.2: nothing happens until one is activated; ``Ability.is_activated_keyword``).
ACTIVATED = {KeywordKind.EQUIP, KeywordKind.CREW, KeywordKind.FORTIFY, KeywordKind.RECONFIGURE, KeywordKind.LEVEL_UP,
             KeywordKind.OUTLAST, KeywordKind.CYCLING, KeywordKind.TYPECYCLING, KeywordKind.CRAFT,
             KeywordKind.SADDLE, KeywordKind.STATION, KeywordKind.BOAST, KeywordKind.EXHAUST, KeywordKind.AURA_SWAP,
             KeywordKind.TRANSFIGURE, KeywordKind.NINJUTSU, KeywordKind.COMMANDER_NINJUTSU, KeywordKind.TRANSMUTE,
             KeywordKind.UNEARTH, KeywordKind.EMBALM, KeywordKind.ETERNALIZE, KeywordKind.ENCORE, KeywordKind.SCAVENGE,
             KeywordKind.REINFORCE, KeywordKind.FORECAST}
#: Keywords that work in every zone and while their card is cast (CR 113.6; 303.4a, 702.73a, 702.114a).
EVERYWHERE = {KeywordKind.ENCHANT, KeywordKind.CHANGELING, KeywordKind.DEVOID}


def _card_text(kind: KeywordKind) -> tuple[str, str]:
    name = SAMPLE_NAME.get(kind, kind.value)
    return name[0].upper() + name[1:], name


def _probe_card(kind: KeywordKind, type_line: str = "Creature — Bear", pt: str = "2/2") -> str:
    line, name = _card_text(kind)
    p, t = pt.split("/")
    return "\n".join([
        "cards:",
        "  Probe:",
        '    mana_cost: "{1}{G}"',
        f"    type_line: {json.dumps(type_line)}",
        f"    oracle_text: {json.dumps(line)}",
        f"    keywords: [{json.dumps(name.title())}]",
        f'    power: "{p}"',
        f'    toughness: "{t}"',
    ])


def _meets(kind: KeywordKind, topics: set[Topic]) -> bool:
    return bool(KEYWORD_RULES[kind].topics & topics)


def _refused_naming(result, kind: KeywordKind) -> bool:
    return result.verdict == "unsupported" and mechanic_name(keyword_key(kind)) in (result.message or "")


def test_every_keyword_family_and_effect_has_a_row():
    keys = {r["key"] for r in support_rows()}
    assert {keyword_key(k) for k in KeywordKind} <= keys
    assert {c.kind for c in EFFECT_TYPES.values() if c is not Unmodelled} <= keys


def test_the_table_names_only_keys_of_the_vocabulary():
    vocab = {r["key"] for r in support_rows()}
    for question, keys in IMPLEMENTS.items():
        assert keys <= vocab, (question, sorted(keys - vocab))


def test_keyword_variants_are_read_as_their_family():
    """CR 702.14c ([quality]walk), 702.29e ([type]cycling), 702.11d (hexproof from), 702.16a (protection from)."""
    assert keyword_kind("Islandwalk") is KeywordKind.LANDWALK
    assert keyword_kind("basic landcycling") is KeywordKind.TYPECYCLING
    assert keyword_kind("hexproof from black") is KeywordKind.HEXPROOF
    assert keyword_kind("Gae Bolg") is None  # a flavour word: no keyword of CR 702


@pytest.mark.parametrize("kind", list(KeywordKind), ids=lambda k: k.value)
def test_a_keyword_of_the_card_being_cast_is_implemented_or_refused(tmp_path, catalog_db, kind):
    """CR 113.6, 601.2b-f: a keyword that works while its card is cast from a hand (an alternative or additional cost,
    a cost reduction, a permission) is read by the cast rules, or the answer is unsupported naming it."""
    rule = KEYWORD_RULES[kind]
    works_while_cast = (rule.scope is Scope.CASTING_SELF or kind in EVERYWHERE) and kind not in ACTIVATED and (
        not rule.zones or "hand" in rule.zones)
    r = run(tmp_path, catalog_db, f"""
{_probe_card(kind)}
players: [Alice, Bob]
battlefield:
  Alice: [Forest, Forest, Forest, Forest]
hand:
  Alice: [Probe]
ask: {{cast: {{card: Probe}}}}
""")
    if works_while_cast and _meets(kind, CAST_TOPICS) and keyword_key(kind) not in IMPLEMENTS["cast"]:
        assert _refused_naming(r, kind), (r.verdict, r.message)
    else:
        assert not _refused_naming(r, kind), r.message
        assert r.verdict != "error", r.message


_BOARD_QUESTIONS = {
    "cast": ("hand:\n  Alice: [Grizzly Bears]\nask: {cast: {card: Grizzly Bears}}", CAST_TOPICS),
    "available_mana": ("ask: {available_mana: Alice}", AVAILABLE_MANA_TOPICS),
    "could_produce": ("ask: {could_produce: {card: Forest, id: Forest}}", COULD_PRODUCE_TOPICS),
}


@pytest.mark.parametrize("question", sorted(_BOARD_QUESTIONS))
@pytest.mark.parametrize("kind", list(KeywordKind), ids=lambda k: k.value)
def test_a_keyword_of_a_permanent_is_implemented_or_refused(tmp_path, catalog_db, kind, question):
    """CR 113.6, 604.1: a keyword that works on the battlefield and is not an activated ability (602.2) is read by
    the question's rules wherever it could change the answer, or the answer is unsupported naming it."""
    rule = KEYWORD_RULES[kind]
    ask, topics = _BOARD_QUESTIONS[question]
    on_battlefield = rule.scope in (Scope.BATTLEFIELD, Scope.UNKNOWN) and kind not in ACTIVATED and (
        not rule.zones or "battlefield" in rule.zones)
    r = run(tmp_path, catalog_db, f"""
{_probe_card(kind)}
players: [Alice, Bob]
battlefield:
  Alice: [Forest, Forest, Probe]
{ask}
""")
    refused = on_battlefield and _meets(kind, topics) and keyword_key(kind) not in IMPLEMENTS[question]
    if kind is KeywordKind.CHANGELING:
        refused = False  # implemented wherever creature types are read (CR 702.73a, layer 4)
    if refused:
        assert _refused_naming(r, kind), (r.verdict, r.message)
    else:
        assert not _refused_naming(r, kind), r.message
        assert r.verdict != "error", r.message


@pytest.mark.parametrize("kind", list(KeywordKind), ids=lambda k: k.value)
def test_a_keyword_of_a_spell_on_the_stack_is_implemented_or_refused(tmp_path, catalog_db, kind):
    """CR 113.6, 405.1: of a spell on the stack only what works there can change another spell's casting (split second,
    CR 702.61a); its other keywords wait for it to resolve or enter."""
    rule = KEYWORD_RULES[kind]
    r = run(tmp_path, catalog_db, f"""
{_probe_card(kind, "Instant", "0/0")}
players: [Alice, Bob]
battlefield:
  Alice: [Forest, Forest]
hand:
  Alice: [Giant Growth]
stack:
  Bob: [Probe]
ask: {{cast: {{card: Giant Growth}}}}
""")
    if rule.scope is Scope.STACK and _meets(kind, CAST_TOPICS) and keyword_key(kind) not in IMPLEMENTS["cast"]:
        assert _refused_naming(r, kind), (r.verdict, r.message)
    else:
        assert not _refused_naming(r, kind), r.message


def test_the_support_command_lists_what_a_question_implements():
    """`mtgcheck support cast` says, for each mechanic, whether the cast rules read it; an unknown question is a usage
    error (exit 2) naming the closest one."""
    from click.testing import CliRunner

    from mtgcheck.solver.cli.main import main

    r = CliRunner().invoke(main, ["support", "cast", "--json"])
    assert r.exit_code == 0, r.output
    rows = {json.loads(line)["key"]: json.loads(line) for line in r.output.splitlines()}
    assert rows["keyword:emerge"]["implemented"] is True
    assert rows["keyword:harmonize"]["implemented"] is False
    bad = CliRunner().invoke(main, ["support", "cats"])
    assert bad.exit_code == 2 and "did you mean 'cast'" in bad.output


def test_the_closed_set_of_effect_names_is_whole_whatever_was_imported_before():
    """Every effect class of the vocabulary is in ``EFFECT_TYPES`` as soon as the registry is imported, in a fresh
    interpreter that imported nothing else: a catalog entry naming ``self_flash`` or ``spree_mode`` is read (or the
    support table lists it) whichever module happened to be loaded first."""
    import subprocess
    import sys

    code = ("import importlib, pkgutil, dataclasses\n"
            "from mtgcheck.models.vocab.registry import EFFECT_TYPES\n"
            "import mtgcheck.models.vocab as v\n"
            "names = set(EFFECT_TYPES)\n"
            "for m in pkgutil.iter_modules(v.__path__):\n"
            "    importlib.import_module('mtgcheck.models.vocab.' + m.name)\n"
            "from mtgcheck.models.vocab.effect import Effect\n"
            "def subs(c):\n"
            "    for s in c.__subclasses__():\n"
            "        yield s\n"
            "        yield from subs(s)\n"
            "kinds = {c.kind for c in subs(Effect) if c.kind}\n"
            "print(sorted(kinds - names))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]", f"effect kinds missing from EFFECT_TYPES until another module is imported: {out}"
