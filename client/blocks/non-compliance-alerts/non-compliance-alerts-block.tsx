import type { FromSchema } from 'json-schema-to-ts';
import type { nonComplianceAlertsProps } from '../../../schemas/blocks/domain.ts';
import { PendingAlerts } from '../alerts/pending-alerts.tsx';
import type { BlockComponentProps } from '../types.ts';

/** The newest pending non-compliance alerts (no value for an indicator, a questionnaire left unanswered), refreshed live. */
export default function NonComplianceAlertsBlock({ props, context }: BlockComponentProps<FromSchema<typeof nonComplianceAlertsProps>>) {
  return <PendingAlerts props={props} context={context} kinds={['NON_COMPLIANCE_INDICATOR', 'NON_COMPLIANCE_FORM']} titleKey="nonComplianceTitle" />;
}
