import { describe, expect, it } from "vitest";
import type { IntegrationTemplate } from "./template-schema";
import { getTemplate, getTemplates, loadTemplates, validatePayload } from "./templates.server";
import { templateTexts } from "./template-texts";
import crmSuiteFile from "./crm-suite.json";
import gymFile from "./gym-management.json";

/** The template patterns (docs/product/validation.md#template-patterns). */
const EMAIL = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$";
const PHONE = "^\\+?[1-9]\\d{1,14}$";

const gym = () => getTemplate("gym-management") as IntegrationTemplate;
const crm = () => getTemplate("crm-suite") as IntegrationTemplate;
const endpoint = (template: IntegrationTemplate, name: string) => template.endpoints.find((item) => item.endpointName === name);

type Node = Record<string, unknown>;
/** A copy of a template file, to break. */
const copy = (file: unknown) => structuredClone(file) as Node;
/** The object at a path inside such a copy. */
const at = (root: unknown, ...path: Array<string | number>) => path.reduce<unknown>((node, key) => (node as Node)[key], root) as Node;
const refused = (source: unknown) => {
  try {
    loadTemplates([source]);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the template was accepted");
};

// The rules: docs/product/records.md#shipped-templates and docs/product/constants.md#integration-templates.
describe("shipped templates", () => {
  it("both validate, once, and are found by id", () => {
    expect(() => loadTemplates()).not.toThrow();
    expect(getTemplates().map((template) => template.id)).toEqual(["gym-management", "crm-suite"]);
    expect(getTemplates()).toBe(getTemplates());
    expect(getTemplate("gym-management")?.crm).toBe("ClubCore");
    expect(getTemplate("crm-suite")?.category).toBe("crm");
    expect(getTemplate("nope")).toBeUndefined();
  });

  it("gym management: the documented constants", () => {
    const template = gym();
    expect(template.category).toBe("fitness");
    expect(template.status).toBe("enabled");
    expect(template.rateLimiting).toEqual({ requestsPerMinute: 60, requestsPerHour: 1000, requestsPerDay: 10000, enabled: true });
    expect(template.errorHandling).toEqual({
      retryAttempts: 3,
      retryDelay: 1000,
      timeout: 30000,
      exponentialBackoff: true,
      retryableStatusCodes: [400, 401, 403, 404, 500, 502, 503, 504],
    });
    expect(template.analytics.retentionDays).toBe(30);
    expect(template.popularity).toBe(95);
    expect(template.auth).toEqual({ type: "api_key", header: "X-API-Key", required: true });
    expect(template.endpoints.every((item) => item.timeout === 30000 && item.requiresAuth)).toBe(true);
    expect(template.metadata.defaultRole).toEqual({ id: 7, name: "Member" });
    expect(template.fieldMappings.contactsMapping.find((mapping) => mapping.field === "role")?.defaultValue).toBe("7");
    expect(endpoint(template, "createUser")?.fieldValidations.find((validation) => validation.field === "role")?.defaultValue).toBe("7");
    expect([
      template.restrictedContacts,
      template.send_lead_on_email,
      template.email,
      template.send_lead_on_crm_only,
      template.sandboxAvailable,
      template.priority,
    ]).toEqual([true, false, null, false, true, 1]);
    expect(template.logo).toBe("/integrations/gym-management.svg");
  });

  it("CRM suite: the documented constants", () => {
    const template = crm();
    expect(template.version).toBe("v3");
    expect(template.rateLimiting).toEqual({ requestsPerMinute: 100, requestsPerHour: 2000, requestsPerDay: 20000, enabled: true });
    expect(template.errorHandling).toEqual({
      retryAttempts: 3,
      retryDelay: 1000,
      timeout: 30000,
      exponentialBackoff: true,
      retryableStatusCodes: [429, 500, 502, 503, 504],
    });
    expect(template.analytics.retentionDays).toBe(30);
    expect(template.popularity).toBe(90);
    expect(template.auth).toEqual({ type: "bearer", header: "Authorization", required: true });
    expect(template.endpoints.every((item) => item.timeout === 30000 && item.requiresAuth)).toBe(true);
    expect(template.logo).toBe("/integrations/crm-suite.svg");
  });

  it("gym management: the documented endpoints, and nothing else", () => {
    const template = gym();
    expect(template.endpoints.map((item) => [item.endpointName, item.type, item.endpoint, item.enabled, item.includeInSync])).toEqual([
      ["createUser", "POST", "/users", false, false],
      ["searchUsers", "GET", "/users", true, true],
      ["updateUser", "PUT", "/users/{userId}", false, false],
      ["searchEvents", "GET", "/events", true, true],
      ["createEvent", "POST", "/events", true, false],
    ]);
    expect(endpoint(template, "createUser")?.requiredFields).toEqual(["clubId", "locationId", "firstName", "lastName", "role", "email", "mobilePhone"]);
    expect(endpoint(template, "createEvent")?.requiredFields).toEqual([
      "clubId",
      "locationId",
      "eventTypeId",
      "attendeeId",
      "visitType",
      "startTime",
      "endTime",
      "subject",
    ]);
    expect(endpoint(template, "searchUsers")?.defaultQuery).toEqual({ page: 1, page_size: 25 });
  });

  it("gym management: event times are ISO UTC, and email and phone use the template patterns", () => {
    const createEvent = endpoint(gym(), "createEvent");
    const properties = createEvent?.payloadSchema?.properties as Record<string, Record<string, unknown>>;
    for (const field of ["startTime", "endTime"]) {
      expect(properties[field]?.format).toBe("date-time");
      expect(String(properties[field]?.pattern)).toMatch(/Z\$$/);
    }
    const validations = endpoint(gym(), "createUser")?.fieldValidations ?? [];
    expect(validations.find((validation) => validation.field === "email")).toMatchObject({ type: "email", required: true, pattern: EMAIL });
    expect(validations.find((validation) => validation.field === "mobilePhone")).toMatchObject({ type: "phone", required: true, pattern: PHONE });
  });

  it("CRM suite: the documented endpoints on v3 object paths, and nothing else", () => {
    expect(crm().endpoints.map((item) => [item.endpointName, item.type, item.endpoint, item.enabled, item.includeInSync])).toEqual([
      ["createContact", "POST", "/crm/v3/objects/contacts", false, false],
      ["listContacts", "GET", "/crm/v3/objects/contacts", false, false],
      ["searchContacts", "POST", "/crm/v3/objects/contacts/search", true, true],
      ["updateContact", "PATCH", "/crm/v3/objects/contacts/{contactId}", true, false],
      ["getContact", "GET", "/crm/v3/objects/contacts/{contactId}", true, false],
      ["listMeetings", "GET", "/crm/v3/objects/meetings", true, false],
      ["searchMeetings", "POST", "/crm/v3/objects/meetings/search", true, true],
      ["getMeeting", "GET", "/crm/v3/objects/meetings/{meetingId}", true, false],
      ["createMeeting", "POST", "/crm/v3/objects/meetings", false, false],
      ["updateMeeting", "PATCH", "/crm/v3/objects/meetings/{meetingId}", false, false],
    ]);
  });

  it("CRM suite: meetings carry the documented properties; the mappings show a concat and a split", () => {
    const schema = endpoint(crm(), "updateMeeting")?.payloadSchema as { properties: { properties: { properties: Record<string, unknown> } } };
    expect(Object.keys(schema.properties.properties.properties)).toEqual([
      "hs_meeting_title",
      "hs_meeting_body",
      "hs_meeting_start_time",
      "hs_meeting_end_time",
      "hs_meeting_location",
      "hs_meeting_outcome",
      "hs_meeting_notes",
    ]);
    const transformations = [...crm().fieldMappings.contactsMapping, ...crm().fieldMappings.appointmentsMapping].map((mapping) => mapping.transformation?.type);
    expect(transformations).toContain("concat");
    expect(transformations).toContain("split");
  });
});

describe("a broken template is refused, naming the template and the path", () => {
  it("a negative rate limit", () => {
    const broken = copy(gymFile);
    at(broken, "rateLimiting").requestsPerMinute = -60;
    const message = refused(broken);
    expect(message).toContain('Integration template "gym-management" is invalid');
    expect(message).toContain("rateLimiting.requestsPerMinute");
  });

  it("a duplicate endpoint name", () => {
    const broken = copy(gymFile);
    at(broken, "endpoints", 2).endpointName = "searchUsers";
    expect(refused(broken)).toMatch(/endpoints\[2\]\.endpointName: duplicate endpoint name searchUsers/);
  });

  it("an invalid JSON Schema in a payloadSchema, and in a responseSchema, both reported at once", () => {
    const broken = copy(gymFile);
    at(broken, "endpoints", 4, "payloadSchema", "properties", "startTime").type = "datetime";
    at(broken, "endpoints", 1, "responseSchema", "properties", "data").items = [{ type: "object" }];
    const message = refused(broken);
    expect(message).toContain("endpoints[4].payloadSchema.properties.startTime.type");
    expect(message).toContain("endpoints[1].responseSchema.properties.data.items");
  });

  it("a pattern that is not a regular expression, an unknown format, a misspelt keyword", () => {
    const broken = copy(gymFile);
    const schema = at(broken, "endpoints", 0, "payloadSchema");
    at(schema, "properties", "email").pattern = "^[a-z+$";
    at(schema, "properties", "dateOfBirth").format = "birthday";
    schema.requried = ["email"];
    const message = refused(broken);
    expect(message).toContain("endpoints[0].payloadSchema.properties.email.pattern: is not a valid regular expression");
    expect(message).toContain('endpoints[0].payloadSchema.properties.dateOfBirth.format: unknown format "birthday"');
    expect(message).toContain("endpoints[0].payloadSchema.requried: is not a supported JSON Schema keyword");
  });

  it("an example that does not match its schema", () => {
    const broken = copy(crmSuiteFile);
    at(broken, "endpoints", 0, "examplePayload", "properties").email = "grace at example";
    expect(refused(broken)).toContain('Integration template "crm-suite" is invalid:\n  - endpoints[0].examplePayload.properties.email: must be a valid email');
  });

  it("a key the schema does not know (zod would drop it silently)", () => {
    const broken = copy(gymFile);
    broken.sandboxAvaliable = false;
    at(broken, "endpoints", 1).defaultQuerry = { page: 1 };
    const message = refused(broken);
    expect(message).toContain("sandboxAvaliable: is not a field of an integration template");
    expect(message).toContain("endpoints[1].defaultQuerry: is not a field of an integration template");
  });

  it("required fields, validations and mappings that the payload schema does not back", () => {
    const broken = copy(gymFile);
    (at(broken, "endpoints", 4).requiredFields as string[]).push("roomId");
    at(broken, "endpoints", 0, "fieldValidations", 5).pattern = "^.+@.+$";
    at(broken, "fieldMappings", "appointmentsMapping", 0).field = "start";
    const message = refused(broken);
    expect(message).toContain("endpoints[4].requiredFields[8]: roomId is not declared in payloadSchema");
    expect(message).toContain("endpoints[0].fieldValidations[5].pattern: differs from the payloadSchema pattern for email");
    expect(message).toContain("fieldMappings.appointmentsMapping[0].field: start is not a required or optional field of any endpoint");
  });

  it("a link that is not https, a synced endpoint that is off, a default query outside the schema", () => {
    const broken = copy(gymFile);
    broken.documentationUrl = "javascript:alert(1)";
    at(broken, "endpoints", 3).enabled = false;
    at(broken, "endpoints", 1, "defaultQuery").page_size = 500;
    const message = refused(broken);
    expect(message).toContain("documentationUrl: must be an https URL");
    expect(message).toContain("endpoints[3].includeInSync: a disabled endpoint cannot be part of the sync");
    expect(message).toContain("endpoints[1].defaultQuery.page_size: must be at most 100");
  });

  it("two templates with one id; the error names each broken template", () => {
    const other = copy(crmSuiteFile);
    other.popularity = 101;
    const message = (() => {
      try {
        loadTemplates([gymFile, gymFile, other]);
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    })();
    expect(message).toContain('Integration template "gym-management" is invalid:\n  - id: another template already has the id gym-management');
    expect(message).toContain('Integration template "crm-suite" is invalid:\n  - popularity:');
  });
});

describe("validatePayload", () => {
  const withExamples = () =>
    getTemplates().flatMap((template) =>
      template.endpoints.filter((item) => item.examplePayload !== null).map((item) => [template.id, item.endpointName] as const),
    );

  it("every endpoint of both templates has an example payload", () => {
    expect(withExamples()).toHaveLength(15);
  });

  it.each(getTemplates().flatMap((template) => template.endpoints.map((item) => [template.id, item.endpointName] as const)))(
    "accepts the example payload of %s %s",
    (id, name) => {
      const template = getTemplate(id) as IntegrationTemplate;
      expect(validatePayload(template, name, endpoint(template, name)?.examplePayload)).toEqual({ ok: true });
    },
  );

  const booking = () => ({ ...(endpoint(gym(), "createEvent")?.examplePayload as Record<string, unknown>) });
  const member = () => ({ ...(endpoint(gym(), "createUser")?.examplePayload as Record<string, unknown>) });

  it("refuses a createEvent payload without startTime, naming the field", () => {
    const { startTime: _startTime, ...payload } = booking();
    expect(validatePayload(gym(), "createEvent", payload)).toEqual({ ok: false, problems: [{ path: "startTime", message: "is required" }] });
  });

  it("refuses event times that are not ISO UTC, or not a date", () => {
    const result = validatePayload(gym(), "createEvent", { ...booking(), startTime: "2025-03-04T16:00:00+01:00", endTime: "2025-02-30T15:30:00Z" });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.map((problem) => problem.path)).toEqual(["startTime", "endTime"]);
    expect(problems[1]?.message).toBe("must be a valid date-time");
  });

  it("refuses a bad email and a bad phone, naming the fields", () => {
    const result = validatePayload(gym(), "createUser", { ...member(), email: "ada.lovelace@example", mobilePhone: "0416 555 0123" });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toEqual([
      { path: "email", message: "must be a valid email" },
      { path: "email", message: `must match the pattern ${EMAIL}` },
      { path: "mobilePhone", message: `must match the pattern ${PHONE}` },
    ]);
  });

  it("phone: an optional plus, a leading digit 1-9, at most 15 digits", () => {
    const check = (mobilePhone: string) => validatePayload(gym(), "createUser", { ...member(), mobilePhone }).ok;
    expect([check("+14165550123"), check("14165550123"), check("+123456789012345")]).toEqual([true, true, true]);
    expect([check("+1234567890123456"), check("+04165550123"), check("+1 416 555 0123"), check("")]).toEqual([false, false, false, false]);
  });

  it("names nested fields and refuses fields the endpoint does not take", () => {
    const contact = validatePayload(crm(), "createContact", { properties: { email: "grace", fax: "1" } });
    expect(contact.ok ? [] : contact.problems.map((problem) => problem.path)).toEqual(["properties.email", "properties.email", "properties.fax"]);
    const search = validatePayload(crm(), "searchContacts", {
      filterGroups: [{ filters: [{ propertyName: "phone", operator: "EQUALS", value: "+14165550177" }] }],
    });
    expect(search.ok ? [] : search.problems).toEqual([{ path: "filterGroups[0].filters[0].operator", message: expect.stringMatching(/^must be one of "EQ"/) }]);
    const extra = validatePayload(gym(), "createEvent", { ...booking(), colour: "red" });
    expect(extra).toEqual({ ok: false, problems: [{ path: "colour", message: "is not an allowed field" }] });
    expect(validatePayload(gym(), "createEvent", "not an object")).toEqual({ ok: false, problems: [{ path: "(payload)", message: "must be object" }] });
  });

  it("works on a template loaded elsewhere, and throws for an endpoint the template lacks", () => {
    const [loaded] = loadTemplates([gymFile]);
    expect(validatePayload(loaded as IntegrationTemplate, "createEvent", booking())).toEqual({ ok: true });
    expect(() => validatePayload(gym(), "deleteUser", {})).toThrow('Integration template "gym-management" has no endpoint deleteUser');
  });
});

describe("translations of what users read", () => {
  it("gives the German description, features and limitations, and English for other languages", () => {
    const gym = getTemplate("gym-management")!;
    expect(templateTexts(gym, "de").description).toMatch(/^Für Verwaltungssysteme/);
    expect(templateTexts(gym, "de").features).toHaveLength(gym.features.length);
    expect(templateTexts(gym, "en")).toEqual({ description: gym.description, features: gym.features, limitations: gym.limitations });
    expect(templateTexts(gym, "fr").description).toBe(gym.description);
  });

  it("refuses a translation with another number of features or limitations, or a language we do not speak", () => {
    const missing = copy(gymFile);
    (missing.translations as Node).de = { ...((missing.translations as Node).de as Node), features: ["only one"] };
    expect(() => loadTemplates([missing])).toThrow(/translations\.de\.features: has 1 features, the template 5/);
    const french = copy(gymFile);
    (french.translations as Node).fr = (french.translations as Node).de;
    expect(() => loadTemplates([french])).toThrow(/translations/);
  });
});
