import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';
import { checkSession } from '../../../lib/session/session-store.ts';

/** POST /me/personal-data-consent, then the session is checked again. */
export const consentPersonalData = () => apiFetch<void>('/me/personal-data-consent', { method: 'POST' });

export const useConsentPersonalData = () => useMutation({ mutationFn: consentPersonalData, onSuccess: () => checkSession() });
