import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm, DeleteSummary, type FormFetcher } from "~/components/ui/confirm-action";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FormErrors } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import type { BillingReply } from "../billing-actions.server";
import type { CardView } from "../billing-page.server";
import { billingHref } from "../billing-tabs";
import { AddCardForm, StripeCardSetupForm } from "./card-forms";
import { cardBrandName } from "./card-brand";

export interface CardsPanelProps {
  cards: CardView[];
  cardEntry: "form" | "redirect";
  reply: BillingReply | undefined;
  constraint: FormConstraint;
  /** Without JavaScript: the add-card form, or the removal confirmation of one card, shown on the page itself. */
  adding: boolean;
  removing: CardView | null;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

const RETURN_TO = billingHref("payment-methods");

export function useCardLabel() {
  const { t } = useTranslation("billing");
  return (card: { brand: string; last4: string }) => t("cards.cardLabel", { brand: cardBrandName(card.brand), last4: card.last4 });
}

/** tab=payment-methods: the cards, their roles, adding and removing them. */
export function CardsPanel({ cards, cardEntry, reply, constraint, adding, removing, canCreate, canUpdate, canDelete }: CardsPanelProps) {
  const { t } = useTranslation("billing");
  const cardLabel = useCardLabel();
  const columns: Array<DataColumn<CardView>> = [
    { id: "card", header: t("cards.card"), primary: true, rowHeader: true, cell: (card) => cardLabel(card) },
    {
      id: "expires",
      header: t("cards.expires"),
      cell: (card) => (
        <span className="inline-flex items-center gap-2 tabular-nums">
          {String(card.expMonth).padStart(2, "0")}/{card.expYear}
          {card.expired ? <Badge tone="danger">{t("cards.expired")}</Badge> : null}
        </span>
      ),
    },
    {
      id: "role",
      header: t("cards.role"),
      cell: (card) =>
        card.priority === "primary" ? (
          <Badge tone="success">{t("cards.primary")}</Badge>
        ) : card.priority === "backup" ? (
          <Badge tone="info">{t("cards.backup")}</Badge>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{t("cards.none")}</span>
        ),
    },
  ];
  const rowReply = (card: CardView) => (reply && reply.cardId === card.id ? reply : undefined);
  return (
    <div className="space-y-6">
      <Panel title={t("cards.title")} actions={canCreate && cardEntry === "form" && !adding ? <AddCardTrigger reply={reply} constraint={constraint} /> : null}>
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("cards.intro")}</p>
          {reply && !reply.cardId && reply.intent !== "add-card" && reply.intent !== "start-card-setup" ? (
            <FormErrors errors={reply.result.error?.[""] ?? undefined} namespace="billing" />
          ) : null}
          {cards.length === 0 ? (
            <EmptyState title={t("cards.empty")} />
          ) : (
            <DataTable
              caption={t("cards.caption")}
              columns={columns}
              rows={cards}
              rowKey={(card) => card.id}
              rowData={(card) => ({ "data-card": card.last4, "data-priority": card.priority ?? "none" })}
              rowDetail={(card) => {
                const own = rowReply(card);
                return own ? <FormErrors errors={own.result.error?.[""] ?? undefined} namespace="billing" /> : null;
              }}
              actions={
                canUpdate || canDelete
                  ? { header: t("cards.actions"), cell: (card) => <CardActions card={card} canUpdate={canUpdate} canDelete={canDelete} /> }
                  : undefined
              }
              data-testid="cards-table"
            />
          )}
        </div>
      </Panel>
      {canCreate && cardEntry === "redirect" ? (
        <Panel title={t("cards.addTitle")}>
          <StripeCardSetupForm returnTo={RETURN_TO} reply={reply} />
        </Panel>
      ) : null}
      {canCreate && cardEntry === "form" && adding ? (
        <Panel title={t("cards.addTitle")} className="max-w-2xl">
          <AddCardForm reply={reply} constraint={constraint} returnTo={RETURN_TO} cancelHref={RETURN_TO} />
        </Panel>
      ) : null}
      {removing && canDelete ? (
        <Panel title={t("cards.removeTitle")} className="max-w-2xl">
          <RemoveCardForm card={removing} lastCardRefused={reply?.intent === "remove-card" && reply.cardId === removing.id ? reply : undefined} />
        </Panel>
      ) : null}
    </div>
  );
}

function AddCardTrigger({ reply, constraint }: { reply: BillingReply | undefined; constraint: FormConstraint }) {
  const { t } = useTranslation("billing");
  return (
    <ConfirmAction
      href={billingHref("payment-methods", { add: "card" })}
      title={t("cards.addTitle")}
      className={buttonClass("primary", undefined, "sm")}
      content={({ fetcher, close }) => (
        <AddCardForm
          reply={(fetcher.data as BillingReply | undefined) ?? (reply?.intent === "add-card" ? reply : undefined)}
          constraint={constraint}
          returnTo={RETURN_TO}
          cancelHref={RETURN_TO}
          fetcher={fetcher}
          onCancel={close}
        />
      )}
    >
      {t("cards.add")}
    </ConfirmAction>
  );
}

function CardActions({ card, canUpdate, canDelete }: { card: CardView; canUpdate: boolean; canDelete: boolean }) {
  const { t } = useTranslation("billing");
  const cardLabel = useCardLabel();
  const label = cardLabel(card);
  return (
    <div className="flex flex-wrap justify-end gap-2 sm:flex-nowrap">
      {canUpdate && card.priority !== "primary" ? (
        <CardButton intent="make-primary" cardId={card.id} label={t("cards.makePrimary")} accessibleLabel={`${t("cards.makePrimary")}: ${label}`} />
      ) : null}
      {canUpdate && card.priority === null ? (
        <CardButton intent="make-backup" cardId={card.id} label={t("cards.makeBackup")} accessibleLabel={`${t("cards.makeBackup")}: ${label}`} />
      ) : null}
      {canDelete ? (
        <ConfirmAction
          href={billingHref("payment-methods", { remove: card.id })}
          label={`${t("cards.remove")}: ${label}`}
          title={t("cards.removeTitle")}
          className={buttonClass("secondary", "text-red-700 dark:text-red-300", "sm")}
          content={({ fetcher, close }) => (
            <RemoveCardForm card={card} fetcher={fetcher} onCancel={close} lastCardRefused={fetcher.data as BillingReply | undefined} />
          )}
        >
          {t("cards.remove")}
        </ConfirmAction>
      ) : null}
    </div>
  );
}

function CardButton({
  intent,
  cardId,
  label,
  accessibleLabel,
}: {
  intent: "make-primary" | "make-backup";
  cardId: string;
  label: string;
  accessibleLabel: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="cardId" value={cardId} />
      <input type="hidden" name="returnTo" value={RETURN_TO} />
      <button type="submit" name="intent" value={intent} aria-label={accessibleLabel} className={buttonClass("secondary", undefined, "sm")}>
        {label}
      </button>
    </Form>
  );
}

function RemoveCardForm({
  card,
  fetcher,
  onCancel,
  lastCardRefused,
}: {
  card: CardView;
  fetcher?: FormFetcher;
  onCancel?: () => void;
  lastCardRefused?: BillingReply;
}) {
  const { t } = useTranslation("billing");
  const cardLabel = useCardLabel();
  return (
    <ConfirmForm
      hidden={{ intent: "remove-card", cardId: card.id, returnTo: RETURN_TO }}
      confirmLabel={t("cards.removeConfirm")}
      cancelHref={RETURN_TO}
      fetcher={fetcher}
      onCancel={onCancel}
    >
      <FormErrors errors={lastCardRefused?.result.error?.[""] ?? undefined} namespace="billing" />
      <DeleteSummary>{t("cards.removeBody", { card: cardLabel(card) })}</DeleteSummary>
    </ConfirmForm>
  );
}
