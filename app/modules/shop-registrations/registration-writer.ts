import type { UserClaims } from "~/auth/user-claims";

/** Who writes a registration, in which time zone (the stale message's date), and when. */
export interface RegistrationWriter {
  actor: UserClaims;
  timeZone: string;
  now: Date;
}
