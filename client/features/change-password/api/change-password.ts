import { useMutation } from '@tanstack/react-query';
import { meRoutes } from '../../../../schemas/api/me.ts';
import type { CallInput } from '../../../../schemas/api/contract.ts';
import { call } from '../../../lib/api/client.ts';

/** PUT /me/password: the current password, the new one and its confirmation; the other sessions end. */
export const useChangePassword = () => useMutation({
  mutationFn: (body: CallInput<typeof meRoutes.changePassword>['body']) => call(meRoutes.changePassword, { body }),
});
