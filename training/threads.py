"""The trainers' thread counts, set once and in the order that makes them stick.

numba's OpenMP threading layer resets torch's intra-op thread count when numba first starts its
thread pool (``numba.set_num_threads``, ``numba.get_num_threads`` or the first parallel kernel
start it). Set torch's count first and numba's second, as the trainers once did, and torch runs
with as many threads as the machine has cores (2 here, 16 on a 16-core machine) whatever the
config says: measured, ``torch.set_num_threads(1); numba.set_num_threads(1);
torch.get_num_threads()`` gave 2 on this 2-core machine. Started first, the pool leaves torch's
count alone afterwards (later ``numba.set_num_threads`` calls included).
"""

from __future__ import annotations

import os

import numba
import torch


def default_threads() -> int:
    """Half the CPU cores, at most 4. The env's numba threads and torch's alternate, and torch's
    OpenMP threads spin at their barriers: on this 2-core machine 2 torch threads made every op 5x
    slower than 1 (measured, another process busy on the other core)."""
    return max(1, min(4, (os.cpu_count() or 2) // 2))


def set_threads(torch_threads: int = 0, env_threads: int = 0) -> tuple[int, int]:
    """Set numba's thread count (``env_threads``, 0: as torch's) and then torch's (``torch_threads``,
    0: :func:`default_threads`); returns the two counts in force. Raises RuntimeError if torch's
    count did not stick (a threading layer that resets it later than its start)."""
    torch_n = torch_threads or default_threads()
    # The env kernels split the rows over numba.get_num_threads() threads and wait for all of them
    # each step: on this 2-core machine shared with other jobs, 1 thread made the rollout 25% faster
    # than 2 (0.77 s vs 1.02 s per rollout, alternating in one run, load 3.5).
    env_n = max(1, min(env_threads or torch_n, numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(env_n)  # first: starting numba's pool resets torch's count
    torch.set_num_threads(torch_n)
    if torch.get_num_threads() != torch_n:
        raise RuntimeError(f"torch threads: set {torch_n}, got {torch.get_num_threads()} (threading layer "
                           f"{numba.threading_layer()})")
    return torch_n, int(numba.get_num_threads())
