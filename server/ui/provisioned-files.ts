/**
 * Provisioned layouts (Grafana's provisioning model): `layouts/<scope>/pages/<page>.json`, where
 * scope is `default`, an establishment identifier or a brand. Loaded at start, then watched: a
 * changed or added file is served within moments, without restart. An invalid file is reported
 * (path + reason) in status() and the logs, and its last valid version keeps being served.
 */
import { existsSync, readdirSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { LayoutDocument } from '../../../schemas/layout.ts';
import { parseLayout } from './validate.ts';

export interface ProvisionedLayout { scope: string; page: string; document: LayoutDocument; file: string }
export interface FileStatus { file: string; state: 'ok' | 'invalid'; error?: string; checkedAt: string }

const PAGE_FILE = /^([^/\\]+)[/\\]pages[/\\]([a-z][a-z0-9-]{0,62})\.json$/;

export class ProvisionedLayouts {
  private readonly layouts = new Map<string, ProvisionedLayout>();
  private readonly statuses = new Map<string, FileStatus>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly listeners = new Set<() => void>();
  private watcher?: FSWatcher;

  constructor(private readonly dir: string, private readonly log: FastifyBaseLogger, private readonly now = () => new Date()) {}

  /** Loads every page file, then watches the folder. */
  start(): void {
    if (!existsSync(this.dir)) return;
    for (const scope of readdirSync(this.dir, { withFileTypes: true })) {
      if (!scope.isDirectory()) continue;
      const pages = path.join(this.dir, scope.name, 'pages');
      if (!existsSync(pages)) continue;
      for (const file of readdirSync(pages)) if (file.endsWith('.json')) this.load(path.join(scope.name, 'pages', file));
    }
    this.watcher = watch(this.dir, { recursive: true }, (_event, name) => {
      if (!name || !PAGE_FILE.test(name)) return;
      // Editors write in several steps: read once the file has settled.
      clearTimeout(this.timers.get(name));
      this.timers.set(name, setTimeout(() => { this.timers.delete(name); this.load(name); this.emit(); }, 150));
    });
    this.watcher.on('error', (err) => this.log.error({ err }, 'layout watcher failed'));
  }

  close(): void {
    this.watcher?.close();
    for (const t of this.timers.values()) clearTimeout(t);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(scope: string, page: string): ProvisionedLayout | undefined {
    return this.layouts.get(`${scope}/${page}`);
  }

  status(): FileStatus[] {
    return [...this.statuses.values()].sort((a, b) => a.file.localeCompare(b.file));
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }

  /** `relative` is the path under the layouts folder, e.g. `chu-azur/pages/professional-dashboard.json`. */
  private load(relative: string): void {
    const match = PAGE_FILE.exec(relative);
    if (!match) return;
    const [, scope, page] = match as unknown as [string, string, string];
    const file = relative.split(path.sep).join('/');
    const absolute = path.join(this.dir, relative);
    const checkedAt = this.now().toISOString();
    if (!existsSync(absolute)) {
      this.layouts.delete(`${scope}/${page}`);
      this.statuses.delete(file);
      this.log.info({ file }, 'provisioned layout removed');
      return;
    }
    try {
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(absolute, 'utf8'));
      } catch (error) {
        throw new Error(`not valid JSON: ${(error as Error).message}`);
      }
      const document = parseLayout(json);
      if (document.page !== page) throw new Error(`/page: '${document.page}' does not match the file name '${page}.json'`);
      this.layouts.set(`${scope}/${page}`, { scope, page, document, file });
      this.statuses.set(file, { file, state: 'ok', checkedAt });
      this.log.info({ file }, 'provisioned layout loaded');
    } catch (error) {
      const message = (error as Error).message;
      this.statuses.set(file, { file, state: 'invalid', error: message, checkedAt });
      this.log.error({ file, error: message }, 'provisioned layout is invalid; the last valid version is kept');
    }
  }
}
