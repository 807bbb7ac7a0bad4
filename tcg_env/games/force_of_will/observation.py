"""Force of Will observations: a flat float32 vector per player (blocks below).

Public and hidden zones (CR 302.2): the observer sees its own hand and standby area (CR 306.2,
310.2), its own rune area (CR 315.2), both fields, ruler areas, graveyards, the chase and the
revealed runes of both rune areas (public, CR 711.2); of the opponent's hand, main decks, magic
stone decks, extra decks, face-down standby cards and face-down runes only the counts (CR 302.2a).
So the vector never depends on what the observer cannot see (determinization keeps it). During the
mulligan (CR 403.5) the own hand rows show the cards chosen so far to change (DYN_PUT_BACK): the
chooser's own hidden choice, which the mask alone showed before.

Blocks: GLOBAL (GLOBAL_W values), then card rows of CARD_ROW_W columns: the card's static columns
from the tables' ``obs_rows`` (CARD_OBS_FEATURES), then the dynamic ones (DYN_*). Card blocks in
order: own hand (HAND_SLOTS), own field (FIELD_SLOTS), opponent's field (FIELD_SLOTS), the two
rulers (own first), the chase (CHASE_MAX, bottom first), own standby (STANDBY_SLOTS), each
graveyard's top GRAVE_ROWS (own first), the rune areas (RUNE_SLOTS rows each, own first, in list
order; a face-down rune of the opponent's is an empty row), then the candidates of the decider's
pending choice (OPTION_SLOTS rows, the decider's observation only: OPTION k / BOTTOM k is row k).

A card in a field is public, and so is everything it has now (CR 302.2): its row shows its ATK,
DEF, keywords (in the static keyword columns, KW_COL) and restrictions as the rules read them
(``characteristics.atk_of``, ``def_now``, ``keywords_now``, ``restrictions_now``: printed,
granted by one-time effects, and from the continuous abilities in the fields, ``aura_sums``), and
an addition's row names the field row of the card it is added to (DYN_ADDED_TO, CR 1002.1).
"""

from numba import njit

from tcg_env.engine.blocks import EntityLayout, ObsLayout, WordColumns
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_TURN
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.memory import stack_int64
from tcg_env.engine.obsbuf import clear_rows_after_at, columns_writer, copy_card_row, zero_range, zone_rows_writer
from tcg_env.engine.reveals import revealed_card, revealed_count
from tcg_env.engine.tables import card_table, flag_table
from tcg_env.engine.zones import zone_find, zone_offsets
from tcg_env.rules.modifiers import mod_total
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import CARD_OBS_FEATURES, CHASE_MAX, FIELD_SLOTS, HAND_SLOTS, Mod, Zone
from tcg_env.games.force_of_will.state import RESONATORS_TO_GRAVE  # session 22
from tcg_env.games.force_of_will.state import (
    ASTRAL, ATTACHED, ATTACKED, ATTACKER, BLOCKER, CALLED, CAND, CAND_N, CARD, CARD_W, CHASE, CHASE_N, CONTROLLER,
    FIELD_CAP,
    COUNTERS, DAMAGE, DEC_ARG, ENTERED, ENTRY_W, E_SLOT, E_X, GODS_ART_USED, JUDGED, LIFE, MANA, MARK, MT, NAMED,
    PRIORITY_PLAYER, PT, RESTED, REVEALED, REVEAL_IDS, RWILL, RWILL_N, REVEAL_N, SHIELDS, SHIELD_N, SHIELD_W, SH_AMOUNT, SH_KIND, SH_PLAYER, SH_SLOT,
    STEP, TURNS_TAKEN, TURN_PLAYER, WEATHER, WILL, ZONE, ZONES, ZT, GEMS
)
from tcg_env.games.force_of_will.characteristics import AURA_ALL

GRAVE_ROWS = 8
assert K.REMNANT_ROWS <= GRAVE_ROWS  # [Remnant]'s OPTION k names row k of own graveyard (constants)
_COUNTED = (Zone.MAIN_DECK, Zone.STONE_DECK, Zone.HAND, Zone.GRAVEYARD, Zone.STANDBY, Zone.REMOVED, Zone.EXTRA_DECK,
            Zone.RUNE_AREA)

# the global columns, each named once with its state word (blocks.WordColumns): the core writes
# the sourced ones (write_globals), observe_into the others
GLOBALS = WordColumns()
GLOBALS.scaled("turn_div50", H_TURN, 50)
GLOBALS.is_player("is_turn_player", TURN_PLAYER)
GLOBALS.is_player("is_decider", H_DECIDER)
GLOBALS.is_player("has_priority", PRIORITY_PLAYER)
GLOBALS.onehot("decision", H_DECISION, K.Decision)
GLOBALS.onehot("step", STEP, K.Step)
GLOBALS.pair("life_div4000", LIFE, 4000)
# the will pool, public (CR 907.4): each attribute, void, then moon will (CR 907.6a, session 21)
GLOBALS.players([(f"will_{a}_div10", WILL + i, 10) for i, a in enumerate((*K.ATTRIBUTE_NAMES, "void", "moon"))],
                stride=K.N_WILL)
GLOBALS.players([(f"{z.name.lower()}_div20", ZONES.lists[z][1], 20) for z in _COUNTED])  # (a zone's count word)
GLOBALS.players([("called", CALLED, 1), ("judged", JUDGED, 1), ("astral", ASTRAL, 1),
                 ("turns_taken_div20", None, None)])  # observe_into: at most 20 turns
GLOBALS.scaled("chase_div12", CHASE_N, CHASE_MAX)
GLOBALS.written(
    "battle_on", "attacked_is_player", "blocker_declared",
    "pierce_assigned_div1000",  # PIERCE decision: damage assigned to the blocker so far (CR 1102.2b)
    "my_divinity_div10", "opp_divinity_div10",  # remaining divinity (CR 711.2a; -0.1: no [Divinity])
    "x_max_div10",  # CHOOSE_X decision: the largest X the player may choose (CR 903.2f)
    "my_prevent_div1000", "opp_prevent_div1000",  # damage to the player still to prevent (SHIELD_PREVENT_ALL: all)
    # produced will restricted in use ("Spend this will only to play <cards>", state.RWILL; public as the will
    # columns are, CR 907.4), per will kind, mine then the opponent's; not in the will columns above (v7)
    *[f"{side}_restricted_will_{a}_div10" for side in ("my", "opp") for a in (*K.ATTRIBUTE_NAMES, "void", "moon")],
)  # fmt: skip
# each player's weather (CR 1028, state.WEATHER; "The weather is rain until end of turn"): public, as the effect that set
# it was (v7)
GLOBALS.pair_onehot("weather", WEATHER, K.Weather)
# the resonators put into a graveyard from each player's field this turn (state.RESONATORS_TO_GRAVE; public: the moves
# were; session 22)
GLOBALS.pair("resonators_to_graveyard_div10", RESONATORS_TO_GRAVE, 10)
# the gems in each player's item area, per attribute (state.GEMS; public, CR 313.1; session 23)
GLOBALS.players([(f"gems_{a}_div5", GEMS + i, 5) for i, a in enumerate(K.ATTRIBUTE_NAMES)], stride=K.N_ATTRIBUTES)
GLOBAL_COLUMNS = GLOBALS.names
write_globals = columns_writer(GLOBALS, "write_globals")

# a prevention shield's amount in the observation (/ 1000): "prevent all" (CR 1018.1b) as 4000
SHIELD_PREVENT_ALL = 4.0

# a card row: the card's static columns (cards.card_obs_features, the tables' obs_rows), then its state
STATIC_COLUMNS = [
    "present",
    *[f"type_{t.name.lower()}" for t in K.CardType],
    *[f"attr_{a}" for a in K.ATTRIBUTE_NAMES],
    "cost_div10", "printed_atk_div1000", "printed_def_div1000",
    *[f"kw_{name}" for name in K.KEYWORD_BITS],  # the keywords it has now there (KW_* bits, in bit order)
    "stealth", "card_id_plus1",
]  # fmt: skip
assert len(STATIC_COLUMNS) == CARD_OBS_FEATURES
DYN_COLUMNS = [
    "in_row",  # 1: the row shows a card (engine.obsbuf's written-row marker)
    "mine", "rested", "damage_div1000", "atk_div1000", "def_div1000", "counters_div5",
    "attacker", "blocker", "attacked",
    "new",  # entered the field this turn
    "mana_div5",  # mana counters (CR 1122)
    "revealed",  # a revealed rune (CR 711.2)
    "put_back",  # an own hand card chosen to change in the mulligan (CR 403.5: its chooser's, hidden)
    "x_div10",  # a chase row: the X chosen for the entry (CR 903.2f)
    "prevent_div1000",  # damage to the card still to prevent (SHIELD_PREVENT_ALL: all; CR 1018)
    "destroy_shield",  # its next destruction is replaced this turn (CR 910: a shield of a one-time effect)
    "gods_art_used",  # its [God's Art] names its controller has played this game (CR 1112.2a; public)
    # its restrictions now (RESTRICT_*, continuous abilities included): cannot attack / block, does not
    # recover; cannot be blocked (CR 804.3) / be attacked (CR 803.3b): what the opponent's choices read
    "cant_attack", "cant_block", "cant_recover", "cant_be_blocked", "cant_be_attacked",
    "cant_be_targeted",  # "cannot be targeted by spells or abilities" (CR 903.2g: no target of anyone's; v6)
    # an addition added to a card (CR 1002.1): (that card's field row + 1) / FIELD_SLOTS, 0: none; and
    # whether that row is in my field (1) or the opponent's (0)
    "added_to", "added_to_mine",
    # named counters (CR 1022.1; public, session 21): per slot of state.NAMED (constants.NC_SLOTS) the kind (the pool's
    # counter_ids id / NC_MAX_KINDS, 0: none) and how many / 5
    "named_kind_a", "named_counters_a_div5", "named_kind_b", "named_counters_b_div5",
]  # fmt: skip
CARD_COLUMNS = [*STATIC_COLUMNS, *DYN_COLUMNS]

# The flat observation, declared once (tcg_env.engine.blocks): the offsets below, the views
# (obs_columns), the entity layout's card-row blocks and the column lists of
# docs/force_of_will/observations.md (tests/force_of_will/test_layouts.py) come from it.
OBS = ObsLayout("force_of_will")
GLOBAL = OBS.add("global", GLOBAL_COLUMNS, doc="the global columns")
HAND = OBS.add("hand", CARD_COLUMNS, rows=HAND_SLOTS, cards=True,
               doc="own hand, in hand order (`play` i, `standby_put` i, `select` i)")
MY_FIELD = OBS.add("my_field", CARD_COLUMNS, rows=FIELD_SLOTS, cards=True,
                   doc="own field, in field order (`will_a` / `will_b` / `activate` / `own_field` i)")
OPP_FIELD = OBS.add("opp_field", CARD_COLUMNS, rows=FIELD_SLOTS, cards=True, doc="the opponent's field (`opp_field` i)")
RULERS = OBS.add("rulers", CARD_COLUMNS, rows=2, cards=True,
                 doc="own ruler, the opponent's (while in the ruler area; a J-ruler is in its field)")
CHASE_ROWS = OBS.add("chase", CARD_COLUMNS, rows=CHASE_MAX, cards=True,
                     doc="the source card of each chase entry, bottom first (a rune's copy, CR 711.2), with the "
                     "entry's X")
STANDBY_ROWS = OBS.add("standby", CARD_COLUMNS, rows=K.STANDBY_SLOTS, cards=True,
                       doc="own standby area (`standby_play` i)")
GRAVEYARDS = OBS.add("graveyards", CARD_COLUMNS, rows=2 * GRAVE_ROWS, cards=True,
                     doc=f"the top {GRAVE_ROWS} cards of own graveyard, then of the opponent's (top first)")
RUNES = OBS.add("runes", CARD_COLUMNS, rows=2 * K.RUNE_SLOTS, cards=True,
                doc="own rune area, every rune (`rune` i), then the opponent's in its list order: a revealed "
                "rune's row, an empty row for a face-down one")
CANDIDATES = OBS.add("candidates", CARD_COLUMNS, rows=K.OPTION_SLOTS, cards=True,
                     doc="the candidates of my pending choice (`option` k, `bottom` k: row k)")
# each player's latest reveal (CR 1005.1: shown to every player): the card's static columns, by card id (what was
# shown, not where the card is now: a determinization deals the hidden zones' cards anew; engine.reveals)
REVEALED_ROWS = OBS.add("revealed", STATIC_COLUMNS, rows=2 * K.REVEAL_ROWS,
                        doc=f"the cards of my latest reveal, then my opponent's ({K.REVEAL_ROWS} rows each; shown to "
                        "both players, CR 1005.1): \"reveal the top N cards\" top first, or the card a search "
                        "revealed")
OBS_SIZE = OBS.size

GLOBAL_W = GLOBAL.size
CARD_ROW_W = len(CARD_COLUMNS)
B_HAND = HAND.base
B_FIELD = MY_FIELD.base
B_OPP_FIELD = OPP_FIELD.base
B_RULERS = RULERS.base
B_CHASE = CHASE_ROWS.base
B_STANDBY = STANDBY_ROWS.base
B_GRAVE = GRAVEYARDS.base
B_RUNES = RUNES.base
B_CAND = CANDIDATES.base
B_REVEALED = REVEALED_ROWS.base

# global columns the kernel writes (the global block starts at column 0)
G_LIFE = GLOBAL.col("my_life_div4000")  # + 0 own, 1 the opponent's
G_TURNS_TAKEN = (GLOBAL.col("my_turns_taken_div20"), GLOBAL.col("opp_turns_taken_div20"))
G_BATTLE = GLOBAL.col("battle_on")  # + 0 a battle, 1 the attacked object is the player, 2 a blocker
G_PIERCE = GLOBAL.col("pierce_assigned_div1000")
G_DIVINITY = GLOBAL.col("my_divinity_div10")  # + side
G_X_MAX = GLOBAL.col("x_max_div10")
G_PREVENT = GLOBAL.col("my_prevent_div1000")  # + side
G_RWILL = GLOBAL.col("my_restricted_will_light_div10")  # + side * N_WILL + will kind

# a card row's state columns, from the row's first state column (CARD_OBS_FEATURES)
DYN_PRESENT = DYN_COLUMNS.index("in_row")
DYN_MINE = DYN_COLUMNS.index("mine")
DYN_RESTED = DYN_COLUMNS.index("rested")
DYN_DAMAGE = DYN_COLUMNS.index("damage_div1000")
DYN_ATK = DYN_COLUMNS.index("atk_div1000")
DYN_DEF = DYN_COLUMNS.index("def_div1000")
DYN_COUNTERS = DYN_COLUMNS.index("counters_div5")
DYN_ATTACKER = DYN_COLUMNS.index("attacker")
DYN_BLOCKER = DYN_COLUMNS.index("blocker")
DYN_ATTACKED = DYN_COLUMNS.index("attacked")
DYN_NEW = DYN_COLUMNS.index("new")
DYN_MANA = DYN_COLUMNS.index("mana_div5")
DYN_REVEALED = DYN_COLUMNS.index("revealed")
DYN_PUT_BACK = DYN_COLUMNS.index("put_back")
DYN_X = DYN_COLUMNS.index("x_div10")
DYN_PREVENT = DYN_COLUMNS.index("prevent_div1000")
DYN_DESTROY_SHIELD = DYN_COLUMNS.index("destroy_shield")
DYN_GODS_ART_USED = DYN_COLUMNS.index("gods_art_used")
DYN_CANT_ATTACK = DYN_COLUMNS.index("cant_attack")
DYN_CANT_BLOCK = DYN_COLUMNS.index("cant_block")
DYN_CANT_RECOVER = DYN_COLUMNS.index("cant_recover")
DYN_CANT_BE_BLOCKED = DYN_COLUMNS.index("cant_be_blocked")
DYN_CANT_BE_ATTACKED = DYN_COLUMNS.index("cant_be_attacked")
DYN_CANT_BE_TARGETED = DYN_COLUMNS.index("cant_be_targeted")
DYN_ADDED_TO = DYN_COLUMNS.index("added_to")
DYN_ADDED_TO_MINE = DYN_COLUMNS.index("added_to_mine")
DYN_NAMED = DYN_COLUMNS.index("named_kind_a")  # + 2 * slot: kind, + 2 * slot + 1: count
DYN_W = len(DYN_COLUMNS)

# the static columns that show a card's keywords (bit b of KW_* is column KW_COL + b); a card row
# shows the keywords the card has now there, not only the printed ones
KW_COL = STATIC_COLUMNS.index("kw_pierce")
N_KEYWORDS = len(K.KEYWORD_BITS)

# the entity layout's pointers in the order saved entity networks were built with (their query
# layout follows it; the action blocks' own order differs)
ENTITY_POINTERS = ("play", "standby_put", "select", "will_a", "will_b", "activate", "own_field", "opp_field",
                   "ruler_activate", "standby_play", "awaken", "incarnate", "rune", "option", "bottom")


def entity_layout():
    """The card-row blocks of the observation (``OBS``'s ``cards=True`` blocks, in observation
    order) and the actions that point at their rows (:class:`tcg_env.spec.EntityLayout`;
    docs/force_of_will/actions.md): the action blocks declared ``points_at`` (``K.ACTIONS.pointers()``):
    play / standby_put / select / awaken / incarnate hand card i name hand row i; will_a, will_b,
    activate (per ability) and own_field position i my field row i; opp_field position i the
    opponent's field row i; the ruler's abilities the first ruler row; standby_play i standby row
    i; rune i rune row i (the own rune area); option k and bottom k candidate row k (a target,
    a searched card, a foreseen card, an automatic ability's source). Rows follow the zone lists, as
    the actions do. pass, judgment, call_stone, battle and attack_player are free (and option k
    where the decision has no candidates: X = k, "yes"). The pointers are in ``ENTITY_POINTERS``'
    order, which saved networks follow."""
    pointers = {p.name: p for p in K.ACTIONS.pointers()}
    assert sorted(pointers) == sorted(ENTITY_POINTERS)
    return EntityLayout(OBS_SIZE, K.NUM_ACTIONS, OBS.row_blocks(), tuple(pointers[n] for n in ENTITY_POINTERS)).check()


@internal_inline
def card_row(game, s, T, player, slot, obs, o):
    """One card's row at ``o``, every column: its static columns and its state; its ATK, DEF,
    keywords and restrictions without the continuous abilities (``extra_columns`` writes the
    keywords one-time effects granted, the restrictions and an addition's card;
    ``in_field_columns`` adds the continuous abilities). The state is read before the row is
    written (the compiler cannot tell the row from the state, and reloads what it reads after a
    store)."""
    w = slot * CARD_W
    cid = s[CARD + w]
    ctrl = s[CONTROLLER + w]
    rested = s[RESTED + w]
    dmg = s[DAMAGE + w]
    atk = game.base_atk(s, T, slot)
    df = game.base_def(s, T, slot)
    # keywords granted by one-time effects, restrictions, the card an addition is added to: most
    # rows have none, and write zeros (extra_columns writes the others): computing the columns for
    # every row cost ~10% of an observation in random play (2 cores shared, min of 3 x 60 passes)
    # (a card that lost all its abilities, CR 909.1d, shows no printed keyword: extra_columns; one flag read in pools
    # without such an instruction)
    extra = (mod_total(s, MT, slot, Mod.KEYWORDS) | mod_total(s, MT, slot, Mod.RESTRICTIONS)) != 0 \
        or s[ATTACHED + w] >= 0 or game.abilities_lost(s, T, slot)
    cnt = s[COUNTERS + w]
    new = s[ENTERED + w] == s[H_TURN]
    attacker = s[ATTACKER]
    blocker = s[BLOCKER]
    attacked = s[ATTACKED]
    mana = s[MANA + w]
    named = s[NAMED + w]
    revealed = s[REVEALED + w]
    # set on hand cards during the mulligan (the hand is its owner's, CR 306.2) and on a chase card played by [Remnant]
    # (CR 1115.2, play.play_from_grave: it was played from a public zone, the graveyard)
    put_back = s[MARK + w]
    arts = card_table(T)[cid, K.C_GODS_ARTS] & s[GODS_ART_USED + ctrl]
    copy_card_row(obs, o, T, cid, CARD_OBS_FEATURES)
    d = o + CARD_OBS_FEATURES
    obs[d + DYN_PRESENT] = 1.0
    obs[d + DYN_MINE] = 1.0 if ctrl == player else 0.0
    obs[d + DYN_RESTED] = rested
    obs[d + DYN_DAMAGE] = dmg / 1000.0
    obs[d + DYN_ATK] = atk / 1000.0
    obs[d + DYN_DEF] = df / 1000.0
    obs[d + DYN_COUNTERS] = cnt / 5.0
    obs[d + DYN_ATTACKER] = 1.0 if attacker == slot else 0.0
    obs[d + DYN_BLOCKER] = 1.0 if blocker == slot else 0.0
    obs[d + DYN_ATTACKED] = 1.0 if attacked == slot and attacker >= 0 else 0.0
    obs[d + DYN_NEW] = 1.0 if new else 0.0
    obs[d + DYN_MANA] = mana / 5.0
    obs[d + DYN_REVEALED] = revealed
    obs[d + DYN_PUT_BACK] = put_back
    obs[d + DYN_X] = 0.0
    obs[d + DYN_PREVENT] = 0.0
    obs[d + DYN_DESTROY_SHIELD] = 0.0
    used = 0  # a card has at most ABILITIES_PER_CARD of them
    while arts != 0:
        arts &= arts - 1
        used += 1
    obs[d + DYN_GODS_ART_USED] = used
    obs[d + DYN_CANT_ATTACK] = 0.0
    obs[d + DYN_CANT_BLOCK] = 0.0
    obs[d + DYN_CANT_RECOVER] = 0.0
    obs[d + DYN_CANT_BE_BLOCKED] = 0.0
    obs[d + DYN_CANT_BE_ATTACKED] = 0.0
    obs[d + DYN_CANT_BE_TARGETED] = 0.0
    obs[d + DYN_ADDED_TO] = 0.0
    obs[d + DYN_ADDED_TO_MINE] = 0.0
    for k in range(K.NC_SLOTS):
        e = (named >> (k * K.NC_SLOT_BITS)) & ((1 << K.NC_SLOT_BITS) - 1)
        obs[d + DYN_NAMED + 2 * k] = (e & K.NC_KIND_MASK) / K.NC_MAX_KINDS
        obs[d + DYN_NAMED + 2 * k + 1] = (e >> K.NC_KIND_BITS) / 5.0
    if extra:
        game.extra_columns(s, T, player, slot, obs, o)


@internal
def extra_columns(game, s, T, player, slot, obs, o):
    """The columns of the row at ``o`` of a card (``slot``) with keywords granted by one-time
    effects (CR 302.2: as public as printed ones), restrictions, or added to a card (an
    addition, CR 1002.1), without the continuous abilities (``in_field_columns`` adds them)."""
    w = slot * CARD_W
    if mod_total(s, MT, slot, Mod.KEYWORDS) != 0 or game.abilities_lost(s, T, slot):
        # session 34: a card that lost all its abilities (CR 909.1d) has no printed keyword either (base_keywords): the
        # static columns' printed keywords are overwritten, as keywords_of reads them
        keyword_columns(obs, o, game.base_keywords(s, T, slot))
    restriction_columns(obs, o, game.base_restrictions(s, slot))
    added = game.added_to_row(s, s[ATTACHED + w], player)
    d = o + CARD_OBS_FEATURES
    obs[d + DYN_ADDED_TO] = abs(added) / FIELD_SLOTS
    obs[d + DYN_ADDED_TO_MINE] = 1.0 if added > 0 else 0.0


@internal_inline
def keyword_columns(obs, o, kw):
    """The keyword columns of the row at ``o``: the KW_* bits ``kw``."""
    for b in range(N_KEYWORDS):
        obs[o + KW_COL + b] = (kw >> b) & 1


@internal_inline
def restriction_columns(obs, o, rst):
    """The restriction columns of the row at ``o``: the RESTRICT_* bits ``rst``."""
    d = o + CARD_OBS_FEATURES
    obs[d + DYN_CANT_ATTACK] = 1.0 if (rst & K.RESTRICT_CANT_ATTACK) != 0 else 0.0
    obs[d + DYN_CANT_BLOCK] = 1.0 if (rst & K.RESTRICT_CANT_BLOCK) != 0 else 0.0
    obs[d + DYN_CANT_RECOVER] = 1.0 if (rst & K.RESTRICT_CANT_RECOVER) != 0 else 0.0
    obs[d + DYN_CANT_BE_BLOCKED] = 1.0 if (rst & K.RESTRICT_CANT_BE_BLOCKED) != 0 else 0.0
    obs[d + DYN_CANT_BE_ATTACKED] = 1.0 if (rst & K.RESTRICT_CANT_BE_ATTACKED) != 0 else 0.0
    obs[d + DYN_CANT_BE_TARGETED] = 1.0 if (rst & K.RESTRICT_CANT_BE_TARGETED) != 0 else 0.0


@internal
def added_to_row(s, target, player):
    """The field row of ``target``, the card an addition is added to (CR 1002.1; -1: none), as
    ``player`` sees it: row + 1 in ``player``'s field, -(row + 1) in the opponent's, 0 for none.
    A card is added to a card in a field (a J-ruler is in its field, CR 705.3), listed by its
    controller (CR 307.8a)."""
    if target < 0:
        return 0
    ctrl = s[CONTROLLER + target * CARD_W]
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, ctrl)
    i = zone_find(s, n_off, l_off, target)
    if i < 0:
        return 0
    return i + 1 if ctrl == player else -(i + 1)


# the block of a list zone: its first (from_top: last) rows cards, then zero rows (engine.obsbuf:
# every written row has 1 in its DYN_PRESENT column)
zone_rows = zone_rows_writer(card_row, CARD_ROW_W, CARD_OBS_FEATURES + DYN_PRESENT, "zone_rows")


@internal
def shield_amount(s, k):
    """Shield ``k``'s damage still to prevent, as the observation shows it (/ 1000)."""
    a = s[SHIELDS + k * SHIELD_W + SH_AMOUNT]
    return SHIELD_PREVENT_ALL if a <= 0 else a / 1000.0  # -1: "the next damage", all of it (replacement.prevent_damage)


@internal
def shield_columns(game, s, slot, obs, o):
    """The shields on card ``slot`` into the row at ``o`` (CR 910, 1018: each shield of a one-time
    effect on a card protects it until the end of the turn, used up, or the card leaves the field)."""
    for k in range(s[SHIELD_N]):
        e = SHIELDS + k * SHIELD_W
        if s[e + SH_SLOT] == slot:
            d = o + CARD_OBS_FEATURES
            if s[e + SH_KIND] == K.Shield.PREVENT:
                obs[d + DYN_PREVENT] = obs[d + DYN_PREVENT] + game.shield_amount(s, k)
            elif s[e + SH_KIND] == K.Shield.NO_RECOVER:
                obs[d + DYN_CANT_RECOVER] = 1.0  # as long as its source is in the field (Op.LOCK_RECOVER)
            elif s[e + SH_KIND] != K.Shield.DELAYED_END:  # (a delayed ability about the card protects nothing)
                obs[d + DYN_DESTROY_SHIELD] = 1.0


@internal_inline
def in_field_values(game, s, T, slot, obs, o, atk, df, kw, rst):
    """The columns of the row at ``o`` that only a card in a field (``slot``) has beyond
    ``card_row``'s: ATK, DEF, keywords and restrictions with the sums ``atk``, ``df``, ``kw``,
    ``rst`` of the continuous abilities that apply to it (CR 909; ``characteristics.aura_sums``),
    and its shields. A sum of 0 leaves its columns as ``card_row`` wrote them (the card's own
    values: the same numbers), so most rows read no modifier here."""
    if s[ZONE + slot * CARD_W] == Zone.FIELD:
        d = o + CARD_OBS_FEATURES
        if atk != 0:
            obs[d + DYN_ATK] = (game.base_atk(s, T, slot) + atk) / 1000.0
        if df != 0:
            obs[d + DYN_DEF] = (game.base_def(s, T, slot) + df) / 1000.0
        # CR 302.2: a keyword or a restriction a continuous ability grants is public (the card's own
        # ones are in the row already: card_row, extra_columns)
        if kw != 0:
            keyword_columns(obs, o, game.base_keywords(s, T, slot) | kw)
        if rst != 0:
            restriction_columns(obs, o, game.base_restrictions(s, slot) | rst)
        if s[SHIELD_N] > 0:
            game.shield_columns(s, slot, obs, o)


@internal
def in_field_columns(game, s, T, slot, obs, o, cont):
    """``in_field_values`` with the continuous abilities read for ``slot`` alone (``cont``:
    ``characteristics.continuous_in_field``, 0 for none), as the rules read them, by
    ``characteristics.aura_sums`` (``atk_of``, ``keywords_now``, ``restrictions_now``: the card's
    own values and theirs), all kinds in one reading."""
    atk, df, kw, rst = game.aura_sums(s, T, slot, AURA_ALL, cont)
    in_field_values(game, s, T, slot, obs, o, atk, df, kw, rst)


@internal_inline
def field_position(s, slot, n0):
    """The position of ``slot`` in ``characteristics.field_aura_sums``' order (player 0's field,
    then player 1's), -1 when it is in no field list."""
    if s[ZONE + slot * CARD_W] != Zone.FIELD:
        return -1
    ctrl = s[CONTROLLER + slot * CARD_W]
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, ctrl)
    i = zone_find(s, n_off, l_off, slot)
    if i < 0:
        return -1
    return i + (n0 if ctrl == 1 else 0)


@internal_inline
def summed_columns(game, s, T, slot, obs, o, sums, n0, cont):
    """``in_field_columns`` for a row whose card may be in a field, its sums read from ``sums``
    (``field_aura_sums``) where it is in a field list."""
    t = field_position(s, slot, n0)
    if t < 0:
        game.in_field_columns(s, T, slot, obs, o, cont)
    else:
        in_field_values(game, s, T, slot, obs, o, sums[4 * t], sums[4 * t + 1], sums[4 * t + 2], sums[4 * t + 3])


# field_aura_rows' sums: 4 words for each position of both fields
SUMS_WORDS = 4 * 2 * FIELD_CAP


@internal
def field_aura_rows(game, s, T, me, obs, cont):
    """``in_field_columns`` for every row that can show a card in a field (``in_field_rows``), the
    continuous abilities (``cont`` != 0) read once for the fields
    (``characteristics.field_aura_sums``: each ability's condition and count once, not once per
    card read; the same sums), into a scratch buffer on the stack (``engine.memory.stack_int64``:
    the row kernels are compiled without numba's runtime and allocate no array)."""
    n0_off, l0_off = zone_offsets(ZT, Zone.FIELD, 0)
    n1_off, l1_off = zone_offsets(ZT, Zone.FIELD, 1)
    n0 = s[n0_off]
    sums = stack_int64(SUMS_WORDS)  # on the stack: an ``internal`` kernel allocates no array (engine.memory)
    for t in range(4 * (n0 + s[n1_off])):
        sums[t] = 0
    game.field_aura_sums(s, T, AURA_ALL, cont, sums)
    for q in range(2):
        pl = me if q == 0 else 1 - me
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, pl)
        base = B_FIELD if q == 0 else B_OPP_FIELD
        first = 0 if pl == 0 else n0
        for i in range(min(s[n_off], FIELD_SLOTS)):
            t = 4 * (first + i)
            in_field_values(game, s, T, s[l_off + i], obs, base + i * CARD_ROW_W, sums[t], sums[t + 1], sums[t + 2],
                            sums[t + 3])
    for k in range(2):
        slot = (me if k == 0 else 1 - me) * K.PLAYER_SLOTS + K.RULER_SLOT
        if s[CARD + slot * CARD_W] >= 0:
            summed_columns(game, s, T, slot, obs, B_RULERS + k * CARD_ROW_W, sums, n0, cont)
    for i in range(s[CHASE_N]):
        src = s[CHASE + i * ENTRY_W + E_SLOT]
        if src >= 0:
            summed_columns(game, s, T, src, obs, B_CHASE + i * CARD_ROW_W, sums, n0, cont)
    kind = s[H_DECISION]
    if s[H_DECIDER] == me and kind != K.Decision.SEARCH:  # a searched card is a card id, in no field
        for k in range(game.candidate_count(s, me)):
            summed_columns(game, s, T, game.candidate_slot(s, me, k), obs, B_CAND + k * CARD_ROW_W, sums, n0, cont)


@internal_inline  # one caller: inlined into it (engine.jit)
def in_field_rows(game, s, T, me, obs, cont):
    """``in_field_columns`` for every row that can show a card in a field: both fields, the rulers
    (a J-ruler), the chase (the source of an activate ability); and each player's shields. With a
    continuous ability in a field (``cont`` != 0), ``field_aura_rows`` reads them once for all."""
    for k in range(s[SHIELD_N]):
        e = SHIELDS + k * SHIELD_W
        if s[e + SH_SLOT] < 0 and s[e + SH_KIND] == K.Shield.PREVENT:
            g = G_PREVENT + (0 if s[e + SH_PLAYER] == me else 1)
            obs[g] = obs[g] + game.shield_amount(s, k)
    if cont != 0:
        game.field_aura_rows(s, T, me, obs, cont)
        return
    for q in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, me if q == 0 else 1 - me)
        base = B_FIELD if q == 0 else B_OPP_FIELD
        for i in range(min(s[n_off], FIELD_SLOTS)):
            game.in_field_columns(s, T, s[l_off + i], obs, base + i * CARD_ROW_W, 0)
    for k in range(2):
        slot = (me if k == 0 else 1 - me) * K.PLAYER_SLOTS + K.RULER_SLOT
        if s[CARD + slot * CARD_W] >= 0:
            game.in_field_columns(s, T, slot, obs, B_RULERS + k * CARD_ROW_W, 0)
    for i in range(s[CHASE_N]):
        src = s[CHASE + i * ENTRY_W + E_SLOT]
        if src >= 0:
            game.in_field_columns(s, T, src, obs, B_CHASE + i * CARD_ROW_W, 0)
    kind = s[H_DECISION]
    if s[H_DECIDER] == me and kind != K.Decision.SEARCH:  # a searched card is a card id, in no field
        for k in range(game.candidate_count(s, me)):
            game.in_field_columns(s, T, game.candidate_slot(s, me, k), obs, B_CAND + k * CARD_ROW_W, 0)


@internal
def candidate_count(s, me):
    """How many candidate rows ``me``'s observation shows: the candidates CAND of the decider's
    choice when ``me`` decides one whose options they are (card slots: targets, foreseen cards;
    card ids: SEARCH; pending automatic abilities: ORDER_AUTOMATIC), else 0."""
    kind = s[H_DECISION]
    if s[H_DECIDER] == me and (kind == K.Decision.CHOOSE_TARGET or kind == K.Decision.SEARCH
                               or kind == K.Decision.FORESEE or kind == K.Decision.ORDER_AUTOMATIC):
        return min(s[CAND_N], K.OPTION_SLOTS)
    return 0


@internal
def candidate_slot(s, me, k):
    """The card slot of candidate ``k`` (not SEARCH: its candidates are card ids): an automatic
    ability to order (CR 906.5) shows its source card."""
    c = s[CAND + k]
    if c >= K.ABILITY_REF:  # session 34 (s34b): an ability on the chase shows its source card (CR 903.2d)
        return s[CHASE + (c - K.ABILITY_REF) * ENTRY_W + E_SLOT]
    return s[PT + (me * K.PENDING_MAX + c) * 3] if s[H_DECISION] == K.Decision.ORDER_AUTOMATIC else c


@internal
def candidate_rows(game, s, T, me, obs, over_previous):
    """The candidates of the decider's pending choice, row k for OPTION k (and BOTTOM k), in the
    decider's observation only: what it looks at in a search (CR 1014.2) or a foresee (CR 1034.1)
    is hidden from its opponent (CR 302.2), and a choice's candidates matter only to the player
    making it. A searched card is a card id (its static columns only); an automatic ability to order
    (CR 906.5) shows its source card."""
    kind = s[H_DECISION]
    n = game.candidate_count(s, me)
    clear_rows_after_at(obs, B_CAND, K.OPTION_SLOTS, CARD_ROW_W, n, over_previous, CARD_OBS_FEATURES + DYN_PRESENT)
    for k in range(n):
        o = B_CAND + k * CARD_ROW_W
        if kind == K.Decision.SEARCH:
            zero_range(obs, o, o + CARD_ROW_W)
            if s[CAND + k] >= 0:  # SEARCH_MORE (the next page of a search): a row with no card
                copy_card_row(obs, o, T, s[CAND + k], CARD_OBS_FEATURES)
            obs[o + CARD_OBS_FEATURES + DYN_PRESENT] = 1.0
        else:
            card_row(game, s, T, me, game.candidate_slot(s, me, k), obs, o)


@internal
def revealed_rows(s, T, me, obs):
    """The `revealed` block: each player's latest reveal (state.REVEAL_IDS), mine first, public (CR
    1005.1: every player saw the cards); its card ids' static columns."""
    zero_range(obs, B_REVEALED, B_REVEALED + 2 * K.REVEAL_ROWS * CARD_OBS_FEATURES)
    for side in range(2):
        who = me if side == 0 else 1 - me
        for k in range(revealed_count(s, REVEAL_N, who)):
            copy_card_row(obs, B_REVEALED + (side * K.REVEAL_ROWS + k) * CARD_OBS_FEATURES, T,
                          revealed_card(s, REVEAL_IDS, K.REVEAL_ROWS, who, k), CARD_OBS_FEATURES)


@njit(cache=True)
def observe_row(game, s, T, player, obs):
    """Write ``player``'s observation into ``obs[:OBS_SIZE]`` (whatever ``obs`` held before)."""
    game.observe_into(s, T, player, obs, False)


@internal
def observe_into(game, s, T, player, obs, over_previous):
    """``observe_row``; with ``over_previous`` True, ``obs`` must hold an observation this function
    wrote (of any state or player): each card row is written whole, so only the rows past the
    written ones that may be non-zero are cleared (``engine.obsbuf``; random play passes True from
    a row's second decision of a call on). Zeroing the whole vector (16.8 KiB) and reading every
    field card's ATK and DEF through ``characteristics.aura`` (a scan of both fields each) cost
    most of an observation (docs/performance-log.md, 2026-11-26)."""
    zero_range(obs, 0, GLOBAL_W)
    me = player
    op = 1 - player
    write_globals(s, me, obs, 0)
    obs[G_TURNS_TAKEN[0]] = min(s[TURNS_TAKEN + me], 20) / 20.0
    obs[G_TURNS_TAKEN[1]] = min(s[TURNS_TAKEN + op], 20) / 20.0
    obs[G_BATTLE] = 1.0 if s[ATTACKER] >= 0 else 0.0
    obs[G_BATTLE + 1] = 1.0 if s[ATTACKER] >= 0 and s[ATTACKED] == K.ATTACKED_PLAYER else 0.0
    obs[G_BATTLE + 2] = 1.0 if s[BLOCKER] >= 0 else 0.0
    if s[H_DECISION] == K.Decision.PIERCE:
        obs[G_PIERCE] = s[DEC_ARG] / 1000.0
    obs[G_DIVINITY] = game.remaining_divinity(s, T, me) / 10.0
    obs[G_DIVINITY + 1] = game.remaining_divinity(s, T, op) / 10.0
    if s[H_DECISION] == K.Decision.CHOOSE_X:
        obs[G_X_MAX] = s[DEC_ARG] / 10.0
    if s[RWILL_N] + s[RWILL_N + 1] > 0:  # only a pool with "Spend this will only ..." makes any
        for k in range(2):
            p = me if k == 0 else op
            for e in range(s[RWILL_N + p]):
                w = RWILL + (p * K.RW_MAX + e) * K.RW_W
                obs[G_RWILL + k * K.N_WILL + s[w + K.RW_WILL]] += s[w + K.RW_COUNT] / 10.0
    ov = over_previous
    zone_rows(game, s, T, ZT, Zone.HAND, me, me, obs, B_HAND, HAND_SLOTS, False, ov)  # CR 306.2: the owner sees it
    zone_rows(game, s, T, ZT, Zone.FIELD, me, me, obs, B_FIELD, FIELD_SLOTS, False, ov)
    zone_rows(game, s, T, ZT, Zone.FIELD, op, me, obs, B_OPP_FIELD, FIELD_SLOTS, False, ov)
    for k in range(2):
        slot = (me if k == 0 else op) * K.PLAYER_SLOTS + K.RULER_SLOT
        o = B_RULERS + k * CARD_ROW_W
        if s[CARD + slot * CARD_W] >= 0:
            card_row(game, s, T, me, slot, obs, o)
        else:
            zero_range(obs, o, o + CARD_ROW_W)
    # the chase's rows need not be a prefix (an entry without a source card has a zero row): each
    # row is written or cleared
    for i in range(CHASE_MAX):
        o = B_CHASE + i * CARD_ROW_W
        src = s[CHASE + i * ENTRY_W + E_SLOT] if i < s[CHASE_N] else -1
        if src >= 0:
            card_row(game, s, T, me, src, obs, o)
            obs[o + CARD_OBS_FEATURES + DYN_X] = s[CHASE + i * ENTRY_W + E_X] / 10.0
        elif not ov or obs[o + CARD_OBS_FEATURES + DYN_PRESENT] != 0.0:
            zero_range(obs, o, o + CARD_ROW_W)
    zone_rows(game, s, T, ZT, Zone.STANDBY, me, me, obs, B_STANDBY, K.STANDBY_SLOTS, False, ov)  # CR 310.2
    zone_rows(game, s, T, ZT, Zone.GRAVEYARD, me, me, obs, B_GRAVE, GRAVE_ROWS, True, ov)
    zone_rows(game, s, T, ZT, Zone.GRAVEYARD, op, me, obs, B_GRAVE + GRAVE_ROWS * CARD_ROW_W, GRAVE_ROWS, True, ov)
    zone_rows(game, s, T, ZT, Zone.RUNE_AREA, me, me, obs, B_RUNES, K.RUNE_SLOTS, False, ov)  # CR 315.2: the owner sees it
    n_off, l_off = zone_offsets(ZT, Zone.RUNE_AREA, op)
    for i in range(K.RUNE_SLOTS):
        o = B_RUNES + (K.RUNE_SLOTS + i) * CARD_ROW_W
        slot = s[l_off + i] if i < s[n_off] else -1
        if slot >= 0 and s[REVEALED + slot * CARD_W] != 0:  # CR 711.2: revealed, public
            card_row(game, s, T, me, slot, obs, o)
        elif not ov or obs[o + CARD_OBS_FEATURES + DYN_PRESENT] != 0.0:
            zero_range(obs, o, o + CARD_ROW_W)
    game.candidate_rows(s, T, me, obs, ov)
    F = flag_table(T)
    if not ov or (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_REVEAL) != 0:
        # a pool without a revealing search never writes the block: it stays as the first call zeroed it
        revealed_rows(s, T, me, obs)
    cont = game.continuous_in_field(s, T)
    if cont != 0 or s[SHIELD_N] > 0:
        in_field_rows(game, s, T, me, obs, cont)

