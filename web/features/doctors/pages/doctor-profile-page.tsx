import { PageHero } from '../../../components/ui/page-hero';

export default function DoctorProfilePage() {
  return <PageHero eyebrow="Veterinarian" title="Doctor profile" lead="Opening hours, services and contact details of this practice." />;
}
