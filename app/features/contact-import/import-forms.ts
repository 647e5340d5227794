/**
 * What the import screens' forms share between the page and the route's
 * action (the zod schemas are in schemas.ts, for the server).
 */
export const IMPORT_INTENTS = ["save-mapping", "edit-row", "remove-row", "remove-invalid", "restore-removed", "start-import", "retry"] as const;
export type ImportIntent = (typeof IMPORT_INTENTS)[number];

/** Starting the import: the list choice that means "a new list, by the name typed beside it". */
export const NEW_LIST = "new";
