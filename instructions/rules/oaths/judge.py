"""Judge one match of a rule in its unit: is it a conflict, and which span does the finding quote?

First the rule's checks that read the whole unit (``_unit_gate``: its excuses and requirements, read
once per unit), then the guards on the match itself (``match_guards``), its place in code and
quotations (``code_lines``, ``frames``), then the reading of its modality (``decide.read``), adjusted
by what only the whole document knows (the answer to a question, an encoded payload, the role the text
casts the agent in), and the verdict for the rule's kind (``verdicts``).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from instructions.rules.oaths.code_lines import _COMMENT_MARKERS, _PROSE_INFO, _captions_command, _uncomment_ordered
from instructions.rules.oaths.commands import orders_decoding
from instructions.rules.oaths.cue_set import cues
from instructions.rules.oaths.decide import read
from instructions.rules.oaths.document import Document, _after, _before, _neighbourhood
from instructions.rules.oaths.frames import quote_spans, unit_frame
from instructions.rules.oaths.language import foreign_letters
from instructions.rules.oaths.match_guards import (
    _ADJECTIVE_HEAD,
    _ADJECTIVE_NOUN_NEXT,
    _ADJECTIVE_SLOT_BEFORE,
    _BE_BEFORE,
    _BORROWED_NOUN,
    _BOTH_OUTCOMES,
    _COMPOUND,
    _COMPOUND_NOUN_NEXT,
    _CONSEQUENCE_BEFORE,
    _DETERMINER_BEFORE,
    _DETERMINER_END,
    _DOC_TAG,
    _EITHER,
    _FLAG_END,
    _FOREIGN_DETERMINER_BEFORE,
    _IN_IDENTIFIER,
    _JOINED_NOUN,
    _KEY_OPEN,
    _LABEL_END,
    _LETTER_BEFORE,
    _LITERALS_JOINED,
    _NOUN_NEXT,
    _OUTCOME_HEAD,
    _OUTCOME_WORD_END,
    _PARA_AFTER_WORD,
    _PASSIVE_ORDER,
    _PATTERN_SYNTAX,
    _PRAGMA_BEFORE,
    _PREPOSITION_END,
    _QUANTIFIER_HEAD,
    _REMEDY_AFTER,
    _RULE_NAMED,
    _TEST_MODIFIER,
    _WORD_BEFORE,
    _command_subject,
    _english_subject,
    _http_method,
    _in_hyphenated_name,
    _named_operation,
    _route_listed,
)
from instructions.rules.oaths.matching import _gap_text, _head_span
from instructions.rules.oaths.model import CompiledRule
from instructions.rules.oaths.requirements import (
    _CJK_DENIAL,
    _clause_around,
    _excuse_denied,
    _other_antecedent,
    _present,
    _without_examples,
)
from instructions.rules.oaths.segment import Unit
from instructions.rules.oaths.verdicts import DESCRIBE, INSTRUCT, NONEED, PROHIBIT, verdict
from instructions.rules.oaths.views import View

#: The answer that opens the unit after a question ("A: No.", "**Answer:** yes, always", "R : Non."), in
#: the languages of the cues.
_ANSWER = re.compile(
    r"\s*[*_]*(?:a|answer|ans|r|réponse|respuesta|risposta|resposta|antwort|antwoord|odpowiedź|ответ|cevap|답|答|回答|"
    r"الجواب|उत्तर)?\s*[*_]*\s*[:.)-]?\s*[*_]*\s*(?:(?P<no>no|nope|not really|not at all|never|no need|nee|nein|non|não|"
    r"nie|нет|hayır|아니요|아니오|아뇨|いいえ|不用|不需要|不必|不|لا|नहीं)|(?P<yes>yes|yep|yeah|sure|always|of course|"
    r"absolutely|definitely|ja|oui|sí|sì|sim|tak|да|evet|네|예|はい|是的|是|要|对|نعم|हाँ|हां))(?![\w-])",
    re.IGNORECASE,
)


def _answer_gated(answer: str) -> bool:
    c = cues()
    return c.has("gate", answer) or c.has("gate_post", answer)


#: A subject made of text, then at most a few words before the verb: "rules further down this file",
#: "instructions that appear later", "later chat messages".
_TEXT_SUBJECT = re.compile(
    r"\b(?:rules?|instructions?|messages?|lines?|text|sections?|paragraphs?|notes?|directives?|prompts?|"
    r"guidelines?|content|comments?|requests?|anything|whatever|everything)\b(?:[ ,]+[\w'-]+){0,6}[ ,]*$"
)
_DENIAL_WORD = re.compile(r"\b(?:not|cannot|can't|never|no|nor|mustn't|won't|don't|doesn't|shouldn't|may not)\b")


#: ``_judge``'s answer when the refusal holds for the whole unit (an ``unless`` or a missing requirement):
#: no other match of the rule in that unit need be judged.
UNIT_REFUSED = (-1, -1)

#: When a list, ``_judge`` appends why each match was refused (for ``scripts/eval_oaths.py --why``).
TRACE: list[tuple[str, str, str]] | None = None


def _refuse(rule: CompiledRule, match: Any, why: str) -> None:
    if TRACE is not None:
        TRACE.append((rule.id, match.group()[:60], why))


def _unit_gate(doc: Document, rule: CompiledRule, text: str, unit: Unit, how: str) -> str | None:
    """Why no match of ``rule`` in this unit (``text``, as its view reads it) can be a conflict, or None.

    These are the rule's checks that read the unit and not the match: an excuse (``unless``) anywhere
    in it, or a requirement (``require``, unless it is read in the match's clause or before the match)
    missing from it and from its ``window`` neighbours. They are the same for every match in the unit,
    so they are read once per unit and first: a unit they refuse has no conflict, whichever of the
    match's own checks would have refused it earlier."""
    if rule.unless is not None:
        scope = text
        if text.rstrip().endswith((";", "；")):
            scope += " " + _after(doc, unit)  # "Skip the flaky test; it's tracked in #412": one sentence
        hit = next((h for h in rule.unless.finditer(scope) if not _excuse_denied(scope, h.start())), None)
        if hit is not None:
            return f"unless: {hit.group()!r}"
    if rule.require and not rule.antecedent and rule.require_in != "clause":
        scope = text if how == "base" and not rule.window else text + "\n" + _neighbourhood(doc, unit, rule.window)
        if not rule.window and text.rstrip().endswith((";", "；")):
            scope += " " + _after(doc, unit)  # "no need to get approval; just run whatever you need"
        if not all(_present(req, scope) for req in rule.require):
            return "requirement missing"
    return None


def _judge(
    doc: Document, rule: CompiledRule, view: View, text_lo: int, text_hi: int, unit: Unit, how: str, match: Any
) -> tuple[int, int] | None:
    """The view span to quote if this match of ``rule`` (in the unit at ``view.text[text_lo:text_hi]``)
    is a conflict, else None."""
    key = (rule.id, id(view), text_lo)
    if key not in doc.gates:
        doc.gates[key] = _unit_gate(doc, rule, view.text[text_lo:text_hi], unit, how)
    if doc.gates[key] is not None:
        _refuse(rule, match, doc.gates[key])
        return UNIT_REFUSED  # whatever the match, the unit holds the rule's excuse or lacks what it requires
    m0, m1 = match.span()
    if view.text[m0] == "\n":
        m0 += 1  # a pattern anchored at a line start ("No notes.") matched the unit separator before it
    head = _head_span(match)
    if head is None:
        _refuse(rule, match, "gap too long or holds a preposition")
        return None
    h0, h1 = max(head[0], m0), head[1]
    text = view.text[text_lo:text_hi]
    if (
        rule.form != "command"
        and (
            _IN_IDENTIFIER.search(view.text[max(0, h0 - 2) : h0])
            or _COMPOUND.search(view.text[max(0, h0 - 12) : h0])
            or _DOC_TAG.search(view.text[max(0, h0 - 40) : h0])
            or (_KEY_OPEN.search(view.text[max(0, h0 - 3) : h0]) and view.text[h1 : h1 + 1] == ":")
        )
        and view.text[h0 : h0 + 1].isalpha()
    ):
        _refuse(rule, match, "head inside an identifier")
        return None  # "@pytest.mark.skip", "os.remove": a word of a dotted name, not a verb
    if _PRAGMA_BEFORE.search(view.text, max(0, h0 - 16), h0) and _RULE_NAMED.match(view.text, h1):
        _refuse(rule, match, "a suppression comment for one named rule")
        return None  # "// biome-ignore lint/suspicious/noExplicitAny: legacy API": one rule, with its reason
    if rule.form != "command" and _in_hyphenated_name(view.text, h0, h1):
        _refuse(rule, match, "head inside a hyphenated name")
        return None  # "no-commit-to-branch", "Post-org-transfer note": the name of a hook or a setting, not an order
    if rule.form != "command" and view.text[h0 - 1 : h0] == "<" and view.text[h1 : h1 + 1] == ">":
        _refuse(rule, match, "a placeholder")
        return None  # "-register <email> <password>": the name of a value to fill in, not a verb
    if how == "base" and rule.form != "command" and h0 > 0 and _LETTER_BEFORE.match(view.text, h0 - 1):
        _refuse(rule, match, "head inside a longer word")
        return None  # "mail" in "email": a word starts at a word boundary
    if _PATTERN_SYNTAX.search(view.text, max(text_lo, m0 - 4), min(text_hi, m1 + 2)):
        _refuse(rule, match, "a pattern that matches the command")
        return None  # 'test("git push.*(--force|-f).*main")' in a guard hook: what is blocked, not run
    if rule.form == "command" and h0 > 0 and view.text[h0].isalpha() and _WORD_BEFORE.match(view.text, h0 - 1):
        _refuse(rule, match, "command name inside a longer word")
        return None  # "host" in "localhost" or "Write-Host", "rm" in "confirm": not that command
    if (
        rule.form != "command"
        and rule.kind != "state"
        and h0 == m0
        and doc.english
        and _DETERMINER_BEFORE.search(view.text, max(text_lo, h0 - 8), h0)
    ):
        _refuse(rule, match, "a determiner before the head")
        return None  # "never a DOM node per commit", "the delete button": a noun, not a verb
    if (
        rule.form != "command"
        and h0 == m0
        and doc.english
        and _ADJECTIVE_HEAD.fullmatch(view.text, h0, h1)
        and _ADJECTIVE_SLOT_BEFORE.search(view.text, max(text_lo, h0 - 12), h0)
        and _ADJECTIVE_NOUN_NEXT.match(view.text, h1)
    ):
        _refuse(rule, match, "an adjective before a noun")
        return None  # "prefer clear code structure over explanatory comments": clear code, not clearing comments
    if (
        rule.form != "command"
        and rule.kind != "state"
        and h0 == m0
        and not doc.english
        and _FOREIGN_DETERMINER_BEFORE.search(view.text, max(text_lo, h0 - 12), h0)
        and _BORROWED_NOUN.fullmatch(view.text, h0, h1)
    ):
        _refuse(rule, match, "an article before a borrowed English word")
        return None  # "en el commit 4e1c9a2", "im Commit": the English verb borrowed as a noun
    if rule.form != "command" and h0 > text_lo and _http_method(doc, view, h0, h1):
        _refuse(rule, match, "an HTTP method")
        return None  # "em todo formulário POST", "a POST request", "send a PUT to /items": a method, not a verb
    if view.text[h0:h1] == "para" and _PARA_AFTER_WORD.search(view.text, max(text_lo, h0 - 40), h0):
        _refuse(rule, match, "'para' after a word is the preposition 'for'")
        return None  # "Leia `AGENTS.md` para o protocolo": read it for the protocol, not "stop the protocol"
    if (
        rule.kind == "state"
        and _QUANTIFIER_HEAD.match(view.text, m0)
        and _PREPOSITION_END.search(view.text, max(text_lo, m0 - 12), m0)
    ):
        _refuse(rule, match, "the object of a preposition, not the subject")
        return None  # "your knowledge on everything is out of date": the knowledge is, not the rules
    if rule.form != "command" and h0 == m0 and _named_operation(doc, view, h0):
        _refuse(rule, match, "one of a series of capitalised operation names")
        return None  # "Create, Read, Update, and Delete (CRUD)", "Add/Edit/Delete": names of operations
    if how not in ("decoded", "hidden") and _LITERALS_JOINED.search(doc.body, view.starts[m0], view.ends[m1 - 1]):
        _refuse(rule, match, "runs across items of a list")
        return None  # '"git push --force*",\n  "git reset --hard*"': two strings of a list, not one command
    if how not in ("decoded", "hidden") and _LABEL_END.search(doc.body, view.starts[m0], view.ends[m1 - 1]):
        _refuse(rule, match, "runs across a bold label")
        return None  # "**UTF-8 safety**: Never byte-index": the label's words are not the rule's
    if _route_listed(doc, view, h0, h1):
        _refuse(rule, match, "an HTTP method in a list of routes")
        return None  # "GET/PATCH/DELETE /api/agents/[handle]  # Manage agent": the route's documentation
    head_word = view.text[h0:h1].split(" ", 1)[0]
    if head_word in doc.participles and not _PASSIVE_ORDER.search(view.text, max(0, h0 - 60), h0):
        _refuse(rule, match, "a participle outside a passive order")
        return None  # "local edits will be overwritten on the next sync": a description, not an order
    if view.text[m1 : m1 + 1] == "-" and _FLAG_END.search(view.text[max(m0, m1 - 60) : m1]):
        _refuse(rule, match, "part of a longer flag")
        return None  # "--unsafe" in "--unsafe-fixes", "--force" in "--force-if-includes": another flag
    if (
        rule.form != "command"
        and h0 == m0
        and doc.english
        and how == "base"
        and _command_subject(doc.body, unit.start, view.starts[h0])
    ):
        _refuse(rule, match, "a command is the subject")
        return None  # "`git commit --no-verify` and `git push --no-verify` bypass the hooks": what they do
    if _BOTH_OUTCOMES.match(view.text, m1) and _OUTCOME_WORD_END.search(view.text, max(m0, m1 - 12), m1):
        _refuse(rule, match, "both outcomes named")
        return None  # "report the pass/fail counts it prints": the counts, whatever they say
    if rule.require and (rule.antecedent or rule.require_in == "clause"):
        if rule.antecedent:
            scope = _before(doc, unit, rule.window) + view.text[text_lo:m0]
        else:
            scope = _without_examples(_clause_around(text, m0 - text_lo, m1 - text_lo), view.text[h0:h1])
        if not all(_present(req, scope) for req in rule.require):
            _refuse(rule, match, "requirement missing")
            return None if rule.antecedent else UNIT_REFUSED
        if rule.antecedent and _other_antecedent(rule.require[0], scope, view.text[max(m0, m1 - 12) : m1]):
            _refuse(rule, match, "a nearer antecedent is something else")
            return None  # "if stale processes exist, kill them": "them" is the processes, not the work
    if rule.unless_near is not None:
        lo, hi = max(text_lo, m0 - 40), min(text_hi, m1 + 40)
        for near in rule.unless_near.finditer(view.text[lo:hi]):
            if near.start() + lo <= m1 + 1 and (
                near.end() + lo >= m0 - 1 or _CJK_DENIAL.fullmatch(view.text, near.end() + lo, m0)
            ):
                _refuse(rule, match, f"unless_near: {near.group()!r}")
                return None
    if (
        rule.form != "command"
        and view.text[max(m0, m1 - 7) : m1].endswith(("test", "testing"))
        and (_TEST_MODIFIER.match(view.text, m1))
    ):
        _refuse(rule, match, "'test' names a kind of thing, not the tests")
        return None
    if (
        rule.form != "command"
        and doc.english
        and _CONSEQUENCE_BEFORE.search(view.text[max(text_lo, min(m0, h0) - 60) : min(m0, h0)])
        and not _EITHER.search(view.text, text_lo, min(m0, h0))
    ):
        _refuse(rule, match, "a consequence warned of")
        return None
    if _OUTCOME_HEAD.match(view.text, h0) and _BE_BEFORE.search(view.text[max(text_lo, h0 - 40) : h0]):
        _refuse(rule, match, "an outcome described")
        return None
    if not doc.english and view.text[h1 : h1 + 1] == "的" and m1 > h1 + 1:
        _refuse(rule, match, "the verb describes the noun after 的")
        return None  # "关闭的安全处理": the safety handling of closing, not "turn off safety"
    if rule.form != "command" and (m0, m1) == (h0, h1) and _COMPOUND_NOUN_NEXT.match(view.text, h1):
        _refuse(rule, match, "the head is the first word of a compound noun")
        return None  # "commit messages", "push notifications", "the delete button": names, not actions
    if rule.form != "command" and h0 == m0 and _JOINED_NOUN.match(view.text, h1):
        _refuse(rule, match, "the head is a noun joined to another")
        return None  # "Auth: Email + password": a list of things, not an order
    if rule.antecedent and _DETERMINER_END.search(view.text, max(m0, m1 - 6), m1) and _NOUN_NEXT.match(view.text, m1):
        _refuse(rule, match, "the pronoun is a determiner")
        return None  # "delete this comment": "this" names the comment, not something said before
    if rule.kind == "harm" and rule.form != "command" and h1 < m1 and _REMEDY_AFTER.match(view.text, h1, m1):
        _refuse(rule, match, "the object belongs to a later verb")
        return None  # "STOP and update the plan": stop work, then put it right; the plan is updated
    command = rule.form == "command"
    decoded = how in ("decoded", "hidden")
    if (
        rule.kind in ("harm", "duty")
        and not command
        and m0 < h0
        and not foreign_letters(doc.body[max(0, unit.start - 80) : unit.end + 80])
        and _english_subject(view.text, m0, h0, text, _neighbourhood(doc, unit, 1), doc.english)
    ):
        _refuse(rule, match, "English subject")
        return None  # "tests should not perform X": the noun before an English verb is its subject
    code_unit = unit.kind == "code" and not decoded
    line = text.lstrip(" ")
    comment_line = code_unit and line.startswith(_COMMENT_MARKERS) and not line.startswith("#!")
    if how == "base" and code_unit and not command and _captions_command(doc, unit, text, m0 - text_lo, comment_line):
        _refuse(rule, match, "a caption of the command")
        return None  # "mvn install -DskipTests  # skip tests", "# Remove the hook" above its command: a description
    if code_unit and not command and unit.info not in _PROSE_INFO and not comment_line and not rule.in_code:
        _refuse(rule, match, "code")
        return None  # words in code are code, unless the block holds prose or the line is a comment
    if comment_line:
        # A comment in a code block is prose; a command that opens it is commented out, not given to run.
        content_start = text_lo + len(text) - len(line.lstrip("#/-;*% <!"))
        if command and m0 - content_start <= 1 and not _uncomment_ordered(doc, unit):
            _refuse(rule, match, "commented out")
            return None
        code_unit = False
    elif code_unit and not command:
        code_unit = False
    frame = unit_frame(unit, doc.clean, doc)
    if not frame and unit.kind == "code" and doc.fence_mentions(unit.fence):
        frame = "mention"  # a block whose own lines call it a deny list or a list of examples
    in_quote = in_code = head_in_code = False
    if not decoded:
        o0, o1 = view.starts[m0], view.ends[m1 - 1]
        oh0, oh1 = view.starts[h0], view.ends[h1 - 1]
        for a, b in quote_spans(unit, doc.body):
            if a > o0 and a >= oh0:
                break  # (sorted by start) this span and the rest start after the match and its head
            code_span = doc.body[a] == "`"
            if a <= o0 and o1 <= b:
                if code_span:
                    in_code = True
                else:
                    in_quote = True
            if code_span and a < oh0 and oh1 < b:
                head_in_code = True
            if not code_span and a < o0 < b < o1 and not command:
                # "fixtures such as 'delete all user data' and 'skip the tests'": a match that starts inside
                # one quotation and runs out of it joins words that were never said together.
                _refuse(rule, match, "runs out of a quotation")
                return None
    if command and code_unit and in_quote:
        _refuse(rule, match, "string literal")
        return None  # a command inside a string literal is data (a deny list, a fixture), not a command
    if head_in_code and not command and not rule.in_code:
        _refuse(rule, match, "head in code")
        return None  # the "verb" is a token of code ("`#[ignore]`", "`--no-verify`"), not a verb
    context = _neighbourhood(doc, unit, 1) if how == "base" else doc.unit_text(unit)
    gaps = _gap_text(match, view, h1)
    # The same words read in the same place read the same way (a repeated line is read once).
    key = (
        text,
        h0 - text_lo,
        h1 - text_lo,
        m0 - text_lo,
        m1 - text_lo,
        unit.kind,
        frame,
        in_quote,
        in_code,
        command,
        context,
        rule.strict_gate,
        gaps,
    )
    known = doc.readings.get(key)
    if known is None:
        known = read(
            text,
            h0 - text_lo,
            h1 - text_lo,
            m0 - text_lo,
            m1 - text_lo,
            unit=unit,
            frame=frame,
            in_quote=in_quote,
            in_code=in_code,
            command=command,
            context=context,
            strict_gate=rule.strict_gate,
            english_default=doc.english,
            gaps=gaps,
            original=doc.body[max(0, unit.start - 80) : unit.end + 80],
        )
        doc.readings[key] = known
    reading = dataclasses.replace(known)
    if reading.question and how == "base" and not reading.negated and rule.kind in ("harm", "duty"):
        # "Q: Should I add that to the setup notes? A: No. Keep it in your head.": the answer decides.
        after = _after(doc, unit)
        answer = _ANSWER.match(after)
        if answer is not None:
            reading.question = False
            if answer.group("no"):
                reading.modality, reading.negated = (NONEED, False) if rule.kind == "duty" else (PROHIBIT, True)
            else:
                reading.modality = INSTRUCT
                # "A: Yes, once the user has confirmed it": a gate in the answer holds the action too.
                reading.gated = reading.gated or _answer_gated(after)
    if not rule.gate:
        reading.gated = False
    if decoded:
        if reading.frame in ("example", "reference"):
            reading.frame = ""  # an encoded payload is not an example of anything by its position alone
        # (an invisible instruction is addressed to the agent, which alone can read it)
        reading.run = reading.run or how == "hidden" or orders_decoding(_neighbourhood(doc, unit, 1))
    elif how in ("rot13", "reversed") and command and orders_decoding(_neighbourhood(doc, unit, 1)):
        reading.run = True  # "run the reversed command: */. fr- mr"
        if reading.modality == DESCRIBE:
            reading.modality = INSTRUCT
    if (
        rule.declares
        and reading.modality == DESCRIBE
        and not reading.negated
        and _TEXT_SUBJECT.search(view.text[max(text_lo, m0 - 80) : m0])
        and not _DENIAL_WORD.search(view.text[max(text_lo, m0 - 30) : m0])
    ):
        reading.modality = INSTRUCT  # "rules further down override the ones above": a declaration
    if reading.modality == DESCRIBE and how == "base" and doc.persona_subject(view.text, text_lo, m0, h0):
        # "You are DevOps Dan ... Dan never checks with anyone": the role's habits are the agent's orders.
        reading.modality = PROHIBIT if reading.negated else INSTRUCT
    if not verdict(rule.kind, reading, rule.severity, command, code_unit):
        _refuse(rule, match, f"verdict: {reading}")
        return None
    if rule.kind == "duty" and reading.cue_at is not None and not decoded:
        return text_lo + reading.cue_at, m1  # quote the denial with the duty it denies
    return m0, m1
