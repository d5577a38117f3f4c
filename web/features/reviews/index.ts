// What the reviews feature offers other features (eslint.config.js allows only this file to be imported from outside
// web/features/reviews): the reviews section of a public profile and the practice's own reviews with its replies.
export { DoctorReviews } from './components/doctor-reviews';
export { PracticeReviews } from './components/practice-reviews';
export { seedReviews } from './api/list-reviews';
