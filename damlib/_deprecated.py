"""Old public names kept for one release after a rename, each with a DeprecationWarning."""

import warnings
from collections.abc import Mapping


def renamed(module: str, names: Mapping[str, str], namespace: Mapping[str, object], name: str) -> object:
    """What ``module``'s old ``name`` is now (``names[name]``, read in ``namespace``), said in a
    DeprecationWarning at the caller's line; an AttributeError for a name never there.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as said:
    ...     warnings.simplefilter("always")
    ...     renamed("damlib.search", {"LEVELS": "STRENGTHS"}, {"STRENGTHS": 3}, "LEVELS")
    3
    >>> said[0].category.__name__, str(said[0].message)[:40]
    ('DeprecationWarning', 'damlib.search.LEVELS is now damlib.searc')
    """
    if name not in names:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    warnings.warn(f"{module}.{name} is now {module}.{names[name]}; the old name goes in the next release",
                  DeprecationWarning, stacklevel=3)
    return namespace[names[name]]
