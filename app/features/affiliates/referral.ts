/**
 * Referral codes and self-referral (docs/product/affiliates.md). Pure.
 */

/** Lower-case letters and digits without look-alikes (0/o, 1/l/i): read aloud or typed from a flyer without mistakes. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const REFERRAL_CODE_LENGTH = 10;
const CODE_PATTERN = new RegExp(`^[${ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

export function newReferralCode(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))) {
  const bytes = random(REFERRAL_CODE_LENGTH);
  let code = "";
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return code;
}

/** A code as it may arrive in a URL or a cookie: anything not shaped like ours is ignored before the database is asked. */
export function parseReferralCode(value: string | null | undefined) {
  const code = value?.trim().toLowerCase() ?? "";
  return CODE_PATTERN.test(code) ? code : null;
}

/** The referral link of a code: APP_URL/r/<code>. */
export function referralLink(appUrl: string, code: string) {
  return `${appUrl.replace(/\/+$/, "")}/r/${code}`;
}

/**
 * An address as a person owns it: lower case, and without a "+tag" in the
 * local part, so aff+2@example.com is the affiliate at aff@example.com.
 */
export function canonicalEmail(email: string) {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  return `${local.split("+")[0]}@${domain}`;
}

/** Self-referral: the new account belongs to the affiliate (their own tenant, or their own address). */
export function isSelfReferral(affiliate: { tenantId: string; email: string }, signUp: { tenantId: string; email: string }) {
  return affiliate.tenantId === signUp.tenantId || canonicalEmail(affiliate.email) === canonicalEmail(signUp.email);
}
