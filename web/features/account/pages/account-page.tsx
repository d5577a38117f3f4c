// /account, the account settings (docs/product.md section 25): name, e-mail address, password, e-mail
// preferences (components/settings-forms.tsx), then the account's own data (docs/product.md section 22):
// 'Download my data' saves one JSON file of everything the account holds; 'Delete my account' asks for
// the password and deletes at once, then signs out.
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHero } from '../../../components/ui/page-hero';
import { InputField } from '../../../components/ui/text-field';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { failureMessage } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';
import { useChange } from '../../../lib/use-change';
import { routePath } from '../../../../shared/routes';
import { isAdmin, logout, signedInUser } from '../../auth';
import { useDeleteMyAccountMutation } from '../api/delete-my-account';
import { useAccountSettingsQuery } from '../api/get-account-settings';
import { EmailForm, NameForm, PasswordForm, PreferencesForm } from '../components/settings-forms';
import { useExportMyDataMutation } from '../api/export-my-data';
import '../account.css';

function DownloadMyData() {
  const [exportMyData, { isLoading }] = useExportMyDataMutation();
  const { problem, run } = useChange('Your data could not be prepared. Please check your connection and try again.');
  const download = () =>
    run(async () => {
      const data = await exportMyData().unwrap();
      const day = typeof data.exported_at === 'string' ? data.exported_at.slice(0, 10) : 'today';
      saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `animal-doctor-data-${day}.json`);
      toast.success('Your data was downloaded as one JSON file.');
    });
  return (
    <section className="card account-card" aria-labelledby="download-heading">
      <h2 id="download-heading">Download my data</h2>
      <p>
        One JSON file with everything your account holds: your details, your profile, the reviews you wrote and the replies they received, your favourites,
        appointments, messages, payments and the record of changes made to your account.
      </p>
      {problem && (
        <p className="notice" role="alert">
          {problem.message}
        </p>
      )}
      <button type="button" className="button button-primary" onClick={() => void download()} disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? 'Preparing your file…' : 'Download my data'}
      </button>
    </section>
  );
}

function DeleteMyAccount({ admin }: { admin: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  // The password stays typed when the server refuses it; the sentence says what to do.
  const { problem, errorId: problemId, run, clear } = useChange('Your account could not be deleted. Please check your connection and try again.');
  const [deleteMyAccount, { isLoading }] = useDeleteMyAccountMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const passwordId = useId();
  const confirm = () =>
    run(async () => {
      const { message } = await deleteMyAccount({ password }).unwrap();
      setOpen(false);
      dispatch(logout());
      toast.success(message);
      navigate(routePath('home'), { replace: true });
    });
  return (
    <section className="card account-card account-danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete my account</h2>
      <p>
        Your account and its data are deleted at once: your profile, your reviews, favourites and messages. Open appointments are cancelled and the practices
        are told; a paid plan is cancelled with the payment provider. You get a confirmation e-mail.
      </p>
      {admin ? (
        <p className="notice">An administrator’s account cannot be deleted. Ask another administrator to make you a regular user first.</p>
      ) : (
        <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
          Delete my account
        </button>
      )}
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        confirmLabel="Delete my account"
        busyLabel="Deleting…"
        danger
        busy={isLoading}
        ready={password.length > 0}
        onCancel={() => {
          setOpen(false);
          clear();
        }}
        onConfirm={() => void confirm()}
      >
        <p>This cannot be undone. Enter your password to confirm.</p>
        <InputField
          id={passwordId}
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => setPassword(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && password) void confirm();
          }}
        />
        {problem && (
          <p id={problemId} className="form-error" role="alert">
            {problem.message}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function Settings() {
  const { data: settings, isLoading, isError, error, refetch } = useAccountSettingsQuery();
  if (isLoading) return <p role="status">Loading your settings…</p>;
  if (isError || !settings)
    return (
      <div className="card account-card" role="alert">
        <p>{failureMessage(error, 'Your settings could not be loaded. Please check your connection and try again.')}</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  return (
    <>
      <NameForm settings={settings} />
      <EmailForm settings={settings} />
      <PasswordForm />
      <PreferencesForm settings={settings} />
    </>
  );
}

/** 'Your data' in the account menu opens this page at its data part (app/layout/user-menu.tsx). */
function useScrollToSection() {
  const location = useLocation();
  const wanted = (location.state as { section?: unknown } | null)?.section ?? location.hash.slice(1);
  useEffect(() => {
    if (wanted === 'your-data') document.getElementById('your-data')?.scrollIntoView({ block: 'start' });
  }, [wanted, location.key]);
}

export default function AccountPage() {
  const user = useAppSelector(signedInUser);
  const admin = useAppSelector(isAdmin);
  useScrollToSection();
  return (
    <>
      <PageHero
        eyebrow="Your account"
        title="Account settings"
        lead={
          user ? (
            <>
              Signed in as <span className="account-email">{user.email}</span>.
            </>
          ) : undefined
        }
      />
      <section className="section">
        <div className="container narrow account-sections">
          <Settings />
          <h2 id="your-data" className="account-group-heading">
            Your data
          </h2>
          <DownloadMyData />
          <DeleteMyAccount admin={admin} />
        </div>
      </section>
    </>
  );
}
