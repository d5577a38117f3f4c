// One HTTP request written by hand on a fresh socket, for what an attacker's raw socket gets (docs/security.md):
// it resolves with the status line's code and the body.
import net from 'node:net';

export function rawRequest(port: number, path: string, headers: Record<string, string>, payload: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: text.slice(text.indexOf('\r\n\r\n') + 4) }));
    socket.on('connect', () => {
      const head = Object.entries({
        Host: 'localhost',
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(payload)),
        Connection: 'close',
        ...headers,
      })
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n');
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n\r\n${payload}`);
    });
  });
}
