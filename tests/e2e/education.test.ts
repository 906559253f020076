/**
 * Therapeutic content (issue 20 §2) in real Chromium, in French and in Arabic: Camille Martin
 * (patient.open) opens My Monitoring from the navigation, finds her service's content (the demo
 * Cardiologie library: a PDF guide, an image, a YouTube video), opens the image and the PDF, each
 * in the page, and her way back leads to monitoring; the prescriber finds the library as a tab of
 * the protocols screen. Opening an item writes EDUCATION_VIEWED to Camille's history, so this runs
 * on the scratch gateway. Screenshots of the section, the items and the library at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe.ts';
import { consoleProblems, launchChromium, screenshot } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const TEXTS = {
  fr: { nav: 'Mon suivi', title: 'Mon suivi', section: 'Éducation thérapeutique', image: 'Se peser chaque matin', pdf: 'Guide : vivre avec une insuffisance cardiaque',
    youtube: 'Vidéo : le régime pauvre en sel', kindYoutube: 'Vidéo YouTube', protocols: 'Protocoles médicaux' },
  ar: { nav: 'متابعتي', title: 'متابعتي', section: 'التثقيف العلاجي', image: 'Se peser chaque matin', pdf: 'Guide : vivre avec une insuffisance cardiaque',
    youtube: 'Vidéo : le régime pauvre en sel', kindYoutube: 'فيديو على YouTube', protocols: 'البروتوكولات الطبية' },
} as const;

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `${name}-1280`);
}

describe('therapeutic content', () => {
  const base = inject('scratchGatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('the patient opens an item from her monitoring and comes back to it (%s)', async (lang) => {
    const text = TEXTS[lang];
    const page = await loggedInPage(browser, base, 'patient.open', { lang });
    const problems = consoleProblems(page);
    await page.getByRole('navigation').getByRole('link', { name: text.nav }).first().click();
    await expectScreen(page, '/p/0/health-path-data', text.title);
    const section = page.getByTestId('education-section');
    await section.getByRole('heading', { name: text.section }).waitFor();
    const links = section.getByTestId('education-link');
    await links.filter({ hasText: text.youtube }).waitFor();
    expect(await section.innerText()).toContain(text.kindYoutube);
    await section.scrollIntoViewIfNeeded();
    await shoot(page, `education-section-${lang}`);

    // The image, shown in the page from the file's own address.
    await links.filter({ hasText: text.image }).click();
    await page.waitForURL(/\/p\/0\/education\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: text.image }).waitFor();
    const image = page.getByTestId('education-image').locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(320);
    await shoot(page, `education-image-${lang}`);
    expect(await seriousViolations(page), `item in ${lang}`).toEqual([]);

    // Back leads to monitoring.
    await page.getByTestId('education-back').click();
    await expectScreen(page, '/p/0/health-path-data', text.title);

    // The PDF, framed in the page (this site only may frame it; its bytes keep their sandbox).
    await page.getByTestId('education-section').getByTestId('education-link').filter({ hasText: text.pdf }).click();
    await page.getByRole('heading', { level: 1, name: text.pdf }).waitFor();
    const frame = page.getByTestId('education-document').locator('iframe');
    expect(await frame.getAttribute('src')).toMatch(/\/api\/patient_files\/[0-9a-f-]{36}\/content\/[0-9a-f-]{36}\/file/);
    await shoot(page, `education-pdf-${lang}`);
    await page.getByTestId('education-back').click();
    await expectScreen(page, '/p/0/health-path-data', text.title);

    // The YouTube video: only through the privacy-enhanced player (not loaded here: no network to YouTube).
    await page.getByTestId('education-section').getByTestId('education-link').filter({ hasText: text.youtube }).click();
    const player = page.getByTestId('education-youtube').locator('iframe');
    await player.waitFor({ state: 'attached' });
    expect(await player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await page.goBack();
    await expectScreen(page, '/p/0/health-path-data', text.title);
    // youtube-nocookie.com cannot be reached from the test machine: its frame's load failure is not the app's.
    expect(problems.filter((p) => !/youtube/i.test(p))).toEqual([]);
    await page.context().close();
  });

  it.each(['fr', 'ar'] as const)("the prescriber finds the service's library as a tab of the protocols screen (%s)", async (lang) => {
    const text = TEXTS[lang];
    const page = await loggedInPage(browser, base, 'prescriber', { lang, path: '/s/0/medical-protocols?tab=education' });
    const problems = consoleProblems(page);
    await expectScreen(page, '/s/0/medical-protocols', text.protocols);
    const library = page.getByTestId('education-library');
    await library.getByTestId('education-row').filter({ hasText: text.pdf }).waitFor();
    expect(await library.getByTestId('education-row').count()).toBeGreaterThanOrEqual(3);
    await shoot(page, `education-library-${lang}`);
    expect(await seriousViolations(page), `library in ${lang}`).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
