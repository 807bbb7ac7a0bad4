"""Force of Will card text, session 22 (branch s22-fowa): a player's own choice as an effect resolves ("your opponent
banishes N <cards>", CR 1011), and a magic stone that enters the field rested under a condition. Lines are made up in
the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s21a import _card, _scenario


def _resolve(g, card, picks):
    """Play chant ``card`` from player 0's hand; each CHOOSE_TARGET is answered by its decider with the next slot of
    ``picks`` (a list of (player, slot)); both pass until the chant resolves."""
    from tcg_env.engine.header import H_DECIDER, H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    picks = list(picks)
    hand = [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))]
    g.step(K.PLAY_HAND_BASE + hand.index(card))
    asked = []
    for _ in range(16):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            return asked
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
            who, slot = picks.pop(0)
            assert int(g.state[H_DECIDER]) == who, (who, int(g.state[H_DECIDER]))
            asked.append((who, sorted(cands)))
            g.step(K.OPTION_BASE + cands.index(slot))
        else:
            g.step(K.PASS)
    raise AssertionError("the chant did not resolve")


# ---- CR 1011: "your opponent banishes N <cards>" --------------------------------------------------------------------
def test_cr_1011_2_opponent_banishes_is_exact_and_not_a_target():
    r = exact("Your opponent banishes two resonators.", "chant")
    assert r.fields["effect"] == [{"op": "player_banish", "filter": {"type": ["resonator"], "side": "opponent"},
                                   "count": 2, "who": "opponent"}]
    r = exact("Your opponent banishes a non-magic stone, non-J-ruler entity.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["resonator", "addition", "regalia"], "side": "opponent"}
    assert exact("Your opponent banishes an addition.", "chant").fields["effect"][0]["filter"]["type"] == ["addition"]
    r = exact("When this card enters the field => Your opponent banishes a resonator.")
    assert r.abilities[0]["effect"][0]["op"] == "player_banish"
    # a target before it keeps its register; the banished cards take the next one
    r = exact("Destroy target resonator. Your opponent banishes a resonator.", "chant")
    assert [op["op"] for op in r.fields["effect"]] == ["choose", "destroy", "player_banish"]
    assert r.fields["effect"][2]["reg"] == 1
    # X without {X} in the cost, cards the opponent does not control: unsupported
    assert line("Your opponent banishes X resonators.", "chant").verdict is Verdict.UNSUPPORTED
    assert line("Your opponent banishes a resonator you control.", "chant").verdict is Verdict.UNSUPPORTED
    # "it" after it would name cards no longer in the field (the register is emptied): refused
    assert line("[Enter] => Your opponent banishes a resonator. It gains [+200/+200] until end of turn.").verdict is \
        Verdict.UNSUPPORTED


def test_cr_1011_each_player_banishes_is_the_named_approximation():
    r = line("Each player banishes a resonator, then each player discards a card.", "chant")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("each_player_banishes_in_turn",)
    whos = [(op["op"], op["who"]) for op in r.fields["effect"]]
    assert whos == [("player_banish", "controller"), ("player_banish", "opponent"), ("discard", "controller"),
                    ("discard", "opponent")]


def _banish_pool(tmp_path):
    cards = [_card("TXT-001", "Made-up Purge", "Chant", ["Your opponent banishes two resonators."]),
             _card("TXT-002", "Made-up Tithe", "Chant", ["Each player banishes a resonator."]),
             _card("TXT-010", "Made-up Pup", "Resonator", [], ATK=100, DEF=500),
             _card("TXT-011", "Made-up Shield Pup", "Resonator", ["[Barrier]"], ATK=100, DEF=500)]
    res, pool = _imported_pool(tmp_path, cards)
    assert [r.verdict for r in res.text_records if r.name == "Made-up Tithe"] == [Verdict.APPROXIMATE]
    return pool


def test_cr_1011_2_the_opponent_chooses_two_of_theirs_barrier_too_and_banishes_them(tmp_path):
    """The opponent (not the chant's controller) decides, among the resonators they control only ([Barrier], CR 1120.2,
    keeps out targets alone: these are chosen, not targeted), one at a time; both go to their graveyard; the third
    stays."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    pool = _banish_pool(tmp_path)
    sc = _scenario(pool)
    (purge,) = sc.hand(0, ["TXT-001"])
    (mine,) = sc.field(0, ["TXT-010"])
    a, b, c = sc.field(1, ["TXT-010", "TXT-011", "TXT-010"])
    g = sc.game()
    asked = _resolve(g, purge, [(1, b), (1, c)])
    assert asked == [(1, sorted([a, b, c])), (1, sorted([a, c]))]
    zone = lambda x: int(g.state[S.ZONE + x * S.CARD_W])  # noqa: E731
    assert (zone(a), zone(b), zone(c), zone(mine)) == (K.Zone.FIELD, K.Zone.GRAVEYARD, K.Zone.GRAVEYARD, K.Zone.FIELD)


def test_cr_104_2_the_opponent_with_fewer_banishes_what_they_have_without_a_choice(tmp_path):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    pool = _banish_pool(tmp_path)
    sc = _scenario(pool)
    (purge,) = sc.hand(0, ["TXT-001"])
    (only,) = sc.field(1, ["TXT-010"])
    g = sc.game()
    assert _resolve(g, purge, [(1, only)]) == [(1, [only])]  # one asked: the second finds none left
    assert int(g.state[S.ZONE + only * S.CARD_W]) == K.Zone.GRAVEYARD


def test_cr_1011_each_player_banishes_one_of_their_own_the_controller_first(tmp_path):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    pool = _banish_pool(tmp_path)
    sc = _scenario(pool)
    (tithe,) = sc.hand(0, ["TXT-002"])
    m1, m2 = sc.field(0, ["TXT-010", "TXT-010"])
    t1, t2 = sc.field(1, ["TXT-010", "TXT-010"])
    g = sc.game()
    assert _resolve(g, tithe, [(0, m2), (1, t1)]) == [(0, sorted([m1, m2])), (1, sorted([t1, t2]))]
    zone = lambda x: int(g.state[S.ZONE + x * S.CARD_W])  # noqa: E731
    assert [zone(x) for x in (m1, m2, t1, t2)] == [K.Zone.FIELD, K.Zone.GRAVEYARD, K.Zone.GRAVEYARD, K.Zone.FIELD]


# ---- a magic stone's "If <condition>, this card enters your field rested." ------------------------------------------
def test_enters_rested_if_a_condition_is_exact_on_a_magic_stone_only():
    r = exact('If your J/ruler isn\'t "Made-up A" or "Made-up B", this card enters your magic stone area rested.',
              "magic_stone")
    assert r.fields == {"enters_rested_if": {"kind": "ruler_not_named", "value": "Made-up A", "names": ["Made-up B"]}}
    r = exact("If you don't control a regalia, this card enters the field rested.", "magic_stone")
    assert r.fields["enters_rested_if"]["kind"] == "control_none"
    assert line("If you don't control a regalia, this card enters the field rested.").verdict is Verdict.UNSUPPORTED
    r = line('If your J/ruler isn\'t "Made-up A" or "Made-up B", this card enters your field rested unless you pay 300 '
             "life.", "magic_stone")
    # session 34 (s34b): the life is offered as it enters (exact; tests/force_of_will/test_fow_card_text_s34b.py plays it)
    assert r.verdict is Verdict.EXACT and r.fields["enters_unless_life"] == 300
    assert r.fields["enters_rested_if"]["kind"] == "ruler_not_named"


def _stone_pool(tmp_path):
    stone = {"id": "TXT-020", "name": "Made-up Memoria", "type": ["Special Magic Stone", "Magic Stone"], "cost": None,
             "colour": ["V"], "abilities": ["{Rest}: Produce {R}.",
                                            "If you don't control a regalia, this card enters the field rested."]}
    stone2 = {**stone, "id": "TXT-021", "name": "Made-up Ruler Stone",
              "abilities": ["{Rest}: Produce {R}.", 'If your J/ruler isn\'t "Made-up Regent" or "Made-up Crown", this '
                            "card enters your magic stone area rested."]}
    cards = [_card("TXT-001", "Made-up Call", "Chant", ["Put the top card of your magic stone deck into the field."]),
             _card("TXT-003", "Made-up Crown", "Regalia", [], cost="{0}"), stone, stone2,
             {"id": "TXT-030", "name": "Made-up Regent", "type": ["Ruler"], "cost": None, "colour": ["R"],
              "abilities": []}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines)
    return pool


def _called(pool, stone, regalia=False, regent=False):
    """Player 0 calls ``stone`` from the top of its magic stone deck with a chant (with a regalia, or with its ruler
    replaced by "Made-up Regent"); is it rested?"""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    sc = _scenario(pool)
    (call,) = sc.hand(0, ["TXT-001"])
    slot = sc.put(0, stone, K.Zone.STONE_DECK, top=True)
    if regalia:
        sc.field(0, ["TXT-003"])
    if regent:
        sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = sc.card_id("TXT-030")
    g = sc.game()
    _resolve(g, call, [])
    assert int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.FIELD
    return bool(g.state[S.RESTED + slot * S.CARD_W])


def test_cr_307_a_magic_stone_enters_rested_while_its_condition_holds(tmp_path):
    """"If you don't control a regalia, ...": rested without one, recovered with one; "If your J/ruler isn't "A" or
    "B", ...": rested under the starter deck's ruler, recovered under a ruler named A (Condition RULER_NOT_NAMED,
    checked as it enters: zones.enter_field)."""
    pool = _stone_pool(tmp_path)
    assert _called(pool, "TXT-020") is True
    assert _called(pool, "TXT-020", regalia=True) is False
    assert _called(pool, "TXT-021") is True
    assert _called(pool, "TXT-021", regent=True) is False


# ---- resonators put into a graveyard from the field this turn (state.RESONATORS_TO_GRAVE) ------------------------------
def test_resonators_put_into_a_graveyard_this_turn_compile_to_the_count_and_the_condition():
    own = {"count": "resonators_to_graveyard"}
    for text in ("You may pay {1} less to play this card for each resonator put into a graveyard from your field this "
                 "turn.", "You may pay {1} less to play this card for each resonator you controlled put into a graveyard "
                 "from the field this turn."):
        assert exact(text).abilities[0]["effect"][0]["per"] == own
    r = exact("Draw a card for each resonator put into a graveyard from the field this turn.", "chant")
    assert r.fields["effect"][0]["per"] == {"count": "resonators_to_graveyard_all"}
    r = exact("If a resonator you control was put into a graveyard from the field this turn, you may pay {2} less to "
              "play this card.", "chant")
    assert r.abilities[0]["condition"] == {"kind": "resonators_to_graveyard_at_least", "value": 1}
    # other cards than resonators are not counted by the word
    assert line("You may pay {2} less to play this card if an entity you controlled was put into a graveyard from the "
                "field this turn.", "chant").verdict is Verdict.UNSUPPORTED


def test_the_count_is_each_players_resonators_put_into_a_graveyard_from_their_field_this_turn(tmp_path):
    """A resonator destroyed counts for its controller (zones.move_card_core), an addition does not; "for each resonator
    put into a graveyard from the field this turn" counts both players'; the count is public (the observation's
    `*_resonators_to_graveyard_div10`) and starts again with the next turn (turn.begin_turn)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.observation import GLOBAL_COLUMNS

    cards = [_card("TXT-001", "Made-up Cull", "Chant", ["Destroy target resonator."]),
             _card("TXT-002", "Made-up Relief", "Chant",
                   ["Draw a card for each resonator put into a graveyard from the field this turn."]),
             _card("TXT-003", "Made-up Wreck", "Chant", ["Destroy target addition."]),
             _card("TXT-010", "Made-up Pup", "Resonator", [], ATK=100, DEF=500),
             _card("TXT-012", "Made-up Charm", "Addition", [], cost="{R}")]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines)
    sc = _scenario(pool)
    cull, cull2, relief, wreck = sc.hand(0, ["TXT-001", "TXT-001", "TXT-002", "TXT-003"])
    (mine,) = sc.field(0, ["TXT-010"])
    theirs, charm = sc.field(1, ["TXT-010", "TXT-012"])
    g = sc.game()
    _resolve(g, cull, [(0, mine)])
    _resolve(g, cull2, [(0, theirs)])
    _resolve(g, wreck, [(0, charm)])
    assert [int(g.state[S.RESONATORS_TO_GRAVE + p]) for p in (0, 1)] == [1, 1]
    hand = int(g.state[S.HAND_N])
    _resolve(g, relief, [])
    assert int(g.state[S.HAND_N]) == hand - 1 + 2  # the chant left the hand, two cards drawn
    glob = g.observe(1, "dict")["global"].reshape(-1)
    assert glob[GLOBAL_COLUMNS.index("opp_resonators_to_graveyard_div10")] == pytest.approx(0.1)
    for _ in range(200):  # on to the next turn
        if int(g.state[S.TURN_PLAYER]) == 1:
            break
        g.step(K.PASS)
    assert [int(g.state[S.RESONATORS_TO_GRAVE + p]) for p in (0, 1)] == [0, 0]


def test_903_2i_a_cost_less_for_each_resonator_put_into_your_graveyard_this_turn(tmp_path):
    """"You may pay {1} less ... for each resonator put into a graveyard from your field this turn" (Draig's {R}{4}) with
    two of the player's resonators destroyed this turn (one of the opponent's does not count): payable with {R}{2}."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Cull", "Chant", ["Destroy target resonator."], cost="{0}"),
             _card("TXT-010", "Made-up Pup", "Resonator", [], ATK=100, DEF=500),
             _card("TXT-020", "Made-up Dragon", "Resonator", ["You may pay {1} less to play this card for each resonator "
                                                              "put into a graveyard from your field this turn."],
                   cost="{R}{4}", ATK=1000, DEF=1000)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 3)
    c1, c2, c3, dragon = sc.hand(0, ["TXT-001", "TXT-001", "TXT-001", "TXT-020"])
    a, b = sc.field(0, ["TXT-010", "TXT-010"])
    (t,) = sc.field(1, ["TXT-010"])
    g = sc.game()
    from tcg_env.games.force_of_will import state as S

    hand_index = lambda card: [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))].index(card)  # noqa: E731
    _resolve(g, c3, [(0, t)])
    _resolve(g, c1, [(0, a)])
    assert not g.action_mask()[K.PLAY_HAND_BASE + hand_index(dragon)]  # {R}{4} less 1: 4 will, 3 in the pool
    _resolve(g, c2, [(0, b)])
    assert g.action_mask()[K.PLAY_HAND_BASE + hand_index(dragon)]  # {R}{4} less 2: {R}{2}


# ---- CR 903.2g / 903.2i: "You may pay <will> less to play this card if it targets a <card>." ------------------------
def _targets_pool(tmp_path):
    cards = [_card("TXT-001", "Made-up Rally", "Chant", ["You may pay {G} less to play this card if it targets a Beast.",
                                                       "Target resonator gains [+200/+200] until end of turn."],
                   cost="{G}", colour=["G"]),
             _card("TXT-010", "Made-up Pup", "Resonator", [], ATK=100, DEF=500),
             _card("TXT-011", "Made-up Boar", "Resonator", [], ATK=100, DEF=500, race=["Beast"])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines), [
        (r.name, [x.reason for x in r.lines]) for r in res.text_records]
    return pool


def _rally(pool, wind, beast=True):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.WIND, wind)
    (rally,) = sc.hand(0, ["TXT-001"])
    pup = sc.field(1, ["TXT-010"])[0]
    boar = sc.field(1, ["TXT-011"])[0] if beast else -1
    return sc.game(), rally, pup, boar


def test_cr_903_2i_if_it_targets_compiles_to_a_targets_match_condition():
    r = exact("You may pay {W}{1} less to play this card, if it targets a Resonator.", "chant", cost="{W}{1}")
    assert r.abilities[0]["condition"] == {"kind": "targets_match", "filter": {"type": ["resonator"]}}
    assert line("You may pay {1} less to play this card if it targets a resonator.").verdict is Verdict.UNSUPPORTED


def test_cr_903_2i_the_reduction_is_offered_only_when_the_target_matches(tmp_path):
    """With the full cost in the pool both targets are legal; targeting the non-Beast pays {G} (no question), targeting
    the Beast asks "you may pay {G} less" (OPTIONAL) and taking it pays nothing."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    pool = _targets_pool(tmp_path)
    for pick_beast in (False, True):
        g, rally, pup, boar = _rally(pool, 1)
        hand = [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))]
        g.step(K.PLAY_HAND_BASE + hand.index(rally))
        cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
        assert sorted(cands) == sorted([pup, boar])
        g.step(K.OPTION_BASE + cands.index(boar if pick_beast else pup))
        wind = int(g.state[S.WILL + K.Attribute.WIND])
        if pick_beast:
            assert int(g.state[H_DECISION]) == K.Decision.OPTIONAL
            g.step(K.OPTION_BASE)  # take the reduction
            assert int(g.state[S.WILL + K.Attribute.WIND]) == 1
        else:
            assert int(g.state[H_DECISION]) != K.Decision.OPTIONAL and wind == 0


def test_cr_903_2g_payable_only_with_the_reduction_the_target_must_match(tmp_path):
    """No will: playable only while a Beast can be targeted, and then the Beast is the only legal target."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    pool = _targets_pool(tmp_path)
    g, rally, pup, boar = _rally(pool, 0)
    hand = [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))]
    g.step(K.PLAY_HAND_BASE + hand.index(rally))
    assert [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))] == [boar]
    g2, rally2, _, _ = _rally(pool, 0, beast=False)
    hand = [int(g2.state[S.HAND_L + k]) for k in range(int(g2.state[S.HAND_N]))]
    assert not g2.action_mask()[K.PLAY_HAND_BASE + hand.index(rally2)]
