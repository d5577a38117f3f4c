// `npm start` must start node with the memory settings that the benchmarks measured
// (docs/decisions/083-server-memory-settings.md): package.json spells them out, so it is checked here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MALLOC_ENV, NODE_FLAGS } from './runtime';

const start = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;

describe('npm start', () => {
  it('starts one node process with the malloc settings and V8 flags of server/runtime.ts', () => {
    const settings = Object.entries(MALLOC_ENV).map(([name, value]) => `${name}=${value}`);
    expect(start).toBe(`exec env ${settings.join(' ')} node ${NODE_FLAGS.join(' ')} scripts/start.mjs`);
  });
});
