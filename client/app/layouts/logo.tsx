import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { BrandLogo } from '../../lib/ui/brand-logo.tsx';

/** The header's logo, on a light plate (it stays readable in dark mode), linking home. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Box component={Link} to={paths.root.getHref()} bg="white" px={6} py={2} style={{ borderRadius: 6, display: 'inline-flex' }} aria-label={t('nav.home')}>
      <BrandLogo />
    </Box>
  );
}
