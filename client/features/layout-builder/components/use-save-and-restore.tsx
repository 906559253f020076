/**
 * Save (with a message), versions, restore and reset, and their dialogs. A failed save keeps
 * the edit; resetting, and restoring over unsaved changes, ask first (in the editor's dialog).
 */
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import type { LayoutScope } from '../api/layout-scope.ts';
import { useRestoreLayout } from '../api/restore-layout.ts';
import { useSaveLayout } from '../api/save-layout.ts';
import type { EditorAction, EditorState } from '../state/editor-reducer.ts';
import { SaveModal } from './save-modal.tsx';
import { useConfirm } from './use-confirm.tsx';
import { VersionsDrawer } from './versions-drawer.tsx';
import { LAYOUT_BUILDER } from '../texts.ts';

interface Options {
  page: string; structureId: string; scope: LayoutScope;
  state: EditorState; dispatch: Dispatch<EditorAction>; dirty: boolean; reload(): Promise<void>;
}

export function useSaveAndRestore({ page, structureId, scope, state, dispatch, dirty, reload }: Options) {
  const { t } = useTranslation(LAYOUT_BUILDER);
  const [saveOpened, setSaveOpened] = useState(false);
  const [versionsOpened, setVersionsOpened] = useState(false);
  const save = useSaveLayout(structureId, scope);
  const restore = useRestoreLayout(page, structureId, scope);

  const onSave = (message: string) => {
    const document = state.present;
    save.mutate({ document, message }, {
      onSuccess: ({ version }) => {
        dispatch({ type: 'saved' });
        setSaveOpened(false);
        void notify({ color: 'positive', message: t('layoutBuilder.save.success', { version }) });
      },
    });
  };

  const { confirm, dialog: confirmDialog } = useConfirm();
  // Resetting always asks (one question, which also mentions unsaved changes); restoring asks
  // only when it would drop unsaved changes.
  const restoreTo = async (version?: number) => {
    const discard = dirty ? t('layoutBuilder.versions.discard') : '';
    if (version === undefined) {
      const message = [t('layoutBuilder.reset.confirm'), discard].filter(Boolean).join(' ');
      if (!await confirm({ title: t('layoutBuilder.toolbar.reset'), message, confirmLabel: t('layoutBuilder.confirm.reset') })) return;
    } else if (dirty && !await confirm({ title: t('layoutBuilder.confirm.unsavedTitle'), message: discard, confirmLabel: t('layoutBuilder.versions.restore') })) return;
    restore.mutate(version, {
      onSuccess: async () => {
        await reload();
        void notify({ color: 'positive', message: version === undefined ? t('layoutBuilder.reset.done') : t('layoutBuilder.versions.restored', { version }) });
      },
      onError: () => void notify({ color: 'negative', message: t('layoutBuilder.versions.failure') }),
    });
  };

  return {
    busy: save.isPending || restore.isPending,
    openSave: () => { save.reset(); setSaveOpened(true); },
    openVersions: () => setVersionsOpened(true),
    reset: () => void restoreTo(undefined),
    dialogs: (
      <>
        <SaveModal opened={saveOpened} saving={save.isPending} error={save.error} onClose={() => setSaveOpened(false)} onSave={onSave} />
        <VersionsDrawer
          opened={versionsOpened} page={page} structureId={structureId} scope={scope} busy={restore.isPending}
          onClose={() => setVersionsOpened(false)} onRestore={(version) => void restoreTo(version)}
        />
        {confirmDialog}
      </>
    ),
  };
}
