// @vitest-environment happy-dom
/**
 * The close dialog of the Follow-up tab as a professional uses it: the reason types translated
 * (fr, en, ar), nothing chosen beforehand and the close button off until a type is chosen, the
 * reason said required for "Other reason", the server's refusal shown on its field in the
 * interface's language, and the body sent as chosen (no reason added behind the user's back).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CloseFileDialog } from '../../../../client/features/patient-file-status/close-dialog.tsx';
import { configureApi } from '../../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n } from '../../../../client/lib/i18n/i18n.ts';
import { fakeFetch, type FakeAnswer } from '../fake-fetch.ts';

const FILE = '00000000-0000-4000-8000-0000000000f1';
const CLOSE = `POST /api/patient_files/${FILE}/close`;
const closed = {
  id: FILE, status: 'CLOSED', startDate: '2026-01-01', endDate: null, closedAt: '2026-11-23T10:00:00.000Z',
  closedBy: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Claire Dubois' }, closingReasonType: 'DECEASED', closingReason: null, patientDataActive: true,
};

function renderDialog(answer: FakeAnswer | (() => FakeAnswer)) {
  const calls = fakeFetch({ [CLOSE]: answer });
  const onClose = vi.fn<(closed: boolean) => void>();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <CloseFileDialog patientFileId={FILE} onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { calls, onClose };
}
const sent = (calls: ReturnType<typeof fakeFetch>) => calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(c.body!));

beforeAll(async () => {
  await initI18n('fr');
  configureApi({ language: () => i18n.language as 'fr' });
});
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); await i18n.changeLanguage('fr'); });

describe('the close dialog', () => {
  it.each([
    ['fr', 'Décès', 'Autre motif', 'Clôturer'],
    ['en', 'Death', 'Other reason', 'Close the file'],
    ['ar', 'وفاة', 'سبب آخر', 'إغلاق الملف'],
  ] as const)('%s: offers the translated reason types, none chosen; closes with the chosen one only', async (language, deceased, other, confirm) => {
    await i18n.changeLanguage(language);
    const { calls, onClose } = renderDialog({ body: closed });
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(6);
    for (const radio of radios) expect((radio as HTMLInputElement).checked).toBe(false);
    expect(screen.getByLabelText(other)).toBeTruthy();
    const button = screen.getByRole('button', { name: confirm });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(deceased));
    await waitFor(() => expect((screen.getByRole('button', { name: confirm }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: confirm }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(sent(calls)).toEqual([{ closingReasonType: 'DECEASED' }]);
  });

  it('asks for the reason when "Other reason" is chosen, and shows the server\'s refusal on that field', async () => {
    const { calls, onClose } = renderDialog({ status: 400, body: { code: 'field_required', message: 'Ce champ est obligatoire', field: 'body.closingReason' } });
    fireEvent.click(await screen.findByLabelText('Autre motif'));
    const reason = await screen.findByRole('textbox');
    await waitFor(() => expect(reason.closest('.mantine-InputWrapper-root')?.textContent).toContain('*'));
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer' }));
    // On the reason's field (the form may say it too, as it validates while the user goes).
    await waitFor(() => expect(screen.getByRole('textbox').closest('.mantine-InputWrapper-root, .field')?.parentElement?.textContent).toContain('Ce champ est obligatoire'));
    expect(onClose).not.toHaveBeenCalled();
    expect(sent(calls)).toEqual([{ closingReasonType: 'OTHER' }]);
  });

  it('sends the reason as typed', async () => {
    const { calls, onClose } = renderDialog({ body: { ...closed, closingReasonType: 'OTHER', closingReason: 'Déménagement  à Lyon ' } });
    fireEvent.click(await screen.findByLabelText('Autre motif'));
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'Déménagement  à Lyon ' } });
    // The forms stack tells the form a typed text after a pause or on blur (leaving the field for the button).
    fireEvent.blur(screen.getByRole('textbox'));
    await waitFor(() => expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Déménagement  à Lyon '));
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(sent(calls)).toEqual([{ closingReasonType: 'OTHER', closingReason: 'Déménagement  à Lyon ' }]);
  });

  it('says a conflict (already closed) in an alert', async () => {
    renderDialog({ status: 409, body: { code: 'patient_file_closed', message: 'Ce dossier est clôturé : il ne peut plus être modifié.' } });
    fireEvent.click(await screen.findByLabelText('Fin du suivi'));
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Ce dossier est clôturé');
  });
});
