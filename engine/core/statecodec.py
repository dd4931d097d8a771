"""A data format for game states: tagged JSON over a whitelist of classes.

Snapshots used to be pickles, and unpickling runs whatever the bytes name.
Here decoding is `json.loads` plus a table: it builds plain data (None, bool,
int, float, str, list, tuple, dict, set, frozenset), `Text`, and the classes a
game declares, and nothing else. A tag read from the data is only ever a key
into that table: nothing is imported, evaluated or looked up by name.

In the JSON a list is a list, and an object is either a dict whose keys are
all strings, none of them "#", or a tagged value `{"#": tag, "v": data}`
(tuples, sets, other dicts, instances), so a dict never passes for an instance.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from .text import Text

TAG, VALUE = "#", "v"
_SCALARS = frozenset({str, int, bool, float, type(None)})


@dataclass(frozen=True)
class Custom:
    """A class that crosses in a form of its own: `encode` turns an instance
    into data this codec can write (encoded further), `decode` rebuilds the
    instance from that data once decoded. For derived fields, caches, or
    objects better stored as a reference (a card by its id)."""

    cls: type[Any]
    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]
    tag: str = ""

    @property
    def name(self) -> str:
        return self.tag or self.cls.__qualname__


Kind = type[Any] | Custom


class StateCodec:
    """Encodes values to JSON and back, exactly: every tuple stays a tuple,
    an int key stays an int, a dataclass comes back with every field.

    A listed class must be a dataclass (encoded as its fields in order,
    rebuilt with `object.__new__` and the fields set, so no constructor runs)
    or a `Custom`. An instance of any other class, or of a subclass of a listed
    one, cannot be encoded: it fails loudly rather than coming back different."""

    def __init__(self, kinds: Iterable[Kind] = ()) -> None:
        self.kinds: tuple[Kind, ...] = (Text, *(k for k in kinds if k is not Text))
        self._encoders: dict[type[Any], Callable[[Any], Any]] = {
            list: self._list, tuple: self._tuple, dict: self._dict, set: self._set, frozenset: self._frozenset,
        }
        self._decoders: dict[str, Callable[[Any], Any]] = {
            "t": _as(tuple), "s": _as(set), "f": _as(frozenset), "d": _pairs,
        }
        layout: list[tuple[str, list[str]]] = []
        for kind in self.kinds:
            cls, tag = (kind.cls, kind.name) if isinstance(kind, Custom) else (kind, kind.__qualname__)
            if tag in self._decoders or cls in self._encoders:
                raise ValueError(f"{tag}: listed twice, or a tag taken")
            if isinstance(kind, Custom):
                self._encoders[cls] = self._custom(tag, kind.encode)
                self._decoders[tag] = kind.decode
            elif dataclasses.is_dataclass(cls):
                names = tuple(f.name for f in dataclasses.fields(cls))
                self._encoders[cls] = self._instance(tag, names)
                self._decoders[tag] = _builder(cls, names)
            else:
                raise TypeError(f"{tag}: not a dataclass; give it a Custom form")
            fields = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
            layout.append((tag, [f"{f.name}:{f.type}" for f in fields]))
        # Equal only when every listed class has the same fields: a snapshot
        # written by code with another layout is refused, not misread.
        self.layout = hashlib.sha256(json.dumps(sorted(layout)).encode()).hexdigest()[:16]

    def extended(self, *kinds: Kind) -> StateCodec:
        return StateCodec((*self.kinds, *kinds))

    # -- encoding ------------------------------------------------------------------

    def encode(self, value: Any) -> Any:
        """`value` as JSON-ready data (lists, str-keyed dicts and scalars)."""
        t = type(value)
        if t in _SCALARS:
            return value
        enc = self._encoders.get(t)
        if enc is None:
            raise TypeError(f"cannot encode a {t.__qualname__}: not a listed class")
        return enc(value)

    def dumps(self, value: Any) -> bytes:
        # ASCII escapes: any str (even a lone surrogate) survives the trip.
        return json.dumps(self.encode(value), separators=(",", ":")).encode()

    def _list(self, v: list[Any]) -> list[Any]:
        enc = self.encode
        return [enc(x) for x in v]

    def _tuple(self, v: tuple[Any, ...]) -> dict[str, Any]:
        enc = self.encode
        return {TAG: "t", VALUE: [enc(x) for x in v]}

    def _set(self, v: set[Any]) -> dict[str, Any]:
        enc = self.encode
        return {TAG: "s", VALUE: [enc(x) for x in v]}

    def _frozenset(self, v: frozenset[Any]) -> dict[str, Any]:
        enc = self.encode
        return {TAG: "f", VALUE: [enc(x) for x in v]}

    def _dict(self, v: dict[Any, Any]) -> dict[str, Any]:
        enc = self.encode
        if TAG not in v and all(type(k) is str for k in v):
            return {k: enc(x) for k, x in v.items()}
        return {TAG: "d", VALUE: [[enc(k), enc(x)] for k, x in v.items()]}

    def _instance(self, tag: str, names: tuple[str, ...]) -> Callable[[Any], Any]:
        enc = self.encode

        def encode(v: Any) -> dict[str, Any]:
            return {TAG: tag, VALUE: [enc(getattr(v, n)) for n in names]}
        return encode

    def _custom(self, tag: str, to_data: Callable[[Any], Any]) -> Callable[[Any], Any]:
        enc = self.encode

        def encode(v: Any) -> dict[str, Any]:
            return {TAG: tag, VALUE: enc(to_data(v))}
        return encode

    # -- decoding ------------------------------------------------------------------

    def loads(self, blob: bytes | str) -> Any:
        """The value `dumps` wrote. Raises ValueError for anything else:
        bad JSON, an unknown tag, data of the wrong shape for its tag."""
        try:
            return json.loads(blob, object_hook=self._hook)
        except ValueError:
            raise
        except Exception as exc:  # wrong shapes surface as TypeError, KeyError, RecursionError...
            raise ValueError(f"not a state of this codec: {exc!r}") from exc

    def _hook(self, obj: dict[str, Any]) -> Any:
        # JSON objects arrive innermost first, so `v` is already decoded.
        if TAG not in obj:
            return obj
        if len(obj) != 2:
            raise ValueError("a tagged value has exactly a tag and a value")
        return self._decoders[obj[TAG]](obj[VALUE])


def _as(container: Callable[[list[Any]], Any]) -> Callable[[Any], Any]:
    def decode(v: Any) -> Any:
        if type(v) is not list:
            raise ValueError("a container's items come as a list")
        return container(v)
    return decode


def _pairs(v: Any) -> dict[Any, Any]:
    if type(v) is not list or any(type(p) is not list or len(p) != 2 for p in v):
        raise ValueError("a dict's items come as [key, value] pairs")
    return {k: x for k, x in v}


def _builder(cls: type[Any], names: tuple[str, ...]) -> Callable[[Any], Any]:
    """Builds `cls` by setting its fields one by one, as its constructor would, never
    by filling its `__dict__` in whole: in CPython 3.11 an instance whose `__dict__`
    was fetched keeps a real dict, and a replay reading its attributes ever after
    runs markedly slower (bench/bench_replay_loop.py, "snapshot + second half")."""
    n = len(names)
    new = object.__new__
    setattr_ = object.__setattr__

    def build(v: Any) -> Any:
        if type(v) is not list or len(v) != n:
            raise ValueError(f"{cls.__qualname__} has {n} fields")
        obj = new(cls)
        for name, x in zip(names, v, strict=True):
            setattr_(obj, name, x)
        return obj
    return build


@cache
def codec_for(kinds: tuple[Kind, ...]) -> StateCodec:
    """One codec per list of classes (building one hashes the layout)."""
    return StateCodec(kinds)
