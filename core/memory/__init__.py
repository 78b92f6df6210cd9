"""Training memory: the lecture's accounting of one step (weights, gradients, optimizer state,
activations), estimated by formula and traced on fake tensors.

Modules
-------
models       the deep MLP and transformer shapes (mixtures of experts, latent attention), presets
             with exact parameter counts, total and active
recipes      precision recipes and optimizers: bytes per parameter as a sum
activations  saved-activation formulas and checkpointing
estimate     the estimate per device (accumulation, checkpointing, ZeRO) and derived answers
modules      the real ``nn.Module`` for a spec (torch imported lazily)
trace        one real step under ``FakeTensorMode`` with ``MemTracker`` (bytes, peak, FLOPs)
flops        FlopCounterMode's FLOP count, from inside the tracker's dispatch
measure      one real step on a CUDA device (``torch.cuda.max_memory_allocated``)
options      a config from people's text; the kernels a device runs
compare      estimate against trace, gap by gap, with reasons
"""

from core.memory.activations import Checkpoint, checkpoint
from core.memory.estimate import (
    CATEGORIES,
    KERNELS,
    Derived,
    Estimate,
    MemoryConfig,
    derive,
    estimate,
)
from core.memory.models import (
    PRESETS,
    MLPSpec,
    TransformerSpec,
    kv_cache_elements_per_token,
    parse_model,
    preset,
)
from core.memory.recipes import OPTIMIZERS, RECIPES, optimizer, recipe

__all__ = [
    "CATEGORIES",
    "KERNELS",
    "OPTIMIZERS",
    "PRESETS",
    "RECIPES",
    "Checkpoint",
    "Derived",
    "Estimate",
    "MLPSpec",
    "MemoryConfig",
    "TransformerSpec",
    "checkpoint",
    "derive",
    "estimate",
    "kv_cache_elements_per_token",
    "optimizer",
    "parse_model",
    "preset",
    "recipe",
]
