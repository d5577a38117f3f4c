// The Dashboard tab of /admin, its first (docs/product.md section 24): the business at a glance over 30, 90 or
// 365 days (the window lives in the URL, ?days=). Figure tiles stack on a phone and form a grid on a desktop;
// the charts are the small SVG line charts of components/ui (no charting library). A figure the server
// answers as null (claims, appointment requests: not built yet) shows no tile.
import { PeriodButtons } from '../../../components/ui/period-buttons';
import { formatDollars, formatNumber } from '../../../../shared/lib/formats';
import { useSearchParams } from 'react-router';
import type { DashboardAnswer, DashboardQueue } from '../../../../shared/schemas/dashboard';
import { DASHBOARD_WINDOWS, type DashboardWindow } from '../../../../shared/constants/dashboard';
import { DailyChart } from '../../../components/ui/daily-chart';
import { useDashboardQuery } from '../api/get-dashboard';

const number = formatNumber;
/** US cents as dollars with thousands separators ($1,372; $1,372.50). */
const dollars = formatDollars;

/** A wait in the largest unit that keeps it readable: minutes, hours, then days. */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 48 * 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

function Tile({ id, label, value, children }: { id: string; label: string; value: string; children?: React.ReactNode }) {
  return (
    <section className="card dashboard-tile" aria-labelledby={`tile-${id}`}>
      <h2 id={`tile-${id}`} className="dashboard-tile-label">
        {label}
      </h2>
      <p className="dashboard-tile-value" data-testid={`figure-${id}`}>
        {value}
      </p>
      {children && <div className="dashboard-tile-detail">{children}</div>}
    </section>
  );
}

function QueueTile({ id, label, queue }: { id: string; label: string; queue: DashboardQueue }) {
  return (
    <Tile id={id} label={label} value={number(queue.count)}>
      {queue.count === 0 ? (
        <p>Nothing waiting.</p>
      ) : (
        <p>
          Oldest waited <strong data-testid={`figure-${id}-oldest`}>{formatWait(queue.oldest_wait_seconds)}</strong>, median{' '}
          <strong>{formatWait(queue.median_wait_seconds)}</strong>.
        </p>
      )}
    </Tile>
  );
}

function Figures({ data }: { data: DashboardAnswer }) {
  const f = data.figures;
  const days = f.searches.series.map((d) => d.day);
  const maxListed = Math.max(1, ...f.listed_by_plan.plans.map((p) => p.count));
  return (
    <>
      <div className="dashboard-tiles">
        <Tile id="new-accounts" label="New accounts" value={number(f.new_accounts.owners + f.new_accounts.vets)}>
          <p>
            <strong data-testid="figure-new-owners">{number(f.new_accounts.owners)}</strong> pet owners,{' '}
            <strong data-testid="figure-new-vets">{number(f.new_accounts.vets)}</strong> vets
          </p>
        </Tile>
        <Tile id="listed" label="Listed practices" value={number(f.listed_by_plan.total)}>
          <ul className="dashboard-bars">
            {f.listed_by_plan.plans.map((p) => (
              <li key={p.plan}>
                <span className="dashboard-bar-label">{p.name}</span>
                <span className="dashboard-bar" aria-hidden="true">
                  <span style={{ width: `${(p.count / maxListed) * 100}%` }} />
                </span>
                <strong data-testid={`figure-listed-${p.plan}`}>{number(p.count)}</strong>
              </li>
            ))}
          </ul>
        </Tile>
        <Tile id="revenue" label="Monthly recurring revenue" value={dollars(f.monthly_revenue.cents)}>
          <p>
            {f.monthly_revenue.plans.map((p, i) => (
              <span key={p.plan}>
                {i > 0 && ' · '}
                {p.name} {dollars(p.cents)}
              </span>
            ))}
          </p>
        </Tile>
        <Tile id="searches" label="Searches" value={number(f.searches.total)}>
          <p>{number(f.searches.series.at(-1)?.count ?? 0)} today</p>
        </Tile>
        <Tile id="profile-views" label="Profile views" value={number(f.profile_views.total)}>
          <p>{number(f.profile_views.series.at(-1)?.count ?? 0)} today</p>
        </Tile>
        <QueueTile id="pending-reviews" label="Reviews to moderate" queue={f.pending_reviews} />
        <QueueTile id="profiles-waiting" label="Profiles waiting for review" queue={f.profiles_waiting} />
        {f.claims_waiting && <QueueTile id="claims-waiting" label="Claims waiting" queue={f.claims_waiting} />}
        {f.requests_answered && (
          <Tile id="requests-answered" label="Requests answered" value={number(f.requests_answered.total)}>
            <p>{number(f.requests_answered.series.at(-1)?.count ?? 0)} today</p>
          </Tile>
        )}
      </div>
      <div className="dashboard-charts">
        <DailyChart
          title="New accounts"
          days={days}
          series={[
            { label: 'Pet owners', color: 'var(--teal)', values: f.new_accounts.series.map((d) => d.owners) },
            { label: 'Vets', color: 'var(--blue)', values: f.new_accounts.series.map((d) => d.vets) },
          ]}
        />
        <DailyChart title="Searches" days={days} series={[{ label: 'Searches', color: 'var(--blue)', values: f.searches.series.map((d) => d.count) }]} />
        <DailyChart
          title="Profile views"
          days={days}
          series={[{ label: 'Profile views', color: 'var(--teal)', values: f.profile_views.series.map((d) => d.count) }]}
        />
        {f.requests_answered && (
          <DailyChart
            title="Requests answered"
            days={days}
            series={[{ label: 'Requests answered', color: 'var(--blue)', values: f.requests_answered.series.map((d) => d.count) }]}
          />
        )}
      </div>
    </>
  );
}

function Skeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the dashboard">
      <div className="dashboard-tiles">
        {Array.from({ length: 7 }, (_, i) => (
          <div key={i} className="card dashboard-tile skeleton-card dashboard-skeleton" />
        ))}
      </div>
    </div>
  );
}

export default function DashboardTab() {
  const [params, setParams] = useSearchParams();
  const days: DashboardWindow = DASHBOARD_WINDOWS.find((d) => String(d) === params.get('days')) ?? 30;
  const { data, error, isFetching } = useDashboardQuery({ days }, { refetchOnMountOrArgChange: true });
  const shown = data?.days === days ? data : undefined;
  return (
    <div className="dashboard-tab">
      <div className="dashboard-head">
        <PeriodButtons
          periods={DASHBOARD_WINDOWS}
          value={days}
          onChange={(d) => setParams(d === 30 ? {} : { days: String(d) })}
          label={(d) => `${d} days`}
          name="Period: the last 30, 90 or 365 days"
        />
        {shown && (
          <p className="dashboard-note">
            {shown.from} to {shown.to} (UTC){isFetching ? ', updating…' : ''}
          </p>
        )}
      </div>
      {error && !shown ? (
        <p className="form-error">{(error as { message?: string }).message ?? 'The dashboard could not be loaded.'}</p>
      ) : shown ? (
        <Figures data={shown} />
      ) : (
        <Skeleton />
      )}
    </div>
  );
}
