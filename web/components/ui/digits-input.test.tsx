import type { ChangeEvent, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DigitsInput } from './digits-input';
import { FormError } from './form-error';

describe('DigitsInput', () => {
  it('asks a phone for its number pad and keeps the attributes it is given', () => {
    const html = renderToStaticMarkup(<DigitsInput id="zip" maxLength={5} value="100" onDigits={() => {}} />);
    expect(html).toBe('<input id="zip" maxLength="5" inputMode="numeric" value="100"/>');
  });

  it('passes on only the digits of what is typed or pasted', () => {
    const typed: string[] = [];
    const element = DigitsInput({ value: '', onDigits: (digits) => typed.push(digits) }) as ReactElement<{
      onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    }>;
    for (const value of ['10a01', ' 12-34 ', 'abc']) element.props.onChange({ target: { value } } as ChangeEvent<HTMLInputElement>);
    expect(typed).toEqual(['1001', '1234', '']);
  });
});

describe('FormError', () => {
  it('is read out when it appears, and is not there without an error', () => {
    expect(renderToStaticMarkup(<FormError id="contact-problem">Enter a five-digit zip code.</FormError>)).toBe(
      '<p id="contact-problem" class="form-error" role="alert">Enter a five-digit zip code.</p>',
    );
    expect(renderToStaticMarkup(<FormError>{undefined}</FormError>)).toBe('');
  });
});
