"""A planned run as the Napkin tab receives it ("Use in Napkin"), with its MFU conventions named.

The Plan's headline MFU counts the model's FLOPs as PaLM does (``6·N + 12·L·H·Q·T`` per token: the
attention's score and value products included); the Napkin cards count ``6·N·D`` (no attention
FLOPs), so the Plan sends its throughput as MFU in ``6·N`` (:func:`core.plan.questions.six_n_mfu`)
and both: at that MFU the Napkin's days are the Plan's. It also sends its layout, its step, the
communication that step leaves exposed and its likely days, so the communication card can say what
the Plan's layout communicates instead of assuming plain data parallelism.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from core.errors import InputError
from core.texts import translate

__all__ = ["PlanFigures"]

_NUMBERS = (
    "params", "tokens", "gpus", "mfu", "mfu_6n", "tokens_per_s", "step_time_s", "comm_s",
)  # fmt: skip


@dataclass(frozen=True)
class PlanFigures:
    """What "Use in Napkin" carries (the keys of :meth:`to_dict`)."""

    layout: str
    device: str
    dtype: str  # the dtype whose peak both MFUs are against
    params: float
    tokens: float
    gpus: int
    mfu: float  # the Plan's headline MFU (attention FLOPs counted)
    mfu_6n: float  # the same throughput in the 6·N·D convention
    tokens_per_s: float
    step_time_s: float
    comm_s: float  # exposed TP, CP, PP and DP communication per step
    days_low: float | None = None
    days_high: float | None = None

    @property
    def comm_share(self) -> float:
        """The exposed communication's share of the step."""
        return self.comm_s / self.step_time_s if self.step_time_s > 0 else 0.0

    def matches(self, params: float, tokens: float, gpus: int, mfu: float, device: str,
                dtype: str) -> bool:  # fmt: skip
        """Whether the Napkin's fields still hold this run (the MFU as sent, 6 decimals)."""
        return (
            device == self.device
            and dtype == self.dtype
            and math.isclose(params, self.params, rel_tol=1e-9)
            and math.isclose(tokens, self.tokens, rel_tol=1e-9)
            and int(gpus) == self.gpus
            and abs(mfu - self.mfu_6n) <= 5e-7
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values (a session keeps them)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> PlanFigures:
        """Read what :meth:`to_dict` wrote; :class:`InputError` names what is wrong."""
        if not isinstance(data, dict):
            raise InputError(translate("Napkin", "plan: expected the Plan tab's figures"))
        try:
            values: dict[str, Any] = {k: data[k] for k in ("layout", "device", "dtype", *_NUMBERS)}
        except KeyError as exc:
            raise InputError(
                translate("Napkin", "plan: {key} is missing").format(key=str(exc.args[0]))
            ) from None
        for key in _NUMBERS:
            value = values[key]
            if not (
                isinstance(value, int | float)
                and not isinstance(value, bool)
                and math.isfinite(value)
                and value >= 0
            ):
                raise InputError(
                    translate("Napkin", "plan: {key} must be a number ≥ 0").format(key=key)
                )
        for key in ("layout", "device", "dtype"):
            if not isinstance(values[key], str):
                raise InputError(translate("Napkin", "plan: {key} must be text").format(key=key))
        for key in ("days_low", "days_high"):
            value = data.get(key)
            ok = value is None or (
                isinstance(value, int | float)
                and not isinstance(value, bool)
                and math.isfinite(value)
            )
            if not ok:
                raise InputError(
                    translate("Napkin", "plan: {key} must be a number").format(key=key)
                )
            values[key] = value
        values["gpus"] = int(values["gpus"])
        return cls(**values)
