// @vitest-environment happy-dom
/**
 * The protocol editor (issue 11 §8) as a prescriber uses it, with the real i18n and Mantine: a new
 * protocol with nothing preselected, what is missing said on its field before anything is sent,
 * a questionnaire, a threshold (indicator, level, operator, mode, value typed with a comma) and a
 * non-compliance rule with the level of its alerts, sent as typed; the server's refusal shown on the field it names; an
 * existing protocol read back into the form; Arabic labels and a right-to-left Arabic name.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Protocol, ProtocolBody } from '../../../schemas/protocols.ts';
import { ProtocolEditor, type ProtocolOptions } from '../../../client/features/protocols/protocol-editor.tsx';
import { PROTOCOLS } from '../../../client/features/protocols/texts.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const options: ProtocolOptions = {
  services: [{ id: id(1), name: 'Cardiologie' }, { id: id(2), name: 'Pneumologie' }],
  forms: [{ id: id(11), name: 'PHQ-9', submissionType: 'FREE' }, { id: id(12), name: 'Suivi insuffisance cardiaque', submissionType: 'PLANNED' }],
  indicators: [{ id: id(21), name: 'Poids' }, { id: id(22), name: 'Saturation en oxygène' }],
  levels: [{ id: id(31), name: 'Urgence' }, { id: id(32), name: 'Vigilance' }],
};

function mount(props: { initial?: Protocol; serverErrors?: Record<string, string> } = {}) {
  const onSubmit = vi.fn<(body: ProtocolBody) => void>();
  render(
    <MantineProvider>
      <Suspense fallback="loading texts"><ProtocolEditor options={options} onSubmit={onSubmit} {...props} /></Suspense>
    </MantineProvider>,
  );
  return onSubmit;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(new RegExp(`^${escape(label)}\\s*\\*?$`)) as HTMLInputElement;
async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.click(field(scope, label));
  // The last list opened is this field's (other fields' closed lists may offer the same option).
  fireEvent.click((await screen.findAllByRole('option', { name: option, hidden: true })).at(-1)!);
}
const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(field(scope, label), { target: { value } });

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(PROTOCOLS);
});
afterEach(async () => { cleanup(); if (i18n.language !== 'fr') await switchLanguage('fr'); });

describe('the protocol editor', () => {
  it('preselects nothing, says what is missing before sending, then sends the protocol as typed', async () => {
    const onSubmit = mount();
    const page = document.body;
    expect(field(page, 'Nom (français)').value).toBe('');
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un seuil' }));
    const threshold = screen.getByRole('group', { name: 'Seuil 1' });
    for (const label of ['Indicateur', 'Niveau', 'Condition', 'Valeur', 'Seuil']) expect(field(threshold, label).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Créer le protocole' }));
    expect((await screen.findAllByText('Ce champ est obligatoire')).length).toBe(6);
    expect(onSubmit).not.toHaveBeenCalled();

    type(page, 'Nom (français)', 'Insuffisance cardiaque');
    type(page, 'Nom (arabe)', 'قصور القلب');
    await choose(threshold, 'Indicateur', 'Poids');
    await choose(threshold, 'Niveau', 'Urgence');
    await choose(threshold, 'Condition', '> supérieur à');
    await choose(threshold, 'Valeur', 'Absolue');
    type(threshold, 'Seuil', '81,5x');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un questionnaire' }));
    await choose(screen.getByRole('group', { name: 'Questionnaire 1' }), 'Questionnaire', 'PHQ-9');
    expect(screen.getByText('Questionnaire libre : le patient y répond quand il le souhaite.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une règle' }));
    const rule = screen.getByRole('group', { name: 'Règle 1' });
    await choose(rule, 'Indicateurs sans valeur', 'Saturation en oxygène');
    type(rule, 'Pendant (jours)', '3');
    // Nothing chosen: the establishment's least urgent level, as the field says; Vigilance chosen.
    expect(field(rule, 'Niveau des alertes').placeholder).toBe('Niveau le moins urgent (par défaut)');
    await choose(rule, 'Niveau des alertes', 'Vigilance');

    fireEvent.click(screen.getByRole('button', { name: 'Créer le protocole' }));
    expect(await within(threshold).findByText('Saisissez un nombre (par exemple 81,5).')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type(threshold, 'Seuil', '81,5');
    fireEvent.click(screen.getByRole('button', { name: 'Créer le protocole' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: { fr: 'Insuffisance cardiaque', ar: 'قصور القلب' }, description: null, serviceIds: [],
      forms: [{ formId: id(11), planning: null }],
      boundaries: [{ indicatorId: id(21), levelId: id(31), operator: '>', mode: 'ABSOLUTE', value: 81.5 }],
      nonObservanceRules: [{ indicators: [id(22)], periodInDays: 3, levelId: id(32) }],
    });
  }, 60_000); // eight Mantine lists opened one after the other: 13 s alone, over 30 s on a loaded machine

  it('reads an existing protocol back, and shows the server\'s refusal on the field it names', async () => {
    const protocol: Protocol = {
      id: id(40), establishmentId: id(41), name: { fr: 'IC', en: 'HF' }, description: null, createdAt: '2026-11-20T08:00:00.000Z', archivedAt: null,
      services: [{ id: id(1), name: 'Cardiologie' }],
      forms: [{ formId: id(12), name: 'Suivi insuffisance cardiaque', reference: 'HF-DAILY', submissionType: 'PLANNED', planning: { everyDays: 2, occurrences: 5, windowHours: 24, graceHours: 12 } }],
      boundaries: [{ id: id(50), indicatorId: id(21), indicatorName: 'Poids', unit: 'kg', levelId: id(32), levelName: 'Vigilance', colour: 'pink', operator: '>=', mode: 'RELATIVE', value: 2 }],
      nonObservanceRules: [{ id: id(60), indicators: [{ id: id(22), name: 'Saturation en oxygène' }], periodInDays: 2, levelId: null, levelName: null }],
    };
    const onSubmit = mount({ initial: protocol, serverErrors: { 'body.boundaries.0.levelId': 'Introuvable (serveur).', 'body.name.fr': 'Ce nom est déjà utilisé.' } });
    const threshold = await screen.findByRole('group', { name: 'Seuil 1' });
    expect(field(threshold, 'Niveau').value).toBe('Vigilance');
    expect(field(threshold, 'Seuil').value).toBe('2');
    expect(within(threshold).getByText('Introuvable (serveur).')).toBeTruthy();
    expect(screen.getByText('Ce nom est déjà utilisé.')).toBeTruthy();
    expect((screen.getByLabelText('Planification propre au protocole') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: { fr: 'IC', en: 'HF' }, serviceIds: [id(1)], forms: [{ formId: id(12), planning: { everyDays: 2, occurrences: 5, windowHours: 24, graceHours: 12 } }],
      boundaries: [{ indicatorId: id(21), levelId: id(32), operator: '>=', mode: 'RELATIVE', value: 2 }],
      nonObservanceRules: [{ indicators: [id(22)], periodInDays: 2, levelId: null }],
    });
  });

  it('speaks Arabic, the Arabic name written right to left', async () => {
    await switchLanguage('ar');
    await i18n.loadNamespaces(PROTOCOLS);
    mount();
    const name = field(document.body, 'الاسم (العربية)');
    expect(name.closest('[dir="rtl"]'), name.parentElement?.parentElement?.outerHTML.slice(0, 400)).not.toBeNull();
    expect(screen.getByRole('button', { name: 'إنشاء البروتوكول' })).toBeTruthy();
    expect(screen.getByText('عتبات التنبيه')).toBeTruthy();
  });
});
