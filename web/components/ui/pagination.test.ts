import { describe, expect, it } from 'vitest';
import { visiblePages } from './pagination';

describe('visiblePages', () => {
  it('shows every page of a short list', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it('keeps the first, the last and the neighbours of the current page, with gaps', () => {
    expect(visiblePages(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(visiblePages(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
  });
});
