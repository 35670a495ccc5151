"""Why a match is not the action its rule names: the head word and the words around it.

The head may be a word of a name ("os.remove", "no-commit-to-branch", "pre-commit hooks", "<email>"),
a noun ("the delete button", "commit messages", "en el commit"), an HTTP method or a route, one of a
series of capitalised operation names, an adjective ("clear code"), a participle outside a passive
order, or part of a longer flag; the match may run across items of a list or a bold label, describe a
consequence or an outcome, or have a command or an English noun as its subject.
"""

from __future__ import annotations

import re

from instructions.rules.oaths.candidate import Candidate
from instructions.rules.oaths.document import Document, neighbourhood
from instructions.rules.oaths.language import english, foreign_letters
from instructions.rules.oaths.views import View

_PASSIVE = re.compile(
    r"\b(?:be|been|being|is|are|was|were|get|gets|got|gotten)\s+(?:\w+ly\s+)?"
    r"(?:(?:fine|ok|okay|allowed|acceptable|safe|free|ready|easy|required|needed|meant|supposed|expected|permitted|"
    r"good|better|best|not|never)\s+(?:to\s+)?)?"
    # "may be left unfinished", "can be treated as done": a light verb in the passive, then its complement
    r"(?:(?:left|kept|made|considered|treated|regarded|deemed|declared|marked|set|taken|counted)\s+(?:as\s+)?)?$"
)


def _english_subject(text: str, m0: int, h0: int, unit_text: str, context: str, default: bool) -> bool:
    """Is the object of an object-first match really the subject of an English verb (no passive)?"""
    head_word = text[h0 : h0 + 20].split(" ", 1)[0]
    if not head_word.isascii() or not head_word[:1].isalpha() or not english(unit_text, context, default):
        return False  # Japanese, Korean, Turkish, Hindi...: the object comes first
    return _PASSIVE.search(text[max(m0, h0 - 40) : h0]) is None


#: The hyphens of a name made of words around a head ("no-commit-to-branch", "post-org-transfer").
_HYPHEN_BEFORE = re.compile(r"[a-z0-9]-$")
_HYPHEN_AFTER = re.compile(r"-[a-z0-9]")
_TWO_HYPHENS_BEFORE = re.compile(r"[a-z0-9]-[a-z0-9]+-$")
_TWO_HYPHENS_AFTER = re.compile(r"-[a-z0-9]+-[a-z0-9]")


#: A linter's suppression comment ("biome-ignore", "eslint-disable-next-line") and, after it, the one rule it
#: names ("lint/suspicious/noExplicitAny", "no-console", "@typescript-eslint/no-explicit-any").
_PRAGMA_BEFORE = re.compile(r"(?:biome|eslint|prettier|tslint|stylelint|deno-lint|markdownlint|cspell|swiftlint)-$")
_RULE_NAMED = re.compile(r"(?:-next-line|-line)?\s+@?[\w-]+(?:/[\w-]+)+|(?:-next-line|-line)?\s+no-[\w-]+")


def _in_hyphenated_name(text: str, h0: int, h1: int) -> bool:
    """Is ``text[h0:h1]`` a word of a hyphenated name: between two hyphens ("no-commit-to-branch"), or
    first or last of at least three words ("post-org-transfer")? (Two words, "force-push", "skip-ci",
    may still be an order.)"""
    before = text[max(0, h0 - 40) : h0]
    return bool(
        (_HYPHEN_BEFORE.search(before) and _HYPHEN_AFTER.match(text, h1))
        or _TWO_HYPHENS_BEFORE.search(before)
        or _TWO_HYPHENS_AFTER.match(text, h1)
    )


#: The end of one quoted item of a list and the start of the next ('",\n  "'): a match across it joins items.
_LITERALS_JOINED = re.compile(r"[\"']\s*,\s*[\"']")


#: An HTTP method written in capitals, and what may follow it as a method: the end of the clause, a path
#: or a word naming a request ("formulário POST.", "POST /api/items", "a DELETE request").
_HTTP_METHOD = re.compile(r"(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)")
_AFTER_METHOD = re.compile(
    r"(?:\s*(?:$|[.,;:!?)\]`'\"]|/|\{)|\s+(?:requests?|endpoints?|routes?|methods?|calls?|handlers?|forms?|bod(?:y|ies)|"
    r"verbs?|operations?|requisiç(?:ão|ões)|solicitud(?:es)?|petici(?:ón|ones)|anfragen?|requêtes?|richiest[ae]|"
    r"método|methode|méthode|metodo)\b)"
)


def _http_method(doc: Document, view: View, h0: int, h1: int) -> bool:
    """Is the head an HTTP method in capitals, followed by the end of its clause, a path or a word naming
    a request, after some word of its sentence?"""
    a, b = view.starts[h0], view.ends[h1 - 1]
    word = doc.body[a:b]
    return bool(_HTTP_METHOD.fullmatch(word)) and _AFTER_METHOD.match(doc.body, b) is not None


#: Portuguese and Spanish "para" is the imperative "stop" only where a clause starts; after a word (not a
#: conjunction) it is the preposition "for": "leia o arquivo para o protocolo".
_PARA_AFTER_WORD = re.compile(
    r"(?<![\w-])(?!(?:e|y|o|ou|então|entonces|depois|luego|agora|ahora|já|ya|só|solo|apenas|simplesmente|"
    r"simplemente|e então|y luego)\s+$)[^\W\d_][\w`'\"”)/.-]*\s+$"
)
#: A quantifier that may stand for the rules ("everything is out of date") and the preposition before it
#: that makes it an object ("your knowledge on everything ...").
_QUANTIFIER_HEAD = re.compile(r"(?:everything|anything|all of (?:it|this|that)|all)\b")
_PREPOSITION_END = re.compile(r"\b(?:on|about|of|regarding|concerning|for|with)\s+$")
#: An ASCII letter just before a head that starts with one: the head is the end of a longer word.
_LETTER_BEFORE = re.compile(r"[a-z][a-z]", re.IGNORECASE)
#: Regular-expression syntax inside a command: a pattern that matches commands ("git push.*--force").
#: (".*" between a word and a word or group: "push.*(--force"; not a glob such as "./*.*"; an alternation of
#: flags "(-f|--force)"; a flag group "(?i)" or a word boundary "\\b" just around the match)
_PATTERN_SYNTAX = re.compile(
    r"[\w)\]]\.[*+][\w(\\\[]|\\[sbdw][*+?]|\\b|\(\?[:i]|\[\^|\((?:-{1,2}[\w-]+\|)+-{1,2}[\w-]+\)"
)
#: Before a head that is not a verb: a dotted or sigiled name ("os.remove", "@skip"), or a compound
#: modifier ending in it ("pre-commit hooks", "fee-on-transfer tokens", "non-delete paths").
_IN_IDENTIFIER = re.compile(r"[A-Za-z0-9_)\]]\.$|[@#$]$")
_COMPOUND = re.compile(
    r"(?:\b(?:pre|post|non|anti|port|multi|single|cross|semi|bi|tri|inter|intra|sub)|\w-(?:on|of|to|per|by|in))-$",
    re.IGNORECASE,
)
#: The end of a bold label that opens a list item ("- **UTF-8 safety**: Never byte-index ..."): a match
#: across it joins the label's words to the rule's.
_LABEL_END = re.compile(r"\*\*\s*:\s|:\*\*\s|__\s*:\s")


_WORD_BEFORE = re.compile(r"[A-Za-z0-9_-]")
#: A passive that orders or permits: "can be discarded", "should be deleted", "are to be removed",
#: "is fine to be overwritten" (not "will be", "are", "get": those describe).
_PASSIVE_ORDER = re.compile(
    r"\b(?:can|could|may|might|should|must|shall|need to|needs to|have to|has to|ought to|is to|are to|"
    r"(?:is|are|'s|'re)\s+(?:\w+\s+)?(?:allowed|fine|ok|okay|safe|free|expected|supposed|meant|required|permitted)\s+to)"
    r"\s+(?:\w+\s+){0,2}?(?:be|get)\s+(?:\w+ly\s+)?$"
)


#: A match that ends with a command-line flag ("--unsafe", "-f"): a "-" right after it makes a longer flag.
_FLAG_END = re.compile(r"(?:^|[\s`'\"=(\[])--?[A-Za-z][\w-]*$")
#: An object's key: "{ email: ...", ", token: ..." (with the ":" after the head).
_KEY_OPEN = re.compile(r"[{,]\s*$")
#: A documentation tag that names an identifier next: "@param email", ":param token:", "@property delete".
_DOC_TAG = re.compile(
    r"(?:^|\s)[@:\\](?:param|arg|argument|prop|property|field|key|attr|attribute|var|ivar|cvar|type|typedef|"
    r"callback|member|method|function|func|name|event|fires|emits|enum|const|constant)(?:\s+\{[^}\n]*\})?\s+$"
)


#: A match that ends with a demonstrative, followed by a noun it determines ("this comment"); a part of
#: what was named before ("that paragraph" of the notes) still points back.
_DETERMINER_END = re.compile(r"\b(?:this|that|these|those)$")
#: Two or more capitalised words in a series before a capitalised head: "Create, Read, Update, and ",
#: "Add/Edit/".
_NAME_SERIES = re.compile(r"(?:\b[A-Z][a-z]+\s*(?:,|/)\s*){2,}(?:(?:and|or|&)\s+)?$|\b[A-Z][a-z]+\s*/\s*$")


def _named_operation(doc: Document, view: View, h0: int) -> bool:
    """Is the head a capitalised word ending a series of capitalised words ("Create, Read, Update, and
    Delete", "Add/Edit/Delete")? Such a series names operations (a CRUD list, buttons); it orders none."""
    o0 = view.starts[h0]
    if not doc.body[o0 : o0 + 1].isupper():
        return False
    return bool(_NAME_SERIES.search(doc.body, max(0, o0 - 60), o0))


_METHOD = r"(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)"
#: How far into its line an HTTP method may stand and still open a route.
ROUTE_LEAD_MAX = 120
#: Before an HTTP method that names a route, on its line: list markup, a table pipe, the path, other
#: methods.
_ROUTE_LEAD = re.compile(rf"[\s\-*+|>`#\d.)\[(]*(?:`?/[^\s`]*`?[\s:]*)?[\[(]?\s*(?:{_METHOD}\s*[/,|]\s*)*")
#: After it: the route's path and then nothing but a caption (a comment, a dash, a colon, a cell's
#: end), or the next method of a list ("[GET, POST, DELETE]").
_ROUTE_TAIL = re.compile(r"\s*`?/[^\s`|]*`?[ \t]*(?:$|\n|#|//|\||—|–|-\s|:|\(|`)|\s*[\])]|\s*[,|/]\s*(?:[A-Z/`]|$)")


def _route_listed(doc: Document, view: View, h0: int, h1: int) -> bool:
    """Is the head an upper-case HTTP method that opens its line in a list or table of routes
    ("DELETE /api/users/{id}", "| `DELETE` | `/items/:id` |", "[GET, POST, DELETE]")?"""
    o0 = view.starts[h0]
    word = re.match(_METHOD + r"(?![A-Za-z])", doc.body[o0 : o0 + 8])
    if word is None:
        return False
    o1 = o0 + word.end()
    line = doc.body.rfind("\n", max(0, o0 - ROUTE_LEAD_MAX), o0) + 1
    if o0 - line > ROUTE_LEAD_MAX or (line == 0 and o0 > ROUTE_LEAD_MAX):
        return False  # (a method that far into its line is in prose; the bound keeps the test linear)
    return bool(_ROUTE_LEAD.fullmatch(doc.body, line, o0)) and bool(_ROUTE_TAIL.match(doc.body[o1 : o1 + 200]))


#: A determiner or "per" right before a word makes it a noun ("per commit", "each push", "the reset").
_DETERMINER_BEFORE = re.compile(r"(?:^|[\s(])(?:a|an|the|per|each|every|its|their|our|his|her)\s+$")
#: Verbs of erasing that are also adjectives ("clear names", "an empty list", "clean code"), and the words after
#: which such a word, followed by a noun, is the adjective: a verb that takes the noun as its object ("prefer
#: clear code", "write clean functions", "keep empty lines"), a preposition or a conjunction.
_ADJECTIVE_HEAD = re.compile(r"clear|empty|blank|clean|fresh|raw|open")
_ADJECTIVE_SLOT_BEFORE = re.compile(
    r"(?:^|[\s(])(?:prefer|prefers|preferring|favou?r|favou?rs|use|uses|using|write|writes|writing|keep|keeps|want|"
    r"need|needs|have|has|with|without|for|of|over|into|than|is|are|be)\s+$"
)
_ADJECTIVE_NOUN_NEXT = re.compile(
    r"[ \t]+(?!(?:and|or|to|from|in|on|at|out|up|down|away|off|all|everything|anything|the|a|an|any|every|each|your|"
    r"my|our|their|its|his|her|this|that|these|those|it|them|what|whatever|before|after|if|when|once|now)\b)[a-z][a-z-]*\b"
)
#: The same in other languages, where an English verb is borrowed as a noun ("en el commit", "im Commit",
#: "dans le commit", "nel commit", "no commit"): articles and article contractions that are never pronouns.
_FOREIGN_DETERMINER_BEFORE = re.compile(
    r"(?:^|[\s(])(?:el|un|una|unos|unas|del|al|cada|este|ese|esta|der|dem|den|des|ein|eine|einen|einem|einer|"
    r"im|am|vom|zum|beim|jedem|jeden|diesem|diesen|une|du|au|aux|ce|cet|cette|chaque|dans le|sur le|par le|"
    r"pour le|il|uno|nel|nello|dello|dal|sul|ogni|questo|quel|um|uma|no|na|do|da|ao|het|een|elke|deze)\s+$",
    re.IGNORECASE,
)
#: English words of the trade that other languages borrow as nouns ("el commit", "der Push", "le merge").
_BORROWED_NOUN = re.compile(
    r"(?:commit|commits|push|merge|deploy|deployment|reset|rebase|release|build|upload|log|logs|stash|backup|dump|"
    r"export|fork|pull|patch|hook|hooks|test|tests|script|cache|debug|drop|update|upgrade|download|report|post|"
    r"share|mail|e-?mail|ticket|issue|checkout|clone|tag|squash|revert|hotfix|fix)"
)
_NOUN_NEXT = re.compile(
    r"[ \t]+(?!(?:and|or|to|from|in|on|at|with|before|after|now|too|also|as|if|when|so|then|first|immediately|"
    r"again|completely|entirely|away|off|out|up|down|for|right|once|is|are|was|were|will|has|have|"
    r"paragraphs?|sections?|entry|entries|lines?|parts?|bits?|notes?|files?|folders?|logs?|pages?|list)\b)[a-z][a-z-]*\b"
)
#: Nouns that make a compound with a verb before them ("commit messages", "push notifications").
_COMPOUND_NOUN_NEXT = re.compile(
    r"(?:[ \t]+|-)(?:messages?|hash(?:es)?|history|histories|logs?|titles?|subjects?|bod(?:y|ies)|shas?|ids?|buttons?|"
    r"notifications?|hooks?|templates?|conventions?|rights|permissions?|access|events?|handlers?|endpoints?|"
    r"links?|forms?|dialogs?|modals?|flows?|options?|settings?|keys?|fields?|counts?|timestamps?|dates?|domains?|"
    r"addresses|address|provider|providers|service|services|server|servers|client|clients|queue|queues)\b"
)
#: A clause that opens with commands or flags in code spans, right before the verb: they are its subject
#: ("`--no-verify` skips the hooks", "`git clean -n` and `git clean -fd` remove nothing / everything").
_COMMAND_SUBJECT = re.compile(
    r"(?:^|[.;!?]\s+|^[-*+]\s+|\n[-*+]?\s*)`[^`\n]{1,80}`(?:\s*(?:,|and|or|,\s*and|,\s*or)\s*`[^`\n]{1,80}`){0,4}\s+$"
)


def _command_subject(body: str, unit_start: int, head: int) -> bool:
    """Do commands in code spans open the clause that the verb at ``head`` continues (looked for within 200
    characters; a window cut inside the unit cannot open a clause)?"""
    lo = max(unit_start, head - 200)
    return _COMMAND_SUBJECT.search(("" if lo == unit_start else "\x00") + body[lo:head]) is not None


#: An outcome word and its opposite joined by a slash ("pass/fail counts", "success/failure rate", "green/red"):
#: a name for the result, whatever it is, not a claim of one.
_OUTCOME_WORD_END = re.compile(r"(?:pass|passed|passes|passing|success|successful|succeeded|green|ok|okay)$")
_BOTH_OUTCOMES = re.compile(r"\s*/\s*(?:fail|failed|fails|failing|failure|failures|red|error|errors|ko)\b")
#: A head word joined to the next word by "+": a noun in a list ("Email + password"). (Not "/": "delete/overwrite".)
_JOINED_NOUN = re.compile(r"[ \t]*\+[ \t]*[A-Za-z]")
#: After a verb, a coordinated verb that puts things right ("stop and update the plan", "pause, then
#: ask"): what follows is that verb's object, not the first one's.
_REMEDY_AFTER = re.compile(
    r"\W*(?:and|then|,)\s+(?:then\s+)?(?:ask|update|revise|rewrite|re-?plan|re-?read|reconsider|rethink|"
    r"review|check|confirm|consult|report|explain|tell|inform|notify|flag|escalate|document|write|record|note|"
    r"summari[sz]e|fix|repair|verify|test|re-?run|wait|think|discuss|get|seek|request)\b",
    re.IGNORECASE,
)


#: "Delete all test notes", "drop the test rows": "test" names the kind of thing deleted (fixtures made for
#: testing), not the tests. (Not "test suite", "test run", "test results": those are the verification.)
_TEST_MODIFIER = re.compile(
    r"[ \t]+(?:notes?|rows?|data|files?|fixtures?|users?|accounts?|records?|emails?|tenants?|customers?|orders?|"
    r"environments?|envs?|databases?|dbs?|branch(?:es)?|containers?|images?|assets?|documents?|entries|entry|"
    r"items?|objects?|projects?|servers?|instances?|clusters?|credentials?|keys?|tokens?|buckets?|vaults?|"
    r"workspaces?|repos?|repositories|devices?|phones?|cards?|payments?|messages?|pages?|posts?|videos?|photos?|"
    r"uploads?|folders?|directories|dirs?|tables?|schemas?|namespaces?|apps?|sites?|domains?|mailbox(?:es)?)\b"
)
#: "..., or you leak other users' rows", "otherwise we lose the cache": a consequence warned of, not an order.
_CONSEQUENCE_BEFORE = re.compile(
    r"(?:^|[\s,;(])(?:or|otherwise|else|or else)\s*,?\s+(?:you|we|it|they|this|that|the agent|agents|the agents|"
    r"people|developers|the model|models|the llm|llms|the ai|claude|codex|reviewers|users|the user|nobody|someone)"
    r"(?:'ll|'d|\s+will|\s+would|\s+could|\s+might|\s+may|\s+can)?\s+(?:\w+ly\s+)?$",
    re.IGNORECASE,
)
#: "Either ask first or you delete the backups": two orders to choose from, not a warning.
_EITHER = re.compile(r"\beither\b", re.IGNORECASE)
#: "Uncommitted changes can be lost to a reset": an outcome described (nobody "loses" on purpose).
_OUTCOME_HEAD = re.compile(r"(?:lost|gone)\b")
#: ... after a modal ("can be lost", "will be gone") or "get" ("got lost"); not after a bare "is/are", which
#: an order can hold ("make sure the notes are gone").
_BE_BEFORE = re.compile(
    r"\b(?:(?:can|could|may|might|will|would|'ll|may well)\s+(?:\w+ly\s+)?(?:be|get)|get|got|gets|getting)\s+"
    r"(?:\w+ly\s+)?$",
    re.IGNORECASE,
)


# The guards, in the order ``judge.MATCH_GUARDS`` reads them: each is true when it refuses the match.


def head_in_identifier(c: Candidate) -> object:
    """ "@pytest.mark.skip", "os.remove", "pre-commit", "@param delete": a word of a name, not a verb."""
    t, h0 = c.vt, c.h0
    return (
        not c.command
        and (
            _IN_IDENTIFIER.search(t[max(0, h0 - 2) : h0])
            or _COMPOUND.search(t[max(0, h0 - 12) : h0])
            or _DOC_TAG.search(t[max(0, h0 - 40) : h0])
            or (_KEY_OPEN.search(t[max(0, h0 - 3) : h0]) and t[c.h1 : c.h1 + 1] == ":")
        )
        and t[h0 : h0 + 1].isalpha()
    )


def one_rule_suppressed(c: Candidate) -> object:
    """ "// biome-ignore lint/suspicious/noExplicitAny: legacy API": one rule, with its reason."""
    return _PRAGMA_BEFORE.search(c.vt, max(0, c.h0 - 16), c.h0) and _RULE_NAMED.match(c.vt, c.h1)


def head_in_hyphenated_name(c: Candidate) -> object:
    """ "no-commit-to-branch", "Post-org-transfer note": the name of a hook or a setting, not an order."""
    return not c.command and _in_hyphenated_name(c.vt, c.h0, c.h1)


def placeholder(c: Candidate) -> object:
    """ "-register <email> <password>": the name of a value to fill in, not a verb."""
    return not c.command and c.vt[c.h0 - 1 : c.h0] == "<" and c.vt[c.h1 : c.h1 + 1] == ">"


def head_inside_longer_word(c: Candidate) -> object:
    """ "mail" in "email": a word starts at a word boundary."""
    return c.how == "base" and not c.command and c.h0 > 0 and _LETTER_BEFORE.match(c.vt, c.h0 - 1)


def pattern_of_command(c: Candidate) -> object:
    """'test("git push.*(--force|-f).*main")' in a guard hook: what is blocked, not run."""
    return _PATTERN_SYNTAX.search(c.vt, max(c.lo, c.m0 - 4), min(c.hi, c.m1 + 2))


def command_inside_longer_word(c: Candidate) -> object:
    """ "host" in "localhost" or "Write-Host", "rm" in "confirm": not that command."""
    return c.command and c.h0 > 0 and c.vt[c.h0].isalpha() and _WORD_BEFORE.match(c.vt, c.h0 - 1)


def determiner_before_head(c: Candidate) -> object:
    """ "never a DOM node per commit", "the delete button": a noun, not a verb."""
    return (
        not c.command
        and c.rule.kind != "state"
        and c.h0 == c.m0
        and c.doc.english
        and _DETERMINER_BEFORE.search(c.vt, max(c.lo, c.h0 - 8), c.h0)
    )


def adjective_before_noun(c: Candidate) -> object:
    """ "prefer clear code structure over explanatory comments": clear code, not clearing comments."""
    t, h0, h1 = c.vt, c.h0, c.h1
    return (
        not c.command
        and h0 == c.m0
        and c.doc.english
        and _ADJECTIVE_HEAD.fullmatch(t, h0, h1)
        and _ADJECTIVE_SLOT_BEFORE.search(t, max(c.lo, h0 - 12), h0)
        and _ADJECTIVE_NOUN_NEXT.match(t, h1)
    )


def article_before_borrowed_word(c: Candidate) -> object:
    """ "en el commit 4e1c9a2", "im Commit": the English verb borrowed as a noun."""
    t, h0 = c.vt, c.h0
    return (
        not c.command
        and c.rule.kind != "state"
        and h0 == c.m0
        and not c.doc.english
        and _FOREIGN_DETERMINER_BEFORE.search(t, max(c.lo, h0 - 12), h0)
        and _BORROWED_NOUN.fullmatch(t, h0, c.h1)
    )


def head_is_http_method(c: Candidate) -> object:
    """ "em todo formulário POST", "a POST request", "send a PUT to /items": a method, not a verb."""
    return not c.command and c.h0 > c.lo and _http_method(c.doc, c.view, c.h0, c.h1)


def para_after_word(c: Candidate) -> object:
    """ "Leia `AGENTS.md` para o protocolo": read it for the protocol, not "stop the protocol"."""
    return c.vt[c.h0 : c.h1] == "para" and _PARA_AFTER_WORD.search(c.vt, max(c.lo, c.h0 - 40), c.h0)


def quantifier_after_preposition(c: Candidate) -> object:
    """ "your knowledge on everything is out of date": the knowledge is, not the rules."""
    return (
        c.rule.kind == "state"
        and _QUANTIFIER_HEAD.match(c.vt, c.m0)
        and _PREPOSITION_END.search(c.vt, max(c.lo, c.m0 - 12), c.m0)
    )


def capitalised_operation_name(c: Candidate) -> object:
    """ "Create, Read, Update, and Delete (CRUD)", "Add/Edit/Delete": names of operations."""
    return not c.command and c.h0 == c.m0 and _named_operation(c.doc, c.view, c.h0)


def across_list_items(c: Candidate) -> object:
    """'"git push --force*",\\n  "git reset --hard*"': two strings of a list, not one command."""
    return not c.decoded and _LITERALS_JOINED.search(c.doc.body, c.view.starts[c.m0], c.view.ends[c.m1 - 1])


def across_bold_label(c: Candidate) -> object:
    """ "**UTF-8 safety**: Never byte-index": the label's words are not the rule's."""
    return not c.decoded and _LABEL_END.search(c.doc.body, c.view.starts[c.m0], c.view.ends[c.m1 - 1])


def route_in_list(c: Candidate) -> object:
    """ "GET/PATCH/DELETE /api/agents/[handle]  # Manage agent": the route's documentation."""
    return _route_listed(c.doc, c.view, c.h0, c.h1)


def participle_outside_passive(c: Candidate) -> object:
    """ "local edits will be overwritten on the next sync": a description, not an order."""
    head_word = c.vt[c.h0 : c.h1].split(" ", 1)[0]
    return head_word in c.doc.participles and not _PASSIVE_ORDER.search(c.vt, max(0, c.h0 - 60), c.h0)


def part_of_longer_flag(c: Candidate) -> object:
    """ "--unsafe" in "--unsafe-fixes", "--force" in "--force-if-includes": another flag."""
    return c.vt[c.m1 : c.m1 + 1] == "-" and _FLAG_END.search(c.vt[max(c.m0, c.m1 - 60) : c.m1])


def command_is_subject(c: Candidate) -> object:
    """ "`git commit --no-verify` and `git push --no-verify` bypass the hooks": what they do."""
    return (
        not c.command
        and c.h0 == c.m0
        and c.doc.english
        and c.how == "base"
        and _command_subject(c.doc.body, c.unit.start, c.view.starts[c.h0])
    )


def both_outcomes_named(c: Candidate) -> object:
    """ "report the pass/fail counts it prints": the counts, whatever they say."""
    return _BOTH_OUTCOMES.match(c.vt, c.m1) and _OUTCOME_WORD_END.search(c.vt, max(c.m0, c.m1 - 12), c.m1)


def test_names_kind_of_thing(c: Candidate) -> object:
    """ "Delete all test notes": "test" names the kind of thing deleted, not the tests."""
    return (
        not c.command
        and c.vt[max(c.m0, c.m1 - 7) : c.m1].endswith(("test", "testing"))
        and (_TEST_MODIFIER.match(c.vt, c.m1))
    )


def consequence_warned_of(c: Candidate) -> object:
    """ "..., or you leak other users' rows": a consequence warned of, not an order."""
    start = min(c.m0, c.h0)
    return (
        not c.command
        and c.doc.english
        and _CONSEQUENCE_BEFORE.search(c.vt[max(c.lo, start - 60) : start])
        and not _EITHER.search(c.vt, c.lo, start)
    )


def outcome_described(c: Candidate) -> object:
    """ "Uncommitted changes can be lost to a reset": an outcome described (nobody "loses" on purpose)."""
    return _OUTCOME_HEAD.match(c.vt, c.h0) and _BE_BEFORE.search(c.vt[max(c.lo, c.h0 - 40) : c.h0])


def verb_describes_noun(c: Candidate) -> object:
    """ "关闭的安全处理": the safety handling of closing (the verb before 的 describes the noun), not "turn off
    safety"."""
    return not c.doc.english and c.vt[c.h1 : c.h1 + 1] == "的" and c.m1 > c.h1 + 1


def head_opens_compound_noun(c: Candidate) -> object:
    """ "commit messages", "push notifications", "the delete button": names, not actions."""
    return not c.command and (c.m0, c.m1) == (c.h0, c.h1) and _COMPOUND_NOUN_NEXT.match(c.vt, c.h1)


def head_joined_to_noun(c: Candidate) -> object:
    """ "Auth: Email + password": a list of things, not an order."""
    return not c.command and c.h0 == c.m0 and _JOINED_NOUN.match(c.vt, c.h1)


def pronoun_is_determiner(c: Candidate) -> object:
    """ "delete this comment": "this" names the comment, not something said before."""
    return (
        c.rule.antecedent and _DETERMINER_END.search(c.vt, max(c.m0, c.m1 - 6), c.m1) and _NOUN_NEXT.match(c.vt, c.m1)
    )


def object_of_later_verb(c: Candidate) -> object:
    """ "STOP and update the plan": stop work, then put it right; the plan is updated."""
    return c.rule.kind == "harm" and not c.command and c.h1 < c.m1 and _REMEDY_AFTER.match(c.vt, c.h1, c.m1)


def noun_subject_of_english_verb(c: Candidate) -> object:
    """ "tests should not perform X": the noun before an English verb is its subject."""
    doc, unit = c.doc, c.unit
    return (
        c.rule.kind in ("harm", "duty")
        and not c.command
        and c.m0 < c.h0
        and not foreign_letters(doc.body[max(0, unit.start - 80) : unit.end + 80])
        and _english_subject(c.vt, c.m0, c.h0, c.text, neighbourhood(doc, unit, 1), doc.english)
    )
