import { oneOf, pageNumber, readParams } from "~/lib/url-params/url-params";
import { ROW_STATUSES } from "./row-classification";

/**
 * The import page's URL contract, bookmarkable and lenient like the
 * recordings list (a value it does not understand falls back to the default):
 *
 *   /contacts/import/<id>?status=all|valid|invalid|exists|duplicate&page=<n>&step=mapping
 *
 * `step=mapping` opens the column mapping again from the preview.
 */
export const PREVIEW_FILTERS = ["all", ...ROW_STATUSES] as const;
export type PreviewFilter = (typeof PREVIEW_FILTERS)[number];

export interface PreviewParams {
  status: PreviewFilter;
  page: number;
  step: "mapping" | null;
}

const readers = {
  status: oneOf(PREVIEW_FILTERS, "all"),
  page: pageNumber(1_000_000),
  step: oneOf(["mapping"]),
};

export function parsePreviewParams(searchParams: URLSearchParams): PreviewParams {
  return readParams(searchParams, readers);
}

/** The query string of a view, leaving out defaults so links stay short. */
function previewSearch(params: Pick<PreviewParams, "status" | "page">) {
  const search = new URLSearchParams();
  if (params.status !== "all") search.set("status", params.status);
  if (params.page > 1) search.set("page", String(params.page));
  const query = search.toString();
  return query ? `?${query}` : "";
}

export const importPath = (importId: string) => `/contacts/import/${importId}`;

export const previewHref = (importId: string, params: Pick<PreviewParams, "status" | "page">) => `${importPath(importId)}${previewSearch(params)}`;
