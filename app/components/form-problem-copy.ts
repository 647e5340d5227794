import { isRouteErrorResponse } from "@remix-run/react";
import type { TFunction } from "~/i18n/translator";
import { formProblemOf } from "~/lib/http/form-problem";

/** The error page's title and message when a form post could not be read (too large, not a form, damaged); null for any other error. */
export function formProblemCopy(error: unknown, t: TFunction): { title: string; message: string } | null {
  const problem = isRouteErrorResponse(error) ? formProblemOf(error.data) : null;
  if (!problem) return null;
  return problem === "tooLarge"
    ? { title: t("errors.formTooLargeTitle"), message: t("errors.formTooLargeMessage") }
    : { title: t("errors.formUnreadableTitle"), message: t("errors.formUnreadableMessage") };
}
