/** The indicators screen's other tabs: indicator types (a name) and units (a UCUM code the server checks, a symbol). */
import { Code, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { indicatorTypeRoutes, unitRoutes } from '../../../schemas/api/catalogue.ts';
import { useRecords } from '../../lib/api/records.ts';
import { RecordSection } from '../../lib/ui/record-section/record-section.tsx';
import { CATALOGUE } from './texts.ts';

export function IndicatorTypesSection({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(CATALOGUE);
  return (
    <RecordSection testId="indicator-types" records={useRecords(indicatorTypeRoutes, establishmentId)}
      texts={{ title: t('catalogue.types.title'), new: t('catalogue.types.new'), empty: t('catalogue.types.empty') }} />
  );
}

export function UnitsSection({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(CATALOGUE);
  return (
    <RecordSection testId="units" records={useRecords(unitRoutes, establishmentId)}
      texts={{ title: t('catalogue.units.title'), help: t('catalogue.units.help'), new: t('catalogue.units.new'), empty: t('catalogue.units.empty') }}
      columns={[
        { header: t('catalogue.units.symbol'), cell: (u) => <bdi dir="ltr">{u.symbol}</bdi> },
        { header: t('catalogue.units.ucumCode'), cell: (u) => <Code dir="ltr">{u.ucumCode}</Code> },
      ]}
      extra={{
        blank: { ucumCode: '', symbol: '' },
        draftOf: (u) => ({ ucumCode: u.ucumCode, symbol: u.symbol }),
        fields: (draft, set, errors) => (
          <>
            <TextInput label={t('catalogue.units.ucumCode')} required dir="ltr" value={draft.ucumCode} error={errors['body.ucumCode']}
              description={t('catalogue.units.help')} onChange={(e) => set({ ...draft, ucumCode: e.currentTarget.value })} />
            <TextInput label={t('catalogue.units.symbol')} required dir="ltr" value={draft.symbol} error={errors['body.symbol']}
              onChange={(e) => set({ ...draft, symbol: e.currentTarget.value })} />
          </>
        ),
      }} />
  );
}
