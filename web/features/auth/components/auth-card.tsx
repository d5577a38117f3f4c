import { Suspense, type ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * The centred card every account page uses. It imports no antd: the heading and the introduction paint as soon as
 * the page's own small module has run (docs/decisions/084-account-forms-load-after-their-card.md).
 */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="auth-page">
      <div className="auth-card card">
        <h1>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </div>
    </section>
  );
}

/** The forms an account page loads after its card; each placeholder is as tall as its form (styles.css). */
export type AuthFormKind = 'signin' | 'signup' | 'reset';

/**
 * Where a lazily loaded account form goes. Until its code has arrived, a shimmering block of the form's own height
 * stands in, so the card's footer and the site's footer do not move when the form appears.
 */
export function AuthFormSlot({ kind, children }: { kind: AuthFormKind; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className={`auth-form-placeholder auth-form-placeholder-${kind}`} role="status">
          <span className="visually-hidden">Loading the form…</span>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
