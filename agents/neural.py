"""Neural policies: the network ``training/selfplay_ppo.py`` trains, and an :class:`Agent` over it.

The network (:class:`PolicyNet`) is a plain MLP with a policy head (one logit per action) and a
value head. Illegal actions are removed by *masked logits*: their logit is replaced by
``MASKED_LOGIT`` (a large negative number) before the softmax, so they get probability 0 (exactly:
``exp(-1e9 - max)`` underflows to 0 in float32) and the gradient never flows into them.

Inputs are the game's flat observation (FF-TCG: 1780 float32 columns, ``docs/fftcg/observations.md``;
Weiss Schwarz: 1996, ``docs/weiss_schwarz/observations.md``, already scaled in the engine)
times a fixed per-column scale (``obs_scale``, a buffer saved with the weights): most columns are
already in [0, 1], but a few carry small integers (``card_id_plus1`` up to the pool size, element /
type / zone indices), which the scale brings to [0, 1] as well.

Checkpoints are loaded with ``torch.load(..., weights_only=True)``: they hold only tensors and
plain Python containers (no pickled classes), so loading one never runs code from the file.
:func:`load_policy` accepts both a full training checkpoint (``training/selfplay_ppo.py``'s
``last.pt`` / ``ckpt_*.pt``) and the slim ``policy.pt`` it exports at the end of a run.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np
import torch
from torch import nn

from agents.base import Agent, check_mask

MASKED_LOGIT = -1e9
POLICY_FORMAT = "tcg_env.policy/1"


def obs_scale_for(game: str = "fftcg") -> np.ndarray:
    """Per-column input scale for ``game``'s flat observation: its spec's ``obs_scale`` (FF-TCG
    brings its few small-integer columns to [0, 1]), or 1 everywhere (Weiss Schwarz's observation
    is already scaled column by column in the engine)."""
    import tcg_env

    spec = tcg_env.get_spec(game)
    if spec.obs_scale is None:
        return np.ones(spec.obs_size, np.float32)
    return np.asarray(spec.obs_scale(), np.float32)


def damage_potential_weights(game: str = "fftcg") -> dict[int, float]:
    """{observation column: weight} of the shaping potential "opponent's damage minus mine, as a
    fraction of the damage that loses": the spec's ``shaping_potential`` (FF-TCG 7 damage; Weiss
    Schwarz level 4, i.e. 28 damage counted as levels and clock)."""
    import tcg_env

    known = [g for g in tcg_env.list_games() if tcg_env.get_spec(g).shaping_potential is not None]
    if game not in known:
        raise ValueError(f"no damage potential for game {game!r} (known: {', '.join(known)})")
    return dict(tcg_env.get_spec(game).shaping_potential())


ARCHS = ("mlp", "entity")


class PolicyNet(nn.Module):
    """obs -> (logits[A], value). ``hidden``: widths of the shared trunk (Tanh activations, as in
    cleanrl's PPO; orthogonal init, small policy-head gain so the first policy is near uniform).

    ``arch="mlp"``: the flat observation through the trunk, one linear head for all 97 logits.

    ``arch="entity"``: the same trunk over the flat observation gives a context; the game's
    :class:`tcg_env.spec.EntityLayout` (``GameSpec.entity_layout``) says which blocks of the flat
    observation are card rows and which actions point at which rows. Each block's rows are encoded
    by one small layer shared by the block's rows, and the logit of an action that points at a row
    ("hand card i", "ability j of field card i", "option k") is the dot product of that row's code
    with a query the context projects for that kind of action (one per pointer and use j), plus a
    learnt bias per action; an action named by several pointers sums their products. What is
    learnt about a card in slot 3 thus holds in slot 7. The value and the free actions (no row
    named: PASS, moves) come from the context through linear heads. The network reads only the
    layout, never the game's name.
    """

    def __init__(self, obs_size: int, num_actions: int, hidden: Sequence[int] = (256, 256), game: str = "fftcg",
                 arch: str = "mlp", entity_dim: int = 32):
        super().__init__()
        if arch not in ARCHS:
            raise ValueError(f"arch must be one of {ARCHS}, got {arch!r}")
        self.obs_size = int(obs_size)
        self.num_actions = int(num_actions)
        self.hidden = [int(h) for h in hidden]
        self.game = game
        self.arch = arch
        self.entity_dim = int(entity_dim)
        self.register_buffer("obs_scale", torch.from_numpy(obs_scale_for(game)))
        layers: list[nn.Module] = []
        width = self.obs_size
        for i, h in enumerate(self.hidden):
            layers += [_init((SparseInputLinear if i == 0 else nn.Linear)(width, h), np.sqrt(2)), nn.Tanh()]
            width = h
        self.trunk = nn.Sequential(*layers)
        if arch == "entity":
            self._build_entity(width)
            return
        self.policy_head = _init(nn.Linear(width, self.num_actions), 0.01)
        self.value_head = _init(nn.Linear(width, 1), 1.0)

    def _build_entity(self, width: int) -> None:
        from tcg_env.registry import get_spec

        spec = get_spec(self.game)
        if spec.entity_layout is None:
            raise ValueError(f"arch='entity' needs the game's entity_layout (tcg_env.spec.EntityLayout); {self.game!r} has none")
        L = spec.entity_layout()
        if L.obs_size != self.obs_size or L.num_actions != self.num_actions:
            raise ValueError(f"{self.game!r}'s entity_layout describes {L.obs_size} observation columns and {L.num_actions} "
                             f"actions, the network has {self.obs_size} and {self.num_actions}")
        self.layout = L
        d = self.entity_dim
        # one row encoder per block that some action points at, shared by the block's rows
        self.entity_blocks = [b for b in L.blocks if any(p.block == b.name for p in L.pointers)]
        for b in self.entity_blocks:
            self.add_module(f"enc_{b.name}", _init(nn.Linear(b.features, d), np.sqrt(2)))
        # one query per (pointer, j), in the layout's pointer order
        q_first, n_q = {}, 0
        for p in L.pointers:
            q_first[p.name], n_q = n_q, n_q + p.per_row
        self.n_queries = n_q
        self.query = _init(nn.Linear(width, n_q * d), 0.01)
        self.slot_bias = nn.Parameter(torch.zeros(self.num_actions))
        self.free_actions = L.free_actions()  # their logits: a linear head of the context
        self.head_free = _init(nn.Linear(width, len(self.free_actions)), 0.01)
        self.value_head = _init(nn.Linear(width, 1), 1.0)
        # the forward pass concatenates [free head, then per block its pointers' logits]; `order`
        # is the action of each concatenated column
        self.block_pointers: list[tuple[Any, list[tuple[Any, int, Optional[torch.Tensor]]]]] = []
        order = list(self.free_actions)
        for b in self.entity_blocks:
            ptrs = []
            for p in L.pointers:
                if p.block == b.name:
                    rows = None if list(p.rows) == list(range(b.rows)) else torch.tensor(p.rows, dtype=torch.long)
                    ptrs.append((p, q_first[p.name], rows))
                    order += [a for a, _, _ in p.actions()]
            self.block_pointers.append((b, ptrs))
        order_t = torch.tensor(order, dtype=torch.long)
        # each action named once (FF-TCG): a gather puts the columns in place; else they are summed
        self._permutation = sorted(order) == list(range(self.num_actions))
        self.register_buffer("_action_of_column", order_t, persistent=False)
        self.register_buffer("_column_of_action", torch.argsort(order_t) if self._permutation else order_t, persistent=False)

    def _load_from_state_dict(self, state_dict, prefix, *args, **kwargs):
        # entity networks saved before the layout was generic called the free-action head "head_pass"
        for t in ("weight", "bias"):
            old = f"{prefix}head_pass.{t}"
            if old in state_dict and f"{prefix}head_free.{t}" not in state_dict:
                state_dict[f"{prefix}head_free.{t}"] = state_dict.pop(old)
        super()._load_from_state_dict(state_dict, prefix, *args, **kwargs)

    def _entity_forward(self, x: torch.Tensor, P: "_Params") -> tuple[torch.Tensor, torch.Tensor]:
        n, d = x.shape[0], self.entity_dim
        h = P.trunk(x)
        q = P.linear("query", h).reshape(n, self.n_queries, d)
        parts = [P.linear("head_free", h)]
        for b, ptrs in self.block_pointers:
            rows = x[:, b.start : b.start + b.rows * b.features].reshape(n, b.rows, b.features)
            queries = [q0 + j for p, q0, _ in ptrs for j in range(p.per_row)]
            per_query = self._pointer_logits(P, f"enc_{b.name}", rows, q, queries)
            i = 0
            for p, _, sel in ptrs:
                lg = per_query[i] if p.per_row == 1 else torch.stack(per_query[i : i + p.per_row], dim=2)  # [n, rows(, j)]
                i += p.per_row
                if sel is not None:
                    lg = lg.index_select(1, sel.to(lg.device))
                parts.append(lg.reshape(n, -1))  # action base + r * per_row + j
        cat = torch.cat(parts, dim=1)
        if self._permutation:
            logits = cat.index_select(1, self._column_of_action)
        else:
            logits = cat.new_zeros(n, self.num_actions).index_add(1, self._action_of_column, cat)
        return P.add("slot_bias", logits), P.linear("value_head", h).squeeze(-1)

    # batches of at least this many rows take the occupied-rows path of _pointer_logits
    SPARSE_ROWS_MIN = 256

    def _pointer_logits(self, P: "_Params", enc_name: str, rows: torch.Tensor, q: torch.Tensor, queries) -> list:
        """``<relu(enc(row i)), q[:, j]>`` for every row i of the block ``rows`` [n, slots, features]
        and each query j: one [n, slots] tensor per j.

        Most slots are empty (all features 0: a typical FF-TCG row has 2-5 cards in each 16-slot
        block), and an empty row's code is the constant ``relu(enc.bias)``. For large batches (on
        the CPU) only the occupied rows go through the encoder; the empty rows get
        ``<relu(enc.bias), q[:, j]>``. Same values and gradients as encoding every row, up to float
        rounding, at a fraction of the work."""
        n, slots = rows.shape[0], rows.shape[1]
        if n < PolicyNet.SPARSE_ROWS_MIN or rows.device.type != "cpu" or P.stacked:
            # <row code, block query> as multiply-and-sum: on the CPU a bmm of n tiny [slots, d] x [d, 1]
            # products costs several times more than the same arithmetic done elementwise
            code = torch.relu(P.linear(enc_name, rows))
            return [(code * q[:, None, j]).sum(-1) for j in queries]
        enc = getattr(self, enc_name)
        # flat (row, slot) indices of the occupied slots: rows.any(2), which is slower on the CPU
        # (written "!= 0" so that a NaN feature keeps its row, and shows in the output)
        occ = (rows.abs().sum(2) != 0).reshape(-1).nonzero().squeeze(1)
        code = torch.relu(enc(rows.reshape(n * slots, -1).index_select(0, occ)))  # [m, d]
        empty_code = torch.relu(enc.bias)
        row_of = occ // slots
        out = []
        for j in queries:
            qj = q[:, j]
            empty = (qj * empty_code).sum(-1)  # [n]: the logit of an empty slot
            full = empty[:, None].expand(n, slots).reshape(n * slots)
            occupied = (code * qj.index_select(0, row_of)).sum(-1)
            out.append(full.index_put((occ,), occupied).reshape(n, slots))
        return out

    def forward(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self._forward(obs, _Params(self))

    def forward_scaled(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """``forward`` of observations already multiplied by ``obs_scale`` (see :meth:`scale_obs_`):
        the trainer scales each stored observation once instead of in every minibatch pass."""
        return self._forward_scaled(x, _Params(self))

    @torch.no_grad()
    def scale_obs_(self, obs: np.ndarray) -> np.ndarray:
        """Multiplies float32 observations [n, O] by ``obs_scale`` in place (the first step of
        ``forward``); returns ``obs``."""
        np.multiply(obs, self.obs_scale.detach().cpu().numpy(), out=obs)
        return obs

    def _forward(self, obs: torch.Tensor, P: "_Params") -> tuple[torch.Tensor, torch.Tensor]:
        """The network's computation with the parameters ``P`` supplies: its own modules
        (:class:`_Params`) or, for :class:`StackedPolicies`, those of several networks at once."""
        return self._forward_scaled(obs * self.obs_scale, P)

    def _forward_scaled(self, x: torch.Tensor, P: "_Params") -> tuple[torch.Tensor, torch.Tensor]:
        if self.arch == "entity":
            return self._entity_forward(x, P)
        z = P.trunk(x)
        return P.linear("policy_head", z), P.linear("value_head", z).squeeze(-1)

    def model_config(self) -> dict:
        return {"obs_size": self.obs_size, "num_actions": self.num_actions, "hidden": list(self.hidden), "game": self.game,
                "arch": self.arch, "entity_dim": self.entity_dim}

    @classmethod
    def from_config(cls, cfg: dict) -> "PolicyNet":
        return cls(int(cfg["obs_size"]), int(cfg["num_actions"]), [int(h) for h in cfg["hidden"]], str(cfg.get("game", "fftcg")),
                   str(cfg.get("arch", "mlp")), int(cfg.get("entity_dim", 32)))


class _Params:
    """The parameters ``PolicyNet._forward`` computes with: the network's own modules."""

    stacked = False

    def __init__(self, net: PolicyNet):
        self.net = net

    def trunk(self, x: torch.Tensor) -> torch.Tensor:
        return self.net.trunk(x)

    def linear(self, name: str, x: torch.Tensor) -> torch.Tensor:
        return getattr(self.net, name)(x)

    def add(self, name: str, x: torch.Tensor) -> torch.Tensor:
        return x + getattr(self.net, name)


class StackedPolicies(_Params):
    """Up to ``k`` networks of one shape (the self-play opponent pool) evaluated in one pass.

    :meth:`load` copies a network's weights into a slot. :meth:`logits` takes rows with a slot
    each, gives every slot (up to the largest one used) the same number of rows, zero-padded, and
    runs ``PolicyNet._forward`` once, each linear layer as one batched matmul over the slots
    (``torch.baddbmm``), in place of one forward pass per slot: on the CPU a forward pass of a few
    rows costs its ~50 op dispatches, not its arithmetic. The logits equal each network's own
    forward pass up to float rounding."""

    stacked = True

    def __init__(self, template: PolicyNet, k: int):
        self.template = template  # shape and layout; its own weights are not used
        self.k = int(k)
        dev = template.obs_scale.device
        self.w, self.b, self.extra = {}, {}, {}
        for name, mod in template.named_modules():
            if isinstance(mod, nn.Linear):  # stored transposed: x [k, m, in] @ w [k, in, out]
                self.w[name] = torch.zeros(self.k, mod.in_features, mod.out_features, device=dev)
                self.b[name] = torch.zeros(self.k, 1, mod.out_features, device=dev)
        if template.arch == "entity":
            self.extra["slot_bias"] = torch.zeros(self.k, 1, template.num_actions, device=dev)
        self._k = 0  # slots in the pass being computed

    @torch.no_grad()
    def load(self, slot: int, net: PolicyNet) -> None:
        mods = dict(net.named_modules())
        for name in self.w:
            self.w[name][slot].copy_(mods[name].weight.t())
            self.b[name][slot, 0].copy_(mods[name].bias)
        for name in self.extra:
            self.extra[name][slot, 0].copy_(getattr(net, name))

    def trunk(self, x: torch.Tensor) -> torch.Tensor:
        for i, mod in enumerate(self.template.trunk):
            if i == 0 and isinstance(mod, SparseInputLinear):
                x = self.linear("trunk.0", x, cols=nonzero_columns(x))
            else:
                x = self.linear(f"trunk.{i}", x) if isinstance(mod, nn.Linear) else mod(x)
        return x

    def linear(self, name: str, x: torch.Tensor, cols: Optional[torch.Tensor] = None) -> torch.Tensor:
        """``cols``: only these input columns (the others are 0 in every row), as SparseInputLinear:
        with a few rows per slot the pass is bound by reading the weights, not by arithmetic."""
        k = self._k  # rows grouped by slot: [k * m, ..., in] -> [k, m * ..., in]
        w = self.w[name][:k]
        if cols is not None:
            x, w = x.index_select(-1, cols), w.index_select(1, cols)
        out = torch.baddbmm(self.b[name][:k], x.reshape(k, -1, x.shape[-1]), w)
        return out.reshape(*x.shape[:-1], out.shape[-1])

    def add(self, name: str, x: torch.Tensor) -> torch.Tensor:
        k = self._k
        return (x.reshape(k, -1, x.shape[-1]) + self.extra[name][:k]).reshape(x.shape)

    @torch.no_grad()
    def logits(self, obs: torch.Tensor, slots: np.ndarray) -> torch.Tensor:
        """Logits [n, A] of each row of ``obs`` [n, O] under the network in slot ``slots[i]``."""
        slots = np.asarray(slots, np.int64)
        if slots.size == 0 or slots.min() < 0 or slots.max() >= self.k:
            raise ValueError(f"slots must be in [0, {self.k}), got {slots}")
        k = int(slots.max()) + 1
        counts = np.bincount(slots, minlength=k)
        m = int(counts.max())
        order = np.argsort(slots, kind="stable")
        first = np.cumsum(counts) - counts
        pos = _index_to(np.repeat(np.arange(k) * m - first, counts) + np.arange(slots.size), obs.device)
        order_t = _index_to(order, obs.device)
        x = obs.new_zeros(k * m, obs.shape[1])
        x[pos] = obs[order_t]  # row order[i] goes to padded row pos[i]
        self._k = k
        logits, _ = self.template._forward(x, self)
        out = torch.empty(obs.shape[0], logits.shape[1], dtype=logits.dtype, device=logits.device)
        out[order_t] = logits[pos]
        return out


def _index_to(a: np.ndarray, device: torch.device) -> torch.Tensor:
    """An index array on ``device``; to a GPU through pinned memory, so that the copy is queued
    behind the work already on the device instead of waiting for it (a pageable copy synchronises)."""
    t = torch.from_numpy(np.ascontiguousarray(a))
    if device.type == "cuda":
        return t.pin_memory().to(device, non_blocking=True)
    return t.to(device)


def nonzero_columns(x: torch.Tensor) -> torch.Tensor:
    """Indices of the columns of ``x`` [n, m] with a non-zero (or NaN) entry: ``x.any(0)``, computed
    as "not (max == 0 and min == 0)", which is 2-3x cheaper on the CPU than any() or a sum of
    absolute values (no temporary of x's size)."""
    return ((x.amax(0) != 0) | (x.amin(0) != 0)).nonzero().squeeze(1)


class SparseInputLinear(nn.Linear):
    """``nn.Linear`` for a mostly-zero input (the first trunk layer: about 6% of FF-TCG's
    observation columns are non-zero in a typical row). On the CPU, with a batch of rows, it
    multiplies only the columns that are non-zero in some row of the batch: the other columns
    contribute exactly 0 to the output and receive exactly 0 gradient, so the result is the dense
    layer's up to float summation order. Same parameters and state-dict keys as ``nn.Linear``."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.device.type != "cpu" or x.dim() != 2 or x.shape[0] < 2:
            return super().forward(x)
        cols = nonzero_columns(x)
        if cols.numel() * 4 > 3 * x.shape[1]:  # dense enough: the gathers would not pay
            return super().forward(x)
        return nn.functional.linear(x.index_select(1, cols), self.weight.index_select(1, cols), self.bias)


def _init(layer: nn.Linear, gain: float) -> nn.Linear:
    nn.init.orthogonal_(layer.weight, gain)
    nn.init.zeros_(layer.bias)
    return layer


def masked_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Logits with every illegal action (``mask`` False / 0) set to ``MASKED_LOGIT``."""
    return logits.masked_fill(~mask.bool(), MASKED_LOGIT)


def load_policy(path: str, device: str | torch.device = "cpu") -> PolicyNet:
    """The :class:`PolicyNet` in a training checkpoint or an exported ``policy.pt``, loaded with
    ``weights_only=True``; errors name the file."""
    try:
        ckpt = torch.load(path, map_location=device, weights_only=True)
    except FileNotFoundError:
        raise FileNotFoundError(f"no policy checkpoint at {path!r}") from None
    except Exception as e:  # a pickle that is not weights-only, a truncated file, ...
        raise ValueError(f"{path}: not a loadable policy checkpoint ({type(e).__name__}: {e})") from None
    if not isinstance(ckpt, dict) or "model" not in ckpt or "model_config" not in ckpt:
        raise ValueError(f"{path}: not a tcg_env policy checkpoint (expected keys 'model' and 'model_config')")
    net = PolicyNet.from_config(ckpt["model_config"])
    net.load_state_dict(ckpt["model"])
    return net.to(device).eval()


def resolve_device(device: str = "auto") -> torch.device:
    """``"auto"``: CUDA when available, CPU otherwise."""
    if device in (None, "auto"):
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return torch.device(device)


class NeuralAgent(Agent):
    """A trained :class:`PolicyNet` as an :class:`Agent`: masked argmax (``greedy=True``) or a sample
    from the masked softmax (seeded by ``seed`` / :meth:`reset`). Reads only the observation and the
    mask (``needs_game = False``); runs in Python/torch, so ``kernel_code`` is None."""

    name = "neural"
    kernel_code = None
    needs_game = False

    def __init__(self, checkpoint: Optional[str] = None, game: str = "fftcg", device: str = "auto", greedy: bool = True,
                 seed: Optional[int] = None, net: Optional[PolicyNet] = None):
        if net is None:
            if checkpoint is None:
                raise ValueError("NeuralAgent needs checkpoint=<path to policy.pt or a training checkpoint>")
            self.device = resolve_device(device)
            net = load_policy(checkpoint, self.device)
        else:
            self.device = next(net.parameters()).device
        if net.game != game:
            raise ValueError(f"{checkpoint or 'the network'} was trained on {net.game!r}, not {game!r}")
        self.net = net.eval()
        self.game = game
        self.greedy = bool(greedy)
        self.checkpoint = checkpoint
        self._gen = torch.Generator(device="cpu")
        self.reset(seed)

    def reset(self, seed: Optional[int] = None) -> None:
        if seed is None:
            self._gen.seed()
        else:
            self._gen.manual_seed(int(seed))

    @torch.no_grad()
    def act_batch(self, observations: np.ndarray, action_masks: np.ndarray, games: Any = None) -> np.ndarray:
        obs = np.asarray(observations, np.float32)
        masks = np.asarray(action_masks)
        if obs.ndim != 2 or obs.shape[1] != self.net.obs_size:
            raise ValueError(f"observations must have shape (n, {self.net.obs_size}), got {obs.shape}")
        if masks.shape != (obs.shape[0], self.net.num_actions):
            raise ValueError(f"action_masks must have shape ({obs.shape[0]}, {self.net.num_actions}), got {masks.shape}")
        legal = masks != 0
        empty = ~legal.any(axis=1)
        if empty.any():
            raise ValueError(f"action mask of row {int(np.flatnonzero(empty)[0])} has no legal action")
        logits, _ = self.net(torch.from_numpy(obs).to(self.device))
        logits = masked_logits(logits, torch.from_numpy(legal).to(self.device)).float().cpu()
        if self.greedy:
            return logits.argmax(dim=1).numpy().astype(np.int64)
        u = torch.rand(logits.shape, generator=self._gen).clamp_(1e-12, 1.0)
        return (logits - torch.log(-torch.log(u))).argmax(dim=1).numpy().astype(np.int64)

    def act(self, observation: np.ndarray, action_mask: np.ndarray, game: Any = None) -> int:
        check_mask(action_mask)
        return int(self.act_batch(np.asarray(observation, np.float32)[None], np.asarray(action_mask)[None])[0])
