"""Each game's EntityLayout (GameSpec.entity_layout): the card-row blocks of its flat observation and
the actions that point at their rows, as read by the pointer-head network (agents.neural.PolicyNet,
arch "entity"). The description must match the game: an action points at the row of the card it
is about, and the network puts each row's logit at the actions the description names."""

from __future__ import annotations

import collections

import numpy as np
import pytest

import tcg_env
from tcg_env.registry import get_spec
from tcg_env.spec import EntityLayout, RowBlock, RowPointer

FF_OBS = get_spec("fftcg").obs_size  # the flat observation sizes (docs/envs.md)
WS_OBS = get_spec("weiss_schwarz").obs_size

GAMES = ["fftcg", "fftcg_2014", "force_of_will", "weiss_schwarz"]

# (decision, pointer, use j) -> is the pointed-at row occupied whenever the action is legal?
# Default True; None: no claim (the action has no card in that decision, e.g. a yes / no option).
EXPECT = {
    "force_of_will": {
        # OPTION k is candidate row k (a target, a searched or foreseen card, an automatic ability's
        # source); a yes / no option and X = k have no candidates: the block is empty
        **{(d, "option", 0): False for d in ("OPTIONAL", "REVEAL_TRIGGER", "CHOOSE_X")},
    },
    "fftcg": {
        # yes / no and first-player options have no option row
        **{(d, "option", 0): None for d in ("CHOOSE_FIRST", "EX_BURST", "MULLIGAN", "OPTIONAL_EFFECT")},
    },
    "weiss_schwarz": {
        # a direct attack (t = 0) is the one made with no facing character (CR 7.2.1.3), frontal /
        # side attacks always have one: the "defender" pointer's row mapping (2 - pos, CR 3.6.5)
        ("ATTACK", "defender", 0): False,
        # OPTION k is a candidate row only in a target choice and a clock row only in a level up
        **{(d, "option", 0): None for d in ("ENCORE_PAY", "LEVEL_UP", "OPTIONAL_EFFECT", "ORDER_AUTO", "TRIGGER_OPTION")},
        **{(d, "level_up", 0): None for d in ("CHOOSE_TARGET", "ENCORE_PAY", "OPTIONAL_EFFECT", "ORDER_AUTO",
                                              "TRIGGER_OPTION")},
        ("CHOOSE_POSITION", "own_stage", 0): None,  # an empty position may be chosen
    },
}


# pointers whose actions random play of the default decks never makes legal: Force of Will's BOTTOM k
# answers a foresee (CR 1034.1), which no card of the four decks has (tests/force_of_will/
# test_observation.py checks its candidate rows)
UNREACHED = {"force_of_will": {"bottom"}}


@pytest.mark.parametrize("game", GAMES)
def test_layout_fits_the_game_and_names_every_pointed_action_once_per_pointer(game):
    spec = get_spec(game)
    L = spec.entity_layout()
    assert (L.obs_size, L.num_actions) == (spec.obs_size, spec.num_actions)
    views = {name: (start, length) for name, start, length in spec.obs_columns()}
    for b in L.blocks:  # every block lies inside one named view of the observation
        assert any(s <= b.start and b.start + b.rows * b.features <= s + n for s, n in views.values()), b
    for p in L.pointers:
        acts = [a for a, _, _ in p.actions()]
        assert len(set(acts)) == len(acts) == len(p.rows) * p.per_row
    named = {a for p in L.pointers for a, _, _ in p.actions()}
    assert 0 in L.free_actions() and named.isdisjoint(L.free_actions())
    assert sorted(named | set(L.free_actions())) == list(range(L.num_actions))


def test_layout_check_names_the_bad_block_or_pointer():
    ok = RowBlock("hand", 10, 4, 5)
    with pytest.raises(ValueError, match="'hand'.*outside"):
        EntityLayout(20, 8, (ok,), ()).check()
    with pytest.raises(ValueError, match="pointer 'play': rows"):
        EntityLayout(40, 8, (ok,), (RowPointer("play", 1, "hand", (0, 4)),)).check()
    with pytest.raises(ValueError, match="pointer 'play': actions 5..8"):
        EntityLayout(40, 8, (ok,), (RowPointer("play", 5, "hand", (0, 1), 2),)).check()
    with pytest.raises(KeyError, match="no row block 'stage'"):
        EntityLayout(40, 8, (ok,), (RowPointer("play", 1, "stage", (0,)),)).check()


# Force of Will: a card played from the standby area ("standby_play": [Trigger], [Stealth]) is rare in
# random play of the default decks; 14 games reach it (the 14th does, since CR 803.6 / 1112.2a moved
# the games)
@pytest.mark.parametrize("game,games", [("fftcg", 12), ("force_of_will", 14), ("weiss_schwarz", 6)])
def test_legal_pointer_actions_point_at_the_row_of_their_card(game, games):
    """Random play: at every decision, each legal action a pointer names has its row occupied in
    the decider's observation (or empty where EXPECT says so), and every pointer is checked."""
    L = get_spec(game).entity_layout()
    named = collections.defaultdict(list)  # action -> (pointer, j, first column, width)
    for p in L.pointers:
        b = L.block(p.block)
        for a, row, j in p.actions():
            named[a].append((p.name, j, b.start + row * b.features, b.features))
    expect = EXPECT[game]
    checked = collections.Counter()
    rng = np.random.default_rng(0)
    for seed in range(games):
        g = tcg_env.make_game(game, seed=seed, auto_single=True)
        while not g.done:
            obs, legal, decision = g.observe(), g.legal_actions(), g.decision.name
            for a in legal:
                for name, j, start, width in named.get(int(a), ()):
                    want = expect.get((decision, name, j), True)
                    if want is None:
                        continue
                    occupied = bool(np.any(obs[start : start + width] != 0))
                    assert occupied == want, (decision, name, int(a), j)
                    checked[name] += 1
            g.step(int(rng.choice(legal)))
    assert set(checked) | UNREACHED.get(game, set()) == {p.name for p in L.pointers}, checked


@pytest.mark.parametrize("game", GAMES)
def test_entity_net_puts_each_rows_logit_at_the_actions_pointing_at_it(game):
    """With the context held fixed, swapping two rows of a block changes exactly the logits of the
    actions that point at those rows; an action named by one pointer only takes the other row's
    logit (less the per-action bias)."""
    import torch

    from agents.neural import PolicyNet

    spec = get_spec(game)
    L = spec.entity_layout()
    torch.manual_seed(0)
    net = PolicyNet(spec.obs_size, spec.num_actions, [32], game=game, arch="entity", entity_dim=8)
    fixed = torch.randn(1, 32)

    class Fixed(torch.nn.Module):
        def forward(self, x):
            return fixed.expand(x.shape[0], 32)

    net.trunk = Fixed()
    with torch.no_grad():
        net.slot_bias.normal_()
        net.query.weight.normal_()
    sb = net.slot_bias.detach()
    rng = np.random.default_rng(0)
    obs = torch.from_numpy(rng.random((1, spec.obs_size), dtype=np.float32))
    with torch.no_grad():
        base = net.forward_scaled(obs)[0][0]
    n_names = collections.Counter(a for p in L.pointers for a, _, _ in p.actions())
    for b in L.blocks:
        pointers = [p for p in L.pointers if p.block == b.name]
        if not pointers:
            continue
        i, j = 0, min(2, b.rows - 1)
        sw = obs.clone()
        ri, rj = slice(b.start + i * b.features, b.start + (i + 1) * b.features), slice(b.start + j * b.features, b.start + (j + 1) * b.features)
        sw[0, ri], sw[0, rj] = obs[0, rj], obs[0, ri]
        with torch.no_grad():
            out = net.forward_scaled(sw)[0][0]
        touched = {a for p in pointers for a, row, _ in p.actions() if row in (i, j)}
        changed = set(np.flatnonzero(((out - base).abs() > 1e-6).numpy()).tolist())
        assert changed == touched and changed, (b.name, sorted(changed ^ touched))
        for p in pointers:
            at = {(row, u): a for a, row, u in p.actions()}
            for (row, u), a in at.items():
                other = at.get((j if row == i else i, u))
                if row in (i, j) and other is not None and n_names[a] == n_names[other] == 1:
                    torch.testing.assert_close(out[a] - sb[a], base[other] - sb[other])


def test_entity_net_refuses_a_layout_of_other_sizes():
    from agents.neural import PolicyNet

    with pytest.raises(ValueError, match=f"entity_layout describes {WS_OBS} observation columns"):
        PolicyNet(FF_OBS, 97, [8], game="weiss_schwarz", arch="entity")


def test_fftcg_entity_policy_saved_before_the_generic_layout_loads_unchanged(tmp_path):
    """policy.pt files of the FF-TCG entity network written before the layout was generic name the
    free-action head "head_pass": they load, with the same logits."""
    import torch

    from agents.neural import POLICY_FORMAT, PolicyNet, load_policy

    torch.manual_seed(2)
    net = PolicyNet(FF_OBS, 97, [16], arch="entity", entity_dim=4)
    with torch.no_grad():
        for p in net.parameters():
            p.add_(torch.randn_like(p) * 0.1)
    old = {k.replace("head_free.", "head_pass."): v for k, v in net.state_dict().items()}
    assert "head_pass.weight" in old
    torch.save({"format": POLICY_FORMAT, "model": old, "model_config": net.model_config()}, tmp_path / "policy.pt")
    loaded = load_policy(str(tmp_path / "policy.pt"))
    obs = torch.rand(5, FF_OBS) * (torch.rand(5, FF_OBS) < 0.2)
    with torch.no_grad():
        assert torch.equal(loaded(obs)[0], net(obs)[0])
