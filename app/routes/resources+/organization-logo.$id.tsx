import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/access/gate.server";
import { getOrganization, logos } from "~/features/organizations/organizations.server";
import { notFound } from "~/lib/http/errors.server";

/** An organization's logo, for signed-in users of its tenant only (to anyone else it does not exist); cached for good, as every upload has a new name. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireUser(request);
  const organization = await getOrganization(tenant.id, params.id ?? "");
  const logo = organization?.logo_file ? await logos.read(organization.logo_file) : null;
  if (!logo) notFound();
  return new Response(logo.bytes, {
    headers: {
      "Content-Type": logo.contentType,
      "Content-Length": String(logo.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=31536000, immutable",
    },
  });
}
