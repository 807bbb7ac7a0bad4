"""Checks both trainers share: the seed, device, game, decks and network a config names, the run
directory, and finite parameters.

Everything here raises :class:`~training.config.ConfigError` (bad input: the scripts print its one
line and exit with code 2) or :class:`TrainingDiverged` (the loss or the parameters stopped being
finite: the run stops without saving). The checks run before a trainer builds its envs or writes a
file, so a refused run leaves the run directory as it was.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Iterable, Optional

import torch

from training.config import ConfigError

# Training seeds are 32-bit: numpy's global seeding (np.random.seed, which SB3 calls) takes no more,
# and the seeds derived from it (env rows seed + b, eval games seed + 10_000_019 + b, kernel opponents
# seed * 1_000_003 + b) stay far inside the engine's int64 seeds.
SEED_LIMIT = 2**32


class TrainingDiverged(RuntimeError):
    """The loss or the network's parameters became NaN or infinite: the run stopped without saving."""


def check_seed(seed: int) -> None:
    if not 0 <= seed < SEED_LIMIT:
        raise ConfigError(f"config: seed must be an integer in 0..2**32-1, got {seed}")


def check_device(device: str) -> torch.device:
    """The torch device ``device`` names ("auto", "cpu", "cuda", "cuda:N", "mps"), refused unless this
    machine has it."""
    if device == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    try:
        dev = torch.device(device)
    except (RuntimeError, ValueError):
        dev = None
    if dev is None or dev.type not in ("cpu", "cuda", "mps"):
        raise ConfigError(f"config: device {device!r} is not a device; choose auto, cpu, cuda, cuda:N or mps")
    if dev.type == "cuda":
        count = torch.cuda.device_count() if torch.cuda.is_available() else 0
        if count == 0:
            raise ConfigError(f"config: device {device!r}: this machine has no CUDA device (use device=auto or cpu)")
        if dev.index is not None and dev.index >= count:
            raise ConfigError(f"config: device {device!r}: this machine has {count} CUDA device(s), cuda:0..cuda:{count - 1}")
    if dev.type == "mps" and not torch.backends.mps.is_available():
        raise ConfigError(f"config: device {device!r}: MPS is not available on this machine (use device=auto or cpu)")
    return dev


def check_game(game: str) -> None:
    from tcg_env.registry import list_games

    if game not in list_games():
        raise ConfigError(f"config: game {game!r} is not a registered game; available: {', '.join(list_games())}")


def check_rules(game: str, rules: Optional[str]) -> str:
    """The registered game that plays ``game`` under its named rule set ``rules`` (None: ``game``;
    FF-TCG: "2016", "2014": ``fftcg_2014``), or a ConfigError naming the game's rule sets."""
    from tcg_env.registry import rules_game

    try:
        return rules_game(game, rules)
    except ValueError as e:
        raise ConfigError(f"config: rules: {first_line(e)}") from None


def check_setup(game: str, decks: Optional[list], variant: Optional[str], cards: Optional[str] = None):
    """The game's spec after checking that ``variant`` and ``decks`` exist and are legal in it, with
    the cards of ``cards`` (a card pool file; None: the game's built-in pool)."""
    import tcg_env

    check_game(game)
    spec = tcg_env.get_spec(game)
    v = spec.default_variant if variant is None else variant
    if v not in spec.variants:
        raise ConfigError(f"config: variant {variant!r} is not a {game} rules variant; choose from {', '.join(spec.variants)}")
    pool = None
    if cards is not None:
        if not isinstance(cards, str) or not cards:
            raise ConfigError(f"config: cards: must be the path of a card pool file, got {cards!r}")
        if decks is None:  # the default decks are the built-in pool's
            raise ConfigError(f"config: decks: must name two decks of {cards}'s cards (e.g. `tcg deck like "
                              f"--game {game} --cards {cards} --out DECK.txt`) when cards is set")
        try:
            pool = tcg_env.load_pool(game, cards)
        except (ValueError, OSError) as e:  # CardDataError (a ValueError) names the file and the problem
            raise ConfigError(f"config: cards: {first_line(e)}") from None
    if decks is not None:
        pool = pool if pool is not None else spec.load_tables()
        for seat, deck in enumerate(decks):
            try:
                spec.load_deck(pool, deck, v)
            except (ValueError, OSError) as e:  # DeckError (a ValueError) names the deck and the problem
                raise ConfigError(f"config: decks[{seat}]: {first_line(e)}") from None
    return spec


def check_arch(spec, arch: str, entity_dim: int) -> None:
    """Asks the network module whether ``arch`` fits the game's observation and actions: a network
    of that arch is built for the game's sizes and its refusal is reported as a config error."""
    from agents.neural import PolicyNet

    try:
        PolicyNet(spec.obs_size, spec.num_actions, [1], spec.name, arch, entity_dim)
    except ValueError as e:
        raise ConfigError(f"config: arch {arch!r} does not fit game {spec.name!r}: {first_line(e)}") from None


def prepare_run_dir(run_dir: Path, run_files: Iterable[str], resume: bool, overwrite: bool,
                    resume_file: Optional[str], log: bool = True, check_only: bool = False) -> None:
    """Refuses to write into a directory that holds another run (files matching ``run_files``)
    unless ``resume`` (continue it from ``resume_file``, which must exist) or ``overwrite`` (its run
    files, stale checkpoints included, are removed first; other files are left alone).
    ``check_only``: refuse, but remove and create nothing (a caller with a step that may still fail
    before the run starts checks first and prepares after it)."""
    run_dir = Path(run_dir)
    if run_dir.exists() and not run_dir.is_dir():
        raise ConfigError(f"run directory {run_dir} is a file, not a directory")
    found = sorted({p for pat in run_files for p in run_dir.glob(pat)}) if run_dir.is_dir() else []
    if resume:
        if not (run_dir / resume_file).is_file():
            what = "it holds no" if run_dir.is_dir() else "it does not exist, so there is no"
            raise ConfigError(f"resume=true but there is nothing to resume in {run_dir}: {what} {resume_file} "
                              "(leave out resume=true to start a new run)")
        return
    if found and not overwrite:
        names = ", ".join(p.name for p in found[:4]) + (", ..." if len(found) > 4 else "")
        cont = "resume=true to continue it, " if resume_file and (run_dir / resume_file).is_file() else ""
        raise ConfigError(f"{run_dir} already holds a run ({names}): pass {cont}overwrite=true to replace it, "
                          "or another run_name / out_dir")
    if check_only:
        return
    for p in found:
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        else:
            p.unlink(missing_ok=True)
    if found and log:
        print(f"overwrite=true: removed {len(found)} files of the previous run in {run_dir}", flush=True)
    run_dir.mkdir(parents=True, exist_ok=True)


def nonfinite_parameters(module: torch.nn.Module) -> list[str]:
    """Names of the module's parameters that hold a NaN or an infinity."""
    return [name for name, p in module.named_parameters() if not bool(torch.isfinite(p).all())]


def first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def need(cond: bool, key: str, msg: str) -> None:
    """A config check: ``config: <key> <msg>`` (a ConfigError) unless ``cond``."""
    if not cond:
        raise ConfigError(f"config: {key} {msg}")


def check_run_config(cfg) -> str:
    """The checks every trainer's config starts with (its ``seed``, ``game``, ``rules``, ``resume``
    and ``overwrite``); returns the registered game that plays under ``rules``."""
    check_seed(cfg.seed)
    check_game(cfg.game)
    game = check_rules(cfg.game, cfg.rules)
    need(not (cfg.resume and cfg.overwrite), "resume/overwrite", "exclude each other: resume=true continues "
         "the run, overwrite=true replaces it")
    return game
