/**
 * The document being edited: the establishment's layout (admins) or the user's effective one
 * (operators and prescribers edit their own), with its history. A layout fetched again replaces
 * the edit only when nothing is unsaved, so a background refetch never loses work.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import type { LayoutDocument } from '../../../schemas/layout.ts';
import { layoutQueryOptions, useLayout } from '../../layout-engine/api/get-layout.ts';
import type { LayoutScope } from './api/layout-scope.ts';
import { editorReducer, initialEditorState, isDirty } from './state/editor-reducer.ts';

const EMPTY: LayoutDocument = { id: 'empty', page: 'empty', schemaVersion: 2, grid: { cols: 12, rowHeight: 40 }, blocks: [] };
const same = (a: LayoutDocument, b: LayoutDocument) => JSON.stringify(a) === JSON.stringify(b);

export function useEditorDocument(page: string, structureId: string, scope: LayoutScope) {
  const source = scope === 'establishment' ? 'establishment' : 'effective';
  const query = useLayout(page, structureId, source);
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(editorReducer, EMPTY, initialEditorState);
  const dirty = isDirty(state);

  useEffect(() => {
    if (query.data && (state.saved === EMPTY || (!dirty && !same(query.data, state.saved)))) dispatch({ type: 'load', document: query.data });
  }, [query.data, dirty, state.saved]);

  /** After a restore or reset: the layout in force now, whatever was edited. */
  const reload = useCallback(async () => {
    const document = await queryClient.fetchQuery({ ...layoutQueryOptions(page, structureId, source), staleTime: 0 });
    dispatch({ type: 'load', document });
  }, [queryClient, page, structureId, source]);

  return { state, dispatch, dirty, loaded: state.saved !== EMPTY, query, reload };
}
