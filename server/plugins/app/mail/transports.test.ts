// The two transports besides SMTP (which server/plugins/app/accounts/routes/user.test.ts exercises): the spec's
// e-mail service, called with its documented fields, and .eml files in DATA_DIR/mail.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { createTransport } from './transports';
import { verificationEmail } from './templates';

const mail = { to: 'vet@example.com', toName: 'Jo', ...verificationEmail('Jo', 'http://localhost:3000/verify/token?firstpart=a&secondpart=b&thirdpart=c') };

describe('e-mail service transport', () => {
  const received: { url: string; body: Record<string, unknown> }[] = [];
  let answer: [number, string] = [200, 'OK'];
  let server: http.Server;
  let baseUrl = '';
  beforeAll(async () => {
    // A local stand-in that speaks the service's HTTP protocol: POST /api/v1.0/email/send, 200 "OK".
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: JSON.parse(raw) as Record<string, unknown> });
        res.writeHead(answer[0], { 'content-type': 'text/plain' }).end(answer[1]);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const transport = () =>
    createTransport(
      loadConfig({ EMAIL_SERVICE_PUBLIC_KEY: 'pk_public', EMAIL_SERVICE_ID: 'service_1', EMAIL_TEMPLATE_ID: 'template_1', EMAIL_SERVICE_URL: baseUrl }),
      () => undefined,
    );

  it('posts the documented fields with the link in the template parameters', async () => {
    const t = transport();
    expect(t.name).toBe('email-service');
    await t.send(mail);
    expect(received.at(-1)).toMatchObject({
      url: '/api/v1.0/email/send',
      body: {
        lib_version: expect.any(String),
        user_id: 'pk_public',
        service_id: 'service_1',
        template_id: 'template_1',
        template_params: { to_email: 'vet@example.com', to_name: 'Jo', from_name: 'Animal Doctor', link: expect.stringContaining('/verify/token?firstpart=a') },
      },
    });
  });

  it('treats a refusal as a failed send, so the outbox retries it', async () => {
    answer = [400, 'The Public Key is required'];
    await expect(transport().send(mail)).rejects.toThrow('e-mail service answered 400: The Public Key is required');
    answer = [200, 'OK'];
  });
});

describe('file transport (the default)', () => {
  it('writes an .eml file into DATA_DIR/mail and logs the link', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-mail-'));
    const lines: string[] = [];
    const t = createTransport(loadConfig({ DATA_DIR: dataDir }), (line) => lines.push(line));
    expect(t.name).toBe('file');
    await t.send(mail);
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toMatch(/^From: Animal Doctor </m);
    expect(eml).toMatch(/^To: Jo <vet@example.com>/m);
    expect(eml).toContain('multipart/alternative');
    expect(lines[0]).toContain('link: http://localhost:3000/verify/token?firstpart=a&secondpart=b&thirdpart=c');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
