/**
 * /accept-cgu (spec 000 §2, §4): the terms of use, then the personal-data consent, each
 * required before use. The gateway says which one is missing (401 codes); the screen shows
 * that step, and after the last one the user goes on to where they were heading.
 */
import { Box, Center, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../lib/ui/brand-logo.tsx';
import { useSession } from '../../lib/session/use-session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAcceptTerms } from './api/accept-terms.ts';
import { useConsentPersonalData } from './api/consent-personal-data.ts';
import { ConsentStep } from './consent-step.tsx';
import { TermsText } from './terms-text.tsx';

export function ConsentPage() {
  const { t } = useTranslation();
  const { state } = useSession();
  const terms = useAcceptTerms();
  const personalData = useConsentPersonalData();
  const personalDataStep = state === 'personalDataRequired';
  usePageTitle(t(personalDataStep ? 'consent.personalData.title' : 'consent.terms.title'));
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" maw={640} w="100%">
        <Box mb="lg"><BrandLogo height={40} /></Box>
        {personalDataStep
          ? <ConsentStep key="personal-data" prefix="consent.personalData" pending={personalData.isPending} failed={personalData.isError} onAccept={() => personalData.mutate()} />
          : <ConsentStep key="terms" prefix="consent.terms" pending={terms.isPending} failed={terms.isError} onAccept={() => terms.mutate()} document={<TermsText />} />}
      </Paper>
    </Center>
  );
}

export const Component = ConsentPage;
