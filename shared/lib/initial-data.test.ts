import { describe, expect, it } from 'vitest';
import { parseInitialData } from './initial-data';

describe('parseInitialData', () => {
  it('answers the data made for this path', () => {
    expect(parseInitialData('{"path":"/singlepost/4","article":{"id":4}}', '/singlepost/4')).toMatchObject({ article: { id: 4 } });
  });

  it('answers undefined for another path, malformed text or no text', () => {
    expect(parseInitialData('{"path":"/singlepost/4"}', '/singlepost/5')).toBeUndefined();
    expect(parseInitialData('{"path":', '/singlepost/4')).toBeUndefined();
    expect(parseInitialData('null', '/singlepost/4')).toBeUndefined();
    expect(parseInitialData(undefined, '/singlepost/4')).toBeUndefined();
  });
});
