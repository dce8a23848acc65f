import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

// Every spec's `test` and `expect` (import them from here, or from ./fixtures, which extends
// this): a test fails when one of its pages throws an uncaught error or React reports a
// hydration error, even if everything it asserts passed, so a page that breaks while it still
// looks right (React's #418 after a server render draws the page again, in the browser) cannot
// come back unseen. A test that causes an error on purpose allows exactly that error:
//
//   test('…', async ({ page, pageErrors }) => {
//     pageErrors.allow(/the stream is down/);
//     …
//   });

/**
 * React's hydration errors: the production build's #418 (the server's markup differs), #423
 * (an error while hydrating) and #425 (text differs), and a development build's wording.
 */
const HYDRATION_ERROR =
  /Minified React error #(418|423|425)\b|Hydration failed|hydrat\w* but some attributes|didn't match the client|error while hydrating/i;

export interface PageErrors {
  /**
   * Allows the page errors `pattern` matches, in this test only: say which error the test
   * causes. A pattern that matches any message (`/.*\/`, `/./`) is refused.
   */
  allow(pattern: RegExp): void;
}

/** How an error reads in the failure: where it happened, and what. */
function describeError(page: Page, message: string): string {
  return `${message}\n    on ${page.url()}`;
}

export const test = base.extend<{ pageErrors: PageErrors }>({
  pageErrors: [
    async ({ browser, context }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      const watch = (page: Page) => {
        page.on('pageerror', (error) => {
          seen.push(describeError(page, `${error.name}: ${error.message}`));
        });
        page.on('console', (message) => {
          if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) {
            seen.push(describeError(page, message.text()));
          }
        });
      };
      const watchContext = (watched: BrowserContext) => {
        for (const page of watched.pages()) watch(page);
        watched.on('page', watch);
      };
      watchContext(context);
      // A test that opens a context of its own (a phone, a second visitor) is watched there too.
      const newContext = browser.newContext;
      browser.newContext = async (...options) => {
        const opened = await newContext.apply(browser, options);
        watchContext(opened);
        return opened;
      };
      await use({
        allow(pattern) {
          if (pattern.test('') || pattern.test('Error: anything at all')) {
            throw new Error(
              `pageErrors.allow(${pattern}) allows any error: name the one expected.`,
            );
          }
          allowed.push(pattern);
        },
      });
      browser.newContext = newContext;
      const unexpected = seen.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      if (unexpected.length > 0) {
        throw new Error(
          `The page had ${unexpected.length} unexpected error(s): fix them, or, for an error ` +
            `the test causes on purpose, pageErrors.allow(/…/) it.\n  ${unexpected.join('\n  ')}`,
        );
      }
    },
    { auto: true },
  ],
});

// The types specs use, so a spec imports from one place.
export type { APIRequestContext, Locator, Page } from '@playwright/test';
export { expect };
