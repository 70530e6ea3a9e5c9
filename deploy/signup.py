"""The class hub's sign-up codes and failed logins, kept in the hub's folder (mode 600), and the
teacher's page and cards (PDF) of the codes. Used by deploy/classhub.py."""

from __future__ import annotations

import hmac
import html
import io
import json
import math
import os
import secrets
import tempfile
from pathlib import Path
from typing import Any

#: letters and digits nobody reads as another (no 0/o, 1/l/i)
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
#: failures from one address are counted over this many seconds
WINDOW = 600
#: the longest a name or an address waits between tries, in seconds
LONGEST_WAIT = 60


def _load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save(path: Path, data: dict[str, Any]) -> None:
    """Write ``path`` whole, readable by the hub's account only, then rename it into place."""
    handle, scratch = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    with os.fdopen(handle, "w", encoding="utf-8") as out:  # mkstemp's mode: 600
        json.dump(data, out, indent=1, sort_keys=True)
    os.replace(scratch, path)


class Codes:
    """One-time sign-up codes, a code per learner not signed up yet."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def all(self) -> dict[str, str]:
        return {name: code for name, code in _load(self.path).items() if isinstance(code, str)}

    def make(self, name: str) -> str:
        """``name``'s code, made now if they have none."""
        codes = self.all()
        if name not in codes:
            codes[name] = "".join(secrets.choice(ALPHABET) for _ in range(8))
            _save(self.path, codes)
        return codes[name]

    def matches(self, name: str, code: str) -> bool:
        kept = self.all().get(name)
        typed = code.strip().lower().replace(" ", "").replace("-", "")
        return kept is not None and hmac.compare_digest(kept, typed)

    def used(self, name: str) -> None:
        codes = self.all()
        if codes.pop(name, None) is not None:
            _save(self.path, codes)


def _wait(failures: int, free: int) -> float:
    """Seconds to wait after the last of ``failures``, the first ``free`` costing nothing: 1, 2, 4 … 60."""
    return 0.0 if failures < free else float(min(2 ** (failures - free), LONGEST_WAIT))


class Failures:
    """Failed logins: a name's since its last success (kept on disk, so a restart does not unlock
    it), an address's over the last :data:`WINDOW` seconds (in memory)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.addresses: dict[str, list[float]] = {}

    def _names(self) -> dict[str, list[float]]:
        return _load(self.path)

    def refused(self, name: str, address: str, *, now: float, name_wait: int, name_lock: int,
                address_wait: int) -> str:
        """Why a try of ``name`` from ``address`` is refused before its password is checked, or ""."""
        count, last = self._names().get(name, [0, 0.0])
        if count >= name_lock:
            return (f"This name is locked after {int(count)} failed logins: your teacher can unlock it "
                    "(Sign-up codes page).")
        recent = [t for t in self.addresses.pop(address, []) if now - t < WINDOW]
        if recent:
            self.addresses[address] = recent
        wait = max(_wait(int(count), name_wait) - (now - last),
                   _wait(len(recent), address_wait) - (now - max(recent, default=0.0)))
        return f"Too many failed logins: try again in {math.ceil(wait)} seconds." if wait > 0 else ""

    def failed(self, name: str | None, address: str, *, now: float) -> None:
        """A failed login from ``address``, of ``name`` (None: a name not allowed, not kept)."""
        self.addresses.setdefault(address, []).append(now)
        if name is None:
            return
        names = self._names()
        count = names.get(name, [0, 0.0])[0]
        names[name] = [count + 1, now]
        _save(self.path, names)

    def succeeded(self, name: str) -> None:
        self.unlock(name)

    def unlock(self, name: str) -> None:
        names = self._names()
        if names.pop(name, None) is not None:
            _save(self.path, names)

    def locked(self) -> dict[str, int]:
        return {name: int(count) for name, (count, _) in self._names().items()}


def page(codes: dict[str, str], failures: dict[str, int], *, xsrf: str, base: str) -> str:
    """The teacher's page: each code not used yet, and each name with failed logins (unlock)."""
    rows = "".join(f"<tr><td>{html.escape(name)}</td><td><code>{code}</code></td></tr>"
                   for name, code in sorted(codes.items()))
    names = "".join(f"<tr><td>{html.escape(name)}</td><td>{count}</td><td><form method='post' action='{base}unlock'>"
                    f"{xsrf}<input type='hidden' name='name' value='{html.escape(name)}'>"
                    "<button type='submit'>Unlock</button></form></td></tr>"
                    for name, count in sorted(failures.items()))
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Sign-up codes</title></head><body>"
            "<h1>Sign-up codes</h1><p>A learner's first login needs their name, their code and a password "
            "they choose; the code then stops working. Deleting a learner and adding them again gives a new "
            f"code. <a href='{base}sign-up-codes.pdf'>Cards to print and cut out (PDF)</a></p>"
            f"<table><tr><th>name</th><th>code</th></tr>{rows}</table>"
            "<h2>Failed logins</h2>"
            "<p>A name is slowed down after a few failed logins, then locked until unlocked here.</p>"
            f"<table><tr><th>name</th><th>failures</th><th></th></tr>{names}</table></body></html>")


def cards(codes: dict[str, str], address: str) -> bytes:
    """The codes as cards to cut out, ten to an A4 page (PDF)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    out = io.BytesIO()
    names = sorted(codes)
    with PdfPages(out, metadata={"Title": "Sign-up codes", "CreationDate": None}) as pdf:
        for first in range(0, max(len(names), 1), 10):
            figure = Figure(figsize=(8.27, 11.69))
            for index, name in enumerate(names[first:first + 10]):
                left, top = 0.05 + 0.47 * (index % 2), 0.97 - 0.19 * (index // 2)
                figure.patches.append(matplotlib.patches.Rectangle(
                    (left, top - 0.18), 0.43, 0.18, transform=figure.transFigure, fill=False, linestyle="--"))
                figure.text(left + 0.02, top - 0.04, f"Name: {name}", fontsize=14, weight="bold")
                figure.text(left + 0.02, top - 0.08, f"Sign-up code: {codes[name]}", fontsize=14, family="monospace")
                figure.text(left + 0.02, top - 0.12, address, fontsize=9)
                figure.text(left + 0.02, top - 0.155, "First login: name, code and a password you choose.", fontsize=8)
            pdf.savefig(figure)
    return out.getvalue()

