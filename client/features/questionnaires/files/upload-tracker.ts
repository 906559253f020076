import { useSyncExternalStore } from 'react';

/** Which file questions are uploading: the answer is not sent while one is. */
export class UploadTracker {
  private readonly active = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private snapshot = 0;

  begin(id: string) { this.active.add(id); this.changed(); }
  end(id: string) { this.active.delete(id); this.changed(); }
  get count() { return this.snapshot; }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  };

  private changed() {
    this.snapshot = this.active.size;
    for (const listener of this.listeners) listener();
  }
}

export const useUploadsInProgress = (tracker: UploadTracker) => useSyncExternalStore(tracker.subscribe, () => tracker.count);
