import { describe, expect, it } from 'vitest';
import { FIXED_PAGES, PRIVATE_PATH_PREFIXES, ROUTE_LIST, matchRoute, pageUrl, routePath, routeShowing } from './routes';

describe('the route table', () => {
  it('finds the route of a path, with its parameters, ignoring a trailing slash', () => {
    expect(matchRoute('/home')?.name).toBe('home');
    expect(matchRoute('/services/')?.name).toBe('services');
    expect(matchRoute('/viewdoctorprofile/12')).toMatchObject({ name: 'doctorProfile', params: { id: '12' } });
    expect(matchRoute('/ai-singlepost/:7')).toMatchObject({ name: 'aiArticle', params: { id: ':7' } });
    expect(matchRoute('/verify/token')?.name).toBe('verifyToken');
  });

  it('knows no other address: the root, a sub-path of a page, or a near miss', () => {
    for (const path of ['/', '/nothing-here', '/admin/users', '/verify/other', '/checkout/a/b', '/homes', '/viewdoctorprofile'])
      expect(matchRoute(path), path).toBeUndefined();
  });

  it('keeps the private pages out of search engines by their address prefixes', () => {
    expect([...PRIVATE_PATH_PREFIXES].sort()).toEqual(
      [
        '/admin',
        '/articleeditor',
        '/setupprofile',
        '/viewprofile',
        '/myreviews',
        '/myappointments',
        '/messages',
        '/myvets',
        '/mypets',
        '/account',
        '/claim',
        '/signin',
        '/signup',
        '/verify',
        '/congratulationverify',
        '/forgotpassword',
        '/checkout',
        '/unsubscribe',
      ].sort(),
    );
  });

  it('lists the fixed public pages for the sitemap, with a title and description each, home first', () => {
    expect(FIXED_PAGES.map((page) => page.path)).toEqual([
      '/home',
      '/searchdoctor',
      '/blogpage',
      '/ai-blogpage',
      '/services',
      '/medicine',
      '/insurance',
      '/aboutus',
      '/privacypolicy',
      '/terms',
    ]);
    for (const page of FIXED_PAGES) expect(page.title && page.description, page.path).toBeTruthy();
  });

  it('builds record addresses and finds the page of each kind of data', () => {
    expect(routePath('doctorProfile', { id: 5 })).toBe('/viewdoctorprofile/5');
    expect(routePath(routeShowing({ kind: 'article', articles: 'ai' }), { id: ':3' })).toBe('/ai-singlepost/:3');
    expect(routeShowing({ kind: 'articleList', articles: 'blog' })).toBe('blog');
    expect(routeShowing({ kind: 'doctor' })).toBe('doctorProfile');
  });

  it('gives each page one address and one module', () => {
    const paths = ROUTE_LIST.map(([, route]) => route.path);
    const modules = ROUTE_LIST.map(([, route]) => route.module);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(modules).size).toBe(modules.length);
  });
});

describe('pageUrl', () => {
  const site = 'https://animaldoctor.example';

  it("names a page on the site by its route, with the route's parameters, a query and a fragment", () => {
    expect(pageUrl(site, 'doctorProfile', { params: { id: 42 }, hash: 'reviews' })).toBe(`${site}/viewdoctorprofile/42#reviews`);
    expect(pageUrl(site, 'services', { query: { checkout: 'success' } })).toBe(`${site}/services?checkout=success`);
    expect(pageUrl(site, 'myAppointments')).toBe(`${site}/myappointments`);
  });

  it('encodes what a query value could otherwise break', () => {
    expect(pageUrl(site, 'verifyContact', { query: { token: 'a+b/c=&d' } })).toBe(`${site}/verify/contact?token=a%2Bb%2Fc%3D%26d`);
    expect(matchRoute(new URL(pageUrl(site, 'unsubscribe', { query: { token: 'x' } })).pathname)?.name).toBe('unsubscribe');
  });
});
