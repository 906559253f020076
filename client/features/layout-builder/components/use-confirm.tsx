/**
 * The editor's confirmations (leaving with unsaved changes, restoring, resetting) as a Mantine
 * dialog in the interface's language and direction, instead of `window.confirm`, which speaks
 * the browser's language, blocks the page and cannot be styled or read by assistive tools as
 * part of the application. `confirm()` resolves true (go on) or false (stay, also on Escape).
 * Closing the tab keeps the browser's own prompt (use-leave-guard.ts): nothing else can run then.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT_BUILDER } from '../texts.ts';

export interface ConfirmRequest { title: string; message: string; confirmLabel: string }

export function useConfirm(): { confirm(request: ConfirmRequest): Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation(LAYOUT_BUILDER);
  const [request, setRequest] = useState<ConfirmRequest>();
  const [opened, setOpened] = useState(false);
  const resolveRef = useRef<(answer: boolean) => void>(undefined);

  const confirm = useCallback((next: ConfirmRequest) => {
    resolveRef.current?.(false);
    setRequest(next);
    setOpened(true);
    return new Promise<boolean>((resolve) => { resolveRef.current = resolve; });
  }, []);
  // The text stays while the dialog fades out: only `opened` changes.
  const answer = (value: boolean) => {
    setOpened(false);
    resolveRef.current?.(value);
    resolveRef.current = undefined;
  };

  const dialog = (
    <Modal opened={opened} onClose={() => answer(false)} title={request?.title} centered>
      <Text>{request?.message}</Text>
      <Group mt="lg" justify="flex-end">
        {/* Staying is the safe choice: it has the first focus. */}
        <Button variant="default" data-autofocus onClick={() => answer(false)}>{t('layoutBuilder.confirm.stay')}</Button>
        <Button color="negative" onClick={() => answer(true)}>{request?.confirmLabel}</Button>
      </Group>
    </Modal>
  );
  return { confirm, dialog };
}
