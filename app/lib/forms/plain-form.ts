import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { FormConstraint } from "./form-constraint";
import { constraintsForType } from "./input-attributes";

/**
 * What an action's `submission.reply()` sends back, read without conform:
 * the submitted values (less the hidden ones; null after `resetForm`) and the
 * messages by field, "" for the whole form.
 */
export interface PlainReply {
  status?: "error" | "success";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null>;
}

export interface PlainField {
  /** `${formId}-${name}`, the id conform gives the same field, so labels and tests do not care which of the two drew it. */
  id: string;
  name: string;
  formId: string;
  errorId: string;
  /** For a hint under the control: `${id}-description`, as conform names it. */
  descriptionId: string;
  errors?: string[];
  initialValue?: string | string[];
  constraint?: FormConstraint[string];
}

export interface PlainForm {
  id: string;
  errors?: string[];
  /**
   * Always true, as conform's default: the action judges every value and
   * answers with translated messages at the fields, with or without
   * JavaScript, instead of the browser's own bubbles in its own language.
   * The constraint attributes still tell assistive technology what is required.
   */
  noValidate: true;
  onInput: (event: FormEvent<HTMLFormElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A flat form (fields, no lists or intents) that its action judges with the
 * form's schema, read without conform's 10 KiB in the browser. It does what
 * conform's useForm does for such a form: ids, HTML constraints from the
 * loader, default values, the last reply's values and messages at their
 * fields, a message gone once its field is edited, the form reset after a
 * `resetForm` reply or after a submission that redirected (a success: an
 * added member's email or a top-up's amount must not stay, inviting the same
 * add again), and the first field with a message focused. The props
 * helpers below give the same attributes as conform's (plain-form.test.tsx
 * compares them). Forms with lists or intents keep conform (useActionForm).
 */
export function usePlainForm<Fields extends Record<string, unknown>>({
  id,
  lastResult,
  defaultValue,
  constraint = {},
}: {
  id: string;
  lastResult?: PlainReply | null;
  defaultValue?: Partial<Record<keyof Fields, unknown>>;
  constraint?: FormConstraint;
}): [PlainForm, Record<keyof Fields & string, PlainField>] {
  const [edited, setEdited] = useState<{ reply: PlainReply | null | undefined; names: ReadonlySet<string> }>({ reply: lastResult, names: new Set() });
  // A new reply judged every field again: nothing counts as edited since.
  const editedNames = edited.reply === lastResult ? edited.names : new Set<string>();
  const errorsOf = (name: string) => (editedNames.has(name) ? undefined : (lastResult?.error?.[name] ?? undefined));
  const values = lastResult?.initialValue ?? defaultValue ?? {};

  useEffect(() => {
    if (!lastResult) return;
    const element = document.getElementById(id);
    // The defaults are what the inputs render as their default values, so a reset brings them back.
    if (lastResult.initialValue === null && element instanceof HTMLFormElement) element.reset();
    const firstInvalid = Object.keys(lastResult.error ?? {}).find((name) => name !== "" && lastResult.error?.[name]?.length);
    if (firstInvalid) document.getElementById(`${id}-${firstInvalid}`)?.focus();
  }, [id, lastResult]);

  // Fields a refused reply filled that have no default of their own: a reset after a success empties them by hand.
  const replied = useRef<ReadonlySet<string>>(new Set());
  if (lastResult?.initialValue) replied.current = new Set([...replied.current, ...Object.keys(lastResult.initialValue)]);
  const onSubmit = useResetAfterRedirect(
    id,
    [...replied.current].filter((name) => !Object.prototype.hasOwnProperty.call(defaultValue ?? {}, name)),
  );

  const fields = new Proxy({} as Record<keyof Fields & string, PlainField>, {
    get(_target, name) {
      if (typeof name !== "string") return undefined;
      return {
        id: `${id}-${name}`,
        name,
        formId: id,
        errorId: `${id}-${name}-error`,
        descriptionId: `${id}-${name}-description`,
        errors: errorsOf(name),
        initialValue: asFormValue((values as Record<string, unknown>)[name]),
        constraint: constraint[name],
      } satisfies PlainField;
    },
  });
  const form: PlainForm = {
    id,
    errors: errorsOf(""),
    noValidate: true,
    onSubmit,
    onInput(event) {
      const name = (event.target as { name?: unknown }).name;
      if (typeof name !== "string" || !name || editedNames.has(name)) return;
      setEdited({ reply: lastResult, names: new Set([...editedNames, name]) });
    },
  };
  return [form, fields];
}

/**
 * The page stays mounted across a redirect to itself, and so do the values
 * typed into its uncontrolled inputs: after the form's own submission ended
 * in a redirect (a success), its fields go back to their defaults, so an
 * added member's email or a top-up's amount does not stay and invite the same
 * add again. Without JavaScript the redirected page is rendered anew, with
 * its defaults. Returns the form's onSubmit. `clear` names fields emptied by
 * hand after the reset: React leaves in place the default that a refused
 * reply gave a field once the field has none any more.
 */
export function useResetAfterRedirect(formId: string, clear: readonly string[] = []) {
  const navigation = useNavigation();
  const location = useLocation();
  const submission = useRef<{ fromKey: string; navigated: boolean } | null>(null);
  const clearKey = clear.join("\u0000");
  useEffect(() => {
    const pending = submission.current;
    if (!pending) return;
    if (navigation.state !== "idle") {
      if (navigation.formData) pending.navigated = true;
      return;
    }
    if (!pending.navigated) return;
    submission.current = null;
    const redirected = location.key !== pending.fromKey && (location.state as { _isRedirect?: boolean } | null)?._isRedirect === true;
    const element = document.getElementById(formId);
    if (!redirected || !(element instanceof HTMLFormElement)) return;
    element.reset();
    const cleared = new Set(clearKey.split("\u0000"));
    for (const control of Array.from(element.elements)) {
      if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) || !cleared.has(control.name)) continue;
      if (control instanceof HTMLInputElement && !TEXT_LIKE.has(control.type)) continue;
      control.defaultValue = "";
      control.value = "";
    }
  }, [navigation.state, navigation.formData, location, formId, clearKey]);
  return () => {
    submission.current = { fromKey: location.key, navigated: false };
  };
}

/** A default value as the form would submit it (conform's serialisation): a checked box is "on", a date its ISO text. */
function asFormValue(value: unknown): string | string[] | undefined {
  if (Array.isArray(value)) return value.map((item) => asFormValue(item)).filter((item): item is string => typeof item === "string");
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  return typeof value === "string" ? value : undefined;
}

export function plainFormProps(form: PlainForm) {
  return { id: form.id, noValidate: form.noValidate, onInput: form.onInput, onSubmit: form.onSubmit };
}

const TEXT_LIKE = new Set(["text", "email", "tel", "url", "search", "number", "date", "time", "datetime-local", "password"]);

type InputType = "text" | "email" | "password" | "tel" | "url" | "search" | "number" | "date" | "time" | "datetime-local" | "file" | "hidden" | "checkbox";

/** The attributes conform's getInputProps gives the same field (conform's `key` aside: a reset goes through the form element instead). */
export function plainInputProps(field: PlainField, { type, value }: { type: InputType; value?: string }) {
  const { minLength, maxLength, min, max, step, pattern, multiple } = field.constraint ?? {};
  const props = { ...controlProps(field), type, minLength, maxLength, min, max, step, pattern, multiple } as Record<string, unknown>;
  if (type === "checkbox") {
    props.value = value ?? "on";
    props.defaultChecked = field.initialValue === props.value;
  } else if (typeof field.initialValue === "string") {
    props.defaultValue = field.initialValue;
  }
  // Only the constraints HTML allows on this type: no `required` on a hidden input, no `pattern` on a date.
  return constraintsForType(withoutUndefined(props)) as ReturnType<typeof controlProps> & {
    type: InputType;
    defaultValue?: string;
    defaultChecked?: boolean;
    value?: string;
  };
}

export function plainSelectProps(field: PlainField) {
  const { multiple } = field.constraint ?? {};
  return withoutUndefined({ ...controlProps(field), multiple, defaultValue: field.initialValue });
}

export function plainTextareaProps(field: PlainField, { ariaDescribedBy }: { ariaDescribedBy?: string } = {}) {
  const { minLength, maxLength } = field.constraint ?? {};
  return withoutUndefined({
    ...controlProps(field, ariaDescribedBy),
    minLength,
    maxLength,
    defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
  });
}

/** One radio (or checkbox) per option, as conform's getCollectionProps. */
export function plainCollectionProps(field: PlainField, { type, options }: { type: "radio" | "checkbox"; options: string[] }) {
  return options.map((value) =>
    withoutUndefined({
      ...controlProps(field),
      key: value,
      id: `${field.id}-${value}`,
      type,
      value,
      defaultChecked: Array.isArray(field.initialValue) ? field.initialValue.includes(value) : field.initialValue === value,
      // Required on every box of a checkbox group would demand them all.
      required: type === "checkbox" ? undefined : field.constraint?.required || undefined,
    }),
  );
}

/** `ariaDescribedBy`: a hint's id, which follows the error's when there is one. */
function controlProps(field: PlainField, ariaDescribedBy?: string) {
  const invalid = field.errors !== undefined;
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    required: field.constraint?.required || undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${field.errorId} ${ariaDescribedBy ?? ""}`.trim() : ariaDescribedBy,
  };
}

function withoutUndefined<T extends Record<string, unknown>>(props: T): T {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
}
