import { z } from "zod";

const roleList = z.array(z.string());

/** A directory user's roles (the dloedrprole column, a JSON list of role names); [] when it is not one. */
export function parseRoleList(json: string): string[] {
  try {
    const parsed = roleList.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
