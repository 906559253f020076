/**
 * A record's label as typed: a catalogue name in three languages (French required, uniqueness reads
 * it; English and Arabic optional, the Arabic field right to left), or one plain label (kinds whose
 * contract has `label`, identity-document types). The server's message for `body.name` (already
 * used) or `body.name.fr` (empty) shows on the French field, `body.label` on the label.
 */
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CatalogueName } from '../../../../schemas/catalogue.ts';
import { RECORDS } from './texts.ts';

export interface NameDraft { fr: string; en: string; ar: string }

export const EMPTY_NAME: NameDraft = { fr: '', en: '', ar: '' };
export const nameDraftOf = (name: CatalogueName): NameDraft => ({ fr: name.fr, en: name.en ?? '', ar: name.ar ?? '' });
/** As sent: empty translations left out (the server trims and drops them too). */
export const nameBodyOf = (draft: NameDraft): CatalogueName => ({
  fr: draft.fr, ...(draft.en.trim() ? { en: draft.en } : {}), ...(draft.ar.trim() ? { ar: draft.ar } : {}),
});

export function NameFields({ value, onChange, errors, prefix = 'body.name' }: {
  value: NameDraft; onChange(next: NameDraft): void; errors: Record<string, string>; prefix?: string;
}) {
  const { t } = useTranslation(RECORDS);
  const field = (language: keyof NameDraft) => ({
    value: value[language],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [language]: e.currentTarget.value }),
    error: errors[`${prefix}.${language}`] ?? (language === 'fr' ? errors[prefix] : undefined),
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput label={t('records.nameFr')} required lang="fr" dir="ltr" {...field('fr')} />
      <TextInput label={t('records.nameEn')} lang="en" dir="ltr" {...field('en')} />
      <TextInput label={t('records.nameAr')} lang="ar" dir="rtl" {...field('ar')} />
    </SimpleGrid>
  );
}

export function LabelField({ value, onChange, errors }: { value: string; onChange(next: string): void; errors: Record<string, string> }) {
  const { t } = useTranslation(RECORDS);
  return <TextInput label={t('records.label')} required value={value} error={errors['body.label']} onChange={(e) => onChange(e.currentTarget.value)} />;
}
