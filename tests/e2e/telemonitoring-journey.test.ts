/**
 * Issue 11, the telemonitoring loop in Chromium, in French and in Arabic: the operator's dashboard
 * is open; the patient (Camille Martin, whose heart-failure protocol alerts from 2.5 kg over her
 * 72 kg reference weight) sends the daily heart-failure questionnaire with 75.5 kg; the operator's
 * dashboard, never reloaded, shows the new alert (live event → refetch); the operator opens its
 * context, sets a status with a comment, adds a second comment to the thread, and closes it; the patient's monitoring shows the value.
 * Then a value entered by mistake (issue 18): the patient corrects a weight she just typed (95 kg
 * for 75.4), and the operator marks another (7.5 kg) entered in error from the value table; both
 * show struck, said "entered in error", on the patient's screen.
 * Then the dashboard's inactive-thresholds block lists a file whose weight thresholds raise nothing
 * for want of a reference weight; its link opens the file's Indicators tab, which marks them
 * inactive, and the header says it; once a reference weight is saved, they are active.
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
import indicatorsTabAr from '../../client/features/indicators-tab/locales/ar.json' with { type: 'json' };
import indicatorsTabFr from '../../client/features/indicators-tab/locales/fr.json' with { type: 'json' };
import valueTablesAr from '../../client/blocks/value-tables/locales/ar.json' with { type: 'json' };
import valueTablesFr from '../../client/blocks/value-tables/locales/fr.json' with { type: 'json' };
import inErrorAr from '../../client/lib/monitoring/locales/ar.json' with { type: 'json' };
import inErrorFr from '../../client/lib/monitoring/locales/fr.json' with { type: 'json' };
import appAr from '../../client/locales/ar.json' with { type: 'json' };
import appFr from '../../client/locales/fr.json' with { type: 'json' };
import { apiSession } from './support/api-session.ts';
import { consoleProblems, launchChromium, screenshot, settled } from './support/browser.ts';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.ts';
import { expectScreen, loggedInPage } from './support/session.ts';
import { writingProblems } from './support/writing.ts';

const T = {
  fr: {
    app: appFr, charts: chartsFr.charts, blocks: blocksFr.dashboardBlocks.alerts, alerts: alertsFr.alerts, monitoring: monitoringFr.monitoring,
    tab: indicatorsTabFr.indicatorsTab, valueTables: valueTablesFr.valueTables, inError: inErrorFr.enteredInError, inactive: blocksFr.dashboardBlocks.inactiveThresholds, thresholds: indicatorsTabFr.indicatorsTab.thresholds,
    weight: 'Poids', weightQuestion: 'Poids du jour (kg)', breathless: 'Essoufflement inhabituel', ankles: 'Chevilles gonflées',
    no: 'Non', send: 'Envoyer mes réponses', status: 'Patient appelé',
  },
  ar: {
    app: appAr, charts: chartsAr.charts, blocks: blocksAr.dashboardBlocks.alerts, alerts: alertsAr.alerts, monitoring: monitoringAr.monitoring,
    tab: indicatorsTabAr.indicatorsTab, valueTables: valueTablesAr.valueTables, inError: inErrorAr.enteredInError, inactive: blocksAr.dashboardBlocks.inactiveThresholds, thresholds: indicatorsTabAr.indicatorsTab.thresholds,
    weight: 'الوزن', weightQuestion: 'وزن اليوم (كغ)', breathless: 'ضيق تنفس غير معتاد', ankles: 'تورّم الكاحلين',
    no: 'لا', send: 'إرسال إجاباتي', status: 'تم الاتصال بالمريض',
  },
} as const;

const poll = <V>(value: () => Promise<V> | V, timeout = 30_000) => expect.poll(value, { timeout });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A locale text as a pattern: the values given, anything for the others. */
const pattern = (text: string, values: Record<string, string>) =>
  new RegExp(`^${text.split(/(\{\{\w+\}\})/).map((part) => { const key = /^\{\{(\w+)\}\}$/.exec(part)?.[1]; return key ? (key in values ? escape(values[key]!) : '.*') : escape(part); }).join('')}$`);
const fill = (text: string, values: Record<string, string> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** Each screen photographed is also read for the ways of writing of issue 18 (support/writing.ts). */
async function shot(page: Page, name: string, lang: string) {
  await settled(page);
  expect(await writingProblems(page, lang)).toEqual([]);
  await screenshot(page, name);
  mkdirSync('/tmp/shots', { recursive: true });
  copyFileSync(`test-results/e2e/${name}.png`, `/tmp/shots/${name}.png`);
}

/** The file's weight indicator, as the patient's monitoring lists it. */
async function weightId(api: Awaited<ReturnType<typeof apiSession>>, fileId: string) {
  const indicators = await api.get<{ data: { id: string; reference: string }[] }>(`/patient_files/${fileId}/indicators`);
  return indicators.data.find((i) => i.reference === 'weight')!.id;
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
      // A second comment joins the thread: both stay, each with its author.
      const second = lang === 'fr' ? 'Poids à recontrôler demain matin.' : 'إعادة قياس الوزن صباح الغد.';
      await operator.getByRole('textbox', { name: t.alerts.batch.comment }).fill(second);
      await operator.getByRole('button', { name: t.alerts.batch.save }).click();
      const thread = operator.getByRole('list', { name: t.alerts.batch.comments });
      await thread.getByText(second).waitFor();
      expect(await thread.getByRole('listitem').count()).toBe(2);
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

      // 6. A value typed by mistake, corrected by the patient within the delay.
      const asShown = (value: number) => patient.evaluate(([v, l]) => (v as number).toLocaleString(l as string, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), [value, lang] as const);
      const typo = await patientApi.post<{ measures: { id: string }[] }>(`/patient_files/${fileId}/indicators/data`, { indicatorId: await weightId(patientApi, fileId), value: 95 });
      expect(typo.status).toBe(201);
      await patient.reload();
      const values = card.getByTestId('indicator-values');
      const typoRow = values.getByRole('row').filter({ hasText: await asShown(95) });
      await typoRow.getByRole('button', { name: t.monitoring.correct.open }).click();
      const dialog = patient.getByRole('dialog');
      await dialog.getByRole('textbox', { name: t.monitoring.correct.value }).fill(lang === 'fr' ? '75,4' : '75.4');
      await shot(patient, `telemonitoring-${lang}-7-correct`, lang);
      await dialog.getByRole('button', { name: t.monitoring.correct.submit }).click();
      await patient.getByRole('status').filter({ hasText: await asShown(95) }).waitFor();
      await poll(async () => (await card.getByTestId('last-value').innerText()).includes(await asShown(75.4))).toBe(true);
      await typoRow.getByText(t.inError.badge).waitFor();
      expect(await typoRow.getByRole('button', { name: t.monitoring.correct.open }).count()).toBe(0);

      // 7. Another typo, 7.5 kg: the operator marks it entered in error from the value table, with a reason.
      const other = await patientApi.post<{ measures: { id: string }[] }>(`/patient_files/${fileId}/indicators/data`, { indicatorId: await weightId(patientApi, fileId), value: 7.5 });
      expect(other.status).toBe(201);
      await operator.goto(`${base}/s/0/patient-file/${fileId}/indicators`);
      const table = operator.getByTestId('value-table');
      const mark = table.getByRole('button', { name: pattern(t.valueTables.mark, { value: `${await asShown(7.5)} kg` }) });
      await mark.first().click();
      const markDialog = operator.getByRole('dialog');
      await markDialog.getByRole('textbox', { name: t.tab.enteredInError.reason }).fill(lang === 'fr' ? 'Virgule oubliée : 75 kg au téléphone.' : 'فاصلة منسية: 75 كغ بالهاتف.');
      await shot(operator, `telemonitoring-${lang}-8-mark`, lang);
      await markDialog.getByRole('button', { name: t.tab.enteredInError.confirm }).click();
      await operator.getByRole('status').filter({ hasText: await asShown(7.5) }).waitFor();
      await table.getByTestId('entered-in-error').filter({ hasText: lang === 'fr' ? 'Virgule oubliée' : 'فاصلة منسية' }).waitFor();
      await shot(operator, `telemonitoring-${lang}-9-marked`, lang);

      // The patient sees both struck, said in words, not only drawn.
      await patient.reload();
      await poll(() => values.getByText(t.inError.badge).count()).toBe(2);
      await shot(patient, `telemonitoring-${lang}-10-struck`, lang);

      // 8. Issue 18: the dashboard lists a file whose weight thresholds are inactive; its link opens
      // the Indicators tab, which marks them; a reference weight makes them active.
      await operator.getByRole('navigation').getByRole('link', { name: t.app.nav.professional.home }).first().click();
      await expectScreen(operator, '/s/0');
      const inactiveBlock = operator.getByRole('table', { name: t.inactive.title });
      const listed = inactiveBlock.getByRole('row').filter({ hasText: t.weight });
      await listed.first().waitFor();
      await shot(operator, `telemonitoring-${lang}-11-inactive-thresholds`, lang);
      await listed.first().getByRole('link').first().click();
      await operator.waitForURL((url) => /\/s\/0\/patient-file\/[0-9a-f-]{36}\/indicators$/.test(url.pathname));
      const weightRow = operator.locator('tr[data-indicator="weight"]');
      await weightRow.getByText(t.thresholds.inactive.no_reference_value).first().waitFor();
      await operator.getByTestId('inactive-thresholds').waitFor();
      await shot(operator, `telemonitoring-${lang}-12-indicators-tab`, lang);
      await weightRow.getByRole('button', { name: t.thresholds.edit }).click();
      const editor = operator.getByRole('dialog');
      await editor.getByRole('textbox', { name: fill(t.thresholds.referenceValue, { unit: 'kg' }) }).fill(lang === 'fr' ? '70,5' : '70.5');
      await editor.getByRole('button', { name: t.thresholds.saveReference }).click();
      await editor.waitFor({ state: 'detached' });
      await poll(() => weightRow.getByText(t.thresholds.inactive.no_reference_value).count()).toBe(0);
      await poll(() => operator.getByTestId('inactive-thresholds').count()).toBe(0);

      expect(operatorProblems).toEqual([]);
      expect(patientProblems).toEqual([]);
    } finally {
      await gateway?.stop();
    }
  }, 300_000);
});
