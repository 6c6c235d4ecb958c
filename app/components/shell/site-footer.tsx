import { Anchor, Group, Text } from "@mantine/core";
import { copyrightLine, FOOTER_LINKS, FOOTER_NAV_LABEL } from "~/lib/site-footer-content";

export function SiteFooter() {
  return (
    <Group component="footer" justify="space-between" px="md" py="sm" gap="xs" bg="gray.0" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
      <Text size="sm" c="dimmed" suppressHydrationWarning>
        {copyrightLine(new Date().getFullYear())}
      </Text>
      <Group gap="md" component="nav" aria-label={FOOTER_NAV_LABEL}>
        {FOOTER_LINKS.map((link) => (
          <Anchor key={link.label} href={link.href} size="sm" target="_blank" rel="noopener noreferrer">
            {link.label}
          </Anchor>
        ))}
      </Group>
    </Group>
  );
}
