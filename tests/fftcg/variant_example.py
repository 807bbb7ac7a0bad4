"""A test rules variant of FF-TCG: one deep rule and one opcode changed, everything else the 2016 game's.

It shows how a rules variant plugs in (docs/architecture.md, "Rules variants"): a hooks module that
imports the base game's (``from tcg_env.games.fftcg.hooks import *``), its own
:class:`~tcg_env.engine.hooks.Rules`, and replacements for the rules that differ. The base game's
kernels call their rules through the tag (``game.resolve_damage(...)``, ``exec_op`` through the
engine's interpreter), so compiled for this module's ``RULES`` they reach the replacements below
however deep they sit, and FF-TCG 2016's own compiled engine has no branch on them. Play it with
``tcg_env.make_game("fftcg", rules="variant_example")`` (tests/fftcg/test_variant.py).

1. A deep rule, from the FF-TCG 2014 Square Enix TCG system rules (rules/fftcg-sqex-system-2014.txt,
   which a later issue builds as a whole variant): the 7th damage does not end the game in the
   middle of damage resolution. 2014 CR 7.13.2: "When 7 cards are placed in their [Damage Zone], a
   player loses the game through a rule process" (2014 CR 12.4.1), checked when a player would next
   receive priority (2014 CR 12.3); damage resolution goes on meanwhile, so the EX Burst of the 7th
   card is still offered (2014 CR 6.5.2.1). FF-TCG 2016 ends the game at once (2016 CR 3.1.1,
   7.8.2: "automatically loses"), with no EX Burst (``effects.resolve_damage``). The replacement is
   ``resolve_damage``, three calls under the game's ``apply_unchecked`` (``advance`` ->
   ``run_top_frame`` -> ``resolve_damage``).
2. An opcode, a test change and no rule of either document: DAMAGE_PLAYER deals one point more
   than its card says. This module's ``exec_op`` handles that opcode and hands every other to the
   base game's ``exec_op``.
"""

from tcg_env.engine.decisions import set_decision
from tcg_env.engine.effects import STOPPED, player_operand
from tcg_env.engine.hooks import Rules
from tcg_env.engine.jit import internal
from tcg_env.engine.tables import card_table
from tcg_env.engine.zones import zone_pop_top
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.effects import exec_op as base_exec_op
from tcg_env.games.fftcg.hooks import *  # noqa: F403  (FF-TCG 2016's rules, kept)
from tcg_env.games.fftcg.state import (CARD, CARD_W, DAMAGED_EMPTY, DEC_ARG, DECK_L, DECK_N, E_SLOT, FR_LEFT, FR_PC,
                                       FR_PLAYER, ZONE)

RULES = Rules(__name__)

EXTRA_DAMAGE = 1  # the test opcode change: DAMAGE_PLAYER deals this many points more


@internal
def resolve_damage(game, s, T, base):
    """Damage resolution as FF-TCG 2014 has it (2014 CR 6.5): one card per point from the top of
    the deck to the Damage Zone (6.5.2), an EX Burst resolved before the next card (6.5.2.1, 6.5.3).
    The 7th card ends nothing here: the rule processes do, at the next priority (2014 CR 7.13.2,
    12.4.1). Damage with an empty deck still ends the game (2014 CR 3.1.3)."""
    cards = card_table(T)
    player = s[base + FR_PLAYER]
    while s[base + FR_LEFT] > 0:
        s[base + FR_LEFT] -= 1
        slot = zone_pop_top(s, DECK_N + player, DECK_L + player * K.MAX_DECK)
        if slot < 0:
            s[DAMAGED_EMPTY + player] = 1  # 2014 CR 3.1.3 / 12.4.3
            game.defeats_end_game(s)
            return False
        s[ZONE + slot * CARD_W] = K.Zone.NONE
        game.put_in_zone(s, slot, K.Zone.DAMAGE)
        cid = s[CARD + slot * CARD_W]
        if cards[cid, K.C_EX_BURST] != 0 and cards[cid, K.C_EX_ABIL] >= 0:
            s[DEC_ARG] = slot
            set_decision(s, K.Decision.EX_BURST, player)
            return False
    return True


@internal
def exec_op(game, s, T, f, op, reg, a0, a1, a2):
    """The test variant's DAMAGE_PLAYER (``EXTRA_DAMAGE`` points more); every other opcode is FF-TCG
    2016's (``effects.exec_op``)."""
    if op == K.Op.DAMAGE_PLAYER:
        s[f + FR_PC] += 1
        game.deal_damage_to_player(s, T, player_operand(game, s, f, a1), a0 + EXTRA_DAMAGE, s[f + E_SLOT])
        return STOPPED  # the damage frame runs next
    return base_exec_op(game, s, T, f, op, reg, a0, a1, a2)
