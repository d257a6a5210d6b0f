"""Pool-wide probe: how much of the real card pool mtgcheck answers (figures in docs/probe.md).

    python benchmarks/probe_pool.py [CARDS_FILE] [--sample N] [--seed S] [--jobs J] [--json] [--top K]

CARDS_FILE defaults to ``$MTGCHECK_SHARED/carddata/oracle-cards-2025-11-03.json.gz``, then
``../shared/carddata/...`` next to the repository. Card data is read in place, never copied.

The standard board (every question is asked on it, through the same runner as ``mtgcheck check``,
with scenarios built in memory): two players, Alice active; Alice controls two of each basic land
(Plains, Island, Swamp, Mountain, Forest; one of each pair tapped) and a Wastes, untapped; Bob controls
an untapped Forest and Island; both graveyards are listed, empty; each player's library is listed (ten basic
lands, top first: Alice's Forest, Island, Plains, Swamp, Mountain twice over; Bob's Island, Forest, Swamp,
Mountain, Plains twice over; ``--no-library`` leaves the libraries unlisted, the board of the figures before
2026-12-05); nothing is on the stack. The probed card is put where it belongs:

* ``cast`` (every card that is not a land): the card in Alice's hand, ``cast: {card}``;
* ``could_produce`` and ``available_mana`` (every permanent card whose text adds mana): the card on
  Alice's battlefield, untapped and not summoning sick, with the choices made as it entered when its text
  asks for one (colour green, creature type Elf, card name Forest, the first of two anchor words); ``could_produce: {id}`` and
  ``available_mana: Alice``;
* ``activate`` (every permanent card with an activated ability whose cost has {T}): the card on Alice's
  battlefield as above; ``activate: {permanent, ability: N}`` for the first such ability the engine lists.

Each answer is ``answered`` (the runner gave a verdict other than unsupported/error), ``unsupported``
(with the reason, grouped by the topics of the Unmodelled sentence when the engine gives them, else by
the reason with the card's name blanked) or ``error`` (an internal error, a scenario that could not be
built, a timeout: these are bugs). Planes, schemes and vanguards are not game cards and are skipped.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import re
import signal
import sys
import time
from pathlib import Path
from typing import Any, Iterable

ROOT = Path(__file__).resolve().parents[1]
CARDS_NAME = "carddata/oracle-cards-2025-11-03.json.gz"
KINDS = ("cast", "could_produce", "available_mana", "activate")
NOT_GAME_CARDS = ("Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy", "Dungeon")
#: A sentence that adds mana (the same shape the coverage benchmark uses).
_ADDS = re.compile(r"\badds?\b[^.]*?(\{[WUBRGCS0-9X]\}|\bmana\b)", re.I)
#: An activated ability whose cost has {T}: "{T}" before the colon of a line (ability words and
#: modal bullets aside; quoted abilities are removed first, they belong to another object).
_TAP_COST = re.compile(r"(?m)^(?:[^\n:—]*— )?[^\n:•]*\{T\}[^\n:]*:")
TIMEOUT_S = 20


def default_cards_file(arg: str | None) -> Path:
    """The card file: the argument, then ``$MTGCHECK_SHARED``, then ``../shared`` (raises SystemExit if none)."""
    cands = [Path(arg)] if arg else []
    env = os.environ.get("MTGCHECK_SHARED", "").strip()
    if env:
        cands.append(Path(env) / CARDS_NAME)
    cands.append(ROOT.parent / "shared" / CARDS_NAME)
    for c in cands:
        if c.is_file():
            return c
    raise SystemExit(f"card file not found (tried {', '.join(map(str, cands))}); give its path")


#: Each player's library on the standard board, top first (``--no-library``: not listed). A game's libraries are
#: known to a judge asking about "Mill a card" costs or the top card of a library (CR 401.1, 701.13b).
LIBRARIES = {"Alice": ["Forest", "Island", "Plains", "Swamp", "Mountain"] * 2,
             "Bob": ["Island", "Forest", "Swamp", "Mountain", "Plains"] * 2}
_WITH_LIBRARY = True


def standard_board() -> dict[str, Any]:
    """The board every probe question is asked on (see the module docstring)."""
    alice: list[Any] = []
    for basic in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
        alice += [basic, {"card": basic, "tapped": True}]
    alice.append("Wastes")
    board: dict[str, Any] = {"players": ["Alice", "Bob"], "active": "Alice",
                             "battlefield": {"Alice": alice, "Bob": ["Forest", "Island"]},
                             "hand": {"Alice": []}, "graveyard": {"Alice": [], "Bob": []}}
    if _WITH_LIBRARY:
        board["library"] = {p: list(cards) for p, cards in LIBRARIES.items()}
    return board


def _front_types(card: Any) -> tuple[str, ...]:
    tl = card.front.type_line if card.faces and not card.is_split else card.type_line
    return tuple(getattr(tl, "types", ()))


def _text(card: Any) -> str:
    """The text of the part that is on the battlefield or cast: the front face (the whole card when split)."""
    if card.faces and not card.is_split:
        return card.front.oracle_text or ""
    return card.full_oracle_text or ""


def _unquoted(text: str) -> str:
    """Text outside quotation marks (a quoted ability belongs to the object it is granted to) and reminder text."""
    return re.sub(r"\"[^\"]*\"|“[^”]*”|\([^)]*\)", "", text)


def kinds_for(card: Any) -> list[str]:
    """The question kinds the probe asks about ``card``."""
    types = _front_types(card)
    if any(t in NOT_GAME_CARDS for t in card.type_line.types) or not types:
        return []
    out = []
    if "Land" not in types:
        out.append("cast")
    text = _text(card)
    if card.is_permanent_card:
        if _ADDS.search(text):
            out += ["could_produce", "available_mana"]
        if _TAP_COST.search(_unquoted(text)):
            out.append("activate")
    return out


def _tap_ability_index(card: Any, counters: dict[str, int] | None = None, speed: int | None = None) -> int | None:
    """The number (from 1, as ``activate`` counts) of the first activated ability with {T} in its cost that a
    permanent of ``card`` with ``counters`` has, or None."""
    from mtgcheck.models.game.state import GameState, Permanent
    from mtgcheck.solver.rules.board import permanent_abilities

    try:
        from mtgcheck.solver.questions.basic import activated_abilities  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover - moved
        def activated_abilities(abs_: Iterable[Any]) -> list[Any]:
            return [a for a in abs_ if a.kind == "activated"]
    s = GameState(players=["Alice"], active="Alice", speed={"Alice": speed} if speed else {})
    p = Permanent("probe", card, "Alice", "Alice", counters=dict(counters or {}))
    s.battlefield.append(p)
    for i, ab in enumerate(activated_abilities(permanent_abilities(s, p))):
        if ab.cost is not None and ab.cost.tap:
            return i + 1
    return None


def _stripe_counters(card: Any) -> dict[str, int] | None:
    """The counters a leveler or station permanent needs for the first striation holding a {T} ability (CR 711.2,
    721.2): the probe puts them on it, since with none the striation's abilities are not the permanent's."""
    from mtgcheck.models.vocab.behaviour import abilities_of

    for ab in abilities_of(card):
        st = getattr(ab, "stripe", None)
        if st is not None and ab.kind == "activated" and ab.cost is not None and ab.cost.tap:
            return {st.counter: st.least}
    return None


def _unmodelled_tap_line(card: Any) -> tuple[str, str] | None:
    """The (sentence, topics) of an unmodelled ability of ``card`` whose text holds the "{T}:" the probe saw
    (a modal bullet, a stage or a sticker line, a token's quoted ability: the parser keeps it as one unmodelled
    ability), or None."""
    from mtgcheck.models.vocab.behaviour import abilities_of
    from mtgcheck.models.vocab.effect import walk_unmodelled

    for ab in abilities_of(card):
        if "{T}" in ab.text and ab.kind != "activated":
            for u in walk_unmodelled(ab.effect):
                return (u.text or ab.text), ",".join(sorted(str(t) for t in u.topics))
    return None


def board_choices(card: Any) -> dict[str, str]:
    """The choices made as the probed permanent entered ("as this enters, choose a color"): green, Elf, Forest, and
    the first of two anchor words ("choose Khans or Dragons": Khans)."""
    text = _text(card).lower()
    out = {}
    if "chosen color" in text or "choose a color" in text:
        out["color"] = "green"
    if "chosen type" in text or "chosen creature type" in text or "choose a creature type" in text:
        out["creature_type"] = "Elf"
    if "chosen name" in text or "choose a card name" in text:
        out["card_name"] = "Forest"
    m = re.search(r"as (?:this|it) [\w ]*?enters(?: the battlefield)?, choose (\w+) or (\w+)\.", _text(card), re.I)
    if m:  # an anchor word (CR 614.12c: the Sieges' "choose Khans or Dragons"): the first one
        out["anchor"] = m.group(1)
    return out


def scenario_for(card: Any, kind: str) -> dict[str, Any] | str:
    """The in-memory scenario asking ``kind`` about ``card`` on the standard board (or why none can be built)."""
    data = standard_board()
    name = card.name
    if kind == "cast":
        data["hand"]["Alice"].append(name)
        # a split card is cast one half at a time (CR 709.3): the probe casts its first half
        data["ask"] = {"cast": {"card": name, "face": card.faces[0].name} if card.is_split else {"card": name}}
        return data
    entry: dict[str, Any] = {"card": name, "id": "probe"}
    choices = board_choices(card)
    if choices:
        entry["choices"] = choices
    data["battlefield"]["Alice"].append(entry)
    if kind == "could_produce":
        data["ask"] = {"could_produce": {"id": "probe"}}
    elif kind == "available_mana":
        data["ask"] = {"available_mana": "Alice"}
    else:
        n = _tap_ability_index(card)
        if n is None:
            stripe = _stripe_counters(card)  # a {T} ability in a level or station striation (CR 711.2, 721.2)
            n = _tap_ability_index(card, stripe) if stripe else None
            if n is not None:
                entry["counters"] = stripe
        if n is None and _tap_ability_index(card, speed=4) is not None:
            # a {T} ability granted at max speed (CR 702.178a): the probe gives Alice speed 4 (702.179e)
            n = _tap_ability_index(card, speed=4)
            data["speed"] = {"Alice": 4}
        if n is None:
            return "no activated ability with {T} in its cost was found in the parsed text"
        data["ask"] = {"activate": {"permanent": {"id": "probe"}, "ability": n}}
    return data


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Timeout()


def _topics_of(message: str, exc: Any) -> str:
    topics = getattr(exc, "topics", None)
    if topics:
        return ",".join(sorted(str(t) for t in topics))
    return "-"


def probe_one(db: Any, name: str, kind: str) -> dict[str, Any]:
    """Ask one question; returns ``{card, kind, outcome, message, sentence, topics, ms}``."""
    from mtgcheck.models.data.scenario import ScenarioError, parse_scenario
    from mtgcheck.solver.questions.registry import QuestionError, Unsupported
    from mtgcheck.solver.questions.runner import answer_scenario

    card = db.get(name)
    rec: dict[str, Any] = {"card": name, "kind": kind, "outcome": "answered", "message": "", "sentence": "", "topics": ""}
    t0 = time.perf_counter()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIMEOUT_S)
    try:
        built = scenario_for(card, kind)  # finding the {T} ability reads the abilities, which may be unsupported
        if isinstance(built, str):
            line = _unmodelled_tap_line(card)
            if line is not None:  # the {T} line is part of an ability the engine does not model: not a bug
                rec.update(outcome="unsupported", sentence=line[0], topics=line[1],
                           message=f"{name}: the ability with {{T}} in its cost is not modelled: “{line[0]}”")
            else:
                rec.update(outcome="error", message=built)
            return rec
        sc = parse_scenario(built, f"<probe {kind} {name}>")
        answer_scenario(sc, db)
    except Unsupported as e:
        msg = str(e)
        m = re.search(r"“([^”]*)”", msg)
        rec.update(outcome="unsupported", message=msg, sentence=(getattr(e, "text", None) or (m.group(1) if m else "")),
                   topics=_topics_of(msg, e))
    except (ScenarioError, QuestionError) as e:
        rec.update(outcome="error", message=f"{type(e).__name__}: {e}")
    except _Timeout:
        rec.update(outcome="error", message=f"timeout: no answer within {TIMEOUT_S} s")
    except Exception as e:  # noqa: BLE001 - an internal error is what the probe looks for
        rec.update(outcome="error", message=f"internal error: {type(e).__name__}: {e}")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    rec["ms"] = round((time.perf_counter() - t0) * 1000, 1)
    return rec


_DB: Any = None


def _work(item: tuple[str, str]) -> dict[str, Any]:
    return probe_one(_DB, *item)


def blank(message: str, name: str) -> str:
    """A reason with the card's name (and its short name) blanked, so equal reasons group together."""
    out = message.replace(name, "CARD")
    short = name.split(",")[0].split(" // ")[0]
    if len(short) > 3:
        out = out.replace(short, "CARD")
    return re.sub(r"<probe [^>]*>:?\s*", "", out)


def summarize(records: list[dict[str, Any]], top: int = 15) -> dict[str, Any]:
    """Per kind: counts and percentages of each outcome, the most common reasons, topics and sentences."""
    out: dict[str, Any] = {}
    for kind in KINDS:
        rs = [r for r in records if r["kind"] == kind]
        if not rs:
            continue
        c = collections.Counter(r["outcome"] for r in rs)
        n = len(rs)
        reasons = collections.Counter(blank(r["message"], r["card"])[:200] for r in rs if r["outcome"] == "unsupported")
        topics = collections.Counter(r["topics"] for r in rs if r["outcome"] == "unsupported" and r["topics"])
        sentences = collections.Counter(blank(r["sentence"], r["card"])[:160] for r in rs
                                        if r["outcome"] == "unsupported" and r["sentence"])
        errors = collections.Counter(blank(r["message"], r["card"])[:200] for r in rs if r["outcome"] == "error")
        out[kind] = {
            "cards": n,
            **{k: c.get(k, 0) for k in ("answered", "unsupported", "error")},
            "answered_pct": round(100 * c.get("answered", 0) / n, 2),
            "top_reasons": reasons.most_common(top),
            "top_topics": topics.most_common(top),
            "top_sentences": sentences.most_common(top),
            "errors": errors.most_common(top),
            "error_cards": [r["card"] for r in rs if r["outcome"] == "error"][:50],
            "slowest_ms": sorted(((r.get("ms", 0), r["card"]) for r in rs), reverse=True)[:5],
        }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cards", nargs="?", help="Scryfall oracle-cards file (default: the shared 32k file)")
    ap.add_argument("--sample", type=int, default=0, help="probe N cards drawn at random (default: every card)")
    ap.add_argument("--seed", type=int, default=11, help="random seed of --sample (default 11)")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2), help="worker processes")
    ap.add_argument("--kinds", default=",".join(KINDS), help="question kinds to ask (comma separated)")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument("--records", help="also write every record as JSON lines to this file")
    ap.add_argument("--top", type=int, default=15, help="how many reasons/sentences to list per kind")
    ap.add_argument("--cards-named", help="probe only these cards (names separated by '|')")
    ap.add_argument("--no-library", action="store_true",
                    help="leave the libraries unlisted (the standard board of the figures before 2026-12-05)")
    args = ap.parse_args(argv)
    global _WITH_LIBRARY
    _WITH_LIBRARY = not args.no_library

    sys.path.insert(0, str(ROOT.parent))
    from mtgcheck.models.data.database import load_database

    global _DB
    path = default_cards_file(args.cards)
    t0 = time.perf_counter()
    _DB = load_database(path)
    load_s = time.perf_counter() - t0
    cards = sorted(_DB, key=lambda c: c.name)
    if args.cards_named:
        cards = [_DB.get(n) for n in args.cards_named.split("|")]
    elif args.sample:
        cards = random.Random(args.seed).sample(cards, min(args.sample, len(cards)))
    wanted = set(args.kinds.split(","))
    items = [(c.name, k) for c in cards for k in kinds_for(c) if k in wanted]
    t1 = time.perf_counter()
    if args.jobs > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(args.jobs) as pool:
            records = list(pool.imap_unordered(_work, items, chunksize=16))
    else:
        records = [_work(it) for it in items]
    run_s = time.perf_counter() - t1
    if args.records:
        with open(args.records, "w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    summary = {"cards_file": str(path), "cards_probed": len(cards), "questions": len(records),
               "load_s": round(load_s, 1), "run_s": round(run_s, 1), "jobs": args.jobs,
               "sample": args.sample, "seed": args.seed, "kinds": summarize(records, args.top)}
    if args.json:
        print(json.dumps(summary, indent=1, ensure_ascii=False))
        return 0
    print(f"{path.name}: {len(cards)} cards, {len(records)} questions, load {load_s:.1f} s, run {run_s:.1f} s "
          f"({args.jobs} jobs{f', sample {args.sample} seed {args.seed}' if args.sample else ''})")
    print(f"{'kind':16} {'cards':>6} {'answered':>9} {'unsupp.':>8} {'error':>6} {'answered %':>10}")
    for kind, s in summary["kinds"].items():
        print(f"{kind:16} {s['cards']:6} {s['answered']:9} {s['unsupported']:8} {s['error']:6} {s['answered_pct']:9.2f}%")
    for kind, s in summary["kinds"].items():
        for key, heading in (("top_topics", "unsupported by topic"), ("top_sentences", "most common unmodelled sentences"),
                             ("top_reasons", "most common unsupported reasons")):
            if s[key]:
                print(f"\n{kind}: {heading}")
                for t, n in s[key]:
                    print(f"  {n:5}  {t}")
        if s["errors"]:
            print(f"\n{kind}: ERRORS (bugs)")
            for t, n in s["errors"]:
                print(f"  {n:5}  {t}")
            print("   cards: " + "; ".join(s["error_cards"][:12]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
