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
# columns of the packed entity layout: blocks[e] = (start, rows, features); pointers[p] = (block,
# action base, uses per row, first query, first entry in pointer_rows, number of rows)
B_START, B_ROWS, B_FEATURES = 0, 1, 2
P_BLOCK, P_BASE, P_PER_ROW, P_QUERY, P_ROWS_AT, P_N_ROWS = 0, 1, 2, 3, 4, 5


@njit(cache=True, nogil=True, fastmath={"reassoc", "contract"})
def policy_forward_rows(x, slots, dims, tw, tb, arch, blocks, pointers, pointer_rows, free, qw, qb, ew, eb, hw, hb, vw,
                        vb, sbias, logits, values, scratch):
    """logits[r], values[r] of row x[r] (scaled observation) under the network in slot slots[r].

    dims: widths [input, h_1, ..., h_L]; tw[k] / tb[k]: the trunk layers' transposed weights
    ([in, out] blocks, concatenated) and biases. arch ARCH_MLP: hw[k] = policy head [H, A], hb[k]
    [A]. ARCH_ENTITY (the game's EntityLayout, packed by PackedPolicies): hw[k] [H, len(free)] /
    hb[k] the head of the free actions ``free``; qw[k] [H, Q * d] / qb[k] the queries; ew[k, e]
    [F, d] / eb[k, e] the row encoder of block e; sbias[k] the per-action bias; blocks / pointers /
    pointer_rows the layout (columns B_* / P_* above). vw[k] [H] / vb[k]: the value head. scratch:
    float32, at least 2 * max(h_l) + Q * d + max(block rows) * d entries."""
    # borrowed views (tcg_env.engine.memory): the weight-row slices below cost no reference counts
    x, slots, dims, tw, tb = borrow(x), borrow(slots), borrow(dims), borrow(tw), borrow(tb)
    blocks, pointers, pointer_rows, free = borrow(blocks), borrow(pointers), borrow(pointer_rows), borrow(free)
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
    codes = scratch[2 * width_max + nq :]  # row i's code of the block being read: codes[i * d : (i + 1) * d]
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
        lr = logits[r]
        for a in range(A):
            lr[a] = sbias[k, a]
        # the free actions: a linear head of the context
        for f in range(free.shape[0]):
            p = hb[k, f]
            for i in range(H):
                p += h[i] * hw[k, i, f]
            lr[free[f]] += p
        for e in range(blocks.shape[0]):
            start, rows_e, feats = blocks[e, B_START], blocks[e, B_ROWS], blocks[e, B_FEATURES]
            # every row's code (an empty row reads no feature: its code is relu(bias))
            for i in range(rows_e):
                o = start + i * feats
                code = codes[i * d : (i + 1) * d]
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
            # each action pointing at one of the rows: <row code, its query>
            for pi in range(pointers.shape[0]):
                if pointers[pi, P_BLOCK] != e:
                    continue
                base, per_row, q0 = pointers[pi, P_BASE], pointers[pi, P_PER_ROW], pointers[pi, P_QUERY]
                at = pointers[pi, P_ROWS_AT]
                for ri in range(pointers[pi, P_N_ROWS]):
                    code = codes[pointer_rows[at + ri] * d : (pointer_rows[at + ri] + 1) * d]
                    for j in range(per_row):
                        qo = (q0 + j) * d
                        dot = np.float32(0.0)
                        for t in range(d):
                            dot += code[t] * q[qo + t]
                        lr[base + ri * per_row + j] += dot


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
        if self.arch == 1:
            d = template.entity_dim
            blocks = template.entity_blocks
            self.blocks = np.array([[b.start, b.rows, b.features] for b in blocks], np.int64)
            index = {b.name: e for e, b in enumerate(blocks)}
            ptrs, rows, q0 = [], [], 0
            for p in template.layout.pointers:
                ptrs.append([index[p.block], p.base, p.per_row, q0, len(rows), len(p.rows)])
                rows += list(p.rows)
                q0 += p.per_row
            self.pointers = np.array(ptrs, np.int64)
            self.pointer_rows = np.array(rows, np.int64)
            self.free = np.array(template.free_actions, np.int64)
            nf = len(template.free_actions)
            self.qw = np.zeros((self.k, H, template.n_queries * d), np.float32)
            self.qb = np.zeros((self.k, template.n_queries * d), np.float32)
            self.ew = np.zeros((self.k, len(blocks), max(b.features for b in blocks), d), np.float32)
            self.eb = np.zeros((self.k, len(blocks), d), np.float32)
            self.hw = np.zeros((self.k, H, nf), np.float32)
            self.hb = np.zeros((self.k, nf), np.float32)
            self.sbias = np.zeros((self.k, A), np.float32)
            scratch = 2 * int(self.dims[1:].max()) + (template.n_queries + max(b.rows for b in blocks)) * d
        else:
            self.blocks = np.zeros((0, 3), np.int64)
            self.pointers = np.zeros((0, 6), np.int64)
            self.pointer_rows = self.free = np.zeros(0, np.int64)
            self.qw = np.zeros((1, 1, 1), np.float32)
            self.qb = np.zeros((1, 1), np.float32)
            self.ew = np.zeros((1, 1, 1, 1), np.float32)
            self.eb = np.zeros((1, 1, 1), np.float32)
            self.hw = np.zeros((self.k, H, A), np.float32)
            self.hb = np.zeros((self.k, A), np.float32)
            self.sbias = np.zeros((1, 1), np.float32)
            scratch = 2 * int(self.dims[1:].max()) + 1
        self._scratch = np.zeros(scratch, np.float32)

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
            for e, b in enumerate(net.entity_blocks):
                enc = getattr(net, f"enc_{b.name}")
                self.ew[slot, e, : enc.in_features] = arr(enc.weight.t())
                self.eb[slot, e] = arr(enc.bias)
            self.hw[slot] = arr(net.head_free.weight.t())
            self.hb[slot] = arr(net.head_free.bias)
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
        policy_forward_rows(x, slots, self.dims, self.tw, self.tb, self.arch, self.blocks, self.pointers, self.pointer_rows,
                            self.free, self.qw, self.qb, self.ew, self.eb, self.hw, self.hb, self.vw, self.vb, self.sbias,
                            logits, values, self._scratch)
        return logits, values
