// Above the Edit Profile contact card (docs/product.md, 5.7 and 6.3): where contact-form messages go
// while the contact e-mail waits for its holder to open the link, and that a listed practice's new
// name, contact e-mail or website goes back to review.
import type { User } from '../../../../shared/types/user';
import { toast } from '../../../lib/toast';
import { useSendContactLinkMutation } from '../api/send-contact-link';

export function ContactAddressNotice({ user }: { user: User }) {
  const [sendContactLink, { isLoading: sending }] = useSendContactLinkMutation();
  const profile = user.profile;
  if (!profile) return null;
  const waiting = Boolean(profile.contact_email) && !profile.contact_email_confirmed;

  const sendAgain = async () => {
    const result = await sendContactLink();
    // A refusal is the API client's toast.
    if ('data' in result && result.data) toast.success(result.data.message);
  };

  return (
    <>
      {profile.review_state === 'approved' && (
        <p className="muted">
          Changing the clinic name, the contact e-mail or the website sends your profile back to review: it leaves search until an administrator approves it
          again.
        </p>
      )}
      {waiting && (
        <div className="notice" role="status" data-testid="contact-email-waiting">
          <p>
            <strong>{profile.contact_email}</strong> is waiting for confirmation. We e-mail it a link when you save it; contact form messages go there once the
            link is opened, and until then to your account&apos;s e-mail, {user.email}.
          </p>
          <button type="button" className="button" onClick={sendAgain} disabled={sending} aria-busy={sending}>
            {sending ? 'Sending...' : 'Send the link'}
          </button>
        </div>
      )}
    </>
  );
}
