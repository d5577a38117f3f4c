// Importing practices and claiming them (docs/product.md section 20): the calls' bodies and answers.
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

const strict = { additionalProperties: false } as const;

export const ImportStatusBody = Type.Object({ id: Id }, strict);

export const ImportErrorSchema = Type.Object({ row: Type.Integer({ description: 'Line of the file the row starts on' }), message: Type.String() });
export const ImportOutcomeSchema = Type.Object({
  row: Type.Integer(),
  external_id: Type.String(),
  clinic_name: Type.String(),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('skip')]),
  reason: Type.String(),
});
export type ImportOutcome = Static<typeof ImportOutcomeSchema>;

export const ImportStartedAnswer = Type.Object({ id: Type.Integer() });

export const ImportStatusAnswer = Type.Object({
  id: Type.Integer(),
  state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  dry_run: Type.Boolean(),
  file_name: Type.String(),
  total: Type.Integer(),
  done: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
  errors: Type.Array(ImportErrorSchema, { description: 'The first rows refused (up to 1,000), each with its line and why' }),
  rows: Type.Array(ImportOutcomeSchema, { description: 'A dry run: what each of the first rows (up to 1,000) would do and why' }),
  failure: Type.Union([Type.String(), Type.Null()], { description: 'Why the whole import stopped, when state is failed' }),
  started_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});
export type ImportStatus = Static<typeof ImportStatusAnswer>;

/** The recent imports, newest first (the Import tab's list). */
export const ImportListAnswer = Type.Object({ data: Type.Array(ImportStatusAnswer) });

export const ClaimMethod = Type.Union([Type.Literal('email'), Type.Literal('document')]);

/** The JSON body of a claim by e-mail; a claim by document sends the same fields as a multipart form. */
export const ClaimBody = Type.Object(
  {
    doctor_id: Id,
    method: ClaimMethod,
    email: Type.Optional(Type.String({ maxLength: 254, format: 'safe-text', title: 'e-mail address' })),
    license_number: Type.String({ minLength: 1, maxLength: 40, format: 'safe-text', errorMessage: 'Enter your licence number.' }),
    license_state: Type.String({
      minLength: 2,
      maxLength: 2,
      pattern: '^[A-Za-z]{2}$',
      errorMessage: 'Enter the licence state as its two-letter code, e.g. NY.',
    }),
  },
  strict,
);
export type ClaimInput = Static<typeof ClaimBody>;

export const ClaimAnswer = Type.Object({
  message: Type.String(),
  claim_id: Type.Integer(),
  state: Type.String(),
  /** With an e-mail claim: the address the code went to. */
  email: Type.Optional(Type.String()),
});

export const ClaimVerifyBody = Type.Object(
  {
    doctor_id: Id,
    code: Type.String({ pattern: '^\\s*\\d{6}\\s*$', errorMessage: 'Enter the six-digit code from the e-mail.' }),
  },
  strict,
);

/** The practice is the caller's now: the old session ended with the old account, this token signs in to the practice. */
export const ClaimVerifyAnswer = Type.Object({ message: Type.String(), doctor_id: Type.Integer(), token: Type.String() });

export const ClaimSchema = Type.Object({
  id: Type.Integer(),
  doctor_id: Type.Integer(),
  clinic_name: Type.Union([Type.String(), Type.Null()]),
  website_url: Type.Union([Type.String(), Type.Null()]),
  practice_address: Type.String(),
  claimant_id: Type.Union([Type.Integer(), Type.Null()]),
  claimant_name: Type.Union([Type.String(), Type.Null()]),
  claimant_email: Type.String(),
  method: ClaimMethod,
  email: Type.Union([Type.String(), Type.Null()]),
  license_number: Type.String(),
  license_state: Type.String(),
  has_document: Type.Boolean(),
  document_type: Type.Union([Type.String(), Type.Null()]),
  state: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  decided_at: Type.Union([Type.String(), Type.Null()]),
  restorable: Type.Boolean({ description: 'Approved and not restored yet: an administrator may restore the practice as it was' }),
});
export type Claim = Static<typeof ClaimSchema>;

export const AdminClaimsBody = Type.Object(
  {
    state: Type.Optional(
      Type.Union([
        Type.Literal('waiting'),
        Type.Literal('code_sent'),
        Type.Literal('approved'),
        Type.Literal('rejected'),
        Type.Literal('expired'),
        Type.Literal('restored'),
      ]),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  strict,
);
export const AdminClaimsAnswer = Type.Object({
  data: Type.Array(ClaimSchema),
  total: Type.Integer(),
  /** Claims by document waiting for a decision, and since when the oldest waits (null when none). */
  waiting: Type.Integer(),
  oldest_waiting_at: Type.Union([Type.String(), Type.Null()]),
});
export type AdminClaimsAnswer = Static<typeof AdminClaimsAnswer>;

export const ClaimDecideBody = Type.Object(
  {
    claim_id: Id,
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    reason: Type.String({ maxLength: 500, format: 'safe-text', default: '', title: 'reason' }),
  },
  strict,
);
export const ClaimIdBody = Type.Object({ claim_id: Id }, strict);
export const ClaimDecideAnswer = Type.Object({ claim: ClaimSchema });
