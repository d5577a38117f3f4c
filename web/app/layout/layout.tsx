// The shared layout of every route: header, main content area, footer (docs/product.md, Screens and routes).
import { paths } from '../../../shared/routes';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader';
import { Toaster } from '../../components/ui/toaster';
import { NewsletterForm } from '../../features/newsletter/newsletter-form';
import { useAppSelector } from '../store';
import { AppStarted } from '../app-started';
import { Logo } from './logo';
import { CONTACT, FOOTER_EXTRA_LINKS, HEADER_LINKS } from '../../../shared/constants/site-links';
import { useScrollAndFocusOnNavigation } from './route-focus';
import './layout.css';
import { now } from '../../lib/clock';

// Only signed-in users see the user menu: its code loads when needed (app.tsx starts loading it at
// once when a stored session is being restored), keeping the first page small for visitors.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

function Header() {
  const logined = useAppSelector((state) => state.auth.logined);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigation = useNavigation();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  // Escape closes the open mobile menu and gives focus back to its toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  // One link is highlighted at a time: while a page loads, the one being opened, not also the old one.
  const shownPath = (navigation.location ?? location).pathname;
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to={paths.home} className="brand" aria-label="Animal Doctor home">
          <Logo />
        </Link>
        <nav className={`main-nav${menuOpen ? ' open' : ''}`} id="main-nav" aria-label="Main">
          <ul>
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={() => (shownPath === link.to ? 'active' : undefined)} onClick={() => setMenuOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          {logined ? (
            <Suspense fallback={<span className="user-menu-placeholder" aria-hidden="true" />}>
              <UserMenu />
            </Suspense>
          ) : (
            <Link to={paths.signin} className="button button-primary sign-in-button">
              Sign in
            </Link>
          )}
          <button
            ref={toggle}
            type="button"
            className="menu-toggle"
            aria-controls="main-nav"
            aria-expanded={menuOpen}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((v) => !v)}
          >
            <span aria-hidden="true" />
            <span aria-hidden="true" />
            <span aria-hidden="true" />
          </button>
        </div>
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p>Animal Doctor connects pet owners with trusted local veterinarians and animal hospitals across the United States.</p>
          <p className="footer-contact">
            <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
            <br />
            <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="footer-heading">Explore</h2>
          <ul className="footer-links">
            {[...HEADER_LINKS, ...FOOTER_EXTRA_LINKS].map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-newsletter">
          <NewsletterForm />
        </div>
      </div>
      <div className="container footer-bottom">
        {/* The server's year may be the last one for a moment at New Year: no hydration error for that. */}
        <p suppressHydrationWarning>© {now().getFullYear()} Animal Doctor. All rights reserved.</p>
      </div>
    </footer>
  );
}

export function Layout() {
  const navigation = useNavigation();
  useScrollAndFocusOnNavigation();
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main" aria-busy={navigation.state === 'loading'}>
        {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
          <AppStarted />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
