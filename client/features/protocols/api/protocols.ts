/**
 * The protocols' calls: an establishment's list, one protocol, what a protocol is made of (the
 * establishment's questionnaires, indicators and levels), the changes; a patient file's protocols
 * and their changes, which also make the file's history and questionnaires stale.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileProtocolRoutes, protocolRoutes } from '../../../../schemas/api/protocols.ts';
import type { QueryOf } from '../../../../schemas/api/contract.ts';
import type { ProtocolBody } from '../../../../schemas/protocols.ts';
import { useForms } from '../../../blocks/shared/api/get-forms.ts';
import { useAllIndicators, useInterventionLevels } from '../../../lib/api/catalogue.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys, protocolKeys } from '../../../lib/api/query-keys.ts';
import { listQueryOptions } from '../../../lib/ui/data-table/list-query.ts';

export type ProtocolListQuery = Omit<QueryOf<typeof protocolRoutes.list>, 'l'>;

export const useProtocolList = (establishmentId: string, query: ProtocolListQuery) => useQuery(listQueryOptions({
  queryKey: protocolKeys.list(establishmentId, query),
  fetchPage: (signal) => call(protocolRoutes.list, { params: { id: establishmentId }, query, signal }),
}));

export const useProtocol = (protocolId: string | undefined) => useQuery({
  queryKey: protocolKeys.detail(protocolId),
  queryFn: ({ signal }) => call(protocolRoutes.get, { params: { protocolId: protocolId! }, signal }),
  enabled: protocolId !== undefined,
});

/**
 * The choices of the editor, read where every screen reads them (one owner per endpoint): the
 * establishment's questionnaires, all its indicators and its levels.
 */
export function useProtocolOptions(establishmentId: string) {
  const forms = useForms(establishmentId);
  const indicators = useAllIndicators(establishmentId);
  const levels = useInterventionLevels(establishmentId);
  const queries = [forms, indicators, levels];
  return {
    data: forms.data && indicators.data && levels.data ? { forms: forms.data.data, indicators: indicators.data, levels: levels.data } : undefined,
    error: queries.find((q) => q.isError)?.error ?? null,
    refetch: () => Promise.all(queries.map((q) => q.refetch())),
  };
}

export type ProtocolChange =
  | { action: 'create'; establishmentId: string; body: ProtocolBody }
  | { action: 'update'; protocolId: string; body: ProtocolBody }
  | { action: 'archive' | 'restore'; protocolId: string };

function send(change: ProtocolChange) {
  switch (change.action) {
    case 'create': return call(protocolRoutes.create, { params: { id: change.establishmentId }, body: change.body });
    case 'update': return call(protocolRoutes.update, { params: { protocolId: change.protocolId }, body: change.body });
    case 'archive': return call(protocolRoutes.archive, { params: { protocolId: change.protocolId } });
    default: return call(protocolRoutes.restore, { params: { protocolId: change.protocolId } });
  }
}

export function useChangeProtocol() {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => client.invalidateQueries({ queryKey: protocolKeys.all }) });
}

export const useFileProtocols = (patientFileId: string) => useQuery({
  queryKey: protocolKeys.ofFile(patientFileId),
  queryFn: ({ signal }) => call(fileProtocolRoutes.ofFile, { params: { id: patientFileId }, signal }),
});

export type FileProtocolChange =
  | { action: 'apply'; protocolId: string }
  | { action: 'activate' | 'deactivate' | 'exclude' | 'restore'; fileProtocolId: string };

export function useChangeFileProtocol(patientFileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: FileProtocolChange): Promise<unknown> => change.action === 'apply'
      ? call(fileProtocolRoutes.apply, { params: { id: patientFileId, protocolId: change.protocolId } })
      : call(fileProtocolRoutes[change.action], { params: { id: change.fileProtocolId } }),
    // The file's history, questionnaires (applying assigns them) and protocols are all under its key.
    onSettled: () => client.invalidateQueries({ queryKey: patientFileKeys.detail(patientFileId) }),
  });
}
