"""Reading mana abilities, mana replacement effects and land-type effects from oracle text.

Models only: this module turns wording into ``Ability`` params; ``solver.rules.mana.produce`` and
``solver.rules.mana.sources`` do the solving. It registers one effect parser with
``models.text.frame.effect_parser`` (loaded by the line parser, ``models.text.oracle``, before it reads a card).

What is read
------------
* **Activated mana abilities** (CR 605.1a): ``effect="add_mana"`` with the output params
  documented in ``docs/mana.md`` (``mana``, ``choice``, ``options``, ``any_color``, ``any_type``,
  ``combination``, ``amount``, ``reflect``, ``chosen_color``, ``commander_identity``,
  ``restriction``, ``rider``). An ability with a target is marked ``targets: true`` and one whose
  cost or effect moves a card to or from a library ``moves_library_card: true``: neither is a mana
  ability (605.1a, 2026-09-25 wording; ``Ability.is_mana_ability``).
* **Triggered mana abilities** (CR 605.1b, 106.12a): "whenever [a permanent] is tapped for mana,
  [its controller] adds ..." become ``kind="triggered", effect="add_mana"`` with a ``trigger``
  mapping (``what``, ``controller``, ``to``) and either a fixed output or ``produced_type: true``
  ("one mana of any type that land produced").
* **Replacement effects on mana production** (CR 106.12b, 614.1a): "if a land is tapped for mana,
  it produces {B} instead of any other type" → ``effect="mana_replacement"``.
* **Land-type changes** (CR 305.7, 613.1d) → ``effect="land_type"`` (also land-type Auras, "enchanted land
  is an Island", ``affects: {what: enchanted}``), and granted mana abilities
  ("lands you control have '{T}: Add one mana of any color'") → ``effect="grant_ability"``.

Anything else keeps ``effect="text"`` and is answered "not modelled", never guessed;
``models.text.topics.changes_mana_abilities`` recognises land-type / mana-ability wording left as text so the solver
can say so (safety net).
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from ..game.subtypes import SPELL_SUBTYPES
from ..game.cards import BASIC_LAND_TYPES, Card
from ..game.mana import COLORS, MANA_TYPES
from .frame import effect_parser
from .words import parse_count_word
from .topics import SPENT_RIDER_RE
from mtgcheck.models.vocab.conditions import ResolvedThisTurn
from mtgcheck.models.vocab.amounts import Sum
from mtgcheck.models.vocab.effect import Unmodelled
from .topics import classify
from mtgcheck.models.vocab.amounts import Revealed
from .filters import parse_amount, parse_objects

_SYM = r"\{(?:[WUBRGC]|\d+)\}"
_SYMS = rf"(?:{_SYM})+"
_LIBRARY_WORDS = re.compile(
    r"\b(draws?|mills?|search(?:es)? (?:your|their|a|his or her) library|from (?:the top of )?(?:your|their|a|its owner's) library|"
    r"into (?:your|their|its owner's) library|on (?:the )?(?:top|bottom) of (?:your|their|its owner's) library|"
    r"shuffles? .* into|the top card of (?:your|their) library)\b", re.I)
_WORD_AMOUNT = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)"


def _amount_word(w: str) -> Any:
    if w.strip().lower() == "x":
        return "X"
    n = parse_count_word(w)
    if n is None:
        raise KeyError(w)
    return n


from ..game.mana import added_types  # noqa: E402  (the one reader of fixed mana, re-exported)


_symbols = added_types


def _fmt(types: list[str]) -> str:
    return "".join("{" + t + "}" for t in types)


def slug(text: str) -> str:
    """A short machine-readable name for a spend restriction (``creature_spell``)."""
    t = text.lower().strip(" .")
    t = re.sub(r"^spend this mana only (to |on |for )?", "", t)
    known = [
        (r"^cast (a )?creature spells?$", "creature_spell"),
        (r"^cast (a )?creature spells? of the chosen type(?!.*\bactivate\b)", "creature_spell_of_chosen_type"),
        (r"^cast artifact spells?$", "artifact_spell"),
        (r"^cast (an )?instant or sorcery spells?$", "instant_or_sorcery_spell"),
        (r"colorless eldrazi", "eldrazi"),
    ]
    m = re.fullmatch(r"cast (?:a )?spells? with mana value (\w+) or greater"
                     r"( or spells? with \{x\} in (?:its|their) mana costs?)?", t)
    if m:  # the number is part of the code (Troyan, Gutsy Explorer: 5, or {X} spells)
        n = parse_count_word(m.group(1))
        n = m.group(1) if n is None else n
        return f"mana_value_at_least_{n}" + ("_or_x" if m.group(2) else "")
    for pat, code in known:
        if re.search(pat, t):
            return code
    typed = spend_only_code(text)
    if typed is not None:
        return typed
    t = re.sub(r"[^a-z0-9]+", "_", t).strip("_")
    return t[:48] or "restricted"


_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
               "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery", "battle": "Battle"}


def _objects_code(phrase: str, plural_ok: bool) -> str | None:
    """The code of an object phrase of a spend restriction ("colorless Eldrazi", "Cleric, Rogue, Warrior, or
    Wizard", "artifacts", "a Dinosaur source"): alternatives joined by ``/``, each the ``+``-joined words it needs
    (card types, subtypes, ``colorless``); ``None`` for any other word (never guessed)."""
    phrase = re.sub(r"^(?:an?|the) ", "", phrase.strip())
    phrase = re.sub(r" (?:sources?|spells?)$", "", phrase)
    alts = [a for a in re.split(r",\s*(?:or\s+)?|\s+or\s+", phrase) if a]
    out = []
    for alt in alts:
        atoms = []
        for w in alt.split():
            lw = w.lower()
            if lw == "colorless":
                atoms.append("colorless")
                continue
            base = lw[:-1] if plural_ok and lw.endswith("s") and lw[:-1] in _CARD_TYPES else lw
            if base in _CARD_TYPES:
                atoms.append(_CARD_TYPES[base])
                continue
            cap = w[:1].upper() + w[1:]
            sub = cap if cap in SPELL_SUBTYPES else (cap[:-1] if plural_ok and cap.endswith("s") and cap[:-1] in SPELL_SUBTYPES
                                                     else None)
            if sub is None or not w[:1].isupper():
                return None
            atoms.append(sub)
        if not atoms:
            return None
        out.append("+".join(atoms))
    return "/".join(out) if out else None


#: "Spend this mana only to cast [spells] [, or (to)] activate abilities [of [objects]]" (CR 106.6)
_SPEND_ONLY_RE = re.compile(r"^(?:(?:to )?cast (?P<spells>.+?) spells?)?(?:,? (?:or )?(?:to )?)?"
                            r"(?:activate (?:an ability|abilities)(?: of (?P<of>.+?))?)?$")


def spend_only_code(text: str) -> str | None:
    """The typed code of "Spend this mana only to cast X spells or activate abilities of Y" (CR 106.6):
    ``only:SPELLS|ABILITIES``, each side ``-`` (none), ``*`` (any) or an object code (``_objects_code``), e.g.
    Eldrazi-free "only:Artifact|Artifact" (Dalakos: "cast artifact spells or activate abilities of artifacts"),
    "only:-|*" (Pit Automaton: "activate abilities"), "only:Sliver|-" (Sliver Hive). ``None`` when a word is not
    read ("outlaw", "of the chosen type", "an equip ability", "pay a cost that contains {C}"): the caller keeps a
    free-form code, never spent."""
    t = text.strip(" .")
    t = re.sub(r"^spend this mana only (?:to |on |for )?", "", t, flags=re.I)
    rev = re.fullmatch(r"(activate (?:an ability|abilities)(?: of .+?)?),? or (?:to )?(cast .+? spells?)", t)
    if rev:  # "to activate an ability or cast an artifact spell" (Automated Artificer): the same, in the other order
        t = f"{rev.group(2)} or {rev.group(1)}"
    m = _SPEND_ONLY_RE.fullmatch(t)
    if not m or not t:
        return None
    spells_part, of = m.group("spells"), m.group("of")
    activates = "activate" in t
    if spells_part is None and not activates:
        return None
    spells: str | None = "-"
    if spells_part is not None:
        spells = _objects_code(spells_part, plural_ok=False)
        if spells is None:
            return None
    abilities: str | None = "-"
    if activates:
        abilities = "*" if of is None else _objects_code(of, plural_ok=True)
        if abilities is None:
            return None
    return f"only:{spells}|{abilities}"


#: "This mana can't be spent to ..." sentences read as restriction codes (CR 106.6); see docs/mana.md and
#: ``solver.rules.payment.model.RESTRICTIONS`` / ``restriction_verdict``.
_CANT_SPEND = (
    # Battery Bearer, The Mightstone and Weakstone: any cost but a nonartifact spell's
    (re.compile(r"this mana can't be spent to cast (?:a )?nonartifact spells?", re.I), "not_nonartifact_spell"),
    # Jegantha, the Wellspring: not for generic mana in a cost (which symbol it pays: undecided by the card alone)
    (re.compile(r"this mana can't be spent to pay generic mana costs", re.I), "not_generic"),
    # Thran Turbine: only abilities' costs
    (re.compile(r"you can't spend this mana to cast spells", re.I), "not_spells"),
)


#: Any other "This mana can't be spent to ..." / "You can't spend this mana to ..." sentence (CR 106.6).
_CANT_SPEND_OTHER = re.compile(r"(?:this mana can't be spent|you can't spend this mana) (to [^.;\"“”]+|on [^.;\"“”]+)", re.I)


def cant_spend_code(sentence: str) -> str | None:
    """The restriction code of a "This mana can't be spent to ..." sentence (CR 106.6), else ``None``.

    ``not_nonartifact_spell`` ("can't be spent to cast nonartifact spells": spent on an artifact spell or on any
    ability's cost), ``not_generic`` ("can't be spent to pay generic mana costs"), ``not_spells`` ("You can't spend
    this mana to cast spells": abilities only); any other such sentence gives the free-form code ``cant_`` + a slug
    of what follows "can't be spent" ("cant_to_cast_spells_from_your_hand"), never spent by payments."""
    s = sentence.strip().rstrip(".")
    for rx, code in _CANT_SPEND:
        if rx.fullmatch(s):
            return code
    m = _CANT_SPEND_OTHER.fullmatch(s)
    if m:
        # any other "This mana can't be spent to ..." (Vhal, Candlekeep Researcher: "... to cast spells from your
        # hand"): a free-form code (docs/mana.md), which payments never spend (``restriction_verdict`` is None:
        # unsupported where that could change the answer); it is about spending only, never the mana's type
        # (CR 106.6), so could_produce reads none of it (CR 106.7) and available_mana reports it in the pool
        return "cant_" + re.sub(r"[^a-z0-9]+", "_", m.group(1).lower()).strip("_")[:43]
    return None


def is_spent_rider(sentence: str) -> bool:
    """A sentence acting on the spell or ability the mana is spent on, or a delayed trigger when it is spent
    (CR 106.6: "This doesn't affect the mana's type"; ``models.text.topics.SPENT_RIDER_RE``)."""

    return bool(SPENT_RIDER_RE.fullmatch(sentence.strip().rstrip(".")))


# ---------------------------------------------------------------------------
# What is produced: the part after "Add"
# ---------------------------------------------------------------------------

_REFLECT_RE = re.compile(
    r"^(?P<n>one|two|three|x) mana of any (?:one )?(?P<kind>color|type) (?:that )?"
    r"(?P<who>a land you control|lands you control|a land an opponent controls|lands your opponents control|"
    r"a land an opponent controls|a basic land you control|a permanent you control|"
    r"the sacrificed (?:land|permanent|creature|artifact)|the exiled card|enchanted land|that land|that permanent|"
    r"a land (?:a player|any player|target player|that player) controls|lands? you control or an opponent controls|"
    r"an? [A-Z][a-z]+ you control)"
    r" could produce$", re.I)
_PRODUCED_RE = re.compile(
    r"^(?:an additional |one (?:additional )?)?(?:mana of )?(?:any|one|the) (?:type|color)(?: of mana)? (?:that )?"
    r"(?P<what>land|permanent|creature|artifact|artifact token|enchanted land|it) produced$", re.I)
_WHO_MAP = {
    "a land you control": ("land", "you"), "lands you control": ("land", "you"),
    "a basic land you control": ("basic land", "you"), "a permanent you control": ("permanent", "you"),
    "a land an opponent controls": ("land", "opponent"), "lands your opponents control": ("land", "opponent"),
    "enchanted land": ("enchanted", "any"), "that land": ("that", "any"), "that permanent": ("that", "any"),
}


def parse_add_clause(s: str) -> dict:
    """Parse what follows "Add" (without the final period) into ``add_mana`` output params.

    Raises ``ValueError`` when the wording is not understood. See ``docs/mana.md``.
    """
    s = s.strip().rstrip(".").strip()
    s = re.sub(r"^an additional ", "", s, flags=re.I)
    low = s.lower()
    # "{R}{R}" — fixed mana
    if re.fullmatch(_SYMS, s):
        return {"mana": _fmt(_symbols(s))}
    if low == "mana equal to enchanted permanent's mana cost":  # Elemental Resonance (CR 202.1, 303.4)
        return {"cost_of": "enchanted"}
    # mana noted by the source's linked ability (CR 607.2e): Jeweled Amulet, Ice Cauldron
    if re.fullmatch(r"one mana of this \w+'s last noted type", low):
        return {"noted": "type"}
    if re.fullmatch(r"this \w+'s last noted type and amount of mana", low):
        return {"noted": "mana"}
    # "{R} or {G}", "{W}, {U}, or {B}", "{R}{R}, {R}{G}, or {G}{G}", "{C}{C} or {W}{U}"
    m = re.fullmatch(rf"({_SYMS})((?:, {_SYMS})*),? or ({_SYMS})", s)
    if m:
        items = [m.group(1)] + [x for x in re.findall(_SYMS, m.group(2))] + [m.group(3)]
        outs = [_symbols(x) for x in items]
        if all(len(o) == 1 for o in outs):
            return {"choice": [t for t in MANA_TYPES if [t] in outs]}
        return {"options": [_fmt(o) for o in outs]}
    # reflectors (CR 106.7)
    m = _REFLECT_RE.match(s)
    if m:
        who = m.group("who").lower()
        if who.startswith("the sacrificed"):
            what, ctl = "sacrificed", "you"
        elif who == "the exiled card":
            raise ValueError("reflecting an exiled card is not modelled")
        elif who in _WHO_MAP:
            what, ctl = _WHO_MAP[who]
        elif re.fullmatch(r"an? [a-z]+ you control", who):
            what, ctl = who.split()[1].capitalize(), "you"
        elif "or an opponent" in who:
            what, ctl = "land", "any"
        else:
            what, ctl = "land", "any"
        return {"reflect": {"what": what, "controller": ctl, "kind": m.group("kind").lower()},
                "amount": _amount_word(m.group("n"))}
    m = _PRODUCED_RE.match(s)
    if m:
        return {"produced_type": True}
    # "one mana of any color", "two mana of any one color", "X mana of any one color"
    m = re.fullmatch(rf"({_WORD_AMOUNT}) mana of any (one )?(color|type)", low)
    if m:
        return {"any_color" if m.group(3) == "color" else "any_type": True, "amount": _amount_word(m.group(1))}
    m = re.fullmatch(rf"({_WORD_AMOUNT}) mana of (?:the chosen color|the color of your choice|a color of your choice)", low)
    if m:
        return {"chosen_color": True, "amount": _amount_word(m.group(1))}
    m = re.fullmatch(rf"({_WORD_AMOUNT}) mana of any (?:one )?color in your commander'?s'? color identity", low)
    if m:
        return {"commander_identity": True, "amount": _amount_word(m.group(1))}
    # "two mana in any combination of colors", "X mana in any combination of {R} and/or {G}"
    m = re.fullmatch(rf"({_WORD_AMOUNT}) mana in any combination of colors", low)
    if m:
        return {"combination": True, "amount": _amount_word(m.group(1))}
    m = re.fullmatch(rf"({_WORD_AMOUNT}) mana in any combination of ((?:\{{[WUBRGC]\}}(?:, | and/or | or |, and/or )?)+)", s, re.I)
    if m:
        return {"combination": [t for t in MANA_TYPES if "{" + t + "}" in m.group(2).upper()], "amount": _amount_word(m.group(1))}
    # "one mana of any color" plus fixed: "{C} and one mana of any color" — not common; fall through
    # "{G} for each Elf you control" / "an amount of {G} equal to ..."
    m = re.fullmatch(rf"({_SYM}) for each (.+)", s)
    if m:
        return {"mana": m.group(1).upper(), "amount": {"count": m.group(2).strip()}}
    m = re.fullmatch(rf"an amount of ({_SYM}) equal to (.+)", s)
    if m:
        return {"mana": m.group(1).upper(), "amount": {"equal_to": m.group(2).strip()}}
    m = re.fullmatch(rf"that much ({_SYM})", s, re.I)
    if m:  # "Remove one or more dream counters from this: Add that much {C}" (the counters removed, CR 118.3)
        return {"mana": m.group(1).upper(), "amount": {"count": "counters removed this way"}}
    m = re.fullmatch(rf"x ({_SYM})", low)
    if m:
        return {"mana": m.group(1).upper(), "amount": "X"}
    m = re.fullmatch(r"(one|two|three|x) mana of each color", low)
    if m:
        return {"each": list(COLORS), "amount": _amount_word(m.group(1))}
    m = re.fullmatch(rf"({_WORD_AMOUNT}) ({_SYM})", s, re.I)
    if m:  # "six {G}"
        return {"mana": m.group(2).upper(), "amount": _amount_word(m.group(1))}
    m = re.fullmatch(rf"({_WORD_AMOUNT}) mana of different colors", low)
    if m:
        return {"distinct_colors": _amount_word(m.group(1))}
    m = re.fullmatch(r"(one|two|three) mana of any (?:one )?color (?:among|of) (.+)", low)
    if m:
        return {"color_among": m.group(2).strip(), "amount": _amount_word(m.group(1))}
    m = re.fullmatch(r"(one|two|three) mana of any color that shares a color with (.+)", low)
    if m:  # Reflective Gate: a colour some matching permanent has (CR 105.2, 105.4)
        return {"color_among": m.group(2).strip(), "amount": _amount_word(m.group(1))}
    m = re.fullmatch(r"(one|two|three) mana of any of (.+?)(?:'s?)? colors", low)
    if m:
        return {"color_among": m.group(2).strip(), "amount": _amount_word(m.group(1))}
    m = re.fullmatch(r"(one|two|three|x) mana of that color", low)
    if m:
        return {"that_color": True, "amount": _amount_word(m.group(1))}
    m = re.fullmatch(r"(one|two|three|x) mana of that type", low)
    if m:  # "add three mana of that type instead" (Incubation Druid): the type of the main output
        return {"that_type": True, "amount": _amount_word(m.group(1))}
    m = re.fullmatch(r"one mana of any (color|type) for each (.+)", low)
    if m:  # "Add one mana of any color for each charge counter removed this way" (Coalition Relic)
        return {"any_color" if m.group(1) == "color" else "any_type": True, "amount": {"count": m.group(2).strip()}}
    m = re.fullmatch(r"(?:(one|two|three) )?mana of that color for each (.+)", low)
    if m:
        return {"that_color": True, "amount": {"count": m.group(2).strip()}}
    m = re.fullmatch(r"an amount of mana of that color equal to (.+)", low)
    if m:
        return {"that_color": True, "amount": {"equal_to": m.group(1).strip()}}
    m = re.fullmatch(rf"({_SYMS}) for each (.+)", s)
    if m:
        return {"mana": _fmt(_symbols(m.group(1))), "amount": {"count": m.group(2).strip()}}
    # "{B} or one mana of the chosen color": one of two outputs
    parts = re.split(r",? or (?=one |two |three |\{)", s)
    if len(parts) == 2:
        return {"alternatives": [parse_add_clause(parts[0]), parse_add_clause(parts[1])]}
    raise ValueError(f"add clause not understood: {s!r}")


_WHERE_RE = re.compile(r"^(.*?),? where x is (.+)$", re.I)


def _split_sentences(text: str) -> list[str]:
    out, buf, depth = [], "", 0
    for i, ch in enumerate(text):
        if ch in "\"“":
            depth ^= 1
        buf += ch
        if ch == "." and not depth and (i + 1 == len(text) or text[i + 1] == " "):
            out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out


#: Who adds the mana, by the wording before "adds" (``models.vocab.mana_effects.MANA_RECIPIENTS``); "that player" is the player
#: chosen by an earlier "Choose a player" (else the sentence is not read here).
_ADDERS = {"add": "you", "you add": "you", "each player adds": "each_player", "that player adds": "that_player",
           "a player of your choice adds": "chosen_player", "target player adds": "target_player",
           "the active player adds": "active_player"}
#: "... of any color they choose" / "... that player chooses": the recipient makes the colour choice (the same
#: choices whoever makes them, CR 106.7).
_THEY_CHOOSE = re.compile(r" (?:they choose|that player chooses)$", re.I)


#: Fixed mana, then "and" another instruction ("{B}{B} and draw a card"): the instruction is a rider sentence.
_AND_RIDER = re.compile(rf"({_SYMS}) and (?!\{{)(?!(?:one|two|three|x) mana\b)([a-z].+)", re.I)


#: "[instruction], then add [mana]" (Sarkhan Unbroken): the instruction has no "add" of its own.
_THEN_ADD = re.compile(r"((?:(?!\badds?\b)[^,])+), then add (.+)", re.I)


def _add_sentence(sent: str) -> tuple[str, str] | None:
    """(who receives, the clause after add) for a sentence that adds mana, else None."""
    m = re.match(r"^(add|you add|each player adds|that player adds|a player of your choice adds|target player adds|"
                 r"the active player adds) (.+?)\.?$", sent, re.I)
    if m:
        who = _ADDERS[m.group(1).lower()]
        body = m.group(2)
        if who != "you":
            body = _THEY_CHOOSE.sub("", body.rstrip("."))
        return who, body
    m = re.match(r"^for each color among (.+?), add one mana of that color\.?$", sent, re.I)
    if m:
        return "each_color_among", m.group(1)
    return None


#: "This land deals 1 damage to you." (the whole sentence, lower case, no full stop): the source's damage to its
#: controller as the mana ability resolves (``AddMana.damage_to_you``).
_DAMAGE_TO_YOU_RE = re.compile(r"(?:this (?:land|artifact|creature|permanent)|it) deals (\d+|one|two|three) damage to you")


#: "[Target player adds] three mana of the chosen color for each artifact sacrificed this way" (Radiant Lotus)
_CHOSEN_EACH = re.compile(r"(add|target player adds|you add) (\w+) mana of (?:the chosen color|that color) for each (.+)",
                          re.I)
#: "If this is the third time this ability has resolved this turn, you may add {R}{R}..." (CR 608.2: checked as it
#: resolves): the mana is added only that time (``ResolvedThisTurn``)
_NTH_ADD = re.compile(r"if this is the (first|second|third) time this ability has resolved this turn, (?:you may )?"
                      r"(add .+)", re.I)


def parse_add_effect(text: str) -> dict:
    """Parse the effect of an activated ability that adds mana ("Add {R} or {G}. Spend this mana only ...").

    Returns add_mana params; raises ``ValueError`` if any sentence that touches mana is not understood.
    """
    sentences = _split_sentences(text.strip())
    params: dict = {}
    riders: list[str] = []
    pending: dict = {}
    found = False
    for sent in sentences:
        low = sent.lower().rstrip(".")
        if not found:
            if low == "choose a color":
                pending["any_color"] = True
                continue
            m = re.fullmatch(r"choose a color (?:of|among) (.+)", low)
            if m:
                pending["color_among"] = m.group(1)
                continue
            if low == "choose a player":
                pending["to"] = "chosen_player"
                continue
            m = re.fullmatch(r"reveal any number of (.+? (?:in|from) your hand)", low)
            if m:  # "Reveal any number of artifact cards in your hand. Add {C}{C} for each card revealed this way."
                pending["revealed"] = (sent, re.sub(r"\bfrom your hand$", "in your hand", sent.rstrip(".")[len("reveal any number of "):]))
                continue
            if low.startswith("reveal "):
                riders.append(sent)
                continue
            m = re.fullmatch(r"exile any number of target (cards?|(?:\w+ )?cards?) from your graveyard", low)
            if m:  # Quintorius Kand: "Exile any number of target cards from your graveyard. Add {R} for each card
                # exiled this way": as many as the targets chosen, 0 to the cards there (CR 115.1, 601.2c, 608.2b)
                pending["chosen_targets"] = (sent, f"{m.group(1)} in your graveyard")
                continue
        mn = None if found else _NTH_ADD.fullmatch(sent.strip().rstrip("."))
        if mn:  # Soulbright Flamekin: "If this is the third time this ability has resolved this turn, you may add ..."

            params["condition"] = ResolvedThisTurn({"first": 1, "second": 2, "third": 3}[mn.group(1).lower()])
            sent = mn.group(2) + "."
            low = sent.lower().rstrip(".")
        mk = None if found or not pending.get("any_color") else _CHOSEN_EACH.fullmatch(sent.strip().rstrip("."))
        if mk:  # Radiant Lotus: "Choose a color. Target player adds three mana of the chosen color for each artifact
            # sacrificed this way": three times the number, one colour chosen as it resolves (CR 608.2d)

            k = parse_count_word(mk.group(2))
            per = parse_amount(mk.group(3))
            if not k:
                raise ValueError("a count not read")
            pending.pop("any_color")
            params["any_color"] = True
            params["amount"] = per if k == 1 else Sum((per,) * k)
            who = _ADDERS.get(mk.group(1).lower())
            if who is None:
                raise ValueError("who adds is not read")
            if who != "you":
                params["to"] = who
            if pending.get("to"):
                params["to"] = pending.pop("to")
            if pending:
                raise ValueError("a choice before the add instruction is not modelled")
            found = True
            continue
        got = None if found else _add_sentence(sent)
        mt = None if found or got is not None else _THEN_ADD.fullmatch(sent.rstrip("."))
        if mt:  # "Draw a card, then add one mana of any color" (Sarkhan Unbroken): the first instruction is a rider
            riders.append(mt.group(1) + ".")
            got = ("you", mt.group(2))
        if got is not None:
            who, body = got
            ma = _AND_RIDER.fullmatch(body)
            if ma and who != "each_color_among":  # "You add {B}{B} and draw a card" (Priest of Forgotten Gods)
                body = ma.group(1)
                riders.append(ma.group(2)[:1].upper() + ma.group(2)[1:] + ".")
            if who == "each_color_among":
                params["each_color_among"] = body.strip()
            else:
                if who == "that_player" and pending.get("to") != "chosen_player":
                    raise ValueError("'that player adds' without a player chosen before it")
                if who != "you":
                    params["to"] = who
                mp = re.match(rf"^({_SYMS}),? (?:then add|plus) an additional ({_SYMS}) for each (.+)$", body, re.I)
                mw = _WHERE_RE.match(body)
                if mp:
                    params["mana"] = _fmt(_symbols(mp.group(1)))
                    params["plus"] = {"mana": _fmt(_symbols(mp.group(2))), "amount": {"count": mp.group(3)}}
                elif mw:
                    params.update(parse_add_clause(mw.group(1)))
                    params["amount"] = {"x_is": mw.group(2).strip().rstrip(".")}
                else:
                    params.update(parse_add_clause(body))
            if params.pop("that_color", False):
                if "color_among" in pending:
                    params["color_among"] = pending.pop("color_among")
                elif pending.pop("any_color", False):
                    params["any_color"] = True
                else:
                    raise ValueError("'that color' without a chosen colour")
            if pending.get("to"):
                params["to"] = pending.pop("to")
            if "revealed" in pending:
                rs, objs = pending.pop("revealed")
                a = params.get("amount")
                if not (isinstance(a, dict) and re.fullmatch(r"(?:each )?card revealed this way", str(a.get("count", "")), re.I)):
                    riders.append(rs)
                else:  # the number of cards revealed (models.vocab.amounts.Revealed)
                    params["amount"] = {"count": f"{objs} revealed this way"}
            if "chosen_targets" in pending:
                ts, objs = pending.pop("chosen_targets")
                riders.append(ts)
                a = params.get("amount")
                if not (isinstance(a, dict) and re.fullmatch(r"(?:each )?card exiled this way", str(a.get("count", "")), re.I)):
                    raise ValueError("an amount other than the cards exiled this way")

                params["amount"] = Revealed(parse_objects(objs))
            if pending:
                raise ValueError("a choice before the add instruction is not modelled")
            found = True
            continue
        if low.startswith("spend this mana only"):
            params["restriction"] = slug(sent)
            continue
        code = cant_spend_code(sent) if found else None
        if code is not None and "restriction" not in params:
            params["restriction"] = code
            continue
        if found and is_spent_rider(sent):
            riders.append(sent)  # CR 106.6: acts on what the mana is spent on ("... instead of putting it into ...")
            continue
        if found:
            m = re.fullmatch(r"if (.+?), (?:instead )?add (.+?)(?: instead)?", low)
            if m and "instead" in low:
                alt = parse_add_clause(re.search(r"add (.+?)(?: instead)?\.?$", sent, re.I).group(1))
                if alt.pop("that_type", False):
                    # "three mana of that type instead": the same choice as the main output, another amount
                    same = {k: params[k] for k in ("reflect", "any_type", "any_color", "choice") if k in params}
                    if not same:
                        raise ValueError("'that type' without a type chosen by the main output")
                    alt.update(same)
                params["instead"] = dict(alt, condition=m.group(1))
                continue
        if re.search(r"\badds?\b|\binstead\b", low):
            raise ValueError(f"a second mana instruction is not modelled: {sent!r}")
        m = _DAMAGE_TO_YOU_RE.fullmatch(low) if found else None
        if m:  # painlands, Talismans, Ancient Tomb: damage as the mana is made (CR 120.3a, 601.2g; AddMana.damage_to_you)
            params["damage_to_you"] = params.get("damage_to_you", 0) + (parse_count_word(m.group(1)) or 0)
            continue
        if found and low == "activate only as an instant":
            params["timing"] = "instant"  # CR 602.5e (Lion's Eye Diamond): read by the payment search
            continue
        riders.append(sent)
    if not found:
        raise ValueError("no add instruction")
    if riders:
        params["rider"] = " ".join(riders)
        if any(_LIBRARY_WORDS.search(r) for r in riders):
            params["moves_library_card"] = True
    if re.search(r"\btarget\b", text, re.I):
        params["targets"] = True
    return params


# ---------------------------------------------------------------------------
# Triggered mana abilities (CR 605.1b, 106.12a)
# ---------------------------------------------------------------------------

_TRIGGER_RE = re.compile(
    r"^whenever (?:(?P<tapper>you|a player|an opponent|that player) taps? (?P<obj>.+?)|(?P<obj2>.+?) (?:is|becomes) tapped) for mana"
    r"(?: of (?P<oftype>a|the) (?:specified|chosen) (?:type|color))?(?P<while> while [^,]+)?,(?: if (?P<cond>[^,]+),)? (?P<rest>.+)$", re.I)


def _obj_filter(obj: str) -> tuple[str, str]:
    o = obj.lower().strip()
    o = re.sub(r"^(a|an|one) ", "", o)
    ctl = "any"
    if o.endswith(" you control"):
        o, ctl = o[: -len(" you control")], "you"
    elif o.endswith(" an opponent controls"):
        o, ctl = o[: -len(" an opponent controls")], "opponent"
    if o.startswith("enchanted "):
        return "enchanted", "any"
    if o in ("this", "this land", "this creature", "this artifact", "it"):
        return "this", "any"
    return o, ctl


def parse_mana_trigger(text: str) -> dict:
    """Parse "whenever ... tapped for mana, ... add(s) ..." into triggered add_mana params (CR 605.1b)."""
    m = _TRIGGER_RE.match(text.strip())
    if not m:
        raise ValueError("not a tapped-for-mana trigger")
    obj = m.group("obj") or m.group("obj2")
    what, ctl = _obj_filter(obj)
    tapper = (m.group("tapper") or "").lower()
    if tapper == "you":
        ctl = "you"
    elif tapper == "an opponent":
        ctl = "opponent"
    rest = m.group("rest").strip()
    mm = re.match(r"^(?:(?:its|that land's|that permanent's|that creature's) controller adds|that player adds|you add|add) (.+)$", rest, re.I)
    if not mm:
        raise ValueError(f"trigger effect not understood: {rest!r}")
    body = re.sub(r",? and this (?:enchantment|creature|artifact|permanent) deals .*$", "", mm.group(1))
    to = "you" if re.match(r"^(you add|add)\b", rest, re.I) else "controller"
    sentences = _split_sentences(body)
    params = parse_add_clause(sentences[0])
    riders = sentences[1:]
    for r in riders:
        if re.search(r"\badd\b|\binstead\b", r, re.I):
            raise ValueError(f"a second mana instruction is not modelled: {r!r}")
        if r.lower().startswith("spend this mana only"):
            params["restriction"] = slug(r)
    if riders:
        params["rider"] = " ".join(riders)
    params["trigger"] = {"event": "tapped_for_mana", "what": what, "controller": ctl, "to": to}
    cond = m.group("cond") or (m.group("while") or "").strip() or None
    if cond:
        params["trigger"]["condition"] = cond
    if m.group("oftype"):
        params["trigger"]["of_chosen_color"] = True
    if params.pop("that_color", False):
        if not m.group("oftype"):
            raise ValueError("'that color' without a chosen colour")
        params["chosen_color"] = True
    return params


# ---------------------------------------------------------------------------
# Static effects: replacement effects, land types, granted mana abilities
# ---------------------------------------------------------------------------

# The reader of "if ... is tapped for mana, it produces ... instead" sentences lives in .mana_replacement
# (replacement effects on mana production on any kind of ability); re-exported here for older imports.
from .mana_replacement import parse_mana_replacement  # noqa: E402,F401


_BASICS = BASIC_LAND_TYPES


_TYPE_WORD = r"(?:plains|islands?|swamps?|mountains?|forests?)"


def parse_land_type(text: str) -> dict:
    """Parse "Nonbasic lands are Mountains", "Each land is a Swamp in addition to its other land types",
    "Lands you control are every basic land type in addition to their other types", and the land-type
    Auras: "Enchanted land is an Island" (Spreading Seas), "Enchanted land is a Mountain, Forest, and
    Plains" (Lush Growth), "Enchanted land is every basic land type in addition to its other types"
    (CR 305.7, 303.4: "enchanted" is the permanent the Aura is attached to)."""
    t = text.strip().rstrip(".")
    m = re.fullmatch(r"(?P<obj>nonbasic lands|lands|all lands|each land|lands you control|nonbasic lands you control|"
                     r"each nonbasic land|enchanted land) "
                     rf"(?:are|is) (?:a |an )?(?P<types>every basic land type|{_TYPE_WORD}(?:(?:,|,? and) (?:an? )?{_TYPE_WORD})*)"
                     r"(?P<add> in addition to (?:its|their) other (?:land )?types)?", t, re.I)
    if not m:
        raise ValueError("not a land-type effect")
    obj = m.group("obj").lower()
    if obj == "enchanted land":
        affects = {"what": "enchanted", "controller": "any"}
    else:
        affects = {"what": "nonbasic land" if "nonbasic" in obj else "land",
                   "controller": "you" if "you control" in obj else "any"}
    tw = m.group("types").lower()
    if tw.startswith("every"):
        types = list(_BASICS)
    else:
        words = re.findall(_TYPE_WORD, tw)
        types = [b for b in _BASICS if any(w.startswith(b.lower()[:5]) for w in words)]
    return {"affects": affects, ("add" if m.group("add") else "set"): types}


def parse_grant(text: str, card: Card) -> dict:
    """Parse 'Lands you control have "{T}: Add one mana of any color."' (a granted mana ability, CR 613.1f)."""
    m = re.fullmatch(r"(?P<obj>[^\"“]+?) (?:has|have) [\"“](?P<ab>[^\"”]+)[\"”]\.?", text.strip())
    if not m:
        raise ValueError("not a grant")
    ab = m.group("ab")
    cost, _, eff = ab.partition(":")
    if not eff:
        raise ValueError("granted ability is not activated")
    params = parse_add_effect(eff.strip())
    what, ctl = _obj_filter(m.group("obj"))
    return {"affects": {"what": what, "controller": ctl},
            "ability": {"kind": "activated", "cost": cost.strip(), "effect": "add_mana", "params": params, "text": ab}}


#: "Double the amount of each type of unspent mana you have." (Doubling Cube; CR 106.4): it adds as much of each type as
#: the pool holds (``AddMana.double_pool``)
_DOUBLE_POOL_RE = re.compile(r"double the amount of each type of unspent mana you have\.?", re.I)


@effect_parser(20)
def mana_effect_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping] | None":
    """The registered effect parser: mana abilities, mana replacement, land types, grants (see module docstring)."""
    low = text.lower()
    if kind == "activated" and _DOUBLE_POOL_RE.fullmatch(text.strip()):
        return "add_mana", {"double_pool": True}  # Doubling Cube: a mana ability (CR 605.1a, 106.4)
    if kind == "activated":
        if not re.search(r"\badds?\b", low):
            return None
        try:
            params = parse_add_effect(text)
        except ValueError:
            return None
        if params.get("targets") and params.get("rider"):
            # a targeted ability is not a mana ability (CR 605.1a): it uses the stack and its other instructions are
            # followed only as it resolves (CR 602.2, 608.2), like any other activated ability's line: of what the
            # sentence could change as an effect (``classify(..., "rider")``), only what an activated ability's line
            # could change counts (``classify(..., "activated")``: resolving it, activating it); when they share
            # nothing, the rider's own topics stay

            words = str(params["rider"])
            own = classify(words, "rider")
            params["rider"] = (Unmodelled(words, (own & classify(words, "activated")) or own),)
        return "add_mana", params
    if kind == "triggered":
        if "for mana" not in low or "add" not in low:
            return None
        try:
            return "add_mana", parse_mana_trigger(text)
        except ValueError:
            return None
    if kind == "static":
        if "for mana" in low and "instead" in low:
            try:
                return "mana_replacement", parse_mana_replacement(text)
            except ValueError:
                return None
        if re.search(r"\b(are|is) (?:a |an )?(every basic land type|plains|islands?|swamps?|mountains?|forests?)\b", low):
            try:
                return "land_type", parse_land_type(text)
            except ValueError:
                return None
        if re.search(r"(has|have) [\"“]\{t\}", low) and "add" in low:
            try:
                return "grant_ability", parse_grant(text, card)
            except ValueError:
                return None
    if kind == "spell" and "for mana" in low and "instead" in low:
        try:
            return "mana_replacement", parse_mana_replacement(text)
        except ValueError:
            return None
    return None
