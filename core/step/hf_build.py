"""Any architecture Hugging Face ``transformers`` can build from a ``config.json``, traced on fake
tensors (the optional extra ``napkinlab[hf]``).

:mod:`core.step.hf` reads the llama, mistral, qwen2 and gpt2 families into Napkin Lab's own
transformer; every other ``model_type`` that ``transformers`` knows is built here with
``AutoModelForCausalLM.from_config`` inside ``FakeTensorMode`` (no weights are downloaded or
allocated: the config is read offline and every tensor has a shape but no storage), then traced by
:func:`core.step.trace.trace_module` with the next-token cross-entropy in fp32 and the optimizer
asked for. ``transformers`` is imported only here, only when such a config is traced.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from core.echo import brief, cut_line, cut_list
from core.errors import InputError
from core.step.hf import FAMILIES, MOE_FAMILIES, REMOTE_CODE_KEY, read_config
from core.step.trace import StepTrace, trace_module

__all__ = ["needs_transformers", "trace_hf_config", "transformers_available"]

_DTYPES = ("fp32", "bf16", "fp16")
_OPTIMIZERS = ("adamw", "adam", "sgd")


def transformers_available() -> bool:
    """Whether the optional ``transformers`` package is installed (``pip install napkinlab[hf]``)."""
    return importlib.util.find_spec("transformers") is not None


def needs_transformers(path: str | Path) -> bool:
    """Whether ``path``'s step is traced through ``transformers``: a ``model_type`` outside the
    families read without it, or a mixture of experts (:data:`core.step.hf.MOE_FAMILIES`, whose
    spec counts parameters and memory but whose experts Napkin Lab's own module does not build)."""
    family = read_config(path).get("model_type")
    return family not in FAMILIES or family in MOE_FAMILIES


def trace_hf_config(
    path: str | Path,
    *,
    batch: int,
    seq: int,
    dtype: str = "bf16",
    optimizer: str = "adamw",
) -> StepTrace:
    """Build ``path``'s model with ``transformers`` on fake tensors and trace one training step.

    Raises
    ------
    InputError
        Without ``transformers``, for a ``model_type`` it does not know, a config it refuses, a
        sequence longer than the model's positions, or an unsupported dtype or optimizer.
    """
    doc = read_config(path)
    family = doc.get("model_type")
    if not transformers_available():
        raise InputError(
            f"config: model_type={brief(family)} is traced by transformers; allowed without extra "
            f"packages: {', '.join(f for f in FAMILIES if f not in MOE_FAMILIES)}; for any "
            "architecture transformers builds (mixtures of experts too), install "
            'the extra: pip install "napkinlab[hf]"',
            field="model_type",
        )
    if dtype not in _DTYPES:
        raise InputError(f"recipe: {dtype} weights cannot be traced; allowed: {', '.join(_DTYPES)}")
    if optimizer not in _OPTIMIZERS:
        raise InputError(f"optimizer: {brief(optimizer)}; allowed: {', '.join(_OPTIMIZERS)}")
    from transformers.utils import logging as hf_logging

    from core.quiet import captured_logs

    hf_logging.get_verbosity()  # transformers adds its stderr handler now, not inside the capture
    # transformers logs its own remarks ("[transformers] Model config: …") on stderr: kept as
    # notes of the trace instead, so stderr carries only Napkin Lab's line
    with captured_logs("transformers") as remarks:
        trace, version, warnings = _build_and_trace(doc, family, path, batch, seq, dtype,
                                                    optimizer)  # fmt: skip
    trace.warnings.extend(warnings)
    trace.notes.append(
        f"built by transformers {version} from the config on fake tensors; "
        "loss: next-token cross-entropy in fp32"
    )
    trace.notes.extend(f"transformers: {cut_line(r, 300)}" for r in dict.fromkeys(remarks))
    return trace


def _config_problem(family: Any, exc: Exception) -> InputError:
    """What transformers said about a config, cut (its list of every architecture is 12 KB)."""
    import transformers

    text = str(exc)
    if "Unrecognized model identifier" in text or isinstance(exc, KeyError):
        known = sorted(transformers.CONFIG_MAPPING.keys())
        return InputError(
            f"config: unknown architecture model_type={brief(family)}: transformers does not "
            f"know it; it knows {cut_list(known)}",
            field="model_type",
        )
    return InputError(
        f"config: transformers refuses the {brief(family)} config ({cut_line(text, 300)})",
        field="config",
    )


def _build_and_trace(
    doc: dict[str, Any], family: Any, path: str | Path, batch: int, seq: int, dtype: str,
    optimizer: str,
) -> tuple[StepTrace, str, tuple[str, ...]]:  # fmt: skip
    import torch
    import torch.nn.functional as F
    import transformers
    from torch._subclasses.fake_tensor import FakeTensorMode

    # read_config refuses auto_map; dropped here too, and trust_remote_code=False below, so that
    # transformers' remote-code path (its "run the custom code? [y/N]" prompt) is never reached
    doc = {key: value for key, value in doc.items() if key != REMOTE_CODE_KEY}
    try:
        config = transformers.AutoConfig.for_model(**doc)
    except Exception as exc:  # transformers validates with its own exception classes too
        raise _config_problem(family, exc) from None
    warnings = _position_warnings(config, family, seq)
    vocab = int(getattr(config, "vocab_size", 0) or 0)
    if vocab <= 0:
        raise InputError("config: vocab_size is missing; a causal LM needs it", field="vocab_size")
    torch_dtype = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}[dtype]
    old = torch.get_default_dtype()
    try:
        torch.set_default_dtype(torch_dtype)
        with FakeTensorMode(allow_non_fake_inputs=True):
            try:
                model = transformers.AutoModelForCausalLM.from_config(
                    config, trust_remote_code=False
                )
            except Exception as exc:  # ValueError, TypeError, AssertionError and its own kinds
                raise InputError(
                    f"config: transformers cannot build {brief(family)} from it "
                    f"({cut_line(str(exc), 300)})",
                    field="config",
                ) from None
            ids = torch.randint(0, vocab, (batch, seq))
            params = model.parameters()
            opt: Any = {
                "adamw": lambda: torch.optim.AdamW(params, lr=1e-4),
                "adam": lambda: torch.optim.Adam(params, lr=1e-4),
                "sgd": lambda: torch.optim.SGD(params, lr=1e-2, momentum=0.9),
            }[optimizer]()
    finally:
        torch.set_default_dtype(old)

    def next_token_loss(out: Any, target: Any) -> Any:
        logits = out.logits[:, :-1].flatten(0, 1).float()
        return F.cross_entropy(logits, target[:, 1:].flatten())

    trace = trace_module(model, (ids, ids), next_token_loss, opt, name=f"{family} ({path})")
    return trace, transformers.__version__, warnings


#: Config attributes that mean rotary (or otherwise computed) positions, not a learned table.
_ROTARY_KEYS = ("rope_theta", "rope_scaling", "rope_parameters", "rotary_dim", "rotary_pct",
                "rotary_emb_base", "partial_rotary_factor")  # fmt: skip


def _position_warnings(config: Any, family: Any, seq: int) -> tuple[str, ...]:
    """The shared check (:func:`core.memory.models.position_limits`) on a transformers config:
    learned positions refuse a longer sequence, rotary ones warn."""
    from core.memory.models import position_limits

    limit = getattr(config, "max_position_embeddings", None) or getattr(config, "n_positions", None)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        return ()
    rotary = any(getattr(config, key, None) is not None for key in _ROTARY_KEYS)
    name = str(family)
    if rotary:
        return tuple(position_limits(name, seq, context=limit))
    return tuple(position_limits(name, seq, learned=limit))
