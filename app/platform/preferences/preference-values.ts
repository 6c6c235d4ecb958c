import { z } from "zod";

/** The preferred location ('Select Preferred Location'): the chosen shop's id and name. */
export const preferredLocationValueSchema = z.object({
  shopId: z.number().int().positive(),
  shopName: z.string(),
});
export type PreferredLocation = z.infer<typeof preferredLocationValueSchema>;

/** An IANA zone name; validity against the runtime is checked where it is used. */
export const timeZoneValueSchema = z.string().min(1).max(64);
