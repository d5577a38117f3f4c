// The sections of a vet's profile as the public sees them on /viewdoctorprofile (docs/product.md, Search), shared by
// that page and by the preview the vet and the administrators see (/setupprofile, /viewprofile, /admin), so the
// preview shows exactly what the public will. Each takes its heading level: h2 on the public page, h3 in a preview.
import type { ReactNode } from 'react';
import { DAY_NAMES, type Day } from '../../../shared/constants/days';
import { websiteLinkText } from '../../../shared/lib/profile-rules';
import { shiftDate, weekdayOf, type SpecialDay } from '../../../shared/lib/special-hours';
import { describeSpecialDay, formatCalendarDate, formatDayHours, hoursZoneLine, openStatusText, viewerZone } from '../../../shared/lib/formats';
import type { Photo } from '../../../shared/schemas/plan-features';
import type { ProfileView } from '../../../shared/schemas/profile';
import './profile.css';
import { now } from '../../lib/clock';

type HeadingLevel = 2 | 3;

function SectionCard({ title, level, children }: { title: string; level: HeadingLevel; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="card">
      <Heading>{title}</Heading>
      {children}
    </div>
  );
}

/** The practice's own words; `emptyText` stands in when there are none (else the section is left out). */
export function ProfileAbout({ summary, level, emptyText }: { summary: string | null | undefined; level: HeadingLevel; emptyText?: string }) {
  if (!summary && !emptyText) return null;
  return (
    <SectionCard title="About the practice" level={level}>
      <p>{summary || <span className="muted">{emptyText}</span>}</p>
    </SectionCard>
  );
}

/** The practice photos: a grid of fixed-size, lazily loaded thumbnails, each opening the large size (docs/product.md section 5). */
export function ProfilePhotos({ photos, clinic, level }: { photos: readonly Photo[]; clinic: string; level: HeadingLevel }) {
  if (photos.length === 0) return null;
  return (
    <SectionCard title="Photos" level={level}>
      <ul className="photo-gallery">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <figure>
              <a href={photo.urls['1280'] ?? photo.url} target="_blank" rel="noopener">
                <img
                  src={photo.url}
                  alt={photo.caption || `${clinic}, photo ${index + 1}`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                />
              </a>
              {photo.caption && <figcaption>{photo.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

export function ProfileServices({ services, species, level }: { services: readonly string[]; species: readonly string[]; level: HeadingLevel }) {
  if (services.length === 0 && species.length === 0) return null;
  return (
    <SectionCard title="Services" level={level}>
      <ul className="tags">
        {services.map((service) => (
          <li className="tag" key={service}>
            {service}
          </li>
        ))}
      </ul>
      {species.length > 0 && <p className="muted">Treats: {species.join(', ')}</p>}
    </SectionCard>
  );
}

export interface EducationEntry {
  degree: string;
  school: string;
  year: number;
}

export function ProfileEducation({ education, level }: { education: readonly EducationEntry[]; level: HeadingLevel }) {
  if (education.length === 0) return null;
  return (
    <SectionCard title="Education" level={level}>
      <ul className="plain-list">
        {education.map((entry) => (
          <li key={`${entry.degree}-${entry.school}-${entry.year}`}>
            <strong>{entry.degree}</strong>, {entry.school} ({entry.year})
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

/**
 * How to reach the practice: phone, e-mail and website as links, then the address. `onFollow` hears a followed
 * phone or website link (the public page counts them for the practice's statistics, docs/product.md, Plans and
 * payment); `details` adds lines to the list and `children` goes below it (the public page's map and directions).
 */
export function ProfileContact({
  contact,
  address,
  level,
  onFollow,
  details,
  children,
}: {
  contact: Pick<ProfileView, 'contact_phone' | 'contact_email' | 'website_url' | 'website_title'>;
  address: string;
  level: HeadingLevel;
  onFollow?: (link: 'phone' | 'website') => void;
  details?: ReactNode;
  children?: ReactNode;
}) {
  const { contact_phone: phone, contact_email: email, website_url: website } = contact;
  return (
    <SectionCard title="Contact" level={level}>
      <ul className="plain-list">
        {phone && (
          <li>
            Phone:{' '}
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} onClick={() => onFollow?.('phone')}>
              {phone}
            </a>
          </li>
        )}
        {email && (
          <li>
            E-mail: <a href={`mailto:${email}`}>{email}</a>
          </li>
        )}
        {website && (
          <li>
            Website:{' '}
            <a href={website} rel="noopener nofollow" target="_blank" onClick={() => onFollow?.('website')}>
              {websiteLinkText(website, contact.website_title)}
            </a>
          </li>
        )}
        {address && <li>Address: {address}</li>}
        {details}
      </ul>
      {children}
    </SectionCard>
  );
}

export interface OpeningDay {
  day: string;
  closed: boolean;
  open?: string;
  close?: string;
}

/** How many special days the profile lists; the structured data carries them all. */
const SPECIAL_DAYS_SHOWN = 6;

/**
 * Opening hours in the clinic's own time zone; `openNow` (when known) shows whether it is open at this moment.
 * Special days (docs/product.md section 22) are listed under the week; once `today` (the clinic's date, known
 * after hydration) is given, a weekday of the coming seven days that has a special entry shows it in its row.
 */
export function ProfileHours({
  workingTime,
  timeZone,
  openNow = null,
  specialHours = [],
  today,
  level,
}: {
  workingTime: readonly OpeningDay[];
  timeZone: string | null | undefined;
  openNow?: boolean | null;
  specialHours?: readonly SpecialDay[];
  today?: string | undefined;
  level: HeadingLevel;
}) {
  if (workingTime.length === 0) return null;
  const thisWeek = new Map<string, SpecialDay>();
  if (today)
    for (let offset = 0; offset < 7; offset++) {
      const date = shiftDate(today, offset);
      const entry = specialHours.find((day) => day.date === date);
      if (entry) thisWeek.set(weekdayOf(date), entry);
    }
  // 'Closed today' once the clinic's date is known: its special entry, else its weekday, has no opening at all.
  const todayKey = today ? weekdayOf(today) : undefined;
  const todayClosed = todayKey !== undefined && (thisWeek.get(todayKey) ?? workingTime.find((day) => day.day === todayKey))?.closed === true;
  return (
    <SectionCard title="Opening hours" level={level}>
      {openNow !== null && (
        <p className={`open-line ${openNow ? 'is-open' : 'is-closed'}`}>
          <span className={`tag ${openNow ? 'tag-open' : 'tag-closed'}`}>{openStatusText(openNow, todayClosed)}</span>
          {timeZone && <span className="muted"> in the clinic's time zone</span>}
        </p>
      )}
      <table className="hours">
        <tbody>
          {workingTime.map((day) => {
            const special = thisWeek.get(day.day);
            return (
              <tr key={day.day} className={special ? 'is-special' : undefined}>
                <th scope="row">{DAY_NAMES[day.day as Day] ?? day.day}</th>
                <td>
                  {special ? (
                    <>
                      {formatDayHours(special)}{' '}
                      <span className="muted">
                        ({formatCalendarDate(special.date, { year: false })}
                        {special.note ? `: ${special.note}` : ''})
                      </span>
                    </>
                  ) : (
                    formatDayHours(day)
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {specialHours.length > 0 && (
        <div className="special-hours">
          <p className="special-hours-title">Holiday and special hours</p>
          <ul>
            {specialHours.slice(0, SPECIAL_DAYS_SHOWN).map((day) => (
              <li key={day.date} className={day.closed ? 'is-closed' : undefined}>
                {describeSpecialDay(day)}
              </li>
            ))}
          </ul>
          {specialHours.length > SPECIAL_DAYS_SHOWN && <p className="muted">and {specialHours.length - SPECIAL_DAYS_SHOWN} more later</p>}
        </div>
      )}
      {/* The reader's own time joins once the page runs in the browser (`today` is known then). */}
      {timeZone && <p className="muted zone-line">{hoursZoneLine(timeZone, today ? viewerZone() : undefined, now())}</p>}
    </SectionCard>
  );
}
