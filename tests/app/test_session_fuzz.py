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


@pytest.mark.parametrize("tab_id", [spec.id for spec in TABS])
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.dictionaries(st.text(max_size=12), JSON, max_size=6), keys=st.data())
def test_restore_never_raises(
    window: MainWindow, tab_id: str, data: dict, keys: st.DataObject
) -> None:
    page = window.slots[tab_id].page()
    real_keys = list(page.session_state())
    if real_keys:  # also hit the keys the tab really reads, with junk values
        for key in keys.draw(
            st.lists(st.sampled_from(real_keys), max_size=len(real_keys), unique=True)
        ):
            data[key] = keys.draw(JSON)
    problems = page.restore_session(data)
    assert isinstance(problems, list) and all(isinstance(p, str) for p in problems)
    assert isinstance(page.session_state(), dict)
