import { classifyContact } from "~/features/campaigns/prelaunch";
import { localPartsAt, zonedTimeToInstant } from "~/lib/dates/zoned-time";
import { timeZoneForPhone } from "~/features/phone/time-zone.server";
import { newId, type DB } from "~/db/db.server";
import { buildCallRow } from "~/features/calls/call-row";

/**
 * Demo contacts, lists, business numbers, knowledge bases and campaigns for
 * the demo tenant, inserted directly (the feature modules validate input;
 * this data is known to be valid). Runs once, on an empty database, as part
 * of seedDemoData. Everything is fixed except the dates, which follow the day
 * it is seeded.
 */

interface DemoContact {
  first: string;
  last: string;
  title: string;
  company: string;
  phone: string;
  email: string;
  optedOut?: boolean;
}

/** About thirty leads: Toronto and other North American zones, a few UK and German numbers, one opted out. */
const SPRING_LEADS: DemoContact[] = [
  {
    first: "Sarah",
    last: "Thompson",
    title: "Office Manager",
    company: "Maple Leaf Dental",
    phone: "+14165550123",
    email: "sarah.thompson@mapleleafdental.example",
  },
  { first: "Michael", last: "O'Brien", title: "Owner", company: "Northwind Traders", phone: "+16475550142", email: "michael@northwind.example" },
  { first: "Priya", last: "Patel", title: "Operations Lead", company: "Lakeshore Logistics", phone: "+14165550131", email: "priya.patel@lakeshore.example" },
  { first: "David", last: "Chen", title: "Owner", company: "Chen & Sons Plumbing", phone: "+16475550177", email: "" },
  { first: "Emily", last: "Carter", title: "", company: "", phone: "+14165550164", email: "emily.carter@mail.example" },
  { first: "Noah", last: "Tremblay", title: "Project Manager", company: "Tremblay Construction", phone: "+15145550190", email: "noah@tremblay.example" },
  { first: "Liam", last: "Murphy", title: "Manager", company: "Harbourfront Café", phone: "+16135550158", email: "liam@harbourfront.example" },
  { first: "Chloé", last: "Gagnon", title: "Creative Director", company: "Gagnon Design Studio", phone: "+15145550118", email: "chloe@gagnon.example" },
  { first: "Grace", last: "Lee", title: "Pharmacist", company: "Lee Family Pharmacy", phone: "+14165550187", email: "grace@leepharmacy.example" },
  { first: "Daniel", last: "Nguyen", title: "Owner", company: "Nguyen Auto Repair", phone: "+16475550105", email: "" },
  { first: "Olivia", last: "Martin", title: "Broker", company: "Bayview Realty", phone: "+14165550149", email: "olivia@bayview.example", optedOut: true },
  {
    first: "Jessica",
    last: "Alvarez",
    title: "Practice Manager",
    company: "Brooklyn Family Dental",
    phone: "+12125550187",
    email: "jessica@brooklyndental.example",
  },
  {
    first: "Marcus",
    last: "Johnson",
    title: "Facilities Director",
    company: "Hudson Property Group",
    phone: "+12125550136",
    email: "mjohnson@hudsonpg.example",
  },
  { first: "Rachel", last: "Goldberg", title: "CFO", company: "Biscayne Insurance", phone: "+13055550147", email: "rachel@biscayne.example" },
  { first: "Tyler", last: "Brooks", title: "Owner", company: "Windy City Roofing", phone: "+13125550164", email: "tyler@windycityroofing.example" },
  { first: "Monica", last: "Reyes", title: "Office Manager", company: "Bayou Pediatrics", phone: "+17135550162", email: "" },
  { first: "Kevin", last: "Walsh", title: "General Manager", company: "Front Range Solar", phone: "+13035550119", email: "kevin@frontrangesolar.example" },
  { first: "Hannah", last: "Kim", title: "Head of Sales", company: "Golden Gate Coffee", phone: "+14155550176", email: "hannah@ggcoffee.example" },
  { first: "Brandon", last: "Scott", title: "", company: "", phone: "+12065550133", email: "brandon.scott@mail.example" },
  { first: "Emma", last: "Fraser", title: "Owner", company: "Granville Florists", phone: "+16045550111", email: "emma@granvilleflorists.example" },
  {
    first: "Ryan",
    last: "MacDonald",
    title: "Operations Manager",
    company: "Prairie Fleet Services",
    phone: "+14035550199",
    email: "ryan@prairiefleet.example",
  },
  { first: "Sophie", last: "Leblanc", title: "Clinic Director", company: "Harbour Physio", phone: "+19025550131", email: "sophie@harbourphysio.example" },
  { first: "Ethan", last: "Wright", title: "", company: "", phone: "+14165550172", email: "" },
  { first: "Aisha", last: "Khan", title: "Procurement", company: "Humber Medical Supply", phone: "+16475550126", email: "aisha.khan@humbermed.example" },
  { first: "Lucas", last: "Silva", title: "Owner", company: "Silva Landscaping", phone: "+14165550195", email: "lucas@silvalandscaping.example" },
  { first: "Oliver", last: "Bennett", title: "Practice Manager", company: "Camden Dental Care", phone: "+442079460123", email: "oliver@camdendental.example" },
  { first: "Charlotte", last: "Hughes", title: "Director", company: "Hughes & Co Estates", phone: "+447700900456", email: "charlotte@hughesestates.example" },
  {
    first: "Jürgen",
    last: "Müller",
    title: "Geschäftsführer",
    company: "Müller Haustechnik GmbH",
    phone: "+493012345678",
    email: "j.mueller@mueller-haustechnik.example",
  },
  {
    first: "Anna",
    last: "Schäfer",
    title: "Praxismanagerin",
    company: "Zahnarztpraxis Schäfer",
    phone: "+498912345678",
    email: "anna@praxis-schaefer.example",
  },
  { first: "Mehmet", last: "Özil", title: "Inhaber", company: "Özil Handels GmbH", phone: "+494012345670", email: "" },
];

const WEBINAR_ATTENDEES: DemoContact[] = [
  { first: "Nora", last: "Fischer", title: "Marketing Lead", company: "Lakeside Fitness", phone: "+14165550211", email: "nora@lakesidefitness.example" },
  { first: "Samuel", last: "Okafor", title: "Founder", company: "Okafor Consulting", phone: "+16475550224", email: "sam@okafor.example" },
  { first: "Isabelle", last: "Roy", title: "Office Manager", company: "Roy Chiropractic", phone: "+15145550236", email: "isabelle@roychiro.example" },
  { first: "Jacob", last: "Miller", title: "Owner", company: "Miller HVAC", phone: "+13125550248", email: "jacob@millerhvac.example" },
  {
    first: "Mia",
    last: "Wagner",
    title: "Teamleiterin Vertrieb",
    company: "Wagner Solar GmbH",
    phone: "+493055501234",
    email: "mia.wagner@wagner-solar.example",
  },
  { first: "Lily", last: "Evans", title: "Receptionist", company: "Islington Vets", phone: "+442071234567", email: "lily@islingtonvets.example" },
  { first: "Arjun", last: "Mehta", title: "IT Manager", company: "Mehta Accounting", phone: "+14165550259", email: "arjun@mehta-accounting.example" },
  { first: "Zoe", last: "Campbell", title: "", company: "", phone: "+16045550263", email: "zoe.campbell@mail.example" },
  { first: "Henry", last: "Park", title: "Sales Director", company: "Pacific Dental Labs", phone: "+14155550271", email: "henry@pacificdentallabs.example" },
  { first: "Laura", last: "Becker", title: "Praxisinhaberin", company: "Physiotherapie Becker", phone: "+498912345699", email: "laura@physio-becker.example" },
];

/** How the completed demo campaign's calls ended, in turn: answered (the call's "ended"), voicemail, no answer (missed), or failed to place. */
const WEBINAR_RESULTS = ["ended", "ended", "voicemail", "ended", "missed", "failed", "ended", "missed"] as const;

const OUTBOUND_CONTENT = `Maple Leaf Business Services helps small and mid-sized companies in Ontario keep their phones answered and their calendars full.
You are calling leads who asked about our services in the spring. Introduce yourself as the Maple Leaf assistant, confirm you are speaking with the right person and ask whether now is a good time.
Offer a free 20-minute consultation with an advisor, on weekdays between 9 am and 5 pm Eastern time. If the person agrees, collect their preferred date and time and an email address for the confirmation.
Pricing: the Starter plan is CA$49 per month for one line, Growth is CA$149 per month for up to five lines; both can be cancelled monthly.
If the person asks not to be called again, apologise, confirm that they will be removed from the list and end the call politely.`;

const INBOUND_CONTENT = `You answer the main line of Maple Leaf Business Services. Opening hours are Monday to Friday, 8:30 am to 6 pm Eastern time; the office is at 100 King Street West, Toronto.
Help callers with billing questions, plan changes and appointment bookings with an advisor. For billing questions ask for the account email and the invoice number; never read out full card numbers.
If the caller wants to speak to a person, or is upset, transfer the call to the support desk. Outside opening hours, offer to take a message with a name, number and the best time to call back.
Answer in the caller's language: English, French or German.`;

/** 10:00 on the last weekday at least `days` days before `from`, in the zone. */
/** A Tuesday, Wednesday or Thursday at least `days` ahead, so the demo's pre-launch check has contacts inside the weekday window. */
function midweekDayAfter(from: Date, days: number, timeZone: string) {
  for (let offset = days; ; offset++) {
    const day = new Date(from.getTime() + offset * 86_400_000).toLocaleDateString("en-CA", { timeZone });
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday >= 2 && weekday <= 4) return day;
  }
}

function weekdayMorningBefore(from: Date, days: number, timeZone: string) {
  let day = new Date(from.getTime() - days * 86_400_000);
  while (localPartsAt(day, timeZone).weekday > 5) day = new Date(day.getTime() - 86_400_000);
  const local = localPartsAt(day, timeZone);
  return zonedTimeToInstant({ year: local.year, month: local.month, day: local.day, hour: 10, minute: 0 }, timeZone);
}

export async function seedDemoContactsAndCampaigns(db: DB, tenantId: string, timeZone: string) {
  const seededAt = new Date();
  const minutesAgo = (minutes: number) => new Date(seededAt.getTime() - minutes * 60_000).toISOString();

  await db.transaction().execute(async (trx) => {
    const listIds = { spring: newId(), webinar: newId() };
    await trx
      .insertInto("contact_lists")
      .values([
        {
          id: listIds.spring,
          tenant_id: tenantId,
          name: "Spring leads",
          name_key: "spring leads",
          created_at: minutesAgo(60 * 24 * 20),
          updated_at: minutesAgo(60 * 24 * 20),
        },
        {
          id: listIds.webinar,
          tenant_id: tenantId,
          name: "Webinar attendees",
          name_key: "webinar attendees",
          created_at: minutesAgo(60 * 24 * 12),
          updated_at: minutesAgo(60 * 24 * 12),
        },
      ])
      .execute();

    const contactRows = (listId: string, contacts: DemoContact[], ageDays: number) =>
      contacts.map((contact, index) => {
        const created = minutesAgo(60 * 24 * ageDays - index * 17);
        return {
          id: newId(),
          tenant_id: tenantId,
          list_id: listId,
          first_name: contact.first,
          last_name: contact.last,
          title: contact.title,
          company: contact.company,
          phone: contact.phone,
          email: contact.email,
          time_zone: timeZoneForPhone(contact.phone),
          opted_out_at: contact.optedOut ? minutesAgo(60 * 24 * 3) : null,
          created_at: created,
          updated_at: created,
        };
      });
    const springContacts = contactRows(listIds.spring, SPRING_LEADS, 20);
    const webinarContacts = contactRows(listIds.webinar, WEBINAR_ATTENDEES, 12);
    await trx
      .insertInto("contacts")
      .values([...springContacts, ...webinarContacts])
      .execute();

    const numberIds = { main: newId(), sales: newId() };
    await trx
      .insertInto("phone_numbers")
      .values([
        {
          id: numberIds.main,
          tenant_id: tenantId,
          e164: "+14165550100",
          label: "Main line",
          created_at: minutesAgo(60 * 24 * 30),
          updated_at: minutesAgo(60 * 24 * 30),
        },
        {
          id: numberIds.sales,
          tenant_id: tenantId,
          e164: "+16475550199",
          label: "Sales",
          created_at: minutesAgo(60 * 24 * 25),
          updated_at: minutesAgo(60 * 24 * 25),
        },
      ])
      .execute();

    await trx
      .insertInto("knowledge_bases")
      .values([
        {
          id: newId(),
          tenant_id: tenantId,
          phone_number_id: numberIds.main,
          name: "Spring lead outreach",
          type: "outbound",
          voice: "ava",
          first_message: "Hi, this is the Maple Leaf assistant calling about your enquiry this spring. Is now a good time?",
          content: OUTBOUND_CONTENT,
          tool_name: "book_consultation",
          template: "lead-qualification",
          transfer_mode: "none",
          transfer_numbers: "[]",
          source_file_name: null,
          is_default: 1,
          has_assistant: 1,
          created_at: minutesAgo(60 * 24 * 28),
          updated_at: minutesAgo(60 * 24 * 28),
        },
        {
          id: newId(),
          tenant_id: tenantId,
          phone_number_id: numberIds.main,
          name: "Main line reception",
          type: "inbound",
          voice: "noah",
          first_message: "Thank you for calling Maple Leaf Business Services. How can I help you today?",
          content: INBOUND_CONTENT,
          tool_name: "",
          template: "customer-support",
          transfer_mode: "warm",
          transfer_numbers: JSON.stringify(["+14165550101"]),
          source_file_name: null,
          is_default: 0,
          has_assistant: 1,
          created_at: minutesAgo(60 * 24 * 27),
          updated_at: minutesAgo(60 * 24 * 27),
        },
      ])
      .execute();

    const scheduleDay = midweekDayAfter(seededAt, 14, timeZone);
    await trx
      .insertInto("campaigns")
      .values({
        id: newId(),
        tenant_id: tenantId,
        name: "Spring lead follow-up",
        contact_list_id: listIds.spring,
        phone_number_id: numberIds.main,
        type: "outbound",
        sending_type: "scheduled",
        frequency: null,
        schedule_local: `${scheduleDay}T10:00`,
        window_days: "[1,2,3,4,5]",
        window_start_minute: 9 * 60,
        window_end_minute: 17 * 60,
        status: "draft",
        next_run_at: null,
        last_run_at: null,
        created_at: minutesAgo(60 * 24 * 2),
        updated_at: minutesAgo(60 * 24 * 2),
      })
      .execute();

    // The completed campaign ran on the weekday morning about five days ago; each attendee is judged as the runner would have.
    const window = { days: [1, 2, 3, 4, 5], startMinute: 9 * 60, endMinute: 18 * 60 };
    const ranAt = weekdayMorningBefore(seededAt, 5, timeZone);
    const at = (minutes: number) => new Date(ranAt.getTime() + minutes * 60_000).toISOString();
    const completedId = newId();
    const runId = newId();
    const decisions = webinarContacts.map((contact) => ({
      contact,
      decision: classifyContact({ id: contact.id, phone: contact.phone, timeZone: contact.time_zone, optedOut: false }, false, {
        window,
        tenantTimeZone: timeZone,
        at: ranAt,
      }),
    }));
    const finishedAt = at(decisions.length * 0.5 + 0.5);
    await trx
      .insertInto("campaigns")
      .values({
        id: completedId,
        tenant_id: tenantId,
        name: "Webinar thank-you calls",
        contact_list_id: listIds.webinar,
        // Its contacts are asked to rate each answered call by email (docs/product/feedback.md#rating-link).
        request_feedback: 1,
        phone_number_id: numberIds.main,
        type: "outbound",
        sending_type: "immediate",
        frequency: null,
        schedule_local: null,
        window_days: JSON.stringify(window.days),
        window_start_minute: window.startMinute,
        window_end_minute: window.endMinute,
        status: "completed",
        next_run_at: null,
        last_run_at: finishedAt,
        created_at: at(-60),
        updated_at: finishedAt,
      })
      .execute();
    await trx
      .insertInto("campaign_runs")
      .values({
        id: runId,
        tenant_id: tenantId,
        campaign_id: completedId,
        run_key: `manual-${ranAt.toISOString()}`,
        status: "done",
        lease_owner: null,
        lease_until: null,
        called_count: decisions.filter((entry) => entry.decision.action === "call").length,
        skipped_count: decisions.filter((entry) => entry.decision.action === "skip").length,
        started_at: ranAt.toISOString(),
        finished_at: finishedAt,
      })
      .execute();
    const statusEntry = (created: string, status: string) => ({
      id: newId(),
      tenant_id: tenantId,
      campaign_id: completedId,
      run_id: null,
      contact_id: null,
      kind: "status" as const,
      phone: null,
      reason: status,
      platform_call_id: null,
      detail: null,
      created_at: created,
    });
    // Its calls were placed (before the demo's voice platform was disconnected) and came to varied ends, so its results have something to show.
    let called = 0;
    const placed = decisions.map(({ contact, decision }, index) => {
      if (decision.action !== "call") return { contact, decision, index, result: null };
      const result = WEBINAR_RESULTS[called % WEBINAR_RESULTS.length]!;
      called += 1;
      return { contact, decision, index, result, externalId: `demo-webinar-${called}` };
    });
    await trx
      .insertInto("campaign_activity")
      .values([
        statusEntry(at(0), "running"),
        ...placed.map(({ contact, decision, index, result, externalId }) => ({
          id: newId(),
          tenant_id: tenantId,
          campaign_id: completedId,
          run_id: runId,
          contact_id: contact.id,
          kind: decision.action === "skip" ? ("skipped" as const) : result === "failed" ? ("failed" as const) : ("placed" as const),
          phone: contact.phone,
          reason: decision.action === "skip" ? decision.reason : null,
          platform_call_id: result && result !== "failed" ? externalId! : null,
          detail: result === "failed" ? "The voice platform answered 503: the number's carrier is unavailable." : null,
          created_at: at(0.5 + index * 0.5),
        })),
        statusEntry(finishedAt, "completed"),
      ])
      .execute();
    const callRows = placed.flatMap(({ contact, index, result, externalId }) => {
      if (!result || result === "failed") return [];
      const started = new Date(Date.parse(at(0.5 + index * 0.5)) + 5_000);
      const seconds = result === "ended" ? 48 + index * 9 : result === "voicemail" ? 22 : 0;
      const ended = new Date(started.getTime() + (seconds || 30) * 1000).toISOString();
      const name = `${contact.first_name} ${contact.last_name}`;
      return [
        {
          ...buildCallRow({
            id: newId(),
            tenantId,
            externalId: externalId!,
            status: result,
            direction: "outbound",
            from: "+14165550100",
            to: contact.phone,
            campaignName: "Webinar thank-you calls",
            campaignType: "outbound",
            agentName: "Maple Leaf assistant",
            userName: name,
            userCompany: contact.company || null,
            caller: { name, company: contact.company, phone: contact.phone },
            transcript:
              result === "ended"
                ? [
                    { speaker: "agent", text: `Hi ${contact.first_name}, thanks for joining our webinar. Do you have a minute?`, startSeconds: 1 },
                    { speaker: "customer", text: "Sure, it was useful. I'd like to hear more about the Growth plan.", startSeconds: 7 },
                  ]
                : null,
            summary: result === "ended" ? "Thanked for attending the webinar; interested in the Growth plan." : null,
            durationSeconds: seconds,
            queuedAt: started.toISOString(),
            startedAt: result === "missed" ? null : started.toISOString(),
            endedAt: ended,
            createdAt: ended,
          }),
          // What the platform reported the call cost, in cents (as the demo's call history does).
          ...(seconds > 0
            ? {
                cost_telephony_minor: Math.ceil(seconds / 60) * 2,
                cost_stt_minor: Math.ceil(seconds / 30),
                cost_llm_minor: 3 + Math.floor(seconds / 45),
                cost_tts_minor: Math.ceil(seconds / 40),
                cost_currency: "USD",
              }
            : { cost_telephony_minor: null, cost_stt_minor: null, cost_llm_minor: null, cost_tts_minor: null, cost_currency: null }),
        },
      ];
    });
    if (callRows.length > 0) await trx.insertInto("calls").values(callRows).execute();
  });
}
