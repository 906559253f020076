/** The patient file's tab registry: entries checked, ordered, found by address, filtered by privileges where the file is followed. */
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { tabRegistry } from '../../../client/app/patient-file-tabs/registry.ts';
import type { PatientFileTab } from '../../../client/app/patient-file-tabs/tab.ts';
import { patientFileTabs } from '../../../client/app/patient-file-tabs/tabs.ts';
import { AZUR, CARDIO, PNEUMO, TILLEULS, entry, file } from './fixtures.ts';

const component = lazy(async () => ({ default: () => null }));
const tab = (id: string, order: number, privileges?: PatientFileTab['privileges']): PatientFileTab => ({ id, order, privileges, label: { key: id }, component });

describe('patient-file tabs', () => {
  it("today's tabs: the summary first (the default, left out of the address), then the questionnaires (with their responses)", () => {
    // Issue 10 adds its tabs after these two (notes, caregivers, conditions, follow-up, history…).
    expect(patientFileTabs.all.map((t) => t.id).slice(0, 2)).toEqual(['summary', 'questionnaires']);
    expect(patientFileTabs.find('follow-up')?.id).toBe('follow-up');
    expect(patientFileTabs.first.id).toBe('summary');
    expect(patientFileTabs.find(undefined)?.id).toBe('summary');
    expect(patientFileTabs.find('questionnaires')?.id).toBe('questionnaires');
    expect(patientFileTabs.find('messages')?.id).toBe('messages');
    expect(patientFileTabs.find('appointments')).toBeUndefined();
  });

  it('orders by `order`, whatever the order of the entries', () => {
    expect(tabRegistry([tab('b', 20), tab('a', 10), tab('c', 30)]).all.map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });

  it.each([
    ['a duplicate id', [tab('notes', 10), tab('notes', 20)], /registered twice/],
    ['an id that is not address-safe', [tab('Notes du dossier', 10)], /lower-case/],
    ['no tab at all', [], /at least one tab/],
  ])('refuses %s', (_, tabs, message) => {
    expect(() => tabRegistry(tabs)).toThrow(message);
  });

  const registry = tabRegistry([tab('summary', 10), tab('protocols', 20, ['PRESCRIBER', 'SUPER_ADMIN'])]);
  it.each([
    ['prescriber in the file\'s service', [entry(AZUR, [], [[CARDIO, ['PRESCRIBER']]])], ['summary', 'protocols']],
    ['super admin of the establishment', [entry(AZUR, ['SUPER_ADMIN'])], ['summary', 'protocols']],
    ['operator in the file\'s service', [entry(AZUR, [], [[CARDIO, ['OPERATOR']]])], ['summary']],
    ['prescriber in another service of the establishment', [entry(AZUR, [], [[CARDIO, ['OPERATOR']], [PNEUMO, ['PRESCRIBER']]])], ['summary']],
    ['prescriber in another establishment', [entry(AZUR, [], [[CARDIO, ['OPERATOR']]]), entry(TILLEULS, ['PRESCRIBER'])], ['summary']],
  ] as const)('a %s sees %j', (_, entries, expected) => {
    expect(registry.visibleTo(entries, file('OPEN')).map((t) => t.id)).toEqual(expected);
  });
});
