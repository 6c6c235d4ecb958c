/** 'User Roles, Providers and Devices.': the admin screens a user may open, as the Admin card's sentence. */
export function adminScreensLine(screens: readonly string[]): string {
  if (screens.length <= 1) return `${screens.join("")}.`;
  return `${screens.slice(0, -1).join(", ")} and ${screens[screens.length - 1]}.`;
}
