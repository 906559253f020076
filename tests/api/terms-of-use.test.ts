/**
 * The terms of use shown on /accept-cgu come with the runtime config: a real default text per
 * language (layouts/default/terms), which a brand replaces by its own files, language by language.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from '../helpers/app.ts';

const layouts = mkdtempSync(path.join(tmpdir(), 'telesuivi-terms-'));
const defaultTerms = (language: string) => readFileSync(path.resolve(import.meta.dirname, `../../layouts/default/terms/${language}.md`), 'utf8');
const AZUR_FR = '## Conditions du CHU Azur\n\nTexte propre à la marque.\n';

let gateway: TestGateway;
beforeAll(async () => {
  cpSync(path.resolve(import.meta.dirname, '../../layouts'), layouts, { recursive: true });
  mkdirSync(path.join(layouts, 'azur', 'terms'), { recursive: true });
  writeFileSync(path.join(layouts, 'azur', 'terms', 'fr.md'), AZUR_FR);
  gateway = await startGateway({ LAYOUTS_DIR: layouts }, { demo: false });
});
afterAll(async () => {
  await gateway?.close();
  rmSync(layouts, { recursive: true, force: true });
});

describe('terms of use in the runtime config', () => {
  it('a default text in every language, with headings and the emergency numbers', async () => {
    const res = await request(gateway.app.server).get('/ui/config').expect(200);
    expect(Object.keys(res.body.termsOfUse).sort()).toEqual(['ar', 'en', 'fr']);
    for (const language of ['fr', 'en', 'ar']) {
      expect(res.body.termsOfUse[language]).toBe(defaultTerms(language));
      expect(res.body.termsOfUse[language]).toMatch(/^## /);
      expect(res.body.termsOfUse[language]).toContain('**15**');
    }
  });

  it("a brand's own file replaces the default in its language only", async () => {
    const res = await request(gateway.app.server).get('/ui/config').set('host', 'azur.telesuivi.fr').expect(200);
    expect(res.body.termsOfUse.fr).toBe(AZUR_FR);
    expect(res.body.termsOfUse.en).toBe(defaultTerms('en'));
  });
});
