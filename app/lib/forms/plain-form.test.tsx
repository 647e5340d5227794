import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { FormConstraint } from "./form-constraint";
import { plainCollectionProps, plainFormProps, plainInputProps, plainSelectProps, plainTextareaProps, usePlainForm } from "./plain-form";

type Fields = { email: string; password: string; company: string; listId: string; optedOut: boolean; note: string; colour: string };
const constraint: FormConstraint = {
  email: { required: true, maxLength: 254 },
  password: { required: true, minLength: 8 },
  company: { pattern: "[A-Za-z ]+" },
  listId: { required: true },
  note: { maxLength: 500 },
  colour: { required: true },
};
const defaultValue = { company: "Acme", listId: "list-2", optedOut: true, colour: "GreenLime" };
const colours = ["Default", "GreenLime", "PinkQueen"];

/** Both hooks for the same form, rendered once on the server: what each hands the form and its controls. */
function bothFor(lastResult: SubmissionResult<string[]> | undefined) {
  const seen: Record<"conform" | "plain", unknown[]> & { noValidate?: unknown[] } = { conform: [], plain: [] };
  let plainErrors: Record<string, string[] | undefined> = {};
  function Probe() {
    const [conformForm, c] = useForm<Fields>({ id: "probe", lastResult, constraint, defaultValue });
    const [plainForm, p] = usePlainForm<Fields>({ id: "probe", lastResult, constraint, defaultValue });
    // conform points the form at `${id}-error`, an element our FormErrors does not have; the plain form leaves it out.
    const { onSubmit: _submit, noValidate: _noValidate, "aria-describedby": _describedBy, ...conformFormProps } = getFormProps(conformForm);
    const { onInput: _input, onSubmit: _plainSubmit, noValidate: plainNoValidate, ...plainFormRest } = plainFormProps(plainForm);
    seen.noValidate = [getFormProps(conformForm).noValidate, plainNoValidate];
    seen.conform.push(conformFormProps, conformForm.errors);
    seen.plain.push(plainFormRest, plainForm.errors);
    for (const [name, type] of [
      ["email", "email"],
      ["password", "password"],
      ["company", "text"],
    ] as const) {
      seen.conform.push(withoutKey(getInputProps(c[name], { type })), c[name].errors);
      seen.plain.push(plainInputProps(p[name], { type }), p[name].errors);
    }
    seen.conform.push(
      withoutKey(getInputProps(c.optedOut, { type: "checkbox" })),
      withoutKey(getSelectProps(c.listId)),
      withoutKey(getTextareaProps(c.note, { ariaDescribedBy: c.note.descriptionId })),
    );
    seen.plain.push(
      plainInputProps(p.optedOut, { type: "checkbox" }),
      plainSelectProps(p.listId),
      plainTextareaProps(p.note, { ariaDescribedBy: p.note.descriptionId }),
    );
    seen.conform.push(getCollectionProps(c.colour, { type: "radio", options: colours }).map(withoutKey));
    seen.plain.push(plainCollectionProps(p.colour, { type: "radio", options: colours }).map(withoutKey));
    plainErrors = { company: p.company.errors, "": plainForm.errors };
    return null;
  }
  // The plain form watches the router's navigation (its reset after a redirect), so it is rendered inside one.
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: "/", element: <Probe /> }])} />);
  return { ...seen, plainErrors };
}

// conform keys its controls to re-mount them on a reset; the plain form resets the form element instead.
function withoutKey<T extends { key?: unknown }>(props: T) {
  const { key: _key, ...rest } = props;
  return rest;
}

describe("usePlainForm, a flat form's state without conform in the browser", () => {
  it("gives each control the attributes conform gives it on a first visit, defaults included", () => {
    const seen = bothFor(undefined);
    expect(seen.plain).toEqual(seen.conform);
    expect(seen.plain).toContainEqual({ id: "probe-email", name: "email", form: "probe", type: "email", required: true, maxLength: 254 });
    expect(seen.plain).toContainEqual({ id: "probe-optedOut", name: "optedOut", form: "probe", type: "checkbox", value: "on", defaultChecked: true });
  });

  it("puts the last reply's values and messages where conform puts them, the hidden password left out", () => {
    const seen = bothFor({
      status: "error",
      initialValue: { email: "ana@example.test", company: "Acme 1", listId: "list-3", colour: "PinkQueen" },
      error: { "": ["validation.invalidCredentials"], company: ["validation.companyPattern"], note: ["validation.noteTooLong"] },
    });
    expect(seen.plain).toEqual(seen.conform);
    expect(seen.plainErrors).toEqual({ company: ["validation.companyPattern"], "": ["validation.invalidCredentials"] });
    expect(seen.plain).toContainEqual(expect.objectContaining({ name: "note", "aria-describedby": "probe-note-error probe-note-description" }));
    expect(seen.plain).toContainEqual(
      expect.objectContaining({ name: "company", defaultValue: "Acme 1", "aria-invalid": true, "aria-describedby": "probe-company-error" }),
    );
    expect(seen.plain).toContainEqual({ id: "probe-password", name: "password", form: "probe", type: "password", required: true, minLength: 8 });
  });

  it("goes back to the defaults after a reply that resets the form", () => {
    const seen = bothFor({ initialValue: null });
    expect(seen.plain).toEqual(seen.conform);
    expect(seen.plain).toContainEqual(expect.objectContaining({ name: "listId", defaultValue: "list-2" }));
  });
});
