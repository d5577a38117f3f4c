// A vet's profile as the public sees it on /viewdoctorprofile, drawn from the user object's
// `profile` piece. Shared by the vet's own pages (/setupprofile, /viewprofile) and /admin review.
import type { ProfileView } from '../../../shared/schemas/profile';
import { DAY_NAMES } from '../../../shared/schemas/profile';

interface Props {
  user: { first_name: string; last_name: string };
  profile: ProfileView;
}

export function ProfilePreview({ user, profile }: Props) {
  const address = [profile.street, profile.city, profile.state && `${profile.state} ${profile.zip ?? ''}`.trim()].filter(Boolean).join(', ');
  const name = `Dr. ${user.first_name} ${user.last_name}`;
  return (
    <article className="profile-preview">
      <header className="profile-preview-head">
        {profile.avatar ? (
          <img className="profile-avatar" src={profile.avatar} alt="" width={96} height={96} />
        ) : (
          <span className="profile-avatar profile-avatar-empty" aria-hidden="true">
            {`${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`}
          </span>
        )}
        <div>
          <h2>{profile.clinic_name ?? name}</h2>
          <p className="muted">
            {name}
            {address ? ` · ${address}` : ''}
          </p>
          <ul className="tags">
            {profile.emergency && <li className="tag">24/7 emergency</li>}
            {profile.accepting_new_patients && <li className="tag">Accepting new patients</li>}
          </ul>
        </div>
      </header>
      <div className="profile-grid">
        <div className="profile-main">
          <div className="card">
            <h3>About the practice</h3>
            <p>{profile.summary || <span className="muted">No summary yet.</span>}</p>
          </div>
          {(profile.services.length > 0 || profile.species.length > 0) && (
            <div className="card">
              <h3>Services</h3>
              <ul className="tags">
                {profile.services.map((service) => (
                  <li className="tag" key={service}>
                    {service}
                  </li>
                ))}
              </ul>
              {profile.species.length > 0 && <p className="muted">Treats: {profile.species.join(', ')}</p>}
            </div>
          )}
          {profile.education.length > 0 && (
            <div className="card">
              <h3>Education</h3>
              <ul className="plain-list">
                {profile.education.map((entry) => (
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
            <h3>Contact</h3>
            <ul className="plain-list">
              {profile.contact_phone && <li>Phone: {profile.contact_phone}</li>}
              {profile.contact_email && <li>E-mail: {profile.contact_email}</li>}
              {profile.website_url && (
                <li>
                  Website:{' '}
                  <a href={profile.website_url} rel="noopener nofollow" target="_blank">
                    {profile.website_title || profile.website_url}
                  </a>
                </li>
              )}
              {address && <li>Address: {address}</li>}
              {profile.license_number && (
                <li>
                  Licence: {profile.license_number}
                  {profile.license_state ? ` (${profile.license_state})` : ''}
                </li>
              )}
            </ul>
          </div>
          {profile.working_time.length > 0 && (
            <div className="card">
              <h3>Opening hours</h3>
              <table className="hours">
                <tbody>
                  {profile.working_time.map((day) => (
                    <tr key={day.day}>
                      <th scope="row">{DAY_NAMES[day.day]}</th>
                      <td>{day.closed ? 'Closed' : `${day.open} – ${day.close}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {profile.time_zone && <p className="muted">Times in {profile.time_zone.replace('_', ' ')}</p>}
            </div>
          )}
        </aside>
      </div>
    </article>
  );
}
