/**
 * Provisioned content (Grafana's provisioning model), under the layouts folder:
 *   <scope>/pages/<page>.json   a screen's layout      (validated against /ui/schemas/layout)
 *   <scope>/theme.json          light and dark colours (validated against /ui/schemas/theme)
 *   <scope>/forms/<id>.json     a questionnaire        (validated against /ui/schemas/form)
 * where scope is `default`, an establishment identifier or a brand. Loaded at start, then
 * watched: a changed or added file is served within moments, without restart. An invalid file
 * is reported (path + reason) in status() and the logs, and its last valid version is kept.
 * In server/shared: the care API serves provisioned themes too (GET /establishments/:id/theme)
 * and runs alone in split mode, without server/ui.
 */
import { existsSync, readdirSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import type { FastifyBaseLogger } from 'fastify';
import type { LayoutDocument } from '../../schemas/layout.ts';
import { themeSchema, type Theme } from '../../schemas/theme.ts';
import { deepestError, parseLayout } from './layouts/validate.ts';
import { InvalidDocumentError } from './layouts/problems.ts';
import type { Language } from '../i18n/index.ts';
import type { FormDefinition } from '../../schemas/form.ts';
import { definitionHash, parseFormDefinition } from './form-definitions.ts';

export interface ProvisionedLayout { scope: string; page: string; document: LayoutDocument; file: string }
export interface ProvisionedForm { scope: string; definition: FormDefinition; hash: string; file: string }
export interface FileStatus { file: string; state: 'ok' | 'invalid'; error?: string; checkedAt: string }
/** A file's state as kept: a reason found here is stated in the language of whoever asks. */
interface KeptStatus extends Omit<FileStatus, 'error'> { error?: string | InvalidDocumentError }

const PAGE_FILE = /^([^/\\]+)[/\\]pages[/\\]([a-z][a-z0-9-]{0,62})\.json$/;
const THEME_FILE = /^([^/\\]+)[/\\]theme\.json$/;
const FORM_FILE = /^([^/\\]+)[/\\]forms[/\\]([a-z0-9][a-z0-9-]{0,99})\.json$/;

const validateTheme = new Ajv({ allErrors: false }).compile(themeSchema);

function parseTheme(json: unknown): Theme {
  if (validateTheme(json)) {
    const { light, dark } = json as Theme;
    return { light, dark };
  }
  const error = deepestError(validateTheme.errors);
  throw new InvalidDocumentError(error.instancePath, { ajv: error });
}

export class ProvisionedFiles {
  private readonly layouts = new Map<string, ProvisionedLayout>();
  private readonly themes = new Map<string, Theme>();
  private readonly forms = new Map<string, ProvisionedForm>();
  private readonly statuses = new Map<string, KeptStatus>();
  /** Files whose last load failed (their last valid version, if any, is still served). */
  private readonly loadFailures = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly listeners = new Set<() => void>();
  private watcher?: FSWatcher;

  private readonly dir: string;
  private readonly log: FastifyBaseLogger;
  private readonly now: () => Date;

  constructor(dir: string, log: FastifyBaseLogger, now = () => new Date()) {
    this.dir = dir;
    this.log = log;
    this.now = now;
  }

  /** Loads every file, then watches the folder. */
  start(): void {
    if (!existsSync(this.dir)) return;
    for (const scope of readdirSync(this.dir, { withFileTypes: true })) {
      if (!scope.isDirectory()) continue;
      if (existsSync(path.join(this.dir, scope.name, 'theme.json'))) this.load(path.join(scope.name, 'theme.json'));
      for (const folder of ['pages', 'forms']) {
        const within = path.join(this.dir, scope.name, folder);
        if (!existsSync(within)) continue;
        for (const file of readdirSync(within)) if (file.endsWith('.json')) this.load(path.join(scope.name, folder, file));
      }
    }
    const invalid = this.status().filter((s) => s.state === 'invalid').length;
    this.log.info({ files: this.statuses.size, invalid }, 'provisioned files loaded');
    this.watcher = watch(this.dir, { recursive: true }, (_event, name) => {
      if (!name || ![PAGE_FILE, THEME_FILE, FORM_FILE].some((pattern) => pattern.test(name))) return;
      // Editors write in several steps: read once the file has settled.
      clearTimeout(this.timers.get(name));
      this.timers.set(name, setTimeout(() => { this.timers.delete(name); this.load(name); this.emit(); }, 150));
    });
    this.watcher.on('error', (err) => this.log.error({ err }, 'provisioning watcher failed'));
  }

  close(): void {
    this.watcher?.close();
    for (const t of this.timers.values()) clearTimeout(t);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  layout(scope: string, page: string): ProvisionedLayout | undefined {
    return this.layouts.get(`${scope}/${page}`);
  }

  theme(scope: string): Theme | undefined {
    return this.themes.get(scope);
  }

  /** Every valid questionnaire file. */
  allForms(): ProvisionedForm[] {
    return [...this.forms.values()];
  }

  /**
   * Records a problem found after loading (e.g. a name already used in an establishment). A file
   * that failed to load keeps its own error: the last valid version synced in its place must not
   * report it as fine.
   */
  report(file: string, error: string | undefined): void {
    if (this.loadFailures.has(file)) return;
    const checkedAt = this.now().toISOString();
    this.statuses.set(file, error ? { file, state: 'invalid', error, checkedAt } : { file, state: 'ok', checkedAt });
  }

  /** Every file's state, its reason in `language`. */
  status(language: Language = 'en'): FileStatus[] {
    return [...this.statuses.values()].sort((a, b) => a.file.localeCompare(b.file))
      .map((s) => (s.error instanceof InvalidDocumentError ? { ...s, error: s.error.describe(language) } : s as FileStatus));
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }

  /** `relative` is the path under the layouts folder, e.g. `chu-azur/pages/professional-dashboard.json`. */
  private load(relative: string): void {
    const page = PAGE_FILE.exec(relative);
    const theme = THEME_FILE.exec(relative);
    const form = FORM_FILE.exec(relative);
    const match = page ?? theme ?? form;
    if (!match) return;
    const scope = match[1]!;
    const key = page || form ? `${scope}/${match[2]}` : scope;
    const store: Map<string, unknown> = page ? this.layouts : form ? this.forms : this.themes;
    const file = relative.split(path.sep).join('/');
    const checkedAt = this.now().toISOString();
    const absolute = path.join(this.dir, relative);
    if (!existsSync(absolute)) {
      store.delete(key);
      this.statuses.delete(file);
      this.loadFailures.delete(file);
      this.log.info({ file }, 'provisioned file removed');
      return;
    }
    try {
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(absolute, 'utf8'));
      } catch (error) {
        throw new InvalidDocumentError(undefined, { key: 'notJson', detail: (error as Error).message });
      }
      if (page) {
        const document = parseLayout(json);
        if (document.page !== page[2]) throw new InvalidDocumentError('/page', { key: 'pageNotFileName', params: { page: document.page, file: `${page[2]}.json` } });
        this.layouts.set(key, { scope, page: page[2]!, document, file });
      } else if (form) {
        const definition = parseFormDefinition(json);
        if (definition.id !== form[2]) throw new InvalidDocumentError('/id', { key: 'idNotFileName', params: { id: definition.id, file: `${form[2]}.json` } });
        this.forms.set(key, { scope, definition, hash: definitionHash(definition), file });
      } else {
        this.themes.set(key, parseTheme(json));
      }
      this.statuses.set(file, { file, state: 'ok', checkedAt });
      this.loadFailures.delete(file);
      this.log.debug({ file }, 'provisioned file loaded');
    } catch (error) {
      const message = (error as Error).message;
      this.statuses.set(file, { file, state: 'invalid', error: error instanceof InvalidDocumentError ? error : message, checkedAt });
      this.loadFailures.add(file);
      this.log.error({ file, error: message }, 'provisioned file is invalid; the last valid version is kept');
    }
  }
}
