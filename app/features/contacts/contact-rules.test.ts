import { describe, expect, it } from "vitest";
import { contactFieldProblems, storedPhone } from "./contact-rules";
import { contactFormSchema, ListNameSchema } from "./schemas";

describe("contact rules", () => {
  it("names the first problem of each field", () => {
    expect(contactFieldProblems({ firstName: "Anna", phone: "4165550123" }, "CA")).toEqual({});
    expect(contactFieldProblems({ firstName: "  ", phone: "", email: "x@" }, "CA")).toEqual({
      firstName: "validation.nameRequired",
      phone: "validation.phoneRequired",
      email: "validation.emailInvalid",
    });
    expect(contactFieldProblems({ firstName: "A", phone: "12345", title: "t".repeat(201) }, "CA")).toEqual({
      phone: "validation.phoneInvalid",
      title: "validation.tooLong",
    });
  });

  it("stores phones in E.164 and refuses to store an invalid one", () => {
    expect(storedPhone("(416) 555-0123", "CA")).toBe("+14165550123");
    expect(storedPhone("+44 20 7946 0123", "CA")).toBe("+442079460123");
    expect(() => storedPhone("123", "CA")).toThrow();
  });

  it("reads a phone with a leading 0 in the tenant's country", () => {
    expect(contactFieldProblems({ firstName: "Anna", phone: "030 5550 1234" }, "DE")).toEqual({});
    expect(storedPhone("030 5550 1234", "DE")).toBe("+493055501234");
    expect(storedPhone("020 7946 0018", "GB")).toBe("+442079460018");
    // North America has no trunk 0: there the same digits are no number at all.
    expect(contactFieldProblems({ firstName: "Anna", phone: "030 5550 1234" }, "US")).toEqual({ phone: "validation.phoneInvalid" });
  });

  it("requires a list and reads the opt-out box", () => {
    const base = { firstName: "Anna", phone: "4165550123" };
    const schema = contactFormSchema("CA");
    expect(schema.safeParse(base).error?.issues.map((issue) => issue.message)).toEqual(["validation.listRequired"]);
    expect(schema.parse({ ...base, listId: "L1" })).toMatchObject({ listId: "L1", optedOut: false, lastName: "", email: "" });
    expect(schema.parse({ ...base, listId: "L1", optedOut: true }).optedOut).toBe(true);
  });

  it("checks list names as the server does", () => {
    expect(ListNameSchema.safeParse({ name: "  " }).error?.issues[0]?.message).toBe("validation.listNameRequired");
    expect(ListNameSchema.safeParse({ name: "x".repeat(101) }).error?.issues[0]?.message).toBe("validation.listNameTooLong");
    expect(ListNameSchema.parse({ name: " Leads " }).name).toBe("Leads");
  });
});
