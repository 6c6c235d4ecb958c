export const PRODUCT_NAME = "Diagnostics Operations Portal";

/** The document title: the product name, then the route's own title when it has one. */
export function pageTitle(routeTitle?: string): string {
  return routeTitle ? `${PRODUCT_NAME} | ${routeTitle}` : PRODUCT_NAME;
}
