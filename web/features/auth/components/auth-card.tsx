import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { AntdTheme } from '../../../components/ui/antd-theme';
import '../auth.css';
import './auth-card.css';

/** The centred card every account page uses. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  usePageTitle(title);
  return (
    <AntdTheme>
      <section className="auth-page">
        <div className="auth-card card">
          <h1>{title}</h1>
          {intro && <p className="muted">{intro}</p>}
          {children}
          {footer && <div className="auth-footer">{footer}</div>}
        </div>
      </section>
    </AntdTheme>
  );
}
