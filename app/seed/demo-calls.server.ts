import type { Sentiment } from "~/features/analysis/analysis";
import { analyzeTranscript } from "~/features/analysis/builtin-analyzer";
import { getAudioStore, type AudioStore } from "~/features/calls/audio-store.server";
import { buildCallRow, type CallInput } from "~/features/calls/call-row";
import { addDays, localDateOf, startOfLocalDay, type LocalDate } from "~/lib/dates/date-ranges";
import type { TranscriptTurn } from "~/features/calls/derived-columns";
import { seededRandom, synthesizeCallRecordingWav } from "~/features/calls/wav";
import type { NewCall } from "~/db/schema";
import { newId, type DB } from "~/db/db.server";

/**
 * About 200 realistic calls for the demo tenant: five campaigns and calls
 * without one, inbound and outbound, English and German conversations,
 * missed calls and voicemails, feedback (a few ratings that contradict the
 * conversation, for the disagreement view), analyses made by the built-in
 * analyzer for most answered calls, short playable audio, and two live and
 * two queued calls for the call-management tabs.
 * Everything comes from a fixed seed, so every fresh start shows the same
 * demo; only the dates move with the day it is seeded.
 */

export const DEMO_HISTORY_CALLS = 196;
const DEMO_SEED = 20_260_301;
const HISTORY_DAYS = 90;

type Language = "en" | "de";
type Speaker = "agent" | "customer";

interface Campaign {
  name: string;
  type: "inbound" | "outbound";
}

const CAMPAIGNS = {
  renewal: { name: "Spring Renewal 2026", type: "outbound" },
  dentist: { name: "Zahnarzt Terminerinnerung", type: "outbound" },
  solar: { name: "Solar Leads Q4", type: "outbound" },
  care: { name: "Customer Care Inbound", type: "inbound" },
  eco: { name: "Ökostrom Wechselaktion", type: "outbound" },
} as const satisfies Record<string, Campaign>;

/** The demo tenant's own lines: a Toronto number and a Berlin number. */
const BUSINESS_LINES: Record<Language, { number: string; spoken: string }> = {
  en: { number: "+14165550100", spoken: "+1 416 555 0100" },
  de: { number: "+493055501000", spoken: "+49 30 55501000" },
};

const AGENTS: Record<keyof typeof CAMPAIGNS | "none", Record<Language, string[]>> = {
  renewal: { en: ["Ava", "Ben"], de: ["Lena"] },
  dentist: { en: ["Nora"], de: ["Lena", "Sören"] },
  solar: { en: ["Nora", "Émile"], de: ["Jonas"] },
  care: { en: ["Émile", "Ava"], de: ["Sören", "Mia"] },
  eco: { en: ["Ben"], de: ["Jonas", "Mia"] },
  none: { en: ["Ben", "Ava"], de: ["Lena"] },
};

interface PersonSeed {
  first: string;
  last: string;
  company: string | null;
}

const PEOPLE: Record<Language, PersonSeed[]> = {
  en: [
    { first: "Sarah", last: "Thompson", company: "Maple Leaf Dental" },
    { first: "Michael", last: "O'Brien", company: "Northwind Traders" },
    { first: "Priya", last: "Patel", company: "Lakeshore Logistics" },
    { first: "David", last: "Chen", company: "Chen & Sons Plumbing" },
    { first: "Emily", last: "Carter", company: null },
    { first: "James", last: "Wilson", company: "Wilson Roofing Ltd." },
    { first: "Olivia", last: "Martin", company: "Bayview Realty" },
    { first: "Noah", last: "Tremblay", company: "Tremblay Construction" },
    { first: "Aisha", last: "Khan", company: null },
    { first: "Liam", last: "Murphy", company: "Harbourfront Café" },
    { first: "Chloé", last: "Gagnon", company: "Gagnon Design Studio" },
    { first: "Ethan", last: "Wright", company: null },
    { first: "Grace", last: "Lee", company: "Lee Family Pharmacy" },
    { first: "Daniel", last: "Nguyen", company: "Nguyen Auto Repair" },
    { first: "Hannah", last: "Brown", company: null },
    { first: "Lucas", last: "Silva", company: "Silva Landscaping" },
    { first: "Zoe", last: "Campbell", company: "Campbell & Co. Accounting" },
    { first: "Isabella", last: "Rossi", company: "Rossi Imports" },
    { first: "Mohammed", last: "Ali", company: "Crescent Home Care" },
    { first: "Ava", last: "Johnson", company: null },
    { first: "René", last: "Côté", company: "Côté Électrique" },
    { first: "Jack", last: "Anderson", company: "Anderson Farms" },
    { first: "Mia", last: "Scott", company: null },
    { first: "William", last: "Taylor", company: "Taylor Made Kitchens" },
    { first: "Sofía", last: "García", company: "García Bakery" },
    { first: "Ryan", last: "Mitchell", company: "Apex Fitness" },
  ],
  de: [
    { first: "Jürgen", last: "Müller", company: "Müller Haustechnik GmbH" },
    { first: "Ömer", last: "Yılmaz", company: "Özil Handels GmbH" },
    { first: "Anna", last: "Schröder", company: "Schröder & Partner Steuerberatung" },
    { first: "Lukas", last: "Weiß", company: "Weiß Elektro KG" },
    { first: "Sabine", last: "Groß", company: "Bäckerei Groß" },
    { first: "Thomas", last: "Strauß", company: "Strauß Immobilien" },
    { first: "Elif", last: "Ünal", company: null },
    { first: "Katrin", last: "Böhm", company: "Ärztehaus am Markt" },
    { first: "Stefan", last: "Köhler", company: "Köhler Dachbau" },
    { first: "Monika", last: "Hoffmann", company: null },
    { first: "Felix", last: "Schäfer", company: "Schäfer Logistik AG" },
    { first: "Lea", last: "Krüger", company: null },
    { first: "Matthias", last: "Vogel", company: "Vogel & Söhne" },
    { first: "Claudia", last: "Bäumer", company: "Übersee Handel GmbH" },
    { first: "Andreas", last: "Fuchs", company: null },
    { first: "Nina", last: "Lehmann", company: "Lehmann Zahntechnik" },
    { first: "Jörg", last: "Meißner", company: "Meißner Metallbau" },
    { first: "Sophie", last: "Wagner", company: null },
    { first: "Uwe", last: "Zöllner", company: "Autohaus Zöllner" },
    { first: "Hanna", last: "Becker", company: "Becker Gartenbau" },
    { first: "Ayşe", last: "Demir", company: "Demir Reisen" },
    { first: "Ingrid", last: "Öztürk", company: null },
  ],
};

const EN_AREAS = ["416", "647", "437", "905", "613"];
const DE_AREAS = ["151", "160", "170", "176", "89", "40", "221"];
const DE_ADDRESSES = [
  { street: "Königstraße 12", zip: "70173", city: "Stuttgart" },
  { street: "Lindenallee 4", zip: "50968", city: "Köln" },
  { street: "Hauptstraße 87", zip: "69117", city: "Heidelberg" },
  { street: "Am Mühlbach 3", zip: "80331", city: "München" },
];

interface Person extends PersonSeed {
  language: Language;
  phone: string;
  phoneSpoken: string;
  email: string;
}

const ASCII_OF: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss", ı: "i", ş: "s" };
const mailbox = (text: string) =>
  text
    .toLowerCase()
    .replace(/[äöüßış]/g, (c) => ASCII_OF[c] ?? c)
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^a-z0-9]+/g, "");
const domainOf = (company: string) =>
  company
    .toLowerCase()
    .replace(/[äöüßış]/g, (c) => ASCII_OF[c] ?? c)
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/\b(gmbh|kg|ag|ltd|co)\b\.?/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** E.164 numbers in fictional ranges: 555-01xx in North America; German numbers from a seeded generator. */
function makePeople(random: () => number): Record<Language, Person[]> {
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join("");
  const en = PEOPLE.en.map((seed, i): Person => {
    const area = EN_AREAS[i % EN_AREAS.length]!;
    const line = String(110 + i).padStart(4, "0");
    return {
      ...seed,
      language: "en",
      phone: `+1${area}555${line}`,
      phoneSpoken: `+1 ${area} 555 ${line}`,
      email: `${mailbox(seed.first)}.${mailbox(seed.last)}@${seed.company ? domainOf(seed.company) : "mail"}.example`,
    };
  });
  const de = PEOPLE.de.map((seed, i): Person => {
    const area = DE_AREAS[i % DE_AREAS.length]!;
    const rest = `${1 + Math.floor(random() * 9)}${digits(area.length === 3 ? 7 : 6)}`;
    return {
      ...seed,
      language: "de",
      phone: `+49${area}${rest}`,
      phoneSpoken: `+49 ${area} ${rest}`,
      email: `${mailbox(seed.first)}.${mailbox(seed.last)}@${seed.company ? domainOf(seed.company) : "post"}.example`,
    };
  });
  return { en, de };
}

/* ---------- Dates spoken in a conversation ---------- */

interface Slot {
  date: LocalDate;
  hour: number;
  minute: number;
}

const WEEKDAYS: Record<Language, string[]> = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  de: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
};
const MONTHS: Record<Language, string[]> = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  de: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
};
const weekdayOf = ({ year, month, day }: LocalDate) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();
const pad = (n: number) => String(n).padStart(2, "0");

/** Written out by hand rather than with Intl, so the words never change with the ICU version. */
function spokenSlot({ date, hour, minute }: Slot, language: Language) {
  const weekday = WEEKDAYS[language][weekdayOf(date)]!;
  const month = MONTHS[language][date.month - 1]!;
  if (language === "de") return `${weekday}, ${date.day}. ${month} um ${hour}:${pad(minute)} Uhr`;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${weekday}, ${month} ${date.day} at ${h12}:${pad(minute)} ${hour < 12 ? "AM" : "PM"}`;
}

const isoSlot = ({ date, hour, minute }: Slot) => `${date.year}-${pad(date.month)}-${pad(date.day)}T${pad(hour)}:${pad(minute)}`;

function slotAfter(random: () => number, day: LocalDate, minDays: number, maxDays: number): Slot {
  let date = addDays(day, minDays + Math.floor(random() * (maxDays - minDays + 1)));
  while (weekdayOf(date) === 0 || weekdayOf(date) === 6) date = addDays(date, 1);
  return { date, hour: 9 + Math.floor(random() * 8), minute: [0, 15, 30, 45][Math.floor(random() * 4)]! };
}

/* ---------- Conversations ---------- */

interface Scene {
  customer: Person;
  name: string;
  agent: string;
  business: { number: string; spoken: string };
  appointment: Slot;
  laterAppointment: Slot;
  callback: Slot;
  bill: number;
  saving: number;
  charge: number;
  invoice: string;
  ticket: string;
  address: { street: string; zip: string; city: string };
  slot: (slot: Slot) => string;
}

interface Rendered {
  turns: Array<[Speaker, string]>;
  summary: string;
  extracted: Record<string, unknown>;
}

interface Script {
  language: Language;
  campaign: keyof typeof CAMPAIGNS | "none";
  direction: "inbound" | "outbound";
  /** How the conversation is meant to feel; the feedback follows it (or, now and then, contradicts it). */
  tone: Sentiment;
  /** Chance that the call was handed to a person. */
  escalation: number;
  weight: number;
  render: (scene: Scene) => Rendered;
}

const SCRIPTS: Script[] = [
  {
    language: "en",
    campaign: "renewal",
    direction: "outbound",
    tone: "positive",
    escalation: 0,
    weight: 5,
    render: (s) => ({
      turns: [
        ["agent", `Hi ${s.customer.first}, this is ${s.agent} calling from Demo Company about your Spring Renewal. Do you have a minute?`],
        ["customer", "Sure, I was actually expecting your call."],
        ["agent", "Great! If you renew this week, you keep your current rate of $39 a month and get the new reporting add-on for free."],
        ["customer", "That sounds good. Same plan, same card on file?"],
        ["agent", "Exactly, nothing changes except the add-on. Shall I go ahead and renew it for another twelve months?"],
        ["customer", `Yes, please go ahead. Could you send the confirmation to ${s.customer.email}?`],
        ["agent", `Done. The confirmation will be at ${s.customer.email} within a few minutes. Anything else I can help with?`],
        ["customer", `No, that's all. Thanks, ${s.agent}, that was easy!`],
        ["agent", `Thank you, ${s.customer.first}. Have a wonderful day!`],
      ],
      summary: `${s.name} renewed the annual plan at the current rate of $39/month with the free reporting add-on; confirmation sent to ${s.customer.email}.`,
      extracted: { renewal: "confirmed", plan: "Annual", monthlyRate: 39, email: s.customer.email },
    }),
  },
  {
    language: "en",
    campaign: "renewal",
    direction: "outbound",
    tone: "neutral",
    escalation: 0,
    weight: 3,
    render: (s) => ({
      turns: [
        ["agent", `Good afternoon, may I speak with ${s.customer.first} ${s.customer.last}?`],
        ["customer", "Speaking. Who's calling?"],
        ["agent", `This is ${s.agent} from Demo Company. I'm calling about your plan renewal, which is coming up at the end of the month.`],
        ["customer", "Right. I'm in the middle of something, can you call me back?"],
        ["agent", "Of course. When would suit you best?"],
        ["customer", `${s.slot(s.callback)} works for me.`],
        ["agent", `Perfect, I've scheduled a callback for ${s.slot(s.callback)}. We'll go through the options then.`],
        ["customer", "Thanks, talk then."],
      ],
      summary: `${s.name} was busy and asked for a callback on ${s.slot(s.callback)} to discuss the renewal.`,
      extracted: { renewal: "pending", callbackTime: isoSlot(s.callback) },
    }),
  },
  {
    language: "en",
    campaign: "renewal",
    direction: "outbound",
    tone: "negative",
    escalation: 0.9,
    weight: 2,
    render: (s) => ({
      turns: [
        ["agent", `Hello ${s.customer.first}, this is ${s.agent} from Demo Company with a quick note about your Spring Renewal.`],
        ["customer", "If this is about the price increase, I already got the letter. Forty-nine dollars a month? That's ridiculous."],
        ["agent", "I understand the concern. The new rate of $49 includes the reporting add-on and priority support."],
        ["customer", "I never asked for any add-on. I've been a customer for six years and this is how you treat me?"],
        ["agent", "I'm sorry it feels that way. I can check whether a loyalty discount applies to your account."],
        ["customer", "Don't read me a script. I want to cancel unless a real person calls me today."],
        ["agent", `Understood. I'm escalating this to our retention team right now, and a manager will call you at ${s.customer.phoneSpoken} today.`],
        ["customer", "Fine. But I'm not paying forty-nine dollars."],
      ],
      summary: `${s.name} is upset about the renewal price increase to $49/month and threatens to cancel; escalated to the retention team for a same-day call.`,
      extracted: { renewal: "at risk", cancellationThreatened: true, quotedRate: 49 },
    }),
  },
  {
    language: "en",
    campaign: "solar",
    direction: "outbound",
    tone: "positive",
    escalation: 0,
    weight: 3,
    render: (s) => ({
      turns: [
        ["agent", `Hi, is this ${s.customer.first}? This is ${s.agent} with Demo Company Solar. You asked about rooftop panels on our website.`],
        ["customer", "Oh yes, I did! We've been thinking about it since our hydro bill went up."],
        ["agent", "Lots of people are. Roughly how much is your monthly electricity bill?"],
        ["customer", `Around ${s.bill} dollars, more in winter.`],
        ["agent", "Then panels could likely cover most of that. Is your roof mostly south-facing, and is it shingle or metal?"],
        ["customer", "South-west, asphalt shingles, replaced about five years ago."],
        ["agent", `That's ideal. Our technician can do a free site assessment. Would ${s.slot(s.appointment)} work?`],
        ["customer", `Yes, that works. My email is ${s.customer.email} if you need it.`],
        ["agent", `Booked. You'll get a confirmation with the technician's name at ${s.customer.email}.`],
        ["customer", "Wonderful, thank you so much!"],
      ],
      summary: `Interested lead with a ~$${s.bill}/month electricity bill and a south-west shingle roof; free site assessment booked for ${s.slot(s.appointment)}.`,
      extracted: { leadScore: "hot", appointmentDate: isoSlot(s.appointment), monthlyBill: s.bill, roofType: "asphalt shingle", email: s.customer.email },
    }),
  },
  {
    language: "en",
    campaign: "solar",
    direction: "outbound",
    tone: "negative",
    escalation: 0.3,
    weight: 1.5,
    render: (s) => ({
      turns: [
        ["agent", `Hello, this is ${s.agent} from Demo Company Solar. Am I speaking with ${s.customer.first} ${s.customer.last}?`],
        ["customer", "Who gave you this number? This is the third call this week."],
        ["agent", "I apologise. Our records show a request for a solar quote from this number."],
        ["customer", "I never requested anything. Take me off your list. Now."],
        ["agent", `Of course. I'm adding ${s.customer.phoneSpoken} to our do-not-call list right away.`],
        ["customer", "And if you call again, I'm reporting you."],
        ["agent", "Understood. You won't hear from us again. Sorry for the trouble."],
      ],
      summary: "The customer denies requesting a quote, is angry about repeated calls and asked to be removed; the number was added to the do-not-call list.",
      extracted: { leadScore: "none", doNotCall: true },
    }),
  },
  {
    language: "en",
    campaign: "care",
    direction: "inbound",
    tone: "neutral",
    escalation: 0,
    weight: 3,
    render: (s) => ({
      turns: [
        ["agent", `Thank you for calling Demo Company customer care, this is ${s.agent}. How can I help?`],
        ["customer", `Hi, I have a question about invoice ${s.invoice}. There's a charge I don't recognise.`],
        ["agent", "Let me pull that up. Can you confirm the email on the account?"],
        ["customer", `It's ${s.customer.email}.`],
        ["agent", `Thanks. The extra $${s.charge} is the prorated cost of the second phone number you added last month.`],
        ["customer", "Ah, okay, that makes sense. I forgot about that."],
        ["agent", "No problem. Would you like me to email you a breakdown?"],
        ["customer", "Yes, please."],
        ["agent", "Sent. Is there anything else?"],
        ["customer", "No, that's it. Thanks."],
      ],
      summary: `The customer queried a charge on invoice ${s.invoice}; it is the prorated cost ($${s.charge}) of an added phone number. Breakdown emailed to ${s.customer.email}.`,
      extracted: { invoiceNumber: s.invoice, email: s.customer.email, resolved: true },
    }),
  },
  {
    language: "en",
    campaign: "care",
    direction: "inbound",
    tone: "negative",
    escalation: 1,
    weight: 1.5,
    render: (s) => ({
      turns: [
        ["agent", `Demo Company customer care, ${s.agent} speaking. How can I help you today?`],
        ["customer", "Your service has been down since this morning and my customers can't reach us. This is unacceptable."],
        ["agent", "I'm very sorry. Can you tell me which number is affected?"],
        ["customer", `Our main line, ${s.customer.phoneSpoken}. We've lost half a day of bookings!`],
        ["agent", `I can see an incident on our side affecting some inbound routes. I've opened ticket ${s.ticket} for you.`],
        ["customer", "A ticket? I need it fixed now, and I want a credit for today."],
        ["agent", "I understand. I'm escalating this to a senior engineer and noting your credit request. You'll get an update within the hour."],
        ["customer", "Within the hour. Otherwise we're switching providers."],
      ],
      summary: `The customer's main line has been unreachable since the morning because of an inbound routing incident; ticket ${s.ticket} opened and escalated to a senior engineer, and the customer asks for a credit.`,
      extracted: { ticketId: s.ticket, affectedNumber: s.customer.phone, creditRequested: true },
    }),
  },
  {
    language: "en",
    campaign: "care",
    direction: "inbound",
    tone: "positive",
    escalation: 0,
    weight: 3,
    render: (s) => ({
      turns: [
        ["agent", `Thanks for calling Demo Company, this is ${s.agent}.`],
        ["customer", "Hi, I'm locked out of the dashboard after too many login attempts."],
        ["agent", "No worries, I can help with that. Can you confirm your email address?"],
        ["customer", `Sure, it's ${s.customer.email}.`],
        ["agent", `Thanks. I've sent a reset link to ${s.customer.email}. It's valid for one hour.`],
        ["customer", "Got it... and I'm in. That was fast!"],
        ["agent", "Great to hear. Anything else today?"],
        ["customer", "No, you've been super helpful. Thank you!"],
      ],
      summary: `${s.name} was locked out of the dashboard; a password-reset link went to ${s.customer.email} and access was restored during the call.`,
      extracted: { issue: "account locked", email: s.customer.email, resolved: true },
    }),
  },
  {
    language: "en",
    campaign: "none",
    direction: "inbound",
    tone: "positive",
    escalation: 0,
    weight: 2.5,
    render: (s) => ({
      turns: [
        ["agent", `Hello, you've reached Demo Company. This is ${s.agent}, how can I help?`],
        [
          "customer",
          `Hi! I'm ${s.customer.first}${s.customer.company ? ` from ${s.customer.company}` : ""}. I'd like to book a demo of your voice agents for our team.`,
        ],
        ["agent", "Happy to help. How many people would join?"],
        ["customer", "Probably four, including our operations manager."],
        ["agent", `Great. I have ${s.slot(s.appointment)} available. Does that suit you?`],
        ["customer", `Perfect. Please send the invite to ${s.customer.email}.`],
        ["agent", `The invitation is on its way to ${s.customer.email}. Looking forward to it!`],
        ["customer", "Thanks, that was quick. Have a great day!"],
      ],
      summary: `${s.name}${s.customer.company ? ` (${s.customer.company})` : ""} booked a product demo for four people on ${s.slot(s.appointment)}; invitation sent to ${s.customer.email}.`,
      extracted: { appointmentDate: isoSlot(s.appointment), attendees: 4, email: s.customer.email },
    }),
  },
  {
    language: "de",
    campaign: "dentist",
    direction: "outbound",
    tone: "positive",
    escalation: 0,
    weight: 5,
    render: (s) => ({
      turns: [
        ["agent", `Guten Tag, hier spricht ${s.agent} von der Zahnarztpraxis Dr. Weber. Spreche ich mit ${s.customer.first} ${s.customer.last}?`],
        ["customer", "Ja, am Apparat."],
        ["agent", `Ich rufe an, um Sie an Ihren Kontrolltermin am ${s.slot(s.appointment)} zu erinnern.`],
        ["customer", "Ach ja, stimmt. Der passt mir gut."],
        ["agent", "Wunderbar. Bitte bringen Sie Ihre Versichertenkarte mit und kommen Sie etwa zehn Minuten früher."],
        ["customer", "Mache ich. Vielen Dank für die Erinnerung!"],
        ["agent", "Gern geschehen. Bis dann und einen schönen Tag noch!"],
      ],
      summary: `${s.name} hat den Kontrolltermin am ${s.slot(s.appointment)} bestätigt; Hinweis auf die Versichertenkarte gegeben.`,
      extracted: { appointmentDate: isoSlot(s.appointment), confirmed: true, practice: "Zahnarztpraxis Dr. Weber" },
    }),
  },
  {
    language: "de",
    campaign: "dentist",
    direction: "outbound",
    tone: "neutral",
    escalation: 0,
    weight: 3,
    render: (s) => ({
      turns: [
        ["agent", `Guten Morgen, ${s.agent} von der Zahnarztpraxis Dr. Weber. Ich erinnere Sie an Ihren Termin am ${s.slot(s.appointment)}.`],
        ["customer", "Oh, da bin ich leider auf Geschäftsreise. Können wir das verschieben?"],
        ["agent", "Selbstverständlich. Geht es Ihnen eher vormittags oder nachmittags?"],
        ["customer", "Lieber nachmittags, wenn es geht."],
        ["agent", `Dann biete ich Ihnen ${s.slot(s.laterAppointment)} an.`],
        ["customer", "Ja, das nehme ich."],
        ["agent", `Ich habe den Termin auf ${s.slot(s.laterAppointment)} verlegt. Sie bekommen eine Bestätigung per SMS.`],
        ["customer", "Danke, auf Wiederhören."],
      ],
      summary: `${s.name} hat den Termin vom ${s.slot(s.appointment)} auf ${s.slot(s.laterAppointment)} verschoben; Bestätigung per SMS.`,
      extracted: { previousAppointment: isoSlot(s.appointment), appointmentDate: isoSlot(s.laterAppointment), rescheduled: true },
    }),
  },
  {
    language: "de",
    campaign: "dentist",
    direction: "outbound",
    tone: "negative",
    escalation: 0.7,
    weight: 1.5,
    render: (s) => ({
      turns: [
        ["agent", `Guten Tag, hier ist ${s.agent} von der Zahnarztpraxis Dr. Weber, ich rufe wegen Ihres Termins am ${s.slot(s.appointment)} an.`],
        ["customer", "Schon wieder ein Anruf? Ich habe letzte Woche zwei Stunden im Wartezimmer gesessen!"],
        ["agent", "Das tut mir sehr leid. Ich gebe Ihre Rückmeldung gern an die Praxisleitung weiter."],
        ["customer", "Das bringt doch nichts. Sagen Sie den Termin ab, ich suche mir eine andere Praxis."],
        ["agent", "Ich habe den Termin storniert. Darf die Praxisleitung Sie dazu noch einmal zurückrufen?"],
        ["customer", "Meinetwegen. Aber ich erwarte eine Entschuldigung."],
      ],
      summary: `${s.name} ist verärgert über lange Wartezeiten und hat den Termin am ${s.slot(s.appointment)} abgesagt; Rückruf durch die Praxisleitung erbeten.`,
      extracted: { appointmentDate: isoSlot(s.appointment), cancelled: true, complaint: "Wartezeit" },
    }),
  },
  {
    language: "de",
    campaign: "solar",
    direction: "outbound",
    tone: "positive",
    escalation: 0,
    weight: 2,
    render: (s) => ({
      turns: [
        ["agent", `Hallo, hier ist ${s.agent} von Demo Company Solar. Sie hatten sich für eine Photovoltaikanlage interessiert?`],
        ["customer", "Ja, genau. Unsere Stromrechnung ist inzwischen wirklich hoch."],
        ["agent", "Wie hoch ist denn Ihr monatlicher Abschlag ungefähr?"],
        ["customer", `Etwa ${s.bill} Euro im Monat.`],
        ["agent", "Da lohnt sich eine Anlage meistens schon nach wenigen Jahren. Wie ist Ihr Dach ausgerichtet?"],
        ["customer", "Nach Süden, Satteldach mit Ziegeln."],
        ["agent", `Sehr gut. Ein Energieberater kann sich das kostenlos vor Ort ansehen. Wie wäre es am ${s.slot(s.appointment)}?`],
        ["customer", `Das passt. Schicken Sie mir die Bestätigung bitte an ${s.customer.email}.`],
        ["agent", `Erledigt, die Bestätigung geht an ${s.customer.email}. Vielen Dank!`],
        ["customer", "Super, danke Ihnen!"],
      ],
      summary: `Interessent mit ca. ${s.bill} € Abschlag und Süddach; kostenlose Vor-Ort-Beratung am ${s.slot(s.appointment)} vereinbart, Bestätigung an ${s.customer.email}.`,
      extracted: { leadScore: "hot", appointmentDate: isoSlot(s.appointment), monthlyBill: s.bill, roofType: "Satteldach, Süd", email: s.customer.email },
    }),
  },
  {
    language: "de",
    campaign: "care",
    direction: "inbound",
    tone: "negative",
    escalation: 0.8,
    weight: 1.5,
    render: (s) => ({
      turns: [
        ["agent", `Demo Company Kundenservice, Sie sprechen mit ${s.agent}. Was kann ich für Sie tun?`],
        [
          "customer",
          `Ich habe schon wieder eine falsche Rechnung bekommen! Rechnungsnummer ${s.invoice}, da stehen ${s.charge + 49} Euro drauf statt 49 Euro.`,
        ],
        ["agent", "Das tut mir leid. Einen Moment, ich sehe mir das an."],
        ["customer", "Das ist jetzt das dritte Mal. Ich bin wirklich sauer."],
        [
          "agent",
          "Ich sehe den Fehler: Die Minuten des Vormonats wurden doppelt berechnet. Ich leite eine Korrektur ein und gebe den Fall an unsere Buchhaltung weiter.",
        ],
        ["customer", "Und wann bekomme ich mein Geld zurück?"],
        ["agent", `Die Gutschrift erfolgt innerhalb von fünf Werktagen. Sie erhalten eine Bestätigung an ${s.customer.email}.`],
        ["customer", "Na gut. Aber das darf nicht noch einmal passieren."],
      ],
      summary: `Kunde verärgert über die fehlerhafte Rechnung ${s.invoice} (${s.charge + 49} € statt 49 €, Minuten doppelt berechnet); Korrektur an die Buchhaltung eskaliert, Gutschrift innerhalb von fünf Werktagen.`,
      extracted: { invoiceNumber: s.invoice, billedAmount: s.charge + 49, expectedAmount: 49, refund: "pending", email: s.customer.email },
    }),
  },
  {
    language: "de",
    campaign: "care",
    direction: "inbound",
    tone: "positive",
    escalation: 0,
    weight: 2.5,
    render: (s) => ({
      turns: [
        ["agent", `Willkommen beim Kundenservice von Demo Company, hier ist ${s.agent}.`],
        ["customer", "Guten Tag, wir sind umgezogen und ich möchte unsere Rechnungsadresse ändern."],
        ["agent", "Gern. Wie lautet die neue Adresse?"],
        ["customer", `${s.address.street}, ${s.address.zip} ${s.address.city}.`],
        ["agent", `Ich habe die Adresse aktualisiert. Sollen die Rechnungen weiterhin an ${s.customer.email} gehen?`],
        ["customer", "Ja, genau. Das ging ja schnell, vielen Dank!"],
        ["agent", "Sehr gern. Einen schönen Tag noch!"],
      ],
      summary: `Rechnungsadresse von ${s.customer.company ?? s.name} auf ${s.address.street}, ${s.address.zip} ${s.address.city} geändert; Rechnungen weiterhin an ${s.customer.email}.`,
      extracted: { newAddress: `${s.address.street}, ${s.address.zip} ${s.address.city}`, email: s.customer.email },
    }),
  },
  {
    language: "de",
    campaign: "eco",
    direction: "outbound",
    tone: "neutral",
    escalation: 0,
    weight: 2,
    render: (s) => ({
      turns: [
        ["agent", `Guten Tag, ${s.agent} von Demo Company. Wir rufen im Rahmen unserer Ökostrom-Wechselaktion an. Haben Sie kurz Zeit?`],
        ["customer", "Kurz, ja. Worum geht es genau?"],
        ["agent", `Sie können zu hundert Prozent Ökostrom wechseln und sparen bei Ihrem Verbrauch etwa ${s.saving} Euro im Jahr.`],
        ["customer", "Klingt interessant, aber ich möchte mir das erst in Ruhe ansehen."],
        ["agent", "Verstehe. Darf ich Ihnen das Angebot per E-Mail schicken?"],
        ["customer", `Ja, an ${s.customer.email}. Und rufen Sie mich am ${s.slot(s.callback)} noch mal an.`],
        ["agent", `Mache ich. Das Angebot ist unterwegs, und ich melde mich am ${s.slot(s.callback)}.`],
      ],
      summary: `Interesse am Ökostrom-Tarif (Ersparnis ca. ${s.saving} € im Jahr); Angebot an ${s.customer.email} gesendet, Rückruf am ${s.slot(s.callback)} vereinbart.`,
      extracted: { callbackTime: isoSlot(s.callback), estimatedSaving: s.saving, email: s.customer.email },
    }),
  },
  {
    language: "de",
    campaign: "none",
    direction: "inbound",
    tone: "neutral",
    escalation: 0,
    weight: 2,
    render: (s) => ({
      turns: [
        ["agent", `Demo Company, guten Tag, Sie sprechen mit ${s.agent}.`],
        [
          "customer",
          `Hallo, hier ist ${s.name}${s.customer.company ? ` von ${s.customer.company}` : ""}. Ich hätte gern Informationen zu Ihren Sprachassistenten für unsere Hotline.`,
        ],
        ["agent", "Sehr gern. Damit unser Vertrieb Sie gut beraten kann: Wie viele Anrufe haben Sie ungefähr pro Tag?"],
        ["customer", "So um die zweihundert, zu Stoßzeiten mehr."],
        ["agent", `Danke. Ein Kollege aus dem Vertrieb ruft Sie am ${s.slot(s.callback)} zurück. Passt das?`],
        ["customer", "Ja, gern. Am besten unter dieser Nummer."],
        ["agent", "Notiert. Vielen Dank für Ihren Anruf!"],
      ],
      summary: `Anfrage zu Sprachassistenten für eine Hotline mit etwa 200 Anrufen pro Tag; Rückruf durch den Vertrieb am ${s.slot(s.callback)}.`,
      extracted: { callbackTime: isoSlot(s.callback), callsPerDay: 200, interest: "Hotline" },
    }),
  },
];

interface VoicemailScript {
  language: Language;
  campaign: keyof typeof CAMPAIGNS | "none";
  direction: "inbound" | "outbound";
  render: (scene: Scene) => { speaker: Speaker; text: string; summary: string; extracted: Record<string, unknown> };
}

const VOICEMAILS: VoicemailScript[] = [
  {
    language: "en",
    campaign: "renewal",
    direction: "outbound",
    render: (s) => ({
      speaker: "agent",
      text: `Hi ${s.customer.first}, this is ${s.agent} from Demo Company about your Spring Renewal. Please call us back at ${s.business.spoken}. Thanks!`,
      summary: `Voicemail left for ${s.name} asking for a call back about the renewal.`,
      extracted: { callbackRequested: true },
    }),
  },
  {
    language: "en",
    campaign: "care",
    direction: "inbound",
    render: (s) => ({
      speaker: "customer",
      text: `Hi, this is ${s.name}. I'm calling about my last invoice, please call me back at ${s.customer.phoneSpoken}. Thanks.`,
      summary: `${s.name} left a voicemail about the last invoice and asks for a call back.`,
      extracted: { callbackRequested: true, callbackNumber: s.customer.phone },
    }),
  },
  {
    language: "de",
    campaign: "dentist",
    direction: "outbound",
    render: (s) => ({
      speaker: "agent",
      text: `Guten Tag, hier ist ${s.agent} von der Zahnarztpraxis Dr. Weber. Bitte rufen Sie uns zurück, um Ihren Termin am ${s.slot(s.appointment)} zu bestätigen.`,
      summary: `Nachricht auf der Mailbox von ${s.name}: Bitte um Bestätigung des Termins am ${s.slot(s.appointment)}.`,
      extracted: { appointmentDate: isoSlot(s.appointment), confirmed: false },
    }),
  },
  {
    language: "de",
    campaign: "none",
    direction: "inbound",
    render: (s) => ({
      speaker: "customer",
      text: `Hallo, hier ist ${s.name}. Können Sie mich wegen meines Vertrags zurückrufen? Meine Nummer ist ${s.customer.phoneSpoken}. Danke!`,
      summary: `${s.name} bittet per Mailbox um Rückruf wegen des Vertrags.`,
      extracted: { callbackRequested: true, callbackNumber: s.customer.phone },
    }),
  },
];

const FEEDBACK: Record<Language, Record<1 | 2 | 3 | 4 | 5, string[]>> = {
  en: {
    1: ["Terrible experience.", "I never asked for this call and the agent would not stop talking."],
    2: ["Not very helpful.", "The agent did not understand what I needed."],
    3: ["It was okay.", ""],
    4: ["Quick and friendly.", "Good call, solved my question."],
    5: ["Excellent, thank you!", "Fast and friendly, exactly what I needed."],
  },
  de: {
    1: ["Sehr schlecht.", "Völlig unnötiger Anruf, die Ansage war viel zu aufdringlich."],
    2: ["Nicht hilfreich.", "Hat mein Problem nicht verstanden."],
    3: ["Ganz okay.", ""],
    4: ["Freundlich und schnell.", "Gutes Gespräch, Frage geklärt."],
    5: ["Hervorragend, vielen Dank!", "Super, endlich hat sich jemand gekümmert!"],
  },
};

/* ---------- The plan ---------- */

export interface DemoCallPlan {
  call: Omit<CallInput, "id" | "tenantId">;
  /** Columns beyond what buildCallRow fills in: feedback and a stored analysis. */
  extra: Pick<
    NewCall,
    "feedback_rating" | "feedback_text" | "feedback_at" | "analysis" | "analysis_status" | "analysis_provider" | "analyzed_at" | "sentiment"
  >;
  audio: { seed: number; seconds: number } | null;
  language: Language;
}

const AUDIO_CLIPS = 24;

/** One of a small set of clips, 3.0 to 3.7 seconds long, which the call's recording repeats for the call's whole length (seedDemoCalls). */
function audioClip(random: () => number) {
  const seed = Math.floor(random() * AUDIO_CLIPS);
  return { seed, seconds: 3 + (seed % 8) / 10 };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function pickWeighted<T extends { weight: number }>(random: () => number, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item;
  }
  return items.at(-1)!;
}

/** Speaker turns with start times from a speaking rate and short pauses; returns the turns and the call length. */
function timeTurns(random: () => number, lines: Array<[Speaker, string]>) {
  let clock = 0.4 + random() * 1.2;
  const turns: TranscriptTurn[] = [];
  for (const [speaker, text] of lines) {
    turns.push({ speaker, text, startSeconds: Math.round(clock * 10) / 10 });
    const words = text.split(/\s+/).length;
    clock += words * (0.34 + random() * 0.08) + 0.3 + random() * 1.2;
  }
  return { turns, durationSeconds: Math.ceil(clock + 0.5 + random() * 2) };
}

/** The stored analysis columns, made by the built-in analyzer exactly as a user's "Analyze" would make them. */
function analysed(call: { transcript: TranscriptTurn[]; summary: string; status: "ended" | "voicemail"; endedAt: number }, language: Language, nowMs: number) {
  const result = analyzeTranscript({ transcript: call.transcript, summary: call.summary, language, callStatus: call.status });
  return {
    analysis: JSON.stringify(result),
    analysis_status: "done" as const,
    analysis_provider: result.provider,
    analyzed_at: iso(Math.min(nowMs, call.endedAt + 120_000)),
    sentiment: result.sentiment,
  };
}

interface PlanOptions {
  timeZone: string;
  now: Date;
}

/** A business-hours moment on a day `daysAgo` before today (tenant's zone), never later than `latest`. */
function businessMoment(random: () => number, { timeZone, now }: PlanOptions, daysAgo: number, latest: number) {
  const today = localDateOf(now, timeZone);
  let day = addDays(today, -daysAgo);
  // Few calls at weekends: most weekend picks move to the Friday before.
  const weekday = weekdayOf(day);
  // The roll is made on every day, so the sequence of random numbers (and so the demo) does not depend on the date.
  const moveFromWeekend = random() < 0.8;
  if ((weekday === 0 || weekday === 6) && moveFromWeekend) day = addDays(day, weekday === 0 ? -2 : -1);
  // 9:00 to 18:00 local; on the two daylight-saving days of a year this is off by an hour, which a demo can live with.
  const minuteOfDay = 9 * 60 + Math.floor(random() * 9 * 60);
  let instant = startOfLocalDay(day, timeZone).getTime() + minuteOfDay * 60_000 + Math.floor(random() * 60) * 1000;
  // Today's calls must already be over: step back a day until the call fits before `latest`.
  while (instant > latest) {
    day = addDays(day, -1);
    instant = startOfLocalDay(day, timeZone).getTime() + minuteOfDay * 60_000;
  }
  return { instant, day: localDateOf(new Date(instant), timeZone) };
}

function sceneFor(random: () => number, people: Record<Language, Person[]>, language: Language, campaign: Script["campaign"], day: LocalDate): Scene {
  const customer = pick(random, people[language]);
  const appointment = slotAfter(random, day, 2, 12);
  return {
    customer,
    name: `${customer.first} ${customer.last}`,
    agent: pick(random, AGENTS[campaign][language]),
    business: BUSINESS_LINES[language],
    appointment,
    laterAppointment: { ...slotAfter(random, appointment.date, 3, 9), hour: 14 + Math.floor(random() * 3) },
    callback: slotAfter(random, day, 1, 3),
    bill: 90 + Math.floor(random() * 26) * 10,
    saving: 80 + Math.floor(random() * 25) * 10,
    charge: 8 + Math.floor(random() * 40),
    invoice: `INV-2026-${1000 + Math.floor(random() * 9000)}`,
    ticket: `CC-${String(40_000 + Math.floor(random() * 60_000))}`,
    address: pick(random, DE_ADDRESSES),
    slot: (slot) => spokenSlot(slot, language),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

function partiesOf(direction: "inbound" | "outbound", customer: Person, language: Language) {
  const business = BUSINESS_LINES[language].number;
  return direction === "inbound" ? { from: customer.phone, to: business } : { from: business, to: customer.phone };
}

/**
 * The demo calls as data, before ids and audio exist. Pure and deterministic:
 * the same `now` and zone always give the same plan.
 */
export function planDemoCalls({ timeZone, now }: PlanOptions): DemoCallPlan[] {
  const random = seededRandom(DEMO_SEED);
  const people = makePeople(random);
  const nowMs = now.getTime();
  const plans: DemoCallPlan[] = [];
  const ratedByTone: Record<Sentiment, number> = { positive: 0, neutral: 0, negative: 0 };

  for (let i = 0; i < DEMO_HISTORY_CALLS; i++) {
    // More calls on recent days: a skewed pick of "days ago" over the last ~90 days.
    const daysAgo = Math.floor(HISTORY_DAYS * random() ** 1.7);
    const kind = random();
    const status = kind < 0.09 ? "missed" : kind < 0.16 ? "voicemail" : "ended";
    const externalId = `demo-${String(i + 1).padStart(4, "0")}`;

    if (status === "missed") {
      const language: Language = random() < 0.55 ? "en" : "de";
      const direction = random() < 0.75 ? "inbound" : "outbound";
      const campaign =
        direction === "inbound"
          ? random() < 0.6
            ? "care"
            : "none"
          : language === "en"
            ? pick(random, ["renewal", "solar"] as const)
            : pick(random, ["dentist", "eco"] as const);
      const { instant, day } = businessMoment(random, { timeZone, now }, daysAgo, nowMs - 10 * 60_000);
      const scene = sceneFor(random, people, language, campaign, day);
      const ringSeconds = 15 + Math.floor(random() * 30);
      plans.push({
        language,
        audio: null,
        extra: {},
        call: {
          externalId,
          status,
          direction,
          ...partiesOf(direction, scene.customer, language),
          campaignName: campaign === "none" ? null : CAMPAIGNS[campaign].name,
          campaignType: campaign === "none" ? null : CAMPAIGNS[campaign].type,
          agentName: scene.agent,
          userName: scene.name,
          userCompany: scene.customer.company,
          caller: { name: scene.name, company: scene.customer.company, phone: scene.customer.phone, language },
          durationSeconds: 0,
          queuedAt: iso(instant),
          endedAt: iso(instant + ringSeconds * 1000),
          createdAt: iso(instant + ringSeconds * 1000),
        },
      });
      continue;
    }

    if (status === "voicemail") {
      const script = pick(random, VOICEMAILS);
      const { instant, day } = businessMoment(random, { timeZone, now }, daysAgo, nowMs - 10 * 60_000);
      const scene = sceneFor(random, people, script.language, script.campaign, day);
      const message = script.render(scene);
      const { turns, durationSeconds } = timeTurns(random, [[message.speaker, message.text]]);
      const endedAt = instant + durationSeconds * 1000;
      const withAnalysis = random() < 0.5;
      plans.push({
        language: script.language,
        audio: random() < 0.9 ? audioClip(random) : null,
        extra: withAnalysis ? analysed({ transcript: turns, summary: message.summary, status, endedAt }, script.language, nowMs) : {},
        call: {
          externalId,
          status,
          direction: script.direction,
          ...partiesOf(script.direction, scene.customer, script.language),
          campaignName: script.campaign === "none" ? null : CAMPAIGNS[script.campaign].name,
          campaignType: script.campaign === "none" ? null : CAMPAIGNS[script.campaign].type,
          agentName: scene.agent,
          userName: scene.name,
          userCompany: scene.customer.company,
          caller: { name: scene.name, company: scene.customer.company, phone: scene.customer.phone, language: script.language },
          transcript: turns,
          summary: message.summary,
          durationSeconds,
          extractedData: message.extracted,
          startedAt: iso(instant),
          endedAt: iso(endedAt),
          createdAt: iso(endedAt),
        },
      });
      continue;
    }

    const script = pickWeighted(random, SCRIPTS);
    const { instant, day } = businessMoment(random, { timeZone, now }, daysAgo, nowMs - 15 * 60_000);
    const scene = sceneFor(random, people, script.language, script.campaign, day);
    const rendered = script.render(scene);
    const { turns, durationSeconds } = timeTurns(random, rendered.turns);
    const endedAt = instant + durationSeconds * 1000;
    const escalated = random() < script.escalation;

    // About a quarter of the answered calls got feedback; every fourth rating of a positive call and every
    // second of a negative one contradicts the conversation, so the disagreement view always has rows.
    let feedback: { rating: 1 | 2 | 3 | 4 | 5; text: string } | null = null;
    if (random() < 0.27) {
      const rated = (ratedByTone[script.tone] += 1);
      const contradict = (script.tone === "positive" && rated % 4 === 0) || (script.tone === "negative" && rated % 2 === 0);
      const rating: 1 | 2 | 3 | 4 | 5 = contradict
        ? script.tone === "positive"
          ? 1
          : 5
        : script.tone === "positive"
          ? random() < 0.65
            ? 5
            : 4
          : script.tone === "negative"
            ? random() < 0.6
              ? 1
              : 2
            : random() < 0.6
              ? 3
              : 4;
      feedback = { rating, text: pick(random, FEEDBACK[script.language][rating]) };
    }
    // Every call with feedback has an analysis (so the disagreement view has something); about half of the rest too.
    const withAnalysis = feedback !== null || random() < 0.5;
    const feedbackAt = Math.min(nowMs - 60_000, endedAt + (5 + Math.floor(random() * 36 * 60)) * 60_000);
    plans.push({
      language: script.language,
      audio: random() < 0.9 ? audioClip(random) : null,
      extra: {
        ...(feedback ? { feedback_rating: feedback.rating, feedback_text: feedback.text, feedback_at: iso(feedbackAt) } : {}),
        ...(withAnalysis ? analysed({ transcript: turns, summary: rendered.summary, status, endedAt }, script.language, nowMs) : {}),
      },
      call: {
        externalId,
        status,
        direction: script.direction,
        ...partiesOf(script.direction, scene.customer, script.language),
        campaignName: script.campaign === "none" ? null : CAMPAIGNS[script.campaign].name,
        campaignType: script.campaign === "none" ? null : CAMPAIGNS[script.campaign].type,
        agentName: scene.agent,
        userName: scene.name,
        userCompany: scene.customer.company,
        caller: { name: scene.name, company: scene.customer.company, phone: scene.customer.phone, language: script.language },
        transcript: turns,
        summary: rendered.summary,
        durationSeconds,
        extractedData: rendered.extracted,
        escalated,
        startedAt: iso(instant),
        endedAt: iso(endedAt),
        createdAt: iso(endedAt),
      },
    });
  }

  plans.push(...currentCalls(random, people, { timeZone, now }));
  plans.sort((a, b) => a.call.createdAt.localeCompare(b.call.createdAt));
  return plans;
}

/** Two calls in progress and two waiting, relative to the moment of seeding (they look stale later, which is fine for a demo). */
function currentCalls(random: () => number, people: Record<Language, Person[]>, { timeZone, now }: PlanOptions): DemoCallPlan[] {
  const nowMs = now.getTime();
  const today = localDateOf(now, timeZone);
  const live = [
    SCRIPTS.find((s) => s.campaign === "care" && s.language === "en" && s.tone === "positive")!,
    SCRIPTS.find((s) => s.campaign === "solar" && s.language === "de")!,
  ];
  const plans: DemoCallPlan[] = live.map((script, i) => {
    const scene = sceneFor(random, people, script.language, script.campaign, today);
    const startedAt = nowMs - (2 + i * 3) * 60_000;
    const { turns } = timeTurns(random, script.render(scene).turns.slice(0, 3));
    return {
      language: script.language,
      audio: null,
      extra: {},
      call: {
        externalId: `demo-live-${i + 1}`,
        status: "live",
        direction: script.direction,
        ...partiesOf(script.direction, scene.customer, script.language),
        campaignName: script.campaign === "none" ? null : CAMPAIGNS[script.campaign].name,
        campaignType: script.campaign === "none" ? null : CAMPAIGNS[script.campaign].type,
        agentName: scene.agent,
        userName: scene.name,
        userCompany: scene.customer.company,
        caller: { name: scene.name, company: scene.customer.company, phone: scene.customer.phone, language: script.language },
        transcript: turns,
        startedAt: iso(startedAt),
        createdAt: iso(startedAt),
      },
    };
  });
  const queued: Array<{ language: Language; campaign: keyof typeof CAMPAIGNS; direction: "inbound" | "outbound" }> = [
    { language: "en", campaign: "care", direction: "inbound" },
    { language: "de", campaign: "dentist", direction: "outbound" },
  ];
  queued.forEach(({ language, campaign, direction }, i) => {
    const scene = sceneFor(random, people, language, campaign, today);
    const queuedAt = nowMs - (25 + i * 40) * 1000;
    plans.push({
      language,
      audio: null,
      extra: {},
      call: {
        externalId: `demo-queued-${i + 1}`,
        status: "queued",
        direction,
        ...partiesOf(direction, scene.customer, language),
        campaignName: CAMPAIGNS[campaign].name,
        campaignType: CAMPAIGNS[campaign].type,
        agentName: scene.agent,
        userName: scene.name,
        userCompany: scene.customer.company,
        caller: { name: scene.name, company: scene.customer.company, phone: scene.customer.phone, language },
        queuedAt: iso(queuedAt),
        createdAt: iso(queuedAt),
      },
    });
  });
  return plans;
}

/* ---------- Seeding ---------- */

const INSERT_CHUNK = 50;

// A multi-row insert gives every row the same columns, and a column a row leaves out becomes NULL, not its default.
const UNSET_EXTRAS = {
  audio_file: null,
  audio_mime: null,
  audio_bytes: null,
  feedback_rating: null,
  feedback_text: null,
  feedback_at: null,
  analysis: null,
  analysis_status: "none",
  analysis_provider: null,
  analyzed_at: null,
  sentiment: null,
} as const satisfies Partial<NewCall>;

function durationOf(plan: { call: { durationSeconds?: number | null } }) {
  return plan.call.durationSeconds ?? 0;
}

/**
 * What a voice platform would report a demo call cost, in cents: telephony
 * per started minute, speech-to-text and text-to-speech per second, and the
 * LLM per conversation, so the usage tab has a breakdown to add up.
 */
function demoCost(seconds: number): Partial<NewCall> {
  if (seconds <= 0) return { cost_telephony_minor: null, cost_stt_minor: null, cost_llm_minor: null, cost_tts_minor: null, cost_currency: null };
  return {
    cost_telephony_minor: Math.ceil(seconds / 60) * 2,
    cost_stt_minor: Math.ceil(seconds / 30),
    cost_llm_minor: 3 + Math.floor(seconds / 45),
    cost_tts_minor: Math.ceil(seconds / 40),
    cost_currency: "USD",
  };
}

/** Demo recordings written to the store at once (each a small WAV). */
const AUDIO_WRITES_AT_ONCE = 8;

/**
 * Inserts the demo calls for a tenant. Audio is written first and the rows
 * in one transaction; if the transaction fails, the written files are removed.
 */
export async function seedDemoCalls(
  db: DB,
  tenantId: string,
  timeZone: string,
  { now = new Date(), store = getAudioStore() }: { now?: Date; store?: AudioStore } = {},
) {
  const plans = planDemoCalls({ timeZone, now });
  // Each recording is as long as its call (a listed 0:42 plays 42 s). Calls of the same length share one stored file, made once from
  // the first such call's clip: about 40 lengths instead of 170 files keeps the demo's audio near 12 MB and the seeding fast.
  // Deleting one of them leaves the file to the others (docs/decisions/0058-demo-recordings-as-long-as-their-calls.md).
  const recordings = new Map<number, Promise<{ key: string; size: number }>>();
  const recordingFor = (plan: DemoCallPlan, callId: string) => {
    const seconds = durationOf(plan);
    let stored = recordings.get(seconds);
    if (!stored) {
      const bytes = synthesizeCallRecordingWav({ seed: DEMO_SEED + plan.audio!.seed, seconds, clipSeconds: plan.audio!.seconds });
      stored = store.put({ tenantId, callId, bytes, extension: "wav" });
      recordings.set(seconds, stored);
      stored.then(({ key }) => written.push(key)).catch(() => undefined);
    }
    return stored;
  };

  const written: string[] = [];
  try {
    const rows: NewCall[] = plans.map((plan) => ({
      ...UNSET_EXTRAS,
      ...buildCallRow({ ...plan.call, id: newId(), tenantId }),
      ...plan.extra,
      ...demoCost(durationOf(plan)),
    }));
    // The files are written a few at a time: one after another, 172 round trips to an object store took a second of every seeding.
    let next = 0;
    const writeFiles = async () => {
      for (let index = next++; index < plans.length; index = next++) {
        const plan = plans[index]!;
        const row = rows[index]!;
        if (!plan.audio) continue;
        const { key, size } = await recordingFor(plan, row.id!);
        Object.assign(row, { audio_file: key, audio_mime: "audio/wav", audio_bytes: size, audio_status: "stored" });
      }
    };
    const outcomes = await Promise.allSettled(Array.from({ length: AUDIO_WRITES_AT_ONCE }, writeFiles));
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    if (failed) throw failed.reason;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await trx
          .insertInto("calls")
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
    });
    return { calls: rows.length, audioFiles: recordings.size };
  } catch (error) {
    await Promise.allSettled(written.map((key) => store.delete(key)));
    throw error;
  }
}
