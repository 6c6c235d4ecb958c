import type { UserClaims } from "~/auth/user-claims";

/** Who writes, in which time zone (a stale refusal's date), and when: the write's own moment when not given. */
export interface Writer {
  actor: UserClaims;
  timeZone: string;
  now?: Date;
}
