"""The notebook API traces without changing the person's model (issue 19 item 24): weights,
buffers, gradients, optimizer state, training flags and the random state are bit-identical after.

Reference: the tensors themselves, compared with ``torch.equal`` against copies taken before, and
the same step run by hand for the printed table's totals.
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from core.roofline.hardware import load_catalog  # noqa: E402
from core.step import predict, summary_table, trace_module  # noqa: E402


def _model() -> torch.nn.Module:
    torch.manual_seed(0)
    return torch.nn.Sequential(
        torch.nn.Linear(8, 16), torch.nn.BatchNorm1d(16), torch.nn.Dropout(0.1),
        torch.nn.GELU(), torch.nn.Linear(16, 4),
    )  # fmt: skip


def _snapshot(model, opt) -> dict:
    return {
        "params": [p.detach().clone() for p in model.parameters()],
        "grads": [None if p.grad is None else p.grad.clone() for p in model.parameters()],
        "buffers": [b.clone() for b in model.buffers()],
        "modes": [m.training for m in model.modules()],
        "state": {
            id(p): {k: v.clone() if torch.is_tensor(v) else v for k, v in s.items()}
            for p, s in opt.state.items()
        },
        "groups": [{k: v for k, v in g.items() if k != "params"} for g in opt.param_groups],
        "rng": torch.get_rng_state(),
    }


def _same(a, b) -> bool:
    if torch.is_tensor(a):
        return torch.is_tensor(b) and a.dtype == b.dtype and torch.equal(a, b)
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


@pytest.mark.parametrize("kind", ["adamw", "sgd-momentum"])
@pytest.mark.parametrize("trained", [False, True])
def test_weights_state_and_rng_are_bit_identical_after(kind: str, trained: bool) -> None:
    model = _model()
    opt = (torch.optim.AdamW(model.parameters(), lr=0.1) if kind == "adamw"
           else torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9))  # fmt: skip
    x, y = torch.randn(32, 8), torch.randint(0, 4, (32,))
    if trained:  # a model mid-training: state exists, gradients are left over
        torch.nn.functional.cross_entropy(model(x), y).backward()
        opt.step()
        torch.nn.functional.cross_entropy(model(x), y).backward()
    model.eval()
    model[1].train()  # mixed modes are kept too
    objects = [id(p) for p in model.parameters()], {id(v) for s in opt.state.values()
                                                    for v in s.values()}  # fmt: skip
    before = _snapshot(model, opt)
    trace = trace_module(model, (x, y), torch.nn.functional.cross_entropy, opt)
    assert trace.ops and trace.table["optimizer"]["elements"] > 0
    after = _snapshot(model, opt)
    for key in before:
        assert _same(before[key], after[key]), key
    assert [id(p) for p in model.parameters()] == objects[0]
    assert {id(v) for s in opt.state.values() for v in s.values()} == objects[1]


def test_the_notebook_table_adds_up(capsys) -> None:
    model = _model()
    opt = torch.optim.AdamW(model.parameters())
    trace = trace_module(model, (torch.randn(32, 8), torch.randint(0, 4, (32,))),
                         torch.nn.functional.cross_entropy, opt)  # fmt: skip
    pred = predict(trace, load_catalog().get("h100-sxm"))
    table = summary_table(trace, pred, depth=1)
    print(table)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["Module", "FLOPs", "%"]
    modules = {line.split()[0] for line in lines[2:-3]}
    assert {"0", "4"} <= modules  # the two Linear layers, by their names in the Sequential
    # the per-module FLOPs shares add up to 100 % (each op belongs to one module)
    shares = [float(line.split("%")[0].split()[-1]) for line in lines[2:-3]]
    assert sum(shares) == pytest.approx(100.0, abs=0.1 * len(shares))
    assert "MFU" in lines[-1] and "HFU" in lines[-1]
