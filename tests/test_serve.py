"""The README's server (build.py serve): a browser that goes away mid-answer is no error, other errors
still are."""

from __future__ import annotations

from test_browser import BUILD     # build.py, loaded as a module


def _fail_with(server, error: Exception) -> None:
    try:
        raise error
    except Exception:
        server.handle_error(None, ("127.0.0.1", 1))


def test_a_browser_going_away_prints_nothing_and_other_errors_print(tmp_path, capsys):
    server = BUILD.make_server(tmp_path)
    try:
        for error in (ConnectionResetError(104, "reset by peer"), BrokenPipeError(32, "broken pipe"),
                      ConnectionAbortedError()):
            _fail_with(server, error)
        assert capsys.readouterr().err == ""
        _fail_with(server, ValueError("a fault of ours"))
        assert "ValueError: a fault of ours" in capsys.readouterr().err
    finally:
        server.server_close()
