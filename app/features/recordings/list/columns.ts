/**
 * The columns of the recordings list. Seven show by default, which fits a
 * 1366 px laptop on one line per call; the others (the raw numbers and the
 * caller's company) can be switched on with the column chooser, whose choice
 * is kept in a cookie so the server renders the table the user set up.
 */
export const RECORDING_COLUMNS = ["createdAt", "direction", "contact", "campaign", "from", "to", "agent", "company", "duration", "rating"] as const;
export type RecordingColumn = (typeof RECORDING_COLUMNS)[number];

export const DEFAULT_RECORDING_COLUMNS: readonly RecordingColumn[] = ["createdAt", "direction", "contact", "campaign", "agent", "duration", "rating"];

/** The date identifies a call in the list and in every action's summary; it cannot be switched off. */
export const REQUIRED_RECORDING_COLUMNS: readonly RecordingColumn[] = ["createdAt"];

/** The chosen columns in the list's own order; an empty or unreadable choice means the defaults. */
export function normaliseColumns(value: unknown): RecordingColumn[] {
  if (!Array.isArray(value)) return [...DEFAULT_RECORDING_COLUMNS];
  const chosen = new Set(value.filter((entry): entry is RecordingColumn => (RECORDING_COLUMNS as readonly unknown[]).includes(entry)));
  if (chosen.size === 0) return [...DEFAULT_RECORDING_COLUMNS];
  for (const column of REQUIRED_RECORDING_COLUMNS) chosen.add(column);
  return RECORDING_COLUMNS.filter((column) => chosen.has(column));
}
