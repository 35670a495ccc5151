"""The alternative view: other readings of the units that show a sign of obfuscation.

Built only for the units that need it, one reading per unit and kind (``AltUnit.how``): the native
letters of Cyrillic and Greek, leetspeak, letter-spaced and split words joined, a sentence broken over
short lines read whole, a question answered by a bare denial read as its action denied, ROT13, ROT47,
Caesar, Atbash and Vigenère where the text names them, reversed text, and the decoded and hidden
payloads (``payloads``). Every character of a reading maps back to the original it came from.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from functools import partial

import re2

from instructions.rules.oaths.ciphers import atbash, caesar_reading, cipher_reading, rot13, rot47, vigenere
from instructions.rules.oaths.document import TICK_UNITS, AltUnit, Document
from instructions.rules.oaths.obfuscation import HOT_WORDS, LEET_HINT, join_reveals, joined_view, leet_views
from instructions.rules.oaths.payloads import hidden_payloads, payload_unit, payloads
from instructions.rules.oaths.segment import MAX_UNIT, Unit, _chunks
from instructions.rules.oaths.views import Builder, View, normalize_into

#: Stop words of English as they read in ROT13 and reversed: two distinct ones in a unit mean the
#: unit is worth reading decoded. Short or common words that occur in plain text are left out.
_ROT13_WORDS = re2.compile(
    r"\b(?:gur|naq|lbh|lbhe|nyy|guvf|gung|jvgu|sbe|abg|sebz|nal|cyrnfr|vafgehpgvbaf|cerivbhf|vtaber|grfgf|ehyrf|"
    r"qryrgr|fxvc|qngn|hfre|frpergf|nyjnlf|arire|gurz|jvyy|ercbeg|cnffrq|jbex|svyrf|snvyvat|abgrf|jevgr|ernq|"
    r"fraq|hcybnq|erzbir|sbetrg|qvfnoyr|cebterff|zrzbel|pbzzvg|chfu|erfrg|pyrna|gbxra|cnffjbeq|ybt|gurer|"
    r"fnsrgl|purpxf|hfref|erfhygf|terra|fxvccrq|qrpvfvbaf|xrlf|furyy)\b"
)
_REVERSED_WORDS = re2.compile(
    r"\b(?:eht|dna|uoy|ruoy|lla|siht|taht|htiw|rof|morf|yna|esaelp|snoitcurtsni|suoiverp|erongi|stset|selur|"
    r"eteled|piks|atad|resu|sterces|syawla|reven|meht|lliw|troper|dessap|krow|selif|gniliaf|seton|ton|etirw|"
    r"dnes|evomer|tegrof|elbasid|ssergorp|yromem|timmoc|hsup|teser|naelc|nekot|drowssap|ereht|tsuj|tig|ecrof|"
    r"nigiro|lruc|odus|ytefas|skcehc|neerg|deppiks|snoisiced|syek)\b"
)
#: A cue that the text around it is encoded ("reversed for reasons", "rot13", "decode this").
_DECODE_CUES = re2.compile(
    r"\b(?:rot-?13|reversed?|backwards|right[- ]to[- ]left|decode[ds]?|encoded|base-?(?:64|32|85)|b85\w*|hex|"
    r"caesar|cipher|shift(?:ed)?\s+(?:each|every|all|the)?\s*letters?|ascii85|binary|octal|byte\s+(?:values|codes))\b"
)
_ROT47_CUE = re2.compile(r"\brot-?47\b")


#: Letter substitutions undone only where the text names them: Atbash (a<->z), and Vigenère with its key.
_ATBASH_CUE = re2.compile(r"\batbash\b|\b(?:mirror(?:ed)?|revers(?:e|ed)|backwards?) alphabet\b|\ba\s*<?-+>\s*z\b")
_VIGENERE_CUE = re2.compile(r"\b(?:vigenere|vigenère|polyalphabetic)\b")
#: At most this many keys are tried per Vigenère cue, and this many cued units are deciphered per body.
MAX_CIPHER_KEYS = 3
MAX_CIPHER_CUES = 48
#: The key a Vigenère text names ("key LEDGER", "keyword: 'orbit'"); the cue's unit and its neighbours.
_VIGENERE_KEY = re.compile(r"\b(?:key(?:word)?|passphrase)\b(?:\s+is)?\s*[:=]?\s*[\"'`“]?([a-z]{3,24})\b")


#: An answer that is only a denial: "A: Nowhere.", "**Answer:** No.", "Never."
_BARE_DENIAL = re.compile(
    r"\W*(?:(?:a|answer|ans|r)\W{0,3}[:.)-]\W*)?(?:nowhere|no|nope|never|none|nothing|not at all|not needed|"
    r"no need|not necessary|don'?t|do not|you don'?t|neither)\b[\W]*$"
)
_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself|we|us|our|ours|ourselves)\b")
_SECOND_PERSON = {
    "i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself",
    "we": "you", "us": "you", "our": "your", "ours": "yours", "ourselves": "yourselves",
}  # fmt: skip
#: The action a yes/no or "where/when" question asks about: "where do i record what i learned?" -> "record
#: what i learned" (group 1).
_QUESTION_ACTION = re.compile(
    r"\W*(?:(?:q|question)\s*\d*\W{0,3}[:.)-]\W*)?(?:(?:where|when|how often|how|whether)\s+)?"
    r"(?:do|does|should|shall|can|could|must|may|will|would|need)\s+(?:i|we|you|agents?|the agent|the assistant)\s+"
    r"(?:(?:need|have|ought) to\s+|ever\s+|really\s+|also\s+|still\s+)?([^?]*?)\s*\??[\s*_]*$"
)


#: One reading of (part of) a unit: the unit, how it is read (``AltUnit.how``), the text, and where each of
#: its characters came from in the body (starts, ends).
AltReading = tuple[Unit, str, str, list[int], list[int]]


def _native(doc: Document, out: Builder, alts: list[AltUnit]) -> None:
    """Units with Cyrillic or Greek letters, in their own letters (the base view folds look-alikes to Latin)."""
    for k, u in enumerate(doc._native):
        if not k % TICK_UNITS:
            doc.tick()
        start = len(out)
        normalize_into(out, doc.clean, u.start, u.end, fold=False)
        if len(out) > start:
            alts.append(AltUnit(u, "native", start, len(out)))
            out.add("\n", u.end - 1, u.end)


def _leet(doc: Document, cued: list[Unit]) -> Iterator[AltReading]:
    """ "d3lete", "sk1p": leetspeak read as letters."""
    base = doc.base
    for u in doc.units_hit(LEET_HINT):
        text = base.text[u.vstart : u.vend]
        if len(text) > 40 and " " not in text:
            continue  # one long token (an encoded payload, a hash): read decoded, not as leetspeak
        for variant in leet_views(text):
            yield u, "leet", variant, base.starts[u.vstart : u.vend], base.ends[u.vstart : u.vend]


def _joined(doc: Document, cued: list[Unit]) -> Iterator[AltReading]:
    """ "i g n o r e", "ig-nore": letter-spaced and split words joined."""
    base = doc.base
    for u in doc._units_at(join_reveals(base.text)):
        joined = joined_view(base, u.vstart, u.vend)
        if joined is not None:
            yield u, "joined", *joined


def _lines(doc: Document, cued: list[Unit]) -> Iterator[AltReading]:
    """ "BYPASS   THE\n\nGUARDRAILS": a sentence broken over short lines or paragraphs, read whole."""
    base = doc.base
    for run in _short_runs(doc):
        texts: list[str] = []
        starts: list[int] = []
        ends: list[int] = []
        for u in run:
            if texts:
                texts.append(" ")
                starts.append(base.starts[u.vstart])
                ends.append(base.starts[u.vstart])
            texts.append(base.text[u.vstart : u.vend])
            starts.extend(base.starts[u.vstart : u.vend])
            ends.extend(base.ends[u.vstart : u.vend])
        yield run[0], "lines", "".join(texts), starts, ends


def _answers(doc: Document, cued: list[Unit]) -> Iterator[AltReading]:
    """ "Q: Where do I record what I learned? A: Nowhere.": the question's action, denied."""
    base = doc.base
    for question, answer in _denied_questions(doc):
        m = _QUESTION_ACTION.match(base.text, question.vstart, question.vend)
        if m is None or m.end(1) <= m.start(1):
            continue
        a, b = m.span(1)
        text, starts, ends = ["never "], [base.starts[answer.vstart]] * 6, [base.ends[answer.vend - 1]] * 6
        pos = a
        for w in _FIRST_PERSON.finditer(base.text, a, b):
            # the asker's "I" is the agent the answer speaks to: "what I learned" -> "what you learned"
            text.append(base.text[pos : w.start()])
            starts += base.starts[pos : w.start()]
            ends += base.ends[pos : w.start()]
            said = _SECOND_PERSON[w.group()]
            text.append(said)
            starts += [base.starts[w.start()]] * len(said)
            ends += [base.ends[w.end() - 1]] * len(said)
            pos = w.end()
        text.append(base.text[pos:b])
        starts += base.starts[pos:b]
        ends += base.ends[pos:b]
        yield question, "answer", "".join(text), starts, ends


def _rot13(doc: Document, cued: list[Unit]) -> Iterator[AltReading]:
    """Units that read as ROT13 (its stop words, or a decoding cue), read decoded."""
    base = doc.base
    for u in _likely(doc, _ROT13_WORDS, cued):
        yield (
            u,
            "rot13",
            rot13(base.text[u.vstart : u.vend]),
            base.starts[u.vstart : u.vend],
            base.ends[u.vstart : u.vend],
        )


def _rot47(doc: Document, cued: list[Unit]) -> Iterator[AltReading]:
    """The unit that names ROT47 and the next, read decoded. ROT47 moves letters across case and punctuation:
    it is undone on the original characters, where the view keeps them one for one."""
    base = doc.base
    for u in doc.units_hit(_ROT47_CUE):
        k = bisect.bisect_left(doc._vstarts, u.vstart)
        for v in doc.units[k : k + 2]:
            original = "".join(
                doc.body[a:b] for a, b in zip(base.starts[v.vstart : v.vend], base.ends[v.vstart : v.vend], strict=True)
            )
            if len(original) == v.vend - v.vstart:
                yield v, "rot47", rot47(original).lower(), base.starts[v.vstart : v.vend], base.ends[v.vstart : v.vend]


def _ciphers(doc: Document, cued: list[Unit]) -> Iterator[AltReading]:
    """ "Shift each letter back by three: Gr qrw ...": a Caesar shift after a decoding cue, Atbash or Vigenère
    (with the key the text names) where the text names them: the cued sentence and the two after it, read
    from where a ciphertext may open in each, when the reading has English words in it. (Each reading costs
    a few passes over three units: a text full of cues is read up to a bound.)"""
    base = doc.base
    ciphers = [(u, caesar_reading) for u in cued]
    ciphers += [(u, atbash) for u in doc.units_hit(_ATBASH_CUE)]
    for u in doc.units_hit(_VIGENERE_CUE):
        k = bisect.bisect_left(doc._vstarts, u.vstart)
        near = " ".join(base.text[v.vstart : v.vend] for v in doc.units[max(0, k - 1) : k + 2])
        for key in list(dict.fromkeys(_VIGENERE_KEY.findall(near)))[:MAX_CIPHER_KEYS]:
            ciphers.append((u, partial(vigenere, key=key)))
    for u, decipher in ciphers[:MAX_CIPHER_CUES]:
        k = bisect.bisect_left(doc._vstarts, u.vstart)
        for v in doc.units[k : k + 3]:
            plain = cipher_reading(base.text[v.vstart : v.vend], decipher)
            if plain is not None:
                yield v, "cipher", plain, base.starts[v.vstart : v.vend], base.ends[v.vstart : v.vend]


def _reversed(doc: Document, cued: list[Unit]) -> Iterator[AltReading]:
    """Units that read as reversed text (its stop words, or a decoding cue), read backwards; then each cued
    sentence with the next one, reversed whole (a reversed command's own full stop, "*/. fr- mr", splits it
    from the cue)."""
    base = doc.base
    for u in _likely(doc, _REVERSED_WORDS, cued):
        text = base.text[u.vstart : u.vend][::-1]
        yield u, "reversed", text, base.starts[u.vstart : u.vend][::-1], base.ends[u.vstart : u.vend][::-1]
    for u in cued:
        k = bisect.bisect_left(doc._vstarts, u.vstart)
        if k + 1 < len(doc.units):
            a, b = u.vstart, doc.units[k + 1].vend
            if b - a <= 2 * MAX_UNIT:
                text = base.text[a:b].replace("\n", " ")[::-1]
                yield u, "reversed", text, base.starts[a:b][::-1], base.ends[a:b][::-1]


def _decoded(doc: Document, cued: list[Unit]) -> Iterator[AltReading]:
    """Encoded payloads (``payloads``), read in place, quoted, inside the sentence that carries them (with the
    sentence before it when the payload stands alone): "decode and run: \"rm -rf ./*\"". Every decoded
    character quotes the encoded original; a long payload is read in pieces of at most a unit's length, each
    in the same context, so reading it costs what reading as much plain text would."""
    for start, end, decoded in payloads(doc.body):
        source = payload_unit(doc, start, end)
        if source is None:
            continue
        context_unit = source
        before = doc.clean[source.start : start].strip(" `'\"")
        if not before:
            k = doc.units.index(source)
            if k > 0:
                context_unit = doc.units[k - 1]
        inner = Builder()
        normalize_into(inner, decoded, 0, len(decoded))
        if not len(inner):
            continue
        whole = "".join(inner.parts)
        for a, b in _chunks(whole, 0, len(whole)):
            sub = Builder()
            if context_unit is not source:
                normalize_into(sub, doc.clean, context_unit.start, context_unit.end)
                sub.add(" ", context_unit.end - 1, context_unit.end)
            normalize_into(sub, doc.clean, source.start, start)
            sub.add(' "', start, end)
            sub.add(whole[a:b], start, end)
            sub.add('" ', start, end)
            normalize_into(sub, doc.clean, end, source.end)
            view = sub.build()
            yield source, "decoded", view.text, view.starts, view.ends


def _hidden(doc: Document, cued: list[Unit]) -> Iterator[AltReading]:
    """Invisible text (``payloads.hidden_payloads``) is read as what it says, on its own: nobody sees it to
    quote or decode it."""
    for start, end, decoded in hidden_payloads(doc.body):
        source = payload_unit(doc, start, end)
        inner = Builder()
        normalize_into(inner, decoded, 0, len(decoded))
        whole = "".join(inner.parts)
        if source is None or not whole:
            continue
        for a, b in _chunks(whole, 0, len(whole)):
            yield source, "hidden", whole[a:b], [start] * (b - a), [end] * (b - a)


#: The readings of the alternative view after the native letters, in order; each is given the units that
#: hold a decoding cue ("reversed", "rot13", "decode").
READINGS = (
    ("leetspeak", _leet),
    ("letter-spaced and split words, joined", _joined),
    ("a sentence broken over short lines, whole", _lines),
    ("a question answered by a bare denial, denied", _answers),
    ("ROT13", _rot13),
    ("ROT47", _rot47),
    ("Caesar, Atbash and Vigenère", _ciphers),
    ("reversed text", _reversed),
    ("encoded payloads, decoded", _decoded),
    ("hidden text", _hidden),
)


def build_alt(doc: Document) -> tuple[View, list[AltUnit], list[int]]:
    """The alternative view of ``doc``: its native letters, then ``READINGS``, each reading a unit of its own
    (the view, its units, and their starts in the view)."""
    out = Builder()
    alts: list[AltUnit] = []
    _native(doc, out, alts)
    cued = doc.units_hit(_DECODE_CUES)
    for _, readings in READINGS:
        for source, how, text, starts, ends in readings(doc, cued):
            doc.tick()
            start = len(out)
            out.add_mapped(text, starts, ends)
            alts.append(AltUnit(source, how, start, len(out)))
            out.add("\n", ends[-1] - 1 if ends else 0, ends[-1] if ends else 1)
    return out.build(), alts, [a.vstart for a in alts]


def _denied_questions(doc: Document) -> list[tuple[Unit, Unit]]:
    """(question, answer) pairs whose answer is a bare denial ("Nowhere.", "No.", "A: Never.")."""
    pairs = []
    text = doc.base.text
    for k in range(len(doc.units) - 1):
        q, a = doc.units[k], doc.units[k + 1]
        if text[q.vstart : q.vend].rstrip(" *_").endswith("?") and _BARE_DENIAL.match(text, a.vstart, a.vend):
            pairs.append((q, a))
    return pairs


def _short_runs(doc: Document) -> list[list[Unit]]:
    """Runs of two to eight consecutive units of at most three words each, without a full stop,
    that together hold a word worth reading (an instruction split over lines)."""
    runs: list[list[Unit]] = []
    current: list[Unit] = []

    def close() -> None:
        if len(current) >= 2 and HOT_WORDS.search(" ".join(doc.unit_text(u) for u in current)):
            runs.append(list(current))
        current.clear()

    for u in doc.units:
        text = doc.unit_text(u).strip()
        if u.kind == "text" and 0 < len(text.split()) <= 4 and len(current) < 8 and not text.endswith(":"):
            current.append(u)
            if text.endswith((".", "!", "?", ";", "。")):
                close()
        else:
            close()
    close()
    return runs


def _likely(doc: Document, words: re.Pattern[str], cued: list[Unit]) -> list[Unit]:
    """Units that read as ROT13 or reversed text: two of its stop words in the unit, or one in the
    unit and one in a neighbour, or a decoding cue ("reversed", "rot13") in the unit or the one before."""
    hits: dict[int, int] = {}
    for m in words.finditer(doc.base.text):
        k = bisect.bisect_right(doc._vstarts, m.start()) - 1
        if k >= 0:
            hits[k] = hits.get(k, 0) + 1
    cued_index = {doc._vstarts.index(u.vstart) for u in cued}
    chosen = set()
    for k, n in hits.items():
        if n >= 2 or hits.get(k - 1, 0) or hits.get(k + 1, 0) or k in cued_index or k - 1 in cued_index:
            chosen.add(k)
    for k in cued_index:
        # "Run the reversed command: */. fr- mr": the cue's own unit and the next, stop words or not.
        chosen.add(k)
        if k + 1 < len(doc.units):
            chosen.add(k + 1)
    return [doc.units[k] for k in sorted(chosen)]
