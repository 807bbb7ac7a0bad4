"""Force of Will as a PettingZoo AEC environment: ``tcg_env.envs.force_of_will_v10.env(**options)``
(this module, under the PettingZoo name the envs package gives it).

Options: ``decks`` (pair of deck names/files/id lists), ``obs_encoding`` ("flat" | "dict"),
``auto_single`` (apply single-option decisions), ``max_turns`` (truncation, default 100),
``render_mode`` ("ansi" | "human"), ``pool`` (a compiled card pool).
"""

from functools import partial

from tcg_env.envs.aec import TCGAECEnv

GAME = "force_of_will"
raw_env = env = partial(TCGAECEnv, game=GAME)  # the env needs no PettingZoo wrappers (docs/envs.md)
