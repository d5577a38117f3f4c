import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title';

/** The heading band every content page opens with; it also sets the document title. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  documentTitle,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  documentTitle?: string;
}) {
  usePageTitle(documentTitle ?? title);
  return (
    <section className="page-hero">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
