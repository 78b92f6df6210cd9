"""``screenshot``: the einops tab analysed in place (issue 11), the collector paused, and the Step
tab's default trace made in a child process while the window is built."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main


def test_einops_page_without_background_warmups_analyses_at_once(qtbot) -> None:
    from app.state import AppState
    from app.tabs.einops_tab import EinopsPage

    state = AppState()
    state.background_warmups = False
    page = EinopsPage(state)
    qtbot.addWidget(page)
    assert page._thread is None  # nothing to wait for, nothing left running
    assert page.result is not None and page.result.valid
    # The lecture's batched attention scores: (2,3,4) × (2,3,4) -> (2,3,3).
    assert page.result.output_shapes == [(2, 3, 3)]


def test_einops_screenshot_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "einops.png"
    assert main(["screenshot", "--tab", "einops", "--out", str(out)]) == 0
    assert out.stat().st_size > 10_000 and capsys.readouterr().err == ""


def test_a_picture_is_made_with_automatic_collection_paused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one-picture process never scans its heap on its own; the collector is as before
    afterwards (on here, as on the command line), also when the picture fails."""
    import gc

    import app.gui

    seen: list[bool] = []
    real = app.gui.make_application

    def watched(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(app.gui, "make_application", watched)
    was_enabled = gc.isenabled()
    gc.enable()
    try:
        assert main(["screenshot", "--tab", "napkin", "--out", str(tmp_path / "n.png")]) == 0
        assert seen == [False] and gc.isenabled()
        bad = tmp_path / "missing-folder" / "n.png"
        assert main(["screenshot", "--tab", "napkin", "--out", str(bad)]) == 2
        assert seen == [False, False] and gc.isenabled()
    finally:
        if not was_enabled:
            gc.disable()


def test_a_step_picture_waits_for_the_child_trace_before_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default Step picture starts a child tracing before the window is built, waits for it
    just before the tab would trace, and ends it on the way out; nothing else starts one."""
    import argparse

    import core.step.prefetch as prefetch
    from app.cli import screenshot_cmd
    from app.tabs.step_tab import StepPage

    events: list[str] = []

    class Child:
        def __enter__(self) -> Child:
            return self

        def __exit__(self, *exc: object) -> None:
            events.append("ended")

        def wait(self, progress=None) -> bool:
            events.append("waited")
            return True

    def start() -> Child:
        events.append("started")
        return Child()

    def prepare(self, progress=None) -> None:
        events.append("prepared")

    monkeypatch.setattr(prefetch, "start_default_trace", start)
    monkeypatch.setattr(StepPage, "prepare_screenshot", prepare)
    assert main(["screenshot", "--tab", "step", "--out", str(tmp_path / "s.png")]) == 0
    assert events == ["started", "waited", "prepared", "ended"]
    events.clear()
    assert main(["screenshot", "--tab", "step", "--out", str(tmp_path / "s.bmp")]) == 2
    assert events == ["started", "waited", "prepared", "ended"]  # ended after a refusal too
    events.clear()
    for tab, session in (("step", "inputs.json"), ("plan", None), ("napkin", None)):
        args = argparse.Namespace(tab=tab, session=session)
        assert screenshot_cmd._prefetch(args) is None  # other inputs, or no trace to make
    assert events == []
