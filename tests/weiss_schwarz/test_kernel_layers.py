"""The Weiss Schwarz rules kernels are split by area of the rules into layers (issue 17 item 2):
each file imports only the ones below it, so there is no import cycle and a reader can start at
the bottom (``zones``) and go up to the entry kernels (``kernels``)."""

import ast
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[2] / "tcg_env" / "games" / "weiss_schwarz"
PKG = "tcg_env.games.weiss_schwarz."
LAYERS = ["constants", "state", "zones", "filters", "characteristics", "costs", "triggers", "play", "battle", "rule_processes",
          "effects", "turn", "kernels"]


def _game_imports(name):
    tree = ast.parse((GAME / f"{name}.py").read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PKG):
            out.add(node.module[len(PKG):])
        elif isinstance(node, ast.ImportFrom) and node.module == PKG[:-1]:
            out |= {a.name for a in node.names}
    return out


@pytest.mark.parametrize("name", LAYERS)
def test_rules_kernel_file_imports_only_the_layers_below(name):
    below = set(LAYERS[: LAYERS.index(name)])
    assert _game_imports(name) <= below, f"{name} imports {sorted(_game_imports(name) - below)}"


@pytest.mark.parametrize("name", LAYERS[2:])
def test_rules_kernel_file_names_its_rule_sections(name):
    doc = ast.get_docstring(ast.parse((GAME / f"{name}.py").read_text()))
    assert doc and "CR " in doc
