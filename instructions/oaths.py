"""The oath check: does a body try to remove one of the credo's oaths?

Rules are data (``credo-map.json``); this module compiles them once into a
``RuleSet`` and checks text against it. Matching uses RE2, whose running time is
linear in the input whatever the pattern, so a 50,000-character body costs the
same order of time whatever it contains.

Every path that checks a body (the write path, the merge, ``POST /api/oaths/check``,
``manage.py check_oaths``) calls ``check_text``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

import re2

Status = Literal["pass", "fail"]


class RuleError(ValueError):
    """A rule in the credo map is malformed (bad shape or a pattern RE2 rejects)."""


@dataclass(frozen=True)
class Finding:
    snippet: str
    oath: str
    rule_id: str


@dataclass(frozen=True)
class OathResult:
    status: Status
    findings: tuple[Finding, ...] = ()

    @property
    def first(self) -> Finding | None:
        return self.findings[0] if self.findings else None


PASS = OathResult("pass")


@dataclass(frozen=True, eq=False)
class CompiledRule:
    id: str
    oath: str
    pattern: Any  # re2._Regexp
    exceptions: tuple[Any, ...] = ()


@dataclass(frozen=True, eq=False)
class RuleSet:
    """Compiled rules plus a fingerprint of their source, for caches and rechecks."""

    rules: tuple[CompiledRule, ...]
    sha256: str
    oath_names: tuple[str, ...] = field(default=())


EMPTY_RULES = RuleSet(rules=(), sha256=hashlib.sha256(b"[]").hexdigest())


def _compile(pattern: Any, where: str) -> Any:
    if not isinstance(pattern, str) or not pattern:
        raise RuleError(f"{where}: pattern must be a non-empty string")
    options = re2.Options()
    options.case_sensitive = False
    options.max_mem = 64 << 20
    try:
        return re2.compile(pattern, options)
    except re2.error as exc:
        raise RuleError(f"{where}: invalid pattern {pattern!r}: {exc}") from None


def compile_rules(oaths: list[dict[str, Any]]) -> RuleSet:
    """Compile the ``oaths`` list of a credo map. Raises ``RuleError`` when malformed."""
    if not isinstance(oaths, list):
        raise RuleError("'oaths' must be a list")
    compiled: list[CompiledRule] = []
    names: list[str] = []
    for i, oath in enumerate(oaths):
        if not isinstance(oath, dict) or not isinstance(oath.get("name"), str) or not oath["name"].strip():
            raise RuleError(f"oaths[{i}] must be an object with a non-empty 'name'")
        names.append(oath["name"])
        rules = oath.get("rules", [])
        if not isinstance(rules, list):
            raise RuleError(f"oaths[{i}].rules must be a list")
        for j, rule in enumerate(rules):
            where = f"oaths[{i}].rules[{j}]"
            if not isinstance(rule, dict):
                raise RuleError(f"{where} must be an object")
            rule_id = rule.get("id") or f"{oath.get('id', i)}-{j}"
            exceptions = rule.get("exceptions", [])
            if not isinstance(exceptions, list):
                raise RuleError(f"{where}.exceptions must be a list")
            compiled.append(
                CompiledRule(
                    id=str(rule_id),
                    oath=oath["name"],
                    pattern=_compile(rule.get("pattern"), where),
                    exceptions=tuple(_compile(p, f"{where}.exceptions") for p in exceptions),
                )
            )
    source = json.dumps(oaths, sort_keys=True, ensure_ascii=False).encode()
    return RuleSet(rules=tuple(compiled), sha256=hashlib.sha256(source).hexdigest(), oath_names=tuple(names))


def _excepted(rule: CompiledRule, snippet: str) -> bool:
    return any(exc.search(snippet) for exc in rule.exceptions)


def check_text(body: str, rules: RuleSet) -> OathResult:
    """Check ``body`` against ``rules``: one finding per rule that matches."""
    return _check_cached(body, rules)


@lru_cache(maxsize=512)
def _check_cached(body: str, rules: RuleSet) -> OathResult:
    findings = []
    for rule in rules.rules:
        match = rule.pattern.search(body)
        if match is None:
            continue
        snippet = match.group(0)
        if _excepted(rule, snippet):
            continue
        findings.append(Finding(snippet=snippet, oath=rule.oath, rule_id=rule.id))
    if not findings:
        return PASS
    findings.sort(key=lambda f: body.find(f.snippet))
    return OathResult("fail", tuple(findings))
