import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/access/gate.server";
import { chooseOrganization, chooseTeam } from "~/features/organizations/selection";
import { readStoredSelection, selectableOrganizations, storeSelection } from "~/features/organizations/selection.server";
import { resolveSelection } from "~/features/organizations/selection";
import { readFormData } from "~/lib/http/form-body.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";

/**
 * The top bar's organization and team selector posts here. Only the tenant's
 * own organizations and teams can be chosen; anything else leaves the choice
 * as it was. Back to the page the choice was made on, without its query: its
 * filters named the previous organization's staff and event types.
 */
export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireUser(request);
  const form = await readFormData(request);
  const organizations = await selectableOrganizations(gate.tenant.id);
  const current = resolveSelection(organizations, await readStoredSelection(request));
  const organizationId = form.get("organizationId");
  const teamId = form.get("teamId");
  const next =
    typeof teamId === "string" && teamId
      ? chooseTeam(
          organizations,
          typeof organizationId === "string" && organizationId ? chooseOrganization(organizations, current, organizationId) : current,
          teamId,
        )
      : typeof organizationId === "string"
        ? chooseOrganization(organizations, current, organizationId)
        : current;
  return redirect(safeRedirectPath(form.get("redirectTo"), "/overview"), { headers: { "Set-Cookie": await storeSelection(next) } });
}

export const loader = () => redirect("/overview");
