"""Force of Will card text, session 22 (branch s22-fowa): a player's own choice as an effect resolves ("your opponent
banishes N <cards>", CR 1011), and a magic stone that enters the field rested under a condition. Lines are made up in
the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

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
