import { describe, expect, it } from "vitest";
import { accountRecipients, personalRecipient, type Candidate } from "./recipients";

const user = (id: string, roleKey: string, areas: string[], disabled = false): Candidate => ({
  id,
  roleKey,
  permissions: Object.fromEntries(areas.map((area) => [area, ["read"]])),
  disabled,
});

const owner = user("owner", "owner", ["billing", "contacts"]);
const admin = user("admin", "admin", ["contacts"]);
const agent = user("agent", "agent", ["contacts"]);
const custom = user("custom", "custom:abc", ["contacts"]);
const disabledAdmin = user("gone", "admin", ["contacts"], true);

describe("accountRecipients", () => {
  it("tells owners and admins who read the area, not other roles, disabled users or the actor", () => {
    const all = [owner, admin, agent, custom, disabledAdmin];
    expect(accountRecipients(all, "contacts")).toEqual(["owner", "admin"]);
    expect(accountRecipients(all, "billing")).toEqual(["owner"]);
    expect(accountRecipients(all, "contacts", "admin")).toEqual(["owner"]);
  });
});

describe("personalRecipient", () => {
  it("tells the named user if they read the area and did not act themselves", () => {
    expect(personalRecipient(agent, "contacts")).toEqual(["agent"]);
    expect(personalRecipient(agent, "service-desk")).toEqual([]);
    expect(personalRecipient(agent, "contacts", "agent")).toEqual([]);
    expect(personalRecipient(disabledAdmin, "contacts")).toEqual([]);
    expect(personalRecipient(undefined, "contacts")).toEqual([]);
  });
});
