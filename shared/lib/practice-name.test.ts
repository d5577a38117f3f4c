import { describe, expect, it } from 'vitest';
import { clinicOrPracticeName, practiceName } from './practice-name';

const vet = { firstName: 'Jane', lastName: 'Doe', clinicName: 'Happy Paws' };

describe('practiceName', () => {
  it('names a claimed practice by its vet, whatever its clinic is called', () => {
    expect(practiceName({ ...vet, claimed: true })).toBe('Dr. Jane Doe');
    expect(practiceName({ ...vet, claimed: true, clinicName: null })).toBe('Dr. Jane Doe');
  });

  it('names an unclaimed practice by its clinic, since it has no vet yet', () => {
    expect(practiceName({ ...vet, claimed: false })).toBe('Happy Paws');
    expect(practiceName({ ...vet, claimed: false, clinicName: null })).toBe('');
  });
});

describe('clinicOrPracticeName', () => {
  it("keeps the clinic's own name, and names the practice only when there is none", () => {
    expect(clinicOrPracticeName({ ...vet, claimed: true })).toBe('Happy Paws');
    expect(clinicOrPracticeName({ ...vet, claimed: true, clinicName: '  ' })).toBe('Dr. Jane Doe');
    expect(clinicOrPracticeName({ ...vet, claimed: false, clinicName: null })).toBe('');
  });
});
