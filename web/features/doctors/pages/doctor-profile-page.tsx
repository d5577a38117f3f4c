// /viewdoctorprofile/:id: a listed practice's public profile (docs/product.md, Search).
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useGetDoctorQuery } from '../api/get-doctor';
import { recordProfileEvent } from '../api/contact-doctor';
import { ContactForm } from '../components/contact-form';
import { DoctorBadges } from '../components/doctor-badges';
import { PhotoGallery } from '../components/photo-gallery';

const DAY_NAMES: Record<string, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

export default function DoctorProfilePage() {
  const { id = '' } = useParams();
  const { currentData: doctor, error } = useGetDoctorQuery(id);
  const problem = error?.message;
  usePageTitle(doctor?.clinic_name ?? 'Doctor profile');

  if (problem) {
    return (
      <section className="container narrow not-found">
        <h1>Profile not available</h1>
        <p>{problem}</p>
        <Link className="button button-primary" to="/searchdoctor">
          Search veterinarians
        </Link>
      </section>
    );
  }
  if (!doctor) return <PageLoader />;

  const address = [doctor.street, doctor.city, doctor.state && `${doctor.state} ${doctor.zip ?? ''}`.trim()].filter(Boolean).join(', ');
  const clinic = doctor.clinic_name ?? doctor.name;
  const directions = address ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${clinic}, ${address}`)}` : undefined;
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">
            <Link to="/searchdoctor">Search Doctor</Link>
          </p>
          <div className="profile-preview-head">
            {doctor.avatar && <img className="profile-avatar" src={doctor.avatar} alt="" width={96} height={96} />}
            <h1>{doctor.clinic_name ?? doctor.name}</h1>
          </div>
          <p className="lead">
            {doctor.name}
            {address ? ` · ${address}` : ''}
          </p>
          <DoctorBadges doctor={{ ...doctor, sponsored: false }} />
        </div>
      </section>
      <section className="section">
        <div className="container profile-grid">
          <div className="profile-main">
            {doctor.summary && (
              <div className="card">
                <h2>About the practice</h2>
                <p>{doctor.summary}</p>
              </div>
            )}
            <PhotoGallery photos={doctor.photos} clinic={clinic} />
            {(doctor.services.length > 0 || doctor.species.length > 0) && (
              <div className="card">
                <h2>Services</h2>
                <ul className="tags">
                  {doctor.services.map((service) => (
                    <li className="tag" key={service}>
                      {service}
                    </li>
                  ))}
                </ul>
                {doctor.species.length > 0 && <p className="muted">Treats: {doctor.species.join(', ')}</p>}
              </div>
            )}
            {doctor.education.length > 0 && (
              <div className="card">
                <h2>Education</h2>
                <ul className="plain-list">
                  {doctor.education.map((entry) => (
                    <li key={`${entry.degree}-${entry.school}-${entry.year}`}>
                      <strong>{entry.degree}</strong>, {entry.school} ({entry.year})
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <aside className="profile-side">
            <div className="card">
              <h2>Contact</h2>
              <ul className="plain-list">
                {doctor.contact_phone && (
                  <li>
                    Phone:{' '}
                    <a href={`tel:${doctor.contact_phone.replace(/[^\d+]/g, '')}`} onClick={() => recordProfileEvent(doctor.id, 'phone')}>
                      {doctor.contact_phone}
                    </a>
                  </li>
                )}
                {doctor.contact_email && (
                  <li>
                    E-mail: <a href={`mailto:${doctor.contact_email}`}>{doctor.contact_email}</a>
                  </li>
                )}
                {doctor.website_url && (
                  <li>
                    Website:{' '}
                    <a href={doctor.website_url} rel="noopener nofollow" target="_blank" onClick={() => recordProfileEvent(doctor.id, 'website')}>
                      {doctor.website_title ?? doctor.website_url}
                    </a>
                  </li>
                )}
                {address && <li>Address: {address}</li>}
              </ul>
              {directions && (
                <p>
                  <a className="button" href={directions} target="_blank" rel="noopener nofollow" onClick={() => recordProfileEvent(doctor.id, 'directions')}>
                    Get directions
                  </a>
                </p>
              )}
            </div>
            {doctor.contact_form && <ContactForm doctorId={doctor.id} clinic={clinic} />}
            {doctor.working_time.length > 0 && (
              <div className="card">
                <h2>Opening hours</h2>
                <table className="hours">
                  <tbody>
                    {doctor.working_time.map((day) => (
                      <tr key={day.day}>
                        <th scope="row">{DAY_NAMES[day.day] ?? day.day}</th>
                        <td>{day.closed ? 'Closed' : `${day.open} – ${day.close}`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {doctor.time_zone && <p className="muted">Times in {doctor.time_zone.replace('_', ' ')}</p>}
              </div>
            )}
          </aside>
        </div>
      </section>
    </>
  );
}
