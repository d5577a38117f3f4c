import { PageHero } from '../../../components/ui/page-hero';

export default function ManageUsersPage() {
  return <PageHero eyebrow="Administration" title="Manage Users" lead="Review submitted profiles, verify accounts and manage roles." />;
}
