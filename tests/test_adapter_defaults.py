"""The shared adapter layer (``tcg_env.adapter``): the action describer a game words its actions
with (:class:`ActionWords`) and the defaults ``game_spec`` gives from the declared layouts
(``entity_obs`` / ``entity_spaces``). Toy layouts; nothing here compiles kernels."""

from __future__ import annotations

from enum import IntEnum
from types import SimpleNamespace

import numpy as np
import pytest

from tcg_env.adapter import ActionWords, candidates, entity_obs, entity_spaces, if_there, yes
from tcg_env.engine.blocks import ActionLayout, ObsLayout
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, HEADER_SIZE


class Decision(IntEnum):
    NONE = 0
    PRIORITY = 1
    TARGET = 2
    OPTIONAL = 3


ACTIONS = ActionLayout("toy")
ACTIONS.add("pass")
ACTIONS.add("hand", 3, points_at="hand")
ACTIONS.add("option", 2, points_at="options")
HAND, CAND, CAND_N = HEADER_SIZE, HEADER_SIZE + 6, HEADER_SIZE + 8  # two hands of 3, then the candidates


def _game(kind, hand=(10, 11), cands=()):
    row = np.full(HEADER_SIZE + 9, -1, np.int32)
    row[H_DONE], row[H_DECISION], row[H_DECIDER] = 0, kind, 1
    row[HAND + 3 : HAND + 3 + len(hand)] = hand
    row[CAND : CAND + len(cands)], row[CAND_N] = cands, len(cands)
    return SimpleNamespace(_row=row)


def _words(**extra):
    words = {
        "pass": {Decision.PRIORITY: "Pass priority", None: "Pass / done"},
        "hand": {Decision.PRIORITY: "Play {card}", None: "Hand card {i}: {card} ({kind})"},
        "option": {Decision.OPTIONAL: yes("Use it"), Decision.TARGET: if_there("Choose {card}"), None: "Option {i}"},
    }
    rows = {"hand": lambda row, p: [int(x) for x in row[HAND + 3 * p : HAND + 3 * p + 3] if x >= 0],
            "options": candidates(CAND, CAND_N)}  # fmt: skip
    return ActionWords(ACTIONS, Decision, words, rows, lambda game, slot: f"card{slot}" if slot >= 0 else "(none)",
                       source=lambda game: "Fireball", **extra)  # fmt: skip


def test_each_action_is_worded_by_its_block_and_the_pending_decision():
    describe = _words()
    assert describe(_game(Decision.PRIORITY), 0) == "Pass priority"
    assert describe(_game(Decision.TARGET), 0) == "Pass / done"  # the block's wording for any other decision
    assert describe(_game(Decision.PRIORITY), 2) == "Play card11"  # the decider's (player 1's) hand card 1
    assert describe(_game(Decision.TARGET), 3) == "Hand card 2: (none) (TARGET)"  # nothing in hand position 2


def test_a_wording_giving_none_falls_back_to_the_block_default():
    describe = _words()
    assert describe(_game(Decision.OPTIONAL), 4) == "Use it" and describe(_game(Decision.OPTIONAL), 5) == "Option 1"
    game = _game(Decision.TARGET, cands=(7,))
    assert describe(game, 4) == "Choose card7" and describe(game, 5) == "Option 1"  # candidate 1 is not there


def test_the_source_suffix_and_the_guards():
    describe = _words(for_kinds=(Decision.TARGET,))
    assert describe(_game(Decision.TARGET, cands=(7,)), 4) == "Choose card7 for Fireball"
    assert describe(_game(Decision.PRIORITY), 99) == "action 99 (out of range 0..5)"
    done = _game(Decision.PRIORITY)
    done._row[H_DONE] = 1
    assert describe(done, 0) == "no action (game over)"
    assert _words(game_over=None)(done, 0) == "Pass priority"


def test_copies_of_a_name_in_the_pointed_list_are_told_apart_by_position():
    """``copy`` (and :attr:`Act.copy`): two cards of one name in the list the block points at are
    two actions worded apart by their position there (1 = the first listed); a card whose name no
    other card there has gets no suffix; lists with no noun in ``copies`` never get one."""
    words = _words(copies={"hand": "hand card"})
    words.words["hand"][Decision.PRIORITY] = "Play {card}{copy}"
    same = _game(Decision.PRIORITY, hand=(10, 11, 10))  # the decider's hand: card10 twice
    assert [words(same, a) for a in (1, 2, 3)] == ["Play card10 (hand card 1)", "Play card11", "Play card10 (hand card 3)"]
    # as the other player reads it in a log: the position would say a copy is left in the hand
    assert [words(same, a, public=True) for a in (1, 2, 3)] == ["Play card10", "Play card11", "Play card10"]
    plain = _words()
    plain.words["hand"][Decision.PRIORITY] = "Play {card}{copy}"
    assert plain(same, 1) == "Play card10"  # no noun declared for the hand: no suffix
    assert words(_game(Decision.PRIORITY, hand=(10, 11)), 1) == "Play card10"


def test_every_block_needs_a_default_wording():
    with pytest.raises(ValueError, match="option"):
        ActionWords(ACTIONS, Decision, {"pass": {None: "Pass"}, "hand": {None: "Hand"}, "option": {}}, {}, str)


def test_entity_obs_splits_the_declared_blocks_and_spaces_match():
    obs = ObsLayout("toy")
    obs.add("global", ["a", "b", "c"])
    obs.add("hand", ["present", "cost"], rows=4, cards=True)
    flat = np.arange(2 * obs.size, dtype=np.float32).reshape(2, obs.size)
    views = entity_obs(obs, flat)
    assert list(views) == ["global", "hand"]
    assert views["global"].shape == (2, 3) and views["hand"].shape == (2, 4, 2)
    assert views["hand"][1, 3, 1] == flat[1, obs.size - 1] and np.shares_memory(views["hand"], flat)
    spaces = entity_spaces(obs)
    assert {k: s.shape for k, s in spaces.items()} == {"global": (3,), "hand": (4, 2)}


def test_a_public_description_reads_as_the_other_player_reads_it():
    """`tcg play` logs the bot's actions public: "bot: Choose your Scott" read as your Scott. The
    decider's own cards are its own and its opponent is the reader; an ability's words after the
    action's are left as printed."""
    from tcg_env.adapter import as_the_other_reads

    assert as_the_other_reads("Choose your Scott for Scott's ability (auto: your hand)") == (
        "Choose its own Scott for Scott's ability (auto: your hand)")
    assert as_the_other_reads("Choose opponent's Ice Sentry for X") == "Choose your Ice Sentry for X"
    assert as_the_other_reads("Attack the opponent") == "Attack you"
    assert as_the_other_reads("Your field card Scott") == "Its own field card Scott"
    import tcg_env

    game = tcg_env.make_game("fftcg", seed=3)
    assert all(game.describe_action(int(a), public=True) == as_the_other_reads(game.describe_action(int(a)).split(" (hand card")[0])
               for a in game.legal_actions())
