import type { FromSchema } from 'json-schema-to-ts';
import type { alertsProps } from '../../../schemas/blocks/domain.ts';
import type { BlockComponentProps } from '../types.ts';
import { PendingAlerts } from './pending-alerts.tsx';

/** The newest pending threshold alerts of the caller's files, refreshed live. */
export default function AlertsBlock({ props, context }: BlockComponentProps<FromSchema<typeof alertsProps>>) {
  return <PendingAlerts props={props} context={context} kinds={['THRESHOLD']} titleKey="title" />;
}
