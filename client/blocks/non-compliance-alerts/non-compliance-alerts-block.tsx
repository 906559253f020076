import type { FromSchema } from 'json-schema-to-ts';
import type { nonComplianceAlertsProps } from '../../../schemas/blocks/domain.ts';
import { FeatureNotAvailable } from '../shared/feature-not-available.tsx';
import type { BlockComponentProps } from '../types.ts';

/** No endpoint serves this data yet: the block says so instead of showing invented figures. */
export default function NonComplianceAlertsBlock({ props }: BlockComponentProps<FromSchema<typeof nonComplianceAlertsProps>>) {
  return <FeatureNotAvailable nameKey="blocks.types.non-compliance-alerts" title={props.title} />;
}
