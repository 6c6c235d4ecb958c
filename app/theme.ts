import { colorsTuple, createTheme, DEFAULT_THEME, type CSSVariablesResolver } from "@mantine/core";

/**
 * Mantine's green with a darker last shade: its own green-9 is 4.4:1 on white and 3.9:1 on a light
 * badge's tint; #237032 is 6.1:1 and 5.3:1.
 */
const green = colorsTuple([...DEFAULT_THEME.colors.green.slice(0, 9), "#237032"]);

/**
 * Colours meet WCAG AA contrast (4.5:1 for text; axe's color-contrast rule, decision 0018).
 * Mantine's default shade 6 does not: white on blue-6 is 3.6:1, blue-6 links on the footer's gray
 * 3.4:1, red-6 3.3:1. Shade 9 is the first whose filled, light (tinted badge) and link uses all pass
 * (blue 6.1, 5.3 and 5.8:1). The dark scheme is not offered, so it keeps Mantine's defaults.
 */
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 9, dark: 8 },
  colors: { green },
  components: {
    // A table wider than its container scrolls sideways: its scroll area takes keyboard focus so
    // keyboard users can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // A dialog's close mark is an icon and needs a name (axe: button-name). Not "Close": several
    // dialogs have a Close button or link of their own, and two controls of one name confuse.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } },
    // Without this, a menu opens with an empty focusable div inside role="menu", which may hold only
    // menu items (axe: aria-required-children); the first item takes the focus instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
  defaultRadius: "sm",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
});

/**
 * Dimmed text (c="dimmed") is gray-6 by default, 3.3:1 on white; gray-7 is 8.2:1.
 * A selected grid row is tinted with the primary colour, half transparent by default, and darker
 * again under the pointer: its links (blue-9) fell to 4.1:1. Opaque blue-0 and blue-1 keep them at
 * 5.6:1 and 4.9:1. These variables are mantine-react-table's, set after its stylesheet.
 * A field's error (its message and its border) is red-6 by default, 3.3:1; red-9 is 5.4:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mrt-selected-row-background-color": "var(--mantine-color-blue-0)",
    "--mrt-selected-row-hover-background-color": "var(--mantine-color-blue-1)",
  },
  dark: {},
});
