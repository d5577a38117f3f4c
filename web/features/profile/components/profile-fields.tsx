// The profile's form fields, grouped as the change-* calls group them, so the wizard and the edit
// cards share them. Each rule runs the shared check from shared/schemas/profile.ts, the same one the
// server runs, so the words match.
import { Button, Checkbox, Form, Input, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ContactInfoInput, EducationEntry, ProfileView, Step1Input, Step2Input, WorkingDayInput } from '../../../../shared/schemas/profile';
import {
  checkEmail,
  checkPhone,
  checkStateCode,
  checkSummary,
  checkWebsiteUrl,
  completeWebsiteUrl,
  checkZip,
  PROFILE_LIMITS,
  US_TIME_ZONES,
} from '../../../../shared/lib/profile-rules';
import { DAY_NAMES, DAYS } from '../../../../shared/constants/days';
import { formatCalendarDate, zoneName } from '../../../../shared/lib/formats';
import { checkSpecialHours, SPECIAL_HOURS_LIMITS, upcomingSpecialHours, type SpecialDay } from '../../../../shared/lib/special-hours';
import { US_STATES } from '../../../../shared/constants/us-states';
import { SERVICES, SPECIES } from '../../../../shared/constants/services';
import { OwnChoices } from './own-choices';
import '../../../components/profile/profile.css';
import '../profile.css';
import { ZipField } from './zip-field';
import type { ZipPlace } from '../api/zip-place';
import { now } from '../../../lib/clock';

/** An antd rule from a shared check: the check's sentence becomes the field's message. */
export function shared(check: (value: string) => string | undefined): Rule {
  return {
    validator: (_, value: unknown) => {
      const problem = check(typeof value === 'string' ? value : '');
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}
const required = (label: string): Rule => ({ required: true, whitespace: true, message: `Please enter the ${label}.` });

const STATE_OPTIONS = Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: `${code} – ${name}` }));
/** `onPlace` hears the place of each zip code typed (its time zone goes to the hours step: docs/product.md 28.5). */
export function ContactFields({ onPlace }: { onPlace?: (place: ZipPlace) => void } = {}) {
  return (
    <>
      <Form.Item label="Clinic or hospital name" name="clinic_name" rules={[required('clinic or hospital name'), { max: 120 }]}>
        <Input autoComplete="organization" />
      </Form.Item>
      <div className="form-row">
        <Form.Item label="Contact phone" name="contact_phone" rules={[shared(checkPhone)]} extra="A US number with area code.">
          <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="(212) 555-0142" />
        </Form.Item>
        <Form.Item label="Contact e-mail" name="contact_email" rules={[shared(checkEmail)]}>
          <Input type="email" autoComplete="email" inputMode="email" />
        </Form.Item>
      </div>
      <Form.Item label="Street address" name="street" rules={[required('street address'), { max: 160 }]}>
        <Input autoComplete="street-address" />
      </Form.Item>
      <div className="form-row form-row-3">
        <ZipField rules={[shared(checkZip)]} onPlace={onPlace} />
        <Form.Item label="City" name="city">
          <Input autoComplete="address-level2" maxLength={80} />
        </Form.Item>
        <Form.Item label="State" name="state" rules={[shared((v) => checkStateCode(v))]}>
          <Select allowClear showSearch placeholder="From the zip code" options={STATE_OPTIONS} optionFilterProp="label" />
        </Form.Item>
      </div>
    </>
  );
}

export function WebsiteFields() {
  const form = Form.useFormInstance();
  return (
    <div className="form-row">
      <Form.Item
        label="Website title"
        name="website_title"
        rules={[{ max: 120, message: 'Keep the website title to 120 characters.' }]}
        extra="Optional: the text of the link. Without it the link shows the website's domain."
      >
        <Input placeholder="e.g. Chelsea Animal Clinic" />
      </Form.Item>
      <Form.Item label="Website address" name="website_url" rules={[shared(checkWebsiteUrl)]} extra="e.g. www.example.com; https:// is added for you.">
        <Input
          inputMode="url"
          autoComplete="url"
          placeholder="www.example.com"
          // 'example.com' becomes https://example.com as the field is left, as the server stores it (docs/product.md 28.6).
          onBlur={(e) => form.setFieldValue('website_url', completeWebsiteUrl(e.target.value))}
        />
      </Form.Item>
    </div>
  );
}

export function HoursFields() {
  return (
    <>
      <Form.Item label="Time zone" name="time_zone" rules={[{ required: true, message: 'Choose the time zone of the practice.' }]}>
        <Select
          showSearch
          options={US_TIME_ZONES.map((zone) => ({ value: zone, label: `${zoneName(zone, now())} (${zone.replace(/^.*\//, '').replace(/_/g, ' ')})` }))}
        />
      </Form.Item>
      <fieldset className="hours-editor">
        <legend>Working time</legend>
        <Form.List name="working_time">
          {(fields) =>
            fields.map((field, index) => (
              <div className="hours-row" key={field.key}>
                <span className="hours-day">{DAY_NAMES[DAYS[index]!]}</span>
                <Form.Item name={[field.name, 'closed']} valuePropName="checked" noStyle>
                  <Checkbox>Closed</Checkbox>
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {({ getFieldValue }) => {
                    const closed = getFieldValue(['working_time', field.name, 'closed']) as boolean;
                    return (
                      <div className="hours-times">
                        <Form.Item name={[field.name, 'open']} noStyle>
                          <Input type="time" aria-label={`${DAY_NAMES[DAYS[index]!]} opens`} disabled={closed} />
                        </Form.Item>
                        <span aria-hidden="true">–</span>
                        <Form.Item
                          name={[field.name, 'close']}
                          noStyle
                          rules={[
                            {
                              validator: (_, close: string | undefined) => {
                                const open = getFieldValue(['working_time', field.name, 'open']) as string | undefined;
                                if (closed) return Promise.resolve();
                                if (!open || !close)
                                  return Promise.reject(new Error(`Enter ${DAY_NAMES[DAYS[index]!]}'s opening and closing times, or mark it closed.`));
                                return close > open
                                  ? Promise.resolve()
                                  : Promise.reject(new Error(`${DAY_NAMES[DAYS[index]!]}: the closing time must be after the opening time.`));
                              },
                            },
                          ]}
                        >
                          <Input type="time" aria-label={`${DAY_NAMES[DAYS[index]!]} closes`} disabled={closed} />
                        </Form.Item>
                      </div>
                    );
                  }}
                </Form.Item>
              </div>
            ))
          }
        </Form.List>
      </fieldset>
      <SpecialHoursFields />
    </>
  );
}

/** A special day as the form holds it (times empty when closed). */
export interface SpecialDayFormValue {
  date?: string;
  closed?: boolean;
  open?: string;
  close?: string;
  note?: string;
}

/** Holiday and special hours (docs/product.md section 22): dated rows, each closed or with its own times, and a note. */
export function SpecialHoursFields() {
  const form = Form.useFormInstance<ProfileFormValues>();
  /** The shared rules for one row, and that its date is not taken by another row. */
  const checkRow = (index: number) => {
    const rows = (form.getFieldValue('special_hours') as SpecialDayFormValue[] | undefined) ?? [];
    const zone = (form.getFieldValue('time_zone') as string | undefined) ?? 'America/New_York';
    const [row] = toSpecialHours([rows[index] ?? {}]);
    let problem = checkSpecialHours([row!], zone, now())?.replace(/^Special day 1:/, `Special day ${index + 1}:`);
    if (!problem && rows.filter((other) => other?.date === row!.date).length > 1)
      problem = `${formatCalendarDate(row!.date)} is entered twice: keep one entry per date.`;
    if (problem) throw new Error(problem);
  };
  return (
    <fieldset className="hours-editor special-hours-editor">
      <legend>Holiday and special hours</legend>
      <p className="field-hint">Days that differ from the week above, in the practice’s time zone: closed, or other hours. Up to a year ahead.</p>
      <Form.List name="special_hours">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <div className="special-row" key={field.key}>
                <Form.Item
                  label="Date"
                  name={[field.name, 'date']}
                  // The row's check runs again when its other fields change; its sentence shows under the date.
                  dependencies={(['closed', 'open', 'close', 'note'] as const).map((key) => ['special_hours', field.name, key])}
                  rules={[{ validator: async () => checkRow(index) }]}
                >
                  <Input type="date" aria-label={`Special day ${index + 1} date`} />
                </Form.Item>
                <Form.Item name={[field.name, 'closed']} valuePropName="checked" className="special-closed">
                  <Checkbox>Closed all day</Checkbox>
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {({ getFieldValue }) => {
                    const closed = getFieldValue(['special_hours', field.name, 'closed']) as boolean | undefined;
                    return (
                      <div className="hours-times special-times">
                        <Form.Item name={[field.name, 'open']} noStyle>
                          <Input type="time" aria-label={`Special day ${index + 1} opens`} disabled={closed} />
                        </Form.Item>
                        <span aria-hidden="true">–</span>
                        <Form.Item name={[field.name, 'close']} noStyle>
                          <Input type="time" aria-label={`Special day ${index + 1} closes`} disabled={closed} />
                        </Form.Item>
                      </div>
                    );
                  }}
                </Form.Item>
                <Form.Item label="Note" name={[field.name, 'note']}>
                  <Input maxLength={SPECIAL_HOURS_LIMITS.noteMax} placeholder="e.g. Christmas" aria-label={`Special day ${index + 1} note`} />
                </Form.Item>
                <Button onClick={() => remove(field.name)} className="special-remove">
                  Remove
                </Button>
              </div>
            ))}
            {fields.length < SPECIAL_HOURS_LIMITS.max && (
              <Button onClick={() => add({ date: '', closed: true, open: '', close: '', note: '' })}>Add a special day</Button>
            )}
          </>
        )}
      </Form.List>
    </fieldset>
  );
}

/** The rows as the calls take them: closed days without times, empty notes left out. */
export const toSpecialHours = (rows: SpecialDayFormValue[] | undefined): SpecialDay[] =>
  (rows ?? []).map((row) => {
    const base = row.closed ? { date: row.date ?? '', closed: true } : { date: row.date ?? '', closed: false, open: row.open ?? '', close: row.close ?? '' };
    return row.note?.trim() ? { ...base, note: row.note } : base;
  });

export function SummaryField() {
  return (
    <Form.Item label="Summary" name="summary" rules={[shared(checkSummary)]}>
      <Input.TextArea rows={5} showCount maxLength={PROFILE_LIMITS.summaryMax} placeholder="What pet owners should know about your practice." />
    </Form.Item>
  );
}

export function EducationFields() {
  const maxYear = now().getFullYear() + 6;
  return (
    <fieldset className="education-editor">
      <legend>Education</legend>
      <Form.List name="education">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <div className="education-row" key={field.key}>
                <Form.Item label="Degree" name={[field.name, 'degree']} rules={[required('degree'), { max: 120 }]}>
                  <Input placeholder="Doctor of Veterinary Medicine (DVM)" />
                </Form.Item>
                <Form.Item label="School" name={[field.name, 'school']} rules={[required('school'), { max: 120 }]}>
                  <Input />
                </Form.Item>
                <Form.Item
                  label="Year"
                  name={[field.name, 'year']}
                  rules={[
                    {
                      validator: (_, year: unknown) =>
                        Number.isInteger(Number(year)) && Number(year) >= PROFILE_LIMITS.educationYearMin && Number(year) <= maxYear
                          ? Promise.resolve()
                          : Promise.reject(new Error(`Enter a year between ${PROFILE_LIMITS.educationYearMin} and ${maxYear}.`)),
                    },
                  ]}
                >
                  <Input inputMode="numeric" maxLength={4} />
                </Form.Item>
                <Button onClick={() => remove(field.name)} aria-label={`Remove education entry ${index + 1}`} className="education-remove">
                  Remove
                </Button>
              </div>
            ))}
            {fields.length < PROFILE_LIMITS.educationMax && <Button onClick={() => add({ degree: '', school: '', year: '' })}>Add education</Button>}
          </>
        )}
      </Form.List>
    </fieldset>
  );
}

export function PracticeFields() {
  return (
    <>
      <Form.Item name="services">
        <OwnChoices legend="Services" options={SERVICES} addLabel="Add your own service" addId="profile-own-service" />
      </Form.Item>
      <Form.Item name="species">
        <OwnChoices legend="Species treated" options={SPECIES} addLabel="Add your own species" addId="profile-own-species" />
      </Form.Item>
      <div className="form-row">
        <Form.Item label="24/7 emergency" name="emergency" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="Accepting new patients" name="accepting_new_patients" valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <div className="form-row">
        <Form.Item label="Licence number" name="license_number" rules={[{ max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Licence state" name="license_state" rules={[shared((v) => checkStateCode(v, 'licence state'))]}>
          <Select allowClear showSearch options={STATE_OPTIONS} optionFilterProp="label" />
        </Form.Item>
      </div>
    </>
  );
}

// ---- Form values <-> API bodies ----

const DEFAULT_WEEK: WorkingDayInput[] = DAYS.map((day) =>
  day === 'sun' ? { day, closed: true, open: '', close: '' } : { day, closed: false, open: '09:00', close: day === 'sat' ? '13:00' : '17:00' },
);

export interface ProfileFormValues {
  clinic_name: string;
  contact_phone: string;
  contact_email: string;
  street: string;
  city: string;
  state?: string;
  zip: string;
  website_title: string;
  website_url: string;
  working_time: WorkingDayInput[];
  time_zone: string;
  special_hours: SpecialDayFormValue[];
  summary: string;
  education: { degree: string; school: string; year: string | number }[];
  services: string[];
  species: string[];
  emergency: boolean;
  accepting_new_patients: boolean;
  license_number: string;
  license_state?: string;
}

export function initialValues(profile: ProfileView | null, email: string): ProfileFormValues {
  const week = profile?.working_time.length === 7 ? profile.working_time.map((d) => ({ ...d, open: d.open ?? '', close: d.close ?? '' })) : DEFAULT_WEEK;
  return {
    clinic_name: profile?.clinic_name ?? '',
    contact_phone: profile?.contact_phone ?? '',
    contact_email: profile?.contact_email ?? email,
    street: profile?.street ?? '',
    city: profile?.city ?? '',
    state: profile?.state ?? undefined,
    zip: profile?.zip ?? '',
    website_title: profile?.website_title ?? '',
    website_url: profile?.website_url ?? '',
    working_time: week,
    time_zone: profile?.time_zone ?? 'America/New_York',
    // Days that have passed are history: the form starts from the practice's today.
    special_hours: upcomingSpecialHours(profile?.special_hours ?? [], profile?.time_zone ?? null, now()).map((day) => ({
      date: day.date,
      closed: day.closed,
      open: day.open ?? '',
      close: day.close ?? '',
      note: day.note ?? '',
    })),
    summary: profile?.summary ?? '',
    education: profile?.education.length ? profile.education : [{ degree: 'Doctor of Veterinary Medicine (DVM)', school: '', year: '' }],
    services: profile?.services ?? [],
    species: profile?.species ?? [],
    emergency: profile?.emergency ?? false,
    accepting_new_patients: profile?.accepting_new_patients ?? true,
    license_number: profile?.license_number ?? '',
    license_state: profile?.license_state ?? undefined,
  };
}

// NOTE: antd hands onFinish only the registered fields; each row's `day` is not a field, so it comes from the row's position.
export const toWorkingTime = (days: WorkingDayInput[]): WorkingDayInput[] =>
  DAYS.map((day, index) => {
    const row = days[index];
    return !row || row.closed ? { day, closed: true } : { day, closed: false, open: row.open, close: row.close };
  });
export const toEducation = (entries: ProfileFormValues['education']): EducationEntry[] =>
  (entries ?? []).map((e) => ({ degree: e.degree ?? '', school: e.school ?? '', year: Number(e.year) }));

/** The body of change-contact-info: only its own fields (the server refuses any other, e.g. the website's). */
export function toContactInfo(v: ProfileFormValues): ContactInfoInput {
  return {
    clinic_name: v.clinic_name ?? '',
    contact_phone: v.contact_phone ?? '',
    contact_email: v.contact_email ?? '',
    street: v.street ?? '',
    city: v.city ?? '',
    state: v.state ?? '',
    zip: v.zip ?? '',
  };
}

export function toStep1(v: ProfileFormValues): Step1Input {
  return { ...toContactInfo(v), website_title: v.website_title ?? '', website_url: v.website_url ?? '' };
}

export function toStep2(v: ProfileFormValues): Step2Input {
  return {
    working_time: toWorkingTime(v.working_time),
    time_zone: v.time_zone,
    special_hours: toSpecialHours(v.special_hours),
    summary: v.summary ?? '',
    education: toEducation(v.education),
    services: v.services ?? [],
    species: v.species ?? [],
    emergency: Boolean(v.emergency),
    accepting_new_patients: Boolean(v.accepting_new_patients),
    license_number: v.license_number ?? '',
    license_state: v.license_state ?? '',
  };
}
