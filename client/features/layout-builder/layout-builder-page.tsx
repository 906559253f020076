/** The interface editor (issue 4): its screen comes in the next commits. */
export { NotAvailablePage as Component } from '../placeholder/not-available-page.tsx';
