// The change announcements (docs/decisions/093-one-listing-module.md): listeners hear the kind they
// asked for, a failing listener does not stop the others, and what arrives from another server is
// checked and delivered here only.
import { describe, expect, it } from 'vitest';
import { ChangeBus, parseChange, type Change } from './changes';

describe('ChangeBus', () => {
  it('tells each listener the kind it listens to, keeps going past a failing one, and stops when asked', () => {
    const failures: unknown[] = [];
    const bus = new ChangeBus((error) => failures.push(error));
    const listings: number[] = [];
    const articles: number[] = [];
    bus.on('listing changed', () => {
      throw new Error('listener failed');
    });
    const off = bus.on('listing changed', ({ doctorId }) => listings.push(doctorId));
    bus.on('article changed', ({ articleId }) => articles.push(articleId));
    bus.announce({ kind: 'listing changed', doctorId: 7 });
    bus.announce({ kind: 'article changed', articleId: 3 });
    off();
    bus.announce({ kind: 'listing changed', doctorId: 8 });
    expect({ listings, articles, failures: failures.length }).toEqual({ listings: [7], articles: [3], failures: 2 });
  });

  it('relays what is announced here, not what another server announced', () => {
    const bus = new ChangeBus();
    const relayed: Change[] = [];
    const heard: Change[] = [];
    bus.relay((change) => relayed.push(change));
    bus.on('listing changed', (change) => heard.push(change));
    bus.announce({ kind: 'listing changed', doctorId: 1 });
    bus.deliver({ kind: 'listing changed', doctorId: 2 });
    expect(relayed.map((c) => c.kind === 'listing changed' && c.doctorId)).toEqual([1]);
    expect(heard.map((c) => c.kind === 'listing changed' && c.doctorId)).toEqual([1, 2]);
  });
});

describe('parseChange', () => {
  it('takes the two kinds with a whole-number id, and nothing else', () => {
    expect(parseChange({ kind: 'listing changed', doctorId: 12 })).toEqual({ kind: 'listing changed', doctorId: 12 });
    expect(parseChange({ kind: 'article changed', articleId: 4, extra: 'x' })).toEqual({ kind: 'article changed', articleId: 4 });
    for (const bad of [
      null,
      'listing changed',
      12,
      {},
      { kind: 'listing changed', articleId: 4 },
      { kind: 'listing changed', doctorId: '12' },
      { kind: 'other', doctorId: 1 },
    ])
      expect(parseChange(bad), JSON.stringify(bad)).toBeUndefined();
  });
});
