import { createCookieSessionStorage, type AppLoadContext } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getEnv } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { spendTimeOnUnknownAccount, verifyPassword } from "./password.server";

export interface AuthenticatedUser {
  id: string;
  tenantId: string;
}

export const INVALID_CREDENTIALS = "invalidCredentials";

/**
 * remix-auth 3 checks the credentials; it never holds the session. We call it
 * without a success redirect so it hands back the user, and our own database
 * session is created afterwards (docs/decisions/0003-remix-auth.md). The cookie
 * storage it requires is write-never and exists only to satisfy its constructor.
 */
let authenticator: Authenticator<AuthenticatedUser> | undefined;

export function getAuthenticator() {
  if (authenticator) return authenticator;
  const unusedStorage = createCookieSessionStorage({
    cookie: { name: "__auth_unused", secrets: [getEnv().sessionSecret], httpOnly: true, sameSite: "lax" },
  });
  authenticator = new Authenticator<AuthenticatedUser>(unusedStorage, { throwOnError: true });
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "")
        .trim()
        .toLowerCase();
      const password = String(form.get("password") ?? "");
      const user = await getDb().selectFrom("users").select(["id", "tenant_id", "password_hash"]).where("email", "=", email).executeTakeFirst();
      if (!user) {
        await spendTimeOnUnknownAccount(password);
        throw new AuthorizationError(INVALID_CREDENTIALS);
      }
      if (!(await verifyPassword(user.password_hash, password))) throw new AuthorizationError(INVALID_CREDENTIALS);
      return { id: user.id, tenantId: user.tenant_id };
    }),
    "form",
  );
  return authenticator;
}

/** Checks email and password from an already-read form. Returns null on bad credentials. */
export async function authenticateWithForm(request: Request, formData: FormData, context: AppLoadContext): Promise<AuthenticatedUser | null> {
  try {
    // The action has read the body already: remix-auth-form takes the parsed form from context.formData,
    // and remix-auth gets a body-less copy of the request because it clones whatever it is given.
    const bodyless = new Request(request.url, { headers: request.headers });
    return await getAuthenticator().authenticate("form", bodyless, { context: { ...context, formData } });
  } catch (error) {
    if (error instanceof AuthorizationError) return null;
    throw error;
  }
}
