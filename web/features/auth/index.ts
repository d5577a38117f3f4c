// What the auth feature offers other features (the only file of web/features/auth they may import,
// eslint.config.js): who is signed in, the action that stores a user a call returned, and the read
// of the signed-in user (it loads RTK Query, so only pages that use server data import this file).
export { isAdmin, isOwner, loggedIn, logout, signedInUser, userReplaced } from './auth-slice';
export { useCurrentUserQuery } from './api/get-current-user';
