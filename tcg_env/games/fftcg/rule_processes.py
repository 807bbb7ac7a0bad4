"""FF-TCG rules kernels: rule processes (CR 12) and the end of the game when a player meets a
defeat condition (CR 3.1, 3.3).

Run before a player receives priority (CR 12.3) and after battle damage: defeats (CR 12.4.1-12.4.3),
Forwards with no power left or damage equal to or above their power (CR 12.4.4, 12.4.5), the
same-name and Light/Dark rules (CR 12.4.6, 12.4.7), all at once, until nothing changes. A defeat
also ends the game at once where its condition arises (``defeats_end_game``). Asking a player and
ending a game are the core's (``tcg_env.engine.decisions``).
"""

from tcg_env.engine.decisions import end_game
from tcg_env.engine.header import H_DONE, H_VARIANT, WINNER_DRAW
from tcg_env.engine.tables import card_table, flag_table
from tcg_env.engine.jit import internal
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import FIELD_SLOTS, N_SLOTS
from tcg_env.games.fftcg.state import (CARD, CARD_W, DAMAGED_EMPTY, DAMAGE_N, DMG, DREW_FROM_EMPTY, D_POWER, FIELD_L,
                                       D_RST, FIELD_N, MARKS, ZONE)


# =============================================================================================
# Defeat (CR 3.1)
# =============================================================================================
@internal
def defeats_end_game(s):
    """CR 3.1: a player who meets a defeat condition loses and the game ends at once, so no
    decision is asked after it (not even the EX Burst of the damage card that made the loss).
    Called where a condition arises (CR 3.1.1: a card put into a Damage Zone; 3.1.2: a draw from
    an empty deck; 3.1.3: damage with an empty deck) and by the rule processes (CR 12.4.1-12.4.3,
    which find the same conditions, e.g. in a position built by hand). Both players defeated at
    once: a draw (CR 3.3). Returns True if the game ended (an ended game's result stands)."""
    if s[H_DONE] != 0:
        return True
    lose_at = K.DAMAGE_TO_LOSE_LIMITED if s[H_VARIANT] == K.VARIANT_LIMITED else K.DAMAGE_TO_LOSE_CONSTRUCTED
    lost0 = s[DAMAGE_N] >= lose_at or s[DREW_FROM_EMPTY] != 0 or s[DAMAGED_EMPTY] != 0
    lost1 = s[DAMAGE_N + 1] >= lose_at or s[DREW_FROM_EMPTY + 1] != 0 or s[DAMAGED_EMPTY + 1] != 0
    if lost0 and lost1:
        end_game(s, WINNER_DRAW)  # CR 3.3
        return True
    if lost0:
        end_game(s, 1)
        return True
    if lost1:
        end_game(s, 0)
        return True
    return False


# =============================================================================================
# Rule processes (CR 12)
# =============================================================================================
@internal
def rule_processes(game, s, T):
    """Run CR 12.4 until nothing changes. Returns True if the game ended."""
    cards = card_table(T)
    while True:
        game.refresh_derived(s, T)
        if game.defeats_end_game(s):  # CR 12.4.1-12.4.3
            return True
        # collect simultaneously (CR 12.3): 1 = to Break Zone, 2 = broken
        changed = False
        marks = s[MARKS : MARKS + N_SLOTS]  # a view of the scratch run: no allocation
        for p in range(2):
            ld = 0
            nfp = s[FIELD_N + p]
            for i in range(nfp):
                slot = s[FIELD_L + p * FIELD_SLOTS + i]
                cid = s[CARD + slot * CARD_W]
                if cards[cid, K.C_TYPE] == K.CardType.FORWARD:
                    if s[D_POWER + slot * CARD_W] <= 0:
                        marks[slot] = K.BreakMark.TO_BREAK_ZONE  # CR 12.4.4
                    elif s[DMG + slot * CARD_W] >= s[D_POWER + slot * CARD_W] \
                            and (s[D_RST + slot * CARD_W] & K.RESTRICT_UNBREAKABLE) == 0:
                        marks[slot] = K.BreakMark.BROKEN  # CR 12.4.5 ("cannot be broken": it stays)
                if game.is_light_dark(cards, cid):
                    ld += 1
                # CR 12.4.6, each pair once: a non-generic card sharing its name with another
                # goes unless already marked. A later card marked here still gets its own
                # power / damage check above, which takes precedence as it did before
                name = cards[cid, K.C_NAME]
                generic = cards[cid, K.C_GENERIC] != 0
                for j in range(i + 1, nfp):
                    other = s[FIELD_L + p * FIELD_SLOTS + j]
                    ocid = s[CARD + other * CARD_W]
                    if cards[ocid, K.C_NAME] == name:
                        if not generic and marks[slot] == K.BreakMark.NONE:
                            marks[slot] = K.BreakMark.TO_BREAK_ZONE
                        if cards[ocid, K.C_GENERIC] == 0 and marks[other] == K.BreakMark.NONE:
                            marks[other] = K.BreakMark.TO_BREAK_ZONE
            if ld >= 2 and not game.light_dark_allowed(s, T, p, -1):  # the cards' exceptions (Op.LIGHT_DARK)
                for i in range(s[FIELD_N + p]):
                    slot = s[FIELD_L + p * FIELD_SLOTS + i]
                    if game.is_light_dark(cards, s[CARD + slot * CARD_W]) and marks[slot] == K.BreakMark.NONE:
                        marks[slot] = K.BreakMark.TO_BREAK_ZONE  # CR 12.4.7
        n_marked = 0  # only field cards get marked: check those, not all 120 slots
        for p in range(2):
            for i in range(s[FIELD_N + p]):
                if marks[s[FIELD_L + p * FIELD_SLOTS + i]] != K.BreakMark.NONE:
                    n_marked += 1
        if n_marked == 0:
            return False  # the common case: nothing to do, and the marks are all zero
        ft = flag_table(T)
        if n_marked >= 2 and (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_PUT_BREAK_OTHER) != 0:
            # they leave at once (CR 12.3): "When a ... is put from the field into the Break Zone" / "When a Forward
            # your opponent controls is broken" look at all of them before any moves (zones.scan_leaving_together)
            for slot in range(N_SLOTS):
                if marks[slot] != K.BreakMark.NONE:
                    game.scan_leaving_together(s, T, slot, marks[slot] == K.BreakMark.BROKEN)
        for slot in range(N_SLOTS):
            m = marks[slot]
            if m != K.BreakMark.NONE:
                marks[slot] = m & K.BreakMark.SCANNED  # leave_field clears it
                if s[ZONE + slot * CARD_W] == K.Zone.FIELD:
                    game.leave_field(s, T, slot, K.Zone.BREAK, m - (m & K.BreakMark.SCANNED) == K.BreakMark.BROKEN)
                    changed = True
                marks[slot] = K.BreakMark.NONE
        if not changed:
            return False
