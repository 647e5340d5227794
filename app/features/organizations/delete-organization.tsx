import { ConfirmForm, DeleteSummary, type FormFetcher } from "~/components/ui/confirm-action";
import { useTranslation } from "~/i18n/react";
import { organizationPaths } from "./paths";

export interface OrganizationToDelete {
  id: string;
  name: string;
  teams: number;
  members: number;
}

/** The confirmation: what goes with the organization (its teams, its memberships, its logo); the people themselves stay. */
export function DeleteOrganizationForm({
  organization,
  fetcher,
  onCancel,
  submitting,
}: {
  organization: OrganizationToDelete;
  fetcher?: FormFetcher;
  onCancel?: () => void;
  submitting?: boolean;
}) {
  const { t } = useTranslation("organizations");
  return (
    <ConfirmForm
      action={organizationPaths.remove(organization.id)}
      confirmLabel={t("delete.confirm")}
      busyLabel={t("delete.deleting")}
      cancelHref={organizationPaths.list}
      fetcher={fetcher}
      onCancel={onCancel}
      submitting={submitting}
    >
      <p>{t("delete.question", { name: organization.name })}</p>
      <DeleteSummary>
        {t("delete.summary", { teams: t("delete.teams", { count: organization.teams }), members: t("delete.members", { count: organization.members }) })}
      </DeleteSummary>
    </ConfirmForm>
  );
}
