// The stack of a worker thread that is busy right now, through the inspector in this process (no port is
// opened): a statement stuck in PGlite is logged with the PostgreSQL functions it was in, e.g.
// `errfinish <- PostgresMainLoopOnce`, before its thread is ended (docs/decisions/092-pglite-in-a-worker-thread.md).
import inspector from 'node:inspector';

interface Frame {
  functionName: string;
}

/** The innermost `depth` function names of thread `threadId`, or undefined when the inspector cannot tell within `waitMs`. */
export async function threadStack(threadId: number, depth = 25, waitMs = 5000): Promise<string | undefined> {
  const session = new inspector.Session();
  try {
    session.connect();
  } catch {
    return undefined; // Node built without the inspector, or the main thread already attached elsewhere
  }
  try {
    return await new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), waitMs);
      let nextId = 1;
      const send = (sessionId: string, method: string) =>
        session.post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id: nextId++, method, params: {} }) });
      session.on('NodeWorker.attachedToWorker', (message) => {
        const { sessionId, workerInfo } = message.params as { sessionId: string; workerInfo: { workerId: string } };
        if (workerInfo.workerId !== String(threadId)) return;
        // NOTE: the debugger is enabled only now: with it on, V8 runs WebAssembly in slower debug code.
        send(sessionId, 'Debugger.enable');
        send(sessionId, 'Debugger.pause');
      });
      session.on('NodeWorker.receivedMessageFromWorker', (message) => {
        const reply = JSON.parse((message.params as { message: string }).message) as { method?: string; params?: { callFrames?: Frame[] } };
        if (reply.method !== 'Debugger.paused') return;
        clearTimeout(timer);
        const frames = reply.params?.callFrames ?? [];
        resolve(
          frames
            .slice(0, depth)
            .map((frame) => frame.functionName.replace(/^\$/, '') || '(anonymous)')
            .join(' <- '),
        );
      });
      session.post('NodeWorker.enable', { waitForDebuggerOnStart: false });
    });
  } finally {
    session.disconnect();
  }
}
