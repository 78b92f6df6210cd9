"""Test-wide setup: offscreen Qt, isolated settings and config folders, no leaked threads.

How the suite runs (``pyproject.toml``'s addopts, so ``python -m pytest -q`` is CI's command):

* **In parallel**, ``-n auto --dist loadfile`` (pytest-xdist): one worker process per core, each
  with its own ``QApplication``; all tests of a file run in one worker, so a module-scoped fixture
  (a window with every tab built, a traced model) is built once. ``-n 0`` runs in this process.
  The long files go first, longest first, so both cores end together (``--no-loadscope-reorder``,
  :mod:`tests.scheduling`).
* **In a random order** (pytest-randomly): files, classes and tests are shuffled with a new seed
  each run, printed at the end (``--randomly-seed=N`` repeats an order, ``-p no:randomly`` keeps
  file order); ``random`` and numpy are reseeded before each test. A test must not depend on
  another having run: settings, language, theme and caches are reset here or by its own fixtures.
* **Hypothesis draws the same examples every run** (the ``napkinlab`` profile below: derandomized,
  no example database, and every project module loaded before the first test, since Hypothesis
  also draws literals from the project modules loaded at the time: ``tests/project_modules.py``),
  so a property test cannot pass in one order and fail in another; to hunt for new
  counterexamples, run it with ``--hypothesis-profile=explore``.
* **The bundled fonts** (``resources/fonts``, :mod:`widgets.fonts`) are installed in pytest-qt's
  ``qapp`` and by every window, so layout checks use no font of the machine's (a CJK font aside).
* **Plan traces are shared**: the plan's layer traces on disk (:mod:`core.plan.trace_store`) are
  kept in one folder for the whole run, every worker's (a trace is a function of its key).
* **Between modules** the application is put back in English and the light theme.
* **Garbage every few modules**: after each test the cycle collector runs here, in the GUI
  thread, and what survives is frozen (``gc.freeze``), so the next test does not rescan torch's
  and Qt's millions of objects (that full scan took 0.2-1 s after every test, most of the suite's
  time); every :data:`FULL_COLLECTION_EVERY` modules everything is unfrozen and collected once
  (after every module, that scan was a sixth of the suite's time).

Sharing expensive setup: put a trace or a window that several tests read in a ``scope="module"``
fixture of that file (see ``tests/app/test_layout_fit.py``'s ``window``); with ``loadfile`` it is
built once per run. A fixture must not depend on the per-test folders below (they are set after
module fixtures): give it ``Preferences(ephemeral=True)`` or ``tmp_path_factory``.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

import pytest

try:
    from hypothesis import settings as _hypothesis_settings
except ImportError:  # core-only environments
    pass
else:
    _hypothesis_settings.register_profile("napkinlab", derandomize=True, database=None)
    _hypothesis_settings.register_profile("explore", derandomize=False, database=None)
    _hypothesis_settings.load_profile("napkinlab")
    # Hypothesis also draws literals from the project modules loaded so far: load them all now, so
    # a property test's examples do not depend on which test files ran before it.
    from tests.project_modules import load_all as _load_project_modules

    _load_project_modules()


@pytest.fixture(scope="session")
def qapp(qapp):
    """pytest-qt's application, with the bundled fonts installed before any widget is made (as
    ``napkinlab`` does at start), so a widget test lays text out as the app does on any machine.
    Windows install them themselves (:class:`app.main_window.MainWindow`, ``apply_theme``)."""
    from widgets.fonts import install_fonts

    problems = install_fonts()
    assert not problems, problems
    return qapp


@pytest.fixture(autouse=True, scope="session")
def _shared_plan_traces(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The plan's layer traces (:mod:`core.plan.trace_store`) are kept for the whole run, shared
    by every module and worker: a shape traces the same ops whoever asks first, and each check
    that replans the published runs (the docs' figures, the residual file, the MoE table) no
    longer traces their sixty shapes again. Outside the user's cache, like every folder here."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    os.environ["NAPKINLAB_PLAN_TRACE_DIR"] = str(shared / "plan-traces")


@pytest.fixture(autouse=True, scope="module")
def _isolated_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each module, its module fixtures included, starts with a fresh cache folder (Step traces):
    a run neither reads a trace an earlier run left nor leaves one in the user's cache, and a
    module's windows never show a trace another module left ("from the trace cache" changed the
    Step tab's status line, and so its layout, with the order the files ran in)."""
    os.environ["NAPKINLAB_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))


@pytest.fixture(autouse=True)
def _isolated_user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point config, data and QSettings at fresh folders so tests never touch the user's files."""
    root = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("NAPKINLAB_CONFIG_DIR", str(root / "config"))
    monkeypatch.setenv("NAPKINLAB_DATA_DIR", str(root / "data"))
    monkeypatch.setenv("NAPKINLAB_CACHE_DIR", str(root / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(root / "xdg"))
    try:
        from PySide6.QtCore import QSettings
    except ImportError:  # core-only environments
        return
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(root / "qsettings")
    )
    QSettings.setPath(
        QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(root / "qsettings")
    )


@pytest.fixture(autouse=True)
def _collect_in_main_thread():
    """Free each test's garbage here, in the GUI thread, not later inside some worker thread.

    Qt objects must be destroyed in the thread that owns them; a cycle collection triggered by a
    worker (importing torch, say) would otherwise finalise earlier tests' widgets there.
    """
    yield
    import gc
    import sys

    if "PySide6.QtCore" in sys.modules:
        # The widgets the test's qtbot closed (and any deleteLater) die now: outside an event
        # loop Qt never deletes them, and every live window makes each later theme change (a
        # presentation switch restyles every widget) slower: 26 windows made one take 20 s.
        from PySide6.QtCore import QCoreApplication, QEvent

        if QCoreApplication.instance() is not None:
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    # What survives a test (modules, caches, module-scoped fixtures) is not scanned again: a full
    # collection over torch's, sympy's and Qt's objects took 0.2-1 s after every test (most of the
    # suite's time). _collect_module_garbage scans everything once per module.
    gc.freeze()


#: Modules between two full collections (each scans torch's, sympy's and Qt's millions of
#: objects, about 1 s here: once per module it was a sixth of the suite's time).
FULL_COLLECTION_EVERY = 8
_modules_since_full = [0]


@pytest.fixture(autouse=True, scope="module")
def _between_modules():
    """After a module (and its module-scoped fixtures): the application back in English and the
    light theme, whatever the module switched to; every :data:`FULL_COLLECTION_EVERY` modules,
    what was frozen and died since collected (in this, the GUI thread)."""
    yield
    _reset_application()
    import gc

    _modules_since_full[0] += 1
    if _modules_since_full[0] >= FULL_COLLECTION_EVERY:
        _modules_since_full[0] = 0
        gc.unfreeze()  # the whole heap scanned
    gc.collect()  # else only what the module's teardown left since the last test: cheap
    gc.freeze()


def _reset_application() -> None:
    import sys

    if "PySide6.QtWidgets" not in sys.modules:
        return
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    if "app.i18n" in sys.modules:
        from app.i18n import language_manager

        language_manager().install("en")
    if "app.theme" in sys.modules and app.styleSheet():
        from app.theme import apply_theme, style_sheet, theme

        light = theme("light", False)
        # Restyling repolishes every live widget (seconds): only when a module left another theme.
        if app.styleSheet() != style_sheet(light) or app.font().pointSizeF() != light.base_pt:
            apply_theme(app, light)


@pytest.fixture(autouse=True)
def _no_leaked_qthreads(request: pytest.FixtureRequest):
    """Fail a test that leaves a QThread running (napari's rule)."""
    yield
    import sys

    if "PySide6.QtCore" not in sys.modules:
        return
    from PySide6.QtCore import QThread
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        return
    if "app.worker_runner" in sys.modules:  # a stopped job's thread ends on its own (detached)
        sys.modules["app.worker_runner"].wait_detached(10_000)
    running = [t for t in app.findChildren(QThread) if t.isRunning()]
    if running:
        pytest.fail(f"test left {len(running)} QThread(s) running")


def _group_key(item: pytest.Item, names: tuple[str, ...]) -> tuple[str, ...]:
    params = getattr(getattr(item, "callspec", None), "params", {})
    return tuple(repr(params.get(name)) for name in names)


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session):
    """Collect with the cycle collector off, and turn it back on after.

    Collecting imports torch, transformers, sympy and Qt (millions of objects) and rewrites the
    asserts of 300 test files (many small objects): the collector, triggered by those
    allocations, scanned the growing heap over and over (20 full scans, 5-6 s of each worker's
    25 s of collection). What collection leaves is scanned once, after the first test
    (:func:`_collect_in_main_thread`). An xdist controller collects nothing: the collector is
    back on as soon as this hook returns.
    """
    import gc

    enabled = gc.isenabled()
    gc.disable()
    try:
        return (yield)
    finally:
        if enabled:
            gc.enable()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run a module's tests group by group where the module names its groups (``GROUP_BY``).

    A module that sets ``GROUP_BY = ("theme", ...)`` (parameter names of its tests, or of a
    module-scoped parametrized fixture) has its tests regrouped, after pytest-randomly shuffled
    them, so that tests sharing those values run one after another: in random order within a
    group, the groups in the random order of their first test. The names nest, first outermost:
    the tests sharing the first value run together, within them those sharing the second, and so
    on (``test_layout_fit.py``'s ``("presentation", "theme", "size")`` switches presentation mode
    once and the theme once or twice on each side; its eight groups of all three, in any order,
    switched one or both between most groups: 20-22 restyles of a window, 1.3 s each). Switching
    a window's theme, mode or language, or building another module-scoped window, costs seconds; a shuffled file
    paid it before nearly every test (``test_layout_fit.py`` took 136 s shuffled, 54 s grouped).
    Each test still sets up what it checks, so it passes in any order (``-p no:randomly`` or
    another seed runs other orders); this only spares the switches. The order stays a function
    of the seed, so every xdist worker collects the same list.

    In an xdist worker the files then go in the order of :func:`tests.scheduling.order_files`:
    the long ones first, so that both cores end together.
    """
    slots: dict[object, list[int]] = {}
    for index, item in enumerate(items):
        module = getattr(item, "module", None)
        if getattr(module, "GROUP_BY", None):
            slots.setdefault(module, []).append(index)
    for module, indices in slots.items():
        names = tuple(module.GROUP_BY)
        members = [items[i] for i in indices]
        keys = [_group_key(item, names) for item in members]
        first: dict[tuple[str, ...], int] = {}  # each prefix of a key: its rank of appearance
        for key in keys:
            for depth in range(1, len(key) + 1):
                first.setdefault(key[:depth], len(first))
        ranks = [tuple(first[key[:depth]] for depth in range(1, len(key) + 1)) for key in keys]
        order = sorted(range(len(members)), key=ranks.__getitem__)  # stable: shuffle kept
        members = [members[i] for i in order]
        for index, item in zip(indices, members, strict=True):
            items[index] = item
    if hasattr(config, "workerinput"):  # an xdist worker: the long files first
        from tests.scheduling import order_files

        items[:] = order_files(items)


def pytest_terminal_summary(terminalreporter, config) -> None:
    """Say which random order ran, so a failure can be repeated in the same order."""
    seed = getattr(config.option, "randomly_seed", None)
    if isinstance(seed, int) and config.pluginmanager.has_plugin("randomly"):
        terminalreporter.write_line(
            f"random order: --randomly-seed={seed} repeats it (-p no:randomly: file order)"
        )
