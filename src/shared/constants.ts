/** Business constants of spec section 9, in one place for server and client. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

export const CV_MAX_BYTES = 10 * 1024 * 1024;
export const CV_EXTENSIONS = ['.pdf', '.docx', '.doc'] as const;

export const COURSE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const COURSE_ATTACHMENT_MAX_BYTES = 200 * 1024 * 1024;

export const LOGIN_SNACKBAR_MS = 6000;
export const TOAST_MS = 3000;
export const PENDING_LIST_TOAST_MS = 6000;
export const COURSE_CREATED_MESSAGE_MS = 3000;
export const REDIRECT_AFTER_CV_UPLOAD_MS = 1000;

export const WAITING_PROGRESS_NO_MEETING = 20;
export const WAITING_PROGRESS_WITH_MEETING = 40;
export const USUAL_RESPONSE_DELAY = 'sous 48 heures';

export const NAVBAR_HEIGHT_PX = 70;
export const NAVBAR_HIDE_THRESHOLD_PX = 100;

export const LANDING_STATS = { learners: '1500+', trainings: '20+', satisfaction: '95 %' } as const;

export const COURSE_DESCRIPTION_PREVIEW_CHARS = 80;
export const REFUND_GUARANTEE_DAYS = 30;

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const REMEMBER_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
export const IP_FAILURES_PER_MINUTE = 20;
/** Window of the per-address signup limit (the limit itself is SIGNUP_LIMIT_PER_ADDRESS). */
export const SIGNUP_WINDOW_MS = 10 * 60 * 1000;

/** A password reset link is valid 30 minutes; the "définissez votre mot de passe" link of an account an admin created, 7 days. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
export const ACCOUNT_SETUP_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** "Mot de passe oublié ?": requests per e-mail and per address, in a window of one hour. */
export const FORGOT_PASSWORD_LIMIT_PER_EMAIL = 3;
export const FORGOT_PASSWORD_LIMIT_PER_ADDRESS = 20;
export const FORGOT_PASSWORD_WINDOW_MS = 60 * 60 * 1000;

/** The signup's "confirmez votre adresse" link is valid 7 days; the link sent to a new address when changing it, 24 hours. */
export const EMAIL_CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Per account and per hour: "Renvoyer" of the confirmation banner, e-mail change requests, data exports. */
export const EMAIL_CONFIRM_RESEND_LIMIT = 3;
export const EMAIL_CHANGE_LIMIT = 5;
export const DATA_EXPORT_LIMIT = 5;
export const ACCOUNT_LIMITS_WINDOW_MS = 60 * 60 * 1000;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The catalogue screen's page: four rows of three cards (the server inlines this same first page, decision 031). */
export const CATALOGUE_PAGE_SIZE = 12;
/**
 * A catalogue search ranks at most this many matches, the newest ones, and counts no further:
 * beyond, the screen says « plus de 120 cours trouvés » (decision 055). Ten pages of twelve.
 */
export const CATALOGUE_SEARCH_CAP = 120;
/** Id of the `<script type="application/json">` in which the server inlines a public page's first API answers. */
export const INITIAL_DATA_ELEMENT_ID = 'donnees-initiales';
/** Property of `window` where a signed-in page's inline script leaves the API calls it started early (API path → fetch). */
export const EARLY_REQUESTS_GLOBAL = '__ecoformaEarlyRequests';

/** Contact details shown in the footer and on the waiting page. */
export const CONTACT = {
  email: 'contact@ecoforma.fr',
  phone: '+33 1 23 45 67 89',
  address: '12 rue des Tilleuls, 69007 Lyon, France',
} as const;
