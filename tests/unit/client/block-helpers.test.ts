import { describe, expect, it } from 'vitest';
import { BLOCK_PROPS } from '../../../schemas/blocks/index.ts';
import { cellText } from '../../../client/blocks/data-table/cell-text.ts';
import { bindEndpoint } from '../../../client/blocks/shared/api/get-list.ts';
import { localize, resolveHref } from '../../../client/blocks/shared/layout-text.ts';
import { uiSchemaFor } from '../../../client/features/layout-builder/components/ui-schema.ts';
import { createCfworkerValidator } from '../../../client/lib/json-schema-form/cfworker-validator.ts';

const STRUCTURE = '00000000-0000-4000-8000-00000000000a';
const FILE = '00000000-0000-4000-8000-0000000000f1';

describe('block helpers', () => {
  it.each([
    ['a plain string in every language', 'Bonjour', 'ar', 'Bonjour'],
    ['the language asked', { fr: 'Bonjour', ar: 'مرحبا' }, 'ar', 'مرحبا'],
    ['French when the language is missing', { fr: 'Bonjour' }, 'en', 'Bonjour'],
    ['French when the text is empty', { fr: 'Bonjour', en: '' }, 'en', 'Bonjour'],
    ['nothing', undefined, 'fr', ''],
  ] as const)('localize: %s', (_, text, language, expected) => {
    expect(localize(text, language)).toBe(expected);
  });

  it.each([
    ['relative to the area', 'my-tasks', '/p/0', { href: '/p/0/my-tasks', external: false }],
    ['relative, area with a slash', 'documents/add', '/s/1/', { href: '/s/1/documents/add', external: false }],
    ['a path of the site', '/context-selector', '/p/0', { href: '/context-selector', external: false }],
    ['https opens outside', 'https://sante.fr', '/p/0', { href: 'https://sante.fr', external: true }],
  ])('resolveHref: %s', (_, href, area, expected) => {
    expect(resolveHref(href, area)).toEqual(expected);
  });

  it.each([
    ['structure placeholder', '/api/establishments/{structureId}/forms', {}, `/api/establishments/${STRUCTURE}/forms`],
    ['patient file placeholder', '/api/patient_files/{patientFileId}/tasks', { patientFileId: FILE }, `/api/patient_files/${FILE}/tasks`],
    ['patient file missing: not bound', '/api/patient_files/{patientFileId}/tasks', {}, undefined],
    ['unknown placeholder: not bound', '/api/things/{other}', {}, undefined],
  ])('bindEndpoint: %s', (_, endpoint, extra, expected) => {
    expect(bindEndpoint(endpoint, { structureId: STRUCTURE, ...extra })).toBe(expected);
  });

  it.each([
    ['a field', { name: 'PHQ-9' }, 'name', 'PHQ-9'],
    ['a dotted path', { service: { name: 'Cardiologie' } }, 'service.name', 'Cardiologie'],
    ['a number', { version: 3 }, 'version', '3'],
    ['an object is left out', { service: { name: 'x' } }, 'service', ''],
    ['missing', {}, 'a.b', ''],
  ])('cellText: %s', (_, row, field, expected) => {
    expect(cellText(row, field)).toBe(expected);
  });

  it('props form: translated labels, localized texts as two choices, markdown in a text area, no submit button', () => {
    const t = ((key: string) => `«${key}»`) as never;
    const ui = uiSchemaFor(BLOCK_PROPS.markdown, t) as Record<string, Record<string, unknown>>;
    expect(ui['ui:submitButtonOptions']).toEqual({ norender: true });
    expect(ui.title!['ui:title']).toBe('«layoutBuilder.fields.title»');
    const [same, perLanguage] = ui.content!.oneOf as Record<string, Record<string, string>>[];
    expect(same).toMatchObject({ 'ui:title': '«layoutBuilder.fields.sameText»', 'ui:widget': 'textarea' });
    expect(perLanguage!.ar).toEqual({ 'ui:title': '«layoutBuilder.fields.ar»', 'ui:widget': 'textarea' });
    const links = uiSchemaFor(BLOCK_PROPS['link-list'], t) as Record<string, Record<string, Record<string, Record<string, string>>>>;
    expect(links.links!.items!.href!['ui:title']).toBe('«layoutBuilder.fields.href»');
  });

  it.each([
    ['valid props', 'link-list', { links: [{ label: 'Tâches', href: 'my-tasks' }] }, []],
    ['an address that is neither a path nor https', 'link-list', { links: [{ label: 'x', href: 'javascript:alert(1)' }] }, ['.links.0.href']],
    ['a page size not offered', 'alerts', { pageSize: 4 }, ['.pageSize']],
    ['a required property missing', 'markdown', {}, ['.content']],
  ] as const)('props validated by the forms stack\'s validator (no eval): %s', (_, type, props, properties) => {
    const validator = createCfworkerValidator((key) => key);
    const { errors } = validator.validateFormData(props as never, BLOCK_PROPS[type] as never);
    expect([...new Set(errors.map((e) => e.property))]).toEqual(properties);
  });
});
