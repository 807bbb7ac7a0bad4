"""The trainers' thread counts: from the cores this process may use, set once and in the order that
makes them stick, with OpenMP workers that sleep instead of spinning when their work is done.

Cores. :func:`available_cores` counts the CPUs this process may run on: ``os.sched_getaffinity``
(``taskset``, cpusets, container CPU pinning), lowered to a cgroup CPU quota (``cpu.max``, e.g.
``docker --cpus 4``) when one is set; ``os.cpu_count()`` where neither can be read.

Defaults. ``env_threads: 0`` becomes all of those cores (:func:`default_threads`), ``torch_threads:
0`` half of them, at least 1 (:func:`default_torch_threads`: the measurement is there). The env kernels (numba) and torch (the policy's forward pass, then the
learner) take turns, never run at the same moment, so each may use every core, on the condition
that the one that has finished stops competing for the cores: both are OpenMP thread pools (torch
bundles its own libgomp, numba's ``omp`` threading layer loads the system one) and libgomp's
workers spin at the barrier after each parallel region unless ``OMP_WAIT_POLICY`` says
``PASSIVE``. Measured on the 2-core machine with another job busy (``benchmarks/bench_training.py``
style, one process, settings alternated per update, 2026-11-29): 2 torch threads and 1 env thread
ran at 9.6 k env steps/s with libgomp's default wait policy and at 44 k with ``PASSIVE``; 1 and 1
ran at 55-57 k either way. So importing this module sets ``OMP_WAIT_POLICY=PASSIVE`` unless the
environment already says otherwise; the libgomp of torch reads it when torch is imported (the
training scripts import this module first), numba's when its pool starts (see below).

Order. numba's OpenMP threading layer resets torch's intra-op thread count when numba first starts
its thread pool (``numba.set_num_threads``, ``numba.get_num_threads`` or the first parallel kernel
start it). Set torch's count first and numba's second and torch runs with as many threads as the
machine has cores whatever the config says (measured: ``torch.set_num_threads(1);
numba.set_num_threads(1); torch.get_num_threads()`` gave 2 on the 2-core machine). Started first,
the pool leaves torch's count alone afterwards (later ``numba.set_num_threads`` calls included).
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

# before torch is imported (below): its bundled libgomp reads the policy once, when it loads
_TORCH_WAS_LOADED = "torch" in sys.modules
_WAIT_POLICY_SET_HERE = "OMP_WAIT_POLICY" not in os.environ
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import numba  # noqa: E402
import torch  # noqa: E402

CGROUP_CPU_MAX = Path("/sys/fs/cgroup/cpu.max")  # cgroup v2: "<quota> <period>" or "max <period>"


def _cgroup_quota_cores() -> int | None:
    try:
        quota, period = CGROUP_CPU_MAX.read_text().split()[:2]
    except (OSError, ValueError):
        return None
    if quota == "max":
        return None
    try:
        return max(1, math.ceil(int(quota) / int(period)))
    except (ValueError, ZeroDivisionError):
        return None


def available_cores() -> int:
    """The CPUs this process may run on: its affinity mask (``taskset``, cpusets), lowered to a
    cgroup v2 CPU quota when one is set; ``os.cpu_count()`` where the affinity cannot be read."""
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        n = os.cpu_count() or 1
    quota = _cgroup_quota_cores()
    return max(1, min(n, quota) if quota else n)


def default_threads(cores: int | None = None) -> int:
    """The count that ``env_threads: 0`` stands for: every available core. The env kernels and
    torch alternate, and with passive OpenMP waiting (module docstring) the pool that is not working
    sleeps, so the threads that run at one moment never exceed the cores."""
    return cores or available_cores()


def default_torch_threads(cores: int | None = None) -> int:
    """The count that ``torch_threads: 0`` stands for: half the available cores, at least 1. With
    passive waiting every torch op that forks its pool wakes sleeping threads, and the rollout's
    forward passes are many small ops: measured on the 2-core machine, ``configs/ppo_fftcg.yaml``,
    ``bench_training.py --ppo-only --seconds 30``, env steps/s, 2026-11-29:

    ===================== ============ ===============================================
    torch / env threads    idle          one other process busy on a core
    ===================== ============ ===============================================
    2 / 2, passive         26.4 k        35.9 k
    1 / 1, passive         43.8 k        40.2 k
    2 / 2, spinning (*)    50.8 k        4.6 k
    ===================== ============ ===============================================

    (*) libgomp's default, what the trainer ran with before; ``GOMP_SPINCOUNT=10000``: 46.4 k idle,
    15.4 k busy. One torch thread per two cores keeps most of the idle speed and none of the
    collapse; a bigger machine's learner still gets many threads (8 of 16 cores)."""
    return max(1, (cores or available_cores()) // 2)


def openmp_wait_policy() -> str:
    """What the log says about the OpenMP wait policy in force for torch's pool."""
    policy = os.environ.get("OMP_WAIT_POLICY", "").lower() or "libgomp default (spins)"
    if _TORCH_WAS_LOADED and _WAIT_POLICY_SET_HERE:
        return f"{policy} for numba; torch was imported before training.threads and keeps libgomp's default (spins)"
    return policy


def set_threads(torch_threads: int = 0, env_threads: int = 0) -> tuple[int, int]:
    """Set numba's thread count (``env_threads``, 0: every available core) and then torch's
    (``torch_threads``, 0: half the available cores, :func:`default_torch_threads`); returns the two counts in force. Raises
    RuntimeError if torch's count did not stick (a threading layer that resets it later than its
    start)."""
    cores = available_cores()
    torch_n = torch_threads or default_torch_threads(cores)
    # the env kernels split the rows over numba.get_num_threads() chunks; numba's pool has
    # NUMBA_NUM_THREADS threads (os.cpu_count() at import) and refuses a count above it
    env_n = max(1, min(env_threads or default_threads(cores), numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(env_n)  # first: starting numba's pool resets torch's count
    torch.set_num_threads(torch_n)
    if torch.get_num_threads() != torch_n:
        raise RuntimeError(f"torch threads: set {torch_n}, got {torch.get_num_threads()} (threading layer "
                           f"{numba.threading_layer()})")
    return torch_n, int(numba.get_num_threads())


def describe_threads() -> str:
    """One log line's part: the counts in force, the cores seen and the wait policy."""
    return (f"torch threads {torch.get_num_threads()}, env threads {numba.get_num_threads()}, "
            f"{available_cores()} cores available (of {os.cpu_count()}), OpenMP wait {openmp_wait_policy()}")
