import { chartScale } from "~/lib/format/chart-scale";

/** The drawing's size in SVG units and the margins around the plot (the value axis's labels sit in the left one). */
export interface ChartFrame {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface ChartBar {
  value: number;
  /** The fill, light and dark (a Tailwind fill class pair). */
  className: string;
  /** data-series, for tests and styling. */
  series?: string;
  /** What the bar says on hover (its <title>). */
  title: string;
}

/** One period on the time axis: its bars and, when labelled, its label. */
export interface ChartBand {
  key: string;
  label: string;
  bars: ChartBar[];
}

const MAX_X_LABELS = 10;

/**
 * The one server-drawn bar chart (the call overview's, the API dashboard's,
 * the platform analytics'): SVG, so it is there without JavaScript, one image
 * to assistive technology (role="img" with a spoken summary; each caller
 * follows it with a visually hidden table of the numbers). Bars of a period
 * stand side by side ("grouped") or over each other ("overlaid": a part
 * drawn over its whole, errors over requests).
 */
export function BarChartSvg({
  frame,
  title,
  summary,
  bands,
  layout,
  formatTick,
  className = "h-auto w-full max-w-4xl",
  "data-testid": testId,
}: {
  frame: ChartFrame;
  title: string;
  summary: string;
  bands: ChartBand[];
  layout: "grouped" | "overlaid";
  formatTick: (value: number) => string;
  className?: string;
  "data-testid"?: string;
}) {
  const plotWidth = frame.width - frame.left - frame.right;
  const plotHeight = frame.height - frame.top - frame.bottom;
  const baseline = frame.top + plotHeight;
  const { top, step } = chartScale(Math.max(0, ...bands.flatMap((band) => band.bars.map((bar) => bar.value))));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const bandWidth = bands.length > 0 ? plotWidth / bands.length : plotWidth;
  const labelEvery = Math.max(1, Math.ceil(bands.length / MAX_X_LABELS));
  const yOf = (value: number) => frame.top + plotHeight - (value / top) * plotHeight;
  const barsPerBand = Math.max(1, ...bands.map((band) => band.bars.length));
  const barWidth = layout === "grouped" ? (bandWidth * 0.8) / barsPerBand : bandWidth * 0.7;
  const barX = (index: number, position: number) =>
    layout === "grouped" ? frame.left + index * bandWidth + bandWidth * 0.1 + position * barWidth : frame.left + index * bandWidth + bandWidth * 0.15;
  return (
    // Below 640 px the drawing keeps a width of 44rem and its box scrolls sideways (the page does not), so its 11-unit labels stay
    // about 11 px tall instead of shrinking to 5 with the screen; focusable, so the keyboard can scroll it too (axe: scrollable-region-focusable).
    // Width 0 with a minimum of its container's: a grid or flex parent sizes the column without the drawing's width (/analytics' grid grew to 762 px).
    <div role="group" aria-label={title} tabIndex={0} className="scroll-hint on-panel max-sm:w-0 max-sm:min-w-full max-sm:overflow-x-auto">
      <svg role="img" aria-label={summary} viewBox={`0 0 ${frame.width} ${frame.height}`} className={`${className} max-sm:min-w-[44rem]`} data-testid={testId}>
        <title>{title}</title>
        <desc>{summary}</desc>
        <g className="text-[11px]">
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={frame.left}
                x2={frame.width - frame.right}
                y1={yOf(tick)}
                y2={yOf(tick)}
                className="stroke-slate-200 dark:stroke-slate-700"
                strokeWidth={1}
              />
              <text x={frame.left - 6} y={yOf(tick)} textAnchor="end" dominantBaseline="middle" className="fill-slate-600 dark:fill-slate-300">
                {formatTick(tick)}
              </text>
            </g>
          ))}
          {bands.map((band, index) => (
            <g key={band.key} data-period={band.key}>
              {band.bars.map((bar, position) =>
                bar.value > 0 ? (
                  <rect
                    key={bar.series ?? position}
                    x={barX(index, position)}
                    y={yOf(bar.value)}
                    width={barWidth}
                    height={baseline - yOf(bar.value)}
                    className={bar.className}
                    data-series={bar.series}
                  >
                    <title>{bar.title}</title>
                  </rect>
                ) : null,
              )}
              {index % labelEvery === 0 ? (
                <text
                  x={frame.left + index * bandWidth + bandWidth / 2}
                  y={frame.height - frame.bottom + 18}
                  textAnchor="middle"
                  className="fill-slate-600 dark:fill-slate-300"
                >
                  {band.label}
                </text>
              ) : null}
            </g>
          ))}
          <line x1={frame.left} x2={frame.width - frame.right} y1={baseline} y2={baseline} className="stroke-slate-400 dark:stroke-slate-500" strokeWidth={1} />
        </g>
      </svg>
    </div>
  );
}

/** The colour key above a chart of two or more series; hidden from assistive technology, which reads each bar's own title and the summary. */
export function ChartLegend({ items }: { items: Array<{ label: string; swatchClassName: string }> }) {
  return (
    <div aria-hidden="true" className="flex flex-wrap gap-4 text-sm">
      {items.map((item) => (
        <span key={item.label} className="inline-flex items-center gap-2">
          <span className={`inline-block h-3 w-3 rounded-sm ${item.swatchClassName}`} />
          {item.label}
        </span>
      ))}
    </div>
  );
}
