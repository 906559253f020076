/**
 * A value entered in error, wherever values are listed (issue 18): struck through AND said in
 * words ("Entered in error", a visible badge, so a screen reader and a person who cannot see the
 * strike read it too), with who marked it, when and why when `detailed` (professionals' tables).
 * A patient's own correction reads "Corrected by …" (its stored reason is the code 'corrected').
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CORRECTED_REASON, type EnteredInError } from '../../../schemas/measures.ts';
import { useDates } from '../dates/use-dates.ts';
import { ENTERED_IN_ERROR } from './texts.ts';

const K = 'enteredInError';

export function EnteredInErrorValue({ text, mark, detailed = false }: { text: string; mark: NonNullable<EnteredInError>; detailed?: boolean }) {
  const { t } = useTranslation(ENTERED_IN_ERROR);
  const dates = useDates();
  const name = mark.by ? `${mark.by.firstName} ${mark.by.lastName}` : t(`${K}.someone`);
  const date = dates.dateTime(mark.at, 'short');
  const corrected = mark.replacedBy !== null && mark.reason === CORRECTED_REASON;
  return (
    <Stack gap={0} data-testid="entered-in-error">
      <Group gap={4} wrap="wrap">
        <Text component="s" size="sm" c="dimmed"><bdi>{text}</bdi></Text>
        {/* Said whole, never cut to "Saisie erron…" in a narrow column: the words are the information. */}
        <Badge variant="default" size="xs" tt="none" h="auto" styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}>{t(`${K}.badge`)}</Badge>
      </Group>
      {detailed && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal' }}>
          {corrected ? t(`${K}.corrected`, { name, date }) : t(`${K}.marked`, { name, date, reason: mark.reason })}
        </Text>
      )}
    </Stack>
  );
}
