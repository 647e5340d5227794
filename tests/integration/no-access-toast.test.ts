import { beforeAll, describe, expect, it } from "vitest";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { popToast } from "~/lib/toast/toast.server";
import * as root from "~/root";
import * as dashboard from "~/routes/_dashboard+/_layout";
import * as campaigns from "~/routes/_dashboard+/campaigns+/_index";
import * as overview from "~/routes/_dashboard+/overview";
import { callLoader, cookiesFrom, makeRequest, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";

let agent: string;
let owner: string;

beforeAll(async () => {
  await prepareTestDatabase();
  agent = await sessionCookieFor("agent@demo.test");
  owner = await sessionCookieFor("owner@demo.test");
});

async function toastOf(result: unknown) {
  if (!(result instanceof Response)) return null;
  return (await popToast(makeRequest("/overview", { cookie: cookiesFrom(result) }))).toast;
}

describe("a screen the user may not read", () => {
  it("sends a read-only agent from /campaigns to the overview and says why", async () => {
    for (const loader of [dashboard.loader, campaigns.loader]) {
      const result = await callLoader(loader, "/campaigns", { cookie: agent });
      expect(redirectLocation(result)).toBe("/overview");
      expect(await toastOf(result)).toEqual({ type: "error", key: "errors.noAccess" });
    }
  });

  it("says it on the overview the redirect lands on, once, in the user's language", async () => {
    const redirected = (await callLoader(campaigns.loader, "/campaigns", { cookie: agent })) as Response;
    const cookie = cookiesFrom(redirected, agent);
    const landed = unwrap(await callLoader(root.loader, "/overview", { cookie }));
    expect(landed.value).toMatchObject({ toast: { type: "error", key: "errors.noAccess" } });
    expect(unwrap(await callLoader(overview.loader, "/overview", { cookie })).status).toBe(200);
    // The root loader clears the flash: a reload shows the overview without the message.
    const next = cookiesFrom(new Response(null, { headers: landed.headers }), cookie);
    expect(unwrap(await callLoader(root.loader, "/overview", { cookie: next })).value).toMatchObject({ toast: null });

    expect((await getTranslatorFor("en"))("errors.noAccess")).toBe("You don't have access to that page.");
    expect((await getTranslatorFor("de"))("errors.noAccess")).toBe("Sie haben keinen Zugriff auf diese Seite.");
  });

  it("adds no message to a screen the user may read", async () => {
    const allowed = await callLoader(campaigns.loader, "/campaigns", { cookie: owner });
    expect(redirectLocation(allowed)).toBeNull();
    expect(
      unwrap(allowed)
        .headers.getSetCookie()
        .some((value) => value.startsWith("__toast=")),
    ).toBe(false);
  });
});
