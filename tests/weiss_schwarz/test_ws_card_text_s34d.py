"""Weiss Schwarz card text, session 34 (branch s34d): a third target register (constants.N_REGS = 3) and the memory's
zone change triggers ("when your card is put into your memory", Trigger.OWN_TO_MEMORY; "when this card is put into
your memory from the stage", Trigger.TO_MEMORY_FROM_STAGE_SELF; CR 3.12, 8.7.4). Made-up lines in the card language,
imported, and what the engine does with them."""

from __future__ import annotations

import numpy as np
import pytest
import ws_card_text_kit as kit

from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.scenario import Scenario

_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


# three sets of cards chosen, none moved off the stage: one register each
_TRIPLE = ("【ACT】 [【REST】 this card] Choose 1 of your opponent's characters, and that character gets -1000 power until "
           "end of turn. Choose 1 of your other characters, and that character gets +1000 power until end of turn. "
           "Choose 1 of your opponent's characters, and that character gets -2000 power until end of turn.")
_WATCHER = "【AUTO】 When your card is put into your memory, this card gets +1000 power until end of turn."
_SENDER = "【ACT】 [【REST】 this card] Choose 1 of your other characters, and put it into your memory."
_OPP_SENDER = ("【ACT】 [【REST】 this card] Choose 1 of your opponent's characters, and put it into your opponent's "
               "memory.")
_LEAVER_ACT = "【ACT】 [Put this card into your memory] Draw 1 card."
_LEAVER_AUTO = "【AUTO】 When your card is put into your memory, draw 1 card."
_STOCKER_AUTO = "【AUTO】 When this card is put into your memory from the stage, put this card into your stock."
_MAGIC_WATCH = "【AUTO】 When your 《Magic》 character is put into your memory, draw 1 card."
_GRANTER = ("【ACT】 [【REST】 this card] Choose 1 of your other characters, and that character gets the following ability "
            "until end of turn. \"【AUTO】 When your card is put into your memory, this card gets +1000 power until end of "
            "turn.\"")
_SLEEPER = ("【AUTO】 At the beginning of your climax phase, you may put this card into your memory. If you do, at the "
            "beginning of your next draw phase, choose 1 \"Sleeper\" in your memory, and put it in any position of your "
            "stage.")
_SPENDER = ("【ACT】 [(1) Put 1 《Magic》 character from your memory into your waiting room] This card gets +4000 power until "
            "end of turn.")
_KEEPER = ("【AUTO】 When this card is placed on the stage from your hand, all players perform the following action. \"If "
           "your memory has 5 or more cards, choose 4 cards in your memory, and put all cards in your memory except "
           "those cards into your waiting room.\"")
_GUARD = ("【ACT】 【COUNTER】 Backup 2000, Level 0 [(1) Put this card from your hand into your memory] (Choose 1 of your "
          "characters that is being frontal attacked, and that character gets +2000 power until end of turn)")
_BURNER = ("【AUTO】 When this card attacks, deal 1 damage to your opponent, and at the end of the turn, deal 1 damage to "
           "yourself.")
_MEMORIAL = "【AUTO】 Memory When you level up, if this card is in your memory, put this card into your waiting room."
_SEEKER = ("【AUTO】 Memory [Put this card into your waiting room] When you level up, if this card is in your memory, you may "
           "pay the cost. If you do, draw 1 card.")
_PAYER = ("【AUTO】 [(1) Put 1 card from your hand into your waiting room & Put 1 《Magic》 character from your memory into "
          "your waiting room] When this card attacks, you may pay the cost. If you do, draw 2 cards.")
(PLAIN, FLARE, TRIPLE, WATCHER, SENDER, OPP_SENDER, LEAVER, STOCKER, MAGIC_WATCH, MAGE, GRANTER, SLEEPER,
 SPENDER, KEEPER, GUARD, BURNER, MEMORIAL, SEEKER, PAYER) = range(19)
RECORDS = [
    _rec("T/S34D-001", "Plain"),
    _rec("T/S34D-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S34D-003", "Triple", [_TRIPLE]),
    _rec("T/S34D-004", "Watcher", [_WATCHER]),
    _rec("T/S34D-005", "Sender", [_SENDER]),
    _rec("T/S34D-006", "Opp Sender", [_OPP_SENDER]),
    _rec("T/S34D-007", "Leaver", [_LEAVER_ACT, _LEAVER_AUTO]),
    _rec("T/S34D-008", "Stocker", [_LEAVER_ACT, _STOCKER_AUTO]),
    _rec("T/S34D-009", "Magic Watch", [_MAGIC_WATCH]),
    _rec("T/S34D-010", "Mage", traits=("Magic",)),
    _rec("T/S34D-011", "Granter", [_GRANTER]),
    _rec("T/S34D-012", "Sleeper", [_SLEEPER]),
    _rec("T/S34D-013", "Spender", [_SPENDER]),
    _rec("T/S34D-014", "Keeper", [_KEEPER]),
    _rec("T/S34D-015", "Guard", [_GUARD]),
    _rec("T/S34D-016", "Burner", [_BURNER]),
    _rec("T/S34D-017", "Memorial", [_MEMORIAL]),
    _rec("T/S34D-018", "Seeker", [_SEEKER]),
    _rec("T/S34D-019", "Payer", [_PAYER]),
]  # fmt: skip
FILLER0 = len(RECORDS)
RECORDS += [_rec(f"T/S34D-F{i:02d}", f"Filler {i}", traits=("Reed",)) for i in range(12)]


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws34d", RECORDS)


def _answer(g, word, limit=20):
    """Answer the decisions until nothing resolves: the first legal action naming ``word``, else the first one."""
    for _ in range(limit):
        if kit.resolved(g):
            return
        d = kit.labels(g)
        j = next((k for k, x in enumerate(d) if word in x), 0)
        g.step(int(g.legal_actions()[j]))
    raise AssertionError("not resolved")


def _scenario(pool):
    deck = kit.deck_of(len(RECORDS), FLARE)
    return Scenario.main_phase(pool, decks=(deck, deck))


# ---------------------------------------------------------------------------- a third target register
def test_three_target_registers_in_the_frame():
    # constants.N_REGS and the frame words that follow it (state.FR_REGN: one count per register, FR_REG: TARGET_MAX
    # slots per register)
    assert K.N_REGS == 3
    assert S.FR_REG == S.FR_REGN + K.N_REGS and S.FRAME_W == S.FR_REG + K.N_REGS * K.TARGET_MAX


def test_three_choices_kept_on_the_stage_compile_on_three_registers():
    r = _c(_TRIPLE)
    assert r.verdict == "exact", r.reason
    assert [(o["op"], o.get("reg", 0)) for o in r.abilities[0]["effect"]] == [
        ("choose", 0), ("power", 0), ("choose", 1), ("power", 1), ("choose", 2), ("power", 2)]
    # a fourth set of cards that stay on the stage is still past the engine's registers
    r = _c(_TRIPLE + " Choose 1 of your other characters, and that character gets +1000 power until end of turn.")
    assert r.verdict == "unsupported" and "target registers" in r.reason


def test_cr_8_6_three_registers_each_keep_their_own_cards(pool):
    """Triple's three choices: the opponent's first character -1000, an own other character +1000, the opponent's
    second character -2000 (each instruction acts on its own register's card only)."""
    sc = _scenario(pool)
    sc.put(0, TRIPLE, "stage", pos=0)
    mine = sc.put(0, PLAIN, "stage", pos=1)
    a = sc.put(1, PLAIN, "stage", pos=0)
    b = sc.put(1, PLAIN, "stage", pos=1)
    g = sc.game()
    kit.act(g, "Use ability 0 of Triple")
    kit.act(g, "Choose opponent's center left")  # register 0
    kit.act(g, "Choose own center middle")  # register 1
    kit.act(g, "Choose opponent's center middle")  # register 2
    assert kit.resolved(g)
    assert (kit.power(g, mine), kit.power(g, a), kit.power(g, b)) == (4000, 2000, 1000)


def test_snapshot_round_trip_keeps_the_third_register(pool):
    """to_dict / from_dict with the wider frame: a pending choice into register 2 survives the round trip."""
    sc = _scenario(pool)
    sc.put(0, TRIPLE, "stage", pos=0)
    sc.put(0, PLAIN, "stage", pos=1)
    sc.put(1, PLAIN, "stage", pos=0)
    sc.put(1, PLAIN, "stage", pos=1)
    g = sc.game()
    kit.act(g, "Use ability 0 of Triple")
    kit.act(g, "Choose opponent's center left")
    kit.act(g, "Choose own center middle")  # the third choice (register 2) is now asked
    f = S.FRAMES + (int(g.state[S.FRAME_N]) - 1) * S.FRAME_W
    assert [int(g.state[f + S.FR_REGN + r]) for r in range(K.N_REGS)] == [1, 1, 0]
    from tcg_env.game import Game

    g2 = Game.from_dict(g.to_dict(), pool=pool)
    assert np.array_equal(np.asarray(g2.state), np.asarray(g.state))
    assert kit.labels(g2) == kit.labels(g)
    assert np.array_equal(np.asarray(g2.observe(0)), np.asarray(g.observe(0)))
    kit.act(g2, "Choose opponent's center middle")
    assert kit.resolved(g2)


# ---------------------------------------------------------------------------- CR 8.7.4: put into your memory
@pytest.mark.parametrize("line, trig, flt", [
    (_WATCHER, "own_to_memory", None),
    (_MAGIC_WATCH, "own_to_memory", {"type": "character", "trait": "Magic"}),
    (("【AUTO】 When your card is put into your memory, if you have another 《Glass》 character, this card gets +1000 "
      "power until end of turn."), "own_to_memory", None),
    (_STOCKER_AUTO, "to_memory_from_stage_self", None),
])  # fmt: skip
def test_cr_8_7_4_memory_triggers_compile(line, trig, flt):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    ab = r.abilities[0]
    assert ab["trigger"] == trig and ab.get("trigger_filter") == flt


def test_cr_8_7_4_your_card_put_into_your_memory_by_an_effect_triggers(pool):
    """Sender puts another character of its master's into the memory: Watcher's ability triggers (+1000)."""
    sc = _scenario(pool)
    sc.put(0, SENDER, "stage", pos=0)
    watcher = sc.put(0, WATCHER, "stage", pos=1)
    moved = sc.put(0, PLAIN, "stage", pos=2)
    g = sc.game()
    kit.act(g, "Use ability 0 of Sender")
    _answer(g, "(Plain)")
    assert kit.zone_of(g, moved) == K.Zone.MEMORY
    assert kit.power(g, watcher) == 4000


def test_cr_8_7_4_the_opponents_card_into_their_memory_is_not_yours(pool):
    sc = _scenario(pool)
    sc.put(0, OPP_SENDER, "stage", pos=0)
    watcher = sc.put(0, WATCHER, "stage", pos=1)
    moved = sc.put(1, PLAIN, "stage", pos=0)
    g = sc.game()
    kit.act(g, "Use ability 0 of Opp Sender")
    kit.answer_picks(g, [])
    assert kit.zone_of(g, moved) == K.Zone.MEMORY
    assert kit.power(g, watcher) == 3000


def test_cr_8_7_4_1_2_a_cost_into_the_memory_triggers_and_the_leaving_card_looks_back(pool):
    """Leaver pays "[put this card into your memory]": Watcher's ability triggers (+1000), and so does Leaver's own
    "when your card is put into your memory, draw 1 card" (the card that left the stage looks back, CR 8.7.4.1.2):
    two cards drawn, the ACT's and the AUTO's."""
    sc = _scenario(pool)
    leaver = sc.put(0, LEAVER, "stage", pos=0)
    watcher = sc.put(0, WATCHER, "stage", pos=1)
    g = sc.game()
    hand = kit.count(g, "HAND")
    kit.act(g, "Use ability 0 of Leaver")
    kit.answer_yes(g, True)
    assert kit.zone_of(g, leaver) == K.Zone.MEMORY
    assert kit.power(g, watcher) == 4000
    assert kit.count(g, "HAND") == hand + 2


def test_cr_8_7_4_this_card_put_into_your_memory_from_the_stage(pool):
    """Stocker pays "[put this card into your memory]": "when this card is put into your memory from the stage, put
    this card into your stock" moves it on from the memory."""
    sc = _scenario(pool)
    stocker = sc.put(0, STOCKER, "stage", pos=0)
    g = sc.game()
    stock = kit.count(g, "STOCK")
    kit.act(g, "Use ability 0 of Stocker")
    kit.answer_yes(g, True)
    assert kit.zone_of(g, stocker) == K.Zone.STOCK
    assert kit.count(g, "STOCK") == stock + 1 and kit.count(g, "MEMORY") == 0


@pytest.mark.parametrize("card, draws", [(MAGE, 1), (PLAIN, 0)])
def test_cr_8_7_4_1_3_the_trigger_filter_reads_the_card_in_the_memory(pool, card, draws):
    """Magic Watch draws when a <<Magic>> character is put into the memory, not another one."""
    sc = _scenario(pool)
    sc.put(0, SENDER, "stage", pos=0)
    sc.put(0, MAGIC_WATCH, "stage", pos=1)
    moved = sc.put(0, card, "stage", pos=2)
    g = sc.game()
    hand = kit.count(g, "HAND")
    kit.act(g, "Use ability 0 of Sender")
    _answer(g, "(Mage)" if card == MAGE else "(Plain)")
    assert kit.zone_of(g, moved) == K.Zone.MEMORY
    assert kit.count(g, "HAND") == hand + draws


def test_cr_8_7_4_a_granted_memory_trigger_fires_on_the_character_it_was_given_to(pool):
    """Granter gives Plain (center right) "when your card is put into your memory, this card gets +1000"; Sender then
    puts the back Plain into the memory: the granted ability triggers (constants.GRANTED_OTHER_TRIGGERS)."""
    sc = _scenario(pool)
    sc.put(0, GRANTER, "stage", pos=0)
    sc.put(0, SENDER, "stage", pos=1)
    given = sc.put(0, PLAIN, "stage", pos=2)
    moved = sc.put(0, PLAIN, "stage", pos=3)
    g = sc.game()
    kit.act(g, "Use ability 0 of Granter")
    _answer(g, "center right")
    assert kit.power(g, given) == 3000
    kit.act(g, "Use ability 0 of Sender")
    _answer(g, "back left")
    assert kit.zone_of(g, moved) == K.Zone.MEMORY
    assert kit.power(g, given) == 4000


# ---------------------------------------------------------------------------- CR 8.7.5: the delayed ability's mark
def _marked(g, slot) -> bool:
    p, i = divmod(slot, K.MAX_DECK)
    words = (K.MAX_DECK + S.MARK_BITS - 1) // S.MARK_BITS
    return (int(g.state[S.MEMORY_MARK + p * words + i // S.MARK_BITS]) >> (i % S.MARK_BITS)) & 1 == 1


def _mark(sc, slot) -> None:
    p, i = divmod(slot, K.MAX_DECK)
    words = (K.MAX_DECK + S.MARK_BITS - 1) // S.MARK_BITS
    sc.row[S.MEMORY_MARK + p * words + i // S.MARK_BITS] |= 1 << (i % S.MARK_BITS)


def test_cr_8_7_5_the_delayed_ability_compiles_exact_with_the_mark():
    r = _c(_SLEEPER.replace("Sleeper", "Tester"))
    assert r.verdict == "exact", r.reason
    now, later = r.abilities
    assert now["effect"] == [{"op": "may", "then": [{"op": "target_self"}, {"op": "to_memory"}, {"op": "memory_mark"}]}]
    assert later["condition"] == {"kind": "memory_marked"} and later["effect"][0] == {"op": "memory_mark", "set": False}


def _to_main_of(g, player, limit=300):
    """The first legal action until ``player``'s main phase with nothing resolving."""
    for _ in range(limit):
        if int(g.state[S.PHASE]) == K.Phase.MAIN and int(g.state[S.TURN_PLAYER]) == player and kit.resolved(g):
            return
        g.step(int(g.legal_actions()[0]))
    raise AssertionError("not reached")


@pytest.mark.parametrize("yes", [True, False])
def test_cr_8_7_5_put_into_the_memory_by_its_ability_it_comes_back_at_the_next_draw_phase(pool, yes):
    """Sleeper goes into the memory at the beginning of its master's climax phase (marked), and comes back to the
    stage at the beginning of its master's next draw phase; declined, it stays on the stage, unmarked."""
    sc = _scenario(pool)
    me = sc.put(0, SLEEPER, "stage", pos=0)
    g = sc.game()
    kit.act(g, "End the main phase")
    kit.answer_yes(g, yes)
    assert kit.zone_of(g, me) == (K.Zone.MEMORY if yes else K.Zone.STAGE)
    assert _marked(g, me) == yes
    _to_main_of(g, 1)
    assert kit.zone_of(g, me) == (K.Zone.MEMORY if yes else K.Zone.STAGE)  # not at the opponent's draw phase
    _to_main_of(g, 0)
    assert kit.zone_of(g, me) == K.Zone.STAGE and not _marked(g, me)


def test_cr_8_7_5_1_the_delayed_ability_acts_once_whichever_copy_it_chooses(pool):
    """Two Sleepers in the memory, the first marked: at its master's draw phase the delayed ability chooses the other
    copy (a card of the name, as printed), which comes back; the marked one stays, its mark cleared (CR 8.7.5.1: the
    timed activation is met once), so nothing more comes back at the next draw phase."""
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck), turn_player=1)
    marked = sc.put(0, SLEEPER, "memory")
    other = sc.put(0, SLEEPER, "memory")
    _mark(sc, marked)
    sc.flow("end")  # the opponent's turn ends; the master's turn begins (CR 6.2, 6.3)
    g = sc.game()
    for _ in range(40):
        if kit.resolved(g) and int(g.state[S.TURN_PLAYER]) == 0 and int(g.state[S.PHASE]) == K.Phase.MAIN:
            break
        d = kit.labels(g)
        # the choice in the memory: the last Sleeper offered
        js = [k for k, x in enumerate(d) if "Sleeper" in x]
        g.step(int(g.legal_actions()[js[-1] if len(js) == 2 else 0]))
    assert sorted([kit.zone_of(g, marked), kit.zone_of(g, other)]) == sorted([K.Zone.MEMORY, K.Zone.STAGE])
    assert not _marked(g, marked) and not _marked(g, other)
    assert kit.resolved(g)


# ---------------------------------------------------------------------------- CR 8.4: an [ACT] cost of the memory's cards
def test_cr_8_4_an_act_cost_of_memory_cards_compiles_to_a_condition_and_the_programs_first_moves():
    r = _c(_SPENDER)
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    flt = {"type": "character", "trait": "Magic", "zone": "memory"}
    assert ab["cost"] == {"stock": 1}
    assert ab["condition"] == {"kind": "memory_filter_at_least", "value": 1, "filter": flt}
    assert ab["effect"][:2] == [{"op": "choose", "filter": flt, "count": 1}, {"op": "to_waiting_room"}]
    # beside hand cards into the waiting room: approximate (memory_cost_last); the memory's cards alone: no kernel cost
    r = _c("【ACT】 [Put 1 card from your hand into your waiting room & Put 1 《Magic》 character from your memory into "
           "your waiting room] This card gets +4000 power until end of turn.")
    assert r.verdict == "approximate" and r.approximations == ("memory_cost_last",)
    r = _c("【ACT】 [Put 1 《Magic》 character from your memory into your waiting room] This card gets +4000 power until "
           "end of turn.")
    assert r.verdict == "unsupported"


@pytest.mark.parametrize("in_memory", [MAGE, PLAIN])
def test_cr_8_4_2_2_the_act_is_used_only_while_the_memory_holds_its_cost(pool, in_memory):
    """Spender with 1 stock: with a <<Magic>> character in the memory it can be used (1 stock and that card into the
    waiting room, +4000); with only a Plain there the cost cannot be paid, and the ability is not offered."""
    sc = _scenario(pool)
    me = sc.put(0, SPENDER, "stage", pos=0)
    card = sc.put(0, in_memory, "memory")
    sc.put(0, PLAIN, "stock")
    g = sc.game()
    usable = any(x.startswith("Use ability 0 of Spender") for x in kit.labels(g))
    assert usable == (in_memory == MAGE)
    if usable:
        stock, wr = kit.count(g, "STOCK"), kit.count(g, "WR")
        kit.act(g, "Use ability 0 of Spender")
        _answer(g, "Mage")
        assert kit.zone_of(g, card) == K.Zone.WAITING_ROOM and kit.count(g, "MEMORY") == 0
        assert kit.count(g, "STOCK") == stock - 1 and kit.count(g, "WR") == wr + 2
        assert kit.power(g, me) == 7000


# ---------------------------------------------------------------------------- CR 3.12: each player keeps cards chosen
def test_cr_3_12_all_players_keep_the_cards_they_choose_compiles_exact():
    r = _c(_KEEPER)
    assert r.verdict == "exact", r.reason
    (ab,) = r.abilities
    assert "condition" not in ab  # each player's "if" is its own, not the ability's
    mine, theirs = ab["effect"]
    assert mine["then"] == [{"op": "choose", "filter": {"zone": "memory"}, "count": 4}, {"op": "memory_keep"}]
    assert theirs["condition"] == {"kind": "memory_at_least", "value": 5, "opponent": True}
    assert [o["op"] for o in theirs["then"]] == ["opp_choose", "memory_keep"]


@pytest.mark.parametrize("mine", [6, 3])
def test_cr_3_12_each_player_chooses_the_cards_kept_in_their_memory(pool, mine):
    """Keeper played: player 0 (6 cards in memory) keeps the 4 it chooses, the rest to its waiting room; player 1
    (5 cards) chooses its own 4 (its decision). With 3 cards player 0's memory is left alone, player 1's is not."""
    sc = _scenario(pool)
    keeper = sc.put(0, KEEPER, "hand")
    my_mem = [sc.put(0, FILLER0 + i, "memory") for i in range(mine)]
    their_mem = [sc.put(1, FILLER0 + i, "memory") for i in range(5)]
    g = sc.game()
    wr0, wr1 = kit.count(g, "WR", 0), kit.count(g, "WR", 1)
    kit.act(g, "Play Keeper")
    deciders = []
    for _ in range(30):
        if kit.resolved(g):
            break
        deciders.append(g.current_player)
        g.step(int(g.legal_actions()[0]))
    assert kit.resolved(g) and kit.zone_of(g, keeper) == K.Zone.STAGE
    assert kit.count(g, "MEMORY", 0) == min(mine, 4) and kit.count(g, "WR", 0) == wr0 + max(mine - 4, 0)
    assert kit.count(g, "MEMORY", 1) == 4 and kit.count(g, "WR", 1) == wr1 + 1
    assert deciders.count(1) >= 4  # player 1 chose its own cards (one decision per card)
    kept0 = [sl for sl in my_mem if kit.zone_of(g, sl) == K.Zone.MEMORY]
    assert len(kept0) == min(mine, 4)
    assert sum(kit.zone_of(g, sl) == K.Zone.MEMORY for sl in their_mem) == 4


# ---------------------------------------------------------------------------- CR 10.5.2: Backup into the memory
def test_cr_10_5_2_backup_whose_cost_puts_the_card_into_the_memory_compiles():
    r = _c(_GUARD)
    assert r.verdict == "exact", r.reason
    assert r.fields["backup"] == {"power": 2000, "level": 0, "cost": 1, "to_memory": True}


def test_cr_10_5_2_backup_puts_the_card_into_the_memory(pool):
    """Player 1 frontal attacks; player 0 counters with Guard: +2000 to the defender, 1 stock paid, Guard into the
    memory (not the waiting room), where Watcher sees it arrive (Trigger.OWN_TO_MEMORY)."""
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck), turn_player=1)
    sc.put(1, PLAIN, "stage", pos=0)
    defender = sc.put(0, PLAIN, "stage", pos=2)  # faces the opponent's center left (CR 3.6.5)
    watcher = sc.put(0, WATCHER, "stage", pos=1)
    guard = sc.put(0, GUARD, "hand")
    sc.put(0, FILLER0, "stock")
    g = sc.game()
    wr = kit.count(g, "WR", 0)
    kit.act(g, "End the main phase")
    kit.act(g, "Frontal attack with Plain")
    kit.act(g, "Counter with Guard")
    assert kit.power(g, defender) == 3000 + 2000
    assert kit.zone_of(g, guard) == K.Zone.MEMORY and kit.count(g, "STOCK", 0) == 0
    assert kit.count(g, "WR", 0) == wr + 1  # the (1) only
    for _ in range(10):  # Watcher's +1000 resolves at the next check timing
        if kit.resolved(g):
            break
        g.step(int(g.legal_actions()[0]))
    assert kit.power(g, watcher) == 4000


# ---------------------------------------------------------------------------- CR 8.7.5: damage to yourself at the end
def test_cr_8_7_5_damage_to_yourself_at_the_end_of_the_turn_compiles_to_a_grant():
    r = _c(_BURNER)
    assert r.verdict == "approximate" and r.approximations == ("delayed_damage_on_this_card",), r.reason
    eff = r.abilities[0]["effect"]
    assert eff[-1]["ability"] == {"kind": "auto", "trigger": "begin_end",
                                  "effect": [{"op": "damage", "amount": 1, "who": "master"}]}


def test_cr_8_7_5_damage_to_yourself_at_the_end_of_the_turn(pool):
    """Burner attacks: 1 damage to the opponent at once, and 1 to its master at the end of the turn (none before)."""
    sc = _scenario(pool)
    sc.put(0, BURNER, "stage", pos=1)
    sc.stack_deck(0, [FILLER0, FILLER0 + 1])  # no climax on top: the damage is not canceled (CR 4.10)
    sc.stack_deck(1, [FILLER0, FILLER0 + 1, FILLER0 + 2, FILLER0 + 3])
    g = sc.game()
    kit.act(g, "End the main phase")
    for _ in range(60):
        if int(g.state[S.PHASE]) == K.Phase.END or int(g.state[S.TURN_PLAYER]) == 1:
            break
        d = kit.labels(g)
        j = next((k for k, x in enumerate(d) if "attack with Burner" in x), None)
        if j is None:
            j = next((k for k, x in enumerate(d) if x.startswith("End")), 0)
        assert kit.count(g, "CLOCK", 0) == 0  # nothing to the master before the end of the turn
        g.step(int(g.legal_actions()[j]))
    _to_main_of(g, 1)
    assert kit.count(g, "CLOCK", 0) == 1
    assert kit.count(g, "CLOCK", 1) >= 2  # the ability's 1 and the attack's


# ---------------------------------------------------------------------------- CR 10.9.1: level up, from the memory
@pytest.mark.parametrize("line", [_MEMORIAL, _SEEKER])
def test_cr_10_9_1_a_memory_ability_of_the_level_up_compiles(line):
    r = _c(line)
    assert r.verdict == "exact", r.reason
    ab = r.abilities[0]
    assert ab["trigger"] == "level_up" and ab["zone"] == "memory" and ab["keyword"] == "memory"


def test_cr_10_9_1_memory_abilities_trigger_when_their_master_levels_up(pool):
    """Player 1 (6 clock cards) takes Plain's direct attack damage and levels up: Memorial in its memory goes to the
    waiting room; Seeker pays its cost from the memory (this card into the waiting room, costs.cost_payable) and
    draws; the same cards in player 0's memory do nothing."""
    sc = _scenario(pool)
    sc.put(0, PLAIN, "stage", pos=1)
    memorial = sc.put(1, MEMORIAL, "memory")
    seeker = sc.put(1, SEEKER, "memory")
    mine = sc.put(0, MEMORIAL, "memory")
    for i in range(6):
        sc.put(1, FILLER0 + i, "clock")
    sc.stack_deck(1, [FILLER0 + 6, FILLER0 + 7, FILLER0 + 8])  # no climax: the damage is not canceled (CR 4.10)
    g = sc.game()
    hand = kit.count(g, "HAND", 1)
    kit.act(g, "End the main phase")
    kit.act(g, "Direct attack with Plain")
    for _ in range(20):
        d = kit.labels(g)
        if int(g.state[S.LEVEL_N + 1]) == 1 and kit.resolved(g):
            break
        j = next((k for k, x in enumerate(d) if x.startswith(("Level up", "Use", "Yes", "Pay"))), 0)
        g.step(int(g.legal_actions()[j]))
    assert int(g.state[S.LEVEL_N + 1]) == 1
    assert kit.zone_of(g, memorial) == K.Zone.WAITING_ROOM
    # the engine then runs on to player 1's clock phase: Seeker's draw and the draw phase's (CR 6.3.1.2)
    assert int(g.state[S.TURN_PLAYER]) == 1 and int(g.state[S.PHASE]) == K.Phase.CLOCK
    assert kit.zone_of(g, seeker) == K.Zone.WAITING_ROOM and kit.count(g, "HAND", 1) == hand + 2
    assert kit.zone_of(g, mine) == K.Zone.MEMORY


# ---------------------------------------------------------------------------- CR 8.7.3: an [AUTO] cost of hand and memory
def test_cr_8_4_2_1_an_auto_cost_of_hand_and_memory_cards_compiles_in_the_order_written():
    r = _c(_PAYER)
    assert r.verdict == "exact", r.reason
    eff = r.abilities[0]["effect"]
    conds = []
    while eff[0]["op"] == "if":
        conds.append(eff[0]["condition"]["kind"])
        eff = eff[0]["then"]
    assert conds == ["stock_at_least", "hand_at_least", "memory_filter_at_least"]
    assert [o["op"] for o in eff[0]["then"]] == ["pay_stock", "choose", "to_waiting_room", "choose", "to_waiting_room",
                                                 "draw"]


@pytest.mark.parametrize("in_memory", [MAGE, PLAIN])
def test_cr_8_4_2_2_an_auto_cost_of_hand_and_memory_cards_is_paid_in_full_or_not_at_all(pool, in_memory):
    """Payer attacks with 1 stock, a hand card and a <<Magic>> character in its memory: the master may pay (stock,
    hand card, memory card into the waiting room) and draws 2; with a Plain in the memory it cannot."""
    sc = _scenario(pool)
    me = sc.put(0, PAYER, "stage", pos=1)
    card = sc.put(0, in_memory, "memory")
    sc.put(0, FILLER0, "stock")
    sc.put(0, FILLER0 + 1, "hand")
    sc.stack_deck(0, [FILLER0 + 2, FILLER0 + 3])
    sc.stack_deck(1, [FILLER0 + 4, FILLER0 + 5])
    g = sc.game()
    hand, wr = kit.count(g, "HAND"), kit.count(g, "WR")
    kit.act(g, "End the main phase")
    kit.act(g, "Direct attack with Payer")
    asked = False
    for _ in range(10):
        if kit.resolved(g):
            break
        d = kit.labels(g)
        asked = asked or any(x.startswith("Use Payer") for x in d)
        j = next((k for k, x in enumerate(d) if x.startswith(("Use Payer", "Yes"))), 0)
        g.step(int(g.legal_actions()[j]))
    paid = in_memory == MAGE
    assert asked == paid
    assert kit.zone_of(g, card) == (K.Zone.WAITING_ROOM if paid else K.Zone.MEMORY)
    assert kit.count(g, "HAND") == hand - paid + 2 * paid  # the hand card paid, 2 drawn
    assert kit.count(g, "WR") >= wr + 3 * paid  # the stock's card, the hand card, the memory card
    assert kit.power(g, me) == 3000
