import { useMutation } from '@tanstack/react-query';
import { meRoutes } from '../../../../schemas/api/me.ts';
import { call } from '../../../lib/api/client.ts';
import { checkSession } from '../../../lib/session/session-store.ts';

/** POST /me/terms-acceptance, then the session is checked again (next consent, or logged in). */
export const acceptTerms = () => call(meRoutes.acceptTerms);

export const useAcceptTerms = () => useMutation({ mutationFn: acceptTerms, onSuccess: () => checkSession() });
