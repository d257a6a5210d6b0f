"""Split the vocabulary by family: ``models/vocab/effects.py`` (and the catalog reader and shared records of
``models/vocab/abilities.py``) into one module per family of ``models/vocab/``, and the table of where each name
went, which ``.ci/relayout.py`` reads to rewrite every import of a moved name.

Run by ``python3 .ci/relayout.py`` (which moves the modules first and rewrites the imports after); the split runs
only while ``models/vocab/effects.py`` exists, so running it again changes nothing. Each family module gets its own
docstring, ``from __future__ import annotations``, and the imports its code uses (computed from the code: names of
other families, the standard library and the game layer); statements keep their order and their comments.
"""
from __future__ import annotations

import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VOCAB = "models/vocab"
SOURCES = {"effects": f"{VOCAB}/effects.py", "abilities": f"{VOCAB}/abilities.py"}

_S = str.split
#: family module -> (docstring, [(source, names in the order they are written)])
FAMILIES: dict[str, tuple[str, list[tuple[str, list[str]]]]] = {
    "logic": (
        '"""The base of the typed conditions and their combinations: ``Condition``, ``Not``, ``AllOf``, ``AnyOf``."""',
        [("effects", _S("Condition Not AllOf AnyOf"))]),
    "filters": (
        '"""Which objects: ``Filter``, the one filter language of the vocabulary (card types, subtypes, supertypes, '
        'colours,\ncontroller, zone, ``other``, ``nontoken``, name, qualifiers, and relations to the source: this, '
        'enchanted, that,\nsacrificed; CR 109.1, 115.1), with ``Qualifier`` and ``Comparison``."""',
        [("effects", _S("RELATIONS CONTROLLERS QUANTITIES NUMBER_COMPARISONS COMBAT_STATUSES THIS_TURN_QUALIFIERS "
                        "Comparison Qualifier _NO_QUALIFIER _one_union _both_conditions Filter"))]),
    "amounts": (
        '"""How many: the amounts of the vocabulary (``Fixed``, ``VariableX``, ``CountOf``, ``CountersOn``, '
        '``Devotion``,\n``PowerOf``, ...; CR 107.1, 107.3, 700.5), read by ``solver.rules.quantities``."""',
        [("effects", _S("Amount Fixed VariableX CountOf CountersOn Devotion PowerOf CountersRemoved STAT_RELATIONS "
                        "StatOf GreatestAmong TotalAmong DISTINCT_ASPECTS DistinctAmong TURN_EVENTS WHOSE ThisTurn "
                        "LifeTotal PlayerCounters Sum OfChosenType SharingCreatureType Revealed PartySize "
                        "EVENT_REFERENCES EventAmount PlayersWho StartingLife CountersAmong LargestGroup AMOUNT_TYPES "
                        "TopCardsOfLibraries"))]),
    "conditions": (
        '"""Whether: the conditions of the vocabulary (``HasCounter``, ``ControlsAtLeast``, ``Not``, '
        '``CardsInZone``,\n``Compare``, ``DuringTurn``, ...; CR 603.4, 611.3a, 602.5), read by '
        '``solver.rules.quantities``."""',
        [("effects", _S("HasCounter ControlsAtLeast SourceTapped EventObjectIs COMPARISONS CardsInZone "
                        "OpponentHasCounters OpponentControlsMore SourceAttacking AttackedThisStep AttackedThisTurn "
                        "DefendingPlayerControls SpellsCastThisTurn Compare DESIGNATIONS HasDesignation "
                        "SourceMatches SourceModified SourceRenowned SourceCast HasLegalTarget ResolvedThisTurn "
                        "ControlsCommander AnchorChosen CONDITION_TYPES TURN_OWNERS DuringTurn MaxSpeed "
                        "TargetsInclude TopOfLibrary ModeUnchosen HasAnotherActivatedAbility"))]),
    "effect": (
        '"""The base of the vocabulary of card behaviour: ``Effect`` (one frozen dataclass per kind of effect), '
        '``Unmodelled``\n(a sentence no reader typed: never absent), ``fld`` and the field readers shared by the '
        'families (``Codec``).\n\nEvery ability of a card carries exactly one ``Effect``. Text the parser does not '
        'turn into a typed effect is\n``Unmodelled(text, topics)``, ``topics`` over-approximating what it could '
        'change (``ALL_TOPICS`` when unsure), and the\nsolver\'s gate (``solver.rules.gate.require_modelled``) '
        'answers ``unsupported`` naming the card and the sentence\nwhen such text could apply to a question. The '
        'reference of the vocabulary is docs/effects.md.\n\nReferences: CR 113 (abilities), 113.6 (where abilities '
        'function), 207.2c (ability words), 109.1 (objects).\n"""',
        [("abilities", _S("freeze thaw")),
         ("effects", _S("Codec _plain PLAIN PLUS INSTEAD ALTERNATIVES ADDITIONAL_COSTS ABILITY ABILITIES fld Effect "
                        "Unmodelled _riders_in RIDERS _mana_in MANA _types_in TYPES _filter_in FILTER _amount_in "
                        "AMOUNT _condition_in CONDITION _cost_in COST _topics_in _trigger_does TURN_STEPS "
                        "COMBAT_STEPS _turn_steps_in _turn_step_in _choice_in _conditions_in _opt_amount_in "
                        "_opt_condition_in effect_fields walk_unmodelled"))]),
    "cost_parts": (
        '"""The non-mana parts of a cost (CR 118.1, 602.1): ``CostPart`` records and their field reader."""',
        [("abilities", _S("AbilityError CostPart")), ("effects", _S("_parts_in COST_PARTS"))]),
    "mana_effects": (
        '"""Mana: adding mana (``AddMana``, ``TriggeredAddMana``; CR 106, 605), replacing it '
        '(``ManaReplacement``, CR 614),\nbasic land types (``LandType``, CR 305.7) and how mana may be spent '
        '(``SpendAsThough``, ``CantSpendMana``, CR 609.4b);\ndocs/mana.md."""',
        [("effects", _S("Reflect _reflect_in REFLECT MANA_TRIGGER_EVENTS _color_sources_in COLOR_SOURCES "
                        "ManaTrigger _trigger_in TRIGGER MANA_RECIPIENTS _RECIPIENT_ALIASES _recipient_in RECIPIENT "
                        "AddMana TriggeredAddMana Instead _by_subtype_in BY_SUBTYPE REPLACEMENT_TO ManaReplacement "
                        "LandType SpendAsThough CantSpendMana"))]),
    "cost_effects": (
        '"""Costs: cost increases, reductions and minimums (CR 601.2f), additional and alternative costs (CR 118.8, '
        '118.9),\nthe cost of an activated ability changed (CR 602.2b) and costs that can\'t be paid (CR 118.12)."""',
        [("effects", _S("_colors_in COLOR_LETTERS COST_DURING _during_in DURING CostIncrease CostReduction "
                        "CostMinimum SelfCostChange AdditionalCost OBJECT_ACTIONS ObjectCost CAST_TESTS CastCondition "
                        "_records_in _objects_in _cast_conditions_in PrintedAlternativeCost ABILITY_COST_DURING "
                        "AbilityCostChange ACTIVATORS ActivationCostChange CantPayCosts"))]),
    "grants": (
        '"""What an effect gives an object or a player: abilities (``GrantAbility``, CR 613.1f), flashback '
        '(``GrantFlashback``),\nhaste for tapping (``AsThoughHaste``, CR 302.6) and control (``GainControl``, '
        'CR 613.1b)."""',
        [("effects", _S("AsThoughHaste GainControl _parts_unmodelled_in GrantAbility GrantFlashback"))]),
    "targeting": (
        '"""Targets: what can\'t be targeted (``CantBeTargeted``, ``PlayerKeyword``: hexproof, shroud, protection; '
        'CR 702.11,\n702.18, 702.16) and what a spell may target (``SpellTargetRestriction``, CR 115)."""',
        [("effects", _S("Quality CantBeTargeted PLAYER_KEYWORDS PlayerKeyword SpellTargetRestriction _spells_in"))]),
    "permissions": (
        '"""When and how spells may be cast and abilities activated: flash (``CastAsThoughFlash``, CR 702.8), '
        'timing\nrestrictions (``TimingRestriction``, CR 602.5, 307.1), what can\'t be cast (``CantCast``, CR 101.2) '
        'and casting\nwithout paying the mana cost (``FreeCastPermission``, CR 118.9)."""',
        [("effects", _S("FLASH_WHO CastAsThoughFlash RESTRICTION_OF RESTRICTION_TIMINGS RESTRICTION_TURNS "
                        "TimingRestriction CantCast FreeCastPermission"))]),
    "keyword_effects": (
        '"""Keyword abilities as effects (``Keyword``, CR 702) and the effects about keywords: spells that have '
        'one\n(``SpellsHaveKeyword``), a permanent\'s conditional keyword, delve grants and counts."""',
        [("effects", _S("Keyword KEYWORD_DETAIL_TOPICS KEYWORDS_ON_BATTLEFIELD QUALITY_KEYWORDS read_quality_detail "
                        "keyword_detail SpellsHaveKeyword ConditionalSelfKeyword DelveKeywordGrant DelveCount"))]),
    "resolution": (
        '"""What happens as a spell or ability resolves or a permanent enters: instruction steps (``Step``, CR '
        '608.2),\ndraw, scry, putting onto the battlefield, entering tapped, with counters or with a choice (CR 614.1c, '
        '614.12),\nenters and cast triggers (CR 603.2, 603.6a) and modal abilities (CR 700.2)."""',
        [("effects", _S("STEP_ACTIONS Step _step_in _steps_in STEPS Instructions Draw Scry PutOntoBattlefieldProcess "
                        "EntersWithCounters EntersTapped EntersChoice ENTERS_CHOICES ENTERS_EVENTS ENTERS_CONDITIONS "
                        "EntersTrigger CastTrigger Modal"))]),
    "characteristics": (
        '"""A permanent\'s characteristics changed by its own ability (``SelfTypeChange``) or by the Aura or '
        'Equipment\nattached to it (``AttachedChange``): CR 613.1b-f, 205.1, 303.4, 301.5."""',
        [("effects", _S("SelfTypeChange PERMANENT_CARD_TYPES AttachedChange"))]),
    "registry": (
        '"""The closed set of effect names and the catalog format: ``EFFECT_TYPES``, ``build_effect`` (an effect '
        'from its\nname and parameters: the catalog and the parsers build through it, so an unknown effect name or '
        'parameter is an\nerror naming where it came from and the closest valid one) and ``ability_from_dict`` (a '
        'catalog ability entry).\n\nThe catalog\'s parameter shapes (``kind: add_mana`` with ``params: {mana: '
        '"{G}"}``) are an input format only: each\nfield\'s reader (``fld(codec=...)``) turns a catalog value into '
        'the typed one; a field whose values are other\neffects or abilities names its reader by a tag, read here '
        '(``BUILDING_CODECS``).\n"""',
        [("effects", _S("_add_mana_in _instead_in _alternatives_in _granted_in _granted_many_in _choices_in "
                        "EFFECT_TYPES ABILITY_LEVEL_KEYS build_effect _HINTS _SCALARS _check_plain BUILDING_CODECS "
                        "register")),
         ("abilities", _S("_ABILITY_KEYS _catalog_ability ability_from_dict _stripe_in"))]),
}


#: Names that left the vocabulary for the text layer: ``{module: {name: new module}}`` (the reader of an activated
#: ability's cost words, CR 602.1a).
TO_TEXT = {"mtgcheck.models.vocab.abilities": {"parse_activation_cost": "mtgcheck.models.text.activation_costs"}}
#: Names the split modules imported from elsewhere (and so could be imported from them): their homes.
_TOPICS = "mtgcheck.models.vocab.topics"
_KEYWORDS = "mtgcheck.models.vocab.keywords"
_GAME = "mtgcheck.models.game."
REEXPORTED = {
    "mtgcheck.models.vocab.effects": {
        **{n: _TOPICS for n in _S("ALL_TOPICS TRIGGER_EVENTS Scope Topic VocabularyError _unknown closest topics_of")},
        **{n: _KEYWORDS for n in _S("KEYWORD_RULES KeywordKind keyword_kind")},
        "BASIC_LAND_TYPES": _GAME + "cards", "TurnStep": _GAME + "turn",
        **{n: _GAME + "mana" for n in _S("COLORS MANA_TYPES ManaCost added_types")}},
    "mtgcheck.models.vocab.abilities": {
        "build_effect": "mtgcheck.models.vocab.registry", "ABILITY_LEVEL_KEYS": "mtgcheck.models.vocab.registry",
        "VocabularyError": _TOPICS, "closest": _TOPICS, "ManaError": _GAME + "mana",
        "singular": _GAME + "subtypes", "NUMBER_WORDS": "mtgcheck.models.text.words",
        "parse_count_word": "mtgcheck.models.text.words"},
}


def moved_names() -> dict[str, dict[str, str]]:
    """``{source module (dotted): {name: family module (dotted)}}``: where each moved name lives now."""
    out: dict[str, dict[str, str]] = {}
    for table in (REEXPORTED, TO_TEXT):
        for m, names in table.items():
            out.setdefault(m, {}).update(names)
    for fam, (_, chunks) in FAMILIES.items():
        for src, names in chunks:
            for n in names:
                if n != "register":
                    out.setdefault(f"mtgcheck.models.vocab.{src}", {})[n] = f"mtgcheck.models.vocab.{fam}"
    return out


def _bound(node: ast.stmt) -> list[str]:
    if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
        return [node.name]
    if isinstance(node, ast.Assign):
        out = []
        for t in node.targets:
            if isinstance(t, ast.Name):
                out.append(t.id)
            elif isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id == "EFFECT_TYPES":
                out.append("register")  # EFFECT_TYPES[X.kind] = X: the registry's
        return out
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return [node.target.id]
    return []


def _segments(path: Path) -> tuple[str, list[tuple[list[str], str]], dict[str, str]]:
    """(module docstring, [(names bound, source text with its leading comments)], {imported name: import line})."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    tree = ast.parse(text)
    doc = ""
    imports: dict[str, str] = {}
    segs: list[tuple[list[str], str]] = []
    prev = 0
    for i, node in enumerate(tree.body):
        start = node.lineno - 1 if not getattr(node, "decorator_list", None) else node.decorator_list[0].lineno - 1
        if i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            doc = "".join(lines[start:node.end_lineno])
            prev = node.end_lineno
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                if isinstance(node, ast.ImportFrom):
                    mod = "." * node.level + (node.module or "")
                    imports[a.asname or a.name] = (f"from {mod} import {a.name}"
                                                   + (f" as {a.asname}" if a.asname else ""))
                else:
                    imports[a.asname or a.name.split(".")[0]] = f"import {a.name}" + (f" as {a.asname}" if a.asname
                                                                                        else "")
            prev = node.end_lineno
            continue
        seg = "".join(lines[prev:node.end_lineno])
        # comments directly above a statement belong to it; blank lines and section rules before them do not
        body = seg.lstrip("\n")
        segs.append((_bound(node), body))
        prev = node.end_lineno
    return doc, segs, imports


def _used(code: str) -> set[str]:
    """Every name the code reads, annotations written as strings included."""
    tree = ast.parse(code)
    out: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            out.add(n.id)
        ann = []
        if isinstance(n, ast.AnnAssign):
            ann.append(n.annotation)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            ann.append(n.returns)
            ann.extend(a.annotation for a in n.args.args + n.args.kwonlyargs + n.args.posonlyargs)
        for a in ann:
            for c in ast.walk(a) if a is not None else ():
                if isinstance(c, ast.Constant) and isinstance(c.value, str):
                    try:
                        out |= {x.id for x in ast.walk(ast.parse(c.value, mode="eval")) if isinstance(x, ast.Name)}
                    except SyntaxError:
                        pass
    return out


def _defined(code: str) -> set[str]:
    out: set[str] = set()
    for node in ast.parse(code).body:
        out.update(b for b in _bound(node) if b != "register")
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.update((a.asname or a.name).split(".")[0] for a in node.names)
    return out


def _relative(line: str) -> str:
    """An import line of the vocabulary written relative to ``models/vocab/``."""
    for absolute, rel in (("from mtgcheck.models.vocab.", "from ."), ("from mtgcheck.models.game.", "from ..game."),
                          ("from .game.", "from ..game."), ("from .vocab.", "from .")):
        if line.startswith(absolute):
            return rel + line[len(absolute):]
    return line


def _absolute(line: str) -> str:
    """An import line relative to ``models/vocab/`` written absolutely."""
    if line.startswith("from ..game."):
        return "from mtgcheck.models.game." + line[len("from ..game."):]
    if line.startswith("from ."):
        return "from mtgcheck.models.vocab." + line[len("from ."):]
    return line


def _import_block(needed: dict[str, str]) -> str:
    """Import lines, grouped by module, standard library first: ``needed`` maps a name to its import line."""
    groups: dict[str, list[str]] = {}
    plain: set[str] = set()
    for name, line in needed.items():
        if line.startswith("import "):
            plain.add(line)
            continue
        head, _, what = line.partition(" import ")
        groups.setdefault(head, []).append(what)
    std = sorted(h for h in groups if not h.startswith(("from .", "from mtgcheck.")))
    ours = sorted(h for h in groups if h.startswith(("from .", "from mtgcheck.")))
    out = sorted(plain)
    for h in std + ["-"] + ours:
        if h == "-":
            if ours and out:
                out.append("")
            continue
        names = sorted(set(groups[h]), key=lambda s: (s.lstrip("_").lower(), s))
        line = f"{h} import {', '.join(names)}"
        if len(line) > 120:
            body, cur = [], "    "
            for n in names:
                if len(cur) + len(n) + 2 > 116:
                    body.append(cur.rstrip())
                    cur = "    "
                cur += n + ", "
            body.append(cur.rstrip())
            line = f"{h} import (\n" + "\n".join(body) + "\n)"
        out.append(line)
    return "\n".join(out)


def split() -> list[str]:
    """Write the family modules and the rest of ``abilities.py``; remove ``effects.py``. Returns the paths written
    (empty when the split was done before)."""
    if not (ROOT / SOURCES["effects"]).exists():
        return []
    parsed = {src: _segments(ROOT / p) for src, p in SOURCES.items()}
    owner: dict[tuple[str, str], str] = {}
    for fam, (_, chunks) in FAMILIES.items():
        for src, names in chunks:
            for n in names:
                owner[(src, n)] = fam
    bodies: dict[str, list[str]] = {fam: [] for fam in FAMILIES}
    rest: list[str] = []  # what stays in abilities.py
    for fam, (_, chunks) in FAMILIES.items():
        for src, names in chunks:
            for bound, code in parsed[src][1]:
                if bound and owner.get((src, bound[0])) == fam and bound[0] in names:
                    bodies[fam].append(code)
    for src, (_, segs, _) in parsed.items():
        for bound, code in segs:
            if not bound or (src, bound[0]) not in owner:
                if src == "effects":
                    raise SystemExit(f"vocab_split: statement of effects.py bound to no family: {code[:200]!r}")
                rest.append(code)
    home: dict[str, str] = {}  # name -> family (or "abilities")
    for fam, codes in bodies.items():
        for code in codes:
            for n in _defined(code):
                home[n] = fam
    for code in rest:
        for n in _defined(code):
            home[n] = "abilities"
    header_imports: dict[str, str] = {}
    for src in ("abilities", "effects"):
        header_imports.update(parsed[src][2])
    written = []

    def module_text(name: str, doc: str, codes: list[str]) -> str:
        """The module's text; a module that ``.ci/relayout.py`` moved (``abilities.py``) imports absolutely (its
        relative imports would be read where it stood before)."""
        code = "\n\n".join(c.rstrip("\n") + "\n" for c in codes)
        code = code.replace("\n\n\n\n", "\n\n\n")
        mine = _defined(code)
        needed: dict[str, str] = {}
        for n in sorted(_used(code) - mine):
            if n in home and home[n] != name:
                needed[n] = f"from .{home[n]} import {n}"
            elif n in header_imports:
                if header_imports[n] == "from __future__ import annotations":
                    continue
                needed[n] = _relative(header_imports[n])
            # a local name or a builtin otherwise (ruff's F821 finds a name defined nowhere)
        if name == "abilities":
            needed = {n: _absolute(line) for n, line in needed.items()}
        return (doc.rstrip("\n") + "\nfrom __future__ import annotations\n\n" + _import_block(needed) + "\n\n\n"
                + code.strip("\n") + "\n")

    for fam, (doc, _) in FAMILIES.items():
        p = ROOT / VOCAB / f"{fam}.py"
        p.write_text(module_text(fam, doc, bodies[fam]), encoding="utf-8")
        written.append(p.relative_to(ROOT).as_posix())
    ab = ROOT / SOURCES["abilities"]
    ab.write_text(module_text("abilities", parsed["abilities"][0], rest), encoding="utf-8")
    written.append(SOURCES["abilities"])
    subprocess.run(["git", "rm", "-q", "-f", SOURCES["effects"]], cwd=ROOT, check=True)
    subprocess.run(["git", "add", *written], cwd=ROOT, check=True)
    return written


if __name__ == "__main__":
    print("\n".join(split()) or "the vocabulary is split already")
