import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';
import { checkSession } from '../../../lib/session/session-store.ts';

/** POST /me/terms-acceptance, then the session is checked again (next consent, or logged in). */
export const acceptTerms = () => apiFetch<void>('/me/terms-acceptance', { method: 'POST' });

export const useAcceptTerms = () => useMutation({ mutationFn: acceptTerms, onSuccess: () => checkSession() });
