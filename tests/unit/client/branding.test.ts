import { describe, expect, it } from 'vitest';
import { brandFromHost, brandingOf, DEFAULT_BRANDING_PATTERN } from '../../../client/lib/branding.ts';
import { brandFromHost as serverBrandFromHost } from '../../../server/ui/branding.ts';
import { envSchema } from '../../../schemas/env.ts';

const CASES: [string | undefined, string | undefined][] = [
  ['azur.telesuivi.fr', 'azur'],
  ['azur.telesuivi.fr:8443', 'azur'],
  ['AZUR.Telesuivi.FR', 'azur'],
  ['azur.telesuivi.co.uk', 'azur'],
  ['clinique-2.telesuivi.com', 'clinique-2'],
  ['telesuivi.fr', undefined],
  ['localhost', undefined],
  ['localhost:3000', undefined],
  ['127.0.0.1', undefined],
  ['a.b.telesuivi.fr', 'a'], // two top-level labels are allowed: b.telesuivi.fr reads like telesuivi.co.uk
  ['a.b.c.telesuivi.fr', undefined],
  ['dev.telesuivi.fr', undefined],
  ['qa.telesuivi.fr', undefined],
  ['stg.telesuivi.fr', undefined],
  ['prd.telesuivi.fr', undefined],
  ['tst.telesuivi.fr', undefined],
  ['dev2.telesuivi.fr', 'dev2'],
  ['azur.telesuivi.f', undefined],
  ['', undefined],
  [undefined, undefined],
];

describe('brand of a host (spec 000 §1)', () => {
  it.each(CASES)('%j → %j', (host, brand) => {
    expect(brandFromHost(host)).toBe(brand);
  });

  it.each(CASES)('the gateway agrees on %j', (host, brand) => {
    expect(serverBrandFromHost(host, new RegExp(envSchema.properties.BRANDING_PATTERN.default))).toBe(brand);
  });

  it('uses the default BRANDING_PATTERN of the gateway', () => {
    expect(DEFAULT_BRANDING_PATTERN.source).toBe(envSchema.properties.BRANDING_PATTERN.default);
  });

  it.each([
    ['azur', 'localhost', 'azur'],
    [null, 'azur.telesuivi.fr', undefined],
    [undefined, 'azur.telesuivi.fr', 'azur'],
    [undefined, 'dev.telesuivi.fr', undefined],
  ] as const)('branding parameter: config slug %j on %s → %j', (slug, host, expected) => {
    expect(brandingOf(slug, host)).toBe(expected);
  });
});
