"""Pictures of a position: board diagrams (matplotlib, loaded on first use), their look (colours and
sizes, shared with the live board) and their text alternatives. Imports the engine and play only,
so the teaching above may show them; the printed pages and the widgets come above."""

from collections.abc import Callable, Sequence
from typing import Any

#: How a diagram shows where matplotlib is missing (the browser's Python): given its boards, a
#: widget that draws them. The package's front door (damlib/__init__.py) sets it to the live
#: board's, a layer above, so that no picture module imports the widgets; None, the diagram's text.
without_pictures: Callable[[Sequence[Any]], Any] | None = None
