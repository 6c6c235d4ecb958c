import type { DisplayUser } from "~/auth/user-display";
import { useHydrated } from "~/lib/use-hydrated";
import { UserMenuDropdown } from "./user-menu-dropdown";
import { UserMenuLinks } from "./user-menu-links";

/** Links that work without JavaScript until the page is hydrated, then a Mantine menu. */
export function UserMenu({ user }: { user: DisplayUser }) {
  return useHydrated() ? <UserMenuDropdown user={user} /> : <UserMenuLinks user={user} />;
}
