// The web app's routes: every entry of the route table (shared/routes.ts; docs/product.md, Screens and routes) under
// one layout, its page module loaded lazily with a fallback loader. Guards follow docs/product.md, Roles and guards;
// they only decide what to show (the server enforces).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HOME_PATH, ROUTE_LIST, type RouteEntry } from '../../shared/routes';
import { Layout } from './layout/layout';
import { RouteError } from './layout/route-error';
import { PageLoader } from '../components/ui/page-loader';
import { Guard } from './guard';

type PageModule = { default: React.ComponentType };
type PageLoader = () => Promise<PageModule>;

// Every page module, each its own lazy chunk; a route names its module in the table (docs/decisions/090-one-route-table.md).
const PAGE_MODULES = import.meta.glob<PageModule>('../features/*/pages/*-page.tsx');

/** The loader of a route's page module; a module the table names but the app does not have stops the app at once. */
export function pageLoader(route: Pick<RouteEntry, 'module'>): PageLoader {
  const load = PAGE_MODULES[`../${route.module}`];
  if (!load) throw new Error(`shared/routes.ts names ${route.module}, which is not a page module under web/features/*/pages`);
  return load;
}

/** The page modules no route names (none: a page without a route is dead code). */
export const unroutedPageModules = (): string[] => Object.keys(PAGE_MODULES).filter((file) => !ROUTE_LIST.some(([, route]) => `../${route.module}` === file));

const page = (load: PageLoader): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const pageRoute = (route: RouteEntry): RouteObject =>
  route.guard
    ? { path: route.path, element: <Guard kind={route.guard} />, children: [{ index: true, ...page(pageLoader(route)) }] }
    : { path: route.path, ...page(pageLoader(route)) };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      ...ROUTE_LIST.map(([, route]) => pageRoute(route)),
      { path: '*', ...page(() => import('./layout/not-found-page')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
