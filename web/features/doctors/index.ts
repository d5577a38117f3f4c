// What the doctors feature offers other features (eslint.config.js allows only this file to be
// imported from outside web/features/doctors). Keep it to what others really use.
export { DoctorSearchForm } from './components/doctor-search-form';
// The practice's public profile, for the sign-in and sign-up pages that name the practice a person was acting on.
export { useGetDoctorQuery } from './api/get-doctor';
