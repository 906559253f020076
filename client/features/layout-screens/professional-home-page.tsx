/** The professional homepage (dashboard), rendered from the active structure's `professional-dashboard` layout. */
import { useTranslation } from 'react-i18next';
import { LayoutView } from '../../layout-engine/layout-view.tsx';
import { useStructureLayoutContext } from '../../layout-engine/use-structure-layout-context.ts';

export function ProfessionalHomePage() {
  const { t } = useTranslation();
  const { context, viewer } = useStructureLayoutContext();
  return <LayoutView page="professional-dashboard" context={context} viewer={viewer} fallbackTitle={t('screens.professionalHome')} />;
}

export const Component = ProfessionalHomePage;
