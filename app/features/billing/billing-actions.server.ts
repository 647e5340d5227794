import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import type { GateContext, PermissionArea } from "~/features/access/gate.server";
import { can, type PermissionAction } from "~/features/roles/permissions";
import { formatMoney } from "~/i18n/format";
import { getLanguage } from "~/i18n/i18next.server";
import { readFormData } from "~/lib/http/form-body.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { customerRefFor } from "./accounts.server";
import { saveAutoTopupSettings } from "./payments/auto-topup.server";
import { isCardErrorCode, OUTCOME_UNKNOWN_CODES, PaymentError, type CardErrorCode } from "./payments/card-errors";
import { CardChangeError, listPaymentMethods, makeBackup, makePrimary, removeCard, saveCard } from "./payments/payment-methods.server";
import { getPaymentProvider } from "./payments/provider.server";
import { addCardSchema, autoTopupSchema, cardChoiceSchema, topUpSchema } from "./schemas";
import { cancelSubscription, resumeSubscription } from "./plans/subscriptions.server";
import { ONLY_TEST_CARDS } from "./payments/test-mode-provider.server";
import { topUp } from "./payments/topup.server";
import { billingDetailsSchema } from "./tax/billing-details-schema";
import { saveBillingDetails } from "./tax/invoice-tax.server";
import { badRequest, forbidden } from "~/lib/http/errors.server";

export const BILLING_INTENTS = [
  "add-card",
  "start-card-setup",
  "make-primary",
  "make-backup",
  "remove-card",
  "top-up",
  "auto-topup",
  "cancel-plan",
  "resume-plan",
  "billing-details",
] as const;
export type BillingIntent = (typeof BILLING_INTENTS)[number];

const PERMISSION_FOR: Record<BillingIntent, PermissionAction> = {
  "add-card": "create",
  "start-card-setup": "create",
  "make-primary": "update",
  "make-backup": "update",
  "remove-card": "delete",
  "top-up": "create",
  "auto-topup": "update",
  "cancel-plan": "update",
  "resume-plan": "update",
  "billing-details": "update",
};

/** A refused form: its intent (so only that form shows it), conform's reply, and a card error of the catalogue when the provider refused. */
export interface BillingReply {
  intent: BillingIntent;
  cardId?: string;
  result: SubmissionResult<string[]>;
  cardError?: CardErrorCode;
  /** The top-up form's key to send again: the last one's outcome is unknown, so a retry must be the same top-up. */
  submissionKey?: string;
}

function refused(reply: BillingReply, status = 400) {
  return data(reply, { status });
}

/** The card-error catalogue's codes that belong to one field of the card form; the rest are the form's. */
const CARD_FIELD_FOR: Partial<Record<CardErrorCode, "number" | "expiry" | "cvc">> = {
  incorrect_number: "number",
  expired_card: "expiry",
  incorrect_cvc: "cvc",
};

/**
 * The billing forms' one action, shared by /billing and /add-topup-balance
 * (each names its permission area). The area's permission for the intent is
 * checked before anything else is read; an agent gets 403.
 */
export async function handleBillingAction(request: Request, gate: GateContext, area: PermissionArea, fallbackReturn: string, alreadyRead?: FormData) {
  const formData = alreadyRead ?? (await readFormData(request));
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !(BILLING_INTENTS as readonly string[]).includes(intent)) badRequest();
  const billingIntent = intent as BillingIntent;
  if (!can(gate.user.permissions, area, PERMISSION_FOR[billingIntent])) throw await forbidden(request);
  const returnTo = safeRedirectPath(formData.get("returnTo"), fallbackReturn);
  const language = await getLanguage(request);
  const tenantId = gate.tenant.id;

  switch (billingIntent) {
    case "add-card": {
      const submission = parseWithZod(formData, { schema: addCardSchema });
      if (submission.status !== "success") return refused({ intent: billingIntent, result: submission.reply({ hideFields: ["number", "cvc"] }) });
      try {
        const provider = getPaymentProvider();
        const saved = await provider.attachCard(await customerRefFor(tenantId, provider), {
          number: submission.value.number,
          cvc: submission.value.cvc,
          ...submission.value.expiry,
        });
        await saveCard(tenantId, saved);
        await clearAutoTopupWait(tenantId);
        return redirectWithToast(returnTo, { type: "success", key: "billing:toast.cardAdded", values: { last4: saved.last4 } });
      } catch (error) {
        const code = cardErrorCode(error);
        if (error instanceof PaymentError && error.message === ONLY_TEST_CARDS) {
          return refused(
            { intent: billingIntent, result: submission.reply({ fieldErrors: { number: ["validation.onlyTestCards"] }, hideFields: ["number", "cvc"] }) },
            402,
          );
        }
        const field = CARD_FIELD_FOR[code];
        return refused(
          {
            intent: billingIntent,
            cardError: code,
            result: submission.reply({ ...(field ? { fieldErrors: { [field]: [`cardErrors.${code}.message`] } } : {}), hideFields: ["number", "cvc"] }),
          },
          402,
        );
      }
    }
    case "start-card-setup": {
      const provider = getPaymentProvider();
      if (provider.cardEntry !== "redirect") badRequest();
      const appUrl = getEnv().appUrl;
      const back = new URL("/billing/cards/return", appUrl);
      back.searchParams.set("returnTo", returnTo);
      // Stripe fills in {CHECKOUT_SESSION_ID}; URLSearchParams would escape the braces.
      const returnUrl = `${back.toString()}&session_id={CHECKOUT_SESSION_ID}`;
      const cancelUrl = new URL(returnTo, appUrl);
      cancelUrl.searchParams.set("setup", "cancelled");
      try {
        const { url } = await provider.startCardSetup(await customerRefFor(tenantId, provider), { returnUrl, cancelUrl: cancelUrl.toString() });
        // The one redirect off this site: to the configured payment provider's own page, never to an address from the request.
        return redirect(url);
      } catch (error) {
        return refused({ intent: billingIntent, cardError: cardErrorCode(error), result: { status: "error", error: { "": [] } } }, 502);
      }
    }
    case "make-primary":
    case "make-backup":
    case "remove-card": {
      const submission = parseWithZod(formData, { schema: cardChoiceSchema });
      if (submission.status !== "success") return refused({ intent: billingIntent, result: submission.reply() });
      const { cardId } = submission.value;
      try {
        if (billingIntent === "make-primary") await makePrimary(tenantId, cardId);
        else if (billingIntent === "make-backup") await makeBackup(tenantId, cardId);
        else await removeCard(tenantId, cardId);
      } catch (error) {
        if (!(error instanceof CardChangeError)) throw error;
        return refused(
          { intent: billingIntent, cardId, result: submission.reply({ formErrors: [`validation.${error.problem}`] }) },
          error.problem === "cardNotFound" ? 404 : 409,
        );
      }
      if (billingIntent !== "remove-card") await clearAutoTopupWait(tenantId);
      const key = billingIntent === "make-primary" ? "primarySet" : billingIntent === "make-backup" ? "backupSet" : "cardRemoved";
      return redirectWithToast(returnTo, { type: "success", key: `billing:toast.${key}` });
    }
    case "top-up": {
      const submission = parseWithZod(formData, { schema: topUpSchema(language) });
      if (submission.status !== "success") return refused({ intent: billingIntent, result: submission.reply() });
      const cards = await listPaymentMethods(tenantId);
      if (!cards.some((card) => card.id === submission.value.paymentMethodId)) {
        return refused({ intent: billingIntent, result: submission.reply({ fieldErrors: { paymentMethodId: ["validation.cardUnknown"] } }) });
      }
      try {
        const charge = await topUp({
          tenantId,
          userId: gate.user.id,
          amountCents: submission.value.amount,
          paymentMethodId: submission.value.paymentMethodId,
          submissionKey: submission.value.submissionKey,
        });
        if (charge.status === "succeeded") {
          const invoice = await getDb().selectFrom("invoices").select("number").where("charge_id", "=", charge.id).executeTakeFirst();
          return redirectWithToast(returnTo, {
            type: "success",
            key: "billing:topUp.done",
            values: { amount: formatMoney(charge.amount_cents, charge.currency, language), number: invoice?.number ?? "" },
          });
        }
        if (charge.status === "pending")
          return refused({ intent: billingIntent, cardError: "network_error", submissionKey: submission.value.submissionKey, result: submission.reply() }, 202);
        const code = isCardErrorCode(charge.failure_code) ? charge.failure_code : "payment_failed";
        return refused({ intent: billingIntent, cardError: code, result: submission.reply() }, 402);
      } catch (error) {
        const code = cardErrorCode(error);
        const unknown = OUTCOME_UNKNOWN_CODES.includes(code);
        return refused(
          { intent: billingIntent, cardError: code, submissionKey: unknown ? submission.value.submissionKey : undefined, result: submission.reply() },
          unknown ? 202 : 402,
        );
      }
    }
    case "auto-topup": {
      const submission = parseWithZod(formData, { schema: autoTopupSchema(language) });
      if (submission.status !== "success") return refused({ intent: billingIntent, result: submission.reply() });
      if (submission.value.enabled && (await listPaymentMethods(tenantId)).length === 0) {
        return refused({ intent: billingIntent, result: submission.reply({ fieldErrors: { enabled: ["validation.needsCard"] } }) });
      }
      await saveAutoTopupSettings(tenantId, {
        enabled: submission.value.enabled,
        thresholdCents: submission.value.threshold,
        amountCents: submission.value.amount,
        monthlyCapCents: submission.value.cap,
      });
      return redirectWithToast(returnTo, { type: "success", key: "billing:autoTopup.saved" });
    }
    case "cancel-plan": {
      const subscription = gate.subscription;
      if (!(await cancelSubscription(tenantId)))
        return refused({ intent: billingIntent, result: { status: "error", error: { "": ["validation.nothingToCancel"] } } }, 409);
      const date = subscription?.current_period_end
        ? new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: gate.tenant.timeZone }).format(new Date(subscription.current_period_end))
        : "";
      return redirectWithToast(returnTo, { type: "success", key: "billing:toast.cancelled", values: { date } });
    }
    case "resume-plan": {
      await resumeSubscription(tenantId);
      return redirectWithToast(returnTo, { type: "success", key: "billing:toast.resumed" });
    }
    case "billing-details": {
      const submission = parseWithZod(formData, { schema: billingDetailsSchema });
      if (submission.status !== "success") return refused({ intent: billingIntent, result: submission.reply() });
      await saveBillingDetails(tenantId, gate.user.id, submission.value);
      return redirectWithToast(returnTo, { type: "success", key: "billing:details.saved" });
    }
  }
}

function cardErrorCode(error: unknown): CardErrorCode {
  if (error instanceof PaymentError) return error.code;
  console.error("Billing:", error);
  return "unknown";
}

/** A changed card or setting is worth trying at once: the automatic top-up's day of waiting after a failure ends. */
async function clearAutoTopupWait(tenantId: string) {
  await getDb()
    .updateTable("billing_accounts")
    .set({ auto_topup_failed_at: null })
    .where("tenant_id", "=", tenantId)
    .where("auto_topup_failure_code", "is not", null)
    .execute();
}
