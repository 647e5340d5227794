import { parse, type Intent, type Submission } from "@conform-to/react";

/**
 * What conform's onValidate returns for a form that only its action judges,
 * where conform's own intents (add or remove a list item, fill in a field)
 * should still happen in the browser: without any onValidate, conform posts
 * every intent to the action. A real submit goes to the action as it is.
 *
 *   onValidate: ({ formData }): Submission<Fields> => intentsInBrowser(formData, form.allErrors)
 *
 * `currentErrors`: the last reply's messages stay where they are, except at
 * the field the intent changed, which nobody has judged since.
 */
export function intentsInBrowser<Fields extends Record<string, unknown>>(formData: FormData, currentErrors: Record<string, string[]>): Submission<Fields> {
  return parse<Fields, string[]>(formData, {
    resolve(value, intent) {
      if (!intent) return { value: value as Fields };
      const changed = changedBy(intent);
      const kept = Object.keys(currentErrors).filter((name) => !isWithin(name, changed));
      // null: "no new verdict", so conform keeps the message it shows.
      return { error: Object.fromEntries(kept.map((name) => [name, null])) };
    },
  });
}

/** The field (or list) an intent touches; "" is the whole form. */
function changedBy(intent: Intent): string {
  const { name = "" } = intent.payload as { name?: string; index?: number };
  // A list change shifts every item after it, so the whole list counts as changed.
  if (intent.type === "insert" || intent.type === "remove" || intent.type === "reorder") return name;
  const { index } = intent.payload as { index?: number };
  return index === undefined ? name : `${name}[${index}]`;
}

function isWithin(name: string, field: string) {
  return field === "" || name === field || name.startsWith(`${field}.`) || name.startsWith(`${field}[`);
}
