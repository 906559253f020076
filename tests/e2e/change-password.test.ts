/**
 * Change password from the user's menu (issue 21 §2): the patient changes it in one browser and
 * her session in another browser ends, while the one that changed it goes on; then she logs in
 * with the new password there and changes it back, in the other language, and the first browser's
 * session ends in turn. The account ends as the demo left it (e2e files run one after another).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, demoEmail, loginAs } from './support/login.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const ACCOUNT = 'patient.open';
const NEW_PASSWORD = 'Camille-nouveau-2026';

const TEXTS = {
  ar: { menu: 'تغيير كلمة المرور', current: 'كلمة المرور الحالية', next: 'كلمة المرور الجديدة', confirmation: 'تأكيد كلمة المرور الجديدة', confirm: 'تغيير كلمة المرور', done: 'تم تغيير كلمة المرور' },
  fr: { menu: 'Changer mon mot de passe', current: 'Mot de passe actuel', next: 'Nouveau mot de passe', confirmation: 'Confirmation du nouveau mot de passe', confirm: 'Changer le mot de passe', done: 'Votre mot de passe a été changé' },
} as const;

async function changePassword(page: Page, lang: keyof typeof TEXTS, from: string, to: string, shot: string) {
  const t = TEXTS[lang];
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: t.menu }).click();
  const dialog = page.getByRole('dialog');
  const field = (label: string) => dialog.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
  await field(t.current).fill(from);
  await field(t.next).fill(to);
  await field(t.confirmation).fill(to);
  await screenshot(page, shot);
  await dialog.getByRole('button', { name: t.confirm }).click();
  await page.getByText(t.done).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** A page whose session ended: reloaded, it lands on the login page. */
async function expectLoggedOut(page: Page) {
  await page.reload();
  await page.waitForURL(/\/auth\/login\?/);
}

describe('change password', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  let restored = false;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => {
    // Put the demo password back if the test stopped half-way, so the next files can log in.
    if (!restored) await restoreThroughApi(base).catch(() => {});
    await browser?.close();
  });

  it("ends the patient's other session and keeps the one that changed it, in ar then fr", async () => {
    const arabic = await loggedInPage(browser, base, ACCOUNT, { lang: 'ar' });
    const french = await loggedInPage(browser, base, ACCOUNT, { lang: 'fr', context: { viewport: { width: 390, height: 844 } } });
    await expectScreen(arabic, '/p/0');
    await expectScreen(french, '/p/0');

    await changePassword(arabic, 'ar', DEMO_PASSWORD, NEW_PASSWORD, 'change-password-ar');
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectLoggedOut(french);
    await arabic.reload();
    await expectScreen(arabic, '/p/0');

    // The old password no longer opens a session; the new one does, and she changes it back.
    await loginAs(french, base, ACCOUNT, '/', NEW_PASSWORD);
    await expectScreen(french, '/p/0');
    await changePassword(french, 'fr', NEW_PASSWORD, DEMO_PASSWORD, 'change-password-390');
    restored = true;
    await expectLoggedOut(arabic);
    await french.reload();
    await expectScreen(french, '/p/0');
    await arabic.context().close();
    await french.context().close();
  });
});

/** The demo password back through the API, whichever of the two is in force. */
async function restoreThroughApi(base: string) {
  const page = await fetch(`${base}/auth/login`);
  const token = /name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const cookies = page.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies, 'x-csrf-token': token },
    body: JSON.stringify({ email: demoEmail(ACCOUNT), password: NEW_PASSWORD }),
  });
  if (login.status !== 200) return; // the demo password is still the one
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => c.startsWith('sid=')).join('; ');
  const csrf = (await fetch(`${base}/api/me`, { headers: { cookie } })).headers.get('x-csrf-token') ?? '';
  await fetch(`${base}/api/me/password`, {
    method: 'PUT', headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ currentPassword: NEW_PASSWORD, newPassword: DEMO_PASSWORD, confirmation: DEMO_PASSWORD }),
  });
}
