"""One vocabulary across the command line and the window: recipe names, the model sources each
command reads, bandwidth units, and validation messages whose examples are in the field's own unit.

References: the Memory tab's recipe table (dtype sizes of weights, gradients, master copy and
AdamW's two states) for the napkin recipes; transformers' own parameter count for a config.json;
the same bandwidth typed three ways.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from app.cli import main
from core import napkin
from core.errors import InputError
from core.memory.recipes import OPTIMIZERS
from core.memory.recipes import RECIPES as MEMORY_RECIPES
from core.validate import positive_float
from tests.core.step.test_step_config_flags import LLAMA


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_napkin_recipes_are_the_memory_recipes_with_adamw() -> None:
    adamw = OPTIMIZERS["adamw"]
    shared = set(napkin.RECIPES) & set(MEMORY_RECIPES)
    assert shared == set(MEMORY_RECIPES)  # every Memory/Plan recipe name works in napkin
    for rid in shared:
        assert napkin.recipe(rid).total == MEMORY_RECIPES[rid].total_per_param(adamw), rid
    for old, new in napkin.RECIPE_ALIASES.items():  # the earlier names still read
        assert napkin.recipe(old) is napkin.recipe(new)


def test_napkin_cli_takes_both_names(capsys: pytest.CaptureFixture[str]) -> None:
    answers = []
    for name in ("bf16", "bf16-adamw", None):
        argv = ["napkin", "max-params", "--json"] + (["--recipe", name] if name else [])
        code, out, _ = run(capsys, *argv)
        assert code == 0
        answers.append(json.loads(out)["params"])
    assert answers[0] == answers[1] == answers[2]
    code, _, err = run(capsys, "napkin", "max-params", "--recipe", "nope")
    assert code == 2 and "bf16-adamw (= bf16)" in err and len(err.strip().splitlines()) == 1


def test_memory_reads_a_config_file(capsys, tmp_path: Path) -> None:
    transformers = pytest.importorskip("transformers")
    torch = pytest.importorskip("torch")
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(LLAMA), encoding="utf-8")
    code, out, _ = run(capsys, "memory", "--config", str(path), "--seq", "16", "--json")
    assert code == 0
    doc = json.loads(out)
    keys = {k: v for k, v in LLAMA.items() if k not in ("model_type", "architectures")}
    with torch.device("meta"):
        reference = transformers.LlamaForCausalLM(transformers.LlamaConfig(**keys))
    assert doc["param_count"] == sum(p.numel() for p in reference.parameters())
    assert doc["model"]["name"] == "tiny"  # named by its file
    code, _, err = run(capsys, "memory", "--config", str(path), "--model", "gpt2")
    assert code == 2 and "not both" in err


def test_bandwidths_read_with_or_without_units(capsys) -> None:
    seen = []
    for text in ("450GB/s", "450 GB/s", "450G", "450e9"):
        code, out, _ = run(capsys, "plan", "--gpus", "8", "--tp", "8", "--intra-bw", text, "--json",
                           "--changes", "0")  # fmt: skip
        assert code == 0, text
        seen.append(json.loads(out)["step_time_s"])
    assert len(set(seen)) == 1
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.suppress(SystemExit):
        main(["plan", "--help"])
    assert "450GB/s" in buf.getvalue() and "GB/s" in buf.getvalue()


@pytest.mark.parametrize(
    ("unit", "own", "foreign"),
    [
        ("plain", "30", ["GB", "FLOP", "70B"]),
        ("bytes", "80GB", ["FLOP", "/s", "70B"]),
        ("bytes/s", "450 GB/s", ["FLOP", "80GiB", "70B"]),
        ("flop/s", "TFLOP/s", ["80GB", "70B"]),
        ("count", "70B", []),
    ],
)
def test_each_field_s_error_gives_examples_in_its_own_unit(unit, own, foreign) -> None:
    for bad in ("abc", ""):
        with pytest.raises(InputError) as info:
            positive_float(bad, "field", unit=unit)
        message = str(info.value.message)
        assert message.startswith("field: ") and own in message, message
        if bad:
            assert not [f for f in foreign if f in message], message


def test_the_deadline_error_is_shown_once_in_days(qtbot) -> None:
    from PySide6.QtWidgets import QLabel

    from app.state import AppState
    from app.tabs.napkin_tab import NapkinPage

    page = NapkinPage(AppState())
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.show()
    page.fields["days"].setText("abc")
    shown = [w.text() for w in page.findChildren(QLabel) if w.isVisible() and "abc" in w.text()]
    assert len(shown) == 1 and "GB" not in shown[0] and "e.g. 30" in shown[0]
    card = page.inverse_card.detail.text()
    assert "Deadline (days)" in card and "abc" not in card
