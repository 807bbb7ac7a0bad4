"""Weiss Schwarz: playing cards and abilities, and the stage (main phase actions, climax, costs).

* CR 6.5.1.2 / 8.6.2.1.1 what a card needs to be played: level and colour requirements
  (``color_ok``, ``card_playable_base``).
* CR 6.5.1.2.1 / 8.6.2.3 playing a character: pay its stock cost, put it on a stage position (the
  character there goes to the waiting room, 8.6.2.4.1), its "when placed" triggers
  (``place_on_stage``); leaving the stage for the waiting room (``stage_to_wr``).
* CR 6.5.1.2.2 / 8.6.2.4.2 playing an event through the resolution zone.
* CR 6.5.1.2.4 moving characters between stage positions, with the CR 11.1.1.2 loop rule for runs
  of moves (``move_chars``, ``move_run_*``, ``move_rank_swapped``).
* CR 8.6.2 playing an activated or automatic ability: its cost paid (8.6.2.3, ``costs``), its
  effect program started (8.6.2.4.4, ``start_ability``); the activated abilities usable at play
  timing (6.5.1.2.3) and in the counter step (7.4.1.2.1) (``ability_usable``,
  ``ability_usable_kind``).

Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

import itertools

import numpy as np

from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table, flag_table
from tcg_env.engine.effects import I_A0, I_A1
from tcg_env.engine.header import H_TURN
from tcg_env.engine.jit import internal
from tcg_env.rules.costs import zone_type_mask
from tcg_env.rules.modifiers import mod_forget
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    ATK_SLOT,
    CARD_W,
    DEF_SLOT,
    DEC_ARG,
    DECK_N,
    D_KW,
    D_LEVEL,
    D_RST,
    CLOCK_L,
    CLOCK_N,
    HAND_L,
    HAND_N,
    LEVEL_L,
    LEVEL_N,
    MARKER_N,
    MEMORY_L,
    MEMORY_N,
    MOVE_RUN_SEEN,
    MOVE_RUN_START,
    MT,
    ORIENT,
    PAY_ABIL,
    PAY_AUX,
    PAY_CLOCK_LEFT,
    PAY_DISCARD_LEFT,
    PAY_SLOT,
    PLACED_TURN,
    POS,
    RES_L,
    RES_N,
    STAGE,
    STOCK_N,
    TIMESTAMP,
    TRIG_SLOT,
    USES,
    WR_L,
    WR_N,
    ZONE,
    ZT,
)
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.triggers import PE_AUX, pending_count, pending_entry
from tcg_env.games.weiss_schwarz.characteristics import granted_bits
from tcg_env.games.weiss_schwarz.zones import cid_of, has_hand_abilities, owner_of, pool_may_trigger, stage_slot


@internal
def color_mask(s, T, p):
    """Bit (1 << colour) of every colour in p's level and clock (CR 8.6.2.1.1)."""
    return zone_type_mask(s, T, ZT, K.Zone.LEVEL, p, K.C_COLOR) | zone_type_mask(s, T, ZT, K.Zone.CLOCK, p, K.C_COLOR)


@internal
def hand_condition_holds(game, s, T, cond, arg, p):
    """The conditions a level in the hand may have (card_text.HAND_LEVEL_CONDITIONS), tested for
    master ``p`` without ``condition_holds``: ``filters.filter_match`` asks a hand card's level
    (``hand_level``) and ``condition_holds`` calls ``filter_match``, a cycle the kernels' compiler
    cannot type. ALL_OF / ANY_OF (session 28): of such conditions (``hand_condition_atom``)."""
    if cond == K.Condition.ALL_OF or cond == K.Condition.ANY_OF:
        code = code_table(T)
        r0 = arg >> 3
        for i in range(arg & 7):
            if game.hand_condition_atom(s, T, code[r0 + i, I_A0], code[r0 + i, I_A1], p) == (cond == K.Condition.ANY_OF):
                return cond == K.Condition.ANY_OF
        return cond == K.Condition.ALL_OF
    return game.hand_condition_atom(s, T, cond, arg, p)


@internal
def hand_condition_atom(game, s, T, cond, arg, p):
    """One condition of ``hand_condition_holds``."""
    cards = card_table(T)
    if cond == K.Condition.NONE:
        return True
    if cond == K.Condition.OPPONENTS:  # "if your opponent's waiting room has N or more climax" (condition_holds)
        p = 1 - p
        cond = arg >> 24
        arg = ((arg & 0xFFFFFF) ^ 0x800000) - 0x800000
    if cond == K.Condition.TRAIT_COUNT_AT_LEAST:  # every character counts: the card is in the hand
        return game.count_trait_others(s, T, p, arg >> 8, -1) >= (arg & 0xFF)
    if cond == K.Condition.WR_CLIMAX_AT_LEAST or cond == K.Condition.WR_CLIMAX_AT_MOST:
        n = 0
        for i in range(s[WR_N + p]):
            if cards[cid_of(s, s[WR_L + p * K.MAX_DECK + i]), K.C_TYPE] == K.CardType.CLIMAX:
                n += 1
        return n >= arg if cond == K.Condition.WR_CLIMAX_AT_LEAST else n <= arg
    if cond == K.Condition.DECK_AT_LEAST:  # session 27
        return s[DECK_N + p] >= arg
    if cond == K.Condition.NAMED_IN_CLOCK:
        for i in range(s[CLOCK_N + p]):
            if (cards[cid_of(s, s[CLOCK_L + p * K.MAX_DECK + i]), K.C_NAME] & K.NAME_MASK) == arg:
                return True
        return False
    if cond == K.Condition.OPP_FILTER_AT_LEAST:
        # "if your opponent has a level N or higher character": the compiler allows here only a filter of
        # the opponent's characters by level (and positions), read from its row without filter_match
        F = filter_table(T)
        frow = arg >> 8
        n = 0
        for pos in range(K.N_POSITIONS):
            sl = s[STAGE + (1 - p) * K.N_POSITIONS + pos]
            if sl < 0 or (F[frow, K.F_POS_MASK] != 0 and (F[frow, K.F_POS_MASK] >> pos) & 1 == 0):
                continue
            if (F[frow, K.F_LEVEL_MIN] < 0 or s[D_LEVEL + sl * CARD_W] >= F[frow, K.F_LEVEL_MIN]) \
                    and game.hand_filter_ok(T, frow, cid_of(s, sl), True):  # "a <<T>> character": its printed columns
                n += 1
        return n >= (arg & 0xFF)
    if cond == K.Condition.NAMED_IN_LEVEL:
        for i in range(s[LEVEL_N + p]):
            if (cards[cid_of(s, s[LEVEL_L + p * K.MAX_DECK + i]), K.C_NAME] & K.NAME_MASK) == arg:
                return True
        return False
    if cond == K.Condition.FILTER_COUNT_AT_LEAST or cond == K.Condition.OWN_FILTER_AT_MOST:
        # "if you have N or more characters with "X" in their card names" / "if you do not have a <<T>>
        # character" (at most 0)
        # (session 29: the filter's positions too, "the number of characters in your center stage")
        F = filter_table(T)
        n = 0
        for pos in range(K.N_POSITIONS):
            sl = s[STAGE + p * K.N_POSITIONS + pos]
            if sl >= 0 and (F[arg >> 8, K.F_POS_MASK] == 0 or (F[arg >> 8, K.F_POS_MASK] >> pos) & 1 != 0) \
                    and game.hand_filter_ok(T, arg >> 8, cid_of(s, sl), True):
                n += 1
        return n >= (arg & 0xFF) if cond == K.Condition.FILTER_COUNT_AT_LEAST else n <= (arg & 0xFF)
    if cond == K.Condition.MEMORY_FILTER_AT_LEAST:  # "if your memory has N or more <<T>> characters"
        n = 0
        for i in range(s[MEMORY_N + p]):
            if game.hand_filter_ok(T, arg >> 8, cid_of(s, s[MEMORY_L + p * K.MAX_DECK + i]), False):
                n += 1
        return n >= (arg & 0xFF)
    if cond == K.Condition.WR_FILTER_AT_LEAST:  # "if you have N or more "X" / events in your waiting room"
        n = 0
        for i in range(s[WR_N + p]):
            if game.hand_filter_ok(T, arg >> 8, cid_of(s, s[WR_L + p * K.MAX_DECK + i]), False):
                n += 1
        return n >= (arg & 0xFF)
    if cond == K.Condition.NAMED_PAIR_ON_STAGE:  # "if you have "X" and "Y"" (the card is in the hand: any two)
        return game.named_pair_on_stage(s, T, p, arg, -1)
    if cond == K.Condition.DECK_AT_MOST:  # "if the number of cards in your deck is N or less" (session 27)
        return s[DECK_N + p] <= arg
    if cond == K.Condition.LEVEL_COLORS:  # "if your level has a yellow card and a blue card"
        return game.level_colors(s, T, p, arg)
    if cond == K.Condition.MEMORY_NAMES_AT_LEAST:  # "if your memory has N or more cards with different card names"
        return game.memory_names(s, T, p) >= arg
    # the master's zone counts (session 29: "if the number of cards in your memory is 2 or less, this card cannot be
    # played from your hand", CR 8.6.2.1): the numbers of cards, as filters.condition_holds reads them
    if cond == K.Condition.MEMORY_AT_LEAST:
        return s[MEMORY_N + p] >= arg
    if cond == K.Condition.MEMORY_AT_MOST:
        return s[MEMORY_N + p] <= arg
    if cond == K.Condition.HAND_AT_LEAST:
        return s[HAND_N + p] >= arg
    if cond == K.Condition.HAND_AT_MOST:
        return s[HAND_N + p] <= arg
    if cond == K.Condition.CLOCK_AT_LEAST:
        return s[CLOCK_N + p] >= arg
    if cond == K.Condition.CLOCK_AT_MOST:
        return s[CLOCK_N + p] <= arg
    if cond == K.Condition.STOCK_AT_LEAST:
        return s[STOCK_N + p] >= arg
    if cond == K.Condition.STOCK_AT_MOST:
        return s[STOCK_N + p] <= arg
    return False


@internal
def hand_filter_ok(game, T, frow, cid, on_stage):
    """Filter row ``frow`` by the printed columns the compiler allows in a level in the hand's condition
    (card_text.cont_line: type, colour, trait, name, part of a name): ``filters.filter_match`` would ask a hand
    card's level (see hand_condition_holds). ``on_stage``: the card is on the stage (a name it is also regarded
    as there, constants.ALIAS_GROUP_BIT0)."""
    cards = card_table(T)
    F = filter_table(T)
    if F[frow, K.F_TYPE_MASK] != 0 and (F[frow, K.F_TYPE_MASK] >> cards[cid, K.C_TYPE]) & 1 == 0:
        return False
    # the colour (session 29: "if you have 2 or less green characters"): the printed colour, a card's colour never
    # changes (CR 2.4)
    if F[frow, K.F_COLOR_MASK] != 0 and (F[frow, K.F_COLOR_MASK] >> cards[cid, K.C_COLOR]) & 1 == 0:
        return False
    t = F[frow, K.F_TRAIT] & 0xFFFF
    if F[frow, K.F_TRAIT] < 0:  # "<<A>> or <<B>> or <<C>>": a trait group, a bit of C_TRAIT_GROUPS (constants)
        if ((cards[cid, K.C_TRAIT_GROUPS] >> (-1 - F[frow, K.F_TRAIT])) & 1) == 0:
            return False
    elif t != 0 and t != cards[cid, K.C_TRAIT0] and t != cards[cid, K.C_TRAIT1] and t != cards[cid, K.C_TRAIT2]:
        t2 = F[frow, K.F_TRAIT] >> 16  # "<<A>> or <<B>>": the second trait, packed (filters.filter_match)
        if t2 == 0 or (t2 != cards[cid, K.C_TRAIT0] and t2 != cards[cid, K.C_TRAIT1] and t2 != cards[cid, K.C_TRAIT2]):
            return False
    nm = F[frow, K.F_NAME]
    if nm > 0 and (cards[cid, K.C_NAME] & K.NAME_MASK) != nm:
        return False
    if nm < 0 and ((cards[cid, K.C_TITLE] >> (K.NAME_GROUP_BIT0 - 1 - nm)) & 1) == 0 and not (
            on_stage and ((cards[cid, K.C_NAME] >> (K.ALIAS_GROUP_BIT0 - 1 - nm)) & 1) != 0):
        return False
    return True


@internal
def hand_aura(game, s, T, p, cid, op):
    """The ``op`` instructions of p's hand card ``cid`` in its CONT abilities that work from the hand
    (AbilityZone.HAND) whose condition holds (checked for master ``p``, no source on the stage):
    (the sum of their first operands, the OR of them)."""
    cards = card_table(T)
    A = ability_table(T)
    code = code_table(T)
    total = 0
    bits = 0
    a0 = cards[cid, K.C_ABIL_START]
    for ai in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if A[ai, K.A_KIND] != K.AbilityKind.CONT or A[ai, K.A_ZONE] != K.AbilityZone.HAND:
            continue
        if not game.hand_condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p):
            continue
        c0 = A[ai, K.A_CODE_START]
        for r in range(c0, c0 + A[ai, K.A_CODE_LEN]):
            if code[r, K.I_OP] == op:
                total += code[r, K.I_A0]
                bits |= code[r, K.I_A0]
    return total, bits


@internal
def hand_level(game, s, T, p, cid):
    """The level of p's hand card ``cid``: printed, plus the ``aura_level`` of its CONT abilities that
    work from the hand ("this card gets -1 level while in your hand", AbilityZone.HAND) whose
    condition holds (checked for master ``p``, no source on the stage); never below 0."""
    if (flag_table(T)[cid, K.FL_MISC] & K.FLAG_HAND_CONT) == 0:
        return card_table(T)[cid, K.C_LEVEL]  # no ability works from the hand (the pool's flags): printed
    lvl = card_table(T)[cid, K.C_LEVEL] + game.hand_aura(s, T, p, cid, K.Op.AURA_LEVEL)[0]
    return max(lvl, 0)


@internal
def hand_no_color_req(game, s, T, p, cid):
    """"This card can be played from your hand without fulfilling color requirements" (CR 8.6.2.1.1):
    a CONT ability of the card with zone HAND holding an AURA_RESTRICT with RESTRICT_NO_COLOR_REQ."""
    if (flag_table(T)[cid, K.FL_MISC] & K.FLAG_HAND_CONT) == 0:
        return False  # no ability works from the hand (the pool's flags)
    return (game.hand_aura(s, T, p, cid, K.Op.AURA_RESTRICT)[1] & K.RESTRICT_NO_COLOR_REQ) != 0


@internal
def hand_cant_play(game, s, T, p, cid):
    """"If you do not have a <<T>> character, this card cannot be played from your hand" (CR 8.6.2.1: a
    card's own restriction on being played): a CONT ability of the card with zone HAND holding an
    AURA_RESTRICT with RESTRICT_CANT_PLAY, whose condition holds now."""
    if (flag_table(T)[cid, K.FL_MISC] & K.FLAG_HAND_CONT) == 0:
        return False  # no ability works from the hand (the pool's flags)
    return (game.hand_aura(s, T, p, cid, K.Op.AURA_RESTRICT)[1] & K.RESTRICT_CANT_PLAY) != 0


@internal
def play_locked(game, s, T, p, events):
    """Whether a stage character's restriction forbids player ``p`` to play events (``events``) or Backup
    from the hand now (RESTRICT_PLAY_LOCKS): "[CONT] You cannot play events or "Backup" from your hand" of
    p's characters; "During this card's battle, your opponent (all players, you) cannot play ..." of a
    character in battle (the attacking or the defending one, CR 7.2.1.5.1). The pool's FLAG_PLAY_LOCK
    skips the scan when no card has such a restriction."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_PLAY_LOCK) == 0:
        return False
    you = K.RESTRICT_NO_EVENTS_YOU if events else K.RESTRICT_NO_BACKUP_YOU
    b_you = K.RESTRICT_BATTLE_NO_EVENTS_YOU if events else K.RESTRICT_BATTLE_NO_BACKUP_YOU
    b_opp = K.RESTRICT_BATTLE_NO_EVENTS_OPP if events else K.RESTRICT_BATTLE_NO_BACKUP_OPP
    in_battle = s[ATK_SLOT] >= 0 and s[DEF_SLOT] >= 0
    for q in range(2):
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, q, pos)
            if sl < 0:
                continue
            r = s[D_RST + sl * CARD_W]
            if q == p and (r & you) != 0:
                return True
            if in_battle and (sl == s[ATK_SLOT] or sl == s[DEF_SLOT]) and (r & (b_you if q == p else b_opp)) != 0:
                return True
    return False


@internal
def player_rule(s, T, p, bit):
    """How many of player ``p``'s stage characters put the rule ``bit`` on their master (RESTRICT_PLAYER_RULES,
    session 23: "you get +1 to the limit on the number of cards in your hand", "your climax can be played from your
    hand without fulfilling color requirements", ...; a [CONT] ability's aura_restrict on itself: D_RST). 0 without
    a scan when no card of the pool has such a rule (FLAG_PLAY_LOCK)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_PLAY_LOCK) == 0:
        return 0
    n = 0
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0 and (s[D_RST + sl * CARD_W] & bit) != 0:
            n += 1
    return n


@internal
def type_any_color(game, s, T, p, cid):
    """CR 8.6.2.1.1: a climax / an event of player ``p`` that "can be played from your hand without fulfilling color
    requirements" by a rule of one of p's characters (RESTRICT_CX_ANY_COLOR_YOU / RESTRICT_EVENT_ANY_COLOR_YOU)."""
    t = card_table(T)[cid, K.C_TYPE]
    if t == K.CardType.CLIMAX:
        return game.player_rule(s, T, p, K.RESTRICT_CX_ANY_COLOR_YOU) > 0
    if t == K.CardType.EVENT:
        return game.player_rule(s, T, p, K.RESTRICT_EVENT_ANY_COLOR_YOU) > 0
    return False


@internal
def playable_with_mask(game, s, T, p, cid, cmask):
    """``card_playable_base`` with the colour mask computed once per legal-mask call."""
    cards = card_table(T)
    if has_hand_abilities(T, cid) and game.hand_cant_play(s, T, p, cid):
        return False
    if cards[cid, K.C_TYPE] == K.CardType.EVENT and game.play_locked(s, T, p, True):
        return False
    if cards[cid, K.C_TYPE] != K.CardType.CLIMAX:
        lvl = game.hand_level(s, T, p, cid) if has_hand_abilities(T, cid) else cards[cid, K.C_LEVEL]
        if lvl > game.player_level(s, p):
            return False
        if lvl == 0:  # CR 8.6.2.1.1.1: a level 0 card has no colour requirement
            return s[STOCK_N + p] >= cards[cid, K.C_COST]
    if (cmask & (1 << cards[cid, K.C_COLOR])) == 0 and not (has_hand_abilities(T, cid)
                                                             and game.hand_no_color_req(s, T, p, cid)) \
            and not game.type_any_color(s, T, p, cid):
        return False
    return s[STOCK_N + p] >= cards[cid, K.C_COST]


@internal
def color_ok(s, T, p, cid):
    """CR 8.6.2.1.1: the card's colour is in the player's level or clock (level 0 exempt,
    8.6.2.1.1.1; a climax has level 0 printed but is not a character/event, so it is checked)."""
    cards = card_table(T)
    if cards[cid, K.C_LEVEL] == 0 and cards[cid, K.C_TYPE] != K.CardType.CLIMAX:
        return True
    col = cards[cid, K.C_COLOR]
    for i in range(s[LEVEL_N + p]):
        if cards[cid_of(s, s[LEVEL_L + p * K.MAX_DECK + i]), K.C_COLOR] == col:
            return True
    for i in range(s[CLOCK_N + p]):
        if cards[cid_of(s, s[CLOCK_L + p * K.MAX_DECK + i]), K.C_COLOR] == col:
            return True
    return False


@internal
def card_playable_base(game, s, T, p, cid):
    """Colour, level (CR 8.6.2.1) and stock cost (CR 8.6.2.3) of a hand card, and its own restriction on
    being played (hand_cant_play)."""
    cards = card_table(T)
    if has_hand_abilities(T, cid) and game.hand_cant_play(s, T, p, cid):
        return False
    if cards[cid, K.C_TYPE] == K.CardType.EVENT and game.play_locked(s, T, p, True):
        return False
    if cards[cid, K.C_TYPE] != K.CardType.CLIMAX:
        # the level it has in the hand
        lvl = game.hand_level(s, T, p, cid) if has_hand_abilities(T, cid) else cards[cid, K.C_LEVEL]
        if lvl > game.player_level(s, p):
            return False
        if lvl == 0:
            return s[STOCK_N + p] >= cards[cid, K.C_COST]
        if (game.color_mask(s, T, p) & (1 << cards[cid, K.C_COLOR])) == 0 and not (
                has_hand_abilities(T, cid) and game.hand_no_color_req(s, T, p, cid)) \
                and not game.type_any_color(s, T, p, cid):  # fmt: skip
            return False
        return s[STOCK_N + p] >= cards[cid, K.C_COST]
    if not game.color_ok(s, T, p, cid) and not game.type_any_color(s, T, p, cid):
        return False
    return s[STOCK_N + p] >= cards[cid, K.C_COST]


@internal
def stage_to_wr(game, s, T, slot):
    """A character goes from the stage to the waiting room: "when this card is put into your
    waiting room from the stage" (Encore, CR 10.2.1) triggers with its last position. Returns
    whether the character could not use Encore (RESTRICT_NO_ENCORE as it left the stage): its
    printed or granted Encore is not queued, and the rules' Encore [3] (CR 10.2.3) is not offered."""
    pos = s[POS + slot * CARD_W]
    p = owner_of(s, slot)
    # granted abilities (an effect's until the end of the turn or of the opponent's next turn, a CONT
    # ability's as of the last refresh of the derived values): forgotten by the zone change below (CR 3.1.4)
    granted = granted_bits(s, slot)
    # "this card cannot use Encore" as it was on the stage: no Encore of its triggers (CR 10.2)
    no_encore = (s[D_RST + slot * CARD_W] & K.RESTRICT_NO_ENCORE) != 0
    n0 = pending_count(game, s, p)
    game.put_in_zone(s, slot, K.Zone.WAITING_ROOM)
    game.trigger_card(s, T, slot, p, K.Trigger.TO_WR_FROM_STAGE_SELF, pos)
    if granted != 0:
        # an ability granted until the end of the turn: the card had it when it left the stage
        # (a leaving-the-stage trigger looks back at the card as it was on the stage)
        game.trigger_granted(s, T, slot, p, K.Trigger.TO_WR_FROM_STAGE_SELF, pos, False, granted)
    if no_encore:
        game.drop_pending_keyword(s, T, p, slot, n0, K.Keyword.ENCORE)
    if pool_may_trigger(T, K.Trigger.OTHER_TO_WR_FROM_STAGE):
        # "when your other character is put into your waiting room from the stage": its master's characters still
        # on the stage, filtered on the card that left; their entries then hold that card and the position it left
        # (slot + N_SLOTS * (pos + 1): a card that changes zones forgets its POS, CR 3.1.4), which only encore_self
        # (triggering) reads (the pool compiler gives such abilities no other use of the triggering card)
        n1 = pending_count(game, s, p)
        for q in range(K.N_POSITIONS):
            other = stage_slot(s, p, q)
            if other >= 0:
                game.trigger_card(s, T, other, p, K.Trigger.OTHER_TO_WR_FROM_STAGE, slot)
        for i in range(n1, pending_count(game, s, p)):
            s[pending_entry(game, s, p, i) + PE_AUX] = slot + K.N_SLOTS * (pos + 1)
    return no_encore


@internal
def hand_to_wr(game, s, T, slot):
    """A hand card goes to its owner's waiting room (a discard as a cost or by an effect, the hand limit of
    CR 6.8.1.2, Backup's cost): "when your (<spec>) character is put into the waiting room from your hand" on its
    owner's stage characters (Trigger.HAND_TO_WR, a zone change activation, CR 8.7.4: its filter on the card as
    it is in the waiting room, CR 8.7.4.1.1)."""
    p = owner_of(s, slot)
    game.put_in_zone(s, slot, K.Zone.WAITING_ROOM)
    if pool_may_trigger(T, K.Trigger.HAND_TO_WR):
        for q in range(K.N_POSITIONS):
            sl = stage_slot(s, p, q)
            if sl >= 0:
                game.trigger_card(s, T, sl, p, K.Trigger.HAND_TO_WR, slot)


@internal
def to_memory(game, s, T, slot):
    """A card goes to its owner's memory (CR 3.12.1; an effect's "put it into your memory", a cost's "[put this card
    into your memory]", Change's move, session 34): "when your card is put into your memory" on its owner's stage
    characters (Trigger.OWN_TO_MEMORY, a zone change activation, CR 8.7.4; A_TRIG_FILTER on the card as it is in the
    memory, CR 8.7.4.1.3) and "when this card is put into your memory from the stage" on the card itself
    (Trigger.TO_MEMORY_FROM_STAGE_SELF). A character that left the stage for the memory looks back (CR 8.7.4.1.2: as it
    was on the stage): its own OWN_TO_MEMORY abilities, printed or granted, trigger too."""
    p = owner_of(s, slot)
    from_stage = s[ZONE + slot * CARD_W] == K.Zone.STAGE
    granted = granted_bits(s, slot) if from_stage else 0
    game.put_in_zone(s, slot, K.Zone.MEMORY)
    if from_stage:
        game.trigger_card(s, T, slot, p, K.Trigger.TO_MEMORY_FROM_STAGE_SELF, slot)
        if granted != 0:
            game.trigger_granted(s, T, slot, p, K.Trigger.TO_MEMORY_FROM_STAGE_SELF, slot, True, granted)
    if pool_may_trigger(T, K.Trigger.OWN_TO_MEMORY):
        if from_stage:
            game.trigger_card(s, T, slot, p, K.Trigger.OWN_TO_MEMORY, slot)
            if granted != 0:
                game.trigger_granted(s, T, slot, p, K.Trigger.OWN_TO_MEMORY, slot, True, granted)
        for q in range(K.N_POSITIONS):
            sl = stage_slot(s, p, q)
            if sl >= 0:
                game.trigger_card(s, T, sl, p, K.Trigger.OWN_TO_MEMORY, slot)


@internal
def place_on_stage(game, s, T, slot, p, pos, orient, played):
    """Put a character on stage position ``pos`` (CR 8.6.2.4.1 / 9.6.1: a character already there
    goes to the waiting room)."""
    old = stage_slot(s, p, pos)
    from_wr = s[ZONE + slot * CARD_W] == K.Zone.WAITING_ROOM
    game.take_from_zone(s, slot)
    mod_forget(s, MT, slot)  # CR 3.1.4
    if old >= 0:
        game.put_in_zone(s, old, K.Zone.WAITING_ROOM)
    s[ZONE + slot * CARD_W] = K.Zone.STAGE
    s[POS + slot * CARD_W] = pos
    s[ORIENT + slot * CARD_W] = orient
    s[PLACED_TURN + slot * CARD_W] = s[H_TURN] if played else s[H_TURN] | K.PLACED_NOT_PLAYED
    s[D_KW + slot * CARD_W] &= K.KW_PRINTED_MASK  # no CONT-granted ability of an earlier stay (refresh_derived)
    s[STAGE + p * K.N_POSITIONS + pos] = slot
    s[TIMESTAMP] += 1
    if played:
        game.trigger_card(s, T, slot, p, K.Trigger.PLAYED_SELF, -1)
    game.trigger_card(s, T, slot, p, K.Trigger.PLACED_SELF, -1)
    if from_wr and pool_may_trigger(T, K.Trigger.PLACED_FROM_WR_SELF):
        # "when this card is placed on the stage from your waiting room" (session 32), behind the pool's flags
        game.trigger_card(s, T, slot, p, K.Trigger.PLACED_FROM_WR_SELF, -1)
    for q in range(K.N_POSITIONS):
        other = stage_slot(s, p, q)
        if other >= 0 and other != slot:
            game.trigger_card(s, T, other, p, K.Trigger.OTHER_PLACED, slot)  # filtered by the placed card
    # "when your other character is placed on the stage from your hand" (played, CR 6.5.1.2.1) / "from your waiting
    # room": the origin of the placement, behind the pool's flags
    if played and pool_may_trigger(T, K.Trigger.OTHER_PLAYED) or from_wr and pool_may_trigger(
            T, K.Trigger.OTHER_PLACED_FROM_WR):
        trig = K.Trigger.OTHER_PLAYED if played else K.Trigger.OTHER_PLACED_FROM_WR
        for q in range(K.N_POSITIONS):
            other = stage_slot(s, p, q)
            if other >= 0 and other != slot:
                game.trigger_card(s, T, other, p, trig, slot)


@internal
def play_character(game, s, T, p, hand_i, pos):
    cards = card_table(T)
    sl = s[HAND_L + p * K.MAX_DECK + hand_i]
    game.pay_stock(s, p, cards[cid_of(s, sl), K.C_COST])  # CR 8.6.2.3
    game.place_on_stage(s, T, sl, p, pos, K.Orientation.STAND, True)  # CR 6.5.1.2.1


@internal
def play_event(game, s, T, p, hand_i):
    cards = card_table(T)
    sl = s[HAND_L + p * K.MAX_DECK + hand_i]
    c = cid_of(s, sl)
    game.pay_stock(s, p, cards[c, K.C_COST])
    game.put_in_zone(s, sl, K.Zone.RESOLUTION)  # CR 6.5.1.2.2 / 3.13.1.1
    if pool_may_trigger(T, K.Trigger.EVENT_PLAYED):
        # "when you play an event" (CR 8.6.2): p's stage characters; the abilities wait in their standby
        # condition and are played at the check timing after the event's effect (CR 8.6.2.4.2)
        for pos in range(K.N_POSITIONS):
            ch = stage_slot(s, p, pos)
            if ch >= 0:
                game.trigger_card(s, T, ch, p, K.Trigger.EVENT_PLAYED, sl)
    game.push_frame(s, T, sl, cards[c, K.C_EVENT_ABIL], p, -1)  # to the waiting room once resolved


@internal
def finish_events(game, s):
    """CR 8.6.2.4.2: resolved event cards leave the resolution zone for the waiting room."""
    for p in range(2):
        i = 0
        while i < s[RES_N + p]:
            sl = s[RES_L + p * K.MAX_DECK + i]
            if sl != s[TRIG_SLOT]:
                game.put_in_zone(s, sl, K.Zone.WAITING_ROOM)
            else:
                i += 1


@internal
def move_run_now(s, p):
    """CR 11.1.1.2: player p's stage arrangement as it is, for :func:`move_rank_swapped`: the
    positions of the cards that were on the stage when the run of moves began (MOVE_RUN_START), in
    the order of their starting positions, packed 3 bits each (``packed``, ``n`` of them), and the
    occupied positions as a 5-bit mask. Found once per legal mask; every move pair is then ranked
    from it with no further reads of the row."""
    base = STAGE + p * K.N_POSITIONS
    packed = 0
    n = 0
    occ = 0
    for x in range(K.N_POSITIONS):
        if s[base + x] >= 0:
            occ |= 1 << x
    for q in range(K.N_POSITIONS):
        c = s[MOVE_RUN_START + q]
        if c < 0:
            continue
        for x in range(K.N_POSITIONS):
            if s[base + x] == c:
                packed |= x << (3 * n)
                n += 1
                break
    return packed, n, occ


@internal
def move_rank_swapped(packed, n, occ, i, j):
    """The rank (0..119) of the arrangement :func:`move_run_now` describes after exchanging
    positions i and j (i = j = -1: as it is), among the arrangements of the run's cards. The
    arrangement is a permutation of the 5 positions: the positions of the run's cards in the order
    of their starting positions, then the empty positions in increasing order (so two arrangements
    are equal exactly when their permutations are); its rank is its Lehmer code. Moves only
    exchange positions, so the cards are the same all through a run."""
    perm = 0
    for k in range(n):
        x = (packed >> (3 * k)) & 7
        if x == i:
            x = j
        elif x == j:
            x = i
        perm |= x << (3 * k)
    m = n
    for x in range(K.N_POSITIONS):
        y = j if x == i else (i if x == j else x)  # x holds after the exchange what y held before
        if (occ >> y) & 1 == 0:
            perm |= x << (3 * m)
            m += 1
    rank = 0
    for a in range(K.N_POSITIONS):
        va = (perm >> (3 * a)) & 7
        less = 0
        for b in range(a + 1, K.N_POSITIONS):
            if ((perm >> (3 * b)) & 7) < va:
                less += 1
        rank = rank * (K.N_POSITIONS - a) + less
    return rank


def _move_rank_after_table():
    """MOVE_RANK_AFTER[(n * 120 + r) * N_MOVE_PAIRS + k]: :func:`move_rank_swapped` of move pair k
    from the arrangement of rank r whose first n positions hold the run's cards and whose other
    positions are empty (every stage card is one of the run's, as in all but odd runs), computed
    here by the function itself; -1 where (n, r) is no such arrangement (its empty positions not in
    increasing order). The legal mask ranks the ten pairs with one lookup each instead of ten calls,
    and a move ranks the arrangement it makes from the one before it: a main-phase mask 904 -> 674
    TSC cycles, random play without observations ~830 -> ~760 ns per decision (single thread, hot
    rows, A/B medians of benchmarks/bench_row_loop.py)."""
    rank = getattr(move_rank_swapped, "py_func", move_rank_swapped)
    t = np.full((K.N_POSITIONS + 1) * 120 * K.N_MOVE_PAIRS, -1, np.int8)
    for perm in itertools.permutations(range(K.N_POSITIONS)):
        for n in range(K.N_POSITIONS + 1):
            if list(perm[n:]) != sorted(perm[n:]):
                continue
            packed = sum(perm[k] << (3 * k) for k in range(n))
            occ = sum(1 << perm[k] for k in range(n))
            r = rank(packed, n, occ, -1, -1)
            for k, (i, j) in enumerate(K.MOVE_PAIRS):
                t[(n * 120 + r) * K.N_MOVE_PAIRS + k] = rank(packed, n, occ, i, j)
    return t


MOVE_RANK_AFTER = _move_rank_after_table()
POPCOUNT5 = np.array([bin(m).count("1") for m in range(1 << K.N_POSITIONS)], np.int64)


@internal
def move_run_mark(s, rank):
    s[MOVE_RUN_SEEN + rank // 30] |= 1 << (rank % 30)


@internal
def move_chars(s, T, p, i, j):
    """CR 6.5.1.2.4: exchange two stage positions (cards keep their state and markers)."""
    a = stage_slot(s, p, i)
    b = stage_slot(s, p, j)
    s[STAGE + p * K.N_POSITIONS + i] = b
    s[STAGE + p * K.N_POSITIONS + j] = a
    if a >= 0:
        s[POS + a * CARD_W] = j
    if b >= 0:
        s[POS + b * CARD_W] = i
    mi = s[MARKER_N + p * K.N_POSITIONS + i]
    mj = s[MARKER_N + p * K.N_POSITIONS + j]
    if mi == 0 and mj == 0:
        return
    for m in range(K.N_SLOTS):
        if s[ZONE + m * CARD_W] == K.Zone.MARKER and owner_of(s, m) == p:
            if s[POS + m * CARD_W] == i:
                s[POS + m * CARD_W] = j
            elif s[POS + m * CARD_W] == j:
                s[POS + m * CARD_W] = i
    s[MARKER_N + p * K.N_POSITIONS + i] = mj
    s[MARKER_N + p * K.N_POSITIONS + j] = mi


@internal
def start_ability(game, s, T, p, slot, arow, aux):
    """Pay the cost and start the effect program (CR 8.6.2). Hand cards of a cost are chosen one
    at a time (PAY_COST decision, returns 1); the rest of the cost is paid once they are."""
    A = ability_table(T)
    nd = A[arow, K.A_COST_DISCARD]
    nc = A[arow, K.A_COST_HAND_TO_CLOCK]
    ns = (A[arow, K.A_COST_REST_SELF] >> K.REST_OTHER_SHIFT) & K.REST_OTHER_MASK  # stage characters (CR 8.4)
    if nd > 0 or nc > 0 or ns > 0:
        s[PAY_SLOT] = slot
        s[PAY_ABIL] = arow
        s[PAY_AUX] = aux
        s[PAY_DISCARD_LEFT] = nd
        s[PAY_CLOCK_LEFT] = nc
        if ns > 0:  # costs.pay_stage_left: written only for such a cost (the built-in pools' rows are unchanged)
            s[DEC_ARG + 3] = ns
        set_decision(s, K.Decision.PAY_COST, p)
        return 1
    game.pay_fixed_costs(s, T, arow, p, slot)
    game.push_frame(s, T, slot, arow, p, aux)  # a level up the cost made wait (9.3.3) comes first
    return 0


@internal
def ability_usable(game, s, T, p, pos, j):
    """The j-th ACT ability of the character on ``pos`` usable now (main phase), or -1."""
    return game.ability_usable_kind(s, T, p, pos, j, K.AbilityKind.ACT)


@internal
def ability_usable_kind(game, s, T, p, pos, j, kind):
    """The j-th ability of kind ``kind`` (ACT: main phase play timing, CR 6.5.1.2.3; COUNTER_ACT:
    the counter step, 7.4.1.2.1) of the character on ``pos``; its ability row or -1."""
    cards = card_table(T)
    A = ability_table(T)
    sl = stage_slot(s, p, pos)
    if sl < 0:
        return -1
    c = cid_of(s, sl)
    k = 0
    a0 = cards[c, K.C_ABIL_START]
    for ai in range(a0, a0 + cards[c, K.C_ABIL_COUNT]):
        if A[ai, K.A_KIND] != kind:
            continue
        if k == j:
            if A[ai, K.A_ONCE_PER_TURN] != 0 and (s[USES + sl * CARD_W] & (1 << (ai - a0))) != 0:
                return -1
            if not game.condition_holds(s, T, A[ai, K.A_COND], A[ai, K.A_COND_ARG], p, sl):
                return -1
            if not game.cost_payable(s, T, ai, p, sl):
                return -1
            return ai
        k += 1
    if kind != K.AbilityKind.ACT:
        return -1
    FL = flag_table(T)
    if (FL[FL.shape[0] - 1, K.FL_MISC] & K.FLAG_GRANTED_ACT) == 0:
        return -1  # no granted ACT ability in the pool (the built-in pools): nothing more to look at
    # granted ACT abilities (by a CONT ability or an effect, CR 8.2.1): the rows after every card's whose bits the
    # card has, after its printed ones (granted rows have no limit of uses nor condition: PoolCompiler.grant_index)
    granted = granted_bits(s, sl)
    ai = A.shape[0] - 1
    while granted != 0 and ai >= 0 and A[ai, K.A_ZONE] >= K.GRANT_ZONE0:
        if A[ai, K.A_KIND] == kind and (granted >> (A[ai, K.A_ZONE] - K.GRANT_ZONE0)) & 1 != 0:
            if k == j:
                return ai if game.cost_payable(s, T, ai, p, sl) else -1
            k += 1
        ai -= 1
    return -1
