"""FF-TCG 2014 rules kernels: the rule processes of 2014 CR 12.4.1-12.4.10, all at once (12.3),
until nothing changes. Defeats (12.4.1-12.4.3) are FF-TCG's ``defeats_end_game``: the 7th damage
card, a draw from an empty deck and damage with too few cards in the deck only mark the player
(``effects.resolve_damage``, ``zones.draw_cards``); the game ends here."""

from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import card_table
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014.constants import FIELD_SLOTS, N_SLOTS
from tcg_env.games.fftcg_2014.state import (ATK_L, ATK_N, BLOCKER, CARD, CARD_W, CONTROLLER, DMG, D_POWER, EQUIPS,
                                            FIELD_L, FIELD_N, MARKS, STEP, TURN_PLAYER, X_W, ZONE)

NONE, TO_BREAK_ZONE, BROKEN = K.BreakMark.NONE, K.BreakMark.TO_BREAK_ZONE, K.BreakMark.BROKEN


@internal
def _mark(marks, slot, how):
    if marks[slot] == NONE:
        marks[slot] = how


@internal
def rule_processes(game, s, T):
    """Returns True if the game ended."""
    cards = card_table(T)
    marks = s[MARKS : MARKS + N_SLOTS]
    while True:
        game.refresh_derived(s, T)
        if game.defeats_end_game(s):  # 2014 CR 12.4.1-12.4.3
            return True
        any_marked = False
        for p in range(2):
            n = s[FIELD_N + p]
            shine_dark = 0
            formations = 0
            for i in range(n):
                slot = s[FIELD_L + p * FIELD_SLOTS + i]
                cid = s[CARD + slot * CARD_W]
                ctype = cards[cid, K.C_TYPE]
                if game.is_light_dark(cards, cid):
                    shine_dark += 1
                if ctype == K.CardType.FORMATION:
                    formations += 1
                if ctype == K.CardType.FORWARD:
                    if s[D_POWER + slot * CARD_W] <= 0:
                        _mark(marks, slot, TO_BREAK_ZONE)  # 12.4.4 (only Forwards have Power, 5.2.6.1)
                    elif s[DMG + slot * CARD_W] >= s[D_POWER + slot * CARD_W]:
                        _mark(marks, slot, BROKEN)  # 12.4.5
                        if marks[slot] == BROKEN:
                            game.battle_break(s, T, slot)
                if game.is_item(ctype):
                    held = s[EQUIPS + slot * X_W] - 1
                    if held < 0 or s[ZONE + held * CARD_W] != K.Zone.FIELD or s[CONTROLLER + held * CARD_W] != p:
                        _mark(marks, slot, TO_BREAK_ZONE)  # 12.4.8, 5.2.3.1.3.6
                for j in range(i + 1, n):
                    other = s[FIELD_L + p * FIELD_SLOTS + j]
                    ocid = s[CARD + other * CARD_W]
                    if (game.is_character(ctype) and game.is_character(cards[ocid, K.C_TYPE])
                            and cards[ocid, K.C_NAME] == cards[cid, K.C_NAME]):
                        # 12.4.6: every one without the Common Soldier icon
                        if cards[cid, K.C_GENERIC] == 0:
                            _mark(marks, slot, TO_BREAK_ZONE)
                        if cards[ocid, K.C_GENERIC] == 0:
                            _mark(marks, other, TO_BREAK_ZONE)
                    if (game.is_item(ctype) and cards[ocid, K.C_TYPE] == ctype
                            and s[EQUIPS + other * X_W] == s[EQUIPS + slot * X_W]):
                        _mark(marks, slot, TO_BREAK_ZONE)  # 12.4.9, 5.2.3.1.3.4
                        _mark(marks, other, TO_BREAK_ZONE)
            for i in range(n):
                slot = s[FIELD_L + p * FIELD_SLOTS + i]
                cid = s[CARD + slot * CARD_W]
                if shine_dark >= 2 and game.is_light_dark(cards, cid):
                    _mark(marks, slot, TO_BREAK_ZONE)  # 12.4.7: every card of the player's
                if formations >= 2 and cards[cid, K.C_TYPE] == K.CardType.FORMATION:
                    _mark(marks, slot, TO_BREAK_ZONE)  # 12.4.10, 7.12.1.2
                any_marked = any_marked or marks[slot] != NONE
        if not any_marked:
            return False
        for slot in range(N_SLOTS):
            m = marks[slot]
            if m != NONE:
                marks[slot] = NONE
                if s[ZONE + slot * CARD_W] == K.Zone.FIELD:
                    game.leave_field(s, T, slot, K.Zone.BREAK, m == BROKEN)


@internal
def battle_break(game, s, T, slot):
    """A Forward in battle broken by its damage (2014 CR 12.4.5) in the Damage Resolution Step was
    broken by the Forwards it battled: "when <this> breaks a Forward your opponent controls" (Level
    UP, 15.2.4.2) triggers for each of them; a Party broke the blocker together (15.1.1.10.8)."""
    if s[STEP] != K.AttackStep.DAMAGE:
        return
    tp = s[TURN_PLAYER]
    blk = s[BLOCKER]
    if blk == slot:
        for i in range(s[ATK_N]):
            if game.controls(s, tp, s[ATK_L + i]):
                game.trigger_card(s, T, s[ATK_L + i], tp, K.Trigger.BREAKS_FORWARD_SELF, slot)
        return
    if blk >= 0 and game.controls(s, 1 - tp, blk):
        for i in range(s[ATK_N]):
            if s[ATK_L + i] == slot:
                game.trigger_card(s, T, blk, 1 - tp, K.Trigger.BREAKS_FORWARD_SELF, slot)
