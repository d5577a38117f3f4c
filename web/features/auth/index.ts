// What the auth feature offers other features (the only file of web/features/auth they may import,
// eslint.config.js): who is signed in, and the action that stores a user a call returned.
export { hasPaidPlan, isAdmin, isSubmitted, signedInUser, userReplaced } from './auth-slice';
