/**
 * Why a form post could not be read at all, as the body reader
 * (form-body.server.ts) throws it (`formProblem` in errors.server.ts) and the
 * error pages show it. Shared by the
 * server and the error boundaries, so it holds no server code.
 */
export type FormProblem = "tooLarge" | "unsupportedType" | "malformed";

export interface FormProblemBody {
  formProblem: FormProblem;
  /** The size limit that was passed, for "tooLarge". */
  limitBytes?: number;
}

const STATUS: Record<FormProblem, number> = { tooLarge: 413, unsupportedType: 400, malformed: 400 };

const PLAIN_TEXT: Record<FormProblem, string> = {
  tooLarge: "The form is larger than this server accepts.",
  unsupportedType: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  malformed: "The form could not be read.",
};

/** The status and JSON body of the response `formProblem` (errors.server.ts) throws; Remix shows it in the route's error boundary with its status. */
export function formProblemBody(formProblem: FormProblem, extra: Omit<FormProblemBody, "formProblem"> = {}) {
  const body: FormProblemBody & { message: string } = { formProblem, ...extra, message: PLAIN_TEXT[formProblem] };
  return { status: STATUS[formProblem], body };
}

/** The problem an error boundary was handed, when it is one of ours. */
export function formProblemOf(data: unknown): FormProblem | null {
  if (!data || typeof data !== "object" || !("formProblem" in data)) return null;
  const problem = (data as { formProblem: unknown }).formProblem;
  return typeof problem === "string" && problem in STATUS ? (problem as FormProblem) : null;
}
