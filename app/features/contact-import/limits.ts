import { formatNumber } from "~/i18n/format";

/**
 * Byte sizes for people, in binary steps as file managers show them
 * (50 MiB reads "50 MB"), with one decimal where it matters.
 */
const UNITS = ["B", "KB", "MB", "GB"] as const;

export function formatByteSize(bytes: number, language: string) {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? value : Math.round(value * 10) / 10;
  return `${formatNumber(rounded, language)} ${UNITS[unit]}`;
}

/** Rows of the preview per page. */
export const PREVIEW_PAGE_SIZE = 25;

/** Imports shown in the history of the upload page. */
export const HISTORY_SIZE = 20;
