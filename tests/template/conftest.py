"""The template game is not in tcg_env.registry: each test module here plugs it in while it runs."""

import pytest

from tcg_env.extra_games import registered


@pytest.fixture(scope="module", autouse=True)
def template_registered():
    with registered("template") as spec:
        yield spec
