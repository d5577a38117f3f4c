// A small line chart of counts per day, hand-made in SVG (no charting library): a title, one line per series
// with a legend, the largest value and the first and last day on its axes, each point's figures as a tooltip,
// and a table of every day for screen readers and for anyone who wants the numbers. Drawn at the width it is
// shown at, so its labels keep their size on a phone and a desktop.
import { formatNumber } from '../../../shared/lib/formats';
import { useEffect, useId, useRef, useState } from 'react';

export interface ChartSeries {
  label: string;
  /** A CSS colour (a design token such as var(--blue)). */
  color: string;
  values: number[];
}

interface DailyChartProps {
  title: string;
  /** 'YYYY-MM-DD', oldest first; every series has one value per day. */
  days: string[];
  series: ChartSeries[];
  /** Formats a value for the axis, the tooltips and the table (a plain number by default). */
  format?: (value: number) => string;
}

const HEIGHT = 160;
const PAD_LEFT = 40;
const PAD_BOTTOM = 22;
const PAD_TOP = 10;

function useWidth(initial: number) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(200, Math.round(entry!.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { box, width };
}

export function DailyChart({ title, days, series, format = formatNumber }: DailyChartProps) {
  const { box, width } = useWidth(320);
  const titleId = useId();
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const plotWidth = width - PAD_LEFT - 4;
  const x = (i: number) => PAD_LEFT + (days.length <= 1 ? plotWidth / 2 : (i / (days.length - 1)) * plotWidth);
  const y = (value: number) => PAD_TOP + (1 - value / max) * (HEIGHT - PAD_TOP - PAD_BOTTOM);
  const baseline = HEIGHT - PAD_BOTTOM;
  const totals = series.map((s) => s.values.reduce((sum, v) => sum + v, 0));
  const summary = series.map((s, i) => `${s.label}: ${format(totals[i]!)} in all`).join('; ');
  // Tooltips on at most about one point every 4 px: a year on a phone keeps a few hundred targets, not thousands.
  const every = Math.max(1, Math.ceil(days.length / (plotWidth / 4)));

  return (
    <figure className="daily-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="daily-chart-title">
        {title}
      </figcaption>
      {series.length > 1 && (
        <ul className="daily-chart-legend" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label}>
              <span style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <div ref={box}>
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-label={`${title} per day from ${days[0]} to ${days.at(-1)}. ${summary}.`}
        >
          <line x1={PAD_LEFT} x2={width} y1={baseline} y2={baseline} stroke="#c5cad3" />
          <line x1={PAD_LEFT} x2={width} y1={PAD_TOP} y2={PAD_TOP} stroke="#eef0f3" />
          <text x={PAD_LEFT - 6} y={PAD_TOP + 4} fontSize="11" fill="#4b5563" textAnchor="end">
            {format(max)}
          </text>
          <text x={PAD_LEFT - 6} y={baseline} fontSize="11" fill="#4b5563" textAnchor="end">
            0
          </text>
          {series.map((s) => {
            const points = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
            return (
              <g key={s.label}>
                {series.length === 1 && (
                  <polygon points={`${x(0)},${baseline} ${points} ${x(s.values.length - 1)},${baseline}`} fill={s.color} opacity="0.12" />
                )}
                <polyline points={points} fill="none" stroke={s.color} strokeWidth="2" strokeLinejoin="round" />
              </g>
            );
          })}
          {days.map((day, i) =>
            i % every === 0 || i === days.length - 1 ? (
              <rect key={day} x={x(i) - 2} y={PAD_TOP} width={4} height={baseline - PAD_TOP} fill="transparent">
                <title>{`${day}: ${series.map((s) => `${s.label} ${format(s.values[i] ?? 0)}`).join(', ')}`}</title>
              </rect>
            ) : null,
          )}
          <text x={PAD_LEFT} y={HEIGHT - 4} fontSize="11" fill="#4b5563">
            {days[0]}
          </text>
          <text x={width - 2} y={HEIGHT - 4} fontSize="11" fill="#4b5563" textAnchor="end">
            {days.at(-1)}
          </text>
        </svg>
      </div>
      <details className="daily-chart-table">
        <summary>Numbers per day (UTC)</summary>
        <div className="table-scroll">
          <table className="hours">
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((s) => (
                  <th scope="col" key={s.label}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days
                .map((day, i) => (
                  <tr key={day}>
                    <th scope="row">{day}</th>
                    {series.map((s) => (
                      <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                    ))}
                  </tr>
                ))
                .reverse()}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
