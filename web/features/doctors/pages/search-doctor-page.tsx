import { PageHero } from '../../../components/ui/page-hero';
import { DoctorSearchForm } from '../../search/doctor-search-form';

export default function SearchDoctorPage() {
  return (
    <>
      <PageHero eyebrow="Directory" title="Search Doctor" documentTitle="Search Doctor" lead="Find veterinarians and animal hospitals by zip code, city or state.">
        <DoctorSearchForm submitLabel="Search" />
      </PageHero>
    </>
  );
}
