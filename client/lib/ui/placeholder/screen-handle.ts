/** What a route tells the screen it renders: its name, and where 'back' leads. */
export interface ScreenHandle {
  /** i18n key of the screen's name. */
  titleKey: string;
  back?: { titleKey: string; pattern: string };
}

export const isScreenHandle = (handle: unknown): handle is ScreenHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as ScreenHandle).titleKey === 'string';
