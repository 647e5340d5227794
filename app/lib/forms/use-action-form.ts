import { useForm, type Submission } from "@conform-to/react";
import { intentsInBrowser } from "./intents-in-browser";

type ActionFormOptions<Fields extends Record<string, unknown>> = Omit<
  Parameters<typeof useForm<Fields>>[0],
  "onValidate" | "shouldValidate" | "shouldRevalidate"
>;

/**
 * conform's useForm for a form that its action judges with the form's zod
 * schema, so the browser loads no schema (pass the `constraint` the loader
 * worked out for the HTML attributes). The action's reply puts each message
 * at its field, with and without JavaScript. With it, a message goes as soon
 * as its field is edited, since nobody has judged the new value yet, and
 * conform's intents (list buttons, filling in a field) stay in the browser.
 */
export function useActionForm<Fields extends Record<string, unknown>>(options: ActionFormOptions<Fields>) {
  const form = useForm<Fields>({
    ...options,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }): Submission<Fields> => intentsInBrowser<Fields>(formData, form[0].allErrors),
  });
  return form;
}
