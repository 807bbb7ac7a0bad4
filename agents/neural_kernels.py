"""The forward pass of :class:`agents.neural.PolicyNet` as a numba kernel, for acting on the CPU.

A rollout step of ``training/selfplay_ppo.py`` runs the network on a few hundred rows (the learner
seats) and on a few dozen rows spread over up to ``pool_size`` past snapshots. In torch both cost
their op dispatches and, for the snapshots, reading every snapshot's weights, more than their
arithmetic: a forward pass of the 64-wide network took ~0.7 ms for 270 rows, and the stacked pass of
8 snapshots ~0.7 ms whatever the number of rows (measured, 1 thread). This kernel walks the rows
one by one and reads only what each row needs: the first layer multiplies only the row's non-zero
observation columns, each card row is encoded only if it is occupied (an empty row's code is
``relu(bias)``, as in ``PolicyNet._pointer_logits``), and a row of snapshot ``j`` reads only
snapshot ``j``'s weights.

:class:`PackedPolicies` holds the parameters of up to ``k`` networks of one shape (one slot each),
transposed so that the inner loops run over contiguous output columns. Its :meth:`forward` gives
the logits and values of the same computation as ``PolicyNet.forward_scaled`` (observations
already multiplied by ``obs_scale``), equal up to float summation order (tested to 1e-5). Only
the gradient-free forward pass is here: learning stays in torch.
"""

from __future__ import annotations

from typing import Optional

import numpy as np
import torch
from numba import njit

from tcg_env.engine.memory import borrow

ARCH_MLP, ARCH_ENTITY = 0, 1
# the four card-row blocks of the entity network, in the order of the packed encoders
_ENC_NAMES = ("enc_hand", "enc_own", "enc_opp", "enc_opt")


@njit(cache=True, nogil=True, fastmath={"reassoc", "contract"})
def policy_forward_rows(x, slots, dims, tw, tb, arch, layout, qw, qb, ew, eb, hw, hb, vw, vb, sbias, logits, values,
                        scratch):
    """logits[r], values[r] of row x[r] (scaled observation) under the network in slot slots[r].

    dims: widths [input, h_1, ..., h_L]; tw[k] / tb[k]: the trunk layers' transposed weights
    ([in, out] blocks, concatenated) and biases. arch ARCH_MLP: hw[k] = policy head [H, A], hb[k]
    [A]. ARCH_ENTITY: hw[k] = pass head [H, 1], hb[k] [1]; qw[k] [H, 6d] / qb[k] the queries; ew[k,
    e] [F, d] / eb[k, e] the row encoders of hand, own field, opponent field, options; sbias[k]
    the per-action bias; layout = (hand, own, opp, options offsets, hand / field / option slots,
    card / option features). vw[k] [H] / vb[k]: the value head. scratch: float32, at least
    2 * max(h_l) + 6d + d entries."""
    # borrowed views (tcg_env.engine.memory): the weight-row slices below cost no reference counts
    x, slots, dims, tw, tb, layout = borrow(x), borrow(slots), borrow(dims), borrow(tw), borrow(tb), borrow(layout)
    qw, qb, ew, eb, hw, hb = borrow(qw), borrow(qb), borrow(ew), borrow(eb), borrow(hw), borrow(hb)
    vw, vb, sbias, logits, values, scratch = borrow(vw), borrow(vb), borrow(sbias), borrow(logits), borrow(values), borrow(scratch)
    n = x.shape[0]
    n_layers = dims.shape[0] - 1
    width_max = 1
    for l in range(1, n_layers + 1):
        width_max = max(width_max, dims[l])
    d = ew.shape[3]
    nq = qw.shape[2]
    h = scratch[:width_max]
    h_next = scratch[width_max : 2 * width_max]
    q = scratch[2 * width_max : 2 * width_max + nq]
    code = scratch[2 * width_max + nq : 2 * width_max + nq + d]
    A = logits.shape[1]
    for r in range(n):
        k = slots[r]
        xr = x[r]
        # first trunk layer: only the row's non-zero columns (NaN too: it propagates as in torch)
        fan_out = dims[1]
        for j in range(fan_out):
            h[j] = tb[k, j]
        twk = tw[k]
        for c in range(dims[0]):
            v = xr[c]
            if v != 0.0:
                # a view per weight row: its index j is provably >= 0, so the loop vectorizes
                wrow = twk[c * fan_out : (c + 1) * fan_out]
                for j in range(fan_out):
                    h[j] += v * wrow[j]
        for j in range(fan_out):
            h[j] = np.tanh(h[j])
        w_off = dims[0] * fan_out
        b_off = fan_out
        for l in range(2, n_layers + 1):
            fan_in = dims[l - 1]
            fan_out = dims[l]
            for j in range(fan_out):
                h_next[j] = tb[k, b_off + j]
            for i in range(fan_in):
                v = h[i]
                wrow = twk[w_off + i * fan_out : w_off + (i + 1) * fan_out]
                for j in range(fan_out):
                    h_next[j] += v * wrow[j]
            for j in range(fan_out):
                h[j] = np.tanh(h_next[j])
            w_off += fan_in * fan_out
            b_off += fan_out
        H = dims[n_layers]
        # value head
        val = vb[k]
        for i in range(H):
            val += h[i] * vw[k, i]
        values[r] = val
        if arch == ARCH_MLP:
            for a in range(A):
                logits[r, a] = hb[k, a]
            lr = logits[r]
            for i in range(H):
                v = h[i]
                wrow = hw[k, i]
                for a in range(A):
                    lr[a] += v * wrow[a]
            continue
        # entity heads: queries from the context
        for j in range(nq):
            q[j] = qb[k, j]
        for i in range(H):
            v = h[i]
            wrow = qw[k, i]
            for j in range(nq):
                q[j] += v * wrow[j]
        p = hb[k, 0]
        for i in range(H):
            p += h[i] * hw[k, i, 0]
        logits[r, 0] = p + sbias[k, 0]
        hand0, own0, opp0, opt0 = layout[0], layout[1], layout[2], layout[3]
        hand_slots, field_slots, option_slots = layout[4], layout[5], layout[6]
        card_f, option_f = layout[7], layout[8]
        # action columns: pass, hand, own field, opponent field, abilities (2 per own field card), options
        col_hand = 1
        col_own = col_hand + hand_slots
        col_opp = col_own + field_slots
        col_abil = col_opp + field_slots
        col_opt = col_abil + 2 * field_slots
        for e in range(4):
            if e == 0:
                start, slots_e, feats, qi = hand0, hand_slots, card_f, 0
            elif e == 1:
                start, slots_e, feats, qi = own0, field_slots, card_f, 1
            elif e == 2:
                start, slots_e, feats, qi = opp0, field_slots, card_f, 4
            else:
                start, slots_e, feats, qi = opt0, option_slots, option_f, 5
            for i in range(slots_e):
                o = start + i * feats
                for t in range(d):
                    code[t] = eb[k, e, t]
                for f in range(feats):
                    v = xr[o + f]
                    if v != 0.0:
                        wrow = ew[k, e, f]
                        for t in range(d):
                            code[t] += v * wrow[t]
                for t in range(d):
                    if code[t] < 0.0:
                        code[t] = 0.0
                dot = np.float32(0.0)
                for t in range(d):
                    dot += code[t] * q[qi * d + t]
                if e == 0:
                    col = col_hand + i
                elif e == 1:
                    col = col_own + i
                elif e == 2:
                    col = col_opp + i
                else:
                    col = col_opt + i
                logits[r, col] = dot + sbias[k, col]
                if e == 1:  # the own field card's two abilities: queries 2 and 3
                    for j in range(2):
                        dot = np.float32(0.0)
                        for t in range(d):
                            dot += code[t] * q[(2 + j) * d + t]
                        col = col_abil + 2 * i + j
                        logits[r, col] = dot + sbias[k, col]


class PackedPolicies:
    """Up to ``k`` :class:`~agents.neural.PolicyNet` s of one shape (``template``'s), packed for
    :func:`policy_forward_rows`. :meth:`load` copies a network into a slot (again after each
    optimizer step for the network being trained: the packed copy does not follow it)."""

    def __init__(self, template, k: int = 1):
        self.template = template
        self.k = int(k)
        lin = [m for m in template.trunk if isinstance(m, torch.nn.Linear)]
        self.dims = np.array([template.obs_size] + [m.out_features for m in lin], np.int64)
        H = int(self.dims[-1])
        self.arch = 1 if template.arch == "entity" else 0
        self.tw = np.zeros((self.k, sum(m.in_features * m.out_features for m in lin)), np.float32)
        self.tb = np.zeros((self.k, sum(m.out_features for m in lin)), np.float32)
        self.vw = np.zeros((self.k, H), np.float32)
        self.vb = np.zeros(self.k, np.float32)
        A = template.num_actions
        self._scale = template.obs_scale.detach().cpu().numpy().astype(np.float32)
        self._scratch = np.zeros(2 * int(self.dims[1:].max()) + 7 * int(template.entity_dim), np.float32)
        if self.arch == 1:
            d = template.entity_dim
            H0, OWN0, OPP0, ST0, OP0, HS, FS, OS, CF, OF = template._layout
            self.layout = np.array([H0, OWN0, OPP0, OP0, HS, FS, OS, CF, OF], np.int64)
            self.qw = np.zeros((self.k, H, 6 * d), np.float32)
            self.qb = np.zeros((self.k, 6 * d), np.float32)
            self.ew = np.zeros((self.k, 4, max(CF, OF), d), np.float32)
            self.eb = np.zeros((self.k, 4, d), np.float32)
            self.hw = np.zeros((self.k, H, 1), np.float32)
            self.hb = np.zeros((self.k, 1), np.float32)
            self.sbias = np.zeros((self.k, A), np.float32)
        else:
            self.layout = np.zeros(9, np.int64)
            self.qw = np.zeros((1, 1, 1), np.float32)
            self.qb = np.zeros((1, 1), np.float32)
            self.ew = np.zeros((1, 4, 1, 1), np.float32)
            self.eb = np.zeros((1, 4, 1), np.float32)
            self.hw = np.zeros((self.k, H, A), np.float32)
            self.hb = np.zeros((self.k, A), np.float32)
            self.sbias = np.zeros((1, 1), np.float32)

    @torch.no_grad()
    def load(self, slot: int, net) -> None:
        if not 0 <= slot < self.k:
            raise ValueError(f"slot must be in [0, {self.k}), got {slot}")
        if net.model_config() != self.template.model_config():
            raise ValueError(f"network shape {net.model_config()} differs from the packed shape {self.template.model_config()}")

        def arr(t: torch.Tensor) -> np.ndarray:
            return t.detach().float().cpu().numpy()

        w_off = b_off = 0
        for m in (m for m in net.trunk if isinstance(m, torch.nn.Linear)):
            nw = m.in_features * m.out_features
            self.tw[slot, w_off : w_off + nw] = arr(m.weight.t()).reshape(-1)
            self.tb[slot, b_off : b_off + m.out_features] = arr(m.bias)
            w_off += nw
            b_off += m.out_features
        self.vw[slot] = arr(net.value_head.weight[0])
        self.vb[slot] = arr(net.value_head.bias)[0]
        if self.arch == 1:
            self.qw[slot] = arr(net.query.weight.t())
            self.qb[slot] = arr(net.query.bias)
            for e, name in enumerate(_ENC_NAMES):
                enc = getattr(net, name)
                self.ew[slot, e, : enc.in_features] = arr(enc.weight.t())
                self.eb[slot, e] = arr(enc.bias)
            self.hw[slot, :, 0] = arr(net.head_pass.weight[0])
            self.hb[slot] = arr(net.head_pass.bias)
            self.sbias[slot] = arr(net.slot_bias)
        else:
            self.hw[slot] = arr(net.policy_head.weight.t())
            self.hb[slot] = arr(net.policy_head.bias)

    def logits(self, obs: torch.Tensor, slots: np.ndarray) -> torch.Tensor:
        """Logits [n, A] of the raw observations ``obs`` [n, O] (a CPU tensor), row i under the
        network in slot ``slots[i]``: the interface of :class:`agents.neural.StackedPolicies`."""
        x = np.multiply(obs.detach().cpu().numpy(), self._scale, dtype=np.float32)
        return torch.from_numpy(self.forward(x, slots)[0])

    def forward(self, x_scaled: np.ndarray, slots: Optional[np.ndarray] = None) -> tuple[np.ndarray, np.ndarray]:
        """(logits [n, A], values [n]) of the scaled observations ``x_scaled`` [n, O] (float32),
        row i under the network in slot ``slots[i]`` (default: slot 0 for every row)."""
        x = np.ascontiguousarray(x_scaled, np.float32)
        if x.ndim != 2 or x.shape[1] != self.dims[0]:
            raise ValueError(f"observations must have shape (n, {int(self.dims[0])}), got {x.shape}")
        n = x.shape[0]
        if slots is None:
            slots = np.zeros(n, np.int64)
        else:
            slots = np.ascontiguousarray(slots, np.int64)
            if slots.shape != (n,) or (n and (slots.min() < 0 or slots.max() >= self.k)):
                raise ValueError(f"slots must be {n} indices in [0, {self.k})")
        logits = np.empty((n, self.template.num_actions), np.float32)
        values = np.empty(n, np.float32)
        policy_forward_rows(x, slots, self.dims, self.tw, self.tb, self.arch, self.layout, self.qw, self.qb, self.ew,
                            self.eb, self.hw, self.hb, self.vw, self.vb, self.sbias, logits, values, self._scratch)
        return logits, values
