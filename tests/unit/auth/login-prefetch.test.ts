/**
 * The login page prefetches the application's first files while the person types (issue 18, a
 * patient on a mobile network): the entry, its preloaded modules and styles from the built
 * index.html, and the patient home's `patient` chunk — not the other `patient-…` screens.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstScreenAssets } from '../../../server/auth/client-assets.ts';
import { loginPage } from '../../../server/auth/pages.ts';
import { translator } from '../../../server/i18n/index.ts';
import { DEFAULT_THEME } from '../../../client/lib/theme/default-themes.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'telesuivi-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('login page prefetch', () => {
  it("lists the built index.html's scripts and styles and the patient chunk, nothing else", () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), `<script type="module" crossorigin src="/assets/index-Bzt7CgSZ.js"></script>
<link rel="modulepreload" crossorigin href="/assets/app-CGTroXdG.js"><link rel="stylesheet" crossorigin href="/assets/app-DYyHpGxd.css">
<link rel="icon" href="/ui/logos/default.svg">`);
    for (const name of ['patient-C0mt536-.js', 'patient-DCvSeMS6.css', 'patient-file-list-page-B8nPE1wR.js', 'patient-form-_Pw4Ms9o.js', 'patient-C0mt536-.js.br']) {
      writeFileSync(path.join(dist, 'assets', name), '');
    }
    expect(firstScreenAssets(dist).sort()).toEqual([
      '/assets/app-CGTroXdG.js', '/assets/app-DYyHpGxd.css', '/assets/index-Bzt7CgSZ.js', '/assets/patient-C0mt536-.js', '/assets/patient-DCvSeMS6.css',
    ]);
  });

  it('is empty without a built client (the API alone, tests)', () => {
    expect(firstScreenAssets(path.join(dist, 'nowhere'))).toEqual([]);
  });

  it('writes one <link rel="prefetch" crossorigin> per file in the login page', () => {
    const html = loginPage({
      t: translator('fr'), language: 'fr', title: 'Connexion', theme: DEFAULT_THEME, logoUrl: '/ui/logos/default.svg',
      token: 't', targetUrl: '/p/0', prefetch: ['/assets/app-CGTroXdG.js', '/assets/app-DYyHpGxd.css'],
    });
    expect(html.match(/<link rel="prefetch"[^>]*>/g)).toEqual([
      '<link rel="prefetch" href="/assets/app-CGTroXdG.js" crossorigin>', '<link rel="prefetch" href="/assets/app-DYyHpGxd.css" crossorigin>',
    ]);
  });
});
