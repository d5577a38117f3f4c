import { PageHero } from '../../../components/ui/page-hero';

export default function TermsPage() {
  return (
    <>
      <PageHero title="Terms of Service" documentTitle="Terms" lead="The rules for using Animal Doctor. Last updated November 2026." />
      <section className="section">
        <div className="container prose">
          <h2>1. The service</h2>
          <p>
            Animal Doctor is a directory that helps pet owners find veterinarians and animal hospitals. We are not a veterinary practice and nothing on the site
            is veterinary advice. In an emergency, contact a veterinarian immediately.
          </p>
          <h2>2. Accounts for veterinarians</h2>
          <p>
            You must give accurate information, keep your password secret and hold any licence your profile claims. We review profiles before they are published
            and may reject or remove a profile that is inaccurate or misleading.
          </p>
          <h2>3. Plans and payment</h2>
          <p>
            Paid plans renew monthly until cancelled. A cancelled plan stays active until the end of the paid period. Prices are shown on the Pricing page and
            include any applicable fees.
          </p>
          <h2>4. Acceptable use</h2>
          <p>
            Do not scrape the directory, send unsolicited messages to listed practices, upload unlawful content or try to access accounts that are not yours.
          </p>
          <h2>5. Content</h2>
          <p>
            Articles are written or reviewed by our editorial team; articles drafted with AI assistance are labelled as such and reviewed before publication.
            You keep the rights to the content you publish on your profile and allow us to display it on Animal Doctor.
          </p>
          <h2>6. Liability</h2>
          <p>
            We work to keep listings accurate but cannot guarantee the availability, prices or quality of care of any practice. To the extent permitted by law,
            our liability is limited to the fees you paid us in the last twelve months.
          </p>
          <h2>7. Contact</h2>
          <p>Questions about these terms: legal@animaldoctor.app.</p>
        </div>
      </section>
    </>
  );
}
