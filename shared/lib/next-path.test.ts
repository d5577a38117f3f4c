import { describe, expect, it } from 'vitest';
import { NEXT_MAX_LENGTH, landingPath, safeNextPath, withNext } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    for (const path of ['/', '/claim/12', '/viewdoctorprofile/7?request=open#appointment', '/services?buy=3&period=year', '/search?q=a%2Fb'])
      expect(safeNextPath(path)).toBe(path);
  });

  it('drops every way out to another site', () => {
    const hostile = [
      '//evil.com',
      '//evil.com/claim/1',
      '/\\evil.com',
      '/\\/evil.com',
      '\\\\evil.com',
      'https://evil.com',
      'http:/evil.com',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.com',
      ' /home',
      '/\t/evil.com',
      '/\n/evil.com',
      '/\r\n/evil.com',
      '/home\u0000',
      '/home\u007f',
      '/home\u0085',
      '',
      `/${'a'.repeat(NEXT_MAX_LENGTH)}`,
    ];
    for (const value of hostile) expect(safeNextPath(value), JSON.stringify(value)).toBeUndefined();
  });

  it('drops what is not a string', () => {
    for (const value of [undefined, null, 42, ['/home'], { path: '/home' }]) expect(safeNextPath(value)).toBeUndefined();
  });
});

describe('withNext', () => {
  it('adds a safe next and leaves a hostile one out', () => {
    expect(withNext('/signup', '/claim/3')).toBe('/signup?next=%2Fclaim%2F3');
    expect(withNext('/verify?x=1', '/claim/3')).toBe('/verify?x=1&next=%2Fclaim%2F3');
    expect(withNext('/signup', '//evil.com')).toBe('/signup');
    expect(withNext('/signup', null)).toBe('/signup');
  });
});

describe('landingPath', () => {
  it('goes where the person was going, else an administrator to /admin and everyone else home', () => {
    expect(landingPath('/claim/3', true)).toBe('/claim/3');
    expect(landingPath(undefined, true)).toBe('/admin');
    expect(landingPath('//evil.com', true)).toBe('/admin');
    expect(landingPath('https://evil.com', false)).toBe('/home');
  });
});
