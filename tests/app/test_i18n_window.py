"""The window in Chinese: every tab translated, switched at run time, and safe with a bad catalog.

Each tab is built in a zh_CN window with results shown, then :func:`app.i18n_audit.untranslated`
walks its visible widgets for English left behind (the catalog's source texts, or English words).
The tabs come from :data:`app.tabs.TABS`, so a tab added later is covered.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from app.i18n import LanguageManager, language_manager, normalize_language
from app.i18n_audit import is_english, untranslated
from app.main_window import MainWindow
from app.settings import Preferences
from app.tabs import TABS
from app.translations import all_entries


def _sources() -> set[str]:
    return {e.source for e in all_entries() if e.translation and e.translation != e.source}


def _zh(language: str) -> dict[tuple[str, str], str]:
    return {(e.context, e.source): e.translation for e in all_entries() if e.language == language}


@pytest.fixture
def english_afterwards():
    yield
    language_manager().install("en")


@pytest.fixture(scope="module")
def _zh_window_once():
    app = QApplication.instance() or QApplication([])
    assert language_manager().install("zh_CN") is None
    win = MainWindow(preferences=Preferences(ephemeral=True))
    win.resize(1400, 900)
    win.show()
    yield win
    win.stop_background_work()
    import shiboken6

    shiboken6.delete(win)
    language_manager().install("en")
    app.processEvents()


@pytest.fixture
def zh_window(_zh_window_once):
    """The zh_CN window, with zh_CN installed for this test only: the other tests of this module
    (run in between, in a random order) expect English, and tabs built later must be built in
    zh_CN."""
    assert language_manager().install("zh_CN") is None
    yield _zh_window_once
    language_manager().install("en")


@pytest.mark.parametrize("tab", [spec.id for spec in TABS])
def test_no_english_left_in_a_zh_cn_tab(zh_window, tab: str) -> None:
    page = zh_window.show_tab(tab)
    QApplication.processEvents()
    if hasattr(page, "prepare_screenshot"):
        page.prepare_screenshot()
        QApplication.processEvents()
    found = untranslated(page, _sources())
    assert found == [], "\n".join(found[:40])


def test_no_english_left_in_the_zh_cn_window_around_the_tabs(zh_window) -> None:
    zh_window.show_tab("dtypes")
    QApplication.processEvents()
    found = untranslated(zh_window, _sources(), skip=zh_window.slots.values())
    assert found == [], "\n".join(found[:40])


def test_menus_and_tab_titles_come_from_the_catalog(zh_window) -> None:
    table = _zh("zh_CN")
    for index, spec in enumerate(TABS):
        assert zh_window.tabs.tabText(index) == table[("Tabs", str(spec.title))]
    titles = [a.text() for a in zh_window.menuBar().actions()]
    assert titles[0] == table[("Menus", "&File")]


def test_switching_language_at_run_time_keeps_the_inputs(qtbot, english_afterwards) -> None:
    language_manager().install("en")
    win = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(win)
    page = win.show_tab("napkin")
    before = page.session_state()
    assert win.tabs.tabText(0) == "Dtypes"
    assert win.set_language("zh_TW") is None
    assert win.prefs.language == "zh_TW"
    assert win.tabs.tabText(0) == _zh("zh_TW")[("Tabs", "Dtypes")]
    after = win.current_page()
    assert after is not page and after.session_state() == before
    win.set_language("en")
    assert win.tabs.tabText(0) == "Dtypes"
    assert win.current_page().session_state() == before


def test_a_damaged_catalog_falls_back_to_english_with_one_message(
    qtbot, tmp_path: Path, monkeypatch, english_afterwards
) -> None:
    bad = tmp_path / "napkinlab_zh_CN.qm"
    bad.write_bytes(b"\x00not a catalog" * 50)
    language_manager().install("en")
    manager = LanguageManager(QCoreApplication.instance())
    problem = manager.install("zh_CN", bad)
    assert problem and "showing English" in problem and manager.language == "en"
    assert manager.install("zh_CN", tmp_path / "missing.qm")
    monkeypatch.setattr("app.i18n.catalog_path", lambda language: bad)
    win = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(win)
    assert "showing English" in (win.set_language("zh_CN") or "")
    assert win.statusBar().currentMessage().startswith("The 简体中文 catalog")
    assert win.tabs.tabText(0) == "Dtypes"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("zh_CN", "zh_CN"),
        ("zh-Hans-CN", "zh_CN"),
        ("zh_SG", "zh_CN"),
        ("zh-Hant-TW", "zh_TW"),
        ("zh_HK", "zh_TW"),
        ("en_US", "en"),
        ("C", "en"),
        ("fr_FR", None),
    ],
)
def test_system_locales_map_to_a_catalog(code: str, expected: str | None) -> None:
    assert normalize_language(code) == expected


def test_english_detection_ignores_identifiers_and_translated_text() -> None:
    assert is_english("Peak memory")
    assert is_english("&Save session", frozenset({"Save session"}))
    for text in (
        "fp32",
        "H100 SXM",
        "b h (n d) -> b n h d",
        "12.3 GiB",
        "MFU 41 %",
        "算术强度 (arithmetic intensity)",
    ):
        assert not is_english(text), text
