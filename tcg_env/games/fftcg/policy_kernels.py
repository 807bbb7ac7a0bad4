"""FF-TCG agents that run inside the kernels: uniformly random and a rule-based heuristic.

The heuristic scores every legal action of the pending decision straight from the state row (no
cloning, no lookahead), so a decision costs about as much as computing its mask. Scores are in
"card units" (roughly 1 = 1000 power on the field; a card in hand is worth 1-3). What it does:

* PRIORITY in its own Main Phase: play the card with the best ``gain - keep - payment``, where
  ``gain`` is the value on the field (Backups while it has fewer than 5, Forwards by power,
  Summons / abilities by the effect on the best targets), ``keep`` the card's value in hand and
  ``payment`` what the CP costs: idle Backups first, then the least useful discards (cards over
  the hand limit are free, CR 9.5.1.2). Outside its Main Phase only strong plays (a kill, a saved
  Forward in battle) clear the higher threshold.
* DECLARE_ATTACK: attack when the opponent's best reply (block with its best blocker or take the
  point) still favours it, and it keeps enough blockers not to die on the swing back.
* DECLARE_BLOCK: block when the block wins or trades up, chump-block only when the point would be
  lethal or close to it.
* Targets: harmful effects on the opponent's most valuable card they actually kill, helpful
  effects on its own; EX Bursts when they do good; discards and CP discards of the least useful
  card (dead same-name cards, Backups beyond 5).

All functions are ``njit(cache=True)`` over the state row and the card tables ``T``, no Python
objects, and run under ``NUMBA_DISABLE_JIT=1``. Rule numbers cite ``fftcg-comprehensive-2016.md``.
"""


from tcg_env.engine.tables import ability_table, card_table, code_table
from tcg_env.engine.jit import internal

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_VARIANT
from tcg_env.engine.rng import rng_below
from tcg_env.engine.zones import deal_anew, zone_shuffle
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import (
    ABILITIES_PER_CARD,
    ABILITY_BASE,
    FIELD_SLOTS,
    HAND_BASE,
    HAND_LIMIT,
    HAND_SLOTS,
    KW_BRAVE,
    KW_FIRST_STRIKE,
    KW_HASTE,
    MAX_BACKUPS,
    MAX_DECK,
    NUM_ACTIONS,
    OPP_FIELD_BASE,
    OPTION_BASE,
    OWN_FIELD_BASE,
    PASS,
)
from tcg_env.games.fftcg.state import (
    CARD_W,
    ZT,
    ASSIGN_LEFT,
    ASSIGNED,
    ATK_L,
    ATK_N,
    BLOCK_DECLARED,
    BLOCKER,
    CAND,
    CAND_N,
    CARD,
    CONTROLLER,
    DAMAGE_N,
    DEC_ARG,
    DECK_L,
    DECK_N,
    D_KW,
    D_POWER,
    DMG,
    DULL,
    E_ABIL,
    FIELD_L,
    FIELD_N,
    FRAME_N,
    FRAME_W,
    FRAMES,
    HAND_L,
    HAND_N,
    PAY_COST,
    PAY_ELEM,
    PAY_HAS_ELEM,
    PAY_PAID,
    PHASE,
    STACK_N,
    STEP,
    TURN_PLAYER,
    ZONE,
)
from tcg_env.rules.choices import zone_card
from tcg_env.games.fftcg.play import dull_cost_count


# ---- the heuristic's weights (card units) ----------------------------------------------------
MAIN_THRESHOLD = 0.5  # a Main Phase play must be worth at least this much
INSTANT_THRESHOLD = 1.5  # plays outside its own Main Phase must be clearly good (a kill, a save)
BACKUP_USE = 0.3  # cost of spending an idle Backup's CP (it could pay for something else)
DRAW_VALUE = 2.0  # one card drawn
LD_WAITING_KEEP = 0.8  # a Light/Dark Character in hand behind a better one (see keep_value)
LETHAL = 100.0  # winning / not losing outweighs everything else
EPS = 1e-9


# =============================================================================================
# Small helpers
# =============================================================================================
@internal
def _lose_at(s):
    """CR 3.1.1: 7 damage (6 in the limited variant)."""
    return K.DAMAGE_TO_LOSE_LIMITED if s[H_VARIANT] == K.VARIANT_LIMITED else K.DAMAGE_TO_LOSE_CONSTRUCTED


@internal
def _kw_value(kw):
    v = 0.0
    if (kw & KW_BRAVE) != 0:
        v += 1.0  # CR 15.2.1: attacks without dulling, so it still blocks
    if (kw & KW_FIRST_STRIKE) != 0:
        v += 1.0  # CR 15.2.3: wins equal fights
    if (kw & KW_HASTE) != 0:
        v += 0.3
    return v


@internal
def static_value(T, cid):
    """Printed worth of a card on the field (searches, putting cards onto the field)."""
    cards = card_table(T)
    ct = cards[cid, K.C_TYPE]
    cost = cards[cid, K.C_COST]
    if ct == K.CardType.FORWARD:
        return cards[cid, K.C_POWER] / 1000.0 + 0.4 * cost + _kw_value(cards[cid, K.C_KEYWORDS])
    if ct == K.CardType.BACKUP:
        return 2.5 + 0.4 * cost
    return 1.5 + 0.5 * cost


@internal
def field_value(s, T, slot):
    """What a card on the field is worth to its controller: current power (CR 11.12.4) and
    keywords for Forwards, a CP a turn for Backups; cost stands in for abilities."""
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    ct = cards[cid, K.C_TYPE]
    cost = cards[cid, K.C_COST]
    if ct == K.CardType.FORWARD:
        pw = s[D_POWER + slot * CARD_W]
        if pw < 0:
            pw = 0
        return pw / 1000.0 + 0.4 * cost + _kw_value(s[D_KW + slot * CARD_W])
    return 2.5 + 0.4 * cost


@internal
def _name_on_field(s, T, p, cid):
    """A non-generic card whose name p already has on the field can't be played (CR 7.7.3);
    returns 2 if that field card has a special ability (the hand copy pays for it, CR 11.7.1),
    1 if the name is there, 0 if not."""
    cards = card_table(T)
    abil = ability_table(T)
    name = cards[cid, K.C_NAME]
    for i in range(s[FIELD_N + p]):
        f = s[CARD + (s[FIELD_L + p * FIELD_SLOTS + i]) * CARD_W]
        if cards[f, K.C_NAME] == name:
            for j in range(ABILITIES_PER_CARD):
                a = cards[f, K.C_ACT0 + j]
                if a >= 0 and abil[a, K.A_KIND] == K.AbilityKind.SPECIAL:
                    return 2
            return 1
    return 0


@internal
def _light_dark_on_field(game, s, T, p):
    cards = card_table(T)
    for i in range(s[FIELD_N + p]):
        if game.is_light_dark(cards, s[CARD + (s[FIELD_L + p * FIELD_SLOTS + i]) * CARD_W]):
            return True
    return False


@internal
def _better_light_dark_in_hand(game, s, T, p, slot):
    """How much better the best other Light/Dark Character in p's hand is than ``slot``: only one
    Light/Dark Character may be on a field (CR 7.7.3, 12.4.7), so playing a weak one blocks it."""
    cards = card_table(T)
    own = static_value(T, s[CARD + slot * CARD_W])
    best = 0.0
    for i in range(s[HAND_N + p]):
        h = s[HAND_L + p * MAX_DECK + i]
        cid = s[CARD + h * CARD_W]
        if h != slot and cards[cid, K.C_TYPE] != K.CardType.SUMMON and game.is_light_dark(cards, cid):
            d = static_value(T, cid) - own
            if d > best:
                best = d
    return best


@internal
def _light_dark_forwards_left(game, s, T, p):
    """Light/Dark Forwards in p's hand and deck (p knows its own deck's contents)."""
    cards = card_table(T)
    n = 0
    for i in range(s[HAND_N + p]):
        cid = s[CARD + (s[HAND_L + p * MAX_DECK + i]) * CARD_W]
        if cards[cid, K.C_TYPE] == K.CardType.FORWARD and game.is_light_dark(cards, cid):
            n += 1
    for i in range(s[DECK_N + p]):
        cid = s[CARD + (s[DECK_L + p * MAX_DECK + i]) * CARD_W]
        if cards[cid, K.C_TYPE] == K.CardType.FORWARD and game.is_light_dark(cards, cid):
            n += 1
    return n


@internal
def keep_value(game, s, T, p, slot, nb):
    """What keeping hand card ``slot`` is worth to ``p`` (``nb``: p's Backups on the field).
    The lowest of these is what p discards (for CP, CR 5.2.1.3, or at the hand limit)."""
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    ct = cards[cid, K.C_TYPE]
    cost = cards[cid, K.C_COST]
    if ct != K.CardType.SUMMON:
        on = _name_on_field(s, T, p, cid) if cards[cid, K.C_GENERIC] == 0 else 0
        if on == 2:
            # fuel for the special ability of its namesake (CR 11.7.1), checked before the
            # Light/Dark limit below: Dawnbringer's and Void Reaver's specials discard a copy of
            # themselves, and those copies are Light/Dark
            return 2.3
        if on == 1:
            return 0.3  # can't be played while its namesake stays (CR 7.7.3)
        if game.is_light_dark(cards, cid):
            if _light_dark_on_field(game, s, T, p):
                return 0.4  # can't be played while p has a Light/Dark Character (CR 7.7.3)
            if _better_light_dark_in_hand(game, s, T, p, slot) > 0.0:
                # waits behind a better Light/Dark Character for the one place (CR 7.7.3) and,
                # unlike the other cards, can't be discarded for CP meanwhile (CR 5.2.1.3)
                return LD_WAITING_KEEP
        if ct == K.CardType.BACKUP:
            return 3.0 + 0.1 * cost if nb < MAX_BACKUPS else 0.3
        return 1.0 + 0.3 * cards[cid, K.C_POWER] / 1000.0 + 0.3 * _kw_value(cards[cid, K.C_KEYWORDS])
    return 1.2 + 0.35 * cost


@internal
def _cheapest_keep_sum(game, s, T, p, n, skip_hand, free, cp_only):
    """Sum of the ``n`` lowest keep values among p's hand cards (not ``skip_hand``; with
    ``cp_only`` not Light/Dark, which can't be discarded for CP, CR 5.2.1.3). The first ``free``
    are free: they would be discarded at the hand limit anyway (CR 9.5.1.2)."""
    cards = card_table(T)
    nb = game.count_field_type(s, T, p, K.CardType.BACKUP)
    total = 0.0
    prev_v = -1e18
    prev_slot = -1
    for k in range(n):
        best_v = 1e18
        best_slot = -1
        for i in range(s[HAND_N + p]):
            h = s[HAND_L + p * MAX_DECK + i]
            if h == skip_hand:
                continue
            if cp_only and game.is_light_dark(cards, s[CARD + h * CARD_W]):
                continue
            v = keep_value(game, s, T, p, h, nb)
            if v < prev_v or (v == prev_v and h <= prev_slot):
                continue  # already counted
            if v < best_v or (v == best_v and h < best_slot):
                best_v = v
                best_slot = h
        if best_slot < 0:
            return total + 50.0  # not enough cards: the play is not really affordable
        if k >= free:
            total += best_v
        prev_v = best_v
        prev_slot = best_slot
    return total


@internal
def _active_backups(s, T, p, skip_field):
    cards = card_table(T)
    n = 0
    for i in range(s[FIELD_N + p]):
        slot = s[FIELD_L + p * FIELD_SLOTS + i]
        if (
            slot != skip_field
            and s[DULL + slot * CARD_W] == 0
            and cards[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.BACKUP
        ):
            n += 1
    return n


@internal
def _free_discards(s, p, leaving):
    """Hand cards over the limit at the end of p's turn (discarded then anyway, CR 9.5.1.2)."""
    if s[TURN_PLAYER] != p:
        return 0
    ph = s[PHASE]
    if ph != K.Phase.MAIN1 and ph != K.Phase.MAIN2:
        return 0
    x = s[HAND_N + p] - leaving - HAND_LIMIT
    return x if x > 0 else 0


@internal
def pay_penalty(game, s, T, p, cost, skip_hand, skip_field):
    """Estimated loss of paying ``cost`` CP: idle Backups first (1 CP each), then discards
    (2 CP each, one excess CP allowed, CR 5.2.1.3.1) of the least useful cards."""
    if cost <= 0:
        return 0.0
    nb = _active_backups(s, T, p, skip_field)
    deficit = cost - nb
    d = 0 if deficit <= 0 else (deficit + 1) // 2
    used_b = cost - 2 * d
    if used_b < 0:
        used_b = 0
    pen = BACKUP_USE * used_b
    if d > 0:
        pen += _cheapest_keep_sum(game, s, T, p, d, skip_hand, _free_discards(s, p, 1 if skip_hand >= 0 else 0), True)
    return pen


@internal
def fight(pa, da, fa, pb, db, fb):
    """Battle between attacker (power pa, damage da, First Strike fa) and blocker: who is broken
    (CR 10.1.4.2, 5.2.6; First Strike deals its damage first, CR 15.2.3)."""
    if fa and not fb:
        b_dies = db + pa >= pb
        a_dies = (not b_dies) and pb > 0 and da + pb >= pa
    elif fb and not fa:
        a_dies = pb > 0 and da + pb >= pa
        b_dies = (not a_dies) and db + pa >= pb
    else:
        a_dies = pb > 0 and da + pb >= pa
        b_dies = pa > 0 and db + pa >= pb
    return a_dies, b_dies


@internal
def _in_list(s, n_off, l_off, slot):
    for i in range(s[n_off]):
        if s[l_off + i] == slot:
            return True
    return False


@internal
def _battle_incoming(s, slot):
    """Battle damage ``slot`` is about to take in the current blocked battle (0 if none)."""
    if s[BLOCK_DECLARED] == 0 or s[BLOCKER] < 0:
        return 0
    st = s[STEP]
    if st != K.AttackStep.BLOCK and st != K.AttackStep.DAMAGE:
        return 0
    blk = s[BLOCKER]
    if slot == blk:
        tot = 0
        for i in range(s[ATK_N]):
            a = s[ATK_L + i]
            if s[ZONE + a * CARD_W] == K.Zone.FIELD and s[D_POWER + a * CARD_W] > 0:
                tot += s[D_POWER + a * CARD_W]
        return tot
    if _in_list(s, ATK_N, ATK_L, slot) and s[ZONE + blk * CARD_W] == K.Zone.FIELD:
        return s[D_POWER + blk * CARD_W] if s[D_POWER + blk * CARD_W] > 0 else 0
    return 0


@internal
def _battle_opponents_value(s, T, slot):
    """Value of the cards ``slot`` would break in the current battle (what removing it saves)."""
    if s[BLOCK_DECLARED] == 0 or s[BLOCKER] < 0:
        return 0.0
    blk = s[BLOCKER]
    if s[ZONE + blk * CARD_W] != K.Zone.FIELD:
        return 0.0
    pw = s[D_POWER + slot * CARD_W]
    if pw <= 0:
        return 0.0
    if slot == blk:
        best = 0.0
        for i in range(s[ATK_N]):
            a = s[ATK_L + i]
            if s[ZONE + a * CARD_W] == K.Zone.FIELD and s[DMG + a * CARD_W] + pw >= s[D_POWER + a * CARD_W]:
                v = field_value(s, T, a)
                if v > best:
                    best = v
        return best
    if _in_list(s, ATK_N, ATK_L, slot) and s[DMG + blk * CARD_W] + pw >= s[D_POWER + blk * CARD_W]:
        return field_value(s, T, blk)
    return 0.0


# =============================================================================================
# Effect values (what a Summon / ability / EX Burst / trigger would do for its controller)
# =============================================================================================
@internal
def target_gain(s, T, p, arow, reg, slot):
    """Gain for ``p`` of applying the rows of program ``arow`` that act on register ``reg`` to
    field card ``slot`` (negative when it hurts p)."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    cid = s[CARD + slot * CARD_W]
    is_fwd = cards[cid, K.C_TYPE] == K.CardType.FORWARD
    mine = s[CONTROLLER + slot * CARD_W] == p
    v = field_value(s, T, slot)
    power = s[D_POWER + slot * CARD_W]
    dmg = s[DMG + slot * CARD_W]
    kill = False
    bounce = False
    dull = False
    freeze = False
    restrict = 0
    grant = 0
    activate = False
    boost = 0
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        if code[r, K.I_REG] != reg:
            continue
        op = code[r, K.I_OP]
        a0 = code[r, K.I_A0]
        if op == K.Op.DAMAGE:
            if is_fwd:
                dmg += a0 + code[r, K.I_A1]  # a1: the base of "N damage and M more for each ..."
        elif op == K.Op.BREAK or op == K.Op.REMOVE_FROM_GAME:
            kill = True  # CR 15.1.1.3 / 15.1.1.5
        elif op == K.Op.RETURN_TO_HAND:
            bounce = True
        elif op == K.Op.DULL:
            dull = True
        elif op == K.Op.FREEZE:
            freeze = True
        elif op == K.Op.POWER:
            if a0 < 0:
                power += a0
            else:
                boost += a0
        elif op == K.Op.GRANT_KEYWORD:
            grant |= a0
        elif op == K.Op.RESTRICT:
            restrict |= a0
        elif op == K.Op.ACTIVATE:
            activate = True
    if is_fwd and (power <= 0 or dmg >= power):
        kill = True  # CR 12.4.4 / 12.4.5
    harm = 0.0
    if kill:
        harm = v + (0.0 if mine else _battle_opponents_value(s, T, slot))
    elif bounce:
        harm = 0.75 * v  # it comes back, but its CP is spent again
    else:
        incoming = _battle_incoming(s, slot)
        if is_fwd and incoming > 0 and dmg + incoming >= power and s[DMG + slot * CARD_W] + incoming < s[D_POWER + slot * CARD_W]:
            harm = 0.9 * v  # the battle now breaks it
        elif dmg > s[DMG + slot * CARD_W] or power < s[D_POWER + slot * CARD_W]:
            harm = 0.1 * v
        active = s[DULL + slot * CARD_W] == 0
        if dull and active and is_fwd:
            harm += 0.35 * v  # one blocker / attacker fewer (CR 10.1.2.1, 10.1.3.1)
        if freeze and is_fwd and (dull or not active):
            harm += 0.2 * v  # stays dull through its next Active Phase (CR 15.2.4)
        if restrict != 0 and is_fwd and active:
            harm += 0.25 * v
    benefit = 0.0
    if boost > 0 and is_fwd:
        benefit += 0.2 * boost / 1000.0
        incoming = _battle_incoming(s, slot)
        if incoming > 0:
            if dmg + incoming >= power and dmg + incoming < power + boost:
                benefit += v  # survives the battle
            # breaks what it fights
            if s[BLOCK_DECLARED] != 0 and s[BLOCKER] >= 0:
                blk = s[BLOCKER]
                if slot != blk and s[ZONE + blk * CARD_W] == K.Zone.FIELD:
                    need = s[D_POWER + blk * CARD_W] - s[DMG + blk * CARD_W]
                    if power < need and power + boost >= need:
                        benefit += field_value(s, T, blk)
    if grant != 0 and is_fwd:
        benefit += 0.5
    if activate and s[DULL + slot * CARD_W] != 0:
        benefit += 1.0 if not is_fwd else 0.3 * v
    if mine:
        return benefit - harm
    return harm - benefit


@internal
def _choose_value(game, s, T, p, src, arow, reg, frow, count, up_to):
    """Best total gain of choosing ``count`` targets of filter ``frow`` (CR 11.3.3)."""
    total = 0.0
    prev_g = 1e18
    prev_slot = -1
    for k in range(count):
        best_g = -1e18
        best_slot = -1
        for q in range(2):
            for i in range(s[FIELD_N + q]):
                slot = s[FIELD_L + q * FIELD_SLOTS + i]
                if not game.filter_match(s, T, frow, slot, p, src):
                    continue
                g = target_gain(s, T, p, arow, reg, slot)
                if g > prev_g or (g == prev_g and slot >= prev_slot):
                    continue  # already taken
                if g > best_g or (g == best_g and slot < best_slot):
                    best_g = g
                    best_slot = slot
        if best_slot < 0:
            break
        if up_to != 0 and best_g <= 0.0:
            break  # "up to": stop rather than hurt itself
        total += best_g
        prev_g = best_g
        prev_slot = best_slot
    return total


@internal
def effect_value(game, s, T, p, src, arow):
    """Estimated gain for ``p`` of program ``arow`` (source ``src``) resolving now with the best
    targets. Used for Summons, action abilities, EX Bursts and enters-the-field triggers."""
    abil = ability_table(T)
    code = code_table(T)
    total = 0.0
    lose_at = _lose_at(s)
    c0 = abil[arow, K.A_CODE_START]
    for r in range(c0, c0 + abil[arow, K.A_CODE_LEN]):
        op = code[r, K.I_OP]
        reg = code[r, K.I_REG]
        a0 = code[r, K.I_A0]
        a1 = code[r, K.I_A1]
        if op == K.Op.CHOOSE:
            total += _choose_value(game, s, T, p, src, arow, reg, a0, a1, code[r, K.I_A2])
        elif op == K.Op.SELECT_ALL:
            for q in range(2):
                for i in range(s[FIELD_N + q]):
                    slot = s[FIELD_L + q * FIELD_SLOTS + i]
                    if game.filter_match(s, T, a0, slot, p, src):
                        total += target_gain(s, T, p, arow, reg, slot)
        elif op == K.Op.TARGET_SELF:
            if src >= 0 and s[ZONE + src * CARD_W] == K.Zone.FIELD:
                total += target_gain(s, T, p, arow, reg, src)
        elif op == K.Op.DRAW:
            who = p if a1 == K.Who.CONTROLLER else 1 - p
            total += DRAW_VALUE * a0 if who == p else -DRAW_VALUE * a0
        elif op == K.Op.DISCARD:
            who = p if a1 == K.Who.CONTROLLER else 1 - p
            n = min(a0, s[HAND_N + who])
            total += 1.8 * n if who != p else -1.0 * n
        elif op == K.Op.DAMAGE_PLAYER:
            who = p if a1 == K.Who.CONTROLLER else 1 - p
            if who == p:
                total -= LETHAL if s[DAMAGE_N + p] + a0 >= lose_at else 1.5 * a0
            else:
                total += LETHAL if s[DAMAGE_N + who] + a0 >= lose_at else (1.5 + 0.4 * s[DAMAGE_N + who]) * a0
        elif op == K.Op.SEARCH:
            total += 2.0 if s[DECK_N + p] > 0 else 0.0
        elif op == K.Op.PUT_ONTO_FIELD:
            total += 3.0 * a1
    return total


@internal
def _enters_value(game, s, T, p, slot):
    """Value of the card's own "when this enters the field" abilities (CR 11.8) plus its field
    abilities, for a Character about to be played."""
    cards = card_table(T)
    abil = ability_table(T)
    cid = s[CARD + slot * CARD_W]
    v = 0.0
    a0 = cards[cid, K.C_ABIL_START]
    for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        k = abil[a, K.A_KIND]
        if k == K.AbilityKind.FIELD:
            v += 1.0
        elif k == K.AbilityKind.AUTO and abil[a, K.A_TRIGGER] == K.Trigger.ENTERS_SELF:
            if game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], p, slot):
                e = effect_value(game, s, T, p, slot, a)
                if abil[a, K.A_OPTIONAL] != 0 and e < 0.0:
                    e = 0.0  # "you may" (CR 11.8.14): it would decline
                v += e
        elif k != K.AbilityKind.AUTO:
            v += 0.5  # action / special abilities: options later
    return v


# =============================================================================================
# Decisions
# =============================================================================================
@internal
def _take(score, a, best, best_a, ties, rng_row):
    """Running argmax with uniformly random tie-breaking (reservoir sampling)."""
    if score > best + EPS:
        return score, a, 1
    if score >= best - EPS:
        ties += 1
        if rng_below(rng_row, ties) == 0:
            return best, a, ties
    return best, best_a, ties


@internal
def _hand_play_score(game, s, T, p, slot):
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    ct = cards[cid, K.C_TYPE]
    cost = game.current_cost(s, T, p, slot)
    nb = game.count_field_type(s, T, p, K.CardType.BACKUP)
    pen = pay_penalty(game, s, T, p, cost, slot, -1)
    kv = keep_value(game, s, T, p, slot, nb)
    if ct == K.CardType.SUMMON:
        gain = effect_value(game, s, T, p, slot, cards[cid, K.C_SUMMON_ABIL])
    elif ct == K.CardType.BACKUP:
        gain = 8.5 - 0.7 * nb + _enters_value(game, s, T, p, slot)  # a CP every turn (CR 5.2.1.3)
    else:
        gain = cards[cid, K.C_POWER] / 1000.0 + 0.4 * cost + _kw_value(cards[cid, K.C_KEYWORDS])
        gain += _enters_value(game, s, T, p, slot)
        if (cards[cid, K.C_KEYWORDS] & KW_HASTE) != 0 and s[PHASE] == K.Phase.MAIN1:
            gain += 1.0  # CR 15.2.2: attacks this turn
    if ct != K.CardType.SUMMON and game.is_light_dark(cards, cid):
        gain -= 0.8 * _better_light_dark_in_hand(game, s, T, p, slot)
        if ct == K.CardType.BACKUP and _light_dark_forwards_left(game, s, T, p) >= 2:
            gain -= 5.0  # keep the one Light/Dark place (CR 7.7.3) for a Forward
    return gain - kv - pen


@internal
def _ability_score(game, s, T, p, fi, j):
    cards = card_table(T)
    abil = ability_table(T)
    slot = s[FIELD_L + p * FIELD_SLOTS + fi]
    cid = s[CARD + slot * CARD_W]
    arow = cards[cid, K.C_ACT0 + j]
    gain = effect_value(game, s, T, p, slot, arow)
    uses_self = abil[arow, K.A_COST_DULL] != 0 or abil[arow, K.A_COST_BREAK_SELF] != 0
    pen = pay_penalty(game, s, T, p, abil[arow, K.A_COST_CP], -1, slot if uses_self else -1)
    is_fwd = cards[cid, K.C_TYPE] == K.CardType.FORWARD
    if abil[arow, K.A_COST_DULL] != 0:
        pen += 0.5 * field_value(s, T, slot) if is_fwd else BACKUP_USE
    if abil[arow, K.A_COST_BREAK_SELF] != 0:
        pen += field_value(s, T, slot)
    ndull = dull_cost_count(abil, arow)
    if ndull > 0:
        pen += ndull * BACKUP_USE  # "Dull N active DESC": N Characters dulled
    nd = abil[arow, K.A_COST_DISCARD]
    if nd > 0:
        pen += _cheapest_keep_sum(game, s, T, p, nd, -1, _free_discards(s, p, 0), False)
    if abil[arow, K.A_KIND] == K.AbilityKind.SPECIAL:
        pen += 0.3  # the same-name copy it discards (CR 11.7.1) is otherwise a dead card
    return gain - pen


@internal
def _priority(game, s, T, mask, p, rng_row):
    """CR 11.1: play a card / use an ability worth its cost, else pass."""
    main = p == s[TURN_PLAYER] and (s[PHASE] == K.Phase.MAIN1 or s[PHASE] == K.Phase.MAIN2) and s[STACK_N] == 0
    best = MAIN_THRESHOLD if main else INSTANT_THRESHOLD
    best_a = PASS
    ties = 1
    for i in range(HAND_SLOTS):
        if mask[HAND_BASE + i] != 0:
            slot = zone_card(s, ZT, K.Zone.HAND, p, i)
            best, best_a, ties = _take(_hand_play_score(game, s, T, p, slot), HAND_BASE + i, best, best_a, ties, rng_row)
    for k in range(FIELD_SLOTS * ABILITIES_PER_CARD):
        if mask[ABILITY_BASE + k] != 0:
            sc = _ability_score(game, s, T, p, k // ABILITIES_PER_CARD, k % ABILITIES_PER_CARD)
            best, best_a, ties = _take(sc, ABILITY_BASE + k, best, best_a, ties, rng_row)
    return best_a


@internal
def _pay_cp(game, s, T, mask, p, rng_row):
    """CR 11.2 / 5.2.1.3: dull idle Backups, discard only what the Backups can't cover, and the
    least useful card; an odd remainder is paid with a discard first so no Backup is wasted."""
    cards = card_table(T)
    remaining = s[PAY_COST] - s[PAY_PAID]
    nb_legal = 0
    for i in range(FIELD_SLOTS):
        if mask[OWN_FIELD_BASE + i] != 0:
            nb_legal += 1
    deficit = remaining - nb_legal
    want_discard = deficit > 0 or nb_legal == 0
    nb = game.count_field_type(s, T, p, K.CardType.BACKUP)
    best = -1e18
    best_a = -1
    ties = 1
    if want_discard:
        for i in range(HAND_SLOTS):
            if mask[HAND_BASE + i] != 0:
                h = zone_card(s, ZT, K.Zone.HAND, p, i)
                sc = -keep_value(game, s, T, p, h, nb)
                best, best_a, ties = _take(sc, HAND_BASE + i, best, best_a, ties, rng_row)
        if best_a >= 0:
            return best_a
    need_elem = s[PAY_HAS_ELEM] == 0
    abil = ability_table(T)
    for i in range(FIELD_SLOTS):
        if mask[OWN_FIELD_BASE + i] != 0:
            slot = s[FIELD_L + p * FIELD_SLOTS + i]
            cid = s[CARD + slot * CARD_W]
            sc = 0.0
            if need_elem and game.produces_element(cards, cid, s[PAY_ELEM]):
                sc += 1.0  # settle the element early
            for j in range(ABILITIES_PER_CARD):
                a = cards[cid, K.C_ACT0 + j]
                if a >= 0 and abil[a, K.A_COST_DULL] != 0:
                    sc -= 0.5  # keep Backups with dull abilities for those
            best, best_a, ties = _take(sc, OWN_FIELD_BASE + i, best, best_a, ties, rng_row)
    if best_a >= 0:
        return best_a
    for i in range(HAND_SLOTS):
        if mask[HAND_BASE + i] != 0:
            h = zone_card(s, ZT, K.Zone.HAND, p, i)
            best, best_a, ties = _take(-keep_value(game, s, T, p, h, nb), HAND_BASE + i, best, best_a, ties, rng_row)
    return best_a


@internal
def _discard(game, s, T, mask, p, rng_row):
    """Discard the least useful legal hand card (costs, effects, hand limit CR 9.5.1.2)."""
    nb = game.count_field_type(s, T, p, K.CardType.BACKUP)
    best = -1e18
    best_a = -1
    ties = 1
    for i in range(HAND_SLOTS):
        if mask[HAND_BASE + i] != 0:
            h = zone_card(s, ZT, K.Zone.HAND, p, i)
            best, best_a, ties = _take(-keep_value(game, s, T, p, h, nb), HAND_BASE + i, best, best_a, ties, rng_row)
    for i in range(s[FIELD_N + p]):
        if mask[OWN_FIELD_BASE + i] != 0:  # a Character dulled for a "Dull N active DESC" cost: the least worth
            best, best_a, ties = _take(-field_value(s, T, s[FIELD_L + p * FIELD_SLOTS + i]), OWN_FIELD_BASE + i,
                                       best, best_a, ties, rng_row)
    return best_a


@internal
def _choose_target(s, T, mask, p, rng_row):
    """CR 11.3.3: the target that gains most (harm to the opponent's best card, help to its own);
    an "up to" choice stops (PASS) rather than pick a harmful target."""
    base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
    arow = s[base + E_ABIL]
    reg = s[DEC_ARG + 1]
    best = -1e18
    best_a = -1
    ties = 1
    if mask[PASS] != 0:
        best = 0.0
        best_a = PASS
    for q in range(2):
        off = OWN_FIELD_BASE if q == p else OPP_FIELD_BASE
        for i in range(s[FIELD_N + q]):
            if mask[off + i] != 0:
                slot = s[FIELD_L + q * FIELD_SLOTS + i]
                best, best_a, ties = _take(target_gain(s, T, p, arow, reg, slot), off + i, best, best_a, ties, rng_row)
    for k in range(K.OPTION_SLOTS):
        if mask[OPTION_BASE + k] != 0:  # a card of the Break Zone (taken back: worth what the card is)
            sc = static_value(T, s[CARD + (s[CAND + k]) * CARD_W])
            best, best_a, ties = _take(sc, OPTION_BASE + k, best, best_a, ties, rng_row)
    return best_a


@internal
def _attack_power(game, s, T, p, slot):
    """Power when attacking: current power plus its own "when this attacks, +X power" abilities
    whose conditions hold (CR 11.8.13)."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    pw = s[D_POWER + slot * CARD_W]
    cid = s[CARD + slot * CARD_W]
    a0 = cards[cid, K.C_ABIL_START]
    for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if abil[a, K.A_KIND] == K.AbilityKind.AUTO and abil[a, K.A_TRIGGER] == K.Trigger.ATTACKS_SELF:
            if not game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], p, slot):
                continue
            c0 = abil[a, K.A_CODE_START]
            self_reg = -1
            for r in range(c0, c0 + abil[a, K.A_CODE_LEN]):
                op = code[r, K.I_OP]
                if op == K.Op.TARGET_SELF:
                    self_reg = code[r, K.I_REG]
                elif op == K.Op.POWER and code[r, K.I_REG] == self_reg and code[r, K.I_A0] > 0:
                    pw += code[r, K.I_A0]
    return pw


@internal
def _damage_value(s, player):
    """Value to the opponent of ``player`` taking one point of damage (CR 6.5, 3.1.1)."""
    d = s[DAMAGE_N + player]
    if d + 1 >= _lose_at(s):
        return LETHAL
    return 1.0 + 0.5 * d


@internal
def _declare_attack(game, s, T, mask, p, rng_row):
    """CR 10.1.2: attack with the Forward whose attack is best against the opponent's best reply
    (block with its best blocker, CR 10.1.3, or take the point, CR 10.1.4.1), unless that leaves
    too few blockers for the swing back."""
    cards = card_table(T)
    o = 1 - p
    lose_at = _lose_at(s)
    dmg_value = _damage_value(s, o)
    # threat next turn: every opponent Forward untaps (CR 9.1) and may attack
    opp_fwd = game.count_field_type(s, T, o, K.CardType.FORWARD)
    my_blockers = 0
    for i in range(s[FIELD_N + p]):
        slot = s[FIELD_L + p * FIELD_SLOTS + i]
        if cards[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.FORWARD and s[DULL + slot * CARD_W] == 0:
            my_blockers += 1
    best = 0.0
    best_a = PASS
    ties = 1
    for i in range(s[FIELD_N + p]):
        if mask[OWN_FIELD_BASE + i] == 0:
            continue
        a = s[FIELD_L + p * FIELD_SLOTS + i]
        pa = _attack_power(game, s, T, p, a)
        da = s[DMG + a * CARD_W]
        fa = (s[D_KW + a * CARD_W] & KW_FIRST_STRIKE) != 0
        va = field_value(s, T, a)
        reply = dmg_value
        for j in range(s[FIELD_N + o]):
            b = s[FIELD_L + o * FIELD_SLOTS + j]
            if not game.can_block(s, T, o, b):
                continue
            a_dies, b_dies = fight(pa, da, fa, s[D_POWER + b * CARD_W], s[DMG + b * CARD_W], (s[D_KW + b * CARD_W] & KW_FIRST_STRIKE) != 0)
            out = (field_value(s, T, b) if b_dies else 0.0) - (va if a_dies else 0.0)
            if out < reply:
                reply = out
        score = reply
        if (s[D_KW + a * CARD_W] & KW_BRAVE) == 0:
            # dull through the opponent's turn (CR 10.1.2.2): can it still survive the swing back?
            left = my_blockers - 1
            unblocked = opp_fwd - left
            if unblocked < 0:
                unblocked = 0
            if s[DAMAGE_N + p] + unblocked >= lose_at and reply < LETHAL:
                score -= LETHAL
            else:
                score -= 0.2
        best, best_a, ties = _take(score, OWN_FIELD_BASE + i, best, best_a, ties, rng_row)
    return best_a


@internal
def _declare_block(s, T, mask, p, rng_row):
    """CR 10.1.3: block when the block wins, trades up or saves a point that matters; chump-block
    only when the point is lethal or nearly so."""
    tp = 1 - p
    dmg_value = _damage_value(s, p)
    n_att = 0
    tot = 0
    a1 = -1
    for i in range(s[ATK_N]):
        a = s[ATK_L + i]
        if s[ZONE + a * CARD_W] == K.Zone.FIELD and s[CONTROLLER + a * CARD_W] == tp:
            n_att += 1
            a1 = a
            if s[D_POWER + a * CARD_W] > 0:
                tot += s[D_POWER + a * CARD_W]
    best = 0.0
    best_a = PASS
    ties = 1
    for i in range(s[FIELD_N + p]):
        if mask[OWN_FIELD_BASE + i] == 0:
            continue
        b = s[FIELD_L + p * FIELD_SLOTS + i]
        pb = s[D_POWER + b * CARD_W]
        db = s[DMG + b * CARD_W]
        fb = (s[D_KW + b * CARD_W] & KW_FIRST_STRIKE) != 0
        vb = field_value(s, T, b)
        if n_att == 1:
            a_dies, b_dies = fight(s[D_POWER + a1 * CARD_W], s[DMG + a1 * CARD_W], (s[D_KW + a1 * CARD_W] & KW_FIRST_STRIKE) != 0, pb, db, fb)
            out = (field_value(s, T, a1) if a_dies else 0.0) - (vb if b_dies else 0.0)
        else:
            # a party (CR 15.1.1.9): the blocker takes the total and splits its own damage
            b_dies = db + tot >= pb
            kill = 0.0
            for k in range(s[ATK_N]):
                a = s[ATK_L + k]
                if (
                    s[ZONE + a * CARD_W] == K.Zone.FIELD
                    and pb > 0
                    and s[DMG + a * CARD_W] + pb >= s[D_POWER + a * CARD_W]
                ):
                    v = field_value(s, T, a)
                    if v > kill:
                        kill = v
            out = kill - (vb if b_dies else 0.0)
        best, best_a, ties = _take(out + dmg_value, OWN_FIELD_BASE + i, best, best_a, ties, rng_row)
    return best_a


@internal
def _assign(s, T, mask, p, rng_row):
    """CR 10.1.4.2.1: put the blocker's damage where it breaks the most valuable attacker."""
    tp = 1 - p
    left = s[ASSIGN_LEFT]
    best = -1e18
    best_a = -1
    ties = 1
    for i in range(s[FIELD_N + tp]):
        if mask[OPP_FIELD_BASE + i] == 0:
            continue
        a = s[FIELD_L + tp * FIELD_SLOTS + i]
        k = -1
        for j in range(s[ATK_N]):
            if s[ATK_L + j] == a:
                k = j
        need = s[D_POWER + a * CARD_W] - s[DMG + a * CARD_W] - (s[ASSIGNED + k] if k >= 0 else 0)
        if need <= 0:
            sc = -10.0  # already enough to break it
        elif need <= left:
            sc = field_value(s, T, a)
        else:
            sc = -0.001 * need
        best, best_a, ties = _take(sc, OPP_FIELD_BASE + i, best, best_a, ties, rng_row)
    return best_a


@internal
def _select(s, T, mask, p, rng_row):
    """Search / put onto the field (CR 15.1.1.8): the best candidate."""
    best = -1e18
    best_a = PASS
    ties = 1
    for k in range(s[CAND_N]):
        if mask[OPTION_BASE + k] != 0:
            best, best_a, ties = _take(static_value(T, s[CARD + (s[CAND + k]) * CARD_W]), OPTION_BASE + k, best, best_a, ties, rng_row)
    return best_a


@internal
def _mulligan(s, T, p):
    """CR 8.2.1.4: keep a hand that can start the game (a cheap card to play on the first turns)."""
    cards = card_table(T)
    cheap = 0
    very_cheap = 0
    for i in range(s[HAND_N + p]):
        cid = s[CARD + (s[HAND_L + p * MAX_DECK + i]) * CARD_W]
        if cards[cid, K.C_TYPE] == K.CardType.SUMMON:
            continue
        c = cards[cid, K.C_COST]
        if c <= 3:
            cheap += 1
        if c <= 2:
            very_cheap += 1
    if very_cheap >= 1 or cheap >= 2:
        return PASS
    return OPTION_BASE


@internal
def heuristic_action(game, s, T, mask, n_legal, rng_row):
    """The heuristic's choice among the legal actions in ``mask`` (see the module docstring)."""
    if n_legal == 1:
        for a in range(NUM_ACTIONS):
            if mask[a] != 0:
                return a
    kind = s[H_DECISION]
    p = s[H_DECIDER]
    a = -1
    if kind == K.Decision.PRIORITY:
        a = _priority(game, s, T, mask, p, rng_row)
    elif kind == K.Decision.PAY_CP:
        a = _pay_cp(game, s, T, mask, p, rng_row)
    elif kind == K.Decision.PAY_DISCARD or kind == K.Decision.DISCARD:
        a = _discard(game, s, T, mask, p, rng_row)
    elif kind == K.Decision.CHOOSE_TARGET:
        a = _choose_target(s, T, mask, p, rng_row)
    elif kind == K.Decision.DECLARE_ATTACK:
        a = _declare_attack(game, s, T, mask, p, rng_row)
    elif kind == K.Decision.ADD_TO_PARTY:
        a = PASS  # single attacks: each one is judged on its own by _declare_attack
    elif kind == K.Decision.DECLARE_BLOCK:
        a = _declare_block(s, T, mask, p, rng_row)
    elif kind == K.Decision.ASSIGN_PARTY_DAMAGE:
        a = _assign(s, T, mask, p, rng_row)
    elif kind == K.Decision.EX_BURST:
        # CR 11.10.2: use it when it does good (its targets may all be its own)
        slot = s[DEC_ARG]
        arow = card_table(T)[s[CARD + slot * CARD_W], K.C_EX_ABIL]
        a = OPTION_BASE if effect_value(game, s, T, p, slot, arow) > 0.0 else PASS
    elif kind == K.Decision.OPTIONAL_EFFECT:
        a = OPTION_BASE  # "you may" effects of the pool help their controller (CR 11.8.14)
    elif kind == K.Decision.ORDER_TRIGGERS:
        a = OPTION_BASE
    elif kind == K.Decision.SELECT_CARD:
        a = _select(s, T, mask, p, rng_row)
    elif kind == K.Decision.CHOOSE_FIRST:
        a = OPTION_BASE  # take the first turn (CR 8.2.1.2)
    elif kind == K.Decision.MULLIGAN:
        a = _mulligan(s, T, p)
    if a < 0 or a >= NUM_ACTIONS or mask[a] == 0:
        # never reached with an exact mask; a safe legal fallback rather than an illegal action
        for b in range(NUM_ACTIONS):
            if mask[b] != 0:
                return b
    return a


# =============================================================================================
# Determinization (search over hidden information)
# =============================================================================================
@internal
def resample_hidden(s, T, player, rng_row):
    """Resample what ``player`` can't see (CR 7.6 hidden zones), in place, with ``rng_row``:

    * the opponent's hand and deck are dealt anew from the same cards (sizes kept): the card ids
      are permuted among those slots, so every zone list, count and per-slot field stays as it was;
    * ``player``'s own deck is shuffled (its order is unknown; its contents are known);
    * the game's own RNG (future shuffles, random discards) is reseeded by the core after this
      (``tcg_env.engine.policy.determinize_row``).

    Everything ``player`` observes (its hand, both fields, public zones, counts, the stack, the
    candidates of a pending search of its deck: those are slots, and a shuffle moves slots) is
    unchanged.
    """
    deal_anew(s, ZT, 1 - player, (K.Zone.HAND, K.Zone.DECK), rng_row)
    zone_shuffle(s, ZT, K.Zone.DECK, player, rng_row)
