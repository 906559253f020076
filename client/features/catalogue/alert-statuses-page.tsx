/**
 * The back office's alert statuses (`/s/:structureIndex/alert-statuses`, issue 11 §1): the alert
 * statuses (and whether one closes the alert), the intervention levels (rank, and the alert colour
 * of spec 000 §1 as a swatch), and who is called at which level in which service.
 */
import { Badge, Checkbox, ColorSwatch, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { alertStatusRoutes, interventionLevelRoutes } from '../../../schemas/api/catalogue.ts';
import { ALERT_COLOURS, type AlertColour } from '../../../schemas/telemonitoring.ts';
import { useRecords } from '../../lib/api/records.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { RecordSection } from '../../lib/ui/record-section/record-section.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { AssignmentsSection } from './assignments-section.tsx';
import { LevelSwatch, swatchColour } from './level-swatch.tsx';
import { CATALOGUE } from './texts.ts';

function AlertStatusesSection({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(CATALOGUE);
  return (
    <RecordSection testId="alert-statuses" records={useRecords(alertStatusRoutes, establishmentId)}
      texts={{ title: t('catalogue.statuses.title'), new: t('catalogue.statuses.new'), empty: t('catalogue.statuses.empty') }}
      columns={[{
        header: t('catalogue.statuses.closesAlert'),
        cell: (s) => <Badge variant="light" color={s.closesAlert ? 'blue' : 'gray'} tt="none">{t(s.closesAlert ? 'catalogue.common.yes' : 'catalogue.common.no')}</Badge>,
      }]}
      extra={{
        blank: { closesAlert: false },
        draftOf: (s) => ({ closesAlert: s.closesAlert }),
        fields: (draft, set) => (
          <Checkbox label={t('catalogue.statuses.closesAlert')} description={t('catalogue.statuses.closesAlertHelp')} checked={draft.closesAlert}
            onChange={(e) => set({ closesAlert: e.currentTarget.checked })} />
        ),
      }} />
  );
}

function InterventionLevelsSection({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(CATALOGUE);
  return (
    <RecordSection testId="intervention-levels" records={useRecords(interventionLevelRoutes, establishmentId)}
      texts={{ title: t('catalogue.levels.title'), new: t('catalogue.levels.new'), empty: t('catalogue.levels.empty') }}
      columns={[
        { header: t('catalogue.levels.rank'), cell: (l) => l.rank },
        { header: t('catalogue.levels.colour'), cell: (l) => <LevelSwatch colour={l.colour} /> },
      ]}
      extra={{
        blank: { rank: '', colour: '' },
        draftOf: (l) => ({ rank: String(l.rank), colour: l.colour as string }),
        fields: (draft, set, errors) => (
          <Group grow align="flex-start">
            <TextInput label={t('catalogue.levels.rank')} description={t('catalogue.levels.rankHelp')} required inputMode="numeric" dir="ltr"
              value={draft.rank} error={errors['body.rank']} onChange={(e) => set({ ...draft, rank: e.currentTarget.value })} />
            <Select label={t('catalogue.levels.colour')} required value={draft.colour || null} error={errors['body.colour']}
              leftSection={draft.colour ? <ColorSwatch color={swatchColour(draft.colour)} size={14} /> : undefined}
              data={ALERT_COLOURS.map((c) => ({ value: c, label: t(`catalogue.levels.colours.${c}`) }))} onChange={(v) => set({ ...draft, colour: v ?? '' })} />
          </Group>
        ),
        // The rank as typed (the server says on body.rank what is wrong with it), the colour as chosen (none: the server says so).
        bodyOf: (draft) => ({ rank: Number(draft.rank.trim() || Number.NaN), colour: draft.colour as AlertColour }),
      }} />
  );
}

export function AlertStatusesPage() {
  const { structure } = useStructureArea();
  const { t } = useTranslation(CATALOGUE);
  usePageTitle(t('catalogue.statusesPage.title'));
  return (
    <Stack gap="xl">
      <Title order={1} size="h2">{t('catalogue.statusesPage.title')}</Title>
      <AlertStatusesSection establishmentId={structure.id} />
      <InterventionLevelsSection establishmentId={structure.id} />
      <AssignmentsSection establishment={structure} />
    </Stack>
  );
}

export const Component = AlertStatusesPage;
