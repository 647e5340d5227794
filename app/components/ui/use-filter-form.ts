import { useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, type ChangeEvent } from "react";

/** Search debounce 300 ms (docs/product/constants.md#lists). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The enhancement of a list's GET filter form. Without JavaScript the form's
 * own submit button applies it; with JavaScript the search box submits itself
 * 300 ms after typing stops (replacing the history entry, so Back does not
 * step through every letter) and a select submits as soon as it changes.
 * Empty fields are left out so the URL stays as short as the list's own links.
 */
export function useFilterForm({ action, q }: { action: string; q: string }) {
  const submit = useSubmit();
  const searchInput = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // A link (clear filters, Back) can change the search; show it, unless the user is typing in the box right now.
  useEffect(() => {
    const input = searchInput.current;
    if (input && document.activeElement !== input && input.value !== q) input.value = q;
  }, [q]);

  const submitForm = useCallback(
    (form: HTMLFormElement, replace: boolean) => {
      clearTimeout(timer.current);
      const fields = new FormData(form);
      for (const [name, value] of [...fields.entries()]) if (value === "") fields.delete(name);
      submit(fields, { method: "get", action, replace, preventScrollReset: true });
    },
    [submit, action],
  );

  const onChange = useCallback(
    (event: ChangeEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const target: EventTarget = event.target;
      if (target === searchInput.current) {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submitForm(form, true), SEARCH_DEBOUNCE_MS);
      } else if (target instanceof HTMLSelectElement) {
        submitForm(form, false);
      }
    },
    [submitForm],
  );

  // An explicit submit (Enter, Apply) makes any waiting debounced one pointless.
  const onSubmit = useCallback(() => clearTimeout(timer.current), []);

  return { searchInput, onChange, onSubmit };
}
