/**
 * The back office's alert statuses (`/s/:structureIndex/alert-statuses`, issue 11 §1): the alert
 * statuses (and whether one closes the alert), the intervention levels (rank, and the alert colour
 * of spec 000 §1 as a swatch), and who is called at which level in which service.
 */
import { Badge, Checkbox, ColorSwatch, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALERT_COLOURS, type AlertColour } from '../../../schemas/telemonitoring.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAlertStatusChanges, useAlertStatuses, useInterventionLevelChanges, useInterventionLevels } from './api/catalogue.ts';
import { AssignmentsSection } from './assignments-section.tsx';
import { LevelSwatch, swatchColour } from './level-swatch.tsx';
import { RecordSection } from './record-section.tsx';
import { CATALOGUE } from './texts.ts';

function AlertStatusesSection({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(CATALOGUE);
  const { save, remove } = useAlertStatusChanges(establishmentId);
  return (
    <RecordSection testId="alert-statuses" title={t('catalogue.statuses.title')} newLabel={t('catalogue.statuses.new')} emptyText={t('catalogue.statuses.empty')}
      query={useAlertStatuses(establishmentId)}
      columns={[{
        header: t('catalogue.statuses.closesAlert'),
        cell: (s) => <Badge variant="light" color={s.closesAlert ? 'blue' : 'gray'} tt="none">{t(s.closesAlert ? 'catalogue.common.yes' : 'catalogue.common.no')}</Badge>,
      }]}
      blank={{ closesAlert: false }} draftOf={(s) => ({ closesAlert: s.closesAlert })}
      fields={(draft, set) => (
        <Checkbox label={t('catalogue.statuses.closesAlert')} description={t('catalogue.statuses.closesAlertHelp')} checked={draft.closesAlert}
          onChange={(e) => set({ closesAlert: e.currentTarget.checked })} />
      )}
      bodyOf={(name, draft) => ({ name, ...draft })} save={save} remove={remove} />
  );
}

interface LevelDraft { rank: string; colour: string }

function InterventionLevelsSection({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(CATALOGUE);
  const { save, remove } = useInterventionLevelChanges(establishmentId);
  return (
    <RecordSection<NonNullable<ReturnType<typeof useInterventionLevels>['data']>[number], LevelDraft, { name: { fr: string }; rank: number; colour: AlertColour }>
      testId="intervention-levels" title={t('catalogue.levels.title')} newLabel={t('catalogue.levels.new')} emptyText={t('catalogue.levels.empty')}
      query={useInterventionLevels(establishmentId)}
      columns={[
        { header: t('catalogue.levels.rank'), cell: (l) => l.rank },
        { header: t('catalogue.levels.colour'), cell: (l) => <LevelSwatch colour={l.colour} /> },
      ]}
      blank={{ rank: '', colour: '' }} draftOf={(l) => ({ rank: String(l.rank), colour: l.colour })}
      fields={(draft, set, errors) => (
        <Group grow align="flex-start">
          <TextInput label={t('catalogue.levels.rank')} description={t('catalogue.levels.rankHelp')} required inputMode="numeric" dir="ltr"
            value={draft.rank} error={errors['body.rank']} onChange={(e) => set({ ...draft, rank: e.currentTarget.value })} />
          <Select label={t('catalogue.levels.colour')} required value={draft.colour || null} error={errors['body.colour']}
            leftSection={draft.colour ? <ColorSwatch color={swatchColour(draft.colour)} size={14} /> : undefined}
            data={ALERT_COLOURS.map((c) => ({ value: c, label: t(`catalogue.levels.colours.${c}`) }))} onChange={(v) => set({ ...draft, colour: v ?? '' })} />
        </Group>
      )}
      // The rank as typed (the server says on body.rank what is wrong with it), the colour as chosen (none: the server says so).
      bodyOf={(name, draft) => ({ name, rank: Number(draft.rank.trim() || Number.NaN), colour: draft.colour as AlertColour })}
      save={save} remove={remove} />
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
