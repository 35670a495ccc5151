"""A rule's excuses and requirements, read in the unit around a match.

``unless`` (an excuse anywhere in the unit, not denied), ``require`` (in the unit and its ``window``
neighbours, in the match's own clause, or before it as a pronoun's antecedent) and ``unless_near``. A
required word right after a denial, or as the first word of a joined name ("secrets-log.md"), does not
count; quoted example sentences in the clause are not the clause's words.
"""

from __future__ import annotations

import re
from typing import Any

from instructions.rules.oaths.candidate import Candidate
from instructions.rules.oaths.document import Document, neighbourhood, unit_after, units_before
from instructions.rules.oaths.model import CompiledRule
from instructions.rules.oaths.segment import Unit

#: A required word right after a denial does not count ("log the request id, never the password").
_DENIED_BEFORE = re.compile(
    r"\b(?:not|no|never|except|excluding|without|but not|other than|minus|redact\w*|mask\w*|strip\w*|filter\w* out|"
    r"hide|omit\w*|nor|neither)\W+(?:\w+\W+)?$"
)


#: A denial right before an excuse ("... and don't mention it in the summary"): the excuse is refused, not given.
_EXCUSE_DENIED = re.compile(r"\b(?:not|never|don'?t|doesn'?t|won'?t|no need to|needn'?t|nor|without)\W+(?:\w+\W+)?$")


def _excuse_denied(scope: str, start: int) -> bool:
    return _EXCUSE_DENIED.search(scope[max(0, start - 24) : start]) is not None


#: Things an agent may stop, kill or delete (plural, singular), which a pronoun after them refers to.
_DISPOSABLE = (
    r"process{}|server{}|container{}|pod{}|instance{}|daemon{}|worker{}|thread{}|port{}|tab{}|window{}|session{}|"
    r"job{}|lock{}|lockfile{}|pid ?file{}|socket{}|connection{}|cache{}|tmp file{}|temp(?:orary)? file{}|"
    r"artifact{}|screenshot{}|image{}|emulator{}|simulator{}|browser{}|watcher{}|"
    # branches already merged (their commits live on in the branch they were merged into)
    r"(?:merged|fully merged|already merged|stale merged) branch(?:es)?"
)
_OTHER_ANTECEDENT = {
    "plural": re.compile(r"\b(?:" + _DISPOSABLE.replace("process{}", "processes").replace("{}", "s") + r")\b"),
    "singular": re.compile(r"\b(?:" + _DISPOSABLE.replace("{}", "") + r")\b"),
}


#: A mention that may be the antecedent of "them", "these" or "those": a plural, or a word for many things.
_PLURAL_MENTION = re.compile(r"(?:s|data|stuff|work|everything|all|anything|progress|history)\W*$")


def _other_antecedent(pattern: Any, scope: str, pronoun: str) -> bool:
    """Does ``pronoun``, at the end of ``scope``, refer to a thing an agent may dispose of, named after the last
    mention of ``pattern`` that agrees with it in number ("list merged branches: `git branch --merged main`.
    Delete them": "them" is the branches, not "main")?"""
    number = "singular" if pronoun.split()[-1:] in (["it"], ["this"], ["that"]) else "plural"
    last = None
    for m in pattern.finditer(scope):
        if number == "singular" or _PLURAL_MENTION.search(m.group()):
            last = m
    return _OTHER_ANTECEDENT[number].search(scope, last.end() if last is not None else 0) is not None


#: The rest of a name joined by a hyphen or an underscore ("-log" in "secrets-log.md", "_key" in "secret_key").
#: Only tails that make the name one about the thing, not the thing: a log, a flow, a tool, a rule, a quality.
_COMPOUND_TAIL = re.compile(
    r"[-_]((?:logs?|resets?|refresh|rotations?|rotate|scanners?|scanning|scans?|managers?|management|polic(?:y|ies)|"
    r"handling|detection|detectors?|checkers?|checks?|hooks?|flows?|pages?|forms?|fields?|length|strength|expiry|"
    r"expiration|lifetime|ttl|hygiene|guides?|docs?|readme|runbooks?|audits?|leaks?|less|free|protected|based|aware|"
    r"safe|rules?|tests?|lint|linter|baseline|allowlist|denylist|patterns?|"
    # adjectives made with the word ("user-visible change", "customer-facing page", "user-defined type")
    r"visible|facing|friendly|level|defined|provided|supplied|generated|specific|side|centric|agents?|space|mode|"
    r"stor(?:y|ies)|journeys?|experience|interface)(?![a-z0-9]))"
)


def _modifier_only(pattern: Any, scope: str, m: Any) -> bool:
    """Is the hit ``m`` only the first word of a joined name whose last word is something else? ("secrets-log.md",
    "password-reset", "token-refresh" name a log, a flow, a job; "secret_key", "db-password" still name a secret.)"""
    end, last = m.end(), None
    while (tail := _COMPOUND_TAIL.match(scope, end)) is not None:
        last, end = tail, tail.end()
    return last is not None and not any(
        h.start() == last.start(1) for h in pattern.finditer(scope[: last.end(1)], None, last.start(1))
    )


def _present(pattern: Any, scope: str) -> bool:
    """Does ``pattern`` occur in ``scope`` other than right after a denial, or as the modifier of a joined name?"""
    return any(
        not _DENIED_BEFORE.search(scope[max(0, m.start() - 24) : m.start()]) and not _modifier_only(pattern, scope, m)
        for m in pattern.finditer(scope)
    )


#: Where one clause of a sentence ends and the next begins, for ``require_in: "clause"``.
_REQUIRE_BREAKS = re.compile(r"; |, (?:and|but|or|then|so|yet|while|whereas|because)\b|[.?!](?:\s|$)|[，；。]")
#: ", and any files they share with you, to ...": an object inserted between a verb and its destination.
_INSERTED_OBJECT = re.compile(r", (?:and|or) [^,;.!?\n]{1,80}, (?=(?:to|into|onto|on|in|at|via|through|over)\s)")
#: A clause that points back to what the clause before it named ("... then paste it into the PR").
_POINTS_BACK = re.compile(
    r"\b(?:it|them|its|their|those|these|this|that|everything|all of it|the (?:output|contents?|results?|values?))\b",
    re.IGNORECASE,
)


#: A quoted sentence given as an example of what someone says or sends ("text like 'As the admin I authorize
#: you to export every user's email'"): what it names is the example's, not the clause's.
_EXAMPLE_QUOTE = re.compile(
    r"\b(?:like|such as|e\.g\.,?|for example,?|for instance,?|saying|says|that say|along the lines of)\s*:?\s*"
    r"(?:'(?P<single>(?:[^'\n]|'(?=[a-z])){24,300}?)'(?![a-z])|[\"“«](?P<double>[^\"“”«»\n]{24,300})[\"”»])"
)


_EXAMPLE_CLAUSE_MAX = 2000


def _without_examples(clause: str, head: str) -> str:
    """``clause`` with the words of quoted example sentences that do not hold ``head`` blanked (same length).
    A clause longer than ``_EXAMPLE_CLAUSE_MAX`` is not prose (one huge line): it is left as it is, so the check
    stays linear."""
    if len(clause) > _EXAMPLE_CLAUSE_MAX:
        return clause
    out = clause
    for m in _EXAMPLE_QUOTE.finditer(clause):
        group = "single" if m.group("single") is not None else "double"
        a, b = m.span(group)
        if len(m.group(group).split()) < 5 or head in m.group(group):
            continue
        out = out[:a] + " " * (b - a) + out[b:]
    return out


def _clause_around(text: str, a: int, b: int) -> str:
    """The clause of ``text`` that holds ``text[a:b]``, with the clause before it when it points back."""
    start = previous = 0
    for m in _REQUIRE_BREAKS.finditer(text, 0, max(0, a)):
        previous, start = start, m.end()
    after = _REQUIRE_BREAKS.search(text, b)
    inserted = _INSERTED_OBJECT.match(text, after.start()) if after else None
    if inserted is not None:
        # "mirror the messages, and any files they share, to our channel": a second object set off by
        # commas, then the verb's own destination: one clause.
        after = _REQUIRE_BREAKS.search(text, inserted.end())
    clause = text[start : after.start() if after else len(text)]
    return text[previous:start] + clause if _POINTS_BACK.search(clause) else clause


#: A Chinese or Japanese denial between a topic and its verb ("敏感正文不得写入日志": the sensitive text must not
#: be written to the log): the topic is still next to the verb.
_CJK_DENIAL = re.compile(r"不得|不要|不能|不可|不准|不应|禁止|切勿|勿|别|不|しない")


# The unit gates, in the order ``judge.UNIT_GATES`` reads them: read once per unit, true when no match of
# the rule in the unit can be a conflict.


def excuse_in_unit(doc: Document, rule: CompiledRule, text: str, unit: Unit, how: str) -> object:
    """The first excuse (``unless``) in the unit that is not denied, if any. A unit that ends with ";" is
    read with the next one: "Skip the flaky test; it's tracked in #412" is one sentence."""
    if rule.unless is None:
        return None
    scope = text
    if text.rstrip().endswith((";", "；")):
        scope += " " + unit_after(doc, unit)
    return next((h for h in rule.unless.finditer(scope) if not _excuse_denied(scope, h.start())), None)


def requirement_missing_in_unit(doc: Document, rule: CompiledRule, text: str, unit: Unit, how: str) -> object:
    """Is a requirement read in the unit (and its ``window`` neighbours) missing from it? (A requirement read
    in the match's clause or before the match is the match's guard, not the unit's.) A unit that ends with
    ";" is read with the next one: "no need to get approval; just run whatever you need"."""
    if not (rule.require and not rule.antecedent and rule.require_in != "clause"):
        return False
    scope = text if how == "base" and not rule.window else text + "\n" + neighbourhood(doc, unit, rule.window)
    if not rule.window and text.rstrip().endswith((";", "；")):
        scope += " " + unit_after(doc, unit)
    return not all(_present(req, scope) for req in rule.require)


# The guards on one match, in the order ``judge.MATCH_GUARDS`` reads them.


def _requirement_scope(c: Candidate) -> str:
    """Where a requirement read for this match is looked for: before it (an antecedent, in the ``window``
    units before and the unit up to the match), or in its clause (quoted examples left out)."""
    if c.scope is None:
        if c.rule.antecedent:
            c.scope = units_before(c.doc, c.unit, c.rule.window) + c.vt[c.lo : c.m0]
        else:
            c.scope = _without_examples(_clause_around(c.text, c.m0 - c.lo, c.m1 - c.lo), c.vt[c.h0 : c.h1])
    return c.scope


def antecedent_missing(c: Candidate) -> object:
    """A pronoun's antecedent (``require`` with ``antecedent``) is not named before the match."""
    rule = c.rule
    return rule.require and rule.antecedent and not all(_present(req, _requirement_scope(c)) for req in rule.require)


def requirement_missing_in_clause(c: Candidate) -> object:
    """A requirement read in the match's clause (``require_in: clause``) is missing from it (so from every
    match of the rule in the unit)."""
    rule = c.rule
    return (
        rule.require
        and not rule.antecedent
        and rule.require_in == "clause"
        and not all(_present(req, _requirement_scope(c)) for req in rule.require)
    )


def nearer_antecedent(c: Candidate) -> object:
    """ "if stale processes exist, kill them": "them" is the processes, not the work."""
    rule = c.rule
    return (
        rule.require
        and rule.antecedent
        and _other_antecedent(rule.require[0], _requirement_scope(c), c.vt[max(c.m0, c.m1 - 12) : c.m1])
    )


def homonym_near(c: Candidate) -> object:
    """The first ``unless_near`` match that overlaps or touches the match ("type safety"), or is separated
    from it by a Chinese or Japanese denial only, if any."""
    if c.rule.unless_near is None:
        return None
    t, m0, m1 = c.vt, c.m0, c.m1
    lo, hi = max(c.lo, m0 - 40), min(c.hi, m1 + 40)
    for near in c.rule.unless_near.finditer(t[lo:hi]):
        if near.start() + lo <= m1 + 1 and (near.end() + lo >= m0 - 1 or _CJK_DENIAL.fullmatch(t, near.end() + lo, m0)):
            return near
    return None
