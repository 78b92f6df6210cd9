"""The Einops tab's Views and strides page: the lecture's chain, editing, errors, drawing, sessions.

Bytes and strides are checked against torch running the same steps, not against the core.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from app.cli import main
from app.state import AppState
from app.tabs.einops_strides import StridesPage
from app.tabs.einops_tab import EinopsPage


@pytest.fixture
def strides(qtbot) -> StridesPage:
    page = StridesPage()
    qtbot.addWidget(page)
    yield page
    page.shutdown()


def test_lecture_chain_verdicts_match_torch(strides: StridesPage) -> None:
    x = torch.arange(12).reshape(3, 4)
    t = x.transpose(0, 1)
    with pytest.raises(RuntimeError):
        t.view(12)
    c = t.contiguous()
    assert c.untyped_storage().data_ptr() != x.untyped_storage().data_ptr()
    copied = c.untyped_storage().nbytes()  # 96
    verdicts = [strides.steps.verdict(i) for i in range(4)]
    assert verdicts[0].startswith("view") and verdicts[3].startswith("view")
    assert "torch" in verdicts[1]
    assert verdicts[2] == f"copy · {copied} B"
    assert f"{copied} B" in strides.total.text()
    # the refused step is selected: its error, and x drawn as it was (transposed)
    assert strides.steps.currentRow() == 1
    assert "view size is not compatible" in strides.error.text()
    assert strides.picture.drawnLayout().stride == t.stride()


def test_selecting_a_step_draws_its_layout(strides: StridesPage) -> None:
    strides.steps.setCurrentRow(2)
    lay = strides.picture.drawnLayout()
    c = torch.arange(12).reshape(3, 4).t().contiguous()
    assert lay.stride == c.stride() and lay.storage_id == 1
    assert lay.storage_values() == c.flatten().tolist()
    strides.steps.setCurrentRow(-1)
    assert strides.picture.drawnLayout().shape == (3, 4)


def test_a_bad_step_is_marked_and_the_rest_still_run(strides: StridesPage, qtbot) -> None:
    strides.steps.editor(0).setText("transpose 0")
    strides.recompute()
    assert strides.steps.editor(0).property("invalid") is True
    assert "not an operation" in strides.steps.verdict(0)
    # without the transpose, view(12) of the contiguous start is a view
    assert strides.steps.verdict(1).startswith("view")
    assert strides.steps.verdict(2).startswith("view")  # contiguous: nothing to copy
    strides.steps.setCurrentRow(0)
    assert "takes transpose DIM0 DIM1" in strides.error.text()


def test_a_bad_shape_says_why(strides: StridesPage) -> None:
    strides.shape.setText("3,x")
    strides.recompute()
    assert strides.shape.property("invalid") is True
    assert "shape" in strides.total.text()
    strides.shape.setText("100,100")
    strides.recompute()
    assert "at most 4,096" in strides.total.text()


def test_add_and_remove_steps(strides: StridesPage, qtbot) -> None:
    with qtbot.waitSignal(strides.steps.changed):
        strides.steps.addStep("[:, 1:3]")
    strides.recompute()
    assert strides.steps.steps()[-1] == "[:, 1:3]"
    lay = strides.picture.drawnLayout()
    y = torch.arange(12).reshape(3, 4).t().contiguous().view(12)
    with pytest.raises(IndexError):
        y[:, 1:3]  # 1-d after view(12): torch refuses two indices
    assert lay is not None and "too many indices" in strides.error.text()
    strides.steps.removeStep(4)
    strides.steps.removeStep(0)
    strides.recompute()
    assert strides.steps.steps() == ["view 12", "contiguous", "view 12"]


def test_session_round_trip_through_the_einops_page(qtbot) -> None:
    page = EinopsPage(AppState())
    qtbot.addWidget(page)
    page.show_page("strides")
    page.strides.restore_session({"shape": "2,3,4", "dtype": "float32", "ops": ["permute 2 0 1"]})
    saved = page.session_state()
    assert saved["page"] == "strides" and saved["strides"]["ops"] == ["permute 2 0 1"]
    other = EinopsPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(saved) == []
    assert other.current_page() == "strides"
    other.strides.steps.setCurrentRow(0)
    lay = other.strides.picture.drawnLayout()
    assert lay.stride == torch.zeros(2, 3, 4).permute(2, 0, 1).stride()
    problems = other.restore_session({"page": "nope", "strides": {"dtype": "int3"}})
    assert any("nope" in p for p in problems) and any("int3" in p for p in problems)
    page.shutdown()
    other.shutdown()


def test_screenshot_of_the_strides_page(tmp_path: Path, capsys) -> None:
    out = tmp_path / "strides.png"
    assert main(["screenshot", "--tab", "einops", "--page", "strides", "--out", str(out)]) == 0
    assert out.stat().st_size > 5000
    capsys.readouterr()
    assert main(["screenshot", "--tab", "einops", "--page", "nope", "--out", str(out)]) == 2
    assert "--page: 'nope' is not a page of the einops tab" in capsys.readouterr().err


def test_torch_own_words_beside_the_refusal(strides: StridesPage) -> None:
    # torch is loaded (this module imports it), as the Einops tab's warm-up loads it

    strides.torch_loaded()
    strides.steps.setCurrentRow(1)
    assert strides.torch_note.isVisibleTo(strides)
    assert torch.__version__ in strides.torch_note.text() and "same" in strides.torch_note.text()


def test_page_switch_buttons_change_the_page(qtbot) -> None:
    page = EinopsPage(AppState())
    qtbot.addWidget(page)
    page._switches[0].buttons()[1].click()
    assert page.current_page() == "strides" and page._switches[1].page() == 1
    page._switches[1].buttons()[0].click()
    assert page.current_page() == "patterns" and page._switches[0].page() == 0
    page.shutdown()
