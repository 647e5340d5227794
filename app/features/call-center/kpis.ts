import type { DateRangeKey, LocalDate } from "~/lib/dates/date-ranges";
import type { Period } from "~/lib/dates/chart-periods";

/**
 * The call KPIs of docs/product/records.md#call-kpis (inbound, outbound, missed, voicemail,
 * completed, escalated, call minutes), counted per period of the overview
 * chart. Pure: the SQL lives in kpis.server.ts; the periods are calendar math
 * that billing usage and scheduling insights share (app/lib/dates/chart-periods.ts).
 */
export interface CallFigures {
  inbound: number;
  outbound: number;
  missed: number;
  voicemail: number;
  /** Calls with status `ended`. */
  completed: number;
  escalated: number;
  durationSeconds: number;
}

export const FIGURE_KEYS = ["inbound", "outbound", "missed", "voicemail", "completed", "escalated", "minutes"] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

export const emptyFigures = (): CallFigures => ({ inbound: 0, outbound: 0, missed: 0, voicemail: 0, completed: 0, escalated: 0, durationSeconds: 0 });

export function addFigures(a: CallFigures, b: CallFigures): CallFigures {
  return {
    inbound: a.inbound + b.inbound,
    outbound: a.outbound + b.outbound,
    missed: a.missed + b.missed,
    voicemail: a.voicemail + b.voicemail,
    completed: a.completed + b.completed,
    escalated: a.escalated + b.escalated,
    durationSeconds: a.durationSeconds + b.durationSeconds,
  };
}

/** A chart period with its counts. */
export interface PeriodFigures extends CallFigures {
  key: string;
  firstDay: LocalDate;
  lastDay: LocalDate;
}

/** Lays counted rows (by period index) onto every period, so periods without calls still show as zero. */
export function fillPeriods(periods: Period[], counted: Array<{ index: number } & CallFigures>): PeriodFigures[] {
  const byIndex = new Map(counted.map((row) => [row.index, row]));
  return periods.map((period, index) => {
    const row = byIndex.get(index);
    const figures = row ? { ...emptyFigures(), ...pickFigures(row) } : emptyFigures();
    return { key: period.key, firstDay: period.firstDay, lastDay: period.lastDay, ...figures };
  });
}

function pickFigures(row: CallFigures): CallFigures {
  return {
    inbound: Number(row.inbound) || 0,
    outbound: Number(row.outbound) || 0,
    missed: Number(row.missed) || 0,
    voicemail: Number(row.voicemail) || 0,
    completed: Number(row.completed) || 0,
    escalated: Number(row.escalated) || 0,
    durationSeconds: Number(row.durationSeconds) || 0,
  };
}

export const totalOf = (periods: CallFigures[]) => periods.reduce<CallFigures>((sum, period) => addFigures(sum, pickFigures(period)), emptyFigures());

/** Where a figure card leads: the recordings list filtered to exactly the calls it counts. */
export function figureHref(key: FigureKey, range: DateRangeKey) {
  const params = new URLSearchParams();
  if (key === "inbound" || key === "outbound") params.set("direction", key);
  if (key === "missed" || key === "voicemail") params.set("status", key);
  if (key === "completed") params.set("status", "ended");
  if (key === "escalated") params.set("escalated", "1");
  params.set("range", range);
  return `/recordings?${params.toString()}`;
}
