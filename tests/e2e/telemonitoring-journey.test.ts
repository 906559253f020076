/**
 * Issue 11, the telemonitoring loop in Chromium, in French and in Arabic: the operator's dashboard
 * is open; the patient (Camille Martin, whose heart-failure protocol alerts from 2.5 kg over her
 * 72 kg reference weight) sends the daily heart-failure questionnaire with 75.5 kg; the operator's
 * dashboard, never reloaded, shows the new alert (live event → refetch); the operator opens its
 * context, sets a status with a comment, and closes it; the patient's monitoring shows the value.
 * Then (issue 18) the dashboard's inactive-thresholds block lists a file whose weight thresholds
 * raise nothing for want of a reference weight; its link opens the file's Indicators tab, which
 * marks them inactive, and the header says it; once a reference weight is saved, they are active.
 *
 * Each language runs on a gateway of its own (one daily occurrence of the questionnaire per day,
 * and the demo data of a first start: protocol, 90 days of values, their alerts): the French run
 * on the e2e run's scratch gateway, the Arabic one on a gateway it starts. Texts come from the
 * locale files; numbers are formatted by the page's own Intl, as the screens do.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import blocksAr from '../../client/blocks/alerts/locales/ar.json' with { type: 'json' };
import blocksFr from '../../client/blocks/alerts/locales/fr.json' with { type: 'json' };
import alertsAr from '../../client/features/alerts/locales/ar.json' with { type: 'json' };
import alertsFr from '../../client/features/alerts/locales/fr.json' with { type: 'json' };
import chartsAr from '../../client/lib/charts/locales/ar.json' with { type: 'json' };
import chartsFr from '../../client/lib/charts/locales/fr.json' with { type: 'json' };
import monitoringAr from '../../client/features/monitoring/locales/ar.json' with { type: 'json' };
import monitoringFr from '../../client/features/monitoring/locales/fr.json' with { type: 'json' };
import appAr from '../../client/locales/ar.json' with { type: 'json' };
import appFr from '../../client/locales/fr.json' with { type: 'json' };
import tabAr from '../../client/features/indicators-tab/locales/ar.json' with { type: 'json' };
import tabFr from '../../client/features/indicators-tab/locales/fr.json' with { type: 'json' };
import { apiSession } from './support/api-session.ts';
import { consoleProblems, launchChromium, screenshot, settled } from './support/browser.ts';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.ts';
import { expectScreen, loggedInPage } from './support/session.ts';
import { writingProblems } from './support/writing.ts';

const T = {
  fr: {
    app: appFr, charts: chartsFr.charts, blocks: blocksFr.dashboardBlocks.alerts, inactive: blocksFr.dashboardBlocks.inactiveThresholds, tab: tabFr.indicatorsTab.thresholds, alerts: alertsFr.alerts, monitoring: monitoringFr.monitoring,
    weight: 'Poids', weightQuestion: 'Poids du jour (kg)', breathless: 'Essoufflement inhabituel', ankles: 'Chevilles gonflées',
    no: 'Non', send: 'Envoyer mes réponses', status: 'Patient appelé',
  },
  ar: {
    app: appAr, charts: chartsAr.charts, blocks: blocksAr.dashboardBlocks.alerts, inactive: blocksAr.dashboardBlocks.inactiveThresholds, tab: tabAr.indicatorsTab.thresholds, alerts: alertsAr.alerts, monitoring: monitoringAr.monitoring,
    weight: 'الوزن', weightQuestion: 'وزن اليوم (كغ)', breathless: 'ضيق تنفس غير معتاد', ankles: 'تورّم الكاحلين',
    no: 'لا', send: 'إرسال إجاباتي', status: 'تم الاتصال بالمريض',
  },
} as const;

const poll = <V>(value: () => Promise<V> | V, timeout = 30_000) => expect.poll(value, { timeout });
const fill = (text: string, values: Record<string, string> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** Each screen photographed is also read for the ways of writing of issue 18 (support/writing.ts). */
async function shot(page: Page, name: string, lang: string) {
  await settled(page);
  expect(await writingProblems(page, lang)).toEqual([]);
  await screenshot(page, name);
  mkdirSync('/tmp/shots', { recursive: true });
  copyFileSync(`test-results/e2e/${name}.png`, `/tmp/shots/${name}.png`);
}

/** 75.5 as the page writes it (Arabic-Indic digits in Arabic). */
const weightAsShown = (page: Page, lang: string) => page.evaluate((l) => (75.5).toLocaleString(l, { maximumFractionDigits: 1 }), lang);

describe('telemonitoring journey (issue 11)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); }, 120_000);
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('questionnaire weight → live alert on the dashboard → context, status, close → the patient\'s chart (%s)', async (lang) => {
    const t = T[lang];
    const dir = lang === 'ar' ? 'rtl' : 'ltr';
    let gateway: GatewayProcess | undefined;
    try {
      // French on the scratch gateway (tests/e2e/support/global-setup.ts); Arabic on one of its
      // own, whose Camille Martin has not sent today's questionnaire yet.
      if (lang === 'ar') gateway = await startGatewayProcess();
      const base = gateway?.url ?? inject('scratchGatewayUrl');

      // 1. The operator's dashboard is open.
      const operator = await loggedInPage(browser, base, 'operator', { lang });
      const operatorProblems = consoleProblems(operator);
      await expectScreen(operator, '/s/0');
      expect(await operator.locator('html').getAttribute('dir')).toBe(dir);
      const block = operator.getByRole('table', { name: t.blocks.title });
      await block.waitFor();
      const shown = await weightAsShown(operator, lang);
      const newAlertRow = block.getByRole('row').filter({ hasText: t.weight }).filter({ hasText: shown });
      expect(await newAlertRow.count()).toBe(0);
      await shot(operator, `telemonitoring-${lang}-1-dashboard`, lang);

      // 2. The patient sends today's heart-failure questionnaire with 75.5 kg.
      const patientApi = await apiSession(base, 'patient.open');
      const files = await patientApi.get<{ data: { id: string }[] }>('/me/patient_files');
      const fileId = files.data[0]!.id;
      const tasks = await patientApi.get<{ data: { occurrenceId?: string; reference: string; status: string }[] }>(`/patient_files/${fileId}/tasks`);
      const hf = tasks.data.find((task) => task.reference === 'HF-DAILY' && ['available', 'ongoing'].includes(task.status) && task.occurrenceId)!;
      expect(hf).toBeDefined();
      const patient = await loggedInPage(browser, base, 'patient.open', { lang, path: `/p/0/survey-answers/${hf.occurrenceId}/planned/${lang}` });
      const patientProblems = consoleProblems(patient);
      await patient.getByLabel(t.weightQuestion).fill(lang === 'fr' ? '75,5' : '75.5');
      await patient.getByRole('radiogroup', { name: t.breathless }).getByRole('radio', { name: t.no }).check();
      await patient.getByRole('radiogroup', { name: t.ankles }).getByRole('radio', { name: t.no }).check();
      await shot(patient, `telemonitoring-${lang}-2-questionnaire`, lang);
      await patient.getByRole('button', { name: t.send }).click();
      await patient.waitForURL((url) => !url.pathname.includes('/survey-answers/'), { timeout: 30_000 });

      // 3. The operator's dashboard, never reloaded, shows the alert of 75.5 kg.
      await newAlertRow.first().waitFor({ timeout: 30_000 });
      await shot(operator, `telemonitoring-${lang}-3-dashboard-alert`, lang);

      // 4. Its context: the values, the chart, then a status with a comment, then the close.
      await newAlertRow.first().getByRole('link').first().click();
      await operator.waitForURL((url) => /\/s\/0\/alerts-batch\/[0-9a-f-]{36}$/.test(url.pathname));
      await operator.getByRole('heading', { level: 1 }).filter({ hasText: 'Martin' }).waitFor();
      await operator.getByText(t.alerts.batch.values).first().waitFor();
      await operator.locator('canvas').first().waitFor();
      await shot(operator, `telemonitoring-${lang}-4-context`, lang);
      await operator.getByRole('combobox', { name: t.alerts.batch.alertStatus }).click();
      await operator.getByRole('option', { name: new RegExp(t.status) }).click();
      await operator.getByRole('textbox', { name: t.alerts.batch.comment }).fill(lang === 'fr' ? 'Patiente rappelée : diurétique adapté.' : 'تم الاتصال بالمريضة وتعديل مدر البول.');
      await operator.getByRole('button', { name: t.alerts.batch.save }).click();
      await operator.getByText(t.alerts.batch.saved).first().waitFor();
      await operator.getByRole('button', { name: t.alerts.batch.close }).click();
      await operator.getByRole('dialog').getByRole('button', { name: t.alerts.batch.confirm }).click();
      const closedLine = fill(t.alerts.batch.closedBy, { date: '', name: '' }).trim().split(/\s+/)[0]!;
      await operator.getByText(new RegExp(closedLine)).first().waitFor();
      await shot(operator, `telemonitoring-${lang}-5-closed`, lang);

      // The alert is closed for the API too, with its status and the history entries.
      const pro = await apiSession(base, 'operator');
      const history = await pro.get<{ data: { kind: string }[] }>(`/patient_files/${fileId}/history?kinds=ALERT_CLOSED&kinds=ALERT_STATUS_SET&kinds=ALERT_COMMENTED`);
      expect(new Set(history.data.map((e) => e.kind))).toEqual(new Set(['ALERT_CLOSED', 'ALERT_STATUS_SET', 'ALERT_COMMENTED']));

      // 5. The patient's monitoring shows the value, on the chart and in the list.
      await patient.getByRole('navigation').getByRole('link', { name: t.app.nav.patient.myMonitoring }).first().click();
      await expectScreen(patient, '/p/0/health-path-data');
      const card = patient.getByTestId('indicator-card-weight');
      await poll(async () => (await card.getByTestId('last-value').innerText()).includes(shown)).toBe(true);
      await card.locator('canvas').first().waitFor();
      // One table of the values, not a second, different one under the chart.
      await card.getByTestId('indicator-values').waitFor();
      expect(await card.getByRole('table').count()).toBe(1);
      expect(await card.getByRole('button', { name: t.charts.showValues }).count()).toBe(0);
      await shot(patient, `telemonitoring-${lang}-6-monitoring`, lang);

      // 6. Issue 18: the dashboard lists a file whose weight thresholds are inactive; its link opens
      // the Indicators tab, which marks them; a reference weight makes them active.
      await operator.getByRole('navigation').getByRole('link', { name: t.app.nav.professional.home }).first().click();
      await expectScreen(operator, '/s/0');
      const inactiveBlock = operator.getByRole('table', { name: t.inactive.title });
      const listed = inactiveBlock.getByRole('row').filter({ hasText: t.weight });
      await listed.first().waitFor();
      await shot(operator, `telemonitoring-${lang}-7-inactive-thresholds`, lang);
      await listed.first().getByRole('link').first().click();
      await operator.waitForURL((url) => /\/s\/0\/patient-file\/[0-9a-f-]{36}\/indicators$/.test(url.pathname));
      const weightRow = operator.locator('tr[data-indicator="weight"]');
      await weightRow.getByText(t.tab.inactive.no_reference_value).first().waitFor();
      await operator.getByTestId('inactive-thresholds').waitFor();
      await shot(operator, `telemonitoring-${lang}-8-indicators-tab`, lang);
      await weightRow.getByRole('button', { name: t.tab.edit }).click();
      const editor = operator.getByRole('dialog');
      await editor.getByRole('textbox', { name: fill(t.tab.referenceValue, { unit: 'kg' }) }).fill(lang === 'fr' ? '70,5' : '70.5');
      await editor.getByRole('button', { name: t.tab.saveReference }).click();
      await editor.waitFor({ state: 'detached' });
      await poll(() => weightRow.getByText(t.tab.inactive.no_reference_value).count()).toBe(0);
      await poll(() => operator.getByTestId('inactive-thresholds').count()).toBe(0);

      expect(operatorProblems).toEqual([]);
      expect(patientProblems).toEqual([]);
    } finally {
      await gateway?.stop();
    }
  }, 300_000);
});
