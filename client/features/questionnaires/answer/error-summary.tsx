/**
 * The answers to correct, above the form, after a send the form or the server refused: each
 * question by its title with what to correct, as a link that takes the focus to the question.
 * The messages are also on each question. In the form's language.
 */
import { Alert, Anchor, List } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Translate } from '../../../lib/json-schema-form/cfworker-validator.ts';
import { directionOf, type Language } from '../../../lib/languages.ts';
import { fieldId } from '../definition/question-title.ts';

export interface SummaryItem { path: string[]; title: string; message: string }

const CONTROL = 'input:not([type=hidden]), select, textarea, button, [role=slider]';

/** Focuses the question's input (a radio group's first radio, a slider…) and brings it into view. */
function focusQuestion(path: readonly string[]) {
  const id = fieldId(path);
  const field = document.getElementById(id) ?? document.getElementById(`${id}-0`);
  if (!field) return;
  // The control itself, else the first one inside (a slider's thumb, not its track, which also
  // takes a tabindex), else whatever inside can take the focus.
  const target = field.matches(CONTROL) ? field
    : field.querySelector<HTMLElement>(CONTROL) ?? field.querySelector<HTMLElement>('[tabindex]') ?? field;
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}

/** `focus`: take the focus when shown (the server refused: nothing else moved it). */
export function ErrorSummary({ items, t, language, focus }: { items: SummaryItem[]; t: Translate; language: Language; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { if (focus && items.length) ref.current?.focus(); }, [focus, items]);
  if (!items.length) return null;
  return (
    <Alert ref={ref} tabIndex={-1} dir={directionOf(language)} lang={language} color="negative" variant="light" role="alert" data-testid="error-summary"
      title={t('questionnaires.answer.errorSummary', { count: items.length })}>
      <List size="sm" spacing={4}>
        {items.map((item, i) => (
          <List.Item key={`${item.path.join('/')}:${i}`}>
            <Anchor component="a" href={`#${fieldId(item.path)}`} size="sm"
              onClick={(event) => { event.preventDefault(); focusQuestion(item.path); }}>
              {item.title}
            </Anchor>
            {t('questionnaires.answer.errorSummaryItem', { message: item.message })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
