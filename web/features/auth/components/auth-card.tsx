import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import '../auth.css';
import './auth-card.css';

/** The centred card every account page uses; its forms are the site's own, without antd (docs/decisions/250-auth-forms-without-antd.md). */
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
