/**
 * Who is called at which level in which service (POST and DELETE /persons/{id}/intervention_levels/{levelId}
 * with {establishmentService}): the list by level, and a line to call one more professional, the
 * services offered being those where the chosen person works. Nothing is preselected.
 */
import { Alert, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Establishment } from '../../../schemas/establishments.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { LevelSwatch } from './level-swatch.tsx';
import { useAssignmentChanges, useCallableProfessionals, useInterventionLevels, useLevelAssignments } from './api/catalogue.ts';
import { CATALOGUE } from './texts.ts';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

export function AssignmentsSection({ establishment }: { establishment: Establishment }) {
  const { t, i18n } = useTranslation(CATALOGUE);
  const assignments = useLevelAssignments(establishment.id);
  const levels = useInterventionLevels(establishment.id);
  const people = useCallableProfessionals(establishment.id);
  const { assign, unassign } = useAssignmentChanges(establishment.id);
  const [choice, setChoice] = useState({ personId: '', levelId: '', serviceId: '' });
  const person = people.data?.find((p) => p.personId === choice.personId);
  const levelOf = (id: string) => levels.data?.find((l) => l.id === id);
  const errors = messagesByField(assign.error);
  return (
    <Stack gap="sm" component="section" data-testid="level-assignments">
      <Title order={2} size="h3">{t('catalogue.assignments.title')}</Title>
      <Text c="dimmed" size="sm">{t('catalogue.assignments.help')}</Text>
      <QueryState query={assignments} loadingLabel={t('catalogue.common.loading')} empty={t('catalogue.assignments.empty')}>
        {(rows) => (
          <Table striped aria-label={t('catalogue.assignments.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('catalogue.assignments.level')}</Table.Th>
                <Table.Th>{t('catalogue.assignments.service')}</Table.Th>
                <Table.Th>{t('catalogue.assignments.person')}</Table.Th>
                <Table.Th>{t('catalogue.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => {
                const level = levelOf(a.levelId);
                return (
                  <Table.Tr key={`${a.personId}/${a.levelId}/${a.serviceId}`}>
                    <Table.Td>
                      {level && <Group gap={6} wrap="nowrap"><LevelSwatch colour={level.colour} hideName /><bdi>{textIn(level.name, i18n.language)}</bdi></Group>}
                    </Table.Td>
                    <Table.Td><bdi>{a.serviceName}</bdi></Table.Td>
                    <Table.Td><bdi>{fullName(a)}</bdi></Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" variant="default" color="warning" aria-label={t('catalogue.assignments.remove', { name: fullName(a) })}
                        onClick={() => unassign.mutate(a)}>{t('catalogue.assignments.stop')}</Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {unassign.isError && <Alert color="negative" variant="light" role="alert">{unassign.error.message}</Alert>}
      <form noValidate onSubmit={(e) => {
        e.preventDefault();
        if (choice.personId && choice.levelId && choice.serviceId) assign.mutate(choice, { onSuccess: () => setChoice({ personId: '', levelId: '', serviceId: '' }) });
      }}>
        <Group align="flex-end" wrap="wrap">
          <Select label={t('catalogue.assignments.person')} required searchable w={240} placeholder={t('catalogue.indicators.form.choose')}
            value={choice.personId || null} error={errors['params.id']}
            data={(people.data ?? []).map((p) => ({ value: p.personId, label: fullName(p) }))}
            onChange={(v) => setChoice({ ...choice, personId: v ?? '', serviceId: '' })} />
          <Select label={t('catalogue.assignments.level')} required w={200} placeholder={t('catalogue.indicators.form.choose')}
            value={choice.levelId || null} error={errors['params.levelId']}
            data={(levels.data ?? []).map((l) => ({ value: l.id, label: textIn(l.name, i18n.language) ?? l.name.fr }))}
            onChange={(v) => setChoice({ ...choice, levelId: v ?? '' })} />
          <Select label={t('catalogue.assignments.service')} required w={240} placeholder={t('catalogue.indicators.form.choose')} disabled={!person}
            value={choice.serviceId || null} error={errors['body.establishmentService']}
            data={establishment.services.filter((s) => person?.serviceIds.includes(s.id)).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(v) => setChoice({ ...choice, serviceId: v ?? '' })} />
          <Button type="submit" loading={assign.isPending} disabled={!choice.personId || !choice.levelId || !choice.serviceId}>{t('catalogue.assignments.add')}</Button>
        </Group>
      </form>
    </Stack>
  );
}
