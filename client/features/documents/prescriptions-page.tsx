/**
 * Prescriptions (`/s/:structureIndex/prescriptions`, spec 000 §2; issue 20 §3): the prescriptions
 * of the establishment's files the professional opens, what ends first first (the server's
 * default), filtered by status today (awaiting renewal first among the choices: what ends within
 * the notice and is not renewed yet) and type, the state in the address. Each row names the
 * patient (a link to the file), the title, type, service, period, status and days left to its end
 * (the server's count, DaysLeft), and which prescription it renews or is renewed by (links to
 * those documents); a row opens its document, and one not renewed yet offers Renew
 * (renew-dialog.tsx).
 */
import { Anchor, Badge, Button, Chip, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  PRESCRIPTION_STATUSES, PRESCRIPTION_TYPES, RENEWAL_NOTICE_DAYS, type Prescription, type PrescriptionStatus,
} from '../../../schemas/prescriptions.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { paths } from '../../lib/paths.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import { useListState } from '../../lib/ui/data-table/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { prescriptionList, prescriptionsQuery, usePrescriptions } from './api/prescriptions.ts';
import { RenewDialog } from './renew-dialog.tsx';
import { DOCUMENTS } from './texts.ts';

const K = 'documents.prescriptions';
/** Awaiting renewal first: the list is where what expires soon is found. */
const STATUS_CHOICES = ['AWAITING_RENEWAL', ...PRESCRIPTION_STATUSES.filter((s) => s !== 'AWAITING_RENEWAL')] as const;
const ALL = 'all';

export function Component() {
  const { t } = useTranslation(DOCUMENTS);
  usePageTitle(t(`${K}.title`));
  const { structure, index } = useStructureArea();
  const navigate = useNavigate();
  const list = useListState(prescriptionList);
  const query = usePrescriptions(structure.id, prescriptionsQuery(list));
  const [renewing, setRenewing] = useState<Prescription>();
  const columns = usePrescriptionColumns(index, setRenewing);
  const status = list.filters.status[0] ?? ALL;
  const type = list.filters.type[0] ?? null;
  const types = useMemo(() => PRESCRIPTION_TYPES.map((value) => ({ value, label: t(`documents.types.${value}`) })), [t]);
  const total = query.data?.totalItems;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">{t(`${K}.title`)}</Title>
      <Stack gap="xs">
        <Text size="sm" fw={700} id="prescriptions-status">{t(`${K}.filters.status`)}</Text>
        <Chip.Group multiple={false} value={status} onChange={(value) => list.setFilter('status', value && value !== ALL ? [value] : [])}>
          <Group gap="xs" role="radiogroup" aria-labelledby="prescriptions-status" data-testid="prescriptions-status">
            <Chip value={ALL} variant="outline">{t(`${K}.statuses.all`)}</Chip>
            {STATUS_CHOICES.map((s) => <Chip key={s} value={s} variant="outline">{t(`${K}.statuses.${s}`)}</Chip>)}
          </Group>
        </Chip.Group>
        <Text size="xs" c="dimmed">{t(`${K}.notice`, { count: RENEWAL_NOTICE_DAYS })}</Text>
      </Stack>
      <Group gap="md" align="flex-end" justify="space-between" wrap="wrap">
        <Select label={t(`${K}.filters.type`)} placeholder={t('documents.filters.anyType')} data={types} value={type} clearable
          onChange={(value) => list.setFilter('type', value ? [value] : [])} w={{ base: '100%', sm: 320 }} data-testid="prescriptions-type" />
        {total !== undefined && (
          <Text size="sm" c="dimmed" role="status" data-testid="prescriptions-count">
            {t(`${K}.count`, { count: total })}
          </Text>
        )}
      </Group>
      <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.id} minWidth={960}
        onOpen={(p) => void navigate(paths.professional.patientFileDocument.getHref({ structureIndex: index, patientFileId: p.patientFileId, documentId: p.id }))}
        label={t(`${K}.tableLabel`)} emptyText={t(status !== ALL || type ? `${K}.emptyFiltered` : `${K}.empty`)}
        homeHref={paths.professional.home.getHref({ structureIndex: index })} />
      {renewing && <RenewDialog prescription={renewing} onClose={() => setRenewing(undefined)} />}
    </Stack>
  );
}

/** Links and buttons inside a row act on their own, without opening the row. */
const own = (event: { stopPropagation(): void }) => event.stopPropagation();

function usePrescriptionColumns(structureIndex: number, renew: (p: Prescription) => void): ColumnDef<Prescription, unknown>[] {
  const { t } = useTranslation(DOCUMENTS);
  const { calendarDate } = useDates();
  return useMemo(() => {
    const day = (value: string | null) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{value ? calendarDate(value) : '—'}</Text>;
    const documentHref = (p: Prescription, documentId: string) =>
      paths.professional.patientFileDocument.getHref({ structureIndex, patientFileId: p.patientFileId, documentId });
    return [
      {
        id: 'patient', header: t(`${K}.columns.patient`),
        cell: ({ row: { original: p } }) => (
          <Anchor component={Link} size="sm" fw={500} onClick={own} onKeyDown={own} style={{ whiteSpace: 'nowrap' }}
            to={paths.professional.patientFile.getHref({ structureIndex, patientFileId: p.patientFileId })}>
            {p.patient.firstName} {p.patient.lastName}
          </Anchor>
        ),
      },
      {
        id: 'title', header: t(`${K}.columns.title`),
        cell: ({ row: { original: p } }) => (
          <Stack gap={2}>
            <Text size="sm" dir="auto">{p.title}</Text>
            {p.renews && (
              <Anchor component={Link} size="xs" to={documentHref(p, p.renews)} onClick={own} onKeyDown={own} data-testid="prescription-renews">
                {t(`${K}.renews`)}
              </Anchor>
            )}
            {p.renewedBy && (
              <Anchor component={Link} size="xs" to={documentHref(p, p.renewedBy)} onClick={own} onKeyDown={own} data-testid="prescription-renewed-by">
                {t(`${K}.renewedBy`)}
              </Anchor>
            )}
          </Stack>
        ),
      },
      { id: 'type', header: t(`${K}.columns.type`), cell: ({ row }) => <Text size="sm">{t(`documents.types.${row.original.type}`)}</Text> },
      { id: 'service', header: t(`${K}.columns.service`), cell: ({ row }) => <Text size="sm">{row.original.service}</Text> },
      { id: 'startDate', header: t(`${K}.columns.startDate`), cell: ({ row }) => day(row.original.startDate) },
      { id: 'endDate', header: t(`${K}.columns.endDate`), cell: ({ row }) => day(row.original.endDate) },
      {
        id: 'status', header: t(`${K}.columns.status`),
        cell: ({ row: { original: p } }) => (
          <Stack gap={4} align="flex-start">
            <PrescriptionStatusBadge status={p.status} />
            <DaysLeft days={p.daysLeft} />
          </Stack>
        ),
      },
      {
        id: 'actions', header: t(`${K}.columns.actions`),
        cell: ({ row: { original: p } }) => (p.renewedBy ? null : (
          <Button size="xs" variant="light" onClick={(e) => { own(e); renew(p); }} onKeyDown={own}
            aria-label={t(`${K}.renew.actionFor`, { title: p.title, name: `${p.patient.firstName} ${p.patient.lastName}` })} data-testid="prescription-renew">
            {t(`${K}.renew.action`)}
          </Button>
        )),
      },
    ];
  }, [t, calendarDate, structureIndex, renew]);
}

/**
 * How long until the end, as the server counted it in the establishment's calendar (the same
 * today as the status): "expires in 3 days", "ends today", "expired 2 days ago"; nothing without
 * an end.
 */
export function DaysLeft({ days }: { days: number | null }) {
  const { t } = useTranslation(DOCUMENTS);
  if (days === null) return null;
  const text = days === 0 ? t(`${K}.days.today`) : days > 0 ? t(`${K}.days.left`, { count: days }) : t(`${K}.days.ago`, { count: -days });
  return <Text size="xs" c={days <= 0 ? undefined : 'dimmed'} fw={days === 0 ? 700 : undefined} style={{ whiteSpace: 'nowrap' }} data-testid="prescription-days-left">{text}</Text>;
}

/** The theme's colours, filled, as the documents' badges: legible on both themes. */
const STATUS_COLOURS: Record<PrescriptionStatus, string> = {
  WAITING: 'gray.7', ONGOING: 'positive', AWAITING_RENEWAL: 'warning', EXPIRED: 'negative',
};

export function PrescriptionStatusBadge({ status }: { status: PrescriptionStatus }) {
  const { t } = useTranslation(DOCUMENTS);
  return (
    // Never cut short in a narrow column: the whole status is read.
    <Badge color={STATUS_COLOURS[status]} variant="filled" style={{ flexShrink: 0, minWidth: 'max-content' }} data-status={status}>
      {t(`${K}.statuses.${status}`)}
    </Badge>
  );
}
