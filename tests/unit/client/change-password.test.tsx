// @vitest-environment happy-dom
/**
 * The change-password dialog as a user meets it: its three fields as password inputs with their
 * labels in fr, en and ar, the rule said with its count, the button off until every field is
 * filled, the server's refusals on their fields (several at once), and the body sent as typed.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChangePasswordDialog } from '../../../client/features/change-password/change-password-dialog.tsx';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';

const CHANGE = 'PUT /api/me/password';

function renderDialog(answer: FakeAnswer) {
  const calls = fakeFetch({ [CHANGE]: answer });
  const onClose = vi.fn<() => void>();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <ChangePasswordDialog onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { calls, onClose };
}
const sent = (calls: ReturnType<typeof fakeFetch>) => calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(c.body!));
/** The field of this label (a required field's label ends with an asterisk). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

beforeAll(async () => {
  await initI18n('fr');
  configureApi({ language: () => i18n.language as 'fr' });
});
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); await i18n.changeLanguage('fr'); });

describe('the change-password dialog', () => {
  it.each([
    ['fr', ['Mot de passe actuel', 'Nouveau mot de passe', 'Confirmation du nouveau mot de passe'], 'Au moins 12 caractères', 'Changer le mot de passe'],
    ['en', ['Current password', 'New password', 'Confirm the new password'], 'At least 12 characters', 'Change password'],
    ['ar', ['كلمة المرور الحالية', 'كلمة المرور الجديدة', 'تأكيد كلمة المرور الجديدة'], '12 حرفًا على الأقل', 'تغيير كلمة المرور'],
  ] as const)('%s: three password fields, the rule, and the body sent as typed', async (language, labels, rule, confirm) => {
    await i18n.changeLanguage(language);
    const { calls, onClose } = renderDialog({ status: 204 });
    const [current, next, confirmation] = labels;
    await waitFor(() => field(current));
    for (const label of labels) expect((field(label) as HTMLInputElement).type).toBe('password');
    expect(document.body.textContent).toContain(rule);
    const button = () => screen.getAllByRole('button', { name: confirm }).at(-1) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    fill(current, 'Demo-Telesuivi-2025');
    fill(next, ' A new one, 2026 ');
    expect(button().disabled).toBe(true);
    fill(confirmation, ' A new one, 2026 ');
    await waitFor(() => expect(button().disabled).toBe(false));
    fireEvent.click(button());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(calls)).toEqual([{ currentPassword: 'Demo-Telesuivi-2025', newPassword: ' A new one, 2026 ', confirmation: ' A new one, 2026 ' }]);
  });

  it("shows each of the server's refusals on its field and stays open", async () => {
    const { onClose } = renderDialog({
      status: 400,
      body: {
        code: 'wrong_current_password', message: 'Le mot de passe actuel est incorrect.', field: 'body.currentPassword',
        errors: [
          { field: 'body.currentPassword', code: 'wrong_current_password', message: 'Le mot de passe actuel est incorrect.' },
          { field: 'body.confirmation', code: 'password_confirmation_mismatch', message: 'La confirmation ne correspond pas.' },
        ],
      },
    });
    await waitFor(() => field('Mot de passe actuel'));
    fill('Mot de passe actuel', 'wrong-password');
    fill('Nouveau mot de passe', 'A-new-password-2026');
    fill('Confirmation du nouveau mot de passe', 'A-new-password-2027');
    const button = screen.getAllByRole('button', { name: 'Changer le mot de passe' }).at(-1) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    const fieldText = (label: string) => field(label).closest('.mantine-InputWrapper-root, .field')?.parentElement?.textContent;
    await waitFor(() => expect(fieldText('Mot de passe actuel')).toContain('Le mot de passe actuel est incorrect.'));
    expect(fieldText('Confirmation du nouveau mot de passe')).toContain('La confirmation ne correspond pas.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
