import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/access/gate.server";
import { readAvatar } from "~/features/profile/avatar-storage.server";
import { getProfilePictureOf } from "~/features/profile/profile.server";
import { notFound } from "~/lib/http/errors.server";

/**
 * A user's uploaded picture, for signed-in users of the same tenant only; to
 * anyone else the picture does not exist. The URL carries ?v=<file name>, and
 * every upload gets a new file name, so the response can be cached for good.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const fileName = params.userId ? await getProfilePictureOf(params.userId, user.tenantId) : null;
  const avatar = fileName ? await readAvatar(fileName) : null;
  if (!avatar) notFound();
  return new Response(avatar.bytes, {
    headers: {
      "Content-Type": avatar.contentType,
      "Content-Length": String(avatar.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=31536000, immutable",
    },
  });
}
