"""The plain versions of ``engine/frozen.py``'s two layers, for ``bench_frozen.py``.

- ``records``: every ``@record`` declared by the standard library, ``dataclass(frozen=True,
  slots=True, kw_only=True)`` (what the module's docstring says a record is; ``@record(kw_only=False)``
  and ``@record(frozen=False)`` the matching dataclass), with ``dataclasses``' own ``field``,
  ``fields``, ``replace``, ``MISSING``, ``Field`` and ``FrozenInstanceError``. ``maker`` and
  ``draft_class`` stay the shipped ones: they read a class's fields through the module's ``fields``
  and ``MISSING``, the dataclasses' ones once patched.
- ``builders``: every builder made by ``maker`` is a function with the same parameters that calls
  the class with them as keywords, as the code would without it. Drafts stay: ``maker(...,
  draft=True)`` and ``draft_class``, whose instances the readers fill in line by line
  (``parsers/fastaction.py``), have no plain version short of rewriting those readers.

:func:`install`, called before drawdealer is imported, patches ``drawdealer.engine.frozen`` as it is
imported, so that the plain version takes the module's place at the same point of the start-up
(the records import ``dataclasses`` where the code would).
"""

from __future__ import annotations

import sys
from importlib.machinery import PathFinder
from types import ModuleType
from typing import Any, Callable

NAME = "drawdealer.engine.frozen"


def plain_records(module: ModuleType) -> None:
    """Make ``module`` (``engine/frozen.py``, just executed) declare records with ``dataclasses``."""
    import dataclasses

    def record(cls: Any = None, /, *, kw_only: bool = True, frozen: bool = True) -> Any:
        declare = dataclasses.dataclass(frozen=frozen, slots=True, kw_only=kw_only)
        return declare if cls is None else declare(cls)

    module.record = record  # type: ignore[attr-defined]
    for name in ("field", "fields", "replace", "MISSING", "Field", "FrozenInstanceError"):
        setattr(module, name, getattr(dataclasses, name))


def plain_builders(module: ModuleType) -> None:
    """Make ``module.maker`` return a function with the builder's parameters that calls the class with
    them as keywords, as the code would without it (drafts aside)."""
    shipped = module.maker

    def maker(cls: type, params: tuple[str, ...] | None = None, *, positional: bool = False,
              unpack: tuple[str, ...] = (), draft: bool = False, name: str | None = None) -> Callable[..., Any]:
        if draft:
            return shipped(cls, params, positional=positional, unpack=unpack, draft=draft, name=name)
        known = {f.name: f for f in module.fields(cls)}
        params = tuple(known) if params is None else params
        namespace: dict[str, Any] = {"_cls": cls}
        signature, prelude = module._signature([known[p] for p in params], namespace, unset="None")
        if unpack:
            signature = ["_values", *(p for p in params if p not in unpack)]
            prelude = [f"    ({', '.join(p for p in params if p in unpack)},) = _values"]
        head = ", ".join(signature if positional or unpack or not signature else ["*", *signature])
        call = ", ".join(f"{p}={p}" for p in params)
        name = name or f"make_{cls.__name__}"  # the shipped builder's name: pickled by it, as the shipped one
        exec("\n".join([f"def {name}({head}):", *prelude, f"    return _cls({call})"]), namespace)  # noqa: S102
        return namespace[name]

    module.maker = maker  # type: ignore[attr-defined]


LAYERS = {"records": plain_records, "builders": plain_builders}


class _PlainFinder:
    """Finds ``engine/frozen.py`` where Python would, and patches it once it has run."""

    def __init__(self, patch: Callable[[ModuleType], None]) -> None:
        self.patch = patch

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != NAME:
            return None
        spec = PathFinder.find_spec(name, path)
        run = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            self.patch(module)

        spec.loader.exec_module = exec_module
        return spec


def install(layer: str) -> None:
    """From now on, ``drawdealer.engine.frozen`` is imported with ``layer`` (a key of :data:`LAYERS`) plain."""
    if NAME in sys.modules:
        raise RuntimeError(f"{NAME} is imported already: install the plain version before drawdealer")
    sys.meta_path.insert(0, _PlainFinder(LAYERS[layer]))
