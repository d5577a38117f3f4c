// What a `next` path says about the account it needs and the sentence sign-in shows (docs/product.md section 26).
import { describe, expect, it } from 'vitest';
import { intentOf } from './intent';

describe('intentOf', () => {
  it('asks a pet owner to sign in for a time picked on a profile, and names the booking', () => {
    const intent = intentOf('/viewdoctorprofile/12?visit=3&day=2026-12-01&time=2026-12-01T16%3A00%3A00.000Z#book')!;
    expect(intent.role).toBe('owner');
    expect(intent.doctorId).toBe(12);
    expect(intent.doing('Wicker Park Pet Hospital')).toBe('book a visit at Wicker Park Pet Hospital');
  });

  it('names the messages and Administration behind their guards', () => {
    expect(intentOf('/messages')!.doing('')).toBe('see your messages');
    expect(intentOf('/messages/7')!.doing('')).toBe('see your messages');
    expect(intentOf('/admin')!.doing('')).toBe('open Administration');
  });

  it('keeps a vet for a claim and nobody in particular for a plain profile', () => {
    expect(intentOf('/claim/5')!.role).toBe('vet');
    expect(intentOf('/viewdoctorprofile/5')!.role).toBeUndefined();
    expect(intentOf('//evil.example/x')).toBeUndefined();
  });
});
