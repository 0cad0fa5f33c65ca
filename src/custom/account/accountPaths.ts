/** The account pages reached from mails, outside the app's shell (their pages load when opened). */
export const ACCOUNT_DELETION_PATH = '/account/confirm-deletion';
export const SET_PASSWORD_PATH = '/account/set-password';
