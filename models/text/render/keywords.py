"""Keyword abilities (CR 702): a keyword and its parameter as printed ("Flashback {2}{U}", "Ward—Pay 2 life",
"Bushido 2", "Enchant creature", "Affinity for artifacts").
"""
from __future__ import annotations

import re
from typing import Any

from ...vocab.keyword_effects import Keyword
from ...game.subtypes import OUTLAW_TYPES, plural
from ..targets import parse_target_phrase
from .costs import part_words
from .patterns import Unrenderable, alt, untyped
from .table import renders
from .words import cap, type_word


#: Keywords whose parameter is a cost (CR 702: "[Keyword] [cost]" or "[Keyword]—[cost]").
_COST_KEYWORDS = frozenset("""flashback escape evoke dash overload kicker multikicker buyback entwine cycling echo equip
fortify ninjutsu morph megamorph disguise madness miracle unearth embalm eternalize encore plot foretell blitz
spectacle surge emerge prowl mutate harmonize mayhem warp web-slinging freerunning bestow scavenge transmute
recover outlast reconfigure awaken replicate transfigure level up craft cleave augment disturb channel forecast
cumulative upkeep ward impending squad offspring sneak escalate more_than_meets_the_eye aura_swap
commander_ninjutsu""".replace("level up", "level_up").replace(
    "cumulative upkeep", "cumulative_upkeep").split())


#: Keywords with a number (CR 702: "Annihilator 2", "Bushido 1", "Crew 3").
_N_KEYWORDS = frozenset("""annihilator bushido dredge fading vanishing modular graft bloodthirst soulshift rampage
crew toxic backup afflict absorb amplify frenzy devour fabricate tribute renown mobilize saddle station hideaway
ripple poisonous afterlife training casualty bloodrush scry surveil""".split())


#: Keywords whose parameter is words of an object or quality (CR 702.5 enchant, 702.16 protection, 702.11
#: hexproof from, 702.41 affinity, 702.72 champion, 702.124 partner with, 702.139 companion, 702.47 splice, 702.14
#: landwalk, 702.174 gift, 702.29e typecycling).
_PHRASE_KEYWORDS = frozenset({"enchant", "protection", "hexproof", "hexproof from", "affinity", "champion", "partner with", "partner",
                              "companion", "splice", "gift", "suspend", "reinforce", "awaken", "prototype", "ward",
                              "cumulative upkeep", "echo", "craft", "equip", "offspring", "bestow", "crew", "squad",
                              "landwalk", "more than meets the eye", "living metal", "job select", "station",
                              "for mirrodin!", "umbra armor", "read ahead", "start your engines!", "toxic",
                              "backup", "impending", "escape", "madness", "ninjutsu", "kicker", "buyback", "cycling",
                              "flashback", "unearth", "foretell", "plot", "disguise", "morph", "megamorph", "blitz",
                              "evoke", "dash", "overload", "entwine", "spectacle", "surge", "emerge", "prowl",
                              "mutate", "harmonize", "mayhem", "warp", "web-slinging", "freerunning", "miracle",
                              "encore", "embalm", "eternalize", "scavenge", "transmute", "recover", "outlast",
                              "reconfigure", "replicate", "cleave", "augment", "disturb", "saddle", "casualty",
                              "fortify", "level up", "bloodthirst", "devour", "fabricate", "tribute", "renown",
                              "soulshift", "hideaway", "mobilize", "annihilator", "bushido", "modular", "graft",
                              "afterlife", "training", "amplify", "vanishing", "fading", "dredge", "rampage",
                              "absorb", "afflict", "frenzy", "ripple", "poisonous", "channel", "forecast", "sneak"})


def _kw_name(k: str) -> str:
    return cap(k)


def keyword(e: Keyword) -> str:
    """A keyword ability line from its typed fields ("Flying", "Equip {2}", "Ward—Pay 2 life", "Annihilator 2",
    "Protection from red"); a keyword with a parameter its rules do not have ("Ninjutsu abilities you activate cost
    ...", "Transform up to one target Werewolf") is not printed."""
    k = e.keyword
    name = _kw_name(k)
    if k == "prototype" and getattr(e, "size", None) and e.cost and not e.parts:
        # "Prototype {2}{G} — 1/3": its mana cost and size (CR 702.160a, 718.1)
        return f"{name} {e.cost}" + alt(" — ", "—", " ") + str(e.size)
    if k in ("impending", "awaken", "suspend") and e.n is not None and e.cost and not e.parts:
        return f"{name} {e.n}—{e.cost}"  # CR 702.176a, 702.113a, 702.62a
    if k == "suspend" and e.n is None and e.cost and "{X}" in e.cost and not e.parts and not e.detail:
        return f"{name} X—{e.cost}. X can't be 0."  # the number of time counters is X, at least 1 (CR 702.62a, 107.3)
    has = [x for x in ("cost", "parts", "n", "detail", "counts", "pays", "uses") if getattr(e, x) not in (None, ())]
    if e.pays is not None or e.uses is not None:
        if k not in ("delve", "convoke", "improvise") or e.parameter:
            raise Unrenderable(f"keyword {k!r} with pays/uses")
        return name
    if not has:
        if e.parameter:
            if k == "enchant":
                return f"{name} {_enchant_object(e.parameter)}"
            raise Unrenderable(f"keyword {k!r}: parameter {e.parameter!r} not typed")
        return name
    if e.detail is not None:
        if k == "offering" and re.fullmatch(r"[A-Za-z][\w-]*", e.detail.text):
            return untyped(e.detail.text) + " offering"  # "Snake offering": the quality first (CR 702.48a)
        if k not in _PHRASE_KEYWORDS or "." in e.detail.text.rstrip("."):
            raise Unrenderable(f"keyword {k!r} with the untyped parameter {e.detail.text!r}")
        d = e.detail.text
        if k == "prototype" and d.lower().startswith("prototype "):
            return d  # the prototype parser keeps the whole line as its detail
        sep = "" if d.startswith(("—", "-")) else alt(" ", "—", " — ")
        return name + sep + untyped(d)
    if e.n is not None:
        if k not in _N_KEYWORDS:
            raise Unrenderable(f"keyword {k!r} with a number")
        return f"{name} {e.n}"
    if e.counts is not None:
        if k != "affinity":
            raise Unrenderable(f"keyword {k!r} with counts")
        return f"{name} for {_affinity(e.counts)}"
    if k.replace(" ", "_") not in _COST_KEYWORDS and k not in ("ward",) and not k.endswith("cycling"):
        raise Unrenderable(f"keyword {k!r} with a cost")
    mana_part = e.cost or ""
    parts = part_words(e.parts)
    if mana_part and not parts:
        return alt(f"{name} {mana_part}", f"{name}—{mana_part}")
    bits = ([mana_part] if mana_part else []) + parts
    if not bits:
        raise Unrenderable(f"keyword {k!r} with an empty cost")
    return f"{name}—" + ", ".join(bits) + alt("", ".")


def _enchant_object(words: str) -> str:
    """What an Aura may enchant, read as the targets rules read it (CR 303.4a: "Enchant creature" targets a
    creature); printed through that reading."""

    spec = parse_target_phrase("target " + words)
    if spec is None or spec.unknown:
        raise Unrenderable(f"enchant {words!r} is not read by the targets rules")
    return words


def _affinity(counts: Any) -> str:
    types = tuple(counts.get("types", ()))
    zone = counts.get("zone")
    if zone not in (None, "battlefield") or counts.get("whose") not in (None, "you"):
        raise Unrenderable("affinity count")
    both = tuple(counts.get("all_of", ()))
    if both:  # "snow lands", "artifact creatures" (CR 205.4)
        if types or len(both) != 2:
            raise Unrenderable("affinity for several types")
        return f"{both[0].lower()} {plural(type_word(both[1]))}"
    if types == ("Artifact", "Legendary", "Saga"):
        return "historic permanents"  # CR 700.6
    words = []
    for t in types:
        if t == "Artifact":
            words.append("artifacts")
        elif t.startswith("!"):
            raise Unrenderable("affinity for non-")
        else:
            words.append(plural(type_word(t)))
    if tuple(types) == OUTLAW_TYPES:
        return "outlaws"
    if len(words) != 1:
        raise Unrenderable("affinity for several types")
    return words[0]


renders(Keyword)(keyword)
