/**
 * Issue 22, item 7: the Cal.com webhook secret was shown in full on every
 * /calcom visit. Like an API key or a CRM webhook secret it is now handed out
 * once, in the answer that made it (connect, regenerate), never cached, and
 * later visits name its last four characters only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { openSecret } from "~/lib/security/secrets.server";
import * as calcomRoute from "~/routes/_dashboard+/calcom";
import { callAction, callLoader, prepareTestDatabase, unwrap } from "../support/app";
import { renderPage } from "../support/render-page";
import { schedulingWorld, type SchedulingWorld } from "../support/scheduling";
import { startCalcomStub, type CalcomStub } from "../support/stubs/calcom-stub";

let world: SchedulingWorld;
let stub: CalcomStub;

beforeAll(async () => {
  await prepareTestDatabase();
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "1");
  resetEnvCache();
  world = await schedulingWorld();
  stub = await startCalcomStub({ user: { email: world.hosts[1]!.email } });
});
afterAll(async () => {
  await stub.close();
  vi.unstubAllEnvs();
  resetEnvCache();
});

const storedSecret = async () =>
  openSecret(
    (
      await getDb()
        .selectFrom("calcom_connections")
        .select("webhook_secret_sealed")
        .where("organization_id", "=", world.organizationId)
        .executeTakeFirstOrThrow()
    ).webhook_secret_sealed,
  );

async function visit() {
  const { value } = unwrap(await callLoader(calcomRoute.loader, "/calcom", { cookie: world.cookie }));
  return { data: JSON.stringify(value), html: await renderPage(calcomRoute.default, value, "/calcom") };
}

describe("issue 22 item 7: the Cal.com webhook secret is shown once", () => {
  it("hands the secret out in the connect answer only, uncached; later visits show its last four characters", async () => {
    const connected = unwrap(
      await callAction(calcomRoute.action, "/calcom", {
        cookie: world.cookie,
        form: { intent: "connect", apiKey: stub.apiKey, baseUrl: stub.baseUrl, teamId: world.teamId },
      }),
    );
    const secret = await storedSecret();
    expect(connected.status).toBe(200);
    expect(connected.headers.get("Cache-Control")).toBe("no-store");
    expect(connected.value).toMatchObject({ webhookSecret: secret });
    for (let i = 0; i < 2; i++) {
      const { data, html } = await visit();
      expect(data).not.toContain(secret);
      expect(html).not.toContain(secret);
      expect(html).toContain(`••••${secret.slice(-4)}`);
    }
  });

  it("hands a regenerated secret out once too", async () => {
    const before = await storedSecret();
    const regenerated = unwrap(await callAction(calcomRoute.action, "/calcom", { cookie: world.cookie, form: { intent: "regenerate-secret" } }));
    const secret = await storedSecret();
    expect(secret).not.toBe(before);
    expect(regenerated.headers.get("Cache-Control")).toBe("no-store");
    expect(regenerated.value).toMatchObject({ webhookSecret: secret });
    const { data, html } = await visit();
    expect(data).not.toContain(secret);
    expect(html).not.toContain(secret);
  });
});
