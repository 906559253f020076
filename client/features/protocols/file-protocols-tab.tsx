/**
 * The patient file's Protocols tab (issue 11 §8): the protocols applied to the file with their
 * state (active, deactivated, excluded) and what they brought, their actions (activate,
 * deactivate, exclude, restore), and "Apply a protocol" among the live protocols of the file's
 * service. A closed file's protocols are shown without actions (the server refuses: 409).
 */
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import type { FileProtocol } from '../../../schemas/protocols.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { QueryError } from '../../lib/ui/query-error.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useChangeFileProtocol, useFileProtocols } from './api/protocols.ts';
import { PROTOCOLS } from './texts.ts';

const K = 'protocols.file';
/** The state's colour on the badge's dot; its words stay in the text colour (a light green badge read 3.8:1). */
const STATE_COLOURS = { ACTIVE: 'green', INACTIVE: 'gray', EXCLUDED: 'orange' } as const;
type Action = 'activate' | 'deactivate' | 'exclude' | 'restore';

/** What can be done to a protocol in its state: exclusion first undone by restore. */
const actionsOf = (p: FileProtocol): Action[] => p.state === 'EXCLUDED' ? ['restore'] : p.state === 'ACTIVE' ? ['deactivate', 'exclude'] : ['activate', 'exclude'];

export function FileProtocolsTab({ file }: { file: PatientFileSummary }) {
  const { t, i18n } = useTranslation(PROTOCOLS);
  const { day } = useDates();
  usePageTitle(t(`${K}.tab`));
  const protocols = useFileProtocols(file.id);
  const change = useChangeFileProtocol(file.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const readOnly = file.status !== 'OPEN';
  const nameOf = (name: FileProtocol['name']) => textIn(name, i18n.language) ?? '';

  if (protocols.isError) return <QueryError error={protocols.error} onRetry={() => void protocols.refetch()} />;
  const data = protocols.data;
  const apply = () => {
    if (!chosen) return;
    setDone(null);
    change.mutate({ action: 'apply', protocolId: chosen }, {
      onSuccess: (result) => {
        setChosen(null);
        const kept = (result as { forms: { formId: string; outcome: string }[] }).forms.filter((f) => f.outcome === 'ALREADY_ASSIGNED').length;
        setDone(kept ? `${t(`${K}.done`)} ${t(`${K}.alreadyAssigned`, { forms: kept })}` : t(`${K}.done`));
      },
    });
  };

  return (
    <Stack gap="md" maw={900}>
      <Title order={2} size="h3">{t(`${K}.title`)}</Title>
      {readOnly && <Alert color="gray" variant="light">{t(`${K}.readOnly`)}</Alert>}
      {change.isError && <Alert color="negative" variant="light" role="alert">{t(`${K}.failed`, { message: change.error.message })}</Alert>}
      {done && <Alert color="positive" variant="light" role="status">{done}</Alert>}
      {!data ? <Text c="dimmed">…</Text> : (
        <>
          {data.applied.length === 0 && <Text c="dimmed">{t(`${K}.empty`)}</Text>}
          {data.applied.map((p) => (
            <Card key={p.id} withBorder padding="md" role="group" aria-label={nameOf(p.name)}>
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={4}>
                  <Group gap="xs">
                    <Text fw={600}>{nameOf(p.name)}</Text>
                    <Badge color={STATE_COLOURS[p.state]} variant="dot" tt="none">{t(`${K}.states.${p.state}`)}</Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {p.appliedBy ? t(`${K}.appliedBy`, { date: day(p.appliedAt), name: `${p.appliedBy.firstName} ${p.appliedBy.lastName}` }) : t(`${K}.applied`, { date: day(p.appliedAt) })}
                  </Text>
                  <Text size="sm">{t(`${K}.contents`, { forms: p.formsCount, boundaries: p.boundariesCount, rules: p.rulesCount })}</Text>
                </Stack>
                {!readOnly && (
                  <Group gap="xs">
                    {actionsOf(p).map((action) => (
                      <Button key={action} size="xs" variant={action === 'exclude' ? 'subtle' : 'light'} disabled={change.isPending}
                        onClick={() => { setDone(null); change.mutate({ action, fileProtocolId: p.id }); }}>
                        {t(`${K}.actions.${action}`)}
                      </Button>
                    ))}
                  </Group>
                )}
              </Group>
            </Card>
          ))}
          <Text size="sm" c="dimmed">{t(`${K}.effect`)}</Text>
          {!readOnly && (
            <Card withBorder padding="md">
              <Stack gap="sm">
                <Text fw={600}>{t(`${K}.apply`)}</Text>
                {data.applicable.length === 0 ? <Text size="sm" c="dimmed">{t(`${K}.noneApplicable`)}</Text> : (
                  <Group align="flex-end" gap="sm">
                    <Select label={t(`${K}.choose`)} data={data.applicable.map((a) => ({ value: a.id, label: nameOf(a.name) }))} value={chosen} onChange={setChosen} w={320} />
                    <Button onClick={apply} disabled={!chosen} loading={change.isPending}>{t(`${K}.applyConfirm`)}</Button>
                  </Group>
                )}
              </Stack>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}

export default FileProtocolsTab;
