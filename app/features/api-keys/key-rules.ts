/** What the create form shows and the action enforces (the zod schemas are in schemas.ts, for the server). */
export const API_KEY_NAME_MAX = 80;
