/** One block failing (a render error, a chunk that does not load) shows a card; the rest of the page stays. */
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from './notice.tsx';

function BlockFailed({ type }: { type: string }) {
  const { t } = useTranslation();
  return <Notice tone="negative" title={t('layout.blockFailed')} data-failed-block={type} />;
}

export class BlockErrorBoundary extends Component<{ type: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`Block '${this.props.type}' failed`, error);
  }

  override render() {
    return this.state.failed ? <BlockFailed type={this.props.type} /> : this.props.children;
  }
}
