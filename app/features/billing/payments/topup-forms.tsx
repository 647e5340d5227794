import { Form, Link } from "@remix-run/react";
import { FormSubmitRow } from "~/components/ui/form-submit-row";
import { CheckboxField, FormErrors, SelectField, TextField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatMoney } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm } from "~/lib/forms/plain-form";
import type { BillingReply } from "../billing-actions.server";
import type { CardView } from "../billing-page.server";
import { billingHref } from "../billing-tabs";
import { CardErrorNotice } from "../billing-notices";
import { useCardLabel } from "./cards-panel";
import { centsToInput } from "../money";
import type { AutoTopupFields, TopUpFields } from "../schemas";

export interface BillingLimits {
  topUpMin: number;
  topUpMax: number;
  thresholdMin: number;
  autoAmountMin: number;
  capMax: number;
}

/**
 * The top-up form, the design card's defining action: an amount, a card,
 * one button. The form carries a one-time key from the loader, so a double
 * click or a resent form is one charge; when the provider's answer is
 * unknown the reply hands the same key back, so trying again cannot charge twice.
 */
export function TopUpPanel({
  cards,
  balanceCents,
  currency,
  limits,
  submissionKey,
  reply,
  constraint,
  returnTo,
  canCreate,
}: {
  cards: CardView[];
  balanceCents: number;
  currency: string;
  limits: BillingLimits;
  submissionKey: string;
  reply: BillingReply | undefined;
  constraint: FormConstraint;
  returnTo: string;
  canCreate: boolean;
}) {
  const { t, i18n } = useTranslation("billing");
  const cardLabel = useCardLabel();
  const ownReply = reply?.intent === "top-up" ? reply : undefined;
  const primary = cards.find((card) => card.priority === "primary") ?? cards[0];
  const [form, fields] = usePlainForm<TopUpFields>({ id: "top-up", lastResult: ownReply?.result, constraint, defaultValue: { paymentMethodId: primary?.id } });
  const busy = useIsPending({ intent: "top-up" });
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const values = { min: money(limits.topUpMin), max: money(limits.topUpMax) };
  return (
    <Panel title={t("topUp.title")}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("topUp.intro")}</p>
        <p className="text-sm font-medium" data-testid="topup-balance">
          {t("topUp.balanceNow", { balance: money(balanceCents) })}
        </p>
        {cards.length === 0 ? (
          <Notice>
            {t("topUp.noCards")}{" "}
            {canCreate ? (
              <Link to={billingHref("payment-methods", { add: "card" })} className="font-medium underline">
                {t("topUp.addCard")}
              </Link>
            ) : null}
          </Notice>
        ) : null}
        {ownReply?.cardError === "network_error" || ownReply?.cardError === "connection_error" ? (
          <div data-testid="topup-pending">
            <Notice tone="warning">{t("topUp.pending")}</Notice>
          </div>
        ) : (
          <CardErrorNotice code={ownReply?.cardError} />
        )}
        <Form method="post" {...plainFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="top-up" />
          <input type="hidden" name="returnTo" value={returnTo} />
          <input type="hidden" name="submissionKey" value={ownReply?.submissionKey ?? submissionKey} />
          <FormErrors errors={form.errors} namespace="billing" />
          <fieldset disabled={cards.length === 0 || !canCreate} className="grid gap-4 sm:grid-cols-2">
            <legend className="sr-only">{t("topUp.title")}</legend>
            <TextField
              label={t("topUp.amount")}
              errors={fields.amount.errors}
              namespace="billing"
              messageValues={values}
              hint={t("topUp.amountHint", values)}
              inputProps={{ ...plainInputProps(fields.amount, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
            />
            <SelectField
              label={t("topUp.card")}
              errors={fields.paymentMethodId.errors}
              namespace="billing"
              selectProps={plainSelectProps(fields.paymentMethodId)}
              options={[{ value: "", label: t("topUp.chooseCard") }, ...cards.map((card) => ({ value: card.id, label: cardLabel(card) }))]}
            />
            <FormSubmitRow
              className="sm:col-span-2"
              submitLabel={t("topUp.submit")}
              busyLabel={t("topUp.submitting")}
              submitting={busy}
              data-testid="topup-submit"
            />
          </fieldset>
        </Form>
      </div>
    </Panel>
  );
}

export interface AutoTopupView {
  enabled: boolean;
  thresholdCents: number;
  amountCents: number;
  monthlyCapCents: number;
}

/** Auto top-up: on or off (docs/product/behaviour.md#auto-top-up), the threshold (≥ $10), the amount (≥ $50) and a monthly cap. */
export function AutoTopupPanel({
  settings,
  currency,
  limits,
  reply,
  constraint,
  returnTo,
  canUpdate,
}: {
  settings: AutoTopupView;
  currency: string;
  limits: BillingLimits;
  reply: BillingReply | undefined;
  constraint: FormConstraint;
  returnTo: string;
  canUpdate: boolean;
}) {
  const { t, i18n } = useTranslation("billing");
  const ownReply = reply?.intent === "auto-topup" ? reply : undefined;
  const language = i18n.language;
  const [form, fields] = usePlainForm<AutoTopupFields>({
    id: "auto-topup",
    lastResult: ownReply?.result,
    constraint,
    defaultValue: {
      enabled: settings.enabled,
      threshold: centsToInput(settings.thresholdCents, language),
      amount: centsToInput(settings.amountCents, language),
      cap: centsToInput(settings.monthlyCapCents, language),
    },
  });
  const busy = useIsPending({ intent: "auto-topup" });
  const money = (cents: number) => formatMoney(cents, currency, language);
  return (
    <Panel title={t("autoTopup.title")}>
      <Form method="post" {...plainFormProps(form)} className="space-y-4" data-testid="auto-topup-form">
        <input type="hidden" name="intent" value="auto-topup" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("autoTopup.intro")}</p>
        <FormErrors errors={form.errors} namespace="billing" />
        <fieldset disabled={!canUpdate} className="space-y-4">
          <legend className="sr-only">{t("autoTopup.title")}</legend>
          <CheckboxField
            label={t("autoTopup.enabled")}
            errors={fields.enabled.errors}
            namespace="billing"
            inputProps={plainInputProps(fields.enabled, { type: "checkbox" })}
          />
          <div className="grid max-w-sm gap-4">
            <TextField
              label={t("autoTopup.threshold")}
              errors={fields.threshold.errors}
              namespace="billing"
              messageValues={{ min: money(limits.thresholdMin), max: money(limits.topUpMax) }}
              hint={t("autoTopup.thresholdHint", { min: money(limits.thresholdMin) })}
              inputProps={{ ...plainInputProps(fields.threshold, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
            />
            <TextField
              label={t("autoTopup.amount")}
              errors={fields.amount.errors}
              namespace="billing"
              messageValues={{ min: money(limits.autoAmountMin), max: money(limits.topUpMax) }}
              hint={t("autoTopup.amountHint", { min: money(limits.autoAmountMin) })}
              inputProps={{ ...plainInputProps(fields.amount, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
            />
            <TextField
              label={t("autoTopup.cap")}
              errors={fields.cap.errors}
              namespace="billing"
              messageValues={{ min: money(limits.autoAmountMin), max: money(limits.capMax) }}
              hint={t("autoTopup.capHint")}
              inputProps={{ ...plainInputProps(fields.cap, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
            />
          </div>
          {canUpdate ? <FormSubmitRow variant="secondary" submitLabel={t("autoTopup.save")} busyLabel={t("autoTopup.saving")} submitting={busy} /> : null}
        </fieldset>
      </Form>
    </Panel>
  );
}

/** The top-up form beside the auto top-up form: /billing?tab=top-up and /add-topup-balance show the same pair. */
export function TopUpForms({
  forms,
  settings,
  balanceCents,
  currency,
  reply,
  returnTo,
  canCreate,
  canUpdate,
}: {
  forms: { cards: CardView[]; limits: BillingLimits; submissionKey: string; constraints: { topUp: FormConstraint; autoTopup: FormConstraint } };
  settings: AutoTopupView;
  balanceCents: number;
  currency: string;
  reply: BillingReply | undefined;
  returnTo: string;
  canCreate: boolean;
  canUpdate: boolean;
}) {
  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <TopUpPanel
        cards={forms.cards}
        balanceCents={balanceCents}
        currency={currency}
        limits={forms.limits}
        submissionKey={forms.submissionKey}
        reply={reply}
        constraint={forms.constraints.topUp}
        returnTo={returnTo}
        canCreate={canCreate}
      />
      <AutoTopupPanel
        settings={settings}
        currency={currency}
        limits={forms.limits}
        reply={reply}
        constraint={forms.constraints.autoTopup}
        returnTo={returnTo}
        canUpdate={canUpdate}
      />
    </div>
  );
}
