import type { FromSchema } from 'json-schema-to-ts';
import type { graphsProps } from '../../../schemas/blocks/domain.ts';
import { FeatureNotAvailable } from '../shared/feature-not-available.tsx';
import type { BlockComponentProps } from '../types.ts';

/** No endpoint serves this data yet: the block says so instead of showing invented figures. */
export default function GraphsBlock({ props }: BlockComponentProps<FromSchema<typeof graphsProps>>) {
  return <FeatureNotAvailable nameKey="blocks.types.graphs" title={props.title} />;
}
