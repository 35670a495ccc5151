"""Is a command given to be run? The words around a command that make it an order, a means or a description.

A command is run when its clause says so ("run", "by calling", "feel free to"), when it opens its
clause or unit without words that describe it ("`git clean -fdx` deletes untracked files" describes
it), when a neighbouring sentence says to run "it", or when words after it recommend it ("our standard
reset"); in Korean and Japanese, when a particle makes it the means of the verb after it.
"""

from __future__ import annotations

import re

from instructions.rules.oaths.automata import re2_compile
from instructions.rules.oaths.clauses import Clause
from instructions.rules.oaths.cue_set import CueSet, cues
from instructions.rules.oaths.denials import FOREIGN_NEG_ENDING
from instructions.rules.oaths.verb_forms import IMPERATIVE_VERBS

#: After a command, words that recommend it: "... is the fastest way to redeploy", "— our standard reset".
RECOMMENDS = re2_compile(
    r"^[^\n]{0,30}?\b(?:is|are) (?:the|our|a) (?:fastest|best|easiest|quickest|simplest|recommended|standard|"
    r"preferred|usual|normal|official|cleanest|right) (?:way|fix|approach|method|reset|cleanup|procedure)|"
    r"^\W{0,4}(?:our|the) (?:standard|usual|normal|official|preferred|recommended) (?:reset|cleanup|fix|way|procedure)|"
    r"^[^\n]{0,30}?\b(?:does the trick|works best|is how we|is what we use)",
    "recommends",
)
_RUN_IT = re2_compile(
    r"\b(?:run|execute|use|do|invoke|try|follow|apply) (?:it|this|that|them|the command|this command|the decoded"
    r"(?: \S+)?|the result|the output)\b",
    "run it",
)


#: A match that itself starts with the verb of running it ("call `DELETE` on every entry").
_RUN_VERB = re2_compile(r"(?:call|run|execute|issue|fire|invoke|send|make)\s", "run verb")
#: Words written before a command on its line that do not change who runs it ("sudo", "$", "./").
_COMMAND_PREFIX = re2_compile(
    r"(?:\s|^)(?:sudo(?:\s+-\S+)*|doas|nohup|time|exec|command|env(?:\s+\w+=\S*)*|\w+=\S*|\$|>|#|\./|\.\\)\s*$",
    "command prefix",
)
#: "Clean test data by calling `X`", "Clean up stale environments with `X`": a command as the means of
#: an imperative.
_MEANS = re2_compile(
    r"^(?:please |always |just |now |then |first |simply )?(?:clean|clear|tidy|reset|fix|free|purge|wipe|remove|"
    r"delete|drop|refresh|restore|recreate|rebuild|reclaim|speed|save|make|get|prepare|start|sync|deploy|handle|"
    r"resolve|empty|flush|nuke|reinitiali[sz]e|redeploy|repair|unblock|unstick|recover|update|migrate|"
    r"uninstall|roll|rollback|revert)\b[^\n]{0,80}?\b(?:by (?:calling|running|executing|using|issuing|invoking|"
    r"sending|hitting)|using|with|via|through)\s*$",
    "means",
)


def _by_means(pre: str) -> bool:
    return _MEANS.search(pre.lstrip(" -*>#")) is not None


def _opens_clause(pre: str, cut: bool = False) -> bool:
    """Does a command open a clause ("If X, `git reset --hard`", "clean slate, `rm -rf ./*`", "rebase and ...")?"""
    tail = pre.rstrip(" `'\"(*_")
    for _ in range(3):
        m = _COMMAND_PREFIX.search(tail)
        if m is None or m.start() == m.end():
            break
        tail = tail[: m.start()].rstrip(" `'\"(*_")  # "sudo rm -rf ...", "$ git reset --hard"
    if tail == "":
        return cut  # the clause before it was a condition or another clause: it opens its own
    if tail[-1] in ",:;(—–-&":
        return True
    first = tail.lstrip(" -*>").split(" ", 1)[0]  # (" rebase it onto main and": the clause after a comma)
    return tail.endswith((" and", " then", " und", " et", " e", " y")) and first in IMPERATIVE_VERBS


def orders_decoding(text: str) -> bool:
    """Does the text around an encoded payload tell the agent to decode it and act on it?"""
    c = cues()
    return c.has("decode", text) and (c.has("obey", text) or c.has("run", text))


#: Verbs in the third person (and denials) that describe what a command does when it is their subject.
_DESCRIBING_VERBS = (
    r"cannot|can't|won't|doesn't|does not|isn't|aren't|deletes|removes|wipes|erases|destroys|drops|resets|discards|"
    r"clears|cleans|rewrites|overwrites|reverts|truncates|empties|purges|prunes|disables|enables|skips|bypasses|"
    r"ignores|takes|fails|works|returns|creates|changes|affects|applies|leaves|keeps|prompts|asks|refuses|blocks|"
    r"locks|restores|undoes|recreates|rebuilds|regenerates|lists|shows|prints|outputs|writes|moves|sends|uploads|"
    r"means|causes"
)
_DESCRIBES_COMMAND = re2_compile(
    r"^[^\n]{0,40}?(?:\b(?:is|are|was|were|will|would|can|could|may|might|does|do|leaks|exposes|results|loses|"
    r"kills|deleted|removed|wiped|erased|dropped|reset|discarded|lost|grants|allows|lets|forces|stops|overrides|"
    r"turns|gives|makes|sets|runs|starts|launches|wasn't|has|have|had|needs|requires|expects|only|also|"
    + _DESCRIBING_VERBS
    + r")\b|^\s*(?::|—|–|-(?:\s|$)|=|\())",
    "describes command",
)


#: The verb right after a command that opens its unit, with the command as its subject: "`DROP DATABASE
#: db` cannot run inside a transaction", "`git clean -fdx` deletes untracked files" (reference text).
SUBJECT_OF_VERB = re.compile(
    r"[`'\"]?(?:\s+(?!(?:and|or|then|so|to|if|when|before|after|now|first|once|because|but|while|unless|until|"
    r"in|on|at|for|with|from|every|each|all|the|a|an|your|my|our)\b)[^\s`'\"]{1,30}[`'\"]?){0,3}"
    r"\s*(?:\([^)\n]{0,60}\)\s*)?(?:also |only |always |never |still )?(?:" + _DESCRIBING_VERBS + r")\b"
)


#: What may come before a command that opens its unit: list and quote marks, a prompt sign.
UNIT_MARKUP = " \t-*+:>`'\"$#(_"


#: "with" before a command in another language: the command is the means of the sentence's imperative.
_FOREIGN_MEANS = re.compile(
    r"(?:^|\s)(?:avec|con|mit|met|com|ile|с|usando|utilizando|en\s+utilisant|mittels|za\s+pomocą|使用|用)\s*[`'\"]?$"
)


#: A particle after a command that makes it the means of the verb that follows (Korean, Japanese).
_FOREIGN_MEANS_AFTER = re.compile(r"[`'\"]?\s*(?:으로|로|를\s*사용해|을\s*사용해|で|を使って|を実行して)")


def _means_after(text: str, m1: int) -> bool:
    """Is the command that ends at ``m1`` the means of the next verb, which is not denied?"""
    m = _FOREIGN_MEANS_AFTER.match(text, m1)
    if m is None:
        return False
    rest = text[m.end() : m.end() + 40].split("。")[0].split(".")[0]
    return FOREIGN_NEG_ENDING.search(rest) is None


#: The verb that seemed to describe a command is an infinitive of purpose ("... to reset the cluster").
_PURPOSE = re.compile(r"\bto\s+\w+$")


#: A warning label before a command that the sentence then describes ("Note: `git clean -fdx` deletes ...").
_NOTE_LABEL = re2_compile(
    r"\b(?:note|nb|warning|caution|danger|careful|important|heads[ -]up|fyi|beware|tip|remember|reminder|"
    r"attention|achtung|hinweis|remarque|nota|atención|aviso|uwaga|dikkat|внимание|注意|주의)\W*$",
    "note label",
)


def runs_it(context: str, c: CueSet) -> bool:
    """Does a neighbouring sentence say to run "it" (and not "never run it")?"""
    for m in _RUN_IT.finditer(context):
        before = context[max(0, m.start() - 30) : m.start()]
        if not (c.has("neg", before) or c.has("local_neg", before)):
            return True
    return False


def _command_leads(text: str, m0: int, m1: int, c: CueSet) -> bool:
    """A command that opens its unit, not followed by words that describe it, is given to be run."""
    lead = text[:m0].rstrip(" `'\"(*_")
    for _ in range(3):
        m = _COMMAND_PREFIX.search(lead)
        if m is None or m.start() == m.end():
            break
        lead = lead[: m.start()].rstrip(" `'\"(*_")  # "sudo rm -rf /": the prefix is part of the command
    if lead.strip(" -*:>`'\"$#") != "":
        return False
    rest = text[m1:]
    described = _DESCRIBES_COMMAND.search(rest)
    if described is not None and _PURPOSE.search(rest[: described.end()]):
        return True  # "kubectl delete ns prod to reset the cluster": a purpose, not a description
    return described is None


def _opens_own_clause(s: Clause) -> object:
    """ "If X, `git reset --hard`", "clean slate, `rm -rf ./*`": the command opens a clause, unless a warning
    label describes it ("Note: `git clean -fdx` deletes untracked files") or it is the subject of a verb."""
    return (
        _opens_clause(s.pre, bool(s.condition) or s.pre_off > s.lo)
        and not (
            _NOTE_LABEL.search(s.pre_full) and _DESCRIBES_COMMAND.search(s.text[s.m1 : s.m1 + 60].split(". ", 1)[0])
        )
        and not s.subject
    )


#: What gives a command to be run: any that holds.
RUN_CUES = (
    ("a run verb in its clause", lambda s: s.c.has("run", s.pre)),
    (
        'the match starts with a run verb ("call `DELETE` on")',
        lambda s: _RUN_VERB.match(s.text[s.m0 : s.m0 + 12]) is not None,
    ),
    ('the means of an imperative ("clean test data by calling")', lambda s: _by_means(s.pre)),
    ("a run verb just before it", lambda s: s.c.has("run", s.pre_full[-60:])),
    ("it opens its unit, not described", lambda s: _command_leads(s.text, s.m0, s.m1, s.c)),
    ("it opens a clause", _opens_own_clause),
    ("a claimed authority", lambda s: s.r.authority),
    ('leave to run it ("feel free to `X`")', lambda s: "permit" in s.classes),
    (
        '"with" before it ("descártalos con `git checkout -- .`")',
        lambda s: not s.is_english and _FOREIGN_MEANS.search(s.pre) is not None,
    ),
    (
        'a particle after it ("`git reset --hard`로 정리하세요")',
        lambda s: not s.is_english and _means_after(s.text, s.m1),
    ),
    ('"is fine" after it', lambda s: s.c.has("post_permit", s.post)),
    ("a run verb right after it", lambda s: s.c.has("run", s.post[:24]) and not s.subject),
    ("words that recommend it", lambda s: RECOMMENDS.search(s.text[s.m1 : s.m1 + 80]) is not None),
    ("a neighbouring sentence says to run it", lambda s: runs_it(s.context, s.c)),
)
