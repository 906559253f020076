import type { FromSchema } from 'json-schema-to-ts';
import type { connectionsActivitiesProps } from '../../../schemas/blocks/domain.ts';
import { FeatureNotAvailable } from '../shared/feature-not-available.tsx';
import type { BlockComponentProps } from '../types.ts';

/** No endpoint serves this data yet: the block says so instead of showing invented figures. */
export default function ConnectionsActivitiesBlock({ props }: BlockComponentProps<FromSchema<typeof connectionsActivitiesProps>>) {
  return <FeatureNotAvailable nameKey="blocks.types.connections-activities" title={props.title} />;
}
