import { useFormAction, useNavigation } from "@remix-run/react";

/**
 * Whether a form of this page is being submitted: by default any non-GET
 * submission to this route's action; `intent` narrows it to the submit button
 * with that name="intent" value, `formAction` to another route's action.
 * One hook instead of a hand-written `navigation.state === "submitting"` per form.
 */
export function useIsPending({
  intent,
  formAction,
  formMethod = "POST",
  state = "non-idle",
}: { intent?: string; formAction?: string; formMethod?: "POST" | "GET" | "PUT" | "PATCH" | "DELETE"; state?: "submitting" | "loading" | "non-idle" } = {}) {
  const contextualFormAction = useFormAction();
  const navigation = useNavigation();
  const isPendingState = state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  return (
    isPendingState &&
    navigation.formMethod === formMethod &&
    stripIndex(navigation.formAction) === stripIndex(formAction ?? contextualFormAction) &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}

// Remix adds ?index to an index route's action; a form that posts to the same route without it is still that form.
const stripIndex = (action: string | undefined) => action?.replace(/[?&]index(=[^&]*)?$/, "") ?? "";
