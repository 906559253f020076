/**
 * A patient's digital identity as professionals read it (INS, spec 000 §1, spec 001 §5): its
 * status (provisional, recovered, validated, qualified) and the attributes a professional set on
 * it (doubtful, fictitious, namesake), each a labelled badge that wraps on a small screen. The
 * colours follow identity vigilance: only a qualified identity is green; a doubtful or fictitious
 * one stands out. Any screen showing a patient (the file's header, a list, the profile) uses it.
 */
import { Badge, Group, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Identity, IdentityStatus } from '../../../schemas/identity.ts';

const STATUS_COLOR: Record<IdentityStatus, string> = { PROVISIONAL: 'gray', RECOVERED: 'info', VALIDATED: 'secondary', QUALIFIED: 'positive' };
/** A provisional identity is neutral: the default badge (dark text on the surface), not a tint of gray too pale to read. */
const variantOf = (status: IdentityStatus) => (status === 'PROVISIONAL' ? 'default' : 'light');
const ATTRIBUTES = [
  { key: 'doubtful', color: 'warning' },
  { key: 'fictitious', color: 'negative' },
  { key: 'namesake', color: 'accent' },
] as const;

export function IdentityBadge({ identity, ...group }: { identity: Identity } & GroupProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap" role="group" aria-label={t('patientFile.identity.label')} data-identity-status={identity.status} {...group}>
      <Badge color={STATUS_COLOR[identity.status]} variant={variantOf(identity.status)} style={{ flexShrink: 0 }}>{t(`patientFile.identity.status.${identity.status}`)}</Badge>
      {ATTRIBUTES.filter(({ key }) => identity[key]).map(({ key, color }) => (
        <Badge key={key} color={color} variant="outline" style={{ flexShrink: 0 }} data-identity-attribute={key}>{t(`patientFile.identity.${key}`)}</Badge>
      ))}
    </Group>
  );
}
