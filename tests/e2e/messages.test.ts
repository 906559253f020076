/**
 * Secure messaging (issue 20 §4) in real Chromium, in French and in Arabic: Camille Martin
 * (patient.open) finds "To read" on her home, opens My Messenger from the navigation, reads the emergency caution, writes a
 * message with a photo (the upload shows its progress, then "ready"); the prescriber's dashboard,
 * open all along, shows the conversation unread without a reload (live `message.created`); he
 * opens it from the block (the file's Messages tab), sees the photo and answers; the patient sees
 * the answer without a reload, is told of it in the bell and by an e-mail (read from the gateway's
 * mail catcher) that says nothing of it. axe finds nothing serious on either side. Runs on the scratch
 * gateway (it adds messages to a demo file). Screenshots at 1280 and 390 px in test-results/e2e.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.ts';
import { consoleProblems, launchChromium, screenshot } from './support/browser.ts';
import { pngOf } from './support/png.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const TEXTS = {
  fr: { nav: 'Ma messagerie', title: 'Ma messagerie', ready: 'Prête à envoyer', tab: 'Messages', caution: '112', open: 'Ouvrir ma messagerie', told: 'Nouveau message dans votre messagerie' },
  ar: { nav: 'رسائلي', title: 'رسائلي', ready: 'جاهز للإرسال', tab: 'الرسائل', caution: '112', open: 'فتح رسائلي', told: 'رسالة جديدة في مراسلاتك' },
} as const;

const poll = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });
const block = (page: Page) => page.locator('[data-layout-grid] [data-block-type="documents-messaging"]');
/** The block's first table: the conversations (the documents waiting for acknowledgement follow). */
const conversations = (page: Page) => block(page).locator('table').first();
const bubble = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });
const CAMILLE = 'patient.open@demo.telesuivi.test';

/** The e-mails to Camille the gateway's mail catcher received (npm start's, at /dev/mail). */
async function mailsToCamille(base: string): Promise<{ subject: string; text: string; html: string }[]> {
  const all = (await (await fetch(`${base}/dev/mail/messages.json`)).json()) as { to: string[]; subject: string; text: string; html: string }[];
  return all.filter((m) => m.to.includes(CAMILLE));
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `${name}-1280`);
}

describe('messages', () => {
  const base = inject('scratchGatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('the patient writes with a photo, the prescriber sees it live and answers (%s)', async (lang) => {
    const text = TEXTS[lang];
    const tag = randomUUID().slice(0, 8);
    const question = `J’ai une rougeur au bras ${tag}`;
    const answer = `Merci, nous regardons la photo ${tag}`;

    // The prescriber's dashboard stays open, never reloaded.
    const prescriber = await loggedInPage(browser, base, 'prescriber', { lang, path: '/s/0' });
    const proProblems = consoleProblems(prescriber);
    await conversations(prescriber).waitFor({ timeout: 20_000 });

    const patient = await loggedInPage(browser, base, 'patient.open', { lang });
    const problems = consoleProblems(patient);
    // The home says what is to read, with the way to the messenger.
    await patient.getByTestId('inbox-card').getByRole('link', { name: text.open }).waitFor();
    await shoot(patient, `messages-home-${lang}`);
    await patient.getByRole('navigation').getByRole('link', { name: text.nav }).first().click();
    await expectScreen(patient, '/p/0/messages', text.title);
    expect(await patient.getByTestId('message-caution').innerText()).toContain(text.caution);
    await patient.getByTestId('message-text').fill(question);
    await patient.locator('input[type="file"]').setInputFiles({ name: `bras-${tag}.png`, mimeType: 'image/png', buffer: pngOf(320, 240, [200, 80, 80]) });
    const upload = patient.getByTestId('message-upload');
    await upload.and(patient.locator('[data-state="uploaded"]')).waitFor();
    expect(await upload.innerText()).toContain(text.ready);
    await shoot(patient, `messages-compose-${lang}`);
    await patient.getByTestId('message-send').click();
    await bubble(patient, question).getByTestId('attachment-image').waitFor();
    expect(await patient.getByTestId('message-text').inputValue()).toBe('');
    // The thumbnail is the image's bytes, not a broken picture.
    await poll(() => bubble(patient, question).locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    expect(await seriousViolations(patient), `messenger in ${lang}`).toEqual([]);

    // The dashboard, live: Camille Martin's conversation unread.
    const row = conversations(prescriber).locator('tbody tr').filter({ hasText: 'Martin' });
    await poll(() => row.getByTestId('conversation-unread').count()).toBeGreaterThan(0);
    await shoot(prescriber, `messages-dashboard-${lang}`);
    expect(await seriousViolations(prescriber), `dashboard in ${lang}`).toEqual([]);

    await row.getByTestId('conversation-link').click();
    await prescriber.waitForURL(/\/s\/0\/patient-file\/[0-9a-f-]{36}\/messages$/);
    await prescriber.getByRole('tab', { name: text.tab, selected: true }).waitFor();
    await bubble(prescriber, question).getByTestId('attachment-image').waitFor();
    const mailedBefore = (await mailsToCamille(base)).length;
    await prescriber.getByTestId('message-text').fill(answer);
    await prescriber.getByTestId('message-send').click();
    await bubble(prescriber, answer).waitFor();
    await shoot(prescriber, `messages-tab-${lang}`);
    expect(await seriousViolations(prescriber), `Messages tab in ${lang}`).toEqual([]);

    // The patient, without a reload: the answer, from the care team.
    await bubble(patient, answer).waitFor({ timeout: 20_000 });
    await shoot(patient, `messages-answered-${lang}`);
    // Told of it in the bell, live, and by e-mail (sent by the job queue to the gateway's SMTP
    // catcher): the e-mail says there is a message, never what it says nor about whom.
    await poll(async () => Number(await patient.getByTestId('notification-bell').getAttribute('data-count'))).toBeGreaterThan(0);
    await patient.getByTestId('notification-bell').click();
    await patient.getByTestId('notification-item').filter({ hasText: text.told }).first().waitFor();
    await patient.keyboard.press('Escape');
    await poll(async () => (await mailsToCamille(base)).length).toBeGreaterThan(mailedBefore);
    for (const mail of (await mailsToCamille(base)).slice(mailedBefore)) {
      for (const secret of [answer, question, 'Camille', 'Martin']) expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain(secret);
    }
    if (lang === 'ar') {
      // Right to left: her own bubble on the left, the team's on the right.
      const [mine, theirs] = [await bubble(patient, question).boundingBox(), await bubble(patient, answer).boundingBox()];
      expect(mine!.x).toBeLessThan(theirs!.x);
    }
    expect(problems).toEqual([]);
    expect(proProblems).toEqual([]);
    await Promise.all([patient.context().close(), prescriber.context().close()]);
  });
});
