// @vitest-environment happy-dom
/**
 * Texts per feature as i18next namespaces (client/lib/i18n/i18n.ts): every `locales/` folder of
 * the client is one namespace whose three languages have the same keys under one top-level key
 * named like it, declared by a `texts.ts` beside it; a namespace starts loading when its
 * module is evaluated, a component asking for it before it is there waits (Suspense) instead of
 * showing keys, and a language change loads the namespaces in use before the switch.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUESTIONNAIRES } from '../../../client/features/questionnaires/texts.ts';
import { defineNamespace, i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';

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

  it('no two folders use one namespace name', () => {
    const names = namespaceFolders.map((folder) => Object.keys(load(path.join(CLIENT, folder), 'fr'))[0]);
    expect(new Set(names).size).toBe(names.length);
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

  /** A namespace whose files arrive when the test says. */
  const arrivals: Record<string, () => void> = {};
  const TEST_NS = defineNamespace('testFeature', (language) => new Promise((resolve) => {
    arrivals[language] = () => resolve({ default: { testFeature: { hello: { fr: 'Bonjour', en: 'Hello', ar: 'مرحبا' }[language] } } });
  }));
  const arrive = (language: string) => waitFor(() => expect(arrivals[language]).toBeDefined()).then(() => arrivals[language]!());

  function Hello() {
    const { t } = useTranslation(TEST_NS);
    // A key of the namespace and one of the default namespace (fallback).
    return <p>{t('testFeature.hello')} · {t('common.retry')}</p>;
  }

  it('a component waits (Suspense) for its namespace, no key shown; a language change loads it before switching', async () => {
    render(<Suspense fallback={<p>waiting</p>}><Hello /></Suspense>);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(screen.queryByText(/testFeature\./)).toBeNull();
    await arrive('fr');
    expect(await screen.findByText(`Bonjour · ${i18n.t('common.retry')}`)).toBeTruthy();

    let loadedWhenSwitched: boolean | undefined;
    i18n.on('languageChanged', (language) => { loadedWhenSwitched ??= i18n.hasResourceBundle(language, TEST_NS); });
    const switching = switchLanguage('ar');
    await arrive('ar');
    await act(async () => { await switching; });
    expect(loadedWhenSwitched).toBe(true);
    expect(screen.getByText(/^مرحبا · /)).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('a feature namespace starts loading as soon as its module is evaluated, before any screen asks for it', async () => {
    await waitFor(() => expect(i18n.hasResourceBundle(i18n.language, QUESTIONNAIRES)).toBe(true));
  });
});
