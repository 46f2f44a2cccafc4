import { useId } from 'react';

export interface ChartSeries {
  key: string;
  label: string;
  /** The bar's fill (an SVG class, e.g. 'fill-teal-700'), and the legend swatch's background. */
  fillClass: string;
  swatchClass: string;
}

export interface ChartPoint {
  /** The column's full label in the table ('Nov 2026', 'Nov 24'). */
  label: string;
  /** A short label under the bar ('Nov', '24'); empty to leave it out. */
  tick: string;
  /** One value per series key. */
  values: Record<string, number>;
}

interface BarChartProps {
  title: string;
  /** One sentence that sums the chart up (shown, and read before the table). */
  summary: string;
  series: readonly ChartSeries[];
  points: readonly ChartPoint[];
  /** How a value is written in the table and the axis ('$1,234.00', '12'). */
  format: (value: number) => string;
  /** The first column's header in the table ('Month', 'Day'). */
  pointHeader: string;
}

const WIDTH = 640;
const HEIGHT = 220;
const TOP = 12;
const BOTTOM = 28;
const LEFT = 8;
const RIGHT = 8;

/**
 * The bars (stacked per point), drawn in a fixed coordinate system and scaled to the width,
 * at most 16rem high so a wide screen does not blow the labels up.
 */
function ChartPicture({ series, points, format, max }: Pick<BarChartProps, 'series' | 'points' | 'format'> & { max: number }) {
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT - RIGHT) / Math.max(1, points.length);
  const barWidth = Math.max(2, slot * 0.7);
  const scale = (value: number) => (value / max) * plotHeight;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
      className="mx-auto mt-3 h-auto max-h-64 w-full"
    >
      <line x1={LEFT} x2={WIDTH - RIGHT} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-slate-300" strokeWidth={1} />
      <text x={LEFT} y={TOP - 2} className="fill-slate-600 text-[11px]">
        {format(max)}
      </text>
      {points.map((point, index) => {
        const x = LEFT + index * slot + (slot - barWidth) / 2;
        let y = HEIGHT - BOTTOM;
        return (
          <g key={point.label}>
            <title>{`${point.label}: ${series.map((item) => `${item.label} ${format(point.values[item.key] ?? 0)}`).join(', ')}`}</title>
            {series.map((item) => {
              const height = scale(Math.max(0, point.values[item.key] ?? 0));
              y -= height;
              return height > 0 ? (
                <rect key={item.key} x={x} y={y} width={barWidth} height={height} rx={2} className={item.fillClass} />
              ) : null;
            })}
            {point.tick && (
              <text x={x + barWidth / 2} y={HEIGHT - BOTTOM + 16} textAnchor="middle" className="fill-slate-600 text-[11px]">
                {point.tick}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/**
 * A small hand-made bar chart (stacked when there are several series). The SVG is a picture
 * for sighted readers (hidden from assistive technology); the same numbers are in a table
 * that only screen readers get, so nothing is said twice. No chart library: a dozen bars do
 * not need one (docs/decisions/015-operations-console-web.md).
 */
export function BarChart({ title, summary, series, points, format, pointHeader }: BarChartProps) {
  const titleId = useId();
  const totals = points.map((point) => series.reduce((sum, item) => sum + Math.max(0, point.values[item.key] ?? 0), 0));
  const max = Math.max(0, ...totals);

  return (
    <figure aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <figcaption>
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{summary}</p>
      </figcaption>
      {series.length > 1 && (
        <ul aria-hidden="true" className="mt-3 flex flex-wrap gap-4 text-sm text-slate-700">
          {series.map((item) => (
            <li key={item.key} className="flex items-center gap-2">
              <span className={`inline-block size-3 rounded-sm ${item.swatchClass}`} />
              {item.label}
            </li>
          ))}
        </ul>
      )}
      {max === 0 ? (
        <p aria-hidden="true" className="mt-3 rounded-lg bg-slate-50 px-3 py-6 text-center text-sm text-slate-600">
          Nothing to chart yet: every {pointHeader.toLowerCase()} is zero.
        </p>
      ) : (
        <ChartPicture series={series} points={points} format={format} max={max} />
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{pointHeader}</th>
            {series.map((item) => (
              <th key={item.key} scope="col">
                {item.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              {series.map((item) => (
                <td key={item.key}>{format(point.values[item.key] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
