// /claim/:id, claiming an imported practice (docs/product.md section 20): by a six-digit code sent to an address at
// the practice website's own domain, which transfers the practice at once and signs the vet in to it; or by a
// document (PDF, JPEG or PNG up to 10 MB) an administrator checks.
import { paths } from '../../../../shared/routes';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Session } from '../../../../shared/types/user';
import { CLAIM_DOCUMENT_MAX_BYTES } from '../../../../shared/constants/import';
import { addressLine } from '../../../../shared/lib/address';
import { PageHero } from '../../../components/ui/page-hero';
import { FormError } from '../../../components/ui/form-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { api as client } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { loggedIn, signedInUser } from '../../auth';
import { ClaimNextSteps } from '../components/claim-next-steps';
import { useClaimPracticeMutation, useClaimTargetQuery, useVerifyClaimMutation } from '../api/claim-practice';

/** The domain an address must be at: the website's host without a leading www. (the server checks it exactly). */
function websiteDomain(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

export default function ClaimPage() {
  usePageTitle('Claim this practice');
  const id = useId();
  const doctorId = Number(useParams().id);
  const dispatch = useAppDispatch();
  const me = useAppSelector(signedInUser);
  const practice = useClaimTargetQuery(doctorId, { skip: !Number.isInteger(doctorId) });
  const [method, setMethod] = useState<'email' | 'document'>('email');
  const [email, setEmail] = useState('');
  const [licenseNumber, setLicenseNumber] = useState('');
  const [licenseState, setLicenseState] = useState('');
  const [document, setDocument] = useState<File>();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sent, setSent] = useState<{ message: string; method: 'email' | 'document' }>();
  const [claim, claiming] = useClaimPracticeMutation();
  const [verify, verifying] = useVerifyClaimMutation();

  // The signed-in account is this practice's: it was just claimed (docs/product.md 28.9).
  if (me && me.id === doctorId) {
    const clinic = practice.currentData?.clinic_name ?? me.profile?.clinic_name ?? 'Your practice';
    return (
      <>
        <PageHero eyebrow="Claim a practice" title="What to do next" lead="The listing is yours. Two steps make it your own." />
        <section className="section">
          <div className="container narrow">
            <ClaimNextSteps user={me} clinic={clinic} />
          </div>
        </section>
      </>
    );
  }
  if (practice.isLoading) return <PageLoader />;
  const doctor = practice.currentData;
  if (!doctor)
    return (
      <>
        <PageHero eyebrow="Claim a practice" title="This practice cannot be claimed" lead="It does not exist, or it is not listed." />
        <section className="section">
          <div className="container">
            <Link to={paths.searchDoctor}>Search for your practice</Link>
          </div>
        </section>
      </>
    );
  const domain = websiteDomain(doctor.website_url);
  const chosen = domain ? method : 'document';
  const clinic = doctor.clinic_name ?? doctor.name;

  const send = async () => {
    setProblem(undefined);
    if (chosen === 'document') {
      if (!document) return setProblem('Choose the document to send: your licence or a document naming you at this practice.');
      if (document.size > CLAIM_DOCUMENT_MAX_BYTES) return setProblem('The document is larger than 10 MB. Send a smaller scan or photo.');
    }
    const answer = await claim({
      doctor_id: doctorId,
      method: chosen,
      ...(chosen === 'email' ? { email: email.trim() } : { document }),
      license_number: licenseNumber.trim(),
      license_state: licenseState.trim(),
    });
    if (answer.error) return setProblem(failureMessage(answer.error, 'The claim could not be sent. Please try again.'));
    setSent({ message: answer.data.message, method: chosen });
  };

  const confirm = async () => {
    setProblem(undefined);
    const answer = await verify({ doctor_id: doctorId, code: code.trim() });
    if (answer.error) return setProblem(failureMessage(answer.error, 'The code could not be checked. Please try again.'));
    // The practice's account is the vet's now: its new session replaces the old one.
    const { data } = await client.post<Session>('/user/login-with-token', { token: answer.data.token });
    dispatch(loggedIn(data));
    toast.success(answer.data.message);
    // The practice's account now: the page shows what to do next (ClaimNextSteps), also after a reload.
  };

  return (
    <>
      <PageHero eyebrow="Claim a practice" title={`Claim ${clinic}`} lead={addressLine(doctor)} />
      <section className="section">
        <div className="container narrow">
          {doctor.claimed ? (
            <p className="card">This practice has already been claimed by its vet.</p>
          ) : sent?.method === 'document' ? (
            <p className="card" role="status">
              {sent.message}
            </p>
          ) : sent ? (
            <form
              className="card form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void confirm();
              }}
            >
              <p role="status">{sent.message}</p>
              <div className="field">
                <label htmlFor={`${id}-code`}>Six-digit code</label>
                <input
                  id={`${id}-code`}
                  className="input"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </div>
              <FormError id={`${id}-problem`}>{problem}</FormError>
              <button type="submit" className="button button-primary" disabled={verifying.isLoading} aria-busy={verifying.isLoading}>
                Confirm and take over the listing
              </button>
            </form>
          ) : (
            <form
              className="card form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void send();
              }}
            >
              <fieldset className="field">
                <legend>How do you show this practice is yours?</legend>
                <label className="choice">
                  <input type="radio" name="method" checked={chosen === 'email'} onChange={() => setMethod('email')} disabled={!domain} /> A code sent to my
                  address {domain ? `at ${domain}` : '(the practice has no website to check an address against)'}
                </label>
                <label className="choice">
                  <input type="radio" name="method" checked={chosen === 'document'} onChange={() => setMethod('document')} /> A document an administrator checks
                  (PDF, JPEG or PNG, up to 10 MB)
                </label>
              </fieldset>
              {chosen === 'email' ? (
                <div className="field">
                  <label htmlFor={`${id}-email`}>Your e-mail address at {domain}</label>
                  <input
                    id={`${id}-email`}
                    className="input"
                    type="email"
                    placeholder={`you@${domain}`}
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                  />
                </div>
              ) : (
                <div className="field">
                  <label htmlFor={`${id}-document`}>Document</label>
                  <input id={`${id}-document`} type="file" accept="application/pdf,image/jpeg,image/png" onChange={(e) => setDocument(e.target.files?.[0])} />
                </div>
              )}
              <div className="field">
                <label htmlFor={`${id}-licence`}>Veterinary licence number</label>
                <input id={`${id}-licence`} className="input" maxLength={40} value={licenseNumber} onChange={(e) => setLicenseNumber(e.target.value)} />
              </div>
              <div className="field">
                <label htmlFor={`${id}-state`}>Licence state (two letters)</label>
                <input id={`${id}-state`} className="input" maxLength={2} value={licenseState} onChange={(e) => setLicenseState(e.target.value)} />
              </div>
              <FormError id={`${id}-problem`}>{problem}</FormError>
              <button type="submit" className="button button-primary" disabled={claiming.isLoading} aria-busy={claiming.isLoading}>
                {chosen === 'email' ? 'Send me the code' : 'Send the document'}
              </button>
            </form>
          )}
        </div>
      </section>
    </>
  );
}
