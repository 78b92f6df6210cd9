"""Vectors to quantize: generated (normal, uniform, outliers, log-normal), typed/pasted, or a .npy file."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from core.echo import brief
from core.errors import InputError
from core.numbers.blockscale import MAX_VALUES
from core.texts import translate
from core.validate import positive_int

if TYPE_CHECKING:
    import numpy as np

__all__ = ["GENERATORS", "generate", "load_npy", "parse_generate_spec", "parse_vector"]

#: Generator id -> what it draws.
GENERATORS: dict[str, str] = {
    "normal": translate("Dtypes", "standard normal N(0, 1)"),
    "uniform": translate("Dtypes", "uniform on [-1, 1]"),
    "outliers": translate(
        "Dtypes", "N(0, 1) with 1 value in 500 scaled by 100 (activation outliers)"
    ),
    "lognormal": translate(
        "Dtypes", "log-normal (sigma 2) with random signs: a wide dynamic range"
    ),
}


def generate(kind: str, n: int, seed: int = 0) -> np.ndarray:
    """``n`` values drawn by generator ``kind`` (see :data:`GENERATORS`), reproducible by ``seed``."""
    import numpy as np

    if kind not in GENERATORS:
        raise InputError(
            f"generator: unknown {brief(kind)}; known: {', '.join(GENERATORS)}", field="generator"
        )
    n = positive_int(n, "size", high=MAX_VALUES)
    rng = np.random.default_rng(seed)
    if kind == "normal":
        return rng.standard_normal(n)
    if kind == "uniform":
        return rng.uniform(-1.0, 1.0, n)
    if kind == "outliers":
        x = rng.standard_normal(n)
        hits = rng.random(n) < 1 / 500
        if not hits.any():
            hits[rng.integers(n)] = True
        x[hits] *= 100.0
        return x
    return rng.lognormal(0.0, 2.0, n) * rng.choice([-1.0, 1.0], n)


def parse_generate_spec(text: str) -> tuple[str, int]:
    """``"normal:4096"`` -> ``("normal", 4096)``; sizes accept ``4k``, ``1e6``."""
    kind, sep, size = str(text).strip().partition(":")
    if not sep:
        raise InputError(
            f"--generate: {brief(text)} is not KIND:SIZE (e.g. normal:4096); kinds: "
            f"{', '.join(GENERATORS)}",
            field="generator",
        )
    if kind not in GENERATORS:
        generate(kind, 1)  # raises the listing message
    return kind, positive_int(size, "size", high=MAX_VALUES)


_SPLIT = re.compile(r"[\s,;\[\]]+")


def parse_vector(text: str) -> np.ndarray:
    """Numbers typed or pasted, separated by spaces, commas, semicolons or newlines."""
    import numpy as np

    tokens = [t for t in _SPLIT.split(str(text)) if t]
    if not tokens:
        raise InputError(
            translate("Dtypes", "vector: empty; paste numbers separated by spaces or commas")
        )
    if len(tokens) > MAX_VALUES:
        raise InputError(
            translate("Dtypes", "vector: {count} values; allowed: up to {max}").format(
                count=f"{len(tokens):,}", max=f"{MAX_VALUES:,}"
            )
        )
    values = np.empty(len(tokens))
    for i, token in enumerate(tokens):
        try:
            values[i] = float(token)
        except ValueError:
            raise InputError(
                translate(
                    "Dtypes",
                    "vector: value {index} ({token}) is not a number; use plain decimals "
                    "such as 0.5 or -1e-3",
                ).format(index=i + 1, token=brief(token[:30])),
                field="vector",
            ) from None
    if not np.isfinite(values).all():
        raise InputError(
            translate("Dtypes", "vector: contains NaN or inf; allowed: finite numbers"),
            field="vector",
        )
    return values


def load_npy(path: str | Path) -> np.ndarray:
    """A numeric .npy file (any shape, flattened), read through :func:`core.safe_io.read_npy`:
    regular files only, the header checked before the array is allocated, never unpickled."""
    import numpy as np

    from core.safe_io import read_npy

    try:
        data = read_npy(path, max_elements=MAX_VALUES)
    except InputError as exc:
        raise InputError(f"--input: {exc.message}", field="input") from None
    x = data.astype(np.float64).ravel()
    if x.size == 0 or x.size > MAX_VALUES:
        raise InputError(f"--input: {x.size:,} values; allowed: 1 to {MAX_VALUES:,}", field="input")
    if not np.isfinite(x).all():
        raise InputError(f"--input: {path} contains NaN or inf", field="input")
    return x
