"""Abilities compiled from printed text, run by the engine: the new instructions (look at the top
of the deck and put the rest into the waiting room, "+X power" counted at resolution, the Assist
"+X power, X = that character's level x N" aura, "<<A>> or <<B>>" filters, "when your other
character attacks", "when you use this card's Backup") do what the line says; and an imported
sample list plays random games that keep the conformance invariants. The card list is made up
in the card language's templates (no card text copied); the sample test skips without the
shared card data."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import tcg_env
from tcg_env.registry import get_spec
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.cards import compile_ws_pool
from tcg_env.games.weiss_schwarz.importer import import_ws_json
from tcg_env.games.weiss_schwarz.scenario import Scenario

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "conformance"))
from conformance_helpers import check_cards, random_action  # noqa: E402
import ws_card_text_kit as kit

CARDDATA = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "weiss_schwarz"


_rec = kit.rec


LAMP, MOTH, COUNTER, TWIN, ELDER, SPARK, FLASH, SCOUT, GUARD, SEER, MEMO, WATCHER, BRAVE, SCRY, DRUMMER, HUNTER, \
    GREETER, GIVER, LEADER, MENTOR, PATRON, SENTRY, COWARD, STOIC, CHEAP, LATE, KEEPER, CALLER, FREE, STRANGER = range(30)
RECORDS = [
    _rec("T/X01-001", "Lamp", ["【AUTO】 When this card is placed on the stage from your hand, look at up to 3 cards from "
                               "the top of your deck, choose up to 1 card from among them, put it into your hand, and "
                               "put the rest into your waiting room."]),
    _rec("T/X01-002", "Moth", ["【CONT】 Assist All of your characters in front of this card get +X power. X is equal "
                               "to that character's level ×500."], traits=("Paper",)),
    _rec("T/X01-003", "Counter", ["【AUTO】 When this card is placed on the stage from your hand, this card gets +X power "
                                  "until end of turn. X is equal to the number of 《Glass》 characters you have ×1000."]),
    _rec("T/X01-004", "Twin", ["【CONT】 All of your other 《Glass》 or 《Paper》 characters get +500 power."], traits=("Wood",)),
    _rec("T/X01-005", "Elder", ["【AUTO】 When your other 《Paper》 character attacks, this card gets +2000 power until "
                                "end of turn."], level="2", power="8000", traits=("Stone",)),
    _rec("T/X01-006", "Spark", ["【CONT】 All of your characters get +1000 power and +1 soul."], type="Climax",
         trigger=("SOUL",)),
    _rec("T/X01-007", "Flash", [], type="Climax", trigger=("SOUL",)),
    _rec("T/X01-008", "Scout", [], traits=("Stone",)),
    _rec("T/X01-009", "Guard", ["【ACT】 【COUNTER】 Backup 1000, Level 0 [Put this card from your hand into your waiting "
                                "room]", "【AUTO】 When you use this card's \"Backup\", choose 1 of your characters in "
                                "battle, and that character gets +2000 power until end of turn."], traits=("Stone",)),
    _rec("T/X01-010", "Seer", ["【AUTO】 When this card is placed on the stage from your hand, reveal the top card of "
                               "your deck. If that card is a 《Stone》 character, put it into your hand. (Otherwise, "
                               "return it to its original place)"]),
    _rec("T/X01-011", "Memo", ["Draw 1 card.", "Put this card into your memory."], type="Event"),
    _rec("T/X01-012", "Watcher", ["【AUTO】 When your other 《Paper》 character is frontal attacked, this card gets +1000 "
                                  "power until end of turn.", "【AUTO】 When your character's trigger check reveals a "
                                  "climax, this card gets +500 power until end of turn."], traits=("Stone",)),
    _rec("T/X01-013", "Brave", ["【AUTO】 When this card becomes 【REVERSE】 in battle, draw 1 card."], traits=("Stone",)),
    _rec("T/X01-014", "Scry", ["【AUTO】 When this card is placed on the stage from your hand, look at the top card of "
                               "your deck, and put it on the top or at the bottom of your deck."], traits=("Stone",)),
    _rec("T/X01-015", "Drummer", ["【ACT】 [【REST】 1 of your other 《Stone》 characters] This card gets +1500 power "
                                  "until end of turn."], traits=("Wood",)),
    _rec("T/X01-016", "Hunter", ["【AUTO】 When this card's level 1 or higher battle opponent becomes 【REVERSE】, draw "
                                 "1 card."], level="1", power="9000", traits=("Stone",)),
    _rec("T/X01-017", "Greeter", ["【AUTO】 [1] When your other 《Paper》 character is placed on the stage from your "
                                  "hand, you may pay the cost. If you do, this card gets +1000 power until end of "
                                  "turn."], traits=("Wood",)),
    _rec("T/X01-018", "Giver", ["【AUTO】 When this card is placed on the stage from your hand, choose 1 of your other "
                                "characters, and that character gets the following ability until end of turn. "
                                "\"【AUTO】 When this card's battle opponent becomes 【REVERSE】, draw 1 card.\""],
         traits=("Wood",)),
    _rec("T/X01-019", "Leader", ["【CONT】 If you have another level 2 or higher character, this card gets +1000 "
                                 "power."], traits=("Wood",)),
    _rec("T/X01-020", "Mentor", ["【AUTO】 When this card is placed on the stage from your hand, choose 1 of your other "
                                 "characters, and that character gets the following ability until end of turn. "
                                 "\"【AUTO】 When this card is put into your waiting room from the stage, draw 1 card.\""],
         traits=("Wood",)),
    _rec("T/X01-021", "Patron", ["【CONT】 All of your other characters get the following ability. \"【AUTO】 When this "
                                 "card's battle opponent becomes 【REVERSE】, draw 1 card.\""], traits=("Wood",)),
    _rec("T/X01-022", "Sentry", ["【CONT】 If the character facing this card is level 2, this card gets +1000 power."],
         traits=("Wood",)),
    _rec("T/X01-023", "Coward", ["【CONT】 If the character facing this card is a higher level than this card, this "
                                 "card gets +1000 power."], level="1", traits=("Wood",)),
    _rec("T/X01-024", "Stoic", ["【AUTO】 During this card's battle, when the damage you received is not canceled, "
                                "this card gets +1000 power until end of turn."], traits=("Wood",)),
    _rec("T/X01-025", "Cheap", ["【CONT】 If you have 2 or more 《Stone》 characters, this card gets -1 level while in "
                                "your hand."], level="1", traits=("Wood",)),
    _rec("T/X01-026", "Late", ["【CONT】 If your waiting room has 0 or less climax, this card gets -1 level while in "
                               "your hand."], level="1", traits=("Wood",)),
    _rec("T/X01-027", "Keeper", ["【CONT】 If \"Scout\" is in your clock, this card gets -1 level while in your "
                                 "hand."], level="1", traits=("Wood",)),
    _rec("T/X01-028", "Caller", ["【AUTO】 When this card is placed on the stage from your hand, choose 1 level 0 "
                                 "character in your hand, and put it into your waiting room."], traits=("Wood",)),
    dict(_rec("T/X01-029", "Free", ["【CONT】 This card can be played from your hand without fulfilling color "
                                    "requirements."], level="1", traits=("Wood",)), color="RED"),
    dict(_rec("T/X01-030", "Stranger", [], level="1", traits=("Wood",)), color="RED"),
]  # fmt: skip


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    p = tmp_path_factory.mktemp("ws") / "list.json"
    p.write_text(json.dumps(RECORDS))
    res = import_ws_json(p)
    assert not res.unsupported and [c.name for c in res.cards] == [r["name"] for r in RECORDS]
    return compile_ws_pool(res.cards)


def _deck():
    ids = [i for i in range(12) for _ in range(3 if i in (COUNTER, TWIN, SPARK, MEMO, SEER, FLASH, LAMP) else 4)]
    ids += [BRAVE, SCRY, DRUMMER, HUNTER, GREETER, GIVER, LEADER, MENTOR, PATRON]
    return np.array(ids, np.int32)


def _scenario(pool, **kw):
    return Scenario.main_phase(pool, decks=(_deck(), _deck()), **kw)


def _n(g, zone, p=0):
    return int(g.state[getattr(S, zone + "_N") + p])


def _power(g, slot):
    return int(g.state[S.D_POWER + slot * S.CARD_W])


def _act(g, text):
    for a in g.legal_actions():
        if g.describe_action(int(a)).startswith(text):
            g.step(int(a))
            return
    raise AssertionError(f"no action {text!r}: {[g.describe_action(int(a)) for a in g.legal_actions()]}")


def test_cr_4_7_look_at_the_top_three_take_one_and_the_rest_to_the_waiting_room(pool):
    sc = _scenario(pool)
    sc.put(0, LAMP, "hand")
    sc.stack_deck(0, [SCOUT, GUARD, ELDER])
    g = sc.game()
    hand, wr, deck = _n(g, "HAND"), _n(g, "WR"), _n(g, "DECK")
    _act(g, "Play Lamp to center left")
    while "Look at one more card" in [g.describe_action(int(a)) for a in g.legal_actions()]:  # CR 3.2.3.1
        _act(g, "Look at one more card")
    _act(g, "Choose Guard")
    assert _n(g, "HAND") == hand - 1 + 1  # Lamp played, Guard taken
    assert _n(g, "WR") == wr + 2 and _n(g, "DECK") == deck - 3


@pytest.mark.parametrize("top, taken", [(SCOUT, True), (LAMP, False)])
def test_reveal_the_top_card_and_take_it_if_it_matches(pool, top, taken):
    sc = _scenario(pool)
    sc.put(0, SEER, "hand")
    sc.stack_deck(0, [top])
    g = sc.game()
    hand, deck = _n(g, "HAND"), _n(g, "DECK")
    top_slot = int(g.state[S.DECK_L + deck - 1])
    _act(g, "Play Seer to center left")
    assert _n(g, "HAND") == hand - 1 + int(taken) and _n(g, "DECK") == deck - int(taken)
    assert int(g.state[S.ZONE + top_slot * S.CARD_W]) == (int(K.Zone.HAND) if taken else int(K.Zone.DECK))


def test_cr_6_5_1_2_2_an_event_that_puts_itself_into_the_memory(pool):
    sc = _scenario(pool)
    sc.put(0, MEMO, "hand")
    g = sc.game()
    hand, wr = _n(g, "HAND"), _n(g, "WR")
    _act(g, "Play event Memo")
    assert _n(g, "HAND") == hand - 1 + 1 and _n(g, "MEMORY") == 1 and _n(g, "WR") == wr


def test_when_your_other_character_is_frontal_attacked(pool):
    sc = _scenario(pool, turn_player=1)
    sc.put(1, SCOUT, "stage", pos=0)
    sc.put(0, MOTH, "stage", pos=2)  # <<Paper>>, facing the attacker
    watcher = sc.put(0, WATCHER, "stage", pos=3)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Scout")
    for _ in range(5):
        if _power(g, watcher) != 3000:
            break
        g.step(int(g.legal_actions()[0]))
    assert _power(g, watcher) == 3000 + 1000


def test_when_your_characters_trigger_check_reveals_a_climax(pool):
    sc = _scenario(pool)
    sc.put(0, SCOUT, "stage", pos=0)
    sc.put(0, SCOUT, "stage", pos=1)  # a second attacker: the turn waits at its attack declaration
    watcher = sc.put(0, WATCHER, "stage", pos=3)
    sc.stack_deck(0, [FLASH])
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Direct attack with Scout")
    assert _power(g, watcher) == 3500  # the climax revealed by Scout's trigger check (CR 7.3.1.2)


def test_when_this_card_becomes_reverse_in_battle(pool):
    sc = _scenario(pool)
    sc.put(0, BRAVE, "stage", pos=0)
    sc.put(0, SCOUT, "stage", pos=1)  # a second attacker: the turn waits at its attack declaration
    sc.put(1, ELDER, "stage", pos=2)  # 8000, facing center left (CR 3.6.5)
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Brave")
    for _ in range(6):  # damage, battle (Brave reversed), its ability at the next check timing
        if _n(g, "HAND") != hand or any(g.describe_action(int(a)).startswith("Direct attack with Scout")
                                         for a in g.legal_actions()):  # fmt: skip
            break
        g.step(int(g.legal_actions()[0]))
    assert _n(g, "HAND") == hand + 1  # the condition in_battle held when it triggered and resolved


@pytest.mark.parametrize("take", [True, False])
def test_cr_4_7_look_at_the_top_card_and_put_it_on_the_top_or_at_the_bottom(pool, take):
    sc = _scenario(pool)
    sc.put(0, SCRY, "hand")
    sc.stack_deck(0, [ELDER])
    g = sc.game()
    deck = _n(g, "DECK")
    top = int(g.state[S.DECK_L + deck - 1])
    _act(g, "Play Scry to center left")
    labels = [g.describe_action(int(a)) for a in g.legal_actions()]
    assert any(x.startswith("Choose Elder") for x in labels)  # the player sees the card it decides on
    _act(g, "Choose Elder" if take else "Pass")
    assert _n(g, "DECK") == deck
    assert int(g.state[S.DECK_L + (0 if take else deck - 1)]) == top  # at the bottom, or still on top


def test_plus_x_power_counts_the_characters_when_it_resolves(pool):
    sc = _scenario(pool)
    sc.put(0, LAMP, "stage", pos=3)
    sc.put(0, LAMP, "stage", pos=4)
    sc.put(0, COUNTER, "hand")
    g = sc.game()
    _act(g, "Play Counter to center left")
    slot = int(g.state[S.STAGE + 0])
    assert _power(g, slot) == 3000 + 3 * 1000  # itself and the two Lamps are <<Glass>>


def test_cr_10_3_assist_gives_each_character_in_front_its_level_times_500(pool):
    sc = _scenario(pool)
    elder = sc.put(0, ELDER, "stage", pos=0)
    scout = sc.put(0, SCOUT, "stage", pos=1)
    sc.put(0, MOTH, "stage", pos=3)  # behind center left and center middle (CR 3.6.4)
    g = sc.game()
    assert _power(g, elder) == 8000 + 2 * 500 and _power(g, scout) == 3000  # Scout is level 0


def test_a_filter_of_two_traits_matches_either(pool):
    sc = _scenario(pool)
    lamp = sc.put(0, LAMP, "stage", pos=0)
    moth = sc.put(0, MOTH, "stage", pos=1)
    scout = sc.put(0, SCOUT, "stage", pos=2)
    sc.put(0, TWIN, "stage", pos=4)
    g = sc.game()
    assert (_power(g, lamp), _power(g, moth), _power(g, scout)) == (3500, 3500, 3000)


def test_cr_7_2_1_6_when_your_other_character_attacks(pool):
    sc = _scenario(pool)
    elder = sc.put(0, ELDER, "stage", pos=0)
    sc.put(0, MOTH, "stage", pos=1)
    sc.put(0, SCOUT, "stage", pos=2)
    g = sc.game()
    _act(g, "End the main phase")  # no climax in hand: straight to the attack phase
    before = _power(g, elder)
    _act(g, "Direct attack with Moth")
    for _ in range(20):  # the triggered ability resolves at the next check timing (CR 9.3)
        if _power(g, elder) != before or g.done:
            break
        g.step(int(g.legal_actions()[0]))
    assert _power(g, elder) == before + 2000
    # Scout (<<Stone>>) attacking does not trigger it
    sc = _scenario(pool)
    elder = sc.put(0, ELDER, "stage", pos=0)
    sc.put(0, SCOUT, "stage", pos=2)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Direct attack with Scout")
    assert _power(g, elder) == 8000


def test_cr_10_5_when_you_use_this_cards_backup_the_defender_gets_more(pool):
    sc = _scenario(pool, turn_player=1)
    sc.put(1, SCOUT, "stage", pos=0)
    defender = sc.put(0, SCOUT, "stage", pos=2)  # faces the opponent's center left (CR 3.6.5)
    sc.put(0, GUARD, "hand")
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Scout")
    _act(g, "Counter with Guard")
    assert _power(g, defender) == 3000 + 1000  # Backup 1000 (CR 10.5.2)
    _act(g, "Choose own center right")  # "choose 1 of your characters in battle": the defender
    assert _power(g, defender) == 3000 + 1000 + 2000


def test_cr_8_4_a_cost_that_rests_another_of_your_characters(pool):
    sc = _scenario(pool)
    drummer = sc.put(0, DRUMMER, "stage", pos=0)
    lamp = sc.put(0, LAMP, "stage", pos=1)  # <<Glass>>: not a character the cost can rest
    scout = sc.put(0, SCOUT, "stage", pos=3)  # <<Stone>>
    g = sc.game()
    _act(g, "Use ability 0 of Drummer")
    # the player chooses the character to rest (CR 8.4): only the standing <<Stone>> other than this card
    labels = [g.describe_action(int(a)) for a in g.legal_actions()]
    assert len(labels) == 1 and "Scout" in labels[0], labels
    g.step(int(g.legal_actions()[0]))
    assert _power(g, drummer) == 3000 + 1500
    orient = lambda sl: int(g.state[S.ORIENT + sl * S.CARD_W])  # noqa: E731
    assert orient(scout) == int(K.Orientation.REST) and orient(lamp) == int(K.Orientation.STAND)
    assert orient(drummer) == int(K.Orientation.STAND)  # "other": not this card
    # no standing <<Stone>> character left: the cost can't be paid (CR 8.4.2), the ability is not usable
    assert not any(g.describe_action(int(a)).startswith("Use ability 0 of Drummer") for a in g.legal_actions())


@pytest.mark.parametrize("facing, draws", [(ELDER, True), (SCOUT, False)])
def test_when_this_cards_level_1_or_higher_battle_opponent_becomes_reverse(pool, facing, draws):
    sc = _scenario(pool)
    sc.put(0, HUNTER, "stage", pos=0)
    sc.put(0, SCOUT, "stage", pos=1)  # a second attacker: the turn waits at its attack declaration
    sc.put(1, facing, "stage", pos=2)  # faces center left (CR 3.6.5); Elder level 2, Scout level 0
    sc.stack_deck(0, [SCOUT] * 4)  # no climax in the trigger check
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Hunter")
    for _ in range(8):  # damage, battle (the facing character reversed), the ability at the next check timing
        if any(g.describe_action(int(a)).startswith("Direct attack with Scout") or
               g.describe_action(int(a)).startswith("Frontal attack with Scout") for a in g.legal_actions()):
            break
        g.step(int(g.legal_actions()[0]))
    assert _n(g, "HAND") == hand + int(draws)


def test_when_your_other_character_is_placed_on_the_stage_from_your_hand(pool):
    sc = _scenario(pool)
    greeter = sc.put(0, GREETER, "stage", pos=4)
    sc.put(0, MOTH, "hand")  # <<Paper>>
    sc.put(0, SCOUT, "hand")  # <<Stone>>: no trigger
    sc.put(0, ELDER, "stock")
    g = sc.game()
    stock = _n(g, "STOCK")
    _act(g, "Play Scout to center left")
    assert _power(g, greeter) == 3000 and _n(g, "STOCK") == stock
    _act(g, "Play Moth to center middle")
    _act(g, "Use Greeter's ability")
    assert _power(g, greeter) == 3000 + 1000 and _n(g, "STOCK") == stock - 1  # "[1]": one stock


@pytest.mark.parametrize("granted", [True, False])
def test_an_ability_granted_until_end_of_turn_triggers_like_the_cards_own(pool, granted):
    sc = _scenario(pool)
    elder = sc.put(0, ELDER, "stage", pos=0)  # 8000
    sc.put(0, SCOUT, "stage", pos=1)  # a second attacker: the turn waits at its attack declaration
    sc.put(0, GIVER, "hand")
    sc.put(1, SCOUT, "stage", pos=2)  # 3000, faces center left (CR 3.6.5)
    sc.stack_deck(0, [SCOUT] * 4)  # no climax in the trigger check
    g = sc.game()
    if granted:
        _act(g, "Play Giver to center right")
        labels = [g.describe_action(int(a)) for a in g.legal_actions()]
        if any(x.startswith("Choose") for x in labels):
            _act(g, "Choose own center left")
        assert int(g.state[S.KWMOD + elder * S.CARD_W]) >> K.GRANT_BIT0 == 1
    hand = _n(g, "HAND")
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Elder")
    for _ in range(8):  # damage, battle (Scout reversed), the granted ability at the next check timing
        if any(g.describe_action(int(a)).endswith("attack with Scout") for a in g.legal_actions()):
            break
        g.step(int(g.legal_actions()[0]))
    assert _n(g, "HAND") == hand + int(granted)


@pytest.mark.parametrize("granted", [True, False])
def test_a_granted_leaving_the_stage_ability_looks_back_at_the_card(pool, granted):
    sc = _scenario(pool)
    scout = sc.put(0, SCOUT, "stage", pos=0)  # 3000
    sc.put(0, MENTOR, "hand")
    sc.put(1, ELDER, "stage", pos=2)  # 8000, faces center left (CR 3.6.5)
    sc.stack_deck(0, [SCOUT] * 4)
    g = sc.game()
    if granted:
        _act(g, "Play Mentor to center right")
        if any(g.describe_action(int(a)).startswith("Choose") for a in g.legal_actions()):
            _act(g, "Choose own center left")
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Scout")
    hand = None
    for _ in range(40):  # damage, battle (Scout reversed), the encore step: Scout to the waiting room
        labels = [g.describe_action(int(a)) for a in g.legal_actions()]
        hand = _n(g, "HAND")
        _act(g, next((x for x in labels if x.startswith("Put reversed") or x.startswith("Decline")), labels[0]))
        if int(g.state[S.ZONE + scout * S.CARD_W]) != int(K.Zone.STAGE):
            break  # the step that put it there also played its standby abilities (no choice in them)
    assert int(g.state[S.ZONE + scout * S.CARD_W]) == int(K.Zone.WAITING_ROOM)
    assert _n(g, "HAND") == hand + int(granted)


@pytest.mark.parametrize("patron", [True, False])
def test_an_ability_granted_by_a_cont_ability_triggers_while_it_applies(pool, patron):
    sc = _scenario(pool)
    sc.put(0, ELDER, "stage", pos=0)  # 8000
    sc.put(0, SCOUT, "stage", pos=1)  # a second attacker: the turn waits at its attack declaration
    if patron:
        sc.put(0, PATRON, "stage", pos=3)
    sc.put(1, SCOUT, "stage", pos=2)  # 3000, faces center left (CR 3.6.5)
    sc.stack_deck(0, [SCOUT] * 4)  # no climax in the trigger check
    g = sc.game()
    hand = _n(g, "HAND")
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Elder")
    for _ in range(8):  # damage, battle (Scout reversed), the granted ability at the next check timing
        if any(g.describe_action(int(a)).endswith("attack with Scout") for a in g.legal_actions()):
            break
        g.step(int(g.legal_actions()[0]))
    assert _n(g, "HAND") == hand + int(patron)


@pytest.mark.parametrize("other, bonus", [(ELDER, 1000), (SCOUT, 0)])
def test_a_condition_counting_your_characters_of_a_level(pool, other, bonus):
    sc = _scenario(pool)
    leader = sc.put(0, LEADER, "stage", pos=0)
    sc.put(0, other, "stage", pos=1)  # Elder is level 2, Scout level 0
    g = sc.game()
    assert _power(g, leader) == 3000 + bonus


def _sample_decks(cards):
    """Two decks of 50 (CR 5.1.2: at most 4 of a name, 8 climax) from the imported cards."""
    names = Counter()
    chars = [c for c in cards if c.type != "climax"]
    climax = [c for c in cards if c.type == "climax"]
    decks = []
    for start in (0, len(chars) // 2):
        ids = []
        for c in (chars[start:] + chars[:start]):
            if len(ids) == 42:
                break
            take = min(4, 42 - len(ids))
            ids += [cards.index(c)] * take
        for c in climax[:2]:
            ids += [cards.index(c)] * 4
        names.update(ids)
        decks.append(np.array(ids, np.int32))
    return decks


@pytest.mark.parametrize("name", ["CCondeluci_WeissSchwarz-ENG-DB__AT_WX02.json"])
def test_an_imported_sample_list_plays_random_games_keeping_the_invariants(name):
    path = CARDDATA / name
    if not path.is_file():
        pytest.skip(f"card data not available: {path}")
    res = import_ws_json(path)
    pool = compile_ws_pool(res.cards)
    assert sum(len(c.abilities) for c in res.cards) > 100  # the compiled text plays, not just stats
    decks = _sample_decks(res.cards)
    spec = get_spec("weiss_schwarz")
    for seed in range(2):
        g = tcg_env.make_game("weiss_schwarz", seed=seed, pool=pool, decks=decks)
        rng = np.random.default_rng(seed)
        for _ in range(400):
            if g.done:
                break
            g.step(random_action(g, rng))
            check_cards(spec, g.state, (50, 50))


@pytest.mark.parametrize("facing, bonus", [(ELDER, 1000), (HUNTER, 0), (SCOUT, 0), (None, 0)])
def test_cr_3_6_5_conditions_on_the_level_of_the_character_facing_this_card(pool, facing, bonus):
    # Elder is level 2, Hunter level 1, Scout level 0; Coward is level 1: "is level 2" is equality and
    # "a higher level than this card" is strictly higher; with no facing character neither holds
    mine, theirs = _deck(), _deck()
    mine[-2:] = SENTRY, COWARD  # in place of Mentor and Patron
    theirs[-1] = HUNTER  # a second Hunter in place of Patron
    sc = Scenario.main_phase(pool, decks=(mine, theirs))
    s_slot = sc.put(0, SENTRY, "stage", pos=0)
    c_slot = sc.put(0, COWARD, "stage", pos=1)
    if facing is not None:
        sc.put(1, facing, "stage", pos=2)  # faces center left (CR 3.6.5)
        sc.put(1, facing, "stage", pos=1)  # faces center middle
    g = sc.game()
    assert _power(g, s_slot) == 3000 + bonus
    assert _power(g, c_slot) == 3000 + bonus


@pytest.mark.parametrize("top, bonus", [(SCOUT, 1000), (FLASH, 0)])
def test_cr_7_2_1_5_1_during_this_cards_battle_when_the_damage_you_received_is_not_canceled(pool, top, bonus):
    theirs = _deck()
    theirs[-1] = STOIC  # in place of Patron
    sc = Scenario.main_phase(pool, decks=(_deck(), theirs))
    sc.put(0, SCOUT, "stage", pos=0)
    sc.put(0, SCOUT, "stage", pos=1)  # a second attacker: the turn waits at its attack declaration
    stoic = sc.put(1, STOIC, "stage", pos=2)  # faces center left (CR 3.6.5)
    sc.stack_deck(0, [LAMP])  # the attacker's trigger check: no icon, soul 1
    sc.stack_deck(1, [top])  # the damage: a climax (Flash) cancels it (CR 4.10.1.2)
    g = sc.game()
    _act(g, "End the main phase")
    _act(g, "Frontal attack with Scout")
    for _ in range(10):  # trigger, counter, damage, the ability at the next check timing, battle
        if any(g.describe_action(int(a)).endswith("attack with Scout") for a in g.legal_actions()):
            break
        g.step(int(g.legal_actions()[0]))
    assert _power(g, stoic) == 3000 + bonus


@pytest.mark.parametrize("stones, playable", [(2, True), (1, False)])
def test_cr_8_6_2_1_a_card_with_less_level_in_the_hand_is_played_at_level_0(pool, stones, playable):
    # Cheap is level 1 printed; at level 0 (the scenario's) it is played only while its level in the
    # hand is 0 (2 <<Stone>> characters on the stage), and then without a colour requirement
    mine = _deck()
    mine[-1] = CHEAP  # in place of Patron
    sc = Scenario.main_phase(pool, decks=(mine, _deck()))
    sc.put(0, CHEAP, "hand")
    for pos in range(stones):
        sc.put(0, SCOUT, "stage", pos=pos + 3)  # back stage
    g = sc.game()
    assert int(g.state[S.LEVEL_N]) == 0
    plays = [g.describe_action(int(a)) for a in g.legal_actions() if g.describe_action(int(a)).startswith("Play Cheap")]
    assert bool(plays) == playable


@pytest.mark.parametrize("climax_in_wr, playable", [(False, True), (True, False)])
def test_a_level_in_the_hand_under_a_condition_on_the_climax_in_your_waiting_room(pool, climax_in_wr, playable):
    mine = _deck()
    mine[-1] = LATE  # in place of Patron
    sc = Scenario.main_phase(pool, decks=(mine, _deck()))
    sc.put(0, LATE, "hand")
    if climax_in_wr:
        sc.put(0, FLASH, "waiting_room")
    g = sc.game()
    plays = [a for a in g.legal_actions() if g.describe_action(int(a)).startswith("Play Late")]
    assert bool(plays) == playable


@pytest.mark.parametrize("in_clock, playable", [(SCOUT, True), (LAMP, False)])
def test_a_level_in_the_hand_under_a_condition_on_a_name_in_your_clock(pool, in_clock, playable):
    mine = _deck()
    mine[-1] = KEEPER  # in place of Patron
    sc = Scenario.main_phase(pool, decks=(mine, _deck()))
    sc.put(0, KEEPER, "hand")
    sc.put(0, in_clock, "clock")
    g = sc.game()
    plays = [a for a in g.legal_actions() if g.describe_action(int(a)).startswith("Play Keeper")]
    assert bool(plays) == playable


@pytest.mark.parametrize("stones, chosen", [(2, True), (1, False)])
def test_a_hand_filter_sees_the_level_a_card_has_in_the_hand(pool, stones, chosen):
    # Caller: "choose 1 level 0 character in your hand": Cheap (level 1 printed) is level 0 in the
    # hand with 2 <<Stone>> characters on the stage, so it may be chosen; at level 1 it may not
    mine = _deck()
    mine[-2:] = CHEAP, CALLER  # in place of Mentor and Patron
    sc = Scenario.main_phase(pool, decks=(mine, _deck()))
    cheap = sc.put(0, CHEAP, "hand")
    sc.put(0, CALLER, "hand")
    for pos in range(stones):
        sc.put(0, SCOUT, "stage", pos=pos + 3)
    g = sc.game()
    _act(g, "Play Caller to center left")
    for _ in range(4):
        if int(g.state[S.ZONE + cheap * S.CARD_W]) == int(K.Zone.WAITING_ROOM):
            break
        acts = [int(a) for a in g.legal_actions()]
        pick = [a for a in acts if "Cheap" in g.describe_action(a)]
        g.step(pick[0] if pick else acts[0])
    assert (int(g.state[S.ZONE + cheap * S.CARD_W]) == int(K.Zone.WAITING_ROOM)) == chosen


def test_cr_8_6_2_1_1_a_card_played_without_fulfilling_color_requirements(pool):
    # level 1 with only a yellow card in the level zone: the red Free may be played, the red Stranger not
    mine = _deck()
    mine[-2:] = FREE, STRANGER  # in place of Mentor and Patron
    sc = Scenario.main_phase(pool, decks=(mine, _deck()))
    sc.put(0, FREE, "hand")
    sc.put(0, STRANGER, "hand")
    sc.put(0, SCOUT, "level")
    g = sc.game()
    assert int(g.state[S.LEVEL_N]) == 1 and _n(g, "STOCK") >= 0
    plays = {g.describe_action(int(a)).split(" to ")[0] for a in g.legal_actions()}
    assert "Play Free" in plays and "Play Stranger" not in plays
