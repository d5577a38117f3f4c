// Loaded with `node --import ./bench/memory-probe.mjs dist/server/server.js` by bench/memory.ts only:
// on SIGUSR2 it appends one JSON line to MEMORY_PROBE_FILE with process.memoryUsage(), the V8 heap
// spaces and the size of every WebAssembly memory made (PGlite's heap), and, when the process runs
// with --expose-gc and MEMORY_PROBE_GC=on, the same after a full collection (live versus garbage).
// It changes nothing in the server.
import fs from 'node:fs';
import v8 from 'node:v8';

const memories = [];
const Memory = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(Memory, {
  construct(target, args, newTarget) {
    const memory = Reflect.construct(target, args, newTarget === WebAssembly.Memory ? target : newTarget);
    memories.push(memory);
    return memory;
  },
});

const mb = (n) => Math.round((n / 2 ** 20) * 10) / 10;
function sample() {
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_size)]));
  return {
    rss: mb(usage.rss),
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    wasmBytes: memories.map((m) => {
      try {
        return m.buffer.byteLength;
      } catch {
        return 0;
      }
    }),
    spaces,
  };
}

process.on('SIGUSR2', () => {
  const line = { at: Date.now(), ...sample() };
  if (globalThis.gc && process.env.MEMORY_PROBE_GC === 'on') {
    globalThis.gc();
    line.afterGc = sample();
  }
  fs.appendFileSync(process.env.MEMORY_PROBE_FILE, `${JSON.stringify(line)}\n`);
});
