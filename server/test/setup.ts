// Runs before each unit and API test file: its database (server/test/helper.ts) is closed once the
// file's own afterAll hooks have closed its apps (Vitest runs after-hooks in reverse order, and these
// were registered first).
import { afterAll } from 'vitest';
import { closeTestDatabase } from './helper';

afterAll(closeTestDatabase);
