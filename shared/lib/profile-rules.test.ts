import { describe, expect, it } from 'vitest';
import { checkWebsiteUrl, completeWebsiteUrl, phoneKey, websiteLinkText } from './profile-rules';

describe('phoneKey', () => {
  it('finds the same practice however its number is written: the last ten digits', () => {
    expect(phoneKey('(212) 555-0142')).toBe('2125550142');
    expect(phoneKey('+1 212.555.0142')).toBe('2125550142');
    expect(phoneKey('212-555-0142')).toBe(phoneKey('1 (212) 555 0142'));
  });

  it('has no key without digits', () => {
    expect(phoneKey('')).toBeNull();
    expect(phoneKey(null)).toBeNull();
    expect(phoneKey(' - ')).toBeNull();
  });
});

describe('a website as the vet types it (docs/product.md 28.6)', () => {
  it('completes an address without https://, accepts it, and links it by its domain unless a title is set', () => {
    expect(completeWebsiteUrl(' www.example.com/team ')).toBe('https://www.example.com/team');
    expect(completeWebsiteUrl('http://example.com')).toBe('http://example.com');
    expect(completeWebsiteUrl('')).toBe('');
    expect(checkWebsiteUrl('example.com')).toBeUndefined();
    expect(checkWebsiteUrl('localhost')).toBe('Enter the website address, e.g. www.example.com.');
    expect(checkWebsiteUrl('javascript:alert(1)')).toBeDefined();
    expect(websiteLinkText('https://www.example.com/team', null)).toBe('example.com');
    expect(websiteLinkText('https://www.example.com/team', ' Our clinic ')).toBe('Our clinic');
  });
});
