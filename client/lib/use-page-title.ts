import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title: the screen's name, then the product's. */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
}
