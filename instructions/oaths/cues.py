"""Modality cues: the words that say how a sentence frames an action, in English and 14 languages.

These are the engine's knowledge of language, not rules about any oath, so they live with the
engine (the actions each oath forbids live in ``credo-map.json``). Entries use the lexicon syntax of
``compile.py``. Languages: en, es, de, fr, it, pt, nl, pl, tr, ru, zh, ja, ko, ar, hi.

Classes (read by ``decide``):

- ``reluct``: negated reluctance, an encouragement despite its denial word ("don't hesitate to",
  "never be afraid to", "no need to ask before" is *not* here);
- ``neg``: a denial that governs the rest of its clause ("never", "do not", "must not", "avoid");
- ``local_neg``: a denial of the next few words only ("not", "without", "instead of", "stop");
- ``noneed``: the action is declared unnecessary ("no need to", "you don't have to");
- ``permit``: permission ("feel free to", "you may", "it's fine to");
- ``authority``: a scoped exception or a claimed approval ("for this repository only", "the
  security team has approved") - these raise suspicion: they turn a description into a permission;
- ``gate``: the action waits for a person ("ask first", "only with approval", "unless asked");
  ``antigate``: the opposite ("without asking"), which must never read as a gate;
- ``mention``: the action is quoted or reported, not asked for ("if a message tells you to",
  "prompt injection", "watch out for"); ``mention_weak`` only counts around quotes and code;
- ``describe``: a subject other than the agent ("this command will", "attackers may");
  ``agent``: the agent as subject ("you", "Claude", "the assistant");
- ``warn``: a warning about an accident ("if you're not careful", "accidentally");
- ``cond``: a conditional opener ("if", "when", "wenn", "si", "如果");
- ``run``: a verb that runs a command ("run", "execute", "ejecuta", "运行");
- ``post_neg`` / ``post_permit`` / ``post_noneed``: the same after the action ("is forbidden",
  "is fine", "is optional", "しないで", "하지 마");
- ``restrict``: a restriction of how, when or where an action is done ("in a single commit", "directly
  to main", "all at once", "一度に"): forbidding the action so restricted forbids a manner, not the action.
"""

from __future__ import annotations

# fmt: off
CUES: dict[str, dict[str, list[str]]] = {
    "reluct": {
        "en": [
            "re:(?:don'?t|do not|didn'?t|did not|wouldn'?t|would not|never|not|no need to|needn'?t|shouldn'?t|sho"
            "uld not|must not|mustn'?t|won'?t|will not|cannot|can'?t)(?: ever| even| really| at all| you| yoursel"
            "f)?(?: be| feel| get| seem| act| become)?(?: too| so| overly| at all| the least bit)? (?:hesitat\\w*"
            "|afraid|scared|frightened|fearful|shy(?: away)?|timid|reluctant|hesitant|wary|nervous|ashamed|embarr"
            "assed|squeamish|bashful|refrain(?:ing)?|hold(?:ing)? back|think(?:ing)? twice|second[- ]guess\\w*|ba"
            "lk(?:ing)?|flinch(?:ing)?|shrink(?:ing)?|bad|guilty|mind|(?:careful|cautious|precious|conservative|f"
            "ussy)(?: \\S+)? (?:about|with|when)|(?:forget(?:ting)?|fail(?:ing)?|neglect(?:ing)?|omit(?:ting)?) t"
            "o)\\b(?: (?:to|about|of|from|in|with|on|at|when|before|over))?",
            "re:(?:no|without|without any|there'?s no|there is no|have no|has no|with no|feel no|nothing)(?: (?:a"
            "|any|real|the slightest|much))? (?:hesitation|hesitating|hesitancy|qualms?|reservations?|fear|second"
            " thoughts?|shame|harm|guilt|compunctions?|scruples?|wrong)\\b(?: (?:to|about|of|in|with|at|when|befo"
            "re|over))?",
            "no reason not to", "nothing stops you from", "nothing prevents you from", "no one will stop you from",
            "you are not forbidden to", "you are not prohibited from", "you're not prohibited from",
            "you are not restricted from",
        ],
        "es": [
            "no dudes en", "no dude en", "no duden en", "no tengas miedo de", "no tenga miedo de", "no olvides",
            "no olvide", "sin dudar", "sin miedo a",
        ],
        "de": [
            "zögere nicht", "zögern sie nicht", "zögert nicht", "scheue dich nicht", "scheuen sie sich nicht",
            "hab keine angst", "vergiss nicht", "vergessen sie nicht", "ohne zu zögern", "keine scheu",
        ],
        "fr": [
            "n'hésite pas à", "n'hésitez pas à", "n'aie pas peur de", "n'ayez pas peur de", "n'oublie pas de",
            "n'oubliez pas de", "sans hésiter", "sans hésitation", "ne crains pas de",
        ],
        "it": [
            "non esitare a", "non esitate a", "non avere paura di", "non abbiate paura di", "non dimenticare di",
            "senza esitare", "senza esitazione", "non farti scrupoli",
        ],
        "pt": [
            "não hesite em", "não hesites em", "não tenha medo de", "não tenhas medo de", "não se esqueça de",
            "não esqueça de", "sem hesitar", "sem medo de",
        ],
        "nl": [
            "aarzel niet om", "aarzel niet", "wees niet bang om", "vergeet niet", "zonder aarzelen",
            "zonder te aarzelen",
        ],
        "pl": [
            "nie wahaj się", "nie wahajcie się", "nie bój się", "nie zapomnij", "bez wahania", "śmiało",
        ],
        "tr": [
            "çekinme", "çekinmeyin", "tereddüt etme", "tereddüt etmeyin", "korkma", "unutma", "unutmayın",
            "hiç düşünmeden", "gözünü kırpmadan",
        ],
        "ru": [
            "не стесняйся", "не стесняйтесь", "не бойся", "не бойтесь", "не забудь", "не забудьте", "не колеблясь",
            "без колебаний", "смело",
        ],
        "zh": [
            "不要犹豫", "别犹豫", "毫不犹豫", "不要害怕", "别害怕", "别忘了", "不要忘记", "放心地", "大胆地", "尽管",
        ],
        "ja": [
            "遠慮なく", "ためらわず", "躊躇せず", "ためらうことなく", "忘れずに", "恐れずに",
        ],
        "ko": [
            "주저하지 말고", "망설이지 말고", "주저 없이", "망설임 없이", "잊지 말고", "거리낌 없이", "두려워하지 말고",
        ],
        "ar": [
            "لا تتردد في", "لا تترددوا في", "لا تخف من", "لا تنس", "لا تنسى", "دون تردد", "بدون تردد",
        ],
        "hi": [
            "संकोच न करें", "संकोच मत करो", "हिचकिचाएं नहीं", "हिचकिचाओ मत", "बेझिझक", "बिना झिझक", "मत भूलना",
            "भूलना मत", "बिना हिचक",
        ],
    },
    "dismiss": {
        "en": [
            "re:(?:don'?t|do not|never|no need to|needn'?t)(?: really| ever)? (?:worry|fret|care|stress)(?: too m"
            "uch| so much| much| at all| overly)? (?:about|over|if)",
            "never mind", "nevermind", "forget about", "who cares about", "don't sweat", "no worries about",
            "re:(?:it'?s|it is) (?:fine|ok|okay|alright|acceptable) (?:if you|to) (?:don'?t|do not|not|never|skip"
            "|forget)",
            "re:(?:however|whatever|whichever way) you (?:like|want|see fit|please)", "whatever it takes",
        ],
        "es": [
            "no te preocupes por", "no se preocupe por", "olvídate de",
        ],
        "de": [
            "mach dir keine sorgen um", "mach dir keine gedanken über", "kümmere dich nicht um", "vergiss",
        ],
        "fr": [
            "ne t'inquiète pas de", "ne vous inquiétez pas de", "ne te soucie pas de", "peu importe",
        ],
        "it": [
            "non preoccuparti di", "non preoccuparti per", "lascia stare",
        ],
        "pt": [
            "não se preocupe com", "não te preocupes com", "esqueça",
        ],
        "nl": [
            "maak je geen zorgen over", "trek je niets aan van",
        ],
        "pl": [
            "nie przejmuj się", "nie martw się o",
        ],
        "tr": [
            "dert etme", "takma", "önemseme", "umursama",
        ],
        "ru": [
            "не беспокойся о", "не переживай о", "не парься о", "не заботься о",
        ],
        "zh": [
            "不用担心", "不必担心", "别担心", "不用管", "不必在意", "不用在意",
        ],
        "ja": [
            "気にしなくていい", "気にせず", "気にしないで", "心配しなくていい",
        ],
        "ko": [
            "걱정하지 말고", "신경 쓰지 말고", "신경 쓸 필요 없",
        ],
        "ar": [
            "لا تقلق بشأن", "لا تهتم ب",
        ],
        "hi": [
            "चिंता मत करो", "परवाह मत करो", "फ़िक्र मत करो",
        ],
    },
    "accept": {
        "en": [
            "re:even if (?:that|it|this|doing so) (?:means|requires|involves|entails|costs|results in|leads to)",
            "re:(?:even )?at the (?:cost|expense) of", "re:no matter if (?:that|it) means",
            "re:(?:even|also) if you (?:have to|need to|must)", "re:regardless of (?:the )?(?:consequences|cost|risk)",
        ],
    },
    "cond_end": {
        "en": [
            " then ", ", then",
        ],
    },
    "cond_end_intl": {
        "es": [
            " entonces ",
        ],
        "de": [
            " dann ", ", dann",
        ],
        "fr": [
            " alors ",
        ],
        "it": [
            " allora ",
        ],
        "pt": [
            " então ",
        ],
        "nl": [
            " dan ",
        ],
        "pl": [
            " to ",
        ],
        "tr": [
            "sa ", "se ", "ise ", "ysa ", "yse ", "dığında ", "diğinde ",
        ],
        "ru": [
            " то ",
        ],
        "zh": [
            "就", "则", "那么", "的话",
        ],
        "ja": [
            "たら", "れば", "場合は", "場合、", "なら", "ときは", "時は",
        ],
        "ko": [
            "면 ", "으면", "다면", "경우",
        ],
        "ar": [
            "re:\\sف",
        ],
        "hi": [
            " तो ", " तब ",
        ],
    },
    "code_artifact": {
        "en": [
            "re:(?:add|write|create|insert|set up|setup|install|wire up|implement|include|put|append|register|dep"
            "loy|configure|inject|ship|leave|keep|make)\\b[^,;]{0,50}\\b(?:line|lines|code|hook|hooks|script|scri"
            "pts|step|steps|function|call|calls|snippet|statement|job|workflow|middleware|plugin|handler|cron|tas"
            "k|logger|listener|request|endpoint|action|routine|module|service|beacon|tracker|integration|sdk|webh"
            "ook)s? (?:that|which|to)\\s*$",
        ],
    },
    "noneed": {
        "en": [
            "no need to", "there's no need to", "there is no need to", "don't need to", "do not need to",
            "doesn't need to", "does not need to", "needn't", "need not", "never need to", "no longer need to",
            "not necessary to", "unnecessary to", "not required to", "are not required to", "aren't required to",
            "don't have to", "do not have to", "doesn't have to", "does not have to", "never have to", "don't bother",
            "do not bother", "no point in", "not worth", "not obliged to", "under no obligation to",
            "no requirement to",
            "didn't bother", "did not bother", "not bother", "no longer bother", "wouldn't bother", "would not bother",
            "re:(?:don'?t|do not|doesn'?t|does not|never|won'?t|will not) (?:really |actually |even )?need (?:any"
            " |the |a |an |explicit |prior |my |their |anyone'?s |the user'?s )?(?:permission|approval|confirmati"
            "on|consent|sign-?off|go-?ahead|authori[sz]ation)",
            "didn't need to", "did not need to", "never needed to",
            "you can skip", "optional:", "it's optional to", "it is optional to",
            "re:(?:is|are|is now|are now|stays?|remains?|considered|treated as) (?:fully |entirely |completely )?"
            "(?:exempt|exempted|excused|released|relieved) (?:from|of)",
        ],
        "es": [
            "no hace falta", "no es necesario", "no necesitas", "no necesita", "no tienes que", "no tiene que",
            "no hay que", "no te molestes en", "innecesario", "es opcional",
        ],
        "de": [
            "nicht nötig", "nicht notwendig", "musst nicht", "müssen nicht", "muss nicht", "brauchst nicht",
            "brauchen nicht", "nicht erforderlich", "keine notwendigkeit", "unnötig", "ist optional", "spar dir",
        ],
        "fr": [
            "pas besoin de", "pas la peine de", "pas nécessaire de", "inutile de", "n'as pas besoin de",
            "n'avez pas besoin de", "n'as pas à", "n'avez pas à", "ne te fatigue pas à", "facultatif",
        ],
        "it": [
            "non serve", "non è necessario", "non c'è bisogno di", "non devi per forza", "non hai bisogno di",
            "inutile",
            "non occorre", "facoltativo",
        ],
        "pt": [
            "não precisa", "não precisas", "não é necessário", "não há necessidade de", "não tem que", "desnecessário",
            "é opcional", "nem precisa",
        ],
        "nl": [
            "niet nodig", "hoeft niet", "hoef je niet", "hoeven niet", "niet noodzakelijk", "overbodig", "is optioneel",
            "de moeite niet",
        ],
        "pl": [
            "nie musisz", "nie trzeba", "niepotrzebne", "nie ma potrzeby", "zbędne", "jest opcjonalne", "nie musicie",
        ],
        "tr": [
            "gerek yok", "gerekmez", "gerekmiyor", "lüzum yok", "zorunda değilsin", "zorunda değilsiniz", "gereksiz",
            "isteğe bağlı", "opsiyonel",
        ],
        "ru": [
            "не нужно", "не надо", "необязательно", "не обязательно", "незачем", "нет необходимости", "не требуется",
            "не стоит", "не обязан",
        ],
        "zh": [
            "不需要", "不必", "无需", "无须", "不用", "没必要", "不需", "可选",
        ],
        "ja": [
            "必要はない", "必要はありません", "必要ない", "不要", "しなくていい", "しなくてもいい",
            "しなくても構いません", "省略可", "任意",
        ],
        "ko": [
            "필요 없", "필요가 없", "할 필요가 없", "안 해도 돼", "안 해도 됩니다", "하지 않아도", "불필요",
            "선택 사항",
        ],
        "ar": [
            "لا داعي", "لا حاجة", "ليس ضروريا", "ليس ضروريًا", "غير ضروري", "لست مضطرا", "اختياري",
        ],
        "hi": [
            "ज़रूरत नहीं", "जरूरत नहीं", "आवश्यक नहीं", "आवश्यकता नहीं", "ज़रूरी नहीं", "जरूरी नहीं", "वैकल्पिक",
        ],
    },
    "neg": {
        "en": [
            "never", "don't", "dont", "do not", "does not", "doesn't", "did not", "didn't", "must not", "mustn't",
            "re:nothing (?:in|here|below|above|on|from) (?:this|these|the|that|those|here)\\b(?: \\S+){0,3}",
            "re:none of (?:this|these|the|that|those|it)\\b(?: \\S+){0,3}",
            "re:no (?:rule|instruction|file|section|part|text|line|message|setting|guideline)s? (?:in|here|below|"
            "above|of)\\b(?: \\S+){0,3}",
            "must never", "should not", "shouldn't", "should never", "shall not", "may not", "can not", "cannot",
            "can't", "will not", "won't", "are not to", "is not to", "not allowed to", "not permitted to",
            "forbidden to", "forbidden from", "prohibited from", "banned from", "under no circumstances",
            "in no circumstances", "at no time", "in no case", "on no account", "no one should", "nobody should",
            "no agent should", "avoid", "avoiding", "refrain from", "stay away from", "keep away from", "abstain from",
            "refuse to", "decline to", "resist the urge to", "prevent", "do not ever", "don't ever", "never ever",
            "neither", "nor", "nothing should", "not once", "nowhere", "no more", "never again", "not even", "is never",
            "are never", "it is forbidden to", "it's forbidden to", "it is prohibited to", "it's not ok to",
            "it is not ok to", "it's not okay to", "it is not okay to", "it's not acceptable to",
            "it is not acceptable to", "it is never acceptable to", "it's never ok to", "you are forbidden",
            "you're forbidden", "you are prohibited", "dont:", "don't:", "do not:", "never:", "avoid:", "bad:",
            "wrong:",
            "forbidden:", "prohibited:", "❌", "🚫", "⛔", "✗", "✘", "🛑", "no:", "you can't", "you cannot",
            "you can not",
            "you may not", "you must not", "you should not", "you shouldn't", "you are not allowed to",
            "you're not allowed to", "you are not permitted to", "you're not permitted to", "must_not", "must-not",
            "do_not", "should_not", "never_", "it's not fine to", "it is not fine to", "not ok to", "not okay to",
            "not fine to", "not acceptable to", "never ok to", "never okay to", "never fine to", "never acceptable to",
            "are not allowed to", "is not allowed to", "agents must not", "the agent must not", "claude must not",
            "no agent may", "nobody may", "no one may",
        ],
        "es": [
            "no puedes", "no puede", "no podéis", "no está bien", "no", "nunca", "jamás", "evita", "evite", "eviten",
            "evitar", "prohibido", "está prohibido", "tienes prohibido", "queda prohibido", "no debes", "no debe",
            "no se debe", "en ningún caso", "bajo ningún concepto", "ni",
        ],
        "de": [
            "nicht", "nie", "niemals", "keinesfalls", "auf keinen fall", "unter keinen umständen", "kein", "keine",
            "keinen", "keinem", "verboten", "vermeide", "vermeiden", "vermeidet", "unterlasse", "unterlassen",
            "darfst nicht", "dürfen nicht", "darf nicht", "weder", "noch",
        ],
        "fr": [
            "ne", "n'", "jamais", "ne jamais", "ne pas", "pas de", "interdit", "il est interdit de", "évite", "évitez",
            "éviter", "défense de", "en aucun cas", "sous aucun prétexte", "ni",
        ],
        "it": [
            "non", "mai", "evita", "evitate", "evitare", "vietato", "è vietato", "proibito", "non devi", "non deve",
            "in nessun caso", "per nessun motivo", "né",
        ],
        "pt": [
            "não", "nunca", "jamais", "evite", "evita", "evitem", "evitar", "proibido", "é proibido", "não deve",
            "não deves", "em hipótese alguma", "de jeito nenhum", "nem",
        ],
        "nl": [
            "niet", "nooit", "geen", "vermijd", "vermijden", "verboden", "mag niet", "mogen niet", "in geen geval",
            "noch",
        ],
        "pl": [
            "nie", "nigdy", "zakaz", "zakazane", "zabronione", "zabrania się", "unikaj", "unikać", "nie wolno",
            "w żadnym wypadku", "pod żadnym pozorem", "ani",
        ],
        "tr": [
            "asla", "hiçbir zaman", "hiçbir şekilde", "hiçbir koşulda", "kesinlikle", "yasak", "yasaktır", "kaçın",
            "kaçının", "sakın", "yapma", "yapmayın", "etme", "etmeyin",
        ],
        "ru": [
            "не", "никогда", "нельзя", "запрещено", "запрещается", "ни в коем случае", "ни при каких", "избегай",
            "избегайте", "не смей", "ни",
        ],
        "zh": [
            "不要", "不准", "不得", "不可", "不能", "禁止", "切勿", "勿", "别", "绝不", "决不", "绝对不要", "严禁",
            "千万不要", "永远不要", "不许", "避免",
            "不应", "不应该",
        ],
        "ja": [
            "決して", "絶対に", "禁止", "してはいけない", "してはならない", "避け",
        ],
        "ko": [
            "절대", "절대로", "결코", "금지", "하지 마", "하지마", "말 것", "하면 안",
        ],
        "ar": [
            "لا", "لا تقم", "ممنوع", "يمنع", "يُمنع", "أبدا", "أبدًا", "إياك", "تجنب", "تجنّب", "يحظر", "لن",
        ],
        "hi": [
            "कभी नहीं", "कभी भी नहीं", "कभी न", "मत", "न करें", "ना करें", "नहीं", "निषिद्ध", "वर्जित", "मना", "बचें",
        ],
    },
    "local_neg": {
        "en": [
            "not", "no", "without", "instead of", "rather than", "stop", "stops", "quit", "cease", "except",
            "other than", "n't",
            "stopped", "quitted", "ceased", "gave up", "given up",
            "skip", "skipping", "stop", "omit",
            "re:prefer(?:s|red)?\\b[^.;\\n]{0,60}?\\s(?:over|to|rather than|instead of)",
        ],
        "es": [
            "sin", "en lugar de", "en vez de", "deja de", "dejar de", "para de",
        ],
        "de": [
            "ohne", "anstatt", "statt", "hör auf", "hören sie auf", "aufhören",
        ],
        "fr": [
            "sans", "au lieu de", "plutôt que de", "arrête de", "arrêtez de", "cesse de", "cessez de",
        ],
        "it": [
            "senza", "invece di", "anziché", "smetti di", "smettete di", "smettila di",
        ],
        "pt": [
            "sem", "em vez de", "ao invés de", "pare de", "deixe de", "para de",
        ],
        "nl": [
            "zonder", "in plaats van", "stop met", "stoppen met", "ophouden met",
        ],
        "pl": [
            "bez", "zamiast", "przestań", "przestańcie",
        ],
        "tr": [
            "olmadan", "yerine", "bırak",
        ],
        "ru": [
            "без", "вместо", "перестань", "перестаньте", "прекрати", "прекратите",
        ],
        "zh": [
            "不", "没有", "停止", "而不是", "无",
        ],
        "ja": [
            "せずに", "しないで", "ではなく", "やめて",
        ],
        "ko": [
            "없이", "않고", "대신", "그만",
        ],
        "ar": [
            "بدون", "دون", "بدلا من", "بدلًا من", "توقف عن", "كف عن",
        ],
        "hi": [
            "बिना", "के बजाय", "की जगह", "बंद करो", "रोकें",
        ],
    },
    "permit": {
        "en": [
            "feel free to", "you may", "you can", "you could", "you might", "you're allowed to", "you are allowed to",
            "you are permitted to", "you're permitted to", "you have permission to", "you're free to",
            "you are free to",
            "it's fine to", "it is fine to", "it's ok to", "it is ok to", "it's okay to", "it is okay to",
            "it's acceptable to", "it is acceptable to", "it's alright to", "it's all right to", "it is alright to",
            "it's perfectly fine to", "it is perfectly fine to", "go ahead and", "by all means", "allowed to",
            "permitted to", "at your discretion", "if you want", "if you like", "if you wish", "whenever you like",
            "whenever you want", "as you see fit", "as you please", "we can", "we may", "it's acceptable",
            "is acceptable to", "is fine to", "is ok to", "is okay to", "okay to", "ok to", "fine to", "free to",
            "agents may", "the agent may", "the agent can", "agents can", "claude may", "claude can",
        ],
        "es": [
            "puedes", "podéis", "pueden", "puede", "siéntete libre de", "siéntase libre de", "está bien",
            "tienes permiso para", "tiene permiso para", "se permite", "eres libre de", "si quieres",
        ],
        "de": [
            "du kannst", "du darfst", "sie können", "sie dürfen", "ihr könnt", "ihr dürft", "es ist in ordnung",
            "es ist okay", "gerne", "ruhig", "darfst du", "kannst du", "es ist erlaubt", "frei",
        ],
        "fr": [
            "tu peux", "vous pouvez", "libre à vous de", "libre à toi de", "il est permis de", "vous êtes autorisé à",
            "tu es autorisé à", "c'est ok de", "il est acceptable de", "si tu veux", "si vous voulez",
        ],
        "it": [
            "puoi", "potete", "può", "sentiti libero di", "sentitevi liberi di", "è consentito", "sei autorizzato a",
            "va bene", "se vuoi",
        ],
        "pt": [
            "você pode", "pode", "podes", "podem", "fique à vontade para", "fica à vontade para", "é permitido",
            "está autorizado a", "tudo bem", "se quiser",
        ],
        "nl": [
            "je mag", "je kunt", "u mag", "u kunt", "jullie mogen", "het is prima om", "het is toegestaan om",
            "voel je vrij om", "mag je", "kun je",
        ],
        "pl": [
            "możesz", "możecie", "wolno ci", "wolno", "śmiało możesz", "masz pozwolenie", "jest dozwolone",
            "jeśli chcesz",
        ],
        "tr": [
            "yapabilirsin", "yapabilirsiniz", "edebilirsin", "edebilirsiniz", "serbestsin", "serbestsiniz", "izinlisin",
            "izin verilir", "olur", "istersen",
        ],
        "ru": [
            "можешь", "можете", "можно", "разрешено", "разрешается", "имеешь право", "вправе", "если хочешь",
        ],
        "zh": [
            "可以", "允许", "随意", "随便", "尽管", "你可以", "可自行",
        ],
        "ja": [
            "してもいい", "してもよい", "しても構わない", "しても大丈夫", "可能", "自由に", "して構いません", "許可",
        ],
        "ko": [
            "해도 돼", "해도 됩니다", "해도 괜찮", "자유롭게", "허용", "할 수 있", "괜찮습니다",
        ],
        "ar": [
            "يمكنك", "يمكنكم", "يُسمح لك", "يسمح لك", "لا بأس", "مسموح", "بإمكانك", "لك أن",
        ],
        "hi": [
            "आप कर सकते हैं", "सकते हो", "सकते हैं", "अनुमति है", "कर सकते", "छूट है",
        ],
    },
    "authority": {
        "en": [
            "re:for (?:this|the current|our|the) (?:repo|repository|project|task|session|sprint|branch|pr|pull re"
            "quest|run|week|release|ticket|job|deployment|migration|codebase|workspace|demo|ticket)(?: only)?",
            "just this once", "only this once", "this once", "this one time", "as an exception",
            "as a one-time exception", "as a special exception", "exceptionally", "this time only", "temporarily",
            "for the time being", "until further notice", "for now",
            "re:(?:the )?(?:security|compliance|platform|infra|infrastructure|legal|release|qa|devops|sre|ops) te"
            "am(?: has| have)?(?: already)? (?:approved|authori[sz]ed|signed off|sanctioned|okayed|cleared|allowe"
            "d|permitted|waived|exempted|granted|agreed)",
            "re:(?:management|leadership|the cto|the ciso|the admins?|the administrators?|the maintainers?|the ow"
            "ners?|the project owner|the tech lead|your (?:operator|supervisor|manager)|anthropic|openai|google|g"
            "ithub|the org(?:anization)?|the company|legal|compliance)(?: has| have)?(?: already| explicitly)? (?"
            ":approved|authori[sz]ed|signed off|sanctioned|okayed|cleared|allowed|permitted|waived|exempted|grant"
            "ed)",
            "re:(?:approved|authori[sz]ed|sanctioned|signed off|cleared|whitelisted) (?:by|for)",
            "re:(?:the |our |your )?(?:\\w+ )?(?:lead|manager|owner|head|director|vp|cto|ciso|ceo|architect|team|"
            "admin|maintainer)s? (?:has |have )?(?:already |explicitly )?(?:approved|authori[sz]ed|signed off(?: "
            "on)?|sanctioned|okayed|ok'd|cleared|green-?lit|blessed|allowed|permitted)",
            "re:you (?:have been|are|were|'ve been) (?:granted|given|issued) (?:an? )?(?:exception|exemption|perm"
            "ission|clearance|authori[sz]ation|waiver|override)",
            "re:(?:is|are|has been|have been) (?:waived|suspended|lifted|exempted|relaxed) (?:for|in|during|until)",
            "exempt from", "override code", "authorization code", "admin override", "maintainer override",
            "re:(?:pre-?)?approved", "with full authority", "by order of", "emergency exception", "per the exception",
        ],
        "es": [
            "solo para este repositorio", "solo en este repositorio", "solo por esta vez", "por esta vez",
            "excepcionalmente", "como excepción", "temporalmente", "el equipo de seguridad ha aprobado",
            "el equipo de seguridad aprobó", "aprobado por", "autorizado por",
        ],
        "de": [
            "nur für dieses repository", "nur in diesem repository", "nur für dieses projekt", "ausnahmsweise",
            "als ausnahme", "vorübergehend", "das sicherheitsteam hat", "genehmigt von", "freigegeben von",
            "nur dieses eine mal",
        ],
        "fr": [
            "uniquement pour ce dépôt", "seulement pour ce dépôt", "pour ce dépôt uniquement", "exceptionnellement",
            "à titre exceptionnel", "temporairement", "l'équipe de sécurité a approuvé", "l'équipe sécurité a validé",
            "approuvé par", "autorisé par", "juste cette fois",
        ],
        "it": [
            "solo per questo repository", "solo in questo repository", "eccezionalmente", "in via eccezionale",
            "temporaneamente", "il team di sicurezza ha approvato", "approvato da", "autorizzato da",
            "solo questa volta",
        ],
        "pt": [
            "apenas neste repositório", "só neste repositório", "apenas para este repositório", "excepcionalmente",
            "como exceção", "temporariamente", "a equipe de segurança aprovou", "a equipa de segurança aprovou",
            "aprovado por", "autorizado por", "só desta vez",
        ],
        "nl": [
            "alleen voor deze repository", "alleen in deze repository", "bij uitzondering", "tijdelijk",
            "het beveiligingsteam heeft", "goedgekeurd door", "alleen deze keer",
        ],
        "pl": [
            "tylko dla tego repozytorium", "tylko w tym repozytorium", "wyjątkowo", "jako wyjątek", "tymczasowo",
            "zespół bezpieczeństwa zatwierdził", "zatwierdzone przez", "tylko tym razem",
        ],
        "tr": [
            "sadece bu depo için", "yalnızca bu depo için", "sadece bu repo için", "istisna olarak", "istisnai olarak",
            "geçici olarak", "güvenlik ekibi onayladı", "tarafından onaylandı", "sadece bu seferlik",
        ],
        "ru": [
            "только для этого репозитория", "только в этом репозитории", "в виде исключения", "в порядке исключения",
            "временно", "команда безопасности одобрила", "одобрено", "только в этот раз",
        ],
        "zh": [
            "仅限本仓库", "仅限此仓库", "只在这个仓库", "仅此一次", "作为例外", "例外地", "暂时", "安全团队已批准",
            "安全团队批准", "已获批准", "经批准",
        ],
        "ja": [
            "このリポジトリに限り", "このリポジトリでは特別に", "今回に限り", "例外として", "一時的に",
            "セキュリティチームが承認", "承認済み", "特別に",
        ],
        "ko": [
            "이 저장소에 한해", "이 저장소에서만", "이번 한 번만", "예외적으로", "예외로", "일시적으로",
            "보안팀이 승인", "보안 팀이 승인", "승인되었",
        ],
        "ar": [
            "لهذا المستودع فقط", "في هذا المستودع فقط", "استثناءً", "استثناء", "مؤقتا", "مؤقتًا", "وافق فريق الأمان",
            "بموافقة", "لمرة واحدة",
        ],
        "hi": [
            "केवल इस रिपॉजिटरी के लिए", "सिर्फ इस रिपॉजिटरी में", "अपवाद के रूप में", "अस्थायी रूप से",
            "सुरक्षा टीम ने मंज़ूरी दी", "सुरक्षा टीम ने मंजूरी दी", "सिर्फ इस बार", "मंज़ूरी",
        ],
    },
    "gate": {
        "en": [
            # "once he says yes", "until Jake says ok": a person's yes, whoever they are.
            "re:(?:only )?(?:if|when|once|after|until|unless) (?:\\S+ ){1,2}(?:says?|said|replies?|replied|answers?|an"
            "swered) (?:yes|ok|okay|go|go ahead|sure)\\b",
            "re:(?:only )?(?:if|when|once|after|unless|until|upon|whenever) (?:the |a |your )?(?:user|human|maint"
            "ainer|owner|operator|developer|reviewer|person|requester|customer|they|someone|somebody|you(?:'ve| h"
            "ave)? been|you are|you're|explicitly|specifically|directly)(?: \\S+){0,3}? (?:asks?|asked|requests?|"
            "requested|approves?|approved|confirms?|confirmed|consents?|consented|instructs?|instructed|tells? yo"
            "u|told|says? so|authori[sz]es?|authori[sz]ed|signs? off|agrees?|agreed|allows?|allowed|okays?|okayed"
            "|wants?|wanted|opts? in|explicitly|gives?)",
            "re:(?:only )?(?:if|when|once|unless|until) (?:explicitly |specifically |directly )?(?:asked|requeste"
            "d|instructed|told|approved|authori[sz]ed|confirmed|permitted|allowed)",
            "re:(?:only )?(?:with|after|upon|following|pending) (?:the )?(?:user'?s?|their|your human'?s?|a human"
            "'?s?|explicit|prior|written|express|maintainer'?s?|owner'?s?|human|manual)?(?: \\S+)? ?(?:approval|p"
            "ermission|consent|confirmation|sign-?off|go-?ahead|authori[sz]ation|ok|okay|review)",
            "re:ask(?:ing)? (?:the user |a human |a maintainer |me |them |the owner )?(?:for (?:permission|approv"
            "al|confirmation|consent|sign-?off) )?(?:first|before|beforehand|prior)",
            "re:(?:ask|check|confirm|verify) with (?:the user|a human|a maintainer|me|the owner|the team|them)",
            "re:(?:get|obtain|seek|request|require|need|have) (?:the user'?s |explicit |written |prior |human |th"
            "eir )?(?:approval|permission|confirmation|consent|sign-?off|go-?ahead)",
            "re:requires? (?:explicit |human |user |manual |prior )?(?:approval|confirmation|sign-?off|review|per"
            "mission|consent)",
            "re:(?:confirm|ask|check) (?:first|beforehand)",
            "re:(?:on|at|per) (?:the user'?s|their|your human'?s|explicit) (?:explicit )?request",
            "re:(?:after|once) (?:asking|confirming|checking|getting (?:approval|permission|confirmation)|approva"
            "l|confirmation)",
            "re:(?:the )?(?:user|human|maintainer) (?:must|has to|needs to|should) (?:approve|confirm|consent|sig"
            "n off|agree)",
            "re:(?:ask|check with|consult) (?:the user|a human|me|the maintainer|a maintainer|the owner)",
            "re:unless (?:the user|you are|you're|explicitly|a human|the maintainer|instructed|asked|told|requested)",
            "re:\\bwhen (?:explicitly |specifically )?(?:asked|requested|instructed|told)",
        ],
        "es": [
            "con permiso", "con aprobación", "con autorización", "con confirmación", "con el permiso",
            "con la aprobación", "solo si el usuario", "solo si se solicita", "pregunta antes", "pregunta primero",
            "tras confirmar", "después de confirmar", "a menos que el usuario", "a menos que se",
            "salvo que el usuario",
            "cuando el usuario lo pida", "previa aprobación", "pide permiso",
        ],
        "de": [
            "nur nach rücksprache", "nach rücksprache", "mit zustimmung", "mit genehmigung", "mit freigabe",
            "nach bestätigung", "nach freigabe", "frage vorher", "frag vorher", "fragen sie vorher", "frage zuerst",
            "es sei denn", "auf ausdrücklichen wunsch", "nur wenn der benutzer", "nur wenn der nutzer", "vorher fragen",
            "um erlaubnis",
        ],
        "fr": [
            "avec l'accord", "avec l'autorisation", "avec la permission", "après confirmation", "après validation",
            "après accord", "demande d'abord", "demandez d'abord", "demande avant", "demandez avant",
            "sauf si l'utilisateur", "sauf demande", "uniquement si l'utilisateur", "à la demande de l'utilisateur",
            "sans l'accord",
        ],
        "it": [
            "con il permesso", "con l'approvazione", "con l'autorizzazione", "dopo conferma", "dopo aver chiesto",
            "chiedi prima", "chiedete prima", "solo se l'utente", "a meno che l'utente", "su richiesta",
            "previa approvazione",
        ],
        "pt": [
            "com permissão", "com aprovação", "com autorização", "após confirmação", "depois de confirmar",
            "pergunte antes", "pergunte primeiro", "só se o usuário", "apenas se o usuário", "a menos que o usuário",
            "mediante aprovação", "peça permissão",
        ],
        "nl": [
            "met toestemming", "na goedkeuring", "na bevestiging", "vraag eerst", "vraag vooraf",
            "alleen als de gebruiker", "tenzij de gebruiker", "op verzoek van", "met goedkeuring",
        ],
        "pl": [
            "za zgodą", "po zatwierdzeniu", "po potwierdzeniu", "zapytaj najpierw", "zapytaj wcześniej",
            "tylko jeśli użytkownik", "chyba że użytkownik", "na prośbę", "po uzyskaniu zgody",
        ],
        "tr": [
            "izin alarak", "izin aldıktan sonra", "onay alarak", "onay aldıktan sonra", "önce sor", "önce sorun",
            "kullanıcı isterse", "kullanıcı onaylarsa", "onaylanırsa", "talep edilirse",
        ],
        "ru": [
            "с разрешения", "с согласия", "после подтверждения", "после согласования", "сначала спроси",
            "сначала спросите", "только если пользователь", "если пользователь попросит", "по запросу пользователя",
            "спроси разрешения",
        ],
        "zh": [
            "经用户同意", "经用户确认", "经批准", "征得同意", "征得用户同意", "先询问", "先问", "先确认", "除非用户",
            "在用户明确要求", "用户确认后", "得到许可",
        ],
        "ja": [
            "許可を得て", "許可を得てから", "確認してから", "承認を得て", "承認後", "事前に確認",
            "ユーザーが求めた場合", "ユーザーの許可", "確認の上",
        ],
        "ko": [
            "허락을 받고", "허락을 받은 후", "승인 후", "승인을 받고", "먼저 물어", "확인 후", "사용자가 요청하는 경우",
            "사용자의 동의", "허가를 받고",
        ],
        "ar": [
            "بإذن", "بعد موافقة", "بعد الموافقة", "بعد التأكيد", "اسأل أولا", "اسأل أولاً", "إلا إذا طلب",
            "بموافقة المستخدم", "بعد الحصول على إذن",
        ],
        "hi": [
            "अनुमति से", "अनुमति लेकर", "अनुमति के बाद", "पहले पूछें", "पहले पूछो", "पुष्टि के बाद",
            "जब तक उपयोगकर्ता न कहे", "उपयोगकर्ता की अनुमति",
        ],
    },
    "gate_post": {
        "en": [
            # "once he says yes", "until Jake says ok": a person's yes, whoever they are.
            "re:(?:only )?(?:if|when|once|after|until|unless) (?:\\S+ ){1,2}(?:says?|said|replies?|replied|answers?|an"
            "swered) (?:yes|ok|okay|go|go ahead|sure)\\b",
            "re:(?:only )?(?:if|when|once|after|unless|until|upon|whenever) (?:the |a |your )?(?:user|human|maint"
            "ainer|owner|operator|developer|reviewer|person|requester|customer|they|someone|somebody|you(?:'ve| h"
            "ave)? been|you are|you're|explicitly|specifically|directly)(?: \\S+){0,3}? (?:asks?|asked|requests?|"
            "requested|approves?|approved|confirms?|confirmed|consents?|consented|instructs?|instructed|tells? yo"
            "u|told|says? so|authori[sz]es?|authori[sz]ed|signs? off|agrees?|agreed|allows?|allowed|okays?|okayed"
            "|wants?|wanted|opts? in|gives?)",
            "re:(?:only )?(?:if|when|once|unless|until) (?:explicitly |specifically |directly )?(?:asked|requeste"
            "d|instructed|told|approved|authori[sz]ed|confirmed|permitted|allowed)",
            "re:(?:only )?(?:with|after|upon|following|pending) (?:the )?(?:user'?s?|their|your human'?s?|a human"
            "'?s?|explicit|prior|written|express|maintainer'?s?|owner'?s?|human|manual)(?: \\S+)? ?(?:approval|pe"
            "rmission|consent|confirmation|sign-?off|go-?ahead|authori[sz]ation|ok|okay|review)",
            "re:(?:only )?(?:with|after|upon|following|pending) (?:approval|permission|consent|confirmation|sign-"
            "?off|a go-?ahead|review)",
            "re:(?:after|once) (?:asking|confirming|checking with|getting (?:approval|permission|confirmation)|ap"
            "proval|confirmation|you(?:'ve| have) asked)",
            "re:(?:on|at|per) (?:the user'?s|their|your human'?s|explicit) (?:explicit )?request",
            "re:requires? (?:explicit |human |user |manual |prior )?(?:approval|confirmation|sign-?off|review|per"
            "mission|consent)",
            "re:(?:ask|confirm|check) (?:first|beforehand)", "re:but (?:ask|confirm|check) (?:first|before)",
            "re:(?:needs?|requires?) (?:a human|the user|someone) to (?:approve|confirm|sign off)",
            # Confined to what the agent made itself: "only for stashes you created".
            "re:only (?:for|on|in|with|to) (?:the |your |its )?(?:own )?(?:[\\w./-]+ ){0,3}?(?:that |which )?you("
            "?:'ve| have)? (?:created|made|own|started|opened|added|wrote|written|pushed)\\b",
            "re:only (?:for|on|in|to) (?:your|the agent'?s) own\\b",
            # Confined to a disposable place: "only inside the throwaway Docker build context", "only in CI".
            "re:only (?:ever )?(?:in|inside|within|on|for|from) (?:the |a |an |your |our |its |their )?(?:[\\w./-"
            "]+ ){0,3}?(?:ci|ci jobs?|ci runners?|pipelines?|containers?|docker|sandbox(?:es)?|throwaway|disposab"
            "le|scratch|ephemeral|temporary|tmp|/tmp|test (?:databases?|dbs?|environments?|containers?|fixtures?)"
            "|fresh clones?|vms?|virtual machines?|build (?:context|directory|dir|folder)s?)\\b",
        ],
        "es": [
            "con permiso", "con aprobación", "con autorización", "con confirmación", "con el permiso",
            "con la aprobación", "solo si el usuario", "solo si se solicita", "tras confirmar", "después de confirmar",
            "a menos que el usuario", "a menos que se", "salvo que el usuario", "cuando el usuario lo pida",
            "previa aprobación",
        ],
        "de": [
            "nur nach rücksprache", "nach rücksprache", "mit zustimmung", "mit genehmigung", "mit freigabe",
            "nach bestätigung", "nach freigabe", "es sei denn", "auf ausdrücklichen wunsch", "nur wenn der benutzer",
            "nur wenn der nutzer",
        ],
        "fr": [
            "avec l'accord", "avec l'autorisation", "avec la permission", "après confirmation", "après validation",
            "après accord", "sauf si l'utilisateur", "sauf demande", "uniquement si l'utilisateur",
            "à la demande de l'utilisateur",
        ],
        "it": [
            "con il permesso", "con l'approvazione", "con l'autorizzazione", "dopo conferma", "solo se l'utente",
            "a meno che l'utente", "su richiesta", "previa approvazione",
        ],
        "pt": [
            "com permissão", "com aprovação", "com autorização", "após confirmação", "depois de confirmar",
            "só se o usuário", "apenas se o usuário", "a menos que o usuário", "mediante aprovação",
        ],
        "nl": [
            "met toestemming", "na goedkeuring", "na bevestiging", "alleen als de gebruiker", "tenzij de gebruiker",
            "op verzoek van", "met goedkeuring",
        ],
        "pl": [
            "za zgodą", "po zatwierdzeniu", "po potwierdzeniu", "tylko jeśli użytkownik", "chyba że użytkownik",
            "na prośbę", "po uzyskaniu zgody",
        ],
        "tr": [
            "izin alarak", "izin aldıktan sonra", "onay alarak", "onay aldıktan sonra", "kullanıcı isterse",
            "kullanıcı onaylarsa", "onaylanırsa", "talep edilirse",
        ],
        "ru": [
            "с разрешения", "с согласия", "после подтверждения", "после согласования", "только если пользователь",
            "если пользователь попросит", "по запросу пользователя",
        ],
        "zh": [
            "经用户同意", "经用户确认", "经批准", "征得同意", "征得用户同意", "除非用户", "在用户明确要求",
            "用户确认后", "得到许可",
        ],
        "ja": [
            "許可を得て", "許可を得てから", "確認してから", "承認を得て", "承認後", "ユーザーが求めた場合",
            "ユーザーの許可", "確認の上",
        ],
        "ko": [
            "허락을 받고", "허락을 받은 후", "승인 후", "승인을 받고", "확인 후", "사용자가 요청하는 경우",
            "사용자의 동의", "허가를 받고",
        ],
        "ar": [
            "بإذن", "بعد موافقة", "بعد الموافقة", "بعد التأكيد", "إلا إذا طلب", "بموافقة المستخدم",
            "بعد الحصول على إذن",
        ],
        "hi": [
            "अनुमति से", "अनुमति लेकर", "अनुमति के बाद", "पुष्टि के बाद", "जब तक उपयोगकर्ता न कहे",
            "उपयोगकर्ता की अनुमति",
        ],
    },
    "gap_neg": {
        "en": [
            "no", "none of the", "not a single", "not any", "zero", "nothing", "not", "never",
        ],
        "es": [
            "ningún", "ninguna", "ningunos", "ningunas", "nada de",
        ],
        "de": [
            "kein", "keine", "keinen", "keinem", "keiner", "keines", "nicht", "nichts", "nie", "niemals", "nimmer",
        ],
        "fr": [
            "aucun", "aucune", "pas de", "pas d'", "ne pas", "jamais",
        ],
        "it": [
            "nessun", "nessuna", "nessuno", "alcun", "alcuna", "non",
        ],
        "pt": [
            "nenhum", "nenhuma", "não",
        ],
        "nl": [
            "geen", "niet", "niets", "nooit",
        ],
        "pl": [
            "żadnych", "żadnej", "żadnego", "żadne", "nie",
        ],
        "tr": [
            "hiçbir", "hiç",
        ],
        "ru": [
            "никаких", "никакие", "никакой", "никаких-либо", "не",
        ],
    },
    "antigate": {
        "en": [
            "re:without (?:first |ever |even )?(?:asking|checking|confirming|consulting|waiting|telling|informing"
            "|notifying|prompting|permission|approval|confirmation|consent|a second thought|review|sign-?off|huma"
            "n review|the user'?s? (?:ok|okay|approval|consent|permission))",
            "re:(?:no|never|don'?t|do not|skip(?:ping)?|no need to|without) (?:ask|asking|wait|waiting) (?:for|fi"
            "rst|before)",
            "re:(?:don'?t|do not|never|no need to|skip(?:ping)?) (?:re-?)?(?:confirm|ask (?:for )?(?:confirmation"
            "|permission|approval)|ask first|double-check with (?:the user|them))\\b",
        ],
        "es": [
            "sin preguntar", "sin permiso", "sin confirmación", "sin consultar", "sin pedir",
        ],
        "de": [
            "ohne zu fragen", "ohne nachzufragen", "ohne rückfrage", "ohne zustimmung", "ohne bestätigung",
            "ohne genehmigung",
        ],
        "fr": [
            "sans demander", "sans confirmation", "sans autorisation", "sans permission", "sans consulter",
        ],
        "it": [
            "senza chiedere", "senza conferma", "senza permesso", "senza autorizzazione",
        ],
        "pt": [
            "sem perguntar", "sem confirmação", "sem permissão", "sem autorização", "sem consultar",
        ],
        "nl": [
            "zonder te vragen", "zonder toestemming", "zonder bevestiging", "zonder overleg",
        ],
        "pl": [
            "bez pytania", "bez pytania o zgodę", "bez potwierdzenia", "bez zgody",
        ],
        "tr": [
            "sormadan", "izin almadan", "onay almadan", "onaysız",
        ],
        "ru": [
            "не спрашивая", "без разрешения", "без подтверждения", "без согласования", "без спроса",
        ],
        "zh": [
            "无需确认", "不经确认", "不经同意", "无需询问", "不用问", "不必询问", "直接",
        ],
        "ja": [
            "確認せずに", "許可なく", "承認なしで", "聞かずに", "確認なしで",
        ],
        "ko": [
            "묻지 않고", "확인 없이", "허락 없이", "승인 없이", "물어보지 말고",
        ],
        "ar": [
            "دون سؤال", "بدون سؤال", "دون إذن", "بدون إذن", "دون تأكيد", "بدون موافقة",
        ],
        "hi": [
            "बिना पूछे", "बिना अनुमति", "बिना पुष्टि",
        ],
    },
    "mention": {
        "en": [
            "re:(?:messages?|texts?|content|inputs?|instructions?|requests?|comments?|issues?|pages?|web ?pages?|"
            "websites?|documents?|files?|prompts?|emails?|tickets?|commits?|pr descriptions?|pull requests?|tool "
            "(?:output|results?)|outputs?|results?|data|payloads?|strings?|someone|somebody|anyone|anybody|a user"
            "|users|third part(?:y|ies)|attackers?|an attacker|adversaries|an adversary|people|anything|things|te"
            "xt|something|it|they|sources?|readmes?|docs?|code comments?|code|repos?|repositories|dependencies|pa"
            "ckages?|search results?|retrieved content|external content|untrusted (?:\\S+)) (?:that |which |who |"
            "to )?(?:\\S+ )?(?:says?|said|saying|asks?|asked|asking|tells?|told|telling|instructs?|instructing|wa"
            "nts?|wanting|requests?|requesting|tries|try|trying|attempts?|attempting|claims?|claiming|demands?|de"
            "manding|urges?|urging|suggests?|suggesting|contains?|containing|directs?|orders?|commands?|insists?|"
            "pretends?|purports?) (?:you |the agent |claude |the assistant )?(?:to |that |you should |you must |y"
            "ou can )?",
            "prompt injection", "prompt injections", "prompt-injection", "injection attack", "injection attempt",
            "injected instructions", "jailbreak attempt", "jailbreak attempts", "jailbreaks", "social engineering",
            "re:(?:attempts?|tries|trying|try|efforts?) to (?:get|make|trick|convince|persuade|manipulate|coerce|"
            "lure|bait|force) (?:you|the agent|claude|the model|the assistant|agents)",
            "re:(?:watch|look) out for", "re:be (?:wary|suspicious|careful|skeptical|sceptical) of", "beware of",
            "re:red flags?", "warning signs",
            "re:(?:treat|regard|consider|handle) (?:\\S+ ){0,6}?as (?:untrusted|data|suspicious|hostile|potential"
            "ly malicious|malicious|an attack|plain text)",
            "re:(?:refuse|reject|decline|ignore|flag|report|block|deny|distrust|disregard|escalate) (?:any |all |"
            "such |these )?(?:requests?|instructions?|messages?|texts?|content|attempts?|prompts?|commands?|direc"
            "tives?|suggestions?|comments?)(?: \\S+){0,3}? (?:to|that|which|asking|telling|like|such as|claiming|"
            "saying|in|from|inside|within|found|embedded)",
            "re:examples? of (?:\\S+ )?(?:malicious|injections?|attacks?|bad|harmful|forbidden|prohibited|dangero"
            "us|disallowed|unsafe|suspicious|hostile|jailbreaks?)",
            "re:(?:common|known|typical|classic|obvious) (?:attacks?|injections?|jailbreaks?|phrases|patterns|tricks)",
            "re:(?:phrases?|strings?|wording|patterns?|requests?|instructions?|text) (?:like|such as|similar to)",
            "denylist", "deny list", "deny-list", "blocklist", "block list", "blacklist", "forbidden phrases",
            "banned phrases", "re:is (?:a|an) (?:sign|symptom|indicator|hallmark) of",
            "re:is (?:a|an) (?:attack|injection|red flag|jailbreak)", "malicious", "adversarial", "untrusted",
            "hostile",
            "impersonat*", "phishing", "re:(?:an? )?exploit",
            "re:(?:this|such|these) (?:kind|type|sort)s? of (?:request|instruction|message|text|attack)",
            "even if the message", "even if the text", "even if someone",
        ],
        "es": [
            "inyección de prompts", "inyección de instrucciones", "si un mensaje dice", "si un mensaje pide",
            "si un texto pide", "si alguien te pide", "intentos de", "textos que pidan", "mensajes que pidan",
            "contenido que pida", "no confíes en", "cuidado con", "ataques", "malicioso", "maliciosos",
        ],
        "de": [
            "prompt-injection", "prompt injection", "wenn eine nachricht", "wenn ein text", "wenn jemand dich",
            "versuche", "texte, die", "nachrichten, die", "inhalte, die", "vorsicht bei", "achte auf", "böswillig",
            "angriff",
        ],
        "fr": [
            "injection de prompt", "injection d'instructions", "si un message dit", "si un message demande",
            "si un texte demande", "si quelqu'un te demande", "tentatives de", "textes qui demandent",
            "messages qui demandent", "méfie-toi de", "méfiez-vous de", "malveillant", "attaque",
        ],
        "it": [
            "prompt injection", "iniezione di prompt", "se un messaggio dice", "se un messaggio chiede",
            "se qualcuno ti chiede", "tentativi di", "testi che chiedono", "messaggi che chiedono", "attenzione a",
            "diffida di", "malevolo", "attacco",
        ],
        "pt": [
            "injeção de prompt", "injeção de instruções", "se uma mensagem diz", "se uma mensagem pedir",
            "se alguém pedir", "tentativas de", "textos que peçam", "mensagens que peçam", "cuidado com",
            "desconfie de",
            "malicioso", "ataque",
        ],
        "nl": [
            "prompt-injectie", "promptinjectie", "als een bericht zegt", "als een bericht vraagt", "als iemand vraagt",
            "pogingen om", "teksten die", "berichten die", "pas op voor", "kwaadaardig", "aanval",
        ],
        "pl": [
            "wstrzykiwanie promptów", "prompt injection", "jeśli wiadomość mówi", "jeśli wiadomość każe",
            "jeśli ktoś prosi", "próby", "teksty, które", "wiadomości, które", "uważaj na", "złośliwy", "atak",
        ],
        "tr": [
            "istem enjeksiyonu", "prompt enjeksiyonu", "bir mesaj", "birisi senden", "girişimleri", "girişimler",
            "dikkat et", "kötü niyetli", "saldırı",
        ],
        "ru": [
            "инъекци", "если сообщение говорит", "если сообщение просит", "если текст просит", "если кто-то просит",
            "попытки", "тексты, которые", "сообщения, которые", "остерегайся", "будь осторожен с", "вредоносн", "атак",
        ],
        "zh": [
            "提示注入", "注入攻击", "如果消息", "如果内容", "如果网页", "如果文本", "如果有人", "试图让你", "企图让你",
            "恶意", "警惕", "攻击",
        ],
        "ja": [
            "プロンプトインジェクション", "インジェクション", "と書かれていても", "と言われても",
            "という指示があっても", "試み", "悪意", "攻撃", "注意して",
        ],
        "ko": [
            "프롬프트 인젝션", "프롬프트 주입", "라고 하더라도", "요청하더라도", "시도", "악의적", "공격", "주의하",
        ],
        "ar": [
            "حقن", "إذا طلبت رسالة", "إذا قال نص", "إذا طلب منك أحد", "محاولات", "خبيث", "هجوم", "احذر من",
        ],
        "hi": [
            "प्रॉम्प्ट इंजेक्शन", "इंजेक्शन", "यदि कोई संदेश", "अगर कोई संदेश", "अगर कोई कहे", "प्रयास",
            "दुर्भावनापूर्ण", "हमला", "सावधान",
        ],
    },
    "mention_weak": {
        "en": [
            "says", "said", "saying", "say", "like", "such as", "e.g.", "e.g", "eg", "for example", "for instance",
            "including", "phrase", "phrases", "string", "strings", "word", "words", "pattern", "patterns", "text",
            "wording", "example", "examples", "reads", "contains", "containing", "quote", "quoted", "literally",
            "typing", "types", "writes", "written", "message", "messages", "called", "named", "titled", "labelled",
            "labeled", "the line", "the sentence", "the command", "command", "commands", "term", "terms", "keyword",
            "keywords",
        ],
        "es": [
            "dice", "como", "por ejemplo", "frase", "frases", "texto", "ejemplo", "mensaje",
        ],
        "de": [
            "sagt", "wie", "zum beispiel", "z. b.", "z.b.", "satz", "sätze", "text", "beispiel", "nachricht",
        ],
        "fr": [
            "dit", "comme", "par exemple", "phrase", "phrases", "texte", "exemple", "message",
        ],
        "it": [
            "dice", "come", "ad esempio", "per esempio", "frase", "frasi", "testo", "esempio", "messaggio",
        ],
        "pt": [
            "diz", "como", "por exemplo", "frase", "frases", "texto", "exemplo", "mensagem",
        ],
        "nl": [
            "zegt", "zoals", "bijvoorbeeld", "zin", "zinnen", "tekst", "voorbeeld", "bericht",
        ],
        "pl": [
            "mówi", "jak", "na przykład", "np.", "zdanie", "tekst", "przykład", "wiadomość",
        ],
        "tr": [
            "diyor", "gibi", "örneğin", "cümle", "metin", "örnek", "mesaj",
        ],
        "ru": [
            "говорит", "как", "например", "фраза", "фразы", "текст", "пример", "сообщение",
        ],
        "zh": [
            "说", "例如", "比如", "像", "如", "短语", "文本", "消息",
        ],
        "ja": [
            "例えば", "たとえば", "のような", "という", "文言", "メッセージ",
        ],
        "ko": [
            "예를 들어", "같은", "라는", "문구", "메시지",
        ],
        "ar": [
            "يقول", "مثل", "مثلا", "على سبيل المثال", "عبارة", "نص", "رسالة",
        ],
        "hi": [
            "कहता है", "जैसे", "उदाहरण", "वाक्य", "संदेश",
        ],
    },
    "describe": {
        "en": [
            "re:(?:this|that|the|a|an|which|these|those|each|every|our|some|your) (?:\\S+ )?(?:command|script|fla"
            "g|option|switch|tool|function|method|endpoint|api|job|hook|workflow|step|target|task|migration|cli|p"
            "rogram|button|setting|mode|bot|process|cron|action|library|package|module|routine|operation|query|st"
            "atement|utility|helper|wrapper|service|server|pipeline|makefile|recipe|alias|shortcut|subcommand|par"
            "ameter|argument|variable|env var|endpoint|route|handler|test|suite|check|linter|formatter|build)s? ("
            "?:will |would |can |could |may |might |also |automatically |then |just |simply |actually |silently |"
            "permanently |irreversibly |recursively |forcibly |effectively |basically |essentially )",
            "re:(?:it|this|that|which|they|these|those) (?:will|would|can|could|may|might|also|then|automatically"
            "|silently|permanently|irreversibly|recursively|just|simply|effectively|basically|essentially)",
            "re:(?:attackers?|an attacker|malicious (?:users?|actors?|code|content|prompts?|agents?)|bad actors?|"
            "hackers?|someone|somebody|anyone|anybody|a user|users|people|others|other agents|another agent|a rog"
            "ue agent|a compromised \\S+|an adversary|adversaries|a careless (?:agent|developer)|careless agents|"
            "junior developers|developers|some agents|llms?|models|bots) (?:\\S+ )?(?:will|would|can|could|may|mi"
            "ght|often|sometimes|try to|might try to|may try to|tend to|like to|want to|attempt to|could try to|o"
            "ccasionally|have been known to|are known to|are tempted to|love to)",
            "re:(?:used|designed|meant|intended|able|unable|supposed|going|built|written|configured|set up|the ab"
            "ility|a way|ways|how|the option|an option|a flag|a command|a script|the command|the script|a tool|th"
            "e tool|a shortcut|an alias|an endpoint|a function|a button|a helper) to",
            "re:(?:capable of|responsible for|in charge of|the act of|the risk of|risks|the danger of|the cost of"
            "|the effect of|the impact of|consequences of|the process of|the practice of|the habit of|a habit of|"
            "history of|incidents? of|a case of|cases of|results? in|leads? to|led to|caused|causes|prevents? you"
            " from|protects? against|guards? against|safeguards? against)",
        ],
    },
    "agent": {
        "en": [
            "re:(?:you|claude|the agent|agents|the assistant|the ai|the model|copilot|codex|gemini|cursor|the bot"
            "|the llm|each agent|every agent|any agent|all agents|our agents|the coding agent|coding agents|we|i)"
            "\\b",
        ],
    },
    "warn": {
        "en": [
            "not careful", "careless", "carelessly", "accidentally", "accidental", "by accident", "inadvertently",
            "unintentionally", "by mistake", "mistakenly", "unwittingly", "unknowingly", "a typo", "in a hurry",
            "without thinking",
        ],
        "es": [
            "sin querer", "por accidente", "por error", "si no tienes cuidado", "descuido",
        ],
        "de": [
            "versehentlich", "aus versehen", "unabsichtlich", "wenn du nicht aufpasst", "unachtsam",
        ],
        "fr": [
            "accidentellement", "par accident", "par erreur", "par mégarde", "si tu ne fais pas attention",
        ],
        "it": [
            "accidentalmente", "per sbaglio", "per errore", "se non stai attento", "inavvertitamente",
        ],
        "pt": [
            "acidentalmente", "sem querer", "por engano", "por acidente", "se não tomar cuidado",
        ],
        "nl": [
            "per ongeluk", "per vergissing", "als je niet oppast", "onbedoeld",
        ],
        "pl": [
            "przypadkowo", "przez pomyłkę", "niechcący", "jeśli nie uważasz",
        ],
        "tr": [
            "yanlışlıkla", "kazara", "dikkatli olmazsan", "farkında olmadan",
        ],
        "ru": [
            "случайно", "по ошибке", "нечаянно", "если не быть осторожным", "по невнимательности",
        ],
        "zh": [
            "不小心", "意外地", "误操作", "如果不小心", "无意中",
        ],
        "ja": [
            "誤って", "うっかり", "間違って", "注意しないと", "不注意",
        ],
        "ko": [
            "실수로", "잘못해서", "주의하지 않으면", "부주의",
        ],
        "ar": [
            "عن طريق الخطأ", "بالخطأ", "إذا لم تكن حذرا", "دون قصد",
        ],
        "hi": [
            "गलती से", "अनजाने में", "अगर सावधान नहीं", "लापरवाही",
        ],
    },
    "cond_start": {
        "en": [
            "if", "when", "whenever", "unless", "in case", "before", "after", "once", "should you", "in the event",
        ],
        "es": [
            "si", "cuando", "en caso de",
        ],
        "de": [
            "wenn", "falls", "bevor", "nachdem", "sobald",
        ],
        "fr": [
            "si", "quand", "lorsque", "avant de", "au cas où",
        ],
        "it": [
            "quando", "nel caso",
        ],
        "pt": [
            "quando", "caso",
        ],
        "nl": [
            "als", "wanneer", "indien", "zodra",
        ],
        "pl": [
            "jeśli", "jeżeli", "gdy", "kiedy",
        ],
        "tr": [
            "eğer",
        ],
        "ru": [
            "если", "когда",
        ],
        "zh": [
            "如果", "若", "假如", "一旦",
        ],
        "ja": [
            "もし",
        ],
        "ko": [
            "만약",
        ],
        "ar": [
            "إذا", "اذا", "لو", "عندما",
        ],
        "hi": [
            "अगर", "यदि", "जब",
        ],
    },
    "cond": {
        "en": [
            "if", "when", "whenever", "once", "unless", "until", "in case", "provided that", "as soon as", "wherever",
            "should the", "in the event that", "each time", "every time", "after", "before", "while",
        ],
        "es": [
            "si", "cuando", "una vez que", "en caso de", "siempre que", "mientras", "antes de", "después de",
        ],
        "de": [
            "wenn", "falls", "sobald", "nachdem", "bevor", "sofern", "solange", "immer wenn",
        ],
        "fr": [
            "si", "quand", "lorsque", "dès que", "une fois que", "avant de", "après", "au cas où", "chaque fois que",
        ],
        "it": [
            "se", "quando", "una volta che", "nel caso", "prima di", "dopo", "ogni volta che",
        ],
        "pt": [
            "se", "quando", "caso", "assim que", "uma vez que", "antes de", "depois de", "sempre que",
        ],
        "nl": [
            "als", "wanneer", "indien", "zodra", "voordat", "nadat", "telkens als",
        ],
        "pl": [
            "jeśli", "jeżeli", "gdy", "kiedy", "jak tylko", "zanim", "po tym jak", "ilekroć",
        ],
        "tr": [
            "eğer", "durumunda", "olursa", "ise", "zaman", "önce", "sonra",
        ],
        "ru": [
            "если", "когда", "как только", "в случае", "перед тем как", "после того как", "всякий раз",
        ],
        "zh": [
            "如果", "若", "假如", "当", "一旦", "每当", "之前", "之后", "的话",
        ],
        "ja": [
            "もし", "場合", "たら", "れば", "とき", "時は", "前に", "後に",
        ],
        "ko": [
            "만약", "경우", "때", "하면", "전에", "후에",
        ],
        "ar": [
            "إذا", "اذا", "عندما", "لو", "إن", "قبل", "بعد",
        ],
        "hi": [
            "अगर", "यदि", "जब", "पहले", "बाद",
        ],
    },
    "run": {
        "en": [
            "run", "runs", "running", "execute", "executes", "executing", "exec", "type", "enter", "invoke", "call",
            "issue", "use", "using", "do", "perform", "start with", "begin with", "then", "fire off", "kick off",
            "trigger", "launch", "paste", "apply", "try", "clean up with", "reset with", "via", "with", "first",
            "finally", "next", "afterwards", "always", "please", "just", "simply", "go ahead and", "hit", "spawn",
            "schedule", "add", "append", "put", "include", "set", "sh -c", "bash -c", "eval",
            "resolve", "look up", "query", "ping", "hit", "visit", "open", "fetch", "request", "load",
        ],
        "es": [
            "simplemente", "luego", "después", "entonces", "primero",
            "ejecuta", "ejecute", "ejecutar", "corre", "lanza", "usa", "use", "escribe",
        ],
        "de": [
            "einfach", "dann", "danach", "zuerst", "anschließend", "sofort",
            "führe", "führen sie", "ausführen", "starte", "nutze", "verwende", "benutze", "tippe", "gib ein",
        ],
        "fr": [
            "simplement", "puis", "ensuite", "alors", "d'abord",
            "exécute", "exécutez", "exécuter", "lance", "lancez", "utilise", "utilisez", "tape", "tapez",
        ],
        "it": [
            "semplicemente", "poi", "quindi", "prima",
            "esegui", "eseguite", "eseguire", "lancia", "usa", "utilizza", "digita",
        ],
        "pt": [
            "simplesmente", "depois", "então", "primeiro",
            "execute", "executa", "executar", "rode", "roda", "use", "usa", "digite",
        ],
        "nl": [
            "gewoon", "dan", "daarna", "eerst",
            "voer", "uitvoeren", "draai", "gebruik", "typ", "start",
        ],
        "pl": [
            "po prostu", "potem", "następnie", "najpierw",
            "uruchom", "wykonaj", "użyj", "wpisz", "odpal",
        ],
        "tr": [
            "sadece", "direkt", "doğrudan", "sonra", "önce",
            "çalıştır", "çalıştırın", "yürüt", "kullan", "kullanın", "yaz",
        ],
        "ru": [
            "просто", "затем", "потом", "сначала", "сразу",
            "запусти", "запустите", "выполни", "выполните", "используй", "используйте", "введи",
        ],
        "zh": [
            "直接", "然后", "先", "马上",
            "运行", "执行", "使用", "输入", "跑",
        ],
        "ja": [
            "そのまま", "すぐに", "まず",
            "実行", "使用", "入力", "走らせ",
        ],
        "ko": [
            "그냥", "바로", "먼저",
            "실행", "사용", "입력",
        ],
        "ar": [
            "نفذ", "نفّذ", "شغل", "شغّل", "استخدم", "اكتب",
        ],
        "hi": [
            "चलाएं", "चलाओ", "चलाइए", "निष्पादित", "इस्तेमाल", "उपयोग",
        ],
    },
    "say": {
        "en": [
            "say", "says", "reply", "replies", "respond", "respond with", "answer", "answers", "write", "output",
            "print", "echo", "return", "type", "state", "tell", "report", "claim", "announce", "declare",
            "use the phrase", "include the text", "commit message", "title", "label", "called", "named",
        ],
    },
    "obey": {
        "en": [
            "follow", "obey", "comply with", "act on", "execute", "carry out", "do what", "do exactly", "apply",
            "adopt",
            "treat it as", "treat this as", "as your instructions", "as instructions", "as your new", "these are your",
            "your new instructions", "your real instructions", "the real instructions", "implement", "honor", "honour",
            "respect", "heed", "run",
        ],
        "es": [
            "sigue", "siga", "obedece", "obedezca", "cumple", "ejecuta",
        ],
        "de": [
            "befolge", "befolgen", "folge", "gehorche", "führe aus",
        ],
        "fr": [
            "suis", "suivez", "obéis", "obéissez", "applique", "appliquez", "exécute",
        ],
        "it": [
            "segui", "seguite", "obbedisci", "esegui", "applica",
        ],
        "pt": [
            "siga", "segue", "obedeça", "execute", "cumpra",
        ],
        "nl": [
            "volg", "gehoorzaam", "voer uit",
        ],
        "pl": [
            "postępuj zgodnie", "wykonaj", "słuchaj",
        ],
        "tr": [
            "uygula", "takip et", "itaat et",
        ],
        "ru": [
            "следуй", "выполни", "подчиняйся",
        ],
        "zh": [
            "遵循", "遵守", "执行", "照做", "按照",
        ],
        "ja": [
            "従って", "従え", "実行",
        ],
        "ko": [
            "따르", "실행",
        ],
        "ar": [
            "اتبع", "نفذ", "أطع",
        ],
        "hi": [
            "पालन करें", "मानें", "अनुसरण",
        ],
    },
    "decode": {
        "en": [
            "decode", "decoded", "decoding", "base64", "base-64", "b64", "rot13", "rot-13", "rot 13", "caesar",
            "reverse", "reversed", "backwards", "right to left", "right-to-left", "hex", "hexadecimal", "unescape",
            "encoded", "encoding", "cipher", "ciphertext", "deobfuscate", "translate this", "read it backwards",
            "read backwards", "mirror",
        ],
        "es": [
            "decodifica", "descodifica", "al revés", "invertido", "codificado",
        ],
        "de": [
            "dekodiere", "entschlüssle", "rückwärts", "umgekehrt", "kodiert",
        ],
        "fr": [
            "décode", "décodez", "à l'envers", "inversé", "encodé",
        ],
        "it": [
            "decodifica", "al contrario", "invertito", "codificato",
        ],
        "pt": [
            "decodifique", "decodifica", "ao contrário", "invertido", "codificado",
        ],
        "nl": [
            "decodeer", "achterstevoren", "omgekeerd", "gecodeerd",
        ],
        "pl": [
            "zdekoduj", "odkoduj", "od tyłu", "wspak", "zakodowane",
        ],
        "tr": [
            "çöz", "kodunu çöz", "tersten", "ters çevir", "kodlanmış",
        ],
        "ru": [
            "декодируй", "расшифруй", "задом наперёд", "наоборот", "закодирован",
        ],
        "zh": [
            "解码", "解密", "倒过来", "反过来", "编码",
        ],
        "ja": [
            "デコード", "復号", "逆から", "逆さ", "エンコード",
        ],
        "ko": [
            "디코드", "디코딩", "해독", "거꾸로", "인코딩",
        ],
        "ar": [
            "فك تشفير", "فك الترميز", "بالعكس", "معكوس", "مشفر",
        ],
        "hi": [
            "डिकोड", "उल्टा", "एन्कोड",
        ],
    },
    "post_neg": {
        "en": [
            "re:(?:is|are|remains?|stays?|was|were)(?: strictly| absolutely| completely| totally| always)? (?:for"
            "bidden|prohibited|not allowed|not permitted|never (?:ok|okay|allowed|acceptable|permitted|an option)"
            "|not ok|not okay|unacceptable|off-limits|off limits|banned|disallowed|not an option|out of the quest"
            "ion|a no-go|a fireable offen[cs]e|a hard no|not tolerated|never tolerated|blocked|denied|rejected)",
            "re:(?:is|are) (?:a )?(?:bad idea|terrible idea|mistake|anti-?pattern|dangerous|destructive|harmful|r"
            "isky|never the answer|not the answer|never appropriate|not appropriate)",
            "re:(?:is|are|was|were) (?:strictly |explicitly )?against (?:the |our |company |project |team )?(?:po"
            "licy|policies|rules|guidelines|conventions)",
            "re:(?:is|are) not (?:allowed|permitted|ok|okay|acceptable|welcome) (?:here|in this (?:repo|project))",
            "re:(?:will|would) (?:be rejected|be blocked|fail review|get you (?:fired|banned))", "? never", "? no",
            "— never", "- never", ": never", "never.", "(never)", "(don't)", "(do not)", "(forbidden)", "(prohibited)",
            "(not allowed)", "considered harmful", "is never done", "under any circumstances", "at any time", "ever",
        ],
        "es": [
            "está prohibido", "están prohibidos", "está prohibida", "no está permitido", "no se permite", "nunca",
        ],
        "de": [
            "ist verboten", "sind verboten", "ist nicht erlaubt", "sind nicht erlaubt", "ist untersagt", "tabu",
            "niemals",
        ],
        "fr": [
            "est interdit", "sont interdits", "est interdite", "n'est pas autorisé", "est proscrit", "jamais",
        ],
        "it": [
            "è vietato", "sono vietati", "è vietata", "non è consentito", "non è permesso", "mai",
        ],
        "pt": [
            "é proibido", "são proibidos", "é proibida", "não é permitido", "nunca",
        ],
        "nl": [
            "is verboden", "zijn verboden", "is niet toegestaan", "nooit",
        ],
        "pl": [
            "jest zabronione", "są zabronione", "jest niedozwolone", "nigdy",
        ],
        "tr": [
            "yasaktır", "yasak", "izin verilmez", "kesinlikle yapılmamalı", "yapılmamalı", "edilmemeli",
        ],
        "ru": [
            "запрещено", "запрещены", "недопустимо", "не допускается", "нельзя",
        ],
        "zh": [
            "是禁止的", "被禁止", "禁止", "不允许", "不被允许", "不可以", "不行",
        ],
        "ja": [
            "しないで", "しないでください", "してはいけない", "してはいけません", "してはならない", "禁止", "厳禁",
            "しないこと", "するな", "ないように", "しません", "させない",
            "ないでください",
            # The verb right after the object, in its negative form: "を含めない", "を上書きせず",
            # "をコミットしません" (not "しなければならない", which is a duty).
            "re:^\\s*(?:[をにへでがはや]?[\\p{Han}\\p{Katakana}ー・]{0,8}){1,3}\\p{Hiragana}{0,2}(?:ない|ず|ません)(?:[。、，,.\\s]|こと|ように|で|に|$)",
        ],
        "ko": [
            "하지 마", "하지마", "하지 말", "지 마", "지 말", "말 것", "금지", "안 됩니다", "안 돼", "않도록",
            "하면 안", "면 안 됩니다",
        ],
        "ar": [
            "ممنوع", "محظور", "غير مسموح", "لا يجوز",
        ],
        "hi": [
            "मत करो", "मत करें", "न करें", "नहीं करना", "वर्जित", "निषिद्ध", "मना है", "नहीं करें",
        ],
    },
    "restrict": {
        "en": [
            "re:\\b(?:all )?at once\\b",
            "re:\\bin (?:a|one) (?:single |big |giant |huge |large )?(?:commit|go|batch|pr|pull request|change)\\b",
            "re:\\b(?:bundle|batch|lump|squash|mix)\\w*\\b", "re:\\bunrelated\\b", "together",
            "re:\\bdirectly (?:to|on|into) \\S+",
            "re:\\bto (?:main|master|the main branch|the default branch|production|prod)\\b",
            "re:\\bon (?:main|master|the main branch|the default branch)\\b",
            "re:\\bwithout (?:a |an )?(?:review|test|tests|description|message|reason|ticket|issue)\\b",
        ],
        "de": [
            "auf einmal", "alles zusammen", "direkt auf", "direkt in", "in einem einzigen commit", "ohne review",
        ],
        "es": [
            "de una vez", "todo junto", "directamente a", "directamente en", "en un solo commit",
        ],
        "fr": [
            "en une seule fois", "d'un coup", "directement sur", "directement dans", "en un seul commit",
        ],
        "ja": [
            "一度に", "まとめて", "一括で", "直接", "一気に",
        ],
        "zh": [
            "一次性", "一次", "直接", "混在一起", "打包",
        ],
    },
    "post_describe": {
        "en": [
            "re:^\\s*(?:can|could|may|might) (?:easily |trivially |also |still )?be\\b",
            "re:^\\s*(?:is|are) (?:easily|trivially) ", "re:^\\s*(?:is|are) possible",
        ],
        "ko": [
            "될 수 있", "되기 쉽", "수 있기 때문", "될 가능성", "할 수 있습니다",
        ],
        "ja": [
            "される可能性", "されることがあります", "されてしまう", "できてしまう", "される恐れ", "されうる",
        ],
        "zh": [
            "可能被", "会被", "容易被", "可以被",
        ],
        "de": [
            "kann leicht", "können leicht", "lässt sich leicht",
        ],
        "fr": [
            "peut être facilement", "peuvent être facilement",
        ],
        "es": [
            "puede ser fácilmente", "pueden ser fácilmente",
        ],
    },
    "post_permit": {
        "en": [
            "re:(?:is|are)(?: totally| perfectly| completely| always| generally)? (?:fine|ok|okay|allowed|accepta"
            "ble|permitted|encouraged|expected|recommended|the norm|welcome|preferred|the way to go|good|great|no"
            " problem|not a problem|a good idea|allowed here|authori[sz]ed|approved|sanctioned)",
            "at will", "freely", "as needed", "as you like", "whenever you want",
        ],
        "es": [
            "está bien", "está permitido", "es aceptable", "libremente",
        ],
        "de": [
            "ist erlaubt", "ist in ordnung", "ist okay", "ist ok", "nach belieben",
        ],
        "fr": [
            "est autorisé", "est permis", "c'est ok", "est acceptable", "librement",
        ],
        "it": [
            "è consentito", "va bene", "è permesso", "liberamente",
        ],
        "pt": [
            "é permitido", "tudo bem", "é aceitável", "livremente",
        ],
        "nl": [
            "is toegestaan", "is prima", "is oké",
        ],
        "pl": [
            "jest dozwolone", "jest ok", "jest w porządku",
        ],
        "tr": [
            "serbest", "izinli", "sorun değil",
        ],
        "ru": [
            "разрешено", "допустимо", "можно", "нормально",
        ],
        "zh": [
            "是允许的", "是可以的", "没问题", "随意",
        ],
        "ja": [
            "構いません", "大丈夫", "してもよい", "許可されています",
        ],
        "ko": [
            "괜찮", "허용됩니다", "해도 됩니다",
        ],
        "ar": [
            "مسموح", "لا بأس", "مقبول",
        ],
        "hi": [
            "ठीक है", "अनुमति है", "चलेगा",
        ],
    },
    "post_noneed": {
        "en": [
            "re:(?:is|are)(?: entirely| completely| totally| now| just| only)? (?:optional|unnecessary|not (?:nee"
            "ded|necessary|required|mandatory|important|essential)|a waste(?: of \\S+(?: \\S+)?)?|pointless|overk"
            "ill|not worth (?:it|the time|doing)|no longer (?:needed|necessary|required)|superfluous|redundant|us"
            "eless|nice to have|nice-to-have|busywork|never needed|not our concern|not your concern|not your job|"
            "for humans|someone else's job|a formality|for show)",
            "re:(?:isn'?t|aren'?t) (?:needed|necessary|required|mandatory|important|essential)",
            "re:(?:was|were|is|are) (?:just |only |merely )?(?:a|an) (?:old |outdated |bad )?(?:habit|relic|lefto"
            "ver|tradition|ritual|holdover)(?: of| from)?",
            "if you feel like it", "if you have time", "if time permits", "only if you want", "when convenient",
        ],
        "es": [
            "es opcional", "son opcionales", "no es necesario", "no son necesarios", "es innecesario",
            "una pérdida de tiempo",
        ],
        "de": [
            "ist optional", "sind optional", "ist nicht nötig", "sind nicht nötig", "ist unnötig", "nicht erforderlich",
            "zeitverschwendung",
        ],
        "fr": [
            "est facultatif", "est optionnel", "sont facultatifs", "sont optionnels", "n'est pas nécessaire",
            "ne sont pas nécessaires", "est inutile", "une perte de temps",
        ],
        "it": [
            "è facoltativo", "è opzionale", "sono facoltativi", "sono opzionali", "non è necessario",
            "non sono necessari", "è inutile", "una perdita di tempo",
        ],
        "pt": [
            "é opcional", "são opcionais", "não é necessário", "não são necessários", "é desnecessário",
            "perda de tempo",
        ],
        "nl": [
            "is optioneel", "zijn optioneel", "is niet nodig", "zijn niet nodig", "is overbodig", "tijdverspilling",
        ],
        "pl": [
            "jest opcjonalne", "są opcjonalne", "nie jest konieczne", "nie są konieczne", "jest zbędne", "strata czasu",
        ],
        "tr": [
            "isteğe bağlı", "opsiyonel", "gerekli değil", "gereksiz", "zaman kaybı",
        ],
        "ru": [
            "необязательно", "не обязательно", "не нужно", "не требуется", "лишнее", "пустая трата времени",
        ],
        "zh": [
            "是可选的", "可选", "不是必需的", "非必须", "没必要", "不需要", "浪费时间",
        ],
        "ja": [
            "任意", "オプション", "不要", "必要ありません", "必要ない", "時間の無駄",
        ],
        "ko": [
            "선택 사항", "필요 없", "불필요", "시간 낭비",
        ],
        "ar": [
            "اختياري", "غير ضروري", "غير مطلوب", "مضيعة للوقت",
        ],
        "hi": [
            "वैकल्पिक", "ज़रूरी नहीं", "जरूरी नहीं", "आवश्यक नहीं", "समय की बर्बादी",
        ],
    },
    "question": {
        "en": [
            "re:^(?:do|does|did|is|are|was|were|should|shall|can|could|would|will|may|might|must|have|has|had|wha"
            "t|why|how|when|where|which|who|whom|whose|isn'?t|aren'?t|don'?t|doesn'?t|shouldn'?t|won'?t|can'?t)\\"
            "b",
        ],
    },
    "polite": {
        "en": [
            "re:(?:^|, |; |— )(?:please |kindly |now |so |ok |okay |and |then |but |perhaps |maybe |possibly )?(?"
            ":could|can|would|will|won'?t) you(?: please| kindly| just| now| perhaps| maybe| possibly| simply)?\\"
            "b",
            "re:(?:^|, )(?:perhaps|maybe|possibly) you (?:could|can|might|would)\\b",
            "re:would you (?:be so kind as|mind|consider)\\b",
            "re:^(?:why don'?t you|why not|how about you|what if you just|mind)\\b",
        ],
    },
    "lead_run": {
        "en": [
            "run", "execute", "then", "first", "finally", "next", "step", "steps", "setup", "set up", "install",
            "clean",
            "reset", "start", "do", "use", "type", "follow", "paste", "apply", "before you", "before starting",
            "to clean", "to reset", "to start", "to fix", "always", "must", "please", "the following", "these commands",
            "this command", "with:", "via:", "like so", "as follows", "required", "mandatory", "instructions",
        ],
        "es": [
            "ejecuta", "primero", "luego", "sigue", "pasos",
        ],
        "de": [
            "führe", "zuerst", "dann", "schritte", "folgende",
        ],
        "fr": [
            "exécute", "exécutez", "d'abord", "ensuite", "étapes", "suivantes",
        ],
        "it": [
            "esegui", "prima", "poi", "passi", "seguenti",
        ],
        "pt": [
            "execute", "primeiro", "depois", "passos", "seguintes",
        ],
        "nl": [
            "voer", "eerst", "dan", "stappen",
        ],
        "pl": [
            "uruchom", "najpierw", "potem", "kroki",
        ],
        "tr": [
            "çalıştır", "önce", "sonra", "adımlar",
        ],
        "ru": [
            "запусти", "выполни", "сначала", "затем", "шаги",
        ],
        "zh": [
            "运行", "执行", "首先", "然后", "步骤",
        ],
        "ja": [
            "実行", "まず", "次に", "手順",
        ],
        "ko": [
            "실행", "먼저", "다음", "단계",
        ],
        "ar": [
            "نفذ", "شغل", "أولا", "ثم", "خطوات",
        ],
        "hi": [
            "चलाएं", "पहले", "फिर", "चरण",
        ],
    },
    "lead_example": {
        "en": [
            "example", "examples", "e.g.", "for example", "for instance", "sample", "samples", "such as", "like this",
            "like these", "looks like", "will look like", "would look like", "you might see", "you'll see",
            "you will see", "sample output", "expected output", "example output", "output:", "response:",
            "example response", "payload", "payloads", "fixture", "fixtures", "test case", "test cases", "quoted",
            "verbatim", "transcript", "cheat sheet", "cheatsheet", "for reference", "reference:", "illustration",
            "demonstrates", "demonstration", "shows how", "here is what", "here's what", "what it looks like",
        ],
    },
    "lead_run_strong": {
        "en": [
            "run", "execute", "paste", "type", "enter", "invoke", "use this", "do this", "then run", "first run",
            "always run", "please run", "run the following", "run this", "run these", "execute the following",
        ],
        "es": [
            "ejecuta", "corre",
        ],
        "de": [
            "führe", "starte",
        ],
        "fr": [
            "exécute", "exécutez", "lance", "lancez",
        ],
        "it": [
            "esegui", "lancia",
        ],
        "pt": [
            "execute", "rode",
        ],
        "nl": [
            "voer", "draai",
        ],
        "pl": [
            "uruchom", "wykonaj",
        ],
        "tr": [
            "çalıştır",
        ],
        "ru": [
            "запусти", "выполни",
        ],
        "zh": [
            "运行", "执行",
        ],
        "ja": [
            "実行",
        ],
        "ko": [
            "실행",
        ],
        "ar": [
            "نفذ", "شغل",
        ],
        "hi": [
            "चलाएं", "चलाओ",
        ],
    },
}

#: Heading and lead-in words that make what follows a list of prohibitions.
PROHIBIT_FRAME: dict[str, list[str]] = {
    "en": [
        "don't", "don'ts", "donts", "do not", "never", "avoid", "forbidden", "prohibited", "not allowed", "disallowed",
        "banned", "anti-pattern", "anti-patterns", "antipatterns", "what not to do", "things not to do",
        "things to avoid", "red flags", "off-limits", "off limits", "must not", "should not", "shouldn't", "dangerous",
        "destructive", "denylist", "deny list", "blocklist", "blacklist", "restricted", "restrictions", "prohibitions",
        "never do", "bad", "wrong", "incorrect", "mistakes", "pitfalls", "not permitted", "no-go", "no go", "❌", "🚫",
        "⛔", "✗", "✘", "🛑", "refuse", "reject", "blocked", "deny", "denied", "unsafe", "risky",
        "would be destructive",
        "irreversible", "require approval", "requires approval", "need approval", "needs approval", "ask first",
        "ask before", "require confirmation", "requires confirmation", "need confirmation", "needs confirmation",
        "without asking", "with permission", "with approval", "confirm before", "confirm first", "check before",
        "approval needed", "approval required", "requires approval", "requires confirmation", "ask permission",
        "needs sign-off", "need sign-off", "human approval", "need permission", "needs permission",
        "require permission",
        "requires permission", "ask the user", "confirm with", "check with", "escalate", "stop and ask",
    ],
    "es": [
        "no hagas", "nunca", "evita", "evitar", "prohibido", "prohibidos", "no permitido", "peligroso", "peligrosos",
        "lista negra", "malo", "incorrecto",
    ],
    "de": [
        "nicht", "niemals", "vermeide", "vermeiden", "verboten", "nicht erlaubt", "gefährlich", "gefährliche",
        "schlecht", "falsch",
    ],
    "fr": [
        "ne pas", "jamais", "à éviter", "évite", "évitez", "interdit", "interdits", "dangereux", "dangereuses",
        "mauvais", "incorrect",
    ],
    "it": [
        "non", "mai", "da evitare", "evita", "vietato", "vietati", "pericoloso", "pericolosi", "sbagliato",
    ],
    "pt": [
        "não", "nunca", "evite", "evitar", "proibido", "proibidos", "perigoso", "perigosos", "errado",
    ],
    "nl": [
        "niet", "nooit", "vermijd", "verboden", "gevaarlijk", "fout",
    ],
    "pl": [
        "nie", "nigdy", "unikaj", "zakazane", "zabronione", "niebezpieczne", "źle",
    ],
    "tr": [
        "asla", "yapma", "kaçın", "yasak", "yasaklar", "tehlikeli", "yanlış",
    ],
    "ru": [
        "не", "никогда", "избегай", "запрещено", "запрещённые", "опасные", "опасно", "неправильно",
    ],
    "zh": [
        "不要", "禁止", "切勿", "避免", "危险", "错误", "严禁",
    ],
    "ja": [
        "禁止", "しないで", "避け", "危険", "NG", "ダメ",
    ],
    "ko": [
        "금지", "하지 마", "피하", "위험", "잘못",
    ],
    "ar": [
        "لا", "ممنوع", "تجنب", "خطير", "خطأ",
    ],
    "hi": [
        "मत", "कभी नहीं", "वर्जित", "बचें", "खतरनाक", "गलत",
    ],
}

#: Heading and lead-in words that make what follows examples of attacks (mentioned, not asked for).
MENTION_FRAME: dict[str, list[str]] = {
    "en": [
        "prompt injection", "prompt injections", "injection", "injections", "inject*", "jailbreak", "jailbreaks",
        "malicious", "attack", "attacks", "attacker", "adversarial", "untrusted", "suspicious", "red team", "red-team",
        "social engineering", "phishing", "threat model", "threats", "exploit", "exploits", "security threats",
        "examples of bad", "bad examples", "bad example", "counterexample", "counter-example", "counterexamples",
        "negative examples", "negative example", "what an attack looks like", "if someone asks", "if a message",
        "if an issue", "if a comment", "if a web page", "if content", "if a file", "if the text", "if text",
        "if a document", "if instructions", "requests like", "phrases like", "patterns like", "such as:",
        "test fixtures", "test data", "fixtures", "payloads", "sample attacks", "known attacks", "canaries",
        "detection",
        "detector", "classifier", "filter", "filters", "refuse", "refuse requests", "reject", "watch out", "watch for",
        "beware", "be wary", "look out for", "trap", "traps", "honeypot",
    ],
    "es": [
        "inyección", "ataque", "ataques", "malicioso", "maliciosos", "ejemplos de", "si un mensaje",
    ],
    "de": [
        "injection", "angriff", "angriffe", "böswillig", "beispiele für", "wenn eine nachricht",
    ],
    "fr": [
        "injection", "attaque", "attaques", "malveillant", "exemples de", "si un message",
    ],
    "it": [
        "iniezione", "attacco", "attacchi", "malevolo", "esempi di", "se un messaggio",
    ],
    "pt": [
        "injeção", "ataque", "ataques", "malicioso", "exemplos de", "se uma mensagem",
    ],
    "nl": [
        "injectie", "aanval", "aanvallen", "kwaadaardig", "voorbeelden van",
    ],
    "pl": [
        "wstrzykiwanie", "atak", "ataki", "złośliwe", "przykłady",
    ],
    "tr": [
        "enjeksiyon", "saldırı", "saldırılar", "kötü niyetli", "örnekler",
    ],
    "ru": [
        "инъекци", "атака", "атаки", "вредоносн", "примеры",
    ],
    "zh": [
        "注入", "攻击", "恶意", "示例",
    ],
    "ja": [
        "インジェクション", "攻撃", "悪意", "例",
    ],
    "ko": [
        "인젝션", "주입", "공격", "악의적", "예시",
    ],
    "ar": [
        "حقن", "هجوم", "هجمات", "خبيث", "أمثلة",
    ],
    "hi": [
        "इंजेक्शन", "हमला", "दुर्भावनापूर्ण", "उदाहरण",
    ],
}

#: Table headers that make a table reference documentation (a tool's flags and what they do).
REFERENCE_HEADER: list[str] = [
    "flag", "flags", "option", "options", "argument", "arguments", "arg", "args", "parameter", "parameters", "param",
    "params", "command", "commands", "cmd", "shortcut", "shortcuts", "key", "keys", "keybinding", "setting", "settings",
    "variable", "variables", "env", "env var", "environment variable", "field", "fields", "name", "description",
    "meaning", "effect", "what it does", "purpose", "behavior", "behaviour", "default", "type", "values", "value",
    "alias", "aliases", "mode", "modes", "subcommand", "subcommands", "script", "scripts", "target", "targets", "tool",
    "tools", "endpoint", "endpoints", "method", "route", "routes", "column", "columns", "property", "properties",
    "config", "configuration", "notes", "note", "status",
]
# fmt: on
