// Every text the spec quotes (docs/product.md, Screens and routes; Messages), in one place.
// Server and web import these; never retype one of them elsewhere.

export const MESSAGES = {
  loginFailed: 'Your Email or Password is not correct.',
  tokenLoginFailed: 'User Info Incorrect! Please login again.',
  notVerified: 'Your are not Verified.',
  // Was 'Server disconnected.' (spec, Messages): issue 36 asks for what happened and what to do (docs/decisions/175-errors-that-help.md).
  serverDisconnected: 'Server disconnected. We could not reach Animal Doctor; check your connection and try again.',
  /** A 502, 503 or 504: the service is there but cannot answer now; never read as 'not found'. */
  serverBusy: 'Animal Doctor is busy right now. Please try again in a minute.',
  errorCorrupted: 'Error corrupted.',
  serverError: 'Server Error',
  pleaseInputEmail: 'Please Input Email',
  loginSuccess: 'Successfully logined!',
  codeSent: 'Successfully sent Verification Code to your email!',
  saved: 'Successfully Saved!',
  logout: 'Successfully logout.',
  subscribed: 'Email subscribed successfully!',
  emailAlreadyRegistered: 'This email is already registered.',
  sendingEmail: 'Sending Email...',
  searching: 'Searching...',
  verifyTitle: 'Verify your email to continue',
  routerErrorTitle: 'Unexpected Application Error!',
} as const;

/** Form messages (docs/product.md 17.3). `${label}` is filled by antd, and by the account forms (web/features/auth/auth-form.ts). */
export const FORM_MESSAGES = {
  required: 'Required!',
  types: { email: '${label} is not a valid email!' },
} as const;

/** Spec section 9. */
export const JWT_STORAGE_KEY = 'animaldoctorJwtToken';
/**
 * Cookie the web app keeps while someone is signed in: their user id, sent only with profile pages, so the server
 * does not count a vet's own visit to a profile page it sends (docs/decisions/068-profile-view-counted-with-the-page.md).
 */
export const OWN_PROFILE_COOKIE = { name: 'ad_self', path: '/viewdoctorprofile' } as const;
export const TOAST = { durationMs: 5000, hoverExtraMs: 1000, showMs: 300, hideMs: 1000 } as const;
export const SEARCH_DEFAULTS = { searchCount: 10, searchStart: 0 } as const;
export const BLOG_DEFAULTS = { page: 1, pageSize: 10, pageSizeOptions: [10, 20, 50, 100], sizeChangerAbove: 50 } as const;
export const MODAL_WIDTHS = { large: 770, medium: 600 } as const;
export const PRODUCT_NAME = 'Animal Doctor';
