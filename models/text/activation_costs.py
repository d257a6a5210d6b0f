"""The cost of an activated ability read from its words (CR 602.1a, 118): everything before the colon into an
``ActivationCost`` of mana, {T}/{Q} (CR 107.5, 107.6) and ``CostPart`` records, nothing dropped (a part not
understood is ``CostPart("other")`` with its words)."""
from __future__ import annotations

import re

from ..vocab.cost_parts import AbilityError, CostPart
from ..vocab.abilities import ActivationCost
from ..game.mana import ManaCost, ManaError
from ..game.subtypes import singular
from .words import NUMBER_WORDS, parse_count_word


_COST_SYMBOLS_ONLY = re.compile(r"^(\{[^}]+\})+$")
_CHOICE_RE = re.compile(r"^(?P<a>(?:\{[^}]+\})+), \{T\} or (?P<b>(?:\{[^}]+\})+), \{T\}$")
_LIFE_RE = re.compile(r"^pay (\d+|x) life$", re.I)
_SAC_RE = re.compile(r"^sacrifice (.+)$", re.I)
_SAC_ALL_RE = re.compile(r"^sacrifice (?:all|any number of) (.+)$", re.I)
_DISCARD_HAND_RE = re.compile(r"^discard your hand$", re.I)
_REMOVE_RE = re.compile(r"^remove (a|an|one or more|one|two|three|four|five|x|any number of|\d+) (.+?) counters? from (this|.+)$", re.I)
_REMOVE_ANY_RE = re.compile(r"^remove (a|an|one|two|three|\d+) counters? from (this|.+)$", re.I)
_PUT_RE = re.compile(r"^put (a|an|one|two|three|\d+) (.+?) counters? on (this|.+)$", re.I)
_DISCARD_RE = re.compile(r"^discard (.+)$", re.I)
_EXILE_RE = re.compile(r"^exile (.+)$", re.I)
_TAP_UNTAPPED_RE = re.compile(r"^tap (an|one|two|three|four|five|x|\d+) untapped (.+?) you control$", re.I)
_RETURN_RE = re.compile(r"^return (.+) to (its|their) owner'?s'? hand$", re.I)
_MILL_RE = re.compile(r"^mill (a card|\w+ cards)$", re.I)
_ENERGY_RE = re.compile(r"^pay ((?:\{E\})+)$", re.I)
_EXERT_RE = re.compile(r"^exert (?:this|it)(?: \w+)?$", re.I)
_COLLECT_RE = re.compile(r"^collect evidence (\d+)$", re.I)
_WATERBEND_RE = re.compile(r"^waterbend (\{(?:\d+|x)\})$", re.I)
_COUNT = r"(?P<n>an?|" + "|".join(w for w in NUMBER_WORDS if w not in ("a", "an")) + r"|x|\d+)"
_ENERGY_WORDS_RE = re.compile(r"^pay " + _COUNT + r" \{E\}$", re.I)
_TAP_OTHER_RE = re.compile(r"^tap (?:(?P<another>another)|" + _COUNT + r"(?P<other> other)?) untapped (?P<what>.+?) you "
                           r"control(?P<rest>(?! other than)(?: with| that)[^,]*)?(?P<but> other than this \w+)?$", re.I)
_UNTAP_RE = re.compile(r"^untap " + _COUNT + r" tapped (?P<what>.+?) (?P<who>you control|an opponent controls)$", re.I)
_REMOVE_FROM_RE = re.compile(r"^remove " + _COUNT + r" (?:(?P<kind>[^ ]+(?: [^ ]+)?) )??counters? from "
                             r"(?P<among>among )?(?P<obj>(?:an?|another|other) .+|(?:artifacts|creatures|permanents|other "
                             r"artifacts|other creatures|other permanents|lands).*)$", re.I)
_REMOVE_ALL_RE = re.compile(r"^remove all (?P<kind>.+?) counters from (?:this|~)(?: \w+)?$", re.I)
_PUT_ON_RE = re.compile(r"^put " + _COUNT + r" (?P<kind>.+?) counters? on (?P<obj>(?:an?|another) .+ you control)$", re.I)
_EXILE_PERM_RE = re.compile(r"^exile " + _COUNT + r" (?P<other>other )?(?P<what>(?!cards?\b).+?) you control$", re.I)
_X_OBJECTS_RE = re.compile(r"^(?P<verb>sacrifice|exile|discard) x (?P<other>other )?(?P<what>.+)$", re.I)
_ANY_NUMBER_EXILE_RE = re.compile(r"^exile any number of (?P<what>.*cards? from your graveyard)$", re.I)
_REVEAL_RE = re.compile(r"^reveal " + _COUNT + r" (?P<what>.*?cards?) from your hand(?P<share> that share a colou?r)?$", re.I)
_BOTTOM_RE = re.compile(r"^put this(?: \w+)? on the bottom of its owner's library$", re.I)
_OTHER_CARDS_RE = re.compile(r"(\w+) other cards?")
_SELF_WORDS = ("this", "~")


def _num(w: str) -> int:
    n = parse_count_word(w, x=0)  # X counts as 0 here; the regexes admit no other word
    return 1 if n is None else n


def _lead_count(obj: str) -> int | None:
    """How many objects a cost part names by its first word ("two cards" 2, "a creature" 1, "this" 1); ``None``
    for X or "any number of" (an amount chosen as the cost is paid: not read here)."""
    first = obj.strip().split(" ", 1)[0].lower()
    if first in ("x", "any"):
        return None
    n = parse_count_word(first)
    return 1 if n is None else n


def _what(obj: str) -> str:
    o = obj.strip().lower()
    if o.startswith(("this ", "~")) or o == "this":
        return "this"
    o = re.sub(r"^(a|an|one|two|three|four|five|six|seven|eight|nine|ten|another|x|\d+) ", "", o)
    return o


def _short_self(t: str, card_name: str) -> str:
    """A card naming itself by a short name in its cost ("Remove a dream counter from Rasputin", Rasputin
    Dreamweaver; "Remove six +1/+1 counters from Karlov"): the part before a comma, or the first word when it
    ends a cost part, read as "this" (CR 201.5: a card's text referring to itself by name)."""
    short = card_name.split(",")[0].strip()
    if short and short != card_name:
        t = re.sub(rf"\b{re.escape(short)}\b", "this", t)
    first = card_name.split()[0] if card_name.split() else ""
    if len(first) >= 4 and first[0].isupper() and first != card_name:
        t = re.sub(rf"\b(from|on|exile|sacrifice|return|untap|tap) {re.escape(first)}(?=$|,| and\b)", r"\1 this", t)
    return t


def _cost_chunks(t: str) -> list[str]:
    """The parts of a cost, split at commas and at "and" before a verb; a piece that starts in lower case continues
    a list of the previous part ("Remove a counter from an artifact, creature, land, or planeswalker you control")."""
    merged: list[str] = []
    for c in re.split(r",\s*(?![^()]*\))", t):
        c = (c or "").strip()
        if not c:
            continue
        if merged and c[0].islower() and not c.startswith("this") and \
                not re.match(r"(?:and )?(?:pay|tap|untap|sacrifice|discard|exile|remove|put|return|mill|reveal)\b", c):
            merged[-1] = f"{merged[-1]}, {c}"
        else:
            merged.append(c)
    out: list[str] = []
    for c in merged:
        out.extend(x.strip() for x in re.split(r"\s+and\s+(?=pay|tap|sacrifice|discard|exile|remove)", c) if x and x.strip())
    return out


def _object_part(chunk: str) -> CostPart | None:
    """The parts that use other objects, energy by number, or X (see ``CostPart``), else ``None``."""
    def n_of(m: re.Match) -> tuple[int, bool]:
        w = (m.group("n") or "a").lower()
        return (0, True) if w == "x" else (_num(w), False)

    m = _ENERGY_WORDS_RE.match(chunk)
    if m:  # "Pay six {E}", "Pay X {E}": remove that many energy counters from yourself (CR 107.14)
        n, xx = n_of(m)
        return CostPart("pay_energy", "energy", n, chunk, x=xx)
    m = _UNTAP_RE.match(chunk)
    if m:  # CR 701.26b: only tapped permanents can be untapped
        n, xx = n_of(m)
        what = m.group("what").lower() + (" an opponent controls" if m.group("who").lower().startswith("an") else "")
        return CostPart("untap", what, n, chunk, x=xx)
    m = _TAP_UNTAPPED_RE.match(chunk)
    if not m:
        m = _TAP_OTHER_RE.match(chunk)
        if m and " you control" not in m.group("what").lower():  # "Tap another untapped creature you control", "Tap ten untapped Elves you control", "... with flying"
            n, xx = (1, False) if m.group("another") else n_of(m)
            what = m.group("what").lower() + (m.group("rest") or "").lower()
            return CostPart("tap_untapped", what, n, chunk, x=xx,
                            other=bool(m.group("another") or m.group("other") or m.group("but")))
    m = _REMOVE_ALL_RE.match(chunk)
    if m:  # every counter of that kind on itself, even none (CR 118.3)
        return CostPart("remove_all_counters", m.group("kind").lower(), 0, chunk)
    m = _REMOVE_FROM_RE.match(chunk)
    if m and _what(m.group("obj")) != "this":
        n, xx = n_of(m)
        obj = m.group("obj").lower()
        other = obj.startswith(("another ", "other "))
        obj = re.sub(r"^(?:an?|another|other) ", "", obj)
        return CostPart("remove_counters_from", (m.group("kind") or "any").lower(), n, chunk, x=xx, objects=obj,
                        among=bool(m.group("among")), other=other)
    m = _PUT_ON_RE.match(chunk)
    if m:
        n, xx = n_of(m)
        obj = m.group("obj").lower()
        return CostPart("put_counters_on", m.group("kind").lower(), n, chunk, x=xx,
                        objects=re.sub(r"^(?:an?|another) ", "", obj), other=obj.startswith("another "))
    m = _EXILE_PERM_RE.match(chunk)
    if m and _what(m.group("what")) != "this":
        n, xx = n_of(m)
        return CostPart("exile_permanent", m.group("what").lower(), n, chunk, x=xx, other=bool(m.group("other")))
    m = _X_OBJECTS_RE.match(chunk)
    if m:  # "Sacrifice X Clues", "Exile X cards from your graveyard", "Discard X cards": X announced (CR 107.3a)
        verb = m.group("verb").lower()
        what = m.group("what").lower()
        if verb == "exile" and not what.endswith(("from your graveyard", "from your hand")):
            return None
        # "discard X cards at random" (Devastating Dreams): which cards is random, how many is X; it can be paid
        # exactly when the hand holds X cards (CR 701.9a, 118.3)
        return CostPart(verb, what, 0, chunk, x=True, other=bool(m.group("other")))
    m = _ANY_NUMBER_EXILE_RE.match(chunk)
    if m:  # "Exile any number of cards from your graveyard": none is fine (CR 118.3)
        return CostPart("exile", m.group("what").lower(), 0, chunk)
    m = _REVEAL_RE.match(chunk)
    if m:  # CR 701.20a: revealed cards stay in the hand
        n, xx = n_of(m)
        what = m.group("what").lower() + (" that share a color" if m.group("share") else "")
        return CostPart("reveal", what, n, chunk, x=xx)
    if _BOTTOM_RE.match(chunk):
        return CostPart("put_library", "this", 1, chunk)
    return None


_SAC_COUNT_RE = re.compile(r"^(?P<n>an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+|another|this|~)\b", re.I)
_SAC_LIST_SPLIT_RE = re.compile(r",\s*(?:and\s+)?|\s+and\s+", re.I)
_SAC_CHOSEN_RE = re.compile(r"^(?P<how>one or more|up to (?P<most>one|two|three|four|five|\d+)) (?P<what>.+)$", re.I)


def _sacrifice_parts(obj: str, chunk: str) -> list[CostPart]:
    """The parts of "Sacrifice <objects>" (CR 701.21a): one part per object of a list ("a white creature, a blue
    creature, and a black creature", "a creature and a Swamp", "two lands and this artifact": each a separate
    sacrifice, of different permanents, CR 601.2h), a count ("five artifacts"), or a number chosen as the cost is paid
    ("one or more artifacts": amount 0, at least 1; "up to three permanents": amount 0, at least 0, at most 3,
    CR 107.1c, 601.2b). A list whose pieces do not each start with a count ("an artifact, creature, or land": one
    object of any of the kinds) stays one part."""
    mc = _SAC_CHOSEN_RE.match(obj.strip())
    if mc:
        most = mc.group("most")
        return [CostPart("sacrifice", _what(mc.group("what")), 0, chunk,
                         at_least=0 if most else 1, at_most=_num(most) if most else None)]
    pieces = [x.strip() for x in _SAC_LIST_SPLIT_RE.split(obj.strip()) if x and x.strip()]
    if len(pieces) < 2 or not all(_SAC_COUNT_RE.match(x) for x in pieces):
        pieces = [obj.strip()]
    out = []
    for piece in pieces:
        n = 1
        mm = re.match(r"(two|three|four|five|six|seven|eight|nine|ten|\d+) (.+)", piece, re.I)
        if mm:
            n = _num(mm.group(1))
        text = chunk if len(pieces) == 1 else f"Sacrifice {piece}"
        what = _what(piece)
        # "another creature": not the permanent whose ability it is (CR 109.5; the cost rules read ``other``)
        out.append(CostPart("sacrifice", what, n, text, other=piece.lower().startswith(("another ", "other "))))
    return out


def parse_activation_cost(text: str, card_name: str = "") -> ActivationCost:
    """Parse the cost of an activated ability (the text before the colon).

    ``"{2}, {T}, Sacrifice this land"`` → mana {2}, tap, one ``CostPart("sacrifice", "this")``.
    The card's own name is read as "this". Unknown parts become ``CostPart("other")``
    with their text, so nothing is dropped. Raises ``AbilityError`` on a malformed mana part.
    """
    raw = text.strip()
    alt = _CHOICE_RE.match(raw)
    if alt:  # "{3}, {T} or {R}, {T}": pay "{3}, {T}" or "{R}, {T}"
        first = parse_activation_cost(f"{alt.group('a')}, {{T}}", card_name)
        second = parse_activation_cost(f"{alt.group('b')}, {{T}}", card_name)
        return ActivationCost(mana=first.mana, tap=True, text=raw, alternatives=(first, second))
    t = raw
    if card_name:
        t = t.replace(card_name, "this")
        if card_name.startswith("A-"):  # an Alchemy rebalanced card names itself without the prefix
            t = t.replace(card_name[2:], "this")
        t = _short_self(t, card_name)
    mana_syms: list[str] = []
    tap = untap = False
    parts: list[CostPart] = []
    for chunk in _cost_chunks(t):
        if _COST_SYMBOLS_ONLY.match(chunk):
            try:
                cost = ManaCost.parse(chunk)
            except ManaError as e:
                raise AbilityError(f"activation cost {raw!r}: {e}") from None
            energy = 0
            for s in cost:
                if s.is_tap:
                    tap = True
                elif s.is_untap:
                    untap = True
                elif s.text == "E":
                    energy += 1
                else:
                    mana_syms.append(str(s))
            if energy:  # "{E}{E}": one payment of two energy counters (CR 107.14), never two checked apart
                parts.append(CostPart("pay_energy", "energy", energy, "{E}" * energy))
            continue
        m = _LIFE_RE.match(chunk)
        if m:
            parts.append(CostPart("pay_life", "life", _num(m.group(1)), chunk, x=m.group(1).lower() == "x"))
            continue
        typed = _object_part(chunk)
        if typed is not None:
            parts.append(typed)
            continue
        m = _REMOVE_RE.match(chunk)
        if m and _what(m.group(3)) == "this":
            # "X" and "any number of": amount 0, the number is chosen as the cost is paid (CR 107.3a, 118.3);
            # an output counting "counters removed this way" reads that choice (``effects.CountersRemoved``)
            # "one or more" (Rasputin): amount 0 as well, at least one removed (``solver.rules.mana.amounts``)
            n = 0 if m.group(1).lower() in ("any number of", "one or more") else _num(m.group(1))
            parts.append(CostPart("remove_counters", m.group(2).lower(), n, chunk, x=m.group(1).lower() == "x",
                                  at_least=1 if m.group(1).lower() == "one or more" else 0))
            continue
        m = _REMOVE_ANY_RE.match(chunk)
        if m and _what(m.group(2)) == "this":  # "Remove a counter from this artifact": a counter of any kind
            parts.append(CostPart("remove_counters", "any", _num(m.group(1)), chunk))
            continue
        if _EXERT_RE.match(chunk):  # CR 701.43a: it won't untap during its controller's next untap step
            parts.append(CostPart("exert", "this", 1, chunk))
            continue
        m = _WATERBEND_RE.match(chunk)
        if m:  # CR 701.67a: pay {N}; for each generic mana of it, an untapped artifact or creature may be tapped instead
            sym = m.group(1).upper()
            parts.append(CostPart("waterbend", "artifact or creature", 0 if sym == "{X}" else int(sym[1:-1]), chunk,
                                  x=sym == "{X}"))
            continue
        m = _COLLECT_RE.match(chunk)
        if m:  # CR 701.59a: exile cards with total mana value N or more from your graveyard
            parts.append(CostPart("collect_evidence", "card from your graveyard", int(m.group(1)), chunk))
            continue
        if chunk.lower() == "forage":  # CR 701.61a: exile three cards from your graveyard or sacrifice a Food
            parts.append(CostPart("forage", "graveyard or food", 1, chunk))
            continue
        m = _ENERGY_RE.fullmatch(chunk)
        if m:  # "Pay {E}{E}": remove that many energy counters from yourself (CR 107.14)
            parts.append(CostPart("pay_energy", "energy", m.group(1).upper().count("{E}"), chunk))
            continue
        m = _PUT_RE.match(chunk)
        if m:
            parts.append(CostPart("put_counters", m.group(2).lower(), _num(m.group(1)), chunk))
            continue
        m = _TAP_UNTAPPED_RE.match(chunk)
        if m:

            parts.append(CostPart("tap_untapped", singular(_what(m.group(2))) if _num(m.group(1)) > 1 else _what(m.group(2)), _num(m.group(1)), chunk,
                                  x=m.group(1).lower() == "x"))  # "Tap X untapped tokens you control": X announced (CR 107.3a)
            continue
        m = _SAC_ALL_RE.match(chunk)
        if m:  # "sacrifice all permanents you control" / "any number of creatures": none is fine (CR 118.3, 601.2h)
            parts.append(CostPart("sacrifice_all", _what(m.group(1)), 0, chunk))
            continue
        if _DISCARD_HAND_RE.match(chunk):  # "discard your hand": the whole hand, even an empty one (CR 118.3)
            parts.append(CostPart("discard_hand", "hand", 0, chunk))
            continue
        m = _SAC_RE.match(chunk)
        if m and re.match(r"(all|each|any number of|x) ", m.group(1), re.I):
            parts.append(CostPart("other", chunk.lower(), 1, chunk))  # "sacrifice all permanents you control"
            continue
        if m:
            parts.extend(_sacrifice_parts(m.group(1), chunk))
            continue
        m = _DISCARD_RE.match(chunk)
        if m:
            k = _lead_count(m.group(1))
            parts.append(CostPart("discard", _what(m.group(1)), k, chunk) if k else CostPart("other", chunk.lower(), 1, chunk))
            continue
        m = _MILL_RE.match(chunk)
        if m:
            got = 1 if m.group(1).lower() == "a card" else parse_count_word(m.group(1).split()[0])
            if got is None:
                parts.append(CostPart("other", chunk.lower(), 1, chunk))
                continue
            parts.append(CostPart("mill", "card", got, chunk))
            continue
        m = _EXILE_RE.match(chunk)
        if m:
            # "exile five other cards from your graveyard" (escape, CR 702.138a): the number of cards
            mm = _OTHER_CARDS_RE.search(m.group(1))
            k = parse_count_word(mm.group(1)) if mm else _lead_count(m.group(1))
            parts.append(CostPart("exile", _what(m.group(1)), k, chunk) if k else CostPart("other", chunk.lower(), 1, chunk))
            continue
        m = _RETURN_RE.match(chunk)
        if m:
            k = _lead_count(m.group(1))
            parts.append(CostPart("return", _what(m.group(1)), k, chunk) if k else CostPart("other", chunk.lower(), 1, chunk))
            continue
        parts.append(CostPart("other", chunk.lower(), 1, chunk))
    mana = ManaCost.parse("".join(mana_syms)) if mana_syms else None
    return ActivationCost(mana=mana, tap=tap, untap=untap, parts=tuple(parts), text=raw)
