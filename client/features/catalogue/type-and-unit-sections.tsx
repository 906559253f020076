/** The indicators screen's other tabs: indicator types (a name) and units (a UCUM code the server checks, a symbol). */
import { Code, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIndicatorTypeChanges, useIndicatorTypes, useUnitChanges, useUnits } from './api/catalogue.ts';
import { RecordSection } from './record-section.tsx';
import { CATALOGUE } from './texts.ts';

export function IndicatorTypesSection({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(CATALOGUE);
  const { save, remove } = useIndicatorTypeChanges(establishmentId);
  return (
    <RecordSection testId="indicator-types" title={t('catalogue.types.title')} newLabel={t('catalogue.types.new')} emptyText={t('catalogue.types.empty')}
      query={useIndicatorTypes(establishmentId)} columns={[]} blank={{}} draftOf={() => ({})} fields={() => null}
      bodyOf={(name) => ({ name })} save={save} remove={remove} />
  );
}

interface UnitDraft { ucumCode: string; symbol: string }

export function UnitsSection({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(CATALOGUE);
  const { save, remove } = useUnitChanges(establishmentId);
  return (
    <RecordSection<NonNullable<ReturnType<typeof useUnits>['data']>[number], UnitDraft, { name: { fr: string }; ucumCode: string; symbol: string }>
      testId="units" title={t('catalogue.units.title')} help={t('catalogue.units.help')} newLabel={t('catalogue.units.new')} emptyText={t('catalogue.units.empty')}
      query={useUnits(establishmentId)}
      columns={[
        { header: t('catalogue.units.symbol'), cell: (u) => <bdi dir="ltr">{u.symbol}</bdi> },
        { header: t('catalogue.units.ucumCode'), cell: (u) => <Code dir="ltr">{u.ucumCode}</Code> },
      ]}
      blank={{ ucumCode: '', symbol: '' }} draftOf={(u) => ({ ucumCode: u.ucumCode, symbol: u.symbol })}
      fields={(draft, set, errors) => (
        <>
          <TextInput label={t('catalogue.units.ucumCode')} required dir="ltr" value={draft.ucumCode} error={errors['body.ucumCode']}
            description={t('catalogue.units.help')} onChange={(e) => set({ ...draft, ucumCode: e.currentTarget.value })} />
          <TextInput label={t('catalogue.units.symbol')} required dir="ltr" value={draft.symbol} error={errors['body.symbol']}
            onChange={(e) => set({ ...draft, symbol: e.currentTarget.value })} />
        </>
      )}
      bodyOf={(name, draft) => ({ name, ...draft })} save={save} remove={remove} />
  );
}
