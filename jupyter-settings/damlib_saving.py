"""A Jupyter server extension for the damlib lessons, turned on by jupyter-server-damlib.json: as a
notebook is saved, each damlib board in it is saved as a picture of how it was left, not as widget
state (damlib/widgets/saved.py does the work). Kept apart from damlib so that a server whose
environment has these settings but not damlib still starts, and saves notebooks as they are."""

from __future__ import annotations

from typing import Any


def pre_save(model: dict[str, Any], **kwargs: Any) -> None:
    """The pre-save hook: damlib's boards as pictures; without damlib, nothing."""
    try:
        from damlib.widgets.saved import pre_save as boards_as_pictures
    except ImportError:
        return
    boards_as_pictures(model, **kwargs)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "damlib_saving"}]


def _load_jupyter_server_extension(server: Any) -> None:
    # beside any hook of the user's own (register_pre_save_hook keeps them all)
    server.contents_manager.register_pre_save_hook(pre_save)
