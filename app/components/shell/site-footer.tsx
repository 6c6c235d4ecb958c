import { Anchor, Group, Text } from "@mantine/core";

/** The operating company's public pages (platform spec §1: copyright, privacy policy, support, terms of use). */
export const FOOTER_LINKS = [
  { label: "Privacy Policy", href: "https://www.cccis.com/privacy-policy" },
  { label: "Support", href: "https://www.cccis.com/support" },
  { label: "Terms of Use", href: "https://www.cccis.com/terms-of-use" },
] as const;

export const COPYRIGHT_OWNER = "CCC Intelligent Solutions Inc.";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Group component="footer" justify="space-between" px="md" py="sm" gap="xs" bg="gray.0" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
      <Text size="sm" c="dimmed" suppressHydrationWarning>
        © {year} {COPYRIGHT_OWNER} All rights reserved.
      </Text>
      <Group gap="md" component="nav" aria-label="Legal and support">
        {FOOTER_LINKS.map((link) => (
          <Anchor key={link.label} href={link.href} size="sm" target="_blank" rel="noopener noreferrer">
            {link.label}
          </Anchor>
        ))}
      </Group>
    </Group>
  );
}
