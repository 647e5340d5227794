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
