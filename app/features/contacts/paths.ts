import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { CONTACTS_PATH } from "./list-params";

export const CONTACT_CENTER_PATH = "/main-contact-center";

/** Where the contact and list pages live; each is a page of its own, so every action works without JavaScript. */
const segment = (id: string) => encodeURIComponent(id);

export const contactPaths = {
  create: (listId?: string | null) => `${CONTACTS_PATH}/new${listId ? `?${new URLSearchParams({ list: listId })}` : ""}`,
  edit: (contactId: string) => `${CONTACTS_PATH}/${segment(contactId)}/edit`,
  remove: (contactId: string) => `${CONTACTS_PATH}/${segment(contactId)}/delete`,
  createList: `${CONTACTS_PATH}/lists/new`,
  renameList: (listId: string) => `${CONTACTS_PATH}/lists/${segment(listId)}/edit`,
  removeList: (listId: string) => `${CONTACTS_PATH}/lists/${segment(listId)}/delete`,
  importCsv: `${CONTACTS_PATH}/import`,
  /** The contact's profile and timeline in the contact center (app/routes/_dashboard+/main-contact-center+). */
  timeline: (contactId: string) => `${CONTACT_CENTER_PATH}/${segment(contactId)}`,
};

/** A link that keeps the list view to come back to. */
export function withReturnTo(path: string, returnTo: string | null | undefined) {
  if (!returnTo || returnTo === CONTACTS_PATH) return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}${new URLSearchParams({ returnTo })}`;
}

/** A `returnTo` form or query value as a same-site path, else the contacts list. */
export function returnPath(value: FormDataEntryValue | string | null | undefined) {
  return safeRedirectPath(value, CONTACTS_PATH);
}

/** "Anna Schmidt"; the first name is required, the last name is not. */
export function displayName(contact: { firstName: string; lastName: string }) {
  return [contact.firstName, contact.lastName].filter(Boolean).join(" ");
}
