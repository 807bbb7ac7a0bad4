"""Energy costs (2-11, 8-4), playing Battle Cards (6-3-1-2-1) and playing them by their hand
keywords ([Evolve] 10-5, [Union] 10-13, [Over Realm] 10-15, [Dark Over Realm] 10-25), activating
Extra Cards and [Activate] skills (8-5-2, [Awaken] 10-2, [Wish] 10-28, [Field] 10-3), and the
counter timing (4-7, [Counter] 10-10) on the core's response window."""

from tcg_env.engine.chase import (
    Priority, after_resolution, after_response, chase_full, chase_pop, chase_push, open_window,
    priority_pass,
)
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.effects import push_frame, reg_count, reg_slot
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.zones import zone_count, zone_offsets
from tcg_env.games.dbscg.constants import (
    A_BURST, A_COST, A_COST_COLOUR, A_COST_COLOUR_N, A_COST_DISCARD, A_COST_LIFE, A_COST_LIFE_DROP, A_COST_REST_SELF,
    A_COST_REDUCE, A_COST_SELF_DROP, A_KIND, A_ONCE, A_X, BATTLE_SLOTS, CAND_N, C_ABIL_COUNT, C_ABIL_START, C_BACK,
    C_COLOURS, C_COST, C_HAND_SKILL, C_HS_COST, C_HS_NAME, C_HS_NAME2, C_HS_SPEC, C_HS_SPEC_N, C_HS_X, C_KEYWORDS,
    C_NAME, C_POWER, C_SPEC, C_TYPE,
    HAND_BASE, HAND_SLOTS, N_COLOURS, AbilityKind, CardType, Colour, Decision, HandSkill, Keyword, Trigger, Zone,
)
from tcg_env.games.dbscg.effects import ARG_BASE, P_ABSORB, P_COUNTER, P_FLIP, P_SKILL, P_SWAP
from tcg_env.games.dbscg.state import (
    BUILD, CAND, CAND_COUNT, CARD, CARD_W, CHASE, CHASE_COUNT, CHASE_ENTRY_W, DEC_ARG, E_ABILITY, E_CARD, E_NEGATED, E_PLAYER,
    FLAG_EVOLVED, FLAG_OVER_REALM, FLAGS, OWNER, PLAY_BASE, PLAY_HOW, PLAY_NEGATED, PLAYING, PRIORITY_PLAYER, REALMS,
    RESTED, TT, UNDER, USED, WINDOW_EVENT, ZONE, ZT, Window,
)
from tcg_env.rules.choices import in_block, option_of, zone_card
from tcg_env.rules.triggers import trigger_abilities

MODE_ALL = 2  # engine.effects.MODE_ALL: skills choose while they resolve (8-5-3)
# an [Activate] skill's frame purpose by its AbilityKind: [Awaken] / [Wish] flip, [Swap], [Union-Absorb]
PURPOSE_OF = (P_SKILL, P_SKILL, P_SKILL, P_SKILL, P_SKILL, P_SKILL, P_SKILL, P_SKILL, P_FLIP, P_FLIP, P_SWAP, P_ABSORB)


# ---- energy (2-11, 8-4-2-3, 8-4-2-4) ----------------------------------------------------------------
@internal
def need_of(T, cid, colour, count):
    """The specified cost (2-11-1-1), packed 6 bits a colour (kernels allocate no arrays): the card's
    (``cid`` >= 0) plus a skill's ``count`` of ``colour``."""
    need = count << (6 * colour) if colour >= 0 else 0
    for c in range(N_COLOURS):
        need += (card_table(T)[cid, C_SPEC + c] if cid >= 0 else 0) << (6 * c)
    return need


@internal
def hall_ok(s, T, p, need, total):
    """Can ``p`` rest ``total`` Active energy, of each colour c as many as ``need`` says (need_of; it
    may exceed total, 2-11-1-1-1; a multicoloured card pays one colour)? Hall's condition: every set
    of colours has enough Active cards of those colours (the empty set: all of them, for the total)."""
    n_off, l_off = zone_offsets(ZT, Zone.ENERGY, p)
    for subset in range(1 << N_COLOURS):
        want = 0
        for c in range(N_COLOURS):
            if subset == 0 or (subset >> c) & 1 != 0:
                want += (need >> (6 * c)) & 63
        if subset == 0:
            want = max(total, want)
        elif want == 0:
            continue
        have = 0
        for i in range(s[n_off]):
            e = s[l_off + i]
            m = card_table(T)[s[CARD + e * CARD_W], C_COLOURS]
            if s[RESTED + e * CARD_W] == 0 and (subset == 0 or m & subset != 0):
                have += 1
        if have < want:
            return False
        if need == 0:
            return True  # no specified cost: the total was all
    return True


@internal
def energy_feasible(game, s, T, p, cid, total, colour, count):
    return hall_ok(s, T, p, need_of(T, cid, colour, count), total)


@internal
def energy_pay_for(game, s, T, p, cid, total, colour, count):
    """Rest the energy of a cost the player can pay: each specified colour first, a one-coloured
    card before a multicoloured one, always keeping what is left payable; then the rest from the
    colour with the most Active cards (3-8-2 lets the player choose any: the engine keeps as many
    colours open as it can, the rules coverage table)."""
    cards = card_table(T)
    n_off, l_off = zone_offsets(ZT, Zone.ENERGY, p)
    need = need_of(T, cid, colour, count)
    paid = 0
    for c in range(N_COLOURS):
        while (need >> (6 * c)) & 63 > 0:
            need -= 1 << (6 * c)
            best = -1
            for i in range(s[n_off]):
                e = s[l_off + i]
                m = cards[s[CARD + e * CARD_W], C_COLOURS]
                if s[RESTED + e * CARD_W] == 0 and (m >> c) & 1 and (best < 0 or m == 1 << c):
                    s[RESTED + e * CARD_W] = 1
                    if hall_ok(s, T, p, need, total - paid - 1):
                        best = e
                    s[RESTED + e * CARD_W] = 0
            if best >= 0:
                s[RESTED + best * CARD_W] = 1
                paid += 1
    while paid < total:
        best, best_n = -1, -1
        for i in range(s[n_off]):
            e = s[l_off + i]
            if s[RESTED + e * CARD_W] != 0:
                continue
            m = cards[s[CARD + e * CARD_W], C_COLOURS]
            k = 0
            for j in range(s[n_off]):
                o = s[l_off + j]
                if s[RESTED + o * CARD_W] == 0 and cards[s[CARD + o * CARD_W], C_COLOURS] & m != 0:
                    k += 1
            if k > best_n:
                best, best_n = e, k
        if best < 0:
            return
        s[RESTED + best * CARD_W] = 1
        paid += 1


# ---- playing a Battle Card (6-3-1-2-1) -------------------------------------------------------------------
@internal
def room_in_battle(s, p):
    return zone_count(s, ZT, Zone.BATTLE, p) < BATTLE_SLOTS


@internal
def hand_play_cost(game, s, T, p, slot):
    """The energy cost of playing hand card ``slot`` (2-11): printed, less what its [Permanent] skills
    "reduce the energy cost of this card in your hand by X" take off while their conditions hold,
    never below its specified (coloured) cost (2-11-1-1)."""
    cid = s[CARD + slot * CARD_W]
    c = card_table(T)[cid]
    abil = ability_table(T)
    total = c[C_COST]
    for a in range(c[C_ABIL_START], c[C_ABIL_START] + c[C_ABIL_COUNT]):
        if abil[a, A_COST_REDUCE] > 0 and abil[a, A_KIND] == AbilityKind.PERMANENT and game.skill_live(s, T, a, p, slot):
            total -= abil[a, A_COST_REDUCE]
    spec = 0
    for k in range(N_COLOURS):
        spec += c[C_SPEC + k]
    return max(total, spec)


@internal
def can_use_hand_card(game, s, T, p, slot):
    """MAIN: a Battle Card whose energy cost ``p`` can pay (6-3-1-2-1-1), or an Extra Card with an
    [Activate: Main] skill it can activate (8-5-2)."""
    cid = s[CARD + slot * CARD_W]
    c = card_table(T)[cid]
    if c[C_TYPE] == CardType.BATTLE:
        return room_in_battle(s, p) and game.energy_feasible(s, T, p, cid, hand_play_cost(game, s, T, p, slot), -1, 0)
    return game.extra_skill(s, T, p, slot, AbilityKind.ACTIVATE_MAIN) >= 0


@internal
def extra_skill(game, s, T, p, slot, kind):
    """The Extra Card's skill of ``kind`` that ``p`` can activate from the hand now (its energy
    cost and the skill's cost paid, 8-1-3-1-2), or -1."""
    if card_table(T)[s[CARD + slot * CARD_W], C_TYPE] != CardType.EXTRA:
        return -1
    return game.hand_card_skill(s, T, p, slot, kind)


@internal
def hand_card_skill(game, s, T, p, slot, kind):
    """The hand card's first skill of ``kind`` that ``p`` can pay with the card's energy cost, or -1."""
    cid = s[CARD + slot * CARD_W]
    c = card_table(T)[cid]
    abil = ability_table(T)
    for a in range(c[C_ABIL_START], c[C_ABIL_START] + c[C_ABIL_COUNT]):
        if abil[a, A_KIND] == kind and game.skill_payable(s, T, p, slot, a, cid):
            return a
    return -1


@internal
def skill_payable(game, s, T, p, slot, a, cid):
    """8-4-2-2: every part of the skill's cost can be paid (with the card's own energy cost where
    ``cid`` >= 0: an Extra Card or a [Counter] from the hand); its [Bond], [Sparking] and condition
    hold; [Burst] has the deck cards (10-30); [Once per Turn] unused (10-11)."""
    abil = ability_table(T)
    if not game.skill_live(s, T, a, p, slot):
        return False
    if abil[a, A_ONCE] != 0 and s[USED + slot * CARD_W] & (1 << (a - card_table(T)[s[CARD + slot * CARD_W], C_ABIL_START])):
        return False
    if abil[a, A_BURST] > zone_count(s, ZT, Zone.DECK, p) or abil[a, A_COST_DISCARD] > zone_count(s, ZT, Zone.HAND, p) - (1 if s[ZONE + slot * CARD_W] == Zone.HAND else 0):
        return False
    if abil[a, A_COST_REST_SELF] != 0 and s[RESTED + slot * CARD_W] != 0:
        return False
    if abil[a, A_COST_LIFE] + abil[a, A_COST_LIFE_DROP] > zone_count(s, ZT, Zone.LIFE, p):
        return False
    if abil[a, A_COST_SELF_DROP] != 0 and s[ZONE + slot * CARD_W] != Zone.BATTLE:
        return False
    total = abil[a, A_COST] + (card_table(T)[cid, C_COST] if cid >= 0 else 0)
    return game.energy_feasible(s, T, p, cid, total, abil[a, A_COST_COLOUR], abil[a, A_COST_COLOUR_N])


@internal
def pay_skill(game, s, T, p, slot, a, cid):
    """8-4-2-1: the skill's cost, in the order written: energy, rest this card, hand cards to the
    Drop Area (the engine takes the lowest-cost ones: the rules coverage table), [Burst]."""
    abil = ability_table(T)
    total = abil[a, A_COST] + (card_table(T)[cid, C_COST] if cid >= 0 else 0)
    game.energy_pay_for(s, T, p, cid, total, abil[a, A_COST_COLOUR], abil[a, A_COST_COLOUR_N])
    if abil[a, A_COST_REST_SELF] != 0:
        s[RESTED + slot * CARD_W] = 1
    for _ in range(abil[a, A_COST_DISCARD]):
        n_off, l_off = zone_offsets(ZT, Zone.HAND, p)
        best, best_cost = -1, 99
        for i in range(s[n_off]):
            h = s[l_off + i]
            cost = card_table(T)[s[CARD + h * CARD_W], C_COST]
            if h != slot and cost < best_cost:
                best, best_cost = h, cost
        if best >= 0:
            game.move_card(s, T, best, Zone.DROP)
    for k in range(abil[a, A_COST_LIFE] + abil[a, A_COST_LIFE_DROP]):  # face down: the top ones (4-10-2)
        n_off, l_off = zone_offsets(ZT, Zone.LIFE, p)
        game.move_card(s, T, s[l_off + s[n_off] - 1], Zone.HAND if k < abil[a, A_COST_LIFE] else Zone.DROP)
    game.top_to(s, T, p, abil[a, A_BURST], Zone.DROP, 0)
    if abil[a, A_COST_SELF_DROP] != 0:
        game.move_card(s, T, slot, Zone.DROP)
    if abil[a, A_ONCE] != 0 and s[ZONE + slot * CARD_W] != Zone.HAND:
        s[USED + slot * CARD_W] |= 1 << (a - card_table(T)[s[CARD + slot * CARD_W], C_ABIL_START])


@internal
def use_hand_card(game, s, T, p, slot):
    """MAIN, hand card: play a Battle Card (6-3-1-2-1) or activate an Extra Card (8-5-2)."""
    cid = s[CARD + slot * CARD_W]
    if card_table(T)[cid, C_TYPE] == CardType.BATTLE:
        game.energy_pay_for(s, T, p, cid, hand_play_cost(game, s, T, p, slot), -1, 0)
        game.declare_play(s, T, p, slot, HandSkill.NONE)
    else:
        game.activate_extra(s, T, p, slot, game.extra_skill(s, T, p, slot, AbilityKind.ACTIVATE_MAIN))


@internal
def declare_play(game, s, T, p, slot, how):
    """6-3-1-2-1-1: the card revealed and declared played (to the PLAYING area); 6-3-1-2-1-2: a
    counter timing for the opponent's [Counter: Play] (4-7-2-1)."""
    game.move_card(s, T, slot, Zone.PLAYING)
    s[PLAYING] = slot
    s[PLAY_HOW] = how
    s[PLAY_NEGATED] = 0
    s[WINDOW_EVENT] = Window.PLAY
    if not open_window(game, s, 1 - p):
        game.complete_play(s, T)


@internal
def complete_play(game, s, T):
    """6-3-1-2-1-3: the Battle Card played in Active Mode (3-6-4), as its hand keyword says, if it
    still can be (4-7-3-6); negated, to the Drop Area. 6-3-1-2-1-4: "when you play this card"."""
    slot = s[PLAYING]
    s[PLAYING] = -1
    p = s[OWNER + slot * CARD_W]
    how = s[PLAY_HOW]
    b0, b1 = s[PLAY_BASE], s[PLAY_BASE + 1]
    if s[PLAY_NEGATED] != 0:
        game.move_card(s, T, slot, Zone.DROP)
        return
    if how == HandSkill.EVOLVE or how == HandSkill.UNION_POTARA:
        if s[ZONE + b0 * CARD_W] != Zone.BATTLE or (b1 >= 0 and s[ZONE + b1 * CARD_W] != Zone.BATTLE):
            game.move_card(s, T, slot, Zone.HAND)  # 4-7-3-6: it cannot be carried out any more
            return
        game.move_card(s, T, slot, Zone.BATTLE)
        game.put_under(s, b0, slot)
        if b1 >= 0:
            game.put_under(s, b1, slot)
            s[RESTED + slot * CARD_W] = 0  # 10-13-4-4: Active Mode
        s[FLAGS + slot * CARD_W] |= FLAG_EVOLVED
        if how == HandSkill.EVOLVE:  # 10-5-7: "when a card evolves into this card"
            trigger_abilities(game, s, T, TT, slot, p, Trigger.ON_EVOLVE, -1, False, 0)
    else:
        if how == HandSkill.XENO_EVOLVE and s[ZONE + b0 * CARD_W] == Zone.BATTLE:
            game.move_card(s, T, b0, Zone.WARP)  # 10-5-5
        game.move_card(s, T, slot, Zone.BATTLE)
        if how == HandSkill.OVER_REALM:
            s[FLAGS + slot * CARD_W] |= FLAG_OVER_REALM  # 10-15-4 (10-25 has no such rule)
    trigger_abilities(game, s, T, TT, slot, p, Trigger.ON_PLAY, -1, False, 0)
    trigger_abilities(game, s, T, TT, slot, p, Trigger.ON_PLAY_FROM_HAND, -1, False, 0)  # 6-3-1-2-1: from the hand


@internal
def play_free(game, s, T, p, slot):
    """An effect plays a Battle Card (the PLAY opcode): no cost, no counter timing opened inside a
    skill's resolution (4-7-2-5 applies within a counter timing; 4-7-2-3 skill timings are not
    offered, the rules coverage table)."""
    if not room_in_battle(s, p) or card_table(T)[s[CARD + slot * CARD_W], C_TYPE] != CardType.BATTLE:
        return
    from_hand = s[ZONE + slot * CARD_W] == Zone.HAND
    game.move_card(s, T, slot, Zone.BATTLE)
    trigger_abilities(game, s, T, TT, slot, p, Trigger.ON_PLAY, -1, False, 0)
    if from_hand:
        trigger_abilities(game, s, T, TT, slot, p, Trigger.ON_PLAY_FROM_HAND, -1, False, 0)


# ---- hand keywords: another way to play (10-5, 10-13, 10-15, 10-25) ---------------------------------------
@internal
def named_battle_card(game, s, T, p, zone, name, min_cost, skip):
    """The first card of ``p``'s ``zone`` with character ``name`` and energy cost >= ``min_cost``."""
    n_off, l_off = zone_offsets(ZT, zone, p)
    for i in range(s[n_off]):
        b = s[l_off + i]
        c = card_table(T)[s[CARD + b * CARD_W]]
        if b != skip and c[C_TYPE] == CardType.BATTLE and c[C_NAME] == name and c[C_COST] >= min_cost:
            return b
    return -1


@internal
def battle_candidates(game, s, T, p, zone, name, lo, hi):
    """The candidates: ``p``'s Battle Cards of ``zone`` with character ``name`` (0: any) and an
    energy cost from ``lo`` to ``hi``; how many."""
    n_off, l_off = zone_offsets(ZT, zone, p)
    k = 0
    for i in range(min(s[n_off], CAND_N)):
        c = card_table(T)[s[CARD + s[l_off + i] * CARD_W]]
        if c[C_TYPE] == CardType.BATTLE and (name == 0 or c[C_NAME] == name) and lo <= c[C_COST] <= hi:
            s[CAND + k] = s[l_off + i]
            k += 1
    s[CAND_COUNT] = k
    return k


@internal
def hand_skill_ok(game, s, T, p, slot):
    """MAIN: the card's hand keyword can be activated now: its cost, and what it needs."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    how = c[C_HAND_SKILL]
    adds_a_card = how == HandSkill.UNION_FUSION or how >= HandSkill.OVER_REALM  # an Evolve takes its base's place
    if how == HandSkill.NONE or (adds_a_card and not room_in_battle(s, p)):
        return False
    if not game.energy_feasible(s, T, p, -1, c[C_HS_COST], c[C_HS_SPEC], c[C_HS_SPEC_N]):
        return False
    if how == HandSkill.EVOLVE or how == HandSkill.XENO_EVOLVE:  # 10-5-1
        return game.named_battle_card(s, T, p, Zone.BATTLE, c[C_HS_NAME], c[C_HS_X], -1) >= 0
    if how == HandSkill.UNION_POTARA or how == HandSkill.UNION_FUSION:  # 10-13-4-1, 10-13-3-1
        zone = Zone.BATTLE if how == HandSkill.UNION_POTARA else Zone.HAND
        a = game.named_battle_card(s, T, p, zone, c[C_HS_NAME], 0, slot)
        b = game.named_battle_card(s, T, p, zone, c[C_HS_NAME2], 0, slot)
        if a < 0 or b < 0 or a == b:
            return False
        cards = card_table(T)
        return how == HandSkill.UNION_POTARA or cards[s[CARD + a * CARD_W], C_POWER] == cards[s[CARD + b * CARD_W], C_POWER]
    if s[REALMS + p] >= 1:  # 10-15-5: once a turn for both
        return False
    if how == HandSkill.OVER_REALM:
        return zone_count(s, ZT, Zone.DROP, p) >= c[C_HS_X]  # 10-15-1
    return game.marked_cards(s, T, p, Zone.DROP, C_COLOURS, Colour.BLACK, Zone.NONE) >= c[C_HS_X]  # 10-25-1


@internal
def use_hand_skill(game, s, T, p, slot):
    """Pay the hand keyword's cost and play the card its way; an [Evolve] with several Battle Cards
    it may go on asks which (SELECT)."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    how = c[C_HAND_SKILL]
    game.energy_pay_for(s, T, p, -1, c[C_HS_COST], c[C_HS_SPEC], c[C_HS_SPEC_N])
    s[PLAY_BASE] = -1
    s[PLAY_BASE + 1] = -1
    if how == HandSkill.EVOLVE or how == HandSkill.XENO_EVOLVE:
        k = game.battle_candidates(s, T, p, Zone.BATTLE, c[C_HS_NAME], c[C_HS_X], 99)
        s[PLAYING] = slot
        s[PLAY_HOW] = how
        if k > 1:
            s[DEC_ARG] = ARG_BASE
            set_decision(s, Decision.SELECT, p)
            return
        s[PLAY_BASE] = s[CAND]
    elif how == HandSkill.UNION_POTARA or how == HandSkill.UNION_FUSION:
        zone = Zone.BATTLE if how == HandSkill.UNION_POTARA else Zone.HAND
        a = game.named_battle_card(s, T, p, zone, c[C_HS_NAME], 0, slot)
        b = game.named_battle_card(s, T, p, zone, c[C_HS_NAME2], 0, slot)
        if how == HandSkill.UNION_FUSION:  # 10-13-3-4: the two from the hand to the Drop Area
            game.move_card(s, T, a, Zone.DROP)
            game.move_card(s, T, b, Zone.DROP)
        else:
            s[PLAY_BASE], s[PLAY_BASE + 1] = a, b
    else:  # 10-15-3, 10-25-3: the Drop Area to the Warp
        s[REALMS + p] += 1
        n_off, l_off = zone_offsets(ZT, Zone.DROP, p)
        while s[n_off] > 0:
            game.move_card(s, T, s[l_off + s[n_off] - 1], Zone.WARP)
    game.declare_play(s, T, p, slot, how)


@internal
def choose_base(game, s, T, p, i):
    """The [Evolve]'s Battle Card chosen (SELECT candidate ``i``): the card is declared played."""
    s[PLAY_BASE] = s[CAND + i]
    game.declare_play(s, T, p, s[PLAYING], s[PLAY_HOW])


# ---- [Activate] skills (8-5-2) --------------------------------------------------------------------------
@internal
def skill_kind_ok(kind, battle):
    """Which [Activate] skills a free timing allows: the Main Phase (6-3-1-2-2) or a battle step
    (7-2-1-2-3); [Awaken] and [Wish] in both (6-3-1-2-2-2, 7-2-1-2-3-2)."""
    if kind == AbilityKind.AWAKEN or kind == AbilityKind.WISH:
        return True
    if battle:
        return kind == AbilityKind.ACTIVATE_BATTLE
    return kind == AbilityKind.ACTIVATE_MAIN or kind == AbilityKind.SWAP or kind == AbilityKind.UNION_ABSORB


@internal
def field_skill(game, s, T, p, slot, k, battle):
    """The ability row of skill ``k`` of field card ``slot`` (its k-th [Activate]-type skill) if
    ``p`` can activate it now, else -1."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    abil = ability_table(T)
    j = 0
    for a in range(c[C_ABIL_START], c[C_ABIL_START] + c[C_ABIL_COUNT]):
        kind = abil[a, A_KIND]
        if kind == AbilityKind.AUTO or (kind >= AbilityKind.PERMANENT and kind <= AbilityKind.COUNTER_COUNTER):
            continue
        if j == k:
            if not skill_kind_ok(kind, battle) or not game.skill_payable(s, T, p, slot, a, -1):
                return -1
            balls = game.marked_cards(s, T, p, Zone.BATTLE, C_KEYWORDS, Keyword.DRAGON_BALL, Zone.NONE)
            if (kind == AbilityKind.AWAKEN and c[C_BACK] < 0) or (kind == AbilityKind.WISH and balls < abil[a, A_X]):
                return -1
            return a
        j += 1
    return -1


@internal
def marked_cards(game, s, T, p, zone, column, bit, to):
    """How many of ``p``'s cards of ``zone`` have ``bit`` in their ``column`` ([Dragon Ball] 10-28, [Field]
    10-3-3, black 10-25-1); moved to the area ``to`` unless it is Zone.NONE."""
    n_off, l_off = zone_offsets(ZT, zone, p)
    n = 0
    i = 0
    while i < s[n_off]:
        b = s[l_off + i]
        if (card_table(T)[s[CARD + b * CARD_W], column] >> bit) & 1:
            n += 1
            if to != Zone.NONE:
                game.move_card(s, T, b, to)
                continue
        i += 1
    return n


@internal
def activate_skill(game, s, T, p, slot, a):
    """8-5-2: the skill's cost paid, then it resolves (an effect frame); [Awaken] and [Wish] flip the card
    after their effect (10-2-3, 10-28-3); [Wish] sends its [Dragon Ball] cards to the Warp; [Swap X]
    first asks for up to 1 hand Battle Card of energy cost X (10-24-3)."""
    game.pay_skill(s, T, p, slot, a, -1)
    kind = ability_table(T)[a, A_KIND]
    if kind == AbilityKind.WISH:
        game.marked_cards(s, T, p, Zone.BATTLE, C_KEYWORDS, Keyword.DRAGON_BALL, Zone.WARP)
    push_frame(game, s, T, MODE_ALL, PURPOSE_OF[kind], 0, slot, a, p, 0)
    x = ability_table(T)[a, A_X]
    if kind == AbilityKind.SWAP and game.battle_candidates(s, T, p, Zone.HAND, 0, x, x) > 0:
        s[DEC_ARG] = 0  # answered as a CHOOSE "up to" into the frame's register 0
        s[DEC_ARG + 1] = 0
        s[DEC_ARG + 2] = 1
        set_decision(s, Decision.SELECT, p)


@internal
def swap_or_absorb(game, s, T, f, swap, src):
    """The skill's frame ends: [Swap] plays the chosen hand card, then its card to the hand (10-24-3);
    [Union-Absorb] places the chosen Drop Area cards under its card (10-13-5-4; "under": the card text)."""
    for i in range(reg_count(game, s, f, 0)):
        u = reg_slot(game, s, f, 0, i)
        if swap:
            game.play_free(s, T, s[OWNER + u * CARD_W], u)
        elif s[ZONE + src * CARD_W] == Zone.BATTLE and s[ZONE + u * CARD_W] == Zone.DROP:
            game.move_card(s, T, u, Zone.UNDER)
            s[UNDER + u * CARD_W] = src
    if swap and s[ZONE + src * CARD_W] == Zone.BATTLE:
        game.move_card(s, T, src, Zone.HAND)


@internal
def activate_extra(game, s, T, p, slot, a):
    """8-5-2-5-1: an Extra Card's skill: its cost paid, the card to the Drop Area ([Field]: to the
    Battle Area, the other [Field] card there to the Drop Area, 10-3-3), then its effect."""
    game.pay_skill(s, T, p, slot, a, s[CARD + slot * CARD_W])
    if (card_table(T)[s[CARD + slot * CARD_W], C_KEYWORDS] >> Keyword.FIELD) & 1:
        game.marked_cards(s, T, p, Zone.BATTLE, C_KEYWORDS, Keyword.FIELD, Zone.DROP)
        game.move_card(s, T, slot, Zone.BATTLE)
    else:
        game.move_card(s, T, slot, Zone.DROP)
    push_frame(game, s, T, MODE_ALL, P_SKILL, 0, slot, a, p, 0)


# ---- the counter timing (4-7, 10-10) -----------------------------------------------------------------------
@internal
def counter_kind_pending(s, player):
    """10-10-3: the [Counter] kind pending for ``player`` now: [Counter: Counter] once the other
    player activated one (10-10-3-3), else the window's ([Counter: Play] 10-10-3-1, [Counter: Attack]
    10-10-3-2)."""
    n = s[CHASE_COUNT]
    if n > 0:
        if s[CHASE + (n - 1) * CHASE_ENTRY_W + E_PLAYER] == player:
            return 0
        return AbilityKind.COUNTER_COUNTER
    return AbilityKind.COUNTER_PLAY if s[WINDOW_EVENT] == Window.PLAY else AbilityKind.COUNTER_ATTACK


@internal
def counter_skill(game, s, T, p, slot):
    """10-10-1 / 10-10-2: the hand card's pending [Counter] skill ``p`` can pay now, or -1."""
    kind = counter_kind_pending(s, p)
    if kind == 0 or s[ZONE + slot * CARD_W] != Zone.HAND:
        return -1
    return game.hand_card_skill(s, T, p, slot, kind)


@internal
def response_allowed(game, s, T, player, a):
    """In the counter timing, a hand card with a pending [Counter] skill ``player`` can activate,
    while the chase has room (engine.chase's ``window_mask``)."""
    if not in_block(a, HAND_BASE, HAND_SLOTS) or chase_full(game, s):
        return False
    i = option_of(a, HAND_BASE)
    if i >= zone_count(s, ZT, Zone.HAND, player):
        return False
    return game.counter_skill(s, T, player, zone_card(s, ZT, Zone.HAND, player, i)) >= 0


@internal
def has_counter(game, s, T, p):
    if chase_full(game, s):
        return False
    for i in range(min(zone_count(s, ZT, Zone.HAND, p), HAND_SLOTS)):
        if game.counter_skill(s, T, p, zone_card(s, ZT, Zone.HAND, p, i)) >= 0:
            return True
    return False


@internal
def counter_point(game, s, T):
    """4-7-3-2 .. 4-7-3-4: the player to answer activates a pending [Counter] (COUNTER) or declines.
    A player with no [Counter] it could activate declines at once (as the game's online client
    does: the rules coverage table says what that tells the other player)."""
    p = s[PRIORITY_PLAYER]
    if game.has_counter(s, T, p):
        set_decision(s, Decision.COUNTER, p)
        return
    game.window_result(s, T, priority_pass(game, s, p))


@internal
def decline(game, s, T, p):
    game.window_result(s, T, priority_pass(game, s, p))


@internal
def activate_counter(game, s, T, p, slot):
    """8-5-2: the [Counter]'s energy and skill cost paid (10-10-1), the card revealed (PLAYING); the
    other player may answer it (4-7-3-3)."""
    a = game.counter_skill(s, T, p, slot)
    game.pay_skill(s, T, p, slot, a, s[CARD + slot * CARD_W])
    game.move_card(s, T, slot, Zone.PLAYING)
    s[BUILD + E_CARD] = slot
    s[BUILD + E_PLAYER] = p
    s[BUILD + E_ABILITY] = a
    s[BUILD + E_NEGATED] = 0
    chase_push(game, s, BUILD)
    after_response(game, s, p)


@internal
def window_result(game, s, T, r):
    """What the window does next (engine.chase's ``Priority``): the other player answers (PASS_ON),
    the [Counter] skills resolve, the last activated first (4-7-3-5), or the window ends and the
    action that opened it is carried out (4-7-3-6: a play; an attack goes on to 7-1-3)."""
    while r == Priority.RESOLVE:
        e = chase_pop(game, s)
        slot = s[e + E_CARD]
        game.move_card(s, T, slot, Zone.DROP)  # 10-10-4
        if s[e + E_NEGATED] == 0:  # 10-10-5: a negated [Counter] does nothing
            push_frame(game, s, T, MODE_ALL, P_COUNTER, 0, slot, s[e + E_ABILITY], s[e + E_PLAYER], 0)
            return
        r = after_resolution(game, s)
    if r == Priority.COMPLETE and s[WINDOW_EVENT] == Window.PLAY:
        game.complete_play(s, T)

