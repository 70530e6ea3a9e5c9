"""pytest at the repository's root: the modules that only keep a public import name where a module
moved (damlib/pdn.py is damlib/play/pdn.py, and so on) are not collected for doctests: their
doctests run where the module lives."""

collect_ignore = [f"damlib/{name}.py" for name in
                  ("diagram", "exercises", "handout", "hints", "learn", "notes", "pdn", "search")]
