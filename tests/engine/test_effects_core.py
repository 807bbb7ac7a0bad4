"""The engine's effect interpreter (``tcg_env.engine.effects.run_program``) and its shared opcodes,
run on a toy game that implements the contract (tests/engine/toy_effects.py): what every game's
effect programs can rely on, apart from any game's rules."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.engine.effects import (
    ASKED,
    DONE,
    EACH_TARGET_FIRST,
    EACH_TARGET_LAST,
    MODE_ALL,
    MODE_RESOLVE,
    MODE_TARGETS,
    STOPPED,
    CoreOp,
    Who,
)
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_RNG, H_WINNER
from tcg_env.engine.tables import pack_tables

import toy_effects as G

ANY = 0  # filter rows of the tables below
OWN = 1
OPPONENT_STRONG = 2  # the other player's cards of power >= 3


def tables(program: list[list[int]]) -> np.ndarray:
    code = np.array(program, np.int32).reshape(-1, 5)
    abilities = np.array([[0, len(program)]], np.int32)
    filters = np.array([[0, 0], [1, 0], [2, 3]], np.int32)
    cards = np.zeros((1, 1), np.int32)
    return pack_tables(cards, abilities, filters, code, np.zeros((1, 1), np.float32))


def row(mode: int = MODE_ALL, controller: int = 0, source: int = 0) -> np.ndarray:
    """Player 0 has slots 0, 1 in play (power 1, 2) and an empty place; player 1 has 4, 5 (power
    3, 4); hands of 3 cards, decks of 2."""
    s = np.zeros(G.STATE_SIZE, np.int32)
    s[H_RNG:H_RNG + 4] = (1, 2, 3, 4)
    s[H_DECIDER] = -1
    s[G.IN_PLAY_N:G.IN_PLAY_N + 2] = (3, 2)
    s[G.IN_PLAY_L:G.IN_PLAY_L + 3] = (0, -1, 1)
    s[G.IN_PLAY_L + G.IN_PLAY_MAX:G.IN_PLAY_L + G.IN_PLAY_MAX + 2] = (4, 5)
    for slot, power in ((0, 1), (1, 2), (4, 3), (5, 4)):
        s[G.POWER + slot] = power
        s[G.OWNER + slot] = 0 if slot < 4 else 1
    s[G.HAND_N:G.HAND_N + 2] = 3
    s[G.DECK_N:G.DECK_N + 2] = 2
    f = G.FRAME
    s[f + G.FR_MODE] = mode
    s[f + G.FR_CTRL] = controller
    s[f + G.FR_SLOT] = source
    return s


def reg(s: np.ndarray, r: int) -> list[int]:
    f = G.FRAME
    return [int(x) for x in s[f + G.FR_REG + r * G.TARGET_MAX:][: s[f + G.FR_REGN + r]]]


def pc(s: np.ndarray) -> int:
    return int(s[G.FRAME + G.FR_PC])


def choose_one(s: np.ndarray, r: int, slot: int) -> None:
    """What a game's action handler does with a chosen card."""
    f = G.FRAME
    s[f + G.FR_REG + r * G.TARGET_MAX + s[f + G.FR_REGN + r]] = slot
    s[f + G.FR_REGN + r] += 1
    s[f + G.FR_CNT] += 1
    s[H_DECISION] = 0


def test_choose_asks_the_controller_one_card_at_a_time_until_the_count():
    T = tables([[CoreOp.CHOOSE, 0, ANY, 2, 0]])
    s = row(controller=1)
    assert G.run(s, T) == ASKED
    assert (s[H_DECISION], s[H_DECIDER]) == (G.DECISION_CHOOSE_TARGET, 1)
    assert list(s[G.DEC_ARG:G.DEC_ARG + 3]) == [ANY, 0, 0]  # filter row, register, "up to"
    choose_one(s, 0, 4)
    assert G.run(s, T) == ASKED and pc(s) == 0  # the same instruction asks again
    choose_one(s, 0, 0)
    assert G.run(s, T) == DONE
    assert reg(s, 0) == [4, 0]
    assert s[G.FRAME + G.FR_CNT] == 0  # the instruction's count starts again at the next one


def test_choose_ends_when_no_candidate_is_left_and_passes_up_to():
    T = tables([[CoreOp.CHOOSE, 1, OPPONENT_STRONG, 3, 1]])
    s = row()
    assert G.run(s, T) == ASKED
    assert s[G.DEC_ARG + 2] == 1  # "up to" reaches the game's decision
    choose_one(s, 1, 5)
    assert G.run(s, T) == ASKED
    choose_one(s, 1, 4)
    assert G.run(s, T) == DONE  # two of three: nothing else matches
    assert reg(s, 1) == [5, 4]


def test_choose_count_minus_one_is_the_stored_count():
    T = tables([[G.OP_STORE, 0, 1, 0, 0], [CoreOp.CHOOSE, 0, ANY, -1, 0]])
    s = row()
    assert G.run(s, T) == ASKED
    choose_one(s, 0, 1)
    assert G.run(s, T) == DONE


def test_mode_targets_runs_only_the_leading_choose_rows():
    T = tables([[CoreOp.CHOOSE, 0, OPPONENT_STRONG, 1, 0], [CoreOp.POWER, 0, 5, 0, 0]])
    s = row(mode=MODE_TARGETS)
    assert G.run(s, T) == ASKED
    choose_one(s, 0, 4)
    assert G.run(s, T) == DONE
    assert pc(s) == 1 and s[G.POWER + 4] == 3  # stopped before the effect


def test_mode_resolve_skips_the_choose_rows_and_runs_the_effect():
    T = tables([[CoreOp.CHOOSE, 0, OPPONENT_STRONG, 1, 0], [CoreOp.POWER, 0, 5, 0, 0]])
    s = row(mode=MODE_RESOLVE)
    s[G.FRAME + G.FR_REGN] = 1
    s[G.FRAME + G.FR_REG] = 5  # chosen when played
    assert G.run(s, T) == DONE
    assert s[H_DECISION] == 0 and s[G.POWER + 5] == 9


def test_select_all_adds_every_matching_card_in_play_skipping_empty_places():
    T = tables([[CoreOp.SELECT_ALL, 0, OWN, 0, 0], [CoreOp.SELECT_ALL, 1, ANY, 0, 0]])
    s = row()
    assert G.run(s, T) == DONE
    assert reg(s, 0) == [0, 1]
    assert reg(s, 1) == [0, 1, 4]  # capped at TARGET_MAX (3)


def test_target_self_adds_the_source():
    T = tables([[CoreOp.TARGET_SELF, 1, 0, 0, 0]])
    s = row(source=5)
    assert G.run(s, T) == DONE and reg(s, 1) == [5]


def test_each_target_ops_skip_cards_no_longer_affected_and_reach_the_game():
    assert EACH_TARGET_FIRST <= CoreOp.POWER <= EACH_TARGET_LAST
    assert EACH_TARGET_FIRST <= G.OP_BUMP <= EACH_TARGET_LAST
    T = tables([
        [CoreOp.SELECT_ALL, 0, ANY, 0, 0],
        [CoreOp.POWER, 0, 10, 1, 0],  # duration 1: the toy doubles it
        [CoreOp.GRANT_KEYWORD, 0, 0b101, 0, 0],
        [CoreOp.RESTRICT, 0, 0b10, 0, 0],
        [G.OP_BUMP, 0, 100, 0, 0],
    ])
    s = row()
    s[G.GONE + 1] = 1  # slot 1 left play
    assert G.run(s, T) == DONE
    assert reg(s, 0) == [0, 1, 4]
    assert [s[G.POWER + x] for x in (0, 1, 4)] == [121, 2, 123]
    assert [s[G.KEYWORDS + x] for x in (0, 1, 4)] == [0b101, 0, 0b101]
    assert [s[G.RESTRICTIONS + x] for x in (0, 1, 4)] == [0b10, 0, 0b10]
    assert s[G.AFTER_EACH] == 4  # once per each-target instruction


def test_power_second_operand_reaches_the_game_hook():
    """POWER's a2 goes to the optional ``add_power_second`` hook (Force of Will's DEF change, CR
    1020.3); games without the hook ignore it."""
    T = tables([[CoreOp.SELECT_ALL, 0, OWN, 0, 0], [CoreOp.POWER, 0, 10, 0, 7]])
    s = row()
    assert G.run(s, T) == DONE
    assert [s[G.POWER + x] for x in (0, 1)] == [11, 12]
    assert [s[G.SECOND + x] for x in (0, 1, 4)] == [7, 7, 0]


def test_draw_names_the_player_relative_to_the_controller():
    T = tables([[CoreOp.DRAW, 0, 1, Who.CONTROLLER, 0], [CoreOp.DRAW, 0, 2, Who.OPPONENT, 0]])
    s = row(controller=1)
    assert G.run(s, T) == DONE
    assert list(s[G.HAND_N:G.HAND_N + 2]) == [5, 4]


def test_a_draw_that_ends_the_game_stops_the_program():
    T = tables([[CoreOp.DRAW, 0, 3, Who.CONTROLLER, 0], [CoreOp.POWER, 0, 1, 0, 0]])
    s = row()
    assert G.run(s, T) == STOPPED
    assert s[H_DONE] == 1 and s[H_WINNER] == 1 and pc(s) == 0


def test_discard_at_random_discards_the_count_or_the_whole_hand():
    T = tables([[CoreOp.DISCARD, 0, 2, Who.OPPONENT, 1], [CoreOp.DISCARD, 0, 5, Who.CONTROLLER, 1]])
    s = row()
    assert G.run(s, T) == DONE
    assert list(s[G.DISCARDED:G.DISCARDED + 2]) == [3, 2]
    assert list(s[G.HAND_N:G.HAND_N + 2]) == [0, 1]
    assert s[H_DECISION] == 0  # nobody was asked


def test_discard_chosen_asks_the_discarding_player_until_the_count():
    T = tables([[CoreOp.DISCARD, 0, 2, Who.OPPONENT, 0]])
    s = row()
    for _ in range(2):
        assert G.run(s, T) == ASKED
        assert (s[H_DECISION], s[H_DECIDER]) == (G.DECISION_DISCARD, 1)
        s[G.HAND_N + 1] -= 1  # the game's action handler discards one and counts it
        s[G.FRAME + G.FR_CNT] += 1
        s[H_DECISION] = 0
    assert G.run(s, T) == DONE and s[G.HAND_N + 1] == 1


def test_game_opcodes_can_repeat_or_stop_the_program():
    T = tables([[G.OP_TWICE, 0, 0, 0, 0], [G.OP_STOP, 0, 0, 0, 0], [CoreOp.TARGET_SELF, 0, 0, 0, 0]])
    s = row(source=4)
    assert G.run(s, T) == STOPPED
    assert s[G.POWER + 4] == 4 and pc(s) == 2  # OP_TWICE ran to its end once, OP_STOP advanced
    assert G.run(s, T) == DONE and reg(s, 0) == [4]


def test_if_skips_its_rows_when_the_condition_does_not_hold():
    T = tables([
        [CoreOp.IF, 0, 0, 3, 1],  # 3 cards in hand: holds
        [CoreOp.TARGET_SELF, 0, 0, 0, 0],
        [CoreOp.IF, 0, 0, 4, 1],  # 4: does not hold, skips the next row
        [CoreOp.TARGET_SELF, 1, 0, 0, 0],
    ])
    s = row(source=1)
    assert G.run(s, T) == DONE
    assert reg(s, 0) == [1] and reg(s, 1) == []


def test_if_done_follows_whether_the_instruction_before_it_was_done():
    """IF_DONE a0 = 0 ("If you do"): its rows run only after a done instruction; a0 = 1 ("If you
    don't"): only after a NOT_DONE one; decided by the instruction right before it."""
    T = tables([
        [G.OP_MAYBE, 0, 1, 0, 0],  # done: +1
        [CoreOp.IF_DONE, 0, 0, 0, 1],
        [CoreOp.TARGET_SELF, 0, 0, 0, 0],  # runs
        [G.OP_MAYBE, 0, 0, 0, 0],  # not done
        [CoreOp.IF_DONE, 0, 0, 0, 1],
        [CoreOp.TARGET_SELF, 1, 0, 0, 0],  # skipped
        [G.OP_MAYBE, 0, 0, 0, 0],  # not done
        [CoreOp.IF_DONE, 0, 1, 0, 1],
        [G.OP_MAYBE, 0, 1, 0, 0],  # "if you don't": runs, +1
        [G.OP_MAYBE, 0, 1, 0, 0],  # done: +1
        [CoreOp.IF_DONE, 0, 1, 0, 1],
        [G.OP_MAYBE, 0, 1, 0, 0],  # "if you don't": skipped
    ])
    s = row(source=1)
    assert G.run(s, T) == DONE
    assert reg(s, 0) == [1] and reg(s, 1) == [] and s[G.POWER + 1] == 2 + 3


def test_discard_is_done_only_when_every_card_was_discarded():
    """DISCARD reports NOT_DONE when the hand held fewer cards than the count (as much as possible,
    Force of Will CR 104.2), at random or chosen; an IF_DONE after it skips its rows."""
    T = tables([[CoreOp.DISCARD, 0, 2, Who.OPPONENT, 1], [CoreOp.IF_DONE, 0, 0, 0, 1], [CoreOp.TARGET_SELF, 0, 0, 0, 0],
                [CoreOp.DISCARD, 0, 2, Who.CONTROLLER, 1], [CoreOp.IF_DONE, 0, 0, 0, 1], [CoreOp.TARGET_SELF, 1, 0, 0, 0]])
    s = row(source=4)
    s[G.HAND_N] = 1
    assert G.run(s, T) == DONE
    assert reg(s, 0) == [4] and reg(s, 1) == [] and list(s[G.HAND_N:G.HAND_N + 2]) == [0, 1]
    T = tables([[CoreOp.DISCARD, 0, 2, Who.CONTROLLER, 0], [CoreOp.IF_DONE, 0, 0, 0, 1], [CoreOp.TARGET_SELF, 0, 0, 0, 0]])
    for hand, chosen in ((3, [4]), (1, [])):
        s = row(source=4)
        s[G.HAND_N] = hand
        while G.run(s, T) == ASKED:
            s[G.HAND_N] -= 1  # the game's action handler discards one and counts it
            s[G.FRAME + G.FR_CNT] += 1
            s[H_DECISION] = 0
        assert reg(s, 0) == chosen and s[G.HAND_N] == max(hand - 2, 0)


def test_an_interrupt_stops_after_the_instruction():
    T = tables([[CoreOp.TARGET_SELF, 0, 0, 0, 0], [CoreOp.TARGET_SELF, 1, 0, 0, 0]])
    s = row()
    s[G.INTERRUPT] = 1
    assert G.run(s, T) == STOPPED and pc(s) == 1
    s[G.INTERRUPT] = 0
    assert G.run(s, T) == DONE and reg(s, 1) == [0]


@pytest.mark.parametrize("game", ["fftcg", "force_of_will", "weiss_schwarz"])
def test_every_game_takes_the_shared_opcodes_by_name(game):
    """A game's Op enum uses the core's numbers for the shared opcodes (every game has those its
    cards share; IF where its cards have conditions, IF_DONE where they say "if you do"), and
    numbers its own apart from them."""
    import importlib

    K = importlib.import_module(f"tcg_env.games.{game}.constants")
    for op in CoreOp:
        if op not in (CoreOp.IF, CoreOp.IF_DONE) or op.name in K.Op.__members__:
            assert K.Op[op.name] == op
    shared = {int(op) for op in CoreOp}
    assert all(int(op) not in shared for op in K.Op if op.name not in CoreOp.__members__)


@pytest.mark.parametrize("game", ["fftcg", "fftcg_2014", "force_of_will", "weiss_schwarz", "dbscg"])
def test_no_game_numbers_its_own_opcode_with_a_core_number(game):
    """A core opcode means the same in every game: none of a game's own opcodes has its number."""
    import importlib

    K = importlib.import_module(f"tcg_env.games.{game}.constants")
    shared = {int(op): op.name for op in CoreOp}
    assert [op.name for op in K.Op if int(op) in shared and shared[int(op)] != op.name] == []


def test_the_core_frame_stack_pushes_cleared_frames_with_the_entry_and_pops_them():
    """push_frame: every word of the new frame cleared, its register slots empty (the game's
    FRAME_REG_EMPTY), the entry's words set, the source's card id kept as last known (FF-TCG CR
    11.11.4, Force of Will CR 911), -1 without a source; top_frame / pop_frame / frames_full."""
    import toy_frames as F

    s = np.full(F.STATE_SIZE, 7, np.int32)  # old words everywhere, which a push must clear
    s[F.FRAME_N] = 0
    s[F.CARD + 3 * F.CARD_W] = 42
    f0 = F.push(F.RULES, s, MODE_TARGETS, 5, 1, 3, 9, 1, 11)
    assert f0 == F.FRAMES and s[F.FRAME_N] == 1 and F.top(F.RULES, s) == f0
    frame = s[f0:f0 + F.FRAME_W]
    words = {F.FRAME_KIND: 1, F.FRAME_SOURCE: 3, F.FRAME_ABILITY: 9, F.FRAME_CONTROLLER: 1, F.FRAME_CARD: 42,
             F.FRAME_AUX: 11, F.FRAME_MODE: MODE_TARGETS, F.FRAME_PURPOSE: 5}
    regs = range(F.FRAME_REGS, F.FRAME_REGS + F.N_REGS * F.TARGET_MAX)
    for k in range(F.FRAME_W):
        assert frame[k] == words.get(k, -1 if k in regs else 0), k
    assert not F.full(F.RULES, s)
    f1 = F.push(F.RULES, s, MODE_ALL, 0, 2, -1, 4, 0, -1)
    assert f1 == f0 + F.FRAME_W and s[f1 + F.FRAME_CARD] == -1 and F.top(F.RULES, s) == f1
    assert F.full(F.RULES, s)
    F.pop(F.RULES, s)
    assert s[F.FRAME_N] == 1 and F.top(F.RULES, s) == f0 and not F.full(F.RULES, s)


def test_the_default_frame_hooks_read_the_frame_words_a_game_names():
    """frame_mode reads FRAME_MODE and stored_count FRAME_STORE, chosen_so_far the register's
    count; a game whose frames have neither word runs in MODE_ALL with a stored count of 0."""
    import toy_frames as F

    s = np.zeros(F.STATE_SIZE, np.int32)
    f = F.FRAMES
    s[f + F.FRAME_MODE] = MODE_RESOLVE
    s[f + F.FRAME_REG_COUNTS + 1] = 2
    s[f + F.FRAME_STORE] = 5
    assert F.defaults(F.RULES, s, f, 1) == (MODE_RESOLVE, 2, 5)
    assert F.defaults(F.RULES, s, f, 0)[1] == 0
    import toy_frames_bare

    bare = np.zeros(16, np.int32)
    bare[toy_frames_bare.FRAME_REG_COUNTS] = 1
    assert F.defaults(F.BARE, bare, 0, 0) == (MODE_ALL, 1, 0)
