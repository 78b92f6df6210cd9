"""The KV cache of one sequence and the decode bound at batch 1, on a napkin.

Generating one token at a time is a matrix–vector product: every weight is read once per token,
and so is the sequence's KV cache. So at batch 1 a token costs at least

    bytes per token = weights + KV cache of the sequence
    time per token ≥ bytes per token ÷ memory bandwidth,  tokens/s ≤ bandwidth ÷ bytes per token

with the cache ``per token × tokens``, ``per token = 2 (K and V) × layers × KV heads × head dim ×
bytes per element`` (or, with multi-head latent attention, ``layers × latent width × bytes``).
The bandwidth is the datasheet's, as the lecture takes it: an upper bound on tokens/s
(``napkinlab inference`` applies the device's calibrated fraction and the rest of a step).
Formulas and errors are :class:`core.texts.Text` (context ``Napkin``), translated in the window.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.texts import Text, join_texts, translate
from core.units import format_bytes, format_duration, format_number
from core.validate import positive_float, positive_int

__all__ = ["KVCacheAnswer", "kv_cache"]

_MAX = 10_000_000


@dataclass(frozen=True)
class KVCacheAnswer:
    """One sequence's KV cache and the batch-1 decode bound it implies.

    ``latent`` is the cached width per layer of a latent-attention model (0: K and V per head).
    """

    layers: int
    kv_heads: int
    head_dim: int
    latent: int
    bytes_per_element: float
    tokens: int
    weight_bytes: float
    bandwidth: float

    @property
    def per_token(self) -> float:
        """Bytes one token adds to the cache, all layers."""
        width = self.latent if self.latent else 2 * self.kv_heads * self.head_dim
        return self.layers * width * self.bytes_per_element

    @property
    def sequence_bytes(self) -> float:
        """The cache of one sequence of :attr:`tokens` tokens."""
        return self.per_token * self.tokens

    @property
    def bytes_per_step(self) -> float:
        """Bytes one decode step of one sequence reads: the weights and the cache."""
        return self.weight_bytes + self.sequence_bytes

    @property
    def seconds_per_token(self) -> float:
        """The decode bound: bytes per token over the bandwidth."""
        return self.bytes_per_step / self.bandwidth

    @property
    def tokens_per_s(self) -> float:
        """At most this many tokens/s at batch 1."""
        return 1.0 / self.seconds_per_token

    def formula(self) -> Text:
        """The three lines, each formula with its numbers substituted."""
        if self.latent:
            per = translate(
                "Napkin",
                "KV per token = layers × latent width × bytes = {layers} × {latent} × {b} B = {per}",
            ).format(layers=str(self.layers), latent=f"{self.latent:,}",
                     b=f"{self.bytes_per_element:g}", per=format_bytes(self.per_token))  # fmt: skip
        else:
            per = translate(
                "Napkin",
                "KV per token = 2 × layers × KV heads × head dim × bytes = 2 × {layers} × {heads} × "
                "{hd} × {b} B = {per}",
            ).format(layers=str(self.layers), heads=str(self.kv_heads), hd=str(self.head_dim),
                     b=f"{self.bytes_per_element:g}", per=format_bytes(self.per_token))  # fmt: skip
        seq = translate("Napkin", "KV of one sequence = {per} × {tokens} tokens = {total}").format(
            per=format_bytes(self.per_token), tokens=f"{self.tokens:,}",
            total=format_bytes(self.sequence_bytes),
        )  # fmt: skip
        bound = translate(
            "Napkin",
            "decode at batch 1 ≥ (weights + KV) ÷ bandwidth = ({weights} + {kv}) ÷ {bw}/s = "
            "{time} → ≤ {rate} tokens/s",
        ).format(
            weights=format_bytes(self.weight_bytes), kv=format_bytes(self.sequence_bytes),
            bw=format_bytes(self.bandwidth), time=format_duration(self.seconds_per_token),
            rate=format_number(self.tokens_per_s),
        )  # fmt: skip
        return join_texts([per, seq, bound], "\n")

    def to_dict(self) -> dict[str, float | int]:
        """JSON form for the CLI."""
        return {
            "layers": self.layers, "kv_heads": self.kv_heads, "head_dim": self.head_dim,
            "latent": self.latent, "bytes_per_element": self.bytes_per_element,
            "tokens": self.tokens, "kv_bytes_per_token": self.per_token,
            "kv_bytes_per_sequence": self.sequence_bytes, "weight_bytes": self.weight_bytes,
            "bandwidth": self.bandwidth, "bytes_per_token": self.bytes_per_step,
            "seconds_per_token": self.seconds_per_token, "tokens_per_s": self.tokens_per_s,
        }  # fmt: skip


def kv_cache(
    *, layers: object, kv_heads: object, head_dim: object, tokens: object,
    bytes_per_element: object, weight_bytes: object, bandwidth: object, latent: object = 0,
) -> KVCacheAnswer:  # fmt: skip
    """One sequence's cache and the batch-1 decode bound; every input validated.

    Raises
    ------
    InputError
        Naming the input that is out of range and what is allowed.
    """
    return KVCacheAnswer(
        layers=positive_int(layers, translate("Napkin", "layers"), high=100_000),
        kv_heads=positive_int(kv_heads, translate("Napkin", "KV heads"), high=100_000),
        head_dim=positive_int(head_dim, translate("Napkin", "head dim"), high=100_000),
        latent=positive_int(latent, translate("Napkin", "latent width"), low=0, high=1_000_000),
        bytes_per_element=positive_float(bytes_per_element, translate("Napkin", "bytes per element"), low=0.125, high=8),
        tokens=positive_int(tokens, translate("Napkin", "tokens"), high=_MAX),
        weight_bytes=positive_float(weight_bytes, translate("Napkin", "weight bytes"), low=0.0, high=1e16, unit="bytes"),
        bandwidth=positive_float(bandwidth, translate("Napkin", "bandwidth"), low=1e6, high=1e16, unit="bytes/s"),
    )  # fmt: skip
