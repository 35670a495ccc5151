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
  ``obey_report``: a main clause that carries out what a reported message asked ("if the README tells
  you to X, do it", "si un ticket te pide X, hazlo");
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
            # "don't ask to run the tests, just do it": the denial is of asking; the action is wanted.
            "re:(?:don'?t|do not|never|no need to)(?: ever)? ask(?: (?:me|us|the user|anyone|for permission|for appro"
            "val|first))?(?: (?:to|whether to|whether you should|if you should|if you may|if you can|before you))",
            "no reason not to", "nothing stops you from", "nothing prevents you from", "no one will stop you from",
            "you are not forbidden to", "you are not prohibited from", "you're not prohibited from",
            "you are not restricted from",
        ],
        "es": [
            "no dudes en", "no dude en", "no duden en", "no tengas miedo de", "no tenga miedo de", "no olvides",
            "no olvide", "sin dudar", "sin miedo a",
            "no temas", "no vaciles en", "no te cortes en", "no te cortes a la hora de", "sin reparos",
            "sin pensarlo dos veces", "no titubees en", "no te lo pienses", "no dudéis en", "no tengáis miedo de",
            "no olvidéis", "sin temor a",
        ],
        "de": [
            "zögere nicht", "zögern sie nicht", "zögert nicht", "scheue dich nicht", "scheuen sie sich nicht",
            "hab keine angst", "vergiss nicht", "vergessen sie nicht", "ohne zu zögern", "keine scheu",
            "keine hemmungen", "ohne bedenken", "ohne scheu",
        ],
        "fr": [
            "n'hésite pas à", "n'hésitez pas à", "n'aie pas peur de", "n'ayez pas peur de", "n'oublie pas de",
            "n'oubliez pas de", "sans hésiter", "sans hésitation", "ne crains pas de",
            "n'hésite jamais à", "ne te gêne pas pour", "ne vous gênez pas pour", "sans scrupule", "sans crainte",
            "sans arrière-pensée", "n'ayez crainte de", "n'oublie jamais de", "n'oubliez jamais de", "ne crains pas",
            "ne craignez pas de",
        ],
        "it": [
            "non esitare a", "non esitate a", "non avere paura di", "non abbiate paura di", "non dimenticare di",
            "senza esitare", "senza esitazione", "non farti scrupoli",
            "non esitare mai a", "non farti problemi a", "non fatevi problemi a", "senza paura", "senza scrupoli",
            "non avere timore di", "non abbiate timore di", "non dimenticate di", "senza pensarci due volte",
        ],
        "pt": [
            "não hesite em", "não hesites em", "não tenha medo de", "não tenhas medo de", "não se esqueça de",
            "não esqueça de", "sem hesitar", "sem medo de",
            "não tenha receio de", "não tenhas receio de", "sem receio de", "sem pensar duas vezes", "não vacile em",
            "não hesitem em", "não tenham medo de", "não se esqueçam de", "não te esqueças de",
        ],
        "nl": [
            "aarzel niet om", "aarzel niet", "wees niet bang om", "vergeet niet", "zonder aarzelen",
            "zonder te aarzelen",
            "schroom niet", "zonder schroom", "vergeet niet om",
        ],
        "pl": [
            "nie wahaj się", "nie wahajcie się", "nie bój się", "nie zapomnij", "bez wahania", "śmiało",
            "nie krępuj się", "nie obawiaj się", "nie zapomnijcie", "bez obaw",
        ],
        "tr": [
            "çekinme", "çekinmeyin", "tereddüt etme", "tereddüt etmeyin", "korkma", "unutma", "unutmayın",
            "hiç düşünmeden", "gözünü kırpmadan",
            "çekinmeden", "tereddütsüz", "unutmayınız",
        ],
        "ru": [
            "не стесняйся", "не стесняйтесь", "не бойся", "не бойтесь", "не забудь", "не забудьте", "не колеблясь",
            "без колебаний", "смело",
            "не раздумывая", "не сомневайся", "не забывайте",
        ],
        "zh": [
            "不要犹豫", "别犹豫", "毫不犹豫", "不要害怕", "别害怕", "别忘了", "不要忘记", "放心地", "大胆地", "尽管",
            "别怕", "不用怕", "不必犹豫", "放手去",
        ],
        "ja": [
            "遠慮なく", "ためらわず", "躊躇せず", "ためらうことなく", "忘れずに", "恐れずに",
            "迷わず", "遠慮せず", "躊躇なく",
        ],
        "ko": [
            "주저하지 말고", "망설이지 말고", "주저 없이", "망설임 없이", "잊지 말고", "거리낌 없이", "두려워하지 말고",
            "망설이지 마", "주저하지 마", "거리낌없이",
        ],
        "ar": [
            "لا تتردد في", "لا تترددوا في", "لا تخف من", "لا تنس", "لا تنسى", "دون تردد", "بدون تردد",
            "لا تترددي", "بلا تردد", "لا تخش",
        ],
        "hi": [
            "संकोच न करें", "संकोच मत करो", "हिचकिचाएं नहीं", "हिचकिचाओ मत", "बेझिझक", "बिना झिझक", "मत भूलना",
            "भूलना मत", "बिना हिचक",
            "झिझकें नहीं", "झिझको मत", "संकोच मत कीजिए",
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
            "no te preocupes de", "no te preocupes si", "no se preocupe de", "no os preocupéis por", "no importa si",
            "da igual si", "olvídese de", "como quieras", "como prefieras", "cueste lo que cueste",
            "lo que haga falta", "no le des importancia a",
        ],
        "de": [
            "mach dir keine sorgen um", "mach dir keine gedanken über", "kümmere dich nicht um", "vergiss",
            "mach dir keine gedanken um", "kümmert euch nicht um", "kümmern sie sich nicht um", "scher dich nicht um",
        ],
        "fr": [
            "ne t'inquiète pas de", "ne vous inquiétez pas de", "ne te soucie pas de", "peu importe",
            "ne t'en fais pas pour", "ne vous en faites pas pour", "ne te préoccupe pas de",
            "ne vous préoccupez pas de", "ne vous souciez pas de", "peu importe si", "comme tu veux",
            "comme vous voulez", "quoi qu'il en coûte", "oublie", "oubliez",
        ],
        "it": [
            "non preoccuparti di", "non preoccuparti per", "lascia stare",
            "non preoccupatevi di", "non ti preoccupare di", "non ti preoccupare se", "non preoccuparti se",
            "non importa se", "come preferisci", "come vuoi", "costi quel che costi", "dimentica", "dimenticati di",
            "lascia perdere",
        ],
        "pt": [
            "não se preocupe com", "não te preocupes com", "esqueça",
            "não se preocupe se", "não te preocupes se", "não se preocupem com", "não importa se", "tanto faz se",
            "esquece", "esqueça-se de", "como quiser", "custe o que custar", "o que for preciso", "deixa pra lá",
        ],
        "nl": [
            "maak je geen zorgen over", "trek je niets aan van",
            "maak je niet druk om", "maak je niet druk over", "bekommer je niet om",
        ],
        "pl": [
            "nie przejmuj się", "nie martw się o",
            "nie przejmujcie się", "nie zawracaj sobie głowy",
        ],
        "tr": [
            "dert etme", "takma", "önemseme", "umursama",
            "kafana takma", "kafanı yorma", "hiç dert etme",
        ],
        "ru": [
            "не беспокойся о", "не переживай о", "не парься о", "не заботься о",
            "не парься", "не заморачивайся", "забей на",
        ],
        "zh": [
            "不用担心", "不必担心", "别担心", "不用管", "不必在意", "不用在意",
            "别在意", "无所谓", "不用理会",
        ],
        "ja": [
            "気にしなくていい", "気にせず", "気にしないで", "心配しなくていい",
            "心配しないで", "心配せず", "どうでもいい", "構わずに",
        ],
        "ko": [
            "걱정하지 말고", "신경 쓰지 말고", "신경 쓸 필요 없",
            "걱정하지 마", "신경 쓰지 마", "상관하지 말고", "개의치 말고",
        ],
        "ar": [
            "لا تقلق بشأن", "لا تهتم ب",
            "لا تهتم", "لا تبال", "لا تشغل بالك", "لا يهم",
        ],
        "hi": [
            "चिंता मत करो", "परवाह मत करो", "फ़िक्र मत करो",
            "फ़िक्र न करें", "चिंता न करें", "परवाह न करें",
        ],
    },
    "accept": {
        "en": [
            "re:even if (?:that|it|this|doing so) (?:means|requires|involves|entails|costs|results in|leads to)",
            "re:(?:even )?at the (?:cost|expense) of", "re:no matter if (?:that|it) means",
            "re:(?:even|also) if you (?:have to|need to|must)", "re:regardless of (?:the )?(?:consequences|cost|risk)",
        ],
        "de": [
            "auch wenn das bedeutet", "selbst wenn das bedeutet", "auf kosten von", "koste es, was es wolle",
        ],
        "nl": [
            "zelfs als dat betekent", "ten koste van",
        ],
        "pl": [
            "nawet jeśli to oznacza", "kosztem",
        ],
        "ru": [
            "даже если это означает", "ценой",
        ],
        "tr": [
            "pahasına", "anlamına gelse bile",
        ],
        "zh": [
            "即使这意味着", "哪怕这意味着", "即使需要", "不惜", "不计代价", "无论代价",
        ],
        "ja": [
            "犠牲にしても", "代償を払っても", "どんな犠牲を払っても", "たとえそれが",
        ],
        "ko": [
            "비용이 들더라도", "대가를 치르더라도", "희생하더라도", "무슨 일이 있어도",
        ],
        "ar": [
            "حتى لو تطلب ذلك", "حتى لو كان ذلك يعني", "مهما كلف الأمر", "على حساب", "بأي ثمن",
        ],
        "hi": [
            "भले ही इसका मतलब", "चाहे कुछ भी करना पड़े", "किसी भी कीमत पर", "की कीमत पर",
        ],
        "es": [
            "aunque eso signifique", "aunque esto signifique", "aunque implique", "aunque suponga", "aun a costa de",
            "a costa de", "aunque tengas que", "aunque debas", "sin importar las consecuencias",
            "cueste lo que cueste",
        ],
        "fr": [
            "même si cela signifie", "même si ça signifie", "même si cela implique", "quitte à", "au prix de",
            "au détriment de", "même si tu dois", "même si vous devez", "quelles qu'en soient les conséquences",
        ],
        "it": [
            "anche se significa", "anche se questo significa", "anche se comporta", "a costo di", "a scapito di",
            "anche se devi", "anche se dovessi", "a prescindere dalle conseguenze",
        ],
        "pt": [
            "mesmo que isso signifique", "mesmo que signifique", "mesmo que implique", "à custa de",
            "em detrimento de", "mesmo que tenha de", "mesmo que tenha que", "mesmo que precise",
            "independentemente das consequências",
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
        "es": [
            "re:(?:añade|agrega|escribe|crea|inserta|instala|configura|implementa|incluye|pon|registra|despliega|inye"
            "cta|deja|mantén)\\b[^,;]{0,50}\\b(?:línea|líneas|código|hook|hooks|script|scripts|paso|pasos|función|lla"
            "mada|llamadas|fragmento|job|workflow|middleware|plugin|handler|cron|tarea|logger|listener|petición|endpo"
            "int|acción|módulo|servicio|tracker|integración|sdk|webhook)s? (?:que|para)\\s*$",
        ],
        "fr": [
            "re:(?:ajoute|ajoutez|écris|écrivez|crée|créez|insère|insérez|installe|installez|configure|configurez|imp"
            "lémente|inclus|mets|enregistre|déploie|injecte|laisse|garde)\\b[^,;]{0,50}\\b(?:ligne|lignes|code|hook|h"
            "ooks|script|scripts|étape|étapes|fonction|appel|appels|extrait|job|workflow|middleware|plugin|handler|cr"
            "on|tâche|logger|listener|requête|endpoint|action|module|service|tracker|intégration|sdk|webhook)s? (?:qu"
            "i|pour)\\s*$",
        ],
        "it": [
            "re:(?:aggiungi|scrivi|crea|inserisci|installa|configura|implementa|includi|metti|registra|distribuisci|i"
            "nietta|lascia|mantieni)\\b[^,;]{0,50}\\b(?:riga|righe|codice|hook|script|passaggio|passaggi|funzione|chi"
            "amata|chiamate|snippet|job|workflow|middleware|plugin|handler|cron|task|logger|listener|richiesta|endpoi"
            "nt|azione|modulo|servizio|tracker|integrazione|sdk|webhook) (?:che|per)\\s*$",
        ],
        "pt": [
            "re:(?:adicione|escreva|crie|insira|instale|configure|implemente|inclua|coloque|registre|implante|injete|"
            "deixe|mantenha)\\b[^,;]{0,50}\\b(?:linha|linhas|código|hook|hooks|script|scripts|passo|passos|função|cha"
            "mada|chamadas|trecho|job|workflow|middleware|plugin|handler|cron|tarefa|logger|listener|requisição|endpo"
            "int|ação|módulo|serviço|tracker|integração|sdk|webhook)s? (?:que|para)\\s*$",
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
            "no es necesario que", "no hay necesidad de", "no tienes por qué", "no tiene por qué", "no tenéis que",
            "no estás obligado a", "no está obligado a", "no hace falta que", "ya no hace falta", "ya no es necesario",
            "no necesitas volver a", "sin necesidad de", "no merece la pena", "no vale la pena", "puedes saltarte",
            "puedes omitir", "no requiere", "no se requiere", "no es obligatorio",
        ],
        "de": [
            "nicht nötig", "nicht notwendig", "musst nicht", "müssen nicht", "muss nicht", "brauchst nicht",
            "brauchen nicht", "nicht erforderlich", "keine notwendigkeit", "unnötig", "ist optional", "spar dir",
            "brauchst du nicht", "musst du nicht", "müssen sie nicht", "du brauchst nicht", "es ist nicht nötig",
            "es ist nicht notwendig", "nicht mehr nötig", "nicht verpflichtet", "keine pflicht", "erübrigt sich",
            "sparen sie sich", "spart euch", "lohnt sich nicht", "kannst du überspringen", "kannst du dir sparen",
            "ist freiwillig", "keine genehmigung nötig", "keine bestätigung nötig", "keine freigabe nötig",
            "keine erlaubnis nötig",
        ],
        "fr": [
            "pas besoin de", "pas la peine de", "pas nécessaire de", "inutile de", "n'as pas besoin de",
            "n'avez pas besoin de", "n'as pas à", "n'avez pas à", "ne te fatigue pas à", "facultatif",
            "il n'est pas nécessaire de", "il n'est plus nécessaire de", "nul besoin de", "plus besoin de",
            "tu n'es pas obligé de", "vous n'êtes pas obligé de", "vous n'êtes pas obligés de", "tu n'es pas tenu de",
            "vous n'êtes pas tenu de", "ne t'embête pas à", "ne vous embêtez pas à", "ne vous fatiguez pas à",
            "ça ne vaut pas la peine de", "tu peux sauter", "vous pouvez sauter", "tu peux ignorer",
            "n'est pas obligatoire", "pas obligé de",
        ],
        "it": [
            "non serve", "non è necessario", "non c'è bisogno di", "non devi per forza", "non hai bisogno di",
            "inutile",
            "non occorre", "facoltativo",
            "non è più necessario", "non c'è più bisogno di", "non sei obbligato a", "non siete obbligati a",
            "non sei tenuto a", "non siete tenuti a", "non è il caso di", "non vale la pena di", "non stare a",
            "non state a", "puoi saltare", "potete saltare", "non è obbligatorio", "non serve più",
            "non hai più bisogno di", "senza bisogno di",
        ],
        "pt": [
            "não precisa", "não precisas", "não é necessário", "não há necessidade de", "não tem que", "desnecessário",
            "é opcional", "nem precisa",
            "não é preciso", "não há necessidade", "não precisa mais", "não precisas de", "você não precisa",
            "vocês não precisam", "não tem de", "não tens de", "não é obrigatório", "não és obrigado a",
            "não é obrigado a", "não vale a pena", "sem necessidade de", "pode pular", "podes saltar", "pode ignorar",
            "dispensa-se",
        ],
        "nl": [
            "niet nodig", "hoeft niet", "hoef je niet", "hoeven niet", "niet noodzakelijk", "overbodig", "is optioneel",
            "de moeite niet",
            "hoeft niet te", "je hoeft niet", "u hoeft niet", "jullie hoeven niet", "het is niet nodig",
            "niet meer nodig", "niet verplicht", "geen verplichting", "de moeite niet waard", "kun je overslaan",
            "mag je overslaan", "geen toestemming nodig", "geen bevestiging nodig", "geen goedkeuring nodig",
            "is vrijblijvend",
        ],
        "pl": [
            "nie musisz", "nie trzeba", "niepotrzebne", "nie ma potrzeby", "zbędne", "jest opcjonalne", "nie musicie",
            "nie potrzebujesz", "nie trzeba już", "nie jest konieczne", "nie jest potrzebne", "nie ma sensu",
            "nie warto", "nie jesteś zobowiązany", "możesz pominąć", "nie potrzeba", "niekonieczne", "bez potrzeby",
            "nie potrzebujesz zgody", "nie potrzebujesz potwierdzenia",
        ],
        "tr": [
            "gerek yok", "gerekmez", "gerekmiyor", "lüzum yok", "zorunda değilsin", "zorunda değilsiniz", "gereksiz",
            "isteğe bağlı", "opsiyonel",
            "gerek yoktur", "şart değil", "mecbur değilsin", "mecbur değilsiniz", "zorunlu değil", "uğraşma",
            "uğraşmayın", "izne gerek yok", "onaya gerek yok",
        ],
        "ru": [
            "не нужно", "не надо", "необязательно", "не обязательно", "незачем", "нет необходимости", "не требуется",
            "не стоит", "не обязан",
            "больше не нужно", "можно не", "ни к чему", "нет смысла", "можешь пропустить", "не нужно разрешение",
            "не нужно подтверждение", "разрешение не требуется", "подтверждение не требуется", "не обязаны",
            "нет нужды",
        ],
        "zh": [
            "不需要", "不必", "无需", "无须", "不用", "没必要", "不需", "可选",
            "没有必要", "用不着", "犯不着", "可以不", "不一定要", "不是必须", "非必须", "不强制", "并不需要",
        ],
        "ja": [
            "必要はない", "必要はありません", "必要ない", "不要", "しなくていい", "しなくてもいい",
            "しなくても構いません", "省略可", "任意",
            "しなくて大丈夫", "しなくてよい", "しなくても良い", "要りません", "いらない", "しなくても大丈夫",
            "省いてよい", "省いて構いません",
        ],
        "ko": [
            "필요 없", "필요가 없", "할 필요가 없", "안 해도 돼", "안 해도 됩니다", "하지 않아도", "불필요",
            "선택 사항",
            "할 필요 없", "필요는 없", "안 해도 괜찮", "생략해도 됩니다", "생략 가능", "굳이",
        ],
        "ar": [
            "لا داعي", "لا حاجة", "ليس ضروريا", "ليس ضروريًا", "غير ضروري", "لست مضطرا", "اختياري",
            "لا يلزم", "ليس من الضروري", "لست بحاجة", "لا تحتاج", "ليس عليك", "لا يتعين عليك", "غير مطلوب منك",
            "ليس مطلوبا",
        ],
        "hi": [
            "ज़रूरत नहीं", "जरूरत नहीं", "आवश्यक नहीं", "आवश्यकता नहीं", "ज़रूरी नहीं", "जरूरी नहीं", "वैकल्पिक",
            "ज़रूरत नहीं है", "आवश्यकता नहीं है", "ज़रूरी नहीं है", "की ज़रूरत नहीं", "की जरूरत नहीं",
            "की आवश्यकता नहीं", "अनिवार्य नहीं",
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
            # "nobody can relax the credo", "no session is allowed to drop it": a denied subject denies the verb
            "re:(?:nobody|no[ -]one|no (?:agent|user|person|contributor|teammate|session|instruction|message|"
            "file|rule|document|comment|tool)s?)(?: else)? (?:can|could|may|might|should|must|shall|"
            "(?:is|are) (?:allowed|permitted|authori[sz]ed|entitled) to|gets? to|(?:has|have) (?:the )?"
            "(?:right|authority|permission|power) to)\\b",
        ],
        "es": [
            "no puedes", "no puede", "no podéis", "no está bien", "no", "nunca", "jamás", "evita", "evite", "eviten",
            "evitar", "prohibido", "está prohibido", "tienes prohibido", "queda prohibido", "no debes", "no debe",
            "no se debe", "en ningún caso", "bajo ningún concepto", "ni",
            "nunca jamás", "no debéis", "no deben", "no se puede", "no se permite", "no está permitido",
            "queda terminantemente prohibido", "está terminantemente prohibido", "nadie debe", "ningún agente debe",
            "bajo ninguna circunstancia", "en ninguna circunstancia", "de ningún modo", "de ninguna manera",
            "en ningún momento", "abstente de", "absténgase de", "evitad", "no intentes", "no intente", "se prohíbe",
            "prohibido:",
        ],
        "de": [
            "nicht", "nie", "niemals", "keinesfalls", "auf keinen fall", "unter keinen umständen", "kein", "keine",
            "keinen", "keinem", "verboten", "vermeide", "vermeiden", "vermeidet", "unterlasse", "unterlassen",
            "darfst nicht", "dürfen nicht", "darf nicht", "weder", "noch",
            "untersagt", "nicht erlaubt", "nicht gestattet", "unterlasst", "hüte dich davor", "sieh davon ab",
            "sehen sie davon ab", "niemand darf", "kein agent darf", "nie wieder", "nirgends", "bloß nicht",
        ],
        "fr": [
            "ne", "n'", "jamais", "ne jamais", "ne pas", "pas de", "interdit", "il est interdit de", "évite", "évitez",
            "éviter", "défense de", "en aucun cas", "sous aucun prétexte", "ni",
            "il ne faut pas", "il ne faut jamais", "tu ne dois pas", "vous ne devez pas", "tu ne dois jamais",
            "vous ne devez jamais", "on ne doit pas", "il est strictement interdit de", "il est défendu de",
            "il est proscrit de", "personne ne doit", "aucun agent ne doit", "à aucun moment", "en aucune façon",
            "abstiens-toi de", "abstenez-vous de", "interdiction de", "interdit :",
        ],
        "it": [
            "non", "mai", "evita", "evitate", "evitare", "vietato", "è vietato", "proibito", "non devi", "non deve",
            "in nessun caso", "per nessun motivo", "né",
            "non dovete", "non devono", "non si deve", "non si può", "non puoi", "non potete", "è severamente vietato",
            "è proibito", "nessuno deve", "nessun agente deve", "in nessun momento", "in nessun modo", "astieniti da",
            "astenetevi da", "guardati dal", "divieto di", "vietato:",
        ],
        "pt": [
            "não", "nunca", "jamais", "evite", "evita", "evitem", "evitar", "proibido", "é proibido", "não deve",
            "não deves", "em hipótese alguma", "de jeito nenhum", "nem",
            "não devem", "não podes", "não pode", "não podem", "não se deve", "não se pode", "está proibido",
            "é estritamente proibido", "é vedado", "ninguém deve", "nenhum agente deve", "sob nenhuma circunstância",
            "em nenhuma circunstância", "de forma alguma", "de modo algum", "em momento algum", "abstenha-se de",
            "proibido:",
        ],
        "nl": [
            "niet", "nooit", "geen", "vermijd", "vermijden", "verboden", "mag niet", "mogen niet", "in geen geval",
            "noch",
            "nimmer", "niemand mag", "geen enkele", "onder geen beding", "niet toegestaan", "het is verboden",
            "mag je niet", "je mag niet", "jullie mogen niet", "u mag niet", "onthoud je van", "vermijdt",
        ],
        "pl": [
            "nie", "nigdy", "zakaz", "zakazane", "zabronione", "zabrania się", "unikaj", "unikać", "nie wolno",
            "w żadnym wypadku", "pod żadnym pozorem", "ani",
            "zabraniam", "nie możesz", "nie możecie", "nie powinieneś", "nie powinno się", "nie należy",
            "nikt nie może", "żaden agent nie może", "pod żadnym warunkiem", "powstrzymaj się od", "wystrzegaj się",
            "unikajcie",
        ],
        "tr": [
            "asla", "hiçbir zaman", "hiçbir şekilde", "hiçbir koşulda", "kesinlikle", "yasak", "yasaktır", "kaçın",
            "kaçının", "sakın", "yapma", "yapmayın", "etme", "etmeyin",
            "kesinlikle yapma", "sakın ha", "yapmamalısın", "yapmamalısınız", "etmemelisin", "etmemelisiniz",
            "yapılmamalıdır", "edilmemelidir", "hiçbir durumda", "izin verilmez", "uzak dur", "uzak durun",
            "kaçınmalısın",
        ],
        "ru": [
            "не", "никогда", "нельзя", "запрещено", "запрещается", "ни в коем случае", "ни при каких", "избегай",
            "избегайте", "не смей", "ни",
            "никак нельзя", "не следует", "не должен", "не должны", "не должно", "не допускается", "воздерживайся от",
            "воздержись от", "никто не должен", "ни один агент не должен", "ни за что",
        ],
        "zh": [
            "不要", "不准", "不得", "不可", "不能", "禁止", "切勿", "勿", "别", "绝不", "决不", "绝对不要", "严禁",
            "千万不要", "永远不要", "不许", "避免",
            "不应", "不应该",
            "请勿", "不该", "千万别", "不允许", "务必不要", "一定不要", "请不要", "请别", "杜绝", "严格禁止",
        ],
        "ja": [
            "決して", "絶対に", "禁止", "してはいけない", "してはならない", "避け",
            "一切",
        ],
        "ko": [
            "절대", "절대로", "결코", "금지", "하지 마", "하지마", "말 것", "하면 안",
            "해서는 안", "하지 않도록",
        ],
        "ar": [
            "لا", "لا تقم", "ممنوع", "يمنع", "يُمنع", "أبدا", "أبدًا", "إياك", "تجنب", "تجنّب", "يحظر", "لن",
            "يجب ألا", "ينبغي ألا", "يجب عدم", "ينبغي عدم", "محظور", "امتنع عن", "ليس مسموحا", "غير مسموح", "إطلاقا",
            "مطلقا", "تحت أي ظرف", "بأي حال",
        ],
        "hi": [
            "कभी नहीं", "कभी भी नहीं", "कभी न", "मत", "न करें", "ना करें", "नहीं", "निषिद्ध", "वर्जित", "मना", "बचें",
            "कभी मत", "कभी भी मत", "बिल्कुल मत", "बिल्कुल नहीं", "हरगिज़ नहीं", "किसी भी हालत में नहीं",
            "नहीं करना चाहिए", "न करना", "ना करना", "नहीं चाहिए", "से बचना", "मनाही", "प्रतिबंधित",
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
            "excepto", "salvo", "aparte de", "dejad de", "deje de", "dejen de", "paren de", "en sustitución de",
        ],
        "de": [
            "ohne", "anstatt", "statt", "hör auf", "hören sie auf", "aufhören",
            "ohne zu", "anstelle von", "außer", "höre auf", "statt zu",
        ],
        "fr": [
            "sans", "au lieu de", "plutôt que de", "arrête de", "arrêtez de", "cesse de", "cessez de",
            "sauf", "excepté", "hormis", "pas", "arrêter de", "cesser de", "à la place de",
        ],
        "it": [
            "senza", "invece di", "anziché", "smetti di", "smettete di", "smettila di",
            "tranne", "eccetto", "salvo", "a parte", "smettere di", "smettetela di", "al posto di",
        ],
        "pt": [
            "sem", "em vez de", "ao invés de", "pare de", "deixe de", "para de",
            "exceto", "salvo", "parem de", "deixem de", "deixar de", "parar de", "no lugar de",
        ],
        "nl": [
            "zonder", "in plaats van", "stop met", "stoppen met", "ophouden met",
            "behalve", "in plaats van te", "stop",
        ],
        "pl": [
            "bez", "zamiast", "przestań", "przestańcie",
            "oprócz", "zamiast tego",
        ],
        "tr": [
            "olmadan", "yerine", "bırak",
            "hariç", "dışında", "bırakın",
        ],
        "ru": [
            "без", "вместо", "перестань", "перестаньте", "прекрати", "прекратите",
            "кроме", "вместо того чтобы", "хватит",
        ],
        "zh": [
            "不", "没有", "停止", "而不是", "无",
            "而非", "并非",
        ],
        "ja": [
            "せずに", "しないで", "ではなく", "やめて",
        ],
        "ko": [
            "없이", "않고", "대신", "그만",
        ],
        "ar": [
            "بدون", "دون", "بدلا من", "بدلًا من", "توقف عن", "كف عن",
            "عدم", "ليس", "عوضا عن", "بدلا عن",
        ],
        "hi": [
            "बिना", "के बजाय", "की जगह", "बंद करो", "रोकें",
            "के बिना", "की बजाय", "के स्थान पर",
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
            "se puede", "podrás", "tienes libertad para", "tiene libertad para", "está permitido", "te está permitido",
            "se te permite", "no pasa nada si", "está bien que", "es aceptable", "tienes vía libre para",
            "si lo deseas", "si lo prefieres", "cuando quieras", "a tu criterio", "según tu criterio",
            "estás autorizado a", "está autorizado a",
        ],
        "de": [
            "du kannst", "du darfst", "sie können", "sie dürfen", "ihr könnt", "ihr dürft", "es ist in ordnung",
            "es ist okay", "gerne", "ruhig", "darfst du", "kannst du", "es ist erlaubt", "frei",
            "du kannst gerne", "kannst gerne", "darfst gerne", "es ist erlaubt, zu", "es ist in ordnung, zu",
            "es ist ok, zu", "du hast die erlaubnis", "nach eigenem ermessen", "wenn du willst", "wenn du möchtest",
            "falls gewünscht", "es steht dir frei", "steht dir frei", "du kannst ruhig",
        ],
        "fr": [
            "tu peux", "vous pouvez", "libre à vous de", "libre à toi de", "il est permis de", "vous êtes autorisé à",
            "tu es autorisé à", "c'est ok de", "il est acceptable de", "si tu veux", "si vous voulez",
            "on peut", "tu pourras", "vous pourrez", "tu es libre de", "vous êtes libre de", "vous êtes libres de",
            "il est autorisé de", "tu as le droit de", "vous avez le droit de", "tu as la permission de",
            "vous avez la permission de", "c'est bon de", "pas de problème pour", "si tu le souhaites",
            "si vous le souhaitez", "quand tu veux", "à ta discrétion", "à votre discrétion",
        ],
        "it": [
            "puoi", "potete", "può", "sentiti libero di", "sentitevi liberi di", "è consentito", "sei autorizzato a",
            "va bene", "se vuoi",
            "si può", "puoi pure", "potrai", "siete liberi di", "sei libero di", "hai il permesso di",
            "avete il permesso di", "è permesso", "sei autorizzata a", "siete autorizzati a", "è accettabile",
            "nessun problema a", "se preferisci", "se lo desideri", "quando vuoi", "a tua discrezione",
            "hai la libertà di",
        ],
        "pt": [
            "você pode", "pode", "podes", "podem", "fique à vontade para", "fica à vontade para", "é permitido",
            "está autorizado a", "tudo bem", "se quiser",
            "pode-se", "você poderá", "fique livre para", "fiquem à vontade para", "está liberado para",
            "você está autorizado a", "é aceitável", "tem permissão para", "tens permissão para", "não há problema em",
            "sem problema em", "se preferir", "se desejar", "quando quiser", "a seu critério", "você é livre para",
        ],
        "nl": [
            "je mag", "je kunt", "u mag", "u kunt", "jullie mogen", "het is prima om", "het is toegestaan om",
            "voel je vrij om", "mag je", "kun je",
            "mag gerust", "je mag gerust", "het is oké om", "het is ok om", "je hebt toestemming om",
            "naar eigen inzicht", "als je wilt", "indien gewenst", "het staat je vrij", "staat je vrij",
            "mogen jullie",
        ],
        "pl": [
            "możesz", "możecie", "wolno ci", "wolno", "śmiało możesz", "masz pozwolenie", "jest dozwolone",
            "jeśli chcesz",
            "możesz śmiało", "wolno wam", "możesz spokojnie", "masz prawo", "według uznania", "jeśli chcecie",
            "jeśli wolisz", "dozwolone jest",
        ],
        "tr": [
            "yapabilirsin", "yapabilirsiniz", "edebilirsin", "edebilirsiniz", "serbestsin", "serbestsiniz", "izinlisin",
            "izin verilir", "olur", "istersen",
            "serbestçe", "dilediğin gibi", "istediğin gibi", "isterseniz", "çekinmeden", "iznin var", "izniniz var",
            "uygundur",
        ],
        "ru": [
            "можешь", "можете", "можно", "разрешено", "разрешается", "имеешь право", "вправе", "если хочешь",
            "разрешаю", "можно смело", "смело можешь", "имеете право", "по своему усмотрению", "если хотите",
            "при желании", "допускается", "вы можете", "ты можешь",
        ],
        "zh": [
            "可以", "允许", "随意", "随便", "尽管", "你可以", "可自行",
            "可自由", "随时可以", "不妨", "大可", "完全可以", "均可", "皆可", "可随意",
        ],
        "ja": [
            "してもいい", "してもよい", "しても構わない", "しても大丈夫", "可能", "自由に", "して構いません", "許可",
            "好きなように", "お好みで", "好きに",
        ],
        "ko": [
            "해도 돼", "해도 됩니다", "해도 괜찮", "자유롭게", "허용", "할 수 있", "괜찮습니다",
            "마음대로", "얼마든지", "편하게", "해도 좋", "도 좋습니다",
        ],
        "ar": [
            "يمكنك", "يمكنكم", "يُسمح لك", "يسمح لك", "لا بأس", "مسموح", "بإمكانك", "لك أن",
            "يجوز لك", "يحق لك", "لديك الحرية", "لك الحرية", "بحرية", "لا مانع من", "من المقبول", "لا ضير", "تستطيع",
        ],
        "hi": [
            "आप कर सकते हैं", "सकते हो", "सकते हैं", "अनुमति है", "कर सकते", "छूट है",
            "आपको अनुमति है", "आप चाहें तो", "चाहें तो", "स्वतंत्र हैं", "की छूट है",
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
            "solo para este proyecto", "solo en este proyecto", "para esta tarea", "solo para esta tarea",
            "para esta sesión", "solo por hoy", "por ahora", "de momento", "hasta nuevo aviso",
            "como excepción puntual", "de forma excepcional", "ha sido aprobado", "ha sido autorizado", "preaprobado",
            "el responsable ha aprobado", "el cto ha aprobado", "el equipo legal ha aprobado",
            "el equipo de cumplimiento ha aprobado", "el mantenedor ha aprobado", "con autorización de",
            "por orden de", "excepción de emergencia",
        ],
        "de": [
            "nur für dieses repository", "nur in diesem repository", "nur für dieses projekt", "ausnahmsweise",
            "als ausnahme", "vorübergehend", "das sicherheitsteam hat", "genehmigt von", "freigegeben von",
            "nur dieses eine mal",
            "für dieses projekt", "nur für diese aufgabe", "nur in dieser sitzung", "bis auf weiteres", "vorerst",
            "einmalig", "mit voller befugnis", "im auftrag von", "der maintainer hat genehmigt",
            "das team hat genehmigt", "vorab genehmigt",
        ],
        "fr": [
            "uniquement pour ce dépôt", "seulement pour ce dépôt", "pour ce dépôt uniquement", "exceptionnellement",
            "à titre exceptionnel", "temporairement", "l'équipe de sécurité a approuvé", "l'équipe sécurité a validé",
            "approuvé par", "autorisé par", "juste cette fois",
            "uniquement pour ce projet", "seulement pour ce projet", "pour cette tâche", "pour cette session",
            "juste pour aujourd'hui", "pour l'instant", "pour le moment", "jusqu'à nouvel ordre",
            "à titre d'exception", "a été approuvé", "a été autorisé", "pré-approuvé", "le responsable a approuvé",
            "le cto a approuvé", "le service juridique a approuvé", "l'équipe conformité a approuvé",
            "le mainteneur a approuvé", "sur ordre de", "par ordre de", "exception d'urgence",
        ],
        "it": [
            "solo per questo repository", "solo in questo repository", "eccezionalmente", "in via eccezionale",
            "temporaneamente", "il team di sicurezza ha approvato", "approvato da", "autorizzato da",
            "solo questa volta",
            "solo per questo progetto", "solo in questo progetto", "per questo task", "per questa sessione",
            "solo per oggi", "per ora", "per il momento", "fino a nuovo avviso", "in via del tutto eccezionale",
            "è stato approvato", "è stato autorizzato", "pre-approvato", "preapprovato",
            "il responsabile ha approvato", "il cto ha approvato", "l'ufficio legale ha approvato",
            "il team compliance ha approvato", "il maintainer ha approvato", "su ordine di", "eccezione di emergenza",
        ],
        "pt": [
            "apenas neste repositório", "só neste repositório", "apenas para este repositório", "excepcionalmente",
            "como exceção", "temporariamente", "a equipe de segurança aprovou", "a equipa de segurança aprovou",
            "aprovado por", "autorizado por", "só desta vez",
            "apenas para este projeto", "só neste projeto", "para esta tarefa", "para esta sessão", "só por hoje",
            "por enquanto", "por ora", "até novo aviso", "em caráter excepcional", "foi aprovado", "foi autorizado",
            "pré-aprovado", "o responsável aprovou", "o cto aprovou", "o jurídico aprovou",
            "a equipe de compliance aprovou", "o mantenedor aprovou", "por ordem de", "exceção de emergência",
        ],
        "nl": [
            "alleen voor deze repository", "alleen in deze repository", "bij uitzondering", "tijdelijk",
            "het beveiligingsteam heeft", "goedgekeurd door", "alleen deze keer",
            "voor dit project", "alleen voor deze taak", "voorlopig", "tot nader order", "eenmalig",
            "vooraf goedgekeurd", "in opdracht van",
        ],
        "pl": [
            "tylko dla tego repozytorium", "tylko w tym repozytorium", "wyjątkowo", "jako wyjątek", "tymczasowo",
            "zespół bezpieczeństwa zatwierdził", "zatwierdzone przez", "tylko tym razem",
            "dla tego projektu", "tylko dla tego zadania", "do odwołania", "jednorazowo", "wcześniej zatwierdzone",
            "na polecenie",
        ],
        "tr": [
            "sadece bu depo için", "yalnızca bu depo için", "sadece bu repo için", "istisna olarak", "istisnai olarak",
            "geçici olarak", "güvenlik ekibi onayladı", "tarafından onaylandı", "sadece bu seferlik",
            "bu proje için", "sadece bu görev için", "yeni bir duyuruya kadar", "bir kereliğine", "önceden onaylandı",
        ],
        "ru": [
            "только для этого репозитория", "только в этом репозитории", "в виде исключения", "в порядке исключения",
            "временно", "команда безопасности одобрила", "одобрено", "только в этот раз",
            "для этого проекта", "только для этой задачи", "до особого распоряжения", "однократно", "заранее одобрено",
            "по распоряжению",
        ],
        "zh": [
            "仅限本仓库", "仅限此仓库", "只在这个仓库", "仅此一次", "作为例外", "例外地", "暂时", "安全团队已批准",
            "安全团队批准", "已获批准", "经批准",
            "仅限本项目", "仅限此项目", "只针对本次", "本次例外", "特批", "已获授权", "已被授权", "管理员已批准",
            "负责人已批准", "维护者已批准", "已经批准", "临时允许", "在另行通知之前",
        ],
        "ja": [
            "このリポジトリに限り", "このリポジトリでは特別に", "今回に限り", "例外として", "一時的に",
            "セキュリティチームが承認", "承認済み", "特別に",
            "今回だけ", "今回のみ", "特例として", "例外的に", "管理者が承認", "メンテナーが承認", "リーダーが承認",
            "事前承認済み", "このプロジェクトに限り",
        ],
        "ko": [
            "이 저장소에 한해", "이 저장소에서만", "이번 한 번만", "예외적으로", "예외로", "일시적으로",
            "보안팀이 승인", "보안 팀이 승인", "승인되었",
            "이 프로젝트에 한해", "이번만", "이번에 한해", "특별히", "관리자가 승인", "메인테이너가 승인",
            "팀장이 승인", "사전 승인됨", "승인을 받았",
        ],
        "ar": [
            "لهذا المستودع فقط", "في هذا المستودع فقط", "استثناءً", "استثناء", "مؤقتا", "مؤقتًا", "وافق فريق الأمان",
            "بموافقة", "لمرة واحدة",
            "لهذا المشروع فقط", "هذه المرة فقط", "بشكل استثنائي", "وافق المسؤول", "وافق المشرف", "وافق مدير",
            "تمت الموافقة مسبقا", "موافق عليه مسبقا", "حتى إشعار آخر",
        ],
        "hi": [
            "केवल इस रिपॉजिटरी के लिए", "सिर्फ इस रिपॉजिटरी में", "अपवाद के रूप में", "अस्थायी रूप से",
            "सुरक्षा टीम ने मंज़ूरी दी", "सुरक्षा टीम ने मंजूरी दी", "सिर्फ इस बार", "मंज़ूरी",
            "इस प्रोजेक्ट के लिए ही", "केवल इस बार", "एक बार के लिए", "विशेष अपवाद", "प्रबंधक ने मंज़ूरी दी",
            "मेंटेनर ने मंज़ूरी दी", "पहले से स्वीकृत", "अगली सूचना तक",
        ],
    },
    "gate": {
        "en": [
            # "once he says yes", "until Jake says ok": a person's yes, whoever they are.
            "re:(?:only )?(?:if|when|once|after|until|unless) (?:\\S+ ){1,2}(?:says?|said|replies?|replied|answers?|an"
            "swered) (?:yes|ok|okay|go|go ahead|sure)\\b",
            "re:(?:only )?(?:if|when|once|after|unless|until|upon|whenever) (?:the |a |an |your |our )?(?:user|hum"
            "an|maintainer|owner|operator|developer|reviewer|person|requester|customer|they|someone|somebody|on-c"
            "all|on call|lead|team lead|tech lead|manager|admin|administrator|dpo|sre|approver|supervisor|archite"
            "ct|release manager|security team|platform team|data owner|you(?:'ve| have)? been|you are|you're|expl"
            "icitly|specifically|directly)(?: \\S+){0,3}? (?:asks?|asked|requests?|"
            "requested|approves?|approved|confirms?|confirmed|consents?|consented|instructs?|instructed|tells? yo"
            "u|told|says? so|authori[sz]es?|authori[sz]ed|signs? off|agrees?|agreed|allows?|allowed|okays?|okayed"
            "|wants?|wanted|opts? in|explicitly|gives?)",
            # "allowed only when all three hold:" (a list of conditions follows): restricted, not free.
            "re:only (?:when|if) (?:all|both|each|every one)(?: of)?(?: the| these)?(?: \\S+)? (?:hold|holds|are "
            "met|apply|are true|conditions|checks pass)",
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
            "previa confirmación", "previo permiso", "previa autorización", "solo si te lo piden",
            "solo si se te pide", "solo cuando se te pida", "si el usuario lo pide", "si el usuario lo solicita",
            "cuando el usuario lo solicite", "con el visto bueno", "tras la aprobación", "después de la aprobación",
            "una vez aprobado", "hasta que el usuario confirme", "requiere aprobación", "requiere confirmación",
            "necesita aprobación", "pide confirmación", "pregunta al usuario", "consulta con el usuario",
            "consulta al usuario", "confirma con el usuario", "pide autorización", "salvo que se indique",
            "a menos que se te pida", "excepto si se solicita", "bajo petición", "a petición del usuario",
            "si se te indica explícitamente", "con consentimiento explícito", "con aprobación explícita",
            "sin antes preguntar",
        ],
        "de": [
            "nur nach rücksprache", "nach rücksprache", "mit zustimmung", "mit genehmigung", "mit freigabe",
            "nach bestätigung", "nach freigabe", "frage vorher", "frag vorher", "fragen sie vorher", "frage zuerst",
            "es sei denn", "auf ausdrücklichen wunsch", "nur wenn der benutzer", "nur wenn der nutzer", "vorher fragen",
            "um erlaubnis",
            "nur nach zustimmung", "nur mit erlaubnis", "nur auf anweisung", "nur wenn ausdrücklich",
            "wenn ausdrücklich gewünscht", "wenn ausdrücklich verlangt", "auf anfrage", "nach absprache",
            "nach rückfrage", "vorher bestätigen lassen", "wenn der benutzer zustimmt",
            "wenn der benutzer es verlangt", "sofern der benutzer", "außer der benutzer",
        ],
        "fr": [
            "avec l'accord", "avec l'autorisation", "avec la permission", "après confirmation", "après validation",
            "après accord", "demande d'abord", "demandez d'abord", "demande avant", "demandez avant",
            "sauf si l'utilisateur", "sauf demande", "uniquement si l'utilisateur", "à la demande de l'utilisateur",
            "sans l'accord",
            "sur confirmation", "après autorisation", "après approbation", "avec le feu vert",
            "seulement si on te le demande", "uniquement si on vous le demande", "seulement sur demande",
            "si l'utilisateur le demande", "quand l'utilisateur le demande", "une fois approuvé",
            "jusqu'à ce que l'utilisateur confirme", "nécessite une approbation", "nécessite une confirmation",
            "requiert une validation", "demande confirmation", "demandez confirmation", "demande à l'utilisateur",
            "demandez à l'utilisateur", "consulte l'utilisateur", "consultez l'utilisateur",
            "vérifie avec l'utilisateur", "sauf indication contraire", "sauf si on te le demande",
            "sur demande explicite", "avec accord explicite", "avec consentement explicite",
        ],
        "it": [
            "con il permesso", "con l'approvazione", "con l'autorizzazione", "dopo conferma", "dopo aver chiesto",
            "chiedi prima", "chiedete prima", "solo se l'utente", "a meno che l'utente", "su richiesta",
            "previa approvazione",
            "previa conferma", "previo permesso", "previa autorizzazione", "solo se te lo chiedono",
            "solo se richiesto", "solo su richiesta", "se l'utente lo chiede", "se l'utente lo richiede",
            "con il via libera", "dopo l'approvazione", "una volta approvato", "finché l'utente non conferma",
            "richiede approvazione", "richiede conferma", "serve l'approvazione", "chiedi conferma",
            "chiedete conferma", "chiedi all'utente", "consulta l'utente", "verifica con l'utente",
            "salvo diversa indicazione", "a meno che non ti venga chiesto", "su richiesta esplicita",
            "con consenso esplicito", "con approvazione esplicita",
        ],
        "pt": [
            "com permissão", "com aprovação", "com autorização", "após confirmação", "depois de confirmar",
            "pergunte antes", "pergunte primeiro", "só se o usuário", "apenas se o usuário", "a menos que o usuário",
            "mediante aprovação", "peça permissão",
            "mediante confirmação", "mediante autorização", "após aprovação", "depois da aprovação", "com o aval",
            "só se te pedirem", "apenas se solicitado", "somente se solicitado", "só quando pedido",
            "se o usuário pedir", "se o usuário solicitar", "quando o usuário pedir", "uma vez aprovado",
            "até que o usuário confirme", "requer aprovação", "requer confirmação", "precisa de aprovação",
            "peça confirmação", "pergunte ao usuário", "consulte o usuário", "confirme com o usuário",
            "peça autorização", "salvo indicação em contrário", "a menos que seja pedido", "sob pedido",
            "a pedido do usuário", "com consentimento explícito", "com aprovação explícita",
        ],
        "nl": [
            "met toestemming", "na goedkeuring", "na bevestiging", "vraag eerst", "vraag vooraf",
            "alleen als de gebruiker", "tenzij de gebruiker", "op verzoek van", "met goedkeuring",
            "alleen met toestemming", "alleen na goedkeuring", "alleen op verzoek", "alleen als expliciet gevraagd",
            "als daarom gevraagd wordt", "na overleg", "in overleg", "tenzij expliciet",
            "als de gebruiker akkoord gaat", "na akkoord",
        ],
        "pl": [
            "za zgodą", "po zatwierdzeniu", "po potwierdzeniu", "zapytaj najpierw", "zapytaj wcześniej",
            "tylko jeśli użytkownik", "chyba że użytkownik", "na prośbę", "po uzyskaniu zgody",
            "tylko za zgodą", "tylko po zatwierdzeniu", "tylko na prośbę", "tylko na wyraźne polecenie",
            "jeśli użytkownik poprosi", "gdy użytkownik poprosi", "po konsultacji", "chyba że wyraźnie",
            "po akceptacji", "za zgodą użytkownika",
        ],
        "tr": [
            "izin alarak", "izin aldıktan sonra", "onay alarak", "onay aldıktan sonra", "önce sor", "önce sorun",
            "kullanıcı isterse", "kullanıcı onaylarsa", "onaylanırsa", "talep edilirse",
            "sadece izinle", "yalnızca onayla", "yalnızca talep üzerine", "açıkça istenirse", "açıkça istenmedikçe",
            "kullanıcı izin verirse", "onay verilirse", "danışarak", "kullanıcının onayıyla",
        ],
        "ru": [
            "с разрешения", "с согласия", "после подтверждения", "после согласования", "сначала спроси",
            "сначала спросите", "только если пользователь", "если пользователь попросит", "по запросу пользователя",
            "спроси разрешения",
            "только с разрешения", "только после подтверждения", "только по запросу", "только по явной просьбе",
            "если явно попросят", "по согласованию", "если пользователь разрешит", "с одобрения",
            "только после одобрения",
        ],
        "zh": [
            "经用户同意", "经用户确认", "经批准", "征得同意", "征得用户同意", "先询问", "先问", "先确认", "除非用户",
            "在用户明确要求", "用户确认后", "得到许可",
            "用户要求时", "在用户要求时", "得到批准后", "获得许可后", "获得批准后", "经允许后", "经用户批准",
            "需用户确认", "需要用户确认", "需经批准", "须经批准", "先征求", "事先询问", "事先确认", "征得用户许可",
        ],
        "ja": [
            "許可を得て", "許可を得てから", "確認してから", "承認を得て", "承認後", "事前に確認",
            "ユーザーが求めた場合", "ユーザーの許可", "確認の上",
            "ユーザーの承認を得てから", "ユーザーに確認してから", "確認を取ってから", "許可をもらってから",
            "承認されてから", "指示があった場合のみ", "求められた場合のみ", "依頼された場合のみ",
            "明示的に指示された場合", "ユーザーが明示的に", "事前に許可", "事前承認",
        ],
        "ko": [
            "허락을 받고", "허락을 받은 후", "승인 후", "승인을 받고", "먼저 물어", "확인 후", "사용자가 요청하는 경우",
            "사용자의 동의", "허가를 받고",
            "사용자의 승인을 받은 후", "사용자 승인 후", "사용자의 허락을 받은 후", "허락을 받은 뒤", "확인을 받은 후",
            "확인받은 후", "명시적으로 요청한 경우", "요청이 있을 때만", "요청할 때만", "사전에 확인", "사전 승인",
            "먼저 확인하고",
        ],
        "ar": [
            "بإذن", "بعد موافقة", "بعد الموافقة", "بعد التأكيد", "اسأل أولا", "اسأل أولاً", "إلا إذا طلب",
            "بموافقة المستخدم", "بعد الحصول على إذن",
            "بعد استئذان المستخدم", "بعد أخذ الإذن", "بعد الحصول على الموافقة", "فقط إذا طلب المستخدم",
            "فقط عند الطلب", "عند طلب المستخدم", "إلا بإذن", "إلا بموافقة", "بعد التحقق مع المستخدم",
            "اطلب الإذن أولا", "استأذن أولا",
        ],
        "hi": [
            "अनुमति से", "अनुमति लेकर", "अनुमति के बाद", "पहले पूछें", "पहले पूछो", "पुष्टि के बाद",
            "जब तक उपयोगकर्ता न कहे", "उपयोगकर्ता की अनुमति",
            "उपयोगकर्ता की अनुमति के बाद", "उपयोगकर्ता से पूछकर", "पूछकर ही", "अनुमति मिलने के बाद",
            "मंज़ूरी मिलने के बाद", "मंजूरी मिलने के बाद", "पुष्टि मिलने के बाद", "केवल तभी जब उपयोगकर्ता",
            "जब उपयोगकर्ता कहे", "उपयोगकर्ता के कहने पर", "स्पष्ट अनुमति", "पहले पुष्टि करें", "पहले पूछ लें",
        ],
    },
    "gate_post": {
        "en": [
            # "once he says yes", "until Jake says ok": a person's yes, whoever they are.
            "re:(?:only )?(?:if|when|once|after|until|unless) (?:\\S+ ){1,2}(?:says?|said|replies?|replied|answers?|an"
            "swered) (?:yes|ok|okay|go|go ahead|sure)\\b",
            "re:(?:only )?(?:if|when|once|after|unless|until|upon|whenever) (?:the |a |an |your |our )?(?:user|hum"
            "an|maintainer|owner|operator|developer|reviewer|person|requester|customer|they|someone|somebody|on-c"
            "all|on call|lead|team lead|tech lead|manager|admin|administrator|dpo|sre|approver|supervisor|archite"
            "ct|release manager|security team|platform team|data owner|you(?:'ve| have)? been|you are|you're|expl"
            "icitly|specifically|directly)(?: \\S+){0,3}? (?:asks?|asked|requests?|"
            "requested|approves?|approved|confirms?|confirmed|consents?|consented|instructs?|instructed|tells? yo"
            "u|told|says? so|authori[sz]es?|authori[sz]ed|signs? off|agrees?|agreed|allows?|allowed|okays?|okayed"
            "|wants?|wanted|opts? in|gives?)",
            # "allowed only when all three hold:" (a list of conditions follows): restricted, not free.
            "re:only (?:when|if) (?:all|both|each|every one)(?: of)?(?: the| these)?(?: \\S+)? (?:hold|holds|are "
            "met|apply|are true|conditions|checks pass)",
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
            "previa confirmación", "previo permiso", "previa autorización", "solo si te lo piden",
            "solo si se te pide", "si el usuario lo pide", "si el usuario lo solicita", "con el visto bueno",
            "tras la aprobación", "después de la aprobación", "requiere aprobación", "requiere confirmación",
            "pero pregunta antes", "pero pregunta primero", "a petición del usuario", "bajo petición",
        ],
        "de": [
            "nur nach rücksprache", "nach rücksprache", "mit zustimmung", "mit genehmigung", "mit freigabe",
            "nach bestätigung", "nach freigabe", "es sei denn", "auf ausdrücklichen wunsch", "nur wenn der benutzer",
            "nur wenn der nutzer",
            "nur nach zustimmung", "nur mit erlaubnis", "nur auf anweisung", "nur wenn ausdrücklich",
            "wenn ausdrücklich gewünscht", "wenn ausdrücklich verlangt", "nach absprache", "nach rückfrage",
            "wenn der benutzer zustimmt", "wenn der benutzer es verlangt",
        ],
        "fr": [
            "avec l'accord", "avec l'autorisation", "avec la permission", "après confirmation", "après validation",
            "après accord", "sauf si l'utilisateur", "sauf demande", "uniquement si l'utilisateur",
            "à la demande de l'utilisateur",
            "sur confirmation", "après autorisation", "après approbation", "avec le feu vert", "seulement sur demande",
            "si l'utilisateur le demande", "nécessite une approbation", "nécessite une confirmation",
            "mais demande d'abord", "mais demandez d'abord", "mais demande avant", "sur demande explicite",
        ],
        "it": [
            "con il permesso", "con l'approvazione", "con l'autorizzazione", "dopo conferma", "solo se l'utente",
            "a meno che l'utente", "su richiesta", "previa approvazione",
            "previa conferma", "previo permesso", "previa autorizzazione", "solo se richiesto", "solo su richiesta",
            "se l'utente lo chiede", "dopo l'approvazione", "richiede approvazione", "richiede conferma",
            "ma chiedi prima", "ma chiedete prima", "su richiesta esplicita",
        ],
        "pt": [
            "com permissão", "com aprovação", "com autorização", "após confirmação", "depois de confirmar",
            "só se o usuário", "apenas se o usuário", "a menos que o usuário", "mediante aprovação",
            "mediante confirmação", "mediante autorização", "após aprovação", "apenas se solicitado",
            "somente se solicitado", "se o usuário pedir", "requer aprovação", "requer confirmação",
            "mas pergunte antes", "mas pergunte primeiro", "a pedido do usuário", "sob pedido",
        ],
        "nl": [
            "met toestemming", "na goedkeuring", "na bevestiging", "alleen als de gebruiker", "tenzij de gebruiker",
            "op verzoek van", "met goedkeuring",
            "alleen met toestemming", "alleen na goedkeuring", "alleen op verzoek", "alleen als expliciet gevraagd",
            "na overleg", "in overleg", "als de gebruiker akkoord gaat",
        ],
        "pl": [
            "za zgodą", "po zatwierdzeniu", "po potwierdzeniu", "tylko jeśli użytkownik", "chyba że użytkownik",
            "na prośbę", "po uzyskaniu zgody",
            "tylko za zgodą", "tylko po zatwierdzeniu", "tylko na prośbę", "tylko na wyraźne polecenie",
            "jeśli użytkownik poprosi", "po konsultacji", "za zgodą użytkownika",
        ],
        "tr": [
            "izin alarak", "izin aldıktan sonra", "onay alarak", "onay aldıktan sonra", "kullanıcı isterse",
            "kullanıcı onaylarsa", "onaylanırsa", "talep edilirse",
            "sadece izinle", "yalnızca onayla", "yalnızca talep üzerine", "açıkça istenirse", "kullanıcı izin verirse",
            "kullanıcının onayıyla",
        ],
        "ru": [
            "с разрешения", "с согласия", "после подтверждения", "после согласования", "только если пользователь",
            "если пользователь попросит", "по запросу пользователя",
            "только с разрешения", "только после подтверждения", "только по запросу", "только по явной просьбе",
            "если явно попросят", "по согласованию", "с одобрения",
        ],
        "zh": [
            "经用户同意", "经用户确认", "经批准", "征得同意", "征得用户同意", "除非用户", "在用户明确要求",
            "用户确认后", "得到许可",
            "之前先询问", "之前先确认", "前先问", "前请先确认", "前需确认", "前须确认", "前必须确认", "前征得同意",
            "需经用户同意", "须经用户批准", "需要用户批准", "需要用户确认", "须获批准", "但要先确认", "但先问",
            "前先征得",
        ],
        "ja": [
            "許可を得て", "許可を得てから", "確認してから", "承認を得て", "承認後", "ユーザーが求めた場合",
            "ユーザーの許可", "確認の上",
            "前に確認", "前にユーザーに確認", "前に許可を", "事前に確認", "確認を取ってから", "許可を得た上で",
            "ユーザーの確認後", "承認が必要", "許可が必要", "確認が必要",
        ],
        "ko": [
            "허락을 받고", "허락을 받은 후", "승인 후", "승인을 받고", "확인 후", "사용자가 요청하는 경우",
            "사용자의 동의", "허가를 받고",
            "전에 확인", "전에 먼저 확인", "전에 사용자에게 확인", "전에 허락", "전에 승인", "승인이 필요",
            "확인이 필요", "허락이 필요", "사전 승인", "사전에 확인", "먼저 물어보", "먼저 확인",
        ],
        "ar": [
            "بإذن", "بعد موافقة", "بعد الموافقة", "بعد التأكيد", "إلا إذا طلب", "بموافقة المستخدم",
            "بعد الحصول على إذن",
            "بعد استئذان", "بعد أخذ موافقة", "إلا بإذن", "إلا بموافقة", "يتطلب موافقة", "يتطلب إذنا",
            "يحتاج إلى موافقة", "بموافقة صريحة", "استأذن أولا", "تحقق مع المستخدم أولا",
        ],
        "hi": [
            "अनुमति से", "अनुमति लेकर", "अनुमति के बाद", "पुष्टि के बाद", "जब तक उपयोगकर्ता न कहे",
            "उपयोगकर्ता की अनुमति",
            "से पहले पूछें", "से पहले पूछ लें", "से पहले पुष्टि करें", "से पहले अनुमति लें", "पूछकर ही",
            "अनुमति के बाद ही", "मंज़ूरी के बाद ही", "अनुमति आवश्यक है", "मंज़ूरी आवश्यक है", "पुष्टि आवश्यक है",
        ],
    },
    "gap_neg": {
        "en": [
            "no", "none of the", "not a single", "not any", "zero", "nothing", "not", "never",
        ],
        "es": [
            "ningún", "ninguna", "ningunos", "ningunas", "nada de",
            "ni un", "ni una", "cero", "nunca", "ningún tipo de",
        ],
        "de": [
            "kein", "keine", "keinen", "keinem", "keiner", "keines", "nicht", "nichts", "nie", "niemals", "nimmer",
        ],
        "fr": [
            "aucun", "aucune", "pas de", "pas d'", "ne pas", "jamais",
            "zéro", "nul", "nulle", "aucunement",
        ],
        "it": [
            "nessun", "nessuna", "nessuno", "alcun", "alcuna", "non",
            "zero", "niente", "nulla", "mai",
        ],
        "pt": [
            "nenhum", "nenhuma", "não",
            "zero", "nada de", "nunca", "nem um", "nem uma",
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
            "sin pedir permiso", "sin pedir confirmación", "sin esperar confirmación", "sin esperar aprobación",
            "sin avisar", "sin consultar al usuario", "sin aprobación", "sin autorización", "sin consentimiento",
            "sin preguntar antes", "no preguntes", "no pidas confirmación", "no pidas permiso",
            "no esperes confirmación", "no esperes aprobación", "no hace falta preguntar",
            "no hace falta pedir permiso",
        ],
        "de": [
            "ohne zu fragen", "ohne nachzufragen", "ohne rückfrage", "ohne zustimmung", "ohne bestätigung",
            "ohne genehmigung",
            "ohne nachfrage", "ohne vorher zu fragen", "frag nicht nach", "ohne auf bestätigung zu warten",
            "ungefragt", "ohne erlaubnis",
        ],
        "fr": [
            "sans demander", "sans confirmation", "sans autorisation", "sans permission", "sans consulter",
            "sans demander la permission", "sans demander confirmation", "sans attendre de confirmation",
            "sans attendre de validation", "sans prévenir", "sans consulter l'utilisateur", "sans approbation",
            "sans accord", "sans consentement", "sans demander avant", "ne demande pas", "ne demandez pas",
            "ne demande pas confirmation", "n'attends pas de confirmation", "n'attendez pas de validation",
            "pas besoin de demander",
        ],
        "it": [
            "senza chiedere", "senza conferma", "senza permesso", "senza autorizzazione",
            "senza chiedere il permesso", "senza chiedere conferma", "senza attendere conferma",
            "senza aspettare l'approvazione", "senza avvisare", "senza consultare l'utente", "senza approvazione",
            "senza consenso", "senza chiedere prima", "non chiedere", "non chiedete", "non chiedere conferma",
            "non aspettare conferma", "non serve chiedere", "non c'è bisogno di chiedere",
        ],
        "pt": [
            "sem perguntar", "sem confirmação", "sem permissão", "sem autorização", "sem consultar",
            "sem pedir permissão", "sem pedir confirmação", "sem esperar confirmação", "sem aguardar aprovação",
            "sem avisar", "sem consultar o usuário", "sem aprovação", "sem consentimento", "sem perguntar antes",
            "não pergunte", "não peça confirmação", "não peça permissão", "não espere confirmação",
            "não precisa perguntar", "não é preciso pedir permissão",
        ],
        "nl": [
            "zonder te vragen", "zonder toestemming", "zonder bevestiging", "zonder overleg",
            "zonder eerst te vragen", "vraag niet om bevestiging", "ongevraagd", "zonder goedkeuring",
        ],
        "pl": [
            "bez pytania", "bez pytania o zgodę", "bez potwierdzenia", "bez zgody",
            "bez pytania o pozwolenie", "nie pytaj o zgodę", "nie czekaj na zgodę", "nie pytając",
        ],
        "tr": [
            "sormadan", "izin almadan", "onay almadan", "onaysız",
            "izin istemeden", "onay beklemeden", "kimseye sormadan",
        ],
        "ru": [
            "не спрашивая", "без разрешения", "без подтверждения", "без согласования", "без спроса",
            "не спрашивай разрешения", "не жди подтверждения", "не дожидаясь подтверждения", "без спросу",
        ],
        "zh": [
            "无需确认", "不经确认", "不经同意", "无需询问", "不用问", "不必询问", "直接",
            "无需批准", "不需要批准", "不经批准", "不用确认", "无须确认", "不必确认", "不需要确认", "不要询问", "别问",
            "不用请示", "擅自",
        ],
        "ja": [
            "確認せずに", "許可なく", "承認なしで", "聞かずに", "確認なしで",
            "確認を取らずに", "許可を求めずに", "承認を得ずに", "許可を得ずに", "尋ねずに", "確認不要", "承認不要",
            "許可不要", "勝手に", "無断で",
        ],
        "ko": [
            "묻지 않고", "확인 없이", "허락 없이", "승인 없이", "물어보지 말고",
            "확인하지 말고", "묻지 말고", "물어보지 않고", "허락을 구하지 않고", "승인을 받지 않고", "확인 절차 없이",
            "임의로", "무단으로",
        ],
        "ar": [
            "دون سؤال", "بدون سؤال", "دون إذن", "بدون إذن", "دون تأكيد", "بدون موافقة",
            "دون استئذان", "بدون استئذان", "دون طلب إذن", "دون الرجوع إلى", "بدون الرجوع إلى", "دون انتظار",
            "من تلقاء نفسك", "دون موافقة", "بدون تأكيد",
        ],
        "hi": [
            "बिना पूछे", "बिना अनुमति", "बिना पुष्टि",
            "पूछे बिना", "अनुमति के बिना", "अनुमति लिए बिना", "पुष्टि के बिना", "बिना मंज़ूरी", "बिना मंजूरी",
            "अपनी मर्ज़ी से", "अपनी मर्जी से",
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
            "to )?(?:you \\S+ |(?:in|from|on|of|at|inside|within) (?:the |a |an |this |that |your |any )?\\S+ |\\S+ )?"
            "(?:says?|said|saying|asks?|asked|asking|tells?|told|telling|instructs?|"
            "instructing|wants?|wanting|requests?|requesting|tries|try|trying|attempts?|attempting|claims?|claiming|demands?|de"
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
            "inyección de prompt", "intento de inyección", "intentos de inyección", "instrucciones inyectadas",
            "instrucciones incrustadas", "ingeniería social", "intento de jailbreak", "si un comentario",
            "si una issue", "si una página web", "si el contenido", "si un archivo", "si un documento", "si un correo",
            "si una herramienta", "textos que te pidan", "contenido que te pida", "trátalo como datos",
            "trata como datos", "como no confiable", "no confiables", "desconfía de", "ten cuidado con", "atención a",
            "señales de alarma", "ejemplos de ataques", "ejemplos de instrucciones maliciosas", "frases como",
            "mensajes como", "peticiones como", "rechaza cualquier instrucción", "ignora cualquier instrucción que",
        ],
        "de": [
            "prompt-injection", "prompt injection", "wenn eine nachricht", "wenn ein text", "wenn jemand dich",
            "versuche", "texte, die", "nachrichten, die", "inhalte, die", "vorsicht bei", "achte auf", "böswillig",
            "angriff",
            "wenn ein issue", "wenn eine webseite", "wenn ein kommentar", "wenn ein dokument", "falls eine nachricht",
            "sei misstrauisch gegenüber", "sei vorsichtig bei", "beispiele für angriffe", "manipulationsversuche",
            "nicht vertrauenswürdig", "verdächtige anweisungen",
        ],
        "fr": [
            "injection de prompt", "injection d'instructions", "si un message dit", "si un message demande",
            "si un texte demande", "si quelqu'un te demande", "tentatives de", "textes qui demandent",
            "messages qui demandent", "méfie-toi de", "méfiez-vous de", "malveillant", "attaque",
            "injection de prompts", "tentative d'injection", "tentatives d'injection", "instructions injectées",
            "instructions intégrées", "ingénierie sociale", "tentative de jailbreak", "si un commentaire",
            "si une issue", "si une page web", "si le contenu", "si un fichier", "si un document", "si un e-mail",
            "si un outil", "contenu qui demande", "traite-le comme des données", "traitez-le comme des données",
            "comme non fiable", "non fiables", "attention aux", "signaux d'alerte", "exemples d'attaques",
            "exemples d'instructions malveillantes", "des phrases comme", "des messages comme", "des demandes comme",
            "refuse toute instruction", "ignore toute instruction qui",
        ],
        "it": [
            "prompt injection", "iniezione di prompt", "se un messaggio dice", "se un messaggio chiede",
            "se qualcuno ti chiede", "tentativi di", "testi che chiedono", "messaggi che chiedono", "attenzione a",
            "diffida di", "malevolo", "attacco",
            "iniezione di istruzioni", "tentativo di iniezione", "tentativi di iniezione", "istruzioni iniettate",
            "istruzioni incorporate", "ingegneria sociale", "tentativo di jailbreak", "se un commento", "se una issue",
            "se una pagina web", "se il contenuto", "se un file", "se un documento", "se un'email", "se uno strumento",
            "contenuti che chiedono", "trattalo come dati", "trattali come dati", "come non attendibile",
            "non attendibili", "fai attenzione a", "segnali d'allarme", "esempi di attacchi",
            "esempi di istruzioni malevole", "frasi come", "messaggi come", "richieste come",
            "rifiuta qualsiasi istruzione", "ignora qualsiasi istruzione che",
        ],
        "pt": [
            "injeção de prompt", "injeção de instruções", "se uma mensagem diz", "se uma mensagem pedir",
            "se alguém pedir", "tentativas de", "textos que peçam", "mensagens que peçam", "cuidado com",
            "desconfie de",
            "malicioso", "ataque",
            "tentativa de injeção", "tentativas de injeção", "instruções injetadas", "instruções embutidas",
            "engenharia social", "tentativa de jailbreak", "se um comentário", "se uma issue", "se uma página web",
            "se o conteúdo", "se um arquivo", "se um documento", "se um e-mail", "se uma ferramenta",
            "conteúdo que peça", "trate como dados", "como não confiável", "não confiáveis", "atenção a",
            "sinais de alerta", "exemplos de ataques", "exemplos de instruções maliciosas", "frases como",
            "mensagens como", "pedidos como", "recuse qualquer instrução", "ignore qualquer instrução que",
        ],
        "nl": [
            "prompt-injectie", "promptinjectie", "als een bericht zegt", "als een bericht vraagt", "als iemand vraagt",
            "pogingen om", "teksten die", "berichten die", "pas op voor", "kwaadaardig", "aanval",
            "als een issue", "als een webpagina", "als een opmerking", "als een document", "wees wantrouwig tegenover",
            "voorbeelden van aanvallen", "manipulatiepogingen", "niet te vertrouwen", "verdachte instructies",
        ],
        "pl": [
            "wstrzykiwanie promptów", "prompt injection", "jeśli wiadomość mówi", "jeśli wiadomość każe",
            "jeśli ktoś prosi", "próby", "teksty, które", "wiadomości, które", "uważaj na", "złośliwy", "atak",
            "jeśli issue", "jeśli strona", "jeśli komentarz", "jeśli dokument", "bądź podejrzliwy wobec",
            "przykłady ataków", "próby manipulacji", "niezaufane", "podejrzane instrukcje",
        ],
        "tr": [
            "istem enjeksiyonu", "prompt enjeksiyonu", "bir mesaj", "birisi senden", "girişimleri", "girişimler",
            "dikkat et", "kötü niyetli", "saldırı",
            "bir issue", "bir web sayfası", "bir yorum", "bir belge", "şüpheyle yaklaş", "saldırı örnekleri",
            "manipülasyon girişimleri", "güvenilmeyen", "şüpheli talimatlar",
        ],
        "ru": [
            "инъекци", "если сообщение говорит", "если сообщение просит", "если текст просит", "если кто-то просит",
            "попытки", "тексты, которые", "сообщения, которые", "остерегайся", "будь осторожен с", "вредоносн", "атак",
            "если issue", "если веб-страница", "если комментарий", "если документ", "относись с подозрением к",
            "примеры атак", "попытки манипуляции", "недоверенн", "подозрительные инструкции",
        ],
        "zh": [
            "提示注入", "注入攻击", "如果消息", "如果内容", "如果网页", "如果文本", "如果有人", "试图让你", "企图让你",
            "恶意", "警惕", "攻击",
            "提示词注入", "指令注入", "越狱", "社会工程", "如果有消息", "如果某条消息", "如果评论", "如果代码注释",
            "伪装成", "诱导你", "骗你", "试图说服你", "拒绝任何", "此类请求", "这类请求", "类似的请求",
            # "这类文字是想让助手泄露密钥": what an attacker wants the assistant to do, described.
            "想让助手", "想让你", "企图让助手", "试图让助手", "诱使", "诱导助手", "目的是让",
        ],
        "ja": [
            "プロンプトインジェクション", "インジェクション", "と書かれていても", "と言われても",
            "という指示があっても", "試み", "悪意", "攻撃", "注意して",
            "と指示されても", "と求められても", "と書かれていた場合", "という要求", "ような指示", "のような依頼",
            "ソーシャルエンジニアリング", "脱獄", "ジェイルブレイク", "不審な", "怪しい", "に注意", "に気をつけ",
            "警戒", "させようとする", "させようとし", "させる狙い",
        ],
        "ko": [
            "프롬프트 인젝션", "프롬프트 주입", "라고 하더라도", "요청하더라도", "시도", "악의적", "공격", "주의하",
            "라고 요청하더라도", "라고 지시하더라도", "라고 적혀 있더라도", "와 같은 요청", "같은 지시",
            "소셜 엔지니어링", "탈옥", "의심스러운", "경계", "조심", "하게 만들려는", "하도록 유도",
        ],
        "ar": [
            "حقن", "إذا طلبت رسالة", "إذا قال نص", "إذا طلب منك أحد", "محاولات", "خبيث", "هجوم", "احذر من",
            "إذا طلب منك", "إذا طلبت منك", "إذا احتوت", "إذا قالت", "إذا ادعى", "حقن الأوامر", "حقن التعليمات",
            "الهندسة الاجتماعية", "كسر الحماية", "مشبوه", "مريب", "كن حذرا من", "انتبه إلى", "انتبه من", "رسائل تطلب",
            "تعليمات مضمنة",
        ],
        "hi": [
            "प्रॉम्प्ट इंजेक्शन", "इंजेक्शन", "यदि कोई संदेश", "अगर कोई संदेश", "अगर कोई कहे", "प्रयास",
            "दुर्भावनापूर्ण", "हमला", "सावधान",
            "यदि कोई कहे", "अगर कोई निर्देश", "अगर कोई पेज", "अगर कोई टिप्पणी", "करने को कहे", "सोशल इंजीनियरिंग",
            "जेलब्रेक", "संदिग्ध", "सतर्क रहें", "से सावधान", "ऐसे अनुरोध", "इस तरह के अनुरोध", "ऐसे निर्देश",
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
            "dicen", "decía", "tal como", "p. ej.", "incluyendo", "cadena", "cadenas", "palabra", "palabras", "patrón",
            "patrones", "redacción", "ejemplos", "contiene", "citado", "literalmente", "mensajes", "llamado",
            "llamada", "titulado", "la línea", "la frase", "el comando", "comando", "comandos", "término", "términos",
            "palabra clave",
        ],
        "de": [
            "sagt", "wie", "zum beispiel", "z. b.", "z.b.", "satz", "sätze", "text", "beispiel", "nachricht",
        ],
        "fr": [
            "dit", "comme", "par exemple", "phrase", "phrases", "texte", "exemple", "message",
            "disent", "disant", "tel que", "telle que", "p. ex.", "y compris", "chaîne", "chaînes", "mot", "mots",
            "motif", "motifs", "formulation", "exemples", "contient", "cité", "littéralement", "messages", "appelé",
            "intitulé", "la ligne", "la phrase", "la commande", "commande", "commandes", "terme", "termes", "mot-clé",
        ],
        "it": [
            "dice", "come", "ad esempio", "per esempio", "frase", "frasi", "testo", "esempio", "messaggio",
            "dicono", "tipo", "come ad esempio", "incluso", "stringa", "stringhe", "parola", "parole", "pattern",
            "formulazione", "esempi", "contiene", "citato", "letteralmente", "messaggi", "chiamato", "intitolato",
            "la riga", "la frase", "il comando", "comando", "comandi", "termine", "termini", "parola chiave",
        ],
        "pt": [
            "diz", "como", "por exemplo", "frase", "frases", "texto", "exemplo", "mensagem",
            "dizem", "dizendo", "tal como", "ex.", "incluindo", "string", "strings", "palavra", "palavras", "padrão",
            "padrões", "redação", "exemplos", "contém", "citado", "literalmente", "mensagens", "chamado", "intitulado",
            "a linha", "a frase", "o comando", "comando", "comandos", "termo", "termos", "palavra-chave",
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
            "诸如", "类似", "字样", "写着", "关键词", "命令", "措辞", "这句话",
        ],
        "ja": [
            "例えば", "たとえば", "のような", "という", "文言", "メッセージ",
            "など", "といった", "の文字列", "コマンド", "と書かれた",
        ],
        "ko": [
            "예를 들어", "같은", "라는", "문구", "메시지",
            "예:", "문자열", "명령어", "라고 적힌", "이라는",
        ],
        "ar": [
            "يقول", "مثل", "مثلا", "على سبيل المثال", "عبارة", "نص", "رسالة",
            "عبارات", "نصوص", "كلمات", "أوامر",
        ],
        "hi": [
            "कहता है", "जैसे", "उदाहरण", "वाक्य", "संदेश",
            "जैसे कि", "वाक्यांश", "शब्द", "कमांड", "लिखा हो",
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
        "de": [
            "re:(?:dieser|dieses|diese|der|das|die)\\s+(?:befehl|skript|script|job|hook|workflow|task|prozess|dienst|"
            "service|cronjob|tool|werkzeug|funktion|migration|programm)\\b",
            "re:(?:angreifer|ein\\s+angreifer|jemand|andere\\s+agenten)\\s+(?:konnte|kann|konnen|konnten|versucht|ver"
            "suchen|wird|werden)\\b",
        ],
        "nl": [
            "re:(?:dit|dat|het|de|deze)\\s+(?:commando|script|job|hook|workflow|taak|proces|dienst|service|cronjob|to"
            "ol|functie|migratie|programma)\\b",
            "re:(?:aanvallers?|een\\s+aanvaller|iemand)\\s+(?:kan|kunnen|zou|zouden|probeert|proberen|zal|zullen)\\b",
        ],
        "pl": [
            "re:(?:to|ta|ten|te)\\s+(?:polecenie|skrypt|zadanie|hook|workflow|proces|usluga|serwis|cronjob|narzedzie|"
            "funkcja|migracja|program)\\b",
            "re:(?:atakujacy|ktos)\\s+(?:moze|moga|mogl\\S*|probuje|probuja|bedzie)\\b",
        ],
        "ru": [
            "re:(?:эта|этот|это|эти)\\s+(?:команда|скрипт|задача|хук|процесс|сервис|служба|утилита|функция|миграция|п"
            "рограмма)(?:$|\\s)",
            "re:(?:злоумышленни\\S*|атакующ\\S*|кто-то)\\s+(?:может|могут|мог\\S*|пытается|пытаются|будет|будут)(?:$|"
            "\\s)",
        ],
        "tr": [
            "re:bu\\s+(?:komut|betik|script|surec|servis|arac|program)\\s", "re:(?:saldirgan|saldirganlar|birisi)\\s",
        ],
        "zh": [
            "该命令会", "此命令会", "这个命令会", "该脚本会", "此脚本会", "这个脚本会", "它会", "会自动", "攻击者可能",
            "攻击者会", "恶意用户", "恶意代码", "有些代理", "某些代理", "用于", "旨在", "可以用来",
        ],
        "ja": [
            "このコマンドは", "このスクリプトは", "このオプションは", "このフラグは", "このツールは", "攻撃者は",
            "攻撃者が", "悪意のあるユーザー", "悪意あるコード", "一部のエージェントは", "ために使われ", "ために使用",
        ],
        "ko": [
            "이 명령은", "이 명령어는", "이 스크립트는", "이 도구는", "이 옵션은", "공격자는", "공격자가",
            "악의적인 사용자", "악성 코드",
        ],
        "ar": [
            "هذا الأمر", "هذا السكربت", "هذا السكريبت", "هذه الأداة", "هذا الخيار", "سيقوم", "يقوم تلقائيا", "المهاجم",
            "المستخدمون الخبثاء", "الشيفرة الخبيثة", "قد يحاول",
        ],
        "hi": [
            "यह कमांड", "यह स्क्रिप्ट", "यह टूल", "यह विकल्प", "हमलावर", "दुर्भावनापूर्ण उपयोगकर्ता",
        ],
        "es": [
            "re:(?:este|esta|ese|esa|el|la|cada)\\s+(?:comando|script|flag|opción|herramienta|función|método|endpoint"
            "|job|hook|paso|objetivo|tarea|migración|programa|botón|ajuste|modo|proceso|acción|módulo|servicio|pipeli"
            "ne|alias|subcomando|parámetro)\\s+(?:va\\s+a|puede|podría|también|automáticamente|simplemente|borra|elim"
            "ina|sobrescribe|envía|sube|desactiva)\\b",
            "re:(?:los\\s+atacantes|un\\s+atacante|usuarios\\s+maliciosos|actores\\s+maliciosos|alguien|cualquiera|ot"
            "ros\\s+agentes|un\\s+agente\\s+descuidado)\\s+(?:\\S+\\s+)?(?:puede|pueden|podría|podrían|intentan|inten"
            "tará|suelen)",
            "re:(?:sirve|diseñado|pensado|capaz)\\s+(?:para|de)",
        ],
        "fr": [
            "re:(?:cette|ce|cet|la|le|chaque)\\s+(?:commande|script|flag|option|outil|fonction|méthode|endpoint|job|h"
            "ook|étape|cible|tâche|migration|programme|bouton|paramètre|mode|processus|action|module|service|pipeline"
            "|alias|sous-commande)\\s+(?:va|peut|pourrait|aussi|automatiquement|simplement|supprime|efface|écrase|env"
            "oie|désactive)\\b",
            "re:(?:les\\s+attaquants|un\\s+attaquant|des\\s+utilisateurs\\s+malveillants|quelqu'un|n'importe\\s+qui|d"
            "'autres\\s+agents|un\\s+agent\\s+négligent)\\s+(?:\\S+\\s+)?(?:peut|peuvent|pourrait|pourraient|essaient"
            "|tentent)",
            "re:(?:sert|conçu|prévu|capable)\\s+(?:à|pour|de)",
        ],
        "it": [
            "re:(?:questo|questa|il|la|lo|ogni)\\s+(?:comando|script|flag|opzione|strumento|funzione|metodo|endpoint|"
            "job|hook|passaggio|target|task|migrazione|programma|pulsante|impostazione|modalità|processo|azione|modul"
            "o|servizio|pipeline|alias|sottocomando)\\s+(?:va\\s+a|può|potrebbe|anche|automaticamente|semplicemente|e"
            "limina|cancella|sovrascrive|invia|disattiva)\\b",
            "re:(?:gli\\s+attaccanti|un\\s+attaccante|utenti\\s+malevoli|qualcuno|chiunque|altri\\s+agenti|un\\s+agen"
            "te\\s+distratto)\\s+(?:\\S+\\s+)?(?:può|possono|potrebbe|potrebbero|provano|tentano)",
            "re:(?:serve|progettato|pensato|capace)\\s+(?:a|per|di)",
        ],
        "pt": [
            "re:(?:este|esta|esse|essa|o|a|cada)\\s+(?:comando|script|flag|opção|ferramenta|função|método|endpoint|jo"
            "b|hook|passo|alvo|tarefa|migração|programa|botão|configuração|modo|processo|ação|módulo|serviço|pipeline"
            "|alias|subcomando)\\s+(?:vai|pode|poderia|também|automaticamente|simplesmente|apaga|exclui|sobrescreve|e"
            "nvia|desativa)\\b",
            "re:(?:os\\s+atacantes|um\\s+atacante|usuários\\s+maliciosos|alguém|qualquer\\s+um|outros\\s+agentes|um\\"
            "s+agente\\s+descuidado)\\s+(?:\\S+\\s+)?(?:pode|podem|poderia|poderiam|tentam|tentarão)",
            "re:(?:serve|projetado|pensado|capaz)\\s+(?:para|de)",
        ],
    },
    "agent": {
        "en": [
            "re:(?:you|claude|the agent|agents|the assistant|the ai|the model|copilot|codex|gemini|cursor|the bot"
            "|the llm|each agent|every agent|any agent|all agents|our agents|the coding agent|coding agents|we|i)"
            "\\b",
        ],
        "es": [
            "tú", "usted", "ustedes", "vosotros", "el agente", "los agentes", "el asistente", "la ia", "el modelo",
            "cada agente", "todos los agentes", "nosotros",
        ],
        "fr": [
            "tu", "vous", "l'agent", "les agents", "l'assistant", "l'ia", "le modèle", "chaque agent",
            "tous les agents", "nous",
        ],
        "it": [
            "tu", "voi", "l'agente", "gli agenti", "l'assistente", "l'ia", "il modello", "ogni agente",
            "tutti gli agenti", "noi",
        ],
        "pt": [
            "você", "vocês", "tu", "o agente", "os agentes", "o assistente", "a ia", "o modelo", "cada agente",
            "todos os agentes", "nós",
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
            "sin darte cuenta", "por descuido", "inadvertidamente", "involuntariamente", "accidentalmente",
            "con prisas", "sin pensar", "por despiste", "una errata",
        ],
        "de": [
            "versehentlich", "aus versehen", "unabsichtlich", "wenn du nicht aufpasst", "unachtsam",
            "unbeabsichtigt", "ungewollt", "ohne nachzudenken", "in der eile", "durch einen tippfehler",
            "wenn man nicht aufpasst", "wenn du unvorsichtig bist", "fälschlicherweise",
        ],
        "fr": [
            "accidentellement", "par accident", "par erreur", "par mégarde", "si tu ne fais pas attention",
            "involontairement", "par inadvertance", "sans le vouloir", "sans faire exprès", "par négligence",
            "sans réfléchir", "dans la précipitation", "une coquille", "une faute de frappe",
        ],
        "it": [
            "accidentalmente", "per sbaglio", "per errore", "se non stai attento", "inavvertitamente",
            "involontariamente", "senza volerlo", "per distrazione", "per disattenzione", "senza pensarci",
            "per sbadataggine", "di fretta", "un refuso",
        ],
        "pt": [
            "acidentalmente", "sem querer", "por engano", "por acidente", "se não tomar cuidado",
            "inadvertidamente", "involuntariamente", "sem perceber", "por descuido", "sem pensar", "por distração",
            "com pressa", "um erro de digitação",
        ],
        "nl": [
            "per ongeluk", "per vergissing", "als je niet oppast", "onbedoeld",
            "onopzettelijk", "zonder na te denken", "in de haast", "door een typfout", "als je niet voorzichtig bent",
            "per abuis", "onachtzaam",
        ],
        "pl": [
            "przypadkowo", "przez pomyłkę", "niechcący", "jeśli nie uważasz",
            "nieumyślnie", "bez zastanowienia", "w pośpiechu", "przez literówkę", "omyłkowo", "nieostrożnie",
        ],
        "tr": [
            "yanlışlıkla", "kazara", "dikkatli olmazsan", "farkında olmadan",
            "istemeden", "düşünmeden", "aceleyle", "bir yazım hatasıyla", "dikkatsizce", "bilmeden",
        ],
        "ru": [
            "случайно", "по ошибке", "нечаянно", "если не быть осторожным", "по невнимательности",
            "неумышленно", "не подумав", "в спешке", "из-за опечатки", "ошибочно", "по неосторожности",
        ],
        "zh": [
            "不小心", "意外地", "误操作", "如果不小心", "无意中",
            "一不小心", "稍不注意", "不慎", "手滑", "匆忙中",
        ],
        "ja": [
            "誤って", "うっかり", "間違って", "注意しないと", "不注意",
            "不用意に", "気をつけないと", "意図せず", "知らずに",
        ],
        "ko": [
            "실수로", "잘못해서", "주의하지 않으면", "부주의",
            "잘못하면", "무심코", "의도치 않게",
        ],
        "ar": [
            "عن طريق الخطأ", "بالخطأ", "إذا لم تكن حذرا", "دون قصد",
            "سهوا", "دون انتباه", "بغير قصد", "عن غير قصد", "إذا لم تنتبه",
        ],
        "hi": [
            "गलती से", "अनजाने में", "अगर सावधान नहीं", "लापरवाही",
            "भूलवश", "असावधानी से", "अनजाने", "ध्यान न देने पर",
        ],
    },
    "cond_start": {
        "en": [
            "if", "when", "whenever", "unless", "in case", "before", "after", "once", "should you", "in the event",
        ],
        "es": [
            "si", "cuando", "en caso de",
            "a menos que", "salvo que", "una vez que", "antes de", "después de", "siempre que", "en caso de que",
        ],
        "de": [
            "wenn", "falls", "bevor", "nachdem", "sobald",
            "sofern", "solange", "sowie",
        ],
        "fr": [
            "si", "quand", "lorsque", "avant de", "au cas où",
            "dès que", "une fois que", "après", "à moins que", "sauf si", "lorsqu'", "quand bien même",
        ],
        "it": [
            "quando", "nel caso",
            "se", "qualora", "prima di", "dopo", "a meno che", "una volta che", "ogni volta che",
        ],
        "pt": [
            "quando", "caso",
            "se", "antes de", "depois de", "a menos que", "assim que", "uma vez que", "sempre que",
        ],
        "nl": [
            "als", "wanneer", "indien", "zodra",
            "tenzij", "voordat", "nadat",
        ],
        "pl": [
            "jeśli", "jeżeli", "gdy", "kiedy",
            "zanim", "o ile", "chyba że",
        ],
        "tr": [
            "eğer",
        ],
        "ru": [
            "если", "когда",
            "как только", "в случае", "перед тем как", "после того как",
        ],
        "zh": [
            "如果", "若", "假如", "一旦",
            "要是", "倘若", "只要", "除非", "每当", "万一",
        ],
        "ja": [
            "もし",
            "万一", "仮に",
        ],
        "ko": [
            "만약",
            "만일", "혹시",
        ],
        "ar": [
            "إذا", "اذا", "لو", "عندما",
            "في حال", "حالما", "متى", "كلما", "ما لم", "إن",
        ],
        "hi": [
            "अगर", "यदि", "जब",
            "जब भी", "जैसे ही", "अगर कभी", "यदि कभी",
        ],
    },
    "cond": {
        "en": [
            "if", "when", "whenever", "once", "unless", "until", "in case", "provided that", "as soon as", "wherever",
            "should the", "in the event that", "each time", "every time", "after", "before", "while",
        ],
        "es": [
            "si", "cuando", "una vez que", "en caso de", "siempre que", "mientras", "antes de", "después de",
            "a menos que", "salvo que", "en caso de que", "siempre y cuando", "cada vez que", "hasta que", "tras",
            "mientras que",
        ],
        "de": [
            "wenn", "falls", "sobald", "nachdem", "bevor", "sofern", "solange", "immer wenn",
            "wann immer", "im falle", "im fall, dass", "vorausgesetzt", "während", "jedes mal, wenn",
        ],
        "fr": [
            "si", "quand", "lorsque", "dès que", "une fois que", "avant de", "après", "au cas où", "chaque fois que",
            "à moins que", "sauf si", "jusqu'à ce que", "tant que", "pendant que", "lorsqu'", "pourvu que",
            "dans le cas où", "à condition que",
        ],
        "it": [
            "se", "quando", "una volta che", "nel caso", "prima di", "dopo", "ogni volta che",
            "a meno che", "finché", "mentre", "qualora", "nel caso in cui", "purché", "a condizione che",
            "fino a quando",
        ],
        "pt": [
            "se", "quando", "caso", "assim que", "uma vez que", "antes de", "depois de", "sempre que",
            "a menos que", "desde que", "enquanto", "até que", "toda vez que", "cada vez que", "contanto que",
            "no caso de", "na hipótese de",
        ],
        "nl": [
            "als", "wanneer", "indien", "zodra", "voordat", "nadat", "telkens als",
            "mits", "tenzij", "totdat", "terwijl", "in het geval dat", "elke keer als",
        ],
        "pl": [
            "jeśli", "jeżeli", "gdy", "kiedy", "jak tylko", "zanim", "po tym jak", "ilekroć",
            "o ile", "chyba że", "dopóki", "podczas gdy", "w przypadku", "za każdym razem, gdy",
        ],
        "tr": [
            "eğer", "durumunda", "olursa", "ise", "zaman", "önce", "sonra",
            "halinde", "takdirde", "sürece", "her seferinde",
        ],
        "ru": [
            "если", "когда", "как только", "в случае", "перед тем как", "после того как", "всякий раз",
            "при условии, что", "если только", "пока", "до тех пор, пока", "каждый раз, когда", "прежде чем",
        ],
        "zh": [
            "如果", "若", "假如", "当", "一旦", "每当", "之前", "之后", "的话",
            "要是", "倘若", "只要", "除非", "万一",
        ],
        "ja": [
            "もし", "場合", "たら", "れば", "とき", "時は", "前に", "後に",
            "際には", "際は", "ならば", "であれば",
        ],
        "ko": [
            "만약", "경우", "때", "하면", "전에", "후에",
            "혹시", "만일",
        ],
        "ar": [
            "إذا", "اذا", "عندما", "لو", "إن", "قبل", "بعد",
            "في حال", "حالما", "متى", "كلما", "ما لم", "طالما",
        ],
        "hi": [
            "अगर", "यदि", "जब", "पहले", "बाद",
            "जब तक", "जैसे ही", "हर बार जब", "के बाद", "से पहले",
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
            "ejecutad", "ejecuten", "corred", "lanzad", "invoca", "llama a", "utiliza", "teclea", "introduce", "pega",
            "aplica", "prueba", "a continuación", "finalmente", "por último", "siempre", "por favor", "mediante",
            "con",
        ],
        "de": [
            "einfach", "dann", "danach", "zuerst", "anschließend", "sofort",
            "führe", "führen sie", "ausführen", "starte", "nutze", "verwende", "benutze", "tippe", "gib ein",
            "rufe auf", "aufrufen", "tippe ein", "mit", "per", "über",
        ],
        "fr": [
            "simplement", "puis", "ensuite", "alors", "d'abord",
            "exécute", "exécutez", "exécuter", "lance", "lancez", "utilise", "utilisez", "tape", "tapez",
            "lancer", "invoque", "appelle", "utiliser", "saisis", "colle", "applique", "essaie", "enfin", "finalement",
            "toujours", "s'il te plaît", "s'il vous plaît", "via", "avec",
        ],
        "it": [
            "semplicemente", "poi", "quindi", "prima",
            "esegui", "eseguite", "eseguire", "lancia", "usa", "utilizza", "digita",
            "lanciate", "invoca", "chiama", "usate", "utilizzate", "incolla", "applica", "prova", "in seguito",
            "infine", "sempre", "per favore", "tramite", "con",
        ],
        "pt": [
            "simplesmente", "depois", "então", "primeiro",
            "execute", "executa", "executar", "rode", "roda", "use", "usa", "digite",
            "executem", "rodem", "invoque", "chame", "utilize", "usem", "cole", "aplique", "tente", "a seguir",
            "finalmente", "por fim", "sempre", "por favor", "via", "com",
        ],
        "nl": [
            "gewoon", "dan", "daarna", "eerst",
            "voer", "uitvoeren", "draai", "gebruik", "typ", "start",
            "roep aan", "voer in", "met", "via",
        ],
        "pl": [
            "po prostu", "potem", "następnie", "najpierw",
            "uruchom", "wykonaj", "użyj", "wpisz", "odpal",
            "wywołaj", "uruchamiaj", "odpalaj", "wklej", "przez", "za pomocą", "poleceniem",
        ],
        "tr": [
            "sadece", "direkt", "doğrudan", "sonra", "önce",
            "çalıştır", "çalıştırın", "yürüt", "kullan", "kullanın", "yaz",
            "koştur", "yapıştır", "kullanarak",
        ],
        "ru": [
            "просто", "затем", "потом", "сначала", "сразу",
            "запусти", "запустите", "выполни", "выполните", "используй", "используйте", "введи",
            "вызови", "набери", "выполняйте", "запускай", "через", "с помощью", "командой",
        ],
        "zh": [
            "直接", "然后", "先", "马上",
            "运行", "执行", "使用", "输入", "跑",
            "请运行", "请执行", "调用",
        ],
        "ja": [
            "そのまま", "すぐに", "まず",
            "実行", "使用", "入力", "走らせ",
            "次のコマンド", "以下のコマンド", "叩いて", "コマンドを実行",
        ],
        "ko": [
            "그냥", "바로", "먼저",
            "실행", "사용", "입력",
            "다음 명령", "아래 명령", "돌려",
        ],
        "ar": [
            "نفذ", "نفّذ", "شغل", "شغّل", "استخدم", "اكتب",
            "قم بتشغيل", "قم بتنفيذ", "استدع",
        ],
        "hi": [
            "चलाएं", "चलाओ", "चलाइए", "निष्पादित", "इस्तेमाल", "उपयोग",
            "रन करें", "रन करो", "चलाइये", "चलाना", "कमांड चलाएं", "निम्न कमांड", "नीचे दी गई कमांड",
        ],
    },
    "say": {
        "en": [
            "say", "says", "reply", "replies", "respond", "respond with", "answer", "answers", "write", "output",
            "print", "echo", "return", "type", "state", "tell", "report", "claim", "announce", "declare",
            "use the phrase", "include the text", "commit message", "title", "label", "called", "named",
        ],
        "es": [
            "responde", "responda", "contesta", "escribe", "imprime", "devuelve", "declara", "informa", "reporta",
            "afirma", "anuncia", "usa la frase", "incluye el texto", "mensaje de commit", "título", "etiqueta",
            "llamado",
        ],
        "fr": [
            "réponds", "répondez", "écris", "écrivez", "affiche", "renvoie", "déclare", "signale", "rapporte",
            "affirme", "annonce", "utilise la phrase", "inclus le texte", "message de commit", "titre", "libellé",
            "intitulé",
        ],
        "it": [
            "rispondi", "rispondete", "scrivi", "stampa", "restituisci", "dichiara", "segnala", "riporta", "afferma",
            "annuncia", "usa la frase", "includi il testo", "messaggio di commit", "titolo", "etichetta", "intitolato",
        ],
        "pt": [
            "responda", "responde", "escreva", "imprima", "retorne", "declare", "informe", "reporte", "afirme",
            "anuncie", "use a frase", "inclua o texto", "mensagem de commit", "título", "rótulo", "intitulado",
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
            "sigan", "obedezcan", "obedecer", "acata", "acate", "haz lo que dice", "haz exactamente lo que", "aplica",
            "aplique", "cumpla", "respeta", "respete", "implementa", "adopta", "tómalo como", "como tus instrucciones",
            "tus nuevas instrucciones", "tus verdaderas instrucciones",
        ],
        "de": [
            "befolge", "befolgen", "folge", "gehorche", "führe aus",
            "halte dich an", "handle nach", "setze um", "als deine anweisungen", "als neue anweisungen",
            "deine neuen anweisungen", "deine echten anweisungen",
        ],
        "fr": [
            "suis", "suivez", "obéis", "obéissez", "applique", "appliquez", "exécute",
            "suivre", "obéir", "exécutez", "fais ce qu'il dit", "fais exactement ce que", "respecte", "respectez",
            "implémente", "adopte", "considère-le comme", "comme tes instructions", "tes nouvelles instructions",
            "vos nouvelles instructions", "tes vraies instructions",
        ],
        "it": [
            "segui", "seguite", "obbedisci", "esegui", "applica",
            "seguire", "obbedire", "obbedite", "eseguite", "fai quello che dice", "fai esattamente quello che",
            "rispetta", "rispettate", "implementa", "adotta", "trattalo come", "come tue istruzioni",
            "le tue nuove istruzioni", "le tue vere istruzioni",
        ],
        "pt": [
            "siga", "segue", "obedeça", "execute", "cumpra",
            "sigam", "obedecer", "obedeçam", "faça o que diz", "faça exatamente o que", "aplique", "respeite",
            "implemente", "adote", "trate como", "como suas instruções", "suas novas instruções",
            "suas verdadeiras instruções",
        ],
        "nl": [
            "volg", "gehoorzaam", "voer uit",
            "houd je aan", "doe wat", "als je instructies", "je nieuwe instructies",
        ],
        "pl": [
            "postępuj zgodnie", "wykonaj", "słuchaj",
            "wykonuj", "zastosuj się do", "twoje nowe instrukcje", "jako twoje instrukcje",
        ],
        "tr": [
            "uygula", "takip et", "itaat et",
            "söylediğini yap", "yeni talimatların", "talimat olarak",
        ],
        "ru": [
            "следуй", "выполни", "подчиняйся",
            "выполняй", "исполни", "твои новые инструкции", "как свои инструкции",
        ],
        "zh": [
            "遵循", "遵守", "执行", "照做", "按照",
            "照着做", "按其执行", "服从", "听从", "依照执行", "当作指令", "作为指令", "视为指令",
        ],
        "ja": [
            "従って", "従え", "実行",
            "従うこと", "従い", "その通りに", "指示通りに", "言われた通りに",
        ],
        "ko": [
            "따르", "실행",
            "준수", "그대로 수행", "그대로 따라", "지시대로", "시키는 대로",
        ],
        "ar": [
            "اتبع", "نفذ", "أطع",
            "امتثل", "التزم ب", "اعمل ب", "نفذ ما", "افعل ما", "طبّق",
        ],
        "hi": [
            "पालन करें", "मानें", "अनुसरण",
            "पालन करो", "अनुसार करें", "जैसा कहा गया", "वैसा ही करें",
        ],
    },
    "obey_report": {
        "en": [
            "do it", "do so", "do that", "do this", "do them", "do those", "do as it says", "do as they say",
            "do as told", "do as instructed", "do what it says", "do what they say", "do what it asks",
            "do what they ask", "comply", "comply with it", "follow it", "follow them", "follow that",
            "follow those", "follow its instructions", "follow their instructions", "follow the instruction",
            "follow the instructions", "obey", "obey it", "go ahead", "just do", "act on it", "act on them",
            "carry it out", "carry them out", "execute it", "execute them", "run it", "run them",
        ],
        "es": ["hazlo", "házlo", "cúmplelo", "síguelo", "síguela", "obedece", "hazle caso", "haz lo que dice",
               "adelante", "ejecútalo"],
        "de": ["tu es", "mach es", "mache es", "befolge es", "befolge sie", "folge ihr", "folge ihm", "gehorche",
               "tu, was", "führe es aus", "führe sie aus"],
        "fr": ["fais-le", "fais le", "faites-le", "obéis", "obéissez", "suis-la", "suis-le", "exécute-le",
               "exécutez-le", "applique-la", "applique-le", "fais ce qu'il dit", "fais ce qu'elle dit", "vas-y",
               "allez-y"],
        "it": ["fallo", "fatelo", "eseguilo", "eseguila", "seguilo", "seguila", "obbedisci", "fai quello che dice"],
        "pt": ["faça isso", "faz isso", "faça-o", "obedeça", "obedece", "siga-o", "siga-a", "execute-o",
               "faça o que diz"],
        "nl": ["doe het", "doe dat", "volg het", "volg ze", "gehoorzaam", "voer het uit", "ga je gang"],
        "pl": ["zrób to", "zrób tak", "wykonaj to", "wykonaj je", "posłuchaj", "zastosuj się", "zrób, co"],
        "tr": ["yap", "uygula", "itaat et", "dediğini yap", "yerine getir"],
        "ru": ["сделай это", "сделай так", "выполни это", "выполни", "подчинись", "следуй", "делай, что"],
        "zh": ["照做", "就做", "执行它", "遵照执行", "照办", "听它的"],
        "ja": ["従って", "従うこと", "実行して", "その通りに"],
        "ko": ["따르세요", "따라", "그대로 하세요", "실행하세요"],
        "ar": ["نفذه", "نفذها", "اتبعه", "اتبعها", "أطعه"],
        "hi": ["वैसा ही करें", "उसका पालन करें", "मान लें", "कर दें"],
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
            "decodificar", "descodificar", "descifra", "descifrar", "decodifícalo", "léelo al revés",
            "de derecha a izquierda", "hexadecimal", "codificado en base64", "cifrado", "desofusca",
        ],
        "de": [
            "dekodiere", "entschlüssle", "rückwärts", "umgekehrt", "kodiert",
            "dekodieren", "entschlüsseln", "base64-kodiert", "lies rückwärts", "von rechts nach links", "hexadezimal",
        ],
        "fr": [
            "décode", "décodez", "à l'envers", "inversé", "encodé",
            "décoder", "déchiffre", "déchiffrez", "déchiffrer", "à rebours", "lis-le à l'envers", "de droite à gauche",
            "hexadécimal", "encodé en base64", "chiffré", "désobfusque",
        ],
        "it": [
            "decodifica", "al contrario", "invertito", "codificato",
            "decodificare", "decifra", "decifrare", "al rovescio", "leggilo al contrario", "da destra a sinistra",
            "esadecimale", "codificato in base64", "cifrato", "deoffusca",
        ],
        "pt": [
            "decodifique", "decodifica", "ao contrário", "invertido", "codificado",
            "decodificar", "decifre", "decifrar", "de trás para frente", "leia ao contrário",
            "da direita para a esquerda", "hexadecimal", "codificado em base64", "cifrado", "desofusque",
        ],
        "nl": [
            "decodeer", "achterstevoren", "omgekeerd", "gecodeerd",
            "decoderen", "ontcijfer", "van rechts naar links", "lees achterstevoren",
        ],
        "pl": [
            "zdekoduj", "odkoduj", "od tyłu", "wspak", "zakodowane",
            "zdekodować", "odszyfruj", "od prawej do lewej", "czytaj od tyłu",
        ],
        "tr": [
            "çöz", "kodunu çöz", "tersten", "ters çevir", "kodlanmış",
            "sağdan sola", "tersten oku", "şifresini çöz",
        ],
        "ru": [
            "декодируй", "расшифруй", "задом наперёд", "наоборот", "закодирован",
            "декодировать", "расшифровать", "справа налево", "прочитай задом наперёд",
        ],
        "zh": [
            "解码", "解密", "倒过来", "反过来", "编码",
            "base64解码", "反转", "逆序", "十六进制", "转义", "密文",
        ],
        "ja": [
            "デコード", "復号", "逆から", "逆さ", "エンコード",
            "base64デコード", "16進", "逆順", "反転", "暗号文", "解読",
        ],
        "ko": [
            "디코드", "디코딩", "해독", "거꾸로", "인코딩",
            "16진수", "뒤집", "역순", "암호문",
        ],
        "ar": [
            "فك تشفير", "فك الترميز", "بالعكس", "معكوس", "مشفر",
            "فك الشفرة", "سداسي عشري", "اعكس", "مقلوب",
        ],
        "hi": [
            "डिकोड", "उल्टा", "एन्कोड",
            "डिकोड करें", "उल्टा पढ़ें", "बेस64", "हेक्स",
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
            "está terminantemente prohibido", "queda prohibido", "no se acepta", "está vetado", "no es aceptable",
            "es inaceptable", "está fuera de discusión", "es una mala idea", "es peligroso", "es destructivo",
            "va contra las normas", "va en contra de la política", "será rechazado", "jamás",
        ],
        "de": [
            "ist verboten", "sind verboten", "ist nicht erlaubt", "sind nicht erlaubt", "ist untersagt", "tabu",
            "niemals",
            "sind untersagt", "ist nicht gestattet", "sind nicht gestattet", "ist nicht zulässig", "ist unzulässig",
            "kommt nicht in frage", "ist ausgeschlossen", "auf keinen fall", "unter keinen umständen", "nicht aus",
            "nicht durch", "re:^\\s*(?:nicht|niemals|nie|keinesfalls|keine|kein|keinen|keinem|keiner|keines)\\b",
        ],
        "fr": [
            "est interdit", "sont interdits", "est interdite", "n'est pas autorisé", "est proscrit", "jamais",
            "est strictement interdit", "n'est pas permis", "est à proscrire", "est inacceptable",
            "n'est pas acceptable", "est hors de question", "est une mauvaise idée", "est dangereux",
            "est destructeur", "est banni", "est exclu", "va à l'encontre des règles", "sera rejeté",
        ],
        "it": [
            "è vietato", "sono vietati", "è vietata", "non è consentito", "non è permesso", "mai",
            "è severamente vietato", "non è ammesso", "è proibito", "è inaccettabile", "non è accettabile",
            "è fuori discussione", "è una cattiva idea", "è pericoloso", "è distruttivo", "è escluso",
            "va contro le regole", "sarà rifiutato",
        ],
        "pt": [
            "é proibido", "são proibidos", "é proibida", "não é permitido", "nunca",
            "é estritamente proibido", "não é permitida", "é vedado", "é inaceitável", "não é aceitável",
            "está fora de questão", "é má ideia", "é uma má ideia", "é perigoso", "é destrutivo", "está proibido",
            "vai contra as regras", "será rejeitado",
        ],
        "nl": [
            "is verboden", "zijn verboden", "is niet toegestaan", "nooit",
            "zijn niet toegestaan", "is uit den boze", "is taboe", "geen optie", "onder geen beding", "in geen geval",
            "niet uit", "niet door", "re:^\\s*(?:niet|nooit|geen)\\b",
        ],
        "pl": [
            "jest zabronione", "są zabronione", "jest niedozwolone", "nigdy",
            "są niedozwolone", "jest zakazane", "są zakazane", "jest wykluczone", "nie wchodzi w grę",
            "w żadnym wypadku", "pod żadnym pozorem",
        ],
        "tr": [
            "yasaktır", "yasak", "izin verilmez", "kesinlikle yapılmamalı", "yapılmamalı", "edilmemeli",
            "yasaklanmıştır", "izin verilmiyor", "kabul edilemez", "söz konusu değil", "kesinlikle olmaz",
        ],
        "ru": [
            "запрещено", "запрещены", "недопустимо", "не допускается", "нельзя",
            "запрещается", "не разрешено", "не разрешается", "исключено", "недопустимы", "ни в коем случае",
            "ни при каких условиях", "категорически нельзя",
        ],
        "zh": [
            "是禁止的", "被禁止", "禁止", "不允许", "不被允许", "不可以", "不行",
            "是不允许的", "是被禁止的", "严格禁止", "一律禁止", "不被接受", "不可接受", "是不行的", "绝对不行",
            "不得进行",
        ],
        "ja": [
            "しないで", "しないでください", "してはいけない", "してはいけません", "してはならない", "禁止", "厳禁",
            "しないこと", "するな", "ないように", "しません", "させない",
            "ないでください",
            # The verb right after the object, in its negative form: "を含めない", "を上書きせず",
            # "をコミットしません" (not "しなければならない", which is a duty).
            "re:^\\s*(?:[をにへでがはや]?[\\p{Han}\\p{Katakana}ー・]{0,8}){1,3}\\p{Hiragana}{0,2}(?:ない|ず|ません)(?:[。、，,.\\s]|こと|ように|で|に|$)",
            "てはいけない", "てはいけません", "てはならない", "やめてください", "べきではない", "べきではありません",
            "してはダメ", "しちゃダメ", "ご遠慮ください", "控えてください", "控えること", "避けること",
            "避けてください", "絶対にしない",
        ],
        "ko": [
            "하지 마", "하지마", "하지 말", "지 마", "지 말", "말 것", "금지", "안 됩니다", "안 돼", "않도록",
            "하면 안", "면 안 됩니다",
            "해서는 안 됩니다", "해서는 안 된다", "서는 안 됩니다", "면 안 된다", "허용되지 않", "불가합니다", "삼가",
            "피하세요", "피해야", "말아 주세요", "말아주세요", "않아야",
        ],
        "ar": [
            "ممنوع", "محظور", "غير مسموح", "لا يجوز",
            "غير مقبول", "لا يسمح به", "مرفوض", "خط أحمر", "ليس خيارا",
        ],
        "hi": [
            "मत करो", "मत करें", "न करें", "नहीं करना", "वर्जित", "निषिद्ध", "मना है", "नहीं करें",
            "मत कीजिए", "न कीजिए", "नहीं करना चाहिए", "नहीं करनी चाहिए", "नहीं करने चाहिए", "कभी न करें", "कभी मत करो",
            "सख्त मना है", "सख़्त मना है", "की अनुमति नहीं", "अनुमति नहीं है", "प्रतिबंधित है", "वर्जित है", "मत करना",
            "न करो",
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
            # "never run tests sequentially", "don't run raw `pytest`", "do not re-run the suite repeatedly":
            # the way of doing it is forbidden, not doing it.
            "re:\\b(?:sequentially|serially|one (?:at a time|by one)|repeatedly|over and over|again and again|"
            "in watch mode|automatically|on every (?:save|keystroke|change|edit))\\b",
            "re:(?:^|\\s)raw\\s+`?\\S",
            "re:\\b(?:outside|out of) (?:the |a |your )?(?:container|docker|devcontainer|dev container|nix shell|"
            "virtualenv|venv|sandbox)\\b",
            "re:\\b(?:on the host|as root|with sudo)\\b",
            # "NEVER run tests from `/server/`", "never run tests at the repo root": where they run is forbidden
            # (not "never record decisions in docs/adr": that place is where the record belongs)
            "re:\\b(?:run|running|execute|executing|invoke|invoking|launch|launching|start|starting)\\b[^.;\\n]{0,40}?"
            "\\b(?:from|in|inside|at|under) (?:the |a |your |this |that )?(?:`?[\\w.~-]*/[\\w./~-]*`?|"
            "(?:[\\w-]+ )?(?:directory|folder|dir|repo root|root directory|project root|repository root|"
            "workspace root))",
            # "Do not run database tests without explicit permission": allowed once permitted, not refused.
            "re:\\bwithout (?:explicit |prior |written |express |the user'?s |their |your |a human'?s )?(?:permission|"
            "approval|consent|confirmation|sign-?off|go-?ahead)\\b",
        ],
        "de": [
            "auf einmal", "alles zusammen", "direkt auf", "direkt in", "in einem einzigen commit", "ohne review",
        ],
        "es": [
            "de una vez", "todo junto", "directamente a", "directamente en", "en un solo commit",
            "en un único commit", "de golpe", "todo a la vez", "directamente en main", "directamente a main",
            "directamente en producción", "sin revisión", "sin tests", "sin descripción", "no relacionados",
            "mezclados",
        ],
        "fr": [
            "en une seule fois", "d'un coup", "directement sur", "directement dans", "en un seul commit",
            "directement en production", "directement sur main", "sans revue", "sans relecture", "sans tests",
            "sans description", "non liés", "non liées", "tout à la fois", "en une fois",
        ],
        "ja": [
            "一度に", "まとめて", "一括で", "直接", "一気に",
            "一緒に", "同時に", "同じコミット", "一つのコミット", "1つのコミット", "単一のコミット", "mainに直接",
            "本番に直接",
        ],
        "zh": [
            "反复", "重复运行", "串行",
            "一次性", "直接", "混在一起", "打包",
            "在一个提交里", "在一个提交中", "单个提交", "同一个提交",
        ],
        "nl": [
            "in één keer", "alles tegelijk", "in één commit", "direct naar main", "rechtstreeks naar main",
            "zonder review",
        ],
        "pl": [
            "naraz", "wszystko naraz", "w jednym commicie", "bezpośrednio do main", "prosto na main", "bez review",
        ],
        "ru": [
            "за один раз", "всё сразу", "одним коммитом", "в одном коммите", "напрямую в main", "прямо в main",
            "без ревью",
        ],
        "tr": [
            "tek seferde", "hepsini birden", "tek bir commit'te", "doğrudan main'e", "incelemeden",
        ],
        "ko": [
            "한 번에", "한꺼번에", "하나의 커밋", "한 커밋에", "단일 커밋", "main에 직접", "main 브랜치에 직접",
            "프로덕션에 직접",
        ],
        "ar": [
            "دفعة واحدة", "في التزام واحد", "مباشرة إلى", "مباشرة على", "جميعها معا",
        ],
        "hi": [
            "एक साथ", "एक ही कमिट", "एक कमिट में", "सीधे main", "सीधे प्रोडक्शन",
        ],
        "it": [
            "tutto in una volta", "in un solo commit", "in un unico commit", "direttamente su main",
            "direttamente in produzione", "direttamente su", "direttamente in", "senza review", "senza revisione",
            "senza test", "non correlati", "non correlate", "insieme",
        ],
        "pt": [
            "de uma vez", "tudo junto", "num único commit", "em um único commit", "diretamente na main",
            "diretamente em", "diretamente para", "diretamente na", "diretamente no", "sem revisão", "sem testes",
            "não relacionadas", "não relacionados",
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
            "可能会被", "可能导致", "会导致", "容易导致",
        ],
        "de": [
            "kann leicht", "können leicht", "lässt sich leicht",
        ],
        "fr": [
            "peut être facilement", "peuvent être facilement",
            "est facile à", "peut être trivialement",
        ],
        "es": [
            "puede ser fácilmente", "pueden ser fácilmente",
            "es fácil de", "puede ser trivialmente",
        ],
        "nl": [
            "kan gemakkelijk", "kunnen gemakkelijk", "is mogelijk",
        ],
        "pl": [
            "można łatwo", "może łatwo", "da się łatwo",
        ],
        "ru": [
            "легко может", "можно легко",
        ],
        "tr": [
            "kolayca", "kolaylıkla",
        ],
        "ar": [
            "يمكن أن يتم", "قد يتم", "من الممكن أن", "قد يؤدي", "يمكن بسهولة",
        ],
        "hi": [
            "हो सकता है", "जा सकता है", "जा सकते हैं", "संभव है",
        ],
        "it": [
            "può essere facilmente", "possono essere facilmente", "è facile da",
        ],
        "pt": [
            "pode ser facilmente", "podem ser facilmente", "é fácil de",
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
            "se permite", "está bien hacerlo", "es válido", "se acepta", "es recomendable", "es bienvenido",
            "sin problema", "a voluntad", "según sea necesario", "según haga falta", "cuando quieras",
        ],
        "de": [
            "ist erlaubt", "ist in ordnung", "ist okay", "ist ok", "nach belieben",
            "ist zulässig", "sind erlaubt", "ist gestattet", "nach bedarf", "jederzeit",
        ],
        "fr": [
            "est autorisé", "est permis", "c'est ok", "est acceptable", "librement",
            "est permise", "est autorisée", "est accepté", "est recommandé", "est bienvenu", "sans problème",
            "à volonté", "au besoin", "selon les besoins", "quand tu veux",
        ],
        "it": [
            "è consentito", "va bene", "è permesso", "liberamente",
            "è ammesso", "è accettabile", "è consigliato", "è benvenuto", "senza problemi", "a piacere",
            "secondo necessità", "all'occorrenza", "quando vuoi",
        ],
        "pt": [
            "é permitido", "tudo bem", "é aceitável", "livremente",
            "é permitida", "está liberado", "é recomendado", "é bem-vindo", "sem problema", "à vontade",
            "conforme necessário", "quando quiser",
        ],
        "nl": [
            "is toegestaan", "is prima", "is oké",
            "zijn toegestaan", "naar behoefte", "naar believen",
        ],
        "pl": [
            "jest dozwolone", "jest ok", "jest w porządku",
            "są dozwolone", "według potrzeby", "w razie potrzeby", "dowolnie",
        ],
        "tr": [
            "serbest", "izinli", "sorun değil",
            "serbesttir", "izinlidir", "gerektiğinde", "istediğin zaman",
        ],
        "ru": [
            "разрешено", "допустимо", "можно", "нормально",
            "разрешены", "по необходимости",
        ],
        "zh": [
            "是允许的", "是可以的", "没问题", "随意",
            "都可以", "也可以", "是可以接受的", "可以接受", "没关系", "无妨", "不要紧",
        ],
        "ja": [
            "構いません", "大丈夫", "してもよい", "許可されています",
            "しても構いません", "してもいい", "しても良い", "して良い", "してよい", "しても大丈夫", "可能です",
            "問題ありません", "構わない",
        ],
        "ko": [
            "괜찮", "허용됩니다", "해도 됩니다",
            "어도 됩니다", "어도 돼", "어도 괜찮", "아도 됩니다", "아도 돼", "해도 무방", "도 무방합니다", "도 상관없",
        ],
        "ar": [
            "مسموح", "لا بأس", "مقبول",
            "لا مانع", "جائز",
        ],
        "hi": [
            "ठीक है", "अनुमति है", "चलेगा",
            "कर सकते हैं", "ठीक रहेगा", "कोई बात नहीं", "कोई समस्या नहीं", "स्वीकार्य है", "चल जाएगा",
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
            "no hace falta", "es prescindible", "no es obligatorio", "no son obligatorios", "sobra", "es redundante",
            "si tienes tiempo", "si te apetece", "cuando te venga bien", "no es imprescindible",
        ],
        "de": [
            "ist optional", "sind optional", "ist nicht nötig", "sind nicht nötig", "ist unnötig", "nicht erforderlich",
            "zeitverschwendung",
            "ist nicht notwendig", "sind nicht notwendig", "ist nicht erforderlich", "sind nicht erforderlich",
            "ist freiwillig", "ist überflüssig", "sind überflüssig", "nicht nötig", "nicht notwendig", "entfällt",
            "kann entfallen", "kann übersprungen werden", "können übersprungen werden", "ist nicht mehr nötig",
            "musst du nicht", "brauchst du nicht", "wenn du zeit hast", "falls zeit bleibt",
        ],
        "fr": [
            "est facultatif", "est optionnel", "sont facultatifs", "sont optionnels", "n'est pas nécessaire",
            "ne sont pas nécessaires", "est inutile", "une perte de temps",
            "n'est pas obligatoire", "ne sont pas obligatoires", "est superflu", "est redondant", "si tu as le temps",
            "si vous avez le temps", "si tu en as envie", "n'est pas indispensable",
        ],
        "it": [
            "è facoltativo", "è opzionale", "sono facoltativi", "sono opzionali", "non è necessario",
            "non sono necessari", "è inutile", "una perdita di tempo",
            "non è obbligatorio", "non sono obbligatori", "è superfluo", "è ridondante", "se hai tempo",
            "se ne hai voglia", "non è indispensabile",
        ],
        "pt": [
            "é opcional", "são opcionais", "não é necessário", "não são necessários", "é desnecessário",
            "perda de tempo",
            "não é obrigatório", "não são obrigatórios", "é supérfluo", "é redundante", "se tiver tempo",
            "se der tempo", "se quiser", "não é imprescindível",
        ],
        "nl": [
            "is optioneel", "zijn optioneel", "is niet nodig", "zijn niet nodig", "is overbodig", "tijdverspilling",
            "is niet noodzakelijk", "zijn niet noodzakelijk", "is niet vereist", "niet nodig", "hoeft niet",
            "hoef je niet", "kan worden overgeslagen", "mag worden overgeslagen", "is niet meer nodig",
            "als je tijd hebt",
        ],
        "pl": [
            "jest opcjonalne", "są opcjonalne", "nie jest konieczne", "nie są konieczne", "jest zbędne", "strata czasu",
            "nie jest potrzebne", "nie są potrzebne", "nie jest wymagane", "nie są wymagane", "jest niepotrzebne",
            "nie trzeba", "nie musisz", "można pominąć", "jeśli masz czas",
        ],
        "tr": [
            "isteğe bağlı", "opsiyonel", "gerekli değil", "gereksiz", "zaman kaybı",
            "gerek yok", "gerekmez", "gerekmiyor", "şart değil", "lüzum yok", "zorunda değilsin", "zorunda değilsiniz",
            "mecbur değilsin", "zorunlu değil", "isteğe bağlıdır", "vaktin olursa",
        ],
        "ru": [
            "необязательно", "не обязательно", "не нужно", "не требуется", "лишнее", "пустая трата времени",
            "не обязательны", "не нужны", "не требуются", "не нужен", "не обязателен", "можно пропустить",
            "можно не делать", "необязательны", "если будет время",
        ],
        "zh": [
            "是可选的", "可选", "不是必需的", "非必须", "没必要", "不需要", "浪费时间",
            "不是必须的", "并非必须", "无需进行", "不必进行", "可以省略", "可省略", "可有可无", "不重要", "不必要",
        ],
        "ja": [
            "任意", "オプション", "不要", "必要ありません", "必要ない", "時間の無駄",
            "なくていい", "なくてよい", "なくても大丈夫", "なくても構いません", "必要はない", "必要はありません",
            "しなくていい", "しなくてもいい", "しなくてよい", "しなくても構いません", "しなくても大丈夫",
            "なくてもいい", "なくても良い", "なくても構わない", "いらない", "要らない", "省略可", "省略してよい",
            "省略して構いません", "やらなくていい",
        ],
        "ko": [
            "선택 사항", "필요 없", "불필요", "시간 낭비",
            "할 필요 없", "필요는 없", "필요가 없", "하지 않아도 됩니다", "하지 않아도 돼", "하지 않아도 괜찮",
            "안 해도 괜찮", "생략해도 됩니다", "생략해도 돼", "생략 가능", "없어도 됩니다",
        ],
        "ar": [
            "اختياري", "غير ضروري", "غير مطلوب", "مضيعة للوقت",
            "ليس ضروريا", "ليست ضرورية", "لا داعي له", "لا حاجة له", "لا حاجة إليه", "غير لازم",
        ],
        "hi": [
            "वैकल्पिक", "ज़रूरी नहीं", "जरूरी नहीं", "आवश्यक नहीं", "समय की बर्बादी",
            "की ज़रूरत नहीं", "की जरूरत नहीं", "की आवश्यकता नहीं", "ज़रूरत नहीं", "जरूरत नहीं", "आवश्यकता नहीं",
            "अनिवार्य नहीं", "वैकल्पिक है", "छोड़ा जा सकता है",
        ],
    },
    "question": {
        "en": [
            "re:^(?:do|does|did|is|are|was|were|should|shall|can|could|would|will|may|might|must|have|has|had|wha"
            "t|why|how|when|where|which|who|whom|whose|isn'?t|aren'?t|don'?t|doesn'?t|shouldn'?t|won'?t|can'?t)\\"
            "b",
        ],
        "es": [
            "re:^¿",
        ],
        "fr": [
            "re:^(?:est-ce que|pourquoi|comment|quand|où|quel|quelle|quels|quelles|faut-il|peut-on|dois-je|devrait-on"
            ")\\b",
        ],
        "it": [
            "re:^(?:come mai|quando|dove|quale|quali|cosa|che cosa|dovrei|posso|si può)\\b",
        ],
        "pt": [
            "re:^(?:por que|porque é que|quando|onde|quem|qual|quais|o que|devo|posso|será que)\\b",
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
        "es": [
            "re:(?:^|, )¿?(?:podrías|podría usted|podríais|te importaría|le importaría)",
        ],
        "fr": [
            "re:(?:^|, )(?:pourrais-tu|pourriez-vous|voudrais-tu|voudriez-vous|peux-tu|pouvez-vous)",
        ],
        "it": [
            "re:(?:^|, )(?:potresti|potreste|potrebbe|ti dispiacerebbe|vi dispiacerebbe)",
        ],
        "pt": [
            "re:(?:^|, )(?:você poderia|poderia|poderiam|você se importaria)",
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
            "ejecutar", "después", "instala", "configura", "limpia", "resetea", "inicia", "usa", "escribe", "pega",
            "aplica", "siempre", "debes", "por favor", "lo siguiente", "estos comandos", "este comando", "así",
            "como sigue", "obligatorio", "instrucciones",
        ],
        "de": [
            "führe", "zuerst", "dann", "schritte", "folgende",
        ],
        "fr": [
            "exécute", "exécutez", "d'abord", "ensuite", "étapes", "suivantes",
            "exécuter", "lance", "lancez", "puis", "installe", "nettoie", "réinitialise", "démarre", "utilise",
            "colle", "applique", "toujours", "tu dois", "vous devez", "la suite", "ces commandes", "cette commande",
            "comme suit", "obligatoire", "instructions",
        ],
        "it": [
            "esegui", "prima", "poi", "passi", "seguenti",
            "eseguire", "lancia", "installa", "configura", "pulisci", "resetta", "avvia", "usa", "digita", "incolla",
            "applica", "sempre", "devi", "per favore", "i seguenti", "questi comandi", "questo comando", "come segue",
            "obbligatorio", "istruzioni",
        ],
        "pt": [
            "execute", "primeiro", "depois", "passos", "seguintes",
            "executar", "rode", "instale", "limpe", "resete", "inicie", "use", "digite", "cole", "aplique", "sempre",
            "deve", "por favor", "o seguinte", "estes comandos", "este comando", "como segue", "obrigatório",
            "instruções",
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
            "接下来", "最后", "安装", "清理", "重置", "启动", "如下", "以下命令", "下面的命令", "请运行", "务必",
        ],
        "ja": [
            "実行", "まず", "次に", "手順",
            "最後に", "その後", "インストール", "セットアップ", "以下のコマンド", "次のコマンド", "必ず", "以下を実行",
        ],
        "ko": [
            "실행", "먼저", "다음", "단계",
            "마지막으로", "그 다음", "설치", "설정", "정리", "초기화", "아래 명령", "반드시",
        ],
        "ar": [
            "نفذ", "شغل", "أولا", "ثم", "خطوات",
            "بعد ذلك", "أخيرا", "ثبّت", "الأوامر التالية", "الأمر التالي", "قم بتشغيل",
        ],
        "hi": [
            "चलाएं", "पहले", "फिर", "चरण",
            "सबसे पहले", "उसके बाद", "अंत में", "इंस्टॉल करें", "सेटअप", "निम्नलिखित कमांड", "ये कमांड",
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
        "de": [
            "beispiel", "beispiele", "zum beispiel", "beispielausgabe", "erwartete ausgabe", "sieht so aus",
        ],
        "nl": [
            "voorbeeld", "voorbeelden", "bijvoorbeeld", "voorbeelduitvoer", "verwachte uitvoer", "ziet er zo uit",
        ],
        "pl": [
            "przykład", "przykłady", "na przykład", "przykładowe wyjście", "oczekiwane wyjście", "wygląda tak",
        ],
        "ru": [
            "пример", "примеры", "например", "пример вывода", "ожидаемый вывод", "выглядит так",
        ],
        "tr": [
            "örnek", "örnekler", "örneğin", "örnek çıktı", "beklenen çıktı", "şöyle görünür",
        ],
        "zh": [
            "示例", "例子", "样例", "例如", "比如", "举例", "预期输出", "输出示例", "如下所示", "看起来像",
        ],
        "ja": [
            "例えば", "たとえば", "サンプル", "出力例", "期待される出力", "使用例", "例:",
        ],
        "ko": [
            "예시", "예를 들어", "예:", "샘플", "출력 예시", "예상 출력",
        ],
        "ar": [
            "مثال", "أمثلة", "على سبيل المثال", "مثلا", "عينة", "المخرجات المتوقعة", "كمرجع",
        ],
        "hi": [
            "उदाहरण", "उदाहरण के लिए", "नमूना", "अपेक्षित आउटपुट", "संदर्भ के लिए",
        ],
        "es": [
            "ejemplo", "ejemplos", "por ejemplo", "p. ej.", "muestra", "como este", "así se ve", "salida de ejemplo",
            "salida esperada", "respuesta de ejemplo", "caso de prueba", "casos de prueba", "textual", "transcripción",
            "como referencia", "ilustración",
        ],
        "fr": [
            "exemple", "exemples", "par exemple", "p. ex.", "échantillon", "comme ceci", "sortie attendue",
            "exemple de sortie", "exemple de réponse", "cas de test", "verbatim", "transcription", "pour référence",
            "illustration",
        ],
        "it": [
            "esempio", "esempi", "ad esempio", "per esempio", "campione", "come questo", "output atteso",
            "output di esempio", "risposta di esempio", "caso di test", "casi di test", "testualmente", "trascrizione",
            "come riferimento", "illustrazione",
        ],
        "pt": [
            "exemplo", "exemplos", "por exemplo", "ex.:", "amostra", "como este", "saída esperada", "saída de exemplo",
            "resposta de exemplo", "caso de teste", "casos de teste", "literalmente", "transcrição", "para referência",
            "ilustração",
        ],
    },
    "lead_run_strong": {
        "en": [
            "run", "execute", "paste", "type", "enter", "invoke", "use this", "do this", "then run", "first run",
            "always run", "please run", "run the following", "run this", "run these", "execute the following",
            # An order to adopt the block shown: "Keep the test job like this:", "Set up the hook as shown:".
            "re:^\\W*(?:set|keep|configure|make|write|add|apply|use|put|change|update|edit|create|leave|install)\\b"
            "[^.:\\n]{0,80}\\b(?:like this|like so|as follows|as shown|this way)\\b[^.\\n]{0,80}:?\\s*$",
        ],
        "es": [
            "ejecuta", "corre",
            "ejecute", "ejecutar", "lanza", "pega", "teclea", "usa esto", "haz esto", "luego ejecuta",
            "primero ejecuta", "ejecuta siempre", "ejecuta lo siguiente", "ejecuta esto",
        ],
        "de": [
            "führe", "starte",
        ],
        "fr": [
            "exécute", "exécutez", "lance", "lancez",
            "exécuter", "colle", "collez", "tapez", "utilise ceci", "fais ceci", "puis lance", "lance d'abord",
            "lance toujours", "exécute ce qui suit", "lance ceci",
        ],
        "it": [
            "esegui", "lancia",
            "eseguite", "lanciate", "incolla", "digita", "usa questo", "fai questo", "poi esegui", "prima esegui",
            "esegui sempre", "esegui quanto segue", "esegui questo",
        ],
        "pt": [
            "execute", "rode",
            "executa", "roda", "cole", "digite", "use isto", "faça isto", "depois execute", "primeiro execute",
            "execute sempre", "execute o seguinte", "execute isto",
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
            "请运行", "请执行", "先运行", "然后运行",
        ],
        "ja": [
            "実行",
            "以下を実行", "次を実行", "次のコマンドを実行", "以下のコマンドを実行",
        ],
        "ko": [
            "실행",
            "다음을 실행", "아래를 실행", "다음 명령을 실행", "아래 명령을 실행",
        ],
        "ar": [
            "نفذ", "شغل",
            "قم بتشغيل", "قم بتنفيذ", "شغّل الأمر التالي", "نفذ الأمر التالي",
        ],
        "hi": [
            "चलाएं", "चलाओ",
            "यह कमांड चलाएं", "निम्न कमांड चलाएं", "नीचे दी गई कमांड चलाएं", "चलाइए",
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
    # the same columns in the other languages of the cues
    "comando", "comandi", "opzione", "opzioni", "parametro", "parametri", "descrizione", "cosa fa", "effetto",
    "significato", "opción", "opciones", "parámetro", "parámetros", "descripción", "qué hace", "efecto", "befehl",
    "befehle", "beschreibung", "was es tut", "wirkung", "bedeutung", "commande", "commandes", "paramètre",
    "paramètres", "ce que ça fait", "effet", "signification", "opção", "opções", "parâmetro", "descrição", "o que faz",
    "efeito", "opdracht", "commando", "optie", "opties", "beschrijving", "wat het doet", "polecenie", "polecenia",
    "komenda", "opcja", "opcje", "opis", "co robi", "działanie", "команда", "команды", "опция", "параметр", "описание",
    "что делает", "действие", "komut", "komutlar", "seçenek", "açıklama", "ne yapar", "etkisi", "命令", "选项", "参数",
    "说明", "描述", "作用", "コマンド", "オプション", "説明", "効果", "명령", "명령어", "옵션", "설명", "효과",
]
# fmt: on
