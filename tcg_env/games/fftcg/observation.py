"""FF-TCG observations: one flat float32 vector per player with named views.

Honest about hidden information (DESIGN.md): the opponent's hand and both decks appear only as
counts; SELECT_CARD candidates (cards of your own deck you are searching) are written only for the
player who decides. Every column is declared once (``OBS``, the globals with their state words:
``GLOBALS``) and documented in ``docs/fftcg/observations.md``.
"""

from numba import njit

from tcg_env.engine.blocks import ObsLayout, WordColumns
from tcg_env.engine.tables import ability_table, card_table, code_table, filter_table, flag_table
from tcg_env.engine.jit import internal, internal_inline
from tcg_env.engine.obsbuf import clear_block, columns_writer, copy_card_row, zero_range, zone_rows_writer
from tcg_env.engine.reveals import revealed_card, revealed_count

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN, H_VARIANT
from tcg_env.engine.triggers import PE_SLOT, pending_entry
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import (
    EK_SUMMON,
    FIELD_SLOTS,
    HAND_SLOTS,
    KW_BRAVE,
    KW_FIRST_STRIKE,
    KW_HASTE,
    OPTION_SLOTS,
    RESTRICT_CANT_ATTACK,
    RESTRICT_CANT_BLOCK,
    Zone,
)
from tcg_env.games.fftcg.state import (
    CONTROLLER,
    CARD_W,
    CAST_N,
    PLAYER_SHIELD,
    DEC_ARG,
    ASSIGN_LEFT,
    ATK_L,
    ATK_N,
    BLOCK_DECLARED,
    BLOCKER,
    BREAK_N,
    CAND,
    CAND_N,
    CARD,
    CTRL_TURN,
    D_COUNTS,
    D_KW,
    D_POWER,
    D_RST,
    DAMAGE_N,
    DECK_N,
    DMG,
    DULL,
    E_ABIL,
    E_CARD,
    E_CTRL,
    E_MODE,
    E_KIND,
    E_REGN,
    ENTRY_W,
    FIELD_L,
    FIELD_N,
    FIRST_PLAYER,
    FROZEN,
    HAND_N,
    OWNER,
    PASSES,
    PAY_COST,
    PAY_ELEM,
    PAY_HAS_ELEM,
    PAY_KIND,
    PAY_PAID,
    PHASE,
    PRIORITY_PLAYER,
    REVEALED,
    REVEALED_N,
    REMOVED_N,
    SHIELD,
    BOOST,
    HIT_BY,
    STACK,
    STACK_N,
    STEP,
    TURN_PLAYER,
    ZONE,
    ZT,
)

# the global columns, each named once with its state word (blocks.WordColumns): the core writes
# the sourced ones (write_globals), observe_into the others
GLOBALS = WordColumns()
GLOBALS.is_player("is_decider", H_DECIDER)
GLOBALS.is_player("is_turn_player", TURN_PLAYER)
GLOBALS.is_player("is_first_player", FIRST_PLAYER)
GLOBALS.onehot("phase", PHASE, K.Phase)
GLOBALS.onehot("attack_step", STEP, K.AttackStep)
GLOBALS.onehot("decision", H_DECISION, K.Decision)
GLOBALS.scaled("turn_div20", H_TURN, 20)
GLOBALS.pair("damage_div7", DAMAGE_N, 7)
GLOBALS.pair("deck_div50", DECK_N, 50)
GLOBALS.pair("hand_div10", HAND_N, 10)
GLOBALS.pair("break_div50", BREAK_N, 50)
GLOBALS.pair("removed_div10", REMOVED_N, 10)
GLOBALS.scaled("stack_size_div8", STACK_N, 8)
GLOBALS.written("cp_left_to_pay_div10", "cp_element_still_needed")  # while paying
GLOBALS.scaled("consecutive_passes", PASSES)
GLOBALS.pair("backups_div5", D_COUNTS + 1, 5, stride=3)  # D_COUNTS: forwards, backups, cost reductions per player
GLOBALS.pair("forwards_div8", D_COUNTS, 8, stride=3)
GLOBALS.scaled("party_damage_left_div10000", ASSIGN_LEFT, 10000)
GLOBALS.written("limited_variant", "i_have_priority")
GLOBALS.scaled("attackers_div5", ATK_N, 5)
GLOBALS.written("attack_blocked")
GLOBALS.is_player("priority_player_is_me", PRIORITY_PLAYER)
GLOBALS.written(*[f"cp_element_{e.name.lower()}" for e in K.Element])  # the element still to pay
# public: each cast was (Condition.CAST_AT_LEAST reads them); the word packs the Summons and the cards cast
# (constants.CAST_UNIT, session 22): written below
GLOBALS.players([("summons_cast_this_turn_div5", None, 1)])
# "During this turn, the next damage dealt to you becomes 0 instead" (Op.PLAYER_DAMAGE_SHIELD, CR 11.12.5):
# public, the effect that gave it resolved in view of both players
# and (session 21) "your opponent has discarded a card from their hand due to your Summons or abilities this turn"
# (Condition.OPP_DISCARDED, the word's bit OPP_DISCARDED_BIT): public, the discards were
# and (session 22) the "this turn" bits FORWARD_PUT_BREAK_BIT, PARTY_FORMED_BIT (Condition.TURN_BIT): public, the cards
# moved and attacked in view of both players; the cards each player has cast this turn (state.CAST_N // CAST_UNIT)
GLOBALS.players([("next_damage_to_player_becomes_0", None, 1), ("made_opponent_discard_this_turn", None, 1),
                 ("forward_put_into_break_this_turn", None, 1), ("formed_party_this_turn", None, 1),
                 ("cards_cast_this_turn_div5", None, 1), ("forward_attacked_this_turn", None, 1),
                 ("received_damage_this_turn", None, 1),
                 *[(f"{e.name.lower()}_forward_entered_this_turn", None, 1) for e in K.Element]])
GLOBAL_COLUMNS = GLOBALS.names
write_globals = columns_writer(GLOBALS, "write_globals")
CARD_COLUMNS = [
    "present",
    *[f"element_{e.name.lower()}" for e in K.Element],
    "type_forward",
    "type_backup",
    "type_summon",
    "cost_div10",
    "power_div10000",
    "damage_div10000",
    "dull",
    "frozen",
    "haste",
    "brave",
    "first_strike",
    "ready",
    "attacking",
    "blocking",
    "cant_attack",
    "cant_block",
    "card_id_plus1",
    # a field card's action / special abilities 0 and 1 (``ability`` i,j; C_ACT0 / C_ACT1) "You can
    # only use this ability once per turn" used this turn (RESTRICT_USED_ACT0 / 1, CR 9.5.1.3.2): the
    # use was public, and the opponent's mask cannot show it
    "ability0_used",
    "ability1_used",
    # CR 7.6: a field card is public, and so are the restrictions effects gave it (the effects were
    # public when they resolved; the opponent's mask cannot show them): "cannot be blocked"
    # (RESTRICT_UNBLOCKABLE, CR 10.1.3.1), "cannot be broken" (RESTRICT_UNBREAKABLE: neither a break
    # nor damage >= power breaks it, CR 12.4.5), "cannot be broken by opposing Summons or abilities that
    # don't deal damage" (RESTRICT_UNBREAKABLE_BY_OPP_EFFECTS), "if it is put into the Break Zone this
    # turn, remove it from the game instead" (RESTRICT_REMOVE_INSTEAD_OF_BREAK_ZONE, CR 11.12.5); 0 in
    # hand rows
    "cant_be_blocked",
    "cant_be_broken",
    "cant_be_broken_by_opp_effects",
    "removed_instead_of_break_zone",
    # "cannot be returned to its owner's hand by your opponent's Summons or abilities"
    # (RESTRICT_UNRETURNABLE_BY_OPP_EFFECTS), and the "next damage dealt to it this turn" shields an
    # effect gave it (Op.DAMAGE_SHIELD, CR 11.12.5; state.SHIELD): their total reduction, or "becomes 0"
    "cant_be_returned_by_opp_effects",
    "next_damage_reduced_div10000",
    "next_damage_becomes_0",
    # the replacements an effect gave it until the end of the turn (Op.DAMAGE_BOOST, CR 11.12.5; state.BOOST): "the
    # damage dealt to it is increased by N" / "if it is dealt damage, double the damage instead", and "if it deals
    # damage to a Forward this turn, the damage increases by N / double the damage": the increases, and how many
    # times each damage is doubled
    "damage_received_increase_div10000",
    "damage_received_doubled",
    "damage_dealt_increase_div10000",
    "damage_dealt_doubled",
    # session 21: the cards that marked it this turn (state.HIT_BY: their damage, "When a Forward damaged by ~ is put from
    # the field into the Break Zone on the same turn", or their effect's "When it is put from the field into the Break
    # Zone this turn"), public as the damage and the effects were: how many are mine / my opponent's (divided by 3)
    "marked_this_turn_by_mine_div3",
    "marked_this_turn_by_opponent_div3",
    # session 21: the keywords an effect took from it until the end of the turn ("It loses First Strike until the end
    # of the turn.", RESTRICT_LOST_*: 1 Haste, 2 Brave, 4 First Strike, added up), which a field ability does not give
    # back while the loss lasts; and whether its auto-ability that "will trigger only once per turn" has triggered this
    # turn (RESTRICT_TRIGGERED_ONCE): both public as the effects and the trigger were (CR 7.6)
    "keywords_lost",
    "triggered_once",
]
# the columns copied from the pool's obs_rows (the static columns and the dynamic ones written over
# them); the ones after are written for every row
N_TABLE_COLUMNS = K.CARD_OBS_FEATURES
assert CARD_COLUMNS[N_TABLE_COLUMNS - 1] == "card_id_plus1"
# "Select 1 of the M following actions.": the actions a modal Summon or ability on the stack selected
# (E_MODE bit k: action k + 1, in the printed order; at most 5, cards.py), public as its targets are
MAX_MODES = 5
ENTRY_COLUMNS = ["present", "mine", "is_summon", "card_id_plus1", "element", "cost_div10", "targets0", "targets1",
                 *[f"action{k + 1}_selected" for k in range(MAX_MODES)]]
OPTION_COLUMNS = ["present", "card_id_plus1", "element", "type", "cost_div10", "power_div10000", "mine", "zone"]
STACK_ROWS = 4
# a revealed card: what both players saw (its card, not where it is now: a determinization deals the hidden
# zones' cards anew)
REVEALED_COLUMNS = ["present", "card_id_plus1", "element", "type", "cost_div10", "power_div10000"]

# The flat observation, declared once (tcg_env.engine.blocks): the offsets below, the views
# (obs_columns), the entity layout's card-row blocks and the tables of docs/fftcg/observations.md
# (tests/fftcg/test_layouts.py) come from it.
OBS = ObsLayout("fftcg")
GLOBAL = OBS.add("global", GLOBAL_COLUMNS, doc="the global columns")
HAND = OBS.add("hand", CARD_COLUMNS, rows=HAND_SLOTS, cards=True, doc="your hand cards, in hand order")
OWN_FIELD = OBS.add("own_field", CARD_COLUMNS, rows=FIELD_SLOTS, cards=True,
                    doc="your field, in field order (matches the `own_field` actions)")
OPP_FIELD = OBS.add("opp_field", CARD_COLUMNS, rows=FIELD_SLOTS, cards=True,
                    doc="your opponent's field (matches `opp_field`)")
STACK_BLOCK = OBS.add("stack", ENTRY_COLUMNS, rows=STACK_ROWS, doc="the top 4 stack entries, top first")
OPTIONS = OBS.add("options", OPTION_COLUMNS, rows=OPTION_SLOTS, cards=True,
                  doc="the candidates of a `SELECT_CARD` / `ORDER_TRIGGERS` choice, or of a `CHOOSE_TARGET` of "
                      "Break Zone cards (matches `option` k)")
REVEALED_BLOCK = OBS.add("revealed", REVEALED_COLUMNS, rows=2 * K.REVEAL_ROWS,
                         doc="the cards of my latest reveal, then my opponent's (shown to both players; "
                             "the card an effect took first, then the others from the top)")
OBS_SIZE = OBS.size

GLOBAL_SIZE = GLOBAL.size
CARD_FEATURES = HAND.shape[1]  # per card row (hand, own field, opponent field): 32
ENTRY_FEATURES = STACK_BLOCK.shape[1]
OPTION_FEATURES = OPTIONS.shape[1]
OBS_GLOBAL = GLOBAL.base
OBS_HAND = HAND.base
OBS_OWN_FIELD = OWN_FIELD.base
OBS_OPP_FIELD = OPP_FIELD.base
OBS_STACK = STACK_BLOCK.base
OBS_OPTIONS = OPTIONS.base
OBS_REVEALED = REVEALED_BLOCK.base
REVEALED_FEATURES = REVEALED_BLOCK.shape[1]

# global columns observe_into writes (the global block starts at column 0)
G_CP_LEFT = GLOBAL.col("cp_left_to_pay_div10")
G_CP_ELEMENT_NEEDED = GLOBAL.col("cp_element_still_needed")
G_LIMITED = GLOBAL.col("limited_variant")
G_I_HAVE_PRIORITY = GLOBAL.col("i_have_priority")
G_BLOCKED = GLOBAL.col("attack_blocked")
G_SHIELD = GLOBAL.col("my_next_damage_to_player_becomes_0")  # then my_made_opponent_discard..., ..., then the opponent's
G_SUMMONS_CAST = GLOBAL.col("my_summons_cast_this_turn_div5")  # then the opponent's
G_TURN_WORDS = 7 + K.N_ELEMENTS  # the columns of each player's G_SHIELD block
G_CP_ELEMENT = GLOBAL.col("cp_element_fire")  # + Element
# a card row's dynamic columns, from the row's first column (the others are the pool's obs_rows)
R_COST = HAND.col("cost_div10")
R_POWER = HAND.col("power_div10000")
R_DAMAGE = HAND.col("damage_div10000")
R_DULL = HAND.col("dull")
R_FROZEN = HAND.col("frozen")
R_HASTE = HAND.col("haste")
R_BRAVE = HAND.col("brave")
R_FIRST_STRIKE = HAND.col("first_strike")
R_READY = HAND.col("ready")
R_ATTACKING = HAND.col("attacking")
R_BLOCKING = HAND.col("blocking")
R_CANT_ATTACK = HAND.col("cant_attack")
R_CANT_BLOCK = HAND.col("cant_block")
R_USED = HAND.col("ability0_used")  # + 0 / 1
R_CANT_BE_BLOCKED = HAND.col("cant_be_blocked")
R_CANT_BE_BROKEN = HAND.col("cant_be_broken")
R_CANT_BE_BROKEN_BY_OPP = HAND.col("cant_be_broken_by_opp_effects")
R_REMOVED_INSTEAD = HAND.col("removed_instead_of_break_zone")
R_CANT_BE_RETURNED = HAND.col("cant_be_returned_by_opp_effects")
R_SHIELD = HAND.col("next_damage_reduced_div10000")
R_SHIELD_ZERO = HAND.col("next_damage_becomes_0")
R_BOOST = HAND.col("damage_received_increase_div10000")  # then the three other BOOST columns, in CARD_COLUMNS' order
R_MARKED = HAND.col("marked_this_turn_by_mine_div3")  # then the opponent's
R_KW_LOST = HAND.col("keywords_lost")
R_TRIGGERED_ONCE = HAND.col("triggered_once")
# a stack row's columns
ST_PRESENT = STACK_BLOCK.col("present")
ST_MINE = STACK_BLOCK.col("mine")
ST_IS_SUMMON = STACK_BLOCK.col("is_summon")
ST_CARD_ID = STACK_BLOCK.col("card_id_plus1")
ST_ELEMENT = STACK_BLOCK.col("element")
ST_COST = STACK_BLOCK.col("cost_div10")
ST_TARGETS = STACK_BLOCK.col("targets0")  # + register
ST_MODES = STACK_BLOCK.col("action1_selected")  # + action k
# an option row's columns
O_PRESENT = OPTIONS.col("present")
O_CARD_ID = OPTIONS.col("card_id_plus1")
O_ELEMENT = OPTIONS.col("element")
O_TYPE = OPTIONS.col("type")
O_COST = OPTIONS.col("cost_div10")
O_POWER = OPTIONS.col("power_div10000")
O_MINE = OPTIONS.col("mine")
O_ZONE = OPTIONS.col("zone")


@internal_inline
def hand_card_row(game, s, T, player, slot, out, o):
    """The row of a card in ``player``'s hand: its static columns, and its cost now where a cost
    reduction may apply (D_COUNTS' third word: a cost-reduction field ability in play; or the card's
    own "The cost required to cast <this> is reduced by N", C_HAS_FIELD's HAS_SELF_COST_REDUCTION)."""
    cid = s[CARD + slot * CARD_W]
    copy_card_row(out, o, T, cid, N_TABLE_COLUMNS)
    out[o + R_USED] = 0.0
    out[o + R_USED + 1] = 0.0
    out[o + R_CANT_BE_BLOCKED] = 0.0
    out[o + R_CANT_BE_BROKEN] = 0.0
    out[o + R_CANT_BE_BROKEN_BY_OPP] = 0.0
    out[o + R_REMOVED_INSTEAD] = 0.0
    out[o + R_CANT_BE_RETURNED] = 0.0
    out[o + R_SHIELD] = 0.0
    out[o + R_SHIELD_ZERO] = 0.0
    for k in range(4):
        out[o + R_BOOST + k] = 0.0
    out[o + R_MARKED] = 0.0
    out[o + R_MARKED + 1] = 0.0
    out[o + R_KW_LOST] = 0.0
    out[o + R_TRIGGERED_ONCE] = 0.0
    if s[D_COUNTS + player * 3 + 2] != 0 or (card_table(T)[cid, K.C_HAS_FIELD] & K.HAS_SELF_COST_REDUCTION) != 0:
        out[o + R_COST] = game.current_cost(s, T, player, slot) / 10.0


@internal_inline
def field_card_row(game, s, T, player, slot, out, o):
    """The row of a card on a field: its static columns, then its state now."""
    copy_card_row(out, o, T, s[CARD + slot * CARD_W], N_TABLE_COLUMNS)
    out[o + R_POWER] = s[D_POWER + slot * CARD_W] / 10000.0
    out[o + R_DAMAGE] = s[DMG + slot * CARD_W] / 10000.0
    out[o + R_DULL] = s[DULL + slot * CARD_W] != 0
    out[o + R_FROZEN] = s[FROZEN + slot * CARD_W] != 0
    kw = s[D_KW + slot * CARD_W]
    out[o + R_HASTE] = (kw & KW_HASTE) != 0
    out[o + R_BRAVE] = (kw & KW_BRAVE) != 0
    out[o + R_FIRST_STRIKE] = (kw & KW_FIRST_STRIKE) != 0
    out[o + R_READY] = s[CTRL_TURN + slot * CARD_W] < s[H_TURN] or (kw & KW_HASTE) != 0
    # CR 7.6: a card on the field is public, and so is what it cannot do now (the derived
    # restrictions the rules read: battle.can_attack / can_block)
    rst = s[D_RST + slot * CARD_W]
    out[o + R_CANT_ATTACK] = (rst & RESTRICT_CANT_ATTACK) != 0
    out[o + R_CANT_BLOCK] = (rst & RESTRICT_CANT_BLOCK) != 0
    out[o + R_USED] = (rst & K.RESTRICT_USED_ACT0) != 0
    out[o + R_USED + 1] = (rst & K.RESTRICT_USED_ACT1) != 0
    out[o + R_CANT_BE_BLOCKED] = (rst & K.RESTRICT_UNBLOCKABLE) != 0
    out[o + R_CANT_BE_BROKEN] = (rst & K.RESTRICT_UNBREAKABLE) != 0
    out[o + R_CANT_BE_BROKEN_BY_OPP] = (rst & K.RESTRICT_UNBREAKABLE_BY_OPP_EFFECTS) != 0
    out[o + R_REMOVED_INSTEAD] = (rst & K.RESTRICT_REMOVE_INSTEAD_OF_BREAK_ZONE) != 0
    out[o + R_CANT_BE_RETURNED] = (rst & K.RESTRICT_UNRETURNABLE_BY_OPP_EFFECTS) != 0
    # the shields public as the effects that gave them were (CR 7.6); once used, the word keeps what
    # the damage used, and the bit is cleared
    shield = s[SHIELD + slot] if (rst & K.RESTRICT_DAMAGE_SHIELD) != 0 else 0
    out[o + R_SHIELD] = shield / 10000.0 if shield < K.SHIELD_ZERO else 0.0
    out[o + R_SHIELD_ZERO] = shield >= K.SHIELD_ZERO
    boost = s[BOOST + slot] if (rst & K.RESTRICT_DAMAGE_BOOST) != 0 else 0
    inc, dbl = (1 << K.BOOST_BITS) - 1, (1 << K.BOOST_DOUBLE_BITS) - 1
    out[o + R_BOOST] = ((boost >> K.BOOST_RECEIVED_SHIFT) & inc) / 10.0  # in thousands
    out[o + R_BOOST + 1] = (boost >> K.BOOST_RECEIVED_DOUBLE_SHIFT) & dbl
    out[o + R_BOOST + 2] = ((boost >> K.BOOST_DEALT_SHIFT) & inc) / 10.0
    out[o + R_BOOST + 3] = (boost >> K.BOOST_DEALT_DOUBLE_SHIFT) & dbl
    mine = 0
    theirs = 0
    m = s[HIT_BY + slot]
    while m != 0:
        src = (m & (K.HIT_DELAYED - 1)) - 1
        who = s[CONTROLLER + src * CARD_W] if s[ZONE + src * CARD_W] == K.Zone.FIELD else s[OWNER + src * CARD_W]
        if who == player:
            mine += 1
        else:
            theirs += 1
        m = m >> K.HIT_BITS
    out[o + R_MARKED] = mine / 3.0
    out[o + R_MARKED + 1] = theirs / 3.0
    out[o + R_KW_LOST] = (rst >> K.RESTRICT_LOST_KW_SHIFT) & K.LOST_KW_BITS
    out[o + R_TRIGGERED_ONCE] = (rst & K.RESTRICT_TRIGGERED_ONCE) != 0


# the blocks of a list zone (engine.obsbuf): its first rows cards, then zero rows
hand_rows = zone_rows_writer(hand_card_row, CARD_FEATURES, 0, "hand_rows")
field_rows = zone_rows_writer(field_card_row, CARD_FEATURES, 0, "field_rows")


@njit(cache=True)
def observe_row(game, s, T, player, out):
    """Write ``player``'s observation into ``out[:OBS_SIZE]`` (any previous content of ``out`` is
    overwritten)."""
    observe_into(game, s, T, player, out, False)


@internal
def observe_into(game, s, T, player, out, over_previous):
    """``observe_row``; with ``over_previous`` True, ``out`` must hold an observation written by
    this function (of any state or player) and only the rows that may be non-zero are cleared
    (``engine.obsbuf``: random play uses this from a row's second decision of a call on, when
    ``out`` holds what it wrote at the one before; the vector is the same, bit for bit, tested)."""
    cards = card_table(T)
    abil = ability_table(T)
    code = code_table(T)
    zero_range(out, OBS_GLOBAL, OBS_HAND)
    me = player
    op = 1 - player
    decider = s[H_DECIDER]
    dec = s[H_DECISION]
    g = OBS_GLOBAL
    write_globals(s, me, out, g)
    if s[PAY_KIND] != 0:
        out[g + G_CP_LEFT] = (s[PAY_COST] - s[PAY_PAID]) / 10.0
        out[g + G_CP_ELEMENT_NEEDED] = 1.0 if s[PAY_HAS_ELEM] <= 0 else 0.0
        if s[PAY_ELEM] >= 0 and s[PAY_HAS_ELEM] == 0:
            out[g + G_CP_ELEMENT + s[PAY_ELEM]] = 1.0
        elif s[PAY_HAS_ELEM] < 0:  # several element symbols (K.ELEM_MULTI): each element still asked
            for e in range(K.N_CP_ELEMENTS):
                if ((-s[PAY_HAS_ELEM]) >> (K.ELEM_BITS * e)) & K.ELEM_MAX:
                    out[g + G_CP_ELEMENT + e] = 1.0
    out[g + G_LIMITED] = 1.0 if s[H_VARIANT] == K.VARIANT_LIMITED else 0.0
    out[g + G_I_HAVE_PRIORITY] = 1.0 if (dec == K.Decision.PRIORITY and decider == me) else 0.0
    out[g + G_BLOCKED] = 1.0 if s[BLOCK_DECLARED] != 0 else 0.0
    for side in range(2):
        w = s[PLAYER_SHIELD + (me if side == 0 else op)]
        b = g + G_SHIELD + G_TURN_WORDS * side
        out[b] = 1.0 if (w & 1) != 0 else 0.0
        out[b + 1] = 1.0 if (w & K.OPP_DISCARDED_BIT) != 0 else 0.0
        out[b + 2] = 1.0 if (w & K.FORWARD_PUT_BREAK_BIT) != 0 else 0.0
        out[b + 3] = 1.0 if (w & K.PARTY_FORMED_BIT) != 0 else 0.0
        c = s[CAST_N + (me if side == 0 else op)]
        out[b + 4] = (c // K.CAST_UNIT) / 5.0
        out[b + 5] = 1.0 if (w & K.FORWARD_ATTACKED_BIT) != 0 else 0.0
        out[b + 6] = 1.0 if (w & K.RECEIVED_DAMAGE_BIT) != 0 else 0.0
        for e in range(K.N_ELEMENTS):
            out[b + 7 + e] = 1.0 if (w & (K.ENTERED_ELEMENT_BIT << e)) != 0 else 0.0
        out[g + G_SUMMONS_CAST + side] = (c % K.CAST_UNIT) / 5.0
    # own hand (the opponent's hand is hidden: only its count above) and both fields. Card rows: a
    # card's static columns (present, element, type, cost, printed power and keywords, id + 1: the
    # pool's obs_features row) are copied whole from the obs_rows table of T in one fixed-size copy
    # (engine.obsbuf.copy_card_row), then a field card's dynamic columns are written over them;
    # since the copy writes every column, only the rows past the written ones need clearing.
    # Writing the static columns one by one (a store, and mostly an int -> float conversion and a
    # division, per column) and zeroing the rows first cost ~70 more TSC cycles per decision: an
    # observation took 425-460 cycles in random play, 355-370 with the copy (2026-11-25; an earlier
    # copy through a numpy slice with a run-time stride was slower than the stores: the copy's size
    # must be a compile-time constant).
    hand_rows(game, s, T, ZT, Zone.HAND, me, me, out, OBS_HAND, HAND_SLOTS, False, over_previous)
    field_rows(game, s, T, ZT, Zone.FIELD, me, me, out, OBS_OWN_FIELD, FIELD_SLOTS, False, over_previous)
    field_rows(game, s, T, ZT, Zone.FIELD, op, me, out, OBS_OPP_FIELD, FIELD_SLOTS, False, over_previous)
    # attackers and blocker (CR 10.1.2.4 / 10.1.3.2), outside the Attack Phase's battles none
    for q in range(2 if s[ATK_N] > 0 or s[BLOCKER] >= 0 else 0):
        base = OBS_OWN_FIELD if q == 0 else OBS_OPP_FIELD
        who = me if q == 0 else op
        for i in range(s[FIELD_N + who]):
            slot = s[FIELD_L + who * FIELD_SLOTS + i]
            for k in range(s[ATK_N]):
                if s[ATK_L + k] == slot:
                    out[base + i * CARD_FEATURES + R_ATTACKING] = 1.0
            if s[BLOCKER] == slot:
                out[base + i * CARD_FEATURES + R_BLOCKING] = 1.0
    # stack, top first (public zone, CR 7.12.2)
    n = s[STACK_N]
    clear_block(out, OBS_STACK, STACK_ROWS, ENTRY_FEATURES, min(n, STACK_ROWS), over_previous)
    for k in range(min(n, STACK_ROWS)):
        e = STACK + (n - 1 - k) * ENTRY_W
        o = OBS_STACK + k * ENTRY_FEATURES
        cid = s[e + E_CARD]
        out[o + ST_PRESENT] = 1.0
        out[o + ST_MINE] = 1.0 if s[e + E_CTRL] == me else 0.0
        out[o + ST_IS_SUMMON] = 1.0 if s[e + E_KIND] == EK_SUMMON else 0.0
        out[o + ST_CARD_ID] = cid + 1.0
        if cid >= 0:
            out[o + ST_ELEMENT] = cards[cid, K.C_ELEMENT]
            out[o + ST_COST] = cards[cid, K.C_COST] / 10.0
        out[o + ST_TARGETS] = s[e + E_REGN]
        out[o + ST_TARGETS + 1] = s[e + E_REGN + 1]
        arow = s[e + E_ABIL]
        modal = arow >= 0 and abil[arow, K.A_CODE_LEN] > 0
        if modal and code[abil[arow, K.A_CODE_START], K.I_OP] == K.Op.SELECT_MODE:
            # a modal program: E_MODE holds the selected actions' bits (effects.select_mode); in any
            # other entry that word is a target's slot
            bits = s[e + E_MODE]
            for k in range(MAX_MODES):
                out[o + ST_MODES + k] = (bits >> k) & 1
    # each player's latest reveal (state.REVEALED: card ids), mine first: public, every player saw the cards
    zero_range(out, OBS_REVEALED, OBS_REVEALED + 2 * K.REVEAL_ROWS * REVEALED_FEATURES)
    for side in range(2):
        who = me if side == 0 else op
        for k in range(revealed_count(s, REVEALED_N, who)):
            cid = revealed_card(s, REVEALED, K.REVEAL_ROWS, who, k)
            o = OBS_REVEALED + (side * K.REVEAL_ROWS + k) * REVEALED_FEATURES
            out[o] = 1.0
            out[o + 1] = cid + 1.0
            out[o + 2] = cards[cid, K.C_ELEMENT]
            out[o + 3] = cards[cid, K.C_TYPE]
            out[o + 4] = cards[cid, K.C_COST] / 10.0
            out[o + 5] = cards[cid, K.C_POWER] / 10000.0
    # options of the pending choice, for its decider only
    has_options = dec == K.Decision.SELECT_CARD or dec == K.Decision.ORDER_TRIGGERS
    if dec == K.Decision.CHOOSE_TARGET:
        # the cards of the Break Zone a CHOOSE row may choose (effects.fill_break_targets): only in a pool that has
        # such a choice (FLAG_CHOOSE_BREAK; a rules variant's own CHOOSE_TARGET questions keep no filter row)
        ft = flag_table(T)
        if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_CHOOSE_BREAK) != 0 and 0 <= s[DEC_ARG] < filter_table(T).shape[0]:
            fz = filter_table(T)[s[DEC_ARG], K.F_ZONE]
            has_options = fz == K.FilterZone.BREAK or fz == K.FilterZone.STACK  # (choose_candidates' options)
    n_options = s[CAND_N] if decider == me and has_options else 0
    clear_block(out, OBS_OPTIONS, OPTION_SLOTS, OPTION_FEATURES, n_options, over_previous)
    for k in range(n_options):
        if dec != K.Decision.ORDER_TRIGGERS:
            slot = s[CAND + k]
        else:
            slot = s[pending_entry(game, s, me, s[CAND + k]) + PE_SLOT]
        cid = s[CARD + slot * CARD_W]
        o = OBS_OPTIONS + k * OPTION_FEATURES
        out[o + O_PRESENT] = 1.0
        out[o + O_CARD_ID] = cid + 1.0
        out[o + O_ELEMENT] = cards[cid, K.C_ELEMENT]
        out[o + O_TYPE] = cards[cid, K.C_TYPE]
        out[o + O_COST] = cards[cid, K.C_COST] / 10.0
        out[o + O_POWER] = cards[cid, K.C_POWER] / 10000.0
        out[o + O_MINE] = 1.0 if s[OWNER + slot * CARD_W] == me else 0.0
        out[o + O_ZONE] = s[ZONE + slot * CARD_W]


# the entity layout's names and order of before the layouts were declared, which saved networks
# were built with (policy.pt files of that time load unchanged): the row blocks' names (a block's
# encoder is ``enc_<name>``) and the pointers' order and names (the network's queries: hand, field
# card, its 2 abilities, opponent, option)
ENTITY_BLOCKS = {"hand": "hand", "own_field": "own", "opp_field": "opp", "options": "opt"}
ENTITY_POINTERS = {"hand": "hand", "own_field": "field", "ability": "ability", "opp_field": "opp_field",
                   "option": "option"}


def entity_layout():
    """The card-row blocks of the observation (``OBS``'s ``cards=True`` blocks) and the actions that
    point at their rows (``K.ACTIONS.pointers()``; :class:`tcg_env.spec.EntityLayout`;
    ``docs/fftcg/actions.md``): HAND i, OWN_FIELD i and ABILITY i,j name own hand / field row i,
    OPP_FIELD i the opponent's field row i, OPTION k option row k. PASS is free. The stack rows are
    context only (no action names them). Names and order are those of ``ENTITY_BLOCKS`` and
    ``ENTITY_POINTERS``."""
    from dataclasses import replace

    from tcg_env.engine.blocks import EntityLayout

    blocks = tuple(replace(b, name=ENTITY_BLOCKS[b.name]) for b in OBS.row_blocks())
    pointers = {p.name: replace(p, name=ENTITY_POINTERS[p.name], block=ENTITY_BLOCKS[p.block])
                for p in K.ACTIONS.pointers()}
    assert sorted(pointers) == sorted(ENTITY_POINTERS)
    return EntityLayout(OBS_SIZE, K.NUM_ACTIONS, blocks, tuple(pointers[n] for n in ENTITY_POINTERS)).check()
