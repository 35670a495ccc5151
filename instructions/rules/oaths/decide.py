"""Decide whether a rule's match in a unit is a conflict: read the unit's modality and context.

A match is an *action* found in a unit. Whether the text asks for it is a separate question,
answered here from the words around it (``cues``) and from the unit's place in the document
(``segment``):

1. Frame. Is the unit under a heading or lead-in that lists prohibitions ("## Don'ts", "Never run
   these:"), examples of attacks ("Prompt injection examples:"), sample output ("Example:"), or is it
   reference documentation (a flag table, "`--flag`: what it does")?
2. Quotation. Is the action quoted or in inline code, with a cue that it is mentioned ("if a message
   says ...", "phrases like ...")?
3. Clause. The clause before the action, cut at clause boundaries ("; ", ", but ", ", then ") and at
   the comma that closes a leading condition ("If the tests fail, ..."). An action inside a condition
   is not asked for.
4. Modality. Cues in that clause, nearest first: negated reluctance ("don't hesitate to") is an
   encouragement; denials ("never", "do not", and "without", "not" right before the action) negate,
   two of them cancel ("never delete X without asking"); "no need to" declares the action unnecessary;
   "feel free to", "you may" permit; a scoped exception or claimed approval ("for this repository
   only", "the security team has approved") permits too, and raises a description to a permission;
   a subject other than the agent ("this command will", "attackers may"), a gerund used as a noun, a
   third-person verb or a plain passive describe. After the action: "is forbidden", "is fine", "is
   optional". A gate anywhere in the unit ("ask first", "only with approval", "unless asked") makes
   the action wait for a person.
5. Verdict by rule kind: a *harm* is a finding when instructed or permitted; a *duty* when forbidden or
   declared unnecessary; a *state* unless denied. Nothing is a finding in a question, a condition, a
   mention, an example or reference frame, or (harm) behind a gate. A *command* (``rm -rf ./*``) needs
   something that runs it: a run verb in its clause, or a code block whose lead-in says to run it
   (a "severe" command needs only a code block that nobody framed as an example or a prohibition).

``read`` here puts the steps together; each lives in a module of its own: ``frames`` (1 and 2: a unit's
frame, its quotations), ``clauses`` and ``gates`` (3: clause boundaries, conditions, gates, reported
requests), ``cue_set``, ``denials``, ``verb_forms``, ``commands`` and ``language`` (4: the cues of a
clause, denials, English verb forms, what runs a command, the unit's language) and ``verdicts`` (5).

All windows are bounded (``WINDOW`` characters), so the cost per match is constant.
"""

from __future__ import annotations

from instructions.rules.oaths.clauses import (
    COMMA,
    QUOTE_START,
    SENTENCE_END_PUNCT,
    Clause,
    clause_start,
    first_break,
)
from instructions.rules.oaths.commands import (
    RUN_CUES,
    SUBJECT_OF_VERB,
    UNIT_MARKUP,
)
from instructions.rules.oaths.cue_set import PRE_CLASSES, cues, resolve_events
from instructions.rules.oaths.denials import (
    COORDINATED,
    DENIED_SERIES,
    NE_BEFORE,
    NOWHERE,
    RELOCATED,
    WITHOUT_UNDER_DENIAL,
    alternative_under_denial,
    count_denial,
    described_denial,
    turkish_negative_imperative,
    verb_after_denied,
)
from instructions.rules.oaths.frames import (
    LEAD_IN_FRAMES,
    QUOTED_MENTIONS,
    unquoted,
)
from instructions.rules.oaths.gates import (
    COMMA_NEXT,
    CONDITION_ENDS,
    EXPLICIT_CONSENT,
    NP_OPENERS,
    POLITE_REQUEST,
    PURPOSE_OPEN,
    REPORTED_SERIES,
    SERIES_GOES_ON,
    SUBJECT_ONLY,
    cond_opener,
    obeys_report,
)
from instructions.rules.oaths.language import english, foreign_letters
from instructions.rules.oaths.segment import Unit
from instructions.rules.oaths.verb_forms import noun_use, verb_form
from instructions.rules.oaths.verdicts import DESCRIBE, INSTRUCT, LOCAL, NONEED, PERMIT, PROHIBIT, WINDOW, Reading


def _question(s: Clause) -> None:
    """A unit that ends with a question mark asks (unless it is a polite request: "could you ...?")."""
    stripped = s.text.rstrip(" )*_\"'`”’»」")
    if stripped and stripped[-1] in SENTENCE_END_PUNCT and not s.c.has("polite", s.text):
        s.r.question = True


def _cut_clause(s: Clause) -> None:
    """The clause before the action: the window before the head, cut at its last clause break."""
    s.lo = max(0, s.h0 - WINDOW)
    s.pre_full = s.text[s.lo : s.h0]
    s.post_full = s.text[s.m1 : s.m1 + WINDOW]
    s.pre_off = s.lo + clause_start(s.pre_full)
    s.pre = s.text[s.pre_off : s.h0]
    s.lead_in = s.text[s.lo : s.pre_off].rstrip()
    s.colon_denial = False


def _colon_lead_in(s: Clause) -> None:
    """ "Never run: `rm -rf /`", "Examples of injections: ...": a lead-in before a colon frames what follows
    (``frames.LEAD_IN_FRAMES``), unless the unit's place already does."""
    if not (s.lead_in.endswith(":") and not s.r.frame):
        return
    for frame, test in LEAD_IN_FRAMES:
        if test(s):
            s.r.frame = frame
            s.colon_denial = frame == "prohibit"
            return


def _gate_before_colon(s: Clause) -> None:
    """ "Once he says yes: push the branch, merge it, then remove the worktree": a gate that opens the
    sentence before a colon holds for every step listed after it."""
    colon = s.text.rfind(":", 0, s.pre_off)
    s.lead_gate = ""
    if colon > 0:
        lead = s.text[max(0, colon - 80) : colon]
        if s.c.has("gate", lead) and not (s.c.has("neg", lead) or s.c.has("antigate", lead)):
            s.lead_gate = lead


def _leading_condition(s: Clause) -> None:
    """A condition that opens the clause ("If the tests fail, ...") is cut off ``pre``: at the comma that
    closes it, or where ``gates.CONDITION_ENDS`` finds its end; an action inside an open-ended one is
    itself the condition."""
    c, pre = s.c, s.pre
    s.condition = ""
    comma = None
    for m in COMMA.finditer(pre):
        comma = m
    opener = None if comma is not None and c.has("cond", pre[: comma.start()]) else cond_opener(pre, c)
    if opener is None and comma is not None:
        head_part = pre[: comma.start()]
        if c.has("cond", head_part) and not c.has("cond", pre[comma.end() :]):
            s.condition = head_part
            s.pre_off += comma.end()
            s.pre = s.text[s.pre_off : s.h0]
    elif opener is not None and not c.has("accept", pre):
        end_marker = None
        for _, find in CONDITION_ENDS:
            end_marker = find(s, opener)
            if end_marker is not None:
                break
        if end_marker is not None:
            s.condition = pre[: end_marker.start()]
            # A main clause opened by a noun phrase keeps it: its verb form is read with its subject.
            np_subject = end_marker.group().split(None, 1)[0] in NP_OPENERS
            s.pre_off += end_marker.start() + 1 if np_subject else end_marker.end()
            s.pre = s.text[s.pre_off : s.h0]
        else:
            s.r.condition = True


def _conditional_order_after_colon(s: Clause) -> None:
    """ "never stash it: if a rebase is in your way, run X": a conditional order of its own."""
    if s.colon_denial and s.condition:
        s.r.frame = ""


def _words_after(s: Clause) -> None:
    """The words after the action, up to the next clause break or coordinated action."""
    s.post = s.post_full[: first_break(s.post_full)]


def _purpose(s: Clause) -> None:
    """ "To skip a test, use `t.Skip(...)`": the action names a purpose; the order is what follows the comma."""
    if not s.r.condition and PURPOSE_OPEN.fullmatch(s.pre) and COMMA_NEXT.match(s.text, s.m1):
        s.r.condition = True


def _polite_request(s: Clause) -> None:
    """ "we'd appreciate it if you ...": the if-clause is the request, not a condition."""
    s.polite = POLITE_REQUEST.search(s.pre_full) is not None
    if s.polite:
        s.condition, s.r.condition = "", False
        s.pre_off = s.lo + clause_start(s.pre_full)
        s.pre = s.text[s.pre_off : s.h0]


def _cue_events(s: Clause) -> None:
    """The cues of the clause before the action, overlaps resolved (``cue_set``)."""
    s.events = resolve_events(s.c.events(s.pre, PRE_CLASSES))
    s.end = len(s.pre)


def _trailing_condition(s: Clause) -> None:
    """An action inside a trailing subordinate clause ("don't X unless you can explain why") is its
    condition, not what the sentence asks: the opener comes after the sentence's own denial."""
    c, pre = s.c, s.pre
    last_cond = None
    for m in c.re["cond_start"].finditer(pre):
        last_cond = m
    if last_cond is not None and not s.polite and last_cond.start() > 12 and not c.has("accept", pre):
        denials = [e for e in s.events if e[2] in ("neg", "local_neg") and e[1] <= last_cond.start()]
        ends = c.re["cond_end" if s.is_english else "cond_end_intl"]
        if denials and not ends.search(pre[last_cond.end() :]):
            s.r.condition = True
        elif not denials and SUBJECT_ONLY.match(pre[last_cond.end() :].strip()):
            s.r.condition = True  # "write a handoff note when you stop mid-task": the action is the occasion


def _note_reluctance(s: Clause, event: tuple[int, int, str]) -> None:
    s.reluct = True


def _count_without(s: Clause, event: tuple[int, int, str]) -> None:
    s.negations += 1
    s.last_denial = event[1]


def _note_no_need(s: Clause, event: tuple[int, int, str]) -> None:
    s.cue_at = s.pre_off + event[0]


def _note_gate(s: Clause, event: tuple[int, int, str]) -> None:
    s.gates.append(event[0])


def _without_gerund(s: Clause, event: tuple[int, int, str]) -> object:
    """ "don't run X without asking the user and waiting for an answer": "without" governs the gerund it is
    joined to, so this one is denied as well."""
    start, stop, cls = event
    return (
        cls == "antigate"
        and s.pre[start:stop].lower().startswith("without ")
        and s.text[s.h0 : s.h1].split(" ", 1)[0].endswith("ing")
        and COORDINATED.search(s.pre[stop:])
    )


#: What each cue event before the action does, by the first row whose test holds (``test(s, event)``,
#: ``note(s, event)``; ``event`` is ``(start, stop, class)``).
EVENTS = (
    (
        '"don\'t hesitate to" near the action',
        lambda s, e: e[2] == "reluct" and s.end - e[1] <= 2 * LOCAL,
        _note_reluctance,
    ),
    ("a denial", lambda s, e: e[2] == "neg" or (e[2] == "local_neg" and s.end - e[1] <= LOCAL), count_denial),
    ('"without" joined to the gerund', _without_gerund, _count_without),
    (
        'no need, or "don\'t worry about" near the action',
        lambda s, e: e[2] == "noneed" or (e[2] == "dismiss" and s.end - e[1] <= 2 * LOCAL),
        _note_no_need,
    ),
    # ("never ask first" is no gate: a denial just before it turns it around)
    (
        "a gate",
        lambda s, e: (
            e[2] == "gate" and not any(x[2] in ("neg", "local_neg") and 0 <= e[0] - x[1] <= 12 for x in s.events)
        ),
        _note_gate,
    ),
)


def _denials(s: Clause) -> None:
    """The denials, reluctance, no-need cues and gates before the action (``EVENTS``). "don't create, switch,
    or delete branches": a denial of a series governs every verb of it."""
    s.negations = 1 if DENIED_SERIES.search(s.text[max(s.lo, s.pre_off - 160) : s.pre_off]) else 0
    s.last_denial = None
    s.last_word = ""
    s.denied_at = 0
    s.reluct = False
    s.cue_at = None
    s.gates = []
    for event in s.events:
        for _, test, note in EVENTS:
            if test(s, event):
                note(s, event)
                break


def _turkish_denial(s: Clause) -> None:
    """ "ilerleme notu tutma, kararları kaydetme": "-ma/-me" at the clause end denies the verb."""
    if not s.negations and not s.is_english and turkish_negative_imperative(s.text, s.h0, s.h1, s.original):
        s.negations = 1
        s.cue_at = s.h0 if s.cue_at is None else s.cue_at


def _gap_denial(s: Clause) -> None:
    """A denial between the verb and its object: "schreib keine Notizen", "keep no records". (Words inside a
    quoted object are the object's; after a denial before the verb, one in the gap is negative concord in
    other languages: "no subas nunca el .env", "non annotare mai": still one denial.)"""
    gap_text = s.text[s.h1 : s.m1] if s.gaps is None else s.gaps
    quote = QUOTE_START.search(gap_text)
    if quote is not None:
        gap_text = gap_text[: quote.start()]
    if (
        s.m0 <= s.h0
        and s.h1 < s.m1
        and s.c.has("gap_neg", gap_text)
        and not NE_BEFORE.search(s.pre)
        and not (s.negations and not s.is_english)
    ):
        s.negations += 1
        s.cue_at = s.h0 if s.cue_at is None else s.cue_at


def _authority(s: Clause) -> None:
    """A claimed approval or scoped exception, in the clause, after the action or in the neighbouring
    units (a claim inside a quotation is the quoted text's, not this sentence's)."""
    s.classes = {cls for _, _, cls in s.events}
    c = s.c
    s.r.authority = (
        "authority" in s.classes or c.has("authority", unquoted(s.post)) or c.has("authority", unquoted(s.context))
    )


def _gated(s: Clause) -> None:
    """A gate makes the action wait for a person: before it, before a colon that lists it, in a leading
    condition ("Ask the user before running commands such as X"), or after it; with ``strict_gate``, only
    explicit consent counts. "without asking" anywhere turns it around."""
    c, post, condition = s.c, s.post, s.condition
    gate_texts = [s.pre[g : g + 60] for g in s.gates] + ([s.lead_gate] if s.lead_gate else [])
    if condition:
        gate_texts += [condition[g0 : g0 + 60] for g0, _, cls in c.events(condition, ("gate",)) if cls == "gate"]
    for where in (post, condition):
        for m in c.re["gate_post"].finditer(where):
            gate_texts.append(m.group())
    if s.strict_gate:
        gate_texts = [g for g in gate_texts if EXPLICIT_CONSENT.search(g)]
    s.r.gated = bool(gate_texts) and not (
        c.has("antigate", post) or "antigate" in s.classes or c.has("antigate", s.context)
    )


def _reported_request(s: Clause) -> None:
    """ "if a page tells you to disable the hooks, ...": a request reported (in a series that reaches the
    action, or after a mention cue before it) is mentioned, unless the sentence then carries it out ("...,
    do it"). (Words of the match itself, "anything a later message says takes priority", are not a frame.)"""
    text, m1 = s.text, s.m1
    series = REPORTED_SERIES.search(text[max(0, s.h0 - 400) : s.h0]) if s.is_english else None
    if series is not None and not series.group(1) and not SERIES_GOES_ON.match(text, m1):
        series = None  # "if a page tells you to disable the hooks, delete .git": the order after the condition
    if series is not None or any(cls == "mention" and s.pre_off + start < s.m0 for start, _, cls in s.events):
        if obeys_report(text, m1, s.c):
            s.r.condition = False
        else:
            s.r.mention = True


def _quoted_mention(s: Clause) -> None:
    """A quoted action is only mentioned when one of ``frames.QUOTED_MENTIONS`` holds."""
    if any(test(s) for _, test in QUOTED_MENTIONS):
        s.r.mention = True


def _encouraged(s: Clause) -> None:
    s.r.modality = INSTRUCT  # "don't hesitate to X"; but "don't hesitate to refuse to X" stays a denial
    s.cue_at = None


def _denied(s: Clause) -> None:
    s.r.modality, s.r.negated = PROHIBIT, True
    if s.is_english and s.last_denial is not None and described_denial(s.pre, s.denied_at, s.last_denial):
        s.r.modality = DESCRIBE  # "repos do not auto-save", "editing docs/ does not update it": a fact
        s.cue_at = None


def _unnecessary(s: Clause) -> None:
    s.r.modality = NONEED


def _dismissed(s: Clause) -> None:
    s.r.modality, s.r.dismissed = NONEED, True  # "don't worry about X": X needn't be done, or may be


def _permitted(s: Clause) -> None:
    s.r.modality = PERMIT
    s.cue_at = None


def _to_write(s: Clause) -> None:
    s.r.modality = INSTRUCT  # "add a line that sends process.env to ...": the agent is to write it
    s.cue_at = None


def _by_verb_form(s: Clause) -> None:
    s.r.modality = verb_form(s.text, s.h0, s.h1, s.pre, s.events, s.c, s.is_english)
    if s.polite and s.r.modality == DESCRIBE:
        s.r.modality = INSTRUCT  # "... if you treated these rules as ...": the past tense of a wish
    s.cue_at = None


#: The modality the clause before the action gives it: the first row whose test holds.
MODALITIES = (
    ('negated reluctance ("don\'t hesitate to")', lambda s: s.reluct and s.negations % 2 == 0, _encouraged),
    ("an odd number of denials", lambda s: s.negations % 2 == 1, _denied),
    ('"no need to"', lambda s: "noneed" in s.classes, _unnecessary),
    ('"don\'t worry about"', lambda s: "dismiss" in s.classes, _dismissed),
    (
        "a permission or a claimed authority",
        lambda s: s.r.authority or "permit" in s.classes or "accept" in s.classes,
        _permitted,
    ),
    ("code the agent is to write", lambda s: s.c.has("code_artifact", s.pre), _to_write),
    ("the head verb's form (``verb_forms``)", lambda s: True, _by_verb_form),
)


def _modality(s: Clause) -> None:
    """The action's modality from the clause before it (``MODALITIES``)."""
    for _, test, settle in MODALITIES:
        if test(s):
            settle(s)
            return


def _denied_after(s: Clause) -> object:
    """A denial after the action: "... is forbidden", "`X` 명령은 절대 사용하지 마세요" (Korean and Japanese deny
    a verb after its object), "건너뛰거나 ... 하지 마세요" (neither skip the tests nor ...)."""
    return (
        s.c.has("post_neg", s.post)
        or (s.command and not s.is_english and verb_after_denied(s.post_full))
        or (not s.is_english and alternative_under_denial(s.post_full))
    )


def _prohibited(s: Clause) -> None:
    s.r.modality, s.r.negated = PROHIBIT, True


def _optional(s: Clause) -> None:
    s.r.modality = NONEED


def _fine(s: Clause) -> None:
    s.r.modality = PERMIT


#: What the words after the action make of it (unless it is already denied): the first row whose test
#: holds.
AFTER_THE_ACTION = (
    # "テストを実行せずに報告しないでください": do not report without running the tests (it is required)
    (
        '"without doing it" under a denied main verb',
        lambda s: not s.is_english and WITHOUT_UNDER_DENIAL.match(s.post_full),
        None,
    ),
    ("a denial after it", _denied_after, _prohibited),
    ('"is optional" after it', lambda s: s.c.has("post_noneed", s.post), _optional),
    ('"is fine" after a description', lambda s: s.c.has("post_permit", s.post) and s.r.modality == DESCRIBE, _fine),
)


def _after_the_action(s: Clause) -> None:
    """ "is forbidden", "is fine", "is optional" after the action (``AFTER_THE_ACTION``)."""
    if s.r.negated or s.reluct:
        return
    for _, test, settle in AFTER_THE_ACTION:
        if test(s):
            if settle is not None:
                settle(s)
            return


def _authority_permits(s: Clause) -> None:
    """ "the security team has approved disabling the sandbox": a claimed approval raises a description."""
    if s.r.modality == DESCRIBE and s.r.authority:
        s.r.modality = PERMIT


def _possibility(s: Clause) -> None:
    """ "... can easily be bypassed", "될 수 있습니다": a possibility, described."""
    if s.c.has("post_describe", s.post[:40]) and s.r.modality in (INSTRUCT, PERMIT) and not s.r.authority:
        s.r.modality = DESCRIBE


def _warning(s: Clause) -> None:
    """ "if you're not careful, you can delete the user's data": a warning, described."""
    if (s.condition and s.c.has("warn", s.condition)) or s.c.has("warn", s.pre):
        s.r.modality = DESCRIBE


def _given_to_run(s: Clause) -> None:
    """Is a command (outside a heading) given to be run (``commands.RUN_CUES``)? "`DROP DATABASE db` cannot
    run inside a transaction": a command that opens its unit as the subject of a verb is described (its
    "run" is the command's own verb, not an order)."""
    if s.command and s.unit.kind != "heading":
        s.subject = not s.text[: s.m0].strip(UNIT_MARKUP) and SUBJECT_OF_VERB.match(s.text, s.m1) is not None
        s.r.run = any(test(s) for _, test in RUN_CUES)


def _command_to_run(s: Clause) -> None:
    """A command given to be run is an instruction, whatever word precedes it."""
    if s.command and s.r.run and s.r.modality == DESCRIBE and not s.r.negated:
        s.r.modality = INSTRUCT


def _denial_quoted(s: Clause) -> None:
    """Where the finding of a denied or unnecessary duty starts: at its denial."""
    s.r.cue_at = s.cue_at if s.r.modality in (PROHIBIT, NONEED) else None


def _head_as_noun(s: Clause) -> None:
    """ "in this commit", "the push": the head word used as a noun; a denial before it is about another verb
    ("never include X in this commit"). "do a force push" is still an action."""
    if s.is_english and not s.command and s.h0 == s.m0 and noun_use(s.text[max(0, s.h0 - 40) : s.h0]):
        s.r.modality, s.r.negated = DESCRIBE, False


def _moved_or_restricted(s: Clause) -> None:
    """For a denied or unnecessary action: is it moved elsewhere ("put them in docs/notes/ instead"; "keep
    them in your head" moves nothing anywhere a later session can read), or is what is forbidden only a
    manner ("Don't bundle unrelated changes in a single commit", "まとめてコミットしないこと", "never
    repeatedly run", "禁止反复运行")?"""
    r, text, context = s.r, s.text, s.context
    if r.modality not in (PROHIBIT, NONEED):
        return
    following = text[s.m1 : s.m1 + 160]
    at = context.find(text[:40]) if context else -1
    if at >= 0 and text.rstrip().endswith((";", ":", ",")):
        following += "; " + context[at + len(text) : at + len(text) + 160].lstrip()
    moved = RELOCATED.search(text[s.h1 : s.m1] + following if s.h1 < s.m1 else following)
    r.redirected = moved is not None and NOWHERE.match(moved.string, moved.end()) is None
    stop = following.find(". ")
    between = s.pre[s.last_denial :] if s.last_denial is not None else ""
    r.restricted = s.c.has(
        "restrict", between + " " + text[s.m0 : s.m1] + " " + following[: stop if 0 <= stop < 120 else 120]
    )


#: The steps of a reading, in order: each reads the clause and fills in ``Clause`` and its ``Reading``.
READ_STEPS = (
    _question,
    _cut_clause,
    _colon_lead_in,
    _gate_before_colon,
    _leading_condition,
    _conditional_order_after_colon,
    _words_after,
    _purpose,
    _polite_request,
    _cue_events,
    _trailing_condition,
    _denials,
    _turkish_denial,
    _gap_denial,
    _authority,
    _gated,
    _reported_request,
    _quoted_mention,
    _modality,
    _after_the_action,
    _authority_permits,
    _possibility,
    _warning,
    _given_to_run,
    _command_to_run,
    _denial_quoted,
    _head_as_noun,
    _moved_or_restricted,
)


def read(
    text: str,
    h0: int,
    h1: int,
    m0: int,
    m1: int,
    *,
    unit: Unit,
    frame: str,
    in_quote: bool,
    in_code: bool,
    command: bool,
    context: str = "",
    strict_gate: bool = False,
    english_default: bool = False,
    gaps: str | None = None,
    original: str = "",
) -> Reading:
    """Read how ``text`` (one unit's view) frames the action at ``[m0, m1)`` whose head is ``[h0, h1)``.

    ``context`` is the text of the neighbouring units (an approval claimed in the next sentence still
    counts). With ``strict_gate`` only a person's explicit consent gates the action ("when asked" does not:
    anyone can ask). The reading is ``READ_STEPS``, in order."""
    s = Clause(
        text,
        h0,
        h1,
        m0,
        m1,
        unit=unit,
        in_quote=in_quote,
        in_code=in_code,
        command=command,
        context=context,
        strict_gate=strict_gate,
        gaps=gaps,
        original=original,
        c=cues(),
        r=Reading(frame=frame),
        is_english=english(text, context, english_default) and not foreign_letters(original),
    )
    for step in READ_STEPS:
        step(s)
    return s.r
