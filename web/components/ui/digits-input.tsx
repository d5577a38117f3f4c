// A text field that takes digits only (a zip code, an e-mailed code): a phone shows its number pad, and whatever
// else is typed or pasted is dropped as it arrives, so the field never holds a value the form would refuse.
import type { InputHTMLAttributes } from 'react';

type DigitsInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'inputMode'> & {
  value: string;
  onDigits: (digits: string) => void;
};

export function DigitsInput({ onDigits, ...props }: DigitsInputProps) {
  return <input {...props} inputMode="numeric" onChange={(event) => onDigits(event.target.value.replace(/\D/g, ''))} />;
}
