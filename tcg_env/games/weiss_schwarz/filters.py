"""Weiss Schwarz filters and conditions: which cards an ability's filter matches, and whether its
condition holds.

* ``filter_match``: a card against a filter row of the card tables (type, side, colour, level,
  cost, power, trait, name, title, trigger icon; on the stage its orientation, its position and
  its relation to the ability's source, CR 3.6.4: facing, in front of, behind, battle opponent).
* ``condition_holds``: an ability's condition (its source's stage position, levels, the climax
  area for a climax combo 8.12, counts of cards in a zone, whose turn ...), with
  ``count_trait_others`` for "other characters with <trait>".

Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

from tcg_env.engine.effects import I_A0, I_A1
from tcg_env.engine.tables import card_table, code_table, filter_table
from tcg_env.engine.header import H_TURN
from tcg_env.engine.jit import internal
from tcg_env.rules import filters as W
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    FRAMES,
    FRAME_N,
    FRAME_W,
    FR_STORE,
    ATK_SLOT,
    CARD_W,
    PLACED_TURN,
    CLOCK_L,
    CLOCK_N,
    CX_L,
    CX_N,
    DEF_SLOT,
    D_LEVEL,
    D_POWER,
    DECK_N,
    HAND_N,
    LEVEL_L,
    LEVEL_N,
    MEMORY_L,
    MEMORY_N,
    ORIENT,
    PHASE,
    POS,
    STOCK_N,
    TURN_PLAYER,
    WR_L,
    HAND_L,
    WR_N,
    ZONE,
)
from tcg_env.games.weiss_schwarz.zones import cid_of, has_hand_abilities, owner_of, stage_slot


@internal
def filter_match(game, s, T, frow, slot, viewer, source):
    cards = card_table(T)
    F = filter_table(T)
    cid = cid_of(s, slot)
    own = owner_of(s, slot)
    rel = F[frow, K.F_LEVEL_MAX_REL]
    # "green or <<A>> or <<B>>" (COLOR_OR_TRAIT): the colour is an alternative to the trait(s), tested with them
    color_ok = W.passes_bits_of_value(F[frow, K.F_COLOR_MASK], cards[cid, K.C_COLOR])
    if not (W.passes_bits_of_value(F[frow, K.F_TYPE_MASK], cards[cid, K.C_TYPE])
            and W.passes_side(F[frow, K.F_SIDE], K.FilterSide.OWN, K.FilterSide.OPPONENT, own, viewer)):
        return False
    if (rel & K.QUALS_CHARACTERS) != 0 and cards[cid, K.C_TYPE] != K.CardType.CHARACTER:
        return True  # "event or <<T>> character": the event on its type alone (the qualities are the character's)
    if not (color_ok or (rel & K.COLOR_OR_TRAIT) != 0):
        return False
    # a level and a power: what the card is now on the stage (CR 8.9), printed elsewhere
    on_stage = s[ZONE + slot * CARD_W] == K.Zone.STAGE
    lvl = s[D_LEVEL + slot * CARD_W] if on_stage else cards[cid, K.C_LEVEL]
    if s[ZONE + slot * CARD_W] == K.Zone.HAND and has_hand_abilities(T, cid):
        lvl = game.hand_level(s, T, own, cid)  # "-1 level while in your hand" (play.hand_level)
    lmax = F[frow, K.F_LEVEL_MAX]
    if (rel & 1) != 0:  # "level X or lower", X counted from the viewer's level
        lmax = game.player_level(s, viewer) + lmax
    if (rel & K.LEVEL_MAX_X) != 0:  # "level X or lower", X the count the running program stored
        lmax = lmax + (s[FRAMES + (s[FRAME_N] - 1) * FRAME_W + FR_STORE] if s[FRAME_N] > 0 else 0)
    if (rel & K.LEVEL_ABOVE_OPP) != 0 and lvl <= game.player_level(s, 1 - viewer):
        return False  # "with level higher than your opponent's level"
    if not (W.passes_at_least(F[frow, K.F_LEVEL_MIN], lvl)
            and W.passes_at_most(lmax, lvl)
            and W.passes_at_most(F[frow, K.F_COST_MAX], cards[cid, K.C_COST])
            and W.passes_at_least(F[frow, K.F_COST_MIN], cards[cid, K.C_COST])):  # "cost N or higher" (CR 2.5)
        return False
    pw = s[D_POWER + slot * CARD_W] if on_stage else cards[cid, K.C_POWER]
    if not W.passes_range(F[frow, K.F_POWER_MIN], F[frow, K.F_POWER_MAX], pw):
        return False
    ftrait = F[frow, K.F_TRAIT]
    fname = F[frow, K.F_NAME]
    if ftrait < 0:  # "<<A>> or <<B>> or <<C>>": trait group -(ftrait) - 1, a bit of C_TRAIT_GROUPS (constants)
        trait_ok = ((cards[cid, K.C_TRAIT_GROUPS] >> (-1 - ftrait)) & 1) != 0
    else:
        trait_ok = (W.passes_equals_any3(ftrait & 0xFFFF, cards[cid, K.C_TRAIT0], cards[cid, K.C_TRAIT1],
                                         cards[cid, K.C_TRAIT2])
                    or (ftrait >> 16 != 0  # "<<A>> or <<B>>": the second trait, packed
                        and W.passes_equals_any3(ftrait >> 16, cards[cid, K.C_TRAIT0], cards[cid, K.C_TRAIT1],
                                                 cards[cid, K.C_TRAIT2])))
    name_ok = (W.passes_equals(fname, cards[cid, K.C_NAME] & K.NAME_MASK) if fname >= 0
               # "with "X" in its card name": name group -(F_NAME) - 1, a bit of C_TITLE (constants); on the stage
               # also a bit of C_NAME: the name the card is also regarded as there (ALIAS_GROUP_BIT0)
               else ((cards[cid, K.C_TITLE] >> (K.NAME_GROUP_BIT0 - 1 - fname)) & 1) != 0
               or (on_stage and ((cards[cid, K.C_NAME] >> (K.ALIAS_GROUP_BIT0 - 1 - fname)) & 1) != 0))
    if (rel & K.NAME_OR_TRAIT) != 0:
        # '"X" or <<T>> character': that card (of any type), or a character with the trait(s) (CR 2.5.1)
        if not (name_ok or (cards[cid, K.C_TYPE] == K.CardType.CHARACTER and trait_ok)):
            return False
        trait_ok = True
        name_ok = True
    if not ((trait_ok or (color_ok and (rel & K.COLOR_OR_TRAIT) != 0))
            and name_ok
            and W.passes_equals(F[frow, K.F_TITLE], cards[cid, K.C_TITLE] & K.TITLE_MASK)
            and W.passes_equals_any2(F[frow, K.F_TRIGGER_ICON], cards[cid, K.C_TRIGGER0], cards[cid, K.C_TRIGGER1])):
        return False
    if (rel & K.WITH_ICON) != 0 and cards[cid, K.C_TRIGGER0] == 0 and cards[cid, K.C_TRIGGER1] == 0:
        return False  # a card with a trigger icon the database does not name: any icon (trigger_icon_dropped_card)
    if on_stage:
        pos = s[POS + slot * CARD_W]
        if not (W.passes_bits_of_value(F[frow, K.F_ORIENT_MASK], s[ORIENT + slot * CARD_W])
                and W.passes_bits_of_value(F[frow, K.F_POS_MASK], pos)):
            return False
        if (rel & K.WITH_MARKERS) != 0 and game.markers_under(s, own, pos) == 0:
            return False  # "characters with markers" (CR 3.5.3)
        rel = F[frow, K.F_RELATION]
        if rel != K.Relation.ANY:
            spos = s[POS + source * CARD_W] if source >= 0 and s[ZONE + source * CARD_W] == K.Zone.STAGE else -1
            if rel == K.Relation.SELF and slot != source:
                return False
            if rel == K.Relation.OTHER and slot == source:
                return False
            if rel == K.Relation.FACING and (spos < 0 or spos >= K.N_CENTER or own == owner_of(s, source) or pos != K.N_CENTER - 1 - spos):
                return False
            if rel == K.Relation.IN_FRONT and (spos < 0 or own != owner_of(s, source) or (K.IN_FRONT_MASK[spos] & (1 << pos)) == 0):
                return False
            if rel == K.Relation.BEHIND and (spos < 0 or own != owner_of(s, source) or (K.BEHIND_MASK[spos] & (1 << pos)) == 0):
                return False
            if rel == K.Relation.BATTLE_OPPONENT and not ((source == s[ATK_SLOT] and slot == s[DEF_SLOT]) or (source == s[DEF_SLOT] and slot == s[ATK_SLOT] and source >= 0)):
                return False
            if rel == K.Relation.ATTACKING and slot != s[ATK_SLOT]:
                return False
            if rel == K.Relation.DEFENDING and slot != s[DEF_SLOT]:
                return False
            if rel == K.Relation.IN_BATTLE and (s[DEF_SLOT] < 0 or (slot != s[ATK_SLOT] and slot != s[DEF_SLOT])):
                return False
    return True


@internal
def count_trait_others(s, T, p, trait, source):
    cards = card_table(T)
    n = 0
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0 and sl != source:
            c = cid_of(s, sl)
            t1 = trait & 0x7FF  # "<<A>> or <<B>>": B packed in the high bits (cards.compile_condition)
            t2 = trait >> 11
            for t in (cards[c, K.C_TRAIT0], cards[c, K.C_TRAIT1], cards[c, K.C_TRAIT2]):
                if t != 0 and (t == t1 or t == t2):
                    n += 1
                    break
    return n


@internal
def card_named(T, cid, arg, on_stage):
    """Whether card ``cid`` has the name a condition's argument names: a name id (arg >= 0), or the name group
    -(arg) - 1 (a bit of C_TITLE, constants.NAME_GROUP_BIT0: '"X" or "Y"', a name no card of the pool has; on the
    stage also a bit of C_NAME: the name the card is also regarded as there, constants.ALIAS_GROUP_BIT0)."""
    cards = card_table(T)
    if arg >= 0:
        return (cards[cid, K.C_NAME] & K.NAME_MASK) == arg
    return ((cards[cid, K.C_TITLE] >> (K.NAME_GROUP_BIT0 - 1 - arg)) & 1) != 0 or (
        on_stage and ((cards[cid, K.C_NAME] >> (K.ALIAS_GROUP_BIT0 - 1 - arg)) & 1) != 0)


@internal
def markers_under(s, p, spos):
    """The markers (CR 3.5.3) of ``p`` underneath the card at ``p``'s stage position ``spos``."""
    n = 0
    for sl in range(K.N_SLOTS):
        if s[ZONE + sl * CARD_W] == K.Zone.MARKER and s[POS + sl * CARD_W] == spos and owner_of(s, sl) == p:
            n += 1
    return n


@internal
def condition_holds(game, s, T, cond, arg, p, source):
    """Whether condition ``cond`` (argument ``arg``) holds for master ``p`` and source card ``source``: one condition
    (``condition_atom``), or every one / one of the conditions ALL_OF / ANY_OF lists (session 28: "if A and B", "if A
    or B"; their IF rows in the code table, cards.compile_condition). A part may itself be ALL_OF / ANY_OF of single
    conditions ("if A, and B or C": one level, ``condition_flat``)."""
    if cond == K.Condition.ALL_OF or cond == K.Condition.ANY_OF:
        code = code_table(T)
        r0 = arg >> 3
        for i in range(arg & 7):
            c = code[r0 + i, I_A0]
            if c == K.Condition.ALL_OF or c == K.Condition.ANY_OF:
                ok = game.condition_flat(s, T, c, code[r0 + i, I_A1], p, source)
            else:
                ok = game.condition_atom(s, T, c, code[r0 + i, I_A1], p, source)
            if ok == (cond == K.Condition.ANY_OF):
                return cond == K.Condition.ANY_OF
        return cond == K.Condition.ALL_OF
    return game.condition_atom(s, T, cond, arg, p, source)


@internal
def condition_flat(game, s, T, cond, arg, p, source):
    """ALL_OF / ANY_OF of single conditions (a part of ``condition_holds``'s)."""
    code = code_table(T)
    r0 = arg >> 3
    for i in range(arg & 7):
        if game.condition_atom(s, T, code[r0 + i, I_A0], code[r0 + i, I_A1], p, source) == (cond == K.Condition.ANY_OF):
            return cond == K.Condition.ANY_OF
    return cond == K.Condition.ALL_OF


@internal
def condition_atom(game, s, T, cond, arg, p, source):
    """One condition (constants.Condition) of ``condition_holds``."""
    cards = card_table(T)
    if cond == K.Condition.NONE:
        return True
    if cond == K.Condition.IN_BATTLE_AND:
        # "when this card becomes [REVERSE] in battle, if ...": in battle (IN_BATTLE), and the condition packed in
        # the argument (cards.compile_condition)
        if not (source >= 0 and (source == s[ATK_SLOT] or source == s[DEF_SLOT])):
            return False
        cond = arg >> 24
        arg = ((arg & 0xFFFFFF) ^ 0x800000) - 0x800000
    if cond == K.Condition.OPPONENTS:
        # "if your opponent's clock has N or more cards", "if all of your opponent's characters are <<T>>": the
        # condition packed in the argument, tested for the opponent (their zones; a filter seen from them, so the
        # compiler writes its side "own": cards.compile_condition)
        p = 1 - p
        cond = arg >> 24
        arg = ((arg & 0xFFFFFF) ^ 0x800000) - 0x800000
    on_stage = source >= 0 and s[ZONE + source * CARD_W] == K.Zone.STAGE
    spos = s[POS + source * CARD_W] if on_stage else -1
    if cond == K.Condition.IN_BACK_STAGE:
        return spos >= K.N_CENTER
    if cond == K.Condition.IN_CENTER_STAGE:
        return 0 <= spos < K.N_CENTER
    if cond == K.Condition.IN_CENTER_MIDDLE:
        return spos == K.POS_CENTER_MIDDLE
    if cond == K.Condition.TOP_OF_CLOCK:
        n = s[CLOCK_N + p]
        return n > 0 and s[CLOCK_L + p * K.MAX_DECK + n - 1] == source
    if cond == K.Condition.LEVEL_AT_LEAST:
        return game.player_level(s, p) >= arg
    if cond == K.Condition.CLIMAX_NAMED:
        return s[CX_N + p] > 0 and game.card_named(T, cid_of(s, s[CX_L + p * K.MAX_DECK + s[CX_N + p] - 1]), arg, False)
    if cond == K.Condition.CLIMAX_ANY:
        return s[CX_N + p] > 0
    if cond == K.Condition.MEMORY_AT_LEAST:
        return s[MEMORY_N + p] >= arg
    if cond == K.Condition.LEVEL_SUM_AT_LEAST:
        tot = 0
        for i in range(s[LEVEL_N + p]):
            tot += cards[cid_of(s, s[LEVEL_L + p * K.MAX_DECK + i]), K.C_LEVEL]
        return tot >= arg
    if cond == K.Condition.HAND_AT_MOST:
        return s[HAND_N + p] <= arg
    if cond == K.Condition.STOCK_AT_LEAST:
        return s[STOCK_N + p] >= arg
    if cond == K.Condition.YOUR_TURN:
        return s[TURN_PLAYER] == p
    if cond == K.Condition.OPPONENTS_TURN:
        return s[TURN_PLAYER] != p
    if cond == K.Condition.NAMED_ON_STAGE:
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and sl != source and game.card_named(T, cid_of(s, sl), arg, True):
                return True
        return False
    if cond == K.Condition.TRAIT_COUNT_AT_LEAST:
        return game.count_trait_others(s, T, p, arg >> 8, source) >= (arg & 0xFF)
    if cond == K.Condition.SELF_REVERSED:
        return on_stage and s[ORIENT + source * CARD_W] == K.Orientation.REVERSE
    if cond == K.Condition.SELF_STANDING:
        return on_stage and s[ORIENT + source * CARD_W] == K.Orientation.STAND
    if cond == K.Condition.SELF_RESTED:
        return on_stage and s[ORIENT + source * CARD_W] == K.Orientation.REST
    if cond == K.Condition.OPP_LEVEL_AT_LEAST:
        return game.player_level(s, 1 - p) >= arg
    if cond == K.Condition.CLOCK_AT_MOST:
        return s[CLOCK_N + p] <= arg
    if cond == K.Condition.BATTLE_OPP_LEVEL_AT_MOST:
        opp = -1
        if source == s[ATK_SLOT]:
            opp = s[DEF_SLOT]
        elif source == s[DEF_SLOT] and source >= 0:
            opp = s[ATK_SLOT]
        return opp >= 0 and s[D_LEVEL + opp * CARD_W] <= arg
    if cond == K.Condition.OTHER_CHARS_AT_LEAST:
        n = 0
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and sl != source:
                n += 1
        return n >= arg
    if cond == K.Condition.STOCK_AT_MOST:
        return s[STOCK_N + p] <= arg
    if cond == K.Condition.DECK_AT_LEAST:  # session 27 (DECK_AT_MOST: below)
        return s[DECK_N + p] >= arg
    if cond == K.Condition.NO_FACING:  # "there is no character facing this card" (CR 3.6.5; session 29)
        return on_stage and spos >= 0 and game.facing_slot(s, p, spos) < 0
    if cond == K.Condition.FACING_REVERSED:  # "the character facing this card is [REVERSE]" (session 29)
        fr = game.facing_slot(s, p, spos) if on_stage and spos >= 0 else -1
        return fr >= 0 and s[ORIENT + fr * CARD_W] == K.Orientation.REVERSE
    if (cond == K.Condition.FACING_LEVEL_AT_LEAST or cond == K.Condition.FACING_COST_AT_MOST
            or cond == K.Condition.FACING_LEVEL_IS or cond == K.Condition.FACING_LEVEL_ABOVE_SELF
            or cond == K.Condition.FACING_LEVEL_BELOW_SELF):
        fs = game.facing_slot(s, p, spos) if spos >= 0 else -1
        if fs < 0:
            return False  # no character faces this card: the condition is not met
        if cond == K.Condition.FACING_LEVEL_AT_LEAST:
            return s[D_LEVEL + fs * CARD_W] >= arg
        if cond == K.Condition.FACING_LEVEL_IS:
            return s[D_LEVEL + fs * CARD_W] == arg
        if cond == K.Condition.FACING_LEVEL_ABOVE_SELF:  # current levels (CR 3.6.5 facing)
            return s[D_LEVEL + fs * CARD_W] > s[D_LEVEL + source * CARD_W]
        if cond == K.Condition.FACING_LEVEL_BELOW_SELF:  # "is a lower level than this card"
            return s[D_LEVEL + fs * CARD_W] < s[D_LEVEL + source * CARD_W]
        return cards[cid_of(s, fs), K.C_COST] <= arg
    if cond == K.Condition.BATTLE_OPP_LEVEL_ABOVE_OPP:
        opp = -1
        if source == s[ATK_SLOT]:
            opp = s[DEF_SLOT]
        elif source == s[DEF_SLOT] and source >= 0:
            opp = s[ATK_SLOT]
        return opp >= 0 and s[D_LEVEL + opp * CARD_W] > game.player_level(s, 1 - p)
    if cond == K.Condition.NO_OTHER_RESTED_CENTER:
        for pos in range(K.N_CENTER):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and sl != source and s[ORIENT + sl * CARD_W] == K.Orientation.REST:
                return False
        return True
    if cond == K.Condition.MARKERS_AT_LEAST:
        return spos >= 0 and game.markers_under(s, p, spos) >= arg
    if cond == K.Condition.ALL_CHARS_TRAIT:
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0:
                c = cid_of(s, sl)
                if cards[c, K.C_TRAIT0] != arg and cards[c, K.C_TRAIT1] != arg and cards[c, K.C_TRAIT2] != arg:
                    return False
        return True
    if cond == K.Condition.ALL_CHARS_FILTER:
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and not game.filter_match(s, T, arg, sl, p, source):
                return False
        return True
    if cond == K.Condition.IN_BATTLE:
        return source >= 0 and (source == s[ATK_SLOT] or source == s[DEF_SLOT])
    if cond == K.Condition.BATTLE_OPP_COST_AT_MOST:
        bo = -1
        if source == s[ATK_SLOT]:
            bo = s[DEF_SLOT]
        elif source == s[DEF_SLOT] and source >= 0:
            bo = s[ATK_SLOT]
        return bo >= 0 and cards[cid_of(s, bo), K.C_COST] <= arg
    if cond == K.Condition.OTHER_CHARS_AT_MOST:
        n = 0
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and sl != source:
                n += 1
        return n <= arg
    if cond == K.Condition.HAND_AT_LEAST:
        return s[HAND_N + p] >= arg
    if cond == K.Condition.FILTER_COUNT_AT_LEAST:  # "you have N or more (other) <level / colour / name> characters"
        n = 0
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and game.filter_match(s, T, arg >> 8, sl, p, source):
                n += 1
        return n >= (arg & 0xFF)
    if cond == K.Condition.MEMORY_AT_MOST:
        return s[MEMORY_N + p] <= arg
    if cond == K.Condition.MEMORY_FILTER_AT_LEAST:
        n = 0
        for i in range(s[MEMORY_N + p]):
            if game.filter_match(s, T, arg >> 8, s[MEMORY_L + p * K.MAX_DECK + i], p, source):
                n += 1
        return n >= (arg & 0xFF)
    if cond == K.Condition.MEMORY_MARKED:  # (session 34) the delayed ability of a card its ability put into the memory
        return source >= 0 and s[ZONE + source * CARD_W] == K.Zone.MEMORY and game.memory_marked(s, source)
    if cond == K.Condition.CLIMAX_FILTER_AT_LEAST:  # "if a blue climax is in your climax area" (CR 3.11, session 33)
        n = 0
        for i in range(s[CX_N + p]):
            if game.filter_match(s, T, arg >> 8, s[CX_L + p * K.MAX_DECK + i], p, source):
                n += 1
        return n >= (arg & 0xFF)
    if cond == K.Condition.NAMED_IN_CLOCK:
        for i in range(s[CLOCK_N + p]):
            if game.card_named(T, cid_of(s, s[CLOCK_L + p * K.MAX_DECK + i]), arg, False):
                return True
        return False
    if cond == K.Condition.NAMED_IN_LEVEL:  # "X" is in your level (CR 3.8: the level zone is public)
        for i in range(s[LEVEL_N + p]):
            if game.card_named(T, cid_of(s, s[LEVEL_L + p * K.MAX_DECK + i]), arg, False):
                return True
        return False
    if cond == K.Condition.PLAYED_THIS_TURN:  # played from the hand this turn (arg 1: placed any way; play.place_on_stage)
        placed = s[PLACED_TURN + source * CARD_W]
        return on_stage and (placed == s[H_TURN] or arg == 1 and placed == (s[H_TURN] | K.PLACED_NOT_PLAYED))
    if cond == K.Condition.OWN_FILTER_AT_MOST:  # "you do not have any other <spec> in your center stage"
        n = 0
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, p, pos)
            if sl >= 0 and game.filter_match(s, T, arg >> 8, sl, p, source):
                n += 1
        return n <= (arg & 0xFF)
    if cond == K.Condition.OPP_FILTER_AT_LEAST or cond == K.Condition.OPP_FILTER_AT_MOST:
        # "your opponent has N or more / N or less <spec> (in their center stage)": the opponent's
        # stage characters the filter (side opponent, positions) matches
        n = 0
        for pos in range(K.N_POSITIONS):
            sl = stage_slot(s, 1 - p, pos)
            if sl >= 0 and game.filter_match(s, T, arg >> 8, sl, p, source):
                n += 1
        return n >= (arg & 0xFF) if cond == K.Condition.OPP_FILTER_AT_LEAST else n <= (arg & 0xFF)
    if cond == K.Condition.WR_CLIMAX_AT_LEAST or cond == K.Condition.WR_CLIMAX_AT_MOST:
        n = 0
        for i in range(s[WR_N + p]):
            if cards[cid_of(s, s[WR_L + p * K.MAX_DECK + i]), K.C_TYPE] == K.CardType.CLIMAX:
                n += 1
        return n >= arg if cond == K.Condition.WR_CLIMAX_AT_LEAST else n <= arg
    if cond == K.Condition.WR_FILTER_AT_LEAST:  # a waiting-room cost can be paid in full (CR 8.4.2.2)
        n = 0
        for i in range(s[WR_N + p]):
            if game.filter_match(s, T, arg >> 8, s[WR_L + p * K.MAX_DECK + i], p, source):
                n += 1
        return n >= (arg & 0xFF)
    # session 17's conditions last: the built-in pools have none of these, the earlier ones test nothing more
    if cond == K.Condition.BATTLE_OPP_LEVEL_AT_MOST_SELF:  # both current levels (CR 2.4: the level on the stage)
        opp = -1
        if source == s[ATK_SLOT]:
            opp = s[DEF_SLOT]
        elif source == s[DEF_SLOT] and source >= 0:
            opp = s[ATK_SLOT]
        return opp >= 0 and s[D_LEVEL + opp * CARD_W] <= s[D_LEVEL + source * CARD_W]
    if cond == K.Condition.HAND_FILTER_AT_LEAST:  # an option's cost of hand cards can be paid in full (CR 8.4.2.2)
        n = 0
        for i in range(s[HAND_N + p]):
            if game.filter_match(s, T, arg >> 8, s[HAND_L + p * K.MAX_DECK + i], p, source):
                n += 1
        return n >= (arg & 0xFF)
    if cond == K.Condition.YOUR_CLIMAX_PHASE:  # "during your climax phase" (CR 6.6)
        return s[TURN_PLAYER] == p and s[PHASE] == K.Phase.CLIMAX
    if cond == K.Condition.YOUR_MAIN_PHASE:  # "during your main phase" (CR 6.5; session 29)
        return s[TURN_PLAYER] == p and s[PHASE] == K.Phase.MAIN
    if cond == K.Condition.WR_COLORS_AT_LEAST or cond == K.Condition.STAGE_COLORS_AT_LEAST:
        # the number of colors (CR 2.4) among the cards of the waiting room / the characters on the stage
        seen = 0
        if cond == K.Condition.WR_COLORS_AT_LEAST:
            for i in range(s[WR_N + p]):
                seen |= 1 << cards[cid_of(s, s[WR_L + p * K.MAX_DECK + i]), K.C_COLOR]
        else:
            for pos in range(K.N_POSITIONS):
                sl = stage_slot(s, p, pos)
                if sl >= 0:
                    seen |= 1 << cards[cid_of(s, sl), K.C_COLOR]
        n = 0
        for c in range(K.N_COLORS):
            n += (seen >> c) & 1
        return n >= arg
    if cond == K.Condition.MARKERS_AT_MOST:  # "if there are no (N or less) markers underneath this card" (CR 3.5.3)
        return spos >= 0 and game.markers_under(s, p, spos) <= arg
    if cond == K.Condition.BATTLE_OPP_LEVEL_AT_MOST_WR:  # the battle opponent's level (CR 3.6.5) <= a waiting-room count
        bo = -1
        if source == s[ATK_SLOT]:
            bo = s[DEF_SLOT]
        elif source == s[DEF_SLOT] and source >= 0:
            bo = s[ATK_SLOT]
        if bo < 0:
            return False
        n = 0
        for i in range(s[WR_N + p]):
            if game.filter_match(s, T, arg >> 8, s[WR_L + p * K.MAX_DECK + i], p, source):
                n += 1
        return s[D_LEVEL + bo * CARD_W] <= n
    if cond == K.Condition.NAMED_PAIR_ON_STAGE:
        return game.named_pair_on_stage(s, T, p, arg, source)
    if cond == K.Condition.CLOCK_AT_LEAST:  # session 27
        return s[CLOCK_N + p] >= arg
    if cond == K.Condition.DECK_AT_MOST:  # "if the number of cards in your deck is N or less" (CR 3.2)
        return s[DECK_N + p] <= arg
    if cond == K.Condition.IN_POSITION:  # "if this card is in the left position of your center stage" (CR 3.6.3)
        return spos == arg
    if cond == K.Condition.SELF_LEVEL_AT_LEAST:  # "if this card is level N or higher": its level now (CR 2.4)
        return on_stage and s[D_LEVEL + source * CARD_W] >= arg
    if cond == K.Condition.LEVEL_COLORS:
        return game.level_colors(s, T, p, arg)
    if cond == K.Condition.FEWER_THAN_OPP:  # "if your stock has less cards than your opponent's stock"
        return zone_size(s, p, arg) < zone_size(s, 1 - p, arg)
    if cond == K.Condition.MEMORY_NAMES_AT_LEAST:
        return game.memory_names(s, T, p) >= arg
    if cond == K.Condition.LEVEL_AT_MOST:  # "if your level is N or lower"
        return game.player_level(s, p) <= arg
    if cond == K.Condition.CLOCK_TOP_ALARM:  # "if the top card of your clock is a card with "Alarm"" (CR 3.8, 10.1)
        n = s[CLOCK_N + p]
        return n > 0 and (cards[cid_of(s, s[CLOCK_L + p * K.MAX_DECK + n - 1]), K.C_KEYWORDS] & K.KW_ALARM) != 0
    return False


@internal
def memory_names(s, T, p):
    """The number of different card names among ``p``'s memory's cards (Condition MEMORY_NAMES_AT_LEAST)."""
    cards = card_table(T)
    n = 0
    base = MEMORY_L + p * K.MAX_DECK
    for i in range(s[MEMORY_N + p]):
        nm = cards[cid_of(s, s[base + i]), K.C_NAME] & K.NAME_MASK
        seen = False
        for j in range(i):
            if (cards[cid_of(s, s[base + j]), K.C_NAME] & K.NAME_MASK) == nm:
                seen = True
                break
        if not seen:
            n += 1
    return n


@internal
def zone_size(s, p, zone):
    """The number of cards in ``p``'s zone ``zone`` (Zone: hand, stock, clock, memory, waiting room, level)."""
    if zone == K.Zone.HAND:
        return s[HAND_N + p]
    if zone == K.Zone.STOCK:
        return s[STOCK_N + p]
    if zone == K.Zone.CLOCK:
        return s[CLOCK_N + p]
    if zone == K.Zone.MEMORY:
        return s[MEMORY_N + p]
    if zone == K.Zone.WAITING_ROOM:
        return s[WR_N + p]
    return s[LEVEL_N + p]


@internal
def level_colors(s, T, p, mask):
    """Condition LEVEL_COLORS: ``p``'s level zone (CR 3.9) holds a card of each colour of ``mask`` (bit = Color)."""
    cards = card_table(T)
    seen = 0
    for i in range(s[LEVEL_N + p]):
        seen |= 1 << cards[cid_of(s, s[LEVEL_L + p * K.MAX_DECK + i]), K.C_COLOR]
    return (seen & mask) == mask


@internal
def named_pair_on_stage(s, T, p, arg, source):
    """Condition NAMED_PAIR_ON_STAGE: ``p`` has on the stage, other than ``source``, a character of name id
    ``arg >> 15`` and one of name id ``arg & NAME_MASK`` (two names: two characters, CR 3.6)."""
    cards = card_table(T)
    found = 0
    for pos in range(K.N_POSITIONS):
        sl = stage_slot(s, p, pos)
        if sl >= 0 and sl != source:
            nid = cards[cid_of(s, sl), K.C_NAME] & K.NAME_MASK
            if nid == arg >> 15:
                found |= 1
            if nid == (arg & K.NAME_MASK):
                found |= 2
    return found == 3
