// /unsubscribe?token=...: the page a newsletter e-mail's unsubscribe link opens. It asks before
// unsubscribing, because mail scanners open links on their own (docs/security.md, row 13); the
// button POSTs the token. Kept free of antd: a visitor may land here first.
import { ConfirmLinkPage, type ConfirmLinkOutcome } from '../../../components/ui/confirm-link-page';
import { api, ApiError } from '../../../lib/api-client';

async function unsubscribe(token: string): Promise<ConfirmLinkOutcome> {
  try {
    const { data } = await api.post<{ message: string }>('/newsletter/unsubscribe', { token }, { silent: true });
    return { kind: 'done', message: data.message };
  } catch (error) {
    return { kind: 'failed', message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.' };
  }
}

export default function UnsubscribePage() {
  return (
    <ConfirmLinkPage
      title="Unsubscribe from the newsletter"
      eyebrow="Newsletter"
      askHeading="Unsubscribe from the newsletter?"
      doneHeading="You are unsubscribed"
      explanation="You will stop receiving the Animal Doctor newsletter at this address. You can subscribe again at any time from the footer of our site."
      incomplete="This unsubscribe link is incomplete. Please open the link from the e-mail again."
      tokenPattern={/^[A-Za-z0-9_-]{10,100}$/}
      button="Unsubscribe"
      pendingButton="Unsubscribing..."
      send={unsubscribe}
    />
  );
}
