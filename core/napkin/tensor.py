"""How much memory one tensor takes: elements × bytes per element (lecture, section 三).

The lecture's two examples: a 4×8 fp32 tensor is 32 × 4 = 128 bytes; one GPT-3 feed-forward
matrix of 12288·4 × 12288 in fp32 is 2,415,919,104 bytes ≈ 2.42 GB (2.25 GiB).

Shapes are typed as ``4,8``, ``4x8`` or ``12288*4, 12288``: dimensions separated by commas or
``x``, each a product of whole numbers (with the usual ``k``/``M`` suffixes). Nothing is evaluated.
Formulas and errors are :class:`core.texts.Text` (context ``Napkin``), translated in the window.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from core.echo import brief
from core.errors import InputError
from core.roofline.hardware import DTYPE_BYTES, storage_bytes, validate_dtype
from core.texts import join_texts, translate
from core.units import format_bytes, format_number
from core.validate import positive_int

__all__ = ["MAX_ELEMENTS", "TensorMemory", "parse_shape", "tensor_memory"]

#: The most elements accepted (10^18: far beyond any tensor that exists).
MAX_ELEMENTS = 10**18
_MAX_DIMS = 16
_DIMENSION = translate("Napkin", "shape dimension")
_SPLIT = re.compile(r"\s*(?:,|\bx\b|×)\s*|\s*(?<=\d)x(?=\d)\s*")


def parse_shape(text: object) -> tuple[int, ...]:
    """Parse ``"12288*4, 12288"`` into ``(49152, 12288)``; an empty text is a 0-d tensor ``()``.

    Raises
    ------
    InputError
        Naming the bad dimension and what is allowed.
    """
    if not isinstance(text, str):
        raise InputError(
            translate(
                "Napkin", "shape: expected text such as 4,8 or 12288*4,12288, got {kind}"
            ).format(kind=type(text).__name__),
            field="shape",
        )
    body = text.strip().strip("()[]").strip()
    if body.endswith(","):  # Python's one-element tuple: (7,)
        body = body[:-1].rstrip()
    if not body:
        return ()
    parts = [p for p in _SPLIT.split(body)]
    if len(parts) > _MAX_DIMS:
        raise InputError(
            translate("Napkin", "shape: {count} dimensions; allowed: at most {most}").format(
                count=str(len(parts)), most=str(_MAX_DIMS)
            ),
            field="shape",
        )
    dims = []
    for position, part in enumerate(parts, start=1):
        if not part.strip():
            raise InputError(
                translate(
                    "Napkin",
                    "shape: dimension {position} of {text} is empty; allowed: dimensions "
                    "separated by single commas or x, e.g. 4,8",
                ).format(position=str(position), text=brief(text)),
                field="shape",
            )
        factors = part.split("*")
        if not all(f.strip() for f in factors):
            raise InputError(
                translate(
                    "Napkin",
                    "shape: dimension {position} is {part}; allowed: a whole number or a "
                    "product such as 12288*4 (no powers)",
                ).format(position=str(position), part=brief(part.strip())),
                field="shape",
            )
        size = 1
        for factor in factors:
            where = translate("Napkin", "shape: dimension {position}").format(
                position=str(position)
            )
            size *= positive_int(factor, where, high=MAX_ELEMENTS)
            if size > MAX_ELEMENTS:
                raise InputError(
                    translate(
                        "Napkin", "shape: dimension {position} exceeds {most} elements"
                    ).format(position=str(position), most=f"{MAX_ELEMENTS:.0e}"),
                    field="shape",
                )
        dims.append(size)
    return tuple(dims)


@dataclass(frozen=True)
class TensorMemory:
    """A tensor's size: its shape, element count, bytes per element and total bytes."""

    shape: tuple[int, ...]
    dtype: str
    numel: int
    bytes_per_element: float
    bytes: float

    def formula(self) -> str:
        """``32 elements × 4 bytes = 128 bytes`` with the shape's product written out."""
        dims = " × ".join(f"{d:,}" for d in self.shape) or translate("Napkin", "1 (0-d)")
        numel = f"{self.numel:,}"
        product: str
        if self.bytes_per_element < 1:  # packed sub-byte storage: whole bytes
            bits = round(self.bytes_per_element * 8)
            product = translate("Napkin", "⌈{numel} × {bits} bits / 8⌉ ({dtype}, packed)").format(
                numel=numel, bits=str(bits), dtype=self.dtype
            )
        else:
            product = f"{numel} × {self.bytes_per_element:g} ({self.dtype})"
        lines = [
            translate("Napkin", "elements = {dims} = {numel}").format(dims=dims, numel=numel),
            translate("Napkin", "bytes = {product} = {bytes}").format(
                product=product, bytes=format_number(self.bytes)
            ),
        ]
        return join_texts(lines, "\n")

    def summary(self) -> str:
        """Humanised: ``2.416 GB (2.25 GiB)``."""
        return f"{format_bytes(self.bytes)} ({format_bytes(self.bytes, binary=True)})"

    def to_dict(self) -> dict[str, object]:
        """JSON form for the CLI."""
        return {
            "shape": list(self.shape),
            "dtype": self.dtype,
            "numel": self.numel,
            "bytes_per_element": self.bytes_per_element,
            "bytes": self.bytes,
        }


def tensor_memory(shape: object, dtype: object) -> TensorMemory:
    """Memory of a dense tensor: ``numel × bytes per element``; fp4 packs two per byte, in whole
    bytes (``ceil(numel × 4 / 8)``: 3 fp4 values take 2 bytes)."""
    dims = (
        parse_shape(shape)
        if isinstance(shape, str)
        else tuple(positive_int(d, _DIMENSION, high=MAX_ELEMENTS) for d in _as_sequence(shape))
    )
    dt = validate_dtype(dtype)
    numel = math.prod(dims)
    if numel > MAX_ELEMENTS:
        raise InputError(
            translate("Napkin", "shape: {count} elements; allowed: at most {most}").format(
                count=f"{numel:.3e}", most=f"{MAX_ELEMENTS:.0e}"
            ),
            field="shape",
        )
    per = float(DTYPE_BYTES[dt])
    return TensorMemory(dims, dt, numel, per, storage_bytes(dt, numel))


def _as_sequence(shape: object) -> tuple[object, ...]:
    if isinstance(shape, list | tuple):
        return tuple(shape)
    raise InputError(
        translate("Napkin", "shape: expected text or a list of sizes, got {kind}").format(
            kind=type(shape).__name__
        ),
        field="shape",
    )
