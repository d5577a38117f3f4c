import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title';

/** The heading band every content page opens with; it also sets the document title. */
interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  documentTitle?: string;
}

export function PageHero({ eyebrow, title, lead, children, documentTitle }: PageHeroProps) {
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

/**
 * A page that is its hero and then one section: `children` go in the section's container, `container` adds a class
 * to it (`narrow`, `prose`).
 */
export function PageFrame({ container, children, ...hero }: Omit<PageHeroProps, 'children'> & { container?: string; children: ReactNode }) {
  return (
    <>
      <PageHero {...hero} />
      <section className="section">
        <div className={container ? `container ${container}` : 'container'}>{children}</div>
      </section>
    </>
  );
}
