import { z } from "zod";

/** The signed-in user, as kept in the session row and handed to loaders. */
export interface UserClaims {
  id: string;
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  roles: string[];
  companyId: number | null;
}

const storedClaimsSchema = z.object({
  id: z.string(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  companyId: z.number().nullable(),
});

export function userClaimsOf(json: string): UserClaims {
  return storedClaimsSchema.parse(JSON.parse(json));
}
