import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { runtimeConfig } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';

/** The brand's logo (or the default one) from the runtime configuration, on a light plate. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Box component={Link} to={paths.root.getHref()} bg="white" px={6} py={2} style={{ borderRadius: 6, display: 'inline-flex' }} aria-label={t('nav.home')}>
      <img src={runtimeConfig().theme.logo} alt={t('app.logoAlt')} height={36} data-testid="brand-logo" style={{ display: 'block' }} />
    </Box>
  );
}
