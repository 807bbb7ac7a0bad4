"""Force of Will rules as numba kernels over one int32 state row: the legal actions and the row
entries (the engine contract's ``setup_row``, ``legal_mask_row``, ``apply_unchecked``).

Reading guide: the rules modules, by area of the comprehensive rules ver. 8.01 (``CR``). A kernel
calls the game's other rules through its tag, ``game.destroy(s, T, slot)`` (hooks.RULES_MODULES;
docs/architecture.md, "Rules variants"), so a module imports from the others only the helpers
inlined at numba's IR level, which are called by name (numba allows no import cycles):

* ``state``: the row (zones of CR 300s, card records, will pools, flow)
* ``characteristics``: the cards as they are now (CR 203.5, 206-208, 909: printed values, the
  changes of effects, continuous abilities, counters), the remaining divinity (CR 711.2a)
* ``filters``: target filters and conditions (the card tables' filter rows and Condition codes)
* ``costs``: paying will (CR 1003)
* ``replacement``: replacement and prevention effects (CR 910, 1018)
* ``triggers``: automatic abilities triggering (CR 906.4; [Trigger] and [Stealth], CR 708.2, 1114.2)
* ``zones``: moving cards (CR 300s, 316): enter the field, draw, destroy, discard (CR 1000s)
* ``rule_processes``: CR 1200s
* ``keywords``: the automatic abilities of [Explode], [Drain], [Bane] and "deals damage" (CR 1105,
  1135, 1138, 1007.5): triggering and resolving
* ``effects``: effect frames and the core interpreter's hooks (CR 903, 1000s)
* ``priority``: priority sequences and the chase (CR 600s, 312, 702.3, 703.3, 705.3, 903.3)
* ``play``: the player's actions (CR 700s) and will (CR 907, 1003)
* ``battle``: CR 800s and the battle keywords (CR 1100s)
* ``turn``: the turn (CR 500s), the end of setup (CR 403.5-403.6), ``advance``
* this file: setup (CR 403), the legal actions of each decision, applying one

Actions: docs/force_of_will/actions.md (constants: PASS, PLAY_HAND_BASE ...).
"""

from numba import njit

from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)

from tcg_env.engine.effects import reg_add
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_NUM_DECISIONS
from tcg_env.engine.rng import rng_below
from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.zones import clear_zone_lists, zone_offsets, zone_put, zone_shuffle
from tcg_env.engine.decisions import set_decision
from tcg_env.rules.choices import in_block, mask_hand, mask_options, mask_pending, mask_yes_no, option_of, zone_card
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import (
    ABILITIES_PER_CARD, ACTIVATE_BASE, ATTACK_PLAYER, BATTLE, CALL_STONE, FIELD_SLOTS, HAND_SLOTS, JUDGMENT,
    NUM_ACTIONS, OPP_FIELD_BASE, OPTION_BASE, OPTION_SLOTS, OWN_FIELD_BASE, PASS, PLAY_HAND_BASE, PLAY_STANDBY_BASE, RULER_ACTIVATE_BASE,
    SELECT_HAND_BASE, STANDBY_BASE, WILL_A_BASE, WILL_B_BASE, CardType, Decision, Purpose, Step, Zone
)
from tcg_env.games.force_of_will.state import (
    ATTACHED, ATTACKED, ATTACKER, BLOCKER, CAND, CAND_N, CARD, CARD_W, CONTROLLER, DEC_ARG, E_ABIL, E_X,
    CHASE, CHASE_N, ENTRY_W, E_CARD, E_KIND,  # "players cannot chase to this card" (session 27)
    FIRST_PLAYER, FR_CNT, FR_DISCARD, FR_PC, FR_PURPOSE, HAND_N, LIFE, MANA, MARK, MULLIGAN_STAGE, OWNER, STEP,
    TURN_PLAYER, ZONE, ZT
)
from tcg_env.games.force_of_will.state import E_SLOT  # session 32 (discarded_by_ability)


@internal
def discarded_by_ability(game, s, T, f, slot):
    """Card ``slot`` was discarded by a player's choice (DISCARD, DISCARD_COST) for frame ``f``: "when this card is
    discarded by the effect or as a cost of an ability of a <card> you control" (session 32, Trigger.DISCARDED_BY_ABILITY,
    CR 1019.1, 903.2j) when ``f`` is an ability's (resolving, or played: its cost) and the card reached its graveyard (a
    replacement that removed it instead: not discarded, CR 910.1); the trigger filter reads the ability's source."""
    if s[ZONE + slot * CARD_W] == Zone.GRAVEYARD and s[f + E_KIND] == K.EntryKind.ABILITY:
        game.trigger_own(s, T, slot, K.Trigger.DISCARDED_BY_ABILITY, s[f + E_SLOT])
from tcg_env.games.force_of_will.priority import reveal_answered
from tcg_env.games.force_of_will.play import (
    ability_actions_of, ability_usable, call_stone, call_stone_legal, nth_activate, hand_card_playable, judgment_legal, play_from_standby,
    dive_actions, play_dive, play_from_grave, play_from_removed, play_judgment, play_rune, put_standby,
    remnant_actions, rune_playable, standby_legal, standby_playable, will_producer, x_chosen
)
from tcg_env.games.force_of_will.battle import attackable, choose_attacker, forfeit_attack, pierce_assign, pierce_mask
from tcg_env.games.force_of_will.turn import finish_mulligan

# main deck, magic stone deck, rune area and extra deck slots of a player (after its ruler, slot 0;
# the last RUNE_SLOTS stay free for the copies of runes, constants.PLAYER_SLOTS)
MAIN_FIRST = 1
STONE_FIRST = MAIN_FIRST + K.MAX_MAIN_DECK
RUNE_FIRST = STONE_FIRST + K.MAX_STONE_DECK
EXTRA_FIRST = RUNE_FIRST + K.MAX_EXTRA


# =============================================================================================
# Setup (CR 403)
# =============================================================================================
@internal
def deal_player(s, T, p, deck):
    """CR 403.1-403.2: the ruler into the ruler area (with its [Mana] counters, CR 1122.2a), the
    main deck and the magic stone deck (shuffled), the rune deck into the rune area face down (CR
    315), the story chants into the extra deck zone (CR 314, 1132.2). ``deck``: card ids, sorted
    here by their type (decks.split_deck splits a deck list the same way)."""
    cards = card_table(T)
    base = p * K.PLAYER_SLOTS
    n_main = 0
    n_stone = 0
    n_rune = 0
    n_extra = 0
    for k in range(deck.shape[0]):
        cid = deck[k]
        t = cards[cid, K.C_TYPE]
        if t == CardType.RULER and s[CARD + base * CARD_W] < 0:
            slot = base
            z = Zone.RULER_AREA
            s[MANA + slot * CARD_W] = cards[cid, K.C_MANA]
        elif t == CardType.MAGIC_STONE and n_stone < K.MAX_STONE_DECK:
            slot = base + STONE_FIRST + n_stone
            n_stone += 1
            z = Zone.STONE_DECK
        elif t == CardType.RUNE:
            if n_rune >= K.MAX_EXTRA:
                continue
            slot = base + RUNE_FIRST + n_rune
            n_rune += 1
            z = Zone.RUNE_AREA
        elif (cards[cid, K.C_TYPE_BITS] & K.TB_STORY) != 0:
            if n_extra >= K.MAX_EXTRA:
                continue
            slot = base + EXTRA_FIRST + n_extra
            n_extra += 1
            z = Zone.EXTRA_DECK
        elif t != CardType.RULER and t != CardType.J_RULER and n_main < K.MAX_MAIN_DECK:
            slot = base + MAIN_FIRST + n_main
            n_main += 1
            z = Zone.MAIN_DECK
        else:
            continue
        s[CARD + slot * CARD_W] = cid
        s[OWNER + slot * CARD_W] = p
        s[CONTROLLER + slot * CARD_W] = p
        zone_put(s, ZT, slot, z)
    zone_shuffle(s, ZT, Zone.MAIN_DECK, p, s)
    zone_shuffle(s, ZT, Zone.STONE_DECK, p, s)


@njit(cache=True)
def setup_row(game, s, deck0, deck1, T):
    """CR 403: a new game in a zeroed row (the core wrote the header and seeded the RNG)."""
    clear_zone_lists(s, ZT)
    for slot in range(K.N_SLOTS):
        s[CARD + slot * CARD_W] = -1
        s[ATTACHED + slot * CARD_W] = -1
        s[OWNER + slot * CARD_W] = slot // K.PLAYER_SLOTS
        s[CONTROLLER + slot * CARD_W] = slot // K.PLAYER_SLOTS
    game.deal_player(s, T, 0, deck0)
    game.deal_player(s, T, 1, deck1)
    for p in range(2):
        s[LIFE + p] = K.STARTING_LIFE  # CR 403.3
        game.draw_cards(s, p, K.OPENING_HAND)  # CR 403.5
    s[ATTACKER] = -1
    s[ATTACKED] = -1
    s[BLOCKER] = -1
    s[FIRST_PLAYER] = rng_below(s, 2)  # CR 403.4
    s[TURN_PLAYER] = s[FIRST_PLAYER]
    s[STEP] = Step.SETUP
    s[MULLIGAN_STAGE] = 0
    set_decision(s, Decision.MULLIGAN, s[FIRST_PLAYER])  # CR 403.5: the first player chooses first


@njit(cache=True)
def advance_row(game, s, T):
    """Run a row written from Python to its next decision."""
    if s[H_DONE] == 0 and s[H_DECISION] == Decision.NONE:
        game.advance(s, T)


# =============================================================================================
# Legal actions
# =============================================================================================
@internal
def priority_mask(game, s, T, p, out):
    """CR 604: the actions of the player with priority."""
    if s[CHASE_N] > 0 and (card_table(T)[s[CHASE + (s[CHASE_N] - 1) * ENTRY_W + E_CARD], K.C_UNCANCELABLE] &
                           K.UNCHASEABLE) != 0 and s[CHASE + (s[CHASE_N] - 1) * ENTRY_W + E_KIND] == K.EntryKind.CARD:
        return unchaseable_mask(game, s, T, p, out)
    n = 0
    main = game.main_timing(s, p)
    if not (main and game.must_attack_exists(s, T, p) and game.battle_legal(s, p)):
        out[PASS] = 1  # CR 712.2: no pass while a [Bloodlust] J/resonator can attack
        n += 1
    hand = min(s[HAND_N + p], HAND_SLOTS)
    stand = standby_legal(game, s, p)
    for i in range(hand):
        # the three tests first, the stores after: the compiler then shares what the (inlined)
        # tests read instead of reading it again after each store
        normal = hand_card_playable(game, s, T, p, i, K.PLAY_NORMAL)
        awakened = hand_card_playable(game, s, T, p, i, K.PLAY_AWAKENED)
        incarnated = hand_card_playable(game, s, T, p, i, K.PLAY_INCARNATED)
        if normal:
            out[PLAY_HAND_BASE + i] = 1
            n += 1
        if awakened:
            out[K.AWAKEN_HAND_BASE + i] = 1
            n += 1
        if incarnated:
            out[K.INCARNATE_HAND_BASE + i] = 1
            n += 1
        if stand:
            out[STANDBY_BASE + i] = 1
            n += 1
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    for i in range(min(s[n_off], FIELD_SLOTS)):
        slot = s[l_off + i]
        will_a = will_producer(game, s, T, p, slot, False) >= 0
        will_b = will_producer(game, s, T, p, slot, True) >= 0
        if will_a:
            out[WILL_A_BASE + i] = 1
            n += 1
        if will_b:
            out[WILL_B_BASE + i] = 1
            n += 1
        n += ability_actions_of(game, s, T, p, slot, ACTIVATE_BASE + i * ABILITIES_PER_CARD, out)
    for i in range(K.STANDBY_SLOTS):
        if standby_playable(game, s, T, p, i):
            out[PLAY_STANDBY_BASE + i] = 1
            n += 1
    for i in range(K.RUNE_SLOTS):
        if rune_playable(game, s, T, p, i):  # CR 711, 709.3c
            out[K.PLAY_RUNE_BASE + i] = 1
            n += 1
    n += remnant_actions(game, s, T, p, out)  # CR 1115.2: OPTION k, the graveyard's k-th card from the top
    n += dive_actions(game, s, T, p, out)  # [Dive]: SELECT i (hand card i), OPTION REMNANT_ROWS + k (removed area)
    ruler = game.j_ruler_slot(s, p)
    if s[CARD + ruler * CARD_W] >= 0 and s[ZONE + ruler * CARD_W] == Zone.RULER_AREA:
        n += ability_actions_of(game, s, T, p, ruler, RULER_ACTIVATE_BASE, out)
    if main:
        if judgment_legal(game, s, T, p):
            out[JUDGMENT] = 1
            n += 1
        if call_stone_legal(game, s, T, p):
            out[CALL_STONE] = 1
            n += 1
        if game.battle_legal(s, p):
            out[BATTLE] = 1
            n += 1
    return n


@internal_inline  # one caller: inlined into it (engine.jit)
def unchaseable_mask(game, s, T, p, out):
    """"Players cannot chase to this card." (session 27): the last card on the chase says so; the player with priority
    passes or plays a will ability (CR 907.3: a will ability uses no chase, so it does not chase to the card)."""
    out[PASS] = 1
    n = 1
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    for i in range(min(s[n_off], FIELD_SLOTS)):
        slot = s[l_off + i]
        if will_producer(game, s, T, p, slot, False) >= 0:
            out[WILL_A_BASE + i] = 1
            n += 1
        if will_producer(game, s, T, p, slot, True) >= 0:
            out[WILL_B_BASE + i] = 1
            n += 1
        n += will_actions_of(game, s, T, p, slot, ACTIVATE_BASE + i * ABILITIES_PER_CARD, out)
    ruler = game.j_ruler_slot(s, p)
    if s[CARD + ruler * CARD_W] >= 0 and s[ZONE + ruler * CARD_W] == Zone.RULER_AREA:
        n += will_actions_of(game, s, T, p, ruler, RULER_ACTIVATE_BASE, out)
    return n


@internal_inline
def will_actions_of(game, s, T, p, slot, base, out):
    """``ability_actions_of`` for the will abilities only (unchaseable_mask)."""
    n = 0
    for j in range(ABILITIES_PER_CARD):
        r = nth_activate(T, s[CARD + slot * CARD_W], j)
        if r >= 0 and ability_table(T)[r, K.A_KIND] == K.AbilityKind.WILL and ability_usable(game, s, T, p, slot, j):
            out[base + j] = 1
            n += 1
    return n


@njit(cache=True)
def legal_mask_row(game, s, T, out):
    out[:NUM_ACTIONS] = 0
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    n = 0
    if s[H_DONE] != 0:
        return n
    if kind == Decision.PRIORITY:
        return game.priority_mask(s, T, p, out)
    if kind == Decision.MULLIGAN:  # a mask of its own: the cards already put back are not offered
        out[PASS] = 1
        n = 1
        for i in range(min(s[HAND_N + p], HAND_SLOTS)):
            if s[MARK + game.hand_slot(s, p, i) * CARD_W] == 0:
                out[SELECT_HAND_BASE + i] = 1
                n += 1
        return n
    if kind == Decision.DISCARD or kind == Decision.DISCARD_COST:
        return mask_hand(out, SELECT_HAND_BASE, HAND_SLOTS, s, ZT, Zone.HAND, p)
    if kind == Decision.ORDER_AUTOMATIC:
        # CR 603.2: which of p's pending automatic abilities is played first (priority.order_pending
        # asks only for more than one, at most PENDING_MAX, fewer than the OPTION block's actions)
        return mask_pending(game, out, OPTION_BASE, OPTION_SLOTS, s, p)
    if kind == Decision.CHOOSE_TARGET or kind == Decision.SEARCH:
        n = mask_options(out, OPTION_BASE, OPTION_SLOTS, s[CAND_N])
        may_pass = game.search_may_pass(s, T) if kind == Decision.SEARCH else s[DEC_ARG + 2] != 0
        if may_pass:
            out[PASS] = 1  # "up to": done; a search may fail to find (CR 1014.2), unless SEARCH_MUST
            n += 1
        return n
    if kind == Decision.FORESEE:
        # CR 1034.1: each looked-at card onto the top (OPTION k) or to the bottom (BOTTOM k); the rest of a look
        # "on the bottom of your deck in any order" (effects.rest_to_bottom): to the bottom only; "put them back in any
        # order" (FORESEE_TOP_ONLY): onto the top only (effects.foresee_may_bottom)
        n = 0
        if s[game.top_frame(s) + FR_CNT] != K.SEARCH_PLACING:
            n = mask_options(out, OPTION_BASE, OPTION_SLOTS, s[CAND_N])
        if game.foresee_may_bottom(s, T):
            n += mask_options(out, K.BOTTOM_BASE, OPTION_SLOTS, s[CAND_N])
        return n
    if kind == Decision.CHOOSE_X:
        return mask_options(out, OPTION_BASE, OPTION_SLOTS, s[DEC_ARG] + 1)  # CR 903.2f: X = k
    if kind == Decision.CHOOSE_MODE:
        return game.mode_mask(s, T, p, out)  # CR 903.2e
    if kind == Decision.OPTIONAL and s[DEC_ARG + K.DEC_ASK] == K.ASK_UNLESS_PAY:
        return game.unless_pay_mask(s, T, p, out)  # session 34 (s34b): "... unless its controller pays {N}"
    if kind == Decision.OPTIONAL or kind == Decision.REVEAL_TRIGGER:
        return mask_yes_no(out, OPTION_BASE, PASS)  # "you may": OPTION 0 yes, PASS no
    if kind == Decision.PIERCE:
        return pierce_mask(s, out)  # CR 1102.2b
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    if kind == Decision.ATTACKER:
        forced = game.must_attack_exists(s, T, p)
        cont = game.continuous_in_field(s, T)  # once for the whole field (battle.can_attack_now)
        required = False  # session 34 (s34a): a legal attacker with "you must choose this card if able" (CR 803.3a)
        for i in range(min(s[n_off], FIELD_SLOTS)):
            slot = s[l_off + i]
            if game.can_attack_now(s, T, p, slot, cont) and (
                    not forced or (K.KW_BLOODLUST & game.keywords_now(s, T, slot, cont)) != 0):
                out[OWN_FIELD_BASE + i] = 1
                n += 1
                if not required and game.attacker_required(s, T, p, slot) == 1:
                    required = True
        if required:  # only those may be chosen
            for i in range(min(s[n_off], FIELD_SLOTS)):
                if out[OWN_FIELD_BASE + i] == 1 and game.attacker_required(s, T, p, s[l_off + i]) != 1:
                    out[OWN_FIELD_BASE + i] = 0
                    n -= 1
        if not forced:
            out[PASS] = 1  # CR 803.3: forfeit
            n += 1
        return n
    if kind == Decision.ATTACKED:
        n = 0
        if not game.restricted(s, T, s[ATTACKER], K.RESTRICT_CANT_ATTACK_PLAYER):  # "cannot attack your opponent"
            out[ATTACK_PLAYER] = 1
            n = 1
        o_off, ol_off = zone_offsets(ZT, Zone.FIELD, 1 - p)
        for i in range(min(s[o_off], FIELD_SLOTS)):
            if attackable(game, s, T, s[ATTACKER], s[ol_off + i]):
                out[OPP_FIELD_BASE + i] = 1
                n += 1
        return n
    if kind == Decision.BLOCK:
        out[PASS] = 1
        n = 1
        cont = game.continuous_in_field(s, T)  # once for the whole field (battle.can_block_now)
        for i in range(min(s[n_off], FIELD_SLOTS)):
            if game.can_block_now(s, T, p, s[l_off + i], cont):
                out[OWN_FIELD_BASE + i] = 1
                n += 1
        if n > 1 and game.must_be_blocked(s, T, s[ATTACKER]):
            out[PASS] = 0  # session 34 (s34a): "Your opponent must block this card if able." (CR 804.3)
            n -= 1
        return n
    return 0


# =============================================================================================
# Applying an action
# =============================================================================================
@internal_inline  # one caller: inlined into it (engine.jit)
def apply_priority(game, s, T, p, a):
    if a == PASS:
        game.do_pass(s, p)
    elif a >= K.PLAY_RUNE_BASE:
        play_rune(game, s, T, p, a - K.PLAY_RUNE_BASE)
    elif a >= K.INCARNATE_HAND_BASE:
        game.play_from_hand(s, T, p, a - K.INCARNATE_HAND_BASE, K.PLAY_INCARNATED)
    elif a >= K.AWAKEN_HAND_BASE:
        game.play_from_hand(s, T, p, a - K.AWAKEN_HAND_BASE, K.PLAY_AWAKENED)
    elif a >= PLAY_STANDBY_BASE:
        play_from_standby(game, s, T, p, a - PLAY_STANDBY_BASE)
    elif a >= OPTION_BASE + K.REMNANT_ROWS:
        play_from_removed(game, s, T, p, a - OPTION_BASE - K.REMNANT_ROWS)  # a cyberbrain counter ([Dive])
    elif a >= OPTION_BASE:
        play_from_grave(game, s, T, p, a - OPTION_BASE)  # [Remnant] (CR 1115.2; play.remnant_actions)
    elif a >= SELECT_HAND_BASE:
        play_dive(game, s, T, p, a - SELECT_HAND_BASE)  # [Dive] (play.dive_actions)
    elif a < STANDBY_BASE:
        game.play_from_hand(s, T, p, a - PLAY_HAND_BASE, K.PLAY_NORMAL)
    elif a < WILL_A_BASE:
        put_standby(game, s, T, p, a - STANDBY_BASE)
    elif a < WILL_B_BASE:
        game.produce_will(s, T, p, game.field_slot(s, p, a - WILL_A_BASE), False)
    elif a < ACTIVATE_BASE:
        game.produce_will(s, T, p, game.field_slot(s, p, a - WILL_B_BASE), True)
    elif a < RULER_ACTIVATE_BASE:
        k = a - ACTIVATE_BASE
        game.activate(s, T, p, game.field_slot(s, p, k // ABILITIES_PER_CARD), k % ABILITIES_PER_CARD)
    elif a < JUDGMENT:
        game.activate(s, T, p, game.j_ruler_slot(s, p), a - RULER_ACTIVATE_BASE)
    elif a == JUDGMENT:
        play_judgment(game, s, T, p)
    elif a == CALL_STONE:
        call_stone(game, s, T, p)
    else:
        game.begin_battle(s, T)


@njit(cache=True)
def apply_unchecked(game, s, T, a):
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    s[H_NUM_DECISIONS] += 1
    s[H_DECISION] = Decision.NONE
    if kind == Decision.PRIORITY:
        apply_priority(game, s, T, p, a)
    elif kind == Decision.MULLIGAN:
        if a == PASS:
            s[MULLIGAN_STAGE] += 1
            if s[MULLIGAN_STAGE] == 1:
                set_decision(s, Decision.MULLIGAN, 1 - s[FIRST_PLAYER])
                return
            finish_mulligan(game, s, T)
        else:
            s[MARK + zone_card(s, ZT, Zone.HAND, p, option_of(a, SELECT_HAND_BASE)) * CARD_W] = 1
            set_decision(s, Decision.MULLIGAN, p)
            return
    elif kind == Decision.DISCARD:
        i = option_of(a, SELECT_HAND_BASE)
        slot = game.hand_slot(s, p, i)
        cid = s[CARD + slot * CARD_W]
        game.discard_to_graveyard(s, T, p, i)
        if s[DEC_ARG] != 0:
            f = game.top_frame(s)
            s[f + FR_CNT] += 1  # an effect's discard (engine.effects DISCARD)
            discarded_by_ability(game, s, T, f, slot)
            if (s[DEC_ARG] & K.DISCARD_THIS_WAY) != 0:
                # session 29: "... the total cost of the card discarded this way" (Op.PLAYER_DISCARD): the frame's X
                s[f + E_X] += game.total_cost(T, cid)
            if (s[DEC_ARG] & K.DISCARD_TO_REG) != 0:
                # session 29: "If you discarded a <card> this way": the card into the op's register
                reg_add(game, s, f, s[DEC_ARG] >> K.DISCARD_REG_SHIFT, slot)
        # else CR 505.5d: the final step runs again (the flow is still STEP_END at END_*)
    elif kind == Decision.DISCARD_COST:
        slot = game.hand_slot(s, p, option_of(a, SELECT_HAND_BASE))
        game.discard_to_graveyard(s, T, p, option_of(a, SELECT_HAND_BASE))  # CR 903.2j / 1019.1
        s[game.top_frame(s) + FR_DISCARD] -= 1
        discarded_by_ability(game, s, T, game.top_frame(s), slot)
    elif kind == Decision.CHOOSE_X:
        x_chosen(game, s, T, p, option_of(a, OPTION_BASE))
    elif kind == Decision.CHOOSE_MODE:
        game.mode_chosen(s, option_of(a, OPTION_BASE))  # CR 903.2e
    elif kind == Decision.REVEAL_TRIGGER:
        reveal_answered(game, s, T, p, a != PASS)
    elif kind == Decision.SEARCH:
        game.found(s, T, p, -1 if a == PASS else option_of(a, OPTION_BASE))  # CR 1014.2
    elif kind == Decision.FORESEE:
        if in_block(a, K.BOTTOM_BASE, OPTION_SLOTS):
            game.place_foreseen(s, option_of(a, K.BOTTOM_BASE), True)
        else:
            game.place_foreseen(s, option_of(a, OPTION_BASE), False)
        if s[H_DECISION] != Decision.NONE:
            return  # the next looked-at card
    elif kind == Decision.CHOOSE_TARGET and s[DEC_ARG + K.DEC_ASK] == K.ASK_ENTER_REVEAL:
        game.enter_unless_answered(s, T, p, a)  # session 34 (s34b): a magic stone's reveal as it enters
    elif kind == Decision.CHOOSE_TARGET and s[DEC_ARG + K.DEC_ASK] == K.ASK_REVEAL_HAND:
        game.revealed_from_hand(s, game.top_frame(s), p, a)  # session 34 (s34b): Op.REVEAL_FROM_HAND
    elif kind == Decision.CHOOSE_TARGET:
        f = game.top_frame(s)
        if s[f + FR_CNT] <= K.ATTACH_PENDING:
            # CR 1406.3: the card an addition put into the field by an effect is added to (effects.ask_addition_host)
            game.addition_host_chosen(s, T, f, s[CAND + option_of(a, OPTION_BASE)])
        elif a == PASS:
            s[f + FR_PC] += 1  # "up to": no more targets
            s[f + FR_CNT] = 0
        else:
            reg_add(game, s, f, s[DEC_ARG + 1], s[CAND + option_of(a, OPTION_BASE)])
            s[f + FR_CNT] += 1
    elif kind == Decision.ORDER_AUTOMATIC:
        game.play_pending(s, T, p, option_of(a, OPTION_BASE))  # CAND k is k (priority.order_pending)
    elif kind == Decision.OPTIONAL and s[DEC_ARG + K.DEC_ASK] == K.ASK_ENTER_LIFE:
        game.enter_unless_answered(s, T, p, a)  # session 34 (s34b): a magic stone's life as it enters
    elif kind == Decision.OPTIONAL and s[DEC_ARG + K.DEC_ASK] == K.ASK_UNLESS_PAY:
        game.unless_pay_answered(s, T, p, a)  # session 34 (s34b): "... unless its controller pays {N}"
    elif kind == Decision.OPTIONAL:
        f = game.top_frame(s)
        if s[f + FR_PURPOSE] == Purpose.PLAY and s[f + E_X] < 0:
            # CR 903.2i-iv: "you may pay {N} less to play this card" (priority.finish_frame): the cost paid, with
            # the reduction (OPTION 0) or without (PASS; payable, checked as it was played, play.declinable_reduction)
            game.pay_pending_cost(s, T, p, f, a != PASS)
        elif a == PASS:
            s[f + E_ABIL] = -1  # declined: nothing is done
        else:
            s[f + FR_PC] = 0
    elif kind == Decision.ATTACKER:
        if a == PASS:
            forfeit_attack(game, s, T)  # CR 803.3 / 803.6
        else:
            choose_attacker(s, game.field_slot(s, p, a - OWN_FIELD_BASE))
            return
    elif kind == Decision.ATTACKED:
        if a == ATTACK_PLAYER:
            game.attack_declared(s, T, K.ATTACKED_PLAYER)
        else:
            game.attack_declared(s, T, game.field_slot(s, 1 - p, a - OPP_FIELD_BASE))
    elif kind == Decision.BLOCK:
        game.block_declared(s, T, -1 if a == PASS else game.field_slot(s, p, a - OWN_FIELD_BASE))
    elif kind == Decision.PIERCE:
        pierce_assign(game, s, T, a)  # CR 1102.2b
    game.advance(s, T)
