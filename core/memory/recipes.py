"""Precision recipes and optimizers: what each parameter costs in bytes, written as a sum.

A recipe fixes the dtype of the weights, the gradients, an optional fp32 master copy, the optimizer
state and the activations. An optimizer fixes how many state tensors of the parameter's shape it
keeps. Together they give the bytes per parameter the lecture adds up (2 + 2 + 8 = 12 for bf16
weights and gradients with fp32 Adam moments; 4 + 4 + 8 = 16 for plain fp32 Adam).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.echo import brief
from core.errors import InputError
from core.texts import join_texts, translate
from core.validate import dtype_spelling, split_list

__all__ = [
    "DTYPE_SIZES",
    "OPTIMIZERS",
    "RECIPES",
    "Optimizer",
    "Recipe",
    "optimizer",
    "parse_recipe",
    "recipe",
]

#: Bytes per element of the storage dtypes a recipe may use.
DTYPE_SIZES: dict[str, int] = {"fp32": 4, "bf16": 2, "fp16": 2, "fp8": 1}


@dataclass(frozen=True)
class Optimizer:
    """An optimizer's state: the names of the per-parameter tensors it keeps."""

    id: str
    label: str
    states: tuple[str, ...]

    @property
    def n_states(self) -> int:
        """How many tensors of the parameter's shape the optimizer keeps."""
        return len(self.states)


#: State per parameter (Kingma & Ba 2015 for Adam; torch.optim keeps the same tensors; Muon,
#: Jordan et al. 2024, one momentum, as Megatron-Core keeps it: core/plan/muon.py).
OPTIMIZERS: dict[str, Optimizer] = {
    o.id: o
    for o in (
        Optimizer("sgd", translate("Memory", "SGD (no state)"), ()),
        Optimizer("momentum", translate("Memory", "SGD with momentum"), ("momentum",)),
        Optimizer(
            "adagrad", translate("Memory", "AdaGrad (sum of squared gradients)"), ("sum of g²",)
        ),
        Optimizer("rmsprop", translate("Memory", "RMSProp (average of g²)"), ("average of g²",)),
        Optimizer("adam", translate("Memory", "Adam (first and second moments)"), ("m", "v")),
        Optimizer("adamw", translate("Memory", "AdamW (first and second moments)"), ("m", "v")),
        Optimizer(
            "muon",
            translate("Memory", "Muon (momentum, orthogonalized by Newton–Schulz)"),
            ("momentum",),
        ),
    )
}


def optimizer(name: str) -> Optimizer:
    """An optimizer by id; the error lists the known ones."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in OPTIMIZERS:
        raise InputError(
            translate("Memory", "optimizer: unknown {name}; allowed: {allowed}").format(
                name=brief(name), allowed=", ".join(OPTIMIZERS)
            ),
            field="optimizer",
        )
    return OPTIMIZERS[key]


def _dtype(value: str, what: str, *, allow_none: bool = False) -> str:
    allowed = list(DTYPE_SIZES) + (["none"] if allow_none else [])
    value = dtype_spelling(value) or value  # float32, bfloat16, half: the shared spellings
    if value not in allowed:
        raise InputError(
            translate("Memory", "{what}: unknown dtype {value}; allowed: {allowed}").format(
                what=what, value=brief(value), allowed=", ".join(allowed)
            ),
            field=what,
        )
    return value


@dataclass(frozen=True)
class Recipe:
    """Storage dtypes of one training recipe.

    Attributes
    ----------
    params, grads
        Dtype of the weights the model computes with and of their gradients.
    master
        Dtype of a separate master copy of the weights kept by the optimizer (``"none"``: none).
    state
        Dtype of each optimizer state tensor.
    acts
        Dtype of saved activations.
    """

    id: str
    label: str
    params: str
    grads: str
    master: str
    state: str
    acts: str

    def __post_init__(self) -> None:
        for what in ("params", "grads", "state", "acts"):  # kept as ids (bfloat16 -> bf16)
            object.__setattr__(self, what, _dtype(getattr(self, what), what))
        object.__setattr__(self, "master", _dtype(self.master, "master", allow_none=True))

    def bytes(self, what: str) -> int:
        """Bytes per element of ``params``, ``grads``, ``master``, ``state`` or ``acts``."""
        dtype = getattr(self, what)
        return 0 if dtype == "none" else DTYPE_SIZES[dtype]

    def per_param(self, opt: Optimizer) -> dict[str, int]:
        """Bytes per parameter by category (master copy counted with the optimizer)."""
        return {
            "params": self.bytes("params"),
            "grads": self.bytes("grads"),
            "optimizer": self.bytes("master") + opt.n_states * self.bytes("state"),
        }

    def total_per_param(self, opt: Optimizer) -> int:
        """Bytes per parameter of weights, gradients and optimizer state together."""
        return sum(self.per_param(opt).values())

    def sum_text(self, opt: Optimizer) -> str:
        """The bytes per parameter written as a sum, each term named: ``2 + 2 + 8 = 12``."""
        terms: list[str] = [
            translate("Memory", "{bytes} ({dtype} weights)").format(
                bytes=str(self.bytes("params")), dtype=self.params
            ),
            translate("Memory", "{bytes} ({dtype} grads)").format(
                bytes=str(self.bytes("grads")), dtype=self.grads
            ),
        ]
        if self.master != "none":
            terms.append(
                translate("Memory", "{bytes} ({dtype} master copy)").format(
                    bytes=str(self.bytes("master")), dtype=self.master
                )
            )
        if opt.n_states:
            names = join_texts([_STATE_NAMES.get(n, n) for n in opt.states], " + ")
            terms.append(
                translate("Memory", "{bytes} ({dtype} {names})").format(
                    bytes=str(opt.n_states * self.bytes("state")), dtype=self.state, names=names
                )
            )
        return translate("Memory", "{terms} = {total} bytes/param").format(
            terms=join_texts(terms, " + "), total=str(self.total_per_param(opt))
        )


#: Optimizer state names in sentences.
_STATE_NAMES = {
    "momentum": translate("Memory", "momentum"),
    "sum of g²": translate("Memory", "sum of g²"),
    "average of g²": translate("Memory", "average of g²"),
}

RECIPES: dict[str, Recipe] = {
    r.id: r
    for r in (
        Recipe("fp32", translate("Memory", "fp32 everything"), "fp32", "fp32", "none", "fp32", "fp32"),
        Recipe("bf16", translate("Memory", "bf16 weights and grads, fp32 optimizer state (lecture)"),
               "bf16", "bf16", "none", "fp32", "bf16"),
        Recipe("amp", translate("Memory", "mixed precision: bf16 weights and grads, fp32 master copy and state"),
               "bf16", "bf16", "fp32", "fp32", "bf16"),
        # Megatron-LM's --fp16 and torch.autocast(float16) with a GradScaler: the mixed precision
        # of GPUs without bf16 (V100, T4), and of the Megatron-LM runs of 2021-2022.
        Recipe("fp16", translate("Memory", "mixed precision in fp16: fp16 weights and grads, fp32 master copy and state (loss scaling; GPUs without bf16)"),
               "fp16", "fp16", "fp32", "fp32", "fp16"),
    )
}  # fmt: skip


def recipe(
    name: str,
    *,
    params: str = "bf16",
    grads: str = "bf16",
    master: str = "fp32",
    state: str = "fp32",
    acts: str = "bf16",
) -> Recipe:
    """A recipe by id (``fp32``, ``bf16``, ``amp``, ``fp16``) or ``custom`` with a dtype per
    component."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key == "custom":
        label = translate("Memory", "custom dtypes")
        return Recipe("custom", label, params, grads, master, state, acts)
    if key not in RECIPES:
        raise InputError(
            translate("Memory", "recipe: unknown {name}; allowed: {allowed}, custom").format(
                name=brief(name), allowed=", ".join(RECIPES)
            ),
            field="recipe",
        )
    return RECIPES[key]


def parse_recipe(text: str) -> Recipe:
    """``fp32``, ``bf16``, ``amp``, ``fp16`` or
    ``custom:params=bf16,grads=fp32,master=none,state=fp32,acts=bf16``.

    Components left out of a custom recipe take the ``amp`` dtypes.
    """
    if not isinstance(text, str):
        raise InputError(
            translate("Memory", "recipe: expected text, got {kind}").format(
                kind=type(text).__name__
            ),
            field="recipe",
        )
    name, _, rest = text.strip().partition(":")
    if name.lower() != "custom":
        return recipe(name)
    keys = ("params", "grads", "master", "state", "acts")
    parts: dict[str, str] = {}
    for item in split_list(rest, "recipe", example="custom:params=bf16,grads=fp32"):
        key, sep, value = item.partition("=")
        if not sep or key.strip() not in keys:
            raise InputError(
                translate(
                    "Memory",
                    "recipe: {item} is not a component; allowed: {keys} as key=dtype, e.g. "
                    "custom:params=bf16,grads=fp32",
                ).format(item=brief(item), keys=", ".join(keys)),
                field="recipe",
            )
        parts[key.strip()] = value.strip().lower()
    return recipe("custom", **parts)
