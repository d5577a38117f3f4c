// A page the server rendered is painted before the app's script is fetched (docs/product.md 11.6,
// docs/decisions/265-the-app-starts-in-steps.md): the server names this file instead of the app's module script,
// with the script's address in data-app. The script is asked for once the browser reports the first contentful paint.
// A hidden tab paints nothing, so it starts at once; a browser that does not report paints, or a tab hidden before its
// first paint, starts it after its next frame or a second at most.
(() => {
  const app = document.currentScript?.getAttribute('data-app');
  if (!app) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = app;
    document.head.appendChild(module);
  };
  if (document.visibilityState === 'hidden') return start();
  setTimeout(start, 1000);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  const paints = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    paints.disconnect();
    start();
  });
  paints.observe({ type: 'paint', buffered: true });
})();
