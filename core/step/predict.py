"""Predicted time of each traced op on a device, the step time, MFU and where the time goes.

Two models (``predict(..., model=...)``):

* ``"calibrated"`` (the default): each op at what the device achieves
  (:mod:`core.roofline.achievable`: GEMMs at the measured large-GEMM efficiency times their wave
  and tile quantization, flash attention at the FlashAttention kernel efficiency, memory-bound ops
  at the achievable bandwidth, a launch overhead per kernel); the same per-op model the plan uses.
* ``"roofline"``, the upper bound: each op takes :func:`core.roofline.bounds.predicted_time` (the Roofline tab's function:
``max(FLOPs / peak, bytes / bandwidth)``) with the peak of the op's own dtype (or of one dtype for
every op when a ceiling is chosen; integer and unknown dtypes use the step's compute dtype). The step
time is the plain sum: **no overlap** between ops, no launch overhead, every op at 100 % of the
datasheet peak or bandwidth: a **roofline upper bound** on the speed (a lower bound on the time),
not a forecast. Predicted MFU = the step's model FLOPs / (step time × the compute dtype's peak) and
HFU = its hardware FLOPs / the same (both defined once, in :mod:`core.roofline.utilization`:
model FLOPs leave out recomputation and count the attention backward at 2× the forward; hardware
FLOPs count every executed matmul and attention op, the recomputed forward and the flash
backward's 2.5× included).

A :class:`~core.step.trace.StepTrace` is predicted again for another device, dtype or ceiling without
tracing again (a loop over the recorded ops: milliseconds).

Checked on a 2-core CPU, one thread, against "This machine" ceilings (``benchmarks/step.py``): the
predicted step of the lecture MLP and of a small transformer is 0.86-0.96 and 0.91-1.06 of the ops'
measured CPU time over three runs (matmuls 0.81-0.90, CPU flash attention 0.69-0.74; optimizer and
norm ops on cache-resident tensors run faster than the copy bandwidth predicts). The per-op overhead measured there (about 11 µs for an op
that moves nothing) is under 2 % of those steps, so no launch term is added. On a shared machine the
wall-clock step is longer by the time other processes hold the core, which no ceiling predicts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.errors import InputError
from core.memory.options import kernels_for
from core.roofline.achievable import gemm_dims
from core.roofline.bounds import predicted_time
from core.roofline.hardware import Device
from core.roofline.utilization import utilization, utilization_peak
from core.step.costs import KINDS
from core.step.recorder import OpRecord
from core.step.trace import StepTrace
from core.texts import translate

__all__ = [
    "ASSUMPTION",
    "CALIBRATED_ASSUMPTION",
    "COUNTING",
    "MODELS",
    "PHASES",
    "Prediction",
    "by_module",
    "explain",
    "predict",
    "rollup",
]

PHASES: tuple[str, ...] = ("forward", "backward", "optimizer")
ASSUMPTION = translate(
    "Step",
    "each op takes max(FLOPs/peak, bytes/bandwidth); ops run one after another (no overlap, "
    "no launch overhead): a roofline upper bound on the speed, every op at 100% of the "
    "datasheet peak",
)
#: How the step's FLOPs are counted, said where they are shown (tooltips, JSON ``conventions``).
COUNTING = translate(
    "Step",
    "FLOPs: a multiply-add counts 2; attention over the full sequence, causal masks not halved; "
    "the attention backward counts 2.5× its forward in the executed FLOPs (torch's SDPA formula "
    "includes the scores the flash backward computes again) and 2× in the model FLOPs of MFU; the "
    "LM head is a matmul counted in N (the input embedding is a lookup, not a matmul)",
)
CALIBRATED_ASSUMPTION = translate(
    "Step",
    "each op at what the device achieves (GEMMs at the calibrated large-GEMM efficiency × wave "
    "and tile quantization, flash attention at the FlashAttention kernels' efficiency, "
    "memory-bound ops at the achievable bandwidth, a launch overhead per kernel); ops run one "
    "after another (no overlap)",
)
#: The prediction models: what the device achieves, or the roofline upper bound.
MODELS: tuple[str, ...] = ("calibrated", "roofline")
_MEMORY_KINDS = ("pointwise", "norm", "softmax/loss", "reduction", "embedding", "copy/layout")


@dataclass(frozen=True)
class Prediction:
    """Per-op predicted seconds on one device and the totals they add up to.

    Attributes
    ----------
    seconds
        Predicted seconds of each op, in the trace's op order.
    step_time_s, mfu, hfu
        The sum of ``seconds``; model FLOPs and hardware FLOPs / (step time × ``peak``).
    kernels
        The kernel family of the device (``cuda`` or ``cpu``,
        :func:`core.memory.options.kernels_for`): the op names the table shows
        (:func:`core.step.kernels.device_op_name`).
    peak_dtype
        The dtype ``peak`` is the dense peak of: ``compute_dtype``, or ``fp32`` on a device with
        no peak for it (bf16 on a V100 or a T4, whose ops run at the fp32 rate here too).
    """

    device_id: str
    device_name: str
    ceiling: str
    compute_dtype: str
    peak: float
    bandwidth: float
    seconds: tuple[float, ...]
    step_time_s: float
    mfu: float
    hfu: float = 0.0
    model: str = "roofline"
    peak_dtype: str = ""
    kernels: str = "cpu"

    @property
    def assumption(self) -> str:
        """The sentence that says how the op times were predicted."""
        return CALIBRATED_ASSUMPTION if self.model == "calibrated" else ASSUMPTION

    def share(self, total: float) -> float:
        """``total`` seconds as a share of the step."""
        return total / self.step_time_s if self.step_time_s > 0 else 0.0


def _peak_dtype(device: Device, dtype: str, fallback: str) -> str:
    """The dtype whose peak an op of ``dtype`` runs at: its own, else ``fallback``, else fp32,
    else the device's highest."""
    for key in (dtype, fallback, "fp32"):
        if device.supports(key):
            return key
    return max(device.peak_flops, key=lambda k: device.peak_flops[k])


def _peak(device: Device, dtype: str, fallback: str) -> float:
    return float(device.peak_flops[_peak_dtype(device, dtype, fallback)])


def predict(
    trace: StepTrace, device: Device, dtype: str | None = None, *, model: str = "calibrated"
) -> Prediction:
    """Predict every op of ``trace`` on ``device`` (``dtype``: one ceiling for all ops) by
    ``model`` (:data:`MODELS`: ``calibrated``, or ``roofline`` for the upper bound).

    Raises
    ------
    InputError
        When the device has no memory bandwidth (a benchmark run that measured no copy).
    """
    if model not in MODELS:
        raise InputError(f"model: {model!r}; allowed: {', '.join(MODELS)}", field="model")
    bw = device.bandwidth()
    compute = dtype or trace.compute_dtype
    peaks: dict[str, float] = {}
    seconds = []
    cal = _calibration(device) if model == "calibrated" else None
    for op in trace.ops:
        key = dtype or op.dtype
        peak = peaks.get(key)
        if peak is None:
            peak = peaks[key] = _peak(device, key, compute)
        if cal is None:
            seconds.append(predicted_time(op.flops, op.bytes, peak, bw))
        else:
            dims = gemm_dims(op.name, op.shapes) if op.kind == "matmul" else None
            seconds.append(cal.op_seconds(device, op.kind, op.flops, op.bytes, peak, dims=dims,
                                          backward=op.phase == "backward", dtype=key))  # fmt: skip
    total = float(sum(seconds))
    # against the peak of the precision the FLOPs ran in (the highest their ops were charged at)
    ran = {dtype or op.dtype for op in trace.ops if op.kind in ("matmul", "attention") and op.flops}
    running = {_peak_dtype(device, key, compute) for key in ran}
    running.add(_peak_dtype(device, compute, "fp32"))
    peak_c = utilization_peak(device.peak_flops, running)
    peak_dtype = max(running, key=lambda key: device.peak_flops[key])
    mfu = utilization(trace.model_flops, total, peak_c)
    hfu = utilization(trace.hardware_flops, total, peak_c)
    return Prediction(
        device_id=device.id,
        device_name=device.name,
        ceiling=dtype or "per op dtype",
        compute_dtype=compute,
        peak=peak_c,
        bandwidth=bw,
        seconds=tuple(seconds),
        step_time_s=total,
        mfu=mfu,
        hfu=hfu,
        model=model,
        peak_dtype=peak_dtype,
        kernels=kernels_for(device.vendor),
    )


def _calibration(device: Device) -> Any:
    """The device's calibration (a measured "This machine" is its own: its ceilings are achieved)."""
    from core.roofline.achievable import calibration, read_overrides

    overrides, _ = read_overrides()
    measured = device if device.vendor == "measured" else None
    return calibration(device, measured=measured, overrides=overrides)


def rollup(
    ops: Sequence[OpRecord],
    seconds: Sequence[float],
    key: str,
    measured: Sequence[float] | None = None,
) -> dict[str, dict[str, float]]:
    """Totals by ``phase``, ``kind`` or ``module``: ops, flops, bytes, predicted (and measured) s."""
    out: dict[str, dict[str, float]] = {}
    order = PHASES if key == "phase" else KINDS if key == "kind" else ()
    for name in order:
        out[name] = _empty(measured is not None)
    for i, op in enumerate(ops):
        row = out.setdefault(getattr(op, key), _empty(measured is not None))
        _add(row, op, seconds[i], measured[i] if measured is not None else None)
    return out


def by_module(
    ops: Sequence[OpRecord], seconds: Sequence[float], depth: int
) -> dict[str, dict[str, float]]:
    """Totals per module, names cut to ``depth`` dotted parts (``layers.0`` at depth 2)."""
    out: dict[str, dict[str, float]] = {}
    for i, op in enumerate(ops):
        name = ".".join(op.module.split(".")[: max(1, depth)])
        _add(out.setdefault(name, _empty(False)), op, seconds[i], None)
    return out


def _empty(measured: bool) -> dict[str, float]:
    row = {"ops": 0.0, "flops": 0.0, "bytes_read": 0.0, "bytes_written": 0.0, "predicted_s": 0.0}
    if measured:
        row["measured_s"] = 0.0
    return row


def _add(row: dict[str, float], op: OpRecord, s: float, m: float | None) -> None:
    row["ops"] += 1
    row["flops"] += op.flops
    row["bytes_read"] += op.bytes_read
    row["bytes_written"] += op.bytes_written
    row["predicted_s"] += s
    if m is not None:
        row["measured_s"] += m


def explain(trace: StepTrace, pred: Prediction) -> dict[str, Any]:
    """Where the time goes: shares by kind and the sentence that explains the MFU."""
    kinds = rollup(trace.ops, pred.seconds, "kind")
    mm_s = kinds["matmul"]["predicted_s"] + kinds["attention"]["predicted_s"]
    mm_f = kinds["matmul"]["flops"] + kinds["attention"]["flops"]
    mem_s = sum(kinds[k]["predicted_s"] for k in _MEMORY_KINDS)
    opt_s = kinds["optimizer"]["predicted_s"]
    mm_rate = mm_f / (mm_s * pred.peak) if mm_s > 0 else 0.0
    sentence = translate(
        "Step",
        "MFU {mfu}: matmuls and attention take {matmul} of the time at {rate} of peak; "
        "memory-bound pointwise, norm, softmax and copy ops take {memory}; the optimizer step "
        "{opt}.",
    ).format(
        mfu=f"{pred.mfu:.1%}",
        matmul=f"{pred.share(mm_s):.0%}",
        rate=f"{mm_rate:.0%}",
        memory=f"{pred.share(mem_s):.0%}",
        opt=f"{pred.share(opt_s):.0%}",
    )
    return {
        "sentence": sentence,
        "matmul_share": pred.share(mm_s),
        "matmul_rate": mm_rate,
        "memory_bound_share": pred.share(mem_s),
        "optimizer_share": pred.share(opt_s),
    }
