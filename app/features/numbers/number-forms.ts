/**
 * What the forms of /numbers-managment share between the page and its action
 * (the zod schemas are in schemas.ts, for the server). Which form a POST comes
 * from is the hidden `intent` field.
 */
export const NUMBER_INTENTS = ["add", "rename", "assign", "assign-agent"] as const;
export type NumberIntent = (typeof NUMBER_INTENTS)[number];

export const MAX_LABEL_LENGTH = 60;

/** Conform's form ids: one per row for the row forms, so errors land on the row they belong to. */
export const addFormId = "number-add";
export const renameFormId = (id: string) => `number-label-${id}`;
export const assignFormId = (id: string) => `number-kb-${id}`;
export const assignAgentFormId = (id: string) => `number-agent-${id}`;
