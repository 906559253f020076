/**
 * The brand of the page address (spec 000 §1), the same rule as the gateway's
 * (server/ui/branding.ts): the first label of the host name when the host matches the
 * configured pattern, except the environment labels. The gateway's runtime config says which
 * brand it saw (`theme.slug`); this function gives the same answer before the config arrives
 * and for hosts the config was not computed for.
 */
export const ENVIRONMENT_LABELS = ['dev', 'qa', 'stg', 'prd', 'tst'] as const;

/** Default of BRANDING_PATTERN (schemas/env.ts): `brand.domain.tld`, two top-level domains allowed. */
export const DEFAULT_BRANDING_PATTERN = /^([a-z0-9-]+)\.[a-z0-9-]+\.[a-z]{2,}(\.[a-z]{2,})?$/;

export function brandFromHost(host: string | undefined, pattern: RegExp = DEFAULT_BRANDING_PATTERN): string | undefined {
  const name = host?.split(':')[0]?.toLowerCase();
  const label = name ? pattern.exec(name)?.[1] : undefined;
  return label && !(ENVIRONMENT_LABELS as readonly string[]).includes(label) ? label : undefined;
}

/** The branding parameter of the login and logout redirects: the gateway's answer wins when known. */
export function brandingOf(configSlug: string | null | undefined, host: string): string | undefined {
  if (configSlug !== undefined) return configSlug ?? undefined;
  return brandFromHost(host);
}
