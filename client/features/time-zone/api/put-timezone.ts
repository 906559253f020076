import { useMutation } from '@tanstack/react-query';
import { meRoutes } from '../../../../schemas/api/me.ts';
import type { CallInput } from '../../../../schemas/api/contract.ts';
import { call } from '../../../lib/api/client.ts';

/** PUT /me/timezone: 'automatic' or an IANA zone. Changing it reloads the page (spec 000 §4). */
export const putTimezone = (body: CallInput<typeof meRoutes.putTimezone>['body']) => call(meRoutes.putTimezone, { body });

export const usePutTimezone = () => useMutation({ mutationFn: putTimezone, onSuccess: () => window.location.reload() });
