import { paths } from '../../../shared/routes';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="container narrow not-found">
      <p className="eyebrow">Error 404</p>
      <h1>Page not found</h1>
      <p>We looked everywhere, even under the couch, but this page is not here. It may have moved, or the address may be mistyped.</p>
      <div className="actions">
        <Link className="button button-primary" to={paths.home}>
          Go to the home page
        </Link>
        <Link className="button" to={paths.searchDoctor}>
          Find a veterinarian
        </Link>
      </div>
    </section>
  );
}
