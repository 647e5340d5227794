import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard } from "~/components/auth-card";
import { useIsPending } from "~/components/ui/use-is-pending";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { getGateContext } from "~/features/access/gate.server";
import { PhoneField } from "~/features/phone/phone-field";
import { EmailTakenError, registerAccount, sendRegistrationAttemptNotice, sendVerificationEmail } from "~/features/auth/accounts.server";
import { rateLimitMessage } from "~/features/auth/request.server";
import { BROWSER_TIME_ZONE_FIELD, BrowserTimeZoneInput } from "~/features/onboarding/browser-time-zone-input";
import { registerSchema, type RegisterFields } from "~/features/auth/schemas";
import { registrationPhoneCountry } from "~/features/phone/phone-country";
import { getLanguage } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { runAfterResponse } from "~/lib/background/after-response.server";
import { readFormData } from "~/lib/http/form-body.server";
import { keepRetryAfter } from "~/lib/http/action-headers";
import { attributeSignUp, clearedReferralCookie, readReferralCode, referralVisitCookie } from "~/features/affiliates/attribution.server";

export const handle: I18nHandle = { i18n: ["auth", "phone"] };
// A 429 from the rate limit keeps its Retry-After on a post without JavaScript too.
export const headers = keepRetryAfter;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getGateContext(request)) throw redirect("/overview");
  const phoneCountry = registrationPhoneCountry(request.headers.get("Accept-Language"));
  // /register?ref=<code>: the other shape of an affiliate's link (docs/product/affiliates.md) sets the same attribution cookie.
  const referral = await referralVisitCookie(new URL(request.url).searchParams.get("ref"));
  return data({ phoneCountry, constraint: getZodConstraint(registerSchema(phoneCountry)) }, referral ? { headers: { "Set-Cookie": referral } } : undefined);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const phoneCountry = registrationPhoneCountry(request.headers.get("Accept-Language"));
  const submission = parseWithZod(formData, { schema: registerSchema(phoneCountry) });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });

  const limited = await rateLimitMessage(request, context, "register", submission.value.email);
  if (limited) return data(submission.reply({ formErrors: [limited.message], hideFields }), limited.init);

  const { name, company, email, phone, password } = submission.value;
  const language = await getLanguage(request);
  try {
    const browserTimeZone = formData.get(BROWSER_TIME_ZONE_FIELD);
    const user = await registerAccount({
      name,
      company,
      email,
      phone,
      password,
      browserTimeZone: typeof browserTimeZone === "string" ? browserTimeZone : null,
      phoneCountry,
    });
    runAfterResponse("Verification email", () => sendVerificationEmail({ ...user, email, name }, language));
    // The affiliate whose link brought this visitor (the attribution cookie) gets the new account; self-referral is refused there.
    const referralCode = await readReferralCode(request);
    if (referralCode && (await attributeSignUp({ tenantId: user.tenantId, email, code: referralCode })) !== "no-affiliate") {
      return redirect("/registration-successful", { headers: { "Set-Cookie": await clearedReferralCookie() } });
    }
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    // The same answer as for a new address, so the form tells nobody who has an account; the address's owner hears of it by email.
    runAfterResponse("Registration notice", () => sendRegistrationAttemptNotice(email, language));
  }
  return redirect("/registration-successful");
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const { phoneCountry, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = usePlainForm<RegisterFields>({ id: "register", lastResult, constraint });
  return (
    <AuthCard title={t("register.title")}>
      <Form method="post" className="space-y-4" {...plainFormProps(form)}>
        <FormErrors errors={form.errors} namespace="auth" />
        <TextField
          label={t("fields.name")}
          errors={fields.name.errors}
          namespace="auth"
          inputProps={{ ...plainInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
        />
        <TextField
          label={t("fields.company")}
          errors={fields.company.errors}
          namespace="auth"
          inputProps={{ ...plainInputProps(fields.company, { type: "text" }), autoComplete: "organization" }}
        />
        <TextField
          label={t("fields.email")}
          errors={fields.email.errors}
          namespace="auth"
          inputProps={{ ...plainInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <PhoneField
          label={t("fields.phone")}
          errors={fields.phone.errors}
          namespace="auth"
          country={phoneCountry}
          inputProps={{ ...plainInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
        />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <BrowserTimeZoneInput />
        <Button type="submit" className="w-full" loading={pending}>
          {t("register.submit")}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        {t("register.haveAccount")}{" "}
        <Link to="/login" className="text-primary-dark underline dark:text-primary">
          {t("register.loginLink")}
        </Link>
      </p>
    </AuthCard>
  );
}
