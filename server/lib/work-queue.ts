// A line for heavy work done off the main thread (argon2 hashing, image decoding): at most
// `concurrency` jobs run at once, the others wait their turn, and with `maxWaiting` a full line
// refuses at once instead of growing. Each kind of work has its own line, so one cannot fill the
// thread pool the other needs (docs/product.md, 6.6).

export class WorkQueueFull extends Error {
  override name = 'WorkQueueFull';
}

export interface WorkQueue {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now. */
  size(): { running: number; waiting: number };
}

export function workQueue(concurrency: number, maxWaiting = Number.POSITIVE_INFINITY): WorkQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(work) {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new WorkQueueFull('The work queue is full.');
        // The finishing job hands its slot straight to the next one, so `running` stays counted.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running++;
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    size: () => ({ running, waiting: waiting.length }),
  };
}
