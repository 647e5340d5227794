import type { AnalysisLanguage, Outcome } from "./analysis";
import { wordPattern } from "./text";

/**
 * The built-in analyzer's knowledge, one table per language. Everything the
 * analyzer concludes comes from these lists, so a surprising result can be
 * traced to a line here and fixed without touching the logic.
 */

/** Frequent function words that tell English from German (words both languages share, such as "in", "was" or "will", are left out). */
export const STOP_WORDS: Record<AnalysisLanguage, ReadonlySet<string>> = {
  en: new Set([
    "the",
    "and",
    "is",
    "are",
    "you",
    "your",
    "i",
    "i'm",
    "it",
    "it's",
    "to",
    "of",
    "that",
    "this",
    "for",
    "my",
    "we",
    "have",
    "with",
    "can",
    "please",
    "thank",
    "thanks",
    "what",
    "be",
    "not",
    "on",
    "just",
    "would",
    "could",
    "yes",
    "hello",
    "me",
    "do",
    "don't",
    "there",
    "they",
    "about",
    "how",
    "i'll",
    "we'll",
    "our",
    "would",
    "at",
    "a",
  ]),
  de: new Set([
    "der",
    "die",
    "das",
    "und",
    "ist",
    "sind",
    "ich",
    "sie",
    "ihnen",
    "ihr",
    "ihre",
    "es",
    "zu",
    "den",
    "dem",
    "nicht",
    "mit",
    "für",
    "auf",
    "ein",
    "eine",
    "einen",
    "mein",
    "meine",
    "wir",
    "haben",
    "habe",
    "können",
    "bitte",
    "danke",
    "wie",
    "ja",
    "nein",
    "guten",
    "tag",
    "hallo",
    "auch",
    "noch",
    "mich",
    "mir",
    "uns",
    "bei",
    "von",
    "aber",
    "gerne",
    "schon",
    "gern",
  ]),
};

export interface LexiconEntry {
  /** Positive for pleased words, negative for displeased ones; 0.5 is mild, 3 is strong. */
  weight: number;
  /** German verbs negated by a "nicht" after them: "das funktioniert nicht", "das hilft mir nicht". */
  negatedAfter?: boolean;
}

const entries = (weight: number, words: string[], extra: Omit<LexiconEntry, "weight"> = {}) => words.map((word) => [word, { weight, ...extra }] as const);

export const SENTIMENT_LEXICON: Record<AnalysisLanguage, ReadonlyMap<string, LexiconEntry>> = {
  en: new Map([
    ...entries(3, ["excellent", "fantastic", "amazing", "outstanding", "superb", "delighted"]),
    ...entries(2, [
      "great",
      "perfect",
      "wonderful",
      "awesome",
      "happy",
      "pleased",
      "satisfied",
      "love",
      "helpful",
      "recommend",
      "brilliant",
      "impressed",
      "lovely",
    ]),
    ...entries(1.5, ["glad", "appreciate", "friendly", "solved", "resolved", "excited"]),
    ...entries(1, ["good", "nice", "easy", "quick", "sorted", "fixed", "convenient", "smooth", "helped"]),
    ...entries(0.5, ["works", "working", "worked"]),
    // Thanks are mostly politeness: they tip a call only when nothing else does.
    ...entries(0.3, ["thank", "thanks"]),
    ...entries(-3, ["terrible", "awful", "horrible", "worst", "unacceptable", "hate", "nightmare", "furious", "disgusting"]),
    ...entries(-2.5, [
      "frustrated",
      "frustrating",
      "disappointed",
      "disappointing",
      "unhappy",
      "ridiculous",
      "useless",
      "overcharged",
      "rude",
      "scam",
      "angry",
    ]),
    ...entries(-2, ["bad", "poor", "annoyed", "annoying", "upset", "mess", "broken", "incompetent"]),
    ...entries(-1.5, ["wrong", "complaint", "complain", "delayed", "confusing", "slow", "failed", "failure", "worried", "missing", "damaged"]),
    ...entries(-1, ["problem", "problems", "error", "late", "delay", "concerned", "expensive", "difficult"]),
    ...entries(-0.5, ["issue", "issues", "unfortunately"]),
  ]),
  de: new Map([
    ...entries(3, ["ausgezeichnet", "hervorragend", "großartig", "fantastisch", "begeistert", "spitze"]),
    ...entries(2, ["super", "toll", "prima", "perfekt", "wunderbar", "klasse", "zufrieden", "glücklich", "hilfreich", "empfehlen", "bestens", "freundlich"]),
    ...entries(1.5, ["froh", "freue", "gelöst", "geklappt", "geholfen", "behoben"]),
    ...entries(1, ["gut", "schön", "angenehm", "schnell", "praktisch", "erledigt", "unkompliziert"]),
    ...entries(1, ["hilft", "gefällt", "passt", "klappt"], { negatedAfter: true }),
    ...entries(0.5, ["funktioniert", "läuft", "geht"], { negatedAfter: true }),
    ...entries(0.3, ["danke", "dankeschön", "vielen"]),
    ...entries(-3, ["schrecklich", "furchtbar", "katastrophal", "katastrophe", "inakzeptabel", "unverschämt", "zumutung", "wütend", "unmöglich"]),
    ...entries(-2.5, ["verärgert", "enttäuscht", "enttäuschend", "unzufrieden", "frustriert", "frustrierend", "lächerlich", "unfreundlich", "ärgerlich"]),
    ...entries(-2, ["schlecht", "kaputt", "defekt", "nervig", "ärgere", "ärgert", "mangelhaft", "chaos", "sauer"]),
    ...entries(-1.5, ["falsch", "beschwerde", "beschweren", "verspätet", "verspätung", "langsam", "störung", "beschädigt", "fehlt"]),
    ...entries(-1, ["problem", "probleme", "fehler", "teuer", "schwierig"]),
    ...entries(-0.5, ["leider"]),
  ]),
};

/** Displeasure said without a displeased word: "this is the third time", "schon wieder". Counted once per mention, like a word. */
export const SENTIMENT_PHRASES: Record<AnalysisLanguage, Array<{ pattern: RegExp; weight: number }>> = {
  en: [
    {
      pattern: wordPattern("take me off|stop calling|(?:i'm|i am|we're|we are) (?:reporting|switching)|switching providers|waste of (?:my )?time"),
      weight: -2,
    },
    { pattern: wordPattern("(?:second|third|fourth|fifth) (?:time|call)|never (?:asked|requested)|not paying|again and again"), weight: -1.5 },
  ],
  de: [
    {
      pattern: wordPattern(
        "schon wieder|(?:zweite|dritte|vierte|fünfte)n? mal|bringt (?:doch )?nichts|reicht (?:mir|jetzt)|andere(?:n)? (?:praxis|anbieter|firma)",
      ),
      weight: -1.5,
    },
    { pattern: wordPattern("erwarte (?:eine|mir eine) entschuldigung|nie wieder|zeitverschwendung"), weight: -2 },
  ],
};

/** Words that strengthen the next one: "very happy", "sehr zufrieden". */
export const INTENSIFIERS: ReadonlySet<string> = new Set([
  "very",
  "really",
  "so",
  "extremely",
  "totally",
  "absolutely",
  "incredibly",
  "truly",
  "super",
  "sehr",
  "wirklich",
  "total",
  "echt",
  "äußerst",
  "extrem",
  "absolut",
  "besonders",
  "ziemlich",
  "richtig",
]);

/** The speaker labels voice platforms use, so the customer's words count most. */
export const CUSTOMER_SPEAKER = /customer|caller|client|user|human|lead|prospect|contact|kunde|kundin|anrufer/i;
export const AGENT_SPEAKER = /agent|assistant|bot|\bai\b|\bki\b|operator|representative|receptionist|support|system|mitarbeiter|berater/i;

export interface TopicRule {
  /** Stored key; the panel shows its translation (analysis:topics.<key>). */
  key: string;
  patterns: Record<AnalysisLanguage, RegExp[]>;
}

const w = (source: string) => wordPattern(source);
// German compounds put the topic word anywhere ("Stromrechnung", "gekündigt"), so German stems match inside words.
const stem = (source: string) => wordPattern(source, { infix: true });

export const TOPIC_RULES: TopicRule[] = [
  {
    key: "billing",
    patterns: {
      en: [w("bills?|billing|billed|invoices?|invoiced|charges?|charged|payments?|direct debit|statement")],
      de: [stem("rechnung|abbuchung|abgebucht|lastschrift|zahlung|bezahl|abrechnung")],
    },
  },
  {
    key: "appointment",
    patterns: {
      en: [w("appointments?|booking|book (?:a|an|in)|schedule|scheduled|reschedul\\w*|consultation|viewing")],
      de: [stem("termin|besichtigung|beratungsgespräch")],
    },
  },
  {
    key: "cancellation",
    patterns: {
      en: [w("cancel|cancell?ed|cancell?ing|cancellation|terminate|termination|unsubscribe")],
      de: [stem("kündig|storn|abbestell|absagen|abgesagt")],
    },
  },
  {
    key: "pricing",
    patterns: {
      en: [w("prices?|pricing|costs?|quote|discount|fees?|tariff|how much")],
      de: [stem("preis|kosten|kostet|rabatt|gebühr|tarif")],
    },
  },
  {
    key: "technical-issue",
    patterns: {
      en: [w("outage|error|broken|crash\\w*|bug|not working|doesn't work|does not work|stopped working|technical|no signal|router|offline")],
      de: [stem("störung|funktioniert nicht|geht nicht|fehlermeldung|defekt|kaputt|ausfall|technisch|router")],
    },
  },
  {
    key: "delivery",
    patterns: {
      en: [w("deliver\\w*|shipping|shipment|shipped|parcel|package|tracking|courier")],
      de: [stem("liefer|versand|versendet|paket|zustell|zugestellt")],
    },
  },
  {
    key: "complaint",
    patterns: {
      en: [w("complain\\w*|unacceptable|disappointed|not happy|unhappy|terrible|worst")],
      de: [stem("beschwer|reklamation|reklamier|unzufrieden|enttäuscht|inakzeptabel|unverschämt")],
    },
  },
  {
    key: "refund",
    patterns: {
      en: [w("refund\\w*|money back|reimburse\\w*|credit note")],
      de: [stem("erstatt|gutschrift|geld zurück")],
    },
  },
  {
    key: "account-access",
    patterns: {
      en: [w("password|log in|login|sign in|locked out|username")],
      de: [stem("passwort|kennwort|anmelden|anmeldung|login|zugang gesperrt|zugangsdaten")],
    },
  },
  {
    key: "contract",
    patterns: {
      en: [w("contracts?|renewal|renew|subscription|upgrade|downgrade")],
      de: [stem("vertrag|verlänger|abonnement|\\babo\\b|laufzeit|tarifwechsel")],
    },
  },
  {
    key: "sales-inquiry",
    patterns: {
      en: [w("demo|interested in|offer|brochure|free trial|more information")],
      de: [stem("angebot|interesse an|interessiere|broschüre|vorführung|mehr informationen")],
    },
  },
];

export interface OutcomeRule {
  outcome: Exclude<Outcome, "unresolved">;
  patterns: Record<AnalysisLanguage, RegExp[]>;
  /** False when the phrases carry their own negation ("not interested"), so a negation before them must not cancel them. */
  negatable: boolean;
}

/** In order of precedence: the first rule with an affirmed match decides the outcome; none means "unresolved". */
export const OUTCOME_RULES: OutcomeRule[] = [
  {
    outcome: "voicemail",
    negatable: false,
    patterns: {
      en: [w("leave (?:a|your) message|after the (?:tone|beep)|voicemail|voice mail|mailbox|not available to take your call")],
      de: [stem("nach dem (?:signalton|piepton|ton)|hinterlassen sie (?:eine|ihre) nachricht|mailbox|anrufbeantworter|sprachnachricht")],
    },
  },
  {
    outcome: "escalated",
    negatable: true,
    patterns: {
      en: [
        w(
          "transfer(?:ring)? you|put you through|escalat\\w*|supervisor|(?:speak|talk) (?:to|with) (?:a|the|your) (?:manager|human|person|real person)|connect you (?:to|with) (?:a|the|my|our) (?:colleague|manager|specialist|team)|hand (?:this|you) over",
        ),
      ],
      de: [
        stem(
          "weiterleiten|weitergeleitet|leite (?:sie|ihr anliegen|das) \\S+(?: \\S+)? weiter|verbinde sie mit|vorgesetzt|eskalier|mit einem (?:menschen|vorgesetzten)|an (?:einen|eine|meine|meinen) (?:kollegin|kollegen|fachabteilung)|(?:gebe|geben|leite|leiten) (?:\\S+ ){1,4}an (?:\\S+ ){1,3}weiter",
        ),
      ],
    },
  },
  {
    outcome: "appointment-booked",
    negatable: true,
    patterns: {
      en: [
        w(
          "booked you (?:in|for)|you're (?:all )?booked|you are (?:all )?booked|you're all set for|appointment (?:is )?(?:now )?(?:confirmed|booked|scheduled)|(?:confirmed|booked|scheduled|reserved) (?:your|the|an|a) (?:appointment|visit|consultation|viewing|slot)",
        ),
      ],
      de: [
        stem(
          "termin (?:ist )?(?:jetzt )?(?:bestätigt|gebucht|eingetragen|vereinbart|reserviert)|(?:habe|haben) (?:ihnen|sie|ihren termin|den termin|einen termin)\\s.{0,40}(?:eingetragen|eingebucht|gebucht|reserviert|vereinbart|bestätigt)|termin (?:für sie )?(?:eingetragen|gebucht)",
        ),
      ],
    },
  },
  {
    outcome: "not-interested",
    negatable: false,
    patterns: {
      en: [w("not interested|no longer interested|no thanks|no, thank you|don't call (?:me )?again|stop calling|remove (?:me|my number)|take me off")],
      de: [stem("kein interesse|nicht interessiert|keinen bedarf|rufen sie (?:mich )?nicht mehr an|nicht mehr anrufen|löschen sie meine nummer")],
    },
  },
  {
    outcome: "callback-requested",
    negatable: true,
    patterns: {
      en: [w("call (?:me|you|him|her|us) back|callback|call-back|call back|get back to you|ring (?:me|you) back|return (?:my|your) call")],
      de: [
        stem(
          "zurückruf|rückruf|(?:ruf|rufe|ruft|rufen) (?:sie|mich|dich|uns) (?:\\S+ ){0,8}zurück|(?<!(?:warum|wieso|weshalb) )rufen sie (?:mich|uns) (?:\\S+ ){0,6}an(?![\\p{L}])|(?:rufe|rufen) (?:ich|wir) sie (?:\\S+ ){0,5}(?:zurück|an)(?![\\p{L}])|(?:melde|melden) (?:mich|uns) (?:\\S+ ){0,4}(?:bei ihnen|am|morgen|nächste)",
        ),
      ],
    },
  },
  {
    outcome: "resolved",
    negatable: true,
    patterns: {
      en: [
        w(
          "fixed|resolved|solved|sorted(?: out)?|works (?:now|again)|working (?:now|again)|that helps|that helped|makes sense|that was (?:easy|quick|fast|simple)|you've been (?:\\S+ )?helpful|that's all i needed|^(?:done|all done|sent)(?=[.!])|(?:has|have) been (?:processed|cancell?ed|updated|refunded|credited|changed|renewed)|(?:i've|i have|we've|we have) (?:\\S+ ){0,3}?(?:sent|updated|reset|changed|renewed|processed|refunded|credited|unlocked|corrected)",
        ),
      ],
      de: [
        stem(
          "gelöst|behoben|erledigt|funktioniert (?:jetzt )?wieder|geht (?:jetzt )?wieder|klappt (?:jetzt )?wieder|hat (?:mir )?geholfen|das ging (?:ja |aber )?schnell|passt (?:mir )?(?:gut|perfekt)|wurde (?:storniert|gekündigt|erstattet|aktualisiert|bearbeitet|gutgeschrieben|geändert|verlängert)|(?:ich habe|wir haben) (?:\\S+ ){0,5}(?:aktualisiert|geändert|geschickt|gesendet|zurückgesetzt|verlängert|bearbeitet|erstattet|freigeschaltet|entsperrt|eingerichtet|korrigiert)",
        ),
      ],
    },
  },
];

/**
 * A booking said in other words: a confirming word ("booked", "bestätigt")
 * in a sentence that is not about a cancellation, with an appointment word in
 * the same turn or the two before it; or a time slot the agent offers that
 * the customer accepts in the next turn ("Would Monday at 10 work?" — "Yes,
 * that works."), in a call that is about an appointment and where the offer
 * is not a callback or a reminder.
 */
export const APPOINTMENT_BOOKING: Record<AnalysisLanguage, { noun: RegExp; confirm: RegExp; cancel: RegExp; accept: RegExp; notABooking: RegExp }> = {
  en: {
    noun: w("appointments?|booking|consultation|visit|viewing|meeting|slot|session|demo|assessment|inspection|site visit"),
    confirm: w("confirmed|booked|scheduled|rescheduled|reserved|set up|invitation|invite|confirmation|see you (?:on|then|next)"),
    cancel: w("cancel\\w*"),
    accept: w(
      "^(?:yes|yeah|yep|sure|perfect|great|absolutely|sounds good|that works|works for me|ok(?:ay)?,? (?:that|it) works)|that works|works for me|sounds good",
    ),
    notABooking: w("call (?:you|me|us)? ?back|callback|remind\\w*"),
  },
  de: {
    noun: stem("termin|besichtigung|berat|vor ort|vorführung|demo"),
    confirm: stem("bestätigt|bestätigung|gebucht|eingetragen|vereinbart|reserviert|notiert|verlegt|verschoben|sehen uns"),
    cancel: stem("abgesagt|storniert|absagen|stornieren|gecancelt"),
    accept: stem("^(?:ja|gern|gerne|perfekt|super|prima|einverstanden|passt|das passt|sehr gut)(?![\\p{L}])|das passt|passt mir|das nehme ich|nehme ich"),
    notABooking: stem("zurück|rückruf|anruf|erinner"),
  },
};

const EN_ACTION_VERBS =
  "send|email|e-mail|mail|text|call|ring|follow up|get back|schedule|book|arrange|forward|check|look into|ship|refund|credit|process|update|cancel|confirm|prepare|reach out|transfer|escalate|set up|reset|issue|investigate|fix|pass|replace|contact|let you know|have someone";
const DE_FIRST_PERSON_VERBS =
  "schicke|sende|schreibe|maile|melde|kümmere|buche|trage|leite|prüfe|storniere|erstatte|veranlasse|bestätige|reserviere|notiere|schalte|kläre|informiere|beauftrage|tausche";
const DE_PLURAL_VERBS =
  "schicken|senden|schreiben|mailen|melden|kümmern|buchen|tragen|leiten|prüfen|stornieren|erstatten|veranlassen|bestätigen|reservieren|notieren|schalten|klären|informieren|beauftragen|tauschen";

/** Sentences in which someone commits to doing something after the call. */
export const COMMITMENT_PATTERNS: Record<AnalysisLanguage, RegExp[]> = {
  en: [
    w(`(?:i|we)(?:'ll| will| shall|'m going to| am going to|'re going to| are going to)(?: \\S+){0,2}? (?:${EN_ACTION_VERBS})`),
    w("you(?:'ll| will) (?:receive|get) (?:an?|the|your|our)"),
  ],
  de: [
    w("(?:ich werde|wir werden)"),
    w(`ich (?:${DE_FIRST_PERSON_VERBS})|(?:${DE_FIRST_PERSON_VERBS}) ich`),
    w(`wir (?:${DE_PLURAL_VERBS})|(?:${DE_PLURAL_VERBS}) wir`),
    w("(?:ich rufe|wir rufen) (?:sie|dich|ihn|ihr)|(?:rufe ich|rufen wir) (?:sie|dich|ihn|ihr)"),
    w(
      "sie (?:erhalten|bekommen) (?:eine|einen|ein|die|den|das|von uns)|(?:erhalten|bekommen) sie (?:\\S+ ){0,3}(?:per|bis|innerhalb|morgen|heute|in den nächsten)",
    ),
  ],
};

/** Openings that look like a commitment but say why someone called: "Ich melde mich, weil …", "ich rufe an wegen …". */
export const NOT_A_COMMITMENT: Record<AnalysisLanguage, RegExp[]> = {
  en: [],
  de: [w("ich (?:melde mich|rufe an|rufe sie an)(?:,)? (?:weil|wegen|da|bezüglich|aufgrund)")],
};

/** How a customer says what they want: the summary quotes the first such sentence. */
export const NEED_PATTERNS: Record<AnalysisLanguage, RegExp[]> = {
  en: [
    w(
      "i need|i want|i'd like|i would like|i'm calling|i am calling|calling (?:about|because|to|regarding)|i have (?:a|an) (?:problem|issue|question)|i was wondering|can you|could you|i can't|i cannot|i'm (?:locked out|unable|having (?:trouble|problems|issues))|there's (?:a|an) (?:problem|charge|mistake|error)|my \\S+(?: \\S+)? (?:isn't|doesn't|hasn't|wasn't|won't|never|keeps|stopped|is (?:not|broken|wrong|down|missing|late|still))",
    ),
  ],
  de: [
    w(
      "ich (?:möchte|brauche|hätte gern|hätte gerne|würde gern|würde gerne|will|rufe an|rufe wegen|habe (?:ein|eine) (?:problem|frage)|habe (?:\\S+ ){0,3}(?:falsche|doppelte)|kann (?:\\S+ ){0,3}nicht|komme (?:\\S+ ){0,3}nicht)|es geht um|können sie|könnten sie|mein(?:e|en)? \\S+(?: \\S+)? (?:ist (?:kaputt|falsch|defekt|weg|nicht|immer noch|seit)|funktioniert nicht|geht nicht|kam nie|wurde (?:nicht|falsch|doppelt))",
    ),
  ],
};
