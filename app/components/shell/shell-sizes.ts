/** Heights and widths of the layout (platform spec §9: drawer width 250). */
export const HEADER_HEIGHT = 56;
export const DRAWER_WIDTH = 250;
