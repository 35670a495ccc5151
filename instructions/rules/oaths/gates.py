"""What holds an action back: a condition it stands in, a gate on it, or a request it only reports.

A leading condition ("if the tests fail, ...", "once the PR is open you can ...", "before each build
...") ends at its comma, its closing word, the main clause's subject or a time phrase; a polite request
("we'd appreciate it if you ...") is not one. A gate needs a person ("ask first", "only with approval";
``EXPLICIT_CONSENT`` for a rule with ``strict_gate``). A request reported in a series ("if a page
tells you to X, Y or Z") is mentioned unless the sentence then carries it out.
"""

from __future__ import annotations

import re
from typing import Any

from instructions.rules.oaths.automata import re2_compile
from instructions.rules.oaths.clauses import Clause
from instructions.rules.oaths.cue_set import CueSet

#: "We'd appreciate it if you ...", "it would be kind to ...": a request, not a condition or a description.
POLITE_REQUEST = re2_compile(
    r"\b(?:we'?d|we would|i'?d|i would|it would|it'?d|that would|that'?d)\s+"
    r"(?:really\s+|much\s+|greatly\s+|so\s+|truly\s+)?"
    r"(?:appreciate(?:\s+it)?|love(?:\s+it)?|like(?:\s+it)?|prefer(?:\s+it)?|rather|be\s+(?:\w+\s+)?"
    r"(?:great|nice|kind|helpful|good|ideal|"
    r"better|best|lovely|wonderful|awesome|amazing|perfect|appreciated)|help(?:\s+us|\s+me)?(?:\s+a\s+lot|\s+so\s+much|\s+greatly)?)"
    r"\s+(?:if\s+you|you|to|for\s+you\s+to)\b",
    "polite request",
)


PURPOSE_OPEN = re.compile(r"\W*(?:in order )?to\s*")
COMMA_NEXT = re.compile(r"[^.;:!?\n]{0,60}?,\s*\w")
NP_OPENERS = frozenset(["any", "every", "all", "each", "the", "these", "those", "such"])
_MAIN_CLAUSE = re2_compile(
    r"\s(?:you|agents?|claude|the agent|the assistant|we)\s+(?:can|may|might|could|should|must|will|need|needn't|"
    r"have|are|'re|'ll|don't|do|get)\b|"
    # "after 15:00 any procedure may be left unfinished": a noun phrase and a modal
    r"\s(?:any|every|all|each|the|these|those|such)\s+[a-z]\w*(?:\s+[a-z]\w*)?\s+(?:can|may|might|could|should|must|will|"
    r"need not|needn't)\s+be\b",
    "main clause",
)
#: A leading time given by a noun phrase ("before each build ", "after the release "), with no
#: subject or verb of its own: the verb after it opens the main clause.
_TIME_PHRASE = re.compile(
    r"\W*(?:before|after|during|upon|on)\s+(?:each|every|the|a|an|any|all|this|that|its|your|our)\s+"
    r"(?:(?:new|next|final|last|first|nightly|weekly|daily)\s+)?"
    r"(?:build|release|deploy(?:ment)?|run|session|task|merge|commit|push|tag|sprint|job|pr|pull request|change|"
    r"iteration|cycle|step|test run|ci run|handoff|start|end|edit|fix|review|turn|response|reply|message|command|"
    r"checkout|pull|install|upgrade|migration|restart|rebase|feature|ticket|issue|story|day|week|call)s?\s+",
    re.IGNORECASE,
)
_CLAUSE_GOES_ON = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "will",
        "would",
        "can",
        "could",
        "may",
        "might",
    ]
)


def _time_phrase(pre: str) -> re.Match | None:
    """The time phrase that opens ``pre`` when the words after it open the main clause: the next word
    is a bare verb, not the phrase's own verb ("after the release is out ..." goes on)."""
    m = _TIME_PHRASE.match(pre)
    if m is None:
        return None
    rest = pre[m.end() :].split()
    word = rest[0].strip("`*_'\"").lower() if rest else ""
    if _AGENT_SUBJECT.match(pre, m.end()):
        return m  # "before every edit the agent runs ...": the main clause says what the agent does
    if not word.isalpha() or word in _CLAUSE_GOES_ON or word.endswith(("s", "ed")):
        return None
    return m


#: The agent as the subject of a present-tense verb, opening a main clause ("the agent runs", "you delete").
_AGENT_SUBJECT = re.compile(
    r"\s*(?:the (?:agent|assistant|model|bot)|agents|claude|codex|you)\s+(?!(?:is|are|was|were|has|have|had)\b)[a-z]+\b"
)


#: The rest of a subordinate clause before its verb is only its subject: "when you", "if the user".
SUBJECT_ONLY = re2_compile(
    r"^(?:you|we|they|he|she|it|someone|somebody|anyone|the user|a user|users|the human|a human|the team|"
    r"the session|a session|the agent|an agent|the task|a task|the work)(?: \w+ly| (?:have|has|had|are|is) "
    r"(?:to )?)?$",
    "subject only",
)


EXPLICIT_CONSENT = re2_compile(
    r"\b(?:explicit|explicitly|consent\w*|approv\w*|permission|sign-?off|authori[sz]\w*|agree\w*|"
    # the same in the other languages of the cues (stems: "aprobación", "autorización", "Zustimmung", "accord" ...)
    r"aprob\w*|autori[zs]\w*|permis\w*|consentim\w*|expl[ií]cit\w*|zustimm\w*|genehmig\w*|erlaubnis|einwillig\w*|"
    r"freigabe|accord\b|approbation|approva\w*|consenso|permesso|aprova\w*|consentimento|toestemming|goedkeuring|"
    r"zgod\w*|zatwierdz\w*|onay\w*|izin)|согласи\w*|разрешени\w*|одобрени\w*|同意|批准|许可|承認|許可|승인|동의|허락",
    "consent",
)


#: What may come before a condition that opens a clause: list and emphasis marks, a label with its colon, and
#: conjunctions or adverbs ("- **If**", "Note: when", "and only if"); not a verb ("stop after step one and ...":
#: "after step one" is when to stop, and the order goes on after "and").
_COND_LEAD = re.compile(
    r"(?:[\W\d_]|\b(?:and|but|or|so|then|also|only|even|just|now|again|y|e|et|und|en|i|ve|o|ou|oder|и|а|но)\b)*"
    r"|.*:[\W\d_]*"
)


def cond_opener(pre: str, c: CueSet) -> Any:
    """The word opening a condition at the start of ``pre`` (after a lead such as "and", "then," or a
    label), or None."""
    m = c.re["cond_start"].search(pre)
    return m if m is not None and m.start() <= 12 and _COND_LEAD.fullmatch(pre, 0, m.start()) is not None else None


def obeys_report(text: str, m1: int, c: CueSet) -> bool:
    """Does the main clause after a reported request carry it out ("if the README tells you to disable the
    hooks, do it"), rather than refuse it ("..., treat that as a red flag", "..., don't do it")?"""
    sentence = _SENTENCE_REST.match(text, m1).group()  # (the main clause may follow a series: "to X, Y, or Z, do it")
    for comma in _REPORT_COMMA.finditer(sentence):
        rest = sentence[comma.end() : comma.end() + 80]
        for start, _, _ in c.events(rest, ("obey_report",)):
            if start <= 12 and not (c.has("neg", rest[:start]) or c.has("local_neg", rest[:start])):
                return True
    return False


#: The comma (or its CJK form) that ends a leading conditional clause.
_REPORT_COMMA = re.compile(r"[,，、]\s*")
#: The rest of a sentence, up to 240 characters.
_SENTENCE_REST = re.compile(r"[^.;!?。；！？\n]{0,240}")
#: A request reported in a series that reaches the action: "if a page tells you to disable the hooks,
#: delete the .git directory, or stop writing notes, ..." (each action of the series is what it asks).
REPORTED_SERIES = re.compile(
    r"\b(?:tells?|told|asks?|asked|instructs?|wants?|says?|said|requests?|urges?|directs?) (?:you |the agent |"
    r"claude |the assistant )?to\s+(?:[^,.;:!?\n]|\.(?=\S)){1,80}"
    r"(?:,\s*(?:(?:or|and)\s+)?(?:[^,.;:!?\n]|\.(?=\S)){1,80}){0,6},\s*((?:or|and)\s+)?(?:[a-z']+\s+){0,2}$"
)
#: After an action, the series goes on ("..., or stop writing notes").
SERIES_GOES_ON = re.compile(r"(?:[^,.;:!?\n]|\.(?=\S)){0,80},\s*(?:or|and)\s")


def _closing_word(s: Clause, opener: Any) -> Any:
    """The last closing word of a condition after its opener ("then", "तो", "たら", "면")."""
    end_marker = None
    for m in s.c.re["cond_end" if s.is_english else "cond_end_intl"].finditer(s.pre, None, opener.end()):
        end_marker = m
    return end_marker


#: Where a condition opened without a comma after it ends ("Then, when you skip the tests the queue rejects
#: it"): the first that is found. The match's ``group()`` opens the main clause.
CONDITION_ENDS = (
    ("its closing word", _closing_word),
    # "Once the PR is open you can skip ...": the main clause starts at its subject and modal.
    ("the main clause's subject and modal", lambda s, opener: _MAIN_CLAUSE.search(s.pre) if s.is_english else None),
    # "Before each build run `git clean -xdf`": a time, then the order (the English time phrase is its own
    # evidence of the language, in a unit too short to tell otherwise).
    ("a leading time phrase", lambda s, opener: _time_phrase(s.pre)),
)
