/**
 * The knowledge-base form's limits and the helpers the page and the server
 * both need (the zod schema is in schemas.ts, for the server). Our rules
 * (docs/product/validation.md#knowledge-bases): phone number, voice, first message and content are required; content has
 * at least 100 characters.
 */
export const CONTENT_MIN_CHARACTERS = 100;
/** A long script still fits; a whole book pasted by mistake does not. */
export const CONTENT_MAX_CHARACTERS = 100_000;
export const NAME_MAX_CHARACTERS = 100;
export const FIRST_MESSAGE_MAX_CHARACTERS = 1_000;
export const TOOL_NAME_MAX_CHARACTERS = 64;
export const MAX_TRANSFER_NUMBERS = 5;
/** Transfer number inputs shown on a new form: enough for the common case, more through "add another number". */
export const INITIAL_TRANSFER_INPUTS = 1;

/** Uploads whose text is added to the content. */
export const KNOWLEDGE_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const KNOWLEDGE_FILE_EXTENSIONS = [".txt", ".md", ".pdf"] as const;
export const KNOWLEDGE_FILE_ACCEPT = [...KNOWLEDGE_FILE_EXTENSIONS, "text/plain", "text/markdown", "application/pdf"].join(",");

/** The length the 100-character rule counts: trimmed, in characters as a person counts them (an emoji is one). */
export function countCharacters(text: string | null | undefined) {
  return text ? Array.from(text.trim()).length : 0;
}

export function fileExtension(fileName: string) {
  const dot = fileName.lastIndexOf(".");
  return dot === -1 ? "" : fileName.slice(dot).toLowerCase();
}

export function isAcceptedFileName(fileName: string) {
  return (KNOWLEDGE_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}
