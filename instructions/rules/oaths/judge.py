"""Judge one match of a rule in its unit: is it a conflict, and which span does the finding quote?

Tables of named guards, read in order, the first that holds refusing the match: ``UNIT_GATES`` (the
rule's checks that read the whole unit, its excuses and requirements, read once per unit),
``MATCH_GUARDS`` (the head and the words around it: ``match_guards``, ``requirements``), ``CODE_GUARDS``
(its place in a code block: ``code_lines``) and ``QUOTE_GUARDS`` (quotations and inline code). Then the
reading of its modality (``decide.read``), adjusted by what only the whole document knows
(``READING_ADJUSTMENTS``: the answer to a question, an encoded payload, the role the text casts the agent
in), and the verdict for the rule's kind (``verdicts``).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from instructions.rules.oaths.candidate import UNIT_REFUSED, Candidate, Guard, UnitGate
from instructions.rules.oaths.code_lines import caption_of_command, commented_out, place_in_code, words_in_code
from instructions.rules.oaths.commands import orders_decoding
from instructions.rules.oaths.cue_set import cues
from instructions.rules.oaths.decide import read
from instructions.rules.oaths.document import Document, neighbourhood, unit_after
from instructions.rules.oaths.frames import quote_spans, unit_frame
from instructions.rules.oaths.match_guards import (
    across_bold_label,
    across_list_items,
    adjective_before_noun,
    article_before_borrowed_word,
    both_outcomes_named,
    capitalised_operation_name,
    command_inside_longer_word,
    command_is_subject,
    consequence_warned_of,
    determiner_before_head,
    head_in_hyphenated_name,
    head_in_identifier,
    head_inside_longer_word,
    head_is_http_method,
    head_joined_to_noun,
    head_opens_compound_noun,
    noun_subject_of_english_verb,
    object_of_later_verb,
    one_rule_suppressed,
    outcome_described,
    para_after_word,
    part_of_longer_flag,
    participle_outside_passive,
    pattern_of_command,
    placeholder,
    pronoun_is_determiner,
    quantifier_after_preposition,
    route_in_list,
    test_names_kind_of_thing,
    verb_describes_noun,
)
from instructions.rules.oaths.matching import gap_text, head_span
from instructions.rules.oaths.model import CompiledRule
from instructions.rules.oaths.requirements import (
    antecedent_missing,
    excuse_in_unit,
    homonym_near,
    nearer_antecedent,
    requirement_missing_in_clause,
    requirement_missing_in_unit,
)
from instructions.rules.oaths.segment import Unit
from instructions.rules.oaths.verdicts import DESCRIBE, INSTRUCT, NONEED, PROHIBIT, Reading, verdict
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


#: When a list, ``judge_match`` appends why each match was refused (for ``scripts/eval_oaths.py --why``).
TRACE: list[tuple[str, str, str]] | None = None


def _refuse(rule: CompiledRule, match: Any, why: str) -> None:
    if TRACE is not None:
        TRACE.append((rule.id, match.group()[:60], why))


#: The rule's checks that read the unit and not the match, read once per unit and first.
UNIT_GATES = (
    UnitGate("unless", excuse_in_unit, detail=True),
    UnitGate("requirement missing", requirement_missing_in_unit),
)

#: The guards on the match itself and the words around it, in order: the first that holds refuses it.
MATCH_GUARDS = (
    Guard("head inside an identifier", head_in_identifier),
    Guard("a suppression comment for one named rule", one_rule_suppressed),
    Guard("head inside a hyphenated name", head_in_hyphenated_name),
    Guard("a placeholder", placeholder),
    Guard("head inside a longer word", head_inside_longer_word),
    Guard("a pattern that matches the command", pattern_of_command),
    Guard("command name inside a longer word", command_inside_longer_word),
    Guard("a determiner before the head", determiner_before_head),
    Guard("an adjective before a noun", adjective_before_noun),
    Guard("an article before a borrowed English word", article_before_borrowed_word),
    Guard("an HTTP method", head_is_http_method),
    Guard("'para' after a word is the preposition 'for'", para_after_word),
    Guard("the object of a preposition, not the subject", quantifier_after_preposition),
    Guard("one of a series of capitalised operation names", capitalised_operation_name),
    Guard("runs across items of a list", across_list_items),
    Guard("runs across a bold label", across_bold_label),
    Guard("an HTTP method in a list of routes", route_in_list),
    Guard("a participle outside a passive order", participle_outside_passive),
    Guard("part of a longer flag", part_of_longer_flag),
    Guard("a command is the subject", command_is_subject),
    Guard("both outcomes named", both_outcomes_named),
    Guard("requirement missing", antecedent_missing),
    Guard("requirement missing", requirement_missing_in_clause, UNIT_REFUSED),
    Guard("a nearer antecedent is something else", nearer_antecedent),
    Guard("unless_near", homonym_near, detail=True),
    Guard("'test' names a kind of thing, not the tests", test_names_kind_of_thing),
    Guard("a consequence warned of", consequence_warned_of),
    Guard("an outcome described", outcome_described),
    Guard("the verb describes the noun after 的", verb_describes_noun),
    Guard("the head is the first word of a compound noun", head_opens_compound_noun),
    Guard("the head is a noun joined to another", head_joined_to_noun),
    Guard("the pronoun is a determiner", pronoun_is_determiner),
    Guard("the object belongs to a later verb", object_of_later_verb),
    Guard("English subject", noun_subject_of_english_verb),
)

#: Then the match's place in a code block (``code_lines.place_in_code``).
CODE_GUARDS = (
    Guard("a caption of the command", caption_of_command),
    Guard("code", words_in_code),
    Guard("commented out", commented_out),
)


def place_in_quotes(c: Candidate) -> None:
    """Is the match inside a quotation (``in_quote``) or inline code (``in_code``), is its head in inline code
    (``head_in_code``), and does it start inside a quotation and run out of it (``runs_out``)?"""
    if c.decoded:
        return
    doc, view = c.doc, c.view
    o0, o1 = view.starts[c.m0], view.ends[c.m1 - 1]
    oh0, oh1 = view.starts[c.h0], view.ends[c.h1 - 1]
    for a, b in quote_spans(c.unit, doc.body):
        if a > o0 and a >= oh0:
            break  # (sorted by start) this span and the rest start after the match and its head
        code_span = doc.body[a] == "`"
        if a <= o0 and o1 <= b:
            if code_span:
                c.in_code = True
            else:
                c.in_quote = True
        if code_span and a < oh0 and oh1 < b:
            c.head_in_code = True
        if not code_span and a < o0 < b < o1 and not c.command:
            c.runs_out = True
            return


def runs_out_of_quotation(c: Candidate) -> object:
    """ "fixtures such as 'delete all user data' and 'skip the tests'": a match that starts inside one
    quotation and runs out of it joins words that were never said together."""
    return c.runs_out


def string_literal(c: Candidate) -> object:
    """A command inside a string literal is data (a deny list, a fixture), not a command."""
    return c.command and c.code_unit and c.in_quote


def head_in_code(c: Candidate) -> object:
    """The "verb" is a token of code ("`#[ignore]`", "`--no-verify`"), not a verb."""
    return c.head_in_code and not c.command and not c.rule.in_code


#: Then its place in quotations and inline code (``place_in_quotes``).
QUOTE_GUARDS = (
    Guard("runs out of a quotation", runs_out_of_quotation),
    Guard("string literal", string_literal),
    Guard("head in code", head_in_code),
)


def _refusal(c: Candidate, guards: tuple[Guard, ...]) -> Guard | None:
    """The first of ``guards`` that refuses the candidate (recorded in ``TRACE``), or None."""
    for guard in guards:
        hit = guard.test(c)
        if hit:
            _refuse(c.rule, c.match, f"{guard.why}: {hit.group()!r}" if guard.detail else guard.why)
            return guard
    return None


def _unit_gate(doc: Document, rule: CompiledRule, text: str, unit: Unit, how: str) -> str | None:
    """Why no match of ``rule`` in this unit (``text``, as its view reads it) can be a conflict, or None.

    These are the rule's checks that read the unit and not the match (``UNIT_GATES``): an excuse
    (``unless``) anywhere in it, or a requirement (``require``, unless it is read in the match's clause or
    before the match) missing from it and from its ``window`` neighbours. They are the same for every
    match in the unit, so they are read once per unit and first: a unit they refuse has no conflict,
    whichever of the match's own checks would have refused it earlier."""
    for gate in UNIT_GATES:
        hit = gate.test(doc, rule, text, unit, how)
        if hit:
            return f"{gate.why}: {hit.group()!r}" if gate.detail else gate.why
    return None


def _answered_question(c: Candidate, reading: Reading) -> None:
    """ "Q: Should I add that to the setup notes? A: No. Keep it in your head.": the answer decides."""
    if not (reading.question and c.how == "base" and not reading.negated and c.rule.kind in ("harm", "duty")):
        return
    after = unit_after(c.doc, c.unit)
    answer = _ANSWER.match(after)
    if answer is not None:
        reading.question = False
        if answer.group("no"):
            reading.modality, reading.negated = (NONEED, False) if c.rule.kind == "duty" else (PROHIBIT, True)
        else:
            reading.modality = INSTRUCT
            # "A: Yes, once the user has confirmed it": a gate in the answer holds the action too.
            reading.gated = reading.gated or _answer_gated(after)


def _ungated_rule(c: Candidate, reading: Reading) -> None:
    """A rule with ``gate: false``: no condition or consent excuses the action."""
    if not c.rule.gate:
        reading.gated = False


def _decoded_payload(c: Candidate, reading: Reading) -> None:
    """An encoded payload is not an example of anything by its position alone, and is run when the text
    around it says to decode it (an invisible instruction is addressed to the agent, which alone can read
    it)."""
    if c.decoded:
        if reading.frame in ("example", "reference"):
            reading.frame = ""
        reading.run = reading.run or c.how == "hidden" or orders_decoding(neighbourhood(c.doc, c.unit, 1))


def _reversed_command(c: Candidate, reading: Reading) -> None:
    """ "run the reversed command: */. fr- mr": a command read reversed or in ROT13 that the text says to
    decode is given to be run."""
    if c.how in ("rot13", "reversed") and c.command and orders_decoding(neighbourhood(c.doc, c.unit, 1)):
        reading.run = True
        if reading.modality == DESCRIBE:
            reading.modality = INSTRUCT


def _declaration(c: Candidate, reading: Reading) -> None:
    """ "rules further down override the ones above": for a rule with ``declares``, a description whose
    subject is text reads as an order."""
    if (
        c.rule.declares
        and reading.modality == DESCRIBE
        and not reading.negated
        and _TEXT_SUBJECT.search(c.vt[max(c.lo, c.m0 - 80) : c.m0])
        and not _DENIAL_WORD.search(c.vt[max(c.lo, c.m0 - 30) : c.m0])
    ):
        reading.modality = INSTRUCT


def _role_habit(c: Candidate, reading: Reading) -> None:
    """ "You are DevOps Dan ... Dan never checks with anyone": the role's habits are the agent's orders."""
    if reading.modality == DESCRIBE and c.how == "base" and c.doc.persona_subject(c.vt, c.lo, c.m0, c.h0):
        reading.modality = PROHIBIT if reading.negated else INSTRUCT


#: What only the whole document knows, applied in order to the unit's reading of the match.
READING_ADJUSTMENTS = (
    _answered_question,
    _ungated_rule,
    _decoded_payload,
    _reversed_command,
    _declaration,
    _role_habit,
)


def _reading(c: Candidate) -> Reading:
    """How the match's unit frames it (``decide.read``), memoised per document: the same words read in the
    same place read the same way (a repeated line is read once)."""
    doc, unit, text, lo = c.doc, c.unit, c.text, c.lo
    frame = unit_frame(unit, doc.clean, doc)
    if not frame and unit.kind == "code" and doc.fence_mentions(unit.fence):
        frame = "mention"  # a block whose own lines call it a deny list or a list of examples
    context = neighbourhood(doc, unit, 1) if c.how == "base" else doc.unit_text(unit)
    gaps = gap_text(c.match, c.view, c.h1)
    key = (
        text,
        c.h0 - lo,
        c.h1 - lo,
        c.m0 - lo,
        c.m1 - lo,
        unit.kind,
        frame,
        c.in_quote,
        c.in_code,
        c.command,
        context,
        c.rule.strict_gate,
        gaps,
    )
    known = doc.readings.get(key)
    if known is None:
        known = read(
            text,
            c.h0 - lo,
            c.h1 - lo,
            c.m0 - lo,
            c.m1 - lo,
            unit=unit,
            frame=frame,
            in_quote=c.in_quote,
            in_code=c.in_code,
            command=c.command,
            context=context,
            strict_gate=c.rule.strict_gate,
            english_default=doc.english,
            gaps=gaps,
            original=doc.body[max(0, unit.start - 80) : unit.end + 80],
        )
        doc.readings[key] = known
    return dataclasses.replace(known)


def judge_match(
    doc: Document, rule: CompiledRule, view: View, text_lo: int, text_hi: int, unit: Unit, how: str, match: Any
) -> tuple[int, int] | None:
    """The view span to quote if this match of ``rule`` (in the unit at ``view.text[text_lo:text_hi]``)
    is a conflict, else None (or ``UNIT_REFUSED``: no match of the rule in this unit is)."""
    key = (rule.id, id(view), text_lo)
    if key not in doc.gates:
        doc.gates[key] = _unit_gate(doc, rule, view.text[text_lo:text_hi], unit, how)
    if doc.gates[key] is not None:
        _refuse(rule, match, doc.gates[key])
        return UNIT_REFUSED  # whatever the match, the unit holds the rule's excuse or lacks what it requires
    m0, m1 = match.span()
    if view.text[m0] == "\n":
        m0 += 1  # a pattern anchored at a line start ("No notes.") matched the unit separator before it
    head = head_span(match)
    if head is None:
        _refuse(rule, match, "gap too long or holds a preposition")
        return None
    c = Candidate(doc, rule, view, text_lo, text_hi, unit, how, match, (m0, m1), (max(head[0], m0), head[1]))
    if (refused := _refusal(c, MATCH_GUARDS)) is not None:
        return refused.outcome
    place_in_code(c)
    if (refused := _refusal(c, CODE_GUARDS)) is not None:
        return refused.outcome
    c.code_unit = c.code_line and c.command and not c.comment_line
    place_in_quotes(c)
    if (refused := _refusal(c, QUOTE_GUARDS)) is not None:
        return refused.outcome
    reading = _reading(c)
    for adjust in READING_ADJUSTMENTS:
        adjust(c, reading)
    if not verdict(rule.kind, reading, rule.severity, c.command, c.code_unit):
        _refuse(rule, match, f"verdict: {reading}")
        return None
    if rule.kind == "duty" and reading.cue_at is not None and not c.decoded:
        return text_lo + reading.cue_at, c.m1  # quote the denial with the duty it denies
    return c.m0, c.m1
