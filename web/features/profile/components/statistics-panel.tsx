// /viewprofile (Premium): profile statistics per UTC day as hand-made SVG bars (no charting
// library: a few hundred bytes, loaded only with this panel), totals, a data table for screen
// readers, and a CSV export (docs/product.md, Plans and payment).
import { PeriodButtons } from '../../../components/ui/period-buttons';
import { useEffect, useRef, useState } from 'react';
import type { StatisticsDay } from '../../../../shared/schemas/plan-features';
import { toCsv } from '../../../../shared/csv';
import { saveFile } from '../../../lib/save-file';
import { useMyStatisticsQuery } from '../api/get-my-statistics';
import '../profile.css';

const COLUMNS: [keyof Omit<StatisticsDay, 'date'>, string][] = [
  ['views', 'Profile views'],
  ['appearances', 'Appearances in search'],
  ['clicks_phone', 'Phone clicks'],
  ['clicks_website', 'Website clicks'],
  ['clicks_directions', 'Directions clicks'],
  ['messages', 'Messages'],
];
const RANGES = [7, 30, 90];

/** The export, written by the one CSV writer that every export uses (shared/csv.ts). */
const statisticsCsv = (data: StatisticsDay[]) =>
  toCsv(
    ['date', ...COLUMNS.map(([key]) => key)],
    data.map((day) => [day.date, ...COLUMNS.map(([key]) => day[key])]),
  );

/** Drawn at the width it is shown at, so its labels keep their size on a phone and a desktop. */
function Chart({ data }: { data: StatisticsDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(720);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(240, Math.round(entry!.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const height = 180;
  const pad = 24;
  const max = Math.max(1, ...data.map((d) => Math.max(d.views, d.appearances)));
  const step = (width - pad) / data.length;
  const bar = Math.max(1, step / 2 - 1);
  const y = (value: number) => height - pad - (value / max) * (height - pad * 2);
  return (
    <div ref={box}>
      <svg
        className="stats-chart"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Profile views and search appearances per day over ${data.length} days; the table below has the numbers.`}
      >
        <line x1={pad} x2={width} y1={height - pad} y2={height - pad} stroke="#c5cad3" />
        <text x={0} y={pad} fontSize="11" fill="#4b5563">
          {max}
        </text>
        <text x={0} y={height - pad} fontSize="11" fill="#4b5563">
          0
        </text>
        {data.map((d, i) => (
          <g key={d.date}>
            <rect className="bar-appearances" x={pad + i * step} y={y(d.appearances)} width={bar} height={height - pad - y(d.appearances)}>
              <title>{`${d.date}: ${d.appearances} appearances`}</title>
            </rect>
            <rect className="bar-views" x={pad + i * step + bar + 1} y={y(d.views)} width={bar} height={height - pad - y(d.views)}>
              <title>{`${d.date}: ${d.views} views`}</title>
            </rect>
          </g>
        ))}
        <text x={pad} y={height - 6} fontSize="11" fill="#4b5563">
          {data[0]?.date}
        </text>
        <text x={width} y={height - 6} fontSize="11" fill="#4b5563" textAnchor="end">
          {data.at(-1)?.date}
        </text>
      </svg>
    </div>
  );
}

export default function StatisticsPanel() {
  const [days, setDays] = useState(30);
  const { data, error } = useMyStatisticsQuery(days);
  const rows = data?.data ?? [];
  const totals = COLUMNS.map(([key, label]) => [label, rows.reduce((sum, day) => sum + day[key], 0)] as const);
  const download = () =>
    saveFile(new Blob([statisticsCsv(rows)], { type: 'text/csv' }), `profile-statistics-${rows[0]?.date ?? ''}-to-${rows.at(-1)?.date ?? ''}.csv`);
  return (
    <section className="card plan-panel" id="statistics" aria-labelledby="statistics-heading">
      <h2 id="statistics-heading">Profile statistics</h2>
      <PeriodButtons periods={RANGES} value={days} onChange={setDays} label={(range) => `Last ${range} days`} name="Period">
        <button type="button" className="button" onClick={download} disabled={rows.length === 0}>
          Download CSV
        </button>
      </PeriodButtons>
      {error ? (
        <p className="form-error">{(error as { message?: string }).message}</p>
      ) : !data ? (
        <p aria-busy="true">Loading statistics…</p>
      ) : (
        <>
          <ul className="stats-totals">
            {totals.map(([label, total]) => (
              <li key={label}>
                <strong data-testid={`total-${label}`}>{total}</strong>
                {label}
              </li>
            ))}
          </ul>
          <ul className="stats-legend" aria-hidden="true">
            <li>
              <span style={{ background: 'var(--blue)' }} />
              Profile views
            </li>
            <li>
              <span style={{ background: '#b7cdf7' }} />
              Appearances in search
            </li>
          </ul>
          <Chart data={rows} />
          <details>
            <summary>Numbers per day (UTC)</summary>
            <div style={{ overflowX: 'auto' }}>
              <table className="hours">
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    {COLUMNS.map(([key, label]) => (
                      <th scope="col" key={key}>
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {[...rows].reverse().map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{day.date}</th>
                      {COLUMNS.map(([key]) => (
                        <td key={key}>{day[key]}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
