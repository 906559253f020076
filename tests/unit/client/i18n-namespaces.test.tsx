// @vitest-environment happy-dom
/**
 * Texts per feature as i18next namespaces (client/lib/i18n/i18n.ts): every `locales/` folder of
 * the client is one namespace whose three languages have the same keys under one top-level key
 * named like it, declared by a `texts.ts` beside it; a component asking for a namespace waits
 * (Suspense) instead of showing keys, and a language change loads the namespaces in use before
 * the switch.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUESTIONNAIRES } from '../../../client/features/questionnaires/texts.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';

const CLIENT = path.resolve(import.meta.dirname, '../../../client');

function localeFolders(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (!statSync(full).isDirectory() || name === 'node_modules') return [];
    return name === 'locales' ? [full] : localeFolders(full);
  });
}

const load = (folder: string, language: string) => JSON.parse(readFileSync(path.join(folder, `${language}.json`), 'utf8')) as Record<string, unknown>;
const keys = (o: Record<string, unknown>, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) =>
  typeof v === 'object' && v !== null ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]);
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const namespaceFolders = localeFolders(CLIENT).filter((f) => f !== path.join(CLIENT, 'locales')).map((f) => path.relative(CLIENT, f));

describe('namespace files', () => {
  it('there are feature namespaces', () => {
    expect(namespaceFolders).toEqual(expect.arrayContaining(['features/questionnaires/locales', 'features/layout-builder/locales', 'lib/json-schema-form/locales']));
  });

  it.each(namespaceFolders)('%s: one top-level key, named by defineNamespace in texts.ts beside it; en and ar have the keys of fr', (folder) => {
    const full = path.join(CLIENT, folder);
    const fr = load(full, 'fr');
    const [name, ...others] = Object.keys(fr);
    expect(others).toEqual([]);
    const declaration = readFileSync(path.join(full, '../texts.ts'), 'utf8');
    expect(declaration).toContain(`defineNamespace('${name}',`);
    for (const language of ['en', 'ar']) {
      expect([...new Set(keys(load(full, language)).map(base))].sort()).toEqual([...new Set(keys(fr).map(base))].sort());
    }
  });
});

describe('namespaces at run time', () => {
  beforeAll(async () => { await initI18n('fr'); });
  afterEach(cleanup);

  function BackToTasks() {
    const { t } = useTranslation(QUESTIONNAIRES);
    // A key of the namespace and one of the default namespace (fallback).
    return <p>{t('questionnaires.backToTasks')} · {t('common.retry')}</p>;
  }

  it('a component waits for its namespace (no key shown), then speaks it; a language change loads it before switching', async () => {
    expect(i18n.hasResourceBundle('fr', QUESTIONNAIRES)).toBe(false);
    render(<Suspense fallback={<p>waiting</p>}><BackToTasks /></Suspense>);
    expect(screen.queryByText(/questionnaires\./)).toBeNull();
    expect(await screen.findByText(`Retour à mes tâches · ${i18n.t('common.retry')}`)).toBeTruthy();

    let loadedWhenSwitched = false;
    i18n.on('languageChanged', (language) => { loadedWhenSwitched = i18n.hasResourceBundle(language, QUESTIONNAIRES); });
    await act(() => switchLanguage('ar'));
    expect(loadedWhenSwitched).toBe(true);
    expect(screen.getByText(/العودة|مهام/)).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
