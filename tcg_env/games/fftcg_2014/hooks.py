"""FF-TCG under the 2014 rules: the engine contract (``tcg_env.engine.hooks``) of FF-TCG's hooks
module with this variant's replacements (docs/architecture.md, "Rules variants"). FF-TCG's rules
kernels reach them through the tag (``game.name``): every function of this variant's rules modules
below replaces FF-TCG's of the same name, wherever FF-TCG's kernels call it."""

from importlib import import_module

from tcg_env.games.fftcg.hooks import *  # noqa: F403  (FF-TCG 2016's rules, kept)
from tcg_env.games.fftcg.hooks import RULES_MODULES as FFTCG_RULES_MODULES
from tcg_env.games.fftcg_2014.constants import RULES  # noqa: F401
from tcg_env.games.fftcg_2014.state import STATE_SIZE  # noqa: F401
from tcg_env.games.fftcg_2014.kernels import apply_unchecked, legal_mask_row  # noqa: F401
from tcg_env.games.fftcg_2014.observation import OBS_SIZE, observe_into, observe_row  # noqa: F401
from tcg_env.games.fftcg_2014.policy_kernels import heuristic_action, resample_hidden  # noqa: F401

VARIANT_MODULES = tuple(import_module(f"tcg_env.games.fftcg_2014.{name}") for name in (
    "zones", "rule_processes", "filters", "effects", "priority", "play", "battle", "kernels"))
# this variant's rules kernels, by name (they replace FF-TCG's: engine.hooks.find_rule looks here first)
globals().update({name: fn for m in VARIANT_MODULES for name, fn in vars(m).items()
                  if callable(fn) and getattr(fn, "__module__", None) == m.__name__ and not isinstance(fn, type)})
RULES_MODULES = FFTCG_RULES_MODULES + VARIANT_MODULES
