"""Compile the rules of a credo map (``credo-map.json``) into a ``RuleSet``, once per credo.

``compile_rules`` validates every oath and rule (a malformed map raises ``RuleError`` naming the place:
``oaths[2].rules[5].match[1]: ...``), compiles each rule's templates with the lexicons (``templates``)
into one ``TemplateUnion`` per rule, plus an English-only version for texts with no sign of another
language, and memoises the result by the map's fingerprint. A version-2 ``pattern`` rule is one RE2 with
its exceptions. The rule language is described in ``docs/rule-language.md``.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from instructions.rules.oaths.automata import TemplateUnion, re2_compile
from instructions.rules.oaths.model import FORMS, KINDS, SEVERITIES, CompiledException, CompiledRule, RuleError, RuleSet
from instructions.rules.oaths.templates import LEXICON_NAME, Lexicons

WITHIN = ("text", "html-comment")
EXCEPTION_KINDS = ("clause", "before", "after", "match")
NEGATED_PREFIX = "not_"


#: The languages of the reduced rule patterns used for texts with no sign of another language.
ENGLISH = frozenset({"en"})


def _compile_exception(spec: Any, where: str) -> CompiledException:
    if isinstance(spec, str):
        return CompiledException("clause", re2_compile(spec, where))
    if isinstance(spec, dict) and spec and all(key.removeprefix(NEGATED_PREFIX) in EXCEPTION_KINDS for key in spec):
        parts = [
            CompiledException(
                key.removeprefix(NEGATED_PREFIX),
                re2_compile(pattern, f"{where}.{key}"),
                negate=key.startswith(NEGATED_PREFIX),
            )
            for key, pattern in spec.items()
        ]
        first = parts[0]
        return CompiledException(first.kind, first.pattern, also=tuple(parts[1:]), negate=first.negate)
    raise RuleError(
        f"{where}: an exception is a pattern string or an object with one or more of "
        f"{{{', '.join(EXCEPTION_KINDS)}: pattern}}, each kind also as {NEGATED_PREFIX}<kind>"
    )


def _templates(value: Any, where: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(t, str) and t.strip() for t in value):
        raise RuleError(f"{where} must be a template string or a list of them")
    return value


def _requirements(lexicons: Lexicons, value: Any, where: str) -> tuple[Any, ...]:
    """``require``: a list of templates (any of them) or a list of such lists (one of each)."""
    if value is None:
        return ()
    if isinstance(value, list) and value and all(isinstance(group, list) for group in value):
        return tuple(
            _union(lexicons, _templates(group, f"{where}[{k}]"), f"{where}[{k}]") for k, group in enumerate(value)
        )
    return (_union(lexicons, _templates(value, where), where),)


def _require_in(value: object, where: str) -> str:
    if value not in ("unit", "clause"):
        raise RuleError(f"{where} must be 'unit' or 'clause'")
    return str(value)


def _window(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise RuleError(f"{where} must be an integer from 0 to 3")
    return value


def _union(lexicons: Lexicons, templates: list[str], where: str, head: bool = False) -> Any:
    if not templates:
        return None
    sources = [lexicons.entry(t, f"{where}[{k}]", tag=k if head else None) for k, t in enumerate(templates)]
    return TemplateUnion(sources, where) if head else re2_compile("|".join(sources), where)


def compile_rules(oaths: list[dict[str, Any]], *, lexicons: dict[str, Any] | None = None) -> RuleSet:
    """Compile the ``oaths`` list of a credo map. Raises ``RuleError`` when malformed.

    Lexicons come from each oath's ``lexicons`` object (one namespace for the whole map, so an oath
    may use another's) and, optionally, from ``lexicons`` (shared ones kept outside the oaths).
    The same data compiles to the same ``RuleSet`` object (memoised by its fingerprint): compiling
    the full map takes a second, and every re-read of an unchanged credo would otherwise pay it."""
    if not isinstance(oaths, list):
        raise RuleError("'oaths' must be a list")
    try:
        key = json.dumps({"oaths": oaths, "lexicons": lexicons}, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise RuleError(f"the credo map is not JSON data: {exc}") from None
    return _compile_cached(key)


@lru_cache(maxsize=16)
def _compile_cached(key: str) -> RuleSet:
    data = json.loads(key)
    return _compile_rules(data["oaths"], data["lexicons"])


def _compile_rules(oaths: list[dict[str, Any]], lexicons: dict[str, Any] | None) -> RuleSet:
    raw: dict[str, Any] = {}
    if lexicons is not None:
        if not isinstance(lexicons, dict):
            raise RuleError("'lexicons' must be an object")
        raw.update(lexicons)
    names: list[str] = []
    for i, oath in enumerate(oaths):
        if not isinstance(oath, dict) or not isinstance(oath.get("name"), str) or not oath["name"].strip():
            raise RuleError(f"oaths[{i}] must be an object with a non-empty 'name'")
        names.append(oath["name"])
        own = oath.get("lexicons", {})
        if not isinstance(own, dict):
            raise RuleError(f"oaths[{i}].lexicons must be an object")
        for name, entries in own.items():
            if not LEXICON_NAME.fullmatch(name):
                raise RuleError(f"oaths[{i}].lexicons: bad lexicon name {name!r}")
            if name in raw:
                raise RuleError(f"oaths[{i}].lexicons: lexicon @{name} is defined twice")
            raw[name] = entries
    compiler = Lexicons(raw)
    # The same templates over the English (and language-neutral) entries only: most texts show no
    # other language, and a smaller automaton is cheaper to run on text it has not seen.
    compiler_en = Lexicons(raw, ENGLISH)
    compiled: list[CompiledRule] = []
    for i, oath in enumerate(oaths):
        rules = oath.get("rules", [])
        if not isinstance(rules, list):
            raise RuleError(f"oaths[{i}].rules must be a list")
        # ``@self`` in an oath's rules: the names the credo gives that oath ("oath two", "the evidence oath").
        aliases = oath.get("aliases")
        if aliases is not None:
            compiler.raw["self"] = aliases
            compiler.forget("self")
            compiler_en.forget("self")
        for j, rule in enumerate(rules):
            where = f"oaths[{i}].rules[{j}]"
            if not isinstance(rule, dict):
                raise RuleError(f"{where} must be an object")
            compiled.append(_compile_rule(compiler, rule, oath, i, j, where, compiler_en))
        compiler.raw.pop("self", None)
        compiler.forget("self")
        compiler_en.forget("self")
    source = json.dumps({"oaths": oaths, "lexicons": lexicons}, sort_keys=True, ensure_ascii=False).encode()
    if lexicons is None:
        source = json.dumps(oaths, sort_keys=True, ensure_ascii=False).encode()
    return RuleSet(
        rules=tuple(compiled),
        sha256=hashlib.sha256(source).hexdigest(),
        oath_names=tuple(names),
        participles=frozenset(compiler.participles | compiler_en.participles),
    )


def _compile_rule(
    compiler: Lexicons,
    rule: dict[str, Any],
    oath: dict[str, Any],
    i: int,
    j: int,
    where: str,
    compiler_en: Lexicons | None = None,
) -> CompiledRule:
    rule_id = str(rule.get("id") or f"{oath.get('id', i)}-{j}")
    description = str(rule.get("description", ""))
    reason = str(rule.get("reason") or description or f"Conflicts with the oath '{oath['name']}'.")
    if "pattern" in rule:
        # A v2 rule: one RE2 over the base view, excused only by its exceptions.
        exceptions = rule.get("exceptions", [])
        if not isinstance(exceptions, list):
            raise RuleError(f"{where}.exceptions must be a list")
        within = rule.get("within", "text")
        if within not in WITHIN:
            raise RuleError(f"{where}.within must be one of {', '.join(WITHIN)}")
        return CompiledRule(
            id=rule_id,
            oath=oath["name"],
            pattern=re2_compile(rule.get("pattern"), where),
            kind="pattern",
            reason=reason,
            description=description,
            exceptions=tuple(_compile_exception(p, f"{where}.exceptions[{k}]") for k, p in enumerate(exceptions)),
            within=within,
            oath_index=i,
        )
    kind = rule.get("kind", "harm")
    if kind not in KINDS or kind == "pattern":
        raise RuleError(f"{where}.kind must be one of harm, duty, state")
    form = rule.get("form", "verb")
    if form not in FORMS:
        raise RuleError(f"{where}.form must be one of {', '.join(FORMS)}")
    severity = rule.get("severity", "normal")
    if severity not in SEVERITIES:
        raise RuleError(f"{where}.severity must be one of {', '.join(SEVERITIES)}")
    templates = _templates(rule.get("match"), f"{where}.match")
    if not templates:
        raise RuleError(f"{where} needs a 'match' (templates) or a 'pattern'")
    return CompiledRule(
        id=rule_id,
        oath=oath["name"],
        pattern=_union(compiler, templates, f"{where}.match", head=True),
        english=(
            tuple(compiler_en.entry(t, f"{where}.match[{k}]", tag=k) for k, t in enumerate(templates))
            if compiler_en is not None
            else ()
        ),
        kind=kind,
        form=form,
        severity=severity,
        reason=reason,
        description=description,
        require=_requirements(compiler, rule.get("require"), f"{where}.require"),
        window=_window(rule.get("window", 0), f"{where}.window"),
        antecedent=bool(rule.get("antecedent", False)),
        require_in=_require_in(rule.get("require_in", "unit"), f"{where}.require_in"),
        strict_gate=bool(rule.get("strict_gate", False)),
        gate=bool(rule.get("gate", True)),
        in_code=bool(rule.get("in_code", False)),
        declares=bool(rule.get("declares", False)),
        unless=_union(compiler, _templates(rule.get("unless"), f"{where}.unless"), f"{where}.unless"),
        unless_near=_union(
            compiler, _templates(rule.get("unless_near"), f"{where}.unless_near"), f"{where}.unless_near"
        ),
        oath_index=i,
    )
