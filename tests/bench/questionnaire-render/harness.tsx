/**
 * The page of the questionnaire render bench (questionnaire-render.ts): mounts the questionnaire
 * exactly as the answering screen does (QuestionnaireForm: rjsf with the app's theme and
 * validator, controlled formData, computed values), or the same number of plain controlled
 * inputs, and measures mount-to-paint and keystroke-to-paint in the page.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { FormDefinition } from '../../../schemas/form.ts';
import { QuestionnaireForm } from '../../../client/features/questionnaires/answer/questionnaire-form.tsx';
import { localizeDefinition } from '../../../client/features/questionnaires/definition/localize.ts';
import { initI18n } from '../../../client/lib/i18n/i18n.ts';

type Kind = 'rjsf' | 'plain';

function RjsfQuestionnaire({ definition }: { definition: FormDefinition }) {
  const [form] = useState(() => localizeDefinition(definition, 'fr'));
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  return <QuestionnaireForm form={form} formData={formData} onChange={setFormData} onSubmit={() => {}}><button type="submit">Envoyer</button></QuestionnaireForm>;
}

function PlainInputs({ count }: { count: number }) {
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <form>
      {Array.from({ length: count }, (_, i) => {
        const name = `q${String(i + 1).padStart(3, '0')}`;
        return (
          <div key={name}>
            <label htmlFor={`root_${name}`}>Question {i + 1}</label>
            <input id={`root_${name}`} value={values[name] ?? ''} onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))} />
          </div>
        );
      })}
    </form>
  );
}

let root: Root | undefined;
const host = document.getElementById('root')!;

/** Resolves after the next frame is painted: a task queued from a frame callback runs after its paint. */
const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => resolve(performance.now());
  channel.port2.postMessage(0);
}));

const latencies: { toPaint: number; toIdle: number }[] = [];
document.addEventListener('keydown', (event) => {
  const start = event.timeStamp;
  const idle = new MessageChannel();
  let toIdle = 0;
  idle.port1.onmessage = () => { toIdle = performance.now() - start; };
  idle.port2.postMessage(0);
  void afterPaint().then((at) => latencies.push({ toPaint: at - start, toIdle }));
}, true);

declare global {
  interface Window {
    bench: {
      ready: Promise<void>;
      mount(kind: Kind, definition: FormDefinition | null, count: number): Promise<number>;
      unmount(): Promise<void>;
      latencies(): { toPaint: number; toIdle: number }[];
      clearLatencies(): void;
    };
  }
}

window.bench = {
  ready: initI18n('fr'),
  async mount(kind, definition, count) {
    root?.unmount();
    root = createRoot(host);
    await afterPaint();
    const start = performance.now();
    flushSync(() => root!.render(
      <StrictMode>
        <MantineProvider>{kind === 'rjsf' ? <RjsfQuestionnaire definition={definition!} /> : <PlainInputs count={count} />}</MantineProvider>
      </StrictMode>,
    ));
    return (await afterPaint()) - start;
  },
  async unmount() {
    root?.unmount();
    root = undefined;
    await afterPaint();
  },
  latencies: () => latencies.slice(),
  clearLatencies: () => { latencies.length = 0; },
};
