// The form a pet owner writes or edits a review with (docs/product.md section 13): stars, title, text (30 to 5,000
// characters, with a counter), the month of the visit and the species. Loaded only when it opens (its own chunk).
// A refusal keeps every input and says what to change next to the field it names.
import { useId, useRef, useState, type FormEvent } from 'react';
import { SPECIES } from '../../../../shared/constants/services';
import type { OwnReview, UpdateReviewInput } from '../../../../shared/schemas/review';
import type { ReviewPublicState as ReviewState } from '../../../../shared/lib/review-rules';

/** What an author writes: the body of /api/reviews/update without its id (create adds doctor_id). */
type ReviewInput = Omit<UpdateReviewInput, 'id'>;
import { failureField, failureMessage } from '../../../lib/api';
import { useCreateReviewMutation } from '../api/create-review';
import { useUpdateReviewMutation } from '../api/update-review';
import { REVIEW_LIMITS, visitMonthProblem } from '../../../../shared/lib/review-rules';
import { speciesLabel } from '../review-rules';
import { formatNumber, monthNames } from '../../../../shared/lib/formats';
import * as clock from '../../../lib/clock';

type Field = keyof ReviewInput;
type Problems = Partial<Record<Field | 'form', string>>;

interface Props {
  doctorId: number;
  clinic: string;
  /** The author's review being edited; a new review otherwise. */
  review?: OwnReview;
  onDone: (state: ReviewState) => void;
  onCancel: () => void;
}

const YEARS_BACK = 10;
const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** What the author must change before the review can be sent, by field (the server says the same in its words). */
export function reviewProblems(values: ReviewInput, now: Date): Problems {
  const problems: Problems = {};
  if (!(values.rating >= 1 && values.rating <= 5)) problems.rating = 'Choose how many stars you give, from 1 to 5.';
  if (!values.title.trim()) problems.title = 'Give your review a short title.';
  const length = values.text.trim().length;
  if (length < REVIEW_LIMITS.textMin) problems.text = `Write at least ${REVIEW_LIMITS.textMin} characters about your visit (you have ${length}).`;
  if (length > REVIEW_LIMITS.textMax)
    problems.text = `Keep the review to ${formatNumber(REVIEW_LIMITS.textMax)} characters (you have ${formatNumber(length)}).`;
  if (!/^\d{4}-\d{2}$/.test(values.visit_month)) problems.visit_month = 'Choose the month and year of your visit.';
  else {
    const month = visitMonthProblem(values.visit_month, now);
    if (month) problems.visit_month = month;
  }
  if (!values.species) problems.species = 'Choose the species of your pet.';
  return problems;
}

export default function ReviewForm({ doctorId, clinic, review, onDone, onCancel }: Props) {
  const id = useId();
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [hover, setHover] = useState(0);
  const [title, setTitle] = useState(review?.title ?? '');
  const [text, setText] = useState(review?.text ?? '');
  const [year, setYear] = useState(review?.visit_month.slice(0, 4) ?? '');
  const [month, setMonth] = useState(review?.visit_month.slice(5, 7) ?? '');
  const [species, setSpecies] = useState(review?.species ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const [create, creating] = useCreateReviewMutation();
  const [update, updating] = useUpdateReviewMutation();
  const busy = creating.isLoading || updating.isLoading;
  const form = useRef<HTMLFormElement>(null);

  const thisYear = clock.now().getFullYear();
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => String(thisYear - i));
  const speciesOptions: string[] = [...SPECIES];
  if (review?.species && !speciesOptions.includes(review.species)) speciesOptions.push(review.species);

  /** Shows the problems and moves focus to the first field that has one. */
  const show = (found: Problems) => {
    setProblems(found);
    const first = (['rating', 'title', 'text', 'visit_month', 'species', 'form'] as const).find((field) => found[field]);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values: ReviewInput = { rating, title: title.trim(), text: text.trim(), visit_month: year && month ? `${year}-${month}` : '', species };
    const found = reviewProblems(values, clock.now());
    if (Object.keys(found).length) return show(found);
    setProblems({});
    const answer = review ? await update({ ...values, id: review.id, doctor_id: doctorId }) : await create({ ...values, doctor_id: doctorId });
    if (answer.error) {
      const message = failureMessage(answer.error, 'The review could not be sent. Please try again.');
      const field = failureField(answer.error) as Field | undefined;
      show(field && ['rating', 'title', 'text', 'visit_month', 'species'].includes(field) ? { [field]: message } : { form: message });
      return;
    }
    onDone(answer.data.state);
  };

  /** A field's problem goes as soon as its value changes; the rest stay until the next try. */
  const changed = (field: Field) =>
    setProblems((current) => {
      if (!current[field] && !current.form) return current;
      const { [field]: _gone, form: _form, ...rest } = current;
      return rest;
    });

  const described = (field: Field, hint?: string) => {
    const ids = [hint, problems[field] ? `${id}-${field}-problem` : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': problems[field] ? true : undefined, 'aria-describedby': ids || undefined, 'data-field': field };
  };
  const problem = (field: Field) =>
    problems[field] ? (
      <span id={`${id}-${field}-problem`} className="field-problem">
        {problems[field]}
      </span>
    ) : null;
  const shown = hover || rating;
  const length = text.trim().length;

  return (
    <form ref={form} className="card review-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{review ? 'Edit your review' : `Review ${clinic}`}</h3>
      <p className="muted small">
        Tell other pet owners how your visit went. Write about your own experience; keep out phone numbers, e-mail addresses and links.
      </p>
      <fieldset className="star-picker" aria-describedby={problems.rating ? `${id}-rating-problem` : undefined}>
        <legend>Your rating</legend>
        <div className="star-picker-row" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className={`star-choice${stars <= shown ? ' on' : ''}`} onMouseEnter={() => setHover(stars)}>
              <input
                type="radio"
                name={`${id}-rating`}
                value={stars}
                checked={rating === stars}
                onChange={() => {
                  setRating(stars);
                  changed('rating');
                }}
                className="visually-hidden"
                aria-invalid={problems.rating ? true : undefined}
                data-field={stars === 1 ? 'rating' : undefined}
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {stars} star{stars > 1 ? 's' : ''}: {STAR_WORDS[stars - 1]}
              </span>
            </label>
          ))}
          <span className="star-word" aria-hidden="true">
            {shown ? STAR_WORDS[shown - 1] : 'Choose 1 to 5 stars'}
          </span>
        </div>
        {problem('rating')}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-title-input`}>Title</label>
        <input
          id={`${id}-title-input`}
          maxLength={REVIEW_LIMITS.titleMax}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            changed('title');
          }}
          placeholder="e.g. Gentle with our anxious cat"
          {...described('title')}
        />
        {problem('title')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>Your review</label>
        <textarea
          id={`${id}-text`}
          rows={7}
          maxLength={REVIEW_LIMITS.textMax}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            changed('text');
          }}
          {...described('text', `${id}-text-count`)}
        />
        <span id={`${id}-text-count`} className={`field-hint${length > 0 && length < REVIEW_LIMITS.textMin ? ' field-hint-short' : ''}`}>
          {formatNumber(length)} of {formatNumber(REVIEW_LIMITS.textMax)} characters
          {length < REVIEW_LIMITS.textMin ? ` · at least ${REVIEW_LIMITS.textMin}` : ''}
        </span>
        {problem('text')}
      </div>
      <fieldset className="form-row review-visit">
        <legend>When did you visit?</legend>
        <div className="field">
          <label htmlFor={`${id}-month`}>Month</label>
          <select
            id={`${id}-month`}
            value={month}
            onChange={(event) => {
              setMonth(event.target.value);
              changed('visit_month');
            }}
            {...described('visit_month')}
          >
            <option value="">Month</option>
            {monthNames().map((name, i) => (
              <option key={name} value={String(i + 1).padStart(2, '0')}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-year`}>Year</label>
          <select
            id={`${id}-year`}
            value={year}
            onChange={(event) => {
              setYear(event.target.value);
              changed('visit_month');
            }}
            aria-invalid={problems.visit_month ? true : undefined}
          >
            <option value="">Year</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        {problem('visit_month')}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-species`}>Your pet</label>
        <select
          id={`${id}-species`}
          value={species}
          onChange={(event) => {
            setSpecies(event.target.value);
            changed('species');
          }}
          {...described('species')}
        >
          <option value="">Choose a species</option>
          {speciesOptions.map((option) => (
            <option key={option} value={option}>
              {speciesLabel(option)}
            </option>
          ))}
        </select>
        {problem('species')}
      </div>
      {problems.form && (
        <p className="form-error" role="alert" tabIndex={-1} data-field="form">
          {problems.form}
        </p>
      )}
      {Object.keys(problems).length > 0 && !problems.form && (
        <p className="visually-hidden" role="alert">
          Please change what is marked before sending.
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Sending…' : review ? 'Save changes' : 'Publish review'}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
