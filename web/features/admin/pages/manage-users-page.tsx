// /admin, Administration (docs/product.md sections 10 and 29): the business dashboard first (section 24), the accounts, the review queue, pet owners' reviews to moderate
// (section 13), the activity log and the newsletter subscribers as tabs. The tab lives in the URL (?tab=), so it can be shared
// and survives a reload (docs/decisions/016-the-url-holds-the-search.md).
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { AntdTheme } from '../../../components/ui/antd-theme';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePageTitle } from '../../../lib/use-page-title';
import { ReviewQueue } from '../components/review-queue';
import '../admin.css';

const DashboardTab = lazy(() => import('../components/dashboard-tab'));
const UsersTab = lazy(() => import('../components/users-tab'));
const ActivityTab = lazy(() => import('../components/activity-tab'));
const SubscribersTab = lazy(() => import('../components/subscribers-tab'));
const ReviewsTab = lazy(() => import('../components/reviews-tab'));
const ClaimsTab = lazy(() => import('../components/claims-tab'));
const ImportTab = lazy(() => import('../components/import-tab'));
const BackupsTab = lazy(() => import('../components/backups-tab'));
const MessagesTab = lazy(() => import('../components/messages-tab'));

const TABS = [
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'users', label: 'Users' },
  { key: 'review', label: 'Review queue' },
  { key: 'claims', label: 'Claims' },
  { key: 'reviews', label: 'Reviews' },
  { key: 'messages', label: 'Messages' },
  { key: 'activity', label: 'Activity' },
  { key: 'subscribers', label: 'Subscribers' },
  { key: 'import', label: 'Import' },
  { key: 'backups', label: 'Backups' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export default function ManageUsersPage() {
  usePageTitle('Administration');
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'dashboard';
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Administration</h1>
          <p className="lead">
            See how the business is doing, find accounts, review profiles, moderate pet owners' reviews and messages, follow what administrators did, export
            newsletter subscribers, import practices and keep backups.
          </p>
        </div>
      </section>
      <section className="section admin-section">
        <div className="container">
          <nav className="tabs admin-tabs" aria-label="Administration">
            {TABS.map((t) => (
              <button
                key={t.key}
                type="button"
                aria-current={tab === t.key ? 'page' : undefined}
                className={`tab${tab === t.key ? ' is-active' : ''}`}
                onClick={() => setParams(t.key === 'dashboard' ? {} : { tab: t.key })}
              >
                {t.label}
              </button>
            ))}
          </nav>
          <AntdTheme>
            <Suspense fallback={<PageLoader />}>
              {tab === 'dashboard' && <DashboardTab />}
              {tab === 'users' && <UsersTab />}
              {tab === 'review' && <ReviewQueue />}
              {tab === 'reviews' && <ReviewsTab />}
              {tab === 'messages' && <MessagesTab />}
              {tab === 'activity' && <ActivityTab />}
              {tab === 'subscribers' && <SubscribersTab />}
              {tab === 'claims' && <ClaimsTab />}
              {tab === 'import' && <ImportTab />}
              {tab === 'backups' && <BackupsTab />}
            </Suspense>
          </AntdTheme>
        </div>
      </section>
    </>
  );
}
