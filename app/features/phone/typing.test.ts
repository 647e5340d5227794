import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhoneAsTyped } from "./phone";
import { editKindOf, reformatTypedPhone, type TypedPhone } from "./typing";

/** Simulates the browser: what the input holds after a key at the caret, before our handler runs. */
function typeAt(state: TypedPhone, key: string, country?: string): TypedPhone {
  const value = state.value.slice(0, state.caret) + key + state.value.slice(state.caret);
  return reformatTypedPhone({ value, caret: state.caret + key.length, previous: state.value, kind: "insert", country, autoPlus: state.autoPlus });
}

function backspace(state: TypedPhone, country?: string): TypedPhone {
  if (state.caret === 0) return state;
  const value = state.value.slice(0, state.caret - 1) + state.value.slice(state.caret);
  return reformatTypedPhone({ value, caret: state.caret - 1, previous: state.value, kind: "deleteBackward", country, autoPlus: state.autoPlus });
}

function deleteForward(state: TypedPhone, country?: string): TypedPhone {
  const value = state.value.slice(0, state.caret) + state.value.slice(state.caret + 1);
  return reformatTypedPhone({ value, caret: state.caret, previous: state.value, kind: "deleteForward", country, autoPlus: state.autoPlus });
}

const typeAll = (text: string, start: TypedPhone = { value: "", caret: 0 }, country?: string) =>
  [...text].reduce((state, key) => typeAt(state, key, country), start);

describe("reformatTypedPhone", () => {
  it("formats digit by digit with the caret at the end", () => {
    expect(typeAll("4165550101")).toMatchObject({ value: "(416) 555-0101", caret: 14 });
    expect(typeAll("416")).toMatchObject({ value: "(416", caret: 4 });
    expect(typeAll("4165")).toMatchObject({ value: "(416) 5", caret: 7 });
  });

  it("turns international beyond ten digits and keeps the caret at the end", () => {
    expect(typeAll("447911123456")).toMatchObject({ value: "+44 7911 123456", caret: 15 });
    expect(typeAll("14165550101")).toMatchObject({ value: "+1 (416) 555-0101", caret: 17 });
  });

  it("keeps a typed plus", () => {
    expect(typeAll("+")).toMatchObject({ value: "+", caret: 1 });
    expect(typeAll("+44")).toMatchObject({ value: "+44", caret: 3 });
    expect(typeAll("+447911123456")).toMatchObject({ value: "+44 7911 123456", caret: 15 });
  });

  it("goes back to brackets when a mistyped eleventh digit is deleted: that plus was the formatter's", () => {
    const international = typeAll("41655501011");
    expect(international).toMatchObject({ value: expect.stringMatching(/^\+41 /), autoPlus: true });
    expect(backspace(international)).toMatchObject({ value: "(416) 555-0101", caret: 14, autoPlus: false });
  });

  it("keeps a typed plus at ten digits: the number stays international (decision 0009)", () => {
    const typed = typeAll("+49301234567");
    expect(typed).toMatchObject({ value: "+49 30 1234567", autoPlus: false });
    expect(backspace(typed)).toMatchObject({ value: "+49 30 123456", caret: 13 });
    expect(typeAll("+4930123456")).toMatchObject({ value: "+49 30 123456", caret: 13 });
  });

  it("formats a national number of the tenant's country, and keeps the 00 of an international one", () => {
    expect(typeAll("03055501234", undefined, "DE")).toMatchObject({
      value: formatPhoneAsTyped("03055501234", "DE"),
      caret: formatPhoneAsTyped("03055501234", "DE").length,
    });
    expect(typeAll("02079460018", undefined, "GB")).toMatchObject({ value: "020 7946 0018", caret: 13 });
    expect(typeAll("0123456789", undefined, "FR")).toMatchObject({ value: "01 23 45 67 89", caret: 14 });
    expect(typeAll("004930123456", undefined, "DE")).toMatchObject({ value: "0049 30 123456", caret: 14 });
    // In North America a leading 0 is no trunk prefix: the typing format's brackets.
    expect(typeAll("0301234567", undefined, "US")).toMatchObject({ value: "(030) 123-4567" });
  });

  it("keeps the caret after the same digit when typing in the middle", () => {
    // "(416) 555-0101" with the caret after "(416" → type 9: the new digit sits after 6, the caret right after it.
    const after = typeAt({ value: "(416) 555-0101", caret: 4 }, "9");
    expect(after.value).toBe(formatPhoneAsTyped("41695550101"));
    expect(after.value.slice(0, after.caret).replace(/\D/g, "")).toBe("4169");
  });

  it("backspace over a separator deletes the digit before it", () => {
    // Caret right after "(416) " – backspace removes the space, which alone would come straight back.
    const after = backspace({ value: "(416) 555-0101", caret: 6 });
    expect(after.value).toBe("(415) 550-101");
    expect(after.value.slice(0, after.caret).replace(/\D/g, "")).toBe("41");
  });

  it("delete before a separator deletes the digit after it", () => {
    const after = deleteForward({ value: "(416) 555-0101", caret: 9 });
    expect(after.value).toBe("(416) 555-101");
    expect(after.value.slice(0, after.caret).replace(/\D/g, "")).toBe("416555");
  });

  it("backspace over a digit deletes just that digit", () => {
    expect(backspace({ value: "(416) 555-0101", caret: 14 })).toMatchObject({ value: "(416) 555-010", caret: 13 });
    expect(backspace({ value: "(4", caret: 2 })).toMatchObject({ value: "", caret: 0 });
  });

  it("a paste is formatted as a whole", () => {
    const pasted = reformatTypedPhone({ value: "tel: 416 555 0101", caret: 17, previous: "", kind: "insert" });
    expect(pasted).toMatchObject({ value: "(416) 555-0101", caret: 14 });
  });

  it("never puts the caret outside the value and always keeps the digits before it, in every country (property)", () => {
    const digit = fc.constantFrom(..."0123456789");
    const edit = fc.oneof(
      digit.map((d) => ({ type: "key" as const, key: d })),
      fc.constant({ type: "backspace" as const }),
      fc.constant({ type: "delete" as const }),
      fc.nat(20).map((n) => ({ type: "move" as const, to: n })),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 40 }), fc.constantFrom(undefined, "US", "DE", "GB", "FR"), (edits, country) => {
        let state: TypedPhone = { value: "", caret: 0 };
        for (const step of edits) {
          if (step.type === "move") {
            state = { ...state, caret: Math.min(step.to, state.value.length) };
            continue;
          }
          const digitsBefore = state.value.slice(0, state.caret).replace(/\D/g, "").length;
          const totalBefore = state.value.replace(/\D/g, "").length;
          state =
            step.type === "key" ? typeAt(state, step.key, country) : step.type === "backspace" ? backspace(state, country) : deleteForward(state, country);
          expect(state.caret).toBeGreaterThanOrEqual(0);
          expect(state.caret).toBeLessThanOrEqual(state.value.length);
          expect(state.value).toBe(formatPhoneAsTyped(state.value, country));
          const digitsAfter = state.value.slice(0, state.caret).replace(/\D/g, "").length;
          if (step.type === "key" && totalBefore < 15) expect(digitsAfter).toBe(digitsBefore + 1);
          if (step.type === "backspace") expect(digitsAfter).toBe(Math.max(0, digitsBefore - (digitsBefore > 0 ? 1 : 0)));
          if (step.type === "delete") expect(digitsAfter).toBe(digitsBefore);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("editKindOf", () => {
  it("tells deletions from insertions", () => {
    expect(editKindOf("deleteContentBackward")).toBe("deleteBackward");
    expect(editKindOf("deleteWordBackward")).toBe("deleteBackward");
    expect(editKindOf("deleteContentForward")).toBe("deleteForward");
    expect(editKindOf("insertText")).toBe("insert");
    expect(editKindOf("insertFromPaste")).toBe("insert");
    expect(editKindOf(undefined)).toBe("insert");
  });
});
