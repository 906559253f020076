/**
 * Per indicator of the establishment, what is in force on this file: the thresholds with their
 * level's colour and origin (default, this file, a protocol), the reference value and its origin,
 * the non-compliance rules covering it, the last value. "Edit" sets the file's own thresholds
 * (replacing the defaults on this file) and its reference value; "Back to the defaults" removes the
 * file's own. Values are kept as typed and sent as numbers; the server's messages go on their rows.
 * The reference value's plausible range (issue 18) is said under it and checked before sending.
 *
 * Thresholds that raise nothing are said, never left silent (issue 18): a relative threshold
 * without a reference value is marked inactive, and its indicator's row says how many are. A file's
 * own set replaces every default (spec 001 §7): the row lists the defaults the file no longer
 * applies, the editor starts from the thresholds in force and says it replaces the defaults, and
 * saving a set without the most urgent level in force asks for confirmation first.
 */
import { Alert, Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoundaryInForce, CustomizableIndicator } from '../../../schemas/customizable-indicators.ts';
import { BOUNDARY_OPERATORS, type BoundaryOperator } from '../../../schemas/telemonitoring.ts';
import { nameOf, valueText } from '../../blocks/value-tables/format.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import type { Language } from '../../lib/languages.ts';
import { operatorSign, quantityText, type QuantityOptions } from '../../lib/i18n/quantity.ts';
import { typedText, upTo } from '../../lib/i18n/use-number.ts';
import { QueryState, type QueryLike } from '../../lib/ui/query-state.tsx';
import { useTabChange } from './api/indicators-tab.ts';
import { INDICATORS_TAB } from './texts.ts';

const K = 'indicatorsTab';
const NUMBER = /^-?\d+([.,]\d+)?$/;

/** "≥ reference +1,5 = 73,5": each number isolated with its sign, "≥ 130" as one block. */
function boundaryText(boundary: BoundaryInForce, t: TFunction, language: Language): string {
  const quantity = (value: number, options: QuantityOptions = {}) => quantityText(language, value, { format: upTo(10), ...options });
  return boundary.mode === 'RELATIVE'
    ? `${operatorSign(boundary.operator)} ${t(`${K}.thresholds.relative`, { value: quantity(boundary.value, { signed: true }) })}${boundary.threshold === null ? '' : ` = ${quantity(boundary.threshold)}`}`
    : quantity(boundary.value, { operator: boundary.operator });
}

function BoundaryBadge({ boundary }: { boundary: BoundaryInForce }) {
  const { t } = useTranslation(INDICATORS_TAB);
  const { language } = useDates();
  const text = boundaryText(boundary, t, language);
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={boundary.level.colour} variant="light" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>{nameOf(boundary.level.name, language)}</Badge>
      <Text size="sm">{text}</Text>
      {boundary.state === 'inactive' && (
        <Badge color="warning" variant="filled" autoContrast size="sm" tt="none" data-boundary-state="inactive"
          styles={{ root: { height: 'auto', paddingBlock: 2, maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible' } }}>
          {t(`${K}.thresholds.inactive.${boundary.inactiveReason ?? 'no_reference_value'}`)}
        </Badge>
      )}
      <Badge size="xs" variant="default" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>{t(`${K}.thresholds.origin.${boundary.origin}`)}</Badge>
    </Group>
  );
}

export function ThresholdsSection({ fileId, readOnly, indicators }: {
  fileId: string; readOnly: boolean; indicators: QueryLike<{ data: CustomizableIndicator[] }>;
}) {
  const { t } = useTranslation(INDICATORS_TAB);
  const dates = useDates();
  const change = useTabChange(fileId);
  const [editing, setEditing] = useState<CustomizableIndicator | null>(null);
  const levels = new Map((indicators.data?.data ?? []).flatMap((i) => [...i.boundaries, ...i.defaults]).map((b) => [b.level.id, b.level]));

  return (
    <Stack gap="sm" component="section" aria-labelledby="indicators-thresholds-title">
      <Title order={3} size="h4" id="indicators-thresholds-title">{t(`${K}.thresholds.title`)}</Title>
      <QueryState query={indicators} loadingLabel={t(`${K}.loading`)}>
        {({ data: rows }) => (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder data-testid="thresholds-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(`${K}.thresholds.indicator`)}</Table.Th>
                <Table.Th scope="col">{t(`${K}.thresholds.inForce`)}</Table.Th>
                <Table.Th scope="col">{t(`${K}.thresholds.reference`)}</Table.Th>
                <Table.Th scope="col">{t(`${K}.thresholds.rules`)}</Table.Th>
                <Table.Th scope="col">{t(`${K}.thresholds.lastValue`)}</Table.Th>
                {!readOnly && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((indicator) => {
                const name = nameOf(indicator.name, dates.language);
                return (
                  <Table.Tr key={indicator.id} data-indicator={indicator.reference}>
                    <Table.Th scope="row">{name} <Text span size="xs" c="dimmed">({indicator.unit.symbol})</Text></Table.Th>
                    <Table.Td>
                      {indicator.boundaries.length === 0 ? <Text size="sm" c="dimmed">{t(`${K}.thresholds.none`)}</Text>
                        : <Stack gap={4}>{indicator.boundaries.map((b) => <BoundaryBadge key={b.id} boundary={b} />)}</Stack>}
                      <DefaultsNotApplied indicator={indicator} />
                    </Table.Td>
                    <Table.Td>
                      {indicator.referenceValue
                        ? <Text size="sm"><bdi>{valueText(indicator.referenceValue.value, dates.language)}</bdi> ({t(`${K}.thresholds.referenceOrigin.${indicator.referenceValue.origin}`)})</Text>
                        : <Text size="sm" c="dimmed">{t(`${K}.thresholds.none`)}</Text>}
                      {indicator.inactiveBoundaries > 0 && (
                        <Text size="sm" fw={600} mt={4} data-testid="inactive-summary">{t(`${K}.thresholds.inactiveSummary`, { count: indicator.inactiveBoundaries })}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {indicator.nonComplianceRules.length === 0 ? <Text size="sm" c="dimmed">{t(`${K}.thresholds.none`)}</Text>
                        : indicator.nonComplianceRules.map((r) => <Text size="sm" key={r.id}>{t(`${K}.thresholds.ruleDays`, { count: r.periodInDays })}</Text>)}
                    </Table.Td>
                    <Table.Td>
                      {indicator.lastValue
                        ? <Text size="sm"><bdi>{valueText(indicator.lastValue.value, dates.language)}</bdi> · {dates.dateTime(indicator.lastValue.measuredAt, 'short')}</Text>
                        : <Text size="sm" c="dimmed">{t(`${K}.thresholds.noValue`)}</Text>}
                    </Table.Td>
                    {!readOnly && (
                      <Table.Td>
                        <Group gap={4} role="group" aria-label={t(`${K}.thresholds.actions`, { name })} wrap="nowrap">
                          <Button size="compact-xs" variant="default" onClick={() => { change.reset(); setEditing(indicator); }}>{t(`${K}.thresholds.edit`)}</Button>
                          {indicator.origin === 'file' && (
                            <Button size="compact-xs" variant="default" onClick={() => change.mutate({ action: 'resetBoundaries', indicatorId: indicator.id })}>
                              {t(`${K}.thresholds.reset`)}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        )}
      </QueryState>
      {editing && (
        <EditThresholds
          indicator={editing} levels={[...levels.values()].sort((a, b) => a.rank - b.rank)} onClose={() => setEditing(null)}
          pending={change.isPending} error={change.error}
          onBoundaries={(boundaries) => change.mutate({ action: 'setBoundaries', indicatorId: editing.id, body: { boundaries } }, { onSuccess: () => setEditing(null) })}
          onReference={(value) => change.mutate({ action: 'setReference', body: { indicatorId: editing.id, value } }, { onSuccess: () => setEditing(null) })}
        />
      )}
    </Stack>
  );
}

/** A customised indicator's defaults the file no longer applies (its own or a protocol's set replaces them all). */
function DefaultsNotApplied({ indicator }: { indicator: CustomizableIndicator }) {
  const { t } = useTranslation(INDICATORS_TAB);
  const { language } = useDates();
  if (indicator.origin === 'default' || indicator.defaults.length === 0) return null;
  return (
    <Stack gap={2} mt="xs" data-testid="defaults-not-applied">
      <Text size="xs" fw={600}>{t(`${K}.thresholds.notApplied`)}</Text>
      {indicator.defaults.map((b) => (
        <Text key={b.id} size="xs" c="dimmed" td="line-through">{nameOf(b.level.name, language)} {boundaryText(b, t, language)}</Text>
      ))}
    </Stack>
  );
}

/** The most urgent level among thresholds (lowest rank), if any. */
const mostUrgent = (levels: readonly Level[]) => levels.reduce<Level | undefined>((best, l) => (best === undefined || l.rank < best.rank ? l : best), undefined);

interface Row { levelId: string | null; operator: BoundaryOperator | null; mode: 'ABSOLUTE' | 'RELATIVE' | null; value: string }
type Level = BoundaryInForce['level'];

function EditThresholds({ indicator, levels, onClose, onBoundaries, onReference, pending, error }: {
  indicator: CustomizableIndicator; levels: Level[]; onClose(): void; pending: boolean; error: unknown;
  onBoundaries(boundaries: { levelId: string; operator: BoundaryOperator; mode: 'ABSOLUTE' | 'RELATIVE'; value: number }[]): void;
  onReference(value: number): void;
}) {
  const { t } = useTranslation(INDICATORS_TAB);
  const { language } = useDates();
  const name = nameOf(indicator.name, language);
  const [rows, setRows] = useState<Row[]>(indicator.boundaries.map((b) => ({ levelId: b.level.id, operator: b.operator, mode: b.mode, value: typedText(language, b.value) })));
  const [reference, setReference] = useState(indicator.referenceValue?.origin === 'file' ? String(indicator.referenceValue.value) : '');
  const [tried, setTried] = useState(false);
  const [triedReference, setTriedReference] = useState(false);
  // The most urgent level in force (or of the defaults) that the rows no longer have: saving asks first.
  const [confirmDropping, setConfirmDropping] = useState<Level | null>(null);
  const server = messagesByField(error);
  const other = error && Object.keys(server).length === 0 ? (error as Error).message : undefined;
  const send = () => onBoundaries(rows.map((r) => ({ levelId: r.levelId!, operator: r.operator!, mode: r.mode!, value: Number(r.value.trim().replace(',', '.')) })));
  const set = (index: number, patch: Partial<Row>) => setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const valid = rows.length > 0 && rows.every((r) => r.levelId && r.operator && r.mode && NUMBER.test(r.value.trim()));
  const range = { min: valueText(indicator.plausible.min, language), max: valueText(indicator.plausible.max, language), unit: indicator.unit.symbol };
  const typedReference = Number(reference.trim().replace(',', '.'));
  const referenceProblem = !NUMBER.test(reference.trim()) ? t(`${K}.thresholds.valueRequired`)
    : typedReference < indicator.plausible.min || typedReference > indicator.plausible.max ? t(`${K}.thresholds.notPlausible`, range) : undefined;

  return (
    <Modal opened onClose={onClose} title={t(`${K}.thresholds.editTitle`, { name })} size="xl">
      <Stack gap="md">
        <form noValidate onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!valid) return;
          const urgent = mostUrgent([...indicator.boundaries, ...indicator.defaults].map((b) => b.level));
          const kept = rows.map((r) => levels.find((l) => l.id === r.levelId)?.rank);
          if (urgent && !kept.some((rank) => rank !== undefined && rank <= urgent.rank)) { setConfirmDropping(urgent); return; }
          send();
        }}>
          <Stack gap="xs">
            <Text size="sm">{t(`${K}.thresholds.replacesDefaults`)}</Text>
            {indicator.referenceValue === null && rows.some((r) => r.mode === 'RELATIVE') && (
              <Text size="sm" fw={600} role="status">{t(`${K}.thresholds.relativeWithoutReference`)}</Text>
            )}
            {rows.map((row, index) => (
              <Group key={index} align="flex-start" wrap="wrap" data-boundary-row={index}>
                <Select
                  label={t(`${K}.thresholds.level`)} required value={row.levelId} onChange={(v) => set(index, { levelId: v })}
                  data={levels.map((l) => ({ value: l.id, label: nameOf(l.name, language) }))}
                  error={(tried && !row.levelId ? t(`${K}.thresholds.levelRequired`) : undefined) ?? server[`body.boundaries.${index}.levelId`]}
                />
                <Select
                  label={t(`${K}.thresholds.operator`)} required w={110} value={row.operator} onChange={(v) => set(index, { operator: v as BoundaryOperator | null })}
                  data={BOUNDARY_OPERATORS.map((o) => ({ value: o, label: operatorSign(o) }))}
                  error={tried && !row.operator ? t(`${K}.thresholds.operatorRequired`) : server[`body.boundaries.${index}.operator`]}
                />
                <Select
                  label={t(`${K}.thresholds.mode`)} required value={row.mode} onChange={(v) => set(index, { mode: v as Row['mode'] })}
                  data={[{ value: 'ABSOLUTE', label: t(`${K}.thresholds.absolute`) }, { value: 'RELATIVE', label: t(`${K}.thresholds.relativeMode`) }]}
                  error={tried && !row.mode ? t(`${K}.thresholds.operatorRequired`) : server[`body.boundaries.${index}.mode`]}
                />
                <TextInput
                  label={`${t(`${K}.thresholds.value`)} (${indicator.unit.symbol})`} required w={140} dir="ltr" inputMode="decimal"
                  value={row.value} onChange={(e) => set(index, { value: e.currentTarget.value })}
                  error={(tried && !NUMBER.test(row.value.trim()) ? t(`${K}.thresholds.valueRequired`) : undefined) ?? server[`body.boundaries.${index}.value`]}
                />
                <Button variant="subtle" color="negative" mt={24} onClick={() => setRows(rows.filter((_, i) => i !== index))}>{t(`${K}.thresholds.removeRow`)}</Button>
              </Group>
            ))}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setRows([...rows, { levelId: null, operator: null, mode: null, value: '' }])}>{t(`${K}.thresholds.addRow`)}</Button>
              <Button type="submit" loading={pending} disabled={rows.length === 0}>{t(`${K}.thresholds.save`)}</Button>
            </Group>
          </Stack>
        </form>
        <form noValidate onSubmit={(e) => {
          e.preventDefault();
          setTriedReference(true);
          if (referenceProblem === undefined) onReference(Number(reference.trim().replace(',', '.')));
        }}>
          <Group align="flex-end">
            <TextInput
              label={t(`${K}.thresholds.referenceValue`, { unit: indicator.unit.symbol })} dir="ltr" inputMode="decimal" required
              description={t(`${K}.thresholds.range`, range)}
              value={reference} onChange={(e) => setReference(e.currentTarget.value)}
              error={(triedReference ? referenceProblem : undefined) ?? server['body.value']}
            />
            <Button type="submit" variant="light" loading={pending}>{t(`${K}.thresholds.saveReference`)}</Button>
          </Group>
        </form>
        {other && <Alert color="negative" variant="light" role="alert">{t(`${K}.failed`, { message: other })}</Alert>}
        <Group justify="flex-end"><Button variant="default" onClick={onClose}>{t(`${K}.thresholds.cancel`)}</Button></Group>
      </Stack>
      {confirmDropping && (
        <Modal opened onClose={() => setConfirmDropping(null)} title={t(`${K}.thresholds.confirmDropTitle`, { level: nameOf(confirmDropping.name, language) })} size="md">
          <Stack gap="md">
            <Text size="sm">{t(`${K}.thresholds.confirmDrop`, { level: nameOf(confirmDropping.name, language), name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmDropping(null)}>{t(`${K}.thresholds.confirmDropBack`)}</Button>
              <Button color="negative" loading={pending} onClick={() => { setConfirmDropping(null); send(); }}>
                {t(`${K}.thresholds.confirmDropSave`, { level: nameOf(confirmDropping.name, language) })}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Modal>
  );
}
