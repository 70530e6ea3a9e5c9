"""The Jupyter server's pre-save hook for the damlib lessons, named by jupyter-server-damlib.json:
each damlib board of a notebook is saved as a picture of how it was left, not as widget state (see
damlib/widgets/saved.py, which does the work). Kept apart from damlib so that a server whose
environment has these settings but not damlib still starts, and saves notebooks as they are."""

from __future__ import annotations

from typing import Any


def pre_save(model: dict[str, Any], **kwargs: Any) -> None:
    try:
        from damlib.widgets.saved import pre_save as boards_as_pictures
    except ImportError:
        return
    boards_as_pictures(model, **kwargs)
