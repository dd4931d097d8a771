"""Discord's published OpenAPI specification (v10) as a checker of the bot's requests.

`data/discord-openapi.json.gz` is discord/discord-api-spec's `openapi.json` (MIT),
shipped gzipped so the check runs from a clean clone. `Spec.check(method, path, body)`
finds the route a request went to and validates its JSON body against the
request schema of that route and method, with the spec's `$ref`s resolved by
jsonschema's own registry. What the spec does not say (content 2,000 characters,
layout text 4,000, 40 components, unique custom ids, ...) is FakeDiscord's own
`check_message`; both run on every request the harness sees.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import referencing
from referencing.jsonschema import DRAFT202012

SPEC_FILE = Path(__file__).with_name("data") / "discord-openapi.json.gz"
BASE = "urn:discord-openapi"


@dataclass(frozen=True)
class Route:
    template: str
    pattern: re.Pattern[str]
    methods: dict[str, Any]  # lower-case method -> its operation


class Spec:
    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        # Discord reads a snowflake sent as a JSON number as well as a string (the spec
        # names only the string); discord.py sends user ids in allowed_mentions as numbers.
        snowflake = raw["components"]["schemas"]["SnowflakeType"]
        raw["components"]["schemas"]["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
        registry: referencing.Registry[Any] = referencing.Registry().with_resource(
            BASE, DRAFT202012.create_resource(raw))
        self._registry = registry
        routes = []
        for template, item in raw["paths"].items():
            regex = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
            methods = {m: op for m, op in item.items() if m in ("get", "put", "post", "patch", "delete")}
            routes.append(Route(template, re.compile(f"^{regex}$"), methods))
        # The route with the fewest placeholders wins: /messages/bulk-delete before /messages/{message_id}.
        self.routes = sorted(routes, key=lambda r: r.template.count("{"))
        self._validators: dict[tuple[str, str], jsonschema.protocols.Validator | None] = {}

    def route(self, path: str) -> Route | None:
        return next((r for r in self.routes if r.pattern.match(path)), None)

    def validator(self, route: Route, method: str) -> jsonschema.protocols.Validator | None:
        key = (route.template, method)
        if key not in self._validators:
            body = route.methods[method].get("requestBody")
            found = None
            if body is not None:
                # The JSON form: a multipart request's payload_json is the same object, its files apart.
                pointer = "/".join(("#/paths", _escape(route.template), method, "requestBody", "content",
                                    "application~1json", "schema"))
                found = jsonschema.Draft202012Validator({"$ref": BASE + pointer}, registry=self._registry)
            self._validators[key] = found
        return self._validators[key]

    def check(self, method: str, path: str, body: Any) -> list[str]:
        """What the spec refuses in this request (empty: it conforms)."""
        path = path.split("?", 1)[0]
        route = self.route(path)
        m = method.lower()
        if route is None or m not in route.methods:
            return [f"{method} {path}: no such route in Discord's API"]
        validator = self.validator(route, m)
        if validator is None:
            return [f"{method} {path}: the route takes no body"] if body not in (None, {}) else []
        if body is None:
            return []  # discord.py sends none when nothing is set (e.g. a plain defer)
        return [f"{method} {route.template}: {_where(e)}{_said(e)}" for e in _errors(validator, body)]


def _escape(template: str) -> str:
    return template.replace("~", "~0").replace("/", "~1")


def _errors(validator: jsonschema.protocols.Validator, body: Any) -> Iterator[jsonschema.ValidationError]:
    for error in validator.iter_errors(body):
        yield _telling(error)


def _telling(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """The most telling error of a failure: in a oneOf/anyOf over component types, the
    errors of the branch of the right type, not 'is not valid under any of the given schemas'."""
    if not error.context:
        return error
    branches: dict[Any, list[jsonschema.ValidationError]] = {}
    for e in error.context:
        branches.setdefault(e.relative_schema_path[0], []).append(e)

    def other_kind(e: jsonschema.ValidationError) -> bool:
        # A branch for another kind of thing: its `type` tag or its JSON type differs.
        return (list(e.relative_path) == ["type"] and e.validator == "enum") or \
            (not e.relative_path and e.validator == "type")
    fitting = [errs for errs in branches.values() if not any(other_kind(e) for e in errs)]
    if len(fitting) == 1:
        return _telling(fitting[0][0])
    return jsonschema.exceptions.best_match(error.context) or error


def _said(error: jsonschema.ValidationError) -> str:
    """The error, short: a long value is named by its kind and size, not printed whole."""
    if len(error.message) <= 200:
        return error.message
    size = f" of {len(error.instance)}" if hasattr(error.instance, "__len__") else ""
    return f"a {type(error.instance).__name__}{size} breaks {error.validator}={error.validator_value!r}"


def _where(error: jsonschema.ValidationError) -> str:
    return ("at " + "/".join(str(p) for p in error.absolute_path) + ": ") if error.absolute_path else ""


@functools.cache
def spec() -> Spec:
    with gzip.open(SPEC_FILE, "rt", encoding="utf-8") as f:
        return Spec(json.load(f))
