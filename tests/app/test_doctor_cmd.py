"""``napkinlab doctor``: the facts it prints are the installed ones (importlib.metadata, torch)."""

from __future__ import annotations

import json
import os
import sys
from importlib import metadata

import pytest

from app.cli import main


def _json(capsys) -> dict:
    assert main(["doctor", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _installed(*names: str) -> str | None:
    for name in names:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            pass
    return None


@pytest.fixture
def facts():
    """doctor's facts, read inside the test (the folders are the test's isolated ones)."""
    from app.cli.doctor_cmd import facts

    return facts()


def test_json_has_every_fact_with_the_installed_versions(capsys) -> None:
    import torch

    data = _json(capsys)
    assert set(data) >= {
        "python", "display", "qt_platform_plugin", "packages", "torch", "fonts", "folders",
        "problems", "ok",
    }  # fmt: skip
    assert data["packages"]["torch"] == _installed("torch")
    assert data["packages"]["PySide6"] == _installed("PySide6-Essentials", "PySide6")
    assert data["packages"]["pyqtgraph"] == _installed("pyqtgraph")
    assert data["packages"]["transformers"] == _installed("transformers")
    assert data["torch"] == {
        "version": torch.__version__,
        "cuda_build": torch.version.cuda,
        "cuda_available": torch.cuda.is_available(),
    }
    assert data["folders"]["config"] == os.environ["NAPKINLAB_CONFIG_DIR"]
    assert data["folders"]["data"] == os.environ["NAPKINLAB_DATA_DIR"]


def test_the_platform_check_is_the_one_the_app_runs(facts) -> None:
    from app.platform_check import diagnose

    plugin = facts["qt_platform_plugin"]
    assert plugin == diagnose(plugin["platform"]).to_dict()
    assert facts["ok"] == (not facts["problems"])
    assert plugin["ok"] == (not plugin["missing"]) or plugin["plugin"] is None


def test_cjk_fonts_are_the_ones_qt_finds(facts) -> None:
    """fc-list's families for zh-cn / zh-tw are the ones Qt's font database offers for Chinese."""
    from PySide6.QtGui import QFontDatabase
    from PySide6.QtWidgets import QApplication

    _app = QApplication.instance() or QApplication([])
    fonts = facts["fonts"]
    qt = {
        "zh_CN": QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese),
        "zh_TW": QFontDatabase.families(QFontDatabase.WritingSystem.TraditionalChinese),
    }
    for lang in ("zh_CN", "zh_TW"):
        assert bool(fonts[lang]) == bool(qt[lang]), lang
        assert set(fonts[lang]) <= {f.split(" [")[0] for f in qt[lang]}, lang
        says = any(f"no font for {lang}" in p for p in facts["problems"])
        assert says == (not fonts[lang])


def test_text_output_says_the_same(capsys, facts) -> None:
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert f"torch        {facts['torch']['version']}" in out
    assert f"PySide6      {facts['packages']['PySide6']}" in out
    assert f"config       {facts['folders']['config']}" in out
    assert ("ok: nothing missing" in out) == facts["ok"]


@pytest.mark.parametrize(
    ("env", "opens"),
    [
        ({}, False),
        ({"DISPLAY": ":0"}, True),
        ({"WAYLAND_DISPLAY": "wayland-0"}, True),
        ({"QT_QPA_PLATFORM": "offscreen"}, True),
    ],
)
def test_doctor_says_when_the_window_cannot_open_here(monkeypatch, capsys, env, opens) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("only Linux needs X11 or Wayland to open a window")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    from app.cli.doctor_cmd import facts

    assert facts()["display"]["window_can_open"] is opens
    assert main(["doctor"]) == 0
    assert ("no display here" in capsys.readouterr().out) is not opens
