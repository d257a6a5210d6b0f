"""Questions about one card's keyword model: cost keywords (delve, convoke, improvise), Soulflayer-style
grants and Murktide-style counts, and the keyword abilities a card has unconditionally.

No English is read here: the abilities were parsed once, when the card was loaded (models/text/), and these
functions read their typed effects (``Keyword``, ``DelveKeywordGrant``, ``DelveCount``,
``Unmodelled.keyword_variant``).

References: CR 702.66 (delve), 702.51 (convoke), 702.126 (improvise), 702.11d (hexproof from), 702.19c
(trample over planeswalkers); Soulflayer rulings 2014-11-24; Murktide Regent rulings 2021-06-18.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.behaviour import abilities_of  # the card's abilities: the catalog model, else its text parsed once
from mtgcheck.models.game.cards import Card
from mtgcheck.models.vocab.keyword_effects import DelveCount, DelveKeywordGrant, Keyword
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.game.mana import ManaCost

#: The keywords Soulflayer looks for, in its printed order.
SOULFLAYER_KEYWORDS: tuple[str, ...] = (
    "flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
    "indestructible", "lifelink", "reach", "trample", "vigilance",
)

#: Every keyword that makes a spell payable with something other than mana, and what one unit pays.
COST_KEYWORDS: Mapping[str, str] = {
    "delve": "exile a card from your graveyard: pays {1} (CR 702.66a)",
    "convoke": "tap an untapped creature you control: pays {1} or one mana of its colour (CR 702.51a)",
    "improvise": "tap an untapped artifact you control: pays {1} (CR 702.126a)",
}


# ---------------------------------------------------------------------------
# Questions about one card's model
# ---------------------------------------------------------------------------


def _keyword_names(card: Card) -> list[str]:
    out = []
    for a in abilities_of(card):
        if a.kind == "keyword":
            out.append(_keyword_of(a))
    return out


def _keyword_of(a: Ability) -> str:
    e = a.effect
    return (e.keyword if isinstance(e, Keyword) else e.kind.replace("_", " ")).lower()


def has_cost_keyword(card: Card, keyword: str) -> bool:
    """Whether the card has ``keyword`` (``"delve"``, ``"convoke"``, ``"improvise"``) as a keyword ability.

    Reads the card's model (catalog abilities or parsed oracle text) and, as a fallback, the
    card data's ``keywords`` list. Multiple instances are redundant (CR 702.66c, 702.51d, 702.126c).
    """
    k = keyword.lower()
    if k in _keyword_names(card):
        return True
    return any(x.lower() == k for x in card.keywords)


def delve_keyword_grants(card: Card) -> list[Ability]:
    """The card's Soulflayer-style grants (``DelveKeywordGrant`` effects)."""
    return [a for a in abilities_of(card) if isinstance(a.effect, DelveKeywordGrant)]


def delve_counts(card: Card) -> list[Ability]:
    """The card's Murktide-style counts (``DelveCount`` effects)."""
    return [a for a in abilities_of(card) if isinstance(a.effect, DelveCount)]


def card_keyword_abilities(card: Card) -> list[str]:
    """The keyword abilities a card has unconditionally, lower case, variants in full.

    ``"Hexproof from black"`` is returned as ``"hexproof from black"``, not ``"hexproof"``
    (CR 702.11d: hexproof from a quality is a variant of hexproof). Conditional grants in
    static abilities ("as long as ..., this creature has first strike") are not keyword
    abilities of the card and are not returned (Soulflayer ruling 2014-11-24, Battle Brawler).

    Parameters
    ----------
    card : Card

    Returns
    -------
    list of str, in printed order, each once.
    """
    out: list[str] = []
    for a in abilities_of(card):
        if a.kind == "keyword":
            name = _keyword_of(a)
            param = a.effect.parameter if isinstance(a.effect, Keyword) else None
            if param and name in ("hexproof from", "trample over"):
                name = f"{name} {str(param).lower()}"
            elif param and name == "hexproof" and str(param).lower().startswith("from "):
                name = f"hexproof {str(param).lower()}"
            out.append(name)
        elif a.kind in ("static", "unparsed") and isinstance(a.effect, Unmodelled) and a.effect.keyword_variant:
            # a keyword line the frame could not split, e.g. "Hexproof from artifacts, creatures, and enchantments"
            # (read when the card was loaded: Unmodelled.keyword_variant)
            out.append(a.effect.keyword_variant)
    return list(dict.fromkeys(out))  # each once, in order


def keyword_matches(ability_name: str, listed: str) -> bool:
    """Whether a keyword ability is ``listed`` or a variant of it ("hexproof from white" for "hexproof")."""
    a = ability_name.lower()
    return a == listed or a.startswith(listed + " ")


def delve_grantable_keywords(card: Card, keywords: Iterable[str] = SOULFLAYER_KEYWORDS,
                             card_type: str = "Creature") -> frozenset[str]:
    """What a card exiled with a Soulflayer-style delve ability contributes.

    Parameters
    ----------
    card : Card
        A card in the graveyard; its characteristics are those of its front face.
    keywords : iterable of str
        The listed keywords (Soulflayer's eleven by default).
    card_type : str
        The card type that counts ("Creature": only creature cards count, Soulflayer ruling).

    Returns
    -------
    frozenset of str
        Each listed keyword the card has unconditionally, or its variant as printed
        ("hexproof from white"). Empty for a card without ``card_type``.

    References
    ----------
    Soulflayer rulings 2014-11-24 (self-granted conditional keywords do not count; variants give
    the variant).
    """
    if not card.is_type(card_type):
        return frozenset()
    listed = [k.lower() for k in keywords]
    out: set[str] = set()
    for name in card_keyword_abilities(card):
        for k in listed:
            if keyword_matches(name, k):
                # "double strike" must not be read as a variant of "double"; exact or "K ..." only
                out.add(name)
                break
    return frozenset(out)


def counts_for(card: Card, card_types: Iterable[str]) -> bool:
    """Whether a card counts for a Murktide-style ability: it has any of ``card_types`` (CR 205.2a)."""
    return any(card.is_type(t) for t in card_types)


def prototype_of(card: Card) -> "tuple[ManaCost, str, str] | None":
    """The prototype's mana cost, power and toughness of ``card`` (CR 702.160a, 718.1), from its typed keyword, or
    ``None`` when it has no prototype."""
    for a in abilities_of(card):
        e = a.effect
        if isinstance(e, Keyword) and e.keyword == "prototype" and e.cost and e.size:
            p, _, t = str(e.size).partition("/")
            return ManaCost.parse(str(e.cost)), p, t
    return None


def prototype_card(card: Card) -> Card:
    """The characteristics of ``card`` cast prototyped, on the stack and as the permanent it becomes (CR 718.3,
    718.3b): the prototype's mana cost, power and toughness, and the colours of that mana cost (105.2); every other
    characteristic is the card's (718.5), its abilities too. Raises ``ValueError`` when the card has no prototype."""
    import dataclasses

    got = prototype_of(card)
    if got is None:
        raise ValueError(f"{card.name} has no prototype (CR 702.160a)")
    cost, p, t = got
    return dataclasses.replace(card, mana_cost=cost, colors=frozenset(cost.colors), color_indicator=None, power=p,
                               toughness=t, abilities=abilities_of(card))


#: Keyword abilities that are activated abilities of a permanent, with what they mean (the rule spelled out, as the
#: parser reads any activated ability): ``{cost}`` is the keyword's cost. Equip (CR 702.6a), fortify (702.67a), level
#: up (702.87a), outlast (702.107a).
KEYWORD_ACTIVATIONS: Mapping[str, str] = {
    "equip": "{cost}: Attach this permanent to target creature you control. Activate only as a sorcery.",
    "fortify": "{cost}: Attach this Fortification to target land you control. Activate only as a sorcery.",
    "level up": "{cost}: Put a level counter on this permanent. Activate only as a sorcery.",
    "outlast": "{cost}, {{T}}: Put a +1/+1 counter on this creature. Activate only as a sorcery.",
}


def keyword_activation(card: Card, keyword: Keyword) -> Ability | None:
    """The activated ability a keyword of ``KEYWORD_ACTIVATIONS`` stands for, on ``card``: its rule's wording with the
    keyword's cost, read by the oracle parser as any printed activated ability is (cost, restriction, targets).
    ``None`` for another keyword or a keyword whose cost is not typed."""
    from dataclasses import replace

    form = KEYWORD_ACTIVATIONS.get(keyword.family.value)
    if form is None:
        return None
    bits = [str(keyword.cost)] if keyword.cost else []
    bits += [str(p.text or p.action) for p in keyword.parts]
    if not bits or keyword.detail is not None:
        return None
    line = form.format(cost=", ".join(b[:1].upper() + b[1:] for b in bits))
    (ability,) = abilities_of(replace(card, oracle_text=line, abilities=None, keywords=(), faces=(), layout="normal"))
    return ability if ability.kind == "activated" else None
