"""``--model org/name`` reads config.json from huggingface_hub's local cache, offline first (issue
20 point 6).

Reference: the hub cache laid out by hand in a temporary folder exactly as huggingface_hub lays it
out (``models--org--name/refs/main`` holding the revision, ``snapshots/<rev>/config.json`` a
symlink into ``blobs/``), found through HF_HUB_CACHE and HF_HOME. The network is closed here, so
only the offline path and the error for a model that is not cached are checked.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from core.errors import InputError
from core.step.hf import hub_id, resolve_model_source

pytest.importorskip("huggingface_hub")

TINY_LLAMA = {"model_type": "llama", "vocab_size": 128, "hidden_size": 64,
              "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
              "intermediate_size": 96, "max_position_embeddings": 256,
              "attention_bias": True}  # fmt: skip
REV = "0123456789abcdef0123456789abcdef01234567"


def _cache(root: Path, repo: str, doc: dict, revision: str = REV, ref: str = "main") -> Path:
    folder = root / ("models--" + repo.replace("/", "--"))
    (folder / "refs").mkdir(parents=True)
    (folder / "refs" / ref).write_text(revision)
    blob = folder / "blobs" / "3f2a9c"
    blob.parent.mkdir()
    blob.write_text(json.dumps(doc))
    snap = folder / "snapshots" / revision
    snap.mkdir(parents=True)
    (snap / "config.json").symlink_to(Path("..", "..", "blobs", "3f2a9c"))
    return snap / "config.json"


@pytest.fixture
def hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "hub"
    monkeypatch.setenv("HF_HUB_CACHE", str(root))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    import huggingface_hub.constants

    # read at import: set where it is looked up, so nothing here waits for a closed network
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)
    _cache(root, "tiny-org/tiny-llama", TINY_LLAMA)
    return root


def test_hub_ids_and_what_is_not_one(tmp_path: Path) -> None:
    assert hub_id("meta-llama/Llama-2-7b-hf") == ("meta-llama/Llama-2-7b-hf", None)
    assert hub_id("org/name@v1.0") == ("org/name", "v1.0")
    for text in ("gpt2", "mlp:d=4,layers=2", "transformer:d=8,layers=1,heads=2", "a/b/c", ""):
        assert hub_id(text) is None, text
    local = tmp_path / "org" / "name"
    local.mkdir(parents=True)
    assert hub_id(str(local.relative_to(tmp_path))) is not None  # not a path from here
    assert hub_id(str(local)) is None  # an existing folder is a path, not a hub id


def test_a_cached_model_resolves_offline(hub: Path) -> None:
    path, name = resolve_model_source("tiny-org/tiny-llama")
    assert name == "tiny-org/tiny-llama"
    assert Path(path).resolve() == (hub / "models--tiny-org--tiny-llama" / "blobs" / "3f2a9c")
    assert resolve_model_source(f"tiny-org/tiny-llama@{REV}")[1] == "tiny-org/tiny-llama"


def test_hf_home_is_found_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HF_HUB_CACHE", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "home"))
    _cache(tmp_path / "home" / "hub", "org/m", TINY_LLAMA)
    assert resolve_model_source("org/m") is not None


def test_a_model_not_cached_says_how_to_fetch_it(hub: Path) -> None:
    with pytest.raises(InputError, match="not in the Hugging Face cache") as info:
        resolve_model_source("nobody/nothing")
    assert "--allow-download" in info.value.message and str(hub) in info.value.message


def test_allowed_download_without_network_is_one_clear_error(hub: Path) -> None:
    with pytest.raises(InputError, match="cannot download"):
        resolve_model_source("nobody/nothing", allow_download=True)


def test_step_and_memory_read_the_cached_config(hub: Path, capsys) -> None:
    pytest.importorskip("torch")
    # the same counts as the config file itself (test_step_config_flags checks transformers')
    from core.step.hf import load_config

    spec, _ = load_config(resolve_model_source("tiny-org/tiny-llama")[0])
    assert main(["memory", "--model", "tiny-org/tiny-llama", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["param_count"] == spec.param_count
    assert out["model"]["name"] == "tiny-org/tiny-llama"
    assert main(["step", "--model", "tiny-org/tiny-llama", "--seq", "16", "--top", "0",
                 "--json"]) == 0  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    assert out["params"]["elements"] == spec.param_count
    assert main(["step", "--model", "nobody/nothing"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--allow-download" in err


def test_the_step_tab_takes_a_typed_hub_id(hub: Path, qtbot) -> None:
    from app.state import AppState
    from app.tabs.step_tab import StepPage
    from core.step.options import step_inputs

    page = StepPage(AppState())
    qtbot.addWidget(page)
    page.model_box.setCurrentText("tiny-org/tiny-llama")
    inputs = step_inputs(**page.options())
    assert inputs.config.model.name == "tiny-org/tiny-llama"
    page.model_box.setCurrentText("nobody/nothing")
    assert page.start_trace() is False
    assert "not in the Hugging Face cache" in page.status.text()
    page.shutdown()


def test_plan_reads_the_cached_config(hub: Path, capsys, qtbot) -> None:
    """``plan --model org/name`` and the Plan tab's model box resolve through the same cache."""
    from core.step.hf import load_config

    spec, _ = load_config(resolve_model_source("tiny-org/tiny-llama")[0])
    argv = ["plan", "--model", "tiny-org/tiny-llama", "--seq", "64", "--global-batch", "512",
            "--batch-unit", "tokens", "--gpus", "8", "--tp", "2", "--changes", "0", "--json"]  # fmt: skip
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["model"]["name"] == "tiny-org/tiny-llama"
    assert (out["model"]["d_model"], out["model"]["layers"]) == (spec.d_model, spec.layers)
    assert out["model"]["qkv_bias"] is True  # attention_bias: true, as the config says
    assert out["tokens_per_step"] == 512 and out["layout"]["dp"] == 4  # 8 sequences of 64
    assert main(["plan", "--model", "nobody/nothing"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--allow-download" in err

    from app.state import AppState
    from app.tabs.plan_tab import PlanPage

    page = PlanPage(AppState())
    qtbot.addWidget(page)
    page.inputs.fields["seq"].setText("64")
    page.inputs.set_model("tiny-org/tiny-llama")
    assert page.inputs.problems() == []
    assert page.plan_input()[0].model.name == "tiny-org/tiny-llama"
    page.inputs.set_model("nobody/nothing")
    problems = page.inputs.problems()
    assert problems and "not in the Hugging Face cache" in problems[0]
    page.shutdown()
