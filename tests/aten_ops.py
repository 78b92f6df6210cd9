"""Records the aten ops PyTorch dispatches inside a ``with`` block, with the tensors each one
reads and writes: the independent count that the plan's eager-kernel constants are checked
against (the experts' clamp, unfused rotary positions)."""

from __future__ import annotations

from typing import Any


def tensors(obj: Any) -> list[Any]:
    """The tensors in an op's arguments or result (nested lists and tuples flattened)."""
    import torch

    if isinstance(obj, torch.Tensor):
        return [obj]
    if isinstance(obj, (list, tuple)):
        return [t for o in obj for t in tensors(o)]
    return []


class Seen:
    """What the recorder keeps of a tensor: its size, element size and rank. It keeps no
    reference to the tensor: a kept reference would stop autograd from handing a leaf its
    gradient without a copy, and add that copy to the count."""

    __slots__ = ("dim", "element_size", "n")

    def __init__(self, tensor: Any) -> None:
        self.n, self.element_size, self.dim = tensor.numel(), tensor.element_size(), tensor.dim()

    def numel(self) -> int:
        return self.n


def recorder() -> Any:
    """A ``TorchDispatchMode`` whose ``ops`` list holds ``(name, inputs, outputs)`` per aten op
    dispatched while it is active (``with recorder() as log: ...``), each tensor as a
    :class:`Seen`."""
    from torch.utils._python_dispatch import TorchDispatchMode

    class Recorder(TorchDispatchMode):
        def __init__(self) -> None:
            super().__init__()
            self.ops: list[tuple[str, list[Seen], list[Seen]]] = []

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            self.ops.append((str(func), [Seen(x) for x in tensors(args)],
                             [Seen(x) for x in tensors(out)]))  # fmt: skip
            return out

    return Recorder()
