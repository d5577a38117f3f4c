// The account's own data (docs/product.md section 22): the request shapes of /api/user/export and
// /api/user/delete-account.
import { Type, type Static } from '@sinclair/typebox';

export const DeleteAccountBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export type DeleteAccountInput = Static<typeof DeleteAccountBody>;
