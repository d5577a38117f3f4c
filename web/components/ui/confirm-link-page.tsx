// The page an e-mailed link opens when following it changes something (unsubscribing, confirming a
// contact address): it asks first, because mail scanners open links on their own (docs/security.md,
// row 13), and only the button sends the token. Kept free of antd: a visitor may land here first.
import { paths } from '../../../shared/routes';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

/** What pressing the button came to: the server's sentence either way. */
export type ConfirmLinkOutcome = { kind: 'done' | 'failed'; message: string };

export interface ConfirmLinkPageProps {
  title: string;
  eyebrow: string;
  /** The question asked before the button is pressed, and the heading once it worked. */
  askHeading: string;
  doneHeading: string;
  /** What pressing the button will do. */
  explanation: string;
  /** Shown instead of the button when the link's token does not have the expected form. */
  incomplete: string;
  tokenPattern: RegExp;
  button: string;
  pendingButton: string;
  send: (token: string) => Promise<ConfirmLinkOutcome>;
  /** Where the closing link leads; the home page by default. */
  back?: { to: string; label: string };
}

type State = { kind: 'ask' } | { kind: 'pending' } | ConfirmLinkOutcome;

export function ConfirmLinkPage(props: ConfirmLinkPageProps) {
  usePageTitle(props.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'ask' });

  const press = async () => {
    setState({ kind: 'pending' });
    setState(await props.send(token));
  };

  const valid = props.tokenPattern.test(token);
  return (
    <section className="container narrow" style={{ padding: 'var(--s6) var(--s2)', textAlign: 'center' }}>
      <p className="eyebrow">{props.eyebrow}</p>
      {state.kind === 'done' ? (
        <>
          <h1>{props.doneHeading}</h1>
          <p role="status">{state.message}</p>
        </>
      ) : (
        <>
          <h1>{props.askHeading}</h1>
          {!valid ? (
            <p role="alert">{props.incomplete}</p>
          ) : (
            <>
              <p>{props.explanation}</p>
              {state.kind === 'failed' && <p role="alert">{state.message}</p>}
              <div className="actions" style={{ justifyContent: 'center' }}>
                <button
                  type="button"
                  className="button button-primary"
                  onClick={press}
                  disabled={state.kind === 'pending'}
                  aria-busy={state.kind === 'pending'}
                >
                  {state.kind === 'pending' ? props.pendingButton : props.button}
                </button>
              </div>
            </>
          )}
        </>
      )}
      <p style={{ marginTop: 'var(--s3)' }}>
        <Link to={props.back?.to ?? paths.home}>{props.back?.label ?? 'Back to Animal Doctor'}</Link>
      </p>
    </section>
  );
}
