"""The Plan tab's views and input pages, audited one after another (shared by the layout tests)."""

from __future__ import annotations

from collections.abc import Callable

from app.layout_audit import audit
from app.main_window import MainWindow


def plan_views_problems(window: MainWindow, settle: Callable[[], None]) -> list[str]:
    """Audit every view (chart, ranked layouts, assumptions) and every input page (run, cluster,
    layout) of the Plan tab, not only the ones a screenshot shows."""
    page = window.show_tab("plan")
    page.prepare_screenshot()
    problems = []
    try:
        for view in range(page.views.count()):
            page.views.setCurrentIndex(view)
            for inputs in range(page.inputs.pages.count()):
                page.inputs.pages.setCurrentIndex(inputs)
                settle()
                found = audit(window, scrollbars=window.current_theme.scale > 1.0)
                if (window.width(), window.height()) != (
                    1280,
                    720,
                ) and window.current_theme.scale > 1.0:
                    found.insert(0, f"the window is {window.width()}x{window.height()}")
                problems += [f"view {view}, input page {inputs}: {p}" for p in found]
    finally:
        page.views.setCurrentIndex(0)
        page.inputs.pages.setCurrentIndex(0)
    return problems
