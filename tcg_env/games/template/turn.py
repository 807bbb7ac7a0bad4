"""The turn (R 4, R 10), drawing (R 1.3), moving cards (R 2.2), battle (R 9) and losing (R 1.2)."""

from tcg_env.engine.decisions import end_game, set_decision
from tcg_env.engine.header import H_TURN, WINNER_DRAW
from tcg_env.engine.jit import internal
from tcg_env.engine.tables import card_table
from tcg_env.engine.zones import zone_count, zone_move, zone_offsets
from tcg_env.games.template.constants import (
    C_POWER, HAND_LIMIT, MANA_MAX, N_COLOURS, Decision, Duration, Mod, Zone,
)
from tcg_env.games.template.state import ATTACKER, CARD, CARD_W, LIFE, MANA, MT, OWNER, RESTED, TURN_PLAYER, ZONE, ZT
from tcg_env.rules.modifiers import mod_end_in_zone, mod_total, mod_zone_change


@internal
def move_card(game, s, slot, zone):
    """R 2.2: a card that changes zones is a new card: it forgets its modifiers and its orientation
    (the declaration in state.py, ``MODS``)."""
    old = s[ZONE + slot * CARD_W]
    zone_move(s, ZT, slot, zone)
    mod_zone_change(game, s, MT, slot, old, zone)


@internal
def draw(game, s, p):
    """R 1.3: the top card of the deck into the hand; a player who must draw from an empty deck
    loses. Returns False when the game ended."""
    n_off, l_off = zone_offsets(ZT, Zone.DECK, p)
    if s[n_off] == 0:
        end_game(s, 1 - p)
        return False
    game.move_card(s, s[l_off + s[n_off] - 1], Zone.HAND)
    return True


@internal
def power_of(s, T, slot):
    """A creature's power now: printed (R 6.3) plus its modifiers (R 7.2)."""
    return card_table(T)[s[CARD + slot * CARD_W], C_POWER] + mod_total(s, MT, slot, Mod.POWER)


@internal
def begin_turn(game, s, p):
    """R 4: ``p``'s turn: its creatures ready (R 4.1), one mana of each colour, up to MANA_MAX each
    (R 4.2), a card drawn (R 4.3), then its main decision (R 5)."""
    s[TURN_PLAYER] = p
    s[H_TURN] += 1
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    for i in range(s[n_off]):
        s[RESTED + s[l_off + i] * CARD_W] = 0
    for c in range(N_COLOURS):
        s[MANA + p * N_COLOURS + c] = min(s[MANA + p * N_COLOURS + c] + 1, MANA_MAX)
    if game.draw(s, p):
        set_decision(s, Decision.MAIN, p)


@internal
def end_turn(game, s):
    """R 10: the turn player discards down to HAND_LIMIT cards, one decision a card (R 10.1); then
    "until end of turn" ends (R 10.2) and the other player's turn begins."""
    p = s[TURN_PLAYER]
    if zone_count(s, ZT, Zone.HAND, p) > HAND_LIMIT:
        set_decision(s, Decision.DISCARD, p)
        return
    mod_end_in_zone(s, MT, ZT, Zone.FIELD, Duration.END_OF_TURN)
    game.begin_turn(s, 1 - p)


@internal
def attack(game, s, T, p, slot):
    """R 9.1: the attacker rests; the other player may block with a ready creature (R 9.2)."""
    s[RESTED + slot * CARD_W] = 1
    s[ATTACKER] = slot
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, 1 - p)
    for i in range(s[n_off]):
        if s[RESTED + s[l_off + i] * CARD_W] == 0:
            set_decision(s, Decision.BLOCK, 1 - p)
            return
    game.resolve_battle(s, T, -1)


@internal
def resolve_battle(game, s, T, blocker):
    """R 9.3: blocked, the creature with less power is destroyed (both on a tie); R 9.4: unblocked,
    the other player loses life equal to the attacker's power. Then the rule processes (R 1.2)."""
    a = s[ATTACKER]
    s[ATTACKER] = -1
    p = s[OWNER + a * CARD_W]
    pa = game.power_of(s, T, a)
    if blocker < 0:
        s[LIFE + 1 - p] -= pa
    else:
        pb = game.power_of(s, T, blocker)
        if pa <= pb:
            game.move_card(s, a, Zone.DISCARD)
        if pb <= pa:
            game.move_card(s, blocker, Zone.DISCARD)
    if not game.rule_processes(s, T):
        set_decision(s, Decision.MAIN, p)


@internal
def rule_processes(s, T):
    """R 1.2: a player with 0 life or less loses (both at once: a draw). True when the game ended
    (also the counter window's rule processing, engine.chase's ``rule_processes``)."""
    lost0, lost1 = s[LIFE] <= 0, s[LIFE + 1] <= 0
    if lost0 or lost1:
        end_game(s, WINNER_DRAW if lost0 and lost1 else (1 if lost0 else 0))
        return True
    return False
