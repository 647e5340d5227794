import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NotAvailablePanel } from "~/components/not-available-panel";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { inputClass, TextField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { useHydrated } from "~/components/ui/use-hydrated";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/access/permissions";
import { createApiKey, findApiKey, listApiKeys, revokeApiKey, type ApiKeySummary } from "~/features/api-keys/api-keys.server";
import { API_ACCESS_TABS, API_KEY_NAME_MAX, CreateApiKeySchema, isApiAccessTab, RevokeApiKeySchema, type ApiAccessTab } from "~/features/api-keys/schemas";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { formatDateTime } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";

const KEYS_PATH = "/api-access?tab=keys";

/**
 * /api-access: the tenant's API keys for the call ingestion API. The spec's
 * other tabs (dashboard, documentation, usage, account) are honest
 * placeholders. `?revoke=<id>` is the confirmation step of a revocation, so it
 * works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request);
  const t = await getTranslator(request, "api");
  const url = new URL(request.url);
  const requested = url.searchParams.get("tab");
  // The keys are the one real part of the screen, so it opens there.
  const activeTab: ApiAccessTab = isApiAccessTab(requested) ? requested : "keys";
  const canCreate = can(user.permissions, "api-access", "create");
  const canRevoke = can(user.permissions, "api-access", "delete");
  const keys = activeTab === "keys" ? await listApiKeys(tenant.id) : [];
  const revokeId = url.searchParams.get("revoke");
  const revokeTarget = activeTab === "keys" && canRevoke && revokeId ? keys.find((key) => key.id === revokeId && !key.revokedAt) ?? null : null;
  return data(
    { title: t("title"), activeTab, keys, canCreate, canRevoke, revokeTarget, tenantName: tenant.name, timeZone: tenant.timeZone },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// The page that shows a new key must never be stored by a browser or a proxy.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Voxboard · ${data.title}` : "Voxboard" }];

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "create") {
    const { user, tenant } = await requireActionAccess(request, "create");
    const submission = parseWithZod(formData, { schema: CreateApiKeySchema });
    if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
    const created = await createApiKey({ tenantId: tenant.id, userId: user.id, name: submission.value.name });
    // The only time the full key exists outside the platform: in this response, never in a cookie or the database.
    return data(
      { result: submission.reply({ resetForm: true }), created: { id: created.id, name: created.name, key: created.key } },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  if (intent === "revoke") {
    const { tenant } = await requireActionAccess(request, "delete");
    const submission = parseWithZod(formData, { schema: RevokeApiKeySchema });
    if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
    // Another tenant's key id is simply unknown here.
    if (!(await findApiKey(tenant.id, submission.value.keyId))) {
      const t = await getTranslator(request);
      throw new Response(t("errors.notFoundMessage"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    await revokeApiKey(tenant.id, submission.value.keyId);
    return redirectWithToast(KEYS_PATH, { type: "success", key: "api:toast.keyRevoked" });
  }

  // The permission check still comes first, so a read-only user learns nothing from a crafted intent.
  await requireActionAccess(request, "update");
  throw new Response("Bad Request", { status: 400 });
}

export default function ApiAccessPage() {
  const { t } = useTranslation("api");
  const { activeTab } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>
      </div>
      <nav aria-label={t("tabs.label")} className="flex flex-wrap gap-2 border-b border-slate-200 pb-2 dark:border-slate-800">
        {API_ACCESS_TABS.map((tab) => (
          <Link
            key={tab}
            to={`/api-access?tab=${tab}`}
            aria-current={tab === activeTab ? "page" : undefined}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm",
              tab === activeTab ? "bg-primary-button text-primary-button-text" : "hover:bg-slate-100 dark:hover:bg-slate-800",
            )}
          >
            {t(`tabs.${tab}`)}
          </Link>
        ))}
      </nav>
      {activeTab === "keys" ? <KeysTab /> : <NotAvailablePanel />}
    </div>
  );
}

function KeysTab() {
  const { t } = useTranslation("api");
  const { keys, canCreate, canRevoke, revokeTarget, tenantName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      {actionData?.created ? <NewKeyPanel name={actionData.created.name} apiKey={actionData.created.key} /> : null}
      {revokeTarget ? <RevokeConfirmation target={revokeTarget} /> : null}
      {canCreate ? <CreateKeyPanel /> : <Notice>{t("readOnly")}</Notice>}
      <Panel title={t("list.title")}>
        {keys.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="no-api-keys">
            {t("list.empty")}
          </p>
        ) : (
          <KeyTable keys={keys} canRevoke={canRevoke} tenantName={tenantName} />
        )}
      </Panel>
    </div>
  );
}

function NewKeyPanel({ name, apiKey }: { name: string; apiKey: string }) {
  const { t } = useTranslation("api");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(apiKey).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <section
      role="status"
      aria-labelledby="new-api-key-title"
      className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-5 dark:border-emerald-800 dark:bg-emerald-950"
      data-testid="new-api-key"
    >
      <h2 id="new-api-key-title" className="text-lg font-semibold">
        {t("created.title", { name })}
      </h2>
      <p className="text-sm">{t("created.once")}</p>
      <div className="space-y-1">
        <label htmlFor="new-api-key" className="block text-sm font-medium">
          {t("created.label")}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="new-api-key"
            readOnly
            value={apiKey}
            aria-describedby="new-api-key-hint"
            onFocus={(event) => event.currentTarget.select()}
            className={cn(inputClass, "min-w-0 flex-1 font-mono")}
            spellCheck={false}
            autoComplete="off"
          />
          {hydrated ? (
            <Button type="button" variant="secondary" onClick={copy}>
              {copied ? t("created.copied") : t("created.copy")}
            </Button>
          ) : null}
        </div>
        <p id="new-api-key-hint" className="text-xs text-slate-600 dark:text-slate-300">
          {t("created.copyHint")}
        </p>
      </div>
      <p className="text-sm">
        {t("created.usage")} <code className="rounded bg-white px-1 py-0.5 font-mono text-xs dark:bg-slate-900">Authorization: Bearer vbk_…</code>
      </p>
    </section>
  );
}

function CreateKeyPanel() {
  const { t } = useTranslation("api");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [form, fields] = useForm({
    id: "create-api-key",
    lastResult: actionData?.result,
    constraint: getZodConstraint(CreateApiKeySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateApiKeySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Panel title={t("create.title")}>
      <Form method="post" action={KEYS_PATH} {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="create" />
        <TextField
          label={t("create.name")}
          errors={fields.name.errors}
          namespace="api"
          hint={t("create.nameHint", { max: API_KEY_NAME_MAX })}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
        />
        <Button type="submit" disabled={submitting}>
          {t("create.submit")}
        </Button>
      </Form>
    </Panel>
  );
}

function KeyTable({ keys, canRevoke, tenantName }: { keys: ApiKeySummary[]; canRevoke: boolean; tenantName: string }) {
  const { t, i18n } = useTranslation("api");
  const { timeZone } = useLoaderData<typeof loader>();
  const when = (iso: string) => formatDateTime(iso, i18n.language, timeZone);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="api-keys">
        <caption className="sr-only">{t("list.caption", { tenant: tenantName })}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-4">
              {t("list.name")}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t("list.key")}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t("list.created")}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t("list.lastUsed")}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t("list.status")}
            </th>
            {canRevoke ? (
              <th scope="col" className="py-2">
                <span className="sr-only">{t("list.actions")}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {keys.map((key) => (
            <tr key={key.id} className={key.revokedAt ? "text-slate-500 dark:text-slate-400" : undefined}>
              <th scope="row" className="py-2 pr-4 font-medium">
                {key.name}
              </th>
              <td className="py-2 pr-4">
                <code className="font-mono text-xs">{key.prefix}…</code>
              </td>
              <td className="py-2 pr-4">{when(key.createdAt)}</td>
              <td className="py-2 pr-4">{key.lastUsedAt ? when(key.lastUsedAt) : t("list.never")}</td>
              <td className="py-2 pr-4">{key.revokedAt ? t("list.revoked", { date: when(key.revokedAt) }) : t("list.active")}</td>
              {canRevoke ? (
                <td className="py-2 text-right">
                  {key.revokedAt ? null : (
                    <Link
                      to={`/api-access?tab=keys&revoke=${encodeURIComponent(key.id)}`}
                      className="text-red-700 underline hover:no-underline dark:text-red-400"
                      aria-label={t("list.revokeLabel", { name: key.name })}
                    >
                      {t("list.revoke")}
                    </Link>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RevokeConfirmation({ target }: { target: ApiKeySummary }) {
  const { t } = useTranslation("api");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "revoke";
  return (
    <section
      aria-labelledby="revoke-api-key-title"
      className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950"
      data-testid="revoke-confirmation"
    >
      <h2 id="revoke-api-key-title" className="text-lg font-semibold">
        {t("revoke.title", { name: target.name })}
      </h2>
      <p className="text-sm">{t("revoke.message", { prefix: `${target.prefix}…` })}</p>
      <Form method="post" action={KEYS_PATH} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="keyId" value={target.id} />
        <Button type="submit" variant="danger" disabled={submitting}>
          {t("revoke.confirm")}
        </Button>
        <Link to={KEYS_PATH} className={buttonClass("secondary")}>
          {t("revoke.cancel")}
        </Link>
      </Form>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
