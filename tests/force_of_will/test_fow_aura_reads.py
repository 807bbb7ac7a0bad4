"""The continuous abilities of the field (CR 904, 909) are read for every card of the field, also
where a kernel reads the whole field at once (``continuous_in_field`` asked once per loop, an
ability's condition and its "for each" count read only when an instruction applies: the shortcuts
of ``characteristics.aura_sums``): a field with one card that has a continuous ability among
several without one."""

from fow_tables import current_values
from helpers import D, Z, attack, life, main_row, turn_player
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S


def test_cr_909_a_continuous_atk_ability_applies_to_every_card_it_names_in_the_battle(pool):
    """Banner: "your J/resonators gain +100/+100" (CR 904, 909.1): each of the other cards of
    its controller's field reads 600 ATK, the opponent's Imp 500, and the battle deals the ATK
    with the aura (CR 805.2: battle damage equal to ATK)."""
    r = main_row(pool)
    tp = turn_player(r)
    imps = [r.put(tp, "Imp", Z.FIELD) for _ in range(3)]
    foe = r.put(1 - tp, "Imp", Z.FIELD)
    r.put(tp, "Banner", Z.FIELD)
    for imp in imps:
        assert current_values(r.s, r.T, imp)[:2] == (600, 600)
    assert current_values(r.s, r.T, foe)[:2] == (500, 500)
    before = life(r, 1 - tp)
    attack(r, imps[1])
    r.pass_until(lambda x: life(x, 1 - tp) != before)  # no block
    assert before - life(r, 1 - tp) == 600


def test_cr_1106_2_flying_from_an_addition_keeps_a_resonator_without_flying_from_blocking(pool):
    """Sword, added to the attacker: "+300/+0 and [Flying]" (a continuous ability, CR 1406.2b):
    the blocker mask (read for the whole field at once) offers no blocker without [Flying] (CR
    1106.2), though the defender has recovered resonators."""
    r = main_row(pool)
    tp = turn_player(r)
    imp = r.put(tp, "Imp", Z.FIELD)
    sword = r.put(tp, "Sword", Z.FIELD)
    r.set_rec(S.ATTACHED, sword, imp)
    blockers = [r.put(1 - tp, "Imp", Z.FIELD) for _ in range(2)]
    atk, _, kw = current_values(r.s, r.T, imp)
    assert atk == 800 and kw & K.KW_FLYING
    attack(r, imp)
    r.pass_until(lambda x: x.decision == D.BLOCK)
    assert r.legal() == [K.PASS]
    assert all(K.OWN_FIELD_BASE + r.field_index(1 - tp, b) not in r.legal() for b in blockers)
