// A vet's profile as the public sees it on /viewdoctorprofile, drawn from the user object's
// `profile` piece, with the public page's own sections (profile-sections.tsx). Shared by the vet's own pages
// (/setupprofile, /viewprofile) and /admin review.
import type { ProfileView } from '../../../shared/schemas/profile';
import type { Photo } from '../../../shared/schemas/plan-features';
import { addressLine } from '../../../shared/lib/address';
import { ProfileAbout, ProfileContact, ProfileEducation, ProfileHours, ProfilePhotos, ProfileServices } from './profile-sections';
import { practiceName } from '../../../shared/lib/practice-name';
import './profile.css';

interface Props {
  user: { first_name: string; last_name: string };
  profile: ProfileView;
  /** The practice photos, where the viewer has them (the public page shows them while the plan includes photos). */
  photos?: readonly Photo[];
}

export function ProfilePreview({ user, profile, photos = [] }: Props) {
  const address = addressLine(profile);
  // A vet previews their own practice, which is claimed: named as its card will name it.
  const name = practiceName({ claimed: true, firstName: user.first_name, lastName: user.last_name, clinicName: profile.clinic_name });
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
          <ProfileAbout summary={profile.summary} level={3} emptyText="No summary yet." />
          <ProfilePhotos photos={photos} clinic={profile.clinic_name ?? name} level={3} />
          <ProfileServices services={profile.services} species={profile.species} level={3} />
          <ProfileEducation education={profile.education} level={3} />
        </div>
        <aside className="profile-side">
          <ProfileContact
            contact={profile}
            address={address}
            level={3}
            details={
              profile.license_number && (
                <li>
                  Licence: {profile.license_number}
                  {profile.license_state ? ` (${profile.license_state})` : ''}
                </li>
              )
            }
          />
          <ProfileHours workingTime={profile.working_time} timeZone={profile.time_zone} specialHours={profile.special_hours ?? []} level={3} />
        </aside>
      </div>
    </article>
  );
}
