import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { CancelAction, type FormFetcher } from "~/components/ui/confirm-action";
import { FormErrors, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import type { BillingReply } from "../billing-actions.server";
import { CardErrorNotice } from "../billing-notices";
import type { AddCardFields } from "../schemas";

/**
 * The test-mode provider's card form: number, expiry and CVC. On its own
 * page without JavaScript; in a dialog with it, posting through the dialog's
 * fetcher so a refused card keeps the dialog open with the reason. The
 * number and CVC are never sent back to the browser in a reply.
 */
export function AddCardForm({
  reply,
  constraint,
  returnTo,
  cancelHref,
  fetcher,
  onCancel,
}: {
  reply: BillingReply | undefined;
  constraint: FormConstraint;
  returnTo: string;
  /** Where Cancel leads without a dialog; none: the form has no Cancel (it is the page's only way on). */
  cancelHref?: string;
  fetcher?: FormFetcher;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("billing");
  const ownReply = reply?.intent === "add-card" ? reply : undefined;
  const [form, fields] = usePlainForm<AddCardFields>({ id: "add-card", lastResult: ownReply?.result, constraint });
  const pagePending = useIsPending({ intent: "add-card" });
  const busy = fetcher ? fetcher.state !== "idle" : pagePending;
  const FormTag = fetcher ? fetcher.Form : Form;
  return (
    <FormTag method="post" {...plainFormProps(form)} className="space-y-4" data-testid="add-card-form">
      <input type="hidden" name="intent" value="add-card" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("cards.addIntro")}</p>
      <CardErrorNotice code={ownReply?.cardError} />
      <FormErrors errors={form.errors} namespace="billing" />
      <TextField
        label={t("cards.number")}
        errors={fields.number.errors}
        namespace="billing"
        inputProps={{
          ...plainInputProps(fields.number, { type: "text" }),
          inputMode: "numeric",
          autoComplete: "cc-number",
          placeholder: "4242 4242 4242 4242",
        }}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t("cards.expiry")}
          errors={fields.expiry.errors}
          namespace="billing"
          inputProps={{ ...plainInputProps(fields.expiry, { type: "text" }), inputMode: "numeric", autoComplete: "cc-exp", placeholder: "12/30" }}
        />
        <TextField
          label={t("cards.cvc")}
          errors={fields.cvc.errors}
          namespace="billing"
          inputProps={{ ...plainInputProps(fields.cvc, { type: "text" }), inputMode: "numeric", autoComplete: "cc-csc", placeholder: "123" }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}>
          {busy ? t("cards.saving") : t("cards.save")}
        </Button>
        {cancelHref || onCancel ? <CancelAction href={cancelHref ?? ""} onCancel={onCancel} /> : null}
      </div>
    </FormTag>
  );
}

/** Stripe takes the card on its own page: one button, a redirect there and back (no JavaScript needed). */
export function StripeCardSetupForm({ returnTo, reply }: { returnTo: string; reply: BillingReply | undefined }) {
  const { t } = useTranslation("billing");
  const busy = useIsPending({ intent: "start-card-setup" });
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="returnTo" value={returnTo} />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("cards.stripeIntro")}</p>
      <CardErrorNotice code={reply?.intent === "start-card-setup" ? reply.cardError : undefined} />
      <Button type="submit" name="intent" value="start-card-setup" loading={busy}>
        {t("cards.addWithStripe")}
      </Button>
    </Form>
  );
}
