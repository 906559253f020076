/** Driving the interface editor the way a person does: pointer drags, its dialogs, its saved layout. */
import type { Page } from 'playwright-core';

export const editorGrid = (page: Page) => page.locator('[data-editor-grid]');
export const gridBlock = (page: Page, id: string) => page.locator(`[data-editor-grid] [data-block-id="${id}"]`);

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not visible`);
  return b;
}

/** Drags a palette entry and lets go with its start corner at (dx, dy) from the grid's top-left. */
export async function dragFromPalette(page: Page, type: string, dx: number, dy: number) {
  const source = await box(page, `[data-palette-type="${type}"]`);
  const grid = await box(page, '[data-editor-grid] .react-grid-layout');
  const grab = { x: 12, y: source.height / 2 };
  await page.mouse.move(source.x + grab.x, source.y + grab.y);
  await page.mouse.down();
  await page.mouse.move(source.x + grab.x + 20, source.y + grab.y + 10, { steps: 4 });
  await page.mouse.move(grid.x + dx + grab.x, grid.y + dy + grab.y, { steps: 20 });
  await page.mouse.up();
}

/** Drags an element by (dx, dy) pixels with the pointer. */
export async function dragBy(page: Page, selector: string, dx: number, dy: number) {
  // The pointer acts within the viewport: a block low on a long dashboard is scrolled to first, with room for the move.
  await page.evaluate(({ selector, dy }) => {
    const rect = document.querySelector(selector)!.getBoundingClientRect();
    if (rect.bottom + dy > window.innerHeight) window.scrollBy(0, rect.bottom + dy - window.innerHeight + 40);
  }, { selector, dy });
  const b = await box(page, selector);
  const start = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + dx, start.y + dy, { steps: 20 });
  await page.mouse.up();
}

/** Saves with a message through the toolbar and the save dialog. */
export async function saveWithMessage(page: Page, message: string, labels: { save: string }) {
  await page.locator('[data-layout-editor]').getByRole('button', { name: labels.save, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(message);
  await dialog.getByRole('button', { name: labels.save, exact: true }).click();
}

/** The layout the gateway serves for a page of the user's (first) structure, fetched with the page's session. */
export function servedLayout(page: Page, pageId: string, source: 'effective' | 'establishment' = 'establishment') {
  return page.evaluate(async ([p, s]) => {
    const entries = await (await fetch('/api/me/privileges')).json() as { establishment: { id: string } }[];
    const response = await fetch(`/ui/layouts/${p}?structure=${entries[0]!.establishment.id}&source=${s}`);
    return await response.json() as { blocks: { id: string; type: string; x: number; y: number; w: number; h: number; props: Record<string, unknown> }[] };
  }, [pageId, source] as const);
}
