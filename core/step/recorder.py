"""Record every aten op of one training step: index, phase, owning module, kind, dtype, cost.

:class:`Recorder` is a ``TorchDispatchMode`` (it sits below autograd, so it sees forward, backward and
optimizer ops alike, on fake or real tensors). Ownership:

* **forward**: the innermost module whose ``forward`` is running (module pre/post hooks keep a
  stack); ops outside every submodule belong to ``(model)``.
* **backward**: the autograd node that runs the op (``torch._C._current_autograd_node()``). When a
  module's forward returns, every autograd node its outputs reach that its forward made and no
  inner module claimed is tagged with the module's name (the walk goes on through inner modules'
  nodes), so ``q``, ``k`` and ``v`` (or ``gate``
  and ``up``), which share their input, keep their own backward ops. The walk stops at nodes made
  before the forward started (its inputs' nodes, and any node numbered no later than they are):
  an output projection ``o`` does not claim the attention kernel that made its input, which the
  attention module then claims as its own. A parameter's gradient accumulation belongs to the
  parameter's module. Recomputed forward (checkpointing) belongs to the running module.
* **optimizer**: the module that owns the first tensor (parameter, gradient or state) the op
  updates; a ``_foreach_`` op over several modules belongs to their common parent.

Recomputation: an op of the backward phase that runs inside a module's forward with gradients
enabled is a checkpointed layer's forward run again (reentrant and non-reentrant
``torch.utils.checkpoint`` both recompute under ``enable_grad`` and call the modules, so their
hooks fire; the autograd engine runs the real backward ops with gradients disabled). Such an op is
tagged ``recompute=True``: hardware FLOPs count it, model FLOPs do not
(:mod:`core.roofline.utilization`). A non-reentrant checkpoint stops its recompute early, inside a
module whose forward hook then never fires, so a real backward op goes by its autograd node, never
by a module left on the stack.

Nothing raises inside ``__torch_dispatch__`` except the op itself: a failed count is written on the
op (``problem``) and the step goes on (an exception there can abort the process).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from core.memory.modules import RECORDED_NAMESPACES
from core.step.costs import base_name, classify, dtype_id, op_cost
from core.step.costs import flat_tensors as _flat

__all__ = ["OPTIMIZER", "ROOT", "OpRecord", "Recorder"]

#: The module name of ops outside every submodule.
ROOT = "(model)"
#: The module name of optimizer ops on tensors no parameter's module owns.
OPTIMIZER = "(optimizer)"


@dataclass(slots=True)
class OpRecord:
    """One dispatched aten op of the step (see :mod:`core.step.costs` for the conventions)."""

    index: int
    phase: str
    module: str
    kind: str
    name: str
    dtype: str
    flops: int
    bytes_read: int
    bytes_written: int
    shapes: str = ""
    node: str = ""
    seq_nr: int = -1
    problem: str = ""
    recompute: bool = False

    @property
    def bytes(self) -> int:
        """Bytes read plus bytes written."""
        return self.bytes_read + self.bytes_written

    @property
    def intensity(self) -> float:
        """FLOPs per byte (0 for an op that moves nothing)."""
        return self.flops / self.bytes if self.bytes else 0.0


#: ``[2,16,64]`` per shape, made once per distinct shape of the step.
_SHAPE_TEXT: dict[Any, str] = {}


def _shape_text(tensors: list[Any]) -> str:
    parts = []
    for t in tensors[:4]:
        shape = t.shape
        text = _SHAPE_TEXT.get(shape)
        if text is None:
            text = _SHAPE_TEXT[shape] = "[" + ",".join(str(int(s)) for s in shape) + "]"
        parts.append(text)
    return " ".join(parts)


def _grad_fns(value: Any) -> list[Any]:
    """The autograd nodes of the tensors in ``value`` (nested lists, tuples and dicts)."""
    import torch

    found = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, torch.Tensor):
            if item.grad_fn is not None:
                found.append(item.grad_fn)
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return found


def _common(names: set[str]) -> str:
    if len(names) == 1:
        return next(iter(names))
    parts = [n.split(".") for n in names]
    prefix: list[str] = []
    for group in zip(*parts, strict=False):
        if len(set(group)) != 1:
            break
        prefix.append(group[0])
    return ".".join(prefix) or ROOT


class Recorder:
    """Records the ops of one step of ``model`` (and ``optimizer``) while :meth:`active`.

    Parameters
    ----------
    auto_backward
        Switch to the backward phase when the model's own forward returns (the model computes its
        loss); otherwise the caller sets :attr:`phase` (the Python API computes the loss outside).
    """

    def __init__(self, model: Any, optimizer: Any = None, *, auto_backward: bool = True) -> None:
        self.model, self.optimizer = model, optimizer
        self.auto_backward = auto_backward
        self.ops: list[OpRecord] = []
        self.phase = "forward"
        self.stack: list[str] = []
        self._before: list[tuple[set[int], int]] = []  # per running module: see _pre
        self.names = {id(m): (n or ROOT) for n, m in model.named_modules()}
        self.norms = {n or ROOT for n, m in model.named_modules() if "Norm" in type(m).__name__}
        self.owner: dict[int, str] = {}
        for name, p in model.named_parameters():
            self.owner[id(p)] = name.rpartition(".")[0] or ROOT
        self.params = [(p, self.owner[id(p)]) for p in model.parameters()]
        self._kinds: dict[tuple[Any, str], tuple[str, str]] = {}  # (op, phase) -> (name, kind)

    # -- hooks -------------------------------------------------------------------------------
    def _pre(self, module: Any, inputs: Any, kwargs: Any = None) -> None:
        self.stack.append(self.names.get(id(module), ROOT))
        # The nodes that existed when the forward started: its tensor inputs' (positional and
        # keyword), and the latest sequence number among them.
        before: set[int] = set()
        latest = -1
        with suppress(Exception):
            for node in _grad_fns((inputs, kwargs or {})):
                before.add(id(node))
                latest = max(latest, int(node._sequence_nr()))
        self._before.append((before, latest))

    def _post(self, module: Any, _inputs: Any, output: Any) -> None:
        name = self.stack.pop() if self.stack else ROOT
        before, latest = self._before.pop() if self._before else (set(), -1)
        with suppress(Exception):
            self._tag(output, name, before, latest)
        if module is self.model and self.auto_backward and not self.stack:
            self.phase = "backward"

    def _tag(
        self, output: Any, name: str, before: set[int] = frozenset(), latest: int = -1
    ) -> None:  # type: ignore[assignment]
        todo = _grad_fns(output)
        seen: set[int] = set()
        while todo:
            node = todo.pop()
            if id(node) in seen or type(node).__name__ == "AccumulateGrad":
                continue
            seen.add(id(node))
            if id(node) in before or int(node._sequence_nr()) <= latest:
                continue  # made before this module's forward: an outer module's
            meta: dict[str, Any] = node.metadata  # type: ignore[assignment]
            meta.setdefault("napkin_module", name)  # an inner module's claim stands; walk on
            todo.extend(fn for fn, _ in node.next_functions if fn is not None)

    def _opt_pre(self, _opt: Any, _args: Any, _kwargs: Any) -> None:
        self.phase = "optimizer"
        self.stack.clear()  # modules left by a recompute that stopped early
        self._before.clear()
        for p, owner in self.params:
            if p.grad is not None:
                self.owner[id(p.grad)] = owner
            if self.optimizer is not None:
                for value in self.optimizer.state.get(p, {}).values():
                    self.owner[id(value)] = owner

    @contextmanager
    def active(self) -> Iterator[Recorder]:
        """Hooks on every module (and the optimizer) plus the dispatch mode, removed on exit."""
        with self.hooks(), _Mode(self):
            yield self

    @contextmanager
    def hooks(self) -> Iterator[Recorder]:
        """The module and optimizer hooks alone, for a dispatch mode of the caller's that calls
        :meth:`record` after every aten op (the memory trace's: one mode for both)."""
        handles = []
        for module in self.model.modules():
            handles.append(module.register_forward_pre_hook(self._pre, with_kwargs=True))
            handles.append(module.register_forward_hook(self._post))
        if self.optimizer is not None:
            handles.append(self.optimizer.register_step_pre_hook(self._opt_pre))
        try:
            yield self
        finally:
            for handle in handles:
                handle.remove()

    # -- recording ---------------------------------------------------------------------------
    def module_of(self, node: Any, args: tuple[Any, ...], recompute: bool = False) -> str:
        """The module that owns an op now (see the module docstring)."""
        if self.phase == "optimizer":
            return self._optimizer_owner(args)
        if self.stack and (self.phase == "forward" or recompute or node is None):
            return self.stack[-1]
        if node is not None:
            found = node.metadata.get("napkin_module")
            if found:
                return str(found)
            if type(node).__name__ == "AccumulateGrad":
                return self.owner.get(id(node.variable), ROOT)
        return ROOT

    def _optimizer_owner(self, args: tuple[Any, ...]) -> str:
        import torch

        first = args[0] if args else None
        items = first if isinstance(first, list | tuple) else [first]
        names = {self.owner[id(t)] for t in items if isinstance(t, torch.Tensor) and id(t) in
                 self.owner}  # fmt: skip
        return _common(names) if names else OPTIMIZER

    def record(self, func: Any, args: tuple[Any, ...], kwargs: dict[str, Any], out: Any) -> None:
        """Append one op; never raises (a failure is written on the op)."""
        import torch

        index = len(self.ops)
        cost_kind = "pointwise"
        try:
            node = torch._C._current_autograd_node()
            if node is not None and self.phase == "forward" and not self.stack:
                self.phase = "backward"
            # a checkpointed forward run again (see the module docstring)
            recompute = self.phase == "backward" and bool(self.stack) and torch.is_grad_enabled()
            found = self._kinds.get((func, self.phase))
            if found is None:
                name = base_name(func)
                found = self._kinds[(func, self.phase)] = (name, classify(name, func, self.phase))
            name, kind = found
            cost_kind = kind
            module = self.module_of(node, args, recompute)
            if module in self.norms and kind in ("pointwise", "reduction"):
                kind = "norm"  # a norm composed of pointwise ops (RMSNorm on CPU)
            tensors: list[Any] = []
            _flat(args, tensors)
            floats = [t for t in tensors if t.is_floating_point()]
            if floats:
                dtype = dtype_id(floats[0].dtype)
            else:
                outs: list[Any] = []
                _flat(out, outs)
                dtype = dtype_id((tensors or outs)[0].dtype) if (tensors or outs) else ""
            rec = OpRecord(index, self.phase, module, kind, name, dtype, 0, 0, 0,
                           _shape_text(tensors), type(node).__name__ if node is not None else "")  # fmt: skip
            if node is not None:
                rec.seq_nr = int(node._sequence_nr())
            rec.recompute = recompute
            self.ops.append(rec)
        except Exception as exc:
            self.ops.append(OpRecord(index, self.phase, ROOT, "pointwise", str(func), "", 0, 0, 0,
                                     problem=f"not recorded: {type(exc).__name__}: {exc}"))  # fmt: skip
            return
        try:
            rec.flops, rec.bytes_read, rec.bytes_written = op_cost(func, name, cost_kind, args, kwargs,
                                                                   out, tensors)  # fmt: skip
        except Exception as exc:
            rec.problem = f"cost not counted: {type(exc).__name__}: {exc}"


def _mode_class() -> Any:
    from torch.utils._python_dispatch import TorchDispatchMode

    class Mode(TorchDispatchMode):
        def __init__(self, recorder: Recorder) -> None:
            super().__init__()
            self.recorder = recorder

        def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None):
            kwargs = kwargs or {}
            out = func(*args, **kwargs)
            if func.namespace in RECORDED_NAMESPACES:
                self.recorder.record(func, args, kwargs, out)
            return out

    return Mode


_MODE: Any = None


def _Mode(recorder: Recorder) -> Any:
    global _MODE
    if _MODE is None:
        _MODE = _mode_class()
    return _MODE(recorder)
