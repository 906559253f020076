import { useMutation } from '@tanstack/react-query';
import type { TimezoneBody } from '../../../../schemas/me.ts';
import { apiFetch } from '../../../lib/api/client.ts';

/** PUT /me/timezone: 'automatic' or an IANA zone. Changing it reloads the page (spec 000 §4). */
export const putTimezone = (body: TimezoneBody) => apiFetch<void>('/me/timezone', { method: 'PUT', body });

export const usePutTimezone = () => useMutation({ mutationFn: putTimezone, onSuccess: () => window.location.reload() });
