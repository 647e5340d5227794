import { Form } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm, DeleteSummary, type FormFetcher } from "~/components/ui/confirm-action";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { FormErrors, SelectField, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm } from "~/lib/forms/plain-form";
import { organizationPaths } from "./paths";
import type { AddTeamMemberFields, RenameTeamFields } from "./schemas";
import type { TeamReply } from "./team-actions.server";

export interface TeamMemberRow {
  id: string;
  name: string;
  email: string;
}

export function TeamMembersPanel({
  organizationId,
  team,
  members,
  candidates,
  canUpdate,
  reply,
  constraint,
}: {
  organizationId: string;
  team: { id: string; name: string };
  members: TeamMemberRow[];
  candidates: TeamMemberRow[];
  canUpdate: boolean;
  reply: TeamReply | undefined;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("organizations");
  const columns: Array<DataColumn<TeamMemberRow>> = [
    { id: "name", header: t("members.name"), primary: true, rowHeader: true, cell: (row) => <span className="break-words">{row.name}</span> },
    { id: "email", header: t("members.email"), truncate: true, cell: (row) => row.email },
  ];
  return (
    <Panel title={t("team.membersTitle")}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("team.membersIntro")}</p>
        {members.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("team.noMembers")}</p>
        ) : (
          <DataTable
            caption={t("team.membersCaption", { name: team.name })}
            columns={columns}
            rows={members}
            rowKey={(row) => row.id}
            rowData={(row) => ({ "data-team-member": row.email })}
            actions={
              canUpdate
                ? {
                    header: t("list.actions"),
                    cell: (row) => (
                      <Form method="post" className="flex justify-end">
                        <input type="hidden" name="intent" value="remove-team-member" />
                        <input type="hidden" name="userId" value={row.id} />
                        <Button type="submit" variant="secondary" size="sm" aria-label={t("team.removeMemberLabel", { name: row.name, team: team.name })}>
                          {t("team.removeMember")}
                        </Button>
                      </Form>
                    ),
                  }
                : undefined
            }
            data-testid="team-members-table"
          />
        )}
        {canUpdate ? (
          <AddTeamMemberForm
            organizationId={organizationId}
            candidates={candidates}
            reply={reply?.intent === "add-team-member" ? reply : undefined}
            constraint={constraint}
          />
        ) : null}
      </div>
    </Panel>
  );
}

function AddTeamMemberForm({
  organizationId,
  candidates,
  reply,
  constraint,
}: {
  organizationId: string;
  candidates: TeamMemberRow[];
  reply: TeamReply | undefined;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("organizations");
  const [form, fields] = usePlainForm<AddTeamMemberFields>({ id: "add-team-member", lastResult: reply?.result, constraint });
  if (candidates.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t("team.everyoneIn")}{" "}
        <a href={organizationPaths.page(organizationId, "members")} className="text-primary-dark underline dark:text-primary">
          {t("team.addToOrganization")}
        </a>
      </p>
    );
  }
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" {...plainFormProps(form)}>
      <FormErrors errors={form.errors} namespace="organizations" />
      <input type="hidden" name="intent" value="add-team-member" />
      <div className="min-w-0 flex-1 sm:max-w-sm">
        <SelectField
          label={t("team.addMember")}
          errors={fields.userId.errors}
          namespace="organizations"
          selectProps={plainSelectProps(fields.userId)}
          options={candidates.map((candidate) => ({ value: candidate.id, label: `${candidate.name} (${candidate.email})` }))}
        />
      </div>
      <Button type="submit">{t("team.add")}</Button>
    </Form>
  );
}

export function RenameTeamPanel({ team, reply, constraint }: { team: { name: string }; reply: TeamReply | undefined; constraint: FormConstraint }) {
  const { t } = useTranslation("organizations");
  const [form, fields] = usePlainForm<RenameTeamFields>({ id: "rename-team", lastResult: reply?.result, constraint, defaultValue: { name: team.name } });
  const busy = useIsPending({ intent: "rename-team" });
  return (
    <Panel title={t("team.renameTitle")}>
      <Form method="post" className="flex flex-wrap items-end gap-3" {...plainFormProps(form)}>
        <FormErrors errors={form.errors} namespace="organizations" />
        <input type="hidden" name="intent" value="rename-team" />
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <TextField
            label={t("teams.name")}
            errors={fields.name.errors}
            namespace="organizations"
            inputProps={plainInputProps(fields.name, { type: "text" })}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {t("team.rename")}
        </Button>
      </Form>
    </Panel>
  );
}

export interface TeamToDelete {
  id: string;
  name: string;
  members: number;
  eventTypes: number;
  upcomingAppointments: number;
}

export function DeleteTeamAction({ organizationId, team }: { organizationId: string; team: TeamToDelete }) {
  const { t } = useTranslation("organizations");
  return (
    <ConfirmAction
      href={organizationPaths.team(organizationId, team.id, { confirm: "delete" })}
      title={t("team.deleteTitle")}
      className={buttonClass("secondary", "text-red-700 dark:text-red-300")}
      content={({ fetcher, close }) => <DeleteTeamForm organizationId={organizationId} team={team} fetcher={fetcher} onCancel={close} />}
    >
      {t("team.delete")}
    </ConfirmAction>
  );
}

export function DeleteTeamForm({
  organizationId,
  team,
  fetcher,
  onCancel,
}: {
  organizationId: string;
  team: TeamToDelete;
  fetcher?: FormFetcher;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("organizations");
  return (
    <ConfirmForm
      action={organizationPaths.team(organizationId, team.id)}
      hidden={{ intent: "delete-team" }}
      confirmLabel={t("team.deleteConfirm")}
      cancelHref={organizationPaths.team(organizationId, team.id)}
      fetcher={fetcher}
      onCancel={onCancel}
    >
      <p>{t("team.deleteQuestion", { name: team.name })}</p>
      <DeleteSummary>
        {t("team.deleteSummary", {
          members: t("team.memberships", { count: team.members }),
          eventTypes: t("team.eventTypeCount", { count: team.eventTypes }),
        })}{" "}
        {team.upcomingAppointments > 0 ? t("team.deleteKeepsAppointments", { count: team.upcomingAppointments }) : null}
      </DeleteSummary>
    </ConfirmForm>
  );
}
