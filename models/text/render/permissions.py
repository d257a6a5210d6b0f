"""Permissions and prohibitions: casting as though it had flash (CR 702.8a, 601.3), casting without paying the mana
cost, "can't cast", "can't be the target of" (CR 115.4), players' keywords (CR 702.11c, 702.18), gaining control
(CR 613.1b), "as though it had haste" (CR 302.6).
"""
from __future__ import annotations


from ...vocab.filters import Filter
from ...vocab.grants import AsThoughHaste, GainControl
from ...vocab.permissions import CantCast, CastAsThoughFlash, FreeCastPermission
from ...vocab.targeting import CantBeTargeted, PlayerKeyword, SpellTargetRestriction
from ...vocab.self_flash import SelfFlash
from ..targets import parse_target_phrase
from .conditions import condition
from .costs import mana_cost
from .filters import filter_phrase, qualifier_parts
from .patterns import Unrenderable, fail, alt
from .table import renders
from .words import CARD_TYPES, COLOR_WORDS, cap, count_words, type_word


@renders(SelfFlash)
def _self_flash(e: SelfFlash) -> str:
    """A spell's own flash permission (CR 702.8a, 601.3; models.text.self_flash)."""
    spell = alt("this spell", "this card")
    may = f"You may cast {spell} as though it had flash"
    if e.extra:
        if e.condition is not None or e.sacrifice_at_cleanup:
            raise Unrenderable("a flash permission with several parts")
        return f"{may} if you pay {mana_cost(e.extra)} more to cast it."
    if e.sacrifice_at_cleanup:
        if e.condition is not None:
            raise Unrenderable("a flash permission with several parts")
        return (f"{may}. If you cast it any time a sorcery couldn't have been cast, the controller of the permanent it "
                f"becomes sacrifices it at the beginning of the next cleanup step.")
    if e.condition is None:
        raise Unrenderable("a flash permission with no condition")
    cond = condition(e.condition)
    return alt(f"This spell has flash as long as {cond}.", f"If {cond}, {may[:1].lower() + may[1:]}.",
               f"As long as {cond}, {may[:1].lower() + may[1:]}.", f"{may} if {cond}.")


@renders(CastAsThoughFlash)
def _flash_permission(e: CastAsThoughFlash) -> str:
    f = e.spells
    if f.alternatives and not f.all_of and [tuple(a.all_of) for a in f.alternatives] == [("Artifact",), ("Legendary",), ("Saga",)] \
            and all(a.qualifier.empty and not a.none_of and not a.colors for a in f.alternatives):
        return alt("You may cast historic spells as though they had flash.", "Historic spells you cast have flash.") \
            if e.who == "you" else fail("historic flash for others")
    if f.alternatives:
        kinds = [_spell_words(a) for a in f.alternatives]
        spells = alt(count_words(kinds, "and") + " spells", count_words([k + " spells" for k in kinds], "and"),
                     count_words(kinds, "or") + " spells")
        words = count_words(kinds, "and")
    else:
        words = _spell_words(f)
        spells = (words + " spells") if words else "spells"
    if e.who == "owner":
        return f"{cap(words)} cards you own that aren't on the battlefield have flash."
    who = {"you": "You may", "any": alt("Any player may", "Players may", "Each player may")}[e.who]
    forms = [f"{who} cast {spells} as though they had flash."]
    if e.who == "you":
        forms.append(f"{cap(spells)} you cast have flash.")
    return alt(*forms)


def _spell_words(f: Filter) -> str:
    """The words before "spells" of a flash permission ("green creature", "historic", "colorless", "noncreature")."""
    if f.relation is not None or f.any_of or f.zone != "battlefield" or f.other:
        raise Unrenderable("flash permission spells")
    pre, post = qualifier_parts(f.qualifier)
    if post:
        raise Unrenderable("flash permission qualifier")
    ws = list(pre)
    ws += [COLOR_WORDS[c] for c in f.colors]
    ws += ["non" + t.lower() for t in f.none_of if t in CARD_TYPES]
    if len([t for t in f.none_of if t not in CARD_TYPES]):
        raise Unrenderable("flash permission exclusions")
    # "Permanent" is no test of a card (solver.rules.altcosts.card_matches): "noncreature" is read as every card that is
    # not a creature, so it is not printed (a "permanent spells" sentence would not print back)
    types = [t for t in f.all_of if t != "Permanent"]
    return " ".join(ws + [type_word(t) for t in types])


@renders(CantBeTargeted)
def _cant_be_targeted(e: CantBeTargeted) -> str:
    f = e.affects
    if f.zone == "graveyard" and f.relation is None:
        subject = "Cards in graveyards"
        plural_ = True
    else:
        plural_ = f.relation is None
        subject = cap(filter_phrase(f, plural_=plural_))
    def quality(qs: tuple) -> str:
        if not qs:
            return ""
        ws = []
        for q in qs:
            if q.everything or q.color_count or q.supertypes:
                raise Unrenderable("a target quality")
            w = ["non" + COLOR_WORDS[c] for c in q.not_colors] + [COLOR_WORDS[c] for c in q.colors] + \
                [t.lower() for t in q.types] + [type_word(t) for t in q.subtypes]
            ws.append(" ".join(w))
        return count_words(ws, "or") + " "
    sp, src = quality(e.spell_quality), quality(e.source_quality)
    by = " your opponents control" if e.by == "opponent" else ""
    target = alt("the target", "the targets") if plural_ else "the target"
    if e.spells and e.abilities:
        if sp == src:
            what = alt(f"{sp}spells or abilities{by}", f"{sp}spells or abilities from {src}sources{by}") if sp else f"spells or abilities{by}"
        else:
            what = alt(f"{sp}spells or abilities from {src}sources{by}",
                       f"{sp}spells{by} or abilities from {src}sources{by}")
    elif e.spells and e.abilities is False and by and src == "" and sp:
        what = f"{sp}spells{by}"
    elif e.spells:
        what = f"{sp}spells{by}"
    elif e.abilities:
        what = f"abilities{by}" if not src else f"abilities from {src}sources{by}"
    else:
        raise Unrenderable("nothing stopped")
    return f"{subject} can't be {target} of {what}."


@renders(GainControl)
def _gain_control(e: GainControl) -> str:
    """"Gain control of target [object] until end of turn. Untap that [object]. It gains haste until end of turn."
    (CR 613.1b, 701.26b, 702.10); the target words through the targets rules."""

    spec = parse_target_phrase("target " + e.target)
    if spec is None or spec.unknown or spec.count != 1:
        raise Unrenderable(f"target {e.target!r} is not read by the targets rules")
    if e.untap not in ("it", "that creature", "that permanent", "that artifact"):
        raise Unrenderable(f"untap {e.untap!r}")
    return (f"Gain control of target {e.target} until end of turn. Untap {e.untap}. "
            "It gains haste until end of turn.")


@renders(CantCast)
def _cant_cast(e: CantCast) -> str:
    """"Spells with the chosen name can't be cast", "Your opponents can't cast spells with the chosen name" (CR 101.2,
    607.2d)."""
    if not e.chosen_name:
        raise Unrenderable("a can't-cast effect without the chosen name")
    if e.who == "opponents":
        return "Your opponents can't cast spells with the chosen name."
    return alt("Spells with the chosen name can't be cast.", "Players can't cast spells with the chosen name.")


@renders(FreeCastPermission)
def _free_cast(e: FreeCastPermission) -> str:
    """"[You / Any player] may cast [kind] spells [with mana value N or less] [from your hand] without paying their
    mana costs [and as though they had flash]" (Aluren, Omniscience, Dracogenesis; CR 118.9, 601.2b, 702.8a)."""
    who = "Any player may" if e.who == "any" else "You may"
    kinds = [type_word(t) for t in e.types]
    subject = (count_words(kinds, "or") + " spells") if kinds else "spells"
    if e.mv_at_most is not None:
        subject += f" with mana value {e.mv_at_most} or less"
    if e.from_hand:
        subject += " from your hand"
    tail = " and as though they had flash" if e.as_though_flash else ""
    return f"{who} cast {subject} without paying their mana costs{tail}."


@renders(AsThoughHaste)
def _as_though_haste(e: AsThoughHaste) -> str:
    """"You may activate abilities of creatures you control as though those creatures had haste." (CR 302.6)."""
    f = e.affects
    return (f"You may activate abilities of {filter_phrase(f, plural_=True)} as though " +
            alt("those creatures had haste", "they had haste", "it had haste", "that creature had haste") + ".")


@renders(PlayerKeyword)
def _player_keyword(e: PlayerKeyword) -> str:
    """"You have hexproof." / "You have shroud." / "You have protection from everything." / "You have protection from
    each of your opponents." (CR 702.11c, 702.18a, 702.16j-k)."""
    if e.keyword in ("hexproof", "shroud") and not e.quality and not e.from_opponents:
        return f"You have {e.keyword}."
    if e.keyword == "protection" and e.from_opponents and not e.quality:
        return "You have protection from each of your opponents."
    if e.keyword == "protection" and len(e.quality) == 1 and getattr(e.quality[0], "everything", False) \
            and not e.from_opponents:
        return "You have protection from everything."
    raise Unrenderable("a player's protection from a quality")


@renders(SpellTargetRestriction)
def _spell_target_restriction(e: SpellTargetRestriction) -> str:
    """"You can't choose an untapped creature as this spell's target as you cast it." (CR 601.2c)."""
    return f"You can't choose an untapped {type_word(e.untapped_what).lower()} as this spell's target as you cast it."
