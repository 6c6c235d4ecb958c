/** Role names carried in the dloedrprole claim. */
export const ROLES = {
  portal: "DIP_PORTAL",
  provider: "DIP_PROVIDER",
  power: "DIP_POWER",
  admin: "DIP_ADMIN",
  cccAdmin: "CCC_Admin",
} as const;

/** DIP_PROVIDER without DIP_POWER or DIP_ADMIN: locked to the provider of their company. */
export function isProviderOnly(roles: readonly string[]): boolean {
  return roles.includes(ROLES.provider) && !roles.includes(ROLES.power) && !roles.includes(ROLES.admin);
}
