// The conversation calls' shapes as the web app reads them: the server's schemas (shared/schemas/messages.ts,
// docs/product.md section 32).
import type { MessageItem, SendAnswer, ThreadAnswer as ServerThreadAnswer, ThreadsAnswer } from '../../../../shared/schemas/messages';
import { MESSAGE_LIMITS as RULES } from '../../../../shared/lib/message-rules';

export type { SendAnswer, ThreadsAnswer };
export type Message = MessageItem;
export type ThreadSummary = ThreadsAnswer['data'][number];

export type ThreadAnswer = ServerThreadAnswer;

export interface ThreadsInput {
  page: number;
  pageSize: number;
}

export interface ThreadInput {
  id: number;
  /** The id of the oldest message shown: the answer holds the 50 before it. */
  before?: number;
}

export interface SendInput {
  doctor_id?: number;
  thread_id?: number;
  text: string;
  photo?: File;
}

/** The server's limits (shared/lib/message-rules.ts), and the photo types the contract names. */
export const MESSAGE_LIMITS = { ...RULES, photoTypes: ['image/jpeg', 'image/png', 'image/webp'] } as const;
