/**
 * The rules of a list's name, shared by the browser (the create and rename
 * forms) and the server (lists.server.ts), so both say the same thing.
 */
export const LIST_NAME_MAX_LENGTH = 100;

/** "Leads" and " leads " are the same list: names are unique per tenant by this key. */
export const listNameKey = (name: string) => name.trim().toLocaleLowerCase("en");
