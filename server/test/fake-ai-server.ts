// A local stand-in for an OpenAI-compatible chat-completions endpoint (POST /v1/chat/completions),
// for tests of 'Draft with AI'. It checks the bearer key and the request shape as the real
// service does, and can be told to answer well, fail, hang, send garbage, or send control characters.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAiMode = 'ok' | 'http-error' | 'slow' | 'garbage' | 'empty-choices' | 'short' | 'control-title' | 'control-text';

export interface FakeAiServer {
  /** Use as AI_BASE_URL. */
  baseUrl: string;
  apiKey: string;
  model: string;
  mode: FakeAiMode;
  /** Request bodies received, newest last. */
  requests: { authorization: string | undefined; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export const FAKE_AI_ARTICLE = `# Keeping your dog's paws safe on hot pavement

Asphalt in full sun can reach 140 °F on an 85 °F day, hot enough to burn the pads of a dog's feet within a minute.

## The five-second test

Press the back of your hand on the pavement. If you cannot hold it there for five seconds, it is too hot for your dog to walk on.

## Safer summer walks

- Walk early in the morning or after sunset.
- Choose grass, dirt trails or shaded paths.
- Carry water and take breaks in the shade.

## When to call your veterinarian

Call your vet if your dog limps, licks its feet constantly, or you see blisters, red pads or missing skin. Burns can become infected and need treatment.

<script>alert('x')</script>`;

function chatAnswer(model: string, content: string) {
  return {
    id: `chatcmpl-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 80, completion_tokens: 240, total_tokens: 320 },
  };
}

export async function startFakeAiServer(options: { mode?: FakeAiMode; article?: string } = {}): Promise<FakeAiServer> {
  const apiKey = 'sk-test-local-fake-key';
  const model = 'local-test-model';
  const sockets = new Set<import('node:net').Socket>();
  const state: FakeAiServer = {
    baseUrl: '',
    apiKey,
    model,
    mode: options.mode ?? 'ok',
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return json(401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return json(400, { error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error' } });
      }
      state.requests.push({ authorization: req.headers.authorization, body });
      if (body.model !== model || !Array.isArray(body.messages))
        return json(400, { error: { message: 'Invalid model or messages.', type: 'invalid_request_error' } });
      switch (state.mode) {
        case 'http-error':
          return json(500, { error: { message: 'The server had an error while processing your request.', type: 'server_error' } });
        case 'slow':
          return void setTimeout(() => json(200, chatAnswer(model, options.article ?? FAKE_AI_ARTICLE)), 10_000).unref();
        case 'garbage':
          res.writeHead(200, { 'content-type': 'application/json' });
          return void res.end('{"choices": [ {"message": oops');
        case 'empty-choices':
          return json(200, { ...chatAnswer(model, ''), choices: [] });
        case 'short':
          return json(200, chatAnswer(model, 'Sure!'));
        // A well-formed answer whose title (or first paragraph, the summary) holds a control character.
        case 'control-title':
          return json(200, chatAnswer(model, FAKE_AI_ARTICLE.replace('# Keeping', '# Keeping\u0007')));
        case 'control-text':
          return json(200, chatAnswer(model, FAKE_AI_ARTICLE.replace('Asphalt in', 'Asphalt\u001b[31m in')));
        default:
          return json(200, chatAnswer(model, options.article ?? FAKE_AI_ARTICLE));
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
