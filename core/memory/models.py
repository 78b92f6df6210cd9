"""Model shapes for the memory accounting: the lecture's deep MLP and decoder-only transformers.

A model here is a frozen description (a *spec*) with an exact parameter count computed by formula.
:func:`build_module` (in :mod:`core.memory.modules`) turns a spec into a real ``nn.Module``; tests sum
that module's ``numel`` on the meta device as an independent check of the formulas.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, replace
from typing import Any

from core.echo import brief
from core.errors import InputError
from core.texts import Text, translate
from core.validate import positive_int, split_list

__all__ = [
    "LIMITS",
    "PRESETS",
    "MLPSpec",
    "ModelSpec",
    "TransformerSpec",
    "parse_model",
    "position_limits",
    "preset",
    "seq_limits",
]

#: Upper bounds on each shape field: far above any model trained so far, low enough that every
#: count stays an exact Python int and every float stays finite.
LIMITS: dict[str, int] = {
    "d": 1_000_000,
    "layers": 100_000,
    "vocab": 10_000_000,
    "heads": 100_000,
    "ffn": 10_000_000,
    "seq": 10_000_000,
    "max_pos": 10_000_000,
}


@dataclass(frozen=True)
class MLPSpec:
    """The lecture's deep network: ``layers`` blocks of ``x @ W`` (``d×d``, no bias) then ReLU.

    Parameters: ``d² · layers``.
    """

    d: int
    layers: int
    name: str = "mlp"

    kind = "mlp"

    def __post_init__(self) -> None:
        positive_int(self.d, "d", high=LIMITS["d"])
        positive_int(self.layers, "layers", high=LIMITS["layers"])

    @property
    def param_count(self) -> int:
        """Exact number of parameters: D²·L."""
        return self.d * self.d * self.layers

    def with_layers(self, layers: int) -> MLPSpec:
        """The same width with another depth (for "largest model of this shape")."""
        return replace(self, layers=layers)

    def describe(self) -> str:
        """One line for people: ``mlp: D=4096, L=8``."""
        return f"mlp: D={self.d:,}, L={self.layers:,}"

    def to_dict(self) -> dict[str, Any]:
        """The spec as plain data (sessions, JSON output)."""
        return {"kind": "mlp", **asdict(self)}


@dataclass(frozen=True)
class TransformerSpec:
    """A decoder-only transformer (GPT-2 or Llama style).

    Attributes
    ----------
    vocab, d_model, layers, heads, kv_heads, ffn
        Sizes; ``kv_heads < heads`` is grouped-query attention.
    gated
        SwiGLU MLP (three ``d×ffn`` matrices) instead of GELU (two).
    tied
        Output projection shares the embedding matrix.
    norm
        ``layernorm`` (weight and bias) or ``rmsnorm`` (weight only).
    bias
        Biases on the attention and MLP linears (GPT-2 has them, Llama not): the default of the
        three fields below.
    qkv_bias, out_bias, mlp_bias
        Biases on the query, key and value projections (Qwen2 has them alone), on the attention's
        output projection, and on the MLP's linears; ``None`` takes ``bias``.
    max_pos
        Learned position embeddings of this length (GPT-2); 0 for rotary (Llama, no parameters).
    seq
        Default training sequence length.
    context
        The context a rotary model was trained for (its ``max_position_embeddings``; 0 when not
        known): a longer sequence is counted as asked, with a warning (:func:`seq_limits`).
    window
        A sliding attention window (Mistral's ``sliding_window``; 0 for none): the model attends
        over full sequences up to it; a longer sequence is refused (not modelled).
    """

    name: str
    vocab: int
    d_model: int
    layers: int
    heads: int
    kv_heads: int
    ffn: int
    gated: bool
    tied: bool
    norm: str = "rmsnorm"
    bias: bool = False
    max_pos: int = 0
    seq: int = 2048
    qkv_bias: bool | None = None
    out_bias: bool | None = None
    mlp_bias: bool | None = None
    context: int = 0
    window: int = 0

    kind = "transformer"

    def __post_init__(self) -> None:
        for name in ("qkv_bias", "out_bias", "mlp_bias"):
            if getattr(self, name) is None:
                object.__setattr__(self, name, bool(self.bias))
        if self.context:
            positive_int(self.context, "context", high=LIMITS["max_pos"])
        if self.window:
            positive_int(self.window, "window", high=LIMITS["max_pos"])
        positive_int(self.vocab, "vocab", high=LIMITS["vocab"])
        positive_int(self.d_model, "d_model", high=LIMITS["d"])
        positive_int(self.layers, "layers", high=LIMITS["layers"])
        positive_int(self.heads, "heads", high=LIMITS["heads"])
        positive_int(self.kv_heads, "kv_heads", high=LIMITS["heads"])
        positive_int(self.ffn, "ffn", high=LIMITS["ffn"])
        positive_int(self.seq, "seq", high=LIMITS["seq"])
        if self.max_pos:
            positive_int(self.max_pos, "max_pos", high=LIMITS["max_pos"])
        if self.d_model % self.heads:
            raise InputError(
                translate(
                    "Memory",
                    "heads: {heads} does not divide d_model {d}; allowed: a divisor of d_model",
                ).format(heads=str(self.heads), d=str(self.d_model)),
                field="heads",
            )
        if self.heads % self.kv_heads:
            raise InputError(
                translate(
                    "Memory",
                    "kv_heads: {kv_heads} does not divide heads {heads}; allowed: a divisor of "
                    "heads (1 = multi-query, heads = multi-head)",
                ).format(kv_heads=str(self.kv_heads), heads=str(self.heads)),
                field="kv_heads",
            )
        if self.max_pos == 0 and self.head_dim % 2:
            # transformers refuses the same config ("RoPE requires an even rotary dimension"):
            # rotary positions rotate pairs of a head's channels
            raise InputError(
                translate(
                    "Memory",
                    "heads: d_model {d} / heads {heads} = head dimension {hd}, which is odd; "
                    "rotary positions rotate pairs of channels; allowed: heads that leave an "
                    "even head dimension (or learned positions)",
                ).format(d=str(self.d_model), heads=str(self.heads), hd=str(self.head_dim)),
                field="heads",
            )
        if self.norm not in ("layernorm", "rmsnorm"):
            raise InputError(
                translate("Memory", "norm: unknown {norm}; allowed: layernorm, rmsnorm").format(
                    norm=brief(self.norm)
                ),
                field="norm",
            )

    @property
    def head_dim(self) -> int:
        """Width of one attention head."""
        return self.d_model // self.heads

    @property
    def kv_dim(self) -> int:
        """Width of the key (and value) projection: ``kv_heads · head_dim``."""
        return self.kv_heads * self.head_dim

    def layer_params(self) -> int:
        """Parameters of one block: attention, MLP and two norms."""
        d, f, kv = self.d_model, self.ffn, self.kv_dim
        attn = d * d + 2 * d * kv + d * d
        mlp = (3 if self.gated else 2) * d * f
        norm_each = 2 * d if self.norm == "layernorm" else d
        if self.qkv_bias:
            attn += d + 2 * kv
        if self.out_bias:
            attn += d
        if self.mlp_bias:
            mlp += (2 * f if self.gated else f) + d
        return attn + mlp + 2 * norm_each

    def embedding_params(self) -> int:
        """Token (and learned position) embeddings, the final norm and an untied output matrix."""
        d = self.d_model
        out = self.vocab * d + self.max_pos * d
        out += 2 * d if self.norm == "layernorm" else d
        if not self.tied:
            out += self.vocab * d
        return out

    @property
    def param_count(self) -> int:
        """Exact number of parameters."""
        return self.embedding_params() + self.layers * self.layer_params()

    def with_layers(self, layers: int) -> TransformerSpec:
        """The same width with another depth (for "largest model of this shape")."""
        return replace(self, layers=layers)

    def describe(self) -> str:
        """One line for people."""
        attn = "MHA" if self.kv_heads == self.heads else f"GQA {self.kv_heads} kv"
        mlp = "SwiGLU" if self.gated else "GELU"
        values = {"name": self.name, "d": f"{self.d_model:,}", "layers": f"{self.layers:,}",
                  "heads": str(self.heads), "attn": attn, "ffn": f"{self.ffn:,}", "mlp": mlp,
                  "vocab": f"{self.vocab:,}"}  # fmt: skip
        if self.tied:
            return translate(
                "Memory",
                "{name}: d={d}, L={layers}, {heads} heads ({attn}), ffn={ffn} {mlp}, vocab={vocab}, "
                "tied",
            ).format(**values)
        return translate(
            "Memory",
            "{name}: d={d}, L={layers}, {heads} heads ({attn}), ffn={ffn} {mlp}, vocab={vocab}",
        ).format(**values)

    def to_dict(self) -> dict[str, Any]:
        """The spec as plain data (sessions, JSON output)."""
        return {"kind": "transformer", **asdict(self)}


ModelSpec = MLPSpec | TransformerSpec


def _gpt2(name: str, d: int, layers: int, heads: int) -> TransformerSpec:
    return TransformerSpec(
        name, 50257, d, layers, heads, heads, 4 * d, gated=False, tied=True,
        norm="layernorm", bias=True, max_pos=1024, seq=1024,
    )  # fmt: skip


def _llama(
    name: str, vocab: int, d: int, layers: int, heads: int, kv: int, ffn: int, seq: int
) -> TransformerSpec:
    return TransformerSpec(name, vocab, d, layers, heads, kv, ffn, gated=True, tied=False, seq=seq,
                           context=seq)  # fmt: skip


def seq_limits(spec: MLPSpec | TransformerSpec, seq: int) -> tuple[Text, ...]:
    """The one check of a sequence length against a model's own limits; the warnings it gives.

    * **learned positions** (GPT-2's ``max_pos``): a longer sequence has no position embedding
      to look up, so it is **refused**;
    * a **sliding attention window** (Mistral's ``sliding_window``): beyond it the model attends
      to the window only, which the count does not model, so it is **refused**;
    * **rotary positions** with a known training context (``max_position_embeddings``): rotary
      embeddings extend to any length, so a longer sequence is counted as asked, with a
      **warning** (the model was not trained that long).

    Raises
    ------
    InputError
        For the two refusals, naming the limit.
    """
    if not isinstance(spec, TransformerSpec):
        return ()
    return position_limits(spec.name, seq, learned=spec.max_pos, window=spec.window,
                           context=0 if spec.max_pos else spec.context)  # fmt: skip


def position_limits(
    name: str, seq: int, *, learned: int = 0, window: int = 0, context: int = 0
) -> tuple[Text, ...]:
    """:func:`seq_limits` for a model known only by its limits (0 = none): ``learned`` positions,
    a sliding ``window``, a rotary training ``context``."""
    if learned and seq > learned:
        raise InputError(
            translate(
                "Memory",
                "seq: {seq} is longer than {name}'s {limit} learned positions; allowed: up to "
                "{limit} (its position embedding has no row beyond)",
            ).format(seq=f"{seq:,}", name=name, limit=f"{learned:,}"),
            field="seq",
        )
    if window and seq > window:
        raise InputError(
            translate(
                "Memory",
                "seq: {seq} is longer than {name}'s sliding attention window of {window}; allowed: "
                "up to {window} (beyond it each token attends to the window only, which is not "
                "modelled)",
            ).format(seq=f"{seq:,}", name=name, window=f"{window:,}"),
            field="seq",
        )
    if context and seq > context:
        return (
            translate(
                "Memory",
                "seq: {seq} is longer than the {context} positions {name} was trained for "
                "(max_position_embeddings); rotary positions go on, so it is counted as asked",
            ).format(seq=f"{seq:,}", context=f"{context:,}", name=name),
        )
    return ()


#: Published shapes: GPT-2 (Radford et al. 2019, HF configs), Llama 2 (Touvron et al. 2023),
#: Llama 3 (Meta 2024 model cards). Parameter counts follow from the shapes exactly.
PRESETS: dict[str, TransformerSpec] = {
    s.name: s
    for s in (
        _gpt2("gpt2", 768, 12, 12),
        _gpt2("gpt2-medium", 1024, 24, 16),
        _gpt2("gpt2-large", 1280, 36, 20),
        _gpt2("gpt2-xl", 1600, 48, 25),
        _llama("llama2-7b", 32000, 4096, 32, 32, 32, 11008, 4096),
        _llama("llama2-13b", 32000, 5120, 40, 40, 40, 13824, 4096),
        _llama("llama2-70b", 32000, 8192, 80, 64, 8, 28672, 4096),
        _llama("llama3-8b", 128256, 4096, 32, 32, 8, 14336, 8192),
        _llama("llama3-70b", 128256, 8192, 80, 64, 8, 28672, 8192),
    )
}


def preset(name: str) -> TransformerSpec:
    """A preset by name; the error lists the known ones."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise InputError(
            translate(
                "Memory",
                "model: unknown preset {name}; allowed: {presets}, mlp:d=D,layers=L or "
                "transformer:d=...,layers=...",
            ).format(name=brief(name), presets=", ".join(PRESETS)),
            field="model",
        ) from None


_MLP_KEYS = {"d", "layers"}
_TF_KEYS = {"vocab", "d", "layers", "heads", "kv_heads", "ffn", "gated", "tied", "seq", "norm"}
_BOOL = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}


def _options(text: str, allowed: set[str], what: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in split_list(text, "model", example="mlp:d=4096,layers=8"):
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        if not sep or key not in allowed:
            raise InputError(
                translate(
                    "Memory",
                    "model: {part} is not an option of {what}; allowed: {keys} as key=value "
                    "separated by commas",
                ).format(part=brief(part), what=what, keys=", ".join(sorted(allowed))),
                field="model",
            )
        out[key] = value.strip()
    return out


def parse_model(text: str) -> ModelSpec:
    """Parse a model description: a preset name, ``mlp:d=4096,layers=8`` or ``transformer:...``.

    ``transformer:`` takes ``d, layers, heads`` (required) and ``vocab`` (32000), ``kv_heads``
    (= heads), ``ffn`` (4·d, or 8/3·d rounded to 256 when gated), ``gated`` (true), ``tied``
    (false), ``norm`` (rmsnorm), ``seq`` (2048).
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError(
            translate(
                "Memory", "model: empty; allowed: a preset ({presets}) or mlp:d=4096,layers=8"
            ).format(presets=", ".join(PRESETS)),
            field="model",
        )
    kind, sep, rest = text.strip().partition(":")
    kind = kind.lower()
    if not sep:
        return preset(kind)
    if kind == "mlp":
        opts = _options(rest, _MLP_KEYS, "mlp")
        missing = _MLP_KEYS - set(opts)
        if missing:
            raise InputError(
                translate("Memory", "model: mlp needs {keys}; e.g. mlp:d=4096,layers=8").format(
                    keys=", ".join(sorted(missing))
                ),
                field="model",
            )
        return MLPSpec(positive_int(opts["d"], "d", high=LIMITS["d"]),
                       positive_int(opts["layers"], "layers", high=LIMITS["layers"]))  # fmt: skip
    if kind == "transformer":
        opts = _options(rest, _TF_KEYS, "transformer")
        for key in ("d", "layers", "heads"):
            if key not in opts:
                raise InputError(
                    translate(
                        "Memory",
                        "model: transformer needs {key}=...; e.g. "
                        "transformer:d=2048,layers=24,heads=16",
                    ).format(key=key),
                    field="model",
                )
        bools = {}
        for key, default in (("gated", True), ("tied", False)):
            raw = opts.get(key, str(default)).lower()
            if raw not in _BOOL:
                raise InputError(
                    translate("Memory", "model: {key}={value}; allowed: true or false").format(
                        key=key, value=brief(raw)
                    ),
                    field="model",
                )
            bools[key] = _BOOL[raw]
        d = positive_int(opts["d"], "d", high=LIMITS["d"])
        heads = positive_int(opts["heads"], "heads", high=LIMITS["heads"])
        default_ffn = (8 * d // 3 + 255) // 256 * 256 if bools["gated"] else 4 * d
        return TransformerSpec(
            name="custom",
            vocab=positive_int(opts.get("vocab", 32000), "vocab", high=LIMITS["vocab"]),
            d_model=d,
            layers=positive_int(opts["layers"], "layers", high=LIMITS["layers"]),
            heads=heads,
            kv_heads=positive_int(opts.get("kv_heads", heads), "kv_heads", high=LIMITS["heads"]),
            ffn=positive_int(opts.get("ffn", default_ffn), "ffn", high=LIMITS["ffn"]),
            gated=bools["gated"],
            tied=bools["tied"],
            norm=opts.get("norm", "rmsnorm").lower(),
            seq=positive_int(opts.get("seq", 2048), "seq", high=LIMITS["seq"]),
        )
    if re.fullmatch(r"[\w.-]+", kind):
        raise InputError(
            translate(
                "Memory",
                "model: unknown kind {kind}; allowed: mlp:..., transformer:... or a preset",
            ).format(kind=brief(kind)),
            field="model",
        )
    raise InputError(
        translate("Memory", "model: cannot read {text}; e.g. mlp:d=4096,layers=8").format(
            text=brief(text)
        ),
        field="model",
    )
