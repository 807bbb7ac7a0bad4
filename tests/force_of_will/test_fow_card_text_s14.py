"""Force of Will card text, session 14 pieces: tokens (CR 1303). Lines are made up in the game's template
language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np
from fow_tables import current_values

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s13 import _bolt


def _card(number, name, ctype, abilities, **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": "{B}", "colour": ["B"], "abilities": abilities, **kw}


# ---- tokens (CR 1303) --------------------------------------------------------------------------------------
def test_cr_1303_token_lines_compile_to_make_token_with_the_tokens_card():
    r = exact("[Enter] => Put two [200/200] darkness Zombie resonator tokens with [Flying] into the field.",
              races=frozenset({"Zombie"}))
    (op,) = r.abilities[0]["effect"]
    assert op["op"] == "make_token" and op["count"] == 2
    assert op["_token"] == {"atk": 200, "defense": 200, "attribute": ["darkness"], "races": ["Zombie"],
                            "keywords": ["flying"]}
    # CR 1303.1b: no type printed is a resonator; "each player puts": one for each player, under their control
    r = exact("Put two [400/400] darkness Zombie tokens into the field.", "chant", races=frozenset({"Zombie"}))
    assert r.fields["effect"][0]["op"] == "make_token"
    r = exact("Each player puts a [400/400] light Zombie resonator token into the field.", "chant",
              races=frozenset({"Zombie"}))
    assert [op.get("who", "controller") for op in r.fields["effect"]] == ["controller", "opponent"]
    # a token whose race the list does not know, a [0/0] token, a token with a text: not compiled
    assert line("Put a [100/100] wind Wibble resonator token into the field.", "chant").verdict is Verdict.UNSUPPORTED
    assert line("Put a [0/0] light Zombie resonator token into the field.", "chant",
                races=frozenset({"Zombie"})).verdict is Verdict.UNSUPPORTED


def test_cr_1303_a_chant_makes_tokens_that_cease_to_exist_when_they_leave_the_field(tmp_path):
    """"Put two [200/200] darkness Zombie resonator tokens with [Flying] into the field.": two resonators of the
    token's card under the chant's controller's control (CR 1303.1b-c), with the ATK/DEF and keyword printed
    (1303.1a); one destroyed goes to no graveyard: it ceases to exist (CR 1303.3a), its slot free again."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Zombie", "Resonator", [], ATK=100, DEF=100, race=["Zombie"]),
             _card("TXT-010", "Made-up Rising", "Chant",
                   ["Put two [200/200] darkness Zombie resonator tokens with [Flying] into the field."]),
             _card("TXT-011", "Made-up Doom", "Chant", ["Destroy target resonator."])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    (tok,) = [c for c in res.cards if c.token]
    tid = pool.index[tok.number]
    assert not pool.is_deck_card(tid)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.DARKNESS, 2)
    rising, doom = sc.hand(0, ["TXT-010", "TXT-011"])
    g = sc.game()
    field_before = set(sc.zone(0, "field"))
    grave_before = int(g.state[S.GRAVE_N + 0])
    _bolt(g, sc, sc.zone(0, "hand").index(rising), rising)
    tokens = [s for s in range(K.N_SLOTS) if int(g.state[S.CARD + s * S.CARD_W]) == tid]
    assert len(tokens) == 2
    for s in tokens:
        w = s * S.CARD_W
        assert int(g.state[S.ZONE + w]) == K.Zone.FIELD and int(g.state[S.CONTROLLER + w]) == 0
        assert int(g.state[S.PSEUDO + w]) == K.PSEUDO_TOKEN and s not in field_before
        atk, dfn, kw = current_values(np.asarray(g.state), pool.kernel_tables, s)
        assert (int(atk), int(dfn)) == (200, 200) and int(kw) & K.KW_FLYING
    assert int(g.state[S.GRAVE_N + 0]) == grave_before + 1  # the chant only
    from tcg_env.games.force_of_will.adapter import check_snapshot
    check_snapshot(np.asarray(g.state), pool)  # a token's record passes the snapshot checks
    # destroyed: into no graveyard, the slot free (CR 1303.3a)
    hand = [int(x) for x in g.state[S.HAND_L: S.HAND_L + int(g.state[S.HAND_N])]]
    g.step(K.PLAY_HAND_BASE + hand.index(doom))
    from tcg_env.engine.header import H_DECISION
    for _ in range(12):
        if int(g.state[S.ZONE + doom * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            opts = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
            g.step(K.OPTION_BASE + opts.index(tokens[0]))
        else:
            g.step(K.PASS)
    gone = tokens[0] * S.CARD_W
    assert int(g.state[S.CARD + gone]) == -1 and int(g.state[S.PSEUDO + gone]) == 0
    assert int(g.state[S.ZONE + gone]) == K.Zone.NONE
    assert int(g.state[S.GRAVE_N + 0]) == grave_before + 2  # the two chants, no token
    assert int(g.state[S.ZONE + tokens[1] * S.CARD_W]) == K.Zone.FIELD


# ---- "cannot be targeted by spells or abilities" (CR 903.2g; [Barrier] is the opponent's only, CR 1120.2) -----------
def test_cannot_be_targeted_by_spells_or_abilities_compiles_to_a_restriction_on_targets_only():
    r = exact("This card cannot be targeted by spells or abilities.")
    assert r.abilities == [{"kind": "continuous", "effect": [{"op": "aura_restrict", "restrictions": ["cant_be_targeted"],
                                                              "filter": {"self_only": True}}]}]
    r = exact("Target resonator cannot be targeted by spells or abilities until end of turn.", "chant")
    assert r.fields["effect"][1] == {"op": "restrict", "restrictions": ["cant_be_targeted"], "duration": "end_of_turn"}
    # the opponent's only: [Barrier], on the ability controller's own cards (unchanged)
    r = exact("Resonators you control cannot be targeted by spells or abilities your opponent controls.")
    assert r.abilities[0]["effect"][0]["op"] == "aura_keyword"


def test_a_card_that_cannot_be_targeted_is_no_target_of_either_player_but_each_still_reaches_it(tmp_path):
    """"This card cannot be targeted by spells or abilities.": neither its controller's nor the opponent's
    "Destroy target resonator." may choose it (unlike [Barrier], CR 1120.2, which stops only the opponent's);
    "This card deals 300 damage to each resonator." (no target) still damages it."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Veiled", "Resonator", ["This card cannot be targeted by spells or abilities."],
                   ATK=100, DEF=1000),
             _card("TXT-002", "Made-up Plain", "Resonator", [], ATK=100, DEF=1000),
             _card("TXT-010", "Made-up Doom", "Chant", ["Destroy target resonator."]),
             _card("TXT-011", "Made-up Quake", "Chant", ["Deal 300 damage to each resonator."])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.DARKNESS, 2)
    doom, quake = sc.hand(0, ["TXT-010", "TXT-011"])
    mine, theirs = sc.put(0, "TXT-001", "field"), sc.put(1, "TXT-001", "field")
    plain = sc.put(1, "TXT-002", "field")
    g = sc.game()
    g.step(K.PLAY_HAND_BASE + sc.zone(0, "hand").index(doom))
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
    opts = {int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))}
    assert plain in opts and mine not in opts and theirs not in opts
    g.step(K.OPTION_BASE + [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))].index(plain))
    for _ in range(8):
        if int(g.state[S.ZONE + doom * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + plain * S.CARD_W]) == K.Zone.GRAVEYARD
    hand = [int(x) for x in g.state[S.HAND_L: S.HAND_L + int(g.state[S.HAND_N])]]
    g.step(K.PLAY_HAND_BASE + hand.index(quake))
    for _ in range(8):
        if int(g.state[S.ZONE + quake * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        g.step(K.PASS)
    assert [int(g.state[S.DAMAGE + s * S.CARD_W]) for s in (mine, theirs)] == [300, 300]

    # a cost paid with a chosen card is no target (CR 903.2g): "Banish a resonator: Draw a card." may banish it
    cards.append(_card("TXT-003", "Made-up Altar", "Resonator", ["Banish a resonator: Draw a card."], ATK=100, DEF=100))
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    altar, veiled = sc.field(0, ["TXT-003", "TXT-001"])
    g = sc.game()
    g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(altar) * K.ABILITIES_PER_CARD)
    opts = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
    assert veiled in opts
    g.step(K.OPTION_BASE + opts.index(veiled))
    assert int(g.state[S.ZONE + veiled * S.CARD_W]) == K.Zone.GRAVEYARD


# ---- "doesn't recover during its controller's next recovery phase" (CR 503.5) --------------------------------------
def test_cr_503_5_doesnt_recover_during_next_recovery_phase_and_cannot_recover_stays_unsupported():
    r = exact("Rest target resonator. It doesn't recover during its controller's next recovery phase.", "chant")
    assert r.fields["effect"][2] == {"op": "restrict", "restrictions": ["cant_recover"], "duration": "permanent"}
    # the engine's restriction skips one recovery phase: "cannot recover" (for good, or until end of turn, which a
    # recover effect would read) and a continuous "doesn't recover" are not it
    for text, ctype in (("Target resonator cannot recover.", "chant"), ("This card cannot recover.", "resonator"),
                        ("Target resonator cannot recover until end of turn.", "chant"),
                        ("[Continuous]: This card doesn't recover during its controller's next recovery phase.",
                         "resonator")):
        assert line(text, ctype).verdict is Verdict.UNSUPPORTED, text


def test_cr_503_5_a_rested_target_stays_rested_in_its_controllers_next_recovery_phase_only(tmp_path):
    """Player 0's "Rest target resonator. It doesn't recover during its controller's next recovery phase." on
    player 1's resonator: in player 1's next turn it is still rested after the recovery phase (CR 503.5), and the
    restriction is used up."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Plain", "Resonator", [], ATK=100, DEF=1000),
             _card("TXT-010", "Made-up Frost", "Chant",
                   ["Rest target resonator. It doesn't recover during its controller's next recovery phase."])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.DARKNESS)
    (frost,) = sc.hand(0, ["TXT-010"])
    theirs = sc.put(1, "TXT-001", "field")
    g = sc.game()
    _bolt(g, sc, 0, frost)
    w = theirs * S.CARD_W
    assert int(g.state[S.RESTED + w]) == 1 and int(g.state[S.RST_PERM + w]) & K.RESTRICT_CANT_RECOVER
    for _ in range(200):  # to player 1's main phase (its recovery phase passed)
        if int(g.state[S.TURN_PLAYER]) == 1 and int(g.state[S.STEP]) == K.Step.MAIN:
            break
        legal = g.legal_actions().tolist()
        g.step(K.PASS if K.PASS in legal else legal[0])
        assert int(g.state[H_DECISION]) >= 0
    assert int(g.state[S.TURN_PLAYER]) == 1 and int(g.state[S.STEP]) == K.Step.MAIN
    assert int(g.state[S.ZONE + w]) == K.Zone.FIELD and int(g.state[S.RESTED + w]) == 1
    assert int(g.state[S.RST_PERM + w]) & K.RESTRICT_CANT_RECOVER == 0  # used up: the next one recovers it
