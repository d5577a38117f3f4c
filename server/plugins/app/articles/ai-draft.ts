// 'Draft with AI' (docs/product.md, Articles): one call to an OpenAI-compatible chat-completions
// endpoint, bounded in time and size. The answer (HTML or markdown) becomes sanitised HTML; any
// failure is an HttpError with a plain sentence and nothing is saved.
import { marked } from 'marked';
import type { Config } from '../../../config';
import { httpError } from '../../../lib/http-error';
import { sanitizeArticleHtml, summaryFrom, textOf } from './article-html';

export type AiConfig = NonNullable<Config['ai']>;

export const AI_LIMITS = {
  maxTokens: 1800,
  /** Bytes of the HTTP answer we read at most. */
  maxAnswerBytes: 256 * 1024,
  /** Readable characters a draft must have to count as an article. */
  minTextChars: 200,
} as const;

export const AI_DISABLED_MESSAGE = 'AI drafts are turned off. To turn them on, set AI_BASE_URL, AI_API_KEY and AI_MODEL on the server and restart it.';

const SYSTEM_PROMPT = [
  'You write accurate, practical pet-care articles for pet owners in the United States.',
  'Use US units (°F, pounds, miles) and say when a veterinarian should be called.',
  'Answer with the article only, in markdown: a first line "# Title", then 4 to 8 short sections with "## " headings, paragraphs and lists.',
  'Do not invent statistics, products, studies or links. No images.',
].join(' ');

export interface AiDraft {
  title: string;
  contents: string;
  subContent: string;
}

async function readLimited(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw httpError(502, 'AI_BAD_ANSWER', 'The AI service sent an answer that is too long. Nothing was saved; try a narrower topic.');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

// eslint-disable-next-line no-control-regex -- the characters the article editor refuses in plain-text fields
const CONTROL = /[\u0000-\u001f\u007f]/;

const unreadable = () =>
  httpError(502, 'AI_BAD_ANSWER', 'The AI service sent an answer that is not an article. Nothing was saved; try again or change the topic.');

/** The first message's content of a chat-completions answer, or a refusal. */
function contentOf(raw: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw unreadable();
  }
  const choices = (parsed as { choices?: unknown })?.choices;
  if (!Array.isArray(choices) || choices.length === 0) throw unreadable();
  const content = (choices[0] as { message?: { content?: unknown } })?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw unreadable();
  return content;
}

/** Turns the model's markdown or HTML into a title and sanitised contents. */
export function draftFromAnswer(answer: string, topic: string): AiDraft {
  // Models often wrap the whole answer in a code fence.
  const unfenced = answer.trim().replace(/^```(?:markdown|md|html)?\s*\n([\s\S]*?)\n```$/i, '$1');
  const html = marked.parse(unfenced, { async: false, gfm: true }) as string;
  let title = '';
  const withoutTitle = html.replace(/<h1[^>]*>([\s\S]*?)<\/h1>/i, (_, inner: string) => {
    title = textOf(inner);
    return '';
  });
  const contents = sanitizeArticleHtml(withoutTitle);
  if (textOf(contents).length < AI_LIMITS.minTextChars) throw unreadable();
  const cleanTitle = (title || topic).replace(/[<>]/g, '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const subContent = summaryFrom(contents);
  // The article rules refuse control characters in these plain-text fields; here they are the model's fault, not
  // the administrator's, so the answer is a bad gateway answer (502), not a 400 about their request.
  if (CONTROL.test(cleanTitle) || CONTROL.test(subContent)) {
    throw httpError(
      502,
      'AI_BAD_ANSWER',
      'The AI service sent an answer with characters that cannot be saved. Nothing was saved; try again or change the topic.',
    );
  }
  return { title: cleanTitle, contents, subContent };
}

export async function requestAiDraft(ai: AiConfig, topic: string): Promise<AiDraft> {
  const seconds = Math.round(ai.timeoutMs / 1000);
  let response: Response;
  try {
    response = await fetch(`${ai.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${ai.apiKey}` },
      body: JSON.stringify({
        model: ai.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: `Write an article for pet owners about: ${topic}` },
        ],
        max_tokens: AI_LIMITS.maxTokens,
        temperature: 0.4,
      }),
      signal: AbortSignal.timeout(ai.timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw httpError(504, 'AI_TIMEOUT', `The AI service did not answer within ${seconds} seconds. Nothing was saved; try again in a minute.`);
    }
    throw httpError(502, 'AI_UNAVAILABLE', 'The AI service could not be reached. Nothing was saved; check AI_BASE_URL or try again later.');
  }
  let raw: string;
  try {
    raw = await readLimited(response, AI_LIMITS.maxAnswerBytes);
  } catch (error) {
    if ((error as Error).name === 'HttpError') throw error;
    throw httpError(504, 'AI_TIMEOUT', `The AI service did not finish its answer within ${seconds} seconds. Nothing was saved; try again in a minute.`);
  }
  if (!response.ok) {
    // The status only: an upstream body may echo the request, and the key never leaves the server.
    throw httpError(
      502,
      'AI_UNAVAILABLE',
      `The AI service refused the request (HTTP ${response.status}). Nothing was saved; check the AI settings or try again later.`,
    );
  }
  return draftFromAnswer(contentOf(raw), topic);
}
