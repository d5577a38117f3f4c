import { describe, expect, it } from 'vitest';
import { ROUTE_LIST } from '../../shared/routes';
import { pageLoader, routes, unroutedPageModules } from './router';

describe('the web router', () => {
  it('has a route for every page module and a module for every route of the table', () => {
    expect(unroutedPageModules()).toEqual([]);
    for (const [, route] of ROUTE_LIST) expect(() => pageLoader(route), route.module).not.toThrow();
    expect(() => pageLoader({ module: 'features/home/pages/missing-page.tsx' })).toThrow(/missing-page/);
  });

  it('routes every address of the table, guarded as the table says, and the rest to the not-found page', () => {
    const children = routes[0]!.children!;
    for (const [, route] of ROUTE_LIST) {
      const child = children.find((candidate) => candidate.path === route.path);
      expect(child, route.path).toBeDefined();
      expect(Boolean(child!.element), route.path).toBe(Boolean(route.guard));
    }
    expect(children.at(-1)!.path).toBe('*');
  });
});
