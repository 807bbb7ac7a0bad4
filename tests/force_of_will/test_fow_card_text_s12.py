"""Force of Will card text, session 12 pieces: revealed cards shown to both players (CR 1005.1: the
state's record of each player's latest reveal, ``tcg_env.engine.reveals``, and the observation's
``revealed`` block). Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s10 import _pass_until_search

_FIRE = "FOW1-079"  # a fire magic stone of the starter pool


def _revealed_ids(g, viewer):
    """The card ids of the `revealed` block's rows in ``viewer``'s observation: (mine, the opponent's)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import observation as O

    obs = g.observe(viewer)
    w = O.CARD_OBS_FEATURES
    cid_col = O.STATIC_COLUMNS.index("card_id_plus1")
    rows = [obs[O.B_REVEALED + k * w: O.B_REVEALED + (k + 1) * w] for k in range(2 * K.REVEAL_ROWS)]
    ids = [int(round(r[cid_col])) - 1 for r in rows if r[0] != 0]
    mine = [int(round(r[cid_col])) - 1 for r in rows[: K.REVEAL_ROWS] if r[0] != 0]
    return mine, ids[len(mine):]


def _game(tmp_path, text, deck_top):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Glimpse", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": [text]}
    pup = {"id": "TXT-002", "name": "Made-up Pup", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
           "ATK": 200, "DEF": 200, "abilities": []}
    res, pool = _imported_pool(tmp_path, [chant, pup])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    put = [sc.put(0, c, "main_deck", top=True) for c in deck_top]  # the last one on top
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return res, g, card, put


def test_cr_1005_1_reveal_the_top_cards_compiles_exact_with_its_reveal():
    r = exact("Reveal the top three cards of your deck. Put a resonator from among them into your hand. Put the rest "
              "on the bottom of your deck in a random order.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"type": ["resonator"], "zone": "main_deck"}, "top": 3,
                                   "rest": "bottom", "must": True, "reveal": "top"}]
    r = exact("Look at the top three cards of your deck. You may reveal a resonator from among them and put it into "
              "your hand. Put the rest on the bottom of your deck in a random order.", "chant")
    assert r.fields["effect"][0]["reveal"] == "taken" and r.fields["effect"][0]["must"] is False
    # "up to two ..., reveal them": one reveal of every card found
    r = exact('Search your deck for up to two cards named "Made Up Card", reveal them and put them into your hand. '
              "Then shuffle your deck.", "chant")
    assert [op.get("reveal") for op in r.fields["effect"]] == ["taken", "taken_more"]


def test_cr_1005_1_revealed_top_cards_are_in_both_players_observations(tmp_path):
    """"Reveal the top three cards of your deck. Put a resonator from among them into your hand. Put the rest
    on the bottom of your deck in a random order.": the three cards are shown to both players (CR 1005.1),
    top first, in both observations (mine for the revealer, the opponent's for the other player), also after
    they went to the hand and the bottom of the deck; the resonator is in the hand."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    res, g, card, put = _game(tmp_path, "Reveal the top three cards of your deck. Put a resonator from among them "
                              "into your hand. Put the rest on the bottom of your deck in a random order.",
                              [_FIRE, "TXT-002", _FIRE])
    assert res.text_records[0].verdict is Verdict.EXACT
    cid = lambda slot: int(g.state[S.CARD + slot * S.CARD_W])  # noqa: E731
    assert _revealed_ids(g, 0) == ([], []) and _revealed_ids(g, 1) == ([], [])
    _pass_until_search(g)
    shown = [cid(put[2]), cid(put[1]), cid(put[0])]  # top first
    assert _revealed_ids(g, 0) == (shown, []) and _revealed_ids(g, 1) == ([], shown)
    assert K.PASS not in g.legal_actions().tolist()  # revealed: chosen as from a public zone (CR 1014.1)
    g.step(K.OPTION_BASE + 0)  # the only resonator
    for _ in range(6):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + put[1] * S.CARD_W]) == K.Zone.HAND
    assert _revealed_ids(g, 0) == (shown, []) and _revealed_ids(g, 1) == ([], shown)


def test_cr_1005_1_a_searched_card_revealed_is_shown_and_a_hidden_one_is_not(tmp_path):
    """"Search your deck for a card named ..., reveal it and put it into your hand.": the card found is in
    both observations' `revealed` block; "Look at the top ... You may put a resonator from among them into
    your hand" (not revealed) shows nothing."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    res, g, card, put = _game(tmp_path, 'Search your deck for a card named "Made-up Pup", reveal it and put it into '
                              "your hand. Then shuffle your deck.", [_FIRE, "TXT-002"])
    assert res.text_records[0].verdict is Verdict.EXACT
    _pass_until_search(g)
    assert _revealed_ids(g, 1) == ([], [])  # not yet found
    pup = int(g.state[S.CARD + put[1] * S.CARD_W])
    g.step(K.OPTION_BASE + 0)
    assert int(g.state[S.ZONE + put[1] * S.CARD_W]) == K.Zone.HAND
    assert _revealed_ids(g, 0) == ([pup], []) and _revealed_ids(g, 1) == ([], [pup])

    res, g, card, put = _game(tmp_path, "Look at the top two cards of your deck. You may put a resonator from among "
                              "them into your hand. Put the rest on the bottom of your deck in a random order.",
                              [_FIRE, "TXT-002"])
    _pass_until_search(g)
    g.step(K.OPTION_BASE + 0)
    assert int(g.state[S.ZONE + put[1] * S.CARD_W]) == K.Zone.HAND
    assert _revealed_ids(g, 0) == ([], []) and _revealed_ids(g, 1) == ([], [])


# ---- magic stone types (CR 201.4) --------------------------------------------------------------------
def test_cr_201_4_magic_stone_types_from_the_text_and_from_the_name(tmp_path):
    """"Treat this card as a fire magic stone and water magic stone." gives the stone those two types (CR 201.4,
    904.2a: a base ability), exact; a magic stone named "Fire Magic Stone" has that type (CR 201.4b), and so
    has one whose type line prints it; another stone has none. The types are the card table's C_TYPE_BITS bits from TB_STONE_SHIFT."""
    from tcg_env.games.force_of_will import constants as K

    dual = {"id": "TXT-010", "name": "Made-up Dual Stone", "type": ["Magic Stone", "Special Magic Stone"],
            "cost": None, "colour": ["V"], "abilities": ["Treat this card as a fire magic stone and water magic stone.",
                                                         "{Rest}: Produce {R} or {U}."]}
    basic = {"id": "TXT-011", "name": "Fire Magic Stone", "type": ["Magic Stone", "Basic Magic Stone"], "cost": None,
             "colour": ["V"], "abilities": ["{Rest}: Produce {R}."]}
    flame = {"id": "TXT-012", "name": "Magic Stone of Made-up Flame", "cost": None, "colour": ["V"],
             "type": ["Magic Stone", "Basic Magic Stone", "Fire Magic Stone"], "abilities": ["{Rest}: Produce {R}."]}
    res, pool = _imported_pool(tmp_path, [dual, basic, flame])
    assert [r.verdict for r in res.text_records if r.number == "TXT-010"] == [Verdict.EXACT]

    def types(number):
        bits = int(pool.cards[pool.index[number], K.C_TYPE_BITS])
        return {a for i, a in enumerate(K.ATTRIBUTE_NAMES) if bits & (1 << (K.TB_STONE_SHIFT + i))}

    assert types("TXT-010") == {"fire", "water"}
    assert types("TXT-011") == {"fire"}
    assert types("TXT-012") == {"fire"}  # the type line prints it (CR 201.4)
    assert types("FOW1-079") == set()  # "Ember Crystal": no type


# ---- a search past the option slots (CR 1014.2: any matching card may be found) ----------------------
def test_cr_1014_2_a_search_of_more_card_ids_than_the_option_slots_lists_them_a_page_at_a_time(tmp_path):
    """"Search your deck for a resonator and put it into your hand.": with more distinct matching card ids in
    the deck than the option slots, the SEARCH decision lists the lowest OPTION_SLOTS - 1 of them and a last
    option SEARCH_MORE; answering it lists the next ones, and the highest id of the deck can be found (before:
    the lowest ids only, approximate)."""
    import numpy as np

    from tcg_env.engine.header import H_DECISION
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    text = "Search your deck for a resonator and put it into your hand. Then shuffle your deck."
    assert exact(text, "chant").approximations == ()
    chant = {"id": "TXT-001", "name": "Made-up Seeker", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": [text]}
    pups = [{"id": f"TXT-{100 + i}", "name": f"Made-up Pup {i}", "type": ["Resonator"], "cost": "{R}",
             "colour": ["R"], "ATK": 100, "DEF": 100, "abilities": []} for i in range(K.OPTION_SLOTS + 2)]
    res, pool = _imported_pool(tmp_path, [chant, *pups])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.hand(0, ["TXT-001"])
    for pup in pups:
        sc.put(0, pup["id"], "main_deck", top=True)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _pass_until_search(g)
    row = np.asarray(g.state)
    deck = zone_list(row, S.ZONES, K.Zone.MAIN_DECK, 0)
    ids = sorted({int(row[S.CARD + s * S.CARD_W]) for s in deck
                  if int(pool.cards[int(row[S.CARD + s * S.CARD_W]), K.C_TYPE]) == K.CardType.RESONATOR})
    assert len(ids) > K.OPTION_SLOTS
    page, seen = K.OPTION_SLOTS - 1, []
    for _ in range(len(ids)):
        assert int(g.state[H_DECISION]) == K.Decision.SEARCH
        cand = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
        if cand[-1] != K.SEARCH_MORE:
            seen += cand
            break
        assert len(cand) == K.OPTION_SLOTS
        seen += cand[:page]
        g.step(K.OPTION_BASE + page)  # the next cards
    assert seen == ids  # every matching card id, once, in order
    g.step(K.OPTION_BASE + len(cand) - 1)  # the highest id: out of reach before
    hand = zone_list(np.asarray(g.state), S.ZONES, K.Zone.HAND, 0)
    assert ids[-1] in [int(g.state[S.CARD + s * S.CARD_W]) for s in hand]


def _resonance_game(tmp_path, stone):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    listener = {"id": "TXT-003", "name": "Made-up Listener", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
                "ATK": 200, "DEF": 200, "abilities": ["[Resonance] Fire Magic Stone => You gain 300 life."]}
    caller = {"id": "TXT-004", "name": "Made-up Call", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
              "abilities": ["Put the top card of your magic stone deck into your field."]}
    basic = {"id": "TXT-011", "name": "Fire Magic Stone", "type": ["Magic Stone", "Basic Magic Stone"], "cost": None,
             "colour": ["V"], "abilities": ["{Rest}: Produce {R}."]}
    res, pool = _imported_pool(tmp_path, [listener, caller, basic])
    assert [r.verdict for r in res.text_records if r.number in ("TXT-003", "TXT-004")] == [Verdict.EXACT] * 2
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.field(0, ["TXT-003"])
    sc.hand(0, ["TXT-004"])
    top = sc.put(0, stone, "stone_deck", top=True)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g, top


def test_cr_1127_resonance_triggers_when_a_magic_stone_of_its_kind_enters_your_field(tmp_path):
    """"[Resonance] Fire Magic Stone => You gain 300 life.": a magic stone with the type Fire Magic Stone (here
    by its name, CR 201.4b) entering the field under your control triggers it (CR 1127.2); a stone without the
    type ("Ember Crystal") does not. The chant "Put the top card of your magic stone deck into your field" puts
    the stone there."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    for stone, gained in (("TXT-011", 300), ("FOW1-079", 0)):
        g, top = _resonance_game(tmp_path, stone)
        life = int(g.state[S.LIFE + 0])
        for _ in range(12):
            if int(g.state[S.ZONE + top * S.CARD_W]) == K.Zone.FIELD and int(g.state[S.CHASE_N]) == 0 \
                    and int(g.state[S.PT_N + 0]) == 0:
                break
            g.step(K.PASS)
        assert int(g.state[S.ZONE + top * S.CARD_W]) == K.Zone.FIELD
        assert int(g.state[S.LIFE + 0]) - life == gained, stone


def test_cr_201_4c_an_attribute_magic_stone_is_the_magic_stone_type_not_the_attribute():
    r = exact("This card gains [+200/+200] as long as you control a fire magic stone.")
    assert r.abilities[0]["condition"]["filter"] == {"type": ["fire_magic_stone"], "side": "own"}
    r = exact("[Resonance] Wind Magic Stone => Draw a card.")
    assert r.abilities[0]["trigger"] == "other_enters"
    assert r.abilities[0]["trigger_filter"]["type"] == ["wind_magic_stone"]
    assert line("[Resonance] Wind Magic Stone => Draw a card.", "magic_stone").verdict is Verdict.UNSUPPORTED


# ---- "whenever you play a <card>" (CR 903.2: played once it is put onto the chase) -------------------
def test_cr_903_2_whenever_you_play_a_chant_triggers_on_your_chant_not_on_a_resonator(tmp_path):
    """"Whenever you play a chant => You gain 300 life." (Trigger.YOU_PLAY, the card on the chase matching the
    filter): playing a chant triggers it, the ability resolves first (it is put onto the chase above the chant);
    playing a resonator does not."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    watcher = {"id": "TXT-005", "name": "Made-up Watcher", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
               "ATK": 200, "DEF": 200, "abilities": ["Whenever you play a chant => You gain 300 life."]}
    chant = {"id": "TXT-006", "name": "Made-up Spark", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": ["Draw a card."]}
    pup = {"id": "TXT-002", "name": "Made-up Pup", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
           "ATK": 200, "DEF": 200, "abilities": []}
    res, pool = _imported_pool(tmp_path, [watcher, chant, pup])
    assert [r.verdict for r in res.text_records if r.number == "TXT-005"] == [Verdict.EXACT]
    assert int(pool.kernel_flags()[-1, K.FL_MISC]) & K.FLAG_YOU_PLAY
    for played, gained in (("TXT-006", 300), ("TXT-002", 0)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.FIRE)
        sc.field(0, ["TXT-005"])
        (card,) = sc.hand(0, [played])
        g = sc.game()
        life = int(g.state[S.LIFE + 0])
        g.step(K.PLAY_HAND_BASE)
        for _ in range(12):
            if int(g.state[S.ZONE + card * S.CARD_W]) != K.Zone.CHASE and int(g.state[S.CHASE_N]) == 0 \
                    and int(g.state[S.PT_N + 0]) == 0:
                break
            g.step(K.PASS)
        assert int(g.state[S.ZONE + card * S.CARD_W]) in (K.Zone.GRAVEYARD, K.Zone.FIELD)
        assert int(g.state[S.LIFE + 0]) - life == gained, played


def test_cr_1005_1_search_for_up_to_two_reveal_them_is_one_reveal_of_both(tmp_path):
    """"Search your deck for up to two resonators, reveal them and put them into your hand.": two searches, the
    second adding to the first one's reveal (SEARCH_REVEAL_MORE): both cards found are in both observations."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    res, g, card, put = _game(tmp_path, "Search your deck for up to two resonators, reveal them and put them into "
                              "your hand. Then shuffle your deck.", ["TXT-002"])
    assert res.text_records[0].verdict is Verdict.EXACT
    found = []
    for _ in range(2):
        _pass_until_search(g)
        cand = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
        k = 0 if cand[0] != K.SEARCH_MORE else 1
        found.append(cand[k])
        g.step(K.OPTION_BASE + k)
    assert _revealed_ids(g, 0) == (found, []) and _revealed_ids(g, 1) == ([], found)
