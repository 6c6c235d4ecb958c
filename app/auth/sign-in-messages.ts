/** The dialog shown on /login when a sign-in could not be completed ('Sign in failed!' is the spec's). */
export const SIGN_IN_FAILED_TITLE = "Sign in failed!";
export const SIGN_IN_MESSAGES = {
  rejected: "The sign-in could not be completed. Please sign in again.",
  unavailable: "The sign-in service is not available right now. Please try again in a moment.",
  expired: "Your session has ended. Please sign in again.",
  signedOut: "You have been signed out.",
} as const;

/** The dialog shown on /login after the portal ended a session (inactivity, a failed token renewal). */
export const SESSION_ENDED_TITLE = "Signed out";
