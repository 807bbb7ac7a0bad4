"""FF-TCG rules kernels: playing cards and using abilities (CR 11.3-11.7).

Whether a card in hand can be played (Characters CR 11.4, Summons CR 11.3) or an action / special
ability used (CR 11.6, 11.7), starting to play them, and what follows once their costs are paid
(whether a cost can be paid, and the payment, are ``costs``).
"""


from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.jit import internal
from tcg_env.engine.header import H_TURN
from tcg_env.engine.chase import chase_full, chase_push
from tcg_env.engine.zones import zone_remove_at
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import (
    EK_ABILITY,
    EK_SUMMON,
    FIELD_SLOTS,
    FL_PRIORITY,
    FRAME_MAX,
    KW_HASTE,
    MAX_BACKUPS,
    MAX_DECK,
    M_TARGET,
    PK_ABILITY,
    PK_CHARACTER,
    PK_NONE,
    PK_SUMMON,
    P_CAST,
)
from tcg_env.games.fftcg.state import (
    BUILD_ENTRY,
    CARD,
    CARD_W,
    CONTROLLER,
    CTRL_TURN,
    DULL,
    D_RST,
    D_KW,
    ENTRY_W,
    FIELD_L,
    FIELD_N,
    FLOW,
    FRAME_N,
    HAND_L,
    HAND_N,
    PASSES,
    PAY_ABIL,
    PAY_HAS_ELEM,
    CAST_N,
    PAY_KIND,
    PAY_PLAYER,
    PAY_SLOT,
    PHASE,
    PRIORITY_PLAYER,
    STACK_N,
    TURN_PLAYER,
    ZONE,
)


# =============================================================================================
# Playing cards and abilities
# =============================================================================================
@internal
def ability_usable(game, s, T, player, slot, arow, nd, disc, nb, bk):
    """Can ``player`` activate action/special ability ``arow`` of its field card ``slot`` now?
    (``nd, disc, nb, bk``: the player's CP sources, ``count_resources``.)"""
    cards = card_table(T)
    abil = ability_table(T)
    cid = s[CARD + slot * CARD_W]
    if abil[arow, K.A_COST_DULL] != 0 and not game.can_dull_for_cost(s, T, slot):
        return False
    if chase_full(game, s) or s[FRAME_N] >= FRAME_MAX:
        return False
    # "You can only use this ability once per turn" (A_OPTIONAL of an action / special ability)
    if abil[arow, K.A_OPTIONAL] != 0 and (s[D_RST + slot * CARD_W] & game.used_ability_bit(cards, cid, arow)) != 0:
        return False
    # "You can only use this ability during your turn / if ...": checked when it is used only
    if abil[arow, K.A_COND] != K.Condition.NONE and not game.condition_holds(
            s, T, abil[arow, K.A_COND], abil[arow, K.A_COND_ARG], player, slot):  # fmt: skip
        return False
    skip_field = slot if abil[arow, K.A_COST_DULL] != 0 or abil[arow, K.A_COST_BREAK_SELF] != 0 else -1
    cp = abil[arow, K.A_COST_CP]
    elem = abil[arow, K.A_COST_ELEMENT]
    if abil[arow, K.A_COST_DISCARD] > s[HAND_N + player]:
        return False
    if abil[arow, K.A_KIND] == K.AbilityKind.SPECIAL:
        # CR 11.7.1: discard a same-name card, then pay the CP from the rest of the hand
        found = False
        for i in range(s[HAND_N + player]):
            h = s[HAND_L + player * MAX_DECK + i]
            if cards[s[CARD + h * CARD_W], K.C_NAME] == cards[cid, K.C_NAME]:
                if cp == 0 or game.can_pay_counted(s, T, player, cp, elem, h, skip_field, nd, disc, nb, bk):
                    found = True
                    break
        if not found:
            return False
    elif cp > 0 and not game.can_pay_counted(s, T, player, cp, elem, -1, skip_field, nd, disc, nb, bk):
        return False
    # "Dull N active DESC" / "Put N DESC into the Break Zone": N such Characters of the player's (CR 11.6.2.4), the
    # source among them; a loop over both fields, after the checks that cost less (the same answer)
    ndull = dull_cost_count(abil, arow)
    if ndull > 0 and game.scan_matching(s, T, dull_cost_filter(abil, arow), player, slot, ndull,
                                        K.SCAN_COUNT)[0] < ndull:
        return False
    return game.has_required_targets(s, T, arow, player, slot)


@internal
def dull_cost_count(abil, arow):
    """The Characters an action ability's "Dull N active DESC" cost dulls (0: none; K.ACTION_DULL_COST_COL)."""
    v = abil[arow, K.ACTION_DULL_COST_COL]
    if abil[arow, K.A_KIND] != K.AbilityKind.ACTION or v <= 0:
        return 0
    return v % K.COND_COUNT_SPAN


@internal
def dull_cost_filter(abil, arow):
    """The filter row the Characters of an action ability's "Dull N active DESC" cost match (K.ACTION_DULL_COST_COL)."""
    return (abil[arow, K.ACTION_DULL_COST_COL] % K.BREAK_COST_FLAG) // K.COND_COUNT_SPAN - 1


@internal
def cost_puts_into_break(abil, arow):
    """The Characters of the cost (dull_cost_count) are put into the Break Zone ("Put 1 Backup into the Break Zone:
    ..."), not dulled."""
    return abil[arow, K.ACTION_DULL_COST_COL] >= K.BREAK_COST_FLAG


@internal
def hand_card_playable(game, s, T, player, slot, nd, disc, nb, bk):
    """Can ``player`` play hand card ``slot`` now? (``nd, disc, nb, bk``: ``count_resources``.)"""
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    ctype = cards[cid, K.C_TYPE]
    phase = s[PHASE]
    if ctype != K.CardType.SUMMON and (cards[cid, K.C_KEYWORDS] & K.KW_BACK_ATTACK) != 0:
        # Back Attack: "like Summons and abilities, this card can be played during either player's Attack
        # Phase or Main Phase" (not in the 2016 rules: the later cards' reminder text); it enters the field
        # at once, as every Character does (no stack)
        if phase != K.Phase.MAIN1 and phase != K.Phase.MAIN2 and phase != K.Phase.ATTACK:
            return False
        if chase_full(game, s) or s[FRAME_N] >= FRAME_MAX:
            return False
    elif ctype == K.CardType.SUMMON:
        # CR 9.3.1.6: Summons in the Main and Attack Phases
        if phase != K.Phase.MAIN1 and phase != K.Phase.MAIN2 and phase != K.Phase.ATTACK:
            return False
        if chase_full(game, s) or s[FRAME_N] >= FRAME_MAX:
            return False
        # "You can only cast <this> during your turn": the Summon ability's condition, checked when it
        # is cast only (the EX Burst is not a cast, CR 11.10.2; nor is it checked on resolution)
        arow = cards[cid, K.C_SUMMON_ABIL]
        abil = ability_table(T)
        if abil[arow, K.A_COND] != K.Condition.NONE and not game.condition_holds(
                s, T, abil[arow, K.A_COND], abil[arow, K.A_COND_ARG], player, slot):  # fmt: skip
            return False
        cost = game.least_cost(s, T, player, slot)
        if not game.can_pay_card(s, T, player, cost, cid, slot, nd, disc, nb, bk):
            return False
        return game.has_required_targets(s, T, cards[cid, K.C_SUMMON_ABIL], player, slot)
    elif player != s[TURN_PLAYER] or (phase != K.Phase.MAIN1 and phase != K.Phase.MAIN2) or s[STACK_N] != 0:
        return False  # CR 11.4.1 / 9.3.1.5: Characters by the turn player in a Main Phase with an empty stack
    if s[FIELD_N + player] >= FIELD_SLOTS:
        return False
    if ctype == K.CardType.BACKUP and game.count_field_type(s, T, player, K.CardType.BACKUP) >= MAX_BACKUPS:
        return False
    if not game.may_deploy(s, T, player, cid):
        return False
    cost = game.least_cost(s, T, player, slot)
    return game.can_pay_card(s, T, player, cost, cid, slot, nd, disc, nb, bk)


@internal
def can_dull_for_cost(s, T, slot):
    """CR 11.6.2.3: a cost with the dull icon needs an active card under its controller's control
    since the start of the turn, unless it has Haste."""
    if s[DULL + slot * CARD_W] != 0:
        return False
    return s[CTRL_TURN + slot * CARD_W] < s[H_TURN] or (s[D_KW + slot * CARD_W] & KW_HASTE) != 0


@internal
def may_deploy(game, s, T, player, cid):
    """CR 7.7.3: no action may deploy a second same-name (non-generic) or a second Light/Dark card (unless the cards
    say otherwise: light_dark_allowed)."""
    cards = card_table(T)
    ld = game.is_light_dark(cards, cid)
    other_ld = False
    for i in range(s[FIELD_N + player]):
        ocid = s[CARD + s[FIELD_L + player * FIELD_SLOTS + i] * CARD_W]
        if cards[cid, K.C_GENERIC] == 0 and cards[ocid, K.C_NAME] == cards[cid, K.C_NAME]:
            return False
        if ld and game.is_light_dark(cards, ocid):
            other_ld = True
    return not other_ld or game.light_dark_allowed(s, T, player, cid)


@internal
def light_dark_allowed(game, s, T, player, cid):
    """May ``player`` control the Light and Dark Characters on their field (with card ``cid`` about to be deployed, -1
    none) though they are two or more (CR 7.7.3, 12.4.7)? Only by the exceptions cards print (Op.LIGHT_DARK, C_HAS_FIELD
    bits): "You can play 2 or more Dark Characters onto the field." on a card of that player's field lets them control
    two or more Dark Characters and no Light one (Light: the same); "<this> can be played onto the field even if you
    control other Dark Characters." lets ``cid`` be deployed beside Dark ones only."""
    cards = card_table(T)
    n_light = 0
    n_dark = 0
    allow = 0
    for i in range(-1, s[FIELD_N + player]):
        if i < 0:
            if cid < 0:
                continue
            c = cid
            bits = cards[c, K.C_HAS_FIELD]
            if (bits & K.SELF_DESPITE_LIGHT) != 0:
                allow |= K.MANY_LIGHT
            if (bits & K.SELF_DESPITE_DARK) != 0:
                allow |= K.MANY_DARK
        else:
            c = s[CARD + s[FIELD_L + player * FIELD_SLOTS + i] * CARD_W]
            allow |= cards[c, K.C_HAS_FIELD] & (K.MANY_LIGHT | K.MANY_DARK)
        e = cards[c, K.C_ELEMENT]
        if e == K.Element.LIGHT:
            n_light += 1
        elif e == K.Element.DARK:
            n_dark += 1
    if n_light + n_dark < 2:
        return True
    return (n_light == 0 and (allow & K.MANY_DARK) != 0) or (n_dark == 0 and (allow & K.MANY_LIGHT) != 0)


@internal
def least_cost(game, s, T, player, slot):
    """The least CP a card of the hand can be played for now: its cost now (a rules variant counts
    the optional costs that lower it: fftcg_2014.play)."""
    return game.current_cost(s, T, player, slot)


@internal
def play_from_hand(game, s, T, player, hand_index):
    cards = card_table(T)
    slot = zone_remove_at(s, HAND_N + player, HAND_L + player * MAX_DECK, hand_index)
    cid = s[CARD + slot * CARD_W]
    cost = game.current_cost_detached(s, T, player, slot)
    elem = game.pay_element(s, T, player, slot)
    s[PASSES] = 0
    if cards[cid, K.C_TYPE] == K.CardType.SUMMON:
        # CR 11.3.2: the Summon moves to the stack, then targets (CR 11.3.3), then costs
        s[ZONE + slot * CARD_W] = K.Zone.STACK
        s[CONTROLLER + slot * CARD_W] = player
        game.begin_payment(s, PK_SUMMON, player, slot, cards[cid, K.C_SUMMON_ABIL], cost, elem, 0, 0)
        game.push_program_frame(s, T, M_TARGET, P_CAST, EK_SUMMON, slot, cards[cid, K.C_SUMMON_ABIL], player, -1)
    else:
        s[ZONE + slot * CARD_W] = K.Zone.NONE  # revealed, being played (CR 11.4.2)
        game.begin_payment(s, PK_CHARACTER, player, slot, -1, cost, elem, 0, 0)
        for k in range(ENTRY_W):
            s[BUILD_ENTRY + k] = 0


@internal
def cast_free(game, s, T, player, slot):
    """Op.CAST_FREE: ``player`` casts Summon ``slot`` of their hand without paying its cost, as a resolving effect
    instructs: the casting steps of play_from_hand (CR 11.3.2: onto the stack; 11.3.3: its targets chosen now, the
    frame pushed above the resolving one) with a cost of 0, whose payment (complete at once) finishes the cast as the
    resolving effect ends (finish_payment, CR 11.3.8)."""
    cards = card_table(T)
    for i in range(s[HAND_N + player]):
        if s[HAND_L + player * MAX_DECK + i] == slot:
            zone_remove_at(s, HAND_N + player, HAND_L + player * MAX_DECK, i)
            break
    cid = s[CARD + slot * CARD_W]
    arow = cards[cid, K.C_SUMMON_ABIL]
    s[ZONE + slot * CARD_W] = K.Zone.STACK
    s[CONTROLLER + slot * CARD_W] = player
    game.begin_payment(s, PK_SUMMON, player, slot, arow, 0, -1, 0, 0)
    s[PAY_HAS_ELEM] = K.PAY_FREE_CAST
    game.push_program_frame(s, T, M_TARGET, P_CAST, EK_SUMMON, slot, arow, player, -1)


@internal
def used_ability_bit(cards, cid, arow):
    """The restriction bit that marks the card's action ability ``arow`` used this turn."""
    return K.RESTRICT_USED_ACT0 if cards[cid, K.C_ACT0] == arow else K.RESTRICT_USED_ACT1


@internal
def activate_ability(game, s, T, player, field_index, j):
    cards = card_table(T)
    abil = ability_table(T)
    slot = s[FIELD_L + player * FIELD_SLOTS + field_index]
    cid = s[CARD + slot * CARD_W]
    arow = cards[cid, K.C_ACT0 + j]
    s[PASSES] = 0
    samename = 1 if abil[arow, K.A_KIND] == K.AbilityKind.SPECIAL else 0
    game.begin_payment(
        s,
        PK_ABILITY,
        player,
        slot,
        arow,
        abil[arow, K.A_COST_CP],
        abil[arow, K.A_COST_ELEMENT],
        abil[arow, K.A_COST_DISCARD] + dull_cost_count(abil, arow),  # (never both: cards.FFCost)
        samename,
    )
    game.push_program_frame(s, T, M_TARGET, P_CAST, EK_ABILITY, slot, arow, player, -1)


@internal
def cast_card_triggers(game, s, T, player, slot):
    """"When you cast the N-th card you've cast [this turn]" (Trigger.CAST_CARD_2..CAST_CARD_7): the player's cards cast
    this turn (state.CAST_N // CAST_UNIT, just counted) is N."""
    n = s[CAST_N + player] // K.CAST_UNIT
    if 2 <= n <= 7:
        game.trigger_field(s, T, player, K.Trigger.CAST_CARD_2 + n - 2, slot)


@internal
def finish_payment(game, s, T):
    """All costs paid (CR 11.3.8, 11.4.7, 11.6.11)."""
    abil = ability_table(T)
    kind = s[PAY_KIND]
    player = s[PAY_PLAYER]
    slot = s[PAY_SLOT]
    if kind == PK_CHARACTER:
        # a card cast (CR 11.4.7: played as it enters; "if you have cast 3 or more cards this turn" counts it, as the
        # later rules that cast Characters do), counted before it enters: its own "When ~ enters the field, if you
        # have cast ..." sees it, and its own "When you cast the N-th card" does not (it is not on the field yet)
        s[CAST_N + player] += K.CAST_UNIT
        game.cast_card_triggers(s, T, player, slot)
        game.enter_field(s, T, slot, player)  # (PAY_KIND still says how it enters: zones.enter_field)
    s[PAY_KIND] = PK_NONE
    if kind == PK_CHARACTER:
        # the player who played it (the turn player, but for a Back Attack Character)
        s[PRIORITY_PLAYER] = player
    elif kind == PK_SUMMON:
        chase_push(game, s, BUILD_ENTRY)
        # CR 11.3.8: the Summon is cast now ("if you have cast a Summon this turn"), a card cast too
        s[CAST_N + player] += 1 + K.CAST_UNIT
        game.trigger_field(s, T, player, K.Trigger.CAST_SUMMON, slot)  # "When you cast a Summon"
        if s[CAST_N + player] % K.CAST_UNIT == 2:  # "During each turn, when you cast the second Summon you've cast"
            game.trigger_field(s, T, player, K.Trigger.CAST_SECOND, slot)
        game.cast_card_triggers(s, T, player, slot)
        game.trigger_field(s, T, 1 - player, K.Trigger.OPP_CAST_SUMMON, slot)  # "When your opponent casts a Summon"
        # CR 11.3.8: the caster had the priority; a Summon an effect cast (Op.CAST_FREE) was cast during a resolution,
        # after which the turn player gains the priority (CR 11.1.5)
        s[PRIORITY_PLAYER] = s[TURN_PLAYER] if s[PAY_HAS_ELEM] == K.PAY_FREE_CAST else player
    else:
        arow = s[PAY_ABIL]
        if abil[arow, K.A_COST_DULL] != 0:
            s[DULL + slot * CARD_W] = 1
        if abil[arow, K.A_OPTIONAL] != 0:  # once per turn: used now
            bit = game.used_ability_bit(card_table(T), s[CARD + slot * CARD_W], arow)
            game.add_restrictions(s, slot, bit, K.Duration.END_OF_TURN)
        chase_push(game, s, BUILD_ENTRY)
        if abil[arow, K.A_COST_BREAK_SELF] != 0 and s[ZONE + slot * CARD_W] == K.Zone.FIELD:
            game.leave_field(s, T, slot, K.Zone.BREAK, False)  # a cost, not "breaking" (CR 15.1.1.3.2)
        s[PRIORITY_PLAYER] = player
    s[PASSES] = 0
    s[FLOW] = FL_PRIORITY
    game.refresh_derived(s, T)
