// The administrators' Messages tab (docs/product.md section 32): messages held (a new account's contact
// details, or three reports) and messages reported at least once, newest first, with the reports' reasons.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../lib/sql-rows';
import type { UserRow } from '../users/index';
import type { MessageSide } from '../../../../shared/lib/message-rules';
import type { HeldMessagesAnswer } from '../../../../shared/schemas/messages';
import type { Static } from '@sinclair/typebox';
import type { MessageDeps } from './message-deps';
import { photoLink } from './message-reads';

const PAGE_SIZE = 50;

export async function heldMessages(deps: MessageDeps, admin: UserRow, page = 1): Promise<Static<typeof HeldMessagesAnswer>> {
  const result = await deps.db.execute(sql`
    SELECT m.id, m.thread_id, m.sender, m.sender_id, m.body, m.photo_key, m.state, m.hold_reason, m.report_count, m.created_at,
           u.first_name, u.last_name,
           coalesce((SELECT json_agg(r.reason ORDER BY r.created_at) FROM message_reports r WHERE r.message_id = m.id), '[]'::json) AS reasons
    FROM messages m LEFT JOIN users u ON u.id = m.sender_id
    WHERE m.state = 'held' OR (m.report_count > 0 AND m.state = 'shown')
    ORDER BY (m.state = 'held') DESC, m.id DESC LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`);
  type Row = {
    id: number;
    thread_id: number;
    sender: MessageSide;
    sender_id: number | null;
    body: string;
    photo_key: string | null;
    state: 'shown' | 'held';
    hold_reason: string | null;
    report_count: number;
    created_at: string | Date;
    first_name: string | null;
    last_name: string | null;
    reasons: string[] | string;
  };
  const rows = rowsOf<Row>(result);
  const [count] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`SELECT count(*)::int AS n FROM messages m WHERE m.state = 'held' OR (m.report_count > 0 AND m.state = 'shown')`),
  );
  return {
    data: await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        thread_id: row.thread_id,
        from: row.sender,
        sender_id: row.sender_id,
        sender_name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
        text: row.body,
        photo: await photoLink(deps, admin, { id: row.id, photoKey: row.photo_key }),
        state: row.state,
        hold_reason: row.hold_reason,
        report_count: row.report_count,
        reasons: typeof row.reasons === 'string' ? (JSON.parse(row.reasons) as string[]) : row.reasons,
        created_at: new Date(row.created_at).toISOString(),
      })),
    ),
    totalCount: count?.n ?? 0,
  };
}
