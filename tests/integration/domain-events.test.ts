import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, newId, now } from "~/db/db.server";
import { createContact } from "~/features/contacts/contacts.server";
import { createIntegration, endpointSettingsOf, getIntegration, saveEndpointSettings, templateOf } from "~/features/integrations/integrations.server";
import { getTemplate } from "~/features/integrations/templates/templates.server";
import { JobRunner } from "~/features/jobs/job-runner.server";
import { bookAppointment, type BookingRequest } from "~/features/scheduling/booking/booking.server";
import { ensureSubscriptions, subscribe } from "~/lib/events/bus.server";
import { sealSecret } from "~/lib/security/secrets.server";
import { prepareTestDatabase } from "../support/app";
import { appointmentEmailsTo, instantAt, readInvitation, schedulingWorld, weekdayAhead, type SchedulingWorld } from "../support/scheduling";
import { startCalcomStub, type CalcomStub } from "../support/stubs/calcom-stub";

/*
 * Domain events (docs/decisions/0028-domain-events.md): a change announces
 * itself inside its own transaction, and what its subscribers set off (CRM
 * deliveries, outbox jobs) commits with it or not at all; the job runner then
 * carries out the outbox jobs (the Cal.com push, the contact's email).
 */

/** A subscriber of this file's own, registered after the app's: when set, it refuses, and the whole change must roll back. */
let refuse = false;
const refusal = async () => {
  if (refuse) throw new Error("refused for the test");
};

const db = () => getDb();
const stubs: CalcomStub[] = [];

beforeAll(async () => {
  await prepareTestDatabase();
  // The app's subscribers first, so the refusal comes after their work is queued.
  await ensureSubscriptions();
  subscribe("contact.created", refusal);
  subscribe("appointment.booked", refusal);
});

afterAll(async () => {
  while (stubs.length > 0) await stubs.pop()!.close();
});

function bookingRequest(world: SchedulingWorld, clock = "10:00"): BookingRequest {
  return {
    eventType: world.eventType,
    organizationId: world.organizationId,
    start: instantAt(weekdayAhead(world.timeZone, 3), clock, world.timeZone),
    contact: { id: world.contact.id, name: world.contact.name, email: world.contact.email, phone: world.contact.phone },
    source: "dashboard",
    actor: { kind: "user", userId: world.ownerId },
    fallbackTimeZone: world.timeZone,
  };
}

function jobsOf(tenantId: string) {
  return db().selectFrom("outbox_jobs").selectAll().where("tenant_id", "=", tenantId).orderBy("created_at").execute();
}

/** One pass of the real job runner, as the server's would run after the route kicked it. */
function runnerPass() {
  return new JobRunner({ intervalMs: 60_000, owner: `events-test-${newId().slice(0, 6)}` }).tick();
}

/** An integration of the world's organization that syncs contacts (createUser), so a contact.created queues a delivery. */
async function contactSyncingIntegration(world: SchedulingWorld) {
  const integrationId = await createIntegration(world.tenantId, world.organizationId, getTemplate("gym-management")!, {
    baseUrl: "https://api.clubcore.example/v1",
    secret: "gym-key-for-domain-events",
    settings: { clubId: "c1", locationId: "l1", eventTypeId: "e1" },
  });
  const integration = (await getIntegration(world.tenantId, integrationId))!;
  await saveEndpointSettings(world.tenantId, integrationId, {
    ...endpointSettingsOf(integration, templateOf(integration)),
    createUser: { enabled: true, includeInSync: true },
  });
  return integrationId;
}

describe("subscribers work in the transaction of the change", () => {
  it("when the change rolls back, nothing its subscribers queued stays; when it commits, all of it does", async () => {
    const world = await schedulingWorld();
    const integrationId = await contactSyncingIntegration(world);
    const deliveries = () => db().selectFrom("integration_deliveries").select(["event", "record_id"]).where("integration_id", "=", integrationId).execute();
    const contact = {
      listId: world.listId,
      firstName: "Rolf",
      lastName: "Back",
      title: "",
      company: "",
      phone: "+12025550177",
      email: "rolf@example.test",
      optedOut: false,
    };

    refuse = true;
    try {
      await expect(createContact(world.tenantId, contact, "US")).rejects.toThrow("refused for the test");
      await expect(bookAppointment(world.tenantId, bookingRequest(world))).rejects.toThrow("refused for the test");
    } finally {
      refuse = false;
    }
    expect(await db().selectFrom("contacts").select("id").where("tenant_id", "=", world.tenantId).where("phone", "=", contact.phone).execute()).toEqual([]);
    expect(await db().selectFrom("appointments").select("id").where("tenant_id", "=", world.tenantId).execute()).toEqual([]);
    expect(await deliveries()).toEqual([]);
    expect(await jobsOf(world.tenantId)).toEqual([]);

    const saved = await createContact(world.tenantId, contact, "US");
    const booked = await bookAppointment(world.tenantId, bookingRequest(world));
    expect(saved.ok && booked.kind).toBe("booked");
    expect(await deliveries()).toEqual([{ event: "contact.created", record_id: saved.ok ? saved.id : "" }]);
    expect((await jobsOf(world.tenantId)).map((job) => job.kind)).toEqual(["appointment.notice"]);
    // Its deliveries would go to a host the tests cannot reach; the runner passes below must not try.
    await db().updateTable("integrations").set({ status: "disabled" }).where("id", "=", integrationId).execute();
  });
});

describe("an appointment change queues its email or Cal.com push with it, and the job runner sends it", () => {
  it("a booking of an ordinary event type: the email is a queued job until the runner's pass sends it", async () => {
    const world = await schedulingWorld();
    const outcome = await bookAppointment(world.tenantId, bookingRequest(world));
    expect(outcome.kind).toBe("booked");
    const id = outcome.kind === "booked" ? outcome.appointmentId : "";

    const [job] = await jobsOf(world.tenantId);
    expect(job).toMatchObject({ kind: "appointment.notice", status: "queued", attempts: 0 });
    expect(JSON.parse(job!.payload)).toEqual({ appointmentId: id, change: "booked" });
    expect(appointmentEmailsTo(world.contact.email)).toHaveLength(0);

    await runnerPass();
    const emails = appointmentEmailsTo(world.contact.email);
    expect(emails).toHaveLength(1);
    expect(readInvitation(emails[0]!.attachments![0]!.content)).toMatchObject({ method: "REQUEST", uid: `${id}@voxboard` });
    expect(await jobsOf(world.tenantId)).toMatchObject([{ kind: "appointment.notice", status: "done", attempts: 1 }]);

    // Done is done: another pass sends nothing again.
    await runnerPass();
    expect(appointmentEmailsTo(world.contact.email)).toHaveLength(1);
  });

  it("a booking of an event type from Cal.com: the push is a queued job until the runner's pass makes the booking there; no email", async () => {
    const world = await schedulingWorld();
    const stub = await startCalcomStub();
    stubs.push(stub);
    const stamp = now();
    await db()
      .insertInto("calcom_connections")
      .values({
        id: newId(),
        tenant_id: world.tenantId,
        organization_id: world.organizationId,
        team_id: world.teamId,
        base_url: stub.baseUrl,
        api_key_sealed: sealSecret(stub.apiKey),
        api_key_last4: stub.apiKey.slice(-4),
        webhook_secret_sealed: sealSecret("calcom-webhook-secret-for-tests"),
        account_email: stub.user.email,
        account_time_zone: stub.user.timeZone,
        // Synced just now: the runner's scheduled pull is not due, so the stub sees the push alone.
        last_sync_at: stamp,
        last_sync_error: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await db().updateTable("event_types").set({ calcom_event_type_id: "1001" }).where("id", "=", world.eventType.id).execute();

    const outcome = await bookAppointment(world.tenantId, bookingRequest(world, "11:00"));
    expect(outcome.kind).toBe("booked");
    const id = outcome.kind === "booked" ? outcome.appointmentId : "";
    expect((await jobsOf(world.tenantId)).map((job) => [job.kind, job.status])).toEqual([["calcom.push", "queued"]]);
    expect(stub.bookings()).toHaveLength(0);

    await runnerPass();
    const row = await db().selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.calcom_uid).toBeTruthy();
    expect(stub.booking(row.calcom_uid!)).toMatchObject({ status: "accepted", start: row.start_at, eventTypeId: 1001, metadata: { voxboardId: id } });
    expect(stub.requests.filter((request) => request.method === "POST" && request.path === "/v2/bookings")).toHaveLength(1);
    expect((await jobsOf(world.tenantId)).map((job) => [job.kind, job.status])).toEqual([["calcom.push", "done"]]);
    expect(appointmentEmailsTo(world.contact.email)).toHaveLength(0);
  });
});
