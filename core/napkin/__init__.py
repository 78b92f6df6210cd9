"""Back-of-envelope answers from the lecture: 6·N·D training FLOPs, training time, the largest
model that fits, GPUs or MFU needed, tokens in a budget, and how big one tensor is.

Modules
-------
training  6·N·D, training time and model size (the 143-day and 53B questions)
tensor    elements × bytes per element of one tensor
dp_fit    which data-parallel layout (plain, ZeRO-1/2/3) fits the memory
from_plan a planned run as "Use in Napkin" sends it, its MFU conventions named
scaling   compute-optimal tokens for a size, and the size for a FLOP budget (Chinchilla)
cost      a run's money, energy (MWh) and emissions, each default sourced
"""

from core.napkin.tensor import (
    MAX_ELEMENTS,
    TensorMemory,
    parse_shape,
    tensor_memory,
)
from core.napkin.training import (
    FLOPS_PER_PARAM_TOKEN,
    RECIPE_ALIASES,
    RECIPES,
    SECONDS_PER_DAY,
    TOTAL_NOTE,
    VALIDATORS,
    BudgetAnswer,
    BytesRecipe,
    MaxParamsAnswer,
    TrainTimeAnswer,
    gpus_needed,
    max_params,
    mfu_needed,
    params_text,
    recipe,
    recipe_id,
    split_params,
    tokens_in_budget,
    tokens_text,
    train_time,
    training_flops,
)

__all__ = [
    "FLOPS_PER_PARAM_TOKEN",
    "MAX_ELEMENTS",
    "RECIPES",
    "RECIPE_ALIASES",
    "SECONDS_PER_DAY",
    "TOTAL_NOTE",
    "VALIDATORS",
    "BudgetAnswer",
    "BytesRecipe",
    "MaxParamsAnswer",
    "TensorMemory",
    "TrainTimeAnswer",
    "gpus_needed",
    "max_params",
    "mfu_needed",
    "params_text",
    "parse_shape",
    "recipe",
    "recipe_id",
    "split_params",
    "tensor_memory",
    "tokens_in_budget",
    "tokens_text",
    "train_time",
    "training_flops",
]
