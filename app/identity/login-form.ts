import { containsNul, NUL } from "~/lib/nul-character";

/** The sign-in widget's messages (platform spec §8). */
export const LOGIN_MESSAGES = {
  usernameRequired: "Field cannot be empty!",
  passwordRequired: "Please enter a password",
  signInFailed: "Sign in failed!",
} as const;

/** Under 'Sign in failed!' when the throttle makes this login wait (decision 0016; the spec has no words for it). */
export function waitMessage(seconds: number): string {
  if (seconds <= 90) return `Too many failed attempts. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed attempts. Try again in ${minutes} minutes.`;
}

export interface LoginFormErrors {
  username?: string;
  password?: string;
  /** For the whole form: failed sign-in, whatever the reason. */
  form?: string;
  /** Under the form's error: how long to wait before trying again. */
  wait?: string;
}

export type LoginForm = { valid: true; username: string; password: string } | { valid: false; username: string; errors: LoginFormErrors };

function field(body: unknown, name: string): string {
  if (typeof body !== "object" || body === null) return "";
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
}

/**
 * Reads the posted form. The username is trimmed; the password is taken exactly as typed. A
 * username with a NUL names no account and cannot be looked up (see nul-character.ts): the sign-in
 * fails as for an unknown account, without the lookup.
 */
export function readLoginForm(body: unknown): LoginForm {
  const typed = field(body, "username").trim();
  const password = field(body, "password");
  if (containsNul(typed)) return { valid: false, username: typed.replaceAll(NUL, ""), errors: { form: LOGIN_MESSAGES.signInFailed } };
  const username = typed;
  const errors: LoginFormErrors = {};
  if (!username) errors.username = LOGIN_MESSAGES.usernameRequired;
  if (!password) errors.password = LOGIN_MESSAGES.passwordRequired;
  if (errors.username || errors.password) return { valid: false, username, errors };
  return { valid: true, username, password };
}
