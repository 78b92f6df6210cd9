"""A seeded GUI monkey: random clicks, typing, combo changes, tab, language, theme and presentation
switches, traces and benchmarks started and cancelled, the window closed mid-trace.

Every exception raised in a slot (``sys.excepthook``) and every Qt warning (a message handler)
is counted; a crash or an abort ends the process, so :func:`main` runs each chunk of interactions
in a subprocess and counts a non-zero exit as an abort instead of dying with it. File dialogs
answer from a scratch folder and message boxes return at once, so nothing waits for a person.

Run with ``python benchmarks/gui_monkey.py [--steps 5000] [--chunk 1000] [--seed 1]``; prints the
counts and the first tracebacks. ``tests/app/test_gui_monkey.py`` runs a short seeded version.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(ROOT))

#: Texts typed into fields: valid, invalid, hostile.
TEXTS = (
    "", "0", "1", "-1", "4", "64", "1e9", "1e400", "nan", "-inf", "1,024", "70B", "50%", "0.5",
    "abc", "1/3", "pi", "2**-9", "0x3c00", "<img src=x>", "🙂", "  ", "x" * 300, "b (h w) -> b h w",
    "b h w -> b (h w)", "a b -> b a", "gpt2", "mlp:d=32,layers=2", "transformer:d=64,layers=2,heads=4",
    "tinyllama/config.json", "4, 8", "2x3", "((", "->", "1e-8",
)  # fmt: skip
#: Models the monkey may trace (small: a step traces in well under a second).
SMALL_MODELS = ("mlp:d=32,layers=2", "transformer:d=64,layers=2,heads=4")
#: Relative weights of the actions.
WEIGHTS = {
    "tab": 10, "type": 28, "combo": 18, "click": 22, "spin": 5, "trace": 5, "cancel": 3,
    "bench": 1, "theme": 2, "presentation": 2, "language": 1, "close": 0.6, "measured": 2,
}  # fmt: skip
#: Buttons the monkey leaves alone: they quit, open a modal window of their own, or export.
SKIP_BUTTON_TEXTS = ("quit",)


class Monkey:
    """One window (recreated when it is closed) and a seeded stream of interactions."""

    def __init__(self, seed: int, scratch: Path) -> None:
        from PySide6.QtCore import QtMsgType, qInstallMessageHandler

        from app.gc_guard import MainThreadCollector
        from app.gui import make_application

        self.rng = random.Random(seed)
        self.scratch = scratch
        self.app = make_application()
        # As the app runs (app.gui.run_gui): Python's cycle collector only in the GUI thread.
        self.collector = MainThreadCollector(parent=self.app)
        self.exceptions: list[str] = []
        self.qt_messages: list[str] = []
        self.actions: Counter[str] = Counter()
        self.windows_closed = 0
        sys.excepthook = self._excepthook
        severe = {QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg}

        def handler(mode, _context, message) -> None:
            if mode in severe and "propagateSizeHints" not in message:
                self.qt_messages.append(message)

        qInstallMessageHandler(handler)
        self._stub_dialogs()
        self.window = self._new_window()

    # set-up ------------------------------------------------------------------------------------
    def _excepthook(self, kind, value, tb) -> None:
        self.exceptions.append("".join(traceback.format_exception(kind, value, tb))[-3000:])

    def _stub_dialogs(self) -> None:
        """Modal dialogs answer at once: a file from the scratch folder, or nothing."""
        from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

        config = self.scratch / "tiny" / "config.json"
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(json.dumps({"model_type": "gpt2", "n_embd": 32, "n_layer": 1,
                                      "n_head": 2, "n_positions": 32, "vocab_size": 64}))  # fmt: skip
        rng = self.rng
        opened = [str(config), str(self.scratch / "missing.json"), ""]
        saved = [str(self.scratch / "out.csv"), str(self.scratch / "session.json"), ""]
        QFileDialog.getOpenFileName = staticmethod(lambda *a, **k: (rng.choice(opened), ""))
        QFileDialog.getSaveFileName = staticmethod(lambda *a, **k: (rng.choice(saved), ""))
        for name in ("warning", "information", "critical", "question", "about"):
            setattr(QMessageBox, name, staticmethod(lambda *a, **k: None))
        QMessageBox.exec = lambda self, *a: 0  # type: ignore[method-assign]
        QDialog.exec = lambda self, *a: 0  # type: ignore[method-assign]

    def _new_window(self):
        from app.main_window import MainWindow
        from app.settings import Preferences

        window = MainWindow(preferences=Preferences(ephemeral=True))
        window.resize(1280, 820)
        window.show()
        if window.bench is not None:
            window.bench.path = self.scratch / "measurements.jsonl"
        self._flush()
        return window

    def _flush(self, rounds: int = 2) -> None:
        from PySide6.QtCore import QCoreApplication, QEvent

        for _ in range(rounds):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            self.app.processEvents()

    # helpers -----------------------------------------------------------------------------------
    def _page(self):
        return self.window.current_page()

    def _visible(self, kind):
        page = self._page()
        return [w for w in page.findChildren(kind) if w.isVisibleTo(page) and w.isEnabled()]

    def _small_model(self) -> None:
        page = self._page()
        if getattr(page, "tab_id", "") == "step":
            page.set_config("")
            text = self.rng.choice(SMALL_MODELS)
            page.model_box.setEditText(text)
            page.model_box.lineEdit().textEdited.emit(text)  # as typing it does
            page.fields["seq"].setText("16")
            page.fields["batch"].setText("2")
            page.measure_box.setChecked(False)
        elif getattr(page, "tab_id", "") == "memory":
            controls = page.controls
            controls.model.setCurrentIndex(controls.model.findData("mlp"))
            for key, text in (("d", "64"), ("layers", "2"), ("batch", "4")):
                if key in controls.fields:
                    controls.fields[key].setText(text)

    # actions -----------------------------------------------------------------------------------
    def act(self) -> str:
        names = list(WEIGHTS)
        action = self.rng.choices(names, weights=[WEIGHTS[n] for n in names])[0]
        getattr(self, f"_do_{action}")()
        self.actions[action] += 1
        self._flush()
        return action

    def _do_tab(self) -> None:
        self.window.tabs.setCurrentIndex(self.rng.randrange(self.window.tabs.count()))

    def _do_type(self) -> None:
        from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit

        edits = [e for e in self._visible(QLineEdit) if not e.isReadOnly()]
        plains = [e for e in self._visible(QPlainTextEdit) if not e.isReadOnly()]
        combos = [c for c in self._visible(QComboBox) if c.isEditable()]
        pool = [*edits, *plains, *combos]
        if not pool:
            return
        target = self.rng.choice(pool)
        text = self.rng.choice(TEXTS)
        if isinstance(target, QPlainTextEdit):
            target.setPlainText(text)
        elif isinstance(target, QComboBox):
            target.setEditText(text)
            target.lineEdit().textEdited.emit(text)
        else:
            target.setText(text)
            target.textEdited.emit(text)
            if self.rng.random() < 0.3:
                target.returnPressed.emit()
                target.editingFinished.emit()

    def _do_combo(self) -> None:
        from PySide6.QtWidgets import QComboBox

        combos = [c for c in self._visible(QComboBox) if c.count()]
        combos += [c for c in (self.window.device_combo, self.window.dtype_combo) if c.count()]
        if not combos:
            return
        combo = self.rng.choice(combos)
        index = self.rng.randrange(combo.count())
        combo.setCurrentIndex(index)
        combo.activated.emit(index)

    def _do_click(self) -> None:
        from PySide6.QtWidgets import QAbstractButton

        buttons = [b for b in self._visible(QAbstractButton)
                   if not any(s in b.text().lower() for s in SKIP_BUTTON_TEXTS)]  # fmt: skip
        if buttons:
            button = self.rng.choice(buttons)
            if "trace" in button.text().lower() or "追" in button.text():
                self._small_model()
            menu = getattr(button, "menu", lambda: None)()
            if menu is not None:  # a person picks an entry of the popup (its exec would wait)
                actions = [a for a in menu.actions() if a.isEnabled() and not a.isSeparator()]
                if actions:
                    self.rng.choice(actions).trigger()
                return
            button.click()

    def _do_spin(self) -> None:
        from PySide6.QtWidgets import QAbstractSpinBox, QSpinBox

        spins = [s for s in self._visible(QAbstractSpinBox) if isinstance(s, QSpinBox)]
        if spins:
            spin = self.rng.choice(spins)
            low, high = spin.minimum(), min(spin.maximum(), 4096)
            spin.setValue(self.rng.randint(low, high))

    def _do_trace(self) -> None:
        tab = self.rng.choice(["step", "memory"])
        page = self.window.show_tab(tab)
        self._small_model()
        page.start_trace()

    def _do_cancel(self) -> None:
        page = self._page()
        for name in ("runner_cancel", "cancel_trace"):
            if hasattr(page, name):
                getattr(page, name)()
        if self.window.bench is not None and self.rng.random() < 0.5:
            self.window.bench.cancel()

    def _do_bench(self) -> None:
        from core.bench.suites import Case

        bench = self.window.bench
        if bench is None or bench.running:
            return
        cases = [Case("matmul", "fp32", {"m": 64, "k": 64, "n": 64}, budget_s=0.02),
                 Case("relu", "fp32", {"n": 4096}, budget_s=0.02),
                 Case("copy", "fp32", {"n": 1 << 16}, budget_s=0.02)]  # fmt: skip
        bench.start(cases, "cpu", threads=1)

    def _do_measured(self) -> None:
        rng = self.rng
        flops = float(rng.choice([2 * 64**3, 2 * 512**3, 0.0, 1e6]))
        point = {"op": rng.choice(["matmul", "relu", "copy"]), "dtype": "fp32", "shape": [64, 64],
                 "flops": flops, "bytes": float(rng.choice([1e3, 1e6, 3e6])),
                 "seconds": rng.choice([1e-6, 1e-4, 0.01]), "spread": rng.choice([0.01, 0.6, 45.2]),
                 "device": "cpu", "label": rng.choice(["", "<img src=x>", "m 64"])}  # fmt: skip
        if rng.random() < 0.2:
            point = {"op": "matmul", "flops": "nan"}  # a bad one: refused with a message
        self.window.state.measuredPoint.emit(point)

    def _do_theme(self) -> None:
        self.window.set_theme(self.rng.choice(["light", "dark"]))

    def _do_presentation(self) -> None:
        self.window.set_presentation(self.window.current_theme.scale <= 1.0)

    def _do_language(self) -> None:
        self.window.set_language(self.rng.choice(["en", "zh_CN", "zh_TW"]))

    def _do_close(self) -> None:
        """Close the window, often while a trace or a benchmark runs, and open a new one."""
        if self.rng.random() < 0.7:
            self._do_trace()
        self.window.close()
        self.window.deleteLater()
        self._flush()
        self.windows_closed += 1
        self.window = self._new_window()

    # running -----------------------------------------------------------------------------------
    def run(self, steps: int) -> dict:
        from app.i18n import language_manager

        try:
            from app.worker_runner import wait_detached
        except ImportError:  # an older tree (the monkey compares before and after)

            def wait_detached(_ms: int) -> bool:
                return True

        start = time.perf_counter()
        for _ in range(steps):
            try:
                self.act()
            except Exception:  # an exception in the monkey's own call is the app's too
                self._excepthook(*sys.exc_info())
        self.window.close()
        self._flush()
        language_manager().install("en")
        wait_detached(60_000)
        return {
            "steps": steps,
            "seconds": round(time.perf_counter() - start, 1),
            "exceptions": len(self.exceptions),
            "qt_warnings": len(self.qt_messages),
            "windows_closed": self.windows_closed,
            "actions": dict(self.actions),
            "first_exceptions": self.exceptions[:5],
            "first_qt_warnings": self.qt_messages[:5],
        }


def run_chunk(seed: int, steps: int) -> dict:
    """Run ``steps`` interactions with ``seed`` in this process; returns the counts."""
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for var in ("NAPKINLAB_CONFIG_DIR", "NAPKINLAB_DATA_DIR", "XDG_CONFIG_HOME"):
            os.environ.setdefault(var, str(scratch / var.lower()))
        return Monkey(seed, scratch).run(steps)


def run_in_subprocess(seed: int, steps: int, timeout: float = 3600) -> dict:
    """:func:`run_chunk` in a fresh interpreter: a crash or an abort is counted, not fatal."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT),
               "NAPKINLAB_CONFIG_DIR": f"{folder}/config", "NAPKINLAB_DATA_DIR": f"{folder}/data",
               "XDG_CONFIG_HOME": f"{folder}/xdg"}  # fmt: skip
        code = f"import json, sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); " \
               f"import gui_monkey; print('REPORT ' + json.dumps(gui_monkey.run_chunk({seed}, {steps})))"  # fmt: skip
        try:
            out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                                 capture_output=True, text=True, timeout=timeout)  # fmt: skip
        except subprocess.TimeoutExpired:
            return {
                "steps": steps,
                "aborted": True,
                "returncode": "timeout",
                "exceptions": 0,
                "stderr_tail": f"no answer within {timeout:.0f} s (hung)",
            }
    lines = [line for line in out.stdout.splitlines() if line.startswith("REPORT ")]
    if out.returncode != 0 or not lines:
        return {"steps": steps, "aborted": True, "returncode": out.returncode, "exceptions": 0,
                "stderr_tail": (out.stderr or out.stdout)[-3000:]}  # fmt: skip
    report = json.loads(lines[-1][len("REPORT ") :])
    report.update(aborted=False, returncode=0)
    thread_noise = [line for line in out.stderr.splitlines() if "QThread" in line]
    report["qthread_messages"] = thread_noise[:5]
    return report


def main(argv: list[str] | None = None) -> int:
    """Run the monkey in chunks (one subprocess each); exit 1 on any exception or abort."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=5000)
    parser.add_argument("--chunk", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--timeout",
        type=float,
        default=300,
        help="seconds per chunk (a chunk of 500 takes 25-45 s; past this it hung)",
    )
    args = parser.parse_args(argv)
    totals: Counter[str] = Counter()
    aborts = exceptions = warnings = 0
    seconds = 0.0
    done = 0
    chunk_index = 0
    while done < args.steps:
        steps = min(args.chunk, args.steps - done)
        seed = args.seed * 1000 + chunk_index
        report = run_in_subprocess(seed, steps, args.timeout)
        done += steps
        chunk_index += 1
        aborts += bool(report.get("aborted"))
        exceptions += int(report.get("exceptions", 0))
        warnings += int(report.get("qt_warnings", 0))
        seconds += float(report.get("seconds", 0.0))
        totals.update(report.get("actions", {}))
        status = "ABORT" if report.get("aborted") else "ok"
        print(f"chunk seed {seed}: {steps} interactions, {status}, "
              f"{report.get('exceptions', 0)} exceptions, {report.get('qt_warnings', 0)} Qt "
              f"warnings, {report.get('seconds', '?')} s", flush=True)  # fmt: skip
        for text in report.get("first_exceptions", [])[:2]:  # the whole traceback: it may not recur
            print("  exception:", text.strip().replace("\n", "\n    "))
        for text in report.get("first_qt_warnings", [])[:2]:
            print("  Qt warning:", text)
        if report.get("aborted"):
            print("  stderr:", report.get("stderr_tail", "")[-800:])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\n{done} interactions in {chunk_index} processes: {exceptions} exceptions, {aborts} "
          f"aborts, {warnings} Qt warnings; {seconds:.0f} s of monkey time at load {load:.1f} "
          f"on {os.cpu_count()} CPUs")  # fmt: skip
    print("actions:", dict(sorted(totals.items())))
    return 1 if exceptions or aborts else 0


if __name__ == "__main__":
    sys.exit(main())
