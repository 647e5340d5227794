import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getLanguage } from "~/i18n/i18next.server";
import { resendVerification, verifyEmailWithToken } from "./accounts.server";
import { rateLimitMessage } from "./request.server";
import { ResendVerificationSchema } from "./schemas";
import { getLiveSession } from "./session.server";
import { findLiveToken } from "./verification.server";
import { readFormData } from "~/lib/http/form-body.server";

/**
 * /verify-email and /verify-account share this module. Opening the link only
 * shows a button; the POST behind it uses the token, so mail scanners that
 * prefetch links cannot spend it (no GET changes state).
 */
export async function verifyEmailLoader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const tokenIsLive = token ? Boolean(await findLiveToken(token, "verify-email")) : false;
  return { token, tokenIsLive, constraint: getZodConstraint(ResendVerificationSchema) };
}

const VerifySchema = z.object({ token: z.string().min(1) });

export async function verifyEmailAction({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  if (formData.get("intent") === "resend") {
    const submission = parseWithZod(formData, { schema: ResendVerificationSchema });
    if (submission.status !== "success") return data({ resend: submission.reply(), sent: false, invalid: false }, { status: 400 });
    const limited = await rateLimitMessage(request, context, "resend-verification", submission.value.email);
    if (limited) return data({ resend: submission.reply({ formErrors: [limited.message] }), sent: false, invalid: false }, limited.init);
    await resendVerification(submission.value.email, await getLanguage(request));
    return { resend: submission.reply({ resetForm: true }), sent: true, invalid: false };
  }
  const parsed = VerifySchema.safeParse({ token: formData.get("token") });
  if (!parsed.success || !(await verifyEmailWithToken(parsed.data.token))) {
    return data({ resend: undefined, sent: false, invalid: true }, { status: 400 });
  }
  // Signed in = a live session (sessions go with their user); the gate itself is a layer above auth (docs/decisions/0029-code-layout.md).
  const signedIn = await getLiveSession(request);
  return signedIn
    ? redirectWithToast("/overview", { type: "success", key: "auth:toast.emailVerified" })
    : redirectWithToast("/login", { type: "success", key: "auth:toast.emailVerifiedSignIn" });
}
