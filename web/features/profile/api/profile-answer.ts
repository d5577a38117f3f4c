// What every profile call answers (docs/product.md, Calls; Profile and review): 200 with the whole user,
// or 201/202 with a sentence naming what is wrong. The endpoints keep the status beside the answer.
import type { User } from '../../../../shared/types/user';

export interface ProfileAnswer {
  status: number;
  data: User | string;
}

export const withStatus = (data: unknown, meta: { status: number } | undefined): ProfileAnswer => ({
  status: meta?.status ?? 200,
  data: data as User | string,
});

/** A stored profile changes the signed-in user and, once listed, the public profile and search. */
export const profileChanged = (answer: ProfileAnswer | undefined) =>
  answer?.status === 200 && typeof answer.data === 'object'
    ? ['CurrentUser' as const, { type: 'Doctor' as const, id: 'LIST' }, { type: 'Doctor' as const, id: answer.data.id }]
    : [];
