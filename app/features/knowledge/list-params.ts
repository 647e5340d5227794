/**
 * The knowledge-base list's URL contract: /knowledge-base?number=<phone number id>.
 * Lenient like the recordings list: a number that is not one of the tenant's
 * (deleted since the link was bookmarked, mistyped, another tenant's) falls
 * back to all numbers instead of an error page.
 */
export interface KnowledgeListParams {
  number: string | null;
}

export function parseKnowledgeListParams(searchParams: URLSearchParams, tenantNumberIds: readonly string[]): KnowledgeListParams {
  const number = searchParams.get("number")?.trim() ?? "";
  return { number: tenantNumberIds.includes(number) ? number : null };
}

export function knowledgeListHref(params: KnowledgeListParams) {
  return params.number ? `/knowledge-base?${new URLSearchParams({ number: params.number })}` : "/knowledge-base";
}

export function newKnowledgeBaseHref(phoneNumberId: string | null) {
  return phoneNumberId ? `/knowledge-base/new?${new URLSearchParams({ number: phoneNumberId })}` : "/knowledge-base/new";
}
