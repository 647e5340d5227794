/**
 * A round axis maximum and step for a bar chart's value axis: 0–4 shows
 * 0,1,2,3,4; 0–173 shows 0,50,100,150,200. Shared by every server-drawn
 * chart (the call overview's, the API dashboard's), whatever their layer
 * (docs/decisions/0029-code-layout.md).
 */
export function chartScale(max: number, targetTicks = 4) {
  if (max <= 0) return { top: targetTicks, step: 1 };
  const rough = max / targetTicks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude;
  const wholeStep = Math.max(1, step);
  return { top: Math.ceil(max / wholeStep) * wholeStep, step: wholeStep };
}

/** The value axis's ticks for counts: whole numbers from 0 to the round top (never "0, 0.5, 1" shown as "0, 1, 1"). */
export function countTicks(max: number, targetTicks = 4) {
  const { top, step } = chartScale(max, targetTicks);
  return { top, ticks: Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step) };
}
