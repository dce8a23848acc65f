export const PRODUCT_NAME = 'Airgrid TV';

/** The browser tab's text for a page: `{title} · Airgrid TV`, or just the product name. */
export function formatDocumentTitle(pageTitle?: string | null): string {
  const title = pageTitle?.trim();
  return title && title !== PRODUCT_NAME ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
