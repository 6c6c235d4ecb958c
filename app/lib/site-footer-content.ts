/**
 * What the footer says (platform spec §1: copyright, privacy policy, support, terms of use), on the
 * portal's pages and on the built-in identity provider's pages alike.
 */
export const FOOTER_LINKS = [
  { label: "Privacy Policy", href: "https://www.cccis.com/privacy-policy" },
  { label: "Support", href: "https://www.cccis.com/support" },
  { label: "Terms of Use", href: "https://www.cccis.com/terms-of-use" },
] as const;

export const COPYRIGHT_OWNER = "CCC Intelligent Solutions Inc.";

export function copyrightLine(year: number): string {
  return `© ${year} ${COPYRIGHT_OWNER} All rights reserved.`;
}

/** The footer's navigation landmark. */
export const FOOTER_NAV_LABEL = "Legal and support";
