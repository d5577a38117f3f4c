import { PageHero } from '../../../components/ui/page-hero';

export default function ManageArticlesPage() {
  return <PageHero eyebrow="Administration" title="Manage Articles" lead="Write, review and publish articles for pet owners." />;
}
