"""Any JSON a session file can hold, restored into any tab, is reported, never raised."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.main_window import MainWindow
from app.settings import Preferences
from app.tabs import TABS

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def window(qapp):
    win = MainWindow(preferences=Preferences(ephemeral=True))
    for spec in TABS:
        win.show_tab(spec.id)
    yield win
    win.close()
    import shiboken6

    shiboken6.delete(win)


@pytest.fixture(scope="module")
def real_keys(window: MainWindow) -> dict[str, list[str]]:
    """The keys each tab's session holds when it is first built, in a fixed order.

    Taken once, before any example: a tab's keys grow as junk opens its other pages (the Dtypes
    tab's block page adds five), and a strategy drawn from keys that differ between examples is
    one Hypothesis cannot replay (``FlakyStrategyDefinition``).
    """
    return {spec.id: sorted(window.slots[spec.id].page().session_state()) for spec in TABS}


@pytest.mark.parametrize("tab_id", [spec.id for spec in TABS])
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.dictionaries(st.text(max_size=12), JSON, max_size=6), keys=st.data())
def test_restore_never_raises(
    window: MainWindow,
    real_keys: dict[str, list[str]],
    tab_id: str,
    data: dict,
    keys: st.DataObject,
) -> None:
    page = window.slots[tab_id].page()
    tab_keys = real_keys[tab_id]
    if tab_keys:  # also hit the keys the tab really reads, with junk values
        for key in keys.draw(
            st.lists(st.sampled_from(tab_keys), max_size=len(tab_keys), unique=True)
        ):
            data[key] = keys.draw(JSON)
    problems = page.restore_session(data)
    assert isinstance(problems, list) and all(isinstance(p, str) for p in problems)
    assert isinstance(page.session_state(), dict)
