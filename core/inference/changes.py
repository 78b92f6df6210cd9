"""What to change to serve faster or a larger batch: each change re-served and compared.

The Inference tab's "what to change" list, as the Plan has one for training. Each candidate is
one input changed, everything else kept (the batch too: a fixed batch stays that batch, ``max``
stays the largest that fits under the change), served again with :func:`~core.inference.serve.infer`:

* **quantize the weights**: to 8 bits (fp8 where the device has an fp8 peak, else int8) and to
  4 bits (nvfp4 where it has an fp4 peak, else int4), each only when it has fewer bits per
  element than the weights have now;
* **an FP8 KV cache**, when the cache is bf16;
* **more TP**: twice the tensor-parallel GPUs (the GPUs grow to a whole number of replicas of
  the new TP when they must); refused, and left out, when the new TP does not divide the heads;
* **another device**: each device the caller offers, with its own calibration; the best one.

The gain is the ratio of output tokens/s per GPU after to before (the figure a fleet pays for);
TPOT and the largest batch are reported beside it. Changes are ranked: those that make a batch
fit where none did first, then by the gain.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from core.errors import InputError
from core.inference.serve import InferenceInput, InferenceResult, infer
from core.inference.weights import weight_format
from core.roofline.achievable import Calibration
from core.roofline.hardware import Device
from core.texts import Text, translate

__all__ = ["Change", "best_device", "candidate_changes", "what_to_change"]


@dataclass(frozen=True)
class Change:
    """One input changed (``field`` to ``value``), what it says, and the result before and after."""

    field: str
    value: str
    text: Text
    before: InferenceResult
    after: InferenceResult

    @property
    def key(self) -> str:
        """``field=value`` (the CLI flag's name and its value)."""
        return f"{self.field}={self.value}"

    @property
    def gain(self) -> float:
        """Output tokens/s per GPU after over before."""
        return self.after.tokens_per_s_per_gpu / self.before.tokens_per_s_per_gpu

    @property
    def tpot_ratio(self) -> float:
        """TPOT after over before (below 1: each token comes sooner)."""
        return self.after.tpot_s / self.before.tpot_s

    @property
    def helps(self) -> bool:
        """Whether it makes a batch fit that did not, or serves more tokens/s per GPU."""
        return (self.after.max_batch > 0 and self.before.max_batch == 0) or self.gain > 1.0

    def to_dict(self) -> dict[str, object]:
        """The JSON form."""
        return {
            "change": self.key, "text": str(self.text), "gain": self.gain,
            "tokens_per_s_per_gpu": [self.before.tokens_per_s_per_gpu,
                                     self.after.tokens_per_s_per_gpu],
            "tpot_s": [self.before.tpot_s, self.after.tpot_s],
            "max_batch": [self.before.max_batch, self.after.max_batch],
            "fits": [self.before.fits, self.after.fits],
        }  # fmt: skip


def _quantized(inp: InferenceInput) -> list[tuple[str, str, Text]]:
    """The weight formats to try: 8 and 4 bits, the ones the device multiplies natively first."""
    now = weight_format(inp.weights).element_bits
    out: list[tuple[str, str, Text]] = []
    eight = "fp8" if inp.device.supports("fp8") else "int8"
    four = "nvfp4" if inp.device.supports("fp4") else "int4"
    for fmt in (eight, four):
        if weight_format(fmt).element_bits < now:
            text = translate("Inference", "Quantize the weights to {fmt}").format(fmt=fmt)
            out.append(("weights", fmt, text))
    return out


def candidate_changes(inp: InferenceInput) -> list[tuple[str, str, Text, InferenceInput]]:
    """The changed inputs to serve (field, value, what it says, the input); those the input
    refuses (a TP that does not divide the heads) are left out."""
    tried: list[tuple[str, str, Text, dict[str, object]]] = [
        (field, value, text, {field: value}) for field, value, text in _quantized(inp)
    ]
    if inp.kv_dtype != "fp8":
        tried.append(("kv_dtype", "fp8", translate("Inference", "An FP8 KV cache"),
                      {"kv_dtype": "fp8"}))  # fmt: skip
    tp = inp.tp * 2
    gpus = -(-max(inp.gpus, tp) // tp) * tp
    text = translate("Inference", "TP {tp} (from {now})").format(tp=str(tp), now=str(inp.tp))
    if gpus != inp.gpus:
        text = translate("Inference", "TP {tp} on {gpus} GPUs (from TP {now} on {had})").format(
            tp=str(tp), gpus=f"{gpus:,}", now=str(inp.tp), had=f"{inp.gpus:,}"
        )
    tried.append(("tp", str(tp), text, {"tp": tp, "gpus": gpus}))
    out = []
    for field, value, text, changes in tried:
        try:
            out.append((field, value, text, replace(inp, **changes)))  # type: ignore[arg-type]
        except InputError:
            continue  # the change cannot be served as it is (its message is the input's)
    return out


def best_device(
    inp: InferenceInput,
    devices: Sequence[Device],
    calibrate: Callable[[Device], Calibration],
    before: InferenceResult | None = None,
) -> Change | None:
    """The device among ``devices`` (not the one now) that serves the most tokens/s per GPU,
    each with ``calibrate(device)``; ``None`` when none can serve the input."""
    before = before or infer(inp)
    best: Change | None = None
    for device in devices:
        if device.id == inp.device.id:
            continue
        try:
            after = infer(replace(inp, device=device, calibration=calibrate(device)))
        except InputError:
            continue  # no bandwidth, no link for the TP asked: this device cannot be timed
        text = translate("Inference", "Serve on {device}").format(device=device.name)
        change = Change("device", device.id, text, before, after)
        if best is None or _rank(change) > _rank(best):
            best = change
    return best


def _rank(change: Change) -> tuple[bool, float]:
    return (change.after.max_batch > 0, change.gain)


def what_to_change(
    inp: InferenceInput,
    devices: Sequence[Device] = (),
    calibrate: Callable[[Device], Calibration] | None = None,
) -> list[Change]:
    """Every candidate change served and ranked (best first); see the module docstring.

    ``devices`` and ``calibrate`` offer other devices (the best one is listed); without
    ``calibrate`` no device is tried.
    """
    before = infer(inp)
    changes = [
        Change(field, value, text, before, infer(changed))
        for field, value, text, changed in candidate_changes(inp)
    ]
    if devices and calibrate is not None:
        other = best_device(inp, devices, calibrate, before)
        if other is not None:
            changes.append(other)
    return sorted(changes, key=_rank, reverse=True)
