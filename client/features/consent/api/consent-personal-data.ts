import { useMutation } from '@tanstack/react-query';
import { meRoutes } from '../../../../schemas/api/me.ts';
import { call } from '../../../lib/api/client.ts';
import { checkSession } from '../../../lib/session/session-store.ts';

/** POST /me/personal-data-consent, then the session is checked again. */
export const consentPersonalData = () => call(meRoutes.consentPersonalData);

export const useConsentPersonalData = () => useMutation({ mutationFn: consentPersonalData, onSuccess: () => checkSession() });
