import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { required, validEmail } from './auth-form';
import { AuthField, PasswordField } from './components/auth-field';

describe("the account forms' checks", () => {
  it("say the contract's words (docs/product.md 17.3): 'Required!' and '${label} is not a valid email!'", () => {
    expect(required('')).toBe('Required!');
    expect(required('a')).toBeUndefined();
    const email = validEmail('Email');
    expect(email('not-an-email')).toBe('Email is not a valid email!');
    expect(email('robin@example')).toBe('Email is not a valid email!');
    expect(email('')).toBeUndefined(); // an empty field is `required`'s
    for (const good of ['robin.hart@example.com', 'r+tag@mail.example.co.uk', 'jörg@bücher.de']) expect(email(good), good).toBeUndefined();
  });
});

describe('AuthField and PasswordField', () => {
  it('tie the message and the note to the box with aria-describedby, and mark it invalid only while a message stands', () => {
    const html = renderToStaticMarkup(<AuthField id="f-email" label="Email" type="email" error="Required!" value="" onChange={() => {}} />);
    expect(html).toContain('<input id="f-email" type="email" aria-invalid="true" aria-describedby="f-email-error" value=""/>');
    expect(html).toContain('<span id="f-email-error" class="field-error">Required!</span>');
    const clean = renderToStaticMarkup(<AuthField id="f-email" label="Email" value="" onChange={() => {}} />);
    expect(clean).not.toContain('aria-invalid');
    expect(clean).not.toContain('aria-describedby');
  });

  it("has a real show/hide button named 'Show password', pressed or not, that never submits", () => {
    const html = renderToStaticMarkup(<PasswordField id="pw" label="Password" note="8 to 128 characters." value="" onChange={() => {}} />);
    expect(html).toContain('<input id="pw" type="password" aria-describedby="pw-note" value=""/>');
    expect(html).toMatch(
      /<button type="button" class="password-toggle" aria-pressed="false" aria-controls="pw">.*<span class="visually-hidden">Show password<\/span><\/button>/,
    );
  });
});
