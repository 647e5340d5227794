import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { ListLink } from "~/components/ui/list-link";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { searchHref } from "~/features/contact-center/center-params";
import { ProfilePanel, QuickActions, SearchBox, Timeline } from "~/features/contact-center/center-components";
import { contactPageData } from "~/features/contact-center/contact-page.server";
import { contactProfile } from "~/features/contact-center/profile.server";
import { handleQuickAction } from "~/features/contact-center/quick-actions.server";
import { displayName } from "~/features/contacts/paths";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import type { PlainReply } from "~/lib/forms/plain-form";
import { notFound } from "~/lib/http/errors.server";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["contact-center"] };

/**
 * /main-contact-center/<contact id>?show=&page=&q=: one contact's profile
 * ("CRM active" and its record id there), quick actions and timeline
 * (docs/product/contact-center.md). Another tenant's contact is 404. The
 * quick actions that change the contact post here and need "update" on
 * contacts; the others lead to their own screens with the contact chosen.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "main-contact-center");
  const profile = await contactProfile({ id: gate.tenant.id, country: gate.tenant.country }, params.contactId ?? "");
  if (!profile) notFound();
  return {
    title: displayName(profile),
    profile,
    timeZone: gate.tenant.timeZone,
    page: await contactPageData(request, gate, profile),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "update", "contacts");
  // The contact center itself must be the user's too: the page posts here.
  await requireReadAccess(request, "main-contact-center");
  const profile = await contactProfile({ id: gate.tenant.id, country: gate.tenant.country }, params.contactId ?? "");
  if (!profile) notFound();
  return handleQuickAction(request, gate, profile);
}

export default function ContactPage() {
  const { t } = useTranslation("contact-center");
  const { profile, timeZone, page } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as { result?: PlainReply } | undefined;
  return (
    <div className="space-y-4" data-testid="contact-center-contact">
      <PageHeader
        back={
          <ListLink to={searchHref(page.params.q)} className="underline">
            {page.params.q ? t("backToResults") : t("back")}
          </ListLink>
        }
        title={displayName(profile)}
        description={[profile.title, profile.company].filter(Boolean).join(" · ") || undefined}
      />
      <Panel>
        <SearchBox q={page.params.q} />
      </Panel>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        {/* On a phone: the profile, then the timeline, then the actions (the side column is `contents` there, its panels ordered); on a laptop profile and actions sit beside the timeline. */}
        <div className="contents lg:order-last lg:block lg:min-w-0 lg:space-y-4">
          <div className="order-first min-w-0">
            <ProfilePanel profile={profile} timeZone={timeZone} />
          </div>
          <div className="order-last min-w-0">
            <QuickActions data={page} profile={profile} moveReply={reply?.result ?? null} />
          </div>
        </div>
        <div className="min-w-0">
          <Timeline data={page} contactId={profile.id} timeZone={timeZone} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
