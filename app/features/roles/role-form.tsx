import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { FieldErrors, FormErrors, TextField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { ALWAYS_READ_AREAS, CUSTOM_ROLE_AREAS, grantableActions, ROLE_NAME_MAX_LENGTH } from "./custom-role-rules";
import { ACTIONS, type PermissionAction, type PermissionMap } from "./permissions";

/**
 * The permission map of a role, one row per area and a column per action
 * (docs/product/roles.md). Editable, every box is a checkbox named `perm`
 * with the value "area.action", so the form posts without JavaScript; read
 * only (a built-in role), each cell says granted or not in words.
 */
export function PermissionTable({ permissions, areas, editable }: { permissions: PermissionMap; areas: readonly string[]; editable: boolean }) {
  const { t } = useTranslation("roles");
  const actionColumn = (action: PermissionAction): DataColumn<string> => ({
    id: action,
    header: t(`actions.${action}`),
    cell: (area) => {
      const granted = permissions[area]?.includes(action) ?? false;
      const label = t("editor.cellLabel", { area: t(`areas.${area}`, { defaultValue: area }), action: t(`actions.${action}`) });
      if (!editable) {
        return (
          <span data-granted={granted ? "yes" : "no"}>
            <span aria-hidden="true">{granted ? "✓" : "–"}</span>
            <span className="sr-only">{granted ? t("editor.granted") : t("editor.notGranted")}</span>
          </span>
        );
      }
      if (!grantableActions(area).includes(action)) {
        return (
          <span>
            <span aria-hidden="true">–</span>
            <span className="sr-only">{t("editor.notGrantable")}</span>
          </span>
        );
      }
      if (action === "read" && (ALWAYS_READ_AREAS as readonly string[]).includes(area)) {
        // Always granted: shown checked, not sent (the server adds it anyway).
        return <input type="checkbox" checked disabled aria-label={`${label} (${t("editor.always")})`} className="h-4 w-4" />;
      }
      return <input type="checkbox" name="perm" value={`${area}.${action}`} defaultChecked={granted} aria-label={label} className="h-4 w-4" />;
    },
  });
  const columns: Array<DataColumn<string>> = [
    {
      id: "area",
      header: t("editor.area"),
      rowHeader: true,
      primary: true,
      cell: (area) => (
        <span className="block min-w-0">
          <span className="block">{t(`areas.${area}`, { defaultValue: area })}</span>
          <span className="block break-all text-xs font-normal text-slate-600 dark:text-slate-300">/{area}</span>
        </span>
      ),
    },
    ...ACTIONS.map(actionColumn),
  ];
  return (
    <DataTable
      caption={t("editor.caption")}
      data-testid="permission-table"
      columns={columns}
      rows={[...areas]}
      rowKey={(area) => area}
      rowData={(area) => ({ "data-area": area })}
    />
  );
}

export interface RoleFormValues {
  name: string;
  permissions: PermissionMap;
}

/** A custom role's name and permission map: the new-role page and a custom role's page. */
export function RoleForm({
  values,
  errors,
  submitLabel,
  cancelHref,
  submitting,
}: {
  values: RoleFormValues;
  errors?: { name?: string[]; perm?: string[]; form?: string[] };
  submitLabel: string;
  cancelHref: string;
  submitting: boolean;
}) {
  const { t } = useTranslation("roles");
  return (
    <Form method="post" className="space-y-4" noValidate>
      <FormErrors errors={errors?.form} namespace="roles" />
      <div className="max-w-md">
        <TextField
          label={t("fields.name")}
          errors={errors?.name}
          namespace="roles"
          inputProps={{
            id: "role-name",
            name: "name",
            defaultValue: values.name,
            required: true,
            minLength: 2,
            maxLength: ROLE_NAME_MAX_LENGTH,
            autoComplete: "off",
          }}
        />
      </div>
      <fieldset className="space-y-2" aria-describedby="role-permissions-hint">
        <legend className="text-base font-semibold">{t("editor.title")}</legend>
        <p id="role-permissions-hint" className="text-sm text-slate-600 dark:text-slate-300">
          {t("editor.hint")}
        </p>
        <FieldErrors id="role-permissions-error" errors={errors?.perm} t={t} />
        <PermissionTable permissions={values.permissions} areas={CUSTOM_ROLE_AREAS} editable />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
        <Link to={cancelHref} className={buttonClass("secondary")}>
          {t("form.cancel")}
        </Link>
      </div>
    </Form>
  );
}
