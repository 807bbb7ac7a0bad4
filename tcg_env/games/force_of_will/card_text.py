"""Force of Will card text compiled into effect programs (``card_text.lark``, CR 8.01).

One printed line at a time: :meth:`FowTextCompiler.normalise` makes it plain (lower case, quoted
names kept, reminder sentences in parentheses dropped, the card's own name read as "this card",
the arrows ">>>" / "=>" / "⇒" one token), the grammar parses it, and :class:`_T` turns the tree
into what :class:`tcg_env.games.force_of_will.cards.FowCard` holds:

* keyword lines -> the ``keywords`` field (``[Target Attack]`` is [Precision], CR 1414.1);
* ``[Mana] N``, ``[Divinity] N``, ``[Judgment] <cost>`` -> card fields;
* "<trigger> => <effect>" / "[Enter] <effect>" -> an ``automatic`` ability (CR 906, 1140);
* "<costs>: <effect>" -> an ``activate`` ability (CR 905), "<costs>: Produce {W}." a ``will``
  ability (CR 907) or, on a magic stone, its ``will``;
* "<group> gain <mods>." -> a ``continuous`` aura (CR 904), "Added resonator gains ..." an
  addition's aura on the card it is added to (CR 1406.1a);
* on a chant or rune, a sentence of effects -> its ``effect`` (CR 703.3).

Targets are chosen as the ability is played (CR 903.2g): the effect's ``choose`` ops come first,
whatever sentence names them, and "it" / "that resonator" refer to the last selection. The
kernels hold two target registers (constants.N_REGS): a line naming more is unsupported.

Every line's verdict is exact, approximate (:data:`APPROXIMATIONS`) or unsupported with the
reason (``tcg_env.cards.text``). The documentation: ``docs/force_of_will/card-text.md``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations, product
from pathlib import Path
from typing import Any, Mapping

from lark import Token, Transformer, v_args

from tcg_env.cards.text import CardTextCompiler, CountWords, LineResult, TextTransformer, Unsupported
from tcg_env.games.force_of_will.constants import DECK_MAX_MASK, ENERGIZE_ART, N_REGS, OPTION_SLOTS, REVEAL_ROWS

__all__ = ["APPROXIMATIONS", "COMPILER", "FowTextCompiler", "normalise_line"]

#: approximation name -> what the compiled ability does differently from the printed line
APPROXIMATIONS: dict[str, str] = {
    "mastery_rests_first": (
        "[Mastery] \"<name>\" (session 24) whose name is not a J/ruler's only: the card rested is the player's J/ruler "
        "when it has that name, else the first recovered card of its field with that name, not one the player chooses "
        "among several (importer._mastery_verdicts; play.mastery_slot)"
    ),
    "play_only_if_at_trigger": (
        "\"Play this card or its abilities only if <condition>.\" (session 24) on a card with an automatic ability: the "
        "condition is checked as the ability triggers (triggers.py), not as it is played in the priority sequence "
        "(CR 906.5); the card and its activate and will abilities are checked as they are played"
    ),
    "tag_one_ruler": (
        "[Tag] on a ruler (session 22; not in CR 8.01): the permission to start the game with a second ruler with the "
        "same [Tag] is not offered (a deck has exactly one ruler, CR 402.2); the ruler plays as printed otherwise"
    ),
    "partner_one_ruler": (
        "[Partner] N (<race>) on a ruler (session 32; not in CR 8.01; its text: \"You may start the game with this ruler "
        "and up to N <race> rulers with <<Bond>>. Put them into your ruler area.\"): the permission to start with more "
        "rulers is not offered (a deck has exactly one ruler, CR 402.2, the engine one ruler area slot); the ruler plays "
        "as printed otherwise"
    ),
    "solarisation_not_offered": (
        "[Solarisation] (N) (session 32; not in CR 8.01; its text: \"As you play this card, you may put N non-magic "
        "stone cards that share an attribute with this card from your removed area on the bottom of your deck in any "
        "order. If you do, you pay {N} less to play this card.\"): the option is never offered; the card is played for "
        "its full cost, as if the player never chose it"
    ),
    "revolution_order_not_offered": (
        "[Revolution Order] {N} on a ruler, \"As you play this card, you may order it as if it were a resonator spell.\" "
        "on a chant (session 32; not in CR 8.01; the text: once per turn, as you play a resonator spell, you may pay {N} "
        "and order it: it cannot be chased, cancelled or moved but to the field, and the ruler goes to its order area): "
        "ordering is never offered (the engine has no order area, no ordered state and no [Revolution] text); the card "
        "plays as printed otherwise, as if the player never chose to order"
    ),
    "mythic_rule_process": (
        "[Mythic] (\"When you control two or more entities with [Mythic] that share a name >>> Banish all but one of "
        "them.\"; not in CR 8.01): checked with the rule processes (CR 1201.1, after 1206) at every priority "
        "sequence, and the extra entities are banished at once, not by an automatic ability played onto the chase "
        "(CR 906.5; no player can respond); the player does not choose which one stays: the one that came under "
        "their control last is kept (the latest in the field), the others sharing a name with it are banished"
    ),
    "look_rest_order_unprinted": (
        "\"put the rest on the bottom of your deck\" with no order printed: the player chooses the order, as for "
        "\"in any order\"; the rules give no order for this case (CR 1034.1 and 403.5 name \"any order\" only "
        "for Foresee and the mulligan)"
    ),
    "search_shuffle_always": (
        "\"... If you do, shuffle your deck.\" after a search: the deck is shuffled also when no card "
        "was found (the engine's SEARCH always shuffles, CR 1021)"
    ),
    "pay_less_always": (
        "\"You may pay {N} less to play this card [if ... / for each ...]\" on a card whose cost has X: the engine "
        "always pays the smaller cost (the player is not asked; paying more only spends will that nothing compiled "
        "reads, CR 903.2i); without X the player is asked (exact)"
    ),
    "own_atk_printed_when_gone": (
        "\"this card deals damage equal to its ATK ...\": the ATK is read as the effect resolves; if the card "
        "has left the field by then, its printed ATK is read, not its ATK as it last was in the field "
        "(CR 911.1: last known information, which the engine does not keep)"
    ),
    "random_mode_among_open": (
        "\"Choose one at random - A; or B; ...\" (session 24; CR 8.01 has no rule for it): the option is drawn, each as "
        "likely, from the game's random stream among the options that may be chosen (their targets, CR 903.2g, and "
        "conditions) as the card or ability is played, not among all the printed options; the player is not asked"
    ),
    "gain_choice_when_played": (
        "\"<card> gains [A], [B], or [C] until end of turn.\" (session 33): one of them, its controller's choice; the "
        "engine makes it a choice of modes, chosen as the card or ability is played (CR 903.2e) and so known to the "
        "opponent before they may respond, where the text has it chosen as the effect resolves"
    ),
    "awakened_option_as_condition": (
        "\"Choose one - A; or <B> if this card was awakened.\" (session 29; CR 903.2e, 903.2g, 1109.2a) where B names a "
        "target: the option B is offered only when the chant is awakened (the mode's condition), so a chant played "
        "without [Awakening] cannot choose B to do nothing"
    ),
    "choose_up_to_not_none": (
        "\"Choose up to N - A; or B; ...\" (CR 903.2e): one to N options are offered; choosing none at all (the card "
        "or ability played to no effect) is not"
    ),
    "second_target_may_be_missing": (
        "\"Target <card> deals damage equal to its ATK to [another] target <card>\" whose two targets' filters may match "
        "the same card (not one you control and one your opponent controls): targets are distinct, but the card is "
        "playable when one card alone matches both (each target is checked alone); the second target is then not "
        "chosen and no damage is dealt, where CR 903.2g would not let it be played"
    ),
    "entered_this_turn_in_field": (
        "\"for each <card> that entered the field under your control this turn\" (no \"you control\"): counted among "
        "the cards in the field now that entered it this turn (filter state \"entered_this_turn\"); a card that "
        "entered this turn and has left the field since is not counted"
    ),
    "each_player_banishes_in_turn": (
        "\"Each player banishes N <cards>.\" (CR 1011): the effect's controller chooses and banishes theirs, then the "
        "opponent chooses and banishes theirs, two moves (the opponent sees the first); the CR gives no order, and the cards "
        "are not put into the graveyards at the same time (CR 906.7)"
    ),
    "look_not_revealed": (
        f"\"reveal the top N cards of your deck\" with N over {REVEAL_ROWS}: only the top {REVEAL_ROWS} are kept as "
        "shown (the state's record of a reveal and the observation's `revealed` block, engine.reveals; CR 1005.1)"
    ),
}

_N_REGS = N_REGS  # the target registers of an effect program
_LOOK_MAX = OPTION_SLOTS  # "look at the top N cards": every distinct card id among them is an option
_BATTLE_KW = {"flying", "first_strike", "swiftness", "pierce", "precision", "barrier", "imperishable", "eternal",
              "explode", "drain", "bane", "bloodlust"}  # fmt: skip  # what an effect may grant (cards.py KeywordName)
_MYTHIC_TYPES = ("resonator", "j_ruler", "addition", "regalia", "magic_stone")  # entities in the field (CR 307)
_SYM = {"w": "light", "r": "fire", "u": "water", "g": "wind", "b": "darkness"}
_PAID = ("resonator", "chant", "addition", "regalia", "rune")


class _Sel:
    """A selection phrase of an effect: ``kind`` choose / all / self / prev / ruler, with its
    filter; the effect's assembly gives it a register."""

    __slots__ = ("kind", "filter", "count", "up_to", "if_awakened")

    def __init__(self, kind: str, filter: dict | None = None, count: int = 1, up_to: bool = False):
        self.kind, self.filter, self.count, self.up_to = kind, filter, count, up_to
        self.if_awakened = False  # session 29: an "up to" target chosen only if the chant was awakened


def _mode_condition_ok(cond: dict) -> None:
    """A condition a mode may carry (session 24: the mode's ability row's A_COND, read as the mode is chosen with the
    card or ability's controller and card, effects.mode_allowed): a plain one, not on "it" or this card's counters."""
    if any(str(k).startswith("_") for k in cond) or str(cond.get("kind", "")).startswith("_") or _on_this_card(cond):
        raise Unsupported("a condition on a mode that the engine cannot read as the mode is chosen")


def _on_this_card(cond: dict) -> bool:
    """A condition on named counters of this card (CR 1022.1: it has them only in the field or a ruler area)."""
    return cond.get("kind") == "named_counters_at_least" and cond.get("counters_from") == "this_card"


def cs_will_only(costs: dict) -> bool:
    """A cost of will only, or of nothing ("Discard this card: ...", session 32: [Inheritance] of no will)."""
    return set(costs) <= {"will"}


def _counter_name(tok: Any) -> str:
    """The name of a COUNTER_NAME token ("<counter:strength>" -> "strength"; normalise_line's _mark_counters)."""
    return str(tok)[len("<counter:"):-1]


_ATTRS = ("light", "fire", "water", "wind", "darkness")  # session 33: "will of any attribute"


def _filter(*parts: Any) -> dict:
    out: dict[str, Any] = {}
    for p in parts:
        if isinstance(p, dict):
            for k, v in p.items():
                if k in out and out[k] != v:
                    raise Unsupported(f"a filter with two {k} values")
                out[k] = v
        elif isinstance(p, list):
            for q in p:
                out.update(_filter(q))
    return out


def _deck_search(op: dict) -> bool:
    """A SEARCH of a whole hidden deck that may find nothing (no top cards, no 'must'): its PASS can be a "you may"."""
    return op["op"] == "search" and op["filter"].get("zone") in ("main_deck", "stone_deck") and not op.get("top") \
        and not op.get("must")


def _other_grave(sel) -> dict:
    """"another target <card> from your graveyard" (session 33, g_one_other): the op's mark that this card is in the
    graveyard too (_self_grave, allowed only where it triggers as it is put there); the filter's mark dropped."""
    if sel.filter and sel.filter.get("_other_grave"):
        sel.filter = {k: v for k, v in sel.filter.items() if k != "_other_grave"}
        return {"_self_grave": True}
    return {}


def _not_types(flt: dict) -> dict:
    """A filter's "non-<type>" ("_not") as the other card types a card outside the field may have (CR 201.2)."""
    flt = dict(flt)
    nots = flt.pop("_not", None)
    if nots:
        base = flt.get("type") or ["resonator", "chant", "addition", "regalia", "magic_stone", "rune"]
        flt["type"] = [t for t in base if t not in nots]
        if not flt["type"] or flt["type"] == base:
            raise Unsupported("'non-<type>' that excludes nothing or everything")
    return flt


def _magic_counters_here(card) -> None:
    """Magic counters (CR 1022) are compiled on a magic stone only: the card's MANA word holds them, the word of mana
    counters (CR 1122), which a magic stone never has ([Mana] is a J/ruler's; "put N mana counters" puts them on a
    J/ruler)."""
    if card.get("type") != "magic_stone" or card.get("mana"):
        raise Unsupported("magic counters on a card that is not a magic stone (its counter word holds mana counters)")


def _attr_name(attr) -> str:
    """An ``attr`` of the grammar (attrs: {"attribute": [name]}, or the bare name) as its name."""
    if isinstance(attr, dict):
        (attr,) = attr["attribute"]
    return str(attr)


def _it_is_left(value) -> bool:
    """A condition "it's a <card>" that no IF_IT row took (_assemble): one of a cost, a continuous ability, a field."""
    if isinstance(value, dict):
        return value.get("kind") in ("_it_is", "_it_is_not") or any(_it_is_left(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_it_is_left(v) for v in value)
    return False


def _enters_unless_life(n) -> int:
    """Session 34 (s34b): the life paid so that a magic stone enters recovered (CR 105.4a: a multiple of 100)."""
    v = int(str(n))
    if v <= 0 or v % 100 != 0:
        raise Unsupported("an amount of life that is not a positive multiple of 100")
    return v


@v_args(inline=True)
class _T(CountWords, TextTransformer, Transformer):
    def line(self, value):
        if _it_is_left(value):
            raise Unsupported("'it's <card>' outside an 'if' sentence of an effect")
        return value

    # ---------------- keywords and card fields ----------------
    def keyword_line(self, *kws):
        return list(kws)

    def keywords(self, kws):
        ctype = self.card.get("type")
        names = list(dict.fromkeys(kws))
        if "remnant" in names:
            # CR 1115.2: [Remnant] changes how the card is played (from its owner's graveyard, then removed from the
            # game instead of leaving the chase for anywhere else): the card field remnant, on a chant only (a
            # resonator's would be removed instead of entering the field: not compiled)
            if ctype != "chant":
                raise Unsupported(f"[Remnant] on a {ctype}")
            rest = [k for k in names if k != "remnant"]
            if rest and rest != ["quickcast"]:
                raise Unsupported(f"keywords {rest} on a {ctype}")
            return {"__fields__": True, "keywords": rest, "remnant": True}
        if "mythic" in names:
            # [Mythic] (not in CR 8.01; the reminder text: "When you control two or more entities with [Mythic] that
            # share a name >>> Banish all but one of them."): the printed bit KW_MYTHIC, read by
            # rule_processes.mythic_sweep; on an entity (a card that can be in the field), with its other keywords
            if ctype not in _MYTHIC_TYPES:
                raise Unsupported(f"[Mythic] on a {ctype}")
            self.approximate("mythic_rule_process")
            rest = [k for k in names if k != "mythic"]
            out = self.keywords(rest) if rest else {"__fields__": True, "keywords": []}
            out["keywords"] = [*out["keywords"], "mythic"]
            return out
        if ctype == "j_ruler" and "quickcast" in names:
            raise Unsupported("[Quickcast] on a J-ruler (it is not played from the hand, CR 1111)")
        if ctype in ("resonator", "j_ruler"):
            return {"__fields__": True, "keywords": names}
        if set(names) <= {"eternal", "barrier"} and ctype in ("addition", "regalia", "magic_stone"):
            return {"__fields__": True, "keywords": names}  # any entity (CR 1139.2, 1120.2; cards.py)
        if names == ["quickcast"] and ctype in _PAID:
            return {"__fields__": True, "keywords": names}  # CR 1111: a chant, addition ... played any time
        raise Unsupported(f"keywords {names} on a {ctype}")

    # "[Barrier] <information>" (CR 1120.3): "This card cannot be targeted by <information> spells or abilities
    # controlled by a player other than the controller of this card": the card field barrier_from (C_TYPE_BITS from
    # TB_BARRIER_SHIFT, filters.filter_match); several pieces of information, or several such lines, are each a kind
    # of spell or ability it cannot be targeted by ("[Barrier] {U}{B}": water or darkness ones). The information is read on
    # the spell's card or the card whose ability it is: its attribute ({R}), card type ((Chant), (Resonator),
    # (Rune)) or total cost ((Total cost N or less))
    def bi_will(self, tok):
        q = str(tok)[1:-1].lower()
        if q not in _SYM:
            raise Unsupported("[Barrier] of a number of will")
        return ("attributes", _SYM[q])

    def bi_chant(self):
        return ("types", "chant")

    def bi_resonator(self):
        return ("types", "resonator")

    def bi_rune(self):
        return ("types", "rune")

    def bi_cost(self, n):
        if not 0 <= int(n) <= 20:
            raise Unsupported(f"[Barrier] (Total cost {n} or less)")
        return ("cost_max", int(n))

    def barrier_line(self, *args):
        kws = [a for a in args if isinstance(a, str)]
        info: dict = {}
        for k, v in (a for a in args if isinstance(a, tuple)):
            if k == "cost_max":
                if "cost_max" in info:
                    raise Unsupported("two total costs in one [Barrier]")
                info[k] = v
            else:
                info.setdefault(k, [])
                if v not in info[k]:
                    info[k].append(v)
        ctype = self.card.get("type")
        if ctype not in ("resonator", "j_ruler", "addition", "regalia"):
            raise Unsupported(f"[Barrier] <information> on a {ctype}")
        out = self.keywords(kws) if kws else {"__fields__": True, "keywords": []}
        return {**out, "barrier_from": info}

    def self_quickcast(self, cond):
        # "This card gains [Quickcast] in all zones as long as <condition>." / "... as long as it's in your hand and
        # <condition>." (CR 1111.2, 904): read where it matters, as the card is offered from the hand outside main
        # timing (play.hand_quickcast: its own continuous ability, filter self_only of zone hand); not a condition on
        # the card itself or on the hand holding it (read with the card still in the hand)
        if self.card.get("type") not in ("resonator", "chant", "addition", "regalia"):
            raise Unsupported("[Quickcast] of a card that is not played from the hand")
        if cond.get("kind") in ("self_counters_at_least", "hand_empty", "hand_at_least") or cond.get("_it") or \
                _on_this_card(cond):
            raise Unsupported("[Quickcast] as long as a condition on the card or on the hand holding it")
        return [{"kind": "continuous", "condition": cond, "effect": [
            {"op": "aura_keyword", "keywords": ["quickcast"], "filter": {"self_only": True, "zone": "hand"}}]}]

    def uncancelable(self):
        # "This card cannot be cancelled." (CR 1012: a cancel does nothing to it; normalise_line marks the sentence):
        # the card field uncancelable, a spell's (C_UNCANCELABLE, effects.cancel_slot)
        if self.card.get("type") not in ("resonator", "chant", "addition", "regalia"):
            raise Unsupported("'cannot be cancelled' on a card that is not played as a spell")
        return {"__fields__": True, "uncancelable": True}

    def markers(self, *marks):
        # CR 1101.1b: a keyword without a keyword skill ([Will of Hope], [Will of Despair], CR 1101.1b-i; the
        # deck-building marks [Tales] and [Villains] of the same kind; since session 22 <<Bond>> and <<War>>, printed
        # alone on a line, named by other cards' [Partner] and "with <<War>>") has no innate ability: the line does
        # nothing in play. Since session 22 the four marks a deck rule names are the card field marks (C_BASIC), read by
        # decks.validate_deck ("You cannot have cards with [Tales] in your deck.", CR 402.8)
        kept = list(dict.fromkeys(m for m in marks if m))
        return {"__fields__": True, "marks": kept} if kept else None

    def mk_hope(self):
        return "will_of_hope"

    def mk_despair(self):
        return "will_of_despair"

    def mk_tales(self):
        return "tales"

    def mk_villains(self):
        return "villains"

    def mk_other(self):
        return None

    def tag_line(self, *_):
        # [Tag] (not in CR 8.01; its text: "You may start the game with this ruler and another ruler with [Tag] (X)
        # ... Put both in your ruler area."): a permission to start with two rulers, which the engine does not offer
        # (a deck has exactly one ruler, CR 402.2, one ruler area slot): the ruler plays as without it (tag_one_ruler)
        if self.card.get("type") != "ruler":
            raise Unsupported("[Tag] on a card that is not a ruler")
        self.approximate("tag_one_ruler")
        return None

    def partner_line(self, *_):
        # [Partner] N (<race>) (session 32; not in CR 8.01): as [Tag] (tag_line), a permission to start the game with
        # more rulers, which the engine does not offer (CR 402.2: one ruler; one ruler area slot)
        if self.card.get("type") != "ruler":
            raise Unsupported("[Partner] on a card that is not a ruler")
        self.approximate("partner_one_ruler")
        return None

    def solarisation_line(self, info):
        # [Solarisation] (N) (session 32; not in CR 8.01): an optional cost paid as the card is played (N cards of the
        # removed area sharing an attribute with it, to the bottom of the deck) for {N} less: never offered
        if self.card.get("type") not in _PAID or not re.fullmatch(r"\(\s*\d+\s*\)", str(info)):
            raise Unsupported("[Solarisation] on a card that is not played from the hand, or without its number")
        self.approximate("solarisation_not_offered")
        return None

    def revolution_order_line(self, *_):
        # [Revolution Order] {N} (session 32; not in CR 8.01): "once per turn, as you play a resonator spell, you may
        # choose to order it" paying {N}: an option the engine never offers (no order area, no ordered resonator)
        if self.card.get("type") != "ruler":
            raise Unsupported("[Revolution Order] on a card that is not a ruler")
        self.approximate("revolution_order_not_offered")
        return None

    def order_as_resonator(self, *_):
        # "As you play this card, you may order it as if it were a resonator spell." (session 32; [Revolution Order]'s
        # option extended to this chant): never offered, as [Revolution Order] is not (revolution_order_line)
        if self.card.get("type") != "chant":
            raise Unsupported("ordering a card that is not a chant 'as if it were a resonator spell'")
        self.approximate("revolution_order_not_offered")
        return None

    def opp_payment_replaced(self, syms, *_):
        # "If an ability or effect your opponent controls would make you pay any amount of will, you pay {0} instead."
        # (CR 910: a replacement of a payment an opponent's ability or effect imposes). Since session 33 (s33a) two compile:
        # "Your opponent pays / Players pay {N} more to play <chants>" (Op.COST_INCREASE) and "... cannot attack unless your
        # opponent pays {N}" (Op.ATTACK_TAX), an opponent's, are {0} for a player with this in force (Op.OPP_PAYMENT_FREE:
        # characteristics.opp_payment_free); no other compiled ability or effect makes a player pay will
        # (tests/force_of_will/test_fow_card_text_s22b.py keeps the grammar free of "unless its controller pays")
        if syms != "{0}":
            raise Unsupported("a payment an opponent imposes replaced by one of will")
        return [{"kind": "continuous", "effect": [{"op": "opp_payment_free"}]}]

    def deck_any_copies(self):
        # "You may have any number of copies of this card in your [main / magic stone] deck." (CR 402.8: replaces the
        # four of a name of CR 402.3b, 402.4c, 402.7 as the deck is built; decks.validate_deck, C_BASIC DECK_ANY_COPIES)
        return {"__fields__": True, "deck_any_copies": True}

    def n11(self):
        return 11

    def n12(self):
        return 12

    def deck_max_copies(self, n):
        # "You may have up to N copies of this card in your [main / magic stone] deck." (session 24, CR 402.8: the card's
        # own limit replaces the four of a name of CR 402.3b, 402.4c, 402.7 as the deck is built; decks.validate_deck,
        # C_BASIC from DECK_MAX_SHIFT)
        n = _fixed(n)
        if not 1 <= n <= DECK_MAX_MASK:
            raise Unsupported("a deck limit of copies past what the card table packs")
        return {"__fields__": True, "deck_max_copies": n}

    def deck_one_copy(self):
        # "You may not have more than one copy of any card in your deck." (session 24, CR 402.8: a ruler's, replacing the
        # four of a name of CR 402.3b / 402.7 by one in its main deck, CR 304; decks.validate_deck, DECK_ONE_COPY)
        if self.card.get("type") != "ruler":
            raise Unsupported("a rule for the whole deck on a card that is not a ruler")
        return {"__fields__": True, "deck_one_copy": True}

    def enters_with_counters(self, n, name=None):
        # "This card enters the field with N <name> / [+100/+100] counters [on it]." (session 24, CR 1022.6: they are on it
        # as it enters, added to those of the same name other rules put, e.g. [Mana]'s; zones.enter_field,
        # C_ENTER_COUNTERS)
        if self.card.get("type") not in ("resonator", "j_ruler", "addition", "regalia"):
            raise Unsupported("counters as it enters the field on a card that is not an entity of the field")
        out = {"count": _fixed(n)}
        if name is not None:
            out["counter_name"] = _counter_name(name)
        return {"__fields__": True, "enters_counters": out}

    def deck_forbids(self, mark, stones=False):
        # "You cannot have cards with [<mark>] in your deck [or magic stone deck]." (CR 402.8, a ruler's: the main deck,
        # CR 304, and the magic stone deck with "or magic stone deck"; decks.validate_deck)
        if mark is None:
            raise Unsupported("a deck rule naming a mark no deck check knows")
        out = {"__fields__": True, "deck_forbids": [mark]}
        if stones:
            out["deck_forbids_stones"] = True
        return out

    def deck_forbids_stones(self, mark):
        return self.deck_forbids(mark, stones=True)

    def _pay_less(self, syms, condition=None, per=None, optional=True, more=False):
        # CR 903.2i: the card's own cost reduction, from the hand (characteristics.own_reduction);
        # "you may": the player is asked whether to take it as the card is played (CR 903.2i-iv,
        # play.play_from_hand), but on a card whose cost has X (taken then: the approximation)
        parts = re.findall(r"\{([^}]*)\}", syms)
        attrs = [_SYM[p.lower()] for p in parts if p.lower() in _SYM]
        nums = [int(p) for p in parts if p.isdigit()]
        if len(attrs) + len(nums) != len(parts) or len(nums) > 1 or (nums and not 1 <= nums[0] <= 10):
            raise Unsupported("paying less of will that is no attribute or number")
        if self.card.get("type") not in _PAID:
            raise Unsupported("paying less for a card that is not played from the hand")
        x_cost = bool(self.card.get("x")) or "X" in str(self.card.get("cost") or "").upper()
        op = {"op": "cost_reduction", "amount": nums[0] if nums else 0, "filter": {"zone": "hand", "self_only": True}}
        if attrs:
            # CR 903.2i-iv: that attribute's part of the card's cost decreased (the card compiler refuses a
            # printed cost without it); asked as the card is played, like the generic "you may" ones
            if not optional or x_cost:
                raise Unsupported("paying less of an attribute's will without 'you may' or on a card whose cost has X")
            op["attributes"] = attrs
        if optional and x_cost:
            self.approximate("pay_less_always")
        elif optional:
            op["optional"] = True
        if (condition or {}).get("kind") in ("hand_empty", "hand_at_least"):
            raise Unsupported("a cost reduction counting the hand (the engine reads it with the card still there)")
        if (per or {}).get("count") == "hand":
            # "for each card in your hand": the card has left the hand as its cost is determined (CR 903.2d, 903.2i);
            # the engine reads it in the hand: the hand but the card itself (Per.HAND_OTHER)
            per = {**per, "count": "hand_other"}
        if more:
            # "You pay {N} more to play this card ...": an increase (CR 903.2i-ii), a negative amount
            if attrs or condition is not None:
                raise Unsupported("paying more of an attribute's will, or under a condition")
            op["amount"] = -op["amount"]
        if per is not None:
            if per["count"] == "field" and "exclude_self" in per["filter"]:
                raise Unsupported("'for each other ...' counted for a card in the hand")
            op["per"] = per
        ab = {"kind": "continuous", "effect": [op]}
        if condition is not None:
            ab["condition"] = condition
        return [ab]

    def _rune_cost(self, syms) -> tuple[int, str]:
        # the free will and the attribute will ("{R}{1}": one fire will and one free will; session 21)
        parts = re.findall(r"\{([^}]*)\}", syms)
        nums = [int(q) for q in parts if q.isdigit()]
        attrs = "".join("{" + q.upper() + "}" for q in parts if q.lower() in _SYM)
        if len(nums) + len(attrs) // 3 != len(parts) or len(nums) > 1 or (nums and not 1 <= nums[0] <= 10):
            raise Unsupported("paying more or less of will that is no attribute or number")
        if self.card.get("type") != "rune":
            raise Unsupported("'to play this card from a rune area' on a card that is not a rune")
        return (nums[0] if nums else 0), attrs

    def rune_pay_more(self, syms):
        # CR 711.2, 903.2i: a rune is played from the rune area, its cost changed by its own text (an attribute's will
        # more: the card's rune_will, play.rune_attr_change)
        n, attrs = self._rune_cost(syms)
        out = {"__fields__": True, "rune_cost": n}
        if attrs:
            out["rune_will"] = attrs
        return out

    def rune_pay_less(self, syms):
        # the player is asked whether to take it (CR 903.2i-iv, play.play_rune), but on a rune whose cost has X
        n, attrs = self._rune_cost(syms)
        if self.card.get("x") or "X" in str(self.card.get("cost") or "").upper():
            if attrs:
                raise Unsupported("paying less of an attribute's will on a rune whose cost has X")
            self.approximate("pay_less_always")
        out = {"__fields__": True, "rune_cost": -n}
        if attrs:
            out.update(rune_will=attrs, rune_will_less=True)
        return out

    def pay_less(self, syms):
        return self._pay_less(syms)

    def pay_less_if(self, syms, cond):
        return self._pay_less(syms, cond)

    def pay_less_if_first(self, cond, syms):
        return self._pay_less(syms, cond)

    def pay_less_targets(self, syms, flt):
        # "You may pay <will> less to play this card if it targets a <card>." (session 22): the targets are chosen before
        # the cost is determined (CR 903.2g, 903.2i): the reduction is offered once one of them matches (its condition
        # targets_match, Condition.TARGETS_MATCH), and where the cost can be paid only with it, the targets must match
        if self.card.get("type") not in ("chant", "addition"):
            raise Unsupported("'if it targets' on a card that is not a chant or an addition (its target as it is played)")
        if self.card.get("type") == "addition" and self.card.get("addition") in (None, "field"):
            raise Unsupported("'if it targets' on an addition that is not added to a card")
        if self.card.get("x") or "X" in str(self.card.get("cost") or "").upper():
            raise Unsupported("'if it targets' on a card whose cost has X")
        flt = _target_filter(flt)
        if flt.get("zone", "field") != "field":
            raise Unsupported("'if it targets' a card outside the field")
        return self._pay_less(syms, {"kind": "targets_match", "filter": flt})

    def pay_less_per(self, syms, per):
        return self._pay_less(syms, per=per)

    # "You pay {N} less to play this card [if ... / for each ...]": no choice, always applied (CR 903.2i-iv)
    def must_pay_less(self, syms):
        return self._pay_less(syms, optional=False)

    def must_pay_less_if(self, syms, cond):
        return self._pay_less(syms, cond, optional=False)

    def must_pay_less_if_first(self, cond, syms):
        return self._pay_less(syms, cond, optional=False)

    def must_pay_more_per(self, syms, per):
        return self._pay_less(syms, per=per, optional=False, more=True)

    def must_pay_less_per(self, syms, per):
        return self._pay_less(syms, per=per, optional=False)

    # "[Null] / [Seal] (N) / [Rune] N - <text>": the text's abilities with the condition (CR 1134.2,
    # 1128.2, 1137.2b): a continuous one applies, an activate one is played, an automatic one triggers
    # and is played only while it holds (constants.Condition, play.ability_usable, triggers)
    def g_null(self):
        return {"kind": "hand_empty"}

    def g_seal(self, n):
        return {"kind": "stones_at_least", "value": int(n)}  # CR 1128.3: cards of the type magic stone

    def g_rune(self, n):
        return {"kind": "runes_revealed_at_least", "value": int(n)}

    def c_runes_revealed(self, n):
        # "there are N or more runes revealed from your rune area" (session 28): [Rune] N's condition (CR 1137.2b)
        return self.g_rune(_fixed(n))

    def c_attr_runes_revealed(self, n, attr):
        # "there are N or more wind runes revealed from your rune area" (session 28): [Rune] {G}...{G}'s (CR 1137.2a: a
        # revealed rune of that attribute for each symbol)
        n = _fixed(n)
        if not 1 <= n <= 5:
            raise Unsupported(f"{n} runes of an attribute")
        sym = next(k for k, v in _SYM.items() if v == _attr_name(attr))
        return {"kind": "rune_attributes", "value": ("{" + sym.upper() + "}") * n}

    def g_rune_attributes(self, *syms):
        # CR 1137.2a: "[Rune] {R}{R} - <text>": a revealed rune of the matching attribute in your rune area for each
        # will symbol (Condition.RUNE_ATTRIBUTES); symbols of one attribute only (with two, a rune of both attributes
        # would be counted for each: filters.condition_holds' simplification)
        qs = {str(t)[1:-1].lower() for t in syms}
        if len(qs) != 1 or not qs <= set(_SYM):
            raise Unsupported("[Rune] of will symbols of more than one attribute (or a number)")
        if len(syms) > 5:
            raise Unsupported(f"[Rune] of {len(syms)} symbols")
        return {"kind": "rune_attributes", "value": "".join("{" + str(t)[1:-1].upper() + "}" for t in syms)}

    def g_crest(self, sym):
        # CR 1131.2: "[Crest] (Attribute) - (Text)": the card gains the text as long as you control at least one
        # Magic Crest of that attribute (a card of the race Magic Crest with that attribute, in your field)
        if str(sym)[1:-1].lower() not in _SYM:
            raise Unsupported("[Crest] of no attribute")
        return {"kind": "control_at_least", "value": 1,
                "filter": {"attribute": [_SYM[str(sym)[1:-1].lower()]], "race": "Magic Crest", "side": "own"}}

    def granted_keywords(self, cond, kws):
        ctype = self.card.get("type")
        if ctype not in ("resonator", "j_ruler") or not set(kws) <= _BATTLE_KW:
            raise Unsupported(f"keywords {kws} granted on a {ctype}")
        return [{"kind": "continuous", "condition": cond,
                 "effect": [{"op": "aura_keyword", "keywords": list(dict.fromkeys(kws)), "filter": {"self_only": True}}]}]

    def granted_keywords_listed(self, cond, *kws):
        # "[Null] - [Pierce] - [Precision]": the keywords printed one a line (session 18)
        return self.granted_keywords(cond, list(kws))

    def granted_ability(self, cond, abilities):
        if not isinstance(abilities, list) or not abilities:
            raise Unsupported("a granted text that is no ability (a card field)")
        out = []
        for ab in abilities:
            # a will ability too (CR 907: played as an activate ability, its condition checked as it is offered,
            # play.ability_usable, as [Energize]'s)
            if ab.get("kind") not in ("continuous", "activate", "automatic", "will") or ab.get("condition") is not None \
                    or ab.get("gods_art"):
                raise Unsupported("a granted ability that has its own condition or is no continuous, activate, automatic or "
                                  "will ability")
            if cond["kind"] == "hand_empty" and any(op["op"] == "cost_reduction" for op in ab.get("effect", [])):
                # the engine reads the cost while the card is still in the hand (play.py): never empty then
                raise Unsupported("a cost reduction of a card in the hand that needs an empty hand")
            out.append({**ab, "condition": cond})
        return out

    def mana(self, n):
        if self.card.get("type") not in ("ruler", "j_ruler"):
            raise Unsupported("[Mana] on a card that is not a J/ruler")
        return {"__fields__": True, "mana": min(int(n), 10)}

    def divinity(self, n):
        if self.card.get("type") not in ("ruler", "j_ruler"):
            raise Unsupported("[Divinity] on a card that is not a J/ruler")
        return {"__fields__": True, "divinity": min(int(n), 20)}  # CR 1136.2

    def play_only_if(self, cond):
        # "Play this card only if <condition>.": the card may be played only while it holds (the card field
        # play_condition, checked as the card is offered: play.card_playable); not a condition on the card itself
        # or on the hand that holds it
        if self.card.get("type") not in ("resonator", "chant", "addition", "regalia", "rune"):
            raise Unsupported("'play this card only if' on a card that is not played from the hand or a rune area")
        if cond.get("kind") in ("self_counters_at_least", "hand_empty", "hand_at_least") or cond.get("_it") or \
                _on_this_card(cond):
            raise Unsupported("'play this card only if' a condition on the card or on the hand holding it")
        return {"__fields__": True, "play_condition": cond}

    def play_or_abilities_only_if(self, cond):
        # "Play this card or its abilities only if <condition>." (session 24): the card field play_condition (as
        # play_only_if) and the condition on each ability it plays (CR 905 activate, 907 will, 906.5 automatic:
        # importer._abilities_condition puts it on the card's other lines' abilities); on a card that is not played from
        # the hand, its abilities only
        if self.card.get("type") not in ("resonator", "chant", "addition", "regalia", "ruler", "j_ruler"):
            raise Unsupported("'play this card or its abilities only if' on a rune or magic stone")
        if cond.get("kind") in ("self_counters_at_least", "hand_empty", "hand_at_least") or cond.get("_it") or \
                _on_this_card(cond):
            raise Unsupported("'play this card or its abilities only if' a condition on the card or on the hand holding it")
        out = {"__fields__": True, "_abilities_condition": cond}
        if self.card.get("type") not in ("ruler", "j_ruler"):
            out["play_condition"] = cond
        return out

    def mastery(self, q):
        # [Mastery] "<name>" (session 24; not in CR 8.01, its reminder: "You may rest a recovered card named <name> you
        # control rather than pay this card's cost"): an alternative cost as [Incarnation]'s (CR 1110.2, the INCARNATE
        # action; play.mastery_slot), the card field mastery; the importer makes the line approximate where the name is
        # not a J/ruler's only (mastery_rests_first)
        if self.card.get("type") not in ("resonator", "chant", "addition", "regalia"):
            raise Unsupported("[Mastery] on a card that is not played from the hand")
        return {"__fields__": True, "mastery": {"name": str(q)[1:-1]}}

    def mobilize(self, syms):
        # CR 1129.2: "[Mobilize] <cost>": its controller pays the cost to attack or block with it (the card field
        # mobilize; battle.mobilize_payable / pay_mobilize)
        if self.card.get("type") != "resonator":
            raise Unsupported("[Mobilize] on a card that is not a resonator")
        parts = re.findall(r"\{([^}]*)\}", syms)
        if not parts or any(q.lower() not in _SYM and not q.isdigit() for q in parts) or \
                sum(q.isdigit() for q in parts) > 1:
            raise Unsupported("[Mobilize] of other will than attribute symbols and one number")
        return {"__fields__": True, "mobilize": "".join("{" + q.upper() + "}" for q in parts)}

    def energize(self, syms):
        # CR 1119.2: "[Energize] <will symbol>": after the first player is decided, a player who is not the first
        # player starts the game with a will coin token "Banish this: Produce <will symbol>" (1119.2b: several
        # symbols, one of them chosen as it is banished): a will ability of the J/ruler (the importer copies it to
        # the J-ruler side: the coin stays whichever side is up), once per game by the name ENERGIZE_ART
        # (state.GODS_ART_USED), only while its controller is not the first player (Condition.NOT_FIRST_PLAYER)
        if self.card.get("type") != "ruler":
            raise Unsupported("[Energize] on a card that is not a ruler")
        parts = re.findall(r"\{([^}]*)\}", syms)
        if not parts or any(q.lower() not in _SYM for q in parts) or len(parts) > 2:
            raise Unsupported("[Energize] of other will than one or two attribute symbols")
        wills = list(dict.fromkeys(_SYM[q.lower()] for q in parts))
        return [{"kind": "will", "gods_art": ENERGIZE_ART, "condition": {"kind": "not_first_player"},
                 "effect": [{"op": "produce_will", "will": w}]} for w in wills]

    def from_removed(self, *_):
        # CR 903.2: "You may play this card from your removed area." (its own removed area: "the removed area" is the
        # owner's, a card being in its owner's zones, CR 302.5): played as from the hand (its timing, cost and
        # targets; play.dive_actions), the card field from_removed (C_TYPE_BITS TB_FROM_REMOVED)
        if self.card.get("type") not in ("resonator", "chant", "addition", "regalia"):
            raise Unsupported("playing from the removed area a card that is not played from the hand")
        return {"__fields__": True, "from_removed": True}

    def inheritance(self, syms, body, only_if=None):
        # CR 1126.2: "[Inheritance] (Cost): (Effect)" means "Pay the (cost), discard this card from your hand: (Effect)";
        # 1126.2a: only from the hand (constants.COST_INHERITANCE, played as [Dive] is: play.play_dive)
        if self.card.get("type") not in _PAID:
            raise Unsupported("[Inheritance] on a card that is not played from the hand")
        abilities = self.activate({"will": syms}, body, None, only_if)
        if not isinstance(abilities, list) or len(abilities) != 1 or abilities[0].get("kind") != "activate":
            raise Unsupported("[Inheritance] of an effect that is no activate ability's (a will ability)")
        (ab,) = abilities
        return [{**ab, "cost": {**ab["cost"], "inheritance": True}}]

    def dive(self, syms, body, only_if=None):
        # "[Dive] <will>: <effect>" (GITS sets; no rule of CR 8.01; its reminder text): pay <will> and reveal this card
        # from your hand to play this ability, then the card is removed from the game with a cyberbrain counter; it
        # may be played from the removed area as long as the counter is on it (constants.COST_DIVE, play.play_dive)
        if self.card.get("type") != "resonator":
            raise Unsupported("[Dive] on a card that is not a resonator")
        abilities = self.activate({"will": syms}, body, None, only_if)
        if not isinstance(abilities, list) or len(abilities) != 1 or abilities[0].get("kind") != "activate":
            raise Unsupported("[Dive] of an effect that is no activate ability's (a will ability)")
        (ab,) = abilities
        return [{**ab, "cost": {**ab["cost"], "dive": True}}]

    def judgment(self, cost):
        if self.card.get("type") != "ruler":
            raise Unsupported("[Judgment] on a card that is not a ruler")
        return {"__fields__": True, "judgment": cost}  # CR 1125; the importer pairs the J-ruler side

    def added_j_resonator(self):
        return "j_resonator"

    def added_resonator(self):
        return "resonator"

    def as_you_play_added(self, what, rest):
        # "As you play this card, target a <J/resonator>. If that J/resonator is still a legal target, put this card
        # into the field added to the chosen target, otherwise put it into its owner's graveyard." on an addition added
        # to a card of that type: CR 1406.2a-b, what the engine does for its addition target (cards.py: a CHOOSE of
        # any player's card of that type as it is played; added to it on resolution if still legal, else to the
        # graveyard); nothing more to compile
        if self.card.get("type") != "addition" or self.card.get("addition") != what:
            raise Unsupported("'as you play this card, target a ...' on a card that is not an addition added to one")
        if rest is not None and rest != what:
            raise Unsupported("'if that <card> is still a legal target' naming another card type")
        return None

    def added_rest(self, what=None):
        return what

    def judgment_only_if(self, cost, cond):
        # "[Judgment] <will>. Play this ability only if <condition>." (CR 705.2b: a condition to play the judgment
        # process; the card field judgment_condition, play.judgment_legal)
        if cond.get("kind") in ("self_counters_at_least", "control_name", "control_names", "ruler_named") or \
                cond.get("_it") or _on_this_card(cond):
            raise Unsupported("a [Judgment] condition on the ruler itself or naming a card")
        return {**self.judgment(cost), "judgment_condition": cond}

    def judgment_less_line(self, cost, less):
        # the [Judgment] cost and the ruler's own reduction of it (a COST_REDUCTION of its own, self_only, read by
        # play.judgment_free through characteristics.own_reduction; always taken: the approximation)
        return {**self.judgment(cost), "__abilities__": [less]}

    def judgment_less_alone(self, less):
        # session 33 (s33a): "You may pay {N} less to play this ability for each <card> / if <condition>." printed as its
        # own line of a ruler (its [Judgment] line before it): the same reduction of the [Judgment] cost (CR 705.2a,
        # 903.2i-iv; play.judgment_free reads the ruler's own reductions: a ruler plays no other ability from the hand)
        if self.card.get("type") != "ruler" or not self.card.get("judgment_line"):
            raise Unsupported("'this ability' of a card other than a ruler with a [Judgment] line")
        return [less]

    def _judgment_less(self, syms, condition=None, per=None, optional=True):
        parts = re.findall(r"\{([^}]*)\}", syms)
        if len(parts) != 1 or not parts[0].isdigit() or not 1 <= int(parts[0]) <= 10:
            raise Unsupported("paying less of [Judgment] will that is not one number")
        if per is not None and per["count"] == "field" and "exclude_self" in per["filter"]:
            raise Unsupported("'for each other ...' for a [Judgment]")
        op = {"op": "cost_reduction", "amount": int(parts[0]), "filter": {"zone": "hand", "self_only": True}}
        if optional:
            # "you may": since session 23 the player is asked as the judgment process is played, where the cost can
            # be paid without it (CR 903.2i-iv; play.play_judgment, OPTIONAL); "you pay": always taken
            op["optional"] = True
        if per is not None:
            op["per"] = per
        ab = {"kind": "continuous", "effect": [op]}
        if condition is not None:
            ab["condition"] = condition
        return ab

    def jl_per(self, syms, per):
        return self._judgment_less(syms, per=per)

    def jl_if(self, syms, cond):
        return self._judgment_less(syms, condition=cond)

    def jl_must_per(self, syms, per):
        return self._judgment_less(syms, per=per, optional=False)

    def jl_must_if(self, syms, cond):
        return self._judgment_less(syms, condition=cond, optional=False)

    def result(self, value):
        if isinstance(value, dict) and value.get("__fields__") and "__abilities__" in value:
            return value["__abilities__"], {k: v for k, v in value.items() if k not in ("__fields__", "__abilities__")}
        return super().result(value)

    def r_unblockable(self):
        return ["cant_be_blocked"]

    def r_unattackable(self):
        return ["cant_be_attacked"]  # CR 803.3b (battle.attackable)

    def r_barrier(self):
        return ["_barrier"]

    def r_untargetable(self):
        return ["cant_be_targeted"]  # by anyone's spells or abilities (constants.RESTRICT_CANT_BE_TARGETED)

    def r_destroyed(self):
        return ["_eternal"]

    def cont_prefix(self, *_):
        return None

    def that_much_life(self, *args):
        trig = next(a for a in args if a is not None)
        # CR 1135.2: [Drain] means "whenever this card deals damage, you gain that much life"
        if trig != [{"trigger": "deals_damage"}]:
            raise Unsupported("'gain that much life' after a trigger other than 'this card deals damage'")
        return self.keywords(["drain"])

    def enters_rested_if(self, cond):
        # "If <condition>, this card enters your field / magic stone area rested." (session 22): a magic stone's, the
        # condition checked as it enters the field, its controller's (zones.enter_field; cards.FowCard.enters_rested_if)
        if self.card.get("type") != "magic_stone":
            raise Unsupported("'if <condition>, this card enters the field rested' on a card that is not a magic stone")
        return {"__fields__": True, "enters_rested_if": cond}

    def enters_rested_if_unless_life(self, cond, n):
        # session 34 (s34b): "If <condition>, this card enters your field rested unless you pay N life.": while the
        # condition holds as it enters, its controller chooses (OPTIONAL: pay N life, or it stays rested; zones.enter_field
        # marks it, priority.ask_enter_unless asks; CR 910.1, 105.4a). Before session 34: approximate
        # (enters_rested_life_not_offered, the choice not offered)
        out = self.enters_rested_if(cond)
        out["enters_unless_life"] = _enters_unless_life(n)
        return out

    def enters_rested_unless_life(self, n):
        # session 34 (s34b): "This card enters your field rested unless you pay N life." (no condition)
        if self.card.get("type") != "magic_stone":
            raise Unsupported("'this card enters the field rested unless you pay N life' on a card that is not a magic stone")
        return {"__fields__": True, "enters_unless_life": _enters_unless_life(n)}

    def enters_rested_unless_reveal(self, what):
        # session 34 (s34b): "As this card enters your magic stone area, you may reveal a <card> from your hand. If you
        # don't, this card enters your magic stone area rested." (a magic stone's): its controller chooses a matching
        # hand card to reveal (CR 1005.1: shown to both players, the `revealed` block) or none (then it is rested)
        if self.card.get("type") != "magic_stone":
            raise Unsupported("'as this card enters ..., you may reveal' on a card that is not a magic stone")
        flt = dict(what)
        if flt.pop("_not", None):
            raise Unsupported("'reveal a non-<type> from your hand'")
        flt["zone"] = "hand"
        return {"__fields__": True, "enters_unless_reveal": flt}

    def enters_rested(self, *_):
        # it enters the field rested however it enters (zones.enter_field reads C_TYPE_BITS TB_ENTERS_RESTED)
        if self.card.get("type") not in ("resonator", "addition", "regalia", "magic_stone"):
            raise Unsupported("'enters the field rested' on a card that does not enter the field this way")
        return {"__fields__": True, "enters_rested": True}

    def also_named_gains(self, sel, verb, q):
        if not (isinstance(sel, _Sel) and sel.kind == "self"):
            raise Unsupported("a name given to other cards than this one")
        return self.also_named(q, gains=True)

    def also_named(self, q, gains=False):
        # CR 202: "This card has "<name>" in addition to its other names." (any card, in every zone: a characteristic
        # printed on it); "gains": an ability, active in the field or a ruler area only (CR 902.1a; a J/ruler is
        # always there): the card fields also_named and also_named_in_field (packed in C_NAME), read wherever a name is
        ctype = self.card.get("type")
        if gains and ctype not in ("ruler", "j_ruler", "resonator", "addition", "regalia", "magic_stone"):
            raise Unsupported(f"'this card gains \"<name>\" in addition to its other names' on a {ctype}")
        name = str(q)[1:-1].strip()
        if not name or name == self.card.get("name"):
            raise Unsupported("a second name that is empty or the card's own")
        out = {"__fields__": True, "also_named": name}
        if gains and ctype not in ("ruler", "j_ruler"):
            out["also_named_in_field"] = True
        return out

    def enters_rested_shared(self, n):
        # "If you already control two or more magic stones that share a name with this card, this card enters the field
        # rested." (a magic stone's: TB_ENTERS_RESTED_SHARED, zones.stones_sharing_name as it enters the field)
        if self.card.get("type") != "magic_stone" or _fixed(n) != 2:
            raise Unsupported("'already control N magic stones that share a name' other than two, or not on a magic stone")
        return {"__fields__": True, "enters_rested_shared": True}

    def stone_type(self, attr):
        return attr

    def stone_types(self, *attrs):
        # CR 201.4, 904.2a: "treat this card as a fire magic stone and ..." gives it those magic stone types (a base
        # ability: the card field stone_types, C_TYPE_BITS from TB_STONE_SHIFT)
        if self.card.get("type") != "magic_stone":
            raise Unsupported("magic stone types on a card that is not a magic stone")
        return {"__fields__": True, "stone_types": list(dict.fromkeys(attrs))}

    def noun_one(self, n):
        return n

    def noun_pl(self, n):
        return n

    def noun(self, n):
        return n

    def noun_union_regalia(self, *nouns):
        return self.noun_union(*nouns, _NOUNS["n_regalia"])

    def noun_union(self, *nouns):
        nouns = tuple(n for n in nouns if isinstance(n, dict))  # without the LIST_COMMA tokens
        types: list[str] = []
        zones = {n.get("zone", "field") for n in nouns}
        if len(nouns) == 2 and nouns[0] == _NOUNS["n_ruler"] and nouns[1] == _NOUNS["n_entity"]:
            return {"_entity": True, "_and_ruler": True}  # "ruler or entity" (session 28: a count only, _per_filter)
        if len(nouns) == 2 and all(set(n) == {"race", "_race_noun"} for n in nouns):
            # session 34 (s34a): "Beasts and Four Sacred Beasts you control" (CR 205): the cards of either race (race_or)
            return {"race": nouns[0]["race"], "race_or": nouns[1]["race"], "_race_noun": True}
        for n in nouns:
            if "type" not in n or set(n) - {"type", "zone"}:
                raise Unsupported("a list of nouns that are not card types")
            types += [t for t in n["type"] if t not in types]
        if len(zones) != 1:
            raise Unsupported("a list of nouns in different zones")
        out = {"type": types}
        if zones != {"field"}:
            out["zone"] = zones.pop()
        return out

    def once_note(self, ab):
        raise Unsupported("a once-per-turn note in parentheses")

    # ---------------- keywords ----------------
    def __default__(self, data, children, meta):
        if data.startswith("kw_"):
            return data[3:]
        if data.startswith("n_"):
            return _NOUNS[data]
        return super().__default__(data, children, meta)

    # ---------------- costs ----------------
    def will_syms(self, *toks):
        return "".join("{" + t[1:-1].upper() + "}" for t in toks)

    def cost_syms(self, *toks):
        return self.will_syms(*toks)

    def cost_will(self, syms):
        # {M} (CR 1003.6): one moon will each, the cost's 'moon' (activate and will abilities: A_COST_MOON)
        moon = syms.count("{M}")
        if moon:
            return {"will": syms.replace("{M}", ""), "moon": moon}
        return {"will": syms}

    def cost_rest(self):
        return {"rest": True}

    def cost_will_rest(self, syms):
        return {**self.cost_will(syms), "rest": True}

    def cost_banish(self):
        return {"banish_self": True}

    # "banish a <card>" (CR 1011) / "rest a recovered <card> you control" (CR 1013): a card of your field chosen
    # as the ability is played, banished / rested then (cards.FowCost.pay_chosen, priority.pay_chosen_cost)
    def _pay_card(self, how, parts):
        raw = _filter(*[p for p in parts if p is not None])
        if how == "rest" and raw.get("type") == ["j_ruler_or_ruler"] and \
                {k: v for k, v in raw.items() if k != "type"} in ({"state": "recovered", "side": "own"},
                                                                  {"state": "recovered"}):
            # "rest a recovered J/ruler you control" (CR 201.2b, 1013): its controller's ruler or J-ruler, no choice
            # (FowCost.rest_j_ruler: A_COST_REST 2, play.ruler_recovered)
            return {"rest_j_ruler": True}
        flt = _target_filter(raw)
        if flt.get("side", "own") != "own" or flt.get("zone", "field") != "field":
            raise Unsupported(f"{how} a card you do not control as a cost")
        if "atk_min" in flt or "atk_max" in flt:
            raise Unsupported(f"{how} a card with an ATK bound as a cost")
        flt["side"] = "own"
        if how == "rest":
            if flt.get("state", "recovered") != "recovered":
                raise Unsupported("rest a card that is not recovered as a cost")
            flt["state"] = "recovered"
        elif "state" in flt:
            raise Unsupported("banish a card in a state as a cost")
        return {"_pay": (how, flt)}

    def additional_cost(self, cost):
        # CR 903.2j: "As an additional cost to play this card, banish a <card> / rest a recovered <card> you control"
        # on a chant: a choose of its program (after its targets, CR 903.2g; importer._additional_cost) whose card is
        # banished / rested once the targets are chosen (cards.FowCard.play_cost, priority.pay_chosen_cost)
        if self.card.get("type") not in ("chant", "rune"):
            raise Unsupported("an additional cost on a card that is not a chant or rune")
        if "gems" in cost and set(cost) - {"gem_attribute"} == {"gems"} and self.card.get("type") == "chant":
            # session 29: "..., banish two gems." (CR 903.2j, 1011): the card field play_cost (its spell row's A_COST_GEMS)
            return {"__fields__": True, "play_cost": cost}
        if cost.get("counters_from") == "j_ruler" and self.card.get("type") == "chant":
            # "..., remove N <name> counters from your J/ruler" (CR 903.2j, 1022.1; session 21): the card field play_cost
            # (its spell row's A_COST_NAMED: play.payable checks them, pay_card_cost removes them)
            return {"__fields__": True, "play_cost": cost}
        if set(cost) != {"_pay"} or cost["_pay"][0] == "remove":
            raise Unsupported("an additional cost other than banishing or resting a chosen card")
        how, flt = cost["_pay"]
        return {"__fields__": True, "effect": [{"op": "choose", "filter": flt, "_pay_cost": how}]}

    def _additional_cost_n(self, how, n, flt):
        n = _fixed(n)
        if not 2 <= n <= 3:
            raise Unsupported(f"an additional cost of {n} cards")
        out = self.additional_cost(self._pay_card(how, [flt]))
        out["effect"][0]["count"] = n  # CR 1013.3: that many distinct cards (a choose of n, not "up to")
        return out

    def additional_cost_rest_n(self, n, flt):
        return self._additional_cost_n("rest", n, flt)

    def additional_cost_banish_n(self, n, flt):
        return self._additional_cost_n("banish", n, flt)

    def cost_rest_cards(self, n, *parts):
        return self._pay_cards("rest", n, parts)

    def cost_banish_cards(self, n, *parts):
        return self._pay_cards("banish", n, parts)

    def _pay_cards(self, how, n, parts):
        # "rest two recovered <cards> you control" / "banish two [other] <cards>" (session 24, CR 903.2j, 1013.3): that
        # many distinct cards of your field chosen as the ability is played (a choose of n, not "up to")
        n = _fixed(n)
        if not 2 <= n <= 5:  # session 29: up to five ("Rest five recovered Elves you control: ..."; a register holds 8)
            raise Unsupported(f"{n} cards to {how} as a cost")
        out = self._pay_card(how, parts)
        if "_pay" not in out:
            raise Unsupported(f"{how} {n} J/rulers as a cost")
        return {**out, "_pay_n": n}

    def cost_remove_card(self, *parts):
        # "remove a <card> in your graveyard from the game" (session 24, CR 903.2j, 1004.1): a card of your graveyard
        # chosen as the ability is played, removed from the game then (FowCost.pay_chosen "remove")
        return self._remove_cards(1, parts)

    def cost_remove_cards(self, n, *parts):
        return self._remove_cards(_fixed(n), parts)

    def _remove_cards(self, n, parts):
        if not 1 <= n <= 3:
            raise Unsupported(f"{n} cards removed from your graveyard as a cost")
        raw = _filter(*[p for p in parts if p is not None]) | {"zone": "graveyard"}
        if "type" not in raw and not any(k.startswith("_") for k in raw):
            flt = raw  # "a fire card", "two cards": a card of any type in your graveyard
        else:
            flt = _target_filter(raw)
        if set(flt) - {"type", "attribute", "race", "name", "not_attribute", "zone"}:
            raise Unsupported(f"a card removed from your graveyard as a cost with {sorted(flt)}")
        flt.update(zone="graveyard", side="own")
        return {"_pay": ("remove", flt), "_pay_n": n} if n > 1 else {"_pay": ("remove", flt)}

    def cost_banish_card(self, *parts):
        return self._pay_card("banish", parts)

    def cost_rest_card(self, *parts):
        return self._pay_card("rest", parts)

    def cost_rest_named(self, q):
        # "rest a recovered card named "<name>" you control" (session 24, CR 1013): its J/ruler when it has that name, else
        # the first recovered card of its field with it (FowCost.rest_named: A_COST_REST -name id, play.mastery_slot);
        # exact where the name is a J/ruler's only (importer._mastery_verdicts; else mastery_rests_first)
        return {"rest_named": str(q)[1:-1]}

    def cost_gems(self, n, attr=None):
        # session 29: that many of its controller's gems (of the attribute, or of any, each chosen as it is paid)
        return {"gems": _fixed(n), **({"gem_attribute": _attr_name(attr)} if attr is not None else {})}

    def cost_life(self, n):
        return {"life": int(n)}

    def cost_discard(self, n):
        if not isinstance(n, int) or n > 3:
            raise Unsupported("a discard cost of more than three cards")
        return {"discard": n}  # CR 1003: a card of your choice from your hand

    def cost_mana(self):
        return {"mana": 1}

    def cost_mana_n(self, n):
        return {"mana": _fixed(n)}

    # "remove N mana counters from your J/ruler" (CR 1122, 1022): the ruler slot's card, either side up (FowCost
    # mana_from j_ruler: play.mana_source)
    def cost_mana_ruler(self):
        return {"mana": 1, "mana_from": "j_ruler"}

    def cost_mana_ruler_n(self, n):
        return {"mana": _fixed(n), "mana_from": "j_ruler"}

    # "remove N magic counters from this card" (CR 1022) on a magic stone: its counters are kept in the card's MANA word,
    # which holds mana counters only on a card with [Mana] (CR 1122) or a J/ruler - never a magic stone here
    def cost_magic(self):
        return {"mana": 1, "_magic": True}

    def cost_magic_n(self, n):
        return {"mana": _fixed(n), "_magic": True}

    # "remove N <name> counters from this card / your J/ruler" (CR 1022.1): A_COST_NAMED (play.named_cost_ok)
    def from_self(self):
        return "this_card"

    def from_ruler(self, *_):
        return "j_ruler"

    def _named_where(self, frm):
        if frm == "this_card" and self.card.get("type") in ("chant", "rune"):
            raise Unsupported("named counters on a chant (it is never in the field)")
        return frm

    def per_named(self, name, frm):
        # "for each <name> counter on this card / your J/ruler" (CR 1022.1: Per.NAMED, filters.named_on)
        return {"count": "named", "counter_name": _counter_name(name), "counters_from": self._named_where(frm)}

    def per_named_it(self, name):
        # "for each <name> counter on it" (session 28): "it" read as this card, only where this card is the one that gains
        # (gain_per / gain_per_eot check the selection; anywhere else _set_x refuses it)
        return {"count": "named", "counter_name": _counter_name(name), "counters_from": "this_card", "_it": True}

    def c_named_one(self, name, frm):
        return self.c_named(1, name, frm)

    def c_named(self, n, name, frm):
        # "there are N or more <name> counters on this card / your J/ruler" (Condition.NAMED_COUNTERS_AT_LEAST)
        return {"kind": "named_counters_at_least", "value": _fixed(n), "counter_name": _counter_name(name),
                "counters_from": self._named_where(frm)}

    def cost_named_an(self, name, frm):
        return self.cost_named(1, name, frm)

    def ruler_ref(self, *_):
        return "j_ruler"

    def cost_magic_ruler_one(self, frm):
        return self.cost_magic_ruler(1, frm)

    def cost_magic_ruler(self, n, frm):
        # "remove N magic counters from your J/ruler": named counters "magic" (CR 1022.1b: one kind by name)
        return {"counters": _fixed(n), "counter_name": "magic", "counters_from": "j_ruler"}

    def cost_plus_counters(self, n):
        # session 32: [+100/+100] counters (CR 1022.2) removed from this card as a cost: FowCost counters without a
        # counter_name (A_COST_NAMED kind 0: play.named_cost_ok reads and pay_named_cost lowers its COUNTERS)
        return {"counters": _fixed(n), "counters_from": "this_card"}

    def cost_named(self, n, name, frm):
        return {"counters": _fixed(n), "counter_name": _counter_name(name), "counters_from": frm}

    def costs_remove_hand(self, *cs):
        # "[<will>,] remove this card in your hand from the game: <effect>" (session 32): a cost paid only in the hand,
        # so the ability is played from there (CR 902.2), as [Inheritance] is, the card removed (COST_REMOVE_HAND)
        return {**self.costs(*cs), "_discard_self": True, "_remove_hand": True}

    def costs_discard_self(self, *cs):
        # "<will>, discard this card: <effect>": CR 1126.2 is this text ("[Inheritance] (Cost): (Effect) means Pay the
        # (cost), discard this card from your hand: (Effect)"); a cost that can be paid only in the hand (CR 1019.1)
        # makes the ability active there (CR 902.2): compiled as [Inheritance] is (activate)
        return {**self.costs(*cs), "_discard_self": True}

    def costs(self, *cs):
        out: dict[str, Any] = {}
        for c in cs:
            for k, v in c.items():
                if k in out:
                    raise Unsupported(f"two {k} costs")
                out[k] = v
        return out

    def once(self):
        return "turn"

    # ---------------- abilities ----------------
    def _field_card(self, what: str) -> None:
        if self.card.get("type") in ("chant",):
            raise Unsupported(f"{what} on a chant (it has no abilities on the field)")

    def only_if(self, cond):
        return {"_only_if": cond}

    def activate_once_if(self, costs, body, cond):
        return self.activate(costs, body, "turn", {"_only_if": cond})

    def activate(self, costs, body, once=None, only_if=None, field_ok=True):
        if isinstance(once, dict):
            once, only_if = None, once
        if costs.get("_discard_self"):
            removed = costs.get("_remove_hand", False)
            rest = {k: v for k, v in costs.items() if k not in ("_discard_self", "_remove_hand")}
            if not cs_will_only(rest) or once:
                raise Unsupported("'discard this card' with a cost other than will, or once per turn")
            abilities = self.inheritance(rest.get("will", ""), body, only_if)
            if removed:  # the same ability, the card removed from the game instead of discarded (COST_REMOVE_HAND)
                abilities = [{**ab, "cost": {**{k: v for k, v in ab["cost"].items() if k != "inheritance"},
                                             "remove_from_hand": True}} for ab in abilities]
            return abilities
        if only_if is not None:
            # a magic stone's "{Rest}: Produce <will>. Play this ability only if ...": a will ability with the condition
            # (play.ability_usable), not the stone's 'will' field (which has none)
            abilities = self.activate(costs, body, once, field_ok=False)
            if not isinstance(abilities, list):
                raise Unsupported("a magic stone's will played only if ... (its will field has no condition)")
            return [{**ab, "condition": only_if["_only_if"]} for ab in abilities]
        self._field_card("an activate ability")
        ctype = self.card.get("type")
        if costs.get("rest") and ctype not in ("resonator", "j_ruler", "regalia", "magic_stone", "ruler", "addition"):
            raise Unsupported(f"a {{Rest}} cost on a {ctype}")
        if costs.get("_magic") and ctype != "magic_stone" and "counters" not in costs:
            # "remove N magic counters from this card" on another card: named counters "magic" (session 21)
            costs = {k: v for k, v in costs.items() if k not in ("_magic", "mana")} | {
                "counters": costs["mana"], "counter_name": "magic", "counters_from": "this_card"}
        if costs.get("_magic"):
            costs = {k: v for k, v in costs.items() if k != "_magic"}
            _magic_counters_here(self.card)  # the counters of this card's MANA word (cost_magic)
        elif costs.get("mana") and ctype not in ("ruler", "j_ruler") and costs.get("mana_from") != "j_ruler":
            raise Unsupported("a mana counter cost on a card that is not a J/ruler")
        if isinstance(body, _Modes):
            body.in_activate = True
        ops, optional = body.ops(will=True), body.optional
        if "_pay" in costs:
            costs = dict(costs)
            how, flt = costs.pop("_pay")
            n = costs.pop("_pay_n", 1)
            if costs.get("banish_self"):
                raise Unsupported("banish this card and another card as a cost")
            if all(op["op"] in ("produce_will", "_spend_only") for op in ops):
                # "Rest a recovered <card> you control: Produce <will>." / "Banish a <card>: Produce ..." (session 24,
                # CR 907.3, 903.2j): the card chosen as the will ability is played, then paid (_will)
                if flt.get("side") != "own":
                    raise Unsupported("a will ability paid with a card that is not yours")
                return self._will({**costs, "pay_chosen": how}, ops, once, field_ok, pay_filter=flt, pay_n=n)
            if any(op["op"] == "produce_will" for op in ops):
                raise Unsupported("produce will together with other effects")
            regs = {op.get("reg", 0) for op in ops if op["op"] in ("choose", "select_all", "target_self")}
            if len(regs) >= _N_REGS:
                raise Unsupported("a cost card and two selections (the kernels hold two target registers)")
            reg = len(regs)
            at = next((i for i, op in enumerate(ops) if op["op"] != "choose"), len(ops))
            ch = {"op": "choose", "filter": flt}
            if n > 1:
                ch["count"] = n  # CR 1013.3-like: that many distinct cards (not "up to")
            if reg:
                ch["reg"] = reg
            ops = ops[:at] + [ch] + ops[at:]  # the targets first (CR 903.2g), then the card paid with (903.2j)
            costs.update({"pay_chosen": how, "pay_reg": reg} if reg else {"pay_chosen": how})
        if all(op["op"] in ("produce_will", "_spend_only") for op in ops):
            return self._will(costs, ops, once, field_ok)
        if optional:
            raise Unsupported("'you may' in an activate ability")
        if any(op["op"] == "produce_will" for op in ops):
            raise Unsupported("produce will together with other effects")
        ab = {"kind": "activate", "cost": costs, "effect": ops}
        if once:
            ab["once"] = once
        return [ab]

    def _will(self, costs, ops, once, field_ok=True, pay_filter=None, pay_n=1):
        # a will ability paid with will or once per turn (CR 907): only one that cannot be played again and again in a
        # row ({Rest}, "banish this card" or once per turn in its cost: no endless loop of will for will)
        # ({Rest} of your J/ruler, "rest a recovered J/ruler you control": the cost field rest_j_ruler, play.activate)
        # (named counters removed bound it too: each use takes counters that only effects put, session 21)
        # (a card chosen and banished / rested, session 24: each use takes a card of the field, or a recovered one)
        bounded = costs.get("rest") or costs.get("rest_j_ruler") or costs.get("rest_named") or costs.get("banish_self") \
            or once == "turn" or costs.get("counters") or getattr(self, "_gods_art", False) \
            or costs.get("pay_chosen")  # a [God's Art]: once per game (CR 1112.2)
        if ((once or costs.get("will")) and not bounded) or \
                set(costs) - {"rest", "rest_j_ruler", "rest_named", "banish_self", "life", "discard", "mana", "mana_from",
                              "will", "counters", "counter_name", "counters_from", "pay_chosen"}:
            raise Unsupported("a will ability paid with will or once per turn")
        spend = None
        if len(ops) == 2 and ops[1]["op"] == "_spend_only" and ops[0]["op"] == "produce_will":
            spend = ops.pop()["filter"]  # "Spend this will only to play <cards>." (state.RWILL)
        if len(ops) != 1:
            raise Unsupported("a will ability producing several wills")
        x_set = ops[0].pop("_x_set", None)
        if x_set is not None and (spend is not None or pay_filter is not None):
            raise Unsupported("will for each ..., spent only to play <cards> or paid with a chosen card")
        wills = ops[0].pop("_choices")
        shared = "_shared" in wills
        if shared:
            wills = [w for w in wills if w != "_shared"]
            if spend is not None:
                raise Unsupported("a will shared with the J/ruler, spent only to play <cards>")
        pairs = wills[0].get("_pairs") if len(wills) == 1 and isinstance(wills[0], dict) else None
        several = wills[0].get("_several") if len(wills) == 1 and isinstance(wills[0], dict) else None
        if pairs is not None:
            # "two wills in any combination of ..." (session 24): one will ability, a mode per pair (CR 907.5: both at
            # once), chosen as it resolves (a will ability does not use the chase, CR 907.3; priority.ask_mode)
            if shared:
                raise Unsupported("two wills shared with the J/ruler")
            abilities = [{"kind": "will", "cost": costs, "effect": [{"op": "select_mode", "modes": [
                [{"op": "produce_will", "will": a, "count": 2}] if a == b else
                [{"op": "produce_will", "will": a}, {"op": "produce_will", "will": b}] for a, b in pairs]}]}]
        elif self.card.get("type") == "magic_stone" and spend is None and costs == {"rest": True} and len(wills) <= 2 \
                and several is None and not once and field_ok:
            return {"__fields__": True, "will": wills}  # "{Rest}: Produce {G} [or {B}]": the stone's 'will' field
        else:
            # any other will ability of a stone (another cost, more choices, several wills, restricted will) is a will
            # ability as any card's (played from the field, play.ability_usable; the stone's 'will' field is its first
            # line)
            abilities = self._will_abilities(costs, wills, several)
        if pay_filter is not None:
            # a will ability paid with a chosen card (session 24, CR 903.2j): one ability (a choice of wills is a
            # choice of modes, CR 903.2e, chosen first), each program choosing the card paid with first; the card is
            # banished / rested once the will ability is played (priority.finish_frame, pay_chosen_cost)
            if len(abilities) > 1:
                abilities = [{"kind": "will", "cost": costs, "effect": [{"op": "select_mode", "modes": [
                    ab["effect"] for ab in abilities]}]}]
            choose = {"op": "choose", "filter": dict(pay_filter)} | ({"count": pay_n} if pay_n > 1 else {})
            eff = abilities[0]["effect"]
            if eff[0]["op"] == "select_mode":
                eff[0]["modes"] = [[dict(choose), *m] for m in eff[0]["modes"]]
            else:
                abilities[0]["effect"] = [choose, *eff]
        if shared:
            for mode in abilities[0]["effect"][0]["modes"]:  # the five modes of "one will of any attribute"
                mode[-1]["shared_with_ruler"] = True
        if x_set is not None:
            abilities = [{**ab, "effect": _x_will(ab["effect"], x_set)} for ab in abilities]
        if spend is not None:
            for ab in abilities:
                for op in ab["effect"]:
                    for o in ([op] if op["op"] == "produce_will" else [o for m in op.get("modes", []) for o in m
                                                                     if o["op"] == "produce_will"]):
                        o["spend"] = dict(spend)
        if once and len(abilities) > 1:
            # one will ability per choice: each its own once-per-turn use (state.USED_TURN bit), not one between them
            raise Unsupported("a will ability of two choices once per turn")
        return [{**ab, "once": once} if once else ab for ab in abilities]

    def _will_abilities(self, costs, wills, several):
        if several is not None:
            # "Produce {R}{R}" / "{W}{G}": all of them at once (CR 907.3), one produce_will per kind of will
            return [{"kind": "will", "cost": costs,
                     "effect": [{"op": "produce_will", "will": w, "count": n} for w, n in several.items()]}]
        if len(wills) > 2:
            # "Produce one will of any attribute" / "{W}, {R}, {U}, {G}, or {B}": one will ability whose controller
            # chooses the will as it resolves (a choice of modes, priority.ask_mode; the card has room for two
            # activate or will abilities, constants.ABILITIES_PER_CARD)
            return [{"kind": "will", "cost": costs,
                     "effect": [{"op": "select_mode", "modes": [[{"op": "produce_will", "will": w}] for w in wills]}]}]
        # "Produce {W} or {B}": one will ability per choice, with the same cost (paying one pays it)
        return [{"kind": "will", "cost": costs, "effect": [{"op": "produce_will", "will": w}]} for w in wills]

    def art_name(self, tok):
        return str(tok).strip("<>[]\"").strip()

    def art_once(self, name):
        return name

    def gods_art(self, name, costs, body, once=None):
        # CR 1112.2: once per game per player, by its name (1112.2a). CR 1112 does not limit [God's Art] to J/rulers
        # (session 23): on any card whose activate abilities compile (a resonator, addition, regalia), the same name
        # bit of the player (state.GODS_ART_USED) limits it (play.can_activate)
        if once is not None and once.lower() != name.lower():
            raise Unsupported("a [God's Art] limited by another name")
        self._gods_art = True  # once per game: bounds a will ability paid with will (_will)
        try:
            abilities = self.activate(costs, body)
        finally:
            self._gods_art = False
        if not abilities or any(a["kind"] not in ("activate", "will") for a in abilities) or (
                len(abilities) > 1 and any(a["kind"] != "will" for a in abilities)):
            raise Unsupported("a [God's Art] that is not one activate or will ability")
        # a God's Art that produces will is a will ability (CR 907.1: an activate ability producing will; session 23),
        # one row per choice of will, all of the one name: playing one uses the name up (CR 1112.2)
        for a in abilities:
            a["gods_art"] = name[:80]
        return abilities

    def automatic(self, *args):
        args = [a for a in args if a is not None]
        trig, body = args[0], args[-1]
        if not (trig and all(t.get("trigger") in ("discarded_by_ability", "removed_from_graveyard",
                                                  "put_into_graveyard_from_deck") for t in trig)):
            # (session 32: "when this card is discarded ..." works from the hand, CR 902.2: a chant's too)
            self._field_card("an automatic ability")
        # "that resonator": the trigger's other card, when every trigger of the line is about one (Op.TARGET_TRIGGER)
        about_card = all(t.get("trigger") in _ABOUT_CARD and "trigger_filter" in t for t in trig)
        # "whenever a <card> is put into a graveyard from the field": "it" may be that card (no longer in the field);
        # "whenever a <card> enters your field => ... it": the card that entered (CR 906.7c; Op.TARGET_TRIGGER: the
        # trigger's card, still in the field), not this card (session 20; before, "it" was this card)
        bare_it = not any(t.get("trigger") in ("other_to_graveyard", "other_enters") for t in trig)
        if trig and all(t.get("trigger") == "other_enters" for t in trig):
            bare_it = "trigger"
        # "put this card from your graveyard ...": only when every trigger of the line puts this card into a graveyard
        # from the field (session 24, CR 906.7b: the card is there as the ability resolves)
        from_grave = bool(trig) and all(t.get("trigger") in ("put_into_graveyard", "put_into_graveyard_from_deck")
                                        for t in trig)
        ops, optional = body.ops(trigger_card=about_card, bare_it=bare_it, produce=True,
                                 from_grave=from_grave), body.optional
        if from_grave:
            # session 32: "return it / this card to its owner's hand", "put it into its owner's hand" as it is in the
            # graveyard (CR 906.7b): from there (GRAVE_TO_HAND; RETURN_TO_HAND moves a card of the field only)
            for i in range(1, len(ops)):
                if ops[i]["op"] == "return_to_hand" and ops[i - 1]["op"] == "target_self" and \
                        ops[i].get("reg", 0) == ops[i - 1].get("reg", 0):
                    ops[i] = {**ops[i], "op": "grave_to_hand"}
        ops = _automatic_will(ops)
        if any(t.get("trigger") == "begin_game" for t in trig) and any(
                op["op"] in ("choose", "select_all") and (op.get("filter") or {}).get("zone", "field") == "field" for op in ops):
            # CR 403: at the beginning of the game no card is in a field (the rulers are in their ruler areas), so the
            # field filters would find none ("each ruler you control" reads the ruler area, which no filter does here)
            raise Unsupported("cards chosen at the beginning of the game (no card is in a field then)")
        if any(op["op"] == "set_x" and op["per"]["count"] == "trigger_damage" for op in ops) and \
                not all(t.get("trigger") in ("dealt_damage", "damage_to_you") for t in trig):
            raise Unsupported("'that much' after a trigger that is no damage dealt")
        if any(op["op"] == "set_x" and op["per"]["count"] == "trigger_cost" for op in ops) and \
                not all(t.get("trigger") in ("you_play", *_ABOUT_CARD) for t in trig):
            # "that <card>'s total cost": the card the trigger is about (E_AUX: the card played, the one that entered ...)
            raise Unsupported("'that <card>'s total cost' after a trigger about no card")
        # "that player" (session 29): the turn player, only after "at the beginning of each player's turn / main phase"
        each = [bool(t.pop("_each_player", False)) for t in trig]
        if any(op.get("who") == "turn_player" for op in ops) and not (each and all(each)):
            raise Unsupported("'that player' after a trigger that names no player")
        out = []
        for t in trig:
            ab = {"kind": "automatic", **t, "effect": _copy_ops(ops)}
            if optional:
                ab["optional"] = True
            out.append(ab)
        return out

    def automatic_once(self, *args):
        # "This ability triggers only once per turn." (session 32, CR 906.4): the ability's once "turn" (priority.play_pending
        # plays its first trigger of a turn and drops the others: the same whichever is played only where no trigger reads
        # the event's card)
        abilities = self.automatic(*args)
        for ab in abilities:
            if any(op["op"] == "target_trigger" or (op["op"] == "set_x" and str(op["per"].get("count", "")).startswith(
                    "trigger")) for op in _walk_ops(ab["effect"])):
                raise Unsupported("'triggers only once per turn' with an effect on the trigger's card (which of two "
                                  "triggers at once is played)")
            ab["once"] = "turn"
        return abilities

    def they_discard(self, *args, random=False):
        # session 32: "they" is the opponent the trigger names (Trigger.DEALS_DAMAGE_TO_OPPONENT), the core's DISCARD
        args = [a for a in args if a is not None]
        trig, n = args[0], args[-1]
        if not all(t.get("trigger") == "deals_damage_to_opponent" for t in trig):
            raise Unsupported("'they discard' after a trigger that names no opponent")
        self._field_card("an automatic ability")
        op = {"op": "discard", "count": n, "who": "opponent", **({"random": True} if random else {})}
        return [{"kind": "automatic", **t, "effect": [dict(op)]} for t in trig]

    def they_discard_random(self, *args):
        return self.they_discard(*args, random=True)

    def homeland_ability(self, *args):
        # "Homeland (<trait>) - <trigger> => <effect>" (session 24): "Homeland (...)" names the ability; it has no rules
        # of its own (CR 8.01 has none), the ability is the text after the dash
        return self.automatic(args[1], args[-1])

    def enter_ability(self, *args):
        return self.automatic([{"trigger": "enter"}], args[-1])

    def awaken_cost(self, cost, cost2=None):
        if cost2 is not None:  # "<will>, rest a recovered card named ..." (session 24): two costs
            cost = self.costs(cost, cost2)
        # "[Awakening] <will>" or "[Awakening] Rest a recovered J/ruler you control" (CR 1013: rested as the card is
        # played, play.payable; cost_rest_card)
        if set(cost) == {"will"}:
            return {"cost": cost["will"]}
        if cost.get("counters_from") == "j_ruler":
            # "[Awakening] Remove N <name> counters from your J/ruler" (CR 1022.1: FowAwakening counters)
            return {"counters": cost["counters"], "counter_name": cost["counter_name"]}
        if set(cost) == {"will", "moon"}:
            return {"cost": cost["will"], "moon": cost["moon"]}  # {M}: moon will (CR 1003.6; FowAwakening.moon)
        if set(cost) - {"will"} == {"rest_named"}:
            # "[Awakening] [<will>,] rest a recovered card named "<name>" you control" (session 24: FowAwakening.rest_named)
            return {"cost": cost.get("will", ""), "rest_named": cost["rest_named"]}
        if set(cost) - {"will", "gem_attribute"} == {"gems"}:
            # session 29: "[Awakening] [<will>,] Banish a [<attribute>] gem / two gems" (FowAwakening.gems, CR 1011, 313.1)
            return {"cost": cost.get("will", ""), **{k: v for k, v in cost.items() if k != "will"}}
        if set(cost) != {"rest_j_ruler"}:
            raise Unsupported("an [Awakening] cost other than will or resting your J/ruler")
        return cost

    def awakening(self, cost, *args):
        if self.card.get("type") != "resonator":
            raise Unsupported("[Awakening] on a card that is not a resonator")
        ops, optional = args[-1].ops(), args[-1].optional
        if optional:
            raise Unsupported("'you may' in an [Awakening] effect")
        return {"__fields__": True, "awakening": {**cost, "effect": ops}}

    def awakening_cost(self, cost):
        # "[Awakening] <cost>" on a chant (CR 1109.2): the extra cost only; the chant's effect reads "if this card was
        # awakened" (Condition.AWAKENED)
        if self.card.get("type") != "chant":
            raise Unsupported("an [Awakening] cost without its text on a card that is not a chant")
        return {"__fields__": True, "awakening": {**cost, "effect": []}}

    def awakening_text(self, cost, body):
        # "[Awakening] <cost>: <effect>" on a chant (CR 1109.2: played with the text): the chant's effect gains the text
        # under "if this card was awakened" (Condition.AWAKENED), performed after its own (importer._apply)
        if self.card.get("type") != "chant":
            raise Unsupported("an [Awakening] text without [Enter] on a card that is not a chant")
        ops, optional = body.ops(), body.optional
        if optional:
            raise Unsupported("'you may' in an [Awakening] text")
        if any(op["op"] == "choose" for op in ops):
            raise Unsupported("a target chosen only if this card was awakened")
        if any(op["op"] == "select_mode" for op in ops):
            raise Unsupported("a choice of modes only if this card was awakened")
        awake = {"op": "if", "condition": {"kind": "awakened", "value": 1}, "skip": len(ops)}
        return {"__fields__": True, "awakening": {**cost, "effect": []}, "_awakened_effect": [awake] + ops}

    def torrent_text(self, body):
        # "[Torrent] <text>" (CR 1124.2: "As you play this card, if you played one or more other cards this turn, this
        # card is played with (Text)") on a chant: the chant's effect gains the text under the condition torrent (read
        # on the card's chase entry, set as it was played: Condition.TORRENT), performed after its own (importer._apply)
        if self.card.get("type") != "chant":
            raise Unsupported("[Torrent] on a card that is not a chant")
        ops, optional = body.ops(), body.optional
        if optional:
            raise Unsupported("'you may' in a [Torrent] text")
        if any(op["op"] in ("choose", "select_mode") for op in ops):
            # CR 1124.2b: without [Torrent] no choice of its text is made; the targets are chosen as the card is played
            raise Unsupported("a target or a choice of modes only with [Torrent]")
        if any("instead" in str(op) for op in ops):
            raise Unsupported("'instead' in a [Torrent] text")
        torrent = {"op": "if", "condition": {"kind": "torrent"}, "skip": len(ops)}
        return {"__fields__": True, "_torrent_effect": [torrent] + ops}

    def spell(self, body):
        ctype = self.card.get("type")
        if ctype not in ("chant", "rune"):
            if isinstance(body, _CondBodies):
                return self.continuous(body)
            aura = body.aura()
            if aura is None:
                raise Unsupported(f"an effect without a trigger or a cost on a {ctype}")
            return self.continuous(body)
        ops, optional = _spell_will(body.ops(produce=True)), body.optional
        if optional:
            raise Unsupported("'you may' in a chant's effect")
        fields = {"__fields__": True}
        if any(op["op"] == "_no_chase" for op in ops):
            # "Players cannot chase to this card." (session 27): a property of the card on the chase, not an effect: not
            # under a condition (it would be known only as the card resolves)
            k = next(i for i, op in enumerate(ops) if op["op"] == "_no_chase")
            if any(("skip" in op or "rows" in op) for op in ops[:k]) or sum(op["op"] == "_no_chase" for op in ops) > 1:
                raise Unsupported("'players cannot chase to this card' under a condition")
            ops = ops[:k] + ops[k + 1:]
            fields["unchaseable"] = True
        if any(op["op"] == "_no_chase" for op in ops if op["op"] == "select_mode" for m in op["modes"] for op in m):
            raise Unsupported("'players cannot chase to this card' in a mode")
        if ops:
            fields["effect"] = ops
        return fields

    # ---------------- triggers (CR 906) ----------------
    def t_enter(self, *_):
        return [{"trigger": "enter"}]

    def t_enter_from_grave(self, *_):
        # session 32: Trigger.ENTER_FROM_GRAVEYARD (zones.enter_field: the card was in a graveyard as it entered, CR 307.7)
        return [{"trigger": "enter_from_graveyard"}]

    def t_enter_from_deck(self, *_):
        # session 32: Trigger.ENTER_FROM_MAIN_DECK ("your deck": its owner's main deck, CR 304; zones.enter_field)
        return [{"trigger": "enter_from_main_deck"}]

    def t_discarded_by_ability(self, *args):
        named = args[-1]
        # session 32: Trigger.DISCARDED_BY_ABILITY (kernels.discarded_by_ability: a discard chosen by a player for an ability
        # resolving or being played); the trigger filter the ability's source, a card of that name its controller controls
        # (a ruler in its ruler area too: zone anywhere)
        if self.card.get("type") in ("j_ruler", "ruler"):
            raise Unsupported("'is discarded' on a J/ruler (it is never in a hand)")
        return [{"trigger": "discarded_by_ability", "trigger_filter": {**named, "side": "own", "zone": "anywhere"}}]

    def t_grave_from_deck(self, *_):
        # session 32: Trigger.PUT_INTO_GRAVEYARD_FROM_DECK (zones.move_card_core: from its owner's main deck to its graveyard)
        if self.card.get("type") in ("j_ruler", "ruler"):
            raise Unsupported("'put into your graveyard from your deck' on a J/ruler (never in a deck)")
        return [{"trigger": "put_into_graveyard_from_deck"}]

    def t_removed_from_grave(self, *_):
        # session 32: Trigger.REMOVED_FROM_GRAVEYARD (zones.move_card_core: from its owner's graveyard to the removed area)
        if self.card.get("type") in ("j_ruler", "ruler"):
            raise Unsupported("'in your graveyard is removed from the game' on a J/ruler (never in a graveyard)")
        return [{"trigger": "removed_from_graveyard"}]

    def t_targeted_by_spell(self, *_):
        # session 32: Trigger.TARGETED_BY_SPELL (priority.targets_triggered: a card played that targets it, CR 903.2g)
        return [{"trigger": "targeted_by_spell"}]

    def t_targeted_by_any(self, *_):
        return [{"trigger": "targeted_by_spell_or_ability"}]

    def t_you_awaken(self, *_):
        # session 32: Trigger.YOU_AWAKEN (priority.finish_frame: a card of its controller's put onto the chase awakened)
        return [{"trigger": "you_awaken"}]

    def t_grave_from_hand(self, *_):
        # session 31: Trigger.PUT_INTO_GRAVEYARD_FROM_HAND (zones.move_card_core: any move from the hand to a graveyard,
        # a discard as a cost or by an effect included; CR 302.3)
        # (session 32: a discard at random too, Op.PLAYER_DISCARD by zones.discard_to_graveyard; before, approximate
        # grave_from_hand_random_discard)
        return [{"trigger": "put_into_graveyard_from_hand"}]

    def t_destroyed(self, *_):
        if self.card.get("type") in ("j_ruler", "ruler"):
            # a destroyed J-ruler returns to the ruler area (CR 1010.1), it is not put into a graveyard
            raise Unsupported("'put into a graveyard from the field' on a J/ruler")
        # constants.Trigger.PUT_INTO_GRAVEYARD: destroyed, banished (CR 1011) or put there by a rule process
        return [{"trigger": "put_into_graveyard"}]

    def t_destroyed_only(self, *_):
        if self.card.get("type") in ("j_ruler", "ruler"):
            raise Unsupported("'is destroyed' on a J/ruler (its ruler side returns, CR 1010.1)")
        return [{"trigger": "destroyed"}]  # constants.Trigger.DESTROYED: zones.destroy (CR 1010), only destruction

    def t_attacks(self, *_):
        return [{"trigger": "attacks"}]

    def t_blocks(self, *_):
        return [{"trigger": "blocks"}]

    def t_enter_or_attacks(self, *_):
        return [{"trigger": "enter"}, {"trigger": "attacks"}]

    def t_leaves(self, *_):
        if self.card.get("type") in ("j_ruler", "ruler"):
            raise Unsupported("'leaves the field' on a J/ruler (its return to the ruler area, CR 1010.1)")
        return [{"trigger": "leaves_field"}]  # constants.Trigger.LEAVES_FIELD (zones.move_card)

    def t_becomes_rested(self, *_):
        # session 33 (s33b): CR 104.3 (a recovered card rested; triggers.becomes_rested)
        return [{"trigger": "becomes_rested"}]

    def t_enter_or_leaves(self, *_):
        return [{"trigger": "enter"}] + self.t_leaves()

    def t_is_blocked(self, *_):
        return [{"trigger": "is_blocked"}]  # constants.Trigger.IS_BLOCKED: a blocker is declared for it (CR 804.4)

    def t_blocks_or_blocked(self, *_):
        return [{"trigger": "blocks"}, {"trigger": "is_blocked"}]

    def _other_card(self, flt) -> dict:
        # the other card of a trigger (the attacker blocked, the blocker, the J/resonator dealt damage): a J/resonator
        # in the field matched by the trigger filter (the event's aux, CR 906.4)
        flt = _target_filter(flt)
        if not set(flt.get("type", ["j_resonator"])) <= {"resonator", "j_resonator"} or flt.get("zone", "field") != "field" \
                or set(flt) & {"exclude_self", "self_only", "state"}:
            raise Unsupported("the other card of a trigger that is not a J/resonator in the field")
        flt.setdefault("type", ["j_resonator"])
        return flt

    def t_blocks_or_blocked_by(self, *args):
        flt = self._other_card(args[-1])
        return [{"trigger": "blocks", "trigger_filter": flt}, {"trigger": "is_blocked", "trigger_filter": dict(flt)}]

    def t_is_blocked_by(self, *args):
        return [{"trigger": "is_blocked", "trigger_filter": self._other_card(args[-1])}]

    def t_blocks_a(self, *args):
        return [{"trigger": "blocks", "trigger_filter": self._other_card(args[-1])}]

    def t_deals_damage_to(self, *args):
        # keywords.damage_dealt: DEALS_DAMAGE about the card dealt damage (-1 for a player: a filter never matches it)
        return [{"trigger": "deals_damage", "trigger_filter": self._other_card(args[-1])}]

    def t_attacks_or_blocks(self, *_):
        return [{"trigger": "attacks"}, {"trigger": "blocks"}]

    def t_deals_damage(self, *_):
        return [{"trigger": "deals_damage"}]

    def t_dealt_damage(self, *_):
        return [{"trigger": "dealt_damage"}]  # constants.Trigger.DEALT_DAMAGE: damage actually dealt (CR 1007.1)

    def t_j_ruler_recovered(self, *_):
        return [{"trigger": "j_ruler_recovered"}]  # session 29: Trigger.J_RULER_RECOVERED (rested to recovered)

    def t_you_gain_gem(self, *_):
        return [{"trigger": "you_gain_gem"}]  # Trigger.YOU_GAIN_GEM: its controller gains a gem (once per gem)

    def t_you_gain_life(self, *_):
        return [{"trigger": "you_gain_life"}]  # Trigger.YOU_GAIN_LIFE: its controller gains life

    def t_damage_to_you(self, *_):
        return [{"trigger": "damage_to_you"}]  # Trigger.DAMAGE_TO_YOU: damage dealt to its controller (CR 1007.2)

    def t_deals_damage_any_player(self, *_):
        return [{"trigger": "deals_damage_to_player"}]  # session 32: Trigger.DEALS_DAMAGE_TO_PLAYER (either player)

    def t_deals_damage_player(self, *_):
        return [{"trigger": "deals_damage_to_opponent"}]  # Trigger.DEALS_DAMAGE_TO_OPPONENT: any damage (CR 1007.2)

    def t_begin_main(self):
        return [{"trigger": "begin_main_phase", "trigger_whose": "yours"}]

    def t_begin_game(self):
        # "At the beginning of the game" (session 24, CR 502.1: these trigger conditions happen at the beginning of the
        # first turn's draw phase, for both players' cards; turn.begin_turn, Trigger.BEGIN_GAME): a ruler's only, the only
        # card in a field or ruler area then (CR 403.1); a card of the main deck would trigger from the hand or from
        # outside the game, which no trigger reads
        if self.card.get("type") != "ruler":
            raise Unsupported("'at the beginning of the game' on a card that is not a ruler (it works from the hand)")
        return [{"trigger": "begin_game"}]

    def t_begin_draw(self):
        return [{"trigger": "begin_draw_phase", "trigger_whose": "yours"}]

    def t_begin_draw_each(self):
        return [{"trigger": "begin_draw_phase", "_each_player": True}]

    def t_begin_main_each(self):
        return [{"trigger": "begin_main_phase", "_each_player": True}]

    def t_end_each(self):
        return [{"trigger": "end_of_turn"}]

    def t_end_yours(self):
        return [{"trigger": "end_of_turn", "trigger_whose": "yours"}]

    def t_begin_battle(self):
        return [{"trigger": "begin_battle"}]

    def t_judgment(self, *_):
        if self.card.get("type") != "j_ruler":
            raise Unsupported("a judgment trigger on a card that is not a J-ruler")
        return [{"trigger": "judgment"}]

    def t_you_judgment(self, *_):
        # CR 705.3a-i: "doing Judgment" is fulfilled as the ruler becomes a J-ruler. On the J-ruler itself: its own
        # judgment (as before); on any other card: the J-ruler its controller's judgment has just put into the field
        # (priority.resolve_judgment fires Trigger.JUDGMENT about it: the trigger filter, a J-ruler you control)
        if self.card.get("type") == "j_ruler":
            return self.t_judgment()
        return [{"trigger": "judgment", "trigger_filter": {"type": ["j_ruler"], "side": "own"}}]

    def t_inverts(self, *_):
        # CR 1030.2: "when this card inverts": it turns from its hope side to its despair side (Op.INVERT fires the
        # despair side's ability); a card whose text has it is a despair side (the importer's "<number>-despair")
        if self.card.get("type") not in ("resonator", "addition", "regalia", "magic_stone"):
            raise Unsupported("'when this card inverts' on a card that is not in the field as an Inverse card")
        return [{"trigger": "inverts"}]

    def t_resonance(self, attr):
        # CR 1127.2: "[Resonance] <Kind of Magic Stone> => <effect>" is "whenever that kind of magic stone enters the
        # field under your control, <effect>": a card with that magic stone type (CR 1127.2a, 201.4c), the filter type
        # "<attribute>_magic_stone". On a card that is itself of the kind its own entering triggers it (CR 1127.3):
        # OTHER_ENTERS watches the other cards only, so only on a card that has no magic stone type (not a stone)
        if self.card.get("type") == "magic_stone":
            raise Unsupported("[Resonance] on a magic stone (CR 1127.3: its own entering may trigger it)")
        return [{"trigger": "other_enters", "trigger_filter": {"type": [f"{attr}_magic_stone"], "side": "own",
                                                               "exclude_self": True}}]

    def t_you_play(self, *args):
        # "whenever you play a <card>" (CR 903.2: once it is put onto the chase): Trigger.YOU_PLAY, the card on the
        # chase (the filter's zone chase), played by this card's controller
        flt = dict(args[-1])
        played = ["resonator", "chant", "addition", "regalia", "rune"]
        if flt.pop("_race_noun", False) and "type" not in flt:
            flt["type"] = played  # "a Fairy": a race or a trait (CR 205.1a), on any card played
        if not flt.get("type") or not set(flt["type"]) <= set(played):
            raise Unsupported("'whenever you play' a card that is not a resonator, chant, addition, regalia or rune")
        if flt.get("side", "own") != "own" or flt.get("zone", "chase") != "chase" or \
                set(flt) & {"state", "atk_min", "atk_max", "exclude_self", "_not"}:
            raise Unsupported("'whenever you play' a card of a filter read elsewhere than on the chase")
        flt["side"], flt["zone"] = "own", "chase"
        return [{"trigger": "you_play", "trigger_filter": flt}]

    def t_you_play_nth(self, *args):
        # session 31: "whenever you play your second card each turn" (CR 903.2, 1124.2): YOU_PLAY of any card played
        # whose condition, read as it triggers, is exactly N cards played this turn (this one counted,
        # priority.note_card_play)
        n = {"second": 2, "third": 3, "fourth": 4, "fifth": 5}[str(args[-1])]
        return [{"trigger": "you_play", "trigger_filter": {"type": ["resonator", "chant", "addition", "regalia", "rune"],
                                                           "zone": "chase", "side": "own"},
                 "condition": {"kind": "played_cards_exactly", "value": n}}]

    def t_any_plays(self, *args):
        # session 31: "whenever a player plays a <card>" (CR 903.2): YOU_PLAY with the filter's side any (either player's)
        out = self.t_you_play(*args)
        out[0]["trigger_filter"]["side"] = "any"
        return out

    def t_opp_plays(self, *args):
        # session 31: "whenever your opponent plays a <card>" (CR 903.2): Trigger.YOU_PLAY with the filter's side
        # opponent (priority.py fires YOU_PLAY on both players' cards; the filter reads the played card's controller)
        out = self.t_you_play(*args)
        out[0]["trigger_filter"]["side"] = "opponent"
        return out

    def t_other_enters(self, *args):
        flt = args[-1] if isinstance(args[-1], dict) else {}
        flt = dict(flt)
        flt.pop("exclude_self", None)  # the "other" of the phrase (set below)
        if flt.pop("_race_noun", False) and "type" not in flt:
            flt["type"] = ["j_resonator"]  # "another Elf": races are printed on J/resonators and J/rulers (CR 205)
        if flt.get("side") != "own":
            flt["side"] = "own"  # "enters your field"
        flt["exclude_self"] = True
        if flt.get("type") not in (["resonator"], ["j_resonator"]):
            raise Unsupported("another card that is not a resonator entering")
        return [{"trigger": "other_enters", "trigger_filter": flt}]

    def t_a_enters(self, *args):
        # "When a J-ruler enters your field": a J-ruler enters the field by judgment (CR 705.3a; priority.resolve_judgment
        # fires OTHER_ENTERS as zones.enter_field does). OTHER_ENTERS never watches the entering card itself: compiled
        # only where the filter cannot match this card (a J-ruler on a card that is not one)
        # (session 20: any filter of card types this card's own type is not among, e.g. "a light resonator" on a
        # J-ruler or an addition, "a Machine resonator" on a magic stone)
        flt = _target_filter(dict(args[-1])) if isinstance(args[-1], dict) else {}
        if not flt.get("type") or _may_be_of(self.card.get("type"), flt["type"]) or \
                flt.get("side", "own") != "own" or set(flt) - {"type", "side", "attribute", "race"}:
            raise Unsupported("'a <card> enters your field' other than a J-ruler (the card itself would match)")
        flt["side"] = "own"
        return [{"trigger": "other_enters", "trigger_filter": flt}]

    def _attacks_filter(self, flt, other):
        # CR 803.5: "whenever a / another J/resonator <filter> attacks" (Trigger.J_RESONATOR_ATTACKS, the
        # attacker matched against the filter); "another": not this card (FowFilter.exclude_self)
        flt = _target_filter(flt)
        if not set(flt.get("type", ["j_resonator"])) <= {"resonator", "j_resonator"} or flt.get("zone", "field") != "field":
            raise Unsupported("an attacker that is not a J/resonator")
        if "type" not in flt:
            flt["type"] = ["j_resonator"]  # "whenever a Vampire attacks": a J/resonator of that race
        if other:
            flt["exclude_self"] = True
        return [{"trigger": "j_resonator_attacks", "trigger_filter": flt}]

    def t_other_attacks(self, *args):
        return self._attacks_filter(args[-1], True)

    def t_a_attacks(self, *args):
        return self._attacks_filter(args[-1], False)

    def t_to_grave(self, *args, side=None):
        # "whenever a <card> is put into a graveyard from the field" (Trigger.OTHER_TO_GRAVEYARD): the card read as it
        # was in the field (CR 906.7b) by what leaving the field keeps: its printed characteristics and its controller
        parts = [a for a in args if isinstance(a, dict)]
        flt = _filter(*parts)
        if flt.pop("_race_noun", False) and "type" not in flt:
            flt["type"] = ["resonator"]  # "a Knight": races are printed on resonators (and J-rulers, which return)
        if side is not None:
            if flt.get("side", side) != side:
                raise Unsupported("'from your / your opponent's field' and another controller")
            flt["side"] = side
        if flt.get("zone", "field") != "field":
            raise Unsupported("a card put into a graveyard from elsewhere than the field")
        flt = _target_filter(flt)  # "non-<type>", "entity" (any card in the field: no type)
        if set(flt) - {"type", "attribute", "race", "name", "side", "exclude_self", "zone"}:
            raise Unsupported("a card put into a graveyard read by what it was in the field beyond its characteristics")
        if not set(flt.get("type", [])) <= {"resonator", "j_resonator", "addition", "regalia", "magic_stone"}:
            raise Unsupported("a card put into a graveyard from the field of a type that is never in the field")
        flt["zone"] = "field"
        return [{"trigger": "other_to_graveyard", "trigger_filter": flt}]

    def t_to_grave_own(self, *args):
        return self.t_to_grave(*args, side="own")

    def t_to_grave_opp(self, *args):
        return self.t_to_grave(*args, side="opponent")

    def when_(self, *_):
        return None

    # ---------------- continuous (CR 904) ----------------
    def must_be_blocked(self, *_):
        # session 34 (s34a): "Your opponent must block this card if able." (a continuous ability of a J/resonator, CR 904):
        # while it attacks, its controller's opponent must declare a block when a J/resonator of theirs can block it (CR
        # 804.3; battle.must_be_blocked)
        if self.card.get("type") not in ("resonator", "j_ruler"):
            raise Unsupported("'must block this card' on a card that is not a J/resonator")
        return [{"kind": "continuous", "effect": [{"op": "must_be_blocked"}]}]

    def must_be_attacker(self, *_):
        # session 34 (s34a): "As you choose a card to attack, you must choose this card if able." (a continuous ability of
        # a J/resonator, CR 904): as its controller chooses the attacking J/resonator (CR 803.3a) they must choose this
        # card while it can attack; no attack is forced (battle.attacker_required)
        if self.card.get("type") not in ("resonator", "j_ruler"):
            raise Unsupported("'you must choose this card' to attack on a card that is not a J/resonator")
        return [{"kind": "continuous", "effect": [{"op": "must_be_attacker"}]}]

    def activate_lock(self, *parts):
        # session 34 (s34a): "Players cannot play activate abilities of <cards> they control unless they control a
        # <card>." (a continuous ability of a card in the field, CR 904): each player's cards of that kind have no activate
        # or will ability to play (CR 905, 907.1: a will ability is an activate ability) while that player controls no
        # such card (play.activate_locked; both filters seen from that player)
        flts = [p for p in parts if isinstance(p, dict)]
        self._field_card("a continuous ability")
        locked, unless = ({k: v for k, v in f.items() if not k.startswith("_")} for f in flts)
        if locked.get("side", "any") != "any" or unless.get("side", "any") != "any" or \
                locked.get("zone", "field") != "field" or unless.get("zone", "field") != "field":
            raise Unsupported("an activate lock of cards of another side or zone")
        return [{"kind": "continuous", "effect": [{"op": "activate_lock", "filter": {**locked, "side": "own"},
                                                   "unless": {**unless, "side": "own"}}]}]

    def no_life_gain(self, *_):
        # "Players cannot gain life." (a continuous ability of a card in the field, CR 904: Op.NO_LIFE_GAIN)
        self._field_card("a continuous ability")
        return [{"kind": "continuous", "effect": [{"op": "no_life_gain"}]}]

    def attack_tax(self, syms, *_):
        # session 33 (s33a): "J/resonators your opponent controls cannot attack unless your opponent pays {N}." (a continuous
        # ability of a card in the field or a ruler area, CR 904): the opponent's J/resonators attack only paying {N} more
        # as they attack (CR 803.5, as a [Mobilize] cost, 1129.2: battle.attack_payable / attack_declared)
        self._field_card("a continuous ability")
        m = re.fullmatch(r"\{(\d+)\}", syms)
        if not m or not 1 <= int(m[1]) <= 10:
            raise Unsupported("an attack paid with will that is not one number")
        return [{"kind": "continuous", "effect": [{"op": "attack_tax", "amount": int(m[1]),
                                                    "filter": {"type": ["j_resonator"], "side": "opponent"}}]}]

    def cost_more_opp(self, syms, *flts, who="opponent", cond=None):
        # session 33 (s33a): "Your opponent pays {N} more to play <chants> [during your turn]." / "Players pay {N} more to
        # play <chants>." (a continuous ability of a card in the field or a ruler area, CR 904; CR 903.2i-iii: an
        # increase of generic will wherever the chant is played from: characteristics.cost_increase)
        self._field_card("a continuous ability")
        m = re.fullmatch(r"\{(\d+)\}", syms)
        if not m or not 1 <= int(m[1]) <= 10:
            raise Unsupported("paying more of will that is not one number")
        flt = _filter(*[p for p in flts if p is not None])
        flt.pop("_race_noun", None)
        if flt.get("zone", "chase") == "chase":
            flt.pop("zone", None)  # "chants": the cards played (read wherever they are played from)
        if not flt.get("type") or set(flt["type"]) - {"chant", "addition", "regalia"} or \
                set(flt) - {"type", "attribute", "race", "race_or", "name", "not_race"}:
            raise Unsupported("paying more to play other cards than chants, additions or regalia of some characteristics")
        out = {"kind": "continuous", "effect": [{"op": "cost_increase", "amount": int(m[1]), "who": who,
                                                 "filter": {**flt, "zone": "anywhere"}}]}
        if cond is not None:
            out["condition"] = cond
        return [out]

    def cost_more_opp_judgment(self, syms, who="opponent"):
        # "... pays {N} more to play [Judgment] abilities." (CR 705.2c: the [Judgment] section; 705.2a: its will paid): the
        # increase of a ruler's judgment process (play.judgment_free: characteristics.cost_increase of the ruler, a filter
        # of rulers, which are never played as cards)
        out = self.cost_more_opp(syms, {"type": ["chant"]}, who=who)
        out[0]["effect"][0]["filter"] = {"type": ["ruler"], "zone": "anywhere"}
        return out

    def cost_more_players_judgment(self, syms):
        return self.cost_more_opp_judgment(syms, who="players")

    def cost_more_opp_your_turn(self, syms, *flts):
        return self.cost_more_opp(syms, *flts, cond={"kind": "your_turn"})

    def cost_more_players(self, syms, *flts):
        return self.cost_more_opp(syms, *flts, who="players")

    def attr_cost_any(self, *parts):
        return self.attr_cost_with(*parts, _ATTRS)

    def attr_cost_with(self, *parts):
        # session 33 (s33a): "You may pay the attribute cost of <cards> with will of any attribute / with <attribute>
        # will." (a continuous ability of a card in the field or ruler area, CR 904; the cost of CR 203.3 paid with
        # other will, CR 1003): Op.ATTR_COST_ANY, the cards played as a "spend only" filter (their characteristics);
        # "may": the engine's payment is canonical (costs.attr_any_convert turns only will the rest of the cost leaves)
        *flts, will = parts
        flt = _filter(*[p for p in flts if p is not None and not isinstance(p, str)])
        self._field_card("a continuous ability")
        flt.pop("_race_noun", None)
        if set(flt) - {"type", "attribute", "race", "race_or", "name"} or flt.get("type") != ["resonator"]:
            raise Unsupported("the attribute cost of cards other than resonators of some characteristics")
        wills = [will] if isinstance(will, str) else list(will)
        return [{"kind": "continuous", "effect": [{"op": "attr_cost_any", "will": wills,
                                                    "filter": {**flt, "zone": "chase"}}]}]

    def redirect_damage(self, *_):
        # CR 910.1, 1007: "If damage would be dealt to you, it's dealt to this card instead." (a continuous ability of a
        # J/resonator in the field, CR 902.1a: Op.REDIRECT_DAMAGE, effects.damage_redirect); only where the card can be
        # dealt damage (CR 1007.4: a card without DEF is dealt none)
        if self.card.get("type") not in ("resonator", "j_ruler"):
            raise Unsupported("damage dealt instead to a card that is not a J/resonator")
        return [{"kind": "continuous", "effect": [{"op": "redirect_damage"}]}]

    def gw_any(self):
        return "any"

    def gw_you(self):
        return "you"

    def gw_opponent(self):
        return "opponent"

    def gf_anywhere(self):
        return ("anywhere", None)

    def gf_field(self):
        return ("field", None)

    def gf_your_field(self):
        return ("field", "own")

    def gf_opponent_field(self):
        return ("field", "opponent")

    def grave_removed(self, *args):
        # "If a <card> would be put into a / your / your opponent's graveyard from anywhere / the field, remove it from
        # the game instead." (session 24, CR 910.1: a continuous replacement effect of a card in the field; Op.
        # GRAVE_TO_REMOVED, zones.move_card_core): the card is put into its owner's removed area instead (CR 311). "your
        # graveyard" is the graveyard of the cards you own (CR 310; GRAVE_TO_REMOVED a2 reads the owner); "from your
        # field" the cards you control there
        flt, owner, (zone, side) = [a for a in args if a is not None][-3:]
        self._field_card("a continuous ability")
        if "_a" not in flt:
            raise Unsupported("'if this card would be put into a graveyard' (a replacement of its own move)")
        flt = dict(flt["_a"])
        if flt.pop("_not", None) or flt.pop("_basic", False):
            raise Unsupported("a 'non-<type>' or 'basic' card in a graveyard replacement")
        flt.pop("_entered_any", None)
        flt.pop("_race_noun", None)
        if flt.pop("_entity", False) or any(k.startswith("_") for k in flt):
            raise Unsupported("an 'entity' or a filter word the graveyard replacement does not read")
        if flt.get("zone", "field") != "field" or "state" in flt:
            raise Unsupported("a card in a graveyard replacement named by its zone or state")
        if "side" in flt:
            raise Unsupported("a card in a graveyard replacement named by its controller")
        flt["zone"] = zone
        if side is not None:
            flt["side"] = side
        op = {"op": "grave_to_removed", "filter": flt}
        if owner != "any":
            op["owner"] = owner
        # (session 32: a discard at random reads it too, Op.PLAYER_DISCARD by zones.discard_to_graveyard; before, approximate
        # grave_replacement_random_discard)
        return [{"kind": "continuous", "effect": [op]}]

    def continuous(self, *args):
        self._field_card("a continuous ability")
        if isinstance(args[-1], _CondBodies):
            return [ab for b in args[-1].bodies for ab in self.continuous(b)]  # session 32: one for each condition
        aura = args[-1].aura()
        if aura == "_eternal":
            if args[-1].condition is not None:
                # session 32 (s32b): "This card cannot be destroyed as long as ..." is [Eternal] while it holds (CR 1417.2)
                return [{"kind": "continuous", "condition": args[-1].condition, "effect": [
                    {"op": "aura_keyword", "keywords": ["eternal"], "filter": {"self_only": True}}]}]
            return self.keywords(["eternal"])
        if aura is None:
            raise Unsupported("a continuous ability other than '<cards> gain <ATK/DEF or keywords>' / 'cannot <attack, block>'")
        # CR 902.1b: a ruler's abilities are active in its ruler area: characteristics.aura_sums, cost_reduction and
        # play.hand_quickcast read the continuous abilities in force there too (characteristics.next_continuous)
        ab = {"kind": "continuous", "effect": aura}
        if args[-1].condition is not None:
            ab["condition"] = args[-1].condition  # CR 904: applies as long as it holds (characteristics.py)
        if any(("'keyword'" in repr(op) or "'not_keyword'" in repr(op)) and
               (op["op"] not in ("aura_power", "aura_restrict") or "per" in op) for op in aura) or \
                "'keyword'" in repr(ab.get("condition")) or "'not_keyword'" in repr(ab.get("condition")):
            # the continuous abilities' filters read the keywords without the continuous abilities (filters.filter_base:
            # none is defined by another): "with [Flying]" there would miss a [Flying] another continuous ability gives;
            # session 32: but an ATK/DEF change's or a restriction's reads them with the keywords the continuous abilities
            # give (characteristics.aura_applies: those apply first, CR 909)
            raise Unsupported("a continuous ability reading cards' keywords ('with [Flying]')")
        return [ab]

    def t_added(self, noun):
        if self.card.get("type") != "addition" or self.card.get("addition") in (None, "field"):
            raise Unsupported("'added ...' on a card that is not an addition added to a card")
        return _Sel("all", {"added_to": True, **_target_filter(noun)})

    # ---------------- effects ----------------
    def body(self, *sentences):
        sentences = _instead(sentences)
        clauses = [c for s in sentences for c in s]
        _this_way(clauses)
        marks = [op for c in clauses for op, _ in c[0] if op and op.get("_target_player")]
        if marks:
            # "target player's graveyard" (session 29): one mode per player (CR 903.2g, chosen as it is played, as
            # _player_or): your opponent's, then yours
            if len(marks) != 1 or any(len(c) == 3 or c[1] for c in clauses):
                raise Unsupported("'target player' with 'you may', 'as long as' or twice")
            modes = []
            for side in ("opponent", "own"):
                one = {k: v for k, v in marks[0].items() if k != "_target_player"}
                one["filter"] = {**one["filter"], "side": side}
                modes.append(self.body_of([[(one if op is marks[0] else op, sel) for op, sel in c[0]] for c in clauses]))
            return _Modes(modes)
        if any(op["op"] == "_delayed" for c in clauses for op, _ in c[0]):
            clauses = self._delayed(clauses)
        conds = [c[2] for c in clauses if len(c) == 3]
        if conds and (len(conds) < len(clauses) or any(c != conds[0] for c in conds)) and \
                not any(c[1] for c in clauses) and self.card.get("type") not in ("chant", "rune"):
            # session 32 (s32b): "[<X>.] As long as A, <Y>. As long as B, <Z>." (CR 904): a continuous ability for each
            # condition (and one without); an effect refuses it (_CondBodies.ops)
            parts = []
            for c in clauses:
                cond = c[2] if len(c) == 3 else None
                if parts and parts[-1][0] == cond:
                    parts[-1][1].append(c[:2])
                else:
                    parts.append((cond, [c[:2]]))
            out = []
            for cond, cl in parts:
                b = _Body([c[0] for c in cl], False, self.card.get("type") not in ("chant", "rune"))
                b.condition = cond
                out.append(b)
            return _CondBodies(out)
        if conds and (len(conds) != len(clauses) or any(c != conds[0] for c in conds)):
            raise Unsupported("'as long as' for part of a text")
        clauses = [c[:2] for c in clauses]
        for k, (ops, opt) in enumerate(clauses):
            if opt and ops and ops[0][0] and ops[0][0].get("_may"):
                # session 32: "If <condition>, you may X. If you do, Y.": the "if you do" sentences after it join its
                # clause (the IF skips them too, _ops_of: outer_if); it must be the first clause (the ability optional)
                if k != 0:
                    raise Unsupported("'if <condition>, you may' after another effect")
                merged = list(ops)
                rest = clauses[1:]
                while rest and _if_done_clause(rest[0][0]) is True and not rest[0][1]:
                    first, *more = rest[0][0]
                    merged += [({**first[0], "_in_if": True}, first[1])] + list(more)
                    rest = rest[1:]
                if rest:
                    raise Unsupported("'if <condition>, you may X' followed by other than 'if you do'")
                merged[0] = ({k2: v for k2, v in ops[0][0].items() if k2 != "_may"}, None)
                clauses = [(merged, True)]
                break
        if_do = any(_if_done_clause(c[0]) is not None for c in clauses)
        for k, (ops, opt) in enumerate(clauses):
            hand = [op.pop("_from_hand", False) for op, _ in ops]
            for op, sel in ops:
                if sel is not None and (sel.filter or {}).get("zone") == "ruler_area" and op["op"] not in ("rest", "recover"):
                    raise Unsupported("'your ruler' (in the ruler area) other than rested or recovered")
            if any(hand) and not opt:
                # "Put a <card> from your hand into your field.": one must be put when one is there (the SEARCH
                # decision over the hand without PASS while a card matches: constants.SEARCH_MUST); the hand is
                # known to its holder, so it is not a search that may fail to find (CR 1014.2)
                for op, _ in ops:
                    if op["op"] == "search":
                        op["must"] = True
            elif any(hand) and all(hand) and not if_do:
                # "You may put a <card> from your hand into your field.": the SEARCH decision's PASS is the "you may"
                # (nothing else is done or not done with it: no "if you do"); no OPTIONAL asked before it
                clauses[k] = (ops, False)
            elif opt and not if_do and not getattr(self, "_if_do_shuffle", False) and all(_deck_search(op) for op, _ in ops):
                # "You may search your deck for a <card> ... Then shuffle your deck." (session 28): a search of a hidden
                # deck may find nothing (CR 1014.2), so the SEARCH decision's PASS is the "you may" (no OPTIONAL asked
                # before it); "Then shuffle your deck" shuffles it either way, as the SEARCH does (not after "If you do,
                # shuffle ...": declining would shuffle it)
                clauses[k] = (ops, False)
        optional = any(c[1] for c in clauses)
        if optional and not (len(clauses) >= 1 and clauses[0][1]):
            raise Unsupported("'you may' after another effect")
        # "You may X. If you do, Y.": the ability is optional (asked on resolution) and Y depends on X being done
        # (the IF_DONE row); declining does nothing at all, which is what "if you do" asks. "If you don't" after
        # a "you may" would have to run when declined: not so
        if optional and any(_if_done_clause(c[0]) is False for c in clauses):
            raise Unsupported("'you may ... If you don't, ...' (declining the whole ability skips the 'if you don't')")
        if optional and any(not c[1] and not _if_done_clause(c[0]) for c in clauses):
            raise Unsupported("'you may' for part of an effect")
        if any(op["op"] == "_player_or" for ops, _ in clauses for op, _ in ops):
            return self._player_or(clauses, optional, conds)
        marks = [op for ops, _ in clauses for op, _ in ops if op["op"] == "_gain_choice"]
        if marks:
            # session 33 (s33c): "<card> gains [A], [B], or [C] until end of turn." (its controller chooses one as it
            # resolves): one mode per option, the rest of the text in each; chosen as it is played
            if optional or conds or len(marks) != 1 or len(clauses) != 1:
                raise Unsupported("'gains A, B, or C' with other effects, 'you may' or a condition")
            on_field = self.card.get("type") not in ("chant", "rune")
            self.approximate("gain_choice_when_played")
            return _Modes([_Body([[(opt, sel) if op is marks[0] else (op, sel) for op, sel in ops] for ops, _ in clauses],
                                 False, on_field) for opt in marks[0]["options"]])
        b = _Body([c[0] for c in clauses], optional, self.card.get("type") not in ("chant", "rune"))
        b.condition = conds[0] if conds else None
        return b

    def body_of(self, clauses):
        return _Body(clauses, False, self.card.get("type") not in ("chant", "rune"))

    # "Remove all <cards> in <whose> graveyard from the game." (session 29, s29-fowref, CR 1004.1: Op.REMOVE_GRAVE)
    def remove_all_grave(self, flt, whose):
        flt = {**flt, "zone": "graveyard"}
        if whose == "target":
            flt["_target_player"] = True
        elif whose != "any":
            flt["side"] = whose
        out = {"op": "remove_grave", "filter": {k: v for k, v in flt.items() if k != "_target_player"}}
        if flt.get("_target_player"):
            out["_target_player"] = True
        return [(out, None)]

    def go_yours(self):
        return "own"

    def go_opp(self):
        return "opponent"

    def go_target(self):
        return "target"

    def go_all(self):
        return "any"

    def this_way_verb(self, *_):
        return None

    def per_cost_this_way(self, *_):
        # "multiplied by the [combined] total cost of the card(s) removed / discarded this way" (session 29): the X the mill
        # or discard before it kept (body(): _this_way marks it; CR 203.5, X counting 0 off the chase, 203.5b)
        return {"count": "this_way", "_cost": True}

    def xb_cost_this_way(self, *_):
        return {"per": self.per_cost_this_way(), "unit": 1}

    def damage_target_player_times(self, dealer, n, per):
        # "<dealer> deals N damage multiplied by <count> to target player" (session 29): SET_X of the count, then the
        # damage to the player a mode names (body(): _player_or, CR 903.2g)
        if not isinstance(n, int):
            raise Unsupported("X00 damage multiplied by ...")
        return [self._set_x(per, _hundreds(n) // 100), ({"op": "_player_or", "amount": "X00", "filter": None}, None)]

    def per_this_way(self, flt):
        # "for each <card> removed this way" / "the number of <cards> removed this way" (session 29): the count the
        # removal before it kept (body(): _this_way gives the removal the filter, Per.THIS_WAY reads it)
        return {"count": "this_way", "filter": {**flt, "zone": "graveyard"}}

    def _delayed(self, clauses):
        """A chant's "At the next end of turn => <effect>." (session 27, CR 906.8, Op.DELAYED): the delayed ability's
        effect assembled as an automatic ability's, "it" / "that <card>" the card it is about (target_trigger: the
        trigger's card, still in the field, CR 302.3); that card is the one the chant's effect selected last."""
        if self.card.get("type") == "rune":
            raise Unsupported("a delayed ability ('at the next end of turn') on a rune")
        out = []
        for k, c in enumerate(clauses):
            marks = [op for op, _ in c[0] if op["op"] == "_delayed"]
            if not marks:
                out.append(c)
                continue
            if len(c[0]) != 1 or len(c) != 2 or k != len(clauses) - 1:
                raise Unsupported("a delayed ability ('at the next end of turn') before other effects or under a condition")
            inner = _Body([ops for ops, _ in marks[0]["clauses"]], False, True).ops(trigger_card=True, bare_it="trigger")
            it = any(op["op"] == "target_trigger" for op in inner)
            if any(op["op"] == "choose" for op in inner):
                raise Unsupported("a delayed ability with targets of its own")
            removed = any(op["op"] == "removed_to_field" for op in inner)
            if removed:
                # session 29: "Remove <it> from the game. At the next end of turn => Put it into the field under its
                # owner's control." (CR 906.8, 307.7): about the card the effect removed, in a removed area
                before = [op for c2 in out for op, _ in c2[0]]
                if [o["op"] for o in inner] != ["target_trigger", "removed_to_field"] or not before or \
                        before[-1]["op"] != "remove" or before[-1].get("_removed_filter_ok") is False:
                    raise Unsupported("'put it into the field' in a delayed ability other than after removing it")
                inner[0]["removed"] = True
            op = {"op": "delayed", "effect": inner, **({"it": True} if it else {}), **({"removed": True} if removed else {})}
            out.append(([(op, _Sel("prev") if it else None)], False))
        return out

    def _player_or(self, clauses, optional, conds):
        """"This card deals N damage to target player or J/resonator." (CR 903.2g: a target that is a player
        or a card): a choice of modes (the SELECT_MODE op, CHOOSE_MODE asked as it is played, before the
        card target): the card (then which one), your opponent, or you; the rest of the text in each."""
        marks = [op for ops, _ in clauses for op, _ in ops if op["op"] == "_player_or"]
        twice = len(marks) == 2 and _instead_pair(clauses, marks)
        if optional or conds or (len(marks) != 1 and not twice):
            raise Unsupported("'target player' with 'you may', 'as long as' or twice")
        if any(sel is not None and sel.kind == "prev" for ops, _ in clauses for _, sel in ops):
            raise Unsupported("'it' / 'that' after 'target player or ...'")
        mark = marks[0]
        if twice:
            # session 33 (s33c): "This card deals N damage to target player or <card>. If <condition>, it deals M damage
            # instead." (_instead: each amount under its branch's IF): one choice of the player or card for both
            # amounts (CR 903.2g: the target is chosen once, as it is played)
            choices = [{"op": "damage_player", "who": who} for who in ("opponent", "controller")]
            if mark["filter"] is not None:
                choices.insert(0, {"op": "damage"})
            modes = []
            for choice in choices:
                sel = _Sel("choose", _target_filter(mark["filter"])) if choice["op"] == "damage" else None
                modes.append(_Body([[({**choice, "amount": op["amount"] if sel else _life(op["amount"])}, sel)
                                     if op in marks else (op, s) for op, s in ops] for ops, _ in clauses], False,
                                   self.card.get("type") not in ("chant", "rune")))
            return _Modes(modes)
        choices = [({"op": "damage_player", "amount": _life(mark["amount"]), "who": who}, None)
                   for who in ("opponent", "controller")]  # fmt: skip
        if mark.get("_prevent"):
            # session 32: "prevent the next N damage that would be dealt to target <card> or yourself" (PREVENT on the
            # card, PREVENT_PLAYER on you)
            choices = [({"op": "prevent", "amount": mark["amount"]}, _Sel("choose", _target_filter(mark["filter"]))),
                       ({"op": "prevent_player", "amount": _life(mark["amount"]), "who": "controller"}, None)]
        elif mark["filter"] is not None:
            choices.insert(0, ({"op": "damage", "amount": mark["amount"]}, _Sel("choose", _target_filter(mark["filter"]))))
        on_field = self.card.get("type") not in ("chant", "rune")
        modes = [_Body([[choice if op is mark else (op, sel) for op, sel in ops] for ops, _ in clauses], False, on_field)
                 for choice in choices]  # fmt: skip
        return _Modes(modes)

    def look_sentence(self, clauses):
        return clauses

    def mode(self, *sentences):
        cond = None
        if sentences and isinstance(sentences[-1], dict):
            # "Choose this option only if <condition>." (session 24): the mode may be chosen only while it holds
            *sentences, cond = sentences
            _mode_condition_ok(cond)
        head = sentences[0][0][0][0][0] if len(sentences) == 1 and len(sentences[0]) == 1 and sentences[0][0][0] else {}
        if cond is None and head and head.get("op") == "_if" and head["condition"].get("kind") == "awakened" and \
                head["condition"].get("value") and any(sel is not None and sel.kind == "choose"
                                                       for _, sel in sentences[0][0][0]):
            # "- <B> if this card was awakened." naming a target (session 29): the option offered only when the chant
            # was awakened (known as it is played, CR 1109.2a, before the targets, 903.2g)
            cond = head["condition"]
            sentences = ([(sentences[0][0][0][1:], sentences[0][0][1])],)
            self.approximate("awakened_option_as_condition")
        body = self.body(*sentences)
        body.mode_cond = cond
        if body.optional:
            raise Unsupported("'you may' in a mode")
        # a mode that is itself a choice ("... to target player"): its choices are options of the card's choice
        # (modal_body: the player and the mode are both chosen as it is played, CR 903.2e, 903.2g)
        return body

    def mode_torrent(self, *sentences):
        """"Choose one - A; [Torrent] B." (session 29, CR 1124.2, 1124.2b): without [Torrent] the text after it does not
        exist, so the option B may be chosen only when the chant was played after another card of its controller this
        turn (the mode's condition torrent: the chase entry's PLAY_TORRENT, set before the options are chosen)."""
        if self.card.get("type") != "chant":
            raise Unsupported("[Torrent] on a card that is not a chant")
        body = self.mode(*sentences)
        if not isinstance(body, _Body) or body.mode_cond is not None:
            raise Unsupported("a [Torrent] option that is a choice itself or has a condition of its own")
        body.mode_cond = {"kind": "torrent"}
        return body

    def modal_body(self, *modes):
        return self._modes(1, False, modes)

    def modal_body_n(self, n, *modes):
        return self._modes(*n, modes)

    def modal_body_random(self, *modes):
        out = self._modes(1, False, modes)
        out.at_random = True
        self.approximate("random_mode_among_open")
        return out

    def modal_body_if(self, cond, more, *modes):
        """"Choose one, if <condition>, you may choose both - A; or B." / "Choose one. If <condition>, choose up to
        three instead - ..." (session 24, CR 903.2e): each option alone (always, or with "choose both instead"
        only while the condition does not hold), and the sets of more options only while it holds."""
        n, up_to, approx = more
        _mode_condition_ok(cond)
        if any(getattr(m, "mode_cond", None) is not None for m in modes):
            raise Unsupported("'choose this option only if' in a choice whose count has a condition")
        single = self._modes(1, False, modes)
        if not up_to:
            alone = _not(cond, [])
            if alone.get("_deferred"):
                raise Unsupported("'choose N instead' after a condition the engine cannot test for not holding")
        else:
            alone = None
        more_sets = self._modes(n, False, modes)
        sets = list(single.modes) + list(more_sets.modes)
        conds = [alone] * len(single.modes) + [cond] * len(more_sets.modes)
        if up_to and n >= 3:
            # "up to three / four instead" (session 29: four): every set of two to n options while it holds
            sets, conds = list(single.modes), [None] * len(single.modes)
            for size in range(2, n + 1):
                more = self._modes(size, False, modes).modes
                sets += list(more)
                conds += [cond] * len(more)
        if len(sets) > OPTION_SLOTS:
            raise Unsupported("more sets of options than the decision has room for")
        for b, c in zip(sets, conds):
            b.mode_cond = c
        if approx:
            self.approximate("choose_up_to_not_none")
        return _Modes(sets)

    def more_both(self):
        return 2, False, False

    def more_may_both(self):
        return 2, True, False

    def more_up_two(self):
        return 2, True, True

    def more_up_three(self):
        return 3, True, True

    def more_up_four(self):
        return 4, True, True

    def more_four(self):
        return 4, False, False

    def modal_body_pre(self, *items):
        """"<sentences>. Choose one - A; or B." (session 29, CR 903.2e): the sentences before the options are done
        whichever option is chosen: each option's program is theirs, then its own (in printed order)."""
        k = next(i for i, x in enumerate(items) if isinstance(x, (_Body, _Modes)))
        pre = self.body(*items[:k])
        if not isinstance(pre, _Body) or pre.optional or pre.condition is not None:
            raise Unsupported("'you may', 'as long as' or a choice before a choice of modes")
        single = self._modes(1, False, items[k:])
        out = []
        for b in single.modes:
            nb = _Body(list(pre.clauses) + list(b.clauses), False, b.on_field)
            nb.mode_cond = b.mode_cond
            out.append(nb)
        return _Modes(out)

    def modal_body_per(self, flt, *modes):
        """"Choose one, you may choose an additional one for each <card> you control; - A. - B." (session 29, CR
        903.2e): one option always; a set of k+1 options while the player controls k or more such cards (the count
        read as the options are chosen, Condition CONTROL_AT_LEAST of the card's filter)."""
        if any(getattr(m, "mode_cond", None) is not None for m in modes):
            raise Unsupported("'choose this option only if' in a choice whose count has a condition")
        single = self._modes(1, False, modes)
        sets, conds = list(single.modes), [None] * len(single.modes)
        for size in range(2, len(modes) + 1):
            cond = self._c_control(size - 1, flt)
            if cond.get("kind") not in ("control_at_least", "ruler_matches"):
                raise Unsupported("'an additional one for each <card>' of a count the engine does not test")
            _mode_condition_ok(cond)
            more = self._modes(size, False, modes).modes
            sets += list(more)
            conds += [cond] * len(more)
            if cond["kind"] == "ruler_matches":
                break  # "for each <J/ruler> you control": a player has one J/ruler (CR 201.2b), one more option at most
        if len(sets) > OPTION_SLOTS:
            raise Unsupported("more sets of options than the decision has room for")
        for b, c in zip(sets, conds):
            b.mode_cond = c
        return _Modes(sets)

    def mn_two(self):
        return 2, False

    def mn_three(self):
        return 3, False

    def mn_up_two(self):
        return 2, True

    def mn_up_three(self):
        return 3, True

    def _modes(self, n, up_to, modes):
        """CR 903.2e: "choose <n>": the player chooses n options (up to n: one to n), those not chosen do not
        exist; one SELECT_MODE mode per set of options (each option's program after the other's, in printed
        order; all the targets chosen as it is played, 903.2g). A mode that is a choice itself ("... to target
        player", _player_or) gives one option per choice, never two of them together."""
        groups = [list(m.modes) if isinstance(m, _Modes) else [m] for m in modes]
        if n > len(groups):
            raise Unsupported(f"'choose {n}' of fewer options")
        if n == 1 and not up_to:
            out1 = [b for g, m in zip(groups, modes) for b in g]
            for g, m in zip(groups, modes):
                for b in g:
                    b.mode_cond = getattr(m, "mode_cond", None)  # a choice inside a mode: the mode's condition
            return _Modes(out1)
        if any(getattr(m, "mode_cond", None) is not None for m in modes):
            raise Unsupported("'choose this option only if' in a choice of two or more options")
        out = []
        for size in range(1, n + 1) if up_to else (n,):
            for combo in combinations(range(len(groups)), size):
                for bodies in product(*(groups[i] for i in combo)):
                    for b in bodies[1:]:
                        first = next((sel for c in b.clauses for op, sel in c if sel is not None), None)
                        if first is not None and first.kind == "prev":
                            raise Unsupported("'it' at the start of an option chosen with another")
                    out.append(_Body([c for b in bodies for c in b.clauses], False, bodies[0].on_field))
        if len(out) > OPTION_SLOTS:
            raise Unsupported(f"'choose {n}' of {len(groups)} options: more sets of options than the decision has room for")
        if up_to:
            self.approximate("choose_up_to_not_none")
        return _Modes(out)

    def sentence(self, *items):
        out = [c if isinstance(c, tuple) else (c, False) for c in items if c is not None]
        for k, (c, _opt) in enumerate(out):
            if c and c[0][0].get("op") == "_plus_per":
                # "..., plus an additional M damage for each <cards>" (session 28): the damage of the clause before it
                prev = out[k - 1][0] if k else []
                dmg = [op for op, _ in prev if op.get("op") in ("damage", "damage_player")]
                if len(c) != 1 or out[k - 1][1] or len(dmg) != 1 or not isinstance(dmg[0]["amount"], int):
                    raise Unsupported("'plus an additional ... damage for each' after no one damage of a number")
                n, mark = dmg[0]["amount"], c[0][0]
                set_x = self._set_x(mark["per"], mark["amount"] // 100, n // 100)
                dmg[0]["amount"] = "X00"
                i = next(i for i, (op, _) in enumerate(prev) if op is dmg[0])
                out[k - 1] = (prev[:i] + [set_x] + prev[i:], False)
                out[k] = None
        return [c for c in out if c is not None]

    def body_banish_self(self, *sentences):
        # session 33 (s33c): "<effect>. Banish this card." (CR 1011: its controller puts it into its owner's graveyard),
        # of a card in the field (a chant's "this card" is a spell on the chase, t_self)
        if self.card.get("type") in ("chant", "rune"):
            raise Unsupported("'banish this card' in a chant's effect")
        return self.body(*sentences, [([({"op": "banish"}, _SELF)], False)])

    def banish_self_if(self, cond):
        return self.clause_if(([({"op": "banish"}, _SELF)], False), cond)

    def clause_if(self, *items):
        # "<effect> if <condition>." (the condition printed after the effect): as "If <condition>, <effect>."
        *items, cond = items
        if cond.get("kind") == "_it_is":
            raise Unsupported("'<effect> if it's <card>' (the condition on the card the effect itself selects)")
        if cond.get("kind") == "_it_cost_at_most":
            # "<effect on target> if its total cost is less than or equal to the number of <cards>." (session 29): SET_X
            # of the count, then Op.IF_COST (at most X) on the card the effect selects (its first op's), CR 203.5
            clauses = self.sentence(*items)
            if len(clauses) != 1 or clauses[0][1] or not clauses[0][0] or clauses[0][0][0][1] is None or \
                    clauses[0][0][0][1].kind != "choose":
                raise Unsupported("'if its total cost is ...' after other than one effect on a target")
            ops = clauses[0][0]
            return [([self._set_x(cond["per"], 1), ({"op": "_if_cost", "at_most_x": True}, ops[0][1])] + ops, False)]
        return self.if_sentence(cond, *items)

    def sep(self, *_):
        return None

    def if_sentence(self, cond, *items):
        if cond.get("_it"):
            raise Unsupported("'if there is a counter on it' ('it' may be another card than this one)")
        clauses = self.sentence(*items)
        if len(clauses) == 1 and clauses[0][1]:
            # session 32: "If <condition>, you may X." (then "If you do, Y.": body() takes it into this clause, the IF
            # skipping both): the ability optional, as any "you may"
            return [([({"op": "_if", "condition": cond, "_may": True}, None)] + list(clauses[0][0]), True)]
        if any(opt for _, opt in clauses):
            raise Unsupported("'you may' inside an 'if' sentence")
        marker = ({"op": "_if", "condition": cond}, None)
        return [([marker] + [x for c, _ in clauses for x in c], False)]

    def if_instead_sentence(self, cond, *items):
        # "<sentence>. If <condition>, <effect> instead.": the previous sentence only when the condition does not
        # hold, this one when it does (body() pairs them)
        out = self.if_sentence(cond, *items)
        if out[0][1]:
            raise Unsupported("'you may ... instead'")  # (session 32: if_sentence takes "if <condition>, you may")
        out[0][0][0] = ({"op": "_if_instead", "condition": cond}, None)
        return out

    def if_deals_instead(self, cond, dealer, n):
        # "... deals N damage to <it>. If <condition>, it deals M damage instead." (body(): the previous damage with M)
        return [([({"op": "_deals_instead", "condition": cond, "amount": n}, None)], False)]

    def delayed_sentence(self, *items):
        # "At the next end of turn => <effect>." (session 27, CR 906.8): a delayed automatic ability made as the chant
        # resolves (body(): the op "delayed" with the effect compiled as an automatic ability's, "it" / "that
        # resonator" the card it is about, the one the chant selected last)
        clauses = self.sentence(*items)
        if any(opt for _, opt in clauses):
            raise Unsupported("'you may' in a delayed ability")
        return [([({"op": "_delayed", "clauses": clauses}, None)], False)]

    def if_done_sentence(self, *items, done=True):
        # "If you do, <effect>." (CR 104.2: what cannot be done is not done): the IF_DONE row after the
        # instruction it asks about (_assemble checks that it is one that reports it)
        clauses = self.sentence(*items)
        # "If you do, you may search your deck for ...": the search may find nothing anyway (CR 1014.2), so its PASS is
        # the "you may" (session 27); so is "If you do, you may put a <card> from your hand into your field" (the SEARCH
        # over the hand without 'must': body() makes one without "you may" a 'must'); any other "you may" there would
        # have to be asked on its own
        def may_search(c):
            return c and all(op.get("op") == "search" and not op.get("must") and (
                (op.get("filter") or {}).get("zone") == "main_deck" or op.get("_from_hand")) for op, _ in c)

        may = [bool(opt and may_search(c)) for c, opt in clauses]
        for (c, _), m in zip(clauses, may, strict=True):
            for op, _ in c if m else ():
                op.pop("_from_hand", None)  # "you may": not made a 'must' by body()
        clauses = [(c, False if m else opt) for (c, opt), m in zip(clauses, may, strict=True)]
        if any(opt for _, opt in clauses):
            raise Unsupported("'you may' inside an 'if you do' sentence")
        marker = ({"op": "_if_done", "done": done}, None)
        return [([marker] + [x for c, _ in clauses for x in c], False)]

    def if_not_done_sentence(self, *items):
        return self.if_done_sentence(*items, done=False)

    def if_they_not_done_sentence(self, *items):
        # session 32: "If they don't, ..." after an op of the opponent's (_assemble checks its player)
        out = self.if_done_sentence(*items, done=False)
        out[0][0][0][0]["they"] = True
        return out

    def they_banish(self, n, flt):
        return self._banishes(n, flt, "opponent")  # session 32: "they" is the opponent (after "If they don't")

    def as_long_as(self, *args):
        *items, cond = args
        if cond.get("kind") == "_it_is":
            # session 32 (s32b): "<cards> gain <mods> as long as it's <attribute / race>": the cards that are such (their
            # filter with it: a characteristic each card has or has not, CR 904)
            out = []
            for c, o in self.sentence(*items):
                ops = []
                for op, sel in c:
                    if sel is None or sel.kind != "all" or set(cond["filter"]) & set(sel.filter) or \
                            set(cond["filter"]) - {"attribute", "race", "not_attribute", "not_race"}:
                        raise Unsupported("'as long as it's <card>' (a continuous condition on 'it')")
                    ops.append((op, _Sel("all", {**sel.filter, **cond["filter"]})))
                out.append((ops, o))
            return out
        cond = {k: v for k, v in cond.items() if k != "_it"}
        return [(c, o, cond) for c, o in self.sentence(*items)]

    def as_long_as_first(self, cond, *items):
        if cond.get("kind") == "_it_is":
            raise Unsupported("'as long as it's <card>' (a continuous condition on 'it')")
        cond = {k: v for k, v in cond.items() if k != "_it"}
        return [(c, o, cond) for c, o in self.sentence(*items)]

    # conditions (constants.Condition)
    def c_life(self, n):
        return {"kind": "life_at_most", "value": _hundreds(n)}

    def c_opp_life(self, n):
        return {"kind": "opponent_life_at_most", "value": _hundreds(n)}

    def _c_control(self, n, flt, other=False):
        # "you control (a | another | N or more) <cards>" (constants.Condition.CONTROL_AT_LEAST): cards of
        # your field, read without the continuous abilities (so no ATK bound, cards.py)
        raw = _filter(flt) if not isinstance(flt, dict) else dict(flt)
        if raw.get("type") == ["j_ruler_or_ruler"] and _fixed(n) == 1 and not other and \
                raw.get("side", "own") == "own" and not raw.keys() - {"type", "attribute", "not_attribute", "race",
                                                                     "race_or", "state", "side", "_race_noun"}:
            # "you control a <attribute / race / recovered / rested> J/ruler" (session 24, CR 201.2b): a player has one
            # J/ruler, in its ruler area or the field (Condition.RULER_MATCHES; c_control_none: "ruler_matches_none")
            f = {k: v for k, v in raw.items() if k not in ("type", "_race_noun")}
            f["side"] = "own"
            return {"kind": "ruler_matches", "value": 1, "filter": f}
        flt = _target_filter(flt)
        if flt == {"type": ["magic_stone"]} and not other:
            return {"kind": "stones_at_least", "value": _fixed(n)}  # CR 1128: [Seal]-like
        if flt.get("side", "own") != "own" or flt.get("zone", "field") != "field":
            raise Unsupported("a condition on cards you do not control in the field")
        if "atk_min" in flt or "atk_max" in flt:
            raise Unsupported("a condition on the ATK of the cards you control")
        flt["side"] = "own"
        if other:
            flt["exclude_self"] = True  # "another": not the card with the condition
        n = _fixed(n)
        if n > 15 and not other and n <= 255:
            # session 32 (s32b): "you control twenty or more <cards>": the count of the cards of the fields its filter (side
            # own) matches, as a "for each" reads them (Condition.COUNT_AT_LEAST of Per.FIELD)
            return {"kind": "count_at_least", "value": n, "per": {"count": "field", "filter": flt}}
        if not 1 <= n <= 15:
            raise Unsupported(f"a condition on {n} cards")
        return {"kind": "control_at_least", "value": n, "filter": flt}

    def c_control(self, flt):
        return self._c_control(1, flt)

    def c_control_fewer(self, flt):
        # session 32 (Condition.CONTROL_FEWER_THAN_OPP): the cards of each field the filter matches, without continuous
        # abilities (no ATK bounds)
        flt = _target_filter(flt)
        if flt.get("side", "own") != "own" or flt.get("zone", "field") != "field" or "atk_min" in flt or "atk_max" in flt:
            raise Unsupported("'fewer <cards> than your opponent' of cards not in the field or with ATK bounds")
        flt["side"] = "any"
        return {"kind": "control_fewer_than_opp", "filter": flt}

    def c_opp_hand_more(self, *_):
        return {"kind": "opp_hand_more"}

    def c_control_other(self, _other, flt):
        return self._c_control(1, flt, True)

    def c_control_n(self, n, flt):
        return self._c_control(n, flt)

    def c_control_and_another(self, flt, other_flt):
        # "you control a <A> and another <B>" (session 24; Condition.CONTROL_AND_ANOTHER): two different cards
        a = self._c_control(1, flt)
        b = self._c_control(1, other_flt)
        if a["kind"] != "control_at_least" or b["kind"] != "control_at_least":
            raise Unsupported("'you control a <card> and another <card>' of magic stones")
        return {"kind": "control_and_another", "filter": a["filter"], "other": b["filter"]}

    def c_control_n_other(self, n, flt):
        return self._c_control(n, flt, True)

    def c_opp_control(self, flt):
        c = self._c_control(1, {**flt, "side": "own"} if flt.get("side") in (None, "opponent") else flt)
        if c["kind"] != "control_at_least" or flt.get("side", "opponent") != "opponent":
            raise Unsupported("'your opponent controls' a card of another kind")
        c["filter"]["side"] = "opponent"
        return {**c, "kind": "opp_control_at_least"}

    def c_opp_control_n(self, n, flt):
        # "your opponent controls N or more <cards>" (session 23): OPP_CONTROL_AT_LEAST with N
        c = self.c_opp_control(flt)
        n = _fixed(n)
        if not 1 <= n <= 15:
            raise Unsupported(f"a condition on {n} cards")
        return {**c, "value": n}

    def c_control_none(self, flt):
        c = self._c_control(1, flt)
        if c["kind"] == "ruler_matches":
            return {**c, "kind": "ruler_matches_none"}
        if c["kind"] != "control_at_least":
            raise Unsupported("'you don't control' a card of another kind")
        return {**c, "kind": "control_none"}

    def c_control_none_other(self, *args):
        c = self._c_control(1, args[-1], True)
        if c["kind"] != "control_at_least":
            raise Unsupported("'you don't control' a card of another kind")
        return {**c, "kind": "control_none"}

    def c_played_at_least(self, n):
        n = _fixed(n)
        if not 1 <= n <= 20:
            raise Unsupported(f"a condition on {n} cards played")
        return {"kind": "played_cards_at_least", "value": n}

    def c_opp_played_at_least(self, n):
        # session 33 (s33a): the opponent's count of cards played this turn (CR 1124.2's count, state.PLAYED_CARDS)
        n = _fixed(n)
        if not 1 <= n <= 20:
            raise Unsupported(f"a condition on {n} cards played")
        return {"kind": "opp_played_cards_at_least", "value": n}

    def c_hand_at_least(self, n):
        return {"kind": "hand_at_least", "value": _fixed(n)}

    def c_opp_hand_at_most(self, n):
        return {"kind": "opp_hand_at_most", "value": _fixed(n)}

    def c_your_turn(self):
        return {"kind": "your_turn"}

    # CR 1028: "the weather is <weather>": the weather of the ability's controller (1028.2, state.WEATHER)
    def c_weather(self, w):
        return {"kind": "weather_is", "value": w}

    def w_rain(self):
        return "rain"

    def w_thunderstorm(self):
        return "thunderstorm"

    def w_clear(self):
        return "clear"

    def weather_until_eot(self, w):
        # CR 1028.1: the effect's controller's weather becomes it (1028.1b: the latest effect's), until end of turn
        return [({"op": "weather", "weather": w}, None)]

    def c_opponents_turn(self):
        return {"kind": "opponents_turn"}

    def c_awakened(self):
        # CR 1109.2a: a chant's effect reading how it was played (Condition.AWAKENED; the pool compiler refuses it
        # elsewhere)
        if self.card.get("type") != "chant":
            raise Unsupported("'this card was awakened' on a card that is not a chant")
        return {"kind": "awakened", "value": 1}

    def c_gem_attributes(self, n):
        return {"kind": "gem_attributes_at_least", "value": _fixed(n)}  # session 29 (CR 313.1)

    def c_gem(self, attr):
        return {"kind": "gems_at_least", "value": 1, "attribute": _attr_name(attr)}

    def gain_gem(self, attr):
        return [({"op": "gain_gem", "attribute": _attr_name(attr)}, None)]

    def gain_gem_any(self, n):
        # session 29, CR 1027.1a: the attribute of each gem chosen as it resolves (GAIN_GEM of GEM_ANY)
        return [({"op": "gain_gem", "attribute": "any", **({"count": _fixed(n)} if _fixed(n) != 1 else {})}, None)]

    def gain_gems_one_attr(self, n):
        return [({"op": "gain_gem", "attribute": "any", "count": _fixed(n), "same": True}, None)]

    def gain_gem_list(self, *attrs):
        return [({"op": "gain_gem", "attribute": _attr_name(a)}, None) for a in attrs]

    def _banish_gem(self, n, attr, who):
        n = _fixed(n)
        return [({"op": "banish_gem", "attribute": _attr_name(attr) if attr is not None else "any",
                  **({"count": n} if n != 1 else {}), **({"who": who} if who != "controller" else {})}, None)]

    def rest_j_ruler_effect(self):
        return [({"op": "rest_j_ruler"}, None)]  # session 29 (CR 201.2b, 1013): Op.REST_J_RULER

    def optional_banish_gem_any(self, n):
        # session 29 (CR 1011, 313.1): gems of any attributes, the controller choosing each (BANISH_GEM of GEM_ANY)
        return (self._banish_gem(n, None, "controller"), True)

    def banish_gem(self, n, attr=None):
        return self._banish_gem(n, attr, "controller")

    def opp_banish_gem(self, n, attr=None):
        return self._banish_gem(n, attr, "opponent")  # CR 1011.2: they banish their own gems, choosing which

    def c_it_is(self, flt):
        # "if it's a <card>" (session 23): the card the sentence before selected last matches, as the IF_IT row is read
        # (_assemble: its zone then); an "if" sentence's only (no continuous ability's, no cost's)
        f = dict(flt)
        f.pop("_race_noun", None)
        if f.pop("_entity", False) or set(f) - {"type", "attribute", "race", "race_or", "side", "state", "cost_min", "keyword",
                                                  "cost_max", "atk_min", "atk_max", "not_attribute"}:
            raise Unsupported("'if it's' a card of a kind the filter cannot test")
        if not f:
            raise Unsupported("'if it's' with nothing to test")
        if "j_ruler_or_ruler" in f.get("type", []):
            raise Unsupported("'if it's a J/ruler' (a filter has one zone)")
        return {"kind": "_it_is", "filter": f}

    def c_it_has(self, *args):
        # "if that resonator has [Flying]" (session 29): IF_IT with a keyword filter on the card selected before
        return {"kind": "_it_is", "filter": self.with_keyword(args[-1])}

    def per_race_plural(self, tok, side=None):
        # "the number of Four Sacred Beasts [you control]" (session 29): a race named in the plural (its cards)
        flt = self.filter(self.race_noun(tok), *([side] if side is not None else []))
        return self.per_field(flt)

    def c_discarded_this_way(self, flt):
        # the words a filter of IF_IT can test; "a chant" is a card type here, not a spell on the chase
        f = self.c_it_is({k: v for k, v in flt.items() if k != "zone"})["filter"]
        return {"kind": "_discarded", "filter": f}

    def c_it_cost_at_most(self, per):
        return {"kind": "_it_cost_at_most", "per": per}

    def c_it_named(self, q):
        return {"kind": "_it_is", "filter": {"name": str(q)[1:-1]}}

    def c_hand_empty(self):
        return {"kind": "hand_empty"}

    def c_grave(self, n):
        return {"kind": "graveyard_at_least", "value": _fixed(n)}

    # CR 1022: the net count of [+100/+100] counters on the card with the ability ("it": only in "as long as", where
    # it is the card whose continuous ability it is)
    def c_self_counter(self):
        return {"kind": "self_counters_at_least", "value": 1}

    def c_it_counter(self):
        return {"kind": "self_counters_at_least", "value": 1, "_it": True}

    def c_self_counters(self, n):
        n = _fixed(n)
        if not 1 <= n <= 20:
            raise Unsupported(f"a condition on {n} counters")
        return {"kind": "self_counters_at_least", "value": n}

    def c_it_counters(self, n):
        return {**self.c_self_counters(n), "_it": True}

    def c_name(self, q):
        return {"kind": "control_name", "value": str(q)[1:-1]}

    def c_names_both(self, q, q2):
        return {"kind": "control_names", "value": str(q)[1:-1], "names": [str(q2)[1:-1]]}

    def c_ruler_is(self, q, q2=None):
        # CR 201.2b: "J/ruler" is the ruler or the J-ruler, the card of its ruler slot either side up (a player has
        # one, the engine changes no J/ruler's control); a ruler's or J-ruler's name is its side's alone
        cond = {"kind": "ruler_named", "value": str(q)[1:-1]}
        if q2 is not None:
            cond["names"] = [str(q2)[1:-1]]
        return cond

    def c_ruler_is_not(self, q, q2=None):
        # "if your J/ruler isn't "A" [or "B"]" (session 22): RULER_NAMED's test, holding when it does not (RULER_NOT_NAMED)
        return {**self.c_ruler_is(q, q2), "kind": "ruler_not_named"}

    def optional(self, eff):
        return (eff, True)

    def optional_banish(self, n, flt):
        return (self._banishes(n, flt, "controller"), True)

    def optional_banish_other(self, _other, flt):
        return (self._banishes(1, {**flt, "exclude_self": True}, "controller"), True)

    def optional_banish_gem(self, n, attr):
        # CR 1011, 313.1: its controller's gem tokens of that attribute (Op.BANISH_GEM: not done when it has fewer)
        return ([({"op": "banish_gem", "attribute": _attr_name(attr), "count": _fixed(n)}, None)], True)

    def if_not_done_banish_self(self):
        # session 29: "If you don't, banish this card." (CR 1011): BANISH on the card itself
        return self.if_not_done_sentence([({"op": "banish"}, _SELF)])

    def optional_damage(self, dealer, n, sel):
        # session 32: "this card may deal N damage to <targets>": its controller chooses (CR 1007.1; the ability optional)
        if dealer != "self":
            raise Unsupported("'<card> may deal damage' of a card other than this card")
        return (self.damage(dealer, n, sel), True)

    def optional_pay_will(self, will):
        # session 32: Op.PAY (not done when its controller cannot pay it all: "If you do" reads it)
        return ([({"op": "pay", "will": will}, None)], True)

    def optional_pay_life(self, n):
        return ([({"op": "pay", "life": int(n)}, None)], True)

    def optional_banish_self(self):
        # "you may banish this card" (CR 1011): BANISH on the card itself (only while its controller controls it)
        return ([({"op": "banish"}, _SELF)], True)

    # each effect: a list of (op, selection or None)
    def draw(self, n):
        return [({"op": "draw", "count": n}, None)]

    def opp_draw(self, n):
        return [({"op": "draw", "count": n, "who": "opponent"}, None)]

    def each_draw(self, n):
        return [({"op": "draw", "count": n}, None), ({"op": "draw", "count": n, "who": "opponent"}, None)]

    def self_discard(self, n):
        return [({"op": "discard", "count": n, "who": "controller"}, None)]

    def opp_discard(self, *args):
        n = args[-1]
        return [({"op": "discard", "count": n, "who": "opponent"}, None)]

    def self_discard_random(self, n):
        return [({"op": "discard", "count": n, "who": "controller", "random": True}, None)]

    def opp_discard_random(self, n):
        return [({"op": "discard", "count": n, "who": "opponent", "random": True}, None)]

    def opp_discard_random_then(self, n, m):
        # "Your opponent discards a card at random, then discards a card.": two discards in turn (CR 1019.1), the second
        # of the opponent's choice
        return self.opp_discard_random(n) + self.opp_discard(m)

    def gain_life(self, n):
        return [({"op": "gain_life", "amount": _life(n)}, None)]

    def opp_no_life_gain(self, duration):
        # session 32: "Your opponent cannot gain life until end of turn / this turn." (Op.NO_LIFE_GAIN_TURN)
        if duration != "end_of_turn":
            raise Unsupported("'cannot gain life' for other than this turn")
        return [({"op": "no_life_gain_turn", "who": "opponent"}, None)]

    def opp_gain_life(self, n):
        return [({"op": "gain_life", "amount": _life(n), "who": "opponent"}, None)]

    def lose_life_self(self, n):
        return [({"op": "lose_life", "amount": _life(n), "who": "controller"}, None)]

    def lose_life(self, *args):
        n = args[-1]
        return [({"op": "lose_life", "amount": _life(n), "who": "opponent"}, None)]

    def each_lose_life(self, n):
        return [({"op": "lose_life", "amount": _life(n), "who": "controller"}, None),
                ({"op": "lose_life", "amount": _life(n), "who": "opponent"}, None)]  # fmt: skip

    def target_opponent(self, *_):
        return None

    # "... for each <cards> / card in your hand" in a one-time effect: SET_X (the count as it resolves,
    # times the printed amount in the op's units) before the op, whose operand is then X
    def _set_x(self, per, times, plus=0):
        if per.get("_it"):
            raise Unsupported("'counters on it' ('it' may be another card than this one)")
        if self.card.get("x"):
            raise Unsupported("'for each' on a card whose cost has {X}")
        if per["count"] in ("field", "names") and per["filter"].get("exclude_self") and \
                self.card.get("type") in ("chant", "rune"):
            raise Unsupported("'for each other' on a chant")
        if per["count"] == "self_atk":
            # "where X is the ATK of this card": SET_X of Per.SELF_ATK, its printed ATK once it has left the field
            if self.card.get("type") not in ("resonator", "j_ruler"):
                raise Unsupported("the ATK of a card other than a J/resonator")
            self.approximate("own_atk_printed_when_gone")
        if not (-100 <= times <= 100 and -100 <= plus <= 100) or times == 0:
            raise Unsupported(f"X of {times} times a count plus {plus}")
        return ({"op": "set_x", "per": per, "times": times, **({"plus": plus} if plus else {})}, None)

    # ---------------- counted amounts: "..., where X is <count>" (session 28) ----------------
    def transform(self, tree):
        # n_x / x00 / x_raw read X as the count a "where X is" sentence of the line sets (the tree is transformed from
        # its leaves: known before)
        self._where_x = any(t.data in ("where_x_sentence", "if_where_x_sentence") for t in tree.iter_subtrees())
        return super().transform(tree)

    def xb_count(self, per):
        return {"per": per, "unit": 1}

    def xb_target_atk(self, *_):
        return {"per": {"count": "target_atk"}, "unit": 100, "_prev": True}  # in hundreds (session 29)

    def xb_target_def(self, *_):
        return {"per": {"count": "target_def"}, "unit": 100, "_prev": True}

    def xb_self_atk(self):
        return {"per": {"count": "self_atk"}, "unit": 100}  # in hundreds (Per.SELF_ATK)

    def xb_dealt_turn(self):
        return {"per": None, "dealt": True, "unit": 100}  # the damage it dealt this turn (DAMAGE_DEALT_THIS_TURN)

    def xb_max_cost(self, flt):
        return {"per": {**self._per_filter(flt), "count": "max_cost"}, "unit": 1}  # session 28: Per.MAX_COST

    def xb_trigger_cost(self, _noun):
        return {"per": {"count": "trigger_cost"}, "unit": 1}  # the trigger's card (automatic() checks the trigger)

    def xb_names(self, flt):
        return {"per": self.per_names(flt), "unit": 1}

    def xb_force(self, n):
        # "[Force] N" (session 29, CR 1023.1): N dice rolled and added together as the sentence resolves (Per.FORCE_ROLL)
        if not 1 <= int(n) <= 5:
            raise Unsupported(f"[Force] {n}")
        return {"per": {"count": "force_roll", "dice": int(n)}, "unit": 1}

    def xb_life(self):
        return {"per": {"count": "life"}, "unit": 100}  # in hundreds (Per.LIFE, CR 1203)

    def xb_attributes(self, flt):
        return {"per": {**self._per_filter(flt), "count": "attributes"}, "unit": 1}

    def xn_int(self, t):
        return int(t)

    def xn15(self):
        return 15

    def xn20(self):
        return 20

    @staticmethod
    def _xn(n):
        if not isinstance(n, int):
            raise Unsupported("X of X")
        return n

    def xv(self, b):
        return {**b, "times": 1, "plus": 0}

    def xv_times(self, b, n):
        return {**b, "times": self._xn(n), "plus": 0}

    def xv_minus(self, b, n):
        return {**b, "times": 1, "plus": -self._xn(n)}

    def xv_plus(self, b, n):
        return {**b, "times": 1, "plus": self._xn(n)}

    def xv_from(self, n, b):
        return {**b, "times": -1, "plus": self._xn(n)}

    def where_x_sentence(self, *items):
        """"<effect with X>, where X is <count>." (session 28): a SET_X of the count before the sentence's first op that
        reads X (CR 903.3b-i: X determined as it resolves, by the method the text outlines; CR 104.2: a negative X is
        none); the X operands ("X cards",
        "X00 damage", "[+X00/+X00]", "X counters", "X tokens", "N damage multiplied by X") read it. X of hundreds ("the ATK
        of this card", "your life") is read by "X damage" / "[+X/+X]", a count by the others."""
        *items, xv = items
        clauses = self.sentence(*items)
        if xv.get("dealt"):
            if xv["times"] != 1 or xv["plus"]:
                raise Unsupported("arithmetic of the damage it dealt this turn")
            return self._damage_dealt_turn(clauses)
        for c, _ in clauses:
            for op, _sel in c:
                op.pop("_dealer_self", None)
        unit = xv["unit"]
        mults = set()
        first = None
        for k, (ops, _opt) in enumerate(clauses):
            for i, (op, _sel) in enumerate(ops):
                uses = False
                for key in ("amount", "count"):
                    v = op.get(key)
                    if v == "Xh":
                        if unit != 100:
                            raise Unsupported("X damage where X is a count (damage is in hundreds)")
                        op[key] = "X00"
                        uses = True
                    elif v in ("X00", "X"):
                        if unit != 1:
                            raise Unsupported("X00 / X cards where X is an amount in hundreds")
                        uses = True
                if op.get("op") == "power_x":
                    if op.pop("_xunit") != unit:
                        raise Unsupported("[+X00/+X00] of an amount in hundreds, or [+X/+X] of a count")
                    uses = True
                if uses:
                    mults.add((op.pop("_xtimes", 1), op.pop("_xplus", 0)))
                    if first is None:
                        first = (k, i)
        if first is None:
            raise Unsupported("'where X is' with no X in the sentence")
        if len(mults) != 1:
            raise Unsupported("X multiplied differently in one sentence")
        mult, xplus = mults.pop()
        plus = xv["plus"]
        if unit == 100:
            if plus % 100:
                raise Unsupported(f"{plus} and an amount in hundreds")
            plus //= 100
        set_x = self._set_x(xv["per"], xv["times"] * mult, plus * mult + xplus)
        if xv.get("_prev"):
            set_x = (set_x[0], _Sel("prev"))  # session 29: the card selected before (_assemble: its register, hoisted)
        k, i = first
        ops = [x for c, _ in clauses for x in c]
        if len(ops) == 1 and ops[0][0]["op"] == "power_x" and ops[0][0]["duration"] == "permanent" and not plus and \
                not clauses[0][1]:
            # "<cards> gain [-X00/-X00], where X is <count>." without a duration: a counted change as "gain [-100/-100]
            # for each ..." (a continuous ability's AURA_PER, or a one-time SET_X and POWER_X, _Body)
            op, sel = ops[0]
            t = xv["times"]
            return [([({"op": "power", "atk": op["atk"] * t, "defense": op["defense"] * t, "duration": "permanent",
                        "_per": xv["per"]}, sel)], False)]
        ops, opt = clauses[k]
        clauses[k] = (ops[:i] + [set_x] + ops[i:], opt)
        return clauses

    def if_where_x_sentence(self, cond, *items):
        return self.if_sentence(cond, *self.where_x_sentence(*items))

    def _x_times(self, ops, n):
        # "N damage / life multiplied by X": the op reads X00 and SET_X counts N / 100 times (where_x_sentence)
        if not getattr(self, "_where_x", False) or self.card.get("x"):
            raise Unsupported("'multiplied by X' without 'where X is'")
        if not isinstance(n, int):
            raise Unsupported("X00 multiplied by X")
        for op, _ in ops:
            if op.get("amount") == "X00" or op.get("op") == "_player_or":
                op["_xtimes"] = _hundreds(n) // 100
        return ops

    def lose_life_x(self):
        self._x("X00 life", where=True)
        return [({"op": "lose_life", "amount": "X00", "who": "opponent"}, None)]

    def lose_life_self_x(self):
        self._x("X00 life", where=True)
        return [({"op": "lose_life", "amount": "X00", "who": "controller"}, None)]

    def pm_x(self, m):
        return ("x", m)

    def pm_per(self, m, per):
        return ("per", m, per)

    def _plus(self, n, more, ops):
        # "N damage plus an additional M damage multiplied by X / for each <cards>" (session 28, CR 1007.3a: one damage
        # of N + M x the count): the ops read X00; "multiplied by X": where_x_sentence counts M / 100 times X plus N / 100
        if not isinstance(n, int) or not isinstance(more[1], int):
            raise Unsupported("X00 damage plus X00")
        if more[0] == "per":
            return [self._set_x(more[2], more[1] // 100, n // 100)] + ops
        ops = self._x_times(ops, more[1])
        for op, _ in ops:
            if "_xtimes" in op:
                op["_xplus"] = n // 100
        return ops

    def damage_plus(self, dealer, n, more, sel):
        return self._plus(n, more, self.damage(dealer, "X00", sel))

    def damage_player_plus(self, dealer, n, more):
        return self._plus(n, more, [({"op": "damage_player", "amount": "X00", "who": "opponent"}, None)])

    def damage_player_or_plus(self, dealer, n, more, flt):
        return self._plus(n, more, self.damage_player_or(dealer, "X00", flt))

    def damage_player_or_per(self, dealer, n, flt, per):
        return self._plus(0, ("per", n, per), self.damage_player_or(dealer, "X00", flt))

    def gain_life_x(self):
        self._x("X00 life", where=True)
        return [({"op": "gain_life", "amount": "X00"}, None)]

    def gain_life_times_x(self, n):
        return self._x_times([({"op": "gain_life", "amount": "X00"}, None)], _life(n))

    def lose_life_times_x(self, n):
        return self._x_times([({"op": "lose_life", "amount": "X00", "who": "opponent"}, None)], _life(n))

    def damage_times_x(self, dealer, n, sel):
        return self._x_times(self.damage(dealer, "X00", sel), n)

    def damage_player_times_x(self, dealer, n):
        return self._x_times([({"op": "damage_player", "amount": "X00", "who": "opponent"}, None)], n)

    def damage_player_or_times_x(self, dealer, n, flt):
        return self._x_times(self.damage_player_or(dealer, "X00", flt), n)

    def draw_equal(self, per):
        # "draw cards equal to the number of <cards>" (session 28): as "draw a card for each <card>"
        return self.draw_per(per)

    def lose_life_self_per(self, n, per):
        return [self._set_x(per, _life(n) // 100), ({"op": "lose_life", "amount": "X00", "who": "controller"}, None)]

    def lose_life_per(self, n, per):
        return [self._set_x(per, _life(n) // 100), ({"op": "lose_life", "amount": "X00", "who": "opponent"}, None)]

    def plus_counters_per(self, n, sel, per):
        # "put a [+100/+100] counter on <card> for each <cards>" (session 28): X counters (COUNTER a2 = COUNTER_TIMES_X)
        return [self._set_x(per, self._xn(n)), ({"op": "counter", "count": "X"}, sel)]

    def damage_plus_per(self, m, per):
        # "deals N damage to <targets>, plus an additional M damage for each <cards>" (session 28, CR 1007.3a: one
        # damage of N + M x the count): sentence() makes SET_X of M / 100 times the count plus N / 100, X00 damage
        if not isinstance(m, int):
            raise Unsupported("plus an additional X00 damage")
        return [({"op": "_plus_per", "amount": m, "per": per}, None)]

    def _power_x(self, tok):
        m = re.fullmatch(r"\[([+-]?)(x00|x|\d+)\s*/\s*([+-]?)(x00|x|\d+)\]", str(tok))
        vals, units = [], set()
        for sign, v in ((m[1], m[2]), (m[3], m[4])):
            if v in ("x00", "x"):
                vals.append(-100 if sign == "-" else 100)
                units.add(1 if v == "x00" else 100)
            elif int(v) == 0:
                vals.append(0)
            else:
                raise Unsupported("an ATK/DEF change of X and a number")
        if len(units) != 1:
            raise Unsupported("[+X00/+X] (two kinds of X)")
        return vals[0], vals[1], units.pop()

    def gain_x(self, sel, _verb, tok, duration=None):
        # "<targets> gain [+X00/+X00] until end of turn, where X is ..." (session 28, CR 1020.3): POWER_X; on a chant or
        # rune whose cost has {X}: the X chosen as it is played (CR 903.2f, its chase entry's E_X)
        atk, dfn, unit = self._power_x(tok)
        if self.card.get("x") and self.card.get("type") in ("chant", "rune") and not getattr(self, "_where_x", False):
            if unit != 1:
                raise Unsupported("[+X/+X] of a chosen X (in hundreds: [+X00/+X00])")
            return [({"op": "power_x", "atk": atk, "defense": dfn, "duration": duration or "permanent"}, sel)]
        if not getattr(self, "_where_x", False) or self.card.get("x"):
            raise Unsupported("[+X00/+X00] without 'where X is'")
        return [({"op": "power_x", "atk": atk, "defense": dfn, "duration": duration or "permanent", "_xunit": unit},
                 sel)]

    def gain_x_kw(self, sel, verb, tok, kws, duration=None):
        return self.gain_x(sel, verb, tok, duration) + \
            [({"op": "grant_keyword", "keywords": list(kws), "duration": duration or "permanent"}, sel)]

    def gain_per_eot(self, sel, _verb, power, per, duration):
        # a one-time "<targets> gain [+N/+N] for each <cards> until end of turn" (session 28): SET_X, POWER_X
        atk, dfn = _power(power)
        per = self._per_it(sel, per)
        return [self._set_x(per, 1), ({"op": "power_x", "atk": atk, "defense": dfn, "duration": duration}, sel)]

    def zo_your_removed(self):
        return {"zone": "removed", "side": "own"}

    def zo_opp_removed(self):
        return {"zone": "removed", "side": "opponent"}

    def zo_opp_graveyard(self):
        return {"zone": "graveyard", "side": "opponent"}

    def zo_all_graveyards(self):
        return {"zone": "graveyard"}

    def per_zone_matching(self, flt, zone):
        # "for each <card> in your removed area / in all graveyards / in your opponent's graveyard" (session 28): the
        # cards of that zone, both players' lists read with the filter's side (their owner, CR 105.3a; Per.ZONE_MATCHING)
        if "side" in flt or flt.get("zone", "field") != "field":
            raise Unsupported("a count of a zone's cards with a side of their own")
        flt = _target_filter({**flt, **zone})
        if set(flt) & {"state", "atk_min", "atk_max", "exclude_self", "keyword", "not_keyword"}:
            raise Unsupported("a count of a zone's cards with a state, ATK, keyword or 'other'")
        return {"count": "zone", "filter": flt}

    def per_named_graveyard(self, name):
        return {"count": "graveyard", "filter": {"name": str(name)[1:-1], "zone": "graveyard"}}

    def per_named_zone(self, name, zone):
        return {"count": "zone", "filter": {"name": str(name)[1:-1], **zone}}

    def per_field_any(self, flt):
        if "side" in flt:
            raise Unsupported("'<cards> you control in the field'")
        return self._per_filter(flt)

    def damage_each_player_times(self, dealer, n, per):
        # "deals N damage multiplied by the number of <cards> to each player" (session 28): one count, both players
        if not isinstance(n, int):
            raise Unsupported("X00 damage multiplied by a count")
        return [self._set_x(per, n // 100), ({"op": "damage_player", "amount": "X00", "who": "controller"}, None),
                ({"op": "damage_player", "amount": "X00", "who": "opponent"}, None)]

    @staticmethod
    def _per_it(sel, per):
        if per.get("_it"):
            if sel.kind != "self":
                raise Unsupported("'counters on it' of a card other than this card")
            per = {k: v for k, v in per.items() if k != "_it"}
        return per

    def per_names(self, flt):
        # "for each different name among [all] <cards>" (session 28, CR 202): the names of the cards of the field (Per.NAMES)
        return {**self._per_filter(flt), "count": "distinct_names"}

    def per_regalia(self, side):
        return self._per_filter({"type": ["regalia"], **side})  # "the number of regalia you control" (plural regalia)

    def per_attributes(self, flt):
        return {**self._per_filter(flt), "count": "attributes"}  # session 28: of the five (Per.ATTRIBUTES, CR 208)

    def per_self_counters(self):
        return {"count": "self_counters"}  # session 28: this card's [+100/+100] counters (Per.SELF_COUNTERS)

    def different_names(self):
        return {"_different_names": True}  # session 28: read by _per_filter only (Per.NAMES)

    def damage_per(self, *args):
        n, sel, per = args[-3], args[-2], args[-1]
        if not isinstance(n, int):
            raise Unsupported("X00 damage for each ...")
        return [self._set_x(per, n // 100), ({"op": "damage", "amount": "X00"}, sel)]

    def damage_times(self, *args):
        # "<dealer> deals N damage multiplied by the number of <cards> to <targets>": as "... for each <cards>"
        n, per, sel = args[-3], args[-2], args[-1]
        return self.damage_per(n, sel, per)

    def damage_player_times(self, *args):
        return self.damage_player_per(args[-2], args[-1])

    def damage_player_per(self, *args):
        n, per = args[-2], args[-1]
        if not isinstance(n, int):
            raise Unsupported("X00 damage for each ...")
        return [self._set_x(per, n // 100), ({"op": "damage_player", "amount": "X00", "who": "opponent"}, None)]

    def gain_life_def(self, *_):
        return self._gain_life_stat("def")

    def gain_life_atk(self, *_):
        return self._gain_life_stat("atk")

    def _gain_life_stat(self, stat):
        # "you gain life equal to its DEF / ATK": the card selected before (_Sel prev), as it is before the op of the text
        # that moves it (_assemble hoists the SET_X there: its last known DEF / ATK); 0 when it left the field before
        if self.card.get("x"):
            raise Unsupported("'equal to its DEF' on a card whose cost has {X}")
        return [({"op": "set_x", "per": {"count": f"target_{stat}"}, "times": 1}, _Sel("prev")),
                ({"op": "gain_life", "amount": "X00"}, None)]

    # "Its controller loses N life / gains N life / discards N cards [at random]." (session 29, s29-fowref): the player
    # who controls the card selected before (a target in the field: _assemble checks it, and hoists the SET_X before the
    # op that moves the card, its last known controller, CR 911.1); no one when it is no longer a legal target (CR 903.3a)
    def _its_ctrl(self, op):
        if self.card.get("x"):
            raise Unsupported("'its controller' on a card whose cost has {X}")
        return [({"op": "set_x", "per": {"count": "target_controller"}, "times": 1}, _Sel("prev")),
                ({**op, "who": "target_controller"}, None)]

    def its_controller(self, *_):
        return None

    def target_only(self, flt):
        # "Target a resonator." (session 29): the target chosen as it is played (CR 903.2g), no effect of its own
        return [({"op": "_target_only"}, _Sel("choose", _target_filter(flt)))]

    def its_ctrl_banish(self, _its):
        return [({"op": "banish", "by": "its_controller"}, _Sel("prev"))]

    def its_ctrl_lose_life(self, _its, n):
        return self._its_ctrl({"op": "lose_life", "amount": _life(n)})

    def its_ctrl_gain_life(self, _its, n):
        return self._its_ctrl({"op": "gain_life", "amount": _life(n)})

    def its_ctrl_damage(self, n, _its):
        # session 33 (s33c): "... and M damage to its controller" (the dealer the clause before names: this card, CR 1007.1)
        return self._its_ctrl({"op": "damage_player", "amount": _life(n)})

    def its_ctrl_discard(self, _its, n):
        return self._its_ctrl({"op": "discard", "count": n})

    def its_ctrl_discard_random(self, _its, n):
        return self._its_ctrl({"op": "discard", "count": n, "random": True})

    # "That player ..." after "at the beginning of each player's turn / main phase" (session 29): the turn player
    # (automatic() checks the trigger)
    def tp_lose_life(self, n):
        return [({"op": "lose_life", "amount": _life(n), "who": "turn_player"}, None)]

    def tp_discard(self, n):
        return [({"op": "discard", "count": n, "who": "turn_player"}, None)]

    def tp_discard_random(self, n):
        return [({"op": "discard", "count": n, "who": "turn_player", "random": True}, None)]

    def tp_banish(self, n, flt):
        # CR 1011.2: the turn player chooses among the cards they control (Op.PLAYER_BANISH of WHO_TURN_PLAYER)
        flt = _all_filter(flt)
        if "side" in flt or flt.get("zone", "field") != "field" or flt.get("exclude_self"):
            raise Unsupported("'that player banishes' a card of a side or another one")
        return [({"op": "player_banish", "filter": {**flt, "side": "any"}, "count": _fixed(n), "who": "turn_player"},
                 _Sel("pbanish"))]

    def gain_life_per(self, n, per):
        return [self._set_x(per, _life(n) // 100), ({"op": "gain_life", "amount": "X00"}, None)]

    def draw_attributes(self, flt):
        # "Draw cards equal to the number of different attributes among <cards>." (CR 208: attributeless cards add
        # none): SET_X of Per.ATTRIBUTES, then X cards drawn
        per = self._per_filter(flt)
        return [self._set_x({**per, "count": "attributes"}, 1), ({"op": "draw", "count": "X"}, None)]

    def draw_per(self, per):
        return [self._set_x(per, 1), ({"op": "draw", "count": "X"}, None)]

    def dealer_self(self):
        return "self"

    def dealer_prev(self):
        return "prev"

    # "... that much damage" after "whenever this card is dealt damage / damage is dealt to you": the trigger's damage
    # (Per.TRIGGER_DAMAGE: the frame's aux), checked in automatic()
    def _that_much(self):
        if self.card.get("x"):
            raise Unsupported("'that much' on a card whose cost has {X}")
        return ({"op": "set_x", "per": {"count": "trigger_damage"}, "times": 1}, None)

    def damage_that_much(self, dealer, sel):
        return [self._that_much(), ({"op": "damage", "amount": "X00"}, sel)]

    def damage_that_much_opp(self, dealer):
        return [self._that_much(), ({"op": "damage_player", "amount": "X00", "who": "opponent"}, None)]

    def damage_that_much_you(self, dealer):
        return [self._that_much(), ({"op": "damage_player", "amount": "X00", "who": "controller"}, None)]

    def damage_own_atk(self, dealer, sel):
        # "this card deals damage equal to its ATK to <targets>": SET_X reads the card's ATK (in hundreds)
        # as it resolves (Per.SELF_ATK), DAMAGE deals X00
        if dealer == "prev" and sel.kind == "choose":
            # "Then it deals damage equal to its ATK to target <card>" after a target: as damage_target_atk (_assemble
            # checks that "it" is a target you control: the targets' sides differ when this one is your opponent's)
            if sel.filter.get("side", "any") != "opponent":
                self.approximate("second_target_may_be_missing")
            return [({"op": "_dealer"}, _Sel("prev")), ({"op": "damage", "amount": "atk"}, sel)]
        if dealer != "self" or self.card.get("type") not in ("resonator", "j_ruler"):
            raise Unsupported("damage equal to the ATK of a card other than this J/resonator")
        if self.card.get("x"):
            raise Unsupported("'equal to its ATK' on a card whose cost has {X}")
        self.approximate("own_atk_printed_when_gone")
        return [({"op": "set_x", "per": {"count": "self_atk"}, "times": 1}, None), ({"op": "damage", "amount": "X00"}, sel)]

    def damage_target_atk(self, flt, sel):
        # "Target <card> deals damage equal to its ATK to target <card>": DAMAGE dealt by the first card of the
        # dealer's register, its ATK as it resolves; none when it is no longer a legal target (CR 903.3a: the effects
        # involving it are not applied), so no last known ATK is needed. Targets are distinct (choose_candidates)
        if sel.kind != "choose":
            raise Unsupported("damage equal to a target's ATK dealt to cards that are not targets")
        dealer = _Sel("choose", _target_filter(flt))
        if {dealer.filter.get("side", "any"), sel.filter.get("side", "any")} != {"own", "opponent"}:
            self.approximate("second_target_may_be_missing")
        return [({"op": "_dealer"}, dealer), ({"op": "damage", "amount": "atk"}, sel)]

    def _fight(self, first, second):
        # each deals the other damage equal to its ATK (CR 1007.1): two DAMAGE of amount "atk", each by the other's
        # register (by_reg), both read as the effect resolves; the damage destroys nothing before both are dealt (the
        # rule processes come after the effect, CR 1201). A card no longer a legal target deals and is dealt none
        # (CR 903.3a). Where both targets' filters may match one card: second_target_may_be_missing (as below)
        if {first.filter.get("side", "any"), second.filter.get("side", "any")} != {"own", "opponent"}:
            self.approximate("second_target_may_be_missing")
        return [({"op": "_dealer"}, first), ({"op": "damage", "amount": "atk"}, second),
                ({"op": "_dealer"}, second), ({"op": "damage", "amount": "atk"}, first)]

    def fight_tail(self, *_):
        return None

    def fight_targets(self, flt, flt2, _tail=None):
        return self._fight(_Sel("choose", _target_filter(flt)), _Sel("choose", _target_filter(flt2)))

    def fight_prev(self, flt2, _tail=None):
        # "Then that card and target <card> ...": "that card" the target chosen before (its register, _assemble)
        return self._fight(_Sel("prev", {"_that": True, "side": "own"}), _Sel("choose", _target_filter(flt2)))

    def damage_target_atk_another(self, flt, flt2):
        # "... to another target <card>": another than the first target (targets are distinct, choose_candidates), not
        # another than this card (which may be either target)
        return self.damage_target_atk(flt, _Sel("choose", _target_filter(flt2)))

    def damage_own_atk_after(self, dealer, sel):
        if dealer == "self" and self.card.get("type") not in ("resonator", "j_ruler"):
            # "This card deals damage to that resonator equal to its ATK." on a card without ATK (a chant): "its" is the
            # card dealt damage (session 29)
            return self.damage_target_stat_after(dealer, sel)
        return self.damage_own_atk(dealer, sel)

    def damage_target_stat_after(self, dealer, sel, *_):
        # "This card deals damage to target resonator equal to that resonator's ATK." (session 29, s29-fowref, CR 1007.1,
        # 903.3a): SET_X of Per.TARGET_ATK on the card dealt damage, right before the DAMAGE (_assemble: amount
        # "target_atk"), its ATK as it resolves; none when it is no longer a legal target
        if dealer != "self":
            raise Unsupported("damage equal to a target's ATK dealt by another card than this one")
        if self.card.get("x"):
            raise Unsupported("'equal to that resonator's ATK' on a card whose cost has {X}")
        return [({"op": "damage", "amount": "target_atk"}, sel)]

    def _damage_dealt_turn(self, clauses):
        # "This card deals X damage to target <card>, where X is the damage it dealt this turn." (CR 1007.1): "it" is the
        # one target; X the damage that card dealt this turn (to cards and players), read as the effect resolves
        # (DAMAGE a1 = DAMAGE_DEALT_THIS_TURN, the card's USED_TURN word); where_x_sentence reads it
        ops = [x for c, _ in clauses for x in c]
        if len(ops) != 1 or ops[0][0].get("op") != "damage" or ops[0][0].get("amount") != "Xh":
            raise Unsupported("'the damage it dealt this turn' read by other than one damage")
        op, sel = ops[0]
        if not op.pop("_dealer_self", False) or sel.kind != "choose" or sel.count != 1 or sel.up_to:
            raise Unsupported("'the damage it dealt this turn' of a card that is not one target")
        op["amount"] = "dealt_this_turn"
        return clauses

    def damage(self, *args):
        n, sel = args[-2], args[-1]
        if n == "Xh" and len(args) > 2 and args[0] == "self":
            return [({"op": "damage", "amount": n, "_dealer_self": True}, sel)]  # (where_x_sentence pops the mark)
        return [({"op": "damage", "amount": n}, sel)]

    def damage_player_or(self, dealer, n, flt=None):
        # "deals N damage to target player [or <J/resonator>]": a target that is a player or a card, read by
        # body() as a choice of modes (CR 903.2e's machinery): the card, your opponent or you (CR 903.2g)
        return [({"op": "_player_or", "amount": n, "filter": flt}, None)]

    def damage_player(self, *args):
        n = [a for a in args if a is not None][-1]  # dealer and target_opponent are None
        return [({"op": "damage_player", "amount": _life(n), "who": "opponent"}, None)]

    def damage_opp_and(self, *args):
        n, sel = args[1], args[-1]  # (dealer, amount, [target_opponent,] selection)
        return self.damage_player(n) + self.damage(n, sel)

    def damage_opp_and_theirs(self, *args):
        # "to your opponent and each J/resonator they control": "they" is the opponent
        n, parts = args[1], [a for a in args[2:] if a is not None]  # (dealer, amount, the filter's parts)
        flt = _filter(*parts)
        if flt.get("side", "opponent") != "opponent":
            raise Unsupported("a side and 'they control'")
        return self.damage_player(n) + self.damage(n, _Sel("all", _target_filter({**flt, "side": "opponent"})))

    def damage_each_player_and(self, *args):
        # "to each player and J/resonator": each player and each such card
        n, parts = args[1], [a for a in args[2:] if a is not None]
        return self.damage_each_player(n) + self.damage(n, _Sel("all", _target_filter(_filter(*parts))))

    def damage_each_player(self, *args):
        n = _life(args[-1])
        return [({"op": "damage_player", "amount": n, "who": "controller"}, None),
                ({"op": "damage_player", "amount": n, "who": "opponent"}, None)]  # fmt: skip

    def invert_self(self):
        # CR 1030.1: "Invert this card.": an Inverse card turns despair side up (Op.INVERT; the pool needs its despair
        # side, the card field inverse, which the importer sets from the "<number>^" record: cards.py refuses it without)
        if self.card.get("type") not in ("resonator", "addition", "regalia", "magic_stone"):
            raise Unsupported("'invert this card' on a card that is not in the field as an Inverse card")
        return [({"op": "invert"}, None)]

    def put_self_field(self, sel):
        # session 32: "put it / this card into the field" after a trigger that puts this card into a graveyard (Body.ops
        # from_grave: "it" is this card there): GRAVE_TO_FIELD under the effect's controller's control (CR 307.7)
        if sel.kind not in ("self", "prev"):
            raise Unsupported("'put <card> into the field' of a card other than 'it' / this card")
        return [({"op": "grave_to_field", "_self_grave": True}, sel)]

    def removed_to_field(self, sel):
        if sel.kind == "self":
            # session 32: "put this card into the field under its owner's control / into its owner's field" in an ability
            # that triggers as it is put into a graveyard from the field (it is there: GRAVE_TO_FIELD a2 bit 2, its owner's)
            return [({"op": "grave_to_field", "owner": True, "_self_grave": True}, sel)]
        if sel.kind != "prev":
            raise Unsupported("'put <card> into the field under its owner's control' of a card other than 'it'")
        return [({"op": "removed_to_field"}, sel)]  # session 29: only in a delayed ability (_delayed checks it)

    def banish_it(self):
        # CR 1011: "banish it": the last selection or the card itself (BANISH affects only its controller's cards)
        return [({"op": "banish"}, _Sel("prev"))]

    def no_chase(self):
        # "Players cannot chase to this card." (session 27): no effect but the card field unchaseable, read while the card
        # is the last on the chase (kernels.priority_mask); spell() takes it out of the effect
        if self.card.get("type") not in ("chant", "rune"):
            raise Unsupported("'players cannot chase to this card' on a card that is no chant or rune")
        return [({"op": "_no_chase"}, None)]

    def _chant_to(self, to):
        # session 27, CR 703.3: where this chant goes instead of its owner's graveyard once its text is performed
        if self.card.get("type") != "chant":
            raise Unsupported("where a card goes as it resolves, on a card that is no chant")
        return [({"op": "chant_to", "to": to}, None)]

    def chant_to_hand(self):
        return self._chant_to("hand")

    def chant_to_deck_shuffled(self):
        return self._chant_to("deck_shuffled")

    def chant_to_deck_top(self):
        return self._chant_to("deck_top")

    def chant_to_deck_bottom(self):
        return self._chant_to("deck_bottom")

    def chant_to_removed(self):
        return self._chant_to("removed")

    def banish_self_ability(self, trig, _arrow):
        # "<trigger> => banish this card." (an effect; "banish this card:" before a colon is a cost)
        self._field_card("an automatic ability")
        return [{"kind": "automatic", **t, "effect": [{"op": "target_self"}, {"op": "banish"}]} for t in trig]

    def destroy(self, sel):
        return [({"op": "destroy"}, sel)]

    def remove(self, sel):
        return [({"op": "remove"}, sel)]

    def bounce(self, sel, *_):
        return [({"op": "return_to_hand"}, sel)]

    def owners(self, *_):
        return None

    def _field_sel(self, sel, what):
        if sel.kind == "choose" and sel.filter.get("zone") == "chase":
            raise Unsupported(f"{what} a spell on the chase")
        return sel

    def to_deck_top(self, sel, *_):
        return [({"op": "to_deck_top"}, self._field_sel(sel, "put on top of a deck"))]

    def to_deck_bottom(self, sel, *_):
        return [({"op": "to_deck_bottom"}, self._field_sel(sel, "put on the bottom of a deck"))]

    def _banishes(self, n, flt, who):
        # CR 1011.2: a player banishes only cards they control: the player chooses N of theirs as the effect resolves (not
        # targets, CR 903.2g) and banishes them (Op.PLAYER_BANISH; fewer when they control fewer, CR 104.2)
        flt = _all_filter(flt)
        side = "own" if who == "controller" else "opponent"
        if flt.get("side", side) != side or flt.get("zone", "field") != "field":
            raise Unsupported("a player banishing cards they do not control (CR 1011.2)")
        if flt.get("exclude_self") and who != "controller":
            raise Unsupported("'another' card banished by a player other than the ability's controller")
        return [({"op": "player_banish", "filter": {**flt, "side": side}, "count": _fixed(n), "who": who},
                 _Sel("pbanish"))]

    def opp_banish(self, n, flt):
        return self._banishes(n, flt, "opponent")

    def you_banish(self, n, flt):
        # "banish a <card>" as an effect (session 28): the controller chooses among the cards they control, no target
        # (CR 1011.2, Op.PLAYER_BANISH)
        return self._banishes(n, flt, "controller")

    def each_banish(self, n, flt):
        # each player in turn, the controller first (as each_discard): the CR gives no order; the controller's cards are
        # banished before the opponent chooses (the approximation: CR 1011 reads them banished at the same time)
        self.approximate("each_player_banishes_in_turn")
        return self._banishes(n, flt, "controller") + self._banishes(n, flt, "opponent")

    # session 34 (s34a): "<player> discards their hand" (CR 1019.1: Op.DISCARD_HAND); each player: the effect's controller
    # first (the cards go to each owner's own graveyard: the order between the players changes nothing they can see)
    def self_discard_hand(self):
        return [({"op": "discard_hand", "who": "controller"}, None)]

    def opp_discard_hand(self):
        return [({"op": "discard_hand", "who": "opponent"}, None)]

    def each_discard_hand(self):
        return [({"op": "discard_hand", "who": "controller"}, None), ({"op": "discard_hand", "who": "opponent"}, None)]

    def each_discard(self, n):
        return [({"op": "discard", "count": n, "who": "controller"}, None),
                ({"op": "discard", "count": n, "who": "opponent"}, None)]  # fmt: skip

    def damage_you(self, *args):
        return [({"op": "damage_player", "amount": _life(args[-1]), "who": "controller"}, None)]

    def shuffle_if_found(self, *_):
        self.approximate("search_shuffle_always")
        self._if_do_shuffle = True  # not the "you may" as the SEARCH's PASS (body): declining would shuffle
        return None

    def stone_shuffle_if_do(self, *_):
        self._if_do_shuffle = True
        return None

    def rest(self, sel):
        return [({"op": "rest"}, sel)]

    def recover(self, sel):
        return [({"op": "recover"}, sel)]

    def recover_chosen(self, flt):
        return self._player_chooses("recover", 1, False, flt)

    def recover_chosen_up_to(self, n, flt):
        return self._player_chooses("recover", n, True, flt)

    def recover_chosen_n(self, n, flt):
        return self._player_chooses("recover", n, False, flt)

    def _player_chooses(self, op, n, up_to, flt):
        # session 32: "recover a / up to N <cards> you control" (CR 903.2g: no target, chosen as the effect resolves among
        # the cards its controller controls, Op.PLAYER_CHOOSE into a register, then the op on them); "you control" printed
        # (a card of any side unsaid is not read as yours)
        flt = _all_filter(flt)
        if flt.get("side") != "own" or flt.get("zone", "field") != "field":
            raise Unsupported(f"'{op} <cards>' without 'you control' (no target)")
        if flt.get("type") == ["ruler"] and n == 1 and not up_to and not flt.get("exclude_self"):
            # "recover a [fire] ruler you control": the ruler in its controller's ruler area (CR 308; a player has one
            # ruler, CR 201.2b), as "your ruler" (t_your_ruler): the one that matches, if it does
            return [({"op": op}, _Sel("all", {**flt, "zone": "ruler_area"}))]
        if {"ruler", "j_ruler_or_ruler"} & set(flt.get("type") or ()):
            raise Unsupported(f"'{op} a ruler': a ruler is in its ruler area, not the field (CR 307.6)")
        return [({"op": op}, _Sel("pchoose", flt, _fixed(n), up_to))]

    def cancel(self, sel):
        if sel.kind != "choose" or sel.filter.get("zone") != "chase":
            raise Unsupported("cancel something that is not a spell on the chase")
        return [({"op": "cancel"}, sel)]

    def cancel_unless_pays(self, sel, cost):
        # session 34 (s34b): "Cancel target spell unless its controller pays {N}." (CR 1012.1, 1003): the op
        # cancel_unless_pay on the spell's register (Op.CANCEL_UNLESS_PAY: its controller pays from its will as it
        # resolves, asked; not paid, cancelled)
        if sel.kind != "choose" or sel.filter.get("zone") != "chase":
            raise Unsupported("cancel something that is not a spell on the chase")
        cost = str(cost)
        if cost.lower() == "{x}" and self._where_x:
            # "..., where X is <count>." (where_x_sentence: a SET_X before it, the op's amount X)
            return [({"op": "cancel_unless_pay", "amount": "X"}, sel)]
        m = re.fullmatch(r"\{(\d+)\}", cost)
        if not m or not 1 <= int(m[1]) <= 10:
            raise Unsupported(f"'unless its controller pays {cost}' other than a free will amount of 1 to 10")
        return [({"op": "cancel_unless_pay", "amount": int(m[1])}, sel)]

    # session 34 (s34b): "[You may] reveal any number of <cards> [with different names] from your hand." (CR 1005.1: its
    # controller chooses them one at a time as it resolves, Op.REVEAL_FROM_HAND, and they are shown to both players; "any
    # number" is none too, so "you may" changes nothing) and "for each card revealed this way" / "the number of cards
    # revealed this way" after it (a SET_X of Per.THIS_WAY: the count the op kept, _this_way)
    def reveal_any_from_hand(self, what):
        flt = dict(what)
        if flt.pop("_not", None):
            raise Unsupported("'reveal any number of non-<type>'")
        flt["zone"] = "hand"
        op = {"op": "reveal_from_hand", "filter": flt}
        if flt.pop("_different_names", False):  # "with different names" (the filter's qualifier, session 28)
            op["different_names"] = True  # "with different names": none sharing a name with one revealed before (CR 202)
        return [(op, _Sel("revealed_hand"))]

    def per_revealed_this_way(self, *_):
        return {"count": "this_way", "_revealed": True}

    # session 34 (s34b): "Cancel target activate / automatic ability [of a resonator] [your opponent controls]." (CR
    # 903.2d: an ability on the chase is targeted; 1012.1: canceled, it is removed from the chase): a CHOOSE of an ability
    # filter (FowFilter.ability, FilterZone.CHASE_ABILITY) and the op cancel_ability (Op.CANCEL_ABILITY)
    def ak_activate(self, *_):
        return "activate"

    def ak_automatic(self, *_):
        return "automatic"

    def ak_any(self, *_):
        return "any"

    def ability_of_resonator(self, *_):
        return {"type": ["resonator"]}

    def ability_opponent(self, *_):
        return {"side": "opponent"}

    def cancel_ability(self, kind, *rest):
        flt = {"zone": "chase", "ability": kind}
        for r in rest:
            if r:
                flt.update(r)
        return [({"op": "cancel_ability"}, _Sel("choose", flt, 1, False))]

    def gain_verb(self, *_):
        return None

    def gain(self, sel, _verb, mods, duration=None):
        dur = duration or "permanent"
        power, kws = mods
        out = []
        if power:
            out.append(({"op": "power", "atk": power[0], "defense": power[1], "duration": dur}, sel))
        if kws:
            out.append(({"op": "grant_keyword", "keywords": kws, "duration": dur}, sel))
        return out

    def gain_choice(self, sel, _verb, mods, last, duration):
        # session 33 (s33c): "<card> gains [A], [B], or [C] until end of turn.": one option each (body(): _gain_choice)
        power, kws = mods
        if isinstance(last, str) and last.startswith("["):
            last_op = {"op": "power", "atk": _power(last)[0], "defense": _power(last)[1], "duration": duration}
        else:
            if last not in _BATTLE_KW:
                raise Unsupported(f"granting [{last}]")
            last_op = {"op": "grant_keyword", "keywords": [last], "duration": duration}
        options = ([{"op": "power", "atk": power[0], "defense": power[1], "duration": duration}] if power else []) + [
            {"op": "grant_keyword", "keywords": [k], "duration": duration} for k in kws] + [last_op]
        return [({"op": "_gain_choice", "options": options}, sel)]

    def gain_self_and(self, sel, verb, mods, duration=None):
        # "this card and target <card> gain ..." (session 28): the target's steps, then this card's (both in
        # the one resolution, CR 1003)
        return self.gain(sel, verb, mods, duration) + self.gain(self.t_self(), verb, mods, duration)

    def gain_per(self, sel, _verb, power, per):
        atk, dfn = _power(power)
        per = self._per_it(sel, per)
        return [({"op": "power", "atk": atk, "defense": dfn, "duration": "permanent", "_per": per,
                  **({"_x_card": True} if self.card.get("x") else {})}, sel)]

    def _per_filter(self, flt, other=False):
        if flt.get("_and_ruler"):
            # "for each <race> ruler or entity you control" (session 28, CR 201.2b, 307.6): Per.FIELD_AND_RULER
            out = self._per_filter({k: v for k, v in flt.items() if k != "_and_ruler"}, other)
            if out["count"] != "field" or set(out["filter"]) - {"race", "side", "attribute"}:
                raise Unsupported("'ruler or entity' with other words than a race, attribute or side")
            return {**out, "count": "field_and_ruler"}
        if flt.get("_different_names"):
            # "the number of <cards> with different names (you control)" (session 28, CR 202): Per.NAMES
            out = self._per_filter({k: v for k, v in flt.items() if k != "_different_names"}, other)
            return {**out, "count": "names"}
        if flt.get("_entered_any"):
            # "for each <card> that entered the field (under your control) this turn": counted in the field now
            self.approximate("entered_this_turn_in_field")
        flt = _target_filter(flt)
        if flt.get("zone", "field") != "field":
            raise Unsupported("'for each' card outside the field")
        if "atk_min" in flt or "atk_max" in flt:
            raise Unsupported("'for each' card with an ATK bound")
        if other:
            flt["exclude_self"] = True
        return {"count": "field", "filter": flt}

    def per_field(self, flt):
        return self._per_filter(flt)

    def per_field_other(self, _other, flt):
        return self._per_filter(flt, True)

    def per_hand(self):
        return {"count": "hand"}

    def per_graveyard(self):
        return {"count": "graveyard"}

    def per_to_grave(self, flt, where=None):
        # "for each resonator put into a graveyard from your field / from the field this turn" (session 22): the
        # resonators its controller controlled / anyone's (state.RESONATORS_TO_GRAVE, Per.RESONATORS_TO_GRAVEYARD[_ALL])
        if flt != {"type": ["resonator"]}:
            raise Unsupported("a count of cards put into a graveyard this turn other than resonators (any)")
        return {"count": "resonators_to_graveyard" if where == "your" else "resonators_to_graveyard_all"}

    def grave_your(self):
        return "your"

    def c_to_grave(self, flt):
        # "if a resonator you control[led] was put into a graveyard from the field this turn" (session 22)
        if flt != {"type": ["resonator"], "side": "own"}:
            raise Unsupported("a card put into a graveyard this turn other than a resonator you controlled")
        return {"kind": "resonators_to_graveyard_at_least", "value": 1}

    def per_opp_hand(self):
        return {"count": "opp_hand"}

    def per_opp_graveyard(self):
        return {"count": "opp_graveyard"}

    def per_opp_removed(self):
        return {"count": "opp_removed"}

    def per_removed(self):
        return {"count": "removed"}  # CR 311: the cards of its controller's removed area (Per.REMOVED)

    def per_gem_attributes(self):
        return {"count": "gem_attributes"}  # session 29: the attributes among its controller's gems (Per.GEM_ATTRIBUTES)

    def xb_gem_attributes(self):
        return {"per": {"count": "gem_attributes"}, "unit": 1}

    def per_gems(self):
        return {"count": "gems"}  # CR 313.1: the gem tokens in its controller's item area (Per.GEMS)

    def per_graveyard_matching(self, flt):
        flt = _target_filter({**flt, "zone": "graveyard"})
        if set(flt) & {"side", "state", "atk_min", "atk_max", "exclude_self"}:
            raise Unsupported("'for each <card> in your graveyard' with a side, state, ATK or 'other'")
        return {"count": "graveyard", "filter": flt}

    def cannot(self, sel, restr, duration=None):
        if restr == ["_eternal"]:
            # CR 1417.1: an old card's "this card cannot be destroyed" is [Eternal]
            if sel.kind == "self" and duration is None:
                return [({"op": "_eternal"}, sel)]
            # session 32 (s32b): "<cards> cannot be destroyed [until end of turn]": [Eternal] (CR 1417.2: the one refers to
            # the other)
            return [({"op": "grant_keyword", "keywords": ["eternal"], "duration": duration or "permanent"}, sel)]
        if "_barrier" in restr:
            # CR 1120.2: [Barrier] is "cannot be targeted by spells or abilities controlled by a player other
            # than the controller of this card": the same words when the cards are the ability controller's own
            if sel.kind != "self" and (sel.filter or {}).get("side") != "own":
                raise Unsupported("'cannot be targeted by your opponent's ...' on cards that may be the opponent's")
            return [({"op": "grant_keyword", "keywords": ["barrier"], "duration": duration or "permanent"}, sel)]
        if "cant_recover" in restr:
            # the engine's restriction is "does not recover during its controller's next recovery phase" (once,
            # turn.recover_all): not "cannot recover" for good, nor a restriction a recover effect reads
            raise Unsupported("'cannot recover' (the engine skips one recovery phase only)")
        return [({"op": "restrict", "restrictions": restr, "duration": duration or "permanent"}, sel)]

    def lose_abilities(self, sel, duration):
        # session 33 (s33b): "<cards> lose(s) all abilities until end of turn / until end of game" (CR 909.1d): the
        # restriction no_abilities on them for the duration (characteristics.lost_abilities: no keyword, no continuous
        # ability in force, no automatic ability that triggers, no activate or will ability to play; effects.
        # add_restrictions: the keywords granted before are lost). "Until end of game" of a card in the field: until it
        # leaves the field (a new object then, CR 302.3), the while-in-the-field duration
        if (sel.filter or {}).get("zone", "field") not in ("field", "ruler_area"):
            raise Unsupported("'loses all abilities' of cards that are not in the field")
        return [({"op": "restrict", "restrictions": ["no_abilities"], "duration": duration}, sel)]

    def destroy_shared_names(self, flt_pl, flt):
        # session 34 (s34a): "Destroy all <cards> that share a name with another <card>." (CR 202: either of a card's
        # names; the cards in the fields the filter matches that share one with another such card, selected as it
        # resolves by Op.SELECT_SHARED_NAME, destroyed at once, CR 1010). The two filters are the same card kind
        f1, f2 = _all_filter(flt_pl), _all_filter(flt)
        if f1 != f2 or f1.get("zone", "field") != "field":
            raise Unsupported("'share a name with another' of another kind of card")
        return [({"op": "destroy"}, _Sel("shared", f1))]

    def becomes_power(self, sel, power, duration):
        # session 34 (s34a): "<cards> become(s) a [A/D] until end of turn" (CR 909.1g: a continuous effect that sets the
        # values, Op.SET_POWER): of J/resonators in the field only (a card with ATK and DEF; "It's still a magic stone"
        # cards, which become resonators, are not this)
        if duration != "end_of_turn":
            raise Unsupported("'becomes a [A/D]' for another duration than until end of turn")
        f = sel.filter or {}
        if f.get("zone", "field") != "field" or not set(f.get("type") or ["?"]) <= {"resonator", "j_resonator"}:
            raise Unsupported("'becomes a [A/D]' of cards that are not J/resonators in the field")
        if "+" in str(power) or "-" in str(power):
            raise Unsupported("'becomes a [A/D]' with a signed value")
        atk, dfn = _power(power)
        return [({"op": "set_power", "atk": atk, "defense": dfn}, sel)]

    def lose_and_becomes_power(self, sel, power, duration):
        # session 34 (s34a): "... loses all abilities and becomes a [A/D] until end of turn": both on the same cards (CR
        # 909.1d, 909.1g; the loss first: layers apply apart, CR 909.2)
        return self.lose_abilities(sel, duration) + self.becomes_power(sel, power, duration)

    def lose_abilities_for_good(self, sel, duration):
        # session 33: "<cards> lose all abilities and cannot gain abilities until end of turn": no keyword granted after
        # the loss either (RESTRICT_CANT_GAIN_ABILITIES with RESTRICT_NO_ABILITIES: characteristics.base_keywords; CR
        # 104.4, the prohibition wins); the continuous abilities of other cards give it none already (lost_abilities)
        out = self.lose_abilities(sel, duration)
        out[0][0]["restrictions"] = ["no_abilities", "cant_gain_abilities"]
        return out

    def lose_abilities_and_self(self, sel, duration):
        # "target <card> and this card lose all abilities until end of turn" (session 33): the target's, then this
        # card's (one effect, CR 1003; as gain_self_and)
        if self.card.get("type") in ("chant", "rune"):
            raise Unsupported("'this card' as the object of a chant's effect")
        return self.lose_abilities(sel, duration) + self.lose_abilities(self.t_self(), duration)

    def lose_abilities_while(self, sel):
        # session 33 (s33b): "<targets> lose all abilities as long as this card is in the field" (CR 909.1d, 909.8): a
        # shield table entry on each (Op.LOSE_ABILITIES_WHILE, Shield.NO_ABILITIES) ending as either card leaves the
        # field, as "doesn't recover ... as long as this card is in the field" (no_recover_while)
        if self.card.get("type") in ("chant", "rune"):
            raise Unsupported("'as long as this card is in the field' on a chant")
        if self.card.get("type") in ("ruler", "j_ruler"):
            raise Unsupported("'as long as this card is in the field' on a J/ruler")
        if (sel.filter or {}).get("zone", "field") not in ("field", "ruler_area"):
            raise Unsupported("'loses all abilities' of cards that are not in the field")
        return [({"op": "lose_abilities_while"}, sel)]

    def until_eog(self):
        return "permanent"

    def can_block_flying(self, sel, duration=None):
        # CR 1106.2: "can block J/resonators with [Flying]": a permission kept among the restriction bits (the same
        # restrict / aura_restrict machinery: a continuous ability of the card itself, or until end of turn);
        # battle.can_block_now reads it where the attacker has [Flying]
        return [({"op": "restrict", "restrictions": ["can_block_flying"], "duration": duration or "permanent"}, sel)]

    def can_block_rested(self, sel, duration=None):
        # CR 804.3 asks a recovered blocker: "can block while rested" lifts that for the card (a permission among the
        # restriction bits, as can_block_flying; battle.can_block_now)
        return [({"op": "restrict", "restrictions": ["can_block_rested"], "duration": duration or "permanent"}, sel)]

    def no_recover_phase(self, sel):
        # session 34 (s34a): a continuous ability's (Body.aura: aura_restrict cant_recover, read by turn.recover_all in
        # every recovery phase while it is in force); a one-time effect's is unsupported (Body.ops)
        return [({"op": "_no_recover_phase"}, sel)]

    def no_recover_next(self, sel):
        # CR 503.5: the card stays rested in its controller's next recovery phase, once (turn.recover_all reads and
        # clears RESTRICT_CANT_RECOVER of the "permanent" cell; it is forgotten when the card leaves the field)
        return [({"op": "restrict", "restrictions": ["cant_recover"], "duration": "permanent"}, sel)]

    def no_recover_while(self, sel):
        # CR 503.5: the cards stay rested in the recovery phases as long as this card is in the field (a shield table
        # entry kept past the end of turn, ending as either leaves the field: Op.LOCK_RECOVER, turn.recover_all)
        if self.card.get("type") in ("chant", "rune"):
            raise Unsupported("'as long as this card is in the field' on a chant")
        if self.card.get("type") in ("ruler", "j_ruler"):
            # a J-ruler goes between the field and its ruler area without becoming a new card (zones.move_card_core
            # keeps it): the entry would not end as it leaves the field
            raise Unsupported("'as long as this card is in the field' on a J/ruler")
        return [({"op": "lock_recover"}, sel)]

    def loses_all(self, sel):
        raise Unsupported("'loses all abilities'")

    # ---------------- named counters (CR 1022.1; session 21: state.NAMED) ----------------
    def on_ruler(self, *_):
        return "ruler"

    def on_self(self):
        return self.t_self()

    def on_target(self, flt):
        return self.t_one(flt)

    def on_prev(self):
        return _Sel("prev")

    def on_up_to(self, n, flt):
        return self.t_up_to(n, flt)  # "on each of up to N target <cards>": up to N targets (CR 903.2g)

    def named_put_an(self, name, on):
        return self.named_put(1, name, on)

    def magic_put_ruler_one(self, on):
        return self.magic_put_ruler(1, on)

    def magic_put_ruler(self, n, on):
        # "put N magic counters on your J/ruler": named counters "magic" on the J/ruler (not its MANA word: mana counters)
        return [({"op": "mana_counter", "count": _fixed(n), "name": "magic"}, None)]

    def named_put(self, n, name, on):
        # "Put N <name> counters on <card>" (CR 1022.1; 1022.1b: one kind per name): on the J/ruler, the op
        # mana_counter with the name (MANA_COUNTER a2 < 0: its ruler slot, either side up, in the field or the ruler
        # area); on cards, counter with the name (COUNTER a1 = the kind: each card of the register)
        name = _counter_name(name)
        if n == "X" and on != "ruler":  # session 28: "put X <name> counters on ..., where X is ..."
            return [({"op": "counter", "count": "X", "name": name}, on)]
        n = _fixed(n)
        if on == "ruler":
            return [({"op": "mana_counter", "count": n, "name": name}, None)]
        return [({"op": "counter", "count": n, "name": name}, on)]

    def gain_control(self, sel, duration=None):
        # "Gain control of <targets> [until end of turn]." (CR 105.3): the effect's controller controls each target in
        # the field (zones.change_control: moved to that side of the field, out of battle, not controlled since the turn
        # began); "until end of turn": the player who controlled it controls it again at the end of the turn (CR 505.5b)
        if sel.kind not in ("choose", "prev", "all") or (sel.kind != "prev" and (
                sel.filter.get("zone", "field") != "field" or not set(sel.filter.get("type") or ["any"]) <= {"resonator"})):
            raise Unsupported("control of a card that is not a resonator in the field")
        return [({"op": "gain_control", "duration": "end_of_turn" if duration else "permanent"}, sel)]

    def plus_counters(self, n, sel):
        if n == "X":  # "put X [+100/+100] counters on ..., where X is ..." (session 28: COUNTER_TIMES_X)
            return [({"op": "counter", "count": "X"}, sel)]
        return [({"op": "counter", "count": _fixed(n)}, sel)]

    def bounce_chosen(self, flt):
        # session 32: "return a <card> you control to its owner's hand" (no target, CR 903.2g): chosen as it resolves
        return self._player_chooses("return_to_hand", 1, False, flt)

    def bounce_chosen_other(self, other, flt):
        return self.bounce_chosen(_filter(other, flt))

    def plus_counters_chosen(self, n, flt):
        # session 32: "put N [+100/+100] counters on a / another <card> you control" (no target, CR 903.2g): one card its
        # controller chooses as it resolves (Op.PLAYER_CHOOSE), then COUNTER on it
        (op, _), = self.plus_counters(n, None)
        (_, sel), = self._player_chooses("counter", 1, False, flt)
        return [(op, sel)]

    def plus_counters_chosen_other(self, n, other, flt):
        return self.plus_counters_chosen(n, _filter(other, flt))

    def minus_counters(self, n, sel):
        return [({"op": "counter", "count": -_fixed(n)}, sel)]

    def foresee(self, n):
        return [({"op": "foresee", "count": min(int(n), 10)}, None)]

    def search_stones(self, what, put, _shuffle):
        # "search your magic stone deck for a <card> and put it into the field" (session 27, CR 305, 1014.2): the SEARCH
        # op over the magic stone deck (it may find nothing), shuffled after
        revealed, to = put
        if to == "field_rested":
            return [({**op, "rested": True}, sel) for op, sel in self.search_stones(what, (revealed, "field"), _shuffle)]
        if to != "field" or revealed:
            raise Unsupported("a card of the magic stone deck put elsewhere than into the field, or revealed")
        return [({"op": "search", "filter": {**dict(what), "zone": "stone_deck"}, "to": "field"}, None)]

    def search_stones_up_to(self, n, what, put, _shuffle):
        # session 32: "search your magic stone deck for up to N <magic stones> and put them into your field" (one SEARCH
        # each, as "up to N" of the main deck: each may find nothing, CR 1014.2; the shuffles between change nothing known)
        return [x for _ in range(_fixed(n)) for x in self.search_stones(what, put, _shuffle)]

    def search(self, what, put, _shuffle, count=1):
        revealed, to = put
        if to == "field_rested":
            # "... and put it into the field rested" (session 28, SEARCH_RESTED)
            flt = dict(what)
            if "addition" in (flt.get("type") or ([] if "name" in flt else ["addition"])):  # a named card: cards checks
                raise Unsupported("a card found put into the field rested that may be an addition")
            return [({**op, "rested": True}, sel) for op, sel in self.search(what, (revealed, "field"), _shuffle, count)]
        flt = dict(what)
        flt["zone"] = "main_deck"
        # "... and put it into your field": any card (effects.effect_to_field: a chant goes to the graveyard instead,
        # CR 316.4; an addition with a subtype other than Field is added to a card of that type its controller
        # chooses, or stays in the deck when there is none, CR 1406.3)
        op = {"op": "search", "filter": flt}
        if to != "hand":
            op["to"] = to
        if revealed:
            op["reveal"] = "taken"  # "reveal it and put it ...": shown to both players (engine.reveals)
        # "up to N": N searches, each of which may find nothing (CR 1014.2); the deck is hidden and
        # shuffled at the end, so shuffling in between changes nothing the players may know
        ops = [(dict(op, filter=dict(flt)), None) for _ in range(count)]
        for later, _ in ops[1:]:
            if revealed:
                later["reveal"] = "taken_more"  # "reveal them": the cards found, one reveal (CR 1005.1)
        return ops

    # "Look at / reveal the top N cards of your deck. [You may] put a <card> from among them into your
    # hand. Put the rest on the bottom of your deck in a random order." (SEARCH over the top N cards,
    # constants.SEARCH_*; the candidates are the distinct card ids among them, N <= OPTION_SLOTS)
    def look_at(self, n):
        return False, n

    def look_reveal(self, n):
        return True, n

    def look_at_opp(self, n):
        # "look at the top N cards of your opponent's deck" (session 28): only a Foresee of it (FORESEE who opponent)
        return False, n, "opp_deck"

    def look_at_stones(self, n):
        # "look at the top N cards of your magic stone deck" (session 28): only "... and put them back in any order"
        return False, n, "stone_look"

    def look_reveal_stone(self, n):
        # "reveal the top card of your magic stone deck" (session 28, CR 305, 1005.1): the SEARCH over its top card
        return True, n, "stone_deck"

    def look_n(self, n):
        return n

    def look_reveal_one(self, *_):
        return True, 1  # "reveal the top of your deck" (the card's word missing)

    # "Reveal the top card of your deck. If its total cost is odd, <A>. Otherwise, <B>." (session 29, s29-fowref, CR
    # 1005.1, 203.5): Op.REVEAL_TOP puts the card (still on top) into a register of its own, Op.IF_COST reads its total
    # cost's parity (printed; X counts 0 off the chase, CR 203.5b); "otherwise": the other parity (no op between the two
    # tests moves the card: it is read again by the second)
    def p_odd(self):
        return True

    def p_even(self):
        return False

    def if_then(self, *items):
        return self.sentence(*items)

    def if_else(self, *items):
        return self.sentence(*items)

    def look_if_cost(self, head, odd, then, other=None):
        if head != (True, 1):
            raise Unsupported("'if its total cost is ...' after other than the top card revealed")
        if any(opt for _, opt in then + (other or [])):
            raise Unsupported("'you may' inside an 'if its total cost' sentence")
        rev = _Sel("reveal")
        out = [([({"op": "reveal_top"}, rev)], False),
               ([({"op": "_if_cost", "odd": odd}, rev)] + [x for c, _ in then for x in c], False)]
        if other is not None:
            out.append(([({"op": "_if_cost", "odd": not odd}, rev)] + [x for c, _ in other for x in c], False))
        return out

    def _take(self, what, to, may, reveal):
        return {"what": dict(what), "to": to, "may": may, "reveal": reveal}

    def take_may_reveal(self, what, to):
        return self._take(what, to, True, True)

    def take_may(self, what, to):
        return self._take(what, to, True, False)

    def take_may_it(self, to):
        return self._take({}, to, True, False)

    def take_reveal(self, what, to):
        return self._take(what, to, False, True)

    def take(self, what, to):
        return self._take(what, to, False, False)

    def take_up_to(self, n, what, to):
        # "[You may] put up to N <cards> from among them ..." (session 28): up to N, each SEARCH may be passed
        return dict(self._take(what, to, True, False), take=_fixed(n))

    def take_up_to_reveal(self, n, what, to):
        return dict(self._take(what, to, True, True), take=_fixed(n))

    def take_n_cards(self, n, what, to):
        # "Put two cards from among them into your hand": that many, one SEARCH each (no PASS while one matches)
        return dict(self._take(what, to, False, False), take=_fixed(n))

    def take_one(self, to):
        return self._take({}, to, False, False)

    def rest_bottom(self, order=None):
        if order != "random":
            # "in any order": the player chooses the order (effects.rest_to_bottom; before session 16 a random order,
            # the approximation look_rest_random_order); no order printed: the same, which no rule says
            if order is None:
                self.approximate("look_rest_order_unprinted")
            return "bottom_any"
        return "bottom"

    def rest_graveyard(self):
        return "graveyard"

    def rest_top_any(self):
        return "top_any"  # session 28: back onto the top in the order the player chooses (SEARCH_PLACING_TOP)

    def random_order(self):
        return "random"

    def any_order(self):
        return "any"

    def look_top(self, head, take, rest="top"):
        if take["to"] == "field_rested":
            raise Unsupported("a card looked at put into the field rested")
        revealed, n = head[:2]
        if head[2:] == ("opp_deck",):
            raise Unsupported("a card taken from among the top cards of the opponent's deck")
        stones = head[2:] in (("stone_deck",), ("stone_look",))  # revealed or looked at
        n = _fixed(n)
        if not 1 <= n <= _LOOK_MAX:
            raise Unsupported(f"looking at the top {n} cards")
        flt = dict(take["what"])
        if "name" in flt:
            raise Unsupported("a card named ... from among the cards looked at")
        if stones:
            # the top card of the magic stone deck (session 28): into the field (a magic stone enters it, CR 305), the
            # rest nowhere else (it stays on top)
            if take["to"] != "field" or rest != "top" or n != 1:
                raise Unsupported("the top card of the magic stone deck put elsewhere than into the field")
            flt["zone"] = "stone_deck"
        else:
            flt["zone"] = "main_deck"
        if take["to"] == "field" and flt.get("type") != ["resonator"] and not stones:
            raise Unsupported("a card looked at into the field that may not be a resonator")
        if rest == "top" and n > 1:
            # the cards left keep their order: which of two copies is taken would matter (SEARCH takes the top one)
            raise Unsupported("cards looked at left on top in their order")
        # CR 1014.2: a card with specific information chosen among cards only its chooser sees may not be
        # found; a revealed card (CR 1005.1) or "a card" is chosen as from a public zone (CR 1014.1)
        specific = any(k != "zone" for k in flt)
        must = not take["may"] and (revealed or take["reveal"] or not specific)
        op = {"op": "search", "filter": flt, "top": n, "rest": rest, "must": must}
        if take["to"] != "hand":
            op["to"] = take["to"]
        if take.get("take", 1) > 1:
            if not take["take"] <= min(n, 4):
                raise Unsupported(f"{take['take']} cards taken from among {n}")
            op["take"] = take["take"]
        # CR 1005.1: a revealed card is shown to both players: the top N ("reveal the top N cards"), or the one
        # taken ("reveal a <card> from among them and put it ..."), kept by engine.reveals for the observations
        if revealed:
            op["reveal"] = "top"
            if n > REVEAL_ROWS:
                self.approximate("look_not_revealed")
        elif take["reveal"]:
            op["reveal"] = "taken"
        return [([(op, None)], False)]

    def look_top_stay(self, head, take):
        return self.look_top(head, take, "top")

    def look_if_its(self, head, what, to):
        if head[1] != 1:
            raise Unsupported("'if it's ...' after more than one card")
        return self.look_top(head, self._take(what, to, False, False))

    def look_if_its_reveal(self, head, what, to):
        if head[1] != 1:
            raise Unsupported("'if it's ...' after more than one card")
        return self.look_top(head, self._take(what, to, False, True))

    def look_if_its_else(self, head, what, to):
        if head[1] != 1:
            raise Unsupported("'if it's ...' after more than one card")
        return self.look_top(head, self._take(what, to, False, False), "graveyard")

    def look_one_bottom(self, head):
        # CR 1034.1: "Foresee 1" is "look at the top card of your deck, put it on the top or the bottom"
        revealed, n = head[:2]
        if head[2:] == ("opp_deck",) and n == 1:
            return [([({"op": "foresee", "count": 1, "who": "opponent"}, None)], False)]
        if revealed or n != 1 or head[2:]:
            raise Unsupported("'you may put it on the bottom' after revealing or after more than one card")
        return [([({"op": "foresee", "count": 1}, None)], False)]

    def look_foresee(self, head):
        # Foresee N in words (session 28, CR 1034.1): the FORESEE decision, each card onto the top or to the bottom
        revealed, n = head[:2]
        n = _fixed(n)
        if revealed or not 1 <= n <= 10 or head[2:] not in ((), ("opp_deck",)):
            raise Unsupported("Foresee's words after revealing, or of more than ten cards")
        op = {"op": "foresee", "count": n}
        if head[2:]:
            op["who"] = "opponent"  # the opponent's deck (session 28), placed by the effect's controller
        return [([(op, None)], False)]

    def look_put_back(self, head):
        # "Look at the top N cards of your deck and put them back in any order." (session 28): the FORESEE decision over
        # them with the top only (FORESEE_TOP_ONLY, effects.foresee_may_bottom): they go back one at a time, the last
        # put back on top (CR 1034.1's first half); the cards only looked at, not revealed
        revealed, n = head[:2]
        n = _fixed(n)
        if revealed or not 2 <= n <= 10 or head[2:] not in ((), ("stone_look",)):
            raise Unsupported("'put them back in any order' after revealing, or of one card or more than ten")
        op = {"op": "foresee", "count": n, "top_only": True}
        if head[2:]:
            op["stones"] = True  # the magic stone deck (session 28)
        return [([(op, None)], False)]

    def hand_sentence(self, hand):
        return [(hand, False)]

    def hand_choice(self, _hand, flt, fate):
        return fate(flt)

    def look_hand_discard(self, *_):
        return lambda flt: self._hand_choice(flt, "graveyard")

    def look_hand_remove(self, *_):
        return lambda flt: self._hand_choice(flt, "removed")

    def _hand_choice(self, flt, to):
        # CR 1019.1: the controller looks at the opponent's whole hand (shown as the SEARCH starts) and chooses one of
        # its matching cards, which is discarded (SEARCH over the opponent's hand to the graveyard; one must be chosen
        # while one matches: the hand is seen, no search that may fail, CR 1014.2); "your opponent reveals their hand"
        # (session 28): the same, the hand shown to every player (the record's both observations)
        if flt.get("side", "any") != "any" or flt.get("state"):
            raise Unsupported("'choose a <card> you control' in an opponent's hand")
        flt = _not_types(flt)  # "a non-resonator card" (session 28)
        return [({"op": "search", "filter": {**flt, "zone": "hand", "side": "opponent"}, "to": to,
                  "must": True, "who": "opponent"}, None)]

    def opp_reveals_hand(self, *_):
        # "Your opponent reveals their hand." (session 28, CR 1005.1): every card of it shown to every player
        return [({"op": "reveal_hand", "revealed": True}, None)]

    def look_opp_hand(self, *_):
        # "Look at your opponent's hand." (session 28): its cards shown to the effect's controller (its holder knows them)
        return [({"op": "reveal_hand"}, None)]

    def put_from_hand(self, what):
        # the SEARCH op over the hand (its zone): the player picks one of the matching cards by card id
        # (a hand holds at most the option slots) or none; only "you may put ..." (body checks it)
        flt = dict(what)
        flt["zone"] = "hand"
        # any card: effects.effect_to_field (CR 316.4, 1406.3) as for a search
        return [({"op": "search", "filter": flt, "to": "field", "_from_hand": True}, None)]

    def put_from_grave_hand(self, what):
        return self._put_from_grave(what, "hand")

    def put_from_grave_field(self, what):
        return self._put_from_grave(what, "field")

    def _put_from_grave(self, what, to):
        # "Put a <card> from your graveyard into your hand / field." (session 27): the SEARCH op over its controller's
        # graveyard (a public zone, CR 310.2: no target, CR 903.2g), one of the matching cards by card id; one must be
        # taken while one matches (as from the hand or the removed area)
        flt = dict(what)
        if flt.pop("_not", None):
            raise Unsupported("'non-<type>' from your graveyard")
        flt["zone"] = "graveyard"
        return [({"op": "search", "filter": flt, "to": to, "_from_hand": True}, None)]

    def put_from_removed(self, what):
        # "Put a <card> from your removed area into your hand.": the SEARCH op over the removed area (its zone, public:
        # CR 311.2), one of the matching cards by card id; one must be taken while one matches (as from the hand)
        flt = _not_types(dict(what))  # "non-magic stone card": the other card types a removed area may hold (CR 311)
        flt["zone"] = "removed"
        return [({"op": "search", "filter": flt, "to": "hand", "_from_hand": True}, None)]

    def and_reveal_it(self):
        return "reveal"

    def search_to_top_main(self, what, *rest):
        return self._search_to_top("main_deck", what, rest)

    def search_to_top_stones(self, what, *rest):
        return self._search_to_top("stone_deck", what, rest)

    def _search_to_top(self, deck, what, rest):
        # "Search your deck for a card [and reveal it]. Then shuffle the rest of your deck and put that card on top of
        # it." (session 28): the SEARCH (it may find nothing, CR 1014.2) to the top of that deck (SearchTo.DECK_TOP), the
        # rest shuffled under it (CR 1021.2a: the move is part of the shuffle); "reveal it": shown to every player
        op = {"op": "search", "filter": {**dict(what), "zone": deck}, "to": "deck_top"}
        if "reveal" in rest:
            op["reveal"] = "taken"
        return [([(op, None)], False)]

    def search_any(self, what, put, shuffle):
        # "Search your deck for any number of <cards>[, reveal them] and put them ..." (session 28, CR 1014.2): one
        # SEARCH asked again after each card found until a PASS (search any_number, a2 SEARCH_ANY); "reveal them": one
        # reveal of all found
        if put[1] == "field_rested":
            raise Unsupported("any number of cards found put into the field rested")
        ops = self.search(what, put, shuffle)
        if put[1] == "field" and "addition" in (ops[0][0]["filter"].get("type") or
                                               ([] if "name" in ops[0][0]["filter"] else ["addition"])):
            raise Unsupported("any number of cards found into the field that may be additions")
        return [({**ops[0][0], "any_number": True}, ops[0][1])]

    def search_each(self, *parts):
        # "Search your deck for a <A>, a <B> and/or a <C>[, reveal them] and put them ..." (session 28): one search for
        # each (each may find nothing, CR 1014.2), the deck shuffled after; "reveal them": one reveal of all found
        *whats, put, _shuffle = parts
        if len(whats) > 5:
            raise Unsupported("a search for more than five cards")
        ops = []
        for what in whats:
            ops += self.search(what, put, _shuffle)
        if put[0]:
            for op, _ in ops[1:]:
                op["reveal"] = "taken_more"
        return ops

    def search_up_to(self, n, what, put, shuffle):
        n = _fixed(n)
        if not 1 <= n <= 5:
            raise Unsupported(f"a search for up to {n} cards")
        return self.search(what, put, shuffle, n)

    def revealed(self, to):
        return True, to

    def hidden(self, to):
        return False, to

    def to_hand(self):
        return "hand"

    def to_field(self):
        return "field"

    def to_field_rested(self):
        return "field_rested"  # session 28: a search's card found enters rested (search / search_stones only)

    def to_graveyard(self):
        return "graveyard"

    def shuffle(self):
        return None

    def named(self, q):
        return {"name": str(q)[1:-1]}

    def named_either(self, a, b):
        return {"name": str(a)[1:-1], "name_or": str(b)[1:-1]}  # session 28: either name (F_NAME packs both)

    def search_what_pl(self, *parts):
        return self.search_what(*parts)

    def search_what_either(self, *parts):
        # "a <type> or a <type>" (session 28): a card of either type (the filter's type list)
        def noun(p):
            return isinstance(p, dict) and "type" in p and set(p) <= {"type", "zone"}

        if len(parts) < 2 or not (noun(parts[0]) and noun(parts[1])):
            # an adjective before the first ("a fire chant or a regalia": of the chant only) or a race
            raise Unsupported("'a <card> or a <card>' other than two card types")
        types = list(dict.fromkeys(parts[0]["type"] + parts[1]["type"]))
        return self.search_what({"type": types}, *parts[2:])

    def search_what(self, *parts):
        f = _filter(*[p for p in parts if p is not None])
        f.pop("_race_noun", None)
        if f.pop("_entered_side", False) or f.pop("_entered_any", False):
            raise Unsupported("'that entered the field this turn' in a search")
        if f.pop("_entity", False):
            raise Unsupported("'entity' in a search")
        if f.get("type") == ["magic_stone"] and "attribute" in f:
            # CR 201.4c (session 28, as the targets' filter): "a wind magic stone" names the magic stone type Wind Magic
            # Stone, not a magic stone with the wind attribute (a basic magic stone has none, CR 208.4)
            f["type"] = [f"{a}_magic_stone" for a in f.pop("attribute")]
        _stone_kind(f)  # session 32: "basic / special / non-special magic stone"
        return f

    def mill(self, n):
        return [({"op": "mill", "count": n}, None)]

    def mill_one(self, *_):
        return [({"op": "mill", "count": 1}, None)]

    def mill_removed(self, n):
        return [({"op": "mill", "count": n, "to": "removed"}, None)]  # CR 1004.1

    def mill_removed_one(self, *_):
        return [({"op": "mill", "count": 1, "to": "removed"}, None)]

    def opp_grave(self, *_):
        return None

    def mill_opp(self, n, _g=None):
        return [({"op": "mill", "count": n, "who": "opponent"}, None)]

    def mill_opp_one(self, *_):
        return self.mill_opp(1)

    def mill_opp_removed(self, n):
        return [({"op": "mill", "count": n, "who": "opponent", "to": "removed"}, None)]

    def mill_opp_removed_one(self, *_):
        return self.mill_opp_removed(1)

    def call_stone(self):
        return [({"op": "call_stone"}, None)]

    def call_stones(self, n):
        # "put the top two cards of your magic stone deck into your field": one at a time (CR 1016)
        n = _fixed(n)
        if not 1 <= n <= 5:
            raise Unsupported(f"{n} magic stones put into the field")
        return [({"op": "call_stone"}, None) for _ in range(n)]

    def call_stone_rested(self):
        return [({"op": "call_stone", "rested": True}, None)]  # it enters the field rested

    def produce(self, choices):
        return [({"op": "produce_will", "_choices": choices}, None)]

    def produce_per(self, choices, per):
        # "Produce {G} for each <cards>." (session 28): one will, X of it (the SET_X made where the will op is placed:
        # _will, _automatic_will, _spell_will, _x_will)
        if len(choices) != 1 or isinstance(choices[0], dict):
            raise Unsupported("a choice of wills or several wills for each ...")
        return [({"op": "produce_will", "_choices": choices, "_x_set": self._set_x(per, 1)[0]}, None)]

    def spend_only(self, flt):
        # "Spend this will only to play <cards>": the cards a spell is made of as they are played (CR 903.2: on
        # the chase as their cost is paid, 903.2d / 903.2j); read by the card's characteristics only
        flt = _filter(flt)
        played = ["resonator", "chant", "addition", "regalia", "rune"]
        if flt.pop("_race_noun", False) and "type" not in flt:
            flt["type"] = played  # "Dragons": a race or a trait (CR 205.1a), on any card played
        if flt.get("type") and not set(flt["type"]) <= set(played):
            raise Unsupported("'spend this will only to play' a card that is not a resonator, chant, addition, regalia or rune")
        if flt.get("zone", "field") not in ("field", "chase") or set(flt) - {"type", "attribute", "race", "name", "zone"}:
            raise Unsupported(f"'spend this will only to play' cards of a filter read elsewhere than in the card {sorted(flt)}")
        flt["zone"] = "chase"
        return [({"op": "_spend_only", "filter": flt}, None)]

    def produce_what(self, *toks):
        n = str(toks[0])[1:-1] if len(toks) == 1 else ""
        if n.isdigit() and 2 <= int(n) <= 10:
            return [{"_several": {"void": int(n)}}]  # "Produce {2}.": two void will ({1} is a void will, CR 907)
        return list(dict.fromkeys(self._will_name(t) for t in toks))

    def produce_list(self, *toks):
        return self.produce_what(*toks)  # "Produce {W}, {R}, {U}, {G}, or {B}." (one of them)

    def produce_any(self):
        # CR 208.1, 1027.1a: the attributes are light, fire, water, wind and darkness: one of the five, not void
        return list(_SYM.values())

    def produce_any_shared(self):
        # "one will of any attribute shared with your J/ruler": one of the five, a mode that may be chosen only while
        # the controller's J/ruler (either side, CR 201.2b) has that attribute (produce_will shared_with_ruler,
        # effects.mode_open; a void J/ruler shares none: the ability is then not played)
        return [*_SYM.values(), "_shared"]

    def produce_two_any(self):
        # "two wills in any combination of attributes" (CR 208.1: of the five attributes, two wills each of one): every
        # pair, one mode each (15), chosen as the will ability resolves (priority.ask_mode)
        return self._pairs(list(_SYM.values()))

    def produce_two_of(self, a, b):
        # "two wills in any combination of {R} and/or {B}": {R}{R}, {R}{B} or {B}{B}
        return self._pairs(list(dict.fromkeys([self._will_name(a), self._will_name(b)])))

    @staticmethod
    def _pairs(wills):
        return [{"_pairs": [(a, b) for i, a in enumerate(wills) for b in wills[i:]]}]

    def produce_several(self, *toks):
        # "Produce {R}{R}." / "Produce {W}{G}.": every will printed (CR 907.5), one produce_will per kind
        names = [self._will_name(t) for t in toks]
        return [{"_several": {w: names.count(w) for w in dict.fromkeys(names)}}]

    # continuous prevention (CR 1018, 910): read as a continuous ability's aura only (_Body.aura)
    def prevent_static(self, sel):
        return [({"op": "_prevent_cont", "amount": "all"}, sel)]

    def prevent_static_by(self, sel, flt):
        # "... dealt to <cards> by <cards>" (CR 1018.1b): only the damage a card of the field that filter matches deals
        # (replacement.continuous_prevention reads the source: a J/resonator's battle or ability damage, a chant's never)
        flt = _target_filter(flt)
        # session 32 (s32b): "by J-Rulers" too (a J-ruler is in the field, CR 307.6: its damage is a J/resonator's)
        if flt.get("zone", "field") != "field" or "type" not in flt or \
                set(flt["type"]) - {"resonator", "j_resonator", "j_ruler"}:
            raise Unsupported("damage prevented by a source that is not a J/resonator in the field")
        return [({"op": "_prevent_cont", "amount": "all", "source": flt}, sel)]

    def prevent_of_it(self, sel, n):
        return [({"op": "_prevent_cont", "amount": _life(n)}, sel)]

    def prevent_at_most(self, who, n):
        if who != {"self_only": True}:
            raise Unsupported("'if <cards> would be dealt N or less damage' of other cards than this one")
        return [({"op": "_prevent_cont", "amount": _life(n), "at_most": True}, _SELF)]

    # "if <source> would deal damage [to <cards>], it deals double that much / that much +N instead" (CR 910)
    def dmg_self(self):
        return {"self_only": True}

    def dmg_filter(self, flt):
        # "a <card>": checked by what reads it (session 24: a damage source, _dmg_source; a card put into a graveyard,
        # grave_removed)
        return {"_a": flt}

    @staticmethod
    def _dmg_source(source):
        if "_a" not in source:
            return source
        flt = _target_filter(source["_a"])
        if flt.get("zone", "field") != "field" or set(flt.get("type", [])) - {"resonator", "j_resonator"} \
                or flt.get("side", "own") != "own" or "type" not in flt:
            raise Unsupported("a damage source that is not a J/resonator you control in the field")
        return {**flt, "side": "own"}

    def dmg_to(self, flt):
        flt = _target_filter(flt)
        if flt.get("zone", "field") != "field":
            raise Unsupported("damage dealt to a card that is not in the field")
        return flt

    def dmg_double(self):
        return "double"

    def dmg_plus(self, n):
        return _life(n)

    def dmg_while(self):
        return "_while_damaged"

    def damage_mod(self, source, *rest):
        source = self._dmg_source(source)
        if rest[0] == "_while_damaged":
            # session 31: "If this card would deal damage while it is damaged, it deals double that much instead." (CR
            # 910): the DAMAGE_MOD source filter is the card with damage on it (CR 1007.1; effects.modified_damage reads
            # the filter as the damage is dealt)
            if source != {"self_only": True}:
                raise Unsupported("'while it is damaged' of a damage source other than this card")
            source = {**source, "state": "damaged"}
            rest = rest[1:]
        to = rest[0] if len(rest) == 2 else None
        op = {"op": "_damage_mod", "amount": rest[-1], "source": source}
        if to is not None:
            op["filter"] = to
        return [(op, _SELF)]

    def prevent_all(self, sel):
        return [({"op": "prevent", "amount": "all"}, sel)]

    def prevent_next(self, n, sel, _eot=None):
        return [({"op": "prevent", "amount": n}, sel)]

    def prevent_next_or_you(self, n, flt, _eot=None):
        # session 32: "prevent the next N damage that would be dealt to target <card> or yourself this turn": a choice
        # of the card (then which one) or you, as "target player or <card>" (body: _player_or, CR 903.2e, 903.2g)
        return [({"op": "_player_or", "amount": n, "filter": flt, "_prevent": True}, None)]

    def prevent_next_event(self, sel, _eot=None):
        # CR 1018.1b: the next damage dealt to each card selected this turn is prevented, all of it, once (a shield
        # of amount "next": replacement.prevent_damage)
        return [({"op": "prevent", "amount": "next"}, sel)]

    def prevent_next_you(self, _eot=None):
        return [({"op": "prevent_player", "amount": "next", "who": "controller"}, None)]

    def eot(self, *_):
        return None

    def prevent_from(self, sel):
        # CR 1018.1b: a shield on each card selected: the damage it deals this turn is prevented (Op.PREVENT_FROM). Only
        # targets: "... dealt by resonators this turn" applies to every resonator dealing damage this turn, one that
        # enters later too, not only to the ones in the field as it resolves
        if sel.kind != "choose":
            raise Unsupported("'prevent all damage that would be dealt by <cards>' of cards that are not targets")
        return [({"op": "prevent_from"}, sel)]

    def prevent_next_from(self, sel, eot=False):
        # session 34 (s34a): CR 1018.1b, the next damage the target would deal is prevented, all of it, once (a
        # PREVENT_FROM entry of amount "next": replacement.damage_from_prevented uses it up); without "this turn" it
        # lasts until it is used (or the card leaves the field, a new object, CR 302.3), not only this turn
        if sel.kind != "choose":
            raise Unsupported("'prevent the next damage that would be dealt by <cards>' of cards that are not targets")
        return [({"op": "prevent_from", "amount": "next" if eot is not False else "next_until_used"}, sel)]

    def prevent_you(self):
        return [({"op": "prevent_player", "amount": "all", "who": "controller"}, None)]

    def remove_from_battle(self, sel):
        return [({"op": "remove_from_battle"}, sel)]

    def mana_counter(self, n):
        return [({"op": "mana_counter", "count": _fixed(n)}, None)]

    def magic_counter_one(self):
        return self.magic_counter(1)

    def magic_counter(self, n):
        # CR 1022.1: "put N magic counters on this card" (a magic stone's: the MANA word, cost_magic), on the card
        # while it is in the field (Op.MANA_COUNTER a2 = 1); on another card named counters "magic" (session 21)
        if self.card.get("type") != "magic_stone":
            return [({"op": "counter", "count": _fixed(n), "name": "magic"}, self.t_self())]
        _magic_counters_here(self.card)
        return [({"op": "mana_counter", "count": _fixed(n), "on": "self"}, None)]

    def make_token(self, n, desc):
        # CR 1303: tokens with the ATK/DEF, attributes, race and keywords printed; CR 1303.1b: a resonator; CR
        # 1303.1c: under the control of the effect's controller ("into the field" too). The importer makes the token's
        # card row from ``_token`` (importer._token_cards) and names it in ``token``
        if n == "X":  # session 28: "put X <tokens> into the field, where X is ..." (MAKE_TOKEN a2 < 0)
            return [({"op": "make_token", "count": "X", "_token": desc}, None)]
        n = _fixed(n)
        if not 1 <= n <= 5:
            raise Unsupported(f"{n} tokens")
        return [({"op": "make_token", "count": n, "_token": desc}, None)]

    def each_make_token(self, n, desc):
        # "each player puts ... into the field": each player's tokens under their control (CR 1303.1c: specified
        # otherwise), the effect's controller's first
        ops = self.make_token(n, desc)
        return ops + [({**ops[0][0], "who": "opponent"}, None)]

    def token_desc(self, power, *rest):
        atk, dfn = _power(power)
        if atk < 0 or dfn <= 0:
            raise Unsupported("a token with no DEF or a negative ATK")
        attrs = [a for a in rest if isinstance(a, str) and not isinstance(a, Token)]
        race = next(str(t).split(":", 1)[1][:-1] for t in rest if isinstance(t, Token) and t.type == "RACE")
        kws = next((k for k in rest if isinstance(k, list)), [])
        return {"atk": atk, "defense": dfn, "attribute": list(dict.fromkeys(attrs)), "races": [race],
                "keywords": list(kws)}

    # ---------------- will produced ----------------
    def _will_name(self, tok):
        s = str(tok)[1:-1]
        if s in _SYM:
            return _SYM[s]
        if s == "1":
            return "void"  # CR 907: {1} is a void will
        if s == "m":
            return "moon"  # CR 907.6a: one will with the moon characteristic, no attribute
        raise Unsupported(f"producing {{{s}}}")

    # ---------------- selections ----------------
    def race(self, tok):
        if str(tok).startswith("<race2:"):
            return self._race_either(tok)
        return {"race": str(tok).split(":", 1)[1][:-1]}

    def race_noun(self, tok):
        if str(tok).startswith("<race2:"):
            return {**self._race_either(tok), "_race_noun": True}
        return {"race": str(tok).split(":", 1)[1][:-1], "_race_noun": True}

    def _race_either(self, tok):
        # "Skeleton or Zombie" (session 22, CR 205; normalise_line marks "<race2:A|B>"): a card of either race
        a, b = str(tok).split(":", 1)[1][:-1].split("|")
        return {"race": a, "race_or": b}

    def t_one(self, flt):
        return _Sel("choose", _target_filter(flt))

    def t_one_other(self, other, flt):
        return _Sel("choose", _target_filter(_filter(other, flt)))

    def t_up_to(self, n, flt):
        return _Sel("choose", _target_filter(flt), _fixed(n), True)

    def t_count(self, n, flt):
        return _Sel("choose", _target_filter(flt), _fixed(n), False)

    def t_all(self, *parts):
        return _Sel("all", _all_filter(_filter(*[p for p in parts if p is not None])))

    def t_each(self, *parts):
        return _Sel("all", _all_filter(_filter(*[p for p in parts if p is not None])))

    def t_all_named(self, q, side):
        # session 32 (s32b): "cards named "<name>" you control / your opponent controls" (CR 202)
        return _Sel("all", _all_filter({"name": str(q)[1:-1], "_entity": True, **side}))

    def t_all_implicit(self, *parts):
        return _Sel("all", _all_filter(_filter(*[p for p in parts if p is not None])))

    def t_all_hand(self, *parts):
        # "<cards> in your hand" (session 18): only as the cards a continuous ability gives [Quickcast] (CR 1111.2;
        # _Body.aura); anywhere else unsupported (_Body.ops)
        flt = dict(_filter(*[p for p in parts if p is not None]))
        flt.pop("_race_noun", None)
        if flt.pop("zone", "field") not in ("field", "chase") or set(flt) - {"type", "attribute", "race", "name"}:
            raise Unsupported("'<cards> in your hand' of more than their characteristics")
        return _Sel("all", {**flt, "zone": "hand", "side": "own"})

    def t_self(self):
        if self.card.get("type") in ("chant", "rune"):
            raise Unsupported("'this card' as the object of a chant's effect")
        return _Sel("self")

    # ---------------- targets in your graveyard (CR 903.2g) ----------------
    def _grave_filter(self, flt):
        f = dict(flt)
        f.pop("_race_noun", None)
        if f.get("zone") == "chase" and f.get("type") == ["chant"]:
            del f["zone"]  # "chant" names a spell on the chase; here a chant card in the graveyard
        if f.get("_not") and not {"_entity", "_basic", "side", "state", "exclude_self", "zone"} & set(f):
            # session 33 (s33c): "target non-magic stone card from your graveyard": the other card types a graveyard may
            # hold (CR 201.2, 310; as the removed area's, put_from_removed)
            f = _not_types(f)
        if {"_not", "_entity", "_basic", "side", "state", "exclude_self", "zone"} & set(f):
            raise Unsupported("a graveyard target with a side, a state, 'other' or 'non-'")
        f["zone"] = "graveyard"
        f["side"] = "own"  # "your graveyard": off the field a card is its owner's (CR 105.3a)
        return f

    def g_one(self, flt):
        return _Sel("choose", self._grave_filter(flt))

    def g_one_other(self, _other, flt):
        # session 33 (s33c): "another target <card> from your graveyard": other than this card, which is there only in
        # an ability that triggers as it is put there from the field (_self_grave: Body.ops(from_grave=True), CR 906.7b)
        return _Sel("choose", {**self._grave_filter(flt), "exclude_self": True, "_other_grave": True})

    def g_self(self):
        # "this card from your graveyard" (session 24): the card itself (Op TARGET_SELF), moved only if it is still in a
        # graveyard (GRAVE_TO_HAND / GRAVE_TO_FIELD); allowed only where the ability triggered as it was put into a
        # graveyard from the field (Body.ops(from_grave=True), automatic)
        return _Sel("self", {"side": "own", "zone": "graveyard"})

    # "target <card> from a graveyard / from your opponent's graveyard" (CR 903.2g): a graveyard card is its owner's
    # (CR 105.3a); only put into the field (CR 307.7: under this effect's controller's control), see grave_to_hand
    def g_one_any(self, flt):
        return _Sel("choose", {**self._grave_filter(flt), "side": "any"})

    def g_one_opp(self, flt):
        return _Sel("choose", {**self._grave_filter(flt), "side": "opponent"})

    def g_up_to(self, n, flt):
        return _Sel("choose", self._grave_filter(flt), _fixed(n), True)

    def g_count(self, n, flt):
        return _Sel("choose", self._grave_filter(flt), _fixed(n), False)

    # session 32: "target <card> in a / your / your opponent's graveyard" (CR 903.2g): a graveyard target (_grave_filter)
    def gw_in_any(self):
        return "any"

    def gw_in_yours(self):
        return "own"

    def gw_in_opp(self):
        return "opponent"

    def gi_one(self, flt, side):
        return _Sel("choose", {**self._grave_filter(flt), "side": side})

    def gi_up_to(self, n, flt, side):
        return _Sel("choose", {**self._grave_filter(flt), "side": side}, _fixed(n), True)

    def grave_remove(self, sel):
        # session 32: "remove target <card> in a graveyard from the game" (CR 1004.1): Op.GRAVE_REMOVE
        return [({"op": "grave_remove"}, sel)]

    def removed_target_to_hand(self, flt):
        # session 34 (s34a): "put target <card> from your removed area into your hand" (CR 903.2g: a target in its
        # controller's removed area, public, CR 311.2; off the field a card is its owner's, CR 105.3a): Op.REMOVED_TO_HAND
        f = self._grave_filter(flt)
        f["zone"] = "removed"
        return [({"op": "removed_to_hand"}, _Sel("choose", f))]

    def grave_to_hand(self, sel):
        if sel.kind == "self":
            return [({"op": "grave_to_hand", "_self_grave": True}, sel)]
        if sel.filter.get("side") != "own":
            # the op moves a card to its owner's hand: "into your hand" from another player's graveyard is not that
            raise Unsupported("a card of another player's graveyard into your hand")
        return [({"op": "grave_to_hand", **_other_grave(sel)}, sel)]

    def grave_to_field(self, sel, rested=False):
        # CR 307.7 under this effect's controller's control; any card (effects.effect_to_field: a chant goes to the
        # graveyard instead, CR 316.4; an addition with a subtype other than Field is added to a card of that type,
        # chosen by its controller, or stays in the graveyard, CR 1406.3)
        op = {"op": "grave_to_field", **_other_grave(sel)}
        if sel.kind == "self":
            op["_self_grave"] = True
        if rested:
            op["rested"] = True
        return [(op, sel)]

    def grave_to_field_rested(self, sel):
        return self.grave_to_field(sel, True)

    def t_prev(self, *_):
        return _Sel("prev")

    def t_that(self, *_):
        return _Sel("prev", {"_that": True})  # "that resonator": never this card itself (_assemble)

    def t_your_jruler(self, *_):
        return _Sel("all", {"type": ["j_ruler"], "side": "own"})  # a J-ruler is in the field (CR 307.6)

    def t_your_j_or_ruler(self, *_):
        raise Unsupported("'your J/ruler' (a ruler in the ruler area is no entity of the field here)")

    def t_your_ruler(self, *_):
        # the ruler in its controller's ruler area (CR 308): only rested or recovered here (body checks it)
        return _Sel("all", {"type": ["ruler"], "side": "own", "zone": "ruler_area"})

    def other(self, *_):
        if self.card.get("type") in ("chant", "rune"):
            raise Unsupported("'other' on a chant")
        return {"exclude_self": True}

    def filter(self, *parts):
        out = _filter(*[p for p in parts if p is not None])
        if out.pop("_entered_side", False):  # "that entered your field / the field under your control this turn"
            if out.get("side", "own") != "own":
                raise Unsupported("a card of your opponent's that entered your field")
            if "side" not in out:
                out["_entered_any"] = True  # no "you control": the ones that have left since entered too
            out["side"] = "own"
        if out.get("type") == ["magic_stone"] and "attribute" in out:
            # CR 201.4c: "fire magic stone" names the magic stone type Fire Magic Stone (the cards with that type),
            # not a magic stone with the fire attribute (a basic magic stone has none, CR 208.4)
            out["type"] = [f"{a}_magic_stone" for a in out.pop("attribute")]
        return out

    filter_pl = filter

    def own(self):
        return {"side": "own"}

    def opponent(self):
        return {"side": "opponent"}

    def side(self, x):
        return x

    side_pl = side

    def quals(self, *qs):
        return _filter(*qs)

    def cost_max(self, n):
        return {"cost_max": int(n)}

    def cost_min(self, n):
        return {"cost_min": int(n)}

    def cost_max_x(self):
        # "with total cost X or less" (session 22, CR 903.2f): X chosen as this chant / rune is played (FowFilter.cost_x,
        # read by filters.filter_core on the card's chase entry); not a target's (the pool compiler refuses it: the
        # engine offers the card when a target exists, before X is chosen, and would offer an X leaving none)
        self._x("total cost X")
        return {"cost_x": "max"}

    def cost_eq_x(self):
        self._x("total cost X")
        return {"cost_x": "eq"}

    def cost_eq(self, n):
        return {"cost_min": int(n), "cost_max": int(n)}

    def with_mark(self, mark):
        if mark is None:
            raise Unsupported("a filter of cards with <<Bond>> / <<War>>")
        return {"mark": [mark]}  # FowFilter.mark: any of these printed marks

    def with_keyword(self, kw):
        # "<cards> with [Flying]" (session 27, CR 1100s): one of the keywords it has now (FowFilter.keyword)
        if kw not in _BATTLE_KW:
            raise Unsupported(f"a filter of cards with [{kw}]")
        return {"keyword": [kw]}

    def without_keyword(self, kw):
        if kw not in _BATTLE_KW:
            raise Unsupported(f"a filter of cards without [{kw}]")
        return {"not_keyword": [kw]}

    def atk_max(self, n):
        return {"atk_max": int(n)}

    def atk_min(self, n):
        return {"atk_min": int(n)}

    def adjs(self, *a):
        nots = [t for x in a if isinstance(x, dict) for t in x.get("_not", [])]
        out = _filter(*[x for x in a if not (isinstance(x, dict) and "_not" in x)])
        if nots:
            out["_not"] = nots
        return out

    def attrs(self, *a):
        return {"attribute": list(dict.fromkeys(a))}

    def recovered(self):
        return {"state": "recovered"}

    def rested(self):
        return {"state": "rested"}

    # the J/resonators in the battle now (CR 803, 804: filters.filter_core reads ATTACKER / BLOCKER)
    def attacking(self):
        return {"state": "attacking"}

    def blocking(self):
        return {"state": "blocking"}

    def attacking_or_blocking(self):
        return {"state": "attacking_or_blocking"}

    def damaged(self):
        return {"state": "damaged"}  # CR 1007.1: with damage on it (filters.filter_core reads DAMAGE)

    def entered_this_turn(self):
        # "that entered your field / the field under your control this turn": ENTERED is the turn it last entered the
        # field (zones.enter_field); the engine changes no card's control in the field. "your field" / "under your
        # control": one of yours (filter: without "you control", counted ones may have left: _per_filter)
        return {"state": "entered_this_turn", "_entered_side": True}

    def entered_this_turn_any(self):
        return {"state": "entered_this_turn", "_entered_any": True}

    def power_not_printed(self):
        # session 34 (s34a): "with ATK different from its printed ATK or DEF different from its printed DEF" (CR 909.7: the
        # printed values are those without continuous effects; CardState.POWER_NOT_PRINTED)
        return {"state": "power_not_printed"}

    def was_dealt_damage(self):
        # "<card> that was dealt damage this turn" (CR 1007.1): dealt damage since this turn began, in its zone (session
        # 21: a bit of its USED_TURN word; before, "damaged", the approximation dealt_damage_as_damaged)
        return {"state": "dealt_damage_this_turn"}

    # "non-<type>": the noun's card types but that one ("non-magic stone, non-J-ruler entity")
    def non_j_ruler(self):
        return {"_not": ["j_ruler"]}

    # session 32: "basic / special / non-special / non-basic magic stone" (CR 402.4b: a magic stone is basic or special;
    # _stone_kind makes it FowFilter.stone)
    def adj_basic(self):
        return {"_basic": True}

    def adj_special(self):
        return {"_special": True}

    non_special = adj_basic
    non_basic = adj_special

    def non_magic_stone(self):
        return {"_not": ["magic_stone"]}

    def non_j_resonator(self):
        return {"_not": ["resonator", "j_ruler"]}

    def non_resonator(self):
        return {"_not": ["resonator"]}

    def not_named(self, q):
        # session 33 (s33c): "<card> not named "<name>"" (CR 202): neither of its names that one (F_NAME with NAME_NOT)
        return {"not_name": str(q)[1:-1]}

    def no_attribute(self):
        # "<cards> with no attribute": void cards (CR 208.4), those with none of the five (FowFilter.not_attribute)
        return {"not_attribute": list(_SYM.values())}

    def non_race(self, tok):
        # "non-Golem <cards>" (session 24, CR 205): the cards with neither race slot that race (FowFilter.not_race)
        if not str(tok).startswith("<race:"):
            raise Unsupported("'non-' before two races")
        return {"not_race": str(tok).split(":", 1)[1][:-1]}

    def non_attr(self, a):
        # "non-darkness <cards>": the cards without that attribute, void ones included (CR 208: a card with several
        # attributes has each; FowFilter.not_attribute)
        return {"not_attribute": [a]}

    def light(self):
        return "light"

    def fire(self):
        return "fire"

    def water(self):
        return "water"

    def wind(self):
        return "wind"

    def darkness(self):
        return "darkness"

    # ---------------- counts, mods, durations ----------------
    def one(self):
        return 1

    def count_cards(self, n):
        return n






    def _x(self, what, where=False):
        # CR 903.2f / 903.3c: X is chosen as a chant whose cost has {X} is played; session 28: or the line says what X
        # is ("..., where X is <count>": where_x_sentence sets it as the sentence resolves)
        if where and getattr(self, "_where_x", False) and not self.card.get("x"):
            return
        if not self.card.get("x") or self.card.get("type") not in ("chant", "rune"):
            raise Unsupported(f"{what} on a card whose cost has no {{X}}")

    def n_x(self):
        self._x("X cards", where=True)
        return "X"

    def x00(self):
        self._x("X00", where=True)
        return "X00"

    def x_raw(self):
        # "deals X damage, where X is the ATK of this card / your life" (session 28): X an amount in hundreds
        if not getattr(self, "_where_x", False) or self.card.get("x"):
            raise Unsupported("X damage without 'where X is' (X is a number of hundreds only so)")
        return "Xh"

    def amount(self, t):
        return _hundreds(t)






    def n_int(self, t):
        n = int(t)
        if not 1 <= n <= 8:
            raise Unsupported(f"a count of {n}")
        return n

    def mods_power(self, p):
        return _power(p), []

    def mods_kw(self, kws):
        return None, kws

    def mods_both(self, p, kws):
        return _power(p), kws

    def kwlist(self, *kws):
        for k in kws:
            if k not in _BATTLE_KW and k != "quickcast":  # [Quickcast]: only to hand cards (_Body.aura)
                raise Unsupported(f"granting [{k}]")
        return list(dict.fromkeys(kws))

    def r_attack(self):
        return ["cant_attack"]

    def r_block(self):
        return ["cant_block"]

    def r_attack_player(self):
        return ["cant_attack_player"]  # CR 803.3b: only an opponent's J/resonator is its attacked object

    def r_attack_resonators(self):
        # session 34 (s34a): CR 803.3b, an attacker's attacked objects are the opponent and the opponent's rested
        # J/resonators: "resonators [you control]" (with two players only the opponent's are attacked) leaves its J-ruler
        return ["cant_attack_resonators"]

    def r_attack_block(self):
        return ["cant_attack", "cant_block"]

    def r_recover(self):
        return ["cant_recover"]

    def until_eot(self):
        return "end_of_turn"

    # ---------------- session 32 (s32b): continuous abilities ----------------
    def unless_sentence(self, *args):
        # "<clauses> unless <condition>." (CR 904): a continuous ability that applies as long as the condition does not
        # hold; "unless it's damaged": the card whose ability it is, with damage on it (CR 1007.1)
        *items, cond = args
        if cond.get("kind") == "_it_is" and cond["filter"] == {"state": "damaged"}:
            neg = {"kind": "control_none", "value": 1, "filter": {"self_only": True, "state": "damaged", "side": "own"}}
        else:
            neg = _negated(cond)
        return [(c, o, neg) for c, o in self.sentence(*items)]

    def r_unattackable_unblockable(self):
        return ["cant_be_attacked", "cant_be_blocked"]  # CR 803.3b, 804.3

    def gain_and_cannot(self, sel, verb, mods, restr, duration=None):
        # "<cards> gain <mods> and "This card cannot be blocked."" (session 32): the granted ability restricts the card
        # that has it (the same card as the gain's)
        return self.gain(sel, verb, mods, duration) + self.cannot(sel, restr, duration)

    def _count_at_least(self, n, per):
        n = _fixed(n)
        if not 1 <= n <= 255:
            raise Unsupported(f"a condition on a count of {n}")
        return {"kind": "count_at_least", "value": n, "per": per}

    def deck_grave_to_field(self, *args):
        # "If this card would be put into your graveyard from your deck, put it into the field instead." (CR 910.1): the
        # resonator's own replacement, read in its owner's main deck (zones.to_graveyard: every move of a main deck's card
        # to the graveyard goes through it), enters the field under its owner's control (CR 307.7)
        source, grave = args[0], args[1]
        if source != {"self_only": True} or grave != "you":
            raise Unsupported("'would be put into a graveyard from your deck' of another card or another graveyard")
        if self.card.get("type") != "resonator":
            raise Unsupported("'put it into the field instead' on a card that is not a resonator")
        return [{"kind": "continuous", "effect": [{"op": "deck_grave_to_field"}]}]

    def bh_blocked(self):
        return ["blocked"]

    def bh_attacked(self):
        return ["attacked"]

    def bh_both(self):
        return ["attacked", "blocked"]

    def cannot_by(self, sel, how, flt):
        # "This card cannot be blocked / attacked by <cards>." (CR 804.3, 803.3b): the card's own continuous ability
        # (Op.BARRED_BY; battle.can_block_now / attackable read it with the other card's characteristics now)
        if sel.kind != "self":
            raise Unsupported("'cannot be blocked by <cards>' of another card than this one")
        flt = _target_filter(flt)
        if flt.get("zone", "field") != "field" or flt.get("side") == "own":
            raise Unsupported("'cannot be blocked by' cards that do not block it")
        return [({"op": "_barred_by", "by": how, "filter": flt}, sel)]

    def enter_rested_cards(self, sel):
        # "<cards> enter the field rested." (CR 904): a continuous ability's only effect (_Body.aura)
        if sel.kind != "all":
            raise Unsupported("'enter the field rested' of cards other than a group")
        return [({"op": "_enter_rested"}, sel)]

    def c_no_self_counters(self):
        # "as long as there are no [+100/+100] counters on it" (CR 1022: their net count, Per.SELF_COUNTERS, fewer than one)
        return {"kind": "count_fewer", "value": 1, "per": {"count": "self_counters"}, "_it": True}

    def c_it_has_named(self, name):
        # "as long as it has a glass counter on it" (CR 1022.1): "it" is the card whose continuous ability it is (an "if"
        # sentence's "it" may be another card: refused there, as "_it")
        return {**self.c_named_one(name, self.from_self()), "_it": True}

    def per_standby(self):
        return {"count": "standby"}  # CR 310: its controller's standby area (Per.STANDBY)

    def c_removed_n(self, n):
        return self._count_at_least(n, {"count": "removed"})  # CR 311: its controller's removed area (Per.REMOVED)

    def c_opp_removed_n(self, n):
        return self._count_at_least(n, {"count": "opp_removed"})

    def c_gems_n(self, n):
        return self._count_at_least(n, {"count": "gems"})  # CR 313.1: the gems of its controller's item area


# the nouns: card types of a filter (FowFilter.type) and where they are
_NOUNS: dict[str, dict] = {
    "n_resonator": {"type": ["resonator"]},
    "n_j_resonator": {"type": ["j_resonator"]},
    "n_addition": {"type": ["addition"]},
    "n_regalia": {"type": ["regalia"]},
    "n_chant": {"type": ["chant"], "zone": "chase"},
    "n_resonator_spell": {"type": ["resonator"], "zone": "chase"},  # CR 1407: a resonator on the chase
    "n_spell": {"type": ["chant", "resonator", "addition", "regalia"], "zone": "chase"},  # CR 1407: a spell on the chase
    "n_rune": {"type": ["rune"]},
    "n_card": {},
    "n_entity": {"_entity": True},
    "n_j_ruler_or_ruler": {"type": ["j_ruler_or_ruler"]},
    "n_ruler": {"type": ["ruler"]},
    "n_j_ruler": {"type": ["j_ruler"]},
    "n_magic_stone": {"type": ["magic_stone"]},
    "n_magic_stone_basic": {"type": ["magic_stone"], "_basic": True},
    "n_magic_stone_special": {"type": ["magic_stone"], "_special": True},  # session 32: FowFilter.stone (CR 402.4b)
    "n_resonator_addition": {"type": ["resonator", "addition"]},
    "n_addition_regalia": {"type": ["addition", "regalia"]},
}


_ENTITY_TYPES = ["resonator", "j_ruler", "addition", "regalia", "magic_stone"]  # in the field (CR 307.6)


def _may_be_of(ctype: str | None, types: list[str]) -> bool:
    """May a card of type ``ctype`` match a filter of card types ``types`` (J/resonator: a J-ruler or a resonator,
    CR 201.2b; a magic stone type: a magic stone)?"""
    if ctype in types or ctype is None:
        return True
    if ctype in ("resonator", "j_ruler") and "j_resonator" in types:
        return True
    if ctype in ("ruler", "j_ruler") and any("ruler" in t for t in types):
        return True
    return ctype == "magic_stone" and any(t.endswith("magic_stone") for t in types)


def _one_time_per(op: dict, sel, on_field: bool) -> list:
    per = op["_per"]
    if op.get("_x_card"):
        raise Unsupported("'for each' on a card whose cost has {X}")
    if not on_field and (per.get("filter") or {}).get("exclude_self"):
        raise Unsupported("'for each other' on a chant")
    return [({"op": "set_x", "per": per, "times": 1}, None),
            ({"op": "power_x", "atk": op["atk"], "defense": op["defense"], "duration": op["duration"]}, sel)]


def _target_filter(f: dict) -> dict:
    f = dict(f)
    if f.pop("_different_names", False):
        raise Unsupported("'<cards> with different names' outside a count")
    if f.pop("_and_ruler", False):
        raise Unsupported("'ruler or entity' outside a count (a filter has one zone)")
    f.pop("_entered_any", None)  # (read by _per_filter only)
    nots = f.pop("_not", None)
    if nots:
        if f.get("zone", "field") == "field" and (f.pop("_entity", False) or "type" not in f):
            base = _ENTITY_TYPES  # "non-magic stone card / entity": the other entities
        elif "type" in f:
            base = f["type"]
        else:
            raise Unsupported("'non-<type>' of a noun that is no card type")
        f["type"] = [t for t in base if t not in nots]
        if not f["type"] or f["type"] == base:
            raise Unsupported("'non-<type>' that excludes nothing or everything")
    if f.pop("_entity", False) and f.get("zone", "field") == "field":
        return f  # an entity: any card in the field (CR 307.6)
    _stone_kind(f)
    if f.pop("_race_noun", False) and "type" not in f:
        return f  # "target Vampire": any card of that race in the field (CR 1403)
    if "type" not in f:
        raise Unsupported("a target 'card' of any type")
    if "j_ruler_or_ruler" in f["type"] and f.get("zone", "field") == "field":
        # CR 201.2b: a J/ruler is the J-ruler in the field or the ruler in its ruler area (CR 308); a filter
        # has one zone: with "field" the ruler would never match
        raise Unsupported("'J/ruler' in the field or the ruler area (a filter has one zone)")
    if f.get("zone") == "chase" and (f.get("state") or "atk_min" in f or "atk_max" in f):
        raise Unsupported("a spell filter with a field state")
    return f


def _stone_kind(f: dict) -> None:
    """Session 32: "basic / special / non-special magic stone" (CR 402.4b) as the filter's ``stone`` (FowFilter.stone), of
    magic stones only."""
    basic, special = f.pop("_basic", False), f.pop("_special", False)
    if not (basic or special):
        return
    if basic and special:
        raise Unsupported("'basic' and 'special' magic stone")
    if not f.get("type") or any(t != "magic_stone" and not t.endswith("_magic_stone") for t in f["type"]):
        raise Unsupported("'basic' / 'special' of other than magic stones")
    f["stone"] = "basic" if basic else "special"


def _all_filter(f: dict) -> dict:
    f = _target_filter(f)
    if f.get("zone") == "chase":
        raise Unsupported("every spell on the chase")
    return f


def _fixed(n) -> int:
    if not isinstance(n, int):
        raise Unsupported("X as a number of targets or counters")
    return n


def _power(tok) -> tuple[int, int]:
    m = re.fullmatch(r"\[([+-]?\d+)\s*/\s*([+-]?\d+)\]", str(tok))
    atk, dfn = int(m[1]), int(m[2])
    if atk % 100 or dfn % 100 or abs(atk) > 20000 or abs(dfn) > 20000:
        raise Unsupported("ATK/DEF not in hundreds")
    return atk, dfn


def _hundreds(t) -> int:
    if isinstance(t, str) and not isinstance(t, Token) and t in ("X00", "Xh"):
        return t  # an amount of X (CR 903.3c; session 28: "where X is ...")
    n = int(t)
    if n <= 0 or n % 100 or n > 20000:
        raise Unsupported(f"an amount of {n}")
    return n


def _life(t) -> int:
    n = _hundreds(t)
    if isinstance(n, str):
        return n  # X00 (session 28)
    if n > 8000:
        raise Unsupported(f"a life amount of {n}")
    return n


class _Body:
    """The clauses of an ability's text: a list of (op, selection) lists, whether it is optional
    ("you may"); assembled into an effect program (:meth:`ops`) or read as a continuous aura."""

    def __init__(self, clauses: list, optional: bool, on_field: bool):
        self.clauses, self.optional, self.on_field = clauses, optional, on_field
        self.condition: dict | None = None  # "as long as ...": only a continuous ability has one
        self.mode_cond: dict | None = None  # a mode's own condition (session 24: "Choose this option only if ...")

    def ops(self, will: bool = False, trigger_card: bool = False, bare_it: bool = True,
            produce: bool = False, from_grave: bool = False) -> list[dict]:
        if self.condition is not None:
            raise Unsupported("'as long as' in an effect (only continuous abilities have a lasting condition)")
        if not from_grave and any(op and op.get("_self_grave") for c in self.clauses for op, _ in c):
            raise Unsupported("'this card from your graveyard' outside an ability that triggers as it is put there")
        if any("_per" in op for c in self.clauses for op, _ in c if op):
            # a one-time "<targets> gain [+N/+N] for each <cards>." (session 28): SET_X of the count, POWER_X for good
            self.clauses = [[y for op, sel in c for y in (_one_time_per(op, sel, self.on_field) if op and "_per" in op
                                                         else [(op, sel)])] for c in self.clauses]
        if any(sel is not None and (sel.filter or {}).get("zone") == "hand" for c in self.clauses for _, sel in c):
            raise Unsupported("'<cards> in your hand' in an effect (only a continuous [Quickcast] reads it)")
        if any(op and op.get("op") == "grant_keyword" and "quickcast" in op["keywords"] for c in self.clauses for op, _ in c):
            raise Unsupported("granting [Quickcast] in an effect")
        out = _assemble(self.clauses, self.on_field, trigger_card, bare_it)
        for op in out:
            op.pop("_self_grave", None)
        if not (will or produce) and any(op["op"] == "produce_will" for op in out):
            raise Unsupported("producing will outside a will ability (CR 907)")
        if any(op["op"] == "_spend_only" for op in out) and not will:
            raise Unsupported("'spend this will only' outside a will ability")
        if any(op["op"] == "_no_recover_phase" for op in out):
            raise Unsupported("'doesn't recover during the recovery phase' in a one-time effect (for how long)")
        if any(op["op"] in ("_prevent_cont", "_damage_mod") for op in out):
            raise Unsupported("a lasting prevention in a one-time effect (without 'this turn')")
        return out

    def aura(self) -> list[dict] | None:
        """"<cards> gain <mods>." / "<cards> cannot attack." without a duration (CR 904): the aura
        ops, else None."""
        if not self.optional and len(self.clauses) > 1:
            return self._aura_if_it()
        if self.optional or len(self.clauses) != 1:
            return None
        out = []
        if [op["op"] for op, _ in self.clauses[0]] == ["_eternal"]:
            return "_eternal"
        for op, sel in self.clauses[0]:
            if op["op"] == "_damage_mod":
                out.append({k: v for k, v in op.items() if k != "op"} | {"op": "damage_mod"})
                continue
            if op["op"] == "_barred_by" and sel is not None and sel.kind == "self":
                out.append({"op": "barred_by", "by": op["by"], "filter": op["filter"]})  # session 32 (battle.py)
                continue
            if op["op"] == "_no_recover_phase" and sel is not None and sel.kind in ("all", "self"):
                # session 34 (s34a): CR 503.5, the cards stay rested in every recovery phase while it is in force
                out.append({"op": "aura_restrict", "restrictions": ["cant_recover"],
                            "filter": dict(sel.filter) if sel.kind == "all" else {"self_only": True}})
                continue
            if op["op"] == "_enter_rested" and sel is not None and sel.kind == "all":
                out.append({"op": "enter_rested", "filter": dict(sel.filter)})  # session 32 (zones.enter_field)
                continue
            if op["op"] == "_prevent_cont" and sel is not None and sel.kind in ("all", "self"):
                # CR 1018.1: "prevent all damage that would be dealt to <cards>" (1018.1b), "prevent N of it"
                # (1018.1a), "if this card would be dealt N or less damage, prevent it" (replacement.py)
                flt = dict(sel.filter) if sel.kind == "all" else {"self_only": True}
                out.append({"op": "prevent_damage", "amount": op["amount"], "filter": flt,
                            **({"at_most": True} if op.get("at_most") else {}),
                            **({"source": op["source"]} if op.get("source") else {})})
                continue
            if sel is None or sel.kind not in ("all", "self") or op.get("duration") != "permanent":
                return None
            flt = dict(sel.filter) if sel.kind == "all" else {"self_only": True}  # "this card gains ..."
            if (flt.get("zone") == "hand") != (op["op"] == "grant_keyword" and "quickcast" in op["keywords"]) or \
                    (flt.get("zone") == "hand" and op["keywords"] != ["quickcast"]):
                return None  # "<cards> in your hand gain [Quickcast]." only (CR 1111.2; play.hand_quickcast)
            if op["op"] == "power":
                out.append({"op": "aura_power", "atk": op["atk"], "defense": op["defense"], "filter": flt})
                if "_per" in op:
                    out[-1]["per"] = op["_per"]  # "for each ..." (AURA_PER)
            elif op["op"] == "grant_keyword":
                out.append({"op": "aura_keyword", "keywords": op["keywords"], "filter": flt})
            elif op["op"] == "restrict":
                if "cant_recover" in op["restrictions"]:
                    return None  # turn.recover_all reads a one-time effect's restriction only, not an aura's
                out.append({"op": "aura_restrict", "restrictions": op["restrictions"], "filter": flt})
            else:
                return None
        return out or None


    def _aura_if_it(self) -> list[dict] | None:
        """Session 32 (s32b): "Added resonator gains A. If it's a <race / attribute>, it [also] gains B [instead]." (CR
        904): "it" is each card the first sentence's cards are, so B applies to those of them that are such a card (their
        filter with the race / attribute), and A with "instead" to the others (the filter with "non-")."""
        first = self.clauses[0]
        neg = None
        if first and first[0][0].get("op") == "_if":
            cond = first[0][0]["condition"]
            if cond.get("kind") != "_it_is_not":
                return None
            neg, first = cond["filter"], first[1:]
        sels = {id(sel) for _, sel in first}
        if not first or len(sels) != 1 or first[0][1] is None or first[0][1].kind != "all":
            return None
        base = dict(first[0][1].filter)
        out = []
        parts = [(first, _negated_filter(neg) if neg is not None else {})]
        for c in self.clauses[1:]:
            if not c or c[0][0].get("op") != "_if" or c[0][0]["condition"].get("kind") != "_it_is" or \
                    any(sel is None or sel.kind != "prev" for _, sel in c[1:]) or len(c) < 2:
                return None
            parts.append((c[1:], dict(c[0][0]["condition"]["filter"])))
        for ops, extra in parts:
            if extra is None or set(extra) & set(base):
                return None
            sel = _Sel("all", {**base, **extra})
            b = _Body([[(op, sel) for op, _ in ops]], False, self.on_field)
            a = b.aura()
            if a is None or a == "_eternal":
                return None
            out += a
        return out


def _negated_filter(f: dict) -> dict | None:
    """The filter of the cards that are not ``f``'s (a race, an attribute), None for another."""
    if set(f) == {"race"}:
        return {"not_race": f["race"]}
    if set(f) == {"attribute"}:
        return {"not_attribute": f["attribute"]}
    return None


class _CondBodies:
    """Session 32 (s32b): "As long as A, <X>. As long as B, <Y>." (CR 904): the bodies of one continuous ability each, with
    its own condition; no effect (an ability with a trigger or a cost, or a chant, refuses it)."""

    optional = False
    condition = None

    def __init__(self, bodies: list[_Body]):
        self.bodies = bodies

    def ops(self, *_, **__):
        raise Unsupported("'as long as' for part of a text")

    def aura(self):
        return None


class _Modes:
    """"Choose one - A; or B" (CR 903.2e): the modes' bodies, assembled into one SELECT_MODE op (each mode a
    program of its own, with its own target registers); never optional, never an aura."""

    optional = False
    condition = None
    # an activate ability's (session 23): the mode is chosen as it is played (CR 905.2b, 903.2e), after its costs are
    # paid (play.activate) as its targets are (priority.ask_mode, run for its MODE_TARGETS frame)
    in_activate = False
    at_random = False  # "Choose one at random" (session 24: SELECT_MODE a2 = MODE_AT_RANDOM)

    def __init__(self, modes: list[_Body]):
        self.modes = modes

    def ops(self, will: bool = False, trigger_card: bool = False, bare_it: bool = True,
            produce: bool = False, from_grave: bool = False) -> list[dict]:
        if will and not self.in_activate:
            raise Unsupported("a choice of modes in an activate ability")
        op = {"op": "select_mode", "modes": [m.ops(bare_it=bare_it, from_grave=from_grave, produce=produce)
                                             for m in self.modes]}
        conds = [getattr(m, "mode_cond", None) for m in self.modes]
        if any(c is not None for c in conds):
            op["conditions"] = conds  # session 24: effects.mode_allowed
        if self.at_random:
            op["at_random"] = True
        return [op]

    def aura(self):
        return None


# session 28: the revealed runes of the rune area (no op reveals a rune or turns one face down)
_NOT_KIND = {"weather_is": "weather_is_not", "ruler_named": "ruler_not_named",
             "runes_revealed_at_least": "runes_revealed_fewer", "rune_attributes": "rune_attributes_not"}


# session 32 (s32b): "unless <condition>": the kind that holds when it does not
_NEGATED_KIND = {"weather_is": "weather_is_not", "ruler_named": "ruler_not_named", "count_at_least": "count_fewer",
                 "ruler_matches": "ruler_matches_none"}


def _negated(cond: dict) -> dict:
    kind = cond.get("kind")
    if kind == "control_at_least" and cond.get("value") == 1:
        return {**cond, "kind": "control_none"}  # "unless you control a <card>"
    if kind not in _NEGATED_KIND:
        raise Unsupported("'unless' a condition the engine cannot test for not holding")
    return {**cond, "kind": _NEGATED_KIND[kind]}


def _not(cond: dict, ops: list, first: list = ()) -> dict:
    """The condition that holds when ``cond`` does not (the other branch of "... instead"). Both branches test it in
    turn, so neither may change it: how the card was played cannot change; a J/ruler's name is changed by no op; the
    weather by the weather op only."""
    kind = cond.get("kind")
    if kind == "awakened":
        return {**cond, "value": 1 - cond["value"]}
    if kind == "_it_is":
        # "A on <target>. If it's a <card>, B instead.": A when it is not; A's own selection (its first), known once A
        # is assembled (_assemble: deferred); neither branch changes what the card is (no op changes a characteristic
        # that a filter tests but POWER's ATK: no ATK bound here)
        if "atk_min" in cond["filter"] or "atk_max" in cond["filter"]:
            raise Unsupported("'if it's' with an ATK bound, '... instead'")
        return {**cond, "kind": "_it_is_not", "_deferred": True}
    if kind in _NOT_CONTROL:
        # session 32: "A. If you control (N or more) <cards> / a card named "<name>", B instead." (Condition CONTROL_FEWER
        # / STONES_FEWER / CONTROL_NAME_NONE first, then the condition itself): A is done when it does not hold, and B
        # tests it after A, so A may not make it hold: only ops that never put a card into a field, change its
        # controller or change what such a filter reads (its state: rest / recover)
        flt = cond.get("filter") or {}
        if any(op and op.get("op") not in _KEEPS_CONTROL or (op and op.get("op") in ("rest", "recover")
                                                               and flt.get("state", "any") != "any") for op, _ in first):
            raise Unsupported("'... instead' after a condition on the cards you control that the first effect may change")
        return {**cond, "kind": _NOT_CONTROL[kind]}
    if kind in _NOT_LIFE:
        # session 33 (s33c): "A. If your life is N or less, B instead." (CR 1203; Condition LIFE_MORE first, then the
        # condition itself): B tests it after A, so A may change no life (no damage to a player, gain, loss or payment)
        if any(op and op.get("op") not in _KEEPS_LIFE for op, _ in first):
            raise Unsupported("'... instead' after a condition on life that the first effect may change")
        return {**cond, "kind": _NOT_LIFE[kind]}
    if kind not in _NOT_KIND or (kind == "weather_is" and any(op and op.get("op") == "weather" for op, _ in ops)):
        raise Unsupported("'... instead' after a condition the engine cannot test for not holding")
    return {**cond, "kind": _NOT_KIND[kind]}


# session 32: "... instead" after "if you control ...": its other branch (constants.Condition CONTROL_FEWER, STONES_FEWER,
# CONTROL_NAME_NONE), and the ops of the first branch that cannot make the condition hold (none puts a card into a field or
# gives its control; the filters of these conditions read no ATK, cards.py)
_NOT_CONTROL = {"control_at_least": "control_fewer", "stones_at_least": "stones_fewer", "control_name": "control_name_none",
                "opp_control_at_least": "opp_control_fewer"}
_KEEPS_CONTROL = {"_if", "choose", "damage", "damage_player", "_player_or", "destroy", "return_to_hand", "remove", "to_deck_top",
                  "to_deck_bottom", "banish", "player_banish", "draw", "discard", "gain_life", "lose_life", "counter",
                  "power", "rest", "recover", "cancel", "prevent", "prevent_player"}


def _instead_pair(clauses, marks) -> bool:
    """Two "target player or <card>" damages (session 33): the two branches of "... it deals M damage instead" only
    (each the first op after its own IF, with the same filter)."""
    a, b = marks
    if a.get("_prevent") or b.get("_prevent") or a["filter"] != b["filter"] or len(clauses) != 2:
        return False
    heads = [ops[0][0] for ops, _ in clauses]
    return all(h.get("op") == "_if" for h in heads) and [ops[1][0] for ops, _ in clauses] == [a, b] and \
        all(len(ops) == 2 for ops, _ in clauses)


# session 33 (s33c): "... instead" after "if your / your opponent's life is N or less": its other branch (Condition
# LIFE_MORE / OPPONENT_LIFE_MORE), and the ops of the first branch that change no player's life
_NOT_LIFE = {"life_at_most": "life_more", "opponent_life_at_most": "opponent_life_more"}
_KEEPS_LIFE = {"_if", "choose", "damage", "destroy", "return_to_hand", "remove", "to_deck_top", "to_deck_bottom", "banish",
               "draw", "discard", "counter", "power", "rest", "recover", "cancel", "prevent"}


def _instead_durations(ops: list, prev: list) -> list:
    """"<target> gains A until end of turn. If it's a <card>, it gains B instead.": B replaces A, for A's duration (the
    sentence B prints none); only where A has one op of B's kind with a duration."""
    out = []
    for op, sel in ops:
        if op and op.get("op") in ("power", "power_x", "grant_keyword", "restrict") and op.get("duration") == "permanent":
            same = [o for c in prev for o, _ in c[0] if o and o.get("op") == op["op"]]
            durs = {o.get("duration") for c in prev for o, _ in c[0] if o and "duration" in o}
            if durs == {"permanent"}:
                out.append((op, sel))  # session 32: after a continuous ability's sentence, for good as it is
                continue
            if len(same) != 1:
                raise Unsupported("'... instead' with a duration that the sentence before does not give")
            op = {**op, "duration": same[0].get("duration", "permanent")}
        out.append((op, sel))
    return out


def _instead(sentences) -> list:
    """"A. If <condition>, B instead." (the sentence marked _if_instead / _deals_instead): A when the condition does
    not hold, B when it does; "it deals M damage instead" is A's damage with M."""
    out: list = []
    for sent in sentences:
        head = sent[0][0][0][0] if sent and sent[0][0] and sent[0][0][0] else None
        kind = head.get("op") if isinstance(head, dict) else None
        if kind not in ("_if_instead", "_deals_instead"):
            out.append(sent)
            continue
        prev = out[-1] if out else None
        if not prev or any(not c[0] or (c[0][0][0] or {}).get("op") in ("_if", "_if_done") or len(c) == 3 or c[1]
                           for c in prev):
            raise Unsupported("'... instead' after no plain sentence")
        cond = head["condition"]
        if kind == "_deals_instead":
            dmg = [(op, sel) for c in prev for op, sel in c[0] if op and op["op"] in ("damage", "damage_player", "_player_or")]
            if len(dmg) != 1 or len(prev) != 1 or (dmg[0][1] is not None and dmg[0][1].kind not in ("choose", "all")):
                raise Unsupported("'it deals N damage instead' after other than one damage to a target or a player")
            op, sel = dmg[0]
            if sel is not None and sel.kind == "all":
                # session 33 (s33c): "... to each <card>. If <condition>, it deals M damage instead.": the cards are
                # selected in each branch as it resolves (a SELECT_ALL of its own after the branch's IF)
                sel = _Sel("all", sel.filter)
            if op["op"] == "_player_or" and (op.get("_prevent") or not isinstance(op["amount"], int)):
                raise Unsupported("'it deals N damage instead' after other than N damage to target player or <card>")
            # session 33 (s33c): after "target player or <card>", the same target with M (FowTextCompiler._player_or)
            n = _life(head["amount"]) if op["op"] == "damage_player" else head["amount"]
            sent = [([({"op": "_if", "condition": cond}, None), ({**op, "amount": n}, sel)], False)]
        else:
            sent = [([({"op": "_if", "condition": cond}, None)] + sent[0][0][1:], sent[0][1])]
            # B replaces A for A's duration under any condition (session 28: before, only after "if it's a <card>";
            # "If this card was awakened / the weather is ..., it gains [+200/+200] instead" gave B no end)
            sent = [(_instead_durations(sent[0][0], prev), sent[0][1])]
        neg = _not(cond, [x for ops, _ in prev for x in ops] + [x for ops, _ in sent for x in ops],
                   [x for ops, _ in prev for x in ops])
        out[-1] = [([({"op": "_if", "condition": neg}, None)] + list(ops), opt) for ops, opt in prev]
        out.append(sent)
    # CR 1109.2a / 903.2g: whether a chant was awakened is known as it is played; a target named only by its "if this
    # card was awakened" text would be chosen either way here (the targets are chosen first): not compiled
    seen: set[int] = set()
    for sent in out:
        for c in sent:
            ops = c[0]
            head = ops[0][0] if ops and ops[0][0] else {}
            awake = head.get("op") == "_if" and head["condition"].get("kind") == "awakened" and head["condition"]["value"]
            for _, sel in ops:
                if sel is not None and sel.kind == "choose" and id(sel) not in seen:
                    if awake and not sel.up_to:
                        raise Unsupported("a target chosen only if this card was awakened")
                    # session 29: "up to N ... target <cards>" chosen only when it is played awakened (CR 1109.2a:
                    # known as it is played; CHOOSE_IF_AWAKENED lists none otherwise)
                    sel.if_awakened = bool(awake)
                    seen.add(id(sel))
    return out


# the ops that move a card of their register out of the field ("... equal to its DEF" is read before them: _hoist_stat)
_MOVES_OUT = {"destroy", "banish", "remove", "return_to_hand", "to_deck_top", "to_deck_bottom"}


def _hoist_stat(body: list, op: dict, reg: int) -> int:
    """Put ``op`` (a SET_X of the DEF / ATK of register ``reg``'s card) before the last op of ``body`` that moves that
    card out of the field (or at the end when none does); the IF / IF_IT / IF_DONE rows before it whose span holds the
    place it goes to govern it too. Returns where it went."""
    at = next((i for i in range(len(body) - 1, -1, -1) if body[i].get("reg") == reg and body[i]["op"] in _MOVES_OUT),
              len(body))
    for j in range(at):
        key = {"if": "skip", "if_it": "skip", "if_cost": "skip", "if_done": "rows"}.get(body[j]["op"])
        if key is not None and body[j].get(key) is not None and j < at <= j + body[j][key]:
            body[j][key] += 1
    body.insert(at, op)
    return at


def _this_way(clauses: list) -> None:
    """"... for each <card> removed this way" (session 29): the SET_X of Per.THIS_WAY reads the count the remove_grave
    before it kept (its count filter, set here); no other SET_X between them. "If you discarded a <card> this way": the
    discard before it (its controller's, chosen) records its cards in a register of its own (a selection "discarded")."""
    discard = None
    for k, c in enumerate(clauses):
        for i, (op, sel) in enumerate(c[0]):
            if op and op.get("op") == "discard":
                discard = (k, i)
            if op and op.get("op") == "_if" and op["condition"].get("kind") == "_discarded":
                if discard is None:
                    raise Unsupported("'if you discarded a <card> this way' after no discard")
                dk, di = discard
                dop, dsel = clauses[dk][0][di]
                if dop.get("who") != "controller" or dop.get("random"):
                    raise Unsupported("'if you discarded ... this way' after a discard at random or another player's")
                if dsel is None:
                    dsel = _Sel("discarded")
                    dop["record"] = True
                    ops = list(clauses[dk][0])
                    ops[di] = (dop, dsel)
                    clauses[dk] = (ops, *clauses[dk][1:])
                    if dk == k:
                        c = clauses[k]
                op["condition"] = {**op["condition"], "_sel": dsel}
    last = None
    for c in clauses:
        for op, _ in c[0]:
            if not op:
                continue
            if op.get("op") in ("remove_grave", "mill", "discard", "reveal_from_hand"):
                last = op
            elif op.get("op") == "set_x" and op["per"].get("count") == "this_way" and op["per"].pop("_revealed", False):
                # session 34 (s34b): "for each card revealed this way": the count the reveal_from_hand before it kept
                if last is None or last["op"] != "reveal_from_hand":
                    raise Unsupported("'cards revealed this way' after no 'reveal any number of <cards> from your hand'")
                last = None
            elif op.get("op") == "set_x" and op["per"].get("count") == "this_way" and op["per"].pop("_cost", False):
                # "the total cost of the card(s) removed / discarded this way": a mill, or a chosen discard of its
                # controller's (MILL_THIS_WAY, Op.PLAYER_DISCARD's DISCARD_THIS_WAY)
                if last is None or last["op"] == "remove_grave" or last.get("random") or \
                        (last["op"] == "discard" and last.get("who") != "controller"):
                    raise Unsupported("'the total cost of the card <verb>ed this way' after no mill or discard of yours")
                last["this_way"] = True
                last = None
            elif op.get("op") == "set_x" and op["per"].get("count") == "this_way":
                if last is None or last["op"] != "remove_grave":
                    raise Unsupported("'<cards> <verb>ed this way' after no removal of a graveyard's cards")
                flt = op["per"].pop("filter")
                if last.get("count", flt) != flt:
                    raise Unsupported("two counts of the cards removed this way")
                last["count"] = flt
                last = None
            elif op.get("op") == "set_x":
                last = None


def _target_stat_amount(op: dict, reg: int, chooses: list, body: list) -> None:
    """Damage "equal to that resonator's ATK" (amount "target_atk", session 29): the SET_X of Per.TARGET_ATK on the
    op's register right before it, and the amount X00; only of one target in the field (its ATK as it resolves)."""
    if op.get("amount") != "target_atk":
        return
    if not any(c["op"] == "choose" and c.get("reg", 0) == reg and "count" not in c and
               c["filter"].get("zone", "field") == "field" for c in chooses):
        raise Unsupported("damage equal to the ATK of a card that is not one target in the field")
    body.append({"op": "set_x", "per": {"count": "target_atk"}, "times": 1, "reg": reg})
    op["amount"] = "X00"


def _if_done_clause(ops: list) -> bool | None:
    """True: an "If you do, ..." clause, False: "If you don't, ...", None: another."""
    if ops and ops[0][0] and ops[0][0].get("op") == "_if_done":
        return ops[0][0]["done"]
    return None


# the ops whose instruction reports whether it was done (cards._REPORTS_DONE): what "if you do" may follow
_REPORTS_DONE = {"discard", "destroy", "banish", "return_to_hand", "remove", "player_banish", "banish_gem", "rest_j_ruler",
                 "pay"}  # keep equal to cards._REPORTS_DONE (the compiler checks it again)


def _copy_ops(ops: list[dict]) -> list[dict]:
    return [dict(op) for op in ops]


def _walk_ops(ops: list[dict]):
    """Every op of a program, those of its modes and delayed abilities too (session 32)."""
    for op in ops:
        yield op
        for m in op.get("modes") or []:
            yield from _walk_ops(m)
        if isinstance(op.get("effect"), list):
            yield from _walk_ops(op["effect"])


_SELF = _Sel("self")
_TRIGGER_CARD = _Sel("trigger")


# the triggers whose event is about another card (the frame's E_AUX): "that <card>" is it (Op.TARGET_TRIGGER)
_ABOUT_CARD = {"blocks", "is_blocked", "deals_damage", "other_enters"}


def _automatic_will(ops: list[dict]) -> list[dict]:
    """An automatic ability's "Produce <will>" (CR 907.1: not a will ability, it resolves from the chase and the
    will goes to its controller's pool then, CR 907.4): its only effect; one will or several ("{W}{W}")."""
    if any(o["op"] in ("produce_will", "_spend_only") for op in ops if op["op"] == "select_mode" for m in op["modes"]
           for o in m):
        raise Unsupported("producing will outside a will ability (CR 907)")  # in a mode of an automatic ability
    if not any(op["op"] in ("produce_will", "_spend_only") for op in ops):
        return ops
    if len(ops) != 1 or ops[0]["op"] != "produce_will":
        raise Unsupported("an automatic ability producing will with other effects or restricted will")
    if "_x_set" in ops[0]:
        x_set = ops[0].pop("_x_set")
        return _x_will(_automatic_will(ops), x_set)
    wills = ops[0]["_choices"]
    if len(wills) == 1 and isinstance(wills[0], dict) and "_several" in wills[0]:
        return [{"op": "produce_will", "will": w, "count": n} for w, n in wills[0]["_several"].items()]
    if len(wills) == 1 and not isinstance(wills[0], dict):
        return [{"op": "produce_will", "will": wills[0]}]
    # a choice of will is made as the ability resolves (session 32: produce_will choose, effects.produce_wills_chosen; the
    # modes, priority.ask_mode, are chosen as it is played, CR 903.2e, before the chase: not the same)
    attrs = list(_SYM.values())
    if all(isinstance(w, str) and w in attrs for w in wills) and len(wills) > 1:
        return [{"op": "produce_will", "will": wills[0], "choose": list(wills)}]
    pairs = wills[0].get("_pairs") if len(wills) == 1 and isinstance(wills[0], dict) else None
    if pairs:
        kinds = list(dict.fromkeys(w for p in pairs for w in p))
        if all(w in attrs for w in kinds) and len(pairs) == len(kinds) * (len(kinds) + 1) // 2:
            # "two wills in any combination of <attributes>": each of the two chosen among them
            return [{"op": "produce_will", "will": kinds[0], "choose": kinds, "count": 2}]
    raise Unsupported("an automatic ability producing a choice of will")


def _x_will(effect: list[dict], x_set: dict) -> list[dict]:
    """"Produce {G} for each <cards>" (session 28): SET_X of the count, then X of the one will (PRODUCE_WILL a1 < 0)."""
    if len(effect) != 1 or effect[0]["op"] != "produce_will" or effect[0].get("count", 1) != 1:
        raise Unsupported("several wills for each ...")
    return [dict(x_set), {**effect[0], "count": "X"}]


def _spell_will(ops: list[dict]) -> list[dict]:
    """A chant's or rune's "Produce <will>." (session 27, CR 907.4: the will goes to its controller's pool as the effect
    resolves; CR 907.1: no will ability): one will or several ("{R}{R}"), in a mode too. A choice of will ("{R} or {B}",
    made as it resolves) and "spend this will only" stay unsupported."""
    out = []
    for op in ops:
        if op["op"] == "select_mode":
            out.append({**op, "modes": [_spell_will(m) for m in op["modes"]]})
        elif op["op"] == "_spend_only":
            raise Unsupported("'spend this will only' in a chant's effect")
        elif op["op"] == "produce_will" and "_x_set" in op:
            out += _x_will(_spell_will([{k: v for k, v in op.items() if k != "_x_set"}]), op["_x_set"])
        elif op["op"] == "produce_will":
            wills = op["_choices"]
            if len(wills) == 1 and isinstance(wills[0], dict) and "_several" in wills[0]:
                out += [{"op": "produce_will", "will": w, "count": n} for w, n in wills[0]["_several"].items()]
            elif len(wills) == 1 and not isinstance(wills[0], dict):
                out.append({"op": "produce_will", "will": wills[0]})
            else:
                raise Unsupported("a chant producing a choice of will (chosen as it resolves)")
        else:
            out.append(op)
    return out


# the ops on a register that leave its cards where they are (the rest move them: IF_IT then no longer knows the zone)
_KEEPS_ZONE = {"power", "power_x", "grant_keyword", "restrict", "counter", "recover", "rest", "damage", "prevent", "prevent_from",
               "remove_from_battle", "gain_control", "lock_recover", "lose_abilities_while", "shield_destroy", "if_it"}
_MOVES_TO = {"grave_to_hand": "hand", "grave_to_field": "field", "grave_remove": "removed", "removed_to_hand": "hand"}


def _moves(op: dict, r: int, reg_zone: dict) -> None:
    if op["op"] not in _KEEPS_ZONE:
        reg_zone[r] = _MOVES_TO.get(op["op"])


def _it_zone(row: dict, r: int, reg_zone: dict) -> None:
    """The IF_IT row on register r, its filter in the zone the register's card is in then."""
    zone = reg_zone.get(r)
    if zone is None or zone not in ("field", "graveyard", "hand", "ruler_area", "removed"):
        raise Unsupported("'if it's' after the card moved (the zone it is in is not known)")
    row["reg"] = r
    if zone != "field":
        row["filter"]["zone"] = zone
        if "state" in row["filter"]:
            raise Unsupported("'if it's' a card state outside the field")


def _assemble(clauses: list[list[tuple[dict, Any]]], source_on_field: bool = False,
              trigger_card: bool = False, bare_it: bool = True) -> list[dict]:
    """The effect program of a list of clauses: the targets first (CR 903.2g), a register per
    selection (at most two, constants.N_REGS), "it" the last one."""
    chooses: list[dict] = []
    body: list[dict] = []
    regs: dict[int, int] = {}
    last: int | None = None
    dealer: int | None = None  # the register of the card dealing "damage equal to its ATK" (damage_target_atk)
    prev_bound: dict[int, int] = {}  # "that card" (a selection "prev") -> the register it named
    banished: set[int] = set()  # the registers of Op.PLAYER_BANISH (emptied once the cards are banished)
    prev_if = False
    reg_zone: dict[int, str | None] = {}  # where the card of each register is now (None: moved, unknown)
    for clause in clauses:
        if_at = None
        outer_if: list[int] = []  # session 32: "If <condition>, you may X. If you do, Y.": the IF row spanning all of it
        pending_it = None  # an IF_IT row waiting for the clause's first selection (the "... instead" sentence's other branch)
        for op, sel in clause:
            op = dict(op)
            if op["op"] == "_if" and op["condition"].get("kind") == "_discarded":
                # "If you discarded a <card> this way" (session 29): IF_IT on the discard's register, in the graveyard
                # (a card a replacement put elsewhere was not discarded, CR 910.1, 1019.1)
                if_at = len(body)
                body.append({"op": "if_it", "filter": {**op["condition"]["filter"], "zone": "graveyard"}, "skip": 1,
                             "reg": regs[id(op["condition"]["_sel"])]})
                continue
            if op["op"] == "_if" and op["condition"].get("kind") in ("_it_is", "_it_is_not"):
                # "If it's a <card>, ..." (session 23, Op.IF_IT): the card selected last, in the zone it is in now
                cond = op["condition"]
                if_at = len(body)
                row = {"op": "if_it", "filter": dict(cond["filter"]), "skip": 1}
                if cond["kind"] == "_it_is_not":
                    row["negated"] = True
                if cond.get("_deferred"):
                    pending_it = if_at
                else:
                    if last is None:
                        raise Unsupported("'if it's' with nothing selected before")
                    _it_zone(row, last, reg_zone)
                body.append(row)
                continue
            if op["op"] == "_eternal":
                raise Unsupported("'cannot be destroyed' in an effect")
            if op["op"] == "_if_done":
                # "If you do": right after the instruction it asks about, which reports it (the core's DISCARD:
                # every card discarded); not after an "if" sentence (not done when its condition failed)
                last_op = body[-1] if body else None
                whose = "opponent" if op.get("they") else "controller"  # session 32: "If they don't" (the opponent's op)
                if last_op is None or last_op["op"] not in _REPORTS_DONE or last_op.get("who", "controller") != whose:
                    raise Unsupported("'if you do' after an effect that does not report whether it was done")
                if prev_if:
                    raise Unsupported("'if you do' after an 'if' sentence")
                if if_at is not None and body[if_at]["op"] == "if" and op.get("_in_if"):
                    outer_if.append(if_at)  # session 32: the IF before it skips the "if you do" rows too
                if_at = len(body)
                body.append({"op": "if_done", "rows": 1, **({} if op["done"] else {"done": False})})
                continue
            if op["op"] == "_if":
                if_at = len(body)
                body.append({"op": "if", "condition": op["condition"], "skip": 1})
                continue
            if op["op"] == "_if_cost" and id(sel) in regs:
                # session 29: the card revealed (its register, Op.REVEAL_TOP), Op.IF_COST
                if_at = len(body)
                body.append({"op": "if_cost", "skip": 1, "reg": regs[id(sel)],
                             **({"at_most_x": True} if op.get("at_most_x") else {"odd": op["odd"]})})
                continue
            if sel is None:
                body.append(op)
                continue
            if op["op"] == "_dealer" and sel.kind == "prev" and last is None:
                raise Unsupported("damage equal to the ATK of 'it' / 'that card' with nothing chosen before")
            if sel.kind == "prev" and last is None and source_on_field:
                if (sel.filter or {}).get("_that"):
                    # "that J/resonator" with nothing chosen: the other card of the trigger (the blocker, the card
                    # dealt damage): Op.TARGET_TRIGGER where the trigger is about one, else unsupported
                    if not trigger_card:
                        raise Unsupported("'that <card>' naming the card of the trigger")
                    sel = _TRIGGER_CARD
                elif bare_it == "trigger":
                    sel = _TRIGGER_CARD  # "it": the card of the trigger (the card that entered)
                elif not bare_it:
                    raise Unsupported("'it' after a trigger about another card (this card or that one)")
                else:
                    sel = _SELF  # "it" in an ability of a card in the field with nothing chosen: the card itself
            if sel.kind == "prev":
                if last is None:
                    raise Unsupported("'it' / 'that card' with nothing selected before")
                # one "that card" named twice (card_text._fight) is the register it named first
                r_prev = prev_bound.setdefault(id(sel), last)
                if r_prev in banished:
                    raise Unsupported("'it' / 'those' naming the cards a player banished (Op.PLAYER_BANISH empties them)")
                if op["op"] == "_dealer":
                    if not any(c["op"] == "choose" and c.get("reg", 0) == r_prev and c["filter"].get("side") == "own"
                               for c in chooses):
                        raise Unsupported("damage equal to the ATK of a card that is not a target you control")
                    dealer = r_prev
                    continue
                op["reg"] = r_prev
                if op.get("amount") == "atk":
                    if dealer is None or dealer == r_prev:
                        raise Unsupported("damage equal to a target's ATK without that target")
                    op["by_reg"], dealer = dealer, None
                _target_stat_amount(op, r_prev, chooses, body)
                if op["op"] == "set_x":
                    # "you gain life equal to its DEF" (session 27): read before the op that moved the card (its last
                    # known value, CR 903.3a), so the rows after that op's index move one on; only of one target in the
                    # field (a card that left the field before the effect, "this card" put into a graveyard, has no
                    # value the kernels keep)
                    if not any(c["op"] == "choose" and c.get("reg", 0) == r_prev and "count" not in c and
                               c["filter"].get("zone", "field") == "field" for c in chooses):
                        raise Unsupported("'equal to its DEF / ATK' of a card that is not one target in the field")
                    at = _hoist_stat(body, op, r_prev)
                    if_at = if_at + 1 if if_at is not None and if_at >= at else if_at
                    pending_it = pending_it + 1 if pending_it is not None and pending_it >= at else pending_it
                    continue
                body.append(op)
                continue
            if id(sel) not in regs:
                r = len(regs)
                if r >= _N_REGS:
                    raise Unsupported("more than two selections in one effect (the kernels hold two target registers)")
                regs[id(sel)] = r
                reg_zone[r] = (sel.filter or {}).get("zone", "field") if sel.kind in ("choose", "all") else "field"
                if pending_it is not None:
                    if sel.kind != "choose":
                        raise Unsupported("'if it's ... instead' on a card selected as it resolves")
                    _it_zone(body[pending_it], r, reg_zone)
                    pending_it = None
                if sel.kind == "choose":
                    if "cost_x" in sel.filter:
                        # CR 903.2f: the card is offered when its targets exist, before X is chosen; the engine would
                        # offer an X that leaves no target (cards.py refuses it too)
                        raise Unsupported("a target bounded by X (the engine offers X before it knows the targets)")
                    ch = {"op": "choose", "filter": sel.filter, "reg": r}
                    if sel.count != 1:
                        ch["count"] = sel.count
                    if sel.up_to:
                        ch["up_to"] = True
                    if sel.if_awakened:
                        ch["if_awakened"] = True
                    chooses.append(ch)
                elif sel.kind == "all":
                    body.append({"op": "select_all", "filter": sel.filter, "reg": r})
                elif sel.kind == "shared":
                    # session 34 (s34a): the cards sharing a name with another (Op.SELECT_SHARED_NAME)
                    body.append({"op": "select_shared_name", "filter": sel.filter, "reg": r})
                elif sel.kind == "trigger":
                    body.append({"op": "target_trigger", "reg": r})
                elif sel.kind == "pbanish":
                    banished.add(r)  # the op chooses its cards itself, as it resolves (Op.PLAYER_BANISH)
                elif sel.kind == "pchoose":
                    # session 32: the cards its controller chooses as it resolves (Op.PLAYER_CHOOSE, no target)
                    body.append({"op": "player_choose", "filter": sel.filter, "count": sel.count, "reg": r,
                                 **({"up_to": True} if sel.up_to else {})})
                elif sel.kind == "discarded":
                    reg_zone[r] = "graveyard"  # the discard puts its cards there itself (Op.PLAYER_DISCARD, session 29)
                elif sel.kind == "reveal":
                    reg_zone[r] = "main_deck"  # the op puts the card it reveals there itself (Op.REVEAL_TOP, session 29)
                elif sel.kind == "revealed_hand":
                    reg_zone[r] = "hand"  # session 34 (s34b): the op keeps the cards it revealed (Op.REVEAL_FROM_HAND)
                else:
                    body.append({"op": "target_self", "reg": r})
            last = regs[id(sel)]
            if op["op"] == "_target_only":
                continue  # "Target a resonator." (session 29): the CHOOSE alone
            if op["op"] == "_dealer":
                dealer = last  # the card dealing the damage of the next op (damage_target_atk): no op of its own
                continue
            if op["op"] == "set_x":  # "equal to its DEF" of this card / the trigger's card: no target (above)
                raise Unsupported("'equal to its DEF / ATK' of a card that is not one target in the field")
            op["reg"] = last
            if op.get("amount") == "atk":
                if dealer is None or dealer == last:
                    raise Unsupported("damage equal to a target's ATK without that target")
                op["by_reg"], dealer = dealer, None
            _target_stat_amount(op, last, chooses, body)
            if op["op"] == "_if_cost":
                # "<effect> if its total cost is ..." (session 29): the target registered here, the effect's ops after it
                if_at = len(body)
                body.append({"op": "if_cost", "skip": 1, "reg": last, "at_most_x": True})
                continue
            body.append(op)
            _moves(op, last, reg_zone)
        if pending_it is not None:
            raise Unsupported("'if it's ... instead' after a sentence that selects no card")
        prev_if = if_at is not None and body[if_at]["op"] in ("if", "if_it", "if_cost")
        for at in outer_if:
            body[at]["skip"] = len(body) - at - 1  # session 32: to the end of the "if you do" rows
        if if_at is not None:
            key = "skip" if body[if_at]["op"] in ("if", "if_it", "if_cost") else "rows"
            body[if_at][key] = len(body) - if_at - 1  # the sentence's ops: skipped when it does not hold
            if body[if_at][key] < 1:
                raise Unsupported("an 'if' sentence with nothing to do")
    for op in chooses + body:
        if op.get("reg") == 0:
            del op["reg"]
    _ability_regs_alone(chooses + body)  # session 34 (s34b)
    return chooses + body


from tcg_env.games.force_of_will.cards import _ON_REGISTER as _ON_A_REGISTER  # noqa: E402  (session 34, s34b)


def _ability_regs_alone(program: list[dict]) -> None:
    """Session 34 (s34b): a register of abilities on the chase (a choose of an ability filter) holds references, not
    cards: only cancel_ability reads it ("destroy that resonator" after "cancel target automatic ability of a
    resonator" would name the ability's source: unsupported)."""
    regs = {op.get("reg", 0) for op in program if op["op"] == "choose" and op["filter"].get("ability")}
    # (and the hand cards a reveal_from_hand revealed: none of the ops acting on cards in play reads them)
    regs |= {op.get("reg", 0) for op in program if op["op"] == "reveal_from_hand"}
    for op in program:
        if op["op"] in ("choose", "cancel_ability", "reveal_from_hand") or op.get("reg", 0) not in regs:
            continue
        if "reg" in op or op["op"] in _ON_A_REGISTER:
            raise Unsupported("'that <card>' after an ability on the chase (the register holds the ability)")


# --------------------------------------------------------------------------------------------
# Normalisation and the compiler
# --------------------------------------------------------------------------------------------
_REMINDER = re.compile(r"\s*\((?:[^()]|\([^()]*\))*[.!]\"?\)")  # a parenthesised sentence: reminder text
# reminders printed without a full stop inside (session 24): "[Enter] (When this card enters the field) >>> ..." and
# [Flying]'s "(This card cannot be blocked by J/resonators without [Flying])." (CR 1140, 1104)
_BARE_REMINDERS = re.compile(r"(?<=\[enter\]) ?\(when this card enters (?:the|your) field\)|\s*\(this (?:card|resonator) "
                             r"cannot be blocked by j/resonators? without \[flying\]\.?\)(?:\.(?=\s*$))?"
                             # session 32 (s32b): [Precision]'s "(This card can attack recovered J/resonators)." (CR 1110)
                             r"|\s*\(this card can attack recovered j/resonators\.?\)(?:\.(?=\s*$))?", re.I)
_GAINS_TEXT = re.compile(r"\s*\(this card gains the following text[^()]*\)", re.I)
# CR 1130.2: "[Sealed Item] <<Item Name>> (ability)" means this card has (ability); the item name names the ability
# for unsealing (CR 1130.3a) and nothing else, so the line is read as its ability. The list's printings: with or
# without the brackets, the name in << >>, < > or single guillemets, the reminder "(This card has the following text
# everywhere[.])" after it (an unsealed item's text counts wherever the card is: the ruler's ability as printed).
_SEALED_ITEM = re.compile(r"^(?![^:]*god's art)\s*\[?sealed item\]?\s*(?:<<[^<>]*>>|<[^<>]*>)\s*"
                          r"(?:\(this card has the following text everywhere\.?\)\s*)?", re.I)
# (a Sealed Item God's Art stays unsupported: on the list's J-rulers it would take the room (ABILITIES_PER_CARD) of
# the ruler side's [Energize] will coin, importer._energize_sides)
_ARROWS = re.compile(r"\s*(?:>>>|=>|⇒|→|&r[aA]rr;)\s*")  # &rArr;: an HTML entity in the list
_QUOTED = re.compile(r'("[^"]*")')
_SPACE_BEFORE = re.compile(r"\s+([,.:;])")
_AND_CARDS = re.compile(r"\b(damage to (?:your opponent|target opponent|each player)) and (?=(?:each|target|up to|all|"
                        r"j/resonators?|resonators?)\b)")
_OR_YOURSELF = re.compile(r"(\bwould be dealt to target [a-z/ -]+?) or yourself ")  # session 32 (prevent_next_or_you)
_MODES_HEAD = re.compile(r"\bchoose (one|two|three|up to two|up to three)\s*(?:[;:.]\s*)?-\s+")  # the modes follow ...
_MODES_LIMIT = re.compile(r"\bchoose one\. (play this ability only [^;:]+?)\s*(?:[;:]\s*-|-)\s*")  # ... its limit first
_MODES_RANDOM = re.compile(r"\bchoose one at random\s*(?:[;:.]\s*)?-\s+")  # "Choose one at random; - A. - B."
# "Choose one, if <condition>, you may choose both [instead] - ..." / "Choose one. If <condition>, choose up to three
# instead; - ..." (session 24)
_MODES_IF = re.compile(r"\bchoose one[,.] if (.+?),? (you may )?choose (both|up to two|up to three|up to four|four)"
                       r"(?: instead)?"
                       r"\s*(?:[;:.]\s*)?-\s+")
# "Choose one, [you may] choose up to two instead if <condition> - ..." (the condition printed last)
_MODES_IF_AFTER = re.compile(r"\bchoose one, (you may )?choose (both|up to two|up to three) instead if (.+?)"
                             r"\s*(?:[;:.]\s*)?-\s+")
_MODE_SEP = re.compile(r"(?:[;:]\s*or|[;.]\s*[-\u2013])\s+")  # ... separated by "; or" (": or" misprinted) or "; -" / ". -"
# session 29: "Choose one - A, or B." (modes separated by ", or" only, when no other separator is printed) and a mode
# closing on "... instead - B" without its full stop
_MODE_SEP_COMMA = re.compile(r",\s*or\s+")
_MODE_SEP_INSTEAD = re.compile(r"(?<=\binstead) [-\u2013]\s+")
# session 29: "Choose one. <sentences>; - A. - B." (e.g. "Put this card on the bottom of its owner's deck as it
# resolves"): the sentences done whichever options are chosen, read before them ("<sentences>. choose one modes_follow ...")
_MODES_PRE = re.compile(r"\bchoose one\. ((?!if |play this |this ability |choose )[^;\-\u2013]+?)\s*;\s*[-\u2013]\s*")
# session 29: "Choose one, you may choose an additional one for each <card> you control; - ..." (CR 903.2e)
_MODES_PER = re.compile(r"\bchoose one, you may choose an additional one for each ([^;:\-]+?)\s*(?:[;:.]\s*)?-\s+")


_GRAMMAR_WORDS = {"resonator", "card", "addition", "regalia", "chant", "spell", "rune", "ruler", "entity", "magic stone",
                  "player", "light", "fire", "water", "wind", "darkness", "dark", "token", "will", "stone"}  # fmt: skip


_RACE_CACHE: dict[frozenset, tuple[dict[str, str], int, set[str]]] = {}
_RACE_SEP = re.compile(r"[ -]")
_WORD = re.compile(r"[a-z0-9][a-z0-9']*")  # race names with a number too ("Squad 7")


def _plural(low: str) -> str:
    return low[:-1] + "ves" if low.endswith("f") else low[:-1] + "ies" if low.endswith("y") else low + "s"


def _mark_races(s: str, races: frozenset[str]) -> str:
    """Race names (of the card list being imported; singular or plural, "Elves") -> ``<race:Name>``
    tokens the grammar reads as a filter's race (CR 1403). A word lookup, longest names first."""
    if not races:
        return s
    if races not in _RACE_CACHE:
        back: dict[str, str] = {}
        for r in races:
            low = " ".join(r.lower().split())
            if low in _GRAMMAR_WORDS or len(low) < 3:
                continue
            back[low], back[_plural(low)] = r, "s:" + r
            if low.endswith("o"):
                back[low + "es"] = "s:" + r  # session 31: "Heroes"
            if " of " in low:  # "Knights of the Round Table"
                head, tail = low.split(" of ", 1)
                back[f"{_plural(head)} of {tail}"] = "s:" + r
        # (a hyphenated name, "Yin-Yang Master", is words joined by "-": session 24)
        _RACE_CACHE[races] = (back, max((len(_RACE_SEP.split(k)) for k in back), default=0),
                              {_RACE_SEP.split(k)[0] for k in back})
    back, longest, first = _RACE_CACHE[races]
    words = list(_WORD.finditer(s))
    # session 29: not inside an angled name ("God's Art <Unleash the Demon Sword>", lower-cased: a name, no race)
    angled = [(m.start(), m.end()) for m in re.finditer(r"<[^<>]*>", s)]
    out, pos, i = [], 0, 0
    while i < len(words):
        if words[i][0] not in first or any(a < words[i].start() < b for a, b in angled):
            i += 1
            continue
        for n in range(min(longest, len(words) - i), 0, -1):
            span = words[i : i + n]
            if any(s[span[k].end() : span[k + 1].start()] not in (" ", "-") for k in range(n - 1)):
                continue
            start, end = span[0].start(), span[-1].end()
            key = s[start:end]  # the words with their separators as printed
            if key in back and (start == 0 or s[start - 1] in " (\"" or s[max(0, start - 4):start] == "non-") and \
                    (end == len(s) or s[end] in " .,;:)"):
                hit = back[key]
                if not hit.startswith("s:") and key.endswith("s") and end < len(s) and s[end] in ".,;" and \
                        not re.search(r"(?:^|\s)(?:a|an|another|target|one|each)\s$", s[max(0, start - 9):start]):
                    hit = "s:" + hit  # session 31: a race named in the plural ("Gears", "... Gods") as a plural noun
                out.append(s[pos:start] + (f"<races:{hit[2:]}>" if hit.startswith("s:") else f"<race:{hit}>"))
                pos, i = end, i + n
                break
        else:
            i += 1
    return "".join(out) + s[pos:]


# a named counter (CR 1022.1: "a strength counter", "two mystery counters"): the word before "counter(s)" marked
# "<counter:name>" (the grammar's COUNTER_NAME), but for the words that are no name (counts, articles) and the mana /
# magic counters the grammar names itself
_NAMED_COUNTER = re.compile(r"(?:<races?:([a-z][a-z'-]*)>|(?<![\w\[/+:<-])([a-z][a-z'-]*)) (?=counters?\b)", re.I)
_NOT_COUNTER_NAMES = frozenset(
    "a an the all no any each of x one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen twenty more mana magic those these that its their other named total additional same many your his "
    "her or and with put remove many several new".split())


def _mark_counters(s: str) -> str:
    # (a name that is also a race of the list, "Mystery", was marked a race: a race followed by "counter" is the name)
    def mark(m):
        name = (m[1] or m[2]).lower()
        return m[0] if m[2] and (m[2] in _NOT_COUNTER_NAMES or not m[2].islower()) else f"<counter:{name}> "
    return _NAMED_COUNTER.sub(mark, s)


_RACE_EITHER = re.compile(r"<race:([^>|]+)> or (?:an? )?<race:([^>|]+)>")  # "a Human or a Six Sages" (session 28)
# "Fairy Tale and Human J/resonators you control" (session 29): a plural noun of either race (the union, as "A or B")
_RACE_BOTH_PL = re.compile(r"<race:([^>|]+)> and <race:([^>|]+)> (?=(?:j/resonators|resonators|entities|cards)\b)")
_SELF_QUICKCAST = re.compile(r"^this card gains \[quickcast\] (?:in all zones as long as|as long as (?:it's|it is) in "
                             r"your hand and) ")


# misprints of the card list, read as the words they stand for (session 24): "it's" for "its" before a noun the grammar
# reads as owned ("it's owner's deck", "it's controller", "it's abilities"), "Wenever", "Look a the top", "instaed"
_TYPO_FIXES = {"it's owner": "its owner", "it's controller": "its controller", "it's abilities": "its abilities",
               "wenever ": "whenever ", "look a the ": "look at the ", "instaed": "instead", "abiltiy": "ability",
               "number ot ": "number of ", "your control a ": "you control a ",
               # session 33 (s33a)
               "you may {w} less to play this card": "you may pay {w} less to play this card",
               # session 27
               "target resonator [+": "target resonator gains [+", "until end fo turn": "until end of turn",
               # session 28
               "search you deck ": "search your deck ", "look at the top of your ": "look at the top card of your ",
               "reveal the top of your ": "reveal the top card of your ", "graveuard": "graveyard",
               "yuor deck": "your deck", "this cards enter ": "this card enters ", "this cards enters ": "this card enters ",
               # session 29
               "the resul of the roll": "the result of the roll", "damage up to one second target": "damage to up to one second target",
               # session 31
               "look the top ": "look at the top ", "fariy tale": "fairy tale", "up ot two": "up to two",
               # session 32
               "greveyard": "graveyard", "another fours sacred beasts": "another four sacred beasts",
               "=> your may ": "=> you may ", "whenever this card attacks you gain ": "whenever this card attacks, you gain ",
               "when this card it put into ": "when this card is put into ", "enters your feld ": "enters your field ",
               "enters yout field": "enters your field",
               ". the shuffle your ": ". then shuffle your ", "search your main deck, for ": "search your main deck for ",
               "otherwhise, put in into ": "otherwise, put it into ", "your opponent control with ": "your opponent controls with ",
               # session 32 (s32b)
               "cannot attacks": "cannot attack", "this car gains ": "this card gains ", "cards names ": "cards named ",
               "for each card into your hand": "for each card in your hand",
               # session 34 (s34a; "a spell card" is a spell: a resonator, chant, addition or regalia card, CR 201.2)
               "target j/resonator your opponent control deal ": "target j/resonator your opponent controls deal ",
               "for each spell card in your graveyard": "for each spell in your graveyard",
               "draw a card, then discards a card.": "draw a card, then discard a card.",
               "play this ability only once each turn.": "play this ability only once per turn."}
_TYPOS = re.compile("|".join(re.escape(k) for k in _TYPO_FIXES))


def _typo_fix(m: re.Match) -> str:
    return _TYPO_FIXES[m[0]]


# "[Force] N (Roll a die.) <effect with X>, where X is the result of the roll." (session 29, CR 1023.1): the roll read where
# X is ("force_dice N", one SET_X of Per.FORCE_ROLL before the first op that reads X: nothing between the roll and that
# op looks at it); "<N> life / damage multiplied by the result of the roll." as "... multiplied by X, where X is ..."
# (session 32: "=> Force N." without the brackets, as the list prints it on a few cards)
_FORCE = re.compile(r"(?:\[force\]|(?<==> )force) (\d+)\.? ((?:(?!\[force\])[^;\"])*?)\bthe result of the roll\b")
_FORCE_TIMES = re.compile(r"\bmultiplied by the result of the roll\.")


# "Banish a [<attribute>] gem / two gems: <effect>" (session 29): the cost's "banish" marked (a clause "banish a gem" is an
# effect: the grammar tells them apart by this token only); the costs before the ":" of an activate ability
_GEM_COST = re.compile(r"^((?:\[activate\] )?(?:[^:.=]*?, )?)banish (?=(?:a|an|one|two|three|four|five) "
                       r"(?:(?:light|fire|water|wind|darkness) )?gems?(?:, [^:.=]*)?:)")
# "[Awakening] [<will>,] Banish a gem[: <text>]." / "As an additional cost to play this card, banish two gems." (the chant's
# costs as it is played)
_GEM_COST_PLAY = re.compile(r"^(\[awakening\] (?:[^:.=]*?, )?|as an additional cost to play this card, )banish "
                            r"(?=(?:a|an|one|two|three|four|five) (?:(?:light|fire|water|wind|darkness) )?gems?[:.])")


def _force_marks(s: str) -> str:
    s = _FORCE_TIMES.sub("multiplied by x, where x is the result of the roll.", s)
    return _FORCE.sub(r"\2force_dice \1", s, count=1)


# session 32 (s32b): "gains [Swiftness] and [+500/+500]" / "gains [Precision], [First Strike], and [+400/+400]" read as
# "gains [+500/+500] and [Swiftness]" (mods: the ATK/DEF change first)
_KW_THEN_POWER = re.compile(r"\b(gains?|gain) ((?:\[[a-z][a-z' ]*\](?:, and |, | and )?)+?),? and (\[[+-]?\d+ ?/ ?[+-]?\d+\])")
# "<cards> gain <mods> and "This card cannot be blocked / attacked."": the granted ability's restriction
_GAINS_CANNOT = re.compile(r'(\bgains? [^".]*?) and "this card cannot be (blocked|attacked)\."', re.I)


_GAINS_EACH_AS_LONG = re.compile(r"(?:, and|,| and) (\[[^\]]+\]) as long as ")
_RACES_ADJ = re.compile(r"<races:([^>|]+)> (j/resonators|resonators)\b")
_RACE_PL_SIDE = re.compile(r"^(\[continuous\]: ?)?<race:([^>|]+)> you control gain")


# "<cards> gain [+A/+B][ as long as <N or more X>]. As long as <M or more X>, they gain [+C/+D] instead." (session 32): the
# second holds only where the first does (no first condition, or the same count with M >= N), so the cards gain [+A/+B]
# under the first and [+(C-A)/+(D-B)] more under the second: the same ATK/DEF as "instead" (CR 904)
_TIERS = re.compile(r"^(.+?) gain \[\+(\d+)/\+(\d+)\]( as long as there are (\w+) or more ([^.]+))?\. as long as there are "
                    r"(\w+) or more ([^,]+), they gain \[\+(\d+)/\+(\d+)\] instead\.$")
_NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _tiers(s: str) -> str:
    m = _TIERS.match(s)
    if not m:
        return s
    a, b, c, d = int(m[2]), int(m[3]), int(m[9]), int(m[10])
    second = m[8].replace("counter on", "counters on")  # the list's "seven or more <name> counter on this card"
    if c < a or d < b or (c, d) == (a, b):
        return s
    if m[4]:
        n1, n2 = _NUM_WORDS.get(m[5]), _NUM_WORDS.get(m[7])
        if n1 is None or n2 is None or n2 < n1 or m[6] != second:
            return s
    more = f"[+{c - a}/+{d - b}]"
    return f"{m[1]} gain [+{a}/+{b}]{m[4] or ''}. as long as there are {m[7]} or more {second}, {m[1]} gain {more}."


# session 33 (s33c): "gains [A], [B], or [C] until end of turn": the serial comma before "or" dropped (FowTextCompiler.
# gain_choice; the keyword list's "," would otherwise take it)
_GAIN_OR_COMMA = re.compile(r"(\bgains? (?:\[[^\]]+\], )+\[[^\]]+\]), or (\[[^\]]+\] until (?:the )?end of turn)")


def _s32b_marks(s: str) -> str:
    """Session 32 (s32b): the continuous abilities' shapes read as the grammar's (see the patterns above)."""
    if "], or [" in s:
        s = _GAIN_OR_COMMA.sub(r"\1 or \2", s)
    if "] and [" in s or "], and [" in s:
        s = _KW_THEN_POWER.sub(r"\1 \3 and \2", s)
    if 'cannot be' in s and '"' in s:
        s = _GAINS_CANNOT.sub(lambda m: f"{m[1]} and_cannot be {m[2].lower()}", s)
    if s.startswith("this card gains [") and s.count(" as long as ") > 1:
        # "This card gains [A] as long as X, [B] as long as Y and [C] as long as Z.": one sentence each (each its own
        # continuous ability, _CondBodies)
        s = _GAINS_EACH_AS_LONG.sub(r". this card gains \1 as long as ", s)
    if "], as long as " in s:
        s = s.replace("], as long as ", "] as long as ")
    if s.startswith("as long as ") and " on this card, it gains " in s:
        s = s.replace(" on this card, it gains ", " on this card, this card gains ", 1)  # "it": the card itself
    if s.startswith("j/resonators your opponent controls cannot attack or block this card"):
        # CR 803.3b, 804.3: with two players only the opponent's J/resonators attack or block this card
        s = "this card cannot be attacked or blocked" + s[len("j/resonators your opponent controls cannot attack or block "
                                                              "this card"):]
    if "<races:" in s:
        # "Other Fairies J/resonators you control": the race of the J/resonators ("<race:Fairy> j/resonators")
        s = _RACES_ADJ.sub(r"<race:\1> \2", s)
    if s.startswith("<race:") or s.startswith("[continuous]: <race:"):
        # "Cthulhu you control gain ...": a race whose plural is its name, the cards of that race (the plural noun)
        s = _RACE_PL_SIDE.sub(r"\1<races:\2> you control gain", s, count=1)
    if ". if it's " in s and ", it also gains " in s:
        s = s.replace(", it also gains ", ", it gains ")  # "If it's a <card>, it also gains ...": besides the first
    if "entering the field under your opponent's control enter the field rested" in s:
        s = s.replace(" entering the field under your opponent's control enter the field rested",
                      " your opponent controls enter the field rested")  # the cards that enter under their control
    if s.endswith(" instead.") and ". as long as " in s and ", they gain [" in s:
        s = _tiers(s)
    if ", this gains " in s:
        s = s.replace(", this gains ", ", this card gains ")  # the list's misprint ("this gains [Swiftness]")
    return s


_AND_SELF_LOSE = re.compile(r"(target [^.:;]+?) and this card lose all abilities")


# session 34 (s34a): "<races:A> and <race:B> you control": a race named in the plural ("Four Sacred Beasts") after "and"
# is the plural noun too
_RACE_AND_PL = re.compile(r"(<races:[^>|]+> and )<race:([^>|]+s)> (?=you control\b|your opponent controls\b)")


# session 34 (s34a): "<cards> must attack if able." is [Bloodlust] (CR 1123.2: '"[Bloodlust]" means "this card must attack if
# able."'): read as "<cards> gain(s) [Bloodlust]."
_MUST_ATTACK = re.compile(r"(^|\]:? |\. )(this card|[^.:\]]+?) must attack if able\.")
_SHARED_NAMES = re.compile(r"\bdestroy all ([^.]+?) that share a name with another ([^.]+?)\.")


def _s34a_marks(s: str) -> str:
    """Session 34 (s34a) marks: a plural race after "and" (``_RACE_AND_PL``); "destroy all <cards> that share a name
    with another <card>" (``_SHARED_NAMES``, a token each for its two words: the grammar's "that" would otherwise read a
    filter's qualifier)."""
    if "> and <race:" in s:
        s = _RACE_AND_PL.sub(r"\1<races:\2> ", s)
    if " share a name with another " in s:
        s = _SHARED_NAMES.sub(r"destroy_shared_names \1 with_another \2.", s)
    if " must attack if able." in s:
        s = _MUST_ATTACK.sub(lambda m: f"{m[1]}{m[2]} {'gains' if m[2] == 'this card' else 'gain'} [bloodlust].", s)
    if s.startswith("players cannot play activate abilities of ") or \
            s.startswith("[continuous]: players cannot play activate abilities of "):
        s = s.replace(" they control unless they control ", " they control unless_they_control ", 1)
    if s.startswith("[continuous]: as you choose a card to attack, ") or \
            s.startswith("[continuous]: your opponent must block this card if able."):
        s = s[len("[continuous]: "):]  # (the grammar's "[continuous]: as" reads "as long as")
    return s


@lru_cache(maxsize=1 << 15)
def normalise_line(line: str, name: str = "", races: frozenset[str] = frozenset()) -> str:
    """A printed line as the grammar reads it (see the module doc); ``races``: the race names of
    the card list, read as races where the text names them."""
    s = line.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'").replace("\u2018", "'")
    s = s.replace("《", "<<").replace("》", ">>").replace("«", "<<").replace("»", ">>")
    s = _SEALED_ITEM.sub("", s.replace("‹‹", "<<").replace("››", ">>"))  # CR 1130.2 (session 31)
    s = _REMINDER.sub("", s)
    if "(" in s:
        s = _BARE_REMINDERS.sub("", s)
    s = _GAINS_TEXT.sub("", s)  # "[Null] (This card gains the following text ...) - <text>" printed without a full stop
    s = _ARROWS.sub(" => ", s)
    s = _SPACE_BEFORE.sub(r"\1", s)  # "{Rest} , {B}" as "{Rest}, {B}"
    parts = _QUOTED.split(s)  # quoted names are kept as printed; the card's own name outside them is "this card"
    # (outside the quotes, the list's misprints of words the grammar reads: _TYPO_FIXES, session 24)
    s = "".join(p if i % 2 else _mark_races(_TYPOS.sub(_typo_fix, (p.replace(name, "this card") if name else p).lower()),
                                            races)
                for i, p in enumerate(parts))  # fmt: skip
    s = " ".join(s.replace("thi card", "this card").replace("can't ", "cannot ").split())  # "can't block"
    if s.startswith("enter => "):
        s = "[enter]" + s[5:]  # "Enter >>> <effect>" printed without its brackets (CR 1140: [Enter])
    if "> or <race" in s or "> or a" in s:  # "Skeleton or Zombie": one token of two races (session 22)
        s = _RACE_EITHER.sub(r"<race2:\1|\2>", s)
    if "> and <race" in s:
        s = _RACE_BOTH_PL.sub(r"<race2:\1|\2> ", s)
    if "counter" in s:
        s = _mark_counters(s)
    # "damage to your opponent and each J/resonator ...": one effect on a player and cards, marked so that the
    # grammar tells it from "... to your opponent and <next effect>" (one word of lookahead)
    s = _AND_CARDS.sub(r"\1 and_cards ", s)
    if "you cannot play this ability if you don't control " in s:
        # session 33: "You cannot play this ability if you don't control <X>." is "Play this ability only if you control
        # <X>." (the same condition on playing it, CR 707.1)
        s = s.replace("you cannot play this ability if you don't control ", "play this ability only if you control ")
    if "and this card lose all abilities" in s:
        # session 33: "target <card> and this card lose all abilities ..." read as "this card and target <card> ..."
        # (one effect on both, CR 1003; the grammar's "<targets> and" reads a list of nouns first)
        s = _AND_SELF_LOSE.sub(r"this card and \1 lose all abilities", s)
    # "This card gains [Quickcast] in all zones as long as ..." / "... as long as it's in your hand and ...": marked,
    # so that the grammar tells it from "this card gains <mods> ..." at its first word (LALR)
    s = _SELF_QUICKCAST.sub("quickcast_in_hand as long as ", s)
    if "graveyard from the field this turn" in s:
        # "<cards> you controlled put into a graveyard from the field this turn" is "... from your field ..."; "a <card>
        # you controlled was put ..." is "a <card> you control was put ..." (a filter's side, one word of lookahead)
        s = s.replace(" you controlled put into a graveyard from the field this turn",
                      " put into a graveyard from your field this turn")
        s = s.replace(" you controlled was put into a graveyard from the field this turn",
                      " you control was put into a graveyard from the field this turn")
    if s in ("this card cannot be cancelled.", "this card cannot be canceled."):
        s = "uncancelable_self."  # a line of its own (card_text.lark), not "this card" of a chant's effect
    if "choose one. play this ability only " in s:
        # "<costs>: Choose one. Play this ability only once per turn; - A. - B." (session 24): the ability's limit
        # printed before its options, read after them as any activate ability's
        m = _MODES_LIMIT.search(s)
        if m:
            s = (s[:m.start()] + "choose one; - " + s[m.end():]).rstrip(" .") + ". " + m[1] + "."
    if "choose one" in s and ("at random" in s or " if " in s):
        # session 24: "Choose one at random; - A. - B." and "Choose one, if <condition>, you may choose both - A; or B."
        s = _MODES_RANDOM.sub("choose_random modes_follow ", s, count=1)
        s = _MODES_IF.sub(lambda m: f"choose_one_if {m[1]} , {'more_may ' if m[2] else ''}{m[3]} modes_follow ", s,
                          count=1)
        s = _MODES_IF_AFTER.sub(lambda m: f"choose_one_if {m[3]} , {'more_may ' if m[1] else ''}{m[2]} modes_follow ",
                                s, count=1)
        if "modes_follow " in s:
            head, _, modes = s.partition("modes_follow ")
            s = head + "modes_follow " + _MODE_SEP.sub(". or_mode ", modes)
    if "choose one, you may choose an additional one for each " in s:
        s, n = _MODES_PER.subn(lambda m: f"choose_one_per {m[1]} modes_follow ", s, count=1)
        if n:
            head, _, modes = s.partition("modes_follow ")
            s = head + "modes_follow " + _MODE_SEP.sub(". or_mode ", modes)
    if "choose one. " in s and "modes_follow " not in s:
        s, n = _MODES_PRE.subn(lambda m: f"{m[1]}. choose one modes_follow ", s, count=1)
        if n:
            head, _, modes = s.partition("modes_follow ")
            s = head + "modes_follow " + _MODE_SEP.sub(". or_mode ", modes)
    if "choose " in s:  # "Choose one - A; or B." / "Choose one; - A. - B." (CR 903.2e): the modes marked
        s, n = _MODES_HEAD.subn(lambda m: ("choose one" if m[1] == "one" else f"choose_n {m[1]}") + " modes_follow ", s,
                                count=1)
        if n:
            head, _, modes = s.partition("modes_follow ")
            s = head + "modes_follow " + _MODE_SEP.sub(". or_mode ", modes)
    if "modes_follow " in s and "; [torrent] " in s:
        s = s.replace("; [torrent] ", ". or_mode [torrent] ")  # "Choose one - A; [Torrent] B." (session 29, CR 1124.2)
    if "modes_follow " in s and " or_mode " not in s:
        head, _, modes = s.partition("modes_follow ")
        s = head + "modes_follow " + _MODE_SEP_COMMA.sub(". or_mode ", modes)
    if "modes_follow " in s and " instead - " in s:
        head, _, modes = s.partition("modes_follow ")
        s = head + "modes_follow " + _MODE_SEP_INSTEAD.sub(". or_mode ", modes)
    if "modes_follow " in s and " only if " in s:
        # "- A. Choose this option only if <condition>." (session 24): the mode's own condition; "Choose the second
        # only if <condition>." closes the last of two modes
        s = s.replace(". choose this option only if ", ". option_only_if ")
        if s.count(" or_mode ") == 1:
            s = s.replace(". choose the second only if ", ". option_only_if ")
    if " or yourself " in s:
        s = _OR_YOURSELF.sub(r"\1 or_yourself ", s)  # session 32: "... dealt to target <card> or yourself this turn"
    if "rest a recovered j/ruler you control. if you do" in s:
        # session 29: an effect before "If you do" (not the cost of an ability: that one ends with ":")
        s = s.replace("rest a recovered j/ruler you control. if you do", "rest_your_recovered_j_ruler. if you do")
    if "gem" in s and "banish " in s:
        s = _GEM_COST.sub(r"\1banish_gem_cost ", s, count=1)  # session 29: "banish a gem:" as a cost
        s = _GEM_COST_PLAY.sub(r"\1banish_gem_cost ", s, count=1)
    if ("[force] " in s or "=> force " in s) and "the result of the roll" in s:
        s = _force_marks(s)
    if "gain" in s or "cannot" in s or " enter the field rested" in s or " instead." in s:
        s = _s32b_marks(s)
    if "<race" in s or " share a name with another " in s or " must attack if able." in s or " control deal " in s or \
            "spell card in" in s or "players cannot play activate abilities of " in s or \
            "as you choose a card to attack" in s or ", then discards a card." in s or " only once each turn." in s or \
            "must block this card if able" in s:
        s = _s34a_marks(s)
    if s.endswith('."'):
        s = s[:-2] + '".'  # the full stop printed inside a closing quote
    elif s.endswith(","):
        s = s[:-1] + "."
    elif s[-1:].isalnum() or s[-1:] in ("]", "}"):
        s += "."  # a sentence printed without its full stop ("[Enter]: Destroy target addition")
    return s


# a chant's "put this card into its owner's hand [as it resolves]", "shuffle this card into its owner's deck", "put this
# card on top of / on the bottom of its owner's deck", "remove this card from the game" (session 27, CR 703.3: where the
# chant goes as it resolves; "it" only before "as it resolves"): one token each (_T.chant_to_*), read on chants only
_CHANT_IT = re.compile(r"\b(put|shuffle|remove|return) it (into|on|from|to) ([^.;]*? as it resolves)")
_CHANT_TO = re.compile(
    r"\b(?:(?:put|return) this card (?:into|to) (?:its owner's|your) (?P<hand>hand)"
    r"|shuffle this card into (?:its owner's|your) (?:main )?(?P<shuffled>deck)"
    r"|put this card on (?:the )?(?P<top>top) of (?:its owner's|your) (?:main )?deck"
    r"|put this card on the (?P<bottom>bottom) of (?:its owner's|your) (?:main )?deck"
    r"|remove this card from the (?P<removed>game))(?: as it resolves)?")
_CHANT_TO_TOKEN = {"hand": "hand", "shuffled": "deck_shuffled", "top": "deck_top", "bottom": "deck_bottom",
                   "removed": "removed"}


# "At the next end of turn => / At the end of [this] turn, <effect>." and "<effect> at [the] end of turn." in a chant's
# effect (session 27, CR 906.8: a delayed automatic ability): the sentence marked "delayed_eot <effect>."
_DELAYED_END = re.compile(r"(^|\. )(?:at the next end of turn ?(?:=>|,)|at the end of (?:this )?turn,) ?")
_DELAYED_END_AFTER = re.compile(r"(^|\. )([^.\"]+?) at (?:the )?end of turn\.")


_DELAYED_IN_ABILITY = re.compile(r"(\. |=> |(?<!\]): )(?:at the next end of turn ?(?:=>|,)|at the end of (?:this )?turn ?(?:=>|,)) ?")


def _chant_marks(s: str) -> str:
    """A chant's normalised line (session 27) with where the chant goes as it resolves marked (``_CHANT_TO``) and its
    delayed abilities (``_DELAYED_END``)."""
    if "this card" in s or " as it resolves" in s:
        s = _CHANT_TO.sub(lambda m: "this_chant_to_" + _CHANT_TO_TOKEN[m.lastgroup], _CHANT_IT.sub(r"\1 this card \2 \3", s))
    if " end of " in s:
        s = _DELAYED_END_AFTER.sub(r"\1delayed_eot \2.", _DELAYED_END.sub(r"\1delayed_eot ", s))
    return s


_ATTACK_TAX = re.compile(r"^(j/resonators your opponent controls) cannot attack unless your opponent pays (\{\d+\})\.$")
_ATTR_PAID_WITH = re.compile(r" with (will of any attribute|(?:light|fire|water|wind|darkness) will)\.$")


class FowTextCompiler(CardTextCompiler):
    """The shared compiler with Force of Will's normalisation; the card's name is read as "this
    card" (older cards print their own name), so the name is part of the line's cache key."""

    def normalise(self, line: str) -> str:
        return " ".join(line.split())  # compile_line has normalised it (normalise_line, with the card's name and races)

    def context_key(self, card: Mapping[str, Any]) -> tuple:
        return (card.get("type"), card.get("addition"), bool(card.get("x")), bool(card.get("judgment_line")))

    def compile_line(self, line: str, card: Mapping[str, Any] | None = None) -> LineResult:
        card = card or {}
        self.parser  # noqa: B018 - a broken grammar raises here, not as every line's "no sentence of the grammar"
        name = str(card.get("name") or "")
        plain = normalise_line(line, name, card.get("races") or frozenset())
        if card.get("type") == "chant":
            plain = _chant_marks(plain)
        elif " end of turn" in plain:
            # session 29: a delayed ability made by an activate or automatic ability's effect (CR 906.8), after its
            # first sentence, its "=>" or its cost's ":" (a line's own "At the end of turn, ..." is its trigger)
            plain = _DELAYED_IN_ABILITY.sub(r"\1delayed_eot ", plain)
        if card.get("type") in ("chant", "rune") and "players cannot chase to this card" in plain:
            plain = plain.replace("players cannot chase to this card", "this_card_unchaseable")  # session 27
        if plain.endswith(". this ability triggers only once per turn."):
            plain = plain[: -len(" this ability triggers only once per turn.")] + " trig_once_per_turn ."  # session 32
        if "you may reveal any number of " in plain:
            # session 34 (s34b): "any number" is none too (CR 1005.1: the player reveals what it chooses), so "you may" adds
            # no choice (Op.REVEAL_FROM_HAND asks for each card, PASS ends)
            plain = plain.replace("you may reveal any number of ", "reveal any number of ")
        if "cannot attack unless your opponent pays " in plain:
            # session 33 (s33a): "<J/resonators your opponent controls> cannot attack unless your opponent pays {N}." marked
            # (its "unless" is no condition: a cost paid as they attack, Op.ATTACK_TAX)
            plain = _ATTACK_TAX.sub(r"attack_tax \2 \1.", plain)
        if "you may pay the attribute cost of " in plain:
            # session 33 (s33a): "... of <cards> with will of any attribute / with <attribute> will." marked, so that the
            # grammar tells its "with" from a filter's "with <keyword>" (one word of lookahead)
            plain = _ATTR_PAID_WITH.sub(r" attr_paid_with \1.", plain)
        res = super().compile_line(plain, card)
        res.line = line
        return res


COMPILER = FowTextCompiler(Path(__file__).with_name("card_text.lark"), _T, approximations=APPROXIMATIONS)
