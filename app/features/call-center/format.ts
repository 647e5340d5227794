import { formatCallMinutes, formatNumber } from "~/i18n/format";
import type { CallFigures, FigureKey } from "./kpis";

/** Elapsed or waiting time as a clock reads it: 4:07, 1:05:03. */
export function formatDuration(seconds: number) {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A figure as its card and the chart's table show it: a count, or the call time in minutes. */
export function formatFigure(figures: CallFigures, key: FigureKey, language: string) {
  return key === "minutes" ? formatCallMinutes(figures.durationSeconds, language) : formatNumber(figures[key], language);
}
