"""Force of Will rules kernels: rule processes (CR 1200s), performed in their listed order
(CR 1201.1) at the start of every priority sequence (CR 602.1a) until none is left."""

from tcg_env.engine.decisions import end_game
from tcg_env.engine.header import H_DONE, WINNER_DRAW
from tcg_env.engine.jit import internal
from tcg_env.engine.tables import card_table
from tcg_env.engine.zones import zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import CardType, Zone
from tcg_env.games.force_of_will.state import ATTACHED, CARD, CARD_W, DAMAGE, DREW_FROM_EMPTY, LIFE, ZONE, ZT
from tcg_env.games.force_of_will.zones import card_type, def_of, destroy, has_keyword, is_j_resonator, to_graveyard


@internal
def losing_players(s):
    """CR 1202.1 (life 0 or less) and 1202.2 (drew from an empty main deck in the draw phase):
    bit p set when player p loses."""
    lost = 0
    for p in range(2):
        if s[LIFE + p] <= 0 or s[DREW_FROM_EMPTY + p] != 0:
            lost |= 1 << p
    return lost


@internal
def check_losing(s):
    """CR 1202, 103.2 / 103.3: one loser, the other wins; both at once, a draw."""
    lost = losing_players(s)
    if lost == 3:
        end_game(s, WINNER_DRAW)
    elif lost == 1:
        end_game(s, 1)
    elif lost == 2:
        end_game(s, 0)
    return lost != 0


@internal
def destroy_by_damage(s, T):
    """CR 1204.1 / 1204.2: J/resonators with DEF whose damage reaches their DEF, or whose DEF is 0
    or less, are destroyed (not [Eternal] ones, CR 1010.3); all at once. Returns whether any was."""
    any_done = False
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        i = 0
        while i < s[n_off]:
            slot = s[l_off + i]
            i += 1
            if not is_j_resonator(s, T, slot) or has_keyword(s, T, slot, K.KW_ETERNAL):
                continue
            d = def_of(s, T, slot)
            if d <= 0 or s[DAMAGE + slot * CARD_W] >= d:
                if destroy(s, T, slot):
                    any_done = True
                    i -= 1  # the list moved up
    return any_done


@internal
def round_life(s):
    """CR 1205.1: life up to the nearest multiple of 100."""
    for p in range(2):
        v = s[LIFE + p]
        r = v % 100
        if r != 0:
            s[LIFE + p] = v - r + 100


@internal
def unattached_additions(s, T):
    """CR 1406.4a / 1206.1: an addition that must be added to a card and is added to none (or to
    itself) is put into its owner's graveyard."""
    done = False
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        i = 0
        while i < s[n_off]:
            slot = s[l_off + i]
            i += 1
            if card_type(s, T, slot) != CardType.ADDITION:
                continue
            from_card = s[ATTACHED + slot * CARD_W]
            needs = card_table(T)[s[CARD + slot * CARD_W], K.C_ADDITION] != K.AdditionTarget.FIELD
            if needs and (from_card < 0 or from_card == slot or s[ZONE + from_card * CARD_W] != Zone.FIELD):
                to_graveyard(s, T, slot)
                i -= 1
                done = True
    return done


@internal
def rule_processes(s, T):
    """CR 1201.1: in order, repeated while any is performed; True when the game ended (the
    priority point stops)."""
    for _ in range(64):  # each pass removes a card or ends the game: bounded
        round_life(s)  # CR 1205 (before the loss check: rounding up never makes life reach 0)
        if check_losing(s):  # CR 1202
            return True
        changed = destroy_by_damage(s, T)  # CR 1204 (counters: CR 1203, kept as one net count)
        if unattached_additions(s, T):  # CR 1206 / 1406.4a
            changed = True
        if not changed:
            break
    return s[H_DONE] != 0
