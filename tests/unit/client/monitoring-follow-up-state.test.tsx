// @vitest-environment happy-dom
/**
 * My Monitoring's word on a file that is not open (issue 18): an awaiting file's follow-up has not
 * started (not "closed"), and the patient is told what comes next; a closed one's has ended.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FollowUpState } from '../../../client/features/monitoring/follow-up-state.tsx';
import { MONITORING } from '../../../client/features/monitoring/texts.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';

const mount = (status: 'OPEN' | 'CLOSED' | 'AWAITING') => render(
  <MantineProvider><Suspense fallback="loading texts"><div data-testid="root"><FollowUpState status={status} /></div></Suspense></MantineProvider>,
);

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(MONITORING);
});
afterEach(async () => { cleanup(); await switchLanguage('fr'); });

describe('My Monitoring on a file that is not open', () => {
  it('says an awaiting follow-up has not started yet and what comes next, never that it is closed', async () => {
    mount('AWAITING');
    const text = (await screen.findByTestId('follow-up-state')).textContent!;
    expect(text).toContain("Votre suivi n'a pas encore commencé");
    expect(text).toContain('vous pourrez saisir vos valeurs');
    expect(text).not.toMatch(/clôturé/);
  });

  it('says a closed follow-up is closed', async () => {
    mount('CLOSED');
    expect((await screen.findByTestId('follow-up-state')).textContent).toContain('Ce suivi est clôturé');
  });

  it('says nothing of an open one', async () => {
    mount('OPEN');
    await screen.findByTestId('root');
    expect(screen.queryByTestId('follow-up-state')).toBeNull();
  });

  it.each(['en', 'ar'] as const)('says it in %s', async (language) => {
    await switchLanguage(language);
    await i18n.loadNamespaces(MONITORING);
    mount('AWAITING');
    expect((await screen.findByTestId('follow-up-state')).textContent).toBe(i18n.getResource(language, MONITORING, 'monitoring.awaiting'));
  });
});
