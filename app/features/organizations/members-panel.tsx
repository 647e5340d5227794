import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm, type FormFetcher } from "~/components/ui/confirm-action";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { FormErrors, SelectField, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { MEMBER_ROLES } from "~/features/roles/role-rank";
import { formatDate } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm } from "~/lib/forms/plain-form";
import type { OrganizationReply } from "./organization-actions.server";
import { organizationPaths } from "./paths";
import type { AddMemberFields } from "./schemas";

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  roleKey: string;
  /** The member's role in the account; an account owner is an owner here whatever this organization says. */
  accountRoleKey: string;
  isYou: boolean;
  /** Whether the viewer may change or remove this member (never themselves, never someone above them). */
  manageable: boolean;
}

export interface InvitationRow {
  id: string;
  email: string;
  roleKey: string;
  expiresAt: string;
}

export function useRoleLabel() {
  const { t } = useTranslation("organizations");
  return (roleKey: string) => ((MEMBER_ROLES as readonly string[]).includes(roleKey) ? t(`roles.${roleKey}`) : roleKey);
}

/** Members of the organization with their roles; add by email (or invite), change a role, remove by email. */
export function MembersPanel({
  organization,
  members,
  invitations,
  assignableRoles,
  canUpdate,
  reply,
  constraint,
  timeZone,
}: {
  organization: { id: string; name: string };
  members: MemberRow[];
  invitations: InvitationRow[];
  assignableRoles: string[];
  canUpdate: boolean;
  reply: OrganizationReply | undefined;
  constraint: FormConstraint;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("organizations");
  const roleLabel = useRoleLabel();
  const rowReply = (email: string) =>
    reply && (reply.intent === "change-role" || reply.intent === "remove-member") && reply.email === email ? reply : undefined;
  const columns: Array<DataColumn<MemberRow>> = [
    {
      id: "name",
      header: t("members.name"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-words">{row.name}</span>
          {row.isYou ? <Badge>{t("members.you")}</Badge> : null}
        </span>
      ),
    },
    { id: "email", header: t("members.email"), truncate: true, cell: (row) => row.email },
    {
      id: "role",
      header: t("members.role"),
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <span data-testid="member-role">{roleLabel(row.roleKey)}</span>
          {row.accountRoleKey === "owner" && row.roleKey !== "owner" ? <Badge tone="info">{t("members.accountOwner")}</Badge> : null}
        </span>
      ),
    },
  ];
  return (
    <div className="space-y-6">
      <Panel title={t("members.title")}>
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("members.intro")}</p>
          {members.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("members.empty")}</p>
          ) : (
            <DataTable
              caption={t("members.caption", { name: organization.name })}
              columns={columns}
              rows={members}
              rowKey={(row) => row.id}
              rowData={(row) => ({ "data-member": row.email })}
              actions={
                canUpdate
                  ? {
                      header: t("list.actions"),
                      cell: (row) =>
                        row.manageable ? (
                          <MemberActions organizationId={organization.id} row={row} assignableRoles={assignableRoles} reply={rowReply(row.email)} />
                        ) : null,
                    }
                  : undefined
              }
              data-testid="members-table"
            />
          )}
        </div>
      </Panel>
      {invitations.length > 0 ? (
        <Panel title={t("invitations.title")}>
          <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800" data-testid="pending-invitations">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-all">{invitation.email}</span>
                <span className="flex flex-wrap items-center gap-2 text-slate-600 dark:text-slate-300">
                  <Badge tone="warning">{t("invitations.pending")}</Badge>
                  {roleLabel(invitation.roleKey)} · {t("invitations.expires", { date: formatDate(invitation.expiresAt, i18n.language, timeZone) })}
                  {canUpdate ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove-member" />
                      <input type="hidden" name="email" value={invitation.email} />
                      <Button type="submit" variant="secondary" size="sm" aria-label={t("invitations.withdrawLabel", { email: invitation.email })}>
                        {t("invitations.withdraw")}
                      </Button>
                    </Form>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
      {canUpdate ? (
        <AddMemberForm assignableRoles={assignableRoles} reply={reply?.intent === "add-member" ? reply : undefined} constraint={constraint} />
      ) : null}
    </div>
  );
}

function AddMemberForm({
  assignableRoles,
  reply,
  constraint,
}: {
  assignableRoles: string[];
  reply: OrganizationReply | undefined;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("organizations");
  const roleLabel = useRoleLabel();
  const [form, fields] = usePlainForm<AddMemberFields>({ id: "add-member", lastResult: reply?.result, constraint, defaultValue: { role: "agent" } });
  const busy = useIsPending({ intent: "add-member" });
  return (
    <Panel title={t("members.addTitle")}>
      <Form method="post" className="space-y-4" {...plainFormProps(form)}>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("members.addIntro")}</p>
        <FormErrors errors={form.errors} namespace="organizations" />
        <input type="hidden" name="intent" value="add-member" />
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField
            label={t("members.email")}
            errors={fields.email.errors}
            namespace="organizations"
            inputProps={{ ...plainInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          />
          <SelectField
            label={t("members.role")}
            errors={fields.role.errors}
            namespace="organizations"
            selectProps={plainSelectProps(fields.role)}
            options={assignableRoles.map((role) => ({ value: role, label: roleLabel(role) }))}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? t("members.adding") : t("members.add")}
        </Button>
      </Form>
    </Panel>
  );
}

function MemberActions({
  organizationId,
  row,
  assignableRoles,
  reply,
}: {
  organizationId: string;
  row: MemberRow;
  assignableRoles: string[];
  reply: OrganizationReply | undefined;
}) {
  const { t } = useTranslation("organizations");
  const roleLabel = useRoleLabel();
  return (
    // One line from 640 px (a wrapping row let the table squeeze the column into a ragged stack); on a phone's card, a two-column grid:
    // the role select beside Save role, Remove under Save role at the same width.
    <div className="space-y-2">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 sm:flex sm:flex-nowrap sm:justify-end">
        <Form method="post" className="contents sm:flex sm:items-center sm:gap-2">
          <input type="hidden" name="intent" value="change-role" />
          <input type="hidden" name="email" value={row.email} />
          <label className="sr-only" htmlFor={`role-${row.id}`}>
            {t("members.roleOf", { name: row.name })}
          </label>
          <select
            id={`role-${row.id}`}
            name="role"
            defaultValue={row.roleKey}
            className="h-8 min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
          >
            {assignableRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" size="sm" aria-label={t("members.saveRoleLabel", { name: row.name })}>
            {t("members.saveRole")}
          </Button>
        </Form>
        <ConfirmAction
          href={organizationPaths.page(organizationId, "members", { remove: row.email })}
          label={t("members.removeLabel", { name: row.name })}
          title={t("members.removeTitle")}
          className={buttonClass("secondary", "text-red-700 max-sm:col-start-2 dark:text-red-300", "sm")}
          content={({ fetcher, close }) => <RemoveMemberForm organizationId={organizationId} member={row} fetcher={fetcher} onCancel={close} />}
        >
          {t("members.remove")}
        </ConfirmAction>
      </div>
      {reply?.result.error?.[""] ? <FormErrors errors={reply.result.error[""] ?? undefined} namespace="organizations" /> : null}
    </div>
  );
}

/** "Remove X?": on its own (`?remove=<email>`) without JavaScript, in a dialog with it. */
export function RemoveMemberForm({
  organizationId,
  member,
  fetcher,
  onCancel,
}: {
  organizationId: string;
  member: { name: string; email: string };
  fetcher?: FormFetcher;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("organizations");
  return (
    <ConfirmForm
      action={organizationPaths.page(organizationId, "members")}
      hidden={{ intent: "remove-member", email: member.email }}
      confirmLabel={t("members.removeConfirm")}
      cancelHref={organizationPaths.page(organizationId, "members")}
      fetcher={fetcher}
      onCancel={onCancel}
    >
      <p>{t("members.removeQuestion", { name: member.name, email: member.email })}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("members.removeSummary")}</p>
    </ConfirmForm>
  );
}
