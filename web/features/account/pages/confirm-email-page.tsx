// /account/email?token=...: the page the link sent to a new e-mail address opens (docs/product.md section 25).
// It asks before confirming, because mail scanners open links on their own; the button POSTs the token.
// No session is needed: the link may be opened on another device.
import { paths } from '../../../../shared/routes';
import { useState } from 'react';
import { ConfirmLinkPage } from '../../../components/ui/confirm-link-page';
import { useAppSelector } from '../../../app/store';
import { failureMessage } from '../../../lib/api';
import { signedInUser, useCurrentUserQuery } from '../../auth';
import { useConfirmEmailChangeMutation } from '../api/confirm-email-change';

export default function ConfirmEmailPage() {
  const [confirmEmailChange] = useConfirmEmailChangeMutation();
  const user = useAppSelector(signedInUser);
  const token = useAppSelector((state) => state.auth.token);
  // Once the address changed, a signed-in browser reads its user again, so the page shows the new address.
  const [changed, setChanged] = useState(false);
  useCurrentUserQuery(token, { skip: !changed || !user || !token });
  return (
    <ConfirmLinkPage
      title="Confirm your new e-mail address"
      eyebrow="Account settings"
      askHeading="Use this e-mail address for your account?"
      doneHeading="E-mail address changed"
      explanation="Your account's e-mail address changes to the one this e-mail reached. You will sign in with it from now on."
      incomplete="This link is incomplete. Please open the link from the e-mail again."
      tokenPattern={/^[\w-]+\.[\w-]+\.[\w-]+$/}
      button="Confirm my new address"
      pendingButton="Confirming..."
      send={async (token) => {
        const result = await confirmEmailChange(token);
        if ('data' in result && result.data) {
          setChanged(true);
          return { kind: 'done', message: result.data.message };
        }
        return { kind: 'failed', message: failureMessage(result.error, 'Something went wrong. Please try again later.') };
      }}
      // A signed-in person goes back to the settings; whoever opened the link elsewhere, to the home page.
      back={user ? { to: paths.account, label: 'Back to Account settings' } : undefined}
    />
  );
}
