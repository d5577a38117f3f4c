// The Drizzle schema for every entity of docs/product.md, one file per area; drizzle.config.ts reads
// this index, and code imports the tables from here (`../db/schema`).
export * from './accounts';
export * from './payments';
export * from './profiles';
export * from './content';
export * from './platform';
export * from './reviews';
export * from './appointments';
export * from './dashboard';
export * from './favorites';
export * from './imports';
export * from './claims';
export * from './pets';
export * from './messages';
export * from './booking';
