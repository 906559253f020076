import type { FromSchema } from 'json-schema-to-ts';
import type { valueTablesProps } from '../../../schemas/blocks/domain.ts';
import { FeatureNotAvailable } from '../shared/feature-not-available.tsx';
import type { BlockComponentProps } from '../types.ts';

/** No endpoint serves this data yet: the block says so instead of showing invented figures. */
export default function ValueTablesBlock({ props }: BlockComponentProps<FromSchema<typeof valueTablesProps>>) {
  return <FeatureNotAvailable nameKey="blocks.types.value-tables" title={props.title} />;
}
