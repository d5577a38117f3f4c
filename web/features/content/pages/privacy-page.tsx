import { PageFrame } from '../../../components/ui/page-hero';

export default function PrivacyPage() {
  return (
    <PageFrame
      title="Privacy Policy"
      documentTitle="Privacy Policy"
      lead="How Animal Doctor collects, uses and protects personal information. Last updated November 2026."
      container="prose"
    >
      <h2>What we collect</h2>
      <ul>
        <li>
          Veterinarian accounts: name, e-mail address, a password (stored only as a one-way hash), practice details you choose to publish, and billing records
          from our payment provider.
        </li>
        <li>Newsletter subscribers: your e-mail address and the date you confirmed it.</li>
        <li>Visitors: the searches you run (zip code, city or state) and standard server logs, kept for up to 30 days for security.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        We use your information to run the directory, to send the e-mails you ask for (verification, password reset, newsletter), to review practice profiles
        and to prevent abuse. We do not sell personal information and we do not use advertising trackers.
      </p>
      <h2>Who we share it with</h2>
      <p>
        Only with the services that help us operate: our hosting provider, our e-mail delivery service and our payment provider. Each is bound by a contract to
        protect your data. Practice profiles you publish are, by design, public.
      </p>
      <h2>Your choices</h2>
      <p>
        You can update your profile at any time, unsubscribe from the newsletter with the link in every e-mail, and ask us to delete your account and its data
        by writing to privacy@animaldoctor.app.
      </p>
      <h2>Security</h2>
      <p>Connections are encrypted, passwords are hashed with Argon2id, and access to administrative tools is limited and logged.</p>
    </PageFrame>
  );
}
