// Every route of docs/product.md, Screens and routes, under one layout; pages load lazily with a fallback loader.
// Guards follow docs/product.md, Roles and guards; they only decide what to show (the server enforces).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout/layout';
import { RouteError } from './layout/route-error';
import { PageLoader } from '../components/ui/page-loader';
import { Guard, type GuardKind } from './guard';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
const guarded = (kind: GuardKind, load: () => Promise<PageModule>): RouteObject => ({
  element: <Guard kind={kind} />,
  children: [{ index: true, ...page(load) }],
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', ...page(() => import('../features/home/pages/home-page')) },
      { path: 'signin', ...guarded('signedOut', () => import('../features/auth/pages/signin-page')) },
      { path: 'signup', ...guarded('signedOut', () => import('../features/auth/pages/signup-page')) },
      { path: 'verify', ...page(() => import('../features/auth/pages/verify-page')) },
      { path: 'verify/token', ...page(() => import('../features/auth/pages/verify-token-page')) },
      { path: 'verify/contact', ...page(() => import('../features/profile/pages/verify-contact-page')) },
      { path: 'congratulationverify/:id', ...guarded('loggedIn', () => import('../features/auth/pages/congratulation-page')) },
      { path: 'forgotpassword', ...page(() => import('../features/auth/pages/forgot-password-page')) },
      { path: 'searchdoctor', ...page(() => import('../features/doctors/pages/search-doctor-page')) },
      { path: 'viewdoctorprofile/:id', ...page(() => import('../features/doctors/pages/doctor-profile-page')) },
      { path: 'blogpage', ...page(() => import('../features/blog/pages/blog-page')) },
      { path: 'singlepost/:id', ...page(() => import('../features/blog/pages/single-post-page')) },
      { path: 'ai-blogpage', ...page(() => import('../features/blog/pages/ai-blog-page')) },
      { path: 'ai-singlepost/:id', ...page(() => import('../features/blog/pages/ai-single-post-page')) },
      { path: 'services', ...page(() => import('../features/payment/pages/services-page')) },
      { path: 'checkout/:id', ...guarded('loggedIn', () => import('../features/payment/pages/checkout-page')) },
      { path: 'medicine', ...page(() => import('../features/content/pages/medicine-page')) },
      { path: 'insurance', ...page(() => import('../features/content/pages/insurance-page')) },
      { path: 'aboutus', ...page(() => import('../features/content/pages/about-page')) },
      { path: 'privacypolicy', ...page(() => import('../features/content/pages/privacy-page')) },
      { path: 'terms', ...page(() => import('../features/content/pages/terms-page')) },
      { path: 'unsubscribe', ...page(() => import('../features/newsletter/pages/unsubscribe-page')) },
      { path: 'setupprofile', ...guarded('paidPlan', () => import('../features/profile/pages/setup-profile-page')) },
      { path: 'viewprofile', ...guarded('loggedIn', () => import('../features/profile/pages/view-profile-page')) },
      { path: 'admin', ...guarded('admin', () => import('../features/admin/pages/manage-users-page')) },
      { path: 'articleeditor', ...guarded('admin', () => import('../features/articles/pages/manage-articles-page')) },
      { path: '*', ...page(() => import('./layout/not-found-page')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
