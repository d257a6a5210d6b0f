"""Which card is put on the stack when a spell is cast: a split card's half, an adventurer's Adventure, a face of a
modal double-faced card, a fused split card, a converted card (CR 709.3, 715.3, 712.11, 702.102, 712.8); the name of
the card a face belongs to (``parent_name``)."""
from __future__ import annotations

from typing import Any

from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.game.cards import Card
from mtgcheck.models.game.mana import ManaCost

from mtgcheck.solver.rules.errors import CostError, NoPermission, QuestionError


#: Layouts whose second face can be chosen when casting (CR 709.3 split, 702.127 aftermath,
#: 715.3 adventurer, 712.11b modal double-faced).
CHOOSE_FACE_LAYOUTS = ("split", "aftermath", "adventure", "modal_dfc")



_FACE_MARK = "cast_face_of:"



def parent_name(card: Any) -> str:
    """The full card name of a face made by ``spell_face`` (the card's own name otherwise)."""
    for n in getattr(card, "notes", ()) or ():
        if str(n).startswith(_FACE_MARK):
            return str(n)[len(_FACE_MARK):]
    return card.name



def spell_face(card: Any, face: str | None = None, named: str | None = None) -> Any:
    """The card as it is put on the stack: only the chosen half or face exists there.

    CR 709.3-709.3b (a split card: the player chooses the half; only that half's characteristics,
    so ``Ice`` costs {1}{U} and has mana value 2), 715.3a-b (an adventurer card cast as an Adventure
    has only the Adventure's characteristics), 712.11b-c (a modal double-faced card: either face),
    712.11 (other double-faced cards are cast front face up).

    Parameters
    ----------
    card : the database card (``Fire // Ice``).
    face : the face asked for (``face:`` argument), or ``None``.
    named : the name the question used for the card (``card: Ice`` selects the Ice half).

    Returns
    -------
    Card : ``card`` itself for the front face of a non-split card, else a one-face card named after
        the face (its abilities are the face's; ``parent_name`` gives the full name back).

    Raises
    ------
    CostError : a split card with no half chosen (the message lists the halves), an unknown face.
    NoPermission : the back face of a transforming double-faced card (CR 712.11).
    """
    if not getattr(card, "faces", ()) or any(str(n).startswith(_FACE_MARK) for n in card.notes):
        if face is not None and str(face).casefold() != card.name.casefold():
            raise CostError(f"{card.name} has only one face; there is no face {face!r}")
        return card
    if face is None and named is not None and str(named).casefold() != card.name.casefold():
        if any(f.name.casefold() == str(named).casefold() for f in card.faces):
            face = str(named)
    if face is None or str(face).casefold() == card.name.casefold():
        if card.is_split:
            halves = " or ".join(f"{f.name} ({f.mana_cost})" for f in card.faces)
            raise CostError(f"{card.name} is a split card: choose the half you cast (CR 709.3): {halves}; "
                            f"name it as 'face' (or as the card)")
        return card
    f = next((f for f in card.faces if f.name.casefold() == str(face).casefold()), None)
    if f is None:
        raise CostError(f"{card.name} has no face named {face!r}; faces: {', '.join(card.face_names)}")
    front = f is card.faces[0]
    if front and not card.is_split:
        return card
    if not front and card.layout not in CHOOSE_FACE_LAYOUTS:
        raise NoPermission(f"{f.name} is the back face of {card.name} ({card.layout}): a double-faced card is cast "
                           f"front face up (CR 712.11); casting it transformed (disturb, 712.11a) is not asked here")
    abil = tuple(a for a in abilities_of(card)
                 if a.face == f.name or (front and a.face is None))
    colors = f.colors if f.colors is not None else (f.mana_cost.colors if f.mana_cost is not None else frozenset())
    low = (f.oracle_text or "").lower()
    return Card(name=f.name, mana_cost=f.mana_cost, type_line=f.type_line, oracle_text=f.oracle_text or "",
                colors=frozenset(colors), color_identity=card.color_identity, color_indicator=f.color_indicator,
                keywords=tuple(k for k in card.keywords if k.lower() in low), power=f.power, toughness=f.toughness,
                loyalty=f.loyalty, layout="normal", faces=(), legalities=card.legalities, abilities=abil,
                source=card.source, notes=(_FACE_MARK + card.name,))



#: The ``using`` of a card cast converted with more than meets the eye (CR 702.162a), and the words that name it.
CONVERTED = "more than meets the eye"



CONVERTED_WORDS = frozenset({CONVERTED, "converted", "more_than_meets_the_eye"})



def converted_spell(card: Any) -> Any:
    """``card`` cast converted (CR 702.162a, 712.11a): the spell has its back face up and only the characteristics of
    its back face (712.8c: name, types, colours by its colour indicator, abilities; no mana cost). Its mana value is
    calculated from its front face's mana cost (712.8c): ``spell_mana_value_card`` gives the card to compute it from.

    Raises
    ------
    CostError : the card is not a transforming double-faced card (it has no back face to cast).
    """
    faces: tuple[Any, ...] = tuple(getattr(card, "faces", ()) or ())
    if len(faces) != 2 or getattr(card, "layout", "") != "transform":
        raise CostError(f"{card.name} has no back face to be cast converted (CR 702.162a, 712.11a)")
    back = faces[1]
    abil = tuple(a for a in abilities_of(card) if a.face == back.name)
    colors = back.colors if back.colors is not None else frozenset(back.color_indicator or ())
    low = (back.oracle_text or "").lower()
    return Card(name=back.name, mana_cost=None, type_line=back.type_line, oracle_text=back.oracle_text or "",
                colors=frozenset(colors), color_identity=card.color_identity, color_indicator=back.color_indicator,
                keywords=tuple(k for k in card.keywords if k.lower() in low), power=back.power,
                toughness=back.toughness, loyalty=back.loyalty, layout="normal", faces=(), legalities=card.legalities,
                abilities=abil, source=card.source, notes=(_FACE_MARK + card.name,))



def fused_spell(card: Any, face: str | None = None) -> tuple[Any, ManaCost]:
    """The fused split spell made of both halves of ``card`` and its mana cost (CR 702.102a-c).

    A fused split spell has the combined characteristics of its halves (CR 702.102b, 709.4d): the card
    itself is returned; its total cost includes the mana cost of each half (702.102c).

    Raises
    ------
    CostError : the card is not a split card with fuse, or a single half was named.
    """
    if not getattr(card, "is_split", False) or not getattr(card, "faces", ()):
        raise CostError(f"{card.name} is not a split card; only a split card with fuse can be cast fused (CR 702.102a)")
    if "fuse" not in _card_keywords(card):
        raise CostError(f"{card.name} has no fuse: choose one half to cast (CR 709.3, 702.102a)")
    if face is not None and str(face).casefold() != card.name.casefold():
        raise CostError(f"a fused split spell is both halves of {card.name}; do not name the half {face!r} (CR 702.102a)")
    mana = ManaCost()
    for f in card.faces:
        if f.mana_cost is not None:
            mana = mana + f.mana_cost
    return card, mana



def requested_face(ctx: Any, card: Any) -> str | None:
    """The face a ``cast``/``payments``/``delve`` question asks for: its ``face`` argument, else the
    name it used for the card when that is a face name (``card: Ice`` → ``"Ice"``), else ``None``.

    Hook for the question handlers: pass it as ``total_cost(..., face=requested_face(ctx, card))`` and
    use ``tc.card`` (the half or face as cast) for the mana value and the spell's restrictions.
    """
    face = ctx.arg("face", None)
    if face is not None:
        if not isinstance(face, str):
            raise QuestionError(f"'face' must be a face name, got {face!r}")
        return face
    named = ctx.arg("card", None)
    if isinstance(named, str) and named.casefold() != card.name.casefold() and any(
            f.name.casefold() == named.casefold() for f in getattr(card, "faces", ()) or ()):
        return next(f.name for f in card.faces if f.name.casefold() == named.casefold())
    return None


def _card_keywords(card: Any) -> set[str]:
    kws = {str(k).lower() for k in getattr(card, "keywords", ()) or ()}
    for a in abilities_of(card):
        if a.kind == "keyword":
            kws.add(str(a.effect).lower())
    return kws
