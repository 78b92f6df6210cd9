"""The name an op runs under on the device a step is predicted for.

A step is traced on CPU fake tensors, so its attention is torch's CPU kernel,
``_scaled_dot_product_flash_attention_for_cpu`` (and ``…_backward``). A prediction for a CUDA
device (NVIDIA, and AMD through ROCm) names what torch dispatches there instead: the ``_for_cpu``
variants lose their suffix, and attention in a dtype FlashAttention does not take runs the
memory-efficient kernel. PyTorch's SDPA documentation: the flash kernel takes fp16 and bf16 only,
the memory-efficient kernel fp32 as well (``torch.nn.attention.SDPBackend``; the ``sdp_kernel``
constraints). A CPU prediction keeps the traced names.
"""

from __future__ import annotations

__all__ = ["FLASH_DTYPES", "device_op_name"]

#: The dtypes torch's CUDA FlashAttention kernel takes.
FLASH_DTYPES = frozenset({"bf16", "fp16"})

_CPU_SUFFIX = "_for_cpu"
_FLASH = "_scaled_dot_product_flash_attention"
_EFFICIENT = "_scaled_dot_product_efficient_attention"


def device_op_name(name: str, kernels: str, dtype: str = "") -> str:
    """``name`` (a traced aten op) as it runs where ``kernels`` (``"cuda"`` or ``"cpu"``, see
    :func:`core.memory.options.kernels_for`) says; ``dtype`` (``bf16`` …) picks the attention
    kernel."""
    if kernels != "cuda" or _CPU_SUFFIX not in name:
        return name
    cuda = name.replace(_CPU_SUFFIX, "", 1)
    if cuda.startswith(_FLASH) and dtype and dtype not in FLASH_DTYPES:
        cuda = _EFFICIENT + cuda[len(_FLASH) :]
    return cuda
