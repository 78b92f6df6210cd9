"""Fetching a Hub model's config.json: offline is said at once in one complete line, a download
says what it does while it runs, and a fake Hub (a listening socket standing for the endpoint, a
stand-in for ``hf_hub_download``) is fetched through the same path the CLI and the window use.

References: ``.invalid`` names never resolve (RFC 2606), a closed local port refuses at once; the
timings are wall-clock, against huggingface_hub's own ~24 s of retries.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from app.cli import main
from core.errors import InputError
from core.step.hf import HUB_CONNECT_TIMEOUT, hub_offline_reason, resolve_model_source
from tests.app.test_hub_id import TINY_LLAMA

huggingface_hub = pytest.importorskip("huggingface_hub")


@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HTTPS_PROXY", "https_proxy",
                 "ALL_PROXY", "all_proxy"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    return tmp_path / "hub"


@pytest.fixture
def fake_hub(empty_cache: Path, monkeypatch: pytest.MonkeyPatch):
    """An endpoint that accepts connections, and a download that writes the config there."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{server.getsockname()[1]}")
    calls: list[str] = []

    def download(repo: str, filename: str, revision=None, cache_dir=None, **_kw) -> str:
        calls.append(repo)
        if repo.startswith("nobody/"):
            raise type("RepositoryNotFoundError", (Exception,), {})("404 Client Error. " * 30)
        folder = Path(cache_dir) / ("models--" + repo.replace("/", "--"))
        path = folder / "snapshots" / "r" / filename  # laid out as huggingface_hub lays it out
        path.parent.mkdir(parents=True, exist_ok=True)
        (folder / "refs").mkdir(exist_ok=True)
        (folder / "refs" / "main").write_text("r")
        path.write_text(json.dumps(TINY_LLAMA))
        return str(path)

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", download)
    yield calls
    server.close()


def _one_complete_line(message: str) -> None:
    assert "\n" not in message.strip() and "…" not in message and "more chars" not in message


def test_offline_by_environment_is_said_at_once(empty_cache, monkeypatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    tried: list[object] = []  # no connection and no download is tried: the flag answers at once
    monkeypatch.setattr("socket.create_connection", lambda *a, **k: tried.append(a))
    monkeypatch.setattr(huggingface_hub, "hf_hub_download", lambda *a, **k: tried.append(a))
    with pytest.raises(InputError) as info:
        resolve_model_source("acme/tiny", allow_download=True)
    assert tried == []
    assert "offline (HF_HUB_OFFLINE=1 is set)" in info.value.message
    _one_complete_line(info.value.message)


@pytest.mark.parametrize("endpoint", ["https://hub.napkinlab.invalid", "http://127.0.0.1:9"])
def test_no_network_fails_fast_and_says_why(empty_cache, monkeypatch, capsys, endpoint) -> None:
    monkeypatch.setenv("HF_ENDPOINT", endpoint)
    downloads: list[object] = []  # one connection check, never huggingface_hub's retries
    monkeypatch.setattr(huggingface_hub, "hf_hub_download", lambda *a, **k: downloads.append(a))
    code = main(["memory", "--model", "acme/tiny", "--allow-download"])
    err = capsys.readouterr().err
    assert code == 2 and downloads == [], err
    assert err.count("\n") == 1 and ": offline (" in err
    assert ("does not resolve" in err) if "invalid" in endpoint else ("127.0.0.1:9" in err)
    _one_complete_line(err)


def test_this_machine_s_own_network_condition_is_answered_quickly(empty_cache) -> None:
    reason = hub_offline_reason(timeout=HUB_CONNECT_TIMEOUT)  # returns: the check is bounded
    assert reason is None or str(reason)  # reachable, or a reason in words


def test_a_fake_hub_download_says_what_it_does(fake_hub, capsys) -> None:
    code = main(["memory", "--model", "acme/tiny", "--allow-download", "--seq", "16", "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert fake_hub == ["acme/tiny"]
    assert "napkinlab: fetching the config.json of acme/tiny" in captured.err
    assert json.loads(captured.out)["model"]["name"] == "acme/tiny"
    # Now cached: read offline, no second download.
    path, name = resolve_model_source("acme/tiny")
    assert name == "acme/tiny" and Path(path).is_file() and fake_hub == ["acme/tiny"]


def test_a_refused_download_is_one_complete_line(fake_hub) -> None:
    with pytest.raises(InputError) as info:
        resolve_model_source("nobody/nothing", allow_download=True)
    assert "no such repository, or it is private" in info.value.message
    _one_complete_line(info.value.message)


def test_the_plan_window_offers_the_fetch_and_uses_it(fake_hub, qtbot) -> None:
    from app.state import AppState
    from app.tabs.plan_tab import PlanPage

    page = PlanPage(AppState())
    qtbot.addWidget(page)
    page.show()
    row = page.inputs.hub_row
    page.inputs.set_model("acme/tiny")
    assert row.isVisible() and "not in the Hugging Face cache" in row.sentence()
    assert not page.inputs.model_error.isVisible()  # no paragraph of terminal commands
    row.fetch_button.click()
    assert row.is_busy() or not row.isVisible()
    qtbot.waitUntil(lambda: not page.hub_fetcher.runner.is_running(), timeout=10_000)
    qtbot.waitUntil(lambda: not row.isVisible(), timeout=5_000)
    assert fake_hub == ["acme/tiny"] and not page.inputs.model_error.isVisible()
    page.shutdown()


def test_the_step_window_offers_the_fetch_and_traces_it(fake_hub, qtbot) -> None:
    from app.state import AppState
    from app.tabs.step_tab import StepPage

    page = StepPage(AppState())
    qtbot.addWidget(page)
    page.show()
    row = page.hub_row
    assert not row.isVisible()  # a preset needs no fetch
    page.model_box.lineEdit().clear()
    qtbot.keyClicks(page.model_box.lineEdit(), "acme/tiny")  # typed
    assert row.isVisible() and "not in the Hugging Face cache" in row.sentence()
    traced: list[bool] = []
    page.traceFinished.connect(traced.append)
    row.fetch_button.click()
    qtbot.waitUntil(lambda: not page.hub_fetcher.runner.is_running(), timeout=10_000)
    qtbot.waitUntil(lambda: not row.isVisible(), timeout=5_000)
    assert fake_hub == ["acme/tiny"]
    qtbot.waitUntil(lambda: bool(traced), timeout=60_000)  # fetched, then traced at once
    assert traced == [True] and page.trace is not None
    page.shutdown()


def test_a_restored_step_session_offers_the_fetch(empty_cache, qtbot) -> None:
    from app.state import AppState
    from app.tabs.step_tab import StepPage

    page = StepPage(AppState())
    qtbot.addWidget(page)
    page.show()
    page.restore_session({"model": "acme/tiny"})
    assert page.hub_row.isVisible() and "acme/tiny" in page.hub_row.sentence()
    page.shutdown()


def test_a_cancelled_fetch_is_let_go_not_destroyed(empty_cache, monkeypatch, qtbot) -> None:
    import threading

    from app.hub_fetch import HubFetcher
    from app.worker_runner import wait_detached
    from widgets.hub_fetch import HubFetchRow

    release = threading.Event()
    monkeypatch.setattr("core.step.hf.hub_offline_reason", lambda timeout=3.0: None)

    def slow(repo, filename, revision=None, cache_dir=None, **_kw):
        release.wait(10)
        raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", slow)
    row = HubFetchRow()
    qtbot.addWidget(row)
    fetcher = HubFetcher(row)
    fetcher.watch("acme/slow")
    fetcher.start("acme/slow")
    assert row.is_busy() and fetcher.runner.is_running()
    row.cancel_button.click()  # returns at once; the thread is kept until it ends
    assert not fetcher.runner.is_running() and "Cancelled" in row.sentence()
    release.set()
    assert wait_detached(10_000)
