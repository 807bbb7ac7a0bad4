"""Config dataclasses from YAML files plus ``key=value`` command-line overrides.

Unknown keys are rejected, and every error names the key and where it came from (the file or
"command line"). Values are checked against the field's type annotation (int, float, bool, str,
lists of those, ``Optional[...]``); an int is accepted where a float is expected, NaN and infinities
are not.
"""

from __future__ import annotations

import dataclasses
import math
import typing
from pathlib import Path
from typing import Any, Sequence

import yaml


class ConfigError(ValueError):
    pass


def _check(value: Any, tp: Any, key: str, where: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Union:
        if value is None and type(None) in args:
            return None
        errors = []
        for a in args:
            if a is type(None):
                continue
            try:
                return _check(value, a, key, where)
            except ConfigError as e:
                errors.append(str(e))
        raise ConfigError(errors[0] if errors else f"{where}: {key}: bad value {value!r}")
    if origin in (list, tuple, Sequence) or tp in (list, tuple):
        if not isinstance(value, (list, tuple)):
            raise ConfigError(f"{where}: {key} must be a list, got {value!r}")
        inner = args[0] if args else Any
        return [_check(v, inner, f"{key}[{i}]", where) for i, v in enumerate(value)]
    if tp is Any:
        return value
    if tp is bool:
        if not isinstance(value, bool):
            raise ConfigError(f"{where}: {key} must be true or false, got {value!r}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                return int(value)
            raise ConfigError(f"{where}: {key} must be an integer, got {value!r}")
        return value
    if tp is float:
        if isinstance(value, str):  # YAML 1.1 reads "1e-3" (no dot) as a string
            try:
                value = float(value)
            except ValueError:
                pass
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"{where}: {key} must be a number, got {value!r}")
        try:
            number = float(value)
        except OverflowError:  # an int past float's range
            number = math.inf
        if not math.isfinite(number):  # NaN / inf would reach the loss and the weights silently
            raise ConfigError(f"{where}: {key} must be a finite number, got {value!r}")
        return number
    if tp is str:
        if not isinstance(value, str):
            raise ConfigError(f"{where}: {key} must be a string, got {value!r}")
        return value
    raise ConfigError(f"{where}: {key}: unsupported field type {tp!r}")


def _apply(cfg_cls, values: dict, current: dict, where: str) -> dict:
    hints = typing.get_type_hints(cfg_cls)
    names = {f.name for f in dataclasses.fields(cfg_cls)}
    for key, value in values.items():
        if key not in names:
            close = [n for n in sorted(names) if n.split("_")[0] == str(key).split("_")[0]]
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise ConfigError(f"{where}: unknown config key {key!r}{hint}; known keys: {', '.join(sorted(names))}")
        current[key] = _check(value, hints[key], key, where)
    return current


def load_config(cfg_cls, path: str | Path | None = None, overrides: Sequence[str] = ()):
    """``cfg_cls`` (a dataclass) from defaults, then the YAML file at ``path``, then ``overrides``
    (``"key=value"`` strings, the value parsed as YAML: ``lr=3e-4``, ``hidden=[128,128]``)."""
    current = {f.name: getattr(cfg_cls(), f.name) for f in dataclasses.fields(cfg_cls)}
    if path is not None:
        p = Path(path)
        if not p.is_file():
            raise ConfigError(f"config file not found: {p}")
        try:
            data = yaml.safe_load(p.read_text()) or {}
        except yaml.YAMLError as e:
            raise ConfigError(f"{p}: not valid YAML: {e}") from None
        if not isinstance(data, dict):
            raise ConfigError(f"{p}: expected a mapping of config keys, got {type(data).__name__}")
        _apply(cfg_cls, data, current, str(p))
    for item in overrides:
        if "=" not in item:
            raise ConfigError(f"command line: override {item!r} must look like key=value")
        key, raw = item.split("=", 1)
        try:
            value = yaml.safe_load(raw) if raw != "" else ""
        except yaml.YAMLError:
            value = raw
        try:
            _apply(cfg_cls, {key.strip(): value}, current, "command line")
        except ConfigError as first:
            if isinstance(value, str):
                raise
            try:
                _apply(cfg_cls, {key.strip(): raw}, current, "command line")  # e.g. run_name=123 for a str field
            except ConfigError:
                raise first from None  # the parsed value's error (gamma=.inf: not finite), not the raw string's
    cfg = cfg_cls(**current)
    if hasattr(cfg, "validate"):
        cfg.validate()
    return cfg


def config_to_dict(cfg) -> dict:
    return {f.name: (list(v) if isinstance(v := getattr(cfg, f.name), tuple) else v) for f in dataclasses.fields(cfg)}
