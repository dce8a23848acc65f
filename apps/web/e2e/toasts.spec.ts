import { expect, type Page, test } from '@playwright/test';
import { AuthPages } from './pages/auth-pages';

// The hidden shortcut (seed §2) and the toast it raises: top right, 20px from the edges,
// gone after the default 4000 ms (seed §9).

/** Presses the backtick, then `a`, as a person does. */
async function pressWhoAmI(page: Page): Promise<void> {
  await page.keyboard.press('Backquote');
  await page.keyboard.press('a');
}

const toastWithText = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text });

type WatchedWindow = Window & { toastLifetime?: Promise<number> };

/**
 * Starts measuring how long a toast with this text stays in the page, from the moment it is
 * added to the moment it is removed, and returns a reader for the result. It is measured in the
 * page: timers in the test process run late on a busy machine, and the page's clock is the one
 * the toast's life runs on.
 */
async function watchLifetime(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    (window as WatchedWindow).toastLifetime = new Promise<number>((resolve) => {
      let shownAt: number | null = null;
      const present = () =>
        [...document.querySelectorAll('[role="alert"]')].some((element) =>
          element.textContent?.includes(wanted),
        );
      const observer = new MutationObserver(() => {
        if (shownAt === null && present()) shownAt = performance.now();
        else if (shownAt !== null && !present()) {
          observer.disconnect();
          resolve(performance.now() - shownAt);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, text);
  return () => page.evaluate(() => (window as WatchedWindow).toastLifetime ?? Promise.reject());
}

test.describe('who-am-i shortcut', () => {
  test('signed out, it says nobody is logged in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await pressWhoAmI(page);
    const toast = toastWithText(page, "You're not logged in.");
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-severity', 'error');
  });

  test('signed in, it shows the email and id, top right, for about four seconds', async ({
    page,
  }) => {
    await new AuthPages(page).signIn('demo@airgrid.tv', 'airgrid-demo');
    await expect(page).toHaveURL(/\/dashboard$/);
    const id = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('pocketbase_auth') ?? '{}').record?.id,
    );
    expect(id).toMatch(/^[a-z0-9]{15}$/);

    const text = `Logged in as demo@airgrid.tv (${id})`;
    const lifetime = await watchLifetime(page, text);
    await pressWhoAmI(page);
    const toast = toastWithText(page, text);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-severity', 'success');

    // Once its entrance transition has ended it sits 20px from the top and right edges.
    const viewport = page.viewportSize();
    if (!viewport) throw new Error('The page has no viewport size.');
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return box && { top: box.y, right: viewport.width - (box.x + box.width) };
      })
      .toEqual({ top: 20, right: 20 });

    // Shown 4000 ms, then a 250 ms exit: still there at 3.5 s, gone by 5 s.
    const shownMs = await lifetime();
    expect(shownMs).toBeGreaterThanOrEqual(4000);
    expect(shownMs).toBeLessThanOrEqual(5000);
    await expect(toast).toBeHidden();
  });

  test('a backtick and a typed into a field are just text', async ({ page }) => {
    await page.goto('/auth/login');
    const email = page.getByLabel('Email address');
    await email.click();
    await pressWhoAmI(page);
    await expect(email).toHaveValue('`a');
    // Nothing is scheduled: the toast would have been shown during the key press.
    await page.waitForTimeout(300);
    await expect(page.getByRole('alert').filter({ hasText: "You're not logged in." })).toHaveCount(
      0,
    );
  });

  test('the a must follow the backtick directly', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Backquote');
    await page.keyboard.press('b');
    await page.keyboard.press('a');
    await page.waitForTimeout(300);
    await expect(page.getByRole('alert').filter({ hasText: "You're not logged in." })).toHaveCount(
      0,
    );
    await pressWhoAmI(page);
    await expect(toastWithText(page, "You're not logged in.")).toBeVisible();
  });
});
