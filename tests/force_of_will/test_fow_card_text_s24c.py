"""Force of Will card text, session 24 (branch s24-fowc): replacement effects, the beginning of the game, deck rules.
"At the beginning of the game" (CR 502.1: Trigger.BEGIN_GAME at the first turn's draw phase), "Homeland (...) -" as an
ability's name, "This card enters the field with N counters" (CR 1022.6), "If a card would be put into your graveyard
from anywhere, remove it from the game instead." (CR 910.1: GRAVE_TO_REMOVED with GraveOwner), "You may have up to N
copies of this card in your deck." / "You may not have more than one copy of any card in your deck." (CR 402.8). Lines
are made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards import DeckError
from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s21a import _all_exact, _card, _named, _scenario

# a legal main deck and magic stone deck of the starter pool (test_cards_fow_decks.LEGAL without its ruler)
_MAIN = ["FOW1-024", "FOW1-025", "FOW1-026", "FOW1-027", "FOW1-030", "FOW1-031", "FOW1-048", "FOW1-049",
         "FOW1-050", "FOW1-054"]
_REST = [(n, 4) for n in _MAIN] + [("FOW1-079", 10)]


def _play_until(g, card, zones, target=None):
    """Play ``card`` from player 0's hand (choosing ``target`` if asked) and pass until it is in one of ``zones``."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    hand = [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))]
    g.step(K.PLAY_HAND_BASE + hand.index(card))
    for _ in range(12):
        if int(g.state[S.ZONE + card * S.CARD_W]) in zones:
            return
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
            g.step(K.OPTION_BASE + cands.index(target))
        else:
            g.step(K.PASS)
    raise AssertionError("the card did not arrive")


def _deck(pool, *entries, validate=True):
    from tcg_env.cards.decks import parse_deck_text
    from tcg_env.games.force_of_will.decks import validate_deck

    deck = parse_deck_text(pool, "\n".join(f"{n} {num}" for num, n in entries), file="t.txt")
    if validate:
        validate_deck(pool, deck)
    return deck


# ---- CR 502.1: "at the beginning of the game" ---------------------------------------------------------------------
@pytest.mark.parametrize("arrow", [">>>", "=>", "\u21d2"])
def test_cr_502_1_at_the_beginning_of_the_game_is_a_rulers_trigger(arrow):
    r = exact(f"At the beginning of the game {arrow} Put three limited counters on this card.", "ruler")
    assert r.abilities == [{"kind": "automatic", "trigger": "begin_game",
                            "effect": [{"op": "target_self"}, {"op": "counter", "count": 3, "name": "limited"}]}]
    assert exact("At the beginning of the game => Draw a card.", "ruler").abilities[0]["trigger"] == "begin_game"


def test_cr_502_1_beginning_of_the_game_refused_off_a_ruler_and_on_field_cards():
    # a card of the main deck is in a hand then: its ability would work from there, which no trigger reads
    assert line("At the beginning of the game >>> Draw a card.", "resonator").verdict is Verdict.UNSUPPORTED
    # CR 403: no card is in a field at the beginning of the game ("each ruler you control" is in a ruler area)
    r = line("At the beginning of the game >>> Put four [+100/+100] counters on each ruler you control.", "ruler")
    assert r.verdict is Verdict.UNSUPPORTED and "no card is in a field" in r.reason


def test_homeland_names_the_ability_that_follows_it():
    r = exact("Homeland (Made-up) - At the beginning of the game >>> Draw a card.", "ruler")
    assert r.abilities == [{"kind": "automatic", "trigger": "begin_game", "effect": [{"op": "draw", "count": 1}]}]
    assert line("Homeland (Made-up) - Draw a card.", "ruler").verdict is Verdict.UNSUPPORTED


def test_cr_502_1_beginning_of_the_game_triggers_once_at_the_first_draw_phase_for_both_rulers(tmp_path):
    """Both players' rulers have "at the beginning of the game" abilities: they trigger at the beginning of the first
    turn's draw phase (CR 502.1), before its first priority, for the turn player and the other alike, and never again."""
    import tcg_env
    from tcg_env.engine.header import H_TURN
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    cards = [_card("TXT-001", "Made-up Counting Ruler", "Ruler",
                   ["At the beginning of the game >>> Put three limited counters on this card."], cost=""),
             _card("TXT-002", "Made-up Drawing Ruler", "Ruler", ["At the beginning of the game => Draw a card."],
                   cost="")]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    decks = (_deck(pool, ("TXT-001", 1), *_REST), _deck(pool, ("TXT-002", 1), *_REST))
    g = tcg_env.make_game("force_of_will", decks=decks, pool=pool, seed=3)
    ruler0 = K.RULER_SLOT  # player 0's ruler slot
    limited = pool.counter_ids["limited"]
    hands = None
    for _ in range(200):
        row = g.state
        if int(row[H_TURN]) == 1 and hands is None:
            hands = [int(row[S.HAND_N + p]) for p in range(2)]  # the first turn began: 5 cards each (CR 403.5)
        if int(row[H_TURN]) >= 3:
            break
        g.step(K.PASS)
    row = g.state
    assert hands == [5, 5]
    assert _named(g, ruler0) == {limited: 3}  # once, not again on turns 2 and 3
    first = int(row[S.FIRST_PLAYER])
    # player 1 drew one card by its ruler, and one in its draw phase if turn 2 was its turn (none on the game's first
    # turn, CR 502.3; turn 3 has just begun)
    assert int(row[S.HAND_N + 1]) == 5 + 1 + (1 if first == 0 else 0)


# ---- CR 1022.6: "This card enters the field with N counters" ------------------------------------------------------
def test_cr_1022_6_enters_with_counters_lines():
    assert exact("This card enters the field with two [+100/+100] counters on it.").fields == {
        "enters_counters": {"count": 2}}
    assert exact("This card enters your field with three abyss counters.", "addition").fields == {
        "enters_counters": {"count": 3, "counter_name": "abyss"}}
    assert exact("This card enters the field with a growth counter.").fields == {
        "enters_counters": {"count": 1, "counter_name": "growth"}}
    assert line("This card enters the field with two growth counters.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1022_6_a_resonator_enters_with_its_counters(tmp_path):
    """A resonator that enters with two [+100/+100] counters has them as it arrives (CR 1022.2: [+200/+200]); one that
    enters with three growth counters has those (CR 1022.1), and neither has the other's."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    cards = [_card("TXT-001", "Made-up Grower", "Resonator",
                   ["This card enters the field with two [+100/+100] counters on it."], ATK=300, DEF=300),
             _card("TXT-002", "Made-up Sprout", "Resonator", ["This card enters the field with three growth counters."],
                   ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = _scenario(pool)
    grower, sprout = sc.hand(0, ["TXT-001", "TXT-002"])
    g = sc.game()
    for slot in (grower, sprout):
        _play_until(g, slot, (K.Zone.FIELD,))
    row = g.state
    assert int(row[S.COUNTERS + grower * S.CARD_W]) == 2 and int(row[S.COUNTERS + sprout * S.CARD_W]) == 0
    assert _named(g, sprout) == {pool.counter_ids["growth"]: 3} and _named(g, grower) == {}


# ---- CR 910.1: "If a card would be put into your graveyard from anywhere, remove it from the game instead." --------
@pytest.mark.parametrize("whose, owner", [("your", "you"), ("your opponent's", "opponent"), ("a", None)])
def test_cr_910_1_graveyard_from_anywhere_is_a_continuous_replacement(whose, owner):
    r = line(f"If a card would be put into {whose} graveyard from anywhere, remove it from the game instead.", "addition")
    # session 32: a discard at random reads it too (Op.PLAYER_DISCARD by zones.discard_to_graveyard): exact
    assert r.verdict is Verdict.EXACT, r.reason
    op = {"op": "grave_to_removed", "filter": {"zone": "anywhere"}} | ({"owner": owner} if owner else {})
    assert r.abilities == [{"kind": "continuous", "effect": [op]}]
    r = exact("[Continuous]: If a resonator would be put into a graveyard from your opponent's field, remove it from "
              "the game instead.")
    assert r.abilities[0]["effect"] == [{"op": "grave_to_removed", "filter": {
        "type": ["resonator"], "zone": "field", "side": "opponent"}}]
    # a chant has no continuous abilities; "this card" is a replacement of its own move (not compiled)
    assert line("If a card would be put into your graveyard from anywhere, remove it from the game instead.",
                "chant").verdict is Verdict.UNSUPPORTED
    assert line("If this card would be put into a graveyard from anywhere, remove it from the game instead.").verdict \
        is Verdict.UNSUPPORTED


def test_cr_910_1_your_graveyard_from_anywhere_removes_your_cards_not_your_opponents(tmp_path):
    """Player 0 controls "If a card would be put into your graveyard from anywhere, remove it from the game instead.":
    its chant that resolves goes to its removed area (from the chase), the opponent's resonator it destroys goes to the
    opponent's graveyard (the card's owner's graveyard, CR 310)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    from tcg_env.engine.header import H_DECISION

    cards = [_card("TXT-001", "Made-up Warden", "Resonator",
                   ["If a card would be put into your graveyard from anywhere, remove it from the game instead."],
                   ATK=100, DEF=100),
             _card("TXT-002", "Made-up Smite", "Chant", ["Destroy target resonator."]),
             _card("TXT-003", "Made-up Target", "Resonator", [], ATK=100, DEF=100),
             _card("TXT-004", "Made-up Purge", "Chant", ["Discard a card."])]
    res, pool = _imported_pool(tmp_path, cards)
    assert [r.verdict for r in res.text_records][0] is Verdict.EXACT  # session 32 (before, approximate)
    sc = _scenario(pool)
    sc.field(0, ["TXT-001"])
    (victim,) = sc.field(1, ["TXT-003"])
    smite, purge, kept = sc.hand(0, ["TXT-002", "TXT-004", "TXT-003"])
    g = sc.game()
    _play_until(g, smite, (K.Zone.GRAVEYARD, K.Zone.REMOVED), victim)
    row = g.state
    assert int(row[S.ZONE + smite * S.CARD_W]) == K.Zone.REMOVED
    assert int(row[S.ZONE + victim * S.CARD_W]) == K.Zone.GRAVEYARD
    # a chosen discard (CR 1019.1) is replaced too: from the hand
    hand = [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))]
    g.step(K.PLAY_HAND_BASE + hand.index(purge))
    for _ in range(12):
        if int(g.state[H_DECISION]) == K.Decision.DISCARD:
            hand = [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))]
            g.step(K.SELECT_HAND_BASE + hand.index(kept))
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + kept * S.CARD_W]) == K.Zone.REMOVED


# ---- CR 402.8: a card's deck building rules ---------------------------------------------------------------------
def test_cr_402_8_deck_limit_lines():
    assert exact("You may have up to twelve copies of this card in your deck.").fields == {"deck_max_copies": 12}
    assert exact("You may have up to ten copies of this card in your magic stone deck.", "magic_stone").fields == {
        "deck_max_copies": 10}
    assert exact("You may not have more than one copy of any card in your deck.", "ruler").fields == {
        "deck_one_copy": True}
    assert line("You may not have more than one copy of any card in your deck.").verdict is Verdict.UNSUPPORTED


def test_cr_402_8_the_deck_check_honours_the_cards_own_limits(tmp_path):
    """Six copies of a card that allows up to six pass (402.3b's four waived), seven fail naming it; a ruler allowing one
    copy of any card fails a deck with two of a name, naming the ruler's rule."""
    cards = [_card("TXT-001", "Made-up Swarm", "Resonator",
                   ["You may have up to six copies of this card in your deck."], ATK=100, DEF=100),
             _card("TXT-002", "Made-up Hermit", "Ruler",
                   ["You may not have more than one copy of any card in your deck."], cost="")]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    main = [(n, 4) for n in _MAIN[:8]] + [("FOW1-079", 10)]  # 32 main cards: + 8 more below
    _deck(pool, ("FOW1-003", 1), *main, ("TXT-001", 6), ("FOW1-050", 2))
    with pytest.raises(DeckError, match=r"7 cards named 'Made-up Swarm'.*allows up to 6 copies \(CR 402\.8\)"):
        _deck(pool, ("FOW1-003", 1), *main, ("TXT-001", 7), ("FOW1-050", 1))
    with pytest.raises(DeckError, match=r"Made-up Hermit.*allows one copy"):
        _deck(pool, ("TXT-002", 1), *_REST)
