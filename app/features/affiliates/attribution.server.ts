import { createCookie } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { getDb, newId, now, type DB } from "~/db/db.server";
import { isHttpsUrl } from "~/lib/security/secure-cookies.server";
import { findApprovedAffiliateByCode, getProgrammeSettings } from "./programme.server";
import { isSelfReferral, parseReferralCode } from "./referral";

/**
 * The attribution cookie (docs/decisions/0053-affiliate-attribution-cookie.md):
 * first-party, HttpOnly, SameSite=Lax, holding only the referral code for the
 * programme's cookie days (30). Registration reads it and attributes the new
 * tenant to the affiliate, once.
 */
export const REFERRAL_COOKIE_NAME = "vb_ref";

function referralCookie(maxAgeDays: number) {
  return createCookie(REFERRAL_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttpsUrl(getEnv().appUrl),
    path: "/",
    maxAge: maxAgeDays * 24 * 60 * 60,
  });
}

/**
 * The Set-Cookie header for a visit through a referral link, or null when the
 * code is not an approved affiliate's (an unknown code sets nothing, so it
 * cannot displace a good one set earlier).
 */
export async function referralVisitCookie(code: string | null | undefined, db: DB = getDb()) {
  const affiliate = await findApprovedAffiliateByCode(code, db);
  if (!affiliate) return null;
  const { cookieDays } = await getProgrammeSettings(db);
  return referralCookie(cookieDays).serialize(affiliate.referral_code);
}

export async function readReferralCode(request: Request) {
  const value: unknown = await referralCookie(30).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? parseReferralCode(value) : null;
}

/** Clears the cookie once it has done its work (after a sign-up). */
export async function clearedReferralCookie() {
  return referralCookie(0).serialize("", { maxAge: 0, expires: new Date(0) });
}

export type AttributionOutcome = "attributed" | "no-affiliate" | "self-referral" | "already-attributed";

/** Attributes a newly registered tenant to the affiliate whose code it arrived with; self-referral refused. */
export async function attributeSignUp(
  signUp: { tenantId: string; email: string; code: string | null | undefined },
  db: DB = getDb(),
  at: string = now(),
): Promise<AttributionOutcome> {
  const affiliate = await findApprovedAffiliateByCode(signUp.code, db);
  if (!affiliate) return "no-affiliate";
  if (isSelfReferral({ tenantId: affiliate.tenant_id, email: affiliate.email }, signUp)) return "self-referral";
  const inserted = await db
    .insertInto("affiliate_referrals")
    .values({ id: newId(), affiliate_id: affiliate.id, referred_tenant_id: signUp.tenantId, attributed_at: at })
    .onConflict((oc) => oc.column("referred_tenant_id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? "attributed" : "already-attributed";
}
