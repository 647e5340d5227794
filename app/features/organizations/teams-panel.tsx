import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { FormErrors, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import type { OrganizationReply } from "./organization-actions.server";
import { organizationPaths } from "./paths";
import type { CreateTeamFields } from "./schemas";

export interface TeamRow {
  id: string;
  name: string;
  memberCount: number;
  eventTypeCount: number;
}

/** The organization's teams, each a link to its own page, and a form for a new one. */
export function TeamsPanel({
  organizationId,
  teams,
  canCreate,
  reply,
  constraint,
}: {
  organizationId: string;
  teams: TeamRow[];
  canCreate: boolean;
  reply: OrganizationReply | undefined;
  constraint: FormConstraint;
}) {
  const { t, i18n } = useTranslation("organizations");
  const columns: Array<DataColumn<TeamRow>> = [
    {
      id: "name",
      header: t("teams.name"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <Link to={organizationPaths.team(organizationId, row.id)} className="break-words font-medium text-primary-dark underline dark:text-primary">
          {row.name}
        </Link>
      ),
    },
    { id: "members", header: t("teams.members"), align: "end", cell: (row) => formatNumber(row.memberCount, i18n.language) },
    { id: "eventTypes", header: t("teams.eventTypes"), align: "end", cell: (row) => formatNumber(row.eventTypeCount, i18n.language) },
  ];
  return (
    <div className="space-y-6">
      <Panel title={t("teams.title")}>
        {teams.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("teams.empty")}</p>
        ) : (
          <DataTable
            caption={t("teams.caption")}
            columns={columns}
            rows={teams}
            rowKey={(row) => row.id}
            rowData={(row) => ({ "data-team": row.name })}
            data-testid="teams-table"
          />
        )}
      </Panel>
      {canCreate ? <CreateTeamForm reply={reply?.intent === "create-team" ? reply : undefined} constraint={constraint} /> : null}
    </div>
  );
}

function CreateTeamForm({ reply, constraint }: { reply: OrganizationReply | undefined; constraint: FormConstraint }) {
  const { t } = useTranslation("organizations");
  const [form, fields] = usePlainForm<CreateTeamFields>({ id: "create-team", lastResult: reply?.result, constraint });
  const busy = useIsPending({ intent: "create-team" });
  return (
    <Panel title={t("teams.createTitle")}>
      <Form method="post" className="space-y-4" {...plainFormProps(form)}>
        <FormErrors errors={form.errors} namespace="organizations" />
        <input type="hidden" name="intent" value="create-team" />
        <TextField
          label={t("teams.name")}
          errors={fields.name.errors}
          namespace="organizations"
          hint={t("teams.nameHint")}
          inputProps={plainInputProps(fields.name, { type: "text" })}
        />
        <Button type="submit" disabled={busy}>
          {t("teams.create")}
        </Button>
      </Form>
    </Panel>
  );
}
