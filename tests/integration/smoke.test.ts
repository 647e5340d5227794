import { beforeAll, describe, expect, it } from "vitest";
import * as login from "~/routes/_auth.login";
import * as overview from "~/routes/_dashboard.overview";
import { loadContext, makeRequest, prepareTestDatabase, redirectLocation, sessionCookieFor, settle, unwrap } from "../support/app";

beforeAll(prepareTestDatabase);

describe("harness", () => {
  it("signs in the demo owner", async () => {
    const result = await settle(() => login.action({ request: makeRequest("/login", { form: { email: "owner@demo.test", password: "Demo-pass-2026!" } }), params: {}, context: loadContext() }));
    expect(redirectLocation(result)).toBe("/overview");
  });
  it("loads the overview for a signed-in owner", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const result = await settle(() => overview.loader({ request: makeRequest("/overview", { cookie }), params: {}, context: loadContext() }));
    expect(unwrap(result).status).toBe(200);
  });
});
