"""The kernel namespace a :class:`tcg_env.spec.GameSpec` points at (see ``tcg_env.spec``)."""

from tcg_env.games.weiss_schwarz.batch import (  # noqa: F401
    random_finish_batch,
    random_play_batch,
    reset_batch,
    seed_agent_rng,
    step_batch,
    write_outputs_batch,
)
from tcg_env.games.weiss_schwarz.entry import ROW_MASK, ROW_OBSERVE, ROW_RESET, ROW_STEP, row_entry  # noqa: F401
from tcg_env.games.weiss_schwarz.kernels import apply_row, legal_mask_row, reset_row, step_and_mask_row  # noqa: F401
from tcg_env.games.weiss_schwarz.observation import observe_row  # noqa: F401
from tcg_env.games.weiss_schwarz.policy_kernels import (  # noqa: F401
    AGENT_HEURISTIC,
    AGENT_RANDOM,
    agent_actions_batch,
    choose_action_row,
    determinize_batch,
    determinize_row,
    playout_batch,
)
