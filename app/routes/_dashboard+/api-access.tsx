import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { ApiAccessTabs } from "~/features/api-keys/api-access-tabs";
import { createApiKey, findApiKey, listApiKeys, revokeApiKey } from "~/features/api-keys/api-keys.server";
import { KeysTab } from "~/features/api-keys/keys-tab";
import { apiRateLimitFor, dashboardFigures, usageFilterChoices, usageRows } from "~/features/api-keys/api-usage.server";
import { DashboardTab, toWireP95, type ApiDashboardView } from "~/features/api-keys/dashboard-tab";
import { DocumentationTab } from "~/features/api-keys/documentation-tab";
import { dashboardRange, parseUsageParams, USAGE_PAGE_SIZE, type UsageParams } from "~/features/api-keys/usage-params";
import { getEnv } from "~/config/env.server";
import { AccountTab, UsageTab } from "~/features/api-keys/usage-account-tabs";
import { getActiveSubscription } from "~/features/tenants/plans.server";
import { API_KEYS_PATH, isApiAccessTab, type ApiAccessTab } from "~/features/api-keys/links";
import { CreateApiKeySchema, expiryInstant, RevokeApiKeySchema } from "~/features/api-keys/schemas";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import { titleFromLoader } from "~/lib/http/page-title";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { badRequest, notFound } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

// "calls" for the overview's range names, which the dashboard tab shares.
export const handle: I18nHandle = { i18n: ["api", "calls"] };

/**
 * /api-access (docs/product/api-access.md): the tenant's API keys, a dashboard
 * of their requests (?tab=dashboard&range=), a getting-started
 * (?tab=documentation), usage with filters in the URL and CSV export
 * (?tab=usage, app/features/api-keys/usage-params.ts) and the plan's limits.
 * `?revoke=<id>` is the confirmation step of a revocation, so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "api-access");
  const t = await getTranslator(request, "api");
  const url = new URL(request.url);
  const requested = url.searchParams.get("tab");
  // The keys are the one real part of the screen, so it opens there.
  const activeTab: ApiAccessTab = isApiAccessTab(requested) ? requested : "keys";
  const canCreate = can(user.permissions, "api-access", "create");
  const canRevoke = can(user.permissions, "api-access", "delete");
  const keys = activeTab === "keys" ? await listApiKeys(tenant.id) : [];
  const usageParams = parseUsageParams(url.searchParams);
  const usage = activeTab === "usage" ? await usageView(tenant.id, usageParams) : null;
  const dashboard = activeTab === "dashboard" ? await dashboardView(tenant.id, url.searchParams) : null;
  const documentation =
    activeTab === "documentation" ? { baseUrl: `${getEnv().appUrl.replace(/\/+$/, "")}/api/v1`, rateLimitPerMinute: await apiRateLimitFor(tenant.id) } : null;
  const account = activeTab === "account" ? await accountLimits(tenant.id) : null;
  const revokeId = url.searchParams.get("revoke");
  const revokeTarget = activeTab === "keys" && canRevoke && revokeId ? (keys.find((key) => key.id === revokeId && !key.revokedAt) ?? null) : null;
  return data(
    {
      title: t("title"),
      activeTab,
      keys,
      canCreate,
      canRevoke,
      revokeTarget,
      tenantName: tenant.name,
      timeZone: tenant.timeZone,
      createConstraint: getZodConstraint(CreateApiKeySchema),
      usage,
      dashboard,
      documentation,
      account,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** One page of the usage rows (they are aggregated, at most a year of days, so the page is cut here). */
async function usageView(tenantId: string, params: UsageParams) {
  const rows = await usageRows(tenantId, { from: params.from, to: params.to, keyId: params.key, endpoint: params.endpoint, statusClass: params.status });
  const pageCount = Math.max(1, Math.ceil(rows.length / USAGE_PAGE_SIZE));
  const page = Math.min(params.page, pageCount);
  return {
    params: { ...params, page },
    pageCount,
    total: rows.length,
    rows: rows.slice((page - 1) * USAGE_PAGE_SIZE, page * USAGE_PAGE_SIZE).map((row) => ({ ...row, p95Ms: toWireP95(row.p95Ms) })),
    choices: await usageFilterChoices(tenantId),
  };
}

async function dashboardView(tenantId: string, searchParams: URLSearchParams): Promise<ApiDashboardView> {
  const range = dashboardRange(searchParams);
  const figures = await dashboardFigures(tenantId, range);
  return {
    rangeKey: range.key,
    firstDay: range.firstDay,
    lastDay: range.lastDay,
    granularity: figures.granularity,
    periods: figures.periods,
    total: { ...figures.total, p95Ms: toWireP95(figures.total.p95Ms) },
    endpoints: figures.endpoints.map((row) => ({ ...row, p95Ms: toWireP95(row.p95Ms) })),
  };
}

async function accountLimits(tenantId: string) {
  const [subscription, rateLimitPerMinute] = await Promise.all([getActiveSubscription(tenantId), apiRateLimitFor(tenantId)]);
  return {
    planName: subscription?.plan_name ?? null,
    rateLimitPerMinute,
    phoneNumberLimit: subscription?.phone_number_limit ?? null,
    agentLimit: subscription?.agent_limit ?? null,
    includedMinutes: subscription?.included_minutes ?? null,
  };
}

// The page that shows a new key must never be stored by a browser or a proxy.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "create") {
    const { user, tenant } = await requireActionAccess(request, "create", "api-access");
    const submission = parseWithZod(formData, { schema: CreateApiKeySchema });
    if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
    const { name, scopes, expiresOn } = submission.value;
    const created = await createApiKey({ tenantId: tenant.id, userId: user.id, name, scopes, expiresAt: expiresOn ? expiryInstant(expiresOn) : null });
    // The only time the full key exists outside the platform: in this response, never in a cookie or the database.
    return data(
      { result: submission.reply({ resetForm: true }), created: { id: created.id, name: created.name, key: created.key } },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  if (intent === "revoke") {
    const { tenant, user } = await requireActionAccess(request, "delete", "api-access");
    const submission = parseWithZod(formData, { schema: RevokeApiKeySchema });
    if (submission.status !== "success") badRequest();
    // Another tenant's key id is simply unknown here.
    if (!(await findApiKey(tenant.id, submission.value.keyId))) {
      const t = await getTranslator(request);
      notFound(t("errors.notFoundMessage"));
    }
    await revokeApiKey(tenant.id, submission.value.keyId, user.id);
    return redirectWithToast(API_KEYS_PATH, { type: "success", key: "api:toast.keyRevoked" });
  }

  // The permission check still comes first, so a read-only user learns nothing from a crafted intent.
  await requireActionAccess(request, "update", "api-access");
  badRequest();
}

export default function ApiAccessPage() {
  const { t } = useTranslation("api");
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("intro")} />
      <ApiAccessTabs active={page.activeTab} />
      {page.activeTab === "keys" ? (
        <KeysTab data={page} created={actionData?.created ?? null} createResult={actionData?.result} />
      ) : page.usage ? (
        <UsageTab rows={page.usage.rows} params={page.usage.params} choices={page.usage.choices} pageCount={page.usage.pageCount} />
      ) : page.dashboard ? (
        <DashboardTab view={page.dashboard} />
      ) : page.documentation ? (
        <DocumentationTab view={page.documentation} />
      ) : page.account ? (
        <AccountTab limits={page.account} />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
