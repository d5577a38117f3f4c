// Importing practices (docs/product.md section 20): the file's columns and the limits.

/** The header row an import file names, in any order (latitude and longitude may be left out). */
export const IMPORT_COLUMNS = [
  'external_id',
  'clinic_name',
  'street',
  'city',
  'state',
  'zip',
  'phone',
  'website_url',
  'species',
  'services',
  'latitude',
  'longitude',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const IMPORT_OPTIONAL_COLUMNS: readonly ImportColumn[] = ['latitude', 'longitude'];

export const IMPORT_LIMITS = {
  /** The largest file taken. */
  maxBytes: 50 * 1024 * 1024,
  /** Rows written in one transaction (and one multi-row statement each for new and updated rows) at first... */
  batchRows: 500,
  /** ...growing up to this many while a batch's transaction takes under half of batchTargetMs (decision 110). */
  batchRowsMax: 2000,
  /** How long one batch may hold the database: searches wait behind it at most about this long. */
  batchTargetMs: 600,
  /** Errors and dry-run outcomes kept for the status answer. */
  keptRows: 1000,
  externalIdMax: 100,
  nameMax: 120,
  streetMax: 120,
  cityMax: 80,
  listItems: 12,
  listItemMax: 60,
} as const;

/** A claim by document: PDF, JPEG or PNG up to 10 MB. */
export const CLAIM_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A claim code: six digits, valid 10 minutes, 5 tries. */
export const CLAIM_CODE = {
  ttlMs: 10 * 60_000,
  tries: 5,
  /** Code guesses at one practice in an hour, over every account and claim together (docs/product.md 20.8). */
  practiceGuessesPerHour: 10,
  /** After a claim's tries are used up, nobody may claim that practice by e-mail for this long (20.8). */
  coolDownMs: 60 * 60_000,
} as const;
