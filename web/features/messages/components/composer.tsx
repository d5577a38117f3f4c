// The composer under a thread, and the first message on a practice's profile (docs/product.md section 32): a text of
// up to 4,000 characters, one photo (JPEG, PNG or WebP up to 10 MB) with a preview to remove, Send, and
// Ctrl+Enter (or Cmd+Enter) to send. A refusal (a 403 BLOCKED too) says why in the server's sentence and keeps what
// was written.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { fileSize, formatNumber } from '../../../../shared/lib/formats';
import { FormError } from '../../../components/ui/form-error';
import { failureMessage } from '../../../lib/api';
import { useSendMessageMutation } from '../api/send-message';
import { MESSAGE_LIMITS, type SendAnswer } from '../api/types';

/** The sentence of a thread the other side blocked (the server's own words for its 403 BLOCKED). */
export const BLOCKED_SENTENCE = 'You cannot send messages in this conversation: the other side has blocked it.';

function photoProblem(file: File): string | undefined {
  if (!(MESSAGE_LIMITS.photoTypes as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP photo.';
  if (file.size > MESSAGE_LIMITS.photoMaxBytes) return `This photo is ${fileSize(file.size)}; choose one of 10 MB or less.`;
  return undefined;
}

interface Props {
  /** Where the message goes: a thread, or a practice (the thread is started or continued). */
  to: { thread_id: number } | { doctor_id: number };
  /** The textarea's label ('Your message', 'Message to Lakeview Pet Clinic'). */
  label: string;
  onSent?: (answer: SendAnswer) => void;
}

export function Composer({ to, label, onSent }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [send, { isLoading }] = useSendMessageMutation();

  useEffect(() => {
    if (!photo) return setPreview(undefined);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const choose = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const wrong = photoProblem(file);
    setProblem(wrong);
    if (!wrong) setPhoto(file);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isLoading) return;
    if (!text.trim()) {
      setProblem(photo ? 'Write a line to go with the photo.' : 'Write your message first.');
      return;
    }
    setProblem(undefined);
    const answer = await send({ ...to, text: text.trim(), ...(photo ? { photo } : {}) });
    if (answer.error) {
      // The server's sentence (a 403 BLOCKED says the other side blocked the thread); what was written stays.
      setProblem(failureMessage(answer.error, 'Your message could not be sent. Please try again.'));
      return;
    }
    setText('');
    setPhoto(undefined);
    onSent?.(answer.data);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
  };

  return (
    <form className="composer" onSubmit={submit}>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        className="textarea"
        rows={3}
        maxLength={MESSAGE_LIMITS.textMax}
        placeholder="Write a message…"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        aria-invalid={problem ? true : undefined}
      />
      {preview && photo && (
        <div className="composer-photo">
          <img src={preview} alt={`The photo to send: ${photo.name}`} width={96} height={72} />
          <span className="muted composer-photo-size">{fileSize(photo.size)}</span>
          <button type="button" className="button" onClick={() => setPhoto(undefined)}>
            Remove photo
          </button>
        </div>
      )}
      <FormError id={`${id}-problem`}>{problem}</FormError>
      <div className="composer-actions">
        <span id={`${id}-hint`} className={`muted composer-hint${text.length > MESSAGE_LIMITS.textMax - 500 ? ' is-near-limit' : ''}`}>
          {text.length > MESSAGE_LIMITS.textMax - 500
            ? `${formatNumber(text.length)} of ${formatNumber(MESSAGE_LIMITS.textMax)} characters.`
            : 'Ctrl+Enter sends.'}
        </span>
        <input
          ref={fileInput}
          id={`${id}-photo`}
          type="file"
          accept={MESSAGE_LIMITS.photoTypes.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Photo to attach"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <button type="button" className="button" onClick={() => fileInput.current?.click()}>
          {photo ? 'Change photo' : 'Attach photo'}
        </button>
        <button type="submit" className="button button-primary" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}
