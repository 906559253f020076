import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../config.ts';

/** The brand's logo, or the default one, as the runtime configuration names it. */
export function BrandLogo({ height = 36 }: { height?: number }) {
  const { t } = useTranslation();
  return <img src={runtimeConfig().theme.logo} alt={t('app.logoAlt')} height={height} data-testid="brand-logo" style={{ display: 'block' }} />;
}
