import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";

/**
 * A stand-in for an OpenID Connect provider (Google, Keycloak, Authentik…),
 * for tests only, written from OpenID Connect Core 1.0 and Discovery 1.0 and
 * RFC 7636 (PKCE). It listens on 127.0.0.1 (a free port, or the one given)
 * and serves:
 *
 * - GET /.well-known/openid-configuration: the discovery document;
 * - GET /jwks: the public half of an RSA key generated at start;
 * - GET /authorize: with `nextUser` set, redirects straight back with a code
 *   and the state (a provider with a remembered login); without it, a small
 *   form asking for the email to sign in as (POST /authorize), as a
 *   provider's login page would;
 * - POST /token: the code (once), the PKCE verifier (S256), the redirect_uri
 *   and the client's secret (Basic or in the body) checked; answers with an
 *   RS256-signed ID token;
 * - GET /userinfo: the user's claims for the access token.
 *
 * `fault` makes the next ID tokens wrong on purpose: another nonce, another
 * audience, another issuer, already expired, or signed with a key not in the
 * JWKS.
 */

export interface StubUser {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  /** Leave the email out of the ID token (the app must read it from userinfo). */
  emailOnlyInUserInfo?: boolean;
}

export type OidcStubFault = "wrong-nonce" | "wrong-audience" | "wrong-issuer" | "expired" | "foreign-key" | null;

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  codeChallenge: string | null;
  user: StubUser;
}

export interface OidcStub {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next /authorize signs in without asking; null shows the login form. */
  nextUser: StubUser | null;
  fault: OidcStubFault;
  /** Every token request's grant, for assertions (PKCE sent, code used once). */
  tokenRequests: Array<{ code: string | null; codeVerifier: string | null; redirectUri: string | null; status: number }>;
  /** Users signed in through the form, by email (the subject is derived from it). */
  userForEmail(email: string): StubUser;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
};

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => resolve(text));
  });

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOidcStub({ port = 0, clientId = "voxboard-test", clientSecret = "stub-client-secret" } = {}): Promise<OidcStub> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const foreign = await generateKeyPair("RS256");
  const kid = randomBytes(8).toString("hex");
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, StubUser>();

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => json(res, 500, { error: "server_error", error_description: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const stub: OidcStub = {
    issuer,
    clientId,
    clientSecret,
    nextUser: null,
    fault: null,
    tokenRequests: [],
    userForEmail: (email) => ({
      sub: `sub-${createHash("sha256").update(email).digest("hex").slice(0, 16)}`,
      email,
      email_verified: true,
      name: email.split("@")[0],
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function issueCode(params: URLSearchParams, user: StubUser, res: http.ServerResponse) {
    const redirectUri = params.get("redirect_uri");
    if (params.get("client_id") !== clientId || !redirectUri) return json(res, 400, { error: "invalid_request" });
    if (params.get("code_challenge") && params.get("code_challenge_method") !== "S256") return json(res, 400, { error: "invalid_request" });
    const code = randomBytes(16).toString("base64url");
    codes.set(code, { clientId, redirectUri, nonce: params.get("nonce"), codeChallenge: params.get("code_challenge"), user });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    const state = params.get("state");
    if (state !== null) back.searchParams.set("state", state);
    res.writeHead(302, { Location: back.href });
    res.end();
  }

  async function idToken(grant: IssuedCode) {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const { user } = grant;
    const claims: Record<string, unknown> = { name: user.name };
    if (!user.emailOnlyInUserInfo && user.email !== undefined) {
      claims.email = user.email;
      if (user.email_verified !== undefined) claims.email_verified = user.email_verified;
    }
    const nonce = stub.fault === "wrong-nonce" ? "not-the-nonce-you-sent" : grant.nonce;
    if (nonce) claims.nonce = nonce;
    const issuedAt = stub.fault === "expired" ? nowSeconds - 7200 : nowSeconds;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(stub.fault === "wrong-issuer" ? "https://someone-else.example" : issuer)
      .setSubject(user.sub)
      .setAudience(stub.fault === "wrong-audience" ? "another-client" : grant.clientId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 600)
      .sign(stub.fault === "foreign-key" ? (foreign.privateKey as CryptoKey) : privateKey);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", issuer);
    if (req.method === "GET" && url.pathname === "/.well-known/openid-configuration") {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        code_challenge_methods_supported: ["S256"],
        claims_supported: ["sub", "email", "email_verified", "name"],
      });
    }
    if (req.method === "GET" && url.pathname === "/jwks") return json(res, 200, { keys: [publicJwk] });
    if (req.method === "GET" && url.pathname === "/authorize") {
      if (url.searchParams.get("response_type") !== "code") return json(res, 400, { error: "unsupported_response_type" });
      if (stub.nextUser) return issueCode(url.searchParams, stub.nextUser, res);
      // A provider's own login page: the email to sign in as, the request's parameters carried along.
      const hidden = [...url.searchParams].map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join("");
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html lang="en"><head><title>Stub provider</title></head><body><main><h1>Stub provider sign-in</h1>` +
          `<form method="post" action="/authorize">${hidden}<label>Email <input name="login_email" type="email" required></label>` +
          `<button type="submit">Continue</button></form></main></body></html>`,
      );
      return;
    }
    if (req.method === "POST" && url.pathname === "/authorize") {
      const params = new URLSearchParams(await readBody(req));
      return issueCode(params, stub.userForEmail(params.get("login_email") ?? ""), res);
    }
    if (req.method === "POST" && url.pathname === "/token") {
      const params = new URLSearchParams(await readBody(req));
      const record = { code: params.get("code"), codeVerifier: params.get("code_verifier"), redirectUri: params.get("redirect_uri"), status: 400 };
      stub.tokenRequests.push(record);
      const basic = req.headers.authorization?.startsWith("Basic ")
        ? Buffer.from(req.headers.authorization.slice(6), "base64").toString().split(":").map(decodeURIComponent)
        : null;
      const [id, secret] = basic ?? [params.get("client_id"), params.get("client_secret")];
      if (id !== clientId || secret !== clientSecret) {
        record.status = 401;
        return json(res, 401, { error: "invalid_client" });
      }
      const grant = record.code ? codes.get(record.code) : undefined;
      // A code is good once (RFC 6749 §4.1.2).
      if (record.code) codes.delete(record.code);
      if (params.get("grant_type") !== "authorization_code" || !grant || grant.redirectUri !== record.redirectUri)
        return json(res, 400, { error: "invalid_grant" });
      if (grant.codeChallenge) {
        const challenge = record.codeVerifier ? createHash("sha256").update(record.codeVerifier).digest("base64url") : null;
        if (challenge !== grant.codeChallenge) return json(res, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
      }
      const accessToken = randomBytes(24).toString("base64url");
      accessTokens.set(accessToken, grant.user);
      record.status = 200;
      return json(res, 200, {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 3600,
        scope: "openid email profile",
        id_token: await idToken(grant),
      });
    }
    if (req.method === "GET" && url.pathname === "/userinfo") {
      const user = accessTokens.get(req.headers.authorization?.replace(/^Bearer /, "") ?? "");
      if (!user) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, { sub: user.sub, email: user.email, email_verified: user.email_verified, name: user.name });
    }
    json(res, 404, { error: "not_found" });
  }

  return stub;
}
