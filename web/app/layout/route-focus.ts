// What a navigation does to scroll and focus (docs/product.md, Pages and look):
// - a new page opens at the top; Back and Forward return to where that page was scrolled;
// - focus moves to the new page's heading (its h1), so a screen reader announces it and the keyboard
//   continues from the top of the page.
// NOTE: a few lines instead of React Router's <ScrollRestoration>, which cost about 1 KB gzip on
// every page for the same (it also restores across reloads, which we do not need).
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll position of each history entry (by location key) for Back and Forward. */
const positions = new Map<string, number>();

export function useScrollAndFocusOnNavigation(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstPage = useRef(true);
  /** The path whose heading was last handled: React's development re-run of an effect does not count as a visit. */
  const handledPath = useRef<string>(undefined);

  useLayoutEffect(() => {
    const key = location.key;
    const save = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    // Removed during the commit of the next page, before its layout can clamp the position.
    return () => window.removeEventListener('scroll', save);
  }, [location.key]);

  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    if (firstPage.current || location.hash) return; // an in-page link (#main) scrolls by itself
    window.scrollTo(0, navigationType === 'POP' ? (positions.get(location.key) ?? 0) : 0);
  }, [location.key, location.hash, navigationType]);

  useEffect(() => {
    const first = handledPath.current === undefined;
    if (handledPath.current === location.pathname) return;
    handledPath.current = location.pathname;
    if (first) {
      // The first page of a visit keeps the browser's own start (focus on the document).
      firstPage.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = () => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    // A page that shows a loader while its data arrives gets its heading a moment later.
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), 15_000);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [location.pathname]);
}
