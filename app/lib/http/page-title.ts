import type { MetaDescriptor } from "@remix-run/node";

export const PRODUCT_NAME = "Voxboard";

/** The document title of a screen: "Voxboard · <screen>", or the product name alone when the loader gave no title (an error). */
export function pageTitle(title: string | null | undefined): MetaDescriptor[] {
  return [{ title: title ? `${PRODUCT_NAME} · ${title}` : PRODUCT_NAME }];
}

/** The meta function of a screen whose loader returns `{ title }`. */
export const titleFromLoader = ({ data }: { data: unknown }) =>
  pageTitle(data && typeof data === "object" && "title" in data && typeof data.title === "string" ? data.title : null);
