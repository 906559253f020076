/**
 * Brands (spec 000 §1): the first label of the host name when it matches the configured
 * pattern, except the environment labels; a brand has its own logo only if its folder under
 * layouts/ has one.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { establishments } from '../db/schema.ts';
import type { Theme } from '../../schemas/theme.ts';
import type { ProvisionedFiles } from '../shared/provisioned-files.ts';
import { resolveTheme } from '../shared/themes.ts';

export const ENVIRONMENT_LABELS = ['dev', 'qa', 'stg', 'prd', 'tst'];
const SLUG = /^[a-z0-9-]{1,63}$/;

export function brandFromHost(host: string | undefined, pattern: RegExp): string | undefined {
  const name = host?.split(':')[0]?.toLowerCase();
  const label = name ? pattern.exec(name)?.[1] : undefined;
  return label && !ENVIRONMENT_LABELS.includes(label) ? label : undefined;
}

export function normaliseBrand(value: unknown): string | undefined {
  return typeof value === 'string' && SLUG.test(value) && !ENVIRONMENT_LABELS.includes(value) ? value : undefined;
}


/** Logos are read once at start: `layouts/<brand>/logo.svg`, else `layouts/default/logo.svg`. */
export class Logos {
  private readonly cache = new Map<string, Buffer | null>();
  private readonly layoutsDir: string;

  constructor(layoutsDir: string) {
    this.layoutsDir = layoutsDir;
  }

  get(brand: string | undefined): { slug: string; svg: Buffer } {
    for (const slug of [brand, 'default']) {
      if (!slug) continue;
      if (!this.cache.has(slug)) {
        const file = path.join(this.layoutsDir, slug, 'logo.svg');
        this.cache.set(slug, existsSync(file) ? readFileSync(file) : null);
      }
      const svg = this.cache.get(slug);
      if (svg) return { slug, svg };
    }
    throw new Error(`No default logo in ${this.layoutsDir}/default/logo.svg`);
  }

  /** Public address of the logo that a brand shows. */
  url(brand: string | undefined): string {
    return `/ui/logos/${this.get(brand).slug}.svg`;
  }
}

/** The login page's look for a brand: the brand's theme.json, else its first establishment's theme. */
export async function themeOfBrand(db: Db, files: ProvisionedFiles, brand: string | undefined): Promise<{ theme: Theme; name?: string }> {
  if (!brand) return { theme: resolveTheme(files, undefined) };
  const [row] = await db.select({ theme: establishments.theme, identifier: establishments.identifier, brand: establishments.brand, name: establishments.name })
    .from(establishments).where(eq(establishments.brand, brand)).orderBy(establishments.name).limit(1);
  return { theme: resolveTheme(files, row ?? { theme: null, brand }), name: row?.name };
}
