// /verify/contact?token=...: the page a practice's contact-address link opens (docs/product.md, 5.7).
// It asks before confirming, because mail scanners open links on their own; the button POSTs the
// token. No session is needed: whoever holds the link confirms. Kept free of antd: a receptionist
// may land here first.
import { ConfirmLinkPage } from '../../../components/ui/confirm-link-page';
import { failureMessage } from '../../../lib/api';
import { useVerifyContactEmailMutation } from '../api/verify-contact-email';

export default function VerifyContactPage() {
  const [verifyContactEmail] = useVerifyContactEmailMutation();
  return (
    <ConfirmLinkPage
      title="Confirm a contact address"
      eyebrow="Contact address"
      askHeading="Confirm this contact address?"
      doneHeading="Address confirmed"
      explanation="Messages that pet owners send to the practice through its contact form will come to the address this e-mail reached."
      incomplete="This confirmation link is incomplete. Please open the link from the e-mail again."
      tokenPattern={/^[\w-]+\.[\w-]+\.[\w-]+$/}
      button="Confirm this address"
      pendingButton="Confirming..."
      send={async (token) => {
        const result = await verifyContactEmail(token);
        if ('data' in result && result.data) return { kind: 'done', message: result.data.message };
        return { kind: 'failed', message: failureMessage(result.error, 'Something went wrong. Please try again later.') };
      }}
    />
  );
}
