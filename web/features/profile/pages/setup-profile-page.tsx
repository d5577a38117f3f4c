// /setupprofile (docs/product.md, Screens and routes and Client state and flows and Profile and review): a new vet walks through Step 1,
// Step 2 (with the avatar) and Submit; a vet who already submitted edits each part on its own
// card through the change-* calls and sees 'Successfully Saved!'.
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Form, Steps } from 'antd';
import { checkStep1, checkStep2 } from '../../../../shared/lib/profile-rules';
import { NEXT_PARAM, safeNextPath } from '../../../../shared/lib/next-path';
import type { User } from '../../../../shared/types/user';
import { useAppSelector } from '../../../app/store';
import { AntdTheme } from '../../../components/ui/antd-theme';
import { PageLoader } from '../../../components/ui/page-loader';
import { toast } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { signedInUser } from '../../auth';
import { useChangeContactInfoMutation } from '../api/change-contact-info';
import { useChangeEducationMutation } from '../api/change-education';
import { useChangeSummaryMutation } from '../api/change-summary';
import { useChangeTitleWebsiteMutation } from '../api/change-title-website';
import { useChangeWorkingTimeMutation } from '../api/change-working-time';
import { useSetupStep1Mutation } from '../api/setup-step1';
import { useSetupStep2Mutation } from '../api/setup-step2';
import { useSubmitProfileMutation } from '../api/submit-profile';
import { AvatarUpload } from '../components/avatar-upload';
import { ContactAddressNotice } from '../components/contact-address-notice';
import {
  ContactFields,
  EducationFields,
  HoursFields,
  initialValues,
  PracticeFields,
  SummaryField,
  toContactInfo,
  toEducation,
  toStep1,
  toStep2,
  toSpecialHours,
  toWorkingTime,
  WebsiteFields,
  type ProfileFormValues,
} from '../components/profile-fields';
import { ProfilePreview } from '../../../components/profile/profile-preview';
import { useProfileCall } from '../use-profile-call';
import { OnlineBookingPanel } from '../../booking';
import { hasFeature } from '../plan-feature';
import '../profile.css';
import type { ZipPlace } from '../api/zip-place';
import type { DayHours } from '../../../../shared/lib/opening-hours';
import { paths } from '../../../../shared/routes';
import { now } from '../../../lib/clock';

const NO_HOURS: DayHours[] = [];
const initialsOf = (user: User) => `${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase();

export default function SetupProfilePage() {
  const user = useAppSelector(signedInUser);
  usePageTitle(user?.submit_at ? 'Edit your profile' : 'Set up your profile');
  if (!user) return <PageLoader />;
  return (
    <AntdTheme>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">Your practice</p>
          <h1>{user.submit_at ? 'Edit your profile' : 'Set up your profile'}</h1>
          <p className="lead">
            {user.submit_at
              ? 'Change any part and save it; an approved profile stays listed while you edit, unless its clinic name or contact e-mail changes.'
              : 'Tell pet owners where you are, when you are open and what you treat. Then submit it for review.'}
          </p>
        </div>
      </section>
      <section className="section">
        <div className="container narrow">{user.submit_at ? <EditProfile user={user} /> : <Wizard user={user} />}</div>
      </section>
    </AntdTheme>
  );
}

/** The wizard's steps by name, as the address names them (?step=practice): a reload keeps the step (docs/product.md 28.7). */
const STEPS = [
  { key: 'contact', title: 'Contact and address' },
  { key: 'practice', title: 'Your practice' },
  { key: 'submit', title: 'Review and submit' },
] as const;

/** What the vet typed and has not saved yet, kept for this tab only: a reload loses nothing (28.7). */
const draftKey = (userId: number) => `profile-draft-${userId}`;
function readDraft(userId: number): Partial<ProfileFormValues> {
  try {
    return JSON.parse(sessionStorage.getItem(draftKey(userId)) ?? '{}') as Partial<ProfileFormValues>;
  } catch {
    return {};
  }
}
function keepDraft(userId: number, values: Partial<ProfileFormValues>): void {
  try {
    sessionStorage.setItem(draftKey(userId), JSON.stringify({ ...readDraft(userId), ...values }));
  } catch {
    // Private mode or full storage: the draft lasts this page only.
  }
}

function Wizard({ user }: { user: User }) {
  const navigate = useNavigate();
  const profile = user.profile;
  // The furthest step the saved profile allows; the address may name an earlier one, never a later one.
  const reached = profile?.step1_done ? (profile.step2_done ? 2 : 1) : 0;
  const [params, setParams] = useSearchParams();
  // Where the vet was going (a claim, a page that needs a profile): the address keeps it across the steps, and
  // submitting returns there instead of to the profile (docs/product.md 26.1).
  const next = safeNextPath(params.get(NEXT_PARAM));
  const named = STEPS.findIndex((s) => s.key === params.get('step'));
  const step = named >= 0 && named <= reached ? named : reached;
  const setStep = (index: number) => setParams({ step: STEPS[index]!.key, ...(next ? { [NEXT_PARAM]: next } : {}) }, { replace: false });
  const { run, pending } = useProfileCall();
  const [setupStep1] = useSetupStep1Mutation();
  const [setupStep2] = useSetupStep2Mutation();
  const [submitProfile] = useSubmitProfileMutation();
  const [step1Form] = Form.useForm<ProfileFormValues>();
  const [step2Form] = Form.useForm<ProfileFormValues>();
  const [initial] = useState(() => ({ ...initialValues(profile, user.email), ...readDraft(user.id) }));
  const keep = (changed: Partial<ProfileFormValues>) => keepDraft(user.id, changed);
  // The zip code's time zone becomes the practice's, for the hours step (docs/product.md 28.5).
  const onPlace = useCallback(
    (place: ZipPlace) => {
      step2Form.setFieldValue('time_zone', place.timeZone);
      // Filled by the zip code, not typed: kept in the draft here, so a reload keeps them too.
      keepDraft(user.id, { time_zone: place.timeZone, city: place.city, state: place.state });
    },
    [step2Form, user.id],
  );

  // An unclaimed listing at this phone or address is offered for claiming instead (docs/product.md 20.13).
  const [claimOffer, setClaimOffer] = useState<string>();
  const saveStep1 = async (values: ProfileFormValues) => {
    const body = toStep1(values);
    const problem = checkStep1(body);
    if (problem) return toast.warning(problem);
    setClaimOffer(undefined);
    const saved = await run(async () => {
      const answer = await setupStep1(body).unwrap();
      if (answer.status === 202 && typeof answer.data === 'string') setClaimOffer(/(\/claim\/\d+)$/.exec(answer.data)?.[1]);
      return answer;
    });
    if (saved) setStep(1);
  };
  const saveStep2 = async (values: ProfileFormValues) => {
    const body = toStep2(values);
    const problem = checkStep2(body, now());
    if (problem) return toast.warning(problem);
    if (await run(() => setupStep2(body).unwrap())) setStep(2);
  };
  const submit = async () => {
    const submitted = await run(() => submitProfile().unwrap());
    if (submitted) {
      sessionStorage.removeItem(draftKey(user.id));
      toast.success('Your profile was submitted for review.');
      navigate(next ?? paths.viewProfile);
    }
  };

  return (
    <>
      <Steps
        className="wizard-steps"
        current={step}
        responsive={false}
        size="small"
        items={STEPS.map(({ title }, index) => ({
          // Below 768 px only the current step shows its name beside the numbers; the others' are read, not shown.
          title: <span className={index === step ? undefined : 'visually-hidden-narrow'}>{title}</span>,
        }))}
      />
      <div className="card wizard-card" hidden={step !== 0}>
        <h2>Step 1 of 3: {STEPS[0].title}</h2>
        {claimOffer && (
          <p className="notice" role="status">
            Your practice is already listed and not claimed yet. <Link to={claimOffer}>Claim this practice</Link> instead of creating a second listing.
          </p>
        )}
        <Form
          form={step1Form}
          layout="vertical"
          initialValues={initial}
          onFinish={saveStep1}
          onValuesChange={keep}
          requiredMark={false}
          disabled={pending}
          scrollToFirstError
          noValidate
        >
          <ContactFields onPlace={onPlace} />
          <WebsiteFields />
          <WizardActions pending={pending} />
        </Form>
      </div>
      <div className="card wizard-card" hidden={step !== 1}>
        <h2>Step 2 of 3: {STEPS[1].title}</h2>
        <h3 className="field-heading">Photo or logo</h3>
        <AvatarUpload current={profile?.avatar ?? null} initials={initialsOf(user)} />
        <Form
          form={step2Form}
          layout="vertical"
          initialValues={initial}
          onFinish={saveStep2}
          onValuesChange={(_, all: ProfileFormValues) => keep(all)}
          requiredMark={false}
          disabled={pending}
          scrollToFirstError
          noValidate
        >
          <HoursFields />
          <SummaryField />
          <EducationFields />
          <PracticeFields />
          <WizardActions pending={pending} onBack={() => setStep(0)} />
        </Form>
      </div>
      {step === 2 && (
        <div className="wizard-card">
          <div className="notice">
            This is how pet owners will see your practice. An administrator reviews it before it is listed; we e-mail you either way.
          </div>
          {profile && <ProfilePreview user={user} profile={profile} />}
          {/* Bookable times come with appointment requests: plans with the contact form (docs/product.md section 30). */}
          {hasFeature(user, 'contact_form') && (
            <div className="card edit-card">
              <h2>Online booking (optional)</h2>
              <OnlineBookingPanel opening={profile?.working_time ?? NO_HOURS} timeZone={profile?.time_zone ?? null} />
            </div>
          )}
          <WizardActions pending={pending} onBack={() => setStep(1)} onAct={submit} act="Submit for review" />
        </div>
      )}
    </>
  );
}

function EditCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="card edit-card">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** One form per change-* call; each keeps its input when the server names a problem. */
function EditForm({
  initial,
  onSave,
  children,
}: {
  initial: ProfileFormValues;
  onSave: (values: ProfileFormValues, run: ReturnType<typeof useProfileCall>['run']) => Promise<unknown>;
  children: ReactNode;
}) {
  const { run, pending } = useProfileCall();
  return (
    <Form
      layout="vertical"
      initialValues={initial}
      onFinish={(values: ProfileFormValues) => onSave(values, run)}
      requiredMark={false}
      disabled={pending}
      noValidate
    >
      {children}
      <Button type="primary" htmlType="submit" loading={pending}>
        Save
      </Button>
    </Form>
  );
}

function EditProfile({ user }: { user: User }) {
  const next = safeNextPath(useSearchParams()[0].get(NEXT_PARAM));
  const initial = initialValues(user.profile, user.email);
  const saved = { savedToast: true };
  const [changeContactInfo] = useChangeContactInfoMutation();
  const [changeTitleWebsite] = useChangeTitleWebsiteMutation();
  const [changeWorkingTime] = useChangeWorkingTimeMutation();
  const [changeSummary] = useChangeSummaryMutation();
  const [changeEducation] = useChangeEducationMutation();
  const [setupStep2] = useSetupStep2Mutation();
  return (
    <div className="edit-grid">
      {next && (
        <p className="notice">
          Each part saves on its own. When you are done, <Link to={next}>continue where you left off</Link>.
        </p>
      )}
      <p>
        <Link to={paths.viewProfile}>See your profile as pet owners see it</Link>
      </p>
      <EditCard title="Photo or logo">
        <AvatarUpload current={user.profile?.avatar ?? null} initials={initialsOf(user)} savedToast />
      </EditCard>
      <EditCard title="Contact information">
        <ContactAddressNotice user={user} />
        <EditForm initial={initial} onSave={(v, run) => run(() => changeContactInfo(toContactInfo(v)).unwrap(), saved)}>
          <ContactFields />
        </EditForm>
      </EditCard>
      <EditCard title="Website">
        <EditForm
          initial={initial}
          onSave={(v, run) => run(() => changeTitleWebsite({ website_title: v.website_title ?? '', website_url: v.website_url ?? '' }).unwrap(), saved)}
        >
          <WebsiteFields />
        </EditForm>
      </EditCard>
      <EditCard title="Working time">
        <EditForm
          initial={initial}
          onSave={(v, run) =>
            run(
              () =>
                changeWorkingTime({
                  working_time: toWorkingTime(v.working_time),
                  time_zone: v.time_zone,
                  special_hours: toSpecialHours(v.special_hours),
                }).unwrap(),
              saved,
            )
          }
        >
          <HoursFields />
        </EditForm>
      </EditCard>
      <EditCard title="Summary">
        <EditForm initial={initial} onSave={(v, run) => run(() => changeSummary(v.summary ?? '').unwrap(), saved)}>
          <SummaryField />
        </EditForm>
      </EditCard>
      <EditCard title="Education">
        <EditForm initial={initial} onSave={(v, run) => run(() => changeEducation(toEducation(v.education)).unwrap(), saved)}>
          <EducationFields />
        </EditForm>
      </EditCard>
      {hasFeature(user, 'contact_form') && (
        <EditCard title="Online booking">
          <OnlineBookingPanel opening={user.profile?.working_time ?? NO_HOURS} timeZone={user.profile?.time_zone ?? null} />
        </EditCard>
      )}
      <EditCard title="Services and licence">
        <EditForm
          initial={initial}
          onSave={(v, run) => run(() => setupStep2({ ...toStep2({ ...initial, ...v }), education: user.profile?.education ?? [] }).unwrap(), saved)}
        >
          <PracticeFields />
        </EditForm>
      </EditCard>
    </div>
  );
}

/** A step's buttons: Back to the step before, when there is one, and the step's own action (by default its form's submit). */
function WizardActions({ pending, onBack, onAct, act = 'Save and continue' }: { pending: boolean; onBack?: () => void; onAct?: () => void; act?: string }) {
  return (
    <div className="wizard-actions">
      {onBack && (
        <Button size="large" onClick={onBack}>
          Back
        </Button>
      )}
      <Button type="primary" htmlType={onAct ? 'button' : 'submit'} size="large" loading={pending} onClick={onAct}>
        {act}
      </Button>
    </div>
  );
}
