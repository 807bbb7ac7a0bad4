"""FF-TCG 2014 rules kernels: playing cards and abilities (2014 CR 11.2-11.8) where they differ from
FF-TCG's (``tcg_env.games.fftcg.play``, which does the rest: timing, costs, the stack).

* Items (11.4) and Formations (11.5): played like characters, by the turn player in a Main Phase
  with an empty stack; an Item is equipped to a character chosen before paying (11.4.7, "one of each
  Item type" 5.2.3.1.3.4); a Formation needs its condition (7.12.1.3).
* Optional costs, asked in the order of the rules before the cost is paid (11.2.6, 11.3.4):
  Combination (15.2.17.3), Overdrive (15.2.9), War God (15.2.7.3); the hand's Flash and Blue Magic
  (15.2.11, 15.2.14), used instead of playing the card; Junction's Summon (15.2.15.2).
* Abilities: Monsters use dull-icon abilities the turn they arrive (11.7.2.1.2); Awakening and Job
  Change only during your turn (15.2.10.3, 15.2.13.2).
* No rule forbids a second Shine or Dark card: the rule process of 12.4.7 handles it. The name rule
  ("you can't even try", 5.2.2.1, 7.9.2) applies to every card of your field.

The questions keep the card in the hand; ``state.PLAY_*`` hold what was answered; ``kernels``
offers and applies them (``Ask``).
"""

from tcg_env.engine.chase import chase_full
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.zones import zone_remove_at, zone_take
from tcg_env.games.fftcg.play import ability_usable as base_ability_usable
from tcg_env.games.fftcg.play import activate_ability as base_activate_ability
from tcg_env.games.fftcg.play import can_dull_for_cost as base_can_dull_for_cost
from tcg_env.games.fftcg.play import hand_card_playable as base_hand_card_playable
from tcg_env.games.fftcg.play import play_from_hand as base_play_from_hand
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014.constants import EK_ABILITY, FIELD_SLOTS, FRAME_MAX, M_TARGET, MAX_DECK, PK_ABILITY, P_CAST
from tcg_env.games.fftcg_2014.state import (ASK, ASK_ARG, BREAK_L, BREAK_N, CARD, CARD_W, DEC_ARG, DULL, EQUIPS,
                                            FIELD_L, FIELD_N, FRAME_N, HAND_L, HAND_N, JUNCTIONED, PASSES, PAY_COST,
                                            PHASE, PLAY_EXTRA, PLAY_HAND, PLAY_OVERDRIVE, PLAY_SLOT, PLAY_STAGE,
                                            PLAY_TARGET, STACK_N, TURN_PLAYER, X_W, ZONE, ZT)

# the questions of playing a card, in the order they are asked (PLAY_STAGE)
STAGE_COMBINATION = 0  # and 1: the two names of Combination
STAGE_OVERDRIVE = 2
STAGE_WAR_GOD = 3
STAGE_EQUIP = 4
STAGE_PAY = 5


@internal
def can_dull_for_cost(s, T, slot):
    """2014 CR 11.7.2.1.2: a Monster uses its dull-icon abilities even the turn it arrives."""
    if card_table(T)[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.MONSTER:
        return s[DULL + slot * CARD_W] == 0
    return base_can_dull_for_cost(s, T, slot)


@internal
def junction_summon_ok(game, s, T, player, slot, arow, summon):
    """Can ``player`` remove the Summon ``summon`` of its hand (-1: any) for the Junction ``arow``
    of ``slot`` and still pay the rest of its cost (15.2.15.2)?"""
    abil = ability_table(T)
    skip_field = slot if abil[arow, K.A_COST_DULL] != 0 else -1
    for i in range(s[HAND_N + player]):
        h = s[HAND_L + player * MAX_DECK + i]
        if (summon < 0 or h == summon) and card_table(T)[s[CARD + h * CARD_W], K.C_TYPE] == K.CardType.SUMMON:
            if game.can_pay(s, T, player, abil[arow, K.A_COST_CP], abil[arow, K.A_COST_ELEMENT], h, skip_field):
                return True
    return False


@internal
def ability_usable(game, s, T, player, slot, arow, nd, disc, nb, bk):
    abil = ability_table(T)
    if abil[arow, K.A_YOUR_TURN_ONLY] != 0 and player != s[TURN_PLAYER]:
        return False  # 15.2.10.3, 15.2.13.2
    if abil[arow, K.A_JUNCTION] != 0 and s[JUNCTIONED + slot * X_W] == 0:
        # 15.2.15.2 (a Junctioned character pays the cost and removes nothing, 15.2.15.4)
        if not game.junction_summon_ok(s, T, player, slot, arow, -1):
            return False
    return base_ability_usable(game, s, T, player, slot, arow, nd, disc, nb, bk)


@internal
def activate_ability(game, s, T, player, field_index, j):
    """Junction first removes a Summon of the hand from the game (DISCARD, ``Ask.JUNCTION``)."""
    slot = s[FIELD_L + player * FIELD_SLOTS + field_index]
    arow = card_table(T)[s[CARD + slot * CARD_W], K.C_ACT0 + j]
    if ability_table(T)[arow, K.A_JUNCTION] != 0 and s[JUNCTIONED + slot * X_W] == 0:
        s[ASK] = K.Ask.JUNCTION
        s[DEC_ARG + 1] = field_index
        s[DEC_ARG + 2] = j
        set_decision(s, K.Decision.DISCARD, player)
        return
    base_activate_ability(game, s, T, player, field_index, j)


@internal
def junction_summon(game, s, T, player, hand_index):
    """The answer: the Summon leaves the game and the character is Junctioned (15.2.15.2-3)."""
    field_index = s[DEC_ARG + 1]
    slot = s[FIELD_L + player * FIELD_SLOTS + field_index]
    summon = zone_remove_at(s, HAND_N + player, HAND_L + player * MAX_DECK, hand_index)
    s[ZONE + summon * CARD_W] = K.Zone.NONE
    game.put_in_zone(s, summon, K.Zone.REMOVED)
    s[JUNCTIONED + slot * X_W] = summon + 1
    base_activate_ability(game, s, T, player, field_index, s[DEC_ARG + 2])


# ---- what may be played -------------------------------------------------------------------------
@internal
def may_deploy(game, s, T, player, cid):
    """5.2.2.1 / 7.9.2: no second card of a name on your field, unless it has the Common Soldier icon."""
    cards = card_table(T)
    if cards[cid, K.C_GENERIC] != 0:
        return True
    for i in range(s[FIELD_N + player]):
        if cards[s[CARD + s[FIELD_L + player * FIELD_SLOTS + i] * CARD_W], K.C_NAME] == cards[cid, K.C_NAME]:
            return False
    return True


@internal
def may_equip(game, s, T, player, item_cid, slot):
    """11.4.7: a character of yours the Item's type line allows (5.2.3.1.3.2) that has no Item of its
    type yet (5.2.3.1.3.4)."""
    cards = card_table(T)
    ctype = cards[s[CARD + slot * CARD_W], K.C_TYPE]
    if not game.controls(s, player, slot) or (cards[item_cid, K.C_EQUIP_TYPES] & (1 << ctype)) == 0:
        return False
    for i in range(s[FIELD_N + player]):
        other = s[FIELD_L + player * FIELD_SLOTS + i]
        if s[EQUIPS + other * X_W] == slot + 1 and cards[s[CARD + other * CARD_W], K.C_TYPE] == cards[item_cid, K.C_TYPE]:
            return False
    return True


@internal
def combination_card(s, T, player, name):
    """A card named ``name`` in ``player``'s Break Zone (-1: none)."""
    if name == 0:
        return -1
    for i in range(s[BREAK_N + player]):
        slot = s[BREAK_L + player * MAX_DECK + i]
        if card_table(T)[s[CARD + slot * CARD_W], K.C_NAME] == name:
            return slot
    return -1


@internal
def war_god_cut(game, s, T, player, cid, slot):
    """What War God takes off for the character ``slot`` (15.2.7.3; not to 0 or less, 15.2.7.4)."""
    cards = card_table(T)
    if cards[cid, K.C_WAR_GOD_JOB] == 0 or not game.controls(s, player, slot):
        return 0
    ocid = s[CARD + slot * CARD_W]
    if not game.is_character(cards[ocid, K.C_TYPE]) or cards[ocid, K.C_JOB] != cards[cid, K.C_WAR_GOD_JOB]:
        return 0
    return cards[ocid, K.C_COST]


@internal
def least_cost(game, s, T, player, slot):
    """The cost now, less what Combination and War God may take off (a card is playable when that
    much can be paid)."""
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    cost = game.current_cost(s, T, player, slot)
    cut = 0
    for k in range(2):
        if combination_card(s, T, player, cards[cid, K.C_COMBINATION_NAME0 + k]) >= 0:
            cut += cards[cid, K.C_COMBINATION_REDUCTION]
    best = 0
    for i in range(s[FIELD_N + player]):
        best = max(best, game.war_god_cut(s, T, player, cid, s[FIELD_L + player * FIELD_SLOTS + i]))
    if best > 0:
        return max(1, cost - best)
    return max(0, cost - cut)


@internal
def hand_card_playable(game, s, T, player, slot, nd, disc, nb, bk):
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    ctype = cards[cid, K.C_TYPE]
    if not game.is_item(ctype) and ctype != K.CardType.FORMATION:
        if not base_hand_card_playable(game, s, T, player, slot, nd, disc, nb, bk):
            return False  # (least_cost counts War God's best cut: the exact check follows)
        if cards[cid, K.C_WAR_GOD_JOB] == 0 or game.war_god_ok(s, T, player, slot, 0, -1):
            return True
        for i in range(s[FIELD_N + player]):
            if game.war_god_ok(s, T, player, slot, 0, s[FIELD_L + player * FIELD_SLOTS + i]):
                return True
        return False
    # 11.4.1 / 11.5.1: the turn player, a Main Phase, an empty stack
    phase = s[PHASE]
    if player != s[TURN_PLAYER] or (phase != K.Phase.MAIN1 and phase != K.Phase.MAIN2) or s[STACK_N] != 0:
        return False
    if s[FIELD_N + player] >= FIELD_SLOTS or not game.may_deploy(s, T, player, cid):
        return False
    if ctype == K.CardType.FORMATION:
        if not game.condition_holds(s, T, cards[cid, K.C_FORMATION_CONDITION], cards[cid, K.C_FORMATION_CONDITION_ARG], player, -1):
            return False
    else:
        found = False
        for i in range(s[FIELD_N + player]):
            found = found or game.may_equip(s, T, player, cid, s[FIELD_L + player * FIELD_SLOTS + i])
        if not found:
            return False
    cost = game.current_cost(s, T, player, slot)
    return game.can_pay_counted(s, T, player, cost, game.card_pay_element(cards, cid), slot, -1, nd, disc, nb, bk)


@internal
def hand_ability_usable(game, s, T, player, slot, nd, disc, nb, bk):
    """Flash / Blue Magic: from the hand whenever you have priority (15.2.11.3, 15.2.14.4; in the Main
    and Attack Phases, 9.4.1.7), paying its cost and discarding the card (15.2.11.2, 15.2.14.3)."""
    abil = ability_table(T)
    arow = card_table(T)[s[CARD + slot * CARD_W], K.C_HAND_ABILITY]
    if arow < 0 or chase_full(game, s) or s[FRAME_N] >= FRAME_MAX:
        return False
    if not game.can_pay_counted(s, T, player, abil[arow, K.A_COST_CP], abil[arow, K.A_COST_ELEMENT], slot, -1,
                                nd, disc, nb, bk):
        return False
    return game.has_required_targets(s, T, arow, player, slot)


# ---- playing: the questions, then FF-TCG's play ----------------------------------------------------
@internal
def play_from_hand(game, s, T, player, hand_index):
    slot = s[HAND_L + player * MAX_DECK + hand_index]
    s[PLAY_SLOT] = slot + 1
    s[PLAY_HAND] = hand_index
    s[PLAY_EXTRA] = 0
    s[PLAY_OVERDRIVE] = 0
    s[PLAY_TARGET] = 0
    s[PLAY_STAGE] = STAGE_COMBINATION
    s[PASSES] = 0
    if card_table(T)[s[CARD + slot * CARD_W], K.C_HAND_ABILITY] < 0:
        game.next_question(s, T, player)
        return
    nd, disc, nb, bk = game.count_resources(s, T, player)
    if game.hand_ability_usable(s, T, player, slot, nd, disc, nb, bk):
        if game.hand_card_playable(s, T, player, slot, nd, disc, nb, bk):
            ask(s, K.Ask.HAND_ABILITY, K.Decision.OPTIONAL_EFFECT, player)
        else:
            game.use_hand_ability(s, T, player)
        return
    game.next_question(s, T, player)


@internal
def ask(s, what, decision, player):
    s[ASK] = what
    set_decision(s, decision, player)


@internal
def use_hand_ability(game, s, T, player):
    """15.2.11.2 / 15.2.14.3: the card is discarded as the cost, then its ability's targets and CP."""
    abil = ability_table(T)
    slot = game.discard_hand_index(s, player, s[PLAY_HAND])
    s[PLAY_SLOT] = 0
    arow = card_table(T)[s[CARD + slot * CARD_W], K.C_HAND_ABILITY]
    game.begin_payment(s, PK_ABILITY, player, slot, arow, abil[arow, K.A_COST_CP], abil[arow, K.A_COST_ELEMENT], 0, 0)
    game.push_program_frame(s, T, M_TARGET, P_CAST, EK_ABILITY, slot, arow, player, -1)


@internal
def payable_with(game, s, T, player, extra, skip_field):
    """Can the card being played be paid with ``extra`` more CP (negative: less) than now?"""
    slot = s[PLAY_SLOT] - 1
    cid = s[CARD + slot * CARD_W]
    cost = max(0, game.current_cost(s, T, player, slot) + s[PLAY_EXTRA] + extra)
    return game.can_pay(s, T, player, cost, game.card_pay_element(card_table(T), cid), slot, skip_field)


@internal
def war_god_ok(game, s, T, player, slot, extra, target):
    """Can the Summon ``slot`` (``extra`` CP on its cost) be summoned with War God putting ``target``
    into the Break Zone (-1: without War God)? The character pays no CP then, and the Summon must
    still have its targets without it (11.2.3, 11.2.12: looked at with the character off the field)."""
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    cost = game.current_cost(s, T, player, slot) + extra
    elem = game.card_pay_element(cards, cid)
    if target < 0:
        return game.can_pay(s, T, player, cost, elem, slot, -1)
    cut = game.war_god_cut(s, T, player, cid, target)
    if cut == 0 or not game.can_pay(s, T, player, max(1, cost - cut), elem, slot, target):
        return False
    s[ZONE + target * CARD_W] = K.Zone.NONE
    ok = game.has_required_targets(s, T, cards[cid, K.C_SUMMON_ABIL], player, slot)
    s[ZONE + target * CARD_W] = K.Zone.FIELD
    return ok


@internal
def next_question(game, s, T, player):
    """Ask the next optional cost of the card being played, or play it (FF-TCG's play_from_hand) at
    its cost with the answers."""
    cards = card_table(T)
    slot = s[PLAY_SLOT] - 1
    cid = s[CARD + slot * CARD_W]
    while s[PLAY_STAGE] < STAGE_PAY:
        stage = s[PLAY_STAGE]
        s[PLAY_STAGE] += 1
        if stage <= STAGE_COMBINATION + 1:
            if combination_card(s, T, player, cards[cid, K.C_COMBINATION_NAME0 + stage]) >= 0:
                s[ASK_ARG] = stage
                ask(s, K.Ask.COMBINATION, K.Decision.OPTIONAL_EFFECT, player)
                return
        elif stage == STAGE_OVERDRIVE:
            if cards[cid, K.C_OVERDRIVE_CP] > 0 and game.payable_with(s, T, player, cards[cid, K.C_OVERDRIVE_CP], -1):
                ask(s, K.Ask.OVERDRIVE, K.Decision.OPTIONAL_EFFECT, player)
                return
        elif stage == STAGE_WAR_GOD:
            for i in range(s[FIELD_N + player]):
                if game.war_god_cut(s, T, player, cid, s[FIELD_L + player * FIELD_SLOTS + i]) > 0:
                    ask(s, K.Ask.WAR_GOD, K.Decision.CHOOSE_TARGET, player)
                    return
        elif game.is_item(cards[cid, K.C_TYPE]):
            ask(s, K.Ask.EQUIP, K.Decision.CHOOSE_TARGET, player)
            return
    base_play_from_hand(game, s, T, player, s[PLAY_HAND])
    s[PAY_COST] = max(0, s[PAY_COST] + s[PLAY_EXTRA])
    if cards[cid, K.C_TYPE] == K.CardType.SUMMON:
        s[PLAY_SLOT] = 0


@internal
def may_answer(game, s, T, player, target):
    """Is ``target`` (-1: the pass / "no") a legal answer to the pending question?"""
    cards = card_table(T)
    cid = s[CARD + (s[PLAY_SLOT] - 1) * CARD_W]
    what = s[ASK]
    if what == K.Ask.COMBINATION:
        # "no" only if the card stays payable with the reductions still to come
        later = 0
        for k in range(s[ASK_ARG] + 1, 2):
            if combination_card(s, T, player, cards[cid, K.C_COMBINATION_NAME0 + k]) >= 0:
                later += cards[cid, K.C_COMBINATION_REDUCTION]
        return target >= 0 or game.payable_with(s, T, player, -later, -1)
    if what == K.Ask.WAR_GOD:
        return game.war_god_ok(s, T, player, s[PLAY_SLOT] - 1, s[PLAY_EXTRA], target)
    if what == K.Ask.EQUIP:
        return target >= 0 and game.may_equip(s, T, player, cid, target)
    return True  # Overdrive (asked only when payable), Flash / Blue Magic, Assist: yes or no


@internal
def answer(game, s, T, player, target):
    """Apply the answer ``target`` (-1: no) to the pending question of the card being played."""
    what = s[ASK]
    s[ASK] = K.Ask.NONE
    cards = card_table(T)
    cid = s[CARD + (s[PLAY_SLOT] - 1) * CARD_W]
    if what == K.Ask.HAND_ABILITY:
        if target >= 0:
            game.use_hand_ability(s, T, player)
            return
    elif what == K.Ask.COMBINATION and target >= 0:  # 15.2.17.3
        gone = combination_card(s, T, player, cards[cid, K.C_COMBINATION_NAME0 + s[ASK_ARG]])
        zone_take(s, ZT, gone)
        game.put_in_zone(s, gone, K.Zone.REMOVED)
        s[PLAY_EXTRA] -= cards[cid, K.C_COMBINATION_REDUCTION]
    elif what == K.Ask.OVERDRIVE and target >= 0:  # 15.2.9.4: paid with the cost, as one
        s[PLAY_OVERDRIVE] = 1
        s[PLAY_EXTRA] += cards[cid, K.C_OVERDRIVE_CP]
    elif what == K.Ask.WAR_GOD and target >= 0:  # 15.2.7.3
        cost = game.current_cost(s, T, player, s[PLAY_SLOT] - 1) + s[PLAY_EXTRA]
        s[PLAY_EXTRA] += max(1, cost - game.war_god_cut(s, T, player, cid, target)) - cost
        game.leave_field(s, T, target, K.Zone.BREAK, False)
    elif what == K.Ask.EQUIP:
        s[PLAY_TARGET] = target + 1
    game.next_question(s, T, player)
