"""The window's language from the outside: ``screenshot --lang``, the remembered choice, View >
Language, the command line left English, and the toolbar and menus fitting Chinese.

The reference for a translation is the ``.ts`` file read with ElementTree, not the app's own
lookup, so a catalog that the app loads wrongly cannot pass.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QMenu, QTabWidget, QToolBar, QToolButton

from app.cli import main
from app.i18n import LANGUAGES, language_manager
from app.layout_audit import audit, settle
from app.main_window import MainWindow
from app.settings import Preferences
from app.tabs import TABS

I18N = Path(__file__).resolve().parents[2] / "resources" / "i18n"


def _catalog(language: str, context: str, source: str) -> str:
    """The translation of ``source`` in the window part's ``.ts`` file of ``language``."""
    root = ET.parse(I18N / f"window_{language}.ts").getroot()
    for node in root.iter("context"):
        if node.findtext("name") != context:
            continue
        for message in node.iter("message"):
            if message.findtext("source") == source:
                translation = message.find("translation")
                assert translation is not None and not translation.get("type"), source
                return translation.text or ""
    raise AssertionError(f"{source!r} is not in window_{language}.ts [{context}]")


@pytest.fixture
def english_afterwards():
    yield
    # Without an application no catalog can have been installed: English already (a test that
    # ran the CLI alone, first in its worker, leaves none behind).
    if QCoreApplication.instance() is not None:
        language_manager().install("en")


def _flush_deletes() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


# screenshot --lang ------------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["zh_CN", "zh_TW"])
def test_screenshot_lang_renders_the_window_in_the_catalogs_language(
    tmp_path: Path, monkeypatch, capsys, english_afterwards, language: str
) -> None:
    from app import export

    seen: dict[str, object] = {}
    save_png = export.save_png

    def spy(widget, path, scale=1.0, **options):
        tabs = widget.findChild(QTabWidget)
        seen["titles"] = [tabs.tabText(i) for i in range(tabs.count())]
        seen["window"] = widget.windowTitle()
        return save_png(widget, path, scale, **options)

    monkeypatch.setattr(export, "save_png", spy)
    out = tmp_path / "napkin.png"
    argv = ["screenshot", "--tab", "napkin", "--lang", language, "--size", "1280x820"]
    assert main([*argv, "--out", str(out)]) == 0
    assert out.stat().st_size > 10_000 and capsys.readouterr().err == ""
    expected = [_catalog(language, "Tabs", str(spec.title)) for spec in TABS]
    assert seen["titles"] == expected
    assert seen["titles"][TABS.index(next(s for s in TABS if s.id == "napkin"))] != "Napkin"
    assert seen["window"] == _catalog(language, "MainWindow", "Napkin Lab")


def test_screenshot_lang_en_stays_english(tmp_path: Path, english_afterwards) -> None:
    language_manager().install("zh_CN")  # a previous render must not leak into this one
    out = tmp_path / "dtypes.png"
    assert main(["screenshot", "--tab", "dtypes", "--lang", "en", "--out", str(out)]) == 0
    assert language_manager().language == "en"
    assert QCoreApplication.translate("Tabs", "Dtypes") == "Dtypes"


# the remembered choice ---------------------------------------------------------------------------
def test_the_language_preference_persists_in_the_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "napkinlab.conf"
    first = Preferences(path=path)
    assert first.language == ""  # nothing chosen: follow the system
    first.language = "zh_TW"
    first.sync()
    assert "zh_TW" in path.read_text(encoding="utf-8")
    assert Preferences(path=path).language == "zh_TW"
    second = Preferences(path=path)
    second.language = ""  # back to the system's language
    second.sync()
    assert Preferences(path=path).language == ""


def test_an_unknown_language_in_the_settings_file_follows_the_system(tmp_path: Path) -> None:
    path = tmp_path / "napkinlab.conf"
    path.write_text("[view]\nlanguage=tlh\n", encoding="utf-8")
    prefs = Preferences(path=path)
    assert prefs.language == "" and prefs.problem == ""


def test_switching_in_the_window_is_remembered_on_close(
    qtbot, tmp_path: Path, english_afterwards
) -> None:
    path = tmp_path / "napkinlab.conf"
    win = MainWindow(preferences=Preferences(path=path), menus=False)
    qtbot.addWidget(win)
    assert win.set_language("zh_CN") is None
    win.close()  # closeEvent syncs the preferences
    assert Preferences(path=path).language == "zh_CN"


# View > Language ---------------------------------------------------------------------------------
def _language_actions(win: MainWindow) -> dict[str, object]:
    menu = win.menuBar().findChild(QMenu, "languageMenu")
    assert menu is not None
    return {action.data(): action for action in menu.actions()}


def test_view_language_switches_the_window_and_checks_its_entry(qtbot, english_afterwards) -> None:
    language_manager().install("en")
    win = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(win)
    actions = _language_actions(win)
    assert list(actions) == ["", *LANGUAGES]
    assert actions[""].isChecked()  # a fresh preference follows the system
    for language, name in LANGUAGES.items():
        assert actions[language].text() == name  # each language by its own name
    menus_before = len(win.findChildren(QMenu))

    _language_actions(win)["zh_CN"].trigger()
    _flush_deletes()
    assert win.prefs.language == "zh_CN" and language_manager().language == "zh_CN"
    assert win.tabs.tabText(0) == _catalog("zh_CN", "Tabs", "Dtypes")
    assert win.menuBar().actions()[0].text() == _catalog("zh_CN", "Menus", "&File")
    actions = _language_actions(win)
    assert [code for code, action in actions.items() if action.isChecked()] == ["zh_CN"]
    assert actions[""].text() == _catalog("zh_CN", "Menus", "System language")

    actions["zh_TW"].trigger()
    _flush_deletes()
    assert win.tabs.tabText(0) == _catalog("zh_TW", "Tabs", "Dtypes")
    checked = [code for code, action in _language_actions(win).items() if action.isChecked()]
    assert checked == ["zh_TW"]

    _language_actions(win)["en"].trigger()
    _flush_deletes()
    assert win.tabs.tabText(0) == "Dtypes" and win.menuBar().actions()[0].text() == "&File"
    # Rebuilding the menus replaces them: none pile up behind the menu bar.
    assert len(win.findChildren(QMenu)) == menus_before


def test_view_language_system_entry_follows_the_system(
    qtbot, monkeypatch, english_afterwards
) -> None:
    monkeypatch.setattr("app.i18n.system_language", lambda: "zh_TW")
    win = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(win)
    _language_actions(win)[""].trigger()
    _flush_deletes()
    assert win.prefs.language == "" and language_manager().language == "zh_TW"
    assert win.tabs.tabText(0) == _catalog("zh_TW", "Tabs", "Dtypes")
    assert _language_actions(win)[""].isChecked()


# the command line stays English -----------------------------------------------------------------
def _cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


CLI_RUNS = (
    ("napkin", "train-time", "--params", "70e9", "--tokens", "15e12", "--gpus", "1024", "--json"),
    ("devices", "--json"),
    ("napkin", "train-time", "--params", "70e9", "--tokens", "15e12", "--gpus", "0"),
    ("napkin", "train-time", "--params", "abc", "--tokens", "15e12", "--gpus", "8"),
)


def test_cli_output_is_the_same_with_a_chinese_catalog_installed(
    capsys, english_afterwards
) -> None:
    language_manager().install("en")
    english = [_cli(capsys, *argv) for argv in CLI_RUNS]
    assert language_manager().install("zh_CN") is None
    chinese = [_cli(capsys, *argv) for argv in CLI_RUNS]
    assert chinese == english
    json.loads(english[0][1])  # the JSON is still JSON
    assert english[2][0] == 2 and "too small; allowed: an integer from 1" in english[2][2]
    assert english[3][0] == 2 and "is not a number; allowed:" in english[3][2]


def test_cli_help_and_json_ignore_a_chinese_system_locale() -> None:
    root = Path(__file__).resolve().parents[2]

    def run(*argv: str, lang: str) -> str:
        env = {**os.environ, "LANG": lang, "LC_ALL": lang, "LANGUAGE": lang.split(".")[0]}
        done = subprocess.run(
            [sys.executable, "-m", "app", *argv],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    for argv in (("--help",), ("devices", "--json")):
        assert run(*argv, lang="zh_CN.UTF-8") == run(*argv, lang="C.UTF-8")


# layout: the toolbar and menus hold Chinese ------------------------------------------------------
@pytest.mark.parametrize(
    ("size", "presentation"), [((1280, 720), True), (None, False)], ids=["presentation", "default"]
)
def test_toolbar_and_menus_fit_in_zh_cn(qtbot, english_afterwards, size, presentation) -> None:
    from app.theme import apply_theme, theme

    app = QApplication.instance()
    assert language_manager().install("zh_CN") is None
    prefs = Preferences(ephemeral=True)
    prefs.presentation = presentation
    apply_theme(app, theme("light", presentation))
    try:
        win = MainWindow(preferences=prefs)
        qtbot.addWidget(win)
        win.resize(*(size or (1280, 820)))
        win.show()
        win.show_tab("dtypes")
        settle(win)  # until a pass changes nothing: a fixed count can read a relayout in flight
        if size is not None:
            assert (win.width(), win.height()) == size
        bar = win.findChild(QToolBar, "selectionBar")
        assert audit(bar) == []
        hidden = bar.findChild(QToolButton, "qt_toolbar_ext_button")
        assert hidden is None or not hidden.isVisible(), "toolbar items are folded away"
        menubar = win.menuBar()
        more = menubar.findChild(QToolButton, "qt_menubar_ext_button")
        assert more is None or not more.isVisible(), "menus are folded behind »"
        for action in menubar.actions():
            assert menubar.rect().contains(menubar.actionGeometry(action)), action.text()
        screen = win.screen().availableGeometry()
        for menu in win.findChildren(QMenu):
            hint = menu.sizeHint()
            assert hint.width() <= screen.width() and hint.height() <= screen.height(), menu.title()
    finally:
        apply_theme(app, theme("light", False))


# dialogs and messages ---------------------------------------------------------------------------
def test_the_device_dialog_speaks_chinese_with_qts_own_buttons(qtbot, english_afterwards) -> None:
    from PySide6.QtWidgets import QDialogButtonBox

    from app.state import AppState
    from widgets.device_dialog import DeviceDialog

    assert language_manager().install("zh_CN") is None
    dialog = DeviceDialog(start=AppState().device)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == _catalog("zh_CN", "DeviceDialog", "Add your own device")
    save = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save)
    assert save.text().replace("&", "").startswith("保存")  # Qt's own catalog (qtbase_zh_CN)
    dialog.memory.setText("0")
    dialog.try_accept()
    field = _catalog("zh_CN", "DeviceDialog", "memory")
    too_small = _catalog("zh_CN", "Validate", "{field}: {value} is too small; {allowed}")
    assert dialog.problem.text().startswith(too_small.split("{value}")[0].format(field=field))
    assert dialog.memory.errorText() == dialog.problem.text()
    assert dialog.result() == 0  # still open


def test_a_core_message_is_english_text_and_translated_where_shown(english_afterwards) -> None:
    from core.errors import InputError
    from core.validate import positive_int
    from widgets.i18n import localized

    with pytest.raises(InputError) as info:
        positive_int("0", "GPUs")
    english = "GPUs: 0 is too small; allowed: an integer from 1 to 10,000,000"
    assert info.value.message == english and str(info.value) == english
    assert language_manager().install("zh_TW") is None
    assert info.value.message == english  # the value itself never changes
    shown = localized(info.value.message)
    allowed = _catalog("zh_TW", "Validate", "allowed: an integer from {low} to {high}")
    assert shown == _catalog(
        "zh_TW", "Validate", "{field}: {value} is too small; {allowed}"
    ).format(field="GPUs", value="0", allowed=allowed.format(low="1", high="10,000,000"))


def test_translate_calls_lupdate_cannot_read_are_named(tmp_path: Path, monkeypatch) -> None:
    from app import translations

    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "x.py").write_text(
        "from core.texts import translate\n"
        "a = translate('Ctx', 'fine {n}').format(n=1)\n"
        "b = translate('Ctx', 'skipped {n}', n=1)\n"
        "c = translate('Ctx', f'{a} skipped')\n"
        "d = QCoreApplication.translate(context, template)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(translations, "PARTS", {"window": ("app/*.py",)})
    found = translations.unextracted(tmp_path)
    assert [line.split(": ")[0] for line in found] == ["app/x.py:3", "app/x.py:4"]


def _plan_catalog(language: str, source: str) -> str:
    """The translation of ``source`` in the Plan part's ``.ts`` file of ``language``."""
    root = ET.parse(I18N / f"plan_{language}.ts").getroot()
    for message in root.iter("message"):
        if message.findtext("source") == source:
            return message.findtext("translation") or ""
    raise AssertionError(f"{source!r} is not in plan_{language}.ts")


def test_the_plans_outside_note_translates_its_gaps_and_the_regime(
    qtbot, english_afterwards
) -> None:
    # A host-bound MoE plan with too few runs of its kind: the note names the gaps ("no ... runs")
    # and the pool ("host-bound"); every part of it must reach the window in Chinese, not the
    # gaps frozen in English inside a translated sentence.
    from core.plan import uncertainty as U
    from widgets.i18n import localized

    gpu = [U.Residual(f"g{i}", "Hopper", "megatron", "16-bit", 0.01 * i, "moe") for i in range(9)]
    host = [U.Residual("h0", "Hopper", "megatron", "16-bit", 0.9, "moe", "host")]
    values = {"model": "moe", "regime": "host", "generation": "Hopper", "codebase": "megatron",
              "precision": "16-bit"}  # fmt: skip
    b = U.band(values, gpu + host)
    note = U.Uncertainty(b, (1, 1), (1, 1), (1, 1), None).note()
    assert "host-bound" in note and "only 1 " in note  # the English the CLI prints
    assert language_manager().install("zh_CN") is None
    shown = localized(note)
    assert _plan_catalog("zh_CN", "host-bound") in shown
    only = _plan_catalog("zh_CN", "only {n} {what} runs")
    assert only.split("{n}")[1].strip() in shown  # the gap's own words, translated
    assert "runs" not in shown and "host-bound" not in shown


def test_the_precision_combo_names_its_recipes_in_the_windows_language(
    qtbot, english_afterwards
) -> None:
    # The recipes' names are core sentences (core.plan.precision): the Code page must show them
    # translated, not the English each Text carries.
    from core.plan.precision import PRECISIONS
    from widgets.plan.inputs import PlanInputs

    assert language_manager().install("zh_CN") is None
    inputs = PlanInputs()
    qtbot.addWidget(inputs)
    box = inputs.combos["precision"]
    shown = {box.itemData(i): box.itemText(i) for i in range(box.count())}
    assert list(shown) == list(PRECISIONS)
    for rid in ("fp8-current", "fp8-blockwise"):
        want = _plan_catalog("zh_CN", PRECISIONS[rid].name().template)
        assert shown[rid] == want and shown[rid] != str(PRECISIONS[rid].name())
