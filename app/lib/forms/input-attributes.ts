/*
 * Form constraints come from a field's schema (getZodConstraint), whatever
 * control shows the field; HTML allows each constraint attribute on some
 * controls only, and the Nu HTML Checker fails a page for the rest (`required`
 * on a hidden input, `pattern` on a date). Browsers ignore those attributes,
 * so leaving them out changes no behaviour: the action validates every value.
 */

const TEXT_TYPES = ["text", "search", "url", "tel", "email", "password"];
const RANGED_TYPES = ["date", "month", "week", "time", "datetime-local", "number", "range"];

/** The input types that take each constraint attribute (HTML, the input element's attribute table). */
const TYPES_OF: Record<string, readonly string[]> = {
  required: [...TEXT_TYPES, "date", "month", "week", "time", "datetime-local", "number", "checkbox", "radio", "file"],
  minLength: TEXT_TYPES,
  maxLength: TEXT_TYPES,
  pattern: TEXT_TYPES,
  min: RANGED_TYPES,
  max: RANGED_TYPES,
  step: RANGED_TYPES,
  multiple: ["email", "file"],
};

/** An input's props without the constraint attributes its type does not take. */
export function constraintsForType<Props extends object>(props: Props): Props {
  const given = (props as { type?: unknown }).type;
  const type = typeof given === "string" ? given : "text";
  const kept = { ...props } as Record<string, unknown>;
  for (const [attribute, types] of Object.entries(TYPES_OF)) {
    if (attribute in kept && !types.includes(type)) delete kept[attribute];
  }
  return kept as Props;
}

/**
 * A select whose first option is a real choice always has a value, so
 * `required` can never be unmet there, and HTML allows it only above a
 * placeholder option (value ""). Such a select tells assistive technology it
 * is required with aria-required instead.
 */
export function selectRequirement(required: boolean | undefined, firstOptionValue: string | undefined): { required?: true; "aria-required"?: true } {
  if (!required) return {};
  return firstOptionValue === "" ? { required: true } : { "aria-required": true };
}
