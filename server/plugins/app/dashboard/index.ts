// The business dashboard as one plugin (docs/product.md section 24): `fastify.dashboard.figures(days)` answers
// every figure over the window ending today by the app's clock, `fastify.dashboard.figure(name, days)` one of
// them (bench/dashboard.ts times each). Administrators only: its route is behind `fastify.requireAdmin`.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DashboardAnswer, DashboardFigures } from '../../../../shared/schemas/dashboard';
import type { DashboardWindow as WindowDays } from '../../../../shared/constants/dashboard';
import { compactCounts, dashboardWindow, FIGURE_NAMES, FIGURES, type FigureName } from './figures';

/** How often each server folds the count tables' appended rows (decision 121): a few minutes of changes stay unfolded. */
const COMPACT_EVERY_MS = 5 * 60 * 1000;

function dashboardOf(fastify: FastifyInstance) {
  const { db } = fastify.database;
  // Concurrent requests for the same window share one computation: a burst of reloads costs one set of queries.
  const inFlight = new Map<WindowDays, Promise<DashboardAnswer>>();

  const compute = async (days: WindowDays): Promise<DashboardAnswer> => {
    const window = dashboardWindow(days, fastify.clock.now());
    const values = await Promise.all(FIGURE_NAMES.map((name) => FIGURES[name](db, window)));
    const figures = Object.fromEntries(FIGURE_NAMES.map((name, i) => [name, values[i]])) as DashboardFigures;
    return { days, from: window.dayList[0]!, to: window.dayList.at(-1)!, generated_at: window.now.toISOString(), figures };
  };

  return {
    figures(days: WindowDays): Promise<DashboardAnswer> {
      const running = inFlight.get(days);
      if (running) return running;
      const started = compute(days).finally(() => inFlight.delete(days));
      inFlight.set(days, started);
      return started;
    },
    figure<K extends FigureName>(name: K, days: WindowDays): Promise<DashboardFigures[K]> {
      return FIGURES[name](db, dashboardWindow(days, fastify.clock.now()));
    },
    /** Folds the count tables into one row per key; the figures read the same before and after. */
    compact: () => compactCounts(db),
  };
}

export type Dashboard = ReturnType<typeof dashboardOf>;
export { FIGURE_NAMES, type FigureName };

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: Dashboard;
  }
}

export default fp(
  async (fastify) => {
    const dashboard = dashboardOf(fastify);
    fastify.decorate('dashboard', dashboard);
    if (fastify.config.nodeEnv === 'test') return;
    let timer: NodeJS.Timeout | undefined;
    const compact = () => void dashboard.compact().catch((error: unknown) => fastify.log.warn({ err: error }, 'dashboard counts not compacted'));
    fastify.addHook('onReady', async () => {
      compact();
      timer = setInterval(compact, COMPACT_EVERY_MS);
      timer.unref();
    });
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'dashboard', dependencies: ['database'] },
);

export { default as dashboardRoutes } from './routes/index';
