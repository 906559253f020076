// @vitest-environment happy-dom
/**
 * Mantine's icon-only buttons get a name from the application's theme (lib/theme/mantine-theme.ts),
 * in the interface's language, wherever a screen draws them without one: a notification's and an
 * alert's close button, a dialog's, a pager's arrows (axe `button-name`); a loader with a label
 * is a status (a label on a span without a role is prohibited ARIA).
 */
import { Alert, MantineProvider, Modal, Notification, Pagination, Loader } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../../client/lib/theme/default-themes.ts';
import { mantineTheme } from '../../../client/lib/theme/mantine-theme.ts';

const labels = { close: 'Fermer', pages: { first: 'Première page', previous: 'Page précédente', next: 'Page suivante', last: 'Dernière page' } };
const withTheme = (ui: React.ReactNode) => render(<MantineProvider theme={mantineTheme(DEFAULT_THEME, 'ltr', labels)}>{ui}</MantineProvider>);

afterEach(cleanup);

describe('icon-only buttons have a name', () => {
  it("a notification's and an alert's close buttons", () => {
    withTheme(<><Notification title="Enregistré">ok</Notification><Alert withCloseButton title="Fait">ok</Alert></>);
    expect(screen.getAllByRole('button', { name: 'Fermer' })).toHaveLength(2);
  });

  it("a dialog's close button", async () => {
    withTheme(<Modal opened onClose={() => {}} title="Dialogue">contenu</Modal>);
    expect(await screen.findByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it("a pager's arrows, edges included", () => {
    withTheme(<Pagination total={5} withEdges />);
    for (const name of Object.values(labels.pages)) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('a labelled loader is a status', () => {
    withTheme(<Loader aria-label="Chargement" />);
    expect(screen.getByRole('status', { name: 'Chargement' })).toBeTruthy();
  });
});
