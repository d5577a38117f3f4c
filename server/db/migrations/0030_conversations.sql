-- Conversations between a pet owner and a practice (docs/product.md section 32; decisions 210-213).
-- One thread per owner and practice; each side's unread count lives on the thread and changes in the
-- transaction of the message or the read that changes it. The inbox is one ordered index per side, the
-- unread total a partial index of the threads with something unread, a thread's page the (thread, id) index.
CREATE TABLE "message_threads" (
  "id" serial PRIMARY KEY NOT NULL,
  "owner_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "doctor_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_message_id" integer,
  "owner_unread" integer DEFAULT 0 NOT NULL,
  "practice_unread" integer DEFAULT 0 NOT NULL,
  "owner_blocked_at" timestamp with time zone,
  "practice_blocked_at" timestamp with time zone,
  "owner_emailed_at" timestamp with time zone,
  "practice_emailed_at" timestamp with time zone,
  "owner_waiting_since" timestamp with time zone,
  "closed_side" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "message_threads_closed_side_check" CHECK ("closed_side" IS NULL OR "closed_side" IN ('owner', 'practice'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "message_threads_pair_idx" ON "message_threads" USING btree ("owner_id", "doctor_id");--> statement-breakpoint
-- A practice sees a thread once it holds a message shown to it: the partial index is its whole inbox, so the
-- inbox's count is an index-only scan.
CREATE INDEX "message_threads_doctor_inbox_idx" ON "message_threads" USING btree ("doctor_id", "last_message_at" DESC, "id" DESC) WHERE last_message_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "message_threads_owner_inbox_idx" ON "message_threads" USING btree ("owner_id", "last_message_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "message_threads_practice_unread_idx" ON "message_threads" USING btree ("doctor_id") INCLUDE ("practice_unread") WHERE practice_unread > 0;--> statement-breakpoint
CREATE INDEX "message_threads_owner_unread_idx" ON "message_threads" USING btree ("owner_id") INCLUDE ("owner_unread") WHERE owner_unread > 0;--> statement-breakpoint
CREATE TABLE "messages" (
  "id" serial PRIMARY KEY NOT NULL,
  "thread_id" integer NOT NULL REFERENCES "message_threads"("id") ON DELETE CASCADE,
  "sender" text NOT NULL,
  "sender_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "kind" text DEFAULT 'text' NOT NULL,
  "body" text NOT NULL,
  "photo_key" text,
  "state" text DEFAULT 'shown' NOT NULL,
  "hold_reason" text,
  "report_count" integer DEFAULT 0 NOT NULL,
  "answers_from" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "read_at" timestamp with time zone,
  CONSTRAINT "messages_sender_check" CHECK ("sender" IN ('owner', 'practice')),
  CONSTRAINT "messages_state_check" CHECK ("state" IN ('shown', 'held', 'removed'))
);--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "messages_review_idx" ON "messages" USING btree ("id") WHERE state = 'held' OR report_count > 0;--> statement-breakpoint
CREATE INDEX "messages_answers_idx" ON "messages" USING btree ("thread_id", "created_at") WHERE answers_from IS NOT NULL;--> statement-breakpoint
CREATE TABLE "message_reports" (
  "message_id" integer NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
  "reporter_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "reason" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_pkey_idx" ON "message_reports" USING btree ("message_id", "reporter_id");--> statement-breakpoint
CREATE INDEX "message_reports_reporter_idx" ON "message_reports" USING btree ("reporter_id");
